/* testutil.h — shared helpers for the cmocka test programs.
 * Each test program includes this once; the helpers are static. */
#ifndef GROG_TESTUTIL_H
#define GROG_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "grognard/grognard.h"

/* The result of running the CLI in-process. */
typedef struct cli_run {
    int code;
    char *out;
    char *err;
} cli_run;

int grog_cli_main(int argc, char **argv, FILE *out, FILE *err);

/* A game file for one test program: /tmp/grog-test-NAME-PID.grog, written
 * into buf and removed with SQLite's companions (call it before and after
 * each test). */
static inline void test_game_path(char *buf, size_t size, const char *name)
{
    snprintf(buf, size, "/tmp/grog-test-%s-%d.grog", name, (int)getpid());
    grog_game_remove(buf);
}

/* Creates a game at path (scenario NULL: the embedded default); fails the
 * test when it cannot. */
static inline grog_game *test_game_create(const char *path, grog_family f, const char *scenario,
                                          uint64_t seed)
{
    grog_game_options o = {f, scenario, seed, NULL};
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_create(path, &o, &g, &err) != GROG_OK)
        fail_msg("create: %s", err.message);
    return g;
}

/* Runs `grognard ARGS...` (NULL-terminated) and captures both streams. */
static inline cli_run run_cli(const char *first, ...)
{
    char *argv[64];
    int argc = 0;
    argv[argc++] = (char *)"grognard";
    va_list ap;
    va_start(ap, first);
    for (const char *a = first; a != NULL && argc < 63; a = va_arg(ap, const char *))
        argv[argc++] = (char *)a;
    va_end(ap);
    argv[argc] = NULL;
    cli_run r = {0, NULL, NULL};
    size_t no, ne;
    FILE *out = open_memstream(&r.out, &no);
    FILE *err = open_memstream(&r.err, &ne);
    r.code = grog_cli_main(argc, argv, out, err);
    fclose(out);
    fclose(err);
    return r;
}

static inline void cli_run_free(cli_run *r)
{
    free(r->out);
    free(r->err);
}

/* Parses the captured output as JSON; fails the test if it is not. */
static inline json_t *cli_json(const cli_run *r)
{
    json_error_t jerr;
    json_t *j = json_loads(r->out, 0, &jerr);
    if (j == NULL)
        fail_msg("output is not JSON (%s at %d:%d):\n%s", jerr.text, jerr.line, jerr.column,
                 r->out);
    return j;
}

/* The "exact" fraction of the outcome or distribution entry named by key. */
static inline const char *json_exact_of(json_t *arr, const char *key, const char *name)
{
    size_t i;
    json_t *o;
    json_array_foreach(arr, i, o) {
        json_t *k = json_object_get(o, key);
        if (json_is_string(k) && strcmp(json_string_value(k), name) == 0)
            return json_string_value(json_object_get(o, "exact"));
    }
    return NULL;
}

/* The choices an actions list's argument arg gives after the value key
 * (its choices_by[key]: a list, or the name of the key whose list it is,
 * docs/game.md); NULL when it has none. */
static inline json_t *test_choices_by(json_t *arg, const char *key)
{
    json_t *by = json_object_get(arg, "choices_by");
    json_t *v = json_object_get(by, key);
    return json_is_string(v) ? json_object_get(by, json_string_value(v)) : v;
}

static inline const char *json_exact_of_value(json_t *arr, int value)
{
    size_t i;
    json_t *o;
    json_array_foreach(arr, i, o) {
        if (json_integer_value(json_object_get(o, "value")) == value)
            return json_string_value(json_object_get(o, "exact"));
    }
    return NULL;
}

/* One action on a game (grog_game_do_line): its status is want, and its
 * result (or the refusal's message) holds fragment and not absent (either
 * may be NULL); a refusal changes nothing. */
static inline void test_act(grog_game *g, const char *line, grog_status want,
                            const char *fragment, const char *absent)
{
    char *result = NULL;
    grog_error err;
    grog_error_clear(&err);
    size_t before = grog_game_action_count(g);
    grog_status st = grog_game_do_line(g, line, &result, &err);
    if (st != want)
        fail_msg("\"%s\": status %d (%s), wanted %d", line, st, err.message, want);
    const char *text = st == GROG_OK ? result : err.message;
    if (fragment != NULL && strstr(text, fragment) == NULL)
        fail_msg("\"%s\": \"%s\" lacks \"%s\"", line, text, fragment);
    if (absent != NULL && strstr(text, absent) != NULL)
        fail_msg("\"%s\": \"%s\" has \"%s\"", line, text, absent);
    if (st != GROG_OK)
        assert_int_equal(grog_game_action_count(g), before);
    free(result);
}

#define assert_frac(f, n, d)                                                                 \
    do {                                                                                     \
        grog_frac f_ = (f);                                                                  \
        assert_int_equal(f_.num, (n));                                                       \
        assert_int_equal(f_.den, (d));                                                       \
    } while (0)

#endif
