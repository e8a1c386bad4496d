/* cmd_dice.c — `grognard dice EXPR`: exact odds of a dice expression, and a
 * reproducible roll (--seed) or an entered one (--roll). */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

typedef struct dice_opts {
    int has_seed, has_roll, has_target;
    long seed, roll, target;
} dice_opts;

enum { OPT_SEED = 1000, OPT_ROLL, OPT_TARGET };

static const cli_opt options[] = {
    {"target", OPT_TARGET, CLI_INT, N_("T"),
     N_("also print P(X < T), P(X <= T), P(X = T), P(X >= T), P(X > T)"), -1000000, 1000000,
     NULL},
    {"seed", OPT_SEED, CLI_INT, N_("N"),
     N_("roll the dice with the seeded generator (0 to 2^63-1);\n"
        "the same seed always gives the same roll. Without --seed\n"
        "or --roll the dice are rolled with a fresh seed, printed"),
     0, INT64_MAX, NULL},
    {"roll", OPT_ROLL, CLI_INT, N_("VALUE"),
     N_("a roll made at the table: the total of the kept dice,\n"
        "before the modifier (checked against what the dice can show)"),
     -1000000, 1000000, NULL},
    {"json", 'j', CLI_FLAG, NULL,
     N_("one JSON document: dice, outcomes, min, max, mean,\n"
        "mean_exact, distribution [{value, p, exact, count, ge, le}],\n"
        "target, roll, faces, entered, modified_roll, seed\n"
        "(docs/json.md)"),
     0, 0, NULL},
    CLI_OPT_END,
};

static int on_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    (void)c;
    dice_opts *o = ctx;
    switch (opt->id) {
    case OPT_SEED: o->has_seed = 1; o->seed = v->n; return 0;
    case OPT_ROLL: o->has_roll = 1; o->roll = v->n; return 0;
    case OPT_TARGET: o->has_target = 1; o->target = v->n; return 0;
    }
    return CLI_EXIT_USAGE;
}

static json_t *jprob(grog_frac f)
{
    char buf[64];
    return json_pack("{s:f,s:s}", "p", grog_frac_value(f), "exact",
                     grog_frac_format(f, buf, sizeof buf));
}

static void print_json(cli *c, const grog_dice *d, const grog_dist *dist, const dice_opts *o,
                       const grog_roll *roll)
{
    char text[64];
    json_t *root = json_object();
    json_object_set_new(root, "dice", json_string(grog_dice_format(d, text, sizeof text)));
    json_object_set_new(root, "outcomes", json_integer((json_int_t)grog_dist_total(dist)));
    json_object_set_new(root, "min", json_integer(grog_dist_min(dist)));
    json_object_set_new(root, "max", json_integer(grog_dist_max(dist)));
    json_object_set_new(root, "mean", json_real(grog_dist_mean(dist)));
    int64_t num;
    uint64_t den;
    if (grog_dist_mean_exact(dist, &num, &den))
        json_object_set_new(root, "mean_exact",
                            json_pack("{s:I,s:I}", "num", (json_int_t)num, "den", (json_int_t)den));
    else
        json_object_set_new(root, "mean_exact", json_null());
    /* Each entry is the record's distribution entry {value, p, exact} (P(=)),
     * with the count and P(>=), P(<=) beside it (docs/json.md). */
    json_t *rows = json_array();
    for (int v = grog_dist_min(dist); v <= grog_dist_max(dist); v++) {
        json_t *row = jprob(grog_dist_p(dist, GROG_CMP_EQ, v));
        json_object_set_new(row, "value", json_integer(v));
        json_object_set_new(row, "count", json_integer((json_int_t)grog_dist_count(dist, v)));
        json_object_set_new(row, "ge", jprob(grog_dist_p(dist, GROG_CMP_GE, v)));
        json_object_set_new(row, "le", jprob(grog_dist_p(dist, GROG_CMP_LE, v)));
        json_array_append_new(rows, row);
    }
    json_object_set_new(root, "distribution", rows);
    json_t *t = json_null();
    if (o->has_target) {
        t = json_object();
        json_object_set_new(t, "value", json_integer(o->target));
        for (int k = GROG_CMP_LT; k <= GROG_CMP_GT; k++)
            json_object_set_new(t, grog_cmp_symbol((grog_cmp)k),
                                jprob(grog_dist_p(dist, (grog_cmp)k, (int)o->target)));
    }
    json_object_set_new(root, "target", t);
    /* The roll as in a record: roll (the kept dice), faces, entered,
     * modified_roll (with the modifier), seed; all null without a roll. */
    json_t *faces = json_array();
    for (int i = 0; roll != NULL && i < roll->nfaces; i++)
        json_array_append_new(faces, json_integer(roll->faces[i]));
    json_object_set_new(root, "roll", roll != NULL ? json_integer(roll->natural) : json_null());
    json_object_set_new(root, "faces", faces);
    json_object_set_new(root, "entered", roll != NULL ? json_boolean(roll->entered) : json_null());
    json_object_set_new(root, "modified_roll",
                        roll != NULL ? json_integer(roll->total) : json_null());
    json_object_set_new(root, "seed", roll != NULL && !roll->entered
                                          ? json_integer(o->seed)
                                          : json_null());
    char *s = json_dumps(root, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
    if (s != NULL) {
        fprintf(c->out, "%s\n", s);
        free(s);
    }
    json_decref(root);
}

static void print_prob(FILE *f, grog_frac p)
{
    char buf[64];
    fprintf(f, " %14s %6.1f%%", grog_frac_format(p, buf, sizeof buf), 100.0 * grog_frac_value(p));
}

void cli_dice_header(FILE *f)
{
    /* right-aligned in 6 characters, not bytes: "сумма" is 10 bytes */
    const char *v = _("value");
    int n = 0;
    for (const char *p = v; *p != '\0'; p++)
        n += ((unsigned char)*p & 0xC0) != 0x80;
    fprintf(f, "%*s%s %24s %24s %24s\n", n < 6 ? 6 - n : 0, "", v, _("P(=)"), _("P(>=)"),
            _("P(<=)"));
}

static void print_text(cli *c, const grog_dice *d, const grog_dist *dist, const dice_opts *o,
                       const grog_roll *roll)
{
    char text[64];
    fprintf(c->out, _("%s: %llu equally likely outcomes, values %d to %d\n\n"),
            grog_dice_format(d, text, sizeof text), (unsigned long long)grog_dist_total(dist),
            grog_dist_min(dist), grog_dist_max(dist));
    cli_dice_header(c->out);
    for (int v = grog_dist_min(dist); v <= grog_dist_max(dist); v++) {
        fprintf(c->out, "%6d", v);
        print_prob(c->out, grog_dist_p(dist, GROG_CMP_EQ, v));
        print_prob(c->out, grog_dist_p(dist, GROG_CMP_GE, v));
        print_prob(c->out, grog_dist_p(dist, GROG_CMP_LE, v));
        fputc('\n', c->out);
    }
    int64_t num;
    uint64_t den;
    fprintf(c->out, "\n%s %.4f", _("mean"), grog_dist_mean(dist));
    if (grog_dist_mean_exact(dist, &num, &den))
        fprintf(c->out, " (%lld/%llu)", (long long)num, (unsigned long long)den);
    fputc('\n', c->out);
    if (o->has_target) {
        fprintf(c->out, "\n%s %ld:\n", _("against"), o->target);
        for (int k = GROG_CMP_LT; k <= GROG_CMP_GT; k++) {
            fprintf(c->out, "  P(X %-2s %ld)", grog_cmp_symbol((grog_cmp)k), o->target);
            print_prob(c->out, grog_dist_p(dist, (grog_cmp)k, (int)o->target));
            fputc('\n', c->out);
        }
    }
    if (roll != NULL) {
        fprintf(c->out, "\n%s %d", _("roll:"), roll->total);
        if (roll->entered)
            fprintf(c->out, " (%s)", _("entered"));
        else {
            fputs(" (", c->out);
            for (int i = 0; i < roll->nfaces; i++)
                fprintf(c->out, "%s%d", i ? " " : "", roll->faces[i]);
            fprintf(c->out, _("; seed %ld)"), o->seed);
        }
        fputc('\n', c->out);
    }
}

int cli_cmd_dice(cli *c, int argc, char **argv)
{
    dice_opts o = {0};
    int first;
    int rc = cli_parse(c, &cli_dice_command, argc, argv, on_opt, &o, &first);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (first != argc - 1)
        return cli_fail(c, CLI_EXIT_USAGE, _("expected one dice expression, such as 2d6"));
    if (o.has_seed && o.has_roll)
        return cli_fail(c, CLI_EXIT_USAGE, _("--seed and --roll cannot go together"));
    if (!o.has_seed && !o.has_roll) {
        /* No seed: a fresh one from the clock, printed so the roll can be made again. */
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        o.seed = (long)((((uint64_t)ts.tv_sec * 1000000007u) ^ (uint64_t)ts.tv_nsec ^
                         ((uint64_t)getpid() << 32)) & INT64_MAX);
        o.has_seed = 1;
    }
    grog_error err;
    grog_dice d;
    grog_status st = grog_dice_parse(argv[first], &d, &err);
    grog_dist *dist = NULL;
    if (st == GROG_OK)
        st = grog_dist_of_dice(&d, &dist, &err);
    if (st != GROG_OK) /* beyond the fast path: sums, more than 100 dice, past 2^63 */
        return cli_dice_big(c, argv[first], o.has_seed, o.seed, o.has_roll, o.roll, o.has_target,
                            o.target);
    grog_roll roll;
    grog_roll *rollp = NULL;
    if (o.has_seed) {
        grog_rng *rng = grog_rng_create((uint64_t)o.seed);
        if (rng == NULL) {
            grog_dist_destroy(dist);
            return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
        }
        grog_dice_roll(&d, rng, &roll);
        grog_rng_destroy(rng);
        rollp = &roll;
    } else if (o.has_roll) {
        st = grog_dice_enter(&d, (int)o.roll, &roll, &err);
        if (st != GROG_OK) {
            grog_dist_destroy(dist);
            return cli_fail_status(c, st, &err);
        }
        rollp = &roll;
    }
    if (c->json)
        print_json(c, &d, dist, &o, rollp);
    else
        print_text(c, &d, dist, &o, rollp);
    grog_dist_destroy(dist);
    return CLI_EXIT_OK;
}

const cli_command cli_dice_command = {
    "dice",
    cli_cmd_dice,
    N_("exact odds of a dice expression, and a reproducible or entered roll"),
    N_("grognard dice EXPR [--target T] [--seed N | --roll VALUE] [--json]"),
    N_("EXPR is [N]dS[khK|klK][+M|-M]: N dice of S sides (S 2-1000),\n"
       "optionally keeping the K highest (kh) or lowest (kl), plus or minus M;\n"
       "or a sum of such terms and whole numbers, up to 1000 dice in all.\n"
       "Examples: 2d6, d6, 2d6-1, 3d6kh1 (the highest of three dice), 1000d6,\n"
       "30d10kh3, 2d6+1d8-1. Odds are exact at any size (big integers past 2^63).\n\n"
       "Prints every value with P(=), P(>=) and P(<=) as exact fractions over the\n"
       "dice space and as percentages, and the mean. A fraction too long for its\n"
       "column (past 2^63 outcomes) is printed as a percentage only; --json keeps\n"
       "every fraction exact, and the mean and variance as exact fractions.\n"),
    options,
    N_("Example: grognard dice 2d6 --target 7   (P(= 7) is 6/36)\n"),
};
