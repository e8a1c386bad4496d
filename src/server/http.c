/* http.c — the requests of the table's server: routing, the token check,
 * request bodies, the request's language, the page's files. See http.h;
 * docs/api.md is the contract.
 *
 * Invariants: a body is read only after the method, the path and the token
 * passed, and never beyond GROG_SERVER_MAX_BODY; every text of an answer is
 * in the request's language (Accept-Language), whose catalogue is the
 * thread's for the time of the call and no longer (http_on_request). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api.h"
#include "body.h"
#include "grognard/data.h"
#include "guard.h"
#include "http.h"
#include "i18n.h"
#include "lang.h"
#include "reply.h"
#include "stream.h"

typedef struct request {
    int waiting;   /* a POST whose headers passed: its body is being read */
    int seat;      /* index of the token's seat */
    int lang;      /* the request's language: an index of s->langs */
    req_body body; /* over the limit: refused with 413 */
    reader_wait wait; /* parked for a per-seat document (reader.h) */
} request;

static void request_free(void *p)
{
    request *r = p;
    if (r == NULL)
        return;
    body_free(&r->body);
    reader_wait_done(&r->wait);
    free(r);
}

static const char placeholder[] =
    "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    "<title>grognard</title></head>\n<body><h1>grognard serve</h1>\n"
    "<p>This grognard was built without its table page. The game is served as JSON under "
    "<code>/api/v1/</code> (see docs/api.md).</p></body></html>\n";

static const char *content_type(const char *name)
{
    static const char *const types[][2] = {
        {".html", "text/html; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".json", "application/json; charset=utf-8"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".ico", "image/x-icon"},
        {".woff2", "font/woff2"},
        {".txt", "text/plain; charset=utf-8"},
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
        return reply_error(c, MHD_HTTP_NOT_FOUND, "not-found", _("no such page"), -1);
    snprintf(name, sizeof name, "web/%s", path);
    const char *data = grog_data_embedded(name, &len);
    if (data == NULL && strcmp(path, "index.html") == 0) {
        data = placeholder;
        len = sizeof placeholder - 1;
    }
    if (data == NULL)
        return reply_error(c, MHD_HTTP_NOT_FOUND, "not-found", _("no such page"), -1);
    struct MHD_Response *r =
        MHD_create_response_from_buffer(len, (void *)data, MHD_RESPMEM_PERSISTENT);
    return reply_send(c, MHD_HTTP_OK, r, content_type(name), 0, -1);
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

/* The position of a Last-Event-ID ("7.3": position 7), -1 when absent or
 * not one of ours. */
static long long last_event(struct MHD_Connection *c)
{
    const char *v = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Last-Event-ID");
    if (v == NULL || !isdigit((unsigned char)*v))
        return -1;
    char *end;
    long long n = strtoll(v, &end, 10);
    return (*end == '\0' || *end == '.') && n >= 0 ? n : -1;
}

static enum MHD_Result open_events(http_site *s, struct MHD_Connection *c, const request *rq)
{
    struct MHD_Response *r = stream_open(s->t, c, rq->seat, last_event(c));
    if (r == NULL)
        return reply_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "busy",
                           _("too many event streams open; try again later"), -1);
    MHD_add_response_header(r, "X-Accel-Buffering", "no");
    return reply_send(c, MHD_HTTP_OK, r, "text/event-stream; charset=utf-8", 1, -1);
}

/* The first call of a request: its headers. Refuses at once what the
 * headers condemn (a path, a method, the token, a declared body too large:
 * an unread body then closes the connection); otherwise returns MHD_YES and
 * the request is answered once its body, if any, is in. */
static enum MHD_Result on_headers(http_site *s, struct MHD_Connection *c, const char *url, int post,
                                  request *r)
{
    if (!post && (strcmp(url, "/") == 0 || strncmp(url, "/static/", 8) == 0)) {
        r->waiting = 1;
        return MHD_YES;
    }
    const char *name = strncmp(url, "/api/v1/", 8) == 0 ? url + 8 : NULL;
    int methods = name == NULL ? 0 : strcmp(name, "events") == 0 ? 1 : api_methods(name);
    if (methods == 0)
        return reply_error(c, MHD_HTTP_NOT_FOUND, "not-found", _("no such path; see docs/api.md"),
                           -1);
    if (!(methods & (post ? 2 : 1)))
        return reply_error(
            c, MHD_HTTP_METHOD_NOT_ALLOWED, "method-not-allowed",
            methods == 2 ? _("this endpoint takes POST") : _("this endpoint takes GET"), -1);
    r->seat = table_seat_of(s->t, bearer(c));
    if (r->seat < 0)
        return reply_error(c, MHD_HTTP_UNAUTHORIZED, "unauthorized",
                           _("no valid token: open the link the server printed for your seat"), -1);
    const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
    if (post && cl != NULL && strtoull(cl, NULL, 10) > GROG_SERVER_MAX_BODY)
        return reply_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "too-large",
                           _("the request body is over 64 KiB"), -1);
    r->waiting = 1;
    return MHD_YES;
}

/* The last call of a request that passed its headers: the answer. */
static enum MHD_Result answer(http_site *s, struct MHD_Connection *c, const char *url, int post,
                              request *r)
{
    if (strcmp(url, "/") == 0)
        return send_page(c, "index.html");
    if (strncmp(url, "/static/", 8) == 0)
        return send_page(c, url + 8);
    if (r->body.too_large)
        return reply_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "too-large",
                           _("the request body is over 64 KiB"), -1);
    if (strcmp(url + 8, "events") == 0)
        return open_events(s, c, r);
    return api_answer(s->t, c, url + 8, post, r->seat, r->lang, r->body.text, r->body.len,
                      &r->wait);
}

static enum MHD_Result on_request(http_site *s, struct MHD_Connection *c, const char *url,
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
            return reply_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "method-not-allowed",
                               _("only GET and POST are answered"), -1);
        const char *refused =
            guard_request(c, s->port, (const char *const *)s->names, s->nnames, post);
        if (refused != NULL)
            return reply_error(c, MHD_HTTP_FORBIDDEN, "forbidden", refused, -1);
        return on_headers(s, c, url, post, r);
    }
    /* a refused request's body, or a GET's, is dropped unread */
    int now = body_step(&r->body, &r->waiting, post, upload, upload_size, GROG_SERVER_MAX_BODY);
    if (now <= 0)
        return now < 0 ? MHD_NO : MHD_YES;
    enum MHD_Result ok = answer(s, c, url, post, r);
    r->waiting = r->wait.again; /* parked: answered again once resumed */
    r->wait.again = 0;
    return ok;
}

enum MHD_Result http_on_request(void *cls, struct MHD_Connection *c, const char *url,
                                const char *method, const char *version, const char *upload,
                                size_t *upload_size, void **con_cls)
{
    (void)version;
    http_site *s = cls;
    int lang = lang_of_request(s->langs, c);
    const grog_catalog *before = grog_i18n_use(s->langs[lang]);
    enum MHD_Result ok = on_request(s, c, url, method, upload, upload_size, con_cls, lang);
    grog_i18n_use(before);
    return ok;
}

void http_request_done(void *cls, struct MHD_Connection *c, void **con_cls,
                       enum MHD_RequestTerminationCode toe)
{
    (void)cls;
    (void)c;
    (void)toe;
    request_free(*con_cls);
    *con_cls = NULL;
}
