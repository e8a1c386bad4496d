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
#include "i18n.h"
#include "server_internal.h"

/* The votes' text for the streams and GET done, without the referee's
 * presence: "turn":T,"phase":"P","done":[...],"waiting":[...]. */
static char *votes_fragment(const grog_server *s)
{
    json_t *done = json_array(), *waiting = json_array();
    for (size_t i = 0; i < s->nsides; i++)
        json_array_append_new(s->voted[i] ? done : waiting, json_string(s->sides[i]));
    json_t *j = json_pack("{s:i,s:s,s:o,s:o}", "turn", s->vote_turn, "phase", s->vote_phase,
                          "done", done, "waiting", waiting);
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
static void publish(grog_server *s)
{
    char *text = votes_fragment(s);
    pthread_mutex_lock(&s->pos_lock);
    if (text != NULL) {
        free(s->votes_text);
        s->votes_text = text;
    }
    s->vgen++;
    pthread_cond_broadcast(&s->pos_cond);
    pthread_mutex_unlock(&s->pos_lock);
}

static int same_phase(const grog_server *s)
{
    return s->vote_turn == grog_game_turn(s->g) &&
           strcmp(s->vote_phase, grog_game_phase(s->g)) == 0;
}

grog_status votes_init(grog_server *s, grog_error *err)
{
    s->voted = calloc(s->nsides > 0 ? s->nsides : 1, 1);
    s->vote_phase = strdup(grog_game_phase(s->g));
    s->vote_turn = grog_game_turn(s->g);
    s->votes_text = s->voted != NULL && s->vote_phase != NULL ? votes_fragment(s) : NULL;
    if (s->votes_text == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    return GROG_OK;
}

void votes_free(grog_server *s)
{
    free(s->voted);
    free(s->vote_phase);
    free(s->votes_text);
}

void votes_follow(grog_server *s)
{
    if (same_phase(s))
        return;
    char *phase = strdup(grog_game_phase(s->g));
    if (phase == NULL)
        return; /* out of memory: the old key stays, so every vote is refused */
    free(s->vote_phase);
    s->vote_phase = phase;
    s->vote_turn = grog_game_turn(s->g);
    memset(s->voted, 0, s->nsides);
    publish(s);
}

char *votes_document(grog_server *s)
{
    pthread_mutex_lock(&s->pos_lock);
    size_t n = strlen(s->votes_text) + 64;
    char *doc = malloc(n);
    if (doc != NULL)
        snprintf(doc, n, "{%s,\"referee_present\":%s}", s->votes_text,
                 s->referee_streams > 0 ? "true" : "false");
    pthread_mutex_unlock(&s->pos_lock);
    return doc;
}

static int everyone_done(const grog_server *s)
{
    for (size_t i = 0; i < s->nsides; i++)
        if (!s->voted[i])
            return 0;
    return 1;
}

static int referee_present(grog_server *s)
{
    pthread_mutex_lock(&s->pos_lock);
    int present = s->referee_streams > 0;
    pthread_mutex_unlock(&s->pos_lock);
    return present;
}

/* Every side is done and no referee device is there: `next`, taken with
 * the seat of the side whose Done came last (its Done is what ended the
 * phase). The position after it, or 0 when the phase goes on. */
static size_t advance_if_due(grog_server *s, grog_status *st, grog_error *err)
{
    *st = GROG_OK;
    if (!everyone_done(s) || referee_present(s))
        return 0;
    grog_seat seat;
    *st = grog_game_seat(s->g, s->sides[s->vote_last], 0, &seat, err);
    const char *argv[] = {"next"};
    if (*st == GROG_OK)
        *st = grog_game_do_as(s->g, &seat, 1, argv, NULL, err);
    if (*st != GROG_OK)
        return 0;
    server_changed(s);
    votes_follow(s);
    return grog_game_action_count(s->g);
}

grog_status votes_cast(grog_server *s, size_t side, int done, int turn, const char *phase,
                       size_t *advanced, grog_error *err)
{
    *advanced = 0;
    if (turn != grog_game_turn(s->g) || strcmp(phase, grog_game_phase(s->g)) != 0)
        return grog_error_set(err, GROG_ERULE,
                              _("turn %d, %s phase is over: it is now turn %d, %s phase; nothing "
                                "was recorded (press Done again if you are done with this one)"),
                              turn, phase, grog_game_turn(s->g), grog_game_phase(s->g));
    int was = s->voted[side];
    size_t last = s->vote_last;
    if (done)
        s->vote_last = side;
    if (was != done) {
        s->voted[side] = (unsigned char)done;
        publish(s);
    }
    if (!done)
        return GROG_OK;
    grog_status st;
    *advanced = advance_if_due(s, &st, err);
    if (st != GROG_OK) { /* nothing changed: the vote neither */
        s->voted[side] = (unsigned char)was;
        s->vote_last = last;
        publish(s);
    }
    return st;
}

size_t votes_check(grog_server *s)
{
    grog_status st;
    size_t advanced = advance_if_due(s, &st, NULL);
    if (st != GROG_OK) { /* not tried again every poll: the last Done is taken back */
        s->voted[s->vote_last] = 0;
        publish(s);
    }
    return advanced;
}

void votes_presence(grog_server *s, int delta)
{
    /* under pos_lock */
    s->referee_streams = (unsigned)((int)s->referee_streams + delta);
    s->vgen++;
    pthread_cond_broadcast(&s->pos_cond);
}
