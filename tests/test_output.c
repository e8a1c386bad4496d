/* test_output.c — output that says what it means (issue 13): JSON error
 * documents, options before or after the game file, a fresh dice seed
 * printed, --brief, one vocabulary. */
#include <unistd.h>

#include "testutil.h"

static char game_path[128];

static void new_game(void)
{
    snprintf(game_path, sizeof game_path, "/tmp/grog-test-output-%d.grog", (int)getpid());
    grog_game_remove(game_path);
    cli_run r = run_cli("new", game_path, "--family", "aigles", "--seed", "1810", NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
}

static int teardown(void **state)
{
    (void)state;
    grog_game_remove(game_path);
    return 0;
}

/* The error document of a run: {"error": {"code", "message", "rule"}}. */
static json_t *error_of(const cli_run *r)
{
    json_t *j = cli_json(r);
    json_t *e = json_object_get(j, "error");
    if (!json_is_object(e))
        fail_msg("no error document in: %s", r->out);
    assert_true(json_is_string(json_object_get(e, "code")));
    assert_true(json_is_string(json_object_get(e, "message")));
    assert_non_null(json_object_get(e, "rule"));
    json_incref(e);
    json_decref(j);
    return e;
}

static void test_json_errors(void **state)
{
    (void)state;
    new_game();
    /* A refusal names its rule, on stdout as JSON and on stderr for people. */
    cli_run r = run_cli("do", game_path, "order", "picton", "pack", "attack", "--json", NULL);
    assert_int_equal(r.code, 1);
    json_t *e = error_of(&r);
    assert_string_equal(json_string_value(json_object_get(e, "code")), "refused");
    assert_string_equal(json_string_value(json_object_get(e, "rule")), "AIG-O-11");
    assert_non_null(strstr(r.err, "AIG-O-11"));
    json_decref(e);
    cli_run_free(&r);
    /* A wrong command line: code usage, exit 2, no rule. */
    r = run_cli("map", "--family", "chess", "--json", NULL);
    assert_int_equal(r.code, 2);
    e = error_of(&r);
    assert_string_equal(json_string_value(json_object_get(e, "code")), "usage");
    assert_true(json_is_null(json_object_get(e, "rule")));
    json_decref(e);
    cli_run_free(&r);
    /* --json before the error is found, at the end of the line. */
    r = run_cli("show", "--side", "prussia", "--json", NULL);
    assert_int_equal(r.code, 1);
    e = error_of(&r);
    assert_string_equal(json_string_value(json_object_get(e, "code")), "bad-input");
    json_decref(e);
    cli_run_free(&r);
    r = run_cli("status", "/nonexistent/game.grog", "--json", NULL);
    assert_int_not_equal(r.code, 0);
    json_decref(error_of(&r));
    cli_run_free(&r);
    /* Without --json, nothing on stdout. */
    r = run_cli("do", game_path, "order", "picton", "pack", "attack", NULL);
    assert_int_equal(r.code, 1);
    assert_string_equal(r.out, "");
    cli_run_free(&r);
}

/* do GAME --side S ... works as do --side S GAME ... */
static void test_options_after_the_game(void **state)
{
    (void)state;
    new_game();
    /* As the French, Picton is not theirs: refused either way round (GROG_EDENIED). */
    cli_run a = run_cli("do", game_path, "--side", "french", "order", "picton", "mackinnon",
                        "attack", NULL);
    cli_run b = run_cli("do", "--side", "french", game_path, "order", "picton", "mackinnon",
                        "attack", NULL);
    assert_int_equal(a.code, 1);
    assert_int_equal(b.code, 1);
    assert_string_equal(a.err, b.err);
    cli_run_free(&a);
    cli_run_free(&b);
    /* As the Anglo-Portuguese, with --json after the game file. */
    a = run_cli("do", game_path, "--json", "--side", "anglo-portuguese", "order", "picton",
                "mackinnon", "attack", "--roll", "2", NULL);
    assert_int_equal(a.code, 0);
    json_t *j = cli_json(&a);
    assert_string_equal(json_string_value(json_array_get(json_object_get(j, "action"), 0)),
                        "order");
    json_decref(j);
    cli_run_free(&a);
    /* An unknown option between the file and the action is a usage error. */
    a = run_cli("do", game_path, "--sied", "french", "next", NULL);
    assert_int_equal(a.code, 2);
    cli_run_free(&a);
    /* status and log take options on either side too (getopt). */
    a = run_cli("status", game_path, "--side", "french", NULL);
    b = run_cli("status", "--side", "french", game_path, NULL);
    assert_int_equal(a.code, 0);
    assert_string_equal(a.out, b.out);
    cli_run_free(&a);
    cli_run_free(&b);
}

/* dice without --seed rolls with a fresh seed and prints it; that seed
 * rolls the same again. */
static void test_dice_fresh_seed(void **state)
{
    (void)state;
    cli_run r = run_cli("dice", "3d6", "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    json_int_t seed = json_integer_value(json_object_get(j, "seed"));
    json_int_t roll = json_integer_value(json_object_get(j, "roll"));
    assert_true(roll >= 3 && roll <= 18);
    json_decref(j);
    cli_run_free(&r);
    char s[32];
    snprintf(s, sizeof s, "%lld", (long long)seed);
    r = run_cli("dice", "3d6", "--seed", s, "--json", NULL);
    j = cli_json(&r);
    assert_int_equal(json_integer_value(json_object_get(j, "roll")), roll);
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("dice", "2d6", NULL);
    assert_non_null(strstr(r.out, "roll: "));
    assert_non_null(strstr(r.out, "; seed "));
    cli_run_free(&r);
    /* An entered roll has no seed. */
    r = run_cli("dice", "2d6", "--roll", "7", NULL);
    assert_null(strstr(r.out, "seed"));
    cli_run_free(&r);
}

static size_t lines(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* --brief: one line per test. Worked by hand: regular (2) + command 3 = 5,
 * a die < 5 obeys: 4/6 = 66.7%. */
static void test_brief(void **state)
{
    (void)state;
    cli_run r = run_cli("calc", "aigles-order", "--command", "3", "--status", "regular",
                        "--roll", "2", "--brief", NULL);
    assert_int_equal(r.code, 0);
    assert_string_equal(r.out, "Les Aigles: order from general to unit: needs < 5 on 1d6; "
                               "obeys 66.7%, fails 33.3%; entered 2: obeys\n");
    cli_run_free(&r);
    /* gdb: the roll is modified (+1 gifted, -2 beyond 30 cm): 5 - 1 = 4 < 6 fails. */
    r = run_cli("calc", "gdb-order", "--nation", "britain", "--skill", "gifted",
                "--distance-cm", "35", "--roll", "5", "--brief", NULL);
    assert_int_equal(lines(r.out), 1);
    assert_non_null(strstr(r.out, "needs > 6 on 2d6 -1; immediate 41.7%, delayed 16.7%, "
                                  "fail 41.7%; entered 5 (modified 4): fail"));
    cli_run_free(&r);
    r = run_cli("calc", "aigles-zone", "--command", "4", "--scale", "15", "--brief", NULL);
    assert_string_equal(r.out, "Les Aigles: order-change zone of command 4 at 15 mm: 115 pas\n");
    cli_run_free(&r);
    /* A game: the header, one line for the test, one for the event. */
    new_game();
    r = run_cli("do", game_path, "--brief", "order", "picton", "mackinnon", "attack", "--roll",
                "2", NULL);
    assert_int_equal(r.code, 0);
    assert_int_equal(lines(r.out), 3);
    assert_non_null(strstr(r.out, "#2 t1 orders-1 > order picton mackinnon attack --roll 2\n"));
    assert_non_null(strstr(r.out, "needs < 7 on 1d6; obeys 100.0%, fails 0.0%; entered 2: obeys"));
    cli_run_free(&r);
    r = run_cli("log", game_path, "--brief", NULL);
    cli_run full = run_cli("log", game_path, NULL);
    assert_true(lines(r.out) < lines(full.out));
    assert_non_null(strstr(r.out, "#1 t1 orders-1 > start"));
    cli_run_free(&r);
    cli_run_free(&full);
    /* --json wins over --brief: the whole record. */
    r = run_cli("calc", "aigles-zone", "--command", "4", "--brief", "--json", NULL);
    json_decref(cli_json(&r));
    cli_run_free(&r);
}

/* play from a script: case-insensitive action words, brief on|off, and a
 * refused line makes the exit status 1 (the rest of the script still runs). */
static void test_play_script(void **state)
{
    (void)state;
    new_game();
    char script[160];
    snprintf(script, sizeof script, "%s.script", game_path);
    FILE *f = fopen(script, "w");
    fputs("brief on\nORDER picton mackinnon attack --roll 2\nBrief off\nNext\nquit\n", f);
    fclose(f);
    assert_non_null(freopen(script, "r", stdin));
    cli_run r = run_cli("play", game_path, NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "needs < 7 on 1d6; obeys 100.0%, fails 0.0%; entered 2: obeys"));
    assert_non_null(strstr(r.out, "Brief off"));
    assert_non_null(strstr(r.out, "Turn 1, movement-1 phase."));
    cli_run_free(&r);
    f = fopen(script, "w");
    fputs("order picton pack attack\nnote still read\nquit\n", f);
    fclose(f);
    assert_non_null(freopen(script, "r", stdin));
    r = run_cli("play", game_path, NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.out, "refused: "));
    assert_non_null(strstr(r.out, "still read"));
    cli_run_free(&r);
    unlink(script);
    /* do: the action word in any case too. */
    r = run_cli("do", game_path, "NOTE", "shouted", NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
}

/* Every command's --json is one object (docs/json.md). */
static void test_json_top_level_objects(void **state)
{
    (void)state;
    new_game();
    char svg[160];
    snprintf(svg, sizeof svg, "%s.svg", game_path);
    const char *const cmds[][12] = {
        {"dice", "2d6", "--seed", "3"},
        {"calc", "aigles-zone", "--command", "3", "--scale", "25"},
        {"explain", "aigles-order", "--from", "picton", "--to", "mackinnon"},
        {"validate"},
        {"show"},
        {"show", game_path},
        {"map", game_path, "-o", svg},
        {"status", game_path},
        {"do", game_path, "note", "hello"},
        {"log", game_path},
        {"log", game_path, "--last", "1"},
        {"undo", game_path},
        {"replay", game_path},
        {"demo", "--turns", "1"},
        {"--version"},
    };
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        const char *argv[16];
        int n = 0;
        for (; n < 12 && cmds[i][n] != NULL; n++)
            argv[n] = cmds[i][n];
        argv[n++] = "--json";
        argv[n] = NULL;
        cli_run r = run_cli(argv[0], argv[1], argv[2], argv[3], argv[4], argv[5], argv[6],
                            argv[7], NULL);
        if (r.code != 0)
            fail_msg("%s: exit %d: %s", cmds[i][0], r.code, r.err);
        json_t *j = cli_json(&r);
        if (!json_is_object(j))
            fail_msg("%s --json: the top level is not an object", cmds[i][0]);
        json_decref(j);
        cli_run_free(&r);
    }
    unlink(svg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_json_errors, teardown),
        cmocka_unit_test_teardown(test_options_after_the_game, teardown),
        cmocka_unit_test(test_dice_fresh_seed),
        cmocka_unit_test_teardown(test_brief, teardown),
        cmocka_unit_test_teardown(test_play_script, teardown),
        cmocka_unit_test_teardown(test_json_top_level_objects, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
