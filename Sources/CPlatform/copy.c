// copy_file_range is a GNU extension that Swift's Glibc module does not show.
#define _GNU_SOURCE
#include <errno.h>
#include <unistd.h>
#include "CPlatform.h"

int journal_copy_file(int from, int to, long long length) {
    long long left = length;
#if defined(__linux__)
    // In the kernel: no copy through this process, and a reflink where the file system has them.
    // Where it is refused (an older kernel, another file system, a sandbox) or copies nothing at
    // the very start (some file systems say 0 instead of refusing), the loop below does it.
    while (left > 0) {
        ssize_t copied = copy_file_range(from, NULL, to, NULL, (size_t)left, 0);
        if (copied > 0) { left -= copied; continue; }
        if (copied < 0 && errno == EINTR) continue;
        if (copied == 0) {
            if (left == length) break;
            return -2;  // the file got shorter while being copied
        }
        if (left == length && (errno == EXDEV || errno == ENOSYS || errno == EINVAL || errno == EOPNOTSUPP || errno == EPERM || errno == EBADF)) break;
        return -1;
    }
#endif
    char buffer[1 << 16];
    while (left > 0) {
        ssize_t count = read(from, buffer, left < (long long)sizeof buffer ? (size_t)left : sizeof buffer);
        if (count < 0 && errno == EINTR) continue;
        if (count == 0) return -2;
        if (count < 0) return -1;
        ssize_t done = 0;
        while (done < count) {
            ssize_t wrote = write(to, buffer + done, (size_t)(count - done));
            if (wrote < 0 && errno == EINTR) continue;
            if (wrote == 0) { errno = EIO; return -1; }
            if (wrote < 0) return -1;
            done += wrote;
        }
        left -= count;
    }
    return 0;
}
