/* table_measures.c — `--measure FROM:TO=VALUE` in an action's words
 * (table_measures.h). Lengths are read in the scenario's file unit when
 * bare, and refused beyond the table's diagonal (margins included). */
#include <math.h>
#include <string.h>

#include "i18n.h"
#include "table_measures.h"

static int is_piece(const grog_battle *b, const char *id)
{
    return grog_battle_officer_by_id(b, id) != NULL || grog_battle_unit_by_id(b, id) != NULL;
}

static grog_status check_pieces(const grog_battle *b, const grog_tape *t, size_t i,
                                grog_error *err)
{
    const char *ids[2] = {grog_tape_from(t, i), grog_tape_to(t, i)};
    for (int k = 0; k < 2; k++) {
        if (k == 1 && strcmp(ids[k], GROG_TAPE_ENEMY) == 0)
            continue;
        if (!is_piece(b, ids[k]))
            return grog_error_set(err, GROG_ENOTFOUND,
                                  _("--measure %s: no officer or unit \"%s\" in this battle"),
                                  grog_tape_text(t, i), ids[k]);
    }
    return GROG_OK;
}

static grog_tape *new_tape(const grog_battle *b)
{
    const grog_table *t = grog_battle_table(b);
    double w = t->width_mm + 2 * t->margin_mm, d = t->depth_mm + 2 * t->margin_mm;
    return grog_tape_create(&t->scale, t->file_unit, sqrt(w * w + d * d));
}

grog_status table_measures_take(action_ctx *c, int *argc, char **words, grog_error *err)
{
    c->tape = NULL;
    for (int i = 1; i < *argc;) {
        if (strcmp(words[i], "--measure") != 0) {
            i++;
            continue;
        }
        if (i + 1 >= *argc) {
            table_measures_free(c);
            return grog_error_set(err, GROG_EINVAL,
                                  _("--measure needs FROM:TO=VALUE (e.g. --measure "
                                    "picton:pack=28cm)"));
        }
        if (c->tape == NULL && (c->tape = new_tape(c->battle)) == NULL)
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        grog_status st = grog_tape_add(c->tape, words[i + 1], err);
        if (st == GROG_OK)
            st = check_pieces(c->battle, c->tape, grog_tape_count(c->tape) - 1, err);
        if (st != GROG_OK) {
            table_measures_free(c);
            return st;
        }
        memmove(words + i, words + i + 2, (size_t)(*argc - i - 2) * sizeof *words);
        *argc -= 2;
    }
    return GROG_OK;
}

grog_status table_measures_tape(const grog_battle *b, const char *const *texts, size_t n,
                                grog_tape **out, grog_error *err)
{
    *out = NULL;
    if (n == 0)
        return GROG_OK;
    grog_tape *t = new_tape(b);
    if (t == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_status st = GROG_OK;
    for (size_t i = 0; i < n && st == GROG_OK; i++) {
        st = grog_tape_add(t, texts[i], err);
        if (st == GROG_OK)
            st = check_pieces(b, t, grog_tape_count(t) - 1, err);
    }
    if (st != GROG_OK) {
        grog_tape_destroy(t);
        return st;
    }
    *out = t;
    return GROG_OK;
}

grog_status table_measures_check(const action_ctx *c, grog_error *err)
{
    return grog_tape_check(c->tape, err);
}

int table_measures_distance(action_ctx *c, const char *from, const char *to, const char *rule,
                            grog_unit unit, double *mm)
{
    grog_measure m = grog_measure_map(GROG_MEASURE_DISTANCE, from, to, rule, unit);
    m.mm = *mm;
    int table = grog_tape_take(c->tape, &m);
    *mm = m.mm;
    return table;
}

void table_measures_free(action_ctx *c)
{
    grog_tape_destroy(c->tape);
    c->tape = NULL;
}
