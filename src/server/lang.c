/* lang.c — the catalogues of a server and the language of a request. See
 * lang.h; docs/api.md "Language" is the contract. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "i18n.h"
#include "lang.h"

void lang_load(const grog_catalog *langs[LANG_COUNT])
{
    static const char *const names[] = {"fr", "ru"};
    const char *dir = bindtextdomain(GROG_TEXTDOMAIN_NAME, NULL);
    langs[0] = NULL;
    langs[1] = grog_catalog_english();
    langs[2] = langs[3] = NULL;
    for (size_t i = 0; dir != NULL && i < sizeof names / sizeof names[0]; i++) {
        char path[4096];
        int n = snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/" GROG_TEXTDOMAIN_NAME ".mo", dir,
                         names[i]);
        grog_catalog *c = NULL;
        if (n > 0 && (size_t)n < sizeof path && grog_catalog_load(path, &c, NULL) == GROG_OK)
            langs[2 + i] = c;
    }
}

void lang_free(const grog_catalog *langs[LANG_COUNT])
{
    for (size_t i = 2; i < LANG_COUNT; i++)
        grog_catalog_free((grog_catalog *)langs[i]);
    for (size_t i = 0; i < LANG_COUNT; i++)
        langs[i] = NULL;
}

/* The weight of an Accept-Language entry's parameters (";q=0.5"), in
 * thousandths: 1000 when there is no q, 0 when it is malformed. */
static int q_of(const char *p, const char *end)
{
    while (p < end && (*p == ';' || *p == ' ' || *p == '\t'))
        p++;
    if (end - p < 2 || (p[0] != 'q' && p[0] != 'Q') || p[1] != '=')
        return 1000;
    p += 2;
    if (p >= end || (*p != '0' && *p != '1'))
        return 0;
    int q = (*p++ - '0') * 1000;
    if (p < end && *p == '.')
        for (int scale = 100, i = 0; ++p < end && i < 3 && *p >= '0' && *p <= '9'; i++, scale /= 10)
            q += (*p - '0') * scale;
    return q > 1000 ? 0 : q;
}

int lang_of_request(const grog_catalog *const langs[LANG_COUNT], struct MHD_Connection *c)
{
    static const char *const names[] = {"en", "fr", "ru"};
    const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Accept-Language");
    int best = 0, best_q = 0;
    while (h != NULL && *h != '\0') {
        h += strspn(h, " \t,");
        size_t len = strcspn(h, ",");
        size_t tag = strcspn(h, ";,-_ \t");
        int q = q_of(h + strcspn(h, ";,"), h + len); /* after the region too: "fr-FR;q=0" */
        for (int i = 0; i < 3; i++)
            if (tag == 2 && strncasecmp(h, names[i], 2) == 0 && q > best_q) {
                best = i + 1;
                best_q = q;
            }
        h += len;
    }
    return langs[best] != NULL ? best : 0;
}
