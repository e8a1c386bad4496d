/* test_map.c — the SVG map: parsed back, not only looked at. Elements
 * present, coordinates of a known unit worked out by hand, links, the
 * families' overlays with their radii (AIG-O-07, AIG-O-04, GDB-09, GT-10),
 * scale bar, legend, crowding in a 2,000-unit battle, and the command. */
#include <math.h>
#include <unistd.h>

#include "grognard/map.h"
#include "grognard/scenario.h"
#include "testutil.h"

/* ---- a small reader for the SVG we write ---- */

static size_t count(const char *svg, const char *needle)
{
    size_t n = 0;
    for (const char *p = strstr(svg, needle); p != NULL; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* The start of the element containing `needle`. */
static const char *element_with(const char *svg, const char *needle)
{
    const char *p = strstr(svg, needle);
    if (p == NULL)
        return NULL;
    while (p > svg && *p != '<')
        p--;
    return p;
}

/* Attribute `name` of the element starting at el, as a number. */
static double attr_num(const char *el, const char *name)
{
    char key[64];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *end = strchr(el, '>');
    const char *p = strstr(el, key);
    if (p == NULL || p > end)
        fail_msg("no attribute %s", name);
    return strtod(p + strlen(key), NULL);
}

static void attr_str(const char *el, const char *name, char *out, size_t size)
{
    char key[64];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *end = strchr(el, '>');
    const char *p = strstr(el, key);
    if (p == NULL || p > end)
        fail_msg("no attribute %s", name);
    p += strlen(key);
    size_t n = strcspn(p, "\"");
    if (n >= size)
        n = size - 1;
    memcpy(out, p, n);
    out[n] = '\0';
}

static char *map_of(const char *source, unsigned overlays)
{
    grog_battle *b = NULL;
    grog_error err;
    if (grog_scenario_load(source, &b, &err) != GROG_OK)
        fail_msg("%s", err.message);
    grog_map_options o;
    grog_map_options_default(&o);
    o.overlays |= overlays;
    if (overlays && grog_map_options_from_rules(&o, grog_battle_table(b), NULL, NULL, NULL,
                                                &err) != GROG_OK)
        fail_msg("%s", err.message);
    char *svg = NULL;
    assert_int_equal(grog_map_svg(b, &o, &svg, &err), GROG_OK);
    grog_battle_destroy(b);
    return svg;
}

static void near(double got, double want)
{
    if (fabs(got - want) > 0.01)
        fail_msg("got %.4f, want %.4f", got, want);
}

/* ---- tests ---- */

static void test_elements_present(void **state)
{
    (void)state;
    char *svg = map_of(NULL, 0);
    assert_true(strncmp(svg, "<?xml", 5) == 0);
    assert_int_equal(count(svg, "<g class=\"unit\""), 20);
    assert_int_equal(count(svg, "<g class=\"officer "), 16);
    assert_int_equal(count(svg, "<g"), count(svg, "</g>"));
    assert_int_equal(count(svg, "<svg"), 1);
    assert_non_null(strstr(svg, "id=\"scale-bar\""));
    assert_non_null(strstr(svg, "id=\"legend\""));
    /* Names are escaped for XML. */
    assert_non_null(strstr(svg, "Anglo-Portuguese army (Picton&apos;s command)"));
    /* Without family overlays no zone is drawn. */
    assert_int_equal(count(svg, "class=\"aigles-zone"), 0);
    assert_int_equal(count(svg, "class=\"gdb-radius\""), 0);
    /* Table 1800 x 1200 mm; scale bar 300 mm (the round length under 1800/5). */
    const char *table = element_with(svg, "id=\"table\"");
    near(attr_num(table, "width"), 1800);
    near(attr_num(table, "height"), 1200);
    near(attr_num(element_with(svg, "id=\"scale-bar\""), "data-mm"), 300);
    /* The scenario writes cm: the bar says cm and pas (1 pas = 1 mm here). */
    assert_non_null(strstr(svg, "30 cm = 300 pas"));
    free(svg);
}

/* The 74th Foot: centre (76, 88) cm, base 16 x 4 cm, facing 180 (south).
 * Facing 180: forward (0,-1), right (-1,0). Front-left = centre - 80*right
 * + 20*fwd = (840, 860); front-right (680, 860); rear-right (680, 900);
 * rear-left (840, 900). Drawn with y flipped (1200 - y). */
static void test_known_unit_coordinates(void **state)
{
    (void)state;
    char *svg = map_of(NULL, 0);
    const char *g = element_with(svg, "id=\"unit-br-74th\"");
    assert_non_null(g);
    near(attr_num(g, "data-x"), 760);
    near(attr_num(g, "data-y"), 880);
    near(attr_num(g, "data-facing"), 180);
    const char *poly = strstr(g, "<polygon");
    char pts[256];
    attr_str(poly, "points", pts, sizeof pts);
    assert_string_equal(pts, "840.00,340.00 680.00,340.00 680.00,300.00 840.00,300.00");
    const char *front = strstr(g, "<line class=\"facing\"");
    near(attr_num(front, "x1"), 840);
    near(attr_num(front, "y1"), 340);
    near(attr_num(front, "x2"), 680);
    near(attr_num(front, "y2"), 340);
    free(svg);
}

static void test_links_to_superiors(void **state)
{
    (void)state;
    char *svg = map_of(NULL, 0);
    /* 16 officers, 2 without superior. */
    assert_int_equal(count(svg, "class=\"link\""), 14);
    const char *l = element_with(svg, "data-from=\"pack\" data-to=\"picton\"");
    assert_non_null(l);
    near(attr_num(l, "x1"), 1190); /* Pack at (119, 95) cm */
    near(attr_num(l, "y1"), 250);
    near(attr_num(l, "x2"), 800); /* Picton at (80, 95) cm */
    near(attr_num(l, "y2"), 250);
    const char *o = element_with(svg, "id=\"officer-picton\"");
    near(attr_num(o, "data-x"), 800);
    near(attr_num(o, "data-y"), 950);
    free(svg);
}

static const char *overlay_at(const char *svg, const char *cls, const char *centre)
{
    char needle[128];
    snprintf(needle, sizeof needle, "class=\"%s\"", cls);
    for (const char *p = strstr(svg, needle); p != NULL; p = strstr(p + 1, needle)) {
        const char *el = p;
        while (*el != '<')
            el--;
        const char *end = strchr(el, '>');
        const char *c = strstr(el, centre);
        if (c != NULL && c < end)
            return el;
    }
    return NULL;
}

/* Picton: 40 x 40 mm base at (800, 250) on the picture; charisma 4,
 * command 4; 25 mm figures, 1 pas = 1 mm. */
static void test_family_overlays(void **state)
{
    (void)state;
    char *svg = map_of(NULL, GROG_MAP_AIGLES_ZONES | GROG_MAP_AIGLES_CHARISMA |
                                 GROG_MAP_GDB_RADIUS | GROG_MAP_GT_RADIUS);
    /* GDB-09: 30 cm around each commander-in-chief, edge to edge. */
    assert_int_equal(count(svg, "class=\"gdb-radius\""), 2);
    const char *r = overlay_at(svg, "gdb-radius", "800.00 250.00)");
    assert_non_null(r);
    near(attr_num(r, "rx"), 300);
    near(attr_num(r, "x"), 800 - 20 - 300);
    near(attr_num(r, "width"), 40 + 600);
    /* AIG-O-07: command 4, 25 mm: 150 pas. */
    r = overlay_at(svg, "aigles-zone", "800.00 250.00)");
    assert_non_null(r);
    near(attr_num(r, "rx"), 150);
    /* AIG-O-04: charisma 4: +3 to 150, +2 to 200, +1 to 250 pas: three
     * rings, outermost first, each with the bonus inside it. */
    r = overlay_at(svg, "aigles-charisma\" data-bonus=\"1", "800.00 250.00)");
    assert_non_null(r);
    near(attr_num(r, "rx"), 250);
    r = overlay_at(svg, "aigles-charisma\" data-bonus=\"2", "800.00 250.00)");
    near(attr_num(r, "rx"), 200);
    r = overlay_at(svg, "aigles-charisma\" data-bonus=\"3", "800.00 250.00)");
    near(attr_num(r, "rx"), 150);
    assert_null(overlay_at(svg, "aigles-charisma\" data-bonus=\"4", "800.00 250.00)"));
    /* Rings for all: sum over officers of (charisma - 1) for charisma >= 2. */
    grog_battle *b = NULL;
    assert_int_equal(grog_scenario_load(NULL, &b, NULL), GROG_OK);
    size_t rings = 0;
    for (size_t i = 0; i < grog_battle_nofficers(b); i++) {
        int c = grog_battle_officer(b, i)->ratings.aigles_charisma;
        rings += c >= 2 ? (size_t)(c - 1) : 0;
    }
    grog_battle_destroy(b);
    assert_int_equal(count(svg, "class=\"aigles-charisma\""), rings);
    /* GT-10: 9 inches = 228.6 mm; C-in-C, army and corps commanders only. */
    assert_int_equal(count(svg, "class=\"gt-radius\""), 2);
    r = overlay_at(svg, "gt-radius", "800.00 250.00)");
    near(attr_num(r, "rx"), 228.6);
    /* Generals only: 12 generals have zones, the 4 ADCs none. */
    assert_int_equal(count(svg, "class=\"aigles-zone"), 12);
    assert_non_null(strstr(svg, "General de Brigade: C-in-C command radius (GDB-09)"));
    /* Zones and radii are clipped to the table. */
    assert_non_null(strstr(svg, "<clipPath id=\"table-clip\">"));
    assert_non_null(strstr(svg, "<g id=\"overlays\" clip-path=\"url(#table-clip)\">"));
    free(svg);
}

static void test_radii_from_rules(void **state)
{
    (void)state;
    grog_map_options o;
    grog_map_options_default(&o);
    grog_table t = {{25, 1.0}, 1800, 1200, GROG_UNIT_MM, 0};
    assert_int_equal(grog_map_options_from_rules(&o, &t, NULL, NULL, NULL, NULL), GROG_OK);
    /* AIG-O-07 at 25 mm: contact, 50, 100, 150, 200 pas; command 0: none. */
    assert_true(o.aigles_zone_mm[0] < 0 && !o.aigles_zone_contact[0]);
    assert_true(o.aigles_zone_contact[1]);
    near(o.aigles_zone_mm[2], 50);
    near(o.aigles_zone_mm[5], 200);
    near(o.gdb_radius_mm, 300);
    near(o.gt_radius_mm, 228.6);
    /* 15 mm figures and 2 mm per pas: command 5 is 150 pas = 300 mm. */
    t.scale.figure_mm = 15;
    t.scale.mm_per_pas = 2;
    assert_int_equal(grog_map_options_from_rules(&o, &t, NULL, NULL, NULL, NULL), GROG_OK);
    near(o.aigles_zone_mm[5], 300);
    near(o.aigles_zone_mm[3], 150); /* 75 pas */
    /* A bad rules file leaves the options unchanged. */
    grog_error err;
    assert_int_not_equal(grog_map_options_from_rules(&o, &t, "/nonexistent.json", NULL, NULL,
                                                     &err),
                         GROG_OK);
    near(o.aigles_zone_mm[5], 300);
}

static void test_quatre_bras_draws(void **state)
{
    (void)state;
    char *svg = map_of("quatre-bras-1815", GROG_MAP_AIGLES_ZONES);
    assert_int_equal(count(svg, "<g class=\"unit\""), 33);
    assert_int_equal(count(svg, "<g class=\"officer "), 28);
    /* Written in inches: Wellington at (36, 30) in = (914.4, 762) mm. */
    const char *o = element_with(svg, "id=\"officer-wellington\"");
    near(attr_num(o, "data-x"), 914.4);
    near(attr_num(o, "data-y"), 762);
    free(svg);
}

static void test_large_battle_stays_readable(void **state)
{
    (void)state;
    grog_rng *rng = grog_rng_create(11);
    grog_generate_options g = {2000, 400};
    grog_battle *b = NULL;
    assert_int_equal(grog_scenario_generate(&g, rng, &b, NULL), GROG_OK);
    grog_rng_destroy(rng);
    grog_map_options o;
    grog_map_options_default(&o);
    char *svg = NULL;
    assert_int_equal(grog_map_svg(b, &o, &svg, NULL), GROG_OK);
    assert_int_equal(count(svg, "<g class=\"unit\""), 2000);
    size_t labels = count(svg, "class=\"unit-label\"");
    /* Shrunk labels still fit inside a 120 mm base; none overlap, so fewer
     * than one per unit, and the legend says how many were left out. */
    assert_true(labels > 0 && labels <= 2000);
    const char *l = element_with(svg, "class=\"unit-label\"");
    double font = attr_num(l, "font-size");
    assert_true(font < grog_battle_table(b)->width_mm / 130.0);
    /* What was left out is counted on the root for programs; the printed
     * sheet does not talk about it. */
    double dropped = attr_num(element_with(svg, "<svg "), "data-labels-dropped");
    assert_true(dropped == 2400 - (double)(labels + count(svg, "class=\"officer-label\"")));
    assert_null(strstr(svg, "labels left out"));
    assert_true(strlen(svg) < 6 * 1024 * 1024);
    free(svg);
    grog_battle_destroy(b);
}

/* The generals' labels are placed from the top down: by depth in the
 * hierarchy, in battle order within a depth (a crowded spot goes to the
 * higher general). Checked on a generated battle, whose battle order is
 * not that order, against the chain of superiors walked for each officer. */
static void test_officer_labels_top_down(void **state)
{
    (void)state;
    grog_rng *rng = grog_rng_create(5);
    grog_generate_options g = {120, 30};
    grog_battle *b = NULL;
    assert_int_equal(grog_scenario_generate(&g, rng, &b, NULL), GROG_OK);
    grog_rng_destroy(rng);
    grog_map_options o;
    grog_map_options_default(&o);
    char *svg = NULL;
    assert_int_equal(grog_map_svg(b, &o, &svg, NULL), GROG_OK);
    const char *p = strstr(svg, "<g id=\"officer-labels\"");
    const char *end = strstr(p, "<g id=\"unit-labels\"");
    assert_non_null(p);
    assert_non_null(end);
    int last_depth = -1, depths_changed = 0;
    size_t last = 0, seen = 0;
    int out_of_battle_order = 0;
    while ((p = strstr(p + 1, "data-for=\"")) != NULL && p < end) {
        char id[GROG_ID_MAX];
        attr_str(p - 1, "data-for", id, sizeof id);
        size_t i;
        assert_true(grog_battle_officer_index(b, id, &i));
        assert_true(grog_role_is_general(grog_battle_officer(b, i)->role));
        int d = grog_battle_officer_depth(b, i);
        assert_true(d >= last_depth);
        if (d == last_depth)
            assert_true(i > last); /* battle order within a depth */
        else if (seen > 0)
            depths_changed++;
        out_of_battle_order |= seen > 0 && i < last;
        last_depth = d;
        last = i;
        seen++;
    }
    assert_true(seen > 10);
    assert_true(depths_changed >= 2);
    assert_true(out_of_battle_order); /* battle order alone would fail this test */
    free(svg);
    grog_battle_destroy(b);
}

static void test_cli_map(void **state)
{
    (void)state;
    char path[] = "/tmp/grognard-map-XXXXXX";
    int fd = mkstemp(path);
    close(fd);
    cli_run r = run_cli("map", "quatre-bras-1815", "-o", path, "--family", "aigles,gdb", "--json",
                        NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    assert_int_equal(json_integer_value(json_object_get(j, "units")), 33);
    assert_true(json_integer_value(json_object_get(j, "bytes")) > 1000);
    json_decref(j);
    cli_run_free(&r);
    char *svg = NULL;
    assert_int_equal(grog_data_read_file(path, &svg, NULL, NULL), GROG_OK);
    assert_true(count(svg, "class=\"aigles-charisma\"") > 0);
    assert_int_equal(count(svg, "class=\"gt-radius\""), 0);
    assert_int_equal(count(svg, "class=\"gdb-radius\""), 2); /* wellington, ney */
    free(svg);
    unlink(path);
    r = run_cli("map", "--no-labels", "--family", "none", NULL); /* to standard output */
    assert_int_equal(r.code, 0);
    assert_true(strncmp(r.out, "<?xml", 5) == 0);
    assert_int_equal(count(r.out, "class=\"unit-label\""), 0);
    assert_int_equal(count(r.out, "class=\"aigles-zone"), 0);
    cli_run_free(&r);
    r = run_cli("map", "--family", "chess", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("map", "/nonexistent/s.json", "-o", "/tmp/x.svg", NULL);
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_elements_present),
        cmocka_unit_test(test_known_unit_coordinates),
        cmocka_unit_test(test_links_to_superiors),
        cmocka_unit_test(test_family_overlays),
        cmocka_unit_test(test_radii_from_rules),
        cmocka_unit_test(test_quatre_bras_draws),
        cmocka_unit_test(test_large_battle_stays_readable),
        cmocka_unit_test(test_officer_labels_top_down),
        cmocka_unit_test(test_cli_map),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
