/* aigles_phase.c — the command phase of a whole battle (see aigles_phase.h).
 *
 * The sift: an officer can matter to a unit only if the edge-to-edge
 * distance can be within the largest charisma radius in play (or contact).
 * That distance is at least |centre - centre| - ra - rb, where r bounds half
 * a base's diagonal, so comparing squared centre distances with
 * (reach + ra + rb)^2, reach being each officer's own charisma radius (or
 * contact), discards most pairs without a square root or a sine. */
#include <stdlib.h>

#include "grognard/aigles_phase.h"
#include "i18n.h"

static double half_diagonal(const grog_base *b)
{
    return 0.5 * (b->width + b->depth); /* >= half the diagonal, cheap and safe */
}

grog_status grog_aigles_command_phase(const grog_aigles_rules *r, const grog_battle *b,
                                      grog_aigles_unit_command *out, grog_error *err)
{
    const grog_scale *sc = &grog_battle_table(b)->scale;
    size_t no = grog_battle_nofficers(b), nu = grog_battle_nunits(b);
    grog_aigles_influence *all = calloc(no + 1, sizeof *all);
    grog_aigles_influence *near = calloc(no + 1, sizeof *near);
    size_t *index = calloc(no + 1, sizeof *index);
    if (all == NULL || near == NULL || index == NULL) {
        free(all);
        free(near);
        free(index);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    double *reach = calloc(no + 1, sizeof *reach);
    if (reach == NULL) {
        free(all);
        free(near);
        free(index);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    for (size_t i = 0; i < no; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        size_t s = 0;
        grog_battle_side_index(b, o->side, &s);
        all[i] = (grog_aigles_influence){o->name, (int)s, o->ratings.aigles_charisma, o->base,
                                         o->state == GROG_OFFICER_ACTIVE};
        double pas = 0;
        grog_aigles_charisma_radius(r, o->ratings.aigles_charisma, sc->figure_mm, &pas, NULL);
        /* his own reach: his charisma radius, or contact (with some slack) */
        reach[i] = grog_length_to_mm(pas, GROG_UNIT_PAS, sc) + 1.0 + half_diagonal(&o->base);
    }
    grog_status st = GROG_OK;
    for (size_t u = 0; u < nu && st == GROG_OK; u++) {
        const grog_troop *t = grog_battle_unit(b, u);
        size_t side = 0, n = 0;
        grog_battle_side_index(b, t->side, &side);
        double ru = half_diagonal(&t->base);
        for (size_t i = 0; i < no; i++) {
            if (all[i].side != (int)side || !all[i].available)
                continue;
            double dx = all[i].base.centre.x - t->base.centre.x;
            double dy = all[i].base.centre.y - t->base.centre.y;
            double lim = reach[i] + ru;
            if (dx * dx + dy * dy > lim * lim)
                continue;
            near[n] = all[i];
            index[n++] = i;
        }
        grog_aigles_unit_command *c = &out[u];
        st = grog_aigles_morale_modifier(r, &t->base, (int)side, near, n, sc->figure_mm,
                                         sc->mm_per_pas, &c->morale, NULL, err);
        if (c->morale.from >= 0)
            c->morale.from = (int)index[c->morale.from];
        size_t p = 0;
        c->has_commander = grog_battle_officer_index(b, t->parent, &p) &&
                           grog_battle_officer(b, p)->state == GROG_OFFICER_ACTIVE;
        c->in_zone = 0;
        c->distance_pas = 0;
        if (st != GROG_OK || !c->has_commander)
            continue;
        const grog_officer *o = grog_battle_officer(b, p);
        double zone = 0;
        int contact_only = 0;
        st = grog_aigles_zone(r, o->ratings.aigles_command, sc->figure_mm, &zone, &contact_only,
                              err);
        c->distance_pas = grog_length_from_mm(grog_base_distance(&o->base, &t->base),
                                              GROG_UNIT_PAS, sc);
        c->in_zone = contact_only ? c->distance_pas <= 0.0 : (zone > 0 && c->distance_pas <= zone);
    }
    free(reach);
    free(all);
    free(near);
    free(index);
    return st;
}
