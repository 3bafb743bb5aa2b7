// htmlscan_find: memmem, declared by <string.h> only under _GNU_SOURCE (glibc) and on Darwin.
#define _GNU_SOURCE
#include "htmlscan.h"
#include <string.h>

size_t htmlscan_find(const void *bytes, size_t length, const void *needle, size_t needle_length) {
    if (needle_length == 0 || needle_length > length) return length;
    const void *hit = memmem(bytes, length, needle, needle_length);
    return hit ? (size_t)((const char *)hit - (const char *)bytes) : length;
}
