/* reaction.c — the reaction test to an order (AIG-O-15 to AIG-O-20), the
 * AIG-O-08 distance variant, orders at the start of the game (AIG-O-09),
 * the bonuses of one attempt, and command points (AIG-O-06, AIG-O-13).
 *
 * The test: one die (the rules' order_test.dice, 1D6) against a target made
 * of the receiver's reaction (or, officer to officer, his command), the
 * giver's command, the explaining bonus and the failed-turns bonus, minus the
 * variant's distance penalty. The unit obeys when the die is strictly less
 * (the rules' comparison). Each part is one modifier of the record with its
 * rule id, so that the modifier total is the target; the die itself is never
 * modified. Odds are exact fractions over the dice space. */
#include <stdio.h>
#include <string.h>

#include "grognard/text.h"
#include "i18n.h"
#include "rules/aigles/officers.h"

grog_aigles_order grog_aigles_order_default(void)
{
    grog_aigles_order o;
    memset(&o, 0, sizeof o);
    o.receiver = GROG_AIGLES_TO_UNIT;
    o.status = GROG_AIGLES_REGULAR;
    o.variant = GROG_AIGLES_VARIANT_RULES;
    return o;
}

static int variant_on(const grog_aigles_rules *r, const grog_aigles_order *o)
{
    if (o->variant == GROG_AIGLES_VARIANT_DISTANCE)
        return 1;
    if (o->variant == GROG_AIGLES_VARIANT_ZONE)
        return 0;
    return r->variant_enabled;
}

/* The parts of the target, each with its rule; the count in *n. */
typedef struct part {
    const char *rule;
    char label[128];
    int value;
} part;

typedef struct target_parts {
    part v[6];
    int n;
    int steps; /* AIG-O-08 complete steps */
} target_parts;

static void add(target_parts *t, const char *rule, int value, const char *label)
{
    part *p = &t->v[t->n++];
    p->rule = rule;
    p->value = value;
    snprintf(p->label, sizeof p->label, "%s", label);
}

static grog_status check_order(const grog_aigles_rules *r, const grog_aigles_order *o,
                               grog_error *err)
{
    /* the message is translated only when it is needed (hot path: every order) */
    grog_status st = aigles_rating_ok(r, o->command)
                         ? GROG_OK
                         : aigles_check_rating(r, _("the giver's command"), o->command, err);
    if (st != GROG_OK)
        return st;
    if (o->receiver == GROG_AIGLES_TO_OFFICER)
        st = aigles_rating_ok(r, o->receiver_command)
                 ? GROG_OK
                 : aigles_check_rating(r, _("the receiver's command"), o->receiver_command,
                                       err);
    else if (o->receiver != GROG_AIGLES_TO_UNIT)
        return grog_error_set(err, GROG_EINVAL, _("the receiver must be a unit or an officer"));
    else if (o->status < -1 || o->status >= GROG_AIGLES_NSTATUS)
        return grog_error_set(err, GROG_EINVAL, _("unknown status %d"), o->status);
    else if (o->status == -1 && (o->reaction < 0 || o->reaction > 20))
        return grog_error_set(err, GROG_EINVAL, _("a reaction must be 0 to 20, not %d"),
                              o->reaction);
    if (st != GROG_OK)
        return st;
    if (o->explain_turns < 0 || o->explain_turns > 100 || o->failed_turns < 0 ||
        o->failed_turns > 100)
        return grog_error_set(err, GROG_EINVAL,
                              _("turns explaining and turns of failed tests must be 0 to 100"));
    if (variant_on(r, o) && !(o->distance_pas >= 0 && o->distance_pas <= 1e7))
        return grog_error_set(err, GROG_EINVAL,
                              _("AIG-O-08: the distance variant needs the distance in pas "
                                "(0 or more)"));
    return GROG_OK;
}

static grog_status build_parts(const grog_aigles_rules *r, const grog_aigles_order *o,
                               target_parts *t, grog_error *err)
{
    grog_status st = check_order(r, o, err);
    if (st != GROG_OK)
        return st;
    memset(t, 0, sizeof *t);
    char label[128];
    if (o->receiver == GROG_AIGLES_TO_OFFICER) {
        add(t, "AIG-O-17", o->receiver_command, _("receiving officer's command"));
    } else if (o->status >= 0) {
        grog_text_snprintf(
            label, sizeof label, _("reaction (%s)"),
            grog_explain_word(grog_aigles_status_name((grog_aigles_status)o->status)));
        add(t, "AIG-O-15", r->reaction[o->status], label);
    } else {
        add(t, "AIG-O-15", o->reaction, _("reaction (as given)"));
    }
    if (o->via_adc)
        add(t, "AIG-O-12", o->command, _("command of the ADC's general"));
    else if (o->receiver == GROG_AIGLES_TO_OFFICER)
        add(t, "AIG-O-17", o->command, _("giving officer's command"));
    else
        add(t, "AIG-O-16", o->command, _("general's command"));
    int explain = o->explain_turns * r->explain_per_turn;
    if (explain > 0) {
        grog_text_snprintf(label, sizeof label, _("turns spent explaining the order: %d"),
                           o->explain_turns);
        add(t, "AIG-O-18", explain, label);
    }
    int steps = o->failed_turns / r->failed_turns_per_step;
    if (steps > 0 && r->failed_reaction_per_step > 0) {
        grog_text_snprintf(label, sizeof label, _("turns of failed tests (%d: +%d per %d turns)"),
                           o->failed_turns, r->failed_reaction_per_step, r->failed_turns_per_step);
        add(t, "AIG-O-19", steps * r->failed_reaction_per_step, label);
    }
    if (variant_on(r, o)) {
        t->steps = (int)(o->distance_pas / r->variant_step_pas + 1e-9);
        int command = o->command + explain;
        int pen = t->steps * r->variant_per_step;
        /* the command used never falls below min_command */
        if (command - pen < r->variant_min_command)
            pen = command - r->variant_min_command;
        grog_text_snprintf(label, sizeof label,
                           ngettext("distance %g pas: %d complete step of %g pas",
                                    "distance %g pas: %d complete steps of %g pas",
                                    (unsigned long)t->steps),
                           o->distance_pas, t->steps, r->variant_step_pas);
        add(t, "AIG-O-08", -pen, label);
    }
    return GROG_OK;
}

grog_status grog_aigles_order_target(const grog_aigles_rules *r, const grog_aigles_order *o,
                                     int *target, grog_error *err)
{
    target_parts t;
    grog_status st = build_parts(r, o, &t, err);
    if (st != GROG_OK)
        return st;
    int sum = 0;
    for (int i = 0; i < t.n; i++)
        sum += t.v[i].value;
    *target = sum;
    return GROG_OK;
}

static grog_status roll_die(const grog_aigles_rules *r, const grog_aigles_dice *dice,
                            grog_roll *roll, int *rolled, grog_error *err)
{
    *rolled = 0;
    if (dice == NULL || dice->mode == GROG_AIGLES_NO_ROLL)
        return GROG_OK;
    if (dice->mode == GROG_AIGLES_ENTERED) {
        grog_status st = grog_dice_enter(&r->dice, dice->entered, roll, err);
        if (st != GROG_OK)
            return st;
    } else if (dice->mode == GROG_AIGLES_RNG && dice->rng != NULL) {
        grog_dice_roll(&r->dice, dice->rng, roll);
    } else {
        return grog_error_set(err, GROG_EINVAL, _("no generator to roll the die with"));
    }
    *rolled = 1;
    return GROG_OK;
}

static void fill_record(const grog_aigles_rules *r, const grog_aigles_order *o,
                        const target_parts *t, int target, const grog_dist *dist,
                        grog_explain *e)
{
    grog_explain_add_rule(e, o->receiver == GROG_AIGLES_TO_OFFICER ? "AIG-O-17" : "AIG-O-16");
    grog_explain_set_dice(e, r->dice_text);
    grog_explain_set_target(e, r->cmp, target);
    for (int i = 0; i < t->n; i++)
        grog_explain_add_modifier(e, t->v[i].rule, t->v[i].label, t->v[i].value);
    grog_frac ok = grog_dist_p(dist, r->cmp, target);
    grog_frac ko = {ok.den - ok.num, ok.den};
    grog_explain_add_outcome(e, "obeys", ok);
    grog_explain_add_outcome(e, "fails", ko);
    char note[256];
    grog_text_snprintf(
        note, sizeof note,
        _("target = the sum of the values above; the order is obeyed when the die is %s %d"),
        grog_cmp_symbol(r->cmp), target);
    grog_explain_add_note(e, o->receiver == GROG_AIGLES_TO_OFFICER ? "AIG-O-17" : "AIG-O-16",
                          note);
    if (o->explain_turns > 0 || o->failed_turns > 0)
        grog_explain_add_note(e, "AIG-O-20",
                              _("these bonuses belong to this attempt and vanish when the "
                                "order is obeyed or abandoned"));
    if (o->via_adc)
        grog_explain_add_note(e, "AIG-O-12",
                              _("transmitted by an ADC: his general's command is used; the "
                                "ADC's own command is his number of attempts"));
}

/* Adds the test to an existing record; *obeys set when rolled. */
static grog_status test_into(const grog_aigles_rules *r, const grog_aigles_order *o,
                             const grog_aigles_dice *dice, grog_explain *e, int *obeys,
                             grog_error *err)
{
    target_parts t;
    grog_status st = build_parts(r, o, &t, err);
    if (st != GROG_OK)
        return st;
    if (o->command == 0 || r->points_per_command == 0)
        return grog_error_set(err, GROG_ERULE,
                              _("AIG-O-06: a command of %d gives no command points, hence no "
                                "orders (AIG-O-07)"),
                              o->command);
    int target = 0;
    for (int i = 0; i < t.n; i++)
        target += t.v[i].value;
    grog_roll roll;
    int rolled;
    st = roll_die(r, dice, &roll, &rolled, err);
    if (st != GROG_OK)
        return st;
    grog_dist *dist = NULL;
    st = grog_dist_of_dice(&r->dice, &dist, err);
    if (st != GROG_OK)
        return st;
    fill_record(r, o, &t, target, dist, e);
    grog_dist_destroy(dist);
    if (rolled) {
        int ok = grog_cmp_holds(r->cmp, roll.total, target);
        grog_explain_set_roll(e, &roll, roll.total, ok ? "obeys" : "fails");
        if (dice->mode == GROG_AIGLES_RNG)
            grog_explain_set_seed(e, grog_rng_seed(dice->rng));
        if (obeys != NULL)
            *obeys = ok;
    }
    return GROG_OK;
}

grog_explain *aigles_order_record(const grog_aigles_order *o)
{
    char title[256];
    if (o->giver != NULL && o->receiver_name != NULL)
        grog_text_snprintf(title, sizeof title, _("Les Aigles: order from %s to %s"), o->giver,
                           o->receiver_name);
    else if (o->receiver == GROG_AIGLES_TO_OFFICER)
        grog_text_snprintf(title, sizeof title, "%s",
                           _("Les Aigles: order from officer to officer"));
    else
        grog_text_snprintf(title, sizeof title, "%s", _("Les Aigles: order from general to unit"));
    return grog_explain_create("aigles-order", title);
}

grog_status grog_aigles_order_test(const grog_aigles_rules *r, const grog_aigles_order *o,
                                   const grog_aigles_dice *dice, grog_explain **out, int *obeys,
                                   grog_error *err)
{
    grog_explain *e = aigles_order_record(o);
    if (e == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_status st = test_into(r, o, dice, e, obeys, err);
    if (st != GROG_OK || out == NULL)
        grog_explain_destroy(e);
    else
        *out = e;
    return st;
}

grog_status aigles_order_test_into(const grog_aigles_rules *r, const grog_aigles_order *o,
                                   const grog_aigles_dice *dice, grog_explain *e, int *obeys,
                                   grog_error *err)
{
    return test_into(r, o, dice, e, obeys, err);
}

grog_status grog_aigles_order_initial(const grog_aigles_order *o, grog_explain **out,
                                      grog_error *err)
{
    grog_explain *e = aigles_order_record(o);
    if (e == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_explain_add_check(e, "AIG-O-09", _("order given at the start of the game"), 1,
                           _("applied without a test"));
    grog_explain_add_outcome(e, "obeys", (grog_frac){1, 1});
    grog_explain_add_outcome(e, "fails", (grog_frac){0, 1});
    if (out != NULL)
        *out = e;
    else
        grog_explain_destroy(e);
    return GROG_OK;
}

/* ---- attempts (AIG-O-18 to AIG-O-20) ---- */

void grog_aigles_attempt_start(grog_aigles_attempt *a)
{
    memset(a, 0, sizeof *a);
    a->active = 1;
}

void grog_aigles_attempt_explain(grog_aigles_attempt *a)
{
    if (a->active)
        a->explain_turns++;
}

void grog_aigles_attempt_result(grog_aigles_attempt *a, int obeyed)
{
    if (!a->active)
        return;
    if (obeyed)
        memset(a, 0, sizeof *a); /* AIG-O-20: the bonuses vanish */
    else
        a->failed_this_turn = 1;
}

void grog_aigles_attempt_end_turn(grog_aigles_attempt *a)
{
    if (a->active && a->failed_this_turn) {
        a->failed_turns++;
        a->failed_this_turn = 0;
    }
}

void grog_aigles_attempt_abandon(grog_aigles_attempt *a)
{
    memset(a, 0, sizeof *a);
}

void grog_aigles_attempt_apply(const grog_aigles_attempt *a, grog_aigles_order *o)
{
    o->explain_turns = a->active ? a->explain_turns : 0;
    o->failed_turns = a->active ? a->failed_turns : 0;
}

/* ---- command points (AIG-O-06, AIG-O-13) ---- */

grog_status grog_aigles_points_refresh(const grog_aigles_rules *r, int command,
                                       grog_aigles_points *p, grog_error *err)
{
    /* translated only when it fails: every officer's points at every phase */
    grog_status st =
        aigles_rating_ok(r, command) ? GROG_OK : aigles_check_rating(r, _("command"), command, err);
    if (st != GROG_OK)
        return st;
    p->command = command;
    p->left = command * r->points_per_command;
    return GROG_OK;
}

grog_status grog_aigles_points_spend(grog_aigles_points *p, grog_error *err)
{
    if (p->command == 0)
        return grog_error_set(err, GROG_ERULE,
                              _("AIG-O-06: a command of 0 gives no command points, hence no "
                                "orders"));
    if (p->left <= 0)
        return grog_error_set(err, GROG_ERULE,
                              _("AIG-O-13: no command points left this période"));
    p->left--;
    return GROG_OK;
}
