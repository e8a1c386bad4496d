/* calc_gdb.c — `grognard calc gdb-order`: the General de Brigade brigade
 * order-change test (GDB-02 to GDB-14) for players at the table: target,
 * modifiers with their rule ids, exact odds of immediate / delayed / fail,
 * and the outcome of a roll entered (--roll) or generated (--seed). The rules
 * come from the embedded data or from --rules FILE (house rules). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grognard/gdb.h"

typedef struct gdb_opts {
    const char *nation, *skill, *rules;
    int has_distance, has_roll, has_seed;
    double distance_cm;
    long roll, seed;
    int contact, near_enemy, attached, personal, own_brigade, broken;
} gdb_opts;

enum {
    OPT_NATION = 1000, OPT_SKILL, OPT_DISTANCE, OPT_CONTACT, OPT_NEAR, OPT_ATTACHED,
    OPT_PERSONAL, OPT_OWN, OPT_BROKEN, OPT_ROLL, OPT_SEED, OPT_RULES
};

static const cli_opt cli_calc_gdb_order_options[] = {
    {"nation", OPT_NATION, CLI_TEXT, N_("N"),
     N_("the brigade's nation: france, britain, late-prussia (first\n"
        "column, default value 6), austria, russia, other (second\n"
        "column, default value 7). Both values are lost from the\n"
        "rulebook's table: set them with --rules. The scenario format's other\n"
        "nations (prussia, portugal, spain, netherlands) take the\n"
        "second column too, and the record says so"),
     0, 0, NULL},
    {"skill", OPT_SKILL, CLI_TEXT, N_("S"),
     N_("the C-in-C: gifted +1, ordinary 0, poor -1 (GDB-08)"),
     0, 0, NULL},
    {"distance-cm", OPT_DISTANCE, CLI_NUMBER, N_("D"),
     N_("base to base, C-in-C to brigade commander (GDB-14); more\n"
        "than 30 cm is -2 (GDB-09); exactly 30 cm is within"),
     0, 0, NULL},
    {"contact", OPT_CONTACT, CLI_FLAG, NULL,
     N_("in base contact with the brigade commander: +2 (GDB-11);\n"
        "the distance is then 0"),
     0, 0, NULL},
    {"near-enemy", OPT_NEAR, CLI_FLAG, NULL,
     N_("the C-in-C is within 15 cm of an enemy unit: -2 (GDB-12)"),
     0, 0, NULL},
    {"attached", OPT_ATTACHED, CLI_FLAG, NULL,
     N_("the C-in-C is attached to a unit: -2 (GDB-12; with\n"
        "--near-enemy still -2 in all)"),
     0, 0, NULL},
    {"personal", OPT_PERSONAL, CLI_FLAG, NULL,
     N_("the C-in-C personally commands a brigade: -2 (GDB-09), or\n"
        "-3 instead when also more than 30 cm away (GDB-10)"),
     0, 0, NULL},
    {"own-brigade", OPT_OWN, CLI_FLAG, NULL,
     N_("the order is for the brigade he commands himself: the\n"
        "change is automatic, no roll (GDB-07)"),
     0, 0, NULL},
    {"broken", OPT_BROKEN, CLI_FLAG, NULL, N_("the brigade is broken: -1 (GDB-13)"), 0, 0, NULL},
    {"roll", OPT_ROLL, CLI_INT, N_("TOTAL"),
     N_("the 2d6 total rolled at the table (2 to 12): gives the outcome"),
     -1000, 1000, NULL},
    {"seed", OPT_SEED, CLI_INT, N_("N"),
     N_("roll with the seeded generator instead (same seed, same roll)"),
     0, INT64_MAX, NULL},
    {"rules", OPT_RULES, CLI_TEXT, N_("FILE"),
     N_("house rules: a gdb rules file replacing data/rules/gdb.json"),
     0, 0, NULL},
    {"json", 'j', CLI_FLAG, NULL,
     N_("one JSON explanation record (test \"gdb-order\")"),
     0, 0, NULL},
    CLI_OPT_END,
};

static int on_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    (void)c;
    gdb_opts *o = ctx;
    switch (opt->id) {
    case OPT_NATION: o->nation = v->text; return 0;
    case OPT_SKILL: o->skill = v->text; return 0;
    case OPT_RULES: o->rules = v->text; return 0;
    case OPT_DISTANCE: o->has_distance = 1; o->distance_cm = v->x; return 0;
    case OPT_CONTACT: o->contact = 1; return 0;
    case OPT_NEAR: o->near_enemy = 1; return 0;
    case OPT_ATTACHED: o->attached = 1; return 0;
    case OPT_PERSONAL: o->personal = 1; return 0;
    case OPT_OWN: o->own_brigade = 1; return 0;
    case OPT_BROKEN: o->broken = 1; return 0;
    case OPT_ROLL: o->has_roll = 1; o->roll = v->n; return 0;
    case OPT_SEED: o->has_seed = 1; o->seed = v->n; return 0;
    }
    return CLI_EXIT_USAGE;
}

/* The command line makes sense on its own (before the rules are read). */
static int check_opts(cli *c, const gdb_opts *o)
{
    if (o->nation == NULL)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--nation is required"));
    if (o->skill == NULL)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--skill is required"));
    if (!o->has_distance && !o->contact && !o->own_brigade)
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("--distance-cm is required (unless --contact or --own-brigade)"));
    if (o->has_roll && o->has_seed)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--seed and --roll cannot go together"));
    return 0;
}

/* A nation named in the rules' table, or one of the scenario format's
 * nations (battle.h), which the rules place in their unlisted-nations column:
 * anything else is a typo. */
static int nation_known(cli *c, const grog_gdb_rules *rules, const char *nation)
{
    grog_nation n;
    if (grog_gdb_rules_knows_nation(rules, nation) ||
        grog_nation_parse(nation, &n, NULL) == GROG_OK)
        return 0;
    /* Through cli_fail, so that --json gets its error document too. */
    char list[512] = "";
    size_t len = 0;
    for (size_t i = 0; i < grog_gdb_rules_nation_count(rules) && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", len ? " " : "",
                                grog_gdb_rules_nation(rules, i));
    for (int i = 0; i < GROG_NATION_COUNT && len < sizeof list; i++)
        if (!grog_gdb_rules_knows_nation(rules, grog_nation_name((grog_nation)i)))
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", len ? " " : "",
                                    grog_nation_name((grog_nation)i));
    return cli_fail(c, CLI_EXIT_USAGE, _("%s: unknown value \"%s\"; expected one of: %s"),
                    "--nation", nation, list);
}

static int run(cli *c, const gdb_opts *o, const grog_gdb_rules *rules, grog_rng *rng)
{
    grog_error err;
    grog_gdb_input in = grog_gdb_input_default();
    int rc = nation_known(c, rules, o->nation);
    if (rc != 0)
        return rc;
    grog_status st = grog_gdb_skill_parse(o->skill, &in.skill, &err);
    if (st != GROG_OK)
        return cli_fail(c, CLI_EXIT_USAGE, "--skill: %s", err.message);
    in.nation = o->nation;
    in.distance_mm = o->has_distance ? o->distance_cm * 10.0 : 0.0;
    in.contact = o->contact;
    in.near_enemy = o->near_enemy;
    in.attached = o->attached;
    in.personal = o->personal || o->own_brigade;
    in.own_brigade = o->own_brigade;
    in.broken = o->broken;
    grog_gdb_dice_source src = {GROG_GDB_NO_ROLL, NULL, 0};
    if (o->has_roll) {
        src.mode = GROG_GDB_ENTERED;
        src.entered = (int)o->roll;
    } else if (rng != NULL) {
        src.mode = GROG_GDB_RNG;
        src.rng = rng;
    }
    grog_explain *e = NULL;
    st = grog_gdb_order_test(rules, &in, &src, &e, NULL, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    rc = cli_print_explain(c, e);
    grog_explain_destroy(e);
    return rc;
}

static int run_gdb_order(cli *c, int argc, char **argv)
{
    gdb_opts o;
    memset(&o, 0, sizeof o);
    int rc = cli_parse_flags(c, &cli_calc_gdb_order, argc, argv, on_opt, &o);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if ((rc = check_opts(c, &o)) != 0)
        return rc;
    grog_error err;
    grog_gdb_rules *rules = NULL;
    grog_status st = grog_gdb_rules_load(o.rules, &rules, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    grog_rng *rng = NULL;
    if (o.has_seed && (rng = grog_rng_create((uint64_t)o.seed)) == NULL) {
        grog_gdb_rules_destroy(rules);
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
    }
    rc = run(c, &o, rules, rng);
    grog_rng_destroy(rng);
    grog_gdb_rules_destroy(rules);
    return rc;
}

const cli_command cli_calc_gdb_order = {
    "gdb-order",
    run_gdb_order,
    N_("General de Brigade: a C-in-C's brigade order change (2d6, GDB-01..14)"),
    N_("grognard calc gdb-order --nation N --skill gifted|ordinary|poor --distance-cm D\n"
       "       [--contact] [--near-enemy] [--attached] [--personal] [--own-brigade]\n"
       "       [--broken] [--roll TOTAL | --seed N] [--rules FILE] [--json]"),
    N_("The Commander-in-Chief rolls 2d6, modified, against the Brigade Order Change\n"
       "table value of the brigade's nation: greater, the new order is in force at\n"
       "once (immediate, GDB-03); equal, it comes into force at the next Command Phase\n"
       "(delayed, GDB-04); lower, the old order stands (fail, GDB-05). Prints the\n"
       "target, every modifier with its rule id and the exact odds over 36.\n"),
    cli_calc_gdb_order_options,
    N_("Example (General de Brigade's own: Picton, British and gifted, 35 cm from Pack,\n"
       "rolls 5):\n"
       "  grognard calc gdb-order --nation britain --skill gifted --distance-cm 35 --roll 5\n"
       "  -> modified 4 against 6: fail; odds immediate 15/36, delayed 6/36, fail 15/36\n"),
};
