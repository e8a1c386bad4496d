/* adc.c — sending an aide-de-camp (AIG-O-11, AIG-O-12): the ride to contact
 * with the subordinate, the test on arrival, the ride back.
 *
 * The ADC rides from his own base until in contact with the subordinate
 * (edge to edge, at his speed in pas per turn: the caller's, from the
 * scenario, else the rules' documented default, reported in defaults_used).
 * On arrival he transmits with his general's command value in the test and
 * as many attempts as his own command value. He then rides back from the
 * subordinate to his general (the general's base where it stands now).
 * Both legs are measures (tape.h, AIG-O-11) when the caller names the
 * pieces: the map's, or the table's when given. */
#include <math.h>
#include <stdio.h>

#include "grognard/text.h"
#include "i18n.h"
#include "rules/aigles/officers.h"

static int turns_for(double pas, double speed)
{
    if (pas <= AIGLES_EPS_MM)
        return 0;
    double t = ceil(pas / speed - 1e-9);
    return t > 1e6 ? 1000000 : (int)t;
}

static grog_status check_input(const grog_aigles_rules *r, const grog_aigles_adc_input *in,
                               grog_error *err)
{
    grog_status st = aigles_check_rating(r, _("the general's command"), in->general_command, err);
    if (st == GROG_OK)
        st = aigles_check_rating(r, _("the ADC's command"), in->adc_command, err);
    if (st != GROG_OK)
        return st;
    if (!(in->mm_per_pas >= 0) || !isfinite(in->speed_pas))
        return grog_error_set(err, GROG_EINVAL, _("a speed and a scale must be numbers"));
    if (in->general_command * r->points_per_command == 0)
        return grog_error_set(err, GROG_ERULE,
                              _("AIG-O-06: a general of command 0 has no command points, hence "
                                "no orders to send"));
    if (in->adc_command == 0)
        return grog_error_set(err, GROG_ERULE,
                              _("AIG-O-12: an ADC of command 0 has no attempt to transmit an "
                                "order"));
    return GROG_OK;
}

static void describe(const grog_aigles_rules *r, const grog_aigles_adc_route *rt,
                     grog_explain *e)
{
    char step[256], value[64];
    grog_text_snprintf(
        step, sizeof step,
        ngettext("ADC rides %.1f pas to contact (%d période, at %g pas per période)",
                 "ADC rides %.1f pas to contact (%d périodes, at %g pas per période)",
                 rt->turns_out),
        rt->out_pas, rt->turns_out, rt->speed_pas);
    grog_explain_add_path(e, step);
    grog_text_snprintf(step, sizeof step, _("transmits: up to %d attempts, tested with command %d"),
                       rt->attempts, rt->test_command);
    grog_explain_add_path(e, step);
    grog_text_snprintf(step, sizeof step,
                       ngettext("rides back %.1f pas (%d période)",
                                "rides back %.1f pas (%d périodes)", rt->turns_back),
                       rt->back_pas, rt->turns_back);
    grog_explain_add_path(e, step);
    grog_explain_add_note(e, "AIG-O-11",
                          _("out of his zone, the general sends an ADC who rides to contact, "
                            "transmits, and rides back"));
    grog_explain_add_note(e, "AIG-O-12",
                          _("the test uses the general's command; the ADC's own command is his "
                            "number of attempts"));
    if (rt->speed_default) {
        snprintf(value, sizeof value, "%g", rt->speed_pas);
        aigles_note_default(r, AIGLES_DEF_ADC_SPEED, value, e);
    }
    snprintf(value, sizeof value, "%d", r->adc_dispatch_cost);
    aigles_note_default(r, AIGLES_DEF_ADC_DISPATCH, value, e);
    aigles_note_contact_default(r, e);
}

/* A leg of the ride as a measure (tape.h): pas from the bases, or the
 * table's when it was measured; named in e when both ids are known. */
static double ride_measure(const grog_aigles_adc_input *in, const char *from, const char *to,
                           double pas, double mpp, grog_explain *e)
{
    if (from == NULL || to == NULL)
        return pas;
    grog_measure m = grog_measure_map(GROG_MEASURE_DISTANCE, from, to, "AIG-O-11", GROG_UNIT_PAS);
    m.mm = pas * mpp;
    grog_tape_take(in->tape, &m);
    grog_scale scale = {in->figure_mm, mpp};
    if (e != NULL)
        grog_explain_add_measure(e, &m, &scale);
    return m.mm / mpp;
}

grog_status grog_aigles_adc_plan(const grog_aigles_rules *r, const grog_aigles_adc_input *in,
                                 grog_aigles_adc_route *route, grog_explain *e, grog_error *err)
{
    grog_status st = check_input(r, in, err);
    if (st != GROG_OK)
        return st;
    grog_aigles_adc_route rt = {0};
    if (in->speed_pas > 0) {
        rt.speed_pas = in->speed_pas;
    } else {
        st = grog_aigles_adc_speed(r, in->figure_mm, &rt.speed_pas, &rt.speed_default, err);
        if (st != GROG_OK)
            return st;
    }
    if (aigles_scale_index(in->figure_mm, err) < 0)
        return GROG_EINVAL;
    double mpp = aigles_mm_per_pas(r, in->mm_per_pas);
    rt.out_pas = aigles_distance_pas(&in->adc, &in->subordinate, mpp);
    if (aigles_in_contact(r, &in->adc, &in->subordinate))
        rt.out_pas = 0;
    rt.out_pas = ride_measure(in, in->adc_id, in->subordinate_id, rt.out_pas, mpp, e);
    rt.turns_out = turns_for(rt.out_pas, rt.speed_pas);
    rt.back_pas = aigles_distance_pas(&in->subordinate, &in->general, mpp);
    rt.back_pas = ride_measure(in, in->subordinate_id, in->general_id, rt.back_pas, mpp, e);
    rt.turns_back = turns_for(rt.back_pas, rt.speed_pas);
    rt.attempts = in->adc_command * r->points_per_command;
    rt.test_command = in->general_command;
    rt.dispatch_cost = r->adc_dispatch_cost;
    if (e != NULL)
        describe(r, &rt, e);
    *route = rt;
    return GROG_OK;
}
