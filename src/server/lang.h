/* lang.h — the language of a request (internal to src/server): the
 * catalogues a server answers in, read once at start, and the one a
 * request's Accept-Language asks for. The one rule for the game's server
 * (http.c) and the organiser's (club_api.c), docs/api.md "Language".
 *
 * Invariants: langs[0] is NULL (the server's own language, gettext's),
 * langs[1] English, langs[2] French, langs[3] Russian, or NULL for a
 * catalogue that was not found, whose requests are answered as langs[0]'s.
 * Ownership: lang_load's catalogues belong to the array, freed by
 * lang_free; read-only between the two. */
#ifndef GROG_LANG_H
#define GROG_LANG_H

#include <microhttpd.h>

#include "catalog.h"

/* en, fr, ru and the server's own. */
#define LANG_COUNT 4

/* Fills langs from where gettext was told to find our catalogues
 * (bindtextdomain: the CLI's folder, docs/i18n.md); a missing or damaged
 * one stays NULL. */
void lang_load(const grog_catalog *langs[LANG_COUNT]);
/* Frees what lang_load read; every entry NULL again. */
void lang_free(const grog_catalog *langs[LANG_COUNT]);
/* The index in langs of the request's language: of its Accept-Language
 * entries ("fr-FR, ru;q=0.8, *;q=0.1"), the one of en, fr and ru with the
 * highest q above 0, the first of equals; 0 for none, or for one whose
 * catalogue is NULL. */
int lang_of_request(const grog_catalog *const langs[LANG_COUNT], struct MHD_Connection *c);

#endif
