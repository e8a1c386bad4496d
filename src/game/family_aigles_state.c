/* family_aigles_state.c — Les Aigles' bookkeeping: made, copied, freed, and
 * written to and read from a snapshot (snapshot.h).
 *
 * aigles_state (family_aigles.h) is plain arrays: a copy is a copy of each
 * array (an action works on one and the engine keeps it only when the action
 * succeeds). Reading a snapshot back checks every field against the battle
 * and the rules; anything wrong is GROG_EFORMAT naming it, nothing kept. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "family_aigles.h"
#include "i18n.h"
#include "order_kinds.h"
#include "snapshot.h"

void aigles_destroy(void *p)
{
    aigles_state *s = p;
    if (s == NULL)
        return;
    free(s->points);
    free(s->os);
    free(s->attempts);
    free(s->riders);
    free(s->changes);
    free(s);
}

grog_status aigles_create(const void *rules, const grog_battle *b, void **out, grog_error *err)
{
    (void)rules;
    aigles_state *s = calloc(1, sizeof *s);
    if (s == NULL || (s->points = calloc(grog_battle_nofficers(b) + 1, sizeof *s->points)) == NULL ||
        (s->os = calloc(grog_battle_nofficers(b) + 1, sizeof *s->os)) == NULL) {
        aigles_destroy(s);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    s->nofficers = grog_battle_nofficers(b);
    for (size_t i = 0; i < s->nofficers; i++)
        s->os[i].melee_unit = -1;
    *out = s;
    return GROG_OK;
}

static void *dup_array(const void *v, size_t n, size_t size)
{
    void *d = malloc(n * size + 1);
    if (d != NULL && n > 0)
        memcpy(d, v, n * size);
    return d;
}

void *aigles_copy(const void *p)
{
    const aigles_state *s = p;
    aigles_state *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    *c = *s;
    c->points = dup_array(s->points, s->nofficers, sizeof *s->points);
    c->os = dup_array(s->os, s->nofficers, sizeof *s->os);
    c->attempts = dup_array(s->attempts, s->nattempts, sizeof *s->attempts);
    c->riders = dup_array(s->riders, s->nriders, sizeof *s->riders);
    c->changes = dup_array(s->changes, s->nchanges, sizeof *s->changes);
    c->capattempts = s->nattempts;
    c->capriders = s->nriders;
    c->capchanges = s->nchanges;
    if (c->points == NULL || c->os == NULL || c->attempts == NULL || c->riders == NULL || c->changes == NULL) {
        aigles_destroy(c);
        return NULL;
    }
    return c;
}

/* ---- the state in a snapshot (snapshot.h) ----
 * {"officers": [{"id", "command", "left", "fire", "melee_unit", "melee_half"}]
 * in battle order (AIG-O-06 points, AIG-O-25 fire, AIG-O-14 melee),
 * "attempts": [{"giver", "receiver", "order", "active", "explain_turns",
 * "failed_turns", "failed_this_turn", "explained_turn"}] (AIG-O-18..20),
 * "riders": [{"adc", "general", "target", "order", "leg", "half_periods",
 * "back_half_periods"}] (AIG-O-11, -12), "changes": [{"unit", "from", "to",
 * "total", "remaining"}] (AIG-F-25), "phase"}. */

static json_t *id_or_null(const grog_battle *b, int unit)
{
    return unit >= 0 ? json_string(grog_battle_unit(b, (size_t)unit)->id) : json_null();
}

json_t *aigles_state_save(const void *rules, const grog_battle *b, const void *state)
{
    (void)rules;
    const aigles_state *s = state;
    json_t *officers = json_array(), *attempts = json_array(), *riders = json_array(),
           *changes = json_array();
    int failed = officers == NULL || attempts == NULL || riders == NULL || changes == NULL;
    for (size_t i = 0; !failed && i < s->nofficers; i++)
        failed = json_array_append_new(
                     officers,
                     json_pack("{s:s,s:i,s:i,s:i,s:o,s:i}", "id", grog_battle_officer(b, i)->id,
                               "command", s->points[i].command, "left", s->points[i].left,
                               "fire", s->os[i].fire, "melee_unit",
                               id_or_null(b, s->os[i].melee_unit), "melee_half",
                               s->os[i].melee_half)) != 0;
    for (size_t i = 0; !failed && i < s->nattempts; i++) {
        const attempt *a = &s->attempts[i];
        failed = json_array_append_new(
                     attempts,
                     json_pack("{s:s,s:s,s:s,s:i,s:i,s:i,s:i,s:i}", "giver",
                               grog_battle_officer(b, a->giver)->id, "receiver", a->receiver,
                               "order", a->kind, "active", a->a.active, "explain_turns",
                               a->a.explain_turns, "failed_turns", a->a.failed_turns,
                               "failed_this_turn", a->a.failed_this_turn, "explained_turn",
                               a->explained_turn)) != 0;
    }
    for (size_t i = 0; !failed && i < s->nriders; i++) {
        const rider *r = &s->riders[i];
        failed = json_array_append_new(
                     riders, json_pack("{s:s,s:s,s:s,s:s,s:s,s:i,s:i}", "adc",
                                       grog_battle_officer(b, r->adc)->id, "general",
                                       grog_battle_officer(b, r->general)->id, "target",
                                       r->target, "order", r->kind, "leg",
                                       r->leg == ADC_OUT ? "out" : "back", "half_periods",
                                       r->halves, "back_half_periods", r->back_halves)) != 0;
    }
    for (size_t i = 0; !failed && i < s->nchanges; i++) {
        const change *c = &s->changes[i];
        failed = json_array_append_new(
                     changes, json_pack("{s:s,s:s,s:s,s:i,s:i}", "unit",
                                        grog_battle_unit(b, c->unit)->id, "from",
                                        grog_aigles_formation_name(c->p.from), "to",
                                        grog_aigles_formation_name(c->p.to), "total", c->p.total,
                                        "remaining", c->p.remaining)) != 0;
    }
    json_t *j = failed ? NULL
                       : json_pack("{s:o,s:o,s:o,s:o,s:i}", "officers", officers, "attempts",
                                   attempts, "riders", riders, "changes", changes, "phase",
                                   (int)s->phase);
    if (j == NULL) {
        if (!failed) /* json_pack stole them */
            return NULL;
        json_decref(officers);
        json_decref(attempts);
        json_decref(riders);
        json_decref(changes);
    }
    return j;
}

static grog_status kind_field(const aigles_rules *r, const json_t *o, const char *where,
                              char *kind, grog_error *err)
{
    const char *v;
    grog_status st = snapshot_string(o, where, "order", GROG_ID_MAX, &v, err);
    if (st != GROG_OK)
        return st;
    if (order_kinds_check(r->kinds, v, NULL) != GROG_OK)
        return snapshot_range_error(where, "order", err);
    memcpy(kind, v, strlen(v) + 1);
    return GROG_OK;
}

static grog_status load_officer_state(const aigles_rules *r, const grog_battle *b,
                                      const json_t *o, const char *where, size_t i,
                                      aigles_state *s, grog_error *err)
{
    const char *id;
    size_t unit;
    grog_aigles_points most;
    grog_status st = snapshot_string(o, where, "id", GROG_ID_MAX, &id, err);
    if (st == GROG_OK && strcmp(id, grog_battle_officer(b, i)->id) != 0)
        st = snapshot_range_error(where, "id", err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "command", 0, INT_MAX, &s->points[i].command, err);
    /* AIG-O-06: a command the rules know, at most its points left */
    if (st == GROG_OK &&
        grog_aigles_points_refresh(r->officers, s->points[i].command, &most, NULL) != GROG_OK)
        st = snapshot_range_error(where, "command", err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "left", 0, most.left, &s->points[i].left, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "fire", 0, INT_MAX, &s->os[i].fire, err);
    if (st == GROG_OK)
        st = snapshot_unit(b, o, where, "melee_unit", 1, &unit, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "melee_half", 0, INT_MAX, &s->os[i].melee_half, err);
    if (st == GROG_OK)
        s->os[i].melee_unit = unit == (size_t)-1 ? -1 : (int)unit;
    return st;
}

static grog_status load_attempt(const aigles_rules *r, const grog_battle *b, const json_t *o,
                                const char *where, aigles_state *s, grog_error *err)
{
    attempt *a = &s->attempts[s->nattempts];
    const char *receiver;
    memset(a, 0, sizeof *a);
    grog_status st = snapshot_officer(b, o, where, "giver", 0, &a->giver, err);
    if (st == GROG_OK)
        st = snapshot_string(o, where, "receiver", GROG_ID_MAX, &receiver, err);
    if (st == GROG_OK && find_attempt(s, a->giver, receiver, 0) != NULL)
        st = snapshot_range_error(where, "receiver", err); /* one attempt per pair */
    if (st == GROG_OK) {
        memcpy(a->receiver, receiver, strlen(receiver) + 1);
        st = kind_field(r, o, where, a->kind, err);
    }
    if (st == GROG_OK)
        st = snapshot_i(o, where, "active", 0, 1, &a->a.active, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "explain_turns", 0, INT_MAX, &a->a.explain_turns, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "failed_turns", 0, INT_MAX, &a->a.failed_turns, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "failed_this_turn", 0, 1, &a->a.failed_this_turn, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "explained_turn", -1, INT_MAX, &a->explained_turn, err);
    if (st == GROG_OK)
        s->nattempts++;
    return st;
}

static grog_status load_rider(const aigles_rules *r, const grog_battle *b, const json_t *o,
                              const char *where, aigles_state *s, grog_error *err)
{
    rider *d = &s->riders[s->nriders];
    size_t target;
    const char *leg;
    memset(d, 0, sizeof *d);
    grog_status st = snapshot_officer(b, o, where, "adc", 0, &d->adc, err);
    if (st == GROG_OK && riding(s, d->adc)) /* AIG-O-11: one ride at a time */
        st = snapshot_range_error(where, "adc", err);
    if (st == GROG_OK)
        st = snapshot_officer(b, o, where, "general", 0, &d->general, err);
    if (st == GROG_OK)
        st = snapshot_officer(b, o, where, "target", 0, &target, err);
    if (st == GROG_OK) {
        snprintf(d->target, sizeof d->target, "%s", grog_battle_officer(b, target)->id);
        st = kind_field(r, o, where, d->kind, err);
    }
    if (st == GROG_OK)
        st = snapshot_string(o, where, "leg", GROG_ID_MAX, &leg, err);
    if (st == GROG_OK && strcmp(leg, "out") != 0 && strcmp(leg, "back") != 0)
        st = snapshot_range_error(where, "leg", err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "half_periods", 0, INT_MAX, &d->halves, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "back_half_periods", 0, INT_MAX, &d->back_halves, err);
    if (st == GROG_OK) {
        d->leg = leg[0] == 'o' ? ADC_OUT : ADC_BACK;
        s->nriders++;
    }
    return st;
}

static grog_status formation_field(const json_t *o, const char *where, const char *key,
                                   grog_aigles_formation *f, grog_error *err)
{
    const char *v;
    grog_status st = snapshot_string(o, where, key, GROG_ID_MAX, &v, err);
    if (st == GROG_OK && grog_aigles_formation_parse(v, f, NULL) != GROG_OK)
        st = snapshot_range_error(where, key, err);
    return st;
}

static grog_status load_change(const grog_battle *b, const json_t *o, const char *where,
                               aigles_state *s, grog_error *err)
{
    change *c = &s->changes[s->nchanges];
    memset(c, 0, sizeof *c);
    grog_status st = snapshot_unit(b, o, where, "unit", 0, &c->unit, err);
    if (st == GROG_OK && changing(s, c->unit)) /* AIG-F-25: one change at a time */
        st = snapshot_range_error(where, "unit", err);
    if (st == GROG_OK)
        st = formation_field(o, where, "from", &c->p.from, err);
    if (st == GROG_OK)
        st = formation_field(o, where, "to", &c->p.to, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "total", 0, INT_MAX, &c->p.total, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "remaining", 0, c->p.total, &c->p.remaining, err);
    if (st == GROG_OK)
        s->nchanges++;
    return st;
}

/* An array member as a growable array of n elements of size (cap n). */
static grog_status load_list(const json_t *j, const char *key, void **v, size_t *cap,
                             size_t size, json_t **list, grog_error *err)
{
    grog_status st = snapshot_array(j, "family_state", key, SIZE_MAX, list, err);
    if (st != GROG_OK)
        return st;
    *cap = json_array_size(*list);
    *v = malloc((*cap + 1) * size);
    return *v != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}

static grog_status load_lists(const aigles_rules *r, const grog_battle *b, const json_t *j,
                              aigles_state *s, grog_error *err)
{
    json_t *officers, *attempts, *riders, *changes;
    char p[96];
    grog_status st = snapshot_array(j, "family_state", "officers", s->nofficers, &officers, err);
    for (size_t i = 0; st == GROG_OK && i < s->nofficers; i++)
        st = load_officer_state(r, b, json_array_get(officers, i),
                                snapshot_path(p, sizeof p, "family_state.officers", NULL, i), i,
                                s, err);
    if (st == GROG_OK)
        st = load_list(j, "attempts", (void **)&s->attempts, &s->capattempts,
                       sizeof *s->attempts, &attempts, err);
    for (size_t i = 0; st == GROG_OK && i < s->capattempts; i++)
        st = load_attempt(r, b, json_array_get(attempts, i),
                          snapshot_path(p, sizeof p, "family_state.attempts", NULL, i), s, err);
    if (st == GROG_OK)
        st = load_list(j, "riders", (void **)&s->riders, &s->capriders, sizeof *s->riders,
                       &riders, err);
    for (size_t i = 0; st == GROG_OK && i < s->capriders; i++)
        st = load_rider(r, b, json_array_get(riders, i),
                        snapshot_path(p, sizeof p, "family_state.riders", NULL, i), s, err);
    if (st == GROG_OK)
        st = load_list(j, "changes", (void **)&s->changes, &s->capchanges, sizeof *s->changes,
                       &changes, err);
    for (size_t i = 0; st == GROG_OK && i < s->capchanges; i++)
        st = load_change(b, json_array_get(changes, i),
                         snapshot_path(p, sizeof p, "family_state.changes", NULL, i), s, err);
    return st;
}

grog_status aigles_state_load(const void *rules, const grog_battle *b, const json_t *j,
                              void **out, grog_error *err)
{
    aigles_state *s = NULL;
    long long phase = 0;
    grog_status st = aigles_create(rules, b, (void **)&s, err);
    if (st == GROG_OK)
        st = load_lists(rules, b, j, s, err);
    if (st == GROG_OK)
        st = snapshot_int(j, "family_state", "phase", 0, 3, &phase, err);
    if (st != GROG_OK) {
        aigles_destroy(s);
        return st;
    }
    s->phase = (size_t)phase;
    *out = s;
    return GROG_OK;
}
