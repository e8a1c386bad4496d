/* explain.c — the explanation record, its JSON and its text.
 *
 * The record owns copies of every string. Arrays grow by doubling; a failed
 * allocation sets `oom` and the builder returns quietly, so that the output
 * functions report GROG_ENOMEM once. The JSON form always carries every key
 * (null or [] when unused) so that programs read one fixed shape. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/explain.h"
#include "explain_internal.h"
#include "i18n.h"
#include "jsontext.h"

typedef struct modifier {
    char *rule, *label;
    int value;
} modifier;

typedef struct outcome {
    char *name;
    grog_frac p;
} outcome;

typedef struct point {
    int value;
    grog_frac p;
} point;

typedef struct check {
    char *rule, *label, *detail;
    int ok;
} check;

typedef struct note {
    char *rule, *text;
} note;

typedef struct def {
    char *setting, *value, *note;
} def;

#define ARRAY(T) struct { T *v; size_t n, cap; }

struct grog_explain {
    char *test, *title, *dice;
    int has_target, target;
    grog_cmp cmp;
    ARRAY(char *) rules;
    ARRAY(modifier) mods;
    ARRAY(outcome) outcomes;
    ARRAY(point) dist;
    int has_mean;
    double mean;
    int has_value, has_unit, has_range;
    double value;
    int range_lo, range_hi;
    char *unit;
    ARRAY(char *) path;
    ARRAY(check) checks;
    ARRAY(note) notes;
    ARRAY(def) defaults;
    int has_roll;
    grog_roll roll;
    int modified_roll;
    char *outcome_name;
    int has_seed;
    uint64_t seed;
    int oom;
};

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

void grog_explain_add_note(grog_explain *e, const char *rule_id, const char *text)
{
    if (!PUSH(e, e->notes))
        return;
    note *n = &e->notes.v[e->notes.n++];
    n->rule = dup(e, rule_id);
    n->text = dup(e, data_text(text));
    grog_explain_add_rule(e, rule_id);
}

/* ---- read back ---- */

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

/* ---- JSON ---- */

static json_t *jstr(const char *s)
{
    return s != NULL ? json_string(s) : json_null();
}

static json_t *jfrac_obj(const char *key, json_t *keyval, grog_frac p)
{
    char buf[64];
    json_t *o = json_object();
    json_object_set_new(o, key, keyval);
    json_object_set_new(o, "p", json_real(grog_frac_value(p)));
    json_object_set_new(o, "exact", json_string(grog_frac_format(p, buf, sizeof buf)));
    return o;
}

static json_t *to_json(const grog_explain *e)
{
    json_t *o = json_object();
    json_object_set_new(o, "test", jstr(e->test));
    json_object_set_new(o, "title", jstr(e->title));
    json_t *rules = json_array();
    for (size_t i = 0; i < e->rules.n; i++)
        json_array_append_new(rules, jstr(e->rules.v[i]));
    json_object_set_new(o, "rules", rules);
    json_object_set_new(o, "dice", jstr(e->dice));
    json_object_set_new(o, "target", e->has_target ? json_integer(e->target) : json_null());
    json_object_set_new(o, "comparison",
                        e->has_target ? json_string(grog_cmp_symbol(e->cmp)) : json_null());
    json_t *mods = json_array();
    for (size_t i = 0; i < e->mods.n; i++)
        json_array_append_new(mods, json_pack("{s:o,s:o,s:i}", "rule", jstr(e->mods.v[i].rule),
                                              "label", jstr(e->mods.v[i].label), "value",
                                              e->mods.v[i].value));
    json_object_set_new(o, "modifiers", mods);
    json_object_set_new(o, "modifier_total", json_integer(grog_explain_modifier_total(e)));
    json_t *outs = json_array();
    for (size_t i = 0; i < e->outcomes.n; i++)
        json_array_append_new(outs, jfrac_obj("name", jstr(e->outcomes.v[i].name),
                                              e->outcomes.v[i].p));
    json_object_set_new(o, "outcomes", outs);
    json_t *dist = json_array();
    for (size_t i = 0; i < e->dist.n; i++)
        json_array_append_new(dist, jfrac_obj("value", json_integer(e->dist.v[i].value),
                                              e->dist.v[i].p));
    json_object_set_new(o, "distribution", dist);
    json_object_set_new(o, "mean", e->has_mean ? json_real(e->mean) : json_null());
    json_object_set_new(o, "value", e->has_value ? json_real(e->value) : json_null());
    json_object_set_new(o, "unit", e->has_unit ? jstr(e->unit) : json_null());
    json_object_set_new(o, "range", e->has_range
                                        ? json_pack("[i,i]", e->range_lo, e->range_hi)
                                        : json_null());
    json_t *path = json_array();
    for (size_t i = 0; i < e->path.n; i++)
        json_array_append_new(path, jstr(e->path.v[i]));
    json_object_set_new(o, "path", path);
    json_t *checks = json_array();
    for (size_t i = 0; i < e->checks.n; i++) {
        const check *c = &e->checks.v[i];
        json_array_append_new(checks, json_pack("{s:o,s:o,s:b,s:o}", "rule", jstr(c->rule),
                                                "label", jstr(c->label), "ok", c->ok, "detail",
                                                jstr(c->detail)));
    }
    json_object_set_new(o, "checks", checks);
    json_t *notes = json_array();
    for (size_t i = 0; i < e->notes.n; i++)
        json_array_append_new(notes, json_pack("{s:o,s:o}", "rule", jstr(e->notes.v[i].rule),
                                               "text", jstr(e->notes.v[i].text)));
    json_object_set_new(o, "notes", notes);
    if (e->has_roll) {
        json_t *faces = json_array();
        for (int i = 0; i < e->roll.nfaces; i++)
            json_array_append_new(faces, json_integer(e->roll.faces[i]));
        json_object_set_new(o, "roll", json_integer(e->roll.natural));
        json_object_set_new(o, "faces", faces);
        json_object_set_new(o, "entered", json_boolean(e->roll.entered));
        json_object_set_new(o, "modified_roll", json_integer(e->modified_roll));
        json_object_set_new(o, "outcome", jstr(e->outcome_name));
    } else {
        json_object_set_new(o, "roll", json_null());
        json_object_set_new(o, "faces", json_array());
        json_object_set_new(o, "entered", json_false());
        json_object_set_new(o, "modified_roll", json_null());
        json_object_set_new(o, "outcome", json_null());
    }
    json_object_set_new(o, "seed", e->has_seed && e->seed <= (uint64_t)INT64_MAX
                                       ? json_integer((json_int_t)e->seed)
                                       : json_null());
    json_t *defs = json_array();
    for (size_t i = 0; i < e->defaults.n; i++) {
        const def *d = &e->defaults.v[i];
        json_array_append_new(defs, json_pack("{s:o,s:o,s:o}", "setting", jstr(d->setting),
                                              "value", jstr(d->value), "note", jstr(d->note)));
    }
    json_object_set_new(o, "defaults_used", defs);
    return o;
}

/* Rounds every real to the 10 significant digits grog_explain_to_json writes. */
static void round_reals(json_t *j)
{
    if (json_is_real(j)) {
        char buf[64];
        snprintf(buf, sizeof buf, "%.10g", json_real_value(j));
        json_real_set(j, strtod(buf, NULL));
    } else if (json_is_array(j)) {
        size_t i;
        json_t *v;
        json_array_foreach(j, i, v) round_reals(v);
    } else if (json_is_object(j)) {
        const char *k;
        json_t *v;
        json_object_foreach(j, k, v) round_reals(v);
    }
}

json_t *grog_explain_json_value(const grog_explain *e)
{
    if (e->oom)
        return NULL;
    json_t *o = to_json(e);
    if (o != NULL)
        round_reals(o);
    return o;
}

/* The text of to_json's value after round_reals, written directly: the same
 * keys in the same order, the same values, the same bytes. */
static void write_frac(grog_jsontext *t, grog_jsontext_reals *reals, grog_frac p)
{
    char buf[64];
    grog_jsontext_lit(t, ",\"p\":");
    grog_jsontext_real10(t, reals, grog_frac_value(p));
    grog_jsontext_key_str(t, ",\"exact\":", grog_frac_format(p, buf, sizeof buf));
    grog_jsontext_lit(t, "}");
}

static void write_strings(grog_jsontext *t, const char *key, char *const *v, size_t n)
{
    grog_jsontext_lit(t, key);
    grog_jsontext_lit(t, "[");
    for (size_t i = 0; i < n; i++) {
        if (i > 0)
            grog_jsontext_lit(t, ",");
        grog_jsontext_str(t, v[i]);
    }
    grog_jsontext_lit(t, "]");
}

static void write_real_or_null(grog_jsontext *t, grog_jsontext_reals *reals, const char *key,
                               int has, double v)
{
    grog_jsontext_lit(t, key);
    if (has)
        grog_jsontext_real10(t, reals, v);
    else
        grog_jsontext_lit(t, "null");
}

static void write_head(grog_jsontext *t, grog_jsontext_reals *reals, const grog_explain *e)
{
    grog_jsontext_key_str(t, "{\"test\":", e->test);
    grog_jsontext_key_str(t, ",\"title\":", e->title);
    write_strings(t, ",\"rules\":", e->rules.v, e->rules.n);
    grog_jsontext_key_str(t, ",\"dice\":", e->dice);
    grog_jsontext_lit(t, ",\"target\":");
    if (e->has_target)
        grog_jsontext_int(t, e->target);
    else
        grog_jsontext_lit(t, "null");
    grog_jsontext_lit(t, ",\"comparison\":");
    const char *cmp = e->has_target ? grog_cmp_symbol(e->cmp) : NULL;
    if (e->has_target && cmp == NULL)
        t->bad = 1; /* json_string(NULL): the key left out */
    grog_jsontext_str(t, cmp);
    grog_jsontext_lit(t, ",\"modifiers\":[");
    for (size_t i = 0; i < e->mods.n; i++) {
        grog_jsontext_lit(t, i > 0 ? ",{\"rule\":" : "{\"rule\":");
        grog_jsontext_str(t, e->mods.v[i].rule);
        grog_jsontext_key_str(t, ",\"label\":", e->mods.v[i].label);
        grog_jsontext_key_int(t, ",\"value\":", e->mods.v[i].value);
        grog_jsontext_lit(t, "}");
    }
    grog_jsontext_key_int(t, "],\"modifier_total\":", grog_explain_modifier_total(e));
    grog_jsontext_lit(t, ",\"outcomes\":[");
    for (size_t i = 0; i < e->outcomes.n; i++) {
        grog_jsontext_lit(t, i > 0 ? ",{\"name\":" : "{\"name\":");
        grog_jsontext_str(t, e->outcomes.v[i].name);
        write_frac(t, reals, e->outcomes.v[i].p);
    }
    grog_jsontext_lit(t, "],\"distribution\":[");
    for (size_t i = 0; i < e->dist.n; i++) {
        grog_jsontext_lit(t, i > 0 ? ",{\"value\":" : "{\"value\":");
        grog_jsontext_int(t, e->dist.v[i].value);
        write_frac(t, reals, e->dist.v[i].p);
    }
    grog_jsontext_lit(t, "]");
}

static void write_body(grog_jsontext *t, grog_jsontext_reals *reals, const grog_explain *e)
{
    write_real_or_null(t, reals, ",\"mean\":", e->has_mean, e->mean);
    write_real_or_null(t, reals, ",\"value\":", e->has_value, e->value);
    grog_jsontext_key_str(t, ",\"unit\":", e->has_unit ? e->unit : NULL);
    grog_jsontext_lit(t, ",\"range\":");
    if (e->has_range) {
        grog_jsontext_lit(t, "[");
        grog_jsontext_int(t, e->range_lo);
        grog_jsontext_lit(t, ",");
        grog_jsontext_int(t, e->range_hi);
        grog_jsontext_lit(t, "]");
    } else {
        grog_jsontext_lit(t, "null");
    }
    write_strings(t, ",\"path\":", e->path.v, e->path.n);
    grog_jsontext_lit(t, ",\"checks\":[");
    for (size_t i = 0; i < e->checks.n; i++) {
        const check *c = &e->checks.v[i];
        grog_jsontext_lit(t, i > 0 ? ",{\"rule\":" : "{\"rule\":");
        grog_jsontext_str(t, c->rule);
        grog_jsontext_key_str(t, ",\"label\":", c->label);
        grog_jsontext_lit(t, c->ok ? ",\"ok\":true,\"detail\":" : ",\"ok\":false,\"detail\":");
        grog_jsontext_str(t, c->detail);
        grog_jsontext_lit(t, "}");
    }
    grog_jsontext_lit(t, "],\"notes\":[");
    for (size_t i = 0; i < e->notes.n; i++) {
        grog_jsontext_lit(t, i > 0 ? ",{\"rule\":" : "{\"rule\":");
        grog_jsontext_str(t, e->notes.v[i].rule);
        grog_jsontext_key_str(t, ",\"text\":", e->notes.v[i].text);
        grog_jsontext_lit(t, "}");
    }
    grog_jsontext_lit(t, "]");
}

static void write_tail(grog_jsontext *t, const grog_explain *e)
{
    if (e->has_roll) {
        grog_jsontext_key_int(t, ",\"roll\":", e->roll.natural);
        grog_jsontext_lit(t, ",\"faces\":[");
        for (int i = 0; i < e->roll.nfaces; i++) {
            if (i > 0)
                grog_jsontext_lit(t, ",");
            grog_jsontext_int(t, e->roll.faces[i]);
        }
        grog_jsontext_lit(t, e->roll.entered ? "],\"entered\":true" : "],\"entered\":false");
        grog_jsontext_key_int(t, ",\"modified_roll\":", e->modified_roll);
        grog_jsontext_key_str(t, ",\"outcome\":", e->outcome_name);
    } else {
        grog_jsontext_lit(t, ",\"roll\":null,\"faces\":[],\"entered\":false,"
                             "\"modified_roll\":null,\"outcome\":null");
    }
    grog_jsontext_lit(t, ",\"seed\":");
    if (e->has_seed && e->seed <= (uint64_t)INT64_MAX)
        grog_jsontext_int(t, (long long)e->seed);
    else
        grog_jsontext_lit(t, "null");
    grog_jsontext_lit(t, ",\"defaults_used\":[");
    for (size_t i = 0; i < e->defaults.n; i++) {
        const def *d = &e->defaults.v[i];
        grog_jsontext_lit(t, i > 0 ? ",{\"setting\":" : "{\"setting\":");
        grog_jsontext_str(t, d->setting);
        grog_jsontext_key_str(t, ",\"value\":", d->value);
        grog_jsontext_key_str(t, ",\"note\":", d->note);
        grog_jsontext_lit(t, "}");
    }
    grog_jsontext_lit(t, "]}");
}

int grog_explain_json_write(const grog_explain *e, grog_jsontext *t, grog_jsontext_reals *reals)
{
    if (e->oom || t->bad)
        return 0;
    size_t mark = t->len;
    write_head(t, reals, e);
    write_body(t, reals, e);
    write_tail(t, e);
    if (!t->bad)
        return 1;
    /* something jansson writes otherwise (a real that is not finite, a string
     * that is not UTF-8: their keys or entries are left out): its own dump */
    grog_jsontext_cut(t, mark);
    json_t *o = grog_explain_json_value(e);
    char *s = o != NULL ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    if (s != NULL)
        grog_jsontext_lit(t, s);
    free(s);
    return s != NULL && !t->bad;
}

int grog_explain_failed(const grog_explain *e)
{
    return e->oom;
}

grog_status grog_explain_to_json(const grog_explain *e, char **out, grog_error *err)
{
    if (e->oom)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory building an explanation"));
    json_t *o = to_json(e);
    char *s = o != NULL ? json_dumps(o, JSON_INDENT(2) | JSON_REAL_PRECISION(10)) : NULL;
    json_decref(o);
    if (s == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory writing JSON"));
    *out = s;
    return GROG_OK;
}

/* ---- text ---- */

const char *grog_pgettext(const char *key)
{
    const char *t = grog_i18n_gettext(key);
    if (t != key)
        return t;
    const char *sep = strchr(key, '\004');
    return sep != NULL ? sep + 1 : key;
}

/* Ids and their words for text output: outcomes, officer states, and the
 * rules' vocabulary (formations, arms, statuses, phases, roles...). The ids
 * stay in JSON and on the command line; people read the words. */
static const struct {
    const char *id;
    const char *key; /* N_() msgid, or NC_() context key */
} words[] = {
    {"obeys", N_("obeys")},
    {"fails", N_("fails")},
    {"immediate", N_("immediate")},
    {"delayed", N_("delayed")},
    {"fail", N_("fail")},
    {"out_of_commission", N_("out of commission")},
    {"unharmed", N_("unharmed")},
    {"contact", N_("contact")},
    {"none", N_("none")},
    /* Officer states (src/model/names.c), shown through _() by the views. */
    {"active", N_("active")},
    {"prisoner", N_("prisoner")},
    {"out-of-commission", N_("out-of-commission")},
    {"killed", N_("killed")},
    /* Les Aigles formations (data/rules/aigles.json "catalogue"). */
    {"march-column", NC_("formation", "march-column")},
    {"attack-column", NC_("formation", "attack-column")},
    {"division-column", NC_("formation", "division-column")},
    {"extended-attack-column", NC_("formation", "extended-attack-column")},
    {"company-column", NC_("formation", "company-column")},
    {"mass-column", NC_("formation", "mass-column")},
    {"mass-square", NC_("formation", "mass-square")},
    {"line", NC_("formation", "line")},
    {"double-line", NC_("formation", "double-line")},
    {"potence", NC_("formation", "potence")},
    {"echelon", NC_("formation", "echelon")},
    {"hollow-square", NC_("formation", "hollow-square")},
    {"full-square", NC_("formation", "full-square")},
    {"skirmish", NC_("formation", "skirmish")},
    {"dismounted", NC_("formation", "dismounted")},
    {"unformed", NC_("formation", "unformed")},
    {"disorder", NC_("formation", "disorder")},
    {"formed", NC_("formation", "formed")},
    {"limbered", NC_("formation", "limbered")},
    {"unlimbered", NC_("formation", "unlimbered")},
    /* Arms and statuses (src/model/names.c). */
    {"infantry", NC_("arm", "infantry")},
    {"cavalry", NC_("arm", "cavalry")},
    {"foot-artillery", NC_("arm", "foot-artillery")},
    {"horse-artillery", NC_("arm", "horse-artillery")},
    {"engineers", NC_("arm", "engineers")},
    {"garde", NC_("status", "garde")},
    {"elite", NC_("status", "elite")},
    {"veteran", NC_("status", "veteran")},
    {"regular", NC_("status", "regular")},
    {"semi-regular", NC_("status", "semi-regular")},
    {"militia", NC_("status", "militia")},
    {"irregular", NC_("status", "irregular")},
    /* Phases of a turn (src/game/family_*.c). */
    {"orders-1", NC_("phase", "orders-1")},
    {"movement-1", NC_("phase", "movement-1")},
    {"orders-2", NC_("phase", "orders-2")},
    {"movement-2", NC_("phase", "movement-2")},
    {"command", NC_("phase", "command")},
    {"movement", NC_("phase", "movement")},
    {"combat", NC_("phase", "combat")},
    {"pip", NC_("phase", "pip")},
    /* Roles, C-in-C skills, generals' qualities (src/model/names.c). */
    {"commander-in-chief", NC_("role", "commander-in-chief")},
    {"army", NC_("role", "army")},
    {"corps", NC_("role", "corps")},
    {"division", NC_("role", "division")},
    {"brigade", NC_("role", "brigade")},
    {"aide-de-camp", NC_("role", "aide-de-camp")},
    {"gifted", NC_("skill", "gifted")},
    {"ordinary", NC_("skill", "ordinary")},
    {"poor", NC_("skill", "poor")},
    {"great", NC_("skill", "great")},
    {"bad", NC_("skill", "bad")},
    /* Grande Tactique's PIP steps (GT-17, src/rules/gt/gt_rules.c), in a path. */
    {"allocate", NC_("pip-step", "allocate")},
    {"bad_commander", NC_("pip-step", "bad_commander")},
    {"skill", NC_("pip-step", "skill")},
    {"bonus", NC_("pip-step", "bonus")},
    {"floor", NC_("pip-step", "floor")},
    /* A General de Brigade face-down order (src/rules/gdb/gdb_book.c). */
    {"unrevealed", NC_("order", "unrevealed")},
    {"hidden", NC_("order", "hidden")},
};

const char *grog_explain_word(const char *id)
{
    if (id == NULL)
        return "";
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(words[i].id, id) == 0)
            return strchr(words[i].key, '\004') != NULL ? grog_pgettext(words[i].key)
                                                        : _(words[i].key);
    return id;
}

/* A path step for people: an id ("line"), or a rule id and an id with an
 * optional value ("GT-14 allocate: 4"), the id in words; other text as it is. */
static void put_step(FILE *f, const char *step)
{
    const char *w = grog_explain_word(step);
    if (w != step) {
        fputs(w, f);
        return;
    }
    const char *sp = strchr(step, ' ');
    if (sp == NULL) {
        fputs(step, f);
        return;
    }
    size_t n = strcspn(sp + 1, ": ");
    char id[64];
    if (n == 0 || n >= sizeof id || sp[1 + n] == ' ') {
        fputs(step, f);
        return;
    }
    memcpy(id, sp + 1, n);
    id[n] = '\0';
    w = grog_explain_word(id);
    if (w == id) {
        fputs(step, f);
        return;
    }
    fprintf(f, "%.*s%s%s", (int)(sp + 1 - step), step, w, sp + 1 + n);
}

static void put_padded(FILE *f, const char *s, int width)
{
    int n = 0;
    for (const char *p = s; *p != '\0'; p++)
        n += ((unsigned char)*p & 0xC0) != 0x80;
    fputs(s, f);
    for (; n < width; n++)
        fputc(' ', f);
}

static void text_probability(FILE *f, const char *label, grog_frac p)
{
    char buf[64];
    fputs("    ", f);
    put_padded(f, label, 14);
    fprintf(f, " %12s  %5.1f%%\n", grog_frac_format(p, buf, sizeof buf),
            100.0 * grog_frac_value(p));
}

/* The words of a value's unit ("half-periods", "PIPs"...), singular or plural
 * for value; ids without plural forms through grog_explain_word. */
const char *grog_explain_unit_words(const char *unit, double value)
{
    static const struct {
        const char *id;
        const char *one;
        const char *many;
    } units[] = {
        /* TRANSLATORS: a value's unit, after the number: "3 half-périodes". */
        {"PIPs", NP_("PIP", "PIPs")},
        {"half-periods", NP_("half-période", "half-périodes")},
        {"turns", NP_("période to ride", "périodes to ride")},
        {"pas", NP_("pas", "pas")},
        {"morale", NP_("point of morale", "points of morale")},
    };
    if (unit == NULL)
        return "";
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (strcmp(units[i].id, unit) != 0)
            continue;
        double a = fabs(value);
        /* A fraction takes the plural, as in English ("1.5 pas", "2.5 tours"). */
        unsigned long n = a == floor(a) && a < 1e9 ? (unsigned long)a : 5;
        return ngettext(units[i].one, units[i].many, n);
    }
    return grog_explain_word(unit);
}

/* 1 when the modifiers add up to the target (Les Aigles' reaction tests: the
 * die is compared with their sum and nothing modifies the roll). */
static int target_from_modifiers(const grog_explain *e)
{
    return e->mods.n > 0 && grog_explain_modifier_total(e) == e->target &&
           (!e->has_roll || e->modified_roll == e->roll.natural);
}

static void text_header(FILE *f, const grog_explain *e)
{
    fprintf(f, "%s\n", e->title != NULL ? e->title : e->test);
    if (e->rules.n > 0) {
        fprintf(f, "  %s ", _("rules:"));
        for (size_t i = 0; i < e->rules.n; i++)
            fprintf(f, "%s%s", i ? ", " : "", e->rules.v[i]);
        fputc('\n', f);
    }
    for (size_t i = 0; i < e->checks.n; i++) {
        const check *c = &e->checks.v[i];
        fprintf(f, "  [%s] ", c->ok ? _("ok") : _("NO"));
        put_padded(f, c->rule ? c->rule : "", 9);
        fprintf(f, " %s%s%s\n", c->label ? c->label : "", c->detail ? ": " : "",
                c->detail ? c->detail : "");
    }
    if (e->dice != NULL && e->has_target && target_from_modifiers(e)) {
        /* The modifiers make the target and the die is read as it falls:
         * "1d6 < 7 (target = 4 + 3)". */
        fprintf(f, "  %s %s %s %d (%s = ", _("dice:"), e->dice, grog_cmp_symbol(e->cmp),
                e->target, _("target"));
        for (size_t i = 0; i < e->mods.n; i++)
            fprintf(f, i == 0 ? "%d" : e->mods.v[i].value < 0 ? " - %d" : " + %d",
                    i == 0 ? e->mods.v[i].value : abs(e->mods.v[i].value));
        fputs(")\n", f);
    } else if (e->dice != NULL && e->has_target)
        fprintf(f, "  %s %s, %s %s %d\n", _("dice:"), e->dice, _("modified roll"),
                grog_cmp_symbol(e->cmp), e->target);
    else if (e->dice != NULL)
        fprintf(f, "  %s %s\n", _("dice:"), e->dice);
    else if (e->has_target)
        fprintf(f, "  %s %s %d\n", _("target:"), grog_cmp_symbol(e->cmp), e->target);
}

static void text_body(FILE *f, const grog_explain *e)
{
    if (e->mods.n > 0) {
        fprintf(f, "  %s\n", _("modifiers:"));
        for (size_t i = 0; i < e->mods.n; i++) {
            fputs("    ", f);
            put_padded(f, e->mods.v[i].rule ? e->mods.v[i].rule : "", 9);
            fputc(' ', f);
            put_padded(f, e->mods.v[i].label ? e->mods.v[i].label : "", 44);
            fprintf(f, " %+d\n", e->mods.v[i].value);
        }
        fputs("    ", f);
        put_padded(f, _("total"), 54);
        fprintf(f, " %+d\n", grog_explain_modifier_total(e));
    }
    if (e->path.n > 0) {
        fprintf(f, "  %s ", _("path:"));
        for (size_t i = 0; i < e->path.n; i++) {
            fputs(i ? " -> " : "", f);
            put_step(f, e->path.v[i]);
        }
        fputc('\n', f);
    }
    if (e->has_value)
        fprintf(f, "  %s %g %s\n", _("value:"), e->value,
                e->has_unit ? grog_explain_unit_words(e->unit, e->value) : "");
    else if (e->has_range)
        fprintf(f, "  %s %+d .. %+d %s\n", _("range:"), e->range_lo, e->range_hi,
                e->has_unit ? grog_explain_unit_words(e->unit, e->range_hi) : "");
    else if (e->has_unit && e->unit != NULL)
        fprintf(f, "  %s %s\n", _("value:"), grog_explain_word(e->unit));
    if (e->outcomes.n > 0) {
        fprintf(f, "  %s\n", _("odds:"));
        for (size_t i = 0; i < e->outcomes.n; i++)
            text_probability(f, grog_explain_word(e->outcomes.v[i].name), e->outcomes.v[i].p);
    }
    if (e->dist.n > 0) {
        fprintf(f, "  %s\n", _("distribution:"));
        for (size_t i = 0; i < e->dist.n; i++) {
            char label[32];
            snprintf(label, sizeof label, "%d", e->dist.v[i].value);
            text_probability(f, label, e->dist.v[i].p);
        }
        fprintf(f, "    %s %.4f\n", _("mean"), e->mean);
    }
}

static void text_footer(FILE *f, const grog_explain *e)
{
    if (e->has_roll) {
        fprintf(f, "  %s %d", _("roll:"), e->roll.natural);
        if (e->roll.entered)
            fprintf(f, " (%s)", _("entered"));
        else if (e->roll.nfaces > 1) {
            fputs(" (", f);
            for (int i = 0; i < e->roll.nfaces; i++)
                fprintf(f, "%s%d", i ? "+" : "", e->roll.faces[i]);
            fputc(')', f);
        }
        if (e->modified_roll != e->roll.natural)
            fprintf(f, ", %s %d", _("modified"), e->modified_roll);
        fprintf(f, ": %s\n", grog_explain_word(e->outcome_name));
        if (e->has_seed)
            fprintf(f, "  %s %llu\n", _("seed:"), (unsigned long long)e->seed);
    }
    for (size_t i = 0; i < e->notes.n; i++)
        fprintf(f, "  %s%s%s\n", e->notes.v[i].rule ? e->notes.v[i].rule : "",
                e->notes.v[i].rule ? ": " : "", e->notes.v[i].text ? e->notes.v[i].text : "");
    /* Defaults, once per record on one line (their notes are in --json). */
    if (e->defaults.n > 0) {
        fprintf(f, "  %s", ngettext("default used:", "defaults used:", (unsigned long)e->defaults.n));
        for (size_t i = 0; i < e->defaults.n; i++) {
            const def *d = &e->defaults.v[i];
            fprintf(f, "%s %s = %s", i ? ";" : "", d->setting ? d->setting : "",
                    d->value ? d->value : "");
        }
        fprintf(f, " %s\n", _("(values the rulebook does not give; settable with --rules)"));
    }
}

grog_status grog_explain_to_text(const grog_explain *e, char **out, grog_error *err)
{
    if (e->oom)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory building an explanation"));
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory writing text"));
    text_header(f, e);
    text_body(f, e);
    text_footer(f, e);
    if (fclose(f) != 0) {
        free(buf);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory writing text"));
    }
    *out = buf;
    return GROG_OK;
}
