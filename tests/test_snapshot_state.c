/* test_snapshot_state.c — issue 17: a game's whole state as a snapshot text
 * and back, exactly (src/game/snapshot.c and the families' state_save /
 * state_load).
 *
 * Each family plays a long legal game, chosen step by step among what the
 * referee may do now (the walker of tests/fuzz/fuzz_walk.c, reused here),
 * beside a twin game given the same actions. At every step the live state
 * is saved, loaded and saved again: the same bytes, and a battle equal to
 * the live one field by field (doubles bit for bit). Every few steps the
 * twin's state is replaced by the one read back from the snapshot: its
 * views (status, actions, the game view, for every seat) must be the live
 * game's, and every action after it must give the same result (records,
 * rolls, events) on both. The walk must reach the bookkeeping it is meant
 * to cover (ADCs riding, formation changes, orders being passed, face-down
 * orders, gifts of PIPs...), or the test says so.
 *
 * Damaged snapshots (cut, another family, an unknown id, a count that
 * differs, a value out of range, a wrong type) are GROG_EFORMAT naming the
 * field, and the state given is untouched (run under ASan by make
 * check-san: nothing leaks either). */
#include <math.h>

#include "testutil.h"

#include "game/engine.h"
#include "game/snapshot.h"
#include "grognard/view.h"

#define LLVMFuzzerTestOneInput fuzz_walk_one
#include "fuzz/fuzz_walk.c"
#undef LLVMFuzzerTestOneInput

/* ---- helpers ---- */

static uint64_t mix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static const char *scenario; /* NULL: the embedded default */

static grog_game *new_game(grog_family f, uint64_t seed)
{
    grog_game_options o = {f, scenario, seed, NULL};
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_create_memory(&o, &g, &err) != GROG_OK)
        fail_msg("create: %s", err.message);
    return g;
}

static void do_line(grog_game *g, const char *line)
{
    grog_error err;
    char *r = NULL;
    if (grog_game_do_line(g, line, &r, &err) != GROG_OK)
        fail_msg("%s: %s", line, err.message);
    free(r);
}

static void same_order(const grog_order *a, const grog_order *b, const char *who)
{
    if (strcmp(a->kind, b->kind) != 0 || strcmp(a->text, b->text) != 0 ||
        strcmp(a->target, b->target) != 0 || a->given_turn != b->given_turn ||
        a->effective_turn != b->effective_turn)
        fail_msg("%s: order differs", who);
}

static void same_base(const grog_base *a, const grog_base *b, const char *who)
{
    const double x[5] = {a->centre.x, a->centre.y, a->width, a->depth, a->facing};
    const double y[5] = {b->centre.x, b->centre.y, b->width, b->depth, b->facing};
    if (memcmp(x, y, sizeof x) != 0)
        fail_msg("%s: base differs (bit for bit)", who);
}

#define SAME_INT(a, b, f, who)                                                               \
    do {                                                                                     \
        if ((a)->f != (b)->f)                                                                \
            fail_msg("%s: %s differs: %lld and %lld", who, #f, (long long)(a)->f,           \
                     (long long)(b)->f);                                                     \
    } while (0)
#define SAME_STR(a, b, f, who)                                                               \
    do {                                                                                     \
        if (strcmp((a)->f, (b)->f) != 0)                                                     \
            fail_msg("%s: %s differs: \"%s\" and \"%s\"", who, #f, (a)->f, (b)->f);          \
    } while (0)

static void same_officer(const grog_officer *a, const grog_officer *b)
{
    const char *w = a->id;
    SAME_STR(a, b, id, w);
    SAME_STR(a, b, name, w);
    SAME_STR(a, b, side, w);
    SAME_STR(a, b, command, w);
    SAME_INT(a, b, role, w);
    SAME_STR(a, b, superior, w);
    SAME_INT(a, b, nation, w);
    same_base(&a->base, &b->base, w);
    SAME_STR(a, b, attached_to, w);
    SAME_INT(a, b, state, w);
    SAME_STR(a, b, held_by, w);
    SAME_INT(a, b, markers, w);
    SAME_INT(a, b, ratings.aigles_charisma, w);
    SAME_INT(a, b, ratings.aigles_command, w);
    SAME_INT(a, b, ratings.gdb_skill, w);
    SAME_INT(a, b, ratings.gt_quality, w);
    SAME_INT(a, b, casualties, w);
    if (memcmp(&a->adc_speed, &b->adc_speed, sizeof a->adc_speed) != 0)
        fail_msg("%s: adc_speed differs", w);
    SAME_INT(a, b, personally_commands, w);
    SAME_INT(a, b, brigade_broken, w);
    same_order(&a->order, &b->order, w);
    same_order(&a->pending, &b->pending, w);
}

static void same_unit(const grog_troop *a, const grog_troop *b)
{
    const char *w = a->id;
    SAME_STR(a, b, id, w);
    SAME_STR(a, b, name, w);
    SAME_STR(a, b, side, w);
    SAME_STR(a, b, parent, w);
    SAME_INT(a, b, arm, w);
    SAME_INT(a, b, status, w);
    SAME_INT(a, b, manoeuvre, w);
    SAME_INT(a, b, figures, w);
    SAME_INT(a, b, subunits, w);
    SAME_STR(a, b, formation, w);
    same_base(&a->base, &b->base, w);
    same_order(&a->order, &b->order, w);
    same_order(&a->pending, &b->pending, w);
    SAME_INT(a, b, flags, w);
    SAME_INT(a, b, melee_since, w);
    SAME_INT(a, b, casualties, w);
    SAME_INT(a, b, can_dismount, w);
}

/* Every field of every officer and unit, doubles bit for bit. */
static void same_battle(const grog_battle *a, const grog_battle *b)
{
    assert_int_equal(grog_battle_nsides(a), grog_battle_nsides(b));
    assert_int_equal(grog_battle_nofficers(a), grog_battle_nofficers(b));
    assert_int_equal(grog_battle_nunits(a), grog_battle_nunits(b));
    for (size_t i = 0; i < grog_battle_nofficers(a); i++)
        same_officer(grog_battle_officer(a, i), grog_battle_officer(b, i));
    for (size_t i = 0; i < grog_battle_nunits(a); i++)
        same_unit(grog_battle_unit(a, i), grog_battle_unit(b, i));
    char why[256];
    assert_true(grog_battle_equal(a, b, why, sizeof why));
}

static void same_rng(const grog_rng *a, const grog_rng *b)
{
    uint64_t x[4], y[4];
    grog_rng_state(a, x);
    grog_rng_state(b, y);
    assert_memory_equal(x, y, sizeof x);
    assert_true(grog_rng_seed(a) == grog_rng_seed(b));
    assert_true(grog_rng_draws(a) == grog_rng_draws(b));
}

/* save -> load -> save: the same bytes (and jansson's own bytes for them),
 * the same battle, generator, turn and phase. The state read back is returned (caller frees). */
static game_state round_trip(grog_game *g, char **text_out)
{
    char *text = game_state_save(g, &g->s);
    assert_non_null(text);
    /* written directly: the bytes jansson gives the same document */
    json_t *doc = json_loads(text, 0, NULL);
    assert_non_null(doc);
    char *dumped = json_dumps(doc, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    json_decref(doc);
    assert_non_null(dumped);
    assert_string_equal(text, dumped);
    free(dumped);
    game_state ld;
    memset(&ld, 0, sizeof ld);
    grog_error err;
    if (game_state_load(g, text, &ld, &err) != GROG_OK)
        fail_msg("load: %s", err.message);
    char *again = game_state_save(g, &ld);
    assert_non_null(again);
    assert_string_equal(text, again);
    free(again);
    same_battle(g->s.battle, ld.battle);
    same_rng(g->s.rng, ld.rng);
    assert_int_equal(g->s.turn, ld.turn);
    assert_int_equal(g->s.phase, ld.phase);
    *text_out = text;
    return ld;
}

/* Puts state ld in place of g's own (as opening from a snapshot will). */
static void take_state(grog_game *g, game_state *ld)
{
    game_spare_drop(g);
    game_state_free(g, &g->s);
    g->s = *ld;
    memset(ld, 0, sizeof *ld);
}

typedef grog_status (*view_fn)(const grog_game *, const grog_seat *, char **, grog_error *);

static void same_view(grog_game *a, grog_game *b, const grog_seat *seat, view_fn fn,
                      const char *what)
{
    char *x = NULL, *y = NULL;
    grog_error err;
    grog_status sa = fn(a, seat, &x, &err), sb = fn(b, seat, &y, &err);
    assert_int_equal(sa, sb);
    if (sa == GROG_OK && strcmp(x, y) != 0)
        fail_msg("%s differs for a seat after loading the snapshot", what);
    free(x);
    free(y);
}

/* Status, actions, the game view and the log, for the referee, each side and
 * the public; every unit's card for the referee. */
static void same_views(grog_game *a, grog_game *b)
{
    const grog_battle *bt = grog_game_battle(a);
    for (size_t i = 0; i <= grog_battle_nsides(bt) + 1; i++) {
        grog_seat seat;
        grog_error err;
        const char *side = i < grog_battle_nsides(bt) ? grog_battle_side(bt, i)->id : NULL;
        assert_int_equal(grog_game_seat(a, side, i == grog_battle_nsides(bt), &seat, &err),
                         GROG_OK);
        same_view(a, b, &seat, grog_game_status_json, "status");
        same_view(a, b, &seat, grog_game_actions_json, "actions");
        same_view(a, b, &seat, grog_view_game_json, "game view");
        same_view(a, b, &seat, grog_game_log_json, "log");
    }
    grog_seat referee;
    grog_error err;
    assert_int_equal(grog_game_seat(a, NULL, 1, &referee, &err), GROG_OK);
    for (size_t i = 0; i < grog_battle_nunits(bt); i++) { /* what the rules say of each unit */
        char *x = NULL, *y = NULL;
        const char *id = grog_battle_unit(bt, i)->id;
        assert_int_equal(grog_game_unit_card_json(a, &referee, id, &x, &err), GROG_OK);
        assert_int_equal(grog_game_unit_card_json(b, &referee, id, &y, &err), GROG_OK);
        if (strcmp(x, y) != 0)
            fail_msg("the unit card of %s differs after loading the snapshot", id);
        free(x);
        free(y);
    }
}

/* What the walk reached, from the snapshots' family_state. */
typedef struct reached {
    size_t counts[8];
} reached;

static size_t count_of(json_t *fs, const char *path)
{
    /* "key" (array size) or "key/field" (elements whose field is truthy) */
    char key[64];
    const char *slash = strchr(path, '/');
    snprintf(key, sizeof key, "%.*s", slash ? (int)(slash - path) : (int)strlen(path), path);
    json_t *a = json_object_get(fs, key);
    if (slash == NULL)
        return json_array_size(a);
    size_t n = 0, i;
    json_t *e;
    json_array_foreach(a, i, e) {
        json_t *v = json_object_get(e, slash + 1);
        n += v != NULL && !json_is_null(v) && !json_is_false(v) &&
             !(json_is_integer(v) && json_integer_value(v) == 0) &&
             !(json_is_array(v) && json_array_size(v) == 0) &&
             !(json_is_string(v) && strcmp(json_string_value(v), "none") == 0);
    }
    return n;
}

static void note_reached(const char *text, const char *const *paths, reached *r)
{
    json_t *j = json_loads(text, 0, NULL);
    assert_non_null(j);
    json_t *fs = json_object_get(j, "family_state");
    for (size_t k = 0; paths[k] != NULL; k++) {
        if (strncmp(paths[k], "books/", 6) == 0) { /* gdb: over every book */
            size_t i;
            json_t *b;
            json_array_foreach(json_object_get(fs, "books"), i, b)
                r->counts[k] += count_of(b, paths[k] + 6);
        } else {
            r->counts[k] += count_of(fs, paths[k]);
        }
    }
    json_decref(j);
}

/* One walk: steps legal actions on live and twin; checks every snapshot. */
static void walk(grog_family f, uint64_t seed, int steps, const char *const *paths,
                 const char *const *script)
{
    grog_game *live = new_game(f, seed), *twin = new_game(f, seed);
    grog_seat referee;
    grog_error err;
    assert_int_equal(grog_game_seat(live, NULL, 1, &referee, &err), GROG_OK);
    uint64_t x = seed * 7919 + (uint64_t)f;
    reached r;
    memset(&r, 0, sizeof r);
    for (int step = 0; step < steps; step++) {
        uint8_t bytes[32];
        for (size_t i = 0; i < sizeof bytes; i++)
            bytes[i] = (uint8_t)mix(&x);
        char line[1024];
        size_t nscript = 0;
        while (script[nscript] != NULL)
            nscript++;
        if (step % 2 == 1 && (size_t)(step / 2) < nscript) { /* what the walk rarely finds */
            snprintf(line, sizeof line, "%s", script[step / 2]);
        } else if (bytes[0] % 16 == 0) {
            snprintf(line, sizeof line, "next");
        } else {
            char *actions = NULL;
            assert_int_equal(grog_game_actions_json(live, &referee, &actions, &err), GROG_OK);
            json_t *j = json_loads(actions, 0, NULL);
            free(actions);
            json_t *list = json_object_get(j, "actions");
            assert_true(json_array_size(list) > 0);
            json_t *a = json_array_get(list, bytes[1] % json_array_size(list));
            const char *w0 = json_string_value(json_array_get(json_object_get(a, "words"), 0));
            if (w0 != NULL && strcmp(w0, "event") == 0 && bytes[2] % 4 != 0)
                a = json_array_get(list, bytes[3] % json_array_size(list)); /* fewer deaths */
            fuzz_walk_bytes b = {bytes, sizeof bytes, 4};
            fuzz_walk_line(a, &b, line, sizeof line);
            json_decref(j);
        }
        char *ra = NULL, *rb = NULL;
        grog_error ea, eb;
        grog_status sa = grog_game_do_line(live, line, &ra, &ea);
        grog_status sb = grog_game_do_line(twin, line, &rb, &eb);
        assert_int_equal(sa, sb);
        if (getenv("SNAP_DEBUG") != NULL)
            fprintf(stderr, "%d %s: %s\n", step, line, sa == GROG_OK ? "ok" : ea.message);
        if (sa == GROG_OK)
            assert_string_equal(ra, rb); /* records, rolls, events */
        else
            assert_string_equal(ea.message, eb.message);
        free(ra);
        free(rb);
        char *text = NULL;
        game_state ld = round_trip(live, &text);
        note_reached(text, paths, &r);
        if (step % 8 == 3) { /* the twin goes on from the snapshot */
            take_state(twin, &ld);
            same_views(live, twin);
        } else {
            game_state_free(live, &ld);
        }
        free(text);
    }
    same_views(live, twin);
    for (size_t k = 0; paths[k] != NULL; k++)
        if (r.counts[k] == 0)
            fail_msg("%s: the walk never reached %s: lengthen it", grog_family_name(f), paths[k]);
    grog_game_close(live);
    grog_game_close(twin);
}

/* ---- round trips over long games ---- */

/* Les Aigles: AIG-O-06 points, AIG-O-14 melee joins, AIG-O-25 fire,
 * AIG-O-18..20 orders being passed, AIG-O-11/-12 ADCs riding, AIG-F-25
 * formation changes. */
static void test_aigles_walk(void **state)
{
    (void)state;
    /* AIG-O-25's fire count stays 0 unless the house rule adds fires up: the
     * officer's own casualties (the battle) are what the script changes. */
    static const char *const paths[] = {"officers/left", "attempts", "riders", "changes",
                                        "officers/melee_unit", NULL};
    static const char *const script[] = {"move reynier 170 5",
                                         "event casualties reynier 2",
                                         "move brenier 40 40",
                                         "event melee fr-2leger start",
                                         "explaining picton br-74th attack",
                                         "adc picton-adc1 lightburne attack",
                                         "adc reynier-adc1 merle attack",
                                         "event killed lightburne",
                                         "replace lightburne picton-adc2", /* AIG-O-27 */
                                         NULL};
    walk(GROG_FAMILY_AIGLES, 17, 160, paths, script);
}

/* General de Brigade: GDB-01 tries, GDB-02/-04/-05/-06 face-down orders. */
static void test_gdb_walk(void **state)
{
    (void)state;
    static const char *const paths[] = {"books/tried", "books/brigades/pending", NULL};
    static const char *const script[] = {NULL};
    walk(GROG_FAMILY_GDB, 23, 160, paths, script);
}

/* Grande Tactique: GT-14 plan and rank, GT-16 PIPs, GT-10/GT-13 gifts,
 * GT-07 the attachment at the start of the PIP phase. */
static void test_gt_walk(void **state)
{
    (void)state;
    static const char *const paths[] = {"officers/pips", "officers/rolled", "officers/gift",
                                        "officers/rank", "officers/start_attach", NULL};
    static const char *const script[] = {"plan reynier rank heudelet merle",
                                         "attach merle fr-36ligne", NULL};
    walk(GROG_FAMILY_GT, 29, 160, paths, script);
}

/* Another battle (Quatre-Bras), shorter walks of each family: no reach
 * demanded, the same checks at every step. */
static void test_other_scenario_walks(void **state)
{
    (void)state;
    static const char *const none[] = {NULL};
    scenario = "scenarios/quatre-bras-1815.json";
    for (int f = 0; f < GROG_FAMILY_COUNT; f++)
        walk((grog_family)f, 31 + (uint64_t)f, 40, none, none);
    scenario = NULL;
}

/* A game just created (its `start` done): the first state round-trips too. */
static void test_fresh_state(void **state)
{
    (void)state;
    for (int f = 0; f < GROG_FAMILY_COUNT; f++) {
        grog_game *g = new_game((grog_family)f, 5);
        char *text = NULL;
        game_state ld = round_trip(g, &text);
        game_state_free(g, &ld);
        free(text);
        grog_game_close(g);
    }
}

/* Lengths read back bit for bit: whole mm (JSON integers), fractions of a mm
 * (17 digits), a facing of -0 (stays "-0.0"), a tiny facing. */
static void test_lengths_bit_for_bit(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 7);
    do_line(g, "move br-74th 12.3456789 55.5 -0");
    do_line(g, "move br-2-5th 0.1 119.99999999999 1e-300");
    do_line(g, "move picton 33.333333333333336 100 359.99999999999994");
    const grog_troop *u = grog_battle_unit_by_id(g->s.battle, "br-74th");
    assert_true(u->base.facing == 0 && signbit(u->base.facing));
    char *text = NULL;
    game_state ld = round_trip(g, &text); /* compares every base bit for bit */
    json_t *j = json_loads(text, 0, NULL), *e, *base = NULL;
    size_t i;
    json_array_foreach(json_object_get(j, "units"), i, e)
        if (strcmp(json_string_value(json_object_get(e, "id")), "br-74th") == 0)
            base = json_object_get(e, "base");
    assert_true(json_is_real(json_array_get(base, 0)));    /* 123.456789 mm */
    assert_true(json_is_integer(json_array_get(base, 1))); /* 555 mm */
    assert_int_equal(json_integer_value(json_array_get(base, 1)), 555);
    assert_true(json_is_real(json_array_get(base, 4))); /* -0.0 */
    json_decref(j);
    game_state_free(g, &ld);
    free(text);
    grog_game_close(g);
}

/* ---- damage ---- */

/* The node at path "a/0/b" (numbers index arrays), or NULL. */
static json_t *node_at(json_t *root, const char *path, char *last, size_t size)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", path);
    char *slash = strrchr(buf, '/');
    snprintf(last, size, "%.63s", slash != NULL ? slash + 1 : buf);
    if (slash == NULL)
        return root;
    *slash = '\0';
    json_t *n = root;
    for (char *tok = strtok(buf, "/"); tok != NULL && n != NULL; tok = strtok(NULL, "/"))
        n = json_is_array(n) ? json_array_get(n, (size_t)strtoul(tok, NULL, 10))
                             : json_object_get(n, tok);
    return n;
}

/* Sets (value) or deletes (value NULL) the node at path. */
static void set_at(json_t *root, const char *path, json_t *value)
{
    char last[64];
    json_t *parent = node_at(root, path, last, sizeof last);
    if (parent == NULL)
        fail_msg("no node %s", path);
    if (json_is_array(parent)) {
        size_t i = (size_t)strtoul(last, NULL, 10);
        if (value != NULL)
            assert_int_equal(json_array_set_new(parent, i, value), 0);
        else
            assert_int_equal(json_array_remove(parent, i), 0);
    } else if (value != NULL) {
        assert_int_equal(json_object_set_new(parent, last, value), 0);
    } else {
        assert_int_equal(json_object_del(parent, last), 0);
    }
}

/* The text with one change must be refused (GROG_EFORMAT, the message
 * containing want) and leave the target state as it was. */
static void refused_text(grog_game *g, const char *text, const char *want)
{
    game_state s;
    memset(&s, 0x5a, sizeof s); /* not a state: must be left alone */
    game_state before = s;
    grog_error err;
    grog_error_clear(&err);
    grog_status st = game_state_load(g, text, &s, &err);
    if (st != GROG_EFORMAT)
        fail_msg("expected GROG_EFORMAT (%s), got %d: %s", want, (int)st, err.message);
    if (strstr(err.message, want) == NULL)
        fail_msg("message \"%s\" does not name %s", err.message, want);
    assert_memory_equal(&s, &before, sizeof s);
}

static void refused(grog_game *g, const char *good, const char *path, json_t *value,
                    const char *want)
{
    json_t *root = json_loads(good, 0, NULL);
    assert_non_null(root);
    set_at(root, path, value);
    char *bad = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    json_decref(root);
    refused_text(g, bad, want);
    free(bad);
}

/* A game of each family played a little, its snapshot text. */
static grog_game *played(grog_family f, const char *const *lines, char **text)
{
    grog_game *g = new_game(f, 11);
    for (size_t i = 0; lines[i] != NULL; i++)
        do_line(g, lines[i]);
    *text = game_state_save(g, &g->s);
    assert_non_null(*text);
    return g;
}

static void test_damage_common(void **state)
{
    (void)state;
    static const char *const none[] = {NULL};
    char *t;
    grog_game *g = played(GROG_FAMILY_AIGLES, none, &t);
    size_t n = strlen(t);
    char *cut = strndup(t, n / 2);
    refused_text(g, cut, "not a JSON text");
    free(cut);
    refused_text(g, "[1,2]", "(top)");
    refused_text(g, "{\"format\":\"grognard-state\",\"format\":\"x\"}", "not a JSON text");
    refused(g, t, "format", json_string("grognard-game"), "format");
    refused(g, t, "version", json_integer(2), "version 2");
    refused(g, t, "family", json_string("gdb"), "\"gdb\"");
    refused(g, t, "turn", json_integer(0), "turn is out of range");
    refused(g, t, "turn", json_string("1"), "turn is missing or of the wrong type");
    refused(g, t, "phase", json_integer(4), "phase is out of range");
    refused(g, t, "rng/seed", json_string("0000000000000001"), "rng.seed");
    refused(g, t, "rng/s/2", json_string("12345"), "rng.s[2]");
    refused(g, t, "rng/s/1", json_string("zz00000000000000"), "rng.s[1]");
    refused(g, t, "rng/draws", json_integer(-1), "rng.draws");
    refused(g, t, "rng/draws", NULL, "rng.draws is missing");
    json_t *zero = json_pack("[s,s,s,s]", "0000000000000000", "0000000000000000",
                             "0000000000000000", "0000000000000000");
    refused(g, t, "rng/s", zero, "rng.s is out of range");
    /* pieces: ids, counts, references, ranges, types */
    refused(g, t, "units/0/id", json_string("nobody"), "units[0].id is \"nobody\"");
    refused(g, t, "officers/1/id", json_string("nobody"), "officers[1].id");
    refused(g, t, "units/0", NULL, "units: the snapshot lists");
    refused(g, t, "officers/0", NULL, "officers: the snapshot lists");
    refused(g, t, "officers/2/superior", json_string("nobody"), "officers[2].superior");
    refused(g, t, "units/1/parent", json_string("nobody"), "units[1].parent");
    refused(g, t, "officers/0/attached_to", json_string("nobody"), "officers[0].attached_to");
    refused(g, t, "officers/0/held_by", json_string("nobody"), "officers[0].held_by");
    refused(g, t, "units/0/order/2", json_string("nobody"), "units[0].order[2]");
    refused(g, t, "officers/0/role", json_string("king"), "officers[0].role is out of range");
    refused(g, t, "officers/0/state", json_string("asleep"), "officers[0].state");
    refused(g, t, "units/0/status", json_string("heroic"), "units[0].status");
    refused(g, t, "units/0/manoeuvre", json_string("Z"), "units[0].manoeuvre");
    refused(g, t, "units/0/figures", json_string("12"), "units[0].figures is missing or of");
    refused(g, t, "units/0/figures", json_integer(-1), "units[0].figures is out of range");
    refused(g, t, "units/0/flags", json_integer(64), "units[0].flags is out of range");
    refused(g, t, "units/0/flags", json_real(1.5), "units[0].flags is missing or of");
    refused(g, t, "officers/0/markers", json_integer(2), "officers[0].markers");
    refused(g, t, "officers/0/casualties", NULL, "officers[0].casualties is missing");
    refused(g, t, "officers/0/brigade_broken", json_integer(2), "officers[0].brigade_broken");
    refused(g, t, "units/0/base/0", json_real(1e9), "units[0].base[0] is out of range");
    refused(g, t, "units/0/base/1", json_string("0"), "units[0].base[1] is missing or of");
    refused(g, t, "units/0/base/2", json_real(0.0), "units[0].base[2] is out of range");
    refused(g, t, "units/0/base/4", json_real(360.0), "units[0].base[4] is out of range");
    refused(g, t, "units/0/base", json_pack("[f,f]", 1.0, 2.0),
            "units[0].base: the snapshot lists 2");
    refused(g, t, "units/0/order", json_pack("[s,s,s,i]", "", "", "", 0),
            "units[0].order: the snapshot lists");
    refused(g, t, "units/0/order/3", json_integer(-2), "units[0].order[3] is out of range");
    char longid[80];
    memset(longid, 'a', sizeof longid - 1);
    longid[sizeof longid - 1] = '\0';
    refused(g, t, "units/0/formation", json_string(longid), "units[0].formation is out of");
    refused(g, t, "units/0/formation", json_stringn("li\0ne", 5), "not a JSON text");
    refused(g, t, "family_state", NULL, "family_state is missing");
    free(t);
    grog_game_close(g);
}

/* Les Aigles' bookkeeping damaged (AIG-O-06, -11, -18, AIG-F-25). */
static void test_damage_aigles(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 3);
    char *t = game_state_save(g, &g->s);
    json_t *j = json_loads(t, 0, NULL);
    json_t *o0 = json_array_get(json_object_get(json_object_get(j, "family_state"), "officers"),
                                0);
    long long left = json_integer_value(json_object_get(o0, "left"));
    assert_true(left > 0); /* AIG-O-06: points at the start */
    json_decref(j);
    refused(g, t, "family_state/officers/0/left", json_integer(left + 1),
            "family_state.officers[0].left is out of range");
    refused(g, t, "family_state/officers/0/command", json_integer(99),
            "family_state.officers[0].command");
    refused(g, t, "family_state/officers/0/id", json_string("nobody"),
            "family_state.officers[0].id");
    refused(g, t, "family_state/officers/0/melee_unit", json_string("nobody"),
            "family_state.officers[0].melee_unit: the game has no \"nobody\"");
    refused(g, t, "family_state/officers/1", NULL, "family_state.officers: the snapshot lists");
    refused(g, t, "family_state/phase", json_integer(4), "family_state.phase");
    const char *unit = grog_battle_unit(g->s.battle, 0)->id;
    const char *off = grog_battle_officer(g->s.battle, 0)->id;
    refused(g, t, "family_state/changes",
            json_pack("[{s:s,s:s,s:s,s:i,s:i}]", "unit", unit, "from", "line", "to",
                      "attack-column", "total", 2, "remaining", 3),
            "family_state.changes[0].remaining is out of range");
    refused(g, t, "family_state/changes",
            json_pack("[{s:s,s:s,s:s,s:i,s:i}]", "unit", unit, "from", "line", "to", "circle",
                      "total", 2, "remaining", 1),
            "family_state.changes[0].to is out of range");
    refused(g, t, "family_state/changes",
            json_pack("[{s:s,s:s,s:s,s:i,s:i},{s:s,s:s,s:s,s:i,s:i}]", "unit", unit, "from",
                      "line", "to", "attack-column", "total", 2, "remaining", 1, "unit", unit,
                      "from", "line", "to", "attack-column", "total", 2, "remaining", 1),
            "family_state.changes[1].unit is out of range");
    refused(g, t, "family_state/riders",
            json_pack("[{s:s,s:s,s:s,s:s,s:s,s:i,s:i}]", "adc", off, "general", off, "target",
                      off, "order", "attack", "leg", "sideways", "half_periods", 1,
                      "back_half_periods", 1),
            "family_state.riders[0].leg");
    refused(g, t, "family_state/riders",
            json_pack("[{s:s,s:s,s:s,s:s,s:s,s:i,s:i}]", "adc", off, "general", off, "target",
                      off, "order", "dance", "leg", "out", "half_periods", 1,
                      "back_half_periods", 1),
            "family_state.riders[0].order");
    refused(g, t, "family_state/attempts",
            json_pack("[{s:s,s:s,s:s,s:i,s:i,s:i,s:i,s:i}]", "giver", "nobody", "receiver",
                      unit, "order", "attack", "active", 1, "explain_turns", 0, "failed_turns",
                      0, "failed_this_turn", 0, "explained_turn", -1),
            "family_state.attempts[0].giver");
    refused(g, t, "family_state/attempts",
            json_pack("[{s:s,s:s,s:s,s:i,s:i,s:i,s:i,s:i}]", "giver", off, "receiver", unit,
                      "order", "attack", "active", 1, "explain_turns", 0, "failed_turns", 0,
                      "failed_this_turn", 0, "explained_turn", -2),
            "family_state.attempts[0].explained_turn");
    refused(g, t, "family_state/attempts", json_object(), "family_state.attempts is missing");
    free(t);
    grog_game_close(g);
}

/* General de Brigade's books damaged (GDB-01, -02, -04). */
static void test_damage_gdb(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 3);
    char *t = game_state_save(g, &g->s);
    const char *side1 = grog_battle_side(g->s.battle, 1)->id;
    const char *off = grog_battle_officer(g->s.battle, 0)->id;
    refused(g, t, "family_state/books/0/side", json_string(side1),
            "family_state.books[0].side is out of range");
    refused(g, t, "family_state/books/1", NULL, "family_state.books: the snapshot lists");
    refused(g, t, "family_state/books/0/turn", json_integer(-1), "family_state.books[0].turn");
    refused(g, t, "family_state/books/0/tried", json_pack("[s,s]", off, off),
            "family_state.books[0].tried[1] is out of range");
    refused(g, t, "family_state/books/0/tried", json_pack("[s]", "nobody"),
            "family_state.books[0].tried[0]: the game has no \"nobody\"");
    refused(g, t, "family_state/books/0/brigades/0/pending", json_string("hidden"),
            "family_state.books[0].brigades[0].pending is out of range");
    refused(g, t, "family_state/books/0/brigades/0/pending", json_string("delayed"),
            "family_state.books[0].brigades[0].pending_order is missing");
    refused(g, t, "family_state/books/0/brigades/0/pending_order", json_string("attack"),
            "family_state.books[0].brigades[0].pending_order is out of range");
    refused(g, t, "family_state/books/0/brigades/0/pending_turn", json_integer(2),
            "family_state.books[0].brigades[0].pending_turn is out of range");
    refused(g, t, "family_state/books/0/brigades/0/order", json_string(""),
            "family_state.books[0].brigades[0].order is out of range");
    refused(g, t, "family_state/books/0/brigades/0/brigade", json_string("nobody"),
            "family_state.books[0].brigades[0].brigade");
    json_t *j = json_loads(t, 0, NULL);
    json_t *br = json_object_get(json_array_get(json_object_get(json_object_get(j,
                                                                                "family_state"),
                                                                "books"),
                                                0),
                                 "brigades");
    assert_true(json_array_size(br) > 0);
    json_t *dup = json_pack("[O,O]", json_array_get(br, 0), json_array_get(br, 0));
    json_decref(j);
    refused(g, t, "family_state/books/0/brigades", dup,
            "family_state.books[0].brigades[1].brigade is out of range");
    refused(g, t, "family_state/books/0", json_integer(3), "family_state.books[0] is missing");
    refused(g, t, "family_state/phase", json_integer(3), "family_state.phase");
    free(t);
    grog_game_close(g);
}

/* Grande Tactique's officers damaged (GT-10, -13, -14, -16, GT-07). */
static void test_damage_gt(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GT, 3);
    char *t = game_state_save(g, &g->s);
    refused(g, t, "family_state/officers/0/pips", json_integer(-1),
            "family_state.officers[0].pips is out of range");
    refused(g, t, "family_state/officers/0/gift", json_integer(3),
            "family_state.officers[0].gift is out of range");
    refused(g, t, "family_state/officers/0/gift", json_integer(1),
            "family_state.officers[0].gift_to is missing");
    refused(g, t, "family_state/officers/0/gift_to", json_string("x"),
            "family_state.officers[0].gift_to is out of range");
    refused(g, t, "family_state/officers/0/start_attach", json_string("nobody"),
            "family_state.officers[0].start_attach: the game has no");
    refused(g, t, "family_state/officers/0/plan", json_integer(2),
            "family_state.officers[0].plan");
    refused(g, t, "family_state/officers/0/rank", json_integer(-1),
            "family_state.officers[0].rank");
    refused(g, t, "family_state/officers/0/id", json_string("nobody"),
            "family_state.officers[0].id");
    refused(g, t, "family_state/officers/0", json_string("x"),
            "family_state.officers[0] is missing or of the wrong type");
    refused(g, t, "family_state/officers", json_array(),
            "family_state.officers: the snapshot lists 0");
    free(t);
    grog_game_close(g);
}

/* The same state gives the same bytes and digest; any change another digest. */
static void test_digest(void **state)
{
    (void)state;
    static const char *const none[] = {NULL};
    char *t;
    grog_game *g = played(GROG_FAMILY_GT, none, &t);
    char d1[33], d2[33];
    game_state_digest(t, d1);
    game_state_digest(t, d2);
    assert_int_equal(strlen(d1), 32);
    assert_string_equal(d1, d2);
    for (size_t i = 0; i < strlen(d1); i++)
        assert_non_null(strchr("0123456789abcdef", d1[i]));
    size_t n = strlen(t);
    for (size_t at = 0; at < n; at += n / 7 + 1) {
        char old = t[at];
        t[at] ^= 1;
        game_state_digest(t, d2);
        assert_string_not_equal(d1, d2);
        t[at] = old;
    }
    t[n - 1] = '\0'; /* cut */
    game_state_digest(t, d2);
    assert_string_not_equal(d1, d2);
    game_state_digest("", d2);
    assert_int_equal(strlen(d2), 32);
    free(t);
    grog_game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fresh_state),
        cmocka_unit_test(test_lengths_bit_for_bit),
        cmocka_unit_test(test_aigles_walk),
        cmocka_unit_test(test_gdb_walk),
        cmocka_unit_test(test_gt_walk),
        cmocka_unit_test(test_other_scenario_walks),
        cmocka_unit_test(test_damage_common),
        cmocka_unit_test(test_damage_aigles),
        cmocka_unit_test(test_damage_gdb),
        cmocka_unit_test(test_damage_gt),
        cmocka_unit_test(test_digest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
