/* test_scenarios.c — the bundled battles (issue 25): each loads, is small
 * enough for a club evening, cites its sources, says its licence, and no
 * two share a year; `grognard scenarios` lists them all with their sizes;
 * the orders of battle of Wertingen and Mir are the sources' (figures at 1
 * per 40 men, rounded to the nearest); meta.licence is read, saved and
 * checked like the other meta texts. */
#include "testutil.h"

static void test_every_bundled_scenario(void **state)
{
    (void)state;
    size_t n = grog_scenario_embedded_count();
    assert_true(n >= 5);
    char years[16][5];
    for (size_t i = 0; i < n; i++) {
        const char *name = grog_scenario_embedded_name(i);
        grog_battle *b = NULL;
        grog_error err;
        if (grog_scenario_load_embedded(name, &b, &err) != GROG_OK)
            fail_msg("%s: %s", name, err.message);
        const grog_meta *m = grog_battle_meta(b);
        assert_int_equal(grog_battle_nsides(b), 2);
        assert_true(grog_battle_nunits(b) <= 40);    /* a club evening's size */
        assert_true(grog_battle_nofficers(b) <= 30);
        assert_true(m->nsources >= 1);
        assert_true(strlen(m->licence) > 0);
        assert_true(strlen(m->rating_notes) > 0);
        assert_int_equal(strlen(m->date), 10);
        assert_true(i < 16);
        memcpy(years[i], m->date, 4);
        years[i][4] = '\0';
        for (size_t k = 0; k < i; k++)
            if (strcmp(years[k], years[i]) == 0)
                fail_msg("%s: a second battle of %s", name, years[i]);
        assert_int_equal(grog_battle_check(b, NULL, NULL), 0);
        grog_battle_destroy(b);
    }
}

static void test_scenarios_command(void **state)
{
    (void)state;
    cli_run r = run_cli("scenarios", "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *doc = cli_json(&r);
    json_t *arr = json_object_get(doc, "scenarios");
    assert_int_equal(json_array_size(arr), grog_scenario_embedded_count());
    int found = 0;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *e = json_array_get(arr, i);
        const char *name = json_string_value(json_object_get(e, "name"));
        grog_battle *b = NULL;
        grog_error err;
        assert_int_equal(grog_scenario_load_embedded(name, &b, &err), GROG_OK);
        assert_int_equal(json_integer_value(json_object_get(e, "units")), grog_battle_nunits(b));
        assert_int_equal(json_integer_value(json_object_get(e, "officers")),
                         grog_battle_nofficers(b));
        assert_int_equal(json_array_size(json_object_get(e, "sources")),
                         grog_battle_meta(b)->nsources);
        if (strcmp(name, "maida-1806") == 0) {
            found = 1;
            assert_string_equal(json_string_value(json_object_get(e, "date")), "1806-07-04");
            assert_int_equal(grog_battle_nunits(b), 19);
        }
        grog_battle_destroy(b);
    }
    assert_true(found);
    json_decref(doc);
    cli_run_free(&r);
    r = run_cli("scenarios", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "maida-1806"));
    assert_non_null(strstr(r.out, "2 sides, 10 officers, 19 units; 5 sources"));
    cli_run_free(&r);
    r = run_cli("scenarios", "extra", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
}

static const grog_troop *troop(const grog_battle *b, const char *id)
{
    const grog_troop *u = grog_battle_unit_by_id(b, id);
    if (u == NULL)
        fail_msg("no unit \"%s\"", id);
    return u;
}

static size_t commands(const grog_battle *b, const char *officer)
{
    size_t i;
    assert_true(grog_battle_officer_index(b, officer, &i));
    return grog_battle_officer_units(b, i, NULL, 0);
}

/* Wertingen as Gilles Boue's order of battle gives it: 700 men are 17.5,
 * so 18 figures; 500 are 12.5, so 13; IR 55's 1,800 men in three battalions
 * are 15 each; a battery has a figure per gun. Treillard's brigade belongs
 * to Fauconnet's division; the brigades the order of battle names no
 * general for are said to be unnamed. */
static void test_wertingen_order_of_battle(void **state)
{
    (void)state;
    grog_battle *b = NULL;
    grog_error err;
    assert_int_equal(grog_scenario_load_embedded("wertingen-1805", &b, &err), GROG_OK);
    assert_string_equal(grog_battle_meta(b)->date, "1805-10-08");
    assert_int_equal(grog_battle_nunits(b), 35);
    assert_int_equal(grog_battle_nofficers(b), 16);
    assert_int_equal(troop(b, "fr-58ligne")->figures, 18);
    assert_int_equal(troop(b, "fr-2leger")->figures, 13);
    assert_int_equal(troop(b, "fr-28leger")->figures, 10);
    assert_int_equal(troop(b, "fr-dragoons8")->figures, 7);
    assert_int_equal(troop(b, "fr-hussars9")->figures, 6);
    for (int i = 1; i <= 3; i++) {
        char id[32];
        snprintf(id, sizeof id, "au-ir55-%d", i);
        assert_int_equal(troop(b, id)->figures, 15);
    }
    assert_int_equal(troop(b, "au-kuir3")->figures, 5);
    assert_int_equal(troop(b, "au-foot-1")->figures, 6);
    assert_int_equal(troop(b, "fr-horse-fauconnet")->figures, 3);
    assert_int_equal(troop(b, "fr-horse-fauconnet")->arm, GROG_ARM_HORSE_ARTILLERY);
    assert_string_equal(grog_battle_officer_by_id(b, "treillard")->superior, "fauconnet");
    assert_int_equal(grog_battle_officer_by_id(b, "oudinot")->role, GROG_ROLE_DIVISION);
    assert_int_equal(commands(b, "au-grenadiers"), 6);
    assert_int_equal(commands(b, "laplanche"), 4);
    assert_int_equal(commands(b, "dupas"), 4);
    assert_int_equal(commands(b, "ruffin"), 2);
    assert_non_null(strstr(grog_battle_officer_by_id(b, "beaumont-2")->name, "not named"));
    assert_non_null(strstr(grog_battle_officer_by_id(b, "au-cavalry")->name, "not named"));
    assert_int_equal(grog_battle_officer_by_id(b, "auffenberg")->nation, GROG_NATION_AUSTRIA);
    grog_battle_destroy(b);
}

/* Mir: the six lancer regiments with the blog's officers and men at 1 per
 * 40 (595 -> 15, 672 -> 17, 553 -> 14, 658 -> 16, 728 -> 18, 688 -> 17),
 * three squadrons each; the Poles' nation is "other" (the Duchy of Warsaw);
 * Wikipedia's eight Cossack regiments, four with Kuteinikov and four with
 * Platov himself beside the two Don batteries; Vasilchikov's detachment
 * of four regiments, the 5th Jaegers and two horse batteries. */
static void test_mir_order_of_battle(void **state)
{
    (void)state;
    grog_battle *b = NULL;
    grog_error err;
    assert_int_equal(grog_scenario_load_embedded("mir-1812", &b, &err), GROG_OK);
    assert_string_equal(grog_battle_meta(b)->date, "1812-07-10");
    assert_int_equal(grog_battle_nunits(b), 25);
    assert_int_equal(grog_battle_nofficers(b), 8);
    static const struct {
        const char *id;
        int figures;
    } lancers[] = {{"pl-lancers2", 15},  {"pl-lancers7", 17},  {"pl-lancers11", 14},
                   {"pl-lancers3", 16},  {"pl-lancers15", 18}, {"pl-lancers16", 17}};
    for (size_t i = 0; i < sizeof lancers / sizeof lancers[0]; i++) {
        const grog_troop *u = troop(b, lancers[i].id);
        assert_int_equal(u->figures, lancers[i].figures);
        assert_int_equal(u->subunits, 3);
        assert_int_equal(u->arm, GROG_ARM_CAVALRY);
    }
    assert_int_equal(grog_battle_officer_by_id(b, "turno")->nation, GROG_NATION_OTHER);
    assert_int_equal(commands(b, "dziewanowski"), 3);
    assert_int_equal(commands(b, "turno"), 3);
    assert_int_equal(commands(b, "kuteinikov"), 4);
    assert_int_equal(commands(b, "platov"), 6);
    assert_int_equal(commands(b, "vasilchikov"), 7);
    size_t cossacks = 0;
    for (size_t i = 0; i < grog_battle_nunits(b); i++)
        cossacks += strncmp(grog_battle_unit(b, i)->id, "ru-cossacks-", 12) == 0 &&
                    grog_battle_unit(b, i)->status == GROG_STATUS_IRREGULAR;
    assert_int_equal(cossacks, 8);
    assert_int_equal(troop(b, "ru-jaegers5")->arm, GROG_ARM_INFANTRY);
    grog_battle_destroy(b);
}

static const char with_licence[] =
    "{\"meta\": {\"name\": \"L\", \"licence\": %s},"
    " \"table\": {\"figure_scale\": 25, \"unit\": \"cm\", \"width\": 100, \"depth\": 100},"
    " \"sides\": [{\"id\": \"a\", \"name\": \"A\", \"nation\": \"france\"}],"
    " \"officers\": [{\"id\": \"c\", \"name\": \"C\", \"side\": \"a\","
    " \"role\": \"commander-in-chief\", \"position\": {\"x\": 5, \"y\": 5},"
    " \"ratings\": {\"aigles\": {\"charisma\": 1, \"command\": 1}, \"gdb\": {\"skill\": \"poor\"},"
    " \"gt\": {\"quality\": \"bad\"}}}], \"units\": []}";

static void test_licence(void **state)
{
    (void)state;
    char text[2048];
    snprintf(text, sizeof text, with_licence, "\"CC BY 4.0\"");
    grog_battle *b = NULL, *again = NULL;
    grog_error err;
    assert_int_equal(grog_scenario_load_text(text, "l.json", &b, &err), GROG_OK);
    assert_string_equal(grog_battle_meta(b)->licence, "CC BY 4.0");
    char *saved = NULL;
    assert_int_equal(grog_scenario_save_text(b, &saved, &err), GROG_OK);
    assert_non_null(strstr(saved, "\"licence\": \"CC BY 4.0\""));
    assert_int_equal(grog_scenario_load_text(saved, "s.json", &again, &err), GROG_OK);
    assert_true(grog_battle_equal(b, again, NULL, 0));
    grog_meta m = *grog_battle_meta(again);
    m.licence = "another";
    assert_int_equal(grog_battle_set_meta(again, &m, &err), GROG_OK);
    assert_false(grog_battle_equal(b, again, NULL, 0));
    grog_battle_destroy(again);
    grog_battle_destroy(b);
    free(saved);
    /* one line, at most 1024 bytes, a string */
    snprintf(text, sizeof text, with_licence, "\"two\\nlines\"");
    assert_int_equal(grog_scenario_load_text(text, "l.json", &b, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "meta.licence"));
    snprintf(text, sizeof text, with_licence, "7");
    assert_int_equal(grog_scenario_load_text(text, "l.json", &b, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "meta.licence: expected a string, found an integer"));
    char big[1100 + 3];
    big[0] = '"';
    memset(big + 1, 'x', 1100);
    big[1101] = '"';
    big[1102] = '\0';
    char *longer = malloc(4096);
    snprintf(longer, 4096, with_licence, big);
    assert_int_equal(grog_scenario_load_text(longer, "l.json", &b, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "meta.licence: too long"));
    free(longer);
    /* without one: "" and nothing written */
    snprintf(text, sizeof text, with_licence, "\"\"");
    assert_int_equal(grog_scenario_load_text(text, "l.json", &b, &err), GROG_OK);
    assert_int_equal(grog_scenario_save_text(b, &saved, &err), GROG_OK);
    assert_null(strstr(saved, "licence"));
    free(saved);
    grog_battle_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_bundled_scenario),
        cmocka_unit_test(test_scenarios_command),
        cmocka_unit_test(test_wertingen_order_of_battle),
        cmocka_unit_test(test_mir_order_of_battle),
        cmocka_unit_test(test_licence),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
