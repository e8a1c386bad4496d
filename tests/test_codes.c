/* test_codes.c — the rosters' short codes (issue 26, part 2): a side's letter
 * and the piece's number in its side, officers first, then units, in battle
 * order; accepted wherever an id is. The default scenario (data/scenarios/
 * bussaco-1810.json) lists 7 Anglo-Portuguese officers (picton first, pack
 * seventh) and 11 units (br-2-5th first, pt-battery last), then 9 French
 * officers (reynier first, arnaud last) and 9 units (fr-2leger first,
 * fr-battery last): by hand, A1 picton, A7 pack, A8 br-2-5th, A18 pt-battery,
 * B1 reynier, B9 arnaud, B10 fr-2leger, B18 fr-battery. */
#include "testutil.h"

static char path[64];

static void code_is(const grog_battle *b, int unit, const char *id, const char *code)
{
    size_t i;
    assert_true(unit ? grog_battle_unit_index(b, id, &i) : grog_battle_officer_index(b, id, &i));
    char c[GROG_CODE_MAX];
    assert_int_equal(grog_battle_piece_code(b, unit, i, c), 1);
    assert_string_equal(c, code);
    int u;
    size_t j;
    assert_int_equal(grog_battle_code_find(b, code, &u, &j), 1);
    assert_int_equal(u, unit);
    assert_int_equal(j, i);
}

static void test_codes_by_hand(void **state)
{
    (void)state;
    grog_battle *b = NULL;
    assert_int_equal(grog_scenario_load(NULL, &b, NULL), GROG_OK);
    code_is(b, 0, "picton", "A1");
    code_is(b, 0, "pack", "A7");
    code_is(b, 1, "br-2-5th", "A8");
    code_is(b, 1, "pt-battery", "A18");
    code_is(b, 0, "reynier", "B1");
    code_is(b, 0, "arnaud", "B9");
    code_is(b, 1, "fr-2leger", "B10");
    code_is(b, 1, "fr-battery", "B18");
    int u;
    size_t i;
    /* past the side's last piece, no such side, not a code */
    static const char *const bad[] = {"A19", "B19", "C1", "A0", "A01", "A", "1A", "AA1", "A1x",
                                      "", "-A1"};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++)
        assert_int_equal(grog_battle_code_find(b, bad[k], &u, &i), 0);
    /* any case; the look-ups by id take a code, of the right kind only */
    assert_string_equal(grog_battle_officer_by_id(b, "a7")->id, "pack");
    assert_string_equal(grog_battle_unit_by_id(b, "b10")->id, "fr-2leger");
    assert_null(grog_battle_unit_by_id(b, "A7"));     /* an officer's code */
    assert_null(grog_battle_officer_by_id(b, "B10")); /* a unit's code */
    char c[GROG_CODE_MAX];
    assert_int_equal(grog_battle_piece_code(b, 1, 999, c), 0);
    grog_battle_destroy(b);
}

/* The codes typed in actions: the journal and the log hold the ids. */
static void test_codes_in_actions(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "codes");
    grog_game *g = test_game_create(path, GROG_FAMILY_GDB, NULL, 3);
    char *result = NULL;
    grog_error err;
    assert_int_equal(grog_game_do_line(g, "order A1 a7 attack --roll 9", &result, &err), GROG_OK);
    json_t *r = json_loads(result, 0, NULL);
    free(result);
    json_t *words = json_object_get(r, "action");
    assert_string_equal(json_string_value(json_array_get(words, 1)), "picton");
    assert_string_equal(json_string_value(json_array_get(words, 2)), "pack");
    json_decref(r);
    /* a note is free text: its words stay as written */
    assert_int_equal(grog_game_do_line(g, "note A1 and B10", &result, &err), GROG_OK);
    r = json_loads(result, 0, NULL);
    free(result);
    assert_string_equal(json_string_value(json_array_get(json_object_get(r, "action"), 1)), "A1");
    json_decref(r);
    /* a unit's card by code */
    char *card = NULL;
    assert_int_equal(grog_game_unit_card_json(g, NULL, "B10", &card, &err), GROG_OK);
    assert_non_null(strstr(card, "fr-2leger"));
    free(card);
    /* a code of nothing is refused like an unknown id, and changes nothing */
    size_t n = grog_game_action_count(g);
    assert_int_not_equal(grog_game_do_line(g, "order B1 B99 attack", NULL, &err), GROG_OK);
    assert_int_equal(grog_game_action_count(g), n);
    grog_game_close(g);
    /* replayed from the journal: the same game */
    assert_int_equal(grog_game_open(path, &g, NULL), GROG_OK);
    assert_int_equal(grog_game_replay(g, &n, NULL), GROG_OK);
    grog_game_close(g);
    grog_game_remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_codes_by_hand),
        cmocka_unit_test(test_codes_in_actions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
