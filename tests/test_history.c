/* test_history.c — stepping through a game (issue 26, part 4 of the issue:
 * "Step through the game"): grog_game_at and `grognard show GAME --at N`
 * (and `map --at N`).
 *
 * Worked by construction: the game after entry N is the game whose journal
 * holds only those N entries, so for every N of a game played with entered
 * rolls and the seed's dice, `show --at N --json` is the `show --json` of a
 * second game given the same seed and its first N - 1 actions (entry 1 is
 * `start`); --at of the last entry is `show` itself; --at 0 is the scenario
 * before the first entry. An undone action: the game after it shows it in
 * effect, the game after the undo record not. A side stepping through never
 * sees the other side's hidden order: two games that differ only in the
 * Anglo-Portuguese face-down order (GDB-02) give the French the same bytes at
 * every entry, and the Anglo-Portuguese (the control) different ones. */
#include "testutil.h"

static char path[64], control[64];

static const char *const actions[] = {
    "order picton pack attack --roll 9",  "order reynier brenier attack", "next",
    "move br-2-5th 300mm 300mm 0",           "next", "event casualties br-1-45th 30",
    "next", "order picton lightburne defend",
};
#define NACTIONS (sizeof actions / sizeof *actions)

static int setup(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "history");
    test_game_path(control, sizeof control, "history-control");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    grog_game_remove(path);
    grog_game_remove(control);
    return 0;
}

static void play(const char *file, const char *const *list, size_t n)
{
    grog_game *g = test_game_create(file, GROG_FAMILY_GDB, NULL, 1810);
    for (size_t i = 0; i < n; i++) {
        grog_error err;
        if (grog_game_do_line(g, list[i], NULL, &err) != GROG_OK)
            fail_msg("%s: %s", list[i], err.message);
    }
    grog_game_close(g);
}

/* `grognard show FILE [--at N] [--side S] --json`'s output (exit 0 required). */
static char *show(const char *file, long at, const char *side)
{
    char n[32];
    snprintf(n, sizeof n, "%ld", at);
    cli_run r;
    if (at < 0)
        r = side ? run_cli("show", file, "--side", side, "--json", NULL)
                 : run_cli("show", file, "--referee", "--json", NULL);
    else
        r = side ? run_cli("show", file, "--at", n, "--side", side, "--json", NULL)
                 : run_cli("show", file, "--at", n, "--referee", "--json", NULL);
    if (r.code != 0)
        fail_msg("show --at %ld: %s", at, r.err);
    free(r.err);
    return r.out;
}

static void test_every_entry_is_its_prefix_game(void **state)
{
    (void)state;
    play(path, actions, NACTIONS);
    for (size_t k = 1; k <= NACTIONS + 1; k++) {
        play(control, actions, k - 1);
        char *a = show(path, (long)k, NULL), *b = show(control, -1, NULL);
        if (strcmp(a, b) != 0)
            fail_msg("the game after entry %zu differs from the game of its first %zu entries", k, k);
        free(a);
        free(b);
        grog_game_remove(control);
    }
    /* the last entry is the game as it stands, for a side too */
    char *a = show(path, (long)NACTIONS + 1, "french"), *b = show(path, -1, "french");
    assert_string_equal(a, b);
    free(a);
    free(b);
}

static void test_before_the_first_entry(void **state)
{
    (void)state;
    play(path, actions, 3);
    char *text = show(path, 0, NULL);
    json_t *j = json_loads(text, 0, NULL);
    assert_non_null(j);
    assert_int_equal(json_integer_value(json_object_get(j, "actions")), 0);
    assert_int_equal(json_integer_value(json_object_get(j, "turn")), 1);
    /* Picton's order for Pack (entry 2, in force at once on 9) is not there yet */
    size_t i;
    json_t *o;
    int seen = 0;
    json_array_foreach(json_object_get(j, "officers"), i, o) {
        if (strcmp(json_string_value(json_object_get(o, "id")), "pack") != 0)
            continue;
        seen = 1;
        assert_string_equal(json_string_value(json_object_get(json_object_get(o, "order"), "kind")),
                            "hold");
    }
    assert_true(seen);
    json_decref(j);
    free(text);
    text = show(path, 2, NULL);
    assert_non_null(strstr(text, "\"attack\""));
    free(text);
}

static void test_out_of_range_refused(void **state)
{
    (void)state;
    play(path, actions, 2);
    cli_run r = run_cli("show", path, "--at", "4", "--json", NULL); /* entries 1 to 3 */
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.out, "no entry #4"));
    cli_run_free(&r);
    r = run_cli("show", path, "--at", "-1", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("show", path, "--at", "two", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("show", "bussaco-1810", "--at", "1", NULL); /* a scenario has no journal */
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("map", path, "--at", "9", NULL);
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
    grog_game *g;
    assert_int_equal(grog_game_open(path, &g, NULL), GROG_OK);
    grog_game *past = NULL;
    grog_error err;
    assert_int_equal(grog_game_at(g, 4, &past, &err), GROG_EINVAL);
    assert_null(past);
    assert_int_equal(grog_game_at(g, -1, &past, &err), GROG_EINVAL);
    assert_int_equal(grog_game_at(g, 3, &past, &err), GROG_OK);
    assert_int_equal(grog_game_action_count(past), 3);
    /* the copy takes no action into the file, and the file is unchanged */
    grog_game_close(past);
    assert_int_equal(grog_game_action_count(g), 3);
    grog_game_close(g);
}

/* a, b, undo b, c: after b, b is in effect; after the undo record, not. */
static void test_undo_stepped_through(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_GDB, NULL, 1810);
    assert_int_equal(grog_game_do_line(g, "move br-2-5th 300mm 300mm 0", NULL, NULL), GROG_OK);
    assert_int_equal(grog_game_do_line(g, "move br-2-5th 500mm 300mm 0", NULL, NULL), GROG_OK);
    assert_int_equal(grog_game_undo(g, NULL), GROG_OK);
    assert_int_equal(grog_game_do_line(g, "move br-2-58th 400mm 350mm 0", NULL, NULL), GROG_OK);
    grog_game_close(g);
    double x[6];
    for (long k = 2; k <= 5; k++) {
        char *text = show(path, k, NULL);
        json_t *j = json_loads(text, 0, NULL);
        size_t i;
        json_t *u;
        json_array_foreach(json_object_get(j, "units"), i, u)
            if (strcmp(json_string_value(json_object_get(u, "id")), "br-2-5th") == 0)
                x[k] = json_number_value(json_object_get(u, "x"));
        json_decref(j);
        free(text);
    }
    assert_float_equal(x[2], 300, 1e-9);
    assert_float_equal(x[3], 500, 1e-9); /* entry 3: the second move, in effect then */
    assert_float_equal(x[4], 300, 1e-9); /* entry 4: the undo record */
    assert_float_equal(x[5], 300, 1e-9);
}

static void test_a_side_never_sees_the_other_sides_orders(void **state)
{
    (void)state;
    const char *a[] = {"order picton pack attack --roll 2", "order reynier brenier attack --roll 12",
                       "next", "next"};
    const char *b[] = {"order picton pack retire --roll 2", "order reynier brenier attack --roll 12",
                       "next", "next"};
    play(path, a, 4);
    play(control, b, 4);
    int differ = 0;
    for (long k = 0; k <= 5; k++) {
        char *fa = show(path, k, "french"), *fb = show(control, k, "french");
        if (strcmp(fa, fb) != 0)
            fail_msg("the French see two games at entry %ld", k);
        assert_null(strstr(fa, "retire"));
        char *pa = show(path, k, "anglo-portuguese"), *pb = show(control, k, "anglo-portuguese");
        differ += strcmp(pa, pb) != 0;
        free(fa), free(fb), free(pa), free(pb);
        char n[32];
        snprintf(n, sizeof n, "%ld", k);
        cli_run ma = run_cli("map", path, "--at", n, "--side", "french", NULL);
        cli_run mb = run_cli("map", control, "--at", n, "--side", "french", NULL);
        assert_int_equal(ma.code, 0);
        assert_string_equal(ma.out, mb.out);
        cli_run_free(&ma);
        cli_run_free(&mb);
    }
    assert_true(differ > 0); /* the control: the Anglo-Portuguese see their own order */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_every_entry_is_its_prefix_game, setup, teardown),
        cmocka_unit_test_setup_teardown(test_before_the_first_entry, setup, teardown),
        cmocka_unit_test_setup_teardown(test_out_of_range_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(test_undo_stepped_through, setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_side_never_sees_the_other_sides_orders, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
