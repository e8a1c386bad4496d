/* test_dist.c — exact distributions, worked out by hand. */
#include "testutil.h"

static grog_dist *of(const char *text)
{
    grog_dice d;
    grog_dist *dist = NULL;
    assert_int_equal(grog_dice_parse(text, &d, NULL), GROG_OK);
    assert_int_equal(grog_dist_of_dice(&d, &dist, NULL), GROG_OK);
    return dist;
}

static void test_2d6(void **state)
{
    (void)state;
    /* 2d6: ways to make 2..12 are 1,2,3,4,5,6,5,4,3,2,1 out of 36. */
    static const uint64_t ways[] = {1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1};
    grog_dist *d = of("2d6");
    assert_int_equal(grog_dist_total(d), 36);
    assert_int_equal(grog_dist_min(d), 2);
    assert_int_equal(grog_dist_max(d), 12);
    for (int v = 2; v <= 12; v++)
        assert_int_equal(grog_dist_count(d, v), ways[v - 2]);
    assert_int_equal(grog_dist_count(d, 1), 0);
    assert_int_equal(grog_dist_count(d, 13), 0);
    assert_frac(grog_dist_p(d, GROG_CMP_EQ, 7), 6, 36);
    assert_frac(grog_dist_p(d, GROG_CMP_GE, 7), 21, 36);
    assert_frac(grog_dist_p(d, GROG_CMP_LE, 7), 21, 36);
    assert_frac(grog_dist_p(d, GROG_CMP_GT, 7), 15, 36);
    assert_frac(grog_dist_p(d, GROG_CMP_LT, 7), 15, 36);
    assert_frac(grog_dist_p(d, GROG_CMP_GT, 12), 0, 36);  /* beyond the maximum */
    assert_frac(grog_dist_p(d, GROG_CMP_GE, 2), 36, 36);  /* the minimum */
    assert_frac(grog_dist_p(d, GROG_CMP_LT, 2), 0, 36);
    int64_t num;
    uint64_t den;
    assert_true(grog_dist_mean_exact(d, &num, &den));
    assert_int_equal(num, 252); /* 7 * 36 */
    assert_int_equal(den, 36);
    assert_float_equal(grog_dist_mean(d), 7.0, 1e-12);
    grog_dist_destroy(d);
}

static void test_modifier_shifts(void **state)
{
    (void)state;
    grog_dist *d = of("2d6-1");
    assert_int_equal(grog_dist_min(d), 1);
    assert_int_equal(grog_dist_max(d), 11);
    assert_int_equal(grog_dist_count(d, 6), 6); /* a natural 7 */
    grog_dist_destroy(d);
}

static void test_1d6_mean(void **state)
{
    (void)state;
    grog_dist *d = of("d6");
    int64_t num;
    uint64_t den;
    grog_dist_mean_exact(d, &num, &den);
    assert_int_equal(num, 21);
    assert_int_equal(den, 6);
    grog_dist_destroy(d);
}

static void test_highest_of_3d6(void **state)
{
    (void)state;
    /* max of 3d6 <= v in v^3 ways: P(=v) = v^3 - (v-1)^3 over 216. */
    static const uint64_t ways[] = {1, 7, 19, 37, 61, 91};
    grog_dist *a = of("3d6kh1"), *b = NULL;
    assert_int_equal(grog_dist_kth_highest(3, 6, 1, &b, NULL), GROG_OK);
    for (int v = 1; v <= 6; v++) {
        assert_int_equal(grog_dist_count(a, v), ways[v - 1]);
        assert_int_equal(grog_dist_count(b, v), ways[v - 1]);
    }
    assert_frac(grog_dist_p(b, GROG_CMP_EQ, 6), 91, 216);
    grog_dist_destroy(a);
    grog_dist_destroy(b);
}

static void test_kth_highest_median_and_lowest(void **state)
{
    (void)state;
    grog_dist *d = NULL;
    /* Median of 3d6 is 1 when at least two dice show 1: 3*5 + 1 = 16. */
    assert_int_equal(grog_dist_kth_highest(3, 6, 2, &d, NULL), GROG_OK);
    assert_int_equal(grog_dist_count(d, 1), 16);
    assert_int_equal(grog_dist_count(d, 6), 16); /* symmetric */
    assert_int_equal(grog_dist_total(d), 216);
    grog_dist_destroy(d);
    /* Lowest of 2d6 (k = 2 of 2) is 1 in 36 - 25 = 11 ways. */
    assert_int_equal(grog_dist_kth_highest(2, 6, 2, &d, NULL), GROG_OK);
    assert_int_equal(grog_dist_count(d, 1), 11);
    assert_int_equal(grog_dist_count(d, 6), 1);
    grog_dist_destroy(d);
    grog_dist *l = of("2d6kl1");
    assert_int_equal(grog_dist_count(l, 1), 11);
    grog_dist_destroy(l);
    grog_error err;
    assert_int_equal(grog_dist_kth_highest(3, 6, 4, &d, &err), GROG_EINVAL);
    assert_int_equal(grog_dist_kth_highest(3, 6, 0, &d, &err), GROG_EINVAL);
}

static void test_4d6_keep_3(void **state)
{
    (void)state;
    /* 18 needs three 6s among four dice: all four (1) or exactly three (4 * 5). */
    grog_dist *d = of("4d6kh3");
    assert_int_equal(grog_dist_total(d), 1296);
    assert_int_equal(grog_dist_count(d, 18), 21);
    assert_int_equal(grog_dist_count(d, 3), 1); /* four 1s */
    grog_dist_destroy(d);
}

static void test_floor_mean_2d6(void **state)
{
    (void)state;
    /* floor(sum/2): 1 <- sums 2,3 (1+2); 2 <- 4,5 (3+4); 3 <- 6,7 (5+6);
     * 4 <- 8,9 (5+4); 5 <- 10,11 (3+2); 6 <- 12 (1). */
    static const uint64_t ways[] = {3, 7, 11, 9, 5, 1};
    grog_dist *d = NULL;
    assert_int_equal(grog_dist_floor_mean(2, 6, &d, NULL), GROG_OK);
    for (int v = 1; v <= 6; v++)
        assert_int_equal(grog_dist_count(d, v), ways[v - 1]);
    assert_int_equal(grog_dist_total(d), 36);
    grog_dist_destroy(d);
    /* One die: the mean is the die. */
    assert_int_equal(grog_dist_floor_mean(1, 6, &d, NULL), GROG_OK);
    assert_int_equal(grog_dist_count(d, 4), 1);
    grog_dist_destroy(d);
}

static void test_10d6(void **state)
{
    (void)state;
    grog_dist *d = of("10d6");
    assert_int_equal(grog_dist_total(d), 60466176); /* 6^10 */
    assert_int_equal(grog_dist_count(d, 10), 1);
    assert_int_equal(grog_dist_count(d, 60), 1);
    assert_int_equal(grog_dist_count(d, 11), 10); /* one die shows 2 */
    assert_int_equal(grog_dist_count(d, 35), 4395456); /* independent reference */
    grog_dist_destroy(d);
}

static void test_too_large(void **state)
{
    (void)state;
    grog_dice d;
    grog_dist *dist = NULL;
    grog_error err;
    grog_dice_parse("100d6", &d, NULL);
    assert_int_equal(grog_dist_of_dice(&d, &dist, &err), GROG_ERANGE);
    assert_null(dist);
    assert_non_null(strstr(err.message, "2^63"));
    grog_dice_parse("24d6", &d, NULL); /* 6^24 < 2^63 */
    assert_int_equal(grog_dist_of_dice(&d, &dist, &err), GROG_OK);
    grog_dist_destroy(dist);
}

static int plus_one_floor_zero(int v, void *ctx)
{
    (void)ctx;
    return v == 1 ? 0 : v + 1;
}

static void test_map_and_counts(void **state)
{
    (void)state;
    grog_dist *d = of("d6"), *m = NULL;
    assert_int_equal(grog_dist_map(d, plus_one_floor_zero, NULL, &m, NULL), GROG_OK);
    assert_int_equal(grog_dist_min(m), 0);
    assert_int_equal(grog_dist_max(m), 7);
    assert_int_equal(grog_dist_count(m, 0), 1);
    assert_int_equal(grog_dist_count(m, 1), 0);
    assert_int_equal(grog_dist_count(m, 2), 0);
    assert_int_equal(grog_dist_count(m, 3), 1);
    assert_int_equal(grog_dist_total(m), 6);
    grog_dist_destroy(m);
    grog_dist_destroy(d);
    static const uint64_t counts[] = {1, 0, 3};
    assert_int_equal(grog_dist_from_counts(-1, counts, 3, &m, NULL), GROG_OK);
    assert_int_equal(grog_dist_total(m), 4);
    assert_frac(grog_dist_p(m, GROG_CMP_GE, 0), 3, 4);
    grog_dist_destroy(m);
    static const uint64_t zero[] = {0};
    assert_int_equal(grog_dist_from_counts(0, zero, 1, &m, NULL), GROG_EINVAL);
}

static void test_fractions_and_comparisons(void **state)
{
    (void)state;
    char buf[32];
    grog_frac f = {15, 36};
    assert_string_equal(grog_frac_format(f, buf, sizeof buf), "15/36");
    assert_float_equal(grog_frac_value(f), 15.0 / 36.0, 1e-15);
    grog_cmp c;
    assert_int_equal(grog_cmp_parse(">=", &c, NULL), GROG_OK);
    assert_int_equal(c, GROG_CMP_GE);
    assert_string_equal(grog_cmp_symbol(GROG_CMP_LT), "<");
    assert_int_equal(grog_cmp_parse("=>", &c, NULL), GROG_EINVAL);
    assert_true(grog_cmp_holds(GROG_CMP_LT, 6, 7));
    assert_false(grog_cmp_holds(GROG_CMP_LT, 7, 7)); /* strictly less */
    assert_true(grog_cmp_holds(GROG_CMP_LE, 7, 7));
    assert_true(grog_cmp_holds(GROG_CMP_EQ, 7, 7));
    assert_false(grog_cmp_holds(GROG_CMP_GT, 7, 7));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_2d6),
        cmocka_unit_test(test_modifier_shifts),
        cmocka_unit_test(test_1d6_mean),
        cmocka_unit_test(test_highest_of_3d6),
        cmocka_unit_test(test_kth_highest_median_and_lowest),
        cmocka_unit_test(test_4d6_keep_3),
        cmocka_unit_test(test_floor_mean_2d6),
        cmocka_unit_test(test_10d6),
        cmocka_unit_test(test_too_large),
        cmocka_unit_test(test_map_and_counts),
        cmocka_unit_test(test_fractions_and_comparisons),
    };
    return cmocka_run_group_tests_name("dist", tests, NULL, NULL);
}
