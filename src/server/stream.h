/* stream.h — a table's event streams (Server-Sent Events, internal to
 * src/server): the journal position and the sides' Done, each time they
 * move, to every open stream. docs/api.md ("GET /api/v1/events") is the
 * contract. */
#ifndef GROG_STREAM_H
#define GROG_STREAM_H

#include <microhttpd.h>

#include "table.h"

/* The streams a table holds at once, but the referee's; of them, those of
 * one side's token; the referee's own (outside the others, so that his
 * always get through); and how often a stream with no news writes a comment
 * to stay open. */
#define STREAMS_MAX 1200
#define STREAMS_PER_SIDE 32
#define STREAMS_REFEREE 16
#define STREAMS_KEEPALIVE_S 15

/* An event-stream response on connection c for seat number `seat`, or NULL
 * when there is no room for one more of that seat's (or the table stops).
 * The referee's stream counts as a referee device for the sides' Done
 * (votes.c). resume: the position of the request's Last-Event-ID, -1 for
 * none; the first events say where the stream stands (docs/api.md). */
struct MHD_Response *stream_open(table *t, struct MHD_Connection *c, int seat,
                                 long long resume);

#endif
