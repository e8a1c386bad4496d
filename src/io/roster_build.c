/* roster_build.c — a roster's rows as a scenario, checked by the scenario
 * reader.
 *
 * The rows become a scenario document (jansson), which grog_scenario_read_text
 * checks with every rule of the format; each of its problems, found at a
 * JSON path ("officers[3].ratings.aigles.charisma"), is put back on the cell
 * it came from (roster_map.c). What only a roster can get wrong is checked
 * here first: a row's kind, a cell on a row that does not use it, a number,
 * a unit without a commanding officer, an unknown parent of a unit. A cell
 * with such a problem gives the document its default, so that the reader
 * does not report it a second time.
 *
 * Invariants: the document's sides, officers and units are the rows of each
 * kind in file order; units[] of officer k are the unit rows naming him as
 * parent, in file order; orders[] the officers' then the units' rows with an
 * order. The builder's index arrays record those so problems map back. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "i18n.h"
#include "roster_build.h"
#include "scenario_internal.h"

/* ---- cells ---- */

/* 0 when empty, 1 with *v, -1 after a problem. A decimal comma is read as a
 * point (what French and Russian spreadsheets write). */
static int num_cell(builder *b, size_t r, roster_col c, double *v)
{
    const char *t = grog_roster_cell(b->g, r, c);
    if (t[0] == '\0')
        return 0;
    char tmp[64];
    size_t n = strlen(t);
    if (n < sizeof tmp) {
        memcpy(tmp, t, n + 1);
        char *comma = strchr(tmp, ',');
        if (comma != NULL && strchr(tmp, '.') == NULL && strchr(comma + 1, ',') == NULL)
            *comma = '.';
        char *end;
        errno = 0;
        double x = strtod(tmp, &end);
        if (end != tmp && *end == '\0' && errno == 0 && isfinite(x) &&
            !isspace((unsigned char)tmp[0])) {
            *v = x;
            return 1;
        }
    }
    grog_roster_problem(b->g, r, c, _("expected a number, not \"%s\""), t);
    return -1;
}

static int int_cell(builder *b, size_t r, roster_col c, long long *v)
{
    const char *t = grog_roster_cell(b->g, r, c);
    if (t[0] == '\0')
        return 0;
    char *end;
    errno = 0;
    long long x = strtoll(t, &end, 10);
    if (end != t && *end == '\0' && errno == 0 && x >= -1000000000LL && x <= 1000000000LL &&
        !isspace((unsigned char)t[0])) {
        *v = x;
        return 1;
    }
    grog_roster_problem(b->g, r, c, _("expected a whole number, not \"%s\""), t);
    return -1;
}

static void set_str(json_t *o, const char *key, const char *v)
{
    if (v[0] != '\0')
        json_object_set_new(o, key, json_string(v));
}

static void set_cell(builder *b, json_t *o, const char *key, size_t r, roster_col c)
{
    set_str(o, key, grog_roster_cell(b->g, r, c));
}

static void set_int_cell(builder *b, json_t *o, const char *key, size_t r, roster_col c,
                         long long dflt, int always)
{
    long long v = dflt;
    if (int_cell(b, r, c, &v) == 1 || always)
        json_object_set_new(o, key, json_integer(v));
}

/* ---- rows ---- */

static int kind_of(const char *t)
{
    static const char *const names[] = {"battle", "side", "officer", "unit"};
    for (int k = 0; k < 4; k++)
        if (strcmp(t, names[k]) == 0)
            return 1 << k;
    return 0;
}

static const char *not_used_message(int kind)
{
    switch (kind) {
    case RK_BATTLE: return _("not used on the battle's row");
    case RK_SIDE: return _("not used on a side's row");
    case RK_OFFICER: return _("not used on an officer's row");
    default: return _("not used on a unit's row");
    }
}

static int push(size_t **arr, size_t *n, size_t v)
{
    size_t *na = realloc(*arr, (*n + 1) * sizeof *na);
    if (na == NULL)
        return 0;
    na[(*n)++] = v;
    *arr = na;
    return 1;
}

static void classify(builder *b)
{
    roster_grid *g = b->g;
    for (size_t r = 1; r < g->n && !g->oom; r++) {
        const char *k = grog_roster_cell(g, r, RC_KIND);
        int kind = kind_of(k);
        b->kind[r] = kind;
        if (kind == 0) {
            if (grog_roster_cell_bad(g, r, RC_KIND))
                continue;
            if (k[0] != '\0')
                grog_roster_problem(g, r, RC_KIND,
                                    _("unknown kind \"%s\" (expected one of: battle, side, "
                                      "officer, unit)"),
                                    k);
            else
                grog_roster_problem(g, r, RC_KIND, "%s",
                                    _("missing: a row is a battle, side, officer or unit"));
            continue;
        }
        for (int c = 0; c < RC_COUNT; c++)
            if (!(grog_roster_columns[c].kinds & (unsigned)kind) &&
                grog_roster_cell(g, r, (roster_col)c)[0] != '\0')
                grog_roster_problem(g, r, (roster_col)c, "%s", not_used_message(kind));
        int ok = 1;
        if (kind == RK_SIDE)
            ok = push(&b->sides, &b->ns, r);
        else if (kind == RK_OFFICER)
            ok = push(&b->officers, &b->no, r);
        else if (kind == RK_UNIT)
            ok = push(&b->units, &b->nu, r);
        if (!ok)
            g->oom = 1;
    }
}

/* The battle rows: name, table size, scale, unit once; sources from any row. */
static void read_battle(builder *b)
{
    roster_grid *g = b->g;
    static const roster_col once[] = {RC_NAME, RC_X, RC_Y, RC_SCALE, RC_UNIT};
    for (size_t r = 1; r < g->n; r++) {
        if (b->kind[r] == RK_BATTLE)
            for (size_t i = 0; i < sizeof once / sizeof once[0]; i++) {
                if (grog_roster_cell(g, r, once[i])[0] == '\0')
                    continue;
                if (b->battle_row[i] != 0)
                    grog_roster_problem(g, r, once[i], _("already given on line %d"),
                                        g->rows[b->battle_row[i]].line);
                else
                    b->battle_row[i] = r;
            }
        const char *s = grog_roster_cell(g, r, RC_SOURCE);
        int seen = s[0] == '\0';
        for (size_t k = 0; k < b->nsources && !seen; k++)
            seen = strcmp(grog_roster_cell(g, b->source_rows[k], RC_SOURCE), s) == 0;
        if (!seen && !push(&b->source_rows, &b->nsources, r))
            g->oom = 1;
    }
}

static void table_values(builder *b)
{
    roster_grid *g = b->g;
    b->scale = 25;
    b->unit = GROG_UNIT_CM;
    size_t rs = b->battle_row[3], ru = b->battle_row[4];
    long long sc;
    if (rs && int_cell(b, rs, RC_SCALE, &sc) == 1) {
        if (sc == 25 || sc == 15)
            b->scale = (int)sc;
        else
            grog_roster_problem(g, rs, RC_SCALE, _("%d: the figure scale is 25 or 15 (mm)"),
                                (int)sc);
    }
    if (ru) {
        grog_error e;
        grog_unit u;
        if (grog_unit_parse(grog_roster_cell(g, ru, RC_UNIT), &u, &e) == GROG_OK)
            b->unit = u;
        else
            grog_roster_problem(g, ru, RC_UNIT, "%s", e.message);
    }
    if (b->opts.scale == 25 || b->opts.scale == 15)
        b->scale = b->opts.scale;
    if (b->opts.unit >= 0)
        b->unit = (grog_unit)b->opts.unit;
    b->sc = grog_scale_default();
    b->sc.figure_mm = b->scale;
    b->width = grog_length_from_mm(1800, b->unit, &b->sc);
    b->depth = grog_length_from_mm(1200, b->unit, &b->sc);
    double v;
    if (b->battle_row[1] && num_cell(b, b->battle_row[1], RC_X, &v) == 1)
        b->width = v;
    if (b->battle_row[2] && num_cell(b, b->battle_row[2], RC_Y, &v) == 1)
        b->depth = v;
}

/* ---- officers by id ---- */

static const builder *sort_ctx;

static int cmp_officer(const void *a, const void *b)
{
    size_t ra = sort_ctx->officers[*(const size_t *)a], rb = sort_ctx->officers[*(const size_t *)b];
    return strcmp(grog_roster_cell(sort_ctx->g, ra, RC_ID), grog_roster_cell(sort_ctx->g, rb, RC_ID));
}

/* The officer (index into b->officers) with that id, or -1. */
long grog_roster_find_officer(const builder *b, const char *id)
{
    size_t lo = 0, hi = b->no;
    if (id[0] == '\0')
        return -1;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        size_t k = b->by_id[mid];
        int c = strcmp(grog_roster_cell(b->g, b->officers[k], RC_ID), id);
        if (c == 0)
            return (long)k;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

static int index_officers(builder *b)
{
    b->by_id = malloc((b->no ? b->no : 1) * sizeof *b->by_id);
    if (b->by_id == NULL)
        return 0;
    for (size_t k = 0; k < b->no; k++)
        b->by_id[k] = k;
    /* qsort has no context argument in C11: the builder is passed through a
     * file-scope pointer set only for the sort (no state survives the call). */
    sort_ctx = b;
    qsort(b->by_id, b->no, sizeof *b->by_id, cmp_officer);
    sort_ctx = NULL;
    return 1;
}

/* An officer's side: his own, else the first one up his chain of superiors. */
static const char *officer_side(const builder *b, long k)
{
    for (size_t steps = 0; k >= 0 && steps <= b->no; steps++) {
        size_t r = b->officers[k];
        const char *s = grog_roster_cell(b->g, r, RC_SIDE);
        if (s[0] != '\0')
            return s;
        k = grog_roster_find_officer(b, grog_roster_cell(b->g, r, RC_PARENT));
    }
    return "";
}

static long side_index(const builder *b, const char *id)
{
    for (size_t i = 0; i < b->ns; i++)
        if (strcmp(grog_roster_cell(b->g, b->sides[i], RC_ID), id) == 0)
            return (long)i;
    return -1;
}

/* ---- the document ---- */

static json_t *meta_json(builder *b)
{
    json_t *m = json_object();
    const char *name = b->opts.name;
    if (name == NULL && b->battle_row[0])
        name = grog_roster_cell(b->g, b->battle_row[0], RC_NAME);
    if (name == NULL || name[0] == '\0')
        name = b->default_name;
    json_object_set_new(m, "name", json_string(name));
    json_t *src = json_array();
    for (size_t k = 0; k < b->nsources; k++)
        json_array_append_new(src, json_string(grog_roster_cell(b->g, b->source_rows[k],
                                                                RC_SOURCE)));
    json_object_set_new(m, "sources", src);
    return m;
}

static json_t *sides_json(builder *b)
{
    json_t *arr = json_array();
    for (size_t i = 0; i < b->ns; i++) {
        size_t r = b->sides[i];
        json_t *s = json_object();
        set_cell(b, s, "id", r, RC_ID);
        const char *name = grog_roster_cell(b->g, r, RC_NAME);
        set_str(s, "name", name[0] ? name : grog_roster_cell(b->g, r, RC_ID));
        const char *nation = grog_roster_cell(b->g, r, RC_NATION);
        set_str(s, "nation", nation[0] ? nation : "other");
        set_cell(b, s, "colour", r, RC_COLOUR);
        json_array_append_new(arr, s);
    }
    return arr;
}

static void position_json(builder *b, json_t *o, size_t piece)
{
    const roster_piece *p = &b->pieces[piece];
    json_t *pos = json_object();
    double x = b->given_x[piece], y = b->given_y[piece];
    if (!p->placed || isnan(x)) {
        x = round(grog_length_from_mm(p->x, b->unit, &b->sc) * 10) / 10;
        y = round(grog_length_from_mm(p->y, b->unit, &b->sc) * 10) / 10;
    }
    json_object_set_new(pos, "x", json_real(x));
    json_object_set_new(pos, "y", json_real(y));
    json_object_set_new(o, "position", pos);
    json_object_set_new(o, "facing", json_real(p->facing));
}

static void base_json(builder *b, json_t *o, size_t r, int always, size_t piece)
{
    double w, d;
    int hw = num_cell(b, r, RC_WIDTH, &w), hd = num_cell(b, r, RC_DEPTH, &d);
    if (!always && hw != 1 && hd != 1)
        return;
    const roster_piece *p = &b->pieces[piece];
    if (hw != 1)
        w = grog_length_from_mm(p->w, b->unit, &b->sc);
    if (hd != 1)
        d = grog_length_from_mm(p->d, b->unit, &b->sc);
    json_object_set_new(o, "base", json_pack("{s:f,s:f}", "width", w, "depth", d));
}

static void ratings_json(builder *b, json_t *o, size_t r)
{
    json_t *a = json_object();
    set_int_cell(b, a, "charisma", r, RC_CHARISMA, 2, 1);
    set_int_cell(b, a, "command", r, RC_COMMAND, 2, 1);
    const char *skill = grog_roster_cell(b->g, r, RC_GDB_SKILL);
    const char *quality = grog_roster_cell(b->g, r, RC_GT_QUALITY);
    json_object_set_new(o, "ratings",
                        json_pack("{s:o,s:{s:s},s:{s:s}}", "aigles", a, "gdb", "skill",
                                  skill[0] ? skill : "ordinary", "gt", "quality",
                                  quality[0] ? quality : "ordinary"));
}

static const char *default_role(builder *b, size_t r)
{
    const char *role = grog_roster_cell(b->g, r, RC_ROLE);
    if (role[0] != '\0')
        return role;
    return grog_roster_cell(b->g, r, RC_PARENT)[0] ? "brigade" : "commander-in-chief";
}

static json_t *officers_json(builder *b)
{
    json_t *arr = json_array();
    for (size_t k = 0; k < b->no; k++) {
        size_t r = b->officers[k];
        json_t *o = json_object();
        set_cell(b, o, "id", r, RC_ID);
        const char *name = grog_roster_cell(b->g, r, RC_NAME);
        set_str(o, "name", name[0] ? name : grog_roster_cell(b->g, r, RC_ID));
        set_str(o, "side", officer_side(b, (long)k));
        set_str(o, "role", default_role(b, r));
        set_cell(b, o, "command", r, RC_LEADS);
        set_cell(b, o, "superior", r, RC_PARENT);
        set_cell(b, o, "nation", r, RC_NATION);
        position_json(b, o, k);
        base_json(b, o, r, 0, k);
        ratings_json(b, o, r);
        json_t *units = json_array();
        for (size_t j = 0; j < b->nu; j++)
            if (b->unit_officer[j] == (long)k)
                json_array_append_new(units, json_string(grog_roster_cell(b->g, b->units[j],
                                                                          RC_ID)));
        if (json_array_size(units) > 0)
            json_object_set_new(o, "units", units);
        else
            json_decref(units);
        set_cell(b, o, "attached_to", r, RC_ATTACHED_TO);
        set_cell(b, o, "state", r, RC_STATE);
        set_cell(b, o, "held_by", r, RC_HELD_BY);
        set_int_cell(b, o, "casualties", r, RC_CASUALTIES, 0, 0);
        json_array_append_new(arr, o);
    }
    return arr;
}

/* "disordered routed" or "disordered|routed": the unit's state list. */
static json_t *state_list(const char *t)
{
    json_t *arr = json_array();
    while (*t) {
        while (*t == ' ' || *t == '|')
            t++;
        size_t n = strcspn(t, " |");
        if (n > 0)
            json_array_append_new(arr, json_stringn(t, n));
        t += n;
    }
    return arr;
}

static json_t *units_json(builder *b)
{
    json_t *arr = json_array();
    for (size_t j = 0; j < b->nu; j++) {
        size_t r = b->units[j], piece = b->no + j;
        json_t *u = json_object();
        set_cell(b, u, "id", r, RC_ID);
        const char *name = grog_roster_cell(b->g, r, RC_NAME);
        set_str(u, "name", name[0] ? name : grog_roster_cell(b->g, r, RC_ID));
        const char *side = grog_roster_cell(b->g, r, RC_SIDE);
        set_str(u, "side", side[0] || b->unit_officer[j] < 0 ? side
                                                             : officer_side(b, b->unit_officer[j]));
        const roster_piece *p = &b->pieces[piece];
        json_object_set_new(u, "arm", json_string(grog_arm_name(p->arm)));
        const char *status = grog_roster_cell(b->g, r, RC_STATUS);
        set_str(u, "status", status[0] ? status : "regular");
        const char *man = grog_roster_cell(b->g, r, RC_MANOEUVRE);
        set_str(u, "manoeuvre", man[0] ? man : "B");
        set_int_cell(b, u, "figures", r, RC_FIGURES, grog_roster_default_figures(p->arm), 1);
        set_int_cell(b, u, "subunits", r, RC_COMPANIES, grog_roster_default_companies(p->arm), 1);
        set_str(u, "formation", p->formation);
        position_json(b, u, piece);
        base_json(b, u, r, 1, piece);
        const char *state = grog_roster_cell(b->g, r, RC_STATE);
        if (state[0] != '\0')
            json_object_set_new(u, "state", state_list(state));
        set_int_cell(b, u, "melee_since", r, RC_MELEE_SINCE, 0, 0);
        set_int_cell(b, u, "casualties", r, RC_CASUALTIES, 0, 0);
        json_array_append_new(arr, u);
    }
    return arr;
}

static void order_of(builder *b, json_t *arr, size_t r)
{
    const char *kind = grog_roster_cell(b->g, r, RC_ORDER);
    if (kind[0] == '\0') {
        if (grog_roster_cell(b->g, r, RC_ORDER_TARGET)[0] ||
            grog_roster_cell(b->g, r, RC_ORDER_TEXT)[0])
            grog_roster_problem(b->g, r, RC_ORDER, "%s",
                                _("missing: an order's target or text needs its kind here"));
        return;
    }
    json_t *o = json_object();
    set_cell(b, o, "to", r, RC_ID);
    set_str(o, "kind", kind);
    set_cell(b, o, "text", r, RC_ORDER_TEXT);
    set_cell(b, o, "target", r, RC_ORDER_TARGET);
    json_array_append_new(arr, o);
    if (!push(&b->order_rows, &b->norders, r))
        b->g->oom = 1;
}

static json_t *orders_json(builder *b)
{
    json_t *arr = json_array();
    for (size_t k = 0; k < b->no; k++)
        order_of(b, arr, b->officers[k]);
    for (size_t j = 0; j < b->nu; j++)
        order_of(b, arr, b->units[j]);
    return arr;
}

static json_t *document(builder *b)
{
    json_t *t = json_pack("{s:i,s:s,s:f,s:f}", "figure_scale", b->scale, "unit",
                          grog_unit_name(b->unit), "width", b->width, "depth", b->depth);
    json_t *root = json_object();
    json_object_set_new(root, "format", json_integer(1));
    json_object_set_new(root, "meta", meta_json(b));
    json_object_set_new(root, "table", t);
    json_object_set_new(root, "sides", sides_json(b));
    json_object_set_new(root, "officers", officers_json(b));
    json_object_set_new(root, "units", units_json(b));
    json_object_set_new(root, "orders", orders_json(b));
    return root;
}

/* ---- pieces: what the layout needs ---- */

static int read_xy(builder *b, size_t r, size_t piece)
{
    double x, y;
    int hx = num_cell(b, r, RC_X, &x), hy = num_cell(b, r, RC_Y, &y);
    b->given_x[piece] = b->given_y[piece] = NAN;
    if (hx == 1 && hy == 1) {
        b->given_x[piece] = x;
        b->given_y[piece] = y;
        b->pieces[piece].x = grog_length_to_mm(x, b->unit, &b->sc);
        b->pieces[piece].y = grog_length_to_mm(y, b->unit, &b->sc);
        return 1;
    }
    if (hx == 1 || hy == 1)
        grog_roster_problem(b->g, r, hx == 1 ? RC_Y : RC_X, "%s",
                            _("missing: give both x and y, or neither (laid out in lines)"));
    return 0;
}

static void piece_common(builder *b, size_t r, size_t piece, const char *side)
{
    roster_piece *p = &b->pieces[piece];
    long s = side_index(b, side);
    p->side = s >= 0 ? (int)s : 0;
    p->placed = read_xy(b, r, piece);
    double f;
    p->facing = num_cell(b, r, RC_FACING, &f) == 1 ? f : -2000;
    double w, d;
    if (num_cell(b, r, RC_WIDTH, &w) == 1)
        p->w = grog_length_to_mm(w, b->unit, &b->sc);
    if (num_cell(b, r, RC_DEPTH, &d) == 1)
        p->d = grog_length_to_mm(d, b->unit, &b->sc);
    /* base_json reads them again: a cell with a problem reads as empty then */
}

static void officer_pieces(builder *b)
{
    for (size_t k = 0; k < b->no; k++) {
        size_t r = b->officers[k];
        roster_piece *p = &b->pieces[k];
        p->is_unit = 0;
        p->w = p->d = 40;
        grog_role role = GROG_ROLE_BRIGADE;
        grog_error e;
        if (grog_role_parse(default_role(b, r), &role, &e) != GROG_OK)
            role = GROG_ROLE_BRIGADE;
        p->role = role;
        p->superior = grog_roster_find_officer(b, grog_roster_cell(b->g, r, RC_PARENT));
        p->commander = -1;
        piece_common(b, r, k, officer_side(b, (long)k));
    }
}

static void unit_pieces(builder *b)
{
    for (size_t j = 0; j < b->nu; j++) {
        size_t r = b->units[j], piece = b->no + j;
        roster_piece *p = &b->pieces[piece];
        const char *parent = grog_roster_cell(b->g, r, RC_PARENT);
        long k = grog_roster_find_officer(b, parent);
        b->unit_officer[j] = k;
        if (parent[0] == '\0' && !grog_roster_cell_bad(b->g, r, RC_PARENT))
            grog_roster_problem(b->g, r, RC_PARENT, "%s",
                                _("missing: a unit needs its commanding officer"));
        else if (k < 0 && parent[0] != '\0')
            grog_roster_problem(b->g, r, RC_PARENT, _("no officer \"%s\""), parent);
        /* without a commander it has no side to take from him either: the
         * reader's "missing" side would say the same thing again */
        if (k < 0)
            b->mapped[r] |= 1ULL << RC_SIDE;
        p->is_unit = 1;
        p->commander = k;
        p->superior = -1;
        grog_error e;
        grog_arm arm = GROG_ARM_INFANTRY;
        const char *a = grog_roster_cell(b->g, r, RC_ARM);
        if (a[0] != '\0' && grog_arm_parse(a, &arm, &e) != GROG_OK)
            grog_roster_problem(b->g, r, RC_ARM, "%s", e.message);
        p->arm = arm;
        const char *fm = grog_roster_cell(b->g, r, RC_FORMATION);
        p->formation = fm[0] ? fm : grog_roster_default_formation(arm);
        grog_roster_default_base(arm, p->formation, b->scale, &p->w, &p->d);
        const char *side = grog_roster_cell(b->g, r, RC_SIDE);
        piece_common(b, r, piece, side[0] || k < 0 ? side : officer_side(b, k));
    }
}

int grog_roster_build(builder *b, char **text)
{
    *text = NULL;
    classify(b);
    read_battle(b);
    table_values(b);
    size_t n = b->no + b->nu;
    b->pieces = calloc(n ? n : 1, sizeof *b->pieces);
    b->given_x = calloc(n ? n : 1, sizeof(double));
    b->given_y = calloc(n ? n : 1, sizeof(double));
    b->unit_officer = calloc(b->nu ? b->nu : 1, sizeof(long));
    b->mapped = calloc(b->g->n ? b->g->n : 1, sizeof *b->mapped);
    if (b->g->oom || b->pieces == NULL || b->given_x == NULL || b->given_y == NULL ||
        b->unit_officer == NULL || b->mapped == NULL || !index_officers(b))
        return 0;
    officer_pieces(b);
    unit_pieces(b);
    grog_roster_layout(b->pieces, n, grog_length_to_mm(b->width, b->unit, &b->sc),
                       grog_length_to_mm(b->depth, b->unit, &b->sc), b->scale);
    json_t *root = document(b);
    *text = root != NULL ? json_dumps(root, JSON_COMPACT | JSON_REAL_PRECISION(15)) : NULL;
    json_decref(root);
    return *text != NULL && !b->g->oom;
}

void grog_roster_builder_free(builder *b)
{
    free(b->kind);
    free(b->sides);
    free(b->officers);
    free(b->units);
    free(b->by_id);
    free(b->source_rows);
    free(b->order_rows);
    free(b->pieces);
    free(b->given_x);
    free(b->given_y);
    free(b->unit_officer);
    free(b->mapped);
}
