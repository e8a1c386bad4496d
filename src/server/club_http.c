/* club_http.c — the organiser's daemon of `grognard serve DIR` (club.h):
 * the folder and its games opened (club.c), then libmicrohttpd listening on
 * the address and port asked for, answering with club_api.c. Above both, so
 * that neither calls the other back. Stopping stops the daemon first (every
 * connection's thread ended), then every game's server. The requests'
 * catalogues (lang.h) are read at start and freed after the daemon stops. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>

#include "club_internal.h"
#include "i18n.h"

static grog_status listen_club(grog_club *c, const grog_club_options *o, grog_error *err)
{
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    const struct sockaddr *addr;
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (inet_pton(AF_INET, c->host, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons((uint16_t)o->port);
        addr = (const struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, c->host, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons((uint16_t)o->port);
        addr = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        return grog_error_set(err, GROG_EINVAL,
                              _("\"%s\" is not a numeric address (such as 127.0.0.1, 0.0.0.0 "
                                "or ::1)"),
                              c->host);
    }
    if (o->port > 65535)
        return grog_error_set(err, GROG_EINVAL, _("port %u: ports go from 0 to 65535"), o->port);
    c->d = MHD_start_daemon(flags, (uint16_t)o->port, NULL, NULL, club_on_request, c,
                            MHD_OPTION_SOCK_ADDR, addr, MHD_OPTION_CONNECTION_LIMIT, 64u,
                            MHD_OPTION_CONNECTION_TIMEOUT, 30u, MHD_OPTION_NOTIFY_COMPLETED,
                            club_request_done, c, MHD_OPTION_END);
    if (c->d == NULL)
        return grog_error_set(err, GROG_EIO,
                              _("cannot listen on %s port %u (in use, or not an address of this "
                                "machine)"),
                              c->host, o->port);
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(c->d, MHD_DAEMON_INFO_BIND_PORT);
    c->port = info != NULL && info->port != 0 ? info->port : o->port;
    return GROG_OK;
}

grog_status grog_club_start(const char *dir, const grog_club_options *o, grog_club **out,
                            grog_error *err)
{
    grog_club_options defaults = {NULL, GROG_SERVER_PORT, NULL, NULL, 0};
    if (o == NULL)
        o = &defaults;
    grog_club *c = NULL;
    grog_status st = club_open(dir, o, &c, err);
    if (st == GROG_OK)
        lang_load(c->langs);
    if (st == GROG_OK)
        st = listen_club(c, o, err);
    if (st != GROG_OK) {
        grog_club_stop(c);
        return st;
    }
    *out = c;
    return GROG_OK;
}

void grog_club_stop(grog_club *c)
{
    if (c == NULL)
        return;
    if (c->d != NULL)
        MHD_stop_daemon(c->d);
    c->d = NULL;
    lang_free(c->langs);
    club_close(c);
}
