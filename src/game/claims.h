/* claims.h — the claims' actions and words (claims.c; internal to
 * src/game). What a claim is: claim_list.h and docs/game.md "Claims". */
#ifndef GROG_CLAIMS_H
#define GROG_CLAIMS_H

#include <stddef.h>

#include "engine.h"

/* claim SIDE event KIND ..., accept N [--roll ...], dispute N,
 * decide N apply|reject [--roll ...]. */
grog_status game_act_claim(action_ctx *c, int argc, char **argv, grog_error *err);
grog_status game_act_accept(action_ctx *c, int argc, char **argv, grog_error *err);
grog_status game_act_dispute(action_ctx *c, int argc, char **argv, grog_error *err);
grog_status game_act_decide(action_ctx *c, int argc, char **argv, grog_error *err);

/* A side's name for people (its id when it has none). */
const char *game_claim_side_name(const grog_battle *b, const char *id);
/* A claim's words (a JSON array text) joined by spaces into out. */
void game_claim_words_text(const char *words, char *out, size_t size);
/* A claim's event (words: its JSON array text) said as the sentence the
 * event writes when applied, the pieces by name ("2e Leger routs."), into
 * out (claim_sentence.c); aigles: Les Aigles' sentences (their rule ids).
 * 1, or 0 and out "" when its words are no event it knows (show the words). */
int game_claim_sentence(const grog_battle *b, int aigles, const char *words, char *out,
                        size_t size);
/* The warning a claim's check (its JSON text, may be NULL) carries, for
 * people, into out: 1 when there is one (the positions, or the claim's
 * own table measure, say the event did not happen as claimed; or the
 * table's measure and the map disagree), else 0 and out "". */
int game_claim_warning(const grog_battle *b, const char *check, char *out, size_t size);
/* A side seat's `event` about the other side's pieces is a claim: *out
 * gets the words "claim SEAT-SIDE event ..." (malloc'd array of borrowed
 * strings; the caller frees the array) and the count is returned; 0 (and
 * *out NULL) when the words are not such an event; -1 out of memory. */
int game_claim_words(const grog_battle *b, const char *seat_side, int argc,
                     const char *const *words, const char ***out);

#endif
