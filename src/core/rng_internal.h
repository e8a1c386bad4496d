/* rng_internal.h — the generator's state and its draws, inline, for the
 * library's hot paths (dice rolls); everyone else uses rng.h.
 *
 * xoshiro256** with a draw counter. grog_rng_draw_below is the one way an
 * integer range is drawn: the smallest power-of-two mask covering the span,
 * values beyond the span rejected and drawn again. The sequence of draws is
 * part of every recorded game (same seed, same rolls), so this method must
 * never change: a faster method (Lemire's multiply-shift, say) gives other
 * numbers for the same seed and would break every journal already kept. */
#ifndef GROG_RNG_INTERNAL_H
#define GROG_RNG_INTERNAL_H

#include <stdint.h>

#include "grognard/rng.h"

struct grog_rng {
    uint64_t s[4];
    uint64_t seed;
    uint64_t draws;
};

/* The functions on the rolling paths (grog_rng_next, grog_dice_roll and its
 * short paths) start on a cache line (64 bytes): where a short hot loop or
 * function lies relative to the processor's 32- and 64-byte fetch blocks
 * changes its speed by 10-20%, and otherwise depends on whatever code the
 * linker happens to put before it. Aligned, every program (the engine,
 * the CLI, bench_dice) gets the same layout of them. */
#if defined(__GNUC__)
#define GROG_RNG_HOT __attribute__((aligned(64)))
#else
#define GROG_RNG_HOT
#endif

static inline uint64_t grog_rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* One step of xoshiro256** on the words a, b, c, d of a state: returns
 * the output of the state before the step. Inline on separate words so a
 * caller may keep a state in registers over several draws. */
static inline uint64_t grog_rng_step(uint64_t *a, uint64_t *b, uint64_t *c, uint64_t *d)
{
    uint64_t result = grog_rng_rotl(*b * 5, 7) * 9;
    uint64_t t = *b << 17;
    *c ^= *a;
    *d ^= *b;
    *b ^= *c;
    *a ^= *d;
    *c ^= t;
    *d = grog_rng_rotl(*d, 45);
    return result;
}

static inline uint64_t grog_rng_draw(grog_rng *rng)
{
    rng->draws++;
    return grog_rng_step(&rng->s[0], &rng->s[1], &rng->s[2], &rng->s[3]);
}

/* The mask of grog_rng_draw_below for a span (hi - lo). */
static inline uint64_t grog_rng_mask(uint64_t span)
{
#if defined(__GNUC__)
    if (span != 0)
        return ~(uint64_t)0 >> __builtin_clzll(span); /* one instruction, not eleven */
#endif
    uint64_t mask = span;
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    mask |= mask >> 16;
    mask |= mask >> 32;
    return mask;
}

/* A uniform value in 0..span, mask = grog_rng_mask(span). */
static inline uint64_t grog_rng_draw_below(grog_rng *rng, uint64_t span, uint64_t mask)
{
    uint64_t v;
    do
        v = grog_rng_draw(rng) & mask;
    while (v > span);
    return v;
}

#endif
