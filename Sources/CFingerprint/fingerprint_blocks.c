// The build cache's checksum, a block at a time: see fingerprint_blocks.h.
#include "fingerprint_blocks.h"
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static const uint64_t keys[4] = {
    0x9E3779B97F4A7C15ull, 0xC2B2AE3D27D4EB4Full, 0x165667B19E3779F9ull, 0xD6E8FEB86659FD93ull,
};

void sitegen_fingerprint_blocks(uint64_t lanes[4], const uint8_t *data, size_t blocks) {
#if defined(__SSE2__)
    __m128i low = _mm_loadu_si128((const __m128i *)lanes);
    __m128i high = _mm_loadu_si128((const __m128i *)(lanes + 2));
    const __m128i lowKeys = _mm_loadu_si128((const __m128i *)keys);
    const __m128i highKeys = _mm_loadu_si128((const __m128i *)(keys + 2));
    for (size_t block = 0; block < blocks; block++, data += 32) {
        __m128i first = _mm_loadu_si128((const __m128i *)data);
        __m128i second = _mm_loadu_si128((const __m128i *)(data + 16));
        __m128i firstMixed = _mm_xor_si128(first, lowKeys);
        __m128i secondMixed = _mm_xor_si128(second, highKeys);
        // Each word's low half times its high half (moved down), as 64-bit products.
        low = _mm_add_epi64(low, _mm_mul_epu32(firstMixed, _mm_shuffle_epi32(firstMixed, 0x31)));
        high = _mm_add_epi64(high, _mm_mul_epu32(secondMixed, _mm_shuffle_epi32(secondMixed, 0x31)));
        // Each word to its neighbour lane: the two halves swapped.
        low = _mm_add_epi64(low, _mm_shuffle_epi32(first, 0x4E));
        high = _mm_add_epi64(high, _mm_shuffle_epi32(second, 0x4E));
    }
    _mm_storeu_si128((__m128i *)lanes, low);
    _mm_storeu_si128((__m128i *)(lanes + 2), high);
#else
    for (size_t block = 0; block < blocks; block++, data += 32) {
        uint64_t words[4];
        memcpy(words, data, 32);
        for (int lane = 0; lane < 4; lane++) {
            uint64_t mixed = words[lane] ^ keys[lane];
            lanes[lane] += (mixed & 0xFFFFFFFFull) * (mixed >> 32);
            lanes[lane ^ 1] += words[lane];
        }
    }
#endif
}
