/* cmd_plan.c — `grognard plan GAME order|pips ...`: the odds of a plan
 * (plan.h), for people or as JSON, with its Monte Carlo through the engine
 * beside the exact figures. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grognard/tape.h"

typedef struct plan_opts {
    long turns, explain, samples, seed;
    const char *side;
    int referee;
    grog_plan_need needs[GROG_PLAN_MAX_NEEDS];
    char need_ids[GROG_PLAN_MAX_NEEDS][GROG_ID_MAX];
    size_t nneeds;
    int has_seed;
    const char *measures[GROG_TAPE_MAX];
    size_t nmeasures;
} plan_opts;

enum {
    OPT_TURNS = 1000,
    OPT_EXPLAIN,
    OPT_SIDE,
    OPT_REFEREE,
    OPT_MC,
    OPT_SEED,
    OPT_NEEDS,
    OPT_MEASURE
};

static int take_need(cli *c, plan_opts *o, const char *arg)
{
    const char *eq = strchr(arg, '=');
    if (eq == NULL || eq == arg || (size_t)(eq - arg) >= GROG_ID_MAX)
        return cli_fail(c, CLI_EXIT_USAGE, _("--needs takes GENERAL=N, not \"%s\""), arg);
    if (o->nneeds == GROG_PLAN_MAX_NEEDS)
        return cli_fail(c, CLI_EXIT_USAGE, _("at most %d --needs"), GROG_PLAN_MAX_NEEDS);
    long n;
    int rc = cli_int(c, "--needs", eq + 1, 0, 99, &n);
    if (rc != 0)
        return rc;
    memcpy(o->need_ids[o->nneeds], arg, (size_t)(eq - arg));
    o->need_ids[o->nneeds][eq - arg] = '\0';
    o->needs[o->nneeds].general = o->need_ids[o->nneeds];
    o->needs[o->nneeds].pips = (int)n;
    o->nneeds++;
    return 0;
}

static const cli_opt options[] = {
    {"turns", OPT_TURNS, CLI_INT, N_("N"), N_("how many turns ahead (1 to 50; 5)"), 1,
     GROG_PLAN_MAX_TURNS, NULL},
    {"explain", OPT_EXPLAIN, CLI_INT, N_("K"),
     N_("aigles: spend K turns explaining first (AIG-O-18)"), 0, GROG_PLAN_MAX_TURNS - 1, NULL},
    {"needs", OPT_NEEDS, CLI_TEXT, N_("GEN=N"),
     N_("pips: GEN's units need N PIPs (doubled when he is\n"
        "attached, GT-07); without it, at least 1"),
     0, 0, NULL},
    {"measure", OPT_MEASURE, CLI_TEXT, N_("FROM:TO=VALUE"),
     N_("gdb: a distance measured at the table for every attempt,\n"
        "as the order action's --measure (picton:pack=28cm,\n"
        "picton:pack=contact, picton:enemy=12cm); repeated as needed"),
     0, 0, NULL},
    {"side", OPT_SIDE, CLI_TEXT, N_("S"), N_("plan as side S (only its own generals)"), 0, 0,
     NULL},
    {"referee", OPT_REFEREE, CLI_FLAG, NULL, N_("plan as the referee (any general)"), 0, 0, NULL},
    {"monte-carlo", OPT_MC, CLI_INT, N_("N"),
     N_("also play the plan N times through the engine on copies\n"
        "of the game and print each turn's observed frequency and\n"
        "its interval (99 in 100) beside the exact figure"),
     1, GROG_PLAN_MAX_SAMPLES, NULL},
    {"seed", OPT_SEED, CLI_INT, N_("S"), N_("the first run's seed (1); run i plays with S + i"),
     0, INT64_MAX, NULL},
    {"json", 'j', CLI_FLAG, NULL,
     N_("{plan, by_turn [{turn, probability {num, den}, percent,\n"
        "this_turn}], assumptions, monte_carlo} (docs/plan.md)"),
     0, 0, NULL},
    CLI_OPT_END,
};

static int on_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    plan_opts *o = ctx;
    switch (opt->id) {
    case OPT_TURNS: o->turns = v->n; return 0;
    case OPT_EXPLAIN: o->explain = v->n; return 0;
    case OPT_SIDE: o->side = v->text; return 0;
    case OPT_REFEREE: o->referee = 1; return 0;
    case OPT_MC: o->samples = v->n; return 0;
    case OPT_SEED: o->has_seed = 1; o->seed = v->n; return 0;
    case OPT_NEEDS: return take_need(c, o, v->text);
    case OPT_MEASURE:
        if (o->nmeasures == GROG_TAPE_MAX)
            return cli_fail(c, CLI_EXIT_USAGE, _("at most %d --measure"), GROG_TAPE_MAX);
        o->measures[o->nmeasures++] = v->text;
        return 0;
    }
    return CLI_EXIT_USAGE;
}

/* "15/36" when short enough to read, else "". */
static const char *frac_text(const json_t *f, char *buf, size_t size)
{
    json_t *n = json_object_get(f, "num"), *d = json_object_get(f, "den");
    buf[0] = '\0';
    if (json_is_integer(n) && json_is_integer(d))
        snprintf(buf, size, "%lld/%lld", (long long)json_integer_value(n),
                 (long long)json_integer_value(d));
    if (strlen(buf) > 21)
        buf[0] = '\0';
    return buf;
}

static double pct(const json_t *f)
{
    json_t *n = json_object_get(f, "num"), *d = json_object_get(f, "den");
    double num = json_is_integer(n) ? (double)json_integer_value(n)
                                    : strtod(json_string_value(n) ? json_string_value(n) : "0", NULL);
    double den = json_is_integer(d) ? (double)json_integer_value(d)
                                    : strtod(json_string_value(d) ? json_string_value(d) : "1", NULL);
    return den > 0 ? 100.0 * num / den : 0;
}

static void print_mc(cli *c, const json_t *mc, const json_t *exact, const char *key)
{
    if (!json_is_object(mc))
        return;
    fprintf(c->out, _("\nMonte Carlo through the engine: %lld runs from seed %lld\n"),
            (long long)json_integer_value(json_object_get(mc, "samples")),
            (long long)json_integer_value(json_object_get(mc, "seed")));
    fprintf(c->out, "%-14s %9s %9s  %s\n", key[0] == 't' ? _("turn") : _("general"), _("exact"),
            _("observed"),
            /* xgettext:no-c-format */
            _("99% interval"));
    json_t *rows = json_object_get(mc, "by_turn");
    for (size_t i = 0; i < json_array_size(rows); i++) {
        json_t *r = json_array_get(rows, i), *iv = json_object_get(r, "interval_99");
        json_t *ex = json_array_get(exact, i);
        json_t *p = json_object_get(ex, key[0] == 't' ? "probability" : "can_pay");
        char label[GROG_ID_MAX + 8];
        if (key[0] == 't')
            snprintf(label, sizeof label, "%lld", (long long)json_integer_value(json_object_get(r, "turn")));
        else
            snprintf(label, sizeof label, "%s", json_string_value(json_object_get(r, "general")));
        fprintf(c->out, "%-14s %8.1f%% %8.1f%%  [%.1f%%, %.1f%%]\n", label, pct(p),
                100 * json_real_value(json_object_get(r, "frequency")),
                100 * json_real_value(json_array_get(iv, 0)),
                100 * json_real_value(json_array_get(iv, 1)));
    }
}

static void print_assumptions(cli *c, const json_t *j)
{
    json_t *a = json_object_get(j, "assumptions");
    fprintf(c->out, "\n%s\n", _("Assumptions:"));
    for (size_t i = 0; i < json_array_size(a); i++)
        fprintf(c->out, "  - %s\n", json_string_value(json_array_get(a, i)));
}

/* gdb: the distances every attempt uses, and where each came from. */
static void print_measures(cli *c, const json_t *plan)
{
    json_t *ms = json_object_get(plan, "measures");
    if (json_array_size(ms) > 0)
        fputc('\n', c->out);
    for (size_t i = 0; i < json_array_size(ms); i++) {
        json_t *m = json_array_get(ms, i), *v = json_object_get(m, "value");
        const char *src = json_string_value(json_object_get(m, "source"));
        fputs("  ", c->out);
        /* TRANSLATORS: "measure" (translated), the rule, the pair: "measure GDB-09 picton:pack: " */
        fprintf(c->out, _("%s %s %s: "), _("measure"),
                json_string_value(json_object_get(m, "rule")),
                json_string_value(json_object_get(m, "id")));
        if (json_is_number(v))
            fprintf(c->out, "%.1f %s", json_number_value(v),
                    grog_explain_unit_words(json_string_value(json_object_get(m, "unit")),
                                            json_number_value(v)));
        else
            fputs(_("no enemy unit on the map"), c->out);
        fprintf(c->out, " (%s)\n", src != NULL && strcmp(src, "table") == 0
                                       ? _("measured at the table")
                                       : _("from the map"));
    }
}

static void print_order(cli *c, const json_t *j)
{
    json_t *plan = json_object_get(j, "plan"), *rows = json_object_get(j, "by_turn");
    fprintf(c->out, _("Plan: %s's order \"%s\" to %s, from turn %lld (%s)\n"),
            json_string_value(json_object_get(plan, "general")),
            grog_explain_word_in("order", json_string_value(json_object_get(plan, "order"))),
            json_string_value(json_object_get(plan, "target")),
            (long long)json_integer_value(json_object_get(plan, "first_turn")),
            json_string_value(json_object_get(plan, "family")));
    print_measures(c, plan);
    char a[32], b[32];
    fprintf(c->out, "\n%6s %30s %24s\n", _("turn"), _("in force by its end"), _("this turn"));
    for (size_t i = 0; i < json_array_size(rows); i++) {
        json_t *r = json_array_get(rows, i), *p = json_object_get(r, "probability"),
               *t = json_object_get(r, "this_turn");
        fprintf(c->out, "%6lld %21s %7.1f%% %15s %7.1f%%\n",
                (long long)json_integer_value(json_object_get(r, "turn")),
                frac_text(p, a, sizeof a), pct(p), frac_text(t, b, sizeof b), pct(t));
    }
    fputc('\n', c->out);
    for (size_t i = 1; i < json_array_size(rows) && i < 3; i++) {
        json_t *r = json_array_get(rows, i);
        fprintf(c->out, i == 1 ? _("in force by turn %lld: %.0f%%") : _(", by turn %lld: %.0f%%"),
                (long long)json_integer_value(json_object_get(r, "turn")),
                pct(json_object_get(r, "probability")));
    }
    fputc('\n', c->out);
    print_mc(c, json_object_get(j, "monte_carlo"), rows, "turn");
    print_assumptions(c, j);
}

static void print_pips(cli *c, const json_t *j)
{
    json_t *plan = json_object_get(j, "plan"), *gens = json_object_get(j, "generals");
    fprintf(c->out, _("PIPs of %s's divisional generals, turn %lld\n"),
            json_string_value(json_object_get(plan, "corps")),
            (long long)json_integer_value(json_object_get(plan, "turn")));
    char a[32];
    for (size_t i = 0; i < json_array_size(gens); i++) {
        json_t *g = json_array_get(gens, i), *d = json_object_get(g, "distribution");
        fprintf(c->out, "\n%s [%s], %s%s: %s %.2f\n", json_string_value(json_object_get(g, "name")),
                json_string_value(json_object_get(g, "general")),
                grog_explain_word(json_string_value(json_object_get(g, "quality"))),
                json_is_true(json_object_get(g, "attached")) ? _(", attached (GT-07)") : "",
                _("mean"), json_real_value(json_object_get(g, "mean")));
        for (size_t k = 0; k < json_array_size(d); k++) {
            json_t *r = json_array_get(d, k), *p = json_object_get(r, "probability");
            fprintf(c->out, "  %3lld %14s %6.1f%%\n",
                    (long long)json_integer_value(json_object_get(r, "value")),
                    frac_text(p, a, sizeof a), pct(p));
        }
        json_t *cp = json_object_get(g, "can_pay");
        long long need = json_integer_value(json_object_get(g, "need_pips"));
        fprintf(c->out,
                ngettext("  can pay %lld PIP: %s %.1f%%\n", "  can pay %lld PIPs: %s %.1f%%\n",
                         (unsigned long)need),
                need, frac_text(cp, a, sizeof a), pct(cp));
    }
    print_mc(c, json_object_get(j, "monte_carlo"), gens, "general");
    print_assumptions(c, j);
}

int cli_cmd_plan(cli *c, int argc, char **argv)
{
    plan_opts o;
    memset(&o, 0, sizeof o);
    o.seed = 1;
    int first;
    int rc = cli_parse(c, &cli_plan_command, argc, argv, on_opt, &o, &first);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if ((rc = cli_one_seat(c, o.side, o.referee)) != 0)
        return rc;
    int n = argc - first;
    grog_plan_request req;
    memset(&req, 0, sizeof req);
    if (n >= 2 && strcmp(argv[first + 1], "order") == 0 && n == 5) {
        req.kind = "order";
        req.general = argv[first + 2];
        req.target = argv[first + 3];
        req.order = argv[first + 4];
    } else if (n >= 2 && strcmp(argv[first + 1], "pips") == 0 && n == 3) {
        req.kind = "pips";
        req.corps = argv[first + 2];
    } else {
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("expected GAME order GENERAL TARGET ORDER, or GAME pips CORPS"));
    }
    if (o.nneeds > 0 && strcmp(req.kind, "pips") != 0)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--needs goes with plan GAME pips CORPS"));
    if ((o.turns > 0 || o.explain > 0) && strcmp(req.kind, "order") != 0)
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("--turns and --explain go with plan GAME order ..."));
    if (o.nmeasures > 0 && strcmp(req.kind, "order") != 0)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--measure goes with plan GAME order ..."));
    if (o.has_seed && o.samples == 0)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--seed goes with --monte-carlo N"));
    req.turns = (int)o.turns;
    req.explain = (int)o.explain;
    req.measures = o.measures;
    req.nmeasures = o.nmeasures;
    req.needs = o.needs;
    req.nneeds = o.nneeds;
    req.samples = o.samples;
    req.seed = (uint64_t)o.seed;
    grog_error err;
    grog_game *g = NULL;
    grog_status st = grog_game_open(argv[first], &g, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    grog_seat seat;
    st = grog_game_seat(g, o.side, o.referee, &seat, &err);
    char *json = NULL;
    if (st == GROG_OK)
        st = grog_plan_make(g, &seat, &req, &json, &err);
    grog_game_close(g);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    json_t *j = json_loads(json, 0, NULL);
    if (c->json)
        fprintf(c->out, "%s\n", json);
    else if (strcmp(req.kind, "order") == 0)
        print_order(c, j);
    else
        print_pips(c, j);
    json_decref(j);
    free(json);
    return CLI_EXIT_OK;
}

const cli_command cli_plan_command = {
    "plan",
    cli_cmd_plan,
    N_("the odds of a plan: when an order will be in force, how many PIPs a general will have"),
    N_("grognard plan GAME order GENERAL TARGET ORDER [--turns N] [--explain K]\n"
       "             [--measure FROM:TO=VALUE]... [--side S | --referee]\n"
       "             [--monte-carlo N [--seed S]] [--json]\n"
       "grognard plan GAME pips CORPS [--needs GENERAL=N]... [--side S | --referee]\n"
       "             [--monte-carlo N [--seed S]] [--json]"),
    N_("order: the exact probability that GENERAL's order ORDER to TARGET is in force\n"
       "at the end of each of the next N turns (5 by default), if he tries in every\n"
       "turn as the rules allow and nothing else changes; per turn and cumulative, as\n"
       "fractions and percentages. Les Aigles: in his zone one attempt per command\n"
       "point (AIG-O-13), the reaction test (AIG-O-15..17), +1 per two failed turns\n"
       "(AIG-O-19); to a general out of it, his ADC's ride and attempts (AIG-O-11,\n"
       "-12). General de Brigade: one attempt per turn (GDB-01), immediate, delayed\n"
       "(in force next Command Phase, GDB-04) or failed and tried again, with the\n"
       "modifiers of the positions as they stand, or of the distances --measure gives\n"
       "(GDB-09 to the brigade commander, GDB-11 contact, GDB-12 the nearest enemy).\n"
       "pips (Grande Tactique): the exact distribution of each of CORPS's divisional\n"
       "generals' PIPs this turn (GT-14, GT-10..12, GT-17) and the chance he can pay\n"
       "what his units need.\n"
       "Every step the rules leave open is said under Assumptions.\n"),
    options,
    N_("Example: grognard plan bussaco.grog order picton pack attack --turns 3\n"),
};
