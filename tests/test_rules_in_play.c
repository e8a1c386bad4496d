/* test_rules_in_play.c — issue 23: the rules hold in a game played through
 * the game's own action path (grog_game_do_line, as `grognard do`), and the
 * engine and `explain`/`calc` give the same answer, from one function.
 *
 * The scenario is the embedded default (Bussaco, cm on the table, 1 pas =
 * 1 mm, 25 mm figures), sometimes edited: the hierarchy is
 *   picton (C-in-C, command 4) > picton-adc1, picton-adc2, lightburne
 *     (br-2-5th, br-2-58th), mackinnon (br-1-45th, br-74th, br-1-88th),
 *     champalimaud, pack;
 *   reynier (command 3) > reynier-adc1, reynier-adc2, merle > brenier
 *     (fr-2leger, fr-36ligne), graindorge; heudelet > foy, arnaud.
 * Every distance below is worked out by hand from the scenario's positions
 * (centres, in cm) and bases. */
#include <unistd.h>

#include "grognard/aigles.h"
#include "grognard/aigles_formation.h"
#include "grognard/game.h"
#include "grognard/gdb.h"
#include "testutil.h"

static int nfiles;
static char files[16][96];

/* A temporary file holding j (taken); its path. */
static const char *temp_json(json_t *j)
{
    char *p = files[nfiles % 16];
    snprintf(p, 96, "/tmp/grog-test-rules23-%d-%d.json", (int)getpid(), nfiles++);
    assert_int_equal(json_dump_file(j, p, 0), 0);
    json_decref(j);
    return p;
}

static json_t *embedded(const char *name)
{
    json_t *j = json_loads(grog_data_embedded(name, NULL), 0, NULL);
    assert_non_null(j);
    return j;
}

static json_t *officer_of(json_t *scenario, const char *id)
{
    size_t i;
    json_t *o;
    json_array_foreach(json_object_get(scenario, "officers"), i, o) if (
        strcmp(json_string_value(json_object_get(o, "id")), id) == 0) return o;
    fail_msg("no officer %s", id);
    return NULL;
}

/* Bussaco with an ADC for Merle (command 2, beside him at 64, 24 cm). */
static const char *with_merle_adc(void)
{
    json_t *s = embedded("scenarios/bussaco-1810.json");
    json_t *a = json_deep_copy(officer_of(s, "reynier-adc1"));
    json_object_set_new(a, "id", json_string("merle-adc"));
    json_object_set_new(a, "name", json_string("Aide-de-camp to Merle"));
    json_object_set_new(a, "superior", json_string("merle"));
    json_object_set_new(a, "position", json_pack("{s:i,s:i}", "x", 64, "y", 26));
    json_array_append_new(json_object_get(s, "officers"), a);
    return temp_json(s);
}

/* A house-rules file: the embedded rules with section.key.sub = v. */
static const char *house(const char *family, const char *section, const char *key,
                         const char *sub, json_t *v)
{
    char name[64];
    snprintf(name, sizeof name, "rules/%s.json", family);
    json_t *r = embedded(name);
    json_t *at = json_object_get(r, section);
    if (strcmp(family, "aigles") == 0)
        at = json_object_get(json_object_get(r, "officers"), section);
    assert_non_null(at);
    if (sub != NULL)
        at = json_object_get(at, key), key = sub;
    json_object_set_new(at, key, v);
    return temp_json(r);
}

static grog_game *game(grog_family f, const char *scenario, const char *rules)
{
    grog_game_options o = {f, scenario, 23, rules};
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_create_memory(&o, &g, &err) != GROG_OK)
        fail_msg("create: %s", err.message);
    return g;
}

/* Runs line as seat (NULL: the referee); the result's or the refusal's text
 * must hold `want` (when not NULL); a refusal changes nothing. */
static char *act_as(grog_game *g, const grog_seat *seat, const char *line, grog_status st_want,
                    const char *want)
{
    char *result = NULL;
    grog_error err;
    grog_error_clear(&err);
    size_t before = grog_game_action_count(g);
    grog_status st = seat != NULL ? grog_game_do_line_as(g, seat, line, &result, &err)
                                  : grog_game_do_line(g, line, &result, &err);
    if (st != st_want)
        fail_msg("\"%s\": status %d (%s), wanted %d", line, st, err.message, st_want);
    const char *text = st == GROG_OK ? result : err.message;
    if (want != NULL && strstr(text, want) == NULL)
        fail_msg("\"%s\": \"%s\" lacks \"%s\"", line, text, want);
    if (st != GROG_OK) {
        assert_int_equal(grog_game_action_count(g), before);
        free(result);
        return strdup(err.message);
    }
    return result;
}

static void ok(grog_game *g, const char *line, const char *want)
{
    free(act_as(g, NULL, line, GROG_OK, want));
}

static void refused(grog_game *g, const char *line, grog_status st, const char *want)
{
    free(act_as(g, NULL, line, st, want));
}

static void next_to(grog_game *g, const char *phase)
{
    for (int i = 0; i < 8 && strcmp(grog_game_phase(g), phase) != 0; i++)
        ok(g, "next", NULL);
    assert_string_equal(grog_game_phase(g), phase);
}

static const grog_officer *officer(grog_game *g, const char *id)
{
    const grog_officer *o = grog_battle_officer_by_id(grog_game_battle(g), id);
    assert_non_null(o);
    return o;
}

static grog_aigles_rules *aigles_rules(const char *path)
{
    grog_aigles_rules *r = NULL;
    assert_int_equal(grog_aigles_rules_load(path, &r, NULL), GROG_OK);
    return r;
}

/* explain's answer (grog_aigles_battle_order_explain) on the game's battle
 * as it stands: its status, and whether its record has a NO check of rule. */
static grog_status explain_order(grog_game *g, const char *from, const char *to,
                                 const char *rule, int want_no)
{
    grog_aigles_rules *r = aigles_rules(NULL);
    grog_aigles_battle_order in = {from, to, 0, 0, 0, -1, GROG_AIGLES_VARIANT_RULES, NULL};
    grog_aigles_dice none = {GROG_AIGLES_NO_ROLL, NULL, 0};
    grog_explain *e = NULL;
    grog_status st =
        grog_aigles_battle_order_explain(r, grog_game_battle(g), &in, &none, &e, NULL, NULL);
    if (rule != NULL) { /* the check of `rule` in the record, NO or ok */
        assert_non_null(e);
        char *text = NULL;
        assert_int_equal(grog_explain_to_text(e, &text, NULL), GROG_OK);
        char no[32];
        snprintf(no, sizeof no, "[%s] %s", want_no ? "NO" : "ok", rule);
        if (strstr(text, no) == NULL)
            fail_msg("explain %s %s: no \"%s\" in %s", from, to, no, text);
        free(text);
    }
    grog_explain_destroy(e);
    grog_aigles_rules_destroy(r);
    return st;
}

/* ---- AIG-O-10, AIG-O-11: the chain of command ---- */

/* AIG-O-10, AIG-O-11. Seed 000: "Un général peut changer les ordres de son
 * unité ou de son suborné sans venir au contact mais doit être dans la zone
 * de changement d'ordre." The game refuses what explain refuses, by the
 * same check (grog_aigles_battle_chain). */
static void test_aig_o_10_11_chain_in_play_and_explain(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL, NULL);
    /* another brigade's unit: br-1-45th is Mackinnon's */
    refused(g, "order lightburne br-1-45th attack", GROG_ERULE, "AIG-O-10");
    assert_int_equal(explain_order(g, "lightburne", "br-1-45th", "AIG-O-10", 1), GROG_ERULE);
    refused(g, "explain order lightburne br-1-45th attack", GROG_OK, NULL);
    /* his own superior */
    refused(g, "order lightburne picton attack", GROG_ERULE, "AIG-O-11");
    assert_int_equal(explain_order(g, "lightburne", "picton", "AIG-O-11", 1), GROG_ERULE);
    /* another brigadier (Mackinnon is Picton's, not Lightburne's) */
    refused(g, "order lightburne mackinnon attack", GROG_ERULE, "AIG-O-11");
    assert_int_equal(explain_order(g, "lightburne", "mackinnon", "AIG-O-11", 1), GROG_ERULE);
    /* himself */
    refused(g, "order picton picton attack", GROG_ERULE, "does not order himself");
    assert_int_equal(explain_order(g, "picton", "picton", "AIG-O-11", 1), GROG_ERULE);
    /* the enemy's unit */
    refused(g, "order lightburne fr-2leger attack", GROG_ERULE, "AIG-O-10");
    assert_int_equal(explain_order(g, "lightburne", "fr-2leger", "AIG-O-10", 1), GROG_ERULE);
    /* his own unit: br-2-5th's base (12..28 x 88..92 cm) is 3 cm = 30 pas from
     * Lightburne's (27..31 x 95..99), within command 2's 50 pas; veteran
     * reaction 3 + command 2 = 5, a roll of 4 < 5 obeys (AIG-O-16) */
    assert_int_equal(explain_order(g, "lightburne", "br-2-5th", "AIG-O-10", 0), GROG_OK);
    ok(g, "order lightburne br-2-5th attack --roll 4", "obeyed");
    /* a unit of a subordinate's brigade: Picton over Mackinnon's br-1-45th
     * (its base 50..66 x 86..90, Picton's 78..82 x 93..97: 12 and 3 cm,
     * 123.7 pas, within command 4's 150); 3 + 4 = 7 cannot fail */
    assert_int_equal(explain_order(g, "picton", "br-1-45th", "AIG-O-10", 0), GROG_OK);
    ok(g, "order picton br-1-45th attack --roll 6", "obeyed");
    grog_game_close(g);
}

/* AIG-O-11, AIG-O-12. Seed 000: "le supérieur devra dépêcher son aide de
 * camp qui ira au contact du subalterne": an ADC carries his general's
 * order to a general below that general, not to another branch. */
static void test_aig_o_11_adc_carries_down_his_branch(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, with_merle_adc(), NULL);
    refused(g, "adc merle-adc foy attack", GROG_ERULE, "AIG-O-11: foy is not a general below "
                                                      "merle");
    refused(g, "adc merle-adc heudelet attack", GROG_ERULE, "AIG-O-11");
    refused(g, "adc merle-adc reynier attack", GROG_ERULE, "AIG-O-11"); /* his general's superior */
    refused(g, "adc merle-adc fr-2leger attack", GROG_ENOTFOUND, NULL);  /* a unit, no officer */
    grog_error err;
    assert_int_equal(grog_aigles_battle_adc_chain(grog_game_battle(g), "merle-adc", "foy", NULL,
                                                  &err),
                     GROG_ERULE);
    ok(g, "adc merle-adc brenier attack", "AIG-O-11");
    /* Reynier's ADC to Foy: two levels down (Reynier > Heudelet > Foy) */
    ok(g, "adc reynier-adc1 foy attack", "AIG-O-11");
    grog_game_close(g);
}

/* ---- AIG-O-18: explaining ---- */

/* AIG-O-18. Seed 000: "Le général qui transmet un ordre à un autre général
 * ou une troupe gagne un point de commandement par tour d'explication.
 * Exemple : un général avec un commandement de 1 qui arrive au contact
 * d'une unité ou d'un général, décide de ne pas transmettre l'ordre
 * immédiatement mais au prochain tour gagne 1 point supplémentaire." An
 * order is explained where it could be passed: his unit or subordinate,
 * within his zone, never the enemy. */
static void test_aig_o_18_explaining_where_it_could_be_passed(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL, NULL);
    refused(g, "explaining lightburne br-1-45th attack", GROG_ERULE, "AIG-O-10");
    refused(g, "explaining picton fr-2leger attack", GROG_ERULE, "AIG-O-10");
    refused(g, "explaining lightburne picton attack", GROG_ERULE, "AIG-O-11");
    /* Pack: 350 pas from Picton (119 - 80 = 39 cm between centres, less the
     * two half bases of 2 cm: 35 cm), beyond command 4's 150 pas */
    refused(g, "explaining picton pack attack", GROG_ERULE, "350.0 pas apart");
    /* Mackinnon: 70 vs 80 cm, bases 4 cm: 6 cm = 60 pas, within 150 */
    ok(g, "explain explaining picton mackinnon attack", "60.0 pas apart"); /* the preview */
    ok(g, "explaining picton mackinnon attack", "AIG-O-18");
    /* its cost: no command point (explaining.costs_command_point false): 4 left */
    char *st = NULL;
    grog_seat ref = {GROG_SEAT_REFEREE, NULL};
    assert_int_equal(grog_game_status_json(g, &ref, &st, NULL), GROG_OK);
    json_t *j = json_loads(st, 0, NULL);
    free(st);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(j, "command_points"),
                                                        "picton")),
                     4);
    json_decref(j);
    /* other orders that turn: allowed (other_orders_same_turn true) */
    ok(g, "order picton br-1-45th attack --roll 6", "obeyed");
    /* the order explained waits for the next turn */
    refused(g, "order picton mackinnon attack", GROG_ERULE, "AIG-O-18");
    grog_game_close(g);
}

/* AIG-O-18's two readings as settings: explaining costs a command point,
 * and a general explaining gives no other order that turn. */
static void test_aig_o_18_settings(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL,
                        house("aigles", "explaining", "costs_command_point", NULL, json_true()));
    ok(g, "explaining picton mackinnon attack", NULL);
    /* 4 - 1 spent explaining = 3; an order spends the fourth */
    ok(g, "order picton br-1-45th attack --roll 6", "(2 command points left)");
    grog_game_close(g);
    g = game(GROG_FAMILY_AIGLES, NULL,
             house("aigles", "explaining", "other_orders_same_turn", NULL, json_false()));
    ok(g, "explaining picton mackinnon attack", NULL);
    refused(g, "order picton br-1-45th attack --roll 6", GROG_ERULE,
            "other_orders_same_turn is off");
    next_to(g, "orders-2");
    refused(g, "order picton br-1-45th attack --roll 6", GROG_ERULE, "AIG-O-18"); /* same turn */
    next_to(g, "orders-1");
    ok(g, "order picton br-1-45th attack --roll 6", "obeyed"); /* turn 2 */
    grog_game_close(g);
}

/* ---- AIG-O-24: freed only by a melee won ---- */

/* AIG-O-24. Seed 000: "Il est libéré que si une unité amie gagne une mêlée
 * contre l'unité qui le tient prisonnier." `event freed` is the referee's
 * correction, journaled as such; a side's seat may not make it. */
static void test_aig_o_24_freed_only_by_a_melee(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL, NULL);
    ok(g, "event contact brenier br-2-5th", "prisoner");
    refused(g, "event freed brenier", GROG_ERULE, "AIG-O-24");
    grog_seat fr;
    assert_int_equal(grog_game_seat(g, "french", 0, &fr, NULL), GROG_OK);
    free(act_as(g, &fr, "event freed brenier --correction", GROG_EDENIED, "referee"));
    assert_int_equal(officer(g, "brenier")->state, GROG_OFFICER_PRISONER);
    ok(g, "event freed brenier --correction", "officer-freed-correction");
    assert_int_equal(officer(g, "brenier")->state, GROG_OFFICER_ACTIVE);
    /* the rule's own way: the holder loses a melee */
    ok(g, "event contact brenier br-2-5th", "prisoner");
    ok(g, "event melee br-2-5th start", NULL);
    ok(g, "event melee br-2-5th lost", "AIG-O-24");
    assert_int_equal(officer(g, "brenier")->state, GROG_OFFICER_ACTIVE);
    grog_game_close(g);
}

/* ---- AIG-O-27: replacement ---- */

/* AIG-O-27. Seed 000: "Les aides de camp d'un général ne peuvent remplacer
 * qu'un général subalterne au général auquel appartient l'aide de camp":
 * by default a subordinate at any depth (Reynier's ADC replaces Brenier,
 * two levels below Reynier); replacement.any_depth false keeps only a
 * general directly under the ADC's general. */
static void test_aig_o_27_replacement_depth(void **state)
{
    (void)state;
    grog_aigles_rules *r = aigles_rules(NULL);
    assert_true(grog_aigles_replace_depth_ok(r, 1));
    assert_true(grog_aigles_replace_depth_ok(r, 2));
    assert_false(grog_aigles_replace_depth_ok(r, 0)); /* not below him */
    grog_aigles_rules_destroy(r);
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL, NULL);
    refused(g, "replace brenier reynier-adc1", GROG_ERULE, "AIG-O-27"); /* not lost */
    ok(g, "event killed brenier", NULL);
    refused(g, "replace brenier picton-adc1", GROG_ERULE, "AIG-O-27"); /* the other side */
    r = aigles_rules(NULL);
    assert_int_equal(grog_aigles_battle_replace_check(r, grog_game_battle(g), "brenier",
                                                      "picton-adc1", NULL, NULL),
                     GROG_ERULE);
    grog_aigles_rules_destroy(r);
    ok(g, "explain replace brenier reynier-adc1", "2 levels below reynier"); /* the preview */
    ok(g, "replace brenier reynier-adc1", "AIG-O-27");
    const grog_officer *a = officer(g, "reynier-adc1");
    assert_int_equal(a->role, GROG_ROLE_BRIGADE);
    assert_string_equal(a->superior, "merle"); /* Brenier's place */
    assert_string_equal(grog_battle_unit_by_id(grog_game_battle(g), "fr-2leger")->parent,
                        "reynier-adc1");
    grog_game_close(g);
    const char *narrow = house("aigles", "replacement", "any_depth", NULL, json_false());
    r = aigles_rules(narrow);
    assert_true(grog_aigles_replace_depth_ok(r, 1));
    assert_false(grog_aigles_replace_depth_ok(r, 2));
    grog_aigles_rules_destroy(r);
    g = game(GROG_FAMILY_AIGLES, NULL, narrow);
    ok(g, "event killed brenier", NULL);
    refused(g, "replace brenier reynier-adc1", GROG_ERULE, "any_depth is off");
    ok(g, "event killed merle", NULL);
    ok(g, "explain replace merle reynier-adc2", "1 level below reynier"); /* directly under */
    ok(g, "replace merle reynier-adc2", "AIG-O-27");
    grog_game_close(g);
}

/* ---- AIG-F-03, AIG-F-12: massing in play ---- */

static json_t *card(grog_game *g, const char *unit)
{
    char *text = NULL;
    grog_seat ref = {GROG_SEAT_REFEREE, NULL};
    assert_int_equal(grog_game_unit_card_json(g, &ref, unit, &text, NULL), GROG_OK);
    json_t *j = json_loads(text, 0, NULL);
    free(text);
    assert_non_null(j);
    return j;
}

static void assert_on_table(grog_game *g, const char *unit, int figures, int subunits)
{
    json_t *c = card(g, unit);
    assert_int_equal(json_integer_value(json_object_get(c, "figures_on_table")), figures);
    assert_int_equal(json_integer_value(json_object_get(c, "subunits_on_table")), subunits);
    json_decref(c);
}

/* AIG-F-03, AIG-F-12. Seed 004: "la moitié des compagnies sera retirée.
 * Dans le cas d'un nombre impair de rangs, l'arrondi sera fait au
 * supérieur" and "en enlevant la moitié des rangs, arrondi au supérieur,
 * excepté dans le cas où l'unité est sur deux rangs, on laissera deux
 * rangs". */
static void test_aig_f_12_massing_counts(void **state)
{
    (void)state;
    grog_aigles_formation_rules *r = NULL;
    assert_int_equal(grog_aigles_formation_rules_load(NULL, &r, NULL), GROG_OK);
    grog_aigles_on_table t;
    /* 7 companies, 30 figures: 4 off (half rounded up), 3 kept; 30 x 4 / 7 =
     * 17.1 figures off, rounded up to 18: 12 stay */
    assert_int_equal(grog_aigles_formation_on_table(r, GROG_AIGLES_FM_MASS_COLUMN, 30, 7, &t, NULL),
                     GROG_OK);
    assert_int_equal(t.subunits, 3);
    assert_int_equal(t.figures, 12);
    assert_true(t.massed);
    /* two ranks keep two */
    assert_int_equal(grog_aigles_formation_on_table(r, GROG_AIGLES_FM_MASS_SQUARE, 20, 2, &t, NULL),
                     GROG_OK);
    assert_int_equal(t.subunits, 2);
    assert_int_equal(t.figures, 20);
    /* not massed: everything on the table */
    assert_int_equal(grog_aigles_formation_on_table(r, GROG_AIGLES_FM_ATTACK_COLUMN, 30, 7, &t,
                                                    NULL),
                     GROG_OK);
    assert_int_equal(t.figures, 30);
    assert_false(t.massed);
    grog_aigles_formation_rules_destroy(r);
    /* the calculator says the same: 6 companies of 32, 3 off, 16 figures */
    cli_run run = run_cli("calc", "aigles-formation", "--arm", "infantry", "--class", "A",
                          "--status", "veteran", "--from", "attack-column", "--to",
                          "mass-column", "--figures", "32", "--companies", "6", NULL);
    assert_int_equal(run.code, 0);
    assert_non_null(strstr(run.out, "3 kept, 3 taken off (16 figures"));
    cli_run_free(&run);
}

/* AIG-F-12 in a game: the 2e Léger (32 figures, 6 companies) masses in
 * 1/2 période (attack column -> mass, AIG-F-26), shows 16 figures and 3
 * companies on the table, and all 32 again once back in attack column. */
static void test_aig_f_12_massing_in_play(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL, NULL);
    assert_on_table(g, "fr-2leger", 32, 6);
    ok(g, "formation fr-2leger mass-column", "3 kept, 3 taken off (16 figures");
    next_to(g, "movement-1");
    ok(g, "next", "mass-column"); /* the half-période ends: formed */
    assert_on_table(g, "fr-2leger", 16, 3);
    char *text = NULL;
    grog_seat ref = {GROG_SEAT_REFEREE, NULL};
    assert_int_equal(grog_game_unit_card_text(g, &ref, "fr-2leger", &text, NULL), GROG_OK);
    assert_non_null(strstr(text, "on the table: 16 figures, 3 companies"));
    free(text);
    assert_int_equal(grog_view_game_json(g, &ref, &text, NULL), GROG_OK);
    assert_non_null(strstr(text, "\"on_table\""));
    free(text);
    ok(g, "formation fr-2leger attack-column", NULL);
    next_to(g, "movement-2");
    ok(g, "next", NULL);
    assert_on_table(g, "fr-2leger", 32, 6);
    grog_game_close(g);
}

/* ---- AIG-F-23, AIG-F-24: irregulars in play ---- */

/* Bussaco with the 21st Portuguese irregular and the 9th militia. */
static const char *with_irregulars(void)
{
    json_t *s = embedded("scenarios/bussaco-1810.json");
    size_t i;
    json_t *u;
    json_array_foreach(json_object_get(s, "units"), i, u) {
        const char *id = json_string_value(json_object_get(u, "id"));
        if (strcmp(id, "pt-21st") == 0)
            json_object_set_new(u, "status", json_string("irregular"));
        if (strcmp(id, "pt-9th") == 0)
            json_object_set_new(u, "status", json_string("militia"));
    }
    return temp_json(s);
}

/* AIG-F-23, AIG-F-24, AIG-F-25. Seed 004: "Les unités de formation
 * irrégulière peuvent se retrouver en pivotant dans n'importe quel sens en
 * une demi-période" and "peuvent étendre (ou restreindre) leur front en une
 * demi période au maximum du double (ou de moitié) de figurines de leur
 * formation initiale"; "toute unité de formation irrégulière est tenue, si
 * son statut est inférieur à la semi régulière, de passer une demi-période
 * supplémentaire". Irregular status: 1/2 + 1/2 = 2 half-périodes, as calc. */
static void test_aig_f_24_irregulars_in_play(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, with_irregulars(), NULL);
    refused(g, "formation pt-9th pivot 90", GROG_ERULE, "AIG-F-24"); /* not irregular */
    ok(g, "formation pt-21st pivot 90", "2 half-périodes");
    assert_true(grog_battle_unit_by_id(grog_game_battle(g), "pt-21st")->base.facing == 90.0);
    cli_run run = run_cli("calc", "aigles-formation", "--arm", "infantry", "--class", "B",
                          "--status", "irregular", "--action", "pivot", NULL);
    assert_int_equal(run.code, 0);
    assert_non_null(strstr(run.out, "2 half-p"));
    cli_run_free(&run);
    refused(g, "formation pt-21st frontage 30 --front 8", GROG_ERULE, "AIG-F-25"); /* busy */
    next_to(g, "movement-1");
    ok(g, "next", NULL);
    next_to(g, "movement-2");
    ok(g, "next", NULL); /* two half-périodes: done */
    /* 24 figures on a front of 8 (3 deep): 17 is more than double */
    refused(g, "formation pt-21st frontage 17 --front 8", GROG_ERULE, "between 4 and 16");
    refused(g, "formation pt-21st frontage 16", GROG_EINVAL, "--front");
    /* 16 wide: 2 deep, under the 3 x 3 block of AIG-F-23 */
    refused(g, "formation pt-21st frontage 16 --front 8", GROG_ERULE, "AIG-F-23");
    double w = grog_battle_unit_by_id(grog_game_battle(g), "pt-21st")->base.width;
    ok(g, "formation pt-21st frontage 4 --front 8", "front of 4 figures instead of 8");
    /* the base: half as wide (160 -> 80 mm), twice as deep (40 -> 80 mm) */
    const grog_troop *u = grog_battle_unit_by_id(grog_game_battle(g), "pt-21st");
    assert_true(u->base.width == w / 2);
    assert_true(u->base.depth == 80.0);
    grog_game_close(g);
}

/* AIG-F-26 (disorder -> formed), AIG-F-25: the 2e Léger, class A veteran
 * infantry, reforms in 2 périodes (4 half-périodes); once the journal says
 * it is in good order, show, the card and explain unit say its formation
 * and no disorder. */
static void test_aig_f_26_reformed_shows_everywhere(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_AIGLES, NULL, NULL);
    ok(g, "event disorder fr-2leger", NULL);
    ok(g, "formation fr-2leger formed", "4 half-périodes");
    for (int i = 0; i < 7; i++)
        ok(g, "next", NULL);
    ok(g, "next", "good order again");
    json_t *c = card(g, "fr-2leger");
    assert_string_equal(json_string_value(json_object_get(c, "formation")), "attack-column");
    assert_int_equal(json_array_size(json_object_get(c, "states")), 0);
    assert_true(json_is_null(json_object_get(c, "formation_change")));
    json_decref(c);
    char *text = NULL;
    grog_seat ref = {GROG_SEAT_REFEREE, NULL};
    assert_int_equal(grog_game_unit_card_text(g, &ref, "fr-2leger", &text, NULL), GROG_OK);
    assert_non_null(strstr(text, "formation: attack-column"));
    assert_null(strstr(text, "disorder"));
    free(text);
    assert_int_equal(grog_view_game_json(g, &ref, &text, NULL), GROG_OK);
    json_t *v = json_loads(text, 0, NULL);
    free(text);
    size_t i;
    json_t *x;
    int seen = 0;
    json_array_foreach(json_object_get(v, "units"), i, x) {
        if (strcmp(json_string_value(json_object_get(x, "id")), "fr-2leger") != 0)
            continue;
        seen = 1;
        assert_string_equal(json_string_value(json_object_get(x, "formation")), "attack-column");
        assert_int_equal(json_array_size(json_object_get(x, "flags")), 0);
    }
    assert_true(seen);
    json_decref(v);
    grog_game_close(g);
}

/* ---- GDB-07: the C-in-C's own brigade ---- */

static const char *picton_commands_a_brigade(void)
{
    json_t *s = embedded("scenarios/bussaco-1810.json");
    json_object_set_new(officer_of(s, "picton"), "personally_commands", json_true());
    return temp_json(s);
}

/* GDB-07. Seed 001: "Если Главнокомандующий лично командует Бригадой, то он
 * может автоматически изменять Приказы этой Бригаде без каких-либо бросков
 * 2D6 (Включая Опрокинутые Бригады)." At once, without a roll, broken or
 * not; by default (own_brigade_uses_attempt false) it is not the turn's
 * one attempt (GDB-01), so Picton may still try Pack's. */
static void test_gdb_07_own_brigade_in_play(void **state)
{
    (void)state;
    const char *sc = picton_commands_a_brigade();
    grog_game *g = game(GROG_FAMILY_GDB, sc, NULL);
    ok(g, "event breaks picton", NULL);
    refused(g, "order picton picton attack --roll 7", GROG_EINVAL, "GDB-07");
    ok(g, "order picton picton attack", "GDB-07");
    assert_string_equal(officer(g, "picton")->order.kind, "attack");
    /* explain gives the same: immediate, 36/36 */
    grog_gdb_rules *r = NULL;
    assert_int_equal(grog_gdb_rules_load(NULL, &r, NULL), GROG_OK);
    grog_gdb_dice_source none = {GROG_GDB_NO_ROLL, NULL, 0};
    grog_explain *e = NULL;
    grog_gdb_outcome o = GROG_GDB_FAIL;
    assert_int_equal(grog_gdb_battle_test(r, grog_game_battle(g), "picton", "picton", &none, &e,
                                          &o, NULL),
                     GROG_OK);
    assert_int_equal(o, GROG_GDB_IMMEDIATE);
    grog_explain_destroy(e);
    grog_gdb_rules_destroy(r);
    /* the turn's one attempt is still there (GDB-01) */
    ok(g, "order picton pack retire --roll 12", "GDB-03");
    refused(g, "order picton lightburne retire --roll 12", GROG_ERULE, "GDB-01");
    /* and again, the same turn: automatic */
    ok(g, "order picton picton defend", "GDB-07");
    grog_game_close(g);
    g = game(GROG_FAMILY_GDB, sc, house("gdb", "interpretations", "own_brigade_uses_attempt", NULL,
                                        json_true()));
    ok(g, "order picton picton attack", "GDB-07");
    refused(g, "order picton pack retire --roll 12", GROG_ERULE, "GDB-01");
    grog_game_close(g);
}

/* GDB-02, GDB-06: a new roll for the face-down order is narrated as that,
 * the order's word only for the side that placed it. Pack's "attack" is
 * face down from the start. Target 6; gifted +1, beyond 30 cm -2: a
 * natural 3 gives 2, fails (GDB-05). */
static void test_gdb_02_new_roll_narrated(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_GDB, NULL, NULL);
    char *r = act_as(g, NULL, "order picton pack --roll 3", GROG_OK, "rolls again");
    assert_null(strstr(r, "places a new order"));
    grog_seat fr, ap;
    assert_int_equal(grog_game_seat(g, "french", 0, &fr, NULL), GROG_OK);
    assert_int_equal(grog_game_seat(g, "anglo-portuguese", 0, &ap, NULL), GROG_OK);
    char *t = NULL;
    assert_int_equal(grog_game_result_text(r, &ap, &t, NULL), GROG_OK);
    assert_non_null(strstr(t, "the face-down order is \"attack\""));
    free(t);
    assert_int_equal(grog_game_log_text(g, &fr, &t, NULL), GROG_OK);
    assert_non_null(strstr(t, "rolls again for the order face down"));
    assert_null(strstr(t, "\"attack\""));
    free(t);
    free(r);
    grog_game_close(g);
}

/* ---- Grande Tactique: gifts ---- */

/* Whether text names a piece by number ("general 3", "commander 0",
 * "unit 12"), as the rules library writes them before the game names them. */
static int numbered(const char *text)
{
    static const char *const keys[] = {"general ", "commander ", "unit "};
    for (size_t k = 0; k < 3; k++)
        for (const char *p = strstr(text, keys[k]); p != NULL; p = strstr(p + 1, keys[k]))
            if (p[strlen(keys[k])] >= '0' && p[strlen(keys[k])] <= '9')
                return 1;
    return 0;
}

/* GT-10, GT-11 with GT-08. Seed 002: "Each turn, each Corps and Army
 * commander adds 1 PIP to the PIP roll of one subordinate divisional
 * commander who is within the command radius (9")"; "on a roll of 1 the
 * general is killed or seriously wounded". A PIP given to a general out of
 * commission is refused, not wasted; a second gift in a turn says it
 * replaces the first; refusals name pieces by their ids. Reynier (90, 12)
 * and Merle (64, 22), bases of 4 cm: 22 and 6 cm apart, 22.8 cm = 8.98",
 * within 9". */
static void test_gt_10_gifts(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_GT, NULL, NULL);
    ok(g, "gift reynier merle", "GT-10");
    ok(g, "gift reynier unit fr-battery", "replaces the one declared before");
    ok(g, "gift reynier merle", "instead of II Corps foot battery");
    next_to(g, "movement");
    /* Heudelet attaches to the 70e Ligne (its base 122..130 x 36..44 cm; his,
     * at 126, 46: 124..128 x 44..48, touching) and it flees: a 1 */
    ok(g, "move heudelet 126 46", NULL);
    ok(g, "attach heudelet fr-70ligne", NULL);
    ok(g, "event flees fr-70ligne --roll 1", "out of commission");
    next_to(g, "pip");
    char *m = act_as(g, NULL, "gift reynier heudelet", GROG_ERULE,
                     "GT-10: general heudelet is out of commission");
    assert_false(numbered(m));
    free(m);
    grog_gt_officer k = {0, {{0, 0}, 1, 1, 0}, -1, 0}, d = k;
    d.id = 3;
    d.out_of_commission = 1;
    grog_error err;
    assert_int_equal(grog_gt_gift_check(&k, &d, &err), GROG_ERULE); /* the engine's check */
    assert_non_null(strstr(err.message, "general 3 is out of commission"));
    assert_int_equal(grog_gt_gift_check(&k, NULL, &err), GROG_OK); /* to a unit */
    k.out_of_commission = 1;
    assert_int_equal(grog_gt_gift_check(&k, NULL, &err), GROG_ERULE);
    /* a refusal of the rules library (GT-08, attaching), by id */
    next_to(g, "movement");
    m = act_as(g, NULL, "attach heudelet fr-17leger", GROG_ERULE,
               "GT-08: general heudelet is out of commission");
    assert_false(numbered(m));
    free(m);
    grog_game_close(g);
}

/* GT-14 (a plan changed before the roll: no PIPs) names the generals of its
 * records by id, as the refusals do: "general merle", not "general 10". */
static void test_gt_14_records_name_by_id(void **state)
{
    (void)state;
    grog_game *g = game(GROG_FAMILY_GT, NULL, NULL);
    ok(g, "plan reynier change", NULL);
    char *r = act_as(g, NULL, "next", GROG_OK, "general merle: the corps changed its plan");
    assert_false(numbered(r));
    free(r);
    grog_game_close(g);
}

static int cleanup(void **state)
{
    (void)state;
    for (int i = 0; i < nfiles && i < 16; i++)
        remove(files[i]);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_aig_o_10_11_chain_in_play_and_explain),
        cmocka_unit_test(test_aig_o_11_adc_carries_down_his_branch),
        cmocka_unit_test(test_aig_o_18_explaining_where_it_could_be_passed),
        cmocka_unit_test(test_aig_o_18_settings),
        cmocka_unit_test(test_aig_o_24_freed_only_by_a_melee),
        cmocka_unit_test(test_aig_o_27_replacement_depth),
        cmocka_unit_test(test_aig_f_12_massing_counts),
        cmocka_unit_test(test_aig_f_12_massing_in_play),
        cmocka_unit_test(test_aig_f_24_irregulars_in_play),
        cmocka_unit_test(test_aig_f_26_reformed_shows_everywhere),
        cmocka_unit_test(test_gdb_07_own_brigade_in_play),
        cmocka_unit_test(test_gdb_02_new_roll_narrated),
        cmocka_unit_test(test_gt_10_gifts),
        cmocka_unit_test(test_gt_14_records_name_by_id),
    };
    return cmocka_run_group_tests(tests, NULL, cleanup);
}
