/* snapcache.h — snapshots of a game's state as a cache of its journal
 * (internal to src/game; issue 17: opening a game costs O(1) in the
 * journal's length).
 *
 * A snapshot is the state after row S (snapshot.h's text and digest, in the
 * journal's `snapshots` table). It is only ever a cache: the journal's rows
 * are the game, a snapshot saves replaying the rows up to S. Written inside
 * the write transaction that appends every SNAPCACHE_EVERY-th row, and at
 * close when the state was built from many rows since its last snapshot;
 * the SNAPCACHE_KEEP newest are kept. Opening takes the newest one whose
 * digest matches its text, that lies on the chain of actions in effect
 * (the first row <= S reached from the top down the `below` links is row
 * S's own top) and whose state loads and stands where row S's top left the
 * dice stream; any other is ignored and the next older one tried, finally
 * the seed. Failing to write one never fails an action. `replay` verifies
 * every stored snapshot against the state it replays at that row. */
#ifndef GROG_SNAPCACHE_H
#define GROG_SNAPCACHE_H

#include "engine.h"

/* K: a snapshot after every row whose number is a multiple of it: 256, or
 * one per SNAPCACHE_PIECES officers and units in a bigger battle (20,000
 * units and 4,000 officers: 3,000). Opening then replays at most K - 1 rows
 * after the snapshot (256 rows: a few ms), and writing one, whose cost grows
 * with the battle (0.5 ms for the bundled one, 350 ms for 20,000 units),
 * adds a small share to each of the K actions it follows. docs/game.md. */
#define SNAPCACHE_EVERY 256
#define SNAPCACHE_PIECES 8
/* How many snapshots are kept (the newest): a damaged newest one, or an
 * undo back past it, falls back to an older one before the seed. */
#define SNAPCACHE_KEEP 4

/* Sets K for this handle (tests; k < 1: the default). Not stored in the file. */
void game_snapshot_every(grog_game *g, long long k);

/* After row seq was appended (inside its write transaction, not yet
 * committed), g->s being the state after it: stores its snapshot when seq is
 * a multiple of K (and prunes the old ones), in a part of the transaction of
 * its own; never for a game in memory (it is never opened again). 1: written; 0: not due, or failed without harm; -1: SQLite gave up
 * the whole transaction meanwhile (a full disk): the caller's row is gone. */
int snapcache_after_row(grog_game *g, long long seq);
/* At close: a snapshot of the state after g->last when K or more rows were
 * executed on it since its last snapshot. Never waits (a busy or read-only
 * file: skipped), never reports. */
void snapcache_at_close(grog_game *g);
/* g->s := the chain of actions in effect from `top` over the rows <= last
 * (only rows < limit when limit > 0): from the newest usable snapshot, else
 * from the seed. On failure *failed (may be NULL) is the row that did not
 * replay from the seed (0: another failure). */
grog_status snapcache_restore(grog_game *g, long long top, long long last, long long limit,
                              long long *failed, grog_error *err);

/* `replay`'s check of the stored snapshots, row by row. */
#define SNAPCACHE_CHECK_MAX 64
typedef struct snapcache_check {
    long long seqs[SNAPCACHE_CHECK_MAX]; /* the stored snapshots, oldest first */
    size_t n, next;
    long long bad[SNAPCACHE_CHECK_MAX]; /* those that differ from the replay */
    size_t nbad;
} snapcache_check;
grog_status snapcache_check_begin(grog_game *g, long long last, snapcache_check *c,
                                  grog_error *err);
/* Called with g->s the replayed state after row seq. */
void snapcache_check_row(grog_game *g, snapcache_check *c, long long seq);
/* After a replay in which every row replayed: deletes the snapshots that
 * differ (when the file can be written) and reports the first (GROG_EFORMAT). */
grog_status snapcache_check_end(grog_game *g, snapcache_check *c, grog_error *err);

#endif
