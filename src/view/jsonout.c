/* jsonout.c — JSON text written directly, as jansson's json_dumps would
 * write it (jsonout.h).
 *
 * Invariants: buf[0..len) is the text since the last take; the stack holds
 * one entry per open object or array (its kind and how many values it has),
 * so that each value knows its separator and indent; after_key says a key
 * was written and its value comes next. Once status is not GROG_OK it stays
 * so. The formatting rules are jansson 2.14's (dump.c, strconv.c), checked
 * against jansson itself by tests/test_jsonout.c. */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/jsonout.h"

struct grog_jsonout {
    char *buf;
    size_t len, cap;
    int indent, precision;
    int depth;
    unsigned char is_object[GROG_JSONOUT_DEPTH];
    size_t count[GROG_JSONOUT_DEPTH];
    int after_key;
    char point; /* the locale's decimal point, written by printf as '.' */
    grog_status status;
    int misused; /* a key or close out of place: the text is not JSON */
    double exact_below; /* integral reals under this print all their digits */
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

/* Before a value: the separator inside an array (an object's is written
 * with the key). */
static void before_value(grog_jsonout *w)
{
    if (w->after_key) {
        w->after_key = 0;
        return;
    }
    if (w->depth == 0)
        return;
    size_t *count = &w->count[w->depth - 1];
    if (*count > 0)
        put_char(w, ',');
    put_indent(w, w->depth, *count > 0);
    (*count)++;
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
    const char *p = localeconv()->decimal_point;
    w->point = p != NULL && p[0] != '\0' ? p[0] : '.';
    w->exact_below = 1;
    for (int k = 0; k < w->precision && k < 15; k++)
        w->exact_below *= 10;
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
    before_value(w);
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

/* The length of the UTF-8 sequence at s (at most n bytes), 0 if it is not
 * one jansson accepts (utf8.c: no overlong form, no surrogate, nothing
 * above U+10FFFF). */
static size_t utf8_length(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    size_t size;
    unsigned v;
    if (c < 0x80)
        return 1;
    if (c < 0xC2)
        return 0;
    if (c < 0xE0) {
        size = 2;
        v = c & 0x1F;
    } else if (c < 0xF0) {
        size = 3;
        v = c & 0x0F;
    } else if (c <= 0xF4) {
        size = 4;
        v = c & 0x07;
    } else {
        return 0;
    }
    if (size > n)
        return 0;
    for (size_t i = 1; i < size; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = (v << 6) | (s[i] & 0x3F);
    }
    if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) || (size == 3 && v < 0x800) ||
        (size == 4 && v < 0x10000))
        return 0;
    return size;
}

/* s[0..n) as a JSON string (jansson's dump_string without flags). */
static void put_string(grog_jsonout *w, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    if (!reserve(w, n + 2))
        return;
    w->buf[w->len++] = '"';
    size_t run = 0; /* start of the bytes not yet copied */
    size_t i = 0;
    while (i < n) {
        unsigned char c = u[i];
        if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0x80) {
            size_t k = utf8_length(u + i, n - i);
            if (k == 0) {
                fail(w, GROG_EINVAL);
                put(w, s + run, i - run);
                put(w, "\\uFFFD", 6);
                i++;
                run = i;
                continue;
            }
            i += k;
            continue;
        }
        put(w, s + run, i - run);
        char seq[8];
        const char *text = seq;
        size_t len = 2;
        switch (c) {
        case '\\': text = "\\\\"; break;
        case '"': text = "\\\""; break;
        case '\b': text = "\\b"; break;
        case '\f': text = "\\f"; break;
        case '\n': text = "\\n"; break;
        case '\r': text = "\\r"; break;
        case '\t': text = "\\t"; break;
        default:
            snprintf(seq, sizeof seq, "\\u%04X", (unsigned)c);
            len = 6;
            break;
        }
        put(w, text, len);
        i++;
        run = i;
    }
    put(w, s + run, n - run);
    put_char(w, '"');
}

void grog_jsonout_key(grog_jsonout *w, const char *key)
{
    if (w->depth == 0 || w->depth > GROG_JSONOUT_DEPTH || !w->is_object[w->depth - 1] ||
        w->after_key) {
        fail(w, GROG_EINVAL);
        w->misused = 1;
        return;
    }
    size_t *count = &w->count[w->depth - 1];
    if (*count > 0)
        put_char(w, ',');
    put_indent(w, w->depth, *count > 0);
    (*count)++;
    put_string(w, key, strlen(key));
    put(w, ": ", 2);
    w->after_key = 1;
}

void grog_jsonout_string_n(grog_jsonout *w, const char *s, size_t len)
{
    before_value(w);
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

/* The decimal digits of v at the end of out[0..24); returns the first. */
static char *digits(char out[static 24], unsigned long long v)
{
    char *p = out + 24;
    do {
        *--p = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    return p;
}

void grog_jsonout_integer(grog_jsonout *w, long long v)
{
    before_value(w);
    char d[24];
    unsigned long long m = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    char *p = digits(d, m);
    if (v < 0)
        *--p = '-';
    put(w, p, (size_t)(d + 24 - p));
}

/* v as jansson's jsonp_dtostr writes it. */
static void put_real(grog_jsonout *w, double v)
{
    char buf[40];
    /* An integral value under 10^precision: all its digits, then ".0"
     * (what "%.Ng" and the added ".0" give), without printf. */
    if (fabs(v) < w->exact_below && v == (double)(long long)v) {
        char d[24];
        long long i = (long long)v;
        char *p = digits(d, (unsigned long long)(i < 0 ? -i : i));
        if (signbit(v))
            *--p = '-';
        put(w, p, (size_t)(d + 24 - p));
        put(w, ".0", 2);
        return;
    }
    int n = snprintf(buf, sizeof buf, "%.*g", w->precision, v);
    if (n <= 0 || (size_t)n >= sizeof buf) {
        fail(w, GROG_EINVAL);
        put(w, "null", 4);
        return;
    }
    size_t len = (size_t)n;
    if (w->point != '.') {
        char *pt = strchr(buf, w->point);
        if (pt != NULL)
            *pt = '.';
    }
    char *e = strchr(buf, 'e');
    if (e == NULL && strchr(buf, '.') == NULL) {
        buf[len++] = '.';
        buf[len++] = '0';
        buf[len] = '\0';
    }
    if (e != NULL) { /* "1e+20" -> "1e20", "1e-07" -> "1e-7" */
        char *start = e + 1, *end = start + 1;
        if (*start == '-')
            start++;
        while (*end == '0')
            end++;
        if (end != start) {
            memmove(start, end, len - (size_t)(end - buf) + 1);
            len -= (size_t)(end - start);
        }
    }
    put(w, buf, len);
}

void grog_jsonout_real(grog_jsonout *w, double v)
{
    before_value(w);
    if (!isfinite(v)) {
        fail(w, GROG_EINVAL);
        put(w, "null", 4);
        return;
    }
    put_real(w, v);
}

void grog_jsonout_bool(grog_jsonout *w, int v)
{
    before_value(w);
    if (v)
        put(w, "true", 4);
    else
        put(w, "false", 5);
}

void grog_jsonout_null(grog_jsonout *w)
{
    before_value(w);
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
