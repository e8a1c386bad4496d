/* formation_rules.c — loading and validating the "formations" section of
 * data/rules/aigles.json (AIG-F-01..31).
 *
 * Every number and every interpretation comes from the file; the loader
 * refuses unknown keys, unknown ids and out-of-range values, naming
 * FILE:LINE:COLUMN and the dotted path. The "officers" section belongs to
 * another module and is never read here. A failed load frees everything. The
 * enums' names are formation_names.c's. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formation_rules.h"
#include "i18n.h"
#include "jsonpos.h"

static const char *const table_names[AIGF_NTABLES] = {"infantry", "cavalry", "foot-artillery",
                                                      "horse-artillery"};

static const char *const class_keys[AIGF_NCLASS] = {"A", "B", "C"};

typedef struct ld {
    const grog_rulesdata *d;
    grog_error *err;
} ld;

#define PATH(buf, ...) snprintf((buf), sizeof(buf), __VA_ARGS__)

static grog_status bad(const ld *l, const char *path, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static grog_status bad(const ld *l, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    grog_status st = grog_jsonpos_verror(l->err, GROG_EFORMAT, l->d->label, l->d->text, path,
                                         fmt, ap);
    va_end(ap);
    return st;
}

static grog_status keys(const ld *l, json_t *obj, const char *path, const char *const *k)
{
    return grog_rulesdata_known_keys(l->d, obj, path, k, l->err);
}

static grog_status child(const ld *l, json_t *obj, const char *path, const char *key,
                         json_type type, json_t **out)
{
    return grog_rulesdata_child(l->d, obj, path, key, type, out, l->err);
}

static grog_status int_of(const ld *l, json_t *obj, const char *path, const char *key, long lo,
                          long hi, int *out)
{
    long v;
    grog_status st = grog_rulesdata_int(l->d, obj, path, key, lo, hi, &v, l->err);
    if (st == GROG_OK)
        *out = (int)v;
    return st;
}

static grog_status bool_of(const ld *l, json_t *obj, const char *path, const char *key, int *out)
{
    return grog_rulesdata_bool(l->d, obj, path, key, out, l->err);
}

static grog_status str_of(const ld *l, json_t *obj, const char *path, const char *key,
                          const char **out)
{
    return grog_rulesdata_string(l->d, obj, path, key, out, l->err);
}

/* A rule id of this chapter: "AIG-F-NN". */
static grog_status rule_of(const ld *l, json_t *obj, const char *path, const char **out)
{
    grog_status st = str_of(l, obj, path, "rule", out);
    if (st != GROG_OK)
        return st;
    const char *id = *out;
    int n = strlen(id) == 8 && strncmp(id, "AIG-F-", 6) == 0 && id[6] >= '0' && id[6] <= '9' &&
                    id[7] >= '0' && id[7] <= '9'
                ? (id[6] - '0') * 10 + (id[7] - '0')
                : 0;
    if (n < 1 || n > 31) {
        char full[256];
        PATH(full, "%s%srule", path, path[0] ? "." : "");
        return bad(l, full, _("\"%s\" is not a rule id AIG-F-01..AIG-F-31"), *out);
    }
    return GROG_OK;
}

static grog_status formation_of(const ld *l, json_t *obj, const char *path, const char *key,
                                grog_aigles_formation *out)
{
    const char *s;
    grog_status st = str_of(l, obj, path, key, &s);
    if (st != GROG_OK)
        return st;
    int i = aigf_find_name(aigf_fm_names, GROG_AIGLES_FM_COUNT, s);
    if (i < 0) {
        char full[256];
        PATH(full, "%s.%s", path, key);
        return bad(l, full, _("unknown formation \"%s\""), s);
    }
    *out = (grog_aigles_formation)i;
    return GROG_OK;
}

/* An array of names parsed by parse into a bit set. */
static grog_status arms_of(const ld *l, json_t *obj, const char *path, const char *key,
                           unsigned *out)
{
    json_t *arr;
    grog_status st = child(l, obj, path, key, JSON_ARRAY, &arr);
    if (st != GROG_OK)
        return st;
    unsigned mask = 0;
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        char full[256];
        PATH(full, "%s.%s[%zu]", path, key, i);
        grog_arm a;
        if (!json_is_string(v) || grog_arm_parse(json_string_value(v), &a, NULL) != GROG_OK)
            return bad(l, full, _("not an arm (infantry, cavalry, foot-artillery, "
                                    "horse-artillery, engineers)"));
        mask |= AIGF_BIT(a);
    }
    *out = mask;
    return GROG_OK;
}

static grog_status effects_of(const ld *l, json_t *arr, const char *path, aigf_effects *out)
{
    static const char *const k[] = {"rule", "text", "arms", NULL};
    if (json_array_size(arr) > AIGF_MAX_EFFECTS)
        return bad(l, path, _("at most %d effects"), AIGF_MAX_EFFECTS);
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        char p[256];
        PATH(p, "%s[%zu]", path, i);
        if (!json_is_object(v))
            return bad(l, p, _("expected an object"));
        aigf_effect *e = &out->v[i];
        grog_status st = keys(l, v, p, k);
        if (st == GROG_OK)
            st = rule_of(l, v, p, &e->rule);
        if (st == GROG_OK)
            st = str_of(l, v, p, "text", &e->text);
        e->arms = ~0u;
        if (st == GROG_OK && json_object_get(v, "arms") != NULL)
            st = arms_of(l, v, p, "arms", &e->arms);
        if (st != GROG_OK)
            return st;
    }
    out->n = (int)json_array_size(arr);
    return GROG_OK;
}

static grog_status enum_of(const ld *l, json_t *obj, const char *path, const char *key,
                           const char *const *names, int n, int *out)
{
    const char *s;
    grog_status st = str_of(l, obj, path, key, &s);
    if (st != GROG_OK)
        return st;
    *out = aigf_find_name(names, n, s);
    if (*out < 0) {
        char full[256], list[256];
        PATH(full, "%s.%s", path, key);
        aigf_list_names(names, n, list, sizeof list);
        return grog_jsonpos_error(l->err, GROG_EFORMAT, l->d->label, l->d->text, full,
                                  _("\"%s\" is not one of: %s"), s, list);
    }
    return GROG_OK;
}

static grog_status load_catalogue(const ld *l, json_t *sec, grog_aigles_formation_rules *r)
{
    static const char *const k[] = {"spacing", "depth", "arms", "arms_rule", "may_move",
                                    "chain_through", "effects", NULL};
    json_t *cat;
    grog_status st = child(l, sec, "formations", "catalogue", JSON_OBJECT, &cat);
    if (st != GROG_OK)
        return st;
    const char *key;
    json_t *v;
    json_object_foreach(cat, key, v) {
        char p[256];
        PATH(p, "formations.catalogue.%s", key);
        if (aigf_find_name(aigf_fm_names, GROG_AIGLES_FM_COUNT, key) < 0)
            return bad(l, p, _("unknown formation \"%s\""), key);
    }
    for (int f = 0; f < GROG_AIGLES_FM_COUNT; f++) {
        char p[256];
        PATH(p, "formations.catalogue");
        json_t *e;
        if ((st = child(l, cat, p, aigf_fm_names[f], JSON_OBJECT, &e)) != GROG_OK)
            return st;
        PATH(p, "formations.catalogue.%s", aigf_fm_names[f]);
        aigf_entry *c = &r->cat[f];
        int sp = 0, dp = 0;
        json_t *eff;
        if ((st = keys(l, e, p, k)) != GROG_OK ||
            (st = enum_of(l, e, p, "spacing", aigf_spacing_names, GROG_AIGLES_SPACING_COUNT, &sp)) ||
            (st = enum_of(l, e, p, "depth", aigf_depth_names, GROG_AIGLES_DEPTH_COUNT, &dp)) ||
            (st = arms_of(l, e, p, "arms", &c->arms)) ||
            (st = str_of(l, e, p, "arms_rule", &c->arms_rule)) ||
            (st = bool_of(l, e, p, "may_move", &c->may_move)) ||
            (st = bool_of(l, e, p, "chain_through", &c->chain_through)) ||
            (st = child(l, e, p, "effects", JSON_ARRAY, &eff)))
            return st;
        c->spacing = (grog_aigles_spacing)sp;
        c->depth = (grog_aigles_depth)dp;
        char ep[280];
        PATH(ep, "%s.effects", p);
        if ((st = effects_of(l, eff, ep, &c->effects)) != GROG_OK)
            return st;
    }
    return GROG_OK;
}

static grog_status load_effect_sets(const ld *l, json_t *sec, const char *key,
                                    const char *const *names, int n, aigf_effects *out)
{
    json_t *obj;
    char p[256];
    PATH(p, "formations.%s", key);
    grog_status st = child(l, sec, "formations", key, JSON_OBJECT, &obj);
    const char *name;
    json_t *v;
    if (st != GROG_OK)
        return st;
    json_object_foreach(obj, name, v) {
        char q[320];
        PATH(q, "%s.%s", p, name);
        int i = aigf_find_name(names, n, name);
        if (i < 0)
            return bad(l, q, _("unknown key \"%s\""), name);
        if (!json_is_array(v))
            return bad(l, q, _("expected an array"));
        if ((st = effects_of(l, v, q, &out[i])) != GROG_OK)
            return st;
    }
    return GROG_OK;
}

/* The arms that may use a table's rows (engineers use the infantry table). */
static unsigned table_arms(int t)
{
    switch (t) {
    case AIGF_T_INFANTRY: return AIGF_BIT(GROG_ARM_INFANTRY) | AIGF_BIT(GROG_ARM_ENGINEERS);
    case AIGF_T_CAVALRY: return AIGF_BIT(GROG_ARM_CAVALRY);
    case AIGF_T_FOOT_ART: return AIGF_BIT(GROG_ARM_FOOT_ARTILLERY);
    default: return AIGF_BIT(GROG_ARM_HORSE_ARTILLERY);
    }
}

/* Both ends of a row must be formations the row's arms may take. */
static grog_status check_row_arms(const ld *l, const grog_aigles_formation_rules *r,
                                  const aigf_row *row, const char *p)
{
    unsigned both = r->cat[row->from].arms & r->cat[row->to].arms;
    if ((row->arms & both) == 0 || row->from == row->to)
        return bad(l, p, _("this row joins formations no arm of it may take"));
    return GROG_OK;
}

static grog_status load_row(const ld *l, const grog_aigles_formation_rules *r, json_t *v,
                            const char *p, unsigned arms, aigf_row *row)
{
    static const char *const k[] = {"from", "to", "A", "B", "C", "suspect", NULL};
    grog_status st;
    memset(row, 0, sizeof *row);
    row->rule = "AIG-F-26";
    row->arms = arms;
    if (!json_is_object(v))
        return bad(l, p, _("expected an object"));
    if ((st = keys(l, v, p, k)) || (st = formation_of(l, v, p, "from", &row->from)) ||
        (st = formation_of(l, v, p, "to", &row->to)))
        return st;
    for (int c = 0; c < AIGF_NCLASS; c++)
        if ((st = int_of(l, v, p, class_keys[c], 0, 100, &row->t[c])) != GROG_OK)
            return st;
    json_t *sus = json_object_get(v, "suspect");
    if (sus != NULL) {
        char q[320];
        PATH(q, "%s.suspect", p);
        if (!json_is_object(sus))
            return bad(l, q, _("expected an object"));
        if ((st = keys(l, sus, q, (const char *const[]){"A", "B", "C", NULL})) != GROG_OK)
            return st;
        for (int c = 0; c < AIGF_NCLASS; c++)
            if (json_object_get(sus, class_keys[c]) != NULL &&
                (st = str_of(l, sus, q, class_keys[c], &row->suspect[c])) != GROG_OK)
                return st;
    }
    return check_row_arms(l, r, row, p);
}

static grog_status load_tables(const ld *l, json_t *sec, grog_aigles_formation_rules *r)
{
    json_t *tab, *ht;
    grog_status st = child(l, sec, "formations", "change_table", JSON_OBJECT, &tab);
    if (st == GROG_OK)
        st = keys(l, tab, "formations.change_table", (const char *const[]){
                      "infantry", "cavalry", "foot-artillery", "horse-artillery", NULL});
    if (st != GROG_OK)
        return st;
    for (int t = 0; t < AIGF_NTABLES; t++) {
        json_t *arr;
        if ((st = child(l, tab, "formations.change_table", table_names[t], JSON_ARRAY, &arr)))
            return st;
        if (json_array_size(arr) > AIGF_MAX_ROWS)
            return bad(l, "formations.change_table", _("too many rows in %s"), table_names[t]);
        size_t i;
        json_t *v;
        json_array_foreach(arr, i, v) {
            char p[256];
            PATH(p, "formations.change_table.%s[%zu]", table_names[t], i);
            if ((st = load_row(l, r, v, p, table_arms(t), &r->rows[t][i])) != GROG_OK)
                return st;
        }
        r->nrows[t] = (int)json_array_size(arr);
    }
    if ((st = child(l, sec, "formations", "half_turn", JSON_OBJECT, &ht)) ||
        (st = keys(l, ht, "formations.half_turn",
                   (const char *const[]){"infantry", "cavalry", "foot-artillery",
                                         "horse-artillery", NULL})))
        return st;
    for (int t = 0; t < AIGF_NTABLES; t++) {
        json_t *row = json_object_get(ht, table_names[t]);
        if (row == NULL)
            continue;
        char p[256];
        PATH(p, "formations.half_turn.%s", table_names[t]);
        if (!json_is_object(row))
            return bad(l, p, _("expected an object"));
        if ((st = keys(l, row, p, (const char *const[]){"A", "B", "C", NULL})) != GROG_OK)
            return st;
        for (int c = 0; c < AIGF_NCLASS; c++)
            if ((st = int_of(l, row, p, class_keys[c], 0, 100, &r->half_turn[t][c])) != GROG_OK)
                return st;
        r->has_half_turn[t] = 1;
    }
    return GROG_OK;
}

static grog_status load_extra(const ld *l, json_t *sec, grog_aigles_formation_rules *r)
{
    static const char *const k[] = {"rule", "arms", "from", "to", "half_periods",
                                    "halted_only", "free_during_move", "default", "note", NULL};
    json_t *arr;
    grog_status st = child(l, sec, "formations", "extra_rows", JSON_ARRAY, &arr);
    if (st != GROG_OK)
        return st;
    if (json_array_size(arr) > AIGF_MAX_EXTRA)
        return bad(l, "formations.extra_rows", _("at most %d rows"), AIGF_MAX_EXTRA);
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        char p[256];
        PATH(p, "formations.extra_rows[%zu]", i);
        aigf_row *row = &r->extra[i];
        memset(row, 0, sizeof *row);
        int hp = 0;
        if (!json_is_object(v))
            return bad(l, p, _("expected an object"));
        if ((st = keys(l, v, p, k)) || (st = rule_of(l, v, p, &row->rule)) ||
            (st = arms_of(l, v, p, "arms", &row->arms)) ||
            (st = formation_of(l, v, p, "from", &row->from)) ||
            (st = formation_of(l, v, p, "to", &row->to)) ||
            (st = int_of(l, v, p, "half_periods", 0, 100, &hp)))
            return st;
        for (int c = 0; c < AIGF_NCLASS; c++)
            row->t[c] = hp;
        if (json_object_get(v, "halted_only") != NULL &&
            (st = bool_of(l, v, p, "halted_only", &row->halted_only)))
            return st;
        if (json_object_get(v, "free_during_move") != NULL &&
            (st = int_of(l, v, p, "free_during_move", 1, 100, &row->free_during_move)))
            return st;
        if (json_object_get(v, "default") != NULL &&
            (st = bool_of(l, v, p, "default", &row->is_default)))
            return st;
        if (json_object_get(v, "note") != NULL && (st = str_of(l, v, p, "note", &row->note)))
            return st;
        if ((st = check_row_arms(l, r, row, p)) != GROG_OK)
            return st;
    }
    r->nextra = (int)json_array_size(arr);
    return GROG_OK;
}

/* An object member with its known keys and its rule id. */
static grog_status part(const ld *l, json_t *sec, const char *key, const char *const *k,
                        json_t **obj, const char **rule, char *p, size_t psize)
{
    snprintf(p, psize, "formations.%s", key);
    grog_status st = child(l, sec, "formations", key, JSON_OBJECT, obj);
    if (st == GROG_OK)
        st = keys(l, *obj, p, k);
    if (st == GROG_OK && rule != NULL)
        st = rule_of(l, *obj, p, rule);
    return st;
}

/* The index of a name among a kind of names, or -1. */
typedef int (*name_index_fn)(const char *name);

static int status_index(const char *name)
{
    grog_unit_status s;
    return grog_unit_status_parse(name, &s, NULL) == GROG_OK ? (int)s : -1;
}

static int nation_index(const char *name)
{
    grog_nation n;
    return grog_nation_parse(name, &n, NULL) == GROG_OK ? (int)n : -1;
}

static int formation_index(const char *name)
{
    return aigf_find_name(aigf_fm_names, GROG_AIGLES_FM_COUNT, name);
}

/* An array of names under key, as a bit set of their indices. */
static grog_status load_bits(const ld *l, json_t *o, const char *p, const char *key,
                             name_index_fn index_of, const char *what, unsigned *out)
{
    json_t *arr;
    grog_status st = child(l, o, p, key, JSON_ARRAY, &arr);
    if (st != GROG_OK)
        return st;
    size_t i;
    json_t *v;
    *out = 0;
    json_array_foreach(arr, i, v) {
        char q[320];
        PATH(q, "%s.%s[%zu]", p, key, i);
        int k = json_is_string(v) ? index_of(json_string_value(v)) : -1;
        if (k < 0)
            return bad(l, q, "%s", what);
        *out |= AIGF_BIT(k);
    }
    return GROG_OK;
}

static grog_status load_units(const ld *l, json_t *sec, grog_aigles_formation_rules *r)
{
    json_t *o;
    char p[256];
    grog_status st;
    if ((st = part(l, sec, "status_extra", (const char *const[]){"rule", "statuses",
                                                                 "half_periods", NULL},
                   &o, &r->status_extra.rule, p, sizeof p)) ||
        (st = load_bits(l, o, p, "statuses", status_index, _("not a status"),
                        &r->status_extra.statuses)) ||
        (st = int_of(l, o, p, "half_periods", 0, 100, &r->status_extra.half_periods)))
        return st;
    if ((st = part(l, sec, "small_unit",
                   (const char *const[]){"rule", "company_max_figures", "squadron_max_figures",
                                         "artillery_max_figures", "turns", NULL},
                   &o, &r->small_unit.rule, p, sizeof p)) ||
        (st = int_of(l, o, p, "company_max_figures", 1, 1000, &r->small_unit.company_max)) ||
        (st = int_of(l, o, p, "squadron_max_figures", 1, 1000, &r->small_unit.squadron_max)) ||
        (st = int_of(l, o, p, "artillery_max_figures", 1, 1000, &r->small_unit.artillery_max)) ||
        (st = int_of(l, o, p, "turns", 0, 100, &r->small_unit.turns)))
        return st;
    int cls = 0;
    if ((st = part(l, sec, "four_company_column",
                   (const char *const[]){"rule", "class", "companies", "from", "counts_as", NULL},
                   &o, &r->four_company.rule, p, sizeof p)) ||
        (st = enum_of(l, o, p, "class", class_keys, AIGF_NCLASS, &cls)) ||
        (st = int_of(l, o, p, "companies", 1, 1000, &r->four_company.companies)) ||
        (st = formation_of(l, o, p, "from", &r->four_company.from)) ||
        (st = formation_of(l, o, p, "counts_as", &r->four_company.counts_as)))
        return st;
    r->four_company.cls = (grog_manoeuvre)cls;
    return GROG_OK;
}

static grog_status load_file_steps(const ld *l, json_t *sec, grog_aigles_formation_rules *r)
{
    json_t *o, *arr;
    char p[256];
    grog_status st = part(l, sec, "artillery_file", (const char *const[]){"rule", "steps", NULL},
                          &o, &r->file.rule, p, sizeof p);
    if (st || (st = child(l, o, p, "steps", JSON_ARRAY, &arr)))
        return st;
    if (json_array_size(arr) != 2)
        return bad(l, "formations.artillery_file.steps", _("expected two steps"));
    for (size_t i = 0; i < 2; i++) {
        char q[320];
        PATH(q, "%s.steps[%zu]", p, i);
        json_t *s = json_array_get(arr, i);
        if (!json_is_object(s))
            return bad(l, q, _("expected an object"));
        if ((st = keys(l, s, q, (const char *const[]){"more_than", "half_periods", NULL})) ||
            (st = int_of(l, s, q, "more_than", 0, 1000, &r->file.more_than[i])) ||
            (st = int_of(l, s, q, "half_periods", 0, 100, &r->file.add[i])))
            return st;
    }
    if (r->file.more_than[1] <= r->file.more_than[0])
        return bad(l, "formations.artillery_file.steps", _("the steps must grow"));
    return GROG_OK;
}

static grog_status load_artillery(const ld *l, json_t *sec, grog_aigles_formation_rules *r)
{
    json_t *o, *arr;
    char p[256];
    grog_status st = load_file_steps(l, sec, r);
    if (st ||
        (st = part(l, sec, "small_battery",
                   (const char *const[]){"rule", "max_sections", "half_periods", NULL}, &o,
                   &r->small_battery.rule, p, sizeof p)) ||
        (st = int_of(l, o, p, "max_sections", 0, 100, &r->small_battery.max_sections)) ||
        (st = int_of(l, o, p, "half_periods", 0, 100, &r->small_battery.half_periods)))
        return st;
    if ((st = part(l, sec, "horse_teams",
                   (const char *const[]){"rule", "sections_per_team", "foot", "horse_pairs", NULL},
                   &o, &r->teams.rule, p, sizeof p)) ||
        (st = int_of(l, o, p, "sections_per_team", 1, 100, &r->teams.sections_per_team)) ||
        (st = int_of(l, o, p, "horse_pairs", 1, 100, &r->teams.horse_pairs)) ||
        (st = child(l, o, p, "foot", JSON_ARRAY, &arr)))
        return st;
    if (json_array_size(arr) > AIGF_MAX_CALIBRES)
        return bad(l, "formations.horse_teams.foot", _("at most %d ranges"), AIGF_MAX_CALIBRES);
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        char q[320];
        PATH(q, "%s.foot[%zu]", p, i);
        if (!json_is_object(v))
            return bad(l, q, _("expected an object"));
        if ((st = keys(l, v, q, (const char *const[]){"calibre_min", "calibre_max", "pairs",
                                                      NULL})) ||
            (st = int_of(l, v, q, "calibre_min", 1, 100, &r->teams.cal_min[i])) ||
            (st = int_of(l, v, q, "calibre_max", 1, 100, &r->teams.cal_max[i])) ||
            (st = int_of(l, v, q, "pairs", 1, 100, &r->teams.pairs[i])))
            return st;
    }
    r->teams.nfoot = (int)json_array_size(arr);
    return GROG_OK;
}

static grog_status load_moves(const ld *l, json_t *sec, grog_aigles_formation_rules *r)
{
    json_t *o;
    char p[256];
    grog_status st;
    if ((st = part(l, sec, "quarter_turn", (const char *const[]){"rule", "half_periods", NULL},
                   &o, &r->quarter_turn.rule, p, sizeof p)) ||
        (st = int_of(l, o, p, "half_periods", 0, 100, &r->quarter_turn.half_periods)))
        return st;
    if ((st = part(l, sec, "company_column",
                   (const char *const[]){"rule", "half_periods", "free_during_move_of", NULL}, &o,
                   &r->company_column.rule, p, sizeof p)) ||
        (st = int_of(l, o, p, "half_periods", 0, 100, &r->company_column.half_periods)) ||
        (st = int_of(l, o, p, "free_during_move_of", 1, 100,
                     &r->company_column.free_during_move_of)))
        return st;
    if ((st = part(l, sec, "irregular",
                   (const char *const[]){"rule", "frontage_half_periods", "pivot_half_periods",
                                         "frontage_factor", "min_front", "min_depth",
                                         "free_below_figures", NULL},
                   &o, &r->irregular.rule, p, sizeof p)) ||
        (st = int_of(l, o, p, "frontage_half_periods", 0, 100, &r->irregular.frontage)) ||
        (st = int_of(l, o, p, "pivot_half_periods", 0, 100, &r->irregular.pivot)) ||
        (st = int_of(l, o, p, "frontage_factor", 1, 100, &r->irregular.factor)) ||
        (st = int_of(l, o, p, "min_front", 1, 100, &r->irregular.min_front)) ||
        (st = int_of(l, o, p, "min_depth", 1, 100, &r->irregular.min_depth)) ||
        (st = int_of(l, o, p, "free_below_figures", 0, 1000, &r->irregular.free_below)))
        return st;
    return GROG_OK;
}

static grog_status load_figures(const ld *l, json_t *sec, grog_aigles_formation_rules *r)
{
    json_t *o, *d;
    char p[256];
    grog_status st;
    if ((st = part(l, sec, "square", (const char *const[]){"rule", "min_figures", NULL}, &o,
                   &r->square.rule, p, sizeof p)) ||
        (st = int_of(l, o, p, "min_figures", 1, 1000, &r->square.min_figures)))
        return st;
    if ((st = part(l, sec, "hollow_square",
                   (const char *const[]){"rule", "capacity_num", "capacity_den",
                                         "loss_share_percent", "fire_arc_degrees", NULL},
                   &o, &r->hollow.rule, p, sizeof p)) ||
        (st = int_of(l, o, p, "capacity_num", 0, 100, &r->hollow.cap_num)) ||
        (st = int_of(l, o, p, "capacity_den", 1, 100, &r->hollow.cap_den)) ||
        (st = int_of(l, o, p, "loss_share_percent", 0, 100, &r->hollow.loss_percent)) ||
        (st = int_of(l, o, p, "fire_arc_degrees", 0, 360, &r->hollow.arc)))
        return st;
    if ((st = part(l, sec, "massing",
                   (const char *const[]){"rule", "mass_from", "two_ranks_keep", NULL}, &o,
                   &r->massing.rule, p, sizeof p)) ||
        (st = load_bits(l, o, p, "mass_from", formation_index, _("not a formation"),
                        &r->massing.from)) ||
        (st = int_of(l, o, p, "two_ranks_keep", 1, 2, &r->massing.two_ranks_keep)))
        return st;
    if ((st = part(l, sec, "division_column",
                   (const char *const[]){"rule", "cavalry_nations", NULL}, &o,
                   &r->division.rule, p, sizeof p)) ||
        (st = load_bits(l, o, p, "cavalry_nations", nation_index, _("not a nation"),
                        &r->division.nations)))
        return st;
    if ((st = part(l, sec, "skirmishers",
                   (const char *const[]){"rule", "max_distance_pas", "deploy_move_num",
                                         "deploy_move_den", NULL},
                   &o, &r->skirm.rule, p, sizeof p)) ||
        (st = child(l, o, p, "max_distance_pas", JSON_OBJECT, &d)) ||
        (st = keys(l, d, "formations.skirmishers.max_distance_pas",
                   (const char *const[]){"25", "15", NULL})) ||
        (st = int_of(l, d, "formations.skirmishers.max_distance_pas", "25", 0, 100000,
                     &r->skirm.max25)) ||
        (st = int_of(l, d, "formations.skirmishers.max_distance_pas", "15", 0, 100000,
                     &r->skirm.max15)) ||
        (st = int_of(l, o, p, "deploy_move_num", 0, 100, &r->skirm.deploy_num)) ||
        (st = int_of(l, o, p, "deploy_move_den", 1, 100, &r->skirm.deploy_den)))
        return st;
    return GROG_OK;
}

static grog_status load_interp(const ld *l, json_t *sec, grog_aigles_formation_rules *r)
{
    static const char *const k[] = {
        "rows_both_ways", "reform_rows_one_way", "own_row_first", "quickest_chain",
        "status_extra_once_per_change", "status_extra_on_free_changes",
        "status_extra_on_actions", "division_column_rows", "engineers_rows",
        "mass_only_from_columns", "massing_kept_rounds_up", "small_unit_whole_unit_only",
        "small_unit_time_is_cap", "small_battery_covers_reform", "turn_half_periods",
        "hollow_square_capacity_rounds_down", "horse_teams_round_up", NULL};
    json_t *o;
    char p[256];
    aigf_interp *in = &r->in;
    grog_status st = part(l, sec, "interpretations", k, &o, NULL, p, sizeof p);
    int *flags[] = {&in->rows_both_ways, &in->reform_rows_one_way, &in->own_row_first,
                    &in->quickest_chain, &in->status_extra_once_per_change,
                    &in->status_extra_on_free_changes, &in->status_extra_on_actions};
    for (int i = 0; st == GROG_OK && i < 7; i++)
        st = bool_of(l, o, p, k[i], flags[i]);
    if (st || (st = formation_of(l, o, p, "division_column_rows", &in->division_column_rows)) ||
        (st = enum_of(l, o, p, "engineers_rows", table_names, 2, &in->engineers_table)) ||
        (st = bool_of(l, o, p, "mass_only_from_columns", &in->mass_only_from_columns)) ||
        (st = bool_of(l, o, p, "massing_kept_rounds_up", &in->massing_kept_rounds_up)) ||
        (st = bool_of(l, o, p, "small_unit_whole_unit_only", &in->small_unit_whole_unit_only)) ||
        (st = bool_of(l, o, p, "small_unit_time_is_cap", &in->small_unit_time_is_cap)) ||
        (st = bool_of(l, o, p, "small_battery_covers_reform", &in->small_battery_covers_reform)) ||
        (st = int_of(l, o, p, "turn_half_periods", 1, 100, &in->turn_half_periods)) ||
        (st = bool_of(l, o, p, "hollow_square_capacity_rounds_down",
                      &in->hollow_square_capacity_rounds_down)) ||
        (st = bool_of(l, o, p, "horse_teams_round_up", &in->horse_teams_round_up)))
        return st;
    return GROG_OK;
}

static grog_status load_section(const ld *l, grog_aigles_formation_rules *r)
{
    static const char *const k[] = {
        "unit", "catalogue", "spacing_effects", "depth_effects", "change_table", "half_turn",
        "extra_rows", "status_extra", "small_unit", "four_company_column", "artillery_file",
        "small_battery", "quarter_turn", "company_column", "irregular", "square",
        "hollow_square", "massing", "division_column", "skirmishers", "horse_teams",
        "interpretations", NULL};
    json_t *root = l->d->root, *sec;
    const char *family, *unit;
    grog_status st = grog_rulesdata_string(l->d, root, "", "family", &family, l->err);
    if (st != GROG_OK)
        return st;
    if (strcmp(family, "aigles") != 0)
        return bad(l, "family", _("expected \"aigles\", not \"%s\""), family);
    if ((st = child(l, root, "", "formations", JSON_OBJECT, &sec)) ||
        (st = keys(l, sec, "formations", k)) || (st = str_of(l, sec, "formations", "unit", &unit)))
        return st;
    if (strcmp(unit, "half-periods") != 0)
        return bad(l, "formations.unit", _("expected \"half-periods\", not \"%s\""), unit);
    if ((st = load_catalogue(l, sec, r)) ||
        (st = load_effect_sets(l, sec, "spacing_effects", aigf_spacing_names,
                               GROG_AIGLES_SPACING_COUNT, r->spacing_effects)) ||
        (st = load_effect_sets(l, sec, "depth_effects", aigf_depth_names, GROG_AIGLES_DEPTH_COUNT,
                               r->depth_effects)) ||
        (st = load_tables(l, sec, r)) || (st = load_extra(l, sec, r)) ||
        (st = load_units(l, sec, r)) || (st = load_artillery(l, sec, r)) ||
        (st = load_moves(l, sec, r)) || (st = load_figures(l, sec, r)) ||
        (st = load_interp(l, sec, r)))
        return st;
    return GROG_OK;
}

static grog_status finish(grog_rulesdata *d, grog_aigles_formation_rules **out, grog_error *err)
{
    grog_aigles_formation_rules *r = calloc(1, sizeof *r);
    if (r == NULL) {
        grog_rulesdata_free(d);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory loading the formation rules"));
    }
    r->data = *d;
    ld l = {&r->data, err};
    grog_status st = load_section(&l, r);
    if (st != GROG_OK) {
        grog_aigles_formation_rules_destroy(r);
        return st;
    }
    *out = r;
    return GROG_OK;
}

grog_status grog_aigles_formation_rules_load(const char *path, grog_aigles_formation_rules **out,
                                             grog_error *err)
{
    grog_rulesdata d;
    grog_status st = grog_rulesdata_load("aigles", path, &d, err);
    if (st != GROG_OK)
        return st;
    return finish(&d, out, err);
}

grog_status grog_aigles_formation_rules_parse(const char *text, const char *label,
                                              grog_aigles_formation_rules **out,
                                              grog_error *err)
{
    grog_rulesdata d;
    memset(&d, 0, sizeof d);
    grog_status st = grog_rulesdata_parse(text, label, &d, err);
    if (st != GROG_OK)
        return st;
    return finish(&d, out, err);
}

void grog_aigles_formation_rules_destroy(grog_aigles_formation_rules *r)
{
    if (r == NULL)
        return;
    grog_rulesdata_free(&r->data);
    free(r);
}
