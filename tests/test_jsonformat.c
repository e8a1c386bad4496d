/* test_jsonformat.c — the formatting the two JSON writers share
 * (jsontext.h: grog_jsontext_quote, _format_int, _format_real) and the
 * writers' key-and-value calls (grog_jsonout_key_*, grog_jsontext_key_*).
 *
 * Strings and reals are compared with jansson's own dump of the same value
 * (json_dumps with JSON_ENCODE_ANY and JSON_REAL_PRECISION(p)) at every
 * precision 0..17, around the edges of the integral values written without
 * printf (10^p and 10^15); a few texts are written out by hand, so that the
 * test does not only trust jansson. Also: jsonout's nesting limit. */
#include <jansson.h>
#include <limits.h>
#include <math.h>

#include "grognard/jsonout.h"
#include "jsontext.h"
#include "testutil.h"

/* jansson's text of v at precision p (NULL when it refuses). */
static char *jansson_real(double v, int p)
{
    json_t *j = json_real(v);
    char *s = json_dumps(j, JSON_ENCODE_ANY | JSON_REAL_PRECISION(p));
    json_decref(j);
    return s;
}

static void check_real(double v, int p)
{
    char out[GROG_JSONTEXT_REAL_MAX];
    size_t n = grog_jsontext_format_real(out, v, p);
    char *want = jansson_real(v, p);
    assert_non_null(want);
    if (strcmp(out, want) != 0)
        fail_msg("%.17g at precision %d: \"%s\", jansson \"%s\"", v, p, out, want);
    assert_int_equal(n, strlen(want));
    free(want);
}

static void test_reals_as_jansson(void **state)
{
    (void)state;
    static const double fixed[] = {0.0, -0.0, 1.0, -1.0, 0.1, -0.1, 1.0 / 3, 2.5, 1e-7,
                                   1e-5, 1e-4, 123456.789, 1e20, 1e21, 1e22, 1e100,
                                   1e300, 5e-324, 999999999999999.0, 1e15, 1e15 + 1,
                                   9007199254740992.0, 1e16, 1e17, -123456789012345.0};
    for (int p = 0; p <= 17; p++) {
        for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
            check_real(fixed[i], p);
        /* the integral values around 10^p: below it, all digits without
         * printf; at it and above, printf's exponent form */
        double ten = pow(10, p);
        const double edges[] = {ten - 1, ten, ten + 1, -(ten - 1), -ten, ten - 0.5};
        for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
            check_real(edges[i], p);
    }
}

static void test_reals_by_hand(void **state)
{
    (void)state;
    char out[GROG_JSONTEXT_REAL_MAX];
    assert_int_equal(grog_jsontext_format_real(out, 1e-7, 10), 4);
    assert_string_equal(out, "1e-7");
    /* 1e-7 is not a double: its 17 digits show it */
    assert_int_equal(grog_jsontext_format_real(out, 1e-7, 17), 21);
    assert_string_equal(out, "9.9999999999999995e-8");
    assert_int_equal(grog_jsontext_format_real(out, 1e20, 17), 4);
    assert_string_equal(out, "1e20");
    assert_int_equal(grog_jsontext_format_real(out, 1e22, 17), 4);
    assert_string_equal(out, "1e22");
    assert_int_equal(grog_jsontext_format_real(out, -0.0, 17), 4);
    assert_string_equal(out, "-0.0");
    assert_int_equal(grog_jsontext_format_real(out, 42, 17), 4);
    assert_string_equal(out, "42.0");
    assert_int_equal(grog_jsontext_format_real(out, 1234, 3), 6);
    assert_string_equal(out, "1.23e3");
    assert_int_equal(grog_jsontext_format_real(out, 0.1, 10), 3);
    assert_string_equal(out, "0.1");
    /* jansson has no real that is not finite */
    assert_int_equal(grog_jsontext_format_real(out, NAN, 17), 0);
    assert_int_equal(grog_jsontext_format_real(out, INFINITY, 10), 0);
    assert_int_equal(grog_jsontext_format_real(out, -INFINITY, 17), 0);
}

static void test_integers(void **state)
{
    (void)state;
    static const long long v[] = {0, 1, -1, 9, 10, -10, 99, 100, 123456789, LLONG_MAX, LLONG_MIN};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        char out[GROG_JSONTEXT_INT_MAX], want[32];
        snprintf(want, sizeof want, "%lld", v[i]);
        assert_int_equal(grog_jsontext_format_int(out, v[i]), strlen(want));
        assert_string_equal(out, want);
    }
}

/* s[0..n) quoted, or "" (and *bad) when refused without replacement. */
static char *quoted(const char *s, size_t n, int replace, int *bad)
{
    char *out = malloc(GROG_JSONTEXT_QUOTED_MAX(n) + 1);
    assert_non_null(out);
    *bad = 0;
    size_t k = grog_jsontext_quote(out, s, n, replace, bad);
    out[k] = '\0';
    return out;
}

static void test_strings_as_jansson(void **state)
{
    (void)state;
    char controls[32];
    for (int c = 0; c < 32; c++)
        controls[c] = (char)c;
    const struct {
        const char *s;
        size_t n;
    } v[] = {{"", 0},
             {"plain", 5},
             {"quote\" back\\slash /", 19},
             {controls, 32},
             {"\x7f del", 5},
             {"\xc3\xa9t\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x98\x80", 15},
             {"\xef\xbf\xbf \xf4\x8f\xbf\xbf", 8}};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        json_t *j = json_stringn(v[i].s, v[i].n);
        assert_non_null(j);
        char *want = json_dumps(j, JSON_ENCODE_ANY);
        json_decref(j);
        for (int replace = 0; replace <= 1; replace++) {
            int bad = 1;
            char *got = quoted(v[i].s, v[i].n, replace, &bad);
            assert_string_equal(got, want);
            assert_int_equal(bad, 0);
            free(got);
        }
        free(want);
    }
}

/* RFC 3629's refusals, as jansson's: each refused byte is one U+FFFD. */
static void test_strings_refused(void **state)
{
    (void)state;
    const struct {
        const char *s, *replaced;
    } v[] = {{"a\xff" "b", "\"a\\uFFFDb\""},
             {"\xc0\xaf", "\"\\uFFFD\\uFFFD\""},                 /* overlong '/' */
             {"\xed\xa0\x80", "\"\\uFFFD\\uFFFD\\uFFFD\""},      /* a surrogate */
             {"\xf4\x90\x80\x80", "\"\\uFFFD\\uFFFD\\uFFFD\\uFFFD\""}, /* above U+10FFFF */
             {"x\xe6\x97", "\"x\\uFFFD\\uFFFD\""},               /* cut short */
             {"\x80\xc3\xa9", "\"\\uFFFD\xc3\xa9\""}};           /* stray continuation */
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        json_t *j = json_stringn(v[i].s, strlen(v[i].s));
        assert_null(j); /* jansson holds no such string */
        int bad = 0;
        char *got = quoted(v[i].s, strlen(v[i].s), 1, &bad);
        assert_string_equal(got, v[i].replaced);
        assert_int_equal(bad, 1);
        free(got);
        char out[64];
        bad = 0;
        assert_int_equal(grog_jsontext_quote(out, v[i].s, strlen(v[i].s), 0, &bad), 0);
        assert_int_equal(bad, 1);
    }
}

/* grog_jsonout_key_* give what grog_jsonout_key and the value give, which
 * is jansson's document. */
static void test_jsonout_members(void **state)
{
    (void)state;
    grog_jsonout *w = grog_jsonout_create(2, 10);
    assert_non_null(w);
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "s", "t\"x");
    grog_jsonout_key_string(w, "none", NULL);
    grog_jsonout_key_string_or_null(w, "empty", "");
    grog_jsonout_key_string_or_null(w, "full", "f");
    grog_jsonout_key_integer(w, "i", -42);
    grog_jsonout_key_real(w, "r", 1.0 / 3);
    grog_jsonout_key_real(w, "whole", 25);
    grog_jsonout_key_bool(w, "yes", 1);
    grog_jsonout_key_bool(w, "no", 0);
    grog_jsonout_object_close(w);
    assert_int_equal(grog_jsonout_status(w), GROG_OK);
    char *got = grog_jsonout_finish(w);
    assert_non_null(got);

    json_t *j = json_object();
    json_object_set_new(j, "s", json_string("t\"x"));
    json_object_set_new(j, "none", json_null());
    json_object_set_new(j, "empty", json_null());
    json_object_set_new(j, "full", json_string("f"));
    json_object_set_new(j, "i", json_integer(-42));
    json_object_set_new(j, "r", json_real(1.0 / 3));
    json_object_set_new(j, "whole", json_real(25));
    json_object_set_new(j, "yes", json_true());
    json_object_set_new(j, "no", json_false());
    char *want = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    json_decref(j);
    assert_string_equal(got, want);
    assert_string_equal(got, "{\n  \"s\": \"t\\\"x\",\n  \"none\": null,\n  \"empty\": null,\n"
                             "  \"full\": \"f\",\n  \"i\": -42,\n  \"r\": 0.3333333333,\n"
                             "  \"whole\": 25.0,\n  \"yes\": true,\n  \"no\": false\n}");
    free(want);
    free(got);

    /* a value jansson refuses: U+FFFD and null as grog_jsonout_string and
     * grog_jsonout_real write them, the document marked */
    w = grog_jsonout_create(0, 0);
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "bad", "a\xff");
    grog_jsonout_key_real(w, "nan", NAN);
    grog_jsonout_object_close(w);
    assert_int_equal(grog_jsonout_status(w), GROG_EINVAL);
    got = grog_jsonout_finish(w);
    assert_string_equal(got, "{\"bad\": \"a\\uFFFD\", \"nan\": null}");
    free(got);
}

/* A container nested deeper than GROG_JSONOUT_DEPTH is written as null and
 * nothing inside it is written (no key, no value, no bracket), so that the
 * text stays valid JSON; the document is marked. */
static void test_jsonout_too_deep(void **state)
{
    (void)state;
    grog_jsonout *w = grog_jsonout_create(0, 0);
    assert_non_null(w);
    int levels = GROG_JSONOUT_DEPTH + 6;
    for (int k = 1; k <= levels; k++) {
        grog_jsonout_array_open(w);
        grog_jsonout_integer(w, k);
    }
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "k", "v");
    grog_jsonout_object_close(w);
    for (int k = 1; k <= levels; k++)
        grog_jsonout_array_close(w);
    assert_int_equal(grog_jsonout_status(w), GROG_EINVAL);
    char *got = grog_jsonout_finish(w);
    assert_non_null(got);
    char want[1024];
    size_t n = 0;
    for (int k = 1; k <= GROG_JSONOUT_DEPTH; k++)
        n += (size_t)snprintf(want + n, sizeof want - n, "[%d, ", k);
    n += (size_t)snprintf(want + n, sizeof want - n, "null");
    for (int k = 1; k <= GROG_JSONOUT_DEPTH; k++)
        want[n++] = ']';
    want[n] = '\0';
    assert_string_equal(got, want);
    json_error_t e;
    json_t *j = json_loads(got, 0, &e);
    assert_non_null(j);
    json_decref(j);
    free(got);
}

/* grog_jsontext_key_*: the literal, then the value; a refused string marks
 * the text bad. */
static void test_jsontext_members(void **state)
{
    (void)state;
    grog_jsontext t = {NULL, 0, 0, 0};
    grog_jsontext_key_str(&t, "{\"id\":", "u\n1");
    grog_jsontext_key_str(&t, ",\"none\":", NULL);
    grog_jsontext_key_int(&t, ",\"n\":", LLONG_MIN);
    grog_jsontext_lit(&t, "}");
    assert_int_equal(t.bad, 0);
    assert_string_equal(t.s, "{\"id\":\"u\\n1\",\"none\":null,\"n\":-9223372036854775808}");
    assert_int_equal(t.len, strlen(t.s));
    size_t mark = t.len;
    grog_jsontext_key_str(&t, ",\"bad\":", "\xc3");
    assert_int_equal(t.bad, 1);
    grog_jsontext_cut(&t, mark);
    assert_string_equal(t.s, "{\"id\":\"u\\n1\",\"none\":null,\"n\":-9223372036854775808}");
    grog_jsontext_real(&t, INFINITY);
    assert_int_equal(t.bad, 1);
    grog_jsontext_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reals_as_jansson),   cmocka_unit_test(test_reals_by_hand),
        cmocka_unit_test(test_integers),           cmocka_unit_test(test_strings_as_jansson),
        cmocka_unit_test(test_strings_refused),    cmocka_unit_test(test_jsonout_members),
        cmocka_unit_test(test_jsonout_too_deep),  cmocka_unit_test(test_jsontext_members),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
