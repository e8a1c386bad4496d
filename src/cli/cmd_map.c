/* cmd_map.c — `grognard map [FILE] -o map.svg`: an SVG picture of the
 * table (map.h) with the overlays of the families chosen. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grognard/map.h"
#include "grognard/scenario.h"
#include "grognard/view.h"

enum {
    OPT_OUTPUT = 'o', OPT_OVERLAYS = 1000, OPT_NO_LABELS, OPT_NO_LINKS, OPT_WIDTH, OPT_MAX_LABELS,
    OPT_AIGLES_RULES, OPT_GDB_RULES, OPT_GT_RULES, OPT_SIDE, OPT_REFEREE, OPT_AT
};

typedef struct map_opts {
    const char *output;
    unsigned overlays;
    int no_labels, no_links;
    long width, max_labels;
    const char *rules[3]; /* aigles, gdb, gt house-rules files, or NULL */
    int has_family, referee;
    const char *side;
    long at; /* --at N; -1: as it stands */
} map_opts;

/* "aigles,gdb" -> overlay bits; 0 or an exit code. */
static int parse_overlays(cli *c, const char *arg, unsigned *bits)
{
    static const struct { const char *name; unsigned bits; } names[] = {
        {"aigles", GROG_MAP_AIGLES_ZONES | GROG_MAP_AIGLES_CHARISMA},
        {"aigles-zones", GROG_MAP_AIGLES_ZONES},
        {"aigles-charisma", GROG_MAP_AIGLES_CHARISMA},
        {"gdb", GROG_MAP_GDB_RADIUS},
        {"gt", GROG_MAP_GT_RADIUS},
        {"all", GROG_MAP_AIGLES_ZONES | GROG_MAP_AIGLES_CHARISMA | GROG_MAP_GDB_RADIUS |
                    GROG_MAP_GT_RADIUS},
        {"none", 0},
    };
    unsigned out = 0;
    const char *p = arg;
    while (*p) {
        size_t len = strcspn(p, ",");
        int found = 0;
        for (size_t k = 0; k < sizeof names / sizeof names[0] && !found; k++)
            if (strlen(names[k].name) == len && strncmp(names[k].name, p, len) == 0) {
                out |= names[k].bits;
                found = 1;
            }
        if (!found)
            return cli_fail(c, CLI_EXIT_USAGE,
                            _("--family: unknown '%.*s' (expected aigles, aigles-zones, "
                              "aigles-charisma, gdb, gt, all or none, separated by commas)"),
                            (int)len, p);
        p += len;
        if (*p == ',')
            p++;
    }
    *bits = out;
    return 0;
}

static const cli_opt cli_map_command_options[] = {
    {"side", OPT_SIDE, CLI_TEXT, N_("S"),
     N_("what side S may see (default: the public view)"),
     0, 0, NULL},
    {"referee", OPT_REFEREE, CLI_FLAG, NULL,
     N_("everything, hidden information included"),
     0, 0, NULL},
    {"at", OPT_AT, CLI_INT, N_("N"),
     N_("a GAME's table as it was after journal entry N (0: before the first)"),
     0, 1000000000L, NULL},
    {"output", OPT_OUTPUT, CLI_TEXT, N_("FILE"),
     N_("where to write the SVG (default: standard output)"),
     0, 0, NULL},
    {"family", OPT_OVERLAYS, CLI_TEXT, N_("LIST"),
     N_("overlays, comma separated: aigles (= aigles-zones +\n"
        "aigles-charisma), aigles-zones (order-change zones,\n"
        "AIG-O-07), aigles-charisma (charisma influence,\n"
        "AIG-O-04), gdb (C-in-C command radius, GDB-09), gt\n"
        "(corps and army radius, GT-10), all, none.\n"
        "Default: aigles-zones,gdb,gt; for a game, its family's"),
     0, 0, NULL},
    {"no-labels", OPT_NO_LABELS, CLI_FLAG, NULL, N_("leave the labels out"), 0, 0, NULL},
    {"no-links", OPT_NO_LINKS, CLI_FLAG, NULL, N_("leave the lines to superiors out"), 0, 0, NULL},
    {"width", OPT_WIDTH, CLI_INT, N_("PX"),
     N_("picture width in pixels (default 1200)"),
     100, 20000, NULL},
    {"max-labels", OPT_MAX_LABELS, CLI_INT, N_("N"),
     N_("beyond N units, unit labels shrink (default 300);\n"
        "labels that would overlap are always left out"),
     1, 1000000, NULL},
    {"aigles-rules", OPT_AIGLES_RULES, CLI_TEXT, N_("FILE"),
     N_("house rules: Les Aigles' zones from FILE instead of\n"
        "the embedded rules data"),
     0, 0, NULL},
    {"gdb-rules", OPT_GDB_RULES, CLI_TEXT, N_("FILE"),
     N_("house rules: the gdb radius from FILE"), 0, 0, NULL},
    {"gt-rules", OPT_GT_RULES, CLI_TEXT, N_("FILE"),
     N_("house rules: the gt radii from FILE"), 0, 0, NULL},
    {"json", 'j', CLI_FLAG, NULL,
     N_("with -o FILE, print {file, bytes, units, officers}"),
     0, 0, NULL},
    CLI_OPT_END,
};

static int on_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    map_opts *o = ctx;
    switch (opt->id) {
    case OPT_OUTPUT: o->output = v->text; return 0;
    case OPT_OVERLAYS: o->has_family = 1; return parse_overlays(c, v->text, &o->overlays);
    case OPT_SIDE: o->side = v->text; return 0;
    case OPT_REFEREE: o->referee = 1; return 0;
    case OPT_AT: o->at = v->n; return 0;
    case OPT_NO_LABELS: o->no_labels = 1; return 0;
    case OPT_NO_LINKS: o->no_links = 1; return 0;
    case OPT_WIDTH: o->width = v->n; return 0;
    case OPT_MAX_LABELS: o->max_labels = v->n; return 0;
    case OPT_AIGLES_RULES: o->rules[0] = v->text; return 0;
    case OPT_GDB_RULES: o->rules[1] = v->text; return 0;
    case OPT_GT_RULES: o->rules[2] = v->text; return 0;
    }
    return CLI_EXIT_USAGE;
}

static int write_svg(cli *c, const char *path, const char *svg)
{
    if (path == NULL || strcmp(path, "-") == 0) {
        fputs(svg, c->out);
        return CLI_EXIT_OK;
    }
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return cli_fail(c, CLI_EXIT_IO, _("%s: cannot write"), path);
    int bad = fputs(svg, f) == EOF;
    bad |= fclose(f) != 0;
    if (bad)
        return cli_fail(c, CLI_EXIT_IO, _("%s: write error"), path);
    return CLI_EXIT_OK;
}

/* The map options from the command line; overlays: the family's when the
 * command line names none. */
static grog_status options_of(const map_opts *o, const grog_battle *b, unsigned overlays,
                              grog_map_options *mo, grog_error *err)
{
    grog_map_options_default(mo);
    mo->overlays = overlays | (o->no_labels ? 0 : GROG_MAP_LABELS) |
                   (o->no_links ? 0 : GROG_MAP_LINKS);
    if (o->width)
        mo->width_px = (double)o->width;
    if (o->max_labels)
        mo->max_labels = (int)o->max_labels;
    if ((overlays & ~(unsigned)(GROG_MAP_LABELS | GROG_MAP_LINKS)) == 0)
        return GROG_OK;
    return grog_map_options_from_rules(mo, grog_battle_table(b), o->rules[0], o->rules[1],
                                       o->rules[2], err);
}

static grog_status scenario_svg(const map_opts *o, const char *source, char **svg,
                                size_t *nunits, size_t *noff, grog_error *err)
{
    grog_battle *b = NULL, *seen = NULL;
    grog_seat seat;
    grog_map_options mo;
    grog_status st = grog_scenario_load(source, &b, err);
    if (st == GROG_OK)
        st = grog_view_battle_seat(b, o->side, o->referee, &seat, err);
    if (st == GROG_OK)
        st = grog_view_battle(b, &seat, &seen, err);
    if (st == GROG_OK)
        st = options_of(o, seen, o->overlays, &mo, err);
    if (st == GROG_OK)
        st = grog_map_svg(seen, &mo, svg, err);
    if (st == GROG_OK) {
        *nunits = grog_battle_nunits(b);
        *noff = grog_battle_nofficers(b);
    }
    grog_battle_destroy(seen);
    grog_battle_destroy(b);
    return st;
}

static grog_status game_svg(const map_opts *o, const char *path, char **svg, size_t *nunits,
                            size_t *noff, grog_error *err)
{
    grog_game *g = NULL, *now = NULL;
    grog_seat seat;
    grog_map_options mo;
    grog_status st = grog_game_open(path, &now, err);
    if (st != GROG_OK)
        return st;
    g = now;
    if (o->at >= 0 && (st = grog_game_at(now, o->at, &g, err)) != GROG_OK) {
        grog_game_close(now);
        return st;
    }
    const grog_battle *b = grog_game_battle(g);
    static const unsigned family_overlay[] = {GROG_MAP_AIGLES_ZONES, GROG_MAP_GDB_RADIUS,
                                              GROG_MAP_GT_RADIUS};
    grog_family f = grog_game_family(g);
    unsigned overlays = o->has_family ? o->overlays
                        : f < GROG_FAMILY_COUNT ? family_overlay[f] : 0;
    st = grog_view_battle_seat(b, o->side, o->referee, &seat, err);
    if (st == GROG_OK)
        st = options_of(o, b, overlays, &mo, err);
    if (st == GROG_OK)
        st = grog_view_game_svg_with(g, &seat, &mo, svg, err);
    *nunits = grog_battle_nunits(b);
    *noff = grog_battle_nofficers(b);
    if (g != now)
        grog_game_close(g);
    grog_game_close(now);
    return st;
}

static int run_map(cli *c, int argc, char **argv)
{
    map_opts o = {NULL, GROG_MAP_AIGLES_ZONES | GROG_MAP_GDB_RADIUS | GROG_MAP_GT_RADIUS, 0, 0,
                  0, 0, {NULL, NULL, NULL}, 0, 0, NULL, -1};
    char **v = malloc(((size_t)argc + 1) * sizeof *v);
    if (v == NULL)
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
    for (int i = 0; i < argc; i++)
        v[i] = strcmp(argv[i], "-o") == 0 ? (char *)"--output" : argv[i];
    v[argc] = NULL;
    int first;
    /* getopt permutes v: the operand is read from v, then v is freed. */
    int rc = cli_parse(c, &cli_map_command, argc, v, on_opt, &o, &first);
    const char *source = rc == 0 && first < argc ? v[first] : NULL;
    free(v);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (argc - first > 1)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("expected at most one scenario FILE"));
    if ((rc = cli_one_seat(c, o.side, o.referee)) != 0)
        return rc;
    if (c->json && (o.output == NULL || strcmp(o.output, "-") == 0))
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--json needs -o FILE (the SVG goes there)"));
    char *svg = NULL;
    size_t nunits = 0, noff = 0;
    int game = cli_is_game_file(source);
    if (o.at >= 0 && !game)
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("--at N steps through a GAME's journal: a scenario has none"));
    grog_error err;
    grog_status st = game ? game_svg(&o, source, &svg, &nunits, &noff, &err)
                          : scenario_svg(&o, source, &svg, &nunits, &noff, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    rc = write_svg(c, o.output, svg);
    size_t bytes = strlen(svg);
    free(svg);
    if (rc != CLI_EXIT_OK || o.output == NULL || strcmp(o.output, "-") == 0)
        return rc;
    if (c->json) {
        json_t *j = json_pack("{s:s,s:I,s:I,s:I}", "file", o.output, "bytes", (json_int_t)bytes,
                              "units", (json_int_t)nunits, "officers", (json_int_t)noff);
        char *s = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        if (s != NULL)
            fprintf(c->out, "%s\n", s);
        free(s);
        json_decref(j);
    } else {
        fprintf(c->out, _("%s: %zu units, %zu officers\n"), o.output, nunits, noff);
    }
    return CLI_EXIT_OK;
}

const cli_command cli_map_command = {
    "map",
    run_map,
    N_("draw the table as an SVG picture with the families' command overlays"),
    N_("grognard map [FILE|GAME] [-o map.svg] [--side S | --referee] [--at N] [--family LIST]\n"
       "             [--no-labels] [--no-links] [--width PX] [--max-labels N]\n"
       "             [--aigles-rules FILE] [--gdb-rules FILE] [--gt-rules FILE] [--json]"),
    N_("FILE is a scenario file or a bundled scenario's name; without it, the\n"
       "embedded default. GAME is a game file (grognard new): the table as it\n"
       "stands now, with the turn and phase, formation changes under way, ADCs\n"
       "riding, melees and the officers out of the battle, and the game's family's\n"
       "zones or radii. Units are drawn as their bases (to scale, rotated, the\n"
       "front edge thick) coloured by side, labelled by short name; officers as\n"
       "white bases labelled by name, with a dashed line to their superior. Below\n"
       "the table: each side's colour, the keys, a scale bar and a compass mark.\n"),
    cli_map_command_options,
    NULL,
};
