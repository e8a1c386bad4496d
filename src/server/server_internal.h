/* server_internal.h — what server.c (the daemon, seats, streams) and api.c
 * (the answers to requests) share; internal to src/server. */
#ifndef GROG_SERVER_INTERNAL_H
#define GROG_SERVER_INTERNAL_H

#include <microhttpd.h>
#include <pthread.h>
#include <stddef.h>

#include "grognard/game.h"
#include "grognard/server.h"
#include "tokens.h"

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
    char **sides;
    token_text *tokens;
    /* Under game_lock: each seat's game document and map as of the journal's
     * present state ([2 * seat] game, [2 * seat + 1] map), NULL until asked;
     * dropped whenever the game changes (server_changed). */
    char **cache;
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
};

/* The game changed (under game_lock): the cached documents are dropped. */
void server_changed(grog_server *s);
/* Announces a new journal position to every event stream. */
void server_announce(grog_server *s, size_t seq);
/* An event-stream response, or NULL when the server has no room for one
 * more (or stops). */
struct MHD_Response *server_stream_open(grog_server *s);
/* The index of the enabled seat whose token this is, or -1. */
int server_seat_of(const grog_server *s, const char *token);

/* api.c: libmicrohttpd's request handler and the request's state. */
enum MHD_Result server_on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version, const char *upload,
                                  size_t *upload_size, void **con_cls);
void server_request_free(void *request);

#endif
