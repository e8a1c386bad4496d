/* journal_db.c — the SQLite connection under a game's journal: failures
 * reported by cause, statements prepared and stepped. See journal_db.h. */
#include <errno.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "journal_db.h"

char *journal_db_copy(const char *s)
{
    if (s == NULL)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    return d != NULL ? memcpy(d, s, n) : NULL;
}

/* ---- failures by cause ---- */

grog_status journal_db_errno(const char *label, int e, const char *what, grog_error *err)
{
    switch (e) {
    case EACCES:
    case EPERM:
        return grog_error_set(err, GROG_EIO, _("%s: %s: permission denied"), label, what);
    case EROFS:
        return grog_error_set(err, GROG_EIO, _("%s: %s: read-only file system"), label, what);
    case ENOSPC:
    case EDQUOT:
        return grog_error_set(err, GROG_EIO, _("%s: %s: the disk is full"), label, what);
    default:
        return grog_error_set(err, GROG_EIO, _("%s: %s: %s"), label, what, strerror(e));
    }
}

/* A SQLite result code as a status naming its cause. */
grog_status journal_db_status(journal *j, int rc, const char *what, grog_error *err)
{
    int sys = sqlite3_system_errno(j->db);
    switch (rc & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return grog_error_set(err, GROG_EBUSY,
                              _("%s: the game is being written by another process; try again"),
                              j->label);
    case SQLITE_FULL:
        return grog_error_set(err, GROG_EIO, _("%s: %s: the disk is full"), j->label, what);
    case SQLITE_READONLY:
        return grog_error_set(err, GROG_EIO,
                              _("%s: %s: read-only (the file or its folder cannot be written)"),
                              j->label, what);
    case SQLITE_PERM:
    case SQLITE_AUTH:
        return grog_error_set(err, GROG_EIO, _("%s: %s: permission denied"), j->label, what);
    case SQLITE_NOMEM:
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
    case SQLITE_FORMAT:
    case SQLITE_SCHEMA:
    case SQLITE_ERROR:
    case SQLITE_MISMATCH:
    case SQLITE_CONSTRAINT:
        return grog_error_set(err, GROG_EFORMAT, _("%s: damaged grognard game (%s: %s)"),
                              j->label, what, sqlite3_errmsg(j->db));
    case SQLITE_CANTOPEN:
    case SQLITE_IOERR:
        if (sys != 0)
            return journal_db_errno(j->label, sys, what, err);
        break;
    }
    return grog_error_set(err, GROG_EIO, _("%s: %s: %s"), j->label, what, sqlite3_errmsg(j->db));
}

grog_status journal_db_exec(journal *j, const char *sql, const char *what, grog_error *err)
{
    int rc = sqlite3_exec(j->db, sql, NULL, NULL, NULL);
    return rc == SQLITE_OK ? GROG_OK : journal_db_status(j, rc, what, err);
}

int journal_db_int(journal *j, const char *sql, int *v, int *rc_out)
{
    sqlite3_stmt *stmt;
    int rc = sqlite3_prepare_v2(j->db, sql, -1, &stmt, NULL);
    if (rc == SQLITE_OK) {
        rc = sqlite3_step(stmt);
        *v = rc == SQLITE_ROW ? sqlite3_column_int(stmt, 0) : 0;
        sqlite3_finalize(stmt);
    }
    *rc_out = rc;
    return rc == SQLITE_ROW;
}

grog_status journal_db_prepare(journal *j, const char *sql, sqlite3_stmt **stmt, grog_error *err)
{
    int rc = sqlite3_prepare_v2(j->db, sql, -1, stmt, NULL);
    if (rc != SQLITE_OK)
        return journal_db_status(j, rc, _("cannot read"), err);
    return GROG_OK;
}

grog_status journal_db_step_done(journal *j, sqlite3_stmt *stmt, grog_error *err)
{
    int rc = sqlite3_step(stmt);
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE)
        return journal_db_status(j, rc, _("cannot write"), err);
    return GROG_OK;
}

long long journal_db_column_or(sqlite3_stmt *stmt, int i, long long none)
{
    return sqlite3_column_type(stmt, i) == SQLITE_NULL ? none : sqlite3_column_int64(stmt, i);
}

void journal_row_columns(sqlite3_stmt *stmt, journal_action *a)
{
    a->seq = sqlite3_column_int64(stmt, 0);
    a->side = (const char *)sqlite3_column_text(stmt, 1);
    a->words = (const char *)sqlite3_column_text(stmt, 2);
    a->result = (const char *)sqlite3_column_text(stmt, 3);
    a->checks = (const char *)sqlite3_column_text(stmt, 4);
    a->undoes = journal_db_column_or(stmt, 5, 0);
    a->rng_from = journal_db_column_or(stmt, 6, -1);
    a->rng_to = journal_db_column_or(stmt, 7, -1);
    a->top = journal_db_column_or(stmt, 8, a->seq);
    a->below = journal_db_column_or(stmt, 9, a->seq - 1);
    a->rtop = journal_db_column_or(stmt, 10, 0);
    a->lang = (const char *)sqlite3_column_text(stmt, 11);
}
