/* map_internal.h — shared by the files that draw the map (internal to src/view).
 *
 * map.c draws the sheet (grog_map_svg) and owns the map being drawn; its layers are
 * map_terrain.c (under everything), map_pieces.c (zones, links, bases),
 * map_labels.c (the collision pass) and map_legend.c (below the table), all writing
 * with map_svg.c (the string builder, colours, labels' texts, coordinates), which
 * calls none of them. Every function here writes into m->s; a failed allocation sets s.oom and
 * every later write does nothing (grog_map_svg then returns GROG_ENOMEM). */
#ifndef GROG_MAP_INTERNAL_H
#define GROG_MAP_INTERNAL_H

#include <stddef.h>

#include "grognard/battle.h"
#include "grognard/map.h"

typedef struct sb {
    char *p;
    size_t n, cap;
    int oom;
} sb;

typedef struct box {
    double x0, y0, x1, y1;
} box;

/* The labels placed so far, by the cells of a uniform grid over the table
 * that each meets: a new label is checked against the labels in its own
 * cells only (a 200,000-unit map tries some two million places). Two boxes
 * that overlap share a cell (a point inside both is in one), so the answer
 * is the scan of every label's. */
enum { LABEL_GRID = 64 };

struct cell {
    size_t *v; /* indices into map.boxes */
    size_t n, cap;
};

typedef struct map {
    const grog_battle *b;
    const grog_map_options *o;
    sb s;
    double W, D;       /* table, mm */
    double font;       /* legend and notes, mm */
    double unit_font;  /* mm */
    double officer_font;
    box *boxes;        /* labels placed so far */
    size_t nboxes, capboxes;
    struct cell *cells; /* LABEL_GRID x LABEL_GRID over the table: the boxes meeting each */
    box *bases;        /* every base's box: labels keep off them where they can */
    size_t nbases;
    size_t dropped;
} map;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void map_out(sb *s, const char *fmt, ...);

/* Text escaped for XML (text.h): any name gives well-formed SVG. */
void map_esc(sb *s, const char *t);

/* The nearest common name of a "#rrggbb" colour, for the legend. */
const char *map_colour_name(const char *hex);

/* Characters (UTF-8 code points) in t, for the width of a label. */
size_t map_glyphs(const char *t);

const char *map_side_colour(const map *m, const char *side_id);

double map_sy(const map *m, double y);

/* The note the caller gave for piece id, or NULL. */
const char *map_mark_of(const map *m, const char *id);

void map_grid_free(map *m);

/* How each kind of terrain is drawn, and its line in the legend (map_terrain.c). */
struct terrain_style {
    const char *fill, *stroke;
    const char *legend; /* N_() */
};
extern const struct terrain_style map_terrain_styles[GROG_TERRAIN_KIND_COUNT];

/* Areas first (hills, then woods and towns), then lines (ridges, rivers, roads). */
void map_draw_terrain(map *m);

/* The sheet point where a feature's name goes: an area's centre of its
 * points, a line's middle point. */
box map_terrain_anchor(const map *m, const grog_terrain *t);

/* Zones and radii, clipped to the table (#table-clip). */
void map_draw_overlays(map *m);

void map_draw_links(map *m);

void map_draw_units(map *m);

void map_draw_officers(map *m);

/* Every base's box, for labels to keep off (not on crowded maps: beyond
 * max_labels units, labels only keep off each other). */
void map_setup_bases(map *m);

/* Labels: generals from the top down (the C-in-C's label wins a crowded
 * spot), then units, then ADCs. */
void map_draw_labels(map *m);

/* The legend's rows, counted the way draw_legend draws them. */
int map_legend_rows(const map *m, size_t chars);

void map_draw_legend(map *m, double top);

#endif
