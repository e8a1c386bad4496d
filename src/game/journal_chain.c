/* journal_chain.c — the journal's chain of SHA-256 hashes (nettle): each
 * row's `hash` is the SHA-256 of the previous row's hash and every column
 * of the row, so that an edited row, or one taken out, no longer matches
 * the hash stored with it or the next row's (journal.h). A snapshot keeps
 * the hash of the row it stands on.
 *
 * What is hashed, in this order: "grognard-row:" PREV ";" (PREV: the
 * previous row's hash in hex, "" for the first row), then each column
 * (seq, side, words, result, checks, undoes, rng_from, rng_to, top,
 * below, rtop, lang) as "i" DECIMAL ";" for a number, "s" LENGTH ":"
 * BYTES for a text, "n;" for a missing value (undoes 0, a stream position
 * -1, lang NULL), exactly as journal_append writes them and
 * journal_row_columns reads them back. The hash guards against an edit made without the
 * hashes being worked out again: whoever can edit the file can recompute
 * them too, as for a snapshot's digest (docs/game.md, "The journal's
 * chain of hashes"). */
#include <nettle/base16.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "journal_db.h"
#include "jsontext.h"

/* Numbers without printf: hashing a row is on every action's path. */
static void put_int(struct sha256_ctx *h, long long v)
{
    char buf[GROG_JSONTEXT_INT_MAX + 2];
    buf[0] = 'i';
    size_t n = 1 + grog_jsontext_format_int(buf + 1, v);
    buf[n++] = ';';
    sha256_update(h, n, (const uint8_t *)buf);
}

static void put_opt(struct sha256_ctx *h, long long v, long long none)
{
    if (v == none)
        sha256_update(h, 2, (const uint8_t *)"n;");
    else
        put_int(h, v);
}

static void put_text(struct sha256_ctx *h, const char *s)
{
    if (s == NULL) {
        sha256_update(h, 2, (const uint8_t *)"n;");
        return;
    }
    char buf[GROG_JSONTEXT_INT_MAX + 2];
    size_t len = strlen(s);
    buf[0] = 's';
    size_t n = 1 + grog_jsontext_format_int(buf + 1, (long long)len);
    buf[n++] = ':';
    sha256_update(h, n, (const uint8_t *)buf);
    sha256_update(h, len, (const uint8_t *)s);
}

void journal_row_hash(const journal_action *a, const char *prev, char out[JOURNAL_HASH_HEX])
{
    struct sha256_ctx h;
    uint8_t d[SHA256_DIGEST_SIZE];
    sha256_init(&h);
    sha256_update(&h, 13, (const uint8_t *)"grognard-row:");
    sha256_update(&h, strlen(prev), (const uint8_t *)prev);
    sha256_update(&h, 1, (const uint8_t *)";");
    put_int(&h, a->seq);
    put_text(&h, a->side);
    put_text(&h, a->words);
    put_text(&h, a->result);
    put_text(&h, a->checks);
    put_opt(&h, a->undoes, 0);
    put_opt(&h, a->rng_from, -1);
    put_opt(&h, a->rng_to, -1);
    put_int(&h, a->top);
    put_int(&h, a->below);
    put_int(&h, a->rtop);
    put_text(&h, a->lang);
    sha256_digest(&h, sizeof d, d);
    base16_encode_update(out, sizeof d, d); /* lower-case hex, as "%02x" wrote it */
    out[2 * sizeof d] = '\0';
}

grog_status journal_prev_hash(journal *j, long long seq, char out[JOURNAL_HASH_HEX],
                              grog_error *err)
{
    out[0] = '\0';
    if (seq <= 0)
        return GROG_OK;
    grog_status s = GROG_OK;
    if (j->hash_of == NULL)
        s = journal_db_prepare(j, "SELECT hash FROM actions WHERE seq = ?", &j->hash_of, err);
    if (s != GROG_OK)
        return s;
    sqlite3_reset(j->hash_of);
    sqlite3_bind_int64(j->hash_of, 1, seq);
    int rc = sqlite3_step(j->hash_of);
    const char *h = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(j->hash_of, 0) : NULL;
    if (h != NULL && strlen(h) == JOURNAL_HASH_HEX - 1)
        memcpy(out, h, JOURNAL_HASH_HEX);
    else if (rc == SQLITE_ROW || rc == SQLITE_DONE)
        s = grog_error_set(err, GROG_EFORMAT,
                           _("%s: damaged grognard game: action %lld has no hash (edited or "
                             "damaged)"),
                           j->label, seq);
    else
        s = journal_db_status(j, rc, _("cannot read the actions"), err);
    sqlite3_reset(j->hash_of);
    return s;
}

/* ---- checking, and making the chain of an older file ---- */

#define ROW_COLUMNS JOURNAL_COLUMNS ", hash"

static grog_status bad_row(journal *j, long long seq, long long *first_bad, grog_error *err)
{
    if (first_bad != NULL)
        *first_bad = seq;
    return grog_error_set(err, GROG_EFORMAT,
                          _("%s: damaged grognard game: action %lld is not what was written "
                            "(its hash does not match: edited or damaged)"),
                          j->label, seq);
}

/* A row missing between two (taken out without the others renumbered):
 * named as missing rather than as the next row's wrong hash. */
static grog_status missing_row(journal *j, long long seq, long long *first_bad, grog_error *err)
{
    if (first_bad != NULL)
        *first_bad = seq;
    return grog_error_set(err, GROG_EFORMAT,
                          _("%s: damaged grognard game: action %lld is missing (taken out of "
                            "the file: edited or damaged)"),
                          j->label, seq);
}

/* Walks the rows after `after` from hash prev: each one's hash worked out
 * again and compared (check), or written (make). */
static grog_status walk(journal *j, long long after, char prev[JOURNAL_HASH_HEX], int make,
                        long long *first_bad, grog_error *err)
{
    sqlite3_stmt *stmt, *put = NULL;
    grog_status s = journal_db_prepare(j, "SELECT " ROW_COLUMNS " FROM actions WHERE seq > ? "
                                          "ORDER BY seq",
                                       &stmt, err);
    if (s == GROG_OK && make)
        s = journal_db_prepare(j, "UPDATE actions SET hash = ? WHERE seq = ?", &put, err);
    if (s != GROG_OK) {
        sqlite3_finalize(stmt);
        return s;
    }
    sqlite3_bind_int64(stmt, 1, after);
    int rc;
    char h[JOURNAL_HASH_HEX];
    long long next = after + 1;
    while (s == GROG_OK && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        journal_action a;
        journal_row_columns(stmt, &a);
        if (!make && a.seq > next) {
            s = missing_row(j, next, first_bad, err);
            break;
        }
        next = a.seq + 1;
        journal_row_hash(&a, prev, h);
        const char *stored = (const char *)sqlite3_column_text(stmt, 12);
        if (make) {
            sqlite3_reset(put);
            sqlite3_bind_text(put, 1, h, -1, SQLITE_TRANSIENT);
            sqlite3_bind_int64(put, 2, a.seq);
            if ((rc = sqlite3_step(put)) != SQLITE_DONE)
                s = journal_db_status(j, rc, _("cannot bring the game up to date"), err);
        } else if (stored == NULL || strcmp(stored, h) != 0 || a.side == NULL ||
                   a.words == NULL || a.result == NULL || a.checks == NULL) {
            s = bad_row(j, a.seq, first_bad, err);
        }
        memcpy(prev, h, JOURNAL_HASH_HEX);
    }
    if (s == GROG_OK && rc != SQLITE_DONE)
        s = journal_db_status(j, rc, _("cannot read the actions"), err);
    sqlite3_finalize(stmt);
    sqlite3_finalize(put);
    return s;
}

grog_status journal_chain_check(journal *j, long long after, long long *first_bad,
                                grog_error *err)
{
    if (first_bad != NULL)
        *first_bad = 0;
    if (!j->hashed) /* a file of an older format read as it is: no hashes */
        return GROG_OK;
    char prev[JOURNAL_HASH_HEX];
    grog_status s = journal_prev_hash(j, after, prev, err);
    if (s == GROG_EFORMAT)
        return bad_row(j, after, first_bad, err);
    if (s != GROG_OK)
        return s;
    /* the snapshot after row `after` stands on that row's hash */
    sqlite3_stmt *stmt;
    if (after > 0 && journal_db_prepare(j, "SELECT hash FROM snapshots WHERE seq = ?", &stmt,
                                        NULL) == GROG_OK) {
        sqlite3_bind_int64(stmt, 1, after);
        const char *sh = sqlite3_step(stmt) == SQLITE_ROW
                             ? (const char *)sqlite3_column_text(stmt, 0)
                             : NULL;
        int differs = sh != NULL && strcmp(sh, prev) != 0;
        sqlite3_finalize(stmt);
        if (differs)
            return bad_row(j, after, first_bad, err);
    }
    return walk(j, after, prev, 0, first_bad, err);
}

grog_status journal_chain_make(journal *j, grog_error *err)
{
    char prev[JOURNAL_HASH_HEX] = "";
    grog_status s = walk(j, 0, prev, 1, NULL, err);
    if (s == GROG_OK)
        s = journal_db_exec(j,
                            "UPDATE snapshots SET hash = (SELECT hash FROM actions WHERE "
                            "actions.seq = snapshots.seq)",
                            _("cannot bring the game up to date"), err);
    return s;
}
