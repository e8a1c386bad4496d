/* body.h — a request's body gathered from libmicrohttpd's upload calls, up
 * to a limit (internal to src/server): the one way the game's server
 * (http.c) and the organiser's (club_api.c) read a POST's body.
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
/* Frees the text; the body is empty again. */
void body_free(req_body *b);

#endif
