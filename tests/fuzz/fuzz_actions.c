/* fuzz_actions.c — libFuzzer target for action lines: a game driven by any
 * lines must always replay identically.
 *
 * The first byte picks the family and the seed; the rest is lines, each
 * done as an action (grog_game_do_line) on an in-memory game of the default
 * scenario, "undo" undoing. Whatever is accepted or refused, `next` must
 * then go a whole turn round (nothing stored may block it), the game must
 * replay from its seed with every action identical, and the state and
 * the journal as every seat sees them must be the same before and after.
 * Built and run by scripts/fuzz.sh; tests/test_fuzz_corpus.c replays the
 * saved corpus. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Everything the referee may see: the state and the log. */
static char *fuzz_actions_view(const grog_game *g)
{
    grog_seat seat;
    grog_error err;
    char *status = NULL, *log = NULL;
    if (grog_game_seat(g, NULL, 1, &seat, &err) != GROG_OK ||
        grog_game_status_json(g, &seat, &status, &err) != GROG_OK ||
        grog_game_log_json(g, &seat, &log, &err) != GROG_OK)
        abort();
    size_t a = strlen(status), b = strlen(log);
    char *all = malloc(a + b + 1);
    if (all == NULL)
        abort();
    memcpy(all, status, a);
    memcpy(all + a, log, b + 1);
    free(status);
    free(log);
    return all;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return 0;
    grog_game_options o = {(grog_family)(data[0] % GROG_FAMILY_COUNT), NULL, data[0] / 3u, NULL};
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_create_memory(&o, &g, &err) != GROG_OK)
        abort();
    char *text = malloc(size);
    if (text == NULL)
        abort();
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    int lines = 0;
    for (char *line = text, *next; line != NULL && lines < 64; line = next, lines++) {
        next = strchr(line, '\n');
        if (next != NULL)
            *next++ = '\0';
        size_t before = grog_game_action_count(g);
        grog_error_clear(&err);
        if (strcmp(line, "undo") == 0) {
            (void)grog_game_undo(g, &err);
            continue;
        }
        char *result = NULL;
        grog_status st = grog_game_do_line(g, line, &result, &err);
        free(result);
        if (st != GROG_OK && (err.message[0] == '\0' || grog_game_action_count(g) != before))
            abort(); /* a refusal says why and writes nothing */
    }
    free(text);
    /* Nothing stored may make `next` fail: a turn always goes round. */
    for (int i = 0; i < 7; i++) {
        char *result = NULL;
        if (grog_game_do_line(g, "next", &result, &err) != GROG_OK)
            abort();
        free(result);
    }
    char *before = fuzz_actions_view(g);
    size_t n = 0;
    if (grog_game_replay(g, &n, &err) != GROG_OK || n != grog_game_action_count(g))
        abort(); /* the journal replays, every action identical */
    char *after = fuzz_actions_view(g);
    if (strcmp(before, after) != 0)
        abort(); /* and gives the same game */
    free(before);
    free(after);
    grog_game_close(g);
    return 0;
}
