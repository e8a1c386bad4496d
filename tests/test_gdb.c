/* test_gdb.c — General de Brigade brigade order changes (GDB-01 to GDB-14):
 * the rules data, the order-change test with its exact odds, the positions
 * helper, the order book of a side, and `grognard calc gdb-order`.
 *
 * Every expected value is worked out by hand from spec/gdb-orders.md. 2d6
 * counts of a natural total t: 1 2 3 4 5 6 5 4 3 2 1 for t = 2..12, so
 * P(natural > k) over 36 is 35 33 30 26 21 15 10 6 3 1 0 for k = 2..12. */
#include <math.h>

#include "grognard/gdb.h"
#include "testutil.h"

static grog_gdb_rules *rules;

static int setup(void **state)
{
    (void)state;
    grog_error err;
    return grog_gdb_rules_load(NULL, &rules, &err) == GROG_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    grog_gdb_rules_destroy(rules);
    return 0;
}

static grog_gdb_input input(const char *nation, grog_gdb_skill skill, double cm)
{
    grog_gdb_input in = grog_gdb_input_default();
    in.nation = nation;
    in.skill = skill;
    in.distance_mm = cm * 10.0;
    return in;
}

/* The record of a test with no roll; fails the test on error. */
static grog_explain *odds(const grog_gdb_input *in)
{
    grog_explain *e = NULL;
    grog_error err;
    grog_status st = grog_gdb_order_test(rules, in, NULL, &e, NULL, &err);
    if (st != GROG_OK)
        fail_msg("%s", err.message);
    return e;
}

static grog_explain *entered(const grog_gdb_input *in, int natural, grog_gdb_outcome *o)
{
    grog_explain *e = NULL;
    grog_error err;
    grog_gdb_dice_source src = {GROG_GDB_ENTERED, NULL, natural};
    grog_status st = grog_gdb_order_test(rules, in, &src, &e, o, &err);
    if (st != GROG_OK)
        fail_msg("%s", err.message);
    return e;
}

static void assert_odds(const grog_explain *e, uint64_t imm, uint64_t del, uint64_t fail)
{
    grog_frac p;
    assert_true(grog_explain_outcome_p(e, "immediate", &p));
    assert_frac(p, imm, 36);
    assert_true(grog_explain_outcome_p(e, "delayed", &p));
    assert_frac(p, del, 36);
    assert_true(grog_explain_outcome_p(e, "fail", &p));
    assert_frac(p, fail, 36);
}

/* ---- the seed's worked example ---- */

/* Picton (britain, gifted) 35 cm from Pack, rolls 5: -2 beyond 30 cm, +1
 * gifted, 5 - 1 = 4 against 6: fails. Immediate needs natural > 7: 15/36;
 * delayed natural 7: 6/36; fail natural <= 6: 15/36. */
static void test_gdb_seed_example_picton(void **state)
{
    (void)state;
    grog_gdb_input in = input("britain", GROG_GDB_SKILL_GIFTED, 35);
    grog_gdb_outcome o = GROG_GDB_IMMEDIATE;
    grog_explain *e = entered(&in, 5, &o);
    assert_string_equal(grog_explain_test(e), "gdb-order");
    assert_int_equal(grog_explain_modifier_total(e), -1);
    assert_int_equal(grog_explain_modifier_count(e), 2);
    assert_true(grog_explain_has_rule(e, "GDB-08")); /* +1 gifted */
    assert_true(grog_explain_has_rule(e, "GDB-09")); /* -2 beyond 30 cm */
    assert_true(grog_explain_has_rule(e, "GDB-14"));
    int m = 0;
    assert_true(grog_explain_modified_roll(e, &m));
    assert_int_equal(m, 4);
    assert_string_equal(grog_explain_outcome(e), "fail"); /* GDB-05 */
    assert_int_equal(o, GROG_GDB_FAIL);
    assert_odds(e, 15, 6, 15);
    assert_int_equal(grog_explain_default_count(e), 1); /* the column's 6 is a default */
    grog_explain_destroy(e);
}

/* ---- the outcomes partition the dice space ---- */

static void check_partition(const grog_gdb_input *in)
{
    grog_explain *e = odds(in);
    uint64_t counted[3] = {0, 0, 0};
    for (int a = 1; a <= 6; a++) {
        for (int b = 1; b <= 6; b++) {
            grog_gdb_outcome o;
            grog_explain *r = entered(in, a + b, &o);
            assert_string_equal(grog_explain_outcome(r), grog_gdb_outcome_name(o));
            counted[o]++;
            grog_explain_destroy(r);
        }
    }
    assert_odds(e, counted[0], counted[1], counted[2]);
    assert_int_equal(counted[0] + counted[1] + counted[2], 36);
    grog_explain_destroy(e);
}

/* GDB-03, GDB-04, GDB-05: for every 2d6 total the rolled outcome is the one
 * whose odds count it. */
static void test_gdb_03_04_05_every_total_agrees_with_odds(void **state)
{
    (void)state;
    const char *nations[] = {"britain", "russia"};
    for (int n = 0; n < 2; n++) {
        for (int s = 0; s < GROG_GDB_SKILL_COUNT; s++) {
            grog_gdb_input in = input(nations[n], (grog_gdb_skill)s, 35);
            check_partition(&in);
            in.distance_mm = 0;
            in.contact = 1;
            check_partition(&in);
            in.attached = in.near_enemy = in.broken = in.personal = 1;
            check_partition(&in);
        }
    }
}

/* Picton again, hand-worked per total: 8 -> 7 > 6 immediate (GDB-03),
 * 7 -> 6 = 6 delayed (GDB-04), 6 -> 5 < 6 fail (GDB-05). */
static void test_gdb_03_04_05_boundaries(void **state)
{
    (void)state;
    grog_gdb_input in = input("britain", GROG_GDB_SKILL_GIFTED, 35);
    grog_gdb_outcome o;
    grog_explain *e = entered(&in, 8, &o);
    assert_int_equal(o, GROG_GDB_IMMEDIATE); /* GDB-03 */
    grog_explain_destroy(e);
    e = entered(&in, 7, &o);
    assert_int_equal(o, GROG_GDB_DELAYED); /* GDB-04 */
    assert_string_equal(grog_explain_outcome(e), "delayed");
    grog_explain_destroy(e);
    e = entered(&in, 6, &o);
    assert_int_equal(o, GROG_GDB_FAIL); /* GDB-05 */
    grog_explain_destroy(e);
    grog_explain *bad = NULL;
    grog_error err;
    grog_gdb_dice_source src = {GROG_GDB_ENTERED, NULL, 13};
    assert_int_equal(grog_gdb_order_test(rules, &in, &src, &bad, NULL, &err), GROG_EINVAL);
    assert_null(bad);
}

/* GDB-02: a generated roll is reproducible and its outcome follows from
 * the modified roll. */
static void test_gdb_02_generated_roll(void **state)
{
    (void)state;
    grog_gdb_input in = input("austria", GROG_GDB_SKILL_ORDINARY, 20);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        grog_rng *a = grog_rng_create(seed), *b = grog_rng_create(seed);
        grog_gdb_dice_source sa = {GROG_GDB_RNG, a, 0}, sb = {GROG_GDB_RNG, b, 0};
        grog_explain *ea = NULL, *eb = NULL;
        grog_gdb_outcome oa, ob;
        grog_error err;
        assert_int_equal(grog_gdb_order_test(rules, &in, &sa, &ea, &oa, &err), GROG_OK);
        assert_int_equal(grog_gdb_order_test(rules, &in, &sb, &eb, &ob, &err), GROG_OK);
        int ma, mb;
        assert_true(grog_explain_modified_roll(ea, &ma));
        assert_true(grog_explain_modified_roll(eb, &mb));
        assert_int_equal(ma, mb);
        assert_int_equal(oa, ob);
        assert_true(ma >= 2 && ma <= 12); /* no modifier: ordinary, within 30 cm */
        /* target 7 (second column): > 7 immediate, 7 delayed, < 7 fail */
        assert_int_equal(oa, ma > 7 ? GROG_GDB_IMMEDIATE : ma == 7 ? GROG_GDB_DELAYED
                                                                  : GROG_GDB_FAIL);
        grog_explain_destroy(ea);
        grog_explain_destroy(eb);
        grog_rng_destroy(a);
        grog_rng_destroy(b);
    }
}

/* ---- modifiers ---- */

/* GDB-08: britain (6), within 30 cm. Ordinary: immediate natural > 6 21/36,
 * delayed 6 5/36, fail 10/36. Gifted: > 5 26/36, 5 4/36, 6/36. Poor: > 7
 * 15/36, 7 6/36, 15/36. */
static void test_gdb_08_skill(void **state)
{
    (void)state;
    static const int mod[] = {1, 0, -1};
    static const uint64_t want[3][3] = {{26, 4, 6}, {21, 5, 10}, {15, 6, 15}};
    for (int s = 0; s < 3; s++) {
        grog_gdb_input in = input("britain", (grog_gdb_skill)s, 10);
        grog_explain *e = odds(&in);
        assert_int_equal(grog_explain_modifier_total(e), mod[s]); /* GDB-08 */
        assert_true(grog_explain_has_rule(e, "GDB-08"));
        assert_odds(e, want[s][0], want[s][1], want[s][2]);
        grog_explain_destroy(e);
    }
}

/* GDB-09: "more than 30 cm": 30 cm is within, 30.1 cm beyond (-2). */
static void test_gdb_09_exactly_30cm_is_not_beyond(void **state)
{
    (void)state;
    grog_gdb_input in = input("britain", GROG_GDB_SKILL_ORDINARY, 30);
    grog_explain *e = odds(&in);
    assert_false(grog_explain_has_rule(e, "GDB-09")); /* 30 cm: not beyond */
    assert_int_equal(grog_explain_modifier_total(e), 0);
    grog_explain_destroy(e);
    in.distance_mm = 301; /* 30.1 cm */
    e = odds(&in);
    assert_true(grog_explain_has_rule(e, "GDB-09"));
    assert_int_equal(grog_explain_modifier_total(e), -2); /* GDB-09 */
    assert_odds(e, 10, 5, 21); /* natural > 8: 10; = 8: 5 */
    grog_explain_destroy(e);
}

/* GDB-09: personally commanding a brigade within 30 cm is also -2. */
static void test_gdb_09_personal_within_radius(void **state)
{
    (void)state;
    grog_gdb_input in = input("france", GROG_GDB_SKILL_ORDINARY, 12);
    in.personal = 1;
    grog_explain *e = odds(&in);
    assert_true(grog_explain_has_rule(e, "GDB-09"));
    assert_false(grog_explain_has_rule(e, "GDB-10"));
    assert_int_equal(grog_explain_modifier_total(e), -2); /* GDB-09 */
    grog_explain_destroy(e);
}

/* GDB-10: beyond 30 cm AND personally commanding: -3 instead of -2. */
static void test_gdb_10_replaces_09(void **state)
{
    (void)state;
    grog_gdb_input in = input("france", GROG_GDB_SKILL_ORDINARY, 40);
    in.personal = 1;
    grog_explain *e = odds(&in);
    assert_true(grog_explain_has_rule(e, "GDB-10"));
    assert_false(grog_explain_has_rule(e, "GDB-09")); /* GDB-10 replaces GDB-09 */
    assert_int_equal(grog_explain_modifier_count(e), 2); /* skill, GDB-10 */
    assert_int_equal(grog_explain_modifier_total(e), -3);
    assert_odds(e, 6, 4, 26); /* natural > 9: 6; = 9: 4 */
    grog_explain_destroy(e);
}

/* GDB-11: base contact +2; contact and 35 cm apart is refused. */
static void test_gdb_11_contact(void **state)
{
    (void)state;
    grog_gdb_input in = input("russia", GROG_GDB_SKILL_ORDINARY, 0);
    in.contact = 1;
    grog_explain *e = odds(&in);
    assert_true(grog_explain_has_rule(e, "GDB-11"));
    assert_int_equal(grog_explain_modifier_total(e), 2); /* GDB-11 */
    assert_odds(e, 26, 4, 6); /* target 7: natural > 5 26, = 5 4 */
    grog_explain_destroy(e);
    in.distance_mm = 350;
    grog_explain *bad = NULL;
    grog_error err;
    assert_int_equal(grog_gdb_order_test(rules, &in, NULL, &bad, NULL, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "GDB-11"));
    assert_null(bad);
}

/* GDB-12: attached -2, near an enemy -2, both still -2. */
static void test_gdb_12_capped_at_minus_2(void **state)
{
    (void)state;
    grog_gdb_input in = input("britain", GROG_GDB_SKILL_ORDINARY, 10);
    in.attached = 1;
    grog_explain *e = odds(&in);
    assert_int_equal(grog_explain_modifier_total(e), -2); /* GDB-12 attached */
    grog_explain_destroy(e);
    in.attached = 0;
    in.near_enemy = 1;
    e = odds(&in);
    assert_int_equal(grog_explain_modifier_total(e), -2); /* GDB-12 near enemy */
    grog_explain_destroy(e);
    in.attached = 1;
    e = odds(&in);
    assert_true(grog_explain_has_rule(e, "GDB-12"));
    assert_int_equal(grog_explain_modifier_count(e), 2); /* skill, one GDB-12 line */
    assert_int_equal(grog_explain_modifier_total(e), -2); /* GDB-12: both causes, still -2 */
    assert_odds(e, 10, 5, 21);
    grog_explain_destroy(e);
}

/* GDB-13: a broken brigade -1; every modifier together adds up. */
static void test_gdb_13_broken_and_all_together(void **state)
{
    (void)state;
    grog_gdb_input in = input("britain", GROG_GDB_SKILL_ORDINARY, 10);
    in.broken = 1;
    grog_explain *e = odds(&in);
    assert_true(grog_explain_has_rule(e, "GDB-13"));
    assert_int_equal(grog_explain_modifier_total(e), -1); /* GDB-13 */
    assert_odds(e, 15, 6, 15);
    grog_explain_destroy(e);
    /* poor -1, beyond + personal -3, attached + near -2, broken -1: -7.
     * Britain 6: immediate natural > 13: 0; delayed 13: 0; fail 36. */
    in = input("britain", GROG_GDB_SKILL_POOR, 50);
    in.personal = in.attached = in.near_enemy = in.broken = 1;
    e = odds(&in);
    assert_int_equal(grog_explain_modifier_total(e), -7);
    assert_odds(e, 0, 0, 36);
    grog_explain_destroy(e);
}

/* GDB-07: his own brigade changes automatically: no roll, immediate 36/36,
 * broken included; no draw from the generator; an entered roll is refused. */
static void test_gdb_07_own_brigade_automatic(void **state)
{
    (void)state;
    grog_gdb_input in = input("austria", GROG_GDB_SKILL_POOR, 80);
    in.own_brigade = in.personal = in.broken = 1;
    grog_rng *rng = grog_rng_create(7);
    grog_gdb_dice_source src = {GROG_GDB_RNG, rng, 0};
    grog_explain *e = NULL;
    grog_gdb_outcome o = GROG_GDB_FAIL;
    grog_error err;
    assert_int_equal(grog_gdb_order_test(rules, &in, &src, &e, &o, &err), GROG_OK);
    assert_int_equal(o, GROG_GDB_IMMEDIATE); /* GDB-07 */
    assert_true(grog_explain_has_rule(e, "GDB-07"));
    assert_null(grog_explain_outcome(e)); /* no roll made */
    assert_int_equal(grog_rng_draws(rng), 0);
    assert_int_equal(grog_explain_modifier_count(e), 0);
    assert_int_equal(grog_explain_default_count(e), 0); /* no table value used */
    assert_odds(e, 36, 0, 0);
    grog_explain_destroy(e);
    grog_rng_destroy(rng);
    grog_gdb_dice_source typed = {GROG_GDB_ENTERED, NULL, 7};
    e = NULL;
    assert_int_equal(grog_gdb_order_test(rules, &in, &typed, &e, NULL, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "GDB-07"));
    assert_null(e);
}

/* ---- the table ---- */

/* Table columns: france, britain, late-prussia 6; austria, russia, other 7;
 * an unlisted nation takes the other nations' column and says so. */
static void test_gdb_nation_columns(void **state)
{
    (void)state;
    static const char *const first[] = {"france", "britain", "late-prussia"};
    static const char *const second[] = {"austria", "russia", "other"};
    for (int i = 0; i < 3; i++) {
        int t = 0;
        assert_int_equal(grog_gdb_rules_target(rules, first[i], &t, NULL), GROG_OK);
        assert_int_equal(t, 6);
        assert_int_equal(grog_gdb_rules_target(rules, second[i], &t, NULL), GROG_OK);
        assert_int_equal(t, 7);
        grog_gdb_input in = input(second[i], GROG_GDB_SKILL_ORDINARY, 10);
        grog_explain *e = odds(&in);
        assert_odds(e, 15, 6, 15); /* natural > 7: 15; = 7: 6 */
        assert_int_equal(grog_explain_default_count(e), 1);
        grog_explain_destroy(e);
        in.nation = first[i];
        e = odds(&in);
        assert_odds(e, 21, 5, 10);
        grog_explain_destroy(e);
    }
    assert_int_equal(grog_gdb_rules_nation_count(rules), 6);
    assert_false(grog_gdb_rules_knows_nation(rules, "portugal"));
    grog_gdb_input in = input("portugal", GROG_GDB_SKILL_ORDINARY, 10);
    grog_explain *e = odds(&in);
    assert_odds(e, 15, 6, 15);
    assert_int_equal(grog_explain_default_count(e), 2); /* target and unlisted column */
    char *json = NULL;
    assert_int_equal(grog_explain_to_json(e, &json, NULL), GROG_OK);
    assert_non_null(strstr(json, "interpretations.unlisted_nations_column"));
    free(json);
    grog_explain_destroy(e);
}

static void test_gdb_command_radius(void **state)
{
    (void)state;
    assert_true(grog_gdb_command_radius_cm(rules) == 30.0);
    assert_true(grog_gdb_near_enemy_cm(rules) == 15.0);
}

/* A rules text with one place to change, laid out one key per line so that
 * positions can be counted by hand. */
static const char *const rules_text =
    "{\n"                                                                   /* 1 */
    "  \"family\": \"gdb\",\n"                                              /* 2 */
    "  \"source\": \"house rules\",\n"                                      /* 3 */
    "  \"dice\": \"2d6\",\n"                                                /* 4 */
    "  \"columns\": [\n"                                                    /* 5 */
    "    {\"id\": \"first\", \"label\": \"F\", \"nations\": [\"britain\"],\n" /* 6 */
    "     \"target\": TARGET, \"target_default\": false},\n"               /* 7 */
    "    {\"id\": \"second\", \"label\": \"S\", \"nations\": [\"russia\"],\n" /* 8 */
    "     \"target\": 7, \"target_default\": true}\n"                      /* 9 */
    "  ],\n"
    "  \"command_radius_cm\": 30,\n"
    "  \"near_enemy_cm\": 15,\n"
    "  \"modifiers\": {\"skill\": {\"gifted\": 1, \"ordinary\": 0, \"poor\": -1},\n"
    "    \"beyond_radius_or_personal\": -2, \"beyond_radius_and_personal\": -3,\n"
    "    \"base_contact\": 2, \"attached_or_near_enemy\": -2,\n"
    "    \"attached_or_near_enemy_cap\": -2, \"broken\": -1},\n"
    "  \"interpretations\": {\"unlisted_nations_column\": null,\n"
    "    \"failed_order_stays_hidden\": true, \"delayed_order_replaceable\": true,\n"
    "    \"own_brigade_uses_attempt\": false, \"contact_tolerance_mm\": 1.0}\n"
    "}\n";

/* rules_text with TARGET replaced; the caller frees. */
static char *rules_with(const char *target)
{
    const char *at = strstr(rules_text, "TARGET");
    size_t head = (size_t)(at - rules_text);
    size_t n = strlen(rules_text) - 6 + strlen(target) + 1;
    char *s = malloc(n);
    snprintf(s, n, "%.*s%s%s", (int)head, rules_text, target, at + 6);
    return s;
}

/* A house rule: britain needs 8 (not a default any more). Picton: -1, so
 * immediate natural > 9: 6/36; delayed 9: 4/36; fail 26/36. */
static void test_gdb_rules_override_target(void **state)
{
    (void)state;
    char *text = rules_with("8");
    grog_gdb_rules *house = NULL;
    grog_error err;
    assert_int_equal(grog_gdb_rules_parse(text, "house.json", &house, &err), GROG_OK);
    grog_gdb_input in = input("britain", GROG_GDB_SKILL_GIFTED, 35);
    grog_explain *e = NULL;
    assert_int_equal(grog_gdb_order_test(house, &in, NULL, &e, NULL, &err), GROG_OK);
    assert_odds(e, 6, 4, 26);
    assert_int_equal(grog_explain_default_count(e), 0);
    grog_explain_destroy(e);
    /* unlisted_nations_column null: a nation in no column is refused */
    in.nation = "portugal";
    e = NULL;
    assert_int_equal(grog_gdb_order_test(house, &in, NULL, &e, NULL, &err), GROG_ENOTFOUND);
    assert_null(e);
    grog_gdb_rules_destroy(house);
    free(text);
}

/* A broken rules file: FILE:LINE:COLUMN of the value (or key) at fault. */
static void test_gdb_rules_errors_name_the_place(void **state)
{
    (void)state;
    grog_gdb_rules *r = NULL;
    grog_error err;
    char *text = rules_with("\"six\"");
    assert_int_equal(grog_gdb_rules_parse(text, "house.json", &r, &err), GROG_EFORMAT);
    /* line 7: 5 spaces, then "target" at column 6 */
    assert_non_null(strstr(err.message, "house.json:7:6: columns[0].target"));
    assert_null(r);
    free(text);
    text = rules_with("6, \"targte\": 6"); /* a typo is refused */
    assert_int_equal(grog_gdb_rules_parse(text, "house.json", &r, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "house.json:7:"));
    assert_non_null(strstr(err.message, "columns[0].targte"));
    free(text);
    text = rules_with("6 6"); /* a syntax error */
    assert_int_equal(grog_gdb_rules_parse(text, "house.json", &r, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "house.json:7:"));
    free(text);
    text = rules_with("99"); /* out of range */
    assert_int_equal(grog_gdb_rules_parse(text, "house.json", &r, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "columns[0].target"));
    free(text);
    assert_int_equal(grog_gdb_rules_load("/nonexistent/gdb.json", &r, &err), GROG_ENOTFOUND);
    assert_null(r);
}

/* ---- positions (GDB-14) ---- */

static grog_base base_at(double x, double y, double w, double d)
{
    grog_base b = {{x, y}, w, d, 0};
    return b;
}

/* GDB-14: base to base. C-in-C 40x40 at the origin spans y -20..20; a
 * brigadier 40x40 at y = 390 spans 370..410: 350 mm apart. An enemy 100x40
 * centred at x = 220 begins at x = 170: 150 mm, within 15 cm (included). */
static void test_gdb_14_distance_from_bases(void **state)
{
    (void)state;
    grog_base cinc = base_at(0, 0, 40, 40);
    grog_base brig = base_at(0, 390, 40, 40);
    grog_base enemy[2] = {base_at(1000, 1000, 100, 40), base_at(220, 0, 100, 40)};
    grog_gdb_input in = input("britain", GROG_GDB_SKILL_GIFTED, 0);
    grog_error err;
    assert_int_equal(grog_gdb_input_from_bases(rules, &cinc, &brig, enemy, 2, &in, &err),
                     GROG_OK);
    assert_true(fabs(in.distance_mm - 350) < 1e-9); /* GDB-14 */
    assert_false(in.contact);
    assert_true(in.near_enemy); /* exactly 15 cm: within */
    enemy[1].centre.x = 221; /* 151 mm */
    assert_int_equal(grog_gdb_input_from_bases(rules, &cinc, &brig, enemy, 2, &in, &err),
                     GROG_OK);
    assert_false(in.near_enemy);
    assert_int_equal(grog_gdb_input_from_bases(rules, &cinc, &brig, NULL, 0, &in, &err),
                     GROG_OK);
    assert_false(in.near_enemy);
    brig.centre.y = 40; /* edges touch */
    assert_int_equal(grog_gdb_input_from_bases(rules, &cinc, &brig, NULL, 0, &in, &err),
                     GROG_OK);
    assert_true(in.contact); /* GDB-11 */
    assert_true(in.distance_mm < 1e-9);
    grog_explain *e = odds(&in);
    assert_int_equal(grog_explain_modifier_total(e), 3); /* +1 gifted, +2 contact */
    grog_explain_destroy(e);
    brig.width = 0;
    assert_int_equal(grog_gdb_input_from_bases(rules, &cinc, &brig, NULL, 0, &in, &err),
                     GROG_EINVAL);
}

/* ---- from a battle ---- */

static void add_officer(grog_battle *b, const char *id, const char *side, grog_role role,
                        const char *superior, grog_nation nation, double x, double y)
{
    grog_officer o;
    grog_officer_init(&o);
    snprintf(o.id, sizeof o.id, "%s", id);
    snprintf(o.name, sizeof o.name, "%s", id);
    snprintf(o.side, sizeof o.side, "%s", side);
    snprintf(o.superior, sizeof o.superior, "%s", superior);
    o.role = role;
    o.nation = nation;
    o.base = base_at(x, y, 40, 40);
    assert_int_equal(grog_battle_add_officer(b, &o, NULL), GROG_OK);
}

static void add_unit(grog_battle *b, const char *id, const char *side, const char *parent,
                     double x, double y)
{
    grog_troop u;
    grog_troop_init(&u);
    snprintf(u.id, sizeof u.id, "%s", id);
    snprintf(u.side, sizeof u.side, "%s", side);
    snprintf(u.parent, sizeof u.parent, "%s", parent);
    u.base = base_at(x, y, 100, 40);
    assert_int_equal(grog_battle_add_unit(b, &u, NULL), GROG_OK);
}

/* The seed's example as a battle: Picton (C-in-C, gifted) at the origin, Pack
 * 350 mm away base to base (GDB-14), the French far off. */
static grog_battle *peninsula(void)
{
    grog_battle *b = grog_battle_create();
    grog_side allies = {"allies", "Allies", GROG_NATION_BRITAIN, ""};
    grog_side french = {"french", "French", GROG_NATION_FRANCE, ""};
    assert_int_equal(grog_battle_add_side(b, &allies, NULL), GROG_OK);
    assert_int_equal(grog_battle_add_side(b, &french, NULL), GROG_OK);
    add_officer(b, "picton", "allies", GROG_ROLE_C_IN_C, "", GROG_NATION_BRITAIN, 0, 0);
    grog_battle_officer_by_id_mut(b, "picton")->ratings.gdb_skill = GROG_GDB_SKILL_GIFTED;
    add_officer(b, "pack", "allies", GROG_ROLE_BRIGADE, "picton", GROG_NATION_BRITAIN, 0, 390);
    add_officer(b, "champalimaud", "allies", GROG_ROLE_BRIGADE, "picton",
                GROG_NATION_PORTUGAL, 0, -100);
    add_officer(b, "reynier", "french", GROG_ROLE_C_IN_C, "", GROG_NATION_FRANCE, 2000, 2000);
    add_officer(b, "brenier", "french", GROG_ROLE_BRIGADE, "reynier", GROG_NATION_FRANCE, 2000,
                1500);
    add_unit(b, "foot-88", "allies", "pack", 0, 600);
    add_unit(b, "leger-4", "french", "brenier", 2000, 1400);
    return b;
}

static grog_explain *battle_test(const grog_battle *b, const char *cinc, const char *brigade,
                                 int natural, grog_gdb_outcome *o)
{
    grog_gdb_dice_source src = {GROG_GDB_ENTERED, NULL, natural};
    grog_explain *e = NULL;
    grog_error err;
    grog_status st = grog_gdb_battle_test(rules, b, cinc, brigade, &src, &e, o, &err);
    if (st != GROG_OK)
        fail_msg("%s", err.message);
    return e;
}

/* GDB-14 and the worked example from positions: 35 cm, gifted: -1, roll 5
 * gives 4 < 6: fail. */
static void test_gdb_14_battle_picton(void **state)
{
    (void)state;
    grog_battle *b = peninsula();
    grog_gdb_outcome o = GROG_GDB_IMMEDIATE;
    grog_explain *e = battle_test(b, "picton", "pack", 5, &o);
    assert_true(grog_explain_checks_ok(e));
    assert_int_equal(grog_explain_modifier_total(e), -1); /* GDB-08 +1, GDB-09 -2 */
    assert_int_equal(o, GROG_GDB_FAIL);
    assert_odds(e, 15, 6, 15);
    grog_explain_destroy(e);
    /* GDB-12: a French unit 100 mm from Picton's base, and Picton attached:
     * -2 in all; the Portuguese brigade (unlisted: the second column, 7) is
     * 60 mm away: within 30 cm. Gifted +1, GDB-12 -2: -1 against 7:
     * immediate natural > 8: 10/36, delayed 8: 5/36. */
    grog_battle_unit_by_id_mut(b, "leger-4")->base.centre = (grog_point){170, 0};
    snprintf(grog_battle_officer_by_id_mut(b, "picton")->attached_to, GROG_ID_MAX, "foot-88");
    e = battle_test(b, "picton", "champalimaud", 8, &o);
    assert_int_equal(grog_explain_modifier_total(e), -1);
    assert_true(grog_explain_has_rule(e, "GDB-12"));
    assert_false(grog_explain_has_rule(e, "GDB-09"));
    assert_odds(e, 10, 5, 21);
    assert_int_equal(o, GROG_GDB_DELAYED); /* 8 - 1 = 7 = 7: GDB-04 */
    grog_explain_destroy(e);
    /* GDB-11 and GDB-13: Pack in contact, his brigade broken: +1 +2 -2 -1 */
    grog_battle_officer_by_id_mut(b, "pack")->base.centre = (grog_point){40, 0};
    grog_battle_officer_by_id_mut(b, "pack")->brigade_broken = 1;
    e = battle_test(b, "picton", "pack", 2, &o);
    assert_true(grog_explain_has_rule(e, "GDB-11"));
    assert_true(grog_explain_has_rule(e, "GDB-13"));
    assert_int_equal(grog_explain_modifier_total(e), 0);
    grog_explain_destroy(e);
    grog_battle_destroy(b);
}

/* GDB-07 from a battle: the brigade he commands himself is the C-in-C as
 * --brigade; without personal command the check fails and no odds are given. */
static void test_gdb_07_battle_own_brigade(void **state)
{
    (void)state;
    grog_battle *b = peninsula();
    grog_gdb_dice_source none = {GROG_GDB_NO_ROLL, NULL, 0};
    grog_explain *e = NULL;
    grog_gdb_outcome o = GROG_GDB_FAIL;
    assert_int_equal(grog_gdb_battle_test(rules, b, "picton", "picton", &none, &e, &o, NULL),
                     GROG_OK);
    assert_false(grog_explain_checks_ok(e)); /* not personally commanding */
    grog_frac p;
    assert_false(grog_explain_outcome_p(e, "immediate", &p));
    assert_int_equal(o, GROG_GDB_FAIL); /* left alone */
    grog_explain_destroy(e);
    grog_battle_officer_by_id_mut(b, "picton")->personally_commands = 1;
    assert_int_equal(grog_gdb_battle_test(rules, b, "picton", "picton", &none, &e, &o, NULL),
                     GROG_OK);
    assert_true(grog_explain_checks_ok(e));
    assert_int_equal(o, GROG_GDB_IMMEDIATE); /* GDB-07 */
    assert_odds(e, 36, 0, 0);
    grog_explain_destroy(e);
    /* GDB-09 for the other brigades: personal command -2, beyond too: -3 (GDB-10) */
    e = battle_test(b, "picton", "pack", 12, &o);
    assert_true(grog_explain_has_rule(e, "GDB-10"));
    assert_int_equal(grog_explain_modifier_total(e), -2); /* +1 gifted, -3 */
    grog_explain_destroy(e);
    grog_battle_destroy(b);
}

/* Who may order whom: checks, and unknown officers. */
static void test_gdb_battle_checks(void **state)
{
    (void)state;
    grog_battle *b = peninsula();
    grog_gdb_dice_source none = {GROG_GDB_NO_ROLL, NULL, 0};
    grog_explain *e = NULL;
    grog_error err;
    /* Pack is not the C-in-C */
    assert_int_equal(grog_gdb_battle_test(rules, b, "pack", "champalimaud", &none, &e, NULL,
                                          &err),
                     GROG_OK);
    assert_false(grog_explain_checks_ok(e));
    grog_explain_destroy(e);
    /* Brenier is on the other side */
    assert_int_equal(grog_gdb_battle_test(rules, b, "picton", "brenier", &none, &e, NULL, &err),
                     GROG_OK);
    assert_false(grog_explain_checks_ok(e));
    grog_explain_destroy(e);
    /* a prisoner cannot receive orders */
    grog_battle_officer_by_id_mut(b, "pack")->state = GROG_OFFICER_PRISONER;
    assert_int_equal(grog_gdb_battle_test(rules, b, "picton", "pack", &none, &e, NULL, &err),
                     GROG_OK);
    assert_false(grog_explain_checks_ok(e));
    grog_explain_destroy(e);
    e = NULL;
    assert_int_equal(grog_gdb_battle_test(rules, b, "picton", "ney", &none, &e, NULL, &err),
                     GROG_ENOTFOUND);
    assert_non_null(strstr(err.message, "ney"));
    assert_null(e);
    grog_battle_destroy(b);
}

/* ---- the order book ---- */

static grog_gdb_book *book_of_britain(void)
{
    grog_gdb_book *b = grog_gdb_book_create("british");
    assert_non_null(b);
    assert_int_equal(grog_gdb_book_add_brigade(b, "pack", "hold", NULL), GROG_OK);
    assert_int_equal(grog_gdb_book_add_brigade(b, "kempt", "defend", NULL), GROG_OK);
    return b;
}

/* An attempt by picton with a roll entered; britain ordinary within 30 cm
 * (target 6, no modifier): 7+ immediate, 6 delayed, 5- fail. */
static grog_status try_order(grog_gdb_book *b, const char *cinc, const char *brigade,
                             const char *order, int natural, grog_gdb_outcome *o,
                             grog_error *err)
{
    grog_gdb_attempt a;
    memset(&a, 0, sizeof a);
    a.cinc = cinc;
    a.brigade = brigade;
    a.order = order;
    a.input = input("britain", GROG_GDB_SKILL_ORDINARY, 20);
    a.dice.mode = GROG_GDB_ENTERED;
    a.dice.entered = natural;
    grog_explain *e = NULL;
    grog_status st = grog_gdb_book_attempt(b, rules, &a, &e, o, err);
    if (st == GROG_OK) {
        assert_non_null(e);
        assert_true(grog_explain_has_rule(e, "GDB-01"));
    } else {
        assert_null(e);
    }
    grog_explain_destroy(e);
    return st;
}

static void assert_view(const grog_gdb_book *b, const char *brigade, const char *viewer,
                        const char *order, grog_gdb_pending pending, const char *pending_order)
{
    grog_gdb_brigade_view v;
    assert_int_equal(grog_gdb_book_find(b, brigade, viewer, &v, NULL), GROG_OK);
    assert_string_equal(v.order, order);
    assert_int_equal(v.pending, pending);
    if (pending_order == NULL)
        assert_null(v.pending_order);
    else
        assert_string_equal(v.pending_order, pending_order);
}

/* The book in a battle: the scenario's face-down order (GDB-02) rolled for
 * by Picton 35 cm away (-1): 8 - 1 = 7 > 6, immediate (GDB-03); GDB-01 for
 * the second attempt; who may order whom refused with the rule id. */
static void test_gdb_book_in_battle(void **state)
{
    (void)state;
    grog_battle *b = peninsula();
    grog_gdb_book *book = grog_gdb_book_create("allies");
    grog_error err;
    assert_int_equal(grog_gdb_book_add_brigade(book, "pack", "hold", &err), GROG_OK);
    assert_int_equal(grog_gdb_book_add_brigade(book, "champalimaud", "reserve", &err), GROG_OK);
    assert_int_equal(grog_gdb_book_place(book, "pack", "attack", GROG_GDB_PENDING_UNREVEALED, 0,
                                         &err),
                     GROG_OK);
    assert_int_equal(grog_gdb_book_place(book, "pack", "attack", GROG_GDB_PENDING_HIDDEN, 0,
                                         &err),
                     GROG_EINVAL);
    assert_int_equal(grog_gdb_book_place(book, "ney", "attack", GROG_GDB_PENDING_DELAYED, 0,
                                         &err),
                     GROG_ENOTFOUND);
    assert_view(book, "pack", "allies", "hold", GROG_GDB_PENDING_UNREVEALED, "attack");
    assert_int_equal(grog_gdb_book_command_phase(book, 1, NULL, &err), GROG_OK);
    grog_gdb_dice_source eight = {GROG_GDB_ENTERED, NULL, 8};
    grog_explain *e = NULL;
    grog_gdb_outcome o = GROG_GDB_FAIL;
    assert_int_equal(grog_gdb_book_attempt_in_battle(book, rules, b, "picton", "pack", NULL,
                                                     &eight, &e, &o, &err),
                     GROG_OK);
    assert_int_equal(o, GROG_GDB_IMMEDIATE); /* GDB-03 */
    assert_int_equal(grog_explain_modifier_total(e), -1);
    assert_true(grog_explain_checks_ok(e));
    assert_true(grog_explain_has_rule(e, "GDB-01"));
    grog_explain_destroy(e);
    assert_view(book, "pack", "allies", "attack", GROG_GDB_PENDING_NONE, NULL);
    e = NULL;
    assert_int_equal(grog_gdb_book_attempt_in_battle(book, rules, b, "picton", "champalimaud",
                                                     "attack", &eight, &e, &o, &err),
                     GROG_ERULE);
    assert_non_null(strstr(err.message, "GDB-01")); /* GDB-01: one per turn */
    assert_null(e);
    grog_gdb_book_command_phase(book, 2, NULL, &err);
    assert_int_equal(grog_gdb_book_attempt_in_battle(book, rules, b, "picton", "brenier",
                                                     "retire", &eight, &e, &o, &err),
                     GROG_ERULE);
    assert_non_null(strstr(err.message, "GDB-02")); /* not his brigade */
    assert_int_equal(grog_gdb_book_attempt_in_battle(book, rules, b, "pack", "champalimaud",
                                                     "retire", &eight, &e, &o, &err),
                     GROG_ERULE);
    assert_non_null(strstr(err.message, "GDB-01")); /* Pack is no C-in-C */
    assert_view(book, "champalimaud", "allies", "reserve", GROG_GDB_PENDING_NONE, NULL);
    grog_gdb_book_destroy(book);
    grog_battle_destroy(b);
}

/* GDB-01: one attempt per C-in-C per turn; the second is refused and
 * changes nothing; the next Command Phase allows one again. */
static void test_gdb_01_one_attempt_per_turn(void **state)
{
    (void)state;
    grog_gdb_book *b = book_of_britain();
    grog_gdb_outcome o;
    grog_error err;
    assert_int_equal(try_order(b, "picton", "pack", "attack", 9, &o, &err), GROG_EINVAL);
    assert_int_equal(grog_gdb_book_command_phase(b, 1, NULL, &err), GROG_OK);
    assert_int_equal(try_order(b, "picton", "pack", "attack", 9, &o, &err), GROG_OK);
    assert_int_equal(o, GROG_GDB_IMMEDIATE); /* GDB-03 */
    assert_view(b, "pack", "british", "attack", GROG_GDB_PENDING_NONE, NULL);
    assert_int_equal(try_order(b, "picton", "kempt", "attack", 12, &o, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "GDB-01")); /* GDB-01 */
    assert_view(b, "kempt", "british", "defend", GROG_GDB_PENDING_NONE, NULL);
    /* another C-in-C (a second army on the side) has his own attempt */
    assert_int_equal(try_order(b, "hill", "kempt", "attack", 12, &o, &err), GROG_OK);
    assert_int_equal(grog_gdb_book_command_phase(b, 1, NULL, &err), GROG_EINVAL);
    assert_int_equal(grog_gdb_book_command_phase(b, 2, NULL, &err), GROG_OK);
    assert_int_equal(try_order(b, "picton", "kempt", "hold", 12, &o, &err), GROG_OK);
    assert_int_equal(try_order(b, "picton", "pack", "hold", 12, &o, &err), GROG_ERULE);
    grog_gdb_book_destroy(b);
}

/* GDB-04: equal is delayed: the old order stays this turn, the new one is in
 * force at the next Command Phase, automatically. */
static void test_gdb_04_delayed_comes_in_next_command_phase(void **state)
{
    (void)state;
    grog_gdb_book *b = book_of_britain();
    grog_gdb_outcome o;
    grog_error err;
    int n = -1;
    assert_int_equal(grog_gdb_book_command_phase(b, 1, &n, &err), GROG_OK);
    assert_int_equal(n, 0);
    assert_int_equal(try_order(b, "picton", "pack", "attack", 6, &o, &err), GROG_OK);
    assert_int_equal(o, GROG_GDB_DELAYED); /* GDB-04 */
    assert_view(b, "pack", "british", "hold", GROG_GDB_PENDING_DELAYED, "attack");
    assert_int_equal(grog_gdb_book_command_phase(b, 2, &n, &err), GROG_OK);
    assert_int_equal(n, 1);
    assert_view(b, "pack", "british", "attack", GROG_GDB_PENDING_NONE, NULL);
    grog_gdb_book_destroy(b);
}

/* GDB-05 and GDB-06: a failure leaves the old order and the new one face
 * down, unrevealed; next turn it may be rolled for again or replaced. */
static void test_gdb_05_06_fail_then_replace_unrevealed(void **state)
{
    (void)state;
    grog_gdb_book *b = book_of_britain();
    grog_gdb_outcome o;
    grog_error err;
    grog_gdb_book_command_phase(b, 1, NULL, &err);
    assert_int_equal(try_order(b, "picton", "pack", "attack", 5, &o, &err), GROG_OK);
    assert_int_equal(o, GROG_GDB_FAIL); /* GDB-05 */
    assert_view(b, "pack", "british", "hold", GROG_GDB_PENDING_UNREVEALED, "attack");
    grog_gdb_book_command_phase(b, 2, NULL, &err);
    assert_view(b, "pack", "british", "hold", GROG_GDB_PENDING_UNREVEALED, "attack");
    /* GDB-06: replaced by "retire", which fails again and stays face down */
    grog_gdb_attempt a;
    memset(&a, 0, sizeof a);
    a.cinc = "picton";
    a.brigade = "pack";
    a.order = "retire";
    a.input = input("britain", GROG_GDB_SKILL_ORDINARY, 20);
    a.dice.mode = GROG_GDB_ENTERED;
    a.dice.entered = 4;
    grog_explain *e = NULL;
    assert_int_equal(grog_gdb_book_attempt(b, rules, &a, &e, &o, &err), GROG_OK);
    assert_true(grog_explain_has_rule(e, "GDB-06")); /* GDB-06: replaces "attack" */
    grog_explain_destroy(e);
    assert_view(b, "pack", "british", "hold", GROG_GDB_PENDING_UNREVEALED, "retire");
    grog_gdb_book_command_phase(b, 3, NULL, &err);
    /* order NULL: roll again for the unrevealed "retire": 7 > 6 immediate */
    assert_int_equal(try_order(b, "picton", "pack", NULL, 7, &o, &err), GROG_OK);
    assert_int_equal(o, GROG_GDB_IMMEDIATE);
    assert_view(b, "pack", "british", "retire", GROG_GDB_PENDING_NONE, NULL);
    grog_gdb_book_command_phase(b, 4, NULL, &err);
    assert_int_equal(try_order(b, "picton", "pack", NULL, 7, &o, &err), GROG_EINVAL);
    grog_gdb_book_destroy(b);
}

/* GDB-06: a delayed order is still face down: replacing it is allowed
 * (delayed_order_replaceable) and the new roll decides. */
static void test_gdb_06_replace_delayed(void **state)
{
    (void)state;
    grog_gdb_book *b = book_of_britain();
    grog_gdb_outcome o;
    grog_error err;
    grog_gdb_book_command_phase(b, 1, NULL, &err);
    assert_int_equal(try_order(b, "picton", "kempt", "attack", 6, &o, &err), GROG_OK);
    assert_int_equal(o, GROG_GDB_DELAYED);
    assert_int_equal(try_order(b, "wellington", "kempt", "retire", 2, &o, &err), GROG_OK);
    assert_int_equal(o, GROG_GDB_FAIL); /* GDB-06 then GDB-05 */
    assert_view(b, "kempt", "british", "defend", GROG_GDB_PENDING_UNREVEALED, "retire");
    int n = -1;
    grog_gdb_book_command_phase(b, 2, &n, &err);
    assert_int_equal(n, 0); /* the delayed "attack" was replaced: nothing comes in */
    assert_view(b, "kempt", "british", "defend", GROG_GDB_PENDING_UNREVEALED, "retire");
    grog_gdb_book_destroy(b);
}

/* GDB-02: the face-down order is hidden from the other side, in the view
 * and in its JSON. */
static void test_gdb_02_hidden_from_the_opponent(void **state)
{
    (void)state;
    grog_gdb_book *b = book_of_britain();
    grog_gdb_outcome o;
    grog_error err;
    grog_gdb_book_command_phase(b, 1, NULL, &err);
    assert_int_equal(try_order(b, "picton", "pack", "skirmish", 6, &o, &err), GROG_OK);
    assert_view(b, "pack", "british", "hold", GROG_GDB_PENDING_DELAYED, "skirmish");
    /* a clone is the same book, and independent of it */
    grog_gdb_book *c = grog_gdb_book_clone(b);
    assert_non_null(c);
    assert_view(c, "pack", "british", "hold", GROG_GDB_PENDING_DELAYED, "skirmish");
    assert_int_equal(try_order(c, "picton", "kempt", "attack", 12, &o, &err),
                     GROG_ERULE); /* GDB-01: the clone remembers Picton's attempt */
    assert_int_equal(grog_gdb_book_command_phase(c, 2, NULL, &err), GROG_OK);
    assert_view(c, "pack", "british", "skirmish", GROG_GDB_PENDING_NONE, NULL);
    assert_view(b, "pack", "british", "hold", GROG_GDB_PENDING_DELAYED, "skirmish");
    grog_gdb_book_destroy(c);
    assert_view(b, "pack", "french", "hold", GROG_GDB_PENDING_HIDDEN, NULL); /* GDB-02 */
    assert_view(b, "pack", NULL, "hold", GROG_GDB_PENDING_HIDDEN, NULL);
    assert_view(b, "kempt", "french", "defend", GROG_GDB_PENDING_NONE, NULL);
    grog_gdb_brigade_view v;
    assert_int_equal(grog_gdb_book_view(b, 0, "french", &v, &err), GROG_OK);
    assert_int_equal(v.pending_turn, 0);
    assert_int_equal(grog_gdb_book_view(b, 2, "french", &v, &err), GROG_ENOTFOUND);
    char *mine = NULL, *theirs = NULL;
    assert_int_equal(grog_gdb_book_to_json(b, "british", &mine, &err), GROG_OK);
    assert_int_equal(grog_gdb_book_to_json(b, "french", &theirs, &err), GROG_OK);
    assert_non_null(strstr(mine, "skirmish"));
    assert_null(strstr(theirs, "skirmish")); /* GDB-02: never shown to the other side */
    assert_null(strstr(theirs, "delayed"));
    json_t *j = json_loads(theirs, 0, NULL);
    json_t *first = json_array_get(json_object_get(j, "brigades"), 0);
    assert_string_equal(json_string_value(json_object_get(first, "pending")), "hidden");
    assert_true(json_is_null(json_object_get(first, "pending_order")));
    json_decref(j);
    free(mine);
    free(theirs);
    grog_gdb_book_destroy(b);
}

/* GDB-07 in the book: the C-in-C's own brigade changes at once, without a
 * roll, and (own_brigade_uses_attempt false) leaves his attempt of the turn. */
static void test_gdb_07_own_brigade_in_the_book(void **state)
{
    (void)state;
    grog_gdb_book *b = book_of_britain();
    grog_gdb_outcome o = GROG_GDB_FAIL;
    grog_error err;
    grog_gdb_book_command_phase(b, 1, NULL, &err);
    grog_gdb_attempt a;
    memset(&a, 0, sizeof a);
    a.cinc = "picton";
    a.brigade = "kempt";
    a.order = "attack";
    a.input = input("britain", GROG_GDB_SKILL_ORDINARY, 0);
    a.input.own_brigade = a.input.personal = a.input.broken = 1;
    grog_explain *e = NULL;
    assert_int_equal(grog_gdb_book_attempt(b, rules, &a, &e, &o, &err), GROG_OK);
    assert_int_equal(o, GROG_GDB_IMMEDIATE); /* GDB-07 */
    assert_true(grog_explain_has_rule(e, "GDB-07"));
    grog_explain_destroy(e);
    assert_view(b, "kempt", "british", "attack", GROG_GDB_PENDING_NONE, NULL);
    assert_int_equal(try_order(b, "picton", "pack", "attack", 12, &o, &err), GROG_OK);
    grog_gdb_book_destroy(b);
}

static void test_gdb_book_bad_input_changes_nothing(void **state)
{
    (void)state;
    grog_gdb_book *b = book_of_britain();
    grog_error err;
    assert_null(grog_gdb_book_create(""));
    assert_int_equal(grog_gdb_book_add_brigade(b, "pack", "hold", &err), GROG_EINVAL);
    assert_int_equal(grog_gdb_book_add_brigade(b, "", "hold", &err), GROG_EINVAL);
    assert_int_equal(grog_gdb_book_count(b), 2);
    grog_gdb_book_command_phase(b, 1, NULL, &err);
    grog_gdb_outcome o;
    assert_int_equal(try_order(b, "picton", "ghost", "attack", 12, &o, &err), GROG_ENOTFOUND);
    assert_int_equal(try_order(b, "picton", "pack", "attack", 13, &o, &err), GROG_EINVAL);
    assert_int_equal(try_order(b, "", "pack", "attack", 12, &o, &err), GROG_EINVAL);
    assert_view(b, "pack", "british", "hold", GROG_GDB_PENDING_NONE, NULL);
    /* none of these used picton's attempt (GDB-01) */
    assert_int_equal(try_order(b, "picton", "pack", "attack", 12, &o, &err), GROG_OK);
    assert_string_equal(grog_gdb_book_side(b), "british");
    assert_int_equal(grog_gdb_book_turn(b), 1);
    grog_gdb_book_destroy(b);
    grog_gdb_book_destroy(NULL);
    grog_gdb_rules_destroy(NULL);
}

/* ---- the command line ---- */

static json_t *run_json(cli_run *r)
{
    assert_int_equal(r->code, 0);
    return cli_json(r);
}

/* The worked example through `grognard calc gdb-order --json`. */
static void test_gdb_cli_picton(void **state)
{
    (void)state;
    cli_run r = run_cli("calc", "gdb-order", "--nation", "britain", "--skill", "gifted",
                        "--distance-cm", "35", "--roll", "5", "--json", NULL);
    json_t *j = run_json(&r);
    assert_string_equal(json_string_value(json_object_get(j, "test")), "gdb-order");
    assert_string_equal(json_string_value(json_object_get(j, "dice")), "2d6");
    assert_int_equal(json_integer_value(json_object_get(j, "target")), 6);
    assert_string_equal(json_string_value(json_object_get(j, "comparison")), ">");
    assert_int_equal(json_integer_value(json_object_get(j, "modifier_total")), -1);
    assert_int_equal(json_integer_value(json_object_get(j, "roll")), 5);
    assert_int_equal(json_integer_value(json_object_get(j, "modified_roll")), 4);
    assert_string_equal(json_string_value(json_object_get(j, "outcome")), "fail");
    json_t *outs = json_object_get(j, "outcomes");
    assert_string_equal(json_exact_of(outs, "name", "immediate"), "15/36");
    assert_string_equal(json_exact_of(outs, "name", "delayed"), "6/36");
    assert_string_equal(json_exact_of(outs, "name", "fail"), "15/36");
    json_t *mods = json_object_get(j, "modifiers");
    assert_int_equal(json_array_size(mods), 2);
    assert_string_equal(json_string_value(json_object_get(json_array_get(mods, 0), "rule")),
                        "GDB-08");
    assert_int_equal(json_integer_value(json_object_get(json_array_get(mods, 1), "value")), -2);
    json_t *defs = json_object_get(j, "defaults_used");
    assert_int_equal(json_array_size(defs), 1);
    assert_string_equal(
        json_string_value(json_object_get(json_array_get(defs, 0), "setting")),
        "columns[0].target");
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("calc", "gdb-order", "--nation", "britain", "--skill", "gifted",
                "--distance-cm", "35", "--roll", "5", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "GDB-09"));
    assert_non_null(strstr(r.out, "15/36"));
    cli_run_free(&r);
}

/* CLI: flags map to the rules: GDB-07 own brigade, GDB-10, GDB-12 cap. */
static void test_gdb_cli_flags(void **state)
{
    (void)state;
    cli_run r = run_cli("calc", "gdb-order", "--nation", "austria", "--skill", "poor",
                        "--own-brigade", "--broken", "--json", NULL);
    json_t *j = run_json(&r);
    assert_string_equal(json_exact_of(json_object_get(j, "outcomes"), "name", "immediate"),
                        "36/36"); /* GDB-07 */
    assert_true(json_is_null(json_object_get(j, "outcome")));
    json_decref(j);
    cli_run_free(&r);
    /* ordinary russia (7), 40 cm and personal -3 (GDB-10), attached + near -2
     * (GDB-12), contact impossible: total -5; immediate natural > 12: 0;
     * delayed natural 12: 1/36 */
    r = run_cli("calc", "gdb-order", "--nation", "russia", "--skill", "ordinary",
                "--distance-cm", "40", "--personal", "--attached", "--near-enemy", "--json",
                NULL);
    j = run_json(&r);
    assert_int_equal(json_integer_value(json_object_get(j, "modifier_total")), -5);
    assert_string_equal(json_exact_of(json_object_get(j, "outcomes"), "name", "delayed"),
                        "1/36");
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("calc", "gdb-order", "--nation", "france", "--skill", "ordinary", "--contact",
                "--json", NULL);
    j = run_json(&r);
    assert_int_equal(json_integer_value(json_object_get(j, "modifier_total")), 2); /* GDB-11 */
    json_decref(j);
    cli_run_free(&r);
}

/* CLI: the same seed gives the same roll. */
static void test_gdb_cli_seed(void **state)
{
    (void)state;
    cli_run a = run_cli("calc", "gdb-order", "--nation", "france", "--skill", "ordinary",
                        "--distance-cm", "10", "--seed", "1234", "--json", NULL);
    cli_run b = run_cli("calc", "gdb-order", "--nation", "france", "--skill", "ordinary",
                        "--distance-cm", "10", "--seed", "1234", "--json", NULL);
    assert_int_equal(a.code, 0);
    assert_string_equal(a.out, b.out);
    json_t *j = cli_json(&a);
    assert_int_equal(json_integer_value(json_object_get(j, "seed")), 1234);
    assert_false(json_is_null(json_object_get(j, "outcome")));
    json_decref(j);
    cli_run_free(&a);
    cli_run_free(&b);
}

/* CLI: bad command lines and rules files. */
static void test_gdb_cli_errors(void **state)
{
    (void)state;
    cli_run r = run_cli("calc", "gdb-order", "--nation", "prusia", "--skill", "gifted",
                        "--distance-cm", "10", NULL);
    assert_int_equal(r.code, 2);
    assert_non_null(strstr(r.err, "late-prussia"));
    cli_run_free(&r);
    /* a nation of the scenario format not in the table: the second column (7),
     * reported as a default */
    r = run_cli("calc", "gdb-order", "--nation", "portugal", "--skill", "ordinary",
                "--distance-cm", "10", "--json", NULL);
    json_t *j = run_json(&r);
    assert_int_equal(json_integer_value(json_object_get(j, "target")), 7);
    assert_int_equal(json_array_size(json_object_get(j, "defaults_used")), 2);
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("calc", "gdb-order", "--nation", "france", "--skill", "great",
                "--distance-cm", "10", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("calc", "gdb-order", "--nation", "france", "--skill", "gifted", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("calc", "gdb-order", "--nation", "france", "--skill", "gifted",
                "--distance-cm", "10", "--roll", "1", NULL);
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
    r = run_cli("calc", "gdb-order", "--nation", "france", "--skill", "gifted",
                "--distance-cm", "10", "--roll", "7", "--seed", "3", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("calc", "gdb-order", "--help", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "--own-brigade"));
    cli_run_free(&r);
}

/* CLI --rules: a house-rules file changes a target; a broken one is named
 * FILE:LINE:COLUMN. */
static void test_gdb_cli_rules_file(void **state)
{
    (void)state;
    char path[] = "/tmp/test_gdb_rules_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    char *text = rules_with("8");
    fputs(text, f);
    fclose(f);
    free(text);
    cli_run r = run_cli("calc", "gdb-order", "--nation", "britain", "--skill", "gifted",
                        "--distance-cm", "35", "--rules", path, "--json", NULL);
    json_t *j = run_json(&r);
    assert_int_equal(json_integer_value(json_object_get(j, "target")), 8);
    assert_string_equal(json_exact_of(json_object_get(j, "outcomes"), "name", "fail"),
                        "26/36");
    assert_int_equal(json_array_size(json_object_get(j, "defaults_used")), 0);
    json_decref(j);
    cli_run_free(&r);
    f = fopen(path, "w");
    text = rules_with("\"six\"");
    fputs(text, f);
    fclose(f);
    free(text);
    r = run_cli("calc", "gdb-order", "--nation", "britain", "--skill", "gifted",
                "--distance-cm", "35", "--rules", path, NULL);
    assert_int_equal(r.code, 1);
    char want[128];
    snprintf(want, sizeof want, "%s:7:6: columns[0].target", path);
    assert_non_null(strstr(r.err, want));
    cli_run_free(&r);
    remove(path);
}

/* A small scenario: Picton (gifted C-in-C) at x 50 cm, Pack at x 89 cm:
 * 4 cm bases, 35 cm edge to edge (GDB-14); the French far away. */
#define RATINGS(skill)                                                                       \
    "\"ratings\": {\"aigles\": {\"charisma\": 2, \"command\": 2}, \"gdb\": {\"skill\": \"" skill \
    "\"}, \"gt\": {\"quality\": \"ordinary\"}}"
#define OFFICER(id, side, role, sup, x, y, skill)                                            \
    "{\"id\": \"" id "\", \"name\": \"" id "\", \"side\": \"" side "\", \"role\": \"" role     \
    "\", \"superior\": \"" sup "\", \"position\": {\"x\": " x ", \"y\": " y "}, "             \
    "\"base\": {\"width\": 4, \"depth\": 4}, " RATINGS(skill) "}"
#define UNIT(id, side, x, y)                                                                 \
    "{\"id\": \"" id "\", \"name\": \"" id "\", \"side\": \"" side "\", \"arm\": \"infantry\", " \
    "\"status\": \"regular\", \"manoeuvre\": \"B\", \"figures\": 24, \"position\": {\"x\": " x  \
    ", \"y\": " y "}, \"base\": {\"width\": 16, \"depth\": 4}}"

static const char *const scenario_text =
    "{\"format\": 1, \"meta\": {\"name\": \"gdb test\"},\n"
    " \"table\": {\"figure_scale\": 25, \"mm_per_pas\": 1, \"unit\": \"cm\", \"width\": 180,"
    " \"depth\": 120},\n"
    " \"sides\": [{\"id\": \"allies\", \"name\": \"Allies\", \"nation\": \"britain\"},\n"
    "           {\"id\": \"french\", \"name\": \"French\", \"nation\": \"france\"}],\n"
    " \"officers\": [\n"
    "  " OFFICER("picton", "allies", "commander-in-chief", "", "50", "50", "gifted") ",\n"
    "  " OFFICER("pack", "allies", "brigade", "picton", "89", "50", "ordinary") ",\n"
    "  " OFFICER("reynier", "french", "commander-in-chief", "", "150", "110", "ordinary") ",\n"
    "  " OFFICER("brenier", "french", "brigade", "reynier", "150", "90", "ordinary") "],\n"
    " \"units\": [\n"
    "  " UNIT("foot-88", "allies", "89", "60") ",\n"
    "  " UNIT("leger-4", "french", "150", "80") "]}\n";

/* `grognard explain FILE gdb-order`: the worked example from positions
 * (GDB-14), and who may order whom. */
static void test_gdb_cli_explain_scenario(void **state)
{
    (void)state;
    char path[] = "/tmp/test_gdb_scenario_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(scenario_text, f);
    fclose(f);
    cli_run r = run_cli("explain", path, "gdb-order", "--cinc", "picton", "--brigade", "pack",
                        "--roll", "5", "--json", NULL);
    if (r.code != 0)
        fail_msg("%s", r.err);
    json_t *j = cli_json(&r);
    assert_int_equal(json_integer_value(json_object_get(j, "target")), 6);
    assert_int_equal(json_integer_value(json_object_get(j, "modifier_total")), -1);
    assert_int_equal(json_integer_value(json_object_get(j, "modified_roll")), 4);
    assert_string_equal(json_string_value(json_object_get(j, "outcome")), "fail");
    assert_string_equal(json_exact_of(json_object_get(j, "outcomes"), "name", "immediate"),
                        "15/36");
    size_t i;
    json_t *chk;
    json_array_foreach(json_object_get(j, "checks"), i, chk)
        assert_true(json_is_true(json_object_get(chk, "ok")));
    json_decref(j);
    cli_run_free(&r);
    /* Brenier is French: the check fails, exit 1, no odds */
    r = run_cli("explain", path, "gdb-order", "--cinc", "picton", "--brigade", "brenier",
                "--json", NULL);
    assert_int_equal(r.code, 1);
    j = cli_json(&r);
    assert_int_equal(json_array_size(json_object_get(j, "outcomes")), 0);
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("explain", path, "gdb-order", "--cinc", "picton", "--brigade", "ney", NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "ney"));
    cli_run_free(&r);
    r = run_cli("explain", path, "gdb-order", "--cinc", "picton", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gdb_seed_example_picton),
        cmocka_unit_test(test_gdb_03_04_05_every_total_agrees_with_odds),
        cmocka_unit_test(test_gdb_03_04_05_boundaries),
        cmocka_unit_test(test_gdb_02_generated_roll),
        cmocka_unit_test(test_gdb_08_skill),
        cmocka_unit_test(test_gdb_09_exactly_30cm_is_not_beyond),
        cmocka_unit_test(test_gdb_09_personal_within_radius),
        cmocka_unit_test(test_gdb_10_replaces_09),
        cmocka_unit_test(test_gdb_11_contact),
        cmocka_unit_test(test_gdb_12_capped_at_minus_2),
        cmocka_unit_test(test_gdb_13_broken_and_all_together),
        cmocka_unit_test(test_gdb_07_own_brigade_automatic),
        cmocka_unit_test(test_gdb_nation_columns),
        cmocka_unit_test(test_gdb_command_radius),
        cmocka_unit_test(test_gdb_rules_override_target),
        cmocka_unit_test(test_gdb_rules_errors_name_the_place),
        cmocka_unit_test(test_gdb_14_distance_from_bases),
        cmocka_unit_test(test_gdb_14_battle_picton),
        cmocka_unit_test(test_gdb_07_battle_own_brigade),
        cmocka_unit_test(test_gdb_battle_checks),
        cmocka_unit_test(test_gdb_book_in_battle),
        cmocka_unit_test(test_gdb_01_one_attempt_per_turn),
        cmocka_unit_test(test_gdb_04_delayed_comes_in_next_command_phase),
        cmocka_unit_test(test_gdb_05_06_fail_then_replace_unrevealed),
        cmocka_unit_test(test_gdb_06_replace_delayed),
        cmocka_unit_test(test_gdb_02_hidden_from_the_opponent),
        cmocka_unit_test(test_gdb_07_own_brigade_in_the_book),
        cmocka_unit_test(test_gdb_book_bad_input_changes_nothing),
        cmocka_unit_test(test_gdb_cli_picton),
        cmocka_unit_test(test_gdb_cli_flags),
        cmocka_unit_test(test_gdb_cli_seed),
        cmocka_unit_test(test_gdb_cli_errors),
        cmocka_unit_test(test_gdb_cli_rules_file),
        cmocka_unit_test(test_gdb_cli_explain_scenario),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
