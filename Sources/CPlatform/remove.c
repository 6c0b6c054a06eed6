// Removing a folder against a deadline, and handing what is left to a process that outlives us.
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "CPlatform.h"

static double journal_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

// Empties the folder open as `folder` (closed here): 0 emptied, 1 out of time, -1 something stayed.
// The clock is looked at every 32 entries, counted in `count` across the whole tree.
// Links are removed, never followed (O_NOFOLLOW, and unlinkat removes a link itself).
static int journal_empty_folder(int folder, double deadline, long *count, int depth) {
    DIR *listing = fdopendir(folder);
    if (listing == NULL) {
        close(folder);
        return -1;
    }
    int result = 0;
    struct dirent *entry;
    while ((entry = readdir(listing)) != NULL) {
        const char *name = entry->d_name;
        if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) continue;
        if ((++*count & 31) == 0 && journal_now() > deadline) {
            result = 1;
            break;
        }
        // Gone already (another removal at the same time) counts as removed.
        if (unlinkat(dirfd(listing), name, 0) == 0 || errno == ENOENT) continue;
        // A folder: Linux says EISDIR, POSIX allows EPERM.
        if ((errno != EISDIR && errno != EPERM) || depth >= 256) {
            result = -1;
            continue;
        }
        int child = openat(dirfd(listing), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (child < 0) {
            if (errno != ENOENT) result = -1;
            continue;
        }
        int inner = journal_empty_folder(child, deadline, count, depth + 1);
        if (inner == 1) {
            result = 1;
            break;
        }
        if (unlinkat(dirfd(listing), name, AT_REMOVEDIR) != 0 && errno != ENOENT) result = -1;
    }
    closedir(listing);
    return result;
}

int journal_remove_tree(const char *path, double seconds) {
    double deadline = journal_now() + seconds;
    struct stat status;
    if (lstat(path, &status) != 0) return errno == ENOENT ? 0 : -1;
    if (!S_ISDIR(status.st_mode)) return unlink(path) == 0 || errno == ENOENT ? 0 : -1;
    long count = 0;
    int result = -1;
    // Removing entries while reading a folder may skip some on a few file systems: a folder
    // left not empty is read again, three times at most.
    for (int pass = 0; pass < 3; pass++) {
        int folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (folder < 0) return errno == ENOENT ? 0 : -1;
        result = journal_empty_folder(folder, deadline, &count, 0);
        if (result == 1) return 1;
        if (rmdir(path) == 0 || errno == ENOENT) return 0;
        result = -1;
    }
    return result;
}

int journal_remove_detached(const char *path) {
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_t actions;
    if (posix_spawnattr_init(&attributes) != 0) return -1;
    if (posix_spawn_file_actions_init(&actions) != 0) {
        posix_spawnattr_destroy(&attributes);
        return -1;
    }
    // A session of its own, so a terminal's next Ctrl-C or hang-up does not reach it; every
    // signal unblocked, and the ones a stop or a closed pipe sends at their defaults; none of
    // this process's files open in it.
    sigset_t none, stops;
    sigemptyset(&none);
    sigemptyset(&stops);
    sigaddset(&stops, SIGINT);
    sigaddset(&stops, SIGTERM);
    sigaddset(&stops, SIGHUP);
    sigaddset(&stops, SIGPIPE);
    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
#ifdef POSIX_SPAWN_SETSID
    flags |= POSIX_SPAWN_SETSID;
#endif
    int failed = posix_spawnattr_setflags(&attributes, flags)
        || posix_spawnattr_setsigmask(&attributes, &none)
        || posix_spawnattr_setsigdefault(&attributes, &stops)
        || posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        || posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        || posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    if (!failed) failed = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#endif
    pid_t child = 0;
    if (!failed) {
        char *arguments[] = {"rm", "-rf", "--", (char *)path, NULL};
        char *environment[] = {NULL};
        // /bin/rm on most systems; /usr/bin/rm where /bin is not (NixOS has neither: then the
        // caller removes the folder itself).
        failed = posix_spawn(&child, "/bin/rm", &actions, &attributes, arguments, environment);
        if (failed) failed = posix_spawn(&child, "/usr/bin/rm", &actions, &attributes, arguments, environment);
    }
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return failed ? -1 : (int)child;
}
