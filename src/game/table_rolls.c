/* table_rolls.c — dice entered at the table for an action's own rolls.
 * Invariant: r[i].used <= r[i].nv; values are checked faces on entry. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "table_rolls.h"

grog_status table_rolls_add(table_rolls *t, const char *text, int faces, grog_error *err)
{
    if (t->n == TABLE_ROLLS_MAX)
        return grog_error_set(err, GROG_EINVAL, _("--roll: at most %d"), TABLE_ROLLS_MAX);
    const char *eq = strchr(text, '=');
    const char *p = eq != NULL ? eq + 1 : text;
    size_t wlen = eq != NULL ? (size_t)(eq - text) : 0;
    if (wlen >= GROG_ID_MAX || (eq != NULL && wlen == 0))
        return grog_error_set(err, GROG_EINVAL, _("--roll: WHO=D,D... or D,D..., not \"%s\""),
                              text);
    int k = 0;
    int vals[TABLE_ROLLS_MAX];
    while (*p != '\0') {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < 1 || v > faces || k == TABLE_ROLLS_MAX || (*end != ',' && *end))
            return grog_error_set(err, GROG_EINVAL,
                                  _("--roll: faces 1 to %d separated by commas, not \"%s\""),
                                  faces, text);
        vals[k++] = (int)v;
        p = *end == ',' ? end + 1 : end;
    }
    if (k == 0)
        return grog_error_set(err, GROG_EINVAL, _("--roll: no die in \"%s\""), text);
    memset(&t->r[t->n], 0, sizeof t->r[t->n]);
    memcpy(t->r[t->n].who, text, wlen);
    memcpy(t->r[t->n].v, vals, (size_t)k * sizeof *vals);
    t->r[t->n].nv = k;
    t->n++;
    return GROG_OK;
}

static void served(table_rolls *t, const char *side)
{
    if (t->sides == 0) {
        snprintf(t->side, sizeof t->side, "%s", side);
        t->sides = 1;
    } else if (strcmp(t->side, side) != 0) {
        t->sides = 2;
    }
}

int table_rolls_take(table_rolls *t, const char *who, const char *side, int *value)
{
    if (t == NULL)
        return 0;
    for (int pass = 0; pass < 2; pass++) /* one's own dice first, then anyone's */
        for (int i = 0; i < t->n; i++) {
            int mine = strcmp(t->r[i].who, who) == 0;
            if ((pass == 0 ? !mine : t->r[i].who[0] != '\0') || t->r[i].used >= t->r[i].nv)
                continue;
            *value = t->r[i].v[t->r[i].used++];
            served(t, side);
            return 1;
        }
    return 0;
}

grog_status table_rolls_all_used(const table_rolls *t, const char *action, grog_error *err)
{
    if (t->sides > 1)
        return grog_error_set(err, GROG_EINVAL,
                              _("%s --roll: the dice entered serve both sides' rolls; enter one "
                                "side's dice (the other's are rolled by the game's dice)"),
                              action);
    for (int i = 0; i < t->n; i++)
        if (t->r[i].used < t->r[i].nv)
            return grog_error_set(err, GROG_EINVAL,
                                  t->r[i].who[0] ? _("%s --roll: %s has no roll left to make "
                                                     "(%d of the dice entered were used)")
                                                 : _("%s --roll%s: no roll left to make (%d of "
                                                     "the dice entered were used)"),
                                  action, t->r[i].who, t->r[i].used);
    return GROG_OK;
}
