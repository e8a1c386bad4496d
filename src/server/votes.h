/* votes.h — the sides' Done (issue 15) on a table (internal to src/server).
 * votes_init after table_open; the others under game_lock but
 * votes_presence, which is under pos_lock. The votes' memory is the table's
 * (freed by table_close). */
#ifndef GROG_VOTES_H
#define GROG_VOTES_H

#include <stddef.h>

#include "table.h"

grog_status votes_init(table *t, grog_error *err);
/* The journal moved: the votes are cleared if the turn or the phase did. */
void votes_follow(table *t);
/* The votes' document (GET done, the streams' "done" event), malloc'd, or NULL. */
char *votes_document(table *t);
/* Side number `side` says it is done (done 1) or not (0) with the phase
 * (turn, phase): GROG_ERULE if that phase is over. When every side is then
 * done and no referee stream is open, it takes `next` with that side's seat:
 * *advanced = the journal position then, 0 otherwise. A failing `next`
 * changes nothing (the vote neither). */
grog_status votes_cast(table *t, size_t side, int done, int turn, const char *phase,
                       size_t *advanced, grog_error *err);
/* The same end of the phase when the referee's device has gone while every
 * side was done (the watcher asks): the position after `next`, or 0. */
size_t votes_check(table *t);
/* A referee's event stream opens (+1) or closes (-1). */
void votes_presence(table *t, int delta);

#endif
