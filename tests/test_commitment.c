/* test_commitment.c — dice anyone can check (issue 26, part 3): the seed's
 * commitment, the referee's end, verification, and tampering found.
 *
 * The hashes below were computed outside grognard (Python's hashlib and
 * coreutils' sha256sum over the same text), so the test checks nettle's use,
 * not itself. */
#include <sqlite3.h>

#include "testutil.h"

static char path[64];
static const unsigned char SALT[GROG_SALT_BYTES] = {0, 1, 2, 3, 4, 5, 6, 7,
                                                     8, 9, 10, 11, 12, 13, 14, 15};
#define SALT_HEX "000102030405060708090a0b0c0d0e0f"
/* sha256("grognard-seed:7:000102030405060708090a0b0c0d0e0f") */
#define C7 "10d0cbf74604ff3bb8aa9554917a3e128d5c53014e8ee4789ee227599355fd25"

static int setup(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "commitment");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    grog_game_remove(path);
    return 0;
}

static grog_game *salted(uint64_t seed)
{
    grog_game_options o = {GROG_FAMILY_GDB, NULL, seed, NULL};
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_create_salted(path, &o, SALT, &g, &err) != GROG_OK)
        fail_msg("create: %s", err.message);
    return g;
}

static grog_seat seat_of(grog_game *g, const char *side, int referee)
{
    grog_seat s;
    assert_int_equal(grog_game_seat(g, side, referee, &s, NULL), GROG_OK);
    return s;
}

static void test_compute(void **state)
{
    (void)state;
    char hex[GROG_COMMITMENT_HEX];
    grog_commitment_compute(7, SALT, hex);
    assert_string_equal(hex, C7);
    unsigned char ff[GROG_SALT_BYTES];
    memset(ff, 0xff, sizeof ff);
    grog_commitment_compute(INT64_MAX, ff, hex); /* the largest seed, every salt bit set */
    assert_string_equal(hex, "d6e6b7632270417b27e85363e1a7ee8ba631e3cda8b01b39fc24c19036b8c68e");
    unsigned char s[GROG_SALT_BYTES];
    assert_int_equal(grog_salt_parse(SALT_HEX, s, NULL), GROG_OK);
    assert_memory_equal(s, SALT, sizeof s);
    assert_int_equal(grog_salt_parse("000102030405060708090A0B0C0D0E0F", s, NULL), GROG_OK);
    assert_memory_equal(s, SALT, sizeof s);
    /* 31 and 33 digits, a non-digit: refused, and s is left as it was */
    memset(s, 0x55, sizeof s);
    assert_int_equal(grog_salt_parse("000102030405060708090a0b0c0d0e0", s, NULL), GROG_EINVAL);
    assert_int_equal(grog_salt_parse(SALT_HEX "0", s, NULL), GROG_EINVAL);
    assert_int_equal(grog_salt_parse("000102030405060708090a0b0c0d0e0g", s, NULL), GROG_EINVAL);
    for (size_t i = 0; i < sizeof s; i++)
        assert_int_equal(s[i], 0x55);
}

/* The status of seat as JSON. */
static json_t *status_of(grog_game *g, const grog_seat *seat)
{
    char *text = NULL;
    assert_int_equal(grog_game_status_json(g, seat, &text, NULL), GROG_OK);
    json_t *j = json_loads(text, 0, NULL);
    free(text);
    assert_non_null(j);
    return j;
}

/* Whether the seed's digits appear in any output for seat. */
static int seed_seen(grog_game *g, const grog_seat *seat, const char *digits)
{
    char *t[4] = {NULL};
    assert_int_equal(grog_game_status_json(g, seat, &t[0], NULL), GROG_OK);
    assert_int_equal(grog_game_status_text(g, seat, &t[1], NULL), GROG_OK);
    assert_int_equal(grog_view_game_json(g, seat, &t[2], NULL), GROG_OK);
    assert_int_equal(grog_game_log_json(g, seat, &t[3], NULL), GROG_OK);
    int seen = 0;
    for (int i = 0; i < 4; i++) {
        seen |= strstr(t[i], digits) != NULL || strstr(t[i], SALT_HEX) != NULL;
        free(t[i]);
    }
    return seen;
}

static void test_seats_see_commitment_not_seed(void **state)
{
    (void)state;
    uint64_t seed = 4815162342108ull; /* digits no count or distance has */
    grog_game *g = salted(seed);
    grog_seat pub = seat_of(g, NULL, 0), fr = seat_of(g, "french", 0), ref = seat_of(g, NULL, 1);
    char c[GROG_COMMITMENT_HEX], expect[GROG_COMMITMENT_HEX];
    assert_int_equal(grog_game_commitment(g, c), 1);
    grog_commitment_compute(seed, SALT, expect);
    assert_string_equal(c, expect);
    const grog_seat *seats[] = {&pub, &fr, &ref};
    for (int i = 0; i < 3; i++) {
        json_t *s = status_of(g, seats[i]);
        assert_string_equal(json_string_value(json_object_get(s, "seed_commitment")), c);
        assert_true(json_is_false(json_object_get(s, "ended")));
        assert_int_equal(json_object_get(s, "seed") != NULL, i == 2);
        assert_int_equal(json_object_get(s, "seed_salt") != NULL, i == 2);
        json_decref(s);
    }
    assert_false(seed_seen(g, &pub, "4815162342108"));
    assert_false(seed_seen(g, &fr, "4815162342108"));
    assert_true(seed_seen(g, &ref, "4815162342108"));
    char salt[GROG_SALT_HEX];
    assert_int_equal(grog_game_salt(g, &fr, salt, NULL), GROG_EDENIED);
    assert_int_equal(grog_game_salt(g, &ref, salt, NULL), GROG_OK);
    assert_string_equal(salt, SALT_HEX);
    grog_game_close(g);
}

static void test_end(void **state)
{
    (void)state;
    grog_game *g = salted(7);
    grog_seat fr = seat_of(g, "french", 0), pub = seat_of(g, NULL, 0), ref = seat_of(g, NULL, 1);
    assert_int_equal(grog_game_do_line(g, "order picton pack attack", NULL, NULL), GROG_OK);
    grog_error err;
    assert_int_equal(grog_game_end(g, &fr, &err), GROG_EDENIED);
    assert_int_equal(grog_game_end(g, &pub, &err), GROG_EDENIED);
    assert_false(grog_game_ended(g));
    assert_int_equal(grog_game_end(g, &ref, &err), GROG_OK);
    assert_true(grog_game_ended(g));
    assert_int_equal(grog_game_end(g, &ref, &err), GROG_EINVAL);
    /* no action, no undo once the seed is known */
    size_t n = grog_game_action_count(g);
    assert_int_equal(grog_game_do_line(g, "next", NULL, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "ended"));
    assert_int_equal(grog_game_undo(g, &err), GROG_EINVAL);
    assert_int_equal(grog_game_action_count(g), n);
    /* every seat sees the seed and salt now */
    json_t *s = status_of(g, &fr);
    assert_int_equal(json_integer_value(json_object_get(s, "seed")), 7);
    assert_string_equal(json_string_value(json_object_get(s, "seed_salt")), SALT_HEX);
    assert_string_equal(json_string_value(json_object_get(s, "seed_commitment")), C7);
    assert_true(json_is_true(json_object_get(s, "ended")));
    json_decref(s);
    grog_game_close(g);
    /* the end is in the file: another process sees it */
    assert_int_equal(grog_game_open(path, &g, NULL), GROG_OK);
    assert_true(grog_game_ended(g));
    grog_game_close(g);
}

static void play_some(grog_game *g)
{
    const char *lines[] = {"order picton pack attack", "order reynier brenier attack", "next",
                           "next", "next", "order picton lightburne attack"};
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
        assert_int_equal(grog_game_do_line(g, lines[i], NULL, NULL), GROG_OK);
}

static void sql(const char *stmt)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    char *msg = NULL;
    if (sqlite3_exec(db, stmt, NULL, NULL, &msg) != SQLITE_OK)
        fail_msg("%s: %s", stmt, msg);
    sqlite3_close(db);
}

static grog_verification verify(const char *expected)
{
    grog_game *g;
    assert_int_equal(grog_game_open_damaged(path, &g, NULL, NULL), GROG_OK);
    grog_verification v;
    assert_int_equal(grog_game_verify(g, expected, &v, NULL), GROG_OK);
    grog_game_close(g);
    return v;
}

static void test_verify_sound(void **state)
{
    (void)state;
    grog_game *g = salted(7);
    play_some(g);
    grog_game_close(g);
    grog_verification v = verify(C7);
    assert_true(v.has_commitment && v.commitment_ok && v.expected_ok && v.replay_ok);
    assert_int_equal(v.rows, 7);
    assert_int_equal(v.first_bad, 0);
    assert_true(grog_verification_ok(&v));
    /* the commitment the players noted, but one digit off */
    v = verify("10d0cbf74604ff3bb8aa9554917a3e128d5c53014e8ee4789ee227599355fd26");
    assert_false(v.expected_ok);
    assert_false(grog_verification_ok(&v));
}

/* Row 2 (Picton's order to Pack, rolled by grognard): its roll changed in the
 * journal. */
static void test_verify_tampered_roll(void **state)
{
    (void)state;
    grog_game *g = salted(7);
    play_some(g);
    grog_game_close(g);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT result FROM actions WHERE seq = 2", -1, &st,
                                        NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    json_t *r = json_loads((const char *)sqlite3_column_text(st, 0), 0, NULL);
    sqlite3_finalize(st);
    json_t *rec = json_object_get(json_array_get(json_object_get(r, "records"), 0), "record");
    assert_true(json_is_false(json_object_get(rec, "entered")));
    json_int_t roll = json_integer_value(json_object_get(rec, "roll"));
    json_object_set_new(rec, "roll", json_integer(roll == 6 ? 5 : roll + 1));
    char *text = json_dumps(r, JSON_COMPACT);
    json_decref(r);
    assert_int_equal(sqlite3_prepare_v2(db, "UPDATE actions SET result = ? WHERE seq = 2", -1,
                                        &st, NULL),
                     SQLITE_OK);
    sqlite3_bind_text(st, 1, text, -1, free);
    assert_int_equal(sqlite3_step(st), SQLITE_DONE);
    sqlite3_finalize(st);
    sqlite3_exec(db, "DELETE FROM snapshots", NULL, NULL, NULL);
    sqlite3_close(db);
    grog_verification v = verify(NULL);
    assert_true(v.commitment_ok); /* the seed is sound: the row is not */
    assert_false(v.replay_ok);
    assert_int_equal(v.first_bad, 2);
    assert_int_equal(v.rows, 1);
    assert_false(grog_verification_ok(&v));
}

static void test_verify_tampered_seed(void **state)
{
    (void)state;
    grog_game *g = salted(7);
    play_some(g);
    grog_game_close(g);
    sql("UPDATE game SET value = '8' WHERE key = 'seed'; DELETE FROM snapshots;");
    grog_verification v = verify(NULL);
    assert_true(v.has_commitment);
    assert_false(v.commitment_ok);
    assert_false(v.replay_ok); /* the first grognard roll (row 2) is another */
    assert_int_equal(v.first_bad, 2);
    /* seed and commitment both replaced, to match: the commitment noted finds it */
    char c8[GROG_COMMITMENT_HEX], q[256];
    grog_commitment_compute(8, SALT, c8);
    snprintf(q, sizeof q, "UPDATE game SET value = '%s' WHERE key = 'seed_commitment';", c8);
    sql(q);
    v = verify(C7);
    assert_true(v.commitment_ok);
    assert_false(v.expected_ok);
    assert_false(grog_verification_ok(&v));
}

static void test_verify_tampered_salt(void **state)
{
    (void)state;
    grog_game *g = salted(7);
    play_some(g);
    grog_game_close(g);
    sql("UPDATE game SET value = '000102030405060708090a0b0c0d0e0e' WHERE key = 'seed_salt';");
    grog_verification v = verify(NULL);
    assert_false(v.commitment_ok);
    assert_true(v.replay_ok); /* the dice are the seed's; the salt is not the one committed */
    assert_false(grog_verification_ok(&v));
    sql("UPDATE game SET value = 'not hex' WHERE key = 'seed_salt';");
    v = verify(NULL);
    assert_false(v.commitment_ok);
}

static void test_no_commitment(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_GDB, NULL, 7);
    char c[GROG_COMMITMENT_HEX];
    assert_int_equal(grog_game_commitment(g, c), 0);
    json_t *s = status_of(g, NULL);
    assert_true(json_is_null(json_object_get(s, "seed_commitment")));
    json_decref(s);
    grog_game_close(g);
    grog_verification v = verify(NULL);
    assert_false(v.has_commitment);
    assert_true(v.replay_ok);
    assert_false(grog_verification_ok(&v));
}

static void test_cli(void **state)
{
    (void)state;
    cli_run r = run_cli("new", path, "--family", "gdb", "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    const char *c = json_string_value(json_object_get(j, "seed_commitment"));
    assert_non_null(c);
    assert_int_equal(strlen(c), 64);
    assert_null(json_object_get(j, "seed")); /* random seed: the referee's alone */
    char noted[GROG_COMMITMENT_HEX];
    snprintf(noted, sizeof noted, "%s", c);
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("do", path, "order", "picton", "pack", "attack", NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    r = run_cli("status", path, "--side", "french", "--json", NULL);
    j = cli_json(&r);
    assert_string_equal(json_string_value(json_object_get(j, "seed_commitment")), noted);
    assert_null(json_object_get(j, "seed"));
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("verify", path, "--commitment", noted, NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "Verified"));
    assert_non_null(strstr(r.out, "not ended"));
    cli_run_free(&r);
    r = run_cli("end", path, "--json", NULL);
    assert_int_equal(r.code, 0);
    j = cli_json(&r);
    assert_string_equal(json_string_value(json_object_get(j, "seed_commitment")), noted);
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("end", path, NULL);
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
    r = run_cli("do", path, "next", NULL);
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
    r = run_cli("status", path, "--side", "french", "--json", NULL);
    j = cli_json(&r);
    assert_true(json_is_integer(json_object_get(j, "seed")));
    json_decref(j);
    cli_run_free(&r);
    sql("UPDATE game SET value = value + 1 WHERE key = 'seed'; DELETE FROM snapshots;");
    r = run_cli("verify", path, "--json", NULL);
    assert_int_equal(r.code, 1);
    j = cli_json(&r);
    assert_true(json_is_false(json_object_get(j, "verified")));
    assert_true(json_is_false(json_object_get(j, "commitment_ok")));
    assert_int_equal(json_integer_value(json_object_get(j, "first_bad")), 2);
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("verify", path, "--bogus", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("verify", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compute),
        cmocka_unit_test_setup_teardown(test_seats_see_commitment_not_seed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_end, setup, teardown),
        cmocka_unit_test_setup_teardown(test_verify_sound, setup, teardown),
        cmocka_unit_test_setup_teardown(test_verify_tampered_roll, setup, teardown),
        cmocka_unit_test_setup_teardown(test_verify_tampered_seed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_verify_tampered_salt, setup, teardown),
        cmocka_unit_test_setup_teardown(test_no_commitment, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cli, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
