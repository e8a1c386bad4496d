/* test_jsontext.c — compact JSON written directly (src/core/jsontext.h) and
 * the explanation record written that way (grog_explain_json_write) give
 * exactly the bytes jansson's json_dumps(JSON_COMPACT) gives for the same
 * values; what jansson would not write the same way is reported (bad), and
 * a record then falls back to jansson's own dump. Every stored game's results
 * depend on these bytes (tests/test_replay.c). */
#include <float.h>
#include <limits.h>
#include <math.h>

#include "explain_internal.h"
#include "jsontext.h"
#include "testutil.h"

/* jansson's compact text of j (any value), j released. */
static char *dumped(json_t *j)
{
    char *s = json_dumps(j, JSON_COMPACT | JSON_ENCODE_ANY);
    json_decref(j);
    return s;
}

static void same_as_jansson(grog_jsontext *t, json_t *j)
{
    char *want = dumped(j);
    assert_non_null(want);
    assert_false(t->bad);
    assert_string_equal(t->s, want);
    free(want);
    grog_jsontext_free(t);
}

/* A string: the same text as jansson's, or bad exactly when jansson refuses it. */
static void string_case(const char *s)
{
    grog_jsontext t = {0};
    grog_jsontext_str(&t, s);
    json_t *j = json_string(s);
    if (j == NULL) {
        assert_true(t.bad);
        grog_jsontext_free(&t);
        return;
    }
    same_as_jansson(&t, j);
}

static void test_strings(void **state)
{
    (void)state;
    char s[8];
    for (int c = 1; c < 256; c++) { /* every byte alone: escapes, and lone high bytes refused */
        s[0] = (char)c;
        s[1] = '\0';
        string_case(s);
    }
    static const char *const cases[] = {
        "", "plain", "\"quoted\"", "back\\slash", "a/b", "tab\there", "\x01\x1f\x7f",
        "élan", "“typographic”", "日本", "😀 U+1F600", "\xed\x9f\xbf",       /* U+D7FF */
        "\xed\xa0\x80",                                                   /* a surrogate */
        "\xc0\xaf", "\xe0\x80\xaf", "\xf0\x80\x80\xaf",                   /* overlong */
        "\xf4\x90\x80\x80",                                               /* > U+10FFFF */
        "\xc3", "a\xc3", "\xe2\x80", "\xf0\x9f\x98",                      /* cut short */
        "\xef\xbf\xbf",                                                   /* U+FFFF */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        string_case(cases[i]);
    /* every short string over an alphabet of troublesome bytes */
    static const unsigned char alpha[] = {'a', '"', '\\', '\n', 0x1f, 0xc3, 0xa9,
                                          0xe2, 0x80, 0x9c, 0xf0, 0x9f, 0xed, 0xa0};
    size_t na = sizeof alpha;
    for (size_t len = 1; len <= 4; len++) {
        size_t total = 1;
        for (size_t k = 0; k < len; k++)
            total *= na;
        for (size_t code = 0; code < total; code++) {
            size_t x = code;
            for (size_t k = 0; k < len; k++, x /= na)
                s[k] = (char)alpha[x % na];
            s[len] = '\0';
            string_case(s);
        }
    }
    grog_jsontext t = {0};
    grog_jsontext_str(&t, NULL);
    assert_string_equal(t.s, "null");
    grog_jsontext_free(&t);
}

static void test_integers(void **state)
{
    (void)state;
    const long long v[] = {0, 1, -1, 9, 10, -10, 123456789, INT_MAX, INT_MIN, LLONG_MAX,
                           LLONG_MIN};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        grog_jsontext t = {0};
        grog_jsontext_int(&t, v[i]);
        same_as_jansson(&t, json_integer(v[i]));
    }
}

static void real_case(double v)
{
    grog_jsontext t = {0};
    grog_jsontext_real(&t, v);
    same_as_jansson(&t, json_real(v));
    /* rounded as a record's reals are: json_real_set of "%.10g" read back */
    json_t *j = json_real(v);
    char buf[64];
    snprintf(buf, sizeof buf, "%.10g", v);
    json_real_set(j, strtod(buf, NULL));
    grog_jsontext_real(&t, grog_jsontext_round10(v));
    same_as_jansson(&t, j);
}

static void test_reals(void **state)
{
    (void)state;
    const double v[] = {0.0,   -0.0,   0.5,    1.0 / 3, 2.0 / 3, 1.0 / 36, 15.0 / 36, 5.0,
                        -7.25, 1e16,   1e17,   1e20,    1e-4,    1e-5,     1e-7,     1e300,
                        -1e300, 5e-324, DBL_MAX, -DBL_MAX, DBL_MIN, 123456.789, 0.1, 100.0,
                        1234567890123.0, 3.5e-10};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        real_case(v[i]);
    uint64_t x = 88172645463325252ULL; /* xorshift: any finite double */
    for (int i = 0; i < 20000; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        double d;
        memcpy(&d, &x, sizeof d);
        if (isfinite(d))
            real_case(d);
        real_case((double)(x % 1000003) / (double)(x % 997 + 1));
    }
    /* what jansson holds no real for */
    const double bad[] = {NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < 3; i++) {
        grog_jsontext t = {0};
        grog_jsontext_real(&t, bad[i]);
        assert_true(t.bad);
        grog_jsontext_free(&t);
    }
}

/* The remembered texts (a game keeps one table for all its results): a real
 * met again, or another real in the same slot, is written as jansson writes
 * its rounded value, every time. */
static void test_reals_remembered(void **state)
{
    (void)state;
    grog_jsontext_reals *m = grog_jsontext_reals_create();
    assert_non_null(m);
    uint64_t x = 0x2545F4914F6CDD1DULL;
    double seen[400];
    for (int i = 0; i < 400; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        seen[i] = i % 3 == 0 ? (double)(x % 37) / 36.0 : (double)(x % 100003) / 7.0;
    }
    for (int pass = 0; pass < 3; pass++) { /* first misses, then hits and evictions */
        for (int i = 0; i < 400; i++) {
            grog_jsontext t = {0};
            grog_jsontext_real10(&t, m, seen[pass == 1 ? 399 - i : i]);
            json_t *j = json_real(seen[pass == 1 ? 399 - i : i]);
            json_real_set(j, grog_jsontext_round10(json_real_value(j)));
            same_as_jansson(&t, j);
        }
    }
    grog_jsontext t = {0};
    grog_jsontext_real10(&t, m, NAN); /* never remembered, always bad */
    assert_true(t.bad);
    grog_jsontext_free(&t);
    grog_jsontext_reals_destroy(m);
    grog_jsontext_reals_destroy(NULL);
}

static void test_values_and_marks(void **state)
{
    (void)state;
    json_t *j = json_pack("{s:s,s:i,s:f,s:b,s:n,s:[],s:{},s:[i,s,{s:[f]}],s:s}", "text",
                          "a \"b\" é", "n", -3, "x", 1.5, "yes", 1, "none", "empty", "obj",
                          "nested", 1, "two", "three", 0.25, "last", "z");
    grog_jsontext t = {0};
    grog_jsontext_value(&t, j);
    same_as_jansson(&t, j);
    /* a mark: what was written after it goes, bad included */
    grog_jsontext_lit(&t, "[1");
    size_t mark = t.len;
    grog_jsontext_lit(&t, ",");
    grog_jsontext_str(&t, "\xff");
    assert_true(t.bad);
    grog_jsontext_cut(&t, mark);
    assert_false(t.bad);
    grog_jsontext_lit(&t, "]");
    assert_string_equal(t.s, "[1]");
    grog_jsontext_free(&t);
    grog_jsontext_value(&t, NULL);
    assert_true(t.bad);
    grog_jsontext_free(&t);
}

/* ---- records ---- */

/* The record written directly (without, then twice with remembered reals)
 * is jansson's dump of its value. */
static void record_case(grog_explain *e)
{
    json_t *v = grog_explain_json_value(e);
    assert_non_null(v);
    char *want = json_dumps(v, JSON_COMPACT);
    json_decref(v);
    char *wrapped = malloc(strlen(want) + 5);
    sprintf(wrapped, "[0,%s]", want);
    grog_jsontext_reals *m = grog_jsontext_reals_create();
    for (int k = 0; k < 3; k++) {
        grog_jsontext t = {0};
        grog_jsontext_lit(&t, "[0,"); /* written after other text, as in a result */
        assert_true(grog_explain_json_write(e, &t, k == 0 ? NULL : m));
        grog_jsontext_lit(&t, "]");
        assert_string_equal(t.s, wrapped);
        grog_jsontext_free(&t);
    }
    grog_jsontext_reals_destroy(m);
    free(wrapped);
    free(want);
    grog_explain_destroy(e);
}

static grog_explain *full_record(void)
{
    grog_explain *e = grog_explain_create("full-test", "Everything \"at once\" — élan");
    grog_explain_add_rule(e, "X-01");
    grog_explain_set_dice(e, "d6");
    grog_explain_set_target(e, GROG_CMP_LE, 4);
    grog_explain_add_modifier(e, "X-02", "beyond 30 cm", -2);
    grog_explain_add_modifier(e, NULL, NULL, 3);
    grog_explain_add_outcome(e, "obeys", (grog_frac){4, 6});
    grog_explain_add_outcome(e, "fails", (grog_frac){2, 6});
    grog_explain_add_outcome(e, "never", (grog_frac){0, 36});
    grog_dice d;
    grog_dist *dist = NULL;
    assert_int_equal(grog_dice_parse("3d6", &d, NULL), GROG_OK);
    assert_int_equal(grog_dist_of_dice(&d, &dist, NULL), GROG_OK);
    grog_explain_set_distribution(e, dist);
    grog_dist_destroy(dist);
    grog_explain_set_value(e, 2.0 / 3, "pas");
    grog_explain_set_range(e, -2, 5, "pas");
    grog_explain_add_path(e, "line");
    grog_explain_add_path(e, "attack-column");
    grog_explain_add_check(e, "X-03", "in zone", 1, "30.0 pas \\ apart\n");
    grog_explain_add_check(e, "X-04", "points", 0, NULL);
    grog_explain_add_note(e, "X-05", "a note\twith a tab");
    grog_explain_add_note(e, NULL, "no rule");
    grog_explain_add_default(e, "x.target", "6", "unknown in the seed");
    grog_roll r = {{6, 1, 4}, 3, 11, 9, 0};
    grog_explain_set_roll(e, &r, 9, "fails");
    grog_explain_set_seed(e, 1810);
    return e;
}

static void test_records(void **state)
{
    (void)state;
    record_case(grog_explain_create("bare", NULL));
    record_case(full_record());
    grog_explain *e = full_record();
    grog_roll r = {{0}, 0, 5, 5, 1};
    grog_explain_set_roll(e, &r, 7, NULL); /* entered, no outcome name */
    grog_explain_set_seed(e, UINT64_MAX);   /* beyond JSON integers: null */
    record_case(e);
    e = grog_explain_create("values", "v");
    grog_explain_set_value(e, 1e-7, NULL);
    grog_explain_set_value_none(e, "turns");
    record_case(e);
    e = grog_explain_create("big", "b");
    grog_explain_set_value(e, DBL_MAX, "pas"); /* rounds to infinity: kept as it was */
    record_case(e);
}

/* A string jansson refuses or a real it cannot hold: jansson's tree leaves
 * their keys or entries out, and the record written directly is that tree's
 * dump all the same. */
static void test_records_jansson_would_write_otherwise(void **state)
{
    (void)state;
    grog_explain *e = full_record();
    grog_explain_add_modifier(e, "X-09", "cut \xc3", 1); /* the modifier is left out */
    grog_explain_add_note(e, "X-10", "\xff");
    record_case(e);
    e = full_record();
    grog_explain_set_value(e, NAN, "pas"); /* "value" is left out */
    grog_explain_add_outcome(e, "odd", (grog_frac){1, 0});
    record_case(e);
    e = grog_explain_create("title", "\xe2\x80"); /* "title" is left out */
    record_case(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_integers),
        cmocka_unit_test(test_reals),
        cmocka_unit_test(test_reals_remembered),
        cmocka_unit_test(test_values_and_marks),
        cmocka_unit_test(test_records),
        cmocka_unit_test(test_records_jansson_would_write_otherwise),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
