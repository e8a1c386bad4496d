/* dice.c — parsing, formatting and rolling dice expressions.
 *
 * Grammar: [N] 'd' S [ ('kh'|'kl') K ] [ ('+'|'-') M ], spaces allowed between
 * parts, 'D' as 'd'. A dice value always satisfies grog_dice_check: 1 <= N <=
 * 100, 2 <= S <= 1000, 1 <= kept <= N, |M| <= 100000.
 *
 * Rolling: each die is one draw of the generator masked to the smallest
 * power of two covering the sides, drawn again while beyond them. The draws
 * of a seed, the faces and the count of draws never change (every journal
 * kept replays them; tests/test_dice.c holds rolls recorded long ago): the
 * paths below differ only in how fast they get there. */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/dice.h"
#include "i18n.h"
#include "rng_internal.h"

#define MAX_MODIFIER 100000

/* A function kept apart and called with its arguments as they are (GCC
 * would otherwise pass it the fields it reads, shuffling registers),
 * starting on a cache line (GROG_RNG_HOT, rng_internal.h). */
#if defined(__GNUC__) && !defined(__clang__)
#define OUT_OF_LINE __attribute__((noipa)) GROG_RNG_HOT
#else
#define OUT_OF_LINE __attribute__((noinline)) GROG_RNG_HOT
#endif

/* On x86-64 (ELF: Linux, the BSDs) with GCC or Clang, 1d6 -- the die of
 * most tests of a game -- is rolled by grog_dice_roll written in assembly
 * (before dice_roll, at the end of this file), and every other roll by
 * dice_roll, the C, named grog_dice_roll_other there. Elsewhere, and with GROG_DICE_NO_ASM
 * (tests/test_dice_noasm.c runs every dice test so), dice_roll is
 * grog_dice_roll. */
#if defined(__GNUC__) && defined(__x86_64__) && defined(__ELF__) && !defined(GROG_DICE_NO_ASM)
#define DICE_ASM 1
#define dice_roll grog_dice_roll_other
#else
#define DICE_ASM 0
#define dice_roll grog_dice_roll
#endif

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

/* The sum of the kept faces when not all are kept: with one kept or one
 * dropped, from the highest and lowest face; else the faces sorted from
 * highest to lowest (insertion sort of a copy: at most 100), then the first
 * `kept` (keep highest) or the last `kept` (keep lowest). */
static int kept_sum(const grog_dice *d, const int *faces)
{
    if (d->kept == 1 || d->kept == d->count - 1) {
        /* one kept (3d6kh1) or one dropped (4d6kh3): the highest or lowest
         * face, found without a jump per face (a sort's compares of random
         * faces are jumps the processor cannot predict) */
        int hi = faces[0], lo = faces[0], sum = faces[0];
        for (int i = 1; i < d->count; i++) {
            int f = faces[i];
            hi = f > hi ? f : hi;
            lo = f < lo ? f : lo;
            sum += f;
        }
        int highest = d->keep == GROG_KEEP_HIGHEST;
        if (d->kept == 1)
            return highest ? hi : lo;
        return sum - (highest ? lo : hi);
    }
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

/* After two draws both beyond the span (1 die in 16 for a d6): draws on from
 * the state a, b, c, e as die() does, stores the state and adds the n draws
 * to the generator; returns the value (0..span). Out of line: rare. */
__attribute__((noinline)) static uint64_t die_on(grog_rng *rng, uint64_t a, uint64_t b,
                                                 uint64_t c, uint64_t e, uint64_t n,
                                                 uint64_t span)
{
    int face = die(&a, &b, &c, &e, &n, span, grog_rng_mask(span));
    rng->s[0] = a;
    rng->s[1] = b;
    rng->s[2] = c;
    rng->s[3] = e;
    rng->draws += n;
    return (uint64_t)face - 1;
}

/* The masked value of the draw the state with second word b gives: the
 * output of xoshiro256** (rng_internal.h), rotl(b * 5, 7) * 9, & mask.
 * When the mask has at most 3 bits (dice of 2 to 8 sides) that is
 * (b * 5) >> 57 & mask, one instruction less: the low 7 bits of the
 * rotation are the high 7 of b * 5, and times 9 (8 + 1) leaves the low 3
 * bits as they are. `small` is a constant where this is inlined (with the
 * mask 7, dice of 5 to 7 sides: the mask is then a constant too). */
static inline uint64_t masked_output(uint64_t b, uint64_t mask, int small)
{
    if (small)
        return (b * 5) >> 57 & mask;
    return grog_rng_rotl(b * 5, 7) * 9 & mask;
}

/* The draw after a rejected one, without a conditional jump: the state
 * a, b, c, e is the generator's after the draws so far, v the value of the
 * last of them. When v is beyond the span, the next draw is made (the state
 * steps once, v becomes its value) and counted; otherwise nothing changes.
 * *draws also grows by 1 for the draw of v (made before, not yet counted).
 * The count is an immediate operand written as it is, not a parameter: an
 * "i" operand from a parameter is a constant only once inlined, and a
 * build without optimisation (-O0) refused it. */
__attribute__((always_inline)) static inline uint64_t redraw_if_rejected(
    uint64_t *pa, uint64_t *pb, uint64_t *pc, uint64_t *pe, uint64_t v, uint64_t *draws,
    uint64_t span, uint64_t mask, int small)
{
    uint64_t a = *pa, b = *pb, c = *pc, e = *pe;
    uint64_t v2 = masked_output(b, mask, small);
#if defined(__GNUC__) && defined(__x86_64__) && !defined(GROG_DICE_NO_ASM)
    /* The state after one more step (grog_rng_step) in four other
     * registers, then all four words and the value replaced by conditional
     * moves on one compare. Plain C is turned back into a jump by the
     * compiler (each rejected draw was then a jump the processor cannot
     * predict: a d6 rejects 1 draw in 4). */
    uint64_t t, u, w, x;
    __asm__("mov %[c], %[t]\n\t"
            "xor %[a], %[t]\n\t"      /* t: c ^ a */
            "mov %[e], %[u]\n\t"
            "xor %[b], %[u]\n\t"      /* u: e ^ b */
            "mov %[b], %[w]\n\t"
            "shl $17, %[w]\n\t"
            "xor %[t], %[w]\n\t"      /* w: c after the step, c ^ a ^ b << 17 */
            "xor %[b], %[t]\n\t"      /* t: b after the step, b ^ c ^ a */
            "mov %[a], %[x]\n\t"
            "xor %[u], %[x]\n\t"      /* x: a after the step, a ^ e ^ b */
            "rol $45, %[u]\n\t"       /* u: e after the step, rotl(e ^ b, 45) */
            "cmp %[sides], %[v]\n\t"  /* no carry: v >= sides, v rejected */
            "cmovae %[v2], %[v]\n\t"  /* then the next draw's value */
            "cmovae %[x], %[a]\n\t"   /* and the state after its step */
            "cmovae %[t], %[b]\n\t"
            "cmovae %[w], %[c]\n\t"
            "cmovae %[u], %[e]\n\t"
            "sbbq $-2, %[draws]"        /* + 2 - carry: v's draw, and the next */
            : [a] "+r"(a), [b] "+r"(b), [c] "+r"(c), [e] "+r"(e), [v] "+r"(v), [t] "=&r"(t),
              [u] "=&r"(u), [w] "=&r"(w), [x] "=&r"(x), [draws] "+m"(*draws)
            : [sides] "re"(span + 1), [v2] "r"(v2)
            : "cc");
#else
    uint64_t a2 = a, b2 = b, c2 = c, e2 = e;
    grog_rng_step(&a2, &b2, &c2, &e2);
    int again = v > span;
    a = again ? a2 : a;
    b = again ? b2 : b;
    c = again ? c2 : c;
    e = again ? e2 : e;
    v = again ? v2 : v;
    *draws += 1 + (uint64_t)again;
#endif
    *pa = a, *pb = b, *pc = c, *pe = e;
    return v;
}

/* One die as die() rolls it (same draws, same value, same count), without a
 * conditional jump in the common case: the first draw, then the second by
 * redraw_if_rejected; *draws (the generator's count) grows by 1 or 2. A
 * jump remains only when both are beyond the span (the value returned is
 * then > span and the caller goes on from the state after the two). */
__attribute__((always_inline)) static inline uint64_t die_two_draws(uint64_t *pa, uint64_t *pb,
                                                                    uint64_t *pc, uint64_t *pe,
                                                                    uint64_t *draws, uint64_t span,
                                                                    uint64_t mask, int small)
{
    uint64_t v = masked_output(*pb, mask, small);
    grog_rng_step(pa, pb, pc, pe);
    return redraw_if_rejected(pa, pb, pc, pe, v, draws, span, mask, small);
}

/* Any count, any sides, any keep (out of line: the short paths below then
 * need no register of their own saved). */
__attribute__((noinline)) static void roll_many(const grog_dice *d, grog_rng *rng, grog_roll *out)
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

/* After a die's first two draws were both rejected (1 die in 16 for a
 * d6): the next two the same way, then on with die_on (1 in 256). Returns
 * the value; the state a, b, c, e is the generator's after it. */
__attribute__((always_inline)) static inline uint64_t die_after_two(uint64_t *pa, uint64_t *pb,
                                                                    uint64_t *pc, uint64_t *pe,
                                                                    grog_rng *rng, uint64_t span,
                                                                    uint64_t mask, int small)
{
    uint64_t v = die_two_draws(pa, pb, pc, pe, &rng->draws, span, mask, small);
    if (v > span) {
        v = die_on(rng, *pa, *pb, *pc, *pe, 0, span);
        *pa = rng->s[0], *pb = rng->s[1], *pc = rng->s[2], *pe = rng->s[3];
    }
    return v;
}

/* The mask of a span >= 1 (grog_rng_mask without its case of 0). */
static inline uint64_t mask_of(uint64_t span)
{
#if defined(__GNUC__)
    return ~(uint64_t)0 >> __builtin_clzll(span);
#else
    return grog_rng_mask(span);
#endif
}

/* 1dS (S >= 2), every die kept; small: S <= 8 (masked_output). */
__attribute__((always_inline)) static inline void one_die(const grog_dice *d, grog_rng *rng,
                                                          grog_roll *out, uint64_t span,
                                                          uint64_t mask, int small)
{
    out->total = d->modifier; /* now: d need not be kept in a register */
    out->entered = 0;
    uint64_t a = rng->s[0], b = rng->s[1], c = rng->s[2], e = rng->s[3];
    uint64_t v = die_two_draws(&a, &b, &c, &e, &rng->draws, span, mask, small);
    if (__builtin_expect(v > span, 0))
        v = die_after_two(&a, &b, &c, &e, rng, span, mask, small);
    rng->s[0] = a;
    rng->s[1] = b;
    rng->s[2] = c;
    rng->s[3] = e;
    int face = 1 + (int)v;
    out->faces[0] = face;
    out->nfaces = 1;
    out->natural = face;
    out->total += face;
}

/* 2dS (S >= 2), both kept; as one_die. */
__attribute__((always_inline)) static inline void two_dice(const grog_dice *d, grog_rng *rng,
                                                           grog_roll *out, uint64_t span,
                                                           uint64_t mask, int small)
{
    out->total = d->modifier;
    out->entered = 0;
    uint64_t a = rng->s[0], b = rng->s[1], c = rng->s[2], e = rng->s[3];
    uint64_t v = die_two_draws(&a, &b, &c, &e, &rng->draws, span, mask, small);
    if (__builtin_expect(v > span, 0))
        v = die_after_two(&a, &b, &c, &e, rng, span, mask, small);
    int f0 = 1 + (int)v;
    v = die_two_draws(&a, &b, &c, &e, &rng->draws, span, mask, small);
    if (__builtin_expect(v > span, 0))
        v = die_after_two(&a, &b, &c, &e, rng, span, mask, small);
    rng->s[0] = a;
    rng->s[1] = b;
    rng->s[2] = c;
    rng->s[3] = e;
    int f1 = 1 + (int)v;
    out->faces[0] = f0;
    out->faces[1] = f1;
    out->nfaces = 2;
    out->natural = f0 + f1;
    out->total += f0 + f1;
}

/* One or two dice all kept whose sides are a power of two (2, 4, 8, 16...):
 * no draw is ever rejected, so each die is one draw (die() with a jump
 * that always goes the same way); the same arguments as grog_dice_roll. */
OUT_OF_LINE static void roll_plain(const grog_dice *d, grog_rng *rng, grog_roll *out)
{
    const int count = d->count;
    uint64_t span = (uint64_t)d->sides - 1, mask = mask_of(span);
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

/* One die, all kept, of 5 to 7 sides (small: the mask is 7) or any other
 * number that is not a power of two:
 * the same arguments as grog_dice_roll, which jumps here. Four functions,
 * not one with tests inside: each then keeps its values in registers. */
OUT_OF_LINE static void roll_one_small(const grog_dice *d, grog_rng *rng, grog_roll *out)
{
    one_die(d, rng, out, (uint64_t)d->sides - 1, 7, 1);
}

/* One and two six-sided dice, all kept (most rolls of a game): as above
 * with the span a constant (no register, no load of the sides). 1d6 is the
 * assembly's where there is one (DICE_ASM). */
#if !DICE_ASM
OUT_OF_LINE static void roll_one_d6(const grog_dice *d, grog_rng *rng, grog_roll *out)
{
    one_die(d, rng, out, 5, 7, 1);
}
#endif

#if DICE_ASM
/* the assembly jumps here for 2d6: not for programs (hidden) */
#define roll_two_d6 grog_dice_roll_two_d6
__attribute__((visibility("hidden"))) void roll_two_d6(const grog_dice *d, grog_rng *rng,
                                                       grog_roll *out);
OUT_OF_LINE void roll_two_d6(const grog_dice *d, grog_rng *rng, grog_roll *out)
#else
OUT_OF_LINE static void roll_two_d6(const grog_dice *d, grog_rng *rng, grog_roll *out)
#endif
{
    two_dice(d, rng, out, 5, 7, 1);
}

OUT_OF_LINE static void roll_one(const grog_dice *d, grog_rng *rng, grog_roll *out)
{
    uint64_t span = (uint64_t)d->sides - 1;
    one_die(d, rng, out, span, mask_of(span), 0);
}

/* Two dice, both kept; as roll_one. */
OUT_OF_LINE static void roll_two_small(const grog_dice *d, grog_rng *rng, grog_roll *out)
{
    two_dice(d, rng, out, (uint64_t)d->sides - 1, 7, 1);
}

OUT_OF_LINE static void roll_two(const grog_dice *d, grog_rng *rng, grog_roll *out)
{
    uint64_t span = (uint64_t)d->sides - 1;
    two_dice(d, rng, out, span, mask_of(span), 0);
}

#if DICE_ASM
#include <stddef.h>

/* Called from the assembly only: not for programs (hidden). */
__attribute__((visibility("hidden"))) void grog_dice_roll_other(const grog_dice *d, grog_rng *rng,
                                                                grog_roll *out);
__attribute__((visibility("hidden"))) void grog_dice_one_d6_on(grog_rng *rng, grog_roll *out);

/* 1d6 when the assembly's first two draws were both rejected (1 roll in
 * 16): the generator's state and count are those after the two, and *out
 * has nfaces, entered and the total so far (the modifier). Draws on as
 * die() does and completes *out. */
void grog_dice_one_d6_on(grog_rng *rng, grog_roll *out)
{
    int face = 1 + (int)die_on(rng, rng->s[0], rng->s[1], rng->s[2], rng->s[3], 0, 5);
    out->faces[0] = face;
    out->natural = face;
    out->total += face;
}

/* The offsets the assembly uses, checked against the structs. */
#define DICE_STR_(x) #x
#define DICE_STR(x) DICE_STR_(x)
#define OFF_KEPT 12
#define OFF_MODIFIER 16
#define OFF_DRAWS 40
#define OFF_NFACES 400
#define OFF_NATURAL 404
#define OFF_TOTAL 408
_Static_assert(offsetof(grog_dice, count) == 0 && offsetof(grog_dice, sides) == 4 &&
                   offsetof(grog_dice, kept) == OFF_KEPT &&
                   offsetof(grog_dice, modifier) == OFF_MODIFIER,
               "grog_dice as the assembly reads it");
_Static_assert(offsetof(grog_rng, s) == 0 && offsetof(grog_rng, draws) == OFF_DRAWS,
               "grog_rng as the assembly reads it");
_Static_assert(offsetof(grog_roll, faces) == 0 && offsetof(grog_roll, nfaces) == OFF_NFACES &&
                   offsetof(grog_roll, natural) == OFF_NATURAL &&
                   offsetof(grog_roll, total) == OFF_TOTAL &&
                   offsetof(grog_roll, entered) == OFF_TOTAL + 4,
               "grog_roll as the assembly writes it");

#if defined(__CET__)
#define DICE_ENDBR "endbr64\n\t"
#else
#define DICE_ENDBR ""
#endif

/* The d6 of the assembly: die_two_draws for a d6 on the state a, b, c, e in
 * r8, r9, r10, r11 (rng in rsi), with three registers more (rax, rcx,
 * rdi). v, the first draw's value, is bits 57-59 of b * 5
 * (masked_output), taken as (b * 80) >> 61. The state steps once
 * (grog_rng_step), then the state after a second step is made word by
 * word, each word replaced by a conditional move when v is 6 or 7
 * (rejected) and stored as soon as it is final (c, then b, then a and e),
 * v replaced by the second draw's value. The count of draws grows by 1, or
 * by 2 after a rejection (sbb: + 2 less the carry of v < 6). Leaves the
 * value in rax, 6 or 7 when the second draw was rejected too; the state is
 * stored, and in r8, r9 and r11 (a, b, e; r10 is not c). */
#define DICE_D6                                                                                \
    "imul $80, %r9, %rax\n\t"                                                                  \
    "shr $61, %rax\n\t" /* v: the first draw's value */                                        \
    "mov %r9, %rcx\n\t" /* one step */                                                         \
    "shl $17, %rcx\n\t"                                                                        \
    "xor %r8, %r10\n\t"                                                                        \
    "xor %r9, %r11\n\t"                                                                        \
    "xor %r10, %r9\n\t"                                                                        \
    "xor %r11, %r8\n\t"                                                                        \
    "xor %rcx, %r10\n\t"                                                                       \
    "rol $45, %r11\n\t"                                                                        \
    "mov %r10, %rcx\n\t"                                                                       \
    "xor %r8, %rcx\n\t" /* rcx: c ^ a */                                                       \
    "mov %r9, %rdi\n\t"                                                                        \
    "shl $17, %rdi\n\t"                                                                        \
    "xor %rcx, %rdi\n\t" /* rdi: c after a second step */                                      \
    "cmp $6, %rax\n\t"                                                                         \
    "cmovae %rdi, %r10\n\t"                                                                    \
    "mov %r10, 16(%rsi)\n\t" /* c */                                                           \
    "xor %r9, %rcx\n\t"      /* rcx: b after a second step */                                  \
    "imul $80, %r9, %rdi\n\t"                                                                  \
    "shr $61, %rdi\n\t" /* rdi: the second draw's value */                                     \
    "mov %r11, %r10\n\t"                                                                       \
    "xor %r9, %r10\n\t" /* r10: e ^ b */                                                       \
    "cmp $6, %rax\n\t"                                                                         \
    "cmovae %rcx, %r9\n\t"                                                                     \
    "mov %r9, 8(%rsi)\n\t" /* b */                                                             \
    "mov %r8, %rcx\n\t"                                                                        \
    "xor %r10, %rcx\n\t" /* rcx: a after a second step */                                      \
    "rol $45, %r10\n\t"  /* r10: e after a second step */                                      \
    "cmp $6, %rax\n\t"                                                                         \
    "cmovae %rcx, %r8\n\t"                                                                     \
    "cmovae %r10, %r11\n\t"                                                                    \
    "cmovae %rdi, %rax\n\t"                                                                    \
    "sbbq $-2, " DICE_STR(OFF_DRAWS) "(%rsi)\n\t"                                              \
    "mov %r8, 0(%rsi)\n\t" /* a */                                                             \
    "mov %r11, 24(%rsi)\n\t" /* e */

/* grog_dice_roll(d: rdi, rng: rsi, out: rdx) for 1d6 (the die of most
 * tests of a game), in the caller's registers only: nothing saved, no
 * frame, no call. A roll was bound by the count of its instructions, and a
 * compiler keeping this in C spent a fifth of them saving registers and
 * moving values between them. Count and sides are compared as one 8-byte
 * word (1 and 6, as they lie); 2d6 goes on to the C's roll_two_d6
 * (written here, it was no faster than two_dice, whose second die keeps the
 * state in registers), any other dice to grog_dice_roll_other, the C
 * below, with the arguments untouched; a die whose second draw was
 * rejected too, to grog_dice_one_d6_on. */
__asm__(".text\n\t"
        ".p2align 6\n\t"
        ".globl grog_dice_roll\n\t"
        ".type grog_dice_roll, @function\n"
        "grog_dice_roll:\n\t"
        ".cfi_startproc\n\t"
        DICE_ENDBR
        "movabs $0x600000001, %rax\n\t"
        "cmp %rax, (%rdi)\n\t"
        "jne 2f\n\t"
        "cmpl $1, " DICE_STR(OFF_KEPT) "(%rdi)\n\t"
        "jne grog_dice_roll_other\n\t"
        /* 1d6 */
        "movl " DICE_STR(OFF_MODIFIER) "(%rdi), %eax\n\t"
        "movq %rax, " DICE_STR(OFF_TOTAL) "(%rdx)\n\t" /* total: modifier; entered: 0 */
        "movl $1, " DICE_STR(OFF_NFACES) "(%rdx)\n\t"
        "mov 0(%rsi), %r8\n\t"
        "mov 8(%rsi), %r9\n\t"
        "mov 16(%rsi), %r10\n\t"
        "mov 24(%rsi), %r11\n\t"
        DICE_D6
        "cmp $5, %rax\n\t"
        "ja 1f\n\t"
        "add $1, %eax\n\t" /* the face */
        "mov %eax, 0(%rdx)\n\t"
        "mov %eax, " DICE_STR(OFF_NATURAL) "(%rdx)\n\t"
        "add %eax, " DICE_STR(OFF_TOTAL) "(%rdx)\n\t"
        "ret\n"
        "1:\n\t"
        "mov %rsi, %rdi\n\t"
        "mov %rdx, %rsi\n\t"
        "jmp grog_dice_one_d6_on\n"
        "2:\n\t" /* 2d6: to the C's two_dice */
        "movabs $0x600000002, %rax\n\t"
        "cmp %rax, (%rdi)\n\t"
        "jne grog_dice_roll_other\n\t"
        "cmpl $2, " DICE_STR(OFF_KEPT) "(%rdi)\n\t"
        "jne grog_dice_roll_other\n\t"
        "jmp grog_dice_roll_two_d6\n\t"
        ".cfi_endproc\n\t"
        ".size grog_dice_roll, .-grog_dice_roll\n\t"
        ".previous");
#endif

/* Each die is one bounded draw, the same method as ever (a seed gives the
 * rolls it always gave: the games kept replay). The speed comes from
 * elsewhere: the state stays in registers for the whole roll, only the
 * fields a roll defines are written (faces[nfaces..] are left as they were:
 * clearing the whole struct was a quarter of a 2d6 roll), nothing is sorted
 * when every die is kept, and one or two dice all kept (1d6, 2d6: most
 * rolls of a game) take a short path where a rejected draw costs no jump
 * (die_two_draws). */
GROG_RNG_HOT void dice_roll(const grog_dice *d, grog_rng *rng, grog_roll *out)
{
    /* first, each in as few instructions as can be: the game's dice (the
     * assembly's own first tests, where there is one) */
#if !DICE_ASM
    if (d->count == 1 && d->sides == 6 && d->kept == 1) {
        roll_one_d6(d, rng, out);
        return;
    }
    if (d->count == 2 && d->sides == 6 && d->kept == 2) {
        roll_two_d6(d, rng, out);
        return;
    }
#endif
    const int count = d->count, sides = d->sides;
    if (d->kept == count) {
        if ((unsigned)sides - 5 <= 2) { /* 5 to 7 sides */
            if (count == 1) {
                roll_one_small(d, rng, out);
                return;
            }
            if (count == 2) {
                roll_two_small(d, rng, out);
                return;
            }
        } else if (sides >= 2 && (sides & (sides - 1)) == 0) { /* 2, 4, 8, 16... */
            if (count == 1 || count == 2) {
                roll_plain(d, rng, out);
                return;
            }
        } else if (sides >= 2) {
            if (count == 1) {
                roll_one(d, rng, out);
                return;
            }
            if (count == 2) {
                roll_two(d, rng, out);
                return;
            }
        }
    }
    roll_many(d, rng, out);
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
