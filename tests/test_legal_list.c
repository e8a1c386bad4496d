/* test_legal_list.c — the actions list's insides (src/game/legal_list.c):
 * what makes the referee's list linear in the battle's size keeps the
 * answers of the plain way.
 *
 * - A key whose list legal_side_pass gives as its side's first key's list
 *   shares that list's values (nothing copied) and reads exactly what a
 *   copy would: the values as they were then, even when the first key's
 *   list grows later; a value added to it gives it its own copy first
 *   (the first key's list unchanged), and a value it already has is not
 *   added again.
 * - A list past SMALL values keeps them in a set of bits: no repeats, and
 *   a value taken out (legal_unchoose) is not added again.
 * - The ids, names and sides of the battle's pieces, numbered by piece
 *   (legal_list_pieces), get the numbers an equal text gets through the
 *   pointer hash, whichever comes first.
 * The whole lists, byte for byte, are test_game_actions.c's. */
#include <stdlib.h>
#include <string.h>

#include "game/engine.h"
#include "game/legal_list.h"
#include "grognard/scenario.h"
#include "testutil.h"

/* The values of key's list in p as the strings they stand for. */
static size_t values_of(legal_list *L, legal_param *p, const char *key, const char **out,
                        size_t max)
{
    uint32_t k;
    assert_true(legal_intern(L, key, &k));
    for (size_t at = 0; at < p->nby; at++) {
        if (p->keys[at] != k)
            continue;
        const uint32_t *v = legal_by_values(p, at);
        size_t n = p->by[at].n < max ? p->by[at].n : max;
        for (size_t i = 0; i < n; i++)
            out[i] = L->strs[v[i]].s;
        return p->by[at].n;
    }
    return 0;
}

static size_t at_of(legal_list *L, legal_param *p, const char *key)
{
    uint32_t k;
    assert_true(legal_intern(L, key, &k));
    for (size_t at = 0; at < p->nby; at++)
        if (p->keys[at] == k)
            return at;
    fail_msg("no list for %s", key);
    return 0;
}

static const char *const units[] = {"u1",  "u2",  "u3",  "u4",  "u5",  "u6",  "u7",
                                    "u8",  "u9",  "u10", "u11", "u12", "u13", "u14",
                                    "u15", "u16", "u17", "u18", "u19", "u20"};
#define NU (sizeof units / sizeof units[0])

/* The referee's loop over the officers of one side, as legal_common runs
 * it: each officer's choices are his side's units. */
static void side_loop(const legal_ctx *l, legal_param *p, const char *officer)
{
    if (!legal_side_pass(l, p, "blue", officer, 1))
        return;
    for (size_t u = 0; u < NU; u++)
        legal_choice_side(l, p, officer, units[u]);
}

static void test_side_pass_shares_then_copies(void **state)
{
    (void)state;
    legal_list L;
    memset(&L, 0, sizeof L);
    legal_ctx l;
    memset(&l, 0, sizeof l);
    l.list = &L; /* side NULL: the referee */
    legal_param *p = legal_arg(&L, legal_action(&L, "attach", "help"), "unit", "unit");
    side_loop(&l, p, "o1");
    side_loop(&l, p, "o2");
    const char *got[NU + 4];
    assert_int_equal(values_of(&L, p, "o2", got, NU + 4), NU);
    for (size_t u = 0; u < NU; u++)
        assert_string_equal(got[u], units[u]);
    size_t o1 = at_of(&L, p, "o1"), o2 = at_of(&L, p, "o2");
    assert_int_equal(p->by[o2].same_as, o1 + 1); /* shared, not copied */
    assert_null(p->by[o2].v);

    legal_choice_by(&L, p, "o1", "late"); /* o1 grows: o2 keeps what it was given */
    side_loop(&l, p, "o3");                /* o3 is given o1's 21 */
    assert_int_equal(values_of(&L, p, "o2", got, NU + 4), NU);
    assert_int_equal(values_of(&L, p, "o3", got, NU + 4), NU + 1);
    assert_string_equal(got[NU], "late");

    legal_choice_by(&L, p, "o2", "u5"); /* already his: not added, still shared */
    assert_int_equal(values_of(&L, p, "o2", got, NU + 4), NU);
    legal_choice_by(&L, p, "o2", "extra"); /* his own copy now, then the value */
    assert_int_equal(p->by[o2].same_as, 0);
    assert_non_null(p->by[o2].v);
    assert_int_equal(values_of(&L, p, "o2", got, NU + 4), NU + 1);
    assert_string_equal(got[NU - 1], "u20");
    assert_string_equal(got[NU], "extra");
    legal_choice_by(&L, p, "o2", "u7"); /* and no repeat in the copy */
    assert_int_equal(values_of(&L, p, "o2", got, NU + 4), NU + 1);
    assert_int_equal(values_of(&L, p, "o1", got, NU + 4), NU + 1); /* o1: its 20 and late */
    assert_string_equal(got[NU], "late");
    assert_int_equal(L.oom, 0);
    legal_list_free(&L);
}

static void test_set_of_bits(void **state)
{
    (void)state;
    legal_list L;
    memset(&L, 0, sizeof L);
    legal_param *p = legal_arg(&L, legal_action(&L, "move", "help"), "id", "piece");
    char text[300][16];
    for (int round = 0; round < 2; round++) /* 300 values (numbers past 256), twice */
        for (int i = 0; i < 300; i++) {
            snprintf(text[i], sizeof text[i], "p%d", i);
            legal_choice(&L, p, text[i]);
        }
    assert_int_equal(p->choices.n, 300);
    assert_true(p->choices.use_set);
    legal_unchoose(&L, p, "p299");
    legal_choice(&L, p, "p299"); /* taken out: stays out, as jansson's set kept it */
    legal_choice(&L, p, "p150");
    assert_int_equal(p->choices.n, 299);
    legal_choice(&L, p, "p300"); /* a new one still comes in, at the end */
    assert_int_equal(p->choices.n, 300);
    assert_string_equal(L.strs[p->choices.v[299]].s, "p300");
    legal_list_free(&L);
}

static void test_pieces_numbered_as_texts(void **state)
{
    (void)state;
    grog_rng *rng = grog_rng_create(7);
    grog_generate_options go = {40, 0};
    grog_battle *b = NULL;
    assert_int_equal(grog_scenario_generate(&go, rng, &b, NULL), GROG_OK);
    for (int order = 0; order < 2; order++) { /* the piece first, or the copy first */
        legal_list L;
        memset(&L, 0, sizeof L);
        legal_list_pieces(&L, b);
        assert_non_null(L.pieces[0].num[0]);
        assert_non_null(L.pieces[1].num[0]);
        size_t nu = grog_battle_nunits(b), ncopies = 0;
        char **copies = calloc(4 * nu, sizeof *copies); /* borrowed: kept till the end */
        for (size_t i = 0; i < nu; i++) {
            const grog_troop *u = grog_battle_unit(b, i);
            const char *fields[] = {u->id, u->name, u->side, u->parent};
            for (size_t f = 0; f < 4; f++) {
                char *copy = copies[ncopies++] = strdup(fields[f]);
                uint32_t a, c;
                if (order == 0) {
                    assert_true(legal_intern(&L, fields[f], &a));
                    assert_true(legal_intern(&L, copy, &c));
                } else {
                    assert_true(legal_intern(&L, copy, &c));
                    assert_true(legal_intern(&L, fields[f], &a));
                }
                assert_int_equal(a, c);
                assert_true(legal_intern(&L, fields[f], &c)); /* again: the same */
                assert_int_equal(a, c);
            }
        }
        const grog_officer *o = grog_battle_officer(b, 0);
        uint32_t a, c;
        assert_true(legal_intern(&L, o->side, &a));
        assert_true(legal_intern(&L, grog_battle_unit(b, 0)->side, &c));
        assert_int_equal(a == c, strcmp(o->side, grog_battle_unit(b, 0)->side) == 0);
        assert_true(legal_intern(&L, o->id, &a));
        assert_string_equal(L.strs[a].s, o->id);
        assert_false(legal_intern(&L, "\xff\xfe", &a)); /* not UTF-8: left out */
        assert_int_equal(L.oom, 0);
        legal_list_free(&L);
        for (size_t i = 0; i < ncopies; i++)
            free(copies[i]);
        free(copies);
    }
    grog_battle_destroy(b);
    grog_rng_destroy(rng);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_side_pass_shares_then_copies),
        cmocka_unit_test(test_set_of_bits),
        cmocka_unit_test(test_pieces_numbered_as_texts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
