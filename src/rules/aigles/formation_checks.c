/* formation_checks.c — the refusals and checks of a formation change: the input,
 * the arms a formation allows, the square, the division, dismounting, the mass and a
 * halted unit; each check is a line of the record, a refusal GROG_ERULE naming its
 * rule. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "formation_rules.h"
#include "i18n.h"
#include "formation_internal.h"

/* GROG_ERULE with "RULE: message". */

grog_status fm_refuse(grog_error *err, const char *rule, const char *fmt, ...)
{
    char msg[GROG_ERROR_MAX - 32];
    va_list ap;
    va_start(ap, fmt);
    grog_text_vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return grog_error_set(err, GROG_ERULE, _("%s: %s"), rule, msg);
}

void fm_check_ok(ctx *x, const char *rule, const char *label, const char *detail)
{
    grog_explain_add_check(x->e, rule, label, 1, detail);
}

const char *fm_name(grog_aigles_formation f)
{
    return grog_aigles_formation_name(f);
}

/* The words of a formation, arm or status for text (labels, notes, messages);
 * the path and the settings keep the ids. */
const char *fm_word(grog_aigles_formation f)
{
    return grog_explain_word(fm_name(f));
}

const char *fm_arm_word(grog_arm a)
{
    return grog_explain_word(grog_arm_name(a));
}

grog_status fm_check_input(const grog_aigles_fm_unit *u, const grog_aigles_fm_change *c,
                           grog_error *err)
{
    if ((int)u->arm < 0 || u->arm >= GROG_ARM_COUNT || (int)u->status < 0 ||
        u->status >= GROG_STATUS_COUNT || (int)u->manoeuvre < 0 ||
        u->manoeuvre >= GROG_MANOEUVRE_COUNT)
        return grog_error_set(err, GROG_EINVAL, _("unknown arm, status or manoeuvre class"));
    if (u->figures < 0 || u->subunits < 0 || u->file_depth < 0 || c->move_half_periods < 0 ||
        c->front < 0 || c->new_front < 0)
        return grog_error_set(err, GROG_EINVAL, _("counts and times cannot be negative"));
    if (u->has_nation && ((int)u->nation < 0 || u->nation >= GROG_NATION_COUNT))
        return grog_error_set(err, GROG_EINVAL, _("unknown nation"));
    if ((int)c->action < 0 || c->action >= GROG_AIGLES_ACT_COUNT || !fm_valid(c->from) ||
        !fm_valid(c->to))
        return grog_error_set(err, GROG_EINVAL, _("unknown action or formation"));
    if (u->calibre < 0)
        return grog_error_set(err, GROG_EINVAL, _("a calibre cannot be negative"));
    if (u->file_depth > 0 && u->arm != GROG_ARM_FOOT_ARTILLERY &&
        u->arm != GROG_ARM_HORSE_ARTILLERY)
        return grog_error_set(err, GROG_EINVAL, _("a file depth is for artillery only"));
    if (u->file_depth > 0 && u->subunits > 0 && u->file_depth > u->subunits)
        return grog_error_set(err, GROG_EINVAL,
                              _("a file %d sections deep needs at least %d sections, not %d"),
                              u->file_depth, u->file_depth, u->subunits);
    return GROG_OK;
}

grog_status fm_check_arms(ctx *x, grog_error *err)
{
    const char *arm = fm_arm_word(x->u->arm);
    char d[160];
    grog_aigles_formation ends[2] = {x->c->from, x->c->to};
    for (int i = 0; i < 2; i++) {
        const aigf_entry *c = &x->r->cat[ends[i]];
        if (!fm_arm_may(x, ends[i]))
            return fm_refuse(err, c->arms_rule, _("%s cannot be in %s"), arm, fm_word(ends[i]));
    }
    snprintf(d, sizeof d, "%s -> %s", fm_word(x->c->from), fm_word(x->c->to));
    fm_check_ok(x, x->r->cat[x->c->to].arms_rule, _("formation open to this arm"), d);
    return GROG_OK;
}

/* AIG-F-07: a square needs at least min_figures. */
grog_status fm_check_square(ctx *x, grog_error *err)
{
    if (x->r->cat[x->c->to].depth != GROG_AIGLES_DEPTH_SQUARE)
        return GROG_OK;
    int min = x->r->square.min_figures;
    if (x->u->figures == 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("%s: give the unit's figures to check a square needs at least %d"),
                              x->r->square.rule, min);
    if (x->u->figures < min)
        return fm_refuse(err, x->r->square.rule,
                         _("a square needs at least %d figures; this unit has %d"), min,
                         x->u->figures);
    char d[96];
    grog_text_snprintf(d, sizeof d, _("%d figures, at least %d"), x->u->figures, min);
    fm_check_ok(x, x->r->square.rule, _("enough figures for a square"), d);
    return GROG_OK;
}

/* AIG-F-15: the cavalry column of division belongs to a few nations. */
grog_status fm_check_division(ctx *x, grog_error *err)
{
    if (x->u->arm != GROG_ARM_CAVALRY || (x->c->from != GROG_AIGLES_FM_DIVISION_COLUMN &&
                                          x->c->to != GROG_AIGLES_FM_DIVISION_COLUMN))
        return GROG_OK;
    const char *rule = x->r->division.rule;
    if (!x->u->has_nation)
        return grog_error_set(err, GROG_EINVAL,
                              _("%s: give the nation to check the cavalry column of division"),
                              rule);
    if (!(x->r->division.nations & AIGF_BIT(x->u->nation)))
        return fm_refuse(err, rule,
                         _("only Austrian, Prussian and Russian cavalry form column of division, "
                           "not %s"),
                         grog_nation_name(x->u->nation));
    fm_check_ok(x, rule, _("cavalry column of division"), grog_nation_name(x->u->nation));
    return GROG_OK;
}

/* AIG-F-16: only cavalry with a dismounted entry dismounts. */
grog_status fm_check_dismount(ctx *x, grog_error *err)
{
    if (x->c->from != GROG_AIGLES_FM_DISMOUNTED && x->c->to != GROG_AIGLES_FM_DISMOUNTED)
        return GROG_OK;
    if (!x->u->can_dismount)
        return fm_refuse(err, "AIG-F-16",
                         _("only cavalry that also has infantry characteristics (a dismounted "
                           "entry) may dismount"));
    fm_check_ok(x, "AIG-F-16", _("cavalry with a dismounted entry"), NULL);
    return GROG_OK;
}

/* AIG-F-03/AIG-F-10: only a column of attack, by company or of division
 * (not extended) masses (interpretation mass_only_from_columns). */
grog_status fm_check_mass(ctx *x, grog_error *err)
{
    const aigf_entry *to = &x->r->cat[x->c->to];
    const aigf_entry *from = &x->r->cat[x->c->from];
    if (to->spacing != GROG_AIGLES_SPACING_MASSED || from->spacing == GROG_AIGLES_SPACING_MASSED)
        return GROG_OK;
    const char *rule = x->r->massing.rule;
    int ok = (x->r->massing.from & AIGF_BIT(x->c->from)) != 0;
    if (!ok && x->r->in.mass_only_from_columns)
        return fm_refuse(err, rule,
                         _("only a column of attack, by company or of division (not extended) "
                           "may mass, not %s"),
                         fm_word(x->c->from));
    fm_check_ok(x, rule, _("massing from a column"), fm_word(x->c->from));
    return GROG_OK;
}

/* AIG-F-12 (squares do not move) and the halted-only rows (AIG-F-10). */
grog_status fm_check_halted(ctx *x, grog_error *err)
{
    if (!fm_moving(x))
        return GROG_OK;
    if (!x->r->cat[x->c->to].may_move)
        return fm_refuse(err, "AIG-F-12", _("a %s cannot move: make the change halted"),
                         fm_word(x->c->to));
    for (int i = 0; i < x->r->nextra; i++) {
        const aigf_row *row = &x->r->extra[i];
        if (row->halted_only && ((row->from == x->c->from && row->to == x->c->to) ||
                                 (row->from == x->c->to && row->to == x->c->from)))
            return fm_refuse(err, row->rule, _("%s <-> %s only at the halt"), fm_word(row->from),
                             fm_word(row->to));
    }
    return GROG_OK;
}
