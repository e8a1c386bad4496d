/* formation_notes.c — the named effects of the new formation, as notes of the
 * record (massing, the unit's own notes, irregulars), and
 * grog_aigles_formation_effects. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "formation_rules.h"
#include "i18n.h"
#include "formation_internal.h"

static void add_effects(ctx *x, const aigf_effects *fx)
{
    for (int i = 0; i < fx->n; i++)
        if (fx->v[i].arms & AIGF_BIT(x->u->arm))
            grog_explain_add_note(x->e, fx->v[i].rule, fx->v[i].text);
}

/* AIG-F-10, AIG-F-12: what massing takes off, by the card's own function
 * (grog_aigles_formation_on_table), so the change and the card agree. */
static void add_massing_note(ctx *x)
{
    if (x->c->to != GROG_AIGLES_FM_MASS_COLUMN || x->c->from == GROG_AIGLES_FM_DIVISION_COLUMN ||
        x->c->from == GROG_AIGLES_FM_MASS_SQUARE || x->u->subunits < 1 || x->u->figures < 1)
        return;
    grog_aigles_massing m;
    grog_aigles_on_table t;
    if (grog_aigles_formation_massing(x->r, x->u->subunits, 1, &m, NULL) != GROG_OK ||
        grog_aigles_formation_on_table(x->r, x->c->to, x->u->figures, x->u->subunits, &t,
                                       NULL) != GROG_OK)
        return;
    char note[256];
    grog_text_snprintf(
        note, sizeof note,
        _("%d ranks (one per company): %d kept, %d taken off (%d figures, put back when it "
          "leaves massed order)"),
        x->u->subunits, m.ranks_kept, m.ranks_removed, x->u->figures - t.figures);
    grog_explain_add_note(x->e, x->r->massing.rule, note);
}

static void add_unit_notes(ctx *x)
{
    char note[256];
    const grog_aigles_fm_unit *u = x->u;
    add_massing_note(x);
    if (x->c->to == GROG_AIGLES_FM_DISMOUNTED && u->figures > 0) {
        grog_text_snprintf(note, sizeof note,
                           _("%d horse-holders stay mounted, %d foot figures deploy"), u->figures,
                           u->figures);
        grog_explain_add_note(x->e, "AIG-F-16", note);
    }
    if (x->c->to == GROG_AIGLES_FM_COMPANY_COLUMN && u->arm == GROG_ARM_CAVALRY &&
        u->subunits > 0 && u->figures > 0 && u->figures % u->subunits == 0) {
        int lead, rear;
        if (grog_aigles_formation_squadron_split(u->figures / u->subunits, &lead, &rear, NULL) ==
            GROG_OK) {
            grog_text_snprintf(note, sizeof note,
                               _("each squadron of %d: leading company %d, rear %d"),
                               u->figures / u->subunits, lead, rear);
            grog_explain_add_note(x->e, "AIG-F-14", note);
        }
    }
    if (x->c->to == GROG_AIGLES_FM_LIMBERED && u->subunits > 0) {
        grog_aigles_teams t;
        if (grog_aigles_formation_teams(x->r, u->arm, u->subunits, u->calibre, &t, NULL) ==
            GROG_OK) {
            grog_text_snprintf(note, sizeof note, _("%d teams of %d pairs of horses"), t.teams,
                               t.pairs_per_team);
            grog_explain_add_note(x->e, x->r->teams.rule, note);
        }
    }
    if (x->c->to == GROG_AIGLES_FM_HOLLOW_SQUARE && u->figures > 0) {
        grog_aigles_shelter s;
        if (grog_aigles_formation_shelter(x->r, u->figures, 0, 0, &s, NULL) == GROG_OK) {
            grog_text_snprintf(note, sizeof note, _("may shelter up to %d figures"), s.capacity);
            grog_explain_add_note(x->e, x->r->hollow.rule, note);
        }
    }
}

int fm_is_irregular(const grog_aigles_fm_unit *u)
{
    return u->irregular_formation || u->status == GROG_STATUS_IRREGULAR;
}

void fm_add_irregular_note(ctx *x)
{
    if (fm_is_irregular(x->u))
        grog_explain_add_note(x->e, "AIG-F-23",
                              _("irregular: fights in a mass, no line-movement or pivot rules; "
                                "infantry at least 3 figures wide and 3 deep (under 9 figures, "
                                "freely within 3 x 3)"));
}

void fm_add_notes(ctx *x, grog_aigles_formation f)
{
    const aigf_entry *c = &x->r->cat[f];
    add_effects(x, &x->r->spacing_effects[c->spacing]);
    if (x->u->arm != GROG_ARM_FOOT_ARTILLERY && x->u->arm != GROG_ARM_HORSE_ARTILLERY)
        add_effects(x, &x->r->depth_effects[c->depth]);
    add_effects(x, &c->effects);
    add_unit_notes(x);
    fm_add_irregular_note(x);
}

grog_status grog_aigles_formation_effects(const grog_aigles_formation_rules *r,
                                          const grog_aigles_fm_unit *u, grog_aigles_formation f,
                                          grog_explain *e, grog_error *err)
{
    if ((int)f < 0 || f >= GROG_AIGLES_FM_COUNT)
        return grog_error_set(err, GROG_EINVAL, _("no such formation"));
    grog_aigles_fm_change c = grog_aigles_fm_change_default();
    c.from = c.to = f;
    ctx x;
    memset(&x, 0, sizeof x);
    x.r = r;
    x.u = u;
    x.c = &c;
    x.e = e;
    const aigf_entry *en = &r->cat[f];
    add_effects(&x, &r->spacing_effects[en->spacing]);
    if (u->arm != GROG_ARM_FOOT_ARTILLERY && u->arm != GROG_ARM_HORSE_ARTILLERY)
        add_effects(&x, &r->depth_effects[en->depth]);
    add_effects(&x, &en->effects);
    fm_add_irregular_note(&x);
    return GROG_OK;
}
