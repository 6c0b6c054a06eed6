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

/// The CRC-32 of `length` bytes (ISO 3309: zip's and PNG's).
uint32_t journal_crc32(const void *bytes, size_t length);

#endif
