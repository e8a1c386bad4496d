/* jsonpos.c — a tolerant JSON scanner that tracks the path of each value.
 *
 * The scanner walks the text once, keeping the current path in a buffer;
 * when the path of a value (or of an object key) equals the one sought it
 * records the position and stops. It never allocates and never reads past
 * the terminating NUL; malformed text simply ends the walk. */
#include <stdio.h>
#include <string.h>

#include "jsonpos.h"

#define PATH_MAX_LEN 512
#define MAX_DEPTH 256

typedef struct scan {
    const char *p;
    int line, col;
    const char *target;
    int want_key;
    char path[PATH_MAX_LEN];
    size_t len;
    int found, fline, fcol;
    int depth;
} scan;

static void advance(scan *s)
{
    if (*s->p == '\n') {
        s->line++;
        s->col = 1;
    } else if (((unsigned char)*s->p & 0xC0) != 0x80) {
        s->col++; /* count characters, not UTF-8 continuation bytes */
    }
    s->p++;
}

static void skip_ws(scan *s)
{
    while (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r')
        advance(s);
}

static int at_target(const scan *s)
{
    return strcmp(s->path, s->target) == 0;
}

static void mark(scan *s)
{
    s->found = 1;
    s->fline = s->line;
    s->fcol = s->col;
}

/* Copies a string token's raw contents into buf (escapes kept as-is except
 * \" and \\), advancing past the closing quote. 0 on malformed text. */
static int read_string(scan *s, char *buf, size_t size)
{
    size_t n = 0;
    advance(s); /* opening quote */
    while (*s->p != '\0' && *s->p != '"') {
        char ch = *s->p;
        if (ch == '\\') {
            advance(s);
            if (*s->p == '\0')
                return 0;
            ch = *s->p;
        }
        if (buf != NULL && n + 1 < size)
            buf[n++] = ch;
        advance(s);
    }
    if (buf != NULL)
        buf[n] = '\0';
    if (*s->p != '"')
        return 0;
    advance(s);
    return 1;
}

static int scan_value(scan *s);

static int scan_object(scan *s)
{
    size_t base = s->len;
    advance(s);
    skip_ws(s);
    if (*s->p == '}') {
        advance(s);
        return 1;
    }
    for (;;) {
        skip_ws(s);
        if (*s->p != '"')
            return 0;
        int kline = s->line, kcol = s->col;
        char key[128];
        if (!read_string(s, key, sizeof key))
            return 0;
        int w = snprintf(s->path + base, sizeof s->path - base, "%s%s", base ? "." : "", key);
        s->len = base + (w > 0 ? (size_t)w : 0);
        if (s->len >= sizeof s->path)
            s->len = sizeof s->path - 1;
        if (s->want_key && at_target(s)) {
            s->found = 1;
            s->fline = kline;
            s->fcol = kcol;
            return 0;
        }
        skip_ws(s);
        if (*s->p != ':')
            return 0;
        advance(s);
        if (!scan_value(s) || s->found)
            return 0;
        s->len = base;
        s->path[base] = '\0';
        skip_ws(s);
        if (*s->p == ',') {
            advance(s);
            continue;
        }
        if (*s->p == '}') {
            advance(s);
            return 1;
        }
        return 0;
    }
}

static int scan_array(scan *s)
{
    size_t base = s->len;
    advance(s);
    skip_ws(s);
    if (*s->p == ']') {
        advance(s);
        return 1;
    }
    for (int i = 0;; i++) {
        int w = snprintf(s->path + base, sizeof s->path - base, "[%d]", i);
        s->len = base + (w > 0 ? (size_t)w : 0);
        if (s->len >= sizeof s->path)
            s->len = sizeof s->path - 1;
        if (!scan_value(s) || s->found)
            return 0;
        s->len = base;
        s->path[base] = '\0';
        skip_ws(s);
        if (*s->p == ',') {
            advance(s);
            continue;
        }
        if (*s->p == ']') {
            advance(s);
            return 1;
        }
        return 0;
    }
}

static int scan_value(scan *s)
{
    skip_ws(s);
    if (!s->want_key && at_target(s)) {
        mark(s);
        return 0;
    }
    if (++s->depth > MAX_DEPTH)
        return 0;
    int ok;
    if (*s->p == '{')
        ok = scan_object(s);
    else if (*s->p == '[')
        ok = scan_array(s);
    else if (*s->p == '"')
        ok = read_string(s, NULL, 0);
    else {
        ok = 0;
        while (*s->p != '\0' && strchr(",}] \t\r\n", *s->p) == NULL) {
            advance(s);
            ok = 1;
        }
    }
    s->depth--;
    return ok;
}

static int find(const char *text, const char *path, int want_key, int *line, int *column)
{
    scan s;
    memset(&s, 0, sizeof s);
    s.p = text;
    s.line = 1;
    s.col = 1;
    s.target = path;
    s.want_key = want_key;
    scan_value(&s);
    if (!s.found)
        return 0;
    *line = s.fline;
    *column = s.fcol;
    return 1;
}

int grog_jsonpos_find(const char *text, const char *path, int *line, int *column)
{
    return find(text, path, 0, line, column);
}

int grog_jsonpos_find_key(const char *text, const char *path, int *line, int *column)
{
    return find(text, path, 1, line, column) || find(text, path, 0, line, column);
}

grog_status grog_jsonpos_verror(grog_error *err, grog_status status, const char *label,
                                const char *text, const char *path, const char *fmt,
                                va_list ap)
{
    int line = 1, col = 1;
    if (text != NULL && path != NULL)
        grog_jsonpos_find_key(text, path, &line, &col);
    char msg[GROG_ERROR_MAX];
    vsnprintf(msg, sizeof msg, fmt, ap);
    if (path != NULL && path[0] != '\0')
        return grog_error_set(err, status, "%s:%d:%d: %s: %s", label, line, col, path, msg);
    return grog_error_set(err, status, "%s:%d:%d: %s", label, line, col, msg);
}

grog_status grog_jsonpos_error(grog_error *err, grog_status status, const char *label,
                               const char *text, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    grog_status st = grog_jsonpos_verror(err, status, label, text, path, fmt, ap);
    va_end(ap);
    return st;
}
