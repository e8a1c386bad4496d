/* explain_gdb.c — `grognard explain [FILE] gdb-order --cinc OFFICER --brigade
 * OFFICER`: a General de Brigade brigade order change worked out from a
 * scenario (the embedded default without FILE): whether it may be made, and
 * the target, modifiers (GDB-08..13, from the positions: GDB-14) and exact
 * odds, with the outcome of --roll or --seed. Nothing in the scenario is
 * changed. */
#include <string.h>

#include "cli.h"
#include "grognard/gdb.h"
#include "grognard/scenario.h"

typedef struct explain_opts {
    const char *cinc, *brigade, *rules;
    int has_roll, has_seed;
    long roll, seed;
    cli_measures measures;
} explain_opts;

enum { OPT_CINC = 1000, OPT_BRIGADE, OPT_ROLL, OPT_SEED, OPT_RULES, OPT_MEASURE };

static const cli_opt cli_explain_gdb_order_options[] = {
    {"cinc", OPT_CINC, CLI_TEXT, N_("OFFICER"), N_("the C-in-C's officer id"), 0, 0, NULL},
    {"brigade", OPT_BRIGADE, CLI_TEXT, N_("OFFICER"),
     N_("the brigade commander's officer id"),
     0, 0, NULL},
    {"roll", OPT_ROLL, CLI_INT, N_("TOTAL"),
     N_("the 2d6 total rolled at the table: gives the outcome"),
     -1000, 1000, NULL},
    {"seed", OPT_SEED, CLI_INT, N_("N"),
     N_("roll with the seeded generator instead"),
     0, INT64_MAX, NULL},
    {"rules", OPT_RULES, CLI_TEXT, N_("FILE"),
     N_("house rules replacing data/rules/gdb.json"),
     0, 0, NULL},
    {"measure", OPT_MEASURE, CLI_TEXT, N_("FROM:TO=VALUE"),
     N_("a distance or contact measured at the table instead of\n"
        "the map's (repeatable; docs/game.md \"Measured at the table\")"),
     0, 0, NULL},
    {"json", 'j', CLI_FLAG, NULL,
     N_("one JSON explanation record (test \"gdb-order\")"),
     0, 0, NULL},
    CLI_OPT_END,
};

static int on_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    explain_opts *o = ctx;
    switch (opt->id) {
    case OPT_CINC: o->cinc = v->text; return 0;
    case OPT_BRIGADE: o->brigade = v->text; return 0;
    case OPT_RULES: o->rules = v->text; return 0;
    case OPT_ROLL: o->has_roll = 1; o->roll = v->n; return 0;
    case OPT_SEED: o->has_seed = 1; o->seed = v->n; return 0;
    case OPT_MEASURE: return cli_measures_add(c, &o->measures, v->text);
    }
    return CLI_EXIT_USAGE;
}

static int run(cli *c, const explain_opts *o, const grog_gdb_rules *rules,
               const grog_battle *b)
{
    grog_error err;
    grog_rng *rng = NULL;
    grog_gdb_dice_source src = {GROG_GDB_NO_ROLL, NULL, 0};
    if (o->has_roll) {
        src.mode = GROG_GDB_ENTERED;
        src.entered = (int)o->roll;
    } else if (o->has_seed) {
        if ((rng = grog_rng_create((uint64_t)o->seed)) == NULL)
            return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
        src.mode = GROG_GDB_RNG;
        src.rng = rng;
    }
    grog_explain *e = NULL;
    grog_tape *tape = NULL;
    int rc = cli_measures_tape(c, &o->measures, b, &tape);
    if (rc != 0) {
        grog_rng_destroy(rng);
        return rc;
    }
    grog_status st = grog_gdb_battle_test_measured(rules, b, o->cinc, o->brigade, tape, &src, &e,
                                                   NULL, &err);
    grog_rng_destroy(rng);
    if (st == GROG_OK && (rc = cli_measures_check(c, tape)) != 0) {
        grog_tape_destroy(tape);
        grog_explain_destroy(e);
        return rc;
    }
    grog_tape_destroy(tape);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    rc = cli_print_explain(c, e);
    if (rc == CLI_EXIT_OK && !grog_explain_checks_ok(e))
        rc = cli_fail(c, CLI_EXIT_INPUT, "%s",
                      _("this order change cannot be made (see the checks marked NO)"));
    grog_explain_destroy(e);
    return rc;
}

static int run_explain_gdb_order(cli *c, int argc, char **argv)
{
    explain_opts o;
    memset(&o, 0, sizeof o);
    int rc = cli_parse_flags(c, &cli_explain_gdb_order, argc, argv, on_opt, &o);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (o.cinc == NULL || o.brigade == NULL)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--cinc and --brigade are required"));
    if (o.has_roll && o.has_seed)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--seed and --roll cannot go together"));
    grog_error err;
    grog_battle *b = NULL;
    grog_status st = cli_load_battle(c->scenario, &b, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    grog_gdb_rules *rules = NULL;
    st = grog_gdb_rules_load(o.rules, &rules, &err);
    if (st != GROG_OK) {
        grog_battle_destroy(b);
        return cli_fail_status(c, st, &err);
    }
    rc = run(c, &o, rules, b);
    grog_gdb_rules_destroy(rules);
    grog_battle_destroy(b);
    return rc;
}

const cli_command cli_explain_gdb_order = {
    "gdb-order",
    run_explain_gdb_order,
    N_("General de Brigade: a C-in-C's brigade order change, from the scenario"),
    N_("grognard explain [FILE] gdb-order --cinc OFFICER --brigade OFFICER\n"
       "       [--roll TOTAL | --seed N] [--measure FROM:TO=VALUE]... [--rules FILE]\n"
       "       [--json]"),
    N_("Works out the order change from the scenario (FILE, or the embedded default):\n"
       "checks that OFFICER --cinc is his side's commander-in-chief and --brigade a\n"
       "brigade commander of the same side (or the C-in-C himself, for the brigade he\n"
       "commands: automatic, GDB-07), both active; then the table value of the brigade\n"
       "commander's nation and every modifier: the C-in-C's gdb skill (GDB-08), the\n"
       "distance base to base (GDB-14) beyond 30 cm and personal command (GDB-09,\n"
       "GDB-10), base contact (GDB-11), attached or within 15 cm of an enemy unit\n"
       "(GDB-12), a broken brigade (GDB-13); and the exact odds over 36.\n"),
    cli_explain_gdb_order_options,
    N_("Exit codes: 0 done; 1 the change cannot be made (the record shows why), an\n"
       "unknown officer or a bad file; 2 a wrong command line.\n"),
};
