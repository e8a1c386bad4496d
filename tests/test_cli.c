/* test_cli.c — the command line itself: help, version, exit codes, `dice`. */
#include "testutil.h"

static void test_help_and_version(void **state)
{
    (void)state;
    cli_run r = run_cli("--help", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "Exit codes"));
    assert_non_null(strstr(r.out, "dice"));
    cli_run_free(&r);
    r = run_cli("--version", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, grog_version()));
    cli_run_free(&r);
    r = run_cli("help", "dice", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "grognard dice EXPR"));
    cli_run_free(&r);
    r = run_cli("dice", "--help", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "--seed"));
    cli_run_free(&r);
}

static void test_usage_errors_exit_2(void **state)
{
    (void)state;
    cli_run r = run_cli(NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("frobnicate", NULL);
    assert_int_equal(r.code, 2);
    assert_non_null(strstr(r.err, "unknown command 'frobnicate'"));
    cli_run_free(&r);
    r = run_cli("dice", "2d6", "--bogus", NULL);
    assert_int_equal(r.code, 2);
    assert_non_null(strstr(r.err, "unknown option '--bogus'"));
    cli_run_free(&r);
    r = run_cli("dice", "2d6", "--seed", NULL);
    assert_int_equal(r.code, 2);
    assert_non_null(strstr(r.err, "needs a value"));
    cli_run_free(&r);
    r = run_cli("dice", "2d6", "--seed", "x", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("dice", "2d6", "--seed", "1", "--roll", "7", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("dice", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
}

static void test_dice_text(void **state)
{
    (void)state;
    cli_run r = run_cli("dice", "2d6", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "36 equally likely outcomes"));
    assert_non_null(strstr(r.out, "6/36"));
    assert_non_null(strstr(r.out, "mean 7.0000 (252/36)"));
    cli_run_free(&r);
}

static void test_dice_json_2d6(void **state)
{
    (void)state;
    cli_run r = run_cli("dice", "2d6", "--target", "7", "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    assert_int_equal(json_integer_value(json_object_get(j, "outcomes")), 36);
    json_t *dist = json_object_get(j, "distribution");
    json_t *seven = json_array_get(dist, 5);
    assert_int_equal(json_integer_value(json_object_get(seven, "value")), 7);
    /* The record's distribution entry: value, p, exact (P(=)); count, ge, le beside. */
    assert_string_equal(json_string_value(json_object_get(seven, "exact")), "6/36");
    assert_int_equal(json_integer_value(json_object_get(seven, "count")), 6);
    assert_string_equal(json_string_value(json_object_get(json_object_get(seven, "ge"), "exact")),
                        "21/36");
    json_t *t = json_object_get(j, "target");
    assert_string_equal(json_string_value(json_object_get(json_object_get(t, ">"), "exact")),
                        "15/36");
    assert_string_equal(json_string_value(json_object_get(json_object_get(t, "<="), "exact")),
                        "21/36");
    /* No --seed: rolled with a fresh seed, which is printed. */
    assert_true(json_is_integer(json_object_get(j, "roll")));
    assert_true(json_is_integer(json_object_get(j, "seed")));
    assert_int_equal(json_array_size(json_object_get(j, "faces")), 2);
    json_decref(j);
    cli_run_free(&r);
}

static void test_dice_seed_is_reproducible(void **state)
{
    (void)state;
    cli_run a = run_cli("dice", "3d6", "--seed", "7", "--json", NULL);
    cli_run b = run_cli("dice", "3d6", "--seed", "7", "--json", NULL);
    assert_int_equal(a.code, 0);
    assert_string_equal(a.out, b.out);
    json_t *j = cli_json(&a);
    assert_int_equal(json_array_size(json_object_get(j, "faces")), 3);
    assert_int_equal(json_integer_value(json_object_get(j, "seed")), 7);
    json_decref(j);
    cli_run_free(&a);
    cli_run_free(&b);
}

static void test_dice_entered_roll(void **state)
{
    (void)state;
    cli_run r = run_cli("dice", "2d6-1", "--roll", "12", "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    assert_int_equal(json_integer_value(json_object_get(j, "roll")), 12);
    assert_int_equal(json_integer_value(json_object_get(j, "modified_roll")), 11);
    assert_true(json_is_true(json_object_get(j, "entered")));
    assert_true(json_is_null(json_object_get(j, "seed")));
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("dice", "2d6", "--roll", "13", NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "cannot show 13"));
    cli_run_free(&r);
}

static void test_dice_bad_expression_exit_1(void **state)
{
    (void)state;
    cli_run r = run_cli("dice", "2d6x", NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "character 4"));
    assert_string_equal(r.out, "");
    cli_run_free(&r);
    r = run_cli("dice", "1000d100", NULL); /* past the exact odds' work limit */
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "too large"));
    cli_run_free(&r);
    r = run_cli("dice", "1001d6", NULL); /* the limit named, no position past the text */
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "too many dice in one term: 1001, at most 1000"));
    assert_null(strstr(r.err, "character"));
    cli_run_free(&r);
}

/* Issue 27: past 2^63 the odds stay exact, in text and --json. */
static void test_dice_big_exact(void **state)
{
    (void)state;
    cli_run r = run_cli("dice", "25d6", "--json", "--target", "150", NULL);
    assert_int_equal(r.code, 0);
    json_t *j = json_loads(r.out, 0, NULL);
    assert_non_null(j);
    /* 6^25 = 28430288029929701376, past 2^63: a decimal string */
    assert_string_equal(json_string_value(json_object_get(j, "outcomes")), "28430288029929701376");
    json_t *first = json_array_get(json_object_get(j, "distribution"), 0);
    assert_int_equal(json_integer_value(json_object_get(first, "value")), 25);
    assert_string_equal(json_string_value(json_object_get(first, "exact")),
                        "1/28430288029929701376");
    assert_string_equal(json_string_value(json_object_get(first, "count")), "1");
    json_t *eq = json_object_get(json_object_get(j, "target"), "=");
    assert_string_equal(json_string_value(json_object_get(eq, "exact")), "1/28430288029929701376");
    json_t *mean = json_object_get(j, "mean_exact"); /* 25 * 7/2 */
    assert_string_equal(json_string_value(json_object_get(mean, "num")), "175");
    assert_string_equal(json_string_value(json_object_get(mean, "den")), "2");
    json_t *var = json_object_get(j, "variance_exact"); /* 25 * 35/12 */
    assert_string_equal(json_string_value(json_object_get(var, "num")), "875");
    assert_string_equal(json_string_value(json_object_get(var, "den")), "12");
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("dice", "2d6+1d8-1", "--roll", "20", NULL); /* the dice show 3..20 */
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "288 equally likely outcomes, values 2 to 19"));
    assert_non_null(strstr(r.out, "roll: 19 (entered)"));
    cli_run_free(&r);
    r = run_cli("dice", "2d6+1d8-1", "--roll", "21", NULL);
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
}

/* The error document of --json for a run that failed: code and message as
 * expected, and the message non-empty UTF-8 (checked by jansson's loader). */
static void assert_json_error(const cli_run *r, int code, const char *err_code,
                              const char *in_message)
{
    assert_int_equal(r->code, code);
    json_t *doc = cli_json(r);
    json_t *e = json_object_get(doc, "error");
    assert_non_null(e);
    assert_string_equal(json_string_value(json_object_get(e, "code")), err_code);
    const char *m = json_string_value(json_object_get(e, "message"));
    assert_non_null(m); /* docs/json.md: {"error": {"code", "message", "rule"}} */
    if (strstr(m, in_message) == NULL)
        fail_msg("message \"%s\" lacks \"%s\"", m, in_message);
    json_decref(doc);
}

/* A choice option (--skill, --family, --scale, --variant) with an unknown
 * value: with --json, the error document like every other usage error (it
 * printed nothing on standard output before). */
static void test_json_error_for_unknown_choice(void **state)
{
    (void)state;
    cli_run r = run_cli("calc", "gt-pip", "--skill", "bogus", "--json", NULL);
    assert_json_error(&r, 2, "usage", "--skill: unknown value \"bogus\"; expected one of: great ordinary bad");
    assert_non_null(strstr(r.err, "expected one of: great ordinary bad"));
    cli_run_free(&r);
    r = run_cli("show", "--family", "nope", "--json", NULL);
    assert_json_error(&r, 2, "usage", "--family: unknown value \"nope\"");
    cli_run_free(&r);
    r = run_cli("calc", "aigles-zone", "--command", "3", "--scale", "99", "--json", NULL);
    assert_json_error(&r, 2, "usage", "expected one of: 25 15");
    cli_run_free(&r);
    r = run_cli("calc", "gdb-order", "--nation", "gaul", "--skill", "gifted", "--distance-cm", "3", "--json", NULL);
    assert_json_error(&r, 2, "usage", "--nation: unknown value \"gaul\"; expected one of: ");
    cli_run_free(&r);
}

/* An unknown command with --json: the error document too, exit 2. */
static void test_json_error_for_unknown_command(void **state)
{
    (void)state;
    cli_run r = run_cli("frobnicate", "--json", NULL);
    assert_json_error(&r, 2, "usage", "unknown command 'frobnicate'");
    assert_non_null(strstr(r.err, "grognard: unknown command 'frobnicate'"));
    cli_run_free(&r);
    r = run_cli("frobnicate", NULL); /* without --json: nothing on standard output */
    assert_int_equal(r.code, 2);
    assert_string_equal(r.out, "");
    cli_run_free(&r);
}

/* A message holding bytes that are not UTF-8 (a Latin-1 terminal's file
 * name or side, E9 for "é") kept its "message" out of the error document:
 * jansson refuses such a string. It is there, with U+FFFD for the byte. */
static void test_json_error_message_not_utf8(void **state)
{
    (void)state;
    cli_run r = run_cli("status", "/nonexistent/caf\xe9.grog", "--json", NULL);
    assert_json_error(&r, 1, "not-found", "/nonexistent/caf\xef\xbf\xbd.grog");
    cli_run_free(&r);
    r = run_cli("explain", "aigles-order", "--from", "x\xe9", "--to", "pack", "--json", NULL);
    assert_json_error(&r, 1, "not-found", "no officer \"x\xef\xbf\xbd\"");
    cli_run_free(&r);
}

/* The help says: every command takes --json, all but play (a prompt). Each
 * command `grognard --help` lists answers --json with one JSON document, an
 * error document when its arguments are missing (play refused --json while
 * the help and the man page said every command took it). */
static void test_every_command_but_play_takes_json(void **state)
{
    (void)state;
    cli_run h = run_cli("--help", NULL);
    assert_non_null(strstr(h.out, "all but play (a prompt) take --json"));
    const char *p = strstr(h.out, "Commands:\n");
    assert_non_null(p);
    p += strlen("Commands:\n");
    int n = 0;
    while (strncmp(p, "  ", 2) == 0) {
        char name[32];
        assert_int_equal(sscanf(p, " %31s", name), 1);
        cli_run r = strcmp(name, "demo") == 0
                        ? run_cli(name, "--json", "--fast", "--turns", "1", NULL)
                        : run_cli(name, "--json", NULL);
        if (strcmp(name, "play") == 0) {
            assert_int_equal(r.code, 2);
        } else {
            json_t *doc = cli_json(&r);
            json_decref(doc);
        }
        cli_run_free(&r);
        n++;
        p = strchr(p, '\n') + 1;
    }
    assert_int_equal(n, 30); /* print, end, verify, report (26), import, export, scenarios (25), plan (27), backup (29); claims, accept, dispute, decide (29) */
    cli_run_free(&h);
}

/* Issue 25: validate's --help named two bundled scenarios ("bussaco-1810,
 * quatre-bras-1815") when five were bundled. Its help, in every language,
 * sends to `grognard scenarios` and names all of the bundled scenarios or
 * only the default, never a few of them. */
static void test_validate_help_names_the_bundled_scenarios(void **state)
{
    (void)state;
    cli_run list = run_cli("scenarios", "--json", NULL);
    json_t *doc = cli_json(&list);
    json_t *all = json_object_get(doc, "scenarios");
    assert_true(json_array_size(all) >= 5);
    static const char *const langs[] = {"en", "fr", "ru"};
    for (size_t l = 0; l < 3; l++) {
        cli_run r = run_cli("--lang", langs[l], "validate", "--help", NULL);
        assert_int_equal(r.code, 0);
        if (strstr(r.out, "grognard scenarios") == NULL)
            fail_msg("%s: validate --help does not name 'grognard scenarios':\n%s", langs[l], r.out);
        size_t named = 0, i;
        json_t *sc;
        json_array_foreach(all, i, sc) {
            named += strstr(r.out, json_string_value(json_object_get(sc, "name"))) != NULL;
        }
        if (named != 1 && named != json_array_size(all))
            fail_msg("%s: %zu of the %zu bundled scenarios named:\n%s", langs[l], named,
                     json_array_size(all), r.out);
        cli_run_free(&r);
    }
    json_decref(doc);
    cli_run_free(&list);
}

/* --lang with an unknown language (or none) is a usage error found before
 * any command runs: with --json, the error document too (nothing was
 * printed on standard output). */
static void test_json_error_for_bad_lang(void **state)
{
    (void)state;
    cli_run r = run_cli("--lang", "de", "dice", "2d6", "--json", NULL);
    assert_json_error(&r, 2, "usage", "--lang: unknown language \"de\"; expected en, fr or ru");
    assert_non_null(strstr(r.err, "grognard: --lang: unknown language \"de\""));
    cli_run_free(&r);
    r = run_cli("dice", "2d6", "--json", "--lang", NULL);
    assert_json_error(&r, 2, "usage", "option '--lang' needs a value: en, fr or ru");
    cli_run_free(&r);
    r = run_cli("--lang=xx", "dice", "2d6", NULL); /* without --json: standard error only */
    assert_int_equal(r.code, 2);
    assert_string_equal(r.out, "");
    cli_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help_and_version),
        cmocka_unit_test(test_usage_errors_exit_2),
        cmocka_unit_test(test_dice_text),
        cmocka_unit_test(test_dice_json_2d6),
        cmocka_unit_test(test_dice_seed_is_reproducible),
        cmocka_unit_test(test_dice_entered_roll),
        cmocka_unit_test(test_dice_bad_expression_exit_1),
        cmocka_unit_test(test_dice_big_exact),
        cmocka_unit_test(test_json_error_for_unknown_choice),
        cmocka_unit_test(test_json_error_for_unknown_command),
        cmocka_unit_test(test_json_error_message_not_utf8),
        cmocka_unit_test(test_json_error_for_bad_lang),
        cmocka_unit_test(test_every_command_but_play_takes_json),
        cmocka_unit_test(test_validate_help_names_the_bundled_scenarios),
    };
    return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}
