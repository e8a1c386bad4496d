/* gt_phase.c — the PIP phase of one corps (GT-14, GT-10..GT-13).
 *
 * Order: check the whole input (nothing is changed on a refusal); roll one
 * D6 per divisional general or take the entered dice; allocate (plan: by
 * rank; no plan: the floor of the mean; settable); find the bad commanders
 * whose subordinate within the radius shows the GT-12 face; give each
 * commander's PIP to his subordinate (GT-10) or his non-divisional unit
 * (GT-13); then one "gt-pip" record per divisional general, whose
 * distribution is the a-priori one of his die through the GT-17 steps.
 * With the corps' battle given, the records' notes name the pieces by id
 * (grog_gt_name_pieces, also the game's for the refusals). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "gt_pip.h"
#include "i18n.h"
#include "grognard/measure.h"

static double radius_mm(const grog_gt_rules *r)
{
    return grog_length_to_mm(r->radius_in, GROG_UNIT_IN, NULL);
}

/* "Within" includes the radius itself (spec README: ranges). */
static int within(const grog_gt_rules *r, double mm)
{
    return mm <= radius_mm(r) + 1e-9;
}

static grog_status check_divisions(const grog_gt_rules *r, const grog_gt_corps_turn *t,
                                   grog_error *err)
{
    if (t->divisions == NULL || t->ndivisions < 1 || t->ndivisions > GROG_GT_MAX_DIVISIONS)
        return grog_error_set(err, GROG_EINVAL,
                              _("a corps has 1 to %d divisional generals, not %d"),
                              GROG_GT_MAX_DIVISIONS, t->ndivisions);
    int seen[GROG_GT_MAX_DIVISIONS + 1] = {0};
    int ranked = t->plan && r->alloc_plan == GROG_GT_ALLOC_RANK;
    for (int i = 0; i < t->ndivisions; i++) {
        const grog_gt_division *d = &t->divisions[i];
        if ((unsigned)d->quality > GROG_GT_QUALITY_BAD)
            return grog_error_set(err, GROG_EINVAL, _("general %d: unknown quality %d"), d->id,
                                  (int)d->quality);
        if (!ranked)
            continue;
        if (d->rank < 1 || d->rank > t->ndivisions || seen[d->rank])
            return grog_error_set(err, GROG_EINVAL,
                                  _("general %d: the plan must rank the %d generals 1 to %d, "
                                    "each once (GT-14); rank %d is invalid"),
                                  d->id, t->ndivisions, t->ndivisions, d->rank);
        seen[d->rank] = 1;
    }
    if (t->entered != NULL && !t->plan_changed)
        for (int i = 0; i < t->ndivisions; i++)
            if (t->entered[i] < 1 || t->entered[i] > GT_DIE_SIDES)
                return grog_error_set(err, GROG_EINVAL,
                                      _("die %d entered for the corps shows %d: a D6 shows 1 to 6"),
                                      i + 1, t->entered[i]);
    return GROG_OK;
}

static grog_status check_commander(const grog_gt_rules *r, const grog_gt_corps_turn *t,
                                   const grog_gt_commander *c, grog_error *err)
{
    for (int i = 0; i < t->ndivisions; i++)
        if (!(c->distance_mm[i] >= 0) || isinf(c->distance_mm[i]))
            return grog_error_set(err, GROG_EINVAL,
                                  _("commander %d: the distance to general %d must be a number "
                                    "of 0 mm or more"),
                                  c->id, t->divisions[i].id);
    switch (c->gift) {
    case GROG_GT_GIFT_NONE:
        return GROG_OK;
    case GROG_GT_GIFT_UNIT:
        if (c->attached && !r->attached_keeps_unit_pip)
            return grog_error_set(err, GROG_ERULE,
                                  _("GT-11: commander %d is attached to a unit and adds no PIP "
                                    "this turn"),
                                  c->id);
        return GROG_OK;
    case GROG_GT_GIFT_GENERAL:
        break;
    default:
        return grog_error_set(err, GROG_EINVAL, _("commander %d: unknown use of his PIP %d"),
                              c->id, (int)c->gift);
    }
    if (c->to < 0 || c->to >= t->ndivisions)
        return grog_error_set(err, GROG_EINVAL,
                              _("commander %d gives his PIP to general number %d, but the corps "
                                "has %d"),
                              c->id, c->to, t->ndivisions);
    if (c->attached)
        return grog_error_set(err, GROG_ERULE,
                              _("GT-11: commander %d is attached to a unit and adds no PIP to a "
                                "divisional general this turn"),
                              c->id);
    double d = c->distance_mm[c->to];
    if (!within(r, d))
        return grog_error_set(err, GROG_ERULE,
                              _("GT-10: general %d is %.1f\" from commander %d, beyond the command "
                                "radius of %g\""),
                              t->divisions[c->to].id, grog_length_from_mm(d, GROG_UNIT_IN, NULL),
                              c->id, r->radius_in);
    return GROG_OK;
}

static grog_status check_turn(const grog_gt_rules *r, const grog_gt_corps_turn *t,
                              grog_rng *rng, grog_error *err)
{
    grog_status st = check_divisions(r, t, err);
    if (st != GROG_OK)
        return st;
    if (t->ncommanders < 0 || t->ncommanders > GROG_GT_MAX_COMMANDERS ||
        (t->ncommanders > 0 && t->commanders == NULL))
        return grog_error_set(err, GROG_EINVAL, _("a corps has 0 to %d commanders, not %d"),
                              GROG_GT_MAX_COMMANDERS, t->ncommanders);
    for (int c = 0; c < t->ncommanders; c++) {
        st = check_commander(r, t, &t->commanders[c], err);
        if (st != GROG_OK)
            return st;
    }
    if (t->entered == NULL && !t->plan_changed && rng == NULL)
        return grog_error_set(err, GROG_EINVAL, _("no dice entered and no generator to roll them"));
    return GROG_OK;
}

/* The query of general i: his skill, the allocation, and whether a bad
 * commander is within the radius. Gifts are added later. */
static grog_gt_pip_query base_query(const grog_gt_rules *r, const grog_gt_corps_turn *t, int i)
{
    grog_gt_pip_query q = {0};
    q.quality = t->divisions[i].quality;
    q.alloc = t->plan ? r->alloc_plan : r->alloc_no_plan;
    q.dice = t->ndivisions;
    q.rank = q.alloc == GROG_GT_ALLOC_RANK ? t->divisions[i].rank : 1;
    for (int c = 0; c < t->ncommanders; c++)
        if (t->commanders[c].bad && within(r, t->commanders[c].distance_mm[i]))
            q.bad_within = 1;
    return q;
}

/* The first general within the radius of bad commander c whose die fires
 * GT-12, or -1. */
static int blocked_by(const grog_gt_rules *r, const grog_gt_corps_turn *t,
                      const grog_gt_commander *c, const grog_gt_pip_query *q,
                      const int *allocated)
{
    if (!c->bad)
        return -1;
    for (int i = 0; i < t->ndivisions; i++) {
        gt_trace tr;
        if (!within(r, c->distance_mm[i]))
            continue;
        grog_gt_pip_eval(r, &q[i], allocated[i], &tr);
        if (tr.bad_fired)
            return i;
    }
    return -1;
}

static void roll_dice(const grog_gt_corps_turn *t, grog_rng *rng, int *dice)
{
    for (int i = 0; i < t->ndivisions; i++)
        dice[i] = t->entered != NULL ? t->entered[i] : (int)grog_rng_range(rng, 1, GT_DIE_SIDES);
}

static grog_explain *plan_changed_record(const grog_gt_corps_turn *t, int i)
{
    grog_explain *e = grog_explain_create("gt-pip", _("PIPs of a divisional general"));
    if (e == NULL)
        return NULL;
    uint64_t one = 1;
    grog_dist *zero = NULL;
    if (grog_dist_from_counts(0, &one, 1, &zero, NULL) == GROG_OK)
        grog_explain_set_distribution(e, zero);
    grog_dist_destroy(zero);
    char text[160];
    grog_text_snprintf(
        text, sizeof text,
        _("general %d: the corps changed its plan, declared before the roll: no PIPs this "
          "turn"),
        t->divisions[i].id);
    grog_gt_name_pieces(text, sizeof text, t->battle);
    grog_explain_add_note(e, "GT-14", text);
    grog_explain_set_value(e, 0, "PIPs");
    grog_explain_add_default(e, "GT-14 plan change", "no PIPs",
                             _("GT-14: from the published rules, not the Generals chapter"));
    return e;
}

static grog_status phase_plan_changed(const grog_gt_rules *r, const grog_gt_corps_turn *t,
                                      grog_gt_phase *ph, grog_error *err)
{
    for (int i = 0; i < t->ndivisions; i++) {
        ph->records[i] = plan_changed_record(t, i);
        if (ph->records[i] == NULL)
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    for (int c = 0; c < t->ncommanders; c++)
        if (t->commanders[c].gift == GROG_GT_GIFT_UNIT && r->plan_change_keeps_unit_pips)
            ph->unit_pips[c] = r->commander_pip;
    return GROG_OK;
}

/* Applies the commanders' gifts to the queries; blocked[c] is the general
 * whose die made bad commander c lose his PIP, or -1. */
static void apply_gifts(const grog_gt_rules *r, const grog_gt_corps_turn *t, grog_gt_pip_query *q,
                        const int *blocked, grog_gt_phase *ph)
{
    for (int c = 0; c < t->ncommanders; c++) {
        const grog_gt_commander *cm = &t->commanders[c];
        int lost = blocked[c] >= 0 && r->loses_turn;
        if (cm->gift == GROG_GT_GIFT_UNIT) {
            ph->unit_pips[c] = lost ? 0 : r->commander_pip;
            continue;
        }
        if (cm->gift != GROG_GT_GIFT_GENERAL || (lost && blocked[c] != cm->to))
            continue;
        q[cm->to].bonus++;
        if (cm->bad)
            q[cm->to].bonus_from_bad++;
    }
}

static void note_lost_gifts(const grog_gt_rules *r, const grog_gt_corps_turn *t, const int *blocked,
                            grog_gt_phase *ph)
{
    for (int c = 0; c < t->ncommanders; c++) {
        const grog_gt_commander *cm = &t->commanders[c];
        if (blocked[c] < 0 || cm->gift != GROG_GT_GIFT_GENERAL || blocked[c] == cm->to ||
            !r->loses_turn)
            continue;
        char text[200];
        grog_text_snprintf(
            text, sizeof text,
            _("bad commander %d gives no PIP this turn: general %d within %g\" shows %d"), cm->id,
            t->divisions[blocked[c]].id, r->radius_in, r->bad_die);
        grog_gt_name_pieces(text, sizeof text, t->battle);
        grog_explain_add_note(ph->records[cm->to], "GT-12", text);
    }
}

/* The distances general i's PIPs depend on, named in his record: from
 * each bad commander (GT-12) and from the one giving him his PIP (GT-10). */
static void add_measures(const grog_gt_corps_turn *t, int i, grog_explain *e)
{
    if (t->division_ids == NULL || t->commander_ids == NULL)
        return;
    for (int c = 0; c < t->ncommanders; c++) {
        const grog_gt_commander *cm = &t->commanders[c];
        int gives = cm->gift == GROG_GT_GIFT_GENERAL && cm->to == i;
        if (!gives && !cm->bad)
            continue;
        grog_measure m = grog_measure_map(GROG_MEASURE_DISTANCE, t->commander_ids[c],
                                          t->division_ids[i], gives ? "GT-10" : "GT-12",
                                          GROG_UNIT_IN);
        m.mm = cm->distance_mm[i];
        if (t->from_table != NULL && t->from_table[c * GROG_GT_MAX_DIVISIONS + i])
            m.source = GROG_MEASURE_TABLE;
        grog_explain_add_measure(e, &m, NULL);
    }
}

static grog_status make_records(const grog_gt_rules *r, const grog_gt_corps_turn *t,
                                grog_rng *rng, const grog_gt_pip_query *q, grog_gt_phase *ph,
                                grog_error *err)
{
    for (int i = 0; i < t->ndivisions; i++) {
        grog_roll roll;
        memset(&roll, 0, sizeof roll);
        int own = q[i].alloc == GROG_GT_ALLOC_OWN;
        roll.nfaces = own ? 1 : t->ndivisions;
        for (int k = 0; k < roll.nfaces; k++)
            roll.faces[k] = own ? ph->dice[i] : ph->dice[k];
        roll.natural = roll.total = ph->allocated[i];
        roll.entered = t->entered != NULL;
        grog_status st = grog_gt_pip_explain(r, &q[i], &roll, &ph->records[i], err);
        if (st != GROG_OK)
            return st;
        if (t->entered == NULL)
            grog_explain_set_seed(ph->records[i], grog_rng_seed(rng));
        add_measures(t, i, ph->records[i]);
        ph->pips[i] = grog_gt_pip_eval(r, &q[i], ph->allocated[i], NULL);
    }
    return GROG_OK;
}

static void mark_given(const grog_gt_rules *r, const grog_gt_corps_turn *t,
                       const grog_gt_pip_query *q, const int *blocked, grog_gt_phase *ph)
{
    for (int c = 0; c < t->ncommanders; c++) {
        const grog_gt_commander *cm = &t->commanders[c];
        if (cm->gift != GROG_GT_GIFT_GENERAL || (blocked[c] >= 0 && r->loses_turn))
            continue;
        gt_trace tr;
        grog_gt_pip_eval(r, &q[cm->to], ph->allocated[cm->to], &tr);
        ph->gave[c] = !(cm->bad && tr.bad_fired);
    }
}

static grog_status run(const grog_gt_rules *r, const grog_gt_corps_turn *t, grog_rng *rng,
                       grog_gt_phase *ph, grog_error *err)
{
    ph->ndivisions = t->ndivisions;
    ph->ncommanders = t->ncommanders;
    if (t->plan_changed)
        return phase_plan_changed(r, t, ph, err);
    roll_dice(t, rng, ph->dice);
    grog_gt_pip_query q[GROG_GT_MAX_DIVISIONS];
    for (int i = 0; i < t->ndivisions; i++) {
        q[i] = base_query(r, t, i);
        ph->allocated[i] = grog_gt_allocate(q[i].alloc, ph->dice, t->ndivisions, q[i].rank, i);
    }
    int blocked[GROG_GT_MAX_COMMANDERS];
    for (int c = 0; c < t->ncommanders; c++)
        blocked[c] = blocked_by(r, t, &t->commanders[c], q, ph->allocated);
    apply_gifts(r, t, q, blocked, ph);
    grog_status st = make_records(r, t, rng, q, ph, err);
    if (st != GROG_OK)
        return st;
    note_lost_gifts(r, t, blocked, ph);
    mark_given(r, t, q, blocked, ph);
    return GROG_OK;
}

grog_status grog_gt_phase_run(const grog_gt_rules *rules, const grog_gt_corps_turn *turn,
                              grog_rng *rng, grog_gt_phase *out, grog_error *err)
{
    grog_status st = check_turn(rules, turn, rng, err);
    if (st != GROG_OK)
        return st;
    grog_gt_phase ph;
    memset(&ph, 0, sizeof ph);
    st = run(rules, turn, rng, &ph, err);
    if (st != GROG_OK) {
        grog_gt_phase_clear(&ph);
        return st;
    }
    *out = ph;
    return GROG_OK;
}

void grog_gt_phase_clear(grog_gt_phase *phase)
{
    if (phase == NULL)
        return;
    for (int i = 0; i < GROG_GT_MAX_DIVISIONS; i++)
        grog_explain_destroy(phase->records[i]);
    memset(phase, 0, sizeof *phase);
}

/* ---- naming the pieces (grog_gt_name_pieces) ---- */

void grog_gt_name_pieces(char *text, size_t size, const grog_battle *b)
{
    if (text == NULL || size == 0 || b == NULL)
        return;
    /* TRANSLATORS: "general %d", "commander %d" and "unit %d" must be written
     * exactly so in the Grande Tactique messages that name a piece by
     * number: the game replaces them with the piece's id. */
    const char *keys[3] = {_("general %d"), _("commander %d"), _("unit %d")};
    char out[GROG_ERROR_MAX];
    size_t n = 0;
    for (const char *p = text; *p != '\0' && n + 1 < sizeof out;) {
        int done = 0;
        for (int k = 0; k < 3 && !done; k++) {
            const char *pct = strstr(keys[k], "%d");
            size_t pre = pct != NULL ? (size_t)(pct - keys[k]) : 0;
            if (pct == NULL || strncmp(p, keys[k], pre) != 0 || !(p[pre] >= '0' && p[pre] <= '9'))
                continue;
            char *end;
            long v = strtol(p + pre, &end, 10);
            size_t max = k == 2 ? grog_battle_nunits(b) : grog_battle_nofficers(b);
            if (v < 0 || (size_t)v >= max || strncmp(end, pct + 2, strlen(pct + 2)) != 0)
                continue;
            const char *id = k == 2 ? grog_battle_unit(b, (size_t)v)->id
                                    : grog_battle_officer(b, (size_t)v)->id;
            int w = snprintf(out + n, sizeof out - n, "%.*s%s%s", (int)pre, keys[k], id, pct + 2);
            n = w < 0 ? n : n + (size_t)w < sizeof out ? n + (size_t)w : sizeof out - 1;
            p = end + strlen(pct + 2);
            done = 1;
        }
        if (!done)
            out[n++] = *p++;
    }
    out[n] = '\0';
    snprintf(text, size, "%s", out);
}
