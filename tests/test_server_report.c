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
#include "testutil.h"

typedef struct served {
    pid_t pid;
    unsigned port;
    char path[64];
    char side_token[2][40]; /* anglo-portuguese, french */
    char referee[40], public_[40];
} served;

typedef struct reply {
    long status;
    char *body;
    size_t len;
    char *headers;
    size_t hlen;
} reply;

/* ---- the server in a child process ---- */

static void make_game(served *s, const char *family)
{
    snprintf(s->path, sizeof s->path, "/tmp/grog-serve-report-%d.grog", (int)getpid());
    grog_game_remove(s->path);
    grog_game_options o = {GROG_FAMILY_GDB, NULL, 1810, NULL};
    assert_int_equal(grog_family_parse(family, &o.family, NULL), GROG_OK);
    grog_game *g;
    unsigned char salt[GROG_SALT_BYTES];
    for (int i = 0; i < GROG_SALT_BYTES; i++)
        salt[i] = (unsigned char)i;
    assert_int_equal(grog_game_create_salted(s->path, &o, salt, &g, NULL), GROG_OK);
    grog_game_close(g);
}

static void copy_token(char *dst, json_t *seat)
{
    const char *t = json_string_value(json_object_get(seat, "token"));
    assert_non_null(t);
    assert_int_equal(strlen(t), 32);
    strcpy(dst, t);
}

/* Starts the server on s->path with extra options (NULL-terminated). */
static void start(served *s, const char *extra)
{
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    fflush(NULL);
    s->pid = fork();
    assert_true(s->pid >= 0);
    if (s->pid == 0) {
        /* a failed test leaves no server behind: it dies with the test */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() == 1)
            _exit(1);
        close(fds[0]);
        FILE *out = fdopen(fds[1], "w");
        char *argv[] = {(char *)"grognard", (char *)"serve", s->path, (char *)"--listen",
                        (char *)"127.0.0.1:0", (char *)"--json", (char *)extra, NULL};
        _exit(grog_cli_main(extra != NULL ? 7 : 6, argv, out, stderr));
    }
    close(fds[1]);
    FILE *in = fdopen(fds[0], "r");
    json_error_t jerr;
    json_t *j = json_loadf(in, JSON_DISABLE_EOF_CHECK, &jerr);
    fclose(in);
    if (j == NULL)
        fail_msg("grognard serve printed no JSON: %s", jerr.text);
    s->port = (unsigned)json_integer_value(json_object_get(j, "port"));
    assert_true(s->port > 0);
    memset(s->side_token, 0, sizeof s->side_token);
    s->referee[0] = s->public_[0] = '\0';
    size_t i;
    json_t *seat;
    json_array_foreach(json_object_get(j, "seats"), i, seat) {
        const char *kind = json_string_value(json_object_get(seat, "kind"));
        const char *side = json_string_value(json_object_get(seat, "side"));
        const char *url = json_string_value(json_object_get(seat, "url"));
        char want[128];
        snprintf(want, sizeof want, "http://127.0.0.1:%u/#t=%s", s->port,
                 json_string_value(json_object_get(seat, "token")));
        assert_string_equal(url, want); /* the token in the fragment only */
        if (strcmp(kind, "referee") == 0)
            copy_token(s->referee, seat);
        else if (strcmp(kind, "public") == 0)
            copy_token(s->public_, seat);
        else
            copy_token(s->side_token[strcmp(side, "french") == 0], seat);
    }
    json_decref(j);
}

/* SIGTERM; the server must exit 0 and leave the journal checkpointed. */
static void stop(served *s)
{
    assert_int_equal(kill(s->pid, SIGTERM), 0);
    int status;
    assert_int_equal(waitpid(s->pid, &status, 0), s->pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    char wal[80];
    struct stat st;
    snprintf(wal, sizeof wal, "%s-wal", s->path);
    if (stat(wal, &st) == 0 && st.st_size > 0)
        fail_msg("%s is left with %lld bytes after SIGTERM", wal, (long long)st.st_size);
}

/* ---- HTTP ---- */

static size_t gather(char *p, size_t size, size_t n, void *ctx)
{
    char **buf = ctx;
    size_t old = *buf != NULL ? strlen(*buf) : 0;
    char *b = realloc(*buf, old + size * n + 1);
    assert_non_null(b);
    memcpy(b + old, p, size * n);
    b[old + size * n] = '\0';
    *buf = b;
    return size * n;
}

typedef struct source {
    const char *p;
    size_t left;
} source;

static size_t feed(char *buf, size_t size, size_t n, void *ctx)
{
    source *src = ctx;
    size_t k = size * n < src->left ? size * n : src->left;
    memcpy(buf, src->p, k);
    src->p += k;
    src->left -= k;
    return k;
}

/* method "GET" or "POST" (or another); token NULL: no Authorization; chunked:
 * the body sent without a declared length; lang: the Accept-Language header,
 * or NULL for none. */
static reply http_full(const served *s, const char *method, const char *path, const char *token,
                       const char *body, size_t bodylen, int chunked, const char *lang)
{
    reply r = {0, NULL, 0, NULL, 0};
    CURL *c = curl_easy_init();
    assert_non_null(c);
    char url[256], auth[96];
    snprintf(url, sizeof url, "http://127.0.0.1:%u%s", s->port, path);
    struct curl_slist *h = NULL;
    if (token != NULL) {
        snprintf(auth, sizeof auth, "Authorization: Bearer %s", token);
        h = curl_slist_append(h, auth);
    }
    h = curl_slist_append(h, "Content-Type: application/json");
    char accept[128];
    if (lang != NULL) {
        snprintf(accept, sizeof accept, "Accept-Language: %s", lang);
        h = curl_slist_append(h, accept);
    }
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
    curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
    source src = {body, bodylen};
    if (body != NULL && chunked) {
        h = curl_slist_append(h, "Transfer-Encoding: chunked");
        curl_easy_setopt(c, CURLOPT_POST, 1L);
        curl_easy_setopt(c, CURLOPT_READFUNCTION, feed);
        curl_easy_setopt(c, CURLOPT_READDATA, &src);
    } else if (body != NULL) {
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
        curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE, (long)bodylen);
    }
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, gather);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &r.body);
    curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, gather);
    curl_easy_setopt(c, CURLOPT_HEADERDATA, &r.headers);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, 20L);
    CURLcode rc = curl_easy_perform(c);
    if (rc != CURLE_OK)
        fail_msg("%s %s: %s", method, path, curl_easy_strerror(rc));
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &r.status);
    curl_slist_free_all(h);
    curl_easy_cleanup(c);
    if (r.body == NULL)
        r.body = calloc(1, 1);
    if (r.headers == NULL)
        r.headers = calloc(1, 1);
    r.len = strlen(r.body);
    return r;
}

static reply http_with(const served *s, const char *method, const char *path, const char *token,
                       const char *body, size_t bodylen, int chunked)
{
    return http_full(s, method, path, token, body, bodylen, chunked, NULL);
}

static reply http(const served *s, const char *method, const char *path, const char *token,
                  const char *body, size_t bodylen)
{
    return http_with(s, method, path, token, body, bodylen, 0);
}

static reply get(const served *s, const char *path, const char *token)
{
    return http(s, "GET", path, token, NULL, 0);
}

static reply post(const served *s, const char *path, const char *token, const char *body)
{
    return http(s, "POST", path, token, body, body != NULL ? strlen(body) : 0);
}

static void reply_free(reply *r)
{
    free(r->body);
    free(r->headers);
}

static json_t *reply_json(const reply *r)
{
    json_error_t jerr;
    json_t *j = json_loads(r->body, 0, &jerr);
    if (j == NULL)
        fail_msg("not JSON (%s): %s", jerr.text, r->body);
    return j;
}

/* Checks the status and, for an error, the error document's code. */
static void expect(const reply *r, long status, const char *code)
{
    if (r->status != status)
        fail_msg("expected HTTP %ld, got %ld: %s", status, r->status, r->body);
    if (code == NULL)
        return;
    json_t *j = reply_json(r);
    json_t *e = json_object_get(j, "error");
    assert_string_equal(json_string_value(json_object_get(e, "code")), code);
    assert_true(json_is_string(json_object_get(e, "message")));
    assert_non_null(json_object_get(e, "rule"));
    json_decref(j);
}

static int has_header(const reply *r, const char *line)
{
    return strstr(r->headers, line) != NULL;
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
    json_t *http_fr = reply_json(&r);
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
    json_t *ref = reply_json(&r);
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
    json_t *j = reply_json(&r);
    reply_free(&r);
    r = get(&s, "/api/v1/log", s.side_token[side]); /* what the report is made from */
    expect(&r, 200, NULL);
    json_object_set_new(j, "log", reply_json(&r));
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
    json_t *j = reply_json(&r);
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
    j = reply_json(&r);
    reply_free(&r);
    assert_true(json_is_null(json_object_get(j, "seed")));
    json_decref(j);
    /* the referee ends it: seed 1810, the salt 000102...0f */
    r = post(&s, "/api/v1/end", s.referee, "{}");
    expect(&r, 200, NULL);
    j = reply_json(&r);
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
    j = reply_json(&r);
    reply_free(&r);
    assert_int_equal(json_integer_value(json_object_get(j, "seed")), 1810);
    assert_true(json_is_true(json_object_get(j, "ended")));
    json_decref(j);
    r = get(&s, "/api/v1/verify", s.side_token[1]);
    expect(&r, 200, NULL);
    j = reply_json(&r);
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
    json_t *j = reply_json(&r);
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
        j = reply_json(&r);
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
        json_t *http_fr = reply_json(&r);
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
