/* aigles_formation.h — Les Aigles: formations and formation-change times
 * (rules AIG-F-01 to AIG-F-31, docs/rules-aigles.md, part two).
 *
 * Four parts:
 *  - the rules data ("formations" section of data/rules/aigles.json, embedded,
 *    overridable by a file): the formation catalogue (spacing, depth, arms,
 *    named effects), both change tables of AIG-F-26 in half-périodes, the
 *    rows other rules add, every threshold, and every interpretation;
 *  - whether a change (or a half turn, quarter turn, pivot, frontage change)
 *    is allowed, and its time in half-périodes: a row of its own or the
 *    quickest chain of rows, plus the additions, as one grog_explain record
 *    "aigles-formation";
 *  - a change in progress that the game engine counts down;
 *  - figures taken off by massing, hollow-square shelter, horse teams, the
 *    skirmisher distance limit and the other small computations of the
 *    chapter, as pure functions.
 * Units are plain input structs (the enums of battle.h); the game engine
 * fills them from the battle model. All times are whole half-périodes.
 *
 * Ownership: grog_aigles_formation_rules_load returns a handle the caller
 * frees with grog_aigles_formation_rules_destroy (accepts NULL). Every
 * grog_explain **out receives a new record the caller frees with
 * grog_explain_destroy; on any error *out is left NULL. Strings returned
 * are static or live as long as the rules handle. On error the structs
 * passed in are left unchanged. */
#ifndef GROGNARD_AIGLES_FORMATION_H
#define GROGNARD_AIGLES_FORMATION_H

#include "grognard/battle.h"
#include "grognard/error.h"
#include "grognard/explain.h"

/* ---- rules data ---- */

typedef struct grog_aigles_formation_rules grog_aigles_formation_rules;

/* path NULL: the embedded rules/aigles.json. Reads "family" and
 * "formations"; ignores "officers". Errors name FILE:LINE:COLUMN. */
grog_status grog_aigles_formation_rules_load(const char *path,
                                             grog_aigles_formation_rules **out,
                                             grog_error *err);
/* The same from a text in memory; label names it in messages. */
grog_status grog_aigles_formation_rules_parse(const char *text, const char *label,
                                              grog_aigles_formation_rules **out,
                                              grog_error *err);
void grog_aigles_formation_rules_destroy(grog_aigles_formation_rules *r);

/* ---- formations ---- */

typedef enum grog_aigles_formation {
    GROG_AIGLES_FM_MARCH_COLUMN = 0,     /* "march-column" */
    GROG_AIGLES_FM_ATTACK_COLUMN,        /* "attack-column" */
    GROG_AIGLES_FM_DIVISION_COLUMN,      /* "division-column" */
    GROG_AIGLES_FM_EXTENDED_ATTACK_COLUMN, /* "extended-attack-column" */
    GROG_AIGLES_FM_COMPANY_COLUMN,       /* "company-column" */
    GROG_AIGLES_FM_MASS_COLUMN,          /* "mass-column" */
    GROG_AIGLES_FM_MASS_SQUARE,          /* "mass-square" */
    GROG_AIGLES_FM_LINE,                 /* "line" */
    GROG_AIGLES_FM_DOUBLE_LINE,          /* "double-line" */
    GROG_AIGLES_FM_POTENCE,              /* "potence" (infantry) */
    GROG_AIGLES_FM_ECHELON,              /* "echelon" (cavalry) */
    GROG_AIGLES_FM_HOLLOW_SQUARE,        /* "hollow-square" */
    GROG_AIGLES_FM_FULL_SQUARE,          /* "full-square" */
    GROG_AIGLES_FM_SKIRMISH,             /* "skirmish" (dispersed order) */
    GROG_AIGLES_FM_DISMOUNTED,           /* "dismounted" (cavalry) */
    GROG_AIGLES_FM_UNFORMED,             /* "unformed" */
    GROG_AIGLES_FM_DISORDER,             /* "disorder" */
    GROG_AIGLES_FM_FORMED,               /* "formed" */
    GROG_AIGLES_FM_LIMBERED,             /* "limbered" (artillery) */
    GROG_AIGLES_FM_UNLIMBERED,           /* "unlimbered" (artillery) */
    GROG_AIGLES_FM_COUNT
} grog_aigles_formation;

typedef enum grog_aigles_spacing {
    GROG_AIGLES_SPACING_NONE = 0, /* "none": a state, not an order (unformed...) */
    GROG_AIGLES_SPACING_CLOSE,    /* "close" (AIG-F-01) */
    GROG_AIGLES_SPACING_DISPERSED, /* "dispersed" (AIG-F-02) */
    GROG_AIGLES_SPACING_MASSED,   /* "massed" (AIG-F-03) */
    GROG_AIGLES_SPACING_COUNT
} grog_aigles_spacing;

typedef enum grog_aigles_depth {
    GROG_AIGLES_DEPTH_NONE = 0, /* "none" */
    GROG_AIGLES_DEPTH_LINE,     /* "line" (AIG-F-04) */
    GROG_AIGLES_DEPTH_COLUMN,   /* "column" (AIG-F-05) */
    GROG_AIGLES_DEPTH_SQUARE,   /* "square" (AIG-F-06) */
    GROG_AIGLES_DEPTH_COUNT
} grog_aigles_depth;

/* Names as above; "?" out of range. Parsers give GROG_EINVAL listing the
 * accepted names. */
const char *grog_aigles_formation_name(grog_aigles_formation f);
grog_status grog_aigles_formation_parse(const char *text, grog_aigles_formation *out,
                                        grog_error *err);
const char *grog_aigles_spacing_name(grog_aigles_spacing s);
const char *grog_aigles_depth_name(grog_aigles_depth d);

/* The catalogue (data): spacing, depth, whether an arm may take it, whether
 * a unit in it may move (AIG-F-12: full and mass squares may not). */
grog_aigles_spacing grog_aigles_formation_spacing(const grog_aigles_formation_rules *r,
                                                  grog_aigles_formation f);
grog_aigles_depth grog_aigles_formation_depth(const grog_aigles_formation_rules *r,
                                              grog_aigles_formation f);
int grog_aigles_formation_allows_arm(const grog_aigles_formation_rules *r,
                                     grog_aigles_formation f, grog_arm arm);
int grog_aigles_formation_may_move(const grog_aigles_formation_rules *r,
                                   grog_aigles_formation f);
/* AIG-F-20: the spacing that counts for crossing terrain (a unit without
 * formation counts as dispersed; otherwise its own spacing). */
grog_aigles_spacing grog_aigles_formation_terrain_spacing(const grog_aigles_formation_rules *r,
                                                          grog_aigles_formation f);

/* ---- changes ---- */

/* The unit, as the engine or the calculator knows it. 0 in a count means
 * "not given": a rule that needs it is then refused (GROG_EINVAL naming
 * the option) or, when it only could shorten the time, not applied. */
typedef struct grog_aigles_fm_unit {
    grog_arm arm;
    grog_unit_status status;
    grog_manoeuvre manoeuvre;   /* A, B, C */
    int figures;
    int subunits;               /* companies, squadrons or sections by arm */
    int file_depth;             /* artillery: sections deep in single file, 0 if not */
    int calibre;                /* foot artillery: for its horse teams (AIG-F-17); 0 = not given */
    int has_nation;
    grog_nation nation;         /* AIG-F-15 */
    int can_dismount;           /* cavalry with a dismounted entry (AIG-F-16) */
    int irregular_formation;    /* AIG-F-23/24; status irregular implies it */
} grog_aigles_fm_unit;

typedef enum grog_aigles_fm_action {
    GROG_AIGLES_ACT_CHANGE = 0,   /* "change": from -> to */
    GROG_AIGLES_ACT_HALF_TURN,    /* "half-turn" in place (AIG-F-26) */
    GROG_AIGLES_ACT_QUARTER_TURN, /* "quarter-turn": march column <-> line (AIG-F-31) */
    GROG_AIGLES_ACT_PIVOT,        /* "pivot" to any facing: irregulars (AIG-F-24) */
    GROG_AIGLES_ACT_FRONTAGE,     /* "frontage" doubled or halved: irregulars (AIG-F-24) */
    GROG_AIGLES_ACT_COUNT
} grog_aigles_fm_action;

const char *grog_aigles_fm_action_name(grog_aigles_fm_action a);
grog_status grog_aigles_fm_action_parse(const char *text, grog_aigles_fm_action *out,
                                        grog_error *err);

typedef struct grog_aigles_fm_change {
    grog_aigles_fm_action action;
    grog_aigles_formation from;  /* change, quarter-turn (march column or line) */
    grog_aigles_formation to;    /* change */
    int move_half_periods;       /* the move the change is made during; 0 = halted
                                    (AIG-F-14 free change, AIG-F-12 squares halted) */
    int front, new_front;        /* frontage: figures of front before and after;
                                    0 = not checked */
} grog_aigles_fm_change;

/* For the game engine: the unit as a battle troop gives it (side, for the
 * nation, may be NULL), and the formation it stands in: the disordered flag
 * gives "disorder", the unformed flag "unformed", else its formation id
 * (GROG_EINVAL naming the troop when that id is unknown or empty). */
grog_aigles_fm_unit grog_aigles_fm_unit_of_troop(const grog_troop *t, const grog_side *side);
grog_status grog_aigles_formation_of_troop(const grog_troop *t, grog_aigles_formation *out,
                                           grog_error *err);

/* A unit of regular status, class A, formation change line -> line. */
grog_aigles_fm_unit grog_aigles_fm_unit_default(void);
grog_aigles_fm_change grog_aigles_fm_change_default(void);

/* Whether the change is allowed and how long it takes. On success *out is a
 * record "aigles-formation": value = half-périodes (unit "half-periods"),
 * path = the formation ids of the chain of rows, each term a modifier with
 * its rule id (their total is the value), each precondition a check, the
 * named effects of the new formation as notes, and the defaults used.
 * *half_periods (may be NULL) gets the value.
 * A change the rules forbid gives GROG_ERULE with a message naming the rule
 * (AIG-F-06, -07, -10, -12, -15, -16, -24, -27 ...); bad input GROG_EINVAL. */
grog_status grog_aigles_formation_change(const grog_aigles_formation_rules *r,
                                         const grog_aigles_fm_unit *u,
                                         const grog_aigles_fm_change *c, int *half_periods,
                                         grog_explain **out, grog_error *err);

/* The named effects of standing in formation f (fire, melee, morale: its
 * spacing, depth and own effects, AIG-F-01..24) for unit u, added to e as
 * notes with their rule ids. */
grog_status grog_aigles_formation_effects(const grog_aigles_formation_rules *r,
                                          const grog_aigles_fm_unit *u, grog_aigles_formation f,
                                          grog_explain *e, grog_error *err);

/* ---- a change in progress ---- */

/* The engine starts a change with the time worked out above and counts it
 * down each half-période. A change of 0 is done at once. */
typedef struct grog_aigles_fm_progress {
    grog_aigles_formation from, to;
    int total;      /* half-périodes */
    int remaining;  /* half-périodes still to go, 0 when done */
} grog_aigles_fm_progress;

grog_status grog_aigles_fm_progress_start(grog_aigles_fm_progress *p, grog_aigles_formation from,
                                          grog_aigles_formation to, int half_periods,
                                          grog_error *err);
/* Counts half_periods (>= 0) off; returns the remaining time (never < 0). */
int grog_aigles_fm_progress_tick(grog_aigles_fm_progress *p, int half_periods);
int grog_aigles_fm_progress_done(const grog_aigles_fm_progress *p);

/* ---- figures ---- */

/* AIG-F-03, AIG-F-10, AIG-F-12: massing a column of `ranks` ranks (companies
 * one behind the other) of figures_per_rank figures. Half the ranks are
 * taken off, the half taken off rounded up (seed 004: "arrondi au
 * supérieur": 7 ranks, 4 off, 3 kept; interpretation
 * massing_kept_rounds_up turns it round); a unit on two ranks keeps two.
 * The figures taken off come back when it leaves massed order. */
typedef struct grog_aigles_massing {
    int ranks_kept, ranks_removed;
    int figures_kept, figures_removed;
} grog_aigles_massing;
grog_status grog_aigles_formation_massing(const grog_aigles_formation_rules *r, int ranks,
                                          int figures_per_rank, grog_aigles_massing *out,
                                          grog_error *err);

/* What a unit of `figures` figures and `subunits` companies (0: not given)
 * shows on the table standing in formation f: all of it, except in a massed
 * formation (mass column, mass square), where half its companies are taken
 * off as grog_aigles_formation_massing says, and with them their share of
 * the figures, figures x companies off / companies, rounded up. */
typedef struct grog_aigles_on_table {
    int figures, subunits;
    int massed; /* 1 when massing took some off */
} grog_aigles_on_table;
grog_status grog_aigles_formation_on_table(const grog_aigles_formation_rules *r,
                                           grog_aigles_formation f, int figures, int subunits,
                                           grog_aigles_on_table *out, grog_error *err);

/* AIG-F-11: a hollow square of square_figures may shelter up to half its
 * strength; the sheltered figures take 10% of the losses inflicted on the
 * square, as an exact fraction loss_num / loss_den (officers: their own
 * rule). GROG_ERULE when sheltered > capacity. */
typedef struct grog_aigles_shelter {
    int capacity;
    long loss_num, loss_den;
} grog_aigles_shelter;
grog_status grog_aigles_formation_shelter(const grog_aigles_formation_rules *r,
                                          int square_figures, int sheltered, int losses,
                                          grog_aigles_shelter *out, grog_error *err);

/* AIG-F-17: horse teams of a limbered battery of `sections` sections:
 * foot artillery by calibre (3..9, 12), horse artillery any calibre (0). */
typedef struct grog_aigles_teams {
    int teams, pairs_per_team, pairs;
} grog_aigles_teams;
grog_status grog_aigles_formation_teams(const grog_aigles_formation_rules *r, grog_arm arm,
                                        int sections, int calibre, grog_aigles_teams *out,
                                        grog_error *err);

/* AIG-F-21: the furthest skirmishers may be from their unit (pas) at figure
 * scale 25 or 15; _check gives GROG_ERULE beyond it ("within" includes it). */
grog_status grog_aigles_formation_skirmish_max(const grog_aigles_formation_rules *r,
                                               int figure_mm, int *max_pas, grog_error *err);
grog_status grog_aigles_formation_skirmish_check(const grog_aigles_formation_rules *r,
                                                 int figure_mm, double distance_pas,
                                                 grog_error *err);
/* AIG-F-21: how far companies deploying as skirmishers may move. */
double grog_aigles_formation_skirmish_deploy_move(const grog_aigles_formation_rules *r,
                                                  double remaining_move);

/* AIG-F-14: a squadron's figures split into its leading and rear company
 * (the leading one has the odd figure). */
grog_status grog_aigles_formation_squadron_split(int figures, int *leading, int *rear,
                                                 grog_error *err);
/* AIG-F-16: dismounting leaves every mounted figure as a horse-holder and
 * deploys as many foot figures. */
grog_status grog_aigles_formation_dismount(int figures, int *horse_holders, int *foot,
                                           grog_error *err);
/* AIG-F-23: an irregular infantry block front x depth for `figures`: at
 * least 3 x 3, and under 9 figures within 3 x 3. GROG_ERULE otherwise. */
grog_status grog_aigles_formation_irregular_block(const grog_aigles_formation_rules *r,
                                                  int figures, int front, int depth,
                                                  grog_error *err);

#endif
