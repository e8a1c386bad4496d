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
 * real actions, with and without deltas (docs/api.md "Deltas");
 * `bench_serve bytes` measures only those. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>

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

static int make_game(const char *path, const char *scen)
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

/* One action by the referee (POST do, words as a JSON array's inside). */
static void referee_does(unsigned port, const char *ref, const char *words)
{
    CURL *c = curl_easy_init();
    char url[128], auth[96], body[256];
    snprintf(url, sizeof url, "http://127.0.0.1:%u/api/v1/do", port);
    snprintf(auth, sizeof auth, "Authorization: Bearer %s", ref);
    snprintf(body, sizeof body, "{\"words\":[%s]}", words);
    struct curl_slist *h = curl_slist_append(NULL, auth);
    size_t ignored = 0;
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
    curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, count_bytes);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &ignored);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, 30L);
    long status = 0;
    if (curl_easy_perform(c) == CURLE_OK)
        curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    curl_slist_free_all(h);
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

int main(int argc, char **argv)
{
    int bytes_only = argc > 1 && strcmp(argv[1], "bytes") == 0; /* bench_serve bytes */
    char path[64], scen[64];
    snprintf(path, sizeof path, "/tmp/grog-bench-serve-%d.grog", (int)getpid());
    snprintf(scen, sizeof scen, "/tmp/grog-bench-serve-%d.json", (int)getpid());
    grog_game_remove(path);
    if (!make_game(path, scen))
        return 1;
    curl_global_init(CURL_GLOBAL_DEFAULT);
    grog_server_options so = {"127.0.0.1", 0, 0, 0, 0, NULL, 0};
    grog_server *srv;
    grog_error err;
    if (grog_server_start(path, &so, &srv, &err) != GROG_OK) {
        fprintf(stderr, "bench_serve: %s\n", err.message);
        return 1;
    }
    const char *ref = NULL, *side = NULL;
    for (size_t i = 0; grog_server_seat_at(srv, i) != NULL; i++) {
        if (strcmp(grog_server_seat_at(srv, i)->kind, "referee") == 0)
            ref = grog_server_seat_at(srv, i)->token;
        else if (side == NULL && strcmp(grog_server_seat_at(srv, i)->kind, "side") == 0)
            side = grog_server_seat_at(srv, i)->token;
    }
    unsigned port = grog_server_port(srv);
    streams s = {port, ref, 0, 0};
    pthread_t st;
    pthread_create(&st, NULL, stream_all, &s);
    nanosleep(&(struct timespec){0, 200000000L}, NULL); /* the streams connect */
    if (!bytes_only) {
        phase(port, ref, 0, GAME_REQUESTS, "GET game", "target: p99 under 50 ms");
        phase(port, ref, 1, DO_REQUESTS, "POST do", "target: the journal's rate");
        /* one GET game right after a change: the seat's view made afresh */
        load one = {port, ref, 1, 1, now() + PHASE_SECONDS, (double[1]){0}, 0, 0, 0};
        client(&one);
        one.post = 0;
        one.done = 0;
        client(&one);
        printf("serve: GET game  right after an action (the view made again, then kept until the "
               "next change): %.2f ms\n",
               one.lat[0] * 1000);
    }
    bytes_per_action(port, side, ref);
    s.stop = 1;
    pthread_join(st, NULL);
    grog_server_stop(srv);
    curl_global_cleanup();
    grog_game_remove(path);
    remove(scen);
    return 0;
}
