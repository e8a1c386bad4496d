/* text.h — checking and escaping text that comes from outside the program:
 * the words of an action, the names and descriptions of a scenario.
 *
 * Text is accepted only as valid UTF-8 (no overlong forms, no surrogates,
 * nothing above U+10FFFF) without control characters (U+0000..U+001F, DEL
 * U+007F, U+0080..U+009F), without the noncharacters U+FFFE and U+FFFF and
 * without the bidirectional embeddings, overrides and isolates
 * (U+202A..U+202E, U+2066..U+2069, which would make a note or a word read
 * otherwise than it is): such text can be journaled as JSON, drawn in SVG
 * and printed on a terminal without surprise. Right-to-left letters
 * themselves (Hebrew, Arabic) and the marks U+200E, U+200F are text. Multi-line text (a scenario's description)
 * may hold line breaks and tabs, nothing else below U+0020. The bounds are
 * below; docs/game.md and docs/scenario-format.md list them.
 *
 * Ownership: strings returned through char ** are malloc'd, freed by the
 * caller. */
#ifndef GROGNARD_TEXT_H
#define GROGNARD_TEXT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "grognard/error.h"

#define GROG_WORDS_MAX 64       /* words in one action */
#define GROG_WORD_MAX 1024      /* bytes in one word of an action */
#define GROG_ACTION_MAX 4096    /* bytes in all the words of one action together */
#define GROG_DESCRIPTION_MAX 16384 /* bytes in a scenario's description or rating notes */
#define GROG_SOURCE_MAX 1024    /* bytes in one of a scenario's sources */
#define GROG_SOURCES_MAX 64     /* sources in a scenario */

enum {
    GROG_TEXT_LINE = 0,     /* one line: no control character at all */
    GROG_TEXT_MULTILINE = 1 /* line feeds and tabs allowed */
};

/* Decodes the UTF-8 sequence at s (len bytes available): its length (1..4)
 * with *cp set; 0 when the bytes are not valid UTF-8 (an overlong form, a
 * surrogate, a stray continuation byte...); -1 when they are the valid start
 * of a sequence cut short by the end of the buffer. */
int grog_text_utf8_decode(const char *s, size_t len, uint32_t *cp);

/* 1 when the code point may not appear in accepted text (a control
 * character, U+FFFE, U+FFFF, a bidirectional override or isolate); line feed
 * and tab are allowed when multiline. */
int grog_text_forbidden(uint32_t cp, int multiline);

/* Checks text (len bytes) against the rules above, with at most max bytes.
 * GROG_OK, or GROG_EINVAL with a message starting with `what` and saying
 * what is wrong and at which byte. A NUL byte inside len is refused. */
grog_status grog_text_check(const char *text, size_t len, size_t max, int flags,
                            const char *what, grog_error *err);

/* Checks the words of an action before anything runs: 1..GROG_WORDS_MAX
 * words, each one line of at most GROG_WORD_MAX bytes, GROG_ACTION_MAX in
 * all. The message names the word by its position, never quotes it (it may
 * be another side's secret). */
grog_status grog_text_check_words(int argc, const char *const *argv, grog_error *err);

/* Cuts s back, in place, so that it does not end in the first bytes of a
 * UTF-8 sequence cut short (what a full buffer leaves); its new length. */
size_t grog_text_utf8_trim(char *s);

/* snprintf (and vsnprintf) for text for people: when the text does not fit,
 * it is cut on a character boundary, never in the middle of a UTF-8
 * sequence (a Russian word cut in half would print U+FFFD). The return value
 * is vsnprintf's: the length the whole text would have. */
int grog_text_snprintf(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int grog_text_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

/* text escaped for XML character data and attribute values: & < > " ' as
 * entities; control characters, U+FFFE, U+FFFF and bytes that are not
 * UTF-8 replaced by U+FFFD. NULL when out of memory. */
char *grog_text_xml_escape(const char *text);

/* text made safe for a terminal: every control character but line feed and
 * tab is written \uXXXX (which is also what JSON would write), every byte
 * that is not UTF-8 becomes U+FFFD. NULL when out of memory. */
char *grog_text_terminal_escape(const char *text, size_t len);

#endif
