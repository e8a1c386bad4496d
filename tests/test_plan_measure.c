/* test_plan_measure.c — `grognard plan GAME order ... --measure FROM:TO=VALUE`
 * for General de Brigade (issue 27): the plan takes the distances measured
 * at the table (tape.h) as the order action does, for the exact odds and for
 * every order its Monte Carlo plays; the preview's plan line under an order
 * given with --measure uses them too. Hand-worked on the embedded Bussaco:
 * Picton, gifted (+1, GDB-08), 35 cm from Pack on the map (-2, GDB-09),
 * France's table value 6; 2d6 counts 1 2 3 4 5 6 5 4 3 2 1 for 2..12. */
#include <math.h>

#include "testutil.h"

static char path[256];

static int setup(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "plan-measure");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    grog_game_remove(path);
    return 0;
}

static grog_game *new_game(grog_family f)
{
    grog_game_remove(path);
    return test_game_create(path, f, NULL, 7);
}

static grog_plan_request order_req(const char *const *measures, size_t n, int turns)
{
    grog_plan_request r;
    memset(&r, 0, sizeof r);
    r.kind = "order";
    r.general = "picton";
    r.target = "pack";
    r.order = "attack";
    r.turns = turns;
    r.measures = measures;
    r.nmeasures = n;
    return r;
}

static json_t *plan(const grog_game *g, const grog_plan_request *req)
{
    char *text = NULL;
    grog_error err;
    if (grog_plan_make(g, NULL, req, &text, &err) != GROG_OK)
        fail_msg("plan: %s", err.message);
    json_t *j = json_loads(text, 0, NULL);
    free(text);
    assert_non_null(j);
    return j;
}

static void assert_json_frac(const json_t *f, long long num, long long den)
{
    if (json_integer_value(json_object_get(f, "num")) != num ||
        json_integer_value(json_object_get(f, "den")) != den)
        fail_msg("%lld/%lld, expected %lld/%lld",
                 (long long)json_integer_value(json_object_get(f, "num")),
                 (long long)json_integer_value(json_object_get(f, "den")), num, den);
}

static void assert_turn(const json_t *j, size_t k, long long num, long long den)
{
    assert_json_frac(json_object_get(json_array_get(json_object_get(j, "by_turn"), k), "probability"),
                num, den);
}

static void assert_each(const json_t *j, long long in, long long id, long long dn, long long dd,
                        long long fn, long long fd)
{
    json_t *each = json_object_get(json_object_get(j, "plan"), "each_attempt");
    assert_json_frac(json_object_get(each, "immediate"), in, id);
    assert_json_frac(json_object_get(each, "delayed"), dn, dd);
    assert_json_frac(json_object_get(each, "fail"), fn, fd);
}

static json_t *measure_of(const json_t *j, const char *id)
{
    size_t i;
    json_t *m;
    json_array_foreach(json_object_get(json_object_get(j, "plan"), "measures"), i, m) {
        if (strcmp(json_string_value(json_object_get(m, "id")), id) == 0)
            return m;
    }
    fail_msg("no measure %s", id);
    return NULL;
}

/* picton:pack=28cm: within 30 cm, no -2: +1. Immediate 2d6 >= 6, 26/36 =
 * 13/18; delayed 2d6 = 5, 4/36 = 1/9; fails 2d6 <= 4, 6/36 = 1/6. Not in
 * force by turn 2: fail-fail 1/36 + fail-delayed 1/54 = 5/108, so 103/108;
 * by turn 3: fail-fail-fail 1/216 + fail-fail-delayed 1/324 = 5/648, so
 * 643/648. The map's plan (the seed's example) stays 5/12 at turn 1. */
static void test_measured_distance_by_hand(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB);
    static const char *const tape[] = {"picton:pack=28cm"};
    grog_plan_request r = order_req(tape, 1, 3);
    json_t *j = plan(g, &r);
    assert_each(j, 13, 18, 1, 9, 1, 6);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(j, "plan"),
                                                        "modifier_total")),
                     1);
    assert_turn(j, 0, 13, 18);
    assert_turn(j, 1, 103, 108);
    assert_turn(j, 2, 643, 648);
    json_t *m = measure_of(j, "picton:pack");
    assert_string_equal(json_string_value(json_object_get(m, "source")), "table");
    assert_string_equal(json_string_value(json_object_get(m, "rule")), "GDB-09");
    assert_float_equal(json_real_value(json_object_get(m, "value")), 28.0, 1e-9);
    assert_string_equal(json_string_value(json_object_get(m, "unit")), "cm");
    m = measure_of(j, "picton:enemy");
    assert_string_equal(json_string_value(json_object_get(m, "source")), "map");
    int said = 0;
    json_t *a;
    size_t i;
    json_array_foreach(json_object_get(j, "assumptions"), i, a)
        said |= strstr(json_string_value(a), "picton:pack=28cm") != NULL;
    assert_true(said);
    json_decref(j);
    r = order_req(NULL, 0, 1);
    j = plan(g, &r);
    assert_turn(j, 0, 5, 12);
    assert_string_equal(json_string_value(json_object_get(measure_of(j, "picton:pack"), "source")),
                        "map");
    json_decref(j);
    grog_game_close(g);
}

/* picton:pack=contact: 0 apart, within the radius and in base contact
 * (GDB-11, +2): +3. Immediate 2d6 >= 4, 33/36 = 11/12; delayed 2d6 = 3,
 * 2/36; fails 1/36. Not by turn 2: 1/1296 + 2/1296 = 1/432. And
 * picton:enemy=12cm, an enemy within 15 cm (GDB-12, -2) on top of the map's
 * 35 cm: -3, immediate 2d6 >= 10, 6/36; delayed 2d6 = 9, 4/36; fails 26/36
 * = 13/18. */
static void test_contact_and_enemy_by_hand(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB);
    static const char *const contact[] = {"picton:pack=contact"};
    grog_plan_request r = order_req(contact, 1, 2);
    json_t *j = plan(g, &r);
    assert_each(j, 11, 12, 1, 18, 1, 36);
    assert_turn(j, 1, 431, 432);
    json_decref(j);
    static const char *const enemy[] = {"picton:enemy=12cm"};
    r = order_req(enemy, 1, 1);
    j = plan(g, &r);
    assert_each(j, 1, 6, 1, 9, 13, 18);
    assert_string_equal(json_string_value(json_object_get(measure_of(j, "picton:enemy"), "source")),
                        "table");
    json_decref(j);
    /* both: +1 -2 (GDB-12) = -1, the odds of the map's 35 cm again */
    static const char *const both[] = {"pack:picton=28cm", "picton:enemy=12cm"};
    r = order_req(both, 2, 1);
    j = plan(g, &r);
    assert_each(j, 5, 12, 1, 6, 5, 12);
    json_decref(j);
    grog_game_close(g);
}

/* The engine plays the same measures: 400 runs at 28 cm agree with 13/18
 * (and so lie far from the map's 5/12) in every turn's 99.9% interval. */
static int inside(double q, long k, long n)
{
    double ph = (double)k / n, z = 3.2905, z2 = z * z;
    double c = (ph + z2 / (2.0 * n)) / (1 + z2 / n);
    double w = z * sqrt(ph * (1 - ph) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
    return q >= c - w - 1e-12 && q <= c + w + 1e-12;
}

static void test_monte_carlo_measures(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB);
    static const char *const tape[] = {"picton:pack=28cm"};
    grog_plan_request r = order_req(tape, 1, 3);
    r.samples = 400;
    r.seed = 11;
    size_t before = grog_game_action_count(g);
    json_t *j = plan(g, &r);
    json_t *rows = json_object_get(json_object_get(j, "monte_carlo"), "by_turn");
    static const double exact[] = {13.0 / 18, 103.0 / 108, 643.0 / 648};
    for (size_t k = 0; k < 3; k++) {
        long obs = (long)json_integer_value(json_object_get(json_array_get(rows, k), "observed"));
        if (!inside(exact[k], obs, 400))
            fail_msg("turn %zu: %ld of 400 against %.4f", k, obs, exact[k]);
    }
    long first = (long)json_integer_value(json_object_get(json_array_get(rows, 0), "observed"));
    assert_false(inside(5.0 / 12, first, 400));
    json_decref(j);
    assert_int_equal(grog_game_action_count(g), before); /* the game asked is never written */
    grog_game_close(g);
}

static void refused(const grog_game *g, const grog_plan_request *r, grog_status want,
                    const char *fragment)
{
    char *text = NULL;
    grog_error err;
    assert_int_equal(grog_plan_make(g, NULL, r, &text, &err), want);
    assert_null(text);
    if (strstr(err.message, fragment) == NULL)
        fail_msg("\"%s\" lacks \"%s\"", err.message, fragment);
}

/* As the action refuses them: an unknown piece, a bad value, a measure the
 * test does not use (Picton to Mackinnon says nothing of Pack), a value
 * that does not fit (no-contact for a distance); and outside gdb's order
 * plans. */
static void test_refusals(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB);
    static const char *const nobody[] = {"picton:nobody=3cm"};
    grog_plan_request r = order_req(nobody, 1, 3);
    refused(g, &r, GROG_ENOTFOUND, "no officer or unit \"nobody\"");
    static const char *const negative[] = {"picton:pack=-3cm"};
    r = order_req(negative, 1, 3);
    refused(g, &r, GROG_EINVAL, "a length cannot be negative");
    static const char *const unused[] = {"picton:mackinnon=10cm"};
    r = order_req(unused, 1, 3);
    refused(g, &r, GROG_EINVAL, "picton:mackinnon");
    static const char *const nocontact[] = {"picton:pack=no-contact"};
    r = order_req(nocontact, 1, 3);
    refused(g, &r, GROG_EINVAL, "picton:pack");
    static const char *const spaced[] = {"picton:pack=28 cm"};
    r = order_req(spaced, 1, 3);
    refused(g, &r, GROG_EINVAL, "FROM:TO=VALUE");
    grog_game_close(g);
    g = new_game(GROG_FAMILY_AIGLES);
    static const char *const tape[] = {"picton:pack=28cm"};
    r = order_req(tape, 1, 3);
    refused(g, &r, GROG_EINVAL, "General de Brigade");
    grog_game_close(g);
}

/* The page's preview of `order picton pack attack --measure picton:pack=28cm`
 * shows the measured plan's line: 13/18 = 72%, 103/108 = 95%, 643/648 = 99%
 * (the map's: 42%, 76%, 90%). */
static void test_preview_line(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB);
    const char *words[] = {"order", "picton", "pack", "attack", "--measure", "picton:pack=28cm"};
    char *line = NULL;
    assert_int_equal(grog_plan_preview_line(g, NULL, 6, words, &line, NULL), GROG_OK);
    assert_non_null(line);
    assert_string_equal(line, "in force by turn 1: 72%, by turn 2: 95%, by turn 3: 99%");
    free(line);
    const char *rolled[] = {"order", "picton", "pack", "attack", "--roll", "7", "--measure",
                            "picton:pack=28cm"};
    assert_int_equal(grog_plan_preview_line(g, NULL, 8, rolled, &line, NULL), GROG_OK);
    assert_string_equal(line, "in force by turn 1: 72%, by turn 2: 95%, by turn 3: 99%");
    free(line);
    assert_int_equal(grog_plan_preview_line(g, NULL, 4, words, &line, NULL), GROG_OK);
    assert_string_equal(line, "in force by turn 1: 42%, by turn 2: 76%, by turn 3: 90%");
    free(line);
    grog_game_close(g);
}

/* The CLI: --measure repeated, --json; with pips, a usage error. */
static void test_cli(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB);
    grog_game_close(g);
    cli_run r = run_cli("plan", path, "order", "picton", "pack", "attack", "--turns", "2",
                        "--measure", "picton:pack=28cm", "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    assert_turn(j, 1, 103, 108);
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("plan", path, "order", "picton", "pack", "attack", "--measure",
                "picton:pack=contact", "--measure", "picton:enemy=40cm", "--turns", "1", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "11/12"));
    assert_non_null(strstr(r.out, "picton:enemy=40cm"));
    cli_run_free(&r);
    r = run_cli("plan", path, "pips", "picton", "--measure", "picton:pack=28cm", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("plan", path, "order", "picton", "pack", "attack", "--measure", "picton", NULL);
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_measured_distance_by_hand, setup, teardown),
        cmocka_unit_test_setup_teardown(test_contact_and_enemy_by_hand, setup, teardown),
        cmocka_unit_test_setup_teardown(test_monte_carlo_measures, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refusals, setup, teardown),
        cmocka_unit_test_setup_teardown(test_preview_line, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cli, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
