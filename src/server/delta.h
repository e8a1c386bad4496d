/* delta.h — the lines that changed between two versions of a document
 * (internal to src/server): Myers' O(ND) difference over lines, and the
 * body of an RFC 3229 "226 IM Used" answer with instance-manipulation
 * "lines" (docs/api.md), which turns a text a page holds into the present
 * one.
 *
 * A text's lines are what lies between its '\n' bytes: a text with k of
 * them has k + 1 lines (the last one empty when the text ends with '\n';
 * the empty text is one empty line), so joining the lines with '\n' gives
 * the text back, byte for byte. A hunk replaces `deleted` lines of the old
 * text from line `start` (0-based, in the old text) with `inserted` lines
 * of the new text from line `from`; the hunks are in order, apart (between
 * two hunks at least one line is unchanged) and never overlap.
 *
 * Ownership: delta_diff's hunks and the texts returned are malloc'd, for
 * the caller to free. */
#ifndef GROG_DELTA_H
#define GROG_DELTA_H

#include <stddef.h>

typedef struct delta_hunk {
    size_t start;    /* the first old line replaced */
    size_t deleted;  /* old lines taken out */
    size_t from;     /* the first new line put in */
    size_t inserted; /* new lines put in */
} delta_hunk;

/* Results of delta_diff. */
enum { DELTA_OK = 0, DELTA_TOO_MANY = 1, DELTA_NOMEM = -1 };

/* The hunks turning old (oldlen bytes) into new (newlen bytes) with at
 * most max_edits lines deleted plus inserted: DELTA_OK and *hunks (NULL
 * when none), *nhunks; DELTA_TOO_MANY when more edits are needed;
 * DELTA_NOMEM. The edits are the fewest when at most 2,048 lines (old and
 * new) lie between the common first and last ones; above that, the texts
 * are first matched at the lines found once in each (in order), and the
 * edits are the fewest between those. Time O(N + M) to set the common
 * lines aside, then O((N + M) D) at most, and memory O(D^2), for N and M
 * lines and D edits. */
int delta_diff(const char *old, size_t oldlen, const char *new, size_t newlen, size_t max_edits,
               delta_hunk **hunks, size_t *nhunks);
/* The body of a 226 answer (compact JSON), for hunks in order as
 * delta_diff makes them from old to new:
 *   {"base": BASE, "etag": ETAG, "lines": N,
 *    "hunks": [[start, deleted, ["new line", ...]], ...]}
 * BASE and ETAG the entity tags as in the headers (quotes included), N the
 * new text's lines. NULL when out of memory, when a line is not UTF-8 or
 * when a hunk names a line new has not. */
char *delta_body(const char *base, const char *etag, const char *new, size_t newlen,
                 const delta_hunk *hunks, size_t nhunks);
/* Applies a 226 body to old, as the page does (web/js/api.js): the new
 * text (malloc'd, NUL-terminated, its length in *outlen), or NULL when the
 * body is malformed, a hunk lies outside old or before the one ahead of it,
 * or the result has not the body's count of lines. */
char *delta_apply(const char *old, size_t oldlen, const char *body, size_t *outlen);

#endif
