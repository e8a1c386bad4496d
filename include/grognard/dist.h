/* dist.h — exact probability distributions over a dice space.
 *
 * A distribution maps each integer value v in [min, max] to the number of
 * equally likely elementary outcomes giving v; `total` is the size of the
 * dice space (36 for 2d6). Every probability is the exact fraction
 * count/total, unreduced so that it reads "15/36", and its decimal.
 * Computation refuses (GROG_ERANGE) a dice space larger than 2^63.
 * Ownership: functions returning grog_dist * give the caller a handle to free
 * with grog_dist_destroy (which accepts NULL). */
#ifndef GROGNARD_DIST_H
#define GROGNARD_DIST_H

#include <stdint.h>

#include "grognard/dice.h"
#include "grognard/error.h"

typedef struct grog_dist grog_dist;

typedef struct grog_frac {
    uint64_t num;
    uint64_t den;
} grog_frac;

typedef enum grog_cmp {
    GROG_CMP_LT = 0, /* <  */
    GROG_CMP_LE,     /* <= */
    GROG_CMP_EQ,     /* =  */
    GROG_CMP_GE,     /* >= */
    GROG_CMP_GT      /* >  */
} grog_cmp;

/* The distribution of the dice's total (modifier included). */
grog_status grog_dist_of_dice(const grog_dice *dice, grog_dist **out, grog_error *err);
/* The k-th highest of n dice of s sides (k = 1 is the highest). */
grog_status grog_dist_kth_highest(int n, int sides, int k, grog_dist **out, grog_error *err);
/* floor(sum / n) of n dice of s sides. */
grog_status grog_dist_floor_mean(int n, int sides, grog_dist **out, grog_error *err);
/* A distribution from explicit counts: counts[i] is the weight of min + i. */
grog_status grog_dist_from_counts(int min, const uint64_t *counts, int n, grog_dist **out,
                                  grog_error *err);
/* A new distribution of f(v) for each value v of d (counts merge). */
grog_status grog_dist_map(const grog_dist *d, int (*f)(int value, void *ctx), void *ctx,
                          grog_dist **out, grog_error *err);
void grog_dist_destroy(grog_dist *d);

int grog_dist_min(const grog_dist *d);
int grog_dist_max(const grog_dist *d);
uint64_t grog_dist_total(const grog_dist *d);
/* Number of outcomes giving exactly v (0 outside [min, max]). */
uint64_t grog_dist_count(const grog_dist *d, int v);

/* P(X cmp target), exact. */
grog_frac grog_dist_p(const grog_dist *d, grog_cmp cmp, int target);
/* The mean, as a decimal. */
double grog_dist_mean(const grog_dist *d);
/* The mean as an exact fraction num/den (den = total, unreduced); returns 0
 * when it does not fit in 64 bits. */
int grog_dist_mean_exact(const grog_dist *d, int64_t *num, uint64_t *den);

double grog_frac_value(grog_frac f);
/* "15/36" into buf; returns buf. */
char *grog_frac_format(grog_frac f, char *buf, size_t size);

/* "<", "<=", "=", ">=", ">" and back; parse returns GROG_EINVAL on others. */
const char *grog_cmp_symbol(grog_cmp cmp);
grog_status grog_cmp_parse(const char *text, grog_cmp *out, grog_error *err);
/* Whether a cmp b holds. */
int grog_cmp_holds(grog_cmp cmp, int a, int b);

#endif
