/* test_catalog.c — the library's own .mo reader (src/core/catalog.c) and the
 * per-thread language of messages (src/core/i18n.c), docs/i18n.md.
 *
 * Catalogues are built here byte by byte (both byte orders) so that every
 * field can be damaged; the plural forms are checked against values worked
 * out by hand from the French and Russian Plural-Forms; the real catalogues
 * `make` compiles (BUILD/locale) are read for words known from po/fr.po and
 * po/ru.po. */
#include <pthread.h>
#include <stdint.h>
#include <unistd.h>

#include "testutil.h"

#include "catalog.h"
#include "i18n.h"

#define FR_FORMS "Plural-Forms: nplurals=2; plural=(n > 1);\n"
#define RU_FORMS                                                                             \
    "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "    \
    "(n%100<10 || n%100>=20) ? 1 : 2);\n"

/* ---- a .mo file built by hand ---- */

typedef struct entry {
    const char *id;
    size_t idlen; /* with the NULs inside a plural ("one\0many") */
    const char *str;
    size_t strlen_;
} entry;

#define E(id, str) {id, sizeof id - 1, str, sizeof str - 1}

typedef struct mo {
    unsigned char b[4096];
    size_t size;
} mo;

static void put32(mo *m, size_t off, uint32_t v, int swap)
{
    if (swap)
        v = (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
    memcpy(m->b + off, &v, 4);
}

/* The .mo of n entries (sorted by id, as msgfmt writes them): the header,
 * the originals' table at 28, the translations' after it, then the strings
 * each with its NUL. swap: the other byte order. */
static void build(mo *m, const entry *e, size_t n, int swap)
{
    memset(m, 0, sizeof *m);
    size_t orig = 28, trans = orig + 8 * n, at = trans + 8 * n;
    put32(m, 0, 0x950412deu, swap);
    put32(m, 4, 0, swap);
    put32(m, 8, (uint32_t)n, swap);
    put32(m, 12, (uint32_t)orig, swap);
    put32(m, 16, (uint32_t)trans, swap);
    put32(m, 20, 0, swap);
    put32(m, 24, (uint32_t)at, swap);
    for (size_t i = 0; i < n; i++) {
        put32(m, orig + 8 * i, (uint32_t)e[i].idlen, swap);
        put32(m, orig + 8 * i + 4, (uint32_t)at, swap);
        memcpy(m->b + at, e[i].id, e[i].idlen);
        at += e[i].idlen + 1;
    }
    for (size_t i = 0; i < n; i++) {
        put32(m, trans + 8 * i, (uint32_t)e[i].strlen_, swap);
        put32(m, trans + 8 * i + 4, (uint32_t)at, swap);
        memcpy(m->b + at, e[i].str, e[i].strlen_);
        at += e[i].strlen_ + 1;
    }
    assert_true(at <= sizeof m->b);
    m->size = at;
}

static const entry ru_entries[] = {
    E("", "Language: ru\nContent-Type: text/plain; charset=UTF-8\n" RU_FORMS),
    E("%d gun\0%d guns", "%d орудие\0%d орудия\0%d орудий"),
    E("formation\004line", "развёрнутый строй"),
    E("line", "линия"),
    E("no such page", "нет такой страницы"),
};
#define NRU (sizeof ru_entries / sizeof ru_entries[0])

static const entry fr_entries[] = {
    E("", "Language: fr\n" FR_FORMS),
    E("%d gun\0%d guns", "%d canon\0%d canons"),
    E("line", "ligne"),
};

static grog_catalog *parse_ok(const mo *m)
{
    grog_catalog *c = NULL;
    grog_error err;
    grog_status st = grog_catalog_parse(m->b, m->size, &c, &err);
    if (st != GROG_OK)
        fail_msg("refused: %s", err.message);
    return c;
}

static void refused(const void *data, size_t size, const char *what)
{
    grog_catalog *c = (grog_catalog *)1;
    grog_error err = {0};
    grog_status st = grog_catalog_parse(data, size, &c, &err);
    if (st != GROG_EFORMAT)
        fail_msg("%s: status %d, expected GROG_EFORMAT", what, (int)st);
    assert_null(c);
    assert_true(err.message[0] != '\0');
}

/* ---- the plural forms, worked out by hand ---- */

/* French, plural=(n > 1): 0 and 1 singular, the rest plural. Russian: 1, 21
 * (n%10 == 1, n%100 != 11): form 0; 2 (n%10 in 2..4, n%100 not in 10..19):
 * form 1; 0, 5, 11, 111 (111%100 == 11): form 2. */
static void test_plural_forms_by_hand(void **state)
{
    (void)state;
    static const unsigned long n[] = {0, 1, 2, 5, 11, 21, 111};
    static const unsigned long fr[] = {0, 0, 1, 1, 1, 1, 1};
    static const unsigned long ru[] = {2, 0, 1, 2, 2, 0, 2};
    static const char *const ru_text[] = {"0 орудий", "1 орудие", "2 орудия", "5 орудий",
                                          "11 орудий", "21 орудие", "111 орудий"};
    static const char *const fr_text[] = {"0 canon", "1 canon", "2 canons", "5 canons",
                                          "11 canons", "21 canons", "111 canons"};
    for (int swap = 0; swap < 2; swap++) {
        mo mr, mf;
        build(&mr, ru_entries, NRU, swap);
        build(&mf, fr_entries, sizeof fr_entries / sizeof fr_entries[0], swap);
        grog_catalog *cr = parse_ok(&mr), *cf = parse_ok(&mf);
        for (size_t i = 0; i < sizeof n / sizeof n[0]; i++) {
            assert_int_equal(grog_catalog_plural(cf, n[i]), fr[i]);
            assert_int_equal(grog_catalog_plural(cr, n[i]), ru[i]);
            char buf[64];
            snprintf(buf, sizeof buf, grog_catalog_ngettext(cr, "%d gun", "%d guns", n[i]),
                     (int)n[i]);
            assert_string_equal(buf, ru_text[i]);
            snprintf(buf, sizeof buf, grog_catalog_ngettext(cf, "%d gun", "%d guns", n[i]),
                     (int)n[i]);
            assert_string_equal(buf, fr_text[i]);
        }
        grog_catalog_free(cr);
        grog_catalog_free(cf);
    }
}

/* Every operator of gettext's subset, each against its C value. */
static void test_plural_expression_operators(void **state)
{
    (void)state;
    static const struct {
        const char *expr;
        unsigned long n, want;
    } cases[] = {
        {"n", 5, 5},
        {"n", 7, 0},                      /* a form past nplurals=6: form 0, as gettext */
        {"n != 1", 1, 0},
        {"n==1 ? 0 : n==2 ? 1 : 2", 2, 1},
        {"n==1 ? 0 : n==2 ? 1 : 2", 9, 2},
        {"(n + 3) * 2 - 10", 4, 4},       /* (4+3)*2-10 */
        {"n / 3 % 2", 9, 1},              /* 3 % 2 */
        {"!n", 0, 1},
        {"!!n", 5, 1},
        {"n >= 3 && n <= 5", 5, 1},
        {"n < 3 || n > 5", 4, 0},
        {"n<=2", 3, 0},
        {"0 || n%0", 1, 0},               /* divides by zero: form 0, no crash */
        {"1 || n%0", 1, 1},               /* || stops before the division */
        {"n ? 1 : n/0", 1, 1},            /* the branch not taken is not evaluated */
        {"n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5", 111,
         4},                              /* Arabic: 111%100 == 11 */
        {"n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5", 103,
         3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char header[512];
        snprintf(header, sizeof header, "Plural-Forms: nplurals=6; plural=%s;\n", cases[i].expr);
        entry e = {"", 0, header, strlen(header)};
        mo m;
        build(&m, &e, 1, 0);
        grog_catalog *c = parse_ok(&m);
        unsigned long got = grog_catalog_plural(c, cases[i].n);
        if (got != cases[i].want)
            fail_msg("%s at n=%lu: %lu, expected %lu", cases[i].expr, cases[i].n, got,
                     cases[i].want);
        grog_catalog_free(c);
    }
}

/* ---- lookups ---- */

static void test_lookup_context_and_missing(void **state)
{
    (void)state;
    mo m;
    build(&m, ru_entries, NRU, 0);
    grog_catalog *c = parse_ok(&m);
    assert_string_equal(grog_catalog_gettext(c, "line"), "линия");
    assert_string_equal(grog_catalog_gettext(c, "formation\004line"), "развёрнутый строй");
    assert_string_equal(grog_catalog_gettext(c, "no such page"), "нет такой страницы");
    /* a context the catalogue has not: the key itself, not the bare word's text */
    const char *key = "order\004line";
    assert_ptr_equal(grog_catalog_gettext(c, key), key);
    /* missing: the msgid itself, the same pointer */
    const char *missing = "nothing like this";
    assert_ptr_equal(grog_catalog_gettext(c, missing), missing);
    assert_string_equal(grog_catalog_ngettext(c, "%d horse", "%d horses", 1), "%d horse");
    assert_string_equal(grog_catalog_ngettext(c, "%d horse", "%d horses", 5), "%d horses");
    /* before the first original and after the last */
    assert_string_equal(grog_catalog_gettext(c, " "), " ");
    assert_string_equal(grog_catalog_gettext(c, "zzz"), "zzz");
    assert_non_null(strstr(grog_catalog_gettext(c, ""), "Language: ru"));
    grog_catalog_free(c);
    /* English: nothing translated, plural n != 1 */
    const grog_catalog *en = grog_catalog_english();
    assert_string_equal(grog_catalog_gettext(en, "line"), "line");
    assert_string_equal(grog_catalog_ngettext(en, "%d gun", "%d guns", 0), "%d guns");
    assert_string_equal(grog_catalog_ngettext(en, "%d gun", "%d guns", 1), "%d gun");
    assert_string_equal(grog_catalog_ngettext(en, "%d gun", "%d guns", 21), "%d guns");
    grog_catalog_free((grog_catalog *)en); /* a no-op */
}

/* An empty translation is no translation (msgfmt leaves untranslated entries
 * out, but a hand-made file may hold one); a plural with fewer forms than the
 * expression picks gives the English form. */
static void test_empty_and_short_translations(void **state)
{
    (void)state;
    static const entry e[] = {
        E("", "Language: ru\n" RU_FORMS),
        E("%d gun\0%d guns", "%d орудие\0%d орудия"), /* form 2 missing */
        E("line", ""),
    };
    mo m;
    build(&m, e, 3, 0);
    grog_catalog *c = parse_ok(&m);
    assert_string_equal(grog_catalog_gettext(c, "line"), "line");
    assert_string_equal(grog_catalog_ngettext(c, "%d gun", "%d guns", 2), "%d орудия");
    assert_string_equal(grog_catalog_ngettext(c, "%d gun", "%d guns", 5), "%d guns");
    assert_string_equal(grog_catalog_ngettext(c, "%d gun", "%d guns", 1), "%d орудие");
    grog_catalog_free(c);
}

/* ---- damaged files ---- */

static void test_damaged_refused(void **state)
{
    (void)state;
    mo good;
    build(&good, ru_entries, NRU, 0);
    /* every truncation: the last string loses its NUL at least */
    for (size_t n = 0; n < good.size; n++)
        refused(good.b, n, "truncated");
    mo m = good;
    m.b[0] ^= 1;
    refused(m.b, m.size, "bad magic");
    m = good;
    put32(&m, 4, 2u << 16, 0);
    refused(m.b, m.size, "revision 2.0");
    static const struct {
        size_t field;
        uint32_t value;
        const char *what;
    } bad[] = {
        {8, 1000, "more strings than the file holds"},
        {8, 0xffffffffu, "a string count that overflows"},
        {12, 0xfffffff0u, "originals' table beyond the end"},
        {16, 4000, "translations' table beyond the end"},
        {28, 4000, "a length beyond the end"},
        {28 + 4, 0xfffffffcu, "an offset beyond the end"},
        {28 + 8, 0xffffffffu, "a length that overflows"},
        {28 + 8 * NRU + 8 * 4 + 4, 30, "a translation's offset inside the tables, no NUL"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        m = good;
        put32(&m, bad[i].field, bad[i].value, 0);
        refused(m.b, m.size, bad[i].what);
    }
    /* a string's NUL replaced: it would run into the next one */
    m = good;
    uint32_t len, off;
    memcpy(&len, m.b + 28 + 8 * 3, 4);
    memcpy(&off, m.b + 28 + 8 * 3 + 4, 4);
    m.b[off + len] = 'x';
    refused(m.b, m.size, "a string without its NUL");
    /* originals out of order: binary search would miss */
    static const entry unsorted[] = {E("", "Language: fr\n"), E("line", "ligne"),
                                     E("formation\004line", "ligne")};
    build(&m, unsorted, 3, 0);
    refused(m.b, m.size, "unsorted originals");
    /* a Plural-Forms that does not parse, or nests too deep */
    static const char *const exprs[] = {"(n > ", "n ? 1", "n > 1 )", "x", "n >> 1", "",
                                        "n ? 1 : 2 : 3"};
    for (size_t i = 0; i < sizeof exprs / sizeof exprs[0]; i++) {
        char header[256];
        snprintf(header, sizeof header, "Plural-Forms: nplurals=2; plural=%s;\n", exprs[i]);
        entry e = {"", 0, header, strlen(header)};
        build(&m, &e, 1, 0);
        refused(m.b, m.size, exprs[i]);
    }
    char deep[3000 + 64];
    strcpy(deep, "Plural-Forms: nplurals=2; plural=");
    for (int i = 0; i < 1000; i++)
        strcat(deep, "(");
    strcat(deep, "n");
    for (int i = 0; i < 1000; i++)
        strcat(deep, ")");
    strcat(deep, ";\n");
    entry e = {"", 0, deep, strlen(deep)};
    build(&m, &e, 1, 0);
    refused(m.b, m.size, "1000 parentheses");
    char nots[1100];
    strcpy(nots, "Plural-Forms: nplurals=2; plural=");
    for (int i = 0; i < 1000; i++)
        strcat(nots, "!");
    strcat(nots, "n;\n");
    e = (entry){"", 0, nots, strlen(nots)};
    build(&m, &e, 1, 0);
    refused(m.b, m.size, "1000 negations");
    /* no file, an empty one */
    grog_catalog *c = (grog_catalog *)1;
    grog_error err;
    assert_int_equal(grog_catalog_load("/nonexistent/grognard.mo", &c, &err), GROG_EIO);
    assert_null(c);
    assert_non_null(strstr(err.message, "/nonexistent/grognard.mo"));
    assert_int_equal(grog_catalog_load("/dev/null", &c, &err), GROG_EFORMAT);
    assert_null(c);
}

/* ---- the real catalogues ---- */

static grog_catalog *load_built(const char *lang)
{
    char exe[2048], path[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    assert_true(n > 0);
    exe[n] = '\0';
    *strrchr(exe, '/') = '\0';
    snprintf(path, sizeof path, "%s/../locale/%s/LC_MESSAGES/grognard.mo", exe, lang);
    grog_catalog *c = NULL;
    grog_error err;
    if (grog_catalog_load(path, &c, &err) != GROG_OK)
        fail_msg("%s", err.message);
    return c;
}

static void test_built_catalogues(void **state)
{
    (void)state;
    grog_catalog *fr = load_built("fr"), *ru = load_built("ru");
    assert_string_equal(grog_catalog_gettext(fr, "end this phase and begin the next"),
                        "finir cette phase et commencer la suivante");
    assert_string_equal(grog_catalog_gettext(ru, "end this phase and begin the next"),
                        "закончить эту фазу и начать следующую");
    assert_string_equal(grog_catalog_gettext(fr, "formation\004march-column"),
                        "colonne de marche");
    static const char one[] = "%zu action written by another process since the last prompt.\n";
    static const char many[] = "%zu actions written by another process since the last prompt.\n";
    assert_string_equal(grog_catalog_ngettext(ru, one, many, 21),
                        "%zu действие записано другим процессом после последней строки ввода.\n");
    assert_string_equal(grog_catalog_ngettext(ru, one, many, 3),
                        "%zu действия записаны другим процессом после последней строки ввода.\n");
    assert_string_equal(grog_catalog_ngettext(ru, one, many, 11),
                        "%zu действий записано другим процессом после последней строки ввода.\n");
    assert_int_equal(grog_catalog_plural(fr, 1), 0);
    assert_int_equal(grog_catalog_plural(fr, 2), 1);
    grog_catalog_free(fr);
    grog_catalog_free(ru);
}

/* ---- a thread's language ---- */

typedef struct speaker {
    const grog_catalog *c;
    const char *want;
    int ok;
} speaker;

static pthread_barrier_t together;

static void *speak(void *p)
{
    speaker *s = p;
    grog_i18n_use(s->c);
    pthread_barrier_wait(&together); /* both languages set before either reads */
    s->ok = 1;
    for (int i = 0; i < 1000; i++)
        s->ok &= strcmp(_("end this phase and begin the next"), s->want) == 0;
    grog_i18n_use(NULL);
    return NULL;
}

static void test_thread_language(void **state)
{
    (void)state;
    grog_catalog *fr = load_built("fr"), *ru = load_built("ru");
    speaker a = {fr, "finir cette phase et commencer la suivante", 0};
    speaker b = {ru, "закончить эту фазу и начать следующую", 0};
    pthread_t ta, tb;
    assert_int_equal(pthread_barrier_init(&together, NULL, 2), 0);
    assert_int_equal(pthread_create(&ta, NULL, speak, &a), 0);
    assert_int_equal(pthread_create(&tb, NULL, speak, &b), 0);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    pthread_barrier_destroy(&together);
    assert_true(a.ok);
    assert_true(b.ok);
    /* this thread set none: gettext's language (English: no LANGUAGE here) */
    assert_string_equal(_("end this phase and begin the next"),
                        "end this phase and begin the next");
    /* set, then put back */
    assert_null(grog_i18n_use(ru));
    assert_string_equal(ngettext("%zu action written by another process since the last "
                                 "prompt.\n",
                                 "%zu actions written by another process since the last "
                                 "prompt.\n",
                                 5),
                        "%zu действий записано другим процессом после последней строки ввода.\n");
    assert_string_equal(grog_pgettext("formation\004march-column"), "походная колонна");
    assert_string_equal(grog_pgettext("formation\004no-such-word"), "no-such-word");
    assert_ptr_equal(grog_i18n_use(NULL), ru);
    assert_string_equal(grog_pgettext("formation\004march-column"), "march-column");
    grog_catalog_free(fr);
    grog_catalog_free(ru);
}

int main(void)
{
    unsetenv("LANGUAGE");
    setenv("LC_ALL", "C", 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plural_forms_by_hand),
        cmocka_unit_test(test_plural_expression_operators),
        cmocka_unit_test(test_lookup_context_and_missing),
        cmocka_unit_test(test_empty_and_short_translations),
        cmocka_unit_test(test_damaged_refused),
        cmocka_unit_test(test_built_catalogues),
        cmocka_unit_test(test_thread_language),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
