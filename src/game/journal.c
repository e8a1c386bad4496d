/* journal.c — the SQLite journal of a game. See journal.h for the schema. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "i18n.h"
#include "journal.h"

#define APPLICATION_ID 0x47524f47 /* 'GROG' */

struct journal {
    sqlite3 *db;
    char *label;
};

static grog_status db_error(journal *j, grog_error *err, const char *what)
{
    return grog_error_set(err, GROG_EIO, _("%s: %s: %s"), j->label, what, sqlite3_errmsg(j->db));
}

static char *copy(const char *s)
{
    if (s == NULL)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    return d != NULL ? memcpy(d, s, n) : NULL;
}

static grog_status exec(journal *j, const char *sql, grog_error *err)
{
    char *msg = NULL;
    if (sqlite3_exec(j->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        grog_status st = grog_error_set(err, GROG_EIO, _("%s: %s"), j->label,
                                        msg != NULL ? msg : "sqlite error");
        sqlite3_free(msg);
        return st;
    }
    return GROG_OK;
}

static grog_status open_db(const char *path, int flags, journal **out, grog_error *err)
{
    journal *j = calloc(1, sizeof *j);
    if (j == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    j->label = copy(path != NULL ? path : ":memory:");
    if (j->label == NULL || sqlite3_open_v2(path != NULL ? path : ":memory:", &j->db, flags,
                                            NULL) != SQLITE_OK) {
        grog_status st = j->db != NULL
                             ? grog_error_set(err, GROG_EIO, _("%s: cannot open: %s"),
                                              path ? path : ":memory:", sqlite3_errmsg(j->db))
                             : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        journal_close(j);
        return st;
    }
    sqlite3_busy_timeout(j->db, 5000);
    *out = j;
    return GROG_OK;
}

static const char *schema =
    "PRAGMA synchronous=FULL;"
    "BEGIN;"
    "CREATE TABLE game(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE texts(name TEXT PRIMARY KEY, label TEXT NOT NULL, text TEXT NOT NULL);"
    "CREATE TABLE actions(seq INTEGER PRIMARY KEY, side TEXT NOT NULL, words TEXT NOT NULL,"
    " result TEXT NOT NULL, checks TEXT NOT NULL);"
    "PRAGMA application_id=1196576583;"
    "PRAGMA user_version=1;"
    "COMMIT;";

grog_status journal_create(const char *path, journal **out, grog_error *err)
{
    struct stat st;
    if (path != NULL && stat(path, &st) == 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("%s already exists: choose another name or remove it"), path);
    journal *j;
    grog_status s = open_db(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &j, err);
    if (s != GROG_OK)
        return s;
    /* an in-memory journal (demo, tests) has no WAL to keep */
    if (path != NULL)
        s = exec(j, "PRAGMA journal_mode=WAL;", err);
    if (s == GROG_OK)
        s = exec(j, schema, err);
    if (s != GROG_OK) {
        journal_close(j);
        if (path != NULL)
            journal_remove(path);
        return s;
    }
    *out = j;
    return GROG_OK;
}

static grog_status pragma_int(journal *j, const char *sql, int *v)
{
    sqlite3_stmt *stmt;
    if (sqlite3_prepare_v2(j->db, sql, -1, &stmt, NULL) != SQLITE_OK)
        return GROG_EFORMAT;
    int rc = sqlite3_step(stmt);
    *v = rc == SQLITE_ROW ? sqlite3_column_int(stmt, 0) : 0;
    sqlite3_finalize(stmt);
    return rc == SQLITE_ROW ? GROG_OK : GROG_EFORMAT;
}

grog_status journal_open(const char *path, journal **out, grog_error *err)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return grog_error_set(err, GROG_ENOTFOUND, _("%s: no such game file"), path);
    journal *j;
    grog_status s = open_db(path, SQLITE_OPEN_READWRITE, &j, err);
    if (s != GROG_OK)
        return s;
    int app = 0, version = 0;
    if (pragma_int(j, "PRAGMA application_id", &app) != GROG_OK) {
        journal_close(j);
        return grog_error_set(err, GROG_EFORMAT,
                              _("%s: not a grognard game (not a readable SQLite database)"), path);
    }
    if (app != APPLICATION_ID) {
        journal_close(j);
        return grog_error_set(err, GROG_EFORMAT, _("%s: not a grognard game"), path);
    }
    pragma_int(j, "PRAGMA user_version", &version);
    if (version > GROG_JOURNAL_VERSION) {
        journal_close(j);
        return grog_error_set(err, GROG_EFORMAT,
                              _("%s: made by a newer grognard (game format %d; this one reads up "
                                "to %d)"),
                              path, version, GROG_JOURNAL_VERSION);
    }
    int ok = 0;
    if (pragma_int(j, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name IN "
                      "('game','texts','actions')",
                   &ok) != GROG_OK ||
        ok != 3) {
        journal_close(j);
        return grog_error_set(err, GROG_EFORMAT, _("%s: damaged grognard game (tables missing)"),
                              path);
    }
    s = exec(j, "PRAGMA synchronous=FULL;", err);
    if (s != GROG_OK) {
        journal_close(j);
        return s;
    }
    *out = j;
    return GROG_OK;
}

void journal_close(journal *j)
{
    if (j == NULL)
        return;
    sqlite3_close(j->db);
    free(j->label);
    free(j);
}

void journal_remove(const char *path)
{
    static const char *const suffixes[] = {"", "-wal", "-shm"};
    char name[4096];
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        snprintf(name, sizeof name, "%s%s", path, suffixes[i]);
        remove(name);
    }
}

static grog_status prepare(journal *j, const char *sql, sqlite3_stmt **stmt, grog_error *err)
{
    if (sqlite3_prepare_v2(j->db, sql, -1, stmt, NULL) != SQLITE_OK)
        return db_error(j, err, _("damaged game file"));
    return GROG_OK;
}

static grog_status step_done(journal *j, sqlite3_stmt *stmt, grog_error *err)
{
    int rc = sqlite3_step(stmt);
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE)
        return db_error(j, err, _("cannot write"));
    return GROG_OK;
}

grog_status journal_set(journal *j, const char *key, const char *value, grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = prepare(j, "INSERT OR REPLACE INTO game(key, value) VALUES (?, ?)", &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_text(stmt, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 2, value, -1, SQLITE_STATIC);
    return step_done(j, stmt, err);
}

grog_status journal_get(journal *j, const char *key, char **value, grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = prepare(j, "SELECT value FROM game WHERE key = ?", &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_text(stmt, 1, key, -1, SQLITE_STATIC);
    int rc = sqlite3_step(stmt);
    if (rc != SQLITE_ROW) {
        sqlite3_finalize(stmt);
        *value = NULL;
        return grog_error_set(err, GROG_EFORMAT, _("%s: damaged grognard game (no \"%s\")"),
                              j->label, key);
    }
    *value = copy((const char *)sqlite3_column_text(stmt, 0));
    sqlite3_finalize(stmt);
    return *value != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}

grog_status journal_set_text(journal *j, const char *name, const char *label, const char *text,
                             grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = prepare(j, "INSERT OR REPLACE INTO texts(name, label, text) VALUES (?, ?, ?)",
                            &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_text(stmt, 1, name, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 2, label, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 3, text, -1, SQLITE_STATIC);
    return step_done(j, stmt, err);
}

grog_status journal_get_text(journal *j, const char *name, char **label, char **text,
                             grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = prepare(j, "SELECT label, text FROM texts WHERE name = ?", &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_text(stmt, 1, name, -1, SQLITE_STATIC);
    *label = NULL;
    *text = NULL;
    if (sqlite3_step(stmt) == SQLITE_ROW) {
        *label = copy((const char *)sqlite3_column_text(stmt, 0));
        *text = copy((const char *)sqlite3_column_text(stmt, 1));
        if (*label == NULL || *text == NULL) {
            free(*label);
            free(*text);
            *label = *text = NULL;
            sqlite3_finalize(stmt);
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        }
    }
    sqlite3_finalize(stmt);
    return GROG_OK;
}

grog_status journal_append(journal *j, const journal_action *a, grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = prepare(j, "INSERT INTO actions(seq, side, words, result, checks) "
                               "VALUES (?, ?, ?, ?, ?)",
                            &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_int64(stmt, 1, a->seq);
    sqlite3_bind_text(stmt, 2, a->side, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 3, a->words, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 4, a->result, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 5, a->checks, -1, SQLITE_STATIC);
    return step_done(j, stmt, err);
}

grog_status journal_delete_last(journal *j, grog_error *err)
{
    return exec(j, "DELETE FROM actions WHERE seq = (SELECT max(seq) FROM actions)", err);
}

grog_status journal_foreach(journal *j,
                            grog_status (*fn)(void *ctx, const journal_action *a, grog_error *err),
                            void *ctx, grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = prepare(j, "SELECT seq, side, words, result, checks FROM actions ORDER BY seq",
                            &stmt, err);
    if (s != GROG_OK)
        return s;
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        journal_action a;
        a.seq = sqlite3_column_int64(stmt, 0);
        a.side = (const char *)sqlite3_column_text(stmt, 1);
        a.words = (const char *)sqlite3_column_text(stmt, 2);
        a.result = (const char *)sqlite3_column_text(stmt, 3);
        a.checks = (const char *)sqlite3_column_text(stmt, 4);
        if (a.side == NULL || a.words == NULL || a.result == NULL || a.checks == NULL) {
            sqlite3_finalize(stmt);
            return grog_error_set(err, GROG_EFORMAT, _("%s: damaged action %lld"), j->label,
                                  a.seq);
        }
        s = fn(ctx, &a, err);
        if (s != GROG_OK) {
            sqlite3_finalize(stmt);
            return s;
        }
    }
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE)
        return db_error(j, err, _("cannot read the actions"));
    return GROG_OK;
}

grog_status journal_last_seq(journal *j, long long *seq, grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = prepare(j, "SELECT coalesce(max(seq), 0) FROM actions", &stmt, err);
    if (s != GROG_OK)
        return s;
    int rc = sqlite3_step(stmt);
    *seq = rc == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : 0;
    sqlite3_finalize(stmt);
    return rc == SQLITE_ROW ? GROG_OK : db_error(j, err, _("cannot read the actions"));
}
