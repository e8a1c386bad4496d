/* aigles_rules.c — loading and querying the "officers" section of
 * data/rules/aigles.json: zones (AIG-O-07), charisma radii (AIG-O-04),
 * reaction by status (AIG-O-15), the bonuses, the AIG-O-08 variant, the pas
 * scale and the named interpretations.
 *
 * Every value is read with the typed readers of rulesdata.h so that an error
 * names FILE:LINE:COLUMN; unknown keys are refused. The "formations" section
 * belongs to the formations loader and is ignored here. On error nothing is
 * allocated. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "jsonpos.h"
#include "rules/aigles/officers.h"
#include "rulesdata.h"

static const char *const scale_keys[AIGLES_NSCALE] = {"25", "15"};
static const int scale_mm[AIGLES_NSCALE] = {25, 15};

static const char *const status_names[GROG_AIGLES_NSTATUS] = {
    "garde", "elite", "veteran", "regular", "semi-regular", "militia", "irregular",
};

static const char *const default_names[AIGLES_NDEF] = {
    "adc.speed_pas_per_periode",
    "command_points.adc_dispatch_cost",
    "measure.contact_tolerance_mm",
    "fire.casualties_accumulate",
    "fire.isolated_beyond_pas",
};

/* The loader's state: the parsed file and the rules being filled. */
typedef struct loader {
    grog_rulesdata d;
    grog_aigles_rules *r;
    grog_error *err;
} loader;

#define P "officers"

static grog_status child(loader *l, json_t *obj, const char *path, const char *key,
                         const char *const *keys, json_t **out)
{
    grog_status st = grog_rulesdata_child(&l->d, obj, path, key, JSON_OBJECT, out, l->err);
    if (st != GROG_OK || keys == NULL)
        return st;
    char full[256];
    snprintf(full, sizeof full, "%s%s%s", path, path[0] ? "." : "", key);
    return grog_rulesdata_known_keys(&l->d, *out, full, keys, l->err);
}

static grog_status get_int(loader *l, json_t *obj, const char *path, const char *key, long lo,
                           long hi, int *out)
{
    long v;
    grog_status st = grog_rulesdata_int(&l->d, obj, path, key, lo, hi, &v, l->err);
    if (st == GROG_OK)
        *out = (int)v;
    return st;
}

static grog_status get_num(loader *l, json_t *obj, const char *path, const char *key, double lo,
                           double hi, double *out)
{
    return grog_rulesdata_number(&l->d, obj, path, key, lo, hi, out, l->err);
}

/* {"25": x, "15": y} → out[0], out[1]. */
static grog_status by_scale(loader *l, json_t *obj, const char *path, const char *key, double lo,
                            double hi, double out[AIGLES_NSCALE])
{
    static const char *const keys[] = {"25", "15", NULL};
    json_t *o;
    grog_status st = child(l, obj, path, key, keys, &o);
    char full[256];
    snprintf(full, sizeof full, "%s.%s", path, key);
    for (int i = 0; st == GROG_OK && i < AIGLES_NSCALE; i++)
        st = get_num(l, o, full, scale_keys[i], lo, hi, &out[i]);
    return st;
}

static grog_status load_measure(loader *l, json_t *sec)
{
    static const char *const keys[] = {"mm_per_pas", "periodes_per_turn", "contact_tolerance_mm",
                                       NULL};
    json_t *o;
    grog_status st = child(l, sec, P, "measure", keys, &o);
    if (st == GROG_OK)
        st = get_num(l, o, P ".measure", "mm_per_pas", 0.001, 1000, &l->r->mm_per_pas);
    if (st == GROG_OK)
        st = get_int(l, o, P ".measure", "periodes_per_turn", 1, 100, &l->r->periodes_per_turn);
    if (st == GROG_OK)
        st = get_num(l, o, P ".measure", "contact_tolerance_mm", 0, 1000,
                     &l->r->contact_tolerance_mm);
    if (st == GROG_OK && l->r->mm_per_pas <= 0)
        st = grog_jsonpos_error(l->err, GROG_EFORMAT, l->d.label, l->d.text,
                                P ".measure.mm_per_pas", _("must be positive"));
    return st;
}

static grog_status load_ratings(loader *l, json_t *sec)
{
    static const char *const keys[] = {"min", "max", NULL};
    json_t *o;
    grog_status st = child(l, sec, P, "ratings", keys, &o);
    if (st == GROG_OK)
        st = get_int(l, o, P ".ratings", "min", 0, 0, &l->r->rating_min);
    if (st == GROG_OK)
        st = get_int(l, o, P ".ratings", "max", 1, AIGLES_MAX_COMMAND, &l->r->rating_max);
    return st;
}

/* One zone entry: "contact" or a number of pas. */
static grog_status zone_entry(loader *l, json_t *o, const char *path, int scale, int command)
{
    char key[4], full[256];
    snprintf(key, sizeof key, "%d", command);
    snprintf(full, sizeof full, "%s.%s", path, key);
    json_t *v = json_object_get(o, key);
    if (v == NULL && command == 0)
        return GROG_OK; /* command 0: no zone, no orders (AIG-O-07 interpretation) */
    if (v == NULL)
        return grog_jsonpos_error(l->err, GROG_EFORMAT, l->d.label, l->d.text, path,
                                  _("missing \"%s\""), key);
    if (json_is_string(v) && strcmp(json_string_value(v), "contact") == 0) {
        l->r->contact[scale][command] = 1;
        l->r->has_zone[scale][command] = 1;
        return GROG_OK;
    }
    if (!json_is_number(v) || json_number_value(v) < 0 || json_number_value(v) > 100000)
        return grog_jsonpos_error(l->err, GROG_EFORMAT, l->d.label, l->d.text, full,
                                  _("expected \"contact\" or a number of pas from 0 to 100000"));
    l->r->zone[scale][command] = json_number_value(v);
    l->r->has_zone[scale][command] = 1;
    return GROG_OK;
}

static grog_status load_zones(loader *l, json_t *sec)
{
    static const char *const keys[] = {"25", "15", NULL};
    static const char *const cmd_keys[] = {"0", "1", "2", "3", "4", "5", NULL};
    json_t *o;
    grog_status st = child(l, sec, P, "command_zone", keys, &o);
    for (int s = 0; st == GROG_OK && s < AIGLES_NSCALE; s++) {
        json_t *z;
        st = child(l, o, P ".command_zone", scale_keys[s], cmd_keys, &z);
        char path[64];
        snprintf(path, sizeof path, P ".command_zone.%s", scale_keys[s]);
        for (int c = 0; st == GROG_OK && c <= AIGLES_MAX_COMMAND; c++)
            st = zone_entry(l, z, path, s, c);
    }
    return st;
}

static grog_status load_points(loader *l, json_t *sec)
{
    static const char *const keys[] = {"per_command", "adc_dispatch_cost", NULL};
    json_t *o;
    grog_status st = child(l, sec, P, "command_points", keys, &o);
    if (st == GROG_OK)
        st = get_int(l, o, P ".command_points", "per_command", 0, 100,
                     &l->r->points_per_command);
    if (st == GROG_OK)
        st = get_int(l, o, P ".command_points", "adc_dispatch_cost", 0, 10,
                     &l->r->adc_dispatch_cost);
    return st;
}

static grog_status load_test(loader *l, json_t *sec)
{
    static const char *const keys[] = {"dice", "comparison", NULL};
    json_t *o;
    const char *dice, *cmp;
    grog_status st = child(l, sec, P, "order_test", keys, &o);
    if (st == GROG_OK)
        st = grog_rulesdata_string(&l->d, o, P ".order_test", "dice", &dice, l->err);
    if (st == GROG_OK && grog_dice_parse(dice, &l->r->dice, NULL) != GROG_OK)
        st = grog_jsonpos_error(l->err, GROG_EFORMAT, l->d.label, l->d.text,
                                P ".order_test.dice", _("not a dice expression such as d6"));
    if (st == GROG_OK)
        grog_dice_format(&l->r->dice, l->r->dice_text, sizeof l->r->dice_text);
    if (st == GROG_OK)
        st = grog_rulesdata_string(&l->d, o, P ".order_test", "comparison", &cmp, l->err);
    if (st == GROG_OK && grog_cmp_parse(cmp, &l->r->cmp, NULL) != GROG_OK)
        st = grog_jsonpos_error(l->err, GROG_EFORMAT, l->d.label, l->d.text,
                                P ".order_test.comparison",
                                _("expected one of <, <=, =, >=, >"));
    return st;
}

static grog_status load_reaction(loader *l, json_t *sec)
{
    static const char *const keys[] = {"garde",        "elite",   "veteran",   "regular",
                                       "semi-regular", "militia", "irregular", NULL};
    json_t *o;
    grog_status st = child(l, sec, P, "reaction", keys, &o);
    for (int i = 0; st == GROG_OK && i < GROG_AIGLES_NSTATUS; i++)
        st = get_int(l, o, P ".reaction", status_names[i], 0, 20, &l->r->reaction[i]);
    return st;
}

static grog_status load_bonuses(loader *l, json_t *sec)
{
    static const char *const ekeys[] = {"command_per_turn", "costs_command_point",
                                        "other_orders_same_turn", NULL};
    static const char *const fkeys[] = {"turns_per_step", "reaction_per_step", NULL};
    static const char *const mkeys[] = {"general_turns_in_melee", NULL};
    json_t *o;
    grog_status st = child(l, sec, P, "explaining", ekeys, &o);
    if (st == GROG_OK)
        st = get_int(l, o, P ".explaining", "command_per_turn", 0, 10, &l->r->explain_per_turn);
    /* AIG-O-18's readings; older house-rules files do not give them */
    l->r->explain_costs_point = 0;
    l->r->explain_other_orders = 1;
    if (st == GROG_OK && json_object_get(o, "costs_command_point") != NULL)
        st = grog_rulesdata_bool(&l->d, o, P ".explaining", "costs_command_point",
                                 &l->r->explain_costs_point, l->err);
    if (st == GROG_OK && json_object_get(o, "other_orders_same_turn") != NULL)
        st = grog_rulesdata_bool(&l->d, o, P ".explaining", "other_orders_same_turn",
                                 &l->r->explain_other_orders, l->err);
    if (st == GROG_OK)
        st = child(l, sec, P, "failed_turns", fkeys, &o);
    if (st == GROG_OK)
        st = get_int(l, o, P ".failed_turns", "turns_per_step", 1, 100,
                     &l->r->failed_turns_per_step);
    if (st == GROG_OK)
        st = get_int(l, o, P ".failed_turns", "reaction_per_step", 0, 10,
                     &l->r->failed_reaction_per_step);
    if (st == GROG_OK)
        st = child(l, sec, P, "melee", mkeys, &o);
    if (st == GROG_OK)
        st = get_int(l, o, P ".melee", "general_turns_in_melee", 0, 100, &l->r->melee_turns);
    return st;
}

static grog_status load_variant(loader *l, json_t *sec)
{
    static const char *const keys[] = {"enabled", "step_pas", "command_per_step", "min_command",
                                       NULL};
    json_t *o;
    grog_status st = child(l, sec, P, "distance_variant", keys, &o);
    if (st == GROG_OK)
        st = grog_rulesdata_bool(&l->d, o, P ".distance_variant", "enabled",
                                 &l->r->variant_enabled, l->err);
    if (st == GROG_OK)
        st = get_num(l, o, P ".distance_variant", "step_pas", 1, 100000,
                     &l->r->variant_step_pas);
    if (st == GROG_OK)
        st = get_int(l, o, P ".distance_variant", "command_per_step", 0, 10,
                     &l->r->variant_per_step);
    if (st == GROG_OK)
        st = get_int(l, o, P ".distance_variant", "min_command", -10, 0,
                     &l->r->variant_min_command);
    return st;
}

static grog_status load_charisma(loader *l, json_t *sec)
{
    static const char *const keys[] = {"first_radius",  "ring_width",       "first_bonus_offset",
                                       "ring_step",     "indirect_combine", NULL};
    json_t *o;
    const char *combine;
    grog_status st = child(l, sec, P, "charisma", keys, &o);
    if (st == GROG_OK)
        st = by_scale(l, o, P ".charisma", "first_radius", 0, 100000, l->r->first_radius);
    if (st == GROG_OK)
        st = by_scale(l, o, P ".charisma", "ring_width", 0.001, 100000, l->r->ring_width);
    if (st == GROG_OK)
        st = get_int(l, o, P ".charisma", "first_bonus_offset", -5, 0,
                     &l->r->first_bonus_offset);
    if (st == GROG_OK)
        st = get_int(l, o, P ".charisma", "ring_step", 1, 5, &l->r->ring_step);
    if (st == GROG_OK)
        st = grog_rulesdata_string(&l->d, o, P ".charisma", "indirect_combine", &combine,
                                   l->err);
    if (st != GROG_OK)
        return st;
    if (strcmp(combine, "best") == 0)
        l->r->combine = AIGLES_COMBINE_BEST;
    else if (strcmp(combine, "sum") == 0)
        l->r->combine = AIGLES_COMBINE_SUM;
    else
        return grog_jsonpos_error(l->err, GROG_EFORMAT, l->d.label, l->d.text,
                                  P ".charisma.indirect_combine",
                                  _("expected \"best\" or \"sum\""));
    return GROG_OK;
}

static grog_status load_adc_fire(loader *l, json_t *sec)
{
    static const char *const akeys[] = {"speed_pas_per_periode", NULL};
    static const char *const fkeys[] = {"casualties_to_eliminate", "casualties_accumulate",
                                        "isolated_beyond_pas", NULL};
    json_t *o;
    grog_status st = child(l, sec, P, "adc", akeys, &o);
    if (st == GROG_OK)
        st = by_scale(l, o, P ".adc", "speed_pas_per_periode", 0.001, 100000, l->r->adc_speed);
    if (st == GROG_OK)
        st = child(l, sec, P, "fire", fkeys, &o);
    if (st == GROG_OK)
        st = get_int(l, o, P ".fire", "casualties_to_eliminate", 1, 100000,
                     &l->r->fire_casualties);
    if (st == GROG_OK)
        st = grog_rulesdata_bool(&l->d, o, P ".fire", "casualties_accumulate",
                                 &l->r->fire_accumulate, l->err);
    l->r->fire_isolated_pas = 50; /* older house-rules files do not give it */
    if (st == GROG_OK && json_object_get(o, "isolated_beyond_pas") != NULL)
        st = grog_rulesdata_number(&l->d, o, P ".fire", "isolated_beyond_pas", 0, 100000,
                                   &l->r->fire_isolated_pas, l->err);
    return st;
}

/* AIG-O-27's reading: an ADC replaces a general below his own general at
 * any depth (true, the default) or only one directly under him. */
static grog_status load_replacement(loader *l, json_t *sec)
{
    static const char *const keys[] = {"any_depth", NULL};
    l->r->replace_any_depth = 1;
    if (json_object_get(sec, "replacement") == NULL) /* older house-rules files */
        return GROG_OK;
    json_t *o;
    grog_status st = child(l, sec, P, "replacement", keys, &o);
    if (st == GROG_OK)
        st = grog_rulesdata_bool(&l->d, o, P ".replacement", "any_depth",
                                 &l->r->replace_any_depth, l->err);
    return st;
}

static grog_status load_defaults(loader *l, json_t *sec)
{
    json_t *o;
    grog_status st = child(l, sec, P, "defaults", NULL, &o);
    if (st != GROG_OK)
        return st;
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v) {
        int which = -1;
        for (int i = 0; i < AIGLES_NDEF && which < 0; i++)
            if (strcmp(default_names[i], key) == 0)
                which = i;
        /* the keys hold dots, so the place named is the defaults object */
        if (which < 0)
            return grog_jsonpos_error(l->err, GROG_EFORMAT, l->d.label, l->d.text,
                                      P ".defaults",
                                      _("\"%s\" is not a setting that can be a default (a "
                                        "typo?)"),
                                      key);
        if (!json_is_string(v))
            return grog_jsonpos_error(l->err, GROG_EFORMAT, l->d.label, l->d.text,
                                      P ".defaults", _("\"%s\": expected a string: why it is a "
                                                       "default"),
                                      key);
        l->r->is_default[which] = 1;
        snprintf(l->r->default_note[which], sizeof l->r->default_note[which], "%s",
                 json_string_value(v));
    }
    return GROG_OK;
}

static grog_status load_section(loader *l)
{
    static const char *const root_keys[] = {"family", "officers", "formations", "orders", NULL};
    static const char *const keys[] = {
        "measure",    "ratings",      "command_zone",     "command_points", "order_test",
        "reaction",   "explaining",   "failed_turns",     "distance_variant", "melee",
        "charisma",   "adc",          "fire",             "defaults",       "replacement",
        NULL};
    const char *family;
    json_t *sec;
    grog_status st = grog_rulesdata_known_keys(&l->d, l->d.root, "", root_keys, l->err);
    if (st == GROG_OK)
        st = grog_rulesdata_string(&l->d, l->d.root, "", "family", &family, l->err);
    if (st == GROG_OK && strcmp(family, "aigles") != 0)
        st = grog_jsonpos_error(l->err, GROG_EFORMAT, l->d.label, l->d.text, "family",
                                _("expected \"aigles\", not \"%s\""), family);
    if (st == GROG_OK)
        st = child(l, l->d.root, "", "officers", keys, &sec);
    grog_status (*const parts[])(loader *, json_t *) = {
        load_measure,  load_ratings,  load_zones,    load_points,
        load_test,     load_reaction, load_bonuses,  load_variant,
        load_charisma, load_adc_fire, load_defaults, load_replacement,
    };
    for (size_t i = 0; st == GROG_OK && i < sizeof parts / sizeof parts[0]; i++)
        st = parts[i](l, sec);
    return st;
}

static grog_status finish(loader *l, grog_aigles_rules **out)
{
    grog_status st = load_section(l);
    grog_rulesdata_free(&l->d);
    if (st != GROG_OK) {
        free(l->r);
        return st;
    }
    *out = l->r;
    return GROG_OK;
}

grog_status grog_aigles_rules_load(const char *path, grog_aigles_rules **out, grog_error *err)
{
    loader l = {{0}, NULL, err};
    l.r = calloc(1, sizeof *l.r);
    if (l.r == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory loading the aigles rules"));
    grog_status st = grog_rulesdata_load("aigles", path, &l.d, err);
    if (st != GROG_OK) {
        free(l.r);
        return st;
    }
    return finish(&l, out);
}

grog_status grog_aigles_rules_parse(const char *text, const char *label, grog_aigles_rules **out,
                                    grog_error *err)
{
    loader l = {{0}, NULL, err};
    l.r = calloc(1, sizeof *l.r);
    if (l.r == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory loading the aigles rules"));
    grog_status st = grog_rulesdata_parse(text, label, &l.d, err);
    if (st != GROG_OK) {
        free(l.r);
        return st;
    }
    return finish(&l, out);
}

void grog_aigles_rules_destroy(grog_aigles_rules *r)
{
    free(r);
}

/* ---- helpers shared by the officers modules ---- */

int aigles_scale_index(int figure_mm, grog_error *err)
{
    for (int i = 0; i < AIGLES_NSCALE; i++)
        if (scale_mm[i] == figure_mm)
            return i;
    grog_error_set(err, GROG_EINVAL, _("figure scale must be 25 or 15 mm, not %d"), figure_mm);
    return -1;
}

grog_status aigles_check_rating(const grog_aigles_rules *r, const char *what, int v,
                                grog_error *err)
{
    if (v < r->rating_min || v > r->rating_max)
        return grog_error_set(err, GROG_EINVAL, _("AIG-O-01: %s must be %d to %d, not %d"), what,
                              r->rating_min, r->rating_max, v);
    return GROG_OK;
}

const char *aigles_default_name(int which)
{
    return which >= 0 && which < AIGLES_NDEF ? default_names[which] : "?";
}

void aigles_note_contact_default(const grog_aigles_rules *r, grog_explain *e)
{
    char value[32];
    snprintf(value, sizeof value, "%g", r->contact_tolerance_mm);
    aigles_note_default(r, AIGLES_DEF_CONTACT_TOL, value, e);
}

void aigles_note_default(const grog_aigles_rules *r, int which, const char *value,
                         grog_explain *e)
{
    if (e != NULL && r->is_default[which])
        grog_explain_add_default(e, default_names[which], value, r->default_note[which]);
}

double aigles_mm_per_pas(const grog_aigles_rules *r, double given)
{
    return given > 0 ? given : r->mm_per_pas;
}

double aigles_distance_pas(const grog_base *a, const grog_base *b, double mm_per_pas)
{
    return grog_base_distance(a, b) / mm_per_pas;
}

int aigles_in_contact(const grog_aigles_rules *r, const grog_base *a, const grog_base *b)
{
    return grog_base_distance(a, b) <= r->contact_tolerance_mm + AIGLES_EPS_MM;
}

/* ---- public queries ---- */

double grog_aigles_mm_per_pas(const grog_aigles_rules *r)
{
    return r->mm_per_pas;
}

void grog_aigles_rating_range(const grog_aigles_rules *r, int *lo, int *hi)
{
    *lo = r->rating_min;
    *hi = r->rating_max;
}

int grog_aigles_variant_default(const grog_aigles_rules *r)
{
    return r->variant_enabled;
}

grog_status grog_aigles_adc_speed(const grog_aigles_rules *r, int figure_mm, double *pas,
                                  int *is_default, grog_error *err)
{
    int s = aigles_scale_index(figure_mm, err);
    if (s < 0)
        return GROG_EINVAL;
    *pas = r->adc_speed[s] * r->periodes_per_turn;
    if (is_default != NULL)
        *is_default = r->is_default[AIGLES_DEF_ADC_SPEED];
    return GROG_OK;
}

grog_status grog_aigles_zone(const grog_aigles_rules *r, int command, int figure_mm,
                             double *pas, int *contact_only, grog_error *err)
{
    int s = aigles_scale_index(figure_mm, err);
    if (s < 0)
        return GROG_EINVAL;
    grog_status st = GROG_OK;
    if (!aigles_rating_ok(r, command)) /* the message only when needed: a hot path */
        st = aigles_check_rating(r, _("command"), command, err);
    if (st != GROG_OK)
        return st;
    *pas = r->has_zone[s][command] && !r->contact[s][command] ? r->zone[s][command] : 0;
    *contact_only = r->has_zone[s][command] && r->contact[s][command];
    return GROG_OK;
}

grog_status grog_aigles_charisma_radius(const grog_aigles_rules *r, int charisma, int figure_mm,
                                        double *pas, grog_error *err)
{
    int s = aigles_scale_index(figure_mm, err);
    if (s < 0)
        return GROG_EINVAL;
    grog_status st = GROG_OK;
    if (!aigles_rating_ok(r, charisma)) /* the message only when needed: a hot path */
        st = aigles_check_rating(r, _("charisma"), charisma, err);
    if (st != GROG_OK)
        return st;
    int first = charisma + r->first_bonus_offset;
    if (first <= 0) {
        *pas = 0;
        return GROG_OK;
    }
    /* rings beyond the first radius while the bonus stays > 0 */
    int rings = (first - 1) / r->ring_step;
    *pas = r->first_radius[s] + rings * r->ring_width[s];
    return GROG_OK;
}

grog_status grog_aigles_charisma_bonus(const grog_aigles_rules *r, int charisma, int figure_mm,
                                       double distance_pas, int *bonus, grog_error *err)
{
    int s = aigles_scale_index(figure_mm, err);
    if (s < 0)
        return GROG_EINVAL;
    grog_status st = GROG_OK;
    if (!aigles_rating_ok(r, charisma)) /* the message only when needed: a hot path */
        st = aigles_check_rating(r, _("charisma"), charisma, err);
    if (st != GROG_OK)
        return st;
    if (!(distance_pas >= 0) || !isfinite(distance_pas))
        return grog_error_set(err, GROG_EINVAL, _("a distance must be 0 or more"));
    int b = charisma + r->first_bonus_offset;
    double beyond = distance_pas - r->first_radius[s];
    if (b > 0 && beyond > AIGLES_EPS_MM) {
        /* the ring the unit is in: 1 for (first, first + width], ... */
        double rings = ceil((beyond - AIGLES_EPS_MM) / r->ring_width[s]);
        b = rings > 100 ? 0 : b - (int)rings * r->ring_step;
    }
    *bonus = b > 0 ? b : 0;
    return GROG_OK;
}

const char *grog_aigles_status_name(grog_aigles_status s)
{
    return s >= 0 && s < GROG_AIGLES_NSTATUS ? status_names[s] : "?";
}

grog_status grog_aigles_status_parse(const char *name, grog_aigles_status *out, grog_error *err)
{
    for (int i = 0; name != NULL && i < GROG_AIGLES_NSTATUS; i++) {
        if (strcmp(status_names[i], name) == 0) {
            *out = (grog_aigles_status)i;
            return GROG_OK;
        }
    }
    return grog_error_set(err, GROG_EINVAL,
                          _("unknown status \"%s\" (garde, elite, veteran, regular, "
                            "semi-regular, militia, irregular)"),
                          name != NULL ? name : "");
}

grog_status grog_aigles_reaction(const grog_aigles_rules *r, grog_aigles_status s, int *reaction,
                                 grog_error *err)
{
    if (s < 0 || s >= GROG_AIGLES_NSTATUS)
        return grog_error_set(err, GROG_EINVAL, _("unknown status %d"), (int)s);
    *reaction = r->reaction[s];
    return GROG_OK;
}

int grog_aigles_explaining_costs_point(const grog_aigles_rules *r)
{
    return r->explain_costs_point;
}

int grog_aigles_explaining_other_orders(const grog_aigles_rules *r)
{
    return r->explain_other_orders;
}
