/* test_limits.c — input limits (issue 11): action words that are not UTF-8
 * or hold control characters are refused before anything is journaled;
 * positions must be finite and on the table (or its margin); scenario and
 * rules files must be regular files of at most 128 MiB; scenario text holds
 * no control character; and nothing the CLI prints carries a raw escape
 * sequence to the terminal. */
#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "grognard/game.h"
#include "testutil.h"

static char path[64], scen[64];

static int setup(void **state)
{
    (void)state;
    snprintf(path, sizeof path, "/tmp/grog-test-limits-%d.grog", (int)getpid());
    snprintf(scen, sizeof scen, "/tmp/grog-test-limits-%d.json", (int)getpid());
    grog_game_remove(path);
    unlink(scen);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    grog_game_remove(path);
    unlink(scen);
    return 0;
}

static grog_game *new_game(grog_family f, const char *scenario)
{
    return test_game_create(path, f, scenario, 7);
}

static void refused(grog_game *g, const char *line, grog_status want, const char *fragment)
{
    size_t before = grog_game_action_count(g);
    grog_error err;
    grog_error_clear(&err);
    grog_status st = grog_game_do_line(g, line, NULL, &err);
    if (st != want || strstr(err.message, fragment) == NULL)
        fail_msg("\"%s\": status %d \"%s\", wanted %d with \"%s\"", line, st, err.message, want,
                 fragment);
    assert_int_equal(grog_game_action_count(g), before);
}

static void ok(grog_game *g, const char *line)
{
    grog_error err;
    if (grog_game_do_line(g, line, NULL, &err) != GROG_OK)
        fail_msg("\"%s\": %s", line, err.message);
}

/* The game opens again and replays every action. */
static void reopens(size_t actions)
{
    grog_game *g = NULL;
    grog_error err;
    if (grog_game_open(path, &g, &err) != GROG_OK)
        fail_msg("open: %s", err.message);
    size_t n = 0;
    assert_int_equal(grog_game_replay(g, &n, &err), GROG_OK);
    assert_int_equal(grog_game_action_count(g), actions);
    grog_game_close(g);
}

/* ---- words ---- */

/* A Latin-1 terminal types "é" as the single byte E9. */
static void test_latin1_word_refused_aigles(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_AIGLES, NULL);
    ok(g, "order picton mackinnon attack --roll 2");
    refused(g, "order picton pack attaqu\xE9", GROG_EINVAL, "word 4 of the action: not valid UTF-8");
    refused(g, "note arriv\xE9" "e", GROG_EINVAL, "not valid UTF-8 at byte 6");
    refused(g, "note \x1b[2J", GROG_EINVAL, "U+001B");
    refused(g, "note a\xEF\xBF\xBF", GROG_EINVAL, "U+FFFF");
    ok(g, "note arriv\xC3\xA9" "e"); /* the same in UTF-8 is fine */
    size_t n = grog_game_action_count(g);
    grog_game_close(g);
    reopens(n);
    /* The CLI says why, exit 1, and writes nothing. */
    cli_run r = run_cli("do", path, "note", "caf\xE9", NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "not valid UTF-8"));
    cli_run_free(&r);
    r = run_cli("undo", path, NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    reopens(n + 1); /* the undo is a record: nothing deleted */
}

/* In gdb the order word is the hidden order itself: it must not be
 * journaled as something else, and the refusal must not quote it. */
static void test_latin1_word_refused_gdb(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GDB, NULL);
    refused(g, "order picton pack d\xE9" "fendre --roll 5", GROG_EINVAL, "word 4 of the action");
    grog_error err;
    grog_game_do_line(g, "order picton pack d\xE9" "fendre --roll 5", NULL, &err);
    assert_null(strstr(err.message, "fendre"));
    /* The same word in UTF-8 reaches the rules (which know no such order). */
    grog_game_do_line(g, "order picton pack d\xC3\xA9" "fendre --roll 5", NULL, &err);
    assert_null(strstr(err.message, "UTF-8"));
    ok(g, "order picton pack defend --roll 5");
    ok(g, "note d\xC3\xA9" "fendre");
    size_t n = grog_game_action_count(g);
    char *log = NULL;
    grog_seat seat;
    assert_int_equal(grog_game_seat(g, "anglo-portuguese", 0, &seat, &err), GROG_OK);
    assert_int_equal(grog_game_log_json(g, &seat, &log, &err), GROG_OK);
    assert_non_null(strstr(log, "d\xC3\xA9" "fendre")); /* journaled as typed */
    free(log);
    grog_game_close(g);
    reopens(n);
}

static void test_word_count_and_length_bounds(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GT, NULL);
    const char *words[GROG_WORDS_MAX + 1];
    words[0] = "note";
    for (int i = 1; i <= GROG_WORDS_MAX; i++)
        words[i] = "x";
    grog_error err;
    assert_int_equal(grog_game_do(g, GROG_WORDS_MAX, words, NULL, &err), GROG_OK);
    assert_int_equal(grog_game_do(g, GROG_WORDS_MAX + 1, words, NULL, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "at most 64"));
    assert_int_equal(grog_game_action_count(g), 2);
    grog_game_close(g);
}

/* `grognard do GAME` with more than 127 words kept the first 127 and was
 * refused with "127 words": the refusal counts every word given. */
static void test_cli_do_counts_every_word(void **state)
{
    (void)state;
    cli_run r = run_cli("new", path, "--family", "gt", "--seed", "3", NULL);
    cli_run_free(&r);
    char *argv[4 + 200 + 1];
    int argc = 0;
    argv[argc++] = (char *)"grognard";
    argv[argc++] = (char *)"do";
    argv[argc++] = path;
    argv[argc++] = (char *)"note";
    for (int i = 0; i < 200; i++)
        argv[argc++] = (char *)"x";
    argv[argc] = NULL;
    size_t no, ne;
    r = (cli_run){0, NULL, NULL};
    FILE *out = open_memstream(&r.out, &no);
    FILE *err = open_memstream(&r.err, &ne);
    r.code = grog_cli_main(argc, argv, out, err);
    fclose(out);
    fclose(err);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "action too long: 201 words, at most 64"));
    cli_run_free(&r);
    grog_game *g = NULL;
    assert_int_equal(grog_game_open(path, &g, NULL), GROG_OK);
    assert_int_equal(grog_game_action_count(g), 1); /* only the start */
    grog_game_close(g);
}

/* ---- positions ---- */

static void test_positions_finite_and_on_table(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GT, NULL);
    /* Bussaco: 180 x 120 cm, lengths in cm. */
    refused(g, "move picton 1e308 1e308", GROG_EINVAL, "is off the table");
    refused(g, "move picton 181 60", GROG_EINVAL, "x from 0 to 1800 mm, y from 0 to 1200 mm");
    refused(g, "move picton 90 120.5", GROG_EINVAL, "off the table");
    /* off the left or bottom edge: off the table too, with its size (it was "a length
     * cannot be negative", a drag off those edges on the page said so) */
    refused(g, "move picton -1 60", GROG_EINVAL,
            "(-10, 600) mm is off the table: x from 0 to 1800 mm, y from 0 to 1200 mm");
    refused(g, "move picton 90 -0.5", GROG_EINVAL,
            "(900, -5) mm is off the table: x from 0 to 1800 mm, y from 0 to 1200 mm");
    refused(g, "move picton -12.5mm -3cm", GROG_EINVAL, "(-12.5, -30) mm is off the table");
    refused(g, "move picton - 60", GROG_EINVAL, "is not a length");
    refused(g, "move picton --1 60", GROG_EINVAL, "cannot be negative");
    refused(g, "move picton nan 60", GROG_EINVAL, "is not a length");
    refused(g, "move picton inf 60", GROG_EINVAL, "is not a length");
    refused(g, "move picton 90 60 nan", GROG_EINVAL, "FACING");
    refused(g, "move picton 90 60 1e400", GROG_EINVAL, "FACING");
    ok(g, "move picton 180 120 90"); /* the far corner is on the table */
    ok(g, "move picton 0 0");
    /* next can always be done: nothing stored can poison a distance. */
    for (int i = 0; i < 9; i++)
        ok(g, "next");
    size_t n = grog_game_action_count(g);
    grog_game_close(g);
    reopens(n);
}

/* Found by fuzz_actions (corpus actions/gt-plan): a GT-14 plan ranking only
 * two of Picton's four divisional generals made every later roll, and so
 * every `next`, fail. The ranked ones now come first, the others after them
 * in battle order: dice 2,5,3,6 sorted high to low go 6 to Pack (rank 1), 5
 * to Lightburne (rank 2), 3 to Mackinnon, 2 to Champalimaud. */
static void test_gt_partial_plan_never_blocks_next(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GT, NULL);
    ok(g, "plan picton on");
    ok(g, "plan picton rank pack lightburne");
    char *result = NULL;
    grog_error err;
    assert_int_equal(grog_game_do_line(g, "pips picton --dice 2,5,3,6", &result, &err), GROG_OK);
    char *text = NULL;
    assert_int_equal(grog_game_result_text(result, NULL, &text, &err), GROG_OK);
    assert_non_null(strstr(text, "Denis Pack gets 6 PIPs (die 6)"));
    assert_non_null(strstr(text, "Stafford Lightburne gets 4 PIPs (die 5)")); /* bad: -1 */
    assert_non_null(strstr(text, "Henry Mackinnon gets 4 PIPs (die 3)"));     /* great: +1 */
    assert_non_null(strstr(text, "Champalimaud gets 2 PIPs (die 2)"));
    free(text);
    free(result);
    for (int i = 0; i < 7; i++)
        ok(g, "next"); /* and the turns go round, the next roll by the same plan */
    size_t n = grog_game_action_count(g);
    grog_game_close(g);
    reopens(n);
}

/* Found by fuzz_walk: a PIP given to Mackinnon within Picton's 9" (GT-10),
 * then Mackinnon moved away, made the corps' roll, and so every `next`,
 * fail for the rest of the game. The PIP now lapses at the roll, said so. */
static void test_gt_lapsed_gift_never_blocks_next(void **state)
{
    (void)state;
    grog_game *g = new_game(GROG_FAMILY_GT, NULL);
    ok(g, "gift picton mackinnon");
    ok(g, "move mackinnon 150 110");
    char *result = NULL;
    grog_error err;
    assert_int_equal(grog_game_do_line(g, "pips picton", &result, &err), GROG_OK);
    assert_non_null(strstr(result, "GT-10: Colonel Henry Mackinnon is now"));
    assert_non_null(strstr(result, "beyond the 9\\\" radius: the PIP lapses."));
    free(result);
    for (int i = 0; i < 7; i++)
        ok(g, "next");
    size_t n = grog_game_action_count(g);
    grog_game_close(g);
    reopens(n);
}

static void write_file(const char *p, const char *text)
{
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* A scenario from the minimal one with a replacement made in its text. */
static void minimal_with(const char *from, const char *to)
{
    char src[512];
    snprintf(src, sizeof src, "%s/tests/data/scenario-minimal.json",
             getenv("GROGNARD_SRCDIR") ? getenv("GROGNARD_SRCDIR") : ".");
    char *text = NULL;
    assert_int_equal(grog_data_read_file(src, &text, NULL, NULL), GROG_OK);
    char *at = strstr(text, from);
    assert_non_null(at);
    FILE *f = fopen(scen, "w");
    fwrite(text, 1, (size_t)(at - text), f);
    fputs(to, f);
    fputs(at + strlen(from), f);
    fclose(f);
    free(text);
}

/* table.margin lets pieces stand off the table by that much, in validate and move. */
static void test_table_margin(void **state)
{
    (void)state;
    minimal_with("\"depth\": 120}", "\"depth\": 120, \"margin\": 10}");
    grog_game *g = new_game(GROG_FAMILY_AIGLES, scen);
    assert_true(grog_battle_table(grog_game_battle(g))->margin_mm == 100);
    ok(g, "move ca 190 130");   /* 10 cm past both edges: the margin's edge */
    refused(g, "move ca 190.5 60", GROG_EINVAL, "x from -100 to 1900 mm");
    ok(g, "move ca -10 -10"); /* and past the left and bottom edges (they could not be typed) */
    refused(g, "move ca -10.5 60", GROG_EINVAL, "x from -100 to 1900 mm");
    ok(g, "move ca -0 0"); /* -0 is 0 */
    assert_true(grog_battle_officer_by_id(grog_game_battle(g), "ca")->base.centre.x == 0.0);
    size_t n = grog_game_action_count(g);
    grog_game_close(g);
    reopens(n);
    /* validate applies the same rule to the starting positions. */
    minimal_with("\"position\": {\"x\": 50, \"y\": 20}", "\"position\": {\"x\": 189, \"y\": 20}");
    cli_run r = run_cli("validate", scen, NULL);
    assert_int_equal(r.code, 1); /* no margin in this one */
    assert_non_null(strstr(r.out, "officers[0].position: position (1890.0, 200.0) mm is off the table"));
    cli_run_free(&r);
    minimal_with("\"depth\": 120}", "\"depth\": 120, \"margin\": -1}");
    r = run_cli("validate", scen, NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.out, "table.margin: must be 0 or more"));
    cli_run_free(&r);
}

/* ---- files ---- */

static void test_files_regular_and_bounded(void **state)
{
    (void)state;
    grog_error err;
    char *text = NULL;
    assert_int_equal(grog_data_read_file("/dev/zero", &text, NULL, &err), GROG_EINVAL);
    assert_string_equal(err.message, "/dev/zero: not a regular file (a device)");
    assert_int_equal(grog_data_read_file("/tmp", &text, NULL, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "a folder"));
    /* A FIFO with no writer: refused at once, not waited on. */
    char fifo[80];
    snprintf(fifo, sizeof fifo, "/tmp/grog-test-limits-%d.fifo", (int)getpid());
    unlink(fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_int_equal(grog_data_read_file(fifo, &text, NULL, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "a pipe"));
    cli_run r = run_cli("validate", fifo, NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "not a regular file"));
    cli_run_free(&r);
    r = run_cli("new", path, "--family", "gt", "--scenario", fifo, NULL);
    assert_int_equal(r.code, 1);
    cli_run_free(&r);
    /* show, map and explain first look whether FILE is a game: that look
     * opened the FIFO and waited for a writer for ever. An alarm fails the
     * test instead of hanging it. */
    alarm(20);
    r = run_cli("show", fifo, NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "not a regular file (a pipe)"));
    cli_run_free(&r);
    r = run_cli("map", fifo, "-o", "/dev/null", NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "not a regular file (a pipe)"));
    cli_run_free(&r);
    r = run_cli("explain", fifo, "aigles-order", "--from", "picton", "--to", "pack", NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "not a regular file (a pipe)"));
    cli_run_free(&r);
    r = run_cli("explain", fifo, "unit", "br-74th", NULL); /* was "no test '...fifo'" */
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "not a grognard game (not a regular file)"));
    cli_run_free(&r);
    r = run_cli("explain", "bussaco-1810", "unit", "br-74th", NULL); /* a scenario: no game */
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "bussaco-1810: no such game file"));
    cli_run_free(&r);
    alarm(0);
    unlink(fifo);
    /* One byte over 128 MiB (a sparse file: no disk used). */
    int fd = open(scen, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, (off_t)GROG_FILE_MAX + 1), 0);
    close(fd);
    assert_int_equal(grog_data_read_file(scen, &text, NULL, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "too large: 134217729 bytes, at most 128 MiB"));
    r = run_cli("new", path, "--family", "gdb", "--rules", scen, NULL);
    assert_int_equal(r.code, 1);
    assert_non_null(strstr(r.err, "too large"));
    cli_run_free(&r);
    assert_int_equal(access(path, F_OK), -1); /* nothing made */
    grog_gdb_rules *rules = NULL;
    assert_int_equal(grog_gdb_rules_load(scen, &rules, &err), GROG_EINVAL);
    /* Exactly a small file reads whole. */
    write_file(scen, "{}");
    size_t len = 0;
    assert_int_equal(grog_data_read_file(scen, &text, &len, &err), GROG_OK);
    assert_int_equal(len, 2);
    assert_string_equal(text, "{}");
    free(text);
}

/* ---- scenario text ---- */

static void test_scenario_text_refused(void **state)
{
    (void)state;
    minimal_with("\"Allied C-in-C\"", "\"Allied \\u001B[31mC-in-C\"");
    cli_run r = run_cli("validate", scen, NULL);
    assert_int_equal(r.code, 1);
    char want[160];
    snprintf(want, sizeof want, "%s:10:18: officers[0].name: the character U+001B at byte 8 is "
             "not allowed", scen);
    assert_non_null(strstr(r.out, want));
    cli_run_free(&r);
    minimal_with("\"Allies\"", "\"All\\uffffies\"");
    r = run_cli("validate", scen, NULL);
    assert_non_null(strstr(r.out, "sides[0].name: the character U+FFFF"));
    cli_run_free(&r);
    /* A description may hold paragraphs, not other control characters. */
    minimal_with("\"Minimal test scenario\"",
                 "\"Minimal\", \"description\": \"one\\n\\ttwo\"");
    r = run_cli("validate", scen, NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    minimal_with("\"Minimal test scenario\"", "\"Minimal\", \"description\": \"bell\\u0007\"");
    r = run_cli("validate", scen, NULL);
    assert_non_null(strstr(r.out, "meta.description: the character U+0007"));
    cli_run_free(&r);
    minimal_with("\"Minimal test scenario\"", "\"Minimal\\nscenario\"");
    r = run_cli("validate", scen, NULL);
    assert_non_null(strstr(r.out, "meta.name: the character U+000A"));
    cli_run_free(&r);
    /* Lengths: a name of 128 bytes, 65 sources. */
    char name[200];
    name[0] = '"';
    memset(name + 1, 'n', 128);
    strcpy(name + 129, "\"");
    minimal_with("\"Minimal test scenario\"", name);
    r = run_cli("validate", scen, NULL);
    assert_non_null(strstr(r.out, "meta.name: too long: 128 bytes, at most 127"));
    cli_run_free(&r);
    char sources[65 * 6 + 8] = "[";
    for (int i = 0; i < 65; i++)
        strcat(sources, i ? ",\"s\"" : "\"s\"");
    strcat(sources, "]");
    minimal_with("[\"written for the tests\"]", sources);
    r = run_cli("validate", scen, NULL);
    assert_non_null(strstr(r.out, "meta.sources: too many sources: 65, at most 64"));
    cli_run_free(&r);
}

/* ---- terminal escapes ---- */

static void no_escape(const cli_run *r)
{
    if (strchr(r->out, '\x1b') != NULL || strchr(r->err, '\x1b') != NULL ||
        strstr(r->out, "\xC2\x9B") != NULL || strstr(r->err, "\xC2\x9B") != NULL)
        fail_msg("an escape sequence reached the terminal:\n%s\n%s", r->out, r->err);
}

static void test_cli_never_prints_raw_escapes(void **state)
{
    (void)state;
    cli_run r = run_cli("new", path, "--family", "gdb", "--seed", "3", NULL);
    cli_run_free(&r);
    const char *evil = "\x1b]0;owned\x07\x1b[2J\xC2\x9B" "31m";
    r = run_cli("status", evil, NULL);
    assert_int_equal(r.code, 1);
    no_escape(&r);
    assert_non_null(strstr(r.err, "\\u001B]0;owned\\u0007"));
    cli_run_free(&r);
    const char *cmds[] = {"show", "log", "replay", "map", "validate", "undo"};
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        r = run_cli(cmds[i], evil, NULL);
        no_escape(&r);
        cli_run_free(&r);
    }
    r = run_cli("log", path, "--side", evil, NULL);
    no_escape(&r);
    cli_run_free(&r);
    r = run_cli("do", path, evil, NULL);
    assert_int_equal(r.code, 1);
    no_escape(&r);
    cli_run_free(&r);
    /* play echoes what was typed, and refuses it. */
    char script[96];
    snprintf(script, sizeof script, "%s.script", path);
    char line[128];
    snprintf(line, sizeof line, "%s\nnote %s\nstatus\nlog\nquit\n", evil, evil);
    write_file(script, line);
    assert_non_null(freopen(script, "r", stdin));
    r = run_cli("play", path, NULL);
    assert_int_equal(r.code, 1); /* refused lines: a script's exit status says so */
    no_escape(&r);
    assert_non_null(strstr(r.out, "\\u001B[2J"));
    cli_run_free(&r);
    unlink(script);
}

/* A line longer than any action, at the play prompt, is refused whole:
 * never cut into an action that is journaled and a rest read as another. */
static void test_play_long_line_refused(void **state)
{
    (void)state;
    cli_run r = run_cli("new", path, "--family", "gt", "--seed", "3", NULL);
    cli_run_free(&r);
    char script[96];
    snprintf(script, sizeof script, "%s.script", path);
    FILE *f = fopen(script, "w");
    for (int len = 5000; len <= 20000; len += 15000) {
        fputs("note", f);
        for (int i = 0; i < len / 10; i++)
            fputs(" abcdefghi", f);
        fputs("\n", f);
    }
    fputs("note short\nquit\n", f);
    fclose(f);
    assert_non_null(freopen(script, "r", stdin));
    r = run_cli("play", path, NULL);
    assert_int_equal(r.code, 1); /* refused lines: a script's exit status says so */
    assert_non_null(strstr(r.out, "refused: action too long"));
    assert_null(strstr(r.out, "unknown action"));
    cli_run_free(&r);
    unlink(script);
    grog_game *g = NULL;
    assert_int_equal(grog_game_open(path, &g, NULL), GROG_OK);
    assert_int_equal(grog_game_action_count(g), 2); /* start and the short note */
    grog_game_close(g);
}

/* A NUL byte in a play line: the line ended there for every string function,
 * so "next\0junk" ran "next" and "\0next" was skipped without a word. Both
 * are refused now, and nothing is journaled. */
static void test_play_nul_byte_refused(void **state)
{
    (void)state;
    cli_run r = run_cli("new", path, "--family", "gt", "--seed", "3", NULL);
    cli_run_free(&r);
    char script[96];
    snprintf(script, sizeof script, "%s.script", path);
    FILE *f = fopen(script, "w");
    static const char lines[] = "next\0junk\n\0next\nnote short\nquit\n";
    fwrite(lines, 1, sizeof lines - 1, f);
    fclose(f);
    assert_non_null(freopen(script, "r", stdin));
    r = run_cli("play", path, NULL);
    assert_int_equal(r.code, 1); /* refused lines: a script's exit status says so */
    assert_non_null(strstr(r.err, "2 lines refused"));
    assert_non_null(strstr(r.out, "refused: the line holds a NUL byte (U+0000)"));
    cli_run_free(&r);
    unlink(script);
    grog_game *g = NULL;
    assert_int_equal(grog_game_open(path, &g, NULL), GROG_OK);
    assert_int_equal(grog_game_action_count(g), 2); /* start and the short note */
    assert_string_equal(grog_game_phase(g), "pip");
    grog_game_close(g);
}

/* Text stored in an edited game reaches log, status and play escaped. */
static void test_edited_game_text_escaped(void **state)
{
    (void)state;
    cli_run r = run_cli("new", path, "--family", "aigles", "--seed", "3", NULL);
    cli_run_free(&r);
    r = run_cli("do", path, "note", "XMARKX", NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db,
                                  "UPDATE actions SET words = replace(words, 'XMARKX', "
                                  "'\\u001B[2J'), result = replace(result, 'XMARKX', "
                                  "'\\u001B[2J')",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    const char *cmds[][3] = {{"log", NULL, NULL}, {"status", NULL, NULL},
                             {"log", "--json", NULL}, {"replay", NULL, NULL}};
    int shown = 0;
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        r = run_cli(cmds[i][0], path, cmds[i][1], NULL);
        no_escape(&r);
        shown += strstr(r.out, "\\u001B[2J") != NULL;
        cli_run_free(&r);
    }
    /* Whether the journal accepts the edit or refuses it, nothing raw got
     * out; while it accepts it, the note is shown escaped. */
    grog_game *g = NULL;
    if (grog_game_open(path, &g, NULL) == GROG_OK)
        assert_true(shown >= 2);
    grog_game_close(g);
}

/* The escaping stream holds back a UTF-8 sequence split between writes. */
static void test_escape_stream_split_writes(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *under = open_memstream(&buf, &len);
    FILE *f = cli_escape_stream(under, NULL);
    const char *in = "Général \xE2\x82\xAC\x1b[0m\xC2\x9B\xE9!";
    for (const char *p = in; *p; p++)
        fputc(*p, f);
    fputs("\xE2\x82", f); /* cut short at the end: replaced when closed */
    fclose(f);
    fclose(under);
    assert_string_equal(buf, "Général \xE2\x82\xAC\\u001B[0m\\u009B\xEF\xBF\xBD!\xEF\xBF\xBD"
                             "\xEF\xBF\xBD");
    free(buf);
}

/* A finished line reaches the stream underneath at once, though that stream is
 * fully buffered (a pipe): grognard serve prints its links and keeps running, and
 * whoever reads them (a script, the page's tests) must not wait for its exit. */
static void test_escape_stream_flushes_lines(void **state)
{
    (void)state;
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    FILE *under = fdopen(fds[1], "w");
    assert_non_null(under);
    setvbuf(under, NULL, _IOFBF, 4096);
    FILE *f = cli_escape_stream(under, NULL);
    fputs("half a line", f);
    fprintf(f, ", then the end\n");
    char got[64] = {0};
    int fl = fcntl(fds[0], F_GETFL);
    assert_int_equal(fcntl(fds[0], F_SETFL, fl | O_NONBLOCK), 0);
    ssize_t n = read(fds[0], got, sizeof got - 1);
    assert_int_equal(n, (ssize_t)strlen("half a line, then the end\n"));
    assert_string_equal(got, "half a line, then the end\n");
    fclose(f);
    fclose(under);
    close(fds[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_latin1_word_refused_aigles, setup, teardown),
        cmocka_unit_test_setup_teardown(test_latin1_word_refused_gdb, setup, teardown),
        cmocka_unit_test_setup_teardown(test_word_count_and_length_bounds, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cli_do_counts_every_word, setup, teardown),
        cmocka_unit_test_setup_teardown(test_positions_finite_and_on_table, setup, teardown),
        cmocka_unit_test_setup_teardown(test_table_margin, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gt_partial_plan_never_blocks_next, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gt_lapsed_gift_never_blocks_next, setup, teardown),
        cmocka_unit_test_setup_teardown(test_files_regular_and_bounded, setup, teardown),
        cmocka_unit_test_setup_teardown(test_scenario_text_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cli_never_prints_raw_escapes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_edited_game_text_escaped, setup, teardown),
        cmocka_unit_test_setup_teardown(test_play_long_line_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(test_play_nul_byte_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(test_escape_stream_split_writes, setup, teardown),
        cmocka_unit_test(test_escape_stream_flushes_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
