/* journal.c — the SQLite journal of a game. See journal.h for the schema, the
 * one-writer rule and how failures are reported. */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "i18n.h"
#include "journal.h"

#define APPLICATION_ID 0x47524f47 /* 'GROG' */
#define BUSY_MS 5000
#define MMAP_BYTES "1073741824" /* 1 GiB: a 100,000-action game is about 100 MB */

struct journal {
    sqlite3 *db;
    char *label;
    int read_only;
    int in_memory; /* journal_create(NULL): no file */
    int data_version; /* PRAGMA data_version when last looked */
    sqlite3_stmt *append, *by_seq, *last; /* kept prepared: the hot paths */
    sqlite3_stmt *version; /* PRAGMA data_version, twice per action */
    char *row[2][6]; /* copies of the strings of the last row read by last / by_seq */
};

static char *copy(const char *s)
{
    if (s == NULL)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    return d != NULL ? memcpy(d, s, n) : NULL;
}

/* ---- failures by cause ---- */

static grog_status errno_status(const char *label, int e, const char *what, grog_error *err)
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
static grog_status sql_status(journal *j, int rc, const char *what, grog_error *err)
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
            return errno_status(j->label, sys, what, err);
        break;
    }
    return grog_error_set(err, GROG_EIO, _("%s: %s: %s"), j->label, what, sqlite3_errmsg(j->db));
}

static grog_status exec(journal *j, const char *sql, const char *what, grog_error *err)
{
    int rc = sqlite3_exec(j->db, sql, NULL, NULL, NULL);
    return rc == SQLITE_OK ? GROG_OK : sql_status(j, rc, what, err);
}

/* ---- opening ---- */

static grog_status open_db(const char *label, const char *name, int flags, journal **out,
                           grog_error *err)
{
    journal *j = calloc(1, sizeof *j);
    if (j == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    j->label = copy(label);
    int rc = j->label != NULL ? sqlite3_open_v2(name, &j->db, flags, NULL) : SQLITE_NOMEM;
    if (rc != SQLITE_OK) {
        grog_status st = j->db != NULL ? sql_status(j, rc, _("cannot open"), err)
                                       : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        journal_close(j);
        return st;
    }
    sqlite3_extended_result_codes(j->db, 1);
    sqlite3_busy_timeout(j->db, BUSY_MS);
    /* Reading a long game's rows through a memory map instead of a copy of
     * every page (a full replay reads the file twice): a third of its time.
     * SQLite falls back to reading when the map cannot be made. */
    sqlite3_exec(j->db, "PRAGMA mmap_size=" MMAP_BYTES, NULL, NULL, NULL);
    j->read_only = (flags & SQLITE_OPEN_READWRITE) == 0;
    *out = j;
    return GROG_OK;
}

void journal_set_busy_timeout(journal *j, int ms)
{
    sqlite3_busy_timeout(j->db, ms);
}

int journal_read_only(const journal *j)
{
    return j->read_only;
}

int journal_in_memory(const journal *j)
{
    return j->in_memory;
}

static const char *schema =
    "BEGIN;"
    "CREATE TABLE game(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE texts(name TEXT PRIMARY KEY, label TEXT NOT NULL, text TEXT NOT NULL);"
    "CREATE TABLE actions(seq INTEGER PRIMARY KEY, side TEXT NOT NULL, words TEXT NOT NULL,"
    " result TEXT NOT NULL, checks TEXT NOT NULL, undoes INTEGER, rng_from INTEGER,"
    " rng_to INTEGER, top INTEGER, below INTEGER, rtop INTEGER, lang TEXT);"
    "CREATE TABLE snapshots(seq INTEGER PRIMARY KEY, state TEXT NOT NULL, digest TEXT NOT NULL);"
    "PRAGMA application_id=1196576583;"
    "PRAGMA user_version=2;"
    "COMMIT;";

/* Version 1 → 2: the new columns (version 1 rows: every row in effect, in
 * order; stream positions unknown), the snapshots table. */
static const char *upgrade_1 =
    "BEGIN IMMEDIATE;"
    "ALTER TABLE actions ADD COLUMN undoes INTEGER;"
    "ALTER TABLE actions ADD COLUMN rng_from INTEGER;"
    "ALTER TABLE actions ADD COLUMN rng_to INTEGER;"
    "ALTER TABLE actions ADD COLUMN top INTEGER;"
    "ALTER TABLE actions ADD COLUMN below INTEGER;"
    "ALTER TABLE actions ADD COLUMN rtop INTEGER;"
    "ALTER TABLE actions ADD COLUMN lang TEXT;"
    "UPDATE actions SET top = seq, below = seq - 1, rtop = 0;"
    "CREATE TABLE snapshots(seq INTEGER PRIMARY KEY, state TEXT NOT NULL, digest TEXT NOT NULL);"
    "PRAGMA user_version=2;"
    "COMMIT;";

static grog_status init_new(journal *j, int wal, grog_error *err)
{
    grog_status s = exec(j, "PRAGMA synchronous=FULL;", _("cannot write"), err);
    /* an in-memory journal (demo, tests) has no WAL to keep */
    if (s == GROG_OK && wal)
        s = exec(j, "PRAGMA journal_mode=WAL;", _("cannot write"), err);
    if (s == GROG_OK)
        s = exec(j, schema, _("cannot write"), err);
    return s;
}

grog_status journal_create(const char *path, journal **out, grog_error *err)
{
    struct stat st;
    if (path != NULL && stat(path, &st) == 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("%s already exists: choose another name or remove it"), path);
    journal *j;
    grog_status s = open_db(path != NULL ? path : ":memory:", path != NULL ? path : ":memory:",
                            SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &j, err);
    if (s != GROG_OK)
        return s;
    j->in_memory = path == NULL;
    s = init_new(j, path != NULL, err);
    if (s != GROG_OK) {
        journal_close(j);
        if (path != NULL)
            journal_remove(path);
        return s;
    }
    *out = j;
    return GROG_OK;
}

static int pragma_int(journal *j, const char *sql, int *v, int *rc_out)
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

/* "file:PATH?immutable=1" with PATH escaped for a URI. */
static char *immutable_uri(const char *path)
{
    size_t n = strlen(path);
    char *u = malloc(n * 3 + 32);
    if (u == NULL)
        return NULL;
    char *p = u + sprintf(u, "file:");
    for (const char *c = path; *c; c++)
        p += (*c == '%' || *c == '?' || *c == '#') ? sprintf(p, "%%%02X", (unsigned char)*c)
                                                  : sprintf(p, "%c", *c);
    strcpy(p, "?immutable=1");
    return u;
}

/* A file in a folder that cannot be written (no room for SQLite's -shm):
 * opened read-only, as an immutable file, so that it can still be read. */
static grog_status open_read_only(const char *path, journal **out, grog_error *err)
{
    char *uri = immutable_uri(path);
    if (uri == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_status s = open_db(path, uri, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, out, err);
    free(uri);
    return s;
}

static grog_status check_file(journal *j, const char *path, grog_error *err)
{
    int app = 0, version = 0, rc;
    if (!pragma_int(j, "PRAGMA application_id", &app, &rc)) {
        if ((rc & 0xff) == SQLITE_NOTADB || (rc & 0xff) == SQLITE_CORRUPT)
            return grog_error_set(err, GROG_EFORMAT,
                                  _("%s: not a grognard game (not a readable SQLite database)"),
                                  path);
        return sql_status(j, rc, _("cannot read"), err);
    }
    if (app != APPLICATION_ID)
        return grog_error_set(err, GROG_EFORMAT, _("%s: not a grognard game"), path);
    pragma_int(j, "PRAGMA user_version", &version, &rc);
    if (version > GROG_JOURNAL_VERSION)
        return grog_error_set(err, GROG_EFORMAT,
                              _("%s: made by a newer grognard (game format %d; this one reads up "
                                "to %d)"),
                              path, version, GROG_JOURNAL_VERSION);
    int ok = 0;
    if (!pragma_int(j, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name IN "
                       "('game','texts','actions')",
                    &ok, &rc) ||
        ok != 3)
        return grog_error_set(err, GROG_EFORMAT, _("%s: damaged grognard game (tables missing)"),
                              path);
    if (version < 2) {
        if (j->read_only)
            return grog_error_set(err, GROG_EIO,
                                  _("%s: made by an older grognard (game format %d): open it once "
                                    "where it can be written, to bring it up to date"),
                                  path, version);
        grog_status s = exec(j, upgrade_1, _("cannot bring the game up to date"), err);
        if (s != GROG_OK) {
            sqlite3_exec(j->db, "ROLLBACK", NULL, NULL, NULL);
            return s;
        }
    }
    return j->read_only ? GROG_OK : exec(j, "PRAGMA synchronous=FULL;", _("cannot open"), err);
}

grog_status journal_open(const char *path, journal **out, grog_error *err)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            return grog_error_set(err, GROG_ENOTFOUND, _("%s: no such game file"), path);
        return errno_status(path, errno, _("cannot open"), err);
    }
    if (!S_ISREG(st.st_mode))
        return grog_error_set(err, GROG_EFORMAT, _("%s: not a grognard game (not a regular file)"),
                              path);
    if (access(path, R_OK) != 0)
        return errno_status(path, errno, _("cannot read"), err);
    journal *j = NULL;
    grog_status s = open_db(path, path, SQLITE_OPEN_READWRITE, &j, err);
    if (s == GROG_OK && (s = check_file(j, path, err)) != GROG_OK) {
        journal_close(j);
        j = NULL;
    }
    if (s == GROG_EIO) {
        /* a file or folder we may only read (no room for SQLite's -shm): read
         * it as it is; writing it is then refused as read-only */
        journal *r = NULL;
        if (open_read_only(path, &r, NULL) == GROG_OK && check_file(r, path, NULL) == GROG_OK) {
            j = r;
            s = GROG_OK;
        } else {
            journal_close(r);
        }
    }
    if (s != GROG_OK)
        return s;
    journal_changed(j);
    *out = j;
    return GROG_OK;
}

void journal_checkpoint(journal *j)
{
    if (j != NULL && j->db != NULL && !j->read_only)
        sqlite3_wal_checkpoint_v2(j->db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
}

void journal_close(journal *j)
{
    if (j == NULL)
        return;
    sqlite3_finalize(j->append);
    sqlite3_finalize(j->by_seq);
    sqlite3_finalize(j->last);
    sqlite3_finalize(j->version);
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 6; i++)
            free(j->row[k][i]);
    journal_checkpoint(j);
    sqlite3_close(j->db);
    free(j->label);
    free(j);
}

void journal_remove(const char *path)
{
    static const char *const suffixes[] = {"", "-wal", "-shm", "-journal"};
    char name[4096];
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        snprintf(name, sizeof name, "%s%s", path, suffixes[i]);
        remove(name);
    }
}

/* ---- creating in place ---- */

static void sync_dir_of(const char *path)
{
    char *d = copy(path);
    if (d == NULL)
        return;
    int fd = open(dirname(d), O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(d);
}

grog_status journal_create_atomic(const char *path,
                                  grog_status (*build)(void *ctx, journal *j, grog_error *err),
                                  void *ctx, journal **out, grog_error *err)
{
    struct stat st;
    if (stat(path, &st) == 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("%s already exists: choose another name or remove it"), path);
    size_t n = strlen(path);
    char *tmp = malloc(n + 16);
    if (tmp == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    snprintf(tmp, n + 16, "%s.new-XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        grog_status s = errno_status(path, errno, _("cannot create"), err);
        free(tmp);
        return s;
    }
    close(fd);
    journal *j;
    grog_status s = open_db(path, tmp, SQLITE_OPEN_READWRITE, &j, err);
    if (s == GROG_OK) {
        s = init_new(j, 1, err);
        if (s == GROG_OK)
            s = build(ctx, j, err);
        if (s == GROG_OK)
            s = exec(j, "PRAGMA wal_checkpoint(TRUNCATE);", _("cannot write"), err);
        journal_close(j);
    }
    if (s == GROG_OK) {
        /* link, not rename: it fails rather than replace a game made meanwhile */
        if (link(tmp, path) != 0)
            s = errno == EEXIST
                    ? grog_error_set(err, GROG_EINVAL,
                                     _("%s already exists: choose another name or remove it"),
                                     path)
                    : errno_status(path, errno, _("cannot create"), err);
        else
            sync_dir_of(path);
    }
    journal_remove(tmp);
    free(tmp);
    if (s != GROG_OK)
        return s;
    return journal_open(path, out, err);
}

/* ---- transactions ---- */

grog_status journal_begin(journal *j, grog_error *err)
{
    if (j->read_only)
        return grog_error_set(err, GROG_EIO,
                              _("%s: cannot write: read-only (the file or its folder cannot be "
                                "written)"),
                              j->label);
    int rc = sqlite3_exec(j->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
    if (rc == SQLITE_OK)
        return GROG_OK;
    return sql_status(j, rc, _("cannot write"), err);
}

grog_status journal_commit(journal *j, grog_error *err)
{
    int rc = sqlite3_exec(j->db, "COMMIT", NULL, NULL, NULL);
    if (rc != SQLITE_OK) {
        grog_status s = sql_status(j, rc, _("cannot write"), err);
        journal_rollback(j);
        return s;
    }
    /* No look at PRAGMA data_version here: our own commit does not change
     * it, and another process may commit between our COMMIT and the look,
     * whose rows would then never be caught up (the next action appending
     * a number already taken). The version was read inside the transaction,
     * by game_catch_up, when nobody else could write. */
    return GROG_OK;
}

void journal_rollback(journal *j)
{
    if (!sqlite3_get_autocommit(j->db))
        sqlite3_exec(j->db, "ROLLBACK", NULL, NULL, NULL);
}

grog_status journal_read_begin(journal *j, grog_error *err)
{
    int rc = sqlite3_exec(j->db, "SAVEPOINT grog_read", NULL, NULL, NULL);
    return rc == SQLITE_OK ? GROG_OK : sql_status(j, rc, _("cannot read"), err);
}

void journal_read_end(journal *j)
{
    sqlite3_exec(j->db, "RELEASE grog_read", NULL, NULL, NULL);
}

int journal_changed(journal *j)
{
    if (j->version == NULL &&
        sqlite3_prepare_v2(j->db, "PRAGMA data_version", -1, &j->version, NULL) != SQLITE_OK)
        return 1;
    int rc = sqlite3_step(j->version);
    int v = rc == SQLITE_ROW ? sqlite3_column_int(j->version, 0) : 0;
    sqlite3_reset(j->version); /* holds no read transaction */
    if (rc != SQLITE_ROW)
        return 1;
    int changed = v != j->data_version;
    j->data_version = v;
    return changed;
}

/* ---- keys and texts ---- */

static grog_status prepare(journal *j, const char *sql, sqlite3_stmt **stmt, grog_error *err)
{
    int rc = sqlite3_prepare_v2(j->db, sql, -1, stmt, NULL);
    if (rc != SQLITE_OK)
        return sql_status(j, rc, _("cannot read"), err);
    return GROG_OK;
}

static grog_status step_done(journal *j, sqlite3_stmt *stmt, grog_error *err)
{
    int rc = sqlite3_step(stmt);
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE)
        return sql_status(j, rc, _("cannot write"), err);
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
        if (rc != SQLITE_DONE)
            return sql_status(j, rc, _("cannot read"), err);
        return grog_error_set(err, GROG_EFORMAT, _("%s: damaged grognard game (no \"%s\")"),
                              j->label, key);
    }
    *value = copy((const char *)sqlite3_column_text(stmt, 0));
    sqlite3_finalize(stmt);
    return *value != NULL ? GROG_OK
                          : grog_error_set(err, GROG_EFORMAT,
                                           _("%s: damaged grognard game (no \"%s\")"), j->label,
                                           key);
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
    int rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) {
        const char *l = (const char *)sqlite3_column_text(stmt, 0);
        const char *t = (const char *)sqlite3_column_text(stmt, 1);
        *label = copy(l != NULL ? l : "");
        *text = copy(t != NULL ? t : "");
        if (*label == NULL || *text == NULL) {
            free(*label);
            free(*text);
            *label = *text = NULL;
            sqlite3_finalize(stmt);
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        }
    } else if (rc != SQLITE_DONE) {
        sqlite3_finalize(stmt);
        return sql_status(j, rc, _("cannot read"), err);
    }
    sqlite3_finalize(stmt);
    return GROG_OK;
}

/* ---- actions ---- */

#define COLUMNS "seq, side, words, result, checks, undoes, rng_from, rng_to, top, below, rtop, lang"

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
        s = prepare(j, "INSERT INTO actions(" COLUMNS ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                    &j->append, err);
    if (s != GROG_OK)
        return s;
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
    int rc = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt);
    return rc == SQLITE_DONE ? GROG_OK : sql_status(j, rc, _("cannot write"), err);
}

static long long col_opt(sqlite3_stmt *stmt, int i, long long none)
{
    return sqlite3_column_type(stmt, i) == SQLITE_NULL ? none : sqlite3_column_int64(stmt, i);
}

/* Reads the row under stmt; GROG_EFORMAT when a column is missing. */
static grog_status read_row(journal *j, sqlite3_stmt *stmt, journal_action *a, grog_error *err)
{
    a->seq = sqlite3_column_int64(stmt, 0);
    a->side = (const char *)sqlite3_column_text(stmt, 1);
    a->words = (const char *)sqlite3_column_text(stmt, 2);
    a->result = (const char *)sqlite3_column_text(stmt, 3);
    a->checks = (const char *)sqlite3_column_text(stmt, 4);
    a->undoes = col_opt(stmt, 5, 0);
    a->rng_from = col_opt(stmt, 6, -1);
    a->rng_to = col_opt(stmt, 7, -1);
    a->top = col_opt(stmt, 8, a->seq);
    a->below = col_opt(stmt, 9, a->seq - 1);
    a->rtop = col_opt(stmt, 10, 0);
    a->lang = (const char *)sqlite3_column_text(stmt, 11);
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
            j->row[k][i] = copy(src[i]);
            if (src[i] != NULL && j->row[k][i] == NULL)
                s = grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        }
        a->side = j->row[k][0];
        a->words = j->row[k][1];
        a->result = j->row[k][2];
        a->checks = j->row[k][3];
        a->lang = j->row[k][4];
    } else if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        s = sql_status(j, rc, _("cannot read the actions"), err);
    }
    sqlite3_reset(stmt);
    return s;
}

grog_status journal_last(journal *j, journal_action *a, int *found, grog_error *err)
{
    grog_status s = GROG_OK;
    if (j->last == NULL)
        s = prepare(j, "SELECT " COLUMNS " FROM actions ORDER BY seq DESC LIMIT 1", &j->last, err);
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
        s = prepare(j, "SELECT " COLUMNS " FROM actions WHERE seq = ?", &j->by_seq, err);
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
    if (!pragma_int(j, "SELECT coalesce(max(seq), 0) FROM actions", &v, &rc))
        return sql_status(j, rc, _("cannot read the actions"), err);
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
        prepare(j, "SELECT " COLUMNS " FROM actions WHERE seq > ? ORDER BY seq", &stmt, err);
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
        return sql_status(j, rc, _("cannot read the actions"), err);
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
    grog_status s = prepare(j, "SELECT seq, undoes, below FROM actions WHERE seq > ? ORDER BY seq",
                            &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_int64(stmt, 1, after);
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        long long seq = sqlite3_column_int64(stmt, 0);
        s = fn(ctx, seq, col_opt(stmt, 1, 0), col_opt(stmt, 2, seq - 1), err);
        if (s != GROG_OK) {
            sqlite3_finalize(stmt);
            return s;
        }
    }
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE ? GROG_OK : sql_status(j, rc, _("cannot read the actions"), err);
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
        if ((s = prepare(j, sql[i], &stmt, err)) != GROG_OK)
            return s;
        sqlite3_bind_int64(stmt, 1, keep);
        if ((s = step_done(j, stmt, err)) != GROG_OK)
            return s;
    }
    return GROG_OK;
}

/* ---- snapshots ---- */

grog_status journal_put_snapshot(journal *j, long long seq, const char *state,
                                 const char *digest, grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = prepare(j, "INSERT OR REPLACE INTO snapshots(seq, state, digest) "
                               "VALUES (?, ?, ?)",
                            &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_int64(stmt, 1, seq);
    sqlite3_bind_text(stmt, 2, state, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 3, digest, -1, SQLITE_STATIC);
    return step_done(j, stmt, err);
}

grog_status journal_snapshots(journal *j, long long at_most,
                              int (*fn)(void *ctx, long long seq, const char *state,
                                        const char *digest),
                              void *ctx, grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = prepare(j, "SELECT seq, state, digest FROM snapshots WHERE seq <= ? "
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
    return pragma_int(j, "SELECT coalesce(max(seq), 0) FROM snapshots", &v, &rc) ? v : 0;
}

grog_status journal_snapshot_seqs(journal *j, long long at_most, long long *seqs, size_t max,
                                  size_t *n, grog_error *err)
{
    sqlite3_stmt *stmt;
    *n = 0;
    grog_status s = prepare(j, "SELECT seq FROM snapshots WHERE seq <= ? ORDER BY seq DESC LIMIT ?",
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
                                                 : sql_status(j, rc, _("cannot read"), err);
}

grog_status journal_get_snapshot(journal *j, long long seq, char **state, char **digest,
                                 int *found, grog_error *err)
{
    sqlite3_stmt *stmt;
    *state = *digest = NULL;
    *found = 0;
    grog_status s = prepare(j, "SELECT state, digest FROM snapshots WHERE seq = ?", &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_int64(stmt, 1, seq);
    int rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) {
        const char *t = (const char *)sqlite3_column_text(stmt, 0);
        const char *d = (const char *)sqlite3_column_text(stmt, 1);
        *state = copy(t != NULL ? t : "");
        *digest = copy(d != NULL ? d : "");
        *found = 1;
        if (*state == NULL || *digest == NULL) {
            free(*state);
            free(*digest);
            *state = *digest = NULL;
            *found = 0;
            s = grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        }
    } else if (rc != SQLITE_DONE) {
        s = sql_status(j, rc, _("cannot read"), err);
    }
    sqlite3_finalize(stmt);
    return s;
}

grog_status journal_delete_snapshot(journal *j, long long seq, grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = prepare(j, "DELETE FROM snapshots WHERE seq = ?", &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_int64(stmt, 1, seq);
    return step_done(j, stmt, err);
}

grog_status journal_prune_snapshots(journal *j, long long keep, grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = prepare(j, "DELETE FROM snapshots WHERE seq NOT IN "
                               "(SELECT seq FROM snapshots ORDER BY seq DESC LIMIT ?)",
                            &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_int64(stmt, 1, keep);
    return step_done(j, stmt, err);
}

grog_status journal_part_begin(journal *j, grog_error *err)
{
    return exec(j, "SAVEPOINT grog_part", _("cannot write"), err);
}

void journal_part_end(journal *j, int keep)
{
    if (!keep)
        sqlite3_exec(j->db, "ROLLBACK TO grog_part", NULL, NULL, NULL);
    sqlite3_exec(j->db, "RELEASE grog_part", NULL, NULL, NULL);
}

int journal_in_transaction(journal *j)
{
    return !sqlite3_get_autocommit(j->db);
}
