/* formation_names.c — the names of the formation enums (formations, spacings,
 * depths), a formation read from its name (formation_rules.h), whether a formation
 * id is valid and the defaults a unit and a change start from: the catalogue's
 * basics, calling no other file of a formation change. */
#include <stdio.h>
#include <string.h>

#include "formation_internal.h"
#include "formation_rules.h"
#include "i18n.h"

const char *const aigf_fm_names[GROG_AIGLES_FM_COUNT] = {
    "march-column", "attack-column", "division-column", "extended-attack-column",
    "company-column", "mass-column", "mass-square", "line", "double-line", "potence",
    "echelon", "hollow-square", "full-square", "skirmish", "dismounted", "unformed",
    "disorder", "formed", "limbered", "unlimbered",
};

const char *const aigf_spacing_names[GROG_AIGLES_SPACING_COUNT] = {"none", "close",
                                                                   "dispersed", "massed"};

const char *const aigf_depth_names[GROG_AIGLES_DEPTH_COUNT] = {"none", "line", "column",
                                                               "square"};

const char *grog_aigles_formation_name(grog_aigles_formation f)
{
    return (int)f >= 0 && f < GROG_AIGLES_FM_COUNT ? aigf_fm_names[f] : "?";
}

const char *grog_aigles_spacing_name(grog_aigles_spacing s)
{
    return (int)s >= 0 && s < GROG_AIGLES_SPACING_COUNT ? aigf_spacing_names[s] : "?";
}

const char *grog_aigles_depth_name(grog_aigles_depth d)
{
    return (int)d >= 0 && d < GROG_AIGLES_DEPTH_COUNT ? aigf_depth_names[d] : "?";
}

/* Index of text in names[0..n-1], or -1. */
int aigf_find_name(const char *const *names, int n, const char *text)
{
    for (int i = 0; text != NULL && i < n; i++)
        if (strcmp(names[i], text) == 0)
            return i;
    return -1;
}

void aigf_list_names(const char *const *names, int n, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", names[i]);
}

grog_status grog_aigles_formation_parse(const char *text, grog_aigles_formation *out,
                                        grog_error *err)
{
    int i = aigf_find_name(aigf_fm_names, GROG_AIGLES_FM_COUNT, text);
    if (i < 0) {
        char list[512];
        aigf_list_names(aigf_fm_names, GROG_AIGLES_FM_COUNT, list, sizeof list);
        return grog_error_set(err, GROG_EINVAL, _("unknown formation \"%s\" (expected one of: %s)"),
                              text != NULL ? text : "", list);
    }
    *out = (grog_aigles_formation)i;
    return GROG_OK;
}

grog_aigles_fm_unit grog_aigles_fm_unit_default(void)
{
    grog_aigles_fm_unit u;
    memset(&u, 0, sizeof u);
    u.arm = GROG_ARM_INFANTRY;
    u.status = GROG_STATUS_REGULAR;
    u.manoeuvre = GROG_MANOEUVRE_A;
    return u;
}

grog_aigles_fm_change grog_aigles_fm_change_default(void)
{
    grog_aigles_fm_change c;
    memset(&c, 0, sizeof c);
    c.action = GROG_AIGLES_ACT_CHANGE;
    c.from = GROG_AIGLES_FM_LINE;
    c.to = GROG_AIGLES_FM_LINE;
    return c;
}

int fm_valid(grog_aigles_formation f)
{
    return (int)f >= 0 && f < NF;
}

grog_aigles_spacing grog_aigles_formation_spacing(const grog_aigles_formation_rules *r,
                                                  grog_aigles_formation f)
{
    return fm_valid(f) ? r->cat[f].spacing : GROG_AIGLES_SPACING_NONE;
}

grog_aigles_depth grog_aigles_formation_depth(const grog_aigles_formation_rules *r,
                                              grog_aigles_formation f)
{
    return fm_valid(f) ? r->cat[f].depth : GROG_AIGLES_DEPTH_NONE;
}
