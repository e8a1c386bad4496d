/* error.c — filling grog_error. Messages are truncated, never overflowed,
 * and a truncated message is cut on a character boundary (never inside a
 * UTF-8 sequence: a French or Russian message stays valid text). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "grognard/error.h"
#include "i18n.h"

/* Drops the first bytes of a UTF-8 sequence left at the end of a full buffer
 * (the lead byte of 2-4 bytes whose continuation bytes did not fit). */
static void cut_partial(char *s)
{
    size_t len = strlen(s), k = len;
    while (k > 0 && len - k < 3 && ((unsigned char)s[k - 1] & 0xC0) == 0x80)
        k--;
    if (k == 0)
        return;
    unsigned char lead = (unsigned char)s[k - 1];
    size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    if (len - (k - 1) < need)
        s[k - 1] = '\0';
}

grog_status grog_error_set(grog_error *err, grog_status status, const char *fmt, ...)
{
    if (err == NULL)
        return status;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n >= sizeof err->message)
        cut_partial(err->message);
    err->status = status;
    return status;
}

void grog_error_clear(grog_error *err)
{
    if (err == NULL)
        return;
    err->status = GROG_OK;
    err->message[0] = '\0';
}

const char *grog_status_name(grog_status status)
{
    switch (status) {
    case GROG_OK: return _("ok");
    case GROG_EINVAL: return _("bad input");
    case GROG_ENOMEM: return _("out of memory");
    case GROG_EIO: return _("input/output error");
    case GROG_EFORMAT: return _("bad file format");
    case GROG_ENOTFOUND: return _("not found");
    case GROG_ERULE: return _("forbidden by the rules");
    case GROG_ERANGE: return _("too large to compute");
    case GROG_EBUSY: return _("busy: another process is writing");
    case GROG_EDENIED: return _("not allowed for this seat");
    }
    return _("unknown status");
}
