/* test_hierarchy.c — the hierarchy index (battle.h, grog_hierarchy_*)
 * against the straightforward grog_battle_ relations it replaces in loops:
 * on generated battles and on battles full of problems (cycles, an officer
 * his own superior, unknown and cross-side references, ADCs as superiors),
 * every list and answer must be the same, in the same order. */
#include "grognard/battle.h"
#include "grognard/rng.h"
#include "grognard/scenario.h"
#include "testutil.h"

/* Every relation of every officer and unit, index against battle. */
static void compare_all(const grog_battle *b)
{
    grog_hierarchy *h = NULL;
    assert_int_equal(grog_hierarchy_build(b, &h, NULL), GROG_OK);
    size_t no = grog_battle_nofficers(b), nu = grog_battle_nunits(b);
    size_t cap = (no > nu ? no : nu) + 1;
    size_t *want = malloc(cap * sizeof *want), *got = malloc(cap * sizeof *got);
    assert_non_null(want);
    assert_non_null(got);
    for (size_t i = 0; i < no; i++) {
        size_t n, m;
        const size_t *v;
        n = grog_battle_subordinates(b, i, want, cap);
        v = grog_hierarchy_subordinates(h, i, &m);
        assert_int_equal(m, n);
        if (n)
            assert_memory_equal(v, want, n * sizeof *want);
        n = grog_battle_adcs(b, i, want, cap);
        v = grog_hierarchy_adcs(h, i, &m);
        assert_int_equal(m, n);
        if (n)
            assert_memory_equal(v, want, n * sizeof *want);
        n = grog_battle_officer_units(b, i, want, cap);
        v = grog_hierarchy_officer_units(h, i, &m);
        assert_int_equal(m, n);
        if (n)
            assert_memory_equal(v, want, n * sizeof *want);
        n = grog_battle_command_units(b, i, want, cap);
        assert_int_equal(grog_hierarchy_command_units(h, i, NULL, 0), n);
        assert_int_equal(grog_hierarchy_command_units(h, i, got, cap), n);
        if (n)
            assert_memory_equal(got, want, n * sizeof *want);
        if (n > 1) { /* a buffer too small: the first ones, still in battle order */
            assert_int_equal(grog_hierarchy_command_units(h, i, got, n - 1), n);
            assert_memory_equal(got, want, (n - 1) * sizeof *want);
        }
        n = 0;
        for (size_t k = 0; k < no; k++)
            if (grog_battle_is_superior_of(b, i, k))
                want[n++] = k;
        assert_int_equal(grog_hierarchy_command_officers(h, i, got, cap), n);
        if (n)
            assert_memory_equal(got, want, n * sizeof *want);
        assert_int_equal(grog_hierarchy_depth(h, i), grog_battle_officer_depth(b, i));
        size_t s1 = 0, s2 = 0;
        const grog_officer *o = grog_battle_officer(b, i);
        int has = grog_battle_officer_index(b, o->superior, &s1);
        assert_int_equal(grog_hierarchy_superior(h, i, &s2), has);
        if (has)
            assert_int_equal(s2, s1);
    }
    /* is_superior_of on every pair of a small battle, a sample of a large one */
    size_t step = no > 300 ? no / 97 : 1;
    for (size_t a = 0; a < no; a += step)
        for (size_t k = 0; k < no; k++)
            assert_int_equal(grog_hierarchy_is_superior_of(h, a, k),
                             grog_battle_is_superior_of(b, a, k));
    for (size_t u = 0; u < nu; u++) {
        size_t n = grog_battle_attached_officers(b, u, want, cap), m;
        const size_t *v = grog_hierarchy_attached_officers(h, u, &m);
        assert_int_equal(m, n);
        if (n)
            assert_memory_equal(v, want, n * sizeof *want);
    }
    /* out of range: nothing, as the battle functions answer */
    size_t m = 7;
    grog_hierarchy_subordinates(h, no, &m);
    assert_int_equal(m, 0);
    grog_hierarchy_attached_officers(h, nu, &m);
    assert_int_equal(m, 0);
    assert_int_equal(grog_hierarchy_command_units(h, no, got, cap), 0);
    assert_false(grog_hierarchy_is_superior_of(h, no, 0));
    free(want);
    free(got);
    grog_hierarchy_destroy(h);
}

static grog_battle *generated(size_t units, size_t officers, uint64_t seed)
{
    grog_rng *rng = grog_rng_create(seed);
    grog_generate_options o = {units, officers};
    grog_battle *b = NULL;
    assert_int_equal(grog_scenario_generate(&o, rng, &b, NULL), GROG_OK);
    grog_rng_destroy(rng);
    return b;
}

static void test_generated_battles(void **state)
{
    (void)state;
    static const size_t sizes[][2] = {{2, 6}, {60, 12}, {2000, 400}, {3000, 900}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        grog_battle *b = generated(sizes[k][0], sizes[k][1], 11 + k);
        compare_all(b);
        grog_battle_destroy(b);
    }
}

/* A reference to one of: an officer, a unit, a side, an unknown id, none. */
static void pick_ref(grog_rng *rng, char *out, size_t size, size_t no, size_t nu,
                     int officers_mostly)
{
    int r = (int)grog_rng_range(rng, 0, 9);
    if (r < (officers_mostly ? 6 : 2))
        snprintf(out, size, "o%d", (int)grog_rng_range(rng, 0, (int64_t)no - 1));
    else if (r < 7)
        snprintf(out, size, "u%d", (int)grog_rng_range(rng, 0, (int64_t)nu - 1));
    else if (r == 7)
        snprintf(out, size, "%s", grog_rng_range(rng, 0, 1) ? "s0" : "nobody");
    else
        out[0] = '\0';
}

/* Officers o0.. and units u0.. with random, often wrong, references. */
static grog_battle *messy(uint64_t seed, size_t no, size_t nu)
{
    grog_rng *rng = grog_rng_create(seed);
    grog_battle *b = grog_battle_create();
    for (int s = 0; s < 2; s++) {
        grog_side sd;
        memset(&sd, 0, sizeof sd);
        snprintf(sd.id, sizeof sd.id, "s%d", s);
        assert_int_equal(grog_battle_add_side(b, &sd, NULL), GROG_OK);
    }
    for (size_t i = 0; i < no; i++) {
        grog_officer o;
        grog_officer_init(&o);
        snprintf(o.id, sizeof o.id, "o%zu", i);
        snprintf(o.side, sizeof o.side, "s%d", (int)grog_rng_range(rng, 0, 1));
        o.role = (grog_role)grog_rng_range(rng, 0, GROG_ROLE_COUNT - 1);
        /* mostly superiors earlier in the list (a forest), some anywhere (cycles) */
        if (i > 0 && grog_rng_range(rng, 0, 9) < 7)
            snprintf(o.superior, sizeof o.superior, "o%d",
                     (int)grog_rng_range(rng, 0, (int64_t)i - 1));
        else
            pick_ref(rng, o.superior, sizeof o.superior, no, nu, 1);
        if (grog_rng_range(rng, 0, 3) == 0)
            pick_ref(rng, o.attached_to, sizeof o.attached_to, no, nu, 0);
        assert_int_equal(grog_battle_add_officer(b, &o, NULL), GROG_OK);
    }
    for (size_t i = 0; i < nu; i++) {
        grog_troop u;
        grog_troop_init(&u);
        snprintf(u.id, sizeof u.id, "u%zu", i);
        snprintf(u.side, sizeof u.side, "s%d", (int)grog_rng_range(rng, 0, 1));
        pick_ref(rng, u.parent, sizeof u.parent, no, nu, 1);
        assert_int_equal(grog_battle_add_unit(b, &u, NULL), GROG_OK);
    }
    grog_rng_destroy(rng);
    return b;
}

static void test_battles_with_problems(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        grog_battle *b = messy(seed, 3 + seed % 17 * 3, 1 + seed % 23 * 4);
        compare_all(b);
        grog_battle_destroy(b);
    }
    grog_battle *b = messy(99, 500, 1500);
    compare_all(b);
    grog_battle_destroy(b);
}

/* Worked by hand: x0 <- x1 <- x2 (a chain), y0 <-> y1 (a cycle), z his own
 * superior, w under z. */
static void test_cycles_by_hand(void **state)
{
    (void)state;
    grog_battle *b = grog_battle_create();
    static const char *const offs[][2] = {{"x0", ""},  {"x1", "x0"}, {"x2", "x1"}, {"y0", "y1"},
                                          {"y1", "y0"}, {"z", "z"},  {"w", "z"}};
    grog_side sd;
    memset(&sd, 0, sizeof sd);
    snprintf(sd.id, sizeof sd.id, "s");
    grog_battle_add_side(b, &sd, NULL);
    for (size_t i = 0; i < 7; i++) {
        grog_officer o;
        grog_officer_init(&o);
        snprintf(o.id, sizeof o.id, "%s", offs[i][0]);
        snprintf(o.superior, sizeof o.superior, "%s", offs[i][1]);
        snprintf(o.side, sizeof o.side, "s");
        grog_battle_add_officer(b, &o, NULL);
    }
    grog_hierarchy *h = NULL;
    assert_int_equal(grog_hierarchy_build(b, &h, NULL), GROG_OK);
    assert_int_equal(grog_hierarchy_depth(h, 2), 2);  /* x2: x1, x0 */
    assert_int_equal(grog_hierarchy_depth(h, 3), 7);  /* a cycle: as many as officers */
    assert_true(grog_hierarchy_is_superior_of(h, 0, 2));
    assert_false(grog_hierarchy_is_superior_of(h, 2, 0));
    assert_false(grog_hierarchy_is_superior_of(h, 0, 0));
    assert_true(grog_hierarchy_is_superior_of(h, 4, 3)); /* y1 above y0 */
    assert_true(grog_hierarchy_is_superior_of(h, 3, 3)); /* and y0 above himself */
    assert_true(grog_hierarchy_is_superior_of(h, 5, 5)); /* z his own superior */
    assert_true(grog_hierarchy_is_superior_of(h, 5, 6));
    size_t n;
    grog_hierarchy_subordinates(h, 5, &n);
    assert_int_equal(n, 1); /* w, not z himself */
    size_t out[8];
    assert_int_equal(grog_hierarchy_command_officers(h, 0, out, 8), 2);
    assert_int_equal(out[0], 1);
    assert_int_equal(out[1], 2);
    grog_hierarchy_destroy(h);
    compare_all(b);
    grog_battle_destroy(b);
}

static void test_empty_battle(void **state)
{
    (void)state;
    grog_battle *b = grog_battle_create();
    grog_hierarchy *h = NULL;
    assert_int_equal(grog_hierarchy_build(b, &h, NULL), GROG_OK);
    size_t n = 3;
    assert_null(grog_hierarchy_officer_units(h, 0, &n));
    assert_int_equal(n, 0);
    assert_int_equal(grog_hierarchy_depth(h, 0), 0);
    grog_hierarchy_destroy(h);
    grog_hierarchy_destroy(NULL);
    grog_battle_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generated_battles),
        cmocka_unit_test(test_battles_with_problems),
        cmocka_unit_test(test_cycles_by_hand),
        cmocka_unit_test(test_empty_battle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
