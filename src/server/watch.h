/* watch.h — the watcher of a table (internal to src/server): a thread that
 * catches up with other writers of the game file every poll period, and ends
 * the phase when every side is done and the referee's device has gone. */
#ifndef GROG_WATCH_H
#define GROG_WATCH_H

#include "table.h"

/* Starts the watcher (GROG_ENOMEM when no thread can be made). */
grog_status watch_start(table *t, grog_error *err);
/* Waits for the watcher to end, after table_stop. Harmless if not started. */
void watch_join(table *t);

#endif
