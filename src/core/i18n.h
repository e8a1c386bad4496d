/* i18n.h — message translation inside the library (internal).
 * Every message meant for a person goes through _() so that the French and
 * Russian catalogues need no rewrite; N_() marks strings translated later.
 * English is the source language. JSON keys and outcome names stay English. */
#ifndef GROG_I18N_H
#define GROG_I18N_H

#include <libintl.h>

#define GROG_TEXTDOMAIN_NAME "grognard"
#define _(s) dgettext(GROG_TEXTDOMAIN_NAME, s)
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
#define ngettext(s, p, n) dngettext(GROG_TEXTDOMAIN_NAME, (s), (p), (unsigned long)(n))

#endif
