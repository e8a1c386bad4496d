/* test_seat.c — seats (game.h): who looks and who acts. The public sees no
 * hidden information and cannot act; a side sees its own and acts only with
 * its own officers and units; the referee sees everything, the seed included.
 * On the embedded default scenario (Bussaco): Picton and Pack are
 * anglo-portuguese, Reynier and Brenier french. */
#include <unistd.h>

#include "grognard/game.h"
#include "testutil.h"

static char path[64];

static int setup(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "seat");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "seat");
    return 0;
}

static grog_game *new_gdb(uint64_t seed)
{
    grog_game_options o = {GROG_FAMILY_GDB, NULL, seed, NULL};
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_create(path, &o, &g, &err) != GROG_OK)
        fail_msg("create: %s", err.message);
    return g;
}

static void test_seat_kinds_and_unknown_side(void **state)
{
    (void)state;
    grog_game *g = new_gdb(42);
    grog_seat s;
    grog_error err;
    assert_int_equal(grog_game_seat(g, NULL, 0, &s, &err), GROG_OK);
    assert_int_equal(s.kind, GROG_SEAT_PUBLIC);
    assert_int_equal(grog_game_seat(g, "", 0, &s, &err), GROG_OK);
    assert_int_equal(s.kind, GROG_SEAT_PUBLIC);
    assert_int_equal(grog_game_seat(g, NULL, 1, &s, &err), GROG_OK);
    assert_int_equal(s.kind, GROG_SEAT_REFEREE);
    assert_int_equal(grog_game_seat(g, "french", 0, &s, &err), GROG_OK);
    assert_int_equal(s.kind, GROG_SEAT_SIDE);
    assert_string_equal(s.side, "french");
    /* an unknown side is an error naming the scenario's sides */
    assert_int_equal(grog_game_seat(g, "mars", 0, &s, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "mars"));
    assert_non_null(strstr(err.message, "anglo-portuguese"));
    assert_non_null(strstr(err.message, "french"));
    assert_int_equal(grog_game_seat(g, "french", 1, &s, &err), GROG_EINVAL); /* both */
    grog_game_close(g);
}

/* The seed tells every future roll: only the referee's view shows it. */
static void test_seed_only_for_the_referee(void **state)
{
    (void)state;
    grog_game *g = new_gdb(4242);
    grog_seat pub, french, ref;
    grog_game_seat(g, NULL, 0, &pub, NULL);
    grog_game_seat(g, "french", 0, &french, NULL);
    grog_game_seat(g, NULL, 1, &ref, NULL);
    const grog_seat *blind[] = {&pub, &french, NULL};
    for (size_t i = 0; i < 3; i++) {
        const grog_seat *seat = blind[i];
        char *text = NULL;
        assert_int_equal(grog_game_status_json(g, seat, &text, NULL), GROG_OK);
        assert_null(strstr(text, "4242"));
        free(text);
        assert_int_equal(grog_game_status_text(g, seat, &text, NULL), GROG_OK);
        assert_null(strstr(text, "4242"));
        free(text);
        assert_int_equal(grog_game_log_json(g, seat, &text, NULL), GROG_OK);
        assert_null(strstr(text, "4242"));
        free(text);
        assert_int_equal(grog_game_log_text(g, seat, &text, NULL), GROG_OK);
        assert_null(strstr(text, "4242"));
        free(text);
    }
    char *text = NULL;
    assert_int_equal(grog_game_status_json(g, &ref, &text, NULL), GROG_OK);
    json_t *j = json_loads(text, 0, NULL);
    assert_int_equal(json_integer_value(json_object_get(j, "seed")), 4242);
    assert_string_equal(json_string_value(json_object_get(j, "seat")), "referee");
    json_decref(j);
    free(text);
    assert_int_equal(grog_game_status_text(g, &ref, &text, NULL), GROG_OK);
    assert_non_null(strstr(text, "seed 4242"));
    free(text);
    grog_game_close(g);

    cli_run r = run_cli("status", path, NULL);
    assert_int_equal(r.code, 0);
    assert_null(strstr(r.out, "4242"));
    cli_run_free(&r);
    r = run_cli("status", path, "--referee", "--json", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "4242"));
    cli_run_free(&r);
}

/* `new` without --seed keeps the chosen seed for the referee. */
static void test_new_keeps_a_chosen_seed_secret(void **state)
{
    (void)state;
    cli_run r = run_cli("new", path, "--family", "gdb", NULL);
    assert_int_equal(r.code, 0);
    assert_null(strstr(r.out, "rules, seed"));
    assert_null(strstr(r.out, "(seed"));
    assert_non_null(strstr(r.out, "--referee"));
    cli_run_free(&r);
}

static void test_a_side_acts_only_with_its_own_pieces(void **state)
{
    (void)state;
    grog_game *g = new_gdb(1);
    grog_seat pub, french, anglo;
    grog_game_seat(g, NULL, 0, &pub, NULL);
    grog_game_seat(g, "french", 0, &french, NULL);
    grog_game_seat(g, "anglo-portuguese", 0, &anglo, NULL);
    const char *order[] = {"order", "picton", "pack", "redeploy", "--roll", "2"};
    char *result = NULL;
    grog_error err;
    /* the public never acts; french may not move Picton: nothing written */
    assert_int_equal(grog_game_do_as(g, &pub, 6, order, &result, &err), GROG_EDENIED);
    assert_int_equal(grog_game_do_as(g, &french, 6, order, &result, &err), GROG_EDENIED);
    assert_null(result);
    assert_null(strstr(err.message, "redeploy"));
    assert_non_null(strstr(err.message, "french"));
    assert_int_equal(grog_game_action_count(g), 1);
    /* the same refused with a failing rule is still "not yours", not the rule's text */
    const char *twice[] = {"order", "picton", "pack", "attack"};
    assert_int_equal(grog_game_do_as(g, &anglo, 6, order, &result, &err), GROG_OK);
    free(result);
    result = NULL;
    assert_int_equal(grog_game_do_as(g, &french, 4, twice, &result, &err), GROG_EDENIED);
    assert_null(strstr(err.message, "GDB-01"));
    assert_int_equal(grog_game_action_count(g), 2);
    /* a piece-less action (next) is the table's: any side may */
    const char *next[] = {"next"};
    assert_int_equal(grog_game_do_as(g, &french, 1, next, &result, &err), GROG_OK);
    free(result);
    assert_int_equal(grog_game_action_count(g), 3);
    grog_game_close(g);
}

/* do --side S prints only what S may see, in text and JSON. */
static void test_do_prints_only_the_seats_view(void **state)
{
    (void)state;
    grog_game *g = new_gdb(1);
    grog_game_close(g);
    cli_run r = run_cli("do", "--side", "anglo-portuguese", path, "order", "picton", "pack",
                        "redeploy", "--roll", "2", "--json", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "redeploy")); /* its own order */
    cli_run_free(&r);
    r = run_cli("do", "--side", "french", path, "order", "picton", "pack", "attack", NULL);
    assert_int_equal(r.code, 1);
    assert_null(strstr(r.err, "redeploy"));
    cli_run_free(&r);
    r = run_cli("do", "--side", "mars", path, "next", NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "anglo-portuguese, french"));
    cli_run_free(&r);
    const char *kinds[] = {"--json", NULL};
    for (int k = 0; k < 2; k++) {
        r = run_cli("log", path, "--side", "french", kinds[k], NULL);
        assert_int_equal(r.code, 0);
        assert_null(strstr(r.out, "redeploy"));
        cli_run_free(&r);
        r = run_cli("log", path, kinds[k], NULL);
        assert_int_equal(r.code, 0);
        assert_null(strstr(r.out, "redeploy"));
        cli_run_free(&r);
        r = run_cli("log", path, "--referee", kinds[k], NULL);
        assert_int_equal(r.code, 0);
        assert_non_null(strstr(r.out, "redeploy"));
        cli_run_free(&r);
    }
    r = run_cli("do", "--side", "french", path, "next", "--json", NULL);
    assert_int_equal(r.code, 0);
    assert_null(strstr(r.out, "redeploy"));
    cli_run_free(&r);
}

/* --side S and --referee after the action's words are the seat, as before
 * them (they were words of the action: "note hold --side french" wrote the
 * note "hold --side french" as the referee's, and "move ... --side S" was a
 * usage error). Two different sides, or a side and --referee, are refused. */
static void test_do_takes_the_seat_after_the_words(void **state)
{
    (void)state;
    grog_game *g = new_gdb(1);
    grog_game_close(g);
    /* a note belongs to no side ("side": ""): its words are "note hold" */
    cli_run r = run_cli("do", path, "note", "hold", "--side", "french", "--json", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "\"hold\"\n"));
    assert_null(strstr(r.out, "--side"));
    cli_run_free(&r);
    r = run_cli("do", path, "note", "hold", "--side=french", "--json", NULL);
    assert_int_equal(r.code, 0);
    assert_null(strstr(r.out, "--side"));
    cli_run_free(&r);
    /* Brenier is French: refused for the other side, by the rules (exit 1) */
    r = run_cli("do", path, "move", "brenier", "forward", "1cm", "--side", "anglo-portuguese",
                NULL);
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
    r = run_cli("do", path, "move", "brenier", "forward", "1cm", "--side", "french", NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    r = run_cli("do", "--side", "french", path, "note", "x", "--side", "anglo-portuguese", NULL);
    assert_int_equal(r.code, 2);
    assert_non_null(strstr(r.err, "--side given twice: french and anglo-portuguese"));
    cli_run_free(&r);
    r = run_cli("do", path, "note", "x", "--side", "french", "--referee", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("do", path, "note", "x", "--side", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    g = NULL;
    assert_int_equal(grog_game_open(path, &g, NULL), GROG_OK);
    assert_int_equal(grog_game_action_count(g), 4); /* start, two notes, the move */
    grog_game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_seat_kinds_and_unknown_side, setup, teardown),
        cmocka_unit_test_setup_teardown(test_seed_only_for_the_referee, setup, teardown),
        cmocka_unit_test_setup_teardown(test_new_keeps_a_chosen_seed_secret, setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_side_acts_only_with_its_own_pieces, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_do_prints_only_the_seats_view, setup, teardown),
        cmocka_unit_test_setup_teardown(test_do_takes_the_seat_after_the_words, setup,
                                        teardown),
    };
    return cmocka_run_group_tests_name("seat", tests, NULL, NULL);
}
