/* names.c — the file and command-line spellings of the battle enums.
 *
 * One static table per enum, in enum order; the name functions index it and
 * the parsers search it. Parse errors list every accepted spelling. */
#include <stdio.h>
#include <string.h>

#include "grognard/battle.h"
#include "i18n.h"

static const char *const nation_names[] = {
    "france", "britain", "late-prussia", "prussia", "austria",
    "russia", "portugal", "spain", "netherlands", "other",
};
static const char *const role_names[] = {
    "commander-in-chief", "army", "corps", "division", "brigade", "aide-de-camp",
};
static const char *const state_names[] = {
    "active", "prisoner", "out-of-commission", "killed",
};
static const char *const skill_names[] = {"gifted", "ordinary", "poor"};
static const char *const quality_names[] = {"great", "ordinary", "bad"};
static const char *const arm_names[] = {
    "infantry", "cavalry", "foot-artillery", "horse-artillery", "engineers",
};
static const char *const status_names[] = {
    "garde", "elite", "veteran", "regular", "semi-regular", "militia", "irregular",
};
static const char *const manoeuvre_names[] = {"A", "B", "C"};
static const char *const flag_names[] = {
    "in-melee", "routed", "broken", "fleeing", "disordered", "unformed",
};
static const char *const marker_names[] = {"avance"};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const char *name_of(const char *const *names, int n, int v)
{
    return v >= 0 && v < n ? names[v] : "?";
}

static grog_status parse_of(const char *const *names, int n, const char *what,
                            const char *text, int *out, grog_error *err)
{
    for (int i = 0; text != NULL && i < n; i++) {
        if (strcmp(names[i], text) == 0) {
            *out = i;
            return GROG_OK;
        }
    }
    char list[512];
    size_t len = 0;
    list[0] = '\0';
    for (int i = 0; i < n && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", names[i]);
    return grog_error_set(err, GROG_EINVAL, _("unknown %s \"%s\" (expected one of: %s)"), _(what),
                          text != NULL ? text : "", list);
}

/* The bit index of a single-bit flag, or -1. */
static int bit_index(unsigned v)
{
    for (int i = 0; i < 32; i++)
        if (v == (1u << i))
            return i;
    return -1;
}

/* what: the kind of value, for the error message (an N_() text, translated
 * when the message is written: "manoeuvre class", "classe de manœuvre"). */
#define ENUM_FUNCS(fname, type, table, what)                                                  \
    const char *grog_##fname##_name(type v)                                                   \
    {                                                                                          \
        return name_of(table, COUNT(table), (int)v);                                           \
    }                                                                                          \
    grog_status grog_##fname##_parse(const char *text, type *out, grog_error *err)            \
    {                                                                                          \
        int i = 0;                                                                             \
        grog_status st = parse_of(table, COUNT(table), what, text, &i, err);                   \
        if (st == GROG_OK)                                                                     \
            *out = (type)i;                                                                    \
        return st;                                                                             \
    }

ENUM_FUNCS(nation, grog_nation, nation_names, N_("nation"))
ENUM_FUNCS(role, grog_role, role_names, N_("role"))
ENUM_FUNCS(officer_state, grog_officer_state, state_names, N_("officer state"))
ENUM_FUNCS(gdb_skill, grog_gdb_skill, skill_names, N_("gdb skill"))
ENUM_FUNCS(gt_quality, grog_gt_quality, quality_names, N_("gt quality"))
ENUM_FUNCS(arm, grog_arm, arm_names, N_("arm"))
ENUM_FUNCS(unit_status, grog_unit_status, status_names, N_("unit status"))
ENUM_FUNCS(manoeuvre, grog_manoeuvre, manoeuvre_names, N_("manoeuvre class"))

const char *grog_unit_flag_name(grog_unit_flag v)
{
    return name_of(flag_names, COUNT(flag_names), bit_index((unsigned)v));
}

grog_status grog_unit_flag_parse(const char *text, grog_unit_flag *out, grog_error *err)
{
    int i = 0;
    grog_status st = parse_of(flag_names, COUNT(flag_names), N_("unit state"), text, &i, err);
    if (st == GROG_OK)
        *out = (grog_unit_flag)(1u << i);
    return st;
}

const char *grog_marker_name(grog_marker v)
{
    return name_of(marker_names, COUNT(marker_names), bit_index((unsigned)v));
}

grog_status grog_marker_parse(const char *text, grog_marker *out, grog_error *err)
{
    int i = 0;
    grog_status st = parse_of(marker_names, COUNT(marker_names), "marker", text, &i, err);
    if (st == GROG_OK)
        *out = (grog_marker)(1u << i);
    return st;
}

int grog_role_is_general(grog_role r)
{
    return r != GROG_ROLE_ADC;
}
