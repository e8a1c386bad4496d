/* journal.h — the SQLite file of a game (internal to src/game).
 *
 * Schema (user_version 1, application_id 'GROG'):
 *   game(key, value)            format, family, seed, created_with, rules_label
 *   texts(name, label, text)    "scenario" and, for house rules, "rules"
 *   actions(seq, side, words, result, checks)
 * WAL mode, synchronous FULL; every append is one transaction. A journal
 * opened from a file checks the application id and version first, so that
 * another SQLite file or a newer grognard's game is refused cleanly. */
#ifndef GROG_JOURNAL_H
#define GROG_JOURNAL_H

#include <stddef.h>

#include "grognard/error.h"

#define GROG_JOURNAL_VERSION 1

typedef struct journal journal;

typedef struct journal_action {
    long long seq;
    const char *side;
    const char *words;  /* JSON array of strings */
    const char *result; /* JSON object */
    const char *checks; /* the replay check string */
} journal_action;

/* path NULL: an in-memory journal. Refuses an existing file. */
grog_status journal_create(const char *path, journal **out, grog_error *err);
grog_status journal_open(const char *path, journal **out, grog_error *err);
void journal_close(journal *j);
/* Deletes a journal file and its -wal and -shm companions. */
void journal_remove(const char *path);

grog_status journal_set(journal *j, const char *key, const char *value, grog_error *err);
/* The value (malloc'd) or NULL with GROG_ENOTFOUND / GROG_EFORMAT. */
grog_status journal_get(journal *j, const char *key, char **value, grog_error *err);
grog_status journal_set_text(journal *j, const char *name, const char *label, const char *text,
                             grog_error *err);
/* *text NULL (and GROG_OK) when absent. Both strings malloc'd. */
grog_status journal_get_text(journal *j, const char *name, char **label, char **text,
                             grog_error *err);

grog_status journal_append(journal *j, const journal_action *a, grog_error *err);
/* The number of the last action (0 when none). */
grog_status journal_last_seq(journal *j, long long *seq, grog_error *err);
grog_status journal_delete_last(journal *j, grog_error *err);
/* Calls fn for every action in order; stops at the first non-OK status. */
grog_status journal_foreach(journal *j,
                            grog_status (*fn)(void *ctx, const journal_action *a, grog_error *err),
                            void *ctx, grog_error *err);

#endif
