/* plan_gdb.c — General de Brigade: when will a brigade's new order be in
 * force (GDB-01..05), exactly and through the engine.
 *
 * The odds of one attempt are those of grog_gdb_battle_test on the battle
 * as it stands (the function the `order` action calls, the rules' table and
 * modifiers): immediate i, delayed d, failed f. One attempt per turn
 * (GDB-01) in the Command Phase: with S the chance no change is made yet,
 * D a delayed change waiting, F in force, a turn does F += D (GDB-04, at its
 * Command Phase), then F += S i, D = S d, S = S f. The first turn is this
 * one if its Command Phase is on and the C-in-C has not tried, else the
 * next. Measures taken at the table (the request's, tape.h) go through the
 * same test (grog_gdb_battle_test_measured) for the odds, and into every
 * `order` the Monte Carlo plays (--measure), so both read the same
 * distances; a measure the test does not use is refused, as the action
 * refuses it. */
#include <stdlib.h>
#include <string.h>

#include "grognard/gdb.h"
#include "grognard/tape.h"
#include "i18n.h"
#include "order_kinds.h"
#include "plan_internal.h"
#include "table_measures.h"

typedef struct gdb_plan {
    char cinc[GROG_ID_MAX], brigade[GROG_ID_MAX], order[GROG_ID_MAX];
    char measures[1024]; /* " --measure FROM:TO=VALUE" for each, the order action's words */
} gdb_plan;

static int in_force(const grog_game *f, const gdb_plan *gp)
{
    const grog_officer *o = grog_battle_officer_by_id(grog_game_battle(f), gp->brigade);
    return o != NULL && strcmp(o->order.kind, gp->order) == 0;
}

static int delayed(const grog_game *f, const gdb_plan *gp)
{
    const grog_officer *o = grog_battle_officer_by_id(grog_game_battle(f), gp->brigade);
    return o != NULL && strcmp(o->pending.kind, gp->order) == 0 && o->pending.effective_turn > 0;
}

/* One run: in each Command Phase the attempt, unless in force or delayed;
 * at the end of each turn (its last phase, before `next`) the check. */
static grog_status sample(plan_ctx *p, grog_game *f, int *hit, grog_error *err)
{
    const gdb_plan *gp = p->fam;
    int waiting = 0;
    for (int guard = 0; guard < 8 * (p->turns + 2); guard++) {
        int turn = grog_game_turn(f), k = turn - p->first_turn;
        if (k >= p->turns)
            return GROG_OK;
        const char *phase = grog_game_phase(f);
        if (strcmp(phase, "command") == 0 && !waiting && !in_force(f, gp) && k >= 0) {
            grog_error e2;
            if (plan_do(f, NULL, &e2, "order %s %s %s%s", gp->cinc, gp->brigade, gp->order,
                        gp->measures) == GROG_OK)
                waiting = delayed(f, gp);
        }
        if (strcmp(phase, "combat") == 0 && k >= 0)
            hit[k] = in_force(f, gp);
        grog_status st = plan_do(f, NULL, err, "next");
        if (st != GROG_OK)
            return st;
    }
    return GROG_OK;
}

/* The test's measures, as its record names them: [{id, rule, value, unit,
 * source}], source "map" or "table". */
static json_t *measures_json(const grog_explain *e)
{
    json_t *arr = json_array();
    for (size_t i = 0; i < grog_explain_measure_count(e); i++) {
        double v = 0;
        const grog_measure *m = grog_explain_measure(e, i, &v);
        char id[2 * GROG_MEASURE_ID_MAX + 8];
        json_t *value = m->known ? json_real(v) : json_null();
        json_array_append_new(arr, json_pack("{s:s,s:s,s:o,s:s,s:s}", "id",
                                             grog_measure_id(m, id, sizeof id), "rule", m->rule,
                                             "value", value, "unit", grog_unit_name(m->unit),
                                             "source", grog_measure_source_name(m->source)));
    }
    return arr;
}

/* The measures as the order action's words, checked for room and for
 * spaces (each is one word of the line the Monte Carlo plays). */
static grog_status measure_words(plan_ctx *p, gdb_plan *gp, grog_error *err)
{
    size_t len = 0;
    for (size_t i = 0; i < p->req->nmeasures; i++) {
        const char *m = p->req->measures[i];
        if (m == NULL || m[0] == '\0' || strpbrk(m, " \t\r\n") != NULL)
            return grog_error_set(err, GROG_EINVAL,
                                  _("--measure needs FROM:TO=VALUE (e.g. --measure "
                                    "picton:pack=28cm)"));
        int n = snprintf(gp->measures + len, sizeof gp->measures - len, " --measure %s", m);
        if (n < 0 || (size_t)n >= sizeof gp->measures - len)
            return grog_error_set(err, GROG_EINVAL, _("at most %d --measure"), GROG_TAPE_MAX);
        len += (size_t)n;
    }
    return GROG_OK;
}

static grog_status odds(plan_ctx *p, const gdb_plan *gp, mpq_t pi, mpq_t pd, mpq_t pf,
                        grog_error *err)
{
    grog_gdb_rules *rules = NULL;
    grog_status st = p->rules_text != NULL
                         ? grog_gdb_rules_parse(p->rules_text, p->rules_label, &rules, err)
                         : grog_gdb_rules_load(NULL, &rules, err);
    grog_explain *e = NULL;
    grog_tape *tape = NULL;
    if (st == GROG_OK)
        st = table_measures_tape(grog_game_battle(p->g), p->req->measures, p->req->nmeasures,
                                 &tape, err);
    if (st == GROG_OK)
        st = grog_gdb_battle_test_measured(rules, grog_game_battle(p->g), gp->cinc, gp->brigade,
                                           tape, NULL, &e, NULL, err);
    if (st == GROG_OK && !grog_explain_checks_ok(e))
        st = plan_refused(e, err);
    if (st == GROG_OK)
        st = grog_tape_check(tape, err);
    grog_tape_destroy(tape);
    grog_frac fi = {0, 1}, fd = {0, 1}, ff = {0, 1};
    if (st == GROG_OK && !grog_explain_outcome_p(e, "immediate", &fi))
        st = grog_error_set(err, GROG_ERULE, _("GDB-02: no odds for this order change"));
    if (st == GROG_OK) {
        grog_explain_outcome_p(e, "delayed", &fd);
        grog_explain_outcome_p(e, "fail", &ff);
        plan_frac_set(pi, fi);
        plan_frac_set(pd, fd);
        plan_frac_set(pf, ff);
        json_t *each = json_object();
        json_object_set_new(each, "immediate", plan_frac_json(pi));
        json_object_set_new(each, "delayed", plan_frac_json(pd));
        json_object_set_new(each, "fail", plan_frac_json(pf));
        json_object_set_new(p->plan, "each_attempt", each);
        json_object_set_new(p->plan, "modifier_total", json_integer(grog_explain_modifier_total(e)));
        json_object_set_new(p->plan, "measures", measures_json(e));
    }
    grog_explain_destroy(e);
    grog_gdb_rules_destroy(rules);
    return st;
}

/* Whether the C-in-C may still try in this turn's Command Phase. */
static int may_try_now(const plan_ctx *p, const gdb_plan *gp)
{
    if (strcmp(grog_game_phase(p->g), "command") != 0)
        return 0;
    json_t *s = plan_state(p), *books = json_object_get(s, "books");
    int tried = 0;
    for (size_t i = 0; i < json_array_size(books); i++) {
        json_t *t = json_object_get(json_array_get(books, i), "tried");
        for (size_t k = 0; k < json_array_size(t); k++)
            tried |= strcmp(json_string_value(json_array_get(t, k)), gp->cinc) == 0;
    }
    json_decref(s);
    return !tried;
}

static grog_status check_words(plan_ctx *p, gdb_plan *gp, grog_error *err)
{
    const grog_battle *b = grog_game_battle(p->g);
    if (grog_battle_officer_by_id(b, p->req->target) == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no officer \"%s\""), p->req->target);
    order_kinds *kinds = NULL;
    grog_status st = order_kinds_load("gdb", p->rules_text, p->rules_label, &kinds, err);
    if (st == GROG_OK)
        st = order_kinds_check(kinds, p->req->order, err);
    order_kinds_free(kinds);
    snprintf(gp->cinc, sizeof gp->cinc, "%s", p->req->general);
    snprintf(gp->brigade, sizeof gp->brigade, "%s", p->req->target);
    snprintf(gp->order, sizeof gp->order, "%s", p->req->order);
    if (st == GROG_OK && p->req->explain > 0)
        st = grog_error_set(err, GROG_EINVAL, _("--explain is Les Aigles' (AIG-O-18); General de "
                                                "Brigade has no explaining"));
    return st;
}

static void assumptions(plan_ctx *p, int now)
{
    plan_assume(p, _("GDB-01: the C-in-C tries this order change once in every Command Phase "
                     "until it is made, and tries no other brigade's."));
    plan_assume(p, _("The positions, the C-in-C's attachment, the enemy within 15 cm and the "
                     "brigade's state stay as they stand now: every attempt has the same odds."));
    for (size_t i = 0; i < p->req->nmeasures; i++)
        plan_assume(p, _("Measured at the table for every attempt, instead of the map: %s."),
                    p->req->measures[i]);
    plan_assume(p, _("GDB-04: after a delayed result he does not try again; the order comes into "
                     "force at the next Command Phase."));
    plan_assume(p, _("GDB-05/06: after a failed roll he tries again the next turn with the same "
                     "order."));
    plan_assume(p, now ? _("The first turn is this one: its Command Phase is on and he has not "
                           "tried yet.")
                       : _("The first turn is the next one: this turn's Command Phase is over or "
                           "he has already tried."));
    plan_assume(p, _("A new order already placed face down is not counted."));
}

/* The exact plan does not count a face-down order already placed for the
 * brigade. An unrevealed one (a failed roll) the plan's next attempt
 * replaces (GDB-06), in the engine too; a delayed one comes into force by
 * itself (GDB-04), so that the Monte Carlo would differ from the exact
 * figure by what that hidden order is, and tell it to a seat that may not
 * see it (the public). Refused, then: every seat sees that a face-down order
 * was placed and its roll (delayed), never which order. */
static grog_status no_face_down_for_the_engine(const plan_ctx *p, const gdb_plan *gp,
                                               grog_error *err)
{
    const grog_officer *o = grog_battle_officer_by_id(grog_game_battle(p->g), gp->brigade);
    if (p->req->samples <= 0 || o == NULL || o->pending.kind[0] == '\0' ||
        o->pending.effective_turn <= 0)
        return GROG_OK;
    return grog_error_set(err, GROG_EINVAL,
                          _("--monte-carlo: %s's brigade has a delayed order face down "
                            "(GDB-02, GDB-04), which the plan does not count and the engine "
                            "would bring into force; plan without --monte-carlo, or once that "
                            "order is in force"),
                          o->name);
}

grog_status plan_order_gdb(plan_ctx *p, grog_error *err)
{
    gdb_plan *gp = calloc(1, sizeof *gp);
    if (gp == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    p->fam = gp;
    p->fam_free = free;
    grog_status st = check_words(p, gp, err);
    if (st == GROG_OK)
        st = measure_words(p, gp, err);
    if (st == GROG_OK)
        st = no_face_down_for_the_engine(p, gp, err);
    mpq_t pi, pd, pf, S, D, F, t;
    mpq_inits(pi, pd, pf, S, D, F, t, NULL);
    if (st == GROG_OK)
        st = odds(p, gp, pi, pd, pf, err);
    if (st == GROG_OK) {
        int now = may_try_now(p, gp);
        p->first_turn = grog_game_turn(p->g) + (now ? 0 : 1);
        mpq_set_ui(S, 1, 1);
        if (in_force(p->g, gp)) {
            mpq_set_ui(S, 0, 1);
            mpq_set_ui(F, 1, 1);
            plan_assume(p, _("The brigade already has this order: it is in force."));
        }
        for (int k = 0; k < p->turns; k++) {
            mpq_add(F, F, D);
            mpq_mul(t, S, pi);
            mpq_add(F, F, t);
            mpq_mul(D, S, pd);
            mpq_mul(S, S, pf);
            mpq_set(p->in_force[k], F);
        }
        json_object_set_new(p->plan, "general", json_string(gp->cinc));
        json_object_set_new(p->plan, "target", json_string(gp->brigade));
        json_object_set_new(p->plan, "order", json_string(gp->order));
        json_object_set_new(p->plan, "turns", json_integer(p->turns));
        json_object_set_new(p->plan, "first_turn", json_integer(p->first_turn));
        assumptions(p, now);
        p->sample = sample;
    }
    mpq_clears(pi, pd, pf, S, D, F, t, NULL);
    return st;
}
