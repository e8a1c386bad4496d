/* test_claims.c — claims (docs/game.md "Claims", issue 29): an event a side
 * reports about the other side's pieces is journaled, not applied, until
 * the side it is about accepts it or the referee decides; the referee's
 * own events and a side's events about its own pieces apply at once.
 * On the embedded default scenario (Bussaco, Les Aigles): Picton,
 * Mackinnon, Lightburne and the 74th Foot are anglo-portuguese; the 2e
 * Leger (fr-2leger) is french, about 60 cm from Mackinnon. */
#include <math.h>
#include <unistd.h>

#include "grognard/game.h"
#include "testutil.h"

#include "game/claim_list.h"
#include "game/engine.h"
#include "game/snapshot.h"

static char path[64], twin[64];

static int setup(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "claims");
    test_game_path(twin, sizeof twin, "claims-twin");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "claims");
    test_game_path(twin, sizeof twin, "claims-twin");
    return 0;
}

/* side NULL: the referee; "": the public. */
static grog_seat seat_of(grog_game *g, const char *side)
{
    grog_seat s;
    grog_error err;
    if (grog_game_seat(g, side, side == NULL, &s, &err) != GROG_OK)
        fail_msg("seat: %s", err.message);
    return s;
}

/* Does the line as seat; the status; *result (may be NULL) the result. */
static grog_status do_as(grog_game *g, const char *side, const char *line, char **result,
                         grog_error *err)
{
    grog_seat s = seat_of(g, side);
    return grog_game_do_line_as(g, &s, line, result, err);
}

static void must(grog_game *g, const char *side, const char *line)
{
    grog_error err;
    if (do_as(g, side, line, NULL, &err) != GROG_OK)
        fail_msg("%s: %s", line, err.message);
}

static grog_officer_state officer_state(grog_game *g, const char *id)
{
    return grog_battle_officer_by_id(grog_game_battle(g), id)->state;
}

static json_t *claims_of(grog_game *g, const char *side)
{
    grog_seat s = seat_of(g, side);
    char *text = NULL;
    assert_int_equal(grog_game_claims_json(g, &s, &text, NULL), GROG_OK);
    json_t *j = json_loads(text, 0, NULL);
    free(text);
    assert_non_null(j);
    return json_object_get(j, "claims") != NULL ? j : NULL;
}

/* The french 2e Leger moved onto Mackinnon: in contact on the map. */
static void into_contact(grog_game *g)
{
    const grog_officer *m = grog_battle_officer_by_id(grog_game_battle(g), "mackinnon");
    char line[128];
    snprintf(line, sizeof line, "move fr-2leger %.3fmm %.3fmm", m->base.centre.x,
             m->base.centre.y);
    must(g, "french", line);
}

/* The events of a result JSON text after its first `skip` ones, as text. */
static char *events_after(const char *result, size_t skip)
{
    json_t *r = json_loads(result, 0, NULL);
    json_t *ev = json_object_get(r, "events"), *rest = json_array();
    for (size_t i = skip; i < json_array_size(ev); i++)
        json_array_append(rest, json_array_get(ev, i));
    char *s = json_dumps(rest, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(rest);
    json_decref(r);
    return s;
}

/* A side's contact of an enemy officer is a claim: its row is "claim SIDE
 * event ...", of the claiming side, the officer stays free, the claim is
 * listed; accepted by the side it is about, the officer is taken, with the
 * very events the referee's own report gives; the journal replays. */
static void test_claim_accepted_is_applied_as_the_referees_event(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_AIGLES, NULL, 1810);
    grog_game *t = test_game_create(twin, GROG_FAMILY_AIGLES, NULL, 1810);
    into_contact(g);
    into_contact(t);
    char *r = NULL;
    grog_error err;
    assert_int_equal(do_as(g, "french", "event contact mackinnon fr-2leger", &r, &err), GROG_OK);
    json_t *res = json_loads(r, 0, NULL);
    assert_string_equal(json_string_value(json_array_get(json_object_get(res, "action"), 0)),
                        "claim");
    assert_string_equal(json_string_value(json_object_get(res, "side")), "french");
    json_t *ev0 = json_array_get(json_object_get(res, "events"), 0);
    assert_string_equal(json_string_value(json_object_get(ev0, "type")), "claim");
    long long n = json_integer_value(json_object_get(res, "seq"));
    assert_int_equal(n, 3); /* start, move, the claim */
    json_decref(res);
    free(r);
    assert_int_equal(officer_state(g, "mackinnon"), GROG_OFFICER_ACTIVE);
    json_t *c = claims_of(g, "anglo-portuguese");
    json_t *k = json_array_get(json_object_get(c, "claims"), 0);
    assert_int_equal(json_integer_value(json_object_get(k, "claim")), 3);
    assert_string_equal(json_string_value(json_object_get(k, "by")), "french");
    assert_string_equal(json_string_value(json_object_get(k, "about")), "anglo-portuguese");
    assert_string_equal(json_string_value(json_object_get(k, "status")), "pending");
    assert_null(json_object_get(k, "warning")); /* in contact on the map: no warning */
    assert_int_equal(json_array_size(json_object_get(k, "may")), 2); /* accept, dispute */
    json_decref(c);

    assert_int_equal(do_as(g, "anglo-portuguese", "accept 3", &r, &err), GROG_OK);
    assert_int_equal(officer_state(g, "mackinnon"), GROG_OFFICER_PRISONER);
    assert_string_equal(grog_battle_officer_by_id(grog_game_battle(g), "mackinnon")->held_by,
                        "fr-2leger");
    char *applied = events_after(r, 1); /* after "claim-accepted" */
    free(r);
    assert_int_equal(do_as(t, NULL, "event contact mackinnon fr-2leger", &r, &err), GROG_OK);
    char *referee = events_after(r, 0);
    free(r);
    assert_string_equal(applied, referee);
    free(applied);
    free(referee);
    c = claims_of(g, "anglo-portuguese");
    assert_int_equal(json_array_size(json_object_get(c, "claims")), 0);
    json_decref(c);
    size_t rows = 0;
    assert_int_equal(grog_game_replay(g, &rows, &err), GROG_OK);
    assert_int_equal(rows, 4);
    grog_game_close(t);
    grog_game_close(g);
}

/* Never applied without the other side or the referee: the claiming side
 * may not accept, dispute or decide its own claim, the public nothing; the
 * game goes on (phases end) and the officer stays free; the claim is still
 * open after the game is opened again. */
static void test_claim_never_applied_by_its_own_side(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_AIGLES, NULL, 7);
    must(g, "french", "event contact mackinnon fr-2leger");
    grog_error err;
    size_t before = grog_game_action_count(g);
    assert_int_equal(do_as(g, "french", "accept 2", NULL, &err), GROG_EDENIED);
    assert_non_null(strstr(err.message, "claim #2"));
    assert_int_equal(do_as(g, "french", "dispute 2", NULL, &err), GROG_EDENIED);
    assert_int_equal(do_as(g, "french", "decide 2 apply", NULL, &err), GROG_EDENIED);
    assert_int_equal(do_as(g, "anglo-portuguese", "decide 2 apply", NULL, &err), GROG_EDENIED);
    grog_seat pub = {GROG_SEAT_PUBLIC, NULL};
    const char *w[] = {"accept", "2"};
    assert_int_equal(grog_game_do_as(g, &pub, 2, w, NULL, &err), GROG_EDENIED);
    assert_int_equal(grog_game_action_count(g), before); /* nothing written */
    for (int i = 0; i < 4; i++)
        must(g, NULL, "next");
    assert_int_equal(officer_state(g, "mackinnon"), GROG_OFFICER_ACTIVE);
    /* the claim SIDE form typed by a side for the other side is refused too */
    assert_int_equal(do_as(g, "french", "claim anglo-portuguese event contact pack fr-2leger",
                           NULL, &err),
                     GROG_EINVAL); /* about anglo-portuguese's own pieces: no claim */
    assert_int_equal(do_as(g, "anglo-portuguese",
                           "claim french event contact lightburne fr-2leger", NULL, &err),
                     GROG_EDENIED); /* a claim in french's name */
    grog_game_close(g);
    if (grog_game_open(path, &g, &err) != GROG_OK)
        fail_msg("open: %s", err.message);
    json_t *c = claims_of(g, ""); /* "": the public */
    assert_int_equal(json_array_size(json_object_get(c, "claims")), 1);
    /* the public sees the claim and may answer nothing */
    assert_int_equal(json_array_size(json_object_get(json_array_get(json_object_get(c, "claims"),
                                                                    0),
                                                     "may")),
                     0);
    json_decref(c);
    assert_int_equal(officer_state(g, "mackinnon"), GROG_OFFICER_ACTIVE);
    grog_game_close(g);
}

/* Disputed, the referee decides: reject applies nothing, apply applies it;
 * a claim disputed twice, or answered twice, is refused; a dispute leaves
 * it listed as "disputed". */
static void test_disputed_claims_decided_by_the_referee(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_AIGLES, NULL, 11);
    must(g, "french", "event contact mackinnon fr-2leger");  /* #2 */
    must(g, "french", "event contact lightburne fr-2leger"); /* #3 */
    grog_error err;
    must(g, "anglo-portuguese", "dispute 2");
    assert_int_equal(do_as(g, "anglo-portuguese", "dispute 2", NULL, &err), GROG_EINVAL);
    json_t *c = claims_of(g, "anglo-portuguese");
    json_t *k = json_array_get(json_object_get(c, "claims"), 0);
    assert_string_equal(json_string_value(json_object_get(k, "status")), "disputed");
    assert_int_equal(json_array_size(json_object_get(k, "may")), 1); /* accept only */
    json_decref(c);
    must(g, "anglo-portuguese", "dispute 3");
    must(g, NULL, "decide 2 reject");
    assert_int_equal(officer_state(g, "mackinnon"), GROG_OFFICER_ACTIVE);
    must(g, NULL, "decide 3 apply");
    assert_int_equal(officer_state(g, "lightburne"), GROG_OFFICER_PRISONER);
    assert_int_equal(do_as(g, NULL, "decide 3 apply", NULL, &err), GROG_ENOTFOUND);
    assert_int_equal(do_as(g, NULL, "decide 2 apply", NULL, &err), GROG_ENOTFOUND);
    assert_int_equal(do_as(g, NULL, "decide 9 maybe", NULL, &err), GROG_ENOTFOUND);
    size_t rows;
    assert_int_equal(grog_game_replay(g, &rows, &err), GROG_OK);
    grog_game_close(g);
}

/* The referee's events and a side's events about its own pieces apply at
 * once: no claim. The 74th is anglo-portuguese. */
static void test_own_and_referee_events_apply_at_once(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_AIGLES, NULL, 3);
    char *r = NULL;
    grog_error err;
    assert_int_equal(do_as(g, "anglo-portuguese", "event casualties br-74th 3", &r, &err),
                     GROG_OK);
    json_t *res = json_loads(r, 0, NULL);
    assert_string_equal(json_string_value(json_array_get(json_object_get(res, "action"), 0)),
                        "event");
    json_decref(res);
    free(r);
    assert_int_equal(grog_battle_unit_by_id(grog_game_battle(g), "br-74th")->casualties, 3);
    /* a side reports its own officer taken: applied at once */
    must(g, "anglo-portuguese", "event contact mackinnon fr-2leger");
    assert_int_equal(officer_state(g, "mackinnon"), GROG_OFFICER_PRISONER);
    /* the referee's report about anyone */
    must(g, NULL, "event casualties fr-2leger 5");
    assert_int_equal(grog_battle_unit_by_id(grog_game_battle(g), "fr-2leger")->casualties, 5);
    /* the other side's casualties reported by a side: a claim, nothing lost yet */
    must(g, "anglo-portuguese", "event casualties fr-2leger 4");
    assert_int_equal(grog_battle_unit_by_id(grog_game_battle(g), "fr-2leger")->casualties, 5);
    must(g, "french", "accept 5");
    assert_int_equal(grog_battle_unit_by_id(grog_game_battle(g), "fr-2leger")->casualties, 9);
    grog_game_close(g);
}

/* What the positions say: Mackinnon stands about 60 cm from the 2e Leger,
 * so a contact claim carries a warning naming the distance; a melee
 * claimed for a unit no french unit touches, likewise. A table measure
 * given with the claim (--measure) is the claim's own: kept with it, shown
 * beside the map's distance, and used again by the answer. */
static void test_claim_warnings_from_the_positions(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_AIGLES, NULL, 5);
    const grog_battle *b = grog_game_battle(g);
    double mm = grog_base_distance(&grog_battle_officer_by_id(b, "mackinnon")->base,
                                   &grog_battle_unit_by_id(b, "fr-2leger")->base);
    assert_true(mm > 100.0);
    must(g, "french", "event contact mackinnon fr-2leger");
    must(g, "french", "event melee br-74th start");
    must(g, "french", "event contact picton fr-2leger --measure picton:fr-2leger=contact");
    json_t *c = claims_of(g, "anglo-portuguese");
    json_t *a = json_object_get(c, "claims");
    assert_int_equal(json_array_size(a), 3);
    json_t *k = json_array_get(a, 0);
    char want[64];
    snprintf(want, sizeof want, "%.1f cm from", mm / 10.0); /* Bussaco's unit: cm */
    assert_non_null(strstr(json_string_value(json_object_get(k, "warning")), want));
    json_t *check = json_object_get(k, "check");
    assert_false(json_is_true(json_object_get(check, "contact")));
    assert_string_equal(json_string_value(json_object_get(check, "source")), "map");
    assert_true(fabs(json_real_value(json_object_get(check, "map_mm")) - mm) < 1e-9);
    k = json_array_get(a, 1);
    assert_non_null(strstr(json_string_value(json_object_get(k, "warning")), "74th Foot"));
    assert_string_equal(json_string_value(json_object_get(json_object_get(k, "check"), "what")),
                        "nearest-enemy");
    k = json_array_get(a, 2);
    check = json_object_get(k, "check");
    assert_true(json_is_true(json_object_get(check, "contact")));
    assert_string_equal(json_string_value(json_object_get(check, "source")), "table");
    assert_non_null(strstr(json_string_value(json_object_get(k, "warning")),
                           "Measured at the table"));
    json_decref(c);
    grog_error err;
    /* the answer uses the claim's measure; it takes none of its own */
    assert_int_equal(do_as(g, "anglo-portuguese", "accept 4 --measure picton:fr-2leger=1cm",
                           NULL, &err),
                     GROG_EINVAL);
    must(g, "anglo-portuguese", "accept 4");
    assert_int_equal(officer_state(g, "picton"), GROG_OFFICER_PRISONER);
    size_t rows;
    assert_int_equal(grog_game_replay(g, &rows, &err), GROG_OK);
    grog_game_close(g);
}

/* A claim the rules refuse is refused (nothing written); a claim carries no
 * dice; undo takes a claim back (the claimant's own action) and takes an
 * accept back (the claim is open again). */
static void test_claims_refused_and_undone(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_AIGLES, NULL, 9);
    must(g, NULL, "event contact mackinnon fr-2leger"); /* #2, the referee: at once */
    grog_error err;
    size_t n = grog_game_action_count(g);
    assert_int_equal(do_as(g, "french", "event contact mackinnon fr-2leger", NULL, &err),
                     GROG_EINVAL); /* not active (a prisoner) */
    assert_int_equal(do_as(g, "french", "event flees br-74th --roll 3", NULL, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "no dice"));
    assert_int_equal(grog_game_action_count(g), n);
    must(g, "french", "event contact lightburne fr-2leger"); /* #3 */
    grog_seat french = seat_of(g, "french"), anglo = seat_of(g, "anglo-portuguese");
    assert_int_equal(grog_game_undo_as(g, &anglo, 0, NULL, &err), GROG_EDENIED);
    assert_int_equal(grog_game_undo_as(g, &french, 0, NULL, &err), GROG_OK); /* #4 undoes #3 */
    json_t *c = claims_of(g, NULL);
    assert_int_equal(json_array_size(json_object_get(c, "claims")), 0);
    json_decref(c);
    must(g, "french", "event contact lightburne fr-2leger"); /* #5 */
    must(g, "anglo-portuguese", "accept 5");                 /* #6 */
    assert_int_equal(officer_state(g, "lightburne"), GROG_OFFICER_PRISONER);
    assert_int_equal(grog_game_undo_as(g, &anglo, 0, NULL, &err), GROG_OK);
    assert_int_equal(officer_state(g, "lightburne"), GROG_OFFICER_ACTIVE);
    c = claims_of(g, NULL);
    assert_int_equal(json_array_size(json_object_get(c, "claims")), 1);
    json_decref(c);
    size_t rows;
    assert_int_equal(grog_game_replay(g, &rows, &err), GROG_OK);
    grog_game_close(g);
}

/* A snapshot keeps the open claims (and the same bytes without any): saved,
 * read back and saved again, byte for byte; a claim naming no side of the
 * battle is damage. */
static void test_snapshot_keeps_claims(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_AIGLES, NULL, 13);
    char *plain = game_state_save(g, &g->s);
    assert_null(strstr(plain, "\"claims\""));
    must(g, "french", "event contact mackinnon fr-2leger");
    must(g, "anglo-portuguese", "dispute 2");
    char *text = game_state_save(g, &g->s);
    assert_non_null(strstr(text, "\"claims\":[{\"seq\":2,\"by\":\"french\""));
    game_state s;
    grog_error err;
    assert_int_equal(game_state_load(g, text, &s, &err), GROG_OK);
    assert_int_equal(claim_list_count(s.claims), 1);
    assert_true(s.claims->v[0].disputed);
    char *again = game_state_save(g, &s);
    assert_string_equal(text, again);
    game_state_free(g, &s);
    char *bad = strdup(text);
    char *p = strstr(bad, "\"by\":\"french\"");
    memcpy(p, "\"by\":\"frenck\"", 13);
    assert_int_equal(game_state_load(g, bad, &s, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "claims[0].by"));
    free(bad);
    free(again);
    free(text);
    free(plain);
    grog_game_close(g);
}

/* The sentence of claim n in j (GET claims, grognard claims --json). */
static const char *sentence_of(json_t *j, long long n)
{
    json_t *a = json_object_get(j, "claims");
    for (size_t i = 0; i < json_array_size(a); i++)
        if (json_integer_value(json_object_get(json_array_get(a, i), "claim")) == n)
            return json_string_value(json_object_get(json_array_get(a, i), "sentence"));
    fail_msg("no claim %lld", n);
    return NULL;
}

/* The claims list says each claim's event as the sentence the event writes when
 * applied, the pieces by name (it showed the words typed: "event contact mackinnon
 * fr-2leger"); the words stay in "text" and "words", and the CLI's text gives them
 * to the referee only ("typed:"). Per family: Les Aigles' sentences carry their
 * rule, the others' say a table event. */
static void test_claims_said_as_sentences(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_AIGLES, NULL, 1810);
    static const char *const lines[][2] = {
        {"event contact mackinnon fr-2leger",
         "AIG-O-21: Colonel Henry Mackinnon is contacted by 2e Leger and taken prisoner."},
        {"event routs br-2-5th", "2/5th Foot routs."},
        {"event casualties br-74th 1", "74th Foot takes 1 casualty."},
        {"event casualties br-74th 3", "74th Foot takes 3 casualties."},
        {"event killed pack", "AIG-O-26: Brigadier-General Denis Pack is killed."},
        {"event breaks pack", "The brigade of Brigadier-General Denis Pack is broken."},
        {"event disorder pt-9th", "9th Portuguese Line falls into disorder."},
    };
    size_t n = sizeof lines / sizeof lines[0];
    for (size_t i = 0; i < n; i++)
        must(g, "french", lines[i][0]);
    json_t *j = claims_of(g, "anglo-portuguese");
    for (size_t i = 0; i < n; i++) {
        const char *said = sentence_of(j, (long long)i + 2); /* #1 is the game's start */
        assert_non_null(said);
        assert_string_equal(said, lines[i][1]);
    }
    json_t *first = json_array_get(json_object_get(j, "claims"), 0);
    assert_string_equal(json_string_value(json_object_get(first, "text")),
                        "event contact mackinnon fr-2leger");
    json_decref(j);
    grog_game_close(g);
    /* the CLI: the sentence for every seat, the words typed for the referee alone */
    cli_run r = run_cli("claims", path, "--side", "anglo-portuguese", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "claims: 2/5th Foot routs.\n"));
    assert_null(strstr(r.out, "event routs"));
    assert_null(strstr(r.out, "typed:"));
    cli_run_free(&r);
    r = run_cli("claims", path, "--referee", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "claims: 2/5th Foot routs.\n     typed: event routs br-2-5th\n"));
    cli_run_free(&r);
    r = run_cli("--lang", "fr", "claims", path, NULL);
    assert_int_equal(r.code, 0);
    assert_null(strstr(r.out, "event routs"));
    assert_null(strstr(r.out, "casualty"));
    cli_run_free(&r);
    /* General de Brigade: the same contact is a table event there */
    grog_game_remove(path);
    g = test_game_create(path, GROG_FAMILY_GDB, NULL, 3);
    must(g, "french", "event contact mackinnon fr-2leger");
    j = claims_of(g, NULL);
    assert_string_equal(sentence_of(j, 2), "Colonel Henry Mackinnon is taken prisoner by 2e Leger "
                                           "(a table event: these rules have none for it).");
    json_decref(j);
    grog_game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_claim_accepted_is_applied_as_the_referees_event,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_claim_never_applied_by_its_own_side, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_disputed_claims_decided_by_the_referee, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_own_and_referee_events_apply_at_once, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_claim_warnings_from_the_positions, setup, teardown),
        cmocka_unit_test_setup_teardown(test_claims_refused_and_undone, setup, teardown),
        cmocka_unit_test_setup_teardown(test_snapshot_keeps_claims, setup, teardown),
        cmocka_unit_test_setup_teardown(test_claims_said_as_sentences, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
