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
 * Officers are labelled by id (short, and what the commands take), units
 * by name. Crowding: a label is drawn only where it does not overlap an earlier one
 * (an occupancy grid over the table); with more units than max_labels the
 * unit labels shrink to a third; dropped labels are counted in the legend,
 * and every unit keeps a <title> with its full name for hovering. */
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

typedef struct sb {
    char *p;
    size_t n, cap;
    int oom;
} sb;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void out(sb *s, const char *fmt, ...)
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
static void esc(sb *s, const char *t)
{
    char *e = grog_text_xml_escape(t);
    if (e == NULL) {
        s->oom = 1;
        return;
    }
    out(s, "%s", e);
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

/* ---- drawing ---- */

static const char *const palette[] = {"#1f4e9c", "#b22222", "#2e8b57", "#8b6914", "#6a3d9a",
                                      "#e08000"};

typedef struct map {
    const grog_battle *b;
    const grog_map_options *o;
    sb s;
    double W, D;       /* table, mm */
    double unit_font;  /* mm */
    double officer_font;
    /* label occupancy grid */
    unsigned char *grid;
    size_t gcols, grows;
    double cell;
    size_t dropped;
} map;

static const char *side_colour(const map *m, const char *side_id)
{
    size_t i;
    if (!grog_battle_side_index(m->b, side_id, &i))
        return "#777777";
    const grog_side *s = grog_battle_side(m->b, i);
    return s->colour[0] ? s->colour : palette[i % (sizeof palette / sizeof palette[0])];
}

static double sy(const map *m, double y)
{
    return m->D - y;
}

static void polygon(map *m, const grog_base *b, const char *fill, const char *stroke,
                    double stroke_w, const char *cls)
{
    grog_point c[4];
    grog_base_corners(b, c);
    out(&m->s, "<polygon class=\"%s\" points=\"", cls);
    for (int i = 0; i < 4; i++)
        out(&m->s, "%s%.2f,%.2f", i ? " " : "", c[i].x, sy(m, c[i].y));
    out(&m->s, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.2f\"/>\n", fill, stroke, stroke_w);
}

/* The front edge, drawn thick: the facing mark. */
static void front_mark(map *m, const grog_base *b, double w)
{
    grog_point c[4];
    grog_base_corners(b, c);
    out(&m->s,
        "<line class=\"facing\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
        "stroke=\"#000\" stroke-width=\"%.2f\"/>\n",
        c[0].x, sy(m, c[0].y), c[1].x, sy(m, c[1].y), w);
}

/* 1 if the box is free in the occupancy grid (and marks it), else 0. */
static int claim(map *m, double x, double y, double w, double h)
{
    if (m->grid == NULL)
        return 1;
    double x0 = x - w / 2, x1 = x + w / 2, y0 = y - h / 2, y1 = y + h / 2;
    long c0 = (long)floor(x0 / m->cell), c1 = (long)floor(x1 / m->cell);
    long r0 = (long)floor(y0 / m->cell), r1 = (long)floor(y1 / m->cell);
    for (int pass = 0; pass < 2; pass++)
        for (long r = r0; r <= r1; r++)
            for (long c = c0; c <= c1; c++) {
                if (r < 0 || c < 0 || (size_t)r >= m->grows || (size_t)c >= m->gcols)
                    continue;
                unsigned char *g = &m->grid[(size_t)r * m->gcols + (size_t)c];
                if (pass == 0 && *g)
                    return 0;
                *g = 1;
            }
    return 1;
}

static void label(map *m, double x, double y, double font, const char *text, const char *cls)
{
    if (!(m->o->overlays & GROG_MAP_LABELS))
        return;
    double w = 0.55 * font * (double)strlen(text), h = font * 1.1;
    if (!claim(m, x, y, w, h)) {
        m->dropped++;
        return;
    }
    out(&m->s,
        "<text class=\"%s\" x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\" text-anchor=\"middle\" "
        "dominant-baseline=\"central\">",
        cls, x, y, font);
    esc(&m->s, text);
    out(&m->s, "</text>\n");
}

/* A rounded rect at distance r around a base: the exact set of points
 * within r of it, edge to edge. */
static void zone(map *m, const grog_base *b, double r, const char *cls, const char *stroke,
                 const char *dash)
{
    double cx = b->centre.x, cy = sy(m, b->centre.y);
    out(&m->s,
        "<rect class=\"%s\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" rx=\"%.2f\" "
        "transform=\"rotate(%.2f %.2f %.2f)\" fill=\"none\" stroke=\"%s\" "
        "stroke-width=\"%.2f\"%s%s%s/>\n",
        cls, cx - b->width / 2 - r, cy - b->depth / 2 - r, b->width + 2 * r, b->depth + 2 * r,
        r, b->facing, cx, cy, stroke, m->W / 1500.0 + 0.5, dash ? " stroke-dasharray=\"" : "",
        dash ? dash : "", dash ? "\"" : "");
}

/* AIG-O-04: the indirect bonus of charisma c is c-1 within a first radius
 * and one less per further ring, so the ring where it falls from b to b-1
 * is the outer radius of charisma b+1... and the rings of charisma c are the
 * outer radii of charisma c, c-1, ..., 2 (taken from the rules data, never
 * from numbers here). Drawn outermost first; data-bonus is the bonus
 * inside each ring. */
static void charisma_rings(map *m, const grog_officer *of, int c)
{
    for (int j = c; j >= 2; j--) {
        double r = m->o->aigles_charisma_mm[j];
        if (!(r > 0))
            continue;
        char cls[64];
        snprintf(cls, sizeof cls, "aigles-charisma\" data-bonus=\"%d", c - j + 1);
        zone(m, &of->base, r, cls, "#d4a017", j == c ? NULL : "1,3");
    }
}

static void draw_overlays(map *m)
{
    const grog_map_options *o = m->o;
    out(&m->s, "<g id=\"overlays\">\n");
    for (size_t i = 0; i < grog_battle_nofficers(m->b); i++) {
        const grog_officer *of = grog_battle_officer(m->b, i);
        if (of->state != GROG_OFFICER_ACTIVE)
            continue;
        int cmd = of->ratings.aigles_command, ch = of->ratings.aigles_charisma;
        int general = grog_role_is_general(of->role);
        if ((o->overlays & GROG_MAP_AIGLES_ZONES) && general && cmd >= 0 && cmd <= 5) {
            if (o->aigles_zone_contact[cmd])
                zone(m, &of->base, 0, "aigles-zone contact", "#444", "2,2");
            else if (o->aigles_zone_mm[cmd] > 0)
                zone(m, &of->base, o->aigles_zone_mm[cmd], "aigles-zone", "#555", "6,4");
        }
        if ((o->overlays & GROG_MAP_AIGLES_CHARISMA) && ch >= 0 && ch <= 5)
            charisma_rings(m, of, ch);
        if ((o->overlays & GROG_MAP_GDB_RADIUS) && o->gdb_radius_mm > 0 &&
            of->role == GROG_ROLE_C_IN_C)
            zone(m, &of->base, o->gdb_radius_mm, "gdb-radius", "#2a7f62", "12,6");
        if ((o->overlays & GROG_MAP_GT_RADIUS) && o->gt_radius_mm > 0 &&
            (of->role == GROG_ROLE_C_IN_C || of->role == GROG_ROLE_ARMY ||
             of->role == GROG_ROLE_CORPS))
            zone(m, &of->base, o->gt_radius_mm, "gt-radius", "#8e44ad", "3,6");
    }
    out(&m->s, "</g>\n");
}

static void draw_links(map *m)
{
    if (!(m->o->overlays & GROG_MAP_LINKS))
        return;
    out(&m->s, "<g id=\"links\" stroke=\"#333\" stroke-width=\"%.2f\" stroke-dasharray=\"4,3\">\n",
        m->W / 2000.0 + 0.4);
    for (size_t i = 0; i < grog_battle_nofficers(m->b); i++) {
        const grog_officer *of = grog_battle_officer(m->b, i);
        const grog_officer *sup = grog_battle_officer_by_id(m->b, of->superior);
        if (sup == NULL)
            continue;
        out(&m->s,
            "<line class=\"link\" data-from=\"%s\" data-to=\"%s\" x1=\"%.2f\" y1=\"%.2f\" "
            "x2=\"%.2f\" y2=\"%.2f\"/>\n",
            of->id, sup->id, of->base.centre.x, sy(m, of->base.centre.y), sup->base.centre.x,
            sy(m, sup->base.centre.y));
    }
    out(&m->s, "</g>\n");
}

static void draw_units(map *m)
{
    out(&m->s, "<g id=\"units\">\n");
    for (size_t i = 0; i < grog_battle_nunits(m->b); i++) {
        const grog_troop *u = grog_battle_unit(m->b, i);
        out(&m->s, "<g class=\"unit\" id=\"unit-%s\" data-side=\"%s\" data-x=\"%.2f\" "
                   "data-y=\"%.2f\" data-facing=\"%.2f\"><title>",
            u->id, u->side, u->base.centre.x, u->base.centre.y, u->base.facing);
        esc(&m->s, u->name);
        out(&m->s, " (%s, %s)</title>\n", grog_arm_name(u->arm), u->formation);
        int bad = (u->flags & (GROG_UNIT_ROUTED | GROG_UNIT_FLEEING | GROG_UNIT_BROKEN)) != 0;
        polygon(m, &u->base, side_colour(m, u->side), bad ? "#ff0000" : "#000",
                m->W / 3000.0 + 0.3, "base");
        front_mark(m, &u->base, m->W / 1200.0 + 0.8);
        out(&m->s, "</g>\n");
    }
    out(&m->s, "</g>\n");
}

static void draw_unit_labels(map *m)
{
    out(&m->s, "<g id=\"unit-labels\">\n");
    for (size_t i = 0; i < grog_battle_nunits(m->b); i++) {
        const grog_troop *u = grog_battle_unit(m->b, i);
        label(m, u->base.centre.x, sy(m, u->base.centre.y), m->unit_font, u->name, "unit-label");
    }
    out(&m->s, "</g>\n");
}

static void draw_officers(map *m)
{
    out(&m->s, "<g id=\"officers\">\n");
    for (size_t i = 0; i < grog_battle_nofficers(m->b); i++) {
        const grog_officer *of = grog_battle_officer(m->b, i);
        out(&m->s, "<g class=\"officer %s\" id=\"officer-%s\" data-side=\"%s\" data-x=\"%.2f\" "
                   "data-y=\"%.2f\"><title>",
            grog_role_name(of->role), of->id, of->side, of->base.centre.x, of->base.centre.y);
        esc(&m->s, of->name);
        out(&m->s, " (%s, %s)</title>\n", grog_role_name(of->role),
            grog_officer_state_name(of->state));
        polygon(m, &of->base, "#ffffff", side_colour(m, of->side), m->W / 1000.0 + 0.8, "base");
        out(&m->s, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"%s\"/>\n", of->base.centre.x,
            sy(m, of->base.centre.y), fmin(of->base.width, of->base.depth) / 4,
            side_colour(m, of->side));
        out(&m->s, "</g>\n");
    }
    out(&m->s, "</g>\n");
}

static void draw_officer_labels(map *m)
{
    out(&m->s, "<g id=\"officer-labels\" font-style=\"italic\">\n");
    /* Generals from the top down, so the C-in-C's label wins a crowded spot. */
    for (int depth = 0; depth < 64; depth++)
        for (size_t i = 0; i < grog_battle_nofficers(m->b); i++) {
            const grog_officer *of = grog_battle_officer(m->b, i);
            int d = grog_battle_officer_depth(m->b, i);
            if (d != depth && !(depth == 63 && d > 63))
                continue;
            label(m, of->base.centre.x,
                  sy(m, of->base.centre.y) - fmax(of->base.depth, 10) / 2 - m->officer_font * 0.7,
                  m->officer_font, of->id, "officer-label");
        }
    out(&m->s, "</g>\n");
}

/* A round length in mm for the scale bar: about a fifth of the table. */
static double nice_length(double W)
{
    static const double steps[] = {10, 20, 50, 100, 200, 300, 500, 1000, 2000, 5000, 10000};
    double want = W / 5;
    double best = steps[0];
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        if (steps[i] <= want)
            best = steps[i];
    return best;
}

/* The legend's rows: scale bar and sides, one per overlay shown, two notes. */
static int legend_rows(const grog_map_options *o)
{
    int rows = 3;
    for (unsigned bit = GROG_MAP_AIGLES_ZONES; bit <= GROG_MAP_GT_RADIUS; bit <<= 1)
        rows += (o->overlays & bit) != 0;
    return rows;
}

static void draw_scale_and_legend(map *m, double margin, double font)
{
    const grog_table *t = grog_battle_table(m->b);
    double len = nice_length(m->W);
    double y = m->D + margin * 0.8, row = font * 1.6;
    out(&m->s, "<g id=\"scale-bar\" data-mm=\"%.2f\">\n", len);
    out(&m->s, "<rect x=\"0\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#000\"/>\n",
        y - font * 0.3, len, font * 0.3);
    out(&m->s, "<text x=\"0\" y=\"%.2f\" font-size=\"%.2f\">%g cm = %.1f in = %.0f pas</text>\n",
        y + font * 1.1, font, len / 10.0, len / 25.4, len / t->scale.mm_per_pas);
    out(&m->s, "</g>\n<g id=\"legend\" font-size=\"%.2f\">\n", font);
    double x = len + margin;
    for (size_t i = 0; i < grog_battle_nsides(m->b); i++) {
        const grog_side *s = grog_battle_side(m->b, i);
        out(&m->s, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\"/>", x,
            y - font * 0.8, font, font * 0.8, side_colour(m, s->id));
        out(&m->s, "<text class=\"legend-side\" x=\"%.2f\" y=\"%.2f\">", x + font * 1.3, y);
        esc(&m->s, s->name);
        out(&m->s, "</text>\n");
        x += font * (2.5 + 0.6 * (double)strlen(s->name));
    }
    static const struct { unsigned bit; const char *colour, *text; } keys[] = {
        {GROG_MAP_AIGLES_ZONES, "#555", N_("aigles order-change zone of each general (AIG-O-07)")},
        {GROG_MAP_AIGLES_CHARISMA, "#d4a017",
         N_("aigles charisma rings: +1 more inside each ring (AIG-O-04)")},
        {GROG_MAP_GDB_RADIUS, "#2a7f62", N_("gdb C-in-C command radius (GDB-09)")},
        {GROG_MAP_GT_RADIUS, "#8e44ad", N_("gt corps and army command radius (GT-10)")},
    };
    y += row * 1.4;
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        if (!(m->o->overlays & keys[k].bit))
            continue;
        out(&m->s, "<line x1=\"0\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
                   "stroke-width=\"%.2f\"/>",
            y - font * 0.35, font * 2, y - font * 0.35, keys[k].colour, font * 0.2);
        out(&m->s, "<text class=\"legend-overlay\" x=\"%.2f\" y=\"%.2f\">", font * 2.5, y);
        esc(&m->s, _(keys[k].text));
        out(&m->s, "</text>\n");
        y += row;
    }
    out(&m->s, "<text class=\"legend-note\" x=\"0\" y=\"%.2f\">", y);
    char note[512];
    snprintf(note, sizeof note,
             _("%zu units, %zu officers. Bases to scale, thick edge = front; dashed line = "
               "to the superior; officers are white bases, labelled by id."),
             grog_battle_nunits(m->b), grog_battle_nofficers(m->b));
    esc(&m->s, note);
    out(&m->s, "</text>\n<text class=\"legend-note\" x=\"0\" y=\"%.2f\">", y + row);
    if (m->dropped) {
        snprintf(note, sizeof note,
                 _("%zu labels left out where crowded (hover a base for its name)."), m->dropped);
        esc(&m->s, note);
    }
    out(&m->s, "</text>\n</g>\n");
}

static void setup_grid(map *m)
{
    m->cell = m->unit_font * 1.2;
    if (!(m->cell > 0))
        return;
    double gc = ceil(m->W / m->cell) + 1, gr = ceil(m->D / m->cell) + 1;
    if (gc * gr > 4e6) {
        m->cell = sqrt(m->W * m->D / 4e6) + 1;
        gc = ceil(m->W / m->cell) + 1;
        gr = ceil(m->D / m->cell) + 1;
    }
    m->gcols = (size_t)gc;
    m->grows = (size_t)gr;
    m->grid = calloc(m->gcols * m->grows, 1);
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
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    m.b = b;
    m.o = o;
    const grog_table *t = grog_battle_table(b);
    m.W = t->width_mm;
    m.D = t->depth_mm;
    double margin = fmax(m.W, m.D) * 0.04;
    double font = fmax(m.W / 70.0, 4);
    double legend = font * 1.6 * (legend_rows(o) + 1.5);
    size_t maxl = o->max_labels > 0 ? (size_t)o->max_labels : 300;
    m.officer_font = fmax(m.W / 90.0, 6);
    m.unit_font = fmax(m.W / 130.0, 5);
    if (grog_battle_nunits(b) > maxl)
        m.unit_font /= 3;
    setup_grid(&m);
    double px = o->width_px > 0 ? o->width_px : 1200;
    double vw = m.W + 2 * margin, vh = m.D + 2 * margin + legend;
    out(&m.s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out(&m.s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
        "viewBox=\"%.2f %.2f %.2f %.2f\" font-family=\"sans-serif\" data-table-width=\"%.2f\" "
        "data-table-depth=\"%.2f\">\n",
        px, px * vh / vw, -margin, -margin, vw, vh, m.W, m.D);
    out(&m.s, "<title>");
    esc(&m.s, grog_battle_meta(b)->name);
    out(&m.s, "</title>\n");
    out(&m.s, "<rect id=\"table\" x=\"0\" y=\"0\" width=\"%.2f\" height=\"%.2f\" "
              "fill=\"#eef3e2\" stroke=\"#555\"/>\n",
        m.W, m.D);
    draw_overlays(&m);
    draw_links(&m);
    draw_units(&m);
    draw_officers(&m);
    draw_officer_labels(&m);
    draw_unit_labels(&m);
    draw_scale_and_legend(&m, margin, font);
    out(&m.s, "</svg>\n");
    free(m.grid);
    if (m.s.oom) {
        free(m.s.p);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    *svg = m.s.p;
    return GROG_OK;
}
