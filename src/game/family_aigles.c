/* family_aigles.c — Les Aigles in the game engine (AIG-O-*, AIG-F-*).
 *
 * Turn = one période in two halves: orders-1, movement-1, orders-2,
 * movement-2. Command points are renewed when a période begins (AIG-O-06).
 * Orders are given in an orders phase; at the end of each half-période,
 * formation changes count down by one half-période and ADCs ride half a
 * période (so that the game and `calc` agree on arrivals); at the end of
 * the période the failed-turns bonus of orders still being passed grows
 * (AIG-O-19). A turn spent explaining (AIG-O-18) gives its +1 from the next
 * turn on.
 *
 * State: per officer his points, his fire casualties (AIG-O-25) and the
 * melee he is in since when (AIG-O-14); per order being passed its attempt
 * (AIG-O-18..20), keyed by giver and receiver; the ADCs riding; the
 * formation changes under way. Plain arrays, copied whole for an action.
 *
 * This file: the family's rules, the turn (phases, points, rides and
 * changes counted down), the action table and what is legal now. The
 * actions by topic: orders and ADCs (family_aigles_orders.c), formations
 * (family_aigles_formations.c), morale and the officers' events
 * (family_aigles_officers.c); the status and the unit card
 * (family_aigles_status.c); the bookkeeping and its snapshot
 * (family_aigles_state.c); what they share: family_aigles.h. */
#include <stdlib.h>
#include <string.h>

#include "family_aigles.h"
#include "i18n.h"
#include "order_kinds.h"

static const char *const phases[] = {"orders-1", "movement-1", "orders-2", "movement-2"};

static grog_status load_rules(const char *text, const char *label, void **out, grog_error *err)
{
    aigles_rules *r = calloc(1, sizeof *r);
    if (r == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_status st = text != NULL ? grog_aigles_rules_parse(text, label, &r->officers, err)
                                  : grog_aigles_rules_load(NULL, &r->officers, err);
    if (st == GROG_OK)
        st = text != NULL ? grog_aigles_formation_rules_parse(text, label, &r->formations, err)
                          : grog_aigles_formation_rules_load(NULL, &r->formations, err);
    if (st == GROG_OK)
        st = order_kinds_load("aigles", text, label, &r->kinds, err);
    if (st != GROG_OK) {
        grog_aigles_rules_destroy(r->officers);
        grog_aigles_formation_rules_destroy(r->formations);
        free(r);
        return st;
    }
    *out = r;
    return GROG_OK;
}

static void free_rules(void *p)
{
    aigles_rules *r = p;
    if (r == NULL)
        return;
    grog_aigles_rules_destroy(r->officers);
    grog_aigles_formation_rules_destroy(r->formations);
    order_kinds_free(r->kinds);
    free(r);
}

/* ---- the turn ---- */

static grog_status refresh_points(action_ctx *c, grog_error *err)
{
    aigles_state *s = c->fstate;
    for (size_t i = 0; i < s->nofficers; i++) {
        const grog_officer *o = grog_battle_officer(c->battle, i);
        grog_status st = grog_aigles_points_refresh(orules(c), o->ratings.aigles_command,
                                                    &s->points[i], err);
        if (st != GROG_OK)
            return st;
    }
    ctx_event(c, "", "points", NULL, _("AIG-O-06: a new période: every general has as many "
                                       "command points as his command value."));
    return GROG_OK;
}

static grog_status enter_phase(action_ctx *c, grog_error *err)
{
    ((aigles_state *)c->fstate)->phase = c->phase;
    if (c->phase == 0)
        return refresh_points(c, err);
    return GROG_OK;
}

static grog_status tick_changes(action_ctx *c, grog_error *err)
{
    (void)err;
    aigles_state *s = c->fstate;
    size_t keep = 0;
    for (size_t i = 0; i < s->nchanges; i++) {
        change *ch = &s->changes[i];
        grog_troop *u = grog_battle_unit_mut(c->battle, ch->unit);
        int left = grog_aigles_fm_progress_tick(&ch->p, 1);
        if (left == 0) {
            if (ch->p.to == GROG_AIGLES_FM_FORMED) /* reformed: back in its own formation */
                u->flags &= ~(unsigned)(GROG_UNIT_DISORDERED | GROG_UNIT_UNFORMED);
            else
                snprintf(u->formation, sizeof u->formation, "%s",
                         grog_aigles_formation_name(ch->p.to));
            ctx_event(c, "", "formation-done",
                      json_pack("{s:s,s:s}", "unit", u->id, "formation", u->formation),
                      _("%s is now in %s."), u->name,
                      ch->p.to == GROG_AIGLES_FM_FORMED ? _("good order again")
                                                        : grog_explain_word(u->formation));
        } else {
            ctx_event(c, "", "formation-progress",
                      json_pack("{s:s,s:i}", "unit", u->id, "remaining", left),
                      ngettext("%s: %d half-période still to form %s.",
                               "%s: %d half-périodes still to form %s.", left),
                      u->name, left,
                      grog_explain_word(grog_aigles_formation_name(ch->p.to)));
            s->changes[keep++] = *ch;
        }
    }
    s->nchanges = keep;
    return GROG_OK;
}

static grog_status ride(action_ctx *c, grog_error *err)
{
    aigles_state *s = c->fstate;
    size_t keep = 0;
    for (size_t i = 0; i < s->nriders; i++) {
        rider r = s->riders[i];
        const grog_officer *adc = grog_battle_officer(c->battle, r.adc);
        if (r.halves > 0)
            r.halves--;
        if (r.halves > 0) {
            ctx_event(c, "", "adc-riding",
                      json_pack("{s:s,s:i}", "adc", adc->id, "half_periods", r.halves),
                      r.leg == ADC_OUT ? ngettext("%s rides on: %d half-période to go.",
                                                  "%s rides on: %d half-périodes to go.",
                                                  (unsigned long)r.halves)
                                       : ngettext("%s rides back: %d half-période to go.",
                                                  "%s rides back: %d half-périodes to go.",
                                                  (unsigned long)r.halves),
                      adc->name, r.halves);
            s->riders[keep++] = r;
            continue;
        }
        if (r.leg == ADC_BACK) {
            ctx_event(c, "", "adc-back", json_pack("{s:s}", "adc", adc->id),
                      _("AIG-O-11: %s is back with his general."), adc->name);
            continue;
        }
        grog_status st = aigles_pass_by_adc(c, &r, err);
        if (st != GROG_OK)
            return st;
        r.leg = ADC_BACK;
        r.halves = r.back_halves;
        if (r.halves > 0)
            s->riders[keep++] = r;
    }
    s->nriders = keep;
    return GROG_OK;
}

/* ADCs ride all the time: each half-période counts, so an ADC sent in
 * orders-2 on a one-période ride arrives after movement-1 of the next turn,
 * as `calc` and `explain` count it (one période = two half-périodes). */
static grog_status leave_phase(action_ctx *c, grog_error *err)
{
    grog_status st = GROG_OK;
    if (c->phase == 1 || c->phase == 3)
        st = tick_changes(c, err);
    if (st == GROG_OK && (c->phase == 1 || c->phase == 3))
        st = ride(c, err);
    if (st == GROG_OK && c->phase == 3) {
        aigles_state *s = c->fstate;
        for (size_t i = 0; i < s->nattempts; i++)
            grog_aigles_attempt_end_turn(&s->attempts[i].a);
    }
    return st;
}

static const action_def actions[] = {
    {"order", N_("order GENERAL UNIT|OFFICER ORDER [--roll D]: give or change an order "
                 "(zone, points, melee, reaction test: AIG-O-06..17)"),
     aigles_act_order},
    {"explaining", N_("explaining GENERAL TARGET ORDER: spend this turn explaining the order "
                      "(+1 command for it, AIG-O-18)"),
     aigles_act_explaining},
    {"adc", N_("adc ADC GENERAL ORDER: send an aide-de-camp with an order (AIG-O-11, -12)"),
     aigles_act_adc},
    {"formation", N_("formation UNIT TO|half-turn|quarter-turn [--move N] [--file-depth S]: "
                     "start a formation change (AIG-F-25..31); irregulars: formation UNIT "
                     "pivot FACING, formation UNIT frontage NEW-FRONT --front FRONT (AIG-F-24)"),
     aigles_act_formation},
    {"morale", N_("morale UNIT: the charisma modifier the unit gets, and from whom "
                  "(AIG-O-03..05)"),
     aigles_act_morale},
    {"replace", N_("replace LOST-GENERAL ADC: an ADC of his superior takes his command "
                   "(AIG-O-27)"),
     aigles_act_replace},
};

/* ---- what is legal now ---- */

static void legal_aigles(const legal_ctx *l)
{
    legal_list *L = l->list;
    const aigles_rules *r = l->rules;
    const aigles_state *s = l->fstate;
    const grog_battle *b = l->battle;
    if (l->phase == 0 || l->phase == 2)
        aigles_legal_orders(l, r, s);
    legal_param *fire = legal_find(L, "event", "casualties", "target"); /* AIG-O-25 */
    unsigned char *isolated = fire != NULL ? malloc(s->nofficers + 1) : NULL;
    if (isolated != NULL &&
        grog_aigles_battle_isolated_all(r->officers, b, isolated, NULL) != GROG_OK) {
        free(isolated);
        isolated = NULL;
    }
    for (size_t i = 0; fire != NULL && i < s->nofficers; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (!legal_mine(l, o->side) || o->state != GROG_OFFICER_ACTIVE)
            continue; /* not a choice (legal_unit_events): nothing to take out */
        if (isolated != NULL ? !isolated[i]
                             : !grog_aigles_battle_officer_isolated(r->officers, b, o->id, NULL,
                                                                    NULL))
            legal_unchoose(L, fire, o->id);
    }
    free(isolated);
    for (size_t i = 0; (l->phase == 1 || l->phase == 3) && i < s->nriders; i++) {
        const grog_officer *adc = grog_battle_officer(b, s->riders[i].adc);
        if (s->riders[i].leg == ADC_OUT && s->riders[i].halves == 1 && legal_mine(l, adc->side))
            legal_table_roll(L, "next", NULL, adc->id, adc->ratings.aigles_command,
                             _("the arriving ADC's order tests, one die per attempt (AIG-O-12)"));
    }
    aigles_legal_formations(l, r, s);
    legal_act *morale = legal_action(L, "morale", _("the charisma modifier the unit gets, and "
                                                    "from whom (AIG-O-03..05)"));
    legal_param *m = legal_arg(L, morale, "unit", "unit");
    legal_option(L, morale, "--measure", "measure"); /* the rings (AIG-O-03..05) */
    for (size_t i = 0; i < grog_battle_nunits(b); i++)
        if (legal_mine(l, grog_battle_unit(b, i)->side))
            legal_choice(L, m, grog_battle_unit(b, i)->id);
    legal_act *rep = legal_action(L, "replace",
                               _("an ADC of his superior takes a lost general's command "
                                 "(AIG-O-27)"));
    legal_param *lost = legal_arg(L, rep, "general", "officer");
    legal_param *by = legal_arg(L, rep, "adc", "adc");
    for (size_t i = 0; i < s->nofficers; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (!legal_mine(l, o->side) || o->state == GROG_OFFICER_ACTIVE || o->superior[0] == '\0' ||
            o->role == GROG_ROLE_ADC)
            continue;
        for (size_t k = 0; k < s->nofficers; k++) {
            const grog_officer *a = grog_battle_officer(b, k);
            if (a->role == GROG_ROLE_ADC && a->state == GROG_OFFICER_ACTIVE &&
                strcmp(a->superior, o->superior) == 0)
                legal_choice_by(L, by, o->id, a->id);
        }
        if (legal_has_by(L, by, o->id))
            legal_choice(L, lost, o->id);
    }
}

const family_ops grog_family_aigles_ops = {
    GROG_FAMILY_AIGLES, phases, 4, load_rules, free_rules, aigles_create, aigles_copy,
    aigles_destroy, enter_phase, leave_phase, actions, sizeof actions / sizeof actions[0],
    aigles_status, legal_aigles, kinds_of, aigles_unit_card, aigles_state_save,
    aigles_state_load,
    .event = family_aigles_event,
    .officer_fired_at = family_aigles_fired_at,
    .officer_contact_check = aigles_contact_check,
    .officer_surrounded = aigles_surrounded,
    .move_check = aigles_move_check,
};
