#ifndef DOCSCROLL_CMALLOCINFO_H
#define DOCSCROLL_CMALLOCINFO_H

#include <stddef.h>

/// Bytes the C allocator has handed out and not taken back (glibc mallinfo2: in use
/// in every arena, plus blocks mapped on their own); 0 where mallinfo2 is missing.
size_t docscroll_heap_in_use(void);

#endif
