#ifndef JOURNAL_CPLATFORM_H
#define JOURNAL_CPLATFORM_H

#include <stddef.h>
#include <stdint.h>

/// Swaps two paths in one atomic step (both must exist). Returns 0, or -1 with errno set;
/// errno is ENOSYS or EINVAL where the system or the file system cannot swap.
int journal_exchange_paths(const char *first, const char *second);

/// Flushes to disk everything written to the file system that holds the open file or folder
/// (syncfs on Linux: one flush for thousands of files); elsewhere only that file (fsync).
/// Returns 0, or -1 with errno set.
int journal_sync_filesystem(int descriptor);

/// Copies `length` bytes from the current offset of `from` to that of `to`: in the kernel where it
/// can (copy_file_range on Linux, a reflink on file systems that share blocks), else read and
/// written. Returns 0; -2 when `from` ends before `length` (it got shorter meanwhile); or -1
/// with errno set.
int journal_copy_file(int from, int to, long long length);

/// Where `needle` first starts in `bytes` (memmem), or -1 when it is not there.
long journal_find_bytes(const void *bytes, size_t length, const void *needle, size_t needle_length);

/// The CRC-32 of `length` bytes (ISO 3309: zip's and PNG's).
uint32_t journal_crc32(const void *bytes, size_t length);

/// Removes `path` (a folder with all it holds, links removed and never followed), spending at
/// most about `seconds`. Returns 0 when it is gone (or was never there), 1 when time ran out
/// first (part of it is left), -1 when something could not be removed.
int journal_remove_tree(const char *path, double seconds);

/// Starts `/bin/rm -rf -- path` in a session of its own, which outlives this process and a
/// terminal's Ctrl-C. Returns its process id, or -1 if it could not be started.
int journal_remove_detached(const char *path);

/// Gives the heap memory freed so far back to the system (glibc's malloc_trim); does nothing
/// elsewhere.
void journal_return_freed_memory(void);

#endif
