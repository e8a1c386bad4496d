/* game_state.c — a game's state and what reads it: the battle, the family's
 * bookkeeping, the generator, the turn and phase (game_state, engine.h); the
 * state at the start, a copy, the spare copy dropped; the generator moved
 * along its stream; and the readers of a game (family, seed, turn, phase,
 * battle, status, the journal's rows, the read-only context of the legality
 * checks).
 *
 * Invariants: a state owns its battle, bookkeeping and generator (freed
 * together); the generator only moves forward (game_seek refuses to go
 * back); the sides' ids, once copied, never change (seats point at them).
 * Nothing here runs an action or writes the journal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "claim_list.h"
#include "commitment_internal.h"
#include "engine.h"
#include "grognard/scenario.h"
#include "i18n.h"
#include "journal.h"

void game_state_free(const grog_game *g, game_state *s)
{
    if (s->fstate != NULL)
        g->ops->destroy(s->fstate);
    s->fstate = NULL;
    grog_battle_destroy(s->battle);
    s->battle = NULL;
    grog_rng_destroy(s->rng);
    s->rng = NULL;
    claim_list_free(s->claims);
    s->claims = NULL;
}

grog_status game_state_clone(const grog_game *g, const game_state *from, game_state *to,
                             grog_error *err)
{
    to->battle = grog_battle_clone(from->battle);
    to->fstate = to->battle != NULL ? g->ops->copy(from->fstate) : NULL;
    to->rng = grog_rng_clone(from->rng);
    to->turn = from->turn;
    to->phase = from->phase;
    int ok;
    to->claims = claim_list_copy(from->claims, &ok);
    if (to->battle == NULL || to->fstate == NULL || to->rng == NULL || !ok) {
        game_state_free(g, to);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    return GROG_OK;
}

/* Copies the sides' ids once: seats point at them, and they never change. */
static grog_status keep_sides(grog_game *g, grog_error *err)
{
    if (g->sides != NULL)
        return GROG_OK;
    g->nsides = grog_battle_nsides(g->s.battle);
    g->sides = calloc(g->nsides + 1, sizeof *g->sides);
    if (g->sides == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    for (size_t i = 0; i < g->nsides; i++)
        memcpy(g->sides[i], grog_battle_side(g->s.battle, i)->id, GROG_ID_MAX);
    return GROG_OK;
}

/* The game at its start from battle b, which it takes (NULL: read from the
 * stored scenario text). */
grog_status game_start_state(grog_game *g, grog_battle *b, grog_error *err)
{
    game_spare_drop(g);
    game_state_free(g, &g->s);
    grog_status st = GROG_OK;
    if (b != NULL)
        g->s.battle = b;
    else
        st = grog_scenario_load_text(g->scenario_text, g->scenario_label, &g->s.battle, err);
    if (st != GROG_OK)
        return st;
    st = g->ops->create(g->rules, g->s.battle, &g->s.fstate, err);
    if (st != GROG_OK)
        return st;
    g->s.rng = grog_rng_create(g->seed);
    if (g->s.rng == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    g->s.turn = 1;
    g->s.phase = 0;
    return keep_sides(g, err);
}

grog_status game_set_state(grog_game *g, game_state *s, grog_error *err)
{
    game_spare_drop(g);
    game_state_free(g, &g->s);
    g->s = *s;
    memset(s, 0, sizeof *s);
    return keep_sides(g, err);
}

grog_status game_fresh_state(grog_game *g, grog_error *err)
{
    return game_start_state(g, NULL, err);
}

grog_status game_seek(grog_rng *rng, long long to, grog_error *err)
{
    if (to < 0)
        return GROG_OK;
    if ((long long)grog_rng_draws(rng) > to)
        return grog_error_set(err, GROG_EFORMAT, _("the dice stream would go back"));
    while ((long long)grog_rng_draws(rng) < to)
        grog_rng_next(rng);
    return GROG_OK;
}

void game_spare_drop(grog_game *g)
{
    if (g->spare_ok)
        game_state_free(g, &g->spare);
    g->spare_ok = 0;
}

const char *game_lang(char *buf, size_t size)
{
    /* the catalogue's header names its language; no catalogue: untranslated */
    const char *h = grog_i18n_gettext("");
    const char *l = h != NULL ? strstr(h, "Language: ") : NULL;
    if (l == NULL) {
        snprintf(buf, size, "%s", "");
        return buf;
    }
    l += strlen("Language: ");
    size_t n = strcspn(l, "\n");
    snprintf(buf, size, "%.*s", (int)(n < size ? n : size - 1), l);
    return buf;
}

grog_status game_writable(const grog_game *g, grog_error *err)
{
    if (g->bad > 0)
        return grog_error_set(err, GROG_EFORMAT,
                              _("this game's journal no longer replays from action %lld: nothing "
                                "can be added until the referee repairs it ('grognard repair GAME "
                                "--truncate-at %lld --referee')"),
                              g->bad, g->bad - 1);
    return journal_read_only(g->j) ? commitment_writable(g, 0, err) : GROG_OK;
}

grog_status game_writable_now(const grog_game *g, grog_error *err)
{
    return commitment_writable(g, 1, err);
}

/* ---- reading ---- */

grog_family grog_game_family(const grog_game *g)
{
    return g->family;
}

uint64_t grog_game_seed(const grog_game *g)
{
    return g->seed;
}

size_t grog_game_action_count(const grog_game *g)
{
    return (size_t)g->last;
}

int grog_game_turn(const grog_game *g)
{
    return g->s.turn;
}

const char *grog_game_phase(const grog_game *g)
{
    return g->ops->phases[g->s.phase];
}

const grog_battle *grog_game_battle(const grog_game *g)
{
    return g->s.battle;
}

json_t *game_status_object(const grog_game *g, const char *side)
{
    json_t *o = json_object();
    json_object_set_new(o, "family", json_string(grog_family_name(g->family)));
    int referee = side != NULL && strcmp(side, GAME_REFEREE_VIEWER) == 0;
    commitment_status(g, referee, o);
    json_object_set_new(o, "scenario", json_string(grog_battle_meta(g->s.battle)->name));
    json_object_set_new(o, "turn", json_integer(g->s.turn));
    json_object_set_new(o, "phase", json_string(grog_game_phase(g)));
    json_t *phases = json_array();
    for (size_t i = 0; i < g->ops->nphases; i++)
        json_array_append_new(phases, json_string(g->ops->phases[i]));
    json_object_set_new(o, "phases", phases);
    json_object_set_new(o, "actions", json_integer(g->last));
    json_object_set_new(o, "seat", json_string(referee ? "referee" : side != NULL ? "side" : "public"));
    json_object_set_new(o, "viewer", json_string(side != NULL && !referee ? side : ""));
    g->ops->status(g->rules, g->s.battle, g->s.fstate, side != NULL ? side : "", o);
    return o;
}

grog_status game_foreach(const grog_game *g,
                         grog_status (*fn)(void *ctx, const journal_action *a, grog_error *err),
                         void *ctx, grog_error *err)
{
    return journal_foreach(g->j, fn, ctx, err);
}

const family_ops *game_ops(const grog_game *g)
{
    return g->ops;
}

void game_legal_ctx(const grog_game *g, const char *side, legal_ctx *out)
{
    *out = (legal_ctx){g, g->rules, g->s.battle, g->s.fstate, g->s.turn, g->s.phase,
                       g->ops->phases[g->s.phase], side, NULL};
}
