/* test_game_actions.c — the actions list (grog_game_actions_json) gives the
 * same text, byte for byte, as the code it replaced, once each choices_by
 * list written as another key's name (docs/game.md) is replaced by that
 * key's list: the same choices for every key.
 *
 * tests/data/actions-digests.txt was written by the jansson-tree builder of
 * commit 6a29b91 (before the list was written directly, docs/performance.md
 * "The actions list"), with GROG_ACTIONS_RECORD=FILE set: for each family,
 * on the embedded default scenario and on a generated 200-unit battle, a
 * walk of legal actions (each step picked by a fixed generator among the
 * referee's list and its choices, every fourth step `next`, so that every
 * phase and many states are seen: orders given, units in melee, fled,
 * routed, officers taken, formations changing...), and at every step the
 * length and FNV-1a digest of the list for the public, the referee and each
 * side. The test walks the same games and compares every text's digest (its
 * names replaced by their lists), that the names are what the format says
 * (compacted: each list equal to an earlier key's is the first such key's
 * name, worked out again plainly from the expanded text), and that the text
 * is a fixed point of jansson's own read and dump (what the old builder
 * gave by construction). Any byte changed in any list fails. */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "grognard/battle.h"
#include "grognard/game.h"
#include "grognard/scenario.h"
#include "testutil.h"

#define STEPS 40

typedef struct walk {
    uint64_t rng;
    FILE *record;  /* GROG_ACTIONS_RECORD: writing the digests */
    char **want;   /* the recorded lines */
    size_t nwant, at;
    size_t checked;
    size_t named; /* choices_by lists written as another key's name */
} walk;

static uint64_t next_rand(walk *w)
{
    w->rng ^= w->rng << 13;
    w->rng ^= w->rng >> 7;
    w->rng ^= w->rng << 17;
    return w->rng;
}

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s != '\0'; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static char *seat_actions(grog_game *g, const char *side, int referee)
{
    grog_seat seat;
    grog_error err;
    if (grog_game_seat(g, side, referee, &seat, &err) != GROG_OK)
        fail_msg("seat %s: %s", side != NULL ? side : "(none)", err.message);
    char *text = NULL;
    if (grog_game_actions_json(g, &seat, &text, &err) != GROG_OK)
        fail_msg("actions: %s", err.message);
    return text;
}

/* The text is what jansson dumps of its own reading of it. */
static void fixed_point(const char *text, const char *where)
{
    json_error_t je;
    json_t *j = json_loads(text, 0, &je);
    if (j == NULL)
        fail_msg("%s: not JSON: %s", where, je.text);
    char *again = json_dumps(j, JSON_INDENT(2));
    json_decref(j);
    if (again == NULL || strcmp(again, text) != 0)
        fail_msg("%s: not jansson's own dump of it", where);
    free(again);
}

/* The text with every choices_by list written as another key's name
 * replaced by that key's list, as the lists were written before
 * (docs/game.md): jansson's dump of it. A name must be of a key before it
 * in the same choices_by, whose value is a list. Caller frees. */
static char *expanded(const char *text, const char *where, size_t *named)
{
    json_t *j = json_loads(text, 0, NULL);
    size_t i, k;
    json_t *a, *arg;
    json_array_foreach(json_object_get(j, "actions"), i, a) {
        json_array_foreach(json_object_get(a, "args"), k, arg) {
            json_t *by = json_object_get(arg, "choices_by"), *v, *before = json_object();
            const char *key;
            json_object_foreach(by, key, v) {
                if (json_is_string(v)) {
                    json_t *list = json_object_get(by, json_string_value(v));
                    if (json_object_get(before, json_string_value(v)) == NULL ||
                        !json_is_array(list) || json_array_size(list) == 0)
                        fail_msg("%s: %s names \"%s\", not a key before it with choices", where,
                                 key, json_string_value(v));
                    json_object_set_new(by, key, json_deep_copy(list));
                    ++*named;
                }
                json_object_set_new(before, key, json_true());
            }
            json_decref(before);
        }
    }
    char *full = json_dumps(j, JSON_INDENT(2));
    json_decref(j);
    return full;
}

/* The text as the format writes it, from its expansion (full), the slow
 * and plain way: in each choices_by, a key whose list (not empty) equals an
 * earlier key's is written as the first such key's name, every other list
 * written out (docs/game.md). Caller frees. */
static char *compacted(const char *full)
{
    json_t *j = json_loads(full, 0, NULL);
    size_t i, k;
    json_t *a, *arg;
    json_array_foreach(json_object_get(j, "actions"), i, a) {
        json_array_foreach(json_object_get(a, "args"), k, arg) {
            json_t *by = json_object_get(arg, "choices_by"), *v, *first = json_object();
            const char *key;
            json_object_foreach(by, key, v) {
                if (json_array_size(v) == 0)
                    continue;
                char *text = json_dumps(v, JSON_COMPACT);
                json_t *earlier = json_object_get(first, text);
                if (earlier != NULL)
                    json_object_set(by, key, earlier);
                else
                    json_object_set_new(first, text, json_string(key));
                free(text);
            }
            json_decref(first);
        }
    }
    char *out = json_dumps(j, JSON_INDENT(2));
    json_decref(j);
    return out;
}

static void check_one(walk *w, const char *where, const char *text)
{
    char line[256];
    char *full = expanded(text, where, &w->named);
    if (w->record == NULL) { /* the names are the first equal keys', the rest written out */
        char *again = compacted(full);
        if (again == NULL || strcmp(again, text) != 0)
            fail_msg("%s: choices_by not written as the format says (a list equal to an "
                     "earlier key's is that key's name, the first such key)", where);
        free(again);
    }
    snprintf(line, sizeof line, "%s %zu %016llx", where, strlen(full),
             (unsigned long long)fnv1a(full));
    free(full);
    if (w->record != NULL) {
        fprintf(w->record, "%s\n", line);
        return;
    }
    fixed_point(text, where);
    if (w->at >= w->nwant)
        fail_msg("%s: not in the recorded digests (%zu lines)", where, w->nwant);
    if (strcmp(w->want[w->at], line) != 0)
        fail_msg("actions list changed: got \"%s\", recorded \"%s\"", line, w->want[w->at]);
    w->at++;
    w->checked++;
}

/* Every seat's list at this step. */
static void check_seats(walk *w, grog_game *g, const char *label, int step)
{
    const grog_battle *b = grog_game_battle(g);
    char where[128];
    for (size_t s = 0; s < grog_battle_nsides(b) + 2; s++) {
        const char *side = s >= 2 ? grog_battle_side(b, s - 2)->id : NULL;
        char *text = seat_actions(g, side, s == 1);
        snprintf(where, sizeof where, "%s %d %s %s", label, step, grog_game_phase(g),
                 s == 0 ? "public" : s == 1 ? "referee" : side);
        check_one(w, where, text);
        free(text);
    }
}

static const char *pick(walk *w, json_t *choices)
{
    size_t n = json_array_size(choices);
    return n ? json_string_value(json_array_get(choices, next_rand(w) % n)) : NULL;
}

/* One line among the referee's actions now, its arguments from their choices. */
static void choose_line(walk *w, json_t *list, char *line, size_t size)
{
    json_t *a = json_array_get(list, next_rand(w) % json_array_size(list));
    size_t k = 0, i;
    json_t *word, *arg;
    line[0] = '\0';
    json_array_foreach(json_object_get(a, "words"), i, word)
        k += (size_t)snprintf(line + k, size - k, "%s%s", k ? " " : "", json_string_value(word));
    const char *prev = NULL;
    char num[16];
    json_array_foreach(json_object_get(a, "args"), i, arg) {
        if (json_is_true(json_object_get(arg, "optional")) && next_rand(w) % 3 == 0)
            break;
        const char *v = prev != NULL ? pick(w, test_choices_by(arg, prev)) : NULL;
        if (v == NULL)
            v = pick(w, json_object_get(arg, "choices"));
        if (v == NULL) {
            snprintf(num, sizeof num, "%u", (unsigned)(next_rand(w) % 400));
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
    if (opt != NULL && strcmp(opt, "--roll") == 0 && next_rand(w) % 2 == 0)
        snprintf(line + k, size - k, " --roll %u", 1 + (unsigned)(next_rand(w) % 6));
}

static void walk_game(walk *w, grog_family f, const char *scenario, const char *label)
{
    grog_game_options o = {f, scenario, 7, NULL};
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_create_memory(&o, &g, &err) != GROG_OK)
        fail_msg("create %s: %s", label, err.message);
    w->rng = 0x9e3779b97f4a7c15ull ^ (uint64_t)f;
    for (int step = 0; step < STEPS; step++) {
        check_seats(w, g, label, step);
        char line[1024] = "next";
        if (step % 4 != 3) {
            char *text = seat_actions(g, NULL, 1);
            json_t *j = json_loads(text, 0, NULL);
            free(text);
            assert_non_null(j);
            choose_line(w, json_object_get(j, "actions"), line, sizeof line);
            json_decref(j);
        }
        char *result = NULL;
        (void)grog_game_do_line(g, line, &result, NULL); /* refused: nothing changes */
        free(result);
    }
    check_seats(w, g, label, STEPS);
    grog_game_close(g);
}

static char *generated(void)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/grog-test-actions-%d.json", (int)getpid());
    grog_rng *rng = grog_rng_create(7);
    grog_generate_options go = {200, 40};
    grog_battle *b = NULL;
    grog_error err;
    if (rng == NULL || grog_scenario_generate(&go, rng, &b, &err) != GROG_OK ||
        grog_scenario_save_file(b, path, &err) != GROG_OK)
        fail_msg("generate: %s", err.message);
    grog_battle_destroy(b);
    grog_rng_destroy(rng);
    return path;
}

static void load_want(walk *w)
{
    const char *src = getenv("GROGNARD_SRCDIR");
    char path[512];
    snprintf(path, sizeof path, "%s/tests/data/actions-digests.txt", src != NULL ? src : ".");
    FILE *f = fopen(path, "r");
    if (f == NULL)
        fail_msg("cannot read %s", path);
    char line[256];
    while (fgets(line, sizeof line, f) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        w->want = realloc(w->want, (w->nwant + 1) * sizeof *w->want);
        assert_non_null(w->want);
        w->want[w->nwant++] = strdup(line);
    }
    fclose(f);
}

static void test_actions_unchanged(void **state)
{
    (void)state;
    walk w;
    memset(&w, 0, sizeof w);
    const char *record = getenv("GROG_ACTIONS_RECORD");
    if (record != NULL && record[0] != '\0') {
        w.record = fopen(record, "w");
        assert_non_null(w.record);
    } else {
        load_want(&w);
    }
    char *path = generated();
    static const char *const names[] = {"aigles", "gdb", "gt"};
    for (int f = 0; f < GROG_FAMILY_COUNT; f++) {
        char label[64];
        snprintf(label, sizeof label, "%s default", names[f]);
        walk_game(&w, (grog_family)f, NULL, label);
        snprintf(label, sizeof label, "%s generated-200", names[f]);
        walk_game(&w, (grog_family)f, path, label);
    }
    remove(path);
    if (w.record != NULL) {
        fclose(w.record);
        return;
    }
    assert_int_equal(w.at, w.nwant); /* every recorded list was made again */
    assert_true(w.checked == w.nwant && w.checked >= 900);
    assert_true(w.named > 1000); /* the referee's lists of each side's pieces, by name */
    for (size_t i = 0; i < w.nwant; i++)
        free(w.want[i]);
    free(w.want);
}

/* The digests can fail: a list with one byte changed is told apart. */
static void test_digest_sees_one_byte(void **state)
{
    (void)state;
    grog_game_options o = {GROG_FAMILY_AIGLES, NULL, 7, NULL};
    grog_game *g = NULL;
    assert_int_equal(grog_game_create_memory(&o, &g, NULL), GROG_OK);
    char *text = seat_actions(g, NULL, 1);
    uint64_t before = fnv1a(text);
    char *p = strstr(text, "\"next\"");
    assert_non_null(p);
    p[1] = 'N';
    assert_true(fnv1a(text) != before);
    free(text);
    grog_game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_actions_unchanged),
        cmocka_unit_test(test_digest_sees_one_byte),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
