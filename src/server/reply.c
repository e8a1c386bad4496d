/* reply.c — the answers of the table's server: headers every answer
 * carries, JSON documents, error documents. See reply.h.
 *
 * Invariant: an error document's message is the library's (already filtered
 * for the seat) or a fixed text; the rule id is read from it, never added. */
#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reply.h"

#define CSP                                                                                        \
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' "     \
    "data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; "    \
    "frame-ancestors 'none'"

enum MHD_Result reply_send(struct MHD_Connection *c, unsigned status, struct MHD_Response *r,
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
enum MHD_Result reply_text(struct MHD_Connection *c, unsigned status, char *text, const char *type,
                           long seq)
{
    if (text == NULL)
        return MHD_NO;
    struct MHD_Response *r =
        MHD_create_response_from_buffer(strlen(text), text, MHD_RESPMEM_MUST_FREE);
    if (r == NULL)
        free(text);
    return reply_send(c, status, r, type, 1, seq);
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

enum MHD_Result reply_error(struct MHD_Connection *c, unsigned status, const char *code,
                            const char *message, long seq)
{
    char rule[32];
    json_t *j = json_pack("{s:{s:s,s:s,s:o}}", "error", "code", code, "message", message, "rule",
                          rule_in(message, rule, sizeof rule) ? json_string(rule) : json_null());
    return reply_json(c, status, j, seq);
}

/* The HTTP status and code of a library status; the codes are the CLI's
 * (its --json error documents), so that a program handles both alike. */
enum MHD_Result reply_status(struct MHD_Connection *c, grog_status st, const grog_error *err,
                             long seq)
{
    const char *m = err->message[0] ? err->message : grog_status_name(st);
    switch (st) {
    case GROG_EDENIED: return reply_error(c, MHD_HTTP_FORBIDDEN, "denied", m, seq);
    case GROG_ERULE: return reply_error(c, MHD_HTTP_CONFLICT, "refused", m, seq);
    case GROG_EBUSY: return reply_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "busy", m, seq);
    case GROG_ENOTFOUND: return reply_error(c, MHD_HTTP_BAD_REQUEST, "not-found", m, seq);
    case GROG_EFORMAT: return reply_error(c, MHD_HTTP_BAD_REQUEST, "format", m, seq);
    case GROG_ERANGE: return reply_error(c, MHD_HTTP_BAD_REQUEST, "range", m, seq);
    case GROG_EINVAL: return reply_error(c, MHD_HTTP_BAD_REQUEST, "bad-input", m, seq);
    case GROG_EIO: return reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "io", m, seq);
    default: return reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal", m, seq);
    }
}
