/* bench_serve.c — `grognard serve` under load, on the loopback only.
 *
 * A generated 2,000-unit battle (400 officers) played under gdb is served on
 * 127.0.0.1 (any free port); 20 clients hold the event stream open while
 * 4 clients ask GET /api/v1/game, then POST /api/v1/do (a note: one journal
 * transaction each, synchronous=FULL). Prints requests per second and the
 * p50/p99 latencies beside the targets (GET game p99 under 50 ms; actions at
 * the journal's rate). Bounded: at most GAME_REQUESTS and DO_REQUESTS, and
 * PHASE_SECONDS per phase, whichever comes first. The server keeps each
 * seat's game document until the game changes, so the figures of GET game
 * are mostly those of the kept document; the last line gives the time of one
 * made afresh. Then the bytes a page receives per action, over a turn of
 * real actions, with and without deltas (docs/api.md "Deltas").
 *
 * Two phases of issue 29 follow. "bare": the same GET game load (4 clients,
 * each on one kept-alive connection) against the server and against
 * libmicrohttpd alone, started with server.c's flags, threads and limits and
 * answering the bytes the server sent for the referee's game (gzipped or
 * not as asked) from one prepared response: in turns, each first every
 * other time, the ratio's median printed beside "at least 0.8". "preview":
 * three pages (both sides and the referee) each refresh the game, the
 * actions and the map after every action as the page does (gzip, A-IM:
 * lines, If-None-Match, one kept-alive connection each) while the referee moves
 * pieces of both sides, each move followed by the three refreshes, and a
 * fourth client times POST preview of a side's move all along: p50/p99
 * beside "p99 under 10 ms". `bench_serve PHASE` runs one phase only (get,
 * do, bytes, bare, preview). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>
#include <microhttpd.h>

#include "grognard/game.h"
#include "grognard/rng.h"
#include "grognard/scenario.h"
#include "grognard/server.h"

#define STREAMS 20
#define CLIENTS 4
#define GAME_REQUESTS 400
#define DO_REQUESTS 200
#define PHASE_SECONDS 10.0

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

typedef struct load {
    unsigned port;
    const char *token;
    int post; /* 0: GET game, 1: POST do */
    int quota;
    double until;
    double *lat; /* quota entries */
    int done, failed;
    size_t bytes;
} load;

static size_t count_bytes(char *p, size_t size, size_t n, void *ctx)
{
    (void)p;
    *(size_t *)ctx += size * n;
    return size * n;
}

static void *client(void *p)
{
    load *l = p;
    CURL *c = curl_easy_init();
    char url[128], auth[96], body[96];
    snprintf(url, sizeof url, "http://127.0.0.1:%u/api/v1/%s", l->port, l->post ? "do" : "game");
    snprintf(auth, sizeof auth, "Authorization: Bearer %s", l->token);
    struct curl_slist *h = curl_slist_append(NULL, auth);
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, count_bytes);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &l->bytes);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, 10L);
    for (int i = 0; i < l->quota && now() < l->until; i++) {
        if (l->post) {
            snprintf(body, sizeof body, "{\"words\":[\"note\",\"bench-%p-%d\"]}", (void *)l, i);
            curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
        }
        double t0 = now();
        long status = 0;
        if (curl_easy_perform(c) == CURLE_OK)
            curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
        l->lat[l->done++] = now() - t0;
        l->failed += status != 200;
    }
    curl_slist_free_all(h);
    curl_easy_cleanup(c);
    return NULL;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Runs CLIENTS clients for one phase and prints its figures. */
static void phase(unsigned port, const char *token, int post, int total, const char *what,
                  const char *target)
{
    load l[CLIENTS];
    pthread_t t[CLIENTS];
    double until = now() + PHASE_SECONDS, t0 = now();
    for (int i = 0; i < CLIENTS; i++) {
        l[i] = (load){port, token, post, total / CLIENTS, until, NULL, 0, 0, 0};
        l[i].lat = calloc((size_t)l[i].quota, sizeof(double));
        pthread_create(&t[i], NULL, client, &l[i]);
    }
    double *all = calloc((size_t)total, sizeof(double));
    int n = 0, failed = 0;
    for (int i = 0; i < CLIENTS; i++) {
        pthread_join(t[i], NULL);
        memcpy(all + n, l[i].lat, (size_t)l[i].done * sizeof(double));
        n += l[i].done;
        failed += l[i].failed;
        free(l[i].lat);
    }
    double dt = now() - t0;
    qsort(all, (size_t)n, sizeof(double), by_value);
    if (n > 0)
        printf("serve: %-9s %d requests by %d clients (%d streaming events): %.0f requests/s, "
               "p50 %.2f ms, p99 %.2f ms%s (%s)\n",
               what, n, CLIENTS, STREAMS, n / dt, all[n / 2] * 1000,
               all[(n * 99) / 100 < n ? (n * 99) / 100 : n - 1] * 1000,
               failed ? ", SOME FAILED" : "", target);
    free(all);
}

/* The 20 event streams, in one thread with curl's multi interface. */
typedef struct streams {
    unsigned port;
    const char *token;
    volatile int stop;
    size_t bytes;
} streams;

static void *stream_all(void *p)
{
    streams *s = p;
    CURLM *m = curl_multi_init();
    CURL *c[STREAMS];
    char url[128], auth[96];
    snprintf(url, sizeof url, "http://127.0.0.1:%u/api/v1/events", s->port);
    snprintf(auth, sizeof auth, "Authorization: Bearer %s", s->token);
    struct curl_slist *h = curl_slist_append(NULL, auth);
    for (int i = 0; i < STREAMS; i++) {
        c[i] = curl_easy_init();
        curl_easy_setopt(c[i], CURLOPT_URL, url);
        curl_easy_setopt(c[i], CURLOPT_HTTPHEADER, h);
        curl_easy_setopt(c[i], CURLOPT_WRITEFUNCTION, count_bytes);
        curl_easy_setopt(c[i], CURLOPT_WRITEDATA, &s->bytes);
        curl_multi_add_handle(m, c[i]);
    }
    int running = 1;
    while (!s->stop && running > 0) {
        curl_multi_perform(m, &running);
        curl_multi_poll(m, NULL, 0, 100, NULL);
    }
    for (int i = 0; i < STREAMS; i++) {
        curl_multi_remove_handle(m, c[i]);
        curl_easy_cleanup(c[i]);
    }
    curl_multi_cleanup(m);
    curl_slist_free_all(h);
    return NULL;
}

/* The first unit of each of the first two sides, into units. */
static void first_units(const grog_battle *b, char units[2][GROG_ID_MAX])
{
    for (int k = 0; k < 2; k++) {
        const char *side = grog_battle_side(b, (size_t)k)->id;
        for (size_t i = 0; i < grog_battle_nunits(b); i++)
            if (strcmp(grog_battle_unit(b, i)->side, side) == 0) {
                snprintf(units[k], GROG_ID_MAX, "%s", grog_battle_unit(b, i)->id);
                break;
            }
    }
}

static int make_game(const char *path, const char *scen, char units[2][GROG_ID_MAX])
{
    grog_rng *rng = grog_rng_create(2026);
    grog_generate_options go = {2000, 400};
    grog_battle *b = NULL;
    grog_game *g = NULL;
    grog_error err;
    grog_game_options o = {GROG_FAMILY_GDB, scen, 7, NULL};
    int ok = rng != NULL && grog_scenario_generate(&go, rng, &b, &err) == GROG_OK &&
             grog_scenario_save_file(b, scen, &err) == GROG_OK &&
             grog_game_create(path, &o, &g, &err) == GROG_OK;
    if (!ok)
        fprintf(stderr, "bench_serve: %s\n", err.message);
    else
        first_units(b, units);
    grog_game_close(g);
    grog_battle_destroy(b);
    grog_rng_destroy(rng);
    return ok;
}

/* ---- bytes per action: what one page downloads to follow the game ---- */

/* The documents a page keeps with their ETags (web/js/sync.js's refresh). */
#define PAGE_DOCS 4
static const char *const page_docs[PAGE_DOCS] = {"game", "actions", "claims", "map.svg"};

typedef struct page {
    unsigned port;
    const char *token;
    int deltas;                /* sends A-IM: lines (as the page does) */
    char etag[PAGE_DOCS][96];  /* the ETag of what it holds */
    long long last;            /* the log's last entry */
    long long seen;            /* the latest journal position heard */
    size_t bytes;              /* headers and bodies as received (gzipped) */
} page;

/* What a page reads in an answer's headers. */
typedef struct heard {
    char *etag;    /* the ETag, into 96 bytes */
    long long seq; /* X-Grognard-Seq, -1 when absent */
} heard;

static size_t keep_headers(char *p, size_t size, size_t n, void *ctx)
{
    heard *h = ctx;
    size_t len = size * n;
    if (h->etag != NULL && len > 6 && strncasecmp(p, "ETag: ", 6) == 0)
        snprintf(h->etag, 96, "%.*s", (int)(len - 8), p + 6); /* without the CRLF */
    if (len > 16 && strncasecmp(p, "X-Grognard-Seq: ", 16) == 0)
        h->seq = strtoll(p + 16, NULL, 10);
    return len;
}

/* One GET as the page makes it (gzip asked for, the ETag it holds sent
 * back, with A-IM: lines when it takes deltas); the bytes received are
 * counted as they came over the wire. A 226's hunks are not applied here:
 * test_serve_cache and tests/web/delta.test.mjs check that they make the
 * document; here only their size counts. */
static void page_get(page *pg, const char *path, char *etag)
{
    CURL *c = curl_easy_init();
    char url[160], auth[96], inm[128];
    snprintf(url, sizeof url, "http://127.0.0.1:%u/api/v1/%s", pg->port, path);
    snprintf(auth, sizeof auth, "Authorization: Bearer %s", pg->token);
    struct curl_slist *h = curl_slist_append(NULL, auth);
    h = curl_slist_append(h, "Accept-Encoding: gzip"); /* not decoded: counted as sent */
    if (etag != NULL && etag[0]) {
        snprintf(inm, sizeof inm, "If-None-Match: %s", etag);
        h = curl_slist_append(h, inm);
        if (pg->deltas)
            h = curl_slist_append(h, "A-IM: lines");
    }
    size_t body = 0;
    heard got = {etag, -1};
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, count_bytes);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &body);
    curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, keep_headers);
    curl_easy_setopt(c, CURLOPT_HEADERDATA, &got);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, 30L);
    long headers = 0;
    if (curl_easy_perform(c) == CURLE_OK)
        curl_easy_getinfo(c, CURLINFO_HEADER_SIZE, &headers);
    pg->bytes += body + (size_t)headers;
    if (got.seq > pg->seen)
        pg->seen = got.seq;
    curl_slist_free_all(h);
    curl_easy_cleanup(c);
}

/* What the page fetches after an event: the game, the actions, the claims,
 * the map (each 304 when unchanged, 226 with the lines that changed when
 * it takes deltas), the Done and the log since its last entry. */
static void page_refresh(page *pg)
{
    char log[64];
    for (int i = 0; i < PAGE_DOCS; i++)
        page_get(pg, page_docs[i], pg->etag[i]);
    page_get(pg, "done", NULL);
    snprintf(log, sizeof log, "log?since=%lld", pg->last);
    page_get(pg, log, NULL);
    pg->last = pg->seen;
}

/* POST path with body on c; the HTTP status (0 when it failed). */
static long post_on(CURL *c, unsigned port, const char *token, const char *path, const char *body)
{
    char url[160], auth[96];
    snprintf(url, sizeof url, "http://127.0.0.1:%u/api/v1/%s", port, path);
    snprintf(auth, sizeof auth, "Authorization: Bearer %s", token);
    struct curl_slist *h = curl_slist_append(NULL, auth);
    size_t bytes = 0;
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
    curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, count_bytes);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &bytes);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, 30L);
    long status = 0;
    if (curl_easy_perform(c) == CURLE_OK)
        curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    curl_slist_free_all(h);
    return status;
}

/* One action by the referee (POST do, words as a JSON array's inside). */
static void referee_does(unsigned port, const char *ref, const char *words)
{
    CURL *c = curl_easy_init();
    char body[256];
    snprintf(body, sizeof body, "{\"words\":[%s]}", words);
    long status = post_on(c, port, ref, "do", body);
    curl_easy_cleanup(c);
    if (status != 200)
        fprintf(stderr, "bench_serve: the referee's %s: HTTP %ld\n", words, status);
}

/* The pages: a side's and the referee's, taking deltas (as the page does)
 * and not (ETag and gzip only: the figures before deltas). */
enum { SIDE_D, REF_D, SIDE_E, REF_E, NPAGES };

typedef struct tally {
    double sum[NPAGES], next[NPAGES]; /* all actions; the phases' ends */
    int nnext;
    size_t max[NPAGES];
    const char *max_what[NPAGES];
} tally;

/* Plays words, refreshes every page and counts what each received. */
static void play_one(unsigned port, const char *ref, page *pages, const char *words, tally *t)
{
    for (int k = 0; k < NPAGES; k++)
        pages[k].bytes = 0;
    referee_does(port, ref, words);
    int next = strcmp(words, "\"next\"") == 0;
    t->nnext += next;
    for (int k = 0; k < NPAGES; k++) {
        page_refresh(&pages[k]);
        t->sum[k] += (double)pages[k].bytes;
        if (next)
            t->next[k] += (double)pages[k].bytes;
        if (pages[k].bytes > t->max[k]) {
            t->max[k] = pages[k].bytes;
            t->max_what[k] = words;
        }
    }
}

static void bytes_per_action(unsigned port, const char *side, const char *ref)
{
    /* A turn as a table plays it, by the referee: in the command phase an
     * order change (a GDB-01 test), a general attached, a note; in the
     * movement phase moves of units and officers of each side, a turn, the
     * general detached; in the combat phase a disorder and a note; and the
     * three phases' ends (next). */
    static const char *const mix[] = {
        "\"order\",\"b-cinc\",\"b-b1\",\"attack\"", "\"attach\",\"b-b4\",\"b-u40\"",
        "\"note\",\"rain\"",                      "\"next\"",
        "\"move\",\"b-u10\",\"forward\",\"2\"",    "\"move\",\"r-u20\",\"forward\",\"2\"",
        "\"move\",\"b-b3\",\"forward\",\"3\"",     "\"move\",\"r-b5\",\"forward\",\"3\"",
        "\"move\",\"b-u100\",\"turn\",\"30\"",     "\"detach\",\"b-b4\"",
        "\"move\",\"r-u700\",\"left\",\"2\"",      "\"move\",\"r-cinc\",\"back\",\"2\"",
        "\"next\"",                               "\"event\",\"disorder\",\"b-u30\"",
        "\"note\",\"the smoke\"",                 "\"next\"",
    };
    enum { MIX = sizeof mix / sizeof mix[0] };
    page pages[NPAGES] = {{port, side, 1, {""}, 0, 0, 0}, {port, ref, 1, {""}, 0, 0, 0},
                          {port, side, 0, {""}, 0, 0, 0}, {port, ref, 0, {""}, 0, 0, 0}};
    for (int k = 0; k < NPAGES; k++)
        page_refresh(&pages[k]); /* the first load, the whole log: not counted */
    tally t = {{0}, {0}, 0, {0}, {NULL}};
    double t0 = now();
    for (int i = 0; i < MIX; i++)
        play_one(port, ref, pages, mix[i], &t);
    double dt = now() - t0;
    static const char *const who[2] = {"a side's page", "the referee's"};
    static const char *const target[2] = {"target under 20 KB", "target under 100 KB"};
    printf("serve: bytes per action to follow the game (a turn of %d actions by the referee: "
           "an order, attach/detach, notes, moves of units and officers of each side, a "
           "disorder, the %d phases' ends; %.0f ms per action and the 4 pages' refreshes):\n",
           MIX, t.nnext, dt * 1000 / MIX);
    for (int w = 0; w < 2; w++)
        printf("serve:   %s %.1f KB mean (%s), largest %.1f KB (after %s); the phases' ends "
               "%.1f KB each; without deltas (ETag and gzip only) %.1f KB mean\n",
               who[w], t.sum[w] / 1000.0 / MIX, target[w], t.max[w] / 1000.0, t.max_what[w],
               t.next[w] / 1000.0 / t.nnext, t.sum[w + 2] / 1000.0 / MIX);
}

/* ---- POST preview while three pages refresh after every action (issue 29) ---- */

/* The writer's actions as the pages learn of them (the page's event
 * stream, simplified: a counter they wait on). */
typedef struct feed {
    pthread_mutex_t m;
    pthread_cond_t cv;
    long actions;   /* actions the writer has done */
    int refreshed;  /* pages that refreshed after the last one */
    int stop;
} feed;

typedef struct refresher {
    unsigned port;
    const char *token;
    feed *f;
    CURL *c; /* one connection kept alive, as a browser's */
    char etag[3][96];
    int refreshes, failed;
} refresher;

/* One GET as the page makes it, on the refresher's own connection: gzip,
 * A-IM: lines, If-None-Match with the ETag it holds (the new one of a 226
 * too, as the page holds it once it applied the delta); 200, 226 or 304
 * expected. */
static void refresher_get(refresher *r, const char *path, char *etag)
{
    char url[160], auth[96], inm[128];
    snprintf(url, sizeof url, "http://127.0.0.1:%u/api/v1/%s", r->port, path);
    snprintf(auth, sizeof auth, "Authorization: Bearer %s", r->token);
    struct curl_slist *h = curl_slist_append(NULL, auth);
    h = curl_slist_append(h, "Accept-Encoding: gzip");
    h = curl_slist_append(h, "A-IM: lines"); /* a delta when the server can (not applied here) */
    if (etag[0]) {
        snprintf(inm, sizeof inm, "If-None-Match: %s", etag);
        h = curl_slist_append(h, inm);
    }
    size_t body = 0;
    heard got = {etag, -1};
    curl_easy_setopt(r->c, CURLOPT_URL, url);
    curl_easy_setopt(r->c, CURLOPT_HTTPHEADER, h);
    curl_easy_setopt(r->c, CURLOPT_WRITEFUNCTION, count_bytes);
    curl_easy_setopt(r->c, CURLOPT_WRITEDATA, &body);
    curl_easy_setopt(r->c, CURLOPT_HEADERFUNCTION, keep_headers);
    curl_easy_setopt(r->c, CURLOPT_HEADERDATA, &got);
    curl_easy_setopt(r->c, CURLOPT_TIMEOUT, 30L);
    long status = 0;
    if (curl_easy_perform(r->c) == CURLE_OK)
        curl_easy_getinfo(r->c, CURLINFO_RESPONSE_CODE, &status);
    r->failed += status != 200 && status != 226 && status != 304;
    curl_slist_free_all(h);
}

/* A page: after every action, the game, the actions and the map again. */
static void *refresher_run(void *p)
{
    refresher *r = p;
    r->c = curl_easy_init();
    long seen = -1;
    pthread_mutex_lock(&r->f->m);
    for (;;) {
        while (!r->f->stop && r->f->actions == seen)
            pthread_cond_wait(&r->f->cv, &r->f->m);
        if (r->f->stop)
            break;
        seen = r->f->actions;
        pthread_mutex_unlock(&r->f->m);
        refresher_get(r, "game", r->etag[0]);
        refresher_get(r, "actions", r->etag[1]);
        refresher_get(r, "map.svg", r->etag[2]);
        r->refreshes++;
        pthread_mutex_lock(&r->f->m);
        if (r->f->actions == seen) {
            r->f->refreshed++;
            pthread_cond_broadcast(&r->f->cv);
        }
    }
    pthread_mutex_unlock(&r->f->m);
    curl_easy_cleanup(r->c);
    return NULL;
}

#define PREVIEW_ACTIONS 20
#define PREVIEW_MAX 20000

typedef struct previewer {
    unsigned port;
    const char *token, *unit; /* a unit of the token's side */
    feed *f;
    double *lat;
    int n, failed;
} previewer;

/* The fourth client: POST preview of a move, again and again, timed. */
static void *previewer_run(void *p)
{
    previewer *v = p;
    CURL *c = curl_easy_init();
    char body[160];
    snprintf(body, sizeof body, "{\"words\":[\"move\",\"%s\",\"forward\",\"1cm\"]}", v->unit);
    for (;;) {
        pthread_mutex_lock(&v->f->m);
        int stop = v->f->stop;
        pthread_mutex_unlock(&v->f->m);
        if (stop || v->n == PREVIEW_MAX)
            break;
        double t0 = now();
        long status = post_on(c, v->port, v->token, "preview", body);
        v->lat[v->n++] = now() - t0;
        v->failed += status != 200;
        nanosleep(&(struct timespec){0, 2000000L}, NULL); /* a player's pace, roughly */
    }
    curl_easy_cleanup(c);
    return NULL;
}

/* The referee moves pieces of both sides (a turn on the spot, then back),
 * each action followed by the three pages' refresh before the next. */
static int write_moves(unsigned port, const char *ref, const char *const units[2], feed *f,
                       double *slowest)
{
    CURL *c = curl_easy_init();
    int failed = 0;
    for (int i = 0; i < PREVIEW_ACTIONS; i++) {
        char body[160];
        snprintf(body, sizeof body, "{\"words\":[\"move\",\"%s\",\"turn\",\"%s\"]}",
                 units[i % 2], (i / 2) % 2 ? "-15" : "15");
        double t0 = now();
        failed += post_on(c, port, ref, "do", body) != 200;
        if (now() - t0 > *slowest)
            *slowest = now() - t0;
        pthread_mutex_lock(&f->m);
        f->actions++;
        f->refreshed = 0;
        pthread_cond_broadcast(&f->cv);
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 30;
        while (f->refreshed < 3 &&
               pthread_cond_timedwait(&f->cv, &f->m, &until) == 0)
            ;
        pthread_mutex_unlock(&f->m);
    }
    curl_easy_cleanup(c);
    return failed;
}

static void preview_under_refresh(unsigned port, const char *const tokens[3],
                                  const char *const units[2])
{
    feed f = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0, 0};
    refresher pages[3];
    pthread_t pt[3], vt;
    for (int i = 0; i < 3; i++) {
        pages[i] = (refresher){port, tokens[i], &f, NULL, {"", "", ""}, 0, 0};
        pthread_create(&pt[i], NULL, refresher_run, &pages[i]);
    }
    previewer v = {port, tokens[0], units[0], &f, calloc(PREVIEW_MAX, sizeof(double)), 0, 0};
    pthread_create(&vt, NULL, previewer_run, &v);
    double t0 = now();
    double slowest = 0; /* the slowest move: its journal transaction holds the game's lock */
    int failed = write_moves(port, tokens[2], units, &f, &slowest);
    double dt = now() - t0;
    pthread_mutex_lock(&f.m);
    f.stop = 1;
    pthread_cond_broadcast(&f.cv);
    pthread_mutex_unlock(&f.m);
    pthread_join(vt, NULL);
    int refreshes = 0;
    for (int i = 0; i < 3; i++) {
        pthread_join(pt[i], NULL);
        failed += pages[i].failed;
        refreshes += pages[i].refreshes;
    }
    qsort(v.lat, (size_t)v.n, sizeof(double), by_value);
    if (v.n > 0)
        printf("serve: POST preview while 3 pages (both sides, the referee) refresh game, "
               "actions, map.svg after each of %d moves (%.1f s, %d refreshes): %d previews, "
               "p50 %.2f ms, p99 %.2f ms, max %.2f ms (the slowest move %.2f ms: a preview "
               "waits for a move's disk sync)%s (target: p99 under 10 ms)\n",
               PREVIEW_ACTIONS, dt, refreshes, v.n, v.lat[v.n / 2] * 1000,
               v.lat[(v.n * 99) / 100] * 1000, v.lat[v.n - 1] * 1000, slowest * 1000,
               failed + v.failed ? ", SOME FAILED" : "");
    free(v.lat);
}

/* ---- GET game against libmicrohttpd alone, serving the same bytes ---- */

/* A document as the server sent it: its body (not decoded) and headers. */
typedef struct fetched {
    char *body;
    size_t len;
    char *headers;
} fetched;

static size_t gather_bytes(char *p, size_t size, size_t n, void *ctx)
{
    fetched *f = ctx;
    char *b = realloc(f->body, f->len + size * n + 1);
    if (b == NULL)
        return 0;
    memcpy(b + f->len, p, size * n);
    f->len += size * n;
    b[f->len] = '\0';
    f->body = b;
    return size * n;
}

static size_t gather_headers(char *p, size_t size, size_t n, void *ctx)
{
    char **h = ctx;
    size_t old = *h != NULL ? strlen(*h) : 0;
    char *b = realloc(*h, old + size * n + 1);
    if (b == NULL)
        return 0;
    memcpy(b + old, p, size * n);
    b[old + size * n] = '\0';
    *h = b;
    return size * n;
}

static fetched fetch_raw(unsigned port, const char *token, const char *path, int gz)
{
    fetched f = {NULL, 0, NULL};
    CURL *c = curl_easy_init();
    char url[160], auth[96];
    snprintf(url, sizeof url, "http://127.0.0.1:%u/api/v1/%s", port, path);
    snprintf(auth, sizeof auth, "Authorization: Bearer %s", token);
    struct curl_slist *h = curl_slist_append(NULL, auth);
    if (gz)
        h = curl_slist_append(h, "Accept-Encoding: gzip"); /* kept as sent */
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, gather_bytes);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &f);
    curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, gather_headers);
    curl_easy_setopt(c, CURLOPT_HEADERDATA, &f.headers);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, 30L);
    curl_easy_perform(c);
    curl_slist_free_all(h);
    curl_easy_cleanup(c);
    return f;
}

/* The bytes as a response, with the headers the server sent (but those
 * libmicrohttpd writes itself). */
static struct MHD_Response *bare_response(const fetched *f)
{
    struct MHD_Response *r =
        MHD_create_response_from_buffer(f->len, f->body, MHD_RESPMEM_PERSISTENT);
    for (char *line = f->headers; r != NULL && line != NULL && *line;) {
        char *end = strstr(line, "\r\n");
        if (end == NULL)
            break;
        char *colon = memchr(line, ':', (size_t)(end - line));
        if (colon != NULL && strncasecmp(line, "HTTP/", 5) != 0 &&
            strncasecmp(line, "Content-Length:", 15) != 0 && strncasecmp(line, "Date:", 5) != 0 &&
            strncasecmp(line, "Connection:", 11) != 0) {
            char name[64], value[512];
            snprintf(name, sizeof name, "%.*s", (int)(colon - line), line);
            const char *v = colon + 1;
            while (*v == ' ')
                v++;
            snprintf(value, sizeof value, "%.*s", (int)(end - v), v);
            MHD_add_response_header(r, name, value);
        }
        line = end + 2;
    }
    return r;
}

typedef struct bare {
    struct MHD_Response *plain, *gz;
} bare;

/* libmicrohttpd alone: the prepared answer, gzipped or not as asked. */
static enum MHD_Result bare_answer(void *cls, struct MHD_Connection *c, const char *url,
                                   const char *method, const char *version, const char *upload,
                                   size_t *upload_size, void **con_cls)
{
    (void)url, (void)method, (void)version, (void)upload, (void)upload_size;
    static int headers_seen;
    if (*con_cls == NULL) { /* the headers: the answer comes with the next call (else
                               libmicrohttpd closes the connection after it) */
        *con_cls = &headers_seen;
        return MHD_YES;
    }
    const bare *b = cls;
    const char *ae = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Accept-Encoding");
    return MHD_queue_response(c, MHD_HTTP_OK, ae != NULL && strstr(ae, "gzip") ? b->gz : b->plain);
}

/* The daemon as src/server/server.c starts it (the same flags, threads and
 * limits), on any free loopback port. */
static struct MHD_Daemon *bare_start(bare *b, unsigned *port)
{
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ITC, 0, NULL, NULL,
        bare_answer, b, MHD_OPTION_CONNECTION_LIMIT, 1600u, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
        48u, MHD_OPTION_THREAD_POOL_SIZE, 4u, MHD_OPTION_CONNECTION_TIMEOUT, 20u,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(32 * 1024), MHD_OPTION_END);
    const union MHD_DaemonInfo *info =
        d != NULL ? MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT) : NULL;
    *port = info != NULL ? info->port : 0;
    return d;
}

#define RATE_REQUESTS 4000
#define RATE_ROUNDS 10

typedef struct getter {
    unsigned port;
    const char *token;
    int gz, quota;
    double until;
    int done, failed;
} getter;

static void *getter_run(void *p)
{
    getter *g = p;
    CURL *c = curl_easy_init();
    char url[128], auth[96];
    snprintf(url, sizeof url, "http://127.0.0.1:%u/api/v1/game", g->port);
    snprintf(auth, sizeof auth, "Authorization: Bearer %s", g->token);
    struct curl_slist *h = curl_slist_append(NULL, auth);
    if (g->gz)
        h = curl_slist_append(h, "Accept-Encoding: gzip");
    size_t bytes = 0;
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, count_bytes);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &bytes);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, 10L);
    for (; g->done < g->quota && now() < g->until; g->done++) {
        long status = 0;
        if (curl_easy_perform(c) == CURLE_OK)
            curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
        g->failed += status != 200;
    }
    curl_slist_free_all(h);
    curl_easy_cleanup(c);
    return NULL;
}

/* Requests per second of CLIENTS clients asking GET game of port. */
static double get_rate(unsigned port, const char *token, int gz, int *failed)
{
    getter g[CLIENTS];
    pthread_t t[CLIENTS];
    double t0 = now();
    for (int i = 0; i < CLIENTS; i++) {
        g[i] = (getter){port, token, gz, RATE_REQUESTS / CLIENTS, t0 + PHASE_SECONDS, 0, 0};
        pthread_create(&t[i], NULL, getter_run, &g[i]);
    }
    int n = 0;
    for (int i = 0; i < CLIENTS; i++) {
        pthread_join(t[i], NULL);
        n += g[i].done;
        *failed += g[i].failed;
    }
    return n / (now() - t0);
}

/* The same GET game load against the server and against libmicrohttpd
 * alone serving the bytes the server sent, in turns, gzipped (as the page
 * asks) and plain. */
static void against_bare(unsigned port, const char *ref)
{
    fetched plain = fetch_raw(port, ref, "game", 0), gz = fetch_raw(port, ref, "game", 1);
    bare b = {bare_response(&plain), bare_response(&gz)};
    unsigned bport = 0;
    struct MHD_Daemon *d = b.plain != NULL && b.gz != NULL ? bare_start(&b, &bport) : NULL;
    if (d == NULL) {
        printf("serve: GET game against libmicrohttpd alone: cannot start it\n");
    } else {
        for (int z = 1; z >= 0; z--) {
            double ours = 0, theirs = 0, ratio[RATE_ROUNDS];
            int failed = 0;
            for (int k = 0; k < RATE_ROUNDS; k++) { /* in turns, each first every other time */
                double a, b2;
                if (k % 2 == 0) {
                    a = get_rate(port, ref, z, &failed);
                    b2 = get_rate(bport, ref, z, &failed);
                } else {
                    b2 = get_rate(bport, ref, z, &failed);
                    a = get_rate(port, ref, z, &failed);
                }
                ours += a;
                theirs += b2;
                ratio[k] = b2 > 0 ? a / b2 : 0;
            }
            qsort(ratio, RATE_ROUNDS, sizeof(double), by_value);
            printf("serve: GET game (the referee's, %s, %.0f KB) by %d clients: grognard %.0f "
                   "requests/s, libmicrohttpd alone %.0f requests/s: ratio %.2f (median of %d "
                   "turns, %.2f-%.2f)%s (target at least 0.8)\n",
                   z ? "gzip" : "plain", (z ? gz.len : plain.len) / 1000.0, CLIENTS,
                   ours / RATE_ROUNDS, theirs / RATE_ROUNDS,
                   (ratio[RATE_ROUNDS / 2 - 1] + ratio[RATE_ROUNDS / 2]) / 2, RATE_ROUNDS,
                   ratio[0], ratio[RATE_ROUNDS - 1], failed ? ", SOME FAILED" : "");
        }
        MHD_stop_daemon(d);
    }
    MHD_destroy_response(b.plain);
    MHD_destroy_response(b.gz);
    free(plain.body);
    free(plain.headers);
    free(gz.body);
    free(gz.headers);
}

/* bench_serve [PHASE]: every phase, or only "get", "do", "bytes", "bare" or
 * "preview". */
static int wanted(int argc, char **argv, const char *phase)
{
    return argc < 2 || strcmp(argv[1], phase) == 0;
}

int main(int argc, char **argv)
{
    char path[64], scen[64];
    snprintf(path, sizeof path, "/tmp/grog-bench-serve-%d.grog", (int)getpid());
    snprintf(scen, sizeof scen, "/tmp/grog-bench-serve-%d.json", (int)getpid());
    grog_game_remove(path);
    char units[2][GROG_ID_MAX] = {"", ""};
    if (!make_game(path, scen, units))
        return 1;
    curl_global_init(CURL_GLOBAL_DEFAULT);
    grog_server_options so = {"127.0.0.1", 0, 0, 0, 0, NULL, 0};
    grog_server *srv;
    grog_error err;
    if (grog_server_start(path, &so, &srv, &err) != GROG_OK) {
        fprintf(stderr, "bench_serve: %s\n", err.message);
        return 1;
    }
    const char *ref = NULL, *side = NULL, *other = NULL;
    for (size_t i = 0; grog_server_seat_at(srv, i) != NULL; i++) {
        if (strcmp(grog_server_seat_at(srv, i)->kind, "referee") == 0)
            ref = grog_server_seat_at(srv, i)->token;
        else if (side == NULL && strcmp(grog_server_seat_at(srv, i)->kind, "side") == 0)
            side = grog_server_seat_at(srv, i)->token;
        else if (other == NULL && strcmp(grog_server_seat_at(srv, i)->kind, "side") == 0)
            other = grog_server_seat_at(srv, i)->token;
    }
    unsigned port = grog_server_port(srv);
    streams s = {port, ref, 0, 0};
    pthread_t st;
    pthread_create(&st, NULL, stream_all, &s);
    nanosleep(&(struct timespec){0, 200000000L}, NULL); /* the streams connect */
    if (wanted(argc, argv, "get"))
        phase(port, ref, 0, GAME_REQUESTS, "GET game", "target: p99 under 50 ms");
    if (wanted(argc, argv, "do")) {
        phase(port, ref, 1, DO_REQUESTS, "POST do", "target: the journal's rate");
        /* one GET game right after a change: the seat's view made afresh */
        load one = {port, ref, 1, 1, now() + PHASE_SECONDS, (double[1]){0}, 0, 0, 0};
        client(&one);
        one.post = 0;
        one.done = 0;
        client(&one);
        printf("serve: GET game  right after an action (the view made again, then kept until "
               "the next change): %.2f ms\n",
               one.lat[0] * 1000);
    }
    if (wanted(argc, argv, "bytes"))
        bytes_per_action(port, side, ref);
    if (wanted(argc, argv, "bare"))
        against_bare(port, ref);
    if (wanted(argc, argv, "preview"))
        preview_under_refresh(port, (const char *const[3]){side, other, ref},
                              (const char *const[2]){units[0], units[1]});
    s.stop = 1;
    pthread_join(st, NULL);
    grog_server_stop(srv);
    curl_global_cleanup();
    grog_game_remove(path);
    remove(scen);
    return 0;
}
