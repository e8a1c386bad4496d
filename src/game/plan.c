/* plan.c — `grognard plan`: the request checked, the family's part called,
 * the exact figures written as JSON, and the Monte Carlo run through the
 * engine on forks of the game (plan.h).
 *
 * Invariant: the game asked is only read; every run of the Monte Carlo
 * plays on its own fork (game_fork.c) with the seed req->seed + i, so the
 * same request gives the same figures byte for byte. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "journal.h"
#include "plan_internal.h"

void plan_assume(plan_ctx *p, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    json_array_append_new(p->assumptions, json_string(line));
}

static json_t *big_json(const mpz_t z)
{
    if (mpz_sizeinbase(z, 2) <= 62)
        return json_integer((json_int_t)mpz_get_si(z));
    char *s = mpz_get_str(NULL, 10, z);
    json_t *j = json_string(s);
    void (*freefunc)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefunc);
    freefunc(s, strlen(s) + 1);
    return j;
}

json_t *plan_frac_json(const mpq_t q)
{
    json_t *j = json_object();
    json_object_set_new(j, "num", big_json(mpq_numref(q)));
    json_object_set_new(j, "den", big_json(mpq_denref(q)));
    return j;
}

void plan_frac_set(mpq_t q, grog_frac f)
{
    mpz_import(mpq_numref(q), 1, -1, sizeof f.num, 0, 0, &f.num);
    mpz_import(mpq_denref(q), 1, -1, sizeof f.den, 0, 0, &f.den);
    if (f.den == 0)
        mpz_set_ui(mpq_denref(q), 1);
    mpq_canonicalize(q);
}

json_t *plan_state(const plan_ctx *p)
{
    return p->g->ops->state_save(p->g->rules, p->g->s.battle, p->g->s.fstate);
}

grog_status plan_seat_may(const grog_seat *seat, const grog_officer *o, grog_error *err)
{
    if (seat == NULL || seat->kind != GROG_SEAT_SIDE || strcmp(seat->side, o->side) == 0)
        return GROG_OK;
    return grog_error_set(err, GROG_EDENIED, _("%s is not of your side: a side plans only its "
                                               "own generals"),
                          o->name);
}

grog_status plan_do(grog_game *fork, char **result, grog_error *err, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    return grog_game_do_line(fork, line, result, err);
}

int plan_result_has(const char *result, const char *type)
{
    json_t *r = result != NULL ? json_loads(result, 0, NULL) : NULL;
    json_t *ev = json_object_get(r, "events");
    int found = 0;
    for (size_t i = 0; !found && i < json_array_size(ev); i++) {
        const char *t = json_string_value(json_object_get(json_array_get(ev, i), "type"));
        found = t != NULL && strcmp(t, type) == 0;
    }
    json_decref(r);
    return found;
}

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
    return GROG_OK;
}

grog_status plan_alloc(plan_ctx *p, int turns, grog_error *err)
{
    p->in_force = malloc(sizeof *p->in_force * (size_t)turns);
    p->labels = calloc((size_t)turns, sizeof *p->labels);
    if (p->in_force == NULL || p->labels == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    p->turns = turns;
    for (int k = 0; k < turns; k++)
        mpq_init(p->in_force[k]);
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

grog_status plan_refused(const grog_explain *e, grog_error *err)
{
    char *text = NULL;
    json_t *j = grog_explain_to_json(e, &text, NULL) == GROG_OK ? json_loads(text, 0, NULL) : NULL;
    free(text);
    json_t *checks = json_object_get(j, "checks");
    const char *rule = "", *label = "", *detail = "";
    for (size_t i = 0; i < json_array_size(checks); i++) {
        json_t *c = json_array_get(checks, i);
        if (json_is_false(json_object_get(c, "ok"))) {
            rule = json_string_value(json_object_get(c, "rule"));
            label = json_string_value(json_object_get(c, "label"));
            detail = json_string_value(json_object_get(c, "detail"));
            break;
        }
    }
    grog_status st = grog_error_set(err, GROG_ERULE, _("%s: %s (%s): the plan cannot be made now"),
                                    rule != NULL ? rule : "", label != NULL ? label : "",
                                    detail != NULL ? detail : "");
    json_decref(j);
    return st;
}
