/* test_serve_cache.c — what `grognard serve` spares the network (issue 29):
 * gzip for JSON and SVG over 1 KiB, content ETags (a digest of the bytes)
 * and 304 Not Modified for the game, the map and the actions, and Idempotency-Key on POST do, undo and
 * done (the same key twice is applied once and answered the first answer).
 * And the per-seat documents made from the reader, off the game's lock
 * (src/server/reader.h): a GET right after a POST do sees the action (the
 * game and the log); every seat's documents are byte for byte the writer's
 * (its log entry for entry) after moves, an order,
 * next, an undo and its undo, and another writer's actions; a preview is
 * answered while a document is being made.
 * The server runs in this process on a loopback port; every request is
 * bounded by curl's timeout. */
#include <pthread.h>
#include <strings.h>
#include <time.h>

#include <curl/curl.h>
#include <jansson.h>

#include "grognard/game.h"
#include "grognard/server.h"
#include "grognard/view.h"
#include "server/delta.h"
#include "server/reader.h"
#include "server/served.h"
#include "server_util.h"
#include "testutil.h"

typedef struct table_run {
    char path[96];
    grog_server *s;
    unsigned port;
    const char *referee, *french;
} table_run;

static void serve(table_run *r)
{
    test_game_path(r->path, sizeof r->path, "cache");
    grog_game_close(test_game_create(r->path, GROG_FAMILY_GDB, NULL, 1810));
    grog_server_options o = {"127.0.0.1", 0, 0, 0, 0, NULL, 0};
    grog_error err;
    if (grog_server_start(r->path, &o, &r->s, &err) != GROG_OK)
        fail_msg("serve: %s", err.message);
    r->port = grog_server_port(r->s);
    for (size_t i = 0; grog_server_seat_at(r->s, i) != NULL; i++) {
        const grog_server_seat *st = grog_server_seat_at(r->s, i);
        if (strcmp(st->kind, "referee") == 0)
            r->referee = st->token;
        else if (st->side != NULL && strcmp(st->side, "french") == 0)
            r->french = st->token;
    }
}

static void unserve(table_run *r)
{
    grog_server_stop(r->s);
    grog_game_remove(r->path);
}

/* The replies of the NULL-ended list freed, then unserve. */
static void unserve_freeing(table_run *r, reply *const *all)
{
    for (size_t i = 0; all[i] != NULL; i++)
        reply_free(all[i]);
    unserve(r);
}

/* A request with header lines ("Name: value", several joined by CRLF, or
 * NULL); gzip: 1 to ask for it (curl decodes the body). */
static reply request(const table_run *r, const char *method, const char *path, const char *token,
                     const char *body, const char *lines, int gzip)
{
    reply a = {0, NULL, 0, NULL, 0};
    struct curl_slist *h;
    CURL *c = loopback_open(r->port, method, path, token, &h);
    char buf[512], *save = NULL;
    snprintf(buf, sizeof buf, "%s", lines != NULL ? lines : "");
    for (char *line = strtok_r(buf, "\r\n", &save); line != NULL;
         line = strtok_r(NULL, "\r\n", &save))
        h = curl_slist_append(h, line);
    if (body != NULL)
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
    if (gzip)
        curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "gzip");
    a.status = loopback_send(c, h, method, path, HTTP_TIMEOUT_MS, &a.body, &a.headers);
    a.len = strlen(a.body);
    return a;
}

/* The value of header name in a's headers (into out), or 0 when absent. */
static int header_of(const reply *a, const char *name, char *out, size_t size)
{
    for (const char *p = a->headers; p != NULL && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        size_t n = strlen(name);
        if (strncasecmp(p, name, n) == 0 && p[n] == ':') {
            const char *v = p + n + 1;
            while (*v == ' ')
                v++;
            size_t len = strcspn(v, "\r\n");
            snprintf(out, size, "%.*s", (int)len, v);
            return 1;
        }
    }
    return 0;
}

/* gzip for JSON and SVG over 1 KiB to a client that takes it, never
 * otherwise; the body decodes to the same document. */
static void test_gzip(void **state)
{
    (void)state;
    table_run r;
    serve(&r);
    char v[128];
    reply plain = request(&r, "GET", "/api/v1/game", r.referee, NULL, NULL, 0);
    reply packed = request(&r, "GET", "/api/v1/game", r.referee, NULL, NULL, 1);
    assert_int_equal(plain.status, 200);
    assert_int_equal(packed.status, 200);
    assert_false(header_of(&plain, "Content-Encoding", v, sizeof v));
    assert_true(header_of(&packed, "Content-Encoding", v, sizeof v));
    assert_string_equal(v, "gzip");
    assert_true(header_of(&packed, "Vary", v, sizeof v));
    assert_string_equal(v, "Accept-Encoding");
    assert_string_equal(packed.body, plain.body); /* curl decoded it */
    assert_true(strlen(plain.body) > 1024);
    reply map = request(&r, "GET", "/api/v1/map.svg", r.referee, NULL, NULL, 1);
    assert_true(header_of(&map, "Content-Encoding", v, sizeof v));
    reply seat = request(&r, "GET", "/api/v1/seat", r.referee, NULL, NULL, 1);
    assert_true(strlen(seat.body) < 1024);
    assert_false(header_of(&seat, "Content-Encoding", v, sizeof v)); /* under 1 KiB */
    reply refused = request(&r, "GET", "/api/v1/game", r.referee, NULL,
                             "Accept-Encoding: gzip;q=0", 0);
    assert_false(header_of(&refused, "Content-Encoding", v, sizeof v));
    unserve_freeing(&r, (reply *[]){&plain, &packed, &map, &seat, &refused, NULL});
}

/* ETag and 304: the same document again is 304 with no body; after an
 * action that changes it (a note changes the game document's count of
 * actions, a move the map, the phase's end the actions list), 200 with
 * another ETag; another seat's document has its own. */
static void test_etag_and_304(void **state)
{
    (void)state;
    table_run r;
    serve(&r);
    const char *docs[] = {"/api/v1/game", "/api/v1/map.svg", "/api/v1/actions"};
    const char *change[] = {"{\"words\": [\"note\", \"x\"]}",
                            "{\"words\": [\"move\", \"foy\", \"1\", \"1\"]}",
                            "{\"words\": [\"next\"]}"};
    for (size_t i = 0; i < 3; i++) {
        reply first = request(&r, "GET", docs[i], r.french, NULL, NULL, 0);
        char etag[96], inm[128], again_tag[96], other_tag[96];
        assert_true(header_of(&first, "ETag", etag, sizeof etag));
        snprintf(inm, sizeof inm, "If-None-Match: %s", etag);
        reply same = request(&r, "GET", docs[i], r.french, NULL, inm, 0);
        assert_int_equal(same.status, 304);
        assert_string_equal(same.body, "");
        reply other = request(&r, "GET", docs[i], r.referee, NULL, inm, 0);
        assert_int_equal(other.status, 200); /* the referee's document is not the French's */
        assert_true(header_of(&other, "ETag", other_tag, sizeof other_tag));
        assert_string_not_equal(other_tag, etag);
        reply_free(&first);
        reply_free(&same);
        reply_free(&other);
        reply act = request(&r, "POST", "/api/v1/do", r.referee, change[i], NULL, 0);
        assert_int_equal(act.status, 200);
        reply after = request(&r, "GET", docs[i], r.french, NULL, inm, 0);
        assert_int_equal(after.status, 200);
        assert_true(header_of(&after, "ETag", again_tag, sizeof again_tag));
        assert_string_not_equal(again_tag, etag);
        reply_free(&act);
        reply_free(&after);
    }
    unserve(&r);
}

/* The ETag is the digest of the document's bytes, not of the game's
 * state: a note leaves the map as it was, so its ETag stays and a page
 * holding it gets 304; a move changes the map, and its ETag. */
static void test_content_etag(void **state)
{
    (void)state;
    table_run r;
    serve(&r);
    reply first = request(&r, "GET", "/api/v1/map.svg", r.french, NULL, NULL, 1);
    char etag[96], inm[128], v[96];
    assert_int_equal(first.status, 200);
    assert_true(header_of(&first, "ETag", etag, sizeof etag));
    assert_int_equal(strlen(etag), 34); /* '"', 128 bits in hex, '"' */
    snprintf(inm, sizeof inm, "If-None-Match: %s", etag);
    reply note = request(&r, "POST", "/api/v1/do", r.referee, "{\"words\": [\"note\", \"rain\"]}",
                          NULL, 0);
    assert_int_equal(note.status, 200);
    reply kept = request(&r, "GET", "/api/v1/map.svg", r.french, NULL, inm, 1);
    assert_int_equal(kept.status, 304);
    assert_string_equal(kept.body, "");
    assert_true(header_of(&kept, "ETag", v, sizeof v));
    assert_string_equal(v, etag);
    assert_true(header_of(&kept, "X-Grognard-Seq", v, sizeof v));
    assert_string_equal(v, "2"); /* the position now, after the note */
    reply again = request(&r, "GET", "/api/v1/map.svg", r.french, NULL, NULL, 1);
    assert_true(header_of(&again, "ETag", v, sizeof v)); /* made again: the same bytes */
    assert_string_equal(v, etag);
    assert_string_equal(again.body, first.body);
    reply move = request(&r, "POST", "/api/v1/do", r.referee,
                          "{\"words\": [\"move\", \"foy\", \"1\", \"1\"]}", NULL, 0);
    assert_int_equal(move.status, 200);
    reply moved = request(&r, "GET", "/api/v1/map.svg", r.french, NULL, inm, 1);
    assert_int_equal(moved.status, 200);
    assert_true(header_of(&moved, "ETag", v, sizeof v));
    assert_string_not_equal(v, etag);
    assert_string_not_equal(moved.body, first.body);
    /* a list of tags, one of them the present one, is 304 too; "*" also */
    char list[256];
    snprintf(list, sizeof list, "If-None-Match: \"0000\", W/%s", v);
    reply listed = request(&r, "GET", "/api/v1/map.svg", r.french, NULL, list, 1);
    assert_int_equal(listed.status, 304);
    reply star = request(&r, "GET", "/api/v1/map.svg", r.french, NULL, "If-None-Match: *", 1);
    assert_int_equal(star.status, 304);
    unserve_freeing(&r, (reply *[]){&first, &note, &kept, &again, &move, &moved, &listed,
                                    &star, NULL});
}

/* A GET with If-None-Match: etag, and A-IM: aim and Accept-Language: lang
 * when not NULL. */
static reply get_from(const table_run *r, const char *path, const char *token, const char *etag,
                       const char *aim, const char *lang)
{
    char inm[160], more[352];
    snprintf(inm, sizeof inm, "If-None-Match: %s", etag);
    if (aim == NULL)
        return request(r, "GET", path, token, NULL, inm, 1);
    snprintf(more, sizeof more, "%s\r\nA-IM: %s%s%s", inm, aim, lang ? "\r\nAccept-Language: " : "",
             lang ? lang : "");
    return request(r, "GET", path, token, NULL, more, 1);
}

static void act(const table_run *r, const char *body)
{
    reply a = request(r, "POST", "/api/v1/do", r->referee, body, NULL, 0);
    assert_int_equal(a.status, 200);
    reply_free(&a);
}

static const char note[] = "{\"words\": [\"note\", \"rain\"]}";
static const char move[] = "{\"words\": [\"move\", \"foy\", \"1\", \"1\"]}";

/* A page holding the map before a move asks for the lines that changed
 * (A-IM: lines): 226 IM Used, IM: lines, Delta-Base its ETag, the new
 * ETag; the hunks applied to what it holds give a fresh GET's text byte for
 * byte. Without A-IM, or with "lines;q=0", the whole map. */
static void test_delta_from_a_held_version(void **state)
{
    (void)state;
    table_run r;
    serve(&r);
    reply first = request(&r, "GET", "/api/v1/map.svg", r.french, NULL, NULL, 1);
    char e0[96], e1[96], v[128];
    assert_true(header_of(&first, "ETag", e0, sizeof e0));
    act(&r, move);
    reply d = get_from(&r, "/api/v1/map.svg", r.french, e0, "lines", NULL);
    assert_int_equal(d.status, 226);
    assert_true(header_of(&d, "IM", v, sizeof v));
    assert_string_equal(v, "lines");
    assert_true(header_of(&d, "Delta-Base", v, sizeof v));
    assert_string_equal(v, e0);
    assert_true(header_of(&d, "ETag", e1, sizeof e1));
    assert_string_not_equal(e1, e0);
    assert_true(header_of(&d, "X-Grognard-Seq", v, sizeof v));
    assert_string_equal(v, "2");
    reply fresh = request(&r, "GET", "/api/v1/map.svg", r.french, NULL, NULL, 1);
    assert_true(header_of(&fresh, "ETag", v, sizeof v));
    assert_string_equal(v, e1);
    assert_true(strlen(d.body) * 4 < strlen(fresh.body)); /* a few lines, not the map */
    size_t len = 0;
    char *got = delta_apply(first.body, strlen(first.body), d.body, &len);
    assert_non_null(got);
    assert_int_equal(len, strlen(fresh.body));
    assert_memory_equal(got, fresh.body, len);
    free(got);
    json_t *body = json_loads(d.body, 0, NULL);
    assert_string_equal(json_string_value(json_object_get(body, "base")), e0);
    assert_string_equal(json_string_value(json_object_get(body, "etag")), e1);
    json_decref(body);
    reply plain = get_from(&r, "/api/v1/map.svg", r.french, e0, NULL, NULL);
    assert_int_equal(plain.status, 200); /* no A-IM: the whole map */
    assert_string_equal(plain.body, fresh.body);
    reply refused = get_from(&r, "/api/v1/map.svg", r.french, e0, "lines;q=0", NULL);
    assert_int_equal(refused.status, 200);
    reply other = get_from(&r, "/api/v1/map.svg", r.french, e0, "vcdiff", NULL);
    assert_int_equal(other.status, 200);
    snprintf(v, sizeof v, "W/%s", e0); /* a weak tag is no base for a delta */
    reply weak = get_from(&r, "/api/v1/map.svg", r.french, v, "lines", NULL);
    assert_int_equal(weak.status, 200);
    assert_string_equal(weak.body, fresh.body);
    reply now = get_from(&r, "/api/v1/map.svg", r.french, e1, "lines", NULL);
    assert_int_equal(now.status, 304); /* holding the present one: nothing to send */
    unserve_freeing(&r,
                    (reply *[]){&first, &d, &fresh, &plain, &refused, &other, &weak, &now, NULL});
}

/* 200 with the whole document for a base the server does not hold: an ETag
 * it never made, or one older than the 4 past versions it keeps (the game
 * document changes with every action; the page asks after each). */
static void test_unknown_or_too_old_base(void **state)
{
    (void)state;
    table_run r;
    serve(&r);
    reply unknown = get_from(&r, "/api/v1/game", r.french, "\"0123456789abcdef0123456789abcdef\"",
                              "lines", NULL);
    assert_int_equal(unknown.status, 200);
    char e0[96], v[96];
    assert_true(header_of(&unknown, "ETag", e0, sizeof e0));
    for (int i = 1; i <= 5; i++) {
        act(&r, note);
        reply d = get_from(&r, "/api/v1/game", r.french, e0, "lines", NULL);
        /* after 4 changes e0 is the oldest version kept; after 5, forgotten */
        assert_int_equal(d.status, i <= 4 ? 226 : 200);
        assert_true(header_of(&d, "ETag", v, sizeof v));
        reply_free(&d);
    }
    reply fresh = request(&r, "GET", "/api/v1/game", r.french, NULL, NULL, 1);
    assert_non_null(strstr(fresh.body, "\"actions\": 6"));
    reply_free(&fresh);
    reply_free(&unknown);
    unserve(&r);
}

/* A side never gets a delta against the referee's document, nor against
 * its own in another language: the base is looked for in its own seat's
 * and language's versions only, and it gets its own whole document. */
static void test_delta_base_of_another_seat(void **state)
{
    (void)state;
    table_run r;
    serve(&r);
    reply ref0 = request(&r, "GET", "/api/v1/game", r.referee, NULL, NULL, 1);
    reply fr0 = request(&r, "GET", "/api/v1/game", r.french, NULL, NULL, 1);
    reply en0 = request(&r, "GET", "/api/v1/game", r.french, NULL, "Accept-Language: en", 1);
    char re0[96], fe0[96], ee0[96], v[96];
    assert_true(header_of(&ref0, "ETag", re0, sizeof re0));
    assert_true(header_of(&fr0, "ETag", fe0, sizeof fe0));
    assert_true(header_of(&en0, "ETag", ee0, sizeof ee0));
    assert_string_not_equal(re0, fe0);
    assert_string_equal(en0.body, fr0.body); /* the server's own language is English here */
    assert_string_not_equal(ee0, fe0);       /* but each language has its ETags */
    act(&r, move);
    reply ref1 = get_from(&r, "/api/v1/game", r.referee, re0, "lines", NULL);
    assert_int_equal(ref1.status, 226); /* re0 is held, for the referee */
    reply side = get_from(&r, "/api/v1/game", r.french, re0, "lines", NULL);
    assert_int_equal(side.status, 200);
    assert_false(header_of(&side, "Delta-Base", v, sizeof v));
    reply own = request(&r, "GET", "/api/v1/game", r.french, NULL, NULL, 1);
    assert_string_equal(side.body, own.body); /* its own document, whole */
    reply refnow = request(&r, "GET", "/api/v1/game", r.referee, NULL, NULL, 1);
    assert_string_not_equal(side.body, refnow.body); /* not the referee's */
    assert_true(header_of(&side, "ETag", v, sizeof v));
    assert_string_not_equal(v, re0);
    reply french = get_from(&r, "/api/v1/game", r.french, fe0, "lines", "en");
    assert_int_equal(french.status, 200); /* fe0 is the other language's */
    reply english = get_from(&r, "/api/v1/game", r.french, ee0, "lines", "en");
    assert_int_equal(english.status, 226);
    reply server = get_from(&r, "/api/v1/game", r.french, fe0, "lines", NULL);
    assert_int_equal(server.status, 226);
    unserve_freeing(&r, (reply *[]){&ref0, &fr0, &en0, &ref1, &side, &own, &french, &english,
                                    &server, &refnow, NULL});
}

/* A document back as it was (the move undone) has its old ETag again: a
 * page holding that one gets 304, one holding the moved map a delta back. */
static void test_back_as_it_was(void **state)
{
    (void)state;
    table_run r;
    serve(&r);
    reply m0 = request(&r, "GET", "/api/v1/map.svg", r.french, NULL, NULL, 1);
    char e0[96], e1[96], v[96];
    assert_true(header_of(&m0, "ETag", e0, sizeof e0));
    act(&r, move);
    reply m1 = request(&r, "GET", "/api/v1/map.svg", r.french, NULL, NULL, 1);
    assert_true(header_of(&m1, "ETag", e1, sizeof e1));
    reply undo = request(&r, "POST", "/api/v1/undo", r.referee, "{}", NULL, 0);
    assert_int_equal(undo.status, 200);
    reply same = get_from(&r, "/api/v1/map.svg", r.french, e0, "lines", NULL);
    assert_int_equal(same.status, 304);
    reply back = get_from(&r, "/api/v1/map.svg", r.french, e1, "lines", NULL);
    assert_int_equal(back.status, 226);
    assert_true(header_of(&back, "ETag", v, sizeof v));
    assert_string_equal(v, e0);
    size_t len = 0;
    char *got = delta_apply(m1.body, strlen(m1.body), back.body, &len);
    assert_non_null(got);
    assert_string_equal(got, m0.body);
    free(got);
    unserve_freeing(&r, (reply *[]){&m0, &m1, &undo, &same, &back, NULL});
}

/* The same Idempotency-Key twice from a seat: applied once, the first
 * reply again; the same key from another seat is another request; a
 * malformed key is 400 and nothing is done. */
static void test_idempotency_key_replayed(void **state)
{
    (void)state;
    table_run r;
    serve(&r);
    const char *body = "{\"words\": [\"note\", \"the\", \"rain\"]}";
    reply one = request(&r, "POST", "/api/v1/do", r.referee, body, "Idempotency-Key: tap-1", 0);
    reply two = request(&r, "POST", "/api/v1/do", r.referee, body, "Idempotency-Key: tap-1", 0);
    assert_int_equal(one.status, 200);
    assert_int_equal(two.status, 200);
    assert_string_equal(one.body, two.body);
    char s1[32], s2[32];
    assert_true(header_of(&one, "X-Grognard-Seq", s1, sizeof s1));
    assert_true(header_of(&two, "X-Grognard-Seq", s2, sizeof s2));
    assert_string_equal(s1, "2");
    assert_string_equal(s2, "2");
    reply mine = request(&r, "POST", "/api/v1/do", r.french, body, "Idempotency-Key: tap-1", 0);
    assert_int_equal(mine.status, 200); /* the French's own press: done */
    reply bad = request(&r, "POST", "/api/v1/do", r.referee, body, "Idempotency-Key: a b", 0);
    assert_int_equal(bad.status, 400);
    reply without = request(&r, "POST", "/api/v1/do", r.referee, body, NULL, 0);
    assert_int_equal(without.status, 200); /* no key: every press counts */
    reply seat = request(&r, "GET", "/api/v1/seat", r.referee, NULL, NULL, 0);
    assert_non_null(strstr(seat.body, "\"seq\": 4")); /* start, the referee's, the French's, and the keyless one */
    /* a refused action's reply is kept too: the same key is refused the same way */
    reply no1 = request(&r, "POST", "/api/v1/undo", r.french, "{}", "Idempotency-Key: u", 0);
    reply no2 = request(&r, "POST", "/api/v1/undo", r.french, "{}", "Idempotency-Key: u", 0);
    assert_int_equal(no1.status, 403);
    assert_int_equal(no2.status, 403);
    unserve_freeing(&r, (reply *[]){&one, &two, &mine, &bad, &without, &seat, &no1, &no2,
                                    NULL});
}

/* ---- the documents made from the reader (reader.h) ---- */

typedef grog_status (*doc_fn)(const grog_game *, const grog_seat *, char **, grog_error *);

static void pause_ms(long ms)
{
    nanosleep(&(struct timespec){ms / 1000, (ms % 1000) * 1000000L}, NULL);
}

static const struct {
    const char *path;
    doc_fn make;
} reader_docs[] = {
    {"/api/v1/game", grog_view_game_json},
    {"/api/v1/map.svg", grog_view_game_svg},
    {"/api/v1/actions", grog_game_actions_json},
    {"/api/v1/claims", grog_game_claims_json},
};

/* What the writer's handle makes of document d for seat i, as the server
 * made it before the reader: under the game lock, from the table's game. */
static char *writers_doc(const table_run *r, size_t d, size_t i)
{
    table *t = server_table(r->s);
    const grog_server_seat *who = grog_server_seat_at(r->s, i);
    grog_seat seat;
    char *text = NULL;
    pthread_mutex_lock(&t->game_lock);
    grog_status st = grog_game_seat(t->g, who->side, strcmp(who->kind, "referee") == 0, &seat, NULL);
    if (st == GROG_OK)
        st = reader_docs[d].make(t->g, &seat, &text, NULL);
    pthread_mutex_unlock(&t->game_lock);
    assert_int_equal(st, GROG_OK);
    return text;
}

static long seq_of(const reply *a)
{
    char v[32];
    assert_true(header_of(a, "X-Grognard-Seq", v, sizeof v));
    return strtol(v, NULL, 10);
}

static size_t writers_count(const table_run *r)
{
    table *t = server_table(r->s);
    pthread_mutex_lock(&t->game_lock);
    size_t n = grog_game_action_count(t->g);
    pthread_mutex_unlock(&t->game_lock);
    return n;
}

/* Every seat's four documents, as GET answers them (plain and gzipped),
 * are the writer's own, of the writer's position. */
static void served_as_the_writer(const table_run *r, const char *after)
{
    long want = (long)writers_count(r);
    for (size_t i = 0; grog_server_seat_at(r->s, i) != NULL; i++) {
        const grog_server_seat *who = grog_server_seat_at(r->s, i);
        for (size_t d = 0; d < sizeof reader_docs / sizeof reader_docs[0]; d++) {
            char *mine = writers_doc(r, d, i);
            for (int gz = 0; gz < 2; gz++) {
                reply a = request(r, "GET", reader_docs[d].path, who->token, NULL, NULL, gz);
                assert_int_equal(a.status, 200);
                if (strcmp(a.body, mine) != 0 || seq_of(&a) != want)
                    fail_msg("after %s: %s for %s %s (seq %ld, the writer's %ld) is not the "
                             "writer's",
                             after, reader_docs[d].path, who->kind,
                             who->side != NULL ? who->side : "", seq_of(&a), want);
                reply_free(&a);
            }
            free(mine);
        }
        /* the log: the writer's entries (parsed: the server cuts and writes them again) */
        table *t = server_table(r->s);
        grog_seat seat;
        char *log = NULL;
        pthread_mutex_lock(&t->game_lock);
        assert_int_equal(grog_game_seat(t->g, who->side, strcmp(who->kind, "referee") == 0, &seat,
                                        NULL),
                         GROG_OK);
        assert_int_equal(grog_game_log_json(t->g, &seat, &log, NULL), GROG_OK);
        pthread_mutex_unlock(&t->game_lock);
        reply a = request(r, "GET", "/api/v1/log?since=0", who->token, NULL, NULL, 1);
        assert_int_equal(a.status, 200);
        json_t *mine = json_loads(log, 0, NULL), *theirs = json_loads(a.body, 0, NULL);
        if (!json_equal(mine, theirs) || seq_of(&a) != want)
            fail_msg("after %s: the log for %s is not the writer's", after, who->kind);
        json_decref(mine);
        json_decref(theirs);
        free(log);
        reply_free(&a);
    }
}

static void referee_does(const table_run *r, const char *path, const char *body)
{
    reply a = request(r, "POST", path, r->referee, body, NULL, 0);
    if (a.status != 200)
        fail_msg("%s %s: %ld %s", path, body, a.status, a.body);
    reply_free(&a);
}

/* After every kind of change, each seat's documents from the reader are
 * byte for byte those the writer makes (the game view, the map, the
 * actions, the claims), in every language the request does not choose. */
static void test_the_readers_documents_are_the_writers(void **state)
{
    (void)state;
    table_run r;
    serve(&r);
    served_as_the_writer(&r, "the start");
    referee_does(&r, "/api/v1/do", "{\"words\": [\"move\", \"br-74th\", \"forward\", \"5cm\"]}");
    referee_does(&r, "/api/v1/do", "{\"words\": [\"order\", \"picton\", \"pack\", \"attack\"]}");
    served_as_the_writer(&r, "a move and an order");
    referee_does(&r, "/api/v1/do", "{\"words\": [\"next\"]}");
    served_as_the_writer(&r, "next");
    referee_does(&r, "/api/v1/undo", NULL);
    served_as_the_writer(&r, "an undo");
    char body[64];
    snprintf(body, sizeof body, "{\"seq\": %zu}", writers_count(&r));
    referee_does(&r, "/api/v1/undo", body);
    served_as_the_writer(&r, "the undo undone");
    /* another writer (another process, for the server): the watcher catches
     * the writer up, the reader follows */
    grog_game *other = NULL;
    assert_int_equal(grog_game_open(r.path, &other, NULL), GROG_OK);
    test_act(other, "move br-74th turn 45", GROG_OK, NULL, NULL);
    test_act(other, "event casualties br-74th 2", GROG_OK, NULL, NULL);
    size_t theirs = grog_game_action_count(other);
    grog_game_close(other);
    for (int i = 0; i < 200 && writers_count(&r) != theirs; i++)
        pause_ms(25); /* the watcher's poll: 250 ms */
    assert_int_equal(writers_count(&r), theirs);
    served_as_the_writer(&r, "another writer's move and event");
    /* the end writes no action: the documents show it all the same */
    referee_does(&r, "/api/v1/end", NULL);
    served_as_the_writer(&r, "the end");
    reply ended = request(&r, "GET", "/api/v1/game", r.french, NULL, NULL, 0);
    assert_non_null(strstr(ended.body, "\"ended\": true"));
    reply_free(&ended);
    unserve(&r);
}

/* A GET sent once POST do has answered sees that action: its position and
 * its content, though the seat's documents were made just before. */
static void test_a_get_after_do_sees_it(void **state)
{
    (void)state;
    table_run r;
    serve(&r);
    for (int i = 0; i < 12; i++) {
        reply before = request(&r, "GET", "/api/v1/game", r.french, NULL, NULL, i % 2);
        assert_int_equal(before.status, 200);
        char turn[96];
        snprintf(turn, sizeof turn, "{\"words\": [\"move\", \"%s\", \"turn\", \"30\"]}",
                 i % 3 ? "br-74th" : "reynier");
        reply done = request(&r, "POST", "/api/v1/do", r.referee, turn, NULL, 0);
        assert_int_equal(done.status, 200);
        reply after = request(&r, "GET", "/api/v1/game", r.french, NULL, NULL, i % 2);
        assert_int_equal(after.status, 200);
        assert_int_equal(seq_of(&after), seq_of(&done));
        assert_int_equal(seq_of(&after), seq_of(&before) + 1);
        assert_string_not_equal(after.body, before.body); /* the piece turned */
        char *mine = writers_doc(&r, 0, 1); /* the French's view (seat 1) */
        assert_string_equal(after.body, mine);
        free(mine);
        char since[64];
        snprintf(since, sizeof since, "/api/v1/log?since=%ld", seq_of(&before));
        reply log = request(&r, "GET", since, r.french, NULL, NULL, i % 2);
        json_t *entries = json_loads(log.body, 0, NULL);
        assert_int_equal(json_array_size(entries), 1); /* the move, and only it */
        assert_int_equal(json_integer_value(json_object_get(json_array_get(entries, 0), "seq")),
                         seq_of(&done));
        assert_int_equal(seq_of(&log), seq_of(&done));
        json_decref(entries);
        reply_free(&log);
        reply_free(&before);
        reply_free(&done);
        reply_free(&after);
    }
    unserve(&r);
}

typedef struct slow_get {
    const table_run *r;
    reply a;
    volatile int done;
} slow_get;

static void *get_game(void *p)
{
    slow_get *g = p;
    g->a = request(g->r, "GET", "/api/v1/game", g->r->referee, NULL, NULL, 1);
    g->done = 1;
    return NULL;
}

/* A preview is answered while a document is being made: the reader's lock
 * held (as the builder holds it while it makes the referee's game view), a
 * GET game waits for it; a preview and a do, on the writer, do not. */
static void test_a_preview_does_not_wait_for_a_document(void **state)
{
    (void)state;
    table_run r;
    serve(&r);
    assert_string_equal(grog_server_seat_at(r.s, 1)->side, "french");
    table *t = server_table(r.s);
    referee_does(&r, "/api/v1/do", "{\"words\": [\"note\", \"before\"]}"); /* the cache is old */
    pthread_mutex_lock(reader_lock_of(t));
    slow_get g = {&r, {0, NULL, 0, NULL, 0}, 0};
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, get_game, &g), 0);
    pause_ms(200); /* the GET parked, the builder waiting for the lock */
    reply preview = request(&r, "POST", "/api/v1/preview", r.french,
                             "{\"words\": [\"move\", \"reynier\", \"forward\", \"1cm\"]}", NULL, 0);
    assert_int_equal(preview.status, 200);
    reply act = request(&r, "POST", "/api/v1/do", r.referee,
                         "{\"words\": [\"note\", \"meanwhile\"]}", NULL, 0);
    assert_int_equal(act.status, 200);
    reply seat = request(&r, "GET", "/api/v1/seat", r.french, NULL, NULL, 0);
    assert_int_equal(seat.status, 200);
    assert_false(g.done); /* still waiting for its document */
    pthread_mutex_unlock(reader_lock_of(t));
    pthread_join(th, NULL);
    assert_int_equal(g.a.status, 200);
    assert_true(seq_of(&g.a) >= 2);
    reply_free(&g.a);
    reply_free(&preview);
    reply_free(&act);
    reply_free(&seat);
    unserve(&r);
}

int main(void)
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gzip),
        cmocka_unit_test(test_etag_and_304),
        cmocka_unit_test(test_content_etag),
        cmocka_unit_test(test_delta_from_a_held_version),
        cmocka_unit_test(test_unknown_or_too_old_base),
        cmocka_unit_test(test_delta_base_of_another_seat),
        cmocka_unit_test(test_back_as_it_was),
        cmocka_unit_test(test_idempotency_key_replayed),
        cmocka_unit_test(test_the_readers_documents_are_the_writers),
        cmocka_unit_test(test_a_get_after_do_sees_it),
        cmocka_unit_test(test_a_preview_does_not_wait_for_a_document),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    curl_global_cleanup();
    return rc;
}
