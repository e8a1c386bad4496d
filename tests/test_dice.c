/* test_dice.c — parsing, formatting, rolling and entering dice. */
#include "testutil.h"

static void parse_ok(const char *text, int n, int s, grog_keep keep, int k, int m)
{
    grog_dice d;
    grog_error err;
    assert_int_equal(grog_dice_parse(text, &d, &err), GROG_OK);
    assert_int_equal(d.count, n);
    assert_int_equal(d.sides, s);
    assert_int_equal(d.keep, keep);
    assert_int_equal(d.kept, k);
    assert_int_equal(d.modifier, m);
}

static void test_parse_forms(void **state)
{
    (void)state;
    parse_ok("2d6", 2, 6, GROG_KEEP_ALL, 2, 0);
    parse_ok("d6", 1, 6, GROG_KEEP_ALL, 1, 0);
    parse_ok("2D6-1", 2, 6, GROG_KEEP_ALL, 2, -1);
    parse_ok("3d6kh1", 3, 6, GROG_KEEP_HIGHEST, 1, 0);
    parse_ok("4d6kh3+2", 4, 6, GROG_KEEP_HIGHEST, 3, 2);
    parse_ok("2d6kl1", 2, 6, GROG_KEEP_LOWEST, 1, 0);
    parse_ok(" 2 d 6 + 1 ", 2, 6, GROG_KEEP_ALL, 2, 1);
    parse_ok("100d1000", 100, 1000, GROG_KEEP_ALL, 100, 0);
}

static void parse_bad(const char *text, const char *fragment)
{
    grog_dice d = {7, 7, GROG_KEEP_ALL, 7, 7};
    grog_error err;
    assert_int_equal(grog_dice_parse(text, &d, &err), GROG_EINVAL);
    if (strstr(err.message, fragment) == NULL)
        fail_msg("message \"%s\" lacks \"%s\"", err.message, fragment);
    assert_int_equal(d.count, 7); /* bad input changes nothing */
}

static void test_parse_errors(void **state)
{
    (void)state;
    parse_bad("2d", "character 3");
    parse_bad("2x6", "character 2: expected 'd'");
    parse_bad("0d6", "1 to 100");
    parse_bad("101d6", "1 to 100");
    parse_bad("2d1", "2 to 1000");
    parse_bad("2d1001", "2 to 1000");
    parse_bad("3d6kh4", "1 to 3");
    parse_bad("3d6kh0", "1 to 3");
    parse_bad("2d6+", "character 5");
    parse_bad("2d6 x", "character 5: unexpected text");
    parse_bad("", "expected 'd'");
    grog_dice d;
    assert_int_equal(grog_dice_parse(NULL, &d, NULL), GROG_EINVAL);
}

static void test_format_round_trip(void **state)
{
    (void)state;
    const char *texts[] = {"2d6", "1d6", "2d6-1", "3d6kh1", "4d6kl2+3"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        grog_dice d;
        char buf[64];
        assert_int_equal(grog_dice_parse(texts[i], &d, NULL), GROG_OK);
        assert_string_equal(grog_dice_format(&d, buf, sizeof buf), texts[i]);
    }
}

static void test_natural_range(void **state)
{
    (void)state;
    grog_dice d;
    grog_dice_parse("3d6kh1", &d, NULL);
    assert_int_equal(grog_dice_natural_min(&d), 1);
    assert_int_equal(grog_dice_natural_max(&d), 6);
    grog_dice_parse("2d6-1", &d, NULL);
    assert_int_equal(grog_dice_natural_min(&d), 2);
    assert_int_equal(grog_dice_natural_max(&d), 12);
}

static void test_roll_is_within_range_and_keeps_highest(void **state)
{
    (void)state;
    grog_dice d;
    grog_dice_parse("3d6kh1+1", &d, NULL);
    grog_rng *rng = grog_rng_create(7);
    for (int i = 0; i < 1000; i++) {
        grog_roll r;
        grog_dice_roll(&d, rng, &r);
        assert_int_equal(r.nfaces, 3);
        int best = 0;
        for (int j = 0; j < 3; j++) {
            assert_in_range(r.faces[j], 1, 6);
            if (r.faces[j] > best)
                best = r.faces[j];
        }
        assert_int_equal(r.natural, best);
        assert_int_equal(r.total, best + 1);
        assert_false(r.entered);
    }
    grog_rng_destroy(rng);
}

static void test_keep_lowest_roll(void **state)
{
    (void)state;
    grog_dice d;
    grog_dice_parse("4d6kl2", &d, NULL);
    grog_rng *rng = grog_rng_create(99);
    for (int i = 0; i < 200; i++) {
        grog_roll r;
        grog_dice_roll(&d, rng, &r);
        int f[4];
        memcpy(f, r.faces, sizeof f);
        for (int a = 0; a < 4; a++) /* sort ascending by hand */
            for (int b = a + 1; b < 4; b++)
                if (f[b] < f[a]) {
                    int t = f[a];
                    f[a] = f[b];
                    f[b] = t;
                }
        assert_int_equal(r.natural, f[0] + f[1]);
    }
    grog_rng_destroy(rng);
}

static void test_same_seed_same_rolls(void **state)
{
    (void)state;
    grog_dice d;
    grog_dice_parse("2d6", &d, NULL);
    grog_rng *a = grog_rng_create(2026), *b = grog_rng_create(2026);
    for (int i = 0; i < 100; i++) {
        grog_roll ra, rb;
        grog_dice_roll(&d, a, &ra);
        grog_dice_roll(&d, b, &rb);
        assert_int_equal(ra.faces[0], rb.faces[0]);
        assert_int_equal(ra.faces[1], rb.faces[1]);
    }
    grog_rng_destroy(a);
    grog_rng_destroy(b);
}

/* The rolls of a seed never change (every journal kept replays them): a
 * roll is, die after die, one draw masked to the smallest power of two
 * covering the sides, drawn again when beyond them. A reference roller
 * written that way from grog_rng_next must give the same faces, total and
 * number of draws for every kind of dice. */
static int reference_die(grog_rng *rng, int sides)
{
    uint64_t span = (uint64_t)sides - 1, mask = 1;
    while (mask < span)
        mask = mask * 2 + 1;
    if (span == 0)
        mask = 0;
    uint64_t v;
    do
        v = grog_rng_next(rng) & mask;
    while (v > span);
    return 1 + (int)v;
}

static void test_rolls_are_the_reference_sequence(void **state)
{
    (void)state;
    static const char *const exprs[] = {"1d6", "2d6", "d2", "3d6kh1", "4d6kl2", "10d6",
                                        "1d1000", "100d1000", "2d6+3", "5d7kh5", "d3-1",
                                        "100d2kl100", "7d10kh3"};
    for (size_t e = 0; e < sizeof exprs / sizeof exprs[0]; e++) {
        grog_dice d;
        assert_int_equal(grog_dice_parse(exprs[e], &d, NULL), GROG_OK);
        grog_rng *a = grog_rng_create(1000 + e), *b = grog_rng_create(1000 + e);
        for (int k = 0; k < 300; k++) {
            grog_roll r;
            grog_dice_roll(&d, a, &r);
            int faces[GROG_DICE_MAX_COUNT], sorted[GROG_DICE_MAX_COUNT];
            for (int i = 0; i < d.count; i++)
                sorted[i] = faces[i] = reference_die(b, d.sides);
            /* the kept ones, by a plain selection sort from highest */
            for (int i = 0; i < d.count; i++)
                for (int j = i + 1; j < d.count; j++)
                    if (sorted[j] > sorted[i]) {
                        int t = sorted[i];
                        sorted[i] = sorted[j];
                        sorted[j] = t;
                    }
            int from = d.keep == GROG_KEEP_LOWEST ? d.count - d.kept : 0, natural = 0;
            for (int i = from; i < from + d.kept; i++)
                natural += sorted[i];
            assert_int_equal(r.nfaces, d.count);
            assert_memory_equal(r.faces, faces, (size_t)d.count * sizeof *faces);
            assert_int_equal(r.natural, natural);
            assert_int_equal(r.total, natural + d.modifier);
            assert_int_equal(r.entered, 0);
            assert_int_equal(grog_rng_draws(a), grog_rng_draws(b));
        }
        grog_rng_destroy(a);
        grog_rng_destroy(b);
    }
}

static void test_enter(void **state)
{
    (void)state;
    grog_dice d;
    grog_roll r;
    grog_error err;
    grog_dice_parse("2d6-1", &d, NULL);
    assert_int_equal(grog_dice_enter(&d, 2, &r, &err), GROG_OK); /* smallest */
    assert_int_equal(r.total, 1);
    assert_true(r.entered);
    assert_int_equal(grog_dice_enter(&d, 12, &r, &err), GROG_OK); /* largest */
    assert_int_equal(r.total, 11);
    assert_int_equal(grog_dice_enter(&d, 1, &r, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "from 2 to 12"));
    assert_int_equal(grog_dice_enter(&d, 13, &r, &err), GROG_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_forms),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_format_round_trip),
        cmocka_unit_test(test_natural_range),
        cmocka_unit_test(test_roll_is_within_range_and_keeps_highest),
        cmocka_unit_test(test_keep_lowest_roll),
        cmocka_unit_test(test_same_seed_same_rolls),
        cmocka_unit_test(test_rolls_are_the_reference_sequence),
        cmocka_unit_test(test_enter),
    };
    return cmocka_run_group_tests_name("dice", tests, NULL, NULL);
}
