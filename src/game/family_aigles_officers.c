/* family_aigles_officers.c — Les Aigles' morale and its officers' events: the
 * charisma a unit gets (AIG-O-03..05), fire at an officer (AIG-O-25), the
 * melee a general is in (AIG-O-14), officers freed (AIG-O-24) and a lost
 * general replaced (AIG-O-27).
 *
 * family_aigles_fired_at, family_aigles_event, aigles_contact_check and
 * aigles_surrounded are the family's answers to the common actions' hooks
 * (family_ops, family_hooks.c). */
#include <stdlib.h>
#include <string.h>

#include "family_aigles.h"
#include "i18n.h"

/* ---- morale and the officer events ---- */

grog_status aigles_act_morale(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 2)
        return grog_error_set(err, GROG_EINVAL, _("usage: morale UNIT"));
    grog_troop *u;
    grog_status st = ctx_unit(c, argv[1], &u, err);
    if (st != GROG_OK)
        return st;
    c->side = u->side;
    grog_aigles_morale res;
    grog_explain *e = NULL;
    st = grog_aigles_battle_morale_measured(orules(c), c->battle, u->id, c->tape, &res, &e,
                                            err);
    if (st == GROG_OK)
        st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    return st;
}

/* AIG-O-25: fire at an officer, n casualties in this fire. Only an
 * isolated officer (from the positions) may be fired at; the casualties
 * count one fire at a time unless fire.casualties_accumulate. */
grog_status family_aigles_fired_at(action_ctx *c, grog_officer *o, int n, grog_error *err)
{
    const char *near = NULL;
    double near_pas = -1;
    if (!grog_aigles_battle_officer_isolated(orules(c), c->battle, o->id, &near, &near_pas)) {
        if (o->attached_to[0] != '\0')
            return grog_error_set(err, GROG_ERULE,
                                  _("AIG-O-25: %s is with %s, not isolated: he may not be fired "
                                    "at"),
                                  o->name, ctx_unit_name(c, o->attached_to));
        return grog_error_set(err, GROG_ERULE,
                              _("AIG-O-25: %s is not isolated (%s stands %.0f pas from him, "
                                "within %.0f): he may not be fired at"),
                              o->name, ctx_unit_name(c, near), near_pas,
                              grog_aigles_isolated_beyond_pas(orules(c)));
    }
    grog_aigles_officer ao = {0, 0, o->role == GROG_ROLE_ADC, -1, o->ratings.aigles_charisma,
                              o->ratings.aigles_command, GROG_AIGLES_ACTIVE, -1,
                              (o->markers & GROG_MARKER_AVANCE) != 0, 0, -1};
    aigles_state *s = c->fstate;
    size_t oi = index_of_officer(c, o->id);
    ao.casualties = s->os[oi].fire;
    int dead = 0;
    grog_explain *e = grog_explain_create("aigles-fire", _("Les Aigles: fire at an officer"));
    if (e == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_explain_add_rule(e, "AIG-O-25");
    grog_status st = grog_aigles_officer_fired_at(orules(c), &ao, 1, n, &dead, e, err);
    if (st == GROG_OK)
        st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    if (st != GROG_OK)
        return st;
    o->casualties += n;
    s->os[oi].fire = ao.casualties;
    ctx_event(c, "", "officer-casualties",
              json_pack("{s:s,s:i,s:i}", "officer", o->id, "casualties", n, "total",
                        o->casualties),
              _("%s takes %d casualties (%d in all)."), o->name, n, o->casualties);
    if (dead) {
        o->state = GROG_OFFICER_KILLED;
        o->attached_to[0] = '\0';
        ctx_event(c, "", "officer-killed", json_pack("{s:s}", "officer", o->id),
                  _("AIG-O-25: %s falls under fire (%d casualties)."), o->name, n);
    }
    return GROG_OK;
}

/* AIG-O-14: which melee each general is in, and since when. A general joins
 * a unit's melee when he stands in contact with the unit while it is in
 * melee (at the melee's start, or when he or it moves there); he leaves it
 * when out of contact or when the melee ends. */
static void update_melee_joins(action_ctx *c)
{
    aigles_state *s = c->fstate;
    for (size_t i = 0; i < s->nofficers; i++) {
        const grog_officer *o = grog_battle_officer(c->battle, i);
        officer_state *os = &s->os[i];
        if (os->melee_unit >= 0) {
            const grog_troop *u = grog_battle_unit(c->battle, (size_t)os->melee_unit);
            if (o->state == GROG_OFFICER_ACTIVE && (u->flags & GROG_UNIT_IN_MELEE) &&
                grog_base_distance(&o->base, &u->base) <= 1.0)
                continue;
            os->melee_unit = -1;
        }
        if (o->state != GROG_OFFICER_ACTIVE || !grog_role_is_general(o->role))
            continue;
        for (size_t k = 0; k < grog_battle_nunits(c->battle); k++) {
            const grog_troop *u = grog_battle_unit(c->battle, k);
            if ((u->flags & GROG_UNIT_IN_MELEE) && strcmp(u->side, o->side) == 0 &&
                grog_base_distance(&o->base, &u->base) <= 1.0) {
                os->melee_unit = (int)k;
                os->melee_half = half_now(c);
                break;
            }
        }
    }
}

grog_status family_aigles_event(action_ctx *c, const char *type, grog_troop *u, grog_officer *o,
                                grog_error *err)
{
    (void)o;
    (void)err;
    if (strcmp(type, "moved") == 0 || strcmp(type, "attached") == 0 ||
        strncmp(type, "melee-", 6) == 0)
        update_melee_joins(c);
    if (strcmp(type, "melee-lost") == 0 && u != NULL) {
        /* AIG-O-24: the enemy won the melee against u: the officers u holds are freed. */
        for (size_t i = 0; i < grog_battle_nofficers(c->battle); i++) {
            grog_officer *p = grog_battle_officer_mut(c->battle, i);
            if (p->state == GROG_OFFICER_PRISONER && strcmp(p->held_by, u->id) == 0) {
                p->state = GROG_OFFICER_ACTIVE;
                p->held_by[0] = '\0';
                ctx_event(c, "", "officer-freed", json_pack("{s:s}", "officer", p->id),
                          _("AIG-O-24: %s is freed: his side won the melee against %s."),
                          p->name, u->name);
            }
        }
    }
    return GROG_OK;
}

grog_status aigles_act_replace(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 3)
        return grog_error_set(err, GROG_EINVAL, _("usage: replace LOST-GENERAL ADC"));
    grog_officer *lost, *adc;
    grog_status st;
    if ((st = ctx_officer(c, argv[1], &lost, err)) != GROG_OK ||
        (st = ctx_officer(c, argv[2], &adc, err)) != GROG_OK)
        return st;
    c->side = lost->side;
    /* AIG-O-27 (chain.c): below the ADC's general, at the depth the rules allow */
    grog_explain *e = grog_explain_create("aigles-replace", _("Les Aigles: replacing a lost "
                                                              "general"));
    if (e == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    st = grog_aigles_battle_replace_check(orules(c), c->battle, lost->id, adc->id, e, err);
    /* the record is the preview's (explain); the journal keeps the event, as
     * games made before this check wrote it */
    if (c->explain_only && (st == GROG_OK || st == GROG_ERULE))
        st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    if (st != GROG_OK || c->explain_only)
        return st;
    char lost_id[GROG_ID_MAX], adc_id[GROG_ID_MAX];
    snprintf(lost_id, sizeof lost_id, "%s", lost->id);
    snprintf(adc_id, sizeof adc_id, "%s", adc->id);
    adc->role = lost->role;
    snprintf(adc->command, sizeof adc->command, "%s", lost->command);
    snprintf(adc->superior, sizeof adc->superior, "%s", lost->superior); /* his place */
    /* his subordinates, ADCs and units pass to the replacement */
    for (size_t i = 0; i < grog_battle_nofficers(c->battle); i++) {
        grog_officer *o = grog_battle_officer_mut(c->battle, i);
        if (strcmp(o->superior, lost_id) == 0)
            snprintf(o->superior, sizeof o->superior, "%s", adc_id);
    }
    for (size_t i = 0; i < grog_battle_nunits(c->battle); i++) {
        grog_troop *u = grog_battle_unit_mut(c->battle, i);
        if (strcmp(u->parent, lost_id) == 0)
            snprintf(u->parent, sizeof u->parent, "%s", adc_id);
    }
    aigles_state *s = c->fstate;
    size_t ai = index_of_officer(c, adc_id);
    grog_status ps = grog_aigles_points_refresh(orules(c), adc->ratings.aigles_command,
                                                &s->points[ai], err);
    if (ps != GROG_OK)
        return ps;
    ctx_event(c, "", "officer-replaced", json_pack("{s:s,s:s}", "lost", lost_id, "by", adc_id),
              _("AIG-O-27: %s takes the command of %s."), ctx_officer_name(c, adc_id),
              ctx_officer_name(c, lost_id));
    return GROG_OK;
}

/* AIG-O-22: an officer with an Avance marker may not be contacted. */
grog_status aigles_contact_check(action_ctx *c, const grog_officer *o, grog_error *err)
{
    (void)c;
    if (o->markers & GROG_MARKER_AVANCE)
        return grog_error_set(err, GROG_ERULE,
                              _("AIG-O-22: %s carries an Avance marker and may not be "
                                "contacted"),
                              o->name);
    return GROG_OK;
}

/* AIG-O-21's other case: surrounded with no way out, a record. */
grog_status aigles_surrounded(action_ctx *c, const grog_officer *o, grog_error *err)
{
    grog_aigles_officer ao = {0, 0, o->role == GROG_ROLE_ADC, -1, o->ratings.aigles_charisma,
                              o->ratings.aigles_command, GROG_AIGLES_ACTIVE, -1,
                              (o->markers & GROG_MARKER_AVANCE) != 0, 0, -1};
    grog_explain *e = grog_explain_create("aigles-capture", _("Les Aigles: a surrounded "
                                                              "officer"));
    if (e == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_status st = grog_aigles_officer_surrounded(&ao, 0, 0, e, err);
    if (st == GROG_OK)
        st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    return st;
}
