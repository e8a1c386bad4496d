/* imap.h — a map of 32-bit numbers to 32-bit numbers, or a set of them
 * (internal to src/game: the actions list, legal_list.c and game_actions.c).
 *
 * Open addressing; a zeroed imap is empty and ready. The map owns its
 * arrays (imap_free). Running out of memory is reported, never fatal: the
 * map is then unchanged. */
#ifndef GROG_IMAP_H
#define GROG_IMAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct imap {
    uint32_t *keys; /* key + 1; 0: empty slot */
    uint32_t *vals; /* NULL for a set */
    size_t cap, n;  /* cap: a power of two, at least twice n */
} imap;

/* The value of key: 0 when it is not there (callers store values + 1); in a
 * set, 1 when it is. */
uint32_t imap_get(const imap *m, uint32_t key);
/* Sets key (to val in a map, with_vals): 1 when it was not there, 0 when it
 * was (unchanged), -1 out of memory. */
int imap_put(imap *m, uint32_t key, uint32_t val, int with_vals);
void imap_free(imap *m);

#endif
