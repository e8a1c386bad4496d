/* terrain.c — a battle's terrain features (battle.h): ridges, hills, woods,
 * towns, roads and rivers as outlines and lines, in mm.
 *
 * The list is owned by the battle (battle.c holds a pointer, NULL while it
 * has none). Each feature owns its points; a feature once added never
 * changes. No rule reads terrain yet: the map draws it under the units. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "model.h"

struct grog_terrain_list {
    grog_terrain *v;
    size_t n, cap;
};

static const char *const kind_names[GROG_TERRAIN_KIND_COUNT] = {"ridge", "hill", "wood",
                                                                 "town",  "road", "river"};

const char *grog_terrain_kind_name(grog_terrain_kind v)
{
    return (int)v >= 0 && v < GROG_TERRAIN_KIND_COUNT ? kind_names[v] : "?";
}

grog_status grog_terrain_kind_parse(const char *text, grog_terrain_kind *out, grog_error *err)
{
    for (int i = 0; i < GROG_TERRAIN_KIND_COUNT; i++)
        if (text != NULL && strcmp(text, kind_names[i]) == 0) {
            *out = (grog_terrain_kind)i;
            return GROG_OK;
        }
    return grog_error_set(err, GROG_EINVAL,
                          _("unknown terrain \"%s\" (expected ridge, hill, wood, town, road or "
                            "river)"),
                          text != NULL ? text : "");
}

int grog_terrain_kind_is_area(grog_terrain_kind v)
{
    return v == GROG_TERRAIN_HILL || v == GROG_TERRAIN_WOOD || v == GROG_TERRAIN_TOWN;
}

void grog_terrain_list_free(grog_terrain_list *l)
{
    if (l == NULL)
        return;
    for (size_t i = 0; i < l->n; i++)
        free((void *)l->v[i].points);
    free(l->v);
    free(l);
}

/* Appends a copy of t (points copied); 0 when out of memory. */
static int append(grog_terrain_list *l, const grog_terrain *t)
{
    if (l->n == l->cap) {
        size_t nc = l->cap ? l->cap * 2 : 8;
        grog_terrain *nv = realloc(l->v, nc * sizeof *nv);
        if (nv == NULL)
            return 0;
        l->v = nv;
        l->cap = nc;
    }
    grog_point *pts = malloc(t->npoints * sizeof *pts);
    if (pts == NULL)
        return 0;
    memcpy(pts, t->points, t->npoints * sizeof *pts);
    l->v[l->n] = *t;
    l->v[l->n].points = pts;
    l->n++;
    return 1;
}

int grog_terrain_list_clone(const grog_terrain_list *l, grog_terrain_list **out)
{
    if (l == NULL) {
        *out = NULL;
        return 1;
    }
    grog_terrain_list *c = calloc(1, sizeof *c);
    if (c == NULL)
        return 0;
    for (size_t i = 0; i < l->n; i++)
        if (!append(c, &l->v[i])) {
            grog_terrain_list_free(c);
            return 0;
        }
    *out = c;
    return 1;
}

int grog_terrain_list_equal(const grog_terrain_list *a, const grog_terrain_list *b)
{
    size_t na = a != NULL ? a->n : 0, nb = b != NULL ? b->n : 0;
    if (na != nb)
        return 0;
    for (size_t i = 0; i < na; i++) {
        const grog_terrain *s = &a->v[i], *t = &b->v[i];
        if (s->kind != t->kind || strcmp(s->name, t->name) != 0 || s->npoints != t->npoints)
            return 0;
        for (size_t k = 0; k < s->npoints; k++)
            if (fabs(s->points[k].x - t->points[k].x) > 1e-6 ||
                fabs(s->points[k].y - t->points[k].y) > 1e-6)
                return 0;
    }
    return 1;
}

size_t grog_battle_nterrain(const grog_battle *b)
{
    const grog_terrain_list *l = grog_battle_terrain_list_const(b);
    return l != NULL ? l->n : 0;
}

const grog_terrain *grog_battle_terrain(const grog_battle *b, size_t i)
{
    const grog_terrain_list *l = grog_battle_terrain_list_const(b);
    return l != NULL && i < l->n ? &l->v[i] : NULL;
}

grog_status grog_battle_add_terrain(grog_battle *b, const grog_terrain *t, grog_error *err)
{
    if ((int)t->kind < 0 || t->kind >= GROG_TERRAIN_KIND_COUNT)
        return grog_error_set(err, GROG_EINVAL, "%s", _("unknown terrain kind"));
    size_t least = grog_terrain_kind_is_area(t->kind) ? 3 : 2;
    if (t->npoints < least || t->points == NULL)
        return grog_error_set(err, GROG_EINVAL,
                              _("a %s needs at least %zu points, not %zu"),
                              grog_terrain_kind_name(t->kind), least, t->npoints);
    if (t->npoints > GROG_TERRAIN_MAX_POINTS)
        return grog_error_set(err, GROG_EINVAL, _("at most %d points, not %zu"),
                              GROG_TERRAIN_MAX_POINTS, t->npoints);
    for (size_t i = 0; i < t->npoints; i++)
        if (!isfinite(t->points[i].x) || !isfinite(t->points[i].y))
            return grog_error_set(err, GROG_EINVAL, _("point %zu is not a number"), i);
    grog_terrain_list **l = grog_battle_terrain_list(b);
    if (*l != NULL && (*l)->n >= GROG_TERRAIN_MAX)
        return grog_error_set(err, GROG_EINVAL, _("at most %d terrain features"),
                              GROG_TERRAIN_MAX);
    if (*l == NULL && (*l = calloc(1, sizeof **l)) == NULL)
        return grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
    grog_terrain c = *t;
    grog_model_copy(c.name, sizeof c.name, t->name);
    if (!append(*l, &c))
        return grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
    return GROG_OK;
}
