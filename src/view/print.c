/* print.c — the battle on paper (print.h): the sheets asked for, each
 * side's from its own view, and the rulers at the battle's scale (the PDF,
 * its pages and texts: print_sheet.c; rosters and order sheets:
 * print_roster.c).
 *
 * Invariants: a ruler's mark for a length L is drawn at L's millimetres
 * (grog_length_to_mm with the table's scale) from its zero, converted once to
 * points (72 / 25.4 per mm), so the paper shows the scale the engine
 * measures with; a label is centred on its mark. Each side's sheets are
 * drawn from that side's view of the battle (grog_view_battle), never from
 * the battle itself. */
#include <stdio.h>
#include <string.h>

#include "grognard/measure.h"
#include "grognard/view.h"
#include "i18n.h"
#include "print_internal.h"

static const char *const kind_names[GROG_PRINT_KIND_COUNT] = {"roster", "orders", "rulers"};

const char *grog_print_kind_name(grog_print_kind k)
{
    return (unsigned)k < GROG_PRINT_KIND_COUNT ? kind_names[k] : "?";
}

grog_status grog_print_kind_parse(const char *text, grog_print_kind *out, grog_error *err)
{
    for (int i = 0; i < GROG_PRINT_KIND_COUNT; i++)
        if (text != NULL && strcmp(text, kind_names[i]) == 0) {
            *out = (grog_print_kind)i;
            return GROG_OK;
        }
    return grog_error_set(err, GROG_EINVAL, _("no sheet \"%s\"; the sheets are: roster, orders, rulers"),
                          text != NULL ? text : "");
}

/* ---- the rulers ---- */

static void text_centred(sheet *s, double x, double y, double size, const char *text)
{
    cairo_select_font_face(s->cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(s->cr, size);
    cairo_text_extents_t e;
    cairo_text_extents(s->cr, text, &e);
    cairo_move_to(s->cr, x - e.x_advance / 2, y);
    cairo_show_text(s->cr, text);
}

/* One ruler across the printable width from the value `from` (a multiple of
 * label steps): a mark every `step` units (unit_mm millimetres each), a long
 * one with its number every `label` steps, a middle one half way when label
 * is even. Returns the last number drawn: where the next piece begins, so
 * that two pieces glued end to end make one longer ruler. */
static double ruler(sheet *s, const char *name, double unit_mm, double step, int label,
                    double from)
{
    double len = s->w - 2 * PRINT_MARGIN, x0 = PRINT_MARGIN, last = from;
    print_need(s, 80);
    double top = s->y + 16;
    print_text_fit(s, x0, s->y + 10, 9, 1, name, len);
    cairo_set_line_width(s->cr, 0.5);
    cairo_rectangle(s->cr, x0, top, len, 42);
    cairo_stroke(s->cr);
    for (int k = 0;; k++) {
        double x = x0 + (double)k * step * unit_mm * PT_PER_MM;
        if (x > x0 + len + 0.01)
            break;
        int big = k % label == 0, mid = label % 2 == 0 && k % label == label / 2;
        cairo_move_to(s->cr, x, top);
        cairo_line_to(s->cr, x, top + (big ? 16 : mid ? 11 : 7));
        cairo_stroke(s->cr);
        if (big) {
            char n[32];
            last = from + (double)k * step;
            snprintf(n, sizeof n, "%g", last);
            text_centred(s, x, top + 27, 8, n);
        }
    }
    s->y = top + 60;
    return last;
}

/* A ruler and its continuation (glued at the first one's last number). */
static void ruler_pair(sheet *s, const char *name, double unit_mm, double step, int label)
{
    double next = ruler(s, name, unit_mm, step, label, 0);
    char more[300];
    /* TRANSLATORS: the second piece of a ruler to cut out; %s is the ruler's name, %g where it
       begins */
    snprintf(more, sizeof more, _("%s, from %g: glue it on at the first piece's %g"), name, next,
             next);
    ruler(s, more, unit_mm, step, label, next);
}

/* The step for marks at least 1.5 mm apart: 1, 2 or 5 times a power of ten. */
static double step_for(double unit_mm)
{
    for (double p = 0.01; p < 1e6; p *= 10)
        for (int k = 0; k < 3; k++) {
            double st = p * (k == 0 ? 1 : k == 1 ? 2 : 5);
            if (st * unit_mm >= 1.5)
                return st;
        }
    return 1e6;
}

static void print_rulers(sheet *s, const grog_battle *b)
{
    const grog_table *t = grog_battle_table(b);
    print_page(s, _("Rulers"));
    char name[256];
    double pas = grog_length_to_mm(1, GROG_UNIT_PAS, &t->scale);
    snprintf(name, sizeof name, _("pas (Les Aigles, %d mm figures: 1 pas = %g mm)"),
             t->scale.figure_mm, pas);
    ruler_pair(s, name, pas, step_for(pas), 10);
    ruler_pair(s, _("centimetres (General de Brigade)"), 10.0, 0.1, 10);
    ruler_pair(s, _("inches (Grande Tactique)"), 25.4, 0.125, 8);
    /* the check: printed at 100 %, this line is 100 mm */
    double x0 = PRINT_MARGIN, x1 = x0 + 100 * PT_PER_MM, y = s->y + 20;
    cairo_move_to(s->cr, x0, y);
    cairo_line_to(s->cr, x1, y);
    cairo_move_to(s->cr, x0, y - 5);
    cairo_line_to(s->cr, x0, y + 5);
    cairo_move_to(s->cr, x1, y - 5);
    cairo_line_to(s->cr, x1, y + 5);
    cairo_stroke(s->cr);
    print_text_fit(s, x0, y + 16, 9, 0,
                   _("This line is 100 mm when the sheet is printed at 100 % (no fit to page)."),
                   s->w - 2 * PRINT_MARGIN);
    s->y = y + 30;
}

/* ---- the sheets ---- */

/* Side i's sheets, drawn from its own view of b. */
static grog_status side_sheets(sheet *s, const grog_battle *b, size_t i, grog_error *err)
{
    const grog_side *side = grog_battle_side(b, i);
    grog_seat seat = {GROG_SEAT_SIDE, side->id};
    grog_battle *seen = NULL;
    grog_status st = grog_view_battle(b, &seat, &seen, err);
    if (st != GROG_OK)
        return st;
    s->link = s->o->links != NULL && i < s->o->nlinks ? s->o->links[i] : NULL;
    if (s->o->kind == GROG_PRINT_ROSTER)
        print_roster(s, seen, i);
    else
        print_orders(s, seen, i);
    s->link = NULL;
    grog_battle_destroy(seen);
    return GROG_OK;
}

static grog_status draw(sheet *s, const grog_battle *b, grog_error *err)
{
    if (s->o->kind == GROG_PRINT_RULERS) {
        print_rulers(s, b);
        return GROG_OK;
    }
    grog_status st = GROG_OK;
    for (size_t i = 0; i < grog_battle_nsides(b) && st == GROG_OK; i++) {
        const char *id = grog_battle_side(b, i)->id;
        if (s->o->side == NULL || s->o->side[0] == '\0' || strcmp(s->o->side, id) == 0)
            st = side_sheets(s, b, i, err);
    }
    return st;
}

grog_status grog_print_pdf(const grog_battle *b, const grog_print_options *o, const char *path,
                           grog_error *err)
{
    if ((unsigned)o->kind >= GROG_PRINT_KIND_COUNT || (unsigned)o->paper >= GROG_PAPER_COUNT)
        return grog_error_set(err, GROG_EINVAL, "%s", _("no such sheet or paper"));
    if (o->kind != GROG_PRINT_RULERS && o->side != NULL && o->side[0] != '\0') {
        grog_seat seat;
        grog_status st = grog_view_battle_seat(b, o->side, 0, &seat, err);
        if (st != GROG_OK)
            return st;
    }
    sheet s = {0};
    s.o = o;
    s.title = grog_battle_meta(b)->name;
    print_doc d;
    grog_status st = print_doc_open(&d, o->paper, &s, err);
    if (st != GROG_OK)
        return st;
    st = draw(&s, b, err);
    if (st != GROG_OK) {
        print_doc_write(&d, &s, NULL, NULL); /* nothing written */
        return st;
    }
    return print_doc_write(&d, &s, path, err);
}
