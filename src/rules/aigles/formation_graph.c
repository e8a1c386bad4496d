/* formation_graph.c — the graph of a unit's rows (AIG-F-26, AIG-F-27, AIG-F-10):
 * the rows of its table and the rows other rules add, over the formation ids,
 * weighted in half-périodes; a change takes its own row, else the quickest chain of
 * rows (Dijkstra; ties go to fewer rows, then to the lower formation id). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formation_rules.h"
#include "i18n.h"
#include "formation_internal.h"

int fm_table_of(const grog_aigles_formation_rules *r, grog_arm arm)
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
grog_aigles_formation fm_node_of(const ctx *x, grog_aigles_formation f)
{
    return f == GROG_AIGLES_FM_DIVISION_COLUMN ? x->r->in.division_column_rows : f;
}

int fm_arm_may(const ctx *x, grog_aigles_formation f)
{
    return (x->r->cat[f].arms & AIGF_BIT(x->u->arm)) != 0;
}

int fm_moving(const ctx *x)
{
    return x->c->move_half_periods > 0;
}

/* Puts a forward edge, keeping the quicker of two rows for one pair. */
static void put(ctx *x, grog_aigles_formation u, grog_aigles_formation v, int w,
                const aigf_row *row, int mass_alias, int is_free)
{
    u = fm_node_of(x, u);
    v = fm_node_of(x, v);
    if (u == v || !fm_arm_may(x, u) || !fm_arm_may(x, v))
        return;
    edge *ed = &x->g[u][v];
    if (ed->w >= 0 && !ed->reversed && ed->w <= w)
        return;
    *ed = (edge){w, row, 0, mass_alias, is_free};
}

static void add_row(ctx *x, const aigf_row *row)
{
    if (row->halted_only && fm_moving(x))
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
            if ((x->r->massing.from & AIGF_BIT(f)) && fm_node_of(x, (grog_aigles_formation)f) !=
                                                          fm_node_of(x, rows[i].from))
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

void fm_build_graph(ctx *x)
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

int fm_better(int w1, int h1, int w2, int h2)
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
            if (!done[i] && dist[i] >= 0 &&
                (u < 0 || fm_better(dist[i], hops[i], dist[u], hops[u])))
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
            if (dist[v] < 0 || fm_better(dist[u] + w, hops[u] + 1, dist[v], hops[v])) {
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
route fm_plan_from(const ctx *x, grog_aigles_formation s, grog_aigles_formation t)
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
