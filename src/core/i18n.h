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
/* Marks a singular and plural pair in a table (two initialisers), translated
 * later with ngettext(one, many, n); xgettext reads it as a plural message. */
#define NP_(one, many) (one), (many)
/* ngettext where a number meets a noun, in our own domain. */
#undef ngettext
#define ngettext(s, p, n) dngettext(GROG_TEXTDOMAIN_NAME, (s), (p), (unsigned long)(n))

#endif
