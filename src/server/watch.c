/* watch.c — the watcher thread of a table. See watch.h.
 *
 * Invariant: it holds pos_lock only while waiting, and takes game_lock
 * without it (table.h's lock order). It also beats the streams' keep-alive
 * tick (kgen), every STREAMS_KEEPALIVE_S. Another writer's change is a new
 * action row, or the end of the game (`grognard end` writes no action: a
 * key of the journal's), which the watcher compares with the last it saw. */
#include "grognard/commitment.h"
#include "i18n.h"
#include "stream.h"
#include "votes.h"
#include "watch.h"

/* Catches up with other writers every poll period until the table stops. */
static void *watch(void *p)
{
    table *t = p;
    struct timespec tick = table_deadline(STREAMS_KEEPALIVE_S * 1000L);
    pthread_mutex_lock(&t->game_lock);
    int ended = grog_game_ended(t->g);
    pthread_mutex_unlock(&t->game_lock);
    pthread_mutex_lock(&t->pos_lock);
    while (!t->stopping) {
        struct timespec until = table_deadline((long)t->poll_ms);
        while (!t->stopping && pthread_cond_timedwait(&t->pos_cond, &t->pos_lock, &until) == 0)
            ;
        if (t->stopping)
            break;
        if (until.tv_sec > tick.tv_sec ||
            (until.tv_sec == tick.tv_sec && until.tv_nsec >= tick.tv_nsec)) {
            /* the keep-alive tick: every parked stream writes a comment */
            t->kgen++;
            table_wake(t);
            tick = table_deadline(STREAMS_KEEPALIVE_S * 1000L);
        }
        size_t before = t->seq;
        pthread_mutex_unlock(&t->pos_lock);
        size_t added = 0;
        pthread_mutex_lock(&t->game_lock);
        size_t had = grog_game_action_count(t->g);
        grog_status st = grog_game_sync(t->g, &added, NULL);
        size_t now = grog_game_action_count(t->g);
        int was = ended;
        ended = grog_game_ended(t->g);
        int moved = (st == GROG_OK && (added > 0 || now != had)) || ended != was;
        if (moved) {
            table_changed(t);
            votes_follow(t);
        }
        /* every side done, and the referee's device gone since (votes.c) */
        size_t advanced = votes_check(t);
        if (advanced > 0)
            now = advanced;
        pthread_mutex_unlock(&t->game_lock);
        if (moved || now != before || advanced > 0)
            table_announce(t, now);
        pthread_mutex_lock(&t->pos_lock);
    }
    pthread_mutex_unlock(&t->pos_lock);
    return NULL;
}

grog_status watch_start(table *t, grog_error *err)
{
    if (pthread_create(&t->watcher, NULL, watch, t) != 0)
        return grog_error_set(err, GROG_ENOMEM, _("cannot start a thread"));
    t->watching = 1;
    return GROG_OK;
}

void watch_join(table *t)
{
    if (t->watching)
        pthread_join(t->watcher, NULL);
    t->watching = 0;
}
