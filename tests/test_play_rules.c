/* test_play_rules.c — the rules in play (issue 12): the game refuses what
 * the rules forbid and lists only what is legal now. Each test names the
 * rule it checks. The scenario is the embedded default (Bussaco): under gt
 * the anglo-portuguese brigades are the divisional generals (no division on
 * that side) under Picton; pt-battery is Picton's own (non-divisional) unit;
 * the French divisions are Merle's and Heudelet's under Reynier. */
#include <unistd.h>

#include "grognard/game.h"
#include "testutil.h"

static grog_game *game(grog_family f, const char *rules)
{
    grog_game_options o = {f, NULL, 7, rules};
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_create_memory(&o, &g, &err) != GROG_OK)
        fail_msg("create: %s", err.message);
    return g;
}

static void act(grog_game *g, const char *line, grog_status want, const char *fragment,
                const char *absent)
{
    test_act(g, line, want, fragment, absent);
}

static void ok(grog_game *g, const char *line, const char *fragment)
{
    act(g, line, GROG_OK, fragment, NULL);
}

static void refused(grog_game *g, const char *line, grog_status want, const char *fragment)
{
    act(g, line, want, fragment, NULL);
}

static void next_to(grog_game *g, const char *phase)
{
    for (int i = 0; i < 8 && strcmp(grog_game_phase(g), phase) != 0; i++)
        ok(g, "next", NULL);
    assert_string_equal(grog_game_phase(g), phase);
}

/* The actions JSON for a side ("" public, "#ref" the referee). */
static json_t *actions(grog_game *g, const char *side)
{
    grog_seat seat;
    int referee = strcmp(side, "#ref") == 0;
    assert_int_equal(grog_game_seat(g, referee || side[0] == '\0' ? NULL : side, referee, &seat,
                                    NULL),
                     GROG_OK);
    char *text = NULL;
    assert_int_equal(grog_game_actions_json(g, &seat, &text, NULL), GROG_OK);
    json_t *j = json_loads(text, 0, NULL);
    free(text);
    assert_non_null(j);
    return j;
}

/* The entry whose words are w1 (and w2 when not NULL), or NULL. */
static json_t *entry(json_t *j, const char *w1, const char *w2)
{
    size_t i;
    json_t *a;
    json_array_foreach(json_object_get(j, "actions"), i, a) {
        json_t *w = json_object_get(a, "words");
        if (strcmp(json_string_value(json_array_get(w, 0)), w1) != 0)
            continue;
        if (w2 == NULL || (json_array_size(w) > 1 &&
                           strcmp(json_string_value(json_array_get(w, 1)), w2) == 0))
            return a;
    }
    return NULL;
}

static json_t *arg(json_t *e, const char *name)
{
    size_t i;
    json_t *a;
    json_array_foreach(json_object_get(e, "args"), i, a) if (strcmp(json_string_value(
                                                                  json_object_get(a, "name")),
                                                              name) == 0) return a;
    fail_msg("no argument %s", name);
    return NULL;
}

static json_t *legal_arg_of(json_t *j, const char *w1, const char *w2, const char *name)
{
    json_t *e = entry(j, w1, w2);
    assert_non_null(e);
    return arg(e, name);
}

static int has_choice(json_t *a, const char *v)
{
    size_t i;
    json_t *x;
    json_array_foreach(json_object_get(a, "choices"), i, x) if (strcmp(json_string_value(x), v) ==
                                                                0) return 1;
    return 0;
}

static int has_choice_by(json_t *a, const char *key, const char *v)
{
    json_t *list = test_choices_by(a, key);
    size_t i;
    json_t *x;
    json_array_foreach(list, i, x) if (strcmp(json_string_value(x), v) == 0) return 1;
    return 0;
}

/* ---- order words (every family) ---- */

static void test_order_words_are_checked(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL);
    refused(g, "order picton mackinnon banana", GROG_EINVAL, "unknown order \"banana\"");
    refused(g, "order picton mackinnon att", GROG_EINVAL, "closest known: attack");
    refused(g, "explaining picton mackinnon banana", GROG_EINVAL, "unknown order");
    refused(g, "adc picton-adc1 mackinnon banana", GROG_EINVAL, "unknown order");
    grog_game_close(g);
    g = game(GROG_FAMILY_GDB, NULL);
    refused(g, "order picton pack banana --roll 12", GROG_EINVAL, "unknown order");
    ok(g, "order picton pack redeploy --roll 12", "GDB-03");
    grog_game_close(g);
    g = game(GROG_FAMILY_GT, NULL);
    refused(g, "order picton pack banana", GROG_EINVAL, "unknown order");
    ok(g, "order picton pack support", NULL);
    ok(g, "note Pack storms the convent", NULL); /* free text stays possible as a note */
    grog_game_close(g);
}

/* A house-rules file adds its words to the default list, or replaces it. */
static void test_house_rules_extend_the_order_words(void **state)
{
    (void)state;
    json_t *root = json_loads(grog_data_embedded("rules/gt.json", NULL), 0, NULL);
    assert_non_null(root);
    json_object_set_new(root, "orders",
                        json_pack("{s:[{s:s,s:s}]}", "kinds", "id", "storm", "help",
                                  "take a place by assault"));
    char path[64];
    snprintf(path, sizeof path, "/tmp/grog-test-house-%d.json", (int)getpid());
    assert_int_equal(json_dump_file(root, path, 0), 0);
    grog_game *g = game(GROG_FAMILY_GT, path);
    ok(g, "order picton pack storm", NULL);
    ok(g, "order picton pack attack", NULL); /* the default list stays */
    grog_game_close(g);
    json_object_set_new(json_object_get(root, "orders"), "replace_default", json_true());
    assert_int_equal(json_dump_file(root, path, 0), 0);
    g = game(GROG_FAMILY_GT, path);
    ok(g, "order picton pack storm", NULL);
    refused(g, "order picton pack attack", GROG_EINVAL, "closest known: storm");
    grog_game_close(g);
    json_decref(root);
    remove(path);
}

/* ---- what is legal now ---- */

static void test_actions_public_seat_may_do_nothing(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL);
    json_t *j = actions(g, "");
    assert_int_equal(json_array_size(json_object_get(j, "actions")), 0);
    json_decref(j);
    grog_game_close(g);
}

/* AIG-O-06: orders in an orders phase, by a general with command points,
 * to his own side; a side sees only its own pieces. */
static void test_actions_aigles_orders(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL);
    json_t *j = actions(g, "french");
    json_t *o = entry(j, "order", NULL);
    assert_non_null(o);
    assert_true(has_choice(arg(o, "general"), "brenier"));
    assert_false(has_choice(arg(o, "general"), "picton"));
    assert_false(has_choice(arg(o, "general"), "reynier-adc1")); /* AIG-O-12: an ADC */
    assert_true(has_choice(arg(o, "general"), "reynier"));
    assert_true(has_choice_by(arg(entry(j, "adc", NULL), "general"), "reynier-adc1", "merle"));
    assert_true(has_choice(arg(o, "target"), "merle"));
    assert_true(has_choice(arg(o, "target"), "fr-2leger")); /* a side's units: choices */
    assert_false(has_choice(arg(o, "target"), "br-74th"));
    assert_true(has_choice(arg(o, "order"), "attack"));
    assert_false(has_choice(arg(o, "order"), "banana"));
    assert_string_equal(json_string_value(json_object_get(json_object_get(o, "roll"), "dice")),
                        "1d6");
    json_t *m = entry(j, "move", NULL);
    assert_true(has_choice(arg(m, "id"), "fr-2leger"));
    assert_false(has_choice(arg(m, "id"), "br-74th"));
    json_decref(j);
    /* the referee may act for either side */
    j = actions(g, "#ref");
    assert_true(has_choice(arg(entry(j, "order", NULL), "general"), "picton"));
    assert_true(has_choice(arg(entry(j, "order", NULL), "general"), "brenier"));
    assert_true(has_choice_by(arg(entry(j, "order", NULL), "target"), "picton", "mackinnon"));
    assert_true(has_choice_by(arg(entry(j, "order", NULL), "target"), "picton", "br-74th"));
    assert_false(has_choice_by(arg(entry(j, "order", NULL), "target"), "picton", "fr-2leger"));
    json_decref(j);
    /* movement: no order, no ADC (AIG-O-06, -11) */
    ok(g, "next", NULL);
    j = actions(g, "french");
    assert_null(entry(j, "order", NULL));
    assert_null(entry(j, "adc", NULL));
    assert_non_null(entry(j, "next", NULL));
    json_decref(j);
    grog_game_close(g);
}

/* status lists only what is legal now: no command points offered outside
 * an orders phase (AIG-O-06), no gdb order change outside the Command Phase
 * (GDB-01), no PIP roll outside the PIP phase (GT-14). */
static void test_status_lists_only_what_is_legal(void **state)
{
    (void)state;
    static const grog_family fams[] = {GROG_FAMILY_AIGLES, GROG_FAMILY_GDB, GROG_FAMILY_GT};
    for (size_t f = 0; f < 3; f++) {
        grog_game *g = game(fams[f], NULL);
        grog_seat ref;
        grog_game_seat(g, NULL, 1, &ref, NULL);
        char *text = NULL;
        assert_int_equal(grog_game_status_json(g, &ref, &text, NULL), GROG_OK);
        json_t *j = json_loads(text, 0, NULL);
        free(text);
        assert_true(json_object_size(json_object_get(j, "may")) > 0); /* the first phase */
        json_decref(j);
        ok(g, "next", NULL); /* movement(-1): nothing of the kind is legal */
        if (fams[f] == GROG_FAMILY_GT)
            ok(g, "next", NULL); /* gt: PIPs are spent in movement; none in combat */
        assert_int_equal(grog_game_status_json(g, &ref, &text, NULL), GROG_OK);
        j = json_loads(text, 0, NULL);
        free(text);
        if (json_object_size(json_object_get(j, "may")) != 0)
            fail_msg("%s %s: may = %s", grog_family_name(fams[f]), grog_game_phase(g),
                     json_dumps(json_object_get(j, "may"), 0));
        json_decref(j);
        grog_game_close(g);
    }
}

/* GDB-01: one attempt per C-in-C per turn, in the Command Phase. */
static void test_actions_gdb_order_once_in_command_phase(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_GDB, NULL);
    json_t *j = actions(g, "anglo-portuguese");
    json_t *o = entry(j, "order", NULL);
    assert_non_null(o);
    assert_true(has_choice(arg(o, "c-in-c"), "picton"));
    assert_true(has_choice_by(arg(o, "brigade"), "picton", "pack"));
    assert_false(has_choice(arg(o, "brigade"), "brenier"));
    json_decref(j);
    ok(g, "order picton pack attack --roll 2", NULL);
    j = actions(g, "anglo-portuguese");
    assert_null(entry(j, "order", NULL)); /* tried this turn */
    json_decref(j);
    j = actions(g, "french");
    assert_non_null(entry(j, "order", NULL));
    json_decref(j);
    ok(g, "next", NULL);
    j = actions(g, "french");
    assert_null(entry(j, "order", NULL));
    json_decref(j);
    grog_game_close(g);
}

/* ---- Grande Tactique ---- */

/* GT-15: PIPs only on the general's own side's units, and only on actions
 * that fit the unit's arm; refusals name the general, never a number. */
static void test_gt_spend_own_units_fitting_arms(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_GT, NULL);
    ok(g, "pips picton --dice 6,6,6,6", NULL);
    next_to(g, "movement");
    refused(g, "spend mackinnon move fr-2leger", GROG_ERULE, "own side");
    refused(g, "spend mackinnon artillery_pivot br-74th", GROG_ERULE, "GT-15");
    refused(g, "spend mackinnon cavalry_move_to_contact br-74th", GROG_ERULE, "cavalry");
    refused(g, "spend mackinnon rally_fleeing br-74th", GROG_ERULE, "needs a unit that is fleeing");
    ok(g, "spend mackinnon infantry_fire br-74th", NULL);
    ok(g, "spend mackinnon artillery_pivot pt-battery", NULL); /* foot artillery: fits */
    refused(g, "spend mackinnon move_general br-74th", GROG_EINVAL, "names no unit");
    json_t *j = actions(g, "anglo-portuguese");
    json_t *s = entry(j, "spend", NULL);
    assert_non_null(s);
    assert_true(has_choice_by(arg(s, "action"), "mackinnon", "infantry_fire"));
    assert_false(has_choice_by(arg(s, "action"), "mackinnon", "cavalry_move_to_contact"));
    assert_true(has_choice_by(arg(s, "unit"), "move", "br-74th"));
    assert_false(has_choice_by(arg(s, "unit"), "cavalry_move_to_contact", "br-74th"));
    assert_false(has_choice(arg(s, "unit"), "fr-2leger"));
    json_decref(j);
    /* GT-16 names the general */
    for (int i = 0; i < 5; i++) /* a bad general: 6 - 1 = 5 PIPs (GT-02) */
        ok(g, "spend lightburne move br-2-5th", NULL);
    /* issue 23: the pieces by their ids, never by number ("general 3") */
    act(g, "spend lightburne move br-2-5th", GROG_ERULE, "general lightburne has 0 PIPs",
        "general 1");
    grog_game_close(g);
}

/* GT-13: a commander's PIP goes to a non-divisional unit of his own side. */
static void test_gt_gift_to_units(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_GT, NULL);
    refused(g, "gift picton unit fr-battery", GROG_ERULE, "GT-13");
    refused(g, "gift picton unit br-74th", GROG_ERULE, "GT-13");
    ok(g, "gift picton unit pt-battery", "GT-13");
    json_t *j = actions(g, "anglo-portuguese");
    json_t *gu = entry(j, "gift", NULL);
    assert_non_null(gu);
    json_decref(j);
    grog_game_close(g);
}

/* GT-10: a gift comes before the roll; after it, it is refused, not lost. */
static void test_gt_gift_after_the_roll_refused(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_GT, NULL);
    ok(g, "pips picton --dice 3,3,3,3", NULL);
    refused(g, "gift picton mackinnon", GROG_ERULE, "before the roll");
    refused(g, "gift picton unit pt-battery", GROG_ERULE, "before the roll");
    json_t *j = actions(g, "anglo-portuguese");
    assert_null(entry(j, "gift", NULL));
    json_decref(j);
    grog_game_close(g);
}

/* GT-11 with attached_commander_keeps_unit_pip (the default: true): an
 * attached commander gives no PIP to a general but keeps his unit's PIP. */
static void test_gt_attached_commander_keeps_unit_pip(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_GT, NULL);
    next_to(g, "movement");
    ok(g, "move picton 105 79", NULL); /* edge to edge with pt-battery (at 105, 84) */
    ok(g, "attach picton pt-battery", NULL);
    next_to(g, "pip");
    refused(g, "gift picton mackinnon", GROG_ERULE, "GT-11");
    ok(g, "gift picton unit pt-battery", "GT-13");
    grog_game_close(g);
}

/* GT-04: the morale modifier an attached general gives, in a gt game. */
static void test_gt_morale_shows_gt04(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_GT, NULL);
    ok(g, "morale fr-31leger", "GT-04"); /* Arnaud is attached to it */
    ok(g, "morale fr-31leger", "\"value\": 1");
    ok(g, "morale fr-2leger", "\"value\": 0");
    grog_game_close(g);
}


/* ---- Les Aigles: timing and state ---- */

/* AIG-O-18: the turn spent explaining passes the order "au prochain tour":
 * no order to that receiver this turn, +1 command the next. */
static void test_aig_o_18_explaining_counts_next_turn(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL);
    ok(g, "explaining lightburne br-2-58th attack", "from the next turn");
    refused(g, "order lightburne br-2-58th attack --roll 4", GROG_ERULE, "AIG-O-18");
    next_to(g, "orders-2");
    refused(g, "order lightburne br-2-58th attack --roll 4", GROG_ERULE, "AIG-O-18");
    next_to(g, "movement-2");
    ok(g, "next", NULL);
    /* Lightburne 2 + 1 explained, 2/58th regular 2: target 5, roll 4 obeys */
    ok(g, "order lightburne br-2-58th attack --roll 4", "\"target\": 5");
    grog_game_close(g);
}

/* AIG-O-14: a general who joins a melee that began earlier orders the unit
 * only after a full turn in it, counted from when he joined. */
static void test_aig_o_14_counts_from_joining(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL);
    ok(g, "event melee br-74th start", NULL); /* turn 1, orders-1; Mackinnon not in contact */
    next_to(g, "movement-2");
    ok(g, "next", NULL);
    next_to(g, "orders-2");                   /* turn 2, second half */
    ok(g, "move mackinnon 76 92", NULL);      /* edge to edge with the 74th (y 86..90) */
    refused(g, "order mackinnon br-74th hold --roll 1", GROG_ERULE, "AIG-O-14");
    next_to(g, "movement-2");
    ok(g, "next", NULL);                      /* turn 3, first half: half a période in it */
    refused(g, "order mackinnon br-74th hold --roll 1", GROG_ERULE, "AIG-O-14");
    next_to(g, "orders-2");                   /* a full période since he joined */
    ok(g, "order mackinnon br-74th hold --roll 1", "is obeyed");
    grog_game_close(g);
}

/* ADC timing (AIG-O-11): an ADC sent in orders-2 on a one-période ride
 * arrives one période later (after movement-1 of the next turn), as calc
 * and explain count it, not half a période later. */
static void test_adc_arrival_matches_the_calculator(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL);
    next_to(g, "orders-2");
    ok(g, "adc reynier-adc1 merle attack", "1 période");
    next_to(g, "movement-2");
    act(g, "next", GROG_OK, "rides on: 1 half-période", "AIG-O-12"); /* ½ période: not yet */
    ok(g, "next", NULL);                                              /* movement-1 */
    ok(g, "next", "AIG-O-12");                                        /* 1 période: there */
    grog_game_close(g);
}

/* AIG-O-25: isolation from the positions; 40 casualties from one fire,
 * unless the house rule adds them up. */
static void test_aig_o_25_isolation_and_one_fire(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL);
    /* Picton stands 30 pas behind the 74th: not isolated */
    refused(g, "event casualties picton 40", GROG_ERULE, "not isolated");
    ok(g, "move picton 80 115", NULL); /* 23 cm (230 pas) behind the 74th: isolated */
    ok(g, "event casualties picton 39", "survives");
    ok(g, "event casualties picton 1", "survives"); /* 39 + 1: one fire at a time */
    assert_int_equal(grog_battle_officer_by_id(grog_game_battle(g), "picton")->state,
                     GROG_OFFICER_ACTIVE);
    ok(g, "event casualties picton 40", "eliminated");
    grog_game_close(g);
    json_t *root = json_loads(grog_data_embedded("rules/aigles.json", NULL), 0, NULL);
    json_object_set_new(json_object_get(json_object_get(root, "officers"), "fire"),
                        "casualties_accumulate", json_true());
    char path[64];
    snprintf(path, sizeof path, "/tmp/grog-test-acc-%d.json", (int)getpid());
    assert_int_equal(json_dump_file(root, path, 0), 0);
    json_decref(root);
    g = game(GROG_FAMILY_AIGLES, path);
    ok(g, "move picton 80 115", NULL);
    ok(g, "event casualties picton 39", "survives");
    ok(g, "event casualties picton 1", "eliminated"); /* the house rule: 39 + 1 = 40 */
    grog_game_close(g);
    remove(path);
}

/* AIG-F-12: a full square cannot move; AIG-F-03: full square <-> mass
 * column halted is a change of its own, ½ période. */
static void test_aig_f_12_and_f_03_squares(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL);
    ok(g, "formation fr-2leger full-square", NULL); /* from its attack column */
    for (int i = 0; i < 8; i++)
        ok(g, "next", NULL);
    assert_string_equal(grog_battle_unit_by_id(grog_game_battle(g), "fr-2leger")->formation,
                        "full-square");
    refused(g, "move fr-2leger 40 50", GROG_ERULE, "AIG-F-12");
    json_t *j = actions(g, "french");
    assert_false(has_choice(arg(entry(j, "move", NULL), "id"), "fr-2leger"));
    assert_true(has_choice_by(arg(entry(j, "formation", NULL), "to"), "fr-2leger",
                              "mass-column"));
    json_decref(j);
    ok(g, "formation fr-2leger mass-column", "1 half-p");
    grog_game_close(g);
}

/* AIG-O-03: 0 pas edge to edge is contact in calc as in explain. */
static void test_charisma_at_zero_is_contact(void **state)
{
    (void)state;
    cli_run r = run_cli("calc", "aigles-charisma", "--charisma", "4", "--scale", "25",
                        "--distance", "0", "--json", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "AIG-O-03"));
    assert_null(strstr(r.out, "AIG-O-04"));
    cli_run_free(&r);
    r = run_cli("calc", "aigles-charisma", "--charisma", "4", "--scale", "25", "--distance",
                "1", "--json", NULL);
    assert_non_null(strstr(r.out, "AIG-O-04"));
    cli_run_free(&r);
}

/* Events fit the state: a melee result only for a unit in melee; casualties
 * only for an officer present; the dead give no orders. */
static void test_events_fit_the_state(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL);
    refused(g, "event melee br-74th won", GROG_EINVAL, "not in melee");
    ok(g, "event melee br-74th start", NULL);
    refused(g, "event melee br-74th start", GROG_EINVAL, "already in melee");
    ok(g, "event melee br-74th won", NULL);
    ok(g, "event killed lightburne", "AIG-O-26");
    refused(g, "event casualties lightburne 10", GROG_ERULE, "killed");
    refused(g, "order lightburne br-2-5th attack", GROG_ERULE, "gives no orders");
    ok(g, "event killed picton-adc1", NULL);
    refused(g, "adc picton-adc1 pack attack", GROG_ERULE, "carries no orders");
    refused(g, "adc picton-adc2 lightburne attack", GROG_ERULE, "takes no orders");
    grog_game_close(g);
}

/* GT-05, GT-09: in gt a general is never contacted, fired at or killed at
 * the table (GT-08 is the only harm); gdb has no rule for it: a table event,
 * not judged by Les Aigles' rules. */
static void test_capture_and_death_by_family(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_GT, NULL);
    refused(g, "event contact picton fr-2leger", GROG_ERULE, "GT-09");
    refused(g, "event casualties picton 40", GROG_ERULE, "GT-09");
    refused(g, "event killed picton", GROG_ERULE, "GT-09");
    refused(g, "event casualties arnaud 40", GROG_ERULE, "GT-05"); /* attached */
    act(g, "event casualties arnaud 40", GROG_ERULE, "general arnaud is inside unit fr-31leger",
        "unit 1");
    refused(g, "event avance picton on", GROG_EINVAL, "Les Aigles");
    grog_game_close(g);
    g = game(GROG_FAMILY_GDB, NULL);
    act(g, "event contact picton fr-2leger", GROG_OK, "table event", "AIG-O-21");
    act(g, "event casualties brenier 45", GROG_OK, "table event", "AIG-O-25");
    assert_int_equal(grog_battle_officer_by_id(grog_game_battle(g), "brenier")->state,
                     GROG_OFFICER_ACTIVE);
    act(g, "event killed brenier", GROG_OK, "table event", "AIG-O-26");
    grog_game_close(g);
}

/* ---- rolls made at the table ---- */

/* AIG-O-12: an arriving ADC's tests, made during next, take dice entered
 * with next --roll ADC=D,D (Reynier command 3 + Merle 3: obeys on < 6). */
static void test_adc_tests_rolled_at_the_table(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL);
    refused(g, "next --roll reynier-adc1=3", GROG_EINVAL, "no roll left");
    next_to(g, "orders-2");
    ok(g, "adc reynier-adc1 merle attack", NULL);
    next_to(g, "movement-2");
    ok(g, "next", NULL);
    next_to(g, "movement-1");
    json_t *j = actions(g, "french");
    json_t *rolls = json_object_get(entry(j, "next", NULL), "rolls");
    assert_int_equal(json_array_size(rolls), 1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(rolls, 0), "who")),
                        "reynier-adc1");
    assert_int_equal(json_integer_value(json_object_get(json_array_get(rolls, 0), "count")), 2);
    json_decref(j);
    refused(g, "next --roll reynier-adc1=7", GROG_EINVAL, "faces 1 to 6");
    refused(g, "next --roll reynier-adc1=6,6,6", GROG_EINVAL, "no roll left");
    ok(g, "next --roll reynier-adc1=6,6", "fails to pass");
    assert_int_equal(grog_game_replay(g, NULL, NULL), GROG_OK);
    grog_game_close(g);
}

/* GT-14: a corps that has not rolled when the PIP phase ends rolls then;
 * its dice may be entered with next --roll CORPS=D,...; GT-08's die with
 * event flees UNIT --roll D. */
static void test_gt_rolls_at_the_table(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_GT, NULL);
    json_t *j = actions(g, "anglo-portuguese");
    json_t *rolls = json_object_get(entry(j, "next", NULL), "rolls");
    assert_string_equal(json_string_value(json_object_get(json_array_get(rolls, 0), "who")),
                        "picton");
    json_decref(j);
    refused(g, "next --roll picton=6", GROG_EINVAL, "rolls 4 dice");
    /* a side enters only its own dice: the French may not roll Picton's */
    grog_seat french;
    grog_game_seat(g, "french", 0, &french, NULL);
    const char *cheat[] = {"next", "--roll", "picton=1,1,1,1"};
    grog_error err;
    char *res = NULL;
    assert_int_equal(grog_game_do_as(g, &french, 3, cheat, &res, &err), GROG_EDENIED);
    assert_null(res);
    refused(g, "next --roll picton=6,5,4,3 --roll reynier=1,1", GROG_EINVAL, "both sides");
    /* plan by rank: 6, 5, 4, 3 to Lightburne (bad: 5), Mackinnon (great: 6), ... */
    ok(g, "next --roll picton=6,5,4,3", "Mackinnon gets 6 PIPs (die 5)");
    refused(g, "event flees fr-2leger --roll 1", GROG_EINVAL, "no roll left");
    ok(g, "event flees fr-31leger --roll 1", "GT-08: General of Brigade Arnaud is out of "
                                             "commission");
    next_to(g, "movement");
    refused(g, "spend arnaud move fr-31leger", GROG_ERULE, "spends no PIPs");
    grog_game_close(g);
}

/* ---- every bundled scenario plays under every family ---- */

static grog_game *scenario_game(grog_family f, const char *scenario)
{
    grog_game_options o = {f, scenario, 1815, NULL};
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_create_memory(&o, &g, &err) != GROG_OK)
        fail_msg("create %s under %s: %s", scenario, grog_family_name(f), err.message);
    return g;
}

/* The moments each scenario's description advertises, played under each
 * family: Bussaco, Picton sends Pack against Brenier with the order already
 * face down; Quatre Bras, Ney's wing attacks, Kellermann's charge face down
 * (Guiton's brigade), Picton's division comes up. */
static void test_bundled_scenarios_play_under_every_family(void **state)
{
    (void)state;
    grog_game *g = scenario_game(GROG_FAMILY_AIGLES, "bussaco-1810");
    refused(g, "order picton pack attack", GROG_ERULE, "AIG-O-11"); /* 350 pas: beyond */
    ok(g, "adc picton-adc1 pack attack", "AIG-O-11");
    ok(g, "order brenier fr-2leger attack --roll 1", "is obeyed");
    grog_game_close(g);
    g = scenario_game(GROG_FAMILY_GDB, "bussaco-1810");
    ok(g, "order picton pack --roll 5", "GDB-05"); /* the seed's example: 5 - 1 = 4 < 6 */
    grog_game_close(g);
    g = scenario_game(GROG_FAMILY_GT, "bussaco-1810");
    ok(g, "pips picton --dice 4,4,4,4", "PIPs");
    ok(g, "order picton pack attack", NULL);
    grog_game_close(g);

    g = scenario_game(GROG_FAMILY_AIGLES, "quatre-bras-1815");
    ok(g, "order kellermann guiton attack --roll 1", "is obeyed");
    ok(g, "adc heymes reille attack", "AIG-O-11");
    ok(g, "adc gordon picton defend", "AIG-O-11"); /* Picton comes up: 347 pas, an ADC */
    grog_game_close(g);
    g = scenario_game(GROG_FAMILY_GDB, "quatre-bras-1815");
    char *text = NULL;
    grog_seat french;
    grog_game_seat(g, "armee-du-nord", 0, &french, NULL);
    assert_int_equal(grog_game_status_json(g, &french, &text, NULL), GROG_OK);
    assert_non_null(strstr(text, "\"pending_order\": \"attack\"")); /* face down, GDB-02 */
    free(text);
    /* GDB-06: Ney rolls again for the face-down charge: 12 reveals it (GDB-03) */
    ok(g, "order ney guiton --roll 12", "GDB-03");
    assert_string_equal(grog_battle_officer_by_id(grog_game_battle(g), "guiton")->order.kind,
                        "attack");
    ok(g, "order wellington bylandt defend --roll 12", NULL);
    grog_game_close(g);
    g = scenario_game(GROG_FAMILY_GT, "quatre-bras-1815");
    ok(g, "pips reille --dice 3,4,5", "PIPs");
    ok(g, "order kellermann guiton attack", NULL);
    ok(g, "next --roll wellington=2,2", NULL);
    ok(g, "spend picton move br-28th", "Picton spends"); /* great: die 2 + 1 */
    grog_game_close(g);
}

/* ---- the unit card ---- */

static json_t *card(grog_game *g, const char *side, const char *unit)
{
    grog_seat seat;
    int referee = strcmp(side, "#ref") == 0;
    grog_game_seat(g, referee || side[0] == '\0' ? NULL : side, referee, &seat, NULL);
    char *text = NULL;
    assert_int_equal(grog_game_unit_card_json(g, &seat, unit, &text, NULL), GROG_OK);
    json_t *j = json_loads(text, 0, NULL);
    free(text);
    assert_non_null(j);
    return j;
}

static int card_has_rule(json_t *c, const char *rule, const char *fragment)
{
    size_t i;
    json_t *n;
    json_array_foreach(json_object_get(c, "rules"), i, n) {
        if (strcmp(json_string_value(json_object_get(n, "rule")), rule) == 0 &&
            (fragment == NULL || strstr(json_string_value(json_object_get(n, "text")), fragment)))
            return 1;
    }
    return 0;
}

/* The card: formation and its effects (AIG-F-04 for a line), the charisma
 * bonus and from whom (AIG-O-04: Picton, 30 pas, +3), the reaction value
 * (AIG-O-15: veteran 3), the pending change, the square that cannot move. */
static void test_unit_card_aigles(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL);
    json_t *c = card(g, "", "br-74th");
    assert_string_equal(json_string_value(json_object_get(c, "formation")), "line");
    assert_int_equal(json_integer_value(json_object_get(c, "reaction")), 3);
    assert_true(card_has_rule(c, "AIG-F-04", "roundshot"));
    json_t *m = json_object_get(c, "morale");
    assert_int_equal(json_integer_value(json_object_get(m, "modifier_total")), 3);
    char *mt = json_dumps(m, 0);
    assert_non_null(strstr(mt, "Picton"));
    free(mt);
    assert_true(json_is_true(json_object_get(c, "may_move")));
    json_decref(c);
    ok(g, "formation br-74th attack-column", NULL);
    c = card(g, "", "br-74th");
    json_t *ch = json_object_get(c, "formation_change");
    assert_string_equal(json_string_value(json_object_get(ch, "to")), "attack-column");
    assert_int_equal(json_integer_value(json_object_get(ch, "remaining")), 2);
    json_decref(c);
    c = card(g, "", "pt-4th-cacadores");
    assert_true(card_has_rule(c, "AIG-F-21", "160 pas"));
    json_decref(c);
    char *text = NULL;
    grog_error err;
    assert_int_equal(grog_game_unit_card_json(g, NULL, "nope", &text, &err), GROG_ENOTFOUND);
    assert_non_null(strstr(err.message, "nope"));
    grog_game_close(g);
}

/* gt: GT-04 on the card of a unit with a general; gdb: the brigade's
 * face-down order only for its own side (GDB-02). */
static void test_unit_card_gt_and_gdb(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_GT, NULL);
    json_t *c = card(g, "", "fr-31leger");
    assert_int_equal(json_integer_value(json_object_get(c, "morale_modifier")), 1);
    assert_true(card_has_rule(c, "GT-04", "Arnaud"));
    json_decref(c);
    grog_game_close(g);
    g = game(GROG_FAMILY_GDB, NULL);
    c = card(g, "anglo-portuguese", "pt-1st");
    assert_string_equal(json_string_value(json_object_get(json_object_get(c, "brigade"),
                                                          "face_down")),
                        "attack");
    json_decref(c);
    static const char *const blind[] = {"french", ""};
    for (size_t i = 0; i < 2; i++) {
        c = card(g, blind[i], "pt-1st");
        char *all = json_dumps(c, 0);
        assert_null(strstr(all, "attack"));
        free(all);
        json_decref(c);
    }
    grog_game_close(g);
}

static void test_unit_card_cli(void **state)
{
    (void)state;
    char path[64];
    snprintf(path, sizeof path, "/tmp/grog-test-card-%d.grog", (int)getpid());
    grog_game_remove(path);
    cli_run r = run_cli("new", path, "--family", "aigles", NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    r = run_cli("explain", path, "unit", "br-74th", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "AIG-O-15"));
    cli_run_free(&r);
    r = run_cli("explain", path, "unit", "br-74th", "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    assert_int_equal(json_integer_value(json_object_get(j, "reaction")), 3);
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("explain", path, "unit", "nope", NULL);
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
    r = run_cli("explain", path, "unit", "br-74th", "--side", "prussia", NULL);
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
    grog_game_remove(path);
}

/* AIG-O-21's "surrounded" capture is an event of its own (the Avance
 * marker forbids contact, AIG-O-22, not this); gt refuses it (GT-09);
 * the actions list offers officer events only where the family allows. */
static void test_surrounded_and_officer_event_choices(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL);
    json_t *j = actions(g, "#ref");
    json_t *fire = legal_arg_of(j, "event", "casualties", "target");
    assert_false(has_choice(fire, "picton")); /* AIG-O-25: not isolated */
    assert_true(has_choice(fire, "br-74th"));
    json_decref(j);
    refused(g, "event contact foy pt-1st", GROG_ERULE, "AIG-O-22");
    ok(g, "event surrounded foy pt-1st", "AIG-O-21");
    assert_int_equal(grog_battle_officer_by_id(grog_game_battle(g), "foy")->state,
                     GROG_OFFICER_PRISONER);
    grog_game_close(g);
    g = game(GROG_FAMILY_GT, NULL);
    refused(g, "event surrounded picton fr-2leger", GROG_ERULE, "GT-09");
    j = actions(g, "#ref");
    assert_null(entry(j, "event", "contact"));
    assert_null(entry(j, "event", "killed"));
    assert_false(has_choice(legal_arg_of(j, "event", "casualties", "target"), "picton"));
    json_decref(j);
    grog_game_close(g);
    g = game(GROG_FAMILY_GDB, NULL);
    act(g, "event surrounded picton fr-2leger", GROG_OK, "table event", "AIG-O-21");
    grog_game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order_words_are_checked),
        cmocka_unit_test(test_house_rules_extend_the_order_words),
        cmocka_unit_test(test_actions_public_seat_may_do_nothing),
        cmocka_unit_test(test_actions_aigles_orders),
        cmocka_unit_test(test_status_lists_only_what_is_legal),
        cmocka_unit_test(test_actions_gdb_order_once_in_command_phase),
        cmocka_unit_test(test_gt_spend_own_units_fitting_arms),
        cmocka_unit_test(test_gt_gift_to_units),
        cmocka_unit_test(test_gt_gift_after_the_roll_refused),
        cmocka_unit_test(test_gt_attached_commander_keeps_unit_pip),
        cmocka_unit_test(test_gt_morale_shows_gt04),
        cmocka_unit_test(test_aig_o_18_explaining_counts_next_turn),
        cmocka_unit_test(test_aig_o_14_counts_from_joining),
        cmocka_unit_test(test_adc_arrival_matches_the_calculator),
        cmocka_unit_test(test_aig_o_25_isolation_and_one_fire),
        cmocka_unit_test(test_aig_f_12_and_f_03_squares),
        cmocka_unit_test(test_charisma_at_zero_is_contact),
        cmocka_unit_test(test_events_fit_the_state),
        cmocka_unit_test(test_capture_and_death_by_family),
        cmocka_unit_test(test_adc_tests_rolled_at_the_table),
        cmocka_unit_test(test_gt_rolls_at_the_table),
        cmocka_unit_test(test_bundled_scenarios_play_under_every_family),
        cmocka_unit_test(test_unit_card_aigles),
        cmocka_unit_test(test_unit_card_gt_and_gdb),
        cmocka_unit_test(test_unit_card_cli),
        cmocka_unit_test(test_surrounded_and_officer_event_choices),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
