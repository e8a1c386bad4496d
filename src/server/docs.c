/* docs.c — the documents a table sends: each slot's present text, its
 * content ETag and its ready responses. See docs.h.
 *
 * Invariants: a slot's ETag is always the digest of its text (set together
 * in docs_put); its responses, when not NULL, hold that text and ETag, and
 * are dropped with the text's freshness (docs_changed). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nettle/sha2.h>

#include "docs.h"
#include "i18n.h"
#include "reply.h"

/* '"' + 32 hex digits + '"' + NUL */
#define ETAG_MAX 40
/* The digest's bytes in an ETag (of SHA-256's 32). */
#define ETAG_BYTES 16

typedef struct slot {
    char *text; /* the document last made, or NULL */
    size_t len;
    const char *type;
    long seq;   /* the journal position it was made at */
    char etag[ETAG_MAX];
    int fresh;  /* it is the present state's */
    struct MHD_Response *resp[2]; /* plain, gzipped; NULL until asked */
} slot;

struct docs_store {
    size_t n;
    slot *slots;
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

static void drop_responses(slot *d)
{
    for (size_t i = 0; i < 2; i++) {
        if (d->resp[i] != NULL)
            MHD_destroy_response(d->resp[i]); /* freed once no request sends it */
        d->resp[i] = NULL;
    }
}

void docs_free(docs_store *s)
{
    if (s == NULL)
        return;
    for (size_t i = 0; i < s->n; i++) {
        drop_responses(&s->slots[i]);
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

grog_status docs_put(docs_store *s, size_t slot_no, char *text, const char *type, long seq,
                     grog_error *err)
{
    if (text == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    slot *d = &s->slots[slot_no];
    drop_responses(d);
    free(d->text);
    d->text = text;
    d->len = strlen(text);
    d->type = type;
    d->seq = seq;
    content_etag(slot_no, text, d->len, d->etag);
    d->fresh = 1;
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

enum MHD_Result docs_send(docs_store *s, size_t slot_no, struct MHD_Connection *c)
{
    if (!docs_fresh(s, slot_no))
        return MHD_NO;
    slot *d = &s->slots[slot_no];
    const char *inm = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "If-None-Match");
    if (inm != NULL && docs_inm_names(inm, d->etag))
        return reply_not_modified(c, d->etag, d->seq);
    int gz = reply_accepts_gzip(c);
    if (d->resp[gz] == NULL)
        d->resp[gz] = reply_response(d->text, d->len, gz, MHD_HTTP_OK, d->type, d->seq, d->etag);
    if (d->resp[gz] == NULL)
        return MHD_NO;
    return MHD_queue_response(c, MHD_HTTP_OK, d->resp[gz]);
}
