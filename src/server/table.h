/* table.h — one served game (internal to src/server): the open game and its
 * lock, the seats and their tokens, the documents cached per seat and
 * language, the journal position the event streams report, and the sides'
 * Done (votes.c). It calls nothing above it in src/server: the event streams
 * (stream.c), the watcher (watch.c), the requests (api.c, http.c) and the
 * daemon (server.c) all stand on it, so that several tables could be served
 * side by side by one daemon.
 *
 * Invariants: g and everything marked "under game_lock" are used only with
 * game_lock held; the position (seq, gen) and what is marked "under
 * pos_lock" only with pos_lock held, and gen grows by one each time the
 * position is announced, so that a stream that has sent generation k sends
 * again exactly when gen moved past k; vgen does the same for the votes.
 * Locks are taken in that order: game_lock, then pos_lock, never the
 * reverse.
 *
 * Ownership: table_open returns a table that table_close frees (accepts
 * NULL); the seats' strings live as long as the table. */
#ifndef GROG_TABLE_H
#define GROG_TABLE_H

#include <pthread.h>
#include <stddef.h>
#include <time.h>

#include "grognard/game.h"
#include "grognard/server.h"
#include "tokens.h"

/* The documents kept per seat and language (table.cache). */
#define TABLE_DOCS 3
/* The languages a request may ask for (Accept-Language): 0 is the server's
 * own (gettext's, the process's), then en, fr and ru. */
#define TABLE_NLANGS 4

typedef struct table {
    char *path;
    grog_game *g;
    pthread_mutex_t game_lock; /* held for every use of g */
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
     * ([TABLE_DOCS * (TABLE_NLANGS * seat + lang) + 0] game, + 1 map, + 2
     * actions), NULL until asked; dropped whenever the game changes
     * (table_changed). */
    char **cache;
    /* the journal position, for the event streams */
    pthread_mutex_t pos_lock;
    pthread_cond_t pos_cond; /* CLOCK_MONOTONIC */
    size_t seq;
    unsigned long gen;
    unsigned streams;
    int stopping;
    int sync_ready;
    /* watch.c */
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
} table;

/* Opens the game at path and its seats (tokens loaded or made, o->new_tokens
 * renews them). The votes are not made yet (votes_init). */
grog_status table_open(const char *path, const grog_server_options *o, table **out,
                       grog_error *err);
/* Tells every waiter the table stops (the streams end). */
void table_stop(table *t);
/* Closes the game (its journal checkpointed) and frees the table. */
void table_close(table *t);
/* The game changed (under game_lock): the cached documents are dropped. */
void table_changed(table *t);
/* Announces a new journal position to every event stream. */
void table_announce(table *t, size_t seq);
/* The index of the enabled seat whose token this is, or -1. */
int table_seat_of(const table *t, const char *token);
/* The deadline ms milliseconds from now on CLOCK_MONOTONIC (pos_cond's). */
struct timespec table_deadline(long ms);

#endif
