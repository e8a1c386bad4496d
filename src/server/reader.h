/* reader.h — the documents' own game handle (internal to src/server): a
 * second handle on the served file, opened to read only
 * (grog_game_open_reader), and one builder thread that makes every per-seat
 * document from it (the game view, the map, the actions list, the claims,
 * the log since N), their deltas and their gzipped responses, outside
 * game_lock, so that preview, do, undo and Done, which stay on the writer's
 * handle under game_lock, never wait for a document being made, and no
 * request's thread ever makes one.
 *
 * A request whose document is not ready (not made yet for its seat,
 * language and encoding, or the writer changed the game since the cache
 * was filled) is parked: its connection is suspended on the builder's queue
 * (MHD_ALLOW_SUSPEND_RESUME), holding none of libmicrohttpd's threads. The
 * builder brings the reader up to the journal (grog_game_sync), makes the
 * document and its response into the table's store (docs.h) and resumes
 * the connection; the request is then answered from the store, or with the
 * error the making met.
 *
 * Consistency: table_changed moves t->wgen after every change the writer
 * made or caught up with (under game_lock, before the writer's answer is
 * queued); the cache holds documents only of the reader's state synced
 * after the wgen it records (t->cache_gen), and is answered only while
 * that is still wgen. So a document sent with X-Grognard-Seq N is the state
 * after action N, and a GET sent after a POST do was answered sees that
 * action.
 *
 * Locks (table.h's order): the reader's own lock (its game handle; the
 * builder holds it while it syncs and makes a document), then doc_lock (the
 * cache, its generation, the queue: held briefly, never while a document
 * is made). Neither is ever taken with game_lock or pos_lock held, nor
 * they with either of these.
 *
 * Ownership: reader_start opens the reader into t->reader; reader_stop ends
 * the builder; reader_close frees it, before table_close. A reader_wait belongs
 * to its request (http.c) and is on the queue only while its connection is
 * suspended. */
#ifndef GROG_READER_H
#define GROG_READER_H

#include <microhttpd.h>

#include "grognard/game.h"
#include "table.h"

/* Makes a seat's document from a game (grog_view_game_json...). */
typedef grog_status (*reader_make)(const grog_game *, const grog_seat *, char **, grog_error *);
/* Makes a seat's document that depends on the request (the log since N). */
typedef grog_status (*reader_make_since)(const grog_game *, const grog_seat *, long long since,
                                         char **, grog_error *);

/* A document a request asks for: its index in the cache (table.h), the
 * encoding, the seat's index, how it is made and its type; or, with once,
 * one made for this request alone (its answer, never kept: doc's seat and
 * language only count) from since. */
typedef struct reader_job {
    size_t doc;
    int gz;
    size_t seat;
    reader_make make;
    const char *type;
    reader_make_since once;
    long long since;
    const char *inm, *aim; /* the request's If-None-Match and A-IM (NULL: none),
                              which live as long as the request */
} reader_job;

/* A request parked until its document is made. */
typedef struct reader_wait {
    struct MHD_Connection *c;
    reader_job job;
    int again;         /* set when parked, cleared by the request (http.c):
                          answer it again once resumed */
    int queued;        /* on the queue, its connection suspended */
    int answered;      /* the builder did its job: st, err (ready when GROG_OK) */
    grog_status st;
    grog_error err;
    long seq;          /* the reader's position when it failed */
    struct MHD_Response *resp; /* a job made once: its answer, the request's to
                                  queue and destroy (reader_wait_done) */
    struct reader_wait *next;
} reader_wait;

/* Opens the reader on t's file and starts its builder. */
grog_status reader_start(table *t, grog_error *err);
/* Ends the builder: every parked request is resumed and told the server
 * stops (before libmicrohttpd's daemon stops). */
void reader_stop(table *t);
/* Closes the reader's game and frees it (accepts a table without one). */
void reader_close(table *t);

/* Under doc_lock: whether job's document, with its response for the job's
 * encoding, is in the table's store (docs.h) and of the writer's present
 * state, ready for docs_send. */
int reader_ready(table *t, const reader_job *job);
/* Under doc_lock: parks w's connection c until job is done (1), or 0 when
 * the builder has stopped (answer 503). */
int reader_park(table *t, reader_wait *w, struct MHD_Connection *c, const reader_job *job);

/* Drops what w still holds (the request ends). */
void reader_wait_done(reader_wait *w);

/* For tests: the reader's own lock, held by the builder while it syncs the
 * reader and makes a document. */
pthread_mutex_t *reader_lock_of(table *t);

#endif
