/* test_gt.c — Grande Tactique generals and PIPs (GT-01..GT-17).
 *
 * Every expected value is worked out by hand from spec/gt-generals.md:
 * distributions are counts over the dice space (1/6, k/216, k/36), the
 * PIPs of a rolled die follow the GT-17 order step by step. The library is
 * tested through include/grognard/gt.h, the calculator through run_cli. */
#include "grognard/gt.h"
#include "testutil.h"

static grog_gt_rules *rules;

static int setup(void **state)
{
    (void)state;
    grog_error err;
    return grog_gt_rules_load(NULL, &rules, &err) == GROG_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    grog_gt_rules_destroy(rules);
    return 0;
}

/* ---- helpers ---- */

static json_t *record_json(const grog_explain *e)
{
    char *s = NULL;
    assert_int_equal(grog_explain_to_json(e, &s, NULL), GROG_OK);
    json_t *j = json_loads(s, 0, NULL);
    free(s);
    assert_non_null(j);
    return j;
}

/* Asserts the record's distribution is exactly the counts over den for
 * values lo.. (0 counts must be absent). */
static void assert_dist(json_t *rec, int lo, const int *counts, int n, int den)
{
    json_t *dist = json_object_get(rec, "distribution");
    size_t expected = 0;
    for (int i = 0; i < n; i++) {
        const char *got = json_exact_of_value(dist, lo + i);
        if (counts[i] == 0) {
            assert_null(got);
            continue;
        }
        char want[32];
        snprintf(want, sizeof want, "%d/%d", counts[i], den);
        assert_non_null(got);
        assert_string_equal(got, want);
        expected++;
    }
    assert_int_equal(json_array_size(dist), expected);
}

static grog_explain *pip_record(grog_gt_pip_query q, const grog_roll *roll)
{
    grog_explain *e = NULL;
    grog_error err;
    assert_int_equal(grog_gt_pip_explain(rules, &q, roll, &e, &err), GROG_OK);
    return e;
}

static void check_pip_dist(grog_gt_pip_query q, int lo, const int *counts, int n, int den)
{
    grog_explain *e = pip_record(q, NULL);
    json_t *j = record_json(e);
    assert_dist(j, lo, counts, n, den);
    json_decref(j);
    grog_explain_destroy(e);
}

static grog_gt_pip_query own(grog_gt_quality quality)
{
    grog_gt_pip_query q = {0};
    q.quality = quality;
    q.alloc = GROG_GT_ALLOC_OWN;
    return q;
}

/* ---- rules data ---- */

static void test_rules_embedded(void **state)
{
    (void)state;
    assert_true(grog_gt_command_radius_in(rules) == 9.0); /* GT-10: 9" */
    /* GT-15: the cost table, with GT-01's free move the only seed value. */
    size_t n = grog_gt_action_count(rules);
    assert_true(n >= 11);
    int found = 0;
    for (size_t i = 0; i < n; i++) {
        const char *id = grog_gt_action_id(rules, i);
        int cost = grog_gt_action_base_cost(rules, i), def = grog_gt_action_is_default(rules, i);
        if (strcmp(id, "move_general") == 0) { /* GT-01 */
            assert_int_equal(cost, 0);
            assert_false(def);
            found++;
        } else if (strcmp(id, "artillery_change_direction") == 0) { /* GT-15 */
            assert_int_equal(cost, 3);
            assert_true(def);
            found++;
        } else if (strcmp(id, "rally_fleeing") == 0) { /* GT-15 */
            assert_int_equal(cost, 2);
            found++;
        } else if (strcmp(id, "infantry_fire") == 0 || strcmp(id, "formation_change") == 0) {
            assert_int_equal(cost, 1); /* GT-15: unconfirmed, default 1 */
            assert_true(def);
            found++;
        }
    }
    assert_int_equal(found, 5);
    assert_null(grog_gt_action_id(rules, n));
    grog_gt_rules_destroy(NULL);
}

static char *tmp_rules(const char *from, const char *to)
{
    const char *text = grog_data_embedded("rules/gt.json", NULL);
    assert_non_null(text);
    const char *at = strstr(text, from);
    assert_non_null(at);
    static char path[] = "/tmp/grognard-test-gt-XXXXXX";
    strcpy(path, "/tmp/grognard-test-gt-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    fclose(f);
    return path;
}

static void expect_bad_rules(const char *from, const char *to, const char *message_part)
{
    char *path = tmp_rules(from, to);
    grog_gt_rules *r = NULL;
    grog_error err;
    assert_int_equal(grog_gt_rules_load(path, &r, &err), GROG_EFORMAT);
    assert_null(r);
    /* FILE:LINE: names the line of the faulty text */
    const char *text = grog_data_embedded("rules/gt.json", NULL);
    int line = 1;
    for (const char *p = text; p < strstr(text, from); p++)
        line += *p == '\n';
    char where[128];
    snprintf(where, sizeof where, "%s:%d:", path, line);
    if (strncmp(err.message, where, strlen(where)) != 0)
        fail_msg("message \"%s\" does not start with \"%s\"", err.message, where);
    if (strstr(err.message, message_part) == NULL)
        fail_msg("message \"%s\" lacks \"%s\"", err.message, message_part);
    remove(path);
}

static void test_rules_bad_files(void **state)
{
    (void)state;
    expect_bad_rules("\"command_radius_in\"", "\"command_radius\"", "unknown key");
    expect_bad_rules("\"cost\": 3", "\"cost\": -3", "out of range");
    expect_bad_rules("\"bonus\", \"floor\"", "\"floor\", \"bonus\"", "\"floor\" last");
    expect_bad_rules("\"bonus\", \"floor\"", "\"bonus\", \"bonus\"", "each once");
    expect_bad_rules("\"floor_mean\"", "\"rank\"", "needs a plan");
    expect_bad_rules("\"turn\"", "\"always\"", "unknown value");
    expect_bad_rules("\"id\": \"limber\"", "\"id\": \"move\"", "listed twice");
    grog_gt_rules *r = NULL;
    grog_error err;
    assert_int_equal(grog_gt_rules_load("/nonexistent/gt.json", &r, &err), GROG_ENOTFOUND);
}

/* ---- the PIPs of one general ---- */

static void test_gt02_ordinary_own_die(void **state)
{
    (void)state;
    static const int c[] = {1, 1, 1, 1, 1, 1}; /* GT-02: ordinary, 1..6 each 1/6 */
    check_pip_dist(own(GROG_GT_QUALITY_ORDINARY), 1, c, 6, 6);
    grog_explain *e = pip_record(own(GROG_GT_QUALITY_ORDINARY), NULL);
    json_t *j = record_json(e);
    assert_true(json_real_value(json_object_get(j, "mean")) == 3.5);
    assert_string_equal(json_string_value(json_object_get(j, "test")), "gt-pip");
    assert_string_equal(json_string_value(json_object_get(j, "dice")), "1d6"); /* dice written with their count */
    assert_int_equal(grog_explain_modifier_count(e), 0);
    assert_true(grog_explain_has_rule(e, "GT-17"));
    assert_false(grog_explain_has_rule(e, "GT-14")); /* own die: no corps dice */
    json_decref(j);
    grog_explain_destroy(e);
}

static void test_gt02_gt10_great_with_bonus(void **state)
{
    (void)state;
    grog_gt_pip_query q = own(GROG_GT_QUALITY_GREAT);
    q.bonus = 1;
    static const int c[] = {1, 1, 1, 1, 1, 1}; /* GT-02 +1, GT-10 +1: 3..8 */
    check_pip_dist(q, 3, c, 6, 6);
    grog_explain *e = pip_record(q, NULL);
    assert_int_equal(grog_explain_modifier_total(e), 2);
    assert_true(grog_explain_has_rule(e, "GT-10"));
    grog_explain_destroy(e);
}

static void test_gt02_gt16_bad_alone(void **state)
{
    (void)state;
    /* GT-02 bad -1: die 1 -> 0, 2..6 -> 1..5 (the GT-16 floor is not reached) */
    static const int c[] = {1, 1, 1, 1, 1, 1};
    check_pip_dist(own(GROG_GT_QUALITY_BAD), 0, c, 6, 6);
}

static void test_gt12_bad_with_bad_corps(void **state)
{
    (void)state;
    grog_gt_pip_query q = own(GROG_GT_QUALITY_BAD);
    q.bad_within = 1;
    /* GT-12: die 1 -> 0, GT-02: -1, GT-16: 0. Die 2..6 -> 1..5. So 0..5 each 1/6. */
    static const int c[] = {1, 1, 1, 1, 1, 1};
    check_pip_dist(q, 0, c, 6, 6);
    /* With his PIP too: die 1 -> 0 -> -1, no PIP (GT-12) -> floor 0; die k -> k. */
    q.bonus = 1;
    q.bonus_from_bad = 1;
    static const int c2[] = {1, 0, 1, 1, 1, 1, 1}; /* 0, then 2..6: 1 is impossible */
    check_pip_dist(q, 0, c2, 7, 6);
}

static void test_gt12_great_and_ordinary_with_bad_corps(void **state)
{
    (void)state;
    grog_gt_pip_query q = own(GROG_GT_QUALITY_GREAT);
    q.bad_within = 1;
    static const int great[] = {1, 0, 1, 1, 1, 1, 1}; /* die 1 -> 0 + 1 = 1; k -> k+1: 3..7 */
    check_pip_dist(q, 1, great, 7, 6);
    q.bonus = q.bonus_from_bad = 1;
    static const int great_b[] = {1, 0, 0, 1, 1, 1, 1, 1}; /* 1, then 4..8 */
    check_pip_dist(q, 1, great_b, 8, 6);
    q = own(GROG_GT_QUALITY_ORDINARY);
    q.bad_within = 1;
    static const int ord[] = {1, 0, 1, 1, 1, 1, 1}; /* 0, then 2..6 */
    check_pip_dist(q, 0, ord, 7, 6);
    /* A good commander's PIP is kept on a 1 even with a bad one near (GT-12). */
    q.bonus = 1;
    static const int ord_good[] = {1, 0, 1, 1, 1, 1, 1}; /* 0+1 = 1, then 3..7 */
    check_pip_dist(q, 1, ord_good, 7, 6);
}

static void test_gt14_highest_of_three(void **state)
{
    (void)state;
    grog_gt_pip_query q = own(GROG_GT_QUALITY_ORDINARY);
    q.alloc = GROG_GT_ALLOC_RANK;
    q.dice = 3;
    q.rank = 1;
    /* GT-14: P(max <= v) = v^3/216: 1, 8, 27, 64, 125, 216 -> 1, 7, 19, 37, 61, 91 */
    static const int hi[] = {1, 7, 19, 37, 61, 91};
    check_pip_dist(q, 1, hi, 6, 216);
    q.rank = 2; /* median: P(<= v) = 3v^2(6-v) + v^3: 16, 56, 108, 160, 200, 216 */
    static const int mid[] = {16, 40, 52, 52, 40, 16};
    check_pip_dist(q, 1, mid, 6, 216);
    q.rank = 3; /* lowest: P(>= v) = (7-v)^3 */
    static const int lo[] = {91, 61, 37, 19, 7, 1};
    check_pip_dist(q, 1, lo, 6, 216);
    grog_explain *e = pip_record(q, NULL);
    assert_true(grog_explain_has_rule(e, "GT-14"));
    grog_explain_destroy(e);
}

static void test_gt14_floor_mean_of_two(void **state)
{
    (void)state;
    grog_gt_pip_query q = own(GROG_GT_QUALITY_ORDINARY);
    q.alloc = GROG_GT_ALLOC_MEAN;
    q.dice = 2;
    /* sums 2..12: 1,2,3,4,5,6,5,4,3,2,1; floor(s/2): {2,3}=3 {4,5}=7 {6,7}=11
     * {8,9}=9 {10,11}=5 {12}=1 */
    static const int c[] = {3, 7, 11, 9, 5, 1};
    check_pip_dist(q, 1, c, 6, 36);
    grog_explain *e = pip_record(q, NULL);
    json_t *j = record_json(e);
    double mean = json_real_value(json_object_get(j, "mean")); /* 117/36 */
    assert_true(mean > 3.2499 && mean < 3.2501);
    json_decref(j);
    grog_explain_destroy(e);
    /* bad, bad corps within 9": 1 -> 0 -> -1 -> 0 (GT-16); 2..6 -> 1..5 */
    q.quality = GROG_GT_QUALITY_BAD;
    q.bad_within = 1;
    check_pip_dist(q, 0, c, 6, 36);
}

static void test_gt17_order_example(void **state)
{
    (void)state;
    /* GT-17: bad general, die 1, bad corps within 9" -> 0 */
    grog_gt_pip_query q = own(GROG_GT_QUALITY_BAD);
    q.bad_within = 1;
    assert_int_equal(grog_gt_pips_for_die(rules, &q, 1), 0);
    assert_int_equal(grog_gt_pips_for_die(rules, &q, 2), 1);
    /* great, die 1, bad corps: 1 -> 0 (step 2) then +1 (step 3) = 1 */
    q.quality = GROG_GT_QUALITY_GREAT;
    assert_int_equal(grog_gt_pips_for_die(rules, &q, 1), 1);
    /* a bad corps commander whose subordinate did not roll 1 still gives his PIP */
    q.bonus = q.bonus_from_bad = 1;
    assert_int_equal(grog_gt_pips_for_die(rules, &q, 2), 4);
    assert_int_equal(grog_gt_pips_for_die(rules, &q, 1), 1);

    grog_roll roll;
    grog_error err;
    q = own(GROG_GT_QUALITY_BAD);
    q.bad_within = 1;
    assert_int_equal(grog_gt_pip_enter(&q, 1, &roll, &err), GROG_OK);
    grog_explain *e = pip_record(q, &roll);
    assert_string_equal(grog_explain_outcome(e), "0");
    int v = -1;
    assert_true(grog_explain_modified_roll(e, &v));
    assert_int_equal(v, 0);
    json_t *j = record_json(e);
    assert_int_equal(json_integer_value(json_object_get(j, "roll")), 1);
    /* the path shows each step: allocate 1, GT-12 0, GT-02 -1, GT-10 -1, GT-16 0 */
    json_t *path = json_object_get(j, "path");
    assert_int_equal(json_array_size(path), 5);
    assert_string_equal(json_string_value(json_array_get(path, 1)), "GT-12 bad_commander: 0");
    assert_string_equal(json_string_value(json_array_get(path, 2)), "GT-02 skill: -1");
    assert_string_equal(json_string_value(json_array_get(path, 4)), "GT-16 floor: 0");
    /* GT-17's order is an interpretation, reported as a default */
    json_t *defs = json_object_get(j, "defaults_used");
    assert_string_equal(json_string_value(json_object_get(json_array_get(defs, 0), "setting")),
                        "interpretations.order");
    json_decref(j);
    grog_explain_destroy(e);
}

static void test_gt17_house_order(void **state)
{
    (void)state;
    /* GT-17 is a setting: skill before the bad commander. A bad general's
     * die 2 then becomes 1, which the bad commander turns to 0. */
    char *path = tmp_rules("\"bad_commander\", \"skill\"", "\"skill\", \"bad_commander\"");
    grog_gt_rules *r = NULL;
    grog_error err;
    assert_int_equal(grog_gt_rules_load(path, &r, &err), GROG_OK);
    remove(path);
    grog_gt_pip_query q = own(GROG_GT_QUALITY_BAD);
    q.bad_within = 1;
    assert_int_equal(grog_gt_pips_for_die(r, &q, 2), 0);
    assert_int_equal(grog_gt_pips_for_die(rules, &q, 2), 1); /* the default order */
    grog_gt_rules_destroy(r);
}

static void test_gt16_never_below_zero(void **state)
{
    (void)state;
    grog_gt_pip_query q = own(GROG_GT_QUALITY_BAD);
    for (int die = 1; die <= 6; die++) /* GT-16 */
        assert_true(grog_gt_pips_for_die(rules, &q, die) >= 0);
    q.bad_within = 1;
    assert_int_equal(grog_gt_pips_for_die(rules, &q, 1), 0); /* -1 floored: GT-16 */
}

static void test_pip_query_checks(void **state)
{
    (void)state;
    grog_error err;
    grog_gt_pip_query q = own(GROG_GT_QUALITY_ORDINARY);
    q.alloc = GROG_GT_ALLOC_RANK;
    q.dice = 3;
    q.rank = 4; /* GT-14: K > N */
    assert_int_equal(grog_gt_pip_check(&q, &err), GROG_EINVAL);
    q.rank = 3;
    assert_int_equal(grog_gt_pip_check(&q, &err), GROG_OK);
    q.dice = GROG_GT_MAX_DICE + 1;
    assert_int_equal(grog_gt_pip_check(&q, &err), GROG_EINVAL);
    q = own(GROG_GT_QUALITY_ORDINARY);
    q.bonus = 1;
    q.bonus_from_bad = 1; /* from a bad commander who is not within 9" */
    assert_int_equal(grog_gt_pip_check(&q, &err), GROG_EINVAL);
    grog_roll roll;
    assert_int_equal(grog_gt_pip_enter(&q, 7, &roll, &err), GROG_EINVAL);
    q.bonus_from_bad = 0;
    assert_int_equal(grog_gt_pip_enter(&q, 0, &roll, &err), GROG_EINVAL);
    assert_int_equal(grog_gt_pip_enter(&q, 6, &roll, &err), GROG_OK);
}

static void test_gt14_seeded_roll(void **state)
{
    (void)state;
    grog_gt_pip_query q = own(GROG_GT_QUALITY_GREAT);
    q.alloc = GROG_GT_ALLOC_RANK;
    q.dice = 4;
    q.rank = 2;
    grog_rng *a = grog_rng_create(42), *b = grog_rng_create(42);
    grog_roll ra, rb;
    grog_error err;
    assert_int_equal(grog_gt_pip_roll(&q, a, &ra, &err), GROG_OK);
    assert_int_equal(grog_gt_pip_roll(&q, b, &rb, &err), GROG_OK);
    assert_int_equal(ra.nfaces, 4);
    assert_memory_equal(ra.faces, rb.faces, sizeof ra.faces);
    /* GT-14: the natural is the 2nd highest of the four faces */
    int above = 0, at_or_above = 0;
    for (int i = 0; i < 4; i++) {
        assert_in_range(ra.faces[i], 1, 6);
        above += ra.faces[i] > ra.natural;
        at_or_above += ra.faces[i] >= ra.natural;
    }
    assert_true(above <= 1 && at_or_above >= 2);
    grog_explain *e = pip_record(q, &ra);
    int v;
    assert_true(grog_explain_modified_roll(e, &v));
    assert_int_equal(v, ra.natural + 1); /* GT-02 great */
    grog_explain_destroy(e);
    grog_rng_destroy(a);
    grog_rng_destroy(b);
}

/* ---- the PIP phase of a corps ---- */

static const grog_gt_division three[] = {
    {10, GROG_GT_QUALITY_GREAT, 2},
    {11, GROG_GT_QUALITY_ORDINARY, 1},
    {12, GROG_GT_QUALITY_BAD, 3},
};

static grog_gt_commander commander(int id, int bad, grog_gt_gift gift, int to, double mm)
{
    grog_gt_commander c;
    memset(&c, 0, sizeof c);
    c.id = id;
    c.bad = bad;
    c.gift = gift;
    c.to = to;
    c.unit = 99;
    for (int i = 0; i < GROG_GT_MAX_DIVISIONS; i++)
        c.distance_mm[i] = mm;
    return c;
}

static grog_gt_corps_turn corps(const int *dice, int plan, const grog_gt_commander *cs, int n)
{
    grog_gt_corps_turn t = {three, 3, cs, n, plan, 0, dice, NULL, NULL, NULL, NULL};
    return t;
}

static void test_gt14_plan_allocation(void **state)
{
    (void)state;
    static const int dice[] = {2, 6, 4};
    grog_gt_corps_turn t = corps(dice, 1, NULL, 0);
    grog_gt_phase ph;
    grog_error err;
    assert_int_equal(grog_gt_phase_run(rules, &t, NULL, &ph, &err), GROG_OK);
    /* GT-14 plan: sorted 6, 4, 2; rank 2 great 4+1, rank 1 ordinary 6, rank 3 bad 2-1 */
    assert_int_equal(ph.allocated[0], 4);
    assert_int_equal(ph.allocated[1], 6);
    assert_int_equal(ph.allocated[2], 2);
    assert_int_equal(ph.pips[0], 5);
    assert_int_equal(ph.pips[1], 6);
    assert_int_equal(ph.pips[2], 1);
    for (int i = 0; i < 3; i++) {
        assert_string_equal(grog_explain_test(ph.records[i]), "gt-pip");
        assert_true(grog_explain_has_rule(ph.records[i], "GT-14"));
    }
    assert_string_equal(grog_explain_outcome(ph.records[0]), "5");
    grog_gt_phase_clear(&ph);
    grog_gt_phase_clear(NULL);
}

static void test_gt14_no_plan_floor_mean(void **state)
{
    (void)state;
    static const int dice[] = {2, 6, 5};
    grog_gt_corps_turn t = corps(dice, 0, NULL, 0);
    grog_gt_phase ph;
    assert_int_equal(grog_gt_phase_run(rules, &t, NULL, &ph, NULL), GROG_OK);
    /* GT-14 no plan: floor(13 / 3) = 4 for each: great 5, ordinary 4, bad 3 */
    for (int i = 0; i < 3; i++)
        assert_int_equal(ph.allocated[i], 4);
    assert_int_equal(ph.pips[0], 5);
    assert_int_equal(ph.pips[1], 4);
    assert_int_equal(ph.pips[2], 3);
    grog_gt_phase_clear(&ph);
}

static void test_gt14_plan_change_costs_the_turn(void **state)
{
    (void)state;
    grog_gt_commander cs[2] = {commander(1, 0, GROG_GT_GIFT_GENERAL, 0, 10),
                               commander(2, 0, GROG_GT_GIFT_UNIT, 0, 10)};
    grog_gt_corps_turn t = corps(NULL, 1, cs, 2);
    t.plan_changed = 1; /* GT-14: declared before the roll: no PIPs, no roll needed */
    grog_gt_phase ph;
    assert_int_equal(grog_gt_phase_run(rules, &t, NULL, &ph, NULL), GROG_OK);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(ph.pips[i], 0);
        assert_int_equal(ph.dice[i], 0);
        assert_null(grog_explain_outcome(ph.records[i]));
        assert_true(grog_explain_has_rule(ph.records[i], "GT-14"));
    }
    assert_int_equal(ph.gave[0], 0);
    assert_int_equal(ph.unit_pips[1], 1); /* GT-13 is the commander's own PIP: kept */
    grog_gt_phase_clear(&ph);
}

static void test_gt14_invalid_plan(void **state)
{
    (void)state;
    static const grog_gt_division dup[] = {{1, GROG_GT_QUALITY_GREAT, 1},
                                           {2, GROG_GT_QUALITY_GREAT, 1}};
    static const int dice[] = {3, 3};
    grog_gt_corps_turn t = {dup, 2, NULL, 0, 1, 0, dice, NULL, NULL, NULL, NULL};
    grog_gt_phase ph;
    memset(&ph, 0x5a, sizeof ph);
    grog_error err;
    assert_int_equal(grog_gt_phase_run(rules, &t, NULL, &ph, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "GT-14"));
    assert_int_equal(ph.ndivisions, 0x5a5a5a5a); /* untouched */
    static const int bad_dice[] = {3, 7};
    t.plan = 0;
    t.entered = bad_dice;
    assert_int_equal(grog_gt_phase_run(rules, &t, NULL, &ph, &err), GROG_EINVAL);
    t.entered = NULL; /* no dice and no generator */
    assert_int_equal(grog_gt_phase_run(rules, &t, NULL, &ph, &err), GROG_EINVAL);
}

static void test_gt14_phase_rolled(void **state)
{
    (void)state;
    grog_gt_corps_turn t = corps(NULL, 1, NULL, 0);
    grog_rng *a = grog_rng_create(7), *b = grog_rng_create(7);
    grog_gt_phase pa, pb;
    assert_int_equal(grog_gt_phase_run(rules, &t, a, &pa, NULL), GROG_OK);
    assert_int_equal(grog_gt_phase_run(rules, &t, b, &pb, NULL), GROG_OK);
    assert_memory_equal(pa.dice, pb.dice, sizeof pa.dice);
    for (int i = 0; i < 3; i++) {
        assert_in_range(pa.dice[i], 1, 6);
        grog_gt_pip_query q = {three[i].quality, GROG_GT_ALLOC_RANK, 3, three[i].rank, 0, 0, 0};
        assert_int_equal(pa.pips[i], grog_gt_pips_for_die(rules, &q, pa.allocated[i]));
    }
    json_t *j = record_json(pa.records[0]);
    assert_int_equal(json_integer_value(json_object_get(j, "seed")), 7);
    assert_int_equal(json_array_size(json_object_get(j, "faces")), 3);
    json_decref(j);
    grog_gt_phase_clear(&pa);
    grog_gt_phase_clear(&pb);
    grog_rng_destroy(a);
    grog_rng_destroy(b);
}

static void test_gt10_commander_gives_within_radius(void **state)
{
    (void)state;
    static const int dice[] = {2, 6, 4};
    /* GT-10: exactly 9" (228.6 mm) is within the radius */
    grog_gt_commander cs[1] = {commander(1, 0, GROG_GT_GIFT_GENERAL, 2, 228.6)};
    grog_gt_corps_turn t = corps(dice, 1, cs, 1);
    grog_gt_phase ph;
    grog_error err;
    assert_int_equal(grog_gt_phase_run(rules, &t, NULL, &ph, &err), GROG_OK);
    assert_int_equal(ph.pips[2], 2); /* bad, die 2: 2 - 1 + 1 */
    assert_int_equal(ph.pips[0], 5); /* the others get nothing from him: one subordinate */
    assert_int_equal(ph.gave[0], 1);
    assert_true(grog_explain_has_rule(ph.records[2], "GT-10"));
    grog_gt_phase_clear(&ph);
    /* GT-10: 229 mm is beyond 9": refused */
    cs[0].distance_mm[2] = 229.0;
    assert_int_equal(grog_gt_phase_run(rules, &t, NULL, &ph, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "GT-10"));
}

static void test_gt10_two_commanders_one_general(void **state)
{
    (void)state;
    static const int dice[] = {2, 6, 4};
    /* GT-10: the corps and the army commander both give to the great general */
    grog_gt_commander cs[2] = {commander(1, 0, GROG_GT_GIFT_GENERAL, 0, 50),
                               commander(2, 0, GROG_GT_GIFT_GENERAL, 0, 50)};
    grog_gt_corps_turn t = corps(dice, 1, cs, 2);
    grog_gt_phase ph;
    assert_int_equal(grog_gt_phase_run(rules, &t, NULL, &ph, NULL), GROG_OK);
    assert_int_equal(ph.pips[0], 7); /* 4 + 1 great + 2 */
    grog_gt_phase_clear(&ph);
}

static void test_gt11_attached_commander_gives_nothing(void **state)
{
    (void)state;
    static const int dice[] = {2, 6, 4};
    grog_gt_commander cs[1] = {commander(1, 0, GROG_GT_GIFT_GENERAL, 0, 10)};
    cs[0].attached = 1; /* GT-11 */
    grog_gt_corps_turn t = corps(dice, 1, cs, 1);
    grog_gt_phase ph;
    grog_error err;
    assert_int_equal(grog_gt_phase_run(rules, &t, NULL, &ph, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "GT-11"));
    /* attached, he may still use his PIP on a non-divisional unit (GT-13, a setting) */
    cs[0].gift = GROG_GT_GIFT_UNIT;
    assert_int_equal(grog_gt_phase_run(rules, &t, NULL, &ph, &err), GROG_OK);
    assert_int_equal(ph.unit_pips[0], 1);
    grog_gt_phase_clear(&ph);
}

static void test_gt12_bad_commander_in_phase(void **state)
{
    (void)state;
    /* plan: dice 1, 5, 3 -> rank 1 (ordinary, #11) 5, rank 2 (great, #10) 3,
     * rank 3 (bad, #12) 1. A bad commander within 9" of all gives to #10. */
    static const int dice[] = {1, 5, 3};
    grog_gt_commander cs[1] = {commander(1, 1, GROG_GT_GIFT_GENERAL, 0, 100)};
    grog_gt_corps_turn t = corps(dice, 1, cs, 1);
    grog_gt_phase ph;
    assert_int_equal(grog_gt_phase_run(rules, &t, NULL, &ph, NULL), GROG_OK);
    /* GT-12 (setting "turn"): #12's 1 becomes 0 (then -1, floor 0) and the bad
     * commander gives no PIP this turn: #10 gets 3 + 1 only. */
    assert_int_equal(ph.pips[2], 0);
    assert_int_equal(ph.pips[0], 4);
    assert_int_equal(ph.gave[0], 0);
    assert_true(grog_explain_has_rule(ph.records[0], "GT-12"));
    grog_gt_phase_clear(&ph);
    /* Not within 9" of #12 (300 mm): no GT-12, his PIP goes to #10 */
    cs[0].distance_mm[2] = 300;
    assert_int_equal(grog_gt_phase_run(rules, &t, NULL, &ph, NULL), GROG_OK);
    assert_int_equal(ph.pips[0], 5);
    assert_int_equal(ph.pips[2], 0); /* bad, die 1: 1 - 1 = 0 anyway */
    assert_int_equal(ph.gave[0], 1);
    grog_gt_phase_clear(&ph);
    /* Giving to the general who rolled the 1: die 0, no PIP (GT-12) */
    cs[0].distance_mm[2] = 100;
    cs[0].to = 2;
    assert_int_equal(grog_gt_phase_run(rules, &t, NULL, &ph, NULL), GROG_OK);
    assert_int_equal(ph.pips[2], 0);
    assert_int_equal(ph.gave[0], 0);
    grog_gt_phase_clear(&ph);
}

static void test_gt12_that_general_setting(void **state)
{
    (void)state;
    char *path = tmp_rules("\"turn\"", "\"that_general\"");
    grog_gt_rules *r = NULL;
    grog_error err;
    assert_int_equal(grog_gt_rules_load(path, &r, &err), GROG_OK);
    remove(path);
    static const int dice[] = {1, 5, 3};
    grog_gt_commander cs[1] = {commander(1, 1, GROG_GT_GIFT_GENERAL, 0, 100)};
    grog_gt_corps_turn t = corps(dice, 1, cs, 1);
    grog_gt_phase ph;
    assert_int_equal(grog_gt_phase_run(r, &t, NULL, &ph, NULL), GROG_OK);
    assert_int_equal(ph.pips[0], 5); /* GT-12 read as "no PIP to that general" only */
    assert_int_equal(ph.gave[0], 1);
    grog_gt_phase_clear(&ph);
    grog_gt_rules_destroy(r);
}

static void test_gt13_non_divisional_unit(void **state)
{
    (void)state;
    static const int dice[] = {2, 6, 4};
    grog_gt_commander cs[1] = {commander(1, 0, GROG_GT_GIFT_UNIT, 0, 500)};
    grog_gt_corps_turn t = corps(dice, 1, cs, 1);
    grog_gt_phase ph;
    assert_int_equal(grog_gt_phase_run(rules, &t, NULL, &ph, NULL), GROG_OK);
    assert_int_equal(ph.unit_pips[0], 1); /* GT-13 */
    assert_int_equal(ph.gave[0], 0);
    assert_int_equal(ph.pips[0], 5); /* no general got it */
    assert_int_equal(ph.pips[1], 6);
    assert_int_equal(ph.pips[2], 1);
    grog_gt_phase_clear(&ph);
    /* a bad commander whose subordinate within 9" shows 1 loses it (GT-12, "turn") */
    static const int ones[] = {1, 5, 3};
    cs[0] = commander(1, 1, GROG_GT_GIFT_UNIT, 0, 100);
    t.entered = ones;
    assert_int_equal(grog_gt_phase_run(rules, &t, NULL, &ph, NULL), GROG_OK);
    assert_int_equal(ph.unit_pips[0], 0);
    grog_gt_phase_clear(&ph);
}

/* ---- generals on the table ---- */

static grog_gt_unit unit_at(int id)
{
    grog_gt_unit u = {id, {{0, 0}, 40, 20, 0}, -1, 0}; /* y from -10 to 10 */
    return u;
}

static grog_gt_officer general_at(int id, double y)
{
    grog_gt_officer g = {id, {{0, y}, 10, 10, 0}, -1, 0}; /* y - 5 .. y + 5 */
    return g;
}

static void test_gt03_gt04_attach_in_contact(void **state)
{
    (void)state;
    grog_gt_unit u = unit_at(7);
    grog_gt_officer g = general_at(1, 15); /* edges touch: 0 mm */
    grog_explain *e = NULL;
    grog_error err;
    assert_int_equal(grog_gt_morale_bonus(rules, &u), 0); /* GT-04: no general */
    assert_int_equal(grog_gt_attach(rules, GROG_GT_PHASE_MOVEMENT, &g, &u, &e, &err), GROG_OK);
    assert_int_equal(g.attached_to, 7);
    assert_int_equal(u.general, 1);
    assert_int_equal(grog_gt_morale_bonus(rules, &u), 1); /* GT-04: +1 */
    assert_true(grog_explain_checks_ok(e));
    assert_int_equal(grog_explain_modifier_total(e), 1);
    assert_true(grog_explain_has_rule(e, "GT-03"));
    assert_true(grog_explain_has_rule(e, "GT-05"));
    grog_explain_destroy(e);
}

static void test_gt03_attach_refusals(void **state)
{
    (void)state;
    grog_gt_unit u = unit_at(7);
    grog_gt_officer far = general_at(1, 16); /* 1 mm apart */
    grog_explain *e = NULL;
    grog_error err;
    assert_int_equal(grog_gt_attach(rules, GROG_GT_PHASE_MOVEMENT, &far, &u, &e, &err),
                     GROG_ERULE);
    assert_non_null(strstr(err.message, "GT-03"));
    assert_int_equal(far.attached_to, -1);
    assert_int_equal(u.general, -1);
    assert_null(e);
    grog_gt_officer g = general_at(1, 15);
    assert_int_equal(grog_gt_attach(rules, GROG_GT_PHASE_PIP, &g, &u, &e, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "movement phase")); /* GT-03 */
    assert_int_equal(grog_gt_attach(rules, GROG_GT_PHASE_MOVEMENT, &g, &u, &e, &err), GROG_OK);
    grog_explain_destroy(e);
    /* GT-03: one general per unit */
    grog_gt_officer h = general_at(2, -15);
    e = NULL;
    assert_int_equal(grog_gt_attach(rules, GROG_GT_PHASE_MOVEMENT, &h, &u, &e, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "GT-03"));
    assert_non_null(strstr(err.message, "one general per unit"));
    assert_int_equal(h.attached_to, -1);
    assert_int_equal(u.general, 1);
    assert_null(e);
}

static void test_gt05_gt09_generals_cannot_be_targeted(void **state)
{
    (void)state;
    grog_error err;
    grog_gt_officer g = general_at(1, 15);
    assert_int_equal(grog_gt_target_general(&g, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "GT-09"));
    g.attached_to = 7;
    assert_int_equal(grog_gt_target_general(&g, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "GT-05"));
}

static void test_gt06_no_detach_from_routed(void **state)
{
    (void)state;
    grog_gt_unit u = unit_at(7);
    grog_gt_officer g = general_at(1, 15);
    grog_explain *e = NULL;
    grog_error err;
    assert_int_equal(grog_gt_attach(rules, GROG_GT_PHASE_MOVEMENT, &g, &u, &e, &err), GROG_OK);
    grog_explain_destroy(e);
    u.routed = 1;
    assert_int_equal(grog_gt_detach(rules, GROG_GT_PHASE_MOVEMENT, &g, &u, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "GT-06"));
    assert_int_equal(g.attached_to, 7);
    u.routed = 0;
    assert_int_equal(grog_gt_detach(rules, GROG_GT_PHASE_MOVEMENT, &g, &u, &err), GROG_OK);
    assert_int_equal(g.attached_to, -1);
    assert_int_equal(u.general, -1);
}

static void test_gt08_flee(void **state)
{
    (void)state;
    grog_gt_unit u = unit_at(7);
    grog_gt_officer g = general_at(1, 15);
    grog_explain *e = NULL;
    grog_error err;
    assert_int_equal(grog_gt_attach(rules, GROG_GT_PHASE_MOVEMENT, &g, &u, &e, &err), GROG_OK);
    grog_explain_destroy(e);
    int two = 2, one = 1;
    assert_int_equal(grog_gt_flee(rules, &g, &u, NULL, &two, &e, &err), GROG_OK);
    grog_frac p;
    assert_true(grog_explain_outcome_p(e, "out_of_commission", &p));
    assert_frac(p, 1, 6); /* GT-08: a 1 on a D6 */
    assert_true(grog_explain_outcome_p(e, "unharmed", &p));
    assert_frac(p, 5, 6);
    assert_string_equal(grog_explain_outcome(e), "unharmed");
    assert_int_equal(g.out_of_commission, 0);
    grog_explain_destroy(e);
    assert_int_equal(grog_gt_flee(rules, &g, &u, NULL, &one, &e, &err), GROG_OK);
    assert_string_equal(grog_explain_outcome(e), "out_of_commission"); /* GT-08 */
    assert_int_equal(g.out_of_commission, 1);
    assert_int_equal(u.general, -1);
    grog_explain_destroy(e);
    /* GT-09: an unattached general cannot come to harm */
    grog_gt_officer h = general_at(2, 15);
    e = NULL;
    assert_int_equal(grog_gt_flee(rules, &h, &u, NULL, &one, &e, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "GT-09"));
    assert_null(e);
    int seven = 7;
    assert_int_equal(grog_gt_attach(rules, GROG_GT_PHASE_MOVEMENT, &h, &u, &e, &err), GROG_OK);
    grog_explain_destroy(e);
    e = NULL;
    assert_int_equal(grog_gt_flee(rules, &h, &u, NULL, &seven, &e, &err), GROG_EINVAL);
    assert_null(e);
}

/* ---- spending PIPs ---- */

static void test_gt01_generals_move_free(void **state)
{
    (void)state;
    grog_gt_officer g = general_at(1, 15);
    g.attached_to = 7;
    grog_gt_pool pool;
    grog_explain *e = NULL;
    grog_error err;
    assert_int_equal(grog_gt_pool_start(&pool, &g, 0, &err), GROG_OK);
    /* GT-01: free, even with 0 PIPs and attached (doubling 0 is 0) */
    assert_int_equal(grog_gt_spend(rules, &pool, "move_general", -1, &e, &err), GROG_OK);
    assert_int_equal(pool.pips, 0);
    assert_true(grog_explain_has_rule(e, "GT-01"));
    assert_int_equal(grog_explain_default_count(e), 0); /* the seed gives it */
    grog_explain_destroy(e);
}

static void test_gt07_doubled_for_other_units(void **state)
{
    (void)state;
    grog_gt_officer g = general_at(1, 15);
    g.attached_to = 7;
    grog_gt_pool pool;
    grog_error err;
    int cost;
    assert_int_equal(grog_gt_pool_start(&pool, &g, 10, &err), GROG_OK);
    assert_int_equal(grog_gt_cost(rules, &pool, "artillery_change_direction", 7, &cost, &err),
                     GROG_OK);
    assert_int_equal(cost, 3); /* his own unit: not doubled */
    assert_int_equal(grog_gt_cost(rules, &pool, "artillery_change_direction", 8, &cost, &err),
                     GROG_OK);
    assert_int_equal(cost, 6); /* GT-07: doubled */
    /* GT-07: fixed at the start of the PIP phase; detaching later changes nothing */
    g.attached_to = -1;
    assert_int_equal(grog_gt_cost(rules, &pool, "rally_fleeing", 8, &cost, &err), GROG_OK);
    assert_int_equal(cost, 4);
    grog_explain *e = NULL;
    assert_int_equal(grog_gt_spend(rules, &pool, "rally_fleeing", 8, &e, &err), GROG_OK);
    assert_int_equal(pool.pips, 6);
    assert_true(grog_explain_has_rule(e, "GT-07"));
    assert_int_equal(grog_explain_modifier_total(e), 4);
    grog_explain_destroy(e);
    /* unattached at the start: never doubled */
    assert_int_equal(grog_gt_pool_start(&pool, &g, 10, &err), GROG_OK);
    assert_int_equal(grog_gt_cost(rules, &pool, "rally_fleeing", 8, &cost, &err), GROG_OK);
    assert_int_equal(cost, 2);
}

static void test_gt15_gt16_spending(void **state)
{
    (void)state;
    grog_gt_officer g = general_at(1, 15);
    grog_gt_pool pool;
    grog_explain *e = NULL;
    grog_error err;
    assert_int_equal(grog_gt_pool_start(&pool, &g, -1, &err), GROG_EINVAL); /* GT-16 */
    assert_int_equal(grog_gt_pool_start(&pool, &g, 2, &err), GROG_OK);
    /* GT-16: 3 > 2 refused, nothing spent */
    assert_int_equal(grog_gt_spend(rules, &pool, "artillery_change_direction", 5, &e, &err),
                     GROG_ERULE);
    assert_non_null(strstr(err.message, "GT-16"));
    assert_int_equal(pool.pips, 2);
    assert_null(e);
    /* GT-15: exactly enough leaves 0 */
    assert_int_equal(grog_gt_spend(rules, &pool, "rally_fleeing", 5, &e, &err), GROG_OK);
    assert_int_equal(pool.pips, 0);
    assert_int_equal(grog_explain_default_count(e), 1); /* not in the seed: reported */
    grog_explain_destroy(e);
    e = NULL;
    assert_int_equal(grog_gt_spend(rules, &pool, "infantry_fire", 5, &e, &err), GROG_ERULE);
    assert_int_equal(grog_gt_spend(rules, &pool, "teleport", 5, &e, &err), GROG_ENOTFOUND);
    assert_null(e);
    /* GT-15: an unconfirmed cost (1) is flagged as a default when used */
    assert_int_equal(grog_gt_pool_start(&pool, &g, 1, &err), GROG_OK);
    assert_int_equal(grog_gt_spend(rules, &pool, "infantry_fire", 5, &e, &err), GROG_OK);
    json_t *j = record_json(e);
    json_t *d = json_array_get(json_object_get(j, "defaults_used"), 0);
    assert_string_equal(json_string_value(json_object_get(d, "setting")), "costs.infantry_fire");
    json_decref(j);
    grog_explain_destroy(e);
}

/* ---- the calculator ---- */

static json_t *calc_ok(const char *a1, const char *a2, const char *a3, const char *a4,
                       const char *a5, const char *a6, const char *a7)
{
    cli_run r = run_cli("calc", "gt-pip", "--json", a1, a2, a3, a4, a5, a6, a7, NULL);
    if (r.code != 0)
        fail_msg("exit %d: %s", r.code, r.err);
    json_t *j = cli_json(&r);
    cli_run_free(&r);
    return j;
}

static void test_cli_distributions(void **state)
{
    (void)state;
    json_t *j = calc_ok("--skill", "ordinary", NULL, NULL, NULL, NULL, NULL);
    static const int six[] = {1, 1, 1, 1, 1, 1};
    assert_dist(j, 1, six, 6, 6); /* GT-02 ordinary */
    assert_true(json_real_value(json_object_get(j, "mean")) == 3.5);
    json_decref(j);
    j = calc_ok("--skill", "great", "--corps-bonus", NULL, NULL, NULL, NULL);
    assert_dist(j, 3, six, 6, 6); /* GT-02 + GT-10: 3..8 */
    json_decref(j);
    j = calc_ok("--skill", "ordinary", "--dice", "3", "--rank", "1", NULL);
    assert_string_equal(json_exact_of_value(json_object_get(j, "distribution"), 6),
                        "91/216"); /* GT-14 */
    json_decref(j);
    j = calc_ok("--skill", "bad", "--bad-corps", NULL, NULL, NULL, NULL);
    assert_string_equal(json_exact_of_value(json_object_get(j, "distribution"), 0), "1/6");
    assert_dist(j, 0, six, 6, 6); /* GT-12, GT-02, GT-16: 0..5 */
    json_decref(j);
    j = calc_ok("--skill", "ordinary", "--dice", "2", "--no-plan", NULL, NULL);
    static const int mean2[] = {3, 7, 11, 9, 5, 1}; /* GT-14 floor of the mean */
    assert_dist(j, 1, mean2, 6, 36);
    json_decref(j);
    j = calc_ok("--skill", "bad", "--bad-corps", "--corps-bonus", NULL, NULL, NULL);
    static const int bb[] = {1, 0, 1, 1, 1, 1, 1}; /* GT-12: 0, then 2..6 */
    assert_dist(j, 0, bb, 7, 6);
    json_decref(j);
}

static void test_cli_rolls(void **state)
{
    (void)state;
    /* GT-17 example through the CLI */
    json_t *j = calc_ok("--skill", "bad", "--bad-corps", "--roll", "1", NULL, NULL);
    assert_int_equal(json_integer_value(json_object_get(j, "roll")), 1);
    assert_int_equal(json_integer_value(json_object_get(j, "modified_roll")), 0);
    assert_string_equal(json_string_value(json_object_get(j, "outcome")), "0");
    assert_true(json_is_true(json_object_get(j, "entered")));
    json_decref(j);
    j = calc_ok("--skill", "great", "--corps-bonus", "--roll", "6", NULL, NULL);
    assert_string_equal(json_string_value(json_object_get(j, "outcome")), "8");
    json_decref(j);
    json_t *a = calc_ok("--skill", "ordinary", "--dice", "3", "--rank", "2", "--seed=11");
    json_t *b = calc_ok("--skill", "ordinary", "--dice", "3", "--rank", "2", "--seed=11");
    assert_true(json_equal(a, b));
    assert_int_equal(json_integer_value(json_object_get(a, "seed")), 11);
    assert_int_equal(json_array_size(json_object_get(a, "faces")), 3);
    json_int_t roll = json_integer_value(json_object_get(a, "roll"));
    assert_in_range(roll, 1, 6);
    assert_int_equal(json_integer_value(json_object_get(a, "modified_roll")), roll);
    json_decref(a);
    json_decref(b);
}

static void expect_usage(int code, const char *part, const char *a1, const char *a2,
                         const char *a3, const char *a4, const char *a5, const char *a6)
{
    cli_run r = run_cli("calc", "gt-pip", a1, a2, a3, a4, a5, a6, NULL);
    assert_int_equal(r.code, code);
    if (strstr(r.err, part) == NULL)
        fail_msg("stderr \"%s\" lacks \"%s\"", r.err, part);
    cli_run_free(&r);
}

static void test_cli_usage_errors(void **state)
{
    (void)state;
    expect_usage(2, "--rank K needs --dice", "--skill", "great", "--rank", "1", NULL, NULL);
    expect_usage(2, "K must be 1 to N", "--skill", "great", "--dice", "2", "--rank", "3");
    expect_usage(2, "--no-plan needs --dice", "--skill", "bad", "--no-plan", NULL, NULL, NULL);
    expect_usage(2, "--dice N needs", "--skill", "bad", "--dice", "2", NULL, NULL);
    expect_usage(2, "--skill is required", "--dice", "2", "--no-plan", NULL, NULL, NULL);
    expect_usage(2, "unknown value", "--skill", "superb", NULL, NULL, NULL, NULL);
    expect_usage(2, "cannot go together", "--skill", "bad", "--roll", "2", "--seed", "1");
    expect_usage(2, "--dice", "--skill", "bad", "--dice", "25", "--no-plan", NULL);
    expect_usage(1, "1 to 6", "--skill", "bad", "--roll", "7", NULL, NULL);
    expect_usage(1, "nonexistent", "--skill", "bad", "--rules", "/nonexistent/gt.json", NULL,
                 NULL);
    cli_run r = run_cli("calc", "gt-pip", "--help", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "GT-17"));
    assert_non_null(strstr(r.out, "--no-plan"));
    cli_run_free(&r);
}

static void test_cli_house_rules(void **state)
{
    (void)state;
    /* GT-02 as a house rule: great +2 */
    char *path = tmp_rules("\"great\": 1", "\"great\": 2");
    json_t *j = calc_ok("--skill", "great", "--rules", path, NULL, NULL, NULL);
    static const int six[] = {1, 1, 1, 1, 1, 1};
    assert_dist(j, 3, six, 6, 6);
    json_decref(j);
    remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_embedded),
        cmocka_unit_test(test_rules_bad_files),
        cmocka_unit_test(test_gt02_ordinary_own_die),
        cmocka_unit_test(test_gt02_gt10_great_with_bonus),
        cmocka_unit_test(test_gt02_gt16_bad_alone),
        cmocka_unit_test(test_gt12_bad_with_bad_corps),
        cmocka_unit_test(test_gt12_great_and_ordinary_with_bad_corps),
        cmocka_unit_test(test_gt14_highest_of_three),
        cmocka_unit_test(test_gt14_floor_mean_of_two),
        cmocka_unit_test(test_gt17_order_example),
        cmocka_unit_test(test_gt17_house_order),
        cmocka_unit_test(test_gt16_never_below_zero),
        cmocka_unit_test(test_pip_query_checks),
        cmocka_unit_test(test_gt14_seeded_roll),
        cmocka_unit_test(test_gt14_plan_allocation),
        cmocka_unit_test(test_gt14_no_plan_floor_mean),
        cmocka_unit_test(test_gt14_plan_change_costs_the_turn),
        cmocka_unit_test(test_gt14_invalid_plan),
        cmocka_unit_test(test_gt14_phase_rolled),
        cmocka_unit_test(test_gt10_commander_gives_within_radius),
        cmocka_unit_test(test_gt10_two_commanders_one_general),
        cmocka_unit_test(test_gt11_attached_commander_gives_nothing),
        cmocka_unit_test(test_gt12_bad_commander_in_phase),
        cmocka_unit_test(test_gt12_that_general_setting),
        cmocka_unit_test(test_gt13_non_divisional_unit),
        cmocka_unit_test(test_gt03_gt04_attach_in_contact),
        cmocka_unit_test(test_gt03_attach_refusals),
        cmocka_unit_test(test_gt05_gt09_generals_cannot_be_targeted),
        cmocka_unit_test(test_gt06_no_detach_from_routed),
        cmocka_unit_test(test_gt08_flee),
        cmocka_unit_test(test_gt01_generals_move_free),
        cmocka_unit_test(test_gt07_doubled_for_other_units),
        cmocka_unit_test(test_gt15_gt16_spending),
        cmocka_unit_test(test_cli_distributions),
        cmocka_unit_test(test_cli_rolls),
        cmocka_unit_test(test_cli_usage_errors),
        cmocka_unit_test(test_cli_house_rules),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
