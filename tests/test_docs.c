/* test_docs.c — the documentation tells the truth (issue 13):
 *  - every `grognard ...` example in README.md and the docs folder runs (in a
 *    scratch folder, one per document, in the order written), exit 0, or 1
 *    where its comment says "exit 1";
 *  - the README's `play` transcript is the real output of those lines;
 *  - no document cites a file that is not in the repository, nor the rule
 *    texts by their seed file names (the rulebooks are cited by name);
 *  - the man page has an entry for every command `grognard --help` lists.
 * Skipped examples: usage forms (with [ ] or |), `make ...` (this is make
 * check), `serve` (it serves until stopped; tests/test_server covers it). */
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "docs_util.h"
#include "testutil.h"

static void remove_game(const char *name)
{
    grog_game_remove(name);
}

/* Runs one example; fails the test with the document's place when it does not run. */
static void run_example(const char *doc, int lineno, const char *cmd, int may_exit_1)
{
    char copy[2048];
    snprintf(copy, sizeof copy, "%s", cmd);
    char *argv[64];
    int argc = docs_split(copy, argv, 64);
    if (argc < 2)
        return;
    if (strcmp(argv[1], "new") == 0 && argc > 2)
        remove_game(argv[2]); /* each document starts its games afresh */
    if (strcmp(argv[1], "play") == 0)
        assert_non_null(freopen("/dev/null", "r", stdin));
    char *out = NULL, *err = NULL;
    size_t no, ne;
    FILE *fo = open_memstream(&out, &no), *fe = open_memstream(&err, &ne);
    int code = grog_cli_main(argc, argv, fo, fe);
    fclose(fo);
    fclose(fe);
    if (!(code == 0 || (code == 1 && may_exit_1)))
        fail_msg("%s:%d: `%s` exits %d: %s", doc, lineno, cmd, code, err);
    free(out);
    free(err);
}

/* One example of document ctx: run unless a usage form or the server; exit 1
 * allowed where its comment says so. */
static int example(void *ctx, int line, const char *cmd, const char *comment)
{
    if (strpbrk(cmd, "[|") != NULL || strstr(cmd, "grognard serve") == cmd)
        return 0; /* a usage form, or the server */
    run_example(ctx, line, cmd, strstr(comment, "exit 1") != NULL);
    return 1;
}

static void test_examples_run(void **state)
{
    (void)state;
    char docs[64][512];
    size_t n = docs_paths(docs, 64);
    size_t ran = 0;
    for (size_t k = 0; k < n; k++) {
        char dir[] = "/tmp/grog-docs-XXXXXX", cwd[512];
        docs_scratch_in(dir, cwd, sizeof cwd);
        ran += docs_examples(docs[k], example, docs[k]);
        docs_scratch_out(dir, cwd);
    }
    assert_true(ran >= 40);
}

/* The README's play session is what play prints for those lines. */
static void test_readme_transcript(void **state)
{
    (void)state;
    char path[300];
    snprintf(path, sizeof path, "%s/README.md", docs_srcdir());
    char *text = docs_slurp(path);
    static const char head[] = "$ grognard play bussaco.grog\n";
    char *at = strstr(text, head);
    assert_non_null(at);
    size_t from = (size_t)(at - text) + sizeof head - 1;
    char *stop = strstr(text + from, "\n$ ");
    assert_non_null(stop);
    char *want = strndup(text + from, (size_t)(stop - text) - from + 1);
    /* The lines typed: what follows each prompt. */
    char script[128];
    snprintf(script, sizeof script, "/tmp/grog-docs-play-%d.txt", (int)getpid());
    FILE *f = fopen(script, "w");
    for (const char *p = want; (p = strstr(p, "]> ")) != NULL;) {
        p += 3;
        size_t n = strcspn(p, "\n");
        fprintf(f, "%.*s\n", (int)n, p);
    }
    fclose(f);
    char game[128];
    snprintf(game, sizeof game, "/tmp/grog-docs-%d.grog", (int)getpid());
    grog_game_remove(game);
    cli_run r = run_cli("new", game, "--family", "aigles", "--seed", "1810", NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    assert_non_null(freopen(script, "r", stdin));
    r = run_cli("play", game, NULL);
    const char *got = strstr(r.out, "[aigles t1 orders-1]> ");
    assert_non_null(got);
    if (strcmp(got, want) != 0)
        fail_msg("the README's play transcript is not the real output; the real one is:\n%s", got);
    cli_run_free(&r);
    free(want);
    free(text);
    unlink(script);
    grog_game_remove(game);
}

/* A cited path: `docs/x.md`, `data/...`, `src/...` in backquotes, or a link target. */
static void check_cited(const char *doc, const char *cited)
{
    static const char *const roots[] = {"docs/", "data/", "src/", "include/", "tests/",
                                        "scripts/", "man/", "tools/", "bench/", "web/", "po/"};
    if (strpbrk(cited, "<*{ ") != NULL || strstr(cited, "://") != NULL)
        return; /* a pattern, a placeholder, a command, a web address */
    for (const char *c = cited; *c; c++)
        if (c[0] >= 'A' && c[0] <= 'Z' && c[1] >= 'A' && c[1] <= 'Z' && c[2] >= 'A' &&
            c[2] <= 'Z')
            return; /* a placeholder word: tests/test_NAME.c */
    int rooted = 0;
    for (size_t i = 0; i < sizeof roots / sizeof roots[0]; i++)
        rooted |= strncmp(cited, roots[i], strlen(roots[i])) == 0;
    const char *slash = strrchr(doc, '/');
    char path[700];
    struct stat st;
    if (rooted) {
        snprintf(path, sizeof path, "%s/%s", docs_srcdir(), cited);
    } else if (strstr(cited, ".md") != NULL && strchr(cited, '/') == NULL) {
        snprintf(path, sizeof path, "%.*s/%s", (int)(slash - doc), doc, cited);
    } else {
        return;
    }
    char *hash = strchr(path, '#');
    if (hash != NULL)
        *hash = '\0';
    char program[710]; /* a program built from its source: tools/potdata from tools/potdata.c */
    snprintf(program, sizeof program, "%s.c", path);
    if (stat(path, &st) != 0 && stat(program, &st) != 0)
        fail_msg("%s cites %s, which is not in the repository", doc, cited);
}

static void test_cited_files_exist(void **state)
{
    (void)state;
    char docs[64][512];
    size_t n = docs_paths(docs, 64);
    for (size_t k = 0; k < n; k++) {
        char *text = docs_slurp(docs[k]);
        /* Rule texts are cited by the rulebook's name, never by seed file. */
        static const char *const banned[] = {"seeds/", "shared/spec", "seed 00", "seed `00",
                                             "in the seed", "the seed's"};
        for (size_t b = 0; b < sizeof banned / sizeof banned[0]; b++)
            if (strstr(text, banned[b]) != NULL)
                fail_msg("%s cites \"%s\": cite the rulebook by name", docs[k], banned[b]);
        for (const char *p = text; (p = strchr(p, '`')) != NULL;) {
            const char *q = strchr(p + 1, '`');
            if (q == NULL)
                break;
            if (q - p > 1 && q - p < 200 && p[1] != '`') {
                char cited[256];
                snprintf(cited, sizeof cited, "%.*s", (int)(q - p - 1), p + 1);
                check_cited(docs[k], cited);
            }
            p = q + 1;
        }
        for (const char *p = text; (p = strstr(p, "](")) != NULL; p += 2) {
            const char *q = strchr(p + 2, ')');
            if (q == NULL)
                break;
            char cited[256];
            snprintf(cited, sizeof cited, "%.*s", (int)(q - p - 2), p + 2);
            check_cited(docs[k], cited);
        }
        free(text);
    }
}

/* Every command of `grognard --help` has its entry in man/grognard.1. */
static void test_man_page_covers_every_command(void **state)
{
    (void)state;
    char path[300];
    snprintf(path, sizeof path, "%s/man/grognard.1", docs_srcdir());
    char *man = docs_slurp(path);
    cli_run r = run_cli("--help", NULL);
    const char *p = strstr(r.out, "Commands:\n");
    assert_non_null(p);
    size_t found = 0;
    for (p = strchr(p, '\n') + 1; strncmp(p, "  ", 2) == 0; p = strchr(p, '\n') + 1) {
        char name[32];
        assert_int_equal(sscanf(p, " %31s", name), 1);
        char entry[64];
        snprintf(entry, sizeof entry, ".BI \"%s ", name);
        char entry2[64];
        snprintf(entry2, sizeof entry2, ".BI %s ", name);
        if (strstr(man, entry) == NULL && strstr(man, entry2) == NULL)
            fail_msg("man/grognard.1 has no entry for the command %s", name);
        found++;
    }
    assert_true(found >= 15);
    cli_run_free(&r);
    free(man);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_examples_run),
        cmocka_unit_test(test_readme_transcript),
        cmocka_unit_test(test_cited_files_exist),
        cmocka_unit_test(test_man_page_covers_every_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
