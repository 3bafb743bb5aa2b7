#ifndef SITEGEN_CMARK_ARENA_H
#define SITEGEN_CMARK_ARENA_H

/* A cmark_mem allocator that bumps through the calling thread's own chunks and frees nothing until
 * sitegen_cmark_arena_reset: a parsed page is thousands of small nodes and buffers, all freed
 * together. The pointer is to a `cmark_mem` (void here so that this header needs no cmark.h). Every
 * node of a tree must come from the one thread that reset the arena last, and nothing allocated
 * since may be used after the next reset. */
void *sitegen_cmark_arena_mem(void);

/* Makes the calling thread's chunks free for reuse (they stay allocated for the next page, and are
   freed when the thread exits). */
void sitegen_cmark_arena_reset(void);

#endif
