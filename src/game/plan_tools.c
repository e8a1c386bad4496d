/* plan_tools.c — what every part of the plan shares (plan_internal.h): the
 * rows sized, the assumptions said, exact fractions as JSON, a family's
 * bookkeeping read, the seat's right, an action on a fork.
 *
 * Invariant: nothing here calls a family's part or plan.c (the parts use
 * these; plan.c uses the parts), so the files form no circle. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "i18n.h"
#include "plan_internal.h"

void plan_assume(plan_ctx *p, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    grog_text_vsnprintf(line, sizeof line, fmt, ap);
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
    char line[2048];
    va_list ap;
    va_start(ap, fmt);
    grog_text_vsnprintf(line, sizeof line, fmt, ap);
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
