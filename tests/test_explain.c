/* test_explain.c — the explanation record: builders, read-back, JSON, text. */
#include "testutil.h"

static grog_explain *sample(void)
{
    grog_explain *e = grog_explain_create("sample-test", "A sample test");
    grog_explain_add_rule(e, "X-01");
    grog_explain_set_dice(e, "2d6");
    grog_explain_set_target(e, GROG_CMP_GT, 6);
    grog_explain_add_modifier(e, "X-02", "beyond 30 cm", -2);
    grog_explain_add_modifier(e, "X-03", "gifted", +1);
    grog_frac a = {15, 36}, b = {6, 36}, c = {15, 36};
    grog_explain_add_outcome(e, "immediate", a);
    grog_explain_add_outcome(e, "delayed", b);
    grog_explain_add_outcome(e, "fail", c);
    grog_explain_add_default(e, "x.target", "6", "unknown in the seed");
    grog_explain_add_default(e, "x.target", "6", "unknown in the seed"); /* once only */
    return e;
}

static void test_read_back(void **state)
{
    (void)state;
    grog_explain *e = sample();
    assert_string_equal(grog_explain_test(e), "sample-test");
    assert_int_equal(grog_explain_modifier_total(e), -1);
    assert_int_equal(grog_explain_modifier_count(e), 2);
    assert_true(grog_explain_has_rule(e, "X-01"));
    assert_true(grog_explain_has_rule(e, "X-02")); /* a modifier's rule is applied */
    assert_false(grog_explain_has_rule(e, "X-99"));
    grog_frac p;
    assert_true(grog_explain_outcome_p(e, "delayed", &p));
    assert_frac(p, 6, 36);
    assert_false(grog_explain_outcome_p(e, "nonsense", &p));
    assert_null(grog_explain_outcome(e));
    int v;
    assert_false(grog_explain_modified_roll(e, &v));
    assert_int_equal(grog_explain_default_count(e), 1);
    grog_roll r = {{0}, 0, 5, 5, 1};
    grog_explain_set_roll(e, &r, 4, "fail");
    assert_string_equal(grog_explain_outcome(e), "fail");
    assert_true(grog_explain_modified_roll(e, &v));
    assert_int_equal(v, 4);
    grog_explain_destroy(e);
    grog_explain_destroy(NULL);
}

static void test_json_shape(void **state)
{
    (void)state;
    grog_explain *e = sample();
    grog_roll r = {{2, 3}, 2, 5, 5, 0};
    grog_explain_set_roll(e, &r, 4, "fail");
    grog_explain_set_seed(e, 42);
    char *s = NULL;
    assert_int_equal(grog_explain_to_json(e, &s, NULL), GROG_OK);
    json_t *j = json_loads(s, 0, NULL);
    assert_non_null(j);
    assert_string_equal(json_string_value(json_object_get(j, "test")), "sample-test");
    assert_string_equal(json_string_value(json_object_get(j, "dice")), "2d6");
    assert_int_equal(json_integer_value(json_object_get(j, "target")), 6);
    assert_string_equal(json_string_value(json_object_get(j, "comparison")), ">");
    assert_int_equal(json_integer_value(json_object_get(j, "modifier_total")), -1);
    json_t *m0 = json_array_get(json_object_get(j, "modifiers"), 0);
    assert_string_equal(json_string_value(json_object_get(m0, "rule")), "X-02");
    assert_string_equal(json_string_value(json_object_get(m0, "label")), "beyond 30 cm");
    assert_int_equal(json_integer_value(json_object_get(m0, "value")), -2);
    json_t *outs = json_object_get(j, "outcomes");
    assert_string_equal(json_exact_of(outs, "name", "immediate"), "15/36");
    json_t *o0 = json_array_get(outs, 0);
    assert_float_equal(json_real_value(json_object_get(o0, "p")), 15.0 / 36, 1e-9);
    assert_int_equal(json_integer_value(json_object_get(j, "roll")), 5);
    assert_int_equal(json_integer_value(json_object_get(j, "modified_roll")), 4);
    assert_string_equal(json_string_value(json_object_get(j, "outcome")), "fail");
    assert_int_equal(json_array_size(json_object_get(j, "faces")), 2);
    assert_int_equal(json_integer_value(json_object_get(j, "seed")), 42);
    json_t *d0 = json_array_get(json_object_get(j, "defaults_used"), 0);
    assert_string_equal(json_string_value(json_object_get(d0, "setting")), "x.target");
    /* Every key is present even when unused. */
    assert_true(json_is_null(json_object_get(j, "value")));
    assert_true(json_is_null(json_object_get(j, "unit")));
    assert_true(json_is_array(json_object_get(j, "distribution")));
    assert_true(json_is_array(json_object_get(j, "path")));
    assert_true(json_is_array(json_object_get(j, "checks")));
    json_decref(j);
    free(s);
    grog_explain_destroy(e);
}

static void test_json_lookup_and_distribution(void **state)
{
    (void)state;
    grog_explain *e = grog_explain_create("lookup", NULL);
    grog_explain_set_value_none(e, "contact");
    char *s = NULL;
    grog_explain_to_json(e, &s, NULL);
    json_t *j = json_loads(s, 0, NULL);
    assert_true(json_is_null(json_object_get(j, "value")));
    assert_string_equal(json_string_value(json_object_get(j, "unit")), "contact");
    assert_true(json_is_null(json_object_get(j, "roll")));
    json_decref(j);
    free(s);
    grog_explain_destroy(e);

    e = grog_explain_create("dist", NULL);
    grog_dist *d = NULL;
    grog_dist_kth_highest(3, 6, 1, &d, NULL);
    grog_explain_set_distribution(e, d);
    grog_explain_set_value(e, 3, "half-periods");
    grog_explain_add_path(e, "line");
    grog_explain_add_path(e, "attack-column");
    grog_explain_set_range(e, -3, 3, "morale");
    grog_explain_add_check(e, "R-1", "in zone", 1, "100 pas");
    grog_explain_add_check(e, "R-2", "points left", 0, "none");
    assert_false(grog_explain_checks_ok(e));
    grog_explain_to_json(e, &s, NULL);
    j = json_loads(s, 0, NULL);
    json_t *dist = json_object_get(j, "distribution");
    assert_int_equal(json_array_size(dist), 6);
    assert_string_equal(json_exact_of_value(dist, 6), "91/216");
    assert_float_equal(json_real_value(json_object_get(j, "value")), 3, 0);
    assert_int_equal(json_array_size(json_object_get(j, "path")), 2);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(j, "range"), 0)), -3);
    json_t *c1 = json_array_get(json_object_get(j, "checks"), 1);
    assert_true(json_is_false(json_object_get(c1, "ok")));
    json_decref(j);
    free(s);
    grog_dist_destroy(d);
    grog_explain_destroy(e);
}

/* Les Aigles' reaction test: the modifiers make the target and nothing
 * modifies the die: "1d6 < 7 (target = 4 + 3)", no "modified" roll; dice
 * are written with their count; percentages with one decimal. */
static void test_text_target_from_modifiers(void **state)
{
    (void)state;
    grog_explain *e = grog_explain_create("aigles-order", "order");
    grog_explain_set_dice(e, "d6");
    grog_explain_add_modifier(e, "AIG-O-17", "receiver", 4);
    grog_explain_add_modifier(e, "AIG-O-17", "giver", 3);
    grog_explain_set_target(e, GROG_CMP_LT, 7);
    grog_roll r = {{2}, 1, 2, 2, 0};
    grog_explain_set_roll(e, &r, 2, "obeys");
    char *s = NULL;
    assert_int_equal(grog_explain_to_text(e, &s, NULL), GROG_OK);
    assert_non_null(strstr(s, "dice: 1d6 < 7 (target = 4 + 3)"));
    assert_null(strstr(s, "modified"));
    free(s);
    grog_explain_destroy(e);
    /* A negative modifier is written as a subtraction. */
    e = grog_explain_create("t", "t");
    grog_explain_set_dice(e, "1d6");
    grog_explain_add_modifier(e, NULL, "a", 4);
    grog_explain_add_modifier(e, NULL, "b", -1);
    grog_explain_set_target(e, GROG_CMP_LT, 3);
    assert_int_equal(grog_explain_to_text(e, &s, NULL), GROG_OK);
    assert_non_null(strstr(s, "(target = 4 - 1)"));
    free(s);
    grog_explain_destroy(e);
}

static void test_text(void **state)
{
    (void)state;
    grog_explain *e = sample();
    grog_roll r = {{0}, 0, 5, 5, 1};
    grog_explain_set_roll(e, &r, 4, "fail");
    char *s = NULL;
    assert_int_equal(grog_explain_to_text(e, &s, NULL), GROG_OK);
    assert_non_null(strstr(s, "A sample test"));
    assert_non_null(strstr(s, "X-02"));
    assert_non_null(strstr(s, "beyond 30 cm"));
    assert_non_null(strstr(s, "15/36"));
    assert_non_null(strstr(s, "modified roll > 6"));
    assert_non_null(strstr(s, "roll: 5 (entered), modified 4: fail"));
    /* Defaults on one line per record; their notes stay in the JSON. */
    assert_non_null(strstr(s, "default used: x.target = 6 (values the rulebook does not give"));
    assert_null(strstr(s, "unknown in the seed"));
    free(s);
    grog_explain_destroy(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_back),
        cmocka_unit_test(test_json_shape),
        cmocka_unit_test(test_json_lookup_and_distribution),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_text_target_from_modifiers),
    };
    return cmocka_run_group_tests_name("explain", tests, NULL, NULL);
}
