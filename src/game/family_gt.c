/* family_gt.c — Grande Tactique in the game engine (GT-01 to GT-17).
 *
 * Turn: pip, movement, combat. Entering the PIP phase clears every
 * general's PIPs and fixes, for GT-07, the unit each one is attached to.
 * During it each corps may declare its plan (GT-14) and its commanders their
 * gift (GT-10, GT-13), then rolls (`pips CORPS`); a corps that has not rolled
 * when the phase ends rolls then. PIPs are spent in the movement phase
 * (`spend`), attachment happens in the movement phase only (GT-03).
 *
 * Divisional generals are the officers of role "division" (the rules' own
 * term); on a side with none, those of role "brigade" (the Prussian system
 * the seed mentions). A divisional general's corps is his superior. Any
 * general above divisional level (corps, army, commander-in-chief) may give
 * his PIP to a subordinate divisional general within 9" (GT-10).
 *
 * This file: the family's rules, its bookkeeping (made, copied, freed, in a
 * snapshot), the turn, the action table and the status. The actions by
 * topic: the PIP dice, plans and spending (family_gt_pips.c), a commander's
 * gift (family_gt_gifts.c), generals attached, orders and morale
 * (family_gt_generals.c); what is legal now (family_gt_legal.c); what they
 * share: family_gt.h. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "family_gt.h"
#include "i18n.h"
#include "order_kinds.h"
#include "snapshot.h"
#include "table_rolls.h"

static const char *const phases[] = {"pip", "movement", "combat"};

static grog_status load_rules(const char *text, const char *label, void **rules, grog_error *err)
{
    gt_rules *r = calloc(1, sizeof *r);
    if (r == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_status st = text != NULL ? grog_gt_rules_parse(text, label, &r->r, err)
                                  : grog_gt_rules_load(NULL, &r->r, err);
    if (st == GROG_OK)
        st = order_kinds_load("gt", text, label, &r->kinds, err);
    if (st != GROG_OK) {
        grog_gt_rules_destroy(r->r);
        free(r);
        return st;
    }
    *rules = r;
    return GROG_OK;
}

static void free_rules(void *rules)
{
    gt_rules *r = rules;
    if (r == NULL)
        return;
    grog_gt_rules_destroy(r->r);
    order_kinds_free(r->kinds);
    free(r);
}

static grog_status create(const void *rules, const grog_battle *b, void **state, grog_error *err)
{
    (void)rules;
    gt_state *s = calloc(1, sizeof *s);
    size_t n = grog_battle_nofficers(b);
    if (s == NULL || (s->o = calloc(n + 1, sizeof *s->o)) == NULL) {
        free(s);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    s->n = n;
    for (size_t side = 0; side < grog_battle_nsides(b); side++) {
        const char *sid = grog_battle_side(b, side)->id;
        int has_div = 0;
        for (size_t i = 0; i < n; i++) {
            const grog_officer *o = grog_battle_officer(b, i);
            has_div |= strcmp(o->side, sid) == 0 && o->role == GROG_ROLE_DIVISION;
        }
        for (size_t i = 0; i < n; i++) {
            const grog_officer *o = grog_battle_officer(b, i);
            if (strcmp(o->side, sid) == 0)
                s->o[i].divisional = o->role == (has_div ? GROG_ROLE_DIVISION : GROG_ROLE_BRIGADE);
        }
    }
    for (size_t i = 0; i < n; i++) {
        s->o[i].plan = 1;
        s->o[i].start_attach = -1;
    }
    *state = s;
    return GROG_OK;
}

static void *copy(const void *state)
{
    const gt_state *s = state;
    gt_state *c = malloc(sizeof *c);
    if (c == NULL || (c->o = malloc((s->n + 1) * sizeof *c->o)) == NULL) {
        free(c);
        return NULL;
    }
    c->n = s->n;
    c->phase = s->phase;
    memcpy(c->o, s->o, (s->n + 1) * sizeof *c->o);
    return c;
}

static void destroy(void *state)
{
    gt_state *s = state;
    if (s != NULL)
        free(s->o);
    free(s);
}

/* ---- the turn ---- */

static grog_status enter_phase(action_ctx *c, grog_error *err)
{
    (void)err;
    gt_state *s = c->fstate;
    s->phase = c->phase;
    if (strcmp(ctx_phase_id(c), "pip") != 0)
        return GROG_OK;
    for (size_t i = 0; i < s->n; i++) {
        const grog_officer *o = grog_battle_officer(c->battle, i);
        size_t u;
        s->o[i].pips = 0;
        s->o[i].rolled = 0;
        s->o[i].plan_changed = 0;
        s->o[i].gift = 0;
        s->o[i].start_attach = grog_battle_unit_index(c->battle, o->attached_to, &u) ? (int)u : -1;
    }
    return GROG_OK;
}

static grog_status leave_phase(action_ctx *c, grog_error *err)
{
    gt_state *s = c->fstate;
    if (strcmp(ctx_phase_id(c), "pip") != 0)
        return GROG_OK;
    for (size_t i = 0; i < s->n; i++) {
        size_t div[GROG_GT_MAX_DIVISIONS];
        int nd = corps_divisions(c->battle, s, i, div);
        if (s->o[i].rolled || nd == 0)
            continue;
        /* next --roll CORPS=D,D...: the corps' dice rolled at the table */
        int entered[GROG_GT_MAX_DIVISIONS], k = 0;
        const char *cid = grog_battle_officer(c->battle, i)->id;
        while (k < nd && table_rolls_take(c->rolls, cid, grog_battle_officer(c->battle, i)->side,
                                           &entered[k]))
            k++;
        if (k > 0 && k < nd)
            return grog_error_set(err, GROG_EINVAL, _("next --roll %s: this corps rolls %d dice, "
                                                      "not %d"),
                                  cid, nd, k);
        grog_status st = gt_roll_corps(c, i, k > 0 ? entered : NULL, err);
        if (st != GROG_OK)
            return st;
    }
    return GROG_OK;
}

static const action_def actions[] = {
    {"order", N_("order GENERAL UNIT|OFFICER ORDER: write down an order (no test in these "
                 "rules)"),
     gt_act_order},
    {"morale", N_("morale UNIT: the morale modifier the unit's attached general gives (GT-04)"),
     gt_act_morale},
    {"pips", N_("pips CORPS [--dice D1,D2,...]: the corps rolls its PIP dice (GT-14)"), gt_act_pips},
    {"plan", N_("plan CORPS on|off|change, or plan CORPS rank GEN...: the corps' plan (GT-14)"),
     gt_act_plan},
    {"gift", N_("gift COMMANDER GENERAL | gift COMMANDER unit UNIT: his 1 PIP (GT-10, GT-13)"),
     gt_act_gift},
    {"spend", N_("spend GENERAL ACTION [UNIT]: spend PIPs on an action of the cost table "
                 "(GT-15, GT-07)"),
     gt_act_spend},
};

/* ---- the status ---- */

static void status(const void *rules, const grog_battle *b, const void *state, const char *side,
                   json_t *out)
{
    (void)rules;
    (void)side;
    const gt_state *s = state;
    json_t *pips = json_object();
    json_t *pending = json_array();
    json_t *may = json_object();
    for (size_t i = 0; i < s->n; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        size_t div[GROG_GT_MAX_DIVISIONS];
        char line[256] = "";
        if (s->phase == 0 && !s->o[i].rolled && corps_divisions(b, s, i, div) > 0)
            grog_text_snprintf(line, sizeof line, _("%s's corps: roll its PIP dice (pip phase)"),
                               o->name);
        else if (s->phase == 1 && s->o[i].divisional && s->o[i].pips > 0)
            grog_text_snprintf(line, sizeof line,
                               ngettext("%s: spend %d PIP (movement phase)",
                                        "%s: spend %d PIPs (movement phase)", s->o[i].pips),
                               o->name, s->o[i].pips);
        if (line[0] != '\0') {
            json_t *list = json_object_get(may, o->side);
            if (list == NULL) {
                list = json_array();
                json_object_set_new(may, o->side, list);
            }
            json_array_append_new(list, json_string(line));
        }
        if (s->o[i].divisional)
            json_object_set_new(pips, o->id, json_integer(s->o[i].pips));
    }
    json_object_set_new(out, "pips", pips);
    json_object_set_new(out, "may", may);
    json_object_set_new(out, "pending", pending);
}

/* ---- the state in a snapshot (snapshot.h) ----
 * {"officers": [{"id", "divisional", "pips", "start_attach", "rolled",
 * "plan", "plan_changed", "rank", "gift", "gift_to"}] in battle order
 * (GT-07 start_attach: a unit id or null; GT-14 plan and rank; GT-10/GT-13
 * gift 0 none, 1 a general, 2 a unit, gift_to its id, null without a gift),
 * "phase"}. */

static json_t *gift_to_json(const grog_battle *b, const gt_off *o)
{
    if (o->gift == 1)
        return json_string(grog_battle_officer(b, (size_t)o->gift_to)->id);
    if (o->gift == 2)
        return json_string(grog_battle_unit(b, (size_t)o->gift_to)->id);
    return json_null();
}

static json_t *state_save(const void *rules, const grog_battle *b, const void *state)
{
    (void)rules;
    const gt_state *s = state;
    json_t *officers = json_array();
    int failed = officers == NULL;
    for (size_t i = 0; !failed && i < s->n; i++) {
        const gt_off *o = &s->o[i];
        json_t *attach = o->start_attach >= 0
                             ? json_string(grog_battle_unit(b, (size_t)o->start_attach)->id)
                             : json_null();
        failed = json_array_append_new(
                     officers,
                     json_pack("{s:s,s:i,s:i,s:o,s:i,s:i,s:i,s:i,s:i,s:o}", "id",
                               grog_battle_officer(b, i)->id, "divisional", o->divisional, "pips",
                               o->pips, "start_attach", attach, "rolled", o->rolled, "plan",
                               o->plan, "plan_changed", o->plan_changed, "rank", o->rank, "gift",
                               o->gift, "gift_to", gift_to_json(b, o))) != 0;
    }
    if (failed) {
        json_decref(officers);
        return NULL;
    }
    return json_pack("{s:o,s:i}", "officers", officers, "phase", (int)s->phase);
}

static grog_status load_off(const grog_battle *b, const json_t *j, const char *where, size_t i,
                            gt_off *o, grog_error *err)
{
    const char *id;
    size_t attach, to = (size_t)-1;
    json_t *obj;
    grog_status st = snapshot_object(j, where, NULL, &obj, err);
    if (st == GROG_OK)
        st = snapshot_string(j, where, "id", GROG_ID_MAX, &id, err);
    if (st == GROG_OK && strcmp(id, grog_battle_officer(b, i)->id) != 0)
        st = snapshot_range_error(where, "id", err);
    if (st == GROG_OK)
        st = snapshot_i(j, where, "divisional", 0, 1, &o->divisional, err);
    if (st == GROG_OK) /* GT-16: never below 0 */
        st = snapshot_i(j, where, "pips", 0, INT_MAX, &o->pips, err);
    if (st == GROG_OK)
        st = snapshot_unit(b, j, where, "start_attach", 1, &attach, err);
    if (st == GROG_OK)
        st = snapshot_i(j, where, "rolled", 0, 1, &o->rolled, err);
    if (st == GROG_OK)
        st = snapshot_i(j, where, "plan", 0, 1, &o->plan, err);
    if (st == GROG_OK)
        st = snapshot_i(j, where, "plan_changed", 0, 1, &o->plan_changed, err);
    if (st == GROG_OK)
        st = snapshot_i(j, where, "rank", 0, INT_MAX, &o->rank, err);
    if (st == GROG_OK)
        st = snapshot_i(j, where, "gift", 0, 2, &o->gift, err);
    if (st == GROG_OK && o->gift == 1)
        st = snapshot_officer(b, j, where, "gift_to", 0, &to, err);
    else if (st == GROG_OK && o->gift == 2)
        st = snapshot_unit(b, j, where, "gift_to", 0, &to, err);
    else if (st == GROG_OK && !json_is_null(json_object_get(j, "gift_to")))
        st = snapshot_range_error(where, "gift_to", err);
    if (st != GROG_OK)
        return st;
    o->start_attach = attach == (size_t)-1 ? -1 : (int)attach;
    o->gift_to = to == (size_t)-1 ? 0 : (int)to;
    return GROG_OK;
}

static grog_status state_load(const void *rules, const grog_battle *b, const json_t *j,
                              void **out, grog_error *err)
{
    (void)rules;
    json_t *officers;
    long long phase;
    size_t n = grog_battle_nofficers(b);
    grog_status st = snapshot_array(j, "family_state", "officers", n, &officers, err);
    if (st == GROG_OK)
        st = snapshot_int(j, "family_state", "phase", 0, 2, &phase, err);
    if (st != GROG_OK)
        return st;
    gt_state *s = calloc(1, sizeof *s);
    if (s == NULL || (s->o = calloc(n + 1, sizeof *s->o)) == NULL) {
        free(s);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    s->n = n;
    s->phase = (size_t)phase;
    char p[64];
    for (size_t i = 0; st == GROG_OK && i < n; i++)
        st = load_off(b, json_array_get(officers, i),
                      snapshot_path(p, sizeof p, "family_state.officers", NULL, i), i, &s->o[i],
                      err);
    if (st != GROG_OK) {
        destroy(s);
        return st;
    }
    *out = s;
    return GROG_OK;
}

const family_ops grog_family_gt_ops = {
    GROG_FAMILY_GT, phases, 3, load_rules, free_rules, create, copy, destroy,
    enter_phase, leave_phase, actions, sizeof actions / sizeof actions[0], status,
    gt_legal, kinds_of, gt_unit_card, state_save, state_load,
    .attach_check = family_gt_attach,
    .event = gt_event,
    .officer_fired_at = gt_fired_at,
    .officer_contact_check = family_gt_target,
    .officer_surrounded = family_gt_target,
    .officer_harm_check = gt_harm_check,
};
