/* scenario_gen.c — large synthetic battles for benchmarks and tests.
 *
 * Two sides face each other across the table. Each side has a
 * commander-in-chief with ADCs, corps (in large battles, each with an ADC),
 * divisions and brigades; units are dealt to brigades in turn and laid out
 * brigade by brigade on a grid in the side's half of the table, officers
 * stand just behind the centre of their command. Every choice is drawn from
 * the rng passed in, in a fixed order, so one seed gives one battle. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/scenario.h"
#include "i18n.h"

#define UNIT_W 120.0 /* mm: a battalion's frontage */
#define UNIT_D 40.0
#define STEP_X 160.0
#define STEP_Y 90.0
#define MARGIN 200.0
#define GAP 600.0 /* between the two sides */

typedef struct plan {
    size_t officers, adcs, corps, divisions, brigades, units;
    size_t cols, rows;
} plan;

static plan plan_side(size_t officers, size_t units)
{
    plan p;
    memset(&p, 0, sizeof p);
    p.officers = officers;
    p.units = units;
    p.adcs = officers >= 6 ? 2 : 1;
    size_t rest = officers - 1 - p.adcs;
    p.corps = rest >= 30 ? rest / 30 : 0;
    rest -= 2 * p.corps; /* each corps commander has one ADC */
    p.divisions = rest >= 4 ? rest / 4 : 0;
    p.brigades = rest - p.divisions;
    p.cols = (size_t)ceil(sqrt((double)units * 2.0));
    if (p.cols == 0)
        p.cols = 1;
    p.rows = (units + p.cols - 1) / p.cols;
    return p;
}

static int pick(grog_rng *rng, int lo, int hi)
{
    return (int)grog_rng_range(rng, lo, hi);
}

static void rate(grog_rng *rng, grog_ratings *r)
{
    r->aigles_charisma = pick(rng, 0, 5);
    r->aigles_command = pick(rng, 1, 5);
    r->gdb_skill = (grog_gdb_skill)pick(rng, 0, 2);
    r->gt_quality = (grog_gt_quality)pick(rng, 0, 2);
}

typedef struct gen {
    grog_battle *b;
    grog_rng *rng;
    grog_error *err;
    double side_depth;
} gen;

static grog_status add_officer(gen *g, int side, const char *id, const char *name,
                               grog_role role, const char *superior, grog_point at,
                               const char *command)
{
    grog_officer o;
    grog_officer_init(&o);
    snprintf(o.id, sizeof o.id, "%s", id);
    snprintf(o.name, sizeof o.name, "%s", name);
    snprintf(o.side, sizeof o.side, "%s", side ? "red" : "blue");
    snprintf(o.superior, sizeof o.superior, "%s", superior);
    snprintf(o.command, sizeof o.command, "%s", command);
    o.role = role;
    o.nation = side ? GROG_NATION_BRITAIN : GROG_NATION_FRANCE;
    o.base.centre = at;
    o.base.facing = side ? 180 : 0;
    rate(g->rng, &o.ratings);
    return grog_battle_add_officer(g->b, &o, g->err);
}

/* The grid slot k of a side, mm. */
static grog_point slot_at(const gen *g, const plan *p, int side, size_t k)
{
    size_t c = k % p->cols, r = k / p->cols;
    grog_point pt;
    pt.x = MARGIN + (double)c * STEP_X + UNIT_W / 2;
    double from_centre = GAP / 2 + (double)r * STEP_Y + UNIT_D / 2;
    double mid = MARGIN + g->side_depth + GAP / 2;
    pt.y = side ? mid + from_centre : mid - from_centre;
    return pt;
}

static grog_status add_unit(gen *g, const plan *p, int side, size_t n, size_t slot,
                            const char *parent)
{
    static const grog_arm arms[10] = {
        GROG_ARM_INFANTRY, GROG_ARM_INFANTRY, GROG_ARM_INFANTRY, GROG_ARM_INFANTRY,
        GROG_ARM_INFANTRY, GROG_ARM_INFANTRY, GROG_ARM_CAVALRY, GROG_ARM_CAVALRY,
        GROG_ARM_FOOT_ARTILLERY, GROG_ARM_HORSE_ARTILLERY};
    static const char *const formations[4] = {"line", "attack-column", "march-column",
                                              "line"};
    grog_troop u;
    grog_troop_init(&u);
    snprintf(u.id, sizeof u.id, "%c-u%zu", side ? 'r' : 'b', n);
    snprintf(u.name, sizeof u.name, "%s unit %zu", side ? "Red" : "Blue", n);
    snprintf(u.side, sizeof u.side, "%s", side ? "red" : "blue");
    snprintf(u.parent, sizeof u.parent, "%s", parent);
    u.arm = arms[pick(g->rng, 0, 9)];
    u.status = (grog_unit_status)pick(g->rng, 0, GROG_STATUS_COUNT - 1);
    u.manoeuvre = (grog_manoeuvre)pick(g->rng, 0, 2);
    int art = u.arm == GROG_ARM_FOOT_ARTILLERY || u.arm == GROG_ARM_HORSE_ARTILLERY;
    u.figures = art ? pick(g->rng, 2, 4) : pick(g->rng, 12, 36);
    u.subunits = art ? u.figures : pick(g->rng, 4, 8);
    snprintf(u.formation, sizeof u.formation, "%s",
             art ? "unlimbered" : formations[pick(g->rng, 0, 3)]);
    u.base.centre = slot_at(g, p, side, slot);
    u.base.width = UNIT_W;
    u.base.depth = UNIT_D;
    u.base.facing = side ? 180 : 0;
    u.can_dismount = u.arm == GROG_ARM_CAVALRY && pick(g->rng, 0, 3) == 0;
    return grog_battle_add_unit(g->b, &u, g->err);
}

/* Superior of the k-th member of a level spread over n superiors. */
static void superior_id(char *out, size_t size, const char *prefix, size_t k, size_t n)
{
    snprintf(out, size, "%s%zu", prefix, n ? k % n : 0);
}

static grog_status gen_side(gen *g, const plan *p, int side)
{
    char c = side ? 'r' : 'b';
    char id[GROG_ID_MAX], sup[GROG_ID_MAX], name[GROG_NAME_MAX], cinc[GROG_ID_MAX];
    grog_point centre = slot_at(g, p, side, p->cols / 2 + p->cols * (p->rows / 2));
    grog_status st;
    snprintf(cinc, sizeof cinc, "%c-cinc", c);
    st = add_officer(g, side, cinc, side ? "Red C-in-C" : "Blue C-in-C", GROG_ROLE_C_IN_C, "",
                     centre, "Army");
    for (size_t k = 0; st == GROG_OK && k < p->adcs; k++) {
        snprintf(id, sizeof id, "%c-adc%zu", c, k);
        snprintf(name, sizeof name, "ADC %zu of the C-in-C", k + 1);
        grog_point at = {centre.x + 50.0 * (double)(k + 1), centre.y};
        st = add_officer(g, side, id, name, GROG_ROLE_ADC, cinc, at, "");
    }
    char pre_corps[8], pre_div[8], pre_brig[8];
    snprintf(pre_corps, sizeof pre_corps, "%c-c", c);
    snprintf(pre_div, sizeof pre_div, "%c-d", c);
    snprintf(pre_brig, sizeof pre_brig, "%c-b", c);
    for (size_t k = 0; st == GROG_OK && k < p->corps; k++) {
        snprintf(id, sizeof id, "%s%zu", pre_corps, k);
        snprintf(name, sizeof name, "Corps %zu", k + 1);
        st = add_officer(g, side, id, name, GROG_ROLE_CORPS, cinc, centre, name);
        char adc[GROG_ID_MAX];
        snprintf(adc, sizeof adc, "%c-cadc%zu", c, k);
        if (st == GROG_OK)
            st = add_officer(g, side, adc, "Corps ADC", GROG_ROLE_ADC, id, centre, "");
    }
    for (size_t k = 0; st == GROG_OK && k < p->divisions; k++) {
        snprintf(id, sizeof id, "%s%zu", pre_div, k);
        snprintf(name, sizeof name, "Division %zu", k + 1);
        if (p->corps)
            superior_id(sup, sizeof sup, pre_corps, k, p->corps);
        else
            snprintf(sup, sizeof sup, "%s", cinc);
        st = add_officer(g, side, id, name, GROG_ROLE_DIVISION, sup, centre, name);
    }
    /* Brigades, each followed by its units on consecutive grid slots. */
    size_t slot = 0;
    for (size_t k = 0; st == GROG_OK && k < p->brigades; k++) {
        size_t nunits = p->units / p->brigades + (k < p->units % p->brigades);
        grog_point at = slot_at(g, p, side, slot + nunits / 2);
        at.y += side ? STEP_Y / 2 + 20 : -(STEP_Y / 2 + 20);
        snprintf(id, sizeof id, "%s%zu", pre_brig, k);
        snprintf(name, sizeof name, "Brigade %zu", k + 1);
        if (p->divisions)
            superior_id(sup, sizeof sup, pre_div, k, p->divisions);
        else if (p->corps)
            superior_id(sup, sizeof sup, pre_corps, k, p->corps);
        else
            snprintf(sup, sizeof sup, "%s", cinc);
        st = add_officer(g, side, id, name, GROG_ROLE_BRIGADE, sup, at, name);
        for (size_t u = 0; st == GROG_OK && u < nunits; u++, slot++)
            st = add_unit(g, p, side, slot, slot, id);
        grog_officer *o = st == GROG_OK ? grog_battle_officer_by_id_mut(g->b, id) : NULL;
        if (o != NULL)
            snprintf(o->order.kind, sizeof o->order.kind, "%s",
                     pick(g->rng, 0, 1) ? "attack" : "hold");
    }
    return st;
}

/* Moves each officer of `role` on side `side` to the mean position of his
 * subordinates, a little behind them: divisions first, then corps. The
 * hierarchy index is built once per call (moving officers changes no
 * relation), so the whole battle costs O(officers). */
static grog_status centre_on_subordinates(gen *g, int side, grog_role role)
{
    grog_hierarchy *h = NULL;
    grog_status st = grog_hierarchy_build(g->b, &h, g->err);
    if (st != GROG_OK)
        return st;
    for (size_t i = 0; i < grog_battle_nofficers(g->b); i++) {
        grog_officer *o = grog_battle_officer_mut(g->b, i);
        if (o->role != role || strcmp(o->side, side ? "red" : "blue") != 0)
            continue;
        size_t k;
        const size_t *kids = grog_hierarchy_subordinates(h, i, &k);
        if (k == 0)
            continue;
        grog_point sum = {0, 0};
        for (size_t j = 0; j < k; j++) {
            sum.x += grog_battle_officer(g->b, kids[j])->base.centre.x;
            sum.y += grog_battle_officer(g->b, kids[j])->base.centre.y;
        }
        o->base.centre.x = sum.x / (double)k;
        o->base.centre.y = sum.y / (double)k + (side ? 30.0 : -30.0);
    }
    grog_hierarchy_destroy(h);
    return GROG_OK;
}

grog_status grog_scenario_generate(const grog_generate_options *opts, grog_rng *rng,
                                   grog_battle **out, grog_error *err)
{
    size_t units = opts->units;
    size_t officers = opts->officers ? opts->officers : (units / 5 > 12 ? units / 5 : 12);
    if (units < 2 || units > 1000000)
        return grog_error_set(err, GROG_EINVAL, _("--units must be from 2 to 1000000"));
    if (officers < 6 || officers > 200000)
        return grog_error_set(err, GROG_EINVAL, _("--officers must be from 6 to 200000"));
    plan p[2] = {plan_side(officers - officers / 2, units - units / 2),
                 plan_side(officers / 2, units / 2)};
    gen g = {grog_battle_create(), rng, err, 0};
    if (g.b == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    g.side_depth = (double)p[0].rows * STEP_Y;
    grog_table t = *grog_battle_table(g.b);
    t.width_mm = 2 * MARGIN + (double)p[0].cols * STEP_X;
    t.depth_mm = 2 * MARGIN + 2 * g.side_depth + GAP;
    t.file_unit = GROG_UNIT_MM;
    char name[128];
    snprintf(name, sizeof name, "Synthetic battle: %zu units, %zu officers, seed %llu", units,
             officers, (unsigned long long)grog_rng_seed(rng));
    const char *src[1] = {"generated by grognard generate"};
    grog_meta m = {name, "", "", "A generated battle for tests and benchmarks.",
                   "Ratings drawn uniformly at random.", 1, src, ""};
    grog_side blue = {"blue", "Blue", GROG_NATION_FRANCE, "#1f4e9c"};
    grog_side red = {"red", "Red", GROG_NATION_BRITAIN, "#b22222"};
    grog_status st = grog_battle_set_table(g.b, &t, err);
    if (st == GROG_OK)
        st = grog_battle_set_meta(g.b, &m, err);
    if (st == GROG_OK)
        st = grog_battle_add_side(g.b, &blue, err);
    if (st == GROG_OK)
        st = grog_battle_add_side(g.b, &red, err);
    for (int s = 0; s < 2 && st == GROG_OK; s++) {
        st = gen_side(&g, &p[s], s);
        if (st == GROG_OK)
            st = centre_on_subordinates(&g, s, GROG_ROLE_DIVISION);
        if (st == GROG_OK)
            st = centre_on_subordinates(&g, s, GROG_ROLE_CORPS);
    }
    if (st != GROG_OK) {
        grog_battle_destroy(g.b);
        return st;
    }
    *out = g.b;
    return GROG_OK;
}
