/* command.c — whether a general may give an order now (AIG-O-06, AIG-O-07,
 * AIG-O-08, AIG-O-10, AIG-O-11, AIG-O-13, AIG-O-14), and giving it: the
 * checks, one command point spent, the reaction test, in one record.
 *
 * Every check is made and recorded (so a refusal shows all that is wrong);
 * the first failed one names the rule in the error. Distances are edge to
 * edge between the bases, in mm, turned into pas with the scale; "within"
 * includes the radius. Nothing is changed when the order is refused. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "grognard/text.h"
#include "i18n.h"
#include "rules/aigles/officers.h"

typedef struct verdict {
    grog_status st;
    grog_error first; /* the first refusal */
} verdict;

static void check(verdict *v, grog_explain *e, const char *rule, const char *label, int ok,
                  const char *detail)
{
    if (e != NULL)
        grog_explain_add_check(e, rule, label, ok, detail);
    if (!ok && v->st == GROG_OK)
        /* the separators in the reader's typography ("AIG-O-11 : ...") */
        v->st = grog_error_set(&v->first, GROG_ERULE, _("%s: %s: %s"), rule, label, detail);
}

static int variant_on(const grog_aigles_rules *r, const grog_aigles_order *o)
{
    if (o->variant == GROG_AIGLES_VARIANT_DISTANCE)
        return 1;
    return o->variant == GROG_AIGLES_VARIANT_RULES && r->variant_enabled;
}

/* The zone's measure, giver to receiver (tape.h): from the bases, or the
 * table's. *dist (pas) follows a distance measure; *contact a contact one.
 * Named in e only when the situation names both pieces. */
static void zone_measure(const grog_aigles_rules *r, const grog_aigles_order *o,
                         const grog_aigles_situation *s, int contact_only, double *dist,
                         int *contact, grog_explain *e)
{
    *contact = aigles_in_contact(r, &s->giver, &s->receiver);
    if (s->giver_id == NULL || s->receiver_id == NULL)
        return;
    const char *rule = variant_on(r, o)                        ? "AIG-O-08"
                       : o->receiver == GROG_AIGLES_TO_OFFICER ? "AIG-O-11"
                                                               : "AIG-O-10";
    grog_measure m = grog_measure_map(contact_only ? GROG_MEASURE_CONTACT : GROG_MEASURE_DISTANCE,
                                      s->giver_id, s->receiver_id, rule, GROG_UNIT_PAS);
    m.mm = *dist * s->mm_per_pas;
    m.contact = *contact;
    m.contact_mm = r->contact_tolerance_mm + AIGLES_EPS_MM;
    grog_tape_take(s->tape, &m);
    if (contact_only)
        *contact = m.contact;
    else
        *dist = m.mm / s->mm_per_pas;
    grog_scale scale = {s->figure_mm, s->mm_per_pas};
    if (e != NULL)
        grog_explain_add_measure(e, &m, &scale);
}

static void check_zone(const grog_aigles_rules *r, const grog_aigles_order *o,
                       const grog_aigles_situation *s, int sc, double dist, int contact,
                       verdict *v, grog_explain *e)
{
    const char *rule = o->receiver == GROG_AIGLES_TO_OFFICER ? "AIG-O-11" : "AIG-O-10";
    char detail[256];
    if (variant_on(r, o)) {
        grog_text_snprintf(detail, sizeof detail,
                           _("distance variant: no zone limit; %.1f pas between them"), dist);
        check(v, e, "AIG-O-08", _("order-change zone"), 1, detail);
        return;
    }
    if (!r->has_zone[sc][o->command]) {
        grog_text_snprintf(detail, sizeof detail, _("command %d has no order-change zone"),
                           o->command);
        check(v, e, "AIG-O-07", _("order-change zone"), 0, detail);
        return;
    }
    int ok;
    if (r->contact[sc][o->command]) {
        ok = contact;
        if (e != NULL)
            aigles_note_contact_default(r, e);
        grog_text_snprintf(detail, sizeof detail, _("command %d: contact only (%.1f pas apart)%s"),
                           o->command, dist,
                           ok || o->receiver != GROG_AIGLES_TO_OFFICER ? "" : _("; send an ADC"));
    } else {
        double zone = r->zone[sc][o->command];
        ok = dist <= zone + AIGLES_EPS_MM / s->mm_per_pas;
        grog_text_snprintf(detail, sizeof detail,
                           _("command %d at %d mm: zone %g pas, %.1f pas apart%s"), o->command,
                           s->figure_mm, zone, dist,
                           ok || o->receiver != GROG_AIGLES_TO_OFFICER ? "" : _("; send an ADC"));
    }
    check(v, e, rule, _("in the order-change zone (AIG-O-07)"), ok, detail);
}

grog_status grog_aigles_order_check(const grog_aigles_rules *r, const grog_aigles_order *o,
                                    const grog_aigles_situation *s,
                                    const grog_aigles_points *points, grog_explain *e,
                                    double *distance_pas, grog_error *err)
{
    return aigles_order_checks(r, o, s, points, e, distance_pas, 0, err);
}

grog_status aigles_order_checks(const grog_aigles_rules *r, const grog_aigles_order *o,
                                const grog_aigles_situation *s, const grog_aigles_points *points,
                                grog_explain *e, double *distance_pas, int skip_zone,
                                grog_error *err)
{
    int sc = aigles_scale_index(s->figure_mm, err);
    if (sc < 0)
        return GROG_EINVAL;
    grog_status st = aigles_rating_ok(r, o->command)
                         ? GROG_OK
                         : aigles_check_rating(r, _("the giver's command"), o->command, err);
    if (st != GROG_OK)
        return st;
    if (s->mm_per_pas < 0 || s->giver_melee_turns < 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("millimetres per pas and turns in melee must be 0 or more"));
    grog_aigles_situation sit = *s;
    sit.mm_per_pas = aigles_mm_per_pas(r, s->mm_per_pas);
    double dist = aigles_distance_pas(&sit.giver, &sit.receiver, sit.mm_per_pas);
    verdict v = {GROG_OK, {GROG_OK, ""}};
    char detail[256];
    int given = o->command * r->points_per_command;
    grog_text_snprintf(detail, sizeof detail,
                       ngettext("command %d gives %d point per période",
                                "command %d gives %d points per période", (unsigned long)given),
                       o->command, given);
    check(&v, e, "AIG-O-06", _("command points"), given > 0,
          o->command > 0 ? detail : _("command 0: no command points, hence no orders"));
    if (o->command > 0) { /* the measure even when an ADC rides: it sent him */
        int contact_only = !variant_on(r, o) && r->has_zone[sc][o->command] &&
                           r->contact[sc][o->command];
        int contact = 0;
        zone_measure(r, o, &sit, contact_only, &dist, &contact, e);
        if (!skip_zone)
            check_zone(r, o, &sit, sc, dist, contact, &v, e);
    }
    if (s->receiver_in_melee) {
        grog_text_snprintf(detail, sizeof detail,
                           _("the general has been in the melee %d full turns (%d needed)"),
                           s->giver_melee_turns, r->melee_turns);
        check(&v, e, "AIG-O-14", _("receiver in melee"), s->giver_melee_turns >= r->melee_turns,
              detail);
    }
    if (points != NULL) {
        grog_text_snprintf(detail, sizeof detail, _("%d left this période"), points->left);
        check(&v, e, "AIG-O-13", _("a command point for this attempt"), points->left > 0,
              detail);
    }
    if (distance_pas != NULL)
        *distance_pas = dist;
    if (v.st != GROG_OK && err != NULL)
        *err = v.first;
    return v.st;
}

grog_status grog_aigles_order_give(const grog_aigles_rules *r, const grog_aigles_order *o,
                                   const grog_aigles_situation *s, grog_aigles_points *points,
                                   const grog_aigles_dice *dice, grog_explain **out, int *obeys,
                                   grog_error *err)
{
    grog_explain *e = aigles_order_record(o);
    if (e == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_aigles_order ord = *o;
    grog_status st = grog_aigles_order_check(r, o, s, points, e, &ord.distance_pas, err);
    if (st == GROG_OK)
        st = aigles_order_test_into(r, &ord, dice, e, obeys, err);
    if (st == GROG_OK && points != NULL)
        st = grog_aigles_points_spend(points, err); /* AIG-O-13 */
    if (st == GROG_OK || (st == GROG_ERULE && out != NULL)) {
        if (out != NULL)
            *out = e;
        else
            grog_explain_destroy(e);
        return st;
    }
    grog_explain_destroy(e);
    return st;
}
