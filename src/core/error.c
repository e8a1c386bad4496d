/* error.c — filling grog_error. Messages are truncated, never overflowed. */
#include <stdarg.h>
#include <stdio.h>

#include "grognard/error.h"
#include "i18n.h"

grog_status grog_error_set(grog_error *err, grog_status status, const char *fmt, ...)
{
    if (err == NULL)
        return status;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
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
