/* journal.h — the SQLite file of a game (internal to src/game).
 *
 * Schema (user_version 3, application_id 'GROG'):
 *   game(key, value)            format, family, seed, created_with, rules_label
 *   texts(name, label, text)    "scenario" and, for house rules, "rules"
 *   actions(seq, side, words, result, checks, undoes, rng_from, rng_to,
 *           top, below, rtop, lang, hash)
 *   snapshots(seq, state, digest, hash)
 * hash: the SHA-256 (hex) of the previous row's hash and this row's
 * columns (journal_chain.c), written by journal_append; a snapshot's hash
 * is its row's. A version 2 file gets its chain worked out when opened for
 * writing (format 3); read only, it is read without one.
 * Nothing is ever deleted from `actions` but by an explicit repair. A row is
 * an action (undoes NULL) or an undo record naming the row it cancels. The
 * generator's stream position where an action starts and ends (rng_from,
 * rng_to, in 64-bit draws) is stored, so the stream never rewinds. top, below
 * and rtop keep the undo stacks (see game.c): top = the last action in effect
 * after this row; below = for an action, the action in effect before it, for
 * an undo record of an action, rtop before it; rtop = the last undo record
 * that may itself be undone (0: none).
 * snapshots: the state after row seq (snapshot.h) and its digest, a cache
 * that opening uses and `replay` checks (snapcache.h).
 * A version 1 file (no undo records, rows deleted by undo) is upgraded in
 * place when opened for writing; its rows keep NULL stream positions.
 *
 * One writer: journal_begin takes SQLite's write lock (BEGIN IMMEDIATE) with a
 * bounded busy wait and fails with GROG_EBUSY; the caller reads, checks and
 * appends inside that transaction and ends it with journal_commit or
 * journal_rollback. WAL mode, synchronous FULL: a commit is one sync of the
 * -wal file, and an acknowledged row survives a kill or a power loss there;
 * SQLite folds the -wal into the .grog now and then (every 1,000 pages) and
 * closing checkpoints, so the .grog alone holds every row once no process
 * has the game open (while it is open, copy it with journal_backup). SQLite failures are reported by cause:
 * permission denied, read-only, disk full, busy, damaged (GROG_EIO,
 * GROG_EBUSY or GROG_EFORMAT). */
#ifndef GROG_JOURNAL_H
#define GROG_JOURNAL_H

#include <stddef.h>

#include "grognard/error.h"

#define GROG_JOURNAL_VERSION 3
/* A row's hash in hex, with its NUL. */
#define JOURNAL_HASH_HEX 65

typedef struct journal journal;

typedef struct journal_action {
    long long seq;
    const char *side;
    const char *words;  /* JSON array of strings */
    const char *result; /* JSON object */
    const char *checks; /* the replay check string */
    long long undoes;   /* 0: an action; else the row it cancels */
    long long rng_from, rng_to; /* -1: not recorded (version 1 rows) */
    long long top, below, rtop;
    const char *lang;   /* the language of the result's texts ("" = untranslated) */
} journal_action;

/* path NULL: an in-memory journal. Refuses an existing file. */
grog_status journal_create(const char *path, journal **out, grog_error *err);
grog_status journal_open(const char *path, journal **out, grog_error *err);
/* Opens an existing journal to read only (SQLITE_OPEN_READONLY, not
 * immutable: what other connections commit is seen), for a second handle on
 * a file another connection writes; every write fails as read-only. */
grog_status journal_open_reader(const char *path, journal **out, grog_error *err);
void journal_close(journal *j);
/* Deletes a journal file and its -wal and -shm companions. */
void journal_remove(const char *path);
/* The bounded wait for another writer, in milliseconds (default 5000). */
void journal_set_busy_timeout(journal *j, int ms);

/* Write transactions: BEGIN IMMEDIATE (GROG_EBUSY after the wait), COMMIT,
 * ROLLBACK (never fails; harmless without a transaction). */
grog_status journal_begin(journal *j, grog_error *err);
grog_status journal_commit(journal *j, grog_error *err);
void journal_rollback(journal *j);
/* A consistent view for several reads (a savepoint: nests in a write
 * transaction). */
grog_status journal_read_begin(journal *j, grog_error *err);
void journal_read_end(journal *j);
/* Whether another connection changed the file since this one last looked. */
int journal_changed(journal *j);

grog_status journal_set(journal *j, const char *key, const char *value, grog_error *err);
/* The value (malloc'd) or NULL with GROG_ENOTFOUND / GROG_EFORMAT. */
grog_status journal_get(journal *j, const char *key, char **value, grog_error *err);
/* The same through a statement kept prepared, for the writer's path (every
 * action asks whether the game has ended): only inside the caller's write
 * transaction, as the other kept statements, never from a reader's thread
 * (journal_get prepares its own, and may be called from any). */
grog_status journal_get_kept(journal *j, const char *key, char **value, grog_error *err);
grog_status journal_set_text(journal *j, const char *name, const char *label, const char *text,
                             grog_error *err);
/* *text NULL (and GROG_OK) when absent. Both strings malloc'd. */
grog_status journal_get_text(journal *j, const char *name, char **label, char **text,
                             grog_error *err);

grog_status journal_append(journal *j, const journal_action *a, grog_error *err);
/* The last row (*found 0 when the journal is empty); its strings live until
 * the next call on j. */
grog_status journal_last(journal *j, journal_action *a, int *found, grog_error *err);
/* One row by number (*found 0 when absent); strings as for journal_last. */
grog_status journal_get_action(journal *j, long long seq, journal_action *a, int *found,
                               grog_error *err);
/* The number of the last row (0 when none). */
grog_status journal_last_seq(journal *j, long long *seq, grog_error *err);
/* Calls fn for every row with seq > after, in order; stops at the first
 * non-OK status. */
grog_status journal_foreach_from(journal *j, long long after,
                                 grog_status (*fn)(void *ctx, const journal_action *a,
                                                   grog_error *err),
                                 void *ctx, grog_error *err);
grog_status journal_foreach(journal *j,
                            grog_status (*fn)(void *ctx, const journal_action *a, grog_error *err),
                            void *ctx, grog_error *err);
/* The undo links of every row with seq > after, in order (a light read). */
grog_status journal_links(journal *j, long long after,
                          grog_status (*fn)(void *ctx, long long seq, long long undoes,
                                            long long below, grog_error *err),
                          void *ctx, grog_error *err);
/* Repair: copies every row with seq > keep to fn (for the side file), then
 * deletes them and the snapshots past keep. Inside the caller's transaction. */
grog_status journal_cut(journal *j, long long keep,
                        grog_status (*fn)(void *ctx, const journal_action *a, grog_error *err),
                        void *ctx, grog_error *err);

/* Checks the chain of hashes from row `after` (0: from the first row):
 * the snapshot after that row (if any) stands on its hash, and every later
 * row's hash is what its columns and the previous hash give. GROG_EFORMAT
 * naming the first row that does not match ("damaged grognard game: action
 * N is not what was written"), *first_bad (may be NULL) its number (0 when
 * sound). A file without hashes (an older format read only): GROG_OK. */
grog_status journal_chain_check(journal *j, long long after, long long *first_bad,
                                grog_error *err);

/* Snapshots of the state after row seq: an opaque text and its digest. */
grog_status journal_put_snapshot(journal *j, long long seq, const char *state,
                                 const char *digest, grog_error *err);
/* Calls fn for the snapshots with seq <= at most, newest first, until fn
 * returns 1 (taken) or an error (< 0 stops with that status in err). */
grog_status journal_snapshots(journal *j, long long at_most,
                              int (*fn)(void *ctx, long long seq, const char *state,
                                        const char *digest),
                              void *ctx, grog_error *err);
/* The newest snapshot's row number (0: none). */
long long journal_last_snapshot(journal *j);
/* The row numbers of the snapshots with seq <= at_most, newest first, at most
 * max of them (*n: how many). Reads no state text. */
grog_status journal_snapshot_seqs(journal *j, long long at_most, long long *seqs, size_t max,
                                  size_t *n, grog_error *err);
/* The snapshot after row seq (*found 0 when none); both strings malloc'd. */
grog_status journal_get_snapshot(journal *j, long long seq, char **state, char **digest,
                                 int *found, grog_error *err);
grog_status journal_delete_snapshot(journal *j, long long seq, grog_error *err);
/* Deletes every snapshot but the `keep` newest. */
grog_status journal_prune_snapshots(journal *j, long long keep, grog_error *err);
/* A nested part of the caller's write transaction that may fail alone:
 * journal_part_end(j, 1) keeps it, (j, 0) undoes it and nothing else. */
grog_status journal_part_begin(journal *j, grog_error *err);
void journal_part_end(journal *j, int keep);
/* Whether a write transaction is open (SQLite may end one itself on a full
 * disk or an I/O error). */
int journal_in_transaction(journal *j);

/* Makes the .grog file hold every committed row (a passive checkpoint). */
void journal_checkpoint(journal *j);
/* Copies the game into a new file `copy` with SQLite's online backup: every
 * row committed when it starts, -wal included, while the game is in use
 * (readers and writers go on); built in a temporary file beside copy and
 * linked into place, so copy is complete or absent. An existing copy:
 * GROG_EINVAL. */
grog_status journal_backup(journal *j, const char *copy, grog_error *err);

/* Creates a complete game in a temporary file beside path (build fills the
 * journal it is given), then links it into place: never replaces an existing
 * file (two racing creations: one game, one GROG_EINVAL "already exists"); a
 * killed creation leaves only the temporary file, never a half-made game,
 * and the next creation in that folder removes it.
 * *out: the journal of the file now at path. */
grog_status journal_create_atomic(const char *path,
                                  grog_status (*build)(void *ctx, journal *j, grog_error *err),
                                  void *ctx, journal **out, grog_error *err);
/* Whether the file could only be opened read-only. */
int journal_read_only(const journal *j);
/* Whether the journal has no file (journal_create(NULL)). */
int journal_in_memory(const journal *j);

#endif
