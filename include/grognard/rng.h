/* rng.h — the one seeded random generator of a game (xoshiro256**).
 *
 * A generator is held by its owner (a game, a command), never global. The
 * seed is kept so that it can be reported and recorded; the same seed gives
 * the same draws on every machine. Integers in a range are drawn by
 * rejection sampling, never by a biased modulo.
 * Ownership: grog_rng_create returns a handle the caller frees with
 * grog_rng_destroy (which accepts NULL). */
#ifndef GROGNARD_RNG_H
#define GROGNARD_RNG_H

#include <stdint.h>

typedef struct grog_rng grog_rng;

/* NULL when out of memory. Any 64-bit seed is valid (0 included). */
grog_rng *grog_rng_create(uint64_t seed);
void grog_rng_destroy(grog_rng *rng);
/* An independent copy in the same state (to try something and roll back);
 * NULL when out of memory. */
grog_rng *grog_rng_clone(const grog_rng *rng);

/* The seed the generator was created with. */
uint64_t grog_rng_seed(const grog_rng *rng);
/* How many 64-bit words have been drawn since creation. */
uint64_t grog_rng_draws(const grog_rng *rng);

uint64_t grog_rng_next(grog_rng *rng);
/* Uniform integer in [lo, hi] (lo <= hi), by rejection sampling. */
int64_t grog_rng_range(grog_rng *rng, int64_t lo, int64_t hi);

/* The four state words (for a game's snapshot: it goes on from there). */
void grog_rng_state(const grog_rng *rng, uint64_t out[4]);
/* A generator in a saved state: the seed it was created with, its four
 * state words and its draw count. NULL when out of memory or when the words
 * are all zero (a state xoshiro256** never reaches). */
grog_rng *grog_rng_restore(uint64_t seed, const uint64_t s[4], uint64_t draws);

#endif
