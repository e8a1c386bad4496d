/* table.c — one served game: the game, its seats, the cached documents and
 * the journal position. See table.h for the locks and their order.
 *
 * Nothing secret is decided here: every document comes from the game's or
 * the view's functions called with the request's seat (api.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/battle.h"
#include "docs.h"
#include "i18n.h"
#include "idem.h"
#include "table.h"

#define DEFAULT_POLL_MS 250

/* ---- time (the server's own; the library proper never reads the clock) ---- */

struct timespec table_deadline(long ms)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    t.tv_sec += ms / 1000;
    t.tv_nsec += (ms % 1000) * 1000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    return t;
}

/* ---- the journal position ---- */

void table_announce(table *t, size_t seq)
{
    pthread_mutex_lock(&t->pos_lock);
    t->seq = seq;
    t->gen++;
    pthread_cond_broadcast(&t->pos_cond);
    table_wake(t);
    pthread_mutex_unlock(&t->pos_lock);
}

/* ---- the streams' waiting ---- */

void table_list(table *t, table_waiter *w)
{
    w->prev = NULL;
    w->next = t->waiters;
    if (t->waiters != NULL)
        t->waiters->prev = w;
    t->waiters = w;
}

void table_unlist(table *t, table_waiter *w)
{
    if (w->prev != NULL)
        w->prev->next = w->next;
    else if (t->waiters == w)
        t->waiters = w->next;
    if (w->next != NULL)
        w->next->prev = w->prev;
    w->prev = w->next = NULL;
}

void table_park(table *t, table_waiter *w)
{
    (void)t;
    w->parked = 1;
    MHD_suspend_connection(w->c);
}

void table_wake(table *t)
{
    for (table_waiter *w = t->waiters; w != NULL; w = w->next)
        if (w->parked) {
            w->parked = 0;
            MHD_resume_connection(w->c);
        }
}

void table_changed(table *t)
{
    atomic_fetch_add(&t->wgen, 1);
}

void table_stop(table *t)
{
    if (!t->sync_ready)
        return;
    pthread_mutex_lock(&t->pos_lock);
    t->stopping = 1;
    pthread_cond_broadcast(&t->pos_cond);
    table_wake(t);
    pthread_mutex_unlock(&t->pos_lock);
}

/* ---- seats ---- */

static grog_status add_seat(table *t, const char *kind, const char *side, int enabled,
                            grog_error *err)
{
    size_t i = t->nseats;
    char key[GROG_ID_MAX + 8];
    if (side != NULL)
        snprintf(key, sizeof key, "side:%s", side);
    else
        snprintf(key, sizeof key, "%s", kind);
    t->keys[i] = strdup(key);
    t->sides[i] = side != NULL ? strdup(side) : NULL;
    if (t->keys[i] == NULL || (side != NULL && t->sides[i] == NULL))
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    t->seats[i] = (grog_server_seat){kind, t->sides[i], t->tokens[i], enabled};
    t->nseats++;
    return GROG_OK;
}

static grog_status make_seats(table *t, const grog_server_options *o, grog_error *err)
{
    const grog_battle *b = grog_game_battle(t->g);
    size_t nsides = grog_battle_nsides(b), n = nsides + 2;
    t->seats = calloc(n + 1, sizeof *t->seats);
    t->keys = calloc(n, sizeof *t->keys);
    t->sides = calloc(n, sizeof *t->sides);
    t->tokens = calloc(n, sizeof *t->tokens);
    t->docs = docs_new(TABLE_DOCS * TABLE_NLANGS * n);
    t->idem = idem_new();
    t->seat_streams = calloc(n, sizeof *t->seat_streams);
    if (t->seats == NULL || t->keys == NULL || t->sides == NULL || t->tokens == NULL ||
        t->docs == NULL || t->seat_streams == NULL || t->idem == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_status st = GROG_OK;
    for (size_t i = 0; i < nsides && st == GROG_OK; i++)
        st = add_seat(t, "side", grog_battle_side(b, i)->id, !o->referee_only, err);
    if (st == GROG_OK)
        st = add_seat(t, "referee", NULL, 1, err);
    if (st == GROG_OK)
        st = add_seat(t, "public", NULL, !o->referee_only, err);
    if (st != GROG_OK)
        return st;
    t->nsides = nsides;
    return tokens_load(t->path, o->new_tokens, t->nseats, (const char *const *)t->keys, t->tokens,
                       err);
}

void table_scrub(const table *t, grog_error *err)
{
    const char *base = strrchr(t->path, '/');
    base = base != NULL ? base + 1 : t->path;
    size_t n = strlen(t->path), b = strlen(base);
    if (base == t->path)
        return; /* a bare name: nothing to hide */
    char *at;
    while ((at = strstr(err->message, t->path)) != NULL) {
        memmove(at + b, at + n, strlen(at + n) + 1);
        memcpy(at, base, b);
    }
}

int table_seat_of(const table *t, const char *token)
{
    int i = tokens_match(token, t->nseats, (const token_text *)t->tokens);
    return i >= 0 && t->seats[i].enabled ? i : -1;
}

/* ---- opening and closing ---- */

static grog_status init_sync(table *t, grog_error *err)
{
    pthread_condattr_t ca;
    if (pthread_condattr_init(&ca) != 0)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    int rc = pthread_cond_init(&t->pos_cond, &ca);
    pthread_condattr_destroy(&ca);
    if (rc != 0 || pthread_mutex_init(&t->pos_lock, NULL) != 0 ||
        pthread_mutex_init(&t->game_lock, NULL) != 0 ||
        pthread_mutex_init(&t->doc_lock, NULL) != 0)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    t->sync_ready = 1;
    return GROG_OK;
}

grog_status table_open(const char *path, const grog_server_options *o, table **out, grog_error *err)
{
    table *t = calloc(1, sizeof *t);
    if (t == NULL || (t->path = strdup(path)) == NULL) {
        free(t);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    t->referee_only = o->referee_only;
    atomic_init(&t->wgen, 1); /* past cache_gen: the reader syncs before its first document */
    t->poll_ms = o->poll_ms != 0 ? o->poll_ms : DEFAULT_POLL_MS;
    grog_status st = init_sync(t, err);
    if (st == GROG_OK)
        st = lock_take(path, &t->lock, err);
    if (st == GROG_OK)
        st = grog_game_open(path, &t->g, err);
    if (st == GROG_OK)
        st = make_seats(t, o, err);
    if (st != GROG_OK) {
        table_close(t);
        return st;
    }
    t->seq = grog_game_action_count(t->g);
    *out = t;
    return GROG_OK;
}

void table_close(table *t)
{
    if (t == NULL)
        return;
    /* The last connection to the file (the reader's was closed first,
     * reader_close): SQLite checkpoints the WAL into the game file and
     * removes it. */
    grog_game_close(t->g);
    for (size_t i = 0; i < t->nseats; i++) {
        free(t->keys[i]);
        free(t->sides[i]);
    }
    docs_free(t->docs);
    free(t->keys);
    free(t->sides);
    free(t->tokens);
    free(t->seats);
    free(t->seat_streams);
    idem_free(t->idem);
    free(t->vote_phase);
    free(t->voted);
    free(t->votes_text);
    if (t->sync_ready) {
        pthread_cond_destroy(&t->pos_cond);
        pthread_mutex_destroy(&t->pos_lock);
        pthread_mutex_destroy(&t->game_lock);
        pthread_mutex_destroy(&t->doc_lock);
    }
    lock_release(t->lock); /* last: after the game's own descriptors are closed */
    free(t->path);
    free(t);
}
