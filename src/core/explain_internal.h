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

#include "grognard/explain.h"

json_t *grog_explain_json_value(const grog_explain *e);

struct grog_jsontext;
struct grog_jsontext_reals;
/* Appends the compact text of that value (json_dumps(value, JSON_COMPACT),
 * byte for byte) to t, without building it, the reals' texts remembered in
 * reals (may be NULL; jsontext.h); 0 when it cannot be made (out of memory,
 * or the record ran out of memory while it was built). */
int grog_explain_json_write(const grog_explain *e, struct grog_jsontext *t,
                            struct grog_jsontext_reals *reals);
/* Whether the record ran out of memory while it was built. */
int grog_explain_failed(const grog_explain *e);

#endif
