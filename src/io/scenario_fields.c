/* scenario_fields.c — the scenario reader's typed readers: a string, an id, a
 * number, a whole number, a flag, a child object or array, the known keys of an
 * object, and lengths in the scenario's unit (to_mm, a placement). Each returns 1
 * when a value was read into *out, 0 when absent (a problem if required) or wrong
 * (always a problem, reported with its JSON path); and scn_report itself, with the
 * paths it names (scn_join, scn_indexed), so that this file calls no other of the
 * reader's. */
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/scenario.h"
#include "grognard/text.h"
#include "i18n.h"
#include "model/model.h"
#include "scenario_internal.h"
#include "scenario_reader.h"

const char *scn_type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    case JSON_NULL: return "null";
    }
    return "?";
}

json_t *scn_member(reader *r, json_t *obj, const char *path, const char *key, int required,
                   char *full)
{
    scn_join(full, path, key);
    json_t *v = json_object_get(obj, key);
    if (v == NULL && required)
        scn_report(r, full, _("missing (required)"));
    return v;
}

/* 1 when the string v at path is text a scenario may hold (text.h): at most
 * max bytes, UTF-8, no control character (line feeds and tabs allowed when
 * multiline); otherwise the problem is reported and 0 returned. */
int scn_text_ok(reader *r, const char *path, const json_t *v, size_t max, int flags)
{
    grog_error e;
    if (grog_text_check(json_string_value(v), json_string_length(v), max, flags, NULL, &e) !=
        GROG_OK) {
        scn_report(r, path, "%s", e.message);
        return 0;
    }
    return 1;
}

int scn_rd_string(reader *r, json_t *obj, const char *path, const char *key, int required,
                  char *dst, size_t size)
{
    char full[PATH_LEN];
    json_t *v = scn_member(r, obj, path, key, required, full);
    if (v == NULL)
        return 0;
    if (!json_is_string(v)) {
        scn_report(r, full, _("expected a string, found %s"), scn_type_name(v));
        return 0;
    }
    if (json_string_length(v) >= size) {
        scn_report(r, full, _("too long: at most %zu bytes"), size - 1);
        return 0;
    }
    if (strlen(json_string_value(v)) != json_string_length(v)) {
        scn_report(r, full, "%s", _("a string may not hold a NUL character"));
        return 0;
    }
    if (!scn_text_ok(r, full, v, size - 1, GROG_TEXT_LINE))
        return 0;
    grog_model_copy(dst, size, json_string_value(v));
    return 1;
}

int scn_rd_id(reader *r, json_t *obj, const char *path, const char *key, int required,
              char *dst)
{
    char tmp[GROG_ID_MAX + 1];
    if (!scn_rd_string(r, obj, path, key, required, tmp, sizeof tmp))
        return 0;
    if (tmp[0] == '\0' && !required) {
        dst[0] = '\0';
        return 1;
    }
    if (!grog_model_id_valid(tmp)) {
        char full[PATH_LEN];
        scn_join(full, path, key);
        scn_report(r, full, _("invalid id \"%s\": 1 to %d characters of A-Z a-z 0-9 _ . -"), tmp,
                   GROG_ID_MAX - 1);
        return 0;
    }
    grog_model_copy(dst, GROG_ID_MAX, tmp);
    return 1;
}

int scn_rd_number(reader *r, json_t *obj, const char *path, const char *key, int required,
                  double *dst)
{
    char full[PATH_LEN];
    json_t *v = scn_member(r, obj, path, key, required, full);
    if (v == NULL)
        return 0;
    if (!json_is_number(v)) {
        scn_report(r, full, _("expected a number, found %s"), scn_type_name(v));
        return 0;
    }
    *dst = json_number_value(v);
    return 1;
}

int scn_rd_int(reader *r, json_t *obj, const char *path, const char *key, int required,
               int *dst)
{
    char full[PATH_LEN];
    json_t *v = scn_member(r, obj, path, key, required, full);
    if (v == NULL)
        return 0;
    if (!json_is_integer(v)) {
        scn_report(r, full, _("expected an integer, found %s"), scn_type_name(v));
        return 0;
    }
    json_int_t x = json_integer_value(v);
    if (x < -1000000000 || x > 1000000000) {
        scn_report(r, full, _("%lld is too large"), (long long)x);
        return 0;
    }
    *dst = (int)x;
    return 1;
}

int scn_rd_bool(reader *r, json_t *obj, const char *path, const char *key, int *dst)
{
    char full[PATH_LEN];
    json_t *v = scn_member(r, obj, path, key, 0, full);
    if (v == NULL)
        return 0;
    if (!json_is_boolean(v)) {
        scn_report(r, full, _("expected true or false, found %s"), scn_type_name(v));
        return 0;
    }
    *dst = json_is_true(v);
    return 1;
}

/* An object or array member of the given type; NULL when absent or wrong. */
json_t *scn_rd_child(reader *r, json_t *obj, const char *path, const char *key,
                     int required, json_type type, char *full)
{
    json_t *v = scn_member(r, obj, path, key, required, full);
    if (v == NULL)
        return NULL;
    if (json_typeof(v) != type) {
        scn_report(r, full, _("expected %s, found %s"),
                   type == JSON_OBJECT ? _("an object") : _("an array"), scn_type_name(v));
        return NULL;
    }
    return v;
}

void scn_known_keys(reader *r, json_t *obj, const char *path, const char *const *keys)
{
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        int ok = 0;
        for (size_t i = 0; keys[i] != NULL && !ok; i++)
            ok = strcmp(keys[i], key) == 0;
        if (!ok) {
            char full[PATH_LEN];
            scn_join(full, path, key);
            char list[512];
            size_t len = 0;
            list[0] = '\0';
            for (size_t i = 0; keys[i] != NULL && len < sizeof list; i++)
                len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "",
                                        keys[i]);
            scn_report(r, full, _("unknown key \"%s\" (expected one of: %s)"), key, list);
        }
    }
}

double scn_to_mm(const reader *r, double v)
{
    return grog_length_to_mm(v, r->table.file_unit, &r->table.scale);
}

int scn_finite_or_report(reader *r, const char *path, const char *key, double v)
{
    if (isfinite(v) && fabs(v) < 1e9)
        return 1;
    char full[PATH_LEN];
    scn_join(full, path, key);
    scn_report(r, full, "%s", _("out of range"));
    return 0;
}

/* position {x, y}, facing, base {width, depth} of an officer or unit. */
void scn_rd_placement(reader *r, json_t *obj, const char *path, grog_base *base,
                      int base_required)
{
    static const char *const pos_keys[] = {"x", "y", NULL};
    static const char *const base_keys[] = {"width", "depth", NULL};
    char full[PATH_LEN];
    json_t *pos = scn_rd_child(r, obj, path, "position", 1, JSON_OBJECT, full);
    if (pos != NULL) {
        scn_known_keys(r, pos, full, pos_keys);
        double x = 0, y = 0;
        if (scn_rd_number(r, pos, full, "x", 1, &x) && scn_finite_or_report(r, full, "x", x))
            base->centre.x = scn_to_mm(r, x);
        if (scn_rd_number(r, pos, full, "y", 1, &y) && scn_finite_or_report(r, full, "y", y))
            base->centre.y = scn_to_mm(r, y);
    }
    double facing = 0;
    if (scn_rd_number(r, obj, path, "facing", 0, &facing) &&
        scn_finite_or_report(r, path, "facing", facing))
        base->facing = grog_facing_normalise(facing);
    json_t *bs = scn_rd_child(r, obj, path, "base", base_required, JSON_OBJECT, full);
    if (bs != NULL) {
        scn_known_keys(r, bs, full, base_keys);
        double w = 0, d = 0;
        if (scn_rd_number(r, bs, full, "width", 1, &w) && scn_finite_or_report(r, full, "width", w))
            base->width = scn_to_mm(r, w);
        if (scn_rd_number(r, bs, full, "depth", 1, &d) && scn_finite_or_report(r, full, "depth", d))
            base->depth = scn_to_mm(r, d);
    }
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void scn_report(reader *r, const char *path, const char *fmt, ...)
{
    r->nproblems++;
    if (r->stopped)
        return;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    grog_text_vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (r->nproblems > GROG_SCENARIO_MAX_PROBLEMS) {
        r->stopped = 1;
        grog_text_snprintf(msg, sizeof msg, _("too many problems: stopped after %d"),
                           GROG_SCENARIO_MAX_PROBLEMS);
        path = "";
    }
    if (r->nfound == r->capfound) {
        size_t cap = r->capfound ? 2 * r->capfound : 16;
        found *m = realloc(r->found, cap * sizeof *m);
        if (m == NULL) {
            r->oom = 1;
            return;
        }
        r->found = m;
        r->capfound = cap;
    }
    found *f = &r->found[r->nfound++];
    snprintf(f->path, sizeof f->path, "%s", path);
    snprintf(f->msg, sizeof f->msg, "%s", msg);
}

/* out = a + sep + b, truncated to PATH_LEN (written by hand: the paths
 * are short, and snprintf would warn about truncation). */
static void pathcat(char *out, const char *a, const char *sep, const char *b)
{
    size_t n = 0;
    const char *parts[3] = {a, sep, b};
    for (int k = 0; k < 3; k++)
        for (const char *c = parts[k]; *c && n + 1 < PATH_LEN; c++)
            out[n++] = *c;
    out[n] = '\0';
}

void scn_join(char *out, const char *path, const char *key)
{
    pathcat(out, path, path[0] ? "." : "", key);
}

/* out = base[i] */
void scn_indexed(char *out, const char *base, size_t i)
{
    char num[32];
    snprintf(num, sizeof num, "[%zu]", i);
    pathcat(out, base, "", num);
}
