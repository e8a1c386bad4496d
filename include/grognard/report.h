/* report.h — after the battle: the battle report and the luck line, as one
 * seat may see them (docs/report.md).
 *
 * The report is made from what the seat may see and nothing else: its own
 * journal (grog_game_log_json) and its view of the game (grog_view_game_json),
 * so a side's report holds no other side's hidden order, test or note. Per
 * turn and per side: the order tests (tried, obeyed, delayed, failed), the
 * formation changes, the PIPs, the casualties and states (fled, routed,
 * broken), the officers lost, captured and replaced; the orders in force at
 * the end; and the luck: for each side, the tests decided by the dice, the
 * successes expected (the sum of the records' probabilities) and observed,
 * and the exact probability of doing that well or better, rolls entered at
 * the table and grognard's dice counted apart.
 *
 * Ownership: strings returned through char ** are malloc'd, freed by the
 * caller. */
#ifndef GROGNARD_REPORT_H
#define GROGNARD_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/error.h"
#include "grognard/game.h"
#include "grognard/print.h"

/* One test for the luck line: the success has probability num/den (0 <= num
 * <= den, den > 0) and happened (success 1) or not. */
typedef struct grog_luck_test {
    uint64_t num, den;
    int success;
} grog_luck_test;

typedef struct grog_luck {
    size_t tests;
    double expected;   /* the sum of the probabilities */
    size_t observed;   /* the successes */
    double p_at_least; /* P(successes >= observed), exactly (a Poisson-binomial tail) */
} grog_luck;

/* The luck of n tests: the distribution of the number of successes is
 * computed exactly (GMP integers over the product of the denominators, no
 * approximation); *exact (may be NULL) gets the tail as a reduced fraction
 * "num/den" (malloc'd). n 0: expected 0, observed 0, p_at_least 1. A bad
 * probability: GROG_EINVAL, nothing set. */
grog_status grog_luck_compute(const grog_luck_test *t, size_t n, grog_luck *out, char **exact,
                              grog_error *err);

/* The report as seat sees it (NULL: the public). JSON keys: docs/report.md. */
grog_status grog_report_json(const grog_game *g, const grog_seat *seat, char **out,
                             grog_error *err);
/* The same for people: tables per turn and side, the luck lines. */
grog_status grog_report_text(const grog_game *g, const grog_seat *seat, char **out,
                             grog_error *err);
/* A page of its own (HTML with SVG charts drawn here: casualties and orders
 * obeyed over the turns, one line per side), in the language of messages. */
grog_status grog_report_html(const grog_game *g, const grog_seat *seat, char **out,
                             grog_error *err);
/* The same on paper: a PDF (cairo) written to path, the tables and the two
 * charts; GROG_EIO naming path when it cannot be written (nothing written
 * when the report cannot be made). */
grog_status grog_report_pdf(const grog_game *g, const grog_seat *seat, grog_paper paper,
                            const char *path, grog_error *err);

#endif
