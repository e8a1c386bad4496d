/* jsonpos.c — a tolerant JSON scanner that tracks the path of each value.
 *
 * The scanner walks the text once, keeping the current path in a buffer and
 * a hash of it (extended by each new key or index, never recomputed from the
 * start); every key and value whose path is one of those sought has its
 * position recorded, the first time only. Finding one path stops as soon as
 * its answer is known; finding many (grog_jsonpos_find_keys) is one walk for
 * all of them, so reporting n problems of a file costs one pass, not n.
 * It never reads past the terminating NUL; malformed text simply ends the
 * walk, as does nesting deeper than MAX_DEPTH. Paths longer than the buffer
 * are truncated, and so are keys longer than 127 bytes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "jsonpos.h"

#define PATH_MAX_LEN 512
#define MAX_DEPTH 256
#define FNV_BASIS 1469598103934665603ULL
#define FNV_PRIME 1099511628211ULL

/* One path sought, and where it was seen. */
typedef struct wanted {
    const char *path;
    uint64_t hash;
    int key_found, key_line, key_col;
    int val_found, val_line, val_col;
} wanted;

typedef struct scan {
    const char *p;
    int line, col;
    char path[PATH_MAX_LEN];
    size_t len;
    uint64_t hash; /* of path[0..len) */
    int depth;
    wanted *w;
    size_t nw;
    size_t *slots; /* open addressing over w, by hash; NONE empty */
    size_t nslots; /* a power of two */
    int stop_on;   /* 1: stop when w[0]'s key is found, 2: its value; 0 never */
    int stopped;
} scan;

#define NONE SIZE_MAX

static uint64_t hash_more(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= FNV_PRIME;
    }
    return h;
}

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

/* The wanted entry for the current path, or NULL. */
static wanted *lookup(const scan *s)
{
    size_t mask = s->nslots - 1;
    for (size_t i = (size_t)s->hash & mask;; i = (i + 1) & mask) {
        size_t k = s->slots[i];
        if (k == NONE)
            return NULL;
        if (s->w[k].hash == s->hash && strcmp(s->w[k].path, s->path) == 0)
            return &s->w[k];
    }
}

static void seen_key(scan *s, int line, int col)
{
    wanted *w = lookup(s);
    if (w == NULL || w->key_found)
        return;
    w->key_found = 1;
    w->key_line = line;
    w->key_col = col;
    if (s->stop_on == 1)
        s->stopped = 1;
}

static void seen_value(scan *s)
{
    wanted *w = lookup(s);
    if (w == NULL || w->val_found)
        return;
    w->val_found = 1;
    w->val_line = s->line;
    w->val_col = s->col;
    if (s->stop_on == 2)
        s->stopped = 1;
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

/* Sets the path to base + sep + part (truncated to the buffer) and its
 * hash to base_hash extended by the new part. */
static void path_set(scan *s, size_t base, uint64_t base_hash, const char *sep, const char *part)
{
    int w = snprintf(s->path + base, sizeof s->path - base, "%s%s", sep, part);
    s->len = base + (w > 0 ? (size_t)w : 0);
    if (s->len >= sizeof s->path)
        s->len = sizeof s->path - 1;
    s->hash = hash_more(base_hash, s->path + base, s->len - base);
}

static void path_reset(scan *s, size_t base, uint64_t base_hash)
{
    s->len = base;
    s->path[base] = '\0';
    s->hash = base_hash;
}

static int scan_value(scan *s);

static int scan_object(scan *s)
{
    size_t base = s->len;
    uint64_t base_hash = s->hash;
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
        path_set(s, base, base_hash, base ? "." : "", key);
        seen_key(s, kline, kcol);
        if (s->stopped)
            return 0;
        skip_ws(s);
        if (*s->p != ':')
            return 0;
        advance(s);
        if (!scan_value(s) || s->stopped)
            return 0;
        path_reset(s, base, base_hash);
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
    uint64_t base_hash = s->hash;
    advance(s);
    skip_ws(s);
    if (*s->p == ']') {
        advance(s);
        return 1;
    }
    for (int i = 0;; i++) {
        char num[24];
        snprintf(num, sizeof num, "[%d]", i);
        path_set(s, base, base_hash, "", num);
        if (!scan_value(s) || s->stopped)
            return 0;
        path_reset(s, base, base_hash);
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
    seen_value(s);
    if (s->stopped)
        return 0;
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

/* Walks text once for the n paths of w; slots is scratch for the table:
 * nslots entries, a power of two greater than n. */
static void walk(const char *text, wanted *w, size_t n, size_t *slots, size_t nslots,
                 int stop_on)
{
    scan s;
    memset(&s, 0, sizeof s);
    s.p = text;
    s.line = 1;
    s.col = 1;
    s.hash = FNV_BASIS;
    s.w = w;
    s.nw = n;
    s.slots = slots;
    s.nslots = nslots;
    s.stop_on = stop_on;
    for (size_t i = 0; i < nslots; i++)
        slots[i] = NONE;
    for (size_t k = 0; k < n; k++) {
        w[k].hash = hash_more(FNV_BASIS, w[k].path, strlen(w[k].path));
        size_t i = (size_t)w[k].hash & (nslots - 1);
        while (slots[i] != NONE)
            i = (i + 1) & (nslots - 1);
        slots[i] = k;
    }
    scan_value(&s);
}

static int find(const char *text, const char *path, int want_key, int *line, int *column)
{
    wanted w;
    memset(&w, 0, sizeof w);
    w.path = path;
    size_t slots[2];
    walk(text, &w, 1, slots, 2, want_key ? 1 : 2);
    if (want_key && w.key_found) {
        *line = w.key_line;
        *column = w.key_col;
        return 1;
    }
    if (!w.val_found)
        return 0;
    *line = w.val_line;
    *column = w.val_col;
    return 1;
}

int grog_jsonpos_find(const char *text, const char *path, int *line, int *column)
{
    return find(text, path, 0, line, column);
}

int grog_jsonpos_find_key(const char *text, const char *path, int *line, int *column)
{
    return find(text, path, 1, line, column);
}

int grog_jsonpos_find_keys(const char *text, const char *const *paths, size_t n, int *found,
                           int *line, int *column)
{
    size_t nslots = 2;
    while (nslots < 2 * n + 1)
        nslots *= 2;
    wanted *w = calloc(n ? n : 1, sizeof *w);
    size_t *slots = malloc(nslots * sizeof *slots);
    if (w == NULL || slots == NULL) {
        free(w);
        free(slots);
        return 0;
    }
    for (size_t k = 0; k < n; k++)
        w[k].path = paths[k];
    walk(text, w, n, slots, nslots, 0);
    /* A path sought twice: the first entry holds the answer (lookup stops
     * there), the others copy it. */
    for (size_t k = 0; k < n; k++) {
        const wanted *src = &w[k];
        for (size_t i = (size_t)w[k].hash & (nslots - 1); slots[i] != NONE;
             i = (i + 1) & (nslots - 1))
            if (strcmp(w[slots[i]].path, w[k].path) == 0) {
                src = &w[slots[i]];
                break;
            }
        found[k] = src->key_found || src->val_found;
        line[k] = src->key_found ? src->key_line : src->val_line;
        column[k] = src->key_found ? src->key_col : src->val_col;
        if (!found[k])
            line[k] = column[k] = 0;
    }
    free(w);
    free(slots);
    return 1;
}

grog_status grog_jsonpos_verror(grog_error *err, grog_status status, const char *label,
                                const char *text, const char *path, const char *fmt,
                                va_list ap)
{
    int line = 1, col = 1;
    if (text != NULL && path != NULL)
        grog_jsonpos_find_key(text, path, &line, &col);
    char msg[GROG_ERROR_MAX];
    grog_text_vsnprintf(msg, sizeof msg, fmt, ap);
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
