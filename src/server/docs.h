/* docs.h — the documents a table sends (internal to src/server): each seat's
 * game document, map, actions list and claims in each language, as last
 * made, with an ETag that is a digest of its bytes, the responses ready to
 * queue (plain and gzipped), and a few past versions, so that a page that
 * holds one gets only the lines that changed (RFC 3229 delta encoding,
 * "226 IM Used" with instance-manipulation "lines": delta.h, docs/api.md).
 *
 * A slot is one (seat, language, document): table.h numbers them. A slot
 * holds the text last made for it, which stays its present document until
 * the game changes (docs_changed) and the next request makes it again
 * (docs_put). The ETag is SHA-256 (nettle) over the slot's number and the
 * bytes, cut to 128 bits: the same bytes give the same ETag in a slot (a
 * note that leaves the map as it was leaves its ETag, and a page holding it
 * gets 304), while two seats or languages never share one, even for equal
 * bytes.
 *
 * Past versions: a slot keeps its last 4 texts that differ from the
 * present one (those of documents asked for only), and a store at most
 * 64 MiB of such texts, the oldest going first; a delta is worked out once
 * per past version and present text, at most 1,000 lines deleted plus
 * inserted, and sent only when its body is at most half the document.
 *
 * Invariants: used under the caller's lock (the table's doc_lock); the
 * text of a slot is only ever the one its seat's view made (reader.c); a
 * response or delta is built from that slot's own texts only: the base a
 * request names is looked for among its own slot's versions, never
 * another seat's or language's.
 *
 * Ownership: docs_new returns a store that docs_free frees (accepts NULL);
 * docs_put takes over its text. */
#ifndef GROG_DOCS_H
#define GROG_DOCS_H

#include <pthread.h>
#include <stddef.h>

#include <microhttpd.h>

#include "grognard/error.h"

typedef struct docs_store docs_store;

/* A store of nslots slots, all empty. NULL when out of memory. */
docs_store *docs_new(size_t nslots);
void docs_free(docs_store *s);
/* The game changed: every slot's document is out of date (its ready
 * responses are dropped, freed once no request sends them). */
void docs_changed(docs_store *s);
/* Whether slot holds the document of the game's present state. */
int docs_fresh(const docs_store *s, size_t slot);
/* Takes text (malloc'd, NUL-terminated; NULL: GROG_ENOMEM) as slot's
 * present document (slot < nslots), of MIME type type (a static string),
 * made at journal position seq. */
grog_status docs_put(docs_store *s, size_t slot, char *text, const char *type, long seq,
                     grog_error *err);
/* The ETag of slot's present document ("" when it has none yet). */
const char *docs_etag(const docs_store *s, size_t slot);
/* Answers request c with slot's present document (docs_fresh): 304 Not
 * Modified to an If-None-Match that names its ETag; 226 IM Used with the
 * delta from a past version of this slot that If-None-Match names, to a
 * request whose A-IM takes "lines"; otherwise 200 with the whole document;
 * gzipped when the request takes it. */
enum MHD_Result docs_send(docs_store *s, size_t slot, struct MHD_Connection *c);
/* For the reader's builder (reader.h), which makes what docs_send sends
 * outside the store's lock (a gzip of a 1.7 MB map, a line difference of
 * 12,000 lines: milliseconds to tens of them). docs_ready: whether
 * docs_send would answer a request with these If-None-Match, A-IM (either
 * may be NULL) and encoding now without making anything (the slot's
 * document is present, and the 304, the delta from the base inm names with
 * its response, or the whole response is ready); under the lock.
 * docs_prepare: makes what is missing for such a request, the making
 * outside lock (the store's, held by the caller around every other use),
 * called without it by the one thread that also calls docs_put (the slot's
 * texts and past versions stay as they are meanwhile). */
int docs_ready(const docs_store *s, size_t slot, const char *inm, const char *aim, int gz);
grog_status docs_prepare(docs_store *s, size_t slot, const char *inm, const char *aim, int gz,
                         pthread_mutex_t *lock, grog_error *err);
/* Whether the If-None-Match value inm (a list of entity tags, or "*")
 * names etag. */
int docs_inm_names(const char *inm, const char *etag);
/* Whether the A-IM value aim (NULL: none) takes "lines" (q above 0). */
int docs_aim_lines(const char *aim);

#endif
