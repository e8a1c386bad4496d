/* aigles_phase.c — the command phase of a whole battle (see aigles_phase.h).
 *
 * The sift: an officer can matter to a unit only if the edge-to-edge
 * distance can be within his charisma radius (or contact). That distance is
 * at least |centre - centre| - ra - rb, where r bounds half a base's
 * diagonal, so comparing squared centre distances with (reach + ru)^2,
 * reach being each officer's own radius plus slack and his half diagonal,
 * discards the pairs that cannot matter without a square root or a sine.
 *
 * The grid: the available officers are put in a uniform grid over their
 * bounding box, a cell as wide as the largest reach, so a unit looks only at
 * the cells within (largest reach + its own half diagonal), padded against
 * rounding: O(units x officers nearby), not units x officers. The officers a
 * unit keeps are then taken in battle order, exactly as a scan of every
 * officer would have kept them (the morale rules break ties by that order).
 * Officers or units with a position or base that is not a finite number
 * are never put in the grid: they are compared with everyone, as before. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/aigles_phase.h"
#include "i18n.h"

#define NONE SIZE_MAX
#define MAX_CELLS_PER_OFFICER 4 /* the grid is coarsened beyond this many cells */

static double half_diagonal(const grog_base *b)
{
    return 0.5 * (b->width + b->depth); /* >= half the diagonal, cheap and safe */
}

/* An officer in the grid: what the sift reads, side by side in cell order. */
typedef struct spot {
    double x, y, reach;
    int side;
    size_t i; /* his index in the battle */
} spot;

/* The officers' influences and reaches, the grid, and scratch for a unit. */
typedef struct phase {
    size_t no;
    grog_aigles_influence *all;
    double *reach;
    grog_aigles_influence *near;
    size_t *index;
    /* the grid: officers of cell c are spot[start[c] .. start[c+1]) */
    double x0, y0, cell, maxreach;
    size_t nx, ny;
    size_t *start;
    struct spot *spot;
    size_t *loose; /* available officers not in the grid (not finite) */
    size_t nloose;
} phase;

static void phase_free(phase *p)
{
    free(p->all);
    free(p->reach);
    free(p->near);
    free(p->index);
    free(p->start);
    free(p->spot);
    free(p->loose);
}

static int finite_base(const grog_base *b, double reach)
{
    return isfinite(b->centre.x) && isfinite(b->centre.y) && isfinite(reach);
}

static void influences(const grog_aigles_rules *r, const grog_battle *b, phase *p)
{
    const grog_scale *sc = &grog_battle_table(b)->scale;
    for (size_t i = 0; i < p->no; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        size_t s = 0;
        grog_battle_side_index(b, o->side, &s);
        p->all[i] = (grog_aigles_influence){o->name, (int)s, o->ratings.aigles_charisma, o->base,
                                            o->state == GROG_OFFICER_ACTIVE};
        double pas = 0;
        grog_aigles_charisma_radius(r, o->ratings.aigles_charisma, sc->figure_mm, &pas, NULL);
        /* his own reach: his charisma radius, or contact (with some slack) */
        p->reach[i] = grog_length_to_mm(pas, GROG_UNIT_PAS, sc) + 1.0 + half_diagonal(&o->base);
    }
}

/* The cell along one axis of coordinate v, clamped to the grid. */
static size_t cell_of(const phase *p, double v, double origin, size_t n)
{
    double c = floor((v - origin) / p->cell);
    if (!(c > 0))
        return 0;
    return c >= (double)(n - 1) ? n - 1 : (size_t)c;
}

/* The bounding box of the officers that go in the grid (available, finite
 * place); the others are listed loose. Returns how many go in the grid. */
static size_t bounds(phase *p, double *x1, double *y1)
{
    size_t in = 0;
    p->maxreach = 0;
    for (size_t i = 0; i < p->no; i++) {
        const grog_base *b = &p->all[i].base;
        if (!p->all[i].available)
            continue;
        if (!finite_base(b, p->reach[i])) {
            p->loose[p->nloose++] = i;
            continue;
        }
        if (in++ == 0) {
            p->x0 = *x1 = b->centre.x;
            p->y0 = *y1 = b->centre.y;
        }
        p->x0 = fmin(p->x0, b->centre.x);
        p->y0 = fmin(p->y0, b->centre.y);
        *x1 = fmax(*x1, b->centre.x);
        *y1 = fmax(*y1, b->centre.y);
        p->maxreach = fmax(p->maxreach, p->reach[i]);
    }
    return in;
}

static int in_grid(const phase *p, size_t i)
{
    return p->all[i].available && finite_base(&p->all[i].base, p->reach[i]);
}

static size_t officer_cell(const phase *p, size_t i)
{
    const grog_point *c = &p->all[i].base.centre;
    return cell_of(p, c->y, p->y0, p->ny) * p->nx + cell_of(p, c->x, p->x0, p->nx);
}

/* Puts the available officers with a finite place in the grid; 0 on out
 * of memory. A box too wide for doubles makes one cell (a full scan). */
static int build_grid(phase *p)
{
    double x1 = 0, y1 = 0;
    size_t in = bounds(p, &x1, &y1);
    double w = x1 - p->x0, h = y1 - p->y0;
    p->cell = p->maxreach > 1.0 ? p->maxreach : 1.0;
    if (!isfinite(w) || !isfinite(h) || !isfinite(p->cell)) {
        p->cell = INFINITY;
        p->nx = p->ny = 1;
    } else {
        /* at most a few cells per officer: a wide table with small reaches is coarsened */
        double limit = (double)(in + 1) * MAX_CELLS_PER_OFFICER;
        while ((w / p->cell + 1) * (h / p->cell + 1) > limit)
            p->cell *= 2;
        p->nx = (size_t)(w / p->cell) + 1;
        p->ny = (size_t)(h / p->cell) + 1;
    }
    size_t ncells = p->nx * p->ny;
    p->start = calloc(ncells + 1, sizeof *p->start);
    p->spot = malloc((in + 1) * sizeof *p->spot);
    if (p->start == NULL || p->spot == NULL)
        return 0;
    /* counting sort by cell: officers stay in battle order within a cell */
    for (size_t i = 0; i < p->no; i++)
        if (in_grid(p, i))
            p->start[officer_cell(p, i) + 1]++;
    for (size_t c = 0; c < ncells; c++)
        p->start[c + 1] += p->start[c];
    size_t *fill = malloc((ncells + 1) * sizeof *fill);
    if (fill == NULL)
        return 0;
    memcpy(fill, p->start, (ncells + 1) * sizeof *fill);
    for (size_t i = 0; i < p->no; i++)
        if (in_grid(p, i)) {
            const grog_aigles_influence *o = &p->all[i];
            p->spot[fill[officer_cell(p, i)]++] =
                (spot){o->base.centre.x, o->base.centre.y, p->reach[i], o->side, i};
        }
    free(fill);
    return 1;
}

/* Officer i kept for a unit at u with half diagonal ru (the sift). */
static int keeps(const phase *p, size_t i, const grog_base *u, int side, double ru)
{
    if (p->all[i].side != side || !p->all[i].available)
        return 0;
    double dx = p->all[i].base.centre.x - u->centre.x;
    double dy = p->all[i].base.centre.y - u->centre.y;
    double lim = p->reach[i] + ru;
    return !(dx * dx + dy * dy > lim * lim);
}

static void insert_sorted(size_t *v, size_t n, size_t x)
{
    size_t j = n;
    while (j > 0 && v[j - 1] > x) {
        v[j] = v[j - 1];
        j--;
    }
    v[j] = x;
}

/* The officers a unit keeps, in battle order, into p->index; returns how many. */
static size_t gather(const phase *p, const grog_base *u, int side)
{
    double ru = half_diagonal(u);
    size_t n = 0;
    if (!finite_base(u, ru)) { /* compared with everyone, as a full scan would */
        for (size_t i = 0; i < p->no; i++)
            if (keeps(p, i, u, side, ru))
                p->index[n++] = i;
        return n;
    }
    double reach = (p->maxreach + ru) * (1 + 1e-9) + 1e-3;
    size_t cx0 = cell_of(p, u->centre.x - reach, p->x0, p->nx);
    size_t cx1 = cell_of(p, u->centre.x + reach, p->x0, p->nx);
    size_t cy0 = cell_of(p, u->centre.y - reach, p->y0, p->ny);
    size_t cy1 = cell_of(p, u->centre.y + reach, p->y0, p->ny);
    for (size_t cy = cy0; cy <= cy1; cy++) {
        /* the cells cx0..cx1 of a row are consecutive: one run of spots */
        const spot *q = p->spot + p->start[cy * p->nx + cx0];
        const spot *end = p->spot + p->start[cy * p->nx + cx1 + 1];
        for (; q < end; q++) {
            if (q->side != side)
                continue;
            /* the same test as keeps(), on the same numbers */
            double dx = q->x - u->centre.x, dy = q->y - u->centre.y, lim = q->reach + ru;
            if (!(dx * dx + dy * dy > lim * lim))
                insert_sorted(p->index, n++, q->i);
        }
    }
    for (size_t k = 0; k < p->nloose; k++)
        if (keeps(p, p->loose[k], u, side, ru))
            insert_sorted(p->index, n++, p->loose[k]);
    return n;
}

/* The side's and the parent's index of the unit before, kept because units
 * usually come by brigade: a string compare instead of two hash lookups. */
typedef struct last_unit {
    const grog_troop *t;
    size_t side;
    int has_parent;
    size_t parent;
} last_unit;

static void unit_refs(const grog_battle *b, const grog_troop *t, last_unit *last)
{
    const grog_troop *prev = last->t;
    if (prev == NULL || strcmp(prev->side, t->side) != 0) {
        last->side = 0;
        grog_battle_side_index(b, t->side, &last->side);
    }
    if (prev == NULL || strcmp(prev->parent, t->parent) != 0)
        last->has_parent = grog_battle_officer_index(b, t->parent, &last->parent);
    last->t = t;
}

/* The charisma modifier and the order-change zone of unit u. */
static grog_status unit_phase(const grog_aigles_rules *r, const grog_battle *b, phase *p,
                              size_t u, last_unit *last, grog_aigles_unit_command *c,
                              grog_error *err)
{
    const grog_scale *sc = &grog_battle_table(b)->scale;
    const grog_troop *t = grog_battle_unit(b, u);
    unit_refs(b, t, last);
    size_t side = last->side;
    size_t n = gather(p, &t->base, (int)side);
    for (size_t k = 0; k < n; k++)
        p->near[k] = p->all[p->index[k]];
    grog_status st = grog_aigles_morale_modifier(r, &t->base, (int)side, p->near, n,
                                                 sc->figure_mm, sc->mm_per_pas, &c->morale,
                                                 NULL, err);
    if (c->morale.from >= 0)
        c->morale.from = (int)p->index[c->morale.from];
    size_t k = last->parent;
    c->has_commander = last->has_parent && grog_battle_officer(b, k)->state == GROG_OFFICER_ACTIVE;
    c->in_zone = 0;
    c->distance_pas = 0;
    if (st != GROG_OK || !c->has_commander)
        return st;
    const grog_officer *o = grog_battle_officer(b, k);
    double zone = 0;
    int contact_only = 0;
    st = grog_aigles_zone(r, o->ratings.aigles_command, sc->figure_mm, &zone, &contact_only, err);
    c->distance_pas =
        grog_length_from_mm(grog_base_distance(&o->base, &t->base), GROG_UNIT_PAS, sc);
    c->in_zone = contact_only ? c->distance_pas <= 0.0 : (zone > 0 && c->distance_pas <= zone);
    return st;
}

grog_status grog_aigles_command_phase(const grog_aigles_rules *r, const grog_battle *b,
                                      grog_aigles_unit_command *out, grog_error *err)
{
    phase p;
    memset(&p, 0, sizeof p);
    p.no = grog_battle_nofficers(b);
    size_t n1 = p.no + 1;
    p.all = calloc(n1, sizeof *p.all);
    p.reach = calloc(n1, sizeof *p.reach);
    p.near = calloc(n1, sizeof *p.near);
    p.index = calloc(n1, sizeof *p.index);
    p.loose = calloc(n1, sizeof *p.loose);
    grog_status st = GROG_OK;
    if (p.all == NULL || p.reach == NULL || p.near == NULL || p.index == NULL ||
        p.loose == NULL)
        st = grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    if (st == GROG_OK) {
        influences(r, b, &p);
        if (!build_grid(&p))
            st = grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    last_unit last = {NULL, 0, 0, 0};
    for (size_t u = 0; u < grog_battle_nunits(b) && st == GROG_OK; u++)
        st = unit_phase(r, b, &p, u, &last, &out[u], err);
    phase_free(&p);
    return st;
}
