/* dice_expr.c — parsing, formatting and rolling dice expressions (sums of
 * dice terms and whole numbers, dice_expr.h).
 *
 * Invariant: a parsed expression has 1..16 dice terms, each of 1..1000 dice
 * of 2..1000 sides keeping 1..N, at most 1000 dice in all, and a modifier
 * within +/-100000. Rolls go die by die through grog_dice_roll (1dS), so
 * each die is drawn as the rules' dice are; a lone term of at most 100 dice
 * goes through grog_dice_roll whole (the same faces as before). */
#include <stdio.h>
#include <string.h>

#include "grognard/dice_expr.h"
#include "i18n.h"

#define MAX_MODIFIER 100000

typedef struct cursor {
    const char *text, *p;
} cursor;

static void skip_space(cursor *c)
{
    while (*c->p == ' ' || *c->p == '\t')
        c->p++;
}

/* An unsigned decimal number; -1 if none, -2 if above 1000000. */
static long read_number(cursor *c)
{
    if (*c->p < '0' || *c->p > '9')
        return -1;
    long v = 0;
    while (*c->p >= '0' && *c->p <= '9') {
        if (v <= 1000000)
            v = v * 10 + (*c->p - '0');
        c->p++;
    }
    return v > 1000000 ? -2 : v;
}

/* what is wrong at character at - text + 1 (the first of what is wrong) */
static grog_status fail_at(grog_error *err, const char *text, const char *at, const char *what)
{
    return grog_error_set(err, GROG_EINVAL, _("%s at character %d of \"%s\""), what,
                          (int)(at - text) + 1, text);
}

static grog_status fail(grog_error *err, const cursor *c, const char *what)
{
    return fail_at(err, c->text, c->p, what);
}

/* One dice term after its count (n, -1 when none was written), which
 * begins at start (where a wrong count is pointed at). */
static grog_status read_dice(cursor *c, const char *start, long n, int sign, grog_dice_term *t,
                             grog_error *err)
{
    c->p++; /* the 'd' */
    const char *sides = c->p;
    long s = read_number(c);
    if (s == -1)
        return fail(err, c, _("expected the number of sides after 'd', as in 2d6"));
    if (s < 2 || s > GROG_DICE_MAX_SIDES)
        return fail_at(err, c->text, sides, _("dice have 2 to 1000 sides"));
    if (n == 0)
        return fail_at(err, c->text, start, _("a term has 1 to 1000 dice"));
    if (n > GROG_DICE_EXPR_MAX_DICE)
        return grog_error_set(err, GROG_EINVAL,
                              _("too many dice in one term: %ld, at most %d (in \"%s\")"), n,
                              GROG_DICE_EXPR_MAX_DICE, c->text);
    t->count = n < 0 ? 1 : (int)n;
    t->sides = (int)s;
    t->keep = GROG_KEEP_ALL;
    t->kept = t->count;
    t->sign = sign;
    skip_space(c);
    if (c->p[0] == 'k' && (c->p[1] == 'h' || c->p[1] == 'l')) {
        t->keep = c->p[1] == 'h' ? GROG_KEEP_HIGHEST : GROG_KEEP_LOWEST;
        c->p += 2;
        const char *keep = c->p;
        long k = read_number(c);
        if (k < 1 || k > t->count)
            return fail_at(err, c->text, keep, _("expected how many dice to keep, 1 to the number of dice, as in 3d6kh1"));
        t->kept = (int)k;
        if (t->kept == t->count)
            t->keep = GROG_KEEP_ALL;
    }
    return GROG_OK;
}

grog_status grog_dice_expr_parse(const char *text, grog_dice_expr *out, grog_error *err)
{
    if (text == NULL)
        return grog_error_set(err, GROG_EINVAL, _("no dice expression given"));
    cursor c = {text, text};
    grog_dice_expr e;
    memset(&e, 0, sizeof e);
    int dice = 0, sign = 1;
    long constant = 0;
    skip_space(&c);
    if (*c.p == '+' || *c.p == '-') {
        sign = *c.p == '-' ? -1 : 1;
        c.p++;
    }
    for (;;) {
        skip_space(&c);
        const char *start = c.p;
        long n = read_number(&c);
        if (n == -2)
            return fail_at(err, c.text, start, _("too large a number"));
        skip_space(&c);
        if (*c.p == 'd' || *c.p == 'D') {
            if (e.nterms == GROG_DICE_EXPR_MAX_TERMS)
                return fail(err, &c, _("more than 16 dice terms"));
            grog_status st = read_dice(&c, start, n, sign, &e.terms[e.nterms], err);
            if (st != GROG_OK)
                return st;
            dice += e.terms[e.nterms++].count;
            if (dice > GROG_DICE_EXPR_MAX_DICE)
                return grog_error_set(err, GROG_EINVAL,
                                      _("too many dice: %d in all, at most %d (in \"%s\")"),
                                      dice, GROG_DICE_EXPR_MAX_DICE, c.text);
        } else if (n >= 0) {
            constant += sign * n;
            if (constant < -MAX_MODIFIER || constant > MAX_MODIFIER)
                return fail_at(err, c.text, start, _("the whole numbers must sum within +/-100000"));
        } else {
            return fail(err, &c, _("expected dice such as 2d6 or a whole number"));
        }
        skip_space(&c);
        if (*c.p == '\0')
            break;
        if (*c.p != '+' && *c.p != '-')
            return fail(err, &c, _("unexpected text"));
        sign = *c.p == '-' ? -1 : 1;
        c.p++;
    }
    if (e.nterms == 0)
        return fail(err, &c, _("expected at least one dice term, as in 2d6"));
    e.modifier = (int)constant;
    *out = e;
    return GROG_OK;
}

char *grog_dice_expr_format(const grog_dice_expr *e, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < e->nterms && len < size; i++) {
        const grog_dice_term *t = &e->terms[i];
        char keep[32] = "";
        if (t->keep != GROG_KEEP_ALL)
            snprintf(keep, sizeof keep, "k%c%d", t->keep == GROG_KEEP_HIGHEST ? 'h' : 'l',
                     t->kept);
        const char *sign = t->sign < 0 ? "-" : (i > 0 ? "+" : "");
        int w = snprintf(buf + len, size - len, "%s%dd%d%s", sign, t->count, t->sides, keep);
        len += w > 0 ? (size_t)w : 0;
    }
    if (e->modifier != 0 && len < size)
        snprintf(buf + len, size - len, "%+d", e->modifier);
    return buf;
}

int grog_dice_expr_as_dice(const grog_dice_expr *e, grog_dice *out)
{
    const grog_dice_term *t = &e->terms[0];
    if (e->nterms != 1 || t->sign < 0 || t->count > GROG_DICE_MAX_COUNT)
        return 0;
    if (out != NULL) {
        grog_dice d = {t->count, t->sides, t->keep, t->kept, e->modifier};
        *out = d;
    }
    return 1;
}

int grog_dice_expr_natural_min(const grog_dice_expr *e)
{
    int v = 0;
    for (int i = 0; i < e->nterms; i++)
        v += e->terms[i].sign > 0 ? e->terms[i].kept : -e->terms[i].kept * e->terms[i].sides;
    return v;
}

int grog_dice_expr_natural_max(const grog_dice_expr *e)
{
    int v = 0;
    for (int i = 0; i < e->nterms; i++)
        v += e->terms[i].sign > 0 ? e->terms[i].kept * e->terms[i].sides : -e->terms[i].kept;
    return v;
}

/* The kept sum of faces[0..n-1], counted face by face (no sort). */
static int kept_of(const grog_dice_term *t, const int *faces)
{
    int seen[GROG_DICE_MAX_SIDES + 1];
    memset(seen, 0, sizeof seen[0] * (size_t)(t->sides + 1));
    for (int i = 0; i < t->count; i++)
        seen[faces[i]]++;
    int left = t->kept, sum = 0;
    for (int step = 0; step < t->sides && left > 0; step++) {
        int f = t->keep == GROG_KEEP_LOWEST ? step + 1 : t->sides - step;
        int take = seen[f] < left ? seen[f] : left;
        sum += take * f;
        left -= take;
    }
    return sum;
}

void grog_dice_expr_roll(const grog_dice_expr *e, grog_rng *rng, grog_expr_roll *out)
{
    grog_dice whole;
    out->nfaces = 0;
    out->natural = 0;
    out->entered = 0;
    if (grog_dice_expr_as_dice(e, &whole)) {
        grog_roll r;
        grog_dice_roll(&whole, rng, &r);
        memcpy(out->faces, r.faces, sizeof r.faces[0] * (size_t)r.nfaces);
        out->nfaces = r.nfaces;
        out->natural = r.natural;
        out->total = r.total;
        return;
    }
    for (int i = 0; i < e->nterms; i++) {
        const grog_dice_term *t = &e->terms[i];
        grog_dice one = {1, t->sides, GROG_KEEP_ALL, 1, 0};
        int *faces = out->faces + out->nfaces;
        for (int k = 0; k < t->count; k++) {
            grog_roll r;
            grog_dice_roll(&one, rng, &r);
            faces[k] = r.natural;
        }
        out->nfaces += t->count;
        out->natural += t->sign * kept_of(t, faces);
    }
    out->total = out->natural + e->modifier;
}

grog_status grog_dice_expr_enter(const grog_dice_expr *e, int natural, grog_expr_roll *out,
                                 grog_error *err)
{
    int lo = grog_dice_expr_natural_min(e), hi = grog_dice_expr_natural_max(e);
    if (natural < lo || natural > hi)
        return grog_error_set(err, GROG_EINVAL,
                              _("the dice show %d to %d before the modifier, not %d"), lo, hi,
                              natural);
    out->nfaces = 0;
    out->natural = natural;
    out->total = natural + e->modifier;
    out->entered = 1;
    return GROG_OK;
}
