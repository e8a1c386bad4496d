/* test_bigdist.c — exact dice without a ceiling (issue 27 part 2): dice
 * expressions (sums, up to 1000 dice) and their big-integer distributions,
 * checked against values computed another way here: a direct convolution
 * of big integers die by die, a top-three multiset walk for keep-highest,
 * brute enumeration for small spaces, closed forms by hand. */
#include <gmp.h>

#include "testutil.h"

static grog_bigdist *big(const char *text)
{
    grog_dice_expr e;
    grog_error err;
    grog_bigdist *d = NULL;
    assert_int_equal(grog_dice_expr_parse(text, &e, &err), GROG_OK);
    assert_int_equal(grog_bigdist_of_expr(&e, &d, &err), GROG_OK);
    return d;
}

static void assert_count(const grog_bigdist *d, int v, const mpz_t want)
{
    char *got = grog_bigdist_count_text(d, v);
    char *w = mpz_get_str(NULL, 10, want);
    assert_string_equal(got, w);
    free(got);
    void (*freefunc)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefunc);
    freefunc(w, strlen(w) + 1);
}

/* N dice of S sides by a direct convolution, one die at a time, with a
 * sliding window: cur[s] = sum of prev[s-S..s-1]. c[i] is the count of i. */
static mpz_t *convolve_direct(int n, int sides, int *len)
{
    int max = n * sides;
    mpz_t *cur = malloc(sizeof *cur * (size_t)(max + 1));
    mpz_t *nxt = malloc(sizeof *nxt * (size_t)(max + 1));
    for (int i = 0; i <= max; i++) {
        mpz_init(cur[i]);
        mpz_init(nxt[i]);
    }
    mpz_set_ui(cur[0], 1);
    for (int k = 1; k <= n; k++) {
        mpz_set_ui(nxt[0], 0);
        for (int s = 1; s <= k * sides; s++) {
            mpz_set(nxt[s], nxt[s - 1]);
            mpz_add(nxt[s], nxt[s], cur[s - 1]);
            if (s - 1 - sides >= 0)
                mpz_sub(nxt[s], nxt[s], cur[s - 1 - sides]);
        }
        for (int s = k * sides + 1; s <= max; s++)
            mpz_set_ui(nxt[s], 0);
        mpz_t *t = cur;
        cur = nxt;
        nxt = t;
    }
    for (int i = 0; i <= max; i++)
        mpz_clear(nxt[i]);
    free(nxt);
    *len = max + 1;
    return cur;
}

static void free_counts(mpz_t *c, int len)
{
    for (int i = 0; i < len; i++)
        mpz_clear(c[i]);
    free(c);
}

static void check_against_convolution(const char *text, int n, int sides)
{
    grog_bigdist *d = big(text);
    int len;
    mpz_t *c = convolve_direct(n, sides, &len);
    assert_int_equal(grog_bigdist_min(d), n);
    assert_int_equal(grog_bigdist_max(d), n * sides);
    for (int v = n; v <= n * sides; v++)
        assert_count(d, v, c[v]);
    free_counts(c, len);
    grog_bigdist_destroy(d);
}

static void test_100d6_every_cell(void **state)
{
    (void)state;
    check_against_convolution("100d6", 100, 6);
    check_against_convolution("25d6", 25, 6); /* just past 2^63 */
    check_against_convolution("100d10", 100, 10);
}

static void test_1000d6_mean_variance_cells(void **state)
{
    (void)state;
    grog_bigdist *d = big("1000d6");
    /* mean 1000 * 7/2, variance 1000 * 35/12 = 8750/3 (one d6: 91/6 - 49/4) */
    char *m = grog_bigdist_mean_text(d), *v = grog_bigdist_variance_text(d);
    assert_string_equal(m, "3500");
    assert_string_equal(v, "8750/3");
    free(m);
    free(v);
    assert_float_equal(grog_bigdist_mean(d), 3500.0, 1e-9);
    assert_float_equal(grog_bigdist_variance(d), 8750.0 / 3, 1e-9);
    mpz_t w;
    mpz_init(w);
    /* by hand: 1000 is all ones; 1001 one die shows 2 (1000 ways); 1002 two
     * dice show 2 (C(1000,2) = 499500) or one shows 3 (1000): 500500 */
    mpz_set_ui(w, 1);
    assert_count(d, 1000, w);
    assert_count(d, 6000, w);
    mpz_set_ui(w, 1000);
    assert_count(d, 1001, w);
    assert_count(d, 5999, w);
    mpz_set_ui(w, 500500);
    assert_count(d, 1002, w);
    mpz_set_ui(w, 0);
    assert_count(d, 999, w);
    assert_count(d, 6001, w);
    mpz_ui_pow_ui(w, 6, 1000);
    char *total = grog_bigdist_total_text(d);
    char *want = mpz_get_str(NULL, 10, w);
    assert_string_equal(total, want);
    free(total);
    assert_false(grog_bigdist_fits64(d));
    /* every cell against the direct convolution */
    int len;
    mpz_t *c = convolve_direct(1000, 6, &len);
    for (int x = 1000; x <= 6000; x++)
        assert_count(d, x, c[x]);
    /* P(X = 3500) over 6^1000, written unreduced */
    char *p = grog_bigdist_p_text(d, GROG_CMP_EQ, 3500);
    char *cell = mpz_get_str(NULL, 10, c[3500]);
    assert_int_equal(strncmp(p, cell, strlen(cell)), 0);
    assert_int_equal(p[strlen(cell)], '/');
    assert_string_equal(p + strlen(cell) + 1, want);
    free(p);
    free_counts(c, len);
    void (*freefunc)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefunc);
    freefunc(want, strlen(want) + 1);
    freefunc(cell, strlen(cell) + 1);
    mpz_clear(w);
    grog_bigdist_destroy(d);
}

/* The top-three walk: dice added one at a time, the state the sorted top
 * three faces (a >= b >= c, 0 while fewer dice), the count of each. */
static void test_30d10kh3_by_top_three(void **state)
{
    (void)state;
    enum { S = 10, N = 30 };
    static mpz_t ways[S + 1][S + 1][S + 1], nxt[S + 1][S + 1][S + 1];
    for (int a = 0; a <= S; a++)
        for (int b = 0; b <= S; b++)
            for (int c = 0; c <= S; c++) {
                mpz_init(ways[a][b][c]);
                mpz_init(nxt[a][b][c]);
            }
    mpz_set_ui(ways[0][0][0], 1);
    for (int k = 0; k < N; k++) {
        for (int a = 0; a <= S; a++)
            for (int b = 0; b <= S; b++)
                for (int c = 0; c <= S; c++)
                    mpz_set_ui(nxt[a][b][c], 0);
        for (int a = 0; a <= S; a++)
            for (int b = 0; b <= a; b++)
                for (int c = 0; c <= b; c++) {
                    if (mpz_sgn(ways[a][b][c]) == 0)
                        continue;
                    for (int f = 1; f <= S; f++) {
                        int t[4] = {a, b, c, f};
                        for (int i = 3; i > 0 && t[i] > t[i - 1]; i--) {
                            int x = t[i];
                            t[i] = t[i - 1];
                            t[i - 1] = x;
                        }
                        mpz_add(nxt[t[0]][t[1]][t[2]], nxt[t[0]][t[1]][t[2]], ways[a][b][c]);
                    }
                }
        for (int a = 0; a <= S; a++)
            for (int b = 0; b <= S; b++)
                for (int c = 0; c <= S; c++)
                    mpz_swap(ways[a][b][c], nxt[a][b][c]);
    }
    mpz_t want[3 * S + 1];
    for (int v = 0; v <= 3 * S; v++)
        mpz_init(want[v]);
    for (int a = 1; a <= S; a++)
        for (int b = 1; b <= a; b++)
            for (int c = 1; c <= b; c++)
                mpz_add(want[a + b + c], want[a + b + c], ways[a][b][c]);
    grog_bigdist *d = big("30d10kh3");
    assert_int_equal(grog_bigdist_min(d), 3);
    assert_int_equal(grog_bigdist_max(d), 30);
    for (int v = 3; v <= 30; v++)
        assert_count(d, v, want[v]);
    /* by hand: 3 only when all thirty show 1; 30 when at least three show 10:
     * 10^30 - 9^30 - 30 * 9^29 - C(30,2) * 9^28 */
    mpz_t w, t;
    mpz_inits(w, t, NULL);
    mpz_set_ui(w, 1);
    assert_count(d, 3, w);
    mpz_ui_pow_ui(w, 10, 30);
    mpz_ui_pow_ui(t, 9, 30);
    mpz_sub(w, w, t);
    mpz_ui_pow_ui(t, 9, 29);
    mpz_submul_ui(w, t, 30);
    mpz_ui_pow_ui(t, 9, 28);
    mpz_submul_ui(w, t, 435);
    assert_count(d, 30, w);
    mpz_clears(w, t, NULL);
    for (int v = 0; v <= 3 * S; v++)
        mpz_clear(want[v]);
    for (int a = 0; a <= S; a++)
        for (int b = 0; b <= S; b++)
            for (int c = 0; c <= S; c++) {
                mpz_clear(ways[a][b][c]);
                mpz_clear(nxt[a][b][c]);
            }
    grog_bigdist_destroy(d);
}

/* Brute force over every tuple of a small space. */
typedef struct small_term {
    int n, s, keep, kept, sign;
} small_term;

static int kept_sum(const int *faces, int n, int keep, int kept)
{
    int sorted[8];
    memcpy(sorted, faces, sizeof sorted[0] * (size_t)n);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && sorted[j] > sorted[j - 1]; j--) {
            int x = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = x;
        }
    int sum = 0, from = keep == GROG_KEEP_LOWEST ? n - kept : 0;
    for (int i = from; i < from + kept; i++)
        sum += sorted[i];
    return sum;
}

static void check_brute(const char *text, const small_term *t, int nt, int modifier)
{
    int dice = 0;
    for (int i = 0; i < nt; i++)
        dice += t[i].n;
    long counts[400] = {0}; /* value + 200 */
    int faces[8];
    for (int i = 0; i < dice; i++)
        faces[i] = 1;
    long total = 0;
    for (;;) {
        int v = modifier, at = 0;
        for (int i = 0; i < nt; i++) {
            v += t[i].sign * kept_sum(faces + at, t[i].n, t[i].keep, t[i].kept);
            at += t[i].n;
        }
        counts[v + 200]++;
        total++;
        int k = 0, at2 = 0, term = 0;
        for (k = 0; k < dice; k++) {
            while (k >= at2 + t[term].n) {
                at2 += t[term].n;
                term++;
            }
            if (faces[k] < t[term].s) {
                faces[k]++;
                break;
            }
            faces[k] = 1;
        }
        if (k == dice)
            break;
    }
    grog_bigdist *d = big(text);
    char buf[32];
    for (int v = -199; v < 199; v++) {
        char *got = grog_bigdist_count_text(d, v);
        snprintf(buf, sizeof buf, "%ld", counts[v + 200]);
        assert_string_equal(got, buf);
        free(got);
    }
    char *tt = grog_bigdist_total_text(d);
    snprintf(buf, sizeof buf, "%ld", total);
    assert_string_equal(tt, buf);
    free(tt);
    grog_bigdist_destroy(d);
}

static void test_small_spaces_by_enumeration(void **state)
{
    (void)state;
    const small_term a[] = {{2, 6, 0, 2, 1}, {1, 8, 0, 1, 1}};
    check_brute("2d6+1d8-1", a, 2, -1);
    const small_term b[] = {{1, 6, 0, 1, 1}, {1, 6, 0, 1, -1}};
    check_brute("1d6-1d6", b, 2, 0);
    const small_term c[] = {{4, 6, GROG_KEEP_LOWEST, 3, 1}};
    check_brute("4d6kl3", c, 1, 0);
    const small_term e[] = {{5, 6, GROG_KEEP_HIGHEST, 3, 1}};
    check_brute("5d6kh3", e, 1, 0);
    const small_term f[] = {{3, 4, GROG_KEEP_HIGHEST, 1, 1}, {3, 5, GROG_KEEP_LOWEST, 2, -1}};
    check_brute("3d4kh1 - 3d5kl2 + 7", f, 2, 7);
    const small_term g[] = {{6, 2, GROG_KEEP_HIGHEST, 5, 1}};
    check_brute("6d2kh5", g, 1, 0);
}

/* Where the fixed-width path answers, both agree cell by cell. */
static void test_agrees_with_fixed_width(void **state)
{
    (void)state;
    static const char *const exprs[] = {"2d6", "24d6", "10d6kh3", "7d10kl2-3", "d20+5", "3d6kh1"};
    for (size_t i = 0; i < sizeof exprs / sizeof exprs[0]; i++) {
        grog_dice dice;
        grog_dist *small = NULL;
        assert_int_equal(grog_dice_parse(exprs[i], &dice, NULL), GROG_OK);
        assert_int_equal(grog_dist_of_dice(&dice, &small, NULL), GROG_OK);
        grog_bigdist *d = big(exprs[i]);
        assert_int_equal(grog_bigdist_min(d), grog_dist_min(small));
        assert_int_equal(grog_bigdist_max(d), grog_dist_max(small));
        assert_true(grog_bigdist_fits64(d));
        for (int v = grog_dist_min(small); v <= grog_dist_max(small); v++) {
            char buf[64];
            char *got = grog_bigdist_count_text(d, v);
            snprintf(buf, sizeof buf, "%llu", (unsigned long long)grog_dist_count(small, v));
            assert_string_equal(got, buf);
            free(got);
            grog_frac f = grog_dist_p(small, GROG_CMP_GE, v);
            char *p = grog_bigdist_p_text(d, GROG_CMP_GE, v);
            assert_string_equal(p, grog_frac_format(f, buf, sizeof buf));
            free(p);
            assert_float_equal(grog_bigdist_p_value(d, GROG_CMP_GE, v), grog_frac_value(f), 1e-12);
        }
        grog_dist_destroy(small);
        grog_bigdist_destroy(d);
    }
}

static void test_cmp_boundaries(void **state)
{
    (void)state;
    grog_bigdist *d = big("2d6+1d8-1"); /* 2..19 over 288 */
    char *p = grog_bigdist_p_text(d, GROG_CMP_LT, 2);
    assert_string_equal(p, "0/288");
    free(p);
    p = grog_bigdist_p_text(d, GROG_CMP_GE, 2);
    assert_string_equal(p, "288/288");
    free(p);
    p = grog_bigdist_p_text(d, GROG_CMP_GT, 19);
    assert_string_equal(p, "0/288");
    free(p);
    p = grog_bigdist_p_text(d, GROG_CMP_LE, 1000);
    assert_string_equal(p, "288/288");
    free(p);
    p = grog_bigdist_p_text(d, GROG_CMP_EQ, 19); /* 6, 6, 8 */
    assert_string_equal(p, "1/288");
    free(p);
    p = grog_bigdist_mean_text(d); /* 7 + 4.5 - 1 = 21/2 */
    assert_string_equal(p, "21/2");
    free(p);
    grog_bigdist_destroy(d);
}

static void parse_bad(const char *text, const char *says)
{
    grog_dice_expr e;
    memset(&e, 0x5a, sizeof e);
    grog_dice_expr before = e;
    grog_error err;
    assert_int_equal(grog_dice_expr_parse(text, &e, &err), GROG_EINVAL);
    if (strstr(err.message, says) == NULL)
        fail_msg("%s: %s", text, err.message);
    assert_memory_equal(&e, &before, sizeof e); /* bad input changes nothing */
}

static void test_parse(void **state)
{
    (void)state;
    grog_dice_expr e;
    char buf[256];
    assert_int_equal(grog_dice_expr_parse(" 2d6 + D8 - 1 ", &e, NULL), GROG_OK);
    assert_string_equal(grog_dice_expr_format(&e, buf, sizeof buf), "2d6+1d8-1");
    assert_int_equal(grog_dice_expr_natural_min(&e), 3);
    assert_int_equal(grog_dice_expr_natural_max(&e), 20);
    assert_int_equal(grog_dice_expr_parse("-1d6+3+2d4kh1", &e, NULL), GROG_OK);
    assert_string_equal(grog_dice_expr_format(&e, buf, sizeof buf), "-1d6+2d4kh1+3");
    assert_int_equal(grog_dice_expr_natural_min(&e), -5);
    assert_int_equal(grog_dice_expr_natural_max(&e), 3);
    assert_false(grog_dice_expr_as_dice(&e, NULL));
    assert_int_equal(grog_dice_expr_parse("1000d6", &e, NULL), GROG_OK); /* the boundary */
    assert_false(grog_dice_expr_as_dice(&e, NULL));
    assert_int_equal(grog_dice_expr_parse("100d6kh100", &e, NULL), GROG_OK);
    assert_int_equal(e.terms[0].keep, GROG_KEEP_ALL); /* all kept is the plain sum */
    assert_true(grog_dice_expr_as_dice(&e, NULL));
    /* too many dice: the count and the limit, no position (the cursor was past the
     * expression: "at character 7 of \"1001d6\"") */
    parse_bad("1001d6", "too many dice in one term: 1001, at most 1000 (in \"1001d6\")");
    parse_bad("600d6+401d6", "too many dice: 1001 in all, at most 1000 (in \"600d6+401d6\")");
    assert_int_equal(grog_dice_expr_parse("600d6+400d6", &e, NULL), GROG_OK); /* 1000 in all */
    /* the others point at their first character */
    parse_bad("0d6", "a term has 1 to 1000 dice at character 1 of \"0d6\"");
    parse_bad("2d6+0d6", "a term has 1 to 1000 dice at character 5 of \"2d6+0d6\"");
    parse_bad("2d1", "dice have 2 to 1000 sides at character 3 of \"2d1\"");
    parse_bad("2d1001", "dice have 2 to 1000 sides at character 3 of \"2d1001\"");
    parse_bad("3d6kh4", "how many dice to keep, 1 to the number of dice, as in 3d6kh1 at "
                        "character 6 of \"3d6kh4\"");
    parse_bad("3d6kh0", "how many dice to keep");
    parse_bad("1d6+10000000", "too large a number at character 5 of \"1d6+10000000\"");
    parse_bad("1d6+100001", "within +/-100000 at character 5 of \"1d6+100001\"");
    parse_bad("", "expected dice");
    parse_bad("5", "at least one dice term");
    parse_bad("2d6+", "expected dice");
    parse_bad("2d6x", "character 4");
    parse_bad("1d2+1d2+1d2+1d2+1d2+1d2+1d2+1d2+1d2+1d2+1d2+1d2+1d2+1d2+1d2+1d2+1d2", "16");
}

static void test_too_large_refused(void **state)
{
    (void)state;
    grog_dice_expr e;
    grog_error err;
    grog_bigdist *d = NULL;
    assert_int_equal(grog_dice_expr_parse("1000d100", &e, NULL), GROG_OK);
    assert_int_equal(grog_bigdist_of_expr(&e, &d, &err), GROG_ERANGE);
    assert_null(d);
    assert_non_null(strstr(err.message, "too large"));
}

static void test_rolls(void **state)
{
    (void)state;
    grog_dice_expr e;
    grog_dice dice;
    grog_expr_roll r;
    grog_roll old;
    /* a lone term of at most 100 dice: grog_dice_roll's faces for the seed */
    assert_int_equal(grog_dice_expr_parse("4d6kh3+2", &e, NULL), GROG_OK);
    assert_true(grog_dice_expr_as_dice(&e, &dice));
    grog_rng *a = grog_rng_create(7), *b = grog_rng_create(7);
    grog_dice_expr_roll(&e, a, &r);
    grog_dice_roll(&dice, b, &old);
    assert_int_equal(r.nfaces, 4);
    assert_memory_equal(r.faces, old.faces, sizeof old.faces[0] * 4);
    assert_int_equal(r.total, old.total);
    /* a big term: every face in range, the kept sum that of the faces */
    assert_int_equal(grog_dice_expr_parse("300d6kh2-1d4", &e, NULL), GROG_OK);
    grog_dice_expr_roll(&e, a, &r);
    assert_int_equal(r.nfaces, 301);
    int hi1 = 0, hi2 = 0;
    for (int i = 0; i < 300; i++) {
        assert_in_range(r.faces[i], 1, 6);
        if (r.faces[i] > hi1) {
            hi2 = hi1;
            hi1 = r.faces[i];
        } else if (r.faces[i] > hi2)
            hi2 = r.faces[i];
    }
    assert_in_range(r.faces[300], 1, 4);
    assert_int_equal(r.natural, hi1 + hi2 - r.faces[300]);
    assert_int_equal(r.total, r.natural);
    grog_rng_destroy(a);
    grog_rng_destroy(b);
    grog_error err;
    assert_int_equal(grog_dice_expr_enter(&e, 11, &r, &err), GROG_OK);     /* 6 + 6 - 1 at most */
    assert_int_equal(grog_dice_expr_enter(&e, 12, &r, &err), GROG_EINVAL);
    assert_int_equal(grog_dice_expr_enter(&e, -2, &r, &err), GROG_OK);     /* 1 + 1 - 4 at least */
    assert_int_equal(r.total, -2);
    assert_true(r.entered);
    assert_int_equal(grog_dice_expr_enter(&e, -3, &r, &err), GROG_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_100d6_every_cell),
        cmocka_unit_test(test_1000d6_mean_variance_cells),
        cmocka_unit_test(test_30d10kh3_by_top_three),
        cmocka_unit_test(test_small_spaces_by_enumeration),
        cmocka_unit_test(test_agrees_with_fixed_width),
        cmocka_unit_test(test_cmp_boundaries),
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_too_large_refused),
        cmocka_unit_test(test_rolls),
    };
    return cmocka_run_group_tests_name("bigdist", tests, NULL, NULL);
}
