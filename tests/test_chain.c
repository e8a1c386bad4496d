/* test_chain.c — the journal's chain of SHA-256 hashes (issue 29, journal.h,
 * docs/game.md "The journal's chain of hashes"): each row carries the
 * SHA-256 of the previous row's hash and its own columns; a snapshot the
 * hash of its row. Opening a game checks the rows after the newest snapshot
 * and calls an edited one so, by number; `replay` checks them all; a file
 * of format 2 (no hashes) gets its chain when opened for writing. The edits
 * are made as a cheat would, with SQLite itself. */
#include <nettle/sha2.h>
#include <sqlite3.h>
#include <unistd.h>

#include "game/engine.h"
#include "game/snapcache.h"
#include "grognard/game.h"
#include "testutil.h"

static char path[96];

static int setup(void **state)
{
    (void)state;
    snprintf(path, sizeof path, "%s/grog-test-chain-%d.grog",
             access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp", (int)getpid());
    grog_game_remove(path);
    return 0;
}

static int teardown(void **state)
{
    return setup(state);
}

static void sql(const char *p, const char *text)
{
    sqlite3 *db;
    char *msg = NULL;
    assert_int_equal(sqlite3_open(p, &db), SQLITE_OK);
    if (sqlite3_exec(db, text, NULL, NULL, &msg) != SQLITE_OK)
        fail_msg("%s: %s", text, msg);
    sqlite3_close(db);
}

static long long sql_int(const char *p, const char *text)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    long long v = -1;
    assert_int_equal(sqlite3_open(p, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, text, -1, &st, NULL), SQLITE_OK);
    if (sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

/* A gdb game of `notes` notes after start (rows 2..notes+1), a snapshot
 * after every row numbered a multiple of k (0: the default), closed. */
static void make_game(int notes, long long k)
{
    grog_game_remove(path);
    grog_game *g = test_game_create(path, GROG_FAMILY_GDB, NULL, 29);
    if (k > 0)
        game_snapshot_every(g, k);
    grog_error err;
    for (int i = 0; i < notes; i++) {
        char line[64];
        snprintf(line, sizeof line, "note the ridge holds, hour %d", i + 1);
        if (grog_game_do_line(g, line, NULL, &err) != GROG_OK)
            fail_msg("%s: %s", line, err.message);
    }
    grog_game_close(g);
}

static grog_status open_game(grog_game **g, grog_error *err)
{
    *g = NULL;
    return grog_game_open(path, g, err);
}

/* Every row has a 64-hex hash, each one different, and the game replays. */
static void test_every_row_is_hashed(void **state)
{
    (void)state;
    make_game(6, 0);
    assert_int_equal(sql_int(path, "SELECT count(*) FROM actions WHERE length(hash) = 64 AND "
                                   "hash NOT GLOB '*[^0-9a-f]*'"),
                     7);
    assert_int_equal(sql_int(path, "SELECT count(DISTINCT hash) FROM actions"), 7);
    assert_int_equal(sql_int(path, "PRAGMA user_version"), 3);
    grog_game *g;
    grog_error err;
    assert_int_equal(open_game(&g, &err), GROG_OK);
    size_t n = 0;
    assert_int_equal(grog_game_replay(g, &n, &err), GROG_OK);
    assert_int_equal(n, 7);
    grog_game_close(g);
}

/* A row edited with SQLite (the note's text in its words and its result,
 * which the rules do not check on open) after the newest snapshot: the
 * open names it; the game opens only damaged, from that row. The same for
 * a row whose hash alone was replaced, and for a row taken out. */
static void test_an_edited_row_is_found_at_open(void **state)
{
    (void)state;
    make_game(6, 0); /* no snapshot: open checks every row */
    sql(path, "UPDATE actions SET words = replace(words, 'hour 3', 'hour 9'), "
              "result = replace(result, 'hour 3', 'hour 9') WHERE seq = 4");
    grog_game *g;
    grog_error err;
    assert_int_equal(open_game(&g, &err), GROG_EFORMAT);
    assert_null(g);
    assert_non_null(strstr(err.message, "action 4 is not what was written"));
    long long bad = 0;
    assert_int_equal(grog_game_open_damaged(path, &g, &bad, &err), GROG_OK);
    assert_int_equal(bad, 4);
    assert_int_equal(grog_game_do_line(g, "note more", NULL, &err), GROG_EFORMAT); /* read only */
    grog_game_close(g);
    cli_run r = run_cli("status", path, NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "action 4 is not what was written"));
    cli_run_free(&r);

    make_game(6, 0);
    sql(path, "UPDATE actions SET hash = 'ab' || substr(hash, 3) WHERE seq = 6");
    assert_int_equal(open_game(&g, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "action 6 "));

    make_game(6, 0); /* a row taken out, the rows after it renumbered */
    sql(path, "DELETE FROM actions WHERE seq = 3; UPDATE actions SET seq = seq - 1, top = top - "
              "1, below = below - 1 WHERE seq > 3");
    assert_int_equal(open_game(&g, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "action 3 "));

    /* a row taken out and the rest left as they were: that row is missing
     * (not "action 4 is not what was written", the next one's hash) */
    make_game(6, 0);
    sql(path, "DELETE FROM actions WHERE seq = 3");
    assert_int_equal(open_game(&g, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "action 3 is missing"));
    long long gone = 0;
    assert_int_equal(grog_game_open_damaged(path, &g, &gone, &err), GROG_OK);
    assert_int_equal(gone, 3);
    grog_game_close(g);
    make_game(6, 0); /* the first row after start: 2 */
    sql(path, "DELETE FROM actions WHERE seq = 2");
    assert_int_equal(open_game(&g, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "action 2 is missing"));
}

/* With snapshots after rows 4 and 8 (k = 4), open checks the rows after 8
 * only: an edit of row 2 opens (its row is not executed on open, as before)
 * and `replay`, which checks every row, names it (exit 1 on the command
 * line). An edit of row 9 is found at open. A snapshot's hash is its row's:
 * replaced, the open names that row. */
static void test_an_edit_before_the_snapshot_is_found_by_replay(void **state)
{
    (void)state;
    make_game(9, 4); /* rows 1..10 */
    assert_int_equal(sql_int(path, "SELECT max(seq) FROM snapshots"), 8);
    assert_int_equal(sql_int(path, "SELECT count(*) FROM snapshots s JOIN actions a ON "
                                   "a.seq = s.seq WHERE s.hash = a.hash"),
                     sql_int(path, "SELECT count(*) FROM snapshots"));
    sql(path, "UPDATE actions SET result = replace(result, 'hour 1', 'hour 7') WHERE seq = 2");
    grog_game *g;
    grog_error err;
    assert_int_equal(open_game(&g, &err), GROG_OK);
    size_t n = 0;
    /* replay compares what the log shows first ("action 2 (note) differs") */
    assert_int_equal(grog_game_replay(g, &n, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "action 2 "));
    grog_game_close(g);
    cli_run r = run_cli("replay", path, NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "action 2 "));
    cli_run_free(&r);
    /* a row the rules do not compare (its hash alone replaced): the chain */
    make_game(9, 4);
    sql(path, "UPDATE actions SET hash = '00' || substr(hash, 3) WHERE seq = 3");
    assert_int_equal(open_game(&g, &err), GROG_OK); /* before the snapshot: not read */
    assert_int_equal(grog_game_replay(g, &n, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "action 3 is not what was written"));
    grog_game_close(g);

    make_game(9, 4);
    sql(path, "UPDATE actions SET result = replace(result, 'hour 8', 'hour 2') WHERE seq = 9");
    assert_int_equal(open_game(&g, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "action 9 is not what was written"));

    make_game(9, 4);
    sql(path, "UPDATE snapshots SET hash = (SELECT hash FROM actions WHERE seq = 7) WHERE seq = 8");
    assert_int_equal(open_game(&g, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "action 8 "));
}

/* A game file of format 2 (made before the chain: no hash columns) is
 * brought up to date when opened where it can be written: every row gets
 * its hash, as if written now, and it replays. */
static void test_an_older_file_gets_its_chain(void **state)
{
    (void)state;
    make_game(5, 4);
    char *want = NULL;
    {
        sqlite3 *db;
        sqlite3_stmt *st;
        assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
        assert_int_equal(sqlite3_prepare_v2(db, "SELECT group_concat(hash, ',') FROM (SELECT "
                                                "hash FROM actions ORDER BY seq)",
                                            -1, &st, NULL),
                         SQLITE_OK);
        assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        want = strdup((const char *)sqlite3_column_text(st, 0));
        sqlite3_finalize(st);
        sqlite3_close(db);
    }
    sql(path, "ALTER TABLE actions DROP COLUMN hash; ALTER TABLE snapshots DROP COLUMN hash; "
              "PRAGMA user_version=2");
    grog_game *g;
    grog_error err;
    assert_int_equal(open_game(&g, &err), GROG_OK);
    grog_game_close(g);
    assert_int_equal(sql_int(path, "PRAGMA user_version"), 3);
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT group_concat(hash, ',') FROM (SELECT hash "
                                            "FROM actions ORDER BY seq)",
                                        -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_string_equal((const char *)sqlite3_column_text(st, 0), want);
    sqlite3_finalize(st);
    sqlite3_close(db);
    assert_int_equal(sql_int(path, "SELECT count(*) FROM snapshots WHERE hash IS NULL"), 0);
    free(want);
    assert_int_equal(open_game(&g, &err), GROG_OK);
    size_t n = 0;
    assert_int_equal(grog_game_replay(g, &n, &err), GROG_OK);
    grog_game_close(g);
}

/* Adds what the format writes for column i of a row: "i" DECIMAL ";" for a
 * number, "s" LENGTH ":" BYTES for a text, "n;" for a missing value (NULL,
 * as the journal stores undoes 0, a stream position -1 and no lang). */
static void hash_column(struct sha256_ctx *h, sqlite3_stmt *st, int i)
{
    char buf[48];
    int n;
    if (sqlite3_column_type(st, i) == SQLITE_NULL) {
        sha256_update(h, 2, (const uint8_t *)"n;");
        return;
    }
    if (sqlite3_column_type(st, i) == SQLITE_INTEGER) {
        n = snprintf(buf, sizeof buf, "i%lld;", (long long)sqlite3_column_int64(st, i));
        sha256_update(h, (size_t)n, (const uint8_t *)buf);
        return;
    }
    const unsigned char *text = sqlite3_column_text(st, i);
    size_t len = (size_t)sqlite3_column_bytes(st, i);
    n = snprintf(buf, sizeof buf, "s%zu:", len);
    sha256_update(h, (size_t)n, (const uint8_t *)buf);
    sha256_update(h, len, text);
}

/* The stored hashes are the format's (journal_chain.c, docs/game.md), worked
 * out here again the plain way, with printf, from the columns as SQLite
 * holds them: the chain the journal writes by hand-made digits did not
 * change (rows with undo records, stream positions and a language). */
static void test_hashes_are_the_formats(void **state)
{
    (void)state;
    grog_game_remove(path);
    grog_game *g = test_game_create(path, GROG_FAMILY_AIGLES, NULL, 2026);
    static const char *const lines[] = {"order lightburne br-2-58th attack", "note a, \"b\"",
                                        "next", "event casualties br-74th 12", "note ?"};
    for (size_t i = 0; i < 5; i++)
        (void)grog_game_do_line(g, lines[i], NULL, NULL);
    assert_int_equal(grog_game_undo(g, NULL), GROG_OK);
    assert_int_equal(grog_game_undo(g, NULL), GROG_OK);
    assert_int_equal(grog_game_do_line(g, "note after the undos", NULL, NULL), GROG_OK);
    grog_game_close(g);
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db,
                                        "SELECT seq, side, words, result, checks, undoes, "
                                        "rng_from, rng_to, top, below, rtop, lang, hash FROM "
                                        "actions ORDER BY seq",
                                        -1, &st, NULL),
                     SQLITE_OK);
    char prev[65] = "";
    int rows = 0, undos = 0, nulls = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        struct sha256_ctx h;
        uint8_t d[SHA256_DIGEST_SIZE];
        sha256_init(&h);
        sha256_update(&h, 13, (const uint8_t *)"grognard-row:");
        sha256_update(&h, strlen(prev), (const uint8_t *)prev);
        sha256_update(&h, 1, (const uint8_t *)";");
        for (int i = 0; i < 12; i++) {
            hash_column(&h, st, i);
            nulls += sqlite3_column_type(st, i) == SQLITE_NULL;
        }
        undos += sqlite3_column_type(st, 5) != SQLITE_NULL;
        sha256_digest(&h, sizeof d, d);
        for (size_t i = 0; i < sizeof d; i++)
            snprintf(prev + 2 * i, 3, "%02x", d[i]);
        const char *stored = (const char *)sqlite3_column_text(st, 12);
        assert_non_null(stored);
        assert_string_equal(stored, prev);
        rows++;
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    assert_int_equal(rows, 9); /* new's row, 5 actions, 2 undo records, a note */
    assert_int_equal(undos, 2);
    assert_true(nulls > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_every_row_is_hashed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hashes_are_the_formats, setup, teardown),
        cmocka_unit_test_setup_teardown(test_an_edited_row_is_found_at_open, setup, teardown),
        cmocka_unit_test_setup_teardown(test_an_edit_before_the_snapshot_is_found_by_replay,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_an_older_file_gets_its_chain, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
