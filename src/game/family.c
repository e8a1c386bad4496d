/* family.c — the rule families by name: "aigles", "gdb", "gt", their titles,
 * and reading a family's name. Only names: the families' engines
 * (family_ops) are reached through the one table in game.c. */
#include <string.h>

#include "engine.h"
#include "i18n.h"

static const char *const family_names[GROG_FAMILY_COUNT] = {"aigles", "gdb", "gt"};

const char *grog_family_title(grog_family f)
{
    static const char *const titles[] = {"Les Aigles", "General de Brigade", "Grande Tactique"};
    return (int)f >= 0 && f < GROG_FAMILY_COUNT ? titles[f] : "?";
}

const char *grog_family_name(grog_family f)
{
    return f < GROG_FAMILY_COUNT ? family_names[f] : "?";
}

grog_status grog_family_parse(const char *text, grog_family *out, grog_error *err)
{
    for (int i = 0; i < GROG_FAMILY_COUNT; i++) {
        if (strcmp(text, family_names[i]) == 0) {
            *out = (grog_family)i;
            return GROG_OK;
        }
    }
    return grog_error_set(err, GROG_EINVAL,
                          _("unknown rule family \"%s\": use aigles, gdb or gt"), text);
}
