/* gt_rules.h — the loaded Grande Tactique rules data (internal to src/rules/gt).
 *
 * grog_gt_rules holds every number of data/rules/gt.json, validated on load.
 * The parsed document is kept (data) so that the action ids and notes, owned
 * by its JSON tree, live as long as the handle. The GT-17 order is a
 * permutation of the five steps, "allocate" first and "floor" last. */
#ifndef GROG_GT_RULES_H
#define GROG_GT_RULES_H

#include "grognard/gt.h"
#include "rulesdata.h"

#define GT_DIE_SIDES 6 /* every die of these rules is a D6 */
#define GT_NSTEPS 5

typedef enum gt_step {
    GT_STEP_ALLOCATE = 0, /* GT-14 */
    GT_STEP_BAD,          /* GT-12 */
    GT_STEP_SKILL,        /* GT-02 */
    GT_STEP_BONUS,        /* GT-10, GT-11 */
    GT_STEP_FLOOR         /* GT-16 */
} gt_step;

typedef struct gt_action {
    const char *id;
    const char *note;
    int cost;
    int is_default;
    int has_arms;      /* "arms" given: only units of these arms (none: no unit) */
    unsigned arms;     /* bit per grog_arm */
    unsigned needs;    /* grog_unit_flag bits the unit must have ("needs") */
} gt_action;

struct grog_gt_rules {
    grog_rulesdata data;
    double radius_in;
    int skill[3]; /* indexed by grog_gt_quality */
    int commander_pip;
    int bad_die, bad_becomes;
    int floor;
    int floor_default;
    const char *floor_note;
    int morale, multiplier;
    double contact_mm;
    int ooc_at_most;
    gt_action *actions;
    size_t nactions;
    grog_gt_alloc alloc_plan, alloc_no_plan;
    gt_step order[GT_NSTEPS];
    int loses_turn; /* GT-12: a bad commander's PIP is lost for the turn (else only for that general) */
    int attached_keeps_unit_pip;
    int plan_change_keeps_unit_pips;
};

/* The name of a step as the data file writes it. */
const char *grog_gt_step_name(gt_step step);
/* The order as text ("allocate,bad_commander,...") into buf. */
char *grog_gt_order_text(const grog_gt_rules *rules, char *buf, size_t size);
/* The action of that id, or NULL. */
const gt_action *grog_gt_action_find(const grog_gt_rules *rules, const char *id);

#endif
