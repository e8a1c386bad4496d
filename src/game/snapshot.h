/* snapshot.h — a game's whole state as one text and back (internal to
 * src/game; issue 17: a game opens from its newest snapshot instead of
 * replaying its journal from the start).
 *
 * The text is compact JSON, the same bytes for the same state (keys in a
 * fixed order, lengths as whole mm or with 17 significant digits, so that
 * every double reads back bit for bit). It holds what an action may change: the turn and phase,
 * the generator (seed, four state words, draw count), the changeable fields
 * of every officer and unit (by id, in battle order), and the family's
 * bookkeeping (family_ops.state_save). What no action changes (names, sides,
 * ratings, the table, the terrain) comes from the game's scenario when the
 * text is read back. docs/game.md, "Snapshots: the format", describes it.
 *
 * It holds every secret of the game (both sides' face-down orders): it is
 * for the journal, never for a view.
 *
 * Ownership: game_state_save returns a malloc'd text the caller frees; a
 * state read by game_state_load belongs to the caller (game_state_free). */
#ifndef GROG_SNAPSHOT_H
#define GROG_SNAPSHOT_H

#include <jansson.h>

#include "engine.h"

#define SNAPSHOT_FORMAT "grognard-state"
#define SNAPSHOT_VERSION 1

/* The state s of game g as one compact JSON text, deterministic (same state, same
 * bytes): format version, family, turn, phase, the generator (its four state words
 * and its draw count), every officer's and unit's changeable fields (lengths in mm
 * written so that they read back to the same double), and the family's bookkeeping
 * (family_ops.state_save). NULL when out of memory (or when a length is not
 * finite, which no sound battle has). Caller frees. */
char *game_state_save(const grog_game *g, const game_state *s);
/* *s := the state read from text: the battle fresh from the game's scenario with
 * the snapshot's fields laid over it, the family's state, the generator, turn and
 * phase. Anything that does not fit (another family or format, other officer or
 * unit ids or counts, a missing or ill-typed field, a value out of range) is
 * GROG_EFORMAT naming it, and *s is untouched. On success the caller owns *s
 * (game_state_free). */
grog_status game_state_load(grog_game *g, const char *text, game_state *s, grog_error *err);
/* The digest stored beside a snapshot text (detects damage, not a signature):
 * 32 hex digits of a 128-bit hash of the text. */
void game_state_digest(const char *text, char out[static 33]);

/* ---- reading a snapshot's JSON (for the families' state_load) ----
 * Each reads member `key` of object `obj` (key NULL: obj itself), found at
 * `where` ("family.attempts[2]"; "" at the top), and fails with
 * GROG_EFORMAT naming where.key when it is missing, of another type or out
 * of range. */
grog_status snapshot_int(const json_t *obj, const char *where, const char *key, long long lo,
                         long long hi, long long *out, grog_error *err);
/* An int field (lo, hi within int). */
grog_status snapshot_i(const json_t *obj, const char *where, const char *key, int lo, int hi,
                       int *out, grog_error *err);
/* A string of fewer than `size` bytes without NUL. */
grog_status snapshot_string(const json_t *obj, const char *where, const char *key, size_t size,
                            const char **out, grog_error *err);
/* An array of exactly n elements (n SIZE_MAX: any length). */
grog_status snapshot_array(const json_t *obj, const char *where, const char *key, size_t n,
                           json_t **out, grog_error *err);
grog_status snapshot_object(const json_t *obj, const char *where, const char *key, json_t **out,
                            grog_error *err);
/* The index of an officer (or unit) of b named by a string member; null
 * (when null_ok) gives *index = (size_t)-1. */
grog_status snapshot_officer(const grog_battle *b, const json_t *obj, const char *where,
                             const char *key, int null_ok, size_t *index, grog_error *err);
grog_status snapshot_unit(const grog_battle *b, const json_t *obj, const char *where,
                          const char *key, int null_ok, size_t *index, grog_error *err);
/* "where.key" (or "where[i]" when key is NULL) into buf, for nested paths. */
const char *snapshot_path(char *buf, size_t size, const char *where, const char *key, size_t i);
/* GROG_EFORMAT: "snapshot: WHERE.KEY is out of range". */
grog_status snapshot_range_error(const char *where, const char *key, grog_error *err);

#endif
