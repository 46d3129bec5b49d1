#include "CMallocInfo.h"

// Any libc header tells which C library this is.
#include <stdlib.h>

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <limits.h>
#include <malloc.h>

size_t docscroll_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

void docscroll_keep_freed_heap(void) {
    // Blocks of up to 32 MB (the most glibc allows) come from the heap, not from
    // mappings of their own, and freed memory is never trimmed from the heap's top.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, INT_MAX);
}

void docscroll_map_blocks_apart(size_t bytes) {
    mallopt(M_MMAP_THRESHOLD, bytes > INT_MAX ? INT_MAX : (int)bytes);
}
#else
size_t docscroll_heap_in_use(void) {
    return 0;
}

void docscroll_keep_freed_heap(void) {}

void docscroll_map_blocks_apart(size_t bytes) {
    (void)bytes;
}
#endif
