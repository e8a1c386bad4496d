/* move.h — the `move` action (internal to src/game): a piece now stands
 * somewhere, given as a place on the table or relative to where it stands.
 *
 *   move ID X Y [FACING]            the place, lengths in the scenario's unit
 *   move ID forward|back DIST       along its facing
 *   move ID left|right DIST         square to its facing
 *   move ID turn DEGREES            facing + DEGREES (clockwise, negative: left)
 *   move ID to OTHER [contact|DIST] edge to edge with OTHER: touching, or DIST
 *                                   apart, on the line from OTHER's centre to
 *                                   its own, its facing kept
 *
 * Whatever the form, the journal's event holds the place and facing reached
 * ({"id","x","y","facing"}, mm and degrees, rounded to the micrometre), so a
 * replay of the words reaches the same place byte for byte. A place off the
 * table (and its margin) is refused and nothing changes. */
#ifndef GROG_MOVE_H
#define GROG_MOVE_H

#include "engine.h"

grog_status game_move_run(action_ctx *c, int argc, char **argv, grog_error *err);

/* The relative forms' second words, NULL-terminated (the actions list's
 * choices for move's "x"). */
extern const char *const game_move_words[];

#endif
