/* luck.c — the luck line's arithmetic: the exact distribution of the number
 * of successes of independent tests of different odds (a Poisson-binomial),
 * and its upper tail.
 *
 * Test i succeeds with probability a_i/d_i. With D = the product of the d_i,
 * W[k] = D * P(k successes) is an integer: starting from W = [1], each test
 * maps W[k] to W[k] * (d_i - a_i) + W[k-1] * a_i. GMP holds the integers, so
 * the tail sum(W[k], k >= observed) / D is exact; it is reduced and turned
 * into a double only at the end. O(n^2) small multiplications. */
#include <gmp.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/report.h"
#include "i18n.h"
#include "report_internal.h"

static grog_status check_tests(const grog_luck_test *t, size_t n, grog_error *err)
{
    for (size_t i = 0; i < n; i++)
        if (t[i].den == 0 || t[i].num > t[i].den || t[i].den > (uint64_t)ULONG_MAX)
            return grog_error_set(err, GROG_EINVAL,
                                  _("test %zu: a probability %llu/%llu is not between 0 and 1"),
                                  i + 1, (unsigned long long)t[i].num,
                                  (unsigned long long)t[i].den);
    return GROG_OK;
}

/* w[0..n] := D * P(k successes); *d := D. */
static void distribution(const grog_luck_test *t, size_t n, mpz_t *w, mpz_t d)
{
    mpz_set_ui(w[0], 1);
    mpz_set_ui(d, 1);
    for (size_t i = 0; i < n; i++) {
        unsigned long a = (unsigned long)t[i].num, b = (unsigned long)(t[i].den - t[i].num);
        for (size_t k = i + 1; k > 0; k--) { /* w[k] = w[k] * b + w[k-1] * a, top down */
            mpz_mul_ui(w[k], w[k], b);
            mpz_addmul_ui(w[k], w[k - 1], a);
        }
        mpz_mul_ui(w[0], w[0], b);
        mpz_mul_ui(d, d, (unsigned long)t[i].den);
    }
}

/* "num/den" of a canonical fraction, malloc'd; NULL when out of memory. */
static char *fraction_text(const mpq_t q)
{
    char *num = mpz_get_str(NULL, 10, mpq_numref(q)), *den = mpz_get_str(NULL, 10, mpq_denref(q));
    char *s = num != NULL && den != NULL ? malloc(strlen(num) + strlen(den) + 2) : NULL;
    if (s != NULL)
        sprintf(s, "%s/%s", num, den);
    free(num);
    free(den);
    return s;
}

grog_status grog_luck_compute(const grog_luck_test *t, size_t n, grog_luck *out, char **exact,
                              grog_error *err)
{
    grog_status st = check_tests(t, n, err);
    if (st != GROG_OK)
        return st;
    mpz_t *w = malloc((n + 1) * sizeof *w);
    if (w == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    for (size_t k = 0; k <= n; k++)
        mpz_init(w[k]);
    mpz_t d;
    mpz_init(d);
    distribution(t, n, w, d);
    grog_luck l = {n, 0.0, 0, 0.0};
    for (size_t i = 0; i < n; i++) {
        l.expected += (double)t[i].num / (double)t[i].den;
        l.observed += t[i].success != 0;
    }
    mpq_t tail;
    mpq_init(tail);
    mpz_t sum;
    mpz_init(sum);
    for (size_t k = l.observed; k <= n; k++)
        mpz_add(sum, sum, w[k]);
    mpq_set_num(tail, sum);
    mpq_set_den(tail, d);
    mpq_canonicalize(tail);
    l.p_at_least = mpq_get_d(tail);
    if (exact != NULL)
        *exact = fraction_text(tail);
    mpz_clear(sum);
    mpq_clear(tail);
    mpz_clear(d);
    for (size_t k = 0; k <= n; k++)
        mpz_clear(w[k]);
    free(w);
    if (exact != NULL && *exact == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    *out = l;
    return GROG_OK;
}

/* ---- the report's lists (report_internal.h) ---- */

void report_luck_push(report *r, const char *side, int entered, const grog_luck_test *t)
{
    report_luck_list *l = NULL;
    for (size_t i = 0; i < r->nluck && l == NULL; i++)
        if (r->luck[i].entered == entered && strcmp(r->luck[i].side, side) == 0)
            l = &r->luck[i];
    if (l == NULL) {
        report_luck_list *more = realloc(r->luck, (r->nluck + 1) * sizeof *more);
        if (more == NULL)
            return; /* out of memory: report_luck_finish says so */
        r->luck = more;
        l = &r->luck[r->nluck++];
        memset(l, 0, sizeof *l);
        snprintf(l->side, sizeof l->side, "%s", side);
        l->entered = entered;
    }
    if (l->n == l->cap) {
        size_t cap = l->cap != 0 ? 2 * l->cap : 16;
        grog_luck_test *more = realloc(l->t, cap * sizeof *more);
        if (more == NULL)
            return;
        l->t = more;
        l->cap = cap;
    }
    l->t[l->n++] = *t;
}

static const report_luck_list *find_list(const report *r, const char *side, int entered)
{
    for (size_t i = 0; i < r->nluck; i++)
        if (r->luck[i].entered == entered && strcmp(r->luck[i].side, side) == 0)
            return &r->luck[i];
    return NULL;
}

static grog_status luck_line(const report_luck_list *l, json_t **out, grog_error *err)
{
    grog_luck k;
    char *exact = NULL;
    grog_status st = grog_luck_compute(l != NULL ? l->t : NULL, l != NULL ? l->n : 0, &k, &exact,
                                       err);
    if (st != GROG_OK)
        return st;
    *out = json_pack("{s:I,s:f,s:I,s:f,s:s}", "tests", (json_int_t)k.tests, "expected",
                     k.expected, "observed", (json_int_t)k.observed, "p_at_least", k.p_at_least,
                     "p_at_least_exact", exact);
    free(exact);
    return *out != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}

grog_status report_luck_finish(report *r, json_t *rep, grog_error *err)
{
    json_t *luck = json_object();
    json_object_set_new(rep, "luck", luck);
    size_t i;
    json_t *s;
    grog_status st = GROG_OK;
    json_array_foreach(json_object_get(rep, "sides"), i, s) {
        const char *side = json_string_value(json_object_get(s, "id"));
        json_t *dice = NULL, *entered = NULL;
        if (st == GROG_OK)
            st = luck_line(find_list(r, side, 0), &dice, err);
        if (st == GROG_OK)
            st = luck_line(find_list(r, side, 1), &entered, err);
        if (st == GROG_OK)
            json_object_set_new(luck, side, json_pack("{s:o,s:o}", "dice", dice, "entered", entered));
    }
    return st;
}

void report_luck_free(report *r)
{
    for (size_t i = 0; i < r->nluck; i++)
        free(r->luck[i].t);
    free(r->luck);
    r->luck = NULL;
    r->nluck = 0;
}
