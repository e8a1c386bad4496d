/* explain_aigles.c — Les Aigles officers worked out from a scenario (FILE,
 * or the embedded default):
 *   grognard explain [FILE] aigles-order --from OFFICER --to UNIT_OR_OFFICER
 *       whether the order can be given now (operational, his unit or
 *       subordinate, zone, melee, points) and the test with its odds; an
 *       officer out of reach gets the ADC route and the test on arrival;
 *   grognard explain [FILE] aigles-morale --unit UNIT
 *       the charisma modifier the unit gets, and from whom.
 * Nothing in the scenario is changed. */
#include <string.h>

#include "cli.h"
#include "grognard/aigles.h"
#include "grognard/scenario.h"

enum {
    OPT_FROM = 1000, OPT_TO, OPT_ROLL, OPT_SEED, OPT_RULES, OPT_EXPLAIN, OPT_FAILED,
    OPT_MELEE, OPT_POINTS, OPT_VARIANT, OPT_UNIT, OPT_MEASURE
};

typedef struct explain_opts {
    const char *from, *to, *unit, *rules;
    int has_roll, has_seed;
    long roll, seed, explain, failed, melee, points;
    int variant;
    cli_measures measures;
} explain_opts;

static const cli_opt cli_explain_aigles_order_options[] = {
    {"from", OPT_FROM, CLI_TEXT, N_("OFFICER"), N_("the general giving the order"), 0, 0, NULL},
    {"to", OPT_TO, CLI_TEXT, N_("ID"), N_("a unit or an officer"), 0, 0, NULL},
    {"roll", OPT_ROLL, CLI_INT, N_("D"), N_("the die rolled at the table"), -1000, 1000, NULL},
    {"seed", OPT_SEED, CLI_INT, N_("N"), N_("or a roll with the seeded generator"), 0, INT64_MAX,
     NULL},
    {"explain-turns", OPT_EXPLAIN, CLI_INT, N_("N"),
     N_("turns spent explaining (AIG-O-18)"),
     0, 100, NULL},
    {"failed-turns", OPT_FAILED, CLI_INT, N_("N"),
     N_("turns of failed tests of this order (AIG-O-19)"),
     0, 100, NULL},
    {"general-melee-turns", OPT_MELEE, CLI_INT, N_("N"),
     N_("full turns the general has been in the unit's\n"
        "melee (AIG-O-14)"),
     0, 1000, NULL},
    {"points-left", OPT_POINTS, CLI_INT, N_("N"),
     N_("command points left this période (default: all)"),
     0, 1000, NULL},
    {"variant", OPT_VARIANT, CLI_TEXT, N_("V"),
     N_("zone or distance-penalty (AIG-O-08)"),
     0, 0, NULL},
    {"rules", OPT_RULES, CLI_TEXT, N_("FILE"),
     N_("house rules replacing data/rules/aigles.json"),
     0, 0, NULL},
    {"measure", OPT_MEASURE, CLI_TEXT, N_("FROM:TO=VALUE"),
     N_("a distance or contact measured at the table instead of\n"
        "the map's (repeatable; docs/game.md \"Measured at the table\")"),
     0, 0, NULL},
    {"json", 'j', CLI_FLAG, NULL,
     N_("one JSON explanation record (test \"aigles-order\")"),
     0, 0, NULL},
    CLI_OPT_END,
};

static const cli_opt cli_explain_aigles_morale_options[] = {
    {"unit", OPT_UNIT, CLI_TEXT, N_("UNIT"), N_("the unit's id"), 0, 0, NULL},
    {"rules", OPT_RULES, CLI_TEXT, N_("FILE"),
     N_("house rules replacing data/rules/aigles.json"),
     0, 0, NULL},
    {"measure", OPT_MEASURE, CLI_TEXT, N_("FROM:TO=VALUE"),
     N_("a distance or contact measured at the table instead of\n"
        "the map's (repeatable; docs/game.md \"Measured at the table\")"),
     0, 0, NULL},
    {"json", 'j', CLI_FLAG, NULL,
     N_("one JSON explanation record (test \"aigles-morale\")"),
     0, 0, NULL},
    CLI_OPT_END,
};

static int on_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    static const char *const variants[] = {"zone", "distance-penalty"};
    explain_opts *o = ctx;
    int idx;
    switch (opt->id) {
    case OPT_FROM: o->from = v->text; return 0;
    case OPT_TO: o->to = v->text; return 0;
    case OPT_UNIT: o->unit = v->text; return 0;
    case OPT_RULES: o->rules = v->text; return 0;
    case OPT_ROLL: o->has_roll = 1; o->roll = v->n; return 0;
    case OPT_SEED: o->has_seed = 1; o->seed = v->n; return 0;
    case OPT_EXPLAIN: o->explain = v->n; return 0;
    case OPT_FAILED: o->failed = v->n; return 0;
    case OPT_MELEE: o->melee = v->n; return 0;
    case OPT_POINTS: o->points = v->n; return 0;
    case OPT_MEASURE: return cli_measures_add(c, &o->measures, v->text);
    case OPT_VARIANT:
        if (cli_choice(c, "--variant", v->text, variants, 2, &idx) != 0)
            return CLI_EXIT_USAGE;
        o->variant = idx == 1 ? GROG_AIGLES_VARIANT_DISTANCE : GROG_AIGLES_VARIANT_ZONE;
        return 0;
    }
    return CLI_EXIT_USAGE;
}

/* Loads the scenario and the rules; 0 or an exit code (nothing to free then). */
static int load(cli *c, const char *rules_path, grog_battle **b, grog_aigles_rules **r)
{
    grog_error err;
    grog_status st = cli_load_battle(c->scenario, b, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    st = grog_aigles_rules_load(rules_path, r, &err);
    if (st != GROG_OK) {
        grog_battle_destroy(*b);
        return cli_fail_status(c, st, &err);
    }
    return 0;
}

/* Prints the record (also for a refusal, which then exits 1); a measure given
 * that the test did not use is refused first, and nothing is printed. Frees
 * e and tape. */
static int report(cli *c, grog_status st, const grog_error *err, grog_explain *e,
                  grog_tape *tape)
{
    int rc = e != NULL && tape != NULL ? cli_measures_check(c, tape) : CLI_EXIT_OK;
    grog_tape_destroy(tape);
    if (rc != CLI_EXIT_OK) {
        grog_explain_destroy(e);
        return rc;
    }
    if (e != NULL)
        rc = cli_print_explain(c, e);
    if (st != GROG_OK && rc == CLI_EXIT_OK)
        rc = cli_fail_status(c, st, err);
    grog_explain_destroy(e);
    return rc;
}

static int order(cli *c, const explain_opts *o, const grog_aigles_rules *r,
                 const grog_battle *b)
{
    grog_rng *rng = NULL;
    grog_aigles_dice dice = {GROG_AIGLES_NO_ROLL, NULL, 0};
    if (o->has_roll) {
        dice.mode = GROG_AIGLES_ENTERED;
        dice.entered = (int)o->roll;
    } else if (o->has_seed) {
        if ((rng = grog_rng_create((uint64_t)o->seed)) == NULL)
            return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
        dice.mode = GROG_AIGLES_RNG;
        dice.rng = rng;
    }
    grog_tape *tape = NULL;
    int rc = cli_measures_tape(c, &o->measures, b, &tape);
    if (rc != 0) {
        grog_rng_destroy(rng);
        return rc;
    }
    grog_aigles_battle_order in = {o->from, o->to, (int)o->explain, (int)o->failed,
                                   (int)o->melee, (int)o->points,
                                   (grog_aigles_variant)o->variant, tape};
    grog_explain *e = NULL;
    grog_error err;
    grog_status st = grog_aigles_battle_order_explain(r, b, &in, &dice, &e, NULL, &err);
    grog_rng_destroy(rng);
    return report(c, st, &err, e, tape);
}

static int run_explain_aigles_order(cli *c, int argc, char **argv)
{
    explain_opts o;
    memset(&o, 0, sizeof o);
    o.points = -1;
    o.variant = GROG_AIGLES_VARIANT_RULES;
    int rc = cli_parse_flags(c, &cli_explain_aigles_order, argc, argv, on_opt, &o);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (o.from == NULL || o.to == NULL)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--from and --to are required"));
    if (o.has_roll && o.has_seed)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--seed and --roll cannot go together"));
    grog_battle *b = NULL;
    grog_aigles_rules *r = NULL;
    if ((rc = load(c, o.rules, &b, &r)) != 0)
        return rc;
    rc = order(c, &o, r, b);
    grog_aigles_rules_destroy(r);
    grog_battle_destroy(b);
    return rc;
}

const cli_command cli_explain_aigles_order = {
    "aigles-order",
    run_explain_aigles_order,
    N_("Les Aigles: an order from a general to a unit or officer, from the scenario"),
    N_("grognard explain [FILE] aigles-order --from OFFICER --to UNIT_OR_OFFICER\n"
       "       [--roll D | --seed N] [--explain-turns N] [--failed-turns N]\n"
       "       [--general-melee-turns N] [--points-left N] [--variant V]\n"
       "       [--measure FROM:TO=VALUE]... [--rules FILE] [--json]"),
    N_("Works out the order from the scenario (FILE, or the embedded default):\n"
       "checks that the general is operational (AIG-O-21, AIG-O-26), that the\n"
       "receiver is his unit (AIG-O-10) or his subordinate (AIG-O-11), his command\n"
       "points (AIG-O-06, AIG-O-13), the order-change zone edge to edge (AIG-O-07) and\n"
       "the melee rule (AIG-O-14); then the reaction test (AIG-O-15..19) with its exact\n"
       "odds. A subordinate officer out of the zone is reached by the general's\n"
       "nearest ADC: the record gives the ride (how far, how many turns, as `value`\n"
       "in turns), the test on arrival with the general's command and the ADC's\n"
       "attempts (AIG-O-12), and the ride back.\n"),
    cli_explain_aigles_order_options,
    N_("Exit codes: 0 done; 1 the order cannot be given (the record shows why), an\n"
       "unknown id or a bad file; 2 a wrong command line.\n"),
};

static int run_explain_aigles_morale(cli *c, int argc, char **argv)
{
    explain_opts o;
    memset(&o, 0, sizeof o);
    int rc = cli_parse_flags(c, &cli_explain_aigles_morale, argc, argv, on_opt, &o);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (o.unit == NULL)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--unit is required"));
    grog_battle *b = NULL;
    grog_aigles_rules *r = NULL;
    if ((rc = load(c, o.rules, &b, &r)) != 0)
        return rc;
    grog_aigles_morale m;
    grog_explain *e = NULL;
    grog_error err;
    grog_tape *tape = NULL;
    grog_status st = GROG_OK;
    if ((rc = cli_measures_tape(c, &o.measures, b, &tape)) == 0) {
        st = grog_aigles_battle_morale_measured(r, b, o.unit, tape, &m, &e, &err);
        rc = report(c, st, &err, e, tape);
    }
    grog_aigles_rules_destroy(r);
    grog_battle_destroy(b);
    return rc;
}

const cli_command cli_explain_aigles_morale = {
    "aigles-morale",
    run_explain_aigles_morale,
    N_("Les Aigles: the charisma modifier a unit gets, and from whom, from the scenario"),
    N_("grognard explain [FILE] aigles-morale --unit UNIT [--measure FROM:TO=VALUE]...\n"
       "       [--rules FILE] [--json]"),
    N_("The morale modifier the unit gets from its side's officers: an officer in\n"
       "contact gives a range -C..+C chosen after the die (AIG-O-03; JSON `range`),\n"
       "otherwise the best indirect bonus (AIG-O-04, AIG-O-05; JSON `value`), with\n"
       "each officer's distance and bonus in the notes. Prisoners and the dead give\n"
       "nothing.\n"),
    cli_explain_aigles_morale_options,
    NULL,
};
