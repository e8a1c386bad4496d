/* gt_general.c — generals on the table: attachment (GT-03..GT-06), harm
 * (GT-05, GT-08, GT-09) and spending PIPs (GT-01, GT-07, GT-15, GT-16).
 *
 * Invariants kept on the plain structs: a unit has at most one general
 * (unit.general), and officer.attached_to and unit.general point at each
 * other or are both -1; a PIP pool never goes below 0. Every refusal
 * returns GROG_ERULE naming the rule and leaves the structs unchanged. */
#include <stdio.h>
#include <string.h>

#include "grognard/text.h"
#include "gt_rules.h"
#include "i18n.h"

static grog_status no_memory(grog_error *err)
{
    return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}

grog_status grog_gt_gift_check(const grog_gt_officer *commander, const grog_gt_officer *general,
                               grog_error *err)
{
    if (commander == NULL)
        return grog_error_set(err, GROG_EINVAL, _("a gift needs its commander"));
    if (commander->out_of_commission)
        return grog_error_set(err, GROG_ERULE,
                              _("GT-08: commander %d is out of commission and gives no PIP"),
                              commander->id);
    if (general != NULL && general->out_of_commission)
        return grog_error_set(err, GROG_ERULE,
                              _("GT-10: general %d is out of commission (GT-08): a PIP given to "
                                "him would be lost"),
                              general->id);
    return GROG_OK;
}

static grog_status check_attach(grog_gt_game_phase phase, const grog_gt_officer *g,
                                const grog_gt_unit *u, const grog_measure *m, grog_error *err)
{
    if (g->out_of_commission)
        return grog_error_set(err, GROG_ERULE,
                              _("GT-08: general %d is out of commission"), g->id);
    if (phase != GROG_GT_PHASE_MOVEMENT)
        return grog_error_set(err, GROG_ERULE,
                              _("GT-03: general %d can attach only during the movement phase"),
                              g->id);
    if (g->attached_to >= 0)
        return grog_error_set(err, GROG_ERULE,
                              _("GT-03: general %d is already attached to unit %d; detach him "
                                "first"),
                              g->id, g->attached_to);
    if (u->general >= 0)
        return grog_error_set(err, GROG_ERULE,
                              _("GT-03: unit %d already has general %d attached: one general "
                                "per unit"),
                              u->id, u->general);
    if (!m->contact && m->source == GROG_MEASURE_TABLE)
        return grog_error_set(err, GROG_ERULE,
                              _("GT-03: general %d is not in edge-to-edge contact with unit %d "
                                "(measured at the table): he attaches only in contact"),
                              g->id, u->id);
    if (!m->contact)
        return grog_error_set(err, GROG_ERULE,
                              _("GT-03: general %d is %.1f mm from unit %d: he attaches only in "
                                "edge-to-edge contact"),
                              g->id, m->mm, u->id);
    return GROG_OK;
}

grog_status grog_gt_attach(const grog_gt_rules *rules, grog_gt_game_phase phase,
                           grog_gt_officer *g, grog_gt_unit *u, grog_explain **out,
                           grog_error *err)
{
    return grog_gt_attach_measured(rules, phase, g, u, NULL, NULL, NULL, out, err);
}

grog_status grog_gt_attach_measured(const grog_gt_rules *rules, grog_gt_game_phase phase,
                                    grog_gt_officer *g, grog_gt_unit *u, const char *g_id,
                                    const char *u_id, grog_tape *tape, grog_explain **out,
                                    grog_error *err)
{
    grog_measure m = grog_measure_map(GROG_MEASURE_CONTACT, g_id, u_id, "GT-03", GROG_UNIT_IN);
    m.mm = grog_base_distance(&g->base, &u->base);
    m.contact_mm = rules->contact_mm;
    m.contact = m.mm <= rules->contact_mm;
    int named = g_id != NULL && u_id != NULL;
    if (named)
        grog_tape_take(tape, &m);
    grog_status st = check_attach(phase, g, u, &m, err);
    if (st != GROG_OK)
        return st;
    grog_explain *e = grog_explain_create("gt-attach", _("A general attaches to a unit"));
    if (e == NULL)
        return no_memory(err);
    char detail[128];
    if (m.source == GROG_MEASURE_TABLE)
        grog_text_snprintf(detail, sizeof detail, "%s",
                           _("measured at the table, in the movement phase"));
    else
        grog_text_snprintf(detail, sizeof detail, _("%.1f mm edge to edge, in the movement phase"),
                           m.mm);
    grog_explain_add_check(e, "GT-03", _("edge-to-edge contact"), 1, detail);
    if (named)
        grog_explain_add_measure(e, &m, NULL);
    grog_explain_add_check(e, "GT-03", _("no other general on the unit"), 1, NULL);
    grog_explain_add_modifier(e, "GT-04", _("morale of the unit, general attached"),
                              rules->morale);
    grog_explain_add_note(e, "GT-05",
                          _("he is inside the unit: he blocks no line of sight, prevents no "
                            "charge, and cannot be charged or fired at"));
    grog_explain_add_note(e, "GT-07",
                          _("his PIP costs are doubled for every other unit, assessed at the "
                            "start of the PIP phase"));
    g->attached_to = u->id;
    u->general = g->id;
    *out = e;
    return GROG_OK;
}

grog_status grog_gt_detach(const grog_gt_rules *rules, grog_gt_game_phase phase,
                           grog_gt_officer *g, grog_gt_unit *u, grog_error *err)
{
    (void)rules;
    if (g->attached_to != u->id || u->general != g->id)
        return grog_error_set(err, GROG_EINVAL, _("general %d is not attached to unit %d"), g->id,
                              u->id);
    if (u->routed)
        return grog_error_set(err, GROG_ERULE,
                              _("GT-06: general %d cannot detach from unit %d, which is routed"),
                              g->id, u->id);
    if (phase != GROG_GT_PHASE_MOVEMENT)
        return grog_error_set(err, GROG_ERULE,
                              _("GT-03: general %d can leave a unit only during the movement "
                                "phase"),
                              g->id);
    g->attached_to = -1;
    u->general = -1;
    return GROG_OK;
}

int grog_gt_morale_bonus(const grog_gt_rules *rules, const grog_gt_unit *u)
{
    return u->general >= 0 ? rules->morale : 0;
}

grog_status grog_gt_target_general(const grog_gt_officer *g, grog_error *err)
{
    if (g->attached_to >= 0)
        return grog_error_set(err, GROG_ERULE,
                              _("GT-05: general %d is inside unit %d and cannot be charged or "
                                "fired at; target the unit"),
                              g->id, g->attached_to);
    return grog_error_set(err, GROG_ERULE,
                          _("GT-09: general %d is not attached and cannot be charged, fired at or "
                            "otherwise harmed"),
                          g->id);
}

static void flee_odds(grog_explain *e, const grog_gt_rules *r)
{
    grog_frac out = {(uint64_t)r->ooc_at_most, GT_DIE_SIDES};
    grog_frac safe = {(uint64_t)(GT_DIE_SIDES - r->ooc_at_most), GT_DIE_SIDES};
    grog_explain_add_outcome(e, "out_of_commission", out);
    grog_explain_add_outcome(e, "unharmed", safe);
}

grog_status grog_gt_flee(const grog_gt_rules *rules, grog_gt_officer *g, grog_gt_unit *u,
                         grog_rng *rng, const int *entered, grog_explain **out,
                         grog_error *err)
{
    if (g->attached_to != u->id || u->general != g->id)
        return grog_error_set(err, GROG_ERULE,
                              _("GT-09: general %d is not attached to unit %d: only a general "
                                "attached to a fleeing unit can come to harm"),
                              g->id, u->id);
    if (entered == NULL && rng == NULL)
        return grog_error_set(err, GROG_EINVAL, _("no die entered and no generator to roll it"));
    grog_dice d6 = {1, GT_DIE_SIDES, GROG_KEEP_ALL, 1, 0};
    grog_roll roll;
    if (entered != NULL) {
        grog_status st = grog_dice_enter(&d6, *entered, &roll, err);
        if (st != GROG_OK)
            return st;
    } else {
        grog_dice_roll(&d6, rng, &roll);
    }
    grog_explain *e = grog_explain_create("gt-flee", _("A general's unit flees"));
    if (e == NULL)
        return no_memory(err);
    grog_explain_add_rule(e, "GT-08");
    grog_explain_add_rule(e, "GT-09");
    grog_explain_set_dice(e, "d6");
    grog_explain_set_target(e, GROG_CMP_LE, rules->ooc_at_most);
    flee_odds(e, rules);
    int hit = roll.natural <= rules->ooc_at_most;
    grog_explain_set_roll(e, &roll, roll.natural, hit ? "out_of_commission" : "unharmed");
    if (rng != NULL && entered == NULL)
        grog_explain_set_seed(e, grog_rng_seed(rng));
    if (hit) {
        g->out_of_commission = 1;
        g->attached_to = -1;
        u->general = -1;
    }
    *out = e;
    return GROG_OK;
}

grog_status grog_gt_pool_start(grog_gt_pool *pool, const grog_gt_officer *g, int pips,
                               grog_error *err)
{
    if (pips < 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("GT-16: general %d cannot start with %d PIPs; never below 0"),
                              g->id, pips);
    pool->general = g->id;
    pool->pips = pips;
    pool->attached_to = g->attached_to; /* GT-07: fixed now, at the start of the phase */
    return GROG_OK;
}

static int doubled(const grog_gt_pool *pool, int unit)
{
    return pool->attached_to >= 0 && unit != pool->attached_to;
}

grog_status grog_gt_cost(const grog_gt_rules *rules, const grog_gt_pool *pool,
                         const char *action, int unit, int *cost, grog_error *err)
{
    const gt_action *a = grog_gt_action_find(rules, action);
    if (a == NULL)
        return grog_error_set(err, GROG_ENOTFOUND,
                              _("GT-15: no action \"%s\" in the PIP cost table"), action);
    *cost = a->cost * (doubled(pool, unit) ? rules->multiplier : 1);
    return GROG_OK;
}

static grog_explain *spend_record(const grog_gt_pool *pool, const gt_action *a, int unit,
                                  int cost)
{
    grog_explain *e = grog_explain_create("gt-spend", _("A general spends PIPs"));
    if (e == NULL)
        return NULL;
    grog_explain_add_modifier(e, "GT-15", grog_explain_word_in("pip-action", a->id), a->cost);
    if (doubled(pool, unit))
        grog_explain_add_modifier(e, "GT-07",
                                  _("attached to another unit at the start of the PIP phase"),
                                  cost - a->cost);
    if (strcmp(a->id, "move_general") == 0)
        grog_explain_add_note(e, "GT-01", _("generals cost nothing to move"));
    char detail[128];
    grog_text_snprintf(detail, sizeof detail, _("%d PIPs, cost %d"), pool->pips, cost);
    grog_explain_add_check(e, "GT-16", _("enough PIPs"), 1, detail);
    grog_explain_set_value(e, cost, "PIPs");
    if (a->is_default) {
        char v[16];
        snprintf(v, sizeof v, "%d", a->cost);
        char setting[96];
        snprintf(setting, sizeof setting, "costs.%s", a->id);
        grog_explain_add_default(e, setting, v, a->note);
    }
    return e;
}

grog_status grog_gt_spend(const grog_gt_rules *rules, grog_gt_pool *pool, const char *action,
                          int unit, grog_explain **out, grog_error *err)
{
    int cost;
    grog_status st = grog_gt_cost(rules, pool, action, unit, &cost, err);
    if (st != GROG_OK)
        return st;
    if (cost > pool->pips)
        return grog_error_set(err, GROG_ERULE,
                              _("GT-16: general %d has %d PIPs and %s costs %d%s; PIPs never go "
                                "below 0"),
                              pool->general, pool->pips, action, cost,
                              doubled(pool, unit) ? _(" (doubled, GT-07)") : "");
    grog_explain *e = spend_record(pool, grog_gt_action_find(rules, action), unit, cost);
    if (e == NULL)
        return no_memory(err);
    pool->pips -= cost;
    *out = e;
    return GROG_OK;
}
