/* rulesdata.c — finding, parsing and reading a rules family's data file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/data.h"
#include "i18n.h"
#include "jsonpos.h"
#include "rulesdata.h"

static char *copy(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    return d != NULL ? memcpy(d, s, n) : NULL;
}

grog_status grog_rulesdata_parse(const char *text, const char *label, grog_rulesdata *out,
                                 grog_error *err)
{
    json_error_t jerr;
    if (strncmp(text, "\xEF\xBB\xBF", 3) == 0)
        return grog_error_set(err, GROG_EFORMAT, "%s:1:1: %s", label,
                              _("the file begins with a byte-order mark (U+FEFF): save it as "
                                "UTF-8 without one"));
    json_t *root = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
    if (root == NULL)
        return grog_error_set(err, GROG_EFORMAT, "%s:%d:%d: %s", label, jerr.line, jerr.column,
                              jerr.text);
    if (!json_is_object(root)) {
        json_decref(root);
        return grog_jsonpos_error(err, GROG_EFORMAT, label, text, "",
                                  _("a rules file is one JSON object"));
    }
    out->root = root;
    out->text = copy(text);
    out->label = copy(label);
    if (out->text == NULL || out->label == NULL) {
        grog_rulesdata_free(out);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory loading %s"), label);
    }
    return GROG_OK;
}

grog_status grog_rulesdata_load(const char *family, const char *path, grog_rulesdata *out,
                                grog_error *err)
{
    memset(out, 0, sizeof *out);
    if (path != NULL) {
        char *text = NULL;
        grog_status st = grog_data_read_file(path, &text, NULL, err);
        if (st != GROG_OK)
            return st;
        st = grog_rulesdata_parse(text, path, out, err);
        free(text);
        return st;
    }
    char name[128], label[192];
    snprintf(name, sizeof name, "rules/%s.json", family);
    snprintf(label, sizeof label, "%s (embedded)", name);
    const char *text = grog_data_embedded(name, NULL);
    if (text == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no rules data for family \"%s\""), family);
    return grog_rulesdata_parse(text, label, out, err);
}

void grog_rulesdata_free(grog_rulesdata *d)
{
    json_decref(d->root);
    free(d->text);
    free(d->label);
    memset(d, 0, sizeof *d);
}

static void join(char *buf, size_t size, const char *path, const char *key)
{
    snprintf(buf, size, "%s%s%s", path, path[0] ? "." : "", key);
}

static json_t *member(const grog_rulesdata *d, json_t *obj, const char *path, const char *key,
                      char *full, size_t size, grog_error *err, grog_status *st)
{
    join(full, size, path, key);
    json_t *v = json_object_get(obj, key);
    if (v == NULL)
        *st = grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, path, _("missing \"%s\""),
                                 key);
    else
        *st = GROG_OK;
    return v;
}

grog_status grog_rulesdata_int(const grog_rulesdata *d, json_t *obj, const char *path,
                               const char *key, long lo, long hi, long *out, grog_error *err)
{
    char full[512];
    grog_status st;
    json_t *v = member(d, obj, path, key, full, sizeof full, err, &st);
    if (v == NULL)
        return st;
    if (!json_is_integer(v))
        return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, full,
                                  _("expected a whole number"));
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi)
        return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, full,
                                  _("%lld is out of range %ld..%ld"), (long long)x, lo, hi);
    *out = (long)x;
    return GROG_OK;
}

grog_status grog_rulesdata_number(const grog_rulesdata *d, json_t *obj, const char *path,
                                  const char *key, double lo, double hi, double *out,
                                  grog_error *err)
{
    char full[512];
    grog_status st;
    json_t *v = member(d, obj, path, key, full, sizeof full, err, &st);
    if (v == NULL)
        return st;
    if (!json_is_number(v))
        return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, full,
                                  _("expected a number"));
    double x = json_number_value(v);
    if (x < lo || x > hi)
        return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, full,
                                  _("%g is out of range %g..%g"), x, lo, hi);
    *out = x;
    return GROG_OK;
}

grog_status grog_rulesdata_bool(const grog_rulesdata *d, json_t *obj, const char *path,
                                const char *key, int *out, grog_error *err)
{
    char full[512];
    grog_status st;
    json_t *v = member(d, obj, path, key, full, sizeof full, err, &st);
    if (v == NULL)
        return st;
    if (!json_is_boolean(v))
        return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, full,
                                  _("expected true or false"));
    *out = json_is_true(v);
    return GROG_OK;
}

grog_status grog_rulesdata_string(const grog_rulesdata *d, json_t *obj, const char *path,
                                  const char *key, const char **out, grog_error *err)
{
    char full[512];
    grog_status st;
    json_t *v = member(d, obj, path, key, full, sizeof full, err, &st);
    if (v == NULL)
        return st;
    if (!json_is_string(v))
        return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, full,
                                  _("expected a string"));
    *out = json_string_value(v);
    return GROG_OK;
}

grog_status grog_rulesdata_child(const grog_rulesdata *d, json_t *obj, const char *path,
                                 const char *key, json_type type, json_t **out, grog_error *err)
{
    char full[512];
    grog_status st;
    json_t *v = member(d, obj, path, key, full, sizeof full, err, &st);
    if (v == NULL)
        return st;
    if (json_typeof(v) != type)
        return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, full,
                                  type == JSON_OBJECT ? _("expected an object")
                                                      : _("expected an array"));
    *out = v;
    return GROG_OK;
}

grog_status grog_rulesdata_known_keys(const grog_rulesdata *d, json_t *obj, const char *path,
                                      const char *const *keys, grog_error *err)
{
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        int known = 0;
        for (const char *const *k = keys; *k != NULL && !known; k++)
            known = strcmp(*k, key) == 0;
        if (!known) {
            char full[512];
            join(full, sizeof full, path, key);
            return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, full,
                                      _("unknown key (a typo?)"));
        }
    }
    return GROG_OK;
}
