/* guard.c — the Host and Origin checks of the table's server. See guard.h.
 *
 * A DNS rebinding attack reaches a server on this network under the
 * attacker's name (evil.example resolved to 192.168.1.20): the browser then
 * sends that name as Host. A numeric address cannot be rebound (the page's
 * origin is the address itself), so numeric Hosts pass and names pass only
 * when given (--name). */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "guard.h"
#include "i18n.h"

/* The host part of a Host value into name (brackets taken off), and the
 * port after it (0 when none, -1 when malformed). 0 when malformed. */
static int split_host(const char *h, char *name, size_t size, long *port)
{
    const char *end;
    if (*h == '[') {
        end = strchr(h, ']');
        if (end == NULL || (size_t)(end - h - 1) >= size)
            return 0;
        memcpy(name, h + 1, (size_t)(end - h - 1));
        name[end - h - 1] = '\0';
        end++;
    } else {
        end = strchr(h, ':');
        if (end == NULL)
            end = h + strlen(h);
        if ((size_t)(end - h) >= size || end == h)
            return 0;
        memcpy(name, h, (size_t)(end - h));
        name[end - h] = '\0';
    }
    *port = 0;
    if (*end == '\0')
        return 1;
    if (*end != ':' || end[1] == '\0' || strlen(end + 1) > 5)
        return 0;
    char *stop;
    *port = strtol(end + 1, &stop, 10);
    return *stop == '\0' && *port > 0 && *port <= 65535;
}

int guard_host(const char *host, unsigned port, const char *const *names, size_t nnames)
{
    char name[256];
    long p;
    if (host == NULL || !split_host(host, name, sizeof name, &p))
        return 0;
    if (p != (long)port && !(p == 0 && port == 80))
        return 0;
    unsigned char addr[16];
    if (host[0] == '[')
        return inet_pton(AF_INET6, name, addr) == 1;
    if (inet_pton(AF_INET, name, addr) == 1 || strcasecmp(name, "localhost") == 0)
        return 1;
    size_t n = strlen(name);
    if (n > 1 && name[n - 1] == '.') /* "table.lan." is "table.lan" */
        name[n - 1] = '\0';
    for (size_t i = 0; i < nnames; i++)
        if (strcasecmp(name, names[i]) == 0)
            return 1;
    return 0;
}

int guard_origin(const char *origin, const char *host, const char *fetch_site)
{
    if (fetch_site != NULL && strcasecmp(fetch_site, "cross-site") == 0)
        return 0;
    if (origin == NULL)
        return 1;
    const char *h = strstr(origin, "://");
    if (h == NULL || host == NULL)
        return 0; /* "null": a sandboxed or file page */
    h += 3;
    return strcasecmp(h, host) == 0;
}

const char *guard_request(struct MHD_Connection *c, unsigned port, const char *const *names,
                          size_t nnames, int post)
{
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
    if (!guard_host(host, port, names, nnames))
        return _("this server is not known by that name (Host): open the address it printed, "
                 "or serve it with --name NAME");
    const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
    const char *site = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Sec-Fetch-Site");
    if (post && !guard_origin(origin, host, site))
        return _("a request from another site's page is refused (Origin)");
    return NULL;
}
