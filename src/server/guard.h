/* guard.h — where a request comes from (internal to src/server): the checks
 * against DNS rebinding (a `Host` that is not this server's) and cross-site
 * requests (a POST from another site's page), for a game's server and for
 * the organiser's (`serve DIR`) alike. docs/api.md ("Host and Origin") is
 * the contract. */
#ifndef GROG_GUARD_H
#define GROG_GUARD_H

#include <microhttpd.h>
#include <stddef.h>

/* Whether a Host header value names this server listening on port: a
 * numeric address (IPv4, or IPv6 in brackets) or "localhost", or one of the
 * nnames names (any case), followed by ":port" (or by nothing when port is
 * 80). NULL (no Host header) is refused. */
int guard_host(const char *host, unsigned port, const char *const *names, size_t nnames);
/* Whether a POST may be taken: Origin absent (not a browser's page) or the
 * same host and port as Host (any scheme), and Sec-Fetch-Site, when given,
 * not "cross-site". */
int guard_origin(const char *origin, const char *host, const char *fetch_site);
/* Both checks on a request's headers (Host; and Origin and Sec-Fetch-Site
 * for a POST): NULL when it may be answered by the server on port known by
 * names, or the message (in the language in use) saying why not, to be
 * sent as 403 "forbidden". */
const char *guard_request(struct MHD_Connection *c, unsigned port, const char *const *names,
                          size_t nnames, int post);

#endif
