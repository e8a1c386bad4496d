/* table_measures.h — measures taken at the table for one action (internal
 * to src/game): `--measure FROM:TO=VALUE`, any number of times, in any
 * action's words (tape.h says what a value may be).
 *
 * The engine takes them out of the words before the action runs (so that
 * no action sees them), checks that each names pieces of the battle (TO may
 * be "enemy": the nearest enemy), and gives the action a tape in its
 * context; every test takes its measures through it. After the action, a
 * measure no test used is refused, and the action changes nothing. The
 * words themselves, --measure included, are what the journal keeps, so a
 * replay measures the same. */
#ifndef GROG_TABLE_MEASURES_H
#define GROG_TABLE_MEASURES_H

#include "engine.h"

/* Takes every "--measure V" out of words (*argc adjusted) into a new
 * c->tape (left NULL when there is none). GROG_EINVAL naming what is wrong
 * (a bad value, an unknown piece, "--measure" without a value). */
grog_status table_measures_take(action_ctx *c, int *argc, char **words, grog_error *err);
/* The same for a plan (plan_gdb.c): a new tape (*out, the caller destroys
 * it; NULL when n is 0) holding texts[0..n) ("FROM:TO=VALUE"), each checked
 * as an action's --measure is. */
grog_status table_measures_tape(const grog_battle *b, const char *const *texts, size_t n,
                                grog_tape **out, grog_error *err);
/* After the action: GROG_EINVAL naming a measure no test used. */
grog_status table_measures_check(const action_ctx *c, grog_error *err);
/* Frees c->tape. */
void table_measures_free(action_ctx *c);
/* A distance between pieces from and to (ids) that `rule` asks, in the
 * rule's unit: the table's when it was measured (then 1, *mm its length),
 * *mm (the map's) left otherwise. */
int table_measures_distance(action_ctx *c, const char *from, const char *to, const char *rule,
                            grog_unit unit, double *mm);

#endif
