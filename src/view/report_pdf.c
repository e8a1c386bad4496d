/* report_pdf.c — the battle report on paper (report.h, grog_report_pdf):
 * the same report object as the text and the page (report.c), drawn with
 * cairo on the sheets of print.c: the head, the two charts (one line per
 * side in its map colour), the whole game's table and each turn's, then the
 * orders in force and the luck lines. It shows what the JSON shows and no
 * more: a side's report PDF holds no other side's secret. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/report.h"
#include "i18n.h"
#include "print_internal.h"
#include "report_internal.h"

#define CHART_H 170.0
#define ROW_H 11.0

static long long count_of(json_t *counts, int k)
{
    return (long long)json_integer_value(json_object_get(counts, report_key(k)));
}

static const char *side_id(json_t *side)
{
    return json_string_value(json_object_get(side, "id"));
}

static void colour(sheet *s, json_t *side)
{
    const char *c = json_string_value(json_object_get(side, "colour"));
    unsigned r, g, b;
    if (c == NULL || strlen(c) != 7 || sscanf(c, "#%2x%2x%2x", &r, &g, &b) != 3)
        r = g = b = 0x55;
    cairo_set_source_rgb(s->cr, r / 255.0, g / 255.0, b / 255.0);
}

/* Lines of text (a memory stream's), one per baseline. */
static void text_lines(sheet *s, const char *text, double size)
{
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl != NULL ? (size_t)(nl - p) : strlen(p);
        char line[1024];
        snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), p);
        print_need(s, size + 4);
        if (line[0] != '\0')
            print_text_fit(s, PRINT_MARGIN, s->y + size, size, 0, line, s->w - 2 * PRINT_MARGIN);
        s->y += size + 3;
        p += n + (nl != NULL);
    }
}

/* Count k of side over the turns (running total when cumulative). */
static long long value_at(json_t *turns, size_t upto, const char *side, int k, int cumulative)
{
    long long run = 0;
    for (size_t j = cumulative ? 0 : upto; j <= upto; j++)
        run += count_of(json_object_get(json_object_get(json_array_get(turns, j), "sides"), side), k);
    return run;
}

static void chart(sheet *s, json_t *rep, int k, int cumulative, const char *title)
{
    json_t *turns = json_object_get(rep, "turns"), *sides = json_object_get(rep, "sides");
    size_t nt = json_array_size(turns), i, j;
    json_t *side;
    long long max = 1;
    json_array_foreach(sides, i, side) for (j = 0; j < nt; j++) {
        long long v = value_at(turns, j, side_id(side), k, cumulative);
        max = v > max ? v : max;
    }
    print_need(s, CHART_H + 40);
    cairo_set_source_rgb(s->cr, 0, 0, 0);
    print_text_fit(s, PRINT_MARGIN, s->y + 11, 10, 1, title, s->w - 2 * PRINT_MARGIN);
    double x0 = PRINT_MARGIN + 30, x1 = s->w - PRINT_MARGIN - 10, top = s->y + 20,
           bottom = top + CHART_H - 30;
    cairo_set_line_width(s->cr, 0.8);
    cairo_move_to(s->cr, x0, top);
    cairo_line_to(s->cr, x0, bottom);
    cairo_line_to(s->cr, x1, bottom);
    cairo_stroke(s->cr);
    char n[32];
    snprintf(n, sizeof n, "%lld", max);
    print_text(s, PRINT_MARGIN, top + 8, 8, 0, n);
    print_text(s, PRINT_MARGIN, bottom, 8, 0, "0");
    double dx = nt > 1 ? (x1 - x0) / (double)(nt - 1) : 0;
    for (j = 0; j < nt; j++) {
        snprintf(n, sizeof n, "%zu", j + 1);
        print_text(s, x0 + dx * (double)j - 3, bottom + 11, 8, 0, n);
    }
    json_array_foreach(sides, i, side) {
        colour(s, side);
        cairo_set_line_width(s->cr, 1.6);
        for (j = 0; j < nt; j++) {
            double y = bottom - (double)value_at(turns, j, side_id(side), k, cumulative) *
                                    (bottom - top) / (double)max;
            if (j == 0)
                cairo_move_to(s->cr, x0, y);
            else
                cairo_line_to(s->cr, x0 + dx * (double)j, y);
        }
        if (nt == 1)
            cairo_rel_line_to(s->cr, 4, 0);
        cairo_stroke(s->cr);
        double lx = x0 + 140 * (double)i, ly = bottom + 24; /* the legend */
        cairo_rectangle(s->cr, lx, ly - 7, 8, 8);
        cairo_fill(s->cr);
        cairo_set_source_rgb(s->cr, 0, 0, 0);
        print_text_fit(s, lx + 11, ly, 8, 0, json_string_value(json_object_get(side, "name")), 125);
    }
    cairo_set_source_rgb(s->cr, 0, 0, 0);
    s->y = top + CHART_H;
}

static void table(sheet *s, json_t *sides, json_t *by_side, const char *title)
{
    size_t ns = json_array_size(sides), i;
    json_t *side;
    double label_w = 150, col = ns > 0 ? (s->w - 2 * PRINT_MARGIN - label_w) / (double)ns : 0;
    print_need(s, ROW_H * 4 + 14);
    print_text_fit(s, PRINT_MARGIN, s->y + 11, 10, 1, title, s->w - 2 * PRINT_MARGIN);
    s->y += 16;
    json_array_foreach(sides, i, side)
        print_text_fit(s, PRINT_MARGIN + label_w + col * (double)i, s->y + 8, 8, 1,
                       json_string_value(json_object_get(side, "name")), col - 6);
    s->y += ROW_H;
    for (int k = 0; k < REPORT_NCOUNTS; k++) {
        print_need(s, ROW_H);
        print_text_fit(s, PRINT_MARGIN, s->y + 8, 8, 0, report_count_label(k), label_w - 6);
        json_array_foreach(sides, i, side) {
            char n[32];
            snprintf(n, sizeof n, "%lld", count_of(json_object_get(by_side, side_id(side)), k));
            print_text(s, PRINT_MARGIN + label_w + col * (double)i, s->y + 8, 8, 0, n);
        }
        cairo_set_line_width(s->cr, 0.2);
        cairo_move_to(s->cr, PRINT_MARGIN, s->y + ROW_H - 1);
        cairo_line_to(s->cr, s->w - PRINT_MARGIN, s->y + ROW_H - 1);
        cairo_stroke(s->cr);
        s->y += ROW_H;
    }
    s->y += 8;
}

/* What f (report_text_head or report_text_end) writes, drawn as lines. */
static void block(sheet *s, json_t *rep, void (*f)(FILE *, json_t *))
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (m == NULL)
        return;
    f(m, rep);
    if (fclose(m) == 0 && buf != NULL)
        text_lines(s, buf, 8);
    free(buf);
}

static void draw(sheet *s, json_t *rep)
{
    print_page(s, _("Battle report"));
    block(s, rep, report_text_head);
    s->y += 6;
    chart(s, rep, REPORT_CASUALTIES, 1, _("Casualties over the turns (running total)"));
    chart(s, rep, REPORT_IN_FORCE, 0, _("Orders in force at the end of each turn"));
    json_t *sides = json_object_get(rep, "sides");
    table(s, sides, json_object_get(rep, "totals"), _("The whole game"));
    size_t i;
    json_t *t;
    json_array_foreach(json_object_get(rep, "turns"), i, t) {
        char title[64];
        snprintf(title, sizeof title, _("Turn %lld\n"),
                 (long long)json_integer_value(json_object_get(t, "turn")));
        title[strcspn(title, "\n")] = '\0';
        table(s, sides, json_object_get(t, "sides"), title);
    }
    block(s, rep, report_text_end);
}

grog_status grog_report_pdf(const grog_game *g, const grog_seat *seat, grog_paper paper,
                            const char *path, grog_error *err)
{
    json_t *rep;
    grog_status st = report_build(g, seat, &rep, err);
    if (st != GROG_OK)
        return st;
    sheet s = {0};
    s.title = json_string_value(json_object_get(rep, "scenario"));
    if (s.title == NULL)
        s.title = "";
    print_doc d;
    st = print_doc_open(&d, paper, &s, err);
    if (st == GROG_OK) {
        draw(&s, rep);
        st = print_doc_write(&d, &s, path, err);
    }
    json_decref(rep);
    return st;
}
