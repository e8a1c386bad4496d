/* roster_layout.c — defaults of a roster's empty cells, and positions for
 * pieces the roster does not place.
 *
 * The layout (docs/scenario-format.md, "Rosters"): even-numbered sides (the
 * first, the third...) stand on the lower half facing north (0 degrees), the
 * others on the upper half facing south (180); each side's front line is a
 * 0.3 of the table's depth in from its own edge, so two sides start 0.4 of
 * the table apart. A side's units stand in its front line, left to right, by
 * commanding officer in the roster's order, a small gap between units and a
 * larger one between commands; a line that is full starts another behind;
 * the lines are centred across the table.
 * Officers stand behind the units, each level of command a step further
 * back (brigade nearest, commander-in-chief furthest), over the middle of
 * what they command; an aide-de-camp beside his general. Pieces given a
 * position keep it (and only their facing, if empty, takes the side's). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "roster_build.h"

int grog_roster_default_figures(grog_arm arm)
{
    switch (arm) {
    case GROG_ARM_CAVALRY: return 12;
    case GROG_ARM_FOOT_ARTILLERY: return 4;
    case GROG_ARM_HORSE_ARTILLERY: return 3;
    case GROG_ARM_ENGINEERS: return 12;
    default: return 24;
    }
}

int grog_roster_default_companies(grog_arm arm)
{
    switch (arm) {
    case GROG_ARM_CAVALRY: return 4;
    case GROG_ARM_FOOT_ARTILLERY: return 4;
    case GROG_ARM_HORSE_ARTILLERY: return 3;
    case GROG_ARM_ENGINEERS: return 2;
    default: return 6;
    }
}

const char *grog_roster_default_formation(grog_arm arm)
{
    return arm == GROG_ARM_FOOT_ARTILLERY || arm == GROG_ARM_HORSE_ARTILLERY ? "unlimbered"
                                                                              : "line";
}

void grog_roster_default_base(grog_arm arm, const char *formation, int scale, double *w,
                              double *d)
{
    double f = scale == 15 ? 0.6 : 1.0;
    int column = strstr(formation, "column") != NULL || strstr(formation, "square") != NULL;
    if (arm == GROG_ARM_FOOT_ARTILLERY || arm == GROG_ARM_HORSE_ARTILLERY) {
        *w = 60, *d = 60;
    } else if (arm == GROG_ARM_CAVALRY) {
        *w = column ? 50 : 125, *d = column ? 125 : 50;
    } else if (strcmp(formation, "skirmish") == 0) {
        *w = 160, *d = 20;
    } else {
        *w = column ? 80 : 160, *d = column ? 80 : 40;
    }
    *w *= f;
    *d *= f;
}

/* How far back from the front each level of command stands, in steps. */
static int level(grog_role role)
{
    switch (role) {
    case GROG_ROLE_BRIGADE: return 0;
    case GROG_ROLE_DIVISION: return 1;
    case GROG_ROLE_CORPS: return 2;
    case GROG_ROLE_ARMY: return 3;
    default: return 4;
    }
}

typedef struct line_state {
    double left, right, gap, group_gap;
    double x, front, deepest;
    double back; /* -1: towards y = 0 (a lower side), +1 upwards */
    long group;
} line_state;

static void place_unit(line_state *ls, roster_piece *p)
{
    if (ls->x > ls->left && p->commander != ls->group)
        ls->x += ls->group_gap - ls->gap;
    ls->group = p->commander;
    if (ls->x > ls->left && ls->x + p->w > ls->right) {
        ls->front += ls->back * (ls->deepest + ls->gap);
        ls->x = ls->left;
        ls->deepest = 0;
    }
    p->x = ls->x + p->w / 2;
    p->y = ls->front + ls->back * p->d / 2;
    ls->x += p->w + ls->gap;
    if (p->d > ls->deepest)
        ls->deepest = p->d;
}

/* The middle of what officer k commands (units, else subordinates), if known. */
static int centre_of(const roster_piece *p, size_t n, size_t k, const int *done, double *x)
{
    double sum = 0;
    size_t cnt = 0;
    for (size_t i = 0; i < n; i++)
        if (p[i].is_unit && p[i].commander == (long)k) {
            sum += p[i].x;
            cnt++;
        }
    if (cnt == 0)
        for (size_t i = 0; i < n; i++)
            if (!p[i].is_unit && p[i].superior == (long)k && p[i].role != GROG_ROLE_ADC) {
                if (!done[i])
                    return 0;
                sum += p[i].x;
                cnt++;
            }
    *x = cnt ? sum / (double)cnt : -1;
    return 1;
}

static void place_officers(roster_piece *p, size_t n, const line_state *zone, int side,
                           double width, double step)
{
    int *done = calloc(n ? n : 1, sizeof *done);
    if (done == NULL)
        return;
    double rear = zone->front + zone->back * (zone->deepest + step);
    /* the levels this side has, nearest first: each a step further back */
    int used[5] = {0}, rank[5];
    for (size_t k = 0; k < n; k++)
        if (!p[k].is_unit && p[k].side == side)
            used[level(p[k].role)] = 1;
    for (int l = 0, r = 0; l < 5; l++) {
        rank[l] = r;
        r += used[l];
    }
    /* brigadiers first, then each level over the ones below (bounded passes) */
    for (int pass = 0; pass < 8; pass++)
        for (size_t k = 0; k < n; k++) {
            roster_piece *o = &p[k];
            if (o->is_unit || done[k] || o->side != side || o->role == GROG_ROLE_ADC)
                continue;
            double x = -1;
            if (o->placed) {
                done[k] = 1;
                continue;
            }
            if (!centre_of(p, n, k, done, &x) && pass < 7)
                continue;
            o->x = x >= 0 ? x : width / 2;
            o->y = rear + zone->back * rank[level(o->role)] * step;
            done[k] = 1;
        }
    /* no two officers on one spot: shift along the line */
    for (size_t k = 0; k < n; k++) {
        roster_piece *o = &p[k];
        if (o->is_unit || o->placed || o->side != side || o->role == GROG_ROLE_ADC)
            continue;
        /* look again from the start after each shift, at most 40 times */
        for (int shifts = 0, again = 1; again && shifts < 40; shifts++) {
            again = 0;
            for (size_t i = 0; i < k && !again; i++) {
                if (p[i].is_unit || p[i].side != side || fabs(p[i].y - o->y) > 1e-9 ||
                    fabs(p[i].x - o->x) >= step)
                    continue;
                o->x = p[i].x + step;
                again = 1;
            }
        }
    }
    /* aides-de-camp beside their general */
    for (size_t k = 0; k < n; k++) {
        roster_piece *o = &p[k];
        if (o->is_unit || o->placed || o->side != side || o->role != GROG_ROLE_ADC)
            continue;
        const roster_piece *gen = o->superior >= 0 ? &p[o->superior] : NULL;
        int nth = 1;
        for (size_t i = 0; i < k; i++)
            if (!p[i].is_unit && p[i].role == GROG_ROLE_ADC && p[i].superior == o->superior)
                nth++;
        o->x = (gen != NULL ? gen->x : width / 2) + nth * step;
        o->y = gen != NULL ? gen->y : rear;
    }
    free(done);
}

/* Moves a side's laid-out units so that their lines sit in the table's middle. */
static void centre_side(roster_piece *p, size_t n, int side, double width)
{
    double lo = width, hi = 0;
    for (size_t i = 0; i < n; i++)
        if (p[i].is_unit && !p[i].placed && p[i].side == side) {
            lo = fmin(lo, p[i].x - p[i].w / 2);
            hi = fmax(hi, p[i].x + p[i].w / 2);
        }
    if (hi <= lo)
        return;
    double shift = (width - (hi - lo)) / 2 - lo;
    for (size_t i = 0; i < n; i++)
        if (p[i].is_unit && !p[i].placed && p[i].side == side)
            p[i].x += shift;
}

void grog_roster_layout(roster_piece *p, size_t n, double width, double depth, int scale)
{
    double f = scale == 15 ? 0.6 : 1.0;
    int nsides = 0;
    for (size_t i = 0; i < n; i++)
        if (p[i].side + 1 > nsides)
            nsides = p[i].side + 1;
    for (int s = 0; s < nsides; s++) {
        int lower = s % 2 == 0;
        double band = (double)(s / 2) * 0.1 * depth;
        line_state ls = {0.05 * width, 0.95 * width, 20 * f, 60 * f, 0.05 * width, 0, 0,
                         lower ? -1 : 1, -2};
        ls.front = lower ? depth * 0.3 - band : depth * 0.7 + band;
        for (size_t i = 0; i < n; i++) {
            if (p[i].side != s)
                continue;
            if (p[i].facing < -1000)
                p[i].facing = lower ? 0 : 180;
        }
        /* units by commanding officer in the roster's order, then the rest */
        for (long k = -1; k < (long)n; k++)
            for (size_t i = 0; i < n; i++)
                if (p[i].is_unit && !p[i].placed && p[i].side == s && p[i].commander == k &&
                    (k < 0 || !p[k].is_unit))
                    place_unit(&ls, &p[i]);
        centre_side(p, n, s, width);
        place_officers(p, n, &ls, s, width, 50 * f);
    }
}
