/* plan_aigles.c — Les Aigles: when will a general's order be in force
 * (AIG-O-06..20), exactly and through the engine.
 *
 * In the zone (grog_aigles_order_check holds, the check the `order` action
 * makes): each turn's attempts are the general's command points (AIG-O-06,
 * -13: those left now in this turn, the rules' refresh in the next), each
 * with the odds of grog_aigles_order_test for the order as it then stands:
 * +1 command per turn spent explaining (AIG-O-18: `--explain K` turns first,
 * no attempt in them), the failed turns so far (AIG-O-19). Out of the zone,
 * to a general: one of his ADCs rides (grog_aigles_adc_plan's route), makes
 * his attempts on arrival (AIG-O-12), rides back and is sent again; his
 * rides are followed half-période by half-période as the engine counts
 * them. The first turn is this one while an orders phase is still to come,
 * else the next. */
#include <stdlib.h>
#include <string.h>

#include "grognard/aigles.h"
#include "i18n.h"
#include "order_kinds.h"
#include "plan_internal.h"

typedef struct aigles_plan {
    char general[GROG_ID_MAX], target[GROG_ID_MAX], order[GROG_ID_MAX], adc[GROG_ID_MAX];
    int via_adc;
} aigles_plan;

typedef struct attempt_now {
    int explain, failed, failed_this_turn, explained_turn;
} attempt_now;

static json_t *state_of(const grog_game *g)
{
    return g->ops->state_save(g->rules, g->s.battle, g->s.fstate);
}

static int in_force(const grog_game *f, const aigles_plan *ap)
{
    const grog_battle *b = grog_game_battle(f);
    const grog_troop *u = grog_battle_unit_by_id(b, ap->target);
    const grog_officer *o = grog_battle_officer_by_id(b, ap->target);
    const grog_order *ord = u != NULL ? &u->order : o != NULL ? &o->order : NULL;
    return ord != NULL && strcmp(ord->kind, ap->order) == 0;
}

static int phase_index(const grog_game *g)
{
    static const char *const phases[] = {"orders-1", "movement-1", "orders-2", "movement-2"};
    for (int i = 0; i < 4; i++)
        if (strcmp(grog_game_phase(g), phases[i]) == 0)
            return i;
    return 0;
}

/* The general's bookkeeping in g: points left, this order's attempt. */
static void read_state(const grog_game *g, const aigles_plan *ap, int *left, attempt_now *a)
{
    json_t *s = state_of(g);
    json_t *officers = json_object_get(s, "officers"), *attempts = json_object_get(s, "attempts");
    memset(a, 0, sizeof *a);
    a->explained_turn = -1;
    *left = 0;
    for (size_t i = 0; i < json_array_size(officers); i++) {
        json_t *o = json_array_get(officers, i);
        if (strcmp(json_string_value(json_object_get(o, "id")), ap->general) == 0)
            *left = (int)json_integer_value(json_object_get(o, "left"));
    }
    for (size_t i = 0; i < json_array_size(attempts); i++) {
        json_t *t = json_array_get(attempts, i);
        if (strcmp(json_string_value(json_object_get(t, "giver")), ap->general) != 0 ||
            strcmp(json_string_value(json_object_get(t, "receiver")), ap->target) != 0 ||
            strcmp(json_string_value(json_object_get(t, "order")), ap->order) != 0 ||
            !json_integer_value(json_object_get(t, "active")))
            continue;
        a->explain = (int)json_integer_value(json_object_get(t, "explain_turns"));
        a->failed = (int)json_integer_value(json_object_get(t, "failed_turns"));
        a->failed_this_turn = (int)json_integer_value(json_object_get(t, "failed_this_turn"));
        a->explained_turn = (int)json_integer_value(json_object_get(t, "explained_turn"));
    }
    json_decref(s);
}

static int riding(const grog_game *g, const char *adc)
{
    json_t *s = state_of(g), *riders = json_object_get(s, "riders");
    int r = 0;
    for (size_t i = 0; i < json_array_size(riders); i++)
        r |= strcmp(json_string_value(json_object_get(json_array_get(riders, i), "adc")), adc) == 0;
    json_decref(s);
    return r;
}

/* ---- the runs through the engine ---- */

static grog_status sample_zone(plan_ctx *p, grog_game *f, int *hit, grog_error *err)
{
    const aigles_plan *ap = p->fam;
    int explain_left = p->req->explain, counted = -1;
    for (int guard = 0; guard < 16 * (p->turns + 2); guard++) {
        int turn = grog_game_turn(f), k = turn - p->first_turn, ph = phase_index(f);
        if (k >= p->turns)
            return GROG_OK;
        if ((ph == 0 || ph == 2) && !in_force(f, ap)) {
            int left;
            attempt_now a;
            read_state(f, ap, &left, &a);
            grog_error e2;
            if (a.explained_turn == turn) { /* this turn is spent explaining */
                if (counted != turn && explain_left > 0)
                    explain_left--;
                counted = turn;
            } else if (explain_left > 0) {
                if (plan_do(f, NULL, &e2, "explaining %s %s %s", ap->general, ap->target,
                            ap->order) == GROG_OK)
                    explain_left--;
                counted = turn;
            } else {
                for (int n = 0; n < 64 && !in_force(f, ap); n++)
                    if (plan_do(f, NULL, &e2, "order %s %s %s", ap->general, ap->target,
                                ap->order) != GROG_OK)
                        break;
            }
        }
        grog_status st = plan_do(f, NULL, err, "next");
        if (st != GROG_OK)
            return st;
        if (ph == 3 && k >= 0)
            hit[k] = in_force(f, ap);
    }
    return GROG_OK;
}

static grog_status sample_adc(plan_ctx *p, grog_game *f, int *hit, grog_error *err)
{
    const aigles_plan *ap = p->fam;
    for (int guard = 0; guard < 16 * (p->turns + 2); guard++) {
        int turn = grog_game_turn(f), k = turn - p->first_turn, ph = phase_index(f);
        if (k >= p->turns)
            return GROG_OK;
        if ((ph == 0 || ph == 2) && !in_force(f, ap) && !riding(f, ap->adc)) {
            grog_error e2;
            plan_do(f, NULL, &e2, "adc %s %s %s", ap->adc, ap->target, ap->order);
        }
        grog_status st = plan_do(f, NULL, err, "next");
        if (st != GROG_OK)
            return st;
        if (ph == 3 && k >= 0)
            hit[k] = in_force(f, ap);
    }
    return GROG_OK;
}

/* ---- the exact figures ---- */

typedef struct aigles_exact {
    grog_aigles_rules *rules;
    grog_aigles_order o;
    grog_aigles_situation sit;
    const grog_officer *g;
} aigles_exact;

/* The order and situation as the `order` action builds them. */
static grog_status build_order(plan_ctx *p, aigles_exact *x, grog_error *err)
{
    const grog_battle *b = grog_game_battle(p->g);
    const aigles_plan *ap = p->fam;
    x->o = grog_aigles_order_default();
    x->o.command = x->g->ratings.aigles_command;
    x->o.giver = x->g->name;
    memset(&x->sit, 0, sizeof x->sit);
    x->sit.figure_mm = grog_battle_table(b)->scale.figure_mm;
    x->sit.mm_per_pas = grog_battle_table(b)->scale.mm_per_pas;
    x->sit.giver = x->g->base;
    const grog_troop *u = grog_battle_unit_by_id(b, ap->target);
    const grog_officer *r = grog_battle_officer_by_id(b, ap->target);
    if (u == NULL && r == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no unit or officer \"%s\""), ap->target);
    const char *side = u != NULL ? u->side : r->side;
    if (strcmp(side, x->g->side) != 0)
        return grog_error_set(err, GROG_EINVAL, _("%s is of the other side"),
                              u != NULL ? u->name : r->name);
    if (u != NULL) {
        x->o.receiver = GROG_AIGLES_TO_UNIT;
        x->o.status = (int)u->status;
        x->o.receiver_name = u->name;
        x->sit.receiver = u->base;
        x->sit.receiver_in_melee = (u->flags & GROG_UNIT_IN_MELEE) != 0;
        if (x->sit.receiver_in_melee)
            return grog_error_set(err, GROG_ERULE, _("AIG-O-14: %s is in melee; a plan does not "
                                                     "follow a melee"),
                                  u->name);
        return GROG_OK;
    }
    if (r->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("AIG-O-21: %s is %s and takes no orders"),
                              r->name, grog_explain_word(grog_officer_state_name(r->state)));
    x->o.receiver = GROG_AIGLES_TO_OFFICER;
    x->o.receiver_command = r->ratings.aigles_command;
    x->o.receiver_name = r->name;
    x->sit.receiver = r->base;
    return GROG_OK;
}

/* P(obeys) of one attempt with these bonuses, from the rules' test. */
static grog_status attempt_odds(const aigles_exact *x, grog_aigles_order o, int explain,
                                int failed, mpq_t out, grog_error *err)
{
    o.explain_turns = explain;
    o.failed_turns = failed;
    grog_explain *e = NULL;
    grog_status st = grog_aigles_order_test(x->rules, &o, NULL, &e, NULL, err);
    grog_frac f = {0, 1};
    if (st == GROG_OK && !grog_explain_outcome_p(e, "obeys", &f))
        st = grog_error_set(err, GROG_ERULE, _("AIG-O-16: no odds for this order"));
    if (st == GROG_OK)
        plan_frac_set(out, f);
    grog_explain_destroy(e);
    return st;
}

/* not := not * (1 - p)^n */
static void fail_n(mpq_t not, const mpq_t p, int n)
{
    mpq_t q;
    mpq_init(q);
    mpq_set_ui(q, 1, 1);
    mpq_sub(q, q, p);
    for (int i = 0; i < n; i++)
        mpq_mul(not, not, q);
    mpq_clear(q);
}

static grog_status exact_zone(plan_ctx *p, aigles_exact *x, grog_error *err)
{
    const aigles_plan *ap = p->fam;
    int t0 = grog_game_turn(p->g), left0;
    attempt_now a;
    read_state(p->g, ap, &left0, &a);
    grog_aigles_points fresh;
    grog_status st = grog_aigles_points_refresh(x->rules, x->g->ratings.aigles_command, &fresh,
                                                err);
    int explain_left = p->req->explain;
    mpq_t not, pk;
    mpq_inits(not, pk, NULL);
    mpq_set_ui(not, in_force(p->g, ap) ? 0 : 1, 1);
    json_t *turns = json_array();
    for (int k = 0; st == GROG_OK && k < p->turns; k++) {
        int turn = p->first_turn + k, n = turn == t0 ? left0 : fresh.left;
        const char *what = "attempts";
        if (a.explained_turn == turn) {
            explain_left = explain_left > 0 ? explain_left - 1 : 0;
            n = 0;
            what = "explaining";
        } else if (explain_left > 0) {
            explain_left--;
            a.explain++;
            n = 0;
            what = "explaining";
        }
        st = attempt_odds(x, x->o, a.explain, a.failed, pk, err);
        if (st != GROG_OK)
            break;
        json_t *row = json_pack("{s:i,s:s,s:i,s:i,s:i}", "turn", turn, "doing", what,
                                "attempts", n, "explain_turns", a.explain, "failed_turns",
                                a.failed);
        json_object_set_new(row, "each_attempt", plan_frac_json(pk));
        json_array_append_new(turns, row);
        fail_n(not, pk, n);
        if (n > 0 || (turn == t0 && a.failed_this_turn))
            a.failed++; /* AIG-O-19: the turn ended with a failed test */
        mpq_set_ui(p->in_force[k], 1, 1);
        mpq_sub(p->in_force[k], p->in_force[k], not);
    }
    json_object_set_new(p->plan, "turn_by_turn", turns);
    json_object_set_new(p->plan, "points_per_turn", json_integer(fresh.left));
    mpq_clears(not, pk, NULL);
    return st;
}

/* The ADC's rides followed phase by phase: arrivals[i] the turn of the
 * i-th arrival, at most max; returns how many. */
static int adc_arrivals(plan_ctx *p, const grog_aigles_adc_route *rt, int fresh, int *arrivals,
                        int max)
{
    const aigles_plan *ap = p->fam;
    int turn = grog_game_turn(p->g), ph = phase_index(p->g), left, n = 0;
    attempt_now a;
    read_state(p->g, ap, &left, &a);
    int last = p->first_turn + p->turns - 1, out = -1, back = -1; /* half-périodes to go */
    while (turn <= last && n < max) {
        if ((ph == 0 || ph == 2) && out < 0 && back < 0 && left >= rt->dispatch_cost) {
            left -= rt->dispatch_cost;
            out = 2 * rt->turns_out;
            if (out == 0) {
                arrivals[n++] = turn;
                out = -1;
                back = 2 * rt->turns_back > 0 ? 2 * rt->turns_back : -2; /* -2: free next phase */
            }
        } else if (ph == 1 || ph == 3) {
            if (out > 0 && --out == 0) {
                arrivals[n++] = turn;
                out = -1;
                back = 2 * rt->turns_back > 0 ? 2 * rt->turns_back : -1;
            } else if (back > 0 && --back == 0) {
                back = -1;
            }
        }
        if (back == -2 && !(ph == 0 || ph == 2))
            back = -1;
        else if (back == -2)
            back = -3;
        else if (back == -3)
            back = -1;
        if (++ph == 4) {
            ph = 0;
            turn++;
            left = fresh;
        }
    }
    return n;
}

/* The ADC to send: `want` if given (one of his, active, not riding), else the first such. */
static const grog_officer *free_adc(const grog_game *g, const grog_officer *gen, const char *want)
{
    const grog_battle *b = grog_game_battle(g);
    for (size_t i = 0; i < grog_battle_nofficers(b); i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (o->role == GROG_ROLE_ADC && strcmp(o->superior, gen->id) == 0 &&
            o->state == GROG_OFFICER_ACTIVE && !riding(g, o->id) &&
            (want == NULL || strcmp(want, o->id) == 0))
            return o;
    }
    return NULL;
}

static grog_status exact_adc(plan_ctx *p, aigles_exact *x, grog_error *err)
{
    aigles_plan *ap = p->fam;
    const grog_battle *b = grog_game_battle(p->g);
    const grog_officer *adc = free_adc(p->g, x->g, p->req->adc), *sub = grog_battle_officer_by_id(b, ap->target);
    if (adc == NULL)
        return grog_error_set(err, GROG_ERULE, _("AIG-O-11: %s is out of %s's zone and no "
                                                 "aide-de-camp of his is free to ride"),
                              sub->name, x->g->name);
    if (p->req->explain > 0)
        return grog_error_set(err, GROG_EINVAL, _("--explain is for an order given in the zone; "
                                                  "an ADC passes the order with his general's "
                                                  "command (AIG-O-12)"));
    snprintf(ap->adc, sizeof ap->adc, "%s", adc->id);
    const grog_scale *sc = &grog_battle_table(b)->scale;
    grog_aigles_adc_input in = {x->g->ratings.aigles_command, adc->ratings.aigles_command,
                                x->g->base, adc->base, sub->base,
                                adc->adc_speed > 0 ? grog_length_from_mm(adc->adc_speed,
                                                                         GROG_UNIT_PAS, sc)
                                                   : 0,
                                sc->figure_mm, sc->mm_per_pas,
                                NULL, NULL, NULL, NULL}; /* the plan names no measure */
    grog_aigles_adc_route rt;
    grog_status st = grog_aigles_adc_plan(x->rules, &in, &rt, NULL, err);
    grog_aigles_order o = grog_aigles_order_default();
    o.command = x->g->ratings.aigles_command; /* AIG-O-12 */
    o.receiver = GROG_AIGLES_TO_OFFICER;
    o.receiver_command = sub->ratings.aigles_command;
    o.via_adc = 1;
    grog_aigles_points fresh;
    if (st == GROG_OK)
        st = grog_aigles_points_refresh(x->rules, x->g->ratings.aigles_command, &fresh, err);
    mpq_t pk, not;
    mpq_inits(pk, not, NULL);
    if (st == GROG_OK)
        st = attempt_odds(x, o, 0, 0, pk, err);
    if (st == GROG_OK) {
        int arrivals[GROG_PLAN_MAX_TURNS * 4];
        int n = adc_arrivals(p, &rt, fresh.left, arrivals, GROG_PLAN_MAX_TURNS * 4);
        mpq_set_ui(not, in_force(p->g, ap) ? 0 : 1, 1);
        json_t *when = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(when, json_integer(arrivals[i]));
        for (int k = 0, i = 0; k < p->turns; k++) {
            for (; i < n && arrivals[i] <= p->first_turn + k; i++)
                fail_n(not, pk, rt.attempts);
            mpq_set_ui(p->in_force[k], 1, 1);
            mpq_sub(p->in_force[k], p->in_force[k], not);
        }
        json_t *route = json_pack("{s:s,s:f,s:i,s:f,s:i,s:i,s:i,s:o}", "adc", adc->id,
                                  "out_pas", rt.out_pas, "periods_out", rt.turns_out, "back_pas",
                                  rt.back_pas, "periods_back", rt.turns_back, "attempts",
                                  rt.attempts, "dispatch_cost", rt.dispatch_cost, "arrivals",
                                  when);
        json_object_set_new(route, "each_attempt", plan_frac_json(pk));
        json_object_set_new(p->plan, "adc", route);
        char out[64], back[64], tries[64];
        snprintf(out, sizeof out, ngettext("%d période", "%d périodes", (unsigned long)rt.turns_out),
                 rt.turns_out);
        snprintf(back, sizeof back,
                 ngettext("%d période", "%d périodes", (unsigned long)rt.turns_back),
                 rt.turns_back);
        snprintf(tries, sizeof tries, ngettext("%d attempt", "%d attempts", (unsigned long)rt.attempts),
                 rt.attempts);
        /* TRANSLATORS: the fourth and fifth %s are "N périodes" (out, back), the
         * sixth "N attempts", each already in the form its number takes */
        plan_assume(p, _("AIG-O-11: %s is out of %s's zone: his aide-de-camp %s rides to him "
                         "(%s out, %s back) and makes %s on arrival (AIG-O-12); if all fail he "
                         "rides back and is sent again at the next orders phase his general has "
                         "the points for."),
                    sub->name, x->g->name, adc->name, out, back, tries);
        plan_assume(p, _("The general spends his command points on nothing else; the ADC's "
                         "route is measured from where the pieces stand now."));
    }
    mpq_clears(pk, not, NULL);
    return st;
}

static grog_status check_general(plan_ctx *p, aigles_exact *x, grog_error *err)
{
    const grog_battle *b = grog_game_battle(p->g);
    x->g = grog_battle_officer_by_id(b, p->req->general);
    if (!grog_role_is_general(x->g->role))
        return grog_error_set(err, GROG_ERULE, _("AIG-O-12: %s is an aide-de-camp: he carries "
                                                 "orders (adc), he does not give them"),
                              x->g->name);
    if (x->g->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("%s is %s and gives no orders"), x->g->name,
                              grog_explain_word(grog_officer_state_name(x->g->state)));
    order_kinds *kinds = NULL;
    grog_status st = order_kinds_load("aigles", p->rules_text, p->rules_label, &kinds, err);
    if (st == GROG_OK)
        st = order_kinds_check(kinds, p->req->order, err);
    order_kinds_free(kinds);
    return st;
}

static void zone_assumptions(plan_ctx *p, const aigles_exact *x)
{
    plan_assume(p, _("AIG-O-13: %s spends every command point of each turn on this order, in "
                     "the turn's first orders phase, until it is obeyed; from the next turn he has "
                     "his full points again (AIG-O-06)."),
                x->g->name);
    if (p->req->explain > 0)
        plan_assume(p, ngettext("AIG-O-18: he first spends %d turn explaining (no attempt that "
                                "turn), +1 command per turn for this order.",
                                "AIG-O-18: he first spends %d turns explaining (no attempt in "
                                "them), +1 command per turn for this order.",
                                (unsigned long)p->req->explain),
                    p->req->explain);
    plan_assume(p, _("AIG-O-19: each turn ending with failed tests counts toward the +1 per two "
                     "failed turns."));
    plan_assume(p, _("Positions, statuses and ratings stay as they stand: the receiver stays in "
                     "the zone and out of melee."));
}

grog_status plan_order_aigles(plan_ctx *p, grog_error *err)
{
    aigles_plan *ap = calloc(1, sizeof *ap);
    if (ap == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    p->fam = ap;
    p->fam_free = free;
    snprintf(ap->general, sizeof ap->general, "%s", p->req->general);
    snprintf(ap->target, sizeof ap->target, "%s", p->req->target);
    snprintf(ap->order, sizeof ap->order, "%s", p->req->order);
    aigles_exact x;
    memset(&x, 0, sizeof x);
    grog_status st = check_general(p, &x, err);
    if (st == GROG_OK)
        st = p->rules_text != NULL
                 ? grog_aigles_rules_parse(p->rules_text, p->rules_label, &x.rules, err)
                 : grog_aigles_rules_load(NULL, &x.rules, err);
    if (st == GROG_OK)
        st = build_order(p, &x, err);
    p->first_turn = grog_game_turn(p->g) + (phase_index(p->g) <= 2 ? 0 : 1);
    if (st == GROG_OK) {
        grog_error zone;
        int in_zone = grog_aigles_order_check(x.rules, &x.o, &x.sit, NULL, NULL, NULL, &zone) ==
                      GROG_OK;
        if (!in_zone && x.o.receiver == GROG_AIGLES_TO_UNIT) {
            st = grog_error_set(err, GROG_ERULE, "%s", zone.message);
        } else if (in_zone) {
            st = exact_zone(p, &x, err);
            zone_assumptions(p, &x);
            p->sample = sample_zone;
        } else {
            ap->via_adc = 1;
            st = exact_adc(p, &x, err);
            p->sample = sample_adc;
        }
    }
    if (st == GROG_OK) {
        json_object_set_new(p->plan, "general", json_string(ap->general));
        json_object_set_new(p->plan, "target", json_string(ap->target));
        json_object_set_new(p->plan, "order", json_string(ap->order));
        json_object_set_new(p->plan, "turns", json_integer(p->turns));
        json_object_set_new(p->plan, "explain", json_integer(p->req->explain));
        json_object_set_new(p->plan, "first_turn", json_integer(p->first_turn));
        json_object_set_new(p->plan, "via", json_string(ap->via_adc ? "adc" : "zone"));
        plan_assume(p, p->first_turn == grog_game_turn(p->g)
                           ? _("The first turn is this one: an orders phase is still to come.")
                           : _("The first turn is the next one: this turn's orders phases are "
                               "over."));
        if (in_force(p->g, ap))
            plan_assume(p, _("The receiver already has this order: it is in force."));
    }
    grog_aigles_rules_destroy(x.rules);
    return st;
}
