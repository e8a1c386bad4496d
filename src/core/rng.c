/* rng.c — xoshiro256** seeded through splitmix64.
 *
 * The state is four 64-bit words, never all zero (splitmix64 of any seed
 * guarantees it). grog_rng_range draws the smallest power-of-two mask that
 * covers the span and rejects values beyond it, so every integer of the range
 * is exactly equally likely; the draws themselves are inline in
 * rng_internal.h, shared with the dice. */
#include <stdlib.h>

#include "grognard/rng.h"
#include "rng_internal.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

grog_rng *grog_rng_create(uint64_t seed)
{
    grog_rng *rng = malloc(sizeof *rng);
    if (rng == NULL)
        return NULL;
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&x);
    rng->seed = seed;
    rng->draws = 0;
    return rng;
}

void grog_rng_destroy(grog_rng *rng)
{
    free(rng);
}

grog_rng *grog_rng_clone(const grog_rng *rng)
{
    grog_rng *c = malloc(sizeof *c);
    if (c != NULL)
        *c = *rng;
    return c;
}

uint64_t grog_rng_seed(const grog_rng *rng)
{
    return rng->seed;
}

uint64_t grog_rng_draws(const grog_rng *rng)
{
    return rng->draws;
}

GROG_RNG_HOT uint64_t grog_rng_next(grog_rng *rng)
{
    return grog_rng_draw(rng);
}

int64_t grog_rng_range(grog_rng *rng, int64_t lo, int64_t hi)
{
    if (hi <= lo)
        return lo;
    uint64_t span = (uint64_t)hi - (uint64_t)lo;
    return (int64_t)((uint64_t)lo + grog_rng_draw_below(rng, span, grog_rng_mask(span)));
}

/* ---- a snapshot's generator (snapshot.c): the whole state out and back in ---- */

void grog_rng_state(const grog_rng *rng, uint64_t out[4])
{
    for (int i = 0; i < 4; i++)
        out[i] = rng->s[i];
}

grog_rng *grog_rng_restore(uint64_t seed, const uint64_t s[4], uint64_t draws)
{
    if ((s[0] | s[1] | s[2] | s[3]) == 0)
        return NULL; /* xoshiro's one forbidden state */
    grog_rng *rng = malloc(sizeof *rng);
    if (rng == NULL)
        return NULL;
    for (int i = 0; i < 4; i++)
        rng->s[i] = s[i];
    rng->seed = seed;
    rng->draws = draws;
    return rng;
}
