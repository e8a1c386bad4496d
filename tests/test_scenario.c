/* test_scenario.c — scenario files: the bundled scenarios, every kind of
 * problem with its exact message, line and column, round trips, the
 * generator, and the validate / show / generate commands. */
#include <math.h>
#include <unistd.h>

#include "grognard/scenario.h"
#include "testutil.h"

static char *fixture; /* tests/data/scenario-minimal.json */

static char *read_fixture(const char *name)
{
    const char *dir = getenv("GROGNARD_SRCDIR");
    char path[512];
    snprintf(path, sizeof path, "%s/tests/data/%s", dir ? dir : ".", name);
    char *text = NULL;
    grog_error err;
    if (grog_data_read_file(path, &text, NULL, &err) != GROG_OK)
        fail_msg("%s", err.message);
    return text;
}

/* The fixture with the first occurrence of `from` replaced by `to`
 * (applied in turn for each pair; NULL ends the list). Freed by caller. */
static char *mutate(const char *text, ...)
{
    char *cur = strdup(text);
    va_list ap;
    va_start(ap, text);
    for (;;) {
        const char *from = va_arg(ap, const char *);
        if (from == NULL)
            break;
        const char *to = va_arg(ap, const char *);
        char *at = strstr(cur, from);
        if (at == NULL)
            fail_msg("mutate: \"%s\" not found", from);
        size_t n = strlen(cur) - strlen(from) + strlen(to) + 1;
        char *next = malloc(n);
        size_t pre = (size_t)(at - cur);
        memcpy(next, cur, pre);
        strcpy(next + pre, to);
        strcat(next, at + strlen(from));
        free(cur);
        cur = next;
    }
    va_end(ap);
    return cur;
}

/* The 1-based column of the first `needle` on line `line` of text. */
static int col_of(const char *text, int line, const char *needle)
{
    const char *p = text;
    for (int l = 1; l < line; l++) {
        p = strchr(p, '\n');
        assert_non_null(p);
        p++;
    }
    const char *end = strchr(p, '\n');
    const char *at = strstr(p, needle);
    assert_non_null(at);
    assert_true(end == NULL || at < end);
    return (int)(at - p) + 1;
}

/* Loads text as "bad.json"; expects failure with exactly the problems
 * given as (line, needle on that line, "path: message") triples. */
static void expect_problems(const char *text, int n, ...)
{
    grog_problems *pr = grog_problems_create();
    grog_battle *b = (grog_battle *)(uintptr_t)1; /* must stay untouched */
    grog_error err;
    assert_int_equal(grog_scenario_read_text(text, "bad.json", &b, pr, &err), GROG_EFORMAT);
    assert_ptr_equal(b, (grog_battle *)(uintptr_t)1);
    if ((int)grog_problems_count(pr) != n) {
        for (size_t i = 0; i < grog_problems_count(pr); i++)
            print_message("got: %s\n", grog_problems_get(pr, i)->text);
        fail_msg("expected %d problems, got %zu", n, grog_problems_count(pr));
    }
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        int line = va_arg(ap, int);
        const char *needle = va_arg(ap, const char *);
        const char *rest = va_arg(ap, const char *);
        char want[1024];
        snprintf(want, sizeof want, "bad.json:%d:%d: %s", line, col_of(text, line, needle), rest);
        const grog_problem *p = grog_problems_get(pr, (size_t)i);
        assert_string_equal(p->text, want);
        assert_int_equal(p->line, line);
        if (i == 0 && n == 1)
            assert_string_equal(err.message, want);
    }
    va_end(ap);
    if (n > 1) {
        char want[1100];
        /* "1 more problem", "2 more problems" (it said "1 more problems") */
        snprintf(want, sizeof want, "%s (and %d more problem%s)", grog_problems_get(pr, 0)->text,
                 n - 1, n == 2 ? "" : "s");
        assert_string_equal(err.message, want);
    }
    grog_problems_destroy(pr);
}

static void expect_one(const char *text, int line, const char *needle, const char *rest)
{
    expect_problems(text, 1, line, needle, rest);
}

/* ---- the bundled scenarios ---- */

static void test_bundled_scenarios_validate(void **state)
{
    (void)state;
    assert_true(grog_scenario_embedded_count() >= 2);
    for (size_t i = 0; i < grog_scenario_embedded_count(); i++) {
        const char *name = grog_scenario_embedded_name(i);
        grog_battle *b = NULL;
        grog_error err;
        if (grog_scenario_load_embedded(name, &b, &err) != GROG_OK)
            fail_msg("%s", err.message);
        assert_int_equal(grog_battle_check(b, NULL, NULL), 0);
        const grog_meta *m = grog_battle_meta(b);
        assert_true(m->nsources >= 3);        /* researched and cited */
        assert_true(strlen(m->rating_notes) > 100);
        /* Each side: a C-in-C with ADCs and several brigades (two at least:
         * the orders of battle as read give Maida's French Compere's and
         * Peyri's, Wertingen's Austrians their cavalry and their united
         * grenadiers, Mir's Poles Dziewanowski's and Turno's and its Russians
         * Kuteinikov's and Vasilchikov's). */
        for (size_t s = 0; s < grog_battle_nsides(b); s++) {
            const char *side = grog_battle_side(b, s)->id;
            size_t cinc, brigades = 0;
            assert_true(grog_battle_commander_in_chief(b, side, &cinc));
            assert_int_equal(grog_battle_officer(b, cinc)->role, GROG_ROLE_C_IN_C);
            assert_true(grog_battle_adcs(b, cinc, NULL, 0) >= 1);
            for (size_t k = 0; k < grog_battle_nofficers(b); k++)
                brigades += grog_battle_officer(b, k)->role == GROG_ROLE_BRIGADE &&
                            strcmp(grog_battle_officer(b, k)->side, side) == 0;
            assert_true(brigades >= 2);
        }
        grog_battle_destroy(b);
    }
}

/* The default reproduces the gdb worked example's set-up: Picton (gifted
 * C-in-C) 35 cm from Pack (GDB-08, GDB-09, GDB-14), and Brenier. */
static void test_default_is_the_gdb_example(void **state)
{
    (void)state;
    grog_battle *b = NULL;
    assert_string_equal(grog_scenario_default_name(), "scenarios/bussaco-1810.json");
    assert_int_equal(grog_scenario_load(NULL, &b, NULL), GROG_OK);
    size_t picton, pack;
    assert_true(grog_battle_officer_index(b, "picton", &picton));
    assert_true(grog_battle_officer_index(b, "pack", &pack));
    assert_non_null(grog_battle_officer_by_id(b, "brenier"));
    const grog_officer *p = grog_battle_officer(b, picton);
    assert_int_equal(p->role, GROG_ROLE_C_IN_C);
    assert_int_equal(p->ratings.gdb_skill, GROG_GDB_SKILL_GIFTED);
    assert_true(fabs(grog_battle_officer_distance(b, picton, pack) - 350.0) < 1e-6);
    const grog_officer *k = grog_battle_officer(b, pack);
    assert_string_equal(k->pending.kind, "attack"); /* GDB-02: face down */
    assert_string_equal(k->pending.target, "brenier");
    assert_int_equal(k->nation, GROG_NATION_BRITAIN);
    grog_battle_destroy(b);
    /* By short name, and a name that does not exist. */
    grog_error err;
    assert_int_equal(grog_scenario_load("quatre-bras-1815", &b, &err), GROG_OK);
    assert_non_null(grog_battle_officer_by_id(b, "wellington"));
    /* Quatre Bras is written in inches: 72 x 48 in. */
    assert_true(fabs(grog_battle_table(b)->width_mm - 72 * 25.4) < 1e-9);
    grog_battle_destroy(b);
    b = NULL;
    assert_int_equal(grog_scenario_load("no-such-battle", &b, &err), GROG_ENOTFOUND);
    assert_null(b);
}

static void test_minimal_fixture_loads(void **state)
{
    (void)state;
    grog_battle *b = NULL;
    grog_error err;
    if (grog_scenario_load_text(fixture, "minimal.json", &b, &err) != GROG_OK)
        fail_msg("%s", err.message);
    const grog_troop *u = grog_battle_unit_by_id(b, "u2");
    /* cm to mm; parent from the officer's list; flags and defaults. */
    assert_true(fabs(u->base.centre.x - 1100) < 1e-9);
    assert_true(fabs(u->base.width - 100) < 1e-9);
    assert_string_equal(u->parent, "ba");
    assert_true(u->can_dismount);
    assert_string_equal(u->formation, "line");
    assert_true(grog_battle_unit_by_id(b, "u3")->flags == GROG_UNIT_DISORDERED);
    const grog_officer *ba = grog_battle_officer_by_id(b, "ba");
    assert_string_equal(ba->order.kind, "hold");
    assert_string_equal(ba->pending.text, "Engage the French brigade");
    assert_true(ba->base.width == 40 && ba->base.depth == 40); /* default officer base */
    assert_true(ba->adc_speed < 0);
    grog_battle_destroy(b);
}

/* ---- one test per kind of problem ---- */

static void test_syntax_error_position(void **state)
{
    (void)state;
    char *t = mutate(fixture, "\"format\": 1,", "\"format\": 1", NULL);
    grog_problems *pr = grog_problems_create();
    grog_error err;
    assert_int_equal(grog_scenario_read_text(t, "bad.json", NULL, pr, &err), GROG_EFORMAT);
    assert_string_equal(err.message, "bad.json:3:8: '}' expected near '\"meta\"'");
    assert_int_equal(grog_problems_get(pr, 0)->line, 3);
    assert_int_equal(grog_problems_get(pr, 0)->column, 8);
    grog_problems_destroy(pr);
    free(t);
    assert_int_equal(grog_scenario_load_text("", "empty.json", NULL, &err), GROG_EFORMAT);
    assert_string_equal(err.message, "empty.json:1:1: '[' or '{' expected near end of file");
    assert_int_equal(grog_scenario_load_text("[1, 2]", "arr.json", NULL, &err), GROG_EFORMAT);
    assert_string_equal(err.message, "arr.json:1:1: expected an object, found an array");
    /* A UTF-8 byte-order mark (a Windows editor's) is named: jansson said
     * "'[' or '{' expected near" an invisible character. */
    size_t n = strlen(fixture);
    t = malloc(n + 4);
    memcpy(t, "\xEF\xBB\xBF", 3);
    memcpy(t + 3, fixture, n + 1);
    assert_int_equal(grog_scenario_load_text(t, "bom.json", NULL, &err), GROG_EFORMAT);
    assert_string_equal(err.message, "bom.json:1:1: the file begins with a byte-order mark "
                                     "(U+FEFF): save it as UTF-8 without one");
    free(t);
}

static void test_unknown_key(void **state)
{
    (void)state;
    char *t = mutate(fixture, "\"facing\": 180, \"base\": {\"width\": 16",
                     "\"facnig\": 180, \"base\": {\"width\": 16", NULL);
    expect_one(t, 17, "\"facnig\"",
               "units[0].facnig: unknown key \"facnig\" (expected one of: id, name, side, arm, "
               "status, manoeuvre, figures, subunits, formation, position, facing, base, state, "
               "melee_since, casualties, can_dismount)");
    free(t);
    t = mutate(fixture, "\"gdb\": {\"skill\": \"gifted\"}", "\"gdb\": {\"skill\": \"gifted\", \"skil\": 1}",
               NULL);
    expect_one(t, 10, "\"skil\"",
               "officers[0].ratings.gdb.skil: unknown key \"skil\" (expected one of: skill)");
    free(t);
}

static void test_wrong_type(void **state)
{
    (void)state;
    char *t = mutate(fixture, "\"figures\": 24", "\"figures\": \"24\"", NULL);
    expect_one(t, 17, "\"figures\"", "units[0].figures: expected an integer, found a string");
    free(t);
    t = mutate(fixture, "\"units\": [\"u3\"]", "\"units\": \"u3\"", NULL);
    expect_one(t, 14, "\"units\"", "officers[4].units: expected an array, found a string");
    free(t);
}

static void test_rating_out_of_range(void **state)
{
    (void)state;
    /* AIG-O-01: charisma and command are 0 to 5. */
    char *t = mutate(fixture, "\"charisma\": 3", "\"charisma\": 7", NULL);
    expect_one(t, 10, "\"charisma\"",
               "officers[0].ratings.aigles.charisma: charisma 7 is out of range 0 to 5 "
               "(AIG-O-01)");
    free(t);
    t = mutate(fixture, "\"command\": 2}", "\"command\": -1}", NULL);
    expect_one(t, 11, "\"command\"",
               "officers[1].ratings.aigles.command: command -1 is out of range 0 to 5 "
               "(AIG-O-01)");
    free(t);
    t = mutate(fixture, "\"skill\": \"poor\"", "\"skill\": \"excellent\"", NULL);
    expect_one(t, 12, "\"skill\"",
               "officers[2].ratings.gdb.skill: unknown gdb skill \"excellent\" (expected one of: "
               "gifted, ordinary, poor)");
    free(t);
}

static void test_bad_enum_and_missing(void **state)
{
    (void)state;
    char *t = mutate(fixture, "\"arm\": \"cavalry\"", "\"arm\": \"cavalery\"", NULL);
    expect_one(t, 18, "\"arm\"",
               "units[1].arm: unknown arm \"cavalery\" (expected one of: infantry, cavalry, "
               "foot-artillery, horse-artillery, engineers)");
    free(t);
    /* A missing key is placed at its object. */
    t = mutate(fixture, "\"name\": \"First battalion\", ", "", NULL);
    expect_one(t, 17, "{\"id\": \"u1\"", "units[0].name: missing (required)");
    free(t);
}

static void test_unknown_reference(void **state)
{
    (void)state;
    char *t = mutate(fixture, "\"superior\": \"cf\"", "\"superior\": \"cx\"", NULL);
    expect_one(t, 14, "\"superior\"", "officers[4].superior: no officer \"cx\"");
    free(t);
    t = mutate(fixture, "\"units\": [\"u3\"]", "\"units\": [\"u9\"]", NULL);
    expect_one(t, 14, "\"u9\"", "officers[4].units[0]: no unit \"u9\"");
    free(t);
    t = mutate(fixture, "\"target\": \"bf\"", "\"target\": \"bx\"", NULL);
    expect_one(t, 23, "\"target\"", "orders[1].target: no side, officer or unit \"bx\"");
    free(t);
    t = mutate(fixture, "{\"to\": \"ba\", \"kind\": \"hold\"}", "{\"to\": \"bz\", \"kind\": \"hold\"}",
               NULL);
    expect_one(t, 22, "\"to\"", "orders[0].to: no officer or unit \"bz\"");
    free(t);
}

static void test_duplicate_id(void **state)
{
    (void)state;
    char *t = mutate(fixture, "{\"id\": \"u2\"", "{\"id\": \"u1\"", NULL);
    /* The second u1 is refused, so ba's list names a unit that is not there. */
    expect_problems(t, 2, 12, "\"u2\"", "officers[2].units[1]: no unit \"u2\"", 18, "\"id\"",
                    "units[1].id: duplicate id \"u1\"");
    free(t);
    t = mutate(fixture, "{\"to\": \"ba\", \"kind\": \"hold\"}",
               "{\"to\": \"ba\", \"kind\": \"hold\"}, {\"to\": \"ba\", \"kind\": \"defend\"}", NULL);
    expect_one(t, 22, "\"to\": \"ba\", \"kind\": \"defend\"",
               "orders[1].to: \"ba\" already has an order (orders[0])");
    free(t);
}

static void test_unit_with_two_parents(void **state)
{
    (void)state;
    char *t = mutate(fixture, "\"units\": [\"u3\"]", "\"units\": [\"u3\", \"u1\"]", NULL);
    expect_one(t, 14, "\"u1\"",
               "officers[4].units[1]: unit \"u1\" already belongs to \"ba\": a unit has one "
               "parent");
    free(t);
}

static void test_cycle_in_hierarchy(void **state)
{
    (void)state;
    char *t = mutate(fixture, "\"role\": \"commander-in-chief\", \"position\": {\"x\": 50, \"y\": 100}",
                     "\"role\": \"division\", \"superior\": \"bf\", \"position\": {\"x\": 50, \"y\": 100}",
                     NULL);
    expect_problems(t, 2, 7, "\"id\"", "sides[1].id: side \"f\" has no commander-in-chief", 13,
                    "\"superior\"", "officers[3].superior: cycle in the hierarchy through \"bf\"");
    free(t);
}

static void test_two_generals_attached_gt03(void **state)
{
    (void)state;
    char *t = mutate(fixture, "\"id\": \"ca\",", "\"id\": \"ca\", \"attached_to\": \"u1\",",
                     "\"id\": \"ba\",", "\"id\": \"ba\", \"attached_to\": \"u1\",", NULL);
    expect_one(t, 12, "\"attached_to\"",
               "officers[2].attached_to: GT-03: unit \"u1\" already has general \"ca\" attached");
    free(t);
    /* An ADC may be with a unit that has a general. */
    t = mutate(fixture, "\"id\": \"ca\",", "\"id\": \"ca\", \"attached_to\": \"u1\",", "\"id\": \"adc\",",
               "\"id\": \"adc\", \"attached_to\": \"u1\",", NULL);
    grog_battle *b = NULL;
    assert_int_equal(grog_scenario_load_text(t, "ok.json", &b, NULL), GROG_OK);
    grog_battle_destroy(b);
    free(t);
}

static void test_adc_rules_aig_o_02(void **state)
{
    (void)state;
    /* A general under an ADC. */
    char *t = mutate(fixture, "\"superior\": \"ca\", \"position\": {\"x\": 89",
                     "\"superior\": \"adc\", \"position\": {\"x\": 89", NULL);
    expect_one(t, 12, "\"superior\"",
               "officers[2].superior: \"adc\" is an aide-de-camp and cannot be a superior");
    free(t);
    /* An ADC without his general: placed at the officer (no key to point at). */
    t = mutate(fixture, "\"role\": \"aide-de-camp\", \"superior\": \"ca\",", "\"role\": \"aide-de-camp\",",
               NULL);
    expect_one(t, 11, "{\"id\": \"adc\"",
               "officers[1].superior: an aide-de-camp needs the general he belongs to as "
               "superior (AIG-O-02)");
    free(t);
    /* An ADC commanding units. */
    t = mutate(fixture, "\"position\": {\"x\": 56, \"y\": 20},",
               "\"position\": {\"x\": 56, \"y\": 20}, \"units\": [\"u2\"],",
               "\"units\": [\"u1\", \"u2\"]", "\"units\": [\"u1\"]", NULL);
    expect_one(t, 11, "\"u2\"",
               "officers[1].units[0]: \"adc\" is an aide-de-camp and cannot command units");
    free(t);
}

static void test_off_table_and_values(void **state)
{
    (void)state;
    char *t = mutate(fixture, "\"position\": {\"x\": 60, \"y\": 80}", "\"position\": {\"x\": 260, \"y\": 80}",
                     NULL);
    expect_one(t, 19, "\"position\"", "units[2].position: position (2600.0, 800.0) mm is off the table");
    free(t);
    t = mutate(fixture, "\"figure_scale\": 25", "\"figure_scale\": 20", NULL);
    expect_one(t, 4, "\"figure_scale\"", "table.figure_scale: 20: the figure scale is 25 or 15 (mm)");
    free(t);
    /* A table 1e9 or larger in its unit is refused: the message said only
     * "must be greater than 0", which 1e300 is. */
    t = mutate(fixture, "\"width\": 180, \"depth\": 120", "\"width\": 1e300, \"depth\": 120", NULL);
    expect_one(t, 4, "\"width\"", "table.width: must be greater than 0 (and under 1000000000)");
    free(t);
    t = mutate(fixture, "\"width\": 180, \"depth\": 120", "\"width\": 180, \"depth\": 0", NULL);
    expect_one(t, 4, "\"depth\"", "table.depth: must be greater than 0 (and under 1000000000)");
    free(t);
    t = mutate(fixture, "\"depth\": 120}", "\"depth\": 120, \"margin\": 1e9}", NULL);
    expect_one(t, 4, "\"margin\"", "table.margin: must be 0 or more (and under 1000000000)");
    free(t);
    t = mutate(fixture, "\"unit\": \"cm\"", "\"unit\": \"yards\"", NULL);
    expect_one(t, 4, "\"unit\"",
               "table.unit: unknown unit \"yards\" (expected one of: mm, cm, in, pas)");
    free(t);
    t = mutate(fixture, "\"state\": [\"disordered\"]", "\"state\": [\"disordered\", \"panicked\"]",
               NULL);
    expect_one(t, 19, "\"panicked\"",
               "units[2].state[1]: unknown unit state \"panicked\" (expected one of: in-melee, "
               "routed, broken, fleeing, disordered, unformed)");
    free(t);
}

/* Every problem of a file is reported, in file order, not only the first. */
static void test_every_problem_reported(void **state)
{
    (void)state;
    char *t = mutate(fixture, "\"charisma\": 3", "\"charisma\": 9", "\"superior\": \"cf\"",
                     "\"superior\": \"zz\"", "\"figures\": 24", "\"figures\": 2.5",
                     "\"nation\": \"france\"", "\"nation\": \"gaul\"", NULL);
    expect_problems(
        t, 4, 7, "\"nation\"",
        "sides[1].nation: unknown nation \"gaul\" (expected one of: france, britain, "
        "late-prussia, prussia, austria, russia, portugal, spain, netherlands, other)",
        10, "\"charisma\"",
        "officers[0].ratings.aigles.charisma: charisma 9 is out of range 0 to 5 (AIG-O-01)", 14,
        "\"superior\"", "officers[4].superior: no officer \"zz\"", 17, "\"figures\"",
        "units[0].figures: expected an integer, found a number");
    free(t);
}

static void test_file_errors(void **state)
{
    (void)state;
    grog_battle *b = NULL;
    grog_error err;
    assert_int_equal(grog_scenario_load_file("/nonexistent/x.json", &b, &err), GROG_ENOTFOUND);
    assert_null(b);
    assert_int_equal(grog_scenario_load_embedded("scenarios/none.json", &b, &err),
                     GROG_ENOTFOUND);
    assert_string_equal(err.message, "no embedded scenario \"scenarios/none.json\"");
}

/* ---- round trips ---- */

static void round_trip(grog_battle *b)
{
    char *text = NULL, *again = NULL;
    grog_error err;
    assert_int_equal(grog_scenario_save_text(b, &text, &err), GROG_OK);
    grog_battle *c = NULL;
    if (grog_scenario_load_text(text, "saved.json", &c, &err) != GROG_OK)
        fail_msg("%s", err.message);
    char why[128];
    if (!grog_battle_equal(b, c, why, sizeof why))
        fail_msg("round trip: %s", why);
    assert_int_equal(grog_scenario_save_text(c, &again, &err), GROG_OK);
    assert_string_equal(text, again);
    /* The text as jansson writes it (games keep it: it must never change):
     * read and written again by jansson, the same bytes. */
    json_t *j = json_loads(text, 0, NULL);
    char *dumped = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
    assert_string_equal(dumped, text);
    free(dumped);
    json_decref(j);
    free(text);
    free(again);
    grog_battle_destroy(c);
}

static void test_round_trip(void **state)
{
    (void)state;
    for (size_t i = 0; i < grog_scenario_embedded_count(); i++) {
        grog_battle *b = NULL;
        assert_int_equal(grog_scenario_load_embedded(grog_scenario_embedded_name(i), &b, NULL),
                         GROG_OK);
        round_trip(b);
        grog_battle_destroy(b);
    }
    grog_battle *b = NULL;
    assert_int_equal(grog_scenario_load_text(fixture, "minimal.json", &b, NULL), GROG_OK);
    /* Every optional field set, so the writer must carry it. */
    grog_officer *o = grog_battle_officer_by_id_mut(b, "bf");
    o->state = GROG_OFFICER_PRISONER;
    snprintf(o->held_by, sizeof o->held_by, "u1");
    o->markers = GROG_MARKER_AVANCE;
    o->casualties = 12;
    o->adc_speed = 123.5;
    o->brigade_broken = 1;
    o->nation = GROG_NATION_AUSTRIA;
    grog_battle_officer_by_id_mut(b, "ca")->personally_commands = 1;
    grog_troop *u = grog_battle_unit_by_id_mut(b, "u3");
    u->flags = GROG_UNIT_IN_MELEE | GROG_UNIT_ROUTED;
    u->melee_since = 3;
    u->casualties = 40;
    u->base.facing = 33.25;
    u->pending.given_turn = 2;
    u->pending.effective_turn = 3;
    snprintf(u->pending.kind, sizeof u->pending.kind, "retire");
    assert_int_equal(grog_battle_check(b, NULL, NULL), 0);
    round_trip(b);
    grog_battle_destroy(b);
}

static void test_save_file(void **state)
{
    (void)state;
    grog_battle *b = NULL, *c = NULL;
    assert_int_equal(grog_scenario_load(NULL, &b, NULL), GROG_OK);
    char path[] = "/tmp/grognard-scen-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(grog_scenario_save_file(b, path, NULL), GROG_OK);
    assert_int_equal(grog_scenario_load_file(path, &c, NULL), GROG_OK);
    assert_true(grog_battle_equal(b, c, NULL, 0));
    unlink(path);
    grog_battle_destroy(b);
    grog_battle_destroy(c);
    grog_error err;
    assert_int_equal(grog_scenario_save_file(c = grog_battle_create(), "/nonexistent/d/x.json",
                                             &err),
                     GROG_EIO);
    grog_battle_destroy(c);
}

/* ---- the generator ---- */

static char *generated(uint64_t seed, size_t units, size_t officers)
{
    grog_rng *rng = grog_rng_create(seed);
    grog_generate_options o = {units, officers};
    grog_battle *b = NULL;
    grog_error err;
    if (grog_scenario_generate(&o, rng, &b, &err) != GROG_OK)
        fail_msg("%s", err.message);
    grog_rng_destroy(rng);
    char *text = NULL;
    assert_int_equal(grog_scenario_save_text(b, &text, NULL), GROG_OK);
    grog_battle_destroy(b);
    return text;
}

static void test_generator_is_deterministic(void **state)
{
    (void)state;
    char *a = generated(7, 120, 30), *b = generated(7, 120, 30), *c = generated(8, 120, 30);
    assert_string_equal(a, b);
    assert_string_not_equal(a, c);
    free(a);
    free(b);
    free(c);
    grog_rng *rng = grog_rng_create(1);
    grog_generate_options bad = {1, 0};
    grog_battle *out = NULL;
    grog_error err;
    assert_int_equal(grog_scenario_generate(&bad, rng, &out, &err), GROG_EINVAL);
    bad.units = 10;
    bad.officers = 5;
    assert_int_equal(grog_scenario_generate(&bad, rng, &out, &err), GROG_EINVAL);
    assert_null(out);
    grog_rng_destroy(rng);
}

/* ---- the text a game keeps (grog_scenario_load_saved) ---- */

/* a and b hold the same battle to the last bit of every length. */
static void assert_same_bits(const grog_battle *a, const grog_battle *b)
{
    char why[128];
    if (!grog_battle_equal(a, b, why, sizeof why))
        fail_msg("%s", why);
    for (size_t i = 0; i < grog_battle_nofficers(a); i++)
        assert_memory_equal(&grog_battle_officer(a, i)->base, &grog_battle_officer(b, i)->base,
                            sizeof(grog_base));
    for (size_t i = 0; i < grog_battle_nunits(a); i++)
        assert_memory_equal(&grog_battle_unit(a, i)->base, &grog_battle_unit(b, i)->base,
                            sizeof(grog_base));
}

static void write_text(const char *path, const char *text, const char *tail)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fputs(tail, f);
    fclose(f);
}

/* A file already in the saved form (what generate writes) is read once and
 * its battle is exactly the one read back from the saved text; any other
 * file says so (*same 0), and the game then reads the saved text back. */
static void test_load_saved(void **state)
{
    (void)state;
    char *text = generated(11, 300, 0);
    char path[] = "/tmp/grognard-saved-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_text(path, text, "\n");
    grog_battle *b = NULL, *c = NULL;
    char *saved = NULL;
    int same = -1;
    grog_error err;
    assert_int_equal(grog_scenario_load_saved(path, &b, &saved, &same, &err), GROG_OK);
    assert_int_equal(same, 1);
    assert_string_equal(saved, text);
    assert_int_equal(grog_scenario_load_text(saved, "saved", &c, NULL), GROG_OK);
    assert_same_bits(b, c);
    grog_battle_destroy(b);
    grog_battle_destroy(c);
    free(saved);
    /* One length with 17 digits: the saved text rounds it to 15, so the
     * file is not the saved text and its battle is not the one a game keeps. */
    char *x = strstr(text, "\"x\": ");
    assert_non_null(x);
    char *edited = malloc(strlen(text) + 32);
    size_t at = (size_t)(x - text) + 5;
    memcpy(edited, text, at);
    strcpy(edited + at, "100.00000000000001");
    strcat(edited, strchr(x, ','));
    write_text(path, edited, "");
    assert_int_equal(grog_scenario_load_saved(path, &b, &saved, &same, &err), GROG_OK);
    assert_int_equal(same, 0);
    assert_int_equal(grog_scenario_load_text(saved, "saved", &c, NULL), GROG_OK);
    assert_false(grog_battle_officer(b, 0)->base.centre.x == grog_battle_officer(c, 0)->base.centre.x);
    grog_battle_destroy(b);
    grog_battle_destroy(c);
    free(saved);
    /* Trailing text that is not white space is not the same document. */
    write_text(path, text, "\n ");
    assert_int_equal(grog_scenario_load_saved(path, &b, &saved, &same, &err), GROG_OK);
    assert_int_equal(same, 1);
    grog_battle_destroy(b);
    free(saved);
    write_text(path, text, "x");
    assert_int_equal(grog_scenario_load_saved(path, &b, &saved, &same, &err), GROG_EFORMAT);
    /* The bundled default is written by hand: not the saved form. */
    assert_int_equal(grog_scenario_load_saved(NULL, &b, &saved, &same, &err), GROG_OK);
    assert_int_equal(same, 0);
    char *again = NULL;
    assert_int_equal(grog_scenario_save_text(b, &again, NULL), GROG_OK);
    assert_string_equal(saved, again);
    free(again);
    grog_battle_destroy(b);
    free(saved);
    b = NULL;
    assert_int_equal(grog_scenario_load_saved("/nonexistent/x.json", &b, &saved, &same, &err),
                     GROG_ENOTFOUND);
    assert_null(b);
    unlink(path);
    free(edited);
    free(text);
}

/* A game made from a generated file (read once) holds the battle it holds
 * when opened again from its stored text, to the last bit, and the stored
 * text is the file's. */
static void test_game_from_saved_file(void **state)
{
    (void)state;
    char *text = generated(12, 200, 0);
    char path[] = "/tmp/grognard-saved-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_text(path, text, "\n");
    char game[128];
    test_game_path(game, sizeof game, "scenario-saved");
    grog_game *g = test_game_create(game, GROG_FAMILY_AIGLES, path, 3);
    grog_game *h = NULL;
    grog_error err;
    if (grog_game_open(game, &h, &err) != GROG_OK)
        fail_msg("%s", err.message);
    assert_same_bits(grog_game_battle(g), grog_game_battle(h));
    char *kept = NULL;
    assert_int_equal(grog_scenario_save_text(grog_game_battle(h), &kept, NULL), GROG_OK);
    assert_string_equal(kept, text);
    free(kept);
    grog_game_close(g);
    grog_game_close(h);
    grog_game_remove(game);
    unlink(path);
    free(text);
}

static void test_large_battle_loads(void **state)
{
    (void)state;
    char *text = generated(2026, 2000, 400);
    grog_battle *b = NULL;
    grog_error err;
    if (grog_scenario_load_text(text, "big.json", &b, &err) != GROG_OK)
        fail_msg("%s", err.message);
    assert_int_equal(grog_battle_nunits(b), 2000);
    assert_int_equal(grog_battle_nofficers(b), 400);
    assert_int_equal(grog_battle_check(b, NULL, NULL), 0);
    size_t blue, n = 0;
    assert_true(grog_battle_commander_in_chief(b, "blue", &blue));
    n = grog_battle_command_units(b, blue, NULL, 0);
    assert_int_equal(n, 1000);
    size_t i;
    assert_true(grog_battle_unit_index(b, "r-u999", &i));
    grog_battle_destroy(b);
    free(text);
}

/* ---- the commands ---- */

static void test_cli_validate(void **state)
{
    (void)state;
    cli_run r = run_cli("validate", NULL);
    assert_int_equal(r.code, 0);
    assert_string_equal(r.out, "scenarios/bussaco-1810.json: ok (2 sides, 16 officers, 20 units)\n");
    cli_run_free(&r);
    r = run_cli("validate", "quatre-bras-1815", "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    assert_true(json_is_true(json_object_get(j, "ok")));
    assert_int_equal(json_array_size(json_object_get(j, "problems")), 0);
    json_decref(j);
    cli_run_free(&r);

    char path[] = "/tmp/grognard-bad-XXXXXX";
    int fd = mkstemp(path);
    char *t = mutate(fixture, "\"charisma\": 3", "\"charisma\": 9", "\"superior\": \"cf\"",
                     "\"superior\": \"zz\"", NULL);
    assert_true(write(fd, t, strlen(t)) == (ssize_t)strlen(t));
    close(fd);
    r = run_cli("validate", path, NULL);
    assert_int_equal(r.code, 1);
    char want[2048];
    snprintf(want, sizeof want,
             "%s:10:%d: officers[0].ratings.aigles.charisma: charisma 9 is out of range 0 to 5 "
             "(AIG-O-01)\n%s:14:%d: officers[4].superior: no officer \"zz\"\n%s: 2 problems\n",
             path, col_of(t, 10, "\"charisma\""), path, col_of(t, 14, "\"superior\""), path);
    assert_string_equal(r.out, want);
    cli_run_free(&r);
    r = run_cli("validate", path, "--json", NULL);
    assert_int_equal(r.code, 1);
    j = cli_json(&r);
    assert_false(json_is_true(json_object_get(j, "ok")));
    json_t *p = json_array_get(json_object_get(j, "problems"), 1);
    assert_int_equal(json_integer_value(json_object_get(p, "line")), 14);
    assert_int_equal(json_integer_value(json_object_get(p, "column")), col_of(t, 14, "\"superior\""));
    assert_string_equal(json_string_value(json_object_get(p, "path")), "officers[4].superior");
    assert_string_equal(json_string_value(json_object_get(p, "message")), "no officer \"zz\"");
    json_decref(j);
    cli_run_free(&r);
    unlink(path);
    free(t);
    r = run_cli("validate", "/nonexistent/file.json", NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "/nonexistent/file.json: cannot open"));
    cli_run_free(&r);
    r = run_cli("validate", "a", "b", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
}

static json_t *find_id(json_t *arr, const char *id)
{
    size_t i;
    json_t *o;
    json_array_foreach(arr, i, o) {
        if (strcmp(json_string_value(json_object_get(o, "id")), id) == 0)
            return o;
    }
    fail_msg("no \"%s\"", id);
    return NULL;
}

/* show --json on the default: the gdb example's distances (GDB-09,
 * GDB-14), aigles zones (AIG-O-07) and gt radius (GT-10). */
static void test_cli_show_json(void **state)
{
    (void)state;
    cli_run r = run_cli("show", "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    json_t *offs = json_object_get(j, "officers");
    json_t *picton = find_id(offs, "picton");
    json_t *gdb = json_object_get(picton, "gdb");
    assert_non_null(gdb);
    assert_true(json_real_value(json_object_get(gdb, "radius_cm")) == 30.0); /* GDB-09 */
    json_t *pack = find_id(json_object_get(gdb, "brigade_commanders"), "pack");
    assert_true(fabs(json_real_value(json_object_get(pack, "cm")) - 35.0) < 1e-9);
    assert_true(json_is_true(json_object_get(pack, "beyond"))); /* 35 > 30: -2 applies */
    json_t *mack = find_id(json_object_get(gdb, "brigade_commanders"), "mackinnon");
    assert_true(json_is_false(json_object_get(mack, "beyond")));
    /* Picton command 4, 25 mm: zone 150 pas (AIG-O-07), 1 pas = 1 mm. */
    json_t *zone = json_object_get(picton, "aigles_zone");
    assert_int_equal(json_integer_value(json_object_get(zone, "command")), 4);
    assert_true(json_real_value(json_object_get(zone, "radius_pas")) == 150.0);
    /* Mackinnon (60 mm away) is inside; Pack (350 mm) is not. */
    json_t *inside = json_object_get(zone, "officers_inside");
    assert_int_equal(json_array_size(inside), 1);
    assert_string_equal(json_string_value(json_array_get(inside, 0)), "mackinnon");
    json_t *gt = json_object_get(picton, "gt");
    assert_true(fabs(json_real_value(json_object_get(gt, "radius_in")) - 9.0) < 1e-9); /* GT-10 */
    json_t *pk = find_id(offs, "pack");
    /* Pack's hidden order is his side's: not in the public view. */
    assert_true(json_is_null(json_object_get(pk, "pending")));
    json_t *dist = json_object_get(pk, "distance_to_superior");
    assert_true(fabs(json_real_value(json_object_get(dist, "mm")) - 350.0) < 1e-6);
    json_t *units = json_object_get(j, "units");
    assert_int_equal(json_array_size(units), 20);
    json_decref(j);
    cli_run_free(&r);
}

static void test_cli_show_text(void **state)
{
    (void)state;
    cli_run r = run_cli("show", "quatre-bras-1815", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "Quatre Bras, 16 June 1815"));
    assert_non_null(strstr(r.out, "* commander-in-chief Field Marshal the Duke of Wellington [wellington]"));
    assert_non_null(strstr(r.out, "ratings: aigles charisma 5 command 5 | gdb gifted | gt great; active"));
    /* A hidden order: not in the public view, in the referee's. */
    assert_null(strstr(r.out, "hidden order: attack \"Charge for the crossroads"));
    assert_non_null(strstr(r.out, "; attached to bw-leib"));
    assert_non_null(strstr(r.out, "disordered"));
    assert_non_null(strstr(r.out, "Sources:"));
    cli_run_free(&r);
    r = run_cli("show", "quatre-bras-1815", "--referee", NULL);
    assert_non_null(strstr(r.out, "hidden order: attack \"Charge for the crossroads"));
    cli_run_free(&r);
    r = run_cli("show", "--family", "gdb", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "-> pack: 35.0 cm / 13.8 in / 350 pas  beyond (GDB-09)"));
    assert_null(strstr(r.out, "aigles order-change zone"));
    cli_run_free(&r);
    r = run_cli("show", "--family", "chess", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
}

/* House rules: a gdb rules file with a 40 cm radius puts Pack (35 cm) inside
 * it, so GDB-09's -2 no longer applies; an unreadable file is refused. */
static void test_cli_show_house_rules(void **state)
{
    (void)state;
    const char *gdb = grog_data_embedded("rules/gdb.json", NULL);
    assert_non_null(gdb);
    char *t = mutate(gdb, "\"command_radius_cm\": 30", "\"command_radius_cm\": 40", NULL);
    char path[] = "/tmp/grognard-gdb-XXXXXX";
    int fd = mkstemp(path);
    assert_true(write(fd, t, strlen(t)) == (ssize_t)strlen(t));
    close(fd);
    cli_run r = run_cli("show", "--json", "--gdb-rules", path, NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    json_t *g = json_object_get(find_id(json_object_get(j, "officers"), "picton"), "gdb");
    assert_true(json_real_value(json_object_get(g, "radius_cm")) == 40.0);
    json_t *pack = find_id(json_object_get(g, "brigade_commanders"), "pack");
    assert_true(json_is_false(json_object_get(pack, "beyond")));
    json_decref(j);
    cli_run_free(&r);
    unlink(path);
    free(t);
    r = run_cli("show", "--gdb-rules", "/nonexistent/gdb.json", NULL);
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
}

static void test_cli_generate(void **state)
{
    (void)state;
    char path[] = "/tmp/grognard-gen-XXXXXX";
    int fd = mkstemp(path);
    close(fd);
    cli_run r = run_cli("generate", "--units", "200", "--officers", "40", "--seed", "5", "-o",
                        path, "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    assert_int_equal(json_integer_value(json_object_get(j, "units")), 200);
    assert_int_equal(json_integer_value(json_object_get(j, "officers")), 40);
    json_decref(j);
    cli_run_free(&r);
    char *text = NULL;
    assert_int_equal(grog_data_read_file(path, &text, NULL, NULL), GROG_OK);
    char *again = generated(5, 200, 40);
    size_t n = strlen(again);
    assert_true(strncmp(text, again, n) == 0); /* the file adds a final newline */
    free(again);
    free(text);
    r = run_cli("validate", path, NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    unlink(path);
    r = run_cli("generate", "--units", "10", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
}

static int setup(void **state)
{
    (void)state;
    fixture = read_fixture("scenario-minimal.json");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(fixture);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bundled_scenarios_validate),
        cmocka_unit_test(test_default_is_the_gdb_example),
        cmocka_unit_test(test_minimal_fixture_loads),
        cmocka_unit_test(test_syntax_error_position),
        cmocka_unit_test(test_unknown_key),
        cmocka_unit_test(test_wrong_type),
        cmocka_unit_test(test_rating_out_of_range),
        cmocka_unit_test(test_bad_enum_and_missing),
        cmocka_unit_test(test_unknown_reference),
        cmocka_unit_test(test_duplicate_id),
        cmocka_unit_test(test_unit_with_two_parents),
        cmocka_unit_test(test_cycle_in_hierarchy),
        cmocka_unit_test(test_two_generals_attached_gt03),
        cmocka_unit_test(test_adc_rules_aig_o_02),
        cmocka_unit_test(test_off_table_and_values),
        cmocka_unit_test(test_every_problem_reported),
        cmocka_unit_test(test_file_errors),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_save_file),
        cmocka_unit_test(test_generator_is_deterministic),
        cmocka_unit_test(test_load_saved),
        cmocka_unit_test(test_game_from_saved_file),
        cmocka_unit_test(test_large_battle_loads),
        cmocka_unit_test(test_cli_validate),
        cmocka_unit_test(test_cli_show_json),
        cmocka_unit_test(test_cli_show_text),
        cmocka_unit_test(test_cli_show_house_rules),
        cmocka_unit_test(test_cli_generate),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
