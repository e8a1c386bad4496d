/* map_legend.c — the map's legend, below the table: each side's colour named, the
 * overlays' keys, what the symbols mean, who is out of the battle, a scale bar in
 * the scenario's unit and in pas, and a compass mark (map.c draws the sheet). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "grognard/text.h"
#include "i18n.h"
#include "grognard/explain.h"
#include "map_internal.h"

/* A round length for the scale bar, about a fifth of the table, in the
 * scenario's unit of length; *text names it. Returns mm. */
static double scale_length(const map *m, char *text, size_t size)
{
    /* the units' short words, for the catalogues (context "length") */
    static const char *const unit_words[] = {NC_("length", "cm"), NC_("length", "in"),
                                             NC_("length", "mm")};
    (void)unit_words;
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
    double pas_count = t->file_unit == GROG_UNIT_PAS ? best : mm / t->scale.mm_per_pas;
    char pas_text[64];
    /* TRANSLATORS: the map's scale bar, a whole number of pas */
    grog_text_snprintf(pas_text, sizeof pas_text,
                       ngettext("%.0f pas", "%.0f pas", (unsigned long)(pas_count + 0.5)),
                       pas_count);
    if (t->file_unit == GROG_UNIT_PAS)
        grog_text_snprintf(text, size, "%s", pas_text);
    else
        /* TRANSLATORS: the map's scale bar: "30 cm = 300 pas" */
        grog_text_snprintf(text, size, _("%g %s = %s"), best, grog_explain_word_in("length", unit),
                           pas_text);
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
        map_out(&m->s, "<text class=\"%s\" x=\"%.2f\" y=\"%.2f\">", cls, x, y + lines * row);
        map_esc(&m->s, line);
        map_out(&m->s, "</text>\n");
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
        int w = grog_text_snprintf(text + n, size - n, "%s%s (%s)", n ? ", " : "", name,
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
int map_legend_rows(const map *m, size_t chars)
{
    int rows = (int)grog_battle_nsides(m->b) +
               (int)(map_glyphs(legend_note()) / (chars * 3 / 4)) + 1;
    for (int k = 0; k < GROG_TERRAIN_KIND_COUNT; k++)
        rows += terrain_present(m, (grog_terrain_kind)k);
    for (size_t k = 0; k < sizeof legend_keys / sizeof legend_keys[0]; k++)
        rows += (m->o->overlays & legend_keys[k].bit) != 0;
    char text[2048];
    officers_out(m, text, sizeof text);
    if (text[0])
        rows += (int)(map_glyphs(text) / chars) + 2;
    return rows + 1;
}

static void draw_compass(map *m, double x, double y, double size)
{
    map_out(&m->s,
            "<g id=\"compass\"><path d=\"M%.2f %.2fL%.2f %.2fL%.2f %.2fZ\" fill=\"#222\"/>"
            "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\" text-anchor=\"middle\">%s</text></g>\n",
            x, y - size, x + size * 0.35, y, x - size * 0.35, y, x, y - size * 1.1, size * 0.6,
            _("N"));
}

void map_draw_legend(map *m, double top)
{
    double f = m->font, row = f * 1.5;
    double barw = m->W * 0.3; /* the right part: scale bar and compass */
    size_t chars = (size_t)fmax((m->W - barw) / (0.58 * f), 20);
    char text[2048];
    double y = top + row;
    /* The scale bar and the compass, on the right. */
    double len = scale_length(m, text, sizeof text);
    double bx = m->W - len;
    map_out(&m->s, "<g id=\"scale-bar\" data-mm=\"%.2f\">\n", len);
    map_out(&m->s,
            "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#000\"/>\n", bx,
            y - f * 0.3, len / 2, f * 0.3);
    map_out(&m->s,
            "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#fff\" "
            "stroke=\"#000\" stroke-width=\"%.2f\"/>\n",
            bx + len / 2, y - f * 0.3, len / 2, f * 0.3, f * 0.05);
    map_out(&m->s, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\" text-anchor=\"end\">", m->W,
            y + f * 1.2, f);
    map_esc(&m->s, text);
    map_out(&m->s, "</text>\n</g>\n");
    draw_compass(m, m->W - len / 2, y + row * 3.2, f * 1.6);
    map_out(&m->s, "<g id=\"legend\" font-size=\"%.2f\">\n", f);
    /* Each side's colour, named. */
    for (size_t i = 0; i < grog_battle_nsides(m->b); i++) {
        const grog_side *s = grog_battle_side(m->b, i);
        const char *colour = grog_map_side_colour(m->b, i);
        map_out(&m->s, "<rect x=\"0\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\"/>",
                y - f * 0.8, f * 1.6, f * 0.9, colour);
        snprintf(text, sizeof text, "%s: %s", map_colour_name(colour), s->name);
        map_out(&m->s, "<text class=\"legend-side\" x=\"%.2f\" y=\"%.2f\">", f * 2.2, y);
        map_esc(&m->s, text);
        map_out(&m->s, "</text>\n");
        y += row;
    }
    for (size_t k = 0; k < sizeof legend_keys / sizeof legend_keys[0]; k++) {
        if (!(m->o->overlays & legend_keys[k].bit))
            continue;
        map_out(&m->s,
                "<line x1=\"0\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
                "stroke-width=\"%.2f\"/>",
                y - f * 0.35, f * 1.6, y - f * 0.35, legend_keys[k].colour, f * 0.2);
        map_out(&m->s, "<text class=\"legend-overlay\" x=\"%.2f\" y=\"%.2f\">", f * 2.2, y);
        map_esc(&m->s, _(legend_keys[k].text));
        map_out(&m->s, "</text>\n");
        y += row;
    }
    for (int k = 0; k < GROG_TERRAIN_KIND_COUNT; k++) {
        if (!terrain_present(m, (grog_terrain_kind)k))
            continue;
        const struct terrain_style *st = &map_terrain_styles[k];
        if (grog_terrain_kind_is_area((grog_terrain_kind)k))
            map_out(&m->s,
                    "<rect x=\"0\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\" "
                    "stroke=\"%s\" stroke-width=\"%.2f\"/>",
                    y - f * 0.8, f * 1.6, f * 0.9, st->fill, st->stroke, f * 0.08);
        else
            map_out(&m->s,
                    "<line x1=\"0\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
                    "stroke-width=\"%.2f\"/>",
                    y - f * 0.35, f * 1.6, y - f * 0.35,
                    k == GROG_TERRAIN_RIDGE ? "#c8a97e" : st->stroke, f * 0.4);
        map_out(&m->s, "<text class=\"legend-terrain\" x=\"%.2f\" y=\"%.2f\">", f * 2.2, y);
        map_esc(&m->s, _(st->legend));
        map_out(&m->s, "</text>\n");
        y += row;
    }
    y += row * wrap_lines(m, 0, y, row, "legend-note", legend_note(), chars);
    officers_out(m, text, sizeof text);
    if (text[0]) {
        char line[2200];
        grog_text_snprintf(line, sizeof line, _("Out of the battle: %s."), text);
        wrap_lines(m, 0, y, row, "legend-out", line, chars);
    }
    map_out(&m->s, "</g>\n");
}
