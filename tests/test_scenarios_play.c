/* test_scenarios_play.c — the battles added for issue 25 (wertingen-1805,
 * mir-1812) under every family, each figure worked out by hand from the
 * scenario's positions (cm; 25 mm figures, 1 pas = 1 mm) and the rules:
 * officer bases are 4 x 4 cm and distances are base to base (GDB-14).
 *
 * Wertingen: Lannes (90, 114), his ADC (96, 114), Oudinot (80, 106), Boye
 * (20, 80); Auffenberg (90, 10), the grenadiers' commander (85, 28).
 * Mir: Rozniecki (80, 112), Turno (78, 107), Dziewanowski (76, 93); Platov
 * (150, 20), his ADC (156, 20), Kuteinikov (22, 44), Vasilchikov (94, 25). */
#include <math.h>

#include "grognard/game.h"
#include "testutil.h"

static grog_game *scenario_game(grog_family f, const char *scenario)
{
    grog_game_options o = {f, scenario, 1812, NULL};
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_create_memory(&o, &g, &err) != GROG_OK)
        fail_msg("create %s under %s: %s", scenario, grog_family_name(f), err.message);
    return g;
}

static void act(grog_game *g, const char *line, grog_status want, const char *fragment)
{
    test_act(g, line, want, fragment, NULL);
}

/* One test done: its event of type EVENT, and its record's table value,
 * modifier total, die and outcome. */
static void tested(grog_game *g, const char *line, const char *event, int target, int modifiers,
                   int roll, const char *outcome)
{
    char *result = NULL;
    grog_error err;
    if (grog_game_do_line(g, line, &result, &err) != GROG_OK)
        fail_msg("\"%s\": %s", line, err.message);
    json_t *j = json_loads(result, 0, NULL);
    assert_non_null(j);
    int seen = 0;
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(j, "events"), i, e)
        seen |= strcmp(json_string_value(json_object_get(e, "type")), event) == 0;
    if (!seen)
        fail_msg("\"%s\": no %s event in %s", line, event, result);
    json_t *r = json_object_get(json_array_get(json_object_get(j, "records"), 0), "record");
    assert_int_equal(json_integer_value(json_object_get(r, "target")), target);
    assert_int_equal(json_integer_value(json_object_get(r, "modifier_total")), modifiers);
    assert_int_equal(json_integer_value(json_object_get(r, "roll")), roll);
    if (outcome != NULL)
        assert_string_equal(json_string_value(json_object_get(r, "outcome")), outcome);
    json_decref(j);
    free(result);
}

static double apart_mm(grog_game *g, const char *a, const char *b)
{
    const grog_battle *bt = grog_game_battle(g);
    size_t i, k;
    assert_true(grog_battle_officer_index(bt, a, &i));
    assert_true(grog_battle_officer_index(bt, b, &k));
    return grog_battle_officer_distance(bt, i, k);
}

static const char *order_of(grog_game *g, const char *officer)
{
    return grog_battle_officer_by_id(grog_game_battle(g), officer)->order.kind;
}

/* GDB-08/09/14 and the two columns (GDB-02): Lannes, gifted (+1), 72.5 cm
 * from Boye (gaps 66 and 30 cm: sqrt(5256)), beyond 30 cm (-2): 7 - 1 = 6,
 * equal to France's 6: delayed (GDB-04). Auffenberg, ordinary, 14.0 cm from
 * the grenadiers (gaps 1 and 14: sqrt(197)): no modifier; 8 > Austria's 7:
 * in force at once (GDB-03), and 7 would only have been delayed. */
static void test_wertingen_gdb(void **state)
{
    (void)state;
    grog_game *g = scenario_game(GROG_FAMILY_GDB, "wertingen-1805");
    assert_true(fabs(apart_mm(g, "lannes", "boye") - 10 * sqrt(5256)) < 1e-6);
    assert_true(fabs(apart_mm(g, "auffenberg", "au-grenadiers") - 10 * sqrt(197)) < 1e-6);
    tested(g, "order lannes boye attack --roll 7", "order-delayed", 6, -1, 7, "delayed");
    act(g, "order lannes beaumont-2 attack --roll 12", GROG_ERULE, "GDB-01");
    assert_string_equal(order_of(g, "boye"), "attack"); /* the scenario's: still in force */
    tested(g, "order auffenberg au-grenadiers attack --roll 8", "order-immediate", 7, 0, 8, "immediate");
    assert_string_equal(order_of(g, "au-grenadiers"), "attack");
    grog_game_close(g);
    g = scenario_game(GROG_FAMILY_GDB, "wertingen-1805");
    tested(g, "order auffenberg au-grenadiers attack --roll 7", "order-delayed", 7, 0, 7, "delayed");
    assert_string_equal(order_of(g, "au-grenadiers"), "defend");
    grog_game_close(g);
}

/* AIG-O-07/11/16/17: Lannes, command 4, zone 150 pas; Oudinot 72 pas away
 * (gaps 6 and 4 cm: sqrt(52) = 7.2 cm), command 4: a roll under 4 + 4 = 8,
 * so even a 6 obeys. Boye is 725 pas away: an ADC; Lannes's rides 780 pas
 * (gaps 72 and 30 cm: 78 cm) at 300 pas a période: 3 périodes. */
static void test_wertingen_aigles(void **state)
{
    (void)state;
    grog_game *g = scenario_game(GROG_FAMILY_AIGLES, "wertingen-1805");
    assert_true(fabs(apart_mm(g, "lannes", "oudinot") - 10 * sqrt(52)) < 1e-6);
    tested(g, "order lannes oudinot attack --roll 6", "order-obeyed", 8, 8, 6, "obeys");
    act(g, "order lannes boye attack", GROG_ERULE, "zone 150 pas, 725.0 pas apart");
    act(g, "adc lannes-adc boye attack", GROG_OK, "780 pas, 3 p\xc3\xa9riodes");
    grog_game_close(g);
}

/* GT-14 by rank in the scenario's order (Fauconnet, Oudinot, Beaumont):
 * dice 2, 5, 6 give 6, 5 and 2; Oudinot is great (GT-02, +1) and has
 * Lannes's PIP (GT-10: 7.2 cm = 2.8 in, within 9 in): 5 + 1 + 1 = 7. The
 * Austrian side has no division: its two brigades take the dice (4 and 1). */
static void test_wertingen_gt(void **state)
{
    (void)state;
    grog_game *g = scenario_game(GROG_FAMILY_GT, "wertingen-1805");
    act(g, "gift lannes oudinot", GROG_OK, "GT-10");
    act(g, "pips lannes --dice 2,5,6", GROG_OK, "Nicolas Oudinot gets 7 PIPs (die 5)");
    act(g, "pips auffenberg --dice 1,4", GROG_OK,
        "Commander of the united grenadiers (not named in the order of battle read) gets 1 PIP");
    grog_game_close(g);
    g = scenario_game(GROG_FAMILY_GT, "wertingen-1805");
    act(g, "pips lannes --dice 2,5,6", GROG_OK, "Fauconnet gets 6 PIPs (die 6)");
    grog_game_close(g);
}

/* The Poles' side is of nation "other": the 7 column (GDB-02). Rozniecki,
 * ordinary, 1.0 cm from Turno (no modifier): 7 is delayed where France's 6
 * would have put it in force. Platov, gifted, 125.6 cm from Kuteinikov
 * (gaps 124 and 20 cm: sqrt(15776)), -2: rolling again for the face-down
 * attack (GDB-06), 8 - 1 = 7: delayed; 9 - 1 = 8: revealed (GDB-03). */
static void test_mir_gdb(void **state)
{
    (void)state;
    grog_game *g = scenario_game(GROG_FAMILY_GDB, "mir-1812");
    assert_true(fabs(apart_mm(g, "rozniecki", "turno") - 10.0) < 1e-6);
    assert_true(fabs(apart_mm(g, "platov", "kuteinikov") - 10 * sqrt(15776)) < 1e-6);
    tested(g, "order rozniecki turno attack --roll 7", "order-delayed", 7, 0, 7, "delayed");
    assert_string_equal(order_of(g, "turno"), "support");
    tested(g, "order platov kuteinikov --roll 8", "order-delayed", 7, -1, 8, "delayed");
    assert_string_equal(order_of(g, "kuteinikov"), "hold");
    grog_game_close(g);
    g = scenario_game(GROG_FAMILY_GDB, "mir-1812");
    tested(g, "order platov kuteinikov --roll 9", "order-immediate", 7, -1, 9, "immediate");
    assert_string_equal(order_of(g, "kuteinikov"), "attack");
    grog_game_close(g);
}

/* AIG-O-13/17: Rozniecki and Turno, command 2 each, 10 pas apart (zone 50):
 * a roll under 4; 4 fails and the second point tries again, 3 obeys. Platov
 * (command 3, zone 100 pas) is 1256 pas from Kuteinikov: his ADC rides
 * 1315 pas (gaps 130 and 20 cm) at 300 a période: 5 périodes. */
static void test_mir_aigles(void **state)
{
    (void)state;
    grog_game *g = scenario_game(GROG_FAMILY_AIGLES, "mir-1812");
    tested(g, "order rozniecki turno attack --roll 4", "order-failed", 4, 4, 4, "fails");
    tested(g, "order rozniecki turno attack --roll 3", "order-obeyed", 4, 4, 3, "obeys");
    act(g, "order rozniecki turno attack --roll 1", GROG_ERULE, "command point");
    act(g, "order rozniecki dziewanowski attack", GROG_ERULE, "zone 50 pas, 150.0 pas apart");
    act(g, "order platov kuteinikov attack", GROG_ERULE, "1256.0 pas apart");
    act(g, "adc platov-adc kuteinikov attack", GROG_OK, "1315 pas, 5 p\xc3\xa9riodes");
    grog_game_close(g);
}

/* GT: neither side has divisions, so the brigades take the dice, ranked in
 * the scenario's order. Platov's 2 and 5: Vasilchikov 5, Kuteinikov (great,
 * +1) 2 + 1 = 3; no gift (Vasilchikov is 52 cm = 20.5 in away, beyond 9 in). */
static void test_mir_gt(void **state)
{
    (void)state;
    grog_game *g = scenario_game(GROG_FAMILY_GT, "mir-1812");
    act(g, "gift platov vasilchikov", GROG_ERULE, "20.5\" from");
    act(g, "pips platov --dice 2,5", GROG_OK, "Kuteinikov gets 3 PIPs (die 2)");
    act(g, "pips rozniecki --dice 1,6", GROG_OK, "Kazimierz Turno gets 1 PIP (die 1)");
    grog_game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wertingen_gdb),  cmocka_unit_test(test_wertingen_aigles),
        cmocka_unit_test(test_wertingen_gt),   cmocka_unit_test(test_mir_gdb),
        cmocka_unit_test(test_mir_aigles),     cmocka_unit_test(test_mir_gt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
