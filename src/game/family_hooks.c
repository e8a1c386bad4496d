/* family_hooks.c — the family-specific consequences of the common actions:
 * attaching (GT-03..05 in gt games), and table events (GT-08 when a unit with
 * a general flees; the aigles officer rules on casualties, melee and
 * capture). Each is asked of the game's family through its family_ops
 * (family_aigles*.c, family_gt*.c answer them); a family that has no answer
 * lets the common action go on, and fire at an officer is then a table
 * event. No family is named here. */
#include "engine.h"
#include "i18n.h"

grog_status family_attach_check(action_ctx *c, const grog_officer *o, const grog_troop *u,
                                grog_error *err)
{
    const family_ops *ops = c->game->ops;
    return ops->attach_check != NULL ? ops->attach_check(c, o, u, err) : GROG_OK;
}

grog_status family_event(action_ctx *c, const char *type, grog_troop *u, grog_officer *o,
                         grog_error *err)
{
    const family_ops *ops = c->game->ops;
    return ops->event != NULL ? ops->event(c, type, u, o, err) : GROG_OK;
}

grog_status family_officer_fired_at(action_ctx *c, grog_officer *o, int n, grog_error *err)
{
    const family_ops *ops = c->game->ops;
    if (ops->officer_fired_at != NULL)
        return ops->officer_fired_at(c, o, n, err);
    int before = o->casualties;
    o->casualties += n;
    ctx_event(c, "", "officer-casualties",
              json_pack("{s:s,s:i,s:i}", "officer", o->id, "casualties", n, "total",
                        o->casualties),
              _("%s takes %d casualties (%d in all; a table event: these rules have no "
                "fire at officers)."),
              o->name, n, before + n);
    return GROG_OK;
}

grog_status family_officer_contact_check(action_ctx *c, const grog_officer *o, grog_error *err)
{
    const family_ops *ops = c->game->ops;
    return ops->officer_contact_check != NULL ? ops->officer_contact_check(c, o, err) : GROG_OK;
}

grog_status family_officer_harm_check(action_ctx *c, const grog_officer *o, grog_error *err)
{
    const family_ops *ops = c->game->ops;
    return ops->officer_harm_check != NULL ? ops->officer_harm_check(c, o, err) : GROG_OK;
}

grog_status family_move_check(action_ctx *c, const grog_troop *u, grog_error *err)
{
    const family_ops *ops = c->game->ops;
    return ops->move_check != NULL ? ops->move_check(c, u, err) : GROG_OK;
}

grog_status family_officer_surrounded(action_ctx *c, const grog_officer *o, grog_error *err)
{
    const family_ops *ops = c->game->ops;
    return ops->officer_surrounded != NULL ? ops->officer_surrounded(c, o, err) : GROG_OK;
}
