// Finding bytes in bytes, at the speed of the C library.
#define _GNU_SOURCE
#include <string.h>
#include "CPlatform.h"

long journal_find_bytes(const void *bytes, size_t length, const void *needle, size_t needle_length) {
    if (needle_length == 0 || needle_length > length) return -1;
    const char *found = memmem(bytes, length, needle, needle_length);
    return found == NULL ? -1 : (long)(found - (const char *)bytes);
}
