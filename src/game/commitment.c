/* commitment.c — the seed's commitment, the end of a game and its
 * verification (commitment.h).
 *
 * Kept in the journal's game table, beside the seed: "seed_salt" (32 hex
 * digits) and "seed_commitment" (64), written with the game before its first
 * action; "ended" ("1") written once by the referee, never taken back. The
 * keys are read from the file each time they are asked for, so that an end
 * written by another process (the CLI beside a server) counts at once.
 * Invariant: the seed and salt leave this module only for a seat that
 * grog_game_seed_shown allows. Verifying is verify.c's (it replays: history.c). */
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commitment_internal.h"
#include "engine.h"
#include "grognard/commitment.h"
#include "i18n.h"
#include "journal.h"

#define KEY_SALT "seed_salt"
#define KEY_COMMITMENT "seed_commitment"
#define KEY_ENDED "ended"

static const char hexdigits[] = "0123456789abcdef";

static void hex_of(const unsigned char *bytes, size_t n, char *out)
{
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = hexdigits[bytes[i] >> 4];
        out[2 * i + 1] = hexdigits[bytes[i] & 15];
    }
    out[2 * n] = '\0';
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

void grog_salt_format(const unsigned char salt[GROG_SALT_BYTES], char hex[GROG_SALT_HEX])
{
    hex_of(salt, GROG_SALT_BYTES, hex);
}

grog_status grog_salt_parse(const char *hex, unsigned char salt[GROG_SALT_BYTES],
                            grog_error *err)
{
    if (hex == NULL || strlen(hex) != 2 * GROG_SALT_BYTES)
        return grog_error_set(err, GROG_EINVAL, _("a salt is %d hexadecimal digits"),
                              2 * GROG_SALT_BYTES);
    unsigned char b[GROG_SALT_BYTES];
    for (size_t i = 0; i < GROG_SALT_BYTES; i++) {
        int hi = hex_value(hex[2 * i]), lo = hex_value(hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return grog_error_set(err, GROG_EINVAL, _("a salt is %d hexadecimal digits"),
                                  2 * GROG_SALT_BYTES);
        b[i] = (unsigned char)(hi << 4 | lo);
    }
    memcpy(salt, b, sizeof b);
    return GROG_OK;
}

void grog_commitment_compute(uint64_t seed, const unsigned char salt[GROG_SALT_BYTES],
                             char hex[GROG_COMMITMENT_HEX])
{
    char salt_hex[GROG_SALT_HEX], text[96];
    grog_salt_format(salt, salt_hex);
    int n = snprintf(text, sizeof text, "grognard-seed:%llu:%s", (unsigned long long)seed,
                     salt_hex);
    struct sha256_ctx ctx;
    uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_init(&ctx);
    sha256_update(&ctx, (size_t)n, (const uint8_t *)text);
    sha256_digest(&ctx, sizeof digest, digest);
    hex_of(digest, sizeof digest, hex);
}

grog_status commitment_store(journal *j, uint64_t seed, const unsigned char *salt,
                             grog_error *err)
{
    if (salt == NULL)
        return GROG_OK; /* no salt given: a game without a commitment */
    char salt_hex[GROG_SALT_HEX], c[GROG_COMMITMENT_HEX];
    grog_salt_format(salt, salt_hex);
    grog_commitment_compute(seed, salt, c);
    grog_status st = journal_set(j, KEY_SALT, salt_hex, err);
    return st == GROG_OK ? journal_set(j, KEY_COMMITMENT, c, err) : st;
}

/* The key's value into buf (size bytes); 0 when absent or unreadable. */
static int read_key(const grog_game *g, const char *key, char *buf, size_t size)
{
    char *v = NULL;
    if (journal_get(g->j, key, &v, NULL) != GROG_OK || v == NULL)
        return 0;
    int ok = strlen(v) < size;
    if (ok)
        memcpy(buf, v, strlen(v) + 1);
    free(v);
    return ok;
}

int commitment_salt_hex(const grog_game *g, char hex[GROG_SALT_HEX])
{
    return read_key(g, KEY_SALT, hex, GROG_SALT_HEX);
}

int grog_game_commitment(const grog_game *g, char hex[GROG_COMMITMENT_HEX])
{
    return read_key(g, KEY_COMMITMENT, hex, GROG_COMMITMENT_HEX);
}

int grog_game_ended(const grog_game *g)
{
    char v[8];
    return read_key(g, KEY_ENDED, v, sizeof v) && strcmp(v, "1") == 0;
}

int grog_game_seed_shown(const grog_game *g, const grog_seat *seat)
{
    return (seat != NULL && seat->kind == GROG_SEAT_REFEREE) || grog_game_ended(g);
}

grog_status grog_game_salt(const grog_game *g, const grog_seat *seat, char hex[GROG_SALT_HEX],
                           grog_error *err)
{
    if (!grog_game_seed_shown(g, seat))
        return grog_error_set(err, GROG_EDENIED,
                              _("the seed and its salt are the referee's until the game ends"));
    if (!read_key(g, KEY_SALT, hex, GROG_SALT_HEX))
        return grog_error_set(err, GROG_ENOTFOUND, _("this game keeps no seed commitment"));
    return GROG_OK;
}

/* Whether the game has ended, read inside the writer's transaction through
 * the journal's kept statement. */
static int ended_now(const grog_game *g)
{
    char *v = NULL;
    int ended = journal_get_kept(g->j, KEY_ENDED, &v, NULL) == GROG_OK && v != NULL &&
                strcmp(v, "1") == 0;
    free(v);
    return ended;
}

grog_status commitment_writable(const grog_game *g, int in_write, grog_error *err)
{
    if (in_write ? ended_now(g) : grog_game_ended(g))
        return grog_error_set(err, GROG_EINVAL,
                              _("the referee has ended this game: its seed is shown to all, so "
                                "nothing more may be done in it ('grognard verify GAME' checks "
                                "its dice)"));
    return GROG_OK;
}

grog_status grog_game_end(grog_game *g, const grog_seat *seat, grog_error *err)
{
    if (seat == NULL || seat->kind != GROG_SEAT_REFEREE)
        return grog_error_set(err, GROG_EDENIED, _("only the referee ends a game"));
    grog_status st = journal_begin(g->j, err);
    if (st != GROG_OK)
        return st;
    if (grog_game_ended(g)) {
        journal_rollback(g->j);
        return grog_error_set(err, GROG_EINVAL, _("this game has already ended"));
    }
    st = journal_set(g->j, KEY_ENDED, "1", err);
    if (st == GROG_OK)
        st = journal_commit(g->j, err);
    if (st != GROG_OK) {
        journal_rollback(g->j);
        return st;
    }
    journal_checkpoint(g->j);
    return GROG_OK;
}

void commitment_status(const grog_game *g, int referee, json_t *o)
{
    int ended = grog_game_ended(g), shown = referee || ended;
    char c[GROG_COMMITMENT_HEX], salt[GROG_SALT_HEX];
    if (shown) /* the seed tells every future roll: the referee's alone until the end */
        json_object_set_new(o, "seed", json_integer((json_int_t)(g->seed & INT64_MAX)));
    json_object_set_new(o, "seed_commitment",
                        grog_game_commitment(g, c) ? json_string(c) : json_null());
    if (shown)
        json_object_set_new(o, "seed_salt", read_key(g, KEY_SALT, salt, sizeof salt)
                                                ? json_string(salt)
                                                : json_null());
    json_object_set_new(o, "ended", json_boolean(ended));
}

void commitment_status_text(json_t *status, FILE *f)
{
    const char *c = json_string_value(json_object_get(status, "seed_commitment"));
    if (c == NULL)
        return;
    fprintf(f, _("Seed commitment: %s\n"), c);
    if (json_is_true(json_object_get(status, "ended")))
        fprintf(f, _("The referee has ended the game: seed %lld, salt %s ('grognard verify' "
                     "checks them).\n"),
                (long long)json_integer_value(json_object_get(status, "seed")),
                json_string_value(json_object_get(status, "seed_salt")));
}
