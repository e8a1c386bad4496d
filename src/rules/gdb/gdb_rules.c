/* gdb_rules.c — loading and validating data/rules/gdb.json.
 *
 * Every number of the General de Brigade order-change rules comes from the
 * data: the nationality columns and their targets (unknown in the seed, so
 * each target carries target_default), the modifiers of GDB-08 to GDB-13, the
 * command radius and the near-enemy distance, and the named interpretations.
 * Unknown keys are refused (typos); each error names FILE:LINE:COLUMN and the
 * path of the value at fault. A rules handle is immutable once loaded. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/gdb.h"
#include "i18n.h"
#include "jsonpos.h"
#include "rules/gdb/gdb_internal.h"
#include "rulesdata.h"

#define MOD_LIMIT 12 /* any modifier beyond +-12 makes a 2d6 test meaningless */

static char *copy(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    return d != NULL ? memcpy(d, s, n) : NULL;
}

void grog_gdb_rules_destroy(grog_gdb_rules *rules)
{
    if (rules == NULL)
        return;
    for (size_t i = 0; i < rules->ncolumns; i++) {
        gdb_column *c = &rules->columns[i];
        for (size_t j = 0; j < c->nnations; j++)
            free(c->nations[j]);
        free(c->nations);
        free(c->id);
        free(c->label);
    }
    free(rules->columns);
    free(rules->label);
    free(rules);
}

static grog_status nomem(grog_error *err)
{
    return grog_error_set(err, GROG_ENOMEM, _("out of memory loading the gdb rules"));
}

/* Where a nation already stands among the columns read so far. */
static int nation_taken(const grog_gdb_rules *r, const gdb_column *upto, const char *nation)
{
    for (const gdb_column *c = r->columns; c <= upto; c++)
        for (size_t j = 0; j < c->nnations; j++)
            if (c->nations[j] != NULL && strcmp(c->nations[j], nation) == 0)
                return 1;
    return 0;
}

static grog_status read_nations(const grog_rulesdata *d, grog_gdb_rules *r, gdb_column *col,
                                json_t *arr, const char *path, grog_error *err)
{
    size_t n = json_array_size(arr);
    if (n == 0)
        return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, path,
                                  _("a column names at least one nation"));
    col->nations = calloc(n, sizeof *col->nations);
    if (col->nations == NULL)
        return nomem(err);
    for (size_t j = 0; j < n; j++) {
        char at[256];
        snprintf(at, sizeof at, "%s[%zu]", path, j);
        json_t *v = json_array_get(arr, j);
        if (!json_is_string(v) || json_string_length(v) == 0)
            return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, at,
                                      _("expected a nation id (a non-empty string)"));
        if (nation_taken(r, col, json_string_value(v)))
            return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, at,
                                      _("nation \"%s\" is already in a column"),
                                      json_string_value(v));
        col->nations[j] = copy(json_string_value(v));
        if (col->nations[j] == NULL)
            return nomem(err);
        col->nnations = j + 1;
    }
    return GROG_OK;
}

static grog_status read_column(const grog_rulesdata *d, grog_gdb_rules *r, size_t i, json_t *obj,
                               grog_error *err)
{
    static const char *const keys[] = {"id", "label", "nations", "target", "target_default",
                                       NULL};
    char path[64], npath[96];
    snprintf(path, sizeof path, "columns[%zu]", i);
    snprintf(npath, sizeof npath, "%s.nations", path);
    gdb_column *col = &r->columns[i];
    const char *id, *label;
    json_t *nations;
    long target;
    grog_status st;
    if (!json_is_object(obj))
        return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, path,
                                  _("expected an object"));
    if ((st = grog_rulesdata_known_keys(d, obj, path, keys, err)) != GROG_OK ||
        (st = grog_rulesdata_string(d, obj, path, "id", &id, err)) != GROG_OK ||
        (st = grog_rulesdata_string(d, obj, path, "label", &label, err)) != GROG_OK ||
        (st = grog_rulesdata_child(d, obj, path, "nations", JSON_ARRAY, &nations, err)) !=
            GROG_OK ||
        (st = grog_rulesdata_int(d, obj, path, "target", -20, 30, &target, err)) != GROG_OK ||
        (st = grog_rulesdata_bool(d, obj, path, "target_default", &col->target_default, err)) !=
            GROG_OK)
        return st;
    for (size_t k = 0; k < i; k++)
        if (strcmp(r->columns[k].id, id) == 0)
            return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, path,
                                      _("column id \"%s\" is used twice"), id);
    col->target = (int)target;
    col->id = copy(id);
    col->label = copy(label);
    if (col->id == NULL || col->label == NULL)
        return nomem(err);
    return read_nations(d, r, col, nations, npath, err);
}

static grog_status read_columns(const grog_rulesdata *d, grog_gdb_rules *r, grog_error *err)
{
    json_t *arr;
    grog_status st = grog_rulesdata_child(d, d->root, "", "columns", JSON_ARRAY, &arr, err);
    if (st != GROG_OK)
        return st;
    size_t n = json_array_size(arr);
    if (n == 0)
        return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, "columns",
                                  _("the table needs at least one column"));
    r->columns = calloc(n, sizeof *r->columns);
    if (r->columns == NULL)
        return nomem(err);
    r->ncolumns = n;
    for (size_t i = 0; i < n; i++)
        if ((st = read_column(d, r, i, json_array_get(arr, i), err)) != GROG_OK)
            return st;
    return GROG_OK;
}

static grog_status read_mod(const grog_rulesdata *d, json_t *obj, const char *path,
                            const char *key, int *out, grog_error *err)
{
    long v;
    grog_status st = grog_rulesdata_int(d, obj, path, key, -MOD_LIMIT, MOD_LIMIT, &v, err);
    if (st == GROG_OK)
        *out = (int)v;
    return st;
}

static grog_status read_skill(const grog_rulesdata *d, json_t *mods, grog_gdb_rules *r,
                              grog_error *err)
{
    static const char *const keys[] = {"gifted", "ordinary", "poor", NULL};
    json_t *obj;
    grog_status st = grog_rulesdata_child(d, mods, "modifiers", "skill", JSON_OBJECT, &obj, err);
    if (st != GROG_OK || (st = grog_rulesdata_known_keys(d, obj, "modifiers.skill", keys, err)))
        return st;
    for (int i = 0; i < 3; i++)
        if ((st = read_mod(d, obj, "modifiers.skill", keys[i], &r->skill[i], err)) != GROG_OK)
            return st;
    return GROG_OK;
}

static grog_status read_modifiers(const grog_rulesdata *d, grog_gdb_rules *r, grog_error *err)
{
    static const char *const keys[] = {"skill", "beyond_radius_or_personal",
                                       "beyond_radius_and_personal", "base_contact",
                                       "attached_or_near_enemy", "attached_or_near_enemy_cap",
                                       "broken", NULL};
    json_t *m;
    grog_status st = grog_rulesdata_child(d, d->root, "", "modifiers", JSON_OBJECT, &m, err);
    if (st != GROG_OK || (st = grog_rulesdata_known_keys(d, m, "modifiers", keys, err)) ||
        (st = read_skill(d, m, r, err)) ||
        (st = read_mod(d, m, "modifiers", keys[1], &r->beyond_or_personal, err)) ||
        (st = read_mod(d, m, "modifiers", keys[2], &r->beyond_and_personal, err)) ||
        (st = read_mod(d, m, "modifiers", keys[3], &r->contact, err)) ||
        (st = read_mod(d, m, "modifiers", keys[4], &r->danger, err)) ||
        (st = read_mod(d, m, "modifiers", keys[5], &r->danger_cap, err)) ||
        (st = read_mod(d, m, "modifiers", keys[6], &r->broken, err)))
        return st;
    if (r->danger_cap > 0)
        return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text,
                                  "modifiers.attached_or_near_enemy_cap",
                                  _("the cap of a penalty is 0 or less"));
    return GROG_OK;
}

static grog_status read_unlisted(const grog_rulesdata *d, json_t *obj, grog_gdb_rules *r,
                                 grog_error *err)
{
    json_t *v = json_object_get(obj, "unlisted_nations_column");
    const char *path = "interpretations.unlisted_nations_column";
    if (json_is_null(v)) {
        r->unlisted_column = GDB_NO_COLUMN;
        return GROG_OK;
    }
    const char *id;
    grog_status st =
        grog_rulesdata_string(d, obj, "interpretations", "unlisted_nations_column", &id, err);
    if (st != GROG_OK)
        return st;
    for (size_t i = 0; i < r->ncolumns; i++) {
        if (strcmp(r->columns[i].id, id) == 0) {
            r->unlisted_column = i;
            return GROG_OK;
        }
    }
    return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, path,
                              _("no column has the id \"%s\" (or use null)"), id);
}

static grog_status read_interpretations(const grog_rulesdata *d, grog_gdb_rules *r,
                                        grog_error *err)
{
    static const char *const keys[] = {"unlisted_nations_column", "failed_order_stays_hidden",
                                       "delayed_order_replaceable", "own_brigade_uses_attempt",
                                       "contact_tolerance_mm", NULL};
    const char *p = "interpretations";
    json_t *o;
    grog_status st = grog_rulesdata_child(d, d->root, "", p, JSON_OBJECT, &o, err);
    if (st != GROG_OK || (st = grog_rulesdata_known_keys(d, o, p, keys, err)) ||
        (st = read_unlisted(d, o, r, err)) ||
        (st = grog_rulesdata_bool(d, o, p, keys[1], &r->failed_stays_hidden, err)) ||
        (st = grog_rulesdata_bool(d, o, p, keys[2], &r->delayed_replaceable, err)) ||
        (st = grog_rulesdata_bool(d, o, p, keys[3], &r->own_brigade_uses_attempt, err)) ||
        (st = grog_rulesdata_number(d, o, p, keys[4], 0, 100, &r->contact_tolerance_mm, err)))
        return st;
    return GROG_OK;
}

static grog_status read_top(const grog_rulesdata *d, grog_gdb_rules *r, grog_error *err)
{
    static const char *const keys[] = {"family", "source", "dice", "columns",
                                       "command_radius_cm", "near_enemy_cm", "modifiers",
                                       "interpretations", "orders", NULL};
    const char *family, *source, *dice;
    grog_error derr;
    grog_status st;
    if ((st = grog_rulesdata_known_keys(d, d->root, "", keys, err)) ||
        (st = grog_rulesdata_string(d, d->root, "", "family", &family, err)) ||
        (st = grog_rulesdata_string(d, d->root, "", "source", &source, err)) ||
        (st = grog_rulesdata_string(d, d->root, "", "dice", &dice, err)))
        return st;
    if (strcmp(family, "gdb") != 0)
        return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, "family",
                                  _("this is the \"%s\" family's file, not \"gdb\""), family);
    if (grog_dice_parse(dice, &r->dice, &derr) != GROG_OK)
        return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, "dice", "%s",
                                  derr.message);
    grog_dice_format(&r->dice, r->dice_text, sizeof r->dice_text);
    if ((st = grog_rulesdata_number(d, d->root, "", "command_radius_cm", 0.1, 1000,
                                    &r->radius_cm, err)) ||
        (st = grog_rulesdata_number(d, d->root, "", "near_enemy_cm", 0.1, 1000,
                                    &r->near_enemy_cm, err)))
        return st;
    return GROG_OK;
}

static grog_status build(const grog_rulesdata *d, grog_gdb_rules **out, grog_error *err)
{
    grog_gdb_rules *r = calloc(1, sizeof *r);
    if (r == NULL)
        return nomem(err);
    grog_status st;
    if ((st = read_top(d, r, err)) || (st = read_columns(d, r, err)) ||
        (st = read_modifiers(d, r, err)) || (st = read_interpretations(d, r, err))) {
        grog_gdb_rules_destroy(r);
        return st;
    }
    r->label = copy(d->label);
    if (r->label == NULL) {
        grog_gdb_rules_destroy(r);
        return nomem(err);
    }
    *out = r;
    return GROG_OK;
}

grog_status grog_gdb_rules_load(const char *path, grog_gdb_rules **out, grog_error *err)
{
    grog_rulesdata d;
    grog_status st = grog_rulesdata_load("gdb", path, &d, err);
    if (st != GROG_OK)
        return st;
    st = build(&d, out, err);
    grog_rulesdata_free(&d);
    return st;
}

grog_status grog_gdb_rules_parse(const char *text, const char *label, grog_gdb_rules **out,
                                 grog_error *err)
{
    grog_rulesdata d;
    memset(&d, 0, sizeof d);
    grog_status st = grog_rulesdata_parse(text, label, &d, err);
    if (st != GROG_OK)
        return st;
    st = build(&d, out, err);
    grog_rulesdata_free(&d);
    return st;
}

double grog_gdb_command_radius_cm(const grog_gdb_rules *rules)
{
    return rules->radius_cm;
}

double grog_gdb_near_enemy_cm(const grog_gdb_rules *rules)
{
    return rules->near_enemy_cm;
}

size_t grog_gdb_rules_nation_count(const grog_gdb_rules *rules)
{
    size_t n = 0;
    for (size_t i = 0; i < rules->ncolumns; i++)
        n += rules->columns[i].nnations;
    return n;
}

const char *grog_gdb_rules_nation(const grog_gdb_rules *rules, size_t i)
{
    for (size_t c = 0; c < rules->ncolumns; c++) {
        if (i < rules->columns[c].nnations)
            return rules->columns[c].nations[i];
        i -= rules->columns[c].nnations;
    }
    return NULL;
}

size_t gdb_rules_column(const grog_gdb_rules *rules, const char *nation, int *listed)
{
    *listed = 0;
    if (nation == NULL)
        return GDB_NO_COLUMN;
    for (size_t c = 0; c < rules->ncolumns; c++) {
        for (size_t j = 0; j < rules->columns[c].nnations; j++) {
            if (strcmp(rules->columns[c].nations[j], nation) == 0) {
                *listed = 1;
                return c;
            }
        }
    }
    return rules->unlisted_column;
}

int grog_gdb_rules_knows_nation(const grog_gdb_rules *rules, const char *nation)
{
    int listed;
    gdb_rules_column(rules, nation, &listed);
    return listed;
}

grog_status grog_gdb_rules_target(const grog_gdb_rules *rules, const char *nation, int *target,
                                  grog_error *err)
{
    int listed;
    size_t c = gdb_rules_column(rules, nation, &listed);
    if (c == GDB_NO_COLUMN)
        return grog_error_set(err, GROG_ENOTFOUND,
                              _("nation \"%s\" is in no column of the gdb table (%s)"),
                              nation != NULL ? nation : "", rules->label);
    *target = rules->columns[c].target;
    return GROG_OK;
}
