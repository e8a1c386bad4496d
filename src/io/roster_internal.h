/* roster_internal.h — shared by the roster reader (roster.c, the CSV grid;
 * roster_build.c, the scenario built from it; roster_layout.c, positions
 * left empty) and writer (roster_export.c). Internal to libgrognard.
 *
 * Invariants: a grid's rows are the file's non-blank records in order, each
 * cell a NUL-terminated copy of its field with the line it begins on; the
 * column table below is the one list of headers, in the export's order. */
#ifndef GROG_ROSTER_INTERNAL_H
#define GROG_ROSTER_INTERNAL_H

#include <stddef.h>

#include "grognard/battle.h"
#include "grognard/roster.h"
#include "grognard/scenario.h"

typedef enum roster_col {
    RC_KIND = 0, RC_ID, RC_NAME, RC_SIDE, RC_PARENT, RC_ROLE, RC_NATION, RC_ARM, RC_STATUS,
    RC_MANOEUVRE, RC_FIGURES, RC_COMPANIES, RC_FORMATION, RC_CHARISMA, RC_COMMAND,
    RC_GDB_SKILL, RC_GT_QUALITY, RC_X, RC_Y, RC_FACING, RC_ORDER, RC_SOURCE,
    RC_ORDER_TARGET, RC_ORDER_TEXT, RC_WIDTH, RC_DEPTH, RC_STATE, RC_CASUALTIES,
    RC_MELEE_SINCE, RC_LEADS, RC_ATTACHED_TO, RC_HELD_BY, RC_COLOUR, RC_SCALE, RC_UNIT,
    RC_COUNT
} roster_col;

/* Row kinds, as bits (which kinds a column applies to). */
enum {
    RK_BATTLE = 1, RK_SIDE = 2, RK_OFFICER = 4, RK_UNIT = 8, RK_ANY = 15
};

typedef struct roster_column {
    const char *header;
    unsigned kinds; /* RK_ bits of the rows that may fill it */
} roster_column;

extern const roster_column grog_roster_columns[RC_COUNT];

typedef struct roster_cell {
    char *text; /* NUL-terminated */
    size_t len;
    int line;   /* the line the cell begins on */
    int bad;    /* a problem was reported on it: the scenario's own is not added */
} roster_cell;

typedef struct roster_row {
    roster_cell *cells;
    size_t n, cap;
    int line; /* its first line */
} roster_row;

typedef struct roster_grid {
    roster_row *rows; /* rows[0] is the header line */
    size_t n, cap;
    char delim;
    const char *label;
    grog_problems *problems;
    int col_of[RC_COUNT]; /* the field index of each column, -1 when absent */
    int fatal; /* no rows can be read: bad quoting, no header, no kind or id column */
    int oom;
} roster_grid;

/* Parses text into g (label and problems set by the caller): the records,
 * the separator, the header's columns. Problems of the file (quoting, a bad
 * header, text that is not UTF-8) are added; 0 when out of memory. */
int grog_roster_grid_parse(roster_grid *g, const char *text, size_t len);
void grog_roster_grid_free(roster_grid *g);

/* The cell of column c in row r ("" when absent or beyond the row). */
const char *grog_roster_cell(const roster_grid *g, size_t r, roster_col c);
/* A problem at column c of row r (its line; the column's place, or the id
 * cell's when the file has no such column); marks the cell bad. */
void grog_roster_problem(roster_grid *g, size_t r, roster_col c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* 1 when column c of row r has had a problem. */
int grog_roster_cell_bad(const roster_grid *g, size_t r, roster_col c);

/* One piece to lay out (roster_layout.c): its side's index, kind, arm and
 * formation (units), role and superior (officers), the parent's piece for a
 * unit, its base in mm, and whether the row gave its position. */
typedef struct roster_piece {
    int side;
    int is_unit;
    grog_arm arm;
    const char *formation;
    grog_role role;
    long superior;   /* officers: the superior's piece index, -1 */
    long commander;  /* units: the commanding officer's piece index, -1 */
    double w, d;     /* base, mm */
    int placed;      /* x, y given (mm) */
    double x, y;     /* mm */
    double facing;
} roster_piece;

/* The default base of a unit of that arm and formation at that figure scale. */
void grog_roster_default_base(grog_arm arm, const char *formation, int scale, double *w,
                              double *d);
/* Lays out every piece not placed, in lines by side and command, and gives
 * each side's facing to pieces without one (facing < -1000). */
void grog_roster_layout(roster_piece *p, size_t n, double width, double depth, int scale);

#endif
