/* officers.h — the loaded "officers" section of the aigles rules (internal to
 * src/rules/aigles, officers part).
 *
 * Invariant: a grog_aigles_rules holds only values the loader has checked
 * (ranges, the two figure scales 25 and 15, zones increasing with command),
 * so the rules code never re-validates them. Scale index 0 is 25 mm, 1 is
 * 15 mm. */
#ifndef GROG_AIGLES_OFFICERS_H
#define GROG_AIGLES_OFFICERS_H

#include "grognard/aigles.h"
#include "grognard/dice.h"
#include "grognard/dist.h"

#define AIGLES_NSCALE 2
#define AIGLES_MAX_COMMAND 5
#define AIGLES_EPS_MM 1e-6 /* rounding of computed distances, not a rule */

/* Settings whose value the seed does not give (data "defaults"). */
enum {
    AIGLES_DEF_ADC_SPEED = 0,
    AIGLES_DEF_ADC_DISPATCH,
    AIGLES_DEF_CONTACT_TOL,
    AIGLES_DEF_ACCUMULATE,
    AIGLES_DEF_ISOLATED,
    AIGLES_NDEF
};

typedef enum aigles_combine { AIGLES_COMBINE_BEST = 0, AIGLES_COMBINE_SUM } aigles_combine;

struct grog_aigles_rules {
    double mm_per_pas;
    int periodes_per_turn;
    double contact_tolerance_mm;
    int rating_min, rating_max;
    /* zone[scale][command]: pas; contact[scale][command]: contact only;
     * has_zone[scale][command]: 0 = no zone (no orders) */
    double zone[AIGLES_NSCALE][AIGLES_MAX_COMMAND + 1];
    int contact[AIGLES_NSCALE][AIGLES_MAX_COMMAND + 1];
    int has_zone[AIGLES_NSCALE][AIGLES_MAX_COMMAND + 1];
    int points_per_command;
    int adc_dispatch_cost;
    grog_dice dice;
    char dice_text[32];
    grog_cmp cmp;
    int reaction[GROG_AIGLES_NSTATUS];
    int explain_per_turn;
    int explain_costs_point;   /* AIG-O-18: explaining spends a command point */
    int explain_other_orders;  /* AIG-O-18: other orders that turn are allowed */
    int replace_any_depth;     /* AIG-O-27: below the ADC's general at any depth */
    int failed_turns_per_step, failed_reaction_per_step;
    int variant_enabled;
    double variant_step_pas;
    int variant_per_step, variant_min_command;
    int melee_turns;
    double first_radius[AIGLES_NSCALE], ring_width[AIGLES_NSCALE];
    int first_bonus_offset, ring_step;
    aigles_combine combine;
    double adc_speed[AIGLES_NSCALE];
    int fire_casualties;
    int fire_accumulate;
    double fire_isolated_pas; /* AIG-O-25: no friendly unit nearer than this */
    int is_default[AIGLES_NDEF];
    char default_note[AIGLES_NDEF][256];
};

/* 0 for 25 mm, 1 for 15 mm, -1 (and err set) otherwise. */
int aigles_scale_index(int figure_mm, grog_error *err);
/* GROG_EINVAL unless lo <= v <= hi (the rules' rating range for ratings). */
grog_status aigles_check_rating(const grog_aigles_rules *r, const char *what, int v,
                                grog_error *err);
/* 1 when v is within the rating range: the test alone, for hot paths that
 * build the message (through _()) only when it fails. */
static inline int aigles_rating_ok(const grog_aigles_rules *r, int v)
{
    return v >= r->rating_min && v <= r->rating_max;
}
/* Adds the default `which` to e (when it is a default and e is not NULL). */
void aigles_note_default(const grog_aigles_rules *r, int which, const char *value,
                         grog_explain *e);
/* Adds the contact tolerance to e when it is a default (whenever contact is
 * judged from the bases). */
void aigles_note_contact_default(const grog_aigles_rules *r, grog_explain *e);
/* The setting name of a default ("adc.speed_pas_per_periode"). */
const char *aigles_default_name(int which);
/* Edge-to-edge distance between two bases in pas. */
double aigles_distance_pas(const grog_base *a, const grog_base *b, double mm_per_pas);
/* mm_per_pas given, or the rules' value when 0. */
double aigles_mm_per_pas(const grog_aigles_rules *r, double given);
/* Whether two bases are in contact per the rules' tolerance. */
int aigles_in_contact(const grog_aigles_rules *r, const grog_base *a, const grog_base *b);
/* grog_aigles_order_check, leaving out the zone when skip_zone (command.c). */
grog_status aigles_order_checks(const grog_aigles_rules *r, const grog_aigles_order *o,
                                const grog_aigles_situation *s, const grog_aigles_points *points,
                                grog_explain *e, double *distance_pas, int skip_zone,
                                grog_error *err);
/* A new "aigles-order" record titled with the order's names (reaction.c). */
grog_explain *aigles_order_record(const grog_aigles_order *o);
/* The reaction test added to an existing record (reaction.c). */
grog_status aigles_order_test_into(const grog_aigles_rules *r, const grog_aigles_order *o,
                                   const grog_aigles_dice *dice, grog_explain *e, int *obeys,
                                   grog_error *err);

#endif
