/* claim_list.h — the claims waiting for an answer, part of a game's state
 * (internal to src/game; the actions that make and answer them are
 * claims.c's).
 *
 * A claim is an event a side reported about the other side's pieces
 * (docs/game.md, "Claims"): journaled, not applied, until the side it is
 * about accepts it or the referee decides. The list holds the claims not
 * yet answered, in the order they were made; an answered claim leaves it
 * (its row and its answer stay in the journal). It is copied and freed with
 * the state and written in a snapshot only when it is not empty, so a game
 * without claims keeps the bytes of its snapshots.
 *
 * Ownership: a claim_list owns its claims and their strings; claim_list_free
 * accepts NULL. */
#ifndef GROG_CLAIM_LIST_H
#define GROG_CLAIM_LIST_H

#include <jansson.h>
#include <stddef.h>

#include "grognard/battle.h"
#include "grognard/error.h"

typedef struct game_claim {
    long long seq;            /* the claim's row in the journal: its number */
    char by[GROG_ID_MAX];     /* the side that claims */
    char about[GROG_ID_MAX];  /* the side whose pieces it is about */
    int disputed;             /* that side disputed it: the referee decides */
    char *words;              /* the event's words: a compact JSON array text */
    char *check;              /* what the positions say (claims.c), a compact
                                 JSON object text, or NULL: no check */
} game_claim;

typedef struct claim_list {
    game_claim *v;
    size_t n, cap;
} claim_list;

void claim_list_free(claim_list *l);
/* A copy of l (NULL for NULL or an empty list); *ok 0 when out of memory. */
claim_list *claim_list_copy(const claim_list *l, int *ok);
/* Appends a claim (its strings copied) to *l, made when NULL. */
grog_status claim_list_add(claim_list **l, const game_claim *c, grog_error *err);
/* The claim numbered seq, or NULL. */
game_claim *claim_list_find(claim_list *l, long long seq);
/* Removes the claim numbered seq (nothing when absent). */
void claim_list_remove(claim_list *l, long long seq);
size_t claim_list_count(const claim_list *l);

/* As a snapshot keeps it: [{"seq","by","about","disputed","words","check"}]
 * (NULL when out of memory). */
json_t *claim_list_save(const claim_list *l);
/* Read back from a snapshot (j NULL: no claims, *out NULL). Anything
 * ill-typed, or a side that is not b's: GROG_EFORMAT naming it. */
grog_status claim_list_load(const json_t *j, const grog_battle *b, claim_list **out,
                            grog_error *err);

#endif
