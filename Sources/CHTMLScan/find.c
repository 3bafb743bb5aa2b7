// htmlscan_find: a needle's first and last bytes compared at 16 positions a step (SSE2), each
// position where both match then compared whole. glibc's memmem goes a byte at a time, and memchr
// to the first byte stops at every occurrence of a common one (every `n` of a page).
#include "htmlscan.h"
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

size_t htmlscan_find(const void *bytes, size_t length, const void *needle, size_t needle_length) {
    if (needle_length == 0 || needle_length > length) return length;
    const unsigned char *haystack = bytes;
    const unsigned char *wanted = needle;
    const size_t last = needle_length - 1;
    const size_t starts = length - last; /* positions a match can start at */
    size_t at = 0;
#if defined(__SSE2__)
    const __m128i first = _mm_set1_epi8((char)wanted[0]);
    const __m128i final = _mm_set1_epi8((char)wanted[last]);
    for (; at + 16 <= starts; at += 16) {
        __m128i head = _mm_loadu_si128((const __m128i *)(haystack + at));
        __m128i tail = _mm_loadu_si128((const __m128i *)(haystack + at + last));
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(head, first), _mm_cmpeq_epi8(tail, final)));
        while (mask) {
            unsigned bit = (unsigned)__builtin_ctz(mask);
            if (memcmp(haystack + at + bit, wanted, needle_length) == 0) return at + bit;
            mask &= mask - 1;
        }
    }
#endif
    for (; at < starts; at++) {
        if (haystack[at] == wanted[0] && haystack[at + last] == wanted[last] &&
            memcmp(haystack + at, wanted, needle_length) == 0)
            return at;
    }
    return length;
}
