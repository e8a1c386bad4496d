/* table_rolls.h — dice rolled at the table for the rolls an action makes by
 * itself (internal to src/game).
 *
 * `next` may make rolls nobody asked for: an ADC's order tests on arrival
 * (AIG-O-12), a corps' PIP dice when the PIP phase ends (GT-14); `event
 * flees` makes GT-08's die. Each can be entered instead of generated:
 * `--roll WHO=D[,D...]`, WHO naming whose roll it is (the ADC, the corps
 * commander, the general attached to the fleeing unit), the dice in the
 * order the rolls are made; `--roll D` (no WHO) serves any roll. The option
 * may be repeated. A roll not entered is generated from the game's dice; a
 * value entered that no roll used is refused (the action changes nothing). */
#ifndef GROG_TABLE_ROLLS_H
#define GROG_TABLE_ROLLS_H

#include "grognard/battle.h"
#include "grognard/error.h"

#define TABLE_ROLLS_MAX 16

typedef struct table_rolls {
    int n;
    struct {
        char who[GROG_ID_MAX]; /* "" serves anyone */
        int v[TABLE_ROLLS_MAX];
        int nv, used;
    } r[TABLE_ROLLS_MAX];
    char side[GROG_ID_MAX]; /* the side whose rolls the entered dice served */
    int sides;              /* how many sides they served (0, 1 or 2) */
} table_rolls;

/* Adds "WHO=D,D" or "D,D" (faces 1..faces). */
grog_status table_rolls_add(table_rolls *t, const char *text, int faces, grog_error *err);
/* The next value entered for who (or for anyone): 1 and *value, else 0.
 * side: whose roll it is (the action then belongs to that side: a side may
 * enter only its own dice). t may be NULL. */
int table_rolls_take(table_rolls *t, const char *who, const char *side, int *value);
/* GROG_EINVAL naming the first value no roll used, or when the dice served
 * two sides' rolls (each side enters its own, one `next` at a time). */
grog_status table_rolls_all_used(const table_rolls *t, const char *action, grog_error *err);

#endif
