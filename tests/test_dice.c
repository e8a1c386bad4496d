/* test_dice.c — parsing, formatting, rolling and entering dice. */
#include "testutil.h"

static void parse_ok(const char *text, int n, int s, grog_keep keep, int k, int m)
{
    grog_dice d;
    grog_error err;
    assert_int_equal(grog_dice_parse(text, &d, &err), GROG_OK);
    assert_int_equal(d.count, n);
    assert_int_equal(d.sides, s);
    assert_int_equal(d.keep, keep);
    assert_int_equal(d.kept, k);
    assert_int_equal(d.modifier, m);
}

static void test_parse_forms(void **state)
{
    (void)state;
    parse_ok("2d6", 2, 6, GROG_KEEP_ALL, 2, 0);
    parse_ok("d6", 1, 6, GROG_KEEP_ALL, 1, 0);
    parse_ok("2D6-1", 2, 6, GROG_KEEP_ALL, 2, -1);
    parse_ok("3d6kh1", 3, 6, GROG_KEEP_HIGHEST, 1, 0);
    parse_ok("4d6kh3+2", 4, 6, GROG_KEEP_HIGHEST, 3, 2);
    parse_ok("2d6kl1", 2, 6, GROG_KEEP_LOWEST, 1, 0);
    parse_ok(" 2 d 6 + 1 ", 2, 6, GROG_KEEP_ALL, 2, 1);
    parse_ok("100d1000", 100, 1000, GROG_KEEP_ALL, 100, 0);
}

static void parse_bad(const char *text, const char *fragment)
{
    grog_dice d = {7, 7, GROG_KEEP_ALL, 7, 7};
    grog_error err;
    assert_int_equal(grog_dice_parse(text, &d, &err), GROG_EINVAL);
    if (strstr(err.message, fragment) == NULL)
        fail_msg("message \"%s\" lacks \"%s\"", err.message, fragment);
    assert_int_equal(d.count, 7); /* bad input changes nothing */
}

static void test_parse_errors(void **state)
{
    (void)state;
    parse_bad("2d", "character 3");
    parse_bad("2x6", "character 2: expected 'd'");
    parse_bad("0d6", "1 to 100");
    parse_bad("101d6", "1 to 100");
    parse_bad("2d1", "2 to 1000");
    parse_bad("2d1001", "2 to 1000");
    parse_bad("3d6kh4", "1 to 3");
    parse_bad("3d6kh0", "1 to 3");
    parse_bad("2d6+", "character 5");
    parse_bad("2d6 x", "character 5: unexpected text");
    parse_bad("", "expected 'd'");
    grog_dice d;
    assert_int_equal(grog_dice_parse(NULL, &d, NULL), GROG_EINVAL);
}

static void test_format_round_trip(void **state)
{
    (void)state;
    const char *texts[] = {"2d6", "1d6", "2d6-1", "3d6kh1", "4d6kl2+3"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        grog_dice d;
        char buf[64];
        assert_int_equal(grog_dice_parse(texts[i], &d, NULL), GROG_OK);
        assert_string_equal(grog_dice_format(&d, buf, sizeof buf), texts[i]);
    }
}

static void test_natural_range(void **state)
{
    (void)state;
    grog_dice d;
    grog_dice_parse("3d6kh1", &d, NULL);
    assert_int_equal(grog_dice_natural_min(&d), 1);
    assert_int_equal(grog_dice_natural_max(&d), 6);
    grog_dice_parse("2d6-1", &d, NULL);
    assert_int_equal(grog_dice_natural_min(&d), 2);
    assert_int_equal(grog_dice_natural_max(&d), 12);
}

static void test_roll_is_within_range_and_keeps_highest(void **state)
{
    (void)state;
    grog_dice d;
    grog_dice_parse("3d6kh1+1", &d, NULL);
    grog_rng *rng = grog_rng_create(7);
    for (int i = 0; i < 1000; i++) {
        grog_roll r;
        grog_dice_roll(&d, rng, &r);
        assert_int_equal(r.nfaces, 3);
        int best = 0;
        for (int j = 0; j < 3; j++) {
            assert_in_range(r.faces[j], 1, 6);
            if (r.faces[j] > best)
                best = r.faces[j];
        }
        assert_int_equal(r.natural, best);
        assert_int_equal(r.total, best + 1);
        assert_false(r.entered);
    }
    grog_rng_destroy(rng);
}

static void test_keep_lowest_roll(void **state)
{
    (void)state;
    grog_dice d;
    grog_dice_parse("4d6kl2", &d, NULL);
    grog_rng *rng = grog_rng_create(99);
    for (int i = 0; i < 200; i++) {
        grog_roll r;
        grog_dice_roll(&d, rng, &r);
        int f[4];
        memcpy(f, r.faces, sizeof f);
        for (int a = 0; a < 4; a++) /* sort ascending by hand */
            for (int b = a + 1; b < 4; b++)
                if (f[b] < f[a]) {
                    int t = f[a];
                    f[a] = f[b];
                    f[b] = t;
                }
        assert_int_equal(r.natural, f[0] + f[1]);
    }
    grog_rng_destroy(rng);
}

static void test_same_seed_same_rolls(void **state)
{
    (void)state;
    grog_dice d;
    grog_dice_parse("2d6", &d, NULL);
    grog_rng *a = grog_rng_create(2026), *b = grog_rng_create(2026);
    for (int i = 0; i < 100; i++) {
        grog_roll ra, rb;
        grog_dice_roll(&d, a, &ra);
        grog_dice_roll(&d, b, &rb);
        assert_int_equal(ra.faces[0], rb.faces[0]);
        assert_int_equal(ra.faces[1], rb.faces[1]);
    }
    grog_rng_destroy(a);
    grog_rng_destroy(b);
}

/* The rolls of a seed never change (every journal kept replays them): a
 * roll is, die after die, one draw masked to the smallest power of two
 * covering the sides, drawn again when beyond them. A reference roller
 * written that way from grog_rng_next must give the same faces, totals and
 * number of draws, and leave the generator in the same state, for every
 * kind of dice. *ndraws: the draws this die took. */
static int reference_die(grog_rng *rng, int sides, int *ndraws)
{
    uint64_t span = (uint64_t)sides - 1, mask = 1;
    while (mask < span)
        mask = mask * 2 + 1;
    if (span == 0)
        mask = 0;
    uint64_t v;
    *ndraws = 0;
    do {
        v = grog_rng_next(rng) & mask;
        ++*ndraws;
    } while (v > span);
    return 1 + (int)v;
}

/* The most draws any one die took, by its place in the roll (0, 1, later). */
typedef struct die_draws {
    int most[3];
} die_draws;

/* Rolls d on a and the reference on b (both in the same state) and checks
 * every field of the roll, and the draws counted. */
static void roll_like_reference(const grog_dice *d, grog_rng *a, grog_rng *b, die_draws *seen)
{
    grog_roll r;
    memset(&r, 0x5a, sizeof r);
    grog_dice_roll(d, a, &r);
    int faces[GROG_DICE_MAX_COUNT], sorted[GROG_DICE_MAX_COUNT];
    for (int i = 0; i < d->count; i++) {
        int n;
        sorted[i] = faces[i] = reference_die(b, d->sides, &n);
        int at = i < 2 ? i : 2;
        if (n > seen->most[at])
            seen->most[at] = n;
    }
    /* the kept ones, by a plain selection sort from highest */
    for (int i = 0; i < d->count; i++)
        for (int j = i + 1; j < d->count; j++)
            if (sorted[j] > sorted[i]) {
                int t = sorted[i];
                sorted[i] = sorted[j];
                sorted[j] = t;
            }
    int from = d->keep == GROG_KEEP_LOWEST ? d->count - d->kept : 0, natural = 0;
    for (int i = from; i < from + d->kept; i++)
        natural += sorted[i];
    assert_int_equal(r.nfaces, d->count);
    assert_memory_equal(r.faces, faces, (size_t)d->count * sizeof *faces);
    assert_int_equal(r.natural, natural);
    assert_int_equal(r.total, natural + d->modifier);
    assert_int_equal(r.entered, 0);
    assert_int_equal(grog_rng_draws(a), grog_rng_draws(b));
}

static const char *const every_kind[] = {
    "1d6",   "2d6",    "d2",     "d3",     "d4",      "d5",       "d7",    "1d8",
    "2d8",   "d9",     "d16",    "d17",    "2d17",    "d100",     "2d100", "1d1000",
    "2d1000", "3d6kh1", "3d6kl1", "4d6kh3", "4d6kl2",  "2d6kh2",   "2d6kl1", "10d6",
    "100d1000", "2d6+3", "1d6-1", "2d6-12", "d6+100000", "5d7kh5", "d3-1", "100d2kl100",
    "7d10kh3"};

static void test_rolls_are_the_reference_sequence(void **state)
{
    (void)state;
    for (size_t e = 0; e < sizeof every_kind / sizeof every_kind[0]; e++) {
        grog_dice d;
        assert_int_equal(grog_dice_parse(every_kind[e], &d, NULL), GROG_OK);
        die_draws seen = {{0, 0, 0}};
        int rolls = d.count >= 10 ? 50 : 400;
        for (uint64_t seed = 0; seed < 40; seed++) {
            grog_rng *a = grog_rng_create(seed * 7919 + e), *b = grog_rng_create(seed * 7919 + e);
            for (int k = 0; k < rolls; k++)
                roll_like_reference(&d, a, b, &seen);
            assert_true(grog_rng_next(a) == grog_rng_next(b)); /* the same state after */
            grog_rng_destroy(a);
            grog_rng_destroy(b);
        }
        /* One and two dice of 6 sides take a path of their own where a die
         * whose first two draws are both rejected (1 in 16) draws two more
         * the same way, then loops when those are rejected too (1 in 256):
         * the rolls above went through all of it, for the first die and the
         * second. */
        if (d.sides == 6 && d.count <= 2 && d.kept == d.count) {
            if (seen.most[0] < 5)
                fail_msg("%s: no first die took five draws", every_kind[e]);
            if (d.count == 2 && seen.most[1] < 5)
                fail_msg("%s: no second die took five draws", every_kind[e]);
        }
    }
}

/* As a game uses its one generator: rolls of every kind, bare draws and
 * ranges (the gt rules) and rolls entered by hand (no draw), one after
 * the other, chosen by a second generator. */
static void test_mixed_stream_is_the_reference_sequence(void **state)
{
    (void)state;
    grog_rng *a = grog_rng_create(17), *b = grog_rng_create(17), *pick = grog_rng_create(99);
    die_draws seen = {{0, 0, 0}};
    const size_t kinds = sizeof every_kind / sizeof every_kind[0];
    for (int k = 0; k < 20000; k++) {
        grog_dice d;
        grog_roll r;
        uint64_t what = grog_rng_next(pick);
        assert_int_equal(grog_dice_parse(every_kind[(what >> 8) % kinds], &d, NULL), GROG_OK);
        switch (what % 4) {
        case 0:
            assert_true(grog_rng_next(a) == grog_rng_next(b));
            break;
        case 1:
            assert_int_equal(grog_rng_range(a, 1, 6), grog_rng_range(b, 1, 6));
            break;
        case 2: /* entered at the table: the generator is not touched */
            assert_int_equal(grog_dice_enter(&d, grog_dice_natural_max(&d), &r, NULL), GROG_OK);
            assert_int_equal(r.entered, 1);
            assert_int_equal(grog_rng_draws(a), grog_rng_draws(b));
            break;
        default:
            if (d.count > 10)
                d.count = d.kept = 10; /* keeps the test short */
            roll_like_reference(&d, a, b, &seen);
        }
    }
    assert_true(grog_rng_next(a) == grog_rng_next(b));
    grog_rng_destroy(a);
    grog_rng_destroy(b);
    grog_rng_destroy(pick);
}

/* Rolls recorded by the roller before issue 17's speed-ups (commit 994a59f,
 * the dice of every journal kept until then): seeds 1 and 2026, 24 rolls of
 * 1d6 then 12 of 2d6, the draws counted and the next bare draw. */
static void test_recorded_rolls_replay(void **state)
{
    (void)state;
    static const struct {
        uint64_t seed;
        int d6[24], twod6[24];
        uint64_t draws_d6, draws, next;
    } recorded[] = {
        {1,
         {6, 3, 5, 4, 3, 6, 2, 1, 2, 2, 6, 6, 1, 2, 2, 2, 3, 3, 5, 1, 6, 2, 5, 2},
         {4, 5, 5, 2, 5, 1, 2, 6, 4, 5, 4, 3, 2, 2, 2, 1, 3, 4, 1, 6, 5, 4, 2, 4},
         33, 63, 0xf6a42749e2979d1aULL},
        {2026,
         {6, 1, 3, 3, 3, 1, 5, 4, 6, 1, 1, 2, 2, 4, 4, 1, 1, 1, 5, 1, 5, 4, 4, 5},
         {1, 1, 3, 6, 2, 1, 4, 4, 6, 2, 5, 2, 5, 6, 1, 4, 1, 4, 2, 5, 5, 4, 4, 1},
         30, 61, 0x68f418efb4ccb12dULL},
    };
    for (size_t s = 0; s < sizeof recorded / sizeof recorded[0]; s++) {
        grog_rng *rng = grog_rng_create(recorded[s].seed);
        grog_dice d;
        grog_roll r;
        grog_dice_parse("1d6", &d, NULL);
        for (int i = 0; i < 24; i++) {
            grog_dice_roll(&d, rng, &r);
            assert_int_equal(r.faces[0], recorded[s].d6[i]);
        }
        assert_int_equal(grog_rng_draws(rng), recorded[s].draws_d6);
        grog_dice_parse("2d6", &d, NULL);
        for (int i = 0; i < 12; i++) {
            grog_dice_roll(&d, rng, &r);
            assert_int_equal(r.faces[0], recorded[s].twod6[2 * i]);
            assert_int_equal(r.faces[1], recorded[s].twod6[2 * i + 1]);
            assert_int_equal(r.natural, r.faces[0] + r.faces[1]);
        }
        assert_int_equal(grog_rng_draws(rng), recorded[s].draws);
        assert_true(grog_rng_next(rng) == recorded[s].next);
        grog_rng_destroy(rng);
    }
}

static uint64_t fnv(uint64_t h, uint64_t x)
{
    for (int i = 0; i < 8; i++) {
        h ^= (x >> (8 * i)) & 0xff;
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* The same, many more: for each kind of dice, seeds 1 to 50, 2,000 rolls
 * each, a digest (FNV-1a) of every face, natural, total and draw count and
 * of the next bare draw, as the roller of commit 994a59f gave them. */
static void test_recorded_digests_replay(void **state)
{
    (void)state;
    static const struct {
        const char *dice;
        uint64_t digest;
    } recorded[] = {
        {"1d6", 0x56347f8f9a634768ULL},    {"2d6", 0xa526c62f27abc49fULL},
        {"3d6kh1", 0x6955ffbb5b795cf1ULL}, {"10d6", 0x6a154dcfec216d8fULL},
        {"1d8", 0x5148db43f86db737ULL},    {"d100", 0x5890737588f7ad69ULL},
        {"2d6+3", 0x8884e24f4207d7b5ULL},  {"1d6-1", 0xb39a198e9cb13882ULL},
        {"d2", 0x90f605683e818adbULL},     {"d3", 0xf466a61011aca1cbULL},
        {"d5", 0xa8fcb1f3b6df7603ULL},     {"d7", 0xdb39c6f7cdf8942aULL},
        {"d9", 0x0906557d618d72eeULL},     {"d17", 0xf3cc6fece9e5a81eULL},
        {"2d1000", 0xdfa6a5f9fd663d95ULL}, {"4d6kl2", 0xf7cd02c66bd9fd82ULL},
        {"2d6kh2", 0xa526c62f27abc49fULL},
    };
    for (size_t e = 0; e < sizeof recorded / sizeof recorded[0]; e++) {
        grog_dice d;
        assert_int_equal(grog_dice_parse(recorded[e].dice, &d, NULL), GROG_OK);
        uint64_t h = 0xcbf29ce484222325ULL;
        for (uint64_t seed = 1; seed <= 50; seed++) {
            grog_rng *rng = grog_rng_create(seed);
            for (int k = 0; k < 2000; k++) {
                grog_roll r;
                grog_dice_roll(&d, rng, &r);
                for (int i = 0; i < r.nfaces; i++)
                    h = fnv(h, (uint64_t)r.faces[i]);
                h = fnv(h, (uint64_t)r.natural);
                h = fnv(h, (uint64_t)(int64_t)r.total);
                h = fnv(h, grog_rng_draws(rng));
            }
            h = fnv(h, grog_rng_next(rng));
            grog_rng_destroy(rng);
        }
        if (h != recorded[e].digest)
            fail_msg("%s: digest %016llx, recorded %016llx", recorded[e].dice,
                     (unsigned long long)h, (unsigned long long)recorded[e].digest);
    }
}

/* A roll writes faces[0..nfaces-1] and leaves the rest as they were. */
static void test_roll_leaves_other_faces(void **state)
{
    (void)state;
    static const char *const exprs[] = {"1d6", "2d6", "3d6kh1", "2d6kl1"};
    grog_rng *rng = grog_rng_create(5);
    for (size_t e = 0; e < sizeof exprs / sizeof exprs[0]; e++) {
        grog_dice d;
        grog_dice_parse(exprs[e], &d, NULL);
        for (int k = 0; k < 100; k++) {
            grog_roll r;
            for (int i = 0; i < GROG_DICE_MAX_COUNT; i++)
                r.faces[i] = -7;
            grog_dice_roll(&d, rng, &r);
            for (int i = d.count; i < GROG_DICE_MAX_COUNT; i++)
                assert_int_equal(r.faces[i], -7);
        }
    }
    grog_rng_destroy(rng);
}

static void test_enter(void **state)
{
    (void)state;
    grog_dice d;
    grog_roll r;
    grog_error err;
    grog_dice_parse("2d6-1", &d, NULL);
    assert_int_equal(grog_dice_enter(&d, 2, &r, &err), GROG_OK); /* smallest */
    assert_int_equal(r.total, 1);
    assert_true(r.entered);
    assert_int_equal(grog_dice_enter(&d, 12, &r, &err), GROG_OK); /* largest */
    assert_int_equal(r.total, 11);
    assert_int_equal(grog_dice_enter(&d, 1, &r, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "from 2 to 12"));
    assert_int_equal(grog_dice_enter(&d, 13, &r, &err), GROG_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_forms),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_format_round_trip),
        cmocka_unit_test(test_natural_range),
        cmocka_unit_test(test_roll_is_within_range_and_keeps_highest),
        cmocka_unit_test(test_keep_lowest_roll),
        cmocka_unit_test(test_same_seed_same_rolls),
        cmocka_unit_test(test_rolls_are_the_reference_sequence),
        cmocka_unit_test(test_mixed_stream_is_the_reference_sequence),
        cmocka_unit_test(test_recorded_rolls_replay),
        cmocka_unit_test(test_recorded_digests_replay),
        cmocka_unit_test(test_roll_leaves_other_faces),
        cmocka_unit_test(test_enter),
    };
    return cmocka_run_group_tests_name("dice", tests, NULL, NULL);
}
