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
 * a third. */
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


/* ---- colours and labels ---- */

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
static const char *colour_name(const char *hex)
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

/* Characters (UTF-8 code points) in t, for the width of a label. */
static size_t glyphs(const char *t)
{
    size_t n = 0;
    for (; *t; t++)
        n += ((unsigned char)*t & 0xC0) != 0x80;
    return n;
}

/* ---- drawing ---- */

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

static const char *side_colour(const map *m, const char *side_id)
{
    size_t i;
    if (!grog_battle_side_index(m->b, side_id, &i))
        return "#777777";
    return grog_map_side_colour(m->b, i);
}

static double sy(const map *m, double y)
{
    return m->D - y;
}

/* The note the caller gave for piece id, or NULL. */
static const char *mark_of(const map *m, const char *id)
{
    for (size_t i = 0; i < m->o->nmarks; i++)
        if (m->o->marks[i].id != NULL && strcmp(m->o->marks[i].id, id) == 0)
            return m->o->marks[i].text;
    return NULL;
}

static void polygon(map *m, const grog_base *b, const char *fill, const char *stroke,
                    double stroke_w, const char *cls, const char *dash)
{
    grog_point c[4];
    grog_base_corners(b, c);
    out(&m->s, "<polygon class=\"%s\" points=\"", cls);
    for (int i = 0; i < 4; i++)
        out(&m->s, "%s%.2f,%.2f", i ? " " : "", c[i].x, sy(m, c[i].y));
    out(&m->s, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.2f\"%s%s%s/>\n", fill, stroke,
        stroke_w, dash ? " stroke-dasharray=\"" : "", dash ? dash : "", dash ? "\"" : "");
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

static int overlaps(const box *a, const box *b)
{
    return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
}

static void grid_free(map *m)
{
    for (size_t i = 0; m->cells != NULL && i < (size_t)LABEL_GRID * LABEL_GRID; i++)
        free(m->cells[i].v);
    free(m->cells);
    m->cells = NULL;
}

/* The grid cells a box inside the table meets: [*c0, *c1] across, [*r0, *r1]
 * down (the same floor for every box, so that a shared point is a shared cell). */
static void cell_range(const map *m, const box *b, int *c0, int *c1, int *r0, int *r1)
{
    double cw = m->W / LABEL_GRID, ch = m->D / LABEL_GRID;
    int v[4] = {(int)floor(b->x0 / cw), (int)floor(b->x1 / cw), (int)floor(b->y0 / ch),
                (int)floor(b->y1 / ch)};
    for (int k = 0; k < 4; k++)
        v[k] = v[k] < 0 ? 0 : v[k] >= LABEL_GRID ? LABEL_GRID - 1 : v[k];
    *c0 = v[0];
    *c1 = v[1];
    *r0 = v[2];
    *r1 = v[3];
}

/* 1 when box b meets a label placed so far. */
static int meets_label(const map *m, const box *b)
{
    if (m->cells == NULL) { /* no grid (out of memory for it): every label */
        for (size_t i = 0; i < m->nboxes; i++)
            if (overlaps(b, &m->boxes[i]))
                return 1;
        return 0;
    }
    int c0, c1, r0, r1;
    cell_range(m, b, &c0, &c1, &r0, &r1);
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++) {
            const struct cell *e = &m->cells[r * LABEL_GRID + c];
            for (size_t i = 0; i < e->n; i++)
                if (overlaps(b, &m->boxes[e->v[i]]))
                    return 1;
        }
    return 0;
}

/* Box index i (inside the table) entered in the cells it meets; without
 * memory for that, the grid is dropped and every label scanned. */
static void grid_add(map *m, size_t i)
{
    if (m->cells == NULL)
        return;
    int c0, c1, r0, r1;
    cell_range(m, &m->boxes[i], &c0, &c1, &r0, &r1);
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++) {
            struct cell *e = &m->cells[r * LABEL_GRID + c];
            if (e->n == e->cap) {
                size_t nc = e->cap ? e->cap * 2 : 8;
                size_t *nv = realloc(e->v, nc * sizeof *nv);
                if (nv == NULL) {
                    grid_free(m);
                    return;
                }
                e->v = nv;
                e->cap = nc;
            }
            e->v[e->n++] = i;
        }
}

/* 1 when the box is inside the table and meets no label placed so far
 * and, with avoid_bases, no base but the labelled piece's own. */
static int free_place(const map *m, const box *b, const box *own, int avoid_bases)
{
    if (b->x0 < 0 || b->y0 < 0 || b->x1 > m->W || b->y1 > m->D)
        return 0;
    if (meets_label(m, b))
        return 0;
    for (size_t i = 0; avoid_bases && i < m->nbases; i++) {
        const box *o = &m->bases[i];
        if (overlaps(b, o) &&
            !(o->x0 == own->x0 && o->y0 == own->y0 && o->x1 == own->x1 && o->y1 == own->y1))
            return 0;
    }
    return 1;
}

static int keep_box(map *m, const box *b)
{
    if (m->nboxes == m->capboxes) {
        size_t nc = m->capboxes ? m->capboxes * 2 : 64;
        box *nb = realloc(m->boxes, nc * sizeof *nb);
        if (nb == NULL) {
            m->s.oom = 1;
            return 0;
        }
        m->boxes = nb;
        m->capboxes = nc;
    }
    m->boxes[m->nboxes++] = *b;
    grid_add(m, m->nboxes - 1);
    return 1;
}

/* A label of one or two lines (the second, a note, smaller) for a piece
 * whose base spans `around` on the sheet: placed by the collision pass. */
static void label(map *m, const char *for_id, const box *around, double font, const char *text,
                  const char *note, const char *cls, int on_base_first)
{
    if (!(m->o->overlays & GROG_MAP_LABELS))
        return;
    double nfont = font * 0.75;
    double pad = font * 0.15;
    double w = 0.62 * font * (double)glyphs(text);
    if (note != NULL && 0.62 * nfont * (double)glyphs(note) > w)
        w = 0.62 * nfont * (double)glyphs(note);
    w += 2 * pad;
    double h = font * 1.2 + (note != NULL ? nfont * 1.2 : 0) + pad;
    double cx = (around->x0 + around->x1) / 2, cy = (around->y0 + around->y1) / 2;
    double gap = font * 0.2;
    /* Candidate centres: on the base, below, above, right, left, then the
     * corners. First where no other base is hidden, then anywhere free. */
    double dx = (around->x1 - around->x0) / 2 + gap + w / 2;
    double dy = (around->y1 - around->y0) / 2 + gap + h / 2;
    enum { NCAND = 9 };
    double cand[NCAND][2] = {
        {cx, cy},           {cx, cy + dy},      {cx, cy - dy},      {cx + dx, cy},
        {cx - dx, cy},      {cx + dx, cy + dy}, {cx - dx, cy + dy}, {cx + dx, cy - dy},
        {cx - dx, cy - dy},
    };
    /* On the base only where the label fits inside it (else it hides it). */
    int fits = around->x1 - around->x0 >= w && around->y1 - around->y0 >= h;
    int k0 = on_base_first && fits ? 0 : 1;
    box b = {0, 0, 0, 0};
    const double *c = NULL;
    for (int pass = m->nbases > 0 ? 0 : 1; pass < 2 && c == NULL; pass++)
        for (int k = k0; k < NCAND && c == NULL; k++) {
            box t = {cand[k][0] - w / 2, cand[k][1] - h / 2, cand[k][0] + w / 2,
                     cand[k][1] + h / 2};
            if (free_place(m, &t, around, pass == 0)) {
                b = t;
                c = cand[k];
            }
        }
    if (c == NULL) {
        m->dropped++;
        return;
    }
    if (!keep_box(m, &b))
        return;
    out(&m->s, "<g class=\"label\" data-for=\"%s\" data-box=\"%.2f %.2f %.2f %.2f\">", for_id,
        b.x0, b.y0, b.x1, b.y1);
    out(&m->s,
        "<rect class=\"label-box\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
        "rx=\"%.2f\" fill=\"#ffffff\" fill-opacity=\"0.8\"/>",
        b.x0, b.y0, w, h, pad);
    double ty = b.y0 + pad / 2 + font * 0.6;
    out(&m->s,
        "<text class=\"%s\" x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\" text-anchor=\"middle\" "
        "dominant-baseline=\"central\">",
        cls, c[0], ty, font);
    esc(&m->s, text);
    out(&m->s, "</text>");
    if (note != NULL) {
        out(&m->s,
            "<text class=\"mark\" x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\" "
            "text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#8b0000\">",
            c[0], ty + font * 0.6 + nfont * 0.6, nfont);
        esc(&m->s, note);
        out(&m->s, "</text>");
    }
    out(&m->s, "</g>\n");
}

/* The sheet box of a base. */
static box base_box(const map *m, const grog_base *b)
{
    grog_point c[4];
    grog_base_corners(b, c);
    box r = {c[0].x, sy(m, c[0].y), c[0].x, sy(m, c[0].y)};
    for (int i = 1; i < 4; i++) {
        r.x0 = fmin(r.x0, c[i].x);
        r.x1 = fmax(r.x1, c[i].x);
        r.y0 = fmin(r.y0, sy(m, c[i].y));
        r.y1 = fmax(r.y1, sy(m, c[i].y));
    }
    return r;
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

/* ---- terrain, under everything ---- */

static const struct terrain_style {
    const char *fill, *stroke;
    const char *legend; /* N_() */
} terrain_styles[GROG_TERRAIN_KIND_COUNT] = {
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
        out(&m->s, "%s%.2f,%.2f", k ? " " : "", t->points[k].x, sy(m, t->points[k].y));
}

static void draw_terrain_one(map *m, const grog_terrain *t)
{
    const struct terrain_style *st = &terrain_styles[t->kind];
    const char *kind = grog_terrain_kind_name(t->kind);
    double w = m->W / 1500.0 + 0.5;
    if (grog_terrain_kind_is_area(t->kind)) {
        out(&m->s, "<polygon class=\"terrain %s\" points=\"", kind);
        points_attr(m, t);
        out(&m->s, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.2f\"><title>", st->fill,
            st->stroke, w * 1.5);
        esc(&m->s, t->name[0] ? t->name : _(st->legend));
        out(&m->s, "</title></polygon>\n");
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
    out(&m->s, "<g class=\"terrain %s\"><title>", kind);
    esc(&m->s, t->name[0] ? t->name : _(st->legend));
    out(&m->s, "</title><polyline points=\"");
    points_attr(m, t);
    out(&m->s, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.2f\" stroke-linecap=\"round\" "
               "stroke-linejoin=\"round\"%s/>",
        under, band, t->kind == GROG_TERRAIN_RIDGE ? " stroke-opacity=\"0.7\"" : "");
    if (t->kind != GROG_TERRAIN_RIVER) {
        out(&m->s, "<polyline points=\"");
        points_attr(m, t);
        out(&m->s, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.2f\" stroke-linecap=\"round\" "
                   "stroke-linejoin=\"round\"%s/>",
            t->kind == GROG_TERRAIN_RIDGE ? st->stroke : "#f3e8c8",
            t->kind == GROG_TERRAIN_RIDGE ? w * 2 : band * 0.6,
            t->kind == GROG_TERRAIN_RIDGE ? " stroke-dasharray=\"8,4\"" : "");
    }
    out(&m->s, "</g>\n");
}

/* Areas first (hills, then woods and towns), then lines (ridges, rivers, roads). */
static void draw_terrain(map *m)
{
    static const grog_terrain_kind order[] = {GROG_TERRAIN_HILL, GROG_TERRAIN_WOOD,
                                              GROG_TERRAIN_TOWN, GROG_TERRAIN_RIDGE,
                                              GROG_TERRAIN_RIVER, GROG_TERRAIN_ROAD};
    size_t n = grog_battle_nterrain(m->b);
    if (n == 0)
        return;
    out(&m->s, "<g id=\"terrain\" clip-path=\"url(#table-clip)\">\n");
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
        for (size_t i = 0; i < n; i++) {
            const grog_terrain *t = grog_battle_terrain(m->b, i);
            if (t->kind == order[k])
                draw_terrain_one(m, t);
        }
    out(&m->s, "</g>\n");
}

/* The sheet point where a feature's name goes: an area's centre of its
 * points, a line's middle point. */
static box terrain_anchor(const map *m, const grog_terrain *t)
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
    box r = {x, sy(m, y), x, sy(m, y)};
    return r;
}

/* Zones and radii, clipped to the table (#table-clip). */
static void draw_overlays(map *m)
{
    const grog_map_options *o = m->o;
    out(&m->s, "<g id=\"overlays\" clip-path=\"url(#table-clip)\">\n");
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
    out(&m->s,
        "<g id=\"links\" stroke=\"#333\" stroke-width=\"%.2f\" stroke-dasharray=\"4,3\" "
        "clip-path=\"url(#table-clip)\">\n",
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

static void unit_title(map *m, const grog_troop *u)
{
    out(&m->s, "<title>");
    esc(&m->s, u->name);
    out(&m->s, " (%s, %s", grog_arm_name(u->arm), u->formation);
    for (int k = 0; k < GROG_UNIT_FLAG_COUNT; k++)
        if (u->flags & (1u << k))
            out(&m->s, ", %s", grog_unit_flag_name((grog_unit_flag)(1u << k)));
    out(&m->s, ")");
    const char *note = mark_of(m, u->id);
    if (note != NULL) {
        out(&m->s, ": ");
        esc(&m->s, note);
    }
    out(&m->s, "</title>\n");
}

/* Two crossed strokes over a base: in melee. */
static void melee_mark(map *m, const grog_base *b)
{
    double r = fmax(fmin(b->width, b->depth), m->unit_font) * 0.6;
    double x = b->centre.x, y = sy(m, b->centre.y);
    out(&m->s,
        "<path class=\"melee\" d=\"M%.2f %.2fL%.2f %.2fM%.2f %.2fL%.2f %.2f\" stroke=\"#d00000\" "
        "stroke-width=\"%.2f\"/>\n",
        x - r, y - r, x + r, y + r, x - r, y + r, x + r, y - r, m->W / 800.0 + 0.8);
}

static void draw_units(map *m)
{
    out(&m->s, "<g id=\"units\">\n");
    for (size_t i = 0; i < grog_battle_nunits(m->b); i++) {
        const grog_troop *u = grog_battle_unit(m->b, i);
        out(&m->s, "<g class=\"unit\" id=\"unit-%s\" data-side=\"%s\" data-x=\"%.2f\" "
                   "data-y=\"%.2f\" data-facing=\"%.2f\" data-formation=\"%s\">",
            u->id, u->side, u->base.centre.x, u->base.centre.y, u->base.facing, u->formation);
        unit_title(m, u);
        int bad = (u->flags & (GROG_UNIT_ROUTED | GROG_UNIT_FLEEING | GROG_UNIT_BROKEN)) != 0;
        int loose = (u->flags & (GROG_UNIT_DISORDERED | GROG_UNIT_UNFORMED)) != 0;
        polygon(m, &u->base, side_colour(m, u->side), bad ? "#ff0000" : "#000",
                bad ? m->W / 1000.0 + 0.8 : m->W / 3000.0 + 0.3, "base", loose ? "3,2" : NULL);
        front_mark(m, &u->base, m->W / 1200.0 + 0.8);
        if (u->flags & GROG_UNIT_IN_MELEE)
            melee_mark(m, &u->base);
        out(&m->s, "</g>\n");
    }
    out(&m->s, "</g>\n");
}

static void draw_officers(map *m)
{
    out(&m->s, "<g id=\"officers\">\n");
    for (size_t i = 0; i < grog_battle_nofficers(m->b); i++) {
        const grog_officer *of = grog_battle_officer(m->b, i);
        int out_of_battle = of->state != GROG_OFFICER_ACTIVE;
        out(&m->s, "<g class=\"officer %s\" id=\"officer-%s\" data-side=\"%s\" data-x=\"%.2f\" "
                   "data-y=\"%.2f\" data-state=\"%s\"><title>",
            grog_role_name(of->role), of->id, of->side, of->base.centre.x, of->base.centre.y,
            grog_officer_state_name(of->state));
        esc(&m->s, of->name);
        out(&m->s, " (%s, %s)", grog_role_name(of->role), grog_officer_state_name(of->state));
        const char *note = mark_of(m, of->id);
        if (note != NULL) {
            out(&m->s, ": ");
            esc(&m->s, note);
        }
        out(&m->s, "</title>\n");
        const char *colour = out_of_battle ? "#999999" : side_colour(m, of->side);
        polygon(m, &of->base, out_of_battle ? "#dddddd" : "#ffffff", colour,
                m->W / 1000.0 + 0.8, "base", NULL);
        double r = fmin(of->base.width, of->base.depth) / 4;
        double x = of->base.centre.x, y = sy(m, of->base.centre.y);
        if (out_of_battle)
            out(&m->s,
                "<path class=\"out\" d=\"M%.2f %.2fL%.2f %.2fM%.2f %.2fL%.2f %.2f\" "
                "stroke=\"#444\" stroke-width=\"%.2f\"/>\n",
                x - 2 * r, y - 2 * r, x + 2 * r, y + 2 * r, x - 2 * r, y + 2 * r, x + 2 * r,
                y - 2 * r, m->W / 1500.0 + 0.5);
        else
            out(&m->s, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"%s\"/>\n", x, y, r,
                colour);
        out(&m->s, "</g>\n");
    }
    out(&m->s, "</g>\n");
}

static void officer_label(map *m, size_t i)
{
    const grog_officer *of = grog_battle_officer(m->b, i);
    char text[GROG_NAME_MAX + 48];
    size_t n = grog_map_officer_label(of, text, GROG_NAME_MAX);
    if (of->state != GROG_OFFICER_ACTIVE)
        snprintf(text + n, sizeof text - n, " (%s)", _(grog_officer_state_name(of->state)));
    box around = base_box(m, &of->base);
    label(m, of->id, &around, m->officer_font, text, mark_of(m, of->id), "officer-label", 0);
}

/* Every base's box, for labels to keep off (not on crowded maps: beyond
 * max_labels units, labels only keep off each other). */
static void setup_bases(map *m)
{
    size_t nu = grog_battle_nunits(m->b), no = grog_battle_nofficers(m->b);
    size_t maxl = m->o->max_labels > 0 ? (size_t)m->o->max_labels : 300;
    if (nu > maxl || (m->bases = malloc((nu + no + 1) * sizeof *m->bases)) == NULL)
        return;
    for (size_t i = 0; i < nu; i++)
        m->bases[m->nbases++] = base_box(m, &grog_battle_unit(m->b, i)->base);
    for (size_t i = 0; i < no; i++)
        m->bases[m->nbases++] = base_box(m, &grog_battle_officer(m->b, i)->base);
}

/* The generals from the top down: by depth in the hierarchy (every depth
 * from 63 down as one, the last), in battle order within a depth. The
 * depths come from the hierarchy index, built once (or, out of memory for
 * it, from each officer's chain of superiors, walked once). out[] gets the
 * officers' indices; returns how many, or (size_t)-1 out of memory. */
static size_t generals_top_down(const grog_battle *b, size_t *out)
{
    enum { LAST = 63 };
    size_t no = grog_battle_nofficers(b), count[LAST + 2] = {0};
    unsigned char *key = malloc(no + 1);
    if (key == NULL)
        return (size_t)-1;
    grog_hierarchy *h = NULL;
    int indexed = grog_hierarchy_build(b, &h, NULL) == GROG_OK;
    size_t n = 0;
    for (size_t i = 0; i < no; i++) {
        int d = indexed ? grog_hierarchy_depth(h, i) : grog_battle_officer_depth(b, i);
        key[i] = (unsigned char)(d < LAST ? d : LAST);
        if (grog_role_is_general(grog_battle_officer(b, i)->role)) {
            count[key[i] + 1]++;
            n++;
        }
    }
    grog_hierarchy_destroy(h);
    for (int k = 1; k <= LAST + 1; k++) /* count[k]: where depth k starts */
        count[k] += count[k - 1];
    for (size_t i = 0; i < no; i++)
        if (grog_role_is_general(grog_battle_officer(b, i)->role))
            out[count[key[i]]++] = i;
    free(key);
    return n;
}

/* Labels: generals from the top down (the C-in-C's label wins a crowded
 * spot), then units, then ADCs. */
static void draw_labels(map *m)
{
    out(&m->s, "<g id=\"officer-labels\" font-style=\"italic\">\n");
    size_t no = grog_battle_nofficers(m->b);
    size_t *order = malloc((no + 1) * sizeof *order);
    size_t n = order != NULL ? generals_top_down(m->b, order) : (size_t)-1;
    for (size_t k = 0; n != (size_t)-1 && k < n; k++)
        officer_label(m, order[k]);
    free(order);
    for (int depth = 0; n == (size_t)-1 && depth < 64; depth++) /* out of memory: as before */
        for (size_t i = 0; i < no; i++) {
            int d = grog_battle_officer_depth(m->b, i);
            if (grog_role_is_general(grog_battle_officer(m->b, i)->role) &&
                (d == depth || (depth == 63 && d > 63)))
                officer_label(m, i);
        }
    out(&m->s, "</g>\n<g id=\"unit-labels\">\n");
    for (size_t i = 0; i < grog_battle_nunits(m->b); i++) {
        const grog_troop *u = grog_battle_unit(m->b, i);
        char text[GROG_NAME_MAX];
        grog_map_unit_label(u, text, sizeof text);
        box around = base_box(m, &u->base);
        const char *note = mark_of(m, u->id);
        char melee[64];
        if (note == NULL && (u->flags & GROG_UNIT_IN_MELEE)) {
            snprintf(melee, sizeof melee, "%s", _("in melee"));
            note = melee;
        }
        label(m, u->id, &around, m->unit_font, text, note, "unit-label", 1);
    }
    out(&m->s, "</g>\n<g id=\"adc-labels\" font-style=\"italic\">\n");
    for (size_t i = 0; i < no; i++)
        if (!grog_role_is_general(grog_battle_officer(m->b, i)->role))
            officer_label(m, i);
    out(&m->s, "</g>\n<g id=\"terrain-labels\" font-style=\"italic\" fill=\"#5a4a2a\">\n");
    for (size_t i = 0; i < grog_battle_nterrain(m->b); i++) {
        const grog_terrain *t = grog_battle_terrain(m->b, i);
        if (t->name[0] == '\0')
            continue;
        box at = terrain_anchor(m, t);
        label(m, "terrain", &at, m->unit_font, t->name, NULL, "terrain-label", 1);
    }
    out(&m->s, "</g>\n");
}

/* ---- the legend, below the table ---- */

/* A round length for the scale bar, about a fifth of the table, in the
 * scenario's unit of length; *text names it. Returns mm. */
static double scale_length(const map *m, char *text, size_t size)
{
    static const double cm[] = {1, 2, 5, 10, 20, 30, 50, 100, 200, 500, 1000};
    static const double in[] = {1, 2, 3, 6, 12, 18, 24, 36, 48, 72, 120, 240};
    static const double pas[] = {10, 20, 50, 100, 200, 300, 500, 1000, 2000, 5000, 10000};
    const grog_table *t = grog_battle_table(m->b);
    const double *steps = cm;
    size_t n = sizeof cm / sizeof cm[0];
    double unit_mm = 10;
    const char *unit = "cm";
    if (t->file_unit == GROG_UNIT_IN) {
        steps = in;
        n = sizeof in / sizeof in[0];
        unit_mm = 25.4;
        unit = "in";
    } else if (t->file_unit == GROG_UNIT_PAS) {
        steps = pas;
        n = sizeof pas / sizeof pas[0];
        unit_mm = t->scale.mm_per_pas;
        unit = "pas";
    } else if (t->file_unit == GROG_UNIT_MM) {
        steps = pas; /* 10, 20, 50... mm */
        n = sizeof pas / sizeof pas[0];
        unit_mm = 1;
        unit = "mm";
    }
    double want = m->W / 5, best = steps[0];
    for (size_t i = 0; i < n; i++)
        if (steps[i] * unit_mm <= want)
            best = steps[i];
    double mm = best * unit_mm;
    if (t->file_unit == GROG_UNIT_PAS)
        snprintf(text, size, "%g pas", best);
    else
        snprintf(text, size, "%g %s = %.0f pas", best, unit, mm / t->scale.mm_per_pas);
    return mm;
}

/* Splits text into lines of at most `chars` glyphs at blanks; calls emit for each. */
static int wrap_lines(map *m, double x, double y, double row, const char *cls, const char *text,
                      size_t chars)
{
    int lines = 0;
    const char *p = text;
    while (*p) {
        const char *end = p, *cut = NULL;
        size_t g = 0;
        while (*end && g < chars) {
            if (*end == ' ')
                cut = end;
            g += ((unsigned char)*end & 0xC0) != 0x80;
            end++;
        }
        if (*end && cut != NULL && cut > p)
            end = cut;
        char line[1024];
        size_t n = (size_t)(end - p) < sizeof line - 1 ? (size_t)(end - p) : sizeof line - 1;
        memcpy(line, p, n);
        line[n] = '\0';
        out(&m->s, "<text class=\"%s\" x=\"%.2f\" y=\"%.2f\">", cls, x, y + lines * row);
        esc(&m->s, line);
        out(&m->s, "</text>\n");
        lines++;
        p = end;
        while (*p == ' ')
            p++;
    }
    return lines;
}

static const struct legend_key {
    unsigned bit;
    const char *colour, *text;
} legend_keys[] = {
    {GROG_MAP_AIGLES_ZONES, "#555", N_("Les Aigles: order-change zone of each general (AIG-O-07)")},
    {GROG_MAP_AIGLES_CHARISMA, "#d4a017",
     N_("Les Aigles: charisma rings, +1 more inside each ring (AIG-O-04)")},
    {GROG_MAP_GDB_RADIUS, "#2a7f62", N_("General de Brigade: C-in-C command radius (GDB-09)")},
    {GROG_MAP_GT_RADIUS, "#8e44ad",
     N_("Grande Tactique: corps and army command radius (GT-10)")},
};

/* Who is out of the battle: "Picton (killed), Pack (prisoner)", or "". */
static void officers_out(const map *m, char *text, size_t size)
{
    size_t n = 0;
    text[0] = '\0';
    for (size_t i = 0; i < grog_battle_nofficers(m->b) && n < size; i++) {
        const grog_officer *of = grog_battle_officer(m->b, i);
        if (of->state == GROG_OFFICER_ACTIVE)
            continue;
        char name[GROG_NAME_MAX];
        grog_map_officer_label(of, name, sizeof name);
        int w = snprintf(text + n, size - n, "%s%s (%s)", n ? ", " : "", name,
                         _(grog_officer_state_name(of->state)));
        if (w < 0)
            break;
        n += (size_t)w;
    }
}

static const char *legend_note(void)
{
    return _("Bases to scale, the thick edge is the front. White bases are officers, a "
             "dashed line joins each to his superior. A red outline: routed, broken or "
             "fleeing; a dashed outline: disordered; a red cross: in melee.");
}

static int terrain_present(const map *m, grog_terrain_kind k)
{
    for (size_t i = 0; i < grog_battle_nterrain(m->b); i++)
        if (grog_battle_terrain(m->b, i)->kind == k)
            return 1;
    return 0;
}

/* The legend's rows, counted the way draw_legend draws them. */
static int legend_rows(const map *m, size_t chars)
{
    int rows = (int)grog_battle_nsides(m->b) + (int)(glyphs(legend_note()) / (chars * 3 / 4)) + 1;
    for (int k = 0; k < GROG_TERRAIN_KIND_COUNT; k++)
        rows += terrain_present(m, (grog_terrain_kind)k);
    for (size_t k = 0; k < sizeof legend_keys / sizeof legend_keys[0]; k++)
        rows += (m->o->overlays & legend_keys[k].bit) != 0;
    char text[2048];
    officers_out(m, text, sizeof text);
    if (text[0])
        rows += (int)(glyphs(text) / chars) + 2;
    return rows + 1;
}

static void draw_compass(map *m, double x, double y, double size)
{
    out(&m->s,
        "<g id=\"compass\"><path d=\"M%.2f %.2fL%.2f %.2fL%.2f %.2fZ\" fill=\"#222\"/>"
        "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\" text-anchor=\"middle\">%s</text></g>\n",
        x, y - size, x + size * 0.35, y, x - size * 0.35, y, x, y - size * 1.1, size * 0.6,
        _("N"));
}

static void draw_legend(map *m, double top)
{
    double f = m->font, row = f * 1.5;
    double barw = m->W * 0.3; /* the right part: scale bar and compass */
    size_t chars = (size_t)fmax((m->W - barw) / (0.58 * f), 20);
    char text[2048];
    double y = top + row;
    /* The scale bar and the compass, on the right. */
    double len = scale_length(m, text, sizeof text);
    double bx = m->W - len;
    out(&m->s, "<g id=\"scale-bar\" data-mm=\"%.2f\">\n", len);
    out(&m->s, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#000\"/>\n", bx,
        y - f * 0.3, len / 2, f * 0.3);
    out(&m->s,
        "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#fff\" "
        "stroke=\"#000\" stroke-width=\"%.2f\"/>\n",
        bx + len / 2, y - f * 0.3, len / 2, f * 0.3, f * 0.05);
    out(&m->s, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\" text-anchor=\"end\">", m->W,
        y + f * 1.2, f);
    esc(&m->s, text);
    out(&m->s, "</text>\n</g>\n");
    draw_compass(m, m->W - len / 2, y + row * 3.2, f * 1.6);
    out(&m->s, "<g id=\"legend\" font-size=\"%.2f\">\n", f);
    /* Each side's colour, named. */
    for (size_t i = 0; i < grog_battle_nsides(m->b); i++) {
        const grog_side *s = grog_battle_side(m->b, i);
        const char *colour = grog_map_side_colour(m->b, i);
        out(&m->s, "<rect x=\"0\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\"/>",
            y - f * 0.8, f * 1.6, f * 0.9, colour);
        snprintf(text, sizeof text, "%s: %s", colour_name(colour), s->name);
        out(&m->s, "<text class=\"legend-side\" x=\"%.2f\" y=\"%.2f\">", f * 2.2, y);
        esc(&m->s, text);
        out(&m->s, "</text>\n");
        y += row;
    }
    for (size_t k = 0; k < sizeof legend_keys / sizeof legend_keys[0]; k++) {
        if (!(m->o->overlays & legend_keys[k].bit))
            continue;
        out(&m->s,
            "<line x1=\"0\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
            "stroke-width=\"%.2f\"/>",
            y - f * 0.35, f * 1.6, y - f * 0.35, legend_keys[k].colour, f * 0.2);
        out(&m->s, "<text class=\"legend-overlay\" x=\"%.2f\" y=\"%.2f\">", f * 2.2, y);
        esc(&m->s, _(legend_keys[k].text));
        out(&m->s, "</text>\n");
        y += row;
    }
    for (int k = 0; k < GROG_TERRAIN_KIND_COUNT; k++) {
        if (!terrain_present(m, (grog_terrain_kind)k))
            continue;
        const struct terrain_style *st = &terrain_styles[k];
        if (grog_terrain_kind_is_area((grog_terrain_kind)k))
            out(&m->s,
                "<rect x=\"0\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\" "
                "stroke=\"%s\" stroke-width=\"%.2f\"/>",
                y - f * 0.8, f * 1.6, f * 0.9, st->fill, st->stroke, f * 0.08);
        else
            out(&m->s,
                "<line x1=\"0\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
                "stroke-width=\"%.2f\"/>",
                y - f * 0.35, f * 1.6, y - f * 0.35,
                k == GROG_TERRAIN_RIDGE ? "#c8a97e" : st->stroke, f * 0.4);
        out(&m->s, "<text class=\"legend-terrain\" x=\"%.2f\" y=\"%.2f\">", f * 2.2, y);
        esc(&m->s, _(st->legend));
        out(&m->s, "</text>\n");
        y += row;
    }
    y += row * wrap_lines(m, 0, y, row, "legend-note", legend_note(), chars);
    officers_out(m, text, sizeof text);
    if (text[0]) {
        char line[2200];
        snprintf(line, sizeof line, _("Out of the battle: %s."), text);
        wrap_lines(m, 0, y, row, "legend-out", line, chars);
    }
    out(&m->s, "</g>\n");
}

/* ---- the sheet ---- */

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
    double legend = m.font * 1.5 * legend_rows(&m, chars) + m.font;
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
    setup_bases(&m);
    draw_labels(&m);
    sb labels = m.s;
    m.s = body;
    out(&m.s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out(&m.s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
        "viewBox=\"%.2f %.2f %.2f %.2f\" font-family=\"sans-serif\" data-table-width=\"%.2f\" "
        "data-table-depth=\"%.2f\" data-labels-dropped=\"%zu\">\n",
        px, px * vh / vw, x0, y0, vw, vh, m.W, m.D, m.dropped);
    out(&m.s, "<title>");
    esc(&m.s, grog_battle_meta(b)->name);
    out(&m.s, "</title>\n");
    out(&m.s, "<rect id=\"sheet\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
              "fill=\"#ffffff\"/>\n",
        x0, y0, vw, vh);
    out(&m.s, "<text id=\"heading\" x=\"0\" y=\"%.2f\" font-size=\"%.2f\" font-weight=\"bold\">",
        -margin - header + title_font * 1.1, title_font);
    esc(&m.s, grog_battle_meta(b)->name);
    out(&m.s, "</text>\n");
    if (o->subtitle != NULL) {
        out(&m.s, "<text id=\"subtitle\" x=\"0\" y=\"%.2f\" font-size=\"%.2f\">",
            -margin - header + title_font * 1.6 + m.font * 1.1, m.font);
        esc(&m.s, o->subtitle);
        out(&m.s, "</text>\n");
    }
    double cell = m.W / 90.0;
    out(&m.s, "<defs><clipPath id=\"table-clip\"><rect x=\"0\" y=\"0\" width=\"%.2f\" "
              "height=\"%.2f\"/></clipPath>\n",
        m.W, m.D);
    out(&m.s,
        "<pattern id=\"wood\" width=\"%.2f\" height=\"%.2f\" patternUnits=\"userSpaceOnUse\">"
        "<rect width=\"%.2f\" height=\"%.2f\" fill=\"#b5d3a0\"/><circle cx=\"%.2f\" cy=\"%.2f\" "
        "r=\"%.2f\" fill=\"#7fae6a\"/><circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" "
        "fill=\"#7fae6a\"/></pattern>\n",
        cell, cell, cell, cell, cell * 0.25, cell * 0.3, cell * 0.2, cell * 0.75, cell * 0.75,
        cell * 0.2);
    out(&m.s,
        "<pattern id=\"town\" width=\"%.2f\" height=\"%.2f\" patternUnits=\"userSpaceOnUse\">"
        "<rect width=\"%.2f\" height=\"%.2f\" fill=\"#d8c8b4\"/><rect x=\"%.2f\" y=\"%.2f\" "
        "width=\"%.2f\" height=\"%.2f\" fill=\"#9c8068\"/></pattern></defs>\n",
        cell * 0.8, cell * 0.8, cell * 0.8, cell * 0.8, cell * 0.15, cell * 0.15, cell * 0.4,
        cell * 0.3);
    out(&m.s, "<rect id=\"table\" x=\"0\" y=\"0\" width=\"%.2f\" height=\"%.2f\" "
              "fill=\"#eef3e2\" stroke=\"#555\"/>\n",
        m.W, m.D);
    draw_terrain(&m);
    draw_overlays(&m);
    draw_links(&m);
    draw_units(&m);
    draw_officers(&m);
    if (!labels.oom && labels.p != NULL)
        out(&m.s, "%s", labels.p);
    m.s.oom |= labels.oom;
    free(labels.p);
    draw_legend(&m, m.D + margin);
    out(&m.s, "</svg>\n");
    free(m.boxes);
    grid_free(&m);
    free(m.bases);
    if (m.s.oom) {
        free(m.s.p);
        return grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
    }
    *svg = m.s.p;
    return GROG_OK;
}
