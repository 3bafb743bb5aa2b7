#ifndef SITEGEN_HEAP_TUNING_H
#define SITEGEN_HEAP_TUNING_H

/* Lets glibc grow each thread's heap in 64 MB steps of address space instead of one page at a
 * time; for processes that allocate fast on every core and exit. Does nothing without glibc. */
void sitegen_grow_heaps_in_large_steps(void);

#endif
