/* formation_terms.c — the terms of a change's time, each one modifier of the record
 * so that their total is the value: the rows' edges, the terms other rules replace
 * (small units, reforming, small batteries), the file and the status terms. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "formation_rules.h"
#include "i18n.h"
#include "formation_internal.h"

void fm_add_edge_term(ctx *x, grog_aigles_formation u, grog_aigles_formation v)
{
    const edge *ed = &x->g[u][v];
    const aigf_row *row = ed->row;
    int k = x->u->manoeuvre;
    char label[256];
    grog_text_snprintf(label, sizeof label, "%s -> %s (%s %s%s%s%s)", fm_word(u), fm_word(v),
                       fm_arm_word(x->u->arm), grog_manoeuvre_name(x->u->manoeuvre),
                       ed->reversed ? _(", the row taken the other way") : "",
                       ed->mass_alias ? _(", the mass row") : "",
                       ed->free ? _(", free during the move") : "");
    grog_explain_add_modifier(x->e, row->rule, label, ed->w);
    if (ed->reversed)
        grog_explain_add_rule(x->e, "AIG-F-27");
    if (ed->mass_alias)
        grog_explain_add_rule(x->e, x->r->massing.rule);
    if (row->suspect[k] != NULL) {
        char note[512];
        snprintf(note, sizeof note, "%s -> %s, %s %s: %s", fm_word(row->from), fm_word(row->to),
                 fm_arm_word(x->u->arm), grog_manoeuvre_name(x->u->manoeuvre),
                 row->suspect[k]);
        grog_explain_add_note(x->e, row->rule, note);
    }
    if (row->is_default) {
        char setting[128], value[64];
        snprintf(setting, sizeof setting, "formations.extra_rows %s<->%s", fm_name(row->from),
                 fm_name(row->to));
        snprintf(value, sizeof value, "%d half-periods", row->t[k]);
        grog_explain_add_default(x->e, setting, value, row->note ? row->note : "");
    }
}

static int is_small_unit(const ctx *x)
{
    const grog_aigles_fm_unit *u = x->u;
    int max;
    switch (u->arm) {
    case GROG_ARM_CAVALRY: max = x->r->small_unit.squadron_max; break;
    case GROG_ARM_FOOT_ARTILLERY:
    case GROG_ARM_HORSE_ARTILLERY:
        return u->figures > 0 && u->figures <= x->r->small_unit.artillery_max;
    default: max = x->r->small_unit.company_max; break;
    }
    if (u->figures <= 0 || u->subunits <= 0)
        return 0;
    if (x->r->in.small_unit_whole_unit_only)
        return u->subunits == 1 && u->figures <= max;
    return (u->figures + u->subunits - 1) / u->subunits <= max;
}

static int is_reform(const ctx *x)
{
    return x->c->action == GROG_AIGLES_ACT_CHANGE && x->c->to == GROG_AIGLES_FM_FORMED &&
           (x->c->from == GROG_AIGLES_FM_UNFORMED || x->c->from == GROG_AIGLES_FM_DISORDER);
}

int fm_is_small_battery(const ctx *x)
{
    const grog_aigles_fm_unit *u = x->u;
    if (u->arm != GROG_ARM_FOOT_ARTILLERY && u->arm != GROG_ARM_HORSE_ARTILLERY)
        return 0;
    if (is_reform(x) && !x->r->in.small_battery_covers_reform)
        return 0;
    return (u->subunits > 0 && u->subunits <= x->r->small_battery.max_sections) ||
           (u->figures > 0 && u->figures <= x->r->small_unit.artillery_max);
}

/* AIG-F-28 and AIG-F-30: times that replace the rows' total. */
int fm_replace_terms(ctx *x, int total)
{
    if (is_reform(x) && is_small_unit(x)) {
        int turn = x->r->small_unit.turns * x->r->in.turn_half_periods;
        int t = x->r->in.small_unit_time_is_cap && total < turn ? total : turn;
        grog_explain_add_modifier(x->e, x->r->small_unit.rule,
                                  _("a small unit reforms in one turn whatever its class"),
                                  t - total);
        return t;
    }
    if (fm_is_small_battery(x)) {
        int t = x->r->small_battery.half_periods;
        grog_explain_add_modifier(x->e, x->r->small_battery.rule,
                                  _("a battery of one section or half a section: 1/2 periode "
                                    "for any manoeuvre"),
                                  t - total);
        return t;
    }
    return total;
}

/* AIG-F-30: a long single file unlimbers slower. */
int fm_file_term(ctx *x)
{
    if (x->c->action != GROG_AIGLES_ACT_CHANGE || x->c->to != GROG_AIGLES_FM_UNLIMBERED ||
        x->u->file_depth <= 0 || fm_is_small_battery(x))
        return 0;
    int add = 0;
    for (int i = 0; i < 2; i++)
        if (x->u->file_depth > x->r->file.more_than[i])
            add = x->r->file.add[i];
    char label[128], detail[96];
    grog_text_snprintf(label, sizeof label, _("single file %d sections deep"), x->u->file_depth);
    grog_text_snprintf(detail, sizeof detail, _("no more than %d sections: nothing added"),
                       x->r->file.more_than[0]);
    if (add > 0)
        grog_explain_add_modifier(x->e, x->r->file.rule, label, add);
    else
        fm_check_ok(x, x->r->file.rule, label, detail);
    return add;
}

/* AIG-F-25: once per change ordered (or per row, by interpretation). */
int fm_status_term(ctx *x, int total, int rows, int is_action)
{
    if (!(x->r->status_extra.statuses & AIGF_BIT(x->u->status)))
        return 0;
    if (total == 0 && !x->r->in.status_extra_on_free_changes)
        return 0;
    if (is_action && !x->r->in.status_extra_on_actions)
        return 0;
    int times = x->r->in.status_extra_once_per_change || rows < 1 ? 1 : rows;
    int add = x->r->status_extra.half_periods * times;
    char label[128];
    grog_text_snprintf(label, sizeof label, _("status %s: 1/2 periode more per change"),
                       grog_explain_word(grog_unit_status_name(x->u->status)));
    grog_explain_add_modifier(x->e, x->r->status_extra.rule, label, add);
    return add;
}
