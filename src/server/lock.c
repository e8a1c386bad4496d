/* lock.c — one server per game file. See lock.h.
 *
 * Invariant: the descriptor holding the flock stays open until the game is
 * closed (lock_release comes last): closing any descriptor of the file
 * would drop SQLite's POSIX locks with it. */
#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "grognard/text.h"
#include "i18n.h"
#include "lock.h"

struct serve_lock {
    int fd;
    char *path;
};

static const char holder_table[] =
    "CREATE TABLE IF NOT EXISTS serve_holder(id INTEGER PRIMARY KEY, pid INTEGER NOT NULL, "
    "address TEXT NOT NULL)";

/* "process 1234 (127.0.0.1:8173)" from the file, or "another process". */
static void read_holder(const char *path, char *out, size_t size)
{
    grog_text_snprintf(out, size, "%s", _("another process"));
    sqlite3 *db = NULL;
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(db, "SELECT pid, address FROM serve_holder WHERE id = 1", -1, &stmt,
                           NULL) == SQLITE_OK &&
        sqlite3_step(stmt) == SQLITE_ROW) {
        const char *a = (const char *)sqlite3_column_text(stmt, 1);
        grog_text_snprintf(out, size, _("process %lld (%s)"),
                           (long long)sqlite3_column_int64(stmt, 0), a != NULL ? a : "?");
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
}

grog_status lock_take(const char *path, serve_lock **out, grog_error *err)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOENT ? grog_error_set(err, GROG_ENOTFOUND, _("%s: no such game file"),
                                                path)
                               : grog_error_set(err, GROG_EIO, _("%s: cannot open: %s"), path,
                                                strerror(errno));
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        int e = errno;
        close(fd);
        if (e != EWOULDBLOCK)
            return grog_error_set(err, GROG_EIO, _("%s: cannot lock: %s"), path, strerror(e));
        char who[256];
        read_holder(path, who, sizeof who);
        return grog_error_set(err, GROG_EBUSY,
                              _("%s is already served by %s: one server per game (stop that "
                                "one first, or open its links)"),
                              path, who);
    }
    serve_lock *l = calloc(1, sizeof *l);
    if (l == NULL || (l->path = strdup(path)) == NULL) {
        free(l);
        close(fd);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    l->fd = fd;
    *out = l;
    return GROG_OK;
}

grog_status lock_record(serve_lock *l, const char *address, grog_error *err)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_open_v2(l->path, &db, SQLITE_OPEN_READWRITE, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_busy_timeout(db, 5000);
        rc = sqlite3_exec(db, holder_table, NULL, NULL, NULL);
    }
    if (rc == SQLITE_OK)
        rc = sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO serve_holder(id, pid, address) "
                                    "VALUES (1, ?, ?)",
                                -1, &stmt, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_int64(stmt, 1, (sqlite3_int64)getpid());
        sqlite3_bind_text(stmt, 2, address, -1, SQLITE_STATIC);
        rc = sqlite3_step(stmt) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
    }
    grog_status st = rc == SQLITE_OK ? GROG_OK
                                     : grog_error_set(err, GROG_EIO, _("%s: cannot write: %s"),
                                                      l->path,
                                                      db != NULL ? sqlite3_errmsg(db) : "sqlite");
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return st;
}

void lock_release(serve_lock *l)
{
    if (l == NULL)
        return;
    close(l->fd); /* the flock goes with it */
    free(l->path);
    free(l);
}
