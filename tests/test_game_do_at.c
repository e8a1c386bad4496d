/* test_game_do_at.c — grog_game_do_at (issue 29): an action decided on the
 * journal as it was (the sides' Done ending the phase they saw) is written
 * only if the journal still holds that many actions once caught up inside
 * the write transaction, whoever wrote meanwhile; so no phase ends twice. */
#include "grognard/game.h"
#include "testutil.h"

static char path[64];

static void test_a_phase_never_ends_twice(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "do-at");
    grog_game_close(test_game_create(path, GROG_FAMILY_GDB, NULL, 1810));
    grog_game *server = NULL, *shell = NULL;
    grog_error err;
    assert_int_equal(grog_game_open(path, &server, &err), GROG_OK);
    assert_int_equal(grog_game_open(path, &shell, &err), GROG_OK);
    grog_seat referee = {GROG_SEAT_REFEREE, NULL};
    const char *next[] = {"next"};
    /* the server weighs the votes at 1 action (the command phase) ... */
    size_t seen = grog_game_action_count(server);
    assert_int_equal(seen, 1);
    /* ... meanwhile the referee ends the phase from a shell */
    assert_int_equal(grog_game_do_as(shell, &referee, 1, next, NULL, &err), GROG_OK);
    /* the server's next for the phase it saw is refused, nothing written */
    assert_int_equal(grog_game_do_at(server, &referee, seen, 1, next, NULL, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "moved on meanwhile"));
    assert_int_equal(grog_game_action_count(server), 2); /* caught up, no row of its own */
    assert_string_equal(grog_game_phase(server), "movement");
    /* on the journal as it is now, it is taken */
    assert_int_equal(grog_game_do_at(server, &referee, 2, 1, next, NULL, &err), GROG_OK);
    assert_int_equal(grog_game_action_count(server), 3);
    assert_string_equal(grog_game_phase(server), "combat");
    /* and a plain action after it is not held to any position */
    const char *note[] = {"note", "x"};
    assert_int_equal(grog_game_do_as(server, &referee, 2, note, NULL, &err), GROG_OK);
    grog_game_close(shell);
    grog_game_close(server);
    grog_game_remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_phase_never_ends_twice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
