/* cmd_dice_big.c — `grognard dice` beyond the fixed-width path: sums of
 * terms, more than 100 dice, dice spaces past 2^63 (bigdist.h, GMP).
 *
 * The text and --json are those of the fast path (cmd_dice.c), with two
 * differences written in docs/json.md: "outcomes" and every count are
 * decimal strings once past 2^63 - 1, and "mean_exact" and "variance_exact"
 * are reduced fractions {"num": "...", "den": "..."} as strings. The text
 * prints a fraction longer than its column as a percentage only. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define COLUMN 14

static json_t *jtext_number(char *text, int fits)
{
    json_t *j = text == NULL ? json_null()
                             : fits ? json_integer((json_int_t)strtoll(text, NULL, 10))
                                    : json_string(text);
    free(text);
    return j;
}

static json_t *jprob(const grog_bigdist *d, grog_cmp cmp, int v)
{
    char *exact = grog_bigdist_p_text(d, cmp, v);
    json_t *j = json_pack("{s:f,s:s?}", "p", grog_bigdist_p_value(d, cmp, v), "exact", exact);
    free(exact);
    return j;
}

/* "n/d" or "n" as {"num", "den"} strings. */
static json_t *jfrac(char *text)
{
    if (text == NULL)
        return json_null();
    char *slash = strchr(text, '/');
    if (slash != NULL)
        *slash = '\0';
    json_t *j = json_pack("{s:s,s:s}", "num", text, "den", slash != NULL ? slash + 1 : "1");
    free(text);
    return j;
}

static void print_json(cli *c, const char *name, const grog_bigdist *d, int has_target,
                       long target, const grog_expr_roll *roll, int has_seed, long seed)
{
    int fits = grog_bigdist_fits64(d);
    json_t *root = json_object();
    json_object_set_new(root, "dice", json_string(name));
    json_object_set_new(root, "outcomes", jtext_number(grog_bigdist_total_text(d), fits));
    json_object_set_new(root, "min", json_integer(grog_bigdist_min(d)));
    json_object_set_new(root, "max", json_integer(grog_bigdist_max(d)));
    json_object_set_new(root, "mean", json_real(grog_bigdist_mean(d)));
    json_object_set_new(root, "mean_exact", jfrac(grog_bigdist_mean_text(d)));
    json_object_set_new(root, "variance", json_real(grog_bigdist_variance(d)));
    json_object_set_new(root, "variance_exact", jfrac(grog_bigdist_variance_text(d)));
    json_t *rows = json_array();
    for (int v = grog_bigdist_min(d); v <= grog_bigdist_max(d); v++) {
        json_t *row = jprob(d, GROG_CMP_EQ, v);
        json_object_set_new(row, "value", json_integer(v));
        json_object_set_new(row, "count", jtext_number(grog_bigdist_count_text(d, v), fits));
        json_object_set_new(row, "ge", jprob(d, GROG_CMP_GE, v));
        json_object_set_new(row, "le", jprob(d, GROG_CMP_LE, v));
        json_array_append_new(rows, row);
    }
    json_object_set_new(root, "distribution", rows);
    json_t *t = json_null();
    if (has_target) {
        t = json_object();
        json_object_set_new(t, "value", json_integer(target));
        for (int k = GROG_CMP_LT; k <= GROG_CMP_GT; k++)
            json_object_set_new(t, grog_cmp_symbol((grog_cmp)k), jprob(d, (grog_cmp)k, (int)target));
    }
    json_object_set_new(root, "target", t);
    json_t *faces = json_array();
    for (int i = 0; roll != NULL && i < roll->nfaces; i++)
        json_array_append_new(faces, json_integer(roll->faces[i]));
    json_object_set_new(root, "roll", roll != NULL ? json_integer(roll->natural) : json_null());
    json_object_set_new(root, "faces", faces);
    json_object_set_new(root, "entered", roll != NULL ? json_boolean(roll->entered) : json_null());
    json_object_set_new(root, "modified_roll",
                        roll != NULL ? json_integer(roll->total) : json_null());
    json_object_set_new(root, "seed",
                        roll != NULL && !roll->entered && has_seed ? json_integer(seed)
                                                                   : json_null());
    char *s = json_dumps(root, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
    if (s != NULL) {
        fprintf(c->out, "%s\n", s);
        free(s);
    }
    json_decref(root);
}

static void print_prob(FILE *f, const grog_bigdist *d, grog_cmp cmp, int v)
{
    char *exact = grog_bigdist_p_text(d, cmp, v);
    double p = grog_bigdist_p_value(d, cmp, v);
    if (exact != NULL && strlen(exact) <= COLUMN)
        fprintf(f, " %14s %6.1f%%", exact, 100.0 * p);
    else if (p != 0 && p < 0.0001) {
        char small[32];
        snprintf(small, sizeof small, "%.1e%%", 100.0 * p);
        fprintf(f, " %14s %8s", "", small);
    }
    else
        fprintf(f, " %14s %6.1f%%", "", 100.0 * p);
    free(exact);
}

static void print_text(cli *c, const char *name, const grog_bigdist *d, int has_target,
                       long target, const grog_expr_roll *roll, long seed)
{
    char *total = grog_bigdist_total_text(d);
    fprintf(c->out, _("%s: %s equally likely outcomes, values %d to %d\n\n"), name,
            total != NULL ? total : "?", grog_bigdist_min(d), grog_bigdist_max(d));
    free(total);
    cli_dice_header(c->out);
    for (int v = grog_bigdist_min(d); v <= grog_bigdist_max(d); v++) {
        fprintf(c->out, "%6d", v);
        print_prob(c->out, d, GROG_CMP_EQ, v);
        print_prob(c->out, d, GROG_CMP_GE, v);
        print_prob(c->out, d, GROG_CMP_LE, v);
        fputc('\n', c->out);
    }
    char *mean = grog_bigdist_mean_text(d), *var = grog_bigdist_variance_text(d);
    fprintf(c->out, "\n%s %.4f", _("mean"), grog_bigdist_mean(d));
    if (mean != NULL && strlen(mean) <= 40)
        fprintf(c->out, " (%s)", mean);
    fprintf(c->out, "\n%s %.6g", _("variance"), grog_bigdist_variance(d));
    if (var != NULL && strlen(var) <= 40)
        fprintf(c->out, " (%s)", var);
    fputc('\n', c->out);
    free(mean);
    free(var);
    if (has_target) {
        fprintf(c->out, "\n%s %ld:\n", _("against"), target);
        for (int k = GROG_CMP_LT; k <= GROG_CMP_GT; k++) {
            fprintf(c->out, "  P(X %-2s %ld)", grog_cmp_symbol((grog_cmp)k), target);
            print_prob(c->out, d, (grog_cmp)k, (int)target);
            fputc('\n', c->out);
        }
    }
    if (roll == NULL)
        return;
    fprintf(c->out, "\n%s %d", _("roll:"), roll->total);
    if (roll->entered)
        fprintf(c->out, " (%s)", _("entered"));
    else {
        fputs(" (", c->out);
        for (int i = 0; i < roll->nfaces; i++)
            fprintf(c->out, "%s%d", i ? " " : "", roll->faces[i]);
        fprintf(c->out, _("; seed %ld)"), seed);
    }
    fputc('\n', c->out);
}

int cli_dice_big(cli *c, const char *text, int has_seed, long seed, int has_roll, long rolled,
                 int has_target, long target)
{
    grog_error err;
    grog_dice_expr e;
    grog_status st = grog_dice_expr_parse(text, &e, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    grog_bigdist *d = NULL;
    st = grog_bigdist_of_expr(&e, &d, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    grog_expr_roll *roll = NULL;
    if (has_seed || has_roll) {
        roll = malloc(sizeof *roll);
        if (roll == NULL) {
            grog_bigdist_destroy(d);
            return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
        }
    }
    if (has_seed) {
        grog_rng *rng = grog_rng_create((uint64_t)seed);
        if (rng == NULL) {
            free(roll);
            grog_bigdist_destroy(d);
            return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
        }
        grog_dice_expr_roll(&e, rng, roll);
        grog_rng_destroy(rng);
    } else if (has_roll) {
        st = grog_dice_expr_enter(&e, (int)rolled, roll, &err);
        if (st != GROG_OK) {
            free(roll);
            grog_bigdist_destroy(d);
            return cli_fail_status(c, st, &err);
        }
    }
    char name[512];
    grog_dice_expr_format(&e, name, sizeof name);
    if (c->json)
        print_json(c, name, d, has_target, target, roll, has_seed, seed);
    else
        print_text(c, name, d, has_target, target, roll, seed);
    free(roll);
    grog_bigdist_destroy(d);
    return CLI_EXIT_OK;
}
