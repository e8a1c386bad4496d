/* dice_expr.h — dice expressions as `grognard dice` reads them: sums and
 * differences of dice terms and whole numbers.
 *
 * Text form: term (('+'|'-') term)*, a term being [N]dS[khK|klK] or a whole
 * number, e.g. "1000d6", "30d10kh3", "2d6+1d8-1", "4d6kh3-1d4". A term has
 * 1..1000 dice of 2..1000 sides, and all terms together at most 1000 dice
 * (GROG_DICE_EXPR_MAX_DICE) in at most 16 dice terms; the whole numbers sum
 * within +/-100000. The rules' own dice stay grog_dice (dice.h, at most 100).
 * A roll is made die by die as grog_dice_roll makes it, term after term; a
 * single term of at most 100 dice is rolled by grog_dice_roll itself, so a
 * seed gives the same faces as `grognard dice` gave before expressions.
 * Ownership: plain values the caller owns; nothing to free. */
#ifndef GROGNARD_DICE_EXPR_H
#define GROGNARD_DICE_EXPR_H

#include "grognard/dice.h"
#include "grognard/error.h"
#include "grognard/rng.h"

#define GROG_DICE_EXPR_MAX_TERMS 16
#define GROG_DICE_EXPR_MAX_DICE 1000

typedef struct grog_dice_term {
    int count, sides; /* N dice of S sides */
    grog_keep keep;
    int kept;         /* K (count when all are kept) */
    int sign;         /* +1 or -1 */
} grog_dice_term;

typedef struct grog_dice_expr {
    int nterms;
    grog_dice_term terms[GROG_DICE_EXPR_MAX_TERMS];
    int modifier;     /* the whole numbers' sum */
} grog_dice_expr;

typedef struct grog_expr_roll {
    int faces[GROG_DICE_EXPR_MAX_DICE]; /* every die, term after term, in the order rolled */
    int nfaces;                         /* 0 when the total was entered */
    int natural;                        /* the terms' signed kept sums */
    int total;                          /* natural + modifier */
    int entered;
} grog_expr_roll;

/* Parses text; on error *out is unchanged and err names the character. */
grog_status grog_dice_expr_parse(const char *text, grog_dice_expr *out, grog_error *err);
/* The canonical text ("2d6+1d8-1") into buf; returns buf. */
char *grog_dice_expr_format(const grog_dice_expr *e, char *buf, size_t size);
/* Whether e is one term of at most 100 dice, added, and if so that term as
 * a grog_dice (modifier included) in *out (may be NULL). */
int grog_dice_expr_as_dice(const grog_dice_expr *e, grog_dice *out);
/* Smallest and largest natural total (the terms, before the modifier). */
int grog_dice_expr_natural_min(const grog_dice_expr *e);
int grog_dice_expr_natural_max(const grog_dice_expr *e);
void grog_dice_expr_roll(const grog_dice_expr *e, grog_rng *rng, grog_expr_roll *out);
/* A natural total entered by a player; GROG_EINVAL if the dice cannot show it. */
grog_status grog_dice_expr_enter(const grog_dice_expr *e, int natural, grog_expr_roll *out,
                                 grog_error *err);

#endif
