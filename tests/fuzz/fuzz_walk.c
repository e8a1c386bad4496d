/* fuzz_walk.c — libFuzzer target that plays legal games: the bytes choose,
 * step by step, among the actions the referee may take now
 * (grog_game_actions_json) and among each argument's choices, so that the
 * fuzzer explores deep game states that random text rarely reaches.
 *
 * The first byte picks the family and the seed; each step takes one byte
 * for the action, one per argument, one for an entered roll (255 undoes
 * instead); 32 steps at most (aigles lists its actions in some ms). After
 * the walk, as in fuzz_actions: `next` goes a whole turn round, the game
 * replays with every action identical, and the state and journal look the
 * same before and after. Built and run by scripts/fuzz.sh;
 * tests/test_fuzz_corpus.c replays the saved corpus. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "grognard/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct fuzz_walk_bytes {
    const uint8_t *p;
    size_t n, at;
} fuzz_walk_bytes;

static unsigned fuzz_walk_byte(fuzz_walk_bytes *b)
{
    return b->at < b->n ? b->p[b->at++] : 0;
}

static const char *fuzz_walk_pick(json_t *choices, unsigned byte)
{
    size_t n = json_array_size(choices);
    return n ? json_string_value(json_array_get(choices, byte % n)) : NULL;
}

/* arg's choices after the value key: its choices_by[key], a list or the
 * name of the key whose list it is (docs/game.md); NULL when none. */
static json_t *fuzz_walk_by(json_t *arg, const char *key)
{
    json_t *by = json_object_get(arg, "choices_by");
    json_t *v = json_object_get(by, key);
    return json_is_string(v) ? json_object_get(by, json_string_value(v)) : v;
}

/* One action line chosen by the bytes among what the referee may do now. */
static void fuzz_walk_line(json_t *a, fuzz_walk_bytes *b, char *line, size_t size)
{
    size_t k = 0, i;
    json_t *w, *arg;
    line[0] = '\0';
    json_array_foreach(json_object_get(a, "words"), i, w)
        k += (size_t)snprintf(line + k, size - k, "%s%s", k ? " " : "", json_string_value(w));
    const char *prev = NULL;
    char num[16];
    json_array_foreach(json_object_get(a, "args"), i, arg) {
        unsigned byte = fuzz_walk_byte(b);
        if (json_is_true(json_object_get(arg, "optional")) && byte % 4 == 0)
            break;
        const char *v = prev != NULL ? fuzz_walk_pick(fuzz_walk_by(arg, prev), byte) : NULL;
        if (v == NULL)
            v = fuzz_walk_pick(json_object_get(arg, "choices"), byte);
        if (v == NULL) {
            snprintf(num, sizeof num, "%u", byte % 181);
            v = num;
        }
        k += (size_t)snprintf(line + k, size - k, " %s", v);
        prev = v;
        if (k >= size)
            return;
    }
    json_t *roll = json_object_get(a, "roll");
    const char *opt = json_is_object(roll) ? json_string_value(json_object_get(roll, "option"))
                                           : NULL;
    unsigned r = fuzz_walk_byte(b);
    if (opt != NULL && strcmp(opt, "--roll") == 0 && (r & 1))
        snprintf(line + k, size - k, " --roll %u", 1 + (r >> 1) % 12);
}

static char *fuzz_walk_view(const grog_game *g, const grog_seat *seat)
{
    grog_error err;
    char *status = NULL, *log = NULL;
    if (grog_game_status_json(g, seat, &status, &err) != GROG_OK ||
        grog_game_log_json(g, seat, &log, &err) != GROG_OK)
        abort();
    size_t a = strlen(status), c = strlen(log);
    char *all = malloc(a + c + 1);
    if (all == NULL)
        abort();
    memcpy(all, status, a);
    memcpy(all + a, log, c + 1);
    free(status);
    free(log);
    return all;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 1024)
        return 0;
    fuzz_walk_bytes b = {data, size, 1};
    grog_game_options o = {(grog_family)(data[0] % GROG_FAMILY_COUNT), NULL, data[0] / 3u, NULL};
    grog_game *g = NULL;
    grog_error err;
    grog_seat seat;
    if (grog_game_create_memory(&o, &g, &err) != GROG_OK ||
        grog_game_seat(g, NULL, 1, &seat, &err) != GROG_OK)
        abort();
    for (int step = 0; step < 32 && b.at < b.n; step++) {
        unsigned choice = fuzz_walk_byte(&b);
        if (choice == 255) {
            (void)grog_game_undo(g, &err);
            continue;
        }
        char *actions = NULL;
        if (grog_game_actions_json(g, &seat, &actions, &err) != GROG_OK)
            abort(); /* the referee may always be told what he may do */
        json_t *j = json_loads(actions, 0, NULL);
        free(actions);
        json_t *list = json_object_get(j, "actions");
        if (json_array_size(list) == 0)
            abort(); /* `next` at least */
        char line[1024];
        fuzz_walk_line(json_array_get(list, choice % json_array_size(list)), &b, line,
                       sizeof line);
        json_decref(j);
        size_t before = grog_game_action_count(g);
        char *result = NULL;
        grog_error_clear(&err);
        grog_status st = grog_game_do_line(g, line, &result, &err);
        free(result);
        if (st != GROG_OK && (err.message[0] == '\0' || grog_game_action_count(g) != before))
            abort(); /* a refusal says why and writes nothing */
    }
    for (int i = 0; i < 7; i++) {
        char *result = NULL;
        if (grog_game_do_line(g, "next", &result, &err) != GROG_OK)
            abort(); /* nothing stored may block a turn */
        free(result);
    }
    char *view = fuzz_walk_view(g, &seat);
    size_t n = 0;
    if (grog_game_replay(g, &n, &err) != GROG_OK || n != grog_game_action_count(g))
        abort(); /* the journal replays, every action identical */
    char *again = fuzz_walk_view(g, &seat);
    if (strcmp(view, again) != 0)
        abort(); /* and gives the same game */
    free(view);
    free(again);
    grog_game_close(g);
    return 0;
}
