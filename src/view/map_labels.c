/* map_labels.c — the map's labels, placed by a collision pass (map.c's comment says
 * how): a grid of the boxes placed so far, the first free place around each base,
 * generals from the top down first, then units, then the terrain's names. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "i18n.h"
#include "map_internal.h"

/* Characters (UTF-8 code points) in t, for the width of a label. */
size_t map_glyphs(const char *t)
{
    size_t n = 0;
    for (; *t; t++)
        n += ((unsigned char)*t & 0xC0) != 0x80;
    return n;
}

static int overlaps(const box *a, const box *b)
{
    return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
}

void map_grid_free(map *m)
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
                    map_grid_free(m);
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
    double w = 0.62 * font * (double)map_glyphs(text);
    if (note != NULL && 0.62 * nfont * (double)map_glyphs(note) > w)
        w = 0.62 * nfont * (double)map_glyphs(note);
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
    map_out(&m->s, "<g class=\"label\" data-for=\"%s\" data-box=\"%.2f %.2f %.2f %.2f\">", for_id,
            b.x0, b.y0, b.x1, b.y1);
    map_out(&m->s,
            "<rect class=\"label-box\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
            "rx=\"%.2f\" fill=\"#ffffff\" fill-opacity=\"0.8\"/>",
            b.x0, b.y0, w, h, pad);
    double ty = b.y0 + pad / 2 + font * 0.6;
    map_out(&m->s,
            "<text class=\"%s\" x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\" text-anchor=\"middle\" "
            "dominant-baseline=\"central\">",
            cls, c[0], ty, font);
    map_esc(&m->s, text);
    map_out(&m->s, "</text>");
    if (note != NULL) {
        map_out(&m->s,
                "<text class=\"mark\" x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\" "
                "text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#8b0000\">",
                c[0], ty + font * 0.6 + nfont * 0.6, nfont);
        map_esc(&m->s, note);
        map_out(&m->s, "</text>");
    }
    map_out(&m->s, "</g>\n");
}

/* The sheet box of a base. */
static box base_box(const map *m, const grog_base *b)
{
    grog_point c[4];
    grog_base_corners(b, c);
    box r = {c[0].x, map_sy(m, c[0].y), c[0].x, map_sy(m, c[0].y)};
    for (int i = 1; i < 4; i++) {
        r.x0 = fmin(r.x0, c[i].x);
        r.x1 = fmax(r.x1, c[i].x);
        r.y0 = fmin(r.y0, map_sy(m, c[i].y));
        r.y1 = fmax(r.y1, map_sy(m, c[i].y));
    }
    return r;
}

static void officer_label(map *m, size_t i)
{
    const grog_officer *of = grog_battle_officer(m->b, i);
    char text[GROG_NAME_MAX + 48];
    size_t n = grog_map_officer_label(of, text, GROG_NAME_MAX);
    if (of->state != GROG_OFFICER_ACTIVE)
        grog_text_snprintf(text + n, sizeof text - n, " (%s)",
                           _(grog_officer_state_name(of->state)));
    box around = base_box(m, &of->base);
    label(m, of->id, &around, m->officer_font, text, map_mark_of(m, of->id), "officer-label", 0);
}

/* Every base's box, for labels to keep off (not on crowded maps: beyond
 * max_labels units, labels only keep off each other). */
void map_setup_bases(map *m)
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
void map_draw_labels(map *m)
{
    map_out(&m->s, "<g id=\"officer-labels\" font-style=\"italic\">\n");
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
    map_out(&m->s, "</g>\n<g id=\"unit-labels\">\n");
    for (size_t i = 0; i < grog_battle_nunits(m->b); i++) {
        const grog_troop *u = grog_battle_unit(m->b, i);
        char text[GROG_NAME_MAX];
        grog_map_unit_label(u, text, sizeof text);
        box around = base_box(m, &u->base);
        const char *note = map_mark_of(m, u->id);
        char melee[64];
        if (note == NULL && (u->flags & GROG_UNIT_IN_MELEE)) {
            grog_text_snprintf(melee, sizeof melee, "%s", _("in melee"));
            note = melee;
        }
        label(m, u->id, &around, m->unit_font, text, note, "unit-label", 1);
    }
    map_out(&m->s, "</g>\n<g id=\"adc-labels\" font-style=\"italic\">\n");
    for (size_t i = 0; i < no; i++)
        if (!grog_role_is_general(grog_battle_officer(m->b, i)->role))
            officer_label(m, i);
    map_out(&m->s, "</g>\n<g id=\"terrain-labels\" font-style=\"italic\" fill=\"#5a4a2a\">\n");
    for (size_t i = 0; i < grog_battle_nterrain(m->b); i++) {
        const grog_terrain *t = grog_battle_terrain(m->b, i);
        if (t->name[0] == '\0')
            continue;
        box at = map_terrain_anchor(m, t);
        label(m, "terrain", &at, m->unit_font, t->name, NULL, "terrain-label", 1);
    }
    map_out(&m->s, "</g>\n");
}
