/* test_battle.c — the battle model: records by id, the hierarchy, checked
 * changes (GT-03, AIG-O-02), the full check, copies, enum names. */
#include <math.h>

#include "grognard/battle.h"
#include "testutil.h"

static void add_side(grog_battle *b, const char *id, grog_nation n)
{
    grog_side s;
    memset(&s, 0, sizeof s);
    snprintf(s.id, sizeof s.id, "%s", id);
    snprintf(s.name, sizeof s.name, "Side %s", id);
    s.nation = n;
    assert_int_equal(grog_battle_add_side(b, &s, NULL), GROG_OK);
}

static void add_officer(grog_battle *b, const char *id, const char *side, grog_role role,
                        const char *sup, double x, double y)
{
    grog_officer o;
    grog_officer_init(&o);
    snprintf(o.id, sizeof o.id, "%s", id);
    snprintf(o.name, sizeof o.name, "Officer %s", id);
    snprintf(o.side, sizeof o.side, "%s", side);
    snprintf(o.superior, sizeof o.superior, "%s", sup);
    o.role = role;
    o.base.centre.x = x;
    o.base.centre.y = y;
    grog_error err;
    assert_int_equal(grog_battle_add_officer(b, &o, &err), GROG_OK);
}

static void add_unit(grog_battle *b, const char *id, const char *side, const char *parent,
                     double x, double y)
{
    grog_troop u;
    grog_troop_init(&u);
    snprintf(u.id, sizeof u.id, "%s", id);
    snprintf(u.name, sizeof u.name, "Unit %s", id);
    snprintf(u.side, sizeof u.side, "%s", side);
    snprintf(u.parent, sizeof u.parent, "%s", parent);
    u.base.centre.x = x;
    u.base.centre.y = y;
    u.base.width = 160;
    u.base.depth = 40;
    u.figures = 24;
    assert_int_equal(grog_battle_add_unit(b, &u, NULL), GROG_OK);
}

/* Two sides: a has C-in-C ca (with ADC adc), division da, brigades b1 b2
 * (units u1 u2 / u3); f has C-in-C cf, brigade bf (unit u4). */
static grog_battle *sample(void)
{
    grog_battle *b = grog_battle_create();
    assert_non_null(b);
    add_side(b, "a", GROG_NATION_BRITAIN);
    add_side(b, "f", GROG_NATION_FRANCE);
    add_officer(b, "ca", "a", GROG_ROLE_C_IN_C, "", 500, 100);
    add_officer(b, "adc", "a", GROG_ROLE_ADC, "ca", 550, 100);
    add_officer(b, "da", "a", GROG_ROLE_DIVISION, "ca", 500, 200);
    add_officer(b, "b1", "a", GROG_ROLE_BRIGADE, "da", 400, 300);
    add_officer(b, "b2", "a", GROG_ROLE_BRIGADE, "da", 600, 300);
    add_officer(b, "cf", "f", GROG_ROLE_C_IN_C, "", 500, 1100);
    add_officer(b, "bf", "f", GROG_ROLE_BRIGADE, "cf", 500, 1000);
    add_unit(b, "u1", "a", "b1", 300, 400);
    add_unit(b, "u2", "a", "b1", 500, 400);
    add_unit(b, "u3", "a", "b2", 700, 400);
    add_unit(b, "u4", "f", "bf", 500, 900);
    return b;
}

static void test_lookup_by_id(void **state)
{
    (void)state;
    grog_battle *b = sample();
    size_t i;
    assert_int_equal(grog_battle_nsides(b), 2);
    assert_int_equal(grog_battle_nofficers(b), 7);
    assert_int_equal(grog_battle_nunits(b), 4);
    assert_true(grog_battle_officer_index(b, "b2", &i));
    assert_int_equal(i, 4);
    assert_string_equal(grog_battle_officer(b, i)->id, "b2");
    assert_true(grog_battle_unit_index(b, "u4", &i));
    assert_int_equal(i, 3);
    assert_false(grog_battle_unit_index(b, "b2", &i)); /* an officer, not a unit */
    assert_false(grog_battle_officer_index(b, "nobody", &i));
    assert_false(grog_battle_officer_index(b, "", &i));
    assert_null(grog_battle_unit_by_id(b, NULL));
    assert_string_equal(grog_battle_side_by_id(b, "f")->name, "Side f");
    assert_null(grog_battle_officer(b, 7));
    grog_troop *u = grog_battle_unit_by_id_mut(b, "u2");
    u->casualties = 12;
    assert_int_equal(grog_battle_unit_by_id(b, "u2")->casualties, 12);
    grog_battle_destroy(b);
    grog_battle_destroy(NULL);
}

static void test_ids_unique_and_valid(void **state)
{
    (void)state;
    grog_battle *b = sample();
    grog_troop u;
    grog_troop_init(&u);
    grog_error err;
    snprintf(u.id, sizeof u.id, "b1"); /* an officer's id */
    assert_int_equal(grog_battle_add_unit(b, &u, &err), GROG_EINVAL);
    assert_string_equal(err.message, "duplicate id \"b1\"");
    snprintf(u.id, sizeof u.id, "has space");
    assert_int_equal(grog_battle_add_unit(b, &u, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "invalid id \"has space\""));
    u.id[0] = '\0';
    assert_int_equal(grog_battle_add_unit(b, &u, &err), GROG_EINVAL);
    assert_int_equal(grog_battle_nunits(b), 4); /* refused: nothing changed */
    grog_battle_destroy(b);
}

static void test_large_battle_index(void **state)
{
    (void)state;
    grog_battle *b = grog_battle_create();
    add_side(b, "a", GROG_NATION_AUSTRIA);
    add_officer(b, "c", "a", GROG_ROLE_C_IN_C, "", 10, 10);
    char id[32];
    for (int k = 0; k < 2000; k++) {
        snprintf(id, sizeof id, "unit-%d", k);
        add_unit(b, id, "a", "c", 100 + k % 10, 100);
    }
    for (int k = 0; k < 2000; k += 37) {
        size_t i;
        snprintf(id, sizeof id, "unit-%d", k);
        assert_true(grog_battle_unit_index(b, id, &i));
        assert_int_equal(i, (size_t)k);
    }
    assert_int_equal(grog_battle_officer_units(b, 0, NULL, 0), 2000);
    grog_battle_destroy(b);
}

static void test_relations(void **state)
{
    (void)state;
    grog_battle *b = sample();
    size_t out[8], ca, da, b1, cf;
    grog_battle_officer_index(b, "ca", &ca);
    grog_battle_officer_index(b, "da", &da);
    grog_battle_officer_index(b, "b1", &b1);
    grog_battle_officer_index(b, "cf", &cf);
    /* AIG-O-02: the ADC belongs to ca, and is not counted as a subordinate. */
    assert_int_equal(grog_battle_adcs(b, ca, out, 8), 1);
    assert_string_equal(grog_battle_officer(b, out[0])->id, "adc");
    assert_int_equal(grog_battle_subordinates(b, ca, out, 8), 1);
    assert_int_equal(out[0], da);
    assert_int_equal(grog_battle_subordinates(b, da, NULL, 0), 2);
    assert_int_equal(grog_battle_officer_units(b, b1, out, 8), 2);
    assert_int_equal(grog_battle_command_units(b, ca, out, 8), 3);
    assert_int_equal(grog_battle_command_units(b, cf, out, 8), 1);
    assert_true(grog_battle_is_superior_of(b, ca, b1));
    assert_false(grog_battle_is_superior_of(b, b1, ca));
    assert_int_equal(grog_battle_officer_depth(b, b1), 2);
    assert_int_equal(grog_battle_officer_depth(b, ca), 0);
    size_t c;
    assert_true(grog_battle_commander_in_chief(b, "f", &c));
    assert_int_equal(c, cf);
    assert_true(grog_role_is_general(GROG_ROLE_BRIGADE));
    assert_false(grog_role_is_general(GROG_ROLE_ADC));
    /* Edge to edge: ca (40x40 at 500,100) and da (40x40 at 500,200): 100 - 40. */
    assert_true(fabs(grog_battle_officer_distance(b, ca, da) - 60.0) < 1e-9);
    size_t u1;
    grog_battle_unit_index(b, "u1", &u1);
    /* b1 at (400,300) 40x40; u1 at (300,400) 160x40: dx = 0 (380..420 vs 220..380), dy 60. */
    assert_true(fabs(grog_battle_officer_unit_distance(b, b1, u1) - 60.0) < 1e-9);
    grog_battle_destroy(b);
}

static void test_set_superior_refuses_cycles(void **state)
{
    (void)state;
    grog_battle *b = sample();
    grog_error err;
    assert_int_equal(grog_battle_officer_set_superior(b, "da", "b1", &err), GROG_EINVAL);
    assert_string_equal(err.message, "\"da\" under \"b1\" would make a cycle in the hierarchy");
    assert_string_equal(grog_battle_officer_by_id(b, "da")->superior, "ca"); /* unchanged */
    assert_int_equal(grog_battle_officer_set_superior(b, "b1", "adc", &err), GROG_EINVAL);
    assert_string_equal(err.message, "\"adc\" is an aide-de-camp and cannot be a superior");
    assert_int_equal(grog_battle_officer_set_superior(b, "b1", "cf", &err), GROG_EINVAL);
    assert_int_equal(grog_battle_officer_set_superior(b, "b1", "ca", &err), GROG_OK);
    assert_string_equal(grog_battle_officer_by_id(b, "b1")->superior, "ca");
    grog_battle_destroy(b);
}

static void test_attach_one_general_per_unit_gt03(void **state)
{
    (void)state;
    grog_battle *b = sample();
    grog_error err;
    assert_int_equal(grog_battle_officer_attach(b, "b1", "u1", &err), GROG_OK);
    /* GT-03: one general per unit at most. */
    assert_int_equal(grog_battle_officer_attach(b, "da", "u1", &err), GROG_ERULE);
    assert_string_equal(err.message, "GT-03: unit \"u1\" already has general \"b1\" attached");
    assert_string_equal(grog_battle_officer_by_id(b, "da")->attached_to, "");
    /* An ADC is not a general: he may join. */
    assert_int_equal(grog_battle_officer_attach(b, "adc", "u1", &err), GROG_OK);
    /* Re-attaching the same general is fine; detaching frees the unit. */
    assert_int_equal(grog_battle_officer_attach(b, "b1", "u1", &err), GROG_OK);
    assert_int_equal(grog_battle_officer_attach(b, "b1", "", &err), GROG_OK);
    assert_int_equal(grog_battle_officer_attach(b, "da", "u1", &err), GROG_OK);
    assert_int_equal(grog_battle_officer_attach(b, "da", "u4", &err), GROG_EINVAL); /* enemy */
    grog_battle_destroy(b);
}

static void test_unit_parent_not_adc(void **state)
{
    (void)state;
    grog_battle *b = sample();
    grog_error err;
    assert_int_equal(grog_battle_unit_set_parent(b, "u1", "adc", &err), GROG_EINVAL);
    assert_string_equal(err.message, "\"adc\" is an aide-de-camp and cannot command units");
    assert_int_equal(grog_battle_unit_set_parent(b, "u1", "b2", &err), GROG_OK);
    assert_int_equal(grog_battle_officer_units(b, 4, NULL, 0), 2); /* b2 has u1, u3 */
    grog_battle_destroy(b);
}

typedef struct seen {
    int n;
    char text[16][200];
} seen;

static void collect(void *ctx, const char *kind, size_t index, const char *field,
                    const char *message)
{
    seen *s = ctx;
    if (s->n < 16)
        snprintf(s->text[s->n], sizeof s->text[0], "%s[%zu].%s: %s", kind, index, field, message);
    s->n++;
}

static int has(const seen *s, const char *text)
{
    for (int i = 0; i < s->n && i < 16; i++)
        if (strcmp(s->text[i], text) == 0)
            return 1;
    return 0;
}

static void test_check_lists_every_problem(void **state)
{
    (void)state;
    grog_battle *b = sample();
    seen s = {0};
    assert_int_equal(grog_battle_check(b, collect, &s), 0);
    grog_battle_officer_by_id_mut(b, "b1")->ratings.aigles_charisma = 6;  /* AIG-O-01 */
    grog_battle_officer_by_id_mut(b, "ca")->superior[0] = 'b';            /* "b": unknown */
    grog_battle_officer_by_id_mut(b, "ca")->superior[1] = '\0';
    snprintf(grog_battle_officer_by_id_mut(b, "da")->superior, GROG_ID_MAX, "b2"); /* cycle */
    snprintf(grog_battle_officer_by_id_mut(b, "b1")->attached_to, GROG_ID_MAX, "u3");
    snprintf(grog_battle_officer_by_id_mut(b, "b2")->attached_to, GROG_ID_MAX, "u3"); /* GT-03 */
    grog_battle_officer_by_id_mut(b, "bf")->state = GROG_OFFICER_PRISONER; /* no holder */
    grog_battle_unit_by_id_mut(b, "u2")->base.centre.x = -5;
    size_t n = grog_battle_check(b, collect, &s);
    assert_int_equal((int)n, s.n);
    assert_true(has(&s, "officer[3].ratings.aigles.charisma: charisma 6 is out of range 0 to 5 "
                        "(AIG-O-01)"));
    assert_true(has(&s, "officer[0].superior: no officer \"b\""));
    assert_true(has(&s, "officer[2].superior: cycle in the hierarchy through \"b2\""));
    assert_true(has(&s, "officer[4].attached_to: GT-03: unit \"u3\" already has general \"b1\" "
                        "attached"));
    assert_true(has(&s, "officer[6].held_by: a prisoner needs the unit that holds him "
                        "(AIG-O-23)"));
    assert_true(has(&s, "unit[1].position: position (-5.0, 400.0) mm is off the table"));
    assert_int_equal(n, 6);
    assert_int_equal(grog_battle_check(b, NULL, NULL), 6);
    grog_battle_destroy(b);
}

static void test_check_adc_of_adc_and_cinc(void **state)
{
    (void)state;
    grog_battle *b = sample();
    add_officer(b, "adc2", "a", GROG_ROLE_ADC, "adc", 560, 100); /* AIG-O-02 */
    add_officer(b, "ca2", "a", GROG_ROLE_C_IN_C, "", 560, 150);
    seen s = {0};
    assert_int_equal(grog_battle_check(b, collect, &s), 2);
    assert_true(has(&s, "officer[7].superior: \"adc\" is an aide-de-camp: an aide-de-camp "
                        "belongs to a general (AIG-O-02)"));
    assert_true(has(&s, "officer[8].role: side \"a\" already has a commander-in-chief"));
    grog_battle_destroy(b);
}

static void test_remove(void **state)
{
    (void)state;
    grog_battle *b = sample();
    grog_error err;
    snprintf(grog_battle_officer_by_id_mut(b, "b1")->attached_to, GROG_ID_MAX, "u2");
    snprintf(grog_battle_unit_by_id_mut(b, "u4")->order.target, GROG_ID_MAX, "u2");
    assert_int_equal(grog_battle_remove_unit(b, "u2", &err), GROG_OK);
    assert_int_equal(grog_battle_nunits(b), 3);
    assert_null(grog_battle_unit_by_id(b, "u2"));
    assert_string_equal(grog_battle_officer_by_id(b, "b1")->attached_to, "");
    assert_string_equal(grog_battle_unit_by_id(b, "u4")->order.target, "");
    size_t i;
    assert_true(grog_battle_unit_index(b, "u3", &i)); /* the index follows the shift */
    assert_int_equal(i, 1);
    assert_int_equal(grog_battle_remove_officer(b, "da", &err), GROG_EINVAL);
    assert_string_equal(err.message, "officer \"da\" still commands \"b1\"");
    assert_int_equal(grog_battle_remove_unit(b, "u2", &err), GROG_ENOTFOUND);
    assert_int_equal(grog_battle_remove_officer(b, "adc", &err), GROG_OK);
    assert_false(grog_battle_officer_index(b, "adc", &i));
    assert_true(grog_battle_officer_index(b, "bf", &i));
    assert_string_equal(grog_battle_officer(b, i)->id, "bf");
    assert_int_equal(grog_battle_remove_side(b, "f", &err), GROG_EINVAL);
    assert_int_equal(grog_battle_check(b, NULL, NULL), 0);
    grog_battle_destroy(b);
}

static void test_clone_is_deep_and_equal(void **state)
{
    (void)state;
    grog_battle *b = sample();
    const char *src[2] = {"Oman, vol. III", "Napier"};
    grog_meta m = {"Test", "1810-09-27", "Bussaco", "", "notes", 2, src, ""};
    assert_int_equal(grog_battle_set_meta(b, &m, NULL), GROG_OK);
    grog_battle *c = grog_battle_clone(b);
    assert_non_null(c);
    char why[128];
    assert_true(grog_battle_equal(b, c, why, sizeof why));
    assert_string_equal(grog_battle_meta(c)->sources[1], "Napier");
    grog_battle_unit_by_id_mut(c, "u1")->flags |= GROG_UNIT_ROUTED;
    assert_false(grog_battle_equal(b, c, why, sizeof why));
    assert_string_equal(why, "unit \"u1\" differs");
    assert_int_equal(grog_battle_unit_by_id(b, "u1")->flags, 0); /* original untouched */
    size_t i;
    assert_true(grog_battle_unit_index(c, "u4", &i)); /* the copy has its own index */
    grog_battle_destroy(b);
    assert_int_equal(grog_battle_remove_unit(c, "u4", NULL), GROG_OK);
    grog_battle_destroy(c);
}

static void test_table_and_meta(void **state)
{
    (void)state;
    grog_battle *b = grog_battle_create();
    const grog_table *t = grog_battle_table(b);
    assert_int_equal(t->scale.figure_mm, 25);
    assert_true(t->width_mm == 1800 && t->depth_mm == 1200);
    grog_table bad = *t;
    bad.scale.figure_mm = 20;
    grog_error err;
    assert_int_not_equal(grog_battle_set_table(b, &bad, &err), GROG_OK);
    bad = *t;
    bad.width_mm = 0;
    assert_int_equal(grog_battle_set_table(b, &bad, &err), GROG_EINVAL);
    assert_int_equal(grog_battle_table(b)->width_mm, 1800);
    assert_string_equal(grog_battle_meta(b)->name, "");
    assert_int_equal(grog_battle_meta(b)->nsources, 0);
    grog_battle_destroy(b);
}

static void test_enum_names_round_trip(void **state)
{
    (void)state;
    grog_error err;
    for (int v = 0; v < GROG_NATION_COUNT; v++) {
        grog_nation n;
        assert_int_equal(grog_nation_parse(grog_nation_name((grog_nation)v), &n, &err), GROG_OK);
        assert_int_equal(n, v);
    }
    for (int v = 0; v < GROG_ROLE_COUNT; v++) {
        grog_role r;
        assert_int_equal(grog_role_parse(grog_role_name((grog_role)v), &r, NULL), GROG_OK);
        assert_int_equal(r, v);
    }
    for (int v = 0; v < GROG_ARM_COUNT; v++) {
        grog_arm a;
        assert_int_equal(grog_arm_parse(grog_arm_name((grog_arm)v), &a, NULL), GROG_OK);
        assert_int_equal(a, v);
    }
    for (int v = 0; v < GROG_STATUS_COUNT; v++) {
        grog_unit_status s;
        assert_int_equal(grog_unit_status_parse(grog_unit_status_name((grog_unit_status)v), &s,
                                                NULL),
                         GROG_OK);
        assert_int_equal(s, v);
    }
    for (int k = 0; k < GROG_UNIT_FLAG_COUNT; k++) {
        grog_unit_flag f;
        const char *name = grog_unit_flag_name((grog_unit_flag)(1 << k));
        assert_int_equal(grog_unit_flag_parse(name, &f, NULL), GROG_OK);
        assert_int_equal(f, 1 << k);
    }
    assert_string_equal(grog_nation_name(GROG_NATION_LATE_PRUSSIA), "late-prussia");
    assert_string_equal(grog_role_name(GROG_ROLE_C_IN_C), "commander-in-chief");
    assert_string_equal(grog_role_name(GROG_ROLE_ADC), "aide-de-camp");
    assert_string_equal(grog_officer_state_name(GROG_OFFICER_OUT_OF_COMMISSION),
                        "out-of-commission");
    assert_string_equal(grog_gdb_skill_name(GROG_GDB_SKILL_GIFTED), "gifted");  /* GDB-08 */
    assert_string_equal(grog_gt_quality_name(GROG_GT_QUALITY_BAD), "bad");     /* GT-02 */
    assert_string_equal(grog_arm_name(GROG_ARM_HORSE_ARTILLERY), "horse-artillery");
    assert_string_equal(grog_unit_status_name(GROG_STATUS_SEMI_REGULAR), "semi-regular");
    assert_string_equal(grog_manoeuvre_name(GROG_MANOEUVRE_C), "C");
    assert_string_equal(grog_marker_name(GROG_MARKER_AVANCE), "avance"); /* AIG-O-22 */
    assert_string_equal(grog_arm_name((grog_arm)99), "?");
    grog_arm a = GROG_ARM_CAVALRY;
    assert_int_equal(grog_arm_parse("infantery", &a, &err), GROG_EINVAL);
    assert_string_equal(err.message,
                        "unknown arm \"infantery\" (expected one of: infantry, cavalry, "
                        "foot-artillery, horse-artillery, engineers)");
    assert_int_equal(a, GROG_ARM_CAVALRY);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lookup_by_id),
        cmocka_unit_test(test_ids_unique_and_valid),
        cmocka_unit_test(test_large_battle_index),
        cmocka_unit_test(test_relations),
        cmocka_unit_test(test_set_superior_refuses_cycles),
        cmocka_unit_test(test_attach_one_general_per_unit_gt03),
        cmocka_unit_test(test_unit_parent_not_adc),
        cmocka_unit_test(test_check_lists_every_problem),
        cmocka_unit_test(test_check_adc_of_adc_and_cinc),
        cmocka_unit_test(test_remove),
        cmocka_unit_test(test_clone_is_deep_and_equal),
        cmocka_unit_test(test_table_and_meta),
        cmocka_unit_test(test_enum_names_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
