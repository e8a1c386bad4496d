/* test_roster.c — rosters (CSV): every column, both separators, quoting, a
 * byte-order mark, CRLF, the defaults and the layout worked out by hand,
 * every problem with its line and column, the round trip import -> export
 * -> import, and the import/export commands (nothing written on a problem). */
#include <math.h>
#include <sys/stat.h>

#include "testutil.h"

static grog_battle *read_ok(const char *csv)
{
    grog_battle *b = NULL;
    grog_error err;
    grog_problems *pr = grog_problems_create();
    grog_status st = grog_roster_read(csv, strlen(csv), "club.csv", NULL, &b, pr, &err);
    if (st != GROG_OK) {
        for (size_t i = 0; i < grog_problems_count(pr); i++)
            print_message("%s\n", grog_problems_get(pr, i)->text);
        fail_msg("roster refused: %s", err.message);
    }
    grog_problems_destroy(pr);
    return b;
}

/* The problems' texts joined by "\n" (the caller frees). */
static char *problems_of(const char *csv, size_t len)
{
    grog_battle *b = NULL;
    grog_error err;
    grog_problems *pr = grog_problems_create();
    grog_status st = grog_roster_read(csv, len, "club.csv", NULL, &b, pr, &err);
    assert_int_equal(st, GROG_EFORMAT);
    assert_null(b);
    size_t cap = 1, n = grog_problems_count(pr);
    for (size_t i = 0; i < n; i++)
        cap += strlen(grog_problems_get(pr, i)->text) + 1;
    char *s = calloc(cap, 1);
    for (size_t i = 0; i < n; i++) {
        strcat(s, grog_problems_get(pr, i)->text);
        strcat(s, "\n");
    }
    grog_problems_destroy(pr);
    return s;
}

static void expect_problem(const char *all, const char *one)
{
    if (strstr(all, one) == NULL)
        fail_msg("expected \"%s\" among:\n%s", one, all);
}

/* Every column, each on a row that uses it. */
static const char every_column[] =
    "kind,id,name,side,parent,role,nation,arm,status,manoeuvre,figures,companies,formation,"
    "charisma,command,gdb_skill,gt_quality,x,y,facing,order,source,order_target,order_text,"
    "width,depth,state,casualties,melee_since,leads,attached_to,held_by,colour,scale,unit\n"
    "battle,,Test battle,,,,,,,,,,,,,,,100,60,,,Oman vol. III,,,,,,,,,,,,15,in\n"
    "battle,,,,,,,,,,,,,,,,,,,,,Second source,,,,,,,,,,,,,\n"
    "side,red,Red army,,,,britain,,,,,,,,,,,,,,,,,,,,,,,,,,#aa0000,,\n"
    "side,blue,Blue army,,,,france,,,,,,,,,,,,,,,,,,,,,,,,,,,,\n"
    "officer,rc,Red chief,red,,commander-in-chief,,,,,,,,4,5,gifted,great,10,5,0,defend,,,"
    "Hold the hill,1.5,1.5,,,,Red army,,,,,\n"
    "officer,rb,Red brigadier,,rc,brigade,portugal,,,,,,,1,0,poor,bad,20,6,45,attack,,bc,"
    "Take the farm,,,,2,,1st Brigade,r1,,,,\n"
    "officer,bc,Blue chief,blue,,commander-in-chief,,,,,,,,3,3,ordinary,ordinary,50,55,180,,,"
    ",,,,,,,,,,,,\n"
    "officer,bp,Blue prisoner,blue,bc,division,,,,,,,,2,2,,,30,8,,,,,,,,prisoner,,,,,r1,,,\n"
    "unit,r1,1st Foot,red,rb,,,infantry,veteran,A,24,10,line,,,,,20,10,0,hold,,,,6,1.5,"
    "in-melee disordered,3,2,,,,,,\n"
    "unit,b1,Hussars,,bc,,,cavalry,elite,C,12,4,march-column,,,,,50,50,180,,,,,2,5,routed,"
    ",,,,,,,\n";

static void test_every_column(void **state)
{
    (void)state;
    grog_battle *b = read_ok(every_column);
    const grog_meta *m = grog_battle_meta(b);
    assert_string_equal(m->name, "Test battle");
    assert_int_equal(m->nsources, 2);
    assert_string_equal(m->sources[0], "Oman vol. III");
    assert_string_equal(m->sources[1], "Second source");
    const grog_table *t = grog_battle_table(b);
    assert_int_equal(t->scale.figure_mm, 15);
    assert_int_equal(t->file_unit, GROG_UNIT_IN);
    assert_true(fabs(t->width_mm - 2540) < 1e-9 && fabs(t->depth_mm - 1524) < 1e-9);
    const grog_side *red = grog_battle_side_by_id(b, "red");
    assert_string_equal(red->name, "Red army");
    assert_int_equal(red->nation, GROG_NATION_BRITAIN);
    assert_string_equal(red->colour, "#aa0000");
    const grog_officer *rc = grog_battle_officer_by_id(b, "rc");
    assert_int_equal(rc->role, GROG_ROLE_C_IN_C);
    assert_int_equal(rc->ratings.aigles_charisma, 4);
    assert_int_equal(rc->ratings.aigles_command, 5);
    assert_int_equal(rc->ratings.gdb_skill, GROG_GDB_SKILL_GIFTED);
    assert_int_equal(rc->ratings.gt_quality, GROG_GT_QUALITY_GREAT);
    assert_true(fabs(rc->base.centre.x - 254) < 1e-9 && fabs(rc->base.centre.y - 127) < 1e-9);
    assert_true(fabs(rc->base.width - 38.1) < 1e-9 && fabs(rc->base.depth - 38.1) < 1e-9);
    assert_string_equal(rc->order.kind, "defend");
    assert_string_equal(rc->order.text, "Hold the hill");
    assert_string_equal(rc->command, "Red army");
    const grog_officer *rb = grog_battle_officer_by_id(b, "rb");
    assert_string_equal(rb->side, "red"); /* from his superior */
    assert_string_equal(rb->superior, "rc");
    assert_int_equal(rb->nation, GROG_NATION_PORTUGAL);
    assert_int_equal(rb->ratings.aigles_charisma, 1);
    assert_int_equal(rb->ratings.aigles_command, 0);
    assert_int_equal(rb->ratings.gdb_skill, GROG_GDB_SKILL_POOR);
    assert_int_equal(rb->ratings.gt_quality, GROG_GT_QUALITY_BAD);
    assert_true(fabs(rb->base.facing - 45) < 1e-9);
    assert_string_equal(rb->order.kind, "attack");
    assert_string_equal(rb->order.target, "bc");
    assert_int_equal(rb->casualties, 2);
    assert_string_equal(rb->command, "1st Brigade");
    assert_string_equal(rb->attached_to, "r1");
    const grog_officer *bp = grog_battle_officer_by_id(b, "bp");
    assert_int_equal(bp->role, GROG_ROLE_DIVISION);
    assert_int_equal(bp->state, GROG_OFFICER_PRISONER);
    assert_string_equal(bp->held_by, "r1");
    const grog_troop *r1 = grog_battle_unit_by_id(b, "r1");
    assert_string_equal(r1->parent, "rb");
    assert_int_equal(r1->arm, GROG_ARM_INFANTRY);
    assert_int_equal(r1->status, GROG_STATUS_VETERAN);
    assert_int_equal(r1->manoeuvre, GROG_MANOEUVRE_A);
    assert_int_equal(r1->figures, 24);
    assert_int_equal(r1->subunits, 10);
    assert_string_equal(r1->formation, "line");
    assert_true(fabs(r1->base.width - 152.4) < 1e-9 && fabs(r1->base.depth - 38.1) < 1e-9);
    assert_int_equal(r1->flags, GROG_UNIT_IN_MELEE | GROG_UNIT_DISORDERED);
    assert_int_equal(r1->casualties, 3);
    assert_int_equal(r1->melee_since, 2);
    assert_string_equal(r1->order.kind, "hold");
    const grog_troop *b1 = grog_battle_unit_by_id(b, "b1");
    assert_string_equal(b1->side, "blue");
    assert_int_equal(b1->arm, GROG_ARM_CAVALRY);
    assert_int_equal(b1->status, GROG_STATUS_ELITE);
    assert_int_equal(b1->manoeuvre, GROG_MANOEUVRE_C);
    assert_string_equal(b1->formation, "march-column");
    assert_int_equal(b1->flags, GROG_UNIT_ROUTED);
    assert_true(fabs(b1->base.facing - 180) < 1e-9);
    grog_battle_destroy(b);
}

/* The same roster with semicolons, a byte-order mark, CRLF, quoted cells
 * holding the separator and a doubled quote, decimal commas. */
static void test_semicolon_bom_crlf(void **state)
{
    (void)state;
    const char comma[] = "kind,id,name,side,parent,x,y,width\n"
                         "side,a,\"Allies; \"\"the red\"\"\",,,,,\n"
                         "side,f,French,,,,,\n"
                         "officer,ca,Chief,a,,12.5,20,\n"
                         "officer,cf,Chef,f,,50,100,\n"
                         "unit,u1,\"1st, of Foot\",,ca,30.25,22,16\n";
    const char semi[] = "\xEF\xBB\xBFkind;id;name;side;parent;x;y;width\r\n"
                        "side;a;\"Allies; \"\"the red\"\"\";;;;;\r\n"
                        "\r\n"
                        "side;f;French;;;;;\r\n"
                        "officer;ca;Chief;a;;12,5;20;\r\n"
                        "officer;cf;Chef;f;;50;100;\r\n"
                        "unit;u1;\"1st, of Foot\";;ca;30,25;22;16\r\n";
    grog_battle *x = read_ok(comma), *y = read_ok(semi);
    char why[256] = "";
    if (!grog_battle_equal(x, y, why, sizeof why))
        fail_msg("differ: %s", why);
    assert_string_equal(grog_battle_side(x, 0)->name, "Allies; \"the red\"");
    assert_string_equal(grog_battle_unit(x, 0)->name, "1st, of Foot");
    assert_true(fabs(grog_battle_unit(x, 0)->base.centre.x - 302.5) < 1e-9);
    assert_true(fabs(grog_battle_officer(y, 0)->base.centre.x - 125) < 1e-9);
    grog_battle_destroy(x);
    grog_battle_destroy(y);
}

/* Empty cells: the documented defaults, and the layout worked by hand
 * (docs/scenario-format.md, "Rosters"). The table is 1800 x 1200 mm. Side a
 * (lower half): front 360 mm; two infantry lines 160 x 40 from x = 90 with
 * a 20 mm gap: centres 170 and 350, extent 90..430 centred (shift 640):
 * 810 and 990, y = 360 - 20 = 340. Its C-in-C: behind, 360 - (40 + 50) =
 * 270, over the middle of his units, x = 900. Side f (upper half): front 840;
 * a cavalry line 125 x 50 and a battery 60 x 60: centres 152.5 and 265,
 * extent 90..295 shifted by 707.5: 860 and 972.5 (written 97.3 cm: 973),
 * y = 865 and 870; its chief at 840 + 60 + 50 = 950, x = (860 + 972.5) / 2
 * = 916.25, written 91.6 cm. */
static void test_defaults_and_layout(void **state)
{
    (void)state;
    const char csv[] = "kind,id,side,parent,arm\n"
                       "side,a,,,\n"
                       "side,f,,,\n"
                       "officer,ca,a,,\n"
                       "officer,cf,f,,\n"
                       "unit,u1,,ca,\n"
                       "unit,u2,,ca,infantry\n"
                       "unit,h,,cf,cavalry\n"
                       "unit,g,,cf,foot-artillery\n";
    grog_battle *b = read_ok(csv);
    assert_string_equal(grog_battle_meta(b)->name, "club");
    const grog_table *t = grog_battle_table(b);
    assert_int_equal(t->scale.figure_mm, 25);
    assert_int_equal(t->file_unit, GROG_UNIT_CM);
    assert_true(fabs(t->width_mm - 1800) < 1e-9 && fabs(t->depth_mm - 1200) < 1e-9);
    const grog_side *a = grog_battle_side_by_id(b, "a");
    assert_string_equal(a->name, "a");
    assert_int_equal(a->nation, GROG_NATION_OTHER);
    const grog_officer *ca = grog_battle_officer_by_id(b, "ca");
    assert_int_equal(ca->role, GROG_ROLE_C_IN_C);
    assert_int_equal(ca->ratings.aigles_charisma, 2);
    assert_int_equal(ca->ratings.aigles_command, 2);
    assert_int_equal(ca->ratings.gdb_skill, GROG_GDB_SKILL_ORDINARY);
    assert_int_equal(ca->ratings.gt_quality, GROG_GT_QUALITY_ORDINARY);
    assert_true(fabs(ca->base.centre.x - 900) < 1e-6 && fabs(ca->base.centre.y - 270) < 1e-6);
    assert_true(fabs(ca->base.facing - 0) < 1e-9);
    const grog_troop *u1 = grog_battle_unit_by_id(b, "u1"), *u2 = grog_battle_unit_by_id(b, "u2");
    assert_int_equal(u1->arm, GROG_ARM_INFANTRY);
    assert_int_equal(u1->status, GROG_STATUS_REGULAR);
    assert_int_equal(u1->manoeuvre, GROG_MANOEUVRE_B);
    assert_int_equal(u1->figures, 24);
    assert_int_equal(u1->subunits, 6);
    assert_string_equal(u1->formation, "line");
    assert_string_equal(u1->side, "a");
    assert_true(fabs(u1->base.width - 160) < 1e-6 && fabs(u1->base.depth - 40) < 1e-6);
    assert_true(fabs(u1->base.centre.x - 810) < 1e-6 && fabs(u1->base.centre.y - 340) < 1e-6);
    assert_true(fabs(u2->base.centre.x - 990) < 1e-6 && fabs(u2->base.centre.y - 340) < 1e-6);
    const grog_troop *h = grog_battle_unit_by_id(b, "h"), *g = grog_battle_unit_by_id(b, "g");
    assert_int_equal(h->figures, 12);
    assert_int_equal(h->subunits, 4);
    assert_true(fabs(h->base.width - 125) < 1e-6 && fabs(h->base.depth - 50) < 1e-6);
    assert_true(fabs(h->base.centre.x - 860) < 1e-6 && fabs(h->base.centre.y - 865) < 1e-6);
    assert_true(fabs(h->base.facing - 180) < 1e-9);
    assert_int_equal(g->figures, 4);
    assert_string_equal(g->formation, "unlimbered");
    assert_true(fabs(g->base.width - 60) < 1e-6 && fabs(g->base.depth - 60) < 1e-6);
    assert_true(fabs(g->base.centre.x - 973) < 1e-6 && fabs(g->base.centre.y - 870) < 1e-6);
    const grog_officer *cf = grog_battle_officer_by_id(b, "cf");
    assert_true(fabs(cf->base.centre.x - 916) < 1e-6 && fabs(cf->base.centre.y - 950) < 1e-6);
    assert_true(fabs(cf->base.facing - 180) < 1e-9);
    grog_battle_destroy(b);
}

/* A 15 mm roster: bases are 0.6 of the 25 mm ones. */
static void test_scale_15(void **state)
{
    (void)state;
    const char csv[] = "kind,id,side,parent,formation,scale\n"
                       "battle,,,,,15\n"
                       "side,a,,,,\n"
                       "officer,ca,a,,,\n"
                       "unit,u,,ca,attack-column,\n";
    grog_battle *b = read_ok(csv);
    const grog_troop *u = grog_battle_unit(b, 0);
    assert_true(fabs(u->base.width - 48) < 1e-6 && fabs(u->base.depth - 48) < 1e-6);
    grog_battle_destroy(b);
}

static void test_errors(void **state)
{
    (void)state;
    const char csv[] =
        "kind,id,name,side,parent,role,charisma,figures,x,y,bogus,name,arm,scale,unit\n" /* 1 */
        "side,a,A,,,,,,,,,,,,\n"                                                        /* 2 */
        "side,f,F,,,,,,,,,,,,\n"                                                        /* 3 */
        "officer,ca,CA,a,,,7,,,,,,,,\n"                                                 /* 4 */
        "officer,x1,X1,a,x2,brigade,,,,,,,,,\n"                                         /* 5 */
        "officer,x2,X2,a,x1,brigade,,,,,,,,,\n"                                         /* 6 */
        "officer,cf,CF,f,,,,,,,,,,,\n"                                                  /* 7 */
        "officer,cf,Again,f,,,,,,,,,,,\n"                                               /* 8 */
        "unit,u1,U1,,,,,,,,,,,,\n"                                                      /* 9 */
        "unit,u2,U2,,nobody,,,many,12.5,,,,,,\n"                                        /* 10 */
        "unit,u3,U3,,ca,,,24.5,,,,,cavalery,,\n"                                        /* 11 */
        "dragoon,u4,,,,,,,,,,,,,\n"                                                     /* 12 */
        ",u5,,,,,,,,,,,,,\n"                                                            /* 13 */
        "side,s,S,,,commander-in-chief,,,,,,,,,\n"                                      /* 14 */
        "officer,cs,CS,s,,,,,,,,,,,,extra\n"                                            /* 15 */
        "battle,,,,,,,,abc,,,,,20,ft\n"                                                 /* 16 */
        "officer,o9,\"bad \x01 text\",a,ca,,,,,,,,,,\n"                                 /* 17 */
        "officer,o8,O8,a,nobody,,,,,,,,,,\n";                                           /* 18 */
    char *all = problems_of(csv, sizeof csv - 1);
    expect_problem(all, "club.csv:1:11: bogus: unknown column \"bogus\" (expected one of: kind,");
    expect_problem(all, "club.csv:1:12: name: column \"name\" is named twice (first in column 3)");
    expect_problem(all, "club.csv:4:7: charisma: charisma 7 is out of range 0 to 5 (AIG-O-01)");
    expect_problem(all, "club.csv:5:5: parent: cycle in the hierarchy through");
    expect_problem(all, "club.csv:8:2: id: duplicate id \"cf\"");
    expect_problem(all, "club.csv:9:5: parent: missing: a unit needs its commanding officer");
    expect_problem(all, "club.csv:10:5: parent: no officer \"nobody\"");
    expect_problem(all, "club.csv:10:8: figures: expected a whole number, not \"many\"");
    expect_problem(all, "club.csv:10:10: y: missing: give both x and y, or neither");
    expect_problem(all, "club.csv:11:8: figures: expected a whole number, not \"24.5\"");
    expect_problem(all, "club.csv:11:13: arm: unknown arm \"cavalery\"");
    expect_problem(all, "club.csv:12:1: kind: unknown kind \"dragoon\" (expected one of: battle, "
                        "side, officer, unit)");
    expect_problem(all, "club.csv:13:1: kind: missing: a row is a battle, side, officer or unit");
    expect_problem(all, "club.csv:14:6: role: not used on a side's row");
    expect_problem(all, "club.csv:15:16: a cell beyond the last column of the header line");
    expect_problem(all, "club.csv:16:9: x: expected a number, not \"abc\"");
    expect_problem(all, "club.csv:16:14: scale: 20: the figure scale is 25 or 15 (mm)");
    expect_problem(all, "club.csv:16:15: unit: unknown unit \"ft\"");
    expect_problem(all, "club.csv:17:3: name: the character U+0001 at byte 5 is not allowed");
    expect_problem(all, "club.csv:18:5: parent: no officer \"nobody\"");
    /* one problem per cell: the unit without a parent has no other about its side */
    assert_null(strstr(all, "club.csv:9:4:"));
    assert_null(strstr(all, "club.csv:10:4:"));
    free(all);
}

static void test_file_errors(void **state)
{
    (void)state;
    char *all = problems_of("", 0);
    expect_problem(all, "club.csv:1:1: no header line");
    free(all);
    all = problems_of("id,name\nside,a\n", 15);
    expect_problem(all, "club.csv:1:1: kind: the header line has no such column: it is required");
    free(all);
    const char stray[] = "kind,id,name\nside,a,A\nside,b,x\"y\n";
    all = problems_of(stray, sizeof stray - 1);
    expect_problem(all, "club.csv:3:3: name: a quote inside a cell that does not begin with one");
    free(all);
    /* a quoted cell over two lines: the next row is on line 4; one left open
     * is reported where it begins */
    const char multi[] = "kind,id,name\nside,a,\"two\nlines\"\nside,b,\"open\n";
    all = problems_of(multi, sizeof multi - 1);
    expect_problem(all, "club.csv:2:3: name: the character U+000A at byte 4 is not allowed");
    expect_problem(all, "club.csv:4:3: name: a quote inside a cell that does not begin with one, "
                        "or a quoted cell not closed");
    free(all);
    const char latin1[] = "kind,id,name\nside,a,Fran\xe7" "ais\n";
    all = problems_of(latin1, sizeof latin1 - 1);
    expect_problem(all, "club.csv:2:3: name: not valid UTF-8 at byte 5");
    free(all);
    const char nul[] = "kind,id,name\nside,a,x\0y\n";
    all = problems_of(nul, sizeof nul - 1);
    expect_problem(all, "club.csv:2:3: name: the character U+0000 at byte 2");
    free(all);
    const char twice[] = "kind,id,name,x\nbattle,,One,100\nbattle,,Two,\n";
    all = problems_of(twice, sizeof twice - 1);
    expect_problem(all, "club.csv:3:3: name: already given on line 2");
    free(all);
}

static void assert_round_trip(const grog_battle *b)
{
    char *csv = NULL;
    grog_error err;
    assert_int_equal(grog_roster_write(b, ',', &csv, &err), GROG_OK);
    grog_battle *again = read_ok(csv);
    char why[256] = "";
    if (!grog_battle_equal(b, again, why, sizeof why))
        fail_msg("round trip differs: %s\n%s", why, csv);
    grog_battle_destroy(again);
    free(csv);
    assert_int_equal(grog_roster_write(b, ';', &csv, &err), GROG_OK);
    again = read_ok(csv);
    assert_true(grog_battle_equal(b, again, NULL, 0));
    grog_battle_destroy(again);
    free(csv);
}

static void test_round_trip(void **state)
{
    (void)state;
    grog_battle *b = read_ok(every_column);
    assert_round_trip(b);
    grog_battle_destroy(b);
    b = read_ok(grog_roster_template());
    assert_round_trip(b);
    /* losses and states as they stand in a game */
    grog_troop *u = grog_battle_unit_mut(b, 0);
    u->casualties = 7;
    u->flags = GROG_UNIT_ROUTED | GROG_UNIT_FLEEING;
    u->base.centre.x += 33.3;
    grog_officer *o = grog_battle_officer_mut(b, 2);
    o->casualties = 1;
    o->state = GROG_OFFICER_KILLED;
    assert_round_trip(b);
    grog_battle_destroy(b);
}

/* The template: a worked example that imports as it is, under the issue's
 * columns (two sides, officers with an ADC, units of every arm but engineers). */
static void test_template(void **state)
{
    (void)state;
    const char *t = grog_roster_template();
    static const char header[] =
        "kind,id,name,side,parent,role,nation,arm,status,manoeuvre,figures,companies,formation,"
        "charisma,command,gdb_skill,gt_quality,x,y,facing,order,source\n";
    assert_memory_equal(t, header, sizeof header - 1);
    grog_battle *b = read_ok(t);
    assert_int_equal(grog_battle_nsides(b), 2);
    assert_int_equal(grog_battle_nofficers(b), 5);
    assert_int_equal(grog_battle_nunits(b), 6);
    assert_int_equal(grog_battle_check(b, NULL, NULL), 0);
    grog_battle_destroy(b);
}

static void test_cli(void **state)
{
    (void)state;
    char dir[] = "/tmp/grog-roster-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char csv[256], json[256], bad[256], back[256];
    snprintf(csv, sizeof csv, "%s/club.csv", dir);
    snprintf(json, sizeof json, "%s/club.json", dir);
    snprintf(bad, sizeof bad, "%s/bad.csv", dir);
    snprintf(back, sizeof back, "%s/back.csv", dir);
    cli_run r = run_cli("import", "--template", "-o", csv, NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    r = run_cli("import", csv, "-o", json, "--name", "Club night", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.err, "2 sides, 5 officers, 6 units written to"));
    cli_run_free(&r);
    r = run_cli("validate", json, NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    r = run_cli("export", json, "--csv", "-o", back, NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    r = run_cli("import", back, "--json", NULL);
    assert_int_equal(r.code, 0);
    json_t *doc = cli_json(&r);
    assert_true(json_is_true(json_object_get(doc, "ok")));
    assert_string_equal(json_string_value(json_object_get(
                            json_object_get(json_object_get(doc, "scenario"), "meta"), "name")),
                        "Club night");
    json_decref(doc);
    cli_run_free(&r);
    /* a problem: listed, exit 1, nothing written */
    FILE *f = fopen(bad, "w");
    fputs("kind,id,name,side,parent\nside,a,A,,\nunit,u,U,,ghost\nofficer,c,C,a,\n", f);
    fclose(f);
    char out[256];
    snprintf(out, sizeof out, "%s/never.json", dir);
    r = run_cli("import", bad, "-o", out, NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "bad.csv:3:5: parent: no officer \"ghost\""));
    assert_non_null(strstr(r.err, "1 problem, nothing written"));
    struct stat st;
    assert_int_not_equal(stat(out, &st), 0);
    cli_run_free(&r);
    r = run_cli("import", bad, "--json", NULL);
    assert_int_equal(r.code, 1);
    doc = cli_json(&r);
    json_t *p0 = json_array_get(json_object_get(doc, "problems"), 0);
    assert_int_equal(json_integer_value(json_object_get(p0, "line")), 3);
    assert_int_equal(json_integer_value(json_object_get(p0, "column")), 5);
    assert_string_equal(json_string_value(json_object_get(p0, "column_name")), "parent");
    json_decref(doc);
    cli_run_free(&r);
    /* command-line errors */
    r = run_cli("import", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("import", csv, "--scale", "28", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("export", json, "--semicolon", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    r = run_cli("export", "no-such-battle", "--csv", NULL);
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
    unlink(csv);
    unlink(json);
    unlink(bad);
    unlink(back);
    rmdir(dir);
}

/* A game's battle as it stands exports and imports to the same battle. */
static void test_export_game(void **state)
{
    (void)state;
    char path[256], csv[300];
    test_game_path(path, sizeof path, "roster");
    grog_game *g = test_game_create(path, GROG_FAMILY_GDB, "quatre-bras-1815", 7);
    grog_game_close(g);
    snprintf(csv, sizeof csv, "%s.csv", path);
    cli_run r = run_cli("export", path, "--csv", "-o", csv, NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    char *text = NULL;
    size_t len = 0;
    grog_error err;
    assert_int_equal(grog_data_read_file(csv, &text, &len, &err), GROG_OK);
    grog_battle *again = read_ok(text);
    assert_int_equal(grog_battle_nunits(again), 33);
    assert_int_equal(grog_battle_nofficers(again), 28);
    const grog_troop *u = grog_battle_unit_by_id(again, "fr-8cuirassiers");
    assert_string_equal(u->formation, "march-column");
    assert_true(fabs(u->base.centre.x - 34 * 25.4) < 1e-6);
    free(text);
    grog_battle_destroy(again);
    unlink(csv);
    test_game_path(path, sizeof path, "roster");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_column),      cmocka_unit_test(test_semicolon_bom_crlf),
        cmocka_unit_test(test_defaults_and_layout), cmocka_unit_test(test_scale_15),
        cmocka_unit_test(test_errors),            cmocka_unit_test(test_file_errors),
        cmocka_unit_test(test_round_trip),        cmocka_unit_test(test_template),
        cmocka_unit_test(test_cli),               cmocka_unit_test(test_export_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
