/* print_roster.c — the rosters and the order sheets (print.h), and the QR
 * code of each piece (libqrencode, level M, drawn as filled squares with a
 * quiet zone of two modules).
 *
 * Invariant: everything drawn comes from the battle passed in, which is the
 * side's own view (print.c): a hidden order on the sheet is the side's own. */
#include <qrencode.h>
#include <stdio.h>
#include <string.h>

#include "grognard/explain.h"
#include "i18n.h"
#include "print_internal.h"

#define QR_PT 62.0
#define BOX_PT 7.0
#define OFFICER_BOXES 6
#define UNIT_BOXES_MAX 40

/* The QR code of text, its top left corner at x, y, QR_PT wide. */
static void qr(sheet *s, double x, double y, const char *text)
{
    QRcode *q = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (q == NULL)
        return; /* too long to encode: the code and the name are still printed */
    double m = QR_PT / (q->width + 4);
    for (int r = 0; r < q->width; r++)
        for (int c = 0; c < q->width; c++)
            if (q->data[r * q->width + c] & 1)
                cairo_rectangle(s->cr, x + m * (c + 2), y + m * (r + 2), m, m);
    cairo_fill(s->cr);
    QRcode_free(q);
}

int grog_print_piece_link(const char *link, const char *id, char *out, size_t size)
{
    int n = snprintf(out, size, "%s%spiece=%s", link, strchr(link, '#') != NULL ? "&" : "#", id);
    return n > 0 && (size_t)n < size;
}

/* n tally boxes from x on the baseline y. */
static void boxes(sheet *s, double x, double y, int n)
{
    cairo_set_line_width(s->cr, 0.5);
    for (int i = 0; i < n; i++)
        cairo_rectangle(s->cr, x + i * (BOX_PT + 2), y - BOX_PT, BOX_PT, BOX_PT);
    cairo_stroke(s->cr);
}

/* "order: attack (Hold the ridge)", and the side's own hidden order after it. */
static void order_line(const grog_order *o, const grog_order *pending, char *out, size_t size)
{
    int n;
    if (o->kind[0] == '\0')
        n = snprintf(out, size, "%s", _("order: none"));
    else if (o->text[0] != '\0')
        n = snprintf(out, size, _("order: %s (%s)"), grog_explain_word_in("order", o->kind),
                     o->text);
    else
        n = snprintf(out, size, _("order: %s"), grog_explain_word_in("order", o->kind));
    if (pending->kind[0] != '\0' && n > 0 && (size_t)n < size)
        snprintf(out + n, size - (size_t)n, _("; hidden order: %s"),
                 grog_explain_word_in("order", pending->kind));
}

typedef struct piece_lines {
    const char *id, *code, *name;
    char detail[512], ratings[320], order[GROG_TEXT_MAX + 160];
    int tally;
} piece_lines;

/* One piece: its QR code (given a link), code and name, its detail and order
 * lines, and its tally boxes. */
static void piece(sheet *s, const piece_lines *p)
{
    int with_qr = s->link != NULL;
    double h = QR_PT + 4;
    print_need(s, h);
    double x = PRINT_MARGIN + (with_qr ? QR_PT + 6 : 0), y = s->y, room = s->w - PRINT_MARGIN - x;
    if (with_qr) {
        char link[1024];
        if (grog_print_piece_link(s->link, p->id, link, sizeof link))
            qr(s, PRINT_MARGIN, y, link);
    }
    char head[GROG_NAME_MAX + GROG_CODE_MAX + 4];
    snprintf(head, sizeof head, "%s  %s", p->code, p->name);
    print_text_fit(s, x, y + 13, 10, 1, head, room);
    double line = y + 25;
    print_text_fit(s, x, line, 8, 0, p->detail, room);
    if (p->ratings[0] != '\0')
        print_text_fit(s, x, line += 10.5, 8, 0, p->ratings, room);
    print_text_fit(s, x, line += 10.5, 8, 0, p->order, room);
    double w = print_text(s, x, line += 12, 7, 0, _("casualties"));
    boxes(s, x + w + 6, line, p->tally);
    cairo_set_line_width(s->cr, 0.3);
    cairo_move_to(s->cr, PRINT_MARGIN, y + h - 1);
    cairo_line_to(s->cr, s->w - PRINT_MARGIN, y + h - 1);
    cairo_stroke(s->cr);
    s->y += h;
}

/* The ratings of the family printed (-1: all three). */
static int ratings(const grog_ratings *r, int family, char *out, size_t size)
{
    char a[96] = "", g[96] = "", t[96] = "";
    if (family < 0 || family == GROG_FAMILY_AIGLES)
        snprintf(a, sizeof a, _("Les Aigles: command %d, charisma %d"), r->aigles_command,
                 r->aigles_charisma);
    if (family < 0 || family == GROG_FAMILY_GDB)
        snprintf(g, sizeof g, _("General de Brigade: %s"),
                 grog_explain_word(grog_gdb_skill_name(r->gdb_skill)));
    if (family < 0 || family == GROG_FAMILY_GT)
        snprintf(t, sizeof t, _("Grande Tactique: %s"),
                 grog_explain_word(grog_gt_quality_name(r->gt_quality)));
    return snprintf(out, size, "%s%s%s%s%s", a, a[0] && (g[0] || t[0]) ? "; " : "", g,
                    g[0] && t[0] ? "; " : "", t);
}

static void officer_lines(const grog_officer *o, int family, piece_lines *p)
{
    ratings(&o->ratings, family, p->ratings, sizeof p->ratings);
    const char *role = grog_explain_word(grog_role_name(o->role));
    char who[160];
    if (o->state != GROG_OFFICER_ACTIVE)
        snprintf(who, sizeof who, "%s, %s", role,
                 grog_explain_word(grog_officer_state_name(o->state)));
    else
        snprintf(who, sizeof who, "%s", role);
    if (o->command[0] != '\0')
        /* TRANSLATORS: a roster's officer: his role, then his command ("brigade: Pack's
           Portuguese brigade"); French puts its space before the colon */
        snprintf(p->detail, sizeof p->detail, _("%s: %s"), who, o->command);
    else
        snprintf(p->detail, sizeof p->detail, "%s", who);
    order_line(&o->order, &o->pending, p->order, sizeof p->order);
    p->tally = OFFICER_BOXES;
}

static void unit_lines(const grog_troop *u, piece_lines *p)
{
    p->ratings[0] = '\0';
    int n = snprintf(p->detail, sizeof p->detail, _("%s, %s, %d figures, manoeuvre %s; formation %s"),
                     grog_explain_word(grog_arm_name(u->arm)),
                     grog_explain_word(grog_unit_status_name(u->status)), u->figures,
                     grog_manoeuvre_name(u->manoeuvre),
                     u->formation[0] ? grog_explain_word(u->formation) : "-");
    for (int f = 0; f < GROG_UNIT_FLAG_COUNT && n > 0 && (size_t)n < sizeof p->detail; f++)
        if (u->flags & (1u << f))
            n += snprintf(p->detail + n, sizeof p->detail - (size_t)n, ", %s",
                          grog_explain_word(grog_unit_flag_name((grog_unit_flag)(1u << f))));
    order_line(&u->order, &u->pending, p->order, sizeof p->order);
    p->tally = u->figures < 1 ? 1 : u->figures > UNIT_BOXES_MAX ? UNIT_BOXES_MAX : u->figures;
}

void print_roster(sheet *s, const grog_battle *b, size_t side)
{
    const grog_side *sd = grog_battle_side(b, side);
    char head[GROG_NAME_MAX + 64], code[GROG_CODE_MAX];
    snprintf(head, sizeof head, _("Roster: %s"), sd->name);
    print_page(s, head);
    piece_lines p;
    for (size_t i = 0; i < grog_battle_nofficers(b); i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (strcmp(o->side, sd->id) != 0 || !grog_battle_piece_code(b, 0, i, code))
            continue;
        p.id = o->id, p.code = code, p.name = o->name;
        officer_lines(o, s->o->family, &p);
        piece(s, &p);
    }
    for (size_t i = 0; i < grog_battle_nunits(b); i++) {
        const grog_troop *u = grog_battle_unit(b, i);
        if (strcmp(u->side, sd->id) != 0 || !grog_battle_piece_code(b, 1, i, code))
            continue;
        p.id = u->id, p.code = code, p.name = u->name;
        unit_lines(u, &p);
        piece(s, &p);
    }
}

/* The side's pieces and their codes in three columns, for the order sheet. */
static void code_list(sheet *s, const grog_battle *b, const grog_side *sd)
{
    char code[GROG_CODE_MAX], line[GROG_NAME_MAX + GROG_CODE_MAX + 4];
    int col = 0;
    double third = (s->w - 2 * PRINT_MARGIN) / 3;
    for (int unit = 0; unit < 2; unit++) {
        size_t n = unit ? grog_battle_nunits(b) : grog_battle_nofficers(b);
        for (size_t i = 0; i < n; i++) {
            const char *pside = unit ? grog_battle_unit(b, i)->side : grog_battle_officer(b, i)->side;
            const char *name = unit ? grog_battle_unit(b, i)->name : grog_battle_officer(b, i)->name;
            if (strcmp(pside, sd->id) != 0 || !grog_battle_piece_code(b, unit, i, code))
                continue;
            print_need(s, 12);
            snprintf(line, sizeof line, "%s  %s", code, name);
            print_text_fit(s, PRINT_MARGIN + col * third, s->y + 9, 7, 0, line, third - 4);
            if ((col = (col + 1) % 3) == 0)
                s->y += 10;
        }
    }
    s->y += col ? 20 : 10;
}

void print_orders(sheet *s, const grog_battle *b, size_t side)
{
    const grog_side *sd = grog_battle_side(b, side);
    char head[GROG_NAME_MAX + 64];
    snprintf(head, sizeof head, _("Orders: %s"), sd->name);
    print_page(s, head);
    code_list(s, b, sd);
    /* TRANSLATORS: the columns of the order sheet written by hand */
    static const char *const cols[] = {NC_("order-sheet", "turn"),  NC_("order-sheet", "from"),
                                       NC_("order-sheet", "to"),    NC_("order-sheet", "order"),
                                       NC_("order-sheet", "roll"),  NC_("order-sheet", "result")};
    static const double widths[] = {0.08, 0.14, 0.14, 0.40, 0.08, 0.16};
    if (s->y + 18 + 5 * 24 > s->h - PRINT_MARGIN)
        print_page(s, head);
    double full = s->w - 2 * PRINT_MARGIN, x = PRINT_MARGIN, top = s->y;
    for (int c = 0; c < 6; c++) {
        print_text_fit(s, x + 3, top + 12, 9, 1, grog_pgettext(cols[c]), widths[c] * full - 4);
        x += widths[c] * full;
    }
    double row = 24;
    int rows = (int)((s->h - PRINT_MARGIN - top - 18) / row);
    cairo_set_line_width(s->cr, 0.5);
    for (int r = 0; r <= rows; r++) {
        cairo_move_to(s->cr, PRINT_MARGIN, top + 18 + r * row);
        cairo_line_to(s->cr, PRINT_MARGIN + full, top + 18 + r * row);
    }
    x = PRINT_MARGIN;
    for (int c = 0; c <= 6; c++) {
        cairo_move_to(s->cr, x, top);
        cairo_line_to(s->cr, x, top + 18 + rows * row);
        x += c < 6 ? widths[c] * full : 0;
    }
    cairo_stroke(s->cr);
    s->y = s->h;
}
