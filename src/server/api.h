/* api.h — the JSON API of a table under /api/v1/ (internal to src/server):
 * the endpoints but the event stream, each answered with the request's
 * seat: the per-seat documents from the reader (reader.h), the others under
 * the table's game lock. docs/api.md is the contract. */
#ifndef GROG_API_H
#define GROG_API_H

#include <microhttpd.h>
#include <stddef.h>

#include "reader.h"
#include "table.h"

/* The methods endpoint `name` ("game", "do"...) takes: 1 GET, 2 POST, 3
 * both; 0 when there is no such endpoint. "events" (stream.h) is not one. */
int api_methods(const char *name);
/* Answers endpoint `name` (api_methods said it takes this method) for seat
 * number `seat` in language `lang` (an index of the site's catalogues, for
 * the cache), with the POST body (len bytes, may be 0). A per-seat document
 * not ready yet parks the request (reader.h): w->again is then set, the
 * connection is suspended and the request must be answered again, with the
 * same w, once it is resumed. */
enum MHD_Result api_answer(table *t, struct MHD_Connection *c, const char *name, int post, int seat,
                           int lang, const char *body, size_t len, reader_wait *w);

#endif
