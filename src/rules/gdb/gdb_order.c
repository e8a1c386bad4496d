/* gdb_order.c — the brigade order-change test (GDB-02 to GDB-14).
 *
 * The C-in-C rolls the rules' dice (2d6), adds the modifiers of GDB-08 to
 * GDB-13 and compares with the table value of the brigade's nation: greater
 * is immediate (GDB-03), equal delayed (GDB-04), lower a failure (GDB-05).
 * The odds of the three outcomes partition the dice space exactly, and a
 * roll (generated or entered) is classified by the same comparison, so the
 * rolled outcome always agrees with the odds. GDB-07 (the C-in-C's own
 * brigade) is automatic: no dice, immediate with certainty.
 * Distances are in mm; "beyond" the command radius is strictly more than it,
 * "within" 15 cm includes 15 cm (spec/README.md, Ranges). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "grognard/text.h"
#include "grognard/dist.h"
#include "grognard/gdb.h"
#include "grognard/measure.h"
#include "i18n.h"
#include "rules/gdb/gdb_internal.h"

static const char *const outcome_names[] = {"immediate", "delayed", "fail"};

const char *grog_gdb_outcome_name(grog_gdb_outcome outcome)
{
    return (unsigned)outcome < 3 ? outcome_names[outcome] : "?";
}

grog_gdb_input grog_gdb_input_default(void)
{
    grog_gdb_input in;
    memset(&in, 0, sizeof in);
    in.skill = GROG_GDB_SKILL_ORDINARY;
    return in;
}

static double radius_mm(const grog_gdb_rules *r)
{
    return grog_length_to_mm(r->radius_cm, GROG_UNIT_CM, NULL);
}

static double near_mm(const grog_gdb_rules *r)
{
    return grog_length_to_mm(r->near_enemy_cm, GROG_UNIT_CM, NULL);
}

int gdb_base_ok(const grog_base *b)
{
    return b != NULL && isfinite(b->centre.x) && isfinite(b->centre.y) && isfinite(b->facing) &&
           isfinite(b->width) && isfinite(b->depth) && b->width > 0 && b->depth > 0;
}

/* GDB-14: edge to edge, C-in-C base to brigade commander base. */
grog_status grog_gdb_input_from_bases(const grog_gdb_rules *rules, const grog_base *cinc,
                                      const grog_base *brigadier, const grog_base *enemies,
                                      size_t nenemies, grog_gdb_input *in, grog_error *err)
{
    if (!gdb_base_ok(cinc))
        return grog_error_set(err, GROG_EINVAL, _("the C-in-C's base has no size or position"));
    if (!gdb_base_ok(brigadier))
        return grog_error_set(err, GROG_EINVAL,
                              _("the brigade commander's base has no size or position"));
    if (nenemies > 0 && enemies == NULL)
        return grog_error_set(err, GROG_EINVAL, _("no enemy bases given"));
    for (size_t i = 0; i < nenemies; i++)
        if (!gdb_base_ok(&enemies[i]))
            return grog_error_set(err, GROG_EINVAL,
                                  _("enemy base %zu has no size or position"), i + 1);
    double d = grog_base_distance(cinc, brigadier);
    int near = 0;
    for (size_t i = 0; i < nenemies && !near; i++)
        near = grog_base_distance(cinc, &enemies[i]) <= near_mm(rules) + GDB_EPS_MM;
    in->distance_mm = d;
    in->contact = d <= rules->contact_tolerance_mm + GDB_EPS_MM;
    in->near_enemy = near;
    return GROG_OK;
}

static grog_status check_input(const grog_gdb_rules *r, const grog_gdb_input *in,
                               const grog_gdb_dice_source *src, grog_error *err)
{
    if (in->nation == NULL || in->nation[0] == '\0')
        return grog_error_set(err, GROG_EINVAL, _("no nation given for the brigade"));
    if ((unsigned)in->skill >= GROG_GDB_SKILL_COUNT)
        return grog_error_set(err, GROG_EINVAL,
                              _("C-in-C skill %d is not gifted, ordinary or poor"),
                              (int)in->skill);
    if (!isfinite(in->distance_mm) || in->distance_mm < 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("distance C-in-C to brigade commander must be 0 or more"));
    if (in->contact && in->distance_mm > r->contact_tolerance_mm + GDB_EPS_MM)
        return grog_error_set(err, GROG_EINVAL,
                              _("base contact (GDB-11) but %g cm apart: bases in contact are 0 cm "
                                "apart"),
                              in->distance_mm / 10.0);
    if (src == NULL)
        return GROG_OK;
    if (src->mode == GROG_GDB_RNG && src->rng == NULL)
        return grog_error_set(err, GROG_EINVAL, _("a roll from the generator needs a generator"));
    if (src->mode != GROG_GDB_NO_ROLL && src->mode != GROG_GDB_RNG &&
        src->mode != GROG_GDB_ENTERED)
        return grog_error_set(err, GROG_EINVAL, _("unknown way of rolling the dice"));
    if (src->mode == GROG_GDB_ENTERED && in->own_brigade)
        return grog_error_set(err, GROG_EINVAL,
                              _("GDB-07: no roll is made for the brigade the C-in-C commands "
                                "himself"));
    if (src->mode == GROG_GDB_ENTERED) {
        grog_roll roll;
        return grog_dice_enter(&r->dice, src->entered, &roll, err);
    }
    return GROG_OK;
}

static void add_odds_certain(grog_explain *e, uint64_t space)
{
    grog_frac one = {space, space}, zero = {0, space};
    grog_explain_add_outcome(e, outcome_names[GROG_GDB_IMMEDIATE], one);
    grog_explain_add_outcome(e, outcome_names[GROG_GDB_DELAYED], zero);
    grog_explain_add_outcome(e, outcome_names[GROG_GDB_FAIL], zero);
}

/* GDB-07: the C-in-C changes his own brigade's order without a roll. */
static grog_status test_own_brigade(const grog_gdb_rules *r, const grog_gdb_input *in,
                                    grog_explain *e, grog_gdb_outcome *outcome, grog_error *err)
{
    grog_dist *d = NULL;
    grog_status st = grog_dist_of_dice(&r->dice, &d, err);
    if (st != GROG_OK)
        return st;
    grog_explain_add_check(e, "GDB-07", _("the C-in-C personally commands this brigade"), 1,
                           in->broken ? _("automatic change, no roll (the brigade is broken: "
                                          "still automatic)")
                                      : _("automatic change, no roll"));
    add_odds_certain(e, grog_dist_total(d));
    grog_dist_destroy(d);
    grog_explain_add_note(e, "GDB-07", _("the new order is in force at once: immediate"));
    if (outcome != NULL)
        *outcome = GROG_GDB_IMMEDIATE;
    return GROG_OK;
}

static void add_distance_mods(const grog_gdb_rules *r, const grog_gdb_input *in,
                              grog_explain *e)
{
    char label[200];
    int beyond = in->distance_mm > radius_mm(r) + GDB_EPS_MM;
    if (beyond && in->personal) {
        grog_text_snprintf(
            label, sizeof label,
            _("more than %g cm from the brigade commander and personally commanding a "
              "brigade (replaces GDB-09)"),
            r->radius_cm);
        grog_explain_add_modifier(e, "GDB-10", label, r->beyond_and_personal);
    } else if (beyond) {
        grog_text_snprintf(label, sizeof label, _("more than %g cm from the brigade commander"),
                           r->radius_cm);
        grog_explain_add_modifier(e, "GDB-09", label, r->beyond_or_personal);
    } else if (in->personal) {
        grog_explain_add_modifier(e, "GDB-09", _("the C-in-C personally commands a brigade"),
                                  r->beyond_or_personal);
    }
    if (in->contact)
        grog_explain_add_modifier(e, "GDB-11", _("in base contact with the brigade commander"),
                                  r->contact);
    grog_text_snprintf(
        label, sizeof label,
        beyond ? _("%.1f cm base to base from the C-in-C to the brigade commander: beyond "
                   "the %g cm command radius")
               : _("%.1f cm base to base from the C-in-C to the brigade commander: within "
                   "the %g cm command radius"),
        in->distance_mm / 10.0, r->radius_cm);
    grog_explain_add_note(e, "GDB-14", label);
}

/* GDB-12: each cause counts, the sum never below the cap. */
static void add_danger_mod(const grog_gdb_rules *r, const grog_gdb_input *in, grog_explain *e)
{
    int causes = (in->attached != 0) + (in->near_enemy != 0);
    if (causes == 0)
        return;
    int v = r->danger * causes;
    int capped = v < r->danger_cap;
    if (capped)
        v = r->danger_cap;
    char label[200];
    if (causes == 2 && capped)
        grog_text_snprintf(label, sizeof label,
                           _("attached to a unit and within %g cm of an enemy (capped at %+d)"),
                           r->near_enemy_cm, r->danger_cap);
    else if (causes == 2)
        grog_text_snprintf(label, sizeof label,
                           _("attached to a unit and within %g cm of an enemy"), r->near_enemy_cm);
    else if (in->attached)
        grog_text_snprintf(label, sizeof label, "%s", _("the C-in-C is attached to a unit"));
    else
        grog_text_snprintf(label, sizeof label, _("the C-in-C is within %g cm of an enemy unit"),
                           r->near_enemy_cm);
    grog_explain_add_modifier(e, "GDB-12", label, v);
}

static void add_modifiers(const grog_gdb_rules *r, const grog_gdb_input *in, grog_explain *e)
{
    static const char *const skill_labels[] = {N_("gifted C-in-C"), N_("ordinary C-in-C"),
                                               N_("poor C-in-C")};
    grog_explain_add_modifier(e, "GDB-08", _(skill_labels[in->skill]), r->skill[in->skill]);
    add_distance_mods(r, in, e);
    add_danger_mod(r, in, e);
    if (in->broken)
        grog_explain_add_modifier(e, "GDB-13", _("the brigade is broken"), r->broken);
}

static void add_target(const grog_gdb_rules *r, const grog_gdb_input *in, size_t col,
                       int listed, grog_explain *e)
{
    const gdb_column *c = &r->columns[col];
    /* room for the Russian note (about 330 bytes: «… равно — со следующего хода, меньше —
       провал»), which a 300-byte buffer cut */
    char text[640], setting[64], value[32];
    grog_text_snprintf(
        text, sizeof text,
        _("nation %s: column \"%s\" of the Brigade Order Change table, value %d; greater "
          "is immediate, equal delayed, lower fails"),
        grog_explain_word(in->nation), _(c->label), c->target);
    grog_explain_add_note(e, "GDB-02", text);
    if (c->target_default) {
        snprintf(setting, sizeof setting, "columns[%zu].target", col);
        snprintf(value, sizeof value, "%d", c->target);
        grog_text_snprintf(text, sizeof text,
                           _("\"%s\": not in General de Brigade's text (its table lost the "
                             "numbers); set it in a rules "
                             "file (--rules)"),
                           c->label);
        grog_explain_add_default(e, setting, value, text);
    }
    if (!listed) {
        grog_text_snprintf(
            text, sizeof text,
            _("nation \"%s\" is not named in the table: the column of other nations"), in->nation);
        grog_explain_add_default(e, "interpretations.unlisted_nations_column", c->id, text);
    }
}

static grog_gdb_outcome classify(int modified, int target)
{
    if (modified > target)
        return GROG_GDB_IMMEDIATE; /* GDB-03 */
    if (modified == target)
        return GROG_GDB_DELAYED;   /* GDB-04 */
    return GROG_GDB_FAIL;          /* GDB-05 */
}

static grog_status add_odds(const grog_gdb_rules *r, int target, grog_explain *e,
                            grog_error *err)
{
    grog_dice dice = r->dice;
    dice.modifier += grog_explain_modifier_total(e);
    grog_dist *d = NULL;
    grog_status st = grog_dist_of_dice(&dice, &d, err);
    if (st != GROG_OK)
        return st;
    grog_explain_add_outcome(e, outcome_names[GROG_GDB_IMMEDIATE],
                             grog_dist_p(d, GROG_CMP_GT, target));
    grog_explain_add_outcome(e, outcome_names[GROG_GDB_DELAYED],
                             grog_dist_p(d, GROG_CMP_EQ, target));
    grog_explain_add_outcome(e, outcome_names[GROG_GDB_FAIL],
                             grog_dist_p(d, GROG_CMP_LT, target));
    grog_dist_destroy(d);
    return GROG_OK;
}

static void add_roll(const grog_gdb_rules *r, const grog_gdb_dice_source *src, int target,
                     grog_explain *e, grog_gdb_outcome *outcome)
{
    grog_roll roll;
    if (src == NULL || src->mode == GROG_GDB_NO_ROLL)
        return;
    if (src->mode == GROG_GDB_RNG) {
        grog_dice_roll(&r->dice, src->rng, &roll);
        grog_explain_set_seed(e, grog_rng_seed(src->rng));
    } else {
        grog_dice_enter(&r->dice, src->entered, &roll, NULL); /* checked before */
    }
    int modified = roll.total + grog_explain_modifier_total(e);
    grog_gdb_outcome o = classify(modified, target);
    grog_explain_set_roll(e, &roll, modified, outcome_names[o]);
    if (outcome != NULL)
        *outcome = o;
}

static grog_status test_roll(const grog_gdb_rules *r, const grog_gdb_input *in,
                             const grog_gdb_dice_source *src, grog_explain *e,
                             grog_gdb_outcome *outcome, grog_error *err)
{
    int listed;
    size_t col = gdb_rules_column(r, in->nation, &listed);
    if (col == GDB_NO_COLUMN)
        return grog_error_set(err, GROG_ENOTFOUND,
                              _("nation \"%s\" is in no column of the gdb table (%s)"), in->nation,
                              r->label);
    int target = r->columns[col].target;
    grog_explain_add_rule(e, "GDB-02");
    grog_explain_set_dice(e, r->dice_text);
    grog_explain_set_target(e, GROG_CMP_GT, target);
    add_target(r, in, col, listed, e);
    add_modifiers(r, in, e);
    grog_explain_add_rule(e, "GDB-03");
    grog_explain_add_rule(e, "GDB-04");
    grog_explain_add_rule(e, "GDB-05");
    grog_status st = add_odds(r, target, e, err);
    if (st != GROG_OK)
        return st;
    add_roll(r, src, target, e, outcome);
    return GROG_OK;
}

grog_status grog_gdb_order_test(const grog_gdb_rules *rules, const grog_gdb_input *in,
                                const grog_gdb_dice_source *src, grog_explain **out,
                                grog_gdb_outcome *outcome, grog_error *err)
{
    if (rules == NULL || in == NULL || out == NULL)
        return grog_error_set(err, GROG_EINVAL, _("gdb order test: missing rules or input"));
    grog_status st = check_input(rules, in, src, err);
    if (st != GROG_OK)
        return st;
    grog_explain *e = grog_explain_create("gdb-order",
                                          _("Brigade order change by the C-in-C (General de "
                                            "Brigade)"));
    if (e == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_gdb_outcome o = GROG_GDB_FAIL;
    int decided = 0;
    for (size_t i = 0; i < in->nmeasures && i < 2; i++)
        grog_explain_add_measure(e, &in->measures[i], NULL);
    if (in->own_brigade) {
        st = test_own_brigade(rules, in, e, &o, err);
        decided = 1;
    } else {
        st = test_roll(rules, in, src, e, &o, err);
        decided = grog_explain_outcome(e) != NULL;
    }
    if (st != GROG_OK) {
        grog_explain_destroy(e);
        return st;
    }
    if (decided && outcome != NULL)
        *outcome = o;
    *out = e;
    return GROG_OK;
}
