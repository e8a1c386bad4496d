/* test_languages.c — French and Russian text with no English ids in it (issue 28):
 *  - every `grognard ...` example of README.md and the docs folder, and the commands of
 *    the language review (every calculator's action, the three demos in full, a
 *    game of each family with its status, log and map), run with --lang fr and
 *    --lang ru; the output is valid UTF-8, and no word of the English-only list
 *    (the order kinds, statuses, formations, arms, PIP actions and steps, the
 *    tests' outcomes: the ids the engine holds) stands in it outside an id
 *    position;
 *  - the longest Les Aigles formation titles in Russian are whole (a buffer once
 *    cut them in the middle of a Cyrillic letter).
 * Id positions (where an id is what the reader types or reads as an id): a
 * typed command (a line starting "grognard ", what follows "> " in a
 * narration), text in square brackets ("[attack]", "[french]"), a setting and its
 * value ("costs.move = 1"), a choice list after "--status S" in a --help (--help
 * output and --json documents are checked for UTF-8 only: they teach and carry
 * the ids), and the scenarios' own texts (names, notes, sources: their
 * author's words, docs/i18n.md). A piece's id is an id: the list holds no
 * piece id. */
#include <dirent.h>
#include <sys/stat.h>

#include "docs_util.h"
#include "testutil.h"

/* ---- the English-only list ---- */

#define MAX_WORDS 256
static char words[MAX_WORDS][48];
static size_t nwords;

static void add_word(const char *w)
{
    for (size_t i = 0; i < nwords; i++)
        if (strcmp(words[i], w) == 0)
            return;
    assert_true(nwords < MAX_WORDS);
    snprintf(words[nwords++], sizeof words[0], "%s", w);
}

/* Words that are also French words, or the French rulebook's own (they may
 * stand in French text): "garde" (il garde), "support", "retire" (il
 * retire), "manoeuvre", "potence", "pivot", "bonus", "line" is not. */
static int french_word(const char *w)
{
    static const char *const fr[] = {"garde", "support", "retire", "manoeuvre",
                                     "potence", "pivot", "bonus"};
    for (size_t i = 0; i < sizeof fr / sizeof fr[0]; i++)
        if (strcmp(fr[i], w) == 0)
            return 1;
    return 0;
}

/* The ids: po/web-words.txt's order kinds, formations, arms, statuses and PIP
 * actions (the list the page translates them from), the enums' names, the
 * outcomes and the PIP steps; and for Russian the Latin units. */
static void load_words(void)
{
    char path[512];
    snprintf(path, sizeof path, "%s/po/web-words.txt", docs_srcdir());
    char *text = docs_slurp(path);
    static const char *const kinds[] = {"order|", "formation|", "arm|", "status|", "pip-action|"};
    for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n"))
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
            if (strncmp(line, kinds[k], strlen(kinds[k])) == 0)
                add_word(line + strlen(kinds[k]));
    free(text);
    for (int i = 0; i < 5; i++)
        add_word(grog_arm_name((grog_arm)i));
    for (int i = 0; i < 7; i++)
        add_word(grog_unit_status_name((grog_unit_status)i));
    static const char *const more[] = {"obeys", "fails", "immediate", "delayed", "fail",
                                       "allocate", "bad_commander", "half-turn",
                                       "quarter-turn", "frontage", "charisma",
                                       /* a claim's states (claims, the page's Claims list) */
                                       "pending", "disputed"};
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++)
        add_word(more[i]);
    /* the words of a state that are also a status' or a formation's stay */
    assert_true(nwords > 50);
}

/* ---- the scenarios' own texts ---- */

#define MAX_TEXTS 2048
static char *texts[MAX_TEXTS];
static size_t ntexts;

static void collect(json_t *v)
{
    if (json_is_string(v)) {
        /* a text, not an id (ids are lower case, with no blank: "attack", "br-2-5th") */
        const char *t = json_string_value(v);
        if (json_string_length(v) >= 3 && t[strspn(t, "abcdefghijklmnopqrstuvwxyz0123456789_.-")] != '\0' &&
            ntexts < MAX_TEXTS)
            texts[ntexts++] = strdup(t);
        return;
    }
    const char *k;
    json_t *x;
    size_t i;
    if (json_is_object(v))
        json_object_foreach(v, k, x) collect(x);
    else if (json_is_array(v))
        json_array_foreach(v, i, x) collect(x);
}

/* Every string of the bundled scenarios and the embedded default, longest first
 * (so that a name holding a shorter one is blanked whole). */
static int longer_first(const void *a, const void *b)
{
    size_t la = strlen(*(char *const *)a), lb = strlen(*(char *const *)b);
    return la < lb ? 1 : la > lb ? -1 : 0;
}

static void load_texts(void)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/data/scenarios", docs_srcdir());
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strstr(e->d_name, ".json") == NULL)
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        json_t *j = json_load_file(path, 0, NULL);
        assert_non_null(j);
        collect(j);
        json_decref(j);
    }
    closedir(d);
    static const char *const more[] = {"tests/data/scenario-minimal.json"};
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", docs_srcdir(), more[i]);
        json_t *j = json_load_file(path, 0, NULL);
        if (j != NULL) {
            collect(j);
            json_decref(j);
        }
    }
    qsort(texts, ntexts, sizeof texts[0], longer_first);
    assert_true(ntexts > 100);
}

/* ---- the check ---- */

static void blank(char *from, size_t n)
{
    memset(from, ' ', n);
}

/* Blanks the id positions of one line (in place). */
static void blank_ids(char *line)
{
    const char *s = line;
    while (*s == ' ')
        s++;
    if (strncmp(s, "grognard ", 9) == 0 || strncmp(s, "$ grognard ", 11) == 0) {
        blank(line, strlen(line));
        return;
    }
    char *typed = strstr(line, "> ");
    if (typed != NULL)
        blank(typed, strlen(typed));
    for (char *o = strchr(line, '['); o != NULL; o = strchr(o + 1, '[')) {
        char *c = strchr(o, ']');
        if (c == NULL)
            break;
        blank(o, (size_t)(c - o + 1));
    }
    /* a setting and its value: "costs.move = 1", "interpretations.order = a,b" */
    for (char *eq = strstr(line, " = "); eq != NULL; eq = strstr(eq + 1, " = ")) {
        char *a = eq;
        while (a > line && a[-1] != ' ' && a[-1] != ':' && a[-1] != ';')
            a--;
        char *b = eq + 3;
        while (*b != '\0' && *b != ' ' && *b != ';')
            b++;
        if (memchr(a, '.', (size_t)(eq - a)) != NULL || memchr(a, '_', (size_t)(eq - a)) != NULL)
            blank(a, (size_t)(b - a));
    }
}

static int is_word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '-';
}

static int in_list(const char *w, const char *lang)
{
    for (size_t i = 0; i < nwords; i++)
        if (strcmp(words[i], w) == 0)
            return strcmp(lang, "fr") != 0 || !french_word(w);
    if (strcmp(lang, "ru") == 0)
        return strcmp(w, "cm") == 0 || strcmp(w, "in") == 0 || strcmp(w, "pas") == 0 ||
               strcmp(w, "mm") == 0;
    return 0;
}

/* Whether the character before p (at or after start), or at p, is a letter
 * beyond ASCII (Latin-1 and Latin Extended, Cyrillic): a word joined to it is part
 * of a longer word ("ordre" in "désordre" is not "ordre"). */
static int letter_at(const char *p)
{
    uint32_t cp;
    int n = grog_text_utf8_decode(p, strnlen(p, 4), &cp);
    return n > 1 && ((cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7) ||
                     (cp >= 0x400 && cp <= 0x4FF));
}

static int letter_before(const char *start, const char *p)
{
    if (p == start)
        return 0;
    const char *q = p - 1;
    while (q > start && ((unsigned char)*q & 0xC0) == 0x80)
        q--;
    return letter_at(q);
}

static size_t failures;

/* Checks one output: valid UTF-8, and with ids != 0 no listed word outside an
 * id position. Reports each fault with the command and the line. */
static void check_output(const char *cmd, const char *lang, const char *out, int ids)
{
    size_t len = strlen(out);
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        int n = grog_text_utf8_decode(out + i, len - i, &cp);
        if (n <= 0) {
            fprintf(stderr, "[%s] %s: invalid UTF-8 at byte %zu\n", lang, cmd, i);
            failures++;
            return;
        }
        i += (size_t)n;
    }
    if (!ids)
        return;
    char *copy = strdup(out);
    if (strstr(copy, "<svg") != NULL) /* a picture: its texts only, not its markup */
        for (char *o = strchr(copy, '<'); o != NULL; o = strchr(o, '<')) {
            char *c = strchr(o, '>');
            if (c == NULL)
                break;
            blank(o, (size_t)(c - o + 1));
        }
    for (size_t t = 0; t < ntexts; t++)
        for (char *p = strstr(copy, texts[t]); p != NULL; p = strstr(p, texts[t]))
            blank(p, strlen(texts[t]));
    char *save = NULL;
    const char *orig = out;
    for (char *line = strtok_r(copy, "\n", &save); line != NULL;
         line = strtok_r(NULL, "\n", &save)) {
        const char *shown = orig + (line - copy);
        size_t shown_len = strcspn(shown, "\n");
        blank_ids(line);
        for (char *p = line; *p != '\0';) {
            if (!is_word_char(*p)) {
                p++;
                continue;
            }
            char *w = p;
            while (is_word_char(*p))
                p++;
            char word[64];
            snprintf(word, sizeof word, "%.*s", (int)(p - w), w);
            /* a word joined to a non-ASCII letter is part of a word (UTF-8) */
            if (letter_before(line, w) || letter_at(p))
                continue;
            if (in_list(word, lang)) {
                fprintf(stderr, "[%s] %s: \"%s\" in: %.*s\n", lang, cmd, word, (int)shown_len,
                        shown);
                failures++;
            }
        }
    }
    free(copy);
}

/* Runs `cmd` (without "grognard") in lang and checks its output. */
static void run_in(const char *cmd, const char *lang)
{
    char copy[2048];
    snprintf(copy, sizeof copy, "grognard %s --lang %s", cmd, lang);
    char *argv[72];
    int argc = docs_split(copy, argv, 72);
    if (argc > 2 && strcmp(argv[1], "new") == 0)
        grog_game_remove(argv[2]);
    if (strcmp(argv[1], "play") == 0)
        assert_non_null(freopen("/dev/null", "r", stdin));
    char *out = NULL, *err = NULL;
    size_t no, ne;
    FILE *fo = open_memstream(&out, &no), *fe = open_memstream(&err, &ne);
    (void)grog_cli_main(argc, argv, fo, fe);
    fclose(fo);
    fclose(fe);
    int ids = strstr(cmd, "--help") == NULL && strstr(cmd, "--json") == NULL &&
              strncmp(cmd, "help", 4) != 0;
    check_output(cmd, lang, out, ids);
    check_output(cmd, lang, err, ids);
    free(out);
    free(err);
}

/* One example of a document, in the language ctx points to, unless it is a usage
 * form, the server, or has a language of its own. */
static int example(void *ctx, int line, const char *cmd, const char *comment)
{
    (void)line;
    (void)comment;
    const char *args = cmd + strlen("grognard ");
    if (strpbrk(args, "[|") != NULL || strncmp(args, "serve", 5) == 0 ||
        strstr(args, "--lang") != NULL)
        return 0; /* a usage form, the server, or a language of its own */
    run_in(args, ctx);
    return 1;
}

static void in_scratch(void (*f)(const char *lang, size_t *ran), const char *lang, size_t *ran)
{
    char dir[] = "/tmp/grog-lang-XXXXXX", cwd[512];
    docs_scratch_in(dir, cwd, sizeof cwd);
    f(lang, ran);
    docs_scratch_out(dir, cwd);
}

static void documents(const char *lang, size_t *ran)
{
    char docs[64][512];
    size_t n = docs_paths(docs, 64);
    for (size_t k = 0; k < n; k++)
        *ran += docs_examples(docs[k], example, (void *)lang);
}

/* The review's commands beyond the documents' examples. */
static void review(const char *lang, size_t *ran)
{
    static const char *const cmds[] = {
        "demo --full --fast --family all",
        "calc aigles-formation --action pivot --arm infantry --class B --status irregular",
        "calc aigles-formation --action frontage --arm infantry --class B --status irregular",
        "calc aigles-formation --action half-turn --from line --arm cavalry --class A --status regular",
        "calc aigles-formation --action quarter-turn --from march-column --arm infantry --class C --status militia",
        "calc aigles-formation --from line --to attack-column --arm infantry --class B --status militia",
        "calc aigles-formation --from limbered --to unlimbered --arm foot-artillery --class B --status regular",
        "calc aigles-order --command 3 --status regular --roll 2",
        "calc aigles-order --command 3 --status militia --class D",
        "calc aigles-formation --from line --to attack-column --arm horses --class B --status regular",
        "calc gdb-order --nation britain --skill gifted --distance-cm 35 --roll 6",
        "calc gdb-order --nation austria --skill poor --distance-cm 10 --broken --roll 7",
        "calc gdb-order --nation france --skill gifted --distance-cm 35 --skill wonderful",
        "calc gt-pip --skill great --roll 3",
        "calc gt-pip --skill bad --dice 3 --rank 2 --roll 2",
        "dice 2d6 --target 7",
        "show",
        "new lang-gdb.grog --family gdb --seed 4",
        "do lang-gdb.grog order picton pack attack --roll 9",
        "do lang-gdb.grog order reynier brenier retire --roll 6",
        "do lang-gdb.grog order picton pack attack --roll 6",
        "status lang-gdb.grog",
        "log lang-gdb.grog",
        "map lang-gdb.grog",
        "new lang-gt.grog --family gt --seed 4",
        "status lang-gt.grog",
        "log lang-gt.grog",
        "new lang-aigles.grog --family aigles --seed 4",
        "do lang-aigles.grog order picton mackinnon attack",
        "do lang-aigles.grog formation br-2-5th attack-column",
        "do lang-aigles.grog event wounded foy",
        "do lang-aigles.grog order picton pack hold",
        "undo lang-aigles.grog",
        "status lang-aigles.grog",
        "log lang-aigles.grog",
        "show lang-aigles.grog",
        "map lang-aigles.grog",
    };
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        run_in(cmds[i], lang);
        (*ran)++;
    }
}

/* The commands that came after the review (issue 28's second look): the battles'
 * list, the report, a plan, the claims, and the sheets on paper (their PDF's text
 * by pdftotext). */
static char *pdf_text(const char *pdf)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "pdftotext -layout '%s' - 2>/dev/null", pdf);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char *out = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&out, &n);
    for (int c; (c = fgetc(p)) != EOF;)
        fputc(c, m);
    fclose(m);
    assert_int_equal(pclose(p), 0);
    return out;
}

static void sheets(const char *lang, size_t *ran)
{
    static const char *const cmds[] = {
        "scenarios",
        "new lang-a.grog --family aigles --seed 4",
        "do lang-a.grog order picton mackinnon attack",
        "report lang-a.grog",
        "new lang-g.grog --family gdb --seed 4",
        "plan lang-g.grog order picton pack attack",
        "plan lang-g.grog order picton pack attack --measure picton:pack=20cm",
        "do lang-g.grog claim french event wounded picton",
        "claims lang-g.grog",
        "report lang-g.grog",
    };
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        run_in(cmds[i], lang);
        (*ran)++;
    }
    static const char *const kinds[] = {"roster", "orders", "rulers"};
    for (size_t k = 0; k < 3; k++) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "print lang-a.grog %s -o sheet.pdf", kinds[k]);
        run_in(cmd, lang);
        char *text = pdf_text("sheet.pdf");
        /* a column's heading cut to fit (« nouvelle fo… »: a word of another context) */
        if (strstr(text, "\xe2\x80\xa6") != NULL) {
            fprintf(stderr, "[%s] %s: a cut text in: %s\n", lang, cmd, text);
            failures++;
        }
        check_output(cmd, lang, text, 1);
        free(text);
        (*ran)++;
    }
}

/* One line of lang's output of cmd holding want (a plural form, an aligned column). */
static char *output_of(const char *cmd, const char *lang)
{
    char copy[512];
    snprintf(copy, sizeof copy, "grognard %s --lang %s", cmd, lang);
    char *argv[24];
    int argc = docs_split(copy, argv, 24);
    char *out = NULL;
    size_t no;
    FILE *fo = open_memstream(&out, &no), *fe = fopen("/dev/null", "w");
    (void)grog_cli_main(argc, argv, fo, fe);
    fclose(fo);
    fclose(fe);
    return out;
}

static void expect_in(const char *cmd, const char *lang, const char *want)
{
    char *out = output_of(cmd, lang);
    if (strstr(out, want) == NULL) {
        fprintf(stderr, "[%s] %s: no \"%s\" in:\n%s\n", lang, cmd, want, out);
        failures++;
    }
    free(out);
}

/* The character column where each line of the report's tables ends: every row of a
 * table ends where its heading ends (the figures right-aligned under the sides). */
static void report_lines_up(const char *lang)
{
    char *out = output_of("report lang-a.grog", lang);
    int end = -1;
    for (char *line = strtok(out, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        if (strncmp(line, "  ", 2) != 0 || line[strlen(line) - 1] < '0' ||
            line[strlen(line) - 1] > '9') {
            end = -1; /* a heading or a text line: the next table starts */
            const char *t = line + strspn(line, " ");
            if (strlen(line) > 20 && strncmp(line, "     ", 5) == 0 && *t != '\0') {
                end = 0;
                for (const char *p = line; *p; p++)
                    end += ((unsigned char)*p & 0xc0) != 0x80;
            }
            continue;
        }
        int n = 0;
        for (const char *p = line; *p; p++)
            n += ((unsigned char)*p & 0xc0) != 0x80;
        if (end > 0 && n != end) {
            fprintf(stderr, "[%s] report: a row ends at %d, its heading at %d: %s\n", lang, n,
                    end, line);
            failures++;
        }
    }
    free(out);
}

/* GdB's odds: each line's fraction ends in the same column (Russian «со следующего
 * хода» is 18 characters, wider than the 14 the labels had), and the GDB-02 note is
 * whole (a 300-byte buffer cut the Russian one before its last outcome). */
static void gdb_odds_line_up(const char *lang)
{
    char *out = output_of("calc gdb-order --nation austria --skill poor --distance-cm 10 --roll 7",
                          lang);
    int end = -1, lines = 0;
    for (char *line = strtok(out, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        char *pc = strstr(line, "%");
        if (strncmp(line, "    ", 4) != 0 || pc == NULL || strstr(line, "/36") == NULL)
            continue;
        int n = 0;
        for (const char *p = line; p < pc; p++)
            n += ((unsigned char)*p & 0xc0) != 0x80;
        if (end >= 0 && n != end) {
            fprintf(stderr, "[%s] gdb odds: %% at %d, not %d: %s\n", lang, n, end, line);
            failures++;
        }
        end = n;
        lines++;
    }
    if (lines != 3) {
        fprintf(stderr, "[%s] gdb odds: %d lines, not 3\n", lang, lines);
        failures++;
    }
    free(out);
    expect_in("calc gdb-order --nation austria --skill poor --distance-cm 10 --roll 7", lang,
              strcmp(lang, "fr") == 0 ? "en dessous échec\n" : "меньше — провал\n");
}

static void plural_forms(const char *lang, size_t *ran)
{
    (void)ran;
    run_in("new lang-a.grog --family aigles --seed 4", lang);
    int fr = strcmp(lang, "fr") == 0;
    /* the new game's first action (start): one action, not « 1 actions », «действий: 1» */
    expect_in("report lang-a.grog", lang, fr ? "tour 1, 1 action\n" : "ход 1, 1 действие\n");
    expect_in("scenarios", lang,
              fr ? "2 camps, 16 officiers, 20 unités ; 5 sources"
                 : "2 стороны, 16 офицеров, 20 подразделений; 5 источников");
    report_lines_up(lang);
    gdb_odds_line_up(lang);
    /* the sides by their names where status says what each may do (review A12) */
    expect_in("status lang-a.grog", lang,
              fr ? "Anglo-Portuguese army (Picton's command) peut :\n"
                 : "Anglo-Portuguese army (Picton's command) может:\n");
    /* the wounded event says wounded, and the state it gives (review D4) */
    expect_in("do lang-a.grog event wounded foy", lang,
              fr ? "Maximilien Foy est blessé (hors de combat)." : "Maximilien Foy ранен (выбыл из строя).");
    /* a facing in degrees in both languages (review E2; « направление 225° ») */
    expect_in("do lang-a.grog move br-2-5th turn 45", lang, fr ? "orienté à 225°." : "направление 225°.");
    run_in("print lang-a.grog orders -o sheet.pdf", lang);
    char *text = pdf_text("sheet.pdf");
    /* the order sheet's "to" is the order's receiver, not calc's new formation */
    const char *heads = fr ? "donné par" : "от кого";
    if (strstr(text, heads) == NULL || strstr(text, fr ? "nouvelle formation" : "новое построение")) {
        fprintf(stderr, "[%s] the order sheet's columns: %s\n", lang, text);
        failures++;
    }
    free(text);
    run_in("print lang-a.grog roster -o sheet.pdf", lang);
    text = pdf_text("sheet.pdf");
    if (strstr(text, fr ? "ordre : défense" : "приказ: оборона") == NULL ||
        (fr && strstr(text, "général en chef :") == NULL)) {
        fprintf(stderr, "[%s] the roster's order and role: %s\n", lang, text);
        failures++;
    }
    free(text);
}

static void test_new_commands_in_french_and_russian(void **state)
{
    (void)state;
    size_t ran = 0;
    failures = 0;
    in_scratch(sheets, "fr", &ran);
    in_scratch(sheets, "ru", &ran);
    assert_int_equal(ran, 26);
    assert_int_equal(failures, 0);
}

static void test_new_commands_plurals_and_columns(void **state)
{
    (void)state;
    size_t ran = 0;
    failures = 0;
    in_scratch(plural_forms, "fr", &ran);
    in_scratch(plural_forms, "ru", &ran);
    assert_int_equal(failures, 0);
}

static int setup(void **state)
{
    (void)state;
    load_words();
    load_texts();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    for (size_t i = 0; i < ntexts; i++)
        free(texts[i]);
    return 0;
}

static void test_documents_in_french_and_russian(void **state)
{
    (void)state;
    size_t ran = 0;
    failures = 0;
    in_scratch(documents, "fr", &ran);
    in_scratch(documents, "ru", &ran);
    assert_true(ran >= 80);
    assert_int_equal(failures, 0);
}

static void test_review_commands_in_french_and_russian(void **state)
{
    (void)state;
    size_t ran = 0;
    failures = 0;
    in_scratch(review, "fr", &ran);
    in_scratch(review, "ru", &ran);
    assert_int_equal(failures, 0);
}

/* The check itself finds what it must: an English order kind in a French
 * sentence, a Latin unit in Russian, a cut UTF-8 sequence; and leaves the id
 * positions alone. */
static void test_the_check_finds_english(void **state)
{
    (void)state;
    failures = 0;
    check_output("t", "fr", "l'ordre « attack » donné à Pack est obéi\n", 1);
    assert_int_equal(failures, 1);
    failures = 0;
    check_output("t", "ru", "радиус командования gdb: 30 cm\n", 1);
    assert_int_equal(failures, 1);
    failures = 0;
    check_output("t", "ru", "походная колонн\xd0", 0);
    assert_int_equal(failures, 1);
    failures = 0;
    check_output("t", "fr",
                 "#3  tour 1, ordres 1  > order picton mackinnon attack\n"
                 "ordre : attaque [attack]\nvaleur par défaut : costs.move = 1\n"
                 "il garde son ordre\n",
                 1);
    assert_int_equal(failures, 0);
}

/* The longest Russian titles of the formation calculator: every change between
 * Les Aigles' formations and every action, for infantry and cavalry; each title
 * is whole (valid UTF-8, its closing parenthesis there), and some are longer
 * than the 96 bytes the title's buffer once had. */
static void check_title(const char *const *args, size_t *checked, size_t *longest)
{
    char *argv[24];
    int argc = 0;
    argv[argc++] = (char *)"grognard";
    for (; *args != NULL; args++)
        argv[argc++] = (char *)*args;
    argv[argc] = NULL;
    cli_run r = {0, NULL, NULL};
    size_t no, ne;
    FILE *out = open_memstream(&r.out, &no), *err = open_memstream(&r.err, &ne);
    r.code = grog_cli_main(argc, argv, out, err);
    fclose(out);
    fclose(err);
    if (r.code == 0) {
        json_t *j = cli_json(&r);
        const char *title = json_string_value(json_object_get(j, "title"));
        assert_non_null(title);
        failures = 0;
        check_output("title", "ru", title, 0);
        assert_int_equal(failures, 0);
        assert_int_equal(title[strlen(title) - 1], ')');
        if (strlen(title) > *longest)
            *longest = strlen(title);
        json_decref(j);
        (*checked)++;
    }
    cli_run_free(&r);
}

static void test_longest_russian_titles_whole(void **state)
{
    (void)state;
    static const char *const fm[] = {"march-column", "extended-attack-column", "division-column",
                                     "company-column", "hollow-square", "full-square",
                                     "double-line", "attack-column", "mass-column", "line",
                                     "skirmish", "echelon", "potence", "mass-square"};
    static const char *const arms[] = {"infantry", "cavalry"};
    size_t checked = 0, longest = 0;
    for (size_t a = 0; a < sizeof arms / sizeof arms[0]; a++) {
        for (size_t i = 0; i < sizeof fm / sizeof fm[0]; i++) {
            for (size_t k = 0; k < sizeof fm / sizeof fm[0]; k++) {
                const char *args[] = {"calc", "aigles-formation", "--from", fm[i], "--to", fm[k],
                                      "--arm", arms[a], "--class", "C", "--status",
                                      "semi-regular", "--json", "--lang", "ru", NULL};
                check_title(args, &checked, &longest);
            }
            const char *quarter[] = {"calc", "aigles-formation", "--action", "quarter-turn",
                                     "--from", fm[i], "--arm", arms[a], "--class", "C",
                                     "--status", "semi-regular", "--json", "--lang", "ru", NULL};
            check_title(quarter, &checked, &longest);
        }
        static const char *const actions[] = {"half-turn", "pivot", "frontage"};
        for (size_t k = 0; k < sizeof actions / sizeof actions[0]; k++) {
            const char *args[] = {"calc", "aigles-formation", "--action", actions[k], "--arm",
                                  arms[a], "--class", "C", "--status", "irregular", "--json",
                                  "--lang", "ru", NULL};
            check_title(args, &checked, &longest);
        }
    }
    assert_true(checked >= 40);
    assert_true(longest > 96);
}

/* grog_text_snprintf cuts on a character boundary: a 2-byte letter that does
 * not fit is left out whole, a 3-byte one too; text that fits is unchanged. */
static void test_snprintf_never_cuts_a_letter(void **state)
{
    (void)state;
    char b[8];
    assert_int_equal(grog_text_snprintf(b, sizeof b, "%s", "abcdefж"), 8); /* 6 + 2 bytes */
    assert_string_equal(b, "abcdef");
    assert_int_equal(grog_text_snprintf(b, sizeof b, "%s", "abcde€"), 8); /* 5 + 3 bytes */
    assert_string_equal(b, "abcde");
    assert_int_equal(grog_text_snprintf(b, sizeof b, "%s", "abcж"), 5);
    assert_string_equal(b, "abcж");
    assert_int_equal(grog_text_snprintf(b, sizeof b, "%s", "abcdeжz"), 8); /* ж fits */
    assert_string_equal(b, "abcdeж");
    char t[] = "колонн\xd0";
    assert_int_equal(grog_text_utf8_trim(t), strlen("колонн"));
    /* an error message too long for grog_error is cut between two letters */
    grog_error err;
    char longer[4 * sizeof err.message];
    for (size_t start = 0; start < 2; start++) { /* the cut falls on either byte */
        memset(longer, 'a', start);
        for (size_t i = start; i + 3 < sizeof longer; i += 2)
            memcpy(longer + i, "ж", 2), longer[i + 2] = '\0';
        grog_error_set(&err, GROG_EINVAL, "%s", longer);
        failures = 0;
        check_output("error", "ru", err.message, 0);
        assert_int_equal(failures, 0);
        assert_true(strlen(err.message) >= sizeof err.message - 2);
    }
}

/* The dice table's header lines up with its rows in every language: its first
 * word is right-aligned in 6 characters (Russian «сумма» is 10 bytes). */
static void test_dice_header_lines_up(void **state)
{
    (void)state;
    static const char *const langs[] = {"en", "fr", "ru"};
    for (size_t i = 0; i < 3; i++) {
        cli_run r = run_cli("dice", "2d6", "--lang", langs[i], NULL);
        assert_int_equal(r.code, 0);
        char *head = strstr(r.out, "\n\n");
        assert_non_null(head);
        head += 2;
        const char *p = strstr(head, "P(=)");
        assert_non_null(p);
        size_t chars = 0;
        for (const char *q = head; q < p; q++)
            chars += ((unsigned char)*q & 0xC0) != 0x80;
        assert_int_equal(chars, 6 + 1 + 24 - 4); /* as "%6s %24s" puts it */
        cli_run_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_check_finds_english),
        cmocka_unit_test(test_snprintf_never_cuts_a_letter),
        cmocka_unit_test(test_dice_header_lines_up),
        cmocka_unit_test(test_longest_russian_titles_whole),
        cmocka_unit_test(test_review_commands_in_french_and_russian),
        cmocka_unit_test(test_documents_in_french_and_russian),
        cmocka_unit_test(test_new_commands_in_french_and_russian),
        cmocka_unit_test(test_new_commands_plurals_and_columns),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
