/* SHA-256 compression (FIPS 180-4 §6.2.2) with the x86 SHA extensions,
   written from Intel's instruction descriptions (SDM vol. 2, SHA256RNDS2,
   SHA256MSG1, SHA256MSG2). Why a C kernel and how it is chosen:
   docs/decisions.md, "SHA-256 compresses with the CPU's SHA instructions". */
#include "CFramesSHA.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__clang__) || defined(__GNUC__))

#include <cpuid.h>
#include <immintrin.h>

/* Only these functions are compiled for the extensions, so the library
   still loads and runs on a CPU without them: the caller asks first. */
#define CFRAMES_SHA_TARGET __attribute__((target("sha,sse4.1,ssse3")))

/* CPUID bits: leaf 1 ECX (SSSE3 9, SSE4.1 19), leaf 7 subleaf 0 EBX (SHA 29). */
#define CFRAMES_CPUID1_ECX_SSSE3 (1u << 9)
#define CFRAMES_CPUID1_ECX_SSE41 (1u << 19)
#define CFRAMES_CPUID7_EBX_SHA (1u << 29)

static int cframes_sha256_cpu_detect(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned int sse = CFRAMES_CPUID1_ECX_SSSE3 | CFRAMES_CPUID1_ECX_SSE41;
    if ((ecx & sse) != sse) return 0;
    /* __get_cpuid_count checks the highest leaf first: a CPU without leaf 7
       answers 0 rather than the data of another leaf. */
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx & CFRAMES_CPUID7_EBX_SHA) != 0;
}

/* 0: not asked yet, 1: absent, 2: present. Threads that race on the first
   call each ask CPUID and store the same answer, so relaxed atomics are
   enough (and keep TSan quiet). */
static int cframes_sha256_cpu_state;

int cframes_sha256_cpu_available(void) {
    int known = __atomic_load_n(&cframes_sha256_cpu_state, __ATOMIC_RELAXED);
    if (known == 0) {
        known = cframes_sha256_cpu_detect() ? 2 : 1;
        __atomic_store_n(&cframes_sha256_cpu_state, known, __ATOMIC_RELAXED);
    }
    return known == 2;
}

static const uint32_t cframes_sha256_k[64] __attribute__((aligned(16))) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

/* Four rounds. SHA256RNDS2 takes the working variables as two vectors,
   {A,B,E,F} and {C,D,G,H} (A in the top lane), and W[t]+K[t] of two rounds
   in the low lanes of its third operand; it returns the new {A,B,E,F}.
   After two rounds the new {C,D,G,H} is the old {A,B,E,F}, so the two
   vectors swap roles each call instead of being moved. */
CFRAMES_SHA_TARGET __attribute__((always_inline)) static inline void
cframes_sha256_four_rounds(__m128i *abef, __m128i *cdgh, __m128i schedule, const uint32_t *k) {
    const __m128i wk = _mm_add_epi32(schedule, _mm_load_si128((const __m128i *)k));
    *cdgh = _mm_sha256rnds2_epu32(*cdgh, *abef, wk);
    *abef = _mm_sha256rnds2_epu32(*abef, *cdgh, _mm_shuffle_epi32(wk, 0x0e));
}

CFRAMES_SHA_TARGET void cframes_sha256_cpu_compress(uint32_t state[8], const uint8_t *blocks, size_t count) {
    if (!cframes_sha256_cpu_available()) return;
    /* {a,b,c,d} and {e,f,g,h} (lane 0 first) into {f,e,b,a} and {h,g,d,c}. */
    const __m128i abcd = _mm_loadu_si128((const __m128i *)state);
    const __m128i efgh = _mm_loadu_si128((const __m128i *)(state + 4));
    const __m128i badc = _mm_shuffle_epi32(abcd, 0xb1);
    const __m128i hgfe = _mm_shuffle_epi32(efgh, 0x1b);
    __m128i abef = _mm_alignr_epi8(badc, hgfe, 8);
    __m128i cdgh = _mm_blend_epi16(hgfe, badc, 0xf0);
    /* The message words are big-endian: reverse the bytes of each lane. */
    const __m128i big_endian = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);

    for (; count > 0; count--, blocks += 64) {
        const __m128i abef_in = abef, cdgh_in = cdgh;
        /* w[i & 3] holds W[4i..4i+3]; the schedule of the next four words
           overwrites the four words sixteen back, the last ones it reads. */
        __m128i w[4];
        for (int i = 0; i < 4; i++) {
            w[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16 * i)), big_endian);
        }
        /* Unrolled, so w[] lives in registers and the branch folds away. */
#pragma GCC unroll 16
        for (int i = 0; i < 16; i++) {
            if (i >= 4) {
                /* W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]:
                   MSG1 gives W[t-16] + σ0(W[t-15]) for four t, the
                   W[t-7] are W[4i-7..4i-4] (the two vectors before,
                   shifted by a word), and MSG2 adds σ1 of words it
                   computes itself for the upper two lanes. */
                const __m128i older = _mm_sha256msg1_epu32(w[i & 3], w[(i + 1) & 3]);
                const __m128i seven_back = _mm_alignr_epi8(w[(i + 3) & 3], w[(i + 2) & 3], 4);
                w[i & 3] = _mm_sha256msg2_epu32(_mm_add_epi32(older, seven_back), w[(i + 3) & 3]);
            }
            cframes_sha256_four_rounds(&abef, &cdgh, w[i & 3], cframes_sha256_k + 4 * i);
        }
        abef = _mm_add_epi32(abef, abef_in);
        cdgh = _mm_add_epi32(cdgh, cdgh_in);
    }

    /* Back to {a,b,c,d} and {e,f,g,h}. */
    const __m128i abef_rev = _mm_shuffle_epi32(abef, 0x1b); /* {a,b,e,f} */
    const __m128i ghcd = _mm_shuffle_epi32(cdgh, 0xb1);     /* {g,h,c,d} */
    _mm_storeu_si128((__m128i *)state, _mm_blend_epi16(abef_rev, ghcd, 0xf0));
    _mm_storeu_si128((__m128i *)(state + 4), _mm_alignr_epi8(ghcd, abef_rev, 8));
}

#else

/* No kernel for this architecture or compiler: the portable Swift rounds
   run (Support/SHA256.swift). */
int cframes_sha256_cpu_available(void) { return 0; }

void cframes_sha256_cpu_compress(uint32_t state[8], const uint8_t *blocks, size_t count) {
    (void)state;
    (void)blocks;
    (void)count;
}

#endif
