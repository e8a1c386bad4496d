/* verify.c — a game's dice checked (commitment.h, grog_game_verify): the
 * commitment kept against the seed and salt kept, against the one the players
 * noted, and every row replayed from the seed (history.c). Apart from
 * commitment.c, which the engine uses, so that replaying is not in a circle
 * with the engine's own files. */
#include <stdio.h>
#include <string.h>

#include "commitment_internal.h"
#include "engine.h"
#include "grognard/commitment.h"

/* The commitment kept against the seed and salt kept, and against expected. */
static void check_commitment(const grog_game *g, const char *expected, grog_verification *v)
{
    char kept[GROG_COMMITMENT_HEX], salt_hex[GROG_SALT_HEX], made[GROG_COMMITMENT_HEX];
    unsigned char salt[GROG_SALT_BYTES];
    v->has_commitment = grog_game_commitment(g, kept);
    v->expected_ok = 1;
    if (!v->has_commitment)
        return;
    if (commitment_salt_hex(g, salt_hex) &&
        grog_salt_parse(salt_hex, salt, NULL) == GROG_OK) {
        grog_commitment_compute(g->seed, salt, made);
        v->commitment_ok = strcmp(made, kept) == 0;
    }
    if (expected != NULL) {
        v->expected_ok = strlen(expected) == 64;
        for (size_t i = 0; v->expected_ok && i < 64; i++)
            v->expected_ok = (expected[i] | 0x20) == kept[i];
    }
}

grog_status grog_game_verify(grog_game *g, const char *expected, grog_verification *out,
                             grog_error *err)
{
    memset(out, 0, sizeof *out);
    check_commitment(g, expected, out);
    grog_error e;
    size_t n = 0;
    grog_status st = grog_game_replay(g, &n, &e);
    out->rows = n;
    if (st == GROG_OK) {
        out->replay_ok = 1;
        return GROG_OK;
    }
    if (st == GROG_ENOMEM || st == GROG_EIO || st == GROG_EBUSY)
        return grog_error_set(err, st, "%s", e.message);
    out->first_bad = g->bad > 0 ? g->bad : (long long)n + 1;
    snprintf(out->reason, sizeof out->reason, "%s", e.message);
    return GROG_OK;
}

int grog_verification_ok(const grog_verification *v)
{
    return v->has_commitment && v->commitment_ok && v->expected_ok && v->replay_ok;
}
