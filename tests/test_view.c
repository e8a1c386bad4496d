/* test_view.c — what a seat may see (view.h), `show` and `map` on games and
 * scenarios, and the map read back: well-formed XML, every label box inside
 * the sheet, no two label boxes meeting, for each bundled scenario and a
 * game in progress; one map rendered to PNG with rsvg-convert
 * (build/screens/bussaco-game.png, a Bussaco game after two turns). */
#include <math.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "grognard/view.h"
#include "testutil.h"

static char game_path[128];

static void make_path(const char *tag)
{
    snprintf(game_path, sizeof game_path, "/tmp/grog-test-view-%s-%d.grog", tag, (int)getpid());
    grog_game_remove(game_path);
}

static void do_action(const char *path, const char *line)
{
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_open(path, &g, &err) != GROG_OK)
        fail_msg("%s", err.message);
    char *res = NULL;
    if (grog_game_do_line(g, line, &res, &err) != GROG_OK)
        fail_msg("%s: %s", line, err.message);
    free(res);
    grog_game_close(g);
}

static void new_game(const char *tag, grog_family f, uint64_t seed)
{
    make_path(tag);
    grog_game_options o = {f, NULL, seed, NULL};
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_create(game_path, &o, &g, &err) != GROG_OK)
        fail_msg("%s", err.message);
    grog_game_close(g);
}

/* A Les Aigles game of Bussaco after two turns: an order obeyed, an ADC
 * riding to Pack, a formation change begun in turn 2, a melee, an officer
 * killed. */
static void bussaco_two_turns(void)
{
    new_game("aigles", GROG_FAMILY_AIGLES, 1810);
    static const char *const lines[] = {
        "order picton mackinnon attack --roll 2",
        "adc picton-adc1 pack attack",
        "event melee fr-2leger start",
        "next", "next", "next", "next",
        "formation br-2-5th attack-column",
        "event killed graindorge",
        "next",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        do_action(game_path, lines[i]);
}

/* ---- the seat filter ---- */

static void test_may_see(void **state)
{
    (void)state;
    grog_seat pub = {GROG_SEAT_PUBLIC, NULL}, fr = {GROG_SEAT_SIDE, "french"},
              ref = {GROG_SEAT_REFEREE, NULL};
    assert_true(grog_view_may_see(NULL, ""));
    assert_true(grog_view_may_see(&pub, NULL));
    assert_false(grog_view_may_see(NULL, "french"));
    assert_false(grog_view_may_see(&pub, "french"));
    assert_true(grog_view_may_see(&fr, "french"));
    assert_false(grog_view_may_see(&fr, "anglo-portuguese"));
    assert_true(grog_view_may_see(&ref, "anglo-portuguese"));
}

static void test_battle_seat_and_filter(void **state)
{
    (void)state;
    grog_battle *b = NULL, *seen = NULL;
    assert_int_equal(grog_scenario_load(NULL, &b, NULL), GROG_OK);
    grog_seat s;
    grog_error err;
    assert_int_equal(grog_view_battle_seat(b, "prussia", 0, &s, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "anglo-portuguese, french"));
    assert_int_equal(grog_view_battle_seat(b, "french", 1, &s, &err), GROG_EINVAL);
    /* Pack's hidden order (the scenario's "hidden": true) is his side's only. */
    assert_int_equal(grog_view_battle_seat(b, "french", 0, &s, NULL), GROG_OK);
    assert_int_equal(grog_view_battle(b, &s, &seen, NULL), GROG_OK);
    assert_string_equal(grog_battle_officer_by_id(b, "pack")->pending.kind, "attack");
    assert_string_equal(grog_battle_officer_by_id(seen, "pack")->pending.kind, "");
    assert_string_equal(grog_battle_officer_by_id(seen, "pack")->order.kind, "hold");
    grog_battle_destroy(seen);
    assert_int_equal(grog_view_battle_seat(b, "anglo-portuguese", 0, &s, NULL), GROG_OK);
    assert_int_equal(grog_view_battle(b, &s, &seen, NULL), GROG_OK);
    assert_string_equal(grog_battle_officer_by_id(seen, "pack")->pending.kind, "attack");
    grog_battle_destroy(seen);
    /* The same filter in place (show of a scenario file): the other side's
     * hidden order gone, the seat's own order kept. */
    assert_int_equal(grog_view_battle_seat(b, "french", 0, &s, NULL), GROG_OK);
    grog_view_battle_filter(b, &s);
    assert_string_equal(grog_battle_officer_by_id(b, "pack")->pending.kind, "");
    assert_string_equal(grog_battle_officer_by_id(b, "pack")->order.kind, "hold");
    grog_battle_destroy(b);
}

/* show of a scenario: hidden orders only with --side of their side or --referee. */
static void test_show_scenario_hides(void **state)
{
    (void)state;
    cli_run r = run_cli("show", NULL);
    assert_int_equal(r.code, 0);
    assert_null(strstr(r.out, "hidden order"));
    cli_run_free(&r);
    r = run_cli("show", "--side", "french", NULL);
    assert_null(strstr(r.out, "hidden order"));
    cli_run_free(&r);
    r = run_cli("show", "--side", "anglo-portuguese", NULL);
    assert_non_null(strstr(r.out, "hidden order: attack"));
    cli_run_free(&r);
    r = run_cli("show", "--referee", "--json", NULL);
    json_t *j = cli_json(&r);
    size_t i;
    json_t *o;
    int seen = 0;
    json_array_foreach(json_object_get(j, "officers"), i, o)
        if (strcmp(json_string_value(json_object_get(o, "id")), "pack") == 0)
            seen = json_is_object(json_object_get(o, "pending"));
    assert_true(seen);
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("show", "--json", NULL);
    j = cli_json(&r);
    json_array_foreach(json_object_get(j, "officers"), i, o)
        assert_true(json_is_null(json_object_get(o, "pending")));
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("show", "--side", "prussia", NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "no side \"prussia\""));
    cli_run_free(&r);
}

/* ---- a game's view ---- */

static json_t *officer_of(json_t *view, const char *id)
{
    size_t i;
    json_t *o;
    json_array_foreach(json_object_get(view, "officers"), i, o)
        if (strcmp(json_string_value(json_object_get(o, "id")), id) == 0)
            return o;
    return NULL;
}

static json_t *unit_of(json_t *view, const char *id)
{
    size_t i;
    json_t *o;
    json_array_foreach(json_object_get(view, "units"), i, o)
        if (strcmp(json_string_value(json_object_get(o, "id")), id) == 0)
            return o;
    return NULL;
}

static json_t *game_view(grog_game *g, const grog_seat *seat)
{
    char *text = NULL;
    grog_error err;
    if (grog_view_game_json(g, seat, &text, &err) != GROG_OK)
        fail_msg("%s", err.message);
    json_t *j = json_loads(text, 0, NULL);
    assert_non_null(j);
    /* Written directly, the text is still jansson's own (the server and
     * `show --json` sent jansson's dump before): dumped again, the same. */
    char *again = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    assert_string_equal(again, text);
    free(again);
    free(text);
    return j;
}

static void test_game_json(void **state)
{
    (void)state;
    bussaco_two_turns();
    grog_game *g = NULL;
    assert_int_equal(grog_game_open(game_path, &g, NULL), GROG_OK);
    grog_seat pub = {GROG_SEAT_PUBLIC, NULL}, ap = {GROG_SEAT_SIDE, "anglo-portuguese"},
              ref = {GROG_SEAT_REFEREE, NULL};
    json_t *v = game_view(g, &pub);
    assert_int_equal(json_integer_value(json_object_get(v, "turn")), 2);
    assert_string_equal(json_string_value(json_object_get(v, "phase")), "movement-1");
    assert_string_equal(json_string_value(json_object_get(v, "family")), "aigles");
    assert_true(json_is_null(json_object_get(v, "seed"))); /* the referee's only */
    /* Positions in mm: the 74th Foot at (76, 88) cm. */
    json_t *u = unit_of(v, "br-74th");
    assert_true(fabs(json_number_value(json_object_get(u, "x")) - 760) < 1e-6);
    assert_true(fabs(json_number_value(json_object_get(u, "y")) - 880) < 1e-6);
    assert_string_equal(json_string_value(json_object_get(u, "short_name")), "74th");
    /* The melee and since when; the formation change begun in turn 2 (AIG-F-25..). */
    u = unit_of(v, "fr-2leger");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(u, "melee"), "since_turn")),
                     1);
    assert_true(json_is_null(json_object_get(unit_of(v, "br-74th"), "melee")));
    json_t *ch = json_object_get(unit_of(v, "br-2-5th"), "changing");
    assert_true(json_is_object(ch));
    assert_string_equal(json_string_value(json_object_get(ch, "to")), "attack-column");
    /* Graindorge killed; Picton spent one of his 4 points in turn 1, turn 2 renewed them. */
    assert_string_equal(json_string_value(json_object_get(officer_of(v, "graindorge"), "state")),
                        "killed");
    assert_int_equal(json_integer_value(json_object_get(officer_of(v, "picton"), "points")), 4);
    assert_true(json_is_null(json_object_get(officer_of(v, "picton-adc1"), "points")));
    /* The ADC rides: 410 pas at his speed is 2 périodes, one ridden. */
    json_t *adcs = json_object_get(v, "adcs");
    assert_int_equal(json_array_size(adcs), 1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(adcs, 0), "adc")),
                        "picton-adc1");
    assert_int_equal(json_integer_value(json_object_get(json_array_get(adcs, 0), "periods")), 1);
    /* Pack's hidden order: the public and the French never, his side and the referee. */
    assert_true(json_is_null(json_object_get(officer_of(v, "pack"), "pending")));
    char *all = json_dumps(v, 0);
    assert_null(strstr(all, "Advance and engage"));
    free(all);
    json_decref(v);
    v = game_view(g, &ap);
    assert_true(json_is_object(json_object_get(officer_of(v, "pack"), "pending")));
    assert_string_equal(json_string_value(json_object_get(json_object_get(v, "seat"), "side")),
                        "anglo-portuguese");
    json_decref(v);
    v = game_view(g, &ref);
    assert_int_equal(json_integer_value(json_object_get(v, "seed")), 1810);
    assert_true(json_is_object(json_object_get(officer_of(v, "pack"), "pending")));
    json_decref(v);
    grog_game_close(g);
}

/* 1 when a JSON text holds "seed": 1810, however it is spaced. */
static int mentions_seed(const char *json)
{
    return strstr(json, "\"seed\": 1810") != NULL || strstr(json, "\"seed\":1810") != NULL;
}

/* Nothing of another side's hidden order in any output for the public. */
static void test_game_outputs_hide(void **state)
{
    (void)state;
    bussaco_two_turns();
    const char *secret = "Advance and engage";
    cli_run r = run_cli("show", game_path, NULL);
    assert_int_equal(r.code, 0);
    assert_null(strstr(r.out, secret));
    assert_non_null(strstr(r.out, "A Les Aigles game: turn 2, movement-1 phase"));
    assert_non_null(strstr(r.out, "forming attack-column"));
    assert_non_null(strstr(r.out, "riding with the order \"attack\" for pack: 1 période to go"));
    assert_non_null(strstr(r.out, "in-melee since turn 1"));
    cli_run_free(&r);
    r = run_cli("show", game_path, "--json", NULL);
    assert_null(strstr(r.out, secret));
    json_t *j = cli_json(&r);
    assert_true(json_is_array(json_object_get(j, "units")));
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("map", game_path, "-o", "-", NULL);
    assert_int_equal(r.code, 0);
    assert_null(strstr(r.out, secret));
    cli_run_free(&r);
    r = run_cli("show", game_path, "--side", "french", NULL);
    assert_null(strstr(r.out, secret));
    cli_run_free(&r);
    r = run_cli("show", game_path, "--side", "anglo-portuguese", NULL);
    assert_non_null(strstr(r.out, secret));
    cli_run_free(&r);
    r = run_cli("show", game_path, "--referee", NULL);
    assert_non_null(strstr(r.out, secret));
    assert_non_null(strstr(r.out, "dice seed 1810"));
    cli_run_free(&r);
    r = run_cli("show", game_path, "--side", "nobody", NULL);
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
    /* The game's dice seed tells every future roll: a test rolled by the game
     * shows it to the referee only (not to a side, nor the public). */
    new_game("seed", GROG_FAMILY_AIGLES, 1810);
    do_action(game_path, "order picton mackinnon attack");
    static const char *const seats[][2] = {{"--side", "french"}, {"--side", "anglo-portuguese"}};
    for (int k = 0; k < 2; k++) {
        r = run_cli("log", game_path, seats[k][0], seats[k][1], "--json", NULL);
        assert_false(mentions_seed(r.out));
        cli_run_free(&r);
    }
    r = run_cli("log", game_path, "--json", NULL);
    assert_false(mentions_seed(r.out));
    cli_run_free(&r);
    r = run_cli("log", game_path, "--referee", "--json", NULL);
    assert_true(mentions_seed(r.out));
    cli_run_free(&r);
}

/* status: a summary per side; log: --turn, --last, --kind. */
static void test_status_summary_and_log_filters(void **state)
{
    (void)state;
    bussaco_two_turns();
    cli_run r = run_cli("status", game_path, NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "Each side:"));
    /* 11 Anglo-Portuguese units, the 2/5th changing (begun in turn 2); the ADC rides. */
    assert_non_null(strstr(r.out, "Anglo-Portuguese army (Picton's command): 11 units ("));
    assert_non_null(strstr(r.out, "1 changing formation"));
    assert_non_null(strstr(r.out, "orders pending: 1 carried by an ADC"));
    assert_non_null(strstr(r.out, "1 in melee"));
    assert_non_null(strstr(r.out, "officers out: General of Brigade Graindorge (killed)"));
    assert_null(strstr(r.out, "hidden")); /* Pack's hidden order is not the public's */
    cli_run_free(&r);
    r = run_cli("status", game_path, "--side", "anglo-portuguese", NULL);
    assert_non_null(strstr(r.out, ", 1 hidden"));
    cli_run_free(&r);
    r = run_cli("status", game_path, "--json", NULL);
    json_t *j = cli_json(&r);
    json_t *fr = json_array_get(json_object_get(j, "summary"), 1);
    assert_string_equal(json_string_value(json_object_get(fr, "side")), "french");
    assert_int_equal(json_integer_value(json_object_get(fr, "units")), 9);
    assert_int_equal(json_array_size(json_object_get(fr, "officers_out")), 1);
    json_decref(j);
    cli_run_free(&r);
    /* log: 10 actions after start; one order, in turn 1. */
    r = run_cli("log", game_path, "--kind", "Order", "--json", NULL);
    json_t *doc = cli_json(&r);
    j = json_object_get(doc, "actions"); /* the top level is an object */
    assert_int_equal(json_array_size(j), 1);
    assert_string_equal(json_string_value(json_array_get(json_object_get(json_array_get(j, 0),
                                                                         "action"), 0)),
                        "order");
    json_decref(doc);
    cli_run_free(&r);
    r = run_cli("log", game_path, "--last", "2", "--json", NULL);
    doc = cli_json(&r);
    j = json_object_get(doc, "actions");
    assert_int_equal(json_array_size(j), 2);
    assert_string_equal(json_string_value(json_array_get(json_object_get(json_array_get(j, 1),
                                                                         "action"), 0)),
                        "next");
    json_decref(doc);
    cli_run_free(&r);
    r = run_cli("log", game_path, "--turn", "2", "--kind", "formation", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "> formation br-2-5th attack-column"));
    assert_null(strstr(r.out, "> order"));
    cli_run_free(&r);
    r = run_cli("log", game_path, "--turn", "9", NULL);
    assert_non_null(strstr(r.out, "No action in the journal matches."));
    cli_run_free(&r);
    r = run_cli("log", game_path, "--last", "0", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
}

/* explain works on a game file: the battle as it stands (Graindorge killed). */
static void test_explain_on_game(void **state)
{
    (void)state;
    bussaco_two_turns();
    /* Mackinnon 60 pas from Picton in the scenario: inside his zone (AIG-O-11).
     * Moved to (20, 60) cm in the game: out of it, the order goes by ADC (AIG-O-12). */
    do_action(game_path, "move mackinnon 20 60");
    cli_run r = run_cli("explain", game_path, "aigles-order", "--from", "picton", "--to",
                        "mackinnon", "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    char *rules = json_dumps(json_object_get(j, "rules"), 0);
    assert_non_null(strstr(rules, "AIG-O-12"));
    free(rules);
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("explain", "aigles-order", "--from", "picton", "--to", "mackinnon", "--json",
                NULL);
    j = cli_json(&r);
    rules = json_dumps(json_object_get(j, "rules"), 0);
    assert_null(strstr(rules, "AIG-O-12"));
    free(rules);
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("help", "explain", NULL);
    assert_non_null(strstr(r.out, "aigles-order"));
    assert_non_null(strstr(r.out, "gdb-order"));
    cli_run_free(&r);
    r = run_cli("help", "calc", NULL);
    assert_non_null(strstr(r.out, "gt-pip"));
    cli_run_free(&r);
}

/* ---- the map read back ---- */

/* A small XML well-formedness check for the SVG we write: one root, every
 * element closed in order, attributes quoted, only the five XML entities or
 * character references, no '<' in text. */
static void assert_well_formed(const char *svg)
{
    const char *stack[256];
    size_t lens[256], depth = 0, roots = 0;
    const char *p = svg;
    if (strncmp(p, "<?xml", 5) == 0)
        p = strstr(p, "?>") + 2;
    while (*p) {
        if (*p == '&') {
            static const char *const ents[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#"};
            int ok = 0;
            for (int k = 0; k < 6 && !ok; k++)
                ok = strncmp(p, ents[k], strlen(ents[k])) == 0;
            if (!ok)
                fail_msg("bad entity at %.30s", p);
            p++;
            continue;
        }
        if (*p != '<') {
            p++;
            continue;
        }
        if (p[1] == '/') {
            size_t n = strcspn(p + 2, ">");
            if (depth == 0 || lens[depth - 1] != n || strncmp(stack[depth - 1], p + 2, n) != 0)
                fail_msg("unbalanced close at %.40s", p);
            depth--;
            p += n + 3;
            continue;
        }
        const char *name = p + 1;
        size_t n = strcspn(name, " />\n");
        const char *q = name + n;
        int quote = 0;
        for (; *q && (quote || *q != '>'); q++) {
            if (*q == '"')
                quote = !quote;
            if (quote && *q == '<')
                fail_msg("'<' in an attribute at %.40s", q);
        }
        if (*q != '>')
            fail_msg("unterminated tag at %.40s", p);
        if (depth == 0)
            roots++;
        if (q[-1] != '/') {
            assert_true(depth < 256);
            stack[depth] = name;
            lens[depth++] = n;
        }
        p = q + 1;
    }
    assert_int_equal(depth, 0);
    assert_int_equal(roots, 1);
}

typedef struct sheet {
    double x0, y0, x1, y1;
} sheet;

/* Every label box (data-box) inside the sheet (the viewBox), no two meeting. */
static size_t assert_labels_readable(const char *svg)
{
    const char *vb = strstr(svg, "viewBox=\"");
    assert_non_null(vb);
    sheet s;
    double w, h;
    assert_int_equal(sscanf(vb + 9, "%lf %lf %lf %lf", &s.x0, &s.y0, &w, &h), 4);
    s.x1 = s.x0 + w;
    s.y1 = s.y0 + h;
    size_t n = 0, cap = 64;
    sheet *boxes = malloc(cap * sizeof *boxes);
    for (const char *p = strstr(svg, "data-box=\""); p != NULL; p = strstr(p + 1, "data-box=\"")) {
        sheet b;
        assert_int_equal(sscanf(p + 10, "%lf %lf %lf %lf", &b.x0, &b.y0, &b.x1, &b.y1), 4);
        if (b.x0 < s.x0 || b.y0 < s.y0 || b.x1 > s.x1 || b.y1 > s.y1)
            fail_msg("label box %.1f %.1f %.1f %.1f outside the sheet", b.x0, b.y0, b.x1, b.y1);
        for (size_t i = 0; i < n; i++)
            if (b.x0 < boxes[i].x1 && boxes[i].x0 < b.x1 && b.y0 < boxes[i].y1 &&
                boxes[i].y0 < b.y1)
                fail_msg("label boxes meet: %.1f %.1f %.1f %.1f and %.1f %.1f %.1f %.1f", b.x0,
                         b.y0, b.x1, b.y1, boxes[i].x0, boxes[i].y0, boxes[i].x1, boxes[i].y1);
        if (n == cap)
            boxes = realloc(boxes, (cap *= 2) * sizeof *boxes);
        boxes[n++] = b;
    }
    free(boxes);
    return n;
}

static void check_sheet(const char *svg, size_t min_labels)
{
    assert_well_formed(svg);
    size_t n = assert_labels_readable(svg);
    if (n < min_labels)
        fail_msg("only %zu labels, expected at least %zu", n, min_labels);
    /* The legend sits below the table: its first row under the table's depth. */
    double depth = strtod(strstr(svg, "data-table-depth=\"") + 18, NULL);
    const char *leg = strstr(svg, "class=\"legend-side\"");
    assert_non_null(leg);
    assert_true(strtod(strstr(leg, "y=\"") + 3, NULL) > depth);
}

static void test_map_scenarios_readable(void **state)
{
    (void)state;
    static const struct {
        const char *name, *colour1, *colour2;
    } maps[] = {{"bussaco-1810", "red: ", "blue: "},
                {"quatre-bras-1815", "red: ", "blue: "},
                {"maida-1806", "red: ", "blue: "},
                {"wertingen-1805", "grey: ", "blue: "},
                {"mir-1812", "red: ", "green: "}};
    for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
        cli_run r = run_cli("map", maps[i].name, "--family", "all", NULL);
        assert_int_equal(r.code, 0);
        check_sheet(r.out, 20);
        /* Each side's colour is named in the legend. */
        assert_non_null(strstr(r.out, maps[i].colour1));
        assert_non_null(strstr(r.out, maps[i].colour2));
        assert_non_null(strstr(r.out, "id=\"compass\""));
        cli_run_free(&r);
    }
    /* A generated 300-unit battle: crowded, still no two labels meet. */
    grog_rng *rng = grog_rng_create(5);
    grog_generate_options g = {300, 60};
    grog_battle *b = NULL;
    assert_int_equal(grog_scenario_generate(&g, rng, &b, NULL), GROG_OK);
    grog_rng_destroy(rng);
    char *svg = NULL;
    assert_int_equal(grog_map_svg(b, NULL, &svg, NULL), GROG_OK);
    assert_well_formed(svg);
    assert_labels_readable(svg);
    free(svg);
    grog_battle_destroy(b);
}

static void test_map_labels(void **state)
{
    (void)state;
    grog_troop u;
    grog_troop_init(&u);
    char t[64];
    snprintf(u.name, sizeof u.name, "1/88th Foot (Connaught Rangers)");
    grog_map_unit_label(&u, t, sizeof t);
    assert_string_equal(t, "1/88th");
    snprintf(u.name, sizeof u.name, "2nd Nassau Regiment, 1st Battalion");
    grog_map_unit_label(&u, t, sizeof t);
    assert_string_equal(t, "2nd Nassau");
    snprintf(u.name, sizeof u.name, "(odd)");
    grog_map_unit_label(&u, t, sizeof t);
    assert_string_equal(t, "(odd)");
    grog_officer o;
    grog_officer_init(&o);
    snprintf(o.name, sizeof o.name, "Lieutenant-General Thomas Picton");
    grog_map_officer_label(&o, t, sizeof t);
    assert_string_equal(t, "Picton");
    snprintf(o.name, sizeof o.name, "Aide-de-camp to Ney (second)");
    grog_map_officer_label(&o, t, sizeof t);
    assert_string_equal(t, "ADC Ney 2");
    /* Truncated to the buffer, always terminated. */
    grog_map_officer_label(&o, t, 5);
    assert_string_equal(t, "ADC ");
}

/* Where the tests write pictures: BUILD/screens, beside BUILD/tests. */
static const char *screens_dir;

static void test_game_map_png(void **state)
{
    (void)state;
    bussaco_two_turns();
    char svgpath[600], pngpath[600];
    snprintf(svgpath, sizeof svgpath, "%s/bussaco-game.svg", screens_dir);
    snprintf(pngpath, sizeof pngpath, "%s/bussaco-game.png", screens_dir);
    cli_run r = run_cli("map", game_path, "-o", svgpath, "--side", "anglo-portuguese", NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    char *svg = NULL;
    assert_int_equal(grog_data_read_file(svgpath, &svg, NULL, NULL), GROG_OK);
    check_sheet(svg, 30);
    assert_non_null(strstr(svg, "A Les Aigles game: turn 2, movement-1 phase"));
    assert_non_null(strstr(svg, "class=\"melee\""));
    assert_non_null(strstr(svg, "data-state=\"killed\""));
    assert_non_null(strstr(svg, "riding, 1 période"));
    assert_non_null(strstr(svg, "Out of the battle: Graindorge (killed)."));
    free(svg);
    /* librsvg renders it (scripts/deps.sh installs librsvg2-bin). */
    char cmd[1400];
    snprintf(cmd, sizeof cmd, "rsvg-convert -o '%s' '%s' 2>&1", pngpath, svgpath);
    int rc = system(cmd);
    assert_int_equal(WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, 0);
    struct stat st;
    assert_int_equal(stat(pngpath, &st), 0);
    assert_true(st.st_size > 10000);
    FILE *f = fopen(pngpath, "rb");
    unsigned char sig[8] = {0};
    assert_int_equal(fread(sig, 1, 8, f), 8);
    fclose(f);
    assert_memory_equal(sig, "\x89PNG\r\n\x1a\n", 8);
    grog_game_remove(game_path);
}

static void test_game_maps_each_family(void **state)
{
    (void)state;
    static const struct { grog_family f; const char *overlay; } fam[] = {
        {GROG_FAMILY_GDB, "class=\"gdb-radius\""},
        {GROG_FAMILY_GT, "class=\"gt-radius\""},
    };
    for (size_t i = 0; i < 2; i++) {
        new_game("fam", fam[i].f, 7);
        grog_game *g = NULL;
        assert_int_equal(grog_game_open(game_path, &g, NULL), GROG_OK);
        char *svg = NULL;
        assert_int_equal(grog_view_game_svg(g, NULL, &svg, NULL), GROG_OK);
        check_sheet(svg, 20);
        assert_non_null(strstr(svg, fam[i].overlay));
        assert_null(strstr(svg, "class=\"aigles-zone"));
        free(svg);
        grog_game_close(g);
        grog_game_remove(game_path);
    }
}

static int teardown(void **state)
{
    (void)state;
    grog_game_remove(game_path);
    return 0;
}

int main(int argc, char **argv)
{
    (void)argc;
    static char dir[512];
    const char *slash = strrchr(argv[0], '/');
    if (slash != NULL)
        snprintf(dir, sizeof dir, "%.*s/../screens", (int)(slash - argv[0]), argv[0]);
    else
        snprintf(dir, sizeof dir, "../screens");
    mkdir(dir, 0755);
    screens_dir = dir;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_may_see),
        cmocka_unit_test(test_battle_seat_and_filter),
        cmocka_unit_test(test_show_scenario_hides),
        cmocka_unit_test_teardown(test_game_json, teardown),
        cmocka_unit_test_teardown(test_game_outputs_hide, teardown),
        cmocka_unit_test_teardown(test_status_summary_and_log_filters, teardown),
        cmocka_unit_test_teardown(test_explain_on_game, teardown),
        cmocka_unit_test(test_map_scenarios_readable),
        cmocka_unit_test(test_map_labels),
        cmocka_unit_test_teardown(test_game_map_png, teardown),
        cmocka_unit_test_teardown(test_game_maps_each_family, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
