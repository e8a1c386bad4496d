/* jsontext.c — compact JSON text, as jansson dumps it (jsontext.h).
 *
 * Mirrors jansson 2.14's dump.c and strconv.c for JSON_COMPACT without other
 * flags: strings escape only '"', '\\' and control characters (\b \f \n \r
 * \t by name, others as \u00XX in upper-case hex), everything else, UTF-8
 * included, as it is; integers in decimal; reals as "%.17g" in the C form.
 * Objects keep their keys' order (jansson keeps insertion order). */
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

/* Room for n more bytes and the NUL; 0 (and bad) when out of memory. */
static int room(grog_jsontext *t, size_t n)
{
    if (t->bad)
        return 0;
    if (t->len + n + 1 <= t->cap)
        return 1;
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

static void put_string(grog_jsontext *t, const char *s, size_t n)
{
    /* the worst case is 6 bytes out for every byte in (\u00XX) */
    if (!room(t, n * 6 + 2))
        return;
    char *o = t->s + t->len;
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
        unsigned char c = *p;
        if (c < 0x80) {
            o += escape(c, o);
            p++;
        } else {
            uint32_t cp;
            int k = grog_text_utf8_decode((const char *)p, (size_t)(end - p), &cp);
            if (k <= 0) {
                t->bad = 1; /* jansson holds no such string */
                return;
            }
            memcpy(o, p, (size_t)k);
            o += k;
            p += k;
        }
    }
    *o++ = '"';
    t->len = (size_t)(o - t->s);
    t->s[t->len] = '\0';
}

void grog_jsontext_str(grog_jsontext *t, const char *s)
{
    if (s == NULL)
        grog_jsontext_raw(t, "null", 4);
    else
        put_string(t, s, strlen(s));
}

void grog_jsontext_int(grog_jsontext *t, long long v)
{
    char buf[24];
    char *p = buf + sizeof buf;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u != 0);
    if (v < 0)
        *--p = '-';
    grog_jsontext_raw(t, p, (size_t)(buf + sizeof buf - p));
}

void grog_jsontext_real(grog_jsontext *t, double v)
{
    if (!isfinite(v)) {
        t->bad = 1;
        return;
    }
    char buf[64];
    int n = snprintf(buf, sizeof buf - 3, "%.17g", v);
    if (n < 0 || (size_t)n >= sizeof buf - 3) {
        t->bad = 1;
        return;
    }
    size_t len = (size_t)n;
    char point = localeconv()->decimal_point[0];
    char *dot = point != '.' && point != '\0' ? strchr(buf, point) : NULL;
    if (dot != NULL)
        *dot = '.';
    if (strchr(buf, '.') == NULL && strchr(buf, 'e') == NULL) {
        memcpy(buf + len, ".0", 3);
        len += 2;
    }
    char *e = strchr(buf, 'e');
    if (e != NULL) { /* "1e+20" -> "1e20", "1e-05" -> "1e-5" */
        char *start = e + 1, *digits = e + 2;
        if (*start == '-')
            start++;
        while (*digits == '0')
            digits++;
        if (digits != start) {
            memmove(start, digits, len - (size_t)(digits - buf) + 1);
            len -= (size_t)(digits - start);
        }
    }
    grog_jsontext_raw(t, buf, len);
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
