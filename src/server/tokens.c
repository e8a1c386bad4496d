/* tokens.c — the seats' tokens, kept in the game file. See tokens.h.
 *
 * Invariant: a stored token is always 32 lowercase hex digits; a row that is
 * not (an edited file) is replaced by a new token, never trusted. */
#include <errno.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/random.h>

#include "i18n.h"
#include "tokens.h"

static grog_status db_fail(sqlite3 *db, const char *path, grog_error *err)
{
    return grog_error_set(err, GROG_EIO, _("%s: the links' tokens: %s"), path,
                          db != NULL ? sqlite3_errmsg(db) : "sqlite");
}

static grog_status make_token(token_text out, grog_error *err)
{
    static const char hex[] = "0123456789abcdef";
    unsigned char raw[TOKEN_HEX / 2];
    size_t got = 0;
    while (got < sizeof raw) {
        ssize_t n = getrandom(raw + got, sizeof raw - got, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return grog_error_set(err, GROG_EIO, _("no random numbers for a token: %s"),
                                  strerror(errno));
        got += (size_t)n;
    }
    for (size_t i = 0; i < sizeof raw; i++) {
        out[2 * i] = hex[raw[i] >> 4];
        out[2 * i + 1] = hex[raw[i] & 15];
    }
    out[TOKEN_HEX] = '\0';
    return GROG_OK;
}

static int well_formed(const unsigned char *t)
{
    if (t == NULL || strlen((const char *)t) != TOKEN_HEX)
        return 0;
    for (size_t i = 0; i < TOKEN_HEX; i++)
        if (!((t[i] >= '0' && t[i] <= '9') || (t[i] >= 'a' && t[i] <= 'f')))
            return 0;
    return 1;
}

/* The stored token of key into out; 1 found, 0 absent or malformed, -1 error. */
static int stored(sqlite3 *db, const char *key, token_text out)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "SELECT token FROM serve_tokens WHERE seat = ?", -1, &st, NULL) !=
        SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    int found = 0;
    if (rc == SQLITE_ROW && well_formed(sqlite3_column_text(st, 0))) {
        memcpy(out, sqlite3_column_text(st, 0), TOKEN_HEX + 1);
        found = 1;
    }
    sqlite3_finalize(st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? found : -1;
}

static int store(sqlite3 *db, const char *key, const token_text t)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO serve_tokens(seat, token) VALUES (?, ?)",
                           -1, &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, t, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* Within the open transaction: each key's token, made when missing. */
static grog_status fill(sqlite3 *db, const char *path, int renew, size_t n,
                        const char *const *keys, token_text *tokens, grog_error *err)
{
    if (renew && sqlite3_exec(db, "DELETE FROM serve_tokens", NULL, NULL, NULL) != SQLITE_OK)
        return db_fail(db, path, err);
    for (size_t i = 0; i < n; i++) {
        int found = stored(db, keys[i], tokens[i]);
        if (found < 0)
            return db_fail(db, path, err);
        if (found)
            continue;
        grog_status st = make_token(tokens[i], err);
        if (st != GROG_OK)
            return st;
        if (store(db, keys[i], tokens[i]) != 0)
            return db_fail(db, path, err);
    }
    return GROG_OK;
}

grog_status tokens_load(const char *path, int renew, size_t n, const char *const *keys,
                        token_text *tokens, grog_error *err)
{
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        grog_status st = db_fail(db, path, err);
        sqlite3_close(db);
        return st;
    }
    sqlite3_busy_timeout(db, 5000);
    grog_status st = GROG_OK;
    if (sqlite3_exec(db,
                     "BEGIN IMMEDIATE;"
                     "CREATE TABLE IF NOT EXISTS serve_tokens(seat TEXT PRIMARY KEY,"
                     " token TEXT NOT NULL);",
                     NULL, NULL, NULL) != SQLITE_OK)
        st = db_fail(db, path, err);
    if (st == GROG_OK)
        st = fill(db, path, renew, n, keys, tokens, err);
    if (st == GROG_OK && sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        st = db_fail(db, path, err);
    if (st != GROG_OK)
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(db);
    return st;
}

int tokens_match(const char *given, size_t n, const token_text *tokens)
{
    /* The given text is read over TOKEN_HEX + 1 bytes whatever its length
     * (stopping at its NUL without branching on the secret side), and every
     * seat's token is compared in full. */
    unsigned char g[TOKEN_HEX + 1] = {0};
    size_t len = 0;
    if (given != NULL) {
        len = strnlen(given, TOKEN_HEX + 1);
        memcpy(g, given, len);
    }
    int found = -1;
    for (size_t i = 0; i < n; i++) {
        unsigned diff = len != TOKEN_HEX;
        for (size_t k = 0; k < TOKEN_HEX; k++)
            diff |= (unsigned)(g[k] ^ (unsigned char)tokens[i][k]);
        /* no early exit: the loop runs over every seat */
        found = diff == 0 ? (int)i : found;
    }
    return found;
}
