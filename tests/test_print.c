/* test_print.c — the battle on paper (issue 26, part 2): `grognard print`
 * and `grognard report -o FILE.pdf`.
 *
 * Read back with the tools a person would use: pdftotext (poppler-utils)
 * finds every piece's name on the roster, in English, French and Russian
 * (Cyrillic); pdftoppm then zbarimg (zbar-tools) decode each QR code to the
 * piece's link with its side's own token; pdftotext -bbox gives each
 * ruler's labels, whose centres are their marks (print.c centres them), so
 * their distances are the scale: 10 cm = 100 mm = 283.46 pt, 1 inch = 72 pt,
 * 50 pas at 2 mm a pas = 100 mm; pdfinfo gives A4 (595.276 x 841.89 pt) and
 * Letter (612 x 792). A side's sheets hold nothing of the other side's
 * hidden orders: two scenarios that differ only in the Anglo-Portuguese
 * hidden order give the French the same text, and the Anglo-Portuguese
 * (the control) different texts. */
#include <sys/stat.h>

#include "testutil.h"
#include "grognard/server.h"

static char dir[64], game[64];

/* The output of a shell command (its exit status must be 0). */
static char *run_out(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    int ch;
    while ((ch = fgetc(p)) != EOF)
        fputc(ch, m);
    fclose(m);
    int rc = pclose(p);
    if (rc != 0)
        fail_msg("%s: exit %d", cmd, rc);
    return buf;
}

static char *pdf_text(const char *pdf)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "pdftotext '%s' -", pdf);
    return run_out(cmd);
}

static const char *scenario(void)
{
    static char p[600];
    snprintf(p, sizeof p, "%s/data/scenarios/bussaco-1810.json", getenv("GROGNARD_SRCDIR"));
    return p;
}

static void out_path(char *buf, size_t size, const char *name)
{
    snprintf(buf, size, "%s/%s", dir, name);
    unlink(buf);
}

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* ---- the roster ---- */

static void every_name(const char *text, const char *what)
{
    grog_battle *b = NULL;
    assert_int_equal(grog_scenario_load(scenario(), &b, NULL), GROG_OK);
    for (size_t i = 0; i < grog_battle_nofficers(b); i++)
        if (strstr(text, grog_battle_officer(b, i)->name) == NULL)
            fail_msg("the %s roster lacks %s", what, grog_battle_officer(b, i)->name);
    for (size_t i = 0; i < grog_battle_nunits(b); i++)
        if (strstr(text, grog_battle_unit(b, i)->name) == NULL)
            fail_msg("the %s roster lacks %s", what, grog_battle_unit(b, i)->name);
    grog_battle_destroy(b);
}

static void test_roster_names(void **state)
{
    (void)state;
    static const char *const langs[] = {"en", "fr", "ru"};
    /* each language's heading of the first side's roster (po/fr.po, po/ru.po): Cyrillic for ru */
    static const char *const heads[] = {"Roster: Anglo-Portuguese", "État des troupes : Anglo-Portuguese",
                                        "Список войск: Anglo-Portuguese"};
    for (int l = 0; l < 3; l++) {
        char out[128];
        out_path(out, sizeof out, "roster.pdf");
        cli_run r = run_cli("print", scenario(), "roster", "--lang", langs[l], "-o", out, NULL);
        if (r.code != 0)
            fail_msg("print roster --lang %s: %s", langs[l], r.err);
        cli_run_free(&r);
        char *text = pdf_text(out);
        every_name(text, langs[l]);
        if (strstr(text, heads[l]) == NULL)
            fail_msg("no \"%s\" in the %s roster:\n%.400s", heads[l], langs[l], text);
        free(text);
    }
}

/* The codes as test_codes.c has them: A1 Picton, A7 Pack, B1 Reynier, B10 the 2e Leger;
 * the ratings and orders from the scenario. */
static void test_roster_codes_and_ratings(void **state)
{
    (void)state;
    char out[128];
    out_path(out, sizeof out, "codes.pdf");
    cli_run r = run_cli("print", scenario(), "roster", "-o", out, NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    char *text = pdf_text(out);
    assert_non_null(strstr(text, "A1 Lieutenant-General Thomas Picton"));
    assert_non_null(strstr(text, "A7 Brigadier-General Denis Pack"));
    assert_non_null(strstr(text, "B1 General of Division Jean Reynier"));
    assert_non_null(strstr(text, "B10 2e Leger"));
    /* Picton: command 4, charisma 4, gifted, great (the scenario's ratings) */
    assert_non_null(strstr(text, "Les Aigles: command 4, charisma 4; General de Brigade: gifted; "
                                 "Grande Tactique: great"));
    /* Pack's hidden order is on his own side's roster */
    assert_non_null(strstr(text, "order: hold (Hold the ridge on the right of the 3rd Division); "
                                 "hidden order: attack"));
    free(text);
}

/* The Anglo-Portuguese hidden order for Pack changed: "attack" -> "retire". */
static void other_scenario(char *path, size_t size)
{
    snprintf(path, size, "%s/retire.json", dir);
    json_t *j = json_load_file(scenario(), 0, NULL);
    assert_non_null(j);
    size_t i;
    json_t *o;
    int changed = 0;
    json_array_foreach(json_object_get(j, "orders"), i, o) {
        if (json_is_true(json_object_get(o, "hidden"))) {
            json_object_set_new(o, "kind", json_string("retire"));
            json_object_set_new(o, "text", json_string("Fall back behind the convent"));
            changed++;
        }
    }
    assert_int_equal(changed, 1);
    assert_int_equal(json_dump_file(j, path, 0), 0);
    json_decref(j);
}

static char *sheet_text(const char *scen, const char *sheet, const char *side, const char *name)
{
    char out[128];
    out_path(out, sizeof out, name);
    cli_run r = run_cli("print", scen, sheet, "--side", side, "-o", out, NULL);
    if (r.code != 0)
        fail_msg("print %s --side %s: %s", sheet, side, r.err);
    cli_run_free(&r);
    return pdf_text(out);
}

static void test_side_sheets_hold_no_secret(void **state)
{
    (void)state;
    char other[128];
    other_scenario(other, sizeof other);
    static const char *const sheets[] = {"roster", "orders"};
    for (int k = 0; k < 2; k++) {
        char *a = sheet_text(scenario(), sheets[k], "french", "a.pdf");
        char *b = sheet_text(other, sheets[k], "french", "b.pdf");
        assert_string_equal(a, b); /* the French see the same paper */
        assert_null(strstr(a, "Thomas Picton"));
        assert_non_null(strstr(a, "Reynier"));
        free(a);
        free(b);
    }
    /* the control: the Anglo-Portuguese roster shows its own hidden order */
    char *a = sheet_text(scenario(), "roster", "anglo-portuguese", "c.pdf");
    char *b = sheet_text(other, "roster", "anglo-portuguese", "d.pdf");
    assert_non_null(strstr(a, "hidden order: attack"));
    assert_non_null(strstr(b, "hidden order: retire"));
    assert_null(strstr(a, "Reynier"));
    free(a);
    free(b);
}

/* ---- the QR codes ---- */

/* The decoded texts of every QR code of pdf, one per line. */
static char *qr_texts(const char *pdf)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd,
             "rm -f '%s'/qr-*.png && pdftoppm -r 200 -png '%s' '%s/qr' && "
             "zbarimg -q --raw '%s'/qr-*.png 2>/dev/null",
             dir, pdf, dir, dir);
    return run_out(cmd);
}

static size_t count_of(const char *text, const char *needle)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

static void test_qr_codes_open_the_cards(void **state)
{
    (void)state;
    grog_game *g = test_game_create(game, GROG_FAMILY_GDB, NULL, 7);
    grog_game_close(g);
    char out[128], token[33], other[33];
    out_path(out, sizeof out, "qr.pdf");
    cli_run r = run_cli("print", game, "roster", "--side", "french", "--link",
                        "http://127.0.0.1:8173/", "-o", out, NULL);
    if (r.code != 0)
        fail_msg("print: %s", r.err);
    cli_run_free(&r);
    /* the token serve gives the French (made by print, kept in the game file) */
    assert_int_equal(grog_server_side_token(game, "french", token, NULL), GROG_OK);
    assert_int_equal(grog_server_side_token(game, "anglo-portuguese", other, NULL), GROG_OK);
    assert_string_not_equal(token, other);
    char *codes = qr_texts(out);
    grog_battle *b = NULL;
    assert_int_equal(grog_scenario_load(scenario(), &b, NULL), GROG_OK);
    size_t pieces = 0;
    for (int unit = 0; unit < 2; unit++) {
        size_t n = unit ? grog_battle_nunits(b) : grog_battle_nofficers(b);
        for (size_t i = 0; i < n; i++) {
            const char *id = unit ? grog_battle_unit(b, i)->id : grog_battle_officer(b, i)->id;
            const char *side = unit ? grog_battle_unit(b, i)->side : grog_battle_officer(b, i)->side;
            char link[256];
            snprintf(link, sizeof link, "http://127.0.0.1:8173/#t=%s&piece=%s\n", token, id);
            size_t found = count_of(codes, link);
            if (found != (strcmp(side, "french") == 0 ? 1u : 0u))
                fail_msg("%s (%s): %zu QR codes of %s", id, side, found, link);
            pieces += found;
        }
    }
    grog_battle_destroy(b);
    assert_int_equal(count_of(codes, "\n"), pieces); /* nothing else decoded */
    assert_int_equal(pieces, 18);                     /* B1 .. B18 */
    assert_null(strstr(codes, other));
    free(codes);
    /* the French link itself is accepted, and prints the French pieces */
    char link[128];
    snprintf(link, sizeof link, "http://127.0.0.1:8173/#t=%s", token);
    r = run_cli("print", game, "roster", "--link", link, "--json", "-o", out, NULL);
    assert_int_equal(r.code, 0);
    json_t *j = cli_json(&r);
    assert_string_equal(json_string_value(json_object_get(j, "side")), "french");
    json_decref(j);
    cli_run_free(&r);
    char piece[128];
    assert_int_equal(grog_print_piece_link("http://h:1/", "foy", piece, sizeof piece), 1);
    assert_string_equal(piece, "http://h:1/#piece=foy");
    assert_int_equal(grog_print_piece_link(link, "foy", piece, 20), 0);
    grog_game_remove(game);
}

/* ---- the rulers ---- */

typedef struct word {
    double x, y;
    char text[16];
} word;

/* Every word of pdftotext -bbox: its centre's x and its top. */
static size_t words(const char *pdf, word *w, size_t max)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "pdftotext -bbox '%s' -", pdf);
    char *html = run_out(cmd);
    size_t n = 0;
    for (const char *p = html; n < max && (p = strstr(p, "<word xMin=\"")) != NULL; p++) {
        double x0, y0, x1, y1;
        char t[16];
        if (sscanf(p, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\">%15[^<]", &x0, &y0,
                   &x1, &y1, t) == 5) {
            w[n].x = (x0 + x1) / 2;
            w[n].y = y0;
            snprintf(w[n].text, sizeof w[n].text, "%s", t);
            n++;
        }
    }
    free(html);
    return n;
}

/* The rulers' lines: the top of each "0" label, in page order (pas, cm, inches:
 * the continuations start elsewhere than 0). */
static size_t zero_lines(const word *w, size_t n, double *ys, size_t max)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k < max; i++)
        if (strcmp(w[i].text, "0") == 0)
            ys[k++] = w[i].y;
    return k;
}

/* The x of label text on the line whose top is y; the last one found when
 * several (none: the test fails). */
static double label_x(const word *w, size_t n, double y, const char *text)
{
    double x = -1;
    for (size_t i = 0; i < n; i++)
        if (strcmp(w[i].text, text) == 0 && w[i].y > y - 0.5 && w[i].y < y + 0.5)
            x = w[i].x;
    if (x < 0)
        fail_msg("no label %s on the ruler at y %.1f", text, y);
    return x;
}

#define PT_PER_MM (72.0 / 25.4)

static void rulers_of(const char *scen, const char *paper, word *w, size_t *n, double ys[3])
{
    char out[128];
    out_path(out, sizeof out, "rulers.pdf");
    cli_run r = run_cli("print", scen, "rulers", "--paper", paper, "-o", out, NULL);
    if (r.code != 0)
        fail_msg("print rulers: %s", r.err);
    cli_run_free(&r);
    *n = words(out, w, 600);
    assert_int_equal(zero_lines(w, *n, ys, 3), 3);
}

static void test_rulers_at_scale(void **state)
{
    (void)state;
    /* the scenario at 2 mm a pas */
    char scen[128];
    snprintf(scen, sizeof scen, "%s/two-mm.json", dir);
    json_t *j = json_load_file(scenario(), 0, NULL);
    assert_non_null(j);
    json_object_set_new(json_object_get(j, "table"), "mm_per_pas", json_real(2.0));
    assert_int_equal(json_dump_file(j, scen, 0), 0);
    json_decref(j);
    word w[600];
    size_t n;
    double ys[3];
    rulers_of(scen, "a4", w, &n, ys);
    /* pas at 2 mm: a mark a pas, labels every 10 pas; 50 pas = 100 mm */
    assert_float_equal(label_x(w, n, ys[0], "50") - label_x(w, n, ys[0], "0"), 100 * PT_PER_MM, 0.6);
    /* A4: 595.276 - 2 x 36 pt = 523.28 pt = 184.6 mm printable: 92 pas, the last label 90 */
    label_x(w, n, ys[0], "90");
    /* centimetres: 10 cm = 283.46 pt; the last label 18 (184.6 mm) */
    assert_float_equal(label_x(w, n, ys[1], "10") - label_x(w, n, ys[1], "0"), 100 * PT_PER_MM, 0.6);
    assert_float_equal(label_x(w, n, ys[1], "18") - label_x(w, n, ys[1], "0"), 180 * PT_PER_MM, 0.6);
    /* inches: 1 inch = 72 pt, 7 on the sheet (7.27 in) */
    assert_float_equal(label_x(w, n, ys[2], "1") - label_x(w, n, ys[2], "0"), 72.0, 0.6);
    assert_float_equal(label_x(w, n, ys[2], "7") - label_x(w, n, ys[2], "0"), 504.0, 0.6);
    /* the default scale, 1 mm a pas: labels every 20 pas, 100 pas = 100 mm; Letter's
     * 540 pt = 190.5 mm: 19 cm, the last pas label 180 */
    rulers_of(scenario(), "letter", w, &n, ys);
    assert_float_equal(label_x(w, n, ys[0], "100") - label_x(w, n, ys[0], "0"), 100 * PT_PER_MM, 0.6);
    assert_float_equal(label_x(w, n, ys[0], "180") - label_x(w, n, ys[0], "0"), 180 * PT_PER_MM, 0.6);
    assert_float_equal(label_x(w, n, ys[1], "19") - label_x(w, n, ys[1], "0"), 190 * PT_PER_MM, 0.6);
}

/* ---- paper, refusals ---- */

static void page_size(const char *sheet, const char *paper, const char *expect)
{
    char out[128], cmd[300];
    out_path(out, sizeof out, "paper.pdf");
    cli_run r = paper != NULL ? run_cli("print", scenario(), sheet, "--paper", paper, "-o", out, NULL)
                              : run_cli("print", scenario(), sheet, "-o", out, NULL);
    if (r.code != 0)
        fail_msg("print %s: %s", sheet, r.err);
    cli_run_free(&r);
    snprintf(cmd, sizeof cmd, "pdfinfo '%s' | grep 'Page size'", out);
    char *info = run_out(cmd);
    if (strstr(info, expect) == NULL)
        fail_msg("%s %s: %s", sheet, paper ? paper : "(default)", info);
    free(info);
}

static void test_paper_sizes(void **state)
{
    (void)state;
    page_size("orders", NULL, "595.276 x 841.89 pts (A4)");
    page_size("roster", "a4", "595.276 x 841.89 pts (A4)");
    page_size("orders", "letter", "612 x 792 pts (letter)");
    page_size("rulers", "letter", "612 x 792 pts (letter)");
}

/* A refused print: its exit code, and no file written. */
static void refused(int code, const char *a, const char *b, const char *c, const char *d,
                    const char *e, const char *f)
{
    char out[128];
    out_path(out, sizeof out, "refused.pdf");
    cli_run r = run_cli("print", a, b, c, d, e, f, NULL);
    if (r.code != code)
        fail_msg("print %s %s %s %s: exit %d, not %d (%s)", a, b, c ? c : "", d ? d : "", r.code,
                 code, r.err);
    assert_true(r.err[0] != '\0');
    cli_run_free(&r);
    assert_false(exists(out));
}

static void test_refusals(void **state)
{
    (void)state;
    grog_game *g = test_game_create(game, GROG_FAMILY_AIGLES, NULL, 3);
    grog_game_close(g);
    char out[128], anglo[33], link[128], bad[128];
    out_path(out, sizeof out, "refused.pdf");
    assert_int_equal(grog_server_side_token(game, "anglo-portuguese", anglo, NULL), GROG_OK);
    snprintf(link, sizeof link, "http://127.0.0.1:8173/#t=%s", anglo);
    snprintf(bad, sizeof bad, "http://127.0.0.1:8173/#t=%032d", 0);
    refused(2, scenario(), "posters", "-o", out, NULL, NULL);           /* no such sheet */
    refused(2, scenario(), "roster", NULL, NULL, NULL, NULL);           /* no -o */
    refused(2, scenario(), "roster", "-o", "x.ps", NULL, NULL);         /* not a PDF */
    refused(2, scenario(), "roster", "--paper", "a5", "-o", out);       /* no such paper */
    refused(1, scenario(), "roster", "--side", "prussia", "-o", out);   /* no such side */
    refused(1, game, "orders", "--side", "prussia", "-o", out);
    refused(2, game, "roster", "--link", "ftp://x/", "-o", out);        /* not a page's address */
    refused(1, game, "roster", "--link", bad, "-o", out);               /* no side's token */
    refused(1, scenario(), "roster", "--link", link, "-o", out);        /* a scenario has no seats */
    /* the other side's link with --side french: refused */
    cli_run r = run_cli("print", game, "roster", "--side", "french", "--link", link, "-o", out, NULL);
    assert_int_equal(r.code, 1);
    assert_null(strstr(r.err, anglo)); /* the message does not repeat the token */
    cli_run_free(&r);
    assert_false(exists(out));
    r = run_cli("print", game, "roster", "-o", "/nonexistent-dir/x.pdf", NULL);
    assert_int_equal(r.code, 3);
    assert_non_null(strstr(r.err, "/nonexistent-dir/x.pdf"));
    cli_run_free(&r);
    grog_game_remove(game);
}

/* ---- the report on paper ---- */

static void test_report_pdf(void **state)
{
    (void)state;
    grog_game *g = test_game_create(game, GROG_FAMILY_GDB, NULL, 11);
    static const char *const actions[] = {"order picton pack attack --roll 5",
                                          "order reynier brenier attack --roll 8", "next", "next",
                                          "next", "order picton lightburne attack --roll 9",
                                          "event casualties br-1-45th 30"};
    for (size_t i = 0; i < sizeof actions / sizeof *actions; i++) {
        grog_error err;
        if (grog_game_do_line(g, actions[i], NULL, &err) != GROG_OK)
            fail_msg("%s: %s", actions[i], err.message);
    }
    grog_game_close(g);
    char out[128];
    out_path(out, sizeof out, "report.pdf");
    cli_run r = run_cli("report", game, "--side", "french", "-o", out, NULL);
    if (r.code != 0)
        fail_msg("report: %s", r.err);
    cli_run_free(&r);
    char *text = pdf_text(out);
    assert_non_null(strstr(text, "Casualties over the turns (running total)"));
    assert_non_null(strstr(text, "The whole game"));
    assert_non_null(strstr(text, "Turn 2"));
    /* the luck line of docs/report.md's example, for the side the French may see */
    assert_non_null(strstr(text, "anglo-portuguese, rolls entered at the table: 2 tests"));
    assert_null(strstr(text, "Dice seed")); /* the seed is the referee's */
    free(text);
    r = run_cli("report", game, "--referee", "--paper", "letter", "-o", out, NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    text = pdf_text(out);
    assert_non_null(strstr(text, "Dice seed: 11"));
    free(text);
    r = run_cli("report", game, "-o", "/nonexistent-dir/r.pdf", NULL);
    assert_int_equal(r.code, 3);
    cli_run_free(&r);
    r = run_cli("report", game, "-o", "r.doc", NULL);
    assert_int_equal(r.code, 2);
    cli_run_free(&r);
    grog_game_remove(game);
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/grog-test-print-%d", (int)getpid());
    mkdir(dir, 0700);
    test_game_path(game, sizeof game, "print");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    grog_game_remove(game);
    return system(cmd);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roster_names),
        cmocka_unit_test(test_roster_codes_and_ratings),
        cmocka_unit_test(test_side_sheets_hold_no_secret),
        cmocka_unit_test(test_qr_codes_open_the_cards),
        cmocka_unit_test(test_rulers_at_scale),
        cmocka_unit_test(test_paper_sizes),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_report_pdf),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
