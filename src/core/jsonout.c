/* jsonout.c — JSON text written directly, as jansson's json_dumps would
 * write it (jsonout.h).
 *
 * Invariants: buf[0..len) is the text since the last take; the stack holds
 * one entry per open object or array (its kind and how many values it has),
 * so that each value knows its separator and indent; after_key says a key
 * was written and its value comes next. Once status is not GROG_OK it stays
 * so. The layout rules are jansson 2.14's (dump.c); strings and reals are
 * formatted by jsontext.c's functions, which the compact writer uses too;
 * tests/test_jsonout.c checks the whole against jansson itself. */
#include <stdlib.h>
#include <string.h>

#include "grognard/jsonout.h"
#include "jsontext.h"

struct grog_jsonout {
    char *buf;
    size_t len, cap;
    int indent, precision;
    int depth;
    unsigned char is_object[GROG_JSONOUT_DEPTH];
    size_t count[GROG_JSONOUT_DEPTH];
    int after_key;
    grog_status status;
    int misused; /* a key or close out of place: the text is not JSON */
};

static void fail(grog_jsonout *w, grog_status st)
{
    if (w->status == GROG_OK)
        w->status = st;
}

/* Room for n more bytes (and a terminating NUL); 0 when out of memory. */
static int reserve(grog_jsonout *w, size_t n)
{
    if (w->len + n + 1 <= w->cap)
        return 1;
    if (w->status == GROG_ENOMEM)
        return 0;
    size_t cap = w->cap ? w->cap : 4096;
    while (cap < w->len + n + 1) {
        if (cap > ((size_t)-1) / 2) {
            fail(w, GROG_ENOMEM);
            return 0;
        }
        cap *= 2;
    }
    char *b = realloc(w->buf, cap);
    if (b == NULL) {
        w->status = GROG_ENOMEM;
        return 0;
    }
    w->buf = b;
    w->cap = cap;
    return 1;
}

static void put(grog_jsonout *w, const char *s, size_t n)
{
    if (!reserve(w, n))
        return;
    memcpy(w->buf + w->len, s, n);
    w->len += n;
}

static void put_char(grog_jsonout *w, char c)
{
    if (!reserve(w, 1))
        return;
    w->buf[w->len++] = c;
}

/* A newline and the indent of the given depth, or a space between the
 * values of a one-line document (jansson's dump_indent). */
static void put_indent(grog_jsonout *w, int depth, int space)
{
    if (w->indent > 0) {
        size_t n = (size_t)depth * (size_t)w->indent;
        if (!reserve(w, n + 1))
            return;
        w->buf[w->len++] = '\n';
        memset(w->buf + w->len, ' ', n);
        w->len += n;
    } else if (space) {
        put_char(w, ' ');
    }
}

/* The comma (after the first) and indent before the next element of the
 * array or member of the object being written, counted. */
static void separate(grog_jsonout *w)
{
    size_t *count = &w->count[w->depth - 1];
    if (*count > 0)
        put_char(w, ',');
    put_indent(w, w->depth, *count > 0);
    (*count)++;
}

/* Before a value: the separator inside an array (an object's is written
 * with the key). 0 inside a container nested too deep, which was written as
 * null: nothing in it is written. */
static int before_value(grog_jsonout *w)
{
    if (w->depth > GROG_JSONOUT_DEPTH)
        return 0;
    if (w->after_key) {
        w->after_key = 0;
        return 1;
    }
    if (w->depth > 0)
        separate(w);
    return 1;
}

grog_jsonout *grog_jsonout_create(int indent, int precision)
{
    if (indent < 0 || indent > 31 || precision < 0 || precision > 17)
        return NULL;
    grog_jsonout *w = calloc(1, sizeof *w);
    if (w == NULL)
        return NULL;
    w->indent = indent;
    w->precision = precision ? precision : 17;
    return w;
}

void grog_jsonout_destroy(grog_jsonout *w)
{
    if (w == NULL)
        return;
    free(w->buf);
    free(w);
}

static void open_container(grog_jsonout *w, int object)
{
    if (!before_value(w)) {
        w->depth++;
        return;
    }
    if (w->depth >= GROG_JSONOUT_DEPTH) {
        fail(w, GROG_EINVAL);
        put(w, "null", 4);
        w->depth++; /* closed by the matching close, which writes nothing */
        return;
    }
    put_char(w, object ? '{' : '[');
    w->is_object[w->depth] = (unsigned char)object;
    w->count[w->depth] = 0;
    w->depth++;
}

static void close_container(grog_jsonout *w, int object)
{
    if (w->depth <= 0) {
        fail(w, GROG_EINVAL);
        w->misused = 1;
        return;
    }
    w->depth--;
    if (w->depth >= GROG_JSONOUT_DEPTH)
        return;
    if (w->is_object[w->depth] != object || w->after_key) {
        fail(w, GROG_EINVAL);
        w->misused = 1;
    }
    w->after_key = 0;
    if (w->count[w->depth] > 0)
        put_indent(w, w->depth, 0);
    put_char(w, object ? '}' : ']');
}

void grog_jsonout_object_open(grog_jsonout *w)
{
    open_container(w, 1);
}

void grog_jsonout_object_close(grog_jsonout *w)
{
    close_container(w, 1);
}

void grog_jsonout_array_open(grog_jsonout *w)
{
    open_container(w, 0);
}

void grog_jsonout_array_close(grog_jsonout *w)
{
    close_container(w, 0);
}

/* s[0..n) as a JSON string (jsontext.c's jansson escapes; a byte that is
 * not UTF-8 as \uFFFD). */
static void put_string(grog_jsonout *w, const char *s, size_t n)
{
    if (n > GROG_JSONTEXT_STRING_MAX) {
        fail(w, GROG_ENOMEM);
        return;
    }
    if (!reserve(w, GROG_JSONTEXT_QUOTED_MAX(n)))
        return;
    int bad = 0;
    w->len += grog_jsontext_quote(w->buf + w->len, s, n, 1, &bad);
    if (bad)
        fail(w, GROG_EINVAL);
}

void grog_jsonout_key(grog_jsonout *w, const char *key)
{
    if (w->depth > GROG_JSONOUT_DEPTH)
        return; /* in a container written as null */
    if (w->depth == 0 || w->depth > GROG_JSONOUT_DEPTH || !w->is_object[w->depth - 1] ||
        w->after_key) {
        fail(w, GROG_EINVAL);
        w->misused = 1;
        return;
    }
    separate(w);
    put_string(w, key, strlen(key));
    put(w, ": ", 2);
    w->after_key = 1;
}

void grog_jsonout_string_n(grog_jsonout *w, const char *s, size_t len)
{
    if (!before_value(w))
        return;
    put_string(w, s, len);
}

void grog_jsonout_string(grog_jsonout *w, const char *s)
{
    if (s == NULL) {
        grog_jsonout_null(w);
        return;
    }
    grog_jsonout_string_n(w, s, strlen(s));
}

void grog_jsonout_string_or_null(grog_jsonout *w, const char *s)
{
    if (s == NULL || s[0] == '\0')
        grog_jsonout_null(w);
    else
        grog_jsonout_string_n(w, s, strlen(s));
}

void grog_jsonout_integer(grog_jsonout *w, long long v)
{
    if (!before_value(w))
        return;
    if (reserve(w, GROG_JSONTEXT_INT_MAX))
        w->len += grog_jsontext_format_int(w->buf + w->len, v);
}

void grog_jsonout_real(grog_jsonout *w, double v)
{
    if (!before_value(w))
        return;
    if (!reserve(w, GROG_JSONTEXT_REAL_MAX))
        return;
    size_t n = grog_jsontext_format_real(w->buf + w->len, v, w->precision);
    if (n == 0) { /* not finite */
        fail(w, GROG_EINVAL);
        put(w, "null", 4);
        return;
    }
    w->len += n;
}

void grog_jsonout_bool(grog_jsonout *w, int v)
{
    if (!before_value(w))
        return;
    if (v)
        put(w, "true", 4);
    else
        put(w, "false", 5);
}

void grog_jsonout_null(grog_jsonout *w)
{
    if (!before_value(w))
        return;
    put(w, "null", 4);
}

grog_status grog_jsonout_status(const grog_jsonout *w)
{
    return w->status;
}

const char *grog_jsonout_take(grog_jsonout *w, size_t *len)
{
    *len = w->len;
    w->len = 0;
    return w->buf != NULL ? w->buf : "";
}

size_t grog_jsonout_length(const grog_jsonout *w)
{
    return w->len;
}

char *grog_jsonout_finish(grog_jsonout *w)
{
    if (w == NULL)
        return NULL;
    char *s = NULL;
    if (w->status != GROG_ENOMEM && !w->misused && w->depth == 0 && reserve(w, 0)) {
        w->buf[w->len] = '\0';
        s = w->buf;
        w->buf = NULL;
    }
    grog_jsonout_destroy(w);
    return s;
}

void grog_jsonout_key_string(grog_jsonout *w, const char *key, const char *s)
{
    grog_jsonout_key(w, key);
    grog_jsonout_string(w, s);
}

void grog_jsonout_key_string_or_null(grog_jsonout *w, const char *key, const char *s)
{
    grog_jsonout_key(w, key);
    grog_jsonout_string_or_null(w, s);
}

void grog_jsonout_key_integer(grog_jsonout *w, const char *key, long long v)
{
    grog_jsonout_key(w, key);
    grog_jsonout_integer(w, v);
}

void grog_jsonout_key_real(grog_jsonout *w, const char *key, double v)
{
    grog_jsonout_key(w, key);
    grog_jsonout_real(w, v);
}

void grog_jsonout_key_bool(grog_jsonout *w, const char *key, int v)
{
    grog_jsonout_key(w, key);
    grog_jsonout_bool(w, v);
}
