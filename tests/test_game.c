/* test_game.c — the game engine: journal files, actions and refusals, undo,
 * replay, visibility, and every common and family action, on the embedded
 * default scenario (Bussaco). Values are read off the scenario by hand: e.g.
 * Picton (command 4) stands 60 pas from Mackinnon and 350 pas from Pack. */
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "grognard/game.h"
#include "testutil.h"

static char path[64];

static int setup(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "game");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "game");
    return 0;
}

static grog_game *new_game(grog_family f, uint64_t seed)
{
    return test_game_create(path, f, NULL, seed);
}

/* Does one action; fails the test unless it has the expected status. On
 * success returns the result JSON (caller frees). */
static json_t *act(grog_game *g, const char *line, grog_status want, const char *fragment)
{
    char *result = NULL;
    grog_error err;
    grog_error_clear(&err);
    grog_status st = grog_game_do_line(g, line, &result, &err);
    if (st != want)
        fail_msg("\"%s\": status %d (%s), wanted %d", line, st, err.message, want);
    if (fragment != NULL && strstr(st == GROG_OK ? result : err.message, fragment) == NULL)
        fail_msg("\"%s\": \"%s\" lacks \"%s\"", line, st == GROG_OK ? result : err.message,
                 fragment);
    json_t *j = result != NULL ? json_loads(result, 0, NULL) : NULL;
    free(result);
    return j;
}

static void ok(grog_game *g, const char *line, const char *fragment)
{
    json_decref(act(g, line, GROG_OK, fragment));
}

static void refused(grog_game *g, const char *line, grog_status want, const char *fragment)
{
    size_t before = grog_game_action_count(g);
    act(g, line, want, fragment);
    assert_int_equal(grog_game_action_count(g), before); /* a refusal changes nothing */
}

static void next_to(grog_game *g, const char *phase)
{
    for (int i = 0; i < 8 && strcmp(grog_game_phase(g), phase) != 0; i++)
        ok(g, "next", NULL);
    assert_string_equal(grog_game_phase(g), phase);
}

/* ---- files ---- */

static void test_create_open_and_refuse_existing(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 42);
    assert_int_equal(grog_game_action_count(g), 1); /* "start" */
    assert_int_equal(grog_game_turn(g), 1);
    assert_string_equal(grog_game_phase(g), "orders-1");
    assert_int_equal(grog_game_seed(g), 42);
    grog_game_close(g);
    grog_game_options o = {GROG_FAMILY_GDB, NULL, 1, NULL};
    grog_error err;
    assert_int_equal(grog_game_create(path, &o, &g, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "already exists"));
    assert_int_equal(grog_game_open(path, &g, &err), GROG_OK);
    assert_int_equal(grog_game_family(g), GROG_FAMILY_AIGLES);
    assert_int_equal(grog_game_action_count(g), 1);
    grog_game_close(g);
}

static void test_bad_files(void **state)
{
    (void)state;
    grog_game *g = NULL;
    grog_error err;
    assert_int_equal(grog_game_open("/nonexistent/x.grog", &g, &err), GROG_ENOTFOUND);
    FILE *f = fopen(path, "w");
    fputs("this is not a database, only text\n", f);
    fclose(f);
    assert_int_equal(grog_game_open(path, &g, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "not a grognard game"));
    unlink(path);
    sqlite3 *db;
    sqlite3_open(path, &db);
    sqlite3_exec(db, "CREATE TABLE t(x)", NULL, NULL, NULL);
    sqlite3_close(db);
    assert_int_equal(grog_game_open(path, &g, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "not a grognard game"));
    unlink(path);
    g = new_game(GROG_FAMILY_GT, 1);
    grog_game_close(g);
    sqlite3_open(path, &db);
    sqlite3_exec(db, "PRAGMA user_version=99", NULL, NULL, NULL);
    sqlite3_close(db);
    assert_int_equal(grog_game_open(path, &g, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "newer grognard"));
    sqlite3_open(path, &db);
    sqlite3_exec(db, "PRAGMA user_version=1; DROP TABLE texts", NULL, NULL, NULL);
    sqlite3_close(db);
    assert_int_equal(grog_game_open(path, &g, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "damaged"));
}

static void test_replay_names_first_difference(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 7);
    ok(g, "order picton mackinnon attack", NULL);
    ok(g, "order lightburne br-2-5th attack", NULL);
    size_t n = 0;
    grog_error err;
    assert_int_equal(grog_game_replay(g, &n, &err), GROG_OK);
    assert_int_equal(n, 3);
    grog_game_close(g);
    sqlite3 *db;
    sqlite3_open(path, &db);
    sqlite3_exec(db, "UPDATE actions SET checks = 'tampered' WHERE seq = 2", NULL, NULL, NULL);
    sqlite3_close(db);
    assert_int_equal(grog_game_open(path, &g, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "action 2"));
}

static void test_same_seed_same_game(void **state)
{
    (void)state;
    grog_game_options o = {GROG_FAMILY_AIGLES, NULL, 99, NULL};
    grog_game *a, *b;
    assert_int_equal(grog_game_create_memory(&o, &a, NULL), GROG_OK);
    assert_int_equal(grog_game_create_memory(&o, &b, NULL), GROG_OK);
    const char *lines[] = {"order picton mackinnon attack", "order brenier fr-2leger attack",
                           "next", "next", "order graindorge fr-4leger-1 attack"};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        char *ra = NULL, *rb = NULL;
        grog_game_do_line(a, lines[i], &ra, NULL);
        grog_game_do_line(b, lines[i], &rb, NULL);
        assert_string_equal(ra, rb);
        free(ra);
        free(rb);
    }
    grog_game_close(a);
    grog_game_close(b);
}

static void test_refusal_draws_nothing(void **state)
{
    (void)state;
    /* A refused action must not consume the generator: the game with the
     * refusal and the game without it roll the same next die. */
    grog_game_options o = {GROG_FAMILY_AIGLES, NULL, 5, NULL};
    grog_game *a, *b;
    grog_game_create_memory(&o, &a, NULL);
    grog_game_create_memory(&o, &b, NULL);
    refused(a, "order picton pack attack", GROG_ERULE, "AIG-O-11");
    char *ra = NULL, *rb = NULL;
    grog_game_do_line(a, "order picton mackinnon attack", &ra, NULL);
    grog_game_do_line(b, "order picton mackinnon attack", &rb, NULL);
    json_t *ja = json_loads(ra, 0, NULL), *jb = json_loads(rb, 0, NULL);
    json_t *reca = json_object_get(json_array_get(json_object_get(ja, "records"), 0), "record");
    json_t *recb = json_object_get(json_array_get(json_object_get(jb, "records"), 0), "record");
    assert_int_equal(json_integer_value(json_object_get(reca, "roll")),
                     json_integer_value(json_object_get(recb, "roll")));
    json_decref(ja);
    json_decref(jb);
    free(ra);
    free(rb);
    grog_game_close(a);
    grog_game_close(b);
}

static void test_undo(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 3);
    grog_error err;
    assert_int_equal(grog_game_undo(g, &err), GROG_EINVAL); /* "start" stays */
    ok(g, "next", NULL);
    assert_string_equal(grog_game_phase(g), "movement-1");
    assert_int_equal(grog_game_undo(g, &err), GROG_OK);
    assert_string_equal(grog_game_phase(g), "orders-1");
    assert_int_equal(grog_game_action_count(g), 3); /* start, next, the undo record */
    grog_game_close(g);
    assert_int_equal(grog_game_open(path, &g, &err), GROG_OK);
    assert_int_equal(grog_game_action_count(g), 3); /* the undo is in the file */
    assert_string_equal(grog_game_phase(g), "orders-1");
    grog_game_close(g);
}

/* ---- common actions ---- */

static void test_next_cycles_phases_and_turns(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 1);
    const char *phases[] = {"command", "movement", "combat", "command"};
    for (int i = 0; i < 4; i++) {
        assert_string_equal(grog_game_phase(g), phases[i]);
        assert_int_equal(grog_game_turn(g), i < 3 ? 1 : 2);
        if (i < 3)
            ok(g, "next", "phase");
    }
    refused(g, "next now", GROG_EINVAL, "usage");
    refused(g, "frobnicate", GROG_EINVAL, "unknown action");
    grog_game_close(g);
}

static void test_move(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 1);
    ok(g, "move pack 100 80 90", "moves");
    const grog_officer *p = grog_battle_officer_by_id(grog_game_battle(g), "pack");
    assert_float_equal(p->base.centre.x, 1000, 1e-9); /* the scenario writes cm */
    assert_float_equal(p->base.centre.y, 800, 1e-9);
    assert_float_equal(p->base.facing, 90, 1e-9);
    ok(g, "move pt-1st 50cm 300mm", NULL); /* units may be given */
    const grog_troop *u = grog_battle_unit_by_id(grog_game_battle(g), "pt-1st");
    assert_float_equal(u->base.centre.x, 500, 1e-9);
    assert_float_equal(u->base.centre.y, 300, 1e-9);
    refused(g, "move nobody 1 2", GROG_ENOTFOUND, "no officer or unit");
    refused(g, "move pack x 2", GROG_EINVAL, "X");
    refused(g, "move pack 1", GROG_EINVAL, "usage");
    ok(g, "event contact brenier br-1-45th", "prisoner");
    refused(g, "move brenier 1 2", GROG_ERULE, "AIG-O-23");
    ok(g, "event killed lightburne", "killed");
    refused(g, "move lightburne 1 2", GROG_ERULE, "killed");
    grog_game_close(g);
}

static void test_events(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 1);
    const grog_battle *b;
    ok(g, "event melee fr-2leger start", "in melee");
    b = grog_game_battle(g);
    assert_true(grog_battle_unit_by_id(b, "fr-2leger")->flags & GROG_UNIT_IN_MELEE);
    assert_int_equal(grog_battle_unit_by_id(b, "fr-2leger")->melee_since, 1);
    ok(g, "event melee fr-2leger lost", "loses");
    b = grog_game_battle(g);
    assert_false(grog_battle_unit_by_id(b, "fr-2leger")->flags & GROG_UNIT_IN_MELEE);
    refused(g, "event melee fr-2leger drew", GROG_EINVAL, "start, won or lost");
    ok(g, "event casualties fr-2leger 3", "loses 3");
    ok(g, "event casualties fr-2leger 2", "5 in all");
    ok(g, "event flees fr-36ligne", "flees");
    ok(g, "event routs fr-36ligne", "routs");
    ok(g, "event rallies fr-36ligne", "rallies");
    b = grog_game_battle(g);
    assert_int_equal(grog_battle_unit_by_id(b, "fr-36ligne")->flags &
                         (GROG_UNIT_FLEEING | GROG_UNIT_ROUTED),
                     0);
    ok(g, "event disorder fr-36ligne", "disorder");
    ok(g, "event breaks fr-36ligne", "broken");
    ok(g, "event breaks brenier", "brigade");
    assert_true(grog_battle_officer_by_id(grog_game_battle(g), "brenier")->brigade_broken);
    ok(g, "event wounded graindorge", "out of commission");
    refused(g, "event casualties fr-2leger 0", GROG_EINVAL, "casualties");
    /* an unknown event names the events (it named none; they were only in
     * play's help) */
    refused(g, "event teleport x", GROG_EINVAL,
            "unknown event \"teleport\"; the events: melee, casualties, flees, routs, rallies, "
            "disorder, breaks, contact, surrounded, killed, wounded, freed, avance");
    refused(g, "event flees", GROG_EINVAL, "usage");
    grog_game_close(g);
}

static void test_capture_avance_and_liberation(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 1);
    /* Foy carries an Avance marker in the scenario (AIG-O-22). */
    refused(g, "event contact foy pt-1st", GROG_ERULE, "AIG-O-22");
    refused(g, "event contact brenier fr-2leger", GROG_EINVAL, "friendly");
    ok(g, "event contact brenier br-1-45th", "AIG-O-21");
    const grog_officer *o = grog_battle_officer_by_id(grog_game_battle(g), "brenier");
    assert_int_equal(o->state, GROG_OFFICER_PRISONER);
    assert_string_equal(o->held_by, "br-1-45th");
    /* AIG-O-24: freed when his side wins a melee against the unit holding him. */
    ok(g, "event melee br-1-45th start", NULL);
    ok(g, "event melee br-1-45th lost", "AIG-O-24");
    o = grog_battle_officer_by_id(grog_game_battle(g), "brenier");
    assert_int_equal(o->state, GROG_OFFICER_ACTIVE);
    ok(g, "event avance foy off", "loses his Avance");
    ok(g, "event contact foy pt-1st", "prisoner");
    /* AIG-O-24: freed only by a melee won; without it, the referee's correction */
    refused(g, "event freed foy", GROG_ERULE, "AIG-O-24");
    ok(g, "event freed foy --correction", "officer-freed-correction");
    refused(g, "event freed foy --correction", GROG_EINVAL, "not a prisoner");
    grog_game_close(g);
}

static void test_note_and_explain_are_not_rolled(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 1);
    ok(g, "note the French advance in the fog", "fog");
    size_t n = grog_game_action_count(g);
    json_t *r = act(g, "explain order lightburne br-2-5th attack", GROG_OK, "4/6");
    /* reaction 3 (veteran) + command 2 = 5: obeys on 1..4 */
    json_decref(r);
    assert_int_equal(grog_game_action_count(g), n); /* not journaled */
    r = act(g, "explain order picton pack attack", GROG_OK, "AIG-O-11");
    json_t *rec = json_object_get(json_array_get(json_object_get(r, "records"), 0), "record");
    json_t *check = json_array_get(json_object_get(rec, "checks"), 1);
    assert_true(json_is_false(json_object_get(check, "ok"))); /* out of the zone */
    json_decref(r);
    refused(g, "explain", GROG_EINVAL, "usage");
    grog_game_close(g);
}

/* ---- Les Aigles ---- */

static void test_aigles_order_zone_points_and_test(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 1);
    /* AIG-O-17: Picton (4) -> Mackinnon (3): sum 7, always obeys. */
    ok(g, "order picton mackinnon attack --roll 6", "obeys");
    assert_string_equal(grog_battle_officer_by_id(grog_game_battle(g), "mackinnon")->order.kind,
                        "attack");
    /* AIG-O-16: Lightburne (2) -> 2/58th regular (2): obeys below 4. */
    ok(g, "order lightburne br-2-58th attack --roll 4", "not obeyed");
    ok(g, "order lightburne br-2-58th attack --roll 3", "is obeyed");
    /* AIG-O-13: command 2 gives 2 points: the third attempt is refused. */
    refused(g, "order lightburne br-2-5th attack --roll 1", GROG_ERULE, "AIG-O-13");
    refused(g, "order picton pack attack", GROG_ERULE, "AIG-O-11");
    refused(g, "order picton-adc1 br-74th attack", GROG_ERULE, "AIG-O-12");
    refused(g, "order picton br-74th attack --roll 7", GROG_EINVAL, "--roll");
    refused(g, "order picton fr-2leger attack", GROG_ERULE, "AIG-O-10: unit fr-2leger is of the "
                                                           "enemy");
    ok(g, "next", NULL);
    refused(g, "order picton mackinnon hold", GROG_ERULE, "orders phase");
    grog_game_close(g);
}

static void test_aigles_melee_refusal(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 1);
    ok(g, "event melee br-74th start", NULL);
    refused(g, "order mackinnon br-74th retire", GROG_ERULE, "AIG-O-14");
    grog_game_close(g);
}

static void test_aigles_points_renewed_each_periode(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 1);
    ok(g, "order lightburne br-2-58th attack --roll 6", NULL);
    ok(g, "order lightburne br-2-58th attack --roll 6", NULL);
    next_to(g, "orders-2");
    refused(g, "order lightburne br-2-58th attack", GROG_ERULE, "AIG-O-13");
    next_to(g, "movement-2");
    ok(g, "next", "AIG-O-06");
    assert_int_equal(grog_game_turn(g), 2);
    ok(g, "order lightburne br-2-58th attack --roll 6", NULL);
    grog_game_close(g);
}

static void test_aigles_explaining_and_failed_turns(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 1);
    /* AIG-O-18: a turn spent explaining adds 1 to the command for this order,
     * passed the next turn ("au prochain tour"): Lightburne 2 + 1, 2/58th
     * regular 2: target 5. */
    ok(g, "explaining lightburne br-2-58th attack", "AIG-O-18");
    refused(g, "explaining lightburne br-2-58th attack", GROG_ERULE, "AIG-O-18");
    refused(g, "order lightburne br-2-58th attack --roll 4", GROG_ERULE, "next turn");
    next_to(g, "movement-2");
    ok(g, "next", NULL);
    json_t *r = act(g, "order lightburne br-2-58th attack --roll 4", GROG_OK, "is obeyed");
    json_t *rec = json_object_get(json_array_get(json_object_get(r, "records"), 0), "record");
    assert_int_equal(json_integer_value(json_object_get(rec, "target")), 5);
    json_decref(r);
    grog_game_close(g);
}

static void test_aigles_adc_rides_and_passes(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 1);
    refused(g, "adc picton pack attack", GROG_ERULE, "AIG-O-02");
    ok(g, "adc picton-adc1 pack attack", "rides");
    refused(g, "adc picton-adc1 lightburne attack", GROG_ERULE, "already riding");
    /* 410 pas at the default 300 pas per période: 2 périodes out. */
    for (int i = 0; i < 4; i++)
        ok(g, "next", NULL);
    assert_int_equal(grog_game_turn(g), 2);
    json_t *r = NULL;
    for (int i = 0; i < 4; i++) {
        json_decref(r);
        r = act(g, "next", GROG_OK, NULL);
    }
    char *s = json_dumps(r, 0);
    assert_non_null(strstr(s, "AIG-O-12")); /* delivered with Picton's command */
    free(s);
    json_decref(r);
    grog_game_close(g);
}

static void test_aigles_formation_counts_down(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 1);
    /* AIG-F-26/27: infantry A, line -> attack column takes the row "attack column ->
     * line" the other way: 1 période = 2 half-périodes, counted down at the end of
     * each half (movement-1, movement-2). */
    ok(g, "formation br-2-5th attack-column", "2 half-p");
    refused(g, "formation br-2-5th line", GROG_ERULE, "already changing");
    ok(g, "next", NULL);
    assert_string_equal(grog_battle_unit_by_id(grog_game_battle(g), "br-2-5th")->formation, "line");
    ok(g, "next", "1 half-p");
    ok(g, "next", NULL);
    ok(g, "next", "now in attack-column");
    assert_string_equal(grog_battle_unit_by_id(grog_game_battle(g), "br-2-5th")->formation,
                        "attack-column");
    refused(g, "formation br-1-45th disorder", GROG_ERULE, "AIG-F-27");
    refused(g, "formation br-1-45th nonsense", GROG_EINVAL, NULL);
    ok(g, "formation br-1-45th half-turn", "half-turn");
    /* AIG-F-30: a file deeper than the battery's 4 sections is refused; 4 deep (not more
     * than 5) adds nothing: foot B unlimbers in 1 période = 2 half-périodes. */
    refused(g, "formation fr-battery unlimbered --file-depth 10", GROG_EINVAL, "10 sections");
    ok(g, "formation fr-battery unlimbered --file-depth 4", "2 half-p");
    refused(g, "formation fr-36ligne line --file-depth 0", GROG_EINVAL, "--file-depth");
    /* AIG-F-26: a disordered unit reforms (infantry B, disorder -> formed: 2½ périodes = 5). */
    ok(g, "event disorder pt-1st", NULL);
    ok(g, "formation pt-1st formed", "5 half-p");
    for (int i = 0; i < 10; i++)
        ok(g, "next", NULL);
    const grog_troop *t = grog_battle_unit_by_id(grog_game_battle(g), "pt-1st");
    assert_false(t->flags & GROG_UNIT_DISORDERED);
    assert_string_equal(t->formation, "line");
    grog_game_close(g);
}

static void test_aigles_morale_and_casualties(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 1);
    ok(g, "morale br-1-88th", "AIG-O-04");
    /* AIG-O-25: Foy stands 36 pas from the 17e Leger: not isolated */
    refused(g, "event casualties foy 39", GROG_ERULE, "not isolated");
    ok(g, "move foy 118 60", NULL); /* 18 cm from his nearest unit: isolated */
    ok(g, "event casualties foy 39", NULL);
    ok(g, "event casualties foy 1", NULL); /* one fire at a time: 1, not 40 */
    assert_int_equal(grog_battle_officer_by_id(grog_game_battle(g), "foy")->state,
                     GROG_OFFICER_ACTIVE); /* 39: not yet */
    ok(g, "event casualties foy 40", "AIG-O-25"); /* 40 in one fire: eliminated */
    assert_int_equal(grog_battle_officer_by_id(grog_game_battle(g), "foy")->state,
                     GROG_OFFICER_KILLED);
    grog_game_close(g);
}

static void test_aigles_replacement(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 1);
    refused(g, "replace lightburne picton-adc2", GROG_ERULE, "not lost");
    ok(g, "event killed lightburne", NULL);
    refused(g, "replace lightburne reynier-adc1", GROG_ERULE, "AIG-O-27");
    ok(g, "replace lightburne picton-adc2", "AIG-O-27");
    const grog_battle *b = grog_game_battle(g);
    assert_int_equal(grog_battle_officer_by_id(b, "picton-adc2")->role, GROG_ROLE_BRIGADE);
    assert_string_equal(grog_battle_unit_by_id(b, "br-2-5th")->parent, "picton-adc2");
    grog_game_close(g);
}

/* ---- Grande Tactique ---- */

static void test_gt_pip_phase_and_spending(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GT, 1);
    assert_string_equal(grog_game_phase(g), "pip");
    refused(g, "gift lightburne mackinnon", GROG_ERULE, "GT-10");
    refused(g, "gift picton pack", GROG_ERULE, "GT-10"); /* 13.8" > 9" */
    /* GT-14: each divisional general has one rank in the plan: one named twice is
     * refused, naming him (it was taken without a word, the last rank winning) */
    refused(g, "plan picton rank mackinnon pack mackinnon", GROG_EINVAL, "GT-14");
    refused(g, "plan picton rank pack mackinnon lightburne mackinnon champalimaud", GROG_EINVAL,
            "Mackinnon is ranked twice");
    ok(g, "plan picton rank mackinnon pack lightburne champalimaud", NULL);
    ok(g, "gift picton mackinnon", "GT-10");
    /* ranked: Mackinnon (great) takes the 6: 6 + 1 + 1 = 8 (GT-17);
     * Lightburne (bad) takes the 3rd highest, 3: 3 - 1 = 2. */
    ok(g, "pips picton --dice 6,4,3,1", "gets 8 PIPs");
    refused(g, "pips picton", GROG_ERULE, "GT-14");
    refused(g, "pips reynier --dice 1", GROG_EINVAL, "2 dice");
    refused(g, "spend mackinnon move br-74th", GROG_ERULE, "movement");
    ok(g, "next", NULL); /* Reynier's corps rolls as the phase ends */
    ok(g, "spend mackinnon move br-74th", "7 left");
    ok(g, "spend lightburne move br-2-5th", "1 left");
    ok(g, "spend lightburne move br-2-5th", "0 left");
    refused(g, "spend lightburne move br-2-5th", GROG_ERULE, "GT-16");
    refused(g, "spend lightburne teleport br-2-5th", GROG_ENOTFOUND, "GT-15");
    grog_game_close(g);
}

static void test_gt_attach_detach_flee(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GT, 1);
    ok(g, "move mackinnon 58 92", NULL); /* GT-01: generals move freely, in any phase */
    refused(g, "attach mackinnon br-1-45th", GROG_ERULE, "GT-03"); /* not the movement phase */
    ok(g, "next", NULL);
    ok(g, "move mackinnon 70 96", NULL);
    refused(g, "attach mackinnon br-1-45th", GROG_ERULE, "GT-03"); /* not in contact */
    /* Mackinnon's 4 cm base at (58, 92) touches the 45th's rear edge at y = 90 cm. */
    ok(g, "move mackinnon 58 92", NULL);
    ok(g, "attach mackinnon br-1-45th", "GT-04");
    assert_string_equal(grog_battle_officer_by_id(grog_game_battle(g), "mackinnon")->attached_to,
                        "br-1-45th");
    ok(g, "move champalimaud 58 84", NULL);
    refused(g, "attach champalimaud br-1-45th", GROG_ERULE, "GT-03"); /* one general per unit */
    refused(g, "attach mackinnon fr-2leger", GROG_ERULE, "enemy");
    ok(g, "event routs br-1-45th", NULL);
    refused(g, "detach mackinnon", GROG_ERULE, "GT-06");
    ok(g, "event rallies br-1-45th", NULL);
    ok(g, "detach mackinnon", "leaves");
    refused(g, "detach mackinnon", GROG_EINVAL, "not attached");
    /* GT-08: Arnaud is attached to the 31e Leger in the scenario. */
    json_t *r = act(g, "event flees fr-31leger", GROG_OK, "GT-08");
    char *text = json_dumps(r, 0);
    assert_non_null(strstr(text, "1/6"));
    free(text);
    json_decref(r);
    grog_game_close(g);
}

static void test_gt_plans_gifts_and_orders(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GT, 1);
    ok(g, "plan reynier off", "average die");
    /* GT-14, no plan: Merle and Heudelet both get floor((3 + 5) / 2) = 4. */
    ok(g, "pips reynier --dice 3,5", "Merle gets 4 PIPs");
    refused(g, "plan reynier on", GROG_ERULE, "before the roll");
    ok(g, "plan picton change", "no PIPs this turn");
    ok(g, "gift picton unit pt-battery", "GT-13");
    ok(g, "pips picton", "gets 0 PIPs");
    refused(g, "gift picton fr-2leger", GROG_EINVAL, NULL);
    ok(g, "order pack pt-1st attack", "no test");
    assert_string_equal(grog_battle_unit_by_id(grog_game_battle(g), "pt-1st")->order.kind,
                        "attack");
    refused(g, "order pack fr-2leger attack", GROG_EINVAL, "enemy");
    grog_game_close(g);
}

static void test_status_says_what_each_side_may_do(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 1);
    char *text = NULL;
    assert_int_equal(grog_game_status_text(g, NULL, &text, NULL), GROG_OK);
    assert_non_null(strstr(text, "Turn 1, command phase"));
    assert_non_null(strstr(text, "Reynier may try to change one brigade's order"));
    free(text);
    ok(g, "order reynier brenier attack", NULL);
    assert_int_equal(grog_game_status_text(g, NULL, &text, NULL), GROG_OK);
    assert_non_null(strstr(text, "Reynier has made his order change this turn"));
    free(text);
    assert_int_equal(grog_game_status_json(g, NULL, &text, NULL), GROG_OK);
    json_t *j = json_loads(text, 0, NULL);
    assert_string_equal(json_string_value(json_object_get(j, "phase")), "command");
    assert_int_equal(json_integer_value(json_object_get(j, "turn")), 1);
    json_decref(j);
    free(text);
    grog_game_close(g);
}

static void test_cli_game_commands(void **state)
{
    (void)state;
    cli_run r = run_cli("new", path, "--family", "gdb", "--seed", "12", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "seed 12"));
    cli_run_free(&r);
    r = run_cli("new", path, "--family", "gdb", NULL);
    assert_int_equal(r.code, 1); /* exists */
    cli_run_free(&r);
    r = run_cli("new", "/tmp/x.grog", NULL);
    assert_int_equal(r.code, 2); /* no --family */
    cli_run_free(&r);
    r = run_cli("do", path, "order", "picton", "pack", "attack", "--roll", "5", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "modified 4: fail"));
    cli_run_free(&r);
    r = run_cli("do", path, "order", "picton", "pack", "attack", "--json", NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "GDB-01"));
    cli_run_free(&r);
    r = run_cli("do", path, "next", "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    assert_string_equal(json_string_value(json_object_get(j, "phase")), "movement");
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("status", path, "--json", NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    r = run_cli("log", path, "--side", "french", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "(hidden)")); /* the new order's word */
    assert_null(strstr(r.out, "\"attack\" stays face down"));
    cli_run_free(&r);
    r = run_cli("log", path, "--side", "anglo-portuguese", NULL);
    assert_non_null(strstr(r.out, "\"attack\" stays face down"));
    cli_run_free(&r);
    r = run_cli("undo", path, NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "command phase"));
    cli_run_free(&r);
    r = run_cli("replay", path, NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "identical"));
    cli_run_free(&r);
    r = run_cli("status", "/nonexistent.grog", NULL);
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
}

/* Phase ids are shown as the rulebooks' words in text (docs/i18n.md): show's
 * heading and play's undo line printed the id ("phase orders-1" in French),
 * and show counted "1 actions". --side without its value was "unknown
 * option '--side'" for do and play. */
static void test_cli_phase_words_and_counts(void **state)
{
    (void)state;
    cli_run r = run_cli("new", path, "--family", "aigles", "--seed", "3", NULL);
    cli_run_free(&r);
    r = run_cli("show", path, NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "turn 1, orders-1 phase, 1 action in the journal."));
    cli_run_free(&r);
    r = run_cli("show", path, "--lang", "fr", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "tour 1, phase des ordres 1, 1 action au journal."));
    /* the order line and the distances were fixed English forms: "ordre:
     * defend", "cm / in / pas" in Russian; the order is in words, its id
     * in brackets (issue 28) */
    assert_non_null(strstr(r.out, "\n      ordre : défense [defend] \"Hold the ridge"));
    assert_non_null(strstr(r.out, "de son supérieur picton : 2.8 cm / 1.1 po / 28 pas\n"));
    cli_run_free(&r);
    r = run_cli("show", path, "--lang", "ru", NULL);
    assert_non_null(strstr(r.out, "2.8 см / 1.1 дюйм. / 28 шаг.\n"));
    assert_non_null(strstr(r.out, "ход 1, фаза приказов 1, в журнале 1 действие."));
    cli_run_free(&r);
    char script[96];
    snprintf(script, sizeof script, "%s.script", path);
    FILE *f = fopen(script, "w");
    fputs("next\nundo\nquit\n", f);
    fclose(f);
    assert_non_null(freopen(script, "r", stdin));
    r = run_cli("play", path, "--lang", "fr", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "Annulé ; tour 1, phase des ordres 1."));
    cli_run_free(&r);
    unlink(script);
    r = run_cli("do", path, "--side", NULL);
    assert_int_equal(r.code, 2);
    assert_non_null(strstr(r.err, "option '--side' needs a value"));
    cli_run_free(&r);
    r = run_cli("play", path, "--side", NULL);
    assert_int_equal(r.code, 2);
    assert_non_null(strstr(r.err, "option '--side' needs a value"));
    cli_run_free(&r);
    r = run_cli("do", path, "--side=french", "next", NULL); /* as status --side=french */
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    /* show's formation change under way: the formation's word too ("se forme
     * (line)" in French before), as status says it */
    r = run_cli("do", path, "next", NULL);
    cli_run_free(&r);
    r = run_cli("do", path, "formation", "br-2-5th", "attack-column", NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    r = run_cli("show", path, "--lang", "fr", NULL);
    assert_non_null(strstr(r.out, "se forme (colonne d'attaque) : encore 2 demi-périodes"));
    cli_run_free(&r);
}

/* An unknown action word names the actions of the game's family: the
 * message said '"help" lists the actions', which is true only at the play
 * prompt, not for 'grognard do' nor the server. */
static void test_unknown_action_names_the_actions(void **state)
{
    (void)state;
    cli_run r = run_cli("new", path, "--family", "gdb", "--seed", "3", NULL);
    cli_run_free(&r);
    r = run_cli("do", path, "frobnicate", NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "unknown action \"frobnicate\"; the actions of this gdb game: "
                                  "next, move, attach, detach, event, claim, accept, dispute, "
                                  "decide, explain, note, order\n"));
    assert_null(strstr(r.err, "help"));
    cli_run_free(&r);
    r = run_cli("do", path, "help", NULL);
    assert_int_equal(r.code, 1);
    assert_null(strstr(r.err, "start")); /* the first action only: never typed */
    cli_run_free(&r);
}

/* --side S with --referee is a wrong command line (exit 2, docs: "2 wrong
 * command line"), for every command that takes a seat; it was exit 1, from
 * the library's refusal, and new created the game before saying so. */
static void test_side_and_referee_exit_2(void **state)
{
    (void)state;
    cli_run r = run_cli("new", path, "--family", "gdb", "--seed", "3", "--side", "french",
                        "--referee", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    assert_int_equal(access(path, F_OK), -1); /* nothing created */
    r = run_cli("new", path, "--family", "gdb", "--seed", "3", NULL);
    cli_run_free(&r);
    cli_run runs[6];
    runs[0] = run_cli("status", path, "--side", "french", "--referee", NULL);
    runs[1] = run_cli("log", path, "--side", "french", "--referee", NULL);
    runs[2] = run_cli("show", path, "--side", "french", "--referee", NULL);
    runs[3] = run_cli("undo", path, "--side", "french", "--referee", NULL);
    runs[4] = run_cli("map", path, "-o", "/dev/null", "--side", "french", "--referee", NULL);
    runs[5] = run_cli("explain", path, "unit", "br-74th", "--side", "french", "--referee", NULL);
    for (size_t i = 0; i < 6; i++) {
        if (runs[i].code != 2)
            fail_msg("run %zu: exit %d (%s)", i, runs[i].code, runs[i].err);
        assert_non_null(strstr(runs[i].err, "--side and --referee cannot be used together"));
        cli_run_free(&runs[i]);
    }
    r = run_cli("do", path, "--side", "french", "--referee", "next", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("play", path, "--side", "french", "--referee", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    grog_game *g = NULL;
    assert_int_equal(grog_game_open(path, &g, NULL), GROG_OK);
    assert_int_equal(grog_game_action_count(g), 1); /* nothing was done */
    grog_game_close(g);
}

/* The game commands share one option parser: an option of another command
 * was silently ignored ('log GAME --seed 3' showed the log, 'new GAME
 * --turn 2' made a game). It is a wrong command line, exit 2, naming it. */
static void test_options_of_another_command_exit_2(void **state)
{
    (void)state;
    cli_run r = run_cli("new", path, "--family", "gdb", "--seed", "3", "--turn", "2", NULL);
    assert_int_equal(r.code, 2);
    assert_non_null(strstr(r.err, "--turn is not an option of new"));
    cli_run_free(&r);
    assert_int_equal(access(path, F_OK), -1); /* nothing created */
    r = run_cli("new", path, "--family", "gdb", "--seed", "3", NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    r = run_cli("log", path, "--seed", "3", NULL);
    assert_int_equal(r.code, 2);
    assert_non_null(strstr(r.err, "--seed is not an option of log"));
    cli_run_free(&r);
    r = run_cli("status", path, "--from-journal", NULL);
    assert_int_equal(r.code, 2);
    assert_non_null(strstr(r.err, "--from-journal is not an option of status"));
    cli_run_free(&r);
    r = run_cli("replay", path, "--referee", NULL);
    assert_int_equal(r.code, 2);
    assert_non_null(strstr(r.err, "--referee is not an option of replay"));
    cli_run_free(&r);
    r = run_cli("undo", path, "--truncate-at", "1", NULL);
    assert_int_equal(r.code, 2);
    assert_non_null(strstr(r.err, "--truncate-at is not an option of undo"));
    cli_run_free(&r);
    r = run_cli("repair", path, "--referee", NULL);
    assert_int_equal(r.code, 2);
    assert_non_null(strstr(r.err, "repair needs --truncate-at N"));
    cli_run_free(&r);
    /* each one's own options still work */
    r = run_cli("log", path, "--turn", "1", "--kind", "start", "--last", "1", "--side", "french", NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    r = run_cli("replay", path, "--json", NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
}

/* A number meeting a noun goes through ngettext: a new game replayed said
 * "Replayed 1 actions", and repair "the journal has 1 actions". */
static void test_one_action_singular(void **state)
{
    (void)state;
    cli_run r = run_cli("new", path, "--family", "gt", "--seed", "1", NULL);
    cli_run_free(&r);
    r = run_cli("replay", path, NULL);
    assert_int_equal(r.code, 0);
    assert_string_equal(r.out, "Replayed 1 action from the seed: every roll and result is identical.\n");
    cli_run_free(&r);
    r = run_cli("repair", path, "--truncate-at", "1", NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "--truncate-at 1: the journal has 1 action; nothing to cut"));
    cli_run_free(&r);
    r = run_cli("do", path, "note", "two", NULL);
    cli_run_free(&r);
    r = run_cli("replay", path, NULL);
    assert_string_equal(r.out, "Replayed 2 actions from the seed: every roll and result is identical.\n");
    cli_run_free(&r);
}

/* The number of actions in the journal at path (a fresh open each time). */
static size_t journal_count(const char *file)
{
    grog_game *g = NULL;
    if (grog_game_open(file, &g, NULL) != GROG_OK)
        return 0;
    size_t n = grog_game_action_count(g);
    grog_game_close(g);
    return n;
}

/* Actions another process writes while a play line is being typed are
 * announced before the line runs: only the prompt's catch-up said so, and
 * the line's own catch-up (inside its write) ran silently, so the player
 * acted on a state he had not been told of. The script comes through a
 * FIFO: a child sends the first line, waits until it is journaled (and for
 * play to sit at its next prompt), writes an action of its own as another
 * process, then sends the second line. */
static void test_play_says_what_others_wrote(void **state)
{
    (void)state;
    cli_run r = run_cli("new", path, "--family", "gdb", "--seed", "2", NULL);
    cli_run_free(&r);
    char fifo[96];
    snprintf(fifo, sizeof fifo, "%s.fifo", path);
    unlink(fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        FILE *f = fopen(fifo, "w");
        if (f == NULL)
            _exit(2);
        fputs("note one\n", f);
        fflush(f);
        for (int i = 0; i < 500 && journal_count(path) < 2; i++)
            nanosleep(&(struct timespec){0, 10000000}, NULL);
        nanosleep(&(struct timespec){0, 300000000}, NULL); /* play waits for its next line */
        grog_game *g = NULL;
        const char *w[] = {"next"};
        if (grog_game_open(path, &g, NULL) != GROG_OK || grog_game_do(g, 1, w, NULL, NULL) != GROG_OK)
            _exit(3);
        grog_game_close(g);
        fputs("note two\nquit\n", f);
        fclose(f);
        _exit(0);
    }
    assert_non_null(freopen(fifo, "r", stdin));
    r = run_cli("play", path, NULL);
    int status = 0;
    waitpid(child, &status, 0);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    assert_int_equal(r.code, 0);
    const char *two = strstr(r.out, "> note two\n");
    assert_non_null(two);
    const char *said = strstr(two, "1 action written by another process since the last prompt.");
    assert_non_null(said);
    assert_ptr_equal(said, strstr(two, "\n") + 1); /* right after the line, before its result */
    cli_run_free(&r);
    unlink(fifo);
    assert_int_equal(journal_count(path), 4); /* start, note one, next, note two */
}

static void test_cli_play_reads_a_script(void **state)
{
    (void)state;
    cli_run r = run_cli("new", path, "--family", "aigles", "--seed", "3", NULL);
    cli_run_free(&r);
    char script[96];
    snprintf(script, sizeof script, "%s.script", path);
    FILE *f = fopen(script, "w");
    fputs("help\norder picton mackinnon attack\norder picton pack attack\nstatus\nundo\nquit\n", f);
    fclose(f);
    assert_non_null(freopen(script, "r", stdin));
    r = run_cli("play", path, NULL);
    assert_int_equal(r.code, 1); /* a scripted play with a refused line says so (issue 13) */
    assert_non_null(strstr(r.err, "1 line refused"));
    assert_non_null(strstr(r.out, "formation UNIT"));        /* help lists the actions */
    assert_non_null(strstr(r.out, "obeys 6/6"));             /* a result with its odds */
    assert_non_null(strstr(r.out, "refused: AIG-O-11"));     /* a refusal */
    assert_non_null(strstr(r.out, "3 command points left")); /* status */
    assert_non_null(strstr(r.out, "Undone"));
    cli_run_free(&r);
    unlink(script);
    grog_game *g;
    assert_int_equal(grog_game_open(path, &g, NULL), GROG_OK);
    /* start, the order, its undo record: the order stays in the journal, undone */
    assert_int_equal(grog_game_action_count(g), 3);
    char *log = NULL;
    assert_int_equal(grog_game_log_text(g, NULL, &log, NULL), GROG_OK);
    assert_non_null(strstr(log, "undone by #3"));
    free(log);
    grog_game_close(g);
}

/* ---- General de Brigade ---- */

static void test_gdb_worked_example_and_attempts(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 1);
    /* The seed's example: Picton (gifted) 35 cm from Pack, target 6, net -1: 5 -> 4 fails. */
    json_t *r = act(g, "order picton pack attack --roll 5", GROG_OK, "GDB-05");
    json_t *rec = json_object_get(json_array_get(json_object_get(r, "records"), 0), "record");
    assert_int_equal(json_integer_value(json_object_get(rec, "modified_roll")), 4);
    assert_string_equal(json_exact_of(json_object_get(rec, "outcomes"), "name", "immediate"),
                        "15/36");
    json_decref(r);
    refused(g, "order picton mackinnon attack", GROG_ERULE, "GDB-01"); /* one per turn */
    refused(g, "order merle brenier attack", GROG_ERULE, "GDB-01");    /* not the C-in-C */
    refused(g, "order reynier brenier attack --roll 13", GROG_EINVAL, "--roll");
    ok(g, "next", NULL);
    refused(g, "order reynier brenier attack", GROG_ERULE, "Command Phase");
    grog_game_close(g);
}

static void test_gdb_delayed_order_comes_into_force(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 1);
    /* natural 7 - 1 = 6 = target: delayed (GDB-04) */
    ok(g, "order picton pack advance --roll 7", "GDB-04");
    assert_string_equal(grog_battle_officer_by_id(grog_game_battle(g), "pack")->order.kind, "hold");
    ok(g, "next", NULL);
    ok(g, "next", NULL);
    ok(g, "next", "GDB-04: 1 delayed order");
    assert_string_equal(grog_battle_officer_by_id(grog_game_battle(g), "pack")->order.kind,
                        "advance");
    /* natural 8 - 1 = 7 > 6: immediate (GDB-03) */
    ok(g, "order picton lightburne advance --roll 8", "GDB-03");
    assert_string_equal(grog_battle_officer_by_id(grog_game_battle(g), "lightburne")->order.kind,
                        "advance");
    grog_game_close(g);
}

static void test_gdb_hidden_orders_stay_hidden(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 1);
    ok(g, "order picton pack redeploy --roll 2", "GDB-05"); /* fails: stays face down */
    char *text = NULL;
    grog_seat french, anglo;
    assert_int_equal(grog_game_seat(g, "french", 0, &french, NULL), GROG_OK);
    assert_int_equal(grog_game_seat(g, "anglo-portuguese", 0, &anglo, NULL), GROG_OK);
    assert_int_equal(grog_game_log_json(g, &french, &text, NULL), GROG_OK);
    assert_null(strstr(text, "redeploy")); /* GDB-02: never shown to the enemy */
    free(text);
    assert_int_equal(grog_game_log_text(g, NULL, &text, NULL), GROG_OK);
    assert_null(strstr(text, "redeploy")); /* nor in the public view */
    assert_non_null(strstr(text, "face down"));
    free(text);
    assert_int_equal(grog_game_status_json(g, &french, &text, NULL), GROG_OK);
    assert_null(strstr(text, "redeploy"));
    free(text);
    assert_int_equal(grog_game_log_text(g, &anglo, &text, NULL), GROG_OK);
    assert_non_null(strstr(text, "redeploy")); /* his own side sees it */
    free(text);
    assert_int_equal(grog_game_status_json(g, &anglo, &text, NULL), GROG_OK);
    assert_non_null(strstr(text, "redeploy"));
    free(text);
    grog_game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_create_open_and_refuse_existing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_files, setup, teardown),
        cmocka_unit_test_setup_teardown(test_replay_names_first_difference, setup, teardown),
        cmocka_unit_test_setup_teardown(test_same_seed_same_game, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refusal_draws_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_undo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_next_cycles_phases_and_turns, setup, teardown),
        cmocka_unit_test_setup_teardown(test_move, setup, teardown),
        cmocka_unit_test_setup_teardown(test_events, setup, teardown),
        cmocka_unit_test_setup_teardown(test_capture_avance_and_liberation, setup, teardown),
        cmocka_unit_test_setup_teardown(test_note_and_explain_are_not_rolled, setup, teardown),
        cmocka_unit_test_setup_teardown(test_aigles_order_zone_points_and_test, setup, teardown),
        cmocka_unit_test_setup_teardown(test_aigles_melee_refusal, setup, teardown),
        cmocka_unit_test_setup_teardown(test_aigles_points_renewed_each_periode, setup, teardown),
        cmocka_unit_test_setup_teardown(test_aigles_explaining_and_failed_turns, setup, teardown),
        cmocka_unit_test_setup_teardown(test_aigles_adc_rides_and_passes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_aigles_formation_counts_down, setup, teardown),
        cmocka_unit_test_setup_teardown(test_aigles_morale_and_casualties, setup, teardown),
        cmocka_unit_test_setup_teardown(test_aigles_replacement, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gt_pip_phase_and_spending, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gt_attach_detach_flee, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gt_plans_gifts_and_orders, setup, teardown),
        cmocka_unit_test_setup_teardown(test_status_says_what_each_side_may_do, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cli_game_commands, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cli_play_reads_a_script, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cli_phase_words_and_counts, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unknown_action_names_the_actions, setup, teardown),
        cmocka_unit_test_setup_teardown(test_side_and_referee_exit_2, setup, teardown),
        cmocka_unit_test_setup_teardown(test_options_of_another_command_exit_2, setup, teardown),
        cmocka_unit_test_setup_teardown(test_one_action_singular, setup, teardown),
        cmocka_unit_test_setup_teardown(test_play_says_what_others_wrote, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gdb_worked_example_and_attempts, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gdb_delayed_order_comes_into_force, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gdb_hidden_orders_stay_hidden, setup, teardown),
    };
    return cmocka_run_group_tests_name("game", tests, NULL, NULL);
}
