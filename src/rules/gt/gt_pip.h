/* gt_pip.h — the PIP steps of one divisional general, shared by the
 * calculator and the PIP phase (internal to src/rules/gt).
 * Ownership: grog_gt_die_dist returns a distribution freed by the caller. */
#ifndef GROG_GT_PIP_H
#define GROG_GT_PIP_H

#include "gt_rules.h"

/* The value after each step of the order, and what happened. */
typedef struct gt_trace {
    int values[GT_NSTEPS];
    int bad_fired;   /* GT-12 turned his die to `becomes` */
    int bonus_given; /* commanders' PIPs he actually got */
} gt_trace;

/* His PIPs for an allocated die, in the order of the rules; t may be NULL.
 * q must have passed grog_gt_pip_check. */
int grog_gt_pip_eval(const grog_gt_rules *rules, const grog_gt_pip_query *q, int die,
                     gt_trace *t);
/* The distribution of the die allocated to him. */
grog_status grog_gt_die_dist(const grog_gt_pip_query *q, grog_dist **out, grog_error *err);
/* The die allocated from dice[0..n-1]: the rank-th highest, the floor of the
 * mean, or dice[own]. */
int grog_gt_allocate(grog_gt_alloc alloc, const int *dice, int n, int rank, int own);
/* Sets the roll, modified roll (the PIPs), outcome and value of e. */
void grog_gt_pip_set_roll(grog_explain *e, const grog_gt_rules *rules, const grog_gt_pip_query *q,
                          const grog_roll *roll);

#endif
