/* reply.h — the answers of the table's server (internal to src/server).
 * Each function queues its answer on the connection and returns
 * libmicrohttpd's result; seq >= 0 is the journal position the answer
 * reflects (X-Grognard-Seq), -1 for none. */
#ifndef GROG_REPLY_H
#define GROG_REPLY_H

#include <jansson.h>
#include <microhttpd.h>

#include "grognard/error.h"

/* Queues response r (taken over; NULL: MHD_NO) with the headers every answer
 * carries; api: an API answer (no-store) rather than a page file. */
enum MHD_Result reply_send(struct MHD_Connection *c, unsigned status, struct MHD_Response *r,
                           const char *type, int api, long seq);
/* Adds the headers every answer carries to r. */
void reply_headers(struct MHD_Response *r, unsigned status, const char *type, int api, long seq);
/* Whether the request takes gzip (Accept-Encoding names it, q above 0). */
int reply_accepts_gzip(struct MHD_Connection *c);
/* A response holding a copy of text (len bytes), gzipped when gz and the
 * body is JSON or SVG over 1 KiB, with every header (and ETag when etag is
 * not NULL): one that may be queued any number of times (MHD_queue_response)
 * until MHD_destroy_response. NULL when out of memory. */
struct MHD_Response *reply_response(const char *text, size_t len, int gz, unsigned status,
                                    const char *type, long seq, const char *etag);
/* 304 Not Modified with the document's ETag. */
enum MHD_Result reply_not_modified(struct MHD_Connection *c, const char *etag, long seq);
/* Sends a malloc'd text (taken over; NULL: MHD_NO), gzipped as
 * reply_response says when the request takes it. */
enum MHD_Result reply_text(struct MHD_Connection *c, unsigned status, char *text, const char *type,
                           long seq);
/* Sends a JSON document (taken over). */
enum MHD_Result reply_json(struct MHD_Connection *c, unsigned status, json_t *j, long seq);
/* {"error": {"code", "message", "rule"}}: the document, and sent with the
 * HTTP status. */
json_t *reply_error_doc(const char *code, const char *message);
enum MHD_Result reply_error(struct MHD_Connection *c, unsigned status, const char *code,
                            const char *message, long seq);
/* The error document of a library status: the HTTP status (*status) and code
 * the CLI's --json error documents use; and sent. */
json_t *reply_status_doc(grog_status st, const grog_error *err, unsigned *status);
enum MHD_Result reply_status(struct MHD_Connection *c, grog_status st, const grog_error *err,
                             long seq);

#endif
