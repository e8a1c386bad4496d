/* club.h — `grognard serve DIR`: every game of a folder, and the organiser's
 * page and API (issue 25).
 *
 * A club serves each game file (*.grog) of the folder with its own server
 * (server.h), on its own port of the same address, with its own seats and
 * tokens exactly as `grognard serve GAME` does: a game's tokens open that
 * game and no other. The club itself listens on the address and port asked
 * for and answers the organiser: GET / is the organiser's page, /api/v1/games
 * lists the games (GET) and creates one (POST: a bundled or uploaded scenario
 * or roster, a family, a seed or a random one; each game its own .grog file
 * in the folder), and a few helpers for the page's order-of-battle editor
 * (docs/api.md, "The organiser"). Every request to the club's API carries the
 * host token, 128 random bits kept in DIR/.grognard-host (mode 0600): it is
 * no seat's token and opens no game; no game's token opens the club. The
 * organiser's port checks Host and Origin as a game's server does: a name
 * that is not its own is refused (DNS rebinding), and a POST from another
 * site's page.
 *
 * Threads and clock as server.h: this module is part of libgrognard-server.
 *
 * Ownership: grog_club_start returns a handle that grog_club_stop stops and
 * frees (every game's server with it). Strings returned live as long as the
 * club. */
#ifndef GROGNARD_CLUB_H
#define GROGNARD_CLUB_H

#include <stddef.h>

#include "grognard/error.h"
#include "grognard/server.h"

typedef struct grog_club grog_club;

typedef struct grog_club_options {
    const char *host; /* a numeric address; NULL: "127.0.0.1" (the games' too) */
    unsigned port;    /* the organiser's port; 0: any free port */
    const char *link_host; /* the address put in links (NULL: host) */
    /* names the organiser and every game answer to besides their addresses
     * (--name; the Host check, server.h); copied */
    const char *const *names;
    size_t nnames;
} grog_club_options;

/* The largest request body the club takes (a scenario or roster upload). */
#define GROG_CLUB_MAX_BODY (4 * 1024 * 1024)
/* At most this many games in one folder. */
#define GROG_CLUB_MAX_GAMES 64

/* Serves dir: its host token (made on first start), every game file in it,
 * and the organiser's API. GROG_ENOTFOUND when dir is no folder, GROG_EIO
 * when it cannot be read or the address not listened on, GROG_EFORMAT for a
 * damaged host token file; a game file that cannot be served is skipped and
 * named by grog_club_skipped. */
grog_status grog_club_start(const char *dir, const grog_club_options *o, grog_club **out,
                            grog_error *err);
void grog_club_stop(grog_club *c);

unsigned grog_club_port(const grog_club *c);
/* The host token: 32 lowercase hex digits. */
const char *grog_club_host_token(const grog_club *c);
/* The i-th game being served (sorted by file name at start, then in the
 * order created): its file name in the folder and its server; NULL past the
 * end. The pointers stay valid until grog_club_stop. */
typedef struct grog_club_game {
    const char *name; /* "table-1.grog" */
    grog_server *server;
} grog_club_game;
const grog_club_game *grog_club_game_at(const grog_club *c, size_t i);
/* The files that were not served, and why ("x.grog: not a game file"). */
size_t grog_club_skipped(const grog_club *c, const char *const **lines);

#endif
