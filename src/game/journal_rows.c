/* journal_rows.c — the rows of a game's journal: actions (appended, read
 * one at a time or in order, cut by a repair) and snapshots. See journal.h.
 *
 * Invariant: a kept statement (append, by_seq, last) is reset before it is
 * returned from, so that none holds a read transaction between calls. */
#include <stdlib.h>

#include "i18n.h"
#include "journal_db.h"

/* ---- actions ---- */

#define COLUMNS JOURNAL_COLUMNS

static void bind_opt(sqlite3_stmt *stmt, int i, long long v, long long none)
{
    if (v == none)
        sqlite3_bind_null(stmt, i);
    else
        sqlite3_bind_int64(stmt, i, v);
}

grog_status journal_append(journal *j, const journal_action *a, grog_error *err)
{
    grog_status s = GROG_OK;
    if (j->append == NULL)
        s = journal_db_prepare(j, "INSERT INTO actions(" COLUMNS ", hash) VALUES "
                                  "(?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    &j->append, err);
    char prev[JOURNAL_HASH_HEX], hash[JOURNAL_HASH_HEX];
    if (s == GROG_OK) /* the chain (journal_chain.c): over the row before it */
        s = journal_prev_hash(j, a->seq - 1, prev, err);
    if (s != GROG_OK)
        return s;
    journal_row_hash(a, prev, hash);
    sqlite3_stmt *stmt = j->append;
    sqlite3_reset(stmt);
    sqlite3_bind_int64(stmt, 1, a->seq);
    sqlite3_bind_text(stmt, 2, a->side, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 3, a->words, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 4, a->result, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 5, a->checks, -1, SQLITE_STATIC);
    bind_opt(stmt, 6, a->undoes, 0);
    bind_opt(stmt, 7, a->rng_from, -1);
    bind_opt(stmt, 8, a->rng_to, -1);
    sqlite3_bind_int64(stmt, 9, a->top);
    sqlite3_bind_int64(stmt, 10, a->below);
    sqlite3_bind_int64(stmt, 11, a->rtop);
    if (a->lang != NULL)
        sqlite3_bind_text(stmt, 12, a->lang, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(stmt, 12);
    sqlite3_bind_text(stmt, 13, hash, -1, SQLITE_STATIC);
    int rc = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt);
    return rc == SQLITE_DONE ? GROG_OK : journal_db_status(j, rc, _("cannot write"), err);
}

/* Reads the row under stmt; GROG_EFORMAT when a column is missing. */
static grog_status read_row(journal *j, sqlite3_stmt *stmt, journal_action *a, grog_error *err)
{
    journal_row_columns(stmt, a);
    if (a->side == NULL || a->words == NULL || a->result == NULL || a->checks == NULL)
        return grog_error_set(err, GROG_EFORMAT, _("%s: damaged action %lld"), j->label, a->seq);
    return GROG_OK;
}

/* Steps a kept statement once, copies the row's strings into slot k (so
 * that the statement is reset at once: a statement left on a row would hold
 * a read transaction, and the next write would fail on an old snapshot). */
static grog_status one_row(journal *j, sqlite3_stmt *stmt, int k, journal_action *a, int *found,
                           grog_error *err)
{
    int rc = sqlite3_step(stmt);
    *found = rc == SQLITE_ROW;
    grog_status s = GROG_OK;
    if (rc == SQLITE_ROW && (s = read_row(j, stmt, a, err)) == GROG_OK) {
        const char *src[6] = {a->side, a->words, a->result, a->checks, a->lang, NULL};
        for (int i = 0; i < 5; i++) {
            free(j->row[k][i]);
            j->row[k][i] = journal_db_copy(src[i]);
            if (src[i] != NULL && j->row[k][i] == NULL)
                s = grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        }
        a->side = j->row[k][0];
        a->words = j->row[k][1];
        a->result = j->row[k][2];
        a->checks = j->row[k][3];
        a->lang = j->row[k][4];
    } else if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        s = journal_db_status(j, rc, _("cannot read the actions"), err);
    }
    sqlite3_reset(stmt);
    return s;
}

grog_status journal_last(journal *j, journal_action *a, int *found, grog_error *err)
{
    grog_status s = GROG_OK;
    if (j->last == NULL)
        s = journal_db_prepare(j, "SELECT " COLUMNS " FROM actions ORDER BY seq DESC LIMIT 1", &j->last, err);
    if (s != GROG_OK)
        return s;
    sqlite3_reset(j->last);
    return one_row(j, j->last, 0, a, found, err);
}

grog_status journal_get_action(journal *j, long long seq, journal_action *a, int *found,
                               grog_error *err)
{
    grog_status s = GROG_OK;
    if (j->by_seq == NULL)
        s = journal_db_prepare(j, "SELECT " COLUMNS " FROM actions WHERE seq = ?", &j->by_seq, err);
    if (s != GROG_OK)
        return s;
    sqlite3_reset(j->by_seq);
    sqlite3_bind_int64(j->by_seq, 1, seq);
    return one_row(j, j->by_seq, 1, a, found, err);
}

grog_status journal_last_seq(journal *j, long long *seq, grog_error *err)
{
    int v = 0, rc;
    *seq = 0;
    if (!journal_db_int(j, "SELECT coalesce(max(seq), 0) FROM actions", &v, &rc))
        return journal_db_status(j, rc, _("cannot read the actions"), err);
    *seq = v;
    return GROG_OK;
}

grog_status journal_foreach_from(journal *j, long long after,
                                 grog_status (*fn)(void *ctx, const journal_action *a,
                                                   grog_error *err),
                                 void *ctx, grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s =
        journal_db_prepare(j, "SELECT " COLUMNS " FROM actions WHERE seq > ? ORDER BY seq", &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_int64(stmt, 1, after);
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        journal_action a;
        s = read_row(j, stmt, &a, err);
        if (s == GROG_OK)
            s = fn(ctx, &a, err);
        if (s != GROG_OK) {
            sqlite3_finalize(stmt);
            return s;
        }
    }
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE)
        return journal_db_status(j, rc, _("cannot read the actions"), err);
    return GROG_OK;
}

grog_status journal_foreach(journal *j,
                            grog_status (*fn)(void *ctx, const journal_action *a, grog_error *err),
                            void *ctx, grog_error *err)
{
    return journal_foreach_from(j, 0, fn, ctx, err);
}

grog_status journal_links(journal *j, long long after,
                          grog_status (*fn)(void *ctx, long long seq, long long undoes,
                                            long long below, grog_error *err),
                          void *ctx, grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = journal_db_prepare(j, "SELECT seq, undoes, below FROM actions WHERE seq > ? ORDER BY seq",
                            &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_int64(stmt, 1, after);
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        long long seq = sqlite3_column_int64(stmt, 0);
        s = fn(ctx, seq, journal_db_column_or(stmt, 1, 0), journal_db_column_or(stmt, 2, seq - 1), err);
        if (s != GROG_OK) {
            sqlite3_finalize(stmt);
            return s;
        }
    }
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE ? GROG_OK : journal_db_status(j, rc, _("cannot read the actions"), err);
}

grog_status journal_cut(journal *j, long long keep,
                        grog_status (*fn)(void *ctx, const journal_action *a, grog_error *err),
                        void *ctx, grog_error *err)
{
    grog_status s = journal_foreach_from(j, keep, fn, ctx, err);
    if (s != GROG_OK)
        return s;
    sqlite3_stmt *stmt;
    const char *const sql[] = {"DELETE FROM actions WHERE seq > ?",
                               "DELETE FROM snapshots WHERE seq > ?"};
    for (size_t i = 0; i < 2; i++) {
        if ((s = journal_db_prepare(j, sql[i], &stmt, err)) != GROG_OK)
            return s;
        sqlite3_bind_int64(stmt, 1, keep);
        if ((s = journal_db_step_done(j, stmt, err)) != GROG_OK)
            return s;
    }
    return GROG_OK;
}

/* ---- snapshots ---- */

grog_status journal_put_snapshot(journal *j, long long seq, const char *state,
                                 const char *digest, grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = journal_db_prepare(j, "INSERT OR REPLACE INTO snapshots(seq, state, digest, "
                                          "hash) VALUES (?, ?, ?, (SELECT hash FROM actions "
                                          "WHERE seq = ?1))",
                            &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_int64(stmt, 1, seq);
    sqlite3_bind_text(stmt, 2, state, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 3, digest, -1, SQLITE_STATIC);
    return journal_db_step_done(j, stmt, err);
}

grog_status journal_snapshots(journal *j, long long at_most,
                              int (*fn)(void *ctx, long long seq, const char *state,
                                        const char *digest),
                              void *ctx, grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = journal_db_prepare(j, "SELECT seq, state, digest FROM snapshots WHERE seq <= ? "
                               "ORDER BY seq DESC",
                            &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_int64(stmt, 1, at_most);
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        const char *state = (const char *)sqlite3_column_text(stmt, 1);
        const char *digest = (const char *)sqlite3_column_text(stmt, 2);
        if (state == NULL || digest == NULL)
            continue; /* damaged: never trusted */
        if (fn(ctx, sqlite3_column_int64(stmt, 0), state, digest))
            break;
    }
    sqlite3_finalize(stmt);
    return GROG_OK;
}

long long journal_last_snapshot(journal *j)
{
    int v = 0, rc;
    return journal_db_int(j, "SELECT coalesce(max(seq), 0) FROM snapshots", &v, &rc) ? v : 0;
}

grog_status journal_snapshot_seqs(journal *j, long long at_most, long long *seqs, size_t max,
                                  size_t *n, grog_error *err)
{
    sqlite3_stmt *stmt;
    *n = 0;
    grog_status s = journal_db_prepare(j, "SELECT seq FROM snapshots WHERE seq <= ? ORDER BY seq DESC LIMIT ?",
                            &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_int64(stmt, 1, at_most);
    sqlite3_bind_int64(stmt, 2, (sqlite3_int64)max);
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW && *n < max)
        seqs[(*n)++] = sqlite3_column_int64(stmt, 0);
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE || rc == SQLITE_ROW ? GROG_OK
                                                 : journal_db_status(j, rc, _("cannot read"), err);
}

grog_status journal_get_snapshot(journal *j, long long seq, char **state, char **digest,
                                 int *found, grog_error *err)
{
    sqlite3_stmt *stmt;
    *state = *digest = NULL;
    *found = 0;
    grog_status s = journal_db_prepare(j, "SELECT state, digest FROM snapshots WHERE seq = ?", &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_int64(stmt, 1, seq);
    int rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) {
        const char *t = (const char *)sqlite3_column_text(stmt, 0);
        const char *d = (const char *)sqlite3_column_text(stmt, 1);
        *state = journal_db_copy(t != NULL ? t : "");
        *digest = journal_db_copy(d != NULL ? d : "");
        *found = 1;
        if (*state == NULL || *digest == NULL) {
            free(*state);
            free(*digest);
            *state = *digest = NULL;
            *found = 0;
            s = grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        }
    } else if (rc != SQLITE_DONE) {
        s = journal_db_status(j, rc, _("cannot read"), err);
    }
    sqlite3_finalize(stmt);
    return s;
}

grog_status journal_delete_snapshot(journal *j, long long seq, grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = journal_db_prepare(j, "DELETE FROM snapshots WHERE seq = ?", &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_int64(stmt, 1, seq);
    return journal_db_step_done(j, stmt, err);
}

grog_status journal_prune_snapshots(journal *j, long long keep, grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = journal_db_prepare(j, "DELETE FROM snapshots WHERE seq NOT IN "
                               "(SELECT seq FROM snapshots ORDER BY seq DESC LIMIT ?)",
                            &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_int64(stmt, 1, keep);
    return journal_db_step_done(j, stmt, err);
}
