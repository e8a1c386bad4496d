/* server.h — `grognard serve`: one game on the table's network (libmicrohttpd).
 *
 * A server owns one open game (game.h) and answers the JSON API of
 * docs/api.md: each request carries a seat's token (Authorization: Bearer);
 * every answer is filtered for that seat by the game's and the view's
 * functions, never here. Every change of the journal (an action through the
 * API, an undo, an action another process appended to the file) is pushed to
 * the open event streams (Server-Sent Events) as the new journal position.
 * The server also keeps, in memory, which sides have said Done in the
 * present phase (POST /api/v1/done) and ends the phase when every side has
 * while no referee event stream is open (issue 15).
 *
 * Tokens: 128 random bits (getrandom) per seat, kept in the game file (table
 * serve_tokens, this module's own; the journal's tables are untouched), so a
 * restart keeps them. Seats: one per side, "referee" and "public".
 *
 * Threads: libmicrohttpd's event loop (epoll) on a small pool of threads;
 * an event stream waits as a suspended connection, holding no thread. The
 * game handle is used under one mutex, so the game sees one caller at a
 * time. A watcher thread catches up with other writers (grog_game_sync)
 * every poll period. One server per game file: a second start on the same
 * file fails with GROG_EBUSY naming the first (src/server/lock.h).
 * Unlike libgrognard proper, this module reads the clock (timeouts, the
 * watcher's period) and owns threads and sockets: it is built as its own
 * archive (libgrognard-server.a), linked only by the front ends that serve.
 * It never prints and never exits.
 *
 * Ownership: grog_server_start returns a handle that grog_server_stop stops
 * and frees (accepts NULL). Strings returned as const char * live as long as
 * the server. */
#ifndef GROGNARD_SERVER_H
#define GROGNARD_SERVER_H

#include <stddef.h>

#include "grognard/error.h"

typedef struct grog_server grog_server;

typedef struct grog_server_options {
    const char *host;  /* a numeric IPv4 or IPv6 address; NULL: "127.0.0.1" */
    unsigned port;     /* 0: any free port (see grog_server_port) */
    int referee_only;  /* accept only the referee's token */
    int new_tokens;    /* replace every seat's token before serving */
    unsigned poll_ms;  /* how often to look for other writers; 0: 250 */
    const char *const *names; /* names the server answers to besides its addresses
                               * (the Host check, docs/api.md); may be NULL */
    size_t nnames;
} grog_server_options;

/* The default port, 8173. */
#define GROG_SERVER_PORT 8173
/* Largest request body accepted (413 beyond). */
#define GROG_SERVER_MAX_BODY (64 * 1024)

/* Opens the game file at path, loads (or makes) its tokens and starts
 * serving. GROG_ENOTFOUND / GROG_EFORMAT for a missing or bad game file,
 * GROG_EINVAL for a bad address, GROG_EIO when the address cannot be
 * listened on (in use, not this machine's). */
grog_status grog_server_start(const char *path, const grog_server_options *o, grog_server **out,
                              grog_error *err);
/* Stops serving (open event streams end), closes the game (its journal
 * checkpointed) and frees the server. Accepts NULL. */
void grog_server_stop(grog_server *s);

/* The port actually listened on. */
unsigned grog_server_port(const grog_server *s);

/* The seats, in order: each side of the scenario, then "referee", then
 * "public". kind: "side", "referee" or "public"; side: the side's id or NULL;
 * token: 32 lowercase hex digits; enabled: 0 for the seats --referee-only
 * turns away. NULL past the end. */
typedef struct grog_server_seat {
    const char *kind;
    const char *side;
    const char *token;
    int enabled;
} grog_server_seat;
const grog_server_seat *grog_server_seat_at(const grog_server *s, size_t i);

/* The token of side `side`'s seat of the game file at path, the one
 * grog_server_start serves it with (made and stored now when the game was
 * never served, as serve would), 32 hex digits into out. For the printed
 * rosters' links (seat_token.c); the side is not checked against the game. */
grog_status grog_server_side_token(const char *path, const char *side, char out[33],
                                   grog_error *err);

#endif
