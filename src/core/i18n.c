/* i18n.c — the language of the library's messages, per thread (i18n.h).
 *
 * A thread may be given a catalogue (catalog.h) that its messages are then
 * translated with; a thread without one uses gettext, whose language is the
 * process's. The server gives each request's thread the language its device
 * asked for, for the time of that request only.
 *
 * Invariant: `current` is thread-local: a thread reads and writes only its
 * own, so no lock is needed and no thread sees another's language. It is a
 * per-thread context of the call in progress (like errno), set and cleared
 * around one request, not state shared by the program (design rule "no
 * global mutable state"). The catalogues it points to are immutable. */
#include "i18n.h"

static _Thread_local const grog_catalog *current;

const grog_catalog *grog_i18n_use(const grog_catalog *c)
{
    const grog_catalog *before = current;
    current = c;
    return before;
}

const char *grog_i18n_gettext(const char *msgid)
{
    if (current != NULL)
        return grog_catalog_gettext(current, msgid);
    return dgettext(GROG_TEXTDOMAIN_NAME, msgid);
}

const char *grog_i18n_ngettext(const char *one, const char *many, unsigned long n)
{
    if (current != NULL)
        return grog_catalog_ngettext(current, one, many, n);
    return dngettext(GROG_TEXTDOMAIN_NAME, one, many, n);
}
