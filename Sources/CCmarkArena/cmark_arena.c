// The per-thread bump allocator behind sitegen_cmark_arena_mem. cmark allocates every node, every
// buffer and the rendered HTML through a cmark_mem, which has no context pointer: hence the
// thread-local state. Each block carries its size in a 16-byte header, so that realloc can extend
// the newest block in place (cmark grows its buffers by doubling) and copy any other.
#include "cmark_arena.h"

#include <cmark.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { header = 16, chunk_size = 1 << 20 };

typedef struct chunk {
    struct chunk *next;
    size_t size;
    size_t used;
    _Alignas(16) unsigned char data[];
} chunk;

static _Thread_local chunk *first;
static _Thread_local chunk *current;

/* A thread's chunks are freed when it exits: `sitegen serve` rebuilds on whatever worker threads
   the system runs, and those come and go. The key's value is the thread's first chunk. */
static pthread_key_t chunks_key;
static pthread_once_t chunks_key_once = PTHREAD_ONCE_INIT;

static void free_chunks(void *list) {
    for (chunk *c = list, *next; c != NULL; c = next) {
        next = c->next;
        free(c);
    }
}

static void make_chunks_key(void) { (void)pthread_key_create(&chunks_key, free_chunks); }

static void out_of_memory(void) {
    fputs("sitegen: out of memory while parsing Markdown\n", stderr);
    abort();
}

static size_t rounded(size_t size) {
    if (size > SIZE_MAX - header - 15) out_of_memory();
    return (size + header + 15) & ~(size_t)15;
}

/* The next chunk with room for `need` bytes: a reset one after `current`, or a new one. */
static chunk *room_for(size_t need) {
    while (current != NULL && current->next != NULL) {
        current = current->next;
        if (current->size - current->used >= need) return current;
    }
    size_t size = need > chunk_size ? need : chunk_size;
    chunk *made = malloc(sizeof(chunk) + size);
    if (made == NULL) out_of_memory();
    made->next = NULL;
    made->size = size;
    made->used = 0;
    if (current == NULL) {
        first = made;
        pthread_once(&chunks_key_once, make_chunks_key);
        (void)pthread_setspecific(chunks_key, made);
    } else {
        made->next = current->next;
        current->next = made;
    }
    current = made;
    return made;
}

static void *allocate(size_t size) {
    size_t need = rounded(size);
    chunk *c = current;
    if (c == NULL || c->size - c->used < need) c = room_for(need);
    unsigned char *block = c->data + c->used;
    c->used += need;
    *(size_t *)block = size;
    return block + header;
}

static void *arena_calloc(size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / size) out_of_memory();
    void *block = allocate(count * size);
    memset(block, 0, count * size);
    return block;
}

static void *arena_realloc(void *pointer, size_t size) {
    if (pointer == NULL) return allocate(size);
    unsigned char *block = (unsigned char *)pointer - header;
    size_t old = *(size_t *)block;
    if (size <= old) return pointer;
    chunk *c = current;
    size_t old_need = rounded(old), need = rounded(size);
    if (c != NULL && block + old_need == c->data + c->used && c->size - (size_t)(block - c->data) >= need) {
        c->used = (size_t)(block - c->data) + need;
        *(size_t *)block = size;
        return pointer;
    }
    void *moved = allocate(size);
    memcpy(moved, pointer, old);
    return moved;
}

static void arena_free(void *pointer) { (void)pointer; }

static cmark_mem arena_mem = {arena_calloc, arena_realloc, arena_free};

void *sitegen_cmark_arena_mem(void) { return &arena_mem; }

void sitegen_cmark_arena_reset(void) {
    for (chunk *c = first; c != NULL; c = c->next) c->used = 0;
    current = first;
}
