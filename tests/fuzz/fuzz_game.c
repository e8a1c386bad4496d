/* fuzz_game.c — libFuzzer target for game files: any bytes as a .grog file.
 *
 * Opening must give a game or an error with a message; a game that opens
 * must give its status and log for every seat, replay, undo and replay
 * again, never crash or leak. Seeds are small real games (page size 512).
 * The bytes are written to a file of this process's own (SQLite reads
 * files), removed after each input. Built and run by scripts/fuzz.sh;
 * tests/test_fuzz_corpus.c replays the saved corpus. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grognard/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_game_views(const grog_game *g, const grog_seat *seat)
{
    grog_error err;
    char *s = NULL;
    if (grog_game_status_json(g, seat, &s, &err) == GROG_OK)
        free(s);
    if (grog_game_status_text(g, seat, &s, &err) == GROG_OK)
        free(s);
    if (grog_game_log_json(g, seat, &s, &err) == GROG_OK)
        free(s);
    if (grog_game_log_text(g, seat, &s, &err) == GROG_OK)
        free(s);
}

static void fuzz_game_use(grog_game *g)
{
    grog_error err;
    grog_seat seat;
    fuzz_game_views(g, NULL);
    if (grog_game_seat(g, NULL, 1, &seat, &err) == GROG_OK)
        fuzz_game_views(g, &seat);
    const grog_battle *b = grog_game_battle(g);
    for (size_t i = 0; i < grog_battle_nsides(b) && i < 4; i++)
        if (grog_game_seat(g, grog_battle_side(b, i)->id, 0, &seat, &err) == GROG_OK)
            fuzz_game_views(g, &seat);
    size_t n = 0;
    if (grog_game_replay(g, &n, &err) != GROG_OK)
        return;
    if (grog_game_undo(g, &err) == GROG_OK)
        (void)grog_game_replay(g, &n, &err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/grog-fuzz-game-%d.grog", (int)getpid());
    grog_game_remove(path);
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        return 0;
    fwrite(data, 1, size, f);
    fclose(f);
    grog_game *g = NULL;
    grog_error err;
    grog_error_clear(&err);
    if (grog_game_open(path, &g, &err) == GROG_OK) {
        fuzz_game_use(g);
        grog_game_close(g);
    } else if (err.message[0] == '\0') {
        abort(); /* a refused file says why */
    }
    grog_game_remove(path);
    return 0;
}
