/* reply.c — the answers of the table's server: headers every answer
 * carries, JSON documents, error documents. See reply.h.
 *
 * Invariants: an error document's message is the library's (already filtered
 * for the seat) or a fixed text; the rule id is read from it, never added. A
 * JSON or SVG body over 1 KiB goes gzipped (zlib) to a request that takes
 * gzip (Accept-Encoding), with Vary: Accept-Encoding. */
#include <ctype.h>
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

#include "reply.h"

#define CSP                                                                                        \
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' "     \
    "data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; "    \
    "frame-ancestors 'none'"

/* Bodies smaller than this are sent as they are. */
#define GZIP_FROM 1024

void reply_headers(struct MHD_Response *r, unsigned status, const char *type, int api, long seq)
{
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
}

enum MHD_Result reply_send(struct MHD_Connection *c, unsigned status, struct MHD_Response *r,
                           const char *type, int api, long seq)
{
    if (r == NULL)
        return MHD_NO;
    reply_headers(r, status, type, api, seq);
    enum MHD_Result ok = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return ok;
}

int reply_accepts_gzip(struct MHD_Connection *c)
{
    const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Accept-Encoding");
    while (h != NULL && *h != '\0') {
        h += strspn(h, " \t,");
        size_t len = strcspn(h, ",");
        size_t name = strcspn(h, ";, \t");
        if (name == 4 && strncasecmp(h, "gzip", 4) == 0) {
            const char *q = memchr(h, '=', len); /* "gzip;q=0": refused */
            return q == NULL || strtod(q + 1, NULL) > 0;
        }
        h += len;
    }
    return 0;
}

/* text (len bytes) gzipped (zlib's deflate with the gzip wrapper) into a
 * malloc'd *out; 0 when done. */
static int gzip(const char *text, size_t len, char **out, size_t *outlen)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return -1;
    uLong room = deflateBound(&z, (uLong)len);
    char *buf = malloc(room);
    if (buf == NULL) {
        deflateEnd(&z);
        return -1;
    }
    z.next_in = (Bytef *)(uintptr_t)text;
    z.avail_in = (uInt)len;
    z.next_out = (Bytef *)buf;
    z.avail_out = (uInt)room;
    int rc = deflate(&z, Z_FINISH);
    *outlen = z.total_out;
    deflateEnd(&z);
    if (rc != Z_STREAM_END) {
        free(buf);
        return -1;
    }
    *out = buf;
    return 0;
}

static int compressible(const char *type)
{
    return strncmp(type, "application/json", 16) == 0 || strncmp(type, "image/svg+xml", 13) == 0;
}

struct MHD_Response *reply_response(const char *text, size_t len, int gz, unsigned status,
                                    const char *type, long seq, const char *etag)
{
    char *packed = NULL;
    size_t plen = 0;
    struct MHD_Response *r;
    if (gz && len > GZIP_FROM && compressible(type) && gzip(text, len, &packed, &plen) == 0)
        r = MHD_create_response_from_buffer(plen, packed, MHD_RESPMEM_MUST_FREE);
    else
        r = MHD_create_response_from_buffer(len, (void *)(uintptr_t)text, MHD_RESPMEM_MUST_COPY);
    if (r == NULL) {
        free(packed);
        return NULL;
    }
    reply_headers(r, status, type, 1, seq);
    if (packed != NULL)
        MHD_add_response_header(r, "Content-Encoding", "gzip");
    if (compressible(type))
        MHD_add_response_header(r, "Vary", "Accept-Encoding");
    if (etag != NULL)
        MHD_add_response_header(r, "ETag", etag);
    return r;
}

enum MHD_Result reply_text(struct MHD_Connection *c, unsigned status, char *text, const char *type,
                           long seq)
{
    if (text == NULL)
        return MHD_NO;
    struct MHD_Response *r =
        reply_response(text, strlen(text), reply_accepts_gzip(c), status, type, seq, NULL);
    free(text);
    if (r == NULL)
        return MHD_NO;
    enum MHD_Result ok = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return ok;
}

enum MHD_Result reply_not_modified(struct MHD_Connection *c, const char *etag, long seq)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
    if (r == NULL)
        return MHD_NO;
    MHD_add_response_header(r, "ETag", etag);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    if (seq >= 0) {
        char n[32];
        snprintf(n, sizeof n, "%ld", seq);
        MHD_add_response_header(r, "X-Grognard-Seq", n);
    }
    enum MHD_Result ok = MHD_queue_response(c, MHD_HTTP_NOT_MODIFIED, r);
    MHD_destroy_response(r);
    return ok;
}

enum MHD_Result reply_json(struct MHD_Connection *c, unsigned status, json_t *j, long seq)
{
    char *text = json_dumps(j, JSON_INDENT(2));
    json_decref(j);
    return reply_text(c, status, text, "application/json; charset=utf-8", seq);
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

json_t *reply_error_doc(const char *code, const char *message)
{
    char rule[32];
    return json_pack("{s:{s:s,s:s,s:o}}", "error", "code", code, "message", message, "rule",
                     rule_in(message, rule, sizeof rule) ? json_string(rule) : json_null());
}

enum MHD_Result reply_error(struct MHD_Connection *c, unsigned status, const char *code,
                            const char *message, long seq)
{
    return reply_json(c, status, reply_error_doc(code, message), seq);
}

/* The HTTP status and code of a library status; the codes are the CLI's
 * (its --json error documents), so that a program handles both alike. */
json_t *reply_status_doc(grog_status st, const grog_error *err, unsigned *status)
{
    static const struct {
        grog_status st;
        unsigned http;
        const char *code;
    } map[] = {
        {GROG_EDENIED, MHD_HTTP_FORBIDDEN, "denied"},
        {GROG_ERULE, MHD_HTTP_CONFLICT, "refused"},
        {GROG_EBUSY, MHD_HTTP_SERVICE_UNAVAILABLE, "busy"},
        {GROG_ENOTFOUND, MHD_HTTP_BAD_REQUEST, "not-found"},
        {GROG_EFORMAT, MHD_HTTP_BAD_REQUEST, "format"},
        {GROG_ERANGE, MHD_HTTP_BAD_REQUEST, "range"},
        {GROG_EINVAL, MHD_HTTP_BAD_REQUEST, "bad-input"},
        {GROG_EIO, MHD_HTTP_INTERNAL_SERVER_ERROR, "io"},
    };
    const char *m = err->message[0] ? err->message : grog_status_name(st);
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (map[i].st == st) {
            *status = map[i].http;
            return reply_error_doc(map[i].code, m);
        }
    *status = MHD_HTTP_INTERNAL_SERVER_ERROR;
    return reply_error_doc("internal", m);
}

enum MHD_Result reply_status(struct MHD_Connection *c, grog_status st, const grog_error *err,
                             long seq)
{
    unsigned status;
    json_t *j = reply_status_doc(st, err, &status);
    return reply_json(c, status, j, seq);
}
