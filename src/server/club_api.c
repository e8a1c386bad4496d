/* club_api.c — the organiser's requests to `grognard serve DIR`: the page's
 * files, and under /api/v1/ the games (GET, POST), the bundled scenarios, a
 * scenario or roster checked for the editor, a battle to edit, and QR codes
 * of the seats' links. docs/api.md ("The organiser") is the contract.
 *
 * Invariants: every request names this server in Host, and a POST comes
 * from no other site's page (guard.h), or is refused with 403 before
 * anything else; every /api/v1/ request carries the host token (compared in
 * constant time), or is refused with 401 before its body is read; a body is
 * never read beyond GROG_CLUB_MAX_BODY; a game's state is read under that
 * game's own locks (club_info.c); what a game's battle shows is its public
 * view (no hidden orders), as `grognard export` writes it; every text of
 * an answer is in the request's language (Accept-Language, lang.h), as a
 * game's server answers. */
#include <ctype.h>
#include <jansson.h>
#include <qrencode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "body.h"
#include "club_internal.h"
#include "grognard/data.h"
#include "grognard/game.h"
#include "grognard/roster.h"
#include "grognard/scenario.h"
#include "grognard/view.h"
#include "guard.h"
#include "i18n.h"

#define CSP                                                                                      \
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' " \
    "data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; " \
    "frame-ancestors 'none'"

typedef struct creq {
    int waiting;
    req_body body;
} creq;

void club_request_done(void *cls, struct MHD_Connection *c, void **con_cls,
                       enum MHD_RequestTerminationCode toe)
{
    (void)cls;
    (void)c;
    (void)toe;
    creq *r = *con_cls;
    if (r != NULL)
        body_free(&r->body);
    free(r);
    *con_cls = NULL;
}

static enum MHD_Result reply(struct MHD_Connection *c, unsigned status, struct MHD_Response *r,
                             const char *type)
{
    if (r == NULL)
        return MHD_NO;
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
    MHD_add_response_header(r, "Content-Security-Policy", CSP);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    if (status == MHD_HTTP_UNAUTHORIZED)
        MHD_add_response_header(r, "WWW-Authenticate", "Bearer");
    enum MHD_Result ok = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return ok;
}

static enum MHD_Result send_owned(struct MHD_Connection *c, unsigned status, char *text,
                                  const char *type)
{
    if (text == NULL)
        return MHD_NO;
    struct MHD_Response *r =
        MHD_create_response_from_buffer(strlen(text), text, MHD_RESPMEM_MUST_FREE);
    if (r == NULL)
        free(text);
    return reply(c, status, r, type);
}

static enum MHD_Result send_json(struct MHD_Connection *c, unsigned status, json_t *j)
{
    char *text = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(j);
    return send_owned(c, status, text, "application/json; charset=utf-8");
}

static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status, const char *code,
                                  const char *message)
{
    return send_json(c, status,
                     json_pack("{s:{s:s,s:s}}", "error", "code", code, "message", message));
}

static enum MHD_Result send_status(struct MHD_Connection *c, grog_status st,
                                   const grog_error *err)
{
    unsigned http = st == GROG_ENOTFOUND ? MHD_HTTP_NOT_FOUND
                    : st == GROG_EBUSY   ? MHD_HTTP_CONFLICT
                    : st == GROG_ENOMEM || st == GROG_EIO ? MHD_HTTP_INTERNAL_SERVER_ERROR
                                                          : MHD_HTTP_UNPROCESSABLE_CONTENT;
    const char *code = st == GROG_ENOTFOUND ? "not-found" : st == GROG_EBUSY ? "conflict"
                       : http == MHD_HTTP_INTERNAL_SERVER_ERROR              ? "internal"
                                                                             : "bad-input";
    return send_error(c, http, code, err->message);
}

/* ---- the page ---- */

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

static const char *content_type(const char *name)
{
    const char *dot = strrchr(name, '.');
    if (dot == NULL)
        return "application/octet-stream";
    if (strcmp(dot, ".html") == 0)
        return "text/html; charset=utf-8";
    if (strcmp(dot, ".css") == 0)
        return "text/css; charset=utf-8";
    if (strcmp(dot, ".js") == 0 || strcmp(dot, ".mjs") == 0)
        return "text/javascript; charset=utf-8";
    if (strcmp(dot, ".svg") == 0)
        return "image/svg+xml";
    return strcmp(dot, ".json") == 0 ? "application/json; charset=utf-8"
                                     : "application/octet-stream";
}

static enum MHD_Result send_page(struct MHD_Connection *c, const char *path)
{
    char name[256];
    size_t len = 0;
    if (!page_path_ok(path))
        return send_error(c, MHD_HTTP_NOT_FOUND, "not-found", _("no such page"));
    snprintf(name, sizeof name, "web/%s", path);
    const char *data = grog_data_embedded(name, &len);
    if (data == NULL)
        return send_error(c, MHD_HTTP_NOT_FOUND, "not-found", _("no such page"));
    struct MHD_Response *r =
        MHD_create_response_from_buffer(len, (void *)data, MHD_RESPMEM_PERSISTENT);
    return reply(c, MHD_HTTP_OK, r, content_type(name));
}

/* ---- the games ---- */

static json_t *game_json(grog_club *club, const grog_club_game *g)
{
    json_t *j = club_game_state(g->server);
    if (j == NULL)
        return NULL;
    unsigned port = grog_server_port(g->server);
    json_object_set_new(j, "name", json_string(g->name));
    json_object_set_new(j, "port", json_integer(port));
    json_t *seats = json_array(), *per_seat = json_object_get(j, "seat_pages");
    for (size_t i = 0; grog_server_seat_at(g->server, i) != NULL; i++) {
        const grog_server_seat *st = grog_server_seat_at(g->server, i);
        char url[512];
        snprintf(url, sizeof url, "http://%s:%u/#t=%s", club->link_host, port, st->token);
        json_array_append_new(seats, json_pack("{s:s,s:o,s:s,s:s,s:I}", "kind", st->kind, "side",
                                               st->side ? json_string(st->side) : json_null(),
                                               "token", st->token, "url", url, "pages",
                                               json_integer_value(json_array_get(per_seat, i))));
    }
    json_object_del(j, "seat_pages");
    json_object_set_new(j, "seats", seats);
    return j;
}

static enum MHD_Result api_games(grog_club *club, struct MHD_Connection *c)
{
    json_t *arr = json_array();
    size_t n = club_count(club);
    for (size_t i = 0; i < n; i++) {
        json_t *g = game_json(club, &club->games[i]);
        if (g != NULL)
            json_array_append_new(arr, g);
    }
    return send_json(c, MHD_HTTP_OK, json_pack("{s:o}", "games", arr));
}

static json_t *problems_json(const grog_problems *pr)
{
    json_t *arr = json_array();
    for (size_t i = 0; i < grog_problems_count(pr); i++) {
        const grog_problem *p = grog_problems_get(pr, i);
        json_array_append_new(arr, json_pack("{s:i,s:i,s:s,s:s,s:s}", "line", p->line, "column",
                                             p->column, "path", p->path, "message", p->message,
                                             "text", p->text));
    }
    return arr;
}

static const char *str_of(json_t *body, const char *key)
{
    json_t *v = json_object_get(body, key);
    return json_is_string(v) ? json_string_value(v) : NULL;
}

/* A message without the folder's path (a file in it is named by its own
 * name, as a game's server names its game file): a page has no business
 * knowing the organiser's folders. */
static void scrub_folder(const grog_club *club, grog_error *err)
{
    size_t n = strlen(club->dir);
    char *at;
    while (n > 0 && (at = strstr(err->message, club->dir)) != NULL && at[n] == '/')
        memmove(at, at + n + 1, strlen(at + n + 1) + 1);
}

static enum MHD_Result api_new_game(grog_club *club, struct MHD_Connection *c, json_t *body)
{
    club_new_game n = {str_of(body, "name"), str_of(body, "family"), str_of(body, "scenario"),
                       str_of(body, "scenario_json"), str_of(body, "roster_csv"), -1};
    json_t *seed = json_object_get(body, "seed");
    if (json_is_integer(seed) && json_integer_value(seed) >= 0)
        n.seed = json_integer_value(seed);
    else if (seed != NULL && !json_is_null(seed))
        return send_error(c, MHD_HTTP_BAD_REQUEST, "bad-request",
                          _("seed: a whole number of 0 or more, or null for a random one"));
    if ((n.scenario != NULL) + (n.scenario_json != NULL) + (n.roster_csv != NULL) > 1)
        return send_error(c, MHD_HTTP_BAD_REQUEST, "bad-request",
                          _("give one of scenario, scenario_json and roster_csv"));
    grog_problems *pr = grog_problems_create();
    grog_error err;
    size_t index = 0;
    grog_status st = pr != NULL ? club_create_game(club, &n, &index, pr, &err)
                                : grog_error_set(&err, GROG_ENOMEM, "%s", _("out of memory"));
    if (st != GROG_OK)
        scrub_folder(club, &err);
    if (st == GROG_EFORMAT) {
        json_t *j = json_pack("{s:{s:s,s:s},s:o}", "error", "code", "format", "message",
                              err.message, "problems", problems_json(pr));
        grog_problems_destroy(pr);
        return send_json(c, MHD_HTTP_UNPROCESSABLE_CONTENT, j);
    }
    grog_problems_destroy(pr);
    if (st != GROG_OK)
        return send_status(c, st, &err);
    json_t *g = game_json(club, &club->games[index]);
    return g != NULL ? send_json(c, MHD_HTTP_CREATED, g) : MHD_NO;
}

static enum MHD_Result api_scenarios(struct MHD_Connection *c)
{
    json_t *arr = json_array();
    for (size_t i = 0; i < grog_scenario_embedded_count(); i++) {
        const char *full = grog_scenario_embedded_name(i);
        grog_battle *b = NULL;
        grog_error err;
        if (grog_scenario_load_embedded(full, &b, &err) != GROG_OK)
            continue;
        const char *slash = strrchr(full, '/');
        char name[128];
        snprintf(name, sizeof name, "%s", slash != NULL ? slash + 1 : full);
        char *dot = strrchr(name, '.');
        if (dot != NULL)
            *dot = '\0';
        const grog_meta *m = grog_battle_meta(b);
        json_array_append_new(arr, json_pack("{s:s,s:s,s:s,s:I,s:I}", "name", name, "title",
                                             m->name, "date", m->date, "officers",
                                             (json_int_t)grog_battle_nofficers(b), "units",
                                             (json_int_t)grog_battle_nunits(b)));
        grog_battle_destroy(b);
    }
    return send_json(c, MHD_HTTP_OK, json_pack("{s:o}", "scenarios", arr));
}

/* {ok, problems, scenario}: the scenario (a text, or a roster's) checked as
 * validate and import check it, and as saved when it is sound. */
static enum MHD_Result api_validate(struct MHD_Connection *c, json_t *body)
{
    const char *sj = str_of(body, "scenario_json"), *csv = str_of(body, "roster_csv");
    if ((sj == NULL) == (csv == NULL))
        return send_error(c, MHD_HTTP_BAD_REQUEST, "bad-request",
                          _("give one of scenario_json and roster_csv"));
    grog_problems *pr = grog_problems_create();
    grog_battle *b = NULL;
    grog_error err;
    grog_status st = pr == NULL ? GROG_ENOMEM
                     : csv != NULL
                         ? grog_roster_read(csv, strlen(csv), "roster.csv", NULL, &b, pr, &err)
                         : grog_scenario_read_text(sj, "scenario.json", &b, pr, &err);
    if (st != GROG_OK && st != GROG_EFORMAT) {
        grog_problems_destroy(pr);
        return send_status(c, st, &err);
    }
    json_t *j = json_pack("{s:b,s:o}", "ok", st == GROG_OK, "problems", problems_json(pr));
    char *saved = NULL;
    if (b != NULL && grog_scenario_save_text(b, &saved, &err) == GROG_OK)
        json_object_set_new(j, "scenario", json_loads(saved, 0, NULL));
    free(saved);
    grog_battle_destroy(b);
    grog_problems_destroy(pr);
    return send_json(c, MHD_HTTP_OK, j);
}

/* A bundled scenario's battle, or a served game's as it stands (public). */
static enum MHD_Result api_battle(grog_club *club, struct MHD_Connection *c)
{
    const char *sc = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "scenario");
    const char *game = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "game");
    grog_battle *b = NULL;
    grog_error err;
    grog_status st = GROG_ENOTFOUND;
    if (sc != NULL) {
        st = grog_scenario_load_embedded(sc, &b, &err);
    } else if (game != NULL) {
        size_t n = club_count(club);
        err.message[0] = '\0';
        for (size_t i = 0; i < n && b == NULL; i++)
            if (strcmp(club->games[i].name, game) == 0)
                st = club_game_battle(club->games[i].server, &b, &err);
        if (b == NULL && err.message[0] == '\0')
            grog_error_set(&err, GROG_ENOTFOUND, _("no game \"%s\" in the folder"), game);
    } else {
        return send_error(c, MHD_HTTP_BAD_REQUEST, "bad-request",
                          _("give ?scenario=NAME or ?game=FILE"));
    }
    if (st != GROG_OK || b == NULL)
        return send_status(c, st != GROG_OK ? st : GROG_ENOTFOUND, &err);
    char *saved = NULL;
    st = grog_scenario_save_text(b, &saved, &err);
    grog_battle_destroy(b);
    if (st != GROG_OK)
        return send_status(c, st, &err);
    json_t *j = json_pack("{s:o}", "scenario", json_loads(saved, 0, NULL));
    free(saved);
    return send_json(c, MHD_HTTP_OK, j);
}

/* A QR code of text as SVG (dark modules on white, a quiet zone of 4). */
static enum MHD_Result api_qr(struct MHD_Connection *c)
{
    const char *text = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "text");
    if (text == NULL || strlen(text) > 1000)
        return send_error(c, MHD_HTTP_BAD_REQUEST, "bad-request",
                          _("give ?text= a link of at most 1000 bytes"));
    QRcode *q = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (q == NULL)
        return MHD_NO;
    int w = q->width, n = w + 8;
    size_t cap = (size_t)w * (size_t)w * 40 + 512, len = 0;
    char *svg = malloc(cap);
    if (svg == NULL) {
        QRcode_free(q);
        return MHD_NO;
    }
    len += (size_t)snprintf(svg + len, cap - len,
                            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" "
                            "shape-rendering=\"crispEdges\"><rect width=\"%d\" height=\"%d\" "
                            "fill=\"#fff\"/><path fill=\"#000\" d=\"",
                            n, n, n, n);
    for (int y = 0; y < w; y++)
        for (int x = 0; x < w; x++)
            if (q->data[y * w + x] & 1)
                len += (size_t)snprintf(svg + len, cap - len, "M%d %dh1v1h-1z", x + 4, y + 4);
    snprintf(svg + len, cap - len, "\"/></svg>\n");
    QRcode_free(q);
    return send_owned(c, MHD_HTTP_OK, svg, "image/svg+xml");
}

/* ---- routing ---- */

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

/* 1: GET only, 2: POST only, 3: GET and POST. */
static int methods_of(const char *name)
{
    static const struct {
        const char *name;
        int methods;
    } routes[] = {{"games", 3}, {"scenarios", 1}, {"validate", 2}, {"battle", 1}, {"qr", 1}};
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++)
        if (strcmp(routes[i].name, name) == 0)
            return routes[i].methods;
    return 0;
}

static enum MHD_Result on_headers(grog_club *club, struct MHD_Connection *c, const char *url,
                                  int post, creq *r)
{
    if (!post && (strcmp(url, "/") == 0 || strncmp(url, "/static/", 8) == 0)) {
        r->waiting = 1;
        return MHD_YES;
    }
    int m = strncmp(url, "/api/v1/", 8) == 0 ? methods_of(url + 8) : 0;
    if (m == 0)
        return send_error(c, MHD_HTTP_NOT_FOUND, "not-found", _("no such path; see docs/api.md"));
    if (!(m & (post ? 2 : 1)))
        return send_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "method-not-allowed",
                          post ? _("this endpoint takes GET") : _("this endpoint takes POST"));
    if (tokens_match(bearer(c), 1, (const token_text *)&club->host_token) != 0)
        return send_error(c, MHD_HTTP_UNAUTHORIZED, "unauthorized",
                          _("no valid host token: open the organiser's link that grognard "
                            "serve DIR printed"));
    const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
    if (post && cl != NULL && strtoull(cl, NULL, 10) > GROG_CLUB_MAX_BODY)
        return send_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "too-large",
                          _("the request body is over 4 MiB"));
    r->waiting = 1;
    return MHD_YES;
}

static enum MHD_Result answer(grog_club *club, struct MHD_Connection *c, const char *url,
                              int post, creq *r)
{
    if (strcmp(url, "/") == 0)
        return send_page(c, "organiser.html");
    if (strncmp(url, "/static/", 8) == 0)
        return send_page(c, url + 8);
    if (r->body.too_large)
        return send_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "too-large",
                          _("the request body is over 4 MiB"));
    const char *name = url + 8;
    if (!post && strcmp(name, "games") == 0)
        return api_games(club, c);
    if (strcmp(name, "scenarios") == 0)
        return api_scenarios(c);
    if (strcmp(name, "battle") == 0)
        return api_battle(club, c);
    if (strcmp(name, "qr") == 0)
        return api_qr(c);
    json_error_t jerr;
    json_t *body = r->body.len > 0
                       ? json_loadb(r->body.text, r->body.len, JSON_REJECT_DUPLICATES, &jerr)
                       : NULL;
    if (!json_is_object(body)) {
        json_decref(body);
        return send_error(c, MHD_HTTP_BAD_REQUEST, "bad-request",
                          _("the body must be a JSON object"));
    }
    enum MHD_Result ok = strcmp(name, "validate") == 0 ? api_validate(c, body)
                                                        : api_new_game(club, c, body);
    json_decref(body);
    return ok;
}

static enum MHD_Result on_request(grog_club *club, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *upload, size_t *upload_size,
                                  void **con_cls)
{
    creq *r = *con_cls;
    int post = strcmp(method, MHD_HTTP_METHOD_POST) == 0;
    if (r == NULL) {
        if ((r = calloc(1, sizeof *r)) == NULL)
            return MHD_NO;
        *con_cls = r;
        if (!post && strcmp(method, MHD_HTTP_METHOD_GET) != 0)
            return send_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "method-not-allowed",
                              _("only GET and POST are answered"));
        const char *refused = guard_request(c, club->port, (const char *const *)club->names,
                                            club->nnames, post);
        if (refused != NULL)
            return send_error(c, MHD_HTTP_FORBIDDEN, "forbidden", refused);
        return on_headers(club, c, url, post, r);
    }
    int now = body_step(&r->body, &r->waiting, post, upload, upload_size, GROG_CLUB_MAX_BODY);
    if (now <= 0)
        return now < 0 ? MHD_NO : MHD_YES;
    return answer(club, c, url, post, r);
}

enum MHD_Result club_on_request(void *cls, struct MHD_Connection *c, const char *url,
                                const char *method, const char *version, const char *upload,
                                size_t *upload_size, void **con_cls)
{
    (void)version;
    grog_club *club = cls;
    const grog_catalog *before = grog_i18n_use(club->langs[lang_of_request(club->langs, c)]);
    enum MHD_Result ok = on_request(club, c, url, method, upload, upload_size, con_cls);
    grog_i18n_use(before);
    return ok;
}
