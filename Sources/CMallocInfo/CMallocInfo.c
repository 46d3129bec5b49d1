#include "CMallocInfo.h"

// Any libc header tells which C library this is.
#include <stdlib.h>

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>

size_t docscroll_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
#else
size_t docscroll_heap_in_use(void) {
    return 0;
}
#endif
