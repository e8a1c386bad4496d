/* piece_codes.h — the rosters' short codes in action words (internal to
 * src/game): an action's word that is a piece's short code ("A3", battle.h)
 * and no piece's id is replaced by that piece's id before the action runs, so
 * the journal, the log and the state hold ids only. */
#ifndef GROG_PIECE_CODES_H
#define GROG_PIECE_CODES_H

#include "grognard/battle.h"

/* A copy of words (words[0], the action word, every option, and a note's
 * free text stay as they are) with the codes replaced; free it with piece_codes_free. NULL
 * when out of memory. */
char **piece_codes_words(const grog_battle *b, int argc, const char *const *words);
void piece_codes_free(char **w, int argc);

#endif
