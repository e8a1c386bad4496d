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
 * layers in order) and holds the options, the colours and the labels' texts; the
 * layers are map_terrain.c, map_pieces.c, map_labels.c and map_legend.c, over one
 * map being drawn (map_internal.h). */
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

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void map_out(sb *s, const char *fmt, ...)
{
    if (s->oom)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(s->p + s->n, s->cap - s->n, fmt, ap);
        va_end(ap);
        if (k < 0) {
            s->oom = 1;
            return;
        }
        if ((size_t)k < s->cap - s->n) {
            s->n += (size_t)k;
            return;
        }
        size_t ncap = s->cap * 2 + (size_t)k + 1;
        char *np = realloc(s->p, ncap);
        if (np == NULL) {
            s->oom = 1;
            return;
        }
        s->p = np;
        s->cap = ncap;
    }
}

/* Text escaped for XML (text.h): any name gives well-formed SVG. */
void map_esc(sb *s, const char *t)
{
    char *e = grog_text_xml_escape(t);
    if (e == NULL) {
        s->oom = 1;
        return;
    }
    map_out(s, "%s", e);
    free(e);
}

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

static const char *const palette[] = {"#1f4e9c", "#b22222", "#2e8b57", "#8b6914", "#6a3d9a",
                                      "#e08000"};

/* Whether c is "#rrggbb": only such a colour goes into an attribute (a
 * battle built by a program may hold anything; the scenario reader checks). */
static int hex_colour(const char *c)
{
    if (strlen(c) != 7 || c[0] != '#')
        return 0;
    for (size_t k = 1; k < 7; k++)
        if (strchr("0123456789abcdefABCDEF", c[k]) == NULL)
            return 0;
    return 1;
}

const char *grog_map_side_colour(const grog_battle *b, size_t i)
{
    const grog_side *s = grog_battle_side(b, i);
    if (s == NULL)
        return "#777777";
    return hex_colour(s->colour) ? s->colour : palette[i % (sizeof palette / sizeof palette[0])];
}

/* The nearest common name of a "#rrggbb" colour, for the legend. */
const char *map_colour_name(const char *hex)
{
    static const struct { const char *name; int r, g, b; } names[] = {
        {N_("red"), 190, 30, 30},      {N_("blue"), 30, 70, 160},
        {N_("light blue"), 110, 160, 230}, {N_("green"), 40, 140, 70},
        {N_("dark green"), 20, 80, 40}, {N_("yellow"), 230, 200, 30},
        {N_("orange"), 230, 130, 0},   {N_("brown"), 130, 90, 30},
        {N_("purple"), 110, 60, 150},  {N_("black"), 0, 0, 0},
        {N_("grey"), 128, 128, 128},   {N_("white"), 250, 250, 250},
    };
    unsigned r = 0, g = 0, b = 0;
    if (hex == NULL || sscanf(hex, "#%2x%2x%2x", &r, &g, &b) != 3)
        return _("grey");
    size_t best = 0;
    long bestd = -1;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        long dr = (long)r - names[k].r, dg = (long)g - names[k].g, db = (long)b - names[k].b;
        long d = dr * dr + dg * dg + db * db;
        if (bestd < 0 || d < bestd) {
            bestd = d;
            best = k;
        }
    }
    return _(names[best].name);
}

/* Copies name[0..n) to out without leading or trailing blanks; the length. */
static size_t copy_trimmed(const char *name, size_t n, char *out, size_t size)
{
    while (n > 0 && name[0] == ' ') {
        name++;
        n--;
    }
    while (n > 0 && name[n - 1] == ' ')
        n--;
    if (size == 0)
        return 0;
    if (n >= size)
        n = size - 1;
    memcpy(out, name, n);
    out[n] = '\0';
    return n;
}

size_t grog_map_unit_label(const grog_troop *u, char *out, size_t size)
{
    static const char *const arm_words[] = {" Line Battalion", " Foot", " Line", " Battalion",
                                            " Regiment"};
    size_t n = strcspn(u->name, "(,");
    while (n > 0 && u->name[n - 1] == ' ')
        n--;
    for (size_t k = 0; k < sizeof arm_words / sizeof arm_words[0]; k++) {
        size_t w = strlen(arm_words[k]);
        if (n > w + 1 && strncmp(u->name + n - w, arm_words[k], w) == 0) {
            n -= w;
            break;
        }
    }
    if (n == 0) /* a name that is all brackets: the whole of it */
        n = strlen(u->name);
    return copy_trimmed(u->name, n, out, size);
}

size_t grog_map_officer_label(const grog_officer *o, char *out, size_t size)
{
    const char *name = o->name;
    static const char adc[] = "Aide-de-camp to ";
    if (size == 0)
        return 0;
    if (strncmp(name, adc, sizeof adc - 1) == 0) {
        /* "Aide-de-camp to Picton (first)" -> "ADC Picton 1" */
        static const char *const nth[] = {"(first", "(second", "(third", "(fourth"};
        const char *who = name + sizeof adc - 1;
        int wn = (int)strcspn(who, " (");
        const char *paren = strchr(name, '(');
        int k = 0;
        for (int i = 0; paren != NULL && i < 4 && k == 0; i++)
            if (strncmp(paren, nth[i], strlen(nth[i])) == 0)
                k = i + 1;
        int w = k ? snprintf(out, size, "ADC %.*s %d", wn, who, k)
                  : snprintf(out, size, "ADC %.*s", wn, who);
        return w < 0 ? 0 : (size_t)w < size ? (size_t)w : size - 1;
    }
    size_t n = strcspn(name, "(");
    while (n > 0 && name[n - 1] == ' ')
        n--;
    size_t start = n;
    while (start > 0 && name[start - 1] != ' ')
        start--;
    if (start == n) /* no name before a bracket: the id */
        return copy_trimmed(o->id, strlen(o->id), out, size);
    return copy_trimmed(name + start, n - start, out, size);
}

const char *map_side_colour(const map *m, const char *side_id)
{
    size_t i;
    if (!grog_battle_side_index(m->b, side_id, &i))
        return "#777777";
    return grog_map_side_colour(m->b, i);
}

double map_sy(const map *m, double y)
{
    return m->D - y;
}

/* The note the caller gave for piece id, or NULL. */
const char *map_mark_of(const map *m, const char *id)
{
    for (size_t i = 0; i < m->o->nmarks; i++)
        if (m->o->marks[i].id != NULL && strcmp(m->o->marks[i].id, id) == 0)
            return m->o->marks[i].text;
    return NULL;
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
