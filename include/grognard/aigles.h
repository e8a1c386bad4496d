/* aigles.h — Les Aigles: officers, command zones, charisma, orders and the
 * reaction test (rules AIG-O-01 to AIG-O-27, docs/rules-aigles.md).
 *
 * Four parts:
 *  - the rules data ("officers" section of data/rules/aigles.json, embedded,
 *    overridable by a file): zones by command and figure scale, charisma
 *    radii, reaction by status, the bonuses, the AIG-O-08 variant switch, the
 *    pas scale and every named interpretation;
 *  - the reaction test general -> unit and officer -> officer, with the
 *    bonuses of one attempt, as one grog_explain record "aigles-order";
 *  - what surrounds it in a battle: command points per période, the
 *    order-change zone and the melee rule, the aide-de-camp route, the
 *    charisma modifier a unit gets;
 *  - capture, prisoners, liberation, fire at an officer and replacement as
 *    pure functions over a small officer struct.
 * The functions work on plain input structs: the game engine fills them from
 * the battle model; two functions read a battle (battle.h) directly, for
 * `grognard explain`.
 *
 * Ownership: grog_aigles_rules_load / _parse return a handle the caller frees
 * with grog_aigles_rules_destroy (accepts NULL). Every grog_explain **out
 * receives a record the caller frees with grog_explain_destroy (on a refusal
 * by the rules, GROG_ERULE, the record showing the failed check is still
 * handed back when out is not NULL). A grog_explain *e parameter (may be
 * NULL) is a record owned by the caller that the function adds to. Strings
 * in the structs are borrowed, never freed. On error the structs passed in
 * are left unchanged. */
#ifndef GROGNARD_AIGLES_H
#define GROGNARD_AIGLES_H

#include <stddef.h>

#include "grognard/battle.h"
#include "grognard/error.h"
#include "grognard/explain.h"
#include "grognard/geom.h"
#include "grognard/rng.h"
#include "grognard/tape.h"

/* ---- rules data ---- */

typedef struct grog_aigles_rules grog_aigles_rules;

/* path NULL: the embedded rules/aigles.json. Reads "family" and "officers";
 * ignores "formations". Errors name FILE:LINE:COLUMN. */
grog_status grog_aigles_rules_load(const char *path, grog_aigles_rules **out, grog_error *err);
/* The same from a text in memory; label names it in messages. */
grog_status grog_aigles_rules_parse(const char *text, const char *label,
                                    grog_aigles_rules **out, grog_error *err);
void grog_aigles_rules_destroy(grog_aigles_rules *r);

/* Millimetres per pas on the table (1 by default). */
double grog_aigles_mm_per_pas(const grog_aigles_rules *r);
/* The range of a command or charisma rating in these rules (AIG-O-01: 0 to 5). */
void grog_aigles_rating_range(const grog_aigles_rules *r, int *lo, int *hi);
/* Whether the AIG-O-08 distance variant is on by default in these rules. */
int grog_aigles_variant_default(const grog_aigles_rules *r);
/* The ADC speed in pas per turn at this figure scale; *is_default (may be
 * NULL) is 1 when the value is a default the seed does not give. */
grog_status grog_aigles_adc_speed(const grog_aigles_rules *r, int figure_mm, double *pas,
                                  int *is_default, grog_error *err);

/* AIG-O-07: the order-change zone of a command value at figure scale
 * figure_mm (25 or 15). Command 1 is contact only (*pas 0, *contact_only 1);
 * command 0 has no zone (*pas 0, *contact_only 0, GROG_OK). */
grog_status grog_aigles_zone(const grog_aigles_rules *r, int command, int figure_mm,
                             double *pas, int *contact_only, grog_error *err);

/* AIG-O-04: the outer radius (pas) within which the indirect bonus is > 0;
 * 0 for charisma 0 or 1. */
grog_status grog_aigles_charisma_radius(const grog_aigles_rules *r, int charisma, int figure_mm,
                                        double *pas, grog_error *err);
/* AIG-O-04: the indirect bonus at distance_pas (edge to edge; "within"
 * includes the radius). */
grog_status grog_aigles_charisma_bonus(const grog_aigles_rules *r, int charisma, int figure_mm,
                                       double distance_pas, int *bonus, grog_error *err);

/* ---- statuses and reaction (AIG-O-15) ---- */

typedef enum grog_aigles_status {
    GROG_AIGLES_GARDE = 0,
    GROG_AIGLES_ELITE,
    GROG_AIGLES_VETERAN,
    GROG_AIGLES_REGULAR,
    GROG_AIGLES_SEMI_REGULAR,
    GROG_AIGLES_MILITIA,
    GROG_AIGLES_IRREGULAR,
    GROG_AIGLES_NSTATUS
} grog_aigles_status;

/* "garde", "elite", "veteran", "regular", "semi-regular", "militia",
 * "irregular"; parse gives GROG_EINVAL on others. */
const char *grog_aigles_status_name(grog_aigles_status s);
grog_status grog_aigles_status_parse(const char *name, grog_aigles_status *out, grog_error *err);
grog_status grog_aigles_reaction(const grog_aigles_rules *r, grog_aigles_status s, int *reaction,
                                 grog_error *err);

/* ---- the reaction test (AIG-O-15 to AIG-O-20, AIG-O-08) ---- */

typedef enum grog_aigles_variant {
    GROG_AIGLES_VARIANT_RULES = 0, /* as the rules data says */
    GROG_AIGLES_VARIANT_ZONE,      /* the zone table of AIG-O-07 */
    GROG_AIGLES_VARIANT_DISTANCE   /* AIG-O-08: no zone, -1 command per 150 pas */
} grog_aigles_variant;

typedef enum grog_aigles_receiver {
    GROG_AIGLES_TO_UNIT = 0,   /* AIG-O-16: reaction + command */
    GROG_AIGLES_TO_OFFICER     /* AIG-O-17: command + command */
} grog_aigles_receiver;

typedef struct grog_aigles_order {
    int command;                  /* the giver's command 0..5 (through an ADC:
                                     his general's, AIG-O-12) */
    grog_aigles_receiver receiver;
    int status;                   /* unit: a grog_aigles_status, or -1 to use reaction */
    int reaction;                 /* unit: the reaction value when status is -1 */
    int receiver_command;         /* officer: his command 0..5 */
    int explain_turns;            /* AIG-O-18: turns spent explaining this order */
    int failed_turns;             /* AIG-O-19: turns of failed tests of this order */
    grog_aigles_variant variant;
    double distance_pas;          /* edge to edge, for the AIG-O-08 variant */
    int via_adc;                  /* transmitted by an ADC (AIG-O-12): noted */
    const char *giver;            /* names for the record; may be NULL */
    const char *receiver_name;
} grog_aigles_order;

/* A unit of status regular, command 0, no bonus, rules variant. */
grog_aigles_order grog_aigles_order_default(void);

typedef enum grog_aigles_dice_mode {
    GROG_AIGLES_NO_ROLL = 0, /* odds only */
    GROG_AIGLES_RNG,         /* rolled with rng */
    GROG_AIGLES_ENTERED      /* the die entered at the table */
} grog_aigles_dice_mode;

typedef struct grog_aigles_dice {
    grog_aigles_dice_mode mode;
    grog_rng *rng;
    int entered;
} grog_aigles_dice;

/* The test's target: reaction (or receiver's command) + command + bonuses,
 * the die obeys when strictly less (AIG-O-16). */
grog_status grog_aigles_order_target(const grog_aigles_rules *r, const grog_aigles_order *o,
                                     int *target, grog_error *err);

/* Resolves one reaction test into a new record "aigles-order": rules,
 * dice, target and comparison, each part with its rule id, the exact odds
 * of "obeys" and "fails", and with a roll its outcome. dice NULL: no roll.
 * *obeys (may be NULL) gets 1/0 when a roll was made. Command 0 is refused
 * (GROG_ERULE, AIG-O-06/AIG-O-07: no command points, no orders). */
grog_status grog_aigles_order_test(const grog_aigles_rules *r, const grog_aigles_order *o,
                                   const grog_aigles_dice *dice, grog_explain **out, int *obeys,
                                   grog_error *err);

/* AIG-O-09: an order given at the start of the game: applied, no test. */
grog_status grog_aigles_order_initial(const grog_aigles_order *o, grog_explain **out,
                                      grog_error *err);

/* ---- attempts: bonuses of one order (AIG-O-18 to AIG-O-20) ---- */

typedef struct grog_aigles_attempt {
    int active;           /* an order is being passed */
    int explain_turns;    /* AIG-O-18 */
    int failed_turns;     /* AIG-O-19: turns that ended with a failed test */
    int failed_this_turn;
} grog_aigles_attempt;

/* Starts passing a new order: every bonus at 0. */
void grog_aigles_attempt_start(grog_aigles_attempt *a);
/* The giver spends this turn explaining (AIG-O-18). */
void grog_aigles_attempt_explain(grog_aigles_attempt *a);
/* A test was made: obeyed ends the attempt and its bonuses vanish
 * (AIG-O-20); failed marks this turn as a failed turn. */
void grog_aigles_attempt_result(grog_aigles_attempt *a, int obeyed);
/* The turn ends: a turn with a failed test counts toward AIG-O-19. */
void grog_aigles_attempt_end_turn(grog_aigles_attempt *a);
/* The order is abandoned: its bonuses vanish (AIG-O-20). */
void grog_aigles_attempt_abandon(grog_aigles_attempt *a);
/* Copies the attempt's bonuses into an order. */
void grog_aigles_attempt_apply(const grog_aigles_attempt *a, grog_aigles_order *o);

/* ---- command points (AIG-O-06, AIG-O-13) ---- */

typedef struct grog_aigles_points {
    int command; /* the officer's command value */
    int left;    /* attempts left this période */
} grog_aigles_points;

/* A new période: as many points as the command value (AIG-O-06). */
grog_status grog_aigles_points_refresh(const grog_aigles_rules *r, int command,
                                       grog_aigles_points *p, grog_error *err);
/* One point for one attempt (AIG-O-13); GROG_ERULE naming the rule when
 * none is left or command is 0. */
grog_status grog_aigles_points_spend(grog_aigles_points *p, grog_error *err);

/* ---- the order in a battle: zone, melee, points (AIG-O-07, -10, -13, -14) ---- */

typedef struct grog_aigles_situation {
    int figure_mm;            /* 25 or 15 */
    double mm_per_pas;        /* 0: the rules' value */
    grog_base giver;          /* the general's base, mm */
    grog_base receiver;       /* the unit's or officer's base, mm */
    int receiver_in_melee;    /* AIG-O-14 */
    int giver_melee_turns;    /* complete turns the general has been in that melee */
    /* The two pieces' ids and the measures given at the table (tape.h).
     * With both ids the zone check names its measure in the record (giver
     * to receiver: a contact for a contact-only command, a distance
     * otherwise; AIG-O-10/11, AIG-O-08 for the variant), and the tape's
     * value (tape may be NULL) replaces the bases'. NULL ids: the bases
     * alone, no measure named. */
    const char *giver_id, *receiver_id;
    grog_tape *tape;
} grog_aigles_situation;

/* Whether the order may be given now: command > 0, in the zone (or the
 * variant), the melee rule, a point left (points may be NULL: not checked).
 * Adds one check per rule to e (may be NULL); *distance_pas (may be NULL)
 * gets the edge-to-edge distance. GROG_ERULE with the rule id in the message
 * when refused. */
grog_status grog_aigles_order_check(const grog_aigles_rules *r, const grog_aigles_order *o,
                                    const grog_aigles_situation *s,
                                    const grog_aigles_points *points, grog_explain *e,
                                    double *distance_pas, grog_error *err);

/* Checks, spends one point (AIG-O-13) and tests: one record with the checks
 * and the test. The order's distance_pas is taken from the bases. Refused:
 * GROG_ERULE, nothing spent, the record (with the failed check) in *out. */
grog_status grog_aigles_order_give(const grog_aigles_rules *r, const grog_aigles_order *o,
                                   const grog_aigles_situation *s, grog_aigles_points *points,
                                   const grog_aigles_dice *dice, grog_explain **out, int *obeys,
                                   grog_error *err);

/* ---- aides-de-camp (AIG-O-11, AIG-O-12) ---- */

typedef struct grog_aigles_adc_input {
    int general_command;        /* used in the test (AIG-O-12) */
    int adc_command;            /* the ADC's number of attempts (AIG-O-12) */
    grog_base general, adc, subordinate; /* mm */
    double speed_pas;           /* pas per turn; <= 0: the rules' default */
    int figure_mm;
    double mm_per_pas;          /* 0: the rules' value */
    /* The pieces' ids, for the ride's measures (tape.h, AIG-O-11: the ADC to
     * the subordinate, the subordinate back to the general), and the measures
     * given at the table (tape may be NULL): a measure's value replaces the
     * bases'. NULL ids (the default): no measure is named. */
    const char *general_id, *adc_id, *subordinate_id;
    grog_tape *tape;
} grog_aigles_adc_input;

typedef struct grog_aigles_adc_route {
    double out_pas;    /* ADC to contact with the subordinate */
    int turns_out;     /* turns to arrive (0: already in contact) */
    double back_pas;   /* the subordinate back to the general */
    int turns_back;
    int attempts;      /* the ADC's command value */
    int test_command;  /* the general's command value */
    int dispatch_cost; /* the general's command points spent to send him */
    double speed_pas;
    int speed_default; /* the speed is the rules' default */
} grog_aigles_adc_route;

/* The route, adding path steps, notes and defaults_used to e (may be NULL).
 * GROG_ERULE when the general's command is 0 (AIG-O-06) or the ADC's is 0
 * (AIG-O-12: no attempt). */
grog_status grog_aigles_adc_plan(const grog_aigles_rules *r, const grog_aigles_adc_input *in,
                                 grog_aigles_adc_route *route, grog_explain *e, grog_error *err);

/* ---- charisma (AIG-O-03 to AIG-O-05) ---- */

typedef struct grog_aigles_influence {
    const char *name;  /* for the record */
    int side;
    int charisma;      /* 0..5 */
    grog_base base;    /* mm */
    int available;     /* 0 when captured or dead: no influence */
} grog_aigles_influence;

typedef struct grog_aigles_morale {
    int contact;     /* 1: AIG-O-03, the range lo..hi chosen after the die */
    int lo, hi;      /* contact range */
    int bonus;       /* indirect bonus (AIG-O-04) when not in contact */
    int from;        /* index of the officer giving it, -1 none */
} grog_aigles_morale;

/* The morale modifier of a unit of side `side` at `unit` from officers[0..n):
 * the contact range of an officer of its side in contact (the highest
 * charisma), else the best indirect bonus (AIG-O-05; or their sum when the
 * rules say so). New record "aigles-morale" in *out (may be NULL). */
grog_status grog_aigles_morale_modifier(const grog_aigles_rules *r, const grog_base *unit,
                                        int side, const grog_aigles_influence *officers,
                                        size_t n, int figure_mm, double mm_per_pas,
                                        grog_aigles_morale *res, grog_explain **out,
                                        grog_error *err);

/* The pieces of a morale modifier, for its measures (tape.h). */
typedef struct grog_aigles_morale_pieces {
    const char *unit;              /* the unit's id */
    const char *const *officers;   /* officers[i]: the id of influence i */
    grog_tape *tape;               /* measures given at the table, or NULL */
} grog_aigles_morale_pieces;

/* The same, each officer of the unit's side available to it measured from
 * the unit as a distance (AIG-O-04; 0, within the contact tolerance, is
 * contact, AIG-O-03): the tape's value in place of the bases' when it has
 * one. The record names the measures that count: the table's, and the
 * map's of officers in contact or giving a bonus. pieces NULL: as above. */
grog_status grog_aigles_morale_measured(const grog_aigles_rules *r, const grog_base *unit,
                                        int side, const grog_aigles_influence *officers,
                                        size_t n, int figure_mm, double mm_per_pas,
                                        const grog_aigles_morale_pieces *pieces,
                                        grog_aigles_morale *res, grog_explain **out,
                                        grog_error *err);

/* ---- officers: capture, prisoners, fire, replacement (AIG-O-01, -02, -21..27) ---- */

typedef enum grog_aigles_officer_state {
    GROG_AIGLES_ACTIVE = 0,
    GROG_AIGLES_PRISONER,
    GROG_AIGLES_DEAD
} grog_aigles_officer_state;

typedef struct grog_aigles_officer {
    int id;
    int side;
    int is_adc;          /* AIG-O-01: a general or an aide-de-camp */
    int superior;        /* ADC: his general (AIG-O-02); general: his superior; -1 none */
    int charisma, command;
    grog_aigles_officer_state state;
    int held_by;         /* prisoner: the id of the unit holding him, else -1 */
    int avance;          /* carries an Avance marker (AIG-O-22) */
    int casualties;      /* fire casualties taken so far (AIG-O-25) */
    int replaced;        /* the id of the general he replaced, -1 none (AIG-O-27) */
} grog_aigles_officer;

/* "active", "prisoner", "dead". */
const char *grog_aigles_officer_state_name(grog_aigles_officer_state s);

/* AIG-O-01, AIG-O-02: ratings 0..5 (per the rules), each ADC belonging to
 * one general of his side, ids unique. */
grog_status grog_aigles_officers_check(const grog_aigles_rules *r,
                                       const grog_aigles_officer *officers, size_t n,
                                       grog_error *err);

/* AIG-O-21, AIG-O-22: an enemy unit contacts the officer: refused when he
 * carries an Avance marker, else he is captured, held by that unit. */
grog_status grog_aigles_officer_contacted(grog_aigles_officer *o, int enemy_unit,
                                          grog_explain *e, grog_error *err);
/* AIG-O-21: surrounded by enemies: captured unless he can escape. */
grog_status grog_aigles_officer_surrounded(grog_aigles_officer *o, int can_escape,
                                           int holding_unit, grog_explain *e, grog_error *err);
/* AIG-O-23: a prisoner's speed: the fastest column speed among the units
 * holding him (n >= 1). */
grog_status grog_aigles_prisoner_speed(const double *column_speeds, size_t n, double *speed,
                                       grog_error *err);
/* AIG-O-24: a melee won by `winner_side` against `loser_unit`: frees the
 * officer when he is held by that unit and the winner is his side. */
grog_status grog_aigles_officer_melee_won(grog_aigles_officer *o, int winner_side,
                                          int loser_unit, grog_explain *e, grog_error *err);
/* AIG-O-25: fire at an officer: only when isolated; eliminated at the
 * rules' threshold (40 casualties). *eliminated (may be NULL) gets 1/0. */
grog_status grog_aigles_officer_fired_at(const grog_aigles_rules *r, grog_aigles_officer *o,
                                         int isolated, int casualties, int *eliminated,
                                         grog_explain *e, grog_error *err);
/* AIG-O-26: killed in melee or by fire (chapters not in the seed). */
grog_status grog_aigles_officer_killed(grog_aigles_officer *o, grog_explain *e,
                                       grog_error *err);
/* AIG-O-27: the ADC officers[adc] replaces the lost (prisoner or dead)
 * general officers[lost]: only an ADC of the lost general's superior. The
 * ADC becomes a general subordinate to that superior, his `replaced` set to
 * the lost general's id. */
grog_status grog_aigles_officer_replace(grog_aigles_officer *officers, size_t n, size_t lost,
                                        size_t adc, grog_explain *e, grog_error *err);

/* ---- from a battle (battle.h), for `grognard explain` ---- */

typedef struct grog_aigles_battle_order {
    const char *from;          /* the general's officer id */
    const char *to;            /* a unit or officer id */
    int explain_turns;         /* AIG-O-18, this attempt */
    int failed_turns;          /* AIG-O-19, this attempt */
    int general_melee_turns;   /* full turns the general has been in the unit's melee */
    int points_left;           /* < 0: a fresh période (his command points) */
    grog_aigles_variant variant;
    grog_tape *tape;           /* measures given at the table (tape.h), or NULL */
} grog_aigles_battle_order;

/* The order worked out from the battle: the officers and unit by id, their
 * ratings, status, bases (the table's scale), melee flag and hierarchy. The
 * record holds the checks (active general, under his command, zone, melee,
 * points) and the test; for an officer out of the zone, the route of the
 * nearest active ADC of the general (speed: the ADC's adc_speed, else the
 * rules' default) and the test on his arrival. GROG_ENOTFOUND for an
 * unknown id; GROG_ERULE (record in *out) when the order cannot be given.
 * The battle is only read. */
grog_status grog_aigles_battle_order_explain(const grog_aigles_rules *r, const grog_battle *b,
                                             const grog_aigles_battle_order *in,
                                             const grog_aigles_dice *dice, grog_explain **out,
                                             int *obeys, grog_error *err);

/* ---- the chain of command (chain.c), shared by the game and explain ---- */

/* AIG-O-10, AIG-O-11: whether general `giver` may order `target` (a unit or
 * an officer id): a unit of his command (his own, or a subordinate's at any
 * depth) or an officer below him; never himself, never the enemy's. The
 * check goes into e (may be NULL). GROG_ERULE naming the rule and both ids
 * when he may not; GROG_ENOTFOUND for an unknown id. */
grog_status grog_aigles_battle_chain(const grog_battle *b, const char *giver, const char *target,
                                     grog_explain *e, grog_error *err);
/* AIG-O-11, AIG-O-12: whether ADC `adc` may carry his general's order to
 * `sub`: a general of his side below the ADC's general (at any depth). */
grog_status grog_aigles_battle_adc_chain(const grog_battle *b, const char *adc, const char *sub,
                                         grog_explain *e, grog_error *err);
/* How many levels officer index `lower` stands below `upper` (1: upper is
 * his direct superior); 0 when not below him. */
int grog_aigles_battle_depth_below(const grog_battle *b, size_t upper, size_t lower);
/* AIG-O-27's reading: an ADC whose general stands `depth` levels above the
 * lost general (1: his direct superior) may replace him: depth 1 always,
 * deeper only with officers.replacement.any_depth (the default). */
int grog_aigles_replace_depth_ok(const grog_aigles_rules *r, int depth);
/* AIG-O-27 in a battle: `lost` is a lost (not active) general, `adc` an
 * active ADC of his side whose general is above him (replace_depth_ok). */
grog_status grog_aigles_battle_replace_check(const grog_aigles_rules *r, const grog_battle *b,
                                             const char *lost, const char *adc, grog_explain *e,
                                             grog_error *err);
/* AIG-O-18's readings (officers.explaining): whether a turn spent
 * explaining costs the general a command point, and whether he may give
 * other orders (to other receivers) in that turn. */
int grog_aigles_explaining_costs_point(const grog_aigles_rules *r);
int grog_aigles_explaining_other_orders(const grog_aigles_rules *r);

/* AIG-O-25: whether officer (an id) is isolated: not attached to a unit and
 * no unit of his side within fire.isolated_beyond_pas (edge to edge; a
 * default, the seed does not define "isolated"). *nearest (may be NULL)
 * gets his side's nearest unit id (NULL: none), *nearest_pas its distance.
 * An unknown id: 0. */
int grog_aigles_battle_officer_isolated(const grog_aigles_rules *r, const grog_battle *b,
                                        const char *officer, const char **nearest,
                                        double *nearest_pas);
/* The same for every officer of the battle at once: isolated[i] (room for
 * grog_battle_nofficers) gets officer i's answer. The units are looked up in
 * a grid of cells as wide as the distance plus the largest bases, so the
 * work is linear in the battle's size (officers x units one by one);
 * GROG_ENOMEM when out of memory (isolated then incomplete). */
grog_status grog_aigles_battle_isolated_all(const grog_aigles_rules *r, const grog_battle *b,
                                            unsigned char *isolated, grog_error *err);
double grog_aigles_isolated_beyond_pas(const grog_aigles_rules *r);

/* The charisma modifier of unit `unit` from every officer of the battle
 * (prisoners and the dead give nothing). res->from is the index of the
 * officer in the battle, -1 none. */
grog_status grog_aigles_battle_morale(const grog_aigles_rules *r, const grog_battle *b,
                                      const char *unit, grog_aigles_morale *res,
                                      grog_explain **out, grog_error *err);
/* The same with measures given at the table (tape may be NULL; see
 * grog_aigles_morale_measured). */
grog_status grog_aigles_battle_morale_measured(const grog_aigles_rules *r, const grog_battle *b,
                                               const char *unit, grog_tape *tape,
                                               grog_aigles_morale *res, grog_explain **out,
                                               grog_error *err);

#endif
