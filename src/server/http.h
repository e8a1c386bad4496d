/* http.h — the requests of the table's server (internal to src/server):
 * what libmicrohttpd calls for each request, its language, its token, its
 * body; the page's files; the routing to the API (api.h) and the event
 * streams (stream.h). */
#ifndef GROG_HTTP_H
#define GROG_HTTP_H

#include <microhttpd.h>

#include "catalog.h"
#include "lang.h"
#include "table.h"

_Static_assert(TABLE_NLANGS == LANG_COUNT, "a table keeps a document per language of lang.h");

/* What the requests are answered from: the table served and the requests'
 * catalogues ([0] NULL: the server's own language, [1] English, [2] fr,
 * [3] ru; NULL for a language whose catalogue was not found, whose requests
 * get [0]), read-only while serving. */
typedef struct http_site {
    table *t;
    const grog_catalog *langs[TABLE_NLANGS];
    unsigned port;  /* the port listened on, for the Host check */
    char **names;   /* the names the server answers to besides addresses (--name) */
    size_t nnames;
} http_site;

/* libmicrohttpd's request handler (cls: the http_site). */
enum MHD_Result http_on_request(void *cls, struct MHD_Connection *c, const char *url,
                                const char *method, const char *version, const char *upload,
                                size_t *upload_size, void **con_cls);
/* libmicrohttpd's MHD_OPTION_NOTIFY_COMPLETED: frees the request's state. */
void http_request_done(void *cls, struct MHD_Connection *c, void **con_cls,
                       enum MHD_RequestTerminationCode toe);

#endif
