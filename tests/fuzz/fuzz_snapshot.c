/* fuzz_snapshot.c — libFuzzer target for snapshot texts (src/game/snapshot.c,
 * issue 17): the first byte picks the family ('0' aigles, '1' gdb, '2' gt:
 * byte % 3), the rest is the text read back over that family's default game.
 *
 * Reading never crashes, leaks or changes the state given when it refuses.
 * A text it accepts is a state safe to play on: saved again, it reads back
 * to the same bytes; the views and the list of legal actions are built
 * from it, and `next` goes a whole turn round from it. Built and run by
 * scripts/fuzz.sh; tests/test_fuzz_corpus.c replays the saved corpus
 * (tests/fuzz/corpus/snapshot: snapshots of the three families, some
 * damaged). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/engine.h"
#include "game/snapshot.h"
#include "grognard/view.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_snapshot_views(grog_game *g)
{
    grog_seat seat;
    grog_error err;
    char *out = NULL;
    if (grog_game_seat(g, NULL, 1, &seat, &err) != GROG_OK)
        abort();
    if (grog_game_actions_json(g, &seat, &out, &err) != GROG_OK)
        abort(); /* the referee may always be told what he may do */
    free(out);
    out = NULL;
    if (grog_game_status_json(g, &seat, &out, &err) != GROG_OK)
        abort();
    free(out);
    out = NULL;
    if (grog_view_game_json(g, &seat, &out, &err) != GROG_OK)
        abort();
    free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 65536)
        return 0;
    char *text = malloc(size);
    if (text == NULL)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    grog_game_options o = {(grog_family)(data[0] % GROG_FAMILY_COUNT), NULL, 1, NULL};
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_create_memory(&o, &g, &err) != GROG_OK)
        abort();
    game_state s;
    memset(&s, 0x5a, sizeof s);
    game_state before = s;
    grog_status st = game_state_load(g, text, &s, &err);
    if (st != GROG_OK) {
        if (st != GROG_EFORMAT || err.message[0] == '\0' || memcmp(&s, &before, sizeof s) != 0)
            abort(); /* refused: GROG_EFORMAT saying why, the state untouched */
    } else {
        char *again = game_state_save(g, &s);
        game_state t;
        if (again == NULL || game_state_load(g, again, &t, &err) != GROG_OK)
            abort(); /* what it accepts, it writes back readably */
        char *third = game_state_save(g, &t);
        if (third == NULL || strcmp(again, third) != 0)
            abort(); /* and the same bytes once read back */
        free(again);
        free(third);
        game_state_free(g, &t);
        game_spare_drop(g);
        game_state_free(g, &g->s);
        g->s = s; /* play on from it */
        g->stream = (long long)grog_rng_draws(g->s.rng);
        fuzz_snapshot_views(g);
        for (int i = 0; i < 8; i++) {
            char *r = NULL;
            (void)grog_game_do_line(g, "next", &r, &err);
            free(r);
        }
        fuzz_snapshot_views(g);
    }
    grog_game_close(g);
    free(text);
    return 0;
}
