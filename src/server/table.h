/* table.h — one served game (internal to src/server): the open game and its
 * lock, the seats and their tokens, the documents cached per seat and
 * language, the journal position the event streams report, and the sides'
 * Done (votes.c). It calls nothing above it in src/server: the event streams
 * (stream.c), the watcher (watch.c), the requests (api.c, http.c) and the
 * daemon (server.c) all stand on it, so that several tables could be served
 * side by side by one daemon.
 *
 * Invariants: g (the writer's handle) and everything marked "under
 * game_lock" are used only with game_lock held; the position (seq, gen) and
 * what is marked "under pos_lock" only with pos_lock held, and gen grows by
 * one each time the position is announced, so that a stream that has sent
 * generation k sends again exactly when gen moved past k; vgen does the
 * same for the votes. The per-seat documents are made from a second,
 * read-only handle, the reader (reader.h), by its builder thread: the
 * reader's game under the reader's own lock, the cache under doc_lock.
 * Locks are taken in these orders: game_lock, then pos_lock; the reader's
 * lock, then doc_lock; never the reverse, and never one of the first pair
 * with one of the second (wgen, which links them, is atomic).
 *
 * Ownership: table_open returns a table that table_close frees (accepts
 * NULL); the seats' strings live as long as the table. */
#ifndef GROG_TABLE_H
#define GROG_TABLE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <time.h>

#include <microhttpd.h>

#include "catalog.h"
#include "grognard/game.h"
#include "grognard/server.h"
#include "lock.h"
#include "tokens.h"

/* The documents kept per seat and language (table.docs). */
#define TABLE_DOCS 4
/* The languages a request may ask for (Accept-Language): 0 is the server's
 * own (gettext's, the process's), then en, fr and ru. */
#define TABLE_NLANGS 4

/* A connection parked until the table has news for it (an event stream
 * with nothing to send, suspended): on the table's list from table_list to
 * table_unlist, parked (suspended) from table_park to the next table_wake. */
typedef struct table_waiter {
    struct MHD_Connection *c;
    int parked;
    struct table_waiter *prev, *next;
} table_waiter;

typedef struct table {
    char *path;
    serve_lock *lock; /* held from open to close: one server per game file */
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
    /* Under doc_lock (reader.h): each seat's game document, map, actions
     * list and claims in each language (docs.h), slot TABLE_DOCS *
     * (TABLE_NLANGS * seat + lang) + (0 game, 1 map, 2 actions, 3 claims),
     * as of the reader's state: made when asked, by the reader's builder
     * only, out of date once the writer changed the game (wgen moved past
     * cache_gen). cache_seq: the reader's position they are of. */
    struct docs_store *docs;
    unsigned long cache_gen;
    size_t cache_seq;
    pthread_mutex_t doc_lock;
    /* Moved by table_changed (under game_lock) after every change of the
     * game the writer made or caught up with. */
    atomic_ulong wgen;
    struct reader *reader; /* reader.c: the documents' handle and builder */
    /* The requests' catalogues by language (http.h), for the builder. */
    const grog_catalog *const *langs;
    struct idem_cache *idem; /* under game_lock: answers by Idempotency-Key */
    /* the journal position, for the event streams */
    pthread_mutex_t pos_lock;
    pthread_cond_t pos_cond; /* CLOCK_MONOTONIC */
    size_t seq;
    unsigned long gen;
    unsigned long kgen;      /* the keep-alive tick (watch.c), for the streams */
    unsigned streams;        /* the event streams open but the referee's */
    unsigned referee_streams_open;
    unsigned *seat_streams;  /* per seat */
    table_waiter *waiters;   /* the event streams open */
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

/* Takes the game file's lock (lock.h: GROG_EBUSY naming who serves it),
 * opens the game at path and its seats (tokens loaded or made, o->new_tokens
 * renews them). The votes are not made yet (votes_init). */
grog_status table_open(const char *path, const grog_server_options *o, table **out,
                       grog_error *err);
/* Tells every waiter the table stops (the streams end). */
void table_stop(table *t);
/* Closes the game (its journal checkpointed) and frees the table. */
void table_close(table *t);
/* The game changed (under game_lock): the cached documents are no longer
 * answered; the next request for one has it made again (reader.h). */
void table_changed(table *t);
/* Announces a new journal position to every event stream. */
void table_announce(table *t, size_t seq);
/* Under pos_lock: puts w on the table's list, takes it off, parks it
 * (MHD_suspend_connection: only from libmicrohttpd's callbacks for w->c),
 * and resumes every parked waiter (after gen, vgen or kgen moved, or on
 * stopping). */
void table_list(table *t, table_waiter *w);
void table_unlist(table *t, table_waiter *w);
void table_park(table *t, table_waiter *w);
void table_wake(table *t);
/* Takes the game file's path out of an error message for a request: every
 * occurrence becomes the file's own name (bussaco.grog). */
void table_scrub(const table *t, grog_error *err);
/* The index of the enabled seat whose token this is, or -1. */
int table_seat_of(const table *t, const char *token);
/* The deadline ms milliseconds from now on CLOCK_MONOTONIC (pos_cond's). */
struct timespec table_deadline(long ms);

#endif
