/* test_club_guard.c — the organiser's port of `grognard serve DIR` checks
 * Host and Origin as a game's server does (docs/api.md, "Host and Origin"),
 * over real HTTP on the loopback: a name that is not the club's is refused
 * (DNS rebinding), the page and the API alike, before the host token is
 * looked at; a POST from another site's page makes no game; the names given
 * to the club (--name) are its games' too. */
#include <stdarg.h>
#include <sys/stat.h>
#include <unistd.h>

#include <curl/curl.h>

#include "grognard/club.h"
#include "testutil.h"

typedef struct reply {
    long status;
    char *body;
    size_t len;
} reply;

static size_t on_data(char *p, size_t size, size_t n, void *ctx)
{
    reply *r = ctx;
    char *b = realloc(r->body, r->len + size * n + 1);
    assert_non_null(b);
    memcpy(b + r->len, p, size * n);
    r->len += size * n;
    b[r->len] = '\0';
    r->body = b;
    return size * n;
}

/* GET (body NULL) or POST path on 127.0.0.1:port with the token and the
 * extra header lines (NULL-terminated: "Host: x", "Origin: y"). */
static reply http(unsigned port, const char *path, const char *token, const char *body, ...)
{
    reply r = {0, calloc(1, 1), 0};
    CURL *c = curl_easy_init();
    char url[512], auth[128];
    snprintf(url, sizeof url, "http://127.0.0.1:%u/%s", port, path);
    struct curl_slist *h = NULL;
    if (token != NULL) {
        snprintf(auth, sizeof auth, "Authorization: Bearer %s", token);
        h = curl_slist_append(h, auth);
    }
    h = curl_slist_append(h, "Content-Type: application/json");
    va_list ap;
    va_start(ap, body);
    for (const char *line; (line = va_arg(ap, const char *)) != NULL;)
        h = curl_slist_append(h, line);
    va_end(ap);
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_data);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &r);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, 20L);
    if (body != NULL)
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
    assert_int_equal(curl_easy_perform(c), CURLE_OK);
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &r.status);
    curl_slist_free_all(h);
    curl_easy_cleanup(c);
    return r;
}

static const char not_known[] = "this server is not known by that name (Host)";
static const char other_site[] = "a request from another site's page is refused (Origin)";

/* The reply's status, and for a 403 the code "forbidden" and its message. */
static void expect(reply r, long status, const char *message)
{
    if (r.status != status)
        fail_msg("%ld, not %ld: %s", r.status, status, r.body);
    if (message != NULL) {
        json_t *j = json_loads(r.body, 0, NULL);
        assert_non_null(j);
        json_t *e = json_object_get(j, "error");
        assert_string_equal(json_string_value(json_object_get(e, "code")), "forbidden");
        assert_non_null(strstr(json_string_value(json_object_get(e, "message")), message));
        json_decref(j);
    }
    free(r.body);
}

typedef struct folder {
    char dir[64];
    grog_club *club;
} folder;

static void open_folder(folder *f, const char *const *names, size_t nnames)
{
    snprintf(f->dir, sizeof f->dir, "/tmp/grog-guard-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    char path[128];
    snprintf(path, sizeof path, "%s/a.grog", f->dir);
    grog_game_options go = {GROG_FAMILY_GDB, NULL, 1810, NULL};
    grog_game *g = NULL;
    assert_int_equal(grog_game_create(path, &go, &g, NULL), GROG_OK);
    grog_game_close(g);
    grog_club_options o = {"127.0.0.1", 0, NULL, names, nnames};
    grog_error err;
    if (grog_club_start(f->dir, &o, &f->club, &err) != GROG_OK)
        fail_msg("club: %s", err.message);
}

static void close_folder(folder *f)
{
    grog_club_stop(f->club);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    assert_int_equal(system(cmd), 0);
}

static const char *referee_of(const grog_club_game *g)
{
    for (size_t i = 0; grog_server_seat_at(g->server, i) != NULL; i++)
        if (strcmp(grog_server_seat_at(g->server, i)->kind, "referee") == 0)
            return grog_server_seat_at(g->server, i)->token;
    fail_msg("no referee seat");
    return NULL;
}

static void test_host(void **state)
{
    (void)state;
    folder f;
    open_folder(&f, NULL, 0);
    unsigned port = grog_club_port(f.club);
    const char *host = grog_club_host_token(f.club);
    char evil[64], wrong_port[64], loop[64], local[64];
    snprintf(evil, sizeof evil, "Host: evil.example:%u", port);
    snprintf(wrong_port, sizeof wrong_port, "Host: 127.0.0.1:%u", port == 1 ? 2 : 1);
    snprintf(loop, sizeof loop, "Host: [::1]:%u", port);
    snprintf(local, sizeof local, "Host: LocalHost:%u", port);
    /* the page and the API under another name: 403, the token not looked at */
    expect(http(port, "", NULL, NULL, evil, NULL), 403, not_known);
    expect(http(port, "static/js/organiser.js", NULL, NULL, evil, NULL), 403, not_known);
    expect(http(port, "api/v1/games", host, NULL, evil, NULL), 403, not_known);
    expect(http(port, "api/v1/games", NULL, NULL, evil, NULL), 403, not_known);
    expect(http(port, "api/v1/games", host, NULL, wrong_port, NULL), 403, not_known);
    expect(http(port, "api/v1/games", host, NULL, "Host:", NULL), 403, not_known);
    /* its own addresses and localhost, any case */
    expect(http(port, "", NULL, NULL, NULL), 200, NULL);
    expect(http(port, "api/v1/games", host, NULL, loop, NULL), 200, NULL);
    expect(http(port, "api/v1/games", host, NULL, local, NULL), 200, NULL);
    /* a name that was not given is refused by the games too */
    unsigned game = grog_server_port(grog_club_game_at(f.club, 0)->server);
    char named[64];
    snprintf(named, sizeof named, "Host: club.local:%u", game);
    expect(http(game, "api/v1/game", referee_of(grog_club_game_at(f.club, 0)), NULL, named, NULL),
           403, not_known);
    close_folder(&f);
}

/* A POST from another site's page (its Origin, or Sec-Fetch-Site) makes no
 * game; the page's own Origin, or none (a program), does. */
static void test_origin(void **state)
{
    (void)state;
    folder f;
    open_folder(&f, NULL, 0);
    unsigned port = grog_club_port(f.club);
    const char *host = grog_club_host_token(f.club);
    char own[64], own_host[64];
    snprintf(own, sizeof own, "Origin: http://127.0.0.1:%u", port);
    snprintf(own_host, sizeof own_host, "Host: 127.0.0.1:%u", port);
    const char *night = "{\"name\": \"night\", \"family\": \"gdb\"}";
    expect(http(port, "api/v1/games", host, night, "Origin: http://evil.example", NULL), 403,
           other_site);
    expect(http(port, "api/v1/games", host, night, "Origin: null", NULL), 403, other_site);
    expect(http(port, "api/v1/games", host, night, own, "Sec-Fetch-Site: cross-site", NULL), 403,
           other_site);
    expect(http(port, "api/v1/validate", host, "{\"roster_csv\": \"x\"}",
                "Origin: http://evil.example", NULL),
           403, other_site);
    char path[128];
    snprintf(path, sizeof path, "%s/night.grog", f.dir);
    assert_int_equal(access(path, F_OK), -1);
    assert_null(grog_club_game_at(f.club, 1));
    /* a GET from another page is only read (Origin is for POST) */
    expect(http(port, "api/v1/games", host, NULL, "Origin: http://evil.example", NULL), 200, NULL);
    expect(http(port, "api/v1/games", host, night, own, own_host, "Sec-Fetch-Site: same-origin",
                NULL),
           201, NULL);
    assert_int_equal(access(path, F_OK), 0);
    expect(http(port, "api/v1/games", host, "{\"name\": \"curl\", \"family\": \"gt\"}", NULL), 201,
           NULL);
    close_folder(&f);
}

/* --name: the club and every game it serves (those found at start and a
 * new one) answer to it; still to no other name. */
static void test_names(void **state)
{
    (void)state;
    static const char *const names[] = {"club.local"};
    folder f;
    open_folder(&f, names, 1);
    unsigned port = grog_club_port(f.club);
    const char *host = grog_club_host_token(f.club);
    char named[64], evil[64];
    snprintf(named, sizeof named, "Host: CLUB.local.:%u", port);
    snprintf(evil, sizeof evil, "Host: evil.example:%u", port);
    expect(http(port, "api/v1/games", host, NULL, named, NULL), 200, NULL);
    expect(http(port, "", NULL, NULL, named, NULL), 200, NULL);
    expect(http(port, "api/v1/games", host, NULL, evil, NULL), 403, not_known);
    expect(http(port, "api/v1/games", host, "{\"name\": \"new\", \"family\": \"aigles\"}", NULL),
           201, NULL);
    for (size_t i = 0; i < 2; i++) {
        const grog_club_game *g = grog_club_game_at(f.club, i);
        assert_non_null(g);
        unsigned game = grog_server_port(g->server);
        snprintf(named, sizeof named, "Host: club.local:%u", game);
        snprintf(evil, sizeof evil, "Host: evil.example:%u", game);
        expect(http(game, "api/v1/game", referee_of(g), NULL, named, NULL), 200, NULL);
        expect(http(game, "api/v1/game", referee_of(g), NULL, evil, NULL), 403, not_known);
    }
    close_folder(&f);
}

int main(void)
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_host),
        cmocka_unit_test(test_origin),
        cmocka_unit_test(test_names),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    curl_global_cleanup();
    return rc;
}
