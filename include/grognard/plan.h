/* plan.h — the odds of a plan: when will an order be in force, and how many
 * PIPs will a divisional general have (issue 27).
 *
 * A plan is asked of a game as it stands. `order`: the exact probability
 * that GENERAL's order ORDER to TARGET is in force at the end of each of the
 * next turns, if the general tries in each turn as the rules allow and
 * nothing else changes (Les Aigles: in the zone, one attempt per command
 * point, the failed-turn bonus, --explain K turns first; out of it an ADC's
 * ride and attempts; General de Brigade: one attempt per turn, immediate,
 * delayed or failed and tried again, with the distances as they stand on the
 * map or as measured at the table). `pips` (Grande Tactique): the exact
 * distribution of each divisional general's PIPs this turn and the odds he
 * can pay what he needs. The exact figures come from the rules' own
 * functions and data tables (the ones the engine's actions call), as exact
 * fractions; every step the rules leave open is said in `assumptions`.
 * A Monte Carlo run plays the same plan through the engine on copies of
 * the game (grog_game_do on a fork, its own seed per run) and gives the
 * observed frequency beside the exact figure.
 *
 * JSON (docs/plan.md): {"plan": {...}, "by_turn": [{"turn", "probability":
 * {"num", "den"}, "percent", "this_turn": {"num", "den"}}], "assumptions":
 * [...], "monte_carlo": null or {"samples", "seed", "by_turn": [{"turn",
 * "observed", "frequency", "interval_99": [lo, hi]}]}}; pips: "generals"
 * instead of "by_turn". num and den are JSON integers, or decimal strings
 * past 2^63 - 1.
 *
 * Seats: a side plans only its own generals (GROG_EDENIED otherwise); the
 * public and the referee may plan any. Nothing hidden is used or shown.
 * Ownership: the JSON text is malloc'd, the caller frees it. */
#ifndef GROGNARD_PLAN_H
#define GROGNARD_PLAN_H

#include <stdint.h>

#include "grognard/error.h"
#include "grognard/game.h"

#define GROG_PLAN_MAX_TURNS 50
#define GROG_PLAN_MAX_SAMPLES 1000000
#define GROG_PLAN_MAX_NEEDS 32

typedef struct grog_plan_need {
    const char *general; /* a divisional general's id */
    int pips;            /* what his units need this turn */
} grog_plan_need;

typedef struct grog_plan_request {
    const char *kind;    /* "order" or "pips" */
    /* order */
    const char *general, *target, *order;
    int turns;           /* 1..GROG_PLAN_MAX_TURNS; 0: 5 */
    int explain;         /* aigles: turns spent explaining first (AIG-O-18) */
    const char *adc;     /* aigles, out of the zone: this ADC of his (NULL: the first free) */
    /* gdb: measures taken at the table ("picton:pack=28cm", tape.h), as the
     * order action's --measure: every attempt uses them instead of the map's */
    const char *const *measures;
    size_t nmeasures;    /* 0..GROG_TAPE_MAX */
    /* pips */
    const char *corps;
    const grog_plan_need *needs;
    size_t nneeds;
    /* Monte Carlo through the engine: 0 none */
    long samples;        /* 0..GROG_PLAN_MAX_SAMPLES */
    uint64_t seed;       /* the first run's seed; run i plays with seed + i */
} grog_plan_request;

/* The plan as JSON. Refused (nothing changes): an unknown id (GROG_ENOTFOUND),
 * a plan the rules do not allow now (GROG_ERULE, naming the rule), another
 * side's general (GROG_EDENIED), a bad request (GROG_EINVAL). */
grog_status grog_plan_make(const grog_game *g, const grog_seat *seat,
                           const grog_plan_request *req, char **json, grog_error *err);

/* The plan's line under the preview of an action (its words as for
 * grog_game_do, without "explain"): for an order, adc or explaining, "in
 * force by turn 2: 58%, by turn 3: 81%..." over the next three turns; for
 * pips each divisional general's mean PIPs. *line is NULL when the action
 * has no plan or the plan cannot be made now (the preview's own record says
 * why); otherwise malloc'd, the caller frees it. */
grog_status grog_plan_preview_line(const grog_game *g, const grog_seat *seat, int argc,
                                   const char *const *argv, char **line, grog_error *err);

#endif
