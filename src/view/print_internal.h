/* print_internal.h — the sheets' drawing shared by print_sheet.c (the PDF,
 * its pages and texts), print.c (the sheets asked for, the rulers),
 * print_roster.c (rosters, order sheets, QR codes) and report_pdf.c;
 * internal to src/view. Lengths in points (1/72 inch), y down
 * from the page's top, as cairo draws. */
#ifndef GROG_PRINT_INTERNAL_H
#define GROG_PRINT_INTERNAL_H

#include <cairo.h>

#include "grognard/print.h"

#define PRINT_MARGIN 36.0 /* half an inch */
#define PT_PER_MM (72.0 / 25.4)

typedef struct sheet {
    cairo_t *cr;
    double w, h;         /* the page */
    double y;            /* the next line's top; < 0 before the first page */
    const char *head;    /* the page's heading, drawn again on each new page */
    const char *title;   /* the battle's name, under every heading */
    const grog_print_options *o;
    const char *link;    /* the side being drawn's link, or NULL */
} sheet;

/* A PDF being drawn in memory: print_doc_open starts it (s set on its first
 * page's size, no page begun), print_doc_write finishes it and writes it
 * whole to path (GROG_EIO naming path), freeing it either way (path NULL:
 * only freed); so a failure to draw leaves no half-written file. */
typedef struct print_doc {
    cairo_surface_t *surf;
    unsigned char *buf;
    size_t len, cap;
    int oom;
} print_doc;
grog_status print_doc_open(print_doc *d, grog_paper paper, sheet *s, grog_error *err);
grog_status print_doc_write(print_doc *d, sheet *s, const char *path, grog_error *err);

/* Text at x, baseline y; size in points; bold 1/0. Returns the text's width. */
double print_text(sheet *s, double x, double y, double size, int bold, const char *text);
/* The same, cut (at a character) to at most width points, "…" added. */
double print_text_fit(sheet *s, double x, double y, double size, int bold, const char *text,
                      double width);
/* A new page when fewer than h points are left below s->y. */
void print_need(sheet *s, double h);
/* Ends the page (if one was begun) and starts one with head. */
void print_page(sheet *s, const char *head);

/* The roster and the order sheet of side `side` of b (print_roster.c); b is
 * that side's view. */
void print_roster(sheet *s, const grog_battle *b, size_t side);
void print_orders(sheet *s, const grog_battle *b, size_t side);

#endif
