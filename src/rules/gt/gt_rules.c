/* gt_rules.c — loading and validating data/rules/gt.json (Grande Tactique).
 *
 * Every key is read with the typed readers of rulesdata.h, so that a bad
 * house-rules file is refused with FILE:LINE:COLUMN: path: message, and
 * unknown keys are refused as typos. On error nothing is left allocated. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gt_rules.h"
#include "i18n.h"
#include "jsonpos.h"

static const char *const step_names[GT_NSTEPS] = {"allocate", "bad_commander", "skill", "bonus",
                                                  "floor"};

const char *grog_gt_step_name(gt_step step)
{
    return step_names[step];
}

char *grog_gt_order_text(const grog_gt_rules *rules, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < GT_NSTEPS && used < size; i++) {
        int n = snprintf(buf + used, size - used, "%s%s", i ? "," : "",
                         step_names[rules->order[i]]);
        if (n < 0)
            break;
        used += (size_t)n;
    }
    return buf;
}

typedef struct loader {
    const grog_rulesdata *d;
    grog_error *err;
} loader;

static grog_status read_int(loader *l, json_t *obj, const char *path, const char *key, long lo,
                            long hi, int *out)
{
    long v;
    grog_status st = grog_rulesdata_int(l->d, obj, path, key, lo, hi, &v, l->err);
    if (st == GROG_OK)
        *out = (int)v;
    return st;
}

static grog_status read_child(loader *l, json_t *obj, const char *path, const char *key,
                              const char *const *keys, json_t **out)
{
    grog_status st = grog_rulesdata_child(l->d, obj, path, key, JSON_OBJECT, out, l->err);
    if (st != GROG_OK)
        return st;
    return grog_rulesdata_known_keys(l->d, *out, key, keys, l->err);
}

static grog_status load_skill(loader *l, grog_gt_rules *r)
{
    static const char *const keys[] = {"great", "ordinary", "bad", NULL};
    json_t *o;
    grog_status st = read_child(l, l->d->root, "", "skill", keys, &o);
    if (st == GROG_OK)
        st = read_int(l, o, "skill", "great", -6, 6, &r->skill[GROG_GT_QUALITY_GREAT]);
    if (st == GROG_OK)
        st = read_int(l, o, "skill", "ordinary", -6, 6, &r->skill[GROG_GT_QUALITY_ORDINARY]);
    if (st == GROG_OK)
        st = read_int(l, o, "skill", "bad", -6, 6, &r->skill[GROG_GT_QUALITY_BAD]);
    return st;
}

static grog_status load_commanders(loader *l, grog_gt_rules *r)
{
    static const char *const keys[] = {"die", "becomes", NULL};
    json_t *root = l->d->root, *o;
    grog_status st = grog_rulesdata_number(l->d, root, "", "command_radius_in", 0, 1000,
                                           &r->radius_in, l->err);
    if (st == GROG_OK)
        st = read_int(l, root, "", "commander_pip", 0, 6, &r->commander_pip);
    if (st == GROG_OK)
        st = read_child(l, root, "", "bad_commander", keys, &o);
    if (st == GROG_OK)
        st = read_int(l, o, "bad_commander", "die", 1, GT_DIE_SIDES, &r->bad_die);
    if (st == GROG_OK)
        st = read_int(l, o, "bad_commander", "becomes", -6, 6, &r->bad_becomes);
    return st;
}

static grog_status load_floor(loader *l, grog_gt_rules *r)
{
    static const char *const keys[] = {"value", "default", "note", NULL};
    json_t *o;
    grog_status st = read_child(l, l->d->root, "", "pip_floor", keys, &o);
    if (st == GROG_OK)
        st = read_int(l, o, "pip_floor", "value", -6, 6, &r->floor);
    if (st == GROG_OK)
        st = grog_rulesdata_bool(l->d, o, "pip_floor", "default", &r->floor_default, l->err);
    if (st == GROG_OK)
        st = grog_rulesdata_string(l->d, o, "pip_floor", "note", &r->floor_note, l->err);
    return st;
}

static grog_status load_attached(loader *l, grog_gt_rules *r)
{
    static const char *const keys[] = {"morale", "cost_multiplier", "contact_tolerance_mm", NULL};
    static const char *const ooc_keys[] = {"at_most", NULL};
    json_t *o;
    grog_status st = read_child(l, l->d->root, "", "attached", keys, &o);
    if (st == GROG_OK)
        st = read_int(l, o, "attached", "morale", -6, 6, &r->morale);
    if (st == GROG_OK)
        st = read_int(l, o, "attached", "cost_multiplier", 1, 10, &r->multiplier);
    if (st == GROG_OK)
        st = grog_rulesdata_number(l->d, o, "attached", "contact_tolerance_mm", 0, 100,
                                   &r->contact_mm, l->err);
    if (st == GROG_OK)
        st = read_child(l, l->d->root, "", "out_of_commission", ooc_keys, &o);
    if (st == GROG_OK)
        st = read_int(l, o, "out_of_commission", "at_most", 0, GT_DIE_SIDES, &r->ooc_at_most);
    return st;
}

/* "arms": the arms the action is for ([] : it names no unit); "needs": the
 * states the unit must be in ("fleeing"). Both optional: any unit. */
static grog_status load_arms(loader *l, json_t *o, const char *path, gt_action *a)
{
    static const char *const keys[] = {"arms", "needs"};
    for (int k = 0; k < 2; k++) {
        json_t *arr = json_object_get(o, keys[k]);
        if (arr == NULL)
            continue;
        char p[96];
        snprintf(p, sizeof p, "%s.%s", path, keys[k]);
        if (!json_is_array(arr))
            return grog_jsonpos_error(l->err, GROG_EFORMAT, l->d->label, l->d->text, p,
                                      _("expected a list of names"));
        if (k == 0)
            a->has_arms = 1;
        size_t i;
        json_t *v;
        json_array_foreach(arr, i, v) {
            const char *name = json_string_value(v);
            grog_arm arm;
            grog_unit_flag flag;
            if (name != NULL && k == 0 && grog_arm_parse(name, &arm, NULL) == GROG_OK)
                a->arms |= 1u << arm;
            else if (name != NULL && k == 1 && grog_unit_flag_parse(name, &flag, NULL) == GROG_OK)
                a->needs |= (unsigned)flag;
            else
                return grog_jsonpos_error(l->err, GROG_EFORMAT, l->d->label, l->d->text, p,
                                          k == 0 ? _("\"%s\" is not an arm")
                                                 : _("\"%s\" is not a unit state"),
                                          name != NULL ? name : "?");
        }
    }
    return GROG_OK;
}

static grog_status load_action(loader *l, json_t *o, const char *path, gt_action *a)
{
    static const char *const keys[] = {"id", "cost", "default", "note", "arms", "needs", NULL};
    if (!json_is_object(o))
        return grog_jsonpos_error(l->err, GROG_EFORMAT, l->d->label, l->d->text, path,
                                  _("expected an object"));
    grog_status st = grog_rulesdata_known_keys(l->d, o, path, keys, l->err);
    if (st == GROG_OK)
        st = grog_rulesdata_string(l->d, o, path, "id", &a->id, l->err);
    if (st == GROG_OK && a->id[0] == '\0')
        st = grog_jsonpos_error(l->err, GROG_EFORMAT, l->d->label, l->d->text, path,
                                _("an action id cannot be empty"));
    if (st == GROG_OK)
        st = read_int(l, o, path, "cost", 0, 100, &a->cost);
    if (st == GROG_OK)
        st = grog_rulesdata_bool(l->d, o, path, "default", &a->is_default, l->err);
    if (st == GROG_OK)
        st = grog_rulesdata_string(l->d, o, path, "note", &a->note, l->err);
    if (st == GROG_OK)
        st = load_arms(l, o, path, a);
    return st;
}

static grog_status load_costs(loader *l, grog_gt_rules *r)
{
    json_t *arr;
    grog_status st = grog_rulesdata_child(l->d, l->d->root, "", "costs", JSON_ARRAY, &arr, l->err);
    if (st != GROG_OK)
        return st;
    size_t n = json_array_size(arr);
    if (n == 0)
        return grog_jsonpos_error(l->err, GROG_EFORMAT, l->d->label, l->d->text, "costs",
                                  _("the cost table is empty"));
    r->actions = calloc(n, sizeof *r->actions);
    if (r->actions == NULL)
        return grog_error_set(l->err, GROG_ENOMEM, _("out of memory loading %s"), l->d->label);
    for (size_t i = 0; i < n; i++) {
        char path[64];
        snprintf(path, sizeof path, "costs[%zu]", i);
        st = load_action(l, json_array_get(arr, i), path, &r->actions[i]);
        if (st != GROG_OK)
            return st;
        for (size_t j = 0; j < i; j++)
            if (strcmp(r->actions[j].id, r->actions[i].id) == 0)
                return grog_jsonpos_error(l->err, GROG_EFORMAT, l->d->label, l->d->text, path,
                                          _("action \"%s\" is listed twice"), r->actions[i].id);
        r->nactions = i + 1;
    }
    return GROG_OK;
}

/* Reads one of names[] into *index. */
static grog_status read_enum(loader *l, json_t *o, const char *key, const char *const *names,
                             int n, int *index)
{
    const char *s;
    char path[128];
    snprintf(path, sizeof path, "interpretations.%s", key);
    grog_status st = grog_rulesdata_string(l->d, o, "interpretations", key, &s, l->err);
    if (st != GROG_OK)
        return st;
    for (int i = 0; i < n; i++) {
        if (strcmp(s, names[i]) == 0) {
            *index = i;
            return GROG_OK;
        }
    }
    char list[256] = "";
    for (int i = 0; i < n; i++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", names[i]);
    return grog_jsonpos_error(l->err, GROG_EFORMAT, l->d->label, l->d->text, path,
                              _("unknown value \"%s\"; expected one of: %s"), s, list);
}

static grog_status load_order(loader *l, json_t *o, grog_gt_rules *r)
{
    json_t *arr;
    grog_status st = grog_rulesdata_child(l->d, o, "interpretations", "order", JSON_ARRAY, &arr,
                                          l->err);
    if (st != GROG_OK)
        return st;
    const char *path = "interpretations.order";
    if (json_array_size(arr) != GT_NSTEPS)
        return grog_jsonpos_error(l->err, GROG_EFORMAT, l->d->label, l->d->text, path,
                                  _("expected the %d steps allocate, bad_commander, skill, "
                                    "bonus, floor, each once"),
                                  GT_NSTEPS);
    int seen[GT_NSTEPS] = {0};
    for (int i = 0; i < GT_NSTEPS; i++) {
        const char *s = json_string_value(json_array_get(arr, (size_t)i));
        int k = 0;
        while (s != NULL && k < GT_NSTEPS && strcmp(s, step_names[k]) != 0)
            k++;
        if (s == NULL || k == GT_NSTEPS || seen[k])
            return grog_jsonpos_error(l->err, GROG_EFORMAT, l->d->label, l->d->text, path,
                                      _("step %d: expected one of allocate, bad_commander, "
                                        "skill, bonus, floor, each once"),
                                      i + 1);
        seen[k] = 1;
        r->order[i] = (gt_step)k;
    }
    if (r->order[0] != GT_STEP_ALLOCATE || r->order[GT_NSTEPS - 1] != GT_STEP_FLOOR)
        return grog_jsonpos_error(l->err, GROG_EFORMAT, l->d->label, l->d->text, path,
                                  _("\"allocate\" must come first and \"floor\" last"));
    return GROG_OK;
}

static grog_status load_interpretations(loader *l, grog_gt_rules *r)
{
    static const char *const keys[] = {"allocation_with_plan", "allocation_without_plan",
                                       "order", "bad_commander_loses_pip",
                                       "attached_commander_keeps_unit_pip",
                                       "plan_change_keeps_unit_pips", NULL};
    static const char *const alloc_names[] = {"own_die", "rank", "floor_mean"};
    static const char *const lose_names[] = {"turn", "that_general"};
    json_t *o;
    int a = 0, b = 0, lose = 0;
    grog_status st = read_child(l, l->d->root, "", "interpretations", keys, &o);
    if (st == GROG_OK)
        st = read_enum(l, o, "allocation_with_plan", alloc_names, 3, &a);
    if (st == GROG_OK)
        st = read_enum(l, o, "allocation_without_plan", alloc_names, 3, &b);
    if (st == GROG_OK && b == GROG_GT_ALLOC_RANK)
        st = grog_jsonpos_error(l->err, GROG_EFORMAT, l->d->label, l->d->text,
                                "interpretations.allocation_without_plan",
                                _("\"rank\" needs a plan: use floor_mean or own_die"));
    if (st == GROG_OK)
        st = load_order(l, o, r);
    if (st == GROG_OK)
        st = read_enum(l, o, "bad_commander_loses_pip", lose_names, 2, &lose);
    if (st == GROG_OK)
        st = grog_rulesdata_bool(l->d, o, "interpretations", "attached_commander_keeps_unit_pip",
                                 &r->attached_keeps_unit_pip, l->err);
    if (st == GROG_OK)
        st = grog_rulesdata_bool(l->d, o, "interpretations", "plan_change_keeps_unit_pips",
                                 &r->plan_change_keeps_unit_pips, l->err);
    r->alloc_plan = (grog_gt_alloc)a;
    r->alloc_no_plan = (grog_gt_alloc)b;
    r->loses_turn = lose == 0;
    return st;
}

static grog_status load_all(loader *l, grog_gt_rules *r)
{
    /* "source" names the rulebook; "seed" is its old name, still read. */
    static const char *const keys[] = {"family", "source", "seed", "command_radius_in", "skill",
                                       "commander_pip", "bad_commander", "pip_floor",
                                       "attached", "out_of_commission", "costs",
                                       "interpretations", "orders", NULL};
    const char *family;
    grog_status st = grog_rulesdata_known_keys(l->d, l->d->root, "", keys, l->err);
    if (st == GROG_OK)
        st = grog_rulesdata_string(l->d, l->d->root, "", "family", &family, l->err);
    if (st == GROG_OK && strcmp(family, "gt") != 0)
        st = grog_jsonpos_error(l->err, GROG_EFORMAT, l->d->label, l->d->text, "family",
                                _("this is a rules file of family \"%s\", not \"gt\""), family);
    if (st == GROG_OK)
        st = load_skill(l, r);
    if (st == GROG_OK)
        st = load_commanders(l, r);
    if (st == GROG_OK)
        st = load_floor(l, r);
    if (st == GROG_OK)
        st = load_attached(l, r);
    if (st == GROG_OK)
        st = load_costs(l, r);
    if (st == GROG_OK)
        st = load_interpretations(l, r);
    return st;
}

/* Validates loaded data into a new rules handle (takes the data over). */
static grog_status finish(grog_gt_rules *r, grog_gt_rules **out, grog_error *err)
{
    loader l = {&r->data, err};
    grog_status st = load_all(&l, r);
    if (st != GROG_OK) {
        grog_gt_rules_destroy(r);
        return st;
    }
    *out = r;
    return GROG_OK;
}

grog_status grog_gt_rules_load(const char *path, grog_gt_rules **out, grog_error *err)
{
    grog_gt_rules *r = calloc(1, sizeof *r);
    if (r == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory loading the gt rules"));
    grog_status st = grog_rulesdata_load("gt", path, &r->data, err);
    if (st != GROG_OK) {
        free(r);
        return st;
    }
    return finish(r, out, err);
}

grog_status grog_gt_rules_parse(const char *text, const char *label, grog_gt_rules **out,
                                grog_error *err)
{
    grog_gt_rules *r = calloc(1, sizeof *r);
    if (r == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory loading the gt rules"));
    grog_status st = grog_rulesdata_parse(text, label, &r->data, err);
    if (st != GROG_OK) {
        free(r);
        return st;
    }
    return finish(r, out, err);
}

void grog_gt_rules_destroy(grog_gt_rules *rules)
{
    if (rules == NULL)
        return;
    free(rules->actions);
    grog_rulesdata_free(&rules->data);
    free(rules);
}

double grog_gt_command_radius_in(const grog_gt_rules *rules)
{
    return rules->radius_in;
}

grog_status grog_gt_action_fits(const grog_gt_rules *rules, const char *action,
                                const grog_troop *u, grog_error *err)
{
    const gt_action *a = NULL;
    for (size_t i = 0; i < rules->nactions && a == NULL; i++)
        if (strcmp(rules->actions[i].id, action) == 0)
            a = &rules->actions[i];
    if (a == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("GT-15: no action \"%s\" in the PIP cost "
                                                     "table"),
                              action);
    if (u == NULL)
        return GROG_OK;
    if (a->has_arms && a->arms == 0)
        return grog_error_set(err, GROG_EINVAL, _("GT-15: %s names no unit"), action);
    if (a->has_arms && !(a->arms & (1u << u->arm))) {
        char arms[128] = "";
        for (int k = 0; k < GROG_ARM_COUNT; k++)
            if (a->arms & (1u << k)) {
                size_t n = strlen(arms);
                snprintf(arms + n, sizeof arms - n, "%s%s", n ? ", " : "",
                         grog_arm_name((grog_arm)k));
            }
        return grog_error_set(err, GROG_ERULE, _("GT-15: %s is for %s; %s is %s"), action, arms,
                              u->name, grog_arm_name(u->arm));
    }
    for (int f = 0; f < GROG_UNIT_FLAG_COUNT; f++)
        if ((a->needs & (1u << f)) && !(u->flags & (1u << f)))
            return grog_error_set(err, GROG_ERULE, _("GT-15: %s needs a unit that is %s; %s is "
                                                     "not"),
                                  action, grog_unit_flag_name((grog_unit_flag)(1u << f)), u->name);
    return GROG_OK;
}

int grog_gt_attached_keeps_unit_pip(const grog_gt_rules *rules)
{
    return rules->attached_keeps_unit_pip;
}

size_t grog_gt_action_count(const grog_gt_rules *rules)
{
    return rules->nactions;
}

const char *grog_gt_action_id(const grog_gt_rules *rules, size_t i)
{
    return i < rules->nactions ? rules->actions[i].id : NULL;
}

int grog_gt_action_base_cost(const grog_gt_rules *rules, size_t i)
{
    return i < rules->nactions ? rules->actions[i].cost : -1;
}

int grog_gt_action_is_default(const grog_gt_rules *rules, size_t i)
{
    return i < rules->nactions ? rules->actions[i].is_default : 0;
}

const gt_action *grog_gt_action_find(const grog_gt_rules *rules, const char *id)
{
    for (size_t i = 0; i < rules->nactions; i++)
        if (strcmp(rules->actions[i].id, id) == 0)
            return &rules->actions[i];
    return NULL;
}
