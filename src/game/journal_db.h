/* journal_db.h — the SQLite connection under a game's journal, shared by
 * journal.c (the file: opening, creating, transactions, keys and texts),
 * journal_rows.c (the rows: actions and snapshots) and journal_chain.c (the
 * rows' hashes); internal to those.
 *
 * Every failure is reported by cause (journal.h): permission denied,
 * read-only, disk full, busy (GROG_EIO, GROG_EBUSY), damaged (GROG_EFORMAT),
 * naming the game by its label. */
#ifndef GROG_JOURNAL_DB_H
#define GROG_JOURNAL_DB_H

#include <sqlite3.h>

#include "journal.h"

struct journal {
    sqlite3 *db;
    char *label;
    int read_only;
    int in_memory; /* journal_create(NULL): no file */
    int data_version; /* PRAGMA data_version when last looked */
    sqlite3_stmt *append, *by_seq, *last; /* kept prepared: the hot paths */
    sqlite3_stmt *version; /* PRAGMA data_version, twice per action */
    sqlite3_stmt *hash_of; /* a row's hash (journal_chain.c) */
    sqlite3_stmt *get;     /* a key's value (journal_get_kept: the writer's only) */
    sqlite3_stmt *begin, *commit; /* BEGIN IMMEDIATE, COMMIT: every action's */
    int hashed;            /* the file's rows carry hashes (format 3 and later) */
    char *row[2][6]; /* copies of the strings of the last row read by last / by_seq */
};

/* An action row's columns, in the order journal_row_columns reads them
 * (the hash, when selected, comes after them as column 12). */
#define JOURNAL_COLUMNS                                                                          \
    "seq, side, words, result, checks, undoes, rng_from, rng_to, top, below, rtop, lang"
/* Reads JOURNAL_COLUMNS of the row under stmt into a, a missing number as
 * its default (journal_db.c); the strings are stmt's until it steps.
 * journal_db_column_or: column i as a number, none when it is NULL. */
void journal_row_columns(sqlite3_stmt *stmt, journal_action *a);
long long journal_db_column_or(sqlite3_stmt *stmt, int i, long long none);

/* The chain of hashes (journal_chain.c). The hash of row a over the
 * previous row's hash prev (hex, "" for the first row), in hex. */
void journal_row_hash(const journal_action *a, const char *prev, char out[JOURNAL_HASH_HEX]);
/* The stored hash of row seq ("" for seq 0); GROG_EFORMAT when it has none. */
grog_status journal_prev_hash(journal *j, long long seq, char out[JOURNAL_HASH_HEX],
                              grog_error *err);
/* Works out and writes every row's hash, and every snapshot's (an older
 * file brought up to date, inside the caller's transaction). */
grog_status journal_chain_make(journal *j, grog_error *err);

/* A malloc'd copy of s (NULL for NULL or out of memory). */
char *journal_db_copy(const char *s);
/* An errno value as a status naming its cause; label names the file. */
grog_status journal_db_errno(const char *label, int e, const char *what, grog_error *err);
/* A SQLite result code as a status naming its cause. */
grog_status journal_db_status(journal *j, int rc, const char *what, grog_error *err);
/* Runs sql (no rows); what says what failed. */
grog_status journal_db_exec(journal *j, const char *sql, const char *what, grog_error *err);
/* Prepares sql into *stmt. */
grog_status journal_db_prepare(journal *j, const char *sql, sqlite3_stmt **stmt, grog_error *err);
/* Steps a statement that returns no row, then finalizes it. */
grog_status journal_db_step_done(journal *j, sqlite3_stmt *stmt, grog_error *err);
/* The first column of sql's first row into *v: 1 when there was one; *rc_out
 * the last SQLite result. */
int journal_db_int(journal *j, const char *sql, int *v, int *rc_out);

#endif
