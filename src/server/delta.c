/* delta.c — Myers' O(ND) line difference and the "lines" delta body. See
 * delta.h for what a line and a hunk are.
 *
 * The difference (E. Myers, "An O(ND) Difference Algorithm and Its
 * Variations", 1986): for d = 0, 1, ... edits, the furthest point reached on
 * each diagonal k = x - y of the edit graph (x old lines, y new lines
 * consumed), following equal lines for free; the first d that reaches the
 * end is the fewest edits. The furthest points of every d are kept (d^2
 * entries in all), so that the path is read back from the end. The common
 * first and last lines are set aside first, compared byte for byte; the
 * lines between by length and zlib's CRC-32 first, then byte for byte:
 * equal always means equal bytes. Over ANCHOR_FROM lines, the texts are
 * first cut at the lines each holds once, matched in order (the longest
 * such chain, as "patience" difference does), and Myers runs between them.
 *
 * Invariants: every point stored lies inside the grid (x <= N, y <= M); a
 * diagonal no path reaches with d edits holds -1. */
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "delta.h"

/* ---- a text's lines ---- */

typedef struct lines {
    size_t n;
    const char **at;
    size_t *len;
    uint32_t *crc;
} lines;

static void lines_free(lines *l)
{
    free(l->at);
    free(l->len);
    free(l->crc);
}

/* Cuts text into lines; their CRCs are left to lines_crc (only the lines
 * a difference compares need them). */
static int lines_cut(const char *text, size_t size, lines *l)
{
    size_t room = size / 32 + 16, n = 0;
    l->at = malloc(room * sizeof *l->at);
    l->len = malloc(room * sizeof *l->len);
    l->crc = NULL;
    const char *p = text, *end = text + size;
    for (int last = 0; !last && l->at != NULL && l->len != NULL; n++) {
        if (n == room) {
            room *= 2;
            const char **at = realloc(l->at, room * sizeof *at);
            if (at != NULL)
                l->at = at;
            size_t *len = at != NULL ? realloc(l->len, room * sizeof *len) : NULL;
            if (at == NULL || len == NULL)
                break;
            l->len = len;
        }
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        last = nl == NULL;
        const char *e = nl != NULL ? nl : end;
        l->at[n] = p;
        l->len[n] = (size_t)(e - p);
        p = e + 1;
    }
    l->n = n;
    if (l->at == NULL || l->len == NULL || n == 0 || l->at[n - 1] + l->len[n - 1] != end) {
        lines_free(l);
        return -1;
    }
    return 0;
}

/* The CRCs of lines from .. to - 1 (the others' stay unset). */
static int lines_crc(lines *l, size_t from, size_t to)
{
    l->crc = malloc((l->n > 0 ? l->n : 1) * sizeof *l->crc);
    if (l->crc == NULL)
        return -1;
    for (size_t i = from; i < to; i++)
        l->crc[i] = (uint32_t)crc32(0L, (const Bytef *)l->at[i], (uInt)l->len[i]);
    return 0;
}

/* Equal lines, by their bytes (the common first and last lines). */
static int equal(const lines *a, size_t i, const lines *b, size_t j)
{
    return a->len[i] == b->len[j] && memcmp(a->at[i], b->at[j], a->len[i]) == 0;
}

/* Equal lines, by their CRCs first (those lines_crc worked out). */
static int same(const lines *a, size_t i, const lines *b, size_t j)
{
    return a->len[i] == b->len[j] && a->crc[i] == b->crc[j] &&
           memcmp(a->at[i], b->at[j], a->len[i]) == 0;
}

/* ---- Myers ---- */

/* The lines compared: old lines a0.. (n of them) against new lines b0..
 * (m of them), with the furthest points of each d (trace). */
typedef struct grid {
    const lines *a, *b;
    size_t a0, b0;
    long n, m;
    int32_t *trace; /* d's points at trace[d * d + k + d], k = -d..d */
    size_t room;
} grid;

/* The point on diagonal k a d-th edit reaches before its equal lines, from
 * d - 1's points (prev, index k + d - 1): -1 when none inside the grid;
 * *down: it came by an insertion (from diagonal k + 1) rather than a
 * deletion (from k - 1). Ties go to the insertion, as in Myers' paper. */
static long reach(const grid *g, const int32_t *prev, long d, long k, int *down)
{
    long xd = -1, xr = -1;
    if (k + 1 <= d - 1 && prev[k + 1 + d - 1] >= 0 && prev[k + 1 + d - 1] - k <= g->m)
        xd = prev[k + 1 + d - 1];
    if (k - 1 >= -(d - 1) && prev[k - 1 + d - 1] >= 0 && prev[k - 1 + d - 1] + 1 <= g->n)
        xr = prev[k - 1 + d - 1] + 1;
    *down = xd >= 0 && xd >= xr;
    return *down ? xd : xr;
}

/* Forward: the fewest edits d (<= max) reaching (n, m), or -1 (more are
 * needed), -2 (out of memory). */
static long forward(grid *g, long max)
{
    for (long d = 0; d <= max; d++) {
        size_t need = (size_t)(d + 1) * (size_t)(d + 1);
        if (need > g->room) {
            size_t room = g->room > 0 ? g->room * 2 : 64;
            while (room < need)
                room *= 2;
            int32_t *t = realloc(g->trace, room * sizeof *t);
            if (t == NULL)
                return -2;
            g->trace = t;
            g->room = room;
        }
        int32_t *cur = g->trace + (size_t)d * (size_t)d;
        const int32_t *prev = d > 0 ? g->trace + (size_t)(d - 1) * (size_t)(d - 1) : NULL;
        for (long k = -d; k <= d; k += 2) {
            int down = 0;
            long x = d == 0 ? 0 : reach(g, prev, d, k, &down);
            if (x >= 0) {
                long y = x - k;
                while (x < g->n && y < g->m &&
                       same(g->a, g->a0 + (size_t)x, g->b, g->b0 + (size_t)y))
                    x++, y++;
                if (x >= g->n && y >= g->m) {
                    cur[k + d] = (int32_t)x;
                    return d;
                }
            }
            cur[k + d] = (int32_t)x;
        }
    }
    return -1;
}

/* One edit read back: a deletion of old line x, or an insertion of new
 * line y before old line x (line numbers in the whole texts). */
typedef struct edit {
    size_t x, y;
    int insert;
} edit;

/* The path's edits, in order, into e (d of them). */
static void backward(const grid *g, long d, edit *e)
{
    long x = g->n, y = g->m;
    for (; d > 0; d--) {
        const int32_t *prev = g->trace + (size_t)(d - 1) * (size_t)(d - 1);
        long k = x - y;
        int down = 0;
        reach(g, prev, d, k, &down);
        long pk = down ? k + 1 : k - 1;
        long px = prev[pk + d - 1], py = px - pk;
        e[d - 1] = (edit){g->a0 + (size_t)px, g->b0 + (size_t)py, down};
        x = px;
        y = py;
    }
}

/* The edits found so far, in order: at most max. */
typedef struct path {
    edit *e;
    size_t n, max;
} path;

/* The fewest edits turning old lines a0.. (n of them) into new lines b0..
 * (m of them), after p's: DELTA_OK, DELTA_TOO_MANY or DELTA_NOMEM. */
static int part(grid *g, size_t a0, size_t n, size_t b0, size_t m, path *p)
{
    while (n > 0 && m > 0 && same(g->a, a0, g->b, b0))
        a0++, b0++, n--, m--;
    while (n > 0 && m > 0 && same(g->a, a0 + n - 1, g->b, b0 + m - 1))
        n--, m--;
    size_t room = p->max - p->n, least = n > m ? n - m : m - n;
    if (least > room || ((n == 0 || m == 0) && n + m > room))
        return DELTA_TOO_MANY; /* never fewer than |n - m| edits */
    if (n == 0 || m == 0) { /* lines only taken out, or only put in */
        for (size_t i = 0; i < n + m; i++)
            p->e[p->n++] = (edit){a0 + (n > 0 ? i : 0), b0 + (m > 0 ? i : 0), m > 0};
        return DELTA_OK;
    }
    if (n > INT32_MAX || m > INT32_MAX)
        return DELTA_TOO_MANY;
    g->a0 = a0;
    g->b0 = b0;
    g->n = (long)n;
    g->m = (long)m;
    long d = forward(g, (long)room);
    if (d < 0)
        return d == -1 ? DELTA_TOO_MANY : DELTA_NOMEM;
    backward(g, d, p->e + p->n);
    p->n += (size_t)d;
    return DELTA_OK;
}

/* ---- anchors: lines found once in each text ---- */

/* Above this many lines (old and new, between the common first and last
 * ones), the texts are first matched at the lines each holds once (as
 * "patience" difference does), and the fewest edits are sought between
 * those: in JSON or SVG of many like records, lines such as "}," match on
 * many diagonals, which makes Myers' O((N + M) D) steps many, while the
 * lines naming a piece are found once. Below it, the edits are the fewest. */
#define ANCHOR_FROM 2048

typedef struct anchor {
    size_t x, y;
} anchor;

/* A line's place in the table of lines: where it stands first in each
 * text, and how often. */
typedef struct seen {
    size_t ia, ib;
    unsigned ca, cb;
} seen;

static size_t slot_of(const seen *t, size_t mask, const lines *a, const lines *b, const lines *l,
                      size_t i)
{
    size_t h = ((size_t)l->crc[i] * 2654435761u + l->len[i]) & mask;
    for (;; h = (h + 1) & mask) {
        const seen *e = &t[h];
        if (e->ca == 0 && e->cb == 0)
            return h;
        const lines *r = e->ca > 0 ? a : b;
        size_t ri = e->ca > 0 ? e->ia : e->ib;
        if (r->len[ri] == l->len[i] && r->crc[ri] == l->crc[i] &&
            memcmp(r->at[ri], l->at[i], l->len[i]) == 0)
            return h;
    }
}

/* The longest chain of pairs increasing in y, the pairs increasing in x
 * (patience sorting): kept in place at the start of c, their count. */
static size_t longest_chain(anchor *c, size_t n)
{
    size_t *tail = malloc((n + 1) * sizeof *tail), *back = malloc((n + 1) * sizeof *back), len = 0;
    if (tail == NULL || back == NULL) {
        free(tail);
        free(back);
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        size_t lo = 0, hi = len;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (c[tail[mid]].y < c[i].y)
                lo = mid + 1;
            else
                hi = mid;
        }
        back[i] = lo > 0 ? tail[lo - 1] : SIZE_MAX;
        tail[lo] = i;
        if (lo == len)
            len++;
    }
    anchor *chain = malloc((len > 0 ? len : 1) * sizeof *chain);
    size_t k = len;
    for (size_t i = len > 0 ? tail[len - 1] : SIZE_MAX; chain != NULL && i != SIZE_MAX; i = back[i])
        chain[--k] = c[i];
    if (chain != NULL)
        memcpy(c, chain, len * sizeof *c);
    free(chain);
    free(tail);
    free(back);
    return chain != NULL ? len : 0;
}

/* The anchors between old lines a0..a1 - 1 and new lines b0..b1 - 1, in
 * order, into *out (malloc'd); their count, 0 when none (or out of memory:
 * then the parts are not cut, which is only slower). */
static size_t anchors_of(const lines *a, size_t a0, size_t a1, const lines *b, size_t b0, size_t b1,
                         anchor **out)
{
    size_t size = 1;
    while (size < 2 * (a1 - a0 + b1 - b0))
        size *= 2;
    seen *t = calloc(size, sizeof *t);
    size_t *at = malloc((a1 - a0 + 1) * sizeof *at);
    anchor *c = malloc((a1 - a0 + 1) * sizeof *c);
    size_t n = 0;
    if (t != NULL && at != NULL && c != NULL) {
        for (size_t i = a0; i < a1; i++) {
            seen *e = &t[at[i - a0] = slot_of(t, size - 1, a, b, a, i)];
            e->ia = e->ca++ == 0 ? i : e->ia;
        }
        for (size_t j = b0; j < b1; j++) {
            seen *e = &t[slot_of(t, size - 1, a, b, b, j)];
            e->ib = e->cb++ == 0 ? j : e->ib;
        }
        for (size_t i = a0; i < a1; i++) {
            const seen *e = &t[at[i - a0]];
            if (e->ca == 1 && e->cb == 1)
                c[n++] = (anchor){i, e->ib};
        }
        n = longest_chain(c, n);
    }
    free(t);
    free(at);
    if (n == 0) {
        free(c);
        c = NULL;
    }
    *out = c;
    return n;
}

/* ---- hunks ---- */

/* Edits in order into hunks (adjacent edits make one). */
static size_t hunks_of(const edit *e, size_t d, delta_hunk *h)
{
    size_t n = 0;
    for (size_t i = 0; i < d; i++) {
        delta_hunk *last = n > 0 ? &h[n - 1] : NULL;
        if (last == NULL || last->start + last->deleted != e[i].x ||
            last->from + last->inserted != e[i].y)
            h[n++] = (delta_hunk){e[i].x, 0, e[i].y, 0};
        if (e[i].insert)
            h[n - 1].inserted++;
        else
            h[n - 1].deleted++;
    }
    return n;
}

/* The parts between the anchors (or the whole when there are none). */
static int parts(grid *g, size_t a0, size_t a1, size_t b0, size_t b1, path *p)
{
    anchor *an = NULL;
    size_t na = a1 - a0 + b1 - b0 > ANCHOR_FROM ? anchors_of(g->a, a0, a1, g->b, b0, b1, &an) : 0;
    int rc = DELTA_OK;
    for (size_t k = 0; k <= na && rc == DELTA_OK; k++) {
        size_t x = k < na ? an[k].x : a1, y = k < na ? an[k].y : b1;
        rc = part(g, a0, x - a0, b0, y - b0, p);
        a0 = x + 1; /* past the anchor, the same line in both */
        b0 = y + 1;
    }
    free(an);
    return rc;
}

static int diff_lines(lines *a, lines *b, size_t max_edits, delta_hunk **hunks, size_t *nhunks)
{
    size_t pre = 0, suf = 0;
    while (pre < a->n && pre < b->n && equal(a, pre, b, pre))
        pre++;
    while (suf < a->n - pre && suf < b->n - pre && equal(a, a->n - 1 - suf, b, b->n - 1 - suf))
        suf++;
    if (lines_crc(a, pre, a->n - suf) != 0 || lines_crc(b, pre, b->n - suf) != 0)
        return DELTA_NOMEM;
    size_t most = a->n + b->n - 2 * (pre + suf);
    path p = {NULL, 0, max_edits < most ? max_edits : most};
    p.e = malloc((p.max + 1) * sizeof *p.e);
    grid g = {a, b, 0, 0, 0, 0, NULL, 0};
    int rc = p.e != NULL ? parts(&g, pre, a->n - suf, pre, b->n - suf, &p) : DELTA_NOMEM;
    free(g.trace);
    delta_hunk *h = rc == DELTA_OK && p.n > 0 ? malloc(p.n * sizeof *h) : NULL;
    if (rc == DELTA_OK && p.n > 0 && h == NULL)
        rc = DELTA_NOMEM;
    if (rc == DELTA_OK) {
        *nhunks = p.n > 0 ? hunks_of(p.e, p.n, h) : 0;
        *hunks = h;
    }
    free(p.e);
    return rc;
}

int delta_diff(const char *old, size_t oldlen, const char *new, size_t newlen, size_t max_edits,
               delta_hunk **hunks, size_t *nhunks)
{
    *hunks = NULL;
    *nhunks = 0;
    lines a, b;
    if (lines_cut(old, oldlen, &a) != 0)
        return DELTA_NOMEM;
    if (lines_cut(new, newlen, &b) != 0) {
        lines_free(&a);
        return DELTA_NOMEM;
    }
    int rc = diff_lines(&a, &b, max_edits, hunks, nhunks);
    lines_free(&a);
    lines_free(&b);
    return rc;
}

/* ---- the body ---- */

/* The lines of text from the cursor on: *p at the start of line *line;
 * past once it went beyond the last line. */
typedef struct cursor {
    const char *p, *end;
    size_t line;
    int past;
} cursor;

/* Moves c past its line. */
static void cursor_next(cursor *c)
{
    const char *nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
    c->past = c->past || nl == NULL;
    c->p = nl != NULL ? nl + 1 : c->end;
    c->line++;
}

/* The line at c as a JSON string, c moved past it; NULL when there is no
 * such line, it is not UTF-8, or out of memory. */
static json_t *cursor_take(cursor *c)
{
    if (c->past)
        return NULL;
    const char *nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
    json_t *s = json_stringn(c->p, (size_t)((nl != NULL ? nl : c->end) - c->p));
    cursor_next(c);
    return s;
}

char *delta_body(const char *base, const char *etag, const char *new, size_t newlen,
                 const delta_hunk *hunks, size_t nhunks)
{
    cursor c = {new, new + newlen, 0, 0};
    json_t *all = json_array();
    int ok = all != NULL;
    for (size_t i = 0; ok && i < nhunks; i++) {
        json_t *put = json_array();
        while (c.line < hunks[i].from)
            cursor_next(&c);
        for (size_t j = 0; put != NULL && j < hunks[i].inserted; j++) {
            if (json_array_append_new(put, cursor_take(&c)) != 0) {
                json_decref(put); /* no such line, not UTF-8, or out of memory */
                put = NULL;
            }
        }
        json_t *h = put != NULL ? json_pack("[I,I,o]", (json_int_t)hunks[i].start,
                                            (json_int_t)hunks[i].deleted, put)
                                : NULL;
        ok = h != NULL && json_array_append_new(all, h) == 0;
    }
    size_t nlines = 1;
    for (const char *p = new; (p = memchr(p, '\n', (size_t)(new + newlen - p))) != NULL; p++)
        nlines++;
    json_t *doc = ok ? json_pack("{s:s,s:s,s:I,s:o}", "base", base, "etag", etag, "lines",
                                 (json_int_t)nlines, "hunks", all)
                     : NULL;
    if (!ok)
        json_decref(all);
    char *text = doc != NULL ? json_dumps(doc, JSON_COMPACT) : NULL;
    json_decref(doc);
    return text;
}

/* Appends len bytes to the growing text *out (*n used, *room). */
static int put_bytes(char **out, size_t *n, size_t *room, const char *p, size_t len)
{
    if (*n + len + 1 > *room) {
        size_t r = *room > 0 ? *room : 256;
        while (*n + len + 1 > r)
            r *= 2;
        char *o = realloc(*out, r);
        if (o == NULL)
            return -1;
        *out = o;
        *room = r;
    }
    memcpy(*out + *n, p, len);
    *n += len;
    (*out)[*n] = '\0';
    return 0;
}

/* Appends line text (len bytes) as the count-th line of the result: a '\n'
 * before every line but the first. */
static int put_line(char **out, size_t *n, size_t *room, size_t *count, const char *p, size_t len)
{
    if (*count > 0 && put_bytes(out, n, room, "\n", 1) != 0)
        return -1;
    (*count)++;
    return put_bytes(out, n, room, p, len);
}

/* Applies the hunks of doc to the lines of old into *out. 0 when done. */
static int apply_hunks(const lines *a, json_t *hunks, char **out, size_t *n, size_t *count)
{
    size_t room = 0, pos = 0, i;
    json_t *h;
    json_array_foreach (hunks, i, h) {
        json_t *s = json_array_get(h, 0), *dl = json_array_get(h, 1), *put = json_array_get(h, 2);
        if (json_array_size(h) != 3 || !json_is_integer(s) || !json_is_integer(dl) ||
            !json_is_array(put) || json_integer_value(s) < (json_int_t)pos ||
            json_integer_value(s) > (json_int_t)a->n || json_integer_value(dl) < 0 ||
            json_integer_value(dl) > (json_int_t)a->n - json_integer_value(s))
            return -1;
        size_t start = (size_t)json_integer_value(s);
        for (; pos < start; pos++)
            if (put_line(out, n, &room, count, a->at[pos], a->len[pos]) != 0)
                return -1;
        size_t j;
        json_t *line;
        json_array_foreach (put, j, line) {
            if (!json_is_string(line) || put_line(out, n, &room, count, json_string_value(line),
                                                  json_string_length(line)) != 0)
                return -1;
        }
        pos = start + (size_t)json_integer_value(dl);
    }
    for (; pos < a->n; pos++)
        if (put_line(out, n, &room, count, a->at[pos], a->len[pos]) != 0)
            return -1;
    return *out != NULL || put_bytes(out, n, &room, "", 0) == 0 ? 0 : -1;
}

char *delta_apply(const char *old, size_t oldlen, const char *body, size_t *outlen)
{
    json_t *doc = json_loads(body, 0, NULL);
    json_t *hunks = json_object_get(doc, "hunks"), *nl = json_object_get(doc, "lines");
    lines a;
    if (!json_is_array(hunks) || !json_is_integer(nl) || lines_cut(old, oldlen, &a) != 0) {
        json_decref(doc);
        return NULL;
    }
    char *out = NULL;
    size_t n = 0, count = 0;
    int rc = apply_hunks(&a, hunks, &out, &n, &count);
    lines_free(&a);
    if (rc != 0 || (json_int_t)count != json_integer_value(nl)) {
        free(out);
        out = NULL;
    }
    json_decref(doc);
    if (out != NULL)
        *outlen = n;
    return out;
}
