/* table_events.h — `event KIND ...`, the table events (table_events.c;
 * internal to src/game), and the `--roll` options an action takes. */
#ifndef GROG_TABLE_EVENTS_H
#define GROG_TABLE_EVENTS_H

#include "engine.h"
#include "table_rolls.h"

/* Takes every "--roll V" of argv into t (*argc adjusted). */
grog_status game_take_rolls(int *argc, char **argv, table_rolls *t, grog_error *err);
/* The action `event KIND ...` (argv[0] "event"). */
grog_status game_table_event(action_ctx *c, int argc, char **argv, grog_error *err);

/* The side of the piece an event's words are about (`event KIND PIECE
 * ...`: PIECE, the first word after the kind that is not an option), or
 * NULL when the words are not an event or name no piece of b. */
const char *game_event_about(const grog_battle *b, int argc, const char *const *words);

#endif
