// malloc_trim is glibc's; Swift's Glibc module does not show malloc.h.
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif
#include "CPlatform.h"

void journal_return_freed_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}
