/* family_gt.h — what the files of Grande Tactique in the engine share
 * (internal to src/game/family_gt*.c).
 *
 * The family's rules and its bookkeeping (gt_state: per officer whether he
 * is a divisional general, his PIPs this turn, the unit he was attached to
 * when the PIP phase began, and for a corps its roll and plan, for a
 * commander his gift), the small lookups every file of the family uses
 * (static inline), and the functions one file gives another. The
 * bookkeeping is one array, copied whole for an action; an action changes
 * only the working copy in its context. */
#ifndef GROG_FAMILY_GT_H
#define GROG_FAMILY_GT_H

#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "grognard/gt.h"
#include "order_kinds.h"

typedef struct gt_rules {
    grog_gt_rules *r;
    order_kinds *kinds;
} gt_rules;

typedef struct gt_off {
    int divisional;   /* a divisional general */
    int pips;         /* this turn's PIPs (GT-16: never below 0) */
    int start_attach; /* unit index he was attached to at the start of the PIP phase, -1 */
    int rolled;       /* corps: dice rolled this turn */
    int plan;         /* corps: allocate by ranking (1, the default) or the mean (0) */
    int plan_changed; /* corps: a change of plan declared: no PIPs this turn */
    int rank;         /* divisional general: his place in his corps' plan, 0 = battle order */
    int gift;         /* commander: 0 none, 1 to a general, 2 to a unit */
    int gift_to;      /* officer index or unit index */
} gt_off;

typedef struct gt_state {
    size_t n;
    gt_off *o;
    size_t phase; /* the phase now (for the status) */
} gt_state;

/* The lookups the family's files share. */

static inline const struct order_kinds *kinds_of(const void *rules)
{
    return ((const gt_rules *)rules)->kinds;
}

static inline const grog_gt_rules *R(const action_ctx *c)
{
    return ((const gt_rules *)c->rules)->r;
}

static inline int is_higher(grog_role r)
{
    return r == GROG_ROLE_C_IN_C || r == GROG_ROLE_ARMY || r == GROG_ROLE_CORPS;
}

static inline size_t officer_index(const grog_battle *b, const char *id)
{
    size_t i = 0;
    grog_battle_officer_index(b, id, &i);
    return i;
}

/* The divisional generals whose superior is corps, in battle order or by rank. */
static inline int corps_divisions(const grog_battle *b, const gt_state *s, size_t corps,
                                  size_t *out)
{
    const char *cid = grog_battle_officer(b, corps)->id;
    int n = 0;
    for (size_t i = 0; i < s->n && n < GROG_GT_MAX_DIVISIONS; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (s->o[i].divisional && strcmp(o->superior, cid) == 0 &&
            o->state == GROG_OFFICER_ACTIVE)
            out[n++] = i;
    }
    return n;
}

/* Whether unit u is commanded, at any depth, by a divisional general. */
static inline int divisional_unit(const grog_battle *b, const gt_state *s,
                                  const grog_troop *u)
{
    size_t ui = 0;
    grog_battle_unit_index(b, u->id, &ui);
    for (size_t i = 0; i < s->n; i++) {
        if (!s->o[i].divisional)
            continue;
        size_t n = grog_battle_command_units(b, i, NULL, 0);
        size_t *units = malloc((n + 1) * sizeof *units);
        int found = 0;
        if (units != NULL) {
            n = grog_battle_command_units(b, i, units, n);
            for (size_t k = 0; k < n && !found; k++)
                found = units[k] == ui;
        }
        free(units);
        if (found)
            return 1;
    }
    return 0;
}

/* The PIP phase and the spending of PIPs (family_gt_pips.c, GT-14..16). */
/* The rules library names generals and units by number ("general 3", in the
 * language of messages): the game says who they are. Rewrites err's message in
 * place. */
void gt_name_pieces(grog_error *err, const grog_battle *b, int general, int unit);
/* Corps number `corps` rolls its PIP dice (entered: the faces rolled at the
 * table, one per divisional general, or NULL: the generator). */
grog_status gt_roll_corps(action_ctx *c, size_t corps, const int *entered, grog_error *err);
/* GROG_ERULE naming `rule` unless the phase now is `phase`. */
grog_status gt_need_phase(action_ctx *c, const char *phase, const char *rule, grog_error *err);
grog_status gt_act_pips(action_ctx *c, int argc, char **argv, grog_error *err);
grog_status gt_act_plan(action_ctx *c, int argc, char **argv, grog_error *err);
grog_status gt_act_spend(action_ctx *c, int argc, char **argv, grog_error *err);

/* A commander's PIP (family_gt_gifts.c, GT-10..13). */
grog_status gt_act_gift(action_ctx *c, int argc, char **argv, grog_error *err);

/* Generals with their units, orders and morale, the unit card
 * (family_gt_generals.c, GT-03..09). */
grog_status gt_act_order(action_ctx *c, int argc, char **argv, grog_error *err);
grog_status gt_act_morale(action_ctx *c, int argc, char **argv, grog_error *err);
void gt_unit_card(const legal_ctx *l, const grog_troop *u, json_t *card);
/* The family's answers to the common actions (family_ops, family_hooks.c):
 * attaching (GT-03), a general fired at, contacted or surrounded (GT-05: his
 * unit is the target), a unit that flees with its general (GT-08), and no
 * harm but GT-08's (GT-09). */
grog_status family_gt_attach(action_ctx *c, const grog_officer *o, const grog_troop *u,
                             grog_error *err);
grog_status family_gt_target(action_ctx *c, const grog_officer *o, grog_error *err);
grog_status family_gt_flee(action_ctx *c, grog_troop *u, grog_error *err);
grog_status gt_event(action_ctx *c, const char *type, grog_troop *u, grog_officer *o,
                     grog_error *err);
grog_status gt_fired_at(action_ctx *c, grog_officer *o, int n, grog_error *err);
grog_status gt_harm_check(action_ctx *c, const grog_officer *o, grog_error *err);

/* What is legal now (family_gt_legal.c). */
void gt_legal(const legal_ctx *l);

#endif
