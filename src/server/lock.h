/* lock.h — one server per game file (internal to src/server).
 *
 * While a game is served, its server holds an exclusive flock(2) on the
 * game file (independent of SQLite's own locks, which stay as they are: a
 * `grognard do` from a shell still writes between the server's actions).
 * Who holds it is kept in the game file, in this module's table
 *   serve_holder(id INTEGER PRIMARY KEY, pid INTEGER, address TEXT)
 * (one row), so that a second `serve` of the same file says who serves it
 * and stops, instead of keeping its own Done votes beside the first's. The
 * lock goes with the process: a killed server leaves nothing to clean. */
#ifndef GROG_LOCK_H
#define GROG_LOCK_H

#include "grognard/error.h"

typedef struct serve_lock serve_lock;

/* Takes the lock on the game file at path; GROG_EBUSY naming the holder
 * (its process and address) when another server has it. */
grog_status lock_take(const char *path, serve_lock **out, grog_error *err);
/* Records this process and the address it serves (e.g. "127.0.0.1:8173")
 * as the holder. */
grog_status lock_record(serve_lock *l, const char *address, grog_error *err);
/* Lets the lock go (after the game is closed); accepts NULL. */
void lock_release(serve_lock *l);

#endif
