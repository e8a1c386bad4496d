/* api.c — the answers of `grognard serve`: routing, the token check, request
 * bodies, the JSON API under /api/v1/, the page's files, error documents.
 * docs/api.md is the contract.
 *
 * Invariants: every document about the game is made by the game's or the
 * view's functions with the request's seat, under the game lock; error
 * messages are the library's (already filtered for the seat) or fixed texts;
 * a body is read only after the method, the path and the token passed, and
 * never beyond GROG_SERVER_MAX_BODY; every text of an answer is in the
 * request's language (Accept-Language), whose catalogue is the thread's for
 * the time of the call and no longer (server_on_request). */
#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "grognard/data.h"
#include "grognard/view.h"
#include "i18n.h"
#include "server_internal.h"

#define MAX_WORDS 64
#define MAX_WORD 256

#define CSP                                                                                      \
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' " \
    "data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; " \
    "frame-ancestors 'none'"

typedef struct request {
    int waiting;   /* a POST whose headers passed: its body is being read */
    int too_large; /* the body went over the limit: refused with 413 */
    int seat;      /* index of the token's seat */
    int lang;      /* the request's language: an index of s->langs */
    char *body;
    size_t len;
} request;

void server_request_free(void *p)
{
    request *r = p;
    if (r == NULL)
        return;
    free(r->body);
    free(r);
}

/* ---- answers ---- */

static enum MHD_Result reply(struct MHD_Connection *c, unsigned status, struct MHD_Response *r,
                             const char *type, int api, long seq)
{
    if (r == NULL)
        return MHD_NO;
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
    MHD_add_response_header(r, "Content-Security-Policy", CSP);
    MHD_add_response_header(r, "Cache-Control", api ? "no-store" : "no-cache");
    if (seq >= 0) {
        char n[32];
        snprintf(n, sizeof n, "%ld", seq);
        MHD_add_response_header(r, "X-Grognard-Seq", n);
    }
    if (status == MHD_HTTP_UNAUTHORIZED)
        MHD_add_response_header(r, "WWW-Authenticate", "Bearer");
    if (status == MHD_HTTP_SERVICE_UNAVAILABLE)
        MHD_add_response_header(r, "Retry-After", "1");
    if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
        MHD_add_response_header(r, "Allow", "GET, POST");
    enum MHD_Result ok = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return ok;
}

/* Sends a malloc'd text (taken over). */
static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status, char *text,
                                 const char *type, long seq)
{
    if (text == NULL)
        return MHD_NO;
    struct MHD_Response *r =
        MHD_create_response_from_buffer(strlen(text), text, MHD_RESPMEM_MUST_FREE);
    if (r == NULL)
        free(text);
    return reply(c, status, r, type, 1, seq);
}

static enum MHD_Result send_json(struct MHD_Connection *c, unsigned status, json_t *j, long seq)
{
    char *text = json_dumps(j, JSON_INDENT(2));
    json_decref(j);
    return send_text(c, status, text, "application/json; charset=utf-8", seq);
}

/* The first rule id in a message ("GDB-01", "AIG-O-11"), into out; 0 if none.
 * A rule id: 2 to 5 capitals, then "-" groups of capitals or digits, the last
 * all digits, standing as a word of its own. */
static int rule_in(const char *m, char *out, size_t size)
{
    for (const char *p = m; *p; p++) {
        if (p != m && (isalnum((unsigned char)p[-1]) || p[-1] == '-'))
            continue;
        const char *q = p;
        while (*q >= 'A' && *q <= 'Z')
            q++;
        if (q - p < 2 || q - p > 5 || *q != '-')
            continue;
        const char *last = NULL;
        while (*q == '-' && isalnum((unsigned char)q[1])) {
            last = ++q;
            while ((*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9'))
                q++;
        }
        int digits = last != NULL && q > last;
        for (const char *d = last; digits && d < q; d++)
            digits = isdigit((unsigned char)*d);
        if (!digits || isalnum((unsigned char)*q) || (size_t)(q - p) >= size)
            continue;
        memcpy(out, p, (size_t)(q - p));
        out[q - p] = '\0';
        return 1;
    }
    return 0;
}

static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status, const char *code,
                                  const char *message, long seq)
{
    char rule[32];
    json_t *j = json_pack("{s:{s:s,s:s,s:o}}", "error", "code", code, "message", message, "rule",
                          rule_in(message, rule, sizeof rule) ? json_string(rule) : json_null());
    return send_json(c, status, j, seq);
}

/* The HTTP status and code of a library status; the codes are the CLI's
 * (its --json error documents), so that a program handles both alike. */
static enum MHD_Result send_status(struct MHD_Connection *c, grog_status st,
                                   const grog_error *err, long seq)
{
    const char *m = err->message[0] ? err->message : grog_status_name(st);
    switch (st) {
    case GROG_EDENIED: return send_error(c, MHD_HTTP_FORBIDDEN, "denied", m, seq);
    case GROG_ERULE: return send_error(c, MHD_HTTP_CONFLICT, "refused", m, seq);
    case GROG_EBUSY: return send_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "busy", m, seq);
    case GROG_ENOTFOUND: return send_error(c, MHD_HTTP_BAD_REQUEST, "not-found", m, seq);
    case GROG_EFORMAT: return send_error(c, MHD_HTTP_BAD_REQUEST, "format", m, seq);
    case GROG_ERANGE: return send_error(c, MHD_HTTP_BAD_REQUEST, "range", m, seq);
    case GROG_EINVAL: return send_error(c, MHD_HTTP_BAD_REQUEST, "bad-input", m, seq);
    case GROG_EIO: return send_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "io", m, seq);
    default: return send_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal", m, seq);
    }
}

/* ---- the page ---- */

static const char placeholder[] =
    "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    "<title>grognard</title></head>\n<body><h1>grognard serve</h1>\n"
    "<p>This grognard was built without its table page. The game is served as JSON under "
    "<code>/api/v1/</code> (see docs/api.md).</p></body></html>\n";

static const char *content_type(const char *name)
{
    static const char *const types[][2] = {
        {".html", "text/html; charset=utf-8"},   {".css", "text/css; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"}, {".mjs", "text/javascript; charset=utf-8"},
        {".json", "application/json; charset=utf-8"}, {".svg", "image/svg+xml"},
        {".png", "image/png"},                    {".ico", "image/x-icon"},
        {".woff2", "font/woff2"},                 {".txt", "text/plain; charset=utf-8"},
        {".webmanifest", "application/manifest+json"},
    };
    const char *dot = strrchr(name, '.');
    for (size_t i = 0; dot != NULL && i < sizeof types / sizeof types[0]; i++)
        if (strcmp(dot, types[i][0]) == 0)
            return types[i][1];
    return "application/octet-stream";
}

/* A page path: letters, digits, "._-/", no "..", no empty part. */
static int page_path_ok(const char *p)
{
    if (*p == '\0' || *p == '/' || strlen(p) > 200 || strstr(p, "..") != NULL ||
        strstr(p, "//") != NULL)
        return 0;
    for (; *p; p++)
        if (!isalnum((unsigned char)*p) && strchr("._-/", *p) == NULL)
            return 0;
    return 1;
}

static enum MHD_Result send_page(struct MHD_Connection *c, const char *path)
{
    char name[256];
    size_t len = 0;
    if (!page_path_ok(path))
        return send_error(c, MHD_HTTP_NOT_FOUND, "not-found", _("no such page"), -1);
    snprintf(name, sizeof name, "web/%s", path);
    const char *data = grog_data_embedded(name, &len);
    if (data == NULL && strcmp(path, "index.html") == 0) {
        data = placeholder;
        len = sizeof placeholder - 1;
    }
    if (data == NULL)
        return send_error(c, MHD_HTTP_NOT_FOUND, "not-found", _("no such page"), -1);
    struct MHD_Response *r =
        MHD_create_response_from_buffer(len, (void *)data, MHD_RESPMEM_PERSISTENT);
    return reply(c, MHD_HTTP_OK, r, content_type(name), 0, -1);
}

/* ---- the API (each under the game lock) ---- */

typedef struct call {
    grog_server *s;
    struct MHD_Connection *c;
    const grog_server_seat *who;
    grog_seat seat;
    json_t *body; /* POST: the parsed body (an object), or NULL */
    int lang;     /* the request's language: an index of s->langs */
} call;

static long position(const call *k)
{
    return (long)grog_game_action_count(k->s->g);
}

/* Sends a library text, or the library's error. */
static enum MHD_Result send_result(const call *k, grog_status st, char *text,
                                   const grog_error *err, const char *type)
{
    if (st != GROG_OK) {
        free(text);
        return send_status(k->c, st, err, position(k));
    }
    return send_text(k->c, MHD_HTTP_OK, text, type, position(k));
}

static const char json_mime[] = "application/json; charset=utf-8";

static enum MHD_Result api_seat(call *k)
{
    const grog_battle *b = grog_game_battle(k->s->g);
    json_t *sides = json_array();
    for (size_t i = 0; i < grog_battle_nsides(b); i++)
        json_array_append_new(sides, json_string(grog_battle_side(b, i)->id));
    json_t *j = json_pack("{s:{s:s,s:o},s:I,s:s,s:o,s:b}", "seat", "kind", k->who->kind, "side",
                          k->who->side != NULL ? json_string(k->who->side) : json_null(), "seq",
                          (json_int_t)position(k), "family",
                          grog_family_name(grog_game_family(k->s->g)), "sides", sides,
                          "referee_only", k->s->referee_only);
    return send_json(k->c, MHD_HTTP_OK, j, position(k));
}

/* A document that only changes with the game (the seat's game view, map or
 * actions list): made once per seat and state, then answered from the cache. */
static enum MHD_Result api_cached(call *k, size_t which,
                                  grog_status (*make)(const grog_game *, const grog_seat *,
                                                      char **, grog_error *),
                                  const char *type)
{
    size_t seat = (size_t)(k->who - k->s->seats);
    char **slot = &k->s->cache[SERVER_DOCS * (SERVER_NLANGS * seat + (size_t)k->lang) + which];
    if (*slot == NULL) {
        grog_error err;
        grog_status st = make(k->s->g, &k->seat, slot, &err);
        if (st != GROG_OK) {
            free(*slot);
            *slot = NULL;
            return send_status(k->c, st, &err, position(k));
        }
    }
    return send_text(k->c, MHD_HTTP_OK, strdup(*slot), type, position(k));
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

static enum MHD_Result api_log(call *k)
{
    long long since = since_of(k->c);
    if (since < 0)
        return send_error(k->c, MHD_HTTP_BAD_REQUEST, "bad-request",
                          _("since: expected a whole number of 0 or more"), position(k));
    grog_error err;
    char *out = NULL;
    grog_status st = grog_game_log_json(k->s->g, &k->seat, &out, &err);
    if (st != GROG_OK)
        return send_result(k, st, out, &err, json_mime);
    json_t *all = json_loads(out, 0, NULL);
    free(out);
    json_t *cut = json_array();
    size_t i;
    json_t *e;
    json_array_foreach(all, i, e) {
        if (json_integer_value(json_object_get(e, "seq")) > since)
            json_array_append(cut, e);
    }
    json_decref(all);
    return send_json(k->c, MHD_HTTP_OK, cut, position(k));
}

/* The body's words (and roll) as an argument vector, after `first` if not
 * NULL. 0 or an error message (static). */
static const char *body_words(json_t *body, const char *first, const char **argv, int *argc,
                              char *roll, size_t rollsize)
{
    const char *key;
    json_t *v;
    json_object_foreach(body, key, v) {
        if (strcmp(key, "words") != 0 && strcmp(key, "roll") != 0)
            return N_("unknown key in the request: expected \"words\" and, optionally, \"roll\"");
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
    *argc = k;
    return NULL;
}

static enum MHD_Result api_do(call *k, int preview)
{
    const char *argv[MAX_WORDS + 3];
    char roll[32];
    int argc = 0;
    const char *bad = body_words(k->body, preview ? "explain" : NULL, argv, &argc, roll,
                                 sizeof roll);
    if (bad != NULL)
        return send_error(k->c, MHD_HTTP_BAD_REQUEST, "bad-request", _(bad), position(k));
    /* Issue 15: a phase ends when the referee ends it, or when every side has
     * said Done (api_done); one side's token does not end it for all. */
    if (!preview && k->seat.kind == GROG_SEAT_SIDE && strcmp(argv[0], "next") == 0)
        return send_error(k->c, MHD_HTTP_FORBIDDEN, "denied",
                          _("a side does not end the phase alone: say Done (POST /api/v1/done); "
                            "the phase ends when every side has, or when the referee ends it"),
                          position(k));
    grog_error err;
    char *out = NULL;
    size_t before = grog_game_action_count(k->s->g);
    grog_status st = grog_game_do_as(k->s->g, &k->seat, argc, argv, &out, &err);
    size_t after = grog_game_action_count(k->s->g);
    if (after != before) {
        server_changed(k->s);
        votes_follow(k->s);
    }
    enum MHD_Result ok = send_result(k, st, out, &err, json_mime);
    if (after != before)
        server_announce(k->s, after);
    return ok;
}

/* Undo is an action (game.h): it appends a record naming the action it
 * cancels. Body (optional): {"seq": N}, the action to undo; absent or 0: the
 * last action in effect. */
static enum MHD_Result api_undo(call *k)
{
    if (k->seat.kind != GROG_SEAT_REFEREE)
        return send_error(k->c, MHD_HTTP_FORBIDDEN, "denied",
                          _("only the referee may take an action back"), position(k));
    json_t *seq = k->body != NULL ? json_object_get(k->body, "seq") : NULL;
    if ((k->body != NULL && json_object_size(k->body) > (seq != NULL ? 1u : 0u)) ||
        (seq != NULL && (!json_is_integer(seq) || json_integer_value(seq) < 0)))
        return send_error(k->c, MHD_HTTP_BAD_REQUEST, "bad-request",
                          _("expected no body, or {\"seq\": N}: the action to take back"),
                          position(k));
    grog_error err;
    char *out = NULL;
    size_t before = grog_game_action_count(k->s->g);
    grog_status st = grog_game_undo_as(k->s->g, &k->seat,
                                       seq != NULL ? (long long)json_integer_value(seq) : 0, &out,
                                       &err);
    size_t after = grog_game_action_count(k->s->g);
    if (after != before) {
        server_changed(k->s);
        votes_follow(k->s);
    }
    enum MHD_Result ok = send_result(k, st, out, &err, json_mime);
    if (after != before)
        server_announce(k->s, after);
    return ok;
}

/* ---- Done (votes.c) ---- */

static enum MHD_Result send_votes(call *k, size_t advanced)
{
    char *doc = votes_document(k->s);
    json_t *j = doc != NULL ? json_loads(doc, 0, NULL) : NULL;
    free(doc);
    if (j == NULL)
        return send_error(k->c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal", _("out of memory"),
                          position(k));
    json_object_set_new(j, "advanced", advanced > 0 ? json_integer((json_int_t)advanced)
                                                    : json_null());
    return send_json(k->c, MHD_HTTP_OK, j, position(k));
}

/* The body of POST done: {"done": true|false, "turn": T, "phase": "P"}.
 * NULL or an error message (static). */
static const char *done_body(json_t *body, int *done, int *turn, const char **phase)
{
    const char *key;
    json_t *v;
    json_object_foreach(body, key, v) {
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
    size_t before = grog_game_action_count(k->s->g), added = 0;
    if (grog_game_sync(k->s->g, &added, NULL) != GROG_OK)
        return;
    size_t after = grog_game_action_count(k->s->g);
    if (added == 0 && after == before)
        return;
    server_changed(k->s);
    votes_follow(k->s);
    server_announce(k->s, after);
}

static enum MHD_Result api_done(call *k)
{
    if (k->body == NULL)
        return send_votes(k, 0);
    if (k->seat.kind != GROG_SEAT_SIDE)
        return send_error(k->c, MHD_HTTP_FORBIDDEN, "denied",
                          k->seat.kind == GROG_SEAT_REFEREE
                              ? _("Done is a side's: the referee ends the phase with the action "
                                  "next")
                              : _("the spectators' link cannot say Done"),
                          position(k));
    int done = 0, turn = 0;
    const char *phase = NULL;
    const char *bad = done_body(k->body, &done, &turn, &phase);
    if (bad != NULL)
        return send_error(k->c, MHD_HTTP_BAD_REQUEST, "bad-request", _(bad), position(k));
    catch_up(k);
    size_t side = (size_t)(k->who - k->s->seats), advanced = 0;
    grog_error err;
    grog_status st = votes_cast(k->s, side, done, turn, phase, &advanced, &err);
    if (st != GROG_OK)
        return send_status(k->c, st, &err, position(k));
    enum MHD_Result ok = send_votes(k, advanced);
    if (advanced > 0)
        server_announce(k->s, advanced);
    return ok;
}

/* methods: GET 1, POST 2 */
typedef struct endpoint {
    const char *name;
    int methods;
    enum MHD_Result (*run)(call *k);
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
    {"seat", 1, api_seat},       {"game", 1, api_game},        {"log", 1, api_log},
    {"map.svg", 1, api_map},     {"actions", 1, api_actions},  {"preview", 2, api_preview},
    {"do", 2, api_act},          {"undo", 2, api_undo},        {"done", 3, api_done},
    {"events", 1, NULL},
};

static const endpoint *find_endpoint(const char *name)
{
    for (size_t i = 0; i < sizeof endpoints / sizeof endpoints[0]; i++)
        if (strcmp(endpoints[i].name, name) == 0)
            return &endpoints[i];
    return NULL;
}

/* The token of an "Authorization: Bearer TOKEN" header, or NULL. */
static const char *bearer(struct MHD_Connection *c)
{
    const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION);
    if (h == NULL || strncasecmp(h, "Bearer ", 7) != 0)
        return NULL;
    h += 7;
    while (*h == ' ')
        h++;
    return h;
}

static enum MHD_Result open_events(grog_server *s, struct MHD_Connection *c, const request *rq)
{
    struct MHD_Response *r = server_stream_open(s, strcmp(s->seats[rq->seat].kind, "referee") == 0);
    if (r == NULL)
        return send_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "busy",
                          _("too many event streams open; try again later"), -1);
    MHD_add_response_header(r, "X-Accel-Buffering", "no");
    return reply(c, MHD_HTTP_OK, r, "text/event-stream; charset=utf-8", 1, -1);
}

/* Runs an endpoint with the seat's game view, under the game lock. */
static enum MHD_Result run_api(grog_server *s, struct MHD_Connection *c, const endpoint *e,
                               int post, request *r)
{
    call k = {s, c, &s->seats[r->seat], {GROG_SEAT_PUBLIC, NULL}, NULL, r->lang};
    if (post && r->len > 0) {
        json_error_t jerr;
        k.body = json_loadb(r->body, r->len, JSON_REJECT_DUPLICATES, &jerr);
        if (!json_is_object(k.body)) {
            char m[GROG_ERROR_MAX];
            if (k.body != NULL)
                snprintf(m, sizeof m, "%s", _("the body must be a JSON object"));
            else
                snprintf(m, sizeof m, _("malformed JSON at line %d, column %d: %s"), jerr.line,
                         jerr.column, jerr.text);
            json_decref(k.body);
            return send_error(c, MHD_HTTP_BAD_REQUEST, "bad-request", m, -1);
        }
    } else if (post && e->run == api_done) {
        return send_error(c, MHD_HTTP_BAD_REQUEST, "bad-request",
                          _("expected a JSON body such as {\"done\": true, \"turn\": 1, "
                            "\"phase\": \"command\"}"),
                          -1);
    } else if (post && e->run != api_undo) {
        return send_error(c, MHD_HTTP_BAD_REQUEST, "bad-request",
                          _("expected a JSON body such as {\"words\": [\"next\"]}"), -1);
    }
    pthread_mutex_lock(&s->game_lock);
    grog_error err;
    grog_status st = grog_game_seat(s->g, k.who->side, strcmp(k.who->kind, "referee") == 0,
                                    &k.seat, &err);
    enum MHD_Result ok = st == GROG_OK ? e->run(&k) : send_status(c, st, &err, -1);
    pthread_mutex_unlock(&s->game_lock);
    json_decref(k.body);
    return ok;
}

/* The first call of a request: its headers. Refuses at once what the
 * headers condemn (a path, a method, the token, a declared body too large:
 * an unread body then closes the connection); otherwise returns MHD_YES and
 * the request is answered once its body, if any, is in. */
static enum MHD_Result on_headers(grog_server *s, struct MHD_Connection *c, const char *url,
                                  int post, request *r)
{
    if (!post && (strcmp(url, "/") == 0 || strncmp(url, "/static/", 8) == 0)) {
        r->waiting = 1;
        return MHD_YES;
    }
    const endpoint *e = strncmp(url, "/api/v1/", 8) == 0 ? find_endpoint(url + 8) : NULL;
    if (e == NULL)
        return send_error(c, MHD_HTTP_NOT_FOUND, "not-found", _("no such path; see docs/api.md"),
                          -1);
    if (!(e->methods & (post ? 2 : 1)))
        return send_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "method-not-allowed",
                          e->methods == 2 ? _("this endpoint takes POST")
                                          : _("this endpoint takes GET"),
                          -1);
    r->seat = server_seat_of(s, bearer(c));
    if (r->seat < 0)
        return send_error(c, MHD_HTTP_UNAUTHORIZED, "unauthorized",
                          _("no valid token: open the link the server printed for your seat"),
                          -1);
    const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
    if (post && cl != NULL && strtoull(cl, NULL, 10) > GROG_SERVER_MAX_BODY)
        return send_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "too-large",
                          _("the request body is over 64 KiB"), -1);
    r->waiting = 1;
    return MHD_YES;
}

/* The last call of a request that passed its headers: the answer. */
static enum MHD_Result answer(grog_server *s, struct MHD_Connection *c, const char *url,
                              int post, request *r)
{
    if (strcmp(url, "/") == 0)
        return send_page(c, "index.html");
    if (strncmp(url, "/static/", 8) == 0)
        return send_page(c, url + 8);
    if (r->too_large)
        return send_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "too-large",
                          _("the request body is over 64 KiB"), -1);
    const endpoint *e = find_endpoint(url + 8);
    if (e->run == NULL)
        return open_events(s, c, r);
    return run_api(s, c, e, post, r);
}

static int take_body(request *r, const char *data, size_t n)
{
    if (r->too_large || r->len + n > GROG_SERVER_MAX_BODY) {
        r->too_large = 1;
        return 0;
    }
    char *b = realloc(r->body, r->len + n + 1);
    if (b == NULL)
        return -1;
    memcpy(b + r->len, data, n);
    r->len += n;
    b[r->len] = '\0';
    r->body = b;
    return 0;
}

/* ---- the request's language ---- */

/* The weight of an Accept-Language entry's parameters (";q=0.5"), in
 * thousandths: 1000 when there is no q, 0 when it is malformed. */
static int q_of(const char *p, const char *end)
{
    while (p < end && (*p == ';' || *p == ' ' || *p == '\t'))
        p++;
    if (end - p < 2 || (p[0] != 'q' && p[0] != 'Q') || p[1] != '=')
        return 1000;
    p += 2;
    if (p >= end || (*p != '0' && *p != '1'))
        return 0;
    int q = (*p++ - '0') * 1000;
    if (p < end && *p == '.')
        for (int scale = 100, i = 0; ++p < end && i < 3 && *p >= '0' && *p <= '9'; i++, scale /= 10)
            q += (*p - '0') * scale;
    return q > 1000 ? 0 : q;
}

/* The language of a request: of its Accept-Language entries ("fr-FR,
 * ru;q=0.8, *;q=0.1"), the one of en, fr and ru with the highest q above 0,
 * the first of equals; 0 (the server's own) for none, or for one whose
 * catalogue the server has not. */
static int request_lang(const grog_server *s, struct MHD_Connection *c)
{
    static const char *const names[] = {"en", "fr", "ru"};
    const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Accept-Language");
    int best = 0, best_q = 0;
    while (h != NULL && *h != '\0') {
        h += strspn(h, " \t,");
        size_t len = strcspn(h, ",");
        size_t tag = strcspn(h, ";,-_ \t");
        int q = q_of(h + tag, h + len);
        for (int i = 0; i < 3; i++)
            if (tag == 2 && strncasecmp(h, names[i], 2) == 0 && q > best_q) {
                best = i + 1;
                best_q = q;
            }
        h += len;
    }
    return s->langs[best] != NULL ? best : 0;
}

static enum MHD_Result on_request(grog_server *s, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *upload, size_t *upload_size,
                                  void **con_cls, int lang)
{
    request *r = *con_cls;
    int post = strcmp(method, MHD_HTTP_METHOD_POST) == 0;
    if (r == NULL) {
        if ((r = calloc(1, sizeof *r)) == NULL)
            return MHD_NO;
        *con_cls = r;
        r->lang = lang;
        if (!post && strcmp(method, MHD_HTTP_METHOD_GET) != 0)
            return send_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "method-not-allowed",
                              _("only GET and POST are answered"), -1);
        return on_headers(s, c, url, post, r);
    }
    if (*upload_size > 0) {
        /* a refused request's body, or a GET's, is dropped unread */
        if (r->waiting && post && take_body(r, upload, *upload_size) != 0)
            return MHD_NO;
        *upload_size = 0;
        return MHD_YES;
    }
    if (!r->waiting)
        return MHD_YES;
    r->waiting = 0;
    return answer(s, c, url, post, r);
}

enum MHD_Result server_on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version, const char *upload,
                                  size_t *upload_size, void **con_cls)
{
    (void)version;
    grog_server *s = cls;
    int lang = request_lang(s, c);
    const grog_catalog *before = grog_i18n_use(s->langs[lang]);
    enum MHD_Result ok = on_request(s, c, url, method, upload, upload_size, con_cls, lang);
    grog_i18n_use(before);
    return ok;
}
