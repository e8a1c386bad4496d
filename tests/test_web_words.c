/* test_web_words.c — every game word the table page translates from an id is
 * in po/web-words.txt (issue 16: a French phone read "attach", "event melee",
 * "pips", "unit" in English).
 *
 * The page (web/js/) shows ids from the server through t(): an
 * action's label, its words joined ("event melee": actionLabel), each
 * argument's name (t(a.name) in draftView), the fields of a piece's card
 * (t(k) in cardFor) and the keys of any object it shows as "key: value"
 * (t(k) in show(): the card's other objects, the referee's view of each
 * side's orders). t() finds a translation only for the texts of the
 * catalogues, and a game word is in the catalogues only when it is a line of
 * po/web-words.txt (scripts/pot-web.sh); check-po then makes sure French and
 * Russian translate every line.
 *
 * So each family plays a deterministic walk of legal actions (a fixed
 * generator picks among what the referee may do now and among each
 * argument's choices, as tests/fuzz/fuzz_walk.c does, with `next` now and
 * then), and at every step the words are collected from
 * grog_game_actions_json for the referee, and at every new phase for each
 * side too, and from grog_view_game_json for the same seats. The walk must
 * reach every action word the family knows (grog_game_action_name), so that
 * a new action is seen, and every word seen must be a line of the file.
 *
 * The choices on a draft's chips are ids too: formations, order kinds,
 * "won"/"lost", "on"/"off", gt's plan words and PIP actions. The page shows
 * them through tw(context, id), the message context of the rules' words
 * (docs/i18n.md), chosen by the argument's kind, or for kind "word" by its
 * name (choiceContext in web/js/words.js: choice_context below is the same
 * table). Every choice of such an argument must be a line CONTEXT|choice of
 * the file; an argument with choices whose kind is neither a piece nor in the
 * table fails too, so that a new kind of choice is not shown in English.
 *
 * The card's values are ids too (arm "infantry", status "veteran", formation
 * "line", state, role, flags, an order's kind, a general's skill), and the
 * turn bar's phase: the page shows them through tw(context, value), the
 * context chosen by the field's name (VALUE_CONTEXT in web/js/words.js:
 * value_context below is the same table). Every value the view holds in the
 * walk, and every name of the enums those fields are written from (so that a
 * value the walk does not reach is covered too), must be a line
 * CONTEXT|value of the file. */
#include "grognard/aigles_formation.h"
#include "grognard/battle.h"
#include "grognard/game.h"
#include "grognard/view.h"
#include "testutil.h"

/* The card's fields the page never labels (cardFor's skip set), and those it
 * shows in a form of their own, whose keys it does not translate (field()). */
static const char *const card_skip[] = {"id",    "name",  "short_name", "kind",  "side",
                                        "x",     "y",     "width",      "depth", "facing", NULL};
static const char *const card_own_form[] = {"order", "pending", "ratings", "changing", "melee",
                                            NULL};

/* Action words no list offers: the journal's own, and explain (a question, not an
 * action: the page asks it through preview). */
/* The claims' words are not in the actions list either: the page answers a
 * claim from GET claims (web/js/claims.js, its buttons' labels translated
 * texts), and a side's event about the other side's pieces is made a claim
 * by the library (docs/game.md "Claims"). */
static const char *const never_listed[] = {"start", "undo", "explain", "claim", "accept",
                                           "dispute", "decide", NULL};

static int in_list(const char *const *list, const char *s)
{
    for (size_t i = 0; list[i] != NULL; i++)
        if (strcmp(list[i], s) == 0)
            return 1;
    return 0;
}

static const char *srcdir(void)
{
    const char *s = getenv("GROGNARD_SRCDIR");
    return s != NULL ? s : ".";
}

/* po/web-words.txt as a set {line: true}: comments and empty lines left out. */
static json_t *web_words(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/po/web-words.txt", srcdir());
    FILE *f = fopen(path, "r");
    if (f == NULL)
        fail_msg("cannot read %s", path);
    json_t *set = json_object();
    char line[256];
    while (fgets(line, sizeof line, f) != NULL) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] != '\0' && line[0] != '#')
            json_object_set_new(set, line, json_true());
    }
    fclose(f);
    return set;
}

/* Adds word to seen, with where it was first seen (for the failure message). */
static void saw(json_t *seen, const char *word, const char *where)
{
    if (json_object_get(seen, word) == NULL)
        json_object_set_new(seen, word, json_string(where));
}

/* The keys show() translates: every key of every object inside v. */
static void shown_keys(json_t *seen, json_t *v, const char *where)
{
    const char *k;
    json_t *x;
    size_t i;
    if (json_is_object(v)) {
        json_object_foreach(v, k, x) {
            saw(seen, k, where);
            shown_keys(seen, x, where);
        }
    } else if (json_is_array(v)) {
        json_array_foreach(v, i, x) shown_keys(seen, x, where);
    }
}

/* Argument kinds whose choices are ids of pieces: the page shows their names
 * (PIECE_KINDS in web/js/action.js, and the enemy officers of contact and
 * surrounded). */
static const char *const piece_kinds[] = {"general", "officer",         "adc",           "unit",
                                          "piece",   "unit-or-officer", "enemy-officer", NULL};

/* The message context of the choices of an argument of kind `kind` named
 * `name`, as choiceContext in web/js/words.js; NULL when there is none. */
static const char *choice_context(const char *kind, const char *name)
{
    static const char *const by_kind[][2] = {
        {"formation", "formation"}, {"order-kind", "order"}, {"pip-action", "pip-action"},
        {"length", "move"}}; /* move's x: the relative forms' words */
    static const char *const by_name[][2] = {
        {"result", "melee"}, {"state", "marker"}, {"plan", "plan"}, {"unit-word", "gift"}};
    const char *key = strcmp(kind, "word") == 0 ? name : kind;
    const char *const(*table)[2] = strcmp(kind, "word") == 0 ? by_name : by_kind;
    size_t n = strcmp(kind, "word") == 0 ? sizeof by_name / sizeof by_name[0]
                                         : sizeof by_kind / sizeof by_kind[0];
    for (size_t i = 0; i < n; i++)
        if (strcmp(table[i][0], key) == 0)
            return table[i][1];
    return NULL;
}

/* The words on the chips of arg: CONTEXT|choice for each of its choices (and
 * of its choices_by lists, a subset of them). */
static void choice_words(json_t *seen, json_t *arg, const char *label, const char *where)
{
    const char *kind = json_string_value(json_object_get(arg, "kind"));
    const char *name = json_string_value(json_object_get(arg, "name"));
    json_t *choices = json_object_get(arg, "choices");
    if (json_array_size(choices) == 0 || in_list(piece_kinds, kind))
        return;
    const char *ctx = choice_context(kind, name);
    char word[256], at[512];
    size_t i;
    json_t *c;
    json_array_foreach(choices, i, c) {
        if (ctx != NULL)
            snprintf(word, sizeof word, "%s|%s", ctx, json_string_value(c));
        else /* never a line of the file: the failure names the kind */
            snprintf(word, sizeof word, "kind %s (no context in choiceContext)", kind);
        snprintf(at, sizeof at, "%.300s, %.100s %.60s", where, label, name);
        saw(seen, word, at);
    }
}

/* The labels and argument names of the actions seat may take now. Returns
 * the list (caller decrefs). */
static json_t *actions_words(const grog_game *g, const grog_seat *seat, json_t *seen,
                             json_t *firsts, const char *where)
{
    char *text = NULL;
    grog_error err;
    if (grog_game_actions_json(g, seat, &text, &err) != GROG_OK)
        fail_msg("actions (%s): %s", where, err.message);
    json_t *j = json_loads(text, 0, NULL);
    free(text);
    assert_non_null(j);
    size_t i, k;
    json_t *a, *w, *arg;
    json_array_foreach(json_object_get(j, "actions"), i, a) {
        char label[256] = "";
        size_t n = 0;
        json_array_foreach(json_object_get(a, "words"), k, w)
            n += (size_t)snprintf(label + n, sizeof label - n, "%s%s", k ? " " : "",
                                  json_string_value(w));
        assert_true(n > 0 && n < sizeof label);
        saw(seen, label, where);
        json_object_set_new(firsts, json_string_value(json_array_get(json_object_get(a, "words"), 0)),
                            json_true());
        json_array_foreach(json_object_get(a, "args"), k, arg) {
            saw(seen, json_string_value(json_object_get(arg, "name")), where);
            choice_words(seen, arg, label, where);
        }
    }
    json_t *list = json_incref(json_object_get(j, "actions"));
    json_decref(j);
    return list;
}

/* The message context of the values of a card's field named `key`, as
 * VALUE_CONTEXT in web/js/words.js; NULL when its values are not the rules' ids
 * (numbers, pieces' ids, texts). */
static const char *value_context(const char *key)
{
    static const char *const table[][2] = {
        {"arm", "arm"},        {"status", "status"},     {"formation", "formation"},
        {"role", "role"},      {"state", "state"},       {"flags", "flag"},
        {"kind", "order"},     {"gdb_skill", "skill"},   {"gt_quality", "skill"},
        {"phase", "phase"},    {"from", "formation"},    {"to", "formation"}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i][0], key) == 0)
            return table[i][1];
    return NULL;
}

static void saw_value(json_t *seen, const char *ctx, const char *value, const char *where)
{
    char word[256];
    snprintf(word, sizeof word, "%s|%s", ctx, value);
    saw(seen, word, where);
}

/* CONTEXT|value for every string value (or list of strings) of a field with a
 * value context, at any depth of v (the card's ratings, order, pending,
 * changing; the referee's view of each side's orders). */
static void card_values(json_t *seen, json_t *v, const char *where)
{
    const char *k;
    json_t *x, *e;
    size_t i;
    if (json_is_array(v)) {
        json_array_foreach(v, i, x) card_values(seen, x, where);
        return;
    }
    json_object_foreach(v, k, x) {
        const char *ctx = value_context(k);
        if (ctx != NULL && json_is_string(x))
            saw_value(seen, ctx, json_string_value(x), where);
        else if (ctx != NULL && json_is_array(x)) {
            json_array_foreach(x, i, e) {
                if (json_is_string(e))
                    saw_value(seen, ctx, json_string_value(e), where);
            }
        } else
            card_values(seen, x, where);
    }
}

/* Every name of the enums the card's values are written from (src/view/view.c):
 * a value the walk may not reach (a prisoner, a militia unit, gt's "great"). */
static void enum_values(json_t *seen)
{
    const char *at = "the enums of include/grognard/battle.h";
    for (int i = 0; i < GROG_ARM_COUNT; i++)
        saw_value(seen, "arm", grog_arm_name((grog_arm)i), at);
    for (int i = 0; i < GROG_STATUS_COUNT; i++)
        saw_value(seen, "status", grog_unit_status_name((grog_unit_status)i), at);
    for (int i = 0; i < GROG_ROLE_COUNT; i++)
        saw_value(seen, "role", grog_role_name((grog_role)i), at);
    for (int i = 0; i < GROG_OFFICER_STATE_COUNT; i++)
        saw_value(seen, "state", grog_officer_state_name((grog_officer_state)i), at);
    for (int i = 0; i < GROG_GDB_SKILL_COUNT; i++)
        saw_value(seen, "skill", grog_gdb_skill_name((grog_gdb_skill)i), at);
    for (int i = 0; i < GROG_GT_QUALITY_COUNT; i++)
        saw_value(seen, "skill", grog_gt_quality_name((grog_gt_quality)i), at);
    for (int k = 0; k < GROG_UNIT_FLAG_COUNT; k++)
        saw_value(seen, "flag", grog_unit_flag_name((grog_unit_flag)(1u << k)), at);
    for (int i = 0; i < GROG_AIGLES_FM_COUNT; i++)
        saw_value(seen, "formation", grog_aigles_formation_name((grog_aigles_formation)i), at);
}

/* The card's field names and the keys of the objects the page shows. */
static void view_words(const grog_game *g, const grog_seat *seat, json_t *seen, const char *where)
{
    char *text = NULL;
    grog_error err;
    if (grog_view_game_json(g, seat, &text, &err) != GROG_OK)
        fail_msg("view (%s): %s", where, err.message);
    json_t *j = json_loads(text, 0, NULL);
    free(text);
    assert_non_null(j);
    saw_value(seen, "phase", json_string_value(json_object_get(j, "phase")), where);
    size_t n;
    json_t *ph;
    json_array_foreach(json_object_get(j, "phases"), n, ph)
        saw_value(seen, "phase", json_string_value(ph), where);
    static const char *const kinds[] = {"officers", "units"};
    for (size_t s = 0; s < 2; s++) {
        size_t i;
        json_t *p;
        json_array_foreach(json_object_get(j, kinds[s]), i, p) {
            const char *k;
            json_t *v;
            card_values(seen, p, where);
            json_object_foreach(p, k, v) {
                if (in_list(card_skip, k))
                    continue;
                saw(seen, k, where);
                if (!in_list(card_own_form, k))
                    shown_keys(seen, v, where);
            }
            /* the referee's view of each side: show(o.order), show(o.pending) */
            shown_keys(seen, json_object_get(p, "order"), where);
            shown_keys(seen, json_object_get(p, "pending"), where);
        }
    }
    json_decref(j);
}

/* A fixed generator (an LCG): the walk is the same on every run. */
static unsigned next_rand(uint64_t *r)
{
    *r = *r * 6364136223846793005u + 1442695040888963407u;
    return (unsigned)(*r >> 33);
}

static const char *pick(json_t *choices, unsigned n)
{
    size_t size = json_array_size(choices);
    return size ? json_string_value(json_array_get(choices, n % size)) : NULL;
}

/* One line for action a, its values picked by the generator. */
static void line_for(json_t *a, uint64_t *r, char *line, size_t size)
{
    size_t k = 0, i;
    json_t *w, *arg;
    json_array_foreach(json_object_get(a, "words"), i, w)
        k += (size_t)snprintf(line + k, size - k, "%s%s", k ? " " : "", json_string_value(w));
    char prev[128] = "", two[256] = "", num[16];
    json_array_foreach(json_object_get(a, "args"), i, arg) {
        if (json_is_true(json_object_get(arg, "optional")) && next_rand(r) % 2 == 0)
            break;
        /* choices_by: keyed by the two values before (joined by a space) or the one */
        int by = json_object_get(arg, "choices_by") != NULL;
        const char *v = NULL;
        if (by && test_choices_by(arg, two) != NULL)
            v = pick(test_choices_by(arg, two), next_rand(r));
        else if (by && i > 0)
            v = pick(test_choices_by(arg, prev), next_rand(r));
        if (v == NULL)
            v = pick(json_object_get(arg, "choices"), next_rand(r));
        if (v == NULL) {
            snprintf(num, sizeof num, "%u", next_rand(r) % 600);
            v = num;
        }
        k += (size_t)snprintf(line + k, size - k, " %s", v);
        snprintf(two, sizeof two, "%s %s", prev, v);
        snprintf(prev, sizeof prev, "%s", v);
    }
}

/* The words of every seat now. */
static void all_seats(const grog_game *g, json_t *seen, json_t *firsts, const char *phase)
{
    const grog_battle *b = grog_game_battle(g);
    char where[256];
    for (size_t s = 0; s < grog_battle_nsides(b); s++) {
        grog_seat seat = {GROG_SEAT_SIDE, grog_battle_side(b, s)->id};
        snprintf(where, sizeof where, "%.120s, side %.120s", phase, seat.side);
        json_decref(actions_words(g, &seat, seen, firsts, where));
        view_words(g, &seat, seen, where);
    }
}

static void walk_family(grog_family f)
{
    grog_game_options o = {f, NULL, 1810, NULL};
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_create_memory(&o, &g, &err) != GROG_OK)
        fail_msg("create: %s", err.message);
    grog_seat referee = {GROG_SEAT_REFEREE, NULL};
    json_t *seen = json_object(), *firsts = json_object();
    enum_values(seen);
    uint64_t r = 16;
    char now[128], phase[128] = "", where[160];
    for (int step = 0; step < 400; step++) {
        snprintf(now, sizeof now, "%s turn %d %.80s", grog_family_name(f), grog_game_turn(g),
                 grog_game_phase(g));
        snprintf(where, sizeof where, "%s, referee", now);
        if (strcmp(phase, now) != 0) {
            snprintf(phase, sizeof phase, "%s", now);
            all_seats(g, seen, firsts, now);
            view_words(g, &referee, seen, where);
        }
        json_t *list = actions_words(g, &referee, seen, firsts, where);
        unsigned n = next_rand(&r);
        json_t *a = n % 6 == 0 ? NULL : json_array_get(list, n % json_array_size(list));
        char line[512] = "next";
        if (a != NULL)
            line_for(a, &r, line, sizeof line);
        json_decref(list);
        char *result = NULL;
        (void)grog_game_do_line(g, line, &result, &err); /* a refusal is a step too */
        free(result);
    }
    int unreached = 0;
    for (size_t i = 0; grog_game_action_name(g, i) != NULL; i++) {
        const char *name = grog_game_action_name(g, i);
        if (!in_list(never_listed, name) && json_object_get(firsts, name) == NULL) {
            print_message("%s: the walk never reached \"%s\"\n", grog_family_name(f), name);
            unreached++;
        }
    }
    assert_int_equal(unreached, 0);
    json_t *words = web_words();
    const char *word;
    json_t *at;
    int missing = 0;
    json_object_foreach(seen, word, at) {
        if (json_object_get(words, word) == NULL) {
            print_message("\"%s\" (%s) is not a line of po/web-words.txt\n", word,
                          json_string_value(at));
            missing++;
        }
    }
    assert_int_equal(missing, 0);
    json_decref(words);
    json_decref(seen);
    json_decref(firsts);
    grog_game_close(g);
}

static void test_aigles_words(void **state)
{
    (void)state;
    walk_family(GROG_FAMILY_AIGLES);
}

static void test_gdb_words(void **state)
{
    (void)state;
    walk_family(GROG_FAMILY_GDB);
}

static void test_gt_words(void **state)
{
    (void)state;
    walk_family(GROG_FAMILY_GT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_aigles_words),
        cmocka_unit_test(test_gdb_words),
        cmocka_unit_test(test_gt_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
