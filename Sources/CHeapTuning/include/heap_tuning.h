#ifndef SITEGEN_HEAP_TUNING_H
#define SITEGEN_HEAP_TUNING_H

/* Sets glibc's allocator up for a process that allocates fast on every core and exits: heaps grow
 * in 64 MB steps of address space, and the heaps the next threads will use are marked for
 * transparent huge pages (see heap_tuning.c). Call it before other threads allocate. Does nothing
 * without glibc. */
void sitegen_tune_heaps(void);

#endif
