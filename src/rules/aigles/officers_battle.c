/* officers_battle.c — the Les Aigles order and charisma worked out from a
 * battle (battle.h), for `grognard explain`.
 *
 * Reads the officers' ratings and states, the unit's status and melee flag,
 * the bases and the table's scale, and the hierarchy; the battle is only
 * read. Who may order whom becomes checks in the record: the general must
 * be active (AIG-O-21, AIG-O-26), the receiver his unit or his subordinate
 * (AIG-O-10, AIG-O-11: grog_aigles_battle_chain, the game's check), then the zone, melee and points checks of
 * command.c. An officer out of the zone is reached through the general's
 * nearest active ADC (AIG-O-11, AIG-O-12). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "i18n.h"
#include "rules/aigles/officers.h"

static const char *label_of(const char *name, const char *id)
{
    return name != NULL && name[0] != '\0' ? name : id;
}

static int status_of(const grog_troop *u)
{
    grog_aigles_status s;
    if (grog_aigles_status_parse(grog_unit_status_name(u->status), &s, NULL) != GROG_OK)
        return -1;
    return (int)s;
}

/* What the battle says about the two ends of the order. */
typedef struct ends {
    const grog_officer *giver;
    size_t giver_i;
    const grog_troop *unit;       /* the receiver when a unit */
    const grog_officer *officer;  /* the receiver when an officer */
    size_t recv_i;
} ends;

static grog_status find_ends(const grog_battle *b, const grog_aigles_battle_order *in, ends *x,
                             grog_error *err)
{
    memset(x, 0, sizeof *x);
    if (!grog_battle_officer_index(b, in->from, &x->giver_i))
        return grog_error_set(err, GROG_ENOTFOUND, _("no officer \"%s\""),
                              in->from != NULL ? in->from : "");
    x->giver = grog_battle_officer(b, x->giver_i);
    if (!grog_role_is_general(x->giver->role))
        return grog_error_set(err, GROG_EINVAL,
                              _("\"%s\" is an aide-de-camp: he carries his general's orders "
                                "(give the general with --from)"),
                              x->giver->id);
    if (grog_battle_unit_index(b, in->to, &x->recv_i))
        x->unit = grog_battle_unit(b, x->recv_i);
    else if (grog_battle_officer_index(b, in->to, &x->recv_i))
        x->officer = grog_battle_officer(b, x->recv_i);
    else
        return grog_error_set(err, GROG_ENOTFOUND, _("no unit or officer \"%s\""),
                              in->to != NULL ? in->to : "");
    return GROG_OK;
}

static grog_aigles_order make_order(const grog_aigles_battle_order *in, const ends *x)
{
    grog_aigles_order o = grog_aigles_order_default();
    o.command = x->giver->ratings.aigles_command;
    o.explain_turns = in->explain_turns;
    o.failed_turns = in->failed_turns;
    o.variant = in->variant;
    o.giver = label_of(x->giver->name, x->giver->id);
    if (x->unit != NULL) {
        o.receiver = GROG_AIGLES_TO_UNIT;
        o.status = status_of(x->unit);
        o.receiver_name = label_of(x->unit->name, x->unit->id);
    } else {
        o.receiver = GROG_AIGLES_TO_OFFICER;
        o.receiver_command = x->officer->ratings.aigles_command;
        o.receiver_name = label_of(x->officer->name, x->officer->id);
    }
    return o;
}

static grog_aigles_situation make_situation(const grog_battle *b,
                                            const grog_aigles_battle_order *in, const ends *x)
{
    const grog_table *t = grog_battle_table(b);
    grog_aigles_situation s;
    memset(&s, 0, sizeof s);
    s.figure_mm = t->scale.figure_mm;
    s.mm_per_pas = t->scale.mm_per_pas;
    s.giver = x->giver->base;
    s.receiver = x->unit != NULL ? x->unit->base : x->officer->base;
    s.receiver_in_melee = x->unit != NULL && (x->unit->flags & GROG_UNIT_IN_MELEE) != 0;
    s.giver_melee_turns = in->general_melee_turns;
    s.giver_id = x->giver->id;
    s.receiver_id = x->unit != NULL ? x->unit->id : x->officer->id;
    s.tape = in->tape;
    return s;
}

/* The battle's own preconditions; 1 when all hold. */
static int battle_checks(const grog_battle *b, const ends *x, grog_explain *e)
{
    char detail[256];
    int ok = x->giver->state == GROG_OFFICER_ACTIVE;
    grog_text_snprintf(detail, sizeof detail, _("%s is %s"), x->giver->id,
                       grog_explain_word(grog_officer_state_name(x->giver->state)));
    grog_explain_add_check(e, x->giver->state == GROG_OFFICER_KILLED ? "AIG-O-26" : "AIG-O-21",
                           _("the general is operational"), ok, detail);
    /* AIG-O-10, AIG-O-11: the same check as the game's (chain.c) */
    const char *target = x->unit != NULL ? x->unit->id : x->officer->id;
    int under = grog_aigles_battle_chain(b, x->giver->id, target, e, NULL) == GROG_OK;
    if (x->officer != NULL) {
        int active = x->officer->state == GROG_OFFICER_ACTIVE;
        grog_text_snprintf(detail, sizeof detail, _("%s is %s"), x->officer->id,
                           grog_explain_word(grog_officer_state_name(x->officer->state)));
        grog_explain_add_check(e, "AIG-O-21", _("the receiver is operational"), active, detail);
        ok = ok && active;
    }
    return ok && under;
}

/* The general's active ADC nearest to the receiver; 0 if none. */
static int nearest_adc(const grog_battle *b, const ends *x, size_t *adc)
{
    size_t n = grog_battle_adcs(b, x->giver_i, NULL, 0);
    if (n == 0)
        return 0;
    size_t *v = malloc(n * sizeof *v);
    if (v == NULL)
        return 0;
    grog_battle_adcs(b, x->giver_i, v, n);
    int found = 0;
    double best = 0;
    for (size_t i = 0; i < n; i++) {
        const grog_officer *a = grog_battle_officer(b, v[i]);
        if (a->state != GROG_OFFICER_ACTIVE)
            continue;
        double d = grog_base_distance(&a->base, &x->officer->base);
        if (!found || d < best) {
            found = 1;
            best = d;
            *adc = v[i];
        }
    }
    free(v);
    return found;
}

static grog_status via_adc(const grog_aigles_rules *r, const grog_battle *b, const ends *x,
                           grog_aigles_order *o, const grog_aigles_situation *s,
                           const grog_aigles_points *pts, const grog_aigles_dice *dice,
                           grog_explain *e, int *obeys, grog_error *err)
{
    size_t ai = 0;
    char text[256];
    if (!nearest_adc(b, x, &ai)) {
        grog_explain_add_check(e, "AIG-O-11", _("an ADC to send"), 0,
                               _("the subordinate is out of the zone and the general has no "
                                 "active ADC"));
        return grog_error_set(err, GROG_ERULE,
                              _("AIG-O-11: %s is out of the zone and %s has no active ADC"),
                              x->officer->id, x->giver->id);
    }
    const grog_officer *a = grog_battle_officer(b, ai);
    double mpp = aigles_mm_per_pas(r, s->mm_per_pas);
    grog_aigles_adc_input in = {o->command, a->ratings.aigles_command, x->giver->base, a->base,
                                x->officer->base, a->adc_speed >= 0 ? a->adc_speed / mpp : 0,
                                s->figure_mm, s->mm_per_pas, x->giver->id, a->id, x->officer->id,
                                s->tape};
    grog_text_snprintf(text, sizeof text, _("%s is out of %s's zone: he sends his ADC %s"),
                       o->receiver_name, o->giver, label_of(a->name, a->id));
    grog_explain_add_note(e, "AIG-O-11", text);
    grog_aigles_adc_route rt;
    grog_status st = grog_aigles_adc_plan(r, &in, &rt, e, err);
    if (st != GROG_OK)
        return st;
    grog_text_snprintf(text, sizeof text, _("%d left, %d to send the ADC"), pts->left,
                       rt.dispatch_cost);
    grog_explain_add_check(e, "AIG-O-13", _("command points to send the ADC"),
                           pts->left >= rt.dispatch_cost, text);
    if (pts->left < rt.dispatch_cost)
        return grog_error_set(err, GROG_ERULE, _("AIG-O-13: no command point left to send an ADC"));
    grog_explain_set_value(e, rt.turns_out, "turns");
    o->via_adc = 1;
    return aigles_order_test_into(r, o, dice, e, obeys, err);
}

static grog_status explain_into(const grog_aigles_rules *r, const grog_battle *b,
                                const grog_aigles_battle_order *in, const ends *x,
                                const grog_aigles_dice *dice, grog_explain *e, int *obeys,
                                grog_error *err)
{
    grog_aigles_order o = make_order(in, x);
    grog_aigles_situation s = make_situation(b, in, x);
    grog_aigles_points pts;
    grog_status st = grog_aigles_points_refresh(r, o.command, &pts, err);
    if (st != GROG_OK)
        return st;
    if (in->points_left >= 0)
        pts.left = in->points_left;
    if (!battle_checks(b, x, e))
        return grog_error_set(err, GROG_ERULE, "%s",
                              _("this order cannot be given (see the checks marked NO)"));
    /* Out of the zone, an officer is reached by an ADC: every other check first. */
    grog_error probe;
    int out_of_zone = x->officer != NULL &&
                      aigles_order_checks(r, &o, &s, &pts, NULL, NULL, 0, &probe) == GROG_ERULE &&
                      aigles_order_checks(r, &o, &s, &pts, NULL, NULL, 1, &probe) == GROG_OK;
    st = aigles_order_checks(r, &o, &s, out_of_zone ? NULL : &pts, e, &o.distance_pas,
                             out_of_zone, err);
    if (st != GROG_OK)
        return st;
    if (out_of_zone)
        return via_adc(r, b, x, &o, &s, &pts, dice, e, obeys, err);
    return aigles_order_test_into(r, &o, dice, e, obeys, err);
}

grog_status grog_aigles_battle_order_explain(const grog_aigles_rules *r, const grog_battle *b,
                                             const grog_aigles_battle_order *in,
                                             const grog_aigles_dice *dice, grog_explain **out,
                                             int *obeys, grog_error *err)
{
    ends x;
    grog_status st = find_ends(b, in, &x, err);
    if (st != GROG_OK)
        return st;
    grog_aigles_order o = make_order(in, &x);
    if (x.unit != NULL && o.status < 0)
        return grog_error_set(err, GROG_EINVAL, _("unit \"%s\" has no known status"), x.unit->id);
    grog_explain *e = aigles_order_record(&o);
    if (e == NULL)
        return grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
    st = explain_into(r, b, in, &x, dice, e, obeys, err);
    if ((st == GROG_OK || st == GROG_ERULE) && out != NULL)
        *out = e;
    else
        grog_explain_destroy(e);
    return st;
}

grog_status grog_aigles_battle_morale(const grog_aigles_rules *r, const grog_battle *b,
                                      const char *unit, grog_aigles_morale *res,
                                      grog_explain **out, grog_error *err)
{
    return grog_aigles_battle_morale_measured(r, b, unit, NULL, res, out, err);
}

grog_status grog_aigles_battle_morale_measured(const grog_aigles_rules *r, const grog_battle *b,
                                               const char *unit, grog_tape *tape,
                                               grog_aigles_morale *res, grog_explain **out,
                                               grog_error *err)
{
    const grog_troop *u = grog_battle_unit_by_id(b, unit);
    if (u == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no unit \"%s\""), unit != NULL ? unit : "");
    size_t n = grog_battle_nofficers(b), side = 0;
    grog_aigles_influence *inf = calloc(n > 0 ? n : 1, sizeof *inf);
    const char **ids = calloc(n > 0 ? n : 1, sizeof *ids);
    if (inf == NULL || ids == NULL) {
        free(inf);
        free(ids);
        return grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
    }
    grog_battle_side_index(b, u->side, &side);
    for (size_t i = 0; i < n; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        size_t si = (size_t)-1;
        int known = grog_battle_side_index(b, o->side, &si);
        inf[i].name = label_of(o->name, o->id);
        inf[i].side = known && si == side ? 0 : 1;
        inf[i].charisma = o->ratings.aigles_charisma;
        inf[i].base = o->base;
        inf[i].available = o->state == GROG_OFFICER_ACTIVE;
        ids[i] = o->id;
    }
    const grog_table *t = grog_battle_table(b);
    grog_aigles_morale_pieces pieces = {u->id, ids, tape};
    grog_status st = grog_aigles_morale_measured(r, &u->base, 0, inf, n, t->scale.figure_mm,
                                                 t->scale.mm_per_pas, &pieces, res, out, err);
    if (st == GROG_OK && out != NULL) {
        char text[256];
        grog_text_snprintf(text, sizeof text, _("unit %s"), label_of(u->name, u->id));
        grog_explain_add_path(*out, text);
    }
    free(inf);
    free(ids);
    return st;
}

/* AIG-O-25: isolated when not attached to a unit and no unit of his side
 * stands within fire.isolated_beyond_pas (edge to edge). */
int grog_aigles_battle_officer_isolated(const grog_aigles_rules *r, const grog_battle *b,
                                        const char *officer, const char **nearest,
                                        double *nearest_pas)
{
    const grog_officer *o = grog_battle_officer_by_id(b, officer);
    if (nearest != NULL)
        *nearest = NULL;
    if (o == NULL)
        return 0;
    double mpp = aigles_mm_per_pas(r, grog_battle_table(b)->scale.mm_per_pas);
    double best = -1;
    for (size_t i = 0; i < grog_battle_nunits(b); i++) {
        const grog_troop *u = grog_battle_unit(b, i);
        if (strcmp(u->side, o->side) != 0)
            continue;
        double d = grog_base_distance(&o->base, &u->base) / mpp;
        if (best < 0 || d < best) {
            best = d;
            if (nearest != NULL)
                *nearest = u->id;
        }
    }
    if (nearest_pas != NULL)
        *nearest_pas = best;
    if (o->attached_to[0] != '\0')
        return 0;
    return best < 0 || best > r->fire_isolated_pas + AIGLES_EPS_MM;
}

/* ---- AIG-O-25 for every officer at once ---- */

/* Half the diagonal of a base: no point of it is farther from its centre. */
static double base_reach(const grog_base *b)
{
    return 0.5 * sqrt(b->width * b->width + b->depth * b->depth);
}

static int base_finite(const grog_base *b)
{
    return isfinite(b->centre.x) && isfinite(b->centre.y) && isfinite(base_reach(b));
}

/* The units in a grid of square cells over their centres; units whose base
 * is not finite are in `everywhere`, looked at by every officer. */
typedef struct unit_grid {
    double x0, y0, cell;
    size_t nx, ny;
    size_t *start; /* cell k holds idx[start[k] .. start[k + 1]) */
    size_t *idx;
    size_t *everywhere, neverywhere;
} unit_grid;

static size_t grid_coord(double v, double origin, double cell, size_t n)
{
    double c = floor((v - origin) / cell);
    return c <= 0 ? 0 : c >= (double)(n - 1) ? n - 1 : (size_t)c;
}

static int grid_build(unit_grid *g, const grog_battle *b, double cell)
{
    size_t nu = grog_battle_nunits(b), nfin = 0;
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (size_t i = 0; i < nu; i++) {
        const grog_base *u = &grog_battle_unit(b, i)->base;
        if (!base_finite(u))
            continue;
        x0 = fmin(x0, u->centre.x);
        y0 = fmin(y0, u->centre.y);
        x1 = fmax(x1, u->centre.x);
        y1 = fmax(y1, u->centre.y);
        nfin++;
    }
    /* at most about 4 cells a unit: a bigger cell only adds candidates */
    double span = nfin > 0 ? fmax(x1 - x0, y1 - y0) : 0;
    double most = 2.0 * ceil(sqrt((double)nfin + 1.0)) + 1.0;
    if (!(cell >= span / most))
        cell = span / most;
    if (!(cell > 0) || !isfinite(cell))
        cell = 1;
    *g = (unit_grid){nfin > 0 ? x0 : 0, nfin > 0 ? y0 : 0, cell, 1, 1, NULL, NULL, NULL, 0};
    if (nfin > 0) {
        g->nx = (size_t)((x1 - x0) / cell) + 1;
        g->ny = (size_t)((y1 - y0) / cell) + 1;
    }
    g->start = calloc(g->nx * g->ny + 1, sizeof *g->start);
    g->idx = malloc((nfin + 1) * sizeof *g->idx);
    g->everywhere = malloc((nu - nfin + 1) * sizeof *g->everywhere);
    if (g->start == NULL || g->idx == NULL || g->everywhere == NULL)
        return 0;
    for (size_t i = 0; i < nu; i++) {
        const grog_base *u = &grog_battle_unit(b, i)->base;
        if (base_finite(u))
            g->start[grid_coord(u->centre.y, g->y0, cell, g->ny) * g->nx +
                     grid_coord(u->centre.x, g->x0, cell, g->nx) + 1]++;
    }
    for (size_t k = 0; k < g->nx * g->ny; k++)
        g->start[k + 1] += g->start[k];
    size_t *fill = calloc(g->nx * g->ny + 1, sizeof *fill);
    if (fill == NULL)
        return 0;
    for (size_t i = 0; i < nu; i++) { /* in battle order within each cell */
        const grog_base *u = &grog_battle_unit(b, i)->base;
        if (!base_finite(u)) {
            g->everywhere[g->neverywhere++] = i;
            continue;
        }
        size_t k = grid_coord(u->centre.y, g->y0, cell, g->ny) * g->nx +
                   grid_coord(u->centre.x, g->x0, cell, g->nx);
        g->idx[g->start[k] + fill[k]++] = i;
    }
    free(fill);
    return 1;
}

static void grid_free(unit_grid *g)
{
    free(g->start);
    free(g->idx);
    free(g->everywhere);
}

/* Whether unit i is of o's side and within thr pas of him. */
static int near_enough(const grog_battle *b, const grog_officer *o, size_t i, double mpp,
                       double thr)
{
    const grog_troop *u = grog_battle_unit(b, i);
    return strcmp(u->side, o->side) == 0 && grog_base_distance(&o->base, &u->base) / mpp <= thr;
}

/* AIG-O-25 for officer o with the grid: the answer of
 * grog_aigles_battle_officer_isolated. That one keeps the nearest distance,
 * starting from his side's first unit: when that distance is not a number,
 * no later one replaces it and he is not isolated; otherwise he is isolated
 * when no unit of his side is within thr. */
static int isolated_in_grid(const unit_grid *g, const grog_battle *b, const grog_officer *o,
                            size_t first, double mpp, double thr)
{
    if (o->attached_to[0] != '\0')
        return 0;
    if (first == (size_t)-1)
        return 1; /* no unit of his side */
    double d0 = grog_base_distance(&o->base, &grog_battle_unit(b, first)->base) / mpp;
    if (isnan(d0) || d0 <= thr)
        return 0;
    for (size_t k = 0; k < g->neverywhere; k++)
        if (near_enough(b, o, g->everywhere[k], mpp, thr))
            return 0;
    if (!base_finite(&o->base)) { /* anywhere: every unit */
        for (size_t i = 0; i < grog_battle_nunits(b); i++)
            if (near_enough(b, o, i, mpp, thr))
                return 0;
        return 1;
    }
    size_t cx = grid_coord(o->base.centre.x, g->x0, g->cell, g->nx);
    size_t cy = grid_coord(o->base.centre.y, g->y0, g->cell, g->ny);
    for (size_t y = cy > 0 ? cy - 1 : 0; y <= cy + 1 && y < g->ny; y++)
        for (size_t x = cx > 0 ? cx - 1 : 0; x <= cx + 1 && x < g->nx; x++)
            for (size_t k = g->start[y * g->nx + x]; k < g->start[y * g->nx + x + 1]; k++)
                if (near_enough(b, o, g->idx[k], mpp, thr))
                    return 0;
    return 1;
}

/* The first unit of each officer's side, in battle order ((size_t)-1: none). */
static int first_of_sides(const grog_battle *b, size_t *first)
{
    size_t nu = grog_battle_nunits(b), no = grog_battle_nofficers(b), nsides = 0;
    size_t *seen = malloc((nu + 1) * sizeof *seen); /* the first unit of each side met */
    if (seen == NULL)
        return 0;
    for (size_t i = 0; i < nu; i++) {
        size_t k = 0;
        while (k < nsides && strcmp(grog_battle_unit(b, seen[k])->side,
                                    grog_battle_unit(b, i)->side) != 0)
            k++;
        if (k == nsides)
            seen[nsides++] = i;
    }
    for (size_t j = 0; j < no; j++) {
        first[j] = (size_t)-1;
        for (size_t k = 0; k < nsides && first[j] == (size_t)-1; k++)
            if (strcmp(grog_battle_unit(b, seen[k])->side, grog_battle_officer(b, j)->side) == 0)
                first[j] = seen[k];
    }
    free(seen);
    return 1;
}

grog_status grog_aigles_battle_isolated_all(const grog_aigles_rules *r, const grog_battle *b,
                                            unsigned char *isolated, grog_error *err)
{
    size_t no = grog_battle_nofficers(b);
    double mpp = aigles_mm_per_pas(r, grog_battle_table(b)->scale.mm_per_pas);
    double thr = r->fire_isolated_pas + AIGLES_EPS_MM;
    double reach = 0;
    for (size_t i = 0; i < grog_battle_nunits(b); i++)
        if (base_finite(&grog_battle_unit(b, i)->base))
            reach = fmax(reach, base_reach(&grog_battle_unit(b, i)->base));
    for (size_t j = 0; j < no; j++)
        if (base_finite(&grog_battle_officer(b, j)->base))
            reach = fmax(reach, base_reach(&grog_battle_officer(b, j)->base));
    /* a unit whose centre is farther than thr (in mm) and both reaches is
     * farther than thr; 1 mm and a millionth more against rounding */
    double cell = thr * mpp + 2 * reach + (1 + 1e-6 * fabs(thr * mpp + 2 * reach));
    if (!(mpp > 0) || !isfinite(cell)) { /* no grid: one by one */
        for (size_t j = 0; j < no; j++)
            isolated[j] = (unsigned char)grog_aigles_battle_officer_isolated(
                r, b, grog_battle_officer(b, j)->id, NULL, NULL);
        return GROG_OK;
    }
    unit_grid g;
    size_t *first = malloc((no + 1) * sizeof *first);
    int ok = first != NULL && grid_build(&g, b, cell) && first_of_sides(b, first);
    for (size_t j = 0; ok && j < no; j++)
        isolated[j] = (unsigned char)isolated_in_grid(&g, b, grog_battle_officer(b, j), first[j],
                                                      mpp, thr);
    if (first != NULL)
        grid_free(&g);
    free(first);
    return ok ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}

double grog_aigles_isolated_beyond_pas(const grog_aigles_rules *r)
{
    return r->fire_isolated_pas;
}
