/* cmd_demo.c — `grognard demo`: the embedded default scenario played by
 * itself from the plan kept with it (data/plans/<scenario>.json), narrated:
 * each test with its modifiers and odds, orders that pass or fail, ADCs
 * riding, formations changing, refusals with their rule. The game lives in
 * memory; the same seed gives the same narration, byte for byte. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grognard/game.h"
#include "grognard/scenario.h"

typedef struct demo_opts {
    const char *family;
    long seed, turns;
} demo_opts;

enum { OPT_FAMILY = 1000, OPT_SEED, OPT_TURNS };

static int on_opt(cli *c, int id, const char *arg, void *ctx)
{
    demo_opts *o = ctx;
    switch (id) {
    case OPT_FAMILY: o->family = arg; return 0;
    case OPT_SEED: return cli_int(c, "--seed", arg, 0, INT64_MAX, &o->seed);
    case OPT_TURNS: return cli_int(c, "--turns", arg, 1, 1000, &o->turns);
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

static int play_family(cli *c, grog_family family, json_t *lines, const demo_opts *o,
                       json_t *all)
{
    grog_game_options go = {family, NULL, (uint64_t)o->seed, NULL};
    grog_game *g;
    grog_error err;
    grog_status st = grog_game_create_memory(&go, &g, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    if (!c->json)
        fprintf(c->out, _("=== %s: %s rules, seed %ld ===\n"),
                grog_battle_meta(grog_game_battle(g))->name, grog_family_name(family), o->seed);
    size_t i, refused = 0;
    json_t *line;
    json_array_foreach(lines, i, line) {
        if (o->turns > 0 && grog_game_turn(g) > o->turns)
            break;
        const char *text = json_string_value(line);
        if (text == NULL)
            continue;
        char *result = NULL;
        st = grog_game_do_line(g, text, &result, &err);
        if (c->json) {
            json_t *r = result != NULL ? json_loads(result, 0, NULL)
                                       : json_pack("{s:s,s:s}", "refused", text, "message",
                                                   err.message);
            json_array_append_new(all, r);
        } else if (st == GROG_OK) {
            cli_game_show_result(c, result, NULL);
        } else {
            fprintf(c->out, "   > %s\n  %s %s\n", text, _("refused:"), err.message);
        }
        if (st != GROG_OK)
            refused++;
        free(result);
    }
    if (!c->json) {
        fprintf(c->out, _("=== end: turn %d, %s phase; %zu actions journaled, %zu refused ===\n\n"),
                grog_game_turn(g), grog_game_phase(g), grog_game_action_count(g), refused);
    }
    size_t n = 0;
    st = grog_game_replay(g, &n, &err);
    grog_game_close(g);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    return CLI_EXIT_OK;
}

static int run_demo(cli *c, int argc, char **argv)
{
    static const struct option opts[] = {
        {"family", required_argument, NULL, OPT_FAMILY},
        {"seed", required_argument, NULL, OPT_SEED},
        {"turns", required_argument, NULL, OPT_TURNS},
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    demo_opts o = {NULL, 1810, 0};
    int first;
    int rc = cli_options(c, &cli_demo_command, argc, argv, opts, on_opt, &o, &first);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (first != argc)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("demo takes no operand"));
    grog_family only = GROG_FAMILY_COUNT;
    grog_error err;
    if (o.family != NULL && grog_family_parse(o.family, &only, &err) != GROG_OK)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", err.message);
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
    N_("grognard demo [--family aigles|gdb|gt] [--seed N] [--turns N] [--json]"),
    N_("Plays the embedded default scenario from the plan of actions kept with it, under\n"
       "one rule family (or all three, one after the other), and narrates every action:\n"
       "each test with its modifiers and exact odds, orders passed or failed, ADCs riding,\n"
       "formations changing, and the actions the rules refuse, with their rule. The game\n"
       "is then replayed from its seed to check it. Same seed, same narration, byte for\n"
       "byte. --seed defaults to 1810; --turns stops after N turns.\n"),
};
