/* gt_pip.c — the PIPs of one divisional general (GT-02, GT-10, GT-12,
 * GT-14, GT-16, GT-17) and its explanation record "gt-pip".
 *
 * The die allocated to him (his own, the K-th highest of the corps' N dice,
 * or the floor of their mean) goes through the steps of the GT-17 order
 * held in the rules data; each step sees the value the steps before it
 * left. The exact distribution is the distribution of the allocated die
 * mapped through those steps, so it stays a count over the N-dice space. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "gt_pip.h"
#include "i18n.h"

grog_status grog_gt_pip_check(const grog_gt_pip_query *q, grog_error *err)
{
    if ((unsigned)q->quality > GROG_GT_QUALITY_BAD)
        return grog_error_set(err, GROG_EINVAL, _("unknown general quality %d"), (int)q->quality);
    if ((unsigned)q->alloc > GROG_GT_ALLOC_MEAN)
        return grog_error_set(err, GROG_EINVAL, _("unknown PIP allocation %d"), (int)q->alloc);
    if (q->alloc != GROG_GT_ALLOC_OWN && (q->dice < 1 || q->dice > GROG_GT_MAX_DICE))
        return grog_error_set(err, GROG_EINVAL,
                              _("the corps rolls 1 to %d dice (one per divisional general), not %d"),
                              GROG_GT_MAX_DICE, q->dice);
    if (q->alloc == GROG_GT_ALLOC_RANK && (q->rank < 1 || q->rank > q->dice))
        return grog_error_set(err, GROG_EINVAL,
                              _("the rank must be from 1 to %d (the number of dice), not %d"),
                              q->dice, q->rank);
    if (q->bonus < 0 || q->bonus > GROG_GT_MAX_BONUS)
        return grog_error_set(err, GROG_EINVAL,
                              _("a general gets 0 to %d PIPs from commanders (GT-10), not %d"),
                              GROG_GT_MAX_BONUS, q->bonus);
    if (q->bonus_from_bad < 0 || q->bonus_from_bad > q->bonus)
        return grog_error_set(err, GROG_EINVAL,
                              _("%d PIPs from bad commanders, but only %d PIPs given"),
                              q->bonus_from_bad, q->bonus);
    if (q->bonus_from_bad > 0 && !q->bad_within)
        return grog_error_set(err, GROG_EINVAL,
                              _("a PIP from a bad commander needs him within the command radius "
                                "(GT-10, GT-12)"));
    return GROG_OK;
}

int grog_gt_pip_eval(const grog_gt_rules *r, const grog_gt_pip_query *q, int die, gt_trace *t)
{
    int v = die, fired = 0, bonus_done = 0;
    for (int i = 0; i < GT_NSTEPS; i++) {
        switch (r->order[i]) {
        case GT_STEP_ALLOCATE:
            break;
        case GT_STEP_BAD: /* GT-12: the value is replaced, erasing any step before */
            if (q->bad_within && v == r->bad_die) {
                v = r->bad_becomes;
                fired = 1;
            }
            break;
        case GT_STEP_SKILL: /* GT-02 */
            v += r->skill[q->quality];
            break;
        case GT_STEP_BONUS: /* GT-10, minus the bad commanders' PIPs once GT-12 fired */
            v += (q->bonus - (fired ? q->bonus_from_bad : 0)) * r->commander_pip;
            bonus_done = 1;
            break;
        case GT_STEP_FLOOR: /* GT-16 */
            if (v < r->floor)
                v = r->floor;
            break;
        }
        if (t != NULL)
            t->values[i] = v;
    }
    if (t != NULL) {
        t->bad_fired = fired;
        t->bonus_given = bonus_done ? q->bonus - (fired ? q->bonus_from_bad : 0) : 0;
    }
    return v;
}

int grog_gt_pips_for_die(const grog_gt_rules *rules, const grog_gt_pip_query *q, int die)
{
    return grog_gt_pip_eval(rules, q, die, NULL);
}

typedef struct map_ctx {
    const grog_gt_rules *rules;
    const grog_gt_pip_query *q;
} map_ctx;

static int map_pips(int die, void *ctx)
{
    const map_ctx *m = ctx;
    return grog_gt_pip_eval(m->rules, m->q, die, NULL);
}

grog_status grog_gt_die_dist(const grog_gt_pip_query *q, grog_dist **out, grog_error *err)
{
    switch (q->alloc) {
    case GROG_GT_ALLOC_RANK:
        return grog_dist_kth_highest(q->dice, GT_DIE_SIDES, q->rank, out, err);
    case GROG_GT_ALLOC_MEAN:
        return grog_dist_floor_mean(q->dice, GT_DIE_SIDES, out, err);
    case GROG_GT_ALLOC_OWN:
        break;
    }
    grog_dice d6 = {1, GT_DIE_SIDES, GROG_KEEP_ALL, 1, 0};
    return grog_dist_of_dice(&d6, out, err);
}

static int cmp_desc(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x < y) - (x > y);
}

int grog_gt_allocate(grog_gt_alloc alloc, const int *dice, int n, int rank, int own)
{
    if (alloc == GROG_GT_ALLOC_OWN)
        return dice[own];
    if (alloc == GROG_GT_ALLOC_MEAN) {
        int sum = 0;
        for (int i = 0; i < n; i++)
            sum += dice[i];
        return sum / n; /* dice are positive: division floors */
    }
    int sorted[GROG_GT_MAX_DICE];
    memcpy(sorted, dice, (size_t)n * sizeof *sorted);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_desc);
    return sorted[rank - 1];
}

grog_status grog_gt_pip_roll(const grog_gt_pip_query *q, grog_rng *rng, grog_roll *out,
                             grog_error *err)
{
    grog_status st = grog_gt_pip_check(q, err);
    if (st != GROG_OK)
        return st;
    if (rng == NULL)
        return grog_error_set(err, GROG_EINVAL, _("no random generator to roll the PIP dice"));
    int n = q->alloc == GROG_GT_ALLOC_OWN ? 1 : q->dice;
    memset(out, 0, sizeof *out);
    for (int i = 0; i < n; i++)
        out->faces[i] = (int)grog_rng_range(rng, 1, GT_DIE_SIDES);
    out->nfaces = n;
    out->natural = grog_gt_allocate(q->alloc, out->faces, n, q->rank, 0);
    out->total = out->natural;
    return GROG_OK;
}

grog_status grog_gt_pip_enter(const grog_gt_pip_query *q, int value, grog_roll *out,
                              grog_error *err)
{
    grog_status st = grog_gt_pip_check(q, err);
    if (st != GROG_OK)
        return st;
    if (value < 1 || value > GT_DIE_SIDES)
        return grog_error_set(err, GROG_EINVAL,
                              _("the die allocated to a general shows 1 to %d, not %d"),
                              GT_DIE_SIDES, value);
    grog_dice d6 = {1, GT_DIE_SIDES, GROG_KEEP_ALL, 1, 0};
    return grog_dice_enter(&d6, value, out, err);
}

/* The dice as an expression ("3d6", "d6"), the same in every language; how the
 * corps allocates them goes in a note (GT-14). */
static void describe_dice(grog_explain *e, const grog_gt_pip_query *q, char *buf, size_t size)
{
    char note[256];
    switch (q->alloc) {
    case GROG_GT_ALLOC_RANK:
        snprintf(buf, size, "%dd6", q->dice);
        grog_text_snprintf(note, sizeof note,
                           _("the corps rolls %dd6; he takes the die ranked %d of %d (plan)"),
                           q->dice, q->rank, q->dice);
        grog_explain_add_note(e, "GT-14", note);
        return;
    case GROG_GT_ALLOC_MEAN:
        snprintf(buf, size, "%dd6", q->dice);
        grog_text_snprintf(note, sizeof note,
                           _("the corps rolls %dd6; he takes the floor of their mean (no plan)"),
                           q->dice);
        grog_explain_add_note(e, "GT-14", note);
        return;
    case GROG_GT_ALLOC_OWN:
        break;
    }
    snprintf(buf, size, "d6");
}

static void add_modifiers(grog_explain *e, const grog_gt_rules *r, const grog_gt_pip_query *q)
{
    grog_explain_add_rule(e, "GT-02");
    if (q->quality == GROG_GT_QUALITY_GREAT)
        grog_explain_add_modifier(e, "GT-02", _("great divisional general, on every PIP die"),
                                  r->skill[GROG_GT_QUALITY_GREAT]);
    else if (q->quality == GROG_GT_QUALITY_BAD)
        grog_explain_add_modifier(e, "GT-02", _("bad divisional general, on every PIP die"),
                                  r->skill[GROG_GT_QUALITY_BAD]);
    int good = q->bonus - q->bonus_from_bad;
    if (good > 0)
        grog_explain_add_modifier(e, "GT-10", _("PIP given by a corps or army commander"),
                                  good * r->commander_pip);
    if (q->bonus_from_bad > 0)
        grog_explain_add_modifier(e, "GT-10",
                                  _("PIP from a bad commander (lost on a 1: GT-12)"),
                                  q->bonus_from_bad * r->commander_pip);
    if (q->bad_within) {
        char text[256];
        grog_text_snprintf(
            text, sizeof text,
            _("a bad corps or army commander is within %g\": a die of %d becomes %d and he "
              "gives that general no PIP"),
            r->radius_in, r->bad_die, r->bad_becomes);
        grog_explain_add_note(e, "GT-12", text);
    }
}

static const char *step_rule(gt_step s)
{
    static const char *const rules[GT_NSTEPS] = {"GT-14", "GT-12", "GT-02", "GT-10", "GT-16"};
    return rules[s];
}

/* The path: each step of the order, with its value when a roll was made. */
static void add_path(grog_explain *e, const grog_gt_rules *r, const grog_gt_pip_query *q,
                     const grog_roll *roll)
{
    gt_trace t;
    if (roll != NULL)
        grog_gt_pip_eval(r, q, roll->natural, &t);
    for (int i = 0; i < GT_NSTEPS; i++) {
        char step[96];
        if (roll != NULL)
            snprintf(step, sizeof step, "%s %s: %d", step_rule(r->order[i]),
                     grog_gt_step_name(r->order[i]), t.values[i]);
        else
            snprintf(step, sizeof step, "%s %s", step_rule(r->order[i]),
                     grog_gt_step_name(r->order[i]));
        grog_explain_add_path(e, step);
    }
}

static void add_defaults(grog_explain *e, const grog_gt_rules *r, const grog_gt_pip_query *q)
{
    char buf[128];
    grog_explain_add_rule(e, "GT-17");
    grog_explain_add_default(e, "interpretations.order", grog_gt_order_text(r, buf, sizeof buf),
                             _("GT-17: the order of operations is an interpretation"));
    grog_explain_add_rule(e, "GT-16");
    if (r->floor_default) {
        snprintf(buf, sizeof buf, "%d", r->floor);
        grog_explain_add_default(e, "pip_floor.value", buf, r->floor_note);
    }
    if (q->alloc != GROG_GT_ALLOC_OWN)
        grog_explain_add_default(e, "GT-14 allocation",
                                 q->alloc == GROG_GT_ALLOC_RANK ? "rank" : "floor_mean",
                                 _("GT-14: the corps' dice and their allocation come from the "
                                   "published rules, not the Generals chapter"));
}

void grog_gt_pip_set_roll(grog_explain *e, const grog_gt_rules *r, const grog_gt_pip_query *q,
                          const grog_roll *roll)
{
    char outcome[32];
    int pips = grog_gt_pip_eval(r, q, roll->natural, NULL);
    snprintf(outcome, sizeof outcome, "%d", pips);
    grog_explain_set_roll(e, roll, pips, outcome);
    grog_explain_set_value(e, pips, "PIPs");
}

grog_status grog_gt_pip_explain(const grog_gt_rules *rules, const grog_gt_pip_query *q,
                                const grog_roll *roll, grog_explain **out, grog_error *err)
{
    grog_status st = grog_gt_pip_check(q, err);
    if (st != GROG_OK)
        return st;
    if (roll != NULL && (roll->natural < 1 || roll->natural > GT_DIE_SIDES))
        return grog_error_set(err, GROG_EINVAL,
                              _("the die allocated to a general shows 1 to %d, not %d"),
                              GT_DIE_SIDES, roll->natural);
    grog_dist *die = NULL, *pips = NULL;
    st = grog_gt_die_dist(q, &die, err);
    if (st != GROG_OK)
        return st;
    map_ctx ctx = {rules, q};
    st = grog_dist_map(die, map_pips, &ctx, &pips, err);
    grog_dist_destroy(die);
    if (st != GROG_OK)
        return st;
    grog_explain *e = grog_explain_create("gt-pip", _("PIPs of a divisional general"));
    if (e == NULL) {
        grog_dist_destroy(pips);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    char dice[128];
    describe_dice(e, q, dice, sizeof dice);
    if (q->alloc != GROG_GT_ALLOC_OWN)
        grog_explain_add_rule(e, "GT-14");
    grog_explain_set_dice(e, dice);
    add_modifiers(e, rules, q);
    grog_explain_set_distribution(e, pips);
    grog_dist_destroy(pips);
    add_path(e, rules, q, roll);
    add_defaults(e, rules, q);
    if (roll != NULL)
        grog_gt_pip_set_roll(e, rules, q, roll);
    *out = e;
    return GROG_OK;
}
