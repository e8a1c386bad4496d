/* print_sheet.c — the PDF sheets under every printed page (print_internal.h):
 * the document drawn in memory by cairo's PDF surface and written whole to
 * its file at the end (so a failure leaves no half-written file), the pages
 * with their headings, and text cut to fit (at a character, never inside
 * one). Fonts: DejaVu Sans through fontconfig (Latin, Cyrillic). */
#include <cairo-pdf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "print_internal.h"

static const double paper_pt[GROG_PAPER_COUNT][2] = {{595.276, 841.89}, {612.0, 792.0}};

static cairo_status_t to_memory(void *closure, const unsigned char *data, unsigned int n)
{
    print_doc *d = closure;
    if (d->len + n > d->cap) {
        size_t cap = d->cap ? d->cap : 65536;
        while (cap < d->len + n)
            cap *= 2;
        unsigned char *b = realloc(d->buf, cap);
        if (b == NULL) {
            d->oom = 1;
            return CAIRO_STATUS_NO_MEMORY;
        }
        d->buf = b;
        d->cap = cap;
    }
    memcpy(d->buf + d->len, data, n);
    d->len += n;
    return CAIRO_STATUS_SUCCESS;
}

grog_status print_doc_open(print_doc *d, grog_paper paper, sheet *s, grog_error *err)
{
    memset(d, 0, sizeof *d);
    const double *wh = paper_pt[(unsigned)paper < GROG_PAPER_COUNT ? paper : 0];
    d->surf = cairo_pdf_surface_create_for_stream(to_memory, d, wh[0], wh[1]);
    cairo_t *cr = cairo_create(d->surf);
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
        cairo_destroy(cr);
        cairo_surface_destroy(d->surf);
        return grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
    }
    s->cr = cr;
    s->w = wh[0];
    s->h = wh[1];
    s->y = -1;
    s->head = "";
    return GROG_OK;
}

grog_status print_doc_write(print_doc *d, sheet *s, const char *path, grog_error *err)
{
    if (s->y >= 0)
        cairo_show_page(s->cr);
    cairo_destroy(s->cr);
    cairo_surface_finish(d->surf);
    cairo_status_t cs = cairo_surface_status(d->surf);
    cairo_surface_destroy(d->surf);
    grog_status st = GROG_OK;
    if (path == NULL) {
        /* discarded */
    } else if (cs != CAIRO_STATUS_SUCCESS || d->oom) {
        st = grog_error_set(err, GROG_ENOMEM, _("cannot draw the PDF: %s"), cairo_status_to_string(cs));
    } else {
        FILE *f = fopen(path, "wb");
        int e = errno;
        if (f != NULL) {
            size_t n = fwrite(d->buf, 1, d->len, f);
            e = errno;
            if (fclose(f) != 0 || n != d->len)
                f = NULL, e = e ? e : EIO;
        }
        if (f == NULL)
            st = grog_error_set(err, GROG_EIO, _("cannot write %s: %s"), path, strerror(e));
    }
    free(d->buf);
    memset(d, 0, sizeof *d);
    return st;
}

/* ---- text and pages ---- */

static void font(sheet *s, double size, int bold)
{
    cairo_select_font_face(s->cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(s->cr, size);
}

static double width_of(sheet *s, const char *text)
{
    cairo_text_extents_t e;
    cairo_text_extents(s->cr, text, &e);
    return e.x_advance;
}

double print_text(sheet *s, double x, double y, double size, int bold, const char *text)
{
    font(s, size, bold);
    cairo_move_to(s->cr, x, y);
    cairo_show_text(s->cr, text);
    return width_of(s, text);
}

double print_text_fit(sheet *s, double x, double y, double size, int bold, const char *text,
                      double width)
{
    font(s, size, bold);
    if (width_of(s, text) <= width)
        return print_text(s, x, y, size, bold, text);
    char cut[1024];
    size_t n = strlen(text) < sizeof cut - 4 ? strlen(text) : sizeof cut - 4;
    memcpy(cut, text, n);
    for (;;) {
        while (n > 0 && ((unsigned char)cut[n] & 0xc0) == 0x80)
            n--; /* never inside a character */
        memcpy(cut + n, "\u2026", 4);
        if (n == 0 || width_of(s, cut) <= width)
            break;
        n--;
    }
    return print_text(s, x, y, size, bold, cut);
}

void print_page(sheet *s, const char *head)
{
    if (s->y >= 0)
        cairo_show_page(s->cr);
    s->head = head;
    s->y = PRINT_MARGIN;
    cairo_set_source_rgb(s->cr, 0, 0, 0);
    print_text_fit(s, PRINT_MARGIN, s->y + 12, 14, 1, head, s->w - 2 * PRINT_MARGIN);
    print_text_fit(s, PRINT_MARGIN, s->y + 28, 9, 0, s->title, s->w - 2 * PRINT_MARGIN);
    s->y += 40;
}

void print_need(sheet *s, double h)
{
    if (s->y < 0 || s->y + h > s->h - PRINT_MARGIN)
        print_page(s, s->head);
}

