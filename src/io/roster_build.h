/* roster_build.h — the roster reader's state between the grid and the
 * scenario (internal to libgrognard: roster_build.c builds, roster_map.c
 * maps the scenario reader's problems back, roster_read.c drives both).
 *
 * Invariants: sides, officers and units hold grid row indexes of each kind in
 * file order; pieces[0..no) are the officers, pieces[no..no+nu) the units;
 * unit_officer[j] is unit j's commanding officer (an index into officers) or
 * -1; order_rows[k] is the row of the document's orders[k]; source_rows[k]
 * the row of meta.sources[k]. Everything is owned by the builder. */
#ifndef GROG_ROSTER_BUILD_H
#define GROG_ROSTER_BUILD_H

#include "roster_internal.h"

typedef struct builder {
    roster_grid *g;
    grog_roster_options opts;
    const char *default_name;
    int *kind;            /* per grid row: RK_ bit, 0 for the header or a bad kind */
    size_t battle_row[5]; /* the rows giving name, x, y, scale, unit (0: none) */
    size_t *sides, *officers, *units, *by_id, *source_rows, *order_rows;
    size_t ns, no, nu, nsources, norders;
    int scale;
    grog_unit unit;
    grog_scale sc;
    double width, depth; /* the table, in unit */
    roster_piece *pieces;
    double *given_x, *given_y; /* the row's own x, y (NAN when laid out) */
    long *unit_officer;
    unsigned long long *mapped; /* per grid row: the columns given a reader's problem */
} builder;

/* The scenario document (compact JSON, malloc'd) of the grid's rows; the
 * roster's own problems added to the grid's list. 0 when out of memory. */
int grog_roster_build(builder *b, char **text);
void grog_roster_builder_free(builder *b);
/* The officer (an index into b->officers) with that id, or -1. */
long grog_roster_find_officer(const builder *b, const char *id);
/* Puts the scenario reader's problem (path, message) on its cell. */
void grog_roster_map_problem(builder *b, const char *path, const char *message);

/* Defaults of a unit row's empty cells, by arm (roster_layout.c). */
int grog_roster_default_figures(grog_arm arm);
int grog_roster_default_companies(grog_arm arm);
const char *grog_roster_default_formation(grog_arm arm);

#endif
