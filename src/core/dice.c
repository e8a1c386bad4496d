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

static int cmp_desc(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x < y) - (x > y);
}

void grog_dice_roll(const grog_dice *d, grog_rng *rng, grog_roll *out)
{
    int sorted[GROG_DICE_MAX_COUNT];
    memset(out, 0, sizeof *out);
    for (int i = 0; i < d->count; i++) {
        out->faces[i] = (int)grog_rng_range(rng, 1, d->sides);
        sorted[i] = out->faces[i];
    }
    out->nfaces = d->count;
    qsort(sorted, (size_t)d->count, sizeof sorted[0], cmp_desc);
    int from = d->keep == GROG_KEEP_LOWEST ? d->count - d->kept : 0;
    for (int i = from; i < from + d->kept; i++)
        out->natural += sorted[i];
    out->total = out->natural + d->modifier;
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
