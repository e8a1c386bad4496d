/* test_moves.c — `move` in its relative forms (issue 24, part 2: pieces
 * moved as the figures are pushed at the table), with positions worked
 * out by hand. Facing f is clockwise from +y: forward is (sin f, cos f),
 * right (cos f, -sin f). On the bundled Bussaco (lengths in cm, kept in mm):
 *  - Picton (800, 950) mm faces 180 (-y): forward 12cm -> (800, 830); back
 *    6in (152.4 mm) -> (800, 1102.4); left 5cm -> (850, 950) (facing south,
 *    his left hand is east); right 3cm -> (770, 950); turn 90 -> 270, then
 *    forward 10 (bare: the file's cm) -> (700, 950); turn -200 -> 340.
 *  - br-74th (760, 880), 160 x 40, to br-1-45th (580, 880), 160 x 40, both
 *    facing 180: along x, contact at centres 160 apart -> (740, 880); 5cm
 *    edge to edge -> (790, 880). Picton put on the 74th's centre (740, 880),
 *    then to it in contact: the line is his back (0, 1): 20 + 20 -> (740, 920).
 *  - gt on Quatre Bras (inches): Wellington (36, 30) in = (914.4, 762) mm
 *    faces 180: forward 3in -> y 685.8; left 2 (bare: in) -> x 965.2.
 *  - aigles with one pas = 2 mm: forward 50pas -> 100 mm; br-74th to
 *    br-1-45th 25pas -> 50 mm edge to edge -> (790, 880). */
#include <jansson.h>
#include <math.h>

#include "grognard/game.h"
#include "testutil.h"

static char path[64];
static char scen[96];

static int setup(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "moves");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "moves");
    return 0;
}

static void ok(grog_game *g, const char *line)
{
    char *result = NULL;
    grog_error err;
    grog_error_clear(&err);
    if (grog_game_do_line(g, line, &result, &err) != GROG_OK)
        fail_msg("\"%s\": %s", line, err.message);
    free(result);
}

static void refused_as(grog_game *g, const grog_seat *seat, const char *line, grog_status want,
                       const char *fragment)
{
    size_t before = grog_game_action_count(g);
    const grog_base before_base = *(const grog_base *)&grog_battle_unit(grog_game_battle(g), 0)->base;
    char *result = NULL;
    grog_error err;
    grog_error_clear(&err);
    grog_status st = seat != NULL ? grog_game_do_line_as(g, seat, line, &result, &err)
                                  : grog_game_do_line(g, line, &result, &err);
    free(result);
    if (st != want)
        fail_msg("\"%s\": status %d (%s), wanted %d", line, st, err.message, want);
    if (strstr(err.message, fragment) == NULL)
        fail_msg("\"%s\": \"%s\" lacks \"%s\"", line, err.message, fragment);
    assert_int_equal(grog_game_action_count(g), before); /* nothing written */
    const grog_base *after = &grog_battle_unit(grog_game_battle(g), 0)->base;
    assert_true(after->centre.x == before_base.centre.x && after->centre.y == before_base.centre.y);
}

static void refused(grog_game *g, const char *line, grog_status want, const char *fragment)
{
    refused_as(g, NULL, line, want, fragment);
}

static const grog_base *base_of(grog_game *g, const char *id)
{
    const grog_battle *b = grog_game_battle(g);
    const grog_officer *o = grog_battle_officer_by_id(b, id);
    if (o != NULL)
        return &o->base;
    const grog_troop *u = grog_battle_unit_by_id(b, id);
    assert_non_null(u);
    return &u->base;
}

static void assert_at(grog_game *g, const char *id, double x, double y, double facing)
{
    const grog_base *b = base_of(g, id);
    if (fabs(b->centre.x - x) > 1e-9 || fabs(b->centre.y - y) > 1e-9 || fabs(b->facing - facing) > 1e-9)
        fail_msg("%s at (%.6f, %.6f) facing %.6f, wanted (%.6f, %.6f) facing %.6f", id,
                 b->centre.x, b->centre.y, b->facing, x, y, facing);
}

static void test_gdb_forward_back_left_right_turn(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_GDB, NULL, 1);
    ok(g, "move picton forward 12cm");
    assert_at(g, "picton", 800, 830, 180);
    ok(g, "move picton 80 95"); /* back where he stood (cm) */
    assert_at(g, "picton", 800, 950, 180);
    ok(g, "move picton back 6in");
    assert_at(g, "picton", 800, 1102.4, 180);
    ok(g, "move picton 80 95");
    ok(g, "move picton left 5cm");
    assert_at(g, "picton", 850, 950, 180);
    ok(g, "move picton right 8cm");
    assert_at(g, "picton", 770, 950, 180);
    ok(g, "move picton turn 90");
    assert_at(g, "picton", 770, 950, 270);
    ok(g, "move picton forward 10"); /* a bare number: the scenario's cm */
    assert_at(g, "picton", 670, 950, 270);
    ok(g, "move picton turn -290"); /* 270 - 290 = -20 -> 340 */
    assert_at(g, "picton", 670, 950, 340);
    ok(g, "move picton forward 0");
    assert_at(g, "picton", 670, 950, 340);
    grog_game_close(g);
}

static void test_gdb_to_another_piece(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_GDB, NULL, 1);
    const grog_base *other = base_of(g, "br-1-45th");
    ok(g, "move br-74th to br-1-45th contact");
    assert_at(g, "br-74th", 740, 880, 180);
    assert_true(grog_base_distance(base_of(g, "br-74th"), other) < 1e-3);
    assert_true(grog_base_contact(base_of(g, "br-74th"), other, 0.01));
    ok(g, "move br-74th to br-1-45th 5cm");
    assert_at(g, "br-74th", 790, 880, 180);
    ok(g, "move br-74th to br-1-45th"); /* contact when no distance is given */
    assert_at(g, "br-74th", 740, 880, 180);
    /* Centres that meet: along his back, so that he faces the 74th. */
    ok(g, "move picton 74 88"); /* the 74th's centre now */
    ok(g, "move picton to br-74th contact");
    assert_at(g, "picton", 740, 920, 180);
    /* Slantwise (Pack to the French 4e léger, 2nd bn): no round numbers, but
     * 12 cm edge to edge on the line between the centres, facing kept. */
    const grog_base *pack = base_of(g, "pack");
    grog_point was = pack->centre;
    const grog_base *fr = base_of(g, "fr-4leger-2");
    ok(g, "move pack to fr-4leger-2 12cm");
    assert_true(fabs(grog_base_distance(pack, fr) - 120.0) < 2e-3);
    double cross = (was.x - fr->centre.x) * (pack->centre.y - fr->centre.y) -
                   (was.y - fr->centre.y) * (pack->centre.x - fr->centre.x);
    assert_true(fabs(cross) / grog_point_distance(was, fr->centre) < 2e-3); /* on the line */
    assert_true(pack->facing == 180);
    grog_game_close(g);
}

static void test_gt_in_inches(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_GT, "quatre-bras-1815", 1);
    assert_at(g, "wellington", 914.4, 762, 180);
    ok(g, "move wellington forward 3in");
    assert_at(g, "wellington", 914.4, 685.8, 180);
    ok(g, "move wellington left 2"); /* bare: the scenario's inches */
    assert_at(g, "wellington", 965.2, 685.8, 180);
    ok(g, "move wellington back 7.62cm");
    assert_at(g, "wellington", 965.2, 762, 180);
    grog_game_close(g);
}

/* Bussaco with one pas = 2 mm (table.mm_per_pas), written beside the game. */
static const char *scenario_two_mm_pas(void)
{
    char src[512];
    const char *dir = getenv("GROGNARD_SRCDIR");
    snprintf(src, sizeof src, "%s/data/scenarios/bussaco-1810.json", dir ? dir : ".");
    json_t *s = json_load_file(src, 0, NULL);
    assert_non_null(s);
    json_object_set_new(json_object_get(s, "table"), "mm_per_pas", json_real(2.0));
    snprintf(scen, sizeof scen, "/tmp/grog-test-moves-%d.json", (int)getpid());
    assert_int_equal(json_dump_file(s, scen, 0), 0);
    json_decref(s);
    return scen;
}

static void test_aigles_in_pas(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_AIGLES, scenario_two_mm_pas(), 1);
    ok(g, "move picton forward 50pas");
    assert_at(g, "picton", 800, 850, 180);
    ok(g, "move picton left 25pas");
    assert_at(g, "picton", 850, 850, 180);
    ok(g, "move br-74th to br-1-45th 25pas");
    assert_at(g, "br-74th", 790, 880, 180); /* centres 160 + 50 mm apart */
    grog_game_close(g);
    remove(scen);
}

static void test_refusals(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_GDB, NULL, 1);
    refused(g, "move br-2-5th sideways 3cm", GROG_EINVAL, "\"sideways\" is not a length (X), nor one of forward");
    refused(g, "move br-2-5th forward", GROG_EINVAL, "usage: move ID");
    refused(g, "move br-2-5th forward 3cm 4cm", GROG_EINVAL, "usage: move ID");
    refused(g, "move br-2-5th forward -3cm", GROG_EINVAL, "cannot be negative");
    refused(g, "move br-2-5th forward 3parsecs", GROG_EINVAL, "DIST");
    refused(g, "move br-2-5th back 200cm", GROG_EINVAL, "off the table"); /* y 900 + 2000 */
    refused(g, "move br-2-5th turn left", GROG_EINVAL, "DEGREES: expected degrees");
    refused(g, "move br-2-5th turn inf", GROG_EINVAL, "DEGREES: expected degrees");
    refused(g, "move br-2-5th turn 90 90", GROG_EINVAL, "usage: move ID");
    refused(g, "move br-2-5th to", GROG_EINVAL, "usage: move ID");
    refused(g, "move br-2-5th to nobody", GROG_ENOTFOUND, "no officer or unit \"nobody\"");
    refused(g, "move br-2-5th to br-2-5th", GROG_EINVAL, "cannot be moved to itself");
    refused(g, "move br-2-5th to br-2-58th -1cm", GROG_EINVAL, "cannot be negative");
    refused(g, "move br-2-5th to br-2-58th 2000cm", GROG_EINVAL, "off the table");
    refused(g, "move nobody forward 3cm", GROG_ENOTFOUND, "no officer or unit \"nobody\"");
    /* A side moves its own pieces only, whatever the form; the referee any. */
    grog_seat french = {GROG_SEAT_SIDE, "french"};
    refused_as(g, &french, "move br-2-5th forward 3cm", GROG_EDENIED, "not a piece of french");
    refused_as(g, &french, "move br-2-5th to fr-2leger contact", GROG_EDENIED, "not a piece of french");
    refused_as(g, &french, "move picton turn 90", GROG_EDENIED, "not a piece of french");
    char *result = NULL;
    grog_error err;
    assert_int_equal(grog_game_do_line_as(g, &french, "move fr-2leger forward 3cm", &result, &err),
                     GROG_OK);
    free(result);
    assert_at(g, "fr-2leger", 400, 430, 0);
    grog_seat referee = {GROG_SEAT_REFEREE, NULL};
    assert_int_equal(grog_game_do_line_as(g, &referee, "move br-2-5th forward 3cm", &result, &err),
                     GROG_OK);
    free(result);
    assert_at(g, "br-2-5th", 200, 870, 180);
    grog_game_close(g);
}

/* The journal's event holds the place reached; a replay reaches it again
 * byte for byte, and undo puts the piece back. */
static void test_journal_replay_and_undo(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_GDB, NULL, 1);
    char *result = NULL;
    grog_error err;
    assert_int_equal(grog_game_do_line(g, "move br-74th to br-1-45th 5cm", &result, &err), GROG_OK);
    json_t *r = json_loads(result, 0, NULL);
    free(result);
    json_t *ev = json_array_get(json_object_get(r, "events"), 0);
    assert_string_equal(json_string_value(json_object_get(ev, "type")), "move");
    json_t *data = json_object_get(ev, "data") ? json_object_get(ev, "data") : ev;
    assert_true(json_number_value(json_object_get(data, "x")) == 790.0);
    assert_true(json_number_value(json_object_get(data, "y")) == 880.0);
    json_decref(r);
    ok(g, "move picton turn 45");
    ok(g, "move picton forward 10cm"); /* 100 (sin 225, cos 225): -70.711, -70.711 */
    assert_at(g, "picton", 729.289, 879.289, 225);
    grog_game_close(g);
    g = NULL;
    assert_int_equal(grog_game_open(path, &g, &err), GROG_OK);
    size_t n = 0;
    assert_int_equal(grog_game_replay(g, &n, &err), GROG_OK);
    assert_at(g, "picton", 729.289, 879.289, 225);
    assert_at(g, "br-74th", 790, 880, 180);
    assert_int_equal(grog_game_undo(g, &err), GROG_OK);
    assert_at(g, "picton", 800, 950, 225);
    grog_game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_gdb_forward_back_left_right_turn, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gdb_to_another_piece, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gt_in_inches, setup, teardown),
        cmocka_unit_test_setup_teardown(test_aigles_in_pas, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refusals, setup, teardown),
        cmocka_unit_test_setup_teardown(test_journal_replay_and_undo, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
