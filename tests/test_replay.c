/* test_replay.c — games journaled before the replay was made faster (issue 17)
 * still replay, byte for byte, and the same actions done now journal the same
 * rows. tests/data/journal-0.1-FAMILY.sql are the action rows of games made
 * by grognard 0.1.0 (commit 994a59f) with seed 1810: each family's demo plan
 * (refusals included: they leave no row), undo records and an undo of an undo,
 * notes with quotes, backslashes and non-ASCII text, a note whose text is cut
 * inside a character (jansson left its "text" keys out), moves to fractional
 * positions; journal-0.1-aigles-fr.sql was played in French. The rows are laid
 * over a game made now with the same seed (the scenario text is the game's
 * own). Anything that changes a byte of a result, a check or a roll fails
 * here: speed-ups must change no output. The one change on purpose: records
 * name their measures since issue 24; the old rows replay byte for byte all
 * the same (their records are made again without them). */
#include <sqlite3.h>

#include "testutil.h"

#include "game/journal_db.h"

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        fail_msg("cannot read %s", path);
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    int c;
    while ((c = fgetc(f)) != EOF)
        fputc(c, m);
    fclose(m);
    fclose(f);
    return buf;
}

static char *fixture(const char *name)
{
    const char *src = getenv("GROGNARD_SRCDIR");
    char path[512];
    snprintf(path, sizeof path, "%s/tests/data/journal-0.1-%s.sql", src != NULL ? src : ".",
             name);
    return read_all(path);
}

/* A row's columns but its hash (a file of format 2 has none). */
#define ROW_COLUMNS                                                                          \
    "seq, side, words, result, checks, undoes, rng_from, rng_to, top, below, rtop, lang"

static void sql(const char *path, const char *text)
{
    sqlite3 *db = NULL;
    char *msg = NULL;
    if (sqlite3_open(path, &db) != SQLITE_OK ||
        sqlite3_exec(db, text, NULL, NULL, &msg) != SQLITE_OK)
        fail_msg("%s: %s", path, msg != NULL ? msg : sqlite3_errmsg(db));
    sqlite3_close(db);
}

/* The game at path: a new game of family f (seed 1810) with the fixture's rows. */
static void stored_game(const char *path, grog_family f, const char *name)
{
    grog_game *g = test_game_create(path, f, NULL, 1810);
    grog_game_close(g);
    char *rows = fixture(name);
    /* an older grognard's file: format 2, no hashes (given on the first open) */
    sql(path, "DELETE FROM actions; DELETE FROM snapshots; ALTER TABLE actions DROP COLUMN hash; "
              "ALTER TABLE snapshots DROP COLUMN hash; PRAGMA user_version=2;");
    sql(path, rows);
    free(rows);
}

static long long count_rows(const char *path)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    long long n = -1;
    if (sqlite3_open(path, &db) == SQLITE_OK &&
        sqlite3_prepare_v2(db, "SELECT count(*) FROM actions", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
}

static void replays(const char *path, long long rows)
{
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_open(path, &g, &err) != GROG_OK)
        fail_msg("open %s: %s", path, err.message);
    assert_int_equal(grog_game_action_count(g), rows);
    size_t n = 0;
    if (grog_game_replay(g, &n, &err) != GROG_OK)
        fail_msg("replay %s: %s", path, err.message);
    assert_int_equal(n, rows);
    grog_game_close(g);
}

/* Does every row of the fixture again (actions and undo records) on a new game. */
static void play_again(const char *path, grog_family f, const char *name)
{
    char from[300];
    snprintf(from, sizeof from, "%s.from", path);
    grog_game_remove(from);
    stored_game(from, f, name);
    grog_game *g = test_game_create(path, f, NULL, 1810);
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    assert_int_equal(sqlite3_open(from, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT words, undoes FROM actions WHERE seq > 1 "
                                            "ORDER BY seq",
                                        -1, &st, NULL),
                     SQLITE_OK);
    while (sqlite3_step(st) == SQLITE_ROW) {
        grog_error err;
        grog_status s;
        if (sqlite3_column_type(st, 1) != SQLITE_NULL) {
            const grog_seat referee = {GROG_SEAT_REFEREE, NULL};
            s = grog_game_undo_as(g, &referee, sqlite3_column_int64(st, 1), NULL, &err);
        } else {
            json_t *w = json_loads((const char *)sqlite3_column_text(st, 0), 0, NULL);
            const char *argv[256];
            size_t i;
            json_t *v;
            json_array_foreach(w, i, v) argv[i] = json_string_value(v);
            s = grog_game_do(g, (int)json_array_size(w), argv, NULL, &err);
            json_decref(w);
        }
        if (s != GROG_OK)
            fail_msg("%s: %s", name, err.message);
    }
    sqlite3_finalize(st);
    grog_game_close(g);
    /* every column of every row, as the old version wrote it, but the
     * measures records name since issue 24 (tape.h): taken out of the new
     * rows' records, the results are the old ones */
    char attach[400];
    snprintf(attach, sizeof attach, "ATTACH '%s' AS old", from);
    sqlite3_close(db);
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, attach, NULL, NULL, NULL), SQLITE_OK);
    char paths[4096] = "", query[6000];
    size_t len = 0;
    for (int i = 0; i < 64; i++)
        len += (size_t)snprintf(paths + len, sizeof paths - len, ", '$.records[%d].record.measures'",
                                i);
    snprintf(query, sizeof query,
             "SELECT count(*) FROM (SELECT seq, side, words, json_remove(result%s), checks, "
             "undoes, rng_from, rng_to, top, below, rtop, lang FROM actions EXCEPT SELECT seq, "
             "side, words, json(result), checks, undoes, rng_from, rng_to, top, below, rtop, lang "
             "FROM old.actions)",
             paths);
    assert_int_equal(sqlite3_prepare_v2(db, query, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int64(st, 0), 0);
    sqlite3_finalize(st);
    /* and the new rows do name them */
    assert_int_equal(sqlite3_prepare_v2(db,
                                        "SELECT count(*) FROM actions WHERE result LIKE "
                                        "'%\"measures\":[{\"id\":%'",
                                        -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_true(sqlite3_column_int64(st, 0) > 0);
    sqlite3_finalize(st);
    assert_int_equal(sqlite3_prepare_v2(db,
                                        "SELECT count(*) FROM (SELECT " ROW_COLUMNS " FROM "
                                        "actions EXCEPT SELECT " ROW_COLUMNS " FROM old.actions)",
                                        -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_true(sqlite3_column_int64(st, 0) > 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    assert_int_equal(count_rows(path), count_rows(from));
    grog_game_remove(from);
}

static void family_case(grog_family f, const char *name)
{
    char path[256];
    test_game_path(path, sizeof path, name);
    stored_game(path, f, name);
    long long rows = count_rows(path);
    assert_true(rows > 20);
    replays(path, rows);
    grog_game_remove(path);
    play_again(path, f, name);
    grog_game_remove(path);
}

static void test_aigles_game_of_0_1(void **state)
{
    (void)state;
    family_case(GROG_FAMILY_AIGLES, "aigles");
}

static void test_gdb_game_of_0_1(void **state)
{
    (void)state;
    family_case(GROG_FAMILY_GDB, "gdb");
}

static void test_gt_game_of_0_1(void **state)
{
    (void)state;
    family_case(GROG_FAMILY_GT, "gt");
}

/* Played in French: replayed in French, results are compared byte for byte;
 * in English or Russian, their structure, numbers and untranslated words. */
static void test_french_game_of_0_1_in_three_languages(void **state)
{
    (void)state;
    char path[256];
    test_game_path(path, sizeof path, "aigles-fr");
    stored_game(path, GROG_FAMILY_AIGLES, "aigles-fr");
    long long rows = count_rows(path);
    replays(path, rows);
    const char *langs[] = {"fr", "en", "ru"};
    for (size_t i = 0; i < 3; i++) {
        cli_run r = run_cli("--lang", langs[i], "replay", path, NULL);
        if (r.code != 0)
            fail_msg("replay --lang %s: %s", langs[i], r.err);
        cli_run_free(&r);
    }
    grog_game_remove(path);
}

/* A French row's words from an older catalogue (« attack » where the words are
 * now « attaque ») still replay in French; a number changed in it does not. */
static void test_french_words_of_another_version(void **state)
{
    (void)state;
    static const struct {
        const char *edit;
        int replays;
    } cases[] = {
        {"UPDATE actions SET result = replace(result, 'obéi', 'obéi, disait-on') WHERE seq = 3", 1},
        {"UPDATE actions SET result = replace(result, '\"exact\":\"4/6\"', '\"exact\":\"4/7\"') "
         "WHERE seq = (SELECT min(seq) FROM actions WHERE result LIKE '%\"exact\":\"4/6\"%')",
         0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[256];
        test_game_path(path, sizeof path, "aigles-fr-words");
        stored_game(path, GROG_FAMILY_AIGLES, "aigles-fr");
        sql(path, cases[i].edit);
        cli_run r = run_cli("--lang", "fr", "replay", path, NULL);
        if (cases[i].replays && r.code != 0)
            fail_msg("case %zu: %s", i, r.err);
        if (!cases[i].replays)
            assert_int_equal(r.code, 1);
        cli_run_free(&r);
        grog_game_remove(path);
    }
}

/* A byte changed in a stored record (an odds fraction, a check's text) is
 * found by replay: the comparison covers the records written directly. */
static void test_an_edited_record_is_found(void **state)
{
    (void)state;
    static const char *const edits[] = {
        "UPDATE actions SET result = replace(result, '\"exact\":\"3/6\"', '\"exact\":\"3/7\"') "
        "WHERE seq = (SELECT min(seq) FROM actions WHERE result LIKE '%\"exact\":\"3/6\"%')",
        "UPDATE actions SET result = replace(result, '\"ok\":true', '\"ok\":false') "
        "WHERE seq = (SELECT max(seq) FROM actions WHERE result LIKE '%\"ok\":true%')",
        "UPDATE actions SET result = replace(result, '\"p\":0.5', '\"p\":0.50') "
        "WHERE seq = (SELECT min(seq) FROM actions WHERE result LIKE '%\"p\":0.5,%')",
        /* an event's text, the head, one byte more at the end */
        "UPDATE actions SET result = replace(result, 'phase.\"', 'phase!\"') "
        "WHERE seq = (SELECT max(seq) FROM actions WHERE result LIKE '%phase.\"%')",
        "UPDATE actions SET result = replace(result, '\"secret_from\":0', '\"secret_from\":00') "
        "WHERE seq = 3",
        "UPDATE actions SET result = result || ' ' WHERE seq = 3",
    };
    for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
        char path[256];
        test_game_path(path, sizeof path, "edited");
        stored_game(path, GROG_FAMILY_AIGLES, "aigles");
        sql(path, edits[i]);
        grog_game *g = NULL;
        grog_error err;
        assert_int_equal(grog_game_open(path, &g, &err), GROG_OK); /* checks still hold */
        assert_int_equal(grog_game_replay(g, NULL, &err), GROG_EFORMAT);
        assert_non_null(strstr(err.message, "recorded result"));
        grog_game_close(g);
        grog_game_remove(path);
    }
}

/* The chain of hashes worked out again over the rows as they stand, as a
 * cheat who knows the format would after an edit (journal.h): what replay
 * compares must still find the edit. */
static void rehash(const char *path)
{
    journal *j = NULL;
    grog_error err;
    if (journal_open(path, &j, &err) != GROG_OK || journal_begin(j, &err) != GROG_OK ||
        journal_chain_make(j, &err) != GROG_OK || journal_commit(j, &err) != GROG_OK)
        fail_msg("rehash: %s", err.message);
    journal_close(j);
}

/* The side column of a row (whose action it was: the side that may undo
 * it) was not compared: replay said "identical" after an edit that let one
 * side undo the other's actions. An action's and an undo record's. The
 * open finds the edit by the row's hash; with the hashes made again, replay
 * by the side its pieces give. */
static void test_an_edited_side_is_found(void **state)
{
    (void)state;
    static const char *const edits[] = {
        "UPDATE actions SET side = 'anglo-portuguese' WHERE seq = 5", /* reynier's order */
        "UPDATE actions SET side = '' WHERE seq = 3",                 /* picton's order */
        "UPDATE actions SET side = 'french' WHERE seq = 7",           /* the undo of a next */
    };
    for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
        char path[256];
        test_game_path(path, sizeof path, "edited-side");
        stored_game(path, GROG_FAMILY_GDB, "gdb");
        replays(path, count_rows(path)); /* as stored: it replays */
        sql(path, edits[i]);
        grog_game *g = NULL;
        grog_error err;
        assert_int_equal(grog_game_open(path, &g, &err), GROG_EFORMAT);
        assert_non_null(strstr(err.message, "is not what was written"));
        rehash(path);
        assert_int_equal(grog_game_open(path, &g, &err), GROG_OK);
        assert_int_equal(grog_game_replay(g, NULL, &err), GROG_EFORMAT);
        if (i < 2)
            assert_non_null(strstr(err.message, "the side recorded as doing it is not the one "
                                                "its pieces give"));
        else
            assert_non_null(strstr(err.message, "action 7 (undo) differs on replay"));
        grog_game_close(g);
        grog_game_remove(path);
    }
}

static char *stored_result(const char *path, long long seq)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    char *r = NULL;
    if (sqlite3_open(path, &db) == SQLITE_OK &&
        sqlite3_prepare_v2(db, "SELECT result FROM actions WHERE seq = ?", -1, &st, NULL) ==
            SQLITE_OK &&
        sqlite3_bind_int64(st, 1, seq) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        r = strdup((const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    sqlite3_close(db);
    return r;
}

/* A game reuses the buffers of its last action's result (emptied): a short
 * action after a long one, and a refused one between them, journal exactly
 * their own text. */
static void test_short_result_after_a_long_one(void **state)
{
    (void)state;
    char path[256];
    test_game_path(path, sizeof path, "buffers");
    grog_game *g = test_game_create(path, GROG_FAMILY_AIGLES, NULL, 1810);
    char line[1200] = "note ";
    memset(line + 5, 'w', 900);
    line[905] = '\0';
    assert_int_equal(grog_game_do_line(g, "order picton mackinnon attack", NULL, NULL), GROG_OK);
    assert_int_equal(grog_game_do_line(g, line, NULL, NULL), GROG_OK);
    assert_int_not_equal(grog_game_do_line(g, "order nobody mackinnon attack", NULL, NULL),
                         GROG_OK);
    assert_int_equal(grog_game_do_line(g, "note x", NULL, NULL), GROG_OK);
    grog_game_close(g);
    char *r = stored_result(path, 4);
    assert_non_null(r);
    assert_string_equal(r, "{\"seq\":4,\"side\":\"\",\"action\":[\"note\",\"x\"],"
                           "\"secret_from\":0,\"turn\":1,\"phase\":\"orders-1\",\"events\":"
                           "[{\"type\":\"note\",\"visible_to\":\"\",\"text\":\"x\",\"data\":"
                           "{\"text\":\"x\"}}],\"records\":[]}");
    free(r);
    grog_game_remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_aigles_game_of_0_1),
        cmocka_unit_test(test_gdb_game_of_0_1),
        cmocka_unit_test(test_gt_game_of_0_1),
        cmocka_unit_test(test_french_game_of_0_1_in_three_languages),
        cmocka_unit_test(test_french_words_of_another_version),
        cmocka_unit_test(test_an_edited_record_is_found),
        cmocka_unit_test(test_an_edited_side_is_found),
        cmocka_unit_test(test_short_result_after_a_long_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
