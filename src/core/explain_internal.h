/* explain_internal.h — an explanation record as a jansson value, for the
 * game engine's hot path (every action stores its records as JSON); everyone
 * else uses grog_explain_to_json (explain.h).
 *
 * The value is exactly what parsing grog_explain_to_json's text gives: the
 * same keys in the same order, real numbers rounded to the 10 significant
 * digits that text carries. Ownership: a new reference, NULL when out of
 * memory or when the record ran out of memory while it was built. */
#ifndef GROG_EXPLAIN_INTERNAL_H
#define GROG_EXPLAIN_INTERNAL_H

#include <jansson.h>
#include <stdio.h>

#include "grognard/explain.h"
#include "grognard/tape.h"

json_t *grog_explain_json_value(const grog_explain *e);
/* The same without the "measures" key when measures is 0: a record as
 * written before records named their measures (issue 24), to compare a
 * replayed row of such a game byte for byte. */
json_t *grog_explain_json_value_as(const grog_explain *e, int measures);

struct grog_jsontext;
struct grog_jsontext_reals;
/* Appends the compact text of that value (json_dumps(value, JSON_COMPACT),
 * byte for byte) to t, without building it, the reals' texts remembered in
 * reals (may be NULL; jsontext.h); 0 when it cannot be made (out of memory,
 * or the record ran out of memory while it was built). */
int grog_explain_json_write(const grog_explain *e, struct grog_jsontext *t,
                            struct grog_jsontext_reals *reals);
int grog_explain_json_write_as(const grog_explain *e, struct grog_jsontext *t,
                               struct grog_jsontext_reals *reals, int measures);
/* Whether the record ran out of memory while it was built. */
int grog_explain_failed(const grog_explain *e);

/* The measures of a record (explain_measure.c): each measure as taken, and
 * its value in its unit. */
typedef struct explain_measure {
    grog_measure m;
    double value;
} explain_measure;
typedef struct explain_measures {
    explain_measure *v;
    size_t n, cap;
} explain_measures;

void explain_measures_free(explain_measures *list);
/* 0 when out of memory (the list unchanged). */
int explain_measures_push(explain_measures *list, const grog_measure *m, const grog_scale *scale);
/* The "measures" array: [{"id","from","to","what","value","unit","source","rule"}]. */
json_t *explain_measures_json(const explain_measures *list);
/* The same array's compact text (after the key, which the caller writes). */
void explain_measures_write(struct grog_jsontext *t, struct grog_jsontext_reals *reals,
                            const explain_measures *list);
/* One line per measure for people. */
void explain_measures_text(FILE *f, const explain_measures *list);

#endif
