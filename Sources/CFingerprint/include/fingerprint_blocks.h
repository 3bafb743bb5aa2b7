#ifndef SITEGEN_FINGERPRINT_BLOCKS_H
#define SITEGEN_FINGERPRINT_BLOCKS_H
/*
 * The block step of the build cache's checksum (StreamFingerprint in SitegenCore): four 64-bit lanes,
 * each 32-byte block adding to lane i the product of the low and high halves of its i-th word
 * (mixed with a constant) and to its neighbour lane (i ^ 1) the word itself. A word changed alone
 * always changes its neighbour's sum. With SSE2 two lanes go a step at a time; elsewhere the same
 * sums are made one lane at a time. Catches damage, not forgery.
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Adds `blocks` blocks of 32 bytes at `data` to `lanes`. */
void sitegen_fingerprint_blocks(uint64_t lanes[4], const uint8_t *data, size_t blocks);

#ifdef __cplusplus
}
#endif
#endif
