/* docs.c — the documents a table sends: each slot's present text, its
 * content ETag, its ready responses, and its past versions with the deltas
 * from them (226 IM Used, delta.h). See docs.h.
 *
 * Invariants: a slot's ETag is always the digest of its text (set together
 * in docs_put), and each past version's the digest of its own; the past
 * versions of a slot are its own earlier texts, newest first, none with the
 * present ETag; every response and delta, when not NULL, is of the present
 * text and is dropped with its freshness (docs_changed); the past texts of
 * the whole store never hold more than PAST_BUDGET bytes once docs_put
 * returns. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nettle/sha2.h>

#include <strings.h>

#include "delta.h"
#include "docs.h"
#include "i18n.h"
#include "reply.h"

/* '"' + 32 hex digits + '"' + NUL */
#define ETAG_MAX 40
/* The digest's bytes in an ETag (of SHA-256's 32). */
#define ETAG_BYTES 16
/* The past versions kept per slot, and at most this many bytes of them in
 * a store (the oldest go first): the memory bound of the deltas, on top of
 * the present documents. */
#define KEEP 4
#define PAST_BUDGET (64u << 20)
/* A delta of more edits (lines deleted plus inserted), or whose body is
 * over half the document's, is not sent: the whole document is. The cap
 * bounds the difference's work, O((N + M) D) steps and 4 (D + 1)^2 bytes. */
#define MAX_EDITS 1000

static const char delta_type[] = "application/json; charset=utf-8";

/* A version a page may still hold, and the delta from it to the present
 * text (made when first asked, until the next change). */
typedef struct version {
    char *text; /* NULL: an empty place */
    size_t len;
    char etag[ETAG_MAX];
    unsigned long stamp; /* when it stopped being the present one */
    int tried;           /* the delta was worked out: body, or NULL (the whole instead) */
    char *body;
    struct MHD_Response *resp[2];
} version;

typedef struct slot {
    char *text; /* the document last made, or NULL */
    size_t len;
    const char *type;
    long seq;   /* the journal position it was made at */
    char etag[ETAG_MAX];
    int fresh;  /* it is the present state's */
    struct MHD_Response *resp[2]; /* plain, gzipped; NULL until asked */
    version past[KEEP];           /* newest first */
} slot;

struct docs_store {
    size_t n;
    slot *slots;
    size_t past_bytes;   /* the past texts' */
    unsigned long stamp; /* counts the versions retired */
};

docs_store *docs_new(size_t nslots)
{
    docs_store *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    s->slots = calloc(nslots > 0 ? nslots : 1, sizeof *s->slots);
    if (s->slots == NULL) {
        free(s);
        return NULL;
    }
    s->n = nslots;
    return s;
}

static void drop(struct MHD_Response **r)
{
    for (size_t i = 0; i < 2; i++) {
        if (r[i] != NULL)
            MHD_destroy_response(r[i]); /* freed once no request sends it */
        r[i] = NULL;
    }
}

/* The present text's responses and every delta to it. */
static void drop_responses(slot *d)
{
    drop(d->resp);
    for (size_t i = 0; i < KEEP; i++) {
        drop(d->past[i].resp);
        free(d->past[i].body);
        d->past[i].body = NULL;
        d->past[i].tried = 0;
    }
}

/* Empties past version i of d, the ones after it moving up. */
static void forget(docs_store *s, slot *d, size_t i)
{
    version *v = &d->past[i];
    drop(v->resp);
    free(v->body);
    free(v->text);
    s->past_bytes -= v->len;
    memmove(v, v + 1, (KEEP - 1 - i) * sizeof *v);
    memset(&d->past[KEEP - 1], 0, sizeof d->past[KEEP - 1]);
}

void docs_free(docs_store *s)
{
    if (s == NULL)
        return;
    for (size_t i = 0; i < s->n; i++) {
        drop_responses(&s->slots[i]);
        while (s->slots[i].past[0].text != NULL)
            forget(s, &s->slots[i], 0);
        free(s->slots[i].text);
    }
    free(s->slots);
    free(s);
}

void docs_changed(docs_store *s)
{
    for (size_t i = 0; s != NULL && i < s->n; i++) {
        drop_responses(&s->slots[i]);
        s->slots[i].fresh = 0;
    }
}

int docs_fresh(const docs_store *s, size_t slot_no)
{
    return slot_no < s->n && s->slots[slot_no].fresh && s->slots[slot_no].text != NULL;
}

const char *docs_etag(const docs_store *s, size_t slot_no)
{
    return slot_no < s->n ? s->slots[slot_no].etag : "";
}

/* The ETag of text in slot slot_no: SHA-256 over the slot's number (8
 * bytes, big-endian) and the bytes, its first 16 bytes in hex, quoted. */
static void content_etag(size_t slot_no, const char *text, size_t len, char out[ETAG_MAX])
{
    uint8_t head[8], digest[SHA256_DIGEST_SIZE];
    for (size_t i = 0; i < 8; i++)
        head[i] = (uint8_t)((uint64_t)slot_no >> (56 - 8 * i));
    struct sha256_ctx h;
    sha256_init(&h);
    sha256_update(&h, sizeof head, head);
    sha256_update(&h, len, (const uint8_t *)text);
    sha256_digest(&h, sizeof digest, digest);
    out[0] = '"';
    for (size_t i = 0; i < ETAG_BYTES; i++)
        snprintf(out + 1 + 2 * i, 3, "%02x", digest[i]);
    out[1 + 2 * ETAG_BYTES] = '"';
    out[2 + 2 * ETAG_BYTES] = '\0';
}

/* Keeps the store's past texts under PAST_BUDGET: the oldest go. */
static void within_budget(docs_store *s)
{
    while (s->past_bytes > PAST_BUDGET) {
        slot *oldest = NULL;
        size_t at = 0;
        for (size_t i = 0; i < s->n; i++)
            for (size_t j = 0; j < KEEP && s->slots[i].past[j].text != NULL; j++)
                if (oldest == NULL || s->slots[i].past[j].stamp < oldest->past[at].stamp) {
                    oldest = &s->slots[i];
                    at = j;
                }
        if (oldest == NULL)
            return;
        forget(s, oldest, at);
    }
}

/* The present text of d becomes its newest past version (the oldest
 * forgotten when all KEEP are held). */
static void retire(docs_store *s, slot *d)
{
    if (d->past[KEEP - 1].text != NULL)
        forget(s, d, KEEP - 1);
    memmove(&d->past[1], &d->past[0], (KEEP - 1) * sizeof d->past[0]);
    d->past[0] = (version){d->text, d->len, "", ++s->stamp, 0, NULL, {NULL, NULL}};
    memcpy(d->past[0].etag, d->etag, sizeof d->etag);
    s->past_bytes += d->len;
    d->text = NULL;
}

grog_status docs_put(docs_store *s, size_t slot_no, char *text, const char *type, long seq,
                     grog_error *err)
{
    if (text == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    slot *d = &s->slots[slot_no];
    drop_responses(d);
    char etag[ETAG_MAX];
    size_t len = strlen(text);
    content_etag(slot_no, text, len, etag);
    if (d->text != NULL && strcmp(etag, d->etag) != 0)
        retire(s, d);
    free(d->text); /* the same bytes again, or NULL */
    for (size_t i = 0; i < KEEP && d->past[i].text != NULL;) {
        if (strcmp(d->past[i].etag, etag) == 0) /* back as it was (an undo): present again */
            forget(s, d, i);
        else
            i++;
    }
    d->text = text;
    d->len = len;
    d->type = type;
    d->seq = seq;
    memcpy(d->etag, etag, sizeof etag);
    d->fresh = 1;
    within_budget(s);
    return GROG_OK;
}

/* The next entity tag of an If-None-Match list from *p ("W/" kept, as
 * the comparison is weak for GET), into out; 0 at the end. */
static int next_tag(const char **p, char *out, size_t size)
{
    const char *q = *p + strspn(*p, " \t,");
    if (*q == '\0')
        return 0;
    const char *start = q;
    if (q[0] == 'W' && q[1] == '/')
        q += 2;
    if (*q == '"') {
        const char *close = strchr(q + 1, '"');
        q = close != NULL ? close + 1 : q + strlen(q);
    } else {
        q += strcspn(q, " \t,");
    }
    size_t len = (size_t)(q - start);
    snprintf(out, size, "%.*s", (int)(len < size ? len : size - 1), start);
    *p = q;
    return 1;
}

int docs_inm_names(const char *inm, const char *etag)
{
    char tag[ETAG_MAX + 8];
    const char *p = inm;
    while (p != NULL && next_tag(&p, tag, sizeof tag)) {
        const char *t = strncmp(tag, "W/", 2) == 0 ? tag + 2 : tag;
        if (strcmp(t, "*") == 0 || (etag[0] != '\0' && strcmp(t, etag) == 0))
            return 1;
    }
    return 0;
}

int docs_aim_lines(const char *aim)
{
    for (const char *p = aim; p != NULL && *p != '\0';) {
        p += strspn(p, " \t,");
        size_t len = strcspn(p, ","), name = strcspn(p, ";, \t");
        if (name == 5 && strncasecmp(p, "lines", 5) == 0) {
            const char *q = memchr(p, '=', len); /* "lines;q=0": refused */
            return q == NULL || strtod(q + 1, NULL) > 0;
        }
        p += len;
    }
    return 0;
}

/* The past version of d the request's If-None-Match names first, or NULL.
 * A weak tag (W/"...") is no base: RFC 3229 builds a delta only on a strong
 * entity tag, the promise of the very bytes held (it still matches for 304,
 * whose comparison is weak). */
static version *named_base(slot *d, const char *inm)
{
    char tag[ETAG_MAX + 8];
    const char *p = inm;
    while (p != NULL && next_tag(&p, tag, sizeof tag)) {
        if (strncmp(tag, "W/", 2) == 0)
            continue;
        for (size_t i = 0; i < KEEP && d->past[i].text != NULL; i++)
            if (strcmp(d->past[i].etag, tag) == 0)
                return &d->past[i];
    }
    return NULL;
}

/* The body of the delta from v to d's present text, or NULL when the whole
 * document is to go instead (reads the two texts only). */
static char *delta_of(const slot *d, const version *v)
{
    delta_hunk *h = NULL;
    size_t nh = 0;
    if (delta_diff(v->text, v->len, d->text, d->len, MAX_EDITS, &h, &nh) != DELTA_OK)
        return NULL;
    char *body = delta_body(v->etag, d->etag, d->text, d->len, h, nh);
    free(h);
    if (body != NULL && strlen(body) > d->len / 2) {
        free(body);
        body = NULL;
    }
    return body;
}

/* The delta from v to d's present text, worked out once: its body, or
 * NULL when the whole document is to go instead. */
static const char *delta_from(const slot *d, version *v)
{
    if (v->tried)
        return v->body;
    v->tried = 1;
    v->body = delta_of(d, v);
    return v->body;
}

/* The 226 IM Used response of a delta body (RFC 3229), or NULL. */
static struct MHD_Response *delta_response(const slot *d, const version *v, const char *body,
                                           int gz)
{
    struct MHD_Response *r =
        reply_response(body, strlen(body), gz, MHD_HTTP_IM_USED, delta_type, d->seq, d->etag);
    if (r != NULL) {
        MHD_add_response_header(r, "IM", "lines");
        MHD_add_response_header(r, "Delta-Base", v->etag);
    }
    return r;
}

/* 226 IM Used: the delta from v (RFC 3229), or MHD_NO when out of memory. */
static enum MHD_Result send_delta(slot *d, version *v, const char *body, struct MHD_Connection *c)
{
    int gz = reply_accepts_gzip(c);
    if (v->resp[gz] == NULL)
        v->resp[gz] = delta_response(d, v, body, gz);
    if (v->resp[gz] == NULL)
        return MHD_NO;
    return MHD_queue_response(c, MHD_HTTP_IM_USED, v->resp[gz]);
}

/* The past version a request names as its base (A-IM lines and an
 * If-None-Match naming one of the slot's), or NULL. */
static version *base_of(slot *d, const char *inm, const char *aim)
{
    return inm != NULL && docs_aim_lines(aim) ? named_base(d, inm) : NULL;
}

int docs_ready(const docs_store *s, size_t slot_no, const char *inm, const char *aim, int gz)
{
    if (!docs_fresh(s, slot_no))
        return 0;
    slot *d = &s->slots[slot_no];
    if (inm != NULL && docs_inm_names(inm, d->etag))
        return 1; /* 304 */
    const version *v = base_of(d, inm, aim);
    if (v != NULL && !v->tried)
        return 0;
    if (v != NULL && v->body != NULL)
        return v->resp[gz != 0] != NULL;
    return d->resp[gz != 0] != NULL;
}

/* Puts r in *place under lock, unless one is there (then r is dropped). */
static void attach(struct MHD_Response **place, struct MHD_Response *r, pthread_mutex_t *lock)
{
    pthread_mutex_lock(lock);
    if (*place == NULL)
        *place = r;
    else
        MHD_destroy_response(r);
    pthread_mutex_unlock(lock);
}

grog_status docs_prepare(docs_store *s, size_t slot_no, const char *inm, const char *aim, int gz,
                         pthread_mutex_t *lock, grog_error *err)
{
    gz = gz != 0;
    pthread_mutex_lock(lock);
    int fresh = docs_fresh(s, slot_no);
    slot *d = &s->slots[slot_no];
    version *v = fresh && !(inm != NULL && docs_inm_names(inm, d->etag)) ? base_of(d, inm, aim)
                                                                          : NULL;
    int tried = v != NULL && v->tried;
    pthread_mutex_unlock(lock);
    if (!fresh || (inm != NULL && docs_inm_names(inm, d->etag)))
        return GROG_OK;
    if (v != NULL && !tried) { /* the texts stay: only the caller's thread puts them */
        char *body = delta_of(d, v);
        pthread_mutex_lock(lock);
        v->tried = 1;
        v->body = body;
        pthread_mutex_unlock(lock);
    }
    struct MHD_Response *r = NULL, **place;
    if (v != NULL && v->body != NULL) {
        place = &v->resp[gz];
        if (*place == NULL)
            r = delta_response(d, v, v->body, gz);
    } else {
        place = &d->resp[gz];
        if (*place == NULL)
            r = reply_response(d->text, d->len, gz, MHD_HTTP_OK, d->type, d->seq, d->etag);
    }
    if (r != NULL)
        attach(place, r, lock);
    else if (*place == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    return GROG_OK;
}

enum MHD_Result docs_send(docs_store *s, size_t slot_no, struct MHD_Connection *c)
{
    if (!docs_fresh(s, slot_no))
        return MHD_NO;
    slot *d = &s->slots[slot_no];
    const char *inm = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "If-None-Match");
    if (inm != NULL && docs_inm_names(inm, d->etag))
        return reply_not_modified(c, d->etag, d->seq);
    const char *aim = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "A-IM");
    version *base = inm != NULL && docs_aim_lines(aim) ? named_base(d, inm) : NULL;
    const char *body = base != NULL ? delta_from(d, base) : NULL;
    if (body != NULL)
        return send_delta(d, base, body, c);
    int gz = reply_accepts_gzip(c);
    if (d->resp[gz] == NULL)
        d->resp[gz] = reply_response(d->text, d->len, gz, MHD_HTTP_OK, d->type, d->seq, d->etag);
    if (d->resp[gz] == NULL)
        return MHD_NO;
    return MHD_queue_response(c, MHD_HTTP_OK, d->resp[gz]);
}
