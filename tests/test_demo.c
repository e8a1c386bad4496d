/* test_demo.c — golden tests: the demo of each family with its default seed
 * is committed as expected output (tests/golden/demo-FAMILY.txt) and must be
 * reproduced byte for byte. `make golden` rewrites the files after a change
 * that is meant to alter the narration; review the diff before committing. */
#include "testutil.h"

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    int c;
    while ((c = fgetc(f)) != EOF)
        fputc(c, m);
    fclose(m);
    fclose(f);
    return buf;
}

/* family "first-run": `grognard demo` without options (brief, introduced). */
static void golden(const char *family)
{
    char path[256];
    const char *src = getenv("GROGNARD_SRCDIR");
    snprintf(path, sizeof path, "%s/tests/golden/demo-%s.txt", src != NULL ? src : ".", family);
    char *want = read_all(path);
    if (want == NULL)
        fail_msg("cannot read %s", path);
    int first = strcmp(family, "first-run") == 0;
    cli_run r = first ? run_cli("demo", NULL) : run_cli("demo", "--full", "--family", family, NULL);
    assert_int_equal(r.code, 0);
    if (strcmp(r.out, want) != 0) {
        char got[300];
        snprintf(got, sizeof got, "/tmp/grog-demo-%s.txt", family);
        FILE *f = fopen(got, "w");
        if (f != NULL) {
            fputs(r.out, f);
            fclose(f);
        }
        fail_msg("the %s demo differs from %s; the new output is in %s (diff them; "
                 "`make golden` accepts it)",
                 family, path, got);
    }
    free(want);
    cli_run_free(&r);
}

static void test_demo_aigles(void **state)
{
    (void)state;
    golden("aigles");
}

static void test_demo_gdb(void **state)
{
    (void)state;
    golden("gdb");
}

static void test_demo_gt(void **state)
{
    (void)state;
    golden("gt");
}

/* The first run: an introduction, one family, one line per test, the
 * defaults once, what to try next. */
static void test_demo_first_run(void **state)
{
    (void)state;
    golden("first-run");
    cli_run r = run_cli("demo", "--fast", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "It knows three rule families:"));
    assert_non_null(strstr(r.out, "a Les Aigles game, dice seed 1810"));
    assert_null(strstr(r.out, "a General de Brigade game"));
    assert_non_null(strstr(r.out, "needs < 7 on 1d6; obeys 100.0%, fails 0.0%; rolled 2: obeys"));
    assert_null(strstr(r.out, "modifiers:"));
    /* "default used" once for the whole demo, never per test. */
    const char *d = strstr(r.out, "Values the rulebooks do not give");
    assert_non_null(d);
    assert_null(strstr(d + 1, "Values the rulebooks do not give"));
    assert_null(strstr(r.out, "default used"));
    assert_non_null(strstr(r.out, "What next:\n  grognard new my.grog --family aigles"));
    cli_run_free(&r);
    r = run_cli("demo", "--full", "--family", "all", "--turns", "1", NULL);
    assert_non_null(strstr(r.out, "a General de Brigade game"));
    assert_non_null(strstr(r.out, "a Grande Tactique game"));
    assert_null(strstr(r.out, "What next"));
    cli_run_free(&r);
}

static void test_demo_same_seed_same_output(void **state)
{
    (void)state;
    cli_run a = run_cli("demo", "--seed", "77", "--turns", "1", NULL);
    cli_run b = run_cli("demo", "--seed", "77", "--turns", "1", NULL);
    assert_int_equal(a.code, 0);
    assert_string_equal(a.out, b.out);
    assert_non_null(strstr(a.out, "seed 77"));
    cli_run c = run_cli("demo", "--seed", "78", "--turns", "1", NULL);
    assert_string_not_equal(a.out, c.out);
    cli_run_free(&a);
    cli_run_free(&b);
    cli_run_free(&c);
}

static void test_demo_json_and_errors(void **state)
{
    (void)state;
    cli_run r = run_cli("demo", "--family", "gdb", "--turns", "1", "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    assert_true(json_array_size(json_object_get(j, "gdb")) > 0);
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("demo", "--family", "chess", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_demo_aigles),
        cmocka_unit_test(test_demo_gdb),
        cmocka_unit_test(test_demo_gt),
        cmocka_unit_test(test_demo_first_run),
        cmocka_unit_test(test_demo_same_seed_same_output),
        cmocka_unit_test(test_demo_json_and_errors),
    };
    return cmocka_run_group_tests_name("demo", tests, NULL, NULL);
}
