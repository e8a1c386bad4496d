/* test_reader.c — grog_game_open_reader (issue 29): a second handle on a
 * game file that only reads it, beside the handle that writes it (the
 * server makes its per-seat documents from one). After every kind of
 * change — actions, `next`, an undo, an undo of that undo, another writer's
 * action — the reader, synced, gives the writer's documents byte for byte
 * (the view, the actions list and the claims of every seat, the status,
 * the position); it never writes the file (an action, an undo refused as
 * read-only; no snapshot at its close however many rows it executed). */
#include <sqlite3.h>

#include "grognard/game.h"
#include "grognard/view.h"
#include "testutil.h"

static char path[96];

static int setup(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "reader");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    grog_game_remove(path);
    return 0;
}

static grog_game *open_reader(void)
{
    grog_game *r = NULL;
    grog_error err;
    if (grog_game_open_reader(path, &r, &err) != GROG_OK)
        fail_msg("open_reader: %s", err.message);
    return r;
}

typedef grog_status (*doc_fn)(const grog_game *, const grog_seat *, char **, grog_error *);

/* The document f makes of a and of b for seat: the same text. */
static void same_doc(const grog_game *a, const grog_game *b, doc_fn f, const char *side,
                     int referee, const char *what)
{
    grog_seat sa, sb;
    assert_int_equal(grog_game_seat(a, side, referee, &sa, NULL), GROG_OK);
    assert_int_equal(grog_game_seat(b, side, referee, &sb, NULL), GROG_OK);
    char *x = NULL, *y = NULL;
    assert_int_equal(f(a, &sa, &x, NULL), GROG_OK);
    assert_int_equal(f(b, &sb, &y, NULL), GROG_OK);
    if (strcmp(x, y) != 0)
        fail_msg("%s for %s: the reader's differs from the writer's", what,
                 referee ? "the referee" : side != NULL ? side : "the public");
    free(x);
    free(y);
}

/* Every seat's documents, as the server sends them, and the position. */
static void same_docs(const grog_game *w, const grog_game *r)
{
    assert_int_equal(grog_game_action_count(r), grog_game_action_count(w));
    assert_int_equal(grog_game_turn(r), grog_game_turn(w));
    assert_string_equal(grog_game_phase(r), grog_game_phase(w));
    const char *sides[] = {"anglo-portuguese", "french", NULL};
    for (int k = 0; k < 4; k++) {
        const char *side = k < 2 ? sides[k] : NULL;
        int referee = k == 2;
        same_doc(w, r, grog_view_game_json, side, referee, "the game view");
        same_doc(w, r, grog_view_game_svg, side, referee, "the map");
        same_doc(w, r, grog_game_actions_json, side, referee, "the actions list");
        same_doc(w, r, grog_game_claims_json, side, referee, "the claims");
        same_doc(w, r, grog_game_status_json, side, referee, "the status");
    }
}

static void sync(grog_game *r, size_t want_added)
{
    size_t added = 99;
    grog_error err;
    if (grog_game_sync(r, &added, &err) != GROG_OK)
        fail_msg("sync: %s", err.message);
    assert_int_equal(added, want_added);
}

static void act(grog_game *g, const char *line)
{
    test_act(g, line, GROG_OK, NULL, NULL);
}

static void test_the_reader_follows_every_change(void **state)
{
    (void)state;
    grog_game *w = test_game_create(path, GROG_FAMILY_GDB, NULL, 1810);
    grog_game *r = open_reader();
    same_docs(w, r);
    sync(r, 0); /* nothing new */
    act(w, "order picton pack attack");
    act(w, "move br-74th forward 5cm");
    sync(r, 2); /* two actions */
    same_docs(w, r);
    act(w, "next");
    sync(r, 1);
    same_docs(w, r);
    /* an undo (a record: one row more), then the undo undone */
    assert_int_equal(grog_game_undo(w, NULL), GROG_OK);
    sync(r, 1);
    same_docs(w, r);
    const grog_seat referee = {GROG_SEAT_REFEREE, NULL};
    assert_int_equal(grog_game_undo_as(w, &referee, (long long)grog_game_action_count(w), NULL,
                                       NULL),
                     GROG_OK);
    sync(r, 1);
    same_docs(w, r);
    /* another writer on the same file (another process's, for the server) */
    grog_game *other = NULL;
    assert_int_equal(grog_game_open(path, &other, NULL), GROG_OK);
    act(other, "event casualties br-74th 2");
    act(other, "note drums");
    sync(r, 2);
    sync(w, 2);
    same_docs(w, r);
    grog_game_close(other);
    grog_game_close(r);
    grog_game_close(w);
}

static long long snapshots(void)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    long long n = -1;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(db, "SELECT count(*) FROM snapshots", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
}

static void test_the_reader_never_writes(void **state)
{
    (void)state;
    grog_game *w = test_game_create(path, GROG_FAMILY_GDB, NULL, 1810);
    grog_game *r = open_reader();
    grog_error err;
    const char *note[] = {"note", "mine"};
    assert_int_equal(grog_game_do(r, 2, note, NULL, &err), GROG_EIO);
    assert_non_null(strstr(err.message, "read-only"));
    assert_int_equal(grog_game_undo(r, &err), GROG_EIO);
    assert_int_equal(grog_game_action_count(w), 1);
    /* the writer's notes, past the rows after which a close writes a
     * snapshot (SNAPCACHE_EVERY); the reader executes them all */
    size_t before = grog_game_action_count(w);
    for (int i = 0; i < 300; i++)
        act(w, "note drums");
    sync(r, 300);
    long long had = snapshots();
    grog_game_close(r);
    assert_int_equal(snapshots(), had); /* the reader wrote none */
    assert_int_equal(grog_game_action_count(w), before + 300);
    grog_game_close(w);
}

static void test_the_reader_refuses_what_open_refuses(void **state)
{
    (void)state;
    grog_game *r = NULL;
    grog_error err;
    assert_int_equal(grog_game_open_reader(path, &r, &err), GROG_ENOTFOUND);
    assert_null(r);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("not a game\n", f);
    fclose(f);
    assert_int_equal(grog_game_open_reader(path, &r, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "not a grognard game"));
    assert_null(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_the_reader_follows_every_change, setup, teardown),
        cmocka_unit_test_setup_teardown(test_the_reader_never_writes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_the_reader_refuses_what_open_refuses, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
