/* capture.c — officers as events the table reports (AIG-O-01, AIG-O-02,
 * AIG-O-21 to AIG-O-27): contact by the enemy and the Avance marker,
 * capture when surrounded, a prisoner's speed, liberation by a won melee,
 * fire at an isolated officer (40 casualties), death in melee or by fire,
 * replacement of a lost general by an ADC.
 *
 * Each function changes only the officer(s) it is given, and only when the
 * rules allow it; a refusal returns GROG_ERULE naming its rule and changes
 * nothing. A record e (may be NULL) receives a check or a note. */
#include <stdio.h>

#include "grognard/text.h"
#include "i18n.h"
#include "rules/aigles/officers.h"

static const char *const state_names[] = {"active", "prisoner", "dead"};

const char *grog_aigles_officer_state_name(grog_aigles_officer_state s)
{
    return s >= GROG_AIGLES_ACTIVE && s <= GROG_AIGLES_DEAD ? state_names[s] : "?";
}

static void note(grog_explain *e, const char *rule, const char *text)
{
    if (e != NULL)
        grog_explain_add_note(e, rule, text);
}

static grog_status refuse(grog_explain *e, grog_error *err, const char *rule, const char *label,
                          const char *detail)
{
    if (e != NULL)
        grog_explain_add_check(e, rule, label, 0, detail);
    return grog_error_set(err, GROG_ERULE, _("%s: %s"), rule, detail);
}

static const grog_aigles_officer *find(const grog_aigles_officer *officers, size_t n, int id)
{
    for (size_t i = 0; i < n; i++)
        if (officers[i].id == id)
            return &officers[i];
    return NULL;
}

grog_status grog_aigles_officers_check(const grog_aigles_rules *r,
                                       const grog_aigles_officer *officers, size_t n,
                                       grog_error *err)
{
    for (size_t i = 0; i < n; i++) {
        const grog_aigles_officer *o = &officers[i];
        char what[64];
        grog_text_snprintf(what, sizeof what, _("officer %d's charisma"), o->id);
        grog_status st = aigles_check_rating(r, what, o->charisma, err);
        grog_text_snprintf(what, sizeof what, _("officer %d's command"), o->id);
        if (st == GROG_OK)
            st = aigles_check_rating(r, what, o->command, err);
        if (st != GROG_OK)
            return st;
        for (size_t j = 0; j < i; j++)
            if (officers[j].id == o->id)
                return grog_error_set(err, GROG_EINVAL, _("two officers have the id %d"), o->id);
        if (!o->is_adc)
            continue;
        const grog_aigles_officer *g = find(officers, n, o->superior);
        if (g == NULL || g->is_adc || g->side != o->side)
            return grog_error_set(err, GROG_EINVAL,
                                  _("AIG-O-02: ADC %d must belong to one general of his side "
                                    "(%d is not one)"),
                                  o->id, o->superior);
    }
    return GROG_OK;
}

static grog_status must_be_active(const grog_aigles_officer *o, grog_error *err)
{
    if (o->state != GROG_AIGLES_ACTIVE)
        return grog_error_set(err, GROG_EINVAL, _("officer %d is %s, not active"), o->id,
                              grog_aigles_officer_state_name(o->state));
    return GROG_OK;
}

grog_status grog_aigles_officer_contacted(grog_aigles_officer *o, int enemy_unit,
                                          grog_explain *e, grog_error *err)
{
    grog_status st = must_be_active(o, err);
    if (st != GROG_OK)
        return st;
    if (o->avance)
        return refuse(e, err, "AIG-O-22", _("contact with an officer"),
                      _("an officer carrying an Avance marker may not be contacted"));
    o->state = GROG_AIGLES_PRISONER;
    o->held_by = enemy_unit;
    note(e, "AIG-O-21", _("contacted by an enemy unit: captured"));
    return GROG_OK;
}

grog_status grog_aigles_officer_surrounded(grog_aigles_officer *o, int can_escape,
                                           int holding_unit, grog_explain *e, grog_error *err)
{
    grog_status st = must_be_active(o, err);
    if (st != GROG_OK)
        return st;
    if (can_escape)
        return refuse(e, err, "AIG-O-21", _("capture of a surrounded officer"),
                      _("he can escape, so he is not captured"));
    o->state = GROG_AIGLES_PRISONER;
    o->held_by = holding_unit;
    note(e, "AIG-O-21", _("surrounded by enemies with no escape: captured"));
    return GROG_OK;
}

grog_status grog_aigles_prisoner_speed(const double *column_speeds, size_t n, double *speed,
                                       grog_error *err)
{
    if (n == 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("AIG-O-23: a prisoner is held by at least one unit"));
    double best = -1;
    for (size_t i = 0; i < n; i++) {
        if (!(column_speeds[i] >= 0))
            return grog_error_set(err, GROG_EINVAL, _("a column speed must be 0 or more"));
        if (column_speeds[i] > best)
            best = column_speeds[i];
    }
    *speed = best;
    return GROG_OK;
}

grog_status grog_aigles_officer_melee_won(grog_aigles_officer *o, int winner_side,
                                          int loser_unit, grog_explain *e, grog_error *err)
{
    if (o->state != GROG_AIGLES_PRISONER)
        return grog_error_set(err, GROG_EINVAL, _("officer %d is not a prisoner"), o->id);
    if (winner_side != o->side)
        return refuse(e, err, "AIG-O-24", _("liberation"),
                      _("only a melee won by a friendly unit frees a prisoner"));
    if (loser_unit != o->held_by)
        return refuse(e, err, "AIG-O-24", _("liberation"),
                      _("the melee was not won against the unit holding him"));
    o->state = GROG_AIGLES_ACTIVE;
    o->held_by = -1;
    note(e, "AIG-O-24", _("freed by a friendly unit's won melee: operational again"));
    return GROG_OK;
}

grog_status grog_aigles_officer_fired_at(const grog_aigles_rules *r, grog_aigles_officer *o,
                                         int isolated, int casualties, int *eliminated,
                                         grog_explain *e, grog_error *err)
{
    grog_status st = must_be_active(o, err);
    if (st != GROG_OK)
        return st;
    if (casualties < 0)
        return grog_error_set(err, GROG_EINVAL, _("casualties must be 0 or more"));
    if (!isolated)
        return refuse(e, err, "AIG-O-25", _("fire at an officer"),
                      _("only an isolated officer may be fired at"));
    int total = r->fire_accumulate ? o->casualties + casualties : casualties;
    int dead = total >= r->fire_casualties;
    char text[256], value[16];
    grog_text_snprintf(text, sizeof text, _("%d casualties (%d needed): %s"), total,
                       r->fire_casualties, dead ? _("eliminated") : _("survives"));
    note(e, "AIG-O-25", text);
    snprintf(value, sizeof value, "%s", r->fire_accumulate ? "true" : "false");
    aigles_note_default(r, AIGLES_DEF_ACCUMULATE, value, e);
    o->casualties = r->fire_accumulate ? total : 0;
    if (dead)
        o->state = GROG_AIGLES_DEAD;
    if (eliminated != NULL)
        *eliminated = dead;
    return GROG_OK;
}

grog_status grog_aigles_officer_killed(grog_aigles_officer *o, grog_explain *e, grog_error *err)
{
    if (o->state == GROG_AIGLES_DEAD)
        return grog_error_set(err, GROG_EINVAL, _("officer %d is already dead"), o->id);
    o->state = GROG_AIGLES_DEAD;
    o->held_by = -1;
    note(e, "AIG-O-26", _("killed in melee or by fire (an event from another chapter)"));
    return GROG_OK;
}

grog_status grog_aigles_officer_replace(grog_aigles_officer *officers, size_t n, size_t lost,
                                        size_t adc, grog_explain *e, grog_error *err)
{
    if (lost >= n || adc >= n || lost == adc)
        return grog_error_set(err, GROG_EINVAL, _("no such officers to replace"));
    grog_aigles_officer *g = &officers[lost], *a = &officers[adc];
    if (g->is_adc || g->state == GROG_AIGLES_ACTIVE)
        return refuse(e, err, "AIG-O-27", _("replacement"),
                      _("only a lost general (prisoner or dead) is replaced"));
    if (!a->is_adc || a->state != GROG_AIGLES_ACTIVE)
        return refuse(e, err, "AIG-O-27", _("replacement"),
                      _("the replacement must be an active aide-de-camp"));
    if (g->superior < 0 || a->superior != g->superior)
        return refuse(e, err, "AIG-O-27", _("replacement"),
                      _("an ADC replaces only a general subordinate to the ADC's own general"));
    for (size_t i = 0; i < n; i++)
        if (officers[i].replaced == g->id && officers[i].state == GROG_AIGLES_ACTIVE)
            return refuse(e, err, "AIG-O-27", _("replacement"),
                          _("that general has already been replaced"));
    a->is_adc = 0; /* superior stays: the ADC's general, now his superior */
    a->replaced = g->id;
    char text[128];
    grog_text_snprintf(text, sizeof text, _("ADC %d takes the place of general %d"), a->id, g->id);
    note(e, "AIG-O-27", text);
    return GROG_OK;
}
