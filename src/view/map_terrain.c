/* map_terrain.c — the map's bottom layer: the terrain (woods, hills, rivers,
 * roads, towns...), each a shape of its kind's style (map.c draws the sheet). */

#include "grognard/battle.h"
#include "i18n.h"
#include "map_internal.h"

const struct terrain_style map_terrain_styles[GROG_TERRAIN_KIND_COUNT] = {
    [GROG_TERRAIN_RIDGE] = {"none", "#a0784a", N_("ridge (its crest line)")},
    [GROG_TERRAIN_HILL] = {"#e9dcb8", "#c2a878", N_("hill, high ground")},
    [GROG_TERRAIN_WOOD] = {"url(#wood)", "#4f7f3f", N_("wood")},
    [GROG_TERRAIN_TOWN] = {"url(#town)", "#6b5544", N_("town, village, farm")},
    [GROG_TERRAIN_ROAD] = {"none", "#8c7b5a", N_("road")},
    [GROG_TERRAIN_RIVER] = {"none", "#4a8bd0", N_("river, stream")},
};

static void points_attr(map *m, const grog_terrain *t)
{
    for (size_t k = 0; k < t->npoints; k++)
        map_out(&m->s, "%s%.2f,%.2f", k ? " " : "", t->points[k].x, map_sy(m, t->points[k].y));
}

static void draw_terrain_one(map *m, const grog_terrain *t)
{
    const struct terrain_style *st = &map_terrain_styles[t->kind];
    const char *kind = grog_terrain_kind_name(t->kind);
    double w = m->W / 1500.0 + 0.5;
    if (grog_terrain_kind_is_area(t->kind)) {
        map_out(&m->s, "<polygon class=\"terrain %s\" points=\"", kind);
        points_attr(m, t);
        map_out(&m->s, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.2f\"><title>", st->fill,
                st->stroke, w * 1.5);
        map_esc(&m->s, t->name[0] ? t->name : _(st->legend));
        map_out(&m->s, "</title></polygon>\n");
        return;
    }
    /* Lines: a ridge is a broad band with its crest; a road a pale track with
     * dark edges; a river a blue line. */
    double band = t->kind == GROG_TERRAIN_RIDGE ? m->W / 35.0
                  : t->kind == GROG_TERRAIN_ROAD ? m->W / 160.0
                                                 : m->W / 200.0;
    const char *under = t->kind == GROG_TERRAIN_RIDGE  ? "#d9c39a"
                        : t->kind == GROG_TERRAIN_ROAD ? st->stroke
                                                       : "#4a8bd0";
    map_out(&m->s, "<g class=\"terrain %s\"><title>", kind);
    map_esc(&m->s, t->name[0] ? t->name : _(st->legend));
    map_out(&m->s, "</title><polyline points=\"");
    points_attr(m, t);
    map_out(&m->s, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.2f\" stroke-linecap=\"round\" "
                   "stroke-linejoin=\"round\"%s/>",
            under, band, t->kind == GROG_TERRAIN_RIDGE ? " stroke-opacity=\"0.7\"" : "");
    if (t->kind != GROG_TERRAIN_RIVER) {
        map_out(&m->s, "<polyline points=\"");
        points_attr(m, t);
        map_out(&m->s, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.2f\" "
                       "stroke-linecap=\"round\" "
                       "stroke-linejoin=\"round\"%s/>",
                t->kind == GROG_TERRAIN_RIDGE ? st->stroke : "#f3e8c8",
                t->kind == GROG_TERRAIN_RIDGE ? w * 2 : band * 0.6,
                t->kind == GROG_TERRAIN_RIDGE ? " stroke-dasharray=\"8,4\"" : "");
    }
    map_out(&m->s, "</g>\n");
}

/* Areas first (hills, then woods and towns), then lines (ridges, rivers, roads). */
void map_draw_terrain(map *m)
{
    static const grog_terrain_kind order[] = {GROG_TERRAIN_HILL, GROG_TERRAIN_WOOD,
                                              GROG_TERRAIN_TOWN, GROG_TERRAIN_RIDGE,
                                              GROG_TERRAIN_RIVER, GROG_TERRAIN_ROAD};
    size_t n = grog_battle_nterrain(m->b);
    if (n == 0)
        return;
    map_out(&m->s, "<g id=\"terrain\" clip-path=\"url(#table-clip)\">\n");
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
        for (size_t i = 0; i < n; i++) {
            const grog_terrain *t = grog_battle_terrain(m->b, i);
            if (t->kind == order[k])
                draw_terrain_one(m, t);
        }
    map_out(&m->s, "</g>\n");
}

/* The sheet point where a feature's name goes: an area's centre of its
 * points, a line's middle point. */
box map_terrain_anchor(const map *m, const grog_terrain *t)
{
    double x = 0, y = 0;
    if (grog_terrain_kind_is_area(t->kind)) {
        for (size_t k = 0; k < t->npoints; k++) {
            x += t->points[k].x;
            y += t->points[k].y;
        }
        x /= (double)t->npoints;
        y /= (double)t->npoints;
    } else {
        const grog_point *a = &t->points[(t->npoints - 1) / 2], *b = &t->points[t->npoints / 2];
        x = (a->x + b->x) / 2;
        y = (a->y + b->y) / 2;
    }
    box r = {x, map_sy(m, y), x, map_sy(m, y)};
    return r;
}
