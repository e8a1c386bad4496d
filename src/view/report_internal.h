/* report_internal.h — the report's parts between report.c (gathering),
 * luck.c (the luck line) and report_out.c (text, HTML, SVG); internal to
 * src/view. */
#ifndef GROG_REPORT_INTERNAL_H
#define GROG_REPORT_INTERNAL_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

#include "grognard/report.h"

enum {
    REPORT_ORDERS,
    REPORT_OBEYED,
    REPORT_DELAYED,
    REPORT_FAILED,
    REPORT_FORMATIONS,
    REPORT_PIPS,
    REPORT_CASUALTIES,
    REPORT_FLED,
    REPORT_ROUTED,
    REPORT_BROKEN,
    REPORT_OFF_LOST,
    REPORT_OFF_CAPTURED,
    REPORT_OFF_REPLACED,
    REPORT_NCOUNTS
};
/* The JSON keys of the counts, in that order. */
extern const char *const report_count_keys[REPORT_NCOUNTS];
/* Not a count of events but a state: the orders in force at the end of each
 * turn, in each turn's sides (never in the totals); key "orders_in_force". */
#define REPORT_IN_FORCE REPORT_NCOUNTS
#define REPORT_IN_FORCE_KEY "orders_in_force"
/* The key of count k, or of REPORT_IN_FORCE. */
const char *report_key(int k);

/* The tests of one side and one kind of dice (grognard's or entered). */
typedef struct report_luck_list {
    char side[64];
    int entered;
    grog_luck_test *t;
    size_t n, cap;
} report_luck_list;

typedef struct report {
    json_t *view;   /* the seat's view (borrowed) */
    json_t *turns;  /* [{turn, sides: {id: counts}}] */
    json_t *totals; /* {id: counts} */
    report_luck_list *luck;
    size_t nluck;
} report;

/* Adds a test to side's list (entered: a roll entered at the table). */
void report_luck_push(report *r, const char *side, int entered, const grog_luck_test *t);
/* rep.luck := {side: {"dice": line, "entered": line}} for every side of rep.sides. */
grog_status report_luck_finish(report *r, json_t *rep, grog_error *err);
void report_luck_free(report *r);

/* The report object of seat (report.c); *out owned by the caller. */
grog_status report_build(const grog_game *g, const grog_seat *seat, json_t **out,
                         grog_error *err);

/* report_turns.c: turns[i].sides[side].orders_in_force for every turn, from
 * the seat's view after the turn's last entry of the seat's log (the current
 * turn: view). */
grog_status report_orders_by_turn(const grog_game *g, const grog_seat *seat, json_t *log,
                                  json_t *view, json_t *turns, grog_error *err);

/* report_out.c: a count's label for people; the text report's head (the
 * battle, the commitment, the seed when shown) and its end (the orders in
 * force, the luck lines), as the text and the page print them. */
const char *report_count_label(int k);
void report_text_head(FILE *f, json_t *rep);
void report_text_end(FILE *f, json_t *rep);

#endif
