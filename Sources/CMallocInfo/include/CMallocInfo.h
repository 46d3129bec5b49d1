#ifndef DOCSCROLL_CMALLOCINFO_H
#define DOCSCROLL_CMALLOCINFO_H

#include <stddef.h>

/// Bytes the C allocator has handed out and not taken back (glibc mallinfo2: in use
/// in every arena, plus blocks mapped on their own); 0 where mallinfo2 is missing.
size_t docscroll_heap_in_use(void);

/// Makes the C allocator keep memory freed for the next blocks asked for, instead of
/// giving it back to the kernel (glibc: no mapping of its own for a block of up to
/// 32 MB, no trimming of the heap); nothing elsewhere.
void docscroll_keep_freed_heap(void);

/// Makes the C allocator map every block of `bytes` or more on its own, and unmap it
/// when it is freed (glibc: a fixed M_MMAP_THRESHOLD, which otherwise rises to the
/// largest block freed, up to 32 MB, keeping such blocks in the heap once freed);
/// nothing elsewhere.
void docscroll_map_blocks_apart(size_t bytes);

#endif
