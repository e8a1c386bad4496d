/* explain_json.c — an explanation record as JSON: the jansson value the engine
 * stores, the compact text written without building it, and the indented text of
 * grog_explain_to_json. Every key is always there (null or [] when unused), so that
 * programs read one fixed shape (docs/json.md). */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/explain.h"
#include "explain_internal.h"
#include "i18n.h"
#include "jsontext.h"
#include "explain_record.h"

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
    json_object_set_new(o, "measures", explain_measures_json(&e->measures));
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
    return grog_explain_json_value_as(e, 1);
}

json_t *grog_explain_json_value_as(const grog_explain *e, int measures)
{
    if (e->oom)
        return NULL;
    json_t *o = to_json(e);
    if (o != NULL && !measures)
        json_object_del(o, "measures");
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

static void write_body(grog_jsontext *t, grog_jsontext_reals *reals, const grog_explain *e,
                       int measures)
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
    grog_jsontext_lit(t, "]");
    if (measures) {
        grog_jsontext_lit(t, ",\"measures\":");
        explain_measures_write(t, reals, &e->measures);
    }
    grog_jsontext_lit(t, ",\"notes\":[");
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
    return grog_explain_json_write_as(e, t, reals, 1);
}

int grog_explain_json_write_as(const grog_explain *e, grog_jsontext *t,
                               grog_jsontext_reals *reals, int measures)
{
    if (e->oom || t->bad)
        return 0;
    size_t mark = t->len;
    write_head(t, reals, e);
    write_body(t, reals, e, measures);
    write_tail(t, e);
    if (!t->bad)
        return 1;
    /* something jansson writes otherwise (a real that is not finite, a string
     * that is not UTF-8: their keys or entries are left out): its own dump */
    grog_jsontext_cut(t, mark);
    json_t *o = grog_explain_json_value_as(e, measures);
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
