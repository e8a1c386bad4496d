/* stream.h — a table's event streams (Server-Sent Events, internal to
 * src/server): the journal position and the sides' Done, each time they
 * move, to every open stream. docs/api.md ("GET /api/v1/events") is the
 * contract. */
#ifndef GROG_STREAM_H
#define GROG_STREAM_H

#include <microhttpd.h>

#include "table.h"

/* An event-stream response, or NULL when the table has no room for one
 * more (or stops). referee: the referee's stream, which counts as a referee
 * device for the sides' Done (votes.c). */
struct MHD_Response *stream_open(table *t, int referee);

#endif
