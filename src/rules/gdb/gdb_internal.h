/* gdb_internal.h — the loaded General de Brigade rules, shared by the files
 * of src/rules/gdb (internal).
 *
 * Invariant: a grog_gdb_rules handed out has passed every check of
 * gdb_rules.c: at least one column, every column a non-empty list of
 * distinct nations (no nation in two columns), unlisted_column either
 * GDB_NO_COLUMN or a valid index, distances > 0, the GDB-12 cap <= 0. */
#ifndef GROG_GDB_INTERNAL_H
#define GROG_GDB_INTERNAL_H

#include <stddef.h>

#include "grognard/dice.h"
#include "grognard/gdb.h"

#define GDB_NO_COLUMN ((size_t)-1)

/* Positions come from floating-point geometry: a distance within this many
 * mm of a boundary counts as on it. */
#define GDB_EPS_MM 1e-6

typedef struct gdb_column {
    char *id;
    char *label;
    char **nations;
    size_t nnations;
    int target;
    int target_default; /* the seed does not give it: report when used */
} gdb_column;

struct grog_gdb_rules {
    char *label; /* where the rules came from, for the record */
    grog_dice dice;
    char dice_text[32];
    gdb_column *columns;
    size_t ncolumns;
    double radius_cm;     /* GDB-09/10 */
    double near_enemy_cm; /* GDB-12 */
    int skill[3];         /* GDB-08, by grog_gdb_skill */
    int beyond_or_personal;  /* GDB-09 */
    int beyond_and_personal; /* GDB-10 */
    int contact;             /* GDB-11 */
    int danger;              /* GDB-12, each cause */
    int danger_cap;          /* GDB-12, the sum never below this */
    int broken;              /* GDB-13 */
    /* interpretations */
    size_t unlisted_column;
    int failed_stays_hidden;
    int delayed_replaceable;
    int own_brigade_uses_attempt;
    double contact_tolerance_mm;
};

/* The column of a nation, or GDB_NO_COLUMN; *listed says whether the nation
 * is named (0: the unlisted-nations column was used). */
/* Whether a base has a finite position and a positive size. */
int gdb_base_ok(const grog_base *b);

size_t gdb_rules_column(const grog_gdb_rules *rules, const char *nation, int *listed);

#endif
