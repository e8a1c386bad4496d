/* plan_gt.c — Grande Tactique: each divisional general's PIPs this turn
 * (GT-07, GT-10..17), exactly and through the engine.
 *
 * The exact distribution of each general's PIPs is the one the engine's own
 * PIP roll writes in its "gt-pip" records (grog_gt_phase_run with the
 * corps' dice, plan and ranks, the commanders' gifts within 9", a bad
 * commander's 1 -> 0, the floor at 0): the plan makes that roll on a fork
 * of the game with dice entered (no draw), reads the distributions and
 * throws the fork away. A general attached to a unit pays double for every
 * other unit (GT-07): what he needs is doubled. The PIP phase is this
 * turn's when it is on and the corps has not rolled, else the next turn's. */
#include <stdlib.h>
#include <string.h>

#include "grognard/gt.h"
#include "i18n.h"
#include "plan_internal.h"

typedef struct gt_plan {
    char corps[GROG_ID_MAX];
    int n;
    char gen[GROG_GT_MAX_DIVISIONS][GROG_ID_MAX];
    int need[GROG_GT_MAX_DIVISIONS]; /* PIPs, doubled when attached (GT-07) */
} gt_plan;

static json_t *state_of(const grog_game *g)
{
    return g->ops->state_save(g->rules, g->s.battle, g->s.fstate);
}

/* The corps' state entry field (rolled, ...) in g. */
static int corps_rolled(const grog_game *g, const char *corps)
{
    json_t *s = state_of(g), *offs = json_object_get(s, "officers");
    int rolled = 0;
    for (size_t i = 0; i < json_array_size(offs); i++) {
        json_t *o = json_array_get(offs, i);
        if (strcmp(json_string_value(json_object_get(o, "id")), corps) == 0)
            rolled = (int)json_integer_value(json_object_get(o, "rolled"));
    }
    json_decref(s);
    return rolled;
}

static int pip_now(const grog_game *g, const char *corps)
{
    return strcmp(grog_game_phase(g), "pip") == 0 && !corps_rolled(g, corps);
}

/* Moves f on to a PIP phase in which the corps has not rolled. */
static grog_status to_pip_phase(grog_game *f, const char *corps, grog_error *err)
{
    for (int guard = 0; guard < 16 && !pip_now(f, corps); guard++) {
        grog_status st = plan_do(f, NULL, err, "next");
        if (st != GROG_OK)
            return st;
    }
    return pip_now(f, corps) ? GROG_OK
                             : grog_error_set(err, GROG_ERULE, _("GT-14: no PIP phase ahead"));
}

/* The corps' divisional generals in f (battle order, as the roll takes them). */
static int divisions(const grog_game *f, const char *corps, gt_plan *gp)
{
    json_t *s = state_of(f), *offs = json_object_get(s, "officers");
    const grog_battle *b = grog_game_battle(f);
    gp->n = 0;
    for (size_t i = 0; i < json_array_size(offs) && gp->n < GROG_GT_MAX_DIVISIONS; i++) {
        json_t *o = json_array_get(offs, i);
        const char *id = json_string_value(json_object_get(o, "id"));
        const grog_officer *off = grog_battle_officer_by_id(b, id);
        if (json_integer_value(json_object_get(o, "divisional")) && off != NULL &&
            strcmp(off->superior, corps) == 0 && off->state == GROG_OFFICER_ACTIVE)
            snprintf(gp->gen[gp->n++], GROG_ID_MAX, "%s", id);
    }
    json_decref(s);
    return gp->n;
}

static int index_of(const gt_plan *gp, const char *id)
{
    for (int k = 0; k < gp->n; k++)
        if (strcmp(gp->gen[k], id) == 0)
            return k;
    return -1;
}

static grog_status sample(plan_ctx *p, grog_game *f, int *hit, grog_error *err)
{
    const gt_plan *gp = p->fam;
    char *res = NULL;
    grog_status st = to_pip_phase(f, gp->corps, err);
    if (st == GROG_OK)
        st = plan_do(f, &res, err, "pips %s", gp->corps);
    json_t *r = res != NULL ? json_loads(res, 0, NULL) : NULL;
    json_t *ev = json_object_get(r, "events");
    for (size_t i = 0; i < json_array_size(ev); i++) {
        json_t *e = json_array_get(ev, i), *d = json_object_get(e, "data");
        if (strcmp(json_string_value(json_object_get(e, "type")), "pips") != 0)
            continue;
        int k = index_of(gp, json_string_value(json_object_get(d, "officer")));
        if (k >= 0)
            hit[k] = json_integer_value(json_object_get(d, "pips")) >= gp->need[k];
    }
    json_decref(r);
    free(res);
    return st;
}

/* "n/d" into q. */
static void frac_of(mpq_t q, const char *text)
{
    if (text == NULL || mpq_set_str(q, text, 10) != 0)
        mpq_set_ui(q, 0, 1);
    mpq_canonicalize(q);
}

/* One general's row from his "gt-pip" record; P(PIPs >= need) into p. */
static json_t *general_row(const grog_officer *o, int attached, int asked, int need,
                           const json_t *rec, mpq_t can)
{
    json_t *dist = json_array(), *in = json_object_get(rec, "distribution");
    mpq_t q;
    mpq_init(q);
    mpq_set_ui(can, 0, 1);
    for (size_t i = 0; i < json_array_size(in); i++) {
        json_t *d = json_array_get(in, i);
        int v = (int)json_integer_value(json_object_get(d, "value"));
        frac_of(q, json_string_value(json_object_get(d, "exact")));
        if (v >= need)
            mpq_add(can, can, q);
        json_t *row = json_pack("{s:i,s:o,s:f}", "value", v, "probability", plan_frac_json(q),
                                "percent", 100.0 * mpq_get_d(q));
        json_array_append_new(dist, row);
    }
    mpq_clear(q);
    json_t *row = json_pack("{s:s,s:s,s:s,s:b,s:o,s:i,s:o,s:O}", "general", o->id, "name", o->name,
                            "quality", grog_gt_quality_name(o->ratings.gt_quality), "attached",
                            attached, "need", asked >= 0 ? json_integer(asked) : json_null(),
                            "need_pips", need, "distribution", dist, "mean",
                            json_object_get(rec, "mean"));
    json_object_set_new(row, "can_pay", plan_frac_json(can));
    json_object_set_new(row, "percent", json_real(100.0 * mpq_get_d(can)));
    return row;
}

/* Whether the general starts the PIP phase attached (GT-07), in f. */
static int attached_at_start(const grog_game *f, const char *id)
{
    json_t *s = state_of(f), *offs = json_object_get(s, "officers");
    int a = 0;
    for (size_t i = 0; i < json_array_size(offs); i++) {
        json_t *o = json_array_get(offs, i);
        if (strcmp(json_string_value(json_object_get(o, "id")), id) == 0)
            a = !json_is_null(json_object_get(o, "start_attach")) &&
                json_object_get(o, "start_attach") != NULL;
    }
    json_decref(s);
    return a;
}

static grog_status needs_of(plan_ctx *p, gt_plan *gp, const grog_game *f, int *asked,
                            grog_error *err)
{
    for (int k = 0; k < gp->n; k++)
        asked[k] = -1;
    for (size_t i = 0; i < p->req->nneeds; i++) {
        int k = index_of(gp, p->req->needs[i].general);
        if (k < 0)
            return grog_error_set(err, GROG_EINVAL, _("--needs: %s is not a divisional general "
                                                      "of %s"),
                                  p->req->needs[i].general, gp->corps);
        if (p->req->needs[i].pips < 0 || p->req->needs[i].pips > 99)
            return grog_error_set(err, GROG_EINVAL, _("--needs: 0 to 99 PIPs, not %d"),
                                  p->req->needs[i].pips);
        asked[k] = p->req->needs[i].pips;
    }
    for (int k = 0; k < gp->n; k++) {
        int base = asked[k] >= 0 ? asked[k] : 1;
        gp->need[k] = attached_at_start(f, gp->gen[k]) && asked[k] >= 0 ? 2 * base : base;
    }
    return GROG_OK;
}

/* The roll made on a fork with every die entered: the records hold the odds. */
static grog_status exact(plan_ctx *p, gt_plan *gp, grog_game *f, grog_error *err)
{
    char dice[3 * GROG_GT_MAX_DIVISIONS + 1] = "";
    for (int k = 0; k < gp->n; k++)
        strcat(dice, k > 0 ? ",1" : "1");
    char *res = NULL;
    grog_status st = plan_do(f, &res, err, "pips %s --dice %s", gp->corps, dice);
    json_t *r = res != NULL ? json_loads(res, 0, NULL) : NULL;
    free(res);
    json_t *ev = json_object_get(r, "events"), *recs = json_object_get(r, "records");
    int asked[GROG_GT_MAX_DIVISIONS];
    if (st == GROG_OK)
        st = needs_of(p, gp, f, asked, err);
    if (st == GROG_OK)
        st = plan_alloc(p, gp->n, err);
    p->extra = json_array();
    for (size_t i = 0; st == GROG_OK && i + 1 < json_array_size(ev); i++) {
        json_t *e = json_array_get(ev, i), *next = json_array_get(ev, i + 1);
        if (strcmp(json_string_value(json_object_get(e, "type")), "pips") != 0 ||
            strcmp(json_string_value(json_object_get(next, "type")), "record") != 0)
            continue;
        int k = index_of(gp, json_string_value(json_object_get(json_object_get(e, "data"),
                                                               "officer")));
        json_t *rec = json_object_get(
            json_array_get(recs, (size_t)json_integer_value(json_object_get(next, "index"))),
            "record");
        if (k < 0 || rec == NULL)
            continue;
        const grog_officer *o = grog_battle_officer_by_id(grog_game_battle(f), gp->gen[k]);
        json_array_append_new(p->extra, general_row(o, attached_at_start(f, gp->gen[k]),
                                                    asked[k], gp->need[k], rec, p->in_force[k]));
    }
    json_decref(r);
    return st;
}

/* How many of the corps' divisional generals no --needs names. */
static int unnamed(const plan_ctx *p, const gt_plan *gp)
{
    int n = 0;
    for (int k = 0; k < gp->n; k++) {
        size_t i = 0;
        while (i < p->req->nneeds && strcmp(p->req->needs[i].general, gp->gen[k]) != 0)
            i++;
        n += i == p->req->nneeds;
    }
    return n;
}

static void assumptions(plan_ctx *p, const gt_plan *gp, int now)
{
    plan_assume(p, now ? _("The PIP phase is this turn's: it is on and the corps has not rolled.")
                       : _("The PIP phase is the next turn's: this turn's PIPs are rolled."));
    plan_assume(p, _("GT-14: the corps' plan, ranks and the commanders' gifts (GT-10, GT-13) are "
                     "those declared now; positions stand as they are (the 9\" of GT-10 and "
                     "GT-12)."));
    plan_assume(p, _("GT-07: a general attached to a unit at the start of the PIP phase pays "
                     "double; what --needs gives is for his other units, so it is doubled."));
    /* the default of "can pay" only where a general takes it */
    if (p->req->nneeds == 0)
        plan_assume(p, _("Without --needs, \"can pay\" is the chance of at least 1 PIP."));
    else if (unnamed(p, gp) > 0)
        plan_assume(p, _("For a general --needs does not name, \"can pay\" is the chance of at "
                         "least 1 PIP."));
}

grog_status plan_pips_gt(plan_ctx *p, grog_error *err)
{
    gt_plan *gp = calloc(1, sizeof *gp);
    if (gp == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    p->fam = gp;
    p->fam_free = free;
    snprintf(gp->corps, sizeof gp->corps, "%s", p->req->corps);
    int now = pip_now(p->g, gp->corps);
    grog_game *f = NULL;
    grog_status st = game_fork(p->g, p->req->seed, &f, err);
    if (st == GROG_OK)
        st = to_pip_phase(f, gp->corps, err);
    if (st == GROG_OK && divisions(f, gp->corps, gp) == 0)
        st = grog_error_set(err, GROG_EINVAL, _("%s commands no divisional general"),
                            grog_battle_officer_by_id(grog_game_battle(f), gp->corps)->name);
    if (st == GROG_OK)
        st = exact(p, gp, f, err);
    if (st == GROG_OK) {
        p->first_turn = grog_game_turn(f);
        json_object_set_new(p->plan, "corps", json_string(gp->corps));
        json_object_set_new(p->plan, "turn", json_integer(p->first_turn));
        assumptions(p, gp, now);
        p->sample = sample;
        for (int k = 0; k < gp->n; k++)
            p->labels[k] = gp->gen[k];
    }
    grog_game_close(f);
    return st;
}
