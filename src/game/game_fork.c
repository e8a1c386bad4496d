/* game_fork.c — a copy of a game as it stands, in memory, with its own dice
 * (the plan's Monte Carlo plays its plans on such copies, through the one
 * action path: grog_game_do).
 *
 * Invariant: a fork has the family, the house rules (read from the game's
 * journal), the scenario text and the state (battle, turn, phase, family
 * bookkeeping) of the game at the moment it was made; its generator is a
 * fresh one of the seed given, its journal an in-memory one that starts
 * empty (no replay is asked of a fork: its rows are only the plan's
 * actions). The game forked from is never written. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "i18n.h"
#include "journal.h"

static char *dup_text(const char *s)
{
    if (s == NULL)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d != NULL)
        memcpy(d, s, n);
    return d;
}

static grog_status fork_rules(const grog_game *g, grog_game *f, grog_error *err)
{
    char *label = NULL, *text = NULL;
    grog_status st = journal_get_text(g->j, "rules", &label, &text, err);
    if (st == GROG_OK)
        st = f->ops->load_rules(text, label, &f->rules, err);
    free(label);
    free(text);
    return st;
}

grog_status game_fork(const grog_game *g, uint64_t seed, grog_game **out, grog_error *err)
{
    grog_game *f = calloc(1, sizeof *f);
    if (f == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    f->family = g->family;
    f->ops = g->ops;
    f->seed = seed;
    f->scenario_text = dup_text(g->scenario_text);
    f->scenario_label = dup_text(g->scenario_label);
    grog_status st = f->scenario_text == NULL || f->scenario_label == NULL
                         ? grog_error_set(err, GROG_ENOMEM, _("out of memory"))
                         : fork_rules(g, f, err);
    if (st == GROG_OK)
        st = journal_create(NULL, &f->j, err);
    if (st == GROG_OK)
        st = game_fresh_state(f, err);
    game_state s;
    memset(&s, 0, sizeof s);
    if (st == GROG_OK)
        st = game_state_clone(g, &g->s, &s, err);
    if (st == GROG_OK) {
        grog_rng_destroy(s.rng);
        s.rng = grog_rng_create(seed);
        st = s.rng == NULL ? grog_error_set(err, GROG_ENOMEM, _("out of memory"))
                           : game_set_state(f, &s, err);
    }
    if (st != GROG_OK) {
        game_state_free(f, &s);
        grog_game_close(f);
        return st;
    }
    f->stream = 0;
    *out = f;
    return GROG_OK;
}
