/* fuzz_dice.c — libFuzzer target for dice expressions (dice.h, dist.h).
 *
 * Any text must parse or be refused with a message, never crash. Dice that
 * parse must format to a text that parses to the same dice; their natural
 * range must hold every roll of the generator and every total entered by
 * hand in it; and their exact distribution, when it is small enough to
 * compute, must span the same range (modifier included). Built and run by
 * scripts/fuzz.sh; tests/test_fuzz_corpus.c replays the saved corpus. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/dice.h"
#include "grognard/dist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_dice_check(const grog_dice *d)
{
    char text[64];
    grog_dice again;
    grog_error err;
    grog_dice_format(d, text, sizeof text);
    if (grog_dice_parse(text, &again, &err) != GROG_OK || memcmp(&again, d, sizeof again) != 0)
        abort(); /* the canonical text must round-trip */
    int lo = grog_dice_natural_min(d), hi = grog_dice_natural_max(d);
    if (lo > hi)
        abort();
    grog_rng *rng = grog_rng_create(42);
    for (int i = 0; i < 4; i++) {
        grog_roll r;
        grog_dice_roll(d, rng, &r);
        if (r.natural < lo || r.natural > hi || r.total != r.natural + d->modifier)
            abort();
    }
    grog_rng_destroy(rng);
    grog_roll r;
    if (grog_dice_enter(d, lo, &r, &err) != GROG_OK || grog_dice_enter(d, hi, &r, &err) != GROG_OK)
        abort();
    if (grog_dice_enter(d, hi + 1, &r, &err) == GROG_OK || grog_dice_enter(d, lo - 1, &r, &err) == GROG_OK)
        abort();
    if (d->count * d->sides > 2000)
        return; /* keep each input fast */
    grog_dist *dist = NULL;
    if (grog_dist_of_dice(d, &dist, &err) == GROG_OK) {
        if (grog_dist_min(dist) != lo + d->modifier || grog_dist_max(dist) != hi + d->modifier)
            abort();
        grog_dist_destroy(dist);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 256)
        return 0;
    char text[257];
    memcpy(text, data, size);
    text[size] = '\0';
    grog_dice d;
    grog_error err;
    grog_error_clear(&err);
    if (grog_dice_parse(text, &d, &err) == GROG_OK) {
        if (grog_dice_check(&d, &err) != GROG_OK)
            abort(); /* what parses is in range */
        fuzz_dice_check(&d);
    } else if (err.message[0] == '\0') {
        abort(); /* a refusal says why */
    }
    return 0;
}
