/* test_charset.c — a terminal that is not UTF-8 (cli_charset.c,
 * docs/i18n.md "Terminals"): a Latin-1 terminal (LC_ALL=fr_FR.ISO-8859-1,
 * a locale this machine has not generated, so read from the variable as
 * the language is) types Latin-1 and reads Latin-1; --json stays UTF-8; a
 * UTF-8 or plain C terminal is left as it was. The expected bytes are
 * written out by hand from ISO 8859-1's table (é = E9, « = AB, » = BB). */
#include <locale.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "testutil.h"

static void set_locale_vars(const char *all)
{
    unsetenv("LC_CTYPE");
    unsetenv("LANG");
    unsetenv("LANGUAGE");
    if (all != NULL)
        setenv("LC_ALL", all, 1);
    else
        unsetenv("LC_ALL");
    setlocale(LC_CTYPE, "C");
}

static void test_which_charset(void **state)
{
    (void)state;
    char cs[64];
    set_locale_vars("fr_FR.ISO-8859-1");
    assert_int_equal(cli_charset_of_terminal(cs, sizeof cs), 1);
    assert_string_equal(cs, "ISO-8859-1");
    set_locale_vars("ru_RU.KOI8-R@old"); /* the modifier is not part of the name */
    assert_int_equal(cli_charset_of_terminal(cs, sizeof cs), 1);
    assert_string_equal(cs, "KOI8-R");
    set_locale_vars("fr_FR.UTF-8");
    assert_int_equal(cli_charset_of_terminal(cs, sizeof cs), 0);
    set_locale_vars("fr_FR.utf8");
    assert_int_equal(cli_charset_of_terminal(cs, sizeof cs), 0);
    set_locale_vars("fr_FR"); /* no charset named: UTF-8, as before */
    assert_int_equal(cli_charset_of_terminal(cs, sizeof cs), 0);
    set_locale_vars("fr_FR.NO-SUCH-CHARSET");
    assert_int_equal(cli_charset_of_terminal(cs, sizeof cs), 0);
    set_locale_vars(NULL);
    assert_int_equal(cli_charset_of_terminal(cs, sizeof cs), 0);
    setenv("LANG", "fr_FR.ISO-8859-15", 1); /* LANG when LC_ALL and LC_CTYPE are unset */
    assert_int_equal(cli_charset_of_terminal(cs, sizeof cs), 1);
    assert_string_equal(cs, "ISO-8859-15");
    set_locale_vars(NULL);
}

static void test_reading_typed_words(void **state)
{
    (void)state;
    char *u = cli_charset_read("ISO-8859-1", "caf\xe9 \xab ok \xbb");
    assert_non_null(u);
    assert_string_equal(u, "caf\xc3\xa9 \xc2\xab ok \xc2\xbb");
    free(u);
    assert_null(cli_charset_read("ISO-8859-1", "caf\xc3\xa9")); /* already UTF-8 */
    assert_null(cli_charset_read("ISO-8859-1", "plain"));
    assert_null(cli_charset_read(NULL, "caf\xe9"));
    /* a file name is bytes: an existing file's Latin-1 name is kept as given */
    char path[64];
    snprintf(path, sizeof path, "/tmp/grog-test-caf\xe9-%d", (int)getpid());
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fclose(f);
    assert_null(cli_charset_read("ISO-8859-1", path));
    remove(path);
    u = cli_charset_read("ISO-8859-1", path); /* gone: now a word like another */
    assert_non_null(u);
    free(u);
}

static char *converted(const char *charset, const char *utf8)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    cli_charset_out *o = cli_charset_out_open(charset);
    assert_non_null(o);
    assert_int_equal(cli_charset_write(o, utf8, strlen(utf8), f), 0);
    cli_charset_out_close(o);
    fclose(f);
    return buf;
}

static void test_writing_for_the_terminal(void **state)
{
    (void)state;
    /* é « » are Latin-1's own; œ, ’ and (under the C locale's tables, as
     * here) Cyrillic are transliterated: Н е й as N e j */
    char *s = converted("ISO-8859-1", "caf\xc3\xa9 \xc2\xab \xc5\x93uvre \xc2\xbb \xe2\x80\x99 "
                                      "\xd0\x9d\xd0\xb5\xd0\xb9\n");
    assert_string_equal(s, "caf\xe9 \xab oeuvre \xbb ' Nej\n");
    free(s);
    /* what has no form even transliterated: one "?" per character (a CJK one) */
    s = converted("ISO-8859-1", "a\xe4\xb8\xad\xe4\xb8\xad" "b");
    assert_string_equal(s, "a??b");
    free(s);
    /* the same Cyrillic on a KOI8-R terminal: Н = EE, е = C5, й = CA */
    s = converted("KOI8-R", "\xd0\x9d\xd0\xb5\xd0\xb9");
    assert_string_equal(s, "\xee\xc5\xca");
    free(s);
    /* longer than the converter's buffer: every byte through */
    char big[5001], want[2501];
    for (int i = 0; i < 2500; i++) {
        big[2 * i] = '\xc3';
        big[2 * i + 1] = '\xa9';
        want[i] = '\xe9';
    }
    big[5000] = want[2500] = '\0';
    s = converted("ISO-8859-1", big);
    assert_string_equal(s, want);
    free(s);
    assert_null(cli_charset_out_open(NULL));
    assert_null(cli_charset_out_open("NO-SUCH-CHARSET"));
}

/* The whole CLI on a Latin-1 terminal: a note typed in Latin-1 is kept in
 * UTF-8, printed back in Latin-1, and --json gives it in UTF-8. */
static void test_a_latin1_terminal(void **state)
{
    (void)state;
    char path[96];
    test_game_path(path, sizeof path, "charset");
    set_locale_vars("fr_FR.ISO-8859-1");
    cli_run r = run_cli("new", path, "--family", "gdb", NULL);
    assert_int_equal(r.code, 0);
    cli_run_free(&r);
    r = run_cli("do", path, "note", "caf\xe9 \xab ok \xbb", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "caf\xe9 \xab ok \xbb"));
    assert_null(strstr(r.out, "\xc3")); /* nothing of UTF-8 left in the text */
    cli_run_free(&r);
    r = run_cli("log", path, "--json", NULL);
    assert_int_equal(r.code, 0);
    assert_non_null(strstr(r.out, "\"caf\xc3\xa9 \xc2\xab ok \xc2\xbb\""));
    json_decref(cli_json(&r));
    cli_run_free(&r);
    /* the same file on a UTF-8 terminal: the note as it was typed there */
    set_locale_vars("fr_FR.UTF-8");
    r = run_cli("log", path, NULL);
    assert_non_null(strstr(r.out, "caf\xc3\xa9 \xc2\xab ok \xc2\xbb"));
    cli_run_free(&r);
    /* the French help on the Latin-1 terminal: its accents are Latin-1's */
    set_locale_vars("fr_FR.ISO-8859-1");
    r = run_cli("--help", "--lang", "fr", NULL);
    assert_int_equal(r.code, 0);
    assert_null(strstr(r.out, "\xc3"));
    assert_non_null(strchr(r.out, '\xe9'));
    cli_run_free(&r);
    set_locale_vars(NULL);
    grog_game_remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_which_charset),
        cmocka_unit_test(test_reading_typed_words),
        cmocka_unit_test(test_writing_for_the_terminal),
        cmocka_unit_test(test_a_latin1_terminal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
