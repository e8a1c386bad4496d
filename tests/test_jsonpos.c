/* test_jsonpos.c — finding many paths in one walk (grog_jsonpos_find_keys)
 * gives exactly what finding each alone gives (grog_jsonpos_find_key), and
 * a scenario file with hundreds of problems is reported with the same
 * lines and columns as placing each problem by itself would give. */
#include "grognard/rng.h"
#include "grognard/scenario.h"
#include "jsonpos.h"
#include "scenario_internal.h"
#include "testutil.h"

static const char sample[] =
    "{\n"
    "  \"a\": 1,\n"
    "  \"b\": {\"c\": [10, {\"d\": \"x\\\"y\"}, [3, 4]], \"é\": true},\n"
    "  \"list\": [\n"
    "    {\"id\": \"one\"},\n"
    "    {\"id\": \"two\", \"n\": null}\n"
    "  ]\n"
    "}\n";

static void compare(const char *text, const char *const *paths, size_t n)
{
    int found[64], line[64], col[64];
    assert_true(n <= 64);
    assert_true(grog_jsonpos_find_keys(text, paths, n, found, line, col));
    for (size_t k = 0; k < n; k++) {
        int l = 0, c = 0;
        int f = grog_jsonpos_find_key(text, paths[k], &l, &c);
        assert_int_equal(found[k], f);
        if (f) {
            assert_int_equal(line[k], l);
            assert_int_equal(col[k], c);
        }
    }
}

static void test_many_paths_as_each_alone(void **state)
{
    (void)state;
    static const char *const paths[] = {
        "", "a", "b", "b.c", "b.c[0]", "b.c[1]", "b.c[1].d", "b.c[2][1]", "b.é",
        "list", "list[0]", "list[1].id", "list[1].n", "list[2]", "missing", "b.c[1].d",
        "a", "b.c[9]", "list[0].id.deeper"};
    compare(sample, paths, sizeof paths / sizeof paths[0]);
    /* by hand: "list[1].n" is the key n on line 6; a twice gives the same answer */
    int found[3], line[3], col[3];
    const char *const three[] = {"list[1].n", "a", "a"};
    assert_true(grog_jsonpos_find_keys(sample, three, 3, found, line, col));
    assert_int_equal(line[0], 6);
    assert_int_equal(col[0], 19);
    assert_int_equal(line[1], 2);
    assert_int_equal(col[1], 3);
    assert_int_equal(line[2], 2);
    assert_int_equal(col[2], 3);
    /* "b.é" is on line 3 after a multi-byte character: columns count characters */
    compare("{\"é\": {\"é\": 1}}", (const char *const[]){"é", "é.é"}, 2);
}

static void test_truncated_and_empty(void **state)
{
    (void)state;
    static const char *const paths[] = {"a", "a[1]", "a[5]", "b", ""};
    compare("{\"a\": [1, 2", paths, 5);
    compare("", paths, 5);
    compare("[[[[", paths, 5);
    int found[1] = {7}, line[1], col[1];
    assert_true(grog_jsonpos_find_keys("{}", NULL, 0, found, line, col));
    assert_int_equal(found[0], 7); /* nothing asked, nothing written */
}

/* The place of a problem by itself: its path, else its parent's... */
static void locate(const char *text, const char *path, int *line, int *col)
{
    char p[256];
    snprintf(p, sizeof p, "%s", path);
    *line = 1;
    *col = 1;
    for (;;) {
        if (grog_jsonpos_find_key(text, p, line, col))
            return;
        char *dot = strrchr(p, '.'), *br = strrchr(p, '[');
        char *cut = dot > br ? dot : br;
        if (cut == NULL)
            return;
        *cut = '\0';
    }
}

/* Replaces every occurrence of `from` (up to max) with `to` of the same length. */
static int corrupt(char *text, const char *from, const char *to, int max)
{
    int n = 0;
    for (char *p = text; n < max && (p = strstr(p, from)) != NULL; p += strlen(from), n++)
        memcpy(p, to, strlen(to));
    return n;
}

static void test_scenario_with_many_problems(void **state)
{
    (void)state;
    grog_rng *rng = grog_rng_create(5);
    grog_generate_options o = {600, 120};
    grog_battle *b = NULL;
    assert_int_equal(grog_scenario_generate(&o, rng, &b, NULL), GROG_OK);
    char *text = NULL;
    assert_int_equal(grog_scenario_save_text(b, &text, NULL), GROG_OK);
    /* problems of several kinds: values out of range, unknown keys, bad references */
    assert_int_equal(corrupt(text, "\"charisma\": 3", "\"charisma\": 9", 20), 20);
    assert_int_equal(corrupt(text, "\"figures\": 2", "\"figures\":-2", 60), 60);
    assert_true(corrupt(text, "\"facing\"", "\"facinG\"", 150) == 150);
    assert_true(corrupt(text, "\"superior\": \"b-d1\"", "\"superior\": \"b-dX\"", 5) >= 1);
    grog_problems *pr = grog_problems_create();
    grog_error err;
    assert_int_equal(grog_scenario_read_text(text, "many.json", NULL, pr, &err), GROG_EFORMAT);
    size_t n = grog_problems_count(pr);
    assert_int_equal(n, GROG_SCENARIO_MAX_PROBLEMS + 1); /* the last: too many */
    for (size_t k = 0; k < n; k++) {
        const grog_problem *p = grog_problems_get(pr, k);
        if (strncmp(p->message, "too many problems", 17) == 0)
            continue;
        int line, col;
        locate(text, p->path, &line, &col);
        assert_int_equal(p->line, line);
        assert_int_equal(p->column, col);
        if (k > 0) { /* sorted by place */
            const grog_problem *q = grog_problems_get(pr, k - 1);
            assert_true(q->line < p->line || (q->line == p->line && q->column <= p->column));
        }
    }
    grog_problems_destroy(pr);
    free(text);
    grog_battle_destroy(b);
    grog_rng_destroy(rng);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_many_paths_as_each_alone),
        cmocka_unit_test(test_truncated_and_empty),
        cmocka_unit_test(test_scenario_with_many_problems),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
