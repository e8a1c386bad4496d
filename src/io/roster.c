/* roster.c — a roster's CSV text as a grid of cells, with their lines.
 *
 * libcsv parses (strict: a stray quote is an error, so is a quoted cell left
 * open at the end). The text is fed one byte at a time so that every cell
 * knows the line it begins on, counted from 1 (a quoted cell may hold line
 * breaks: the lines after it count them). A UTF-8 byte-order mark at the start
 * is skipped; the separator is the comma, or the semicolon when the header
 * line (outside quotes) holds more semicolons than commas. Blank records are
 * skipped. Every cell is checked as one line of UTF-8 text. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <csv.h>

#include "grognard/text.h"
#include "i18n.h"
#include "roster_internal.h"
#include "scenario_internal.h"

/* The longest cell: a source's citation is the longest text a scenario holds. */
#define CELL_MAX 1024

const roster_column grog_roster_columns[RC_COUNT] = {
    [RC_KIND] = {"kind", RK_ANY},
    [RC_ID] = {"id", RK_SIDE | RK_OFFICER | RK_UNIT},
    [RC_NAME] = {"name", RK_ANY},
    [RC_SIDE] = {"side", RK_OFFICER | RK_UNIT},
    [RC_PARENT] = {"parent", RK_OFFICER | RK_UNIT},
    [RC_ROLE] = {"role", RK_OFFICER},
    [RC_NATION] = {"nation", RK_SIDE | RK_OFFICER},
    [RC_ARM] = {"arm", RK_UNIT},
    [RC_STATUS] = {"status", RK_UNIT},
    [RC_MANOEUVRE] = {"manoeuvre", RK_UNIT},
    [RC_FIGURES] = {"figures", RK_UNIT},
    [RC_COMPANIES] = {"companies", RK_UNIT},
    [RC_FORMATION] = {"formation", RK_UNIT},
    [RC_CHARISMA] = {"charisma", RK_OFFICER},
    [RC_COMMAND] = {"command", RK_OFFICER},
    [RC_GDB_SKILL] = {"gdb_skill", RK_OFFICER},
    [RC_GT_QUALITY] = {"gt_quality", RK_OFFICER},
    [RC_X] = {"x", RK_BATTLE | RK_OFFICER | RK_UNIT},
    [RC_Y] = {"y", RK_BATTLE | RK_OFFICER | RK_UNIT},
    [RC_FACING] = {"facing", RK_OFFICER | RK_UNIT},
    [RC_ORDER] = {"order", RK_OFFICER | RK_UNIT},
    [RC_SOURCE] = {"source", RK_ANY},
    [RC_ORDER_TARGET] = {"order_target", RK_OFFICER | RK_UNIT},
    [RC_ORDER_TEXT] = {"order_text", RK_OFFICER | RK_UNIT},
    [RC_WIDTH] = {"width", RK_OFFICER | RK_UNIT},
    [RC_DEPTH] = {"depth", RK_OFFICER | RK_UNIT},
    [RC_STATE] = {"state", RK_OFFICER | RK_UNIT},
    [RC_CASUALTIES] = {"casualties", RK_OFFICER | RK_UNIT},
    [RC_MELEE_SINCE] = {"melee_since", RK_UNIT},
    [RC_LEADS] = {"leads", RK_OFFICER},
    [RC_ATTACHED_TO] = {"attached_to", RK_OFFICER},
    [RC_HELD_BY] = {"held_by", RK_OFFICER},
    [RC_COLOUR] = {"colour", RK_SIDE},
    [RC_SCALE] = {"scale", RK_BATTLE},
    [RC_UNIT] = {"unit", RK_BATTLE},
};

typedef struct feeder {
    roster_grid *g;
    roster_row cur;
    int line;       /* the line of the byte being fed */
    int field_line; /* the line the next cell begins on */
    int row_open;
} feeder;

static void on_field(void *data, size_t len, void *ctx)
{
    feeder *f = ctx;
    roster_row *r = &f->cur;
    if (r->n == r->cap) {
        size_t ncap = r->cap ? r->cap * 2 : 16;
        roster_cell *nc = realloc(r->cells, ncap * sizeof *nc);
        if (nc == NULL) {
            f->g->oom = 1;
            return;
        }
        r->cells = nc;
        r->cap = ncap;
    }
    char *t = malloc(len + 1);
    if (t == NULL) {
        f->g->oom = 1;
        return;
    }
    if (len)
        memcpy(t, data, len);
    t[len] = '\0';
    r->cells[r->n++] = (roster_cell){t, len, f->field_line, 0};
    f->field_line = f->line;
}

static void free_row(roster_row *r)
{
    for (size_t i = 0; i < r->n; i++)
        free(r->cells[i].text);
    free(r->cells);
    memset(r, 0, sizeof *r);
}

static int blank(const roster_row *r)
{
    for (size_t i = 0; i < r->n; i++)
        if (r->cells[i].len)
            return 0;
    return 1;
}

static void on_row(int term, void *ctx)
{
    (void)term;
    feeder *f = ctx;
    roster_grid *g = f->g;
    f->row_open = 0;
    if (blank(&f->cur) || g->oom) {
        free_row(&f->cur);
        return;
    }
    if (g->n == g->cap) {
        size_t ncap = g->cap ? g->cap * 2 : 64;
        roster_row *nr = realloc(g->rows, ncap * sizeof *nr);
        if (nr == NULL) {
            g->oom = 1;
            free_row(&f->cur);
            return;
        }
        g->rows = nr;
        g->cap = ncap;
    }
    g->rows[g->n++] = f->cur;
    memset(&f->cur, 0, sizeof f->cur);
}

/* ';' when the first line (outside quotes) has more semicolons than commas. */
static char guess_delim(const char *s, size_t len)
{
    size_t commas = 0, semis = 0;
    int quoted = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '"')
            quoted = !quoted;
        else if (!quoted && (s[i] == '\n' || s[i] == '\r'))
            break;
        else if (!quoted && s[i] == ',')
            commas++;
        else if (!quoted && s[i] == ';')
            semis++;
    }
    return semis > commas ? ';' : ',';
}

static void add_at(roster_grid *g, int line, int column, const char *header, const char *msg)
{
    if (!grog_problems_add(g->problems, g->label, line, column, header, msg))
        g->oom = 1;
}

static int feed(roster_grid *g, const char *s, size_t len)
{
    struct csv_parser p;
    if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI) != 0)
        return 0;
    csv_set_delim(&p, (unsigned char)g->delim);
    feeder f = {g, {0}, 1, 1, 0};
    int ok = 1;
    for (size_t i = 0; i < len && !g->oom; i++) {
        char c = s[i];
        if (!f.row_open && c != '\r' && c != '\n') {
            f.row_open = 1;
            f.field_line = f.line;
            f.cur.line = f.line;
        }
        if (csv_parse(&p, &c, 1, on_field, on_row, &f) != 1) {
            ok = 0;
            break;
        }
        if (c == '\n' || (c == '\r' && (i + 1 >= len || s[i + 1] != '\n')))
            f.line++;
    }
    if (ok && !g->oom && csv_fini(&p, on_field, on_row, &f) != 0)
        ok = 0;
    if (!ok && !g->oom) {
        if (csv_error(&p) == CSV_ENOMEM) {
            g->oom = 1;
        } else {
            char head[80] = "";
            size_t k = f.cur.n;
            int col = g->n > 0 && k < g->rows[0].n ? (int)k : -1;
            if (col >= 0)
                snprintf(head, sizeof head, "%s", g->rows[0].cells[col].text);
            g->fatal = 1;
            add_at(g, f.field_line, (int)k + 1, head,
                   _("a quote inside a cell that does not begin with one, or a quoted cell "
                     "not closed (write a quote inside a quoted cell as two quotes)"));
        }
    }
    free_row(&f.cur);
    csv_free(&p);
    return !g->oom;
}

static int find_column(const char *h)
{
    for (int c = 0; c < RC_COUNT; c++)
        if (strcmp(grog_roster_columns[c].header, h) == 0)
            return c;
    return -1;
}

static void read_header(roster_grid *g)
{
    for (int c = 0; c < RC_COUNT; c++)
        g->col_of[c] = -1;
    if (g->n == 0) {
        g->fatal = 1;
        add_at(g, 1, 1, "",
               _("no header line: the first line names the columns (grognard import "
                 "--template prints one)"));
        return;
    }
    roster_row *h = &g->rows[0];
    for (size_t i = 0; i < h->n; i++) {
        roster_cell *cell = &h->cells[i];
        if (cell->bad)
            continue;
        int c = find_column(cell->text);
        char msg[GROG_ERROR_MAX];
        if (c < 0) {
            char list[768] = "";
            size_t n = 0;
            for (int k = 0; k < RC_COUNT && n < sizeof list; k++) {
                int w = snprintf(list + n, sizeof list - n, "%s%s", k ? ", " : "",
                                 grog_roster_columns[k].header);
                if (w < 0)
                    break;
                n += (size_t)w;
            }
            grog_text_snprintf(msg, sizeof msg, _("unknown column \"%s\" (expected one of: %s)"),
                               cell->text, list);
            add_at(g, cell->line, (int)i + 1, cell->text, msg);
        } else if (g->col_of[c] >= 0) {
            grog_text_snprintf(msg, sizeof msg,
                               _("column \"%s\" is named twice (first in column %d)"), cell->text,
                               g->col_of[c] + 1);
            add_at(g, cell->line, (int)i + 1, cell->text, msg);
        } else {
            g->col_of[c] = (int)i;
        }
    }
    for (int c = RC_KIND; c <= RC_ID; c++)
        if (g->col_of[c] < 0) {
            g->fatal = 1;
            add_at(g, h->line, 1, grog_roster_columns[c].header,
                   _("the header line has no such column: it is required"));
        }
}

/* Every cell: one line of UTF-8 text of at most CELL_MAX bytes. */
static void check_text(roster_grid *g)
{
    for (size_t r = 0; r < g->n; r++) {
        roster_row *row = &g->rows[r];
        for (size_t i = 0; i < row->n; i++) {
            roster_cell *cell = &row->cells[i];
            grog_error e;
            if (grog_text_check(cell->text, cell->len, CELL_MAX, GROG_TEXT_LINE, "", &e) ==
                GROG_OK)
                continue;
            const char *head = r > 0 && i < g->rows[0].n ? g->rows[0].cells[i].text : "";
            add_at(g, cell->line, (int)i + 1, head, e.message);
            cell->bad = 1;
        }
        if (r > 0 && g->n > 0 && row->n > g->rows[0].n) {
            roster_cell *extra = &row->cells[g->rows[0].n];
            for (size_t i = g->rows[0].n; i < row->n; i++) {
                if (row->cells[i].len == 0)
                    continue;
                extra = &row->cells[i];
                add_at(g, extra->line, (int)i + 1, "",
                       _("a cell beyond the last column of the header line"));
                break;
            }
        }
    }
}

int grog_roster_grid_parse(roster_grid *g, const char *text, size_t len)
{
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        text += 3;
        len -= 3;
    }
    g->delim = guess_delim(text, len);
    if (!feed(g, text, len))
        return 0;
    check_text(g);
    read_header(g);
    return !g->oom;
}

void grog_roster_grid_free(roster_grid *g)
{
    for (size_t r = 0; r < g->n; r++)
        free_row(&g->rows[r]);
    free(g->rows);
    g->rows = NULL;
    g->n = g->cap = 0;
}

const char *grog_roster_cell(const roster_grid *g, size_t r, roster_col c)
{
    int i = g->col_of[c];
    if (i < 0 || r >= g->n || (size_t)i >= g->rows[r].n || g->rows[r].cells[i].bad)
        return "";
    return g->rows[r].cells[i].text;
}

int grog_roster_cell_bad(const roster_grid *g, size_t r, roster_col c)
{
    int i = g->col_of[c];
    return i >= 0 && r < g->n && (size_t)i < g->rows[r].n && g->rows[r].cells[i].bad;
}

void grog_roster_problem(roster_grid *g, size_t r, roster_col c, const char *fmt, ...)
{
    char msg[GROG_ERROR_MAX];
    va_list ap;
    va_start(ap, fmt);
    grog_text_vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    roster_row *row = &g->rows[r];
    int i = g->col_of[c];
    int line = row->line, column = g->col_of[RC_ID] >= 0 ? g->col_of[RC_ID] + 1 : 1;
    if (i >= 0) {
        column = i + 1;
        if ((size_t)i < row->n) {
            line = row->cells[i].line;
            row->cells[i].bad = 1;
        }
    }
    add_at(g, line, column, grog_roster_columns[c].header, msg);
}
