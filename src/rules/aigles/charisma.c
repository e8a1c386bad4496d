/* charisma.c — the morale modifier a unit gets from its side's officers
 * (AIG-O-03 to AIG-O-05).
 *
 * An officer of the unit's side in contact gives the contact range
 * -charisma..+charisma, chosen by his player after the die (AIG-O-03); with
 * several in contact, the highest charisma. Otherwise each officer within
 * his indirect radius gives +(charisma - 1), one less per further ring
 * (AIG-O-04), and the unit takes the best of them (AIG-O-05, the rules'
 * indirect_combine "best"; "sum" adds them). Captured or dead officers
 * (available 0) and the other side's officers give nothing. */
#include <math.h>
#include <stdio.h>

#include "i18n.h"
#include "rules/aigles/officers.h"

static const char *name_of(const grog_aigles_influence *o, size_t i, char *buf, size_t size)
{
    if (o->name != NULL)
        return o->name;
    snprintf(buf, size, _("officer %zu"), i + 1);
    return buf;
}

/* The contact officer of highest charisma, or -1. */
static int best_contact(const grog_aigles_rules *r, const grog_base *unit, int side,
                        const grog_aigles_influence *officers, size_t n)
{
    int best = -1;
    for (size_t i = 0; i < n; i++) {
        const grog_aigles_influence *o = &officers[i];
        if (!o->available || o->side != side || !aigles_in_contact(r, &o->base, unit))
            continue;
        if (best < 0 || o->charisma > officers[best].charisma)
            best = (int)i;
    }
    return best;
}

static grog_status indirect(const grog_aigles_rules *r, const grog_base *unit, int side,
                            const grog_aigles_influence *officers, size_t n, int figure_mm,
                            double mpp, grog_aigles_morale *res, grog_explain *e,
                            grog_error *err)
{
    for (size_t i = 0; i < n; i++) {
        const grog_aigles_influence *o = &officers[i];
        if (!o->available || o->side != side)
            continue;
        double d = aigles_distance_pas(&o->base, unit, mpp);
        int b;
        grog_status st = grog_aigles_charisma_bonus(r, o->charisma, figure_mm, d, &b, err);
        if (st != GROG_OK)
            return st;
        if (e != NULL) {
            char buf[32], text[256];
            snprintf(text, sizeof text, _("%s, charisma %d, %.1f pas away: %+d"),
                     name_of(o, i, buf, sizeof buf), o->charisma, d, b);
            grog_explain_add_note(e, "AIG-O-04", text);
        }
        if (r->combine == AIGLES_COMBINE_SUM && b > 0) {
            res->bonus += b;
            if (res->from < 0)
                res->from = (int)i;
        } else if (b > res->bonus) {
            res->bonus = b;
            res->from = (int)i;
        }
    }
    return GROG_OK;
}

static void record(const grog_aigles_influence *officers, const grog_aigles_morale *res,
                   grog_explain *e)
{
    char buf[32], label[256];
    if (res->contact) {
        const grog_aigles_influence *o = &officers[res->from];
        snprintf(label, sizeof label, _("%s in contact, charisma %d"),
                 name_of(o, (size_t)res->from, buf, sizeof buf), o->charisma);
        grog_explain_add_path(e, label);
        grog_explain_set_range(e, res->lo, res->hi, "morale");
        grog_explain_add_note(e, "AIG-O-03",
                              _("the officer's player chooses the modifier in this range after "
                                "the die is rolled; it is the last factor applied"));
        return;
    }
    if (res->from >= 0) {
        const grog_aigles_influence *o = &officers[res->from];
        snprintf(label, sizeof label, _("from %s (charisma %d)"),
                 name_of(o, (size_t)res->from, buf, sizeof buf), o->charisma);
        grog_explain_add_modifier(e, "AIG-O-04", label, res->bonus);
    }
    grog_explain_set_value(e, res->bonus, "morale");
}

grog_status grog_aigles_morale_modifier(const grog_aigles_rules *r, const grog_base *unit,
                                        int side, const grog_aigles_influence *officers,
                                        size_t n, int figure_mm, double mm_per_pas,
                                        grog_aigles_morale *res, grog_explain **out,
                                        grog_error *err)
{
    if (aigles_scale_index(figure_mm, err) < 0)
        return GROG_EINVAL;
    if (!(mm_per_pas >= 0) || !isfinite(mm_per_pas))
        return grog_error_set(err, GROG_EINVAL, _("millimetres per pas must be 0 or more"));
    for (size_t i = 0; i < n; i++) {
        if (aigles_rating_ok(r, officers[i].charisma))
            continue;
        grog_status st = aigles_check_rating(r, _("charisma"), officers[i].charisma, err);
        if (st != GROG_OK)
            return st;
    }
    grog_explain *e = NULL;
    if (out != NULL && (e = grog_explain_create("aigles-morale",
                                                _("Les Aigles: charisma modifier to morale"))) ==
                           NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_aigles_morale m = {0, 0, 0, 0, -1};
    m.from = best_contact(r, unit, side, officers, n);
    if (m.from >= 0) {
        m.contact = 1;
        m.lo = -officers[m.from].charisma;
        m.hi = officers[m.from].charisma;
    } else {
        grog_status st = indirect(r, unit, side, officers, n, figure_mm,
                                  aigles_mm_per_pas(r, mm_per_pas), &m, e, err);
        if (st != GROG_OK) {
            grog_explain_destroy(e);
            return st;
        }
    }
    if (e != NULL) {
        grog_explain_add_note(e, "AIG-O-05",
                              r->combine == AIGLES_COMBINE_BEST
                                  ? _("influences do not add up: contact first, else the best "
                                      "indirect bonus")
                                  : _("contact first, else the indirect bonuses added up "
                                      "(house rule)"));
        aigles_note_contact_default(r, e);
        record(officers, &m, e);
        *out = e;
    }
    *res = m;
    return GROG_OK;
}
