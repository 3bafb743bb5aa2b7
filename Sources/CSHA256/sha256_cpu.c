// SHA-256 (FIPS 180-4) on the x86 SHA extensions: four rounds per pair of SHA256RNDS2, the message
// schedule with SHA256MSG1/MSG2. The state is kept as the instructions want it, ABEF and CDGH.
#include "sha256_cpu.h"
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

static const uint32_t round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

__attribute__((target("sha,sse4.1,ssse3"))) static void compress(uint32_t state[8], const uint8_t *data, size_t blocks) {
    const __m128i big_endian = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i low = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[0]), 0xB1);  /* C D A B */
    __m128i high = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[4]), 0x1B); /* E F G H */
    __m128i abef = _mm_alignr_epi8(low, high, 8);
    __m128i cdgh = _mm_blend_epi16(high, low, 0xF0);
    for (; blocks > 0; blocks--, data += 64) {
        const __m128i saved_abef = abef, saved_cdgh = cdgh;
        __m128i w[4];
        for (int i = 0; i < 4; i++) w[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * i)), big_endian);
        for (int i = 0; i < 16; i++) {
            if (i >= 4) {
                /* w holds W[i-4..i-1] as a ring: W[i] = msg2(msg1(W[i-4], W[i-3]) + W[t-7..t-4], W[i-1]). */
                __m128i next = _mm_sha256msg1_epu32(w[i & 3], w[(i + 1) & 3]);
                next = _mm_add_epi32(next, _mm_alignr_epi8(w[(i + 3) & 3], w[(i + 2) & 3], 4));
                w[i & 3] = _mm_sha256msg2_epu32(next, w[(i + 3) & 3]);
            }
            __m128i k = _mm_add_epi32(w[i & 3], _mm_loadu_si128((const __m128i *)&round_constants[4 * i]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, k);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(k, 0x0E));
        }
        abef = _mm_add_epi32(abef, saved_abef);
        cdgh = _mm_add_epi32(cdgh, saved_cdgh);
    }
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0)); /* D C B A */
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));   /* H G F E */
}

int sitegen_sha256_cpu_available(void) {
    static int known = -1;
    int value = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (value >= 0) return value;
    unsigned a, b, c, d;
    int sse = __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 19)) && (c & (1u << 9));
    int sha = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 29));
    value = sse && sha;
    __atomic_store_n(&known, value, __ATOMIC_RELAXED);
    return value;
}

int sitegen_sha256_cpu(const uint8_t *data, size_t length, uint8_t digest[32]) {
    if (!sitegen_sha256_cpu_available()) return 0;
    uint32_t state[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    size_t whole = length / 64, rest = length % 64;
    compress(state, data, whole);
    uint8_t tail[128];
    memset(tail, 0, sizeof tail);
    if (rest) memcpy(tail, data + 64 * whole, rest);
    tail[rest] = 0x80;
    size_t tail_blocks = rest + 9 <= 64 ? 1 : 2;
    uint64_t bits = (uint64_t)length * 8;
    for (int i = 0; i < 8; i++) tail[64 * tail_blocks - 1 - i] = (uint8_t)(bits >> (8 * i));
    compress(state, tail, tail_blocks);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)state[i];
    }
    return 1;
}

#else

int sitegen_sha256_cpu_available(void) { return 0; }

int sitegen_sha256_cpu(const uint8_t *data, size_t length, uint8_t digest[32]) {
    (void)data;
    (void)length;
    (void)digest;
    return 0;
}

#endif
