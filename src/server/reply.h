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
/* Sends a malloc'd text (taken over; NULL: MHD_NO). */
enum MHD_Result reply_text(struct MHD_Connection *c, unsigned status, char *text, const char *type,
                           long seq);
/* Sends a JSON document (taken over). */
enum MHD_Result reply_json(struct MHD_Connection *c, unsigned status, json_t *j, long seq);
/* {"error": {"code", "message", "rule"}} with the HTTP status. */
enum MHD_Result reply_error(struct MHD_Connection *c, unsigned status, const char *code,
                            const char *message, long seq);
/* The error document of a library status: the HTTP status and code the CLI's
 * --json error documents use. */
enum MHD_Result reply_status(struct MHD_Connection *c, grog_status st, const grog_error *err,
                             long seq);

#endif
