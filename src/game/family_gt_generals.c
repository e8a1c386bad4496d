/* family_gt_generals.c — Grande Tactique's generals with their units
 * (GT-03..09): attaching (GT-03), being fired at (GT-05), fleeing with a unit
 * (GT-08), the morale modifier (GT-04), the orders written down (no test in
 * these rules) and what the rules say on a unit's card.
 *
 * family_gt_attach, family_gt_target, gt_event, gt_fired_at and
 * gt_harm_check are the family's answers to the common actions' hooks
 * (family_ops, family_hooks.c). */
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "family_gt.h"
#include "i18n.h"
#include "order_kinds.h"
#include "table_rolls.h"

static void fill_officer(const action_ctx *c, size_t i, grog_gt_officer *g)
{
    const grog_officer *o = grog_battle_officer(c->battle, i);
    size_t u;
    g->id = (int)i;
    g->base = o->base;
    g->attached_to = grog_battle_unit_index(c->battle, o->attached_to, &u) ? (int)u : -1;
    g->out_of_commission = o->state != GROG_OFFICER_ACTIVE;
}

grog_status family_gt_attach(action_ctx *c, const grog_officer *o, const grog_troop *u,
                             grog_error *err)
{
    size_t gi = officer_index(c->battle, o->id), ui = 0;
    grog_battle_unit_index(c->battle, u->id, &ui);
    grog_gt_officer g;
    fill_officer(c, gi, &g);
    size_t att[2];
    grog_gt_unit gu = {(int)ui, u->base,
                       grog_battle_attached_officers(c->battle, ui, att, 2) > 0 ? (int)att[0] : -1,
                       (u->flags & GROG_UNIT_ROUTED) != 0};
    grog_gt_game_phase ph = strcmp(ctx_phase_id(c), "movement") == 0 ? GROG_GT_PHASE_MOVEMENT
                            : strcmp(ctx_phase_id(c), "pip") == 0   ? GROG_GT_PHASE_PIP
                                                                    : GROG_GT_PHASE_OTHER;
    grog_explain *e = NULL;
    grog_status st = grog_gt_attach_measured(R(c), ph, &g, &gu, o->id, u->id, c->tape, &e, err);
    if (st != GROG_OK)
        gt_name_pieces(err, c->battle, (int)gi, (int)ui);
    if (st == GROG_OK)
        st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    return st;
}

grog_status family_gt_target(action_ctx *c, const grog_officer *o, grog_error *err)
{
    size_t gi = officer_index(c->battle, o->id);
    grog_gt_officer g;
    fill_officer(c, gi, &g);
    grog_status st = grog_gt_target_general(&g, err);
    if (st != GROG_OK) {
        size_t ui = 0;
        gt_name_pieces(err, c->battle, (int)gi,
                    grog_battle_unit_index(c->battle, o->attached_to, &ui) ? (int)ui : -1);
    }
    return st;
}

grog_status family_gt_flee(action_ctx *c, grog_troop *u, grog_error *err)
{
    size_t ui = 0, att[4];
    grog_battle_unit_index(c->battle, u->id, &ui);
    size_t n = grog_battle_attached_officers(c->battle, ui, att, 4);
    for (size_t k = 0; k < n; k++) {
        grog_gt_officer g;
        fill_officer(c, att[k], &g);
        grog_gt_unit gu = {(int)ui, u->base, (int)att[k], (u->flags & GROG_UNIT_ROUTED) != 0};
        grog_explain *e = NULL;
        int die; /* event flees UNIT --roll D: GT-08's die rolled at the table */
        const grog_officer *ak = grog_battle_officer(c->battle, att[k]);
        int entered = table_rolls_take(c->rolls, ak->id, ak->side, &die);
        grog_status st = grog_gt_flee(R(c), &g, &gu, c->rng, entered ? &die : NULL, &e, err);
        if (st != GROG_OK)
            return st;
        st = ctx_record(c, e, "", err);
        grog_explain_destroy(e);
        if (st != GROG_OK)
            return st;
        grog_officer *o = grog_battle_officer_mut(c->battle, att[k]);
        if (g.out_of_commission) {
            o->state = GROG_OFFICER_OUT_OF_COMMISSION;
            o->attached_to[0] = '\0';
            ctx_event(c, "", "officer-out", json_pack("{s:s}", "officer", o->id),
                      _("GT-08: %s is out of commission."), o->name);
        } else {
            ctx_event(c, "", "officer-safe", json_pack("{s:s}", "officer", o->id),
                      _("GT-08: %s survives the flight."), o->name);
        }
    }
    return GROG_OK;
}

/* The table's events: a unit that flees takes its general's chances (GT-08). */
grog_status gt_event(action_ctx *c, const char *type, grog_troop *u, grog_officer *o,
                     grog_error *err)
{
    (void)o;
    if (strcmp(type, "flees") == 0 && u != NULL)
        return family_gt_flee(c, u, err);
    return GROG_OK;
}

/* Fire at a general: GT-05, his unit is the target. */
grog_status gt_fired_at(action_ctx *c, grog_officer *o, int n, grog_error *err)
{
    (void)n;
    return family_gt_target(c, o, err);
}

/* GT-09: only GT-08 harms a general. */
grog_status gt_harm_check(action_ctx *c, const grog_officer *o, grog_error *err)
{
    (void)c;
    return grog_error_set(err, GROG_ERULE,
                          _("GT-09: GT-08 (his unit flees, a die shows 1) is the only way %s "
                            "comes to harm"),
                          o->name);
}

/* Grande Tactique has no order test in the seed: an order is written down as given. */
grog_status gt_act_order(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 4)
        return grog_error_set(err, GROG_EINVAL, _("usage: order GENERAL UNIT|OFFICER ORDER"));
    grog_officer *g;
    grog_status st = ctx_officer(c, argv[1], &g, err);
    if (st != GROG_OK)
        return st;
    c->side = g->side;
    if (g->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("%s is %s and gives no orders"), g->name,
                              grog_explain_word(grog_officer_state_name(g->state)));
    grog_order *ord = NULL;
    grog_troop *u = grog_battle_unit_by_id_mut(c->battle, argv[2]);
    grog_officer *o = grog_battle_officer_by_id_mut(c->battle, argv[2]);
    const char *side = u != NULL ? u->side : o != NULL ? o->side : NULL;
    if (side == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no unit or officer \"%s\""), argv[2]);
    if (strcmp(side, g->side) != 0)
        return grog_error_set(err, GROG_EINVAL, _("%s is an enemy"),
                              u != NULL ? u->name : o->name);
    if ((st = order_kinds_check(kinds_of(c->rules), argv[3], err)) != GROG_OK)
        return st;
    ord = u != NULL ? &u->order : &o->order;
    if (c->explain_only)
        return GROG_OK;
    memset(ord, 0, sizeof *ord);
    snprintf(ord->kind, sizeof ord->kind, "%s", argv[3]);
    ord->given_turn = c->turn;
    ctx_event(c, "", "order", json_pack("{s:s,s:s,s:s}", "from", g->id, "to", argv[2], "order",
                                        argv[3]),
              _("%s orders %s: \"%s\" (Grande Tactique gives orders no test; PIPs make units "
                "act)."),
              g->name, u != NULL ? u->name : o->name, argv[3]);
    return GROG_OK;
}

/* GT-04: +1 morale with a general attached. Grande Tactique's morale test
 * itself is not in the seed: the record gives the modifier the general
 * brings, for the table's test. */
grog_status gt_act_morale(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 2)
        return grog_error_set(err, GROG_EINVAL, _("usage: morale UNIT"));
    grog_troop *u;
    grog_status st = ctx_unit(c, argv[1], &u, err);
    if (st != GROG_OK)
        return st;
    c->side = u->side;
    size_t ui = 0, att[2];
    grog_battle_unit_index(c->battle, u->id, &ui);
    size_t n = grog_battle_attached_officers(c->battle, ui, att, 2);
    grog_gt_unit gu = {(int)ui, u->base, n > 0 ? (int)att[0] : -1,
                       (u->flags & GROG_UNIT_ROUTED) != 0};
    int bonus = grog_gt_morale_bonus(R(c), &gu);
    grog_explain *e = grog_explain_create("gt-morale", _("Grande Tactique: a general's effect on "
                                                        "morale"));
    if (e == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_explain_add_rule(e, "GT-04");
    char label[GROG_NAME_MAX + 64];
    if (n > 0) {
        grog_text_snprintf(label, sizeof label, _("%s is attached"),
                           grog_battle_officer(c->battle, att[0])->name);
        grog_explain_add_modifier(e, "GT-04", label, bonus);
    } else {
        grog_explain_add_note(e, "GT-04", _("no general attached: no morale modifier"));
    }
    grog_explain_set_value(e, bonus, "morale");
    grog_explain_add_note(e, "GT-04", _("the morale test itself is made at the table (not in "
                                        "Grande Tactique's Generals chapter)"));
    st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    return st;
}

/* ---- the unit card ---- */

void gt_unit_card(const legal_ctx *l, const grog_troop *u, json_t *card)
{
    const gt_rules *r = l->rules;
    const grog_battle *b = l->battle;
    size_t ui = 0, att[2];
    grog_battle_unit_index(b, u->id, &ui);
    size_t n = grog_battle_attached_officers(b, ui, att, 2);
    grog_gt_unit gu = {(int)ui, u->base, n > 0 ? (int)att[0] : -1,
                       (u->flags & GROG_UNIT_ROUTED) != 0};
    json_object_set_new(card, "morale_modifier", json_integer(grog_gt_morale_bonus(r->r, &gu)));
    char text[256];
    if (n > 0) {
        const grog_officer *o = grog_battle_officer(b, att[0]);
        grog_text_snprintf(text, sizeof text, _("%s is attached: +1 morale"), o->name);
        card_note(card, "GT-04", text);
        card_note(card, "GT-05", _("the general is inside the unit: he cannot be charged or "
                                   "fired at; fire at the unit"));
        card_note(card, "GT-07", _("his PIP costs are doubled for every other unit"));
        card_note(card, "GT-08", _("if the unit flees, a die for the general: 1, out of "
                                   "commission"));
        if (u->flags & GROG_UNIT_ROUTED)
            card_note(card, "GT-06", _("routed: the general cannot detach"));
    }
    card_note(card, "GT-15", divisional_unit(b, l->fstate, u)
                                 ? _("its divisional general spends PIPs to make it act")
                                 : _("a non-divisional unit: a corps or army commander may spend "
                                     "his PIP on it (GT-13)"));
}
