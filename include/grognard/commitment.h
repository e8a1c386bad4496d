/* commitment.h — dice anyone can check: the seed's commitment, the end of a
 * game, and its verification.
 *
 * A new game given a salt (GROG_SALT_BYTES random bytes the caller reads from
 * its random source: the library never reads one) keeps, before its first
 * roll, the commitment: the SHA-256 (nettle) of the text
 * "grognard-seed:SEED:SALT" (SEED in decimal, SALT in 32 lowercase hex
 * digits), as 64 lowercase hex digits. Every seat sees the commitment from the
 * start; the seed and the salt stay the referee's alone until the referee
 * ends the game, after which every seat sees them and nothing more may be
 * done in the game (an action or an undo is refused). Verifying recomputes
 * the commitment from the seed and salt kept and replays the journal from the
 * seed (grog_game_replay): every roll grognard made follows from the seed.
 *
 * Strings written into caller buffers; nothing to free. */
#ifndef GROGNARD_COMMITMENT_H
#define GROGNARD_COMMITMENT_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/error.h"
#include "grognard/game.h"

#define GROG_SALT_BYTES 16
#define GROG_SALT_HEX (2 * GROG_SALT_BYTES + 1)
#define GROG_COMMITMENT_HEX 65 /* 64 hex digits and the terminating NUL */

/* grog_game_create (game.h) with a salt: GROG_SALT_BYTES random bytes from the
 * caller's random source (NULL: no commitment, as grog_game_create). path
 * NULL: in memory. */
grog_status grog_game_create_salted(const char *path, const grog_game_options *opts,
                                    const unsigned char *salt, grog_game **out,
                                    grog_error *err);

/* hex := the commitment to seed with salt. */
void grog_commitment_compute(uint64_t seed, const unsigned char salt[GROG_SALT_BYTES],
                             char hex[GROG_COMMITMENT_HEX]);
/* Salt from its 32 hex digits (either case); GROG_EINVAL otherwise. */
grog_status grog_salt_parse(const char *hex, unsigned char salt[GROG_SALT_BYTES],
                            grog_error *err);
void grog_salt_format(const unsigned char salt[GROG_SALT_BYTES], char hex[GROG_SALT_HEX]);

/* 1 and hex set when the game keeps a commitment (a game made without a salt,
 * or by an older grognard, has none: 0). */
int grog_game_commitment(const grog_game *g, char hex[GROG_COMMITMENT_HEX]);
/* 1 when the referee has ended the game. */
int grog_game_ended(const grog_game *g);
/* Whether seat may see the seed and salt: the referee always, every seat once
 * the game has ended. */
int grog_game_seed_shown(const grog_game *g, const grog_seat *seat);
/* The salt's hex digits for seat: GROG_EDENIED before the end for anyone but
 * the referee, GROG_ENOTFOUND when the game has no commitment. */
grog_status grog_game_salt(const grog_game *g, const grog_seat *seat, char hex[GROG_SALT_HEX],
                           grog_error *err);
/* The referee ends the game (GROG_EDENIED for another seat, GROG_EINVAL when
 * it has already ended): from now on every seat sees the seed and salt and
 * the game takes no more actions. */
grog_status grog_game_end(grog_game *g, const grog_seat *seat, grog_error *err);

typedef struct grog_verification {
    int has_commitment;   /* the game keeps a commitment */
    int commitment_ok;    /* SHA-256 of the seed and salt kept is the commitment kept */
    int expected_ok;      /* the commitment given by the caller (if any) is the one kept */
    int replay_ok;        /* every row replays from the seed */
    size_t rows;          /* rows replayed (up to the first that differs) */
    long long first_bad;  /* the first row that differs (0: none) */
    char reason[GROG_ERROR_MAX]; /* why the replay failed ("" when it did not) */
} grog_verification;

/* Checks the game's dice: the commitment against the seed and salt kept,
 * against `expected` (the commitment the players noted at the start; NULL:
 * not checked) and every row of the journal replayed from the seed. GROG_OK
 * with *out filled whatever the verdict (a failed check is a verdict, not an
 * error); an error only when the checks could not be made. */
grog_status grog_game_verify(grog_game *g, const char *expected, grog_verification *out,
                             grog_error *err);
/* 1 when every check made holds. */
int grog_verification_ok(const grog_verification *v);

#endif
