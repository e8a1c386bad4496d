/* roster_map.c — the scenario reader's problems put back on the roster's
 * cells, and the reader's entry point (grog_roster_read).
 *
 * A problem's path names the document's entry and field; the builder's
 * index arrays (roster_build.h) give the row, the table below the column.
 * A problem on a cell that already had one of the roster's own is dropped
 * (one cause, one message). What has no cell of its own (a default value, the
 * meta name from --name) goes to the row's id cell, or line 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "roster_build.h"
#include "scenario_internal.h"

typedef struct field_col {
    const char *field;
    roster_col col;
} field_col;

static const field_col fields[] = {
    {"id", RC_ID},           {"name", RC_NAME},
    {"side", RC_SIDE},       {"nation", RC_NATION},
    {"colour", RC_COLOUR},   {"role", RC_ROLE},
    {"command", RC_LEADS},   {"superior", RC_PARENT},
    {"position.y", RC_Y},    {"position", RC_X},
    {"facing", RC_FACING},   {"base.depth", RC_DEPTH},
    {"base", RC_WIDTH},      {"ratings.aigles.charisma", RC_CHARISMA},
    {"ratings.aigles.command", RC_COMMAND}, {"ratings.gdb", RC_GDB_SKILL},
    {"ratings.gt", RC_GT_QUALITY}, {"ratings", RC_CHARISMA},
    {"attached_to", RC_ATTACHED_TO}, {"state", RC_STATE},
    {"held_by", RC_HELD_BY}, {"casualties", RC_CASUALTIES},
    {"arm", RC_ARM},         {"status", RC_STATUS},
    {"manoeuvre", RC_MANOEUVRE}, {"figures", RC_FIGURES},
    {"subunits", RC_COMPANIES}, {"formation", RC_FORMATION},
    {"melee_since", RC_MELEE_SINCE}, {"kind", RC_ORDER},
    {"target", RC_ORDER_TARGET}, {"text", RC_ORDER_TEXT},
    {"to", RC_ID},
};

/* The column of a field path ("ratings.aigles.charisma", "state[1]"). */
static roster_col column_of(const char *f)
{
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        size_t n = strlen(fields[i].field);
        if (strncmp(f, fields[i].field, n) == 0 && (f[n] == '\0' || f[n] == '.' || f[n] == '['))
            return fields[i].col;
    }
    return RC_ID;
}

/* "officers[12].rest" -> 12 and rest; 0 unless path begins with prefix[N]. */
static int entry(const char *path, const char *prefix, size_t *i, const char **rest)
{
    size_t n = strlen(prefix);
    if (strncmp(path, prefix, n) != 0 || path[n] != '[')
        return 0;
    char *end;
    unsigned long v = strtoul(path + n + 1, &end, 10);
    if (*end != ']')
        return 0;
    *i = v;
    *rest = end[1] == '.' ? end + 2 : end + 1;
    return 1;
}

/* The unit row behind officers[k].units[j]: the j-th unit naming him. */
static size_t unit_row_of(const builder *b, size_t k, size_t j)
{
    for (size_t u = 0; u < b->nu; u++)
        if (b->unit_officer[u] == (long)k && j-- == 0)
            return b->units[u];
    return 0;
}

static void at_line1(builder *b, const char *header, const char *message)
{
    if (!grog_problems_add(b->g->problems, b->g->label, 1, 1, header, message))
        b->g->oom = 1;
}

static void put(builder *b, size_t row, roster_col c, const char *message)
{
    if (row == 0 || row >= b->g->n) {
        at_line1(b, grog_roster_columns[c].header, message);
        return;
    }
    /* one problem of the reader's per cell (an empty side is "missing" and
     * then "no side \"\""); roster_build.c marks the cells it answered for */
    unsigned long long bit = 1ULL << c;
    if (grog_roster_cell_bad(b->g, row, c) || (b->mapped[row] & bit))
        return;
    b->mapped[row] |= bit;
    grog_roster_problem(b->g, row, c, "%s", message);
}

static void map_top(builder *b, const char *path, const char *message)
{
    size_t i;
    const char *rest;
    if (entry(path, "meta.sources", &i, &rest) && i < b->nsources) {
        put(b, b->source_rows[i], RC_SOURCE, message);
    } else if (strncmp(path, "meta", 4) == 0) {
        put(b, b->opts.name != NULL ? 0 : b->battle_row[0], RC_NAME, message);
    } else if (strcmp(path, "table.width") == 0) {
        put(b, b->battle_row[1], RC_X, message);
    } else if (strcmp(path, "table.depth") == 0) {
        put(b, b->battle_row[2], RC_Y, message);
    } else if (strncmp(path, "table.unit", 10) == 0) {
        put(b, b->battle_row[4], RC_UNIT, message);
    } else {
        put(b, b->battle_row[3], RC_SCALE, message);
    }
}

void grog_roster_map_problem(builder *b, const char *path, const char *message)
{
    size_t i, j;
    const char *rest, *rest2;
    if (entry(path, "sides", &i, &rest) && i < b->ns)
        put(b, b->sides[i], column_of(rest), message);
    else if (entry(path, "officers", &i, &rest) && i < b->no && entry(rest, "units", &j, &rest2))
        put(b, unit_row_of(b, i, j), RC_PARENT, message);
    else if (entry(path, "officers", &i, &rest) && i < b->no)
        put(b, b->officers[i], column_of(rest), message);
    else if (entry(path, "units", &i, &rest) && i < b->nu)
        put(b, b->units[i], column_of(rest), message);
    else if (entry(path, "orders", &i, &rest) && i < b->norders)
        put(b, b->order_rows[i], column_of(rest), message);
    else
        map_top(b, path, message);
}

grog_roster_options grog_roster_options_default(void)
{
    grog_roster_options o = {NULL, 0, -1};
    return o;
}

/* "armies/club.csv" -> "club". */
static void base_name(const char *label, char *out, size_t size)
{
    const char *s = strrchr(label, '/');
    s = s != NULL ? s + 1 : label;
    snprintf(out, size, "%s", s);
    char *dot = strrchr(out, '.');
    if (dot != NULL && dot != out)
        *dot = '\0';
    if (out[0] == '\0')
        snprintf(out, size, "roster");
}

static grog_status first_problem(grog_problems *pr, size_t first, grog_error *err)
{
    size_t n = grog_problems_count(pr) - first;
    if (n == 0)
        return GROG_OK;
    grog_problems_sort(pr, first);
    const grog_problem *p = grog_problems_get(pr, first);
    if (n == 1)
        return grog_error_set(err, GROG_EFORMAT, "%s", p->text);
    return grog_error_set(err, GROG_EFORMAT,
                          ngettext("%s (and %zu more problem)", "%s (and %zu more problems)",
                                   (unsigned long)(n - 1)),
                          p->text, n - 1);
}

static grog_status check_scenario(builder *b, const char *doc, grog_battle **out)
{
    grog_problems *inner = grog_problems_create();
    if (inner == NULL)
        return GROG_ENOMEM;
    grog_error e;
    grog_status st = grog_scenario_read_text(doc, "roster", out, inner, &e);
    if (st == GROG_EFORMAT)
        for (size_t i = 0; i < grog_problems_count(inner); i++) {
            const grog_problem *p = grog_problems_get(inner, i);
            grog_roster_map_problem(b, p->path, p->message);
        }
    grog_problems_destroy(inner);
    return st == GROG_ENOMEM ? GROG_ENOMEM : GROG_OK;
}

grog_status grog_roster_read(const char *text, size_t len, const char *label,
                             const grog_roster_options *opts, grog_battle **out,
                             grog_problems *problems, grog_error *err)
{
    grog_problems *own = NULL;
    if (problems == NULL && (problems = own = grog_problems_create()) == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    if (label == NULL)
        label = "(roster)";
    size_t first = grog_problems_count(problems);
    char name[GROG_NAME_MAX];
    base_name(label, name, sizeof name);
    roster_grid g;
    memset(&g, 0, sizeof g);
    g.label = label;
    g.problems = problems;
    builder b;
    memset(&b, 0, sizeof b);
    b.g = &g;
    b.opts = opts != NULL ? *opts : grog_roster_options_default();
    b.default_name = name;
    grog_battle *battle = NULL;
    char *doc = NULL;
    int ok = grog_roster_grid_parse(&g, text, len);
    if (ok && !g.fatal) {
        b.kind = calloc(g.n, sizeof *b.kind);
        ok = b.kind != NULL && grog_roster_build(&b, &doc);
        if (ok && check_scenario(&b, doc, &battle) != GROG_OK)
            ok = 0;
    }
    grog_status st = ok && !g.oom ? first_problem(problems, first, err)
                                  : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    if (st == GROG_OK && out != NULL) {
        *out = battle;
        battle = NULL;
    }
    grog_battle_destroy(battle);
    free(doc);
    grog_roster_builder_free(&b);
    grog_roster_grid_free(&g);
    grog_problems_destroy(own);
    return st;
}
