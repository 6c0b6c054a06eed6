// syncfs is a GNU extension that Swift's Glibc module does not show.
#define _GNU_SOURCE
#include <unistd.h>
#include "CPlatform.h"

int journal_sync_filesystem(int descriptor) {
#if defined(__linux__)
    return syncfs(descriptor);
#else
    return fsync(descriptor);
#endif
}
