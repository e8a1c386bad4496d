/* server_internal.h — what server.c (the daemon, seats, streams) and api.c
 * (the answers to requests) share; internal to src/server. */
#ifndef GROG_SERVER_INTERNAL_H
#define GROG_SERVER_INTERNAL_H

#include <microhttpd.h>
#include <pthread.h>
#include <stddef.h>

#include "grognard/game.h"
#include "grognard/server.h"
#include "catalog.h"
#include "tokens.h"

/* The documents kept per seat and language (grog_server.cache). */
#define SERVER_DOCS 3
/* The languages a request may ask for (Accept-Language): 0 is the server's
 * own (gettext's, the process's), then en, fr and ru. */
#define SERVER_NLANGS 4

struct grog_server {
    char *path;
    grog_game *g;
    pthread_mutex_t game_lock; /* held for every use of g */
    struct MHD_Daemon *d;
    unsigned port;
    int referee_only;
    unsigned poll_ms;
    size_t nseats;
    grog_server_seat *seats; /* nseats + 1, the last zeroed */
    char **keys;             /* "side:ID", "referee", "public": the rows of serve_tokens */
    char **sides;            /* the seats' sides: the first nsides are the scenario's */
    size_t nsides;
    token_text *tokens;
    /* Under game_lock: each seat's game document, map and actions list in
     * each language as of the journal's present state
     * ([SERVER_DOCS * (SERVER_NLANGS * seat + lang) + 0] game, + 1 map, + 2
     * actions), NULL until asked; dropped whenever the game changes
     * (server_changed). */
    char **cache;
    /* The requests' catalogues, loaded at start, read-only after: [0] NULL
     * (the server's own language), [1] English, [2] fr, [3] ru, NULL for a
     * language whose catalogue was not found (its requests get [0]). */
    const grog_catalog *langs[SERVER_NLANGS];
    /* the journal position, for the event streams */
    pthread_mutex_t pos_lock;
    pthread_cond_t pos_cond; /* CLOCK_MONOTONIC */
    size_t seq;
    unsigned long gen;
    unsigned streams;
    int stopping;
    int sync_ready;
    pthread_t watcher;
    int watching;
    /* votes.c. Under game_lock: the phase the votes are for (always the
     * game's present one) and which sides pressed Done (voted[i] for
     * sides[i]). Under pos_lock: their text for the streams, its generation
     * (as gen for seq), and the referee's event streams open now. */
    int vote_turn;
    char *vote_phase;
    unsigned char *voted;
    size_t vote_last; /* the side whose Done came last */
    char *votes_text;
    unsigned long vgen;
    unsigned referee_streams;
};

/* The game changed (under game_lock): the cached documents are dropped. */
void server_changed(grog_server *s);
/* Announces a new journal position to every event stream. */
void server_announce(grog_server *s, size_t seq);
/* An event-stream response, or NULL when the server has no room for one
 * more (or stops). */
struct MHD_Response *server_stream_open(grog_server *s, int referee);
/* The index of the enabled seat whose token this is, or -1. */
int server_seat_of(const grog_server *s, const char *token);

/* votes.c: the sides' Done. votes_init after the seats and the game; the
 * others under game_lock but votes_presence, which is under pos_lock. */
grog_status votes_init(grog_server *s, grog_error *err);
void votes_free(grog_server *s);
/* The journal moved: the votes are cleared if the turn or the phase did. */
void votes_follow(grog_server *s);
/* The votes' document (GET done, the streams' "done" event), malloc'd, or NULL. */
char *votes_document(grog_server *s);
/* Side number `side` says it is done (done 1) or not (0) with the phase
 * (turn, phase): GROG_ERULE if that phase is over. When every side is then
 * done and no referee stream is open, it takes `next` with that side's seat:
 * *advanced = the journal position then, 0 otherwise. A failing `next`
 * changes nothing (the vote neither). */
grog_status votes_cast(grog_server *s, size_t side, int done, int turn, const char *phase,
                       size_t *advanced, grog_error *err);
/* The same end of the phase when the referee's device has gone while every
 * side was done (the watcher asks): the position after `next`, or 0. */
size_t votes_check(grog_server *s);
/* A referee's event stream opens (+1) or closes (-1). */
void votes_presence(grog_server *s, int delta);

/* api.c: libmicrohttpd's request handler and the request's state. */
enum MHD_Result server_on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version, const char *upload,
                                  size_t *upload_size, void **con_cls);
void server_request_free(void *request);

#endif
