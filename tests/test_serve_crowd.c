/* test_serve_crowd.c — `grognard serve` under a crowd and a hostile client
 * (issue 29), on the loopback only, every loop bounded, every socket closed.
 *
 * The server runs in this process (grog_server_start, port 0). The crowd's
 * connections are raw sockets bound to other loopback addresses
 * (127.0.0.2...), so that each address holds no more than its share, as
 * phones on a table's network would; the "real" client is curl from
 * 127.0.0.1. Nothing here asserts a time: a request that does not come
 * back within its bound (curl's timeout, poll's deadline) fails the test. */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>
#include <sqlite3.h>

#include "grognard/game.h"
#include "grognard/server.h"
#include "server_util.h"
#include "testutil.h"

typedef struct table_run {
    char path[96];
    grog_server *s;
    unsigned port;
    const char *referee, *public_, *side[2]; /* side[0] anglo-portuguese, [1] french */
} table_run;

static void serve(table_run *r, const grog_server_options *extra)
{
    test_game_path(r->path, sizeof r->path, "crowd");
    grog_game_close(test_game_create(r->path, GROG_FAMILY_GDB, NULL, 1810));
    grog_server_options o = {"127.0.0.1", 0, 0, 0, 0, NULL, 0};
    if (extra != NULL)
        o = *extra;
    grog_error err;
    if (grog_server_start(r->path, &o, &r->s, &err) != GROG_OK)
        fail_msg("serve: %s", err.message);
    r->port = grog_server_port(r->s);
    for (size_t i = 0; grog_server_seat_at(r->s, i) != NULL; i++) {
        const grog_server_seat *st = grog_server_seat_at(r->s, i);
        if (strcmp(st->kind, "referee") == 0)
            r->referee = st->token;
        else if (strcmp(st->kind, "public") == 0)
            r->public_ = st->token;
        else
            r->side[strcmp(st->side, "french") == 0] = st->token;
    }
}

static void unserve(table_run *r)
{
    grog_server_stop(r->s);
    grog_game_remove(r->path);
}

/* ---- the real client: curl from 127.0.0.1 ---- */

/* A request with extra headers (NULL-terminated); the status, the body in
 * *body (malloc'd, never NULL). Fails the test past timeout_ms. */
static long request(const table_run *r, const char *method, const char *path, const char *token,
                    const char *body, const char *const *headers, long timeout_ms, char **out)
{
    struct curl_slist *h;
    CURL *c = loopback_open(r->port, method, path, token, &h);
    for (size_t i = 0; headers != NULL && headers[i] != NULL; i++)
        h = curl_slist_append(h, headers[i]);
    if (body != NULL)
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
    char *got = NULL;
    long status = loopback_send(c, h, method, path, timeout_ms, &got, NULL);
    if (out != NULL)
        *out = got;
    else
        free(got);
    return status;
}

/* ---- the crowd: raw sockets from other loopback addresses ---- */

/* A connection to the server from 127.0.0.<a>.<b>... (host order address
 * `from`), blocking connect, then non-blocking. */
static int connect_from(const table_run *r, uint32_t from)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    assert_true(fd >= 0);
    struct sockaddr_in me = {0}, to = {0};
    me.sin_family = AF_INET;
    me.sin_addr.s_addr = htonl(from);
    if (bind(fd, (struct sockaddr *)&me, sizeof me) != 0)
        fail_msg("bind: %s", strerror(errno));
    to.sin_family = AF_INET;
    to.sin_port = htons((uint16_t)r->port);
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&to, sizeof to) != 0)
        fail_msg("connect: %s", strerror(errno));
    return fd;
}

static void send_all(int fd, const char *text)
{
    size_t n = strlen(text), done = 0;
    while (done < n) {
        ssize_t k = send(fd, text + done, n - done, MSG_NOSIGNAL);
        if (k <= 0)
            fail_msg("send: %s", strerror(errno));
        done += (size_t)k;
    }
}

/* Opens an event stream with token on fd (the request only). */
static void ask_events(const table_run *r, int fd, const char *token, const char *extra)
{
    char req[512];
    snprintf(req, sizeof req,
             "GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nAuthorization: Bearer %s\r\n"
             "%s\r\n",
             r->port, token, extra != NULL ? extra : "");
    send_all(fd, req);
}

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Reads from every fd until each one's text holds `want` or the deadline
 * passes; texts[i] gathers what fd i sent (malloc'd). The number that got
 * it. */
static size_t read_until(int *fds, size_t n, char **texts, const char *want, long timeout_ms)
{
    struct pollfd *p = calloc(n, sizeof *p);
    char *have = calloc(n, 1);
    assert_non_null(p);
    assert_non_null(have);
    size_t got = 0;
    for (size_t i = 0; i < n; i++)
        if (texts[i] != NULL && strstr(texts[i], want) != NULL) {
            have[i] = 1;
            got++;
        }
    long long end = now_ms() + timeout_ms;
    while (got < n && now_ms() < end) {
        for (size_t i = 0; i < n; i++) {
            p[i].fd = have[i] ? -1 : fds[i];
            p[i].events = POLLIN;
            p[i].revents = 0;
        }
        int k = poll(p, (nfds_t)n, 200);
        for (size_t i = 0; k > 0 && i < n; i++) {
            if (!(p[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            char buf[4096];
            ssize_t m = recv(fds[i], buf, sizeof buf - 1, MSG_DONTWAIT);
            if (m <= 0) {
                have[i] = 2; /* closed: never gets it */
                continue;
            }
            buf[m] = '\0';
            size_t old = texts[i] != NULL ? strlen(texts[i]) : 0;
            char *t = realloc(texts[i], old + (size_t)m + 1);
            assert_non_null(t);
            memcpy(t + old, buf, (size_t)m + 1);
            texts[i] = t;
            if (strstr(t, want) != NULL) {
                have[i] = 1;
                got++;
            }
        }
    }
    free(p);
    free(have);
    return got;
}

static void close_all(int *fds, char **texts, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (fds[i] >= 0)
            close(fds[i]);
        if (texts != NULL)
            free(texts[i]);
    }
}

/* The loopback address of crowd member i: 127.0.<1 + i / 40>.<1 + i % 40>,
 * 40 connections an address (the server takes 48 of one address). */
static uint32_t crowd_address(size_t i)
{
    return (127u << 24) | ((uint32_t)(1 + i / 40) << 8) | (uint32_t)(1 + i % 40);
}

static void raise_files(size_t n)
{
    struct rlimit rl;
    assert_int_equal(getrlimit(RLIMIT_NOFILE, &rl), 0);
    if (rl.rlim_cur < n + 512 && rl.rlim_max >= n + 512) {
        rl.rlim_cur = n + 512;
        assert_int_equal(setrlimit(RLIMIT_NOFILE, &rl), 0);
    }
    assert_true(rl.rlim_max >= n + 512);
}

/* ---- tests ---- */

/* 100 silent connections and 70 sending their request a byte at a time, from
 * a few other addresses: the real client is still answered (bounded by a 3 s
 * timeout, far above what it takes). */
static void test_silent_and_slow_connections_shut_no_one_out(void **state)
{
    (void)state;
    table_run r;
    serve(&r, NULL);
    int fds[170];
    for (size_t i = 0; i < 100; i++)
        fds[i] = connect_from(&r, (127u << 24) | (2u << 8) | (uint32_t)(1 + i / 25));
    const char slow[] = "GET /api/v1/seat HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    for (size_t i = 100; i < 170; i++) {
        fds[i] = connect_from(&r, (127u << 24) | (3u << 8) | (uint32_t)(1 + (i - 100) / 25));
        char one[2] = {slow[0], '\0'};
        send_all(fds[i], one);
    }
    for (int round = 0; round < 3; round++) {
        for (size_t i = 100; i < 170; i++) { /* one more byte each */
            char one[2] = {slow[1 + round], '\0'};
            send_all(fds[i], one);
        }
        char *body = NULL;
        assert_int_equal(request(&r, "GET", "/api/v1/seat", r.side[1], NULL, NULL, 3000, &body),
                         200);
        assert_non_null(strstr(body, "\"french\""));
        free(body);
        assert_int_equal(request(&r, "GET", "/api/v1/game", r.referee, NULL, NULL, 3000, NULL),
                         200);
    }
    close_all(fds, NULL, 170);
    unserve(&r);
}

/* 1,000 event streams at once (spectators on the public link, from 25
 * addresses): every one of them receives the position after one action. */
static void test_a_thousand_streams_receive_one_action(void **state)
{
    (void)state;
    enum { N = 1000 };
    raise_files(N);
    table_run r;
    serve(&r, NULL);
    int *fds = calloc(N, sizeof *fds);
    char **texts = calloc(N, sizeof *texts);
    assert_non_null(fds);
    assert_non_null(texts);
    for (size_t i = 0; i < N; i++) {
        fds[i] = connect_from(&r, crowd_address(i));
        ask_events(&r, fds[i], r.public_, NULL);
    }
    /* every stream is open: its first position (1, the start) came */
    assert_int_equal(read_until(fds, N, texts, "data: {\"seq\":1}", 30000), N);
    char *body = NULL;
    assert_int_equal(request(&r, "POST", "/api/v1/do", r.referee, "{\"words\": [\"next\"]}", NULL,
                             10000, &body),
                     200);
    free(body);
    assert_int_equal(read_until(fds, N, texts, "data: {\"seq\":2}", 30000), N);
    close_all(fds, texts, N);
    free(fds);
    free(texts);
    unserve(&r);
}

/* One side's token opens 48 streams (from two addresses): it gets its share
 * (32), the rest are refused with 503; the referee's stream and requests
 * still get through, and the other side's. */
static void test_one_token_cannot_take_every_stream(void **state)
{
    (void)state;
    enum { N = 48 };
    table_run r;
    serve(&r, NULL);
    int fds[N + 2];
    char *texts[N + 2] = {0};
    for (size_t i = 0; i < N; i++) {
        fds[i] = connect_from(&r, (127u << 24) | (4u << 8) | (uint32_t)(1 + i / 24));
        ask_events(&r, fds[i], r.side[1], NULL);
    }
    assert_int_equal(read_until(fds, N, texts, "\r\n\r\n", 10000), N);
    size_t open = 0, busy = 0;
    for (size_t i = 0; i < N; i++) {
        open += strncmp(texts[i], "HTTP/1.1 200", 12) == 0;
        busy += strncmp(texts[i], "HTTP/1.1 503", 12) == 0;
    }
    assert_int_equal(open, 32);
    assert_int_equal(busy, N - 32);
    fds[N] = connect_from(&r, (127u << 24) | (5u << 8) | 1u);
    ask_events(&r, fds[N], r.referee, NULL);
    fds[N + 1] = connect_from(&r, (127u << 24) | (5u << 8) | 2u);
    ask_events(&r, fds[N + 1], r.side[0], NULL);
    int *last = fds + N;
    char **ltexts = texts + N;
    assert_int_equal(read_until(last, 2, ltexts, "event: journal", 10000), 2);
    assert_int_equal(strncmp(texts[N], "HTTP/1.1 200", 12), 0);
    assert_non_null(strstr(texts[N], "\"referee_present\":true"));
    assert_int_equal(request(&r, "GET", "/api/v1/actions", r.referee, NULL, NULL, 3000, NULL),
                     200);
    close_all(fds, texts, N + 2);
    unserve(&r);
}

/* A second server of the same file is refused, naming the first (its
 * process and address); once the first stops, it may serve. */
static void test_one_server_per_game_file(void **state)
{
    (void)state;
    table_run r;
    serve(&r, NULL);
    grog_server_options o = {"127.0.0.1", 0, 0, 0, 0, NULL, 0};
    grog_server *second = NULL;
    grog_error err;
    assert_int_equal(grog_server_start(r.path, &o, &second, &err), GROG_EBUSY);
    assert_null(second);
    char want[128];
    snprintf(want, sizeof want, "process %d (127.0.0.1:%u)", (int)getpid(), r.port);
    if (strstr(err.message, want) == NULL)
        fail_msg("no \"%s\" in: %s", want, err.message);
    grog_server_stop(r.s);
    assert_int_equal(grog_server_start(r.path, &o, &second, &err), GROG_OK);
    grog_server_stop(second);
    grog_game_remove(r.path);
}

/* DNS rebinding: a Host that is not an address (nor a --name) is refused,
 * with no game in the answer; a name given with --name is served. A POST
 * from another site's page is refused; from the page's own origin, taken. */
static void test_host_and_origin(void **state)
{
    (void)state;
    table_run r;
    const char *names[] = {"table.lan"};
    grog_server_options o = {"127.0.0.1", 0, 0, 0, 0, names, 1};
    serve(&r, &o);
    char host[64], origin[96], evil_host[64];
    snprintf(host, sizeof host, "Host: table.lan:%u", r.port);
    snprintf(evil_host, sizeof evil_host, "Host: evil.example:%u", r.port);
    const char *evil[] = {evil_host, NULL};
    char *body = NULL;
    assert_int_equal(request(&r, "GET", "/api/v1/game", r.referee, NULL, evil, 3000, &body), 403);
    assert_null(strstr(body, "\"units\""));
    assert_non_null(strstr(body, "\"forbidden\""));
    free(body);
    assert_int_equal(request(&r, "GET", "/", NULL, NULL, evil, 3000, NULL), 403);
    const char *named[] = {host, NULL};
    assert_int_equal(request(&r, "GET", "/api/v1/game", r.referee, NULL, named, 3000, NULL), 200);
    const char *wrong_port[] = {"Host: 127.0.0.1:1", NULL};
    assert_int_equal(request(&r, "GET", "/api/v1/seat", r.referee, NULL, wrong_port, 3000, NULL),
                     403);
    const char *cross[] = {"Origin: http://evil.example", NULL};
    const char *next = "{\"words\": [\"next\"]}";
    assert_int_equal(request(&r, "POST", "/api/v1/do", r.referee, next, cross, 3000, NULL), 403);
    const char *fetch[] = {"Sec-Fetch-Site: cross-site", NULL};
    assert_int_equal(request(&r, "POST", "/api/v1/do", r.referee, next, fetch, 3000, NULL), 403);
    char *seat = NULL;
    assert_int_equal(request(&r, "GET", "/api/v1/seat", r.referee, NULL, NULL, 3000, &seat), 200);
    assert_non_null(strstr(seat, "\"seq\": 1")); /* nothing was done */
    free(seat);
    snprintf(origin, sizeof origin, "Origin: http://127.0.0.1:%u", r.port);
    const char *same[] = {origin, NULL};
    assert_int_equal(request(&r, "POST", "/api/v1/do", r.referee, next, same, 3000, NULL), 200);
    unserve(&r);
}

/* Last-Event-ID: a stream resumed from a position it knows gets the
 * present one; from a position the journal never had, "resync". Every
 * event carries an id. */
static void test_stream_resumed_with_last_event_id(void **state)
{
    (void)state;
    table_run r;
    serve(&r, NULL);
    assert_int_equal(request(&r, "POST", "/api/v1/do", r.referee, "{\"words\": [\"next\"]}",
                             NULL, 3000, NULL),
                     200);
    int fds[2];
    char *texts[2] = {0};
    fds[0] = connect_from(&r, (127u << 24) | (6u << 8) | 1u);
    ask_events(&r, fds[0], r.side[0], "Last-Event-ID: 1.0\r\n");
    fds[1] = connect_from(&r, (127u << 24) | (6u << 8) | 2u);
    ask_events(&r, fds[1], r.side[0], "Last-Event-ID: 9999.4\r\n");
    assert_int_equal(read_until(fds, 2, texts, "event: done", 10000), 2);
    assert_non_null(strstr(texts[0], "id: 2.")); /* the position, then the votes */
    assert_non_null(strstr(texts[0], "event: journal\ndata: {\"seq\":2}"));
    assert_null(strstr(texts[0], "resync"));
    assert_non_null(strstr(texts[1], "event: resync"));
    assert_non_null(strstr(texts[1], "\"seq\":2,\"from\":9999"));
    close_all(fds, texts, 2);
    unserve(&r);
}

/* An error answered over HTTP never carries the server's folders: the
 * game file is named by its own name. Another process holds the game's
 * write lock: the action waits its bounded time, then 503 naming the game. */
static void test_errors_carry_no_file_paths(void **state)
{
    (void)state;
    table_run r;
    serve(&r, NULL);
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(r.path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
    char *body = NULL;
    assert_int_equal(request(&r, "POST", "/api/v1/do", r.referee, "{\"words\": [\"next\"]}",
                             NULL, 20000, &body),
                     503);
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(db);
    const char *name = strrchr(r.path, '/') + 1;
    if (strstr(body, name) == NULL || strstr(body, "/tmp") != NULL)
        fail_msg("the game named by its path, or not at all: %s", body);
    free(body);
    unserve(&r);
}

int main(void)
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_silent_and_slow_connections_shut_no_one_out),
        cmocka_unit_test(test_a_thousand_streams_receive_one_action),
        cmocka_unit_test(test_one_token_cannot_take_every_stream),
        cmocka_unit_test(test_one_server_per_game_file),
        cmocka_unit_test(test_host_and_origin),
        cmocka_unit_test(test_stream_resumed_with_last_event_id),
        cmocka_unit_test(test_errors_carry_no_file_paths),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    curl_global_cleanup();
    return rc;
}
