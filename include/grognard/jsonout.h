/* jsonout.h — JSON text written directly, byte for byte as jansson's
 * json_dumps writes the same document with JSON_INDENT(indent) |
 * JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(precision).
 *
 * Big documents (`show --json` of a 200,000-unit battle, a game's view for
 * the server) are written value by value into one growing buffer, with no
 * tree of jansson objects built and dumped: the same text for a fraction of
 * the time and memory. The caller opens and closes objects and arrays and
 * names each member's key; the writer places commas, newlines and indents.
 * The text may be taken out in pieces (grog_jsonout_take) while the
 * document is being written, to keep memory small.
 *
 * Exactly as jansson: strings escape '"', '\\' and the characters below
 * U+0020 (\b \f \n \r \t, else \u00XX in upper-case hex), everything else
 * (non-ASCII UTF-8, '/', DEL) is written as it is; reals are printf's
 * "%.<precision>g" with ".0" added when there is neither '.' nor 'e', the
 * exponent without '+' or leading zeros (1e-07 is "1e-7"); integers are
 * "%lld"; an empty object or array is "{}" / "[]". What jansson refuses
 * to write marks the document bad (grog_jsonout_status) and is written as
 * valid JSON all the same: a real that is not finite as null, a byte that
 * is not UTF-8 as \uFFFD, nesting deeper than GROG_JSONOUT_DEPTH as null;
 * a key outside an object or a close that does not match is only marked.
 *
 * Ownership: the writer owns its buffer; grog_jsonout_finish hands the text
 * to the caller (free()) and destroys the writer. */
#ifndef GROGNARD_JSONOUT_H
#define GROGNARD_JSONOUT_H

#include <stddef.h>

#include "grognard/error.h"

#define GROG_JSONOUT_DEPTH 64

typedef struct grog_jsonout grog_jsonout;

/* A writer; indent 0..31 spaces per level (0: jansson without JSON_INDENT,
 * one line with ", " and ": "), precision 1..17 digits of reals (0: 17, as
 * jansson). NULL when out of memory or given bad arguments. */
grog_jsonout *grog_jsonout_create(int indent, int precision);
void grog_jsonout_destroy(grog_jsonout *w); /* NULL accepted */

void grog_jsonout_object_open(grog_jsonout *w);
void grog_jsonout_object_close(grog_jsonout *w);
void grog_jsonout_array_open(grog_jsonout *w);
void grog_jsonout_array_close(grog_jsonout *w);
/* The key of the next member of the object being written. */
void grog_jsonout_key(grog_jsonout *w, const char *key);

void grog_jsonout_string(grog_jsonout *w, const char *s); /* NULL: null */
void grog_jsonout_string_n(grog_jsonout *w, const char *s, size_t len);
/* s when it is not empty, else null. */
void grog_jsonout_string_or_null(grog_jsonout *w, const char *s);
void grog_jsonout_integer(grog_jsonout *w, long long v);
void grog_jsonout_real(grog_jsonout *w, double v);
void grog_jsonout_bool(grog_jsonout *w, int v);
void grog_jsonout_null(grog_jsonout *w);

/* A member, key and value: grog_jsonout_key, then the value as above. */
void grog_jsonout_key_string(grog_jsonout *w, const char *key, const char *s);
void grog_jsonout_key_string_or_null(grog_jsonout *w, const char *key, const char *s);
void grog_jsonout_key_integer(grog_jsonout *w, const char *key, long long v);
void grog_jsonout_key_real(grog_jsonout *w, const char *key, double v);
void grog_jsonout_key_bool(grog_jsonout *w, const char *key, int v);

/* GROG_OK, GROG_ENOMEM (the text is cut short) or GROG_EINVAL (something
 * jansson would refuse was written as null). */
grog_status grog_jsonout_status(const grog_jsonout *w);

/* The text written since the last take, and its length; the writer forgets
 * it (the pointer stays valid until the next call on w). */
const char *grog_jsonout_take(grog_jsonout *w, size_t *len);
/* Bytes written and not yet taken. */
size_t grog_jsonout_length(const grog_jsonout *w);

/* The text not yet taken as a NUL-terminated string the caller frees, w
 * destroyed; NULL (w destroyed) when out of memory, when a container is
 * still open, or after a key or close out of place. A value jansson would
 * refuse (GROG_EINVAL above) still gives the text, valid JSON. */
char *grog_jsonout_finish(grog_jsonout *w);

#endif
