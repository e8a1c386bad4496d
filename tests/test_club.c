/* test_club.c — `grognard serve DIR` (club.h) over real HTTP on the loopback:
 * two games served at once, each on its own port with its own tokens (one
 * game's tokens refused by the other, the host token refused by both, a
 * seat's token refused by the organiser's API); the host token file; new
 * games from the API (a bundled scenario, an uploaded scenario, a roster,
 * and every refusal); an action in one game that leaves the other as it
 * was; the editor's helpers (validate, battle, qr); the Host and Origin
 * checks of the organiser's port; the organiser's answers in the request's
 * language (Accept-Language), by the rule of a game's server. */
#include <libintl.h>
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
static reply http_h(unsigned port, const char *path, const char *token, const char *body, ...)
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

/* method GET or POST (body) to 127.0.0.1:port/api/v1/path with token. */
static reply http(unsigned port, const char *path, const char *token, const char *body)
{
    char full[512];
    snprintf(full, sizeof full, "api/v1/%s", path);
    return http_h(port, full, token, body, NULL);
}

static json_t *body_json(const reply *r)
{
    json_error_t e;
    json_t *j = json_loads(r->body, 0, &e);
    if (j == NULL)
        fail_msg("not JSON (%ld): %s", r->status, r->body);
    return j;
}

typedef struct folder {
    char dir[64];
    grog_club *club;
} folder;

static void make_game(const char *dir, const char *name, grog_family f, const char *scenario)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    grog_game_options o = {f, scenario, 1810, NULL};
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_create(path, &o, &g, &err) != GROG_OK)
        fail_msg("%s", err.message);
    grog_game_close(g);
}

static void start_named(folder *f, const char *const *names, size_t nnames)
{
    grog_club_options o = {"127.0.0.1", 0, NULL, names, nnames};
    grog_error err;
    if (grog_club_start(f->dir, &o, &f->club, &err) != GROG_OK)
        fail_msg("club: %s", err.message);
}

static void start(folder *f)
{
    start_named(f, NULL, 0);
}

static void setup_named(folder *f, const char *const *names, size_t nnames)
{
    snprintf(f->dir, sizeof f->dir, "/tmp/grog-club-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    make_game(f->dir, "a-gdb.grog", GROG_FAMILY_GDB, NULL);
    make_game(f->dir, "b-gt.grog", GROG_FAMILY_GT, "quatre-bras-1815");
    start_named(f, names, nnames);
}

static void setup_folder(folder *f)
{
    setup_named(f, NULL, 0);
}

static void teardown_folder(folder *f)
{
    grog_club_stop(f->club);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    assert_int_equal(system(cmd), 0);
}

static const char *token_of(const grog_club_game *g, const char *kind)
{
    for (size_t i = 0; grog_server_seat_at(g->server, i) != NULL; i++)
        if (strcmp(grog_server_seat_at(g->server, i)->kind, kind) == 0)
            return grog_server_seat_at(g->server, i)->token;
    fail_msg("no seat %s", kind);
    return NULL;
}

static void expect_status(unsigned port, const char *path, const char *token, const char *body,
                          long status)
{
    reply r = http(port, path, token, body);
    if (r.status != status)
        fail_msg("%s: %ld, not %ld: %s", path, r.status, status, r.body);
    free(r.body);
}

static void test_two_games_and_their_tokens(void **state)
{
    (void)state;
    folder f;
    setup_folder(&f);
    unsigned club = grog_club_port(f.club);
    const char *host = grog_club_host_token(f.club);
    const grog_club_game *a = grog_club_game_at(f.club, 0), *b = grog_club_game_at(f.club, 1);
    assert_non_null(a);
    assert_non_null(b);
    assert_null(grog_club_game_at(f.club, 2));
    assert_string_equal(a->name, "a-gdb.grog");
    assert_string_equal(b->name, "b-gt.grog");
    unsigned pa = grog_server_port(a->server), pb = grog_server_port(b->server);
    assert_true(pa != pb && pa != club && pb != club);
    /* each game's referee on its own game, and refused by the other */
    expect_status(pa, "game", token_of(a, "referee"), NULL, 200);
    expect_status(pb, "game", token_of(b, "referee"), NULL, 200);
    expect_status(pb, "game", token_of(a, "referee"), NULL, 401);
    expect_status(pa, "game", token_of(b, "referee"), NULL, 401);
    expect_status(pa, "game", token_of(b, "public"), NULL, 401);
    /* the host token opens no game; no seat's token opens the club */
    expect_status(pa, "game", host, NULL, 401);
    expect_status(pb, "game", host, NULL, 401);
    expect_status(club, "games", token_of(a, "referee"), NULL, 401);
    expect_status(club, "games", NULL, NULL, 401);
    for (size_t i = 0; grog_server_seat_at(a->server, i) != NULL; i++)
        assert_string_not_equal(grog_server_seat_at(a->server, i)->token, host);
    /* the list: both, with their state */
    reply r = http(club, "games", host, NULL);
    assert_int_equal(r.status, 200);
    json_t *j = body_json(&r);
    json_t *games = json_object_get(j, "games");
    assert_int_equal(json_array_size(games), 2);
    json_t *ga = json_array_get(games, 0), *gb = json_array_get(games, 1);
    assert_string_equal(json_string_value(json_object_get(ga, "family")), "gdb");
    assert_string_equal(json_string_value(json_object_get(gb, "family")), "gt");
    assert_int_equal(json_integer_value(json_object_get(ga, "turn")), 1);
    assert_int_equal(json_integer_value(json_object_get(ga, "pages")), 0);
    assert_int_equal(json_integer_value(json_object_get(gb, "port")), pb);
    assert_non_null(strstr(json_string_value(json_object_get(gb, "title")), "Quatre Bras"));
    json_t *seat = json_array_get(json_object_get(ga, "seats"), 0);
    char want[128];
    snprintf(want, sizeof want, "http://127.0.0.1:%u/#t=%s", pa,
             json_string_value(json_object_get(seat, "token")));
    assert_string_equal(json_string_value(json_object_get(seat, "url")), want);
    const char *phase_b = json_string_value(json_object_get(gb, "phase"));
    char before_b[64];
    snprintf(before_b, sizeof before_b, "%s", phase_b);
    const char *phase_a = json_string_value(json_object_get(ga, "phase"));
    char before_a[64];
    snprintf(before_a, sizeof before_a, "%s", phase_a);
    json_decref(j);
    free(r.body);
    /* an action in game a: a's phase moves, b's stays */
    expect_status(pa, "do", token_of(a, "referee"), "{\"words\": [\"next\"]}", 200);
    r = http(club, "games", host, NULL);
    j = body_json(&r);
    games = json_object_get(j, "games");
    assert_string_not_equal(json_string_value(json_object_get(json_array_get(games, 0), "phase")),
                            before_a);
    assert_string_equal(json_string_value(json_object_get(json_array_get(games, 1), "phase")),
                        before_b);
    json_decref(j);
    free(r.body);
    /* the host token file: 32 hex digits and a line feed, mode 0600, kept */
    char path[128], text[64] = "";
    snprintf(path, sizeof path, "%s/.grognard-host", f.dir);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_int_equal(sb.st_mode & 0777, 0600);
    FILE *fp = fopen(path, "r");
    assert_non_null(fgets(text, sizeof text, fp));
    fclose(fp);
    assert_int_equal(strlen(text), 33);
    assert_memory_equal(text, host, 32);
    char kept[40];
    snprintf(kept, sizeof kept, "%s", host);
    grog_club_stop(f.club);
    start(&f);
    assert_string_equal(grog_club_host_token(f.club), kept);
    teardown_folder(&f);
}

static const char roster_bad[] = "kind,id,name,side,parent\\nside,a,A,,\\nside,b,B,,\\n"
                                 "officer,ca,CA,a,\\nofficer,cb,CB,b,\\nunit,u,U,,ghost\\n";
static const char roster_ok[] = "kind,id,name,side,parent\\nside,a,A,,\\nside,b,B,,\\n"
                                "officer,ca,CA,a,\\nofficer,cb,CB,b,\\nunit,u,U,,ca\\n";

static void test_new_games_from_the_api(void **state)
{
    (void)state;
    folder f;
    setup_folder(&f);
    unsigned club = grog_club_port(f.club);
    const char *host = grog_club_host_token(f.club);
    reply r = http(club, "games", host,
                   "{\"name\": \"night\", \"family\": \"aigles\", \"scenario\": \"maida-1806\", "
                   "\"seed\": 7}");
    assert_int_equal(r.status, 201);
    json_t *j = body_json(&r);
    assert_string_equal(json_string_value(json_object_get(j, "name")), "night.grog");
    assert_string_equal(json_string_value(json_object_get(j, "family")), "aigles");
    unsigned port = (unsigned)json_integer_value(json_object_get(j, "port"));
    const char *tok = json_string_value(json_object_get(
        json_array_get(json_object_get(j, "seats"), 2), "token"));
    expect_status(port, "game", tok, NULL, 200);
    json_decref(j);
    free(r.body);
    char path[128];
    snprintf(path, sizeof path, "%s/night.grog", f.dir);
    grog_game *g = NULL;
    assert_int_equal(grog_game_open(path, &g, NULL), GROG_OK);
    assert_int_equal(grog_game_seed(g), 7);
    assert_int_equal(grog_game_family(g), GROG_FAMILY_AIGLES);
    grog_game_close(g);
    assert_non_null(grog_club_game_at(f.club, 2));
    /* the name taken, a bad name, a bad family, two battles, a bad seed */
    expect_status(club, "games", host, "{\"name\": \"night\", \"family\": \"gdb\"}", 409);
    expect_status(club, "games", host, "{\"name\": \"../x\", \"family\": \"gdb\"}", 422);
    expect_status(club, "games", host, "{\"family\": \"dba\"}", 422);
    expect_status(club, "games", host,
                  "{\"family\": \"gdb\", \"scenario\": \"maida-1806\", \"roster_csv\": \"x\"}",
                  400);
    expect_status(club, "games", host, "{\"family\": \"gdb\", \"seed\": -3}", 400);
    expect_status(club, "games", host, "{\"family\": \"gdb\", \"scenario\": \"nowhere\"}", 404);
    expect_status(club, "games", host, "[1]", 400);
    /* a roster: refused with its problems on their cells, then accepted */
    char body[512];
    snprintf(body, sizeof body, "{\"family\": \"gt\", \"roster_csv\": \"%s\"}", roster_bad);
    r = http(club, "games", host, body);
    assert_int_equal(r.status, 422);
    j = body_json(&r);
    assert_string_equal(json_string_value(json_object_get(
                            json_array_get(json_object_get(j, "problems"), 0), "text")),
                        "roster.csv:6:5: parent: no officer \"ghost\"");
    json_decref(j);
    free(r.body);
    snprintf(body, sizeof body, "{\"family\": \"gt\", \"roster_csv\": \"%s\"}", roster_ok);
    r = http(club, "games", host, body);
    assert_int_equal(r.status, 201);
    j = body_json(&r);
    assert_string_equal(json_string_value(json_object_get(j, "name")), "table-1.grog");
    json_decref(j);
    free(r.body);
    /* an uploaded scenario's text: a scenario JSON in a JSON string */
    grog_battle *bt = NULL;
    char *text = NULL;
    assert_int_equal(grog_scenario_load_embedded("quatre-bras-1815", &bt, NULL), GROG_OK);
    assert_int_equal(grog_scenario_save_text(bt, &text, NULL), GROG_OK);
    json_t *req = json_pack("{s:s,s:s,s:s}", "family", "gdb", "scenario_json", text, "name", "qb");
    char *reqs = json_dumps(req, 0);
    expect_status(club, "games", host, reqs, 201);
    free(reqs);
    json_decref(req);
    free(text);
    grog_battle_destroy(bt);
    /* no temporary file left behind, every game its own .grog */
    char cmd[256];
    snprintf(cmd, sizeof cmd, "ls -a '%s' | grep -c grognard-new", f.dir);
    FILE *p = popen(cmd, "r");
    char n[8] = "";
    assert_non_null(fgets(n, sizeof n, p));
    pclose(p);
    assert_string_equal(n, "0\n");
    snprintf(path, sizeof path, "%s/qb.grog", f.dir);
    assert_int_equal(access(path, F_OK), 0);
    r = http(club, "games", host, NULL);
    j = body_json(&r);
    assert_int_equal(json_array_size(json_object_get(j, "games")), 5);
    json_decref(j);
    free(r.body);
    teardown_folder(&f);
}

/* A new game's "scenario" is a bundled scenario's name, never a file on the
 * server (issue 29, as a cheat would try it with the host's link): a path to
 * a scenario outside the folder, or to any file, is 404 "no embedded
 * scenario", nothing made and nothing of the file read back (/etc/passwd's
 * first word was in the answer: "near 'root'"). A bundled name still makes
 * its battle. A file of the folder that cannot be written is named by its
 * own name, without the folder's path. */
static void test_a_scenario_is_a_bundled_name(void **state)
{
    (void)state;
    folder f;
    setup_folder(&f);
    unsigned club = grog_club_port(f.club);
    const char *host = grog_club_host_token(f.club);
    char outside[96], body[256];
    snprintf(outside, sizeof outside, "/tmp/grog-club-outside-%d.json", (int)getpid());
    grog_battle *bt = NULL;
    char *text = NULL;
    assert_int_equal(grog_scenario_load_embedded("maida-1806", &bt, NULL), GROG_OK);
    assert_int_equal(grog_scenario_save_text(bt, &text, NULL), GROG_OK);
    grog_battle_destroy(bt);
    FILE *fp = fopen(outside, "w");
    assert_non_null(fp);
    fputs(text, fp);
    fclose(fp);
    free(text);
    const char *paths[] = {outside, "/etc/passwd"};
    for (size_t i = 0; i < 2; i++) {
        snprintf(body, sizeof body, "{\"name\": \"x%zu\", \"family\": \"gdb\", \"scenario\": \"%s\"}",
                 i, paths[i]);
        reply r = http(club, "games", host, body);
        assert_int_equal(r.status, 404);
        assert_non_null(strstr(r.body, "no embedded scenario"));
        assert_null(strstr(r.body, "near"));
        free(r.body);
        char made[128];
        snprintf(made, sizeof made, "%s/x%zu.grog", f.dir, i);
        assert_int_equal(access(made, F_OK), -1);
    }
    unlink(outside);
    /* a bundled name: its battle */
    expect_status(club, "games", host,
                  "{\"name\": \"m\", \"family\": \"gdb\", \"scenario\": \"maida-1806\"}", 201);
    char path[128];
    snprintf(path, sizeof path, "%s/m.grog", f.dir);
    grog_game *g = NULL;
    assert_int_equal(grog_game_open(path, &g, NULL), GROG_OK);
    assert_non_null(strstr(grog_battle_meta(grog_game_battle(g))->name, "Maida"));
    grog_game_close(g);
    /* the folder's path stays out of the answer */
    snprintf(path, sizeof path, "%s/.grognard-new-blocked.json", f.dir);
    assert_int_equal(mkdir(path, 0700), 0);
    reply r = http(club, "games", host,
                   "{\"name\": \"blocked\", \"family\": \"gdb\", \"scenario\": \"maida-1806\"}");
    assert_int_equal(r.status, 500);
    assert_non_null(strstr(r.body, "\".grognard-new-blocked.json: cannot write"));
    assert_null(strstr(r.body, f.dir));
    free(r.body);
    rmdir(path);
    teardown_folder(&f);
}

static void test_editor_helpers(void **state)
{
    (void)state;
    folder f;
    setup_folder(&f);
    unsigned club = grog_club_port(f.club);
    const char *host = grog_club_host_token(f.club);
    reply r = http(club, "validate", host,
                   "{\"scenario_json\": \"{\\\"meta\\\": {\\\"name\\\": \\\"x\\\"}}\"}");
    assert_int_equal(r.status, 200);
    json_t *j = body_json(&r);
    assert_false(json_is_true(json_object_get(j, "ok")));
    json_t *p0 = json_array_get(json_object_get(j, "problems"), 0);
    assert_string_equal(json_string_value(json_object_get(p0, "path")), "table");
    assert_string_equal(json_string_value(json_object_get(p0, "message")), "missing (required)");
    json_decref(j);
    free(r.body);
    char body[512];
    snprintf(body, sizeof body, "{\"roster_csv\": \"%s\"}", roster_ok);
    r = http(club, "validate", host, body);
    j = body_json(&r);
    assert_true(json_is_true(json_object_get(j, "ok")));
    assert_int_equal(json_array_size(json_object_get(json_object_get(j, "scenario"), "units")), 1);
    json_decref(j);
    free(r.body);
    /* a bundled battle, and a game's as every side may see it (no hidden order) */
    r = http(club, "battle?scenario=maida-1806", host, NULL);
    assert_int_equal(r.status, 200);
    j = body_json(&r);
    assert_string_equal(json_string_value(json_object_get(
                            json_object_get(json_object_get(j, "scenario"), "meta"), "date")),
                        "1806-07-04");
    json_decref(j);
    free(r.body);
    r = http(club, "battle?game=a-gdb.grog", host, NULL);
    assert_int_equal(r.status, 200);
    assert_null(strstr(r.body, "\"hidden\""));
    assert_non_null(strstr(r.body, "picton"));
    free(r.body);
    expect_status(club, "battle?game=nothing.grog", host, NULL, 404);
    expect_status(club, "battle", host, NULL, 400);
    r = http(club, "qr?text=http%3A%2F%2F127.0.0.1%3A1%2F%23t%3Dabc", host, NULL);
    assert_int_equal(r.status, 200);
    assert_true(strncmp(r.body, "<svg", 4) == 0);
    free(r.body);
    expect_status(club, "qr", host, NULL, 400);
    expect_status(club, "validate", host, NULL, 405);
    expect_status(club, "nothing", host, NULL, 404);
    teardown_folder(&f);
}

static void test_refusals_at_start(void **state)
{
    (void)state;
    grog_club *c = NULL;
    grog_error err;
    grog_club_options o = {"127.0.0.1", 0, NULL, NULL, 0};
    assert_int_equal(grog_club_start("/nonexistent-folder", &o, &c, &err), GROG_ENOTFOUND);
    folder f;
    snprintf(f.dir, sizeof f.dir, "/tmp/grog-club-XXXXXX");
    assert_non_null(mkdtemp(f.dir));
    char path[128];
    snprintf(path, sizeof path, "%s/.grognard-host", f.dir);
    FILE *fp = fopen(path, "w");
    fputs("not a token\n", fp);
    fclose(fp);
    assert_int_equal(grog_club_start(f.dir, &o, &c, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "not a host token"));
    unlink(path);
    /* a file named .grog that is no game is skipped, and said */
    snprintf(path, sizeof path, "%s/broken.grog", f.dir);
    fp = fopen(path, "w");
    fputs("hello", fp);
    fclose(fp);
    start(&f);
    const char *const *lines;
    assert_int_equal(grog_club_skipped(f.club, &lines), 1);
    assert_non_null(strstr(lines[0], "broken.grog: "));
    assert_null(grog_club_game_at(f.club, 0));
    teardown_folder(&f);
}

/* ---- Host and Origin on the organiser's port ----
 *
 * The organiser's port checks them as a game's server does (docs/api.md,
 * "Host and Origin"): a name that is not the club's is refused (DNS
 * rebinding), the page and the API alike, before the host token is looked
 * at; a POST from another site's page makes no game; the names given to the
 * club (--name) are its games' too. */

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

static void test_host(void **state)
{
    (void)state;
    folder f;
    setup_folder(&f);
    unsigned port = grog_club_port(f.club);
    const char *host = grog_club_host_token(f.club);
    char evil[64], wrong_port[64], loop[64], local[64];
    snprintf(evil, sizeof evil, "Host: evil.example:%u", port);
    snprintf(wrong_port, sizeof wrong_port, "Host: 127.0.0.1:%u", port == 1 ? 2 : 1);
    snprintf(loop, sizeof loop, "Host: [::1]:%u", port);
    snprintf(local, sizeof local, "Host: LocalHost:%u", port);
    /* the page and the API under another name: 403, the token not looked at */
    expect(http_h(port, "", NULL, NULL, evil, NULL), 403, not_known);
    expect(http_h(port, "static/js/organiser.js", NULL, NULL, evil, NULL), 403, not_known);
    expect(http_h(port, "api/v1/games", host, NULL, evil, NULL), 403, not_known);
    expect(http_h(port, "api/v1/games", NULL, NULL, evil, NULL), 403, not_known);
    expect(http_h(port, "api/v1/games", host, NULL, wrong_port, NULL), 403, not_known);
    expect(http_h(port, "api/v1/games", host, NULL, "Host:", NULL), 403, not_known);
    /* its own addresses and localhost, any case */
    expect(http_h(port, "", NULL, NULL, NULL), 200, NULL);
    expect(http_h(port, "api/v1/games", host, NULL, loop, NULL), 200, NULL);
    expect(http_h(port, "api/v1/games", host, NULL, local, NULL), 200, NULL);
    /* a name that was not given is refused by the games too */
    unsigned game = grog_server_port(grog_club_game_at(f.club, 0)->server);
    char named[64];
    snprintf(named, sizeof named, "Host: club.local:%u", game);
    expect(http_h(game, "api/v1/game", token_of(grog_club_game_at(f.club, 0), "referee"), NULL, named, NULL),
           403, not_known);
    teardown_folder(&f);
}

/* A POST from another site's page (its Origin, or Sec-Fetch-Site) makes no
 * game; the page's own Origin, or none (a program), does. */
static void test_origin(void **state)
{
    (void)state;
    folder f;
    setup_folder(&f);
    unsigned port = grog_club_port(f.club);
    const char *host = grog_club_host_token(f.club);
    char own[64], own_host[64];
    snprintf(own, sizeof own, "Origin: http://127.0.0.1:%u", port);
    snprintf(own_host, sizeof own_host, "Host: 127.0.0.1:%u", port);
    const char *night = "{\"name\": \"night\", \"family\": \"gdb\"}";
    expect(http_h(port, "api/v1/games", host, night, "Origin: http://evil.example", NULL), 403,
           other_site);
    expect(http_h(port, "api/v1/games", host, night, "Origin: null", NULL), 403, other_site);
    expect(http_h(port, "api/v1/games", host, night, own, "Sec-Fetch-Site: cross-site", NULL), 403,
           other_site);
    expect(http_h(port, "api/v1/validate", host, "{\"roster_csv\": \"x\"}",
                "Origin: http://evil.example", NULL),
           403, other_site);
    char path[128];
    snprintf(path, sizeof path, "%s/night.grog", f.dir);
    assert_int_equal(access(path, F_OK), -1);
    assert_null(grog_club_game_at(f.club, 2));
    /* a GET from another page is only read (Origin is for POST) */
    expect(http_h(port, "api/v1/games", host, NULL, "Origin: http://evil.example", NULL), 200, NULL);
    expect(http_h(port, "api/v1/games", host, night, own, own_host, "Sec-Fetch-Site: same-origin",
                NULL),
           201, NULL);
    assert_int_equal(access(path, F_OK), 0);
    expect(http_h(port, "api/v1/games", host, "{\"name\": \"curl\", \"family\": \"gt\"}", NULL), 201,
           NULL);
    teardown_folder(&f);
}

/* --name: the club and every game it serves (those found at start and a
 * new one) answer to it; still to no other name. */
static void test_names(void **state)
{
    (void)state;
    static const char *const names[] = {"club.local"};
    folder f;
    setup_named(&f, names, 1);
    unsigned port = grog_club_port(f.club);
    const char *host = grog_club_host_token(f.club);
    char named[64], evil[64];
    snprintf(named, sizeof named, "Host: CLUB.local.:%u", port);
    snprintf(evil, sizeof evil, "Host: evil.example:%u", port);
    expect(http_h(port, "api/v1/games", host, NULL, named, NULL), 200, NULL);
    expect(http_h(port, "", NULL, NULL, named, NULL), 200, NULL);
    expect(http_h(port, "api/v1/games", host, NULL, evil, NULL), 403, not_known);
    expect(http_h(port, "api/v1/games", host, "{\"name\": \"new\", \"family\": \"aigles\"}", NULL),
           201, NULL);
    for (size_t i = 0; i < 3; i++) { /* the two found at start and the new one */
        const grog_club_game *g = grog_club_game_at(f.club, i);
        assert_non_null(g);
        unsigned game = grog_server_port(g->server);
        snprintf(named, sizeof named, "Host: club.local:%u", game);
        snprintf(evil, sizeof evil, "Host: evil.example:%u", game);
        expect(http_h(game, "api/v1/game", token_of(g, "referee"), NULL, named, NULL), 200, NULL);
        expect(http_h(game, "api/v1/game", token_of(g, "referee"), NULL, evil, NULL), 403, not_known);
    }
    teardown_folder(&f);
}

static int says(json_t *message, const char *text)
{
    return json_string_value(message) != NULL && strstr(json_string_value(message), text) != NULL;
}

/* r has the status, and its error's message, or one of its problems', holds
 * text. */
static void expect_said(reply r, long status, const char *text)
{
    if (r.status != status)
        fail_msg("%ld, not %ld: %s", r.status, status, r.body);
    json_t *j = body_json(&r);
    int found = says(json_object_get(json_object_get(j, "error"), "message"), text);
    size_t i;
    json_t *p;
    json_array_foreach(json_object_get(j, "problems"), i, p) {
        found |= says(json_object_get(p, "message"), text);
    }
    if (!found)
        fail_msg("\"%s\" not in %s", text, r.body);
    json_decref(j);
    free(r.body);
}

/* The catalogues the CLI would find beside this program (build/locale), so
 * that the organiser, started here and not by the CLI, finds them too. */
static void bind_catalogues(void)
{
    char exe[2048], dir[2100];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    assert_true(n > 0);
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    assert_non_null(slash);
    *slash = '\0';
    snprintf(dir, sizeof dir, "%s/../locale", exe);
    assert_non_null(bindtextdomain("grognard", dir));
}

/* Issue 25: the organiser's answers follow Accept-Language as a game's
 * server's do (docs/api.md "Language": the highest q of en, fr, ru; none of
 * them: the server's own, here English), before the token is looked at and
 * after a body is read. */
static void test_language_per_request(void **state)
{
    (void)state;
    bind_catalogues();
    folder f;
    setup_folder(&f);
    unsigned port = grog_club_port(f.club);
    const char *host = grog_club_host_token(f.club);
    static const struct {
        const char *header; /* NULL: no Accept-Language */
        const char *unauthorized, *family, *duplicate;
    } cases[] = {
        {"fr", "pas de jeton d'hôte valide", "family : aigles, gdb ou gt est attendu",
         "identifiant « o » en double"},
        {"ru", "нет действительного токена хозяина", "family: ожидается aigles, gdb или gt",
         "повторяющийся идентификатор «o»"},
        {"de, ru;q=0.5, fr;q=0.4", "нет действительного токена хозяина",
         "family: ожидается aigles, gdb или gt", "повторяющийся идентификатор «o»"},
        {"fr-FR;q=0, en;q=0.2", "no valid host token", "family: expected aigles, gdb or gt",
         "duplicate id \"o\""},
        {"de-DE, *;q=0.5", "no valid host token", "family: expected aigles, gdb or gt",
         "duplicate id \"o\""},
        {NULL, "no valid host token", "family: expected aigles, gdb or gt", "duplicate id \"o\""},
    };
    static const char roster[] =
        "{\"roster_csv\": \"kind,id,name,side,parent,role\\nside,a,A,,,\\nside,b,B,,,\\n"
        "officer,o,O,a,,commander-in-chief\\nofficer,o,P,b,,commander-in-chief\\n\"}";
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char accept[64] = "X-None: 1";
        if (cases[i].header != NULL)
            snprintf(accept, sizeof accept, "Accept-Language: %s", cases[i].header);
        expect_said(http_h(port, "api/v1/games", NULL, NULL, accept, NULL), 401, cases[i].unauthorized);
        expect_said(http_h(port, "api/v1/games", host, "{\"family\": \"whist\"}", accept, NULL), 422,
               cases[i].family);
        expect_said(http_h(port, "api/v1/validate", host, roster, accept, NULL), 200,
               cases[i].duplicate);
    }
    teardown_folder(&f);
}

int main(void)
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_games_and_their_tokens),
        cmocka_unit_test(test_new_games_from_the_api),
        cmocka_unit_test(test_a_scenario_is_a_bundled_name),
        cmocka_unit_test(test_editor_helpers),
        cmocka_unit_test(test_refusals_at_start),
        cmocka_unit_test(test_host),
        cmocka_unit_test(test_origin),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_language_per_request),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    curl_global_cleanup();
    return rc;
}
