/* family_gt_gifts.c — a Grande Tactique commander's PIP (GT-10..13): given
 * to a divisional general under him within his radius (GT-10), or spent on a
 * unit no divisional general commands (GT-13); none while he is attached
 * (GT-11, unless the house rule keeps his PIP for a unit).
 *
 * A gift is declared in the PIP phase before the roll it adds to, and
 * checked when declared (GT-08 included: no PIP to or from a general out of
 * commission, grog_gt_gift_check); a second gift replaces the first and
 * says so; what lapses later is said at the roll (family_gt_pips.c). */
#include <stdlib.h>
#include <string.h>

#include "family_gt.h"
#include "table_measures.h"
#include "i18n.h"

/* GT-13: a commander's PIP goes to a unit of his side that no divisional
 * general commands. */
static grog_status gift_unit_check(action_ctx *c, const grog_officer *k, const grog_troop *u,
                                   grog_error *err)
{
    if (strcmp(u->side, k->side) != 0)
        return grog_error_set(err, GROG_ERULE, _("GT-13: %s is an enemy unit"), u->name);
    if (divisional_unit(c->battle, c->fstate, u))
        return grog_error_set(err, GROG_ERULE,
                              _("GT-13: %s belongs to a division; its divisional general spends "
                                "PIPs on it, not %s"),
                              u->name, k->name);
    return GROG_OK;
}

/* A gift is declared before the roll it adds to: too late once a corps with
 * a divisional general under the commander has rolled. */
static int gift_too_late(const grog_battle *b, const gt_state *s, size_t k)
{
    for (size_t i = 0; i < s->n; i++) {
        size_t corps;
        if (!s->o[i].divisional || !grog_battle_is_superior_of(b, k, i) ||
            !grog_battle_officer_index(b, grog_battle_officer(b, i)->superior, &corps))
            continue;
        if (s->o[corps].rolled)
            return 1;
    }
    return 0;
}

static grog_status gift_timing(action_ctx *c, size_t k, grog_error *err)
{
    if (!gift_too_late(c->battle, c->fstate, k))
        return GROG_OK;
    return grog_error_set(err, GROG_ERULE,
                          _("GT-10: the PIP dice under %s have already been rolled this turn; a "
                            "gift is declared before the roll"),
                          grog_battle_officer(c->battle, k)->name);
}

/* GT-08 for grog_gt_gift_check: the piece's number and whether he is out of
 * commission (the rest of the struct is not read there). */
static grog_gt_officer gift_officer(const action_ctx *c, size_t i)
{
    grog_gt_officer g;
    memset(&g, 0, sizeof g);
    g.id = (int)i;
    g.attached_to = -1;
    g.out_of_commission = grog_battle_officer(c->battle, i)->state != GROG_OFFICER_ACTIVE;
    return g;
}

/* GT-10, GT-13: one PIP a turn; a new gift replaces the one declared
 * before, and says so (never silently). */
static void gift_replaces(action_ctx *c, size_t ki, const grog_officer *k, const char *now)
{
    const gt_off *o = &((const gt_state *)c->fstate)->o[ki];
    if (o->gift == 0)
        return;
    const char *was = o->gift == 1 ? grog_battle_officer(c->battle, (size_t)o->gift_to)->name
                                   : grog_battle_unit(c->battle, (size_t)o->gift_to)->name;
    ctx_event(c, "", "gift-replaced", NULL,
              _("%s's one PIP this turn goes to %s instead of %s: this gift replaces the one "
                "declared before (GT-10, GT-13)."),
              k->name, now, was);
}

grog_status gt_act_gift(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 3 && !(argc == 4 && strcmp(argv[2], "unit") == 0))
        return grog_error_set(err, GROG_EINVAL, _("usage: gift COMMANDER GENERAL | gift "
                                                  "COMMANDER unit UNIT"));
    grog_officer *k;
    grog_status st = gt_need_phase(c, "pip", "GT-10", err);
    if (st == GROG_OK)
        st = ctx_officer(c, argv[1], &k, err);
    if (st != GROG_OK)
        return st;
    c->side = k->side;
    if (!is_higher(k->role))
        return grog_error_set(err, GROG_ERULE, _("GT-10: only corps and army commanders give a "
                                                 "PIP; %s is a %s"),
                              k->name, grog_role_name(k->role));
    /* GT-11: attached, he adds no PIP to a general; his PIP for a
     * non-divisional unit follows the setting attached_commander_keeps_unit_pip */
    if (k->attached_to[0] != '\0' && (argc == 3 || !grog_gt_attached_keeps_unit_pip(R(c))))
        return grog_error_set(err, GROG_ERULE, _("GT-11: %s is attached to a unit and adds no "
                                                 "PIP this turn"),
                              k->name);
    gt_state *s = c->fstate;
    size_t ki = officer_index(c->battle, k->id), t;
    grog_gt_officer gk = gift_officer(c, ki), gg;
    if ((st = grog_gt_gift_check(&gk, NULL, err)) != GROG_OK) { /* GT-08 */
        gt_name_pieces(err, c->battle, (int)ki, -1);
        return st;
    }
    if (argc == 4) {
        grog_troop *u;
        if ((st = ctx_unit(c, argv[3], &u, err)) != GROG_OK)
            return st;
        if ((st = gift_unit_check(c, k, u, err)) != GROG_OK ||
            (st = gift_timing(c, ki, err)) != GROG_OK)
            return st;
        grog_battle_unit_index(c->battle, u->id, &t);
        gift_replaces(c, ki, k, u->name);
        s->o[ki].gift = 2;
        s->o[ki].gift_to = (int)t;
        ctx_event(c, "", "gift", NULL, _("GT-13: %s will spend his PIP on %s."), k->name,
                  u->name);
        return GROG_OK;
    }
    if (!grog_battle_officer_index(c->battle, argv[2], &t) || !s->o[t].divisional ||
        !grog_battle_is_superior_of(c->battle, ki, t))
        return grog_error_set(err, GROG_EINVAL, _("%s is not a divisional general under %s"),
                              argv[2], k->id);
    gg = gift_officer(c, t);
    if ((st = grog_gt_gift_check(&gk, &gg, err)) != GROG_OK) { /* GT-08: he could not use it */
        gt_name_pieces(err, c->battle, (int)t, -1);
        return st;
    }
    if ((st = gift_timing(c, ki, err)) != GROG_OK)
        return st;
    double radius = grog_length_to_mm(grog_gt_command_radius_in(R(c)), GROG_UNIT_IN, NULL);
    double d = grog_battle_officer_distance(c->battle, ki, t);
    int measured = table_measures_distance(c, k->id, grog_battle_officer(c->battle, t)->id,
                                           "GT-10", GROG_UNIT_IN, &d);
    if (d > radius + 1e-9)
        return grog_error_set(err, GROG_ERULE,
                              measured ? _("GT-10: %s is %.1f\" from %s (measured at the table), "
                                           "beyond the %.0f\" radius")
                                       : _("GT-10: %s is %.1f\" from %s, beyond the %.0f\" radius"),
                              k->name, d / 25.4, grog_battle_officer(c->battle, t)->name,
                              grog_gt_command_radius_in(R(c)));
    gift_replaces(c, ki, k, grog_battle_officer(c->battle, t)->name);
    s->o[ki].gift = 1;
    s->o[ki].gift_to = (int)t;
    if (measured)
        ctx_event(c, "", "gift", NULL,
                  _("GT-10: %s will give his PIP to %s (%.1f\" apart, measured at the table)."),
                  k->name, grog_battle_officer(c->battle, t)->name, d / 25.4);
    else
        ctx_event(c, "", "gift", NULL, _("GT-10: %s will give his PIP to %s."), k->name,
                  grog_battle_officer(c->battle, t)->name);
    return GROG_OK;
}
