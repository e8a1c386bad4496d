/* test_measures.c — measures taken at the table (tape.h, issue 24): the
 * tape's parsing and refusals, the record's "measures", and every measure
 * kind of every family through the rules and the game, with values worked
 * out by hand on the embedded default scenario (Bussaco; lengths in mm,
 * bases 40 mm square for officers):
 *  - gdb: Picton (800, 950) to Pack (1190, 950): 390 - 40 = 350 mm = 35.0 cm
 *    (GDB-09 -2), the nearest French unit fr-4leger-2 at 49.0 cm; Picton is
 *    gifted (+1); the British column's value is 6 (2d6, greater: immediate).
 *  - aigles: Picton, command 4 (zone 150 pas at 25 mm, 1 pas = 1 mm), 350 pas
 *    from Pack; Lightburne, command 2 (zone 50 pas), 30 pas from the 2/5th.
 *  - gt: Picton gives his PIP within 9" (GT-10); Mackinnon stands 44.7 mm
 *    from the 1/45th (GT-03: edge-to-edge contact only). */
#include <math.h>

#include "grognard/game.h"
#include "testutil.h"

static char path[64];

static int setup(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "measures");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "measures");
    return 0;
}

/* ---- helpers ---- */

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

static void refused(grog_game *g, const char *line, grog_status want, const char *fragment)
{
    size_t before = grog_game_action_count(g);
    json_decref(act(g, line, want, fragment));
    assert_int_equal(grog_game_action_count(g), before); /* nothing written */
}

/* The first record of a result (borrowed from r). */
static json_t *record_of(json_t *r)
{
    json_t *rec = json_object_get(json_array_get(json_object_get(r, "records"), 0), "record");
    assert_non_null(rec);
    return rec;
}

/* The measure of that id in a record, or NULL. */
static json_t *measure_of(json_t *rec, const char *id)
{
    size_t i;
    json_t *m;
    json_array_foreach(json_object_get(rec, "measures"), i, m)
        if (strcmp(json_string_value(json_object_get(m, "id")), id) == 0)
            return m;
    return NULL;
}

static void assert_measure(json_t *rec, const char *id, const char *what, double value,
                           const char *unit, const char *source, const char *rule)
{
    json_t *m = measure_of(rec, id);
    if (m == NULL)
        fail_msg("no measure %s", id);
    assert_string_equal(json_string_value(json_object_get(m, "what")), what);
    if (strcmp(what, "contact") == 0)
        assert_int_equal(json_is_true(json_object_get(m, "value")), value != 0);
    else
        assert_true(fabs(json_number_value(json_object_get(m, "value")) - value) < 0.05);
    if (unit != NULL)
        assert_string_equal(json_string_value(json_object_get(m, "unit")), unit);
    else
        assert_true(json_is_null(json_object_get(m, "unit")));
    assert_string_equal(json_string_value(json_object_get(m, "source")), source);
    assert_string_equal(json_string_value(json_object_get(m, "rule")), rule);
}

/* The exact odds of an outcome in a record ("15/36"). */
static const char *odds(json_t *rec, const char *name)
{
    size_t i;
    json_t *o;
    json_array_foreach(json_object_get(rec, "outcomes"), i, o)
        if (strcmp(json_string_value(json_object_get(o, "name")), name) == 0)
            return json_string_value(json_object_get(o, "exact"));
    return "";
}

static int has_modifier(json_t *rec, const char *rule)
{
    size_t i;
    json_t *m;
    json_array_foreach(json_object_get(rec, "modifiers"), i, m)
        if (strcmp(json_string_value(json_object_get(m, "rule")), rule) == 0)
            return 1;
    return 0;
}

/* ---- the tape ---- */

static void test_tape_parses_every_unit_and_contact(void **state)
{
    (void)state;
    grog_scale sc = {25, 2.0}; /* one pas = 2 mm */
    grog_tape *t = grog_tape_create(&sc, GROG_UNIT_CM, 2000);
    grog_error err;
    const char *ok[] = {"a:b=28cm", "a:c=9in", "a:d=150pas", "a:e=12.5mm", "a:f=contact",
                        "a:g=no-contact", "a:enemy=12cm", "a:h=30", "a:i=9\""};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        if (grog_tape_add(t, ok[i], &err) != GROG_OK)
            fail_msg("%s: %s", ok[i], err.message);
    assert_int_equal(grog_tape_count(t), 9);
    assert_string_equal(grog_tape_from(t, 6), "a");
    assert_string_equal(grog_tape_to(t, 6), GROG_TAPE_ENEMY);
    grog_measure m = grog_measure_map(GROG_MEASURE_DISTANCE, "b", "a", "R", GROG_UNIT_CM);
    m.mm = 1;
    assert_int_equal(grog_tape_take(t, &m), 1); /* either order */
    assert_true(fabs(m.mm - 280) < 1e-9);
    assert_int_equal(m.source, GROG_MEASURE_TABLE);
    m = grog_measure_map(GROG_MEASURE_DISTANCE, "a", "c", "R", GROG_UNIT_IN);
    grog_tape_take(t, &m);
    assert_true(fabs(m.mm - 228.6) < 1e-9);
    assert_true(fabs(grog_measure_value(&m, &sc) - 9) < 1e-9);
    m = grog_measure_map(GROG_MEASURE_DISTANCE, "a", "d", "R", GROG_UNIT_PAS);
    grog_tape_take(t, &m);
    assert_true(fabs(m.mm - 300) < 1e-9); /* 150 pas of 2 mm */
    m = grog_measure_map(GROG_MEASURE_DISTANCE, "a", "h", "R", GROG_UNIT_CM);
    grog_tape_take(t, &m);
    assert_true(fabs(m.mm - 300) < 1e-9); /* a bare number: the default unit, cm */
    m = grog_measure_map(GROG_MEASURE_DISTANCE, "a", "i", "R", GROG_UNIT_CM);
    grog_tape_take(t, &m);
    assert_true(fabs(m.mm - 228.6) < 1e-9);
    /* a contact question: "contact"; a length within the tolerance; beyond it */
    m = grog_measure_map(GROG_MEASURE_CONTACT, "a", "f", "R", GROG_UNIT_PAS);
    grog_tape_take(t, &m);
    assert_int_equal(m.contact, 1);
    m = grog_measure_map(GROG_MEASURE_CONTACT, "a", "e", "R", GROG_UNIT_PAS);
    m.contact = 1;
    m.contact_mm = 12.5;
    grog_tape_take(t, &m);
    assert_int_equal(m.contact, 1); /* 12.5 mm, tolerance 12.5 mm: in contact */
    m.contact_mm = 12.4;
    grog_tape_take(t, &m);
    assert_int_equal(m.contact, 0);
    m = grog_measure_map(GROG_MEASURE_CONTACT, "a", "g", "R", GROG_UNIT_PAS);
    m.contact = 1;
    grog_tape_take(t, &m);
    assert_int_equal(m.contact, 0);
    /* the nearest enemy: the table names no enemy */
    m = grog_measure_map(GROG_MEASURE_NEAREST_ENEMY, "a", "x9", "R", GROG_UNIT_CM);
    grog_tape_take(t, &m);
    assert_true(fabs(m.mm - 120) < 1e-9);
    assert_string_equal(m.to, "");
    char id[64];
    assert_string_equal(grog_measure_id(&m, id, sizeof id), "a:enemy");
    assert_int_equal(grog_tape_check(t, &err), GROG_OK); /* every one used */
    grog_tape_destroy(t);
}

static void test_tape_refuses_and_names_what_is_wrong(void **state)
{
    (void)state;
    grog_tape *t = grog_tape_create(NULL, GROG_UNIT_CM, 2163); /* 180 x 120 cm */
    grog_error err;
    static const struct {
        const char *text, *fragment;
    } bad[] = {
        {"picton=28cm", "FROM:TO=VALUE"},     {"picton:pack", "FROM:TO=VALUE"},
        {":pack=3cm", "FROM:TO=VALUE"},       {"picton:=3cm", "FROM:TO=VALUE"},
        {"a:b:c=3cm", "FROM:TO=VALUE"},       {"picton:pack=", "no value"},
        {"picton:pack=-3cm", "negative"},     {"picton:pack=28furlong", "furlong"},
        {"picton:pack=nancm", "not a length"}, {"picton:pack=1e999cm", "not a length"},
        {"picton:pack=217cm", "longer than the table"},
        {"picton:picton=0cm", "itself"},      {"enemy:picton=3cm", "comes second"},
        {"picton:pack=near", "not a length"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        grog_error_clear(&err);
        assert_int_equal(grog_tape_add(t, bad[i].text, &err), GROG_EINVAL);
        if (strstr(err.message, bad[i].fragment) == NULL)
            fail_msg("%s: \"%s\" lacks \"%s\"", bad[i].text, err.message, bad[i].fragment);
    }
    assert_int_equal(grog_tape_count(t), 0); /* a refusal adds nothing */
    assert_int_equal(grog_tape_add(t, "picton:pack=216cm", &err), GROG_OK);
    assert_int_equal(grog_tape_add(t, "pack:picton=30cm", &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "twice"));
    /* not used: named; no-contact for a distance: named with the rule */
    assert_int_equal(grog_tape_check(t, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "between picton and pack"));
    assert_int_equal(grog_tape_add(t, "picton:enemy=no-contact", &err), GROG_OK);
    grog_measure m = grog_measure_map(GROG_MEASURE_NEAREST_ENEMY, "picton", "fr-1", "GDB-12",
                                      GROG_UNIT_CM);
    m.mm = 490;
    assert_int_equal(grog_tape_take(t, &m), 0);
    assert_true(fabs(m.mm - 490) < 1e-9); /* left as it was */
    m = grog_measure_map(GROG_MEASURE_DISTANCE, "pack", "picton", "GDB-09", GROG_UNIT_CM);
    grog_tape_take(t, &m);
    assert_int_equal(grog_tape_check(t, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "GDB-12 measures a distance"));
    grog_tape_destroy(t);
    assert_int_equal(grog_tape_check(NULL, &err), GROG_OK);
    assert_int_equal(grog_tape_take(NULL, &m), 0);
}

static void test_record_json_and_text(void **state)
{
    (void)state;
    grog_explain *e = grog_explain_create("t", "T");
    grog_measure m = grog_measure_map(GROG_MEASURE_DISTANCE, "picton", "pack", "GDB-09",
                                      GROG_UNIT_CM);
    m.mm = 350;
    grog_explain_add_measure(e, &m, NULL);
    m = grog_measure_map(GROG_MEASURE_CONTACT, "ney", "u1", "GT-03", GROG_UNIT_IN);
    m.contact = 1;
    m.source = GROG_MEASURE_TABLE;
    grog_explain_add_measure(e, &m, NULL);
    m = grog_measure_map(GROG_MEASURE_NEAREST_ENEMY, "picton", NULL, "GDB-12", GROG_UNIT_CM);
    m.known = 0;
    grog_explain_add_measure(e, &m, NULL);
    grog_scale sc = {25, 2.0};
    m = grog_measure_map(GROG_MEASURE_DISTANCE, "a", "b", "AIG-O-10", GROG_UNIT_PAS);
    m.mm = 100;
    grog_explain_add_measure(e, &m, &sc);
    assert_int_equal(grog_explain_measure_count(e), 4);
    double v = 0;
    assert_string_equal(grog_explain_measure(e, 3, &v)->from, "a");
    assert_true(fabs(v - 50) < 1e-9); /* 100 mm at 2 mm a pas */
    assert_null(grog_explain_measure(e, 4, NULL));
    char *text = NULL;
    assert_int_equal(grog_explain_to_json(e, &text, NULL), GROG_OK);
    json_t *j = json_loads(text, 0, NULL);
    free(text);
    assert_measure(j, "picton:pack", "distance", 35.0, "cm", "map", "GDB-09");
    assert_string_equal(json_string_value(json_object_get(measure_of(j, "picton:pack"), "to")),
                        "pack");
    assert_measure(j, "ney:u1", "contact", 1, NULL, "table", "GT-03");
    json_t *enemy = measure_of(j, "picton:enemy");
    assert_string_equal(json_string_value(json_object_get(enemy, "what")), "nearest-enemy");
    assert_true(json_is_null(json_object_get(enemy, "value")));
    assert_true(json_is_null(json_object_get(enemy, "to")));
    json_decref(j);
    assert_int_equal(grog_explain_to_text(e, &text, NULL), GROG_OK);
    assert_non_null(strstr(text, "measure GDB-09    picton to pack: 35.0 cm (from the map)"));
    assert_non_null(strstr(text, "ney to u1: in contact (measured at the table)"));
    assert_non_null(strstr(text, "picton to the nearest enemy: no enemy unit on the map"));
    free(text);
    grog_explain_destroy(e);
}

/* ---- gdb: GDB-09/10 (30 cm), GDB-11 (contact), GDB-12 (15 cm of an enemy) ---- */

static json_t *gdb_explain(grog_game *g, const char *measures)
{
    char line[256];
    snprintf(line, sizeof line, "explain order picton pack attack%s%s", measures[0] ? " " : "",
             measures);
    return act(g, line, GROG_OK, NULL);
}

static void test_gdb_measures(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_GDB, NULL, 1810);
    json_t *r = gdb_explain(g, "");
    json_t *rec = record_of(r);
    assert_measure(rec, "picton:pack", "distance", 35.0, "cm", "map", "GDB-09");
    assert_measure(rec, "picton:enemy", "nearest-enemy", 49.0, "cm", "map", "GDB-12");
    assert_string_equal(json_string_value(json_object_get(measure_of(rec, "picton:enemy"), "to")),
                        "fr-4leger-2");
    /* +1 gifted, -2 beyond 30 cm: 2d6 - 1 > 6 needs 8+: 15/36; = 6 is a 7: 6/36 */
    assert_string_equal(odds(rec, "immediate"), "15/36");
    assert_string_equal(odds(rec, "delayed"), "6/36");
    json_decref(r);
    /* 28 cm at the table: within 30 cm, GDB-09 goes: 2d6 + 1 > 6 needs 6+: 26/36 */
    r = gdb_explain(g, "--measure picton:pack=28cm");
    rec = record_of(r);
    assert_measure(rec, "picton:pack", "distance", 28.0, "cm", "table", "GDB-09");
    assert_false(has_modifier(rec, "GDB-09"));
    assert_string_equal(odds(rec, "immediate"), "26/36");
    assert_string_equal(odds(rec, "delayed"), "4/36");
    assert_string_equal(odds(rec, "fail"), "6/36");
    json_decref(r);
    /* 30 cm is within (GDB-09 says "more than 30 cm"); 30.1 cm is not */
    r = gdb_explain(g, "--measure picton:pack=300mm");
    assert_string_equal(odds(record_of(r), "immediate"), "26/36");
    json_decref(r);
    r = gdb_explain(g, "--measure pack:picton=30.1cm");
    assert_true(has_modifier(record_of(r), "GDB-09"));
    assert_string_equal(odds(record_of(r), "immediate"), "15/36");
    json_decref(r);
    /* base contact (GDB-11 +2): +3 in all, 2d6 + 3 > 6 needs 4+: 33/36 */
    r = gdb_explain(g, "--measure picton:pack=contact");
    rec = record_of(r);
    assert_true(has_modifier(rec, "GDB-11"));
    assert_measure(rec, "picton:pack", "distance", 0, "cm", "table", "GDB-09");
    assert_string_equal(odds(rec, "immediate"), "33/36");
    assert_string_equal(odds(rec, "fail"), "1/36");
    json_decref(r);
    /* an enemy within 15 cm (GDB-12 -2), 15 cm included; 15.1 cm is not */
    r = gdb_explain(g, "--measure picton:pack=28cm --measure picton:enemy=15cm");
    rec = record_of(r);
    assert_true(has_modifier(rec, "GDB-12"));
    assert_measure(rec, "picton:enemy", "nearest-enemy", 15.0, "cm", "table", "GDB-12");
    assert_true(json_is_null(json_object_get(measure_of(rec, "picton:enemy"), "to")));
    assert_string_equal(odds(rec, "immediate"), "15/36"); /* +1 - 2 */
    json_decref(r);
    r = gdb_explain(g, "--measure picton:pack=28cm --measure picton:enemy=6in");
    assert_false(has_modifier(record_of(r), "GDB-12")); /* 15.24 cm */
    json_decref(r);
    /* and one nearer on the map than the table says: the table's counts */
    assert_int_equal(grog_game_action_count(g), 1);
    grog_game_close(g);
}

static void test_gdb_table_measure_decides_the_roll_and_replays(void **state)
{
    (void)state;
    /* --roll 6: 6 + 1 - 2 = 5 < 6 fails at 35 cm; 6 + 1 = 7 > 6 is immediate at 28 cm */
    grog_game *g = test_game_create(path, GROG_FAMILY_GDB, NULL, 7);
    json_t *r = act(g, "order picton pack attack --roll 6", GROG_OK, NULL);
    assert_string_equal(json_string_value(json_object_get(record_of(r), "outcome")), "fail");
    json_decref(r);
    grog_game_close(g);
    test_game_path(path, sizeof path, "measures");
    g = test_game_create(path, GROG_FAMILY_GDB, NULL, 7);
    r = act(g, "order picton pack attack --roll 6 --measure picton:pack=28cm", GROG_OK, NULL);
    assert_string_equal(json_string_value(json_object_get(record_of(r), "outcome")),
                        "immediate");
    json_decref(r);
    assert_string_equal(grog_battle_officer_by_id(grog_game_battle(g), "pack")->order.kind,
                        "attack");
    /* the map did not move */
    const grog_officer *pack = grog_battle_officer_by_id(grog_game_battle(g), "pack");
    assert_true(fabs(pack->base.centre.x - 1190) < 1e-9);
    grog_game_close(g);
    /* reopened: rebuilt from the journal with the measure; replay checks it all */
    grog_error err;
    assert_int_equal(grog_game_open(path, &g, &err), GROG_OK);
    assert_string_equal(grog_battle_officer_by_id(grog_game_battle(g), "pack")->order.kind,
                        "attack");
    size_t n = 0;
    assert_int_equal(grog_game_replay(g, &n, &err), GROG_OK);
    assert_int_equal(n, 2);
    /* the other side sees the measure in the log; the words after the order stay
     * cut (GDB-02), the order itself is revealed by the immediate outcome */
    grog_seat french;
    assert_int_equal(grog_game_seat(g, "french", 0, &french, NULL), GROG_OK);
    char *log = NULL;
    assert_int_equal(grog_game_log_json(g, &french, &log, NULL), GROG_OK);
    assert_non_null(strstr(log, "\"picton:pack\""));
    assert_non_null(strstr(log, "\"table\""));
    assert_non_null(strstr(log, "(hidden)"));
    assert_null(strstr(log, "picton:pack=28cm"));
    free(log);
    assert_int_equal(grog_game_log_text(g, &french, &log, NULL), GROG_OK);
    assert_non_null(strstr(log, "picton to pack: 28.0 cm (measured at the table)"));
    free(log);
    grog_game_close(g);
}

static void test_refusals_write_nothing(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_GDB, NULL, 1);
    refused(g, "order picton pack attack --measure picton:brenier=3cm", GROG_EINVAL,
            "no test of this action measures between picton and brenier");
    refused(g, "order picton pack attack --measure picton:pak=28cm", GROG_ENOTFOUND,
            "no officer or unit \"pak\"");
    refused(g, "order picton pack attack --measure picton:pack=28ft", GROG_EINVAL, "\"ft\"");
    refused(g, "order picton pack attack --measure picton:pack=-1cm", GROG_EINVAL, "negative");
    refused(g, "order picton pack attack --measure picton:pack=3m", GROG_EINVAL, "\"m\"");
    refused(g, "order picton pack attack --measure picton:pack=400cm", GROG_EINVAL,
            "longer than the table");
    refused(g, "order picton pack attack --measure picton:pack=no-contact", GROG_EINVAL,
            "GDB-09 measures a distance");
    refused(g, "order picton pack attack --measure picton:pack=28cm --measure pack:picton=1cm",
            GROG_EINVAL, "twice");
    refused(g, "order picton pack attack --measure", GROG_EINVAL, "--measure needs");
    refused(g, "next --measure picton:pack=28cm", GROG_EINVAL, "no test of this action");
    refused(g, "note hello --measure picton:enemy=2cm", GROG_EINVAL, "nearest enemy");
    assert_int_equal(grog_game_action_count(g), 1);
    /* a refusal by the rules comes first, and still writes nothing */
    refused(g, "order pack picton attack --measure pack:picton=1cm", GROG_ERULE, NULL);
    grog_game_close(g);
}

/* ---- aigles: the zone (AIG-O-07, -10, -11) and charisma (AIG-O-03..05) ---- */

static void test_aigles_zone_measures(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_AIGLES, NULL, 3);
    json_t *r = act(g, "explain order picton pack attack", GROG_OK, NULL);
    json_t *rec = record_of(r);
    assert_measure(rec, "picton:pack", "distance", 350, "pas", "map", "AIG-O-11");
    json_decref(r);
    refused(g, "order picton pack attack", GROG_ERULE, "AIG-O-11");
    /* 6 in = 152.4 pas: beyond 150; 15 cm = 150 pas: within (included) */
    refused(g, "order picton pack attack --measure picton:pack=6in", GROG_ERULE, "152.4 pas");
    r = act(g, "order picton pack attack --measure picton:pack=15cm", GROG_OK, "obeys");
    rec = record_of(r);
    assert_measure(rec, "picton:pack", "distance", 150, "pas", "table", "AIG-O-11");
    json_decref(r);
    /* a unit (AIG-O-10): Lightburne, command 2, zone 50 pas */
    r = act(g, "explain order lightburne br-2-5th attack --measure lightburne:br-2-5th=50pas",
            GROG_OK, NULL);
    assert_measure(record_of(r), "lightburne:br-2-5th", "distance", 50, "pas", "table",
                   "AIG-O-10");
    json_decref(r);
    refused(g, "order lightburne br-2-5th attack --measure br-2-5th:lightburne=51pas", GROG_ERULE,
            "AIG-O-10");
    size_t n = 0;
    grog_error err;
    assert_int_equal(grog_game_replay(g, &n, &err), GROG_OK);
    grog_game_close(g);
}

static void test_aigles_contact_only_command(void **state)
{
    (void)state;
    grog_aigles_rules *r = NULL;
    assert_int_equal(grog_aigles_rules_load(NULL, &r, NULL), GROG_OK);
    grog_aigles_order o = grog_aigles_order_default();
    o.command = 1; /* AIG-O-07: contact only */
    o.receiver = GROG_AIGLES_TO_UNIT;
    o.status = GROG_AIGLES_VETERAN;
    grog_aigles_situation s;
    memset(&s, 0, sizeof s);
    s.figure_mm = 25;
    s.giver = (grog_base){{0, 0}, 20, 20, 0};
    s.receiver = (grog_base){{0, 50}, 40, 20, 0}; /* 50 - 10 - 10 = 30 pas apart */
    s.giver_id = "ney";
    s.receiver_id = "u1";
    grog_error err;
    grog_explain *e = grog_explain_create("t", "t");
    assert_int_equal(grog_aigles_order_check(r, &o, &s, NULL, e, NULL, &err), GROG_ERULE);
    assert_int_equal(grog_explain_measure_count(e), 1);
    assert_int_equal(grog_explain_measure(e, 0, NULL)->what, GROG_MEASURE_CONTACT);
    assert_int_equal(grog_explain_measure(e, 0, NULL)->contact, 0);
    grog_explain_destroy(e);
    grog_tape *t = grog_tape_create(NULL, GROG_UNIT_PAS, 0);
    assert_int_equal(grog_tape_add(t, "u1:ney=contact", NULL), GROG_OK);
    s.tape = t;
    e = grog_explain_create("t", "t");
    assert_int_equal(grog_aigles_order_check(r, &o, &s, NULL, e, NULL, &err), GROG_OK);
    assert_int_equal(grog_explain_measure(e, 0, NULL)->contact, 1);
    assert_int_equal(grog_explain_measure(e, 0, NULL)->source, GROG_MEASURE_TABLE);
    assert_string_equal(grog_explain_measure(e, 0, NULL)->rule, "AIG-O-10");
    grog_explain_destroy(e);
    assert_int_equal(grog_tape_check(t, NULL), GROG_OK);
    grog_tape_destroy(t);
    s.tape = NULL;
    /* bases touching on the map, not at the table */
    s.receiver = (grog_base){{0, 20}, 40, 20, 0};
    assert_int_equal(grog_aigles_order_check(r, &o, &s, NULL, NULL, NULL, &err), GROG_OK);
    t = grog_tape_create(NULL, GROG_UNIT_PAS, 0);
    assert_int_equal(grog_tape_add(t, "ney:u1=no-contact", NULL), GROG_OK);
    s.tape = t;
    assert_int_equal(grog_aigles_order_check(r, &o, &s, NULL, NULL, NULL, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "contact only"));
    grog_tape_destroy(t);
    grog_aigles_rules_destroy(r);
}

static grog_aigles_influence officer_at(const char *name, int charisma, double pas)
{
    grog_aigles_influence o = {name, 0, charisma, {{0, pas + 20}, 20, 20, 0}, 1};
    return o; /* the unit's base (below) is 20 deep at the origin: pas apart */
}

static int morale_with(const grog_aigles_rules *r, const char *given, grog_aigles_morale *m,
                       grog_explain **e)
{
    grog_base unit = {{0, 0}, 40, 20, 0};
    grog_aigles_influence o = officer_at("Ney", 4, 100);
    const char *ids[1] = {"ney"};
    grog_tape *t = grog_tape_create(NULL, GROG_UNIT_PAS, 0);
    if (given != NULL)
        assert_int_equal(grog_tape_add(t, given, NULL), GROG_OK);
    grog_aigles_morale_pieces p = {"u1", ids, t};
    grog_status st = grog_aigles_morale_measured(r, &unit, 0, &o, 1, 25, 0, &p, m, e, NULL);
    assert_int_equal(grog_tape_check(t, NULL), GROG_OK);
    grog_tape_destroy(t);
    return st == GROG_OK;
}

static void test_aigles_charisma_rings_from_the_table(void **state)
{
    (void)state;
    grog_aigles_rules *r = NULL;
    assert_int_equal(grog_aigles_rules_load(NULL, &r, NULL), GROG_OK);
    grog_aigles_morale m;
    grog_explain *e = NULL;
    /* AIG-O-04, charisma 4 at 25 mm: <= 150 pas +3, <= 200 +2, <= 250 +1, beyond 0 */
    static const struct {
        const char *given;
        int bonus;
    } rings[] = {{NULL, 3},           {"ney:u1=150pas", 3}, {"ney:u1=151pas", 2},
                 {"u1:ney=200pas", 2}, {"ney:u1=25cm", 1},  {"ney:u1=251pas", 0}};
    for (size_t i = 0; i < sizeof rings / sizeof rings[0]; i++) {
        assert_true(morale_with(r, rings[i].given, &m, &e));
        assert_int_equal(m.contact, 0);
        assert_int_equal(m.bonus, rings[i].bonus);
        char *text = NULL;
        assert_int_equal(grog_explain_to_json(e, &text, NULL), GROG_OK);
        json_t *j = json_loads(text, 0, NULL);
        free(text);
        json_t *mj = measure_of(j, "ney:u1");
        if (rings[i].given != NULL) /* named even when it gives nothing */
            assert_string_equal(json_string_value(json_object_get(mj, "source")), "table");
        else
            assert_measure(j, "ney:u1", "distance", 100, "pas", "map", "AIG-O-04");
        json_decref(j);
        grog_explain_destroy(e);
    }
    /* AIG-O-03: in contact at the table, the range -4..+4 after the die */
    assert_true(morale_with(r, "ney:u1=contact", &m, &e));
    assert_int_equal(m.contact, 1);
    assert_int_equal(m.lo, -4);
    assert_int_equal(m.hi, 4);
    assert_string_equal(grog_explain_measure(e, 0, NULL)->rule, "AIG-O-03");
    grog_explain_destroy(e);
    grog_aigles_rules_destroy(r);
}

static void test_aigles_morale_action_takes_measures(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_AIGLES, NULL, 3);
    /* Mackinnon (charisma 4) 44.7 pas from the 1/45th gives +3; in contact, -4..+4 */
    json_t *r = act(g, "morale br-1-45th --measure mackinnon:br-1-45th=contact", GROG_OK, NULL);
    json_t *rec = record_of(r);
    assert_measure(rec, "mackinnon:br-1-45th", "distance", 0, "pas", "table", "AIG-O-03");
    assert_int_equal(json_integer_value(json_array_get(json_object_get(rec, "range"), 1)), 4);
    json_decref(r);
    grog_game_close(g);
}

/* ---- gt: GT-03 (edge contact), GT-10 and GT-12 (9") ---- */

static void test_gt_attach_contact_from_the_table(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_GT, NULL, 1);
    json_decref(act(g, "next", GROG_OK, NULL)); /* movement */
    refused(g, "attach mackinnon br-1-45th", GROG_ERULE, "44.7 mm");
    json_t *r = act(g, "attach mackinnon br-1-45th --measure mackinnon:br-1-45th=contact",
                    GROG_OK, "GT-04");
    assert_measure(record_of(r), "mackinnon:br-1-45th", "contact", 1, NULL, "table", "GT-03");
    json_decref(r);
    json_decref(act(g, "detach mackinnon", GROG_OK, NULL));
    json_decref(act(g, "move mackinnon 58 92", GROG_OK, NULL)); /* in contact on the map */
    refused(g, "attach mackinnon br-1-45th --measure br-1-45th:mackinnon=no-contact", GROG_ERULE,
            "measured at the table");
    r = act(g, "attach mackinnon br-1-45th", GROG_OK, NULL);
    assert_measure(record_of(r), "mackinnon:br-1-45th", "contact", 1, NULL, "map", "GT-03");
    json_decref(r);
    grog_game_close(g);
}

static void test_gt_radius_from_the_table(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_GT, NULL, 1);
    refused(g, "gift picton mackinnon --measure picton:mackinnon=9.1in", GROG_ERULE,
            "GT-10");
    json_decref(act(g, "gift picton mackinnon --measure picton:mackinnon=9in", GROG_OK,
                    "measured at the table"));
    /* the PIP phase: the radius again when the dice are rolled (GT-10) */
    json_t *r = act(g, "pips picton --measure picton:mackinnon=7in", GROG_OK, NULL);
    json_t *rec = NULL;
    size_t i;
    json_t *x;
    json_array_foreach(json_object_get(r, "records"), i, x)
        if (measure_of(json_object_get(x, "record"), "picton:mackinnon") != NULL)
            rec = json_object_get(x, "record");
    assert_non_null(rec);
    assert_measure(rec, "picton:mackinnon", "distance", 7, "in", "table", "GT-10");
    assert_true(has_modifier(rec, "GT-10"));
    json_decref(r);
    size_t n = 0;
    assert_int_equal(grog_game_replay(g, &n, NULL), GROG_OK);
    grog_game_close(g);
    /* 9.5" at the roll: the PIP lapses (GT-10) */
    test_game_path(path, sizeof path, "measures");
    g = test_game_create(path, GROG_FAMILY_GT, NULL, 1);
    json_decref(act(g, "gift picton mackinnon", GROG_OK, NULL));
    json_decref(act(g, "pips picton --measure mackinnon:picton=9.5in", GROG_OK, "lapses"));
    grog_game_close(g);
}

static void test_gt_bad_commander_within_radius(void **state)
{
    (void)state;
    grog_gt_rules *r = NULL;
    assert_int_equal(grog_gt_rules_load(NULL, &r, NULL), GROG_OK);
    grog_gt_division d[1] = {{0, GROG_GT_QUALITY_ORDINARY, 1}};
    grog_gt_commander c[1];
    memset(c, 0, sizeof c);
    c[0].bad = 1;
    c[0].to = -1;
    c[0].distance_mm[0] = 228.6; /* 9": within (GT-12), as the table measured it */
    const char *dids[1] = {"ney"}, *cids[1] = {"soult"};
    unsigned char table[GROG_GT_MAX_COMMANDERS * GROG_GT_MAX_DIVISIONS] = {0};
    table[0] = 1;
    int die[1] = {1};
    grog_gt_corps_turn t = {d, 1, c, 1, 0, 0, die, NULL, dids, cids, table};
    grog_gt_phase ph;
    assert_int_equal(grog_gt_phase_run(r, &t, NULL, &ph, NULL), GROG_OK);
    assert_int_equal(ph.pips[0], 0); /* GT-12: his 1 turns to 0 */
    double v = 0;
    const grog_measure *m = grog_explain_measure(ph.records[0], 0, &v);
    assert_non_null(m);
    assert_string_equal(m->rule, "GT-12");
    assert_string_equal(m->from, "soult");
    assert_int_equal(m->source, GROG_MEASURE_TABLE);
    assert_true(fabs(v - 9) < 1e-9);
    grog_gt_phase_clear(&ph);
    c[0].distance_mm[0] = 229; /* 9.02": beyond, the 1 stays */
    assert_int_equal(grog_gt_phase_run(r, &t, NULL, &ph, NULL), GROG_OK);
    assert_int_equal(ph.pips[0], 1);
    grog_gt_phase_clear(&ph);
    grog_gt_rules_destroy(r);
}

/* ---- the command line ---- */

static void test_cli_measure_json(void **state)
{
    (void)state;
    grog_game_close(test_game_create(path, GROG_FAMILY_GDB, NULL, 1810));
    cli_run r = run_cli("do", path, "explain", "order", "picton", "pack", "attack", "--measure",
                        "picton:pack=28cm", "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    assert_measure(record_of(j), "picton:pack", "distance", 28, "cm", "table", "GDB-09");
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("do", path, "order", "picton", "pack", "attack", "--measure", "picton:pak=1cm",
                NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "\"pak\""));
    cli_run_free(&r);
}

/* ---- aigles: the ADC's ride (AIG-O-11, AIG-O-12) ---- */

/* Bussaco, 1 pas = 1 mm: picton-adc1 (740, 1010) to Pack (1190, 950), both
 * 40 x 40: 410 across, 20 along, sqrt(410^2 + 20^2) = 410.49 pas, 2 périodes
 * at 300 pas; back, Pack to Picton (800, 950): 390 - 40 = 350 pas, 2
 * périodes. From the table, 250 and 290 pas: 1 période each. */
static void test_aigles_adc_ride_from_the_table(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_AIGLES, NULL, 3);
    json_t *r = act(g, "explain adc picton-adc1 pack attack", GROG_OK, NULL);
    json_t *rec = record_of(r);
    assert_measure(rec, "picton-adc1:pack", "distance", 410.5, "pas", "map", "AIG-O-11");
    assert_measure(rec, "pack:picton", "distance", 350, "pas", "map", "AIG-O-11");
    json_decref(r);
    refused(g, "adc picton-adc1 pack attack --measure picton-adc1:mackinnon=3cm", GROG_EINVAL,
            "picton-adc1:mackinnon");
    r = act(g, "adc picton-adc1 pack attack --measure pack:picton-adc1=250pas --measure "
               "picton:pack=29cm",
            GROG_OK, "250 pas, 1 période");
    rec = record_of(r);
    assert_measure(rec, "picton-adc1:pack", "distance", 250, "pas", "table", "AIG-O-11");
    assert_measure(rec, "pack:picton", "distance", 290, "pas", "table", "AIG-O-11");
    json_decref(r);
    size_t n = 0;
    grog_error err;
    assert_int_equal(grog_game_replay(g, &n, &err), GROG_OK);
    grog_game_close(g);
}

/* ---- a test worked out from a scenario: explain [FILE] NAME --measure ---- */

static void test_cli_explain_scenario_measures(void **state)
{
    (void)state;
    /* gdb: 28 cm drops GDB-09 (26/36, as in the game's preview) */
    cli_run r = run_cli("explain", "gdb-order", "--cinc", "picton", "--brigade", "pack",
                        "--measure", "picton:pack=28cm", "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    assert_measure(j, "picton:pack", "distance", 28, "cm", "table", "GDB-09");
    assert_false(has_modifier(j, "GDB-09"));
    assert_string_equal(odds(j, "immediate"), "26/36");
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("explain", "gdb-order", "--cinc", "picton", "--brigade", "pack", "--json", NULL);
    j = cli_json(&r);
    assert_true(has_modifier(j, "GDB-09"));
    assert_string_equal(odds(j, "immediate"), "15/36");
    json_decref(j);
    cli_run_free(&r);
    /* aigles: Pack within Picton's zone at 15 cm (150 pas): no ADC; the ADC's
     * ride from the table otherwise */
    r = run_cli("explain", "aigles-order", "--from", "picton", "--to", "pack", "--measure",
                "picton:pack=15cm", "--json", NULL);
    assert_int_equal(r.code, 0);
    j = cli_json(&r);
    assert_measure(j, "picton:pack", "distance", 150, "pas", "table", "AIG-O-11");
    assert_null(measure_of(j, "picton-adc1:pack"));
    json_decref(j);
    cli_run_free(&r);
    /* his nearest ADC, picton-adc2 (860, 1010): 290 across, 20 along, 290.7 pas, 1
     * période at 300; 700 pas from the table: 3 */
    r = run_cli("explain", "aigles-order", "--from", "picton", "--to", "pack", "--json", NULL);
    j = cli_json(&r);
    assert_measure(j, "picton-adc2:pack", "distance", 290.7, "pas", "map", "AIG-O-11");
    assert_int_equal((int)json_number_value(json_object_get(j, "value")), 1);
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("explain", "aigles-order", "--from", "picton", "--to", "pack", "--measure",
                "picton-adc2:pack=700pas", "--json", NULL);
    assert_int_equal(r.code, 0);
    j = cli_json(&r);
    assert_measure(j, "picton-adc2:pack", "distance", 700, "pas", "table", "AIG-O-11");
    assert_int_equal((int)json_number_value(json_object_get(j, "value")), 3);
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("explain", "aigles-morale", "--unit", "br-74th", "--measure",
                "picton:br-74th=contact", "--json", NULL);
    assert_int_equal(r.code, 0);
    j = cli_json(&r);
    assert_measure(j, "picton:br-74th", "distance", 0, "pas", "table", "AIG-O-03");
    json_decref(j);
    cli_run_free(&r);
    /* refused, nothing printed: a pair the test does not use, an unknown piece,
     * a bad value */
    r = run_cli("explain", "gdb-order", "--cinc", "picton", "--brigade", "pack", "--measure",
                "picton:mackinnon=3cm", NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "picton:mackinnon"));
    assert_string_equal(r.out, "");
    cli_run_free(&r);
    r = run_cli("explain", "gdb-order", "--cinc", "picton", "--brigade", "pack", "--measure",
                "picton:nobody=3cm", NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "\"nobody\""));
    cli_run_free(&r);
    r = run_cli("explain", "gdb-order", "--cinc", "picton", "--brigade", "pack", "--measure",
                "picton:pack=-3cm", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tape_parses_every_unit_and_contact),
        cmocka_unit_test(test_tape_refuses_and_names_what_is_wrong),
        cmocka_unit_test(test_record_json_and_text),
        cmocka_unit_test_setup_teardown(test_gdb_measures, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gdb_table_measure_decides_the_roll_and_replays, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_refusals_write_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_aigles_zone_measures, setup, teardown),
        cmocka_unit_test(test_aigles_contact_only_command),
        cmocka_unit_test(test_aigles_charisma_rings_from_the_table),
        cmocka_unit_test_setup_teardown(test_aigles_morale_action_takes_measures, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gt_attach_contact_from_the_table, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gt_radius_from_the_table, setup, teardown),
        cmocka_unit_test(test_gt_bad_commander_within_radius),
        cmocka_unit_test_setup_teardown(test_cli_measure_json, setup, teardown),
        cmocka_unit_test_setup_teardown(test_aigles_adc_ride_from_the_table, setup, teardown),
        cmocka_unit_test(test_cli_explain_scenario_measures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
