/* text.c — checking and escaping outside text (text.h).
 *
 * One UTF-8 decoder serves the check and both escapers, so that what the
 * check accepts is exactly what the escapers leave alone. The decoder
 * follows RFC 3629: no overlong forms, no surrogates, nothing above
 * U+10FFFF. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "i18n.h"

int grog_text_utf8_decode(const char *s, size_t len, uint32_t *cp)
{
    const unsigned char *p = (const unsigned char *)s;
    if (len == 0)
        return -1;
    unsigned char c = p[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    int n;
    uint32_t v, min;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        v = c & 0x1F;
        min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        v = c & 0x0F;
        min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        v = c & 0x07;
        min = 0x10000;
    } else {
        return 0; /* a continuation byte, C0, C1 or F5..FF */
    }
    for (int i = 1; i < n; i++) {
        if ((size_t)i >= len)
            return -1;
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        v = (v << 6) | (p[i] & 0x3F);
        /* Reject early what can no longer be valid, so that a cut-short
         * sequence (-1) is always the prefix of a valid one. */
        if (i == 1 && ((n == 3 && c == 0xE0 && p[1] < 0xA0) ||
                       (n == 3 && c == 0xED && p[1] >= 0xA0) ||
                       (n == 4 && c == 0xF0 && p[1] < 0x90) ||
                       (n == 4 && c == 0xF4 && p[1] >= 0x90)))
            return 0;
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return n;
}

/* The bidirectional embeddings, overrides and isolates (U+202A..U+202E,
 * U+2066..U+2069): they change how the text around them reads ("Trojan
 * Source"), so a note or a word could show one thing and hold another. */
static int bidi_control(uint32_t cp)
{
    return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

int grog_text_forbidden(uint32_t cp, int multiline)
{
    if (multiline && (cp == '\n' || cp == '\t'))
        return 0;
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0xFFFE || cp == 0xFFFF ||
           bidi_control(cp);
}

/* err = "what: reason" (or the reason alone when what is NULL or ""). */
static grog_status refuse(grog_error *err, const char *what, const char *reason)
{
    if (what == NULL || what[0] == '\0')
        return grog_error_set(err, GROG_EINVAL, "%s", reason);
    return grog_error_set(err, GROG_EINVAL, "%s: %s", what, reason);
}

grog_status grog_text_check(const char *text, size_t len, size_t max, int flags,
                            const char *what, grog_error *err)
{
    char reason[256];
    if (len > max) {
        snprintf(reason, sizeof reason, _("too long: %zu bytes, at most %zu"), len, max);
        return refuse(err, what, reason);
    }
    size_t i = 0;
    while (i < len) {
        uint32_t cp = 0;
        int n = grog_text_utf8_decode(text + i, len - i, &cp);
        if (n <= 0) {
            snprintf(reason, sizeof reason,
                     _("not valid UTF-8 at byte %zu (text must be written in UTF-8)"), i + 1);
            return refuse(err, what, reason);
        }
        if (bidi_control(cp)) {
            snprintf(reason, sizeof reason,
                     _("the character U+%04X at byte %zu is not allowed (a bidirectional "
                       "override or isolate: it would change how the text around it reads)"),
                     (unsigned)cp, i + 1);
            return refuse(err, what, reason);
        }
        if (grog_text_forbidden(cp, flags & GROG_TEXT_MULTILINE)) {
            snprintf(reason, sizeof reason,
                     _("the character U+%04X at byte %zu is not allowed (no control "
                       "characters, no U+FFFE or U+FFFF)"),
                     (unsigned)cp, i + 1);
            return refuse(err, what, reason);
        }
        i += (size_t)n;
    }
    return GROG_OK;
}

grog_status grog_text_check_words(int argc, const char *const *argv, grog_error *err)
{
    if (argc < 1)
        return grog_error_set(err, GROG_EINVAL, _("no action given"));
    if (argc > GROG_WORDS_MAX)
        return grog_error_set(err, GROG_EINVAL,
                              _("action too long: %d words, at most %d"), argc, GROG_WORDS_MAX);
    size_t total = 0;
    for (int i = 0; i < argc; i++) {
        char what[64];
        snprintf(what, sizeof what, _("word %d of the action"), i + 1);
        size_t n = strlen(argv[i]);
        grog_status st = grog_text_check(argv[i], n, GROG_WORD_MAX, GROG_TEXT_LINE, what, err);
        if (st != GROG_OK)
            return st;
        total += n;
    }
    if (total > GROG_ACTION_MAX)
        return grog_error_set(err, GROG_EINVAL, _("action too long: %zu bytes, at most %d"),
                              total, GROG_ACTION_MAX);
    return GROG_OK;
}

/* ---- escaping ---- */

typedef struct buf {
    char *p;
    size_t n, cap;
    int oom;
} buf;

static void put(buf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (b->n + n + 1 > cap)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (p == NULL) {
            b->oom = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}

static char *finish(buf *b)
{
    put(b, "", 0);
    if (b->oom) {
        free(b->p);
        return NULL;
    }
    return b->p;
}

static const char REPLACEMENT[] = "\xEF\xBF\xBD"; /* U+FFFD */

char *grog_text_xml_escape(const char *text)
{
    buf b = {NULL, 0, 0, 0};
    size_t len = strlen(text), i = 0;
    while (i < len) {
        uint32_t cp = 0;
        int n = grog_text_utf8_decode(text + i, len - i, &cp);
        if (n <= 0) {
            put(&b, REPLACEMENT, 3);
            i++;
            continue;
        }
        switch (cp) {
        case '&': put(&b, "&amp;", 5); break;
        case '<': put(&b, "&lt;", 4); break;
        case '>': put(&b, "&gt;", 4); break;
        case '"': put(&b, "&quot;", 6); break;
        case '\'': put(&b, "&apos;", 6); break;
        default:
            if (grog_text_forbidden(cp, 0))
                put(&b, REPLACEMENT, 3);
            else
                put(&b, text + i, (size_t)n);
        }
        i += (size_t)n;
    }
    return finish(&b);
}

/* Printable ASCII, line feed and tab: written as they are. */
static int terminal_plain(unsigned char c)
{
    return (c >= 0x20 && c < 0x7F) || c == '\n' || c == '\t';
}

char *grog_text_terminal_escape(const char *text, size_t len)
{
    buf b = {NULL, 0, 0, 0};
    size_t i = 0;
    while (i < len) {
        size_t run = i; /* a run of plain bytes is copied at once */
        while (run < len && terminal_plain((unsigned char)text[run]))
            run++;
        if (run > i) {
            put(&b, text + i, run - i);
            i = run;
            continue;
        }
        uint32_t cp = 0;
        int n = grog_text_utf8_decode(text + i, len - i, &cp);
        if (n <= 0) {
            put(&b, REPLACEMENT, 3);
            i++;
            continue;
        }
        if (cp != '\n' && cp != '\t' && grog_text_forbidden(cp, 0) && cp < 0x100) {
            char esc[8];
            snprintf(esc, sizeof esc, "\\u%04X", (unsigned)cp);
            put(&b, esc, 6);
        } else {
            put(&b, text + i, (size_t)n);
        }
        i += (size_t)n;
    }
    return finish(&b);
}

size_t grog_text_utf8_trim(char *s)
{
    size_t len = strlen(s);
    size_t k = len; /* the last lead byte at or before the end */
    while (k > 0 && len - k < 4 && ((unsigned char)s[k - 1] & 0xC0) == 0x80)
        k--;
    if (k == 0)
        return len;
    uint32_t cp;
    if (grog_text_utf8_decode(s + k - 1, len - (k - 1), &cp) == -1) {
        s[k - 1] = '\0';
        return k - 1;
    }
    return len;
}

int grog_text_vsnprintf(char *out, size_t size, const char *fmt, va_list ap)
{
    int n = vsnprintf(out, size, fmt, ap);
    if (size > 0 && n >= 0 && (size_t)n >= size)
        grog_text_utf8_trim(out);
    return n;
}

int grog_text_snprintf(char *out, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = grog_text_vsnprintf(out, size, fmt, ap);
    va_end(ap);
    return n;
}
