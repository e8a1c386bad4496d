/* family_hooks.c — the family-specific consequences of the common actions:
 * attaching (GT-03..05 in gt games), and table events (GT-08 when a unit with
 * a general flees; the aigles officer rules on casualties, melee and
 * capture). Each family file exports the functions called here. */
#include <string.h>

#include "engine.h"


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
