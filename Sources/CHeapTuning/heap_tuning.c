// glibc grows the heap of a thread's arena (every arena but the main one) exactly as far as each
// allocation needs, with one mprotect call per 4 KB page: a rebuild of a 10,000-page site made
// 4,300 of them, on both cores. The top pad also sets how large a new arena's heap starts, so with
// 64 MB it is mapped read-write once. That is address space only: pages are touched when used.
#include "heap_tuning.h"

#ifdef __linux__
#include <malloc.h>
#endif

void sitegen_grow_heaps_in_large_steps(void) {
#if defined(__GLIBC__) && defined(M_TOP_PAD)
    mallopt(M_TOP_PAD, 64 << 20);
#endif
}
