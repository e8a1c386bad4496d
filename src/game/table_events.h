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

#endif
