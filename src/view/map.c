/* map.c — the SVG picture of a battle's table (map.h).
 *
 * One SVG user unit is one millimetre of table. Table y points up ("north"),
 * SVG y points down, so every table point (x, y) is drawn at (x, D - y) where
 * D is the table depth; facings are clockwise in both, so a base's zone
 * outline is a rect rotated by its facing. Bases are drawn as the exact
 * polygons of grog_base_corners; each unit and officer is a <g> whose id is
 * "unit-ID" / "officer-ID" and whose data-x, data-y hold its table centre in
 * mm, so that a program (the tests) can find it and check it.
 *
 * The sheet: the title above the table, the table (terrain, then the
 * families' zones and radii clipped to it, links, bases, labels), and the
 * legend below it, outside the table: each side's colour named, the
 * overlays' keys, what the symbols mean, who is out of the battle, a scale
 * bar in the scenario's unit and in pas, and a compass mark.
 *
 * Labels: units by their short name, officers by surname (grog_map_*_label).
 * Each label is a box (a white rect under its text) placed by a collision
 * pass: on the base, then below, above, right, left of it; the first place
 * inside the table that meets no earlier label wins, generals from the top
 * down first, then units. A label with no free place is left out (its base
 * keeps a <title> with the full name); how many is in the root's
 * data-labels-dropped. Every label group carries data-box="x0 y0 x1 y1" (SVG
 * coordinates) so that the tests check that none overlaps and all are
 * inside the sheet. With more units than max_labels, unit labels shrink to
 * a third.
 *
 * This file draws the sheet (grog_map_svg: the frame, the patterns, the title, the
 * layers in order) and holds the options; the layers are map_terrain.c,
 * map_pieces.c, map_labels.c and map_legend.c, all writing with map_svg.c (the text
 * builder, the colours, the labels' texts), over one map being drawn
 * (map_internal.h). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/aigles.h"
#include "grognard/gdb.h"
#include "grognard/gt.h"
#include "grognard/map.h"
#include "grognard/text.h"
#include "i18n.h"
#include "map_internal.h"

void grog_map_options_default(grog_map_options *o)
{
    memset(o, 0, sizeof *o);
    o->overlays = GROG_MAP_LINKS | GROG_MAP_LABELS;
    for (int i = 0; i < 6; i++)
        o->aigles_zone_mm[i] = -1;
    o->width_px = 1200;
    o->max_labels = 300;
}

grog_status grog_map_options_from_rules(grog_map_options *o, const grog_table *t,
                                        const char *aigles_rules, const char *gdb_rules,
                                        const char *gt_rules, grog_error *err)
{
    grog_aigles_rules *ar = NULL;
    grog_gdb_rules *dr = NULL;
    grog_gt_rules *tr = NULL;
    grog_map_options n = *o;
    grog_status st = grog_aigles_rules_load(aigles_rules, &ar, err);
    if (st == GROG_OK)
        st = grog_gdb_rules_load(gdb_rules, &dr, err);
    if (st == GROG_OK)
        st = grog_gt_rules_load(gt_rules, &tr, err);
    int fig = t->scale.figure_mm;
    double mmpp = t->scale.mm_per_pas;
    for (int k = 0; st == GROG_OK && k <= 5; k++) {
        double pas = 0;
        int contact = 0;
        st = grog_aigles_zone(ar, k, fig, &pas, &contact, err);
        if (st != GROG_OK)
            break;
        n.aigles_zone_contact[k] = contact;
        n.aigles_zone_mm[k] = contact ? 0 : (pas > 0 ? pas * mmpp : -1);
        st = grog_aigles_charisma_radius(ar, k, fig, &pas, err);
        n.aigles_charisma_mm[k] = pas * mmpp;
    }
    if (st == GROG_OK) {
        n.gdb_radius_mm = grog_gdb_command_radius_cm(dr) * 10.0;
        n.gt_radius_mm = grog_gt_command_radius_in(tr) * 25.4;
        *o = n;
    }
    grog_aigles_rules_destroy(ar);
    grog_gdb_rules_destroy(dr);
    grog_gt_rules_destroy(tr);
    return st;
}

grog_status grog_map_svg(const grog_battle *b, const grog_map_options *o, char **svg,
                         grog_error *err)
{
    grog_map_options defaults;
    if (o == NULL) {
        grog_map_options_default(&defaults);
        o = &defaults;
    }
    map m;
    memset(&m, 0, sizeof m);
    m.s.cap = 65536;
    m.s.p = malloc(m.s.cap);
    if (m.s.p == NULL)
        return grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
    m.b = b;
    m.o = o;
    const grog_table *t = grog_battle_table(b);
    m.W = t->width_mm;
    m.D = t->depth_mm;
    m.cells = calloc((size_t)LABEL_GRID * LABEL_GRID, sizeof *m.cells); /* NULL: scan all */
    double margin = fmax(m.W, m.D) * 0.03;
    m.font = fmax(m.W / 75.0, 4);
    size_t maxl = o->max_labels > 0 ? (size_t)o->max_labels : 300;
    m.officer_font = fmax(m.W / 100.0, 5);
    m.unit_font = fmax(m.W / 100.0, 4);
    if (grog_battle_nunits(b) > maxl)
        m.unit_font /= 3;
    double title_font = m.font * 1.5;
    double header = title_font * 1.6 + (o->subtitle != NULL ? m.font * 1.6 : 0);
    size_t chars = (size_t)fmax((m.W * 0.7) / (0.58 * m.font), 20);
    double legend = m.font * 1.5 * map_legend_rows(&m, chars) + m.font;
    double px = o->width_px > 0 ? o->width_px : 1200;
    double x0 = -margin, y0 = -margin - header;
    double vw = m.W + 2 * margin, vh = m.D + 2 * margin + header + legend;
    /* Labels first (into a second buffer), so the root can say how many were left out. */
    sb body = m.s;
    m.s.p = malloc(65536);
    m.s.n = 0;
    m.s.cap = 65536;
    if (m.s.p == NULL) {
        free(body.p);
        return grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
    }
    m.s.p[0] = '\0';
    map_setup_bases(&m);
    map_draw_labels(&m);
    sb labels = m.s;
    m.s = body;
    map_out(&m.s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    map_out(&m.s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"%.2f %.2f %.2f %.2f\" font-family=\"sans-serif\" data-table-width=\"%.2f\" "
            "data-table-depth=\"%.2f\" data-labels-dropped=\"%zu\">\n",
            px, px * vh / vw, x0, y0, vw, vh, m.W, m.D, m.dropped);
    map_out(&m.s, "<title>");
    map_esc(&m.s, grog_battle_meta(b)->name);
    map_out(&m.s, "</title>\n");
    map_out(&m.s, "<rect id=\"sheet\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
                  "fill=\"#ffffff\"/>\n",
            x0, y0, vw, vh);
    map_out(&m.s, "<text id=\"heading\" x=\"0\" y=\"%.2f\" font-size=\"%.2f\" "
                  "font-weight=\"bold\">",
            -margin - header + title_font * 1.1, title_font);
    map_esc(&m.s, grog_battle_meta(b)->name);
    map_out(&m.s, "</text>\n");
    if (o->subtitle != NULL) {
        map_out(&m.s, "<text id=\"subtitle\" x=\"0\" y=\"%.2f\" font-size=\"%.2f\">",
                -margin - header + title_font * 1.6 + m.font * 1.1, m.font);
        map_esc(&m.s, o->subtitle);
        map_out(&m.s, "</text>\n");
    }
    double cell = m.W / 90.0;
    map_out(&m.s, "<defs><clipPath id=\"table-clip\"><rect x=\"0\" y=\"0\" width=\"%.2f\" "
                  "height=\"%.2f\"/></clipPath>\n",
            m.W, m.D);
    map_out(&m.s,
            "<pattern id=\"wood\" width=\"%.2f\" height=\"%.2f\" patternUnits=\"userSpaceOnUse\">"
            "<rect width=\"%.2f\" height=\"%.2f\" fill=\"#b5d3a0\"/><circle cx=\"%.2f\" "
            "cy=\"%.2f\" "
            "r=\"%.2f\" fill=\"#7fae6a\"/><circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" "
            "fill=\"#7fae6a\"/></pattern>\n",
            cell, cell, cell, cell, cell * 0.25, cell * 0.3, cell * 0.2, cell * 0.75, cell * 0.75,
            cell * 0.2);
    map_out(&m.s,
            "<pattern id=\"town\" width=\"%.2f\" height=\"%.2f\" patternUnits=\"userSpaceOnUse\">"
            "<rect width=\"%.2f\" height=\"%.2f\" fill=\"#d8c8b4\"/><rect x=\"%.2f\" y=\"%.2f\" "
            "width=\"%.2f\" height=\"%.2f\" fill=\"#9c8068\"/></pattern></defs>\n",
            cell * 0.8, cell * 0.8, cell * 0.8, cell * 0.8, cell * 0.15, cell * 0.15, cell * 0.4,
            cell * 0.3);
    map_out(&m.s, "<rect id=\"table\" x=\"0\" y=\"0\" width=\"%.2f\" height=\"%.2f\" "
                  "fill=\"#eef3e2\" stroke=\"#555\"/>\n",
            m.W, m.D);
    map_draw_terrain(&m);
    map_draw_overlays(&m);
    map_draw_links(&m);
    map_draw_units(&m);
    map_draw_officers(&m);
    if (!labels.oom && labels.p != NULL)
        map_out(&m.s, "%s", labels.p);
    m.s.oom |= labels.oom;
    free(labels.p);
    map_draw_legend(&m, m.D + margin);
    map_out(&m.s, "</svg>\n");
    free(m.boxes);
    map_grid_free(&m);
    free(m.bases);
    if (m.s.oom) {
        free(m.s.p);
        return grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
    }
    *svg = m.s.p;
    return GROG_OK;
}
