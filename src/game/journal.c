/* journal.c — the SQLite file of a game: opening, creating in place,
 * closing, transactions, keys and texts. The rows (actions, snapshots) are
 * journal_rows.c's. See journal.h for the schema, the one-writer rule and
 * how failures are reported. */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <dirent.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "i18n.h"
#include "journal_db.h"

#define APPLICATION_ID 0x47524f47 /* 'GROG' */
#define BUSY_MS 5000
#define MMAP_BYTES "1073741824" /* 1 GiB: a 100,000-action game is about 100 MB */

/* ---- opening ---- */

static grog_status open_db(const char *label, const char *name, int flags, journal **out,
                           grog_error *err)
{
    journal *j = calloc(1, sizeof *j);
    if (j == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    j->label = journal_db_copy(label);
    int rc = j->label != NULL ? sqlite3_open_v2(name, &j->db, flags, NULL) : SQLITE_NOMEM;
    if (rc != SQLITE_OK) {
        grog_status st = j->db != NULL ? journal_db_status(j, rc, _("cannot open"), err)
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
    " rng_to INTEGER, top INTEGER, below INTEGER, rtop INTEGER, lang TEXT, hash TEXT);"
    "CREATE TABLE snapshots(seq INTEGER PRIMARY KEY, state TEXT NOT NULL, digest TEXT NOT NULL,"
    " hash TEXT);"
    "PRAGMA application_id=1196576583;"
    "PRAGMA user_version=3;"
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

/* Version 2 → 3: the chain of hashes (journal_chain.c), worked out for
 * the rows already there. */
static grog_status upgrade_2(journal *j, grog_error *err)
{
    const char *what = _("cannot bring the game up to date");
    grog_status s = journal_db_exec(j,
                                    "BEGIN IMMEDIATE;"
                                    "ALTER TABLE actions ADD COLUMN hash TEXT;"
                                    "ALTER TABLE snapshots ADD COLUMN hash TEXT;",
                                    what, err);
    if (s == GROG_OK)
        s = journal_chain_make(j, err);
    if (s == GROG_OK)
        s = journal_db_exec(j, "PRAGMA user_version=3; COMMIT;", what, err);
    if (s != GROG_OK)
        sqlite3_exec(j->db, "ROLLBACK", NULL, NULL, NULL);
    return s;
}

static grog_status init_new(journal *j, int wal, grog_error *err)
{
    grog_status s = journal_db_exec(j, "PRAGMA synchronous=FULL;", _("cannot write"), err);
    /* an in-memory journal (demo, tests) has no WAL to keep */
    if (s == GROG_OK && wal)
        s = journal_db_exec(j, "PRAGMA journal_mode=WAL;", _("cannot write"), err);
    if (s == GROG_OK)
        s = journal_db_exec(j, schema, _("cannot write"), err);
    j->hashed = 1;
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

/* What the first bytes of a file that SQLite cannot read say it is: 1 a
 * grognard game (SQLite's header with our application id, bytes 68..71),
 * 0 something else, -1 unreadable. */
static int looks_like_ours(const char *path)
{
    unsigned char h[100];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, h, sizeof h);
    close(fd);
    if (n < (ssize_t)sizeof h || memcmp(h, "SQLite format 3", 16) != 0)
        return 0;
    unsigned long app = (unsigned long)h[68] << 24 | (unsigned long)h[69] << 16 |
                        (unsigned long)h[70] << 8 | h[71];
    return app == APPLICATION_ID;
}

static grog_status check_file(journal *j, const char *path, grog_error *err)
{
    int app = 0, version = 0, rc;
    if (!journal_db_int(j, "PRAGMA application_id", &app, &rc)) {
        if ((rc & 0xff) == SQLITE_NOTADB || (rc & 0xff) == SQLITE_CORRUPT) {
            if (looks_like_ours(path) == 1) /* ours, but SQLite cannot read it */
                return grog_error_set(err, GROG_EFORMAT,
                                      _("%s: damaged grognard game (SQLite: %s)"), path,
                                      sqlite3_errmsg(j->db));
            return grog_error_set(err, GROG_EFORMAT,
                                  _("%s: not a grognard game (not a readable SQLite database)"),
                                  path);
        }
        return journal_db_status(j, rc, _("cannot read"), err);
    }
    if (app != APPLICATION_ID)
        return grog_error_set(err, GROG_EFORMAT, _("%s: not a grognard game"), path);
    journal_db_int(j, "PRAGMA user_version", &version, &rc);
    if (version > GROG_JOURNAL_VERSION)
        return grog_error_set(err, GROG_EFORMAT,
                              _("%s: made by a newer grognard (game format %d; this one reads up "
                                "to %d)"),
                              path, version, GROG_JOURNAL_VERSION);
    int ok = 0;
    if (!journal_db_int(j, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name IN "
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
        grog_status s = journal_db_exec(j, upgrade_1, _("cannot bring the game up to date"), err);
        if (s != GROG_OK) {
            sqlite3_exec(j->db, "ROLLBACK", NULL, NULL, NULL);
            return s;
        }
        version = 2;
    }
    if (version < 3 && !j->read_only) { /* a file that may only be read keeps no chain */
        grog_status s = upgrade_2(j, err);
        if (s != GROG_OK)
            return s;
        version = 3;
    }
    j->hashed = version >= 3;
    return j->read_only ? GROG_OK : journal_db_exec(j, "PRAGMA synchronous=FULL;", _("cannot open"), err);
}

/* A path that names a regular file we may read, or why not. */
static grog_status check_path(const char *path, grog_error *err)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            return grog_error_set(err, GROG_ENOTFOUND, _("%s: no such game file"), path);
        return journal_db_errno(path, errno, _("cannot open"), err);
    }
    if (!S_ISREG(st.st_mode))
        return grog_error_set(err, GROG_EFORMAT, _("%s: not a grognard game (not a regular file)"),
                              path);
    if (access(path, R_OK) != 0)
        return journal_db_errno(path, errno, _("cannot read"), err);
    return GROG_OK;
}

grog_status journal_open(const char *path, journal **out, grog_error *err)
{
    grog_status s = check_path(path, err);
    if (s != GROG_OK)
        return s;
    journal *j = NULL;
    s = open_db(path, path, SQLITE_OPEN_READWRITE, &j, err);
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

grog_status journal_open_reader(const char *path, journal **out, grog_error *err)
{
    grog_status s = check_path(path, err);
    if (s != GROG_OK)
        return s;
    journal *j = NULL;
    s = open_db(path, path, SQLITE_OPEN_READONLY, &j, err);
    if (s == GROG_OK && (s = check_file(j, path, err)) != GROG_OK) {
        journal_close(j);
        return s;
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
    sqlite3_finalize(j->hash_of);
    sqlite3_finalize(j->get);
    sqlite3_finalize(j->begin);
    sqlite3_finalize(j->commit);
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
    char *d = journal_db_copy(path);
    if (d == NULL)
        return;
    int fd = open(dirname(d), O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(d);
}

/* Whether name is a temporary game of a `new` ("GAME.new-XXXXXX", with or
 * without SQLite's -wal, -shm or -journal): its length up to the suffix. */
static size_t temporary_of(const char *name)
{
    const char *at = strstr(name, ".new-");
    while (at != NULL) {
        const char *r = at + 5;
        size_t k = 0;
        while (k < 6 && ((r[k] >= 'a' && r[k] <= 'z') || (r[k] >= 'A' && r[k] <= 'Z') ||
                         (r[k] >= '0' && r[k] <= '9')))
            k++;
        const char *tail = r + k;
        if (k == 6 && (*tail == '\0' || strcmp(tail, "-wal") == 0 ||
                       strcmp(tail, "-shm") == 0 || strcmp(tail, "-journal") == 0))
            return (size_t)(tail - name);
        at = strstr(at + 1, ".new-");
    }
    return 0;
}

/* Removes what a `new` killed half-way left in path's folder: every
 * temporary game no live `new` holds (each holds a flock on its own while
 * it builds it) and older by a minute than ours (made at `now`, by the
 * file system's clock: one made this instant may not be locked yet), with
 * its SQLite companions. */
static void remove_stale_temporaries(const char *path, time_t now)
{
    char *d = journal_db_copy(path);
    if (d == NULL)
        return;
    char *dir = dirname(d);
    DIR *dp = opendir(dir);
    struct dirent *e;
    while (dp != NULL && (e = readdir(dp)) != NULL) {
        size_t base = temporary_of(e->d_name);
        if (base == 0 || e->d_name[base] != '\0')
            continue; /* companions go with their game */
        char full[4096];
        if (snprintf(full, sizeof full, "%s/%s", dir, e->d_name) >= (int)sizeof full)
            continue;
        struct stat st;
        if (stat(full, &st) != 0 || st.st_mtime > now - 60)
            continue;
        int fd = open(full, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            continue;
        if (flock(fd, LOCK_EX | LOCK_NB) == 0)
            journal_remove(full); /* nobody builds it: left by a killed `new` */
        close(fd);
    }
    if (dp != NULL)
        closedir(dp);
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
        grog_status s = journal_db_errno(path, errno, _("cannot create"), err);
        free(tmp);
        return s;
    }
    /* held while the game is built, so that another `new` in this folder
     * knows it is not a leftover; closed only after SQLite's own descriptor
     * (closing a descriptor of the file drops SQLite's locks on it) */
    flock(fd, LOCK_EX);
    struct stat mine;
    if (fstat(fd, &mine) == 0)
        remove_stale_temporaries(path, mine.st_mtime);
    journal *j;
    grog_status s = open_db(path, tmp, SQLITE_OPEN_READWRITE, &j, err);
    if (s == GROG_OK) {
        s = init_new(j, 1, err);
        if (s == GROG_OK)
            s = build(ctx, j, err);
        if (s == GROG_OK)
            s = journal_db_exec(j, "PRAGMA wal_checkpoint(TRUNCATE);", _("cannot write"), err);
        journal_close(j);
    }
    if (s == GROG_OK) {
        /* link, not rename: it fails rather than replace a game made meanwhile */
        if (link(tmp, path) != 0)
            s = errno == EEXIST
                    ? grog_error_set(err, GROG_EINVAL,
                                     _("%s already exists: choose another name or remove it"),
                                     path)
                    : journal_db_errno(path, errno, _("cannot create"), err);
        else
            sync_dir_of(path);
    }
    journal_remove(tmp);
    close(fd);
    free(tmp);
    if (s != GROG_OK)
        return s;
    return journal_open(path, out, err);
}

/* ---- the online backup ---- */

grog_status journal_backup(journal *j, const char *copy, grog_error *err)
{
    struct stat st;
    if (stat(copy, &st) == 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("%s already exists: choose another name or remove it"), copy);
    size_t n = strlen(copy);
    char *tmp = malloc(n + 16);
    if (tmp == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    snprintf(tmp, n + 16, "%s.new-XXXXXX", copy);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        grog_status s = journal_db_errno(copy, errno, _("cannot create"), err);
        free(tmp);
        return s;
    }
    flock(fd, LOCK_EX); /* not a leftover (remove_stale_temporaries) */
    sqlite3 *dst = NULL;
    int rc = sqlite3_open_v2(tmp, &dst, SQLITE_OPEN_READWRITE, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(dst, "PRAGMA synchronous=FULL", NULL, NULL, NULL);
    sqlite3_backup *b = rc == SQLITE_OK ? sqlite3_backup_init(dst, "main", j->db, "main") : NULL;
    if (b != NULL) {
        /* the whole file in one step: a writer meanwhile would restart it */
        for (int tries = 0; tries < 500; tries++) {
            rc = sqlite3_backup_step(b, -1);
            if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED)
                break;
            sqlite3_sleep(10);
        }
        int end = sqlite3_backup_finish(b);
        rc = rc == SQLITE_DONE ? end : rc;
    } else if (rc == SQLITE_OK) {
        rc = sqlite3_errcode(dst);
    }
    grog_status s = GROG_OK;
    if (rc != SQLITE_OK)
        s = grog_error_set(err, GROG_EIO, _("%s: cannot copy: %s"), copy,
                           dst != NULL ? sqlite3_errmsg(dst) : "sqlite");
    if (s == GROG_OK && sqlite3_exec(dst, "PRAGMA wal_checkpoint(TRUNCATE)", NULL, NULL, NULL) !=
                            SQLITE_OK)
        s = grog_error_set(err, GROG_EIO, _("%s: cannot copy: %s"), copy, sqlite3_errmsg(dst));
    sqlite3_close(dst);
    if (s == GROG_OK && link(tmp, copy) != 0)
        s = errno == EEXIST ? grog_error_set(err, GROG_EINVAL,
                                             _("%s already exists: choose another name or "
                                               "remove it"),
                                             copy)
                            : journal_db_errno(copy, errno, _("cannot create"), err);
    else if (s == GROG_OK)
        sync_dir_of(copy);
    journal_remove(tmp);
    close(fd);
    free(tmp);
    return s;
}

/* ---- transactions ---- */

/* Runs sql through the statement kept in *stmt (prepared the first time:
 * every action begins and commits, and parsing them each time was a tenth
 * of an action's CPU); SQLITE_OK or SQLite's code. */
static int run_kept(journal *j, sqlite3_stmt **stmt, const char *sql)
{
    int rc = *stmt != NULL ? SQLITE_OK : sqlite3_prepare_v2(j->db, sql, -1, stmt, NULL);
    if (rc != SQLITE_OK)
        return rc;
    rc = sqlite3_step(*stmt);
    sqlite3_reset(*stmt);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

grog_status journal_begin(journal *j, grog_error *err)
{
    if (j->read_only)
        return grog_error_set(err, GROG_EIO,
                              _("%s: cannot write: read-only (the file or its folder cannot be "
                                "written)"),
                              j->label);
    int rc = run_kept(j, &j->begin, "BEGIN IMMEDIATE");
    if (rc == SQLITE_OK)
        return GROG_OK;
    return journal_db_status(j, rc, _("cannot write"), err);
}

grog_status journal_commit(journal *j, grog_error *err)
{
    int rc = run_kept(j, &j->commit, "COMMIT");
    if (rc != SQLITE_OK) {
        grog_status s = journal_db_status(j, rc, _("cannot write"), err);
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
    return rc == SQLITE_OK ? GROG_OK : journal_db_status(j, rc, _("cannot read"), err);
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

grog_status journal_set(journal *j, const char *key, const char *value, grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = journal_db_prepare(j, "INSERT OR REPLACE INTO game(key, value) VALUES (?, ?)", &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_text(stmt, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 2, value, -1, SQLITE_STATIC);
    return journal_db_step_done(j, stmt, err);
}

/* A key's value through stmt (reset after, holding no read transaction). */
static grog_status get_value(journal *j, sqlite3_stmt *stmt, const char *key, char **value,
                             grog_error *err)
{
    sqlite3_bind_text(stmt, 1, key, -1, SQLITE_STATIC);
    int rc = sqlite3_step(stmt);
    if (rc != SQLITE_ROW) {
        sqlite3_reset(stmt);
        *value = NULL;
        if (rc != SQLITE_DONE)
            return journal_db_status(j, rc, _("cannot read"), err);
        return grog_error_set(err, GROG_EFORMAT, _("%s: damaged grognard game (no \"%s\")"),
                              j->label, key);
    }
    *value = journal_db_copy((const char *)sqlite3_column_text(stmt, 0));
    sqlite3_reset(stmt);
    return *value != NULL ? GROG_OK
                          : grog_error_set(err, GROG_EFORMAT,
                                           _("%s: damaged grognard game (no \"%s\")"), j->label,
                                           key);
}

grog_status journal_get_kept(journal *j, const char *key, char **value, grog_error *err)
{
    grog_status s = j->get != NULL ? GROG_OK
                                   : journal_db_prepare(j, "SELECT value FROM game WHERE key = ?",
                                                        &j->get, err);
    return s != GROG_OK ? s : get_value(j, j->get, key, value, err);
}

grog_status journal_get(journal *j, const char *key, char **value, grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = journal_db_prepare(j, "SELECT value FROM game WHERE key = ?", &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_text(stmt, 1, key, -1, SQLITE_STATIC);
    int rc = sqlite3_step(stmt);
    if (rc != SQLITE_ROW) {
        sqlite3_finalize(stmt);
        *value = NULL;
        if (rc != SQLITE_DONE)
            return journal_db_status(j, rc, _("cannot read"), err);
        return grog_error_set(err, GROG_EFORMAT, _("%s: damaged grognard game (no \"%s\")"),
                              j->label, key);
    }
    *value = journal_db_copy((const char *)sqlite3_column_text(stmt, 0));
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
    grog_status s = journal_db_prepare(j, "INSERT OR REPLACE INTO texts(name, label, text) VALUES (?, ?, ?)",
                            &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_text(stmt, 1, name, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 2, label, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 3, text, -1, SQLITE_STATIC);
    return journal_db_step_done(j, stmt, err);
}

grog_status journal_get_text(journal *j, const char *name, char **label, char **text,
                             grog_error *err)
{
    sqlite3_stmt *stmt;
    grog_status s = journal_db_prepare(j, "SELECT label, text FROM texts WHERE name = ?", &stmt, err);
    if (s != GROG_OK)
        return s;
    sqlite3_bind_text(stmt, 1, name, -1, SQLITE_STATIC);
    *label = NULL;
    *text = NULL;
    int rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) {
        const char *l = (const char *)sqlite3_column_text(stmt, 0);
        const char *t = (const char *)sqlite3_column_text(stmt, 1);
        *label = journal_db_copy(l != NULL ? l : "");
        *text = journal_db_copy(t != NULL ? t : "");
        if (*label == NULL || *text == NULL) {
            free(*label);
            free(*text);
            *label = *text = NULL;
            sqlite3_finalize(stmt);
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        }
    } else if (rc != SQLITE_DONE) {
        sqlite3_finalize(stmt);
        return journal_db_status(j, rc, _("cannot read"), err);
    }
    sqlite3_finalize(stmt);
    return GROG_OK;
}

grog_status journal_part_begin(journal *j, grog_error *err)
{
    return journal_db_exec(j, "SAVEPOINT grog_part", _("cannot write"), err);
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
