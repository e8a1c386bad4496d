/* gdb.h — General de Brigade: brigade order changes by the Commander-in-Chief
 * (rules GDB-01 to GDB-14, docs/rules-gdb.md).
 *
 * Three parts:
 *  - the rules data (data/rules/gdb.json, embedded, overridable by a file):
 *    the two nationality columns and their targets, every modifier, the
 *    30 cm and 15 cm distances and the named interpretations;
 *  - the test: an input (nation, skill, distance, flags) gives one
 *    grog_explain record "gdb-order" with target, modifiers and exact odds of
 *    immediate / delayed / fail, and, with a roll, its outcome;
 *  - an order book per side for a battle: each brigade's current order and
 *    its pending hidden order (GDB-02), one attempt per C-in-C per turn
 *    (GDB-01), delayed orders in force at the next Command Phase (GDB-04),
 *    replacement of unrevealed orders (GDB-06), and a view of the book that
 *    never shows a side's hidden orders to the other side.
 *
 * Ownership: grog_gdb_rules_load and grog_gdb_book_create return handles the
 * caller frees with grog_gdb_rules_destroy / grog_gdb_book_destroy (both
 * accept NULL). Every grog_explain ** out parameter receives a record the
 * caller frees with grog_explain_destroy. Strings passed in are copied;
 * const char * returned live as long as the handle they came from (for the
 * book: until its next change). char ** out strings are malloc'd: free().
 * On error nothing is allocated and nothing is changed. */
#ifndef GROGNARD_GDB_H
#define GROGNARD_GDB_H

#include <stddef.h>

#include "grognard/battle.h"
#include "grognard/error.h"
#include "grognard/explain.h"
#include "grognard/geom.h"
#include "grognard/rng.h"
#include "grognard/tape.h"

/* ---- rules data ---- */

typedef struct grog_gdb_rules grog_gdb_rules;

/* path NULL: the embedded rules/gdb.json. Errors name FILE:LINE:COLUMN. */
grog_status grog_gdb_rules_load(const char *path, grog_gdb_rules **out, grog_error *err);
/* The same from a text in memory; label names it in messages. */
grog_status grog_gdb_rules_parse(const char *text, const char *label, grog_gdb_rules **out,
                                 grog_error *err);
void grog_gdb_rules_destroy(grog_gdb_rules *rules);

/* The C-in-C's command radius in cm (30 by default; GDB-09). */
double grog_gdb_command_radius_cm(const grog_gdb_rules *rules);
/* The "near the enemy" distance in cm (15 by default; GDB-12). */
double grog_gdb_near_enemy_cm(const grog_gdb_rules *rules);

/* The nations named in the table's columns, in the data's order. */
size_t grog_gdb_rules_nation_count(const grog_gdb_rules *rules);
const char *grog_gdb_rules_nation(const grog_gdb_rules *rules, size_t i);
/* 1 when the nation is named in a column (exact, case-sensitive). */
int grog_gdb_rules_knows_nation(const grog_gdb_rules *rules, const char *nation);
/* The table value for a nation: the column naming it, else the column the
 * interpretation unlisted_nations_column gives (GROG_ENOTFOUND if none). */
grog_status grog_gdb_rules_target(const grog_gdb_rules *rules, const char *nation, int *target,
                                  grog_error *err);

/* ---- the test ---- */

typedef enum grog_gdb_outcome {
    GROG_GDB_IMMEDIATE = 0, /* GDB-03: revealed, in force at once */
    GROG_GDB_DELAYED,       /* GDB-04: in force at the next Command Phase */
    GROG_GDB_FAIL           /* GDB-05: the old order stands */
} grog_gdb_outcome;

/* The C-in-C's skill is grog_gdb_skill of battle.h (gifted, ordinary, poor;
 * grog_gdb_skill_name / grog_gdb_skill_parse). */
/* "immediate", "delayed", "fail". */
const char *grog_gdb_outcome_name(grog_gdb_outcome outcome);

typedef struct grog_gdb_input {
    const char *nation;   /* the brigade's nation: the table column */
    grog_gdb_skill skill; /* the C-in-C's (GDB-08) */
    double distance_mm;   /* C-in-C base to brigade commander base (GDB-14) */
    int contact;          /* bases in contact (GDB-11); needs distance 0 */
    int near_enemy;       /* C-in-C within 15 cm of any enemy unit (GDB-12) */
    int attached;         /* C-in-C attached to a unit (GDB-12) */
    int personal;         /* C-in-C personally commands a brigade (GDB-09/10) */
    int own_brigade;      /* the order is for that brigade: automatic (GDB-07);
                             implies personal */
    int broken;           /* the brigade is broken (GDB-13) */
    /* The measures behind distance_mm, contact and near_enemy (tape.h), put
     * in the record as they are: from the battle, the C-in-C to the brigade
     * commander ("distance", GDB-09; 0 is base contact, GDB-11) and to the
     * nearest enemy unit ("nearest-enemy", GDB-12). 0 when the input was
     * given as numbers. */
    grog_measure measures[2];
    size_t nmeasures;
} grog_gdb_input;

/* An input with every flag clear: ordinary skill, distance 0, nation NULL. */
grog_gdb_input grog_gdb_input_default(void);

/* GDB-14: fills distance_mm (edge to edge), contact (within the rules'
 * contact_tolerance_mm) and near_enemy (any enemy base within 15 cm, edge to
 * edge, 15 cm included) from the bases; leaves the other fields. enemies may
 * be NULL when nenemies is 0. GROG_EINVAL for a base of no size. */
grog_status grog_gdb_input_from_bases(const grog_gdb_rules *rules, const grog_base *cinc,
                                      const grog_base *brigadier, const grog_base *enemies,
                                      size_t nenemies, grog_gdb_input *in, grog_error *err);

/* The input of an order change in a battle (battle.h): the brigade
 * commander's nation, the C-in-C's gdb skill, his attached_to (GDB-12) and
 * personally_commands (GDB-09/10), the brigade's brigade_broken (GDB-13),
 * and from the bases (GDB-14) the distance, the contact and whether any unit
 * of another side is within 15 cm of the C-in-C. brigade equal to cinc is
 * the brigade he commands himself (GDB-07). GROG_ENOTFOUND for an unknown
 * officer id; GROG_EINVAL for a base of no size (naming it). in->nation
 * points at a static name. Roles and states are not checked here. */
grog_status grog_gdb_battle_input(const grog_gdb_rules *rules, const grog_battle *b,
                                  const char *cinc, const char *brigade, grog_gdb_input *in,
                                  grog_error *err);
/* The same with the measures given at the table (tape may be NULL): the
 * distance CINC:BRIGADE (a length, or "contact" for 0) and CINC:enemy (the
 * nearest enemy unit) replace the map's, and in->measures says which came
 * from where. */
grog_status grog_gdb_battle_input_measured(const grog_gdb_rules *rules, const grog_battle *b,
                                           const char *cinc, const char *brigade,
                                           grog_tape *tape, grog_gdb_input *in,
                                           grog_error *err);

/* How the test's dice are rolled. */
typedef enum grog_gdb_dice_mode {
    GROG_GDB_NO_ROLL = 0, /* odds only */
    GROG_GDB_RNG,         /* rolled with rng */
    GROG_GDB_ENTERED      /* the natural 2d6 total entered at the table */
} grog_gdb_dice_mode;

typedef struct grog_gdb_dice_source {
    grog_gdb_dice_mode mode;
    grog_rng *rng; /* GROG_GDB_RNG */
    int entered;   /* GROG_GDB_ENTERED */
} grog_gdb_dice_source;

/* Resolves one order-change test into a new record "gdb-order". src NULL
 * means no roll. *outcome (may be NULL) gets the outcome when a roll was made
 * or the change is automatic (GDB-07: immediate, no dice rolled, no draw
 * taken from rng); otherwise it is left alone. */
grog_status grog_gdb_order_test(const grog_gdb_rules *rules, const grog_gdb_input *in,
                                const grog_gdb_dice_source *src, grog_explain **out,
                                grog_gdb_outcome *outcome, grog_error *err);

/* The order change worked out from a battle: checks first (the C-in-C is
 * his side's commander-in-chief, the brigade commander is a brigade
 * commander of the same side or the C-in-C himself, both active), then, if
 * they hold, the test as grog_gdb_order_test with the battle's input. When a
 * check fails the call still succeeds: the record holds the checks
 * (grog_explain_checks_ok gives 0), no odds, no roll, and *outcome is left
 * alone. */
grog_status grog_gdb_battle_test(const grog_gdb_rules *rules, const grog_battle *b,
                                 const char *cinc, const char *brigade,
                                 const grog_gdb_dice_source *src, grog_explain **out,
                                 grog_gdb_outcome *outcome, grog_error *err);
/* The same with measures given at the table (tape may be NULL). */
grog_status grog_gdb_battle_test_measured(const grog_gdb_rules *rules, const grog_battle *b,
                                          const char *cinc, const char *brigade,
                                          grog_tape *tape, const grog_gdb_dice_source *src,
                                          grog_explain **out, grog_gdb_outcome *outcome,
                                          grog_error *err);

/* ---- the order book of one side ---- */

typedef struct grog_gdb_book grog_gdb_book;

typedef enum grog_gdb_pending {
    GROG_GDB_PENDING_NONE = 0,
    GROG_GDB_PENDING_UNREVEALED, /* face down after a failed roll (GDB-05/06) */
    GROG_GDB_PENDING_DELAYED,    /* face down, in force next Command Phase (GDB-04) */
    GROG_GDB_PENDING_HIDDEN      /* in a view for the other side: a face-down
                                    marker is there, its order and status unknown */
} grog_gdb_pending;

/* "none", "unrevealed", "delayed", "hidden". */
const char *grog_gdb_pending_name(grog_gdb_pending pending);

/* side: the side's id ("british"); NULL when out of memory or side empty. */
grog_gdb_book *grog_gdb_book_create(const char *side);
void grog_gdb_book_destroy(grog_gdb_book *book);
/* A deep copy (the engine works on copies); NULL when out of memory. */
grog_gdb_book *grog_gdb_book_clone(const grog_gdb_book *book);
const char *grog_gdb_book_side(const grog_gdb_book *book);
/* 1 when C-in-C `cinc` has attempted an order change since the last Command
 * Phase began (GDB-01). */
int grog_gdb_book_tried(const grog_gdb_book *book, const char *cinc);
/* The game turn of the last Command Phase (0 before the first). */
int grog_gdb_book_turn(const grog_gdb_book *book);

/* For a game's snapshot: the C-in-Cs who have tried since the last Command
 * Phase, in the order they tried (i < ntried, else NULL), and a book brought
 * back to a saved turn (>= 0, else GROG_EINVAL) and list of tries (copied;
 * the caller gives distinct non-empty ids). Brigades are added with
 * grog_gdb_book_add_brigade and grog_gdb_book_place. */
size_t grog_gdb_book_ntried(const grog_gdb_book *book);
const char *grog_gdb_book_tried_id(const grog_gdb_book *book, size_t i);
grog_status grog_gdb_book_restore(grog_gdb_book *book, int turn, const char *const *tried,
                                  size_t ntried, grog_error *err);

/* A brigade and its first order; GROG_EINVAL if the id exists or is empty. */
grog_status grog_gdb_book_add_brigade(grog_gdb_book *book, const char *brigade,
                                      const char *order, grog_error *err);

/* Sets a brigade's pending face-down order as a scenario starts with it
 * (GDB-02): pending UNREVEALED or DELAYED, placed in game turn `turn` (0 =
 * before the game). GROG_EINVAL for another status or an empty order,
 * GROG_ENOTFOUND for an unknown brigade. Replaces any pending order. */
grog_status grog_gdb_book_place(grog_gdb_book *book, const char *brigade, const char *order,
                                grog_gdb_pending pending, int turn, grog_error *err);

/* Starts the Command Phase of game turn `turn` (> the current turn): delayed
 * orders of earlier turns come into force (GDB-04), every C-in-C may make
 * one attempt again (GDB-01). *in_force (may be NULL) gets how many orders
 * came into force. */
grog_status grog_gdb_book_command_phase(grog_gdb_book *book, int turn, int *in_force,
                                        grog_error *err);

typedef struct grog_gdb_attempt {
    const char *cinc;    /* the C-in-C's officer id */
    const char *brigade; /* the brigade's id in the book */
    const char *order;   /* the new order placed face down (GDB-02); NULL:
                            roll again for the brigade's unrevealed order */
    grog_gdb_input input;
    grog_gdb_dice_source dice;
} grog_gdb_attempt;

/* One order change by a C-in-C: refused with GROG_ERULE naming GDB-01 if he
 * already tried this turn, otherwise tested (grog_gdb_order_test) and the
 * outcome applied: immediate puts the order in force (GDB-03), delayed keeps
 * it face down until the next Command Phase (GDB-04), fail leaves the old
 * order (GDB-05) and the new one face down, unrevealed, when the rules'
 * failed_order_stays_hidden says so. A new order for a brigade that has an
 * unrevealed (or, per delayed_order_replaceable, delayed) one replaces it
 * (GDB-06). GDB-07 (input.own_brigade) changes the order at once without a
 * roll. The record gets a check per rule verified. On error nothing changes
 * and no record is made. */
grog_status grog_gdb_book_attempt(grog_gdb_book *book, const grog_gdb_rules *rules,
                                  const grog_gdb_attempt *a, grog_explain **out,
                                  grog_gdb_outcome *outcome, grog_error *err);

/* The same attempt in a battle: the checks of grog_gdb_battle_test first
 * (refused with GROG_ERULE naming the rule and officer when one fails), the
 * input from the battle (grog_gdb_battle_input), then grog_gdb_book_attempt
 * for brigade commander `brigade` (the book's brigade id is the officer id).
 * The battle is only read. */
grog_status grog_gdb_book_attempt_in_battle(grog_gdb_book *book, const grog_gdb_rules *rules,
                                            const grog_battle *b, const char *cinc,
                                            const char *brigade, const char *order,
                                            const grog_gdb_dice_source *dice,
                                            grog_explain **out, grog_gdb_outcome *outcome,
                                            grog_error *err);
/* The same with measures given at the table (tape may be NULL). */
grog_status grog_gdb_book_attempt_measured(grog_gdb_book *book, const grog_gdb_rules *rules,
                                           const grog_battle *b, const char *cinc,
                                           const char *brigade, const char *order,
                                           grog_tape *tape, const grog_gdb_dice_source *dice,
                                           grog_explain **out, grog_gdb_outcome *outcome,
                                           grog_error *err);

/* A brigade as a side sees it. */
typedef struct grog_gdb_brigade_view {
    const char *brigade;
    const char *order;         /* the order in force */
    grog_gdb_pending pending;  /* HIDDEN for the other side */
    const char *pending_order; /* NULL unless the viewer owns the book */
    int pending_turn;          /* turn the pending order was placed; 0 if hidden */
} grog_gdb_brigade_view;

size_t grog_gdb_book_count(const grog_gdb_book *book);
/* The i-th brigade (in the order added) as seen by side `viewer`: the book's
 * own side sees its pending orders, any other side (or NULL) sees only that a
 * face-down order is there. GROG_ENOTFOUND if i is out of range. */
grog_status grog_gdb_book_view(const grog_gdb_book *book, size_t i, const char *viewer,
                               grog_gdb_brigade_view *out, grog_error *err);
/* The same for a brigade by id. */
grog_status grog_gdb_book_find(const grog_gdb_book *book, const char *brigade,
                               const char *viewer, grog_gdb_brigade_view *out, grog_error *err);
/* The whole book as viewer sees it, as JSON:
 * {"side", "turn", "brigades": [{"brigade", "order", "pending", "pending_order",
 * "pending_turn"}]}; pending_order is null for any viewer but the owner. */
grog_status grog_gdb_book_to_json(const grog_gdb_book *book, const char *viewer, char **out,
                                  grog_error *err);

#endif
