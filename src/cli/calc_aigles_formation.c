/* calc_aigles_formation.c — `grognard calc aigles-formation`: whether a Les
 * Aigles formation change is allowed and how many half-périodes it takes
 * (AIG-F-01..31), printed as one explanation record.
 *
 * A thin front end: it parses the options into the library's plain structs
 * and prints the record; a change the rules forbid exits 1 with the rule. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grognard/aigles_formation.h"
#include "grognard/battle.h"

typedef struct fm_opts {
    grog_aigles_fm_unit u;
    grog_aigles_fm_change c;
    int has_arm, has_class, has_status, has_from, has_to, has_action;
    int count_opts; /* how many of --companies/--squadrons/--sections */
    const char *rules;
} fm_opts;

enum {
    OPT_ARM = 1000, OPT_CLASS, OPT_STATUS, OPT_FROM, OPT_TO, OPT_ACTION, OPT_FIGURES,
    OPT_COMPANIES, OPT_SQUADRONS, OPT_SECTIONS, OPT_FILE_DEPTH, OPT_NATION, OPT_MOVE,
    OPT_CAN_DISMOUNT, OPT_IRREGULAR, OPT_FRONT, OPT_NEW_FRONT, OPT_RULES, OPT_CALIBRE
};

/* A library parse error as a usage error naming the option. */
static int parsed(cli *c, const char *opt, grog_status st, const grog_error *err)
{
    if (st == GROG_OK)
        return 0;
    return cli_fail(c, CLI_EXIT_USAGE, "%s: %s", opt, err->message);
}

static int count_opt(cli *c, fm_opts *o, const char *name, const char *arg)
{
    long v;
    int rc = cli_int(c, name, arg, 1, 10000, &v);
    if (rc != 0)
        return rc;
    o->u.subunits = (int)v;
    o->count_opts++;
    return 0;
}

static int int_opt(cli *c, const char *name, const char *arg, long lo, int *out)
{
    long v;
    int rc = cli_int(c, name, arg, lo, 10000, &v);
    if (rc == 0)
        *out = (int)v;
    return rc;
}

static int on_unit_opt(cli *c, int id, const char *arg, fm_opts *o)
{
    grog_error err;
    switch (id) {
    case OPT_ARM:
        o->has_arm = 1;
        return parsed(c, "--arm", grog_arm_parse(arg, &o->u.arm, &err), &err);
    case OPT_CLASS:
        o->has_class = 1;
        return parsed(c, "--class", grog_manoeuvre_parse(arg, &o->u.manoeuvre, &err), &err);
    case OPT_STATUS:
        o->has_status = 1;
        return parsed(c, "--status", grog_unit_status_parse(arg, &o->u.status, &err), &err);
    case OPT_NATION:
        o->u.has_nation = 1;
        return parsed(c, "--nation", grog_nation_parse(arg, &o->u.nation, &err), &err);
    case OPT_FIGURES: return int_opt(c, "--figures", arg, 1, &o->u.figures);
    case OPT_COMPANIES: return count_opt(c, o, "--companies", arg);
    case OPT_SQUADRONS: return count_opt(c, o, "--squadrons", arg);
    case OPT_SECTIONS: return count_opt(c, o, "--sections", arg);
    case OPT_FILE_DEPTH: return int_opt(c, "--file-depth", arg, 1, &o->u.file_depth);
    case OPT_CALIBRE: return int_opt(c, "--calibre", arg, 1, &o->u.calibre);
    case OPT_CAN_DISMOUNT: o->u.can_dismount = 1; return 0;
    case OPT_IRREGULAR: o->u.irregular_formation = 1; return 0;
    }
    return -2;
}

static const cli_opt cli_calc_aigles_formation_options[] = {
    {"arm", OPT_ARM, CLI_TEXT, N_("ARM"),
     N_("infantry, cavalry, foot-artillery, horse-artillery, engineers"),
     0, 0, NULL},
    {"class", OPT_CLASS, CLI_TEXT, N_("C"), N_("manoeuvre class A, B or C"), 0, 0, NULL},
    {"status", OPT_STATUS, CLI_TEXT, N_("S"),
     N_("garde, elite, veteran, regular, semi-regular, militia, irregular"),
     0, 0, NULL},
    {"from", OPT_FROM, CLI_TEXT, N_("F"),
     N_("the formation before: march-column, attack-column, division-column,\n"
        "extended-attack-column, company-column, mass-column,\n"
        "mass-square, line, double-line, potence, echelon,\n"
        "hollow-square, full-square, skirmish, dismounted, unformed,\n"
        "disorder, formed, limbered, unlimbered"),
     0, 0, NULL},
    {"to", OPT_TO, CLI_TEXT, N_("T"), N_("the formation after (the same names)"), 0, 0, NULL},
    {"action", OPT_ACTION, CLI_TEXT, N_("A"),
     N_("half-turn (in place), quarter-turn (march column <-> line,\n"
        "AIG-F-31; --from march-column or line), pivot or frontage\n"
        "(irregulars, AIG-F-24)"),
     0, 0, NULL},
    {"figures", OPT_FIGURES, CLI_TEXT, N_("N"),
     N_("figures in the unit (squares: AIG-F-07; small units: AIG-F-28)"),
     0, 0, NULL},
    {"companies", OPT_COMPANIES, CLI_TEXT, N_("N"), N_("the unit's companies"), 0, 0, NULL},
    {"squadrons", OPT_SQUADRONS, CLI_TEXT, N_("N"), N_("the unit's squadrons"), 0, 0, NULL},
    {"sections", OPT_SECTIONS, CLI_TEXT, N_("N"), N_("the unit's sections"), 0, 0, NULL},
    {"file-depth", OPT_FILE_DEPTH, CLI_TEXT, N_("N"),
     N_("artillery in single file N sections deep (AIG-F-30)"),
     0, 0, NULL},
    {"calibre", OPT_CALIBRE, CLI_TEXT, N_("N"),
     N_("foot artillery calibre, for the horse teams noted when it\n"
        "limbers (AIG-F-17: 3 to 9, 12)"),
     0, 0, NULL},
    {"nation", OPT_NATION, CLI_TEXT, N_("N"),
     N_("france, britain, prussia, late-prussia, austria, russia, ...\n"
        "(cavalry column of division: AIG-F-15)"),
     0, 0, NULL},
    {"move", OPT_MOVE, CLI_TEXT, N_("N"),
     N_("the change is made during a move of N half-périodes\n"
        "(0: halted; AIG-F-14, AIG-F-12)"),
     0, 0, NULL},
    {"can-dismount", OPT_CAN_DISMOUNT, CLI_FLAG, NULL,
     N_("cavalry with a dismounted entry (AIG-F-16)"),
     0, 0, NULL},
    {"irregular-formation", OPT_IRREGULAR, CLI_FLAG, NULL,
     N_("an irregular unit whatever its status (AIG-F-23)"),
     0, 0, NULL},
    {"front", OPT_FRONT, CLI_TEXT, N_("N"),
     N_("an irregular unit's frontage before a frontage change"), 0, 0, NULL},
    {"new-front", OPT_NEW_FRONT, CLI_TEXT, N_("N"), N_("its frontage after"), 0, 0, NULL},
    {"rules", OPT_RULES, CLI_TEXT, N_("FILE"),
     N_("house rules instead of the embedded data/rules/aigles.json"),
     0, 0, NULL},
    {"json", 'j', CLI_FLAG, NULL, N_("the record as JSON"), 0, 0, NULL},
    CLI_OPT_END,
};

static int on_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    fm_opts *o = ctx;
    grog_error err;
    int rc = on_unit_opt(c, opt->id, v->text, o);
    if (rc != -2)
        return rc;
    switch (opt->id) {
    case OPT_FROM:
        o->has_from = 1;
        return parsed(c, "--from", grog_aigles_formation_parse(v->text, &o->c.from, &err), &err);
    case OPT_TO:
        o->has_to = 1;
        return parsed(c, "--to", grog_aigles_formation_parse(v->text, &o->c.to, &err), &err);
    case OPT_ACTION:
        o->has_action = 1;
        return parsed(c, "--action", grog_aigles_fm_action_parse(v->text, &o->c.action, &err), &err);
    case OPT_MOVE: return int_opt(c, "--move", v->text, 0, &o->c.move_half_periods);
    case OPT_FRONT: return int_opt(c, "--front", v->text, 1, &o->c.front);
    case OPT_NEW_FRONT: return int_opt(c, "--new-front", v->text, 1, &o->c.new_front);
    case OPT_RULES: o->rules = v->text; return 0;
    }
    return CLI_EXIT_USAGE;
}

/* The options each action needs, checked before the library runs. */
static int check_usage(cli *c, fm_opts *o)
{
    if (!o->has_arm || !o->has_class || !o->has_status)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--arm, --class and --status are required"));
    if (o->count_opts > 1)
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("give one of --companies, --squadrons, --sections"));
    grog_aigles_fm_action a = o->c.action;
    if (a == GROG_AIGLES_ACT_CHANGE && (!o->has_from || !o->has_to))
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("a change needs --from and --to (or --action half-turn, "
                          "quarter-turn, pivot, frontage)"));
    if (a != GROG_AIGLES_ACT_CHANGE && o->has_to)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--to goes with a change, not an --action"));
    if (a != GROG_AIGLES_ACT_CHANGE && a != GROG_AIGLES_ACT_QUARTER_TURN && o->has_from)
        return cli_fail(c, CLI_EXIT_USAGE, _("--from does not go with --action %s"),
                        grog_aigles_fm_action_name(a));
    if (a == GROG_AIGLES_ACT_QUARTER_TURN && !o->has_from)
        o->c.from = GROG_AIGLES_FM_MARCH_COLUMN;
    if ((o->c.front > 0) != (o->c.new_front > 0) ||
        (o->c.front > 0 && a != GROG_AIGLES_ACT_FRONTAGE))
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("--front and --new-front go together, with --action frontage"));
    return 0;
}

static int run_aigles_formation(cli *c, int argc, char **argv)
{
    fm_opts o;
    memset(&o, 0, sizeof o);
    o.u = grog_aigles_fm_unit_default();
    o.c = grog_aigles_fm_change_default();
    int rc = cli_parse_flags(c, &cli_calc_aigles_formation, argc, argv, on_opt, &o);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if ((rc = check_usage(c, &o)) != 0)
        return rc;
    grog_error err;
    grog_aigles_formation_rules *r = NULL;
    grog_status st = grog_aigles_formation_rules_load(o.rules, &r, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    grog_explain *e = NULL;
    st = grog_aigles_formation_change(r, &o.u, &o.c, NULL, &e, &err);
    grog_aigles_formation_rules_destroy(r);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    rc = cli_print_explain(c, e);
    grog_explain_destroy(e);
    return rc;
}

const cli_command cli_calc_aigles_formation = {
    "aigles-formation",
    run_aigles_formation,
    N_("Les Aigles: whether a formation change is allowed and its time in half-périodes"),
    N_("grognard calc aigles-formation --arm ARM --class A|B|C --status S\n"
       "        (--from F --to T | --action half-turn|quarter-turn|pivot|frontage)\n"
       "        [--figures N] [--companies N|--squadrons N|--sections N] [--file-depth N]\n"
       "        [--calibre N] [--nation N] [--move N] [--can-dismount] [--irregular-formation]\n"
       "        [--front N --new-front N] [--rules FILE] [--json]"),
    N_("\n"
       "The time comes from the table of AIG-F-26 (a row of its own, either way) or\n"
       "the quickest chain of rows (AIG-F-27), plus 1/2 periode for semi-regular,\n"
       "militia and irregular units (AIG-F-25), and the rules AIG-F-14, -24, -28 to -31.\n"
       "The value is in half-périodes; the path is the chain of formations; every\n"
       "term is a modifier with its rule id; the notes are the new formation's\n"
       "named effects (fire, melee, morale). A change the rules forbid exits 1\n"
       "naming the rule (a square needs 6 figures, AIG-F-07, ...).\n"),
    cli_calc_aigles_formation_options,
    N_("Example: grognard calc aigles-formation --arm infantry --class A --status regular\n"
       "         --from line --to full-square --figures 12   (3 half-périodes)\n"),
};
