/* cmd_demo.c — `grognard demo`: the embedded default scenario played by
 * itself from the plan kept with it (data/plans/<scenario>.json), narrated:
 * each test with its odds, orders that pass or fail, ADCs riding, formations
 * changing, refusals with their rule. The game lives in memory; the same
 * seed gives the same narration, byte for byte.
 *
 * The first run (no option): a short introduction, one family (Les Aigles)
 * with one line per test and the plan's notes as the story, a pause between
 * actions on a terminal (--fast: none), the defaults the game used once at
 * the end, and what to try next. --full: every test in full, as the golden
 * tests keep it; --family gdb|gt|all: the other families. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "grognard/text.h"
#include "cli.h"
#include "grognard/game.h"
#include "grognard/scenario.h"
#include "grognard/view.h"

typedef struct demo_opts {
    const char *family;
    long seed, turns;
    int full, fast;
    int pace;        /* pause between actions (a terminal, not --fast) */
    json_t *defaults; /* brief: every default used, once ({setting: value}) */
} demo_opts;

enum { OPT_FAMILY = 1000, OPT_SEED, OPT_TURNS, OPT_FULL, OPT_FAST };

static const cli_opt options[] = {
    {"full", OPT_FULL, CLI_FLAG, NULL,
     N_("every test in full (modifiers, checks, notes); all three\n"
        "families unless --family says one"),
     0, 0, NULL},
    {"family", OPT_FAMILY, CLI_TEXT, N_("F"), N_("aigles, gdb, gt, or all"), 0, 0, NULL},
    {"fast", OPT_FAST, CLI_FLAG, NULL, N_("no pauses"), 0, 0, NULL},
    {"seed", OPT_SEED, CLI_INT, N_("N"), N_("the dice seed (default 1810)"), 0, INT64_MAX, NULL},
    {"turns", OPT_TURNS, CLI_INT, N_("N"), N_("stop after N turns"), 1, 1000, NULL},
    {"json", 'j', CLI_FLAG, NULL, N_("every action's result, per family"), 0, 0, NULL},
    CLI_OPT_END,
};

static int on_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    (void)c;
    demo_opts *o = ctx;
    switch (opt->id) {
    case OPT_FAMILY: o->family = v->text; return 0;
    case OPT_SEED: o->seed = v->n; return 0;
    case OPT_TURNS: o->turns = v->n; return 0;
    case OPT_FULL: o->full = 1; return 0;
    case OPT_FAST: o->fast = 1; return 0;
    }
    return CLI_EXIT_USAGE;
}

/* The plan of the default scenario: "plans/<short name>.json". */
static json_t *load_plan(cli *c)
{
    const char *name = grog_scenario_default_name(); /* "scenarios/x.json" */
    const char *slash = strrchr(name, '/');
    char path[256];
    snprintf(path, sizeof path, "plans/%s", slash != NULL ? slash + 1 : name);
    const char *text = grog_data_embedded(path, NULL);
    json_error_t jerr;
    json_t *plan = text != NULL ? json_loads(text, 0, &jerr) : NULL;
    if (plan == NULL)
        cli_fail(c, CLI_EXIT_INTERNAL, _("no demo plan %s for the default scenario"), path);
    return plan;
}

static void pause_ms(const demo_opts *o, long ms)
{
    if (!o->pace)
        return;
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* Brief: keeps each default a record used, to say once at the end. */
static void collect_defaults(demo_opts *o, const char *result)
{
    json_t *r = json_loads(result, 0, NULL);
    size_t i, k;
    json_t *rec, *d;
    json_array_foreach(json_object_get(r, "records"), i, rec)
        json_array_foreach(json_object_get(json_object_get(rec, "record"), "defaults_used"), k, d)
            json_object_set(o->defaults, json_string_value(json_object_get(d, "setting")),
                            json_object_get(d, "value"));
    json_decref(r);
}

/* Brief: a note of the plan is the story (a paragraph); an action, its brief lines. */
static void show_brief(cli *c, demo_opts *o, const char *text, const char *result)
{
    if (strncmp(text, "note ", 5) == 0) {
        fprintf(c->out, "\n%s\n", text + 5);
        pause_ms(o, 1200);
        return;
    }
    cli_game_show_result(c, result, NULL);
    collect_defaults(o, result);
    pause_ms(o, 700);
}

static int play_family(cli *c, grog_family family, json_t *lines, demo_opts *o,
                       json_t *all)
{
    grog_game_options go = {family, NULL, (uint64_t)o->seed, NULL};
    grog_game *g;
    grog_error err;
    grog_status st = grog_game_create_memory(&go, &g, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    if (!c->json)
        fprintf(c->out, _("=== %s: a %s game, dice seed %ld ===\n"),
                grog_battle_meta(grog_game_battle(g))->name, grog_view_family_title(family),
                o->seed);
    size_t i, refused = 0;
    json_t *line;
    json_array_foreach(lines, i, line) {
        if (o->turns > 0 && grog_game_turn(g) > o->turns)
            break;
        const char *text = json_string_value(line);
        if (text == NULL)
            continue;
        /* The plan's notes are read in the language of messages (tools/potdata
         * puts them in the catalogues); --json keeps the plan's words. */
        char note[1024];
        if (!c->json && strncmp(text, "note ", 5) == 0 && text[5] != '\0') {
            grog_text_snprintf(note, sizeof note, "note %s", _(text + 5));
            text = note;
        }
        char *result = NULL;
        st = grog_game_do_line(g, text, &result, &err);
        if (c->json) {
            json_t *r = result != NULL ? json_loads(result, 0, NULL)
                                       : json_pack("{s:s,s:s}", "refused", text, "message",
                                                   err.message);
            json_array_append_new(all, r);
        } else if (st == GROG_OK && !o->full) {
            show_brief(c, o, text, result);
        } else if (st == GROG_OK) {
            cli_game_show_result(c, result, NULL);
        } else {
            fprintf(c->out, "   > %s\n  %s %s\n", text, _("refused:"), err.message);
            pause_ms(o, 700);
        }
        if (st != GROG_OK)
            refused++;
        free(result);
    }
    if (!c->json) {
        fprintf(c->out, _("=== end: turn %d, %s phase; %zu actions journaled, %zu refused ===\n\n"),
                grog_game_turn(g), grog_explain_phase_of(grog_game_phase(g)),
                grog_game_action_count(g), refused);
    }
    size_t n = 0;
    st = grog_game_replay(g, &n, &err);
    grog_game_close(g);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    return CLI_EXIT_OK;
}

static void intro(cli *c)
{
    fputs(_("grognard referees Napoleonic miniature wargames. You keep the figures on the\n"
            "table; grognard keeps the order of battle, the officers, orders and formations,\n"
            "rolls the dice (or takes yours), and explains every test: the rule, what the die\n"
            "must show, the exact odds.\n\n"
            "It knows three rule families:\n"
            "  Les Aigles          officers, orders carried by aides-de-camp, formations\n"
            "  General de Brigade  a commander-in-chief changing his brigades' orders (2d6)\n"
            "  Grande Tactique     generals driving their divisions with PIPs\n\n"
            "Here the embedded scenario, Bussaco (27 September 1810), plays itself under Les\n"
            "Aigles, one line per test. 'grognard demo --full' shows every test in full,\n"
            "'--family gdb', 'gt' or 'all' the other families, '--fast' skips the pauses.\n\n"),
          c->out);
}

static void ending(cli *c, const demo_opts *o)
{
    if (o->defaults != NULL && json_object_size(o->defaults) > 0) {
        fprintf(c->out, "%s", _("Values the rulebooks do not give, used with grognard's defaults "
                                  "(settable with --rules):"));
        const char *key;
        json_t *v;
        int first = 1;
        json_object_foreach(o->defaults, key, v) {
            fprintf(c->out, "%s %s = %s", first ? "" : ";", key, json_string_value(v));
            first = 0;
        }
        fputs("\n\n", c->out);
    }
    fputs(_("What next:\n"
            "  grognard new my.grog --family aigles     your own game of Bussaco (gdb, gt too)\n"
            "  grognard play my.grog                    play it at a prompt ('help' lists the actions)\n"
            "  grognard show my.grog                    where everything stands, as a side sees it\n"
            "  grognard map my.grog -o map.svg          the table as a picture\n"
            "  grognard calc aigles-order --command 3 --status regular   a test without a game\n"
            "  grognard help                            every command\n"),
          c->out);
}

static int run_demo(cli *c, int argc, char **argv)
{
    demo_opts o = {NULL, 1810, 0, 0, 0, 0, NULL};
    int first;
    int rc = cli_parse(c, &cli_demo_command, argc, argv, on_opt, &o, &first);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (first != argc)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("demo takes no operand"));
    /* One family unless asked: Les Aigles for the first run, all with --full. */
    grog_family only = o.full ? GROG_FAMILY_COUNT : GROG_FAMILY_AIGLES;
    grog_error err;
    if (o.family != NULL && strcmp(o.family, "all") == 0)
        only = GROG_FAMILY_COUNT;
    else if (o.family != NULL && grog_family_parse(o.family, &only, &err) != GROG_OK)
        return cli_fail(c, CLI_EXIT_USAGE, "%s (or all)", err.message);
    c->brief = c->brief || !o.full;
    o.pace = !o.fast && !c->json && c->raw_out == stdout && isatty(STDOUT_FILENO);
    if (!o.full && !c->json) {
        o.defaults = json_object();
        intro(c);
    }
    json_t *plan = load_plan(c);
    if (plan == NULL)
        return CLI_EXIT_INTERNAL;
    json_t *all = c->json ? json_object() : NULL;
    for (int f = 0; f < GROG_FAMILY_COUNT && rc == 0; f++) {
        if (only != GROG_FAMILY_COUNT && f != (int)only)
            continue;
        json_t *lines = json_object_get(json_object_get(plan, "families"),
                                        grog_family_name((grog_family)f));
        json_t *results = c->json ? json_array() : NULL;
        rc = play_family(c, (grog_family)f, lines, &o, results);
        if (c->json)
            json_object_set_new(all, grog_family_name((grog_family)f), results);
    }
    if (!o.full && !c->json && rc == 0)
        ending(c, &o);
    json_decref(o.defaults);
    if (c->json && rc == 0) {
        char *s = json_dumps(all, JSON_INDENT(2));
        if (s != NULL)
            fprintf(c->out, "%s\n", s);
        free(s);
    }
    json_decref(all);
    json_decref(plan);
    return rc;
}

const cli_command cli_demo_command = {
    "demo", run_demo, N_("watch the default scenario play itself, narrated"),
    N_("grognard demo [--family aigles|gdb|gt|all] [--full] [--fast] [--seed N] [--turns N]\n"
       "              [--json]"),
    N_("Plays the embedded default scenario from the plan of actions kept with it and\n"
       "narrates it: each test with its exact odds, orders passed or failed, ADCs riding,\n"
       "formations changing, and the actions the rules refuse, with their rule. The game\n"
       "is then replayed from its dice seed to check it. Same seed, same narration, byte\n"
       "for byte.\n\n"
       "Without options: a short introduction, Les Aigles with one line per test and a\n"
       "pause between actions on a terminal, and what to try next ('make demo').\n"),
    options, NULL,
};
