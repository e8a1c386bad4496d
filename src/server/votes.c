/* votes.c — the sides' Done (issue 15): which sides have said they are done
 * with the present phase, and the phase's end when all of them have while no
 * referee device is connected. docs/api.md ("POST /api/v1/done") and
 * docs/page.md ("Done") are the contract.
 *
 * Invariants: the votes (voted, vote_turn, vote_phase) are used only under
 * game_lock and are always those of the game's present phase: after every
 * change of the journal the server sees (an action, an undo, another
 * writer's action) votes_follow clears them if the turn or the phase moved.
 * Their text for the streams (votes_text) changes only under pos_lock and
 * each change moves vgen by one, as gen does for the journal position. Votes
 * live in memory only: a restarted server starts with none. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/battle.h"
#include "grognard/explain.h"
#include "i18n.h"
#include "votes.h"

/* The votes' text for the streams and GET done, without the referee's
 * presence: "turn":T,"phase":"P","done":[...],"waiting":[...]. */
static char *votes_fragment(const table *t)
{
    json_t *done = json_array(), *waiting = json_array();
    for (size_t i = 0; i < t->nsides; i++)
        json_array_append_new(t->voted[i] ? done : waiting, json_string(t->sides[i]));
    json_t *j = json_pack("{s:i,s:s,s:o,s:o}", "turn", t->vote_turn, "phase", t->vote_phase, "done",
                          done, "waiting", waiting);
    char *text = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(j);
    if (text == NULL)
        return NULL;
    /* "{...}" to "...": the caller adds the presence and the braces */
    size_t n = strlen(text);
    memmove(text, text + 1, n - 2);
    text[n - 2] = '\0';
    return text;
}

/* Tells the streams the votes changed (under game_lock). */
static void publish(table *t)
{
    char *text = votes_fragment(t);
    pthread_mutex_lock(&t->pos_lock);
    if (text != NULL) {
        free(t->votes_text);
        t->votes_text = text;
    }
    t->vgen++;
    pthread_cond_broadcast(&t->pos_cond);
    table_wake(t);
    pthread_mutex_unlock(&t->pos_lock);
}

static int same_phase(const table *t)
{
    return t->vote_turn == grog_game_turn(t->g) &&
           strcmp(t->vote_phase, grog_game_phase(t->g)) == 0;
}

grog_status votes_init(table *t, grog_error *err)
{
    t->voted = calloc(t->nsides > 0 ? t->nsides : 1, 1);
    t->vote_phase = strdup(grog_game_phase(t->g));
    t->vote_turn = grog_game_turn(t->g);
    t->votes_text = t->voted != NULL && t->vote_phase != NULL ? votes_fragment(t) : NULL;
    if (t->votes_text == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    return GROG_OK;
}

void votes_follow(table *t)
{
    if (same_phase(t))
        return;
    char *phase = strdup(grog_game_phase(t->g));
    if (phase == NULL)
        return; /* out of memory: the old key stays, so every vote is refused */
    free(t->vote_phase);
    t->vote_phase = phase;
    t->vote_turn = grog_game_turn(t->g);
    memset(t->voted, 0, t->nsides);
    publish(t);
}

char *votes_document(table *t)
{
    pthread_mutex_lock(&t->pos_lock);
    size_t n = strlen(t->votes_text) + 64;
    char *doc = malloc(n);
    if (doc != NULL)
        snprintf(doc, n, "{%s,\"referee_present\":%s}", t->votes_text,
                 t->referee_streams > 0 ? "true" : "false");
    pthread_mutex_unlock(&t->pos_lock);
    return doc;
}

static int everyone_done(const table *t)
{
    for (size_t i = 0; i < t->nsides; i++)
        if (!t->voted[i])
            return 0;
    return 1;
}

static int referee_present(table *t)
{
    pthread_mutex_lock(&t->pos_lock);
    int present = t->referee_streams > 0;
    pthread_mutex_unlock(&t->pos_lock);
    return present;
}

/* Every side is done and no referee device is there: `next`, taken with
 * the seat of the side whose Done came last (its Done is what ended the
 * phase). The position after it, or 0 when the phase goes on. */
static size_t advance_if_due(table *t, grog_status *st, grog_error *err)
{
    *st = GROG_OK;
    if (!everyone_done(t) || referee_present(t))
        return 0;
    grog_seat seat;
    *st = grog_game_seat(t->g, t->sides[t->vote_last], 0, &seat, err);
    const char *argv[] = {"next"};
    if (*st == GROG_OK)
        /* inside the write transaction: only if nobody moved the journal
         * since the votes were weighed (the phase they are for) */
        *st = grog_game_do_at(t->g, &seat, grog_game_action_count(t->g), 1, argv, NULL, err);
    if (*st != GROG_OK)
        return 0;
    table_changed(t);
    votes_follow(t);
    return grog_game_action_count(t->g);
}

grog_status votes_cast(table *t, size_t side, int done, int turn, const char *phase,
                       size_t *advanced, grog_error *err)
{
    *advanced = 0;
    if (turn != grog_game_turn(t->g) || strcmp(phase, grog_game_phase(t->g)) != 0)
        return grog_error_set(err, GROG_ERULE,
                              _("turn %d, %s phase is over: it is now turn %d, %s phase; nothing "
                                "was recorded (press Done again if you are done with this one)"),
                              turn, grog_explain_phase_of(phase), grog_game_turn(t->g),
                              grog_explain_phase_of(grog_game_phase(t->g)));
    int was = t->voted[side];
    size_t last = t->vote_last;
    if (done)
        t->vote_last = side;
    if (was != done) {
        t->voted[side] = (unsigned char)done;
        publish(t);
    }
    if (!done)
        return GROG_OK;
    grog_status st;
    *advanced = advance_if_due(t, &st, err);
    if (st != GROG_OK) { /* nothing changed: the vote neither */
        t->voted[side] = (unsigned char)was;
        t->vote_last = last;
        publish(t);
    }
    return st;
}

size_t votes_check(table *t)
{
    grog_status st;
    size_t advanced = advance_if_due(t, &st, NULL);
    if (st != GROG_OK) { /* not tried again every poll: the last Done is taken back */
        t->voted[t->vote_last] = 0;
        publish(t);
    }
    return advanced;
}

void votes_presence(table *t, int delta)
{
    /* under pos_lock */
    t->referee_streams = (unsigned)((int)t->referee_streams + delta);
    t->vgen++;
    pthread_cond_broadcast(&t->pos_cond);
    table_wake(t);
}
