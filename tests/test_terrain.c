/* test_terrain.c — terrain in the scenario format (docs/scenario-format.md,
 * "terrain[]"): read in the file's unit, checked, saved and read back, kept
 * by clones and games, and drawn on the map under the units. */
#include <math.h>
#include <unistd.h>

#include "grognard/view.h"
#include "testutil.h"

#define R                                                                                  \
    "\"ratings\": {\"aigles\": {\"charisma\": 3, \"command\": 4}, \"gdb\": {\"skill\": "        \
    "\"gifted\"}, \"gt\": {\"quality\": \"great\"}}"

static const char *scenario(const char *terrain)
{
    static char text[4096];
    snprintf(text, sizeof text,
             "{\"format\": 1, \"meta\": {\"name\": \"t\"},"
             " \"table\": {\"figure_scale\": 25, \"unit\": \"cm\", \"width\": 100, \"depth\": 60},"
             " \"sides\": [{\"id\": \"a\", \"name\": \"A\", \"nation\": \"britain\"},"
             "             {\"id\": \"f\", \"name\": \"F\", \"nation\": \"france\"}],"
             " \"officers\": ["
             "  {\"id\": \"ca\", \"name\": \"C A\", \"side\": \"a\", \"role\": \"commander-in-chief\","
             "   \"position\": {\"x\": 10, \"y\": 10}, " R "},"
             "  {\"id\": \"cf\", \"name\": \"C F\", \"side\": \"f\", \"role\": \"commander-in-chief\","
             "   \"position\": {\"x\": 90, \"y\": 50}, " R "}],"
             " \"units\": [{\"id\": \"u1\", \"name\": \"First\", \"side\": \"a\", \"arm\": \"infantry\", \"status\": \"regular\", \"manoeuvre\": \"B\", \"figures\": 24,"
             "   \"position\": {\"x\": 30, \"y\": 20}, \"base\": {\"width\": 16, \"depth\": 4}}]%s%s}",
             terrain != NULL ? ", \"terrain\": " : "", terrain != NULL ? terrain : "");
    return text;
}

static void test_read_in_file_unit(void **state)
{
    (void)state;
    grog_battle *b = NULL;
    grog_error err;
    const char *t = "[{\"kind\": \"wood\", \"name\": \"Bossu wood\","
                    "  \"points\": [[0, 0], [20, 0], [20, 10]]},"
                    " {\"kind\": \"road\", \"points\": [[0, 30], [100, 35]]}]";
    if (grog_scenario_load_text(scenario(t), "t.json", &b, &err) != GROG_OK)
        fail_msg("%s", err.message);
    assert_int_equal(grog_battle_nterrain(b), 2);
    const grog_terrain *w = grog_battle_terrain(b, 0);
    assert_int_equal(w->kind, GROG_TERRAIN_WOOD);
    assert_string_equal(w->name, "Bossu wood");
    assert_int_equal(w->npoints, 3);
    /* cm in the file: (20, 10) cm = (200, 100) mm. */
    assert_true(fabs(w->points[2].x - 200) < 1e-9 && fabs(w->points[2].y - 100) < 1e-9);
    const grog_terrain *r = grog_battle_terrain(b, 1);
    assert_int_equal(r->kind, GROG_TERRAIN_ROAD);
    assert_string_equal(r->name, "");
    assert_null(grog_battle_terrain(b, 2));
    assert_true(grog_terrain_kind_is_area(GROG_TERRAIN_TOWN));
    assert_false(grog_terrain_kind_is_area(GROG_TERRAIN_RIDGE));
    /* Saved and read back: the same battle, terrain included; a clone too. */
    char *text = NULL;
    assert_int_equal(grog_scenario_save_text(b, &text, NULL), GROG_OK);
    assert_non_null(strstr(text, "\"terrain\""));
    grog_battle *back = NULL;
    if (grog_scenario_load_text(text, "back.json", &back, &err) != GROG_OK)
        fail_msg("%s", err.message);
    char why[128];
    assert_true(grog_battle_equal(b, back, why, sizeof why));
    grog_battle *c = grog_battle_clone(b);
    assert_true(grog_battle_equal(b, c, why, sizeof why));
    /* A battle without the road differs, named "terrain". */
    grog_battle *none = NULL;
    assert_int_equal(grog_scenario_load_text(scenario(NULL), "n.json", &none, NULL), GROG_OK);
    assert_int_equal(grog_battle_nterrain(none), 0);
    assert_false(grog_battle_equal(b, none, why, sizeof why));
    assert_non_null(strstr(why, "terrain"));
    free(text);
    grog_battle_destroy(b);
    grog_battle_destroy(back);
    grog_battle_destroy(c);
    grog_battle_destroy(none);
}

/* Each problem named with its place (FILE:LINE:COLUMN: path: message). */
static void test_problems(void **state)
{
    (void)state;
    static const struct { const char *terrain, *path, *message; } cases[] = {
        {"[{\"kind\": \"swamp\", \"points\": [[0, 0], [1, 1]]}]", "terrain[0].kind",
         "unknown terrain \"swamp\""},
        {"[{\"kind\": \"wood\", \"points\": [[0, 0], [1, 1]]}]", "terrain[0].points",
         "a wood needs at least 3 points, not 2"},
        {"[{\"kind\": \"road\", \"points\": [[0, 0]]}]", "terrain[0].points",
         "a road needs at least 2 points, not 1"},
        {"[{\"kind\": \"road\", \"points\": [[0, 0], [1]]}]", "terrain[0].points[1]",
         "expected a point [x, y]"},
        {"[{\"kind\": \"road\", \"points\": [[0, 0], [1, 2]], \"width\": 3}]", "terrain[0].width",
         "unknown key \"width\""},
        {"[{\"points\": [[0, 0], [1, 2]]}]", "terrain[0].kind", "missing"},
        {"{\"kind\": \"road\"}", "terrain", "expected an array"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        grog_problems *pr = grog_problems_create();
        grog_battle *b = NULL;
        assert_int_equal(grog_scenario_read_text(scenario(cases[i].terrain), "t.json", &b, pr,
                                                 NULL),
                         GROG_EFORMAT);
        assert_null(b);
        int found = 0;
        for (size_t k = 0; k < grog_problems_count(pr); k++) {
            const grog_problem *p = grog_problems_get(pr, k);
            if (strcmp(p->path, cases[i].path) == 0 && strstr(p->message, cases[i].message))
                found = 1;
        }
        if (!found)
            fail_msg("case %zu: no problem %s: %s (first: %s)", i, cases[i].path,
                     cases[i].message,
                     grog_problems_count(pr) ? grog_problems_get(pr, 0)->text : "none");
        grog_problems_destroy(pr);
    }
}

static void test_add_checks(void **state)
{
    (void)state;
    grog_battle *b = grog_battle_create();
    grog_point p[3] = {{0, 0}, {10, 0}, {NAN, 5}};
    grog_terrain t = {GROG_TERRAIN_TOWN, "", 3, p};
    grog_error err;
    assert_int_equal(grog_battle_add_terrain(b, &t, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "point 2"));
    t.kind = GROG_TERRAIN_KIND_COUNT;
    assert_int_equal(grog_battle_add_terrain(b, &t, NULL), GROG_EINVAL);
    p[2].x = 5;
    t.kind = GROG_TERRAIN_TOWN;
    assert_int_equal(grog_battle_add_terrain(b, &t, NULL), GROG_OK);
    /* Added by copy: changing the caller's points changes nothing. */
    p[0].x = 99;
    assert_true(grog_battle_terrain(b, 0)->points[0].x == 0);
    assert_int_equal(grog_battle_nterrain(b), 1);
    grog_battle_destroy(b);
}

/* The bundled scenarios draw their ground: Bussaco's ridge, Quatre Bras's
 * wood and crossroads; drawn before (under) the units, clipped to the table. */
static void test_bundled_terrain_on_map(void **state)
{
    (void)state;
    cli_run r = run_cli("map", "bussaco-1810", NULL);
    assert_int_equal(r.code, 0);
    const char *terrain = strstr(r.out, "<g id=\"terrain\" clip-path=\"url(#table-clip)\">");
    assert_non_null(terrain);
    assert_true(terrain < strstr(r.out, "<g id=\"units\">"));
    assert_non_null(strstr(r.out, "<g class=\"terrain ridge\">"));
    assert_non_null(strstr(r.out, "the ridge crest"));
    assert_non_null(strstr(r.out, "ridge (its crest line)"));
    cli_run_free(&r);
    r = run_cli("map", "quatre-bras-1815", NULL);
    assert_non_null(strstr(r.out, "<polygon class=\"terrain wood\""));
    assert_non_null(strstr(r.out, "Bossu wood"));
    assert_non_null(strstr(r.out, "Charleroi road"));
    assert_non_null(strstr(r.out, "Namur road"));
    cli_run_free(&r);
    /* A game keeps its scenario's terrain. */
    char path[128];
    snprintf(path, sizeof path, "/tmp/grog-test-terrain-%d.grog", (int)getpid());
    grog_game_remove(path);
    grog_game_options o = {GROG_FAMILY_GT, "quatre-bras-1815", 3, NULL};
    grog_game *g = NULL;
    assert_int_equal(grog_game_create(path, &o, &g, NULL), GROG_OK);
    assert_int_equal(grog_battle_nterrain(grog_game_battle(g)), 8);
    char *svg = NULL;
    assert_int_equal(grog_view_game_svg(g, NULL, &svg, NULL), GROG_OK);
    assert_non_null(strstr(svg, "Bossu wood"));
    free(svg);
    grog_game_close(g);
    grog_game_remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_in_file_unit),
        cmocka_unit_test(test_problems),
        cmocka_unit_test(test_add_checks),
        cmocka_unit_test(test_bundled_terrain_on_map),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
