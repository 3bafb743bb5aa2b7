#ifndef SITEGEN_SHA256_CPU_H
#define SITEGEN_SHA256_CPU_H
/*
 * SHA-256 with the CPU's SHA extensions (x86-64 SHA-NI), for hashing what a build writes. Callers
 * fall back to a portable implementation when the CPU has none: both give the same digest.
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Whether sitegen_sha256_cpu can run on this CPU. */
int sitegen_sha256_cpu_available(void);

/* Writes the SHA-256 of `length` bytes at `data` into `digest` and returns 1; returns 0 and writes
   nothing when the CPU lacks the instructions. */
int sitegen_sha256_cpu(const uint8_t *data, size_t length, uint8_t digest[32]);

#ifdef __cplusplus
}
#endif
#endif
