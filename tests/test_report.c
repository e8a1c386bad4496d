/* test_report.c — the battle report and the luck line (issue 26, part 1).
 *
 * The luck line's arithmetic is checked on values worked out by hand; the
 * report on a short gdb game of the default scenario whose tests' odds follow
 * from the rules (GDB-02..05: a change needs more than 6 on 2d6 plus the
 * modifiers, in force at once on a modified 7 or more... as the record says),
 * and a side's report against a control game that differs only in the other
 * side's hidden order. */
#include "testutil.h"

static char path[64], control[64];

static int setup(void **state)
{
    (void)state;
    test_game_path(path, sizeof path, "report");
    test_game_path(control, sizeof control, "report-control");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    grog_game_remove(path);
    grog_game_remove(control);
    return 0;
}

static grog_luck luck(const grog_luck_test *t, size_t n, const char *exact)
{
    grog_luck l;
    char *e = NULL;
    assert_int_equal(grog_luck_compute(t, n, &l, &e, NULL), GROG_OK);
    assert_string_equal(e, exact);
    free(e);
    return l;
}

static void test_luck_by_hand(void **state)
{
    (void)state;
    /* two tests at 15/36, one success: P(>= 1) = 1 - (21/36)^2 = 855/1296 = 95/144 */
    grog_luck_test two[] = {{15, 36, 1}, {15, 36, 0}};
    grog_luck l = luck(two, 2, "95/144");
    assert_int_equal(l.tests, 2);
    assert_int_equal(l.observed, 1);
    assert_float_equal(l.expected, 30.0 / 36.0, 1e-12);
    assert_float_equal(l.p_at_least, 95.0 / 144.0, 1e-12);
    /* three fair tests: 3 successes 1/8; 2 successes (3 + 1)/8 = 1/2; none: certain */
    grog_luck_test fair[] = {{1, 2, 1}, {1, 2, 1}, {1, 2, 1}};
    assert_float_equal(luck(fair, 3, "1/8").p_at_least, 0.125, 1e-15);
    fair[2].success = 0;
    luck(fair, 3, "1/2");
    fair[0].success = fair[1].success = 0;
    luck(fair, 3, "1/1");
    /* different odds: 1/6 and 1/2 both succeeding: 1/12 */
    grog_luck_test mixed[] = {{1, 6, 1}, {1, 2, 1}};
    l = luck(mixed, 2, "1/12");
    assert_float_equal(l.expected, 2.0 / 3.0, 1e-12);
    /* no test: nothing expected, nothing seen, certain */
    l = luck(NULL, 0, "1/1");
    assert_int_equal(l.tests, 0);
    assert_float_equal(l.p_at_least, 1.0, 0);
    /* 500 fair tests, 250 successes: (2^500 + C(500,250)) / 2^501 = 0.51783232277667...,
     * where a normal approximation without correction would say 0.5 */
    grog_luck_test *many = calloc(500, sizeof *many);
    for (int i = 0; i < 500; i++)
        many[i] = (grog_luck_test){1, 2, i < 250};
    grog_luck big;
    assert_int_equal(grog_luck_compute(many, 500, &big, NULL, NULL), GROG_OK);
    assert_float_equal(big.p_at_least, 0.5178323227766746, 1e-12);
    free(many);
    /* a probability outside [0, 1]: refused, nothing set */
    grog_luck_test bad[] = {{7, 6, 1}};
    grog_luck untouched = {99, 0, 0, 0};
    grog_error err;
    assert_int_equal(grog_luck_compute(bad, 1, &untouched, NULL, &err), GROG_EINVAL);
    assert_int_equal(untouched.tests, 99);
    grog_luck_test zero[] = {{0, 0, 1}};
    assert_int_equal(grog_luck_compute(zero, 1, &untouched, NULL, &err), GROG_EINVAL);
}

static void play(grog_game *g, const char *const *lines)
{
    grog_error err;
    for (; *lines != NULL; lines++)
        if (strcmp(*lines, "undo") == 0 ? grog_game_undo(g, &err) != GROG_OK
                                        : grog_game_do_line(g, *lines, NULL, &err) != GROG_OK)
            fail_msg("%s: %s", *lines, err.message);
}

static json_t *report_of(grog_game *g, const char *side, int referee)
{
    grog_seat seat;
    assert_int_equal(grog_game_seat(g, side, referee, &seat, NULL), GROG_OK);
    char *text = NULL;
    assert_int_equal(grog_report_json(g, &seat, &text, NULL), GROG_OK);
    json_t *j = json_loads(text, 0, NULL);
    free(text);
    assert_non_null(j);
    return j;
}

static long long count(json_t *by_side, const char *side, const char *key)
{
    return (long long)json_integer_value(json_object_get(json_object_get(by_side, side), key));
}

static json_t *turn_sides(json_t *rep, int turn)
{
    return json_object_get(json_array_get(json_object_get(rep, "turns"), (size_t)turn - 1),
                           "sides");
}

static const char *const SHORT_GAME[] = {
    /* 2d6 - 1 (Picton gifted, the distance) must beat 6: 8+ on 2d6, 15/36; entered 5: fails */
    "order picton pack attack --roll 5",
    /* 2d6 - 2: 9+, 10/36, grognard's dice (seed 11: 8, delayed) */
    "order reynier brenier attack",
    "next", "next", "next",
    /* turn 2: Lightburne, 15/36 again, entered 9: in force at once */
    "order picton lightburne attack --roll 9",
    "event casualties br-1-45th 30",
    "event routs fr-2leger",
    "event killed mackinnon",
    /* undone: counts for nothing */
    "event casualties br-74th 50",
    "undo",
    NULL};

static void test_short_game(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_GDB, NULL, 11);
    play(g, SHORT_GAME);
    json_t *r = report_of(g, NULL, 0);
    const char *ap = "anglo-portuguese", *fr = "french";
    json_t *t1 = turn_sides(r, 1), *t2 = turn_sides(r, 2), *tot = json_object_get(r, "totals");
    assert_int_equal(json_array_size(json_object_get(r, "turns")), 2);
    assert_int_equal(count(t1, ap, "orders_tried"), 1);
    assert_int_equal(count(t1, ap, "failed"), 1);
    assert_int_equal(count(t1, fr, "orders_tried"), 1);
    assert_int_equal(count(t1, fr, "delayed"), 1);
    assert_int_equal(count(t2, ap, "obeyed"), 1);
    assert_int_equal(count(t2, ap, "casualties"), 30); /* the 74th's 50 were undone */
    assert_int_equal(count(t2, ap, "officers_lost"), 1);
    assert_int_equal(count(t2, fr, "routed"), 1);
    assert_int_equal(count(t2, fr, "casualties"), 0);
    assert_int_equal(count(tot, ap, "orders_tried"), 2);
    assert_int_equal(count(tot, ap, "casualties"), 30);
    /* the luck: Picton's two tests were entered at the table, 15/36 each, one obeyed */
    json_t *lap = json_object_get(json_object_get(r, "luck"), ap);
    json_t *entered = json_object_get(lap, "entered"), *dice = json_object_get(lap, "dice");
    assert_int_equal(json_integer_value(json_object_get(entered, "tests")), 2);
    assert_int_equal(json_integer_value(json_object_get(entered, "observed")), 1);
    assert_float_equal(json_number_value(json_object_get(entered, "expected")), 30.0 / 36, 1e-9);
    assert_string_equal(json_string_value(json_object_get(entered, "p_at_least_exact")), "95/144");
    assert_int_equal(json_integer_value(json_object_get(dice, "tests")), 0);
    /* Reynier's, grognard's dice: 10/36, not in force at once */
    json_t *lfr = json_object_get(json_object_get(json_object_get(r, "luck"), fr), "dice");
    assert_int_equal(json_integer_value(json_object_get(lfr, "tests")), 1);
    assert_int_equal(json_integer_value(json_object_get(lfr, "observed")), 0);
    assert_float_equal(json_number_value(json_object_get(lfr, "expected")), 10.0 / 36, 1e-9);
    /* the orders in force at the end: Lightburne's new "attack"; Mackinnon, killed, none */
    json_t *orders = json_object_get(json_object_get(r, "orders_in_force"), ap), *o;
    size_t i;
    int lightburne = 0;
    json_array_foreach(orders, i, o) {
        const char *id = json_string_value(json_object_get(o, "id"));
        assert_string_not_equal(id, "mackinnon");
        if (strcmp(id, "lightburne") == 0)
            lightburne = strcmp(json_string_value(json_object_get(o, "order")), "attack") == 0;
    }
    assert_true(lightburne);
    json_decref(r);
    /* the text and the page say the same */
    grog_seat pub;
    assert_int_equal(grog_game_seat(g, NULL, 0, &pub, NULL), GROG_OK);
    char *text = NULL, *html = NULL;
    assert_int_equal(grog_report_text(g, &pub, &text, NULL), GROG_OK);
    assert_non_null(strstr(text, "exactly 95/144"));
    assert_int_equal(grog_report_html(g, &pub, &html, NULL), GROG_OK);
    assert_non_null(strstr(html, "<svg"));
    assert_non_null(strstr(html, "95/144"));
    assert_null(strstr(html, "Dice seed")); /* the public never sees the seed */
    free(text);
    free(html);
    grog_game_close(g);
}

/* Two games alike but for the Anglo-Portuguese face-down order (GDB-02), which
 * fails and stays hidden: the French and the public reports are the same
 * bytes. The words are in the game: the Anglo-Portuguese and the referee's
 * logs (what the report is made from) differ. */
static void test_side_sees_nothing_hidden(void **state)
{
    (void)state;
    const char *a[] = {"order picton pack attack --roll 2", "order reynier brenier attack --roll 12",
                       "next", NULL};
    const char *b[] = {"order picton pack retire --roll 2", "order reynier brenier attack --roll 12",
                       "next", NULL};
    grog_game *ga = test_game_create(path, GROG_FAMILY_GDB, NULL, 5);
    grog_game *gb = test_game_create(control, GROG_FAMILY_GDB, NULL, 5);
    play(ga, a);
    play(gb, b);
    struct {
        const char *side;
        int referee, same;
    } seats[] = {{"french", 0, 1}, {NULL, 0, 1}, {"anglo-portuguese", 0, 0}, {NULL, 1, 0}};
    for (size_t i = 0; i < sizeof seats / sizeof *seats; i++) {
        grog_seat sa, sb;
        assert_int_equal(grog_game_seat(ga, seats[i].side, seats[i].referee, &sa, NULL), GROG_OK);
        assert_int_equal(grog_game_seat(gb, seats[i].side, seats[i].referee, &sb, NULL), GROG_OK);
        char *ja = NULL, *jb = NULL, *ta = NULL, *tb = NULL, *ha = NULL, *hb = NULL;
        assert_int_equal(grog_report_json(ga, &sa, &ja, NULL), GROG_OK);
        assert_int_equal(grog_report_json(gb, &sb, &jb, NULL), GROG_OK);
        assert_int_equal(grog_report_text(ga, &sa, &ta, NULL), GROG_OK);
        assert_int_equal(grog_report_text(gb, &sb, &tb, NULL), GROG_OK);
        assert_int_equal(grog_report_html(ga, &sa, &ha, NULL), GROG_OK);
        assert_int_equal(grog_report_html(gb, &sb, &hb, NULL), GROG_OK);
        if (seats[i].same) {
            assert_string_equal(ja, jb);
            assert_string_equal(ta, tb);
            assert_string_equal(ha, hb);
            assert_null(strstr(ja, "retire"));
        } else {
            char *la = NULL, *lb = NULL;
            assert_int_equal(grog_game_log_json(ga, &sa, &la, NULL), GROG_OK);
            assert_int_equal(grog_game_log_json(gb, &sb, &lb, NULL), GROG_OK);
            assert_non_null(strstr(lb, "retire"));
            assert_string_not_equal(la, lb);
            free(la), free(lb);
        }
        free(ja), free(jb), free(ta), free(tb), free(ha), free(hb);
    }
    grog_game_close(ga);
    grog_game_close(gb);
}

static void test_cli(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_GDB, NULL, 11);
    play(g, SHORT_GAME);
    grog_game_close(g);
    cli_run r = run_cli("report", path, "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    assert_true(json_is_null(json_object_get(j, "seed")));
    json_decref(j);
    cli_run_free(&r);
    r = run_cli("report", path, "--side", "french", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "Luck"));
    cli_run_free(&r);
    char html[80];
    snprintf(html, sizeof html, "/tmp/grog-test-report-%d.html", (int)getpid());
    r = run_cli("report", path, "--referee", "-o", html, NULL);
    assert_int_equal(r.code, 0);
    assert_int_equal(access(html, R_OK), 0);
    unlink(html);
    cli_run_free(&r);
    r = run_cli("report", path, "--side", "prussia", NULL); /* lists the sides */
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "french"));
    cli_run_free(&r);
    r = run_cli("report", path, "--side", "french", "--referee", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("report", path, "-o", "report.txt", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("report", "/nonexistent.grog", NULL);
    assert_int_not_equal(r.code, 0);
    cli_run_free(&r);
}

static long long in_force_at(json_t *rep, size_t turn, const char *side)
{
    json_t *t = json_array_get(json_object_get(rep, "turns"), turn - 1);
    return (long long)json_integer_value(
        json_object_get(json_object_get(json_object_get(t, "sides"), side), "orders_in_force"));
}

/* The second chart's line: the orders in force at the end of each turn. By hand
 * from the scenario: its orders not hidden go to five Anglo-Portuguese officers
 * (Picton, Pack, Mackinnon, Lightburne, Champalimaud) and seven French. Turn 1:
 * Picton's change for Lightburne fails (2), Reynier's for Brenier is delayed
 * (8: GDB-04): 5 and 7 at its end. Turn 2: Lightburne is killed: 4 and 7 (a
 * killed officer's order is in force no more); Brenier's delayed order is in
 * force now, which changes his order, not the count. Turn 3: Mackinnon killed
 * too: 3. The turns already played are read from the game as it was after
 * their last entry, so turn 1 still says 5 once Lightburne is dead. */
static void test_orders_in_force_per_turn(void **state)
{
    (void)state;
    grog_game *g = test_game_create(path, GROG_FAMILY_GDB, NULL, 5);
    const char *lines[] = {"order picton lightburne attack --roll 2",
                           "order reynier brenier attack --roll 8", "next", "next", "next",
                           "event killed lightburne", "next", "next", "next",
                           "event killed mackinnon", NULL};
    play(g, lines);
    json_t *rep = report_of(g, "french", 0);
    assert_int_equal(json_array_size(json_object_get(rep, "turns")), 3);
    assert_int_equal(in_force_at(rep, 1, "anglo-portuguese"), 5);
    assert_int_equal(in_force_at(rep, 1, "french"), 7);
    assert_int_equal(in_force_at(rep, 2, "anglo-portuguese"), 4);
    assert_int_equal(in_force_at(rep, 2, "french"), 7);
    assert_int_equal(in_force_at(rep, 3, "anglo-portuguese"), 3);
    assert_int_equal(in_force_at(rep, 3, "french"), 7);
    /* not a total: the whole game's counts have no such key */
    assert_null(json_object_get(json_object_get(json_object_get(rep, "totals"), "french"),
                                "orders_in_force"));
    json_decref(rep);
    char *html = NULL;
    grog_seat seat;
    assert_int_equal(grog_game_seat(g, "french", 0, &seat, NULL), GROG_OK);
    assert_int_equal(grog_report_html(g, &seat, &html, NULL), GROG_OK);
    assert_non_null(strstr(html, "Orders in force at the end of each turn"));
    free(html);
    grog_game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_luck_by_hand),
        cmocka_unit_test_setup_teardown(test_short_game, setup, teardown),
        cmocka_unit_test_setup_teardown(test_side_sees_nothing_hidden, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cli, setup, teardown),
        cmocka_unit_test_setup_teardown(test_orders_in_force_per_turn, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
