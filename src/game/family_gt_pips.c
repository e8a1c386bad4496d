/* family_gt_pips.c — Grande Tactique's PIPs: a corps' dice (GT-14, GT-16),
 * its plan (GT-14) and a divisional general's spending (GT-15, GT-07).
 *
 * A corps rolls once a turn, in the PIP phase (by `pips`, or when the phase
 * ends); a plan is declared before the roll; a commander's gift that has
 * lapsed since it was given (GT-10, GT-11) is said at the roll, never
 * refused there. PIPs are spent in the movement phase and never fall below
 * 0 (GT-16). */
#include <stdlib.h>
#include <string.h>

#include "family_gt.h"
#include "table_measures.h"
#include "i18n.h"

/* The rules library names generals, commanders and units by their number in
 * the battle: the game names them by their ids (grog_gt_name_pieces).
 * `general` and `unit` are kept for the callers that name the pieces of
 * their action; every number is rewritten. */
void gt_name_pieces(grog_error *err, const grog_battle *b, int general, int unit)
{
    (void)general;
    (void)unit;
    if (err != NULL)
        grog_gt_name_pieces(err->message, sizeof err->message, b);
}

/* A PIP given to a general (GT-10) is checked when it is given; a general
 * who moved beyond the radius since, or a commander who attached himself to
 * a unit (GT-11), makes it lapse at the roll, said in an event, instead of
 * refusing the roll, and with it `next`, for the rest of the game. */
static void gift_lapses(action_ctx *c, grog_gt_commander *m, const size_t *div)
{
    if (m->gift != GROG_GT_GIFT_GENERAL)
        return;
    double radius = grog_length_to_mm(grog_gt_command_radius_in(R(c)), GROG_UNIT_IN, NULL);
    const char *who = grog_battle_officer(c->battle, (size_t)m->id)->name;
    const char *to = grog_battle_officer(c->battle, div[m->to])->name;
    if (m->attached)
        ctx_event(c, "", "gift-lapses", NULL,
                  _("GT-11: %s is attached to a unit: his PIP for %s lapses."), who, to);
    else if (m->distance_mm[m->to] > radius + 1e-9)
        ctx_event(c, "", "gift-lapses", NULL,
                  _("GT-10: %s is now %.1f\" from %s, beyond the %.0f\" radius: the PIP lapses."),
                  to, m->distance_mm[m->to] / 25.4, who, grog_gt_command_radius_in(R(c)));
    else
        return;
    m->gift = GROG_GT_GIFT_NONE;
    m->to = -1;
}

grog_status gt_roll_corps(action_ctx *c, size_t corps, const int *entered, grog_error *err)
{
    gt_state *s = c->fstate;
    const grog_battle *b = c->battle;
    const grog_officer *co = grog_battle_officer(b, corps);
    size_t div[GROG_GT_MAX_DIVISIONS];
    int nd = corps_divisions(b, s, corps, div);
    if (nd == 0)
        return grog_error_set(err, GROG_EINVAL, _("%s commands no divisional general"), co->name);
    if (s->o[corps].rolled)
        return grog_error_set(err, GROG_ERULE, _("GT-14: the corps of %s has already rolled this "
                                                 "turn"),
                              co->name);
    /* Ranks 1..nd, each once, as GT-14 needs: the ranked generals in their
     * order, then the others in battle order. A plan that ranks only some of
     * them, or one ranked before a general fell, must never block the roll
     * (and with it `next`) for the rest of the game. */
    long key[GROG_GT_MAX_DIVISIONS];
    for (int i = 0; i < nd; i++)
        key[i] = (s->o[div[i]].rank > 0 ? (long)s->o[div[i]].rank : 1000000L) * 1000 + i;
    grog_gt_division divs[GROG_GT_MAX_DIVISIONS];
    for (int i = 0; i < nd; i++) {
        divs[i].id = (int)div[i];
        divs[i].quality = grog_battle_officer(b, div[i])->ratings.gt_quality;
        divs[i].rank = 1;
        for (int j = 0; j < nd; j++)
            divs[i].rank += key[j] < key[i];
    }
    grog_gt_commander cmd[GROG_GT_MAX_COMMANDERS];
    const char *cids[GROG_GT_MAX_COMMANDERS];
    unsigned char table[GROG_GT_MAX_COMMANDERS][GROG_GT_MAX_DIVISIONS];
    memset(table, 0, sizeof table);
    int nc = 0;
    for (size_t k = 0; k < s->n && nc < GROG_GT_MAX_COMMANDERS; k++) {
        const grog_officer *ko = grog_battle_officer(b, k);
        if (!is_higher(ko->role) || strcmp(ko->side, co->side) != 0 ||
            ko->state != GROG_OFFICER_ACTIVE)
            continue;
        int mine = 0, to = -1;
        for (int i = 0; i < nd; i++) {
            if (grog_battle_is_superior_of(b, k, div[i]))
                mine = 1;
            if (s->o[k].gift == 1 && (size_t)s->o[k].gift_to == div[i])
                to = i;
        }
        if (!mine)
            continue;
        if (s->o[k].gift == 1 && to < 0 && /* GT-08 since the gift: said, never silent */
            grog_battle_officer(b, (size_t)s->o[k].gift_to)->state != GROG_OFFICER_ACTIVE)
            ctx_event(c, "", "gift-lapses", NULL,
                      _("GT-08: %s is out of commission since %s gave him his PIP: it lapses."),
                      grog_battle_officer(b, (size_t)s->o[k].gift_to)->name, ko->name);
        grog_gt_commander *m = &cmd[nc++];
        memset(m, 0, sizeof *m);
        m->id = (int)k;
        m->bad = ko->ratings.gt_quality == GROG_GT_QUALITY_BAD;
        m->attached = ko->attached_to[0] != '\0';
        m->gift = to >= 0 ? GROG_GT_GIFT_GENERAL
                          : s->o[k].gift == 2 ? GROG_GT_GIFT_UNIT : GROG_GT_GIFT_NONE;
        m->to = to;
        m->unit = s->o[k].gift == 2 ? s->o[k].gift_to : -1;
        cids[nc - 1] = ko->id;
        for (int i = 0; i < nd; i++) {
            m->distance_mm[i] = grog_battle_officer_distance(b, k, div[i]);
            if (m->bad || i == to) /* the distances GT-12 and GT-10 ask */
                table[nc - 1][i] = (unsigned char)table_measures_distance(
                    c, ko->id, grog_battle_officer(b, div[i])->id, "GT-10", GROG_UNIT_IN,
                    &m->distance_mm[i]);
        }
        gift_lapses(c, m, div);
    }
    const char *dids[GROG_GT_MAX_DIVISIONS];
    for (int i = 0; i < nd; i++)
        dids[i] = grog_battle_officer(b, div[i])->id;
    grog_gt_corps_turn turn = {divs, nd, cmd, nc, s->o[corps].plan, s->o[corps].plan_changed,
                               entered, b, dids, cids, &table[0][0]};
    grog_gt_phase ph;
    grog_status st = grog_gt_phase_run(R(c), &turn, c->rng, &ph, err);
    if (st != GROG_OK) { /* the rules number the generals: name them */
        for (int i = 0; i < nd; i++)
            gt_name_pieces(err, b, divs[i].id, -1);
        return st;
    }
    s->o[corps].rolled = 1;
    for (int i = 0; i < nd && st == GROG_OK; i++) {
        s->o[div[i]].pips = ph.pips[i];
        ctx_check(c, "die=%d;pips=%d", ph.allocated[i], ph.pips[i]);
        ctx_event(c, "", "pips", json_pack("{s:s,s:i,s:i}", "officer",
                                           grog_battle_officer(b, div[i])->id, "die",
                                           ph.allocated[i], "pips", ph.pips[i]),
                  ngettext("%s gets %d PIP (die %d).", "%s gets %d PIPs (die %d).", ph.pips[i]),
                  grog_battle_officer(b, div[i])->name,
                  ph.pips[i], ph.allocated[i]);
        if (ph.records[i] != NULL)
            st = ctx_record(c, ph.records[i], "", err);
    }
    for (int k = 0; k < nc; k++)
        if (ph.unit_pips[k] > 0)
            ctx_event(c, "", "unit-pip", json_pack("{s:s,s:i}", "officer",
                                                   grog_battle_officer(b, (size_t)cmd[k].id)->id,
                                                   "pips", ph.unit_pips[k]),
                      _("GT-13: %s spends his PIP on a non-divisional unit."),
                      grog_battle_officer(b, (size_t)cmd[k].id)->name);
    grog_gt_phase_clear(&ph);
    return st;
}

grog_status gt_need_phase(action_ctx *c, const char *phase, const char *rule, grog_error *err)
{
    if (strcmp(ctx_phase_id(c), phase) == 0)
        return GROG_OK;
    return grog_error_set(err, GROG_ERULE, _("%s: only in the %s phase (now: %s)"), rule, phase,
                          grog_explain_word(ctx_phase_id(c)));
}

static grog_status corps_of(action_ctx *c, const char *id, size_t *corps, grog_error *err)
{
    grog_officer *o;
    grog_status st = ctx_officer(c, id, &o, err);
    if (st != GROG_OK)
        return st;
    size_t div[GROG_GT_MAX_DIVISIONS];
    *corps = officer_index(c->battle, id);
    if (corps_divisions(c->battle, c->fstate, *corps, div) == 0)
        return grog_error_set(err, GROG_EINVAL, _("%s commands no divisional general"), o->name);
    c->side = o->side;
    return GROG_OK;
}

grog_status gt_act_pips(action_ctx *c, int argc, char **argv, grog_error *err)
{
    const char *dice = ctx_take_option(&argc, argv, "--dice");
    if (argc != 2)
        return grog_error_set(err, GROG_EINVAL, _("usage: pips CORPS [--dice D1,D2,...]"));
    size_t corps;
    grog_status st = gt_need_phase(c, "pip", "GT-14", err);
    if (st == GROG_OK)
        st = corps_of(c, argv[1], &corps, err);
    if (st != GROG_OK)
        return st;
    int entered[GROG_GT_MAX_DIVISIONS];
    if (dice != NULL) {
        size_t div[GROG_GT_MAX_DIVISIONS];
        int nd = corps_divisions(c->battle, c->fstate, corps, div), k = 0;
        const char *p = dice;
        while (*p != '\0' && k < GROG_GT_MAX_DIVISIONS) {
            char *end;
            long v = strtol(p, &end, 10);
            if (end == p || v < 1 || v > 6)
                return grog_error_set(err, GROG_EINVAL, _("--dice: faces 1 to 6 separated by "
                                                          "commas, not \"%s\""),
                                      dice);
            entered[k++] = (int)v;
            p = *end == ',' ? end + 1 : end;
        }
        if (k != nd)
            return grog_error_set(err, GROG_EINVAL, _("--dice: this corps rolls %d dice, not %d"),
                                  nd, k);
    }
    if (c->explain_only)
        return GROG_OK;
    return gt_roll_corps(c, corps, dice != NULL ? entered : NULL, err);
}

grog_status gt_act_plan(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc < 3)
        return grog_error_set(err, GROG_EINVAL,
                              _("usage: plan CORPS on|off|change | plan CORPS rank GEN..."));
    size_t corps;
    grog_status st = gt_need_phase(c, "pip", "GT-14", err);
    if (st == GROG_OK)
        st = corps_of(c, argv[1], &corps, err);
    if (st != GROG_OK)
        return st;
    gt_state *s = c->fstate;
    if (s->o[corps].rolled)
        return grog_error_set(err, GROG_ERULE, _("GT-14: a plan is declared before the roll"));
    const char *name = grog_battle_officer(c->battle, corps)->name;
    if (strcmp(argv[2], "rank") == 0) {
        /* All checked before any is ranked: a refused plan changes nothing. */
        for (int i = 3; i < argc; i++) {
            size_t k;
            if (!grog_battle_officer_index(c->battle, argv[i], &k) || !s->o[k].divisional ||
                strcmp(grog_battle_officer(c->battle, k)->superior,
                       grog_battle_officer(c->battle, corps)->id) != 0)
                return grog_error_set(err, GROG_EINVAL,
                                      _("%s is not a divisional general of %s"), argv[i], name);
            for (int j = 3; j < i; j++)
                if (strcmp(argv[j], argv[i]) == 0)
                    return grog_error_set(err, GROG_EINVAL,
                                          _("GT-14: %s is ranked twice: each divisional general "
                                            "has one rank in the plan"),
                                          grog_battle_officer(c->battle, k)->name);
        }
        for (int i = 3; i < argc; i++) {
            size_t k = 0;
            grog_battle_officer_index(c->battle, argv[i], &k);
            s->o[k].rank = i - 2;
        }
        ctx_event(c, "", "plan-rank", NULL, _("%s ranks his divisional generals for the plan."),
                  name);
        return GROG_OK;
    }
    if (strcmp(argv[2], "change") == 0) {
        s->o[corps].plan_changed = 1;
        ctx_event(c, "", "plan-change", NULL,
                  _("GT-14: %s changes plan: his corps gets no PIPs this turn."), name);
        return GROG_OK;
    }
    int on = strcmp(argv[2], "on") == 0;
    if (!on && strcmp(argv[2], "off") != 0)
        return grog_error_set(err, GROG_EINVAL, _("plan: on, off, change or rank"));
    s->o[corps].plan = on;
    ctx_event(c, "", "plan", NULL,
              on ? _("%s's corps follows a plan: dice go by rank (GT-14).")
                 : _("%s's corps has no plan: each general gets the average die (GT-14)."),
              name);
    return GROG_OK;
}

grog_status gt_act_spend(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 3 && argc != 4)
        return grog_error_set(err, GROG_EINVAL, _("usage: spend GENERAL ACTION [UNIT]"));
    grog_officer *o;
    grog_status st = gt_need_phase(c, "movement", "GT-15", err);
    if (st == GROG_OK)
        st = ctx_officer(c, argv[1], &o, err);
    if (st != GROG_OK)
        return st;
    c->side = o->side;
    if (o->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("GT-08: %s is %s and spends no PIPs"), o->name,
                              grog_explain_word(grog_officer_state_name(o->state)));
    gt_state *s = c->fstate;
    size_t gi = officer_index(c->battle, o->id), ui = 0;
    int unit = -1;
    if (argc == 4) {
        grog_troop *u;
        if ((st = ctx_unit(c, argv[3], &u, err)) != GROG_OK)
            return st;
        if (strcmp(u->side, o->side) != 0)
            return grog_error_set(err, GROG_ERULE, _("GT-15: %s spends PIPs on his own side's "
                                                     "units, not on %s"),
                                  o->name, u->name);
        if ((st = grog_gt_action_fits(R(c), argv[2], u, err)) != GROG_OK)
            return st; /* GT-15: the data's "arms" and "needs" of the action */
        grog_battle_unit_index(c->battle, u->id, &ui);
        unit = (int)ui;
    }
    grog_gt_pool pool = {(int)gi, s->o[gi].pips, s->o[gi].start_attach};
    grog_explain *e = NULL;
    st = grog_gt_spend(R(c), &pool, argv[2], unit, &e, err);
    if (st != GROG_OK) {
        gt_name_pieces(err, c->battle, (int)gi, unit);
        return st;
    }
    st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    if (st != GROG_OK)
        return st;
    if (!c->explain_only) {
        ctx_event(
            c, "", "spend",
            json_pack("{s:s,s:s,s:i}", "officer", o->id, "action", argv[2], "left", pool.pips),
            ngettext("%s spends PIPs on %s%s%s: %d left.", "%s spends PIPs on %s%s%s: %d left.",
                     pool.pips),
            o->name, grog_explain_word_in("pip-action", argv[2]), unit >= 0 ? _(" for ") : "",
            unit >= 0 ? grog_battle_unit(c->battle, ui)->name : "", pool.pips);
        s->o[gi].pips = pool.pips;
    }
    return GROG_OK;
}
