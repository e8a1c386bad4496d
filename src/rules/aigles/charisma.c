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
#include <stdlib.h>

#include "grognard/text.h"
#include "i18n.h"
#include "rules/aigles/officers.h"

static const char *name_of(const grog_aigles_influence *o, size_t i, char *buf, size_t size)
{
    if (o->name != NULL)
        return o->name;
    grog_text_snprintf(buf, size, _("officer %zu"), i + 1);
    return buf;
}

/* The distance in mm from each officer to the unit (the table's when the
 * tape has one), and whether it came from the table. */
typedef struct reach {
    double *mm;
    unsigned char *table;
} reach;

static int counts(const grog_aigles_influence *o, int side)
{
    return o->available && o->side == side;
}

static int measure_all(const grog_base *unit, int side,
                       const grog_aigles_influence *officers, size_t n,
                       const grog_aigles_morale_pieces *p, reach *x)
{
    x->mm = calloc(n > 0 ? n : 1, sizeof *x->mm);
    x->table = calloc(n > 0 ? n : 1, 1);
    if (x->mm == NULL || x->table == NULL)
        return 0;
    for (size_t i = 0; i < n; i++) {
        x->mm[i] = grog_base_distance(&officers[i].base, unit);
        if (p == NULL || p->officers == NULL || !counts(&officers[i], side))
            continue;
        grog_measure m = grog_measure_map(GROG_MEASURE_DISTANCE, p->officers[i], p->unit,
                                          "AIG-O-04", GROG_UNIT_PAS);
        m.mm = x->mm[i];
        x->table[i] = (unsigned char)grog_tape_take(p->tape, &m);
        x->mm[i] = m.mm;
    }
    return 1;
}

static int in_contact(const grog_aigles_rules *r, double mm)
{
    return mm <= r->contact_tolerance_mm + AIGLES_EPS_MM;
}

/* The contact officer of highest charisma, or -1. */
static int best_contact(const grog_aigles_rules *r, int side,
                        const grog_aigles_influence *officers, size_t n, const reach *x)
{
    int best = -1;
    for (size_t i = 0; i < n; i++) {
        const grog_aigles_influence *o = &officers[i];
        if (!counts(o, side) || !in_contact(r, x->mm[i]))
            continue;
        if (best < 0 || o->charisma > officers[best].charisma)
            best = (int)i;
    }
    return best;
}

static grog_status indirect(const grog_aigles_rules *r, int side,
                            const grog_aigles_influence *officers, size_t n, int figure_mm,
                            double mpp, const reach *x, grog_aigles_morale *res, int *bonus,
                            grog_explain *e, grog_error *err)
{
    for (size_t i = 0; i < n; i++) {
        const grog_aigles_influence *o = &officers[i];
        if (!counts(o, side))
            continue;
        double d = x->mm[i] / mpp;
        int b;
        grog_status st = grog_aigles_charisma_bonus(r, o->charisma, figure_mm, d, &b, err);
        if (st != GROG_OK)
            return st;
        bonus[i] = b;
        if (e != NULL) {
            char buf[32], text[256];
            grog_text_snprintf(text, sizeof text, _("%s, charisma %d, %.1f pas away: %+d"),
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

/* The measures that count (tape.h): the table's, and the map's of the
 * officers in contact or giving a bonus. */
static void add_measures(const grog_aigles_rules *r, int side,
                         const grog_aigles_influence *officers, size_t n,
                         const grog_aigles_morale_pieces *p, const reach *x, const int *bonus,
                         int figure_mm, double mpp, grog_explain *e)
{
    if (p == NULL || p->officers == NULL || p->unit == NULL)
        return;
    grog_scale scale = {figure_mm, mpp};
    for (size_t i = 0; i < n; i++) {
        if (!counts(&officers[i], side) ||
            !(x->table[i] || in_contact(r, x->mm[i]) || bonus[i] > 0))
            continue;
        grog_measure m = grog_measure_map(GROG_MEASURE_DISTANCE, p->officers[i], p->unit,
                                          in_contact(r, x->mm[i]) ? "AIG-O-03" : "AIG-O-04",
                                          GROG_UNIT_PAS);
        m.mm = x->mm[i];
        m.source = x->table[i] ? GROG_MEASURE_TABLE : GROG_MEASURE_MAP;
        grog_explain_add_measure(e, &m, &scale);
    }
}
static void record(const grog_aigles_influence *officers, const grog_aigles_morale *res,
                   grog_explain *e)
{
    char buf[32], label[256];
    if (res->contact) {
        const grog_aigles_influence *o = &officers[res->from];
        grog_text_snprintf(label, sizeof label, _("%s in contact, charisma %d"),
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
        grog_text_snprintf(label, sizeof label, _("from %s (charisma %d)"),
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
    return grog_aigles_morale_measured(r, unit, side, officers, n, figure_mm, mm_per_pas, NULL,
                                       res, out, err);
}

static grog_status check_morale_input(const grog_aigles_rules *r,
                                      const grog_aigles_influence *officers, size_t n,
                                      int figure_mm, double mm_per_pas, grog_error *err)
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
    return GROG_OK;
}

static void reach_free(reach *x, int *bonus)
{
    free(x->mm);
    free(x->table);
    free(bonus);
}

grog_status grog_aigles_morale_measured(const grog_aigles_rules *r, const grog_base *unit,
                                        int side, const grog_aigles_influence *officers,
                                        size_t n, int figure_mm, double mm_per_pas,
                                        const grog_aigles_morale_pieces *pieces,
                                        grog_aigles_morale *res, grog_explain **out,
                                        grog_error *err)
{
    grog_status st = check_morale_input(r, officers, n, figure_mm, mm_per_pas, err);
    if (st != GROG_OK)
        return st;
    reach x = {NULL, NULL};
    int *bonus = calloc(n > 0 ? n : 1, sizeof *bonus);
    grog_explain *e = NULL;
    if (bonus == NULL || !measure_all(unit, side, officers, n, pieces, &x) ||
        (out != NULL && (e = grog_explain_create("aigles-morale",
                                                 _("Les Aigles: charisma modifier to morale"))) ==
                            NULL)) {
        reach_free(&x, bonus);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    double mpp = aigles_mm_per_pas(r, mm_per_pas);
    grog_aigles_morale m = {0, 0, 0, 0, -1};
    m.from = best_contact(r, side, officers, n, &x);
    if (m.from >= 0) {
        m.contact = 1;
        m.lo = -officers[m.from].charisma;
        m.hi = officers[m.from].charisma;
    } else if ((st = indirect(r, side, officers, n, figure_mm, mpp, &x, &m, bonus, e, err)) !=
               GROG_OK) {
        grog_explain_destroy(e);
        reach_free(&x, bonus);
        return st;
    }
    if (e != NULL) {
        add_measures(r, side, officers, n, pieces, &x, bonus, figure_mm, mpp, e);
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
    reach_free(&x, bonus);
    *res = m;
    return GROG_OK;
}
