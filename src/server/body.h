/* body.h — a request's body gathered from libmicrohttpd's upload calls, up
 * to a limit (internal to src/server): the one way the game's server
 * (http.c) and the organiser's (club_api.c) read a POST's body, and the one
 * body phase of their request callbacks (body_step).
 *
 * Invariants: text holds len bytes and a NUL after them (NULL until the
 * first byte comes; a piece of no bytes changes nothing); once a piece
 * would take it past the limit, too_large is set and nothing more is kept,
 * so the request is answered 413 and the rest of the upload is dropped
 * unread. Ownership: the body owns text, freed by body_free. */
#ifndef GROG_BODY_H
#define GROG_BODY_H

#include <stddef.h>

typedef struct req_body {
    char *text;
    size_t len;
    int too_large;
} req_body;

/* Appends data[0..n) unless the body would then pass max bytes (too_large
 * is set instead). 0, or -1 when out of memory (the body as it was). */
int body_take(req_body *b, const char *data, size_t n, size_t max);
/* One call of a request callback after the first (the headers'), for a
 * request whose headers set *waiting when they passed (a refused one's is
 * 0): a piece of the upload (*upload_size > 0) is taken into b when
 * *waiting and post (else dropped unread), *upload_size set to 0, and 0
 * returned (answer MHD_YES); the last call (no piece) returns 1 once, with
 * *waiting cleared, when the request is to be answered now, and 0 for a
 * refused one (already answered). -1 when out of memory (answer MHD_NO). */
int body_step(req_body *b, int *waiting, int post, const char *upload, size_t *upload_size,
              size_t max);
/* Frees the text; the body is empty again. */
void body_free(req_body *b);

#endif
