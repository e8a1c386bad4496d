/* test_jsonout.c — jsonout.h writes the same bytes as jansson's json_dumps
 * (JSON_INDENT(n) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(p)).
 *
 * Every document is built twice, as jansson objects and through the writer,
 * by the same calls (the `both` helpers below), and the two texts compared:
 * tricky strings (quotes, backslashes, every control character, non-ASCII
 * UTF-8, '/', DEL), reals (0.1, 1e-7, 1e21, -0.0, integral values, the
 * edges of %.10g), integers (LLONG_MIN and MAX), nesting and empty
 * containers, at indents 0, 2 and 4 and precisions 10 and 17; then a few
 * thousand reals drawn from the generator's bits. A few outputs are also
 * written out by hand, so that the test does not only trust jansson. */
#include <jansson.h>
#include <limits.h>
#include <math.h>

#include "grognard/jsonout.h"
#include "grognard/rng.h"
#include "testutil.h"

/* One document built both ways. */
typedef struct both {
    json_t *stack[16];
    const char *key; /* pending key of the next value in an object */
    int depth;
    json_t *root;
    grog_jsonout *w;
} both;

static void add(both *b, json_t *v)
{
    if (b->depth == 0) {
        b->root = v;
        return;
    }
    json_t *top = b->stack[b->depth - 1];
    if (json_is_object(top))
        json_object_set_new(top, b->key, v);
    else
        json_array_append_new(top, v);
}

static void b_open(both *b, int object)
{
    json_t *v = object ? json_object() : json_array();
    add(b, v);
    b->stack[b->depth++] = v;
    if (object)
        grog_jsonout_object_open(b->w);
    else
        grog_jsonout_array_open(b->w);
}

static void b_close(both *b)
{
    json_t *top = b->stack[--b->depth];
    if (json_is_object(top))
        grog_jsonout_object_close(b->w);
    else
        grog_jsonout_array_close(b->w);
}

static void b_key(both *b, const char *k)
{
    b->key = k;
    grog_jsonout_key(b->w, k);
}

static void b_str(both *b, const char *s)
{
    add(b, json_string(s));
    grog_jsonout_string(b->w, s);
}

static void b_strn(both *b, const char *s, size_t n)
{
    add(b, json_stringn(s, n));
    grog_jsonout_string_n(b->w, s, n);
}

static void b_real(both *b, double v)
{
    add(b, json_real(v));
    grog_jsonout_real(b->w, v);
}

static void b_int(both *b, long long v)
{
    add(b, json_integer(v));
    grog_jsonout_integer(b->w, v);
}

static void b_bool(both *b, int v)
{
    add(b, json_boolean(v));
    grog_jsonout_bool(b->w, v);
}

static void b_null(both *b)
{
    add(b, json_null());
    grog_jsonout_null(b->w);
}

static both b_start(int indent, int precision)
{
    both b = {.depth = 0};
    b.w = grog_jsonout_create(indent, precision);
    assert_non_null(b.w);
    return b;
}

/* Both texts, compared; the writer's returned (caller frees). */
static char *b_compare(both *b, int indent, int precision)
{
    assert_int_equal(b->depth, 0);
    size_t flags = JSON_INDENT(indent) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(precision) |
                   JSON_ENCODE_ANY;
    char *want = json_dumps(b->root, flags);
    assert_non_null(want);
    assert_int_equal(grog_jsonout_status(b->w), GROG_OK);
    char *got = grog_jsonout_finish(b->w);
    assert_non_null(got);
    assert_string_equal(got, want);
    free(want);
    json_decref(b->root);
    return got;
}

static const double tricky_reals[] = {
    0.0, 1.0, -1.0, 0.1, 0.2, 0.3, 1e-7, 1.5e-7, 1e-5, 1e-4, 0.001, 123.456, -123.456,
    1e9, 999999999.0, 9999999999.0, 1e10, 12345678901.0, 1e15, 1e16, 1e21, 1e22, 1e100,
    -1e-300, 5e-324, 1.7976931348623157e308, 2.5, 0.5, 1.0 / 3.0, 2.0 / 3.0, 100.0,
    25.4, 6.35, 1234567.891, 0.000123456789012, 3.14159265358979, 4503599627370496.0,
    9007199254740993.0, -2147483648.0, 4294967296.0, 1e-10, 123456789.5,
};

/* Strings with every escape jansson makes and every byte it does not. */
static void tricky_strings(both *b)
{
    b_str(b, "");
    b_str(b, "plain");
    b_str(b, "quote \" and backslash \\ and slash /");
    b_str(b, "\b\f\n\r\t");
    b_str(b, "Ney's \"Bravest of the brave\"\\n");
    b_str(b, "Grande Armée — 1er corps, maréchal Davout");
    b_str(b, "Кутузов, Бородино");
    b_str(b, "€ ✓ 🦅 U+10FFFF:\xF4\x8F\xBF\xBF");
    b_str(b, "DEL:\x7F C1:\xC2\x80\xC2\x9F");
    char all[32];
    for (int c = 1; c < 32; c++)
        all[c - 1] = (char)c;
    all[31] = '\0';
    b_str(b, all);
    b_strn(b, "nul\0inside", 10);
}

static void tricky_document(both *b)
{
    b_open(b, 1);
    b_key(b, "strings");
    b_open(b, 0);
    tricky_strings(b);
    b_close(b);
    b_key(b, "key \"quoted\"\n\\é");
    b_str(b, "value");
    b_key(b, "reals");
    b_open(b, 0);
    for (size_t i = 0; i < sizeof tricky_reals / sizeof tricky_reals[0]; i++) {
        b_real(b, tricky_reals[i]);
        b_real(b, -tricky_reals[i]);
    }
    b_close(b);
    b_key(b, "integers");
    b_open(b, 0);
    static const long long ints[] = {0, 1, -1, 9, 10, 2147483647, -2147483648LL,
                                     1234567890123456789LL, LLONG_MAX, LLONG_MIN};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
        b_int(b, ints[i]);
    b_close(b);
    b_key(b, "empty_object");
    b_open(b, 1);
    b_close(b);
    b_key(b, "empty_array");
    b_open(b, 0);
    b_close(b);
    b_key(b, "nested");
    b_open(b, 0);
    b_open(b, 1);
    b_key(b, "a");
    b_open(b, 0);
    b_open(b, 0);
    b_close(b);
    b_bool(b, 1);
    b_bool(b, 0);
    b_null(b);
    b_close(b);
    b_close(b);
    b_open(b, 1);
    b_close(b);
    b_close(b);
    b_key(b, "last");
    b_null(b);
    b_close(b);
}

static void test_tricky_document_as_jansson(void **state)
{
    (void)state;
    static const int indents[] = {0, 2, 4};
    static const int precisions[] = {10, 17};
    for (size_t i = 0; i < 3; i++)
        for (size_t p = 0; p < 2; p++) {
            both b = b_start(indents[i], precisions[p]);
            tricky_document(&b);
            free(b_compare(&b, indents[i], precisions[p]));
        }
}

/* Reals from random bit patterns (every exponent) and from random values
 * in the ranges battles use, one per line. */
static void test_random_reals_as_jansson(void **state)
{
    (void)state;
    grog_rng *r = grog_rng_create(7);
    assert_non_null(r);
    both b = b_start(2, 10);
    b_open(&b, 0);
    int n = 0;
    while (n < 4000) {
        uint64_t bits = grog_rng_next(r);
        double v;
        if (n % 2 == 0) {
            memcpy(&v, &bits, sizeof v);
            if (!isfinite(v))
                continue;
        } else {
            v = (double)(int64_t)(bits >> 20) / 4096.0 - 1e6; /* mm with fractions */
        }
        b_real(&b, v);
        n++;
    }
    b_close(&b);
    free(b_compare(&b, 2, 10));
    grog_rng_destroy(r);
}

/* A few texts worked out by hand from the rules in jsonout.h. */
static void test_by_hand(void **state)
{
    (void)state;
    grog_jsonout *w = grog_jsonout_create(2, 10);
    grog_jsonout_object_open(w);
    grog_jsonout_key(w, "r");
    grog_jsonout_array_open(w);
    grog_jsonout_real(w, 0.1);
    grog_jsonout_real(w, 1e-7);
    grog_jsonout_real(w, 100);
    grog_jsonout_real(w, -0.0);
    grog_jsonout_real(w, 1e21);
    grog_jsonout_real(w, 1.0 / 3.0);
    grog_jsonout_array_close(w);
    grog_jsonout_key(w, "s");
    grog_jsonout_string(w, "a\"b\\c\x01\x1f\xC3\xA9/");
    grog_jsonout_key(w, "e");
    grog_jsonout_array_open(w);
    grog_jsonout_array_close(w);
    grog_jsonout_object_close(w);
    char *s = grog_jsonout_finish(w);
    assert_string_equal(s, "{\n  \"r\": [\n    0.1,\n    1e-7,\n    100.0,\n    -0.0,\n"
                           "    1e21,\n    0.3333333333\n  ],\n"
                           "  \"s\": \"a\\\"b\\\\c\\u0001\\u001F\xC3\xA9/\",\n  \"e\": []\n}");
    free(s);
    w = grog_jsonout_create(0, 10);
    grog_jsonout_array_open(w);
    grog_jsonout_integer(w, 1);
    grog_jsonout_object_open(w);
    grog_jsonout_key(w, "k");
    grog_jsonout_bool(w, 1);
    grog_jsonout_key(w, "n");
    grog_jsonout_string_or_null(w, "");
    grog_jsonout_object_close(w);
    grog_jsonout_array_close(w);
    s = grog_jsonout_finish(w);
    assert_string_equal(s, "[1, {\"k\": true, \"n\": null}]");
    free(s);
}

/* What jansson refuses is written as null (or U+FFFD) and marks the
 * document bad, its text still valid JSON; a misplaced key or close, or a
 * container left open, gives no text at all. */
static void test_refused(void **state)
{
    (void)state;
    grog_jsonout *w = grog_jsonout_create(2, 10);
    grog_jsonout_array_open(w);
    grog_jsonout_real(w, NAN);
    grog_jsonout_real(w, INFINITY);
    grog_jsonout_array_close(w);
    assert_int_equal(grog_jsonout_status(w), GROG_EINVAL);
    char *s = grog_jsonout_finish(w);
    assert_string_equal(s, "[\n  null,\n  null\n]");
    free(s);
    w = grog_jsonout_create(2, 10);
    grog_jsonout_string(w, "Latin-1 \xE9t\xE9");
    assert_int_equal(grog_jsonout_status(w), GROG_EINVAL);
    s = grog_jsonout_finish(w);
    assert_string_equal(s, "\"Latin-1 \\uFFFDt\\uFFFD\"");
    free(s);
    w = grog_jsonout_create(2, 10);
    grog_jsonout_string(w, "surrogate \xED\xA0\x80");
    assert_int_equal(grog_jsonout_status(w), GROG_EINVAL);
    grog_jsonout_destroy(w);
    w = grog_jsonout_create(2, 10);
    grog_jsonout_array_open(w);
    grog_jsonout_key(w, "a key in an array");
    assert_int_equal(grog_jsonout_status(w), GROG_EINVAL);
    grog_jsonout_array_close(w);
    assert_null(grog_jsonout_finish(w));
    w = grog_jsonout_create(2, 10);
    grog_jsonout_object_open(w);
    grog_jsonout_array_close(w); /* not the container that is open */
    assert_null(grog_jsonout_finish(w));
    w = grog_jsonout_create(2, 10);
    grog_jsonout_object_open(w);
    assert_null(grog_jsonout_finish(w)); /* never closed */
    assert_null(grog_jsonout_create(-1, 10));
    assert_null(grog_jsonout_create(2, 18));
}

/* Taken in pieces (after every few values), the text is the same as
 * jansson's of the whole document. */
static void test_take_in_pieces(void **state)
{
    (void)state;
    both b = b_start(2, 10);
    size_t cap = 1 << 20, at = 0, len;
    char *got = malloc(cap);
    assert_non_null(got);
    b_open(&b, 1);
    for (int i = 0; i < 500; i++) {
        char key[16];
        snprintf(key, sizeof key, "k%d", i);
        b_key(&b, key);
        b_open(&b, 0);
        b_real(&b, i / 7.0);
        b_str(&b, "\"x\n");
        b_close(&b);
        if (i % 3 == 0) {
            const char *piece = grog_jsonout_take(b.w, &len);
            memcpy(got + at, piece, len);
            at += len;
            assert_int_equal(grog_jsonout_length(b.w), 0);
        }
    }
    b_close(&b);
    const char *piece = grog_jsonout_take(b.w, &len);
    memcpy(got + at, piece, len);
    got[at + len] = '\0';
    char *want = json_dumps(b.root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    assert_string_equal(got, want);
    free(want);
    free(got);
    json_decref(b.root);
    grog_jsonout_destroy(b.w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tricky_document_as_jansson),
        cmocka_unit_test(test_random_reals_as_jansson),
        cmocka_unit_test(test_by_hand),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_take_in_pieces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
