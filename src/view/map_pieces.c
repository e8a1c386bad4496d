/* map_pieces.c — the map's pieces: the families' zones and radii under them, the
 * links from each piece to its superior, the units' and officers' bases with their
 * front marks, melee marks and titles (map.c draws the sheet). */
#include <math.h>
#include <stdio.h>

#include "grognard/explain.h"
#include "map_internal.h"

static void polygon(map *m, const grog_base *b, const char *fill, const char *stroke,
                    double stroke_w, const char *cls, const char *dash)
{
    grog_point c[4];
    grog_base_corners(b, c);
    map_out(&m->s, "<polygon class=\"%s\" points=\"", cls);
    for (int i = 0; i < 4; i++)
        map_out(&m->s, "%s%.2f,%.2f", i ? " " : "", c[i].x, map_sy(m, c[i].y));
    map_out(&m->s, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.2f\"%s%s%s/>\n", fill, stroke,
            stroke_w, dash ? " stroke-dasharray=\"" : "", dash ? dash : "", dash ? "\"" : "");
}

/* The front edge, drawn thick: the facing mark. */
static void front_mark(map *m, const grog_base *b, double w)
{
    grog_point c[4];
    grog_base_corners(b, c);
    map_out(&m->s,
            "<line class=\"facing\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
            "stroke=\"#000\" stroke-width=\"%.2f\"/>\n",
            c[0].x, map_sy(m, c[0].y), c[1].x, map_sy(m, c[1].y), w);
}

/* A rounded rect at distance r around a base: the exact set of points
 * within r of it, edge to edge. */
static void zone(map *m, const grog_base *b, double r, const char *cls, const char *stroke,
                 const char *dash)
{
    double cx = b->centre.x, cy = map_sy(m, b->centre.y);
    map_out(&m->s,
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

/* Zones and radii, clipped to the table (#table-clip). */
void map_draw_overlays(map *m)
{
    const grog_map_options *o = m->o;
    map_out(&m->s, "<g id=\"overlays\" clip-path=\"url(#table-clip)\">\n");
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
    map_out(&m->s, "</g>\n");
}

void map_draw_links(map *m)
{
    if (!(m->o->overlays & GROG_MAP_LINKS))
        return;
    map_out(&m->s,
            "<g id=\"links\" stroke=\"#333\" stroke-width=\"%.2f\" stroke-dasharray=\"4,3\" "
            "clip-path=\"url(#table-clip)\">\n",
            m->W / 2000.0 + 0.4);
    for (size_t i = 0; i < grog_battle_nofficers(m->b); i++) {
        const grog_officer *of = grog_battle_officer(m->b, i);
        const grog_officer *sup = grog_battle_officer_by_id(m->b, of->superior);
        if (sup == NULL)
            continue;
        map_out(&m->s,
                "<line class=\"link\" data-from=\"%s\" data-to=\"%s\" x1=\"%.2f\" y1=\"%.2f\" "
                "x2=\"%.2f\" y2=\"%.2f\"/>\n",
                of->id, sup->id, of->base.centre.x, map_sy(m, of->base.centre.y),
                sup->base.centre.x, map_sy(m, sup->base.centre.y));
    }
    map_out(&m->s, "</g>\n");
}

static void unit_title(map *m, const grog_troop *u)
{
    map_out(&m->s, "<title>");
    map_esc(&m->s, u->name);
    /* the rules' words, as the page's card reads them (contexts arm,
     * formation, flag: docs/i18n.md) */
    map_out(&m->s, " (");
    map_esc(&m->s, grog_explain_word(grog_arm_name(u->arm)));
    map_out(&m->s, ", ");
    map_esc(&m->s, grog_explain_word_in("formation", u->formation));
    for (int k = 0; k < GROG_UNIT_FLAG_COUNT; k++)
        if (u->flags & (1u << k)) {
            map_out(&m->s, ", ");
            map_esc(&m->s,
                    grog_explain_word_in("flag", grog_unit_flag_name((grog_unit_flag)(1u << k))));
        }
    map_out(&m->s, ")");
    const char *note = map_mark_of(m, u->id);
    if (note != NULL) {
        map_out(&m->s, ": ");
        map_esc(&m->s, note);
    }
    map_out(&m->s, "</title>\n");
}

/* Two crossed strokes over a base: in melee. */
static void melee_mark(map *m, const grog_base *b)
{
    double r = fmax(fmin(b->width, b->depth), m->unit_font) * 0.6;
    double x = b->centre.x, y = map_sy(m, b->centre.y);
    map_out(&m->s,
            "<path class=\"melee\" d=\"M%.2f %.2fL%.2f %.2fM%.2f %.2fL%.2f %.2f\" "
            "stroke=\"#d00000\" "
            "stroke-width=\"%.2f\"/>\n",
            x - r, y - r, x + r, y + r, x - r, y + r, x + r, y - r, m->W / 800.0 + 0.8);
}

void map_draw_units(map *m)
{
    map_out(&m->s, "<g id=\"units\">\n");
    for (size_t i = 0; i < grog_battle_nunits(m->b); i++) {
        const grog_troop *u = grog_battle_unit(m->b, i);
        map_out(&m->s, "<g class=\"unit\" id=\"unit-%s\" data-piece=\"%s\" data-side=\"%s\" "
                       "data-x=\"%.2f\" data-y=\"%.2f\" data-facing=\"%.2f\" "
                       "data-formation=\"%s\">",
                u->id, u->id, u->side, u->base.centre.x, u->base.centre.y, u->base.facing,
                u->formation);
        unit_title(m, u);
        int bad = (u->flags & (GROG_UNIT_ROUTED | GROG_UNIT_FLEEING | GROG_UNIT_BROKEN)) != 0;
        int loose = (u->flags & (GROG_UNIT_DISORDERED | GROG_UNIT_UNFORMED)) != 0;
        polygon(m, &u->base, map_side_colour(m, u->side), bad ? "#ff0000" : "#000",
                bad ? m->W / 1000.0 + 0.8 : m->W / 3000.0 + 0.3, "base", loose ? "3,2" : NULL);
        front_mark(m, &u->base, m->W / 1200.0 + 0.8);
        if (u->flags & GROG_UNIT_IN_MELEE)
            melee_mark(m, &u->base);
        map_out(&m->s, "</g>\n");
    }
    map_out(&m->s, "</g>\n");
}

void map_draw_officers(map *m)
{
    map_out(&m->s, "<g id=\"officers\">\n");
    for (size_t i = 0; i < grog_battle_nofficers(m->b); i++) {
        const grog_officer *of = grog_battle_officer(m->b, i);
        int out_of_battle = of->state != GROG_OFFICER_ACTIVE;
        map_out(&m->s, "<g class=\"officer %s\" id=\"officer-%s\" data-piece=\"%s\" "
                       "data-side=\"%s\" data-x=\"%.2f\" data-y=\"%.2f\" "
                       "data-facing=\"%.2f\" data-state=\"%s\"><title>",
                grog_role_name(of->role), of->id, of->id, of->side, of->base.centre.x,
                of->base.centre.y, of->base.facing, grog_officer_state_name(of->state));
        map_esc(&m->s, of->name);
        map_out(&m->s, " (");
        map_esc(&m->s, grog_explain_word(grog_role_name(of->role)));
        map_out(&m->s, ", ");
        map_esc(&m->s, grog_explain_word(grog_officer_state_name(of->state)));
        map_out(&m->s, ")");
        const char *note = map_mark_of(m, of->id);
        if (note != NULL) {
            map_out(&m->s, ": ");
            map_esc(&m->s, note);
        }
        map_out(&m->s, "</title>\n");
        const char *colour = out_of_battle ? "#999999" : map_side_colour(m, of->side);
        polygon(m, &of->base, out_of_battle ? "#dddddd" : "#ffffff", colour,
                m->W / 1000.0 + 0.8, "base", NULL);
        double r = fmin(of->base.width, of->base.depth) / 4;
        double x = of->base.centre.x, y = map_sy(m, of->base.centre.y);
        if (out_of_battle)
            map_out(&m->s,
                    "<path class=\"out\" d=\"M%.2f %.2fL%.2f %.2fM%.2f %.2fL%.2f %.2f\" "
                    "stroke=\"#444\" stroke-width=\"%.2f\"/>\n",
                    x - 2 * r, y - 2 * r, x + 2 * r, y + 2 * r, x - 2 * r, y + 2 * r, x + 2 * r,
                    y - 2 * r, m->W / 1500.0 + 0.5);
        else
            map_out(&m->s, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"%s\"/>\n", x, y, r,
                    colour);
        map_out(&m->s, "</g>\n");
    }
    map_out(&m->s, "</g>\n");
}
