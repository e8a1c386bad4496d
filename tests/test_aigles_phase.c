/* test_aigles_phase.c — the command phase of a whole battle (aigles_phase.h,
 * AIG-O-03 to AIG-O-05, AIG-O-07, AIG-O-10) against a brute-force reference
 * worked out here: every unit's charisma modifier from a scan of all the
 * battle's officers (no grid) and its commander's order-change zone. The
 * spatial grid must never change an answer: battles are built with officers
 * exactly at their charisma radius from a unit, in a neighbouring cell of
 * the grid (the cell is the largest reach, so pairs at that distance always
 * straddle cells), on generated battles, and with positions that are not
 * finite numbers. */
#include <math.h>

#include "grognard/aigles_phase.h"
#include "grognard/rng.h"
#include "grognard/scenario.h"
#include "testutil.h"

static grog_aigles_rules *rules(void)
{
    grog_aigles_rules *r = NULL;
    assert_int_equal(grog_aigles_rules_load(NULL, &r, NULL), GROG_OK);
    return r;
}

/* The reference for unit u: the morale rules over every officer of the
 * battle that passes the documented sift (centres within his reach plus the
 * unit's half base; a pair the sift drops cannot matter), taken in battle
 * order: what the phase computed before it had a grid. */
static grog_status reference(const grog_aigles_rules *r, const grog_battle *b, size_t u,
                             grog_aigles_unit_command *c)
{
    const grog_scale *sc = &grog_battle_table(b)->scale;
    size_t no = grog_battle_nofficers(b), n = 0;
    grog_aigles_influence *near = calloc(no + 1, sizeof *near);
    size_t *index = calloc(no + 1, sizeof *index);
    assert_non_null(near);
    assert_non_null(index);
    const grog_troop *t = grog_battle_unit(b, u);
    double ru = 0.5 * (t->base.width + t->base.depth);
    for (size_t i = 0; i < no; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        size_t s = 0;
        grog_battle_side_index(b, o->side, &s);
        double pas = 0;
        grog_aigles_charisma_radius(r, o->ratings.aigles_charisma, sc->figure_mm, &pas, NULL);
        double reach = grog_length_to_mm(pas, GROG_UNIT_PAS, sc) + 1.0 +
                       0.5 * (o->base.width + o->base.depth) + ru;
        double dx = o->base.centre.x - t->base.centre.x, dy = o->base.centre.y - t->base.centre.y;
        if (o->state != GROG_OFFICER_ACTIVE || dx * dx + dy * dy > reach * reach)
            continue;
        near[n] = (grog_aigles_influence){o->name, (int)s, o->ratings.aigles_charisma, o->base, 1};
        index[n++] = i;
    }
    size_t side = 0, p = 0;
    grog_battle_side_index(b, t->side, &side);
    memset(c, 0, sizeof *c);
    grog_status st = grog_aigles_morale_modifier(r, &t->base, (int)side, near, n,
                                                 sc->figure_mm, sc->mm_per_pas, &c->morale,
                                                 NULL, NULL);
    if (c->morale.from >= 0)
        c->morale.from = (int)index[c->morale.from];
    free(near);
    free(index);
    c->has_commander = grog_battle_officer_index(b, t->parent, &p) &&
                       grog_battle_officer(b, p)->state == GROG_OFFICER_ACTIVE;
    if (st != GROG_OK || !c->has_commander)
        return st;
    const grog_officer *o = grog_battle_officer(b, p);
    double zone = 0;
    int contact = 0;
    assert_int_equal(grog_aigles_zone(r, o->ratings.aigles_command, sc->figure_mm, &zone,
                                      &contact, NULL),
                     GROG_OK);
    c->distance_pas = grog_length_from_mm(grog_base_distance(&o->base, &t->base), GROG_UNIT_PAS,
                                          sc);
    c->in_zone = contact ? c->distance_pas <= 0.0 : (zone > 0 && c->distance_pas <= zone);
    return GROG_OK;
}

/* Runs the phase and compares every unit (or the status, when the rules
 * refuse a unit: the same one, with or without the grid); returns how many
 * units have an officer's influence (so a test can check it is not vacuous). */
static size_t compare(const grog_aigles_rules *r, const grog_battle *b)
{
    size_t nu = grog_battle_nunits(b), helped = 0;
    grog_aigles_unit_command *got = calloc(nu + 1, sizeof *got);
    assert_non_null(got);
    grog_error err;
    grog_status st = grog_aigles_command_phase(r, b, got, &err);
    (void)err;
    for (size_t u = 0; u < nu; u++) {
        grog_aigles_unit_command want;
        grog_status ref = reference(r, b, u, &want);
        if (ref != GROG_OK) { /* the phase stops at the first unit refused */
            assert_int_equal(st, ref);
            free(got);
            return helped;
        }
        if (got[u].morale.from != want.morale.from)
            print_error("unit %zu (%s): from %d, reference %d\n", u,
                        grog_battle_unit(b, u)->id, got[u].morale.from, want.morale.from);
        assert_int_equal(got[u].morale.from, want.morale.from);
        assert_int_equal(got[u].morale.contact, want.morale.contact);
        assert_int_equal(got[u].morale.lo, want.morale.lo);
        assert_int_equal(got[u].morale.hi, want.morale.hi);
        assert_int_equal(got[u].morale.bonus, want.morale.bonus);
        assert_int_equal(got[u].has_commander, want.has_commander);
        assert_int_equal(got[u].in_zone, want.in_zone);
        assert_true(got[u].distance_pas == want.distance_pas);
        helped += want.morale.from >= 0;
    }
    assert_int_equal(st, GROG_OK);
    free(got);
    return helped;
}

static void add_officer(grog_battle *b, const char *id, const char *side, int charisma,
                        double x, double y)
{
    grog_officer o;
    grog_officer_init(&o);
    snprintf(o.id, sizeof o.id, "%s", id);
    snprintf(o.side, sizeof o.side, "%s", side);
    o.role = GROG_ROLE_BRIGADE;
    o.ratings.aigles_charisma = charisma;
    o.ratings.aigles_command = 3;
    o.base.centre.x = x;
    o.base.centre.y = y;
    assert_int_equal(grog_battle_add_officer(b, &o, NULL), GROG_OK);
}

static void add_unit(grog_battle *b, const char *id, const char *side, const char *parent,
                     double x, double y)
{
    grog_troop u;
    grog_troop_init(&u);
    snprintf(u.id, sizeof u.id, "%s", id);
    snprintf(u.side, sizeof u.side, "%s", side);
    snprintf(u.parent, sizeof u.parent, "%s", parent);
    u.base.centre.x = x;
    u.base.centre.y = y;
    u.base.width = 120;
    u.base.depth = 40;
    u.figures = 24;
    assert_int_equal(grog_battle_add_unit(b, &u, NULL), GROG_OK);
}

static grog_battle *two_sides(double width, double depth)
{
    grog_battle *b = grog_battle_create();
    grog_table t = *grog_battle_table(b);
    t.width_mm = width;
    t.depth_mm = depth;
    assert_int_equal(grog_battle_set_table(b, &t, NULL), GROG_OK);
    static const char *const ids[] = {"blue", "red"};
    for (int s = 0; s < 2; s++) {
        grog_side sd;
        memset(&sd, 0, sizeof sd);
        snprintf(sd.id, sizeof sd.id, "%s", ids[s]);
        assert_int_equal(grog_battle_add_side(b, &sd, NULL), GROG_OK);
    }
    return b;
}

/* AIG-O-04 at the cell border: each unit (a wide base, 400 x 40 mm) has an
 * officer of its side with charisma 5 (the largest reach, hence the grid's
 * cell) exactly at his radius edge to edge: to its right, below, or off its
 * corner; another just outside on the other side, and an enemy exactly at
 * the radius. The centres are then farther apart than the cell, and the
 * pairs are spread over every phase of the grid (a step of 3 radii plus a
 * sixty-first), so a grid that looked only in the unit's cell, or only
 * within the largest reach and not the reach plus the unit's own half
 * base, would lose some of these officers. */
static void test_officers_at_radius_across_cells(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_battle *b = two_sides(60000, 60000);
    const grog_scale *sc = &grog_battle_table(b)->scale;
    double pas5 = 0, pas3 = 0;
    assert_int_equal(grog_aigles_charisma_radius(r, 5, sc->figure_mm, &pas5, NULL), GROG_OK);
    assert_int_equal(grog_aigles_charisma_radius(r, 3, sc->figure_mm, &pas3, NULL), GROG_OK);
    double r5 = grog_length_to_mm(pas5, GROG_UNIT_PAS, sc);
    double r3 = grog_length_to_mm(pas3, GROG_UNIT_PAS, sc);
    assert_true(r5 > 100); /* a real radius, several bases long */
    const double hw = 200, hd = 20, ho = 20; /* half width, half depth, officer half size */
    char id[32], uid[32];
    int n = 0;
    for (int dir = 0; dir < 3; dir++)
        for (int k = 0; k < 61; k++, n++) {
            double ux = 1000 + k * (3 * r5 + r5 / 61), uy = 1000 + dir * 15000;
            snprintf(uid, sizeof uid, "u%d", n);
            add_unit(b, uid, "blue", "", ux, uy);
            double ox = ux + hw + r5 + ho, oy = uy; /* right */
            if (dir == 1) {                         /* below */
                ox = ux;
                oy = uy + hd + r5 + ho;
            } else if (dir == 2) { /* off the corner: the corner distance is r5 */
                ox = ux + hw + ho + r5 / sqrt(2.0);
                oy = uy + hd + ho + r5 / sqrt(2.0);
            }
            snprintf(id, sizeof id, "at%d", n);
            add_officer(b, id, "blue", 5, ox, oy);
            snprintf(id, sizeof id, "out%d", n);
            add_officer(b, id, "blue", 5, ux - (hw + r5 + 1 + ho), uy);
            snprintf(id, sizeof id, "enemy%d", n);
            add_officer(b, id, "red", 5, ux, uy - (hd + r5 + ho));
        }
    /* a smaller charisma: his own radius is smaller than the cell */
    for (int k = 0; k < 20; k++, n++) {
        double ux = 1500 + k * 2.71 * r5, uy = 50000;
        snprintf(uid, sizeof uid, "v%d", k);
        add_unit(b, uid, "red", "", ux, uy);
        snprintf(id, sizeof id, "c3-%d", k);
        add_officer(b, id, "red", 3, ux + hw + r3 + ho, uy);
    }
    for (size_t u = 0; u < grog_battle_nunits(b); u++) {
        grog_troop *t = grog_battle_unit_mut(b, u);
        t->base.width = 2 * hw;
        t->base.depth = 2 * hd;
    }
    size_t helped = compare(r, b);
    /* the officers exactly at their radius do count (AIG-O-04: within includes it);
     * rounding may put the odd corner one just outside, but not many */
    assert_true(helped >= (size_t)n * 9 / 10);
    grog_battle_destroy(b);
    grog_aigles_rules_destroy(r);
}

/* AIG-O-03: contact (edge to edge 0) beside the unit, and the zone of the
 * unit's own commander (AIG-O-07) far away: the zone uses no grid. */
static void test_contact_and_far_commander(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_battle *b = two_sides(30000, 30000);
    add_officer(b, "far", "blue", 2, 29000, 29000);
    add_officer(b, "touch", "blue", 1, 1000 + 60 + 20, 1000);
    add_unit(b, "u", "blue", "far", 1000, 1000);
    add_unit(b, "w", "blue", "touch", 1000, 1000 + 40);
    compare(r, b);
    grog_aigles_unit_command out[2];
    assert_int_equal(grog_aigles_command_phase(r, b, out, NULL), GROG_OK);
    assert_int_equal(out[0].morale.contact, 1); /* "touch" is in contact */
    assert_int_equal(out[0].morale.from, 1);
    assert_int_equal(out[0].has_commander, 1);
    assert_int_equal(out[0].in_zone, 0); /* "far" is far */
    grog_battle_destroy(b);
    grog_aigles_rules_destroy(r);
}

static void test_generated_battles(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    static const size_t sizes[][2] = {{2000, 400}, {3000, 2000}, {500, 12}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        grog_rng *rng = grog_rng_create(40 + k);
        grog_generate_options o = {sizes[k][0], sizes[k][1]};
        grog_battle *b = NULL;
        assert_int_equal(grog_scenario_generate(&o, rng, &b, NULL), GROG_OK);
        /* some officers captured or dead: no influence */
        for (size_t i = 0; i < grog_battle_nofficers(b); i += 7)
            grog_battle_officer_mut(b, i)->state = GROG_OFFICER_KILLED;
        assert_true(compare(r, b) > 0);
        grog_battle_destroy(b);
        grog_rng_destroy(rng);
    }
    grog_aigles_rules_destroy(r);
}

/* A position that is not a finite number (an edited game) changes nothing
 * either: such officers are compared with every unit, as a full scan would;
 * a box too wide for doubles makes a grid of one cell. */
static void test_positions_not_finite(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_battle *b = two_sides(5000, 5000);
    add_officer(b, "a", "blue", 4, 1000, 1000);
    add_officer(b, "inf", "blue", 5, INFINITY, 1000);
    add_officer(b, "huge", "blue", 5, -1e308, 1e308);
    add_officer(b, "huge2", "blue", 5, 1e308, -1e308);
    add_unit(b, "u", "blue", "a", 1100, 1000);
    add_unit(b, "w", "blue", "a", 4000, 4000);
    assert_true(compare(r, b) == 1); /* u, from a */
    /* NaN: never in the grid, compared with every unit as the scan did */
    add_officer(b, "nan", "blue", 5, NAN, 1000);
    add_unit(b, "x", "blue", "a", 2000, 2000);
    add_unit(b, "y", "blue", "nan", NAN, NAN);
    compare(r, b);
    grog_battle_destroy(b);
    grog_aigles_rules_destroy(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_officers_at_radius_across_cells),
        cmocka_unit_test(test_contact_and_far_commander),
        cmocka_unit_test(test_generated_battles),
        cmocka_unit_test(test_positions_not_finite),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
