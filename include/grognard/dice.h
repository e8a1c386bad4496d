/* dice.h — dice as data: NdS, keep highest/lowest K, plus a modifier.
 *
 * Text form: "[N]dS[khK|klK][+M|-M]", e.g. "2d6", "d6", "3d6kh1", "2d6-1".
 * N is 1..100 and S 2..1000; K is 1..N. A dice value is a plain struct the
 * caller owns. A roll comes from the RNG or is entered by hand (physical
 * dice): an entered roll is the total of the kept faces, before the modifier,
 * and is checked against what the dice can show. */
#ifndef GROGNARD_DICE_H
#define GROGNARD_DICE_H

#include "grognard/error.h"
#include "grognard/rng.h"

#define GROG_DICE_MAX_COUNT 100
#define GROG_DICE_MAX_SIDES 1000

typedef enum grog_keep {
    GROG_KEEP_ALL = 0,
    GROG_KEEP_HIGHEST,
    GROG_KEEP_LOWEST
} grog_keep;

typedef struct grog_dice {
    int count;     /* N dice */
    int sides;     /* S faces, numbered 1..S */
    grog_keep keep;
    int kept;      /* K kept (count when keep is GROG_KEEP_ALL) */
    int modifier;  /* M added to the total */
} grog_dice;

typedef struct grog_roll {
    int faces[GROG_DICE_MAX_COUNT]; /* faces[0..nfaces-1]: each die, in the order
                                       rolled (all 0 when entered); a roll leaves
                                       faces[nfaces..] as they were */
    int nfaces;                     /* count, or 0 when the total was entered */
    int natural;                    /* total of the kept faces */
    int total;                      /* natural + modifier */
    int entered;                    /* 1 when typed in by a player */
} grog_roll;

/* Parses text into *out. On error *out is unchanged and err says what is
 * wrong and at which character. */
grog_status grog_dice_parse(const char *text, grog_dice *out, grog_error *err);

/* Checks a dice value built by hand (ranges as in the text form). */
grog_status grog_dice_check(const grog_dice *dice, grog_error *err);

/* Writes the canonical text ("2d6-1") into buf; returns buf. */
char *grog_dice_format(const grog_dice *dice, char *buf, size_t size);

/* Smallest and largest natural total (before the modifier). */
int grog_dice_natural_min(const grog_dice *dice);
int grog_dice_natural_max(const grog_dice *dice);

/* Rolls with the generator: one draw per die (more when a draw is
 * rejected), the same rolls for the same seed on every machine and version. */
void grog_dice_roll(const grog_dice *dice, grog_rng *rng, grog_roll *out);

/* Takes a natural total entered by a player; GROG_EINVAL if the dice cannot
 * show it. */
grog_status grog_dice_enter(const grog_dice *dice, int natural, grog_roll *out,
                            grog_error *err);

#endif
