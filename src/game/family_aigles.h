/* family_aigles.h — what the files of Les Aigles in the engine share
 * (internal to src/game/family_aigles*.c).
 *
 * The family's rules and its bookkeeping (aigles_state: per officer his
 * points, fire casualties and melee; the orders being passed; the ADCs
 * riding; the formation changes under way), the small lookups every file of
 * the family uses (static inline), and the functions one file gives another.
 * The bookkeeping is plain arrays, copied whole for an action
 * (family_aigles_state.c); an action changes only the working copy in its
 * context. */
#ifndef GROG_FAMILY_AIGLES_H
#define GROG_FAMILY_AIGLES_H

#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "grognard/aigles.h"
#include "grognard/aigles_formation.h"
#include "order_kinds.h"

typedef struct aigles_rules {
    grog_aigles_rules *officers;
    grog_aigles_formation_rules *formations;
    order_kinds *kinds;
} aigles_rules;

typedef struct attempt {
    size_t giver;
    char receiver[GROG_ID_MAX];
    char kind[GROG_ID_MAX];
    grog_aigles_attempt a;
    int explained_turn; /* the turn last spent explaining */
} attempt;

typedef enum { ADC_OUT = 0, ADC_BACK } adc_leg;

typedef struct rider {
    size_t adc, general;
    char target[GROG_ID_MAX];
    char kind[GROG_ID_MAX];
    adc_leg leg;
    int halves;      /* half-périodes still to ride on this leg */
    int back_halves; /* the ride back, once the order is passed */
} rider;

typedef struct change {
    size_t unit;
    grog_aigles_fm_progress p;
} change;

/* Per officer: the casualties counted toward AIG-O-25 and the melee he is
 * in (AIG-O-14: since when, in half-périodes). */
typedef struct officer_state {
    int fire;
    int melee_unit; /* unit index, -1 none */
    int melee_half; /* the half-période he joined it: turn * 2 + (second half) */
} officer_state;

typedef struct aigles_state {
    size_t nofficers;
    grog_aigles_points *points;
    officer_state *os;
    attempt *attempts;
    size_t nattempts, capattempts;
    rider *riders;
    size_t nriders, capriders;
    change *changes;
    size_t nchanges, capchanges;
    size_t phase; /* the phase now (for the status) */
} aigles_state;

/* The lookups the family's files share. */

static inline const struct order_kinds *kinds_of(const void *rules)
{
    return ((const aigles_rules *)rules)->kinds;
}

/* Appends one zeroed element to a growable array; NULL when out of memory. */
static inline void *push(void **v, size_t *n, size_t *cap, size_t size)
{
    if (*n == *cap) {
        size_t nc = *cap ? *cap * 2 : 8;
        void *nv = realloc(*v, nc * size);
        if (nv == NULL)
            return NULL;
        *v = nv;
        *cap = nc;
    }
    void *e = (char *)*v + (*n)++ * size;
    memset(e, 0, size);
    return e;
}

static inline const grog_aigles_rules *orules(const action_ctx *c)
{
    return ((const aigles_rules *)c->rules)->officers;
}

static inline const grog_aigles_formation_rules *frules(const action_ctx *c)
{
    return ((const aigles_rules *)c->rules)->formations;
}

static inline const grog_scale *scale(const action_ctx *c)
{
    return &grog_battle_table(c->battle)->scale;
}

static inline size_t index_of_officer(const action_ctx *c, const char *id)
{
    size_t i = 0;
    grog_battle_officer_index(c->battle, id, &i);
    return i;
}

/* The half-période now: two per turn (orders-1/movement-1, orders-2/movement-2). */
static inline int half_now(const action_ctx *c)
{
    return c->turn * 2 + (c->phase >= 2);
}

/* The order being passed from officer `giver` to `receiver`; make: added
 * when there is none (NULL when out of memory). */
static inline attempt *find_attempt(aigles_state *s, size_t giver, const char *receiver, int make)
{
    for (size_t i = 0; i < s->nattempts; i++)
        if (s->attempts[i].giver == giver && strcmp(s->attempts[i].receiver, receiver) == 0)
            return &s->attempts[i];
    if (!make)
        return NULL;
    attempt *a = push((void **)&s->attempts, &s->nattempts, &s->capattempts, sizeof *a);
    if (a == NULL)
        return NULL;
    a->giver = giver;
    snprintf(a->receiver, sizeof a->receiver, "%s", receiver);
    a->explained_turn = -1;
    return a;
}

/* Forgets an order being passed (obeyed, or replaced by another). */
static inline void drop_attempt(aigles_state *s, attempt *a)
{
    size_t i = (size_t)(a - s->attempts);
    memmove(a, a + 1, (s->nattempts - i - 1) * sizeof *a);
    s->nattempts--;
}

/* Whether ADC number `adc` is riding; unit number `unit` changing formation. */
static inline int riding(const aigles_state *s, size_t adc)
{
    for (size_t i = 0; i < s->nriders; i++)
        if (s->riders[i].adc == adc)
            return 1;
    return 0;
}

static inline int changing(const aigles_state *s, size_t unit)
{
    for (size_t i = 0; i < s->nchanges; i++)
        if (s->changes[i].unit == unit)
            return 1;
    return 0;
}

/* The bookkeeping (family_aigles_state.c): the family_ops hooks create,
 * copy, destroy, state_save and state_load. */
grog_status aigles_create(const void *rules, const grog_battle *b, void **out, grog_error *err);
void *aigles_copy(const void *p);
void aigles_destroy(void *p);
json_t *aigles_state_save(const void *rules, const grog_battle *b, const void *state);
grog_status aigles_state_load(const void *rules, const grog_battle *b, const json_t *j,
                              void **out, grog_error *err);

/* Orders and aides-de-camp (family_aigles_orders.c, AIG-O-06..20). */
grog_status aigles_act_order(action_ctx *c, int argc, char **argv, grog_error *err);
grog_status aigles_act_explaining(action_ctx *c, int argc, char **argv, grog_error *err);
grog_status aigles_act_adc(action_ctx *c, int argc, char **argv, grog_error *err);
/* An ADC arrives with his order: it is tested now (AIG-O-12). */
grog_status aigles_pass_by_adc(action_ctx *c, rider *r, grog_error *err);
void aigles_legal_orders(const legal_ctx *l, const aigles_rules *r, const aigles_state *s);

/* Formation changes (family_aigles_formations.c, AIG-F-25..31). */
grog_status aigles_act_formation(action_ctx *c, int argc, char **argv, grog_error *err);
void aigles_legal_formations(const legal_ctx *l, const aigles_rules *r, const aigles_state *s);

/* Morale, replacement, the officers under fire and in melee
 * (family_aigles_officers.c). */
grog_status aigles_act_morale(action_ctx *c, int argc, char **argv, grog_error *err);
grog_status aigles_act_replace(action_ctx *c, int argc, char **argv, grog_error *err);
/* The family's answers to the common actions (family_ops, family_hooks.c):
 * fire at an officer (AIG-O-25), an event's consequences (AIG-O-14, -24),
 * contact (AIG-O-22), surrounded (AIG-O-21); and a square does not move
 * (AIG-F-12, family_aigles_formations.c). */
grog_status family_aigles_fired_at(action_ctx *c, grog_officer *o, int n, grog_error *err);
grog_status family_aigles_event(action_ctx *c, const char *type, grog_troop *u, grog_officer *o,
                                grog_error *err);
grog_status aigles_contact_check(action_ctx *c, const grog_officer *o, grog_error *err);
grog_status aigles_surrounded(action_ctx *c, const grog_officer *o, grog_error *err);
grog_status aigles_move_check(action_ctx *c, const grog_troop *u, grog_error *err);

/* The status and the unit card (family_aigles_status.c). */
void aigles_status(const void *rules, const grog_battle *b, const void *state, const char *side,
                   json_t *out);
void aigles_unit_card(const legal_ctx *l, const grog_troop *u, json_t *card);

#endif
