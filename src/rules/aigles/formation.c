/* formation.c — whether a formation change is allowed and how long it takes
 * (AIG-F-06..07, AIG-F-10, AIG-F-12, AIG-F-14..16, AIG-F-24..31), and the
 * change in progress the game engine counts down.
 *
 * The rows of the unit's table (AIG-F-26) and the rows other rules add form
 * a small graph over the formation ids, weighted in half-périodes for the
 * unit's class. A change with a row of its own takes that row (either way,
 * AIG-F-27); otherwise the quickest chain of rows (Dijkstra; ties go to the
 * chain with fewer rows, then to the lower formation id). Every term of the
 * time is one modifier of the record, so that their total is the value.
 * Nothing here prints; a refusal is GROG_ERULE naming its rule. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formation_rules.h"
#include "i18n.h"

#define NF GROG_AIGLES_FM_COUNT

static const char *const action_names[GROG_AIGLES_ACT_COUNT] = {
    "change", "half-turn", "quarter-turn", "pivot", "frontage",
};

const char *grog_aigles_fm_action_name(grog_aigles_fm_action a)
{
    return (int)a >= 0 && a < GROG_AIGLES_ACT_COUNT ? action_names[a] : "?";
}

grog_status grog_aigles_fm_action_parse(const char *text, grog_aigles_fm_action *out,
                                        grog_error *err)
{
    for (int i = 0; text != NULL && i < GROG_AIGLES_ACT_COUNT; i++) {
        if (strcmp(action_names[i], text) == 0) {
            *out = (grog_aigles_fm_action)i;
            return GROG_OK;
        }
    }
    return grog_error_set(err, GROG_EINVAL,
                          _("unknown action \"%s\" (expected one of: change, half-turn, "
                            "quarter-turn, pivot, frontage)"),
                          text != NULL ? text : "");
}

grog_aigles_fm_unit grog_aigles_fm_unit_default(void)
{
    grog_aigles_fm_unit u;
    memset(&u, 0, sizeof u);
    u.arm = GROG_ARM_INFANTRY;
    u.status = GROG_STATUS_REGULAR;
    u.manoeuvre = GROG_MANOEUVRE_A;
    return u;
}

grog_aigles_fm_change grog_aigles_fm_change_default(void)
{
    grog_aigles_fm_change c;
    memset(&c, 0, sizeof c);
    c.action = GROG_AIGLES_ACT_CHANGE;
    c.from = GROG_AIGLES_FM_LINE;
    c.to = GROG_AIGLES_FM_LINE;
    return c;
}

grog_aigles_fm_unit grog_aigles_fm_unit_of_troop(const grog_troop *t, const grog_side *side)
{
    grog_aigles_fm_unit u = grog_aigles_fm_unit_default();
    u.arm = t->arm;
    u.status = t->status;
    u.manoeuvre = t->manoeuvre;
    u.figures = t->figures;
    u.subunits = t->subunits;
    u.can_dismount = t->can_dismount;
    if (side != NULL) {
        u.has_nation = 1;
        u.nation = side->nation;
    }
    return u;
}

grog_status grog_aigles_formation_of_troop(const grog_troop *t, grog_aigles_formation *out,
                                           grog_error *err)
{
    if (t->flags & GROG_UNIT_DISORDERED) {
        *out = GROG_AIGLES_FM_DISORDER;
        return GROG_OK;
    }
    if (t->flags & GROG_UNIT_UNFORMED) {
        *out = GROG_AIGLES_FM_UNFORMED;
        return GROG_OK;
    }
    grog_error e;
    if (grog_aigles_formation_parse(t->formation, out, &e) != GROG_OK)
        return grog_error_set(err, GROG_EINVAL, _("unit %s: %s"), t->id, e.message);
    return GROG_OK;
}

/* ---- the catalogue ---- */

static int valid_fm(grog_aigles_formation f)
{
    return (int)f >= 0 && f < NF;
}

grog_aigles_spacing grog_aigles_formation_spacing(const grog_aigles_formation_rules *r,
                                                  grog_aigles_formation f)
{
    return valid_fm(f) ? r->cat[f].spacing : GROG_AIGLES_SPACING_NONE;
}

grog_aigles_depth grog_aigles_formation_depth(const grog_aigles_formation_rules *r,
                                              grog_aigles_formation f)
{
    return valid_fm(f) ? r->cat[f].depth : GROG_AIGLES_DEPTH_NONE;
}

int grog_aigles_formation_allows_arm(const grog_aigles_formation_rules *r,
                                     grog_aigles_formation f, grog_arm arm)
{
    return valid_fm(f) && (int)arm >= 0 && arm < GROG_ARM_COUNT &&
           (r->cat[f].arms & AIGF_BIT(arm)) != 0;
}

int grog_aigles_formation_may_move(const grog_aigles_formation_rules *r,
                                   grog_aigles_formation f)
{
    return valid_fm(f) && r->cat[f].may_move;
}

grog_aigles_spacing grog_aigles_formation_terrain_spacing(const grog_aigles_formation_rules *r,
                                                          grog_aigles_formation f)
{
    if (f == GROG_AIGLES_FM_UNFORMED) /* AIG-F-20 */
        return GROG_AIGLES_SPACING_DISPERSED;
    return grog_aigles_formation_spacing(r, f);
}

/* ---- the change in progress ---- */

grog_status grog_aigles_fm_progress_start(grog_aigles_fm_progress *p, grog_aigles_formation from,
                                          grog_aigles_formation to, int half_periods,
                                          grog_error *err)
{
    if (!valid_fm(from) || !valid_fm(to))
        return grog_error_set(err, GROG_EINVAL, _("unknown formation in a change in progress"));
    if (half_periods < 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("a change takes 0 half-periods or more, not %d"), half_periods);
    p->from = from;
    p->to = to;
    p->total = half_periods;
    p->remaining = half_periods;
    return GROG_OK;
}

int grog_aigles_fm_progress_tick(grog_aigles_fm_progress *p, int half_periods)
{
    if (half_periods > 0)
        p->remaining = half_periods >= p->remaining ? 0 : p->remaining - half_periods;
    return p->remaining;
}

int grog_aigles_fm_progress_done(const grog_aigles_fm_progress *p)
{
    return p->remaining <= 0;
}

/* ---- the graph of rows ---- */

/* One edge u -> v: the row that gives it and how. */
typedef struct edge {
    int w;              /* half-périodes, -1 for none */
    const aigf_row *row;
    int reversed;       /* the row is v -> u, taken both ways (AIG-F-27) */
    int mass_alias;     /* the mass row taken from another column (AIG-F-10) */
    int free;           /* AIG-F-14: free during the move */
} edge;

typedef struct ctx {
    const grog_aigles_formation_rules *r;
    const grog_aigles_fm_unit *u;
    const grog_aigles_fm_change *c;
    int table;
    edge g[NF][NF];
    grog_explain *e;
} ctx;

static int table_of(const grog_aigles_formation_rules *r, grog_arm arm)
{
    switch (arm) {
    case GROG_ARM_INFANTRY: return AIGF_T_INFANTRY;
    case GROG_ARM_CAVALRY: return AIGF_T_CAVALRY;
    case GROG_ARM_FOOT_ARTILLERY: return AIGF_T_FOOT_ART;
    case GROG_ARM_HORSE_ARTILLERY: return AIGF_T_HORSE_ART;
    default: return r->in.engineers_table;
    }
}

/* The node of the graph a formation stands on: the division column uses the
 * attack column's rows (interpretation division_column_rows). */
static grog_aigles_formation node_of(const ctx *x, grog_aigles_formation f)
{
    return f == GROG_AIGLES_FM_DIVISION_COLUMN ? x->r->in.division_column_rows : f;
}

static int arm_may(const ctx *x, grog_aigles_formation f)
{
    return (x->r->cat[f].arms & AIGF_BIT(x->u->arm)) != 0;
}

static int moving(const ctx *x)
{
    return x->c->move_half_periods > 0;
}

/* Puts a forward edge, keeping the quicker of two rows for one pair. */
static void put(ctx *x, grog_aigles_formation u, grog_aigles_formation v, int w,
                const aigf_row *row, int mass_alias, int is_free)
{
    u = node_of(x, u);
    v = node_of(x, v);
    if (u == v || !arm_may(x, u) || !arm_may(x, v))
        return;
    edge *ed = &x->g[u][v];
    if (ed->w >= 0 && !ed->reversed && ed->w <= w)
        return;
    *ed = (edge){w, row, 0, mass_alias, is_free};
}

static void add_row(ctx *x, const aigf_row *row)
{
    if (row->halted_only && moving(x))
        return;
    int w = row->t[x->u->manoeuvre];
    int is_free = 0;
    if (row->free_during_move > 0 && x->c->move_half_periods >= row->free_during_move) {
        w = 0; /* AIG-F-14 */
        is_free = 1;
    }
    put(x, row->from, row->to, w, row, 0, is_free);
}

/* AIG-F-10: the table's row into the mass column holds for every column
 * that may mass. */
static void add_mass_aliases(ctx *x)
{
    const aigf_row *rows = x->r->rows[x->table];
    for (int i = 0; i < x->r->nrows[x->table]; i++) {
        if (rows[i].to != GROG_AIGLES_FM_MASS_COLUMN)
            continue;
        for (int f = 0; f < NF; f++)
            if ((x->r->massing.from & AIGF_BIT(f)) && node_of(x, (grog_aigles_formation)f) !=
                                                          node_of(x, rows[i].from))
                put(x, (grog_aigles_formation)f, rows[i].to, rows[i].t[x->u->manoeuvre],
                    &rows[i], 1, 0);
    }
}

/* AIG-F-27: each row holds both ways, except (interpretation) the reform
 * rows: nobody orders a unit into disorder. A pair with a row of its own
 * each way keeps both. */
static void add_reverse(ctx *x)
{
    if (!x->r->in.rows_both_ways)
        return;
    for (int u = 0; u < NF; u++) {
        for (int v = 0; v < NF; v++) {
            const edge *ed = &x->g[u][v];
            if (ed->w < 0 || ed->reversed || x->g[v][u].w >= 0)
                continue;
            if (x->r->in.reform_rows_one_way && v == GROG_AIGLES_FM_FORMED)
                continue;
            x->g[v][u] = (edge){ed->w, ed->row, 1, ed->mass_alias, ed->free};
        }
    }
}

static void build_graph(ctx *x)
{
    for (int u = 0; u < NF; u++)
        for (int v = 0; v < NF; v++)
            x->g[u][v] = (edge){-1, NULL, 0, 0, 0};
    for (int i = 0; i < x->r->nrows[x->table]; i++)
        add_row(x, &x->r->rows[x->table][i]);
    for (int i = 0; i < x->r->nextra; i++)
        if (x->r->extra[i].arms & AIGF_BIT(x->u->arm))
            add_row(x, &x->r->extra[i]);
    add_mass_aliases(x);
    add_reverse(x);
}

typedef struct route {
    int found, w, n;
    grog_aigles_formation node[NF];
} route;

static int better(int w1, int h1, int w2, int h2)
{
    return w1 < w2 || (w1 == w2 && h1 < h2);
}

/* The quickest chain from s to t (Dijkstra over NF nodes). */
static route quickest(const ctx *x, grog_aigles_formation s, grog_aigles_formation t)
{
    int dist[NF], hops[NF], prev[NF], done[NF];
    route rt = {0, 0, 0, {0}};
    for (int i = 0; i < NF; i++) {
        dist[i] = -1;
        hops[i] = 0;
        prev[i] = -1;
        done[i] = 0;
    }
    dist[s] = 0;
    for (;;) {
        int u = -1;
        for (int i = 0; i < NF; i++)
            if (!done[i] && dist[i] >= 0 && (u < 0 || better(dist[i], hops[i], dist[u], hops[u])))
                u = i;
        if (u < 0)
            break;
        done[u] = 1;
        if (u != (int)s && !x->r->cat[u].chain_through)
            continue; /* dispersed order, dismounted, the reform states: ends only */
        for (int v = 0; v < NF; v++) {
            int w = x->g[u][v].w;
            if (w < 0 || done[v])
                continue;
            if (dist[v] < 0 || better(dist[u] + w, hops[u] + 1, dist[v], hops[v])) {
                dist[v] = dist[u] + w;
                hops[v] = hops[u] + 1;
                prev[v] = u;
            }
        }
    }
    if (dist[t] < 0)
        return rt;
    rt.found = 1;
    rt.w = dist[t];
    rt.n = hops[t] + 1;
    for (int i = rt.n - 1, v = (int)t; i >= 0; i--, v = prev[v])
        rt.node[i] = (grog_aigles_formation)v;
    return rt;
}

/* A row of its own (AIG-F-27) or, when allowed, the quickest chain. */
static route plan_from(const ctx *x, grog_aigles_formation s, grog_aigles_formation t)
{
    route rt = {0, 0, 0, {0}};
    if (s == t) {
        rt.found = 1;
        rt.n = 1;
        rt.node[0] = s;
        return rt;
    }
    if (x->g[s][t].w >= 0 && (x->r->in.own_row_first || !x->r->in.quickest_chain)) {
        rt = (route){1, x->g[s][t].w, 2, {s, t}};
        return rt;
    }
    return x->r->in.quickest_chain ? quickest(x, s, t) : rt;
}

/* ---- refusals and checks ---- */

/* GROG_ERULE with "RULE: message". */
static grog_status refuse(grog_error *err, const char *rule, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static grog_status refuse(grog_error *err, const char *rule, const char *fmt, ...)
{
    char msg[GROG_ERROR_MAX - 32];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return grog_error_set(err, GROG_ERULE, "%s: %s", rule, msg);
}

static void check_ok(ctx *x, const char *rule, const char *label, const char *detail)
{
    grog_explain_add_check(x->e, rule, label, 1, detail);
}

static const char *fmn(grog_aigles_formation f)
{
    return grog_aigles_formation_name(f);
}

/* The words of a formation, arm or status for text (labels, notes, messages);
 * the path and the settings keep the ids. */
static const char *fw(grog_aigles_formation f)
{
    return grog_explain_word(fmn(f));
}

static const char *armw(grog_arm a)
{
    return grog_explain_word(grog_arm_name(a));
}

static grog_status check_input(const grog_aigles_fm_unit *u, const grog_aigles_fm_change *c,
                               grog_error *err)
{
    if ((int)u->arm < 0 || u->arm >= GROG_ARM_COUNT || (int)u->status < 0 ||
        u->status >= GROG_STATUS_COUNT || (int)u->manoeuvre < 0 ||
        u->manoeuvre >= GROG_MANOEUVRE_COUNT)
        return grog_error_set(err, GROG_EINVAL, _("unknown arm, status or manoeuvre class"));
    if (u->figures < 0 || u->subunits < 0 || u->file_depth < 0 || c->move_half_periods < 0 ||
        c->front < 0 || c->new_front < 0)
        return grog_error_set(err, GROG_EINVAL, _("counts and times cannot be negative"));
    if (u->has_nation && ((int)u->nation < 0 || u->nation >= GROG_NATION_COUNT))
        return grog_error_set(err, GROG_EINVAL, _("unknown nation"));
    if ((int)c->action < 0 || c->action >= GROG_AIGLES_ACT_COUNT || !valid_fm(c->from) ||
        !valid_fm(c->to))
        return grog_error_set(err, GROG_EINVAL, _("unknown action or formation"));
    if (u->calibre < 0)
        return grog_error_set(err, GROG_EINVAL, _("a calibre cannot be negative"));
    if (u->file_depth > 0 && u->arm != GROG_ARM_FOOT_ARTILLERY &&
        u->arm != GROG_ARM_HORSE_ARTILLERY)
        return grog_error_set(err, GROG_EINVAL, _("a file depth is for artillery only"));
    if (u->file_depth > 0 && u->subunits > 0 && u->file_depth > u->subunits)
        return grog_error_set(err, GROG_EINVAL,
                              _("a file %d sections deep needs at least %d sections, not %d"),
                              u->file_depth, u->file_depth, u->subunits);
    return GROG_OK;
}

static grog_status check_arms(ctx *x, grog_error *err)
{
    const char *arm = armw(x->u->arm);
    char d[160];
    grog_aigles_formation ends[2] = {x->c->from, x->c->to};
    for (int i = 0; i < 2; i++) {
        const aigf_entry *c = &x->r->cat[ends[i]];
        if (!arm_may(x, ends[i]))
            return refuse(err, c->arms_rule, _("%s cannot be in %s"), arm, fw(ends[i]));
    }
    snprintf(d, sizeof d, "%s -> %s", fw(x->c->from), fw(x->c->to));
    check_ok(x, x->r->cat[x->c->to].arms_rule, _("formation open to this arm"), d);
    return GROG_OK;
}

/* AIG-F-07: a square needs at least min_figures. */
static grog_status check_square(ctx *x, grog_error *err)
{
    if (x->r->cat[x->c->to].depth != GROG_AIGLES_DEPTH_SQUARE)
        return GROG_OK;
    int min = x->r->square.min_figures;
    if (x->u->figures == 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("%s: give the unit's figures to check a square needs at least %d"),
                              x->r->square.rule, min);
    if (x->u->figures < min)
        return refuse(err, x->r->square.rule,
                      _("a square needs at least %d figures; this unit has %d"), min,
                      x->u->figures);
    char d[96];
    snprintf(d, sizeof d, _("%d figures, at least %d"), x->u->figures, min);
    check_ok(x, x->r->square.rule, _("enough figures for a square"), d);
    return GROG_OK;
}

/* AIG-F-15: the cavalry column of division belongs to a few nations. */
static grog_status check_division(ctx *x, grog_error *err)
{
    if (x->u->arm != GROG_ARM_CAVALRY || (x->c->from != GROG_AIGLES_FM_DIVISION_COLUMN &&
                                          x->c->to != GROG_AIGLES_FM_DIVISION_COLUMN))
        return GROG_OK;
    const char *rule = x->r->division.rule;
    if (!x->u->has_nation)
        return grog_error_set(err, GROG_EINVAL,
                              _("%s: give the nation to check the cavalry column of division"),
                              rule);
    if (!(x->r->division.nations & AIGF_BIT(x->u->nation)))
        return refuse(err, rule,
                      _("only Austrian, Prussian and Russian cavalry form column of division, "
                        "not %s"),
                      grog_nation_name(x->u->nation));
    check_ok(x, rule, _("cavalry column of division"), grog_nation_name(x->u->nation));
    return GROG_OK;
}

/* AIG-F-16: only cavalry with a dismounted entry dismounts. */
static grog_status check_dismount(ctx *x, grog_error *err)
{
    if (x->c->from != GROG_AIGLES_FM_DISMOUNTED && x->c->to != GROG_AIGLES_FM_DISMOUNTED)
        return GROG_OK;
    if (!x->u->can_dismount)
        return refuse(err, "AIG-F-16",
                      _("only cavalry that also has infantry characteristics (a dismounted "
                        "entry) may dismount"));
    check_ok(x, "AIG-F-16", _("cavalry with a dismounted entry"), NULL);
    return GROG_OK;
}

/* AIG-F-03/AIG-F-10: only a column of attack, by company or of division
 * (not extended) masses (interpretation mass_only_from_columns). */
static grog_status check_mass(ctx *x, grog_error *err)
{
    const aigf_entry *to = &x->r->cat[x->c->to];
    const aigf_entry *from = &x->r->cat[x->c->from];
    if (to->spacing != GROG_AIGLES_SPACING_MASSED || from->spacing == GROG_AIGLES_SPACING_MASSED)
        return GROG_OK;
    const char *rule = x->r->massing.rule;
    int ok = (x->r->massing.from & AIGF_BIT(x->c->from)) != 0;
    if (!ok && x->r->in.mass_only_from_columns)
        return refuse(err, rule,
                      _("only a column of attack, by company or of division (not extended) "
                        "may mass, not %s"),
                      fw(x->c->from));
    check_ok(x, rule, _("massing from a column"), fw(x->c->from));
    return GROG_OK;
}

/* AIG-F-12 (squares do not move) and the halted-only rows (AIG-F-10). */
static grog_status check_halted(ctx *x, grog_error *err)
{
    if (!moving(x))
        return GROG_OK;
    if (!x->r->cat[x->c->to].may_move)
        return refuse(err, "AIG-F-12", _("a %s cannot move: make the change halted"),
                      fw(x->c->to));
    for (int i = 0; i < x->r->nextra; i++) {
        const aigf_row *row = &x->r->extra[i];
        if (row->halted_only && ((row->from == x->c->from && row->to == x->c->to) ||
                                 (row->from == x->c->to && row->to == x->c->from)))
            return refuse(err, row->rule, _("%s <-> %s only at the halt"), fw(row->from),
                          fw(row->to));
    }
    return GROG_OK;
}

/* ---- the terms of the time ---- */

static void add_edge_term(ctx *x, grog_aigles_formation u, grog_aigles_formation v)
{
    const edge *ed = &x->g[u][v];
    const aigf_row *row = ed->row;
    int k = x->u->manoeuvre;
    char label[256];
    snprintf(label, sizeof label, "%s -> %s (%s %s%s%s%s)", fw(u), fw(v),
             armw(x->u->arm), grog_manoeuvre_name(x->u->manoeuvre),
             ed->reversed ? _(", the row taken the other way") : "",
             ed->mass_alias ? _(", the mass row") : "",
             ed->free ? _(", free during the move") : "");
    grog_explain_add_modifier(x->e, row->rule, label, ed->w);
    if (ed->reversed)
        grog_explain_add_rule(x->e, "AIG-F-27");
    if (ed->mass_alias)
        grog_explain_add_rule(x->e, x->r->massing.rule);
    if (row->suspect[k] != NULL) {
        char note[512];
        snprintf(note, sizeof note, "%s -> %s, %s %s: %s", fw(row->from), fw(row->to),
                 armw(x->u->arm), grog_manoeuvre_name(x->u->manoeuvre),
                 row->suspect[k]);
        grog_explain_add_note(x->e, row->rule, note);
    }
    if (row->is_default) {
        char setting[128], value[64];
        snprintf(setting, sizeof setting, "formations.extra_rows %s<->%s", fmn(row->from),
                 fmn(row->to));
        snprintf(value, sizeof value, "%d half-periods", row->t[k]);
        grog_explain_add_default(x->e, setting, value, row->note ? row->note : "");
    }
}

static int is_small_unit(const ctx *x)
{
    const grog_aigles_fm_unit *u = x->u;
    int max;
    switch (u->arm) {
    case GROG_ARM_CAVALRY: max = x->r->small_unit.squadron_max; break;
    case GROG_ARM_FOOT_ARTILLERY:
    case GROG_ARM_HORSE_ARTILLERY:
        return u->figures > 0 && u->figures <= x->r->small_unit.artillery_max;
    default: max = x->r->small_unit.company_max; break;
    }
    if (u->figures <= 0 || u->subunits <= 0)
        return 0;
    if (x->r->in.small_unit_whole_unit_only)
        return u->subunits == 1 && u->figures <= max;
    return (u->figures + u->subunits - 1) / u->subunits <= max;
}

static int is_reform(const ctx *x)
{
    return x->c->action == GROG_AIGLES_ACT_CHANGE && x->c->to == GROG_AIGLES_FM_FORMED &&
           (x->c->from == GROG_AIGLES_FM_UNFORMED || x->c->from == GROG_AIGLES_FM_DISORDER);
}

static int is_small_battery(const ctx *x)
{
    const grog_aigles_fm_unit *u = x->u;
    if (u->arm != GROG_ARM_FOOT_ARTILLERY && u->arm != GROG_ARM_HORSE_ARTILLERY)
        return 0;
    if (is_reform(x) && !x->r->in.small_battery_covers_reform)
        return 0;
    return (u->subunits > 0 && u->subunits <= x->r->small_battery.max_sections) ||
           (u->figures > 0 && u->figures <= x->r->small_unit.artillery_max);
}

/* AIG-F-28 and AIG-F-30: times that replace the rows' total. */
static int replace_terms(ctx *x, int total)
{
    if (is_reform(x) && is_small_unit(x)) {
        int turn = x->r->small_unit.turns * x->r->in.turn_half_periods;
        int t = x->r->in.small_unit_time_is_cap && total < turn ? total : turn;
        grog_explain_add_modifier(x->e, x->r->small_unit.rule,
                                  _("a small unit reforms in one turn whatever its class"),
                                  t - total);
        return t;
    }
    if (is_small_battery(x)) {
        int t = x->r->small_battery.half_periods;
        grog_explain_add_modifier(x->e, x->r->small_battery.rule,
                                  _("a battery of one section or half a section: 1/2 periode "
                                    "for any manoeuvre"),
                                  t - total);
        return t;
    }
    return total;
}

/* AIG-F-30: a long single file unlimbers slower. */
static int file_term(ctx *x)
{
    if (x->c->action != GROG_AIGLES_ACT_CHANGE || x->c->to != GROG_AIGLES_FM_UNLIMBERED ||
        x->u->file_depth <= 0 || is_small_battery(x))
        return 0;
    int add = 0;
    for (int i = 0; i < 2; i++)
        if (x->u->file_depth > x->r->file.more_than[i])
            add = x->r->file.add[i];
    char label[128], detail[96];
    snprintf(label, sizeof label, _("single file %d sections deep"), x->u->file_depth);
    snprintf(detail, sizeof detail, _("no more than %d sections: nothing added"),
             x->r->file.more_than[0]);
    if (add > 0)
        grog_explain_add_modifier(x->e, x->r->file.rule, label, add);
    else
        check_ok(x, x->r->file.rule, label, detail);
    return add;
}

/* AIG-F-25: once per change ordered (or per row, by interpretation). */
static int status_term(ctx *x, int total, int rows, int is_action)
{
    if (!(x->r->status_extra.statuses & AIGF_BIT(x->u->status)))
        return 0;
    if (total == 0 && !x->r->in.status_extra_on_free_changes)
        return 0;
    if (is_action && !x->r->in.status_extra_on_actions)
        return 0;
    int times = x->r->in.status_extra_once_per_change || rows < 1 ? 1 : rows;
    int add = x->r->status_extra.half_periods * times;
    char label[128];
    snprintf(label, sizeof label, _("status %s: 1/2 periode more per change"),
             grog_unit_status_name(x->u->status));
    grog_explain_add_modifier(x->e, x->r->status_extra.rule, label, add);
    return add;
}

/* ---- notes: the named effects of the new formation ---- */

static void add_effects(ctx *x, const aigf_effects *fx)
{
    for (int i = 0; i < fx->n; i++)
        if (fx->v[i].arms & AIGF_BIT(x->u->arm))
            grog_explain_add_note(x->e, fx->v[i].rule, fx->v[i].text);
}

static void add_massing_note(ctx *x)
{
    if (x->c->to != GROG_AIGLES_FM_MASS_COLUMN || x->c->from == GROG_AIGLES_FM_DIVISION_COLUMN ||
        x->c->from == GROG_AIGLES_FM_MASS_SQUARE || x->u->subunits < 1 || x->u->figures < 1 ||
        x->u->figures % x->u->subunits != 0)
        return;
    grog_aigles_massing m;
    if (grog_aigles_formation_massing(x->r, x->u->subunits, x->u->figures / x->u->subunits, &m,
                                      NULL) != GROG_OK)
        return;
    char note[256];
    snprintf(note, sizeof note,
             _("%d ranks (one per company): %d kept, %d taken off (%d figures, put back when it "
               "leaves massed order)"),
             x->u->subunits, m.ranks_kept, m.ranks_removed, m.figures_removed);
    grog_explain_add_note(x->e, x->r->massing.rule, note);
}

static void add_unit_notes(ctx *x)
{
    char note[256];
    const grog_aigles_fm_unit *u = x->u;
    add_massing_note(x);
    if (x->c->to == GROG_AIGLES_FM_DISMOUNTED && u->figures > 0) {
        snprintf(note, sizeof note, _("%d horse-holders stay mounted, %d foot figures deploy"),
                 u->figures, u->figures);
        grog_explain_add_note(x->e, "AIG-F-16", note);
    }
    if (x->c->to == GROG_AIGLES_FM_COMPANY_COLUMN && u->arm == GROG_ARM_CAVALRY &&
        u->subunits > 0 && u->figures > 0 && u->figures % u->subunits == 0) {
        int lead, rear;
        if (grog_aigles_formation_squadron_split(u->figures / u->subunits, &lead, &rear, NULL) ==
            GROG_OK) {
            snprintf(note, sizeof note, _("each squadron of %d: leading company %d, rear %d"),
                     u->figures / u->subunits, lead, rear);
            grog_explain_add_note(x->e, "AIG-F-14", note);
        }
    }
    if (x->c->to == GROG_AIGLES_FM_LIMBERED && u->subunits > 0) {
        grog_aigles_teams t;
        if (grog_aigles_formation_teams(x->r, u->arm, u->subunits, u->calibre, &t, NULL) ==
            GROG_OK) {
            snprintf(note, sizeof note, _("%d teams of %d pairs of horses"), t.teams,
                     t.pairs_per_team);
            grog_explain_add_note(x->e, x->r->teams.rule, note);
        }
    }
    if (x->c->to == GROG_AIGLES_FM_HOLLOW_SQUARE && u->figures > 0) {
        grog_aigles_shelter s;
        if (grog_aigles_formation_shelter(x->r, u->figures, 0, 0, &s, NULL) == GROG_OK) {
            snprintf(note, sizeof note, _("may shelter up to %d figures"), s.capacity);
            grog_explain_add_note(x->e, x->r->hollow.rule, note);
        }
    }
}

static int is_irregular(const grog_aigles_fm_unit *u)
{
    return u->irregular_formation || u->status == GROG_STATUS_IRREGULAR;
}

static void add_irregular_note(ctx *x)
{
    if (is_irregular(x->u))
        grog_explain_add_note(x->e, "AIG-F-23",
                              _("irregular: fights in a mass, no line-movement or pivot rules; "
                                "infantry at least 3 figures wide and 3 deep (under 9 figures, "
                                "freely within 3 x 3)"));
}

static void add_notes(ctx *x, grog_aigles_formation f)
{
    const aigf_entry *c = &x->r->cat[f];
    add_effects(x, &x->r->spacing_effects[c->spacing]);
    if (x->u->arm != GROG_ARM_FOOT_ARTILLERY && x->u->arm != GROG_ARM_HORSE_ARTILLERY)
        add_effects(x, &x->r->depth_effects[c->depth]);
    add_effects(x, &c->effects);
    add_unit_notes(x);
    add_irregular_note(x);
}

grog_status grog_aigles_formation_effects(const grog_aigles_formation_rules *r,
                                          const grog_aigles_fm_unit *u, grog_aigles_formation f,
                                          grog_explain *e, grog_error *err)
{
    if ((int)f < 0 || f >= GROG_AIGLES_FM_COUNT)
        return grog_error_set(err, GROG_EINVAL, _("no such formation"));
    grog_aigles_fm_change c = grog_aigles_fm_change_default();
    c.from = c.to = f;
    ctx x;
    memset(&x, 0, sizeof x);
    x.r = r;
    x.u = u;
    x.c = &c;
    x.e = e;
    const aigf_entry *en = &r->cat[f];
    add_effects(&x, &r->spacing_effects[en->spacing]);
    if (u->arm != GROG_ARM_FOOT_ARTILLERY && u->arm != GROG_ARM_HORSE_ARTILLERY)
        add_effects(&x, &r->depth_effects[en->depth]);
    add_effects(&x, &en->effects);
    add_irregular_note(&x);
    return GROG_OK;
}

/* ---- the change ---- */

/* AIG-F-29: a four-company manoeuvre-A battalion in march column counts as
 * in attack column: the quicker of the two starts. */
static int four_company(const ctx *x)
{
    return x->table == AIGF_T_INFANTRY && x->u->manoeuvre == x->r->four_company.cls &&
           x->u->subunits == x->r->four_company.companies &&
           x->c->from == x->r->four_company.from;
}

static grog_status plan_change(ctx *x, route *rt, int *as_alias, grog_error *err)
{
    grog_aigles_formation s = node_of(x, x->c->from), t = node_of(x, x->c->to);
    if (s == t)
        return refuse(err, "AIG-F-27",
                      _("%s and %s share the table's rows: no row gives a time between them"),
                      fw(x->c->from), fw(x->c->to));
    *rt = plan_from(x, s, t);
    *as_alias = 0;
    if (four_company(x)) {
        route alt = plan_from(x, node_of(x, x->r->four_company.counts_as), t);
        char d[128];
        snprintf(d, sizeof d, _("four companies, class A: counts as %s"),
                 fw(x->r->four_company.counts_as));
        check_ok(x, x->r->four_company.rule, _("march column as attack column"), d);
        if (alt.found && (!rt->found || better(alt.w, alt.n, rt->w, rt->n))) {
            *rt = alt;
            *as_alias = 1;
        }
    }
    if (!rt->found)
        return refuse(err, "AIG-F-27",
                      _("no row and no chain of rows of the %s table leads from %s to %s"),
                      armw(x->u->arm), fw(x->c->from), fw(x->c->to));
    return GROG_OK;
}

static grog_status do_change(ctx *x, int *total, grog_error *err)
{
    grog_status st;
    if (x->c->from == x->c->to)
        return grog_error_set(err, GROG_EINVAL, _("the unit is already in %s"), fw(x->c->to));
    if ((st = check_arms(x, err)) || (st = check_square(x, err)) ||
        (st = check_division(x, err)) || (st = check_dismount(x, err)) ||
        (st = check_mass(x, err)) || (st = check_halted(x, err)))
        return st;
    route rt = {0, 0, 0, {0}};
    int as_alias = 0;
    if ((st = plan_change(x, &rt, &as_alias, err)) != GROG_OK)
        return st;
    grog_explain_add_path(x->e, fmn(x->c->from));
    for (int i = 1; i < rt.n; i++)
        grog_explain_add_path(x->e, i == rt.n - 1 ? fmn(x->c->to) : fmn(rt.node[i]));
    int sum = 0;
    for (int i = 0; i + 1 < rt.n; i++) {
        add_edge_term(x, rt.node[i], rt.node[i + 1]);
        sum += x->g[rt.node[i]][rt.node[i + 1]].w;
    }
    grog_explain_add_rule(x->e, "AIG-F-26");
    if (rt.n > 2)
        grog_explain_add_rule(x->e, "AIG-F-27");
    if (rt.n == 1) { /* AIG-F-29: already counts as the target */
        grog_explain_add_note(x->e, x->r->four_company.rule,
                              _("already counts as in attack column: nothing to do"));
        *total = 0;
        return GROG_OK;
    }
    if (as_alias)
        grog_explain_add_rule(x->e, x->r->four_company.rule);
    if (node_of(x, GROG_AIGLES_FM_DIVISION_COLUMN) != GROG_AIGLES_FM_DIVISION_COLUMN &&
        (x->c->from == GROG_AIGLES_FM_DIVISION_COLUMN || x->c->to == GROG_AIGLES_FM_DIVISION_COLUMN))
        grog_explain_add_note(x->e, "AIG-F-10",
                              _("the division column takes the attack column's rows "
                                "(interpretation division_column_rows)"));
    sum = replace_terms(x, sum);
    sum += file_term(x);
    sum += status_term(x, sum, rt.n - 1, 0);
    add_notes(x, x->c->to);
    *total = sum;
    return GROG_OK;
}

static grog_status do_half_turn(ctx *x, int *total, grog_error *err)
{
    int t = x->table, sum = 0;
    if (x->r->has_half_turn[t]) {
        char label[128];
        snprintf(label, sizeof label, _("half turn in place (%s %s)"), armw(x->u->arm),
                 grog_manoeuvre_name(x->u->manoeuvre));
        sum = x->r->half_turn[t][x->u->manoeuvre];
        grog_explain_add_modifier(x->e, "AIG-F-26", label, sum);
    } else if (!is_small_battery(x)) {
        return refuse(err, "AIG-F-26", _("the table gives no half-turn time for %s"),
                      armw(x->u->arm));
    }
    sum = replace_terms(x, sum);
    sum += status_term(x, sum, 1, 1);
    *total = sum;
    return GROG_OK;
}

static grog_status do_quarter_turn(ctx *x, int *total, grog_error *err)
{
    grog_aigles_formation from = x->c->from, to;
    if (from == GROG_AIGLES_FM_MARCH_COLUMN || from == GROG_AIGLES_FM_COMPANY_COLUMN)
        to = GROG_AIGLES_FM_LINE;
    else if (from == GROG_AIGLES_FM_LINE)
        to = GROG_AIGLES_FM_MARCH_COLUMN;
    else
        return refuse(err, x->r->quarter_turn.rule,
                      _("a quarter turn takes a march column to line or a line to march "
                        "column, not %s"),
                      fw(from));
    if (!arm_may(x, from) || !arm_may(x, to))
        return refuse(err, x->r->cat[to].arms_rule, _("%s cannot be in %s"),
                      armw(x->u->arm), fw(arm_may(x, from) ? to : from));
    grog_explain_add_path(x->e, fmn(from));
    grog_explain_add_path(x->e, fmn(to));
    int sum = x->r->quarter_turn.half_periods;
    grog_explain_add_modifier(x->e, x->r->quarter_turn.rule,
                              _("quarter turn left or right: march column <-> line"), sum);
    sum = replace_terms(x, sum);
    sum += status_term(x, sum, 1, 1);
    add_notes(x, to);
    *total = sum;
    return GROG_OK;
}

/* AIG-F-24 (with AIG-F-23): irregulars pivot and change frontage. */
static grog_status do_irregular(ctx *x, int *total, grog_error *err)
{
    const char *rule = x->r->irregular.rule;
    int pivot = x->c->action == GROG_AIGLES_ACT_PIVOT;
    if (!is_irregular(x->u))
        return refuse(err, rule,
                      pivot ? _("only irregular units pivot to any facing in 1/2 periode; "
                                "others pivot under the movement rules")
                            : _("only irregular units double or halve their frontage in 1/2 "
                                "periode"));
    int sum = pivot ? x->r->irregular.pivot : x->r->irregular.frontage;
    if (!pivot && x->c->front > 0 && x->c->new_front > 0) {
        int f = x->c->front, n = x->c->new_front, k = x->r->irregular.factor;
        if (n == f || n > f * k || n * k < f)
            return refuse(err, rule,
                          _("a frontage of %d may go to between %d and %d figures, not %d"), f,
                          (f + k - 1) / k, f * k, n);
        if (x->u->arm == GROG_ARM_INFANTRY && x->u->figures > 0) {
            int depth = (x->u->figures + n - 1) / n;
            grog_status st = grog_aigles_formation_irregular_block(x->r, x->u->figures, n, depth,
                                                                   err);
            if (st != GROG_OK)
                return st;
            check_ok(x, "AIG-F-23", _("irregular infantry block"), NULL);
        }
        char d[96];
        snprintf(d, sizeof d, "%d -> %d", f, n);
        check_ok(x, rule, _("frontage at most doubled or halved"), d);
    }
    grog_explain_add_modifier(x->e, rule,
                              pivot ? _("irregular: pivot to any facing")
                                    : _("irregular: frontage doubled or halved"),
                              sum);
    sum += status_term(x, sum, 1, 1);
    add_irregular_note(x);
    *total = sum;
    return GROG_OK;
}

static const char *title_of(const grog_aigles_fm_unit *u, const grog_aigles_fm_change *c,
                            char *buf, size_t size)
{
    char what[96];
    if (c->action == GROG_AIGLES_ACT_CHANGE)
        snprintf(what, sizeof what, "%s -> %s", fw(c->from), fw(c->to));
    else if (c->action == GROG_AIGLES_ACT_QUARTER_TURN)
        snprintf(what, sizeof what, _("quarter turn from %s"), fw(c->from));
    else
        snprintf(what, sizeof what, "%s", grog_aigles_fm_action_name(c->action));
    snprintf(buf, size, _("Formation change %s (%s, class %s, %s)"), what,
             armw(u->arm), grog_manoeuvre_name(u->manoeuvre),
             grog_explain_word(grog_unit_status_name(u->status)));
    return buf;
}

static grog_status dispatch(ctx *x, int *total, grog_error *err)
{
    switch (x->c->action) {
    case GROG_AIGLES_ACT_CHANGE: return do_change(x, total, err);
    case GROG_AIGLES_ACT_HALF_TURN: return do_half_turn(x, total, err);
    case GROG_AIGLES_ACT_QUARTER_TURN: return do_quarter_turn(x, total, err);
    default: return do_irregular(x, total, err);
    }
}

grog_status grog_aigles_formation_change(const grog_aigles_formation_rules *r,
                                         const grog_aigles_fm_unit *u,
                                         const grog_aigles_fm_change *c, int *half_periods,
                                         grog_explain **out, grog_error *err)
{
    if (out != NULL)
        *out = NULL;
    if (r == NULL || u == NULL || c == NULL)
        return grog_error_set(err, GROG_EINVAL, _("no rules, unit or change given"));
    grog_status st = check_input(u, c, err);
    if (st != GROG_OK)
        return st;
    ctx *x = calloc(1, sizeof *x);
    char title[192];
    if (x == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    *x = (ctx){r, u, c, table_of(r, u->arm), {{{0}}}, NULL};
    x->e = grog_explain_create("aigles-formation", title_of(u, c, title, sizeof title));
    if (x->e == NULL) {
        free(x);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    build_graph(x);
    int total = 0;
    st = dispatch(x, &total, err);
    if (st == GROG_OK) {
        grog_explain_set_value(x->e, total, "half-periods");
        if (half_periods != NULL)
            *half_periods = total;
        if (out != NULL)
            *out = x->e;
        else
            grog_explain_destroy(x->e);
    } else {
        grog_explain_destroy(x->e);
    }
    free(x);
    return st;
}
