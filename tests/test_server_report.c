/* test_server_report.c — the endpoints after the battle over real HTTP
 * (issue 26, docs/api.md): GET report and report.html as each seat sees them
 * (a side's the bytes of `grognard report --side` made from the same game,
 * the other side's hidden order never in it: the control game differs only
 * in it), POST end (the referee only; then every seat sees the seed), GET
 * verify (the referee before the end, every seat after), GET at and at.svg
 * (the step-through: `show --at N` for the seat), and the tokens a
 * printed roster carries being the ones serve gives. The server runs in a
 * child process on the loopback, as in test_server.c. */
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>

#include "grognard/game.h"
#include "grognard/server.h"
#include "server_util.h"
#include "testutil.h"

/* The game file, with the salt 000102...0f: its commitment can be worked out here. */
static void make_game(served *s, const char *family)
{
    unsigned char salt[GROG_SALT_BYTES];
    for (int i = 0; i < GROG_SALT_BYTES; i++)
        salt[i] = (unsigned char)i;
    served_create(s, family, "serve-report", salt);
}

/* The report of the game file for a seat, as the CLI makes it (JSON). */
static json_t *cli_report(const char *path, const char *side)
{
    cli_run r = side != NULL ? run_cli("report", path, "--side", side, "--json", NULL)
                             : run_cli("report", path, "--referee", "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    cli_run_free(&r);
    return j;
}

static void do_line(const char *path, const char *line)
{
    grog_game *g;
    grog_error err;
    assert_int_equal(grog_game_open(path, &g, &err), GROG_OK);
    if (grog_game_do_line(g, line, NULL, &err) != GROG_OK)
        fail_msg("%s: %s", line, err.message);
    grog_game_close(g);
}

static void test_report_per_seat(void **state)
{
    (void)state;
    served s;
    make_game(&s, "gdb");
    do_line(s.path, "order picton pack attack --roll 5");
    do_line(s.path, "order reynier brenier attack --roll 8");
    start(&s, NULL);
    /* the French report over HTTP is the CLI's --side french, key for key */
    reply r = get(&s, "/api/v1/report", s.side_token[1]);
    expect(&r, 200, NULL);
    json_t *http_fr = body_json(&r);
    reply_free(&r);
    json_t *cli_fr = cli_report(s.path, "french");
    assert_true(json_equal(http_fr, cli_fr));
    assert_true(json_is_null(json_object_get(http_fr, "seed"))); /* not the French's yet */
    assert_string_equal(json_string_value(json_object_get(json_object_get(http_fr, "seat"), "side")),
                        "french");
    json_decref(cli_fr);
    /* the referee's has the seed */
    r = get(&s, "/api/v1/report", s.referee);
    expect(&r, 200, NULL);
    json_t *ref = body_json(&r);
    reply_free(&r);
    assert_int_equal(json_integer_value(json_object_get(ref, "seed")), 1810);
    json_decref(ref);
    /* the page, with its charts, in the request's language */
    r = http_full(&s, "GET", "/api/v1/report.html", s.side_token[1], NULL, 0, 0, "fr");
    expect(&r, 200, NULL);
    assert_true(has_header(&r, "Content-Type: text/html; charset=utf-8"));
    assert_non_null(strstr(r.body, "<svg"));
    assert_non_null(strstr(r.body, "Rapport de bataille"));
    reply_free(&r);
    /* without a token: 401 */
    r = get(&s, "/api/v1/report", NULL);
    expect(&r, 401, "unauthorized");
    reply_free(&r);
    r = post(&s, "/api/v1/report", s.referee, "{}");
    expect(&r, 405, "method-not-allowed");
    reply_free(&r);
    stop(&s);
    json_decref(http_fr);
    grog_game_remove(s.path);
}

/* A side's report over HTTP (page and JSON) and the log it is made from, in a
 * game whose Anglo-Portuguese C-in-C gave a face-down order (GDB-02) that
 * failed (2 on the dice). */
static char *seat_report(const char *pending, int side)
{
    served s;
    make_game(&s, "gdb");
    do_line(s.path, pending);
    do_line(s.path, "order reynier brenier attack --roll 8");
    start(&s, NULL);
    reply r = get(&s, "/api/v1/report.html", s.side_token[side]);
    expect(&r, 200, NULL);
    char *html = strdup(r.body);
    reply_free(&r);
    r = get(&s, "/api/v1/report", s.side_token[side]);
    expect(&r, 200, NULL);
    json_t *j = body_json(&r);
    reply_free(&r);
    r = get(&s, "/api/v1/log", s.side_token[side]); /* what the report is made from */
    expect(&r, 200, NULL);
    json_object_set_new(j, "log", body_json(&r));
    reply_free(&r);
    stop(&s);
    grog_game_remove(s.path);
    json_object_del(j, "seed_commitment"); /* each game's own (the same salt and seed) */
    char *text = json_dumps(j, JSON_SORT_KEYS);
    json_decref(j);
    size_t n = strlen(html) + strlen(text) + 2;
    char *both = malloc(n);
    snprintf(both, n, "%s\n%s", html, text);
    free(html);
    free(text);
    return both;
}

static void test_report_holds_no_secret(void **state)
{
    (void)state;
    char *a = seat_report("order picton pack attack --roll 2", 1);
    char *b = seat_report("order picton pack retire --roll 2", 1);
    assert_string_equal(a, b);
    assert_null(strstr(a, "retire"));
    free(a);
    free(b);
    /* the control: the Anglo-Portuguese, who may see their own order, see two games */
    a = seat_report("order picton pack attack --roll 2", 0);
    b = seat_report("order picton pack retire --roll 2", 0);
    assert_string_not_equal(a, b);
    free(a);
    free(b);
}

static void test_end_and_verify(void **state)
{
    (void)state;
    served s;
    make_game(&s, "gdb");
    do_line(s.path, "order picton pack attack");
    start(&s, NULL);
    /* before the end: verify is the referee's only */
    reply r = get(&s, "/api/v1/verify", s.side_token[1]);
    expect(&r, 403, "denied");
    reply_free(&r);
    r = get(&s, "/api/v1/verify", s.referee);
    expect(&r, 200, NULL);
    json_t *j = body_json(&r);
    reply_free(&r);
    assert_true(json_is_true(json_object_get(j, "verified")));
    assert_true(json_is_false(json_object_get(j, "ended")));
    json_decref(j);
    /* a side or the public cannot end the game */
    r = post(&s, "/api/v1/end", s.side_token[0], "{}");
    expect(&r, 403, "denied");
    reply_free(&r);
    r = post(&s, "/api/v1/end", s.public_, NULL);
    expect(&r, 403, "denied");
    reply_free(&r);
    r = get(&s, "/api/v1/game", s.side_token[1]);
    j = body_json(&r);
    reply_free(&r);
    assert_true(json_is_null(json_object_get(j, "seed")));
    json_decref(j);
    /* the referee ends it: seed 1810, the salt 000102...0f */
    r = post(&s, "/api/v1/end", s.referee, "{}");
    expect(&r, 200, NULL);
    j = body_json(&r);
    reply_free(&r);
    assert_true(json_is_true(json_object_get(j, "ended")));
    assert_int_equal(json_integer_value(json_object_get(j, "seed")), 1810);
    assert_string_equal(json_string_value(json_object_get(j, "seed_salt")),
                        "000102030405060708090a0b0c0d0e0f");
    char commitment[GROG_COMMITMENT_HEX];
    unsigned char salt[GROG_SALT_BYTES];
    for (int i = 0; i < GROG_SALT_BYTES; i++)
        salt[i] = (unsigned char)i;
    grog_commitment_compute(1810, salt, commitment);
    assert_string_equal(json_string_value(json_object_get(j, "seed_commitment")), commitment);
    json_decref(j);
    /* ended twice: refused */
    r = post(&s, "/api/v1/end", s.referee, "{}");
    assert_int_equal(r.status / 100, 4);
    reply_free(&r);
    /* the French's view (its cache dropped) now shows the seed; verify is theirs too */
    r = get(&s, "/api/v1/game", s.side_token[1]);
    j = body_json(&r);
    reply_free(&r);
    assert_int_equal(json_integer_value(json_object_get(j, "seed")), 1810);
    assert_true(json_is_true(json_object_get(j, "ended")));
    json_decref(j);
    r = get(&s, "/api/v1/verify", s.side_token[1]);
    expect(&r, 200, NULL);
    j = body_json(&r);
    reply_free(&r);
    assert_true(json_is_true(json_object_get(j, "verified")));
    assert_true(json_is_true(json_object_get(j, "commitment_ok")));
    assert_true(json_is_true(json_object_get(j, "replay_ok")));
    assert_int_equal(json_integer_value(json_object_get(j, "rows")), 2); /* start, the order */
    assert_int_equal(json_integer_value(json_object_get(j, "seed")), 1810);
    json_decref(j);
    /* no more actions */
    r = post(&s, "/api/v1/do", s.referee, "{\"words\": [\"next\"]}");
    assert_int_equal(r.status / 100, 4);
    reply_free(&r);
    stop(&s);
    grog_game_remove(s.path);
}

/* `grognard end` from a shell while the game is served: it writes no action
 * (the journal's "ended" key), and the server's watcher sees it as it sees
 * another writer's actions: the cached game document of a side (made before)
 * shows the end and the seed within a few polls (it kept "ended": false). */
static void test_cli_end_seen_by_the_server(void **state)
{
    (void)state;
    served s;
    make_game(&s, "gdb");
    start(&s, NULL);
    reply r = get(&s, "/api/v1/game", s.side_token[1]); /* made and cached */
    json_t *j = body_json(&r);
    reply_free(&r);
    assert_true(json_is_false(json_object_get(j, "ended")));
    assert_true(json_is_null(json_object_get(j, "seed")));
    json_decref(j);
    cli_run c = run_cli("end", s.path, NULL);
    assert_int_equal(c.code, 0);
    cli_run_free(&c);
    int ended = 0;
    for (int i = 0; i < 100 && !ended; i++) { /* at most 10 s, the watcher polls far faster */
        r = get(&s, "/api/v1/game", s.side_token[1]);
        j = body_json(&r);
        reply_free(&r);
        ended = json_is_true(json_object_get(j, "ended")) &&
                json_integer_value(json_object_get(j, "seed")) == 1810;
        json_decref(j);
        struct timespec pause = {0, 100000000L};
        if (!ended)
            nanosleep(&pause, NULL);
    }
    assert_true(ended);
    stop(&s);
    grog_game_remove(s.path);
}

/* The step-through: GET at?n=N is `show --at N --side S --json`, for each N. */
static void test_at_is_show_at(void **state)
{
    (void)state;
    served s;
    make_game(&s, "gdb");
    do_line(s.path, "order picton pack attack --roll 2");
    do_line(s.path, "order reynier brenier attack --roll 12");
    start(&s, NULL);
    for (int n = 0; n <= 3; n++) {
        char url[64], num[16];
        snprintf(url, sizeof url, "/api/v1/at?n=%d", n);
        snprintf(num, sizeof num, "%d", n);
        reply r = get(&s, url, s.side_token[1]);
        expect(&r, 200, NULL);
        json_t *http_fr = body_json(&r);
        reply_free(&r);
        cli_run c = run_cli("show", s.path, "--at", num, "--side", "french", "--json", NULL);
        assert_int_equal(c.code, 0);
        json_t *cli_fr = cli_json(&c);
        cli_run_free(&c);
        assert_true(json_equal(http_fr, cli_fr));
        assert_int_equal(json_integer_value(json_object_get(http_fr, "actions")), n);
        json_decref(http_fr);
        json_decref(cli_fr);
        snprintf(url, sizeof url, "/api/v1/at.svg?n=%d", n);
        r = get(&s, url, s.side_token[1]);
        expect(&r, 200, NULL);
        assert_true(has_header(&r, "Content-Type: image/svg+xml"));
        assert_non_null(strstr(r.body, "<svg"));
        reply_free(&r);
    }
    reply r = get(&s, "/api/v1/at?n=4", s.side_token[1]); /* entries 0 to 3 */
    expect(&r, 400, "bad-input");
    reply_free(&r);
    r = get(&s, "/api/v1/at", s.side_token[1]);
    expect(&r, 400, "bad-request");
    reply_free(&r);
    r = get(&s, "/api/v1/at?n=-1", s.side_token[1]);
    expect(&r, 400, "bad-request");
    reply_free(&r);
    stop(&s);
    grog_game_remove(s.path);
}

/* A roster printed before the game is served carries the tokens serve gives. */
static void test_printed_tokens_are_served(void **state)
{
    (void)state;
    served s;
    make_game(&s, "aigles");
    char out[96];
    snprintf(out, sizeof out, "/tmp/grog-serve-report-%d.pdf", (int)getpid());
    cli_run c = run_cli("print", s.path, "roster", "--side", "french", "--link",
                        "http://127.0.0.1:8173/", "-o", out, NULL);
    assert_int_equal(c.code, 0);
    cli_run_free(&c);
    unlink(out);
    char printed[33];
    assert_int_equal(grog_server_side_token(s.path, "french", printed, NULL), GROG_OK);
    start(&s, NULL);
    assert_string_equal(s.side_token[1], printed);
    stop(&s);
    grog_game_remove(s.path);
}

int main(void)
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_report_per_seat),
        cmocka_unit_test(test_report_holds_no_secret),
        cmocka_unit_test(test_end_and_verify),
        cmocka_unit_test(test_cli_end_seen_by_the_server),
        cmocka_unit_test(test_printed_tokens_are_served),
        cmocka_unit_test(test_at_is_show_at),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    curl_global_cleanup();
    return rc;
}
