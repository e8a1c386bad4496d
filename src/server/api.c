/* api.c — the JSON API of a table under /api/v1/: the seat, the game, the
 * log, the map, the actions, the open claims, preview, do, undo and Done. docs/api.md is the
 * contract.
 *
 * Invariants: every document about the game is made by the game's or the
 * view's functions with the request's seat: the per-seat documents (game,
 * map, actions, claims, the log) by the reader's builder from the reader's handle
 * (reader.h), without the game lock; everything else under the game lock;
 * error messages are the library's (already filtered for the seat) or fixed
 * texts; every text is in the request's language, whose catalogue the
 * caller set for the thread (http.c) and the builder sets for its own. */
#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "api.h"
#include "api_report.h"
#include "docs.h"
#include "grognard/tape.h"
#include "grognard/view.h"
#include "i18n.h"
#include "preview_plan.h"
#include "reply.h"
#include "idem.h"
#include "votes.h"

#define MAX_WORDS 64
#define MAX_WORD 256

typedef struct call {
    table *t;
    struct MHD_Connection *c;
    const grog_server_seat *who;
    grog_seat seat;
    json_t *body; /* POST: the parsed body (an object), or NULL */
    int lang;     /* the request's language: an index of the site's catalogues */
    int keep;     /* the answer is kept for its Idempotency-Key (in kept) */
    idem_answer kept;
    reader_wait *wait; /* the request's, for a per-seat document (reader.h) */
} call;

static long position(const call *k)
{
    return (long)grog_game_action_count(k->t->g);
}

/* Sends a malloc'd text (taken over), kept for the request's
 * Idempotency-Key when it has one. */
static enum MHD_Result send_text(call *k, unsigned status, char *text, const char *type,
                                 long seq)
{
    if (k->keep && text != NULL && k->kept.text == NULL && status < 500)
        k->kept = (idem_answer){status, type, strdup(text), seq};
    return reply_text(k->c, status, text, type, seq);
}

static const char json_mime[] = "application/json; charset=utf-8";

static enum MHD_Result send_json(call *k, unsigned status, json_t *j, long seq)
{
    char *text = json_dumps(j, JSON_INDENT(2));
    json_decref(j);
    return send_text(k, status, text, json_mime, seq);
}

static enum MHD_Result send_error(call *k, unsigned status, const char *code,
                                  const char *message, long seq)
{
    return send_json(k, status, reply_error_doc(code, message), seq);
}

/* The library's error, without the server's file paths (the game file's
 * path becomes its name: a phone has no business knowing the folders). */
static enum MHD_Result fail(call *k, grog_status st, const grog_error *err)
{
    grog_error e = *err;
    table_scrub(k->t, &e);
    unsigned status;
    json_t *j = reply_status_doc(st, &e, &status);
    return send_json(k, status, j, position(k));
}

/* Sends a library text, or the library's error. */
static enum MHD_Result send_result(call *k, grog_status st, char *text, const grog_error *err,
                                   const char *type)
{
    if (st != GROG_OK) {
        free(text);
        return fail(k, st, err);
    }
    return send_text(k, MHD_HTTP_OK, text, type, position(k));
}

static enum MHD_Result api_seat(call *k)
{
    const grog_battle *b = grog_game_battle(k->t->g);
    json_t *sides = json_array();
    for (size_t i = 0; i < grog_battle_nsides(b); i++)
        json_array_append_new(sides, json_string(grog_battle_side(b, i)->id));
    json_t *j =
        json_pack("{s:{s:s,s:o},s:I,s:s,s:o,s:b}", "seat", "kind", k->who->kind, "side",
                  k->who->side != NULL ? json_string(k->who->side) : json_null(), "seq",
                  (json_int_t)position(k), "family", grog_family_name(grog_game_family(k->t->g)),
                  "sides", sides, "referee_only", k->t->referee_only);
    return send_json(k, MHD_HTTP_OK, j, position(k));
}

/* Answers a request from the reader (reader.h): the builder's error or its
 * answer made once when it resumed the request, the store's document when
 * it is ready (docs.c: its ETag, 304), else the request parked. Without the
 * game lock. */
static enum MHD_Result from_reader(call *k, const reader_job *job)
{
    table *t = k->t;
    reader_wait *w = k->wait;
    pthread_mutex_lock(&t->doc_lock);
    int answered = w->answered;
    grog_status st = w->st;
    struct MHD_Response *once = w->resp;
    w->answered = 0;
    w->resp = NULL;
    if (answered && (st != GROG_OK || once != NULL)) {
        pthread_mutex_unlock(&t->doc_lock);
        if (st != GROG_OK) /* the builder could not make it */
            return reply_status(k->c, st, &w->err, w->seq);
        enum MHD_Result ok = MHD_queue_response(k->c, MHD_HTTP_OK, once);
        MHD_destroy_response(once);
        return ok;
    }
    if (!reader_ready(t, job)) {
        int parked = reader_park(t, w, k->c, job);
        pthread_mutex_unlock(&t->doc_lock);
        return parked ? MHD_YES
                      : reply_error(k->c, MHD_HTTP_SERVICE_UNAVAILABLE, "busy",
                                    _("the server is stopping"), -1);
    }
    enum MHD_Result ok = docs_send(t->docs, job->doc, k->c);
    pthread_mutex_unlock(&t->doc_lock);
    return ok;
}

/* A document that only changes with the game (the seat's game view, map,
 * actions list or claims): made once per seat, language and state by the
 * reader's builder, with its response for the request's encoding, and sent
 * by docs.c (its content ETag, 304). Runs without the game lock: a
 * document not ready parks the request (reader.h). */
static enum MHD_Result api_cached(call *k, size_t which, reader_make make, const char *type)
{
    table *t = k->t;
    size_t seat = (size_t)(k->who - t->seats);
    size_t doc = TABLE_DOCS * (TABLE_NLANGS * seat + (size_t)k->lang) + which;
    reader_job job = {doc, reply_accepts_gzip(k->c), seat, make, type, NULL, 0, NULL, NULL};
    job.inm = MHD_lookup_connection_value(k->c, MHD_HEADER_KIND, "If-None-Match");
    job.aim = MHD_lookup_connection_value(k->c, MHD_HEADER_KIND, "A-IM");
    return from_reader(k, &job);
}

static enum MHD_Result api_game(call *k)
{
    return api_cached(k, 0, grog_view_game_json, json_mime);
}

static enum MHD_Result api_map(call *k)
{
    return api_cached(k, 1, grog_view_game_svg, "image/svg+xml; charset=utf-8");
}

static enum MHD_Result api_actions(call *k)
{
    return api_cached(k, 2, grog_game_actions_json, json_mime);
}

static enum MHD_Result api_claims(call *k)
{
    return api_cached(k, 3, grog_game_claims_json, json_mime);
}

/* since=N: a whole number, 0 when absent; -1 when malformed. */
static long long since_of(struct MHD_Connection *c)
{
    const char *v = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "since");
    if (v == NULL)
        return 0;
    char *end;
    long long n = strtoll(v, &end, 10);
    if (*v == '\0' || *end != '\0' || n < 0 || !isdigit((unsigned char)*v))
        return -1;
    return n;
}

/* The seat's log entries after since, as an indented JSON array. */
static grog_status log_since(const grog_game *g, const grog_seat *seat, long long since,
                             char **out, grog_error *err)
{
    char *text = NULL;
    grog_status st = grog_game_log_json(g, seat, &text, err);
    if (st != GROG_OK) {
        free(text);
        return st;
    }
    json_t *all = json_loads(text, 0, NULL);
    free(text);
    json_t *cut = json_array();
    size_t i;
    json_t *e;
    json_array_foreach (all, i, e) {
        if (json_integer_value(json_object_get(e, "seq")) > since)
            json_array_append(cut, e);
    }
    json_decref(all);
    *out = json_dumps(cut, JSON_INDENT(2));
    json_decref(cut);
    return *out != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}

/* The log since N: made by the builder from the reader, for this request
 * (reader.h), as the other per-seat documents, without the game lock. */
static enum MHD_Result api_log(call *k)
{
    long long since = since_of(k->c);
    if (since < 0)
        return reply_error(k->c, MHD_HTTP_BAD_REQUEST, "bad-request",
                           _("since: expected a whole number of 0 or more"), -1);
    size_t seat = (size_t)(k->who - k->t->seats);
    size_t doc = TABLE_DOCS * (TABLE_NLANGS * seat + (size_t)k->lang);
    reader_job job = {doc, reply_accepts_gzip(k->c), seat, NULL, json_mime, log_since, since,
                      NULL, NULL};
    return from_reader(k, &job);
}

/* Room for the measures of a request: "--measure" "FROM:TO=VALUE" each. */
typedef struct body_measures {
    char text[GROG_TAPE_MAX][2 * GROG_MEASURE_ID_MAX + 96];
} body_measures;

/* "measures": {"picton:pack": "28cm", ...} as --measure words (tape.h checks
 * them, naming what is wrong). 0 or an error message (static). */
static const char *body_measures_words(json_t *m, const char **argv, int *k, body_measures *bm)
{
    if (m == NULL)
        return NULL;
    if (!json_is_object(m) || json_object_size(m) > GROG_TAPE_MAX)
        return N_("\"measures\": expected an object of at most 32 measures taken at the "
                  "table, such as {\"picton:pack\": \"28cm\"}");
    const char *pair;
    json_t *v;
    int i = 0;
    json_object_foreach(m, pair, v) {
        if (!json_is_string(v) || strlen(pair) > 2 * GROG_MEASURE_ID_MAX ||
            json_string_length(v) > 64)
            return N_("\"measures\": each is \"FROM:TO\": \"VALUE\", such as "
                      "\"picton:pack\": \"28cm\", \"contact\" or \"no-contact\"");
        snprintf(bm->text[i], sizeof bm->text[i], "%s=%s", pair, json_string_value(v));
        argv[(*k)++] = "--measure";
        argv[(*k)++] = bm->text[i++];
    }
    return NULL;
}

/* The body's words (and roll and measures) as an argument vector, after
 * `first` if not NULL. 0 or an error message (static). */
static const char *body_words(json_t *body, const char *first, const char **argv, int *argc,
                              char *roll, size_t rollsize, body_measures *bm)
{
    const char *key;
    json_t *v;
    json_object_foreach (body, key, v) {
        if (strcmp(key, "words") != 0 && strcmp(key, "roll") != 0 &&
            strcmp(key, "measures") != 0)
            return N_("unknown key in the request: expected \"words\" and, optionally, "
                      "\"roll\" and \"measures\"");
    }
    json_t *words = json_object_get(body, "words");
    size_t n = json_array_size(words);
    if (!json_is_array(words) || n == 0 || n > MAX_WORDS)
        return N_("\"words\": expected an array of 1 to 64 words, such as [\"next\"]");
    int k = 0;
    if (first != NULL)
        argv[k++] = first;
    for (size_t i = 0; i < n; i++) {
        json_t *w = json_array_get(words, i);
        if (!json_is_string(w) || json_string_length(w) == 0 || json_string_length(w) > MAX_WORD)
            return N_("\"words\": each word is a string of 1 to 256 bytes");
        argv[k++] = json_string_value(w);
    }
    json_t *r = json_object_get(body, "roll");
    if (r != NULL) {
        /* Any whole number: the action refuses one outside its dice, naming them. */
        if (!json_is_integer(r))
            return N_("\"roll\": expected the dice rolled at the table, a whole number");
        snprintf(roll, rollsize, "%lld", (long long)json_integer_value(r));
        argv[k++] = "--roll";
        argv[k++] = roll;
    }
    const char *bad = body_measures_words(json_object_get(body, "measures"), argv, &k, bm);
    if (bad != NULL)
        return bad;
    *argc = k;
    return NULL;
}

static enum MHD_Result api_do(call *k, int preview)
{
    const char *argv[MAX_WORDS + 3 + 2 * GROG_TAPE_MAX];
    char roll[32];
    body_measures bm;
    int argc = 0;
    const char *bad = body_words(k->body, preview ? "explain" : NULL, argv, &argc, roll,
                                 sizeof roll, &bm);
    if (bad != NULL)
        return send_error(k, MHD_HTTP_BAD_REQUEST, "bad-request", _(bad), position(k));
    /* Issue 15: a phase ends when the referee ends it, or when every side has
     * said Done (api_done); one side's token does not end it for all. */
    if (!preview && k->seat.kind == GROG_SEAT_SIDE && strcmp(argv[0], "next") == 0)
        return send_error(k, MHD_HTTP_FORBIDDEN, "denied",
                           _("a side does not end the phase alone: say Done (POST /api/v1/done); "
                             "the phase ends when every side has, or when the referee ends it"),
                           position(k));
    grog_error err;
    char *out = NULL;
    size_t before = grog_game_action_count(k->t->g);
    grog_status st = grog_game_do_as(k->t->g, &k->seat, argc, argv, &out, &err);
    if (preview && st == GROG_OK) /* the plan's line under the odds (issue 27) */
        out = server_preview_plan(k->t->g, &k->seat, argc, argv, out);
    size_t after = grog_game_action_count(k->t->g);
    if (after != before) {
        table_changed(k->t);
        votes_follow(k->t);
    }
    enum MHD_Result ok = send_result(k, st, out, &err, json_mime);
    if (after != before)
        table_announce(k->t, after);
    return ok;
}

/* Undo is an action (game.h): it appends a record naming the action it
 * cancels. Body (optional): {"seq": N}, the action to undo; absent or 0: the
 * last action in effect. */
static enum MHD_Result api_undo(call *k)
{
    if (k->seat.kind != GROG_SEAT_REFEREE)
        return send_error(k, MHD_HTTP_FORBIDDEN, "denied",
                           _("only the referee may take an action back"), position(k));
    json_t *seq = k->body != NULL ? json_object_get(k->body, "seq") : NULL;
    if ((k->body != NULL && json_object_size(k->body) > (seq != NULL ? 1u : 0u)) ||
        (seq != NULL && (!json_is_integer(seq) || json_integer_value(seq) < 0)))
        return send_error(k, MHD_HTTP_BAD_REQUEST, "bad-request",
                           _("expected no body, or {\"seq\": N}: the action to take back"),
                           position(k));
    grog_error err;
    char *out = NULL;
    size_t before = grog_game_action_count(k->t->g);
    grog_status st = grog_game_undo_as(
        k->t->g, &k->seat, seq != NULL ? (long long)json_integer_value(seq) : 0, &out, &err);
    size_t after = grog_game_action_count(k->t->g);
    if (after != before) {
        table_changed(k->t);
        votes_follow(k->t);
    }
    enum MHD_Result ok = send_result(k, st, out, &err, json_mime);
    if (after != before)
        table_announce(k->t, after);
    return ok;
}

/* ---- Done (votes.c) ---- */

static enum MHD_Result send_votes(call *k, size_t advanced)
{
    char *doc = votes_document(k->t);
    json_t *j = doc != NULL ? json_loads(doc, 0, NULL) : NULL;
    free(doc);
    if (j == NULL)
        return send_error(k, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal", _("out of memory"),
                           position(k));
    json_object_set_new(j, "advanced",
                        advanced > 0 ? json_integer((json_int_t)advanced) : json_null());
    return send_json(k, MHD_HTTP_OK, j, position(k));
}

/* The body of POST done: {"done": true|false, "turn": T, "phase": "P"}.
 * NULL or an error message (static). */
static const char *done_body(json_t *body, int *done, int *turn, const char **phase)
{
    const char *key;
    json_t *v;
    json_object_foreach (body, key, v) {
        if (strcmp(key, "done") != 0 && strcmp(key, "turn") != 0 && strcmp(key, "phase") != 0)
            return N_("unknown key in the request: expected \"done\", \"turn\" and \"phase\"");
    }
    json_t *d = json_object_get(body, "done"), *t = json_object_get(body, "turn"),
           *p = json_object_get(body, "phase");
    if (!json_is_boolean(d) || !json_is_integer(t) || !json_is_string(p) ||
        json_integer_value(t) < 0 || json_integer_value(t) > 1000000)
        return N_("expected {\"done\": true or false, \"turn\": N, \"phase\": \"...\"}: "
                  "the phase this side is done (or not done) with");
    *done = json_is_true(d);
    *turn = (int)json_integer_value(t);
    *phase = json_string_value(p);
    return NULL;
}

/* Catches up with another writer's actions before a vote is weighed. */
static void catch_up(call *k)
{
    size_t before = grog_game_action_count(k->t->g), added = 0;
    if (grog_game_sync(k->t->g, &added, NULL) != GROG_OK)
        return;
    size_t after = grog_game_action_count(k->t->g);
    if (added == 0 && after == before)
        return;
    table_changed(k->t);
    votes_follow(k->t);
    table_announce(k->t, after);
}

static enum MHD_Result api_done(call *k)
{
    if (k->body == NULL)
        return send_votes(k, 0);
    if (k->seat.kind != GROG_SEAT_SIDE)
        return send_error(k, MHD_HTTP_FORBIDDEN, "denied",
                           k->seat.kind == GROG_SEAT_REFEREE
                               ? _("Done is a side's: the referee ends the phase with the action "
                                   "next")
                               : _("the spectators' link cannot say Done"),
                           position(k));
    int done = 0, turn = 0;
    const char *phase = NULL;
    const char *bad = done_body(k->body, &done, &turn, &phase);
    if (bad != NULL)
        return send_error(k, MHD_HTTP_BAD_REQUEST, "bad-request", _(bad), position(k));
    catch_up(k);
    size_t side = (size_t)(k->who - k->t->seats), advanced = 0;
    grog_error err;
    grog_status st = votes_cast(k->t, side, done, turn, phase, &advanced, &err);
    if (st != GROG_OK)
        return fail(k, st, &err);
    enum MHD_Result ok = send_votes(k, advanced);
    if (advanced > 0)
        table_announce(k->t, advanced);
    return ok;
}

/* methods: GET 1, POST 2; reader: a per-seat document (reader.h), answered
 * without the game lock */
typedef struct endpoint {
    const char *name;
    int methods;
    enum MHD_Result (*run)(call *k);
    int reader;
} endpoint;

static enum MHD_Result api_preview(call *k)
{
    return api_do(k, 1);
}

static enum MHD_Result api_act(call *k)
{
    return api_do(k, 0);
}

static const endpoint endpoints[] = {
    {"seat", 1, api_seat, 0},       {"game", 1, api_game, 1},
    {"log", 1, api_log, 1},         {"map.svg", 1, api_map, 1},
    {"actions", 1, api_actions, 1}, {"preview", 2, api_preview, 0},
    {"do", 2, api_act, 0},          {"undo", 2, api_undo, 0},
    {"done", 3, api_done, 0},       {"claims", 1, api_claims, 1},
};

static const endpoint *find_endpoint(const char *name)
{
    for (size_t i = 0; i < sizeof endpoints / sizeof endpoints[0]; i++)
        if (strcmp(endpoints[i].name, name) == 0)
            return &endpoints[i];
    return NULL;
}

int api_methods(const char *name)
{
    const endpoint *e = find_endpoint(name);
    return e != NULL ? e->methods : api_report_methods(name);
}

/* Runs an endpoint with the seat's game view: a per-seat document from the
 * reader, the others under the game lock. */
enum MHD_Result api_answer(table *t, struct MHD_Connection *c, const char *name, int post, int seat,
                           int lang, const char *body, size_t len, reader_wait *w)
{
    const endpoint *e = find_endpoint(name);
    if (e == NULL) /* report, report.html, end, verify, at, at.svg (api_report.c) */
        return api_report_answer(t, c, name, seat);
    call k = {t, c, &t->seats[seat], {GROG_SEAT_PUBLIC, NULL}, NULL, lang, 0, {0, NULL, NULL, 0},
              w};
    if (e->reader) /* GET only: the builder takes the seat on the reader's own game */
        return e->run(&k);
    if (post && len > 0) {
        json_error_t jerr;
        k.body = json_loadb(body, len, JSON_REJECT_DUPLICATES, &jerr);
        if (!json_is_object(k.body)) {
            char m[GROG_ERROR_MAX];
            if (k.body != NULL)
                grog_text_snprintf(m, sizeof m, "%s", _("the body must be a JSON object"));
            else
                grog_text_snprintf(m, sizeof m, _("malformed JSON at line %d, column %d: %s"),
                                   jerr.line, jerr.column, jerr.text);
            json_decref(k.body);
            return reply_error(c, MHD_HTTP_BAD_REQUEST, "bad-request", m, -1);
        }
    } else if (post && e->run == api_done) {
        return reply_error(c, MHD_HTTP_BAD_REQUEST, "bad-request",
                           _("expected a JSON body such as {\"done\": true, \"turn\": 1, "
                             "\"phase\": \"command\"}"),
                           -1);
    } else if (post && e->run != api_undo) {
        return reply_error(c, MHD_HTTP_BAD_REQUEST, "bad-request",
                           _("expected a JSON body such as {\"words\": [\"next\"]}"), -1);
    }
    const char *key = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Idempotency-Key");
    if (post && key != NULL && !idem_key_ok(key)) {
        json_decref(k.body);
        return reply_error(c, MHD_HTTP_BAD_REQUEST, "bad-request",
                           _("Idempotency-Key: expected 1 to 64 letters, digits or \"-_.:\""), -1);
    }
    k.keep = post && key != NULL && e->run != api_preview;
    pthread_mutex_lock(&t->game_lock);
    const idem_answer *again = k.keep ? idem_find(t->idem, seat, key) : NULL;
    if (again != NULL) { /* the same request again: the first answer, nothing applied */
        enum MHD_Result ok =
            reply_text(c, again->status, strdup(again->text), again->type, again->seq);
        pthread_mutex_unlock(&t->game_lock);
        json_decref(k.body);
        return ok;
    }
    grog_error err;
    grog_status st =
        grog_game_seat(t->g, k.who->side, strcmp(k.who->kind, "referee") == 0, &k.seat, &err);
    if (st != GROG_OK)
        table_scrub(t, &err);
    enum MHD_Result ok = st == GROG_OK ? e->run(&k) : reply_status(c, st, &err, -1);
    if (k.kept.text != NULL)
        idem_keep(t->idem, seat, key, &k.kept);
    free(k.kept.text);
    pthread_mutex_unlock(&t->game_lock);
    json_decref(k.body);
    return ok;
}
