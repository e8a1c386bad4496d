/* idem.h — the answers of POST do, undo and done kept by their
 * Idempotency-Key (internal to src/server): the same key from the same seat
 * twice is answered the first answer, and applied once (a double tap, a
 * retry after an answer lost on the way). The last IDEM_KEEP answers are
 * kept, in memory only. Used under the table's game lock. */
#ifndef GROG_IDEM_H
#define GROG_IDEM_H

#include <stddef.h>

#define IDEM_KEEP 512
#define IDEM_KEY_MAX 64

typedef struct idem_answer {
    unsigned status;
    const char *type; /* a static content type */
    char *text;
    long seq;
} idem_answer;

typedef struct idem_cache idem_cache;

idem_cache *idem_new(void);
void idem_free(idem_cache *c);
/* Whether key is one: 1 to IDEM_KEY_MAX letters, digits or "-_.:". */
int idem_key_ok(const char *key);
/* The answer kept for (seat, key), or NULL. */
const idem_answer *idem_find(const idem_cache *c, int seat, const char *key);
/* Keeps a copy of an answer for (seat, key), in place of the oldest; 0 when
 * kept, -1 when out of memory (then nothing is kept). */
int idem_keep(idem_cache *c, int seat, const char *key, const idem_answer *a);

#endif
