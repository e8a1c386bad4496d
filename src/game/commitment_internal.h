/* commitment_internal.h — what the engine calls of commitment.c (internal to
 * src/game). */
#ifndef GROG_COMMITMENT_INTERNAL_H
#define GROG_COMMITMENT_INTERNAL_H

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>

#include "grognard/error.h"
#include "grognard/game.h"

struct journal;

/* Writes the salt and the commitment into a new game's journal (salt NULL:
 * nothing, a game without commitment). */
grog_status commitment_store(struct journal *j, uint64_t seed, const unsigned char *salt,
                             grog_error *err);
/* The salt's hex digits kept in the game; 0 when none. */
int commitment_salt_hex(const grog_game *g, char hex[33]);
/* GROG_EINVAL once the referee has ended the game: no action, no undo.
 * in_write: asked inside the writer's transaction (journal_get_kept). */
grog_status commitment_writable(const grog_game *g, int in_write, grog_error *err);

/* The status object's keys: "seed" (the referee's, every seat's once ended),
 * "seed_commitment" (every seat; null without one), "seed_salt" (as "seed"),
 * "ended". */
void commitment_status(const grog_game *g, int referee, json_t *o);
/* The same for people, from the status object: the commitment, and once
 * ended the seed and salt. */
void commitment_status_text(json_t *status, FILE *f);

#endif
