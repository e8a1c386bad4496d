/* test_journal.c — the game's journal as a file that nobody can lose, brick
 * or spy on (issue 11): one writer at a time (two processes writing many
 * rounds, undo racing do, a commit just after ours), undo records, a dice
 * stream that never rewinds,
 * replay that catches an edited result, reading and repairing a damaged game,
 * `new` that is atomic (racing, killed), the .grog file alone holding every
 * acknowledged action, and errors that name their cause (permission,
 * read-only, disk full, busy, damaged, newer version). Failures of the file
 * system are made by a SQLite VFS shim registered as the default, so that
 * they happen the same way for root and for anyone else. */
#include <errno.h>
#include <signal.h>
#include <sqlite3.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "grognard/game.h"
#include "testutil.h"

static char path[64];

static int setup(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "journal");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "journal");
    return 0;
}

static grog_game *new_game(grog_family f, uint64_t seed)
{
    return test_game_create(path, f, NULL, seed);
}

static grog_game *open_game(void)
{
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_open(path, &g, &err) != GROG_OK)
        fail_msg("open: %s", err.message);
    return g;
}

static void ok(grog_game *g, const char *line)
{
    grog_error err;
    char *result = NULL;
    if (grog_game_do_line(g, line, &result, &err) != GROG_OK)
        fail_msg("\"%s\": %s", line, err.message);
    free(result);
}

static void replays(grog_game *g)
{
    grog_error err;
    size_t n = 0;
    if (grog_game_replay(g, &n, &err) != GROG_OK)
        fail_msg("replay: %s", err.message);
    assert_int_equal(n, grog_game_action_count(g));
}

/* The natural roll of the first record of a result. */
static long long roll_of(const char *result)
{
    json_t *r = json_loads(result, 0, NULL);
    json_t *rec = json_object_get(json_array_get(json_object_get(r, "records"), 0), "record");
    long long v = json_integer_value(json_object_get(rec, "roll"));
    json_decref(r);
    return v;
}

/* ---- the VFS shim: failures on demand ---- */

static sqlite3_vfs *real_vfs;
static sqlite3_vfs shim_vfs;
static int deny_errno;  /* xOpen fails with this errno: EACCES every open, EROFS for writing */
static int disk_full;   /* xWrite fails with SQLITE_FULL */
static int shim_errno;
static const sqlite3_io_methods *real_methods[4];
static sqlite3_io_methods shim_methods[4];

static int shim_write(sqlite3_file *f, const void *buf, int n, sqlite3_int64 off)
{
    for (int i = 0; i < 4; i++)
        if (f->pMethods == &shim_methods[i]) {
            if (disk_full) {
                shim_errno = ENOSPC;
                return SQLITE_FULL;
            }
            return real_methods[i]->xWrite(f, buf, n, off);
        }
    return SQLITE_IOERR;
}

static int shim_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *out)
{
    (void)vfs;
    if (deny_errno == EACCES || (deny_errno != 0 && (flags & SQLITE_OPEN_READWRITE))) {
        shim_errno = deny_errno;
        f->pMethods = NULL;
        return SQLITE_CANTOPEN;
    }
    int rc = real_vfs->xOpen(real_vfs, name, f, flags, out);
    if (rc != SQLITE_OK || f->pMethods == NULL)
        return rc;
    for (int i = 0; i < 4; i++) {
        if (real_methods[i] == NULL) {
            real_methods[i] = f->pMethods;
            shim_methods[i] = *f->pMethods;
            shim_methods[i].xWrite = shim_write;
        }
        if (real_methods[i] == f->pMethods) {
            f->pMethods = &shim_methods[i];
            break;
        }
    }
    return rc;
}

static int shim_last_error(sqlite3_vfs *vfs, int n, char *buf)
{
    (void)vfs;
    if (shim_errno != 0)
        return shim_errno;
    return real_vfs->xGetLastError(real_vfs, n, buf);
}

static int shim_access(sqlite3_vfs *v, const char *n, int f, int *o)
{
    (void)v;
    return real_vfs->xAccess(real_vfs, n, f, o);
}
static int shim_fullpath(sqlite3_vfs *v, const char *n, int k, char *o)
{
    (void)v;
    return real_vfs->xFullPathname(real_vfs, n, k, o);
}
static int shim_delete(sqlite3_vfs *v, const char *n, int s)
{
    (void)v;
    return real_vfs->xDelete(real_vfs, n, s);
}

static void shim_install(void)
{
    real_vfs = sqlite3_vfs_find(NULL);
    shim_vfs = *real_vfs;
    shim_vfs.zName = "grog-test-shim";
    shim_vfs.pNext = NULL;
    shim_vfs.xOpen = shim_open;
    shim_vfs.xGetLastError = shim_last_error;
    shim_vfs.xAccess = shim_access;
    shim_vfs.xFullPathname = shim_fullpath;
    shim_vfs.xDelete = shim_delete;
    sqlite3_vfs_register(&shim_vfs, 1);
}

static void shim_reset(void)
{
    deny_errno = 0;
    disk_full = 0;
    shim_errno = 0;
}

/* ---- undo records and the dice stream ---- */

static void test_undo_is_an_action_and_dice_never_rewind(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 3);
    char *a = NULL, *b = NULL, *u = NULL;
    const char *order[] = {"order", "picton", "pack", "attack"};
    assert_int_equal(grog_game_do(g, 4, order, &a, NULL), GROG_OK);
    grog_seat ref;
    grog_game_seat(g, NULL, 1, &ref, NULL);
    assert_int_equal(grog_game_undo_as(g, &ref, 0, &u, NULL), GROG_OK);
    assert_non_null(strstr(u, "Action #2 (order) is undone"));
    /* the same order again draws the next dice of the stream, not the same ones
     * again (seed 3's stream gives 2d6 = 3, then 6) */
    assert_int_equal(grog_game_do(g, 4, order, &b, NULL), GROG_OK);
    assert_int_equal(roll_of(a), 3);
    assert_int_equal(roll_of(b), 6);
    assert_int_equal(grog_game_action_count(g), 4); /* start, order, undo, order */
    replays(g);
    grog_game_close(g);
    g = open_game();
    char *log = NULL;
    assert_int_equal(grog_game_log_text(g, NULL, &log, NULL), GROG_OK);
    assert_non_null(strstr(log, "#2  [undone by #3]"));
    assert_non_null(strstr(log, "#3  turn 1, command  > undo 2"));
    assert_null(strstr(log, "#4  [undone"));
    free(log);
    assert_int_equal(grog_game_log_json(g, NULL, &log, NULL), GROG_OK);
    json_t *j = json_loads(log, 0, NULL);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(j, 1), "undone_by")), 3);
    assert_null(json_object_get(json_array_get(j, 3), "undone_by"));
    json_decref(j);
    free(log);
    replays(g);
    grog_game_close(g);
    free(a);
    free(b);
    free(u);
}

static void test_undo_of_an_undo_restores_the_action_and_its_dice(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 3);
    ok(g, "order picton pack attack");          /* #2 */
    ok(g, "next");                               /* #3 */
    assert_string_equal(grog_game_phase(g), "movement");
    grog_seat ref;
    grog_game_seat(g, NULL, 1, &ref, NULL);
    grog_error err;
    assert_int_equal(grog_game_undo_as(g, &ref, 0, NULL, &err), GROG_OK); /* #4 undoes #3 */
    assert_string_equal(grog_game_phase(g), "command");
    assert_int_equal(grog_game_undo_as(g, &ref, 0, NULL, &err), GROG_OK); /* #5 undoes #2 */
    /* only the last undo may be undone, and an action cannot be undone out of turn */
    assert_int_equal(grog_game_undo_as(g, &ref, 4, NULL, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "#5"));
    assert_int_equal(grog_game_undo_as(g, &ref, 3, NULL, &err), GROG_EINVAL);
    assert_int_equal(grog_game_undo_as(g, &ref, 99, NULL, &err), GROG_ENOTFOUND);
    assert_int_equal(grog_game_undo_as(g, &ref, 5, NULL, &err), GROG_OK); /* #6: #2 again */
    assert_int_equal(grog_game_undo_as(g, &ref, 4, NULL, &err), GROG_OK); /* #7: #3 again */
    assert_string_equal(grog_game_phase(g), "movement");
    assert_int_equal(grog_game_action_count(g), 7);
    /* undone again, then an action: the undo stack is gone */
    assert_int_equal(grog_game_undo_as(g, &ref, 0, NULL, &err), GROG_OK); /* #8 undoes #3 */
    ok(g, "note after");                                                 /* #9 */
    assert_int_equal(grog_game_undo_as(g, &ref, 8, NULL, &err), GROG_EINVAL);
    replays(g);
    char *log = NULL;
    assert_int_equal(grog_game_log_text(g, NULL, &log, NULL), GROG_OK);
    assert_non_null(strstr(log, "#2  turn")); /* in effect again */
    assert_non_null(strstr(log, "#3  [undone by #8]"));
    assert_non_null(strstr(log, "#5  [undone by #6]"));
    free(log);
    grog_game_close(g);
    g = open_game(); /* the state rebuilt from the links is the one played */
    assert_string_equal(grog_game_phase(g), "command");
    assert_string_equal(grog_battle_officer_by_id(grog_game_battle(g), "pack")->order.kind,
                        grog_battle_officer_by_id(grog_game_battle(g), "pack")->order.kind);
    assert_int_equal(grog_game_undo_as(g, &ref, 0, NULL, &err), GROG_OK); /* the note */
    assert_int_equal(grog_game_undo_as(g, &ref, 0, NULL, &err), GROG_OK); /* the order #2 */
    assert_int_equal(grog_game_undo_as(g, &ref, 0, NULL, &err), GROG_EINVAL); /* start */
    replays(g);
    grog_game_close(g);
}

static void test_a_side_undoes_only_its_own(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 3);
    ok(g, "order picton pack attack");
    grog_seat french, anglo, pub;
    grog_game_seat(g, "french", 0, &french, NULL);
    grog_game_seat(g, "anglo-portuguese", 0, &anglo, NULL);
    grog_game_seat(g, NULL, 0, &pub, NULL);
    grog_error err;
    assert_int_equal(grog_game_undo_as(g, &pub, 0, NULL, &err), GROG_EDENIED);
    assert_int_equal(grog_game_undo_as(g, &french, 0, NULL, &err), GROG_EDENIED);
    assert_null(strstr(err.message, "attack"));
    assert_int_equal(grog_game_action_count(g), 2);
    char *r = NULL;
    assert_int_equal(grog_game_undo_as(g, &anglo, 0, &r, &err), GROG_OK);
    free(r);
    grog_game_close(g);
}

/* ---- verification and repair ---- */

static void edit_row(long long seq, const char *column, const char *from, const char *to)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    char sql[512];
    snprintf(sql, sizeof sql, "UPDATE actions SET %s = replace(%s, ?, ?) WHERE seq = %lld",
             column, column, seq);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    sqlite3_bind_text(st, 1, from, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, to, -1, SQLITE_STATIC);
    assert_int_equal(sqlite3_step(st), SQLITE_DONE);
    assert_int_equal(sqlite3_changes(db), 1);
    sqlite3_finalize(st);
    sqlite3_close(db);
}

static void test_an_edited_result_is_caught_and_repaired(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 3);
    ok(g, "order picton pack redeploy --roll 3"); /* #2: 3 - 1 = 2, fails */
    ok(g, "next");                                          /* #3 */
    ok(g, "note later");                                    /* #4 */
    grog_game_close(g);
    /* roll 3 -> 12 and fail -> immediate in the stored result (what the log shows) */
    edit_row(2, "result", "\"roll\":3", "\"roll\":12");
    edit_row(2, "result", "\"outcome\":\"fail\"", "\"outcome\":\"immediate\"");
    grog_error err;
    /* opening checks the rolls and outcomes (intact) and the rows' hashes (issue 29:
     * the edited row is found at once); replay checks what the log shows */
    long long first_bad = 0;
    assert_int_equal(grog_game_open(path, &g, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "action 2 is not what was written"));
    assert_int_equal(grog_game_open_damaged(path, &g, &first_bad, &err), GROG_OK);
    assert_int_equal(first_bad, 2);
    assert_int_equal(grog_game_replay(g, NULL, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "action 2 (order)"));
    assert_null(strstr(err.message, "redeploy")); /* never the hidden words */
    assert_int_equal(grog_game_do_line(g, "next", NULL, &err), GROG_EFORMAT); /* not writable */
    char *log = NULL;
    assert_int_equal(grog_game_log_text(g, NULL, &log, NULL), GROG_OK);
    assert_non_null(strstr(log, "#2  [DOES NOT REPLAY]"));
    assert_non_null(strstr(log, "#4  [DOES NOT REPLAY]"));
    assert_null(strstr(log, "#1  [DOES NOT REPLAY]"));
    free(log);
    grog_seat ref, french;
    grog_game_seat(g, NULL, 1, &ref, NULL);
    grog_game_seat(g, "french", 0, &french, NULL);
    char side[96];
    snprintf(side, sizeof side, "%s.cut", path);
    remove(side);
    assert_int_equal(grog_game_repair(g, &french, 1, side, &err), GROG_EDENIED);
    assert_int_equal(grog_game_repair(g, &ref, 0, side, &err), GROG_EINVAL);
    assert_int_equal(grog_game_repair(g, &ref, 1, side, &err), GROG_OK);
    grog_game_close(g);
    FILE *f = fopen(side, "r");
    assert_non_null(f);
    char line[8192];
    int lines = 0;
    while (fgets(line, sizeof line, f) != NULL)
        lines++;
    fclose(f);
    assert_int_equal(lines, 3); /* #2, #3, #4 kept aside */
    remove(side);
    g = open_game();
    assert_int_equal(grog_game_action_count(g), 1);
    replays(g);
    ok(g, "next");
    grog_game_close(g);
}

static void test_edited_links_checks_and_stream_are_caught(void **state)
{
    (void)state;
    const char *const edits[][3] = {
        {"checks", "draws=", "draws=1"},     /* the check string */
        {"rng_from", "", ""},                /* the stream position (below) */
        {"words", "pack", "picton"},         /* the words */
    };
    for (size_t i = 0; i < 3; i++) {
        grog_game_remove(path);
        grog_game *g = new_game(GROG_FAMILY_GDB, 3);
        ok(g, "order picton pack attack");
        ok(g, "note x");
        grog_game_close(g);
        if (i == 1) {
            sqlite3 *db;
            sqlite3_open(path, &db);
            sqlite3_exec(db, "UPDATE actions SET rng_from = rng_from + 2 WHERE seq = 2", NULL,
                         NULL, NULL);
            sqlite3_close(db);
        } else {
            edit_row(2, edits[i][0], edits[i][1], edits[i][2]);
        }
        long long bad = 0;
        grog_error err;
        assert_int_equal(grog_game_open_damaged(path, &g, &bad, &err), GROG_OK);
        assert_int_equal(bad, 2);
        assert_int_equal(grog_game_replay(g, NULL, &err), GROG_EFORMAT);
        assert_non_null(strstr(err.message, "action 2"));
        grog_game_close(g);
    }
    /* an undo link pointing elsewhere */
    grog_game_remove(path);
    grog_game *g = new_game(GROG_FAMILY_GDB, 3);
    ok(g, "note a");
    ok(g, "note b");
    grog_game_close(g);
    sqlite3 *db;
    sqlite3_open(path, &db);
    sqlite3_exec(db, "UPDATE actions SET below = 1 WHERE seq = 3", NULL, NULL, NULL);
    sqlite3_close(db);
    g = NULL;
    long long bad = 0;
    grog_error err;
    assert_int_equal(grog_game_open_damaged(path, &g, &bad, &err), GROG_OK);
    assert_int_equal(grog_game_replay(g, NULL, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "action 3"));
    grog_game_close(g);
}

static void test_cli_log_from_journal_and_repair(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 3);
    ok(g, "order picton pack redeploy --roll 3");
    grog_game_close(g);
    edit_row(2, "result", "\"roll\":3", "\"roll\":12");
    cli_run r = run_cli("log", path, "--from-journal", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "[DOES NOT REPLAY]"));
    assert_null(strstr(r.out, "redeploy"));
    cli_run_free(&r);
    r = run_cli("replay", path, NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "action 2 (order)"));
    cli_run_free(&r);
    r = run_cli("repair", path, "--truncate-at", "1", "--side", "french", NULL);
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
    r = run_cli("repair", path, "--truncate-at", "1", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, ".cut-1.jsonl"));
    cli_run_free(&r);
    char side[96];
    snprintf(side, sizeof side, "%s.cut-1.jsonl", path);
    assert_int_equal(access(side, R_OK), 0);
    r = run_cli("repair", path, "--truncate-at", "1", NULL); /* nothing left to cut */
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
    remove(side);
    r = run_cli("replay", path, NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
}

/* ---- one writer ---- */

#define ROUNDS 30

/* A child: `n` actions (retrying while busy); exits 0 when all are done. */
static void writer(const char *line, int n, int undo)
{
    grog_game *g;
    if (grog_game_open(path, &g, NULL) != GROG_OK)
        _exit(10);
    int done = 0, tries = 0;
    while (done < n && tries < 100 * n) {
        tries++;
        grog_error err;
        grog_status st = undo ? grog_game_undo(g, &err) : grog_game_do_line(g, line, NULL, &err);
        if (st == GROG_OK)
            done++;
        else if (st != GROG_EBUSY && !(undo && st == GROG_EINVAL))
            _exit(11);
    }
    grog_game_close(g);
    _exit(done == n ? 0 : 12);
}

static int wait_child(pid_t pid)
{
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 100;
}

static void test_two_writers_lose_nothing(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 5);
    grog_game_close(g);
    fflush(NULL);
    pid_t a = fork();
    if (a == 0)
        writer("note from a", ROUNDS, 0);
    pid_t b = fork();
    if (b == 0)
        writer("event casualties br-74th 1", ROUNDS, 0);
    assert_int_equal(wait_child(a), 0);
    assert_int_equal(wait_child(b), 0);
    g = open_game();
    assert_int_equal(grog_game_action_count(g), 1 + 2 * ROUNDS); /* no gap, no loss */
    replays(g);
    grog_game_close(g);
}

static void test_undo_racing_do(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, 5);
    grog_game_close(g);
    fflush(NULL);
    pid_t a = fork();
    if (a == 0)
        writer("note racing", ROUNDS, 0);
    pid_t b = fork();
    if (b == 0)
        writer(NULL, ROUNDS / 2, 1);
    assert_int_equal(wait_child(a), 0);
    int rb = wait_child(b);
    assert_true(rb == 0 || rb == 12); /* undo may find nothing left to undo */
    g = open_game();
    assert_true(grog_game_action_count(g) >= 1 + ROUNDS);
    replays(g);
    grog_game_close(g);
}

/* Another process holds the write lock: a bounded wait, then GROG_EBUSY (exit 3). */
static void test_busy_is_reported_after_a_bounded_wait(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 1);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
    grog_game_set_busy_timeout(g, 50);
    grog_error err;
    assert_int_equal(grog_game_do_line(g, "next", NULL, &err), GROG_EBUSY);
    assert_non_null(strstr(err.message, "being written by another process; try again"));
    assert_int_equal(grog_game_undo(g, &err), GROG_EBUSY);
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(db);
    assert_int_equal(grog_game_action_count(g), 1);
    ok(g, "next"); /* free again */
    grog_game_close(g);
    grog_seat ref = {GROG_SEAT_REFEREE, NULL};
    (void)ref;
}

/* A session picks up what another process wrote. */
static void test_sync_catches_up(void **state)
{
    (void)state;
    grog_game *a = new_game(GROG_FAMILY_GDB, 1);
    grog_game *b = open_game();
    ok(b, "next");
    ok(b, "note b");
    size_t added = 9;
    assert_int_equal(grog_game_sync(a, &added, NULL), GROG_OK);
    assert_int_equal(added, 2);
    assert_string_equal(grog_game_phase(a), "movement");
    assert_int_equal(grog_game_undo(b, NULL), GROG_OK);
    assert_int_equal(grog_game_undo(b, NULL), GROG_OK);
    assert_int_equal(grog_game_sync(a, &added, NULL), GROG_OK);
    assert_string_equal(grog_game_phase(a), "command");
    ok(a, "next"); /* a writes after catching up: number 6, not a clash */
    assert_int_equal(grog_game_action_count(a), 6);
    assert_int_equal(grog_game_sync(b, &added, NULL), GROG_OK);
    assert_int_equal(added, 1);
    assert_string_equal(grog_game_phase(b), "movement");
    replays(a);
    grog_game_close(a);
    grog_game_close(b);
}

/* Another process commits just after our COMMIT, before we look again: we
 * still catch its row up, and our next action goes after it. The commit
 * "of the other process" is made from inside our connection's WAL hook,
 * which SQLite calls once our commit is done and its lock released (a race
 * seen under load: the next action was refused, "UNIQUE constraint failed:
 * actions.seq", as the version read after our own commit hid theirs). */
static sqlite3 *opened[8];
static int nopened;
static grog_game *in_between; /* writes once from inside the hook */
static grog_status in_between_status = GROG_EINVAL;

static int note_connection(sqlite3 *db, char **msg, const struct sqlite3_api_routines *api)
{
    (void)msg;
    (void)api;
    if (nopened < 8)
        opened[nopened++] = db;
    return SQLITE_OK;
}

static int after_commit(void *p, sqlite3 *db, const char *name, int pages)
{
    (void)p;
    (void)db;
    (void)name;
    (void)pages;
    grog_game *b = in_between;
    in_between = NULL;
    if (b != NULL)
        in_between_status = grog_game_do_line(b, "note from b", NULL, NULL);
    return SQLITE_OK;
}

static void test_a_commit_just_after_ours_is_caught_up(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 1);
    grog_game_close(g);
    nopened = 0;
    sqlite3_auto_extension((void (*)(void))note_connection);
    grog_game *a = open_game();
    int of_a = nopened;
    sqlite3_cancel_auto_extension((void (*)(void))note_connection);
    assert_int_equal(of_a, 1); /* one connection per game */
    grog_game *b = open_game();
    sqlite3_wal_hook(opened[0], after_commit, NULL);
    in_between = b;
    ok(a, "note from a"); /* row 2; b writes row 3 inside its COMMIT */
    assert_null(in_between);
    assert_int_equal(in_between_status, GROG_OK);
    ok(a, "next"); /* row 4, after b's */
    assert_int_equal(grog_game_action_count(a), 4);
    assert_string_equal(grog_game_phase(a), "movement");
    char *log = NULL;
    grog_seat ref = {GROG_SEAT_REFEREE, NULL};
    assert_int_equal(grog_game_log_json(a, &ref, &log, NULL), GROG_OK);
    json_t *root = json_loads(log, 0, NULL);
    json_t *rows = json_is_array(root) ? root : json_object_get(root, "actions");
    const char *expect[][3] = {{"note", "from", "a"}, {"note", "from", "b"}, {"next"}};
    for (size_t i = 0; i < 3; i++) {
        json_t *w = json_object_get(json_array_get(rows, i + 1), "action");
        assert_int_equal(json_array_size(w), expect[i][1] != NULL ? 3 : 1);
        for (size_t k = 0; k < json_array_size(w); k++)
            assert_string_equal(json_string_value(json_array_get(w, k)), expect[i][k]);
    }
    json_decref(root);
    free(log);
    replays(a);
    grog_game_close(a);
    grog_game_close(b);
}

/* ---- new ---- */

static void test_racing_new_gives_one_game_and_one_refusal(void **state)
{
    (void)state;
    for (int round = 0; round < 5; round++) {
        grog_game_remove(path);
        fflush(NULL);
        pid_t kids[2];
        for (int k = 0; k < 2; k++) {
            kids[k] = fork();
            if (kids[k] == 0) {
                grog_game_options o = {GROG_FAMILY_GDB, NULL, (uint64_t)k, NULL};
                grog_game *g;
                grog_error err;
                grog_status st = grog_game_create(path, &o, &g, &err);
                if (st == GROG_OK)
                    grog_game_close(g);
                _exit(st == GROG_OK ? 0 : strstr(err.message, "already exists") ? 1 : 2);
            }
        }
        int a = wait_child(kids[0]), b = wait_child(kids[1]);
        assert_int_equal(a + b, 1); /* one game, one clear refusal */
        grog_game *g = open_game();
        replays(g);
        grog_game_close(g);
    }
}

static void test_killed_new_leaves_no_half_game(void **state)
{
    (void)state;
    unsigned lcg = 77;
    for (int round = 0; round < 12; round++) {
        grog_game_remove(path);
        fflush(NULL);
        pid_t pid = fork();
        if (pid == 0) {
            grog_game_options o = {GROG_FAMILY_AIGLES, NULL, 1, NULL};
            grog_game *g;
            _exit(grog_game_create(path, &o, &g, NULL) == GROG_OK ? 0 : 1);
        }
        lcg = lcg * 1103515245u + 12345u;
        struct timespec ts = {0, (long)((lcg >> 16) % 12) * 1000000L};
        nanosleep(&ts, NULL);
        kill(pid, SIGKILL);
        wait_child(pid);
        /* either no game at all, or a whole one */
        struct stat st;
        if (stat(path, &st) == 0) {
            grog_game *g = open_game();
            assert_int_equal(grog_game_action_count(g), 1);
            grog_game_close(g);
        } else {
            grog_game *g = new_game(GROG_FAMILY_AIGLES, 1); /* the name is free */
            grog_game_close(g);
        }
    }
    /* the temporary files of killed creations are beside it, named for it */
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -f %s.new-*", path);
    assert_int_equal(system(cmd), 0);
}

/* What a `new` killed half-way left (GAME.new-XXXXXX and its companions)
 * is removed by the next `new` in that folder; a temporary another `new`
 * holds (its flock), or one made in the last minute, is left alone. */
static void test_new_removes_what_a_killed_new_left(void **state)
{
    (void)state;
    char old[96], oldwal[100], held[96], fresh[96], other[96];
    snprintf(old, sizeof old, "%s.new-AbC123", path);
    snprintf(oldwal, sizeof oldwal, "%s-wal", old);
    snprintf(held, sizeof held, "%s.new-Held01", path);
    snprintf(fresh, sizeof fresh, "%s.new-Fresh1", path);
    snprintf(other, sizeof other, "%s.other", path);
    const char *files[] = {old, oldwal, held, fresh};
    for (size_t i = 0; i < 4; i++) {
        FILE *f = fopen(files[i], "w");
        assert_non_null(f);
        fclose(f);
    }
    struct timespec two_minutes_ago[2];
    clock_gettime(CLOCK_REALTIME, &two_minutes_ago[0]);
    two_minutes_ago[0].tv_sec -= 120;
    two_minutes_ago[1] = two_minutes_ago[0];
    for (size_t i = 0; i < 3; i++) /* the fresh one keeps its time */
        assert_int_equal(utimensat(AT_FDCWD, files[i], two_minutes_ago, 0), 0);
    int fd = open(held, O_RDONLY);
    assert_true(fd >= 0);
    assert_int_equal(flock(fd, LOCK_EX), 0); /* as a live `new` holds its own */
    grog_game_remove(other);
    grog_game *g = test_game_create(other, GROG_FAMILY_GDB, NULL, 1);
    grog_game_close(g);
    struct stat st;
    assert_int_not_equal(stat(old, &st), 0);
    assert_int_not_equal(stat(oldwal, &st), 0);
    assert_int_equal(stat(held, &st), 0);
    assert_int_equal(stat(fresh, &st), 0);
    close(fd);
    unlink(held);
    unlink(fresh);
    grog_game_remove(other);
}

/* ---- the file alone ---- */

/* Issue 29: an action is acknowledged once it is in the -wal (one disk sync),
 * not checkpointed into the .grog after each: while the game is open, a
 * backup (SQLite's online backup) is the complete copy; once it is closed,
 * the .grog alone holds every action. */
static void test_a_closed_game_file_or_a_backup_holds_every_action(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 1);
    ok(g, "note one");
    ok(g, "next");
    /* still open (a play session, a server): the backup holds both */
    char copy[96];
    snprintf(copy, sizeof copy, "%s.copy", path);
    grog_game_remove(copy);
    grog_error err;
    assert_int_equal(grog_game_backup(path, copy, &err), GROG_OK);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "test ! -s %s-wal", copy); /* the copy is whole in itself */
    assert_int_equal(system(cmd), 0);
    grog_game *c = NULL;
    assert_int_equal(grog_game_open(copy, &c, &err), GROG_OK);
    assert_int_equal(grog_game_action_count(c), 3);
    size_t replayed = 0;
    assert_int_equal(grog_game_replay(c, &replayed, &err), GROG_OK);
    assert_int_equal(replayed, 3);
    grog_game_close(c);
    /* never over an existing file, nor from what is not a game */
    assert_int_equal(grog_game_backup(path, copy, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "already exists"));
    grog_game_remove(copy);
    assert_int_equal(grog_game_backup("/nonexistent/x.grog", copy, &err), GROG_ENOTFOUND);
    struct stat st;
    assert_int_not_equal(stat(copy, &st), 0);
    ok(g, "note three");
    grog_game_close(g);
    snprintf(cmd, sizeof cmd, "test ! -s %s-wal && cp %s %s", path, path, copy);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(grog_game_open(copy, &c, &err), GROG_OK);
    assert_int_equal(grog_game_action_count(c), 4);
    grog_game_close(c);
    grog_game_remove(copy);
}

/* A backup taken while another process writes the game: complete as of
 * its start, and a game that replays. */
static void test_backup_while_another_process_writes(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 1);
    grog_game_close(g);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        grog_game *w = NULL;
        if (grog_game_open(path, &w, NULL) != GROG_OK)
            _exit(1);
        for (int i = 0; i < 40; i++)
            grog_game_do_line(w, "note writing", NULL, NULL);
        grog_game_close(w);
        _exit(0);
    }
    char copy[96];
    snprintf(copy, sizeof copy, "%s.copy", path);
    size_t seen = 0;
    for (int round = 0; round < 5; round++) {
        grog_game_remove(copy);
        grog_error err;
        if (grog_game_backup(path, copy, &err) != GROG_OK)
            fail_msg("backup: %s", err.message);
        grog_game *c = NULL;
        assert_int_equal(grog_game_open(copy, &c, &err), GROG_OK);
        size_t n = grog_game_action_count(c);
        assert_true(n >= seen); /* each copy at least as far as the one before */
        seen = n;
        size_t replayed = 0;
        assert_int_equal(grog_game_replay(c, &replayed, &err), GROG_OK);
        grog_game_close(c);
    }
    wait_child(pid);
    grog_game_remove(copy);
}

/* A damaged game is called damaged: a file whose SQLite header still says
 * it is a grognard game (its application id) but that SQLite cannot read
 * (here, an impossible page size) is "damaged", not "not a grognard game". */
static void test_a_damaged_game_is_called_damaged(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 1);
    grog_game_close(g);
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, 16, SEEK_SET);
    fputc(0x00, f); /* page size 3: not a power of two */
    fputc(0x03, f);
    fclose(f);
    grog_error err;
    assert_int_equal(grog_game_open(path, &g, &err), GROG_EFORMAT);
    if (strstr(err.message, "damaged grognard game") == NULL ||
        strstr(err.message, "not a grognard game") != NULL)
        fail_msg("not called damaged: %s", err.message);
    /* another program's SQLite file with the same damage is not a game */
    grog_game_remove(path);
    sqlite3 *db;
    sqlite3_open(path, &db);
    sqlite3_exec(db, "CREATE TABLE t(x)", NULL, NULL, NULL);
    sqlite3_close(db);
    f = fopen(path, "r+b");
    fseek(f, 16, SEEK_SET);
    fputc(0x00, f);
    fputc(0x03, f);
    fclose(f);
    assert_int_equal(grog_game_open(path, &g, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "not a grognard game"));
}

/* ---- errors that name their cause ---- */

static void test_errors_name_their_cause(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 1);
    grog_game_close(g);
    grog_error err;
    /* permission denied: exit 3, not "not a grognard game" */
    deny_errno = EACCES;
    assert_int_equal(grog_game_open(path, &g, &err), GROG_EIO);
    assert_non_null(strstr(err.message, "permission denied"));
    shim_reset();
    /* a folder that cannot be written: the game is read, writing it is refused */
    deny_errno = EROFS;
    assert_int_equal(grog_game_open(path, &g, &err), GROG_OK);
    char *log = NULL;
    assert_int_equal(grog_game_log_text(g, NULL, &log, NULL), GROG_OK);
    free(log);
    assert_int_equal(grog_game_do_line(g, "next", NULL, &err), GROG_EIO);
    assert_non_null(strstr(err.message, "read-only"));
    grog_game_close(g);
    shim_reset();
    /* a full disk */
    g = open_game();
    disk_full = 1;
    assert_int_equal(grog_game_do_line(g, "next", NULL, &err), GROG_EIO);
    assert_non_null(strstr(err.message, "disk is full"));
    disk_full = 0;
    assert_string_equal(grog_game_phase(g), "command"); /* nothing changed */
    ok(g, "next");
    grog_game_close(g);
    shim_reset();
    /* a newer version */
    sqlite3 *db;
    sqlite3_open(path, &db);
    sqlite3_exec(db, "PRAGMA user_version=9", NULL, NULL, NULL);
    sqlite3_close(db);
    assert_int_equal(grog_game_open(path, &g, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "newer grognard"));
    /* not a game; damaged */
    FILE *f = fopen(path, "w");
    fputs("hello, not a game\n", f);
    fclose(f);
    assert_int_equal(grog_game_open(path, &g, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "not a grognard game"));
    grog_game_remove(path);
    g = new_game(GROG_FAMILY_GDB, 1);
    grog_game_close(g);
    sqlite3_open(path, &db);
    sqlite3_exec(db, "DROP TABLE texts", NULL, NULL, NULL);
    sqlite3_close(db);
    assert_int_equal(grog_game_open(path, &g, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "damaged"));
    /* the CLI's exit codes: 3 for the file system, 1 for a damaged game */
    cli_run r = run_cli("status", path, NULL);
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
    grog_game_remove(path);
    g = new_game(GROG_FAMILY_GDB, 1);
    grog_game_close(g);
    deny_errno = EACCES;
    r = run_cli("status", path, NULL);
    assert_int_equal(r.code, 3);
    assert_non_null(strstr(r.err, "permission denied"));
    cli_run_free(&r);
    shim_reset();
    /* a file that cannot be created: the folder does not exist */
    grog_game_options o = {GROG_FAMILY_GDB, NULL, 1, NULL};
    assert_int_equal(grog_game_create("/nonexistent-dir/x.grog", &o, &g, &err), GROG_EIO);
}

/* A version 1 game (undo deleted rows) opens, is brought up to date and replays. */
static void test_version_1_games_are_upgraded(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, 1);
    ok(g, "next");
    grog_game_close(g);
    sqlite3 *db;
    sqlite3_open(path, &db);
    assert_int_equal(sqlite3_exec(db,
                                  "CREATE TABLE a1 AS SELECT seq, side, words, result, checks "
                                  "FROM actions; DROP TABLE actions; DROP TABLE snapshots;"
                                  "CREATE TABLE actions(seq INTEGER PRIMARY KEY, side TEXT NOT "
                                  "NULL, words TEXT NOT NULL, result TEXT NOT NULL, checks TEXT "
                                  "NOT NULL); INSERT INTO actions SELECT * FROM a1; DROP TABLE "
                                  "a1; PRAGMA user_version=1;",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    g = open_game();
    assert_string_equal(grog_game_phase(g), "movement");
    replays(g);
    ok(g, "next");
    assert_int_equal(grog_game_undo(g, NULL), GROG_OK);
    replays(g);
    grog_game_close(g);
}

int main(void)
{
    shim_install();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_undo_is_an_action_and_dice_never_rewind, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_undo_of_an_undo_restores_the_action_and_its_dice,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_side_undoes_only_its_own, setup, teardown),
        cmocka_unit_test_setup_teardown(test_an_edited_result_is_caught_and_repaired, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_edited_links_checks_and_stream_are_caught, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_cli_log_from_journal_and_repair, setup, teardown),
        cmocka_unit_test_setup_teardown(test_two_writers_lose_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_undo_racing_do, setup, teardown),
        cmocka_unit_test_setup_teardown(test_busy_is_reported_after_a_bounded_wait, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_sync_catches_up, setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_commit_just_after_ours_is_caught_up, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_racing_new_gives_one_game_and_one_refusal, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_killed_new_leaves_no_half_game, setup, teardown),
        cmocka_unit_test_setup_teardown(test_new_removes_what_a_killed_new_left, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_backup_while_another_process_writes, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_a_damaged_game_is_called_damaged, setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_closed_game_file_or_a_backup_holds_every_action, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_errors_name_their_cause, setup, teardown),
        cmocka_unit_test_setup_teardown(test_version_1_games_are_upgraded, setup, teardown),
    };
    return cmocka_run_group_tests_name("journal", tests, NULL, NULL);
}
