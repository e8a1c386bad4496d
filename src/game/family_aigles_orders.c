/* family_aigles_orders.c — Les Aigles' orders (AIG-O-06..20) and aides-de-camp
 * (AIG-O-11, -12): giving, explaining and sending an order, and which of
 * them a seat may give now.
 *
 * An order given is tested at once (points, zone, melee, reaction); one not
 * obeyed stays as an attempt (giver, receiver, kind) that grows its bonus
 * each failed turn and is dropped when obeyed or replaced by another order
 * to the same receiver. An ADC rides half-périodes (the turn counts them,
 * family_aigles.c) and tests his order when he arrives. */
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "family_aigles.h"
#include "i18n.h"
#include "order_kinds.h"
#include "table_rolls.h"

/* ---- orders ---- */

static int in_orders_phase(const action_ctx *c)
{
    return c->phase == 0 || c->phase == 2;
}

/* Sets up the order of a general to a unit or officer. */
static grog_status prepare_order(action_ctx *c, const grog_officer *g, const char *target,
                                 grog_aigles_order *o, grog_aigles_situation *sit,
                                 grog_error *err)
{
    *o = grog_aigles_order_default();
    o->command = g->ratings.aigles_command;
    o->giver = g->name;
    memset(sit, 0, sizeof *sit);
    sit->figure_mm = scale(c)->figure_mm;
    sit->mm_per_pas = scale(c)->mm_per_pas;
    sit->giver = g->base;
    sit->giver_id = g->id;
    sit->tape = c->tape;
    const grog_troop *u = grog_battle_unit_by_id(c->battle, target);
    if (u != NULL) {
        sit->receiver_id = u->id;
        if (strcmp(u->side, g->side) != 0)
            return grog_error_set(err, GROG_EINVAL, _("%s is an enemy unit"), u->name);
        o->receiver = GROG_AIGLES_TO_UNIT;
        o->status = (int)u->status;
        o->receiver_name = u->name;
        sit->receiver = u->base;
        sit->receiver_in_melee = (u->flags & GROG_UNIT_IN_MELEE) != 0;
        /* AIG-O-14: full turns since the general joined this melee */
        const officer_state *os = &((const aigles_state *)c->fstate)->os[index_of_officer(c, g->id)];
        size_t ui = 0;
        grog_battle_unit_index(c->battle, u->id, &ui);
        if (sit->receiver_in_melee && os->melee_unit == (int)ui &&
            grog_base_distance(&g->base, &u->base) <= 1.0)
            sit->giver_melee_turns = (half_now(c) - os->melee_half) / 2;
        return GROG_OK;
    }
    const grog_officer *r = grog_battle_officer_by_id(c->battle, target);
    if (r == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no unit or officer \"%s\""), target);
    if (strcmp(r->side, g->side) != 0)
        return grog_error_set(err, GROG_EINVAL, _("%s is an enemy officer"), r->name);
    if (r->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("AIG-O-21: %s is %s and takes no orders"),
                              r->name, grog_explain_word(grog_officer_state_name(r->state)));
    o->receiver = GROG_AIGLES_TO_OFFICER;
    o->receiver_command = r->ratings.aigles_command;
    o->receiver_name = r->name;
    sit->receiver = r->base;
    sit->receiver_id = r->id;
    return GROG_OK;
}

static void apply_order(action_ctx *c, const char *target, const char *kind)
{
    grog_order *ord = NULL;
    grog_troop *u = grog_battle_unit_by_id_mut(c->battle, target);
    grog_officer *r = grog_battle_officer_by_id_mut(c->battle, target);
    if (u != NULL)
        ord = &u->order;
    else if (r != NULL)
        ord = &r->order;
    if (ord == NULL)
        return;
    memset(ord, 0, sizeof *ord);
    snprintf(ord->kind, sizeof ord->kind, "%s", kind);
    ord->given_turn = c->turn;
}

/* For `explain order`: a receiver outside the chain of command is shown as
 * a record with the refused check (GROG_OK, recorded); GROG_ERULE when the
 * chain holds, so that the preview goes on with the order's own checks. */
static grog_status explain_chain(action_ctx *c, const grog_officer *g, const char *target,
                                 grog_error *err)
{
    grog_error why;
    if (grog_aigles_battle_chain(c->battle, g->id, target, NULL, &why) != GROG_ERULE)
        return GROG_ERULE;
    grog_explain *e = grog_explain_create("aigles-order", _("Les Aigles: order"));
    if (e == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_aigles_battle_chain(c->battle, g->id, target, e, NULL);
    grog_status st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    return st;
}

/* AIG-O-18, officers.explaining.other_orders_same_turn: a general who
 * spends this turn explaining an order gives no other order this turn
 * when the setting is off (the order he explains waits for the next turn
 * in any case). */
static grog_status explaining_this_turn(action_ctx *c, size_t gi, const char *target,
                                        const char *name, grog_error *err)
{
    const aigles_state *s = c->fstate;
    if (grog_aigles_explaining_other_orders(orules(c)))
        return GROG_OK;
    for (size_t i = 0; i < s->nattempts; i++) {
        const attempt *a = &s->attempts[i];
        if (a->giver == gi && a->explained_turn == c->turn && strcmp(a->receiver, target) != 0)
            return grog_error_set(err, GROG_ERULE,
                                  _("AIG-O-18: %s spends this turn explaining an order to %s "
                                    "and gives no other order (explaining.other_orders_same_turn "
                                    "is off)"),
                                  name, a->receiver);
    }
    return GROG_OK;
}

grog_status aigles_act_order(action_ctx *c, int argc, char **argv, grog_error *err)
{
    const char *roll = ctx_take_option(&argc, argv, "--roll");
    if (argc != 4)
        return grog_error_set(err, GROG_EINVAL, _("usage: order GENERAL TARGET ORDER [--roll D]"));
    grog_officer *g;
    grog_status st = ctx_officer(c, argv[1], &g, err);
    if (st != GROG_OK)
        return st;
    c->side = g->side;
    if (!grog_role_is_general(g->role))
        return grog_error_set(err, GROG_ERULE, _("AIG-O-12: %s is an aide-de-camp: he carries "
                                                 "orders (adc), he does not give them"),
                              g->name);
    if (g->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("%s is %s and gives no orders"), g->name,
                              grog_explain_word(grog_officer_state_name(g->state)));
    if (!in_orders_phase(c))
        return grog_error_set(err, GROG_ERULE, _("AIG-O-06: orders are given in an orders "
                                                 "phase (now: %s)"),
                              grog_explain_word(ctx_phase_id(c)));
    if ((st = order_kinds_check(kinds_of(c->rules), argv[3], err)) != GROG_OK)
        return st;
    /* AIG-O-10, AIG-O-11: his unit or his subordinate (chain.c, as explain) */
    if (c->explain_only && (st = explain_chain(c, g, argv[2], err)) != GROG_ERULE)
        return st;
    if ((st = grog_aigles_battle_chain(c->battle, g->id, argv[2], NULL, err)) != GROG_OK)
        return st;
    grog_aigles_order o;
    grog_aigles_situation sit;
    if ((st = prepare_order(c, g, argv[2], &o, &sit, err)) != GROG_OK)
        return st;
    aigles_state *s = c->fstate;
    size_t gi = index_of_officer(c, g->id);
    if ((st = explaining_this_turn(c, gi, argv[2], g->name, err)) != GROG_OK)
        return st;
    attempt *a = find_attempt(s, gi, argv[2], 0);
    if (a != NULL && strcmp(a->kind, argv[3]) == 0) {
        /* AIG-O-18: the turn spent explaining delays the order to the next turn */
        if (a->explained_turn == c->turn)
            return grog_error_set(err, GROG_ERULE,
                                  _("AIG-O-18: %s spends this turn explaining \"%s\" to %s; he "
                                    "passes it next turn, with +%d command"),
                                  g->name, grog_explain_word_in("order", argv[3]), o.receiver_name,
                                  a->a.explain_turns);
        grog_aigles_attempt_apply(&a->a, &o);
    }
    grog_aigles_dice dice = {GROG_AIGLES_NO_ROLL, NULL, 0};
    if (!c->explain_only) {
        dice.mode = roll != NULL ? GROG_AIGLES_ENTERED : GROG_AIGLES_RNG;
        dice.rng = c->rng;
        if (roll != NULL) {
            long v;
            if ((st = ctx_int("--roll", roll, 1, 6, &v, err)) != GROG_OK)
                return st;
            dice.entered = (int)v;
        }
    }
    grog_aigles_points pts = s->points[gi];
    grog_explain *e = NULL;
    int obeys = 0;
    if (c->explain_only) {
        e = grog_explain_create("aigles-order", _("Les Aigles: order"));
        if (e == NULL)
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        /* explain shows a refused order too: the record names the failing check */
        st = grog_aigles_order_check(orules(c), &o, &sit, &pts, e, NULL, err);
        grog_explain *t = NULL;
        if (st == GROG_OK && grog_aigles_order_test(orules(c), &o, NULL, &t, NULL, err) == GROG_OK) {
            for (size_t i = 0; i < grog_explain_measure_count(e); i++) /* the zone's measure */
                grog_explain_add_measure(t, grog_explain_measure(e, i, NULL), scale(c));
            grog_explain_destroy(e);
            e = t;
        }
        st = ctx_record(c, e, "", err);
        grog_explain_destroy(e);
        return st;
    }
    st = grog_aigles_order_give(orules(c), &o, &sit, &pts, &dice, &e, &obeys, err);
    if (st != GROG_OK) {
        grog_explain_destroy(e);
        return st;
    }
    st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    if (st != GROG_OK)
        return st;
    s->points[gi] = pts;
    if (a == NULL || strcmp(a->kind, argv[3]) != 0) {
        if (a != NULL)
            grog_aigles_attempt_abandon(&a->a);
        if ((a = find_attempt(s, gi, argv[2], 1)) == NULL)
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        snprintf(a->kind, sizeof a->kind, "%s", argv[3]);
        grog_aigles_attempt_start(&a->a);
    }
    grog_aigles_attempt_result(&a->a, obeys);
    const char *rname = o.receiver_name;
    if (obeys) {
        apply_order(c, argv[2], argv[3]);
        drop_attempt(s, a);
        ctx_event(c, "", "order-obeyed",
                  json_pack("{s:s,s:s,s:s}", "from", g->id, "to", argv[2], "order", argv[3]),
                  ngettext("%s's order \"%s\" to %s is obeyed (%d command point left).",
                           "%s's order \"%s\" to %s is obeyed (%d command points left).", pts.left),
                  g->name, grog_explain_word_in("order", argv[3]), rname, pts.left);
    } else {
        ctx_event(
            c, "", "order-failed",
            json_pack("{s:s,s:s,s:s}", "from", g->id, "to", argv[2], "order", argv[3]),
            ngettext("%s's order \"%s\" to %s is not obeyed (%d command point left; AIG-O-13: "
                     "he may try again).",
                     "%s's order \"%s\" to %s is not obeyed (%d command points left; AIG-O-13: "
                     "he may try again).",
                     pts.left),
            g->name, grog_explain_word_in("order", argv[3]), rname, pts.left);
    }
    return GROG_OK;
}

/* AIG-O-18: an order is explained only where it could be passed: to his
 * unit or subordinate (chain.c), within his order-change zone (contact for
 * command 1), not in a melee he may not order into; the same checks as
 * `order`'s, without the command point (the record "aigles-explaining",
 * shown by `explain explaining ...`). */
static grog_status explaining_checks(action_ctx *c, const grog_officer *g, const char *target,
                                     grog_error *err)
{
    grog_explain *e = grog_explain_create("aigles-explaining",
                                          _("Les Aigles: explaining an order"));
    if (e == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_explain_add_rule(e, "AIG-O-18");
    grog_status st = grog_aigles_battle_chain(c->battle, g->id, target, e, err);
    grog_aigles_order o;
    grog_aigles_situation sit;
    if (st == GROG_OK)
        st = prepare_order(c, g, target, &o, &sit, err);
    if (st == GROG_OK)
        st = grog_aigles_order_check(orules(c), &o, &sit, NULL, e, NULL, err);
    if (st == GROG_ERULE && err != NULL)
        grog_text_snprintf(err->message + strlen(err->message),
                           sizeof err->message - strlen(err->message), "%s",
                           _(" (AIG-O-18: an order is explained only where it could be passed)"));
    /* the record is the preview's (explain, refused checks marked NO); the
     * journal keeps the event, as games made before these checks wrote it */
    if (c->explain_only && (st == GROG_OK || st == GROG_ERULE)) {
        grog_status rs = ctx_record(c, e, "", err);
        st = rs != GROG_OK ? rs : st;
    }
    grog_explain_destroy(e);
    return st;
}

grog_status aigles_act_explaining(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 4)
        return grog_error_set(err, GROG_EINVAL, _("usage: explaining GENERAL TARGET ORDER"));
    grog_officer *g;
    grog_status st = ctx_officer(c, argv[1], &g, err);
    if (st == GROG_OK)
        st = order_kinds_check(kinds_of(c->rules), argv[3], err);
    if (st != GROG_OK)
        return st;
    c->side = g->side;
    if (!grog_role_is_general(g->role) || g->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("AIG-O-18: only an active general explains an "
                                                 "order; %s is %s"),
                              g->name, g->state != GROG_OFFICER_ACTIVE
                                           ? grog_explain_word(grog_officer_state_name(g->state))
                                           : grog_explain_word(grog_role_name(g->role)));
    if (!in_orders_phase(c))
        return grog_error_set(err, GROG_ERULE, _("AIG-O-18: an order is explained in an orders "
                                                 "phase (now: %s)"),
                              grog_explain_word(ctx_phase_id(c)));
    if ((st = explaining_checks(c, g, argv[2], err)) != GROG_OK)
        return st == GROG_ERULE && c->explain_only ? GROG_OK : st; /* shown NO */
    aigles_state *s = c->fstate;
    size_t gi = index_of_officer(c, g->id);
    if ((st = explaining_this_turn(c, gi, argv[2], g->name, err)) != GROG_OK)
        return st;
    attempt *a = find_attempt(s, gi, argv[2], 0);
    if (a != NULL && a->explained_turn == c->turn)
        return grog_error_set(err, GROG_ERULE, _("AIG-O-18: %s already spends this turn "
                                                 "explaining"),
                              g->name);
    grog_aigles_points pts = s->points[gi];
    if (grog_aigles_explaining_costs_point(orules(c)) &&
        (st = grog_aigles_points_spend(&pts, err)) != GROG_OK)
        return grog_error_set(err, GROG_ERULE,
                              _("AIG-O-18: explaining costs a command point "
                                "(explaining.costs_command_point) and %s has none left"),
                              g->name);
    if (c->explain_only)
        return GROG_OK;
    s->points[gi] = pts;
    if (a != NULL && strcmp(a->kind, argv[3]) != 0) {
        grog_aigles_attempt_abandon(&a->a);
        drop_attempt(s, a);
        a = NULL;
    }
    if (a == NULL) {
        if ((a = find_attempt(s, index_of_officer(c, g->id), argv[2], 1)) == NULL)
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        snprintf(a->kind, sizeof a->kind, "%s", argv[3]);
        grog_aigles_attempt_start(&a->a);
    }
    a->explained_turn = c->turn;
    grog_aigles_attempt_explain(&a->a);
    ctx_event(c, "", "explaining", json_pack("{s:s,s:s}", "from", g->id, "to", argv[2]),
              _("AIG-O-18: %s spends the turn explaining \"%s\" (+%d command for this order, "
                "from the next turn)."),
              g->name, grog_explain_word_in("order", argv[3]), a->a.explain_turns);
    return GROG_OK;
}

/* ---- aides-de-camp ---- */

grog_status aigles_pass_by_adc(action_ctx *c, rider *r, grog_error *err)
{
    const grog_officer *adc = grog_battle_officer(c->battle, r->adc);
    const grog_officer *gen = grog_battle_officer(c->battle, r->general);
    const grog_officer *sub = grog_battle_officer_by_id(c->battle, r->target);
    if (sub == NULL || sub->state != GROG_OFFICER_ACTIVE) {
        ctx_event(c, "", "adc-no-one", json_pack("{s:s}", "adc", adc->id),
                  _("%s finds no one to give the order to."), adc->name);
        return GROG_OK;
    }
    grog_aigles_order o = grog_aigles_order_default();
    o.command = gen->ratings.aigles_command; /* AIG-O-12 */
    o.receiver = GROG_AIGLES_TO_OFFICER;
    o.receiver_command = sub->ratings.aigles_command;
    o.via_adc = 1;
    o.giver = gen->name;
    o.receiver_name = sub->name;
    int attempts = adc->ratings.aigles_command;
    for (int k = 0; k < attempts; k++) {
        grog_aigles_dice dice = {GROG_AIGLES_RNG, c->rng, 0};
        int v;
        if (table_rolls_take(c->rolls, adc->id, adc->side, &v)) { /* next --roll ADC=D,... */
            dice.mode = GROG_AIGLES_ENTERED;
            dice.entered = v;
        }
        grog_explain *e = NULL;
        int obeys = 0;
        grog_status st = grog_aigles_order_test(orules(c), &o, &dice, &e, &obeys, err);
        if (st == GROG_OK)
            st = ctx_record(c, e, "", err);
        grog_explain_destroy(e);
        if (st != GROG_OK)
            return st;
        if (obeys) {
            apply_order(c, r->target, r->kind);
            ctx_event(c, "", "order-obeyed",
                      json_pack("{s:s,s:s,s:s,s:s}", "from", gen->id, "via", adc->id, "to", sub->id,
                                "order", r->kind),
                      _("AIG-O-12: %s delivers %s's order \"%s\"; %s obeys (attempt %d of %d)."),
                      adc->name, gen->name, grog_explain_word_in("order", r->kind), sub->name,
                      k + 1, attempts);
            return GROG_OK;
        }
    }
    ctx_event(c, "", "order-failed",
              json_pack("{s:s,s:s,s:s,s:s}", "from", gen->id, "via", adc->id, "to", sub->id,
                        "order", r->kind),
              ngettext("AIG-O-12: %s fails to pass %s's order \"%s\" to %s in %d attempt.",
                       "AIG-O-12: %s fails to pass %s's order \"%s\" to %s in %d attempts.",
                       attempts),
              adc->name, gen->name, grog_explain_word_in("order", r->kind), sub->name, attempts);
    return GROG_OK;
}

grog_status aigles_act_adc(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 4)
        return grog_error_set(err, GROG_EINVAL, _("usage: adc ADC SUBORDINATE ORDER"));
    grog_officer *adc, *sub;
    grog_status st;
    if ((st = ctx_officer(c, argv[1], &adc, err)) != GROG_OK ||
        (st = ctx_officer(c, argv[2], &sub, err)) != GROG_OK ||
        (st = order_kinds_check(kinds_of(c->rules), argv[3], err)) != GROG_OK)
        return st;
    c->side = adc->side;
    if (adc->role != GROG_ROLE_ADC)
        return grog_error_set(err, GROG_ERULE, _("AIG-O-02: %s is not an aide-de-camp"),
                              adc->name);
    if (adc->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("%s is %s and carries no orders"), adc->name,
                              grog_explain_word(grog_officer_state_name(adc->state)));
    if (sub->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("AIG-O-21: %s is %s and takes no orders"),
                              sub->name, grog_explain_word(grog_officer_state_name(sub->state)));
    if (!in_orders_phase(c))
        return grog_error_set(err, GROG_ERULE, _("AIG-O-11: ADCs are sent in an orders phase"));
    const grog_officer *gen = grog_battle_officer_by_id(c->battle, adc->superior);
    if (gen == NULL || gen->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("AIG-O-02: %s has no active general"), adc->name);
    /* AIG-O-11: a general below the ADC's general (chain.c, as explain) */
    if ((st = grog_aigles_battle_adc_chain(c->battle, adc->id, sub->id, NULL, err)) != GROG_OK)
        return st;
    aigles_state *s = c->fstate;
    size_t ai = index_of_officer(c, adc->id);
    for (size_t i = 0; i < s->nriders; i++)
        if (s->riders[i].adc == ai)
            return grog_error_set(err, GROG_ERULE, _("AIG-O-11: %s is already riding"), adc->name);
    grog_aigles_adc_input in = {gen->ratings.aigles_command, adc->ratings.aigles_command,
                                gen->base, adc->base, sub->base,
                                adc->adc_speed > 0 ? grog_length_from_mm(adc->adc_speed,
                                                                         GROG_UNIT_PAS, scale(c))
                                                   : 0,
                                scale(c)->figure_mm, scale(c)->mm_per_pas,
                                gen->id, adc->id, sub->id, c->tape};
    grog_aigles_adc_route route;
    grog_explain *e = grog_explain_create("aigles-adc", _("Les Aigles: an aide-de-camp rides"));
    if (e == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    st = grog_aigles_adc_plan(orules(c), &in, &route, e, err);
    /* sending him costs the general command points (the rules' dispatch cost) */
    size_t gi = index_of_officer(c, gen->id);
    grog_aigles_points pts = s->points[gi];
    for (int k = 0; st == GROG_OK && k < route.dispatch_cost; k++)
        st = grog_aigles_points_spend(&pts, err);
    if (st == GROG_OK)
        st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    if (st != GROG_OK || c->explain_only)
        return st;
    s->points[gi] = pts;
    rider *r = push((void **)&s->riders, &s->nriders, &s->capriders, sizeof *r);
    if (r == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    r->adc = ai;
    r->general = gi;
    snprintf(r->target, sizeof r->target, "%s", sub->id);
    snprintf(r->kind, sizeof r->kind, "%s", argv[3]);
    r->leg = ADC_OUT;
    r->halves = 2 * route.turns_out;
    r->back_halves = 2 * route.turns_back;
    ctx_event(c, "", "adc-sent",
              json_pack("{s:s,s:s,s:i}", "adc", adc->id, "to", sub->id, "turns", route.turns_out),
              ngettext("AIG-O-11: %s rides with %s's order \"%s\" for %s: %.0f pas, %d période.",
                       "AIG-O-11: %s rides with %s's order \"%s\" for %s: %.0f pas, %d périodes.",
                       route.turns_out),
              adc->name, gen->name, grog_explain_word_in("order", argv[3]), sub->name,
              route.out_pas, route.turns_out);
    if (route.turns_out == 0) {
        st = aigles_pass_by_adc(c, r, err);
        r->leg = ADC_BACK;
        r->halves = 2 * route.turns_back;
        if (r->halves == 0)
            s->nriders--;
    }
    return st;
}

/* ---- what is legal now ---- */

static void add_kinds(legal_list *L, const aigles_rules *r, legal_act *action)
{
    legal_param *k = legal_arg(L, action, "order", "order-kind");
    for (size_t i = 0; i < order_kinds_count(r->kinds); i++)
        legal_choice(L, k, order_kinds_id(r->kinds, i));
}

/* The receivers of a general's order: his side's units and active officers.
 * The zone (AIG-O-07) and the melee (AIG-O-14) are left to the order itself:
 * its preview (explain) says why it cannot be given, and sends to the ADC. */
static void add_receivers(const legal_ctx *l, size_t gi, legal_param *arg)
{
    const grog_battle *b = l->battle;
    const grog_officer *g = grog_battle_officer(b, gi);
    if (!legal_side_pass(l, arg, g->side, g->id, 2)) /* a side's seat: g left out: twice */
        return;
    for (size_t k = 0; k < grog_battle_nunits(b); k++)
        if (legal_same_side(l, k, gi))
            legal_choice_side(l, arg, g->id, grog_battle_unit(b, k)->id);
    for (size_t k = 0; k < grog_battle_nofficers(b); k++) {
        const grog_officer *r = grog_battle_officer(b, k);
        if (k != gi && legal_same_side_officers(l, k, gi) && r->state == GROG_OFFICER_ACTIVE &&
            r->role != GROG_ROLE_ADC)
            legal_choice_side(l, arg, g->id, r->id);
    }
}

void aigles_legal_orders(const legal_ctx *l, const aigles_rules *r, const aigles_state *s)
{
    const grog_battle *b = l->battle;
    legal_list *L = l->list;
    legal_act *order = legal_action(L, "order", _("give or change an order (AIG-O-06..17)"));
    legal_param *og = legal_arg(L, order, "general", "general");
    legal_param *ot = legal_arg(L, order, "target", "unit-or-officer");
    add_kinds(L, r, order);
    legal_option(L, order, "--roll", "die");
    legal_option(L, order, "--measure", "measure"); /* the zone (AIG-O-07..11) */
    legal_roll(order, "1d6", "--roll", _("the order test (AIG-O-15)"));
    legal_preview(order);
    legal_act *expl = legal_action(L, "explaining",
                                _("spend the turn explaining an order (+1 command from the next "
                                  "turn, AIG-O-18)"));
    legal_param *eg = legal_arg(L, expl, "general", "general");
    legal_param *et = legal_arg(L, expl, "target", "unit-or-officer");
    add_kinds(L, r, expl);
    legal_act *adc = legal_action(L, "adc", _("send an aide-de-camp with an order (AIG-O-11)"));
    legal_param *aa = legal_arg(L, adc, "adc", "adc");
    legal_param *at = legal_arg(L, adc, "general", "general");
    add_kinds(L, r, adc);
    legal_preview(adc);
    for (size_t i = 0; i < s->nofficers; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (!legal_mine(l, o->side) || o->state != GROG_OFFICER_ACTIVE)
            continue;
        if (grog_role_is_general(o->role)) {
            legal_choice(L, eg, o->id);
            add_receivers(l, i, et);
            if (s->points[i].left > 0) { /* AIG-O-06, -13: an order costs a point */
                legal_choice(L, og, o->id);
                add_receivers(l, i, ot);
            }
            continue;
        }
        size_t gi;
        if (o->role != GROG_ROLE_ADC || riding(s, i) ||
            !grog_battle_officer_index(b, o->superior, &gi) ||
            grog_battle_officer(b, gi)->state != GROG_OFFICER_ACTIVE || s->points[gi].left <= 0)
            continue;
        for (size_t k = 0; k < s->nofficers; k++) {
            const grog_officer *sub = grog_battle_officer(b, k);
            if (k != gi && strcmp(sub->side, o->side) == 0 && grog_role_is_general(sub->role) &&
                sub->state == GROG_OFFICER_ACTIVE)
                legal_choice_by(L, at, o->id, sub->id);
        }
        if (legal_has_by(L, at, o->id))
            legal_choice(L, aa, o->id);
    }
}
