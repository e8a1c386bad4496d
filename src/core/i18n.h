/* i18n.h — message translation inside the library (internal).
 * Every message meant for a person goes through _() so that the French and
 * Russian catalogues need no rewrite; N_() marks strings translated later.
 * English is the source language. JSON keys and outcome names stay English.
 *
 * The language: the calling thread's catalogue when one is set for it
 * (grog_i18n_use: the server sets the request's language around each
 * request), otherwise gettext's, the process's (the CLI's --lang, LANG). */
#ifndef GROG_I18N_H
#define GROG_I18N_H

#include <libintl.h>

#include "catalog.h"

#define GROG_TEXTDOMAIN_NAME "grognard"
#define _(s) grog_i18n_gettext(s)
/* GROG_FORMAT_ARG (catalog.h): a translated format is checked against its
 * arguments as the English one is (as gettext's own declarations do). */
/* The translation of msgid in the calling thread's language. */
const char *grog_i18n_gettext(const char *msgid) GROG_FORMAT_ARG(1);
/* The same for a plural message and n. */
const char *grog_i18n_ngettext(const char *one, const char *many, unsigned long n)
    GROG_FORMAT_ARG(1) GROG_FORMAT_ARG(2);
/* Sets the calling thread's catalogue (not owned: it must outlive its use),
 * or NULL: gettext's language again. Returns the one set before, so that a
 * caller can put it back. */
const grog_catalog *grog_i18n_use(const grog_catalog *c);
#define N_(s) (s)
/* Marks a word with a context (msgctxt) for xgettext: the string is
 * "CONTEXT\004WORD", gettext's key for it; look it up with grog_pgettext. */
#define NC_(ctx, word) ctx "\004" word
/* The translation of an NC_() key, or its word when there is none. */
const char *grog_pgettext(const char *key);
/* Marks a singular and plural pair in a table (two initialisers), translated
 * later with ngettext(one, many, n); xgettext reads it as a plural message. */
#define NP_(one, many) (one), (many)
/* ngettext where a number meets a noun, in our own domain. */
#undef ngettext
#define ngettext(s, p, n) grog_i18n_ngettext((s), (p), (unsigned long)(n))

#endif
