/* calc_gt.c — `grognard calc gt-pip`: the exact distribution of the PIPs
 * one Grande Tactique divisional general gets (GT-02, GT-10, GT-12, GT-14,
 * GT-16, GT-17), and a seeded or entered roll. A thin front end over
 * include/grognard/gt.h; every check of the rules is the library's. */
#include <stdint.h>
#include <stdlib.h>

#include "cli.h"
#include "grognard/gt.h"

typedef struct gt_opts {
    int has_skill, corps_bonus, bad_corps, has_dice, has_rank, no_plan, has_roll, has_seed;
    int skill;
    long dice, rank, roll, seed;
    const char *rules;
} gt_opts;

enum {
    OPT_SKILL = 1000,
    OPT_BONUS,
    OPT_BAD,
    OPT_DICE,
    OPT_RANK,
    OPT_NO_PLAN,
    OPT_ROLL,
    OPT_SEED,
    OPT_RULES
};

static const cli_opt cli_calc_gt_pip_options[] = {
    {"skill", OPT_SKILL, CLI_TEXT, N_("Q"),
     N_("the divisional general: great, ordinary or bad (required)"),
     0, 0, NULL},
    {"corps-bonus", OPT_BONUS, CLI_FLAG, NULL,
     N_("a corps or army commander within 9\", not attached to a\n"
        "unit, gives him his PIP (GT-10, GT-11)"),
     0, 0, NULL},
    {"bad-corps", OPT_BAD, CLI_FLAG, NULL,
     N_("a bad corps or army commander is within 9\" (GT-12); with\n"
        "--corps-bonus the PIP comes from him and is lost on a 1"),
     0, 0, NULL},
    {"dice", OPT_DICE, CLI_INT, N_("N"),
     N_("the corps rolls N dice, one per divisional general (GT-14);\n"
        "without it he rolls his own single die"),
     1, GROG_GT_MAX_DICE, NULL},
    {"rank", OPT_RANK, CLI_INT, N_("K"),
     N_("with a plan: he takes the K-th highest die (1 = highest)"),
     1, GROG_GT_MAX_DICE, NULL},
    {"no-plan", OPT_NO_PLAN, CLI_FLAG, NULL,
     N_("without a plan: he takes the floor of the mean of the N dice"),
     0, 0, NULL},
    {"roll", OPT_ROLL, CLI_INT, N_("VALUE"),
     N_("the die value allocated to him, rolled at the table (1-6)"),
     -1000000, 1000000, NULL},
    {"seed", OPT_SEED, CLI_INT, N_("S"),
     N_("roll the dice with the seeded generator instead"),
     0, INT64_MAX, NULL},
    {"rules", OPT_RULES, CLI_TEXT, N_("FILE"),
     N_("a house-rules file instead of the built-in data/rules/gt.json"),
     0, 0, NULL},
    {"json", 'j', CLI_FLAG, NULL, N_("the explanation record as one JSON document"), 0, 0, NULL},
    CLI_OPT_END,
};

static int on_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    static const char *const skills[] = {"great", "ordinary", "bad"}; /* grog_gt_quality */
    gt_opts *o = ctx;
    switch (opt->id) {
    case OPT_SKILL:
        o->has_skill = 1;
        return cli_choice(c, "--skill", v->text, skills, GROG_GT_QUALITY_COUNT, &o->skill);
    case OPT_BONUS: o->corps_bonus = 1; return 0;
    case OPT_BAD: o->bad_corps = 1; return 0;
    case OPT_DICE: o->has_dice = 1; o->dice = v->n; return 0;
    case OPT_RANK: o->has_rank = 1; o->rank = v->n; return 0;
    case OPT_NO_PLAN: o->no_plan = 1; return 0;
    case OPT_ROLL: o->has_roll = 1; o->roll = v->n; return 0;
    case OPT_SEED: o->has_seed = 1; o->seed = v->n; return 0;
    case OPT_RULES: o->rules = v->text; return 0;
    }
    return CLI_EXIT_USAGE;
}

static int check_usage(cli *c, const gt_opts *o)
{
    if (!o->has_skill)
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("--skill is required: great, ordinary or bad"));
    if (o->has_rank && !o->has_dice)
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("--rank K needs --dice N: the number of dice the corps rolls"));
    if (o->no_plan && !o->has_dice)
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("--no-plan needs --dice N: the number of dice the corps rolls"));
    if (o->has_rank && o->no_plan)
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("--rank (a plan) and --no-plan cannot go together"));
    if (o->has_dice && !o->has_rank && !o->no_plan)
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("--dice N needs --rank K (a plan ranks the generals) or --no-plan "
                          "(the floor of the mean)"));
    if (o->has_rank && o->rank > o->dice)
        return cli_fail(c, CLI_EXIT_USAGE,
                        _("--rank %ld is more than the %ld dice of --dice: K must be 1 to N"),
                        o->rank, o->dice);
    if (o->has_seed && o->has_roll)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--seed and --roll cannot go together"));
    return 0;
}

static grog_gt_pip_query make_query(const gt_opts *o)
{
    grog_gt_pip_query q = {0};
    q.quality = (grog_gt_quality)o->skill;
    q.alloc = !o->has_dice ? GROG_GT_ALLOC_OWN
              : o->no_plan ? GROG_GT_ALLOC_MEAN
                           : GROG_GT_ALLOC_RANK;
    q.dice = o->has_dice ? (int)o->dice : 1;
    q.rank = o->has_rank ? (int)o->rank : 1;
    q.bonus = o->corps_bonus;
    q.bad_within = o->bad_corps;
    q.bonus_from_bad = o->corps_bonus && o->bad_corps; /* one commander, the bad one */
    return q;
}

/* The roll, if one was asked for; 0 or an exit code. */
static int make_roll(cli *c, const gt_opts *o, const grog_gt_pip_query *q, grog_roll *roll,
                     int *has)
{
    grog_error err;
    grog_status st = GROG_OK;
    *has = 0;
    if (o->has_roll) {
        st = grog_gt_pip_enter(q, (int)o->roll, roll, &err);
    } else if (o->has_seed) {
        grog_rng *rng = grog_rng_create((uint64_t)o->seed);
        if (rng == NULL)
            return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
        st = grog_gt_pip_roll(q, rng, roll, &err);
        grog_rng_destroy(rng);
    } else {
        return 0;
    }
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    *has = 1;
    return 0;
}

static int run_gt_pip(cli *c, int argc, char **argv)
{
    gt_opts o = {0};
    int rc = cli_parse_flags(c, &cli_calc_gt_pip, argc, argv, on_opt, &o);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    rc = check_usage(c, &o);
    if (rc != 0)
        return rc;
    grog_gt_pip_query q = make_query(&o);
    grog_roll roll;
    int has_roll;
    rc = make_roll(c, &o, &q, &roll, &has_roll);
    if (rc != 0)
        return rc;
    grog_error err;
    grog_gt_rules *rules = NULL;
    grog_status st = grog_gt_rules_load(o.rules, &rules, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    grog_explain *e = NULL;
    st = grog_gt_pip_explain(rules, &q, has_roll ? &roll : NULL, &e, &err);
    grog_gt_rules_destroy(rules);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    if (has_roll && !roll.entered)
        grog_explain_set_seed(e, (uint64_t)o.seed);
    rc = cli_print_explain(c, e);
    grog_explain_destroy(e);
    return rc;
}

const cli_command cli_calc_gt_pip = {
    "gt-pip",
    run_gt_pip,
    N_("Grande Tactique: the exact PIPs of one divisional general"),
    N_("grognard calc gt-pip --skill great|ordinary|bad [--corps-bonus] [--bad-corps]\n"
       "       [--dice N (--rank K | --no-plan)] [--roll VALUE | --seed S] [--rules FILE] "
       "[--json]"),
    N_("Prints the exact distribution of the PIPs a divisional general gets this\n"
       "turn, and its mean, in the order of GT-17: (1) the die allocated to him;\n"
       "(2) a bad corps or army commander within 9\" turns a 1 into 0 and gives him\n"
       "no PIP (GT-12); (3) great +1, bad -1 (GT-02); (4) +1 if a commander gives\n"
       "him his PIP (GT-10); (5) never below 0 (GT-16).\n"),
    cli_calc_gt_pip_options,
    N_("Examples:\n"
       "  grognard calc gt-pip --skill great --corps-bonus      (3 to 8 PIPs)\n"
       "  grognard calc gt-pip --skill ordinary --dice 3 --rank 1   (6 with 91/216)\n"
       "  grognard calc gt-pip --skill bad --bad-corps --roll 1      (0 PIPs)\n"),
};
