/* jsontext.h — compact JSON text written directly, byte for byte as
 * jansson's json_dumps(value, JSON_COMPACT) writes the same value (internal).
 *
 * The game engine writes every action's result as JSON; building it as a
 * jansson tree, dumping it and freeing the tree was most of the cost of a
 * replay. A writer appends pieces to a growing buffer. Anything jansson would
 * not write the same way (a string that is not UTF-8, a real that is not
 * finite) or a failed allocation sets `bad`: the caller then drops what it
 * wrote since its mark and falls back to building the value with jansson, so
 * that the text is always the one the tree would give. tests/test_jsontext.c
 * compares every kind of value with jansson's own dump. */
#ifndef GROG_JSONTEXT_H
#define GROG_JSONTEXT_H

#include <jansson.h>
#include <stddef.h>
#include <string.h>

/* The texts of reals already written by grog_jsontext_real10 (a small table,
 * owned by whoever writes many results: a game). A real's text depends on
 * the real alone, so nothing ever makes an entry wrong. */
typedef struct grog_jsontext_reals grog_jsontext_reals;
grog_jsontext_reals *grog_jsontext_reals_create(void); /* NULL when out of memory */
void grog_jsontext_reals_destroy(grog_jsontext_reals *m);

typedef struct grog_jsontext {
    char *s;    /* NUL-terminated while not bad (NULL until something is written) */
    size_t len;
    size_t cap;
    int bad;    /* set by a piece that cannot be written as jansson would */
} grog_jsontext;

void grog_jsontext_free(grog_jsontext *t);
/* Back to length len (a mark taken earlier); clears bad. */
void grog_jsontext_cut(grog_jsontext *t, size_t len);
/* Bytes as they are (punctuation, keys known to need no escape, a dump). */
void grog_jsontext_raw(grog_jsontext *t, const char *s, size_t n);
/* inline, so that the length of a literal is known when compiling */
static inline void grog_jsontext_lit(grog_jsontext *t, const char *s)
{
    grog_jsontext_raw(t, s, strlen(s));
}
/* A string with jansson's escapes; NULL is written as null. Not UTF-8: bad. */
void grog_jsontext_str(grog_jsontext *t, const char *s);
void grog_jsontext_int(grog_jsontext *t, long long v);
/* A real as jansson writes it (%.17g, always a '.' or an 'e', exponent
 * without '+' or leading zeros). Not finite: bad (jansson has no such real). */
void grog_jsontext_real(grog_jsontext *t, double v);
/* The real jansson's value of v after rounding to 10 significant digits, as
 * grog_explain_json_value does (explain_internal.h). */
double grog_jsontext_round10(double v);
/* grog_jsontext_real(t, grog_jsontext_round10(v)), its text remembered in
 * reals (NULL: made every time). */
void grog_jsontext_real10(grog_jsontext *t, grog_jsontext_reals *reals, double v);
/* Any jansson value (NULL: bad). */
void grog_jsontext_value(grog_jsontext *t, const json_t *j);

/* A member or an element: key is the literal text before the value, its
 * punctuation included (",\"id\":"), then the value as above. */
static inline void grog_jsontext_key_str(grog_jsontext *t, const char *key, const char *s)
{
    grog_jsontext_lit(t, key);
    grog_jsontext_str(t, s);
}
static inline void grog_jsontext_key_int(grog_jsontext *t, const char *key, long long v)
{
    grog_jsontext_lit(t, key);
    grog_jsontext_int(t, v);
}

/* ---- jansson's formatting, shared with the indented writer (jsonout.c) ----
 * Each writes into out, which the caller has made large enough. */

/* Past this length GROG_JSONTEXT_QUOTED_MAX overflows (jsonout refuses
 * such a string; no string in memory comes near it on a 64-bit machine). */
#define GROG_JSONTEXT_STRING_MAX (((size_t)-1 - 64) / 6)
/* The most a string of n bytes takes quoted: 6 bytes a byte (\u00XX,
 * \uFFFD) and the two quotes. */
#define GROG_JSONTEXT_QUOTED_MAX(n) ((n) * 6 + 2)
/* s[0..n) between quotes with jansson's escapes (only '"', '\\' and the
 * characters below U+0020: \b \f \n \r \t by name, others \u00XX in
 * upper-case hex; UTF-8 as it is); returns the length, no NUL written. A
 * byte that does not begin valid UTF-8 (RFC 3629, as jansson checks) sets
 * *bad; with replace it is written as \uFFFD and the rest goes on, without
 * the return is 0 and out holds nothing usable. */
size_t grog_jsontext_quote(char *out, const char *s, size_t n, int replace, int *bad);

/* Room for a long long's decimal digits, its sign and a NUL. */
#define GROG_JSONTEXT_INT_MAX 24
/* v in decimal, NUL-terminated; returns the length. */
size_t grog_jsontext_format_int(char out[static GROG_JSONTEXT_INT_MAX], long long v);

/* Room for a real's text and a NUL. */
#define GROG_JSONTEXT_REAL_MAX 40
/* v as jansson writes a real with JSON_REAL_PRECISION(precision), 1..17
 * (anything else: 17, jansson's default): "%.<precision>g" with the C
 * locale's '.', ".0" added when there is neither '.' nor 'e', the exponent
 * without '+' or leading zeros ("1e-07" is "1e-7"). NUL-terminated; returns
 * the length, 0 when v is not finite (jansson has no such real). */
size_t grog_jsontext_format_real(char out[static GROG_JSONTEXT_REAL_MAX], double v, int precision);

#endif
