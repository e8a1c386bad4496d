/* explain.c — the explanation record: built (create, add, set) and read back (the
 * queries of explain.h). Its JSON is explain_json.c's, its text explain_text.c's.
 *
 * The record owns copies of every string. Arrays grow by doubling; a failed
 * allocation sets `oom` and the builder returns quietly, so that the output
 * functions report GROG_ENOMEM once (explain_record.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/explain.h"
#include "explain_record.h"
#include "i18n.h"

/* Makes room for one more element; 0 (and oom set) on failure. */
static int grow(grog_explain *e, void **v, size_t *n, size_t *cap, size_t size)
{
    if (e->oom)
        return 0;
    if (*n < *cap)
        return 1;
    size_t ncap = *cap ? *cap * 2 : 4;
    void *nv = realloc(*v, ncap * size);
    if (nv == NULL) {
        e->oom = 1;
        return 0;
    }
    *v = nv;
    *cap = ncap;
    return 1;
}

#define PUSH(e, arr) grow((e), (void **)&(arr).v, &(arr).n, &(arr).cap, sizeof *(arr).v)

static char *dup(grog_explain *e, const char *s)
{
    if (s == NULL)
        return NULL;
    size_t len = strlen(s) + 1;
    char *d = malloc(len);
    if (d == NULL) {
        e->oom = 1;
        return NULL;
    }
    return memcpy(d, s, len);
}

static void replace(grog_explain *e, char **slot, const char *s)
{
    free(*slot);
    *slot = dup(e, s);
}

grog_explain *grog_explain_create(const char *test, const char *title)
{
    grog_explain *e = calloc(1, sizeof *e);
    if (e == NULL)
        return NULL;
    e->test = dup(e, test);
    e->title = dup(e, title);
    if (e->oom) {
        grog_explain_destroy(e);
        return NULL;
    }
    return e;
}

void grog_explain_destroy(grog_explain *e)
{
    if (e == NULL)
        return;
    free(e->test);
    free(e->title);
    free(e->dice);
    free(e->unit);
    free(e->outcome_name);
    for (size_t i = 0; i < e->rules.n; i++)
        free(e->rules.v[i]);
    for (size_t i = 0; i < e->mods.n; i++) {
        free(e->mods.v[i].rule);
        free(e->mods.v[i].label);
    }
    for (size_t i = 0; i < e->outcomes.n; i++)
        free(e->outcomes.v[i].name);
    for (size_t i = 0; i < e->path.n; i++)
        free(e->path.v[i]);
    for (size_t i = 0; i < e->checks.n; i++) {
        free(e->checks.v[i].rule);
        free(e->checks.v[i].label);
        free(e->checks.v[i].detail);
    }
    for (size_t i = 0; i < e->notes.n; i++) {
        free(e->notes.v[i].rule);
        free(e->notes.v[i].text);
    }
    for (size_t i = 0; i < e->defaults.n; i++) {
        free(e->defaults.v[i].setting);
        free(e->defaults.v[i].value);
        free(e->defaults.v[i].note);
    }
    free(e->rules.v);
    free(e->mods.v);
    free(e->outcomes.v);
    free(e->dist.v);
    free(e->path.v);
    free(e->checks.v);
    explain_measures_free(&e->measures);
    free(e->notes.v);
    free(e->defaults.v);
    free(e);
}

void grog_explain_add_rule(grog_explain *e, const char *rule_id)
{
    if (rule_id == NULL || grog_explain_has_rule(e, rule_id) || !PUSH(e, e->rules))
        return;
    e->rules.v[e->rules.n++] = dup(e, rule_id);
}

/* Dice are written with their count, always: "1d6", never "d6". */
void grog_explain_set_dice(grog_explain *e, const char *dice)
{
    if (dice != NULL && dice[0] == 'd') {
        char one[64];
        snprintf(one, sizeof one, "1%s", dice);
        replace(e, &e->dice, one);
        return;
    }
    replace(e, &e->dice, dice);
}

void grog_explain_set_target(grog_explain *e, grog_cmp cmp, int target)
{
    e->has_target = 1;
    e->cmp = cmp;
    e->target = target;
}

void grog_explain_add_modifier(grog_explain *e, const char *rule_id, const char *label, int value)
{
    if (!PUSH(e, e->mods))
        return;
    modifier *m = &e->mods.v[e->mods.n++];
    m->rule = dup(e, rule_id);
    m->label = dup(e, label);
    m->value = value;
    grog_explain_add_rule(e, rule_id);
}

void grog_explain_add_outcome(grog_explain *e, const char *name, grog_frac p)
{
    if (!PUSH(e, e->outcomes))
        return;
    outcome *o = &e->outcomes.v[e->outcomes.n++];
    o->name = dup(e, name);
    o->p = p;
}

void grog_explain_set_distribution(grog_explain *e, const grog_dist *d)
{
    e->dist.n = 0;
    for (int v = grog_dist_min(d); v <= grog_dist_max(d); v++) {
        uint64_t c = grog_dist_count(d, v);
        if (c == 0 || !PUSH(e, e->dist))
            continue;
        point *p = &e->dist.v[e->dist.n++];
        p->value = v;
        p->p.num = c;
        p->p.den = grog_dist_total(d);
    }
    e->has_mean = 1;
    e->mean = grog_dist_mean(d);
}

void grog_explain_set_value(grog_explain *e, double value, const char *unit)
{
    e->has_value = 1;
    e->value = value;
    e->has_unit = unit != NULL;
    replace(e, &e->unit, unit);
}

void grog_explain_set_value_none(grog_explain *e, const char *unit)
{
    e->has_value = 0;
    e->has_unit = unit != NULL;
    replace(e, &e->unit, unit);
}

void grog_explain_set_range(grog_explain *e, int lo, int hi, const char *unit)
{
    e->has_range = 1;
    e->range_lo = lo;
    e->range_hi = hi;
    e->has_unit = unit != NULL;
    replace(e, &e->unit, unit);
}

void grog_explain_set_roll(grog_explain *e, const grog_roll *roll, int modified_roll,
                           const char *outcome_name)
{
    e->has_roll = 1;
    e->roll = *roll;
    e->modified_roll = modified_roll;
    replace(e, &e->outcome_name, outcome_name);
}

void grog_explain_set_seed(grog_explain *e, uint64_t seed)
{
    e->has_seed = 1;
    e->seed = seed;
}

/* A text from the rules data (an effect, why a value is a default) in the
 * language of messages: tools/potdata puts these texts in the template. */
static const char *data_text(const char *s)
{
    return s != NULL && s[0] != '\0' ? _(s) : s;
}

void grog_explain_add_default(grog_explain *e, const char *setting, const char *value,
                              const char *note_text)
{
    for (size_t i = 0; i < e->defaults.n; i++)
        if (e->defaults.v[i].setting && strcmp(e->defaults.v[i].setting, setting) == 0)
            return;
    if (!PUSH(e, e->defaults))
        return;
    def *d = &e->defaults.v[e->defaults.n++];
    d->setting = dup(e, setting);
    d->value = dup(e, value);
    d->note = dup(e, data_text(note_text));
}

void grog_explain_add_path(grog_explain *e, const char *step)
{
    if (!PUSH(e, e->path))
        return;
    e->path.v[e->path.n++] = dup(e, step);
}

void grog_explain_add_check(grog_explain *e, const char *rule_id, const char *label, int ok,
                            const char *detail)
{
    if (!PUSH(e, e->checks))
        return;
    check *c = &e->checks.v[e->checks.n++];
    c->rule = dup(e, rule_id);
    c->label = dup(e, label);
    c->detail = dup(e, detail);
    c->ok = ok != 0;
    grog_explain_add_rule(e, rule_id);
}

void grog_explain_add_measure(grog_explain *e, const grog_measure *m, const grog_scale *scale)
{
    if (!e->oom && m != NULL && !explain_measures_push(&e->measures, m, scale))
        e->oom = 1;
}

size_t grog_explain_measure_count(const grog_explain *e)
{
    return e->measures.n;
}

const grog_measure *grog_explain_measure(const grog_explain *e, size_t i, double *value)
{
    if (i >= e->measures.n)
        return NULL;
    if (value != NULL)
        *value = e->measures.v[i].value;
    return &e->measures.v[i].m;
}

void grog_explain_add_note(grog_explain *e, const char *rule_id, const char *text)
{
    if (!PUSH(e, e->notes))
        return;
    note *n = &e->notes.v[e->notes.n++];
    n->rule = dup(e, rule_id);
    n->text = dup(e, data_text(text));
    grog_explain_add_rule(e, rule_id);
}

const char *grog_explain_test(const grog_explain *e)
{
    return e->test;
}

int grog_explain_modifier_total(const grog_explain *e)
{
    int t = 0;
    for (size_t i = 0; i < e->mods.n; i++)
        t += e->mods.v[i].value;
    return t;
}

int grog_explain_modifier_count(const grog_explain *e)
{
    return (int)e->mods.n;
}

int grog_explain_has_rule(const grog_explain *e, const char *rule_id)
{
    for (size_t i = 0; i < e->rules.n; i++)
        if (e->rules.v[i] != NULL && strcmp(e->rules.v[i], rule_id) == 0)
            return 1;
    return 0;
}

int grog_explain_outcome_p(const grog_explain *e, const char *name, grog_frac *p)
{
    for (size_t i = 0; i < e->outcomes.n; i++) {
        if (e->outcomes.v[i].name != NULL && strcmp(e->outcomes.v[i].name, name) == 0) {
            *p = e->outcomes.v[i].p;
            return 1;
        }
    }
    return 0;
}

const char *grog_explain_outcome(const grog_explain *e)
{
    return e->has_roll ? e->outcome_name : NULL;
}

int grog_explain_modified_roll(const grog_explain *e, int *v)
{
    if (e->has_roll)
        *v = e->modified_roll;
    return e->has_roll;
}

int grog_explain_value(const grog_explain *e, double *v)
{
    if (e->has_value)
        *v = e->value;
    return e->has_value;
}

int grog_explain_default_count(const grog_explain *e)
{
    return (int)e->defaults.n;
}

int grog_explain_checks_ok(const grog_explain *e)
{
    for (size_t i = 0; i < e->checks.n; i++)
        if (!e->checks.v[i].ok)
            return 0;
    return 1;
}
