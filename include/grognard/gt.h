/* gt.h — Grande Tactique: generals and PIPs (spec gt-generals.md, GT-01..GT-17).
 *
 * Divisional generals spend PIPs (Player Initiative Points) to make their
 * units act; corps and army commanders help them. This header gives:
 *  - the rules data (data/rules/gt.json: PIP costs, command radius, great and
 *    bad adjustments, the GT-08 face, the interpretation settings);
 *  - the PIP calculator: the exact distribution of one divisional general's
 *    PIPs, following the GT-17 order, as a grog_explain record "gt-pip";
 *  - "in a battle" functions over plain structs, independent of the battle
 *    model: the PIP phase of one corps (GT-14, GT-10..13), attachment
 *    (GT-03..06), spending PIPs (GT-07, GT-15, GT-16), a fleeing unit's
 *    general (GT-08) and the refusals of GT-05 / GT-09.
 * Lengths are millimetres (measure.h); the rules measure in inches.
 * Every function that refuses an action returns GROG_ERULE with a message
 * naming the rule id, and changes nothing.
 *
 * Ownership: grog_gt_rules_load returns a handle freed with
 * grog_gt_rules_destroy (accepts NULL). A grog_explain ** out parameter
 * receives a record the caller frees with grog_explain_destroy; it is set
 * only on GROG_OK. grog_gt_phase holds one record per divisional general,
 * freed by grog_gt_phase_clear. Strings returned as const char * live as
 * long as the rules handle. */
#ifndef GROGNARD_GT_H
#define GROGNARD_GT_H

#include <stddef.h>

#include "grognard/battle.h"
#include "grognard/dice.h"
#include "grognard/error.h"
#include "grognard/explain.h"
#include "grognard/geom.h"
#include "grognard/rng.h"
#include "grognard/tape.h"

/* ---- rules data ---- */

typedef struct grog_gt_rules grog_gt_rules;

/* path NULL: the embedded data/rules/gt.json; otherwise a house-rules file.
 * Errors name FILE:LINE:COLUMN and the key at fault. */
grog_status grog_gt_rules_load(const char *path, grog_gt_rules **out, grog_error *err);
/* The same from a text in memory (a game keeps its house rules in its file);
 * label names it in messages. */
grog_status grog_gt_rules_parse(const char *text, const char *label, grog_gt_rules **out,
                                grog_error *err);
void grog_gt_rules_destroy(grog_gt_rules *rules);

/* The command radius of corps and army commanders, in inches (9 by default). */
double grog_gt_command_radius_in(const grog_gt_rules *rules);
/* Whether the cost table's action fits unit u (its "arms" and "needs" in
 * the data; u NULL: the action alone). GROG_ERULE naming the action, the
 * arms and the unit; GROG_EINVAL for an action that names no unit;
 * GROG_ENOTFOUND for an unknown action. */
grog_status grog_gt_action_fits(const grog_gt_rules *rules, const char *action,
                                const grog_troop *u, grog_error *err);
/* GT-11's setting: an attached commander still spends his PIP on a
 * non-divisional unit (GT-13). */
int grog_gt_attached_keeps_unit_pip(const grog_gt_rules *rules);

/* The PIP cost table (GT-15), in the data file's order. */
size_t grog_gt_action_count(const grog_gt_rules *rules);
const char *grog_gt_action_id(const grog_gt_rules *rules, size_t i);
int grog_gt_action_base_cost(const grog_gt_rules *rules, size_t i);
/* 1 when the cost is a default the seed does not give. */
int grog_gt_action_is_default(const grog_gt_rules *rules, size_t i);

/* ---- the PIPs of one divisional general ---- */

#define GROG_GT_MAX_DICE 24     /* 6^24 outcomes still fit the exact odds */
#define GROG_GT_MAX_BONUS 8     /* commanders giving one general their PIP */

/* A divisional general's quality is grog_gt_quality of battle.h (great,
 * ordinary, bad; GT-02), named and parsed by grog_gt_quality_name/_parse. */

/* How the die of a divisional general is found (GT-14). */
typedef enum grog_gt_alloc {
    GROG_GT_ALLOC_OWN = 0, /* his own single die */
    GROG_GT_ALLOC_RANK,    /* plan: the rank-th highest of the corps' dice */
    GROG_GT_ALLOC_MEAN     /* no plan: the floor of the mean of the corps' dice */
} grog_gt_alloc;

typedef struct grog_gt_pip_query {
    grog_gt_quality quality;  /* GT-02 */
    grog_gt_alloc alloc;  /* GT-14 */
    int dice;             /* the corps' dice N (RANK, MEAN); ignored for OWN */
    int rank;             /* K, 1 = the highest (RANK only) */
    int bonus;            /* PIPs commanders give him (GT-10), 0..GROG_GT_MAX_BONUS */
    int bonus_from_bad;   /* how many of them come from a bad commander within
                             the radius: lost when his die shows 1 (GT-12) */
    int bad_within;       /* a bad corps or army commander is within the radius (GT-12) */
} grog_gt_pip_query;

/* Checks a query (ranges, rank <= dice, bonus_from_bad <= bonus and only
 * with bad_within). */
grog_status grog_gt_pip_check(const grog_gt_pip_query *q, grog_error *err);

/* The PIPs for an allocated die value, in the order of GT-17 (settable). */
int grog_gt_pips_for_die(const grog_gt_rules *rules, const grog_gt_pip_query *q, int die);

/* Rolls the dice of q: faces hold the N dice as rolled (one for OWN) and
 * natural the value allocated to him. */
grog_status grog_gt_pip_roll(const grog_gt_pip_query *q, grog_rng *rng, grog_roll *out,
                             grog_error *err);
/* The die value allocated to him, entered by hand (1..6). */
grog_status grog_gt_pip_enter(const grog_gt_pip_query *q, int value, grog_roll *out,
                              grog_error *err);

/* The record "gt-pip": rules, dice, modifiers, the exact distribution of his
 * PIPs and its mean, the defaults used; with roll (may be NULL) the roll, the
 * PIPs as modified_roll and value, and outcome (the PIPs, as text). */
grog_status grog_gt_pip_explain(const grog_gt_rules *rules, const grog_gt_pip_query *q,
                                const grog_roll *roll, grog_explain **out, grog_error *err);

/* ---- the PIP phase of one corps (GT-14, GT-10..GT-13) ---- */

#define GROG_GT_MAX_DIVISIONS GROG_GT_MAX_DICE
#define GROG_GT_MAX_COMMANDERS GROG_GT_MAX_BONUS

/* A divisional general of the corps. */
typedef struct grog_gt_division {
    int id;
    grog_gt_quality quality;
    int rank;  /* with a plan: 1 takes the highest die; each of 1..n once */
} grog_gt_division;

/* What a corps or army commander does with his 1 PIP. */
typedef enum grog_gt_gift {
    GROG_GT_GIFT_NONE = 0,
    GROG_GT_GIFT_GENERAL, /* to one subordinate divisional general (GT-10) */
    GROG_GT_GIFT_UNIT     /* to a non-divisional unit (GT-13) */
} grog_gt_gift;

typedef struct grog_gt_commander {
    int id;
    int bad;       /* a bad corps or army commander (GT-12) */
    int attached;  /* attached to a unit this turn (GT-11) */
    grog_gt_gift gift;
    int to;        /* GIFT_GENERAL: index into the corps' divisions */
    int unit;      /* GIFT_UNIT: the non-divisional unit's id */
    double distance_mm[GROG_GT_MAX_DIVISIONS]; /* edge to edge, to each divisional general */
} grog_gt_commander;

typedef struct grog_gt_corps_turn {
    const grog_gt_division *divisions;
    int ndivisions;                  /* 1..GROG_GT_MAX_DIVISIONS */
    const grog_gt_commander *commanders;
    int ncommanders;                 /* 0..GROG_GT_MAX_COMMANDERS */
    int plan;                        /* the generals are ranked in advance (GT-14) */
    int plan_changed;                /* declared before the roll: no PIPs this turn */
    const int *entered;              /* NULL: roll with the rng; else ndivisions dice */
    const grog_battle *battle;       /* the pieces' numbers are its indexes: the records
                                        name them by id (grog_gt_name_pieces); NULL:
                                        by number ("general 3") */
    /* For the records' measures (tape.h); NULL: none named. division_ids[i]
     * and commander_ids[c] are the pieces' ids; from_table[c *
     * GROG_GT_MAX_DIVISIONS + i] is 1 when
     * commanders[c].distance_mm[i] was measured at the table (NULL: all from
     * the map). Each general's record names the distance from every bad
     * commander (GT-12) and from the commander giving him his PIP (GT-10). */
    const char *const *division_ids;
    const char *const *commander_ids;
    const unsigned char *from_table;
} grog_gt_corps_turn;

/* Rewrites text (a NUL-terminated buffer of `size` bytes) in place: every
 * "general N", "commander N" (officer N of the battle) and "unit N" (unit N)
 * in the language of messages becomes the piece's id ("general merle"). A
 * number that is no piece of the battle is left as it is. */
void grog_gt_name_pieces(char *text, size_t size, const grog_battle *b);

typedef struct grog_gt_phase {
    int ndivisions;
    int dice[GROG_GT_MAX_DIVISIONS];      /* as rolled or entered (0: no roll) */
    int allocated[GROG_GT_MAX_DIVISIONS]; /* the die allocated to each general */
    int pips[GROG_GT_MAX_DIVISIONS];      /* each divisional general's PIPs */
    int ncommanders;
    int gave[GROG_GT_MAX_COMMANDERS];      /* 1: his PIP went to his subordinate */
    int unit_pips[GROG_GT_MAX_COMMANDERS]; /* PIPs for his non-divisional unit (GT-13) */
    grog_explain *records[GROG_GT_MAX_DIVISIONS]; /* "gt-pip", one per general; owned */
} grog_gt_phase;

/* Runs the phase: rolls (or takes the entered dice), allocates, applies the
 * commanders. A gift beyond the radius (GT-10) or from an attached commander
 * (GT-11) is refused with GROG_ERULE. On error *out is untouched. */
grog_status grog_gt_phase_run(const grog_gt_rules *rules, const grog_gt_corps_turn *turn,
                              grog_rng *rng, grog_gt_phase *out, grog_error *err);
/* Frees the records and zeroes the phase. Accepts NULL. */
void grog_gt_phase_clear(grog_gt_phase *phase);

/* ---- generals on the table: attachment, harm (GT-03..GT-09) ---- */

typedef enum grog_gt_game_phase {
    GROG_GT_PHASE_PIP = 0,
    GROG_GT_PHASE_MOVEMENT,
    GROG_GT_PHASE_OTHER
} grog_gt_game_phase;

typedef struct grog_gt_officer {
    int id;
    grog_base base;
    int attached_to;       /* unit id, or -1 */
    int out_of_commission; /* GT-08 */
} grog_gt_officer;

typedef struct grog_gt_unit {
    int id;
    grog_base base;
    int general; /* id of the general attached, or -1 (GT-03: one at most) */
    int routed;  /* GT-06 */
} grog_gt_unit;

/* GT-08 with GT-10, GT-13: whether a commander may give his 1 PIP this turn:
 * neither he nor the general receiving it (NULL: a gift to a unit) is out of
 * commission; a PIP given to a general out of commission would be lost, so
 * it is refused. GROG_ERULE naming the rule and the piece ("general N",
 * "commander N"). The game's `gift` and the PIP phase use it. */
grog_status grog_gt_gift_check(const grog_gt_officer *commander, const grog_gt_officer *general,
                               grog_error *err);

/* Attaches g to u (GT-03): movement phase, edge-to-edge contact, no other
 * general on u, g not already attached. Record "gt-attach" with the +1
 * morale (GT-04) and the GT-05 notes. */
grog_status grog_gt_attach(const grog_gt_rules *rules, grog_gt_game_phase phase,
                           grog_gt_officer *g, grog_gt_unit *u, grog_explain **out,
                           grog_error *err);
/* The same naming the contact as a measure (tape.h) of pieces g_id to u_id
 * ("contact", GT-03) in the record, the table's (tape may be NULL) in
 * place of the bases' when it has one. */
grog_status grog_gt_attach_measured(const grog_gt_rules *rules, grog_gt_game_phase phase,
                                    grog_gt_officer *g, grog_gt_unit *u, const char *g_id,
                                    const char *u_id, grog_tape *tape, grog_explain **out,
                                    grog_error *err);
/* Detaches g from u in the movement phase; refused from a routed unit (GT-06). */
grog_status grog_gt_detach(const grog_gt_rules *rules, grog_gt_game_phase phase,
                           grog_gt_officer *g, grog_gt_unit *u, grog_error *err);
/* The morale bonus of u: +1 with a general attached (GT-04), else 0. */
int grog_gt_morale_bonus(const grog_gt_rules *rules, const grog_gt_unit *u);
/* An enemy fires at or charges general g: always refused, naming GT-05
 * (attached: target his unit) or GT-09 (unattached: cannot be harmed). */
grog_status grog_gt_target_general(const grog_gt_officer *g, grog_error *err);
/* Unit u, with g attached, flees (GT-08): a D6, out of commission on 1
 * (rolled with rng, or entered when entered is not NULL). Refused for a
 * general not attached to u (GT-09). Record "gt-flee". */
grog_status grog_gt_flee(const grog_gt_rules *rules, grog_gt_officer *g, grog_gt_unit *u,
                         grog_rng *rng, const int *entered, grog_explain **out,
                         grog_error *err);

/* ---- spending PIPs (GT-01, GT-07, GT-15, GT-16) ---- */

typedef struct grog_gt_pool {
    int general;     /* the general's id */
    int pips;        /* never below 0 (GT-16) */
    int attached_to; /* unit he was attached to at the start of the PIP phase, or -1 */
} grog_gt_pool;

/* Starts a general's PIPs for the turn, fixing whether doubling applies
 * (GT-07) from his attachment now, at the start of the PIP phase. */
grog_status grog_gt_pool_start(grog_gt_pool *pool, const grog_gt_officer *g, int pips,
                               grog_error *err);
/* The cost of action (an id of the table) for unit (-1: none), doubled for
 * every unit but the one he was attached to (GT-07). */
grog_status grog_gt_cost(const grog_gt_rules *rules, const grog_gt_pool *pool,
                         const char *action, int unit, int *cost, grog_error *err);
/* Spends it; refused (GT-16) when he has too few PIPs. Record "gt-spend". */
grog_status grog_gt_spend(const grog_gt_rules *rules, grog_gt_pool *pool, const char *action,
                          int unit, grog_explain **out, grog_error *err);

#endif
