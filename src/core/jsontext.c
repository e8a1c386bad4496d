/* jsontext.c — compact JSON text, as jansson dumps it (jsontext.h).
 *
 * Mirrors jansson 2.14's dump.c and strconv.c for JSON_COMPACT without other
 * flags: strings escape only '"', '\\' and control characters (\b \f \n \r
 * \t by name, others as \u00XX in upper-case hex), everything else, UTF-8
 * included, as it is; integers in decimal; reals as "%.17g" in the C form.
 * Objects keep their keys' order (jansson keeps insertion order).
 * grog_jsontext_quote and grog_jsontext_format_real are jansson's string
 * and real formatting for both writers: this one and the indented one
 * (jsonout.c), which gives a precision and replaces bad UTF-8. */
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "jsontext.h"

void grog_jsontext_free(grog_jsontext *t)
{
    free(t->s);
    memset(t, 0, sizeof *t);
}

void grog_jsontext_cut(grog_jsontext *t, size_t len)
{
    if (len < t->len)
        t->len = len;
    if (t->s != NULL)
        t->s[t->len] = '\0';
    t->bad = 0;
}

/* room when the buffer must grow (the rare case, kept out of line). */
static int grow(grog_jsontext *t, size_t n)
{
    size_t cap = t->cap ? t->cap : 256;
    while (cap < t->len + n + 1)
        cap *= 2;
    char *s = realloc(t->s, cap);
    if (s == NULL) {
        t->bad = 1;
        return 0;
    }
    t->s = s;
    t->cap = cap;
    return 1;
}

/* Room for n more bytes and the NUL; 0 (and bad) when out of memory. */
static inline int room(grog_jsontext *t, size_t n)
{
    if (t->bad)
        return 0;
    if (t->len + n + 1 <= t->cap)
        return 1;
    return grow(t, n);
}

void grog_jsontext_raw(grog_jsontext *t, const char *s, size_t n)
{
    if (!room(t, n))
        return;
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

/* The escape of a character below 0x20, '"' or '\\' (jansson's table). */
static size_t escape(unsigned char c, char out[8])
{
    static const char hex[] = "0123456789ABCDEF";
    const char *name = NULL;
    switch (c) {
    case '\\': name = "\\\\"; break;
    case '"': name = "\\\""; break;
    case '\b': name = "\\b"; break;
    case '\f': name = "\\f"; break;
    case '\n': name = "\\n"; break;
    case '\r': name = "\\r"; break;
    case '\t': name = "\\t"; break;
    }
    if (name != NULL) {
        memcpy(out, name, 2);
        return 2;
    }
    memcpy(out, "\\u00", 4);
    out[4] = hex[c >> 4];
    out[5] = hex[c & 15];
    return 6;
}

/* grog_jsontext_quote, inline here so that the compact writer's strings
 * (most of a replay's record writing) make no further call. */
static inline size_t quote(char *out, const char *s, size_t n, int replace, int *bad)
{
    char *o = out;
    *o++ = '"';
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    while (p < end) {
        const unsigned char *run = p; /* printable ASCII goes by runs */
        while (p < end && *p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\')
            p++;
        memcpy(o, run, (size_t)(p - run));
        o += p - run;
        if (p == end)
            break;
        if (*p < 0x80) {
            o += escape(*p, o);
            p++;
            continue;
        }
        uint32_t cp;
        int k = grog_text_utf8_decode((const char *)p, (size_t)(end - p), &cp);
        if (k > 0) {
            memcpy(o, p, (size_t)k);
            o += k;
            p += k;
            continue;
        }
        *bad = 1; /* jansson holds no such string */
        if (!replace)
            return 0;
        memcpy(o, "\\uFFFD", 6);
        o += 6;
        p++;
    }
    *o++ = '"';
    return (size_t)(o - out);
}

size_t grog_jsontext_quote(char *out, const char *s, size_t n, int replace, int *bad)
{
    return quote(out, s, n, replace, bad);
}

static void put_string(grog_jsontext *t, const char *s, size_t n)
{
    if (!room(t, GROG_JSONTEXT_QUOTED_MAX(n)))
        return;
    size_t k = quote(t->s + t->len, s, n, 0, &t->bad);
    if (t->bad)
        return;
    t->len += k;
    t->s[t->len] = '\0';
}

void grog_jsontext_str(grog_jsontext *t, const char *s)
{
    if (s == NULL)
        grog_jsontext_raw(t, "null", 4);
    else
        put_string(t, s, strlen(s));
}

size_t grog_jsontext_format_int(char out[static GROG_JSONTEXT_INT_MAX], long long v)
{
    char buf[GROG_JSONTEXT_INT_MAX];
    char *end = buf + sizeof buf, *p = end;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u != 0);
    if (v < 0)
        *--p = '-';
    size_t len = (size_t)(end - p);
    memcpy(out, p, len);
    out[len] = '\0';
    return len;
}

void grog_jsontext_int(grog_jsontext *t, long long v)
{
    if (!room(t, GROG_JSONTEXT_INT_MAX))
        return;
    t->len += grog_jsontext_format_int(t->s + t->len, v);
}

/* jansson's from_locale: printf wrote the locale's decimal point. */
static void from_locale(char *buf)
{
    char point = localeconv()->decimal_point[0];
    char *pos = point != '.' && point != '\0' ? strchr(buf, point) : NULL;
    if (pos != NULL)
        *pos = '.';
}

size_t grog_jsontext_format_real(char out[static GROG_JSONTEXT_REAL_MAX], double v, int precision)
{
    /* An integral value under 10^precision (and 2^53): all its digits,
     * then ".0" (what "%.Ng" and the added ".0" give), without printf. */
    static const double exact_below[] = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7,
                                         1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
    if (precision < 1 || precision > 17)
        precision = 17;
    if (fabs(v) < exact_below[precision < 15 ? precision : 15] && v == (double)(long long)v) {
        size_t len = 0;
        if (signbit(v))
            out[len++] = '-'; /* -0.0 is "-0.0" */
        len += grog_jsontext_format_int(out + len, (long long)fabs(v));
        memcpy(out + len, ".0", 3);
        return len + 2;
    }
    if (!isfinite(v))
        return 0;
    int n = snprintf(out, GROG_JSONTEXT_REAL_MAX - 2, "%.*g", precision, v);
    if (n <= 0 || n >= GROG_JSONTEXT_REAL_MAX - 2)
        return 0;
    size_t len = (size_t)n;
    char *dot = NULL, *e = NULL;
    int other = 0; /* the locale's decimal point, when it is not '.' */
    for (char *c = out; *c != '\0'; c++) {
        if (*c == '.')
            dot = c;
        else if (*c == 'e')
            e = c;
        else if ((*c < '0' || *c > '9') && *c != '-' && *c != '+')
            other = 1;
    }
    if (other) {
        from_locale(out);
        dot = strchr(out, '.');
    }
    if (dot == NULL && e == NULL) {
        memcpy(out + len, ".0", 3);
        return len + 2;
    }
    if (e != NULL) { /* "1e+20" -> "1e20", "1e-05" -> "1e-5" */
        char *start = e + 1, *digits = e + 2;
        if (*start == '-')
            start++;
        while (*digits == '0')
            digits++;
        if (digits != start) {
            memmove(start, digits, len - (size_t)(digits - out) + 1);
            len -= (size_t)(digits - start);
        }
    }
    return len;
}

void grog_jsontext_real(grog_jsontext *t, double v)
{
    if (!room(t, GROG_JSONTEXT_REAL_MAX))
        return;
    size_t n = grog_jsontext_format_real(t->s + t->len, v, 17);
    if (n == 0) {
        t->bad = 1; /* not finite: jansson has no such real */
        t->s[t->len] = '\0';
        return;
    }
    t->len += n;
}

/* A direct-mapped table: the slot of a real is a hash of its bits; a real
 * found in its slot has its text there, byte for byte. */
#define REALS_SLOTS 64
struct grog_jsontext_reals {
    uint64_t bits[REALS_SLOTS];
    unsigned char len[REALS_SLOTS]; /* 0: empty */
    char text[REALS_SLOTS][32];
};

grog_jsontext_reals *grog_jsontext_reals_create(void)
{
    return calloc(1, sizeof(grog_jsontext_reals));
}

void grog_jsontext_reals_destroy(grog_jsontext_reals *m)
{
    free(m);
}

void grog_jsontext_real10(grog_jsontext *t, grog_jsontext_reals *m, double v)
{
    if (m == NULL || t->bad) {
        grog_jsontext_real(t, grog_jsontext_round10(v));
        return;
    }
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    size_t k = (size_t)((bits * 0x9E3779B97F4A7C15ULL) >> 58);
    if (m->len[k] != 0 && m->bits[k] == bits) {
        grog_jsontext_raw(t, m->text[k], m->len[k]);
        return;
    }
    size_t mark = t->len;
    grog_jsontext_real(t, grog_jsontext_round10(v));
    size_t n = t->len - mark;
    if (t->bad || n == 0 || n >= sizeof m->text[k])
        return;
    m->bits[k] = bits;
    m->len[k] = (unsigned char)n;
    memcpy(m->text[k], t->s + mark, n);
}

double grog_jsontext_round10(double v)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.10g", v);
    double r = strtod(buf, NULL);
    return isfinite(r) ? r : v; /* json_real_set refuses what is not finite */
}

void grog_jsontext_value(grog_jsontext *t, const json_t *j)
{
    switch (j != NULL ? json_typeof(j) : JSON_NULL) {
    case JSON_NULL:
        if (j == NULL)
            t->bad = 1;
        else
            grog_jsontext_raw(t, "null", 4);
        return;
    case JSON_TRUE:
        grog_jsontext_raw(t, "true", 4);
        return;
    case JSON_FALSE:
        grog_jsontext_raw(t, "false", 5);
        return;
    case JSON_INTEGER:
        grog_jsontext_int(t, (long long)json_integer_value(j));
        return;
    case JSON_REAL:
        grog_jsontext_real(t, json_real_value(j));
        return;
    case JSON_STRING:
        put_string(t, json_string_value(j), json_string_length(j));
        return;
    case JSON_ARRAY: {
        grog_jsontext_raw(t, "[", 1);
        size_t i;
        json_t *v;
        json_array_foreach(j, i, v) {
            if (i > 0)
                grog_jsontext_raw(t, ",", 1);
            grog_jsontext_value(t, v);
        }
        grog_jsontext_raw(t, "]", 1);
        return;
    }
    case JSON_OBJECT: {
        grog_jsontext_raw(t, "{", 1);
        const char *k;
        size_t klen;
        json_t *v;
        int first = 1;
        json_object_keylen_foreach((json_t *)j, k, klen, v) {
            if (!first)
                grog_jsontext_raw(t, ",", 1);
            first = 0;
            put_string(t, k, klen);
            grog_jsontext_raw(t, ":", 1);
            grog_jsontext_value(t, v);
        }
        grog_jsontext_raw(t, "}", 1);
        return;
    }
    }
}
