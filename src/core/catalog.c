/* catalog.c — a GNU .mo file read without gettext, so that each thread may
 * speak its own language (see catalog.h).
 *
 * The file: a magic number (0x950412de, written in either byte order, which
 * gives the order of every other number), a revision (major 0 or 1), the
 * number of strings N, the offsets of two tables of N (length, offset) pairs:
 * the originals, sorted, and their translations. A plural original is
 * "ONE\0MANY", its translation "T0\0T1\0..."; a context is "CTX\004ID". The
 * header is the translation of "": its Plural-Forms line gives nplurals and
 * the C expression of n that picks a form.
 *
 * Invariants: every string of both tables lies inside the copy with its
 * terminating NUL (checked once, at parse time), the originals are strictly
 * increasing by strcmp, and `plural` (when not NULL) is an expression that
 * parses (nesting at most MAX_DEPTH), so lookups never check bounds again. */
#include "catalog.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

#define MO_MAGIC 0x950412deu
#define MO_SWAPPED 0xde120495u
#define MO_HEADER 28u
#define MAX_DEPTH 64
#define MAX_FILE (64u * 1024u * 1024u)

struct grog_catalog {
    unsigned char *data;
    size_t size;
    int swap;
    uint32_t n;
    uint32_t originals;
    uint32_t translations;
    char *plural;           /* the expression after "plural=", or NULL */
    unsigned long nplurals; /* 2 when the header names none */
};

static const grog_catalog english = {NULL, 0, 0, 0, 0, 0, NULL, 2};

const grog_catalog *grog_catalog_english(void)
{
    return &english;
}

/* ---- the file ---- */

static uint32_t word_at(const grog_catalog *c, size_t off)
{
    uint32_t w;
    memcpy(&w, c->data + off, sizeof w);
    if (c->swap)
        w = (w >> 24) | ((w >> 8) & 0xff00u) | ((w << 8) & 0xff0000u) | (w << 24);
    return w;
}

/* String i of the table at `table` (its length into *len). */
static const char *string_at(const grog_catalog *c, uint32_t table, uint32_t i, uint32_t *len)
{
    size_t entry = (size_t)table + (size_t)i * 8u;
    if (len != NULL)
        *len = word_at(c, entry);
    return (const char *)c->data + word_at(c, entry + 4);
}

/* 1 when the table at `table` holds n strings inside the file, each ending
 * with a NUL. */
static int table_ok(const grog_catalog *c, uint32_t table)
{
    if ((size_t)table > c->size || ((size_t)c->n * 8u) > c->size - table)
        return 0;
    for (uint32_t i = 0; i < c->n; i++) {
        size_t entry = (size_t)table + (size_t)i * 8u;
        size_t len = word_at(c, entry), off = word_at(c, entry + 4);
        if (off > c->size || len >= c->size - off || c->data[off + len] != '\0')
            return 0;
    }
    return 1;
}

static int sorted(const grog_catalog *c)
{
    for (uint32_t i = 1; i < c->n; i++)
        if (strcmp(string_at(c, c->originals, i - 1, NULL),
                   string_at(c, c->originals, i, NULL)) >= 0)
            return 0;
    return 1;
}

/* ---- Plural-Forms: a recursive-descent evaluator of gettext's C subset ---- */

typedef struct expr {
    const char *p;
    unsigned long n;
    int bad;   /* a syntax error (or nesting too deep) */
    int zero;  /* a division by zero was evaluated */
    int depth;
} expr;

static unsigned long parse_cond(expr *e, int eval);

static void skip_space(expr *e)
{
    while (*e->p == ' ' || *e->p == '\t' || *e->p == '\n' || *e->p == '\r')
        e->p++;
}

/* Takes the operator `op` if it is next (and is not the start of a longer
 * one, such as "<" of "<="). */
static int take(expr *e, const char *op)
{
    skip_space(e);
    size_t n = strlen(op);
    if (strncmp(e->p, op, n) != 0)
        return 0;
    if (n == 1 && (op[0] == '<' || op[0] == '>' || op[0] == '!') && e->p[1] == '=')
        return 0;
    e->p += n;
    return 1;
}

static unsigned long parse_primary(expr *e, int eval)
{
    skip_space(e);
    if (*e->p == 'n') {
        e->p++;
        return e->n;
    }
    if (*e->p >= '0' && *e->p <= '9') {
        unsigned long v = 0;
        while (*e->p >= '0' && *e->p <= '9')
            v = v * 10u + (unsigned long)(*e->p++ - '0');
        return v;
    }
    if (take(e, "(")) {
        unsigned long v = parse_cond(e, eval);
        if (!take(e, ")"))
            e->bad = 1;
        return v;
    }
    e->bad = 1;
    return 0;
}

static unsigned long parse_unary(expr *e, int eval)
{
    if (++e->depth > MAX_DEPTH) {
        e->bad = 1;
        return 0;
    }
    unsigned long v = take(e, "!") ? !parse_unary(e, eval) : parse_primary(e, eval);
    e->depth--;
    return v;
}

static unsigned long parse_mul(expr *e, int eval)
{
    unsigned long v = parse_unary(e, eval);
    for (;;) {
        char op = take(e, "*") ? '*' : take(e, "/") ? '/' : take(e, "%") ? '%' : 0;
        if (op == 0 || e->bad)
            return v;
        unsigned long r = parse_unary(e, eval);
        if (!eval)
            continue;
        if (op != '*' && r == 0) {
            e->zero = 1;
            v = 0;
        } else {
            v = op == '*' ? v * r : op == '/' ? v / r : v % r;
        }
    }
}

static unsigned long parse_add(expr *e, int eval)
{
    unsigned long v = parse_mul(e, eval);
    for (;;) {
        char op = take(e, "+") ? '+' : take(e, "-") ? '-' : 0;
        if (op == 0 || e->bad)
            return v;
        unsigned long r = parse_mul(e, eval);
        v = op == '+' ? v + r : v - r;
    }
}

static unsigned long parse_rel(expr *e, int eval)
{
    unsigned long v = parse_add(e, eval);
    for (;;) {
        int op = take(e, "<=") ? 1 : take(e, ">=") ? 2 : take(e, "<") ? 3 : take(e, ">") ? 4 : 0;
        if (op == 0 || e->bad)
            return v;
        unsigned long r = parse_add(e, eval);
        v = op == 1 ? v <= r : op == 2 ? v >= r : op == 3 ? v < r : v > r;
    }
}

static unsigned long parse_eq(expr *e, int eval)
{
    unsigned long v = parse_rel(e, eval);
    for (;;) {
        int op = take(e, "==") ? 1 : take(e, "!=") ? 2 : 0;
        if (op == 0 || e->bad)
            return v;
        unsigned long r = parse_rel(e, eval);
        v = op == 1 ? v == r : v != r;
    }
}

static unsigned long parse_and(expr *e, int eval)
{
    unsigned long v = parse_eq(e, eval);
    while (!e->bad && take(e, "&&")) {
        unsigned long r = parse_eq(e, eval && v);
        v = v && r;
    }
    return v;
}

static unsigned long parse_or(expr *e, int eval)
{
    unsigned long v = parse_and(e, eval);
    while (!e->bad && take(e, "||")) {
        unsigned long r = parse_and(e, eval && !v);
        v = v || r;
    }
    return v;
}

static unsigned long parse_cond(expr *e, int eval)
{
    if (++e->depth > MAX_DEPTH) {
        e->bad = 1;
        return 0;
    }
    unsigned long v = parse_or(e, eval);
    if (!e->bad && take(e, "?")) {
        unsigned long a = parse_cond(e, eval && v);
        if (!take(e, ":"))
            e->bad = 1;
        unsigned long b = parse_cond(e, eval && !v);
        v = v ? a : b;
    }
    e->depth--;
    return v;
}

/* Evaluates the whole expression for n: 0 and *ok = 0 when it does not
 * parse, ends too early or divides by zero. */
static unsigned long evaluate(const char *text, unsigned long n, int *ok)
{
    expr e = {text, n, 0, 0, 0};
    unsigned long v = parse_cond(&e, 1);
    skip_space(&e);
    *ok = !e.bad && !e.zero && (*e.p == '\0' || *e.p == ';');
    return *ok ? v : 0;
}

/* Reads "nplurals=N; plural=EXPR;" from the header, if there. 0 when the
 * line is there but malformed. */
static int read_plural_forms(grog_catalog *c)
{
    const char *h = grog_catalog_gettext(c, "");
    const char *line = strstr(h, "Plural-Forms:");
    if (line == NULL || h[0] == '\0')
        return 1;
    const char *np = strstr(line, "nplurals=");
    const char *pl = strstr(line, "plural=");
    while (pl != NULL && pl > line && pl[-1] == 'n')
        pl = strstr(pl + 1, "plural=");
    const char *end = line + strcspn(line, "\n");
    if (np == NULL || pl == NULL || np > end || pl > end)
        return 0;
    char *stop;
    c->nplurals = strtoul(np + 9, &stop, 10);
    if (stop == np + 9 || c->nplurals == 0 || c->nplurals > 100)
        return 0;
    pl += 7;
    size_t len = strcspn(pl, ";\n");
    c->plural = malloc(len + 1);
    if (c->plural == NULL)
        return -1;
    memcpy(c->plural, pl, len);
    c->plural[len] = '\0';
    expr e = {c->plural, 0, 0, 0, 0};
    parse_cond(&e, 0);
    skip_space(&e);
    return !e.bad && *e.p == '\0';
}

/* ---- making one ---- */

static grog_status refuse(grog_catalog *c, grog_error *err)
{
    grog_catalog_free(c);
    return grog_error_set(err, GROG_EFORMAT, "%s",
                          _("not a well-formed message catalogue (.mo file)"));
}

grog_status grog_catalog_parse(const void *data, size_t size, grog_catalog **out,
                               grog_error *err)
{
    *out = NULL;
    grog_catalog *c = calloc(1, sizeof *c);
    if (c == NULL || (c->data = malloc(size > 0 ? size : 1)) == NULL) {
        free(c);
        return grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
    }
    if (size > 0)
        memcpy(c->data, data, size);
    c->size = size;
    c->nplurals = 2;
    if (size < MO_HEADER || size > MAX_FILE)
        return refuse(c, err);
    uint32_t magic;
    memcpy(&magic, c->data, sizeof magic);
    if (magic != MO_MAGIC && magic != MO_SWAPPED)
        return refuse(c, err);
    c->swap = magic == MO_SWAPPED;
    if ((word_at(c, 4) >> 16) > 1)
        return refuse(c, err);
    c->n = word_at(c, 8);
    c->originals = word_at(c, 12);
    c->translations = word_at(c, 16);
    if (!table_ok(c, c->originals) || !table_ok(c, c->translations) || !sorted(c))
        return refuse(c, err);
    int forms = read_plural_forms(c);
    if (forms < 0) {
        grog_catalog_free(c);
        return grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
    }
    if (forms == 0)
        return refuse(c, err);
    *out = c;
    return GROG_OK;
}

grog_status grog_catalog_load(const char *path, grog_catalog **out, grog_error *err)
{
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return grog_error_set(err, GROG_EIO, "%s: %s: %s", path, _("cannot open"),
                              strerror(errno));
    unsigned char *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            unsigned char *b = cap < MAX_FILE + 1u ? realloc(buf, cap = cap ? 2 * cap : 65536)
                                                   : NULL;
            if (b == NULL)
                break;
            buf = b;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    int failed = ferror(f) || len == cap;
    fclose(f);
    grog_status st = failed ? grog_error_set(err, GROG_EIO, "%s: %s", path, _("cannot read"))
                            : grog_catalog_parse(buf, len, out, err);
    free(buf);
    if (st == GROG_EFORMAT)
        grog_error_set(err, GROG_EFORMAT, "%s: %s", path,
                       _("not a well-formed message catalogue (.mo file)"));
    return st;
}

void grog_catalog_free(grog_catalog *c)
{
    if (c == NULL || c == &english)
        return;
    free(c->data);
    free(c->plural);
    free(c);
}

/* ---- looking up ---- */

/* The index of msgid among the originals, or -1. */
static long find(const grog_catalog *c, const char *msgid)
{
    uint32_t lo = 0, hi = c->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int cmp = strcmp(msgid, string_at(c, c->originals, mid, NULL));
        if (cmp == 0)
            return (long)mid;
        if (cmp < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return -1;
}

const char *grog_catalog_gettext(const grog_catalog *c, const char *msgid)
{
    long i = find(c, msgid);
    if (i < 0)
        return msgid;
    const char *t = string_at(c, c->translations, (uint32_t)i, NULL);
    return t[0] != '\0' || msgid[0] == '\0' ? t : msgid;
}

unsigned long grog_catalog_plural(const grog_catalog *c, unsigned long n)
{
    if (c->plural == NULL)
        return n != 1;
    int ok;
    unsigned long v = evaluate(c->plural, n, &ok);
    return ok && v < c->nplurals ? v : 0;
}

const char *grog_catalog_ngettext(const grog_catalog *c, const char *one, const char *many,
                                  unsigned long n)
{
    long i = find(c, one);
    const char *fallback = n == 1 ? one : many;
    if (i < 0)
        return fallback;
    uint32_t len;
    const char *t = string_at(c, c->translations, (uint32_t)i, &len);
    const char *end = t + len;
    for (unsigned long form = grog_catalog_plural(c, n); form > 0 && t < end; form--)
        t += strlen(t) + 1;
    return t < end && t[0] != '\0' ? t : fallback;
}
