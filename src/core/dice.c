/* dice.c — parsing, formatting and rolling dice expressions.
 *
 * Grammar: [N] 'd' S [ ('kh'|'kl') K ] [ ('+'|'-') M ], spaces allowed between
 * parts, 'D' as 'd'. A dice value always satisfies grog_dice_check: 1 <= N <=
 * 100, 2 <= S <= 1000, 1 <= kept <= N, |M| <= 100000. */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/dice.h"
#include "i18n.h"
#include "rng_internal.h"

#define MAX_MODIFIER 100000

typedef struct cursor {
    const char *text;
    const char *p;
} cursor;

static void skip_space(cursor *c)
{
    while (*c->p == ' ' || *c->p == '\t')
        c->p++;
}

/* Reads an unsigned decimal number; -1 if none, -2 if too large. */
static long read_number(cursor *c)
{
    skip_space(c);
    if (!isdigit((unsigned char)*c->p))
        return -1;
    long v = 0;
    while (isdigit((unsigned char)*c->p)) {
        v = v * 10 + (*c->p - '0');
        if (v > 10000000)
            return -2;
        c->p++;
    }
    return v;
}

static int column(const cursor *c)
{
    return (int)(c->p - c->text) + 1;
}

static grog_status fail(grog_error *err, const cursor *c, const char *what)
{
    return grog_error_set(err, GROG_EINVAL, _("dice \"%s\", character %d: %s"), c->text,
                          column(c), what);
}

grog_status grog_dice_parse(const char *text, grog_dice *out, grog_error *err)
{
    if (text == NULL)
        return grog_error_set(err, GROG_EINVAL, _("no dice expression given"));
    cursor c = {text, text};
    grog_dice d = {1, 0, GROG_KEEP_ALL, 0, 0};
    long n = read_number(&c);
    if (n == -2)
        return fail(err, &c, _("too many dice"));
    if (n >= 0)
        d.count = (int)n;
    skip_space(&c);
    if (*c.p != 'd' && *c.p != 'D')
        return fail(err, &c, _("expected 'd', as in 2d6"));
    c.p++;
    long s = read_number(&c);
    if (s == -1)
        return fail(err, &c, _("expected the number of sides after 'd', as in 2d6"));
    if (s == -2)
        return fail(err, &c, _("too many sides"));
    d.sides = (int)s;
    d.kept = d.count;
    skip_space(&c);
    if (c.p[0] == 'k' && (c.p[1] == 'h' || c.p[1] == 'l')) {
        d.keep = c.p[1] == 'h' ? GROG_KEEP_HIGHEST : GROG_KEEP_LOWEST;
        c.p += 2;
        long k = read_number(&c);
        if (k < 0)
            return fail(err, &c, _("expected how many dice to keep, as in 3d6kh1"));
        d.kept = (int)k;
    }
    skip_space(&c);
    if (*c.p == '+' || *c.p == '-') {
        int sign = *c.p == '-' ? -1 : 1;
        c.p++;
        long m = read_number(&c);
        if (m < 0 || m > MAX_MODIFIER)
            return fail(err, &c, _("expected a modifier from 0 to 100000 after the sign"));
        d.modifier = sign * (int)m;
    }
    skip_space(&c);
    if (*c.p != '\0')
        return fail(err, &c, _("unexpected text"));
    grog_status st = grog_dice_check(&d, err);
    if (st != GROG_OK)
        return st;
    *out = d;
    return GROG_OK;
}

grog_status grog_dice_check(const grog_dice *d, grog_error *err)
{
    if (d->count < 1 || d->count > GROG_DICE_MAX_COUNT)
        return grog_error_set(err, GROG_EINVAL, _("the number of dice must be 1 to %d, not %d"),
                              GROG_DICE_MAX_COUNT, d->count);
    if (d->sides < 2 || d->sides > GROG_DICE_MAX_SIDES)
        return grog_error_set(err, GROG_EINVAL, _("dice must have 2 to %d sides, not %d"),
                              GROG_DICE_MAX_SIDES, d->sides);
    if (d->keep != GROG_KEEP_ALL && (d->kept < 1 || d->kept > d->count))
        return grog_error_set(err, GROG_EINVAL,
                              _("can keep 1 to %d of %d dice, not %d"), d->count, d->count,
                              d->kept);
    if (d->keep == GROG_KEEP_ALL && d->kept != d->count)
        return grog_error_set(err, GROG_EINVAL, _("kept must equal count when all are kept"));
    if (d->modifier < -MAX_MODIFIER || d->modifier > MAX_MODIFIER)
        return grog_error_set(err, GROG_EINVAL, _("the modifier must be within +/-%d"),
                              MAX_MODIFIER);
    return GROG_OK;
}

char *grog_dice_format(const grog_dice *d, char *buf, size_t size)
{
    char keep[32] = "";
    char mod[32] = "";
    if (d->keep != GROG_KEEP_ALL)
        snprintf(keep, sizeof keep, "k%c%d", d->keep == GROG_KEEP_HIGHEST ? 'h' : 'l', d->kept);
    if (d->modifier != 0)
        snprintf(mod, sizeof mod, "%+d", d->modifier);
    snprintf(buf, size, "%dd%d%s%s", d->count, d->sides, keep, mod);
    return buf;
}

int grog_dice_natural_min(const grog_dice *d)
{
    return d->kept;
}

int grog_dice_natural_max(const grog_dice *d)
{
    return d->kept * d->sides;
}

/* The sum of the kept faces when not all are kept: the faces sorted from
 * highest to lowest (insertion sort of a copy: at most 100), then the first
 * `kept` (keep highest) or the last `kept` (keep lowest). */
static int kept_sum(const grog_dice *d, const int *faces)
{
    int sorted[GROG_DICE_MAX_COUNT];
    for (int i = 0; i < d->count; i++) {
        int v = faces[i], j = i;
        while (j > 0 && sorted[j - 1] < v) {
            sorted[j] = sorted[j - 1];
            j--;
        }
        sorted[j] = v;
    }
    int from = d->keep == GROG_KEEP_LOWEST ? d->count - d->kept : 0, sum = 0;
    for (int i = from; i < from + d->kept; i++)
        sum += sorted[i];
    return sum;
}

/* One die of `span + 1` sides on the state a, b, c, e (in registers): a
 * draw masked to the smallest power of two covering the span, drawn again
 * while beyond it (rng_internal.h); *n counts the draws. */
static inline int die(uint64_t *a, uint64_t *b, uint64_t *c, uint64_t *e, uint64_t *n,
                      uint64_t span, uint64_t mask)
{
    uint64_t v;
    do {
        v = grog_rng_step(a, b, c, e) & mask;
        ++*n;
    } while (v > span);
    return 1 + (int)v;
}

/* Any count, any sides, any keep. */
static void roll_many(const grog_dice *d, grog_rng *rng, grog_roll *out)
{
    /* locals: the faces written below may not alias them */
    const int count = d->count, sides = d->sides, kept = d->kept;
    int *faces = out->faces, sum = 0;
    if (sides <= 1) { /* a one-sided die shows 1 and draws nothing */
        for (int i = 0; i < count; i++)
            faces[i] = 1;
        sum = count > 0 ? count : 0;
    } else {
        uint64_t span = (uint64_t)sides - 1, mask = grog_rng_mask(span);
        uint64_t a = rng->s[0], b = rng->s[1], c = rng->s[2], e = rng->s[3], n = 0;
        for (int i = 0; i < count; i++) {
            faces[i] = die(&a, &b, &c, &e, &n, span, mask);
            sum += faces[i];
        }
        rng->s[0] = a;
        rng->s[1] = b;
        rng->s[2] = c;
        rng->s[3] = e;
        rng->draws += n;
    }
    out->nfaces = count;
    if (kept < count)
        sum = kept_sum(d, faces);
    out->natural = sum;
    out->total = sum + d->modifier;
    out->entered = 0;
}

/* Each die is one bounded draw, the same method as ever (a seed gives the
 * rolls it always gave: the games kept replay). The speed comes from
 * elsewhere: the state stays in registers for the whole roll, only the
 * fields a roll defines are written (faces[nfaces..] are left as they were:
 * clearing the whole struct was a quarter of a 2d6 roll), nothing is sorted
 * when every die is kept, and one or two dice all kept take a short path. */
void grog_dice_roll(const grog_dice *d, grog_rng *rng, grog_roll *out)
{
    const int count = d->count, sides = d->sides;
    if (count < 1 || count > 2 || sides < 2 || d->kept != count) {
        roll_many(d, rng, out);
        return;
    }
    /* one or two dice, all kept (1d6, 2d6: most rolls of a game): the state
     * in registers, stored once at the end */
    uint64_t span = (uint64_t)sides - 1, mask = grog_rng_mask(span);
    uint64_t a = rng->s[0], b = rng->s[1], c = rng->s[2], e = rng->s[3], n = 0;
    int f0 = die(&a, &b, &c, &e, &n, span, mask), sum = f0;
    out->faces[0] = f0;
    if (count == 2) {
        int f1 = die(&a, &b, &c, &e, &n, span, mask);
        out->faces[1] = f1;
        sum += f1;
    }
    rng->s[0] = a;
    rng->s[1] = b;
    rng->s[2] = c;
    rng->s[3] = e;
    rng->draws += n;
    out->nfaces = count;
    out->natural = sum;
    out->total = sum + d->modifier;
    out->entered = 0;
}

grog_status grog_dice_enter(const grog_dice *d, int natural, grog_roll *out, grog_error *err)
{
    int lo = grog_dice_natural_min(d), hi = grog_dice_natural_max(d);
    if (natural < lo || natural > hi) {
        char text[64];
        return grog_error_set(err, GROG_EINVAL, _("%s cannot show %d: enter a value from %d to %d"),
                              grog_dice_format(d, text, sizeof text), natural, lo, hi);
    }
    memset(out, 0, sizeof *out);
    out->natural = natural;
    out->total = natural + d->modifier;
    out->entered = 1;
    return GROG_OK;
}
