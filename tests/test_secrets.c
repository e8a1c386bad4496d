/* test_secrets.c — no side's output ever holds another side's hidden words
 * (issue 11).
 *
 * A gdb game of the default scenario with house rules adding two order
 * words nobody would type by chance: the Anglo-Portuguese C-in-C places
 * "xylophone-gambit" face down for Pack, the French one "zanzibar-feint" for
 * Brenier, and both rolls fail (GDB-05), so both stay hidden (GDB-02); a
 * scenario's own hidden order is checked the same way. Then every command of the CLI
 * is run as the French, as the Anglo-Portuguese and as the public, as text
 * and as --json, on the game and on a damaged copy of it, and neither
 * standard output nor standard error may hold a word the viewer may not see.
 * The referee and each side see their own words (checked first), so the
 * words are really in the game. `grognard serve` is walked the same way over
 * HTTP, with each seat's token and none. */
#include <sqlite3.h>
#include <unistd.h>

#include <curl/curl.h>

#include "grognard/game.h"
#include "server_util.h"
#include "testutil.h"

static char path[64], rules[64], damaged[64], script[64];

static const char *const ANGLO[] = {"xylophone", NULL};
static const char *const FRENCH[] = {"zanzibar", NULL};
static const char *const BOTH[] = {"xylophone", "zanzibar", NULL};

typedef struct viewer {
    const char *side;                 /* NULL: the public */
    const char *const *forbidden;     /* the words it may not see */
    const char *cinc, *brigade;       /* its own pieces, to act with */
    const char *enemy_cinc, *enemy_brigade;
} viewer;

static const viewer VIEWERS[] = {
    {"french", ANGLO, "reynier", "brenier", "picton", "pack"},
    {"anglo-portuguese", FRENCH, "picton", "pack", "reynier", "brenier"},
    {NULL, BOTH, NULL, NULL, "picton", "pack"},
};

static void write_text(const char *p, const char *text)
{
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* The embedded gdb rules with the two distinctive order words added. */
static void write_house_rules(void)
{
    size_t len;
    const char *text = grog_data_embedded("rules/gdb.json", &len);
    assert_non_null(text);
    json_t *j = json_loadb(text, len, 0, NULL);
    assert_non_null(j);
    json_object_set_new(j, "orders",
                        json_pack("{s:[{s:s,s:s},{s:s,s:s}]}", "kinds", "id", "xylophone-gambit",
                                  "help", "a test word", "id", "zanzibar-feint", "help",
                                  "a test word"));
    assert_int_equal(json_dump_file(j, rules, 0), 0);
    json_decref(j);
}


static int setup(void **state)
{
    (void)state;
    int pid = (int)getpid();
    snprintf(path, sizeof path, "/tmp/grog-test-secrets-%d.grog", pid);
    snprintf(damaged, sizeof damaged, "/tmp/grog-test-secrets-%d-damaged.grog", pid);
    snprintf(rules, sizeof rules, "/tmp/grog-test-secrets-%d.json", pid);
    snprintf(script, sizeof script, "/tmp/grog-test-secrets-%d.script", pid);
    grog_game_remove(path);
    grog_game_remove(damaged);
    write_house_rules();
    cli_run r = run_cli("new", path, "--family", "gdb", "--seed", "11", "--rules", rules, NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    /* Picton (gifted, 35 cm from Pack): 5 - 1 = 4 < 6 fails; Reynier: 5 - 2 = 3 fails. */
    r = run_cli("do", "--side", "anglo-portuguese", path, "order", "picton", "pack",
                "xylophone-gambit", "--roll", "5", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "GDB-05"));
    cli_run_free(&r);
    r = run_cli("do", "--side", "french", path, "order", "reynier", "brenier", "zanzibar-feint",
                "--roll", "5", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "GDB-05"));
    cli_run_free(&r);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    grog_game_remove(path);
    grog_game_remove(damaged);
    unlink(rules);
    unlink(script);
    return 0;
}

/* Fails the test when the output of a command holds a forbidden word. */
static void clean(const cli_run *r, const char *const *forbidden, const char *what)
{
    for (size_t i = 0; forbidden[i] != NULL; i++) {
        if (strstr(r->out, forbidden[i]) != NULL || strstr(r->err, forbidden[i]) != NULL)
            fail_msg("%s shows \"%s\":\n--- stdout\n%s\n--- stderr\n%s", what, forbidden[i],
                     r->out, r->err);
    }
}

/* Runs the CLI with argv (NULL-terminated, at most 16) and checks it. */
static void walk(const viewer *v, const char *const *argv)
{
    char what[512] = "grognard";
    for (size_t i = 0; argv[i] != NULL; i++) {
        strncat(what, " ", sizeof what - strlen(what) - 1);
        strncat(what, argv[i], sizeof what - strlen(what) - 1);
    }
    const char *a[17] = {NULL};
    for (size_t i = 0; argv[i] != NULL && i < 16; i++)
        a[i] = argv[i];
    cli_run r = run_cli(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11],
                        a[12], a[13], a[14], a[15], NULL);
    clean(&r, v->forbidden, what);
    cli_run_free(&r);
}

/* argv with "--side S" (when the viewer has a side) and "--json" (when
 * json) inserted after the command's name. */
#define WALK(v, json, ...)                                                                   \
    do {                                                                                     \
        const char *words_[] = {__VA_ARGS__, NULL};                                          \
        const char *argv_[24];                                                               \
        size_t n_ = 0;                                                                       \
        argv_[n_++] = words_[0];                                                             \
        if ((v)->side != NULL) {                                                             \
            argv_[n_++] = "--side";                                                          \
            argv_[n_++] = (v)->side;                                                         \
        }                                                                                    \
        if (json)                                                                            \
            argv_[n_++] = "--json";                                                          \
        for (size_t k_ = 1; words_[k_] != NULL && n_ < 23; k_++)                            \
            argv_[n_++] = words_[k_];                                                        \
        argv_[n_] = NULL;                                                                    \
        walk((v), argv_);                                                                    \
    } while (0)

/* The same with "--side S" and "--json" at the end (for the commands whose
 * first operand comes before their options, like explain FILE NAME). */
#define WALK_TAIL(v, json, ...)                                                              \
    do {                                                                                     \
        const char *words_[] = {__VA_ARGS__, NULL};                                          \
        const char *argv_[24];                                                               \
        size_t n_ = 0;                                                                       \
        for (size_t k_ = 0; words_[k_] != NULL && n_ < 20; k_++)                             \
            argv_[n_++] = words_[k_];                                                        \
        if ((v)->side != NULL) {                                                             \
            argv_[n_++] = "--side";                                                          \
            argv_[n_++] = (v)->side;                                                         \
        }                                                                                    \
        if (json)                                                                            \
            argv_[n_++] = "--json";                                                          \
        argv_[n_] = NULL;                                                                    \
        walk((v), argv_);                                                                    \
    } while (0)

/* The words are in the game: each side and the referee see their own. */
static void test_own_words_are_seen(void **state)
{
    (void)state;
    cli_run r = run_cli("log", path, "--side", "french", NULL);
    assert_non_null(strstr(r.out, "zanzibar-feint"));
    cli_run_free(&r);
    r = run_cli("log", path, "--side", "anglo-portuguese", NULL);
    assert_non_null(strstr(r.out, "xylophone-gambit"));
    cli_run_free(&r);
    r = run_cli("log", path, "--referee", NULL);
    assert_non_null(strstr(r.out, "xylophone-gambit"));
    assert_non_null(strstr(r.out, "zanzibar-feint"));
    cli_run_free(&r);
    /* And the checker catches a word. */
    r = run_cli("log", path, "--referee", NULL);
    int caught = 0;
    for (size_t i = 0; BOTH[i] != NULL; i++)
        caught += strstr(r.out, BOTH[i]) != NULL;
    assert_true(caught >= 2);
    cli_run_free(&r);
}

/* Before any action a scenario's own hidden order (Pack's, here with a word of
 * the house rules) is the Anglo-Portuguese side's: the referee sees it, the
 * French and the public never. */
static void test_scenario_hidden_order(void **state)
{
    (void)state;
    char fresh[80], scen[80];
    snprintf(fresh, sizeof fresh, "%s.fresh", path);
    snprintf(scen, sizeof scen, "%s.json", path);
    grog_game_remove(fresh);
    json_t *j = json_loads(grog_data_embedded("scenarios/bussaco-1810.json", NULL), 0, NULL);
    assert_non_null(j);
    size_t i;
    json_t *o;
    int hidden = 0;
    json_array_foreach(json_object_get(j, "orders"), i, o) {
        if (json_is_true(json_object_get(o, "hidden"))) {
            json_object_set_new(o, "kind", json_string("xylophone-gambit"));
            json_object_set_new(o, "text", json_string("xylophone text"));
            hidden++;
        }
    }
    assert_int_equal(hidden, 1);
    assert_int_equal(json_dump_file(j, scen, 0), 0);
    json_decref(j);
    cli_run r = run_cli("new", fresh, "--family", "gdb", "--seed", "2", "--scenario", scen,
                        "--rules", rules, NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    r = run_cli("show", fresh, "--referee", NULL);
    assert_non_null(strstr(r.out, "xylophone"));
    cli_run_free(&r);
    const viewer french = {"french", ANGLO, NULL, NULL, NULL, NULL};
    const viewer public = {NULL, ANGLO, NULL, NULL, NULL, NULL};
    for (int json = 0; json <= 1; json++) {
        for (int k = 0; k < 2; k++) {
            const viewer *v = k == 0 ? &french : &public;
            WALK(v, json, "show", fresh);
            WALK(v, json, "status", fresh);
            WALK(v, json, "log", fresh);
            WALK(v, json, "map", fresh, "-o", "-");
        }
    }
    grog_game_remove(fresh);
    unlink(scen);
}

/* Every command that reads the game, as each viewer, text and JSON. */
static void walk_readers(const char *game)
{
    for (size_t k = 0; k < sizeof VIEWERS / sizeof VIEWERS[0]; k++) {
        const viewer *v = &VIEWERS[k];
        for (int json = 0; json <= 1; json++) {
            WALK(v, json, "status", game);
            WALK(v, json, "log", game);
            WALK(v, json, "show", game);
            WALK(v, json, "map", game, "-o", "-");
            WALK(v, json, "log", game, "--kind", "order", "--last", "3");
            WALK(v, json, "log", game, "--turn", "1");
            WALK(v, json, "log", game, "--from-journal");
            WALK(v, json, "map", game, "-o", "-", "--overlays", "all");
            /* The unit cards of the two brigades with hidden orders. */
            WALK_TAIL(v, json, "explain", game, "unit", "pt-1st");
            WALK_TAIL(v, json, "explain", game, "unit", "fr-2leger");
            WALK_TAIL(v, json, "explain", game, "unit", "no-such-unit");
        }
    }
    /* The commands with no seat: what they print is for anyone. */
    const viewer *public = &VIEWERS[2];
    for (int json = 0; json <= 1; json++) {
        WALK(public, json, "replay", game);
        WALK(public, json, "explain", game, "gdb-order", "--cinc", "picton", "--brigade", "pack");
        WALK(public, json, "explain", game, "gdb-order", "--cinc", "reynier", "--brigade",
             "brenier", "--roll", "7");
        WALK(public, json, "undo", "/nonexistent/game.grog");
        WALK(public, json, "repair", "/nonexistent/game.grog", "--truncate-at", "2");
        WALK(public, json, "repair", game);
        WALK(public, json, "do", game);
    }
}

/* Every command that acts, as each side (the public cannot act). */
static void walk_actors(const char *game)
{
    for (size_t k = 0; k < sizeof VIEWERS / sizeof VIEWERS[0]; k++) {
        const viewer *v = &VIEWERS[k];
        if (v->side == NULL)
            continue;
        for (int json = 0; json <= 1; json++) {
            /* Refused: the other side's pieces, the public, a bad word,
             * an action that does not exist. */
            WALK(v, json, "do", game, "order", v->enemy_cinc, v->enemy_brigade, "attack");
            WALK(v, json, "do", game, "order", v->enemy_cinc, v->enemy_brigade);
            WALK(v, json, "do", game, "explain", "order", v->enemy_cinc, v->enemy_brigade,
                 "attack");
            WALK(v, json, "do", game, "order", v->cinc, v->brigade, "attaqu\xE9");
            WALK(v, json, "do", game, "frobnicate", v->enemy_brigade);
            WALK(v, json, "do", game, "order", v->cinc, v->enemy_brigade, "attack");
            /* Done: a preview of its own, a note, an order test (already
             * tried this turn: refused by GDB-01). */
            WALK(v, json, "do", game, "explain", "order", v->cinc, v->brigade, "attack");
            WALK(v, json, "do", game, "note", "public", "remark");
            WALK(v, json, "do", game, "order", v->cinc, v->brigade, "attack", "--roll", "9");
            WALK(v, json, "do", game, "move", v->enemy_brigade, "10", "10");
        }
    }
}

/* play, scripted, as each viewer. */
static void walk_play(const char *game)
{
    for (size_t k = 0; k < sizeof VIEWERS / sizeof VIEWERS[0]; k++) {
        const viewer *v = &VIEWERS[k];
        if (v->side == NULL)
            continue; /* play without --side is the referee at the table */
        char text[1024];
        snprintf(text, sizeof text,
                 "help\nstatus\nlog\nexplain order %s %s attack\norder %s %s\norder %s %s "
                 "attack\nnote from the prompt\nfrobnicate\nquit\n",
                 v->enemy_cinc, v->enemy_brigade, v->enemy_cinc, v->enemy_brigade, v->cinc,
                 v->brigade);
        write_text(script, text);
        assert_non_null(freopen(script, "r", stdin));
        const char *argv[] = {"play", game, "--side", v->side, NULL};
        walk(v, argv);
    }
}

static void test_no_side_sees_the_others_words(void **state)
{
    (void)state;
    walk_readers(path);
    walk_actors(path);
    walk_play(path);
    walk_readers(path); /* after the actions above */
    /* undo of the last action (a public note) shows nothing hidden. */
    cli_run r = run_cli("undo", path, NULL);
    clean(&r, BOTH, "grognard undo");
    cli_run_free(&r);
    r = run_cli("undo", path, "--json", NULL);
    clean(&r, BOTH, "grognard undo --json");
    cli_run_free(&r);
}

/* A copy whose hidden-order actions were edited: every error message, for
 * every viewer, still keeps the words to their side. */
static void test_damaged_game_errors_keep_secrets(void **state)
{
    (void)state;
    char *bytes = NULL;
    size_t len = 0;
    assert_int_equal(grog_data_read_file(path, &bytes, &len, NULL), GROG_OK);
    FILE *f = fopen(damaged, "wb");
    fwrite(bytes, 1, len, f);
    fclose(f);
    free(bytes);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(damaged, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db,
                                  "UPDATE actions SET checks = checks || ';edited', "
                                  "result = replace(result, 'GDB-05', 'GDB-03') "
                                  "WHERE words LIKE '%xylophone%' OR words LIKE '%zanzibar%'",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    cli_run r = run_cli("replay", damaged, NULL);
    assert_int_not_equal(r.code, 0); /* the edit is caught */
    cli_run_free(&r);
    walk_readers(damaged);
    walk_actors(damaged);
    walk_play(damaged);
}

/* ---- grognard serve: every endpoint, with each seat's token ---- */

/* The server (server_util.h: `grognard serve --json` in a child process) on
 * the test's game; tokens[k] the token of VIEWERS[k]: french,
 * anglo-portuguese, public. */
static void serve(served *sv, const char *tokens[3])
{
    snprintf(sv->path, sizeof sv->path, "%s", path);
    start(sv, NULL);
    tokens[0] = sv->side_token[1];
    tokens[1] = sv->side_token[0];
    tokens[2] = sv->public_;
    for (int k = 0; k < 3; k++)
        assert_true(tokens[k][0] != '\0');
}

/* One request; the body and headers must hold none of v's forbidden words. */
static void http_walk(const served *sv, const viewer *v, const char *token, const char *method,
                      const char *where, const char *body)
{
    reply got = http(sv, method, where, token, body, body != NULL ? strlen(body) : 0);
    cli_run r = {0, got.body, got.headers};
    char what[300];
    snprintf(what, sizeof what, "%s %s as %s", method, where,
             v->side != NULL ? v->side : token != NULL ? "the public" : "no token");
    clean(&r, v->forbidden, what);
    cli_run_free(&r);
}

static void test_http_no_side_sees_the_others_words(void **state)
{
    (void)state;
    served sv;
    const char *tokens[3];
    serve(&sv, tokens);
    static const char *const gets[] = {"/api/v1/seat", "/api/v1/game", "/api/v1/log",
                                       "/api/v1/log?since=1", "/api/v1/map.svg",
                                       "/api/v1/actions", "/", "/api/v1/nothing"};
    for (int k = 0; k < 4; k++) {
        const viewer *v = &VIEWERS[k < 3 ? k : 2];
        const char *token = k < 3 ? tokens[k] : NULL;
        for (size_t i = 0; i < sizeof gets / sizeof gets[0]; i++)
            http_walk(&sv, v, token, "GET", gets[i], NULL);
        char body[256];
        const char *cinc = v->cinc != NULL ? v->cinc : "reynier";
        const char *brig = v->brigade != NULL ? v->brigade : "brenier";
        snprintf(body, sizeof body, "{\"words\": [\"order\", \"%s\", \"%s\", \"attack\"]}",
                 v->enemy_cinc, v->enemy_brigade);
        http_walk(&sv, v, token, "POST", "/api/v1/preview", body);
        http_walk(&sv, v, token, "POST", "/api/v1/do", body);
        snprintf(body, sizeof body, "{\"words\": [\"order\", \"%s\", \"%s\", \"attack\"]}",
                 cinc, brig);
        http_walk(&sv, v, token, "POST", "/api/v1/preview", body);
        http_walk(&sv, v, token, "POST", "/api/v1/do", body); /* GDB-01: tried this turn */
        http_walk(&sv, v, token, "POST", "/api/v1/do", "{\"words\": [\"note\", \"hi\"]}");
        http_walk(&sv, v, token, "POST", "/api/v1/do", "{\"words\": [\"frobnicate\"]}");
        http_walk(&sv, v, token, "POST", "/api/v1/do", "{\"words\": 3");
        http_walk(&sv, v, token, "POST", "/api/v1/undo", NULL);
        http_walk(&sv, v, token, "GET", "/api/v1/log", NULL); /* after it all */
    }
    stop(&sv); /* and it exits 0, its journal checkpointed */
}

static int http_setup(void **state)
{
    (void)state;
    return curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK ? 0 : -1;
}

static int http_teardown(void **state)
{
    (void)state;
    curl_global_cleanup();
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_own_words_are_seen, setup, teardown),
        cmocka_unit_test_setup_teardown(test_scenario_hidden_order, setup, teardown),
        cmocka_unit_test_setup_teardown(test_no_side_sees_the_others_words, setup, teardown),
        cmocka_unit_test_setup_teardown(test_damaged_game_errors_keep_secrets, setup, teardown),
        cmocka_unit_test_setup_teardown(test_http_no_side_sees_the_others_words, setup, teardown),
    };
    return cmocka_run_group_tests(tests, http_setup, http_teardown);
}
