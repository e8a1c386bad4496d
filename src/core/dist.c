/* dist.c — exact distributions as integer counts over the dice space.
 *
 * Invariant: counts[i] is the number of elementary outcomes (ordered tuples
 * of faces) giving min + i; their sum is total, which never exceeds 2^63, so
 * every partial count fits in a uint64_t. Keep-highest/lowest sums are
 * computed by a dynamic programme over face values (how many dice show each
 * face, weighted by binomials) rather than by enumerating tuples. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/dist.h"
#include "i18n.h"

#define SPACE_LIMIT (UINT64_C(1) << 63)

struct grog_dist {
    int min;
    int n;            /* number of values: max = min + n - 1 */
    uint64_t total;
    uint64_t counts[]; /* n entries */
};

static grog_dist *dist_alloc(int min, int n)
{
    grog_dist *d = calloc(1, sizeof *d + (size_t)n * sizeof d->counts[0]);
    if (d == NULL)
        return NULL;
    d->min = min;
    d->n = n;
    return d;
}

static void dist_sum_total(grog_dist *d)
{
    d->total = 0;
    for (int i = 0; i < d->n; i++)
        d->total += d->counts[i];
}

/* Checks sides^count <= 2^63 so that counts are exact. */
static grog_status space_fits(int count, int sides, grog_error *err)
{
    uint64_t space = 1;
    for (int i = 0; i < count; i++) {
        if (space > SPACE_LIMIT / (uint64_t)sides)
            return grog_error_set(err, GROG_ERANGE,
                                  _("%dd%d has more than 2^63 outcomes: too large for exact odds"),
                                  count, sides);
        space *= (uint64_t)sides;
    }
    return GROG_OK;
}

static uint64_t binomial(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    if (k > n - k)
        k = n - k;
    uint64_t r = 1;
    for (int i = 1; i <= k; i++)
        r = r / (uint64_t)i * (uint64_t)(n - k + i) + r % (uint64_t)i * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

static grog_status no_memory(grog_error *err)
{
    return grog_error_set(err, GROG_ENOMEM, _("out of memory computing a distribution"));
}

/* Sum of all n dice: repeated convolution. */
static grog_dist *sum_all(int n, int sides)
{
    int maxsum = n * sides;
    uint64_t *cur = calloc((size_t)maxsum + 1, sizeof *cur);
    uint64_t *next = calloc((size_t)maxsum + 1, sizeof *next);
    grog_dist *d = NULL;
    if (cur == NULL || next == NULL)
        goto done;
    cur[0] = 1;
    for (int die = 0; die < n; die++) {
        memset(next, 0, ((size_t)maxsum + 1) * sizeof *next);
        for (int s = die; s <= die * sides; s++) {
            if (cur[s] == 0)
                continue;
            for (int f = 1; f <= sides; f++)
                next[s + f] += cur[s];
        }
        uint64_t *t = cur;
        cur = next;
        next = t;
    }
    d = dist_alloc(n, maxsum - n + 1);
    if (d != NULL) {
        memcpy(d->counts, cur + n, (size_t)d->n * sizeof *cur);
        dist_sum_total(d);
    }
done:
    free(cur);
    free(next);
    return d;
}

/* Sum of the `kept` highest (or lowest) of n dice. Faces are visited from the
 * best to the worst; ways[j][s] counts assignments of j dice to the faces
 * seen so far whose kept part sums to s (the first `kept` dice assigned are
 * the kept ones). */
static grog_dist *sum_kept(int n, int sides, int kept, int highest)
{
    int maxsum = kept * sides;
    size_t row = (size_t)maxsum + 1;
    uint64_t *ways = calloc((size_t)(n + 1) * row, sizeof *ways);
    uint64_t *next = calloc((size_t)(n + 1) * row, sizeof *next);
    grog_dist *d = NULL;
    if (ways == NULL || next == NULL)
        goto done;
    ways[0] = 1;
    for (int step = 0; step < sides; step++) {
        int face = highest ? sides - step : step + 1;
        memset(next, 0, (size_t)(n + 1) * row * sizeof *next);
        for (int j = 0; j <= n; j++) {
            for (int s = 0; s <= maxsum; s++) {
                uint64_t w = ways[(size_t)j * row + (size_t)s];
                if (w == 0)
                    continue;
                for (int c = 0; j + c <= n; c++) {
                    int add = (j + c <= kept ? c : (j < kept ? kept - j : 0)) * face;
                    next[(size_t)(j + c) * row + (size_t)(s + add)] += w * binomial(n - j, c);
                }
            }
        }
        uint64_t *t = ways;
        ways = next;
        next = t;
    }
    d = dist_alloc(kept, maxsum - kept + 1);
    if (d != NULL) {
        memcpy(d->counts, ways + (size_t)n * row + (size_t)kept, (size_t)d->n * sizeof *ways);
        dist_sum_total(d);
    }
done:
    free(ways);
    free(next);
    return d;
}

grog_status grog_dist_of_dice(const grog_dice *dice, grog_dist **out, grog_error *err)
{
    grog_status st = grog_dice_check(dice, err);
    if (st != GROG_OK)
        return st;
    st = space_fits(dice->count, dice->sides, err);
    if (st != GROG_OK)
        return st;
    grog_dist *d = dice->keep == GROG_KEEP_ALL
                       ? sum_all(dice->count, dice->sides)
                       : sum_kept(dice->count, dice->sides, dice->kept,
                                  dice->keep == GROG_KEEP_HIGHEST);
    if (d == NULL)
        return no_memory(err);
    d->min += dice->modifier;
    *out = d;
    return GROG_OK;
}

static grog_status check_nk(int n, int sides, grog_error *err)
{
    grog_dice dice = {n, sides, GROG_KEEP_ALL, n, 0};
    grog_status st = grog_dice_check(&dice, err);
    if (st != GROG_OK)
        return st;
    return space_fits(n, sides, err);
}

static uint64_t upow(uint64_t b, int e)
{
    uint64_t r = 1;
    while (e-- > 0)
        r *= b;
    return r;
}

grog_status grog_dist_kth_highest(int n, int sides, int k, grog_dist **out, grog_error *err)
{
    grog_status st = check_nk(n, sides, err);
    if (st != GROG_OK)
        return st;
    if (k < 1 || k > n)
        return grog_error_set(err, GROG_EINVAL,
                              _("the rank must be from 1 to %d (the number of dice), not %d"), n, k);
    grog_dist *d = dist_alloc(1, sides);
    if (d == NULL)
        return no_memory(err);
    /* at_most(v): outcomes whose k-th highest is <= v, i.e. at most k-1 dice
     * exceed v: sum over i < k of C(n,i) (S-v)^i v^(n-i). */
    uint64_t prev = 0;
    for (int v = 1; v <= sides; v++) {
        uint64_t at_most = 0;
        for (int i = 0; i < k; i++)
            at_most += binomial(n, i) * upow((uint64_t)(sides - v), i) * upow((uint64_t)v, n - i);
        d->counts[v - 1] = at_most - prev;
        prev = at_most;
    }
    dist_sum_total(d);
    *out = d;
    return GROG_OK;
}

static int floor_div(int value, void *ctx)
{
    int n = *(const int *)ctx;
    return value >= 0 ? value / n : -((-value + n - 1) / n);
}

grog_status grog_dist_floor_mean(int n, int sides, grog_dist **out, grog_error *err)
{
    grog_status st = check_nk(n, sides, err);
    if (st != GROG_OK)
        return st;
    grog_dist *sum = sum_all(n, sides);
    if (sum == NULL)
        return no_memory(err);
    st = grog_dist_map(sum, floor_div, &n, out, err);
    grog_dist_destroy(sum);
    return st;
}

grog_status grog_dist_from_counts(int min, const uint64_t *counts, int n, grog_dist **out,
                                  grog_error *err)
{
    if (n < 1)
        return grog_error_set(err, GROG_EINVAL, _("a distribution needs at least one value"));
    grog_dist *d = dist_alloc(min, n);
    if (d == NULL)
        return no_memory(err);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        if (counts[i] > SPACE_LIMIT - total) {
            grog_dist_destroy(d);
            return grog_error_set(err, GROG_ERANGE, _("distribution weights exceed 2^63"));
        }
        d->counts[i] = counts[i];
        total += counts[i];
    }
    if (total == 0) {
        grog_dist_destroy(d);
        return grog_error_set(err, GROG_EINVAL, _("a distribution needs a positive weight"));
    }
    d->total = total;
    *out = d;
    return GROG_OK;
}

grog_status grog_dist_map(const grog_dist *d, int (*f)(int value, void *ctx), void *ctx,
                          grog_dist **out, grog_error *err)
{
    int lo = 0, hi = 0, first = 1;
    for (int i = 0; i < d->n; i++) {
        if (d->counts[i] == 0)
            continue;
        int v = f(d->min + i, ctx);
        if (first || v < lo)
            lo = v;
        if (first || v > hi)
            hi = v;
        first = 0;
    }
    grog_dist *r = dist_alloc(lo, hi - lo + 1);
    if (r == NULL)
        return no_memory(err);
    for (int i = 0; i < d->n; i++)
        if (d->counts[i] != 0)
            r->counts[f(d->min + i, ctx) - lo] += d->counts[i];
    r->total = d->total;
    *out = r;
    return GROG_OK;
}

void grog_dist_destroy(grog_dist *d)
{
    free(d);
}

int grog_dist_min(const grog_dist *d)
{
    return d->min;
}

int grog_dist_max(const grog_dist *d)
{
    return d->min + d->n - 1;
}

uint64_t grog_dist_total(const grog_dist *d)
{
    return d->total;
}

uint64_t grog_dist_count(const grog_dist *d, int v)
{
    if (v < d->min || v > grog_dist_max(d))
        return 0;
    return d->counts[v - d->min];
}

grog_frac grog_dist_p(const grog_dist *d, grog_cmp cmp, int target)
{
    grog_frac f = {0, d->total};
    for (int i = 0; i < d->n; i++)
        if (grog_cmp_holds(cmp, d->min + i, target))
            f.num += d->counts[i];
    return f;
}

double grog_dist_mean(const grog_dist *d)
{
    double m = 0;
    for (int i = 0; i < d->n; i++)
        m += (double)(d->min + i) * ((double)d->counts[i] / (double)d->total);
    return m;
}

int grog_dist_mean_exact(const grog_dist *d, int64_t *num, uint64_t *den)
{
    int64_t sum = 0;
    for (int i = 0; i < d->n; i++) {
        int64_t term;
        if (d->counts[i] > (uint64_t)INT64_MAX)
            return 0;
        if (__builtin_mul_overflow((int64_t)(d->min + i), (int64_t)d->counts[i], &term) ||
            __builtin_add_overflow(sum, term, &sum))
            return 0;
    }
    *num = sum;
    *den = d->total;
    return 1;
}

double grog_frac_value(grog_frac f)
{
    return f.den == 0 ? 0.0 : (double)f.num / (double)f.den;
}

char *grog_frac_format(grog_frac f, char *buf, size_t size)
{
    snprintf(buf, size, "%llu/%llu", (unsigned long long)f.num, (unsigned long long)f.den);
    return buf;
}

static const char *const cmp_symbols[] = {"<", "<=", "=", ">=", ">"};

const char *grog_cmp_symbol(grog_cmp cmp)
{
    return cmp_symbols[cmp];
}

grog_status grog_cmp_parse(const char *text, grog_cmp *out, grog_error *err)
{
    for (int i = 0; i < 5; i++) {
        if (strcmp(text, cmp_symbols[i]) == 0) {
            *out = (grog_cmp)i;
            return GROG_OK;
        }
    }
    if (strcmp(text, "==") == 0) {
        *out = GROG_CMP_EQ;
        return GROG_OK;
    }
    return grog_error_set(err, GROG_EINVAL,
                          _("unknown comparison \"%s\": use <, <=, =, >= or >"), text);
}

int grog_cmp_holds(grog_cmp cmp, int a, int b)
{
    switch (cmp) {
    case GROG_CMP_LT: return a < b;
    case GROG_CMP_LE: return a <= b;
    case GROG_CMP_EQ: return a == b;
    case GROG_CMP_GE: return a >= b;
    case GROG_CMP_GT: return a > b;
    }
    return 0;
}
