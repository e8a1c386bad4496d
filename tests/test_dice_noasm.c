/* test_dice_noasm.c — every test of test_dice.c once more, against dice.c
 * built with its plain C path (GROG_DICE_NO_ASM): the x86-64 block of
 * redraw_if_rejected and the C it stands for must roll the same faces, draw
 * the same numbers and count the same draws for every seed (issue 17: the
 * speed-ups change no roll). This program's own copy of dice.c is linked
 * before the library's, so the library's is never pulled in. */
#define GROG_DICE_NO_ASM 1
#include "../src/core/dice.c"

#include "test_dice.c"
