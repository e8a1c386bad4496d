/* test_aigles_officers.c — Les Aigles officers, command, charisma, orders
 * (AIG-O-01 to AIG-O-27): the rules data, the library and the calculators.
 *
 * Every expected value is worked out by hand from
 * shared/spec/aigles-officers.md. Bases are 20 mm wide and 10 mm deep,
 * facing north, one above the other, so the edge-to-edge distance is the
 * difference of their y minus 10 mm; one pas is one mm. */
#include <math.h>
#include <unistd.h>

#include "grognard/aigles.h"
#include "grognard/scenario.h"
#include "testutil.h"

static grog_aigles_rules *rules(void)
{
    grog_aigles_rules *r = NULL;
    grog_error err;
    assert_int_equal(grog_aigles_rules_load(NULL, &r, &err), GROG_OK);
    return r;
}

/* The embedded rules with officers.SECTION.KEY (or officers.KEY) set. */
static grog_aigles_rules *rules_with(const char *section, const char *key, json_t *value)
{
    const char *text = grog_data_embedded("rules/aigles.json", NULL);
    assert_non_null(text);
    json_t *root = json_loads(text, 0, NULL);
    json_t *off = json_object_get(root, "officers");
    json_t *sec = section != NULL ? json_object_get(off, section) : off;
    assert_non_null(sec);
    json_object_set_new(sec, key, value);
    char *s = json_dumps(root, JSON_INDENT(2));
    grog_aigles_rules *r = NULL;
    grog_error err;
    grog_status st = grog_aigles_rules_parse(s, "house.json", &r, &err);
    if (st != GROG_OK)
        fail_msg("%s", err.message);
    free(s);
    json_decref(root);
    return r;
}

/* A base whose edge is `pas` pas north of base_at(0) (y = pas + 10). */
static grog_base base_at(double y)
{
    grog_base b = {{0, y}, 20, 10, 0};
    return b;
}

static grog_base base_away(double pas)
{
    return base_at(pas + 10);
}

static grog_aigles_order unit_order(int command, grog_aigles_status status)
{
    grog_aigles_order o = grog_aigles_order_default();
    o.command = command;
    o.status = (int)status;
    return o;
}

/* The exact odds of "obeys" of an order, as num/6. */
static uint64_t obeys_of(const grog_aigles_rules *r, const grog_aigles_order *o)
{
    grog_explain *e = NULL;
    grog_error err;
    grog_status st = grog_aigles_order_test(r, o, NULL, &e, NULL, &err);
    if (st != GROG_OK)
        fail_msg("%s", err.message);
    grog_frac p;
    assert_true(grog_explain_outcome_p(e, "obeys", &p));
    assert_int_equal(p.den, 6);
    grog_frac q;
    assert_true(grog_explain_outcome_p(e, "fails", &q));
    assert_int_equal(p.num + q.num, 6);
    grog_explain_destroy(e);
    return p.num;
}

static json_t *run_json(cli_run *run, int code)
{
    if (run->code != code)
        fail_msg("exit %d (expected %d): %s", run->code, code, run->err);
    return cli_json(run);
}

/* ---- rules data ---- */

static void test_rules_load_embedded_and_formations_ignored(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    assert_true(grog_aigles_mm_per_pas(r) == 1.0); /* Measures: 1 pas = 1 mm */
    assert_false(grog_aigles_variant_default(r)); /* AIG-O-08 off by default */
    grog_aigles_rules_destroy(r);
    grog_aigles_rules_destroy(NULL);
    /* the formations section, whatever it holds, is not ours */
    grog_aigles_rules *h = rules_with(NULL, "defaults", json_object());
    grog_aigles_rules_destroy(h);
    const char *text = "{\"family\": \"aigles\", \"formations\": {\"anything\": [1, 2]},\n"
                       " \"officers\": 3}";
    grog_error err;
    assert_int_equal(grog_aigles_rules_parse(text, "x.json", &r, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "x.json:2:2: officers: expected an object"));
}

static void test_rules_errors_name_place(void **state)
{
    (void)state;
    grog_aigles_rules *r = NULL;
    grog_error err;
    const char *typo = "{\"family\": \"aigles\",\n \"officers\": {\"measur\": {}}}";
    assert_int_equal(grog_aigles_rules_parse(typo, "t.json", &r, &err), GROG_EFORMAT);
    assert_string_equal(err.message, "t.json:2:15: officers.measur: unknown key (a typo?)");
    const char *fam = "{\"family\": \"gdb\", \"officers\": {}}";
    assert_int_equal(grog_aigles_rules_parse(fam, "f.json", &r, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "expected \"aigles\""));
    assert_null(r);
    assert_int_not_equal(grog_aigles_rules_load("/nonexistent/aigles.json", &r, &err), GROG_OK);
    assert_non_null(strstr(err.message, "/nonexistent/aigles.json"));
}

static void test_rules_bad_zone_value(void **state)
{
    (void)state;
    const char *text = grog_data_embedded("rules/aigles.json", NULL);
    json_t *root = json_loads(text, 0, NULL);
    json_t *z = json_object_get(json_object_get(json_object_get(root, "officers"),
                                                "command_zone"), "25");
    json_object_set_new(z, "3", json_string("far"));
    char *s = json_dumps(root, JSON_INDENT(2));
    grog_aigles_rules *r = NULL;
    grog_error err;
    assert_int_equal(grog_aigles_rules_parse(s, "z.json", &r, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "officers.command_zone.25.3: expected \"contact\""));
    free(s);
    json_decref(root);
}

static void test_rules_values_checked_and_settings(void **state)
{
    (void)state;
    const char *text = grog_data_embedded("rules/aigles.json", NULL);
    json_t *root = json_loads(text, 0, NULL);
    json_t *off = json_object_get(root, "officers");
    json_object_set_new(json_object_get(off, "reaction"), "garde", json_integer(-1));
    char *s = json_dumps(root, JSON_INDENT(2));
    grog_aigles_rules *r = NULL;
    grog_error err;
    assert_int_equal(grog_aigles_rules_parse(s, "h.json", &r, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "officers.reaction.garde: -1 is out of range"));
    free(s);
    json_object_set_new(json_object_get(off, "reaction"), "garde", json_integer(4));
    json_object_set_new(json_object_get(off, "defaults"), "adc.sped", json_string("typo"));
    s = json_dumps(root, JSON_INDENT(2));
    assert_int_equal(grog_aigles_rules_parse(s, "h.json", &r, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "officers.defaults: \"adc.sped\" is not a setting"));
    free(s);
    json_decref(root);
    /* turn = période (an interpretation): two périodes a turn double the ADC's ride */
    grog_aigles_rules *h = rules_with("measure", "periodes_per_turn", json_integer(2));
    double pas;
    int is_default;
    assert_int_equal(grog_aigles_adc_speed(h, 25, &pas, &is_default, &err), GROG_OK);
    assert_true(pas == 600);
    assert_int_equal(is_default, 1);
    grog_aigles_rules_destroy(h);
    /* a house rule that gives the ADC speed as its own: no longer a default */
    h = rules_with(NULL, "defaults", json_object());
    assert_int_equal(grog_aigles_adc_speed(h, 15, &pas, &is_default, &err), GROG_OK);
    assert_true(pas == 200);
    assert_int_equal(is_default, 0);
    grog_aigles_rules_destroy(h);
}

/* ---- AIG-O-01, AIG-O-02: officers and their ratings ---- */

static grog_aigles_officer officer(int id, int side, int is_adc, int superior)
{
    grog_aigles_officer o = {id, side, is_adc, superior, 3, 3, GROG_AIGLES_ACTIVE, -1, 0, 0, -1};
    return o;
}

static void test_aig_o_01_ratings_0_to_5(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_error err;
    grog_aigles_officer o[2] = {officer(1, 0, 0, -1), officer(2, 0, 1, 1)};
    o[0].charisma = 0;
    o[0].command = 5;
    assert_int_equal(grog_aigles_officers_check(r, o, 2, &err), GROG_OK);
    o[0].charisma = 6; /* AIG-O-01: 0..5 */
    assert_int_equal(grog_aigles_officers_check(r, o, 2, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "AIG-O-01"));
    o[0].charisma = 0;
    o[1].command = -1;
    assert_int_equal(grog_aigles_officers_check(r, o, 2, &err), GROG_EINVAL);
    double pas;
    int contact;
    assert_int_equal(grog_aigles_zone(r, 6, 25, &pas, &contact, &err), GROG_EINVAL);
    grog_aigles_rules_destroy(r);
}

static void test_aig_o_02_adc_belongs_to_one_general(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_error err;
    grog_aigles_officer o[3] = {officer(1, 0, 0, -1), officer(2, 0, 1, 1), officer(3, 1, 0, -1)};
    assert_int_equal(grog_aigles_officers_check(r, o, 3, &err), GROG_OK);
    o[1].superior = 3; /* AIG-O-02: a general of the other side */
    assert_int_equal(grog_aigles_officers_check(r, o, 3, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "AIG-O-02"));
    o[1].superior = 2; /* himself, an ADC */
    assert_int_equal(grog_aigles_officers_check(r, o, 3, &err), GROG_EINVAL);
    o[1].superior = 9; /* nobody */
    assert_int_equal(grog_aigles_officers_check(r, o, 3, &err), GROG_EINVAL);
    grog_aigles_rules_destroy(r);
}

/* ---- charisma (AIG-O-03 to AIG-O-05) ---- */

static int bonus_at(const grog_aigles_rules *r, int charisma, int scale, double pas)
{
    int b = -1;
    grog_error err;
    assert_int_equal(grog_aigles_charisma_bonus(r, charisma, scale, pas, &b, &err), GROG_OK);
    return b;
}

static void test_aig_o_04_rings_25mm(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    /* charisma 4, 25 mm: <=150 +3, <=200 +2, <=250 +1, beyond 0 */
    assert_int_equal(bonus_at(r, 4, 25, 0), 3);
    assert_int_equal(bonus_at(r, 4, 25, 150), 3);   /* AIG-O-04 on the first radius */
    assert_int_equal(bonus_at(r, 4, 25, 151), 2);   /* AIG-O-04 one pas beyond */
    assert_int_equal(bonus_at(r, 4, 25, 200), 2);
    assert_int_equal(bonus_at(r, 4, 25, 201), 1);
    assert_int_equal(bonus_at(r, 4, 25, 250), 1);   /* AIG-O-04 on the outer radius */
    assert_int_equal(bonus_at(r, 4, 25, 251), 0);   /* one pas beyond */
    assert_int_equal(bonus_at(r, 5, 25, 300), 1);   /* +4 to 150, +3 200, +2 250, +1 300 */
    assert_int_equal(bonus_at(r, 5, 25, 301), 0);
    double pas;
    grog_error err;
    assert_int_equal(grog_aigles_charisma_radius(r, 4, 25, &pas, &err), GROG_OK);
    assert_true(pas == 250);
    assert_int_equal(grog_aigles_charisma_radius(r, 5, 25, &pas, &err), GROG_OK);
    assert_true(pas == 300);
    assert_int_equal(grog_aigles_charisma_radius(r, 2, 25, &pas, &err), GROG_OK);
    assert_true(pas == 150);
    grog_aigles_rules_destroy(r);
}

static void test_aig_o_04_rings_15mm(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    /* charisma 4, 15 mm: <=100 +3, <=135 +2, <=170 +1 */
    assert_int_equal(bonus_at(r, 4, 15, 100), 3);   /* AIG-O-04 15 mm first radius */
    assert_int_equal(bonus_at(r, 4, 15, 101), 2);
    assert_int_equal(bonus_at(r, 4, 15, 135), 2);
    assert_int_equal(bonus_at(r, 4, 15, 136), 1);
    assert_int_equal(bonus_at(r, 4, 15, 170), 1);
    assert_int_equal(bonus_at(r, 4, 15, 171), 0);
    double pas;
    grog_error err;
    assert_int_equal(grog_aigles_charisma_radius(r, 4, 15, &pas, &err), GROG_OK);
    assert_true(pas == 170);
    assert_int_equal(grog_aigles_charisma_radius(r, 5, 15, &pas, &err), GROG_OK);
    assert_true(pas == 205);
    assert_int_equal(grog_aigles_charisma_radius(r, 3, 20, &pas, &err), GROG_EINVAL);
    grog_aigles_rules_destroy(r);
}

static void test_aig_o_04_charisma_1_and_0_give_nothing(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    double pas = -1;
    grog_error err;
    assert_int_equal(bonus_at(r, 1, 25, 0), 0); /* AIG-O-04: charisma 1 -> +(1-1) = 0 */
    assert_int_equal(bonus_at(r, 0, 15, 0), 0);
    assert_int_equal(grog_aigles_charisma_radius(r, 1, 25, &pas, &err), GROG_OK);
    assert_true(pas == 0);
    assert_int_equal(grog_aigles_charisma_radius(r, 0, 15, &pas, &err), GROG_OK);
    assert_true(pas == 0);
    assert_int_equal(bonus_at(r, 2, 25, 150), 1);
    assert_int_equal(bonus_at(r, 2, 25, 151), 0);
    grog_aigles_rules_destroy(r);
}

static grog_aigles_influence influence(const char *name, int side, int charisma, double pas)
{
    grog_aigles_influence o = {name, side, charisma, base_away(pas), 1};
    return o;
}

static void test_aig_o_04_unit_on_radius_and_one_pas_beyond(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_base unit = base_at(0);
    grog_aigles_influence o = influence("Ney", 0, 2, 150);
    grog_aigles_morale m;
    grog_error err;
    grog_explain *e = NULL;
    assert_int_equal(grog_aigles_morale_modifier(r, &unit, 0, &o, 1, 25, 0, &m, &e, &err), GROG_OK);
    assert_int_equal(m.bonus, 1); /* AIG-O-04: exactly 150 pas, within */
    assert_int_equal(m.from, 0);
    double v;
    assert_true(grog_explain_value(e, &v));
    assert_true(v == 1);
    grog_explain_destroy(e);
    o = influence("Ney", 0, 2, 151);
    assert_int_equal(grog_aigles_morale_modifier(r, &unit, 0, &o, 1, 25, 0, &m, NULL, &err),
                     GROG_OK);
    assert_int_equal(m.bonus, 0); /* AIG-O-04: one pas beyond */
    assert_int_equal(m.from, -1);
    /* 15 mm: first radius 100 */
    o = influence("Ney", 0, 2, 100);
    assert_int_equal(grog_aigles_morale_modifier(r, &unit, 0, &o, 1, 15, 0, &m, NULL, &err),
                     GROG_OK);
    assert_int_equal(m.bonus, 1);
    o = influence("Ney", 0, 2, 101);
    assert_int_equal(grog_aigles_morale_modifier(r, &unit, 0, &o, 1, 15, 0, &m, NULL, &err),
                     GROG_OK);
    assert_int_equal(m.bonus, 0);
    /* 2 mm per pas: 300 mm is 150 pas */
    o = influence("Ney", 0, 2, 300);
    assert_int_equal(grog_aigles_morale_modifier(r, &unit, 0, &o, 1, 25, 2.0, &m, NULL, &err),
                     GROG_OK);
    assert_int_equal(m.bonus, 1);
    grog_aigles_rules_destroy(r);
}

static void test_aig_o_03_contact_range_chosen_after_die(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_base unit = base_at(0);
    grog_aigles_influence o = influence("Lasalle", 0, 3, 0);
    grog_aigles_morale m;
    grog_error err;
    grog_explain *e = NULL;
    assert_int_equal(grog_aigles_morale_modifier(r, &unit, 0, &o, 1, 25, 0, &m, &e, &err), GROG_OK);
    assert_int_equal(m.contact, 1); /* AIG-O-03 */
    assert_int_equal(m.lo, -3);
    assert_int_equal(m.hi, 3);
    assert_true(grog_explain_has_rule(e, "AIG-O-03"));
    grog_explain_destroy(e);
    cli_run run = run_cli("calc", "aigles-charisma", "--charisma", "3", "--scale", "15",
                          "--contact", "--json", NULL);
    json_t *j = run_json(&run, 0);
    json_t *range = json_object_get(j, "range");
    assert_int_equal(json_integer_value(json_array_get(range, 0)), -3); /* AIG-O-03 */
    assert_int_equal(json_integer_value(json_array_get(range, 1)), 3);
    json_decref(j);
    cli_run_free(&run);
    grog_aigles_rules_destroy(r);
}

static void test_aig_o_05_best_not_sum_contact_first(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_base unit = base_at(0);
    grog_aigles_influence o[4] = {
        influence("A", 0, 3, 100),  /* +2 */
        influence("B", 0, 5, 160),  /* +4 to 150, 151..200: +3 */
        influence("Enemy", 1, 5, 0), /* the other side: nothing */
        influence("Lost", 0, 5, 10), /* captured: nothing */
    };
    o[3].available = 0;
    grog_aigles_morale m;
    grog_error err;
    grog_explain *e = NULL;
    assert_int_equal(grog_aigles_morale_modifier(r, &unit, 0, o, 4, 25, 0, &m, &e, &err), GROG_OK);
    assert_int_equal(m.contact, 0);
    assert_int_equal(m.bonus, 3); /* AIG-O-05: the best, not 2 + 3 */
    assert_int_equal(m.from, 1);
    assert_int_equal(grog_explain_modifier_total(e), 3);
    grog_explain_destroy(e);
    /* an officer in contact comes first, even of charisma 1 */
    grog_aigles_influence c[2] = {influence("B", 0, 5, 160), influence("C", 0, 1, 0)};
    assert_int_equal(grog_aigles_morale_modifier(r, &unit, 0, c, 2, 25, 0, &m, NULL, &err),
                     GROG_OK);
    assert_int_equal(m.contact, 1); /* AIG-O-05 */
    assert_int_equal(m.from, 1);
    assert_int_equal(m.hi, 1);
    /* house rule: indirect bonuses add up */
    grog_aigles_rules *h = rules_with("charisma", "indirect_combine", json_string("sum"));
    assert_int_equal(grog_aigles_morale_modifier(h, &unit, 0, o, 4, 25, 0, &m, NULL, &err),
                     GROG_OK);
    assert_int_equal(m.bonus, 5);
    grog_aigles_rules_destroy(h);
    grog_aigles_rules_destroy(r);
}

static void test_cli_charisma_distance_both_scales(void **state)
{
    (void)state;
    cli_run run = run_cli("calc", "aigles-charisma", "--charisma", "4", "--scale", "25",
                          "--distance", "200", "--json", NULL);
    json_t *j = run_json(&run, 0);
    assert_true(json_real_value(json_object_get(j, "value")) == 2); /* AIG-O-04 */
    assert_string_equal(json_string_value(json_object_get(j, "unit")), "morale");
    json_decref(j);
    cli_run_free(&run);
    run = run_cli("calc", "aigles-charisma", "--charisma", "4", "--scale", "15", "--distance",
                  "200", "--json", NULL);
    j = run_json(&run, 0);
    assert_true(json_real_value(json_object_get(j, "value")) == 0); /* AIG-O-04: 15 mm ends at 170 */
    json_decref(j);
    cli_run_free(&run);
    run = run_cli("calc", "aigles-charisma", "--charisma", "4", "--scale", "25", NULL);
    assert_int_equal(run.code, 2);
    cli_run_free(&run);
    /* AIG-O-01: charisma 0..5; a value outside is a wrong command line (exit 2),
     * as every other option out of range (it exited 1) */
    run = run_cli("calc", "aigles-charisma", "--charisma", "9", "--scale", "25", "--contact",
                  NULL);
    assert_int_equal(run.code, 2);
    assert_non_null(strstr(run.err, "--charisma: expected a whole number from 0 to 5, not \"9\""));
    cli_run_free(&run);
    run = run_cli("calc", "aigles-charisma", "--charisma", "6", "--scale", "25", "--contact",
                  NULL);
    assert_int_equal(run.code, 2);
    cli_run_free(&run);
    run = run_cli("calc", "aigles-charisma", "--charisma", "5", "--scale", "25", "--contact",
                  NULL);
    assert_int_equal(run.code, 0);
    cli_run_free(&run);
}

/* ---- command points (AIG-O-06, AIG-O-13) ---- */

static void test_aig_o_06_points_per_periode_and_aig_o_13_spend(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_aigles_points p;
    grog_error err;
    assert_int_equal(grog_aigles_points_refresh(r, 3, &p, &err), GROG_OK);
    assert_int_equal(p.left, 3); /* AIG-O-06: as many as his command */
    for (int i = 0; i < 3; i++)
        assert_int_equal(grog_aigles_points_spend(&p, &err), GROG_OK); /* AIG-O-13 */
    assert_int_equal(grog_aigles_points_spend(&p, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-13"));
    assert_int_equal(p.left, 0);
    assert_int_equal(grog_aigles_points_refresh(r, 0, &p, &err), GROG_OK);
    assert_int_equal(p.left, 0); /* AIG-O-06: command 0, no points */
    assert_int_equal(grog_aigles_points_spend(&p, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-06"));
    grog_aigles_rules_destroy(r);
}

/* ---- zones (AIG-O-07, AIG-O-10, AIG-O-11) ---- */

static void test_aig_o_07_zone_table_both_scales(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    static const double z25[] = {0, 0, 50, 100, 150, 200};
    static const double z15[] = {0, 0, 35, 75, 115, 150};
    grog_error err;
    for (int c = 0; c <= 5; c++) {
        double pas = -1;
        int contact = -1;
        assert_int_equal(grog_aigles_zone(r, c, 25, &pas, &contact, &err), GROG_OK);
        assert_true(pas == z25[c]); /* AIG-O-07, 25 mm */
        assert_int_equal(contact, c == 1);
        assert_int_equal(grog_aigles_zone(r, c, 15, &pas, &contact, &err), GROG_OK);
        assert_true(pas == z15[c]); /* AIG-O-07, 15 mm */
        assert_int_equal(contact, c == 1);
    }
    double pas;
    int contact;
    assert_int_equal(grog_aigles_zone(r, 3, 28, &pas, &contact, &err), GROG_EINVAL);
    grog_aigles_rules_destroy(r);
}

static void test_cli_zone(void **state)
{
    (void)state;
    cli_run run = run_cli("calc", "aigles-zone", "--command", "1", "--scale", "25", "--json",
                          NULL);
    json_t *j = run_json(&run, 0);
    assert_true(json_is_null(json_object_get(j, "value"))); /* AIG-O-07: command 1 contact */
    assert_string_equal(json_string_value(json_object_get(j, "unit")), "contact");
    json_decref(j);
    cli_run_free(&run);
    run = run_cli("calc", "aigles-zone", "--command", "4", "--scale", "15", "--json", NULL);
    j = run_json(&run, 0);
    assert_true(json_real_value(json_object_get(j, "value")) == 115); /* AIG-O-07 */
    assert_string_equal(json_string_value(json_object_get(j, "unit")), "pas");
    json_decref(j);
    cli_run_free(&run);
    run = run_cli("calc", "aigles-zone", "--command", "0", "--scale", "25", "--json", NULL);
    j = run_json(&run, 0);
    assert_true(json_is_null(json_object_get(j, "value"))); /* AIG-O-07: command 0, no zone */
    assert_string_equal(json_string_value(json_object_get(j, "unit")), "none");
    json_decref(j);
    cli_run_free(&run);
    run = run_cli("calc", "aigles-zone", "--command", "3", "--scale", "20", NULL);
    assert_int_equal(run.code, 2);
    cli_run_free(&run);
    run = run_cli("calc", "aigles-zone", "--command", "6", "--scale", "25", NULL);
    assert_int_equal(run.code, 2); /* AIG-O-01: command 0..5 */
    assert_non_null(strstr(run.err, "--command: expected a whole number from 0 to 5, not \"6\""));
    cli_run_free(&run);
    run = run_cli("calc", "aigles-zone", "--command", "5", "--scale", "25", NULL);
    assert_int_equal(run.code, 0);
    assert_non_null(strstr(run.out, "200 pas"));
    cli_run_free(&run);
}

static grog_aigles_situation situation(int scale, double pas)
{
    grog_aigles_situation s;
    memset(&s, 0, sizeof s);
    s.figure_mm = scale;
    s.giver = base_at(0);
    s.receiver = base_away(pas);
    return s;
}

static grog_status check_at(const grog_aigles_rules *r, const grog_aigles_order *o, int scale,
                            double pas, grog_error *err)
{
    grog_aigles_situation s = situation(scale, pas);
    double d = -1;
    grog_status st = grog_aigles_order_check(r, o, &s, NULL, NULL, &d, err);
    assert_true(d > pas - 1e-9 && d < pas + 1e-9);
    return st;
}

static void test_aig_o_10_unit_on_zone_edge_and_beyond(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_error err;
    grog_aigles_order o = unit_order(2, GROG_AIGLES_REGULAR);
    assert_int_equal(check_at(r, &o, 25, 50, &err), GROG_OK); /* AIG-O-10: 50 pas, within */
    assert_int_equal(check_at(r, &o, 25, 51, &err), GROG_ERULE); /* one pas beyond */
    assert_non_null(strstr(err.message, "AIG-O-10"));
    assert_int_equal(check_at(r, &o, 15, 35, &err), GROG_OK);
    assert_int_equal(check_at(r, &o, 15, 36, &err), GROG_ERULE);
    o.command = 5;
    assert_int_equal(check_at(r, &o, 25, 200, &err), GROG_OK);
    assert_int_equal(check_at(r, &o, 25, 201, &err), GROG_ERULE);
    o.command = 1; /* contact only */
    assert_int_equal(check_at(r, &o, 25, 0, &err), GROG_OK);
    grog_aigles_situation s = situation(25, 0);
    grog_explain *e = grog_explain_create("t", "t");
    assert_int_equal(grog_aigles_order_check(r, &o, &s, NULL, e, NULL, &err), GROG_OK);
    assert_int_equal(grog_explain_default_count(e), 1); /* the contact tolerance, a default */
    grog_explain_destroy(e);
    assert_int_equal(check_at(r, &o, 25, 1, &err), GROG_ERULE);
    o.command = 0; /* AIG-O-07 interpretation: no orders */
    assert_int_equal(check_at(r, &o, 25, 0, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-06"));
    grog_aigles_rules_destroy(r);
}

static void test_aig_o_11_officer_out_of_zone_needs_adc(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_error err;
    grog_aigles_order o = grog_aigles_order_default();
    o.command = 3;
    o.receiver = GROG_AIGLES_TO_OFFICER;
    o.receiver_command = 2;
    assert_int_equal(check_at(r, &o, 25, 100, &err), GROG_OK);
    assert_int_equal(check_at(r, &o, 25, 101, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-11")); /* AIG-O-11 */
    assert_non_null(strstr(err.message, "ADC"));
    /* the ADC route: 700 pas, default speed 300 pas per turn at 25 mm */
    grog_aigles_adc_input in;
    memset(&in, 0, sizeof in);
    in.general_command = 4;
    in.adc_command = 2;
    in.general = base_at(0);
    in.adc = base_at(0);
    in.subordinate = base_away(700);
    in.figure_mm = 25;
    grog_aigles_adc_route rt;
    grog_explain *e = grog_explain_create("aigles-order", "t");
    assert_int_equal(grog_aigles_adc_plan(r, &in, &rt, e, &err), GROG_OK);
    assert_true(rt.out_pas == 700);
    assert_int_equal(rt.turns_out, 3);  /* AIG-O-11: ceil(700 / 300) */
    assert_true(rt.back_pas == 700);
    assert_int_equal(rt.turns_back, 3); /* AIG-O-11: the ride back */
    assert_int_equal(rt.speed_default, 1);
    assert_int_equal(grog_explain_default_count(e), 3); /* speed, dispatch cost, contact */
    assert_true(grog_explain_has_rule(e, "AIG-O-11"));
    grog_explain_destroy(e);
    in.speed_pas = 350; /* from the scenario */
    assert_int_equal(grog_aigles_adc_plan(r, &in, &rt, NULL, &err), GROG_OK);
    assert_int_equal(rt.turns_out, 2);
    assert_int_equal(rt.speed_default, 0);
    in.speed_pas = 0;
    in.figure_mm = 15; /* default 200 pas per turn */
    assert_int_equal(grog_aigles_adc_plan(r, &in, &rt, NULL, &err), GROG_OK);
    assert_int_equal(rt.turns_out, 4); /* ceil(700 / 200) */
    in.adc = base_away(700); /* already in contact */
    in.subordinate = base_away(710);
    assert_int_equal(grog_aigles_adc_plan(r, &in, &rt, NULL, &err), GROG_OK);
    assert_int_equal(rt.turns_out, 0);
    grog_aigles_rules_destroy(r);
}

static void test_aig_o_12_adc_uses_generals_command_own_attempts(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_error err;
    grog_aigles_adc_input in;
    memset(&in, 0, sizeof in);
    in.general_command = 4;
    in.adc_command = 2;
    in.subordinate = base_away(100);
    in.figure_mm = 25;
    grog_aigles_adc_route rt;
    assert_int_equal(grog_aigles_adc_plan(r, &in, &rt, NULL, &err), GROG_OK);
    assert_int_equal(rt.attempts, 2);     /* AIG-O-12: the ADC's command */
    assert_int_equal(rt.test_command, 4); /* AIG-O-12: the general's command */
    assert_int_equal(rt.dispatch_cost, 1); /* default: sending him is one of the general's orders */
    /* the test: general's 4 + subordinate's 2 = 6 -> obeys on 1..5 */
    grog_aigles_order o = grog_aigles_order_default();
    o.command = rt.test_command;
    o.receiver = GROG_AIGLES_TO_OFFICER;
    o.receiver_command = 2;
    o.via_adc = 1;
    assert_int_equal(obeys_of(r, &o), 5); /* AIG-O-12 */
    in.adc_command = 0;
    assert_int_equal(grog_aigles_adc_plan(r, &in, &rt, NULL, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-12"));
    in.adc_command = 2;
    in.general_command = 0;
    assert_int_equal(grog_aigles_adc_plan(r, &in, &rt, NULL, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-06"));
    grog_aigles_rules_destroy(r);
}

/* ---- AIG-O-08: the distance variant ---- */

static void test_aig_o_08_distance_variant(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_aigles_order o = unit_order(3, GROG_AIGLES_REGULAR);
    o.variant = GROG_AIGLES_VARIANT_DISTANCE;
    o.distance_pas = 149;
    assert_int_equal(obeys_of(r, &o), 4); /* AIG-O-08: no complete step: 2 + 3 = 5 */
    o.distance_pas = 150;
    assert_int_equal(obeys_of(r, &o), 3); /* one step: 2 + 2 = 4 */
    o.distance_pas = 299;
    assert_int_equal(obeys_of(r, &o), 3);
    o.distance_pas = 300;
    assert_int_equal(obeys_of(r, &o), 2); /* two steps: 2 + 1 = 3 */
    o.command = 2;
    o.distance_pas = 1000; /* six steps; the command stops at 0 */
    assert_int_equal(obeys_of(r, &o), 1); /* 2 + 0 = 2 */
    /* militia 1 + command 1 - 1 = 1: a sum of 1 never obeys */
    o = unit_order(1, GROG_AIGLES_MILITIA);
    o.variant = GROG_AIGLES_VARIANT_DISTANCE;
    o.distance_pas = 150;
    assert_int_equal(obeys_of(r, &o), 0); /* AIG-O-08, AIG-O-16: 0/6 */
    /* no zone limit under the variant */
    grog_error err;
    o = unit_order(2, GROG_AIGLES_REGULAR);
    o.variant = GROG_AIGLES_VARIANT_DISTANCE;
    assert_int_equal(check_at(r, &o, 25, 600, &err), GROG_OK); /* AIG-O-08 */
    o.variant = GROG_AIGLES_VARIANT_ZONE;
    assert_int_equal(check_at(r, &o, 25, 600, &err), GROG_ERULE);
    /* a rules file may turn it on by default */
    grog_aigles_rules *h = rules_with("distance_variant", "enabled", json_true());
    assert_true(grog_aigles_variant_default(h));
    o.variant = GROG_AIGLES_VARIANT_RULES;
    assert_int_equal(check_at(h, &o, 25, 600, &err), GROG_OK);
    o.distance_pas = 450;
    assert_int_equal(obeys_of(h, &o), 1); /* 2 + max(0, 2 - 3) = 2 */
    grog_aigles_rules_destroy(h);
    grog_aigles_rules_destroy(r);
}

static void test_cli_order_variant(void **state)
{
    (void)state;
    cli_run run = run_cli("calc", "aigles-order", "--command", "3", "--status", "regular",
                          "--variant", "distance-penalty", "--distance", "300", "--json", NULL);
    json_t *j = run_json(&run, 0);
    assert_string_equal(json_exact_of(json_object_get(j, "outcomes"), "name", "obeys"),
                        "2/6"); /* AIG-O-08 */
    assert_int_equal(json_integer_value(json_object_get(j, "target")), 3);
    json_decref(j);
    cli_run_free(&run);
    run = run_cli("calc", "aigles-order", "--command", "3", "--status", "regular", "--variant",
                  "distance-penalty", NULL);
    assert_int_equal(run.code, 2); /* needs --distance */
    cli_run_free(&run);
    run = run_cli("calc", "aigles-order", "--command", "3", "--status", "regular", "--distance",
                  "300", NULL);
    assert_int_equal(run.code, 2); /* --distance without the variant */
    cli_run_free(&run);
}

/* ---- AIG-O-09 ---- */

static void test_aig_o_09_initial_orders_without_test(void **state)
{
    (void)state;
    grog_aigles_order o = unit_order(0, GROG_AIGLES_MILITIA);
    grog_explain *e = NULL;
    grog_error err;
    assert_int_equal(grog_aigles_order_initial(&o, &e, &err), GROG_OK);
    grog_frac p;
    assert_true(grog_explain_outcome_p(e, "obeys", &p));
    assert_frac(p, 1, 1); /* AIG-O-09: applied, no test */
    assert_true(grog_explain_has_rule(e, "AIG-O-09"));
    assert_null(grog_explain_outcome(e)); /* no die rolled */
    grog_explain_destroy(e);
}

/* ---- giving an order in a battle: AIG-O-13, AIG-O-14 ---- */

static void test_aig_o_13_give_spends_one_point_per_attempt(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_aigles_order o = unit_order(2, GROG_AIGLES_REGULAR);
    grog_aigles_situation s = situation(25, 40);
    grog_aigles_points p;
    grog_error err;
    assert_int_equal(grog_aigles_points_refresh(r, 2, &p, &err), GROG_OK);
    grog_aigles_dice d = {GROG_AIGLES_ENTERED, NULL, 6};
    for (int i = 0; i < 2; i++) {
        grog_explain *e = NULL;
        int obeys = -1;
        assert_int_equal(grog_aigles_order_give(r, &o, &s, &p, &d, &e, &obeys, &err), GROG_OK);
        assert_int_equal(obeys, 0); /* 6 is not < 4: failed, may be repeated (AIG-O-13) */
        assert_true(grog_explain_checks_ok(e));
        grog_explain_destroy(e);
    }
    assert_int_equal(p.left, 0); /* AIG-O-13: one point per attempt */
    grog_explain *e = NULL;
    assert_int_equal(grog_aigles_order_give(r, &o, &s, &p, &d, &e, NULL, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-13"));
    assert_false(grog_explain_checks_ok(e));
    assert_null(grog_explain_outcome(e)); /* refused: no die */
    grog_explain_destroy(e);
    /* refused outside the zone: nothing spent */
    assert_int_equal(grog_aigles_points_refresh(r, 2, &p, &err), GROG_OK);
    s = situation(25, 51);
    assert_int_equal(grog_aigles_order_give(r, &o, &s, &p, &d, NULL, NULL, &err), GROG_ERULE);
    assert_int_equal(p.left, 2);
    grog_aigles_rules_destroy(r);
}

static void test_aig_o_14_no_order_into_melee_unless_general_there_a_turn(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_aigles_order o = unit_order(3, GROG_AIGLES_VETERAN);
    grog_aigles_situation s = situation(25, 0);
    s.receiver_in_melee = 1;
    grog_error err;
    grog_explain *e = grog_explain_create("t", "t");
    assert_int_equal(grog_aigles_order_check(r, &o, &s, NULL, e, NULL, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-14")); /* AIG-O-14 */
    assert_true(grog_explain_has_rule(e, "AIG-O-14"));
    grog_explain_destroy(e);
    s.giver_melee_turns = 1;
    assert_int_equal(grog_aigles_order_check(r, &o, &s, NULL, NULL, NULL, &err), GROG_OK);
    grog_aigles_rules_destroy(r);
}

/* ---- the reaction test (AIG-O-15 to AIG-O-17) ---- */

static void test_aig_o_15_reaction_by_status(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    static const int expect[GROG_AIGLES_NSTATUS] = {4, 3, 3, 2, 2, 1, 1};
    grog_error err;
    for (int s = 0; s < GROG_AIGLES_NSTATUS; s++) {
        int v = -1;
        assert_int_equal(grog_aigles_reaction(r, (grog_aigles_status)s, &v, &err), GROG_OK);
        assert_int_equal(v, expect[s]); /* AIG-O-15 */
        grog_aigles_status back;
        assert_int_equal(grog_aigles_status_parse(grog_aigles_status_name((grog_aigles_status)s),
                                                  &back, &err),
                         GROG_OK);
        assert_int_equal(back, s);
    }
    grog_aigles_status st;
    assert_int_equal(grog_aigles_status_parse("conscript", &st, &err), GROG_EINVAL);
    cli_run run = run_cli("calc", "aigles-order", "--command", "2", "--status", "garde",
                          "--json", NULL);
    json_t *j = run_json(&run, 0);
    /* AIG-O-15: garde 4 + command 2 = 6: obeys on 1..5 */
    assert_string_equal(json_exact_of(json_object_get(j, "outcomes"), "name", "obeys"), "5/6");
    json_decref(j);
    cli_run_free(&run);
    grog_aigles_rules_destroy(r);
}

static void test_aig_o_16_reaction_2_command_3_exact_and_every_die(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_aigles_order o = unit_order(3, GROG_AIGLES_REGULAR);
    int target;
    grog_error err;
    assert_int_equal(grog_aigles_order_target(r, &o, &target, &err), GROG_OK);
    assert_int_equal(target, 5);
    assert_int_equal(obeys_of(r, &o), 4); /* AIG-O-16: die < 5: 1..4 */
    cli_run run = run_cli("calc", "aigles-order", "--command", "3", "--reaction", "2", "--json",
                          NULL);
    json_t *j = run_json(&run, 0);
    json_t *outs = json_object_get(j, "outcomes");
    assert_string_equal(json_exact_of(outs, "name", "obeys"), "4/6"); /* AIG-O-16 */
    assert_string_equal(json_exact_of(outs, "name", "fails"), "2/6");
    assert_string_equal(json_string_value(json_object_get(j, "comparison")), "<");
    assert_true(json_is_null(json_object_get(j, "outcome")));
    json_decref(j);
    cli_run_free(&run);
    int obeyed = 0;
    for (int die = 1; die <= 6; die++) {
        char roll[16];
        snprintf(roll, sizeof roll, "%d", die);
        run = run_cli("calc", "aigles-order", "--command", "3", "--reaction", "2", "--roll", roll,
                      "--json", NULL);
        j = run_json(&run, 0);
        const char *out = json_string_value(json_object_get(j, "outcome"));
        assert_string_equal(out, die < 5 ? "obeys" : "fails"); /* AIG-O-16: strictly less */
        assert_true(json_is_true(json_object_get(j, "entered")));
        obeyed += strcmp(out, "obeys") == 0;
        grog_aigles_dice d = {GROG_AIGLES_ENTERED, NULL, die};
        int lib = -1;
        assert_int_equal(grog_aigles_order_test(r, &o, &d, NULL, &lib, &err), GROG_OK);
        assert_int_equal(lib, die < 5);
        json_decref(j);
        cli_run_free(&run);
    }
    assert_int_equal(obeyed, 4); /* the rolled test agrees with 4/6 */
    run = run_cli("calc", "aigles-order", "--command", "3", "--reaction", "2", "--roll", "7",
                  NULL);
    assert_int_equal(run.code, 1); /* a D6 cannot show 7 */
    cli_run_free(&run);
    grog_aigles_rules_destroy(r);
}

static void test_aig_o_16_sum_7_always_sum_1_never(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_aigles_order o = unit_order(3, GROG_AIGLES_GARDE);
    assert_int_equal(obeys_of(r, &o), 6); /* AIG-O-16: 4 + 3 = 7: 6/6 */
    grog_aigles_dice d = {GROG_AIGLES_ENTERED, NULL, 6};
    int obeys = -1;
    grog_error err;
    assert_int_equal(grog_aigles_order_test(r, &o, &d, NULL, &obeys, &err), GROG_OK);
    assert_int_equal(obeys, 1); /* even a 6 */
    o = unit_order(1, GROG_AIGLES_REGULAR);
    o.status = -1;
    o.reaction = 0;
    assert_int_equal(obeys_of(r, &o), 0); /* AIG-O-16: 0 + 1 = 1: 0/6 */
    d.entered = 1;
    assert_int_equal(grog_aigles_order_test(r, &o, &d, NULL, &obeys, &err), GROG_OK);
    assert_int_equal(obeys, 0); /* even a 1 */
    cli_run run = run_cli("calc", "aigles-order", "--command", "3", "--status", "garde",
                          "--json", NULL);
    json_t *j = run_json(&run, 0);
    assert_string_equal(json_exact_of(json_object_get(j, "outcomes"), "name", "obeys"), "6/6");
    assert_string_equal(json_exact_of(json_object_get(j, "outcomes"), "name", "fails"), "0/6");
    json_decref(j);
    cli_run_free(&run);
    grog_aigles_rules_destroy(r);
}

static void test_aig_o_16_command_0_refused(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_aigles_order o = unit_order(0, GROG_AIGLES_GARDE);
    grog_explain *e = NULL;
    grog_error err;
    assert_int_equal(grog_aigles_order_test(r, &o, NULL, &e, NULL, &err), GROG_ERULE);
    assert_null(e);
    assert_non_null(strstr(err.message, "AIG-O-06")); /* AIG-O-07: command 0, no orders */
    cli_run run = run_cli("calc", "aigles-order", "--command", "0", "--status", "garde", NULL);
    assert_int_equal(run.code, 1);
    assert_non_null(strstr(run.err, "AIG-O-06"));
    cli_run_free(&run);
    run = run_cli("calc", "aigles-order", "--command", "6", "--status", "garde", NULL);
    assert_int_equal(run.code, 2); /* AIG-O-01: an option out of its range */
    assert_non_null(strstr(run.err, "--command: expected a whole number from 0 to 5"));
    cli_run_free(&run);
    run = run_cli("calc", "aigles-order", "--command", "3", "--receiver-command", "6", NULL);
    assert_int_equal(run.code, 2); /* AIG-O-01 */
    assert_non_null(strstr(run.err, "--receiver-command: expected a whole number from 0 to 5"));
    cli_run_free(&run);
    run = run_cli("calc", "aigles-order", "--command", "3", "--receiver-command", "5", NULL);
    assert_int_equal(run.code, 0);
    cli_run_free(&run);
    run = run_cli("calc", "aigles-order", "--command", "2", "--status", "garde", "--reaction",
                  "2", NULL);
    assert_int_equal(run.code, 2);
    cli_run_free(&run);
    grog_aigles_rules_destroy(r);
}

static void test_aig_o_17_officer_to_officer(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_aigles_order o = grog_aigles_order_default();
    o.command = 2;
    o.receiver = GROG_AIGLES_TO_OFFICER;
    o.receiver_command = 3;
    assert_int_equal(obeys_of(r, &o), 4); /* AIG-O-17: 2 + 3 = 5 */
    o.receiver_command = 0;
    assert_int_equal(obeys_of(r, &o), 1); /* 2 + 0 = 2 */
    cli_run run = run_cli("calc", "aigles-order", "--command", "5", "--receiver-command", "2",
                          "--json", NULL);
    json_t *j = run_json(&run, 0);
    assert_string_equal(json_exact_of(json_object_get(j, "outcomes"), "name", "obeys"),
                        "6/6"); /* AIG-O-17: 5 + 2 = 7 */
    json_t *rules_arr = json_object_get(j, "rules");
    int found = 0;
    size_t i;
    json_t *v;
    json_array_foreach(rules_arr, i, v) found |= strcmp(json_string_value(v), "AIG-O-17") == 0;
    assert_true(found);
    json_decref(j);
    cli_run_free(&run);
    grog_aigles_rules_destroy(r);
}

/* ---- bonuses of one attempt (AIG-O-18 to AIG-O-20) ---- */

static void test_aig_o_18_explaining_adds_command(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    /* command 1 in contact waits one turn: tests as command 2 */
    grog_aigles_order o = unit_order(1, GROG_AIGLES_REGULAR);
    assert_int_equal(obeys_of(r, &o), 2); /* 2 + 1 = 3 */
    o.explain_turns = 1;
    assert_int_equal(obeys_of(r, &o), 3); /* AIG-O-18: 2 + 2 = 4 */
    o.explain_turns = 3;
    assert_int_equal(obeys_of(r, &o), 5); /* 2 + 4 = 6 */
    cli_run run = run_cli("calc", "aigles-order", "--command", "1", "--status", "regular",
                          "--explain-turns", "1", "--json", NULL);
    json_t *j = run_json(&run, 0);
    assert_string_equal(json_exact_of(json_object_get(j, "outcomes"), "name", "obeys"), "3/6");
    assert_int_equal(json_integer_value(json_object_get(j, "modifier_total")), 4);
    json_decref(j);
    cli_run_free(&run);
    grog_aigles_rules_destroy(r);
}

static void test_aig_o_19_two_failed_turns_one_reaction(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_aigles_order o = unit_order(2, GROG_AIGLES_MILITIA); /* 1 + 2 = 3 */
    o.failed_turns = 1;
    assert_int_equal(obeys_of(r, &o), 2); /* AIG-O-19: one turn, no bonus yet */
    o.failed_turns = 2;
    assert_int_equal(obeys_of(r, &o), 3); /* two turns: +1 */
    o.failed_turns = 3;
    assert_int_equal(obeys_of(r, &o), 3);
    o.failed_turns = 4;
    assert_int_equal(obeys_of(r, &o), 4); /* +2 */
    cli_run run = run_cli("calc", "aigles-order", "--command", "2", "--status", "militia",
                          "--failed-turns", "2", "--json", NULL);
    json_t *j = run_json(&run, 0);
    assert_string_equal(json_exact_of(json_object_get(j, "outcomes"), "name", "obeys"), "3/6");
    json_decref(j);
    cli_run_free(&run);
    grog_aigles_rules_destroy(r);
}

static void test_aig_o_20_bonuses_belong_to_one_attempt(void **state)
{
    (void)state;
    grog_aigles_attempt a;
    grog_aigles_attempt_start(&a);
    grog_aigles_attempt_explain(&a);       /* turn 1: explaining */
    grog_aigles_attempt_end_turn(&a);
    grog_aigles_attempt_result(&a, 0);     /* turn 2: two failed tests, one turn */
    grog_aigles_attempt_result(&a, 0);
    grog_aigles_attempt_end_turn(&a);
    grog_aigles_attempt_result(&a, 0);     /* turn 3 */
    grog_aigles_attempt_end_turn(&a);
    assert_int_equal(a.explain_turns, 1);
    assert_int_equal(a.failed_turns, 2);   /* AIG-O-19 counts turns, not tests */
    grog_aigles_order o = unit_order(1, GROG_AIGLES_MILITIA);
    grog_aigles_attempt_apply(&a, &o);
    grog_aigles_rules *r = rules();
    assert_int_equal(obeys_of(r, &o), 3); /* 1 + 1 + 1 (explaining) + 1 (failed) = 4 */
    grog_aigles_attempt_result(&a, 1);     /* obeyed: AIG-O-20, the bonuses vanish */
    grog_aigles_attempt_apply(&a, &o);
    assert_int_equal(o.explain_turns, 0);
    assert_int_equal(o.failed_turns, 0);
    assert_int_equal(obeys_of(r, &o), 1);
    grog_aigles_attempt_start(&a);
    grog_aigles_attempt_explain(&a);
    grog_aigles_attempt_abandon(&a);       /* abandoned: AIG-O-20 */
    assert_int_equal(a.explain_turns, 0);
    assert_int_equal(a.active, 0);
    grog_aigles_rules_destroy(r);
}

static void test_cli_order_seed_agrees_with_target(void **state)
{
    (void)state;
    for (int seed = 0; seed < 12; seed++) {
        char s[16];
        snprintf(s, sizeof s, "%d", seed);
        cli_run run = run_cli("calc", "aigles-order", "--command", "2", "--status", "elite",
                              "--seed", s, "--json", NULL);
        json_t *j = run_json(&run, 0);
        int roll = (int)json_integer_value(json_object_get(j, "roll"));
        assert_in_range(roll, 1, 6);
        assert_string_equal(json_string_value(json_object_get(j, "outcome")),
                            roll < 5 ? "obeys" : "fails"); /* AIG-O-16: 3 + 2 = 5 */
        assert_int_equal(json_integer_value(json_object_get(j, "seed")), seed);
        json_decref(j);
        cli_run_free(&run);
    }
    cli_run run = run_cli("calc", "aigles-order", "--command", "2", "--status", "elite",
                          "--seed", "1", "--roll", "3", NULL);
    assert_int_equal(run.code, 2);
    cli_run_free(&run);
    run = run_cli("calc", "aigles-order", "--command", "2", "--status", "elite", NULL);
    assert_int_equal(run.code, 0);
    assert_non_null(strstr(run.out, "obeys"));
    assert_non_null(strstr(run.out, "AIG-O-15"));
    cli_run_free(&run);
}

static void test_cli_rules_file(void **state)
{
    (void)state;
    char path[] = "/tmp/aiglo-rules-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const char *text = grog_data_embedded("rules/aigles.json", NULL);
    json_t *root = json_loads(text, 0, NULL);
    json_t *react = json_object_get(json_object_get(root, "officers"), "reaction");
    json_object_set_new(react, "regular", json_integer(3));
    char *s = json_dumps(root, JSON_INDENT(2));
    assert_int_equal(write(fd, s, strlen(s)), (ssize_t)strlen(s));
    close(fd);
    free(s);
    json_decref(root);
    cli_run run = run_cli("calc", "aigles-order", "--command", "3", "--status", "regular",
                          "--rules", path, "--json", NULL);
    json_t *j = run_json(&run, 0);
    /* house rule: regular reacts 3, so 3 + 3 = 6 */
    assert_string_equal(json_exact_of(json_object_get(j, "outcomes"), "name", "obeys"), "5/6");
    json_decref(j);
    cli_run_free(&run);
    unlink(path);
    run = run_cli("calc", "aigles-zone", "--command", "3", "--scale", "25", "--rules", path, NULL);
    assert_int_not_equal(run.code, 0); /* the file is gone */
    assert_non_null(strstr(run.err, path));
    cli_run_free(&run);
}

/* ---- loss, capture, replacement (AIG-O-21 to AIG-O-27) ---- */

static void test_aig_o_21_capture_by_contact_or_surrounded(void **state)
{
    (void)state;
    grog_aigles_officer o = officer(1, 0, 0, -1);
    grog_error err;
    assert_int_equal(grog_aigles_officer_contacted(&o, 42, NULL, &err), GROG_OK);
    assert_int_equal(o.state, GROG_AIGLES_PRISONER); /* AIG-O-21 */
    assert_int_equal(o.held_by, 42);
    assert_int_equal(grog_aigles_officer_contacted(&o, 43, NULL, &err), GROG_EINVAL);
    o = officer(2, 0, 1, 1);
    assert_int_equal(grog_aigles_officer_surrounded(&o, 1, 7, NULL, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-21"));
    assert_int_equal(o.state, GROG_AIGLES_ACTIVE);
    assert_int_equal(grog_aigles_officer_surrounded(&o, 0, 7, NULL, &err), GROG_OK);
    assert_int_equal(o.state, GROG_AIGLES_PRISONER); /* AIG-O-21: no escape */
    assert_string_equal(grog_aigles_officer_state_name(o.state), "prisoner");
}

static void test_aig_o_22_avance_marker_refuses_contact(void **state)
{
    (void)state;
    grog_aigles_officer o = officer(1, 0, 0, -1);
    o.avance = 1;
    grog_error err;
    grog_explain *e = grog_explain_create("t", "t");
    assert_int_equal(grog_aigles_officer_contacted(&o, 42, e, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-22")); /* AIG-O-22 */
    assert_int_equal(o.state, GROG_AIGLES_ACTIVE);
    assert_int_equal(o.held_by, -1);
    assert_false(grog_explain_checks_ok(e));
    grog_explain_destroy(e);
}

static void test_aig_o_23_prisoner_moves_at_fastest_column(void **state)
{
    (void)state;
    const double speeds[] = {120, 180, 150};
    double v = 0;
    grog_error err;
    assert_int_equal(grog_aigles_prisoner_speed(speeds, 3, &v, &err), GROG_OK);
    assert_true(v == 180); /* AIG-O-23 */
    assert_int_equal(grog_aigles_prisoner_speed(speeds, 0, &v, &err), GROG_EINVAL);
}

static void test_aig_o_24_freed_by_friendly_melee_win(void **state)
{
    (void)state;
    grog_aigles_officer o = officer(1, 0, 0, -1);
    grog_error err;
    assert_int_equal(grog_aigles_officer_contacted(&o, 42, NULL, &err), GROG_OK);
    assert_int_equal(grog_aigles_officer_melee_won(&o, 1, 42, NULL, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-24")); /* the enemy won: still held */
    assert_int_equal(grog_aigles_officer_melee_won(&o, 0, 41, NULL, &err), GROG_ERULE);
    assert_int_equal(o.state, GROG_AIGLES_PRISONER); /* against another unit */
    assert_int_equal(grog_aigles_officer_melee_won(&o, 0, 42, NULL, &err), GROG_OK);
    assert_int_equal(o.state, GROG_AIGLES_ACTIVE); /* AIG-O-24: operational again */
    assert_int_equal(o.held_by, -1);
}

/* AIG-O-25 for every officer at once (grog_aigles_battle_isolated_all, the
 * actions list's grid) gives each officer the answer of
 * grog_aigles_battle_officer_isolated: generated battles as they are, then
 * with officers moved about (some far from everyone), units turned 30 and
 * 45 degrees, and officers put on the limit and just past it. */
static void compare_isolated(const grog_aigles_rules *r, const grog_battle *b, int *yes, int *no)
{
    size_t n = grog_battle_nofficers(b);
    unsigned char *all = malloc(n + 1);
    assert_non_null(all);
    assert_int_equal(grog_aigles_battle_isolated_all(r, b, all, NULL), GROG_OK);
    for (size_t i = 0; i < n; i++) {
        int one = grog_aigles_battle_officer_isolated(r, b, grog_battle_officer(b, i)->id, NULL,
                                                      NULL);
        if (one != all[i])
            fail_msg("officer %s: %d one by one, %d at once", grog_battle_officer(b, i)->id, one,
                     all[i]);
        *(one ? yes : no) += 1;
    }
    free(all);
}

static void test_aig_o_25_isolated_all_as_one_by_one(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    double beyond = grog_aigles_isolated_beyond_pas(r); /* 1 mm a pas in these battles */
    size_t sizes[] = {200, 2000};
    for (size_t k = 0; k < 2; k++) {
        grog_rng *rng = grog_rng_create(7 + k);
        grog_generate_options go = {sizes[k], 0};
        grog_battle *b = NULL;
        assert_int_equal(grog_scenario_generate(&go, rng, &b, NULL), GROG_OK);
        int yes = 0, no = 0;
        compare_isolated(r, b, &yes, &no);
        const grog_table *t = grog_battle_table(b);
        uint64_t x = 12345 + k;
        for (size_t i = 0; i < grog_battle_nofficers(b); i++) {
            grog_officer *o = grog_battle_officer_mut(b, i);
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            if (i % 3 == 0) { /* anywhere on the table, or off it */
                o->base.centre.x = (double)(x >> 40) / (double)(1 << 24) * t->width_mm * 1.2 - 100;
                o->base.centre.y = (double)((x >> 16) & 0xffffff) / (double)(1 << 24) * t->depth_mm;
            }
        }
        for (size_t i = 0; i < grog_battle_nunits(b); i++)
            if (i % 4 == 1)
                grog_battle_unit_mut(b, i)->base.facing = i % 8 == 1 ? 30 : 45;
        compare_isolated(r, b, &yes, &no);
        /* on the limit and just past it: edge to edge from a unit squared to
         * the table, the officer right behind it (both face north) */
        for (size_t i = 0; i + 1 < grog_battle_nofficers(b) && i < 40; i += 2) {
            grog_officer *o = grog_battle_officer_mut(b, i);
            const grog_troop *u = NULL;
            for (size_t j = 0; j < grog_battle_nunits(b) && u == NULL; j++)
                if (strcmp(grog_battle_unit(b, j)->side, o->side) == 0 &&
                    fmod(grog_battle_unit(b, j)->base.facing, 180) == 0)
                    u = grog_battle_unit(b, j);
            assert_non_null(u);
            o->base.facing = 0;
            o->base.centre.x = u->base.centre.x;
            o->base.centre.y = u->base.centre.y + u->base.depth / 2 + o->base.depth / 2 + beyond +
                               (i % 4 == 0 ? 0 : 0.01);
            o->attached_to[0] = '\0';
        }
        compare_isolated(r, b, &yes, &no);
        assert_true(yes > 10 && no > 10); /* both answers seen */
        grog_battle_destroy(b);
        grog_rng_destroy(rng);
    }
    grog_aigles_rules_destroy(r);
}

static void test_aig_o_25_forty_casualties(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_aigles_officer o = officer(1, 0, 0, -1);
    grog_error err;
    int dead = -1;
    assert_int_equal(grog_aigles_officer_fired_at(r, &o, 0, 50, &dead, NULL, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-25")); /* only when isolated */
    assert_int_equal(grog_aigles_officer_fired_at(r, &o, 1, 39, &dead, NULL, &err), GROG_OK);
    assert_int_equal(dead, 0); /* AIG-O-25: 39 is not enough */
    assert_int_equal(o.state, GROG_AIGLES_ACTIVE);
    grog_explain *e = grog_explain_create("t", "t");
    assert_int_equal(grog_aigles_officer_fired_at(r, &o, 1, 39, &dead, e, &err), GROG_OK);
    assert_int_equal(dead, 0); /* not cumulative by default */
    assert_int_equal(grog_explain_default_count(e), 1);
    grog_explain_destroy(e);
    assert_int_equal(grog_aigles_officer_fired_at(r, &o, 1, 40, &dead, NULL, &err), GROG_OK);
    assert_int_equal(dead, 1); /* AIG-O-25: 40 eliminates */
    assert_int_equal(o.state, GROG_AIGLES_DEAD);
    grog_aigles_rules *h = rules_with("fire", "casualties_accumulate", json_true());
    o = officer(1, 0, 0, -1);
    assert_int_equal(grog_aigles_officer_fired_at(h, &o, 1, 20, &dead, NULL, &err), GROG_OK);
    assert_int_equal(dead, 0);
    assert_int_equal(grog_aigles_officer_fired_at(h, &o, 1, 20, &dead, NULL, &err), GROG_OK);
    assert_int_equal(dead, 1); /* house rule: 20 + 20 = 40 */
    grog_aigles_rules_destroy(h);
    grog_aigles_rules_destroy(r);
}

static void test_aig_o_26_killed_as_event(void **state)
{
    (void)state;
    grog_aigles_officer o = officer(1, 0, 0, -1);
    grog_error err;
    assert_int_equal(grog_aigles_officer_killed(&o, NULL, &err), GROG_OK);
    assert_int_equal(o.state, GROG_AIGLES_DEAD); /* AIG-O-26 */
    assert_int_equal(grog_aigles_officer_killed(&o, NULL, &err), GROG_EINVAL);
}

static void test_aig_o_27_replacement_by_superiors_adc(void **state)
{
    (void)state;
    /* 1: army general; 2: his ADC; 3: corps general under 1; 4: ADC of 3;
     * 5: general under 3 */
    grog_aigles_officer o[5] = {officer(1, 0, 0, -1), officer(2, 0, 1, 1), officer(3, 0, 0, 1),
                                officer(4, 0, 1, 3), officer(5, 0, 0, 3)};
    grog_error err;
    assert_int_equal(grog_aigles_officer_replace(o, 5, 2, 1, NULL, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-27")); /* general 3 is not lost */
    assert_int_equal(grog_aigles_officer_killed(&o[2], NULL, &err), GROG_OK);
    assert_int_equal(grog_aigles_officer_replace(o, 5, 2, 3, NULL, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-27")); /* 4 is the lost general's own ADC */
    assert_int_equal(o[3].is_adc, 1);
    assert_int_equal(grog_aigles_officer_replace(o, 5, 2, 1, NULL, &err), GROG_OK);
    assert_int_equal(o[1].is_adc, 0); /* AIG-O-27: ADC of the superior */
    assert_int_equal(o[1].replaced, 3);
    assert_int_equal(o[1].superior, 1);
    assert_int_equal(grog_aigles_officer_replace(o, 5, 4, 3, NULL, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-27")); /* 5 is not lost */
    assert_int_equal(grog_aigles_officer_contacted(&o[4], 9, NULL, &err), GROG_OK);
    /* 4 is an ADC of 3, 5's superior: he may replace the captured 5 */
    assert_int_equal(grog_aigles_officer_replace(o, 5, 4, 3, NULL, &err), GROG_OK);
    assert_int_equal(o[3].replaced, 5);
}

/* ---- from a battle ---- */

static void add_officer(grog_battle *b, const char *id, const char *side, grog_role role,
                        const char *superior, int command, int charisma, double pas)
{
    grog_officer o;
    grog_officer_init(&o);
    snprintf(o.id, sizeof o.id, "%s", id);
    snprintf(o.name, sizeof o.name, "%s", id);
    snprintf(o.side, sizeof o.side, "%s", side);
    snprintf(o.superior, sizeof o.superior, "%s", superior);
    o.role = role;
    o.ratings.aigles_command = command;
    o.ratings.aigles_charisma = charisma;
    o.base = base_away(pas);
    grog_error err;
    assert_int_equal(grog_battle_add_officer(b, &o, &err), GROG_OK);
}

static void add_unit(grog_battle *b, const char *id, const char *side, const char *parent,
                     grog_unit_status status, double pas)
{
    grog_troop u;
    grog_troop_init(&u);
    snprintf(u.id, sizeof u.id, "%s", id);
    snprintf(u.side, sizeof u.side, "%s", side);
    snprintf(u.parent, sizeof u.parent, "%s", parent);
    u.status = status;
    u.base = base_away(pas);
    u.base.centre.x = 0;
    grog_error err;
    assert_int_equal(grog_battle_add_unit(b, &u, &err), GROG_OK);
}

/* Ney (command 3, charisma 4) at 0 with his ADC; Marchand 700 pas away,
 * Near 100 pas away; units 80 (regular), 150 and 50 (in melee) pas away;
 * a British unit and Wellington (charisma 5) in contact with u1's rear. */
static grog_battle *battle(void)
{
    grog_battle *b = grog_battle_create();
    assert_non_null(b);
    grog_error err;
    grog_side fr = {"fr", "France", GROG_NATION_FRANCE, ""};
    grog_side br = {"br", "Britain", GROG_NATION_BRITAIN, ""};
    assert_int_equal(grog_battle_add_side(b, &fr, &err), GROG_OK);
    assert_int_equal(grog_battle_add_side(b, &br, &err), GROG_OK);
    add_officer(b, "ney", "fr", GROG_ROLE_CORPS, "", 3, 4, -10);
    add_officer(b, "adc1", "fr", GROG_ROLE_ADC, "ney", 2, 1, -10);
    add_officer(b, "marchand", "fr", GROG_ROLE_DIVISION, "ney", 2, 2, 700);
    add_officer(b, "near", "fr", GROG_ROLE_BRIGADE, "ney", 1, 2, 100);
    add_officer(b, "wellington", "br", GROG_ROLE_C_IN_C, "", 3, 5, 90);
    add_unit(b, "u1", "fr", "near", GROG_STATUS_REGULAR, 80);
    add_unit(b, "u2", "fr", "ney", GROG_STATUS_GARDE, 150);
    add_unit(b, "u4", "fr", "ney", GROG_STATUS_MILITIA, 50);
    add_unit(b, "u3", "br", "wellington", GROG_STATUS_REGULAR, 20);
    grog_battle_unit_by_id_mut(b, "u4")->flags |= GROG_UNIT_IN_MELEE;
    return b;
}

static grog_status battle_order(const grog_aigles_rules *r, const grog_battle *b,
                                const char *from, const char *to, int melee_turns,
                                grog_explain **e, grog_error *err)
{
    grog_aigles_battle_order in = {from, to, 0, 0, melee_turns, -1, GROG_AIGLES_VARIANT_RULES,
                                   NULL};
    return grog_aigles_battle_order_explain(r, b, &in, NULL, e, NULL, err);
}

static void test_battle_order_unit_zone_melee(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_battle *b = battle();
    grog_explain *e = NULL;
    grog_error err;
    /* u1, through Near, 80 pas: in the 100 pas zone; regular 2 + 3 = 5 */
    assert_int_equal(battle_order(r, b, "ney", "u1", 0, &e, &err), GROG_OK);
    grog_frac p;
    assert_true(grog_explain_outcome_p(e, "obeys", &p));
    assert_frac(p, 4, 6); /* AIG-O-10, AIG-O-16 */
    assert_true(grog_explain_checks_ok(e));
    grog_explain_destroy(e);
    e = NULL;
    assert_int_equal(battle_order(r, b, "ney", "u2", 0, &e, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-10")); /* 150 pas: out of the zone */
    assert_false(grog_explain_checks_ok(e));
    grog_explain_destroy(e);
    e = NULL;
    assert_int_equal(battle_order(r, b, "ney", "u3", 0, &e, &err), GROG_ERULE);
    assert_false(grog_explain_checks_ok(e)); /* AIG-O-10: not his unit */
    grog_explain_destroy(e);
    e = NULL;
    assert_int_equal(battle_order(r, b, "ney", "u4", 0, &e, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-14")); /* AIG-O-14 */
    grog_explain_destroy(e);
    e = NULL;
    assert_int_equal(battle_order(r, b, "ney", "u4", 1, &e, &err), GROG_OK);
    assert_true(grog_explain_outcome_p(e, "obeys", &p));
    assert_frac(p, 3, 6); /* militia 1 + 3 = 4 */
    grog_explain_destroy(e);
    assert_int_equal(battle_order(r, b, "ney", "nobody", 0, &e, &err), GROG_ENOTFOUND);
    assert_int_equal(battle_order(r, b, "adc1", "u1", 0, &e, &err), GROG_EINVAL);
    grog_battle_officer_by_id_mut(b, "ney")->state = GROG_OFFICER_PRISONER;
    e = NULL;
    assert_int_equal(battle_order(r, b, "ney", "u1", 0, &e, &err), GROG_ERULE);
    assert_true(grog_explain_has_rule(e, "AIG-O-21")); /* a prisoner gives no orders */
    grog_explain_destroy(e);
    grog_battle_destroy(b);
    grog_aigles_rules_destroy(r);
}

static void test_battle_order_officer_direct_and_by_adc(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_battle *b = battle();
    grog_explain *e = NULL;
    grog_error err;
    /* Near, 100 pas: exactly on the edge of the zone; 3 + 1 = 4 */
    assert_int_equal(battle_order(r, b, "ney", "near", 0, &e, &err), GROG_OK);
    grog_frac p;
    assert_true(grog_explain_outcome_p(e, "obeys", &p));
    assert_frac(p, 3, 6); /* AIG-O-11 in the zone, AIG-O-17 */
    grog_explain_destroy(e);
    e = NULL;
    /* Marchand, 700 pas: the ADC rides 700 pas at 300 a turn */
    assert_int_equal(battle_order(r, b, "ney", "marchand", 0, &e, &err), GROG_OK);
    double turns;
    assert_true(grog_explain_value(e, &turns));
    assert_true(turns == 3); /* AIG-O-11: ceil(700 / 300) */
    assert_true(grog_explain_has_rule(e, "AIG-O-12"));
    assert_true(grog_explain_outcome_p(e, "obeys", &p));
    assert_frac(p, 4, 6); /* AIG-O-12: Ney's 3 + Marchand's 2 = 5 */
    assert_true(grog_explain_default_count(e) >= 1); /* the ADC speed */
    grog_explain_destroy(e);
    e = NULL;
    grog_battle_officer_by_id_mut(b, "adc1")->adc_speed = 700; /* mm per turn, from the scenario */
    assert_int_equal(battle_order(r, b, "ney", "marchand", 0, &e, &err), GROG_OK);
    assert_true(grog_explain_value(e, &turns));
    assert_true(turns == 1);
    grog_explain_destroy(e);
    e = NULL;
    grog_battle_officer_by_id_mut(b, "adc1")->state = GROG_OFFICER_KILLED;
    assert_int_equal(battle_order(r, b, "ney", "marchand", 0, &e, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-O-11")); /* no ADC left */
    grog_explain_destroy(e);
    grog_battle_destroy(b);
    grog_aigles_rules_destroy(r);
}

static void test_battle_morale(void **state)
{
    (void)state;
    grog_aigles_rules *r = rules();
    grog_battle *b = battle();
    grog_aigles_morale m;
    grog_explain *e = NULL;
    grog_error err;
    size_t ney;
    assert_true(grog_battle_officer_index(b, "ney", &ney));
    /* u1: Ney (charisma 4) 80 pas: +3; Near (charisma 2) 10 pas: +1; Wellington
     * touches u1 but is the enemy's */
    assert_int_equal(grog_aigles_battle_morale(r, b, "u1", &m, &e, &err), GROG_OK);
    assert_int_equal(m.contact, 0);
    assert_int_equal(m.bonus, 3); /* AIG-O-05: the best, from Ney */
    assert_int_equal(m.from, (int)ney);
    grog_explain_destroy(e);
    /* u2, 150 pas from Ney: on his first radius, +3 (AIG-O-04) */
    assert_int_equal(grog_aigles_battle_morale(r, b, "u2", &m, NULL, &err), GROG_OK);
    assert_int_equal(m.bonus, 3);
    /* Near moves onto u1: contact comes first (AIG-O-03, AIG-O-05) */
    grog_battle_officer_by_id_mut(b, "near")->base = base_away(80);
    assert_int_equal(grog_aigles_battle_morale(r, b, "u1", &m, NULL, &err), GROG_OK);
    assert_int_equal(m.contact, 1);
    assert_int_equal(m.lo, -2);
    assert_int_equal(m.hi, 2);
    /* Ney captured: his influence is gone */
    grog_battle_officer_by_id_mut(b, "ney")->state = GROG_OFFICER_PRISONER;
    assert_int_equal(grog_aigles_battle_morale(r, b, "u2", &m, NULL, &err), GROG_OK);
    assert_int_equal(m.bonus, 1); /* Near, 60 pas from u2 (charisma 2): +1 */
    assert_int_equal(grog_aigles_battle_morale(r, b, "ghost", &m, NULL, &err), GROG_ENOTFOUND);
    grog_battle_destroy(b);
    grog_aigles_rules_destroy(r);
}

/* battle() saved as a scenario file, moved onto the table (+600, +300 mm),
 * Ney as the French commander-in-chief. */
static void save_battle(char *path)
{
    grog_battle *b = battle();
    grog_battle_officer_by_id_mut(b, "ney")->role = GROG_ROLE_C_IN_C;
    for (size_t i = 0; i < grog_battle_nofficers(b); i++) {
        grog_battle_officer_mut(b, i)->base.centre.x += 600;
        grog_battle_officer_mut(b, i)->base.centre.y += 300;
    }
    for (size_t i = 0; i < grog_battle_nunits(b); i++) {
        grog_battle_unit_mut(b, i)->base.centre.x += 600;
        grog_battle_unit_mut(b, i)->base.centre.y += 300;
    }
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    grog_error err;
    grog_status st = grog_scenario_save_file(b, path, &err);
    if (st != GROG_OK)
        fail_msg("%s", err.message);
    grog_battle_destroy(b);
}

static void test_cli_explain_order_and_morale(void **state)
{
    (void)state;
    char path[] = "/tmp/aiglo-scenario-XXXXXX";
    save_battle(path);
    cli_run run = run_cli("explain", path, "aigles-order", "--from", "ney", "--to", "u1",
                          "--roll", "4", "--json", NULL);
    json_t *j = run_json(&run, 0);
    /* AIG-O-10, AIG-O-16: regular 2 + 3 = 5; a 4 obeys */
    assert_string_equal(json_exact_of(json_object_get(j, "outcomes"), "name", "obeys"), "4/6");
    assert_string_equal(json_string_value(json_object_get(j, "outcome")), "obeys");
    json_decref(j);
    cli_run_free(&run);
    run = run_cli("explain", path, "aigles-order", "--from", "ney", "--to", "u2", "--json",
                  NULL);
    j = run_json(&run, 1); /* AIG-O-10: 150 pas, out of the 100 pas zone */
    assert_non_null(strstr(run.err, "AIG-O-10"));
    /* A refusal with --json: one document, the error and the record (docs/json.md). */
    assert_string_equal(json_string_value(json_object_get(json_object_get(j, "error"), "rule")),
                        "AIG-O-10");
    assert_true(json_is_null(json_object_get(json_object_get(j, "record"), "outcome")));
    json_decref(j);
    cli_run_free(&run);
    run = run_cli("explain", path, "aigles-order", "--from", "ney", "--to", "marchand",
                  "--json", NULL);
    j = run_json(&run, 0);
    assert_true(json_real_value(json_object_get(j, "value")) == 3); /* AIG-O-11: 3 turns */
    assert_string_equal(json_string_value(json_object_get(j, "unit")), "turns");
    assert_true(json_array_size(json_object_get(j, "path")) == 3);
    assert_true(json_array_size(json_object_get(j, "defaults_used")) >= 1);
    json_decref(j);
    cli_run_free(&run);
    run = run_cli("explain", path, "aigles-morale", "--unit", "u1", "--json", NULL);
    j = run_json(&run, 0);
    assert_true(json_real_value(json_object_get(j, "value")) == 3); /* AIG-O-04, AIG-O-05 */
    json_decref(j);
    cli_run_free(&run);
    run = run_cli("explain", path, "aigles-morale", "--unit", "nobody", NULL);
    assert_int_equal(run.code, 1);
    cli_run_free(&run);
    run = run_cli("explain", path, "aigles-order", "--from", "ney", NULL);
    assert_int_equal(run.code, 2);
    cli_run_free(&run);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_load_embedded_and_formations_ignored),
        cmocka_unit_test(test_rules_errors_name_place),
        cmocka_unit_test(test_rules_bad_zone_value),
        cmocka_unit_test(test_rules_values_checked_and_settings),
        cmocka_unit_test(test_aig_o_01_ratings_0_to_5),
        cmocka_unit_test(test_aig_o_02_adc_belongs_to_one_general),
        cmocka_unit_test(test_aig_o_03_contact_range_chosen_after_die),
        cmocka_unit_test(test_aig_o_04_rings_25mm),
        cmocka_unit_test(test_aig_o_04_rings_15mm),
        cmocka_unit_test(test_aig_o_04_charisma_1_and_0_give_nothing),
        cmocka_unit_test(test_aig_o_04_unit_on_radius_and_one_pas_beyond),
        cmocka_unit_test(test_aig_o_05_best_not_sum_contact_first),
        cmocka_unit_test(test_cli_charisma_distance_both_scales),
        cmocka_unit_test(test_aig_o_06_points_per_periode_and_aig_o_13_spend),
        cmocka_unit_test(test_aig_o_07_zone_table_both_scales),
        cmocka_unit_test(test_cli_zone),
        cmocka_unit_test(test_aig_o_08_distance_variant),
        cmocka_unit_test(test_cli_order_variant),
        cmocka_unit_test(test_aig_o_09_initial_orders_without_test),
        cmocka_unit_test(test_aig_o_10_unit_on_zone_edge_and_beyond),
        cmocka_unit_test(test_aig_o_11_officer_out_of_zone_needs_adc),
        cmocka_unit_test(test_aig_o_12_adc_uses_generals_command_own_attempts),
        cmocka_unit_test(test_aig_o_13_give_spends_one_point_per_attempt),
        cmocka_unit_test(test_aig_o_14_no_order_into_melee_unless_general_there_a_turn),
        cmocka_unit_test(test_aig_o_15_reaction_by_status),
        cmocka_unit_test(test_aig_o_16_reaction_2_command_3_exact_and_every_die),
        cmocka_unit_test(test_aig_o_16_sum_7_always_sum_1_never),
        cmocka_unit_test(test_aig_o_16_command_0_refused),
        cmocka_unit_test(test_aig_o_17_officer_to_officer),
        cmocka_unit_test(test_aig_o_18_explaining_adds_command),
        cmocka_unit_test(test_aig_o_19_two_failed_turns_one_reaction),
        cmocka_unit_test(test_aig_o_20_bonuses_belong_to_one_attempt),
        cmocka_unit_test(test_cli_order_seed_agrees_with_target),
        cmocka_unit_test(test_cli_rules_file),
        cmocka_unit_test(test_aig_o_21_capture_by_contact_or_surrounded),
        cmocka_unit_test(test_aig_o_22_avance_marker_refuses_contact),
        cmocka_unit_test(test_aig_o_23_prisoner_moves_at_fastest_column),
        cmocka_unit_test(test_aig_o_24_freed_by_friendly_melee_win),
        cmocka_unit_test(test_aig_o_25_isolated_all_as_one_by_one),
        cmocka_unit_test(test_aig_o_25_forty_casualties),
        cmocka_unit_test(test_aig_o_26_killed_as_event),
        cmocka_unit_test(test_aig_o_27_replacement_by_superiors_adc),
        cmocka_unit_test(test_battle_order_unit_zone_melee),
        cmocka_unit_test(test_battle_order_officer_direct_and_by_adc),
        cmocka_unit_test(test_battle_morale),
        cmocka_unit_test(test_cli_explain_order_and_morale),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
