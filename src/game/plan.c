/* plan.c — `grognard plan`: the request checked, the family's part called,
 * the exact figures written as JSON, and the Monte Carlo run through the
 * engine on forks of the game (plan.h).
 *
 * Invariant: the game asked is only read; every run of the Monte Carlo
 * plays on its own fork (game_fork.c) with the seed req->seed + i, so the
 * same request gives the same figures byte for byte. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/tape.h"
#include "i18n.h"
#include "journal.h"
#include "plan_internal.h"

/* ---- the Monte Carlo ---- */

/* Wilson's interval for k of n at z (99%: 2.5758). */
static void wilson(long k, long n, double z, double *lo, double *hi)
{
    double ph = (double)k / (double)n, z2 = z * z, d = 1 + z2 / (double)n;
    double c = ph + z2 / (2.0 * (double)n);
    double w = z * sqrt(ph * (1 - ph) / (double)n + z2 / (4.0 * (double)n * (double)n));
    *lo = (c - w) / d;
    *hi = (c + w) / d;
    if (*lo < 0)
        *lo = 0;
    if (*hi > 1)
        *hi = 1;
}

static grog_status monte_carlo(plan_ctx *p, json_t *out, grog_error *err)
{
    long n = p->req->samples;
    long *count = calloc((size_t)p->turns, sizeof *count);
    int *hit = calloc((size_t)p->turns, sizeof *hit);
    grog_status st = count == NULL || hit == NULL
                         ? grog_error_set(err, GROG_ENOMEM, _("out of memory"))
                         : GROG_OK;
    for (long i = 0; st == GROG_OK && i < n; i++) {
        grog_game *f = NULL;
        st = game_fork(p->g, p->req->seed + (uint64_t)i, &f, err);
        memset(hit, 0, sizeof *hit * (size_t)p->turns);
        if (st == GROG_OK)
            st = p->sample(p, f, hit, err);
        grog_game_close(f);
        for (int k = 0; st == GROG_OK && k < p->turns; k++)
            count[k] += hit[k];
    }
    if (st == GROG_OK) {
        json_t *rows = json_array();
        for (int k = 0; k < p->turns; k++) {
            double lo, hi;
            wilson(count[k], n, 2.5758293035489, &lo, &hi);
            json_t *row = json_pack("{s:I,s:f,s:[f,f]}", "observed", (json_int_t)count[k],
                                    "frequency", (double)count[k] / (double)n, "interval_99",
                                    lo, hi);
            if (p->labels[k] != NULL)
                json_object_set_new(row, "general", json_string(p->labels[k]));
            else
                json_object_set_new(row, "turn", json_integer(p->first_turn + k));
            json_array_append_new(rows, row);
        }
        json_object_set_new(out, "monte_carlo",
                            json_pack("{s:I,s:I,s:o}", "samples", (json_int_t)n, "seed",
                                      (json_int_t)p->req->seed, "by_turn", rows));
    }
    free(count);
    free(hit);
    return st;
}

/* ---- the request ---- */

static grog_status check_request(const grog_plan_request *r, grog_error *err)
{
    if (r->kind == NULL || (strcmp(r->kind, "order") != 0 && strcmp(r->kind, "pips") != 0))
        return grog_error_set(err, GROG_EINVAL, _("a plan is \"order\" or \"pips\", not \"%s\""),
                              r->kind != NULL ? r->kind : "");
    if (r->turns < 0 || r->turns > GROG_PLAN_MAX_TURNS)
        return grog_error_set(err, GROG_EINVAL, _("a plan looks 1 to %d turns ahead, not %d"),
                              GROG_PLAN_MAX_TURNS, r->turns);
    if (r->explain < 0 || r->explain >= GROG_PLAN_MAX_TURNS)
        return grog_error_set(err, GROG_EINVAL, _("--explain must be 0 to %d turns, not %d"),
                              GROG_PLAN_MAX_TURNS - 1, r->explain);
    if (r->samples < 0 || r->samples > GROG_PLAN_MAX_SAMPLES)
        return grog_error_set(err, GROG_EINVAL, _("--monte-carlo must be 0 to %d runs, not %ld"),
                              GROG_PLAN_MAX_SAMPLES, r->samples);
    if (strcmp(r->kind, "order") == 0 &&
        (r->general == NULL || r->target == NULL || r->order == NULL))
        return grog_error_set(err, GROG_EINVAL, _("an order plan needs GENERAL TARGET ORDER"));
    if (strcmp(r->kind, "pips") == 0 && r->corps == NULL)
        return grog_error_set(err, GROG_EINVAL, _("a PIP plan needs CORPS"));
    if (r->nneeds > GROG_PLAN_MAX_NEEDS)
        return grog_error_set(err, GROG_EINVAL, _("at most %d --needs"), GROG_PLAN_MAX_NEEDS);
    if (r->nmeasures > GROG_TAPE_MAX)
        return grog_error_set(err, GROG_EINVAL, _("at most %d --measure"), GROG_TAPE_MAX);
    return GROG_OK;
}

static void ctx_free_all(plan_ctx *p)
{
    for (int k = 0; p->in_force != NULL && k < p->turns; k++)
        mpq_clear(p->in_force[k]);
    free(p->in_force);
    free(p->labels);
    json_decref(p->plan);
    json_decref(p->assumptions);
    json_decref(p->extra);
    free(p->rules_text);
    free(p->rules_label);
    if (p->fam_free != NULL)
        p->fam_free(p->fam);
}

static json_t *by_turn_json(const plan_ctx *p)
{
    json_t *rows = json_array();
    mpq_t step;
    mpq_init(step);
    for (int k = 0; k < p->turns; k++) {
        mpq_set(step, p->in_force[k]);
        if (k > 0)
            mpq_sub(step, step, p->in_force[k - 1]);
        json_t *row = json_object();
        json_object_set_new(row, "turn", json_integer(p->first_turn + k));
        json_object_set_new(row, "probability", plan_frac_json(p->in_force[k]));
        json_object_set_new(row, "percent", json_real(100.0 * mpq_get_d(p->in_force[k])));
        json_object_set_new(row, "this_turn", plan_frac_json(step));
        json_array_append_new(rows, row);
    }
    mpq_clear(step);
    return rows;
}

static grog_status family_part(plan_ctx *p, const grog_seat *seat, grog_error *err)
{
    (void)seat;
    grog_family f = grog_game_family(p->g);
    if (p->req->nmeasures > 0 && (f != GROG_FAMILY_GDB || strcmp(p->req->kind, "order") != 0))
        return grog_error_set(err, GROG_EINVAL,
                              _("--measure goes with General de Brigade's order plans (its "
                                "distances GDB-09 and GDB-12, its contact GDB-11); this game is "
                                "%s"),
                              grog_family_title(f));
    if (strcmp(p->req->kind, "pips") == 0) {
        if (f != GROG_FAMILY_GT)
            return grog_error_set(err, GROG_EINVAL, _("plan pips is for Grande Tactique (gt) "
                                                      "games; this game is %s"),
                                  grog_family_title(f));
        return plan_pips_gt(p, err);
    }
    if (f == GROG_FAMILY_GDB)
        return plan_order_gdb(p, err);
    if (f == GROG_FAMILY_AIGLES)
        return plan_order_aigles(p, err);
    return grog_error_set(err, GROG_EINVAL, _("plan order is for Les Aigles (aigles) and General "
                                              "de Brigade (gdb) games; in gt use plan pips"));
}

static grog_status seat_check(const plan_ctx *p, const grog_seat *seat, grog_error *err)
{
    const char *who = strcmp(p->req->kind, "pips") == 0 ? p->req->corps : p->req->general;
    const grog_officer *o = grog_battle_officer_by_id(grog_game_battle(p->g), who);
    if (o == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no officer \"%s\""), who);
    return plan_seat_may(seat, o, err);
}

grog_status grog_plan_make(const grog_game *g, const grog_seat *seat,
                           const grog_plan_request *req, char **json, grog_error *err)
{
    grog_status st = check_request(req, err);
    if (st != GROG_OK)
        return st;
    plan_ctx p;
    memset(&p, 0, sizeof p);
    p.g = g;
    p.req = req;
    p.plan = json_object();
    p.assumptions = json_array();
    st = seat_check(&p, seat, err);
    if (st == GROG_OK)
        st = journal_get_text(g->j, "rules", &p.rules_label, &p.rules_text, err);
    if (st == GROG_OK && strcmp(req->kind, "order") == 0)
        st = plan_alloc(&p, req->turns > 0 ? req->turns : 5, err);
    if (st == GROG_OK)
        st = family_part(&p, seat, err);
    json_t *out = NULL;
    if (st == GROG_OK) {
        json_object_set_new(p.plan, "family", json_string(grog_family_name(grog_game_family(g))));
        json_object_set_new(p.plan, "kind", json_string(req->kind));
        out = json_pack("{s:O}", "plan", p.plan);
        if (p.extra != NULL)
            json_object_set(out, "generals", p.extra);
        else
            json_object_set_new(out, "by_turn", by_turn_json(&p));
        json_object_set(out, "assumptions", p.assumptions);
        json_object_set_new(out, "monte_carlo", json_null());
        if (req->samples > 0 && p.sample != NULL)
            st = monte_carlo(&p, out, err);
    }
    if (st == GROG_OK) {
        *json = json_dumps(out, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
        if (*json == NULL)
            st = grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    json_decref(out);
    ctx_free_all(&p);
    return st;
}

