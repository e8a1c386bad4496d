/* server.c — `grognard serve`: the daemon (libmicrohttpd) and the table it
 * serves. See server.h for the threads and docs/api.md for what is answered.
 *
 * It stands on everything else in src/server (table.h, votes.h, watch.h,
 * http.h) and nothing there calls it back, so that another front (several
 * tables behind one daemon) can be built beside it. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http.h"
#include "i18n.h"
#include "lang.h"
#include "reader.h"
#include "served.h"
#include "votes.h"
#include "watch.h"

/* libmicrohttpd's limits (docs/api.md "Limits and headers"): every
 * connection at once, those of one address, the threads that answer, how
 * long a connection may stay silent, the memory of one connection (its
 * request's headers). */
#define MAX_CONNECTIONS 1600
#define PER_ADDRESS 48
#define THREADS 4
#define CONNECTION_TIMEOUT_S 20
#define CONNECTION_MEMORY (32 * 1024)
/* Descriptors the process needs: the connections, the game's, the threads'. */
#define FILES_NEEDED (MAX_CONNECTIONS + 64)

struct grog_server {
    http_site site; /* site.t: the table served */
    table *t;
    struct MHD_Daemon *d;
    unsigned port;
};

/* ---- the daemon ---- */

static grog_status listen_on(grog_server *s, const grog_server_options *o, grog_error *err)
{
    const char *host = o->host != NULL ? o->host : "127.0.0.1";
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    const struct sockaddr *addr;
    /* an event loop (epoll) on a few threads; the event streams wait
     * suspended (stream.c), holding no thread */
    unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ITC;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (inet_pton(AF_INET, host, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons((uint16_t)o->port);
        addr = (const struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, host, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons((uint16_t)o->port);
        addr = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else
        return grog_error_set(err, GROG_EINVAL,
                              _("\"%s\" is not a numeric address (such as 127.0.0.1, 0.0.0.0 "
                                "or ::1)"),
                              host);
    if (o->port > 65535)
        return grog_error_set(err, GROG_EINVAL, _("port %u: ports go from 0 to 65535"), o->port);
    s->d = MHD_start_daemon(flags, (uint16_t)o->port, NULL, NULL, http_on_request, &s->site,
                            MHD_OPTION_SOCK_ADDR, addr, MHD_OPTION_CONNECTION_LIMIT,
                            (unsigned)MAX_CONNECTIONS, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
                            (unsigned)PER_ADDRESS, MHD_OPTION_THREAD_POOL_SIZE,
                            (unsigned)THREADS, MHD_OPTION_CONNECTION_TIMEOUT,
                            (unsigned)CONNECTION_TIMEOUT_S, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
                            (size_t)CONNECTION_MEMORY, MHD_OPTION_NOTIFY_COMPLETED,
                            http_request_done, s, MHD_OPTION_END);
    if (s->d == NULL)
        return grog_error_set(err, GROG_EIO,
                              _("cannot listen on %s port %u (in use, or not an address of this "
                                "machine)"),
                              host, o->port);
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->d, MHD_DAEMON_INFO_BIND_PORT);
    s->port = info != NULL && info->port != 0 ? info->port : o->port;
    s->site.port = s->port;
    char where[128];
    snprintf(where, sizeof where, strchr(host, ':') != NULL ? "[%s]:%u" : "%s:%u", host, s->port);
    return lock_record(s->t->lock, where, err);
}

/* Room for every connection: the soft limit on open files raised towards
 * the hard one (a shell's default, 1024, is below MAX_CONNECTIONS). */
static void raise_files_limit(void)
{
    struct rlimit r;
    if (getrlimit(RLIMIT_NOFILE, &r) != 0 || r.rlim_cur >= FILES_NEEDED)
        return;
    r.rlim_cur = r.rlim_max == RLIM_INFINITY || r.rlim_max > FILES_NEEDED ? FILES_NEEDED
                                                                          : r.rlim_max;
    setrlimit(RLIMIT_NOFILE, &r);
}

static grog_status copy_names(grog_server *s, const grog_server_options *o, grog_error *err)
{
    if (o->nnames == 0)
        return GROG_OK;
    s->site.names = calloc(o->nnames, sizeof *s->site.names);
    if (s->site.names == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    for (size_t i = 0; i < o->nnames; i++) {
        if ((s->site.names[i] = strdup(o->names[i])) == NULL)
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        s->site.nnames++;
    }
    return GROG_OK;
}

grog_status grog_server_start(const char *path, const grog_server_options *o, grog_server **out,
                              grog_error *err)
{
    grog_server_options defaults = {NULL, GROG_SERVER_PORT, 0, 0, 0, NULL, 0};
    if (o == NULL)
        o = &defaults;
    grog_server *s = calloc(1, sizeof *s);
    if (s == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    lang_load(s->site.langs);
    raise_files_limit();
    grog_status st = copy_names(s, o, err);
    if (st == GROG_OK)
        st = table_open(path, o, &s->t, err);
    s->site.t = s->t;
    if (st == GROG_OK) {
        s->t->langs = s->site.langs;
        st = reader_start(s->t, err);
    }
    if (st == GROG_OK)
        st = votes_init(s->t, err);
    if (st == GROG_OK)
        st = listen_on(s, o, err);
    if (st == GROG_OK)
        st = watch_start(s->t, err);
    if (st != GROG_OK) {
        grog_server_stop(s);
        return st;
    }
    *out = s;
    return GROG_OK;
}

void grog_server_stop(grog_server *s)
{
    if (s == NULL)
        return;
    if (s->t != NULL) {
        table_stop(s->t);
        watch_join(s->t);
        reader_stop(s->t); /* the parked requests resumed, told the server stops */
    }
    if (s->d != NULL)
        MHD_stop_daemon(s->d); /* the streams were resumed by table_stop and end */
    if (s->t != NULL)
        reader_close(s->t); /* before the writer: its close folds the WAL in */
    table_close(s->t);
    for (size_t i = 0; i < s->site.nnames; i++)
        free(s->site.names[i]);
    free(s->site.names);
    lang_free(s->site.langs);
    free(s);
}

unsigned grog_server_port(const grog_server *s)
{
    return s->port;
}

const grog_server_seat *grog_server_seat_at(const grog_server *s, size_t i)
{
    return i < s->t->nseats ? &s->t->seats[i] : NULL;
}

table *server_table(grog_server *s)
{
    return s->t;
}
