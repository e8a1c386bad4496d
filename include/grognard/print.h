/* print.h — the battle on paper: PDF sheets drawn with cairo, each side's
 * as that side may see it (docs/report.md "On paper").
 *
 *   roster  pages per side: each officer and unit with its short code
 *           (battle.h), ratings, formation and order (its own hidden order
 *           too: the side's sheet is the side's), a row of tally boxes for
 *           casualties and, given the side's link, a QR code (libqrencode)
 *           that opens the piece's card on the table's page;
 *   orders  an order sheet per side, to write orders by hand, with the
 *           side's officers and units and their codes;
 *   rulers  rulers to cut out at the battle's scale: pas (at the table's mm
 *           per pas), centimetres and inches, and a 100 mm check line.
 * A4 or Letter; the texts in the language of messages.
 *
 * Each side's sheets are drawn from grog_view_battle for that side's seat:
 * another side's hidden orders are never on them. The library writes the
 * file at the path it is given and nothing else. Nothing is returned to
 * free. */
#ifndef GROGNARD_PRINT_H
#define GROGNARD_PRINT_H

#include <stddef.h>

#include "grognard/battle.h"
#include "grognard/error.h"
#include "grognard/game.h"

typedef enum grog_print_kind {
    GROG_PRINT_ROSTER = 0, /* "roster" */
    GROG_PRINT_ORDERS,     /* "orders" */
    GROG_PRINT_RULERS,     /* "rulers" */
    GROG_PRINT_KIND_COUNT
} grog_print_kind;

typedef enum grog_paper {
    GROG_PAPER_A4 = 0, /* "a4": 595.276 x 841.89 pt */
    GROG_PAPER_LETTER, /* "letter": 612 x 792 pt */
    GROG_PAPER_COUNT
} grog_paper;

/* "roster", "orders", "rulers"; "?" out of range. */
const char *grog_print_kind_name(grog_print_kind k);
/* GROG_EINVAL naming the sheets for anything else. */
grog_status grog_print_kind_parse(const char *text, grog_print_kind *out, grog_error *err);

typedef struct grog_print_options {
    grog_print_kind kind;
    grog_paper paper;
    /* The side whose sheets are printed; NULL or "": every side's, each on
     * its own pages as that side sees it. An unknown side: GROG_EINVAL. */
    const char *side;
    /* links[i] (i < nlinks): side i's page address with its token
     * ("http://HOST:PORT/#t=TOKEN"); a piece's QR code opens that address
     * with "&piece=ID" added ("#piece=ID" when it has no fragment). NULL
     * (the array or an entry): no QR codes on that side's roster. */
    const char *const *links;
    size_t nlinks;
    /* The ratings on the roster: a grog_family's (a game's), or -1 for
     * every family's (a scenario's). */
    int family;
} grog_print_options;

/* Writes the sheets of battle b to a new PDF file at path (replacing one
 * there). GROG_EIO naming path when it cannot be written. */
grog_status grog_print_pdf(const grog_battle *b, const grog_print_options *o, const char *path,
                           grog_error *err);

/* The QR code's link of a piece: link + "&piece=ID", or "#piece=ID" when link
 * has no '#', into out (size bytes); 0 when it does not fit. */
int grog_print_piece_link(const char *link, const char *id, char *out, size_t size);

#endif
