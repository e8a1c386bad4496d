/* tokens.h — the seats' tokens of a served game (internal to src/server).
 *
 * A token is 128 bits from getrandom(2), written as 32 lowercase hex digits.
 * Tokens live in the game file itself, in this module's own table
 *   serve_tokens(seat TEXT PRIMARY KEY, token TEXT NOT NULL)
 * created on first use, so that a restart keeps every link. Checking a token
 * takes the same time whichever seat it matches, or none. */
#ifndef GROG_TOKENS_H
#define GROG_TOKENS_H

#include <stddef.h>

#include "grognard/error.h"

#define TOKEN_HEX 32

typedef char token_text[TOKEN_HEX + 1];

/* Fills tokens[i] for the seat named keys[i] (i < n) from the game file at
 * path: the stored token, or a new one stored now; renew: new ones for all
 * (the old ones are forgotten). One transaction: on error nothing changed. */
grog_status tokens_load(const char *path, int renew, size_t n, const char *const *keys,
                        token_text *tokens, grog_error *err);

/* The index of the token equal to given among tokens[0..n-1], or -1; every
 * token is compared in full, in constant time. given may be NULL. */
int tokens_match(const char *given, size_t n, const token_text *tokens);

#endif
