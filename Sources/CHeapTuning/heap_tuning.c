// How glibc's allocator is set up for sitegen's one-shot commands, which allocate fast on every core
// and exit. Two things, measured on a rebuild of one page of a 10,000-page site:
//
// - A top pad of 64 MB. glibc grows the heap of a thread's arena (every arena but the main one)
//   exactly as far as each allocation needs, one mprotect call per 4 KB: 4,300 calls. The pad also
//   sets how large a new arena's heap starts, so it is made read-write once. Address space only:
//   pages are touched when used.
// - Transparent huge pages for the heaps the worker threads will use, which glibc asks for only
//   when the GLIBC_TUNABLES environment variable says so (glibc.malloc.hugetlb=1): 11,800 page
//   faults become 1,300. A process cannot set that tunable for itself, so the arenas are made
//   ahead: threads that run at once each get an arena of their own, whose heap is aligned to its
//   largest size (64 MB on 64-bit systems); each marks that heap MADV_HUGEPAGE and exits, and glibc
//   hands the arenas of exited threads to the next threads that allocate (the worker threads).
//   Without glibc, or should glibc do otherwise, nothing changes but the speed.
#include "heap_tuning.h"

#ifdef __linux__
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#endif

#if defined(__GLIBC__) && defined(M_TOP_PAD)
#define ARENAS_AHEAD 8
static const uintptr_t heap_max = 2 * 4 * 1024 * 1024 * sizeof(long);
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int claimed = 0;
static int released = 0;

static void *claim_arena(void *unused) {
    (void)unused;
    void *block = malloc(64);
    if (block != NULL) {
        uintptr_t heap = (uintptr_t)block & ~(heap_max - 1);
        madvise((void *)heap, heap_max, MADV_HUGEPAGE);
    }
    // Alive until every thread has its arena, so that no two share one.
    pthread_mutex_lock(&lock);
    claimed++;
    pthread_cond_broadcast(&changed);
    while (!released) pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
    free(block);
    return NULL;
}
#endif

void sitegen_tune_heaps(void) {
#if defined(__GLIBC__) && defined(M_TOP_PAD)
    mallopt(M_TOP_PAD, (int)heap_max);
    pthread_t threads[ARENAS_AHEAD];
    int started = 0;
    while (started < ARENAS_AHEAD && pthread_create(&threads[started], NULL, claim_arena, NULL) == 0) started++;
    pthread_mutex_lock(&lock);
    while (claimed < started) pthread_cond_wait(&changed, &lock);
    released = 1;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    for (int index = 0; index < started; index++) pthread_join(threads[index], NULL);
#endif
}
