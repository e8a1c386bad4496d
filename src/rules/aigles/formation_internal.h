/* formation_internal.h — shared by the files of a formation change (internal to
 * src/rules/aigles): formation.c (the catalogue, the change in progress, the change
 * itself), formation_graph.c (the rows and the quickest chain), formation_checks.c
 * (refusals and checks), formation_terms.c (the terms of the time) and
 * formation_notes.c (the named effects). A change is worked out in one ctx: the
 * rules, the unit, the change asked for, the graph of rows and the record it fills. */
#ifndef GROG_FORMATION_INTERNAL_H
#define GROG_FORMATION_INTERNAL_H

#include "formation_rules.h"

#define NF GROG_AIGLES_FM_COUNT

/* One edge u -> v: the row that gives it and how. */
typedef struct edge {
    int w;              /* half-périodes, -1 for none */
    const aigf_row *row;
    int reversed;       /* the row is v -> u, taken both ways (AIG-F-27) */
    int mass_alias;     /* the mass row taken from another column (AIG-F-10) */
    int free;           /* AIG-F-14: free during the move */
} edge;

typedef struct ctx {
    const grog_aigles_formation_rules *r;
    const grog_aigles_fm_unit *u;
    const grog_aigles_fm_change *c;
    int table;
    edge g[NF][NF];
    grog_explain *e;
} ctx;

typedef struct route {
    int found, w, n;
    grog_aigles_formation node[NF];
} route;

int fm_valid(grog_aigles_formation f);

int fm_table_of(const grog_aigles_formation_rules *r, grog_arm arm);

/* The node of the graph a formation stands on: the division column uses the
 * attack column's rows (interpretation division_column_rows). */
grog_aigles_formation fm_node_of(const ctx *x, grog_aigles_formation f);

int fm_arm_may(const ctx *x, grog_aigles_formation f);

int fm_moving(const ctx *x);

void fm_build_graph(ctx *x);

int fm_better(int w1, int h1, int w2, int h2);

/* A row of its own (AIG-F-27) or, when allowed, the quickest chain. */
route fm_plan_from(const ctx *x, grog_aigles_formation s, grog_aigles_formation t);

/* GROG_ERULE with "RULE: message". */
grog_status fm_refuse(grog_error *err, const char *rule, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

void fm_check_ok(ctx *x, const char *rule, const char *label, const char *detail);

const char *fm_name(grog_aigles_formation f);

/* The words of a formation, arm or status for text (labels, notes, messages);
 * the path and the settings keep the ids. */
const char *fm_word(grog_aigles_formation f);

const char *fm_arm_word(grog_arm a);

grog_status fm_check_input(const grog_aigles_fm_unit *u, const grog_aigles_fm_change *c,
                           grog_error *err);

grog_status fm_check_arms(ctx *x, grog_error *err);

/* AIG-F-07: a square needs at least min_figures. */
grog_status fm_check_square(ctx *x, grog_error *err);

/* AIG-F-15: the cavalry column of division belongs to a few nations. */
grog_status fm_check_division(ctx *x, grog_error *err);

/* AIG-F-16: only cavalry with a dismounted entry dismounts. */
grog_status fm_check_dismount(ctx *x, grog_error *err);

/* AIG-F-03/AIG-F-10: only a column of attack, by company or of division
 * (not extended) masses (interpretation mass_only_from_columns). */
grog_status fm_check_mass(ctx *x, grog_error *err);

/* AIG-F-12 (squares do not move) and the halted-only rows (AIG-F-10). */
grog_status fm_check_halted(ctx *x, grog_error *err);

void fm_add_edge_term(ctx *x, grog_aigles_formation u, grog_aigles_formation v);

int fm_is_small_battery(const ctx *x);

/* AIG-F-28 and AIG-F-30: times that replace the rows' total. */
int fm_replace_terms(ctx *x, int total);

/* AIG-F-30: a long single file unlimbers slower. */
int fm_file_term(ctx *x);

/* AIG-F-25: once per change ordered (or per row, by interpretation). */
int fm_status_term(ctx *x, int total, int rows, int is_action);

int fm_is_irregular(const grog_aigles_fm_unit *u);

void fm_add_irregular_note(ctx *x);

void fm_add_notes(ctx *x, grog_aigles_formation f);

#endif
