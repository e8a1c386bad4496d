/* bigdist.h — exact distributions of dice expressions without a ceiling on
 * the dice space (big integers, GMP).
 *
 * A big distribution maps each value v in [min, max] to the number of
 * equally likely elementary outcomes (ordered tuples of faces) giving v, as
 * dist.h does, but the counts and the total may pass 2^63 (1000d6 has 6^1000
 * outcomes). Numbers are handed out as decimal text. Computation refuses
 * (GROG_ERANGE) a distribution whose values times the bits of its total
 * pass 2^28 bits (32 MiB for one packed polynomial), e.g. 1000d100.
 * Ownership: grog_bigdist handles are the caller's, freed with
 * grog_bigdist_destroy (accepts NULL); every char * returned is the
 * caller's to free(). */
#ifndef GROGNARD_BIGDIST_H
#define GROGNARD_BIGDIST_H

#include "grognard/dice_expr.h"
#include "grognard/dist.h"
#include "grognard/error.h"

typedef struct grog_bigdist grog_bigdist;

grog_status grog_bigdist_of_expr(const grog_dice_expr *e, grog_bigdist **out, grog_error *err);
void grog_bigdist_destroy(grog_bigdist *d);

int grog_bigdist_min(const grog_bigdist *d);
int grog_bigdist_max(const grog_bigdist *d);
/* Whether the total (so every count) is at most 2^63 - 1. */
int grog_bigdist_fits64(const grog_bigdist *d);
/* Decimal text: the total; the count of v (0 outside [min, max]). NULL only
 * when out of memory. */
char *grog_bigdist_total_text(const grog_bigdist *d);
char *grog_bigdist_count_text(const grog_bigdist *d, int v);
/* P(X cmp target) as "count/total", unreduced (so "15/36"), and its value. */
char *grog_bigdist_p_text(const grog_bigdist *d, grog_cmp cmp, int target);
double grog_bigdist_p_value(const grog_bigdist *d, grog_cmp cmp, int target);
/* The exact mean and variance as reduced fractions "n/d" (or "n"), and their values. */
char *grog_bigdist_mean_text(const grog_bigdist *d);
char *grog_bigdist_variance_text(const grog_bigdist *d);
double grog_bigdist_mean(const grog_bigdist *d);
double grog_bigdist_variance(const grog_bigdist *d);

#endif
