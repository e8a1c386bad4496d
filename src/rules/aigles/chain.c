/* chain.c — the chain of command of Les Aigles in a battle: who may order
 * whom (AIG-O-10, AIG-O-11), which ADC may carry an order to whom (AIG-O-11,
 * AIG-O-12), and which ADC may replace a lost general (AIG-O-27).
 *
 * One function per check, called by the game's actions (`order`,
 * `explaining`, `adc`, `replace`) and by `grognard explain ... aigles-order`
 * alike, so that the two never disagree. Each adds its check to a record
 * when one is given (the refused case included) and returns GROG_ERULE with
 * a message naming the rule and the pieces by their ids when the rules say
 * no; an unknown id is GROG_ENOTFOUND. The battle is only read.
 *
 * The seed (000 Officiers): "Un général peut changer les ordres de son unité
 * ou de son suborné" (his unit or his subordinate); "le supérieur devra
 * dépêcher son aide de camp qui ira au contact du subalterne"; "Les aides de
 * camp d'un général ne peuvent remplacer qu'un général subalterne au général
 * auquel appartient l'aide de camp". */
#include <stdio.h>
#include <string.h>

#include "grognard/text.h"
#include "i18n.h"
#include "rules/aigles/officers.h"

static grog_status refuse(grog_explain *e, grog_error *err, const char *rule, const char *label,
                          const char *detail)
{
    if (e != NULL)
        grog_explain_add_check(e, rule, label, 0, detail);
    return grog_error_set(err, GROG_ERULE, _("%s: %s"), rule, detail);
}

static void pass(grog_explain *e, const char *rule, const char *label, const char *detail)
{
    if (e != NULL)
        grog_explain_add_check(e, rule, label, 1, detail);
}

/* How many levels officer `lower` stands below `upper` (1: upper is his
 * direct superior), 0 when he is not below him. Bounded by the number of
 * officers, so a cycle in a damaged battle ends. */
int grog_aigles_battle_depth_below(const grog_battle *b, size_t upper, size_t lower)
{
    size_t n = grog_battle_nofficers(b), at = lower;
    for (size_t depth = 1; depth <= n; depth++) {
        size_t up;
        const char *sup = grog_battle_officer(b, at)->superior;
        if (sup[0] == '\0' || !grog_battle_officer_index(b, sup, &up))
            return 0;
        if (up == upper)
            return (int)depth;
        at = up;
    }
    return 0;
}

/* A unit is his when its commanding officer is he or below him (the units
 * of his command, grog_battle_command_units, at any depth). */
static int unit_is_his(const grog_battle *b, size_t gi, const grog_troop *u)
{
    size_t pi;
    if (u->parent[0] == '\0' || !grog_battle_officer_index(b, u->parent, &pi))
        return 0;
    return pi == gi || grog_aigles_battle_depth_below(b, gi, pi) > 0;
}

grog_status grog_aigles_battle_chain(const grog_battle *b, const char *giver, const char *target,
                                     grog_explain *e, grog_error *err)
{
    size_t gi, ti;
    char detail[256];
    if (giver == NULL || !grog_battle_officer_index(b, giver, &gi))
        return grog_error_set(err, GROG_ENOTFOUND, _("no officer \"%s\""),
                              giver != NULL ? giver : "");
    const grog_officer *g = grog_battle_officer(b, gi);
    if (target != NULL && grog_battle_unit_index(b, target, &ti)) {
        const grog_troop *u = grog_battle_unit(b, ti);
        grog_text_snprintf(detail, sizeof detail, _("unit %s (commanded by %s) is not under %s"),
                           u->id, u->parent[0] ? u->parent : "-", g->id);
        if (strcmp(u->side, g->side) != 0) {
            grog_text_snprintf(detail, sizeof detail, _("unit %s is of the enemy (%s), not %s's"),
                               u->id, u->side, g->id);
            return refuse(e, err, "AIG-O-10", _("his unit"), detail);
        }
        if (!unit_is_his(b, gi, u))
            return refuse(e, err, "AIG-O-10", _("his unit"), detail);
        grog_text_snprintf(detail, sizeof detail, _("unit %s (commanded by %s) is under %s"), u->id,
                           u->parent, g->id);
        pass(e, "AIG-O-10", _("his unit"), detail);
        return GROG_OK;
    }
    if (target == NULL || !grog_battle_officer_index(b, target, &ti))
        return grog_error_set(err, GROG_ENOTFOUND, _("no unit or officer \"%s\""),
                              target != NULL ? target : "");
    const grog_officer *o = grog_battle_officer(b, ti);
    if (ti == gi) {
        grog_text_snprintf(detail, sizeof detail, _("%s does not order himself"), g->id);
        return refuse(e, err, "AIG-O-11", _("his subordinate"), detail);
    }
    if (strcmp(o->side, g->side) != 0) {
        grog_text_snprintf(detail, sizeof detail, _("officer %s is of the enemy (%s), not %s's"),
                           o->id, o->side, g->id);
        return refuse(e, err, "AIG-O-11", _("his subordinate"), detail);
    }
    if (grog_aigles_battle_depth_below(b, gi, ti) == 0) {
        grog_text_snprintf(detail, sizeof detail, _("officer %s (superior %s) is not below %s"),
                           o->id, o->superior[0] ? o->superior : "-", g->id);
        return refuse(e, err, "AIG-O-11", _("his subordinate"), detail);
    }
    grog_text_snprintf(detail, sizeof detail, _("officer %s (superior %s) is below %s"), o->id,
                       o->superior, g->id);
    pass(e, "AIG-O-11", _("his subordinate"), detail);
    return GROG_OK;
}

grog_status grog_aigles_battle_adc_chain(const grog_battle *b, const char *adc, const char *sub,
                                         grog_explain *e, grog_error *err)
{
    size_t ai, si, gi;
    char detail[256];
    if (adc == NULL || !grog_battle_officer_index(b, adc, &ai))
        return grog_error_set(err, GROG_ENOTFOUND, _("no officer \"%s\""), adc != NULL ? adc : "");
    if (sub == NULL || !grog_battle_officer_index(b, sub, &si))
        return grog_error_set(err, GROG_ENOTFOUND, _("no officer \"%s\""), sub != NULL ? sub : "");
    const grog_officer *a = grog_battle_officer(b, ai), *s = grog_battle_officer(b, si);
    if (a->role != GROG_ROLE_ADC) {
        grog_text_snprintf(detail, sizeof detail, _("%s is not an aide-de-camp"), a->id);
        return refuse(e, err, "AIG-O-02", _("an aide-de-camp of a general"), detail);
    }
    if (a->superior[0] == '\0' || !grog_battle_officer_index(b, a->superior, &gi)) {
        grog_text_snprintf(detail, sizeof detail, _("%s belongs to no general"), a->id);
        return refuse(e, err, "AIG-O-02", _("an aide-de-camp of a general"), detail);
    }
    if (strcmp(s->side, a->side) != 0 || !grog_role_is_general(s->role) ||
        grog_aigles_battle_depth_below(b, gi, si) == 0) {
        grog_text_snprintf(detail, sizeof detail, _("%s is not a general below %s, %s's general"),
                           s->id, a->superior, a->id);
        return refuse(e, err, "AIG-O-11", _("the ADC's general's subordinate"), detail);
    }
    grog_text_snprintf(detail, sizeof detail, _("%s (superior %s) is below %s, %s's general"),
                       s->id, s->superior, a->superior, a->id);
    pass(e, "AIG-O-11", _("the ADC's general's subordinate"), detail);
    return GROG_OK;
}

int grog_aigles_replace_depth_ok(const grog_aigles_rules *r, int depth)
{
    return depth == 1 || (depth > 1 && r->replace_any_depth);
}

grog_status grog_aigles_battle_replace_check(const grog_aigles_rules *r, const grog_battle *b,
                                             const char *lost, const char *adc, grog_explain *e,
                                             grog_error *err)
{
    size_t li, ai, gi;
    char detail[256];
    if (lost == NULL || !grog_battle_officer_index(b, lost, &li))
        return grog_error_set(err, GROG_ENOTFOUND, _("no officer \"%s\""),
                              lost != NULL ? lost : "");
    if (adc == NULL || !grog_battle_officer_index(b, adc, &ai))
        return grog_error_set(err, GROG_ENOTFOUND, _("no officer \"%s\""), adc != NULL ? adc : "");
    const grog_officer *l = grog_battle_officer(b, li), *a = grog_battle_officer(b, ai);
    if (!grog_role_is_general(l->role) || l->state == GROG_OFFICER_ACTIVE) {
        grog_text_snprintf(detail, sizeof detail,
                           _("%s is not lost (%s): only a lost general is replaced"), l->id,
                           grog_explain_word(grog_officer_state_name(l->state)));
        return refuse(e, err, "AIG-O-27", _("a lost general"), detail);
    }
    if (a->role != GROG_ROLE_ADC || a->state != GROG_OFFICER_ACTIVE ||
        strcmp(a->side, l->side) != 0) {
        grog_text_snprintf(detail, sizeof detail,
                           _("%s is not an active aide-de-camp of %s's side"), a->id, l->id);
        return refuse(e, err, "AIG-O-27", _("an active aide-de-camp"), detail);
    }
    int depth = a->superior[0] != '\0' && grog_battle_officer_index(b, a->superior, &gi)
                    ? grog_aigles_battle_depth_below(b, gi, li)
                    : 0;
    if (!grog_aigles_replace_depth_ok(r, depth)) {
        if (depth > 1)
            grog_text_snprintf(
                detail, sizeof detail,
                _("%s stands %d levels below %s, %s's general; replacement.any_depth is "
                  "off: only a general directly under him"),
                l->id, depth, a->superior, a->id);
        else
            grog_text_snprintf(
                detail, sizeof detail,
                _("%s is not subordinate to %s's general (%s): an ADC replaces only a "
                  "general subordinate to his own general"),
                l->id, a->id, a->superior[0] ? a->superior : "-");
        return refuse(e, err, "AIG-O-27", _("a general subordinate to the ADC's general"),
                      detail);
    }
    grog_text_snprintf(detail, sizeof detail,
                       ngettext("%s stands %d level below %s, %s's general",
                                "%s stands %d levels below %s, %s's general", (unsigned long)depth),
                       l->id, depth, a->superior, a->id);
    pass(e, "AIG-O-27", _("a general subordinate to the ADC's general"), detail);
    return GROG_OK;
}
