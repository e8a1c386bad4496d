/* family_hooks.c — the family-specific consequences of the common actions:
 * attaching (GT-03..05 in gt games), and table events (GT-08 when a unit with
 * a general flees; the aigles officer rules on casualties, melee and
 * capture). Each family file exports the functions called here. */
#include <string.h>

#include "engine.h"
#include "grognard/aigles.h"
#include "i18n.h"


grog_status family_attach_check(action_ctx *c, const grog_officer *o, const grog_troop *u,
                                grog_error *err)
{
    if (grog_game_family(c->game) == GROG_FAMILY_GT)
        return family_gt_attach(c, o, u, err);
    return GROG_OK;
}

grog_status family_event(action_ctx *c, const char *type, grog_troop *u, grog_officer *o,
                         grog_error *err)
{
    switch (grog_game_family(c->game)) {
    case GROG_FAMILY_GT:
        if (strcmp(type, "flees") == 0 && u != NULL)
            return family_gt_flee(c, u, err);
        return GROG_OK;
    case GROG_FAMILY_AIGLES:
        return family_aigles_event(c, type, u, o, err);
    default:
        return GROG_OK;
    }
}

grog_status family_officer_fired_at(action_ctx *c, grog_officer *o, int n, grog_error *err)
{
    int before = o->casualties;
    switch (grog_game_family(c->game)) {
    case GROG_FAMILY_AIGLES:
        return family_aigles_fired_at(c, o, n, err);
    case GROG_FAMILY_GT:
        return family_gt_target(c, o, err);
    default:
        o->casualties += n;
        ctx_event(c, "", "officer-casualties",
                  json_pack("{s:s,s:i,s:i}", "officer", o->id, "casualties", n, "total",
                            o->casualties),
                  _("%s takes %d casualties (%d in all; a table event: these rules have no "
                    "fire at officers)."),
                  o->name, n, before + n);
        return GROG_OK;
    }
}

grog_status family_officer_contact_check(action_ctx *c, const grog_officer *o, grog_error *err)
{
    switch (grog_game_family(c->game)) {
    case GROG_FAMILY_AIGLES:
        if (o->markers & GROG_MARKER_AVANCE)
            return grog_error_set(err, GROG_ERULE,
                                  _("AIG-O-22: %s carries an Avance marker and may not be "
                                    "contacted"),
                                  o->name);
        return GROG_OK;
    case GROG_FAMILY_GT:
        return family_gt_target(c, o, err);
    default:
        return GROG_OK;
    }
}

grog_status family_officer_harm_check(action_ctx *c, const grog_officer *o, grog_error *err)
{
    if (grog_game_family(c->game) != GROG_FAMILY_GT)
        return GROG_OK;
    return grog_error_set(err, GROG_ERULE,
                          _("GT-09: GT-08 (his unit flees, a die shows 1) is the only way %s "
                            "comes to harm"),
                          o->name);
}

grog_status family_move_check(action_ctx *c, const grog_troop *u, grog_error *err)
{
    if (grog_game_family(c->game) != GROG_FAMILY_AIGLES)
        return GROG_OK;
    if (strcmp(u->formation, "full-square") == 0 || strcmp(u->formation, "mass-square") == 0)
        return grog_error_set(err, GROG_ERULE,
                              _("AIG-F-12: %s is in %s: a square cannot move (change its "
                                "formation first)"),
                              u->name, u->formation);
    return GROG_OK;
}

grog_status family_officer_surrounded(action_ctx *c, const grog_officer *o, grog_error *err)
{
    switch (grog_game_family(c->game)) {
    case GROG_FAMILY_AIGLES: {
        grog_aigles_officer ao = {0, 0, o->role == GROG_ROLE_ADC, -1, o->ratings.aigles_charisma,
                                  o->ratings.aigles_command, GROG_AIGLES_ACTIVE, -1,
                                  (o->markers & GROG_MARKER_AVANCE) != 0, 0, -1};
        grog_explain *e = grog_explain_create("aigles-capture", _("Les Aigles: a surrounded "
                                                                  "officer"));
        if (e == NULL)
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        grog_status st = grog_aigles_officer_surrounded(&ao, 0, 0, e, err);
        if (st == GROG_OK)
            st = ctx_record(c, e, "", err);
        grog_explain_destroy(e);
        return st;
    }
    case GROG_FAMILY_GT:
        return family_gt_target(c, o, err);
    default:
        return GROG_OK;
    }
}
