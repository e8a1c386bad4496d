/* plan_internal.h — the plan's parts (internal to src/game): the request
 * worked out (plan.c), one part per family (plan_gdb.c, plan_aigles.c,
 * plan_gt.c), the exact figures as GMP rationals.
 *
 * Invariant: in_force[k] is the exact probability that the order is in
 * force at the end of game turn first_turn + k, non-decreasing in k. A
 * family's sample() plays the plan once on a fork of the game through
 * grog_game_do and sets hit[k] when the order is in force at the end of
 * that turn (read from the fork's battle, as the engine left it). */
#ifndef GROG_PLAN_INTERNAL_H
#define GROG_PLAN_INTERNAL_H

#include <gmp.h>
#include <jansson.h>

#include "engine.h"
#include "grognard/plan.h"

typedef struct plan_ctx plan_ctx;

struct plan_ctx {
    const grog_game *g;
    const grog_plan_request *req;
    int turns;
    int first_turn;
    mpq_t *in_force;     /* [turns] */
    json_t *plan;        /* the "plan" object, the family fills it */
    json_t *assumptions; /* sentences */
    char *rules_text, *rules_label; /* the game's house rules (NULL: the embedded ones) */
    grog_status (*sample)(plan_ctx *p, grog_game *fork, int *hit, grog_error *err);
    void *fam;           /* the family part's data for sample(), freed by fam_free */
    void (*fam_free)(void *fam);
    json_t *extra;       /* pips: the "generals" array instead of by_turn */
    const char **labels; /* [turns]: a row's general (pips), NULL: its turn */
};

/* ---- plan_tools.c: what the parts share ---- */

/* Sizes the rows: turns of in_force (all 0) and labels (all NULL). */
grog_status plan_alloc(plan_ctx *p, int turns, grog_error *err);

/* Adds one assumption, a sentence for people (printf format, translated by the caller). */
void plan_assume(plan_ctx *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* {"num", "den"} of q (reduced), integers or decimal strings past 2^63 - 1. */
json_t *plan_frac_json(const mpq_t q);
/* q := f (an exact fraction of the rules' functions). */
void plan_frac_set(mpq_t q, grog_frac f);
/* The family's bookkeeping as its snapshot writes it (docs/game.md); the caller frees it. */
json_t *plan_state(const plan_ctx *p);
/* GROG_EDENIED when seat is a side's and the officer is of another side. */
grog_status plan_seat_may(const grog_seat *seat, const grog_officer *o, grog_error *err);
/* A game action on a fork, words as one line; GROG_OK, or the refusal. */
grog_status plan_do(grog_game *fork, char **result, grog_error *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* Whether the result JSON has an event of this type. */
int plan_result_has(const char *result, const char *type);

/* GROG_ERULE naming the first check of e that fails. */
grog_status plan_refused(const grog_explain *e, grog_error *err);

grog_status plan_order_gdb(plan_ctx *p, grog_error *err);
grog_status plan_order_aigles(plan_ctx *p, grog_error *err);
grog_status plan_pips_gt(plan_ctx *p, grog_error *err);

#endif
