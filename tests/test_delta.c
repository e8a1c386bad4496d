/* test_delta.c — the line difference and the "lines" delta of RFC 3229
 * answers (src/server/delta.h, issue 29): hunks worked out by hand for small
 * texts (empty, identical, an insertion at the start or the end, all
 * deleted, many scattered changes, Myers' own example), the cap on edits at
 * its boundary, the body's JSON, and applying the body giving the new text
 * byte for byte; then random texts whose fewest edits a plain LCS table
 * counts, a large text first cut at its unique lines, and malformed bodies
 * refused. */
#include "server/delta.h"
#include "testutil.h"

typedef struct diffed {
    int rc;
    delta_hunk *h;
    size_t n;
} diffed;

static diffed diff(const char *a, const char *b, size_t max)
{
    diffed d = {0, NULL, 0};
    d.rc = delta_diff(a, strlen(a), b, strlen(b), max, &d.h, &d.n);
    return d;
}

/* The body of a's delta to b, applied to a, gives b exactly; returns the
 * body (for the caller to check and free). */
static char *round_trip(const char *a, const char *b, const diffed *d)
{
    char *body = delta_body("\"e0\"", "\"e1\"", b, strlen(b), d->h, d->n);
    assert_non_null(body);
    size_t len = 0;
    char *got = delta_apply(a, strlen(a), body, &len);
    assert_non_null(got);
    assert_int_equal(len, strlen(b));
    assert_memory_equal(got, b, len);
    free(got);
    return body;
}

static void expect_hunk(const diffed *d, size_t i, size_t start, size_t deleted, size_t from,
                        size_t inserted)
{
    assert_true(i < d->n);
    assert_int_equal(d->h[i].start, start);
    assert_int_equal(d->h[i].deleted, deleted);
    assert_int_equal(d->h[i].from, from);
    assert_int_equal(d->h[i].inserted, inserted);
}

/* The body without its base and etag: the lines and hunks. */
static void expect_body(const char *a, const char *b, const diffed *d, const char *want)
{
    char *body = round_trip(a, b, d);
    const char *rest = strstr(body, "\"lines\"");
    assert_non_null(rest);
    assert_string_equal(rest, want);
    free(body);
}

/* a's difference to b, within a cap of 10 edits, is the one hunk (start,
 * deleted, from, inserted), and its body (past base and etag) is want. */
static void expect_one_hunk(const char *a, const char *b, size_t start, size_t deleted, size_t from,
                            size_t inserted, const char *want)
{
    diffed d = diff(a, b, 10);
    assert_int_equal(d.rc, DELTA_OK);
    assert_int_equal(d.n, 1);
    expect_hunk(&d, 0, start, deleted, from, inserted);
    expect_body(a, b, &d, want);
    free(d.h);
}

/* How many lines d's hunks take out and put in. */
static size_t edits_of(const diffed *d)
{
    size_t edits = 0;
    for (size_t i = 0; i < d->n; i++)
        edits += d->h[i].deleted + d->h[i].inserted;
    return edits;
}

static void test_empty_and_identical(void **state)
{
    (void)state;
    diffed d = diff("", "", 10);
    assert_int_equal(d.rc, DELTA_OK);
    assert_int_equal(d.n, 0);
    assert_null(d.h);
    expect_body("", "", &d, "\"lines\":1,\"hunks\":[]}"); /* the empty text: one empty line */
    d = diff("a\nb\n", "a\nb\n", 0); /* no edit: within a cap of 0 */
    assert_int_equal(d.rc, DELTA_OK);
    assert_int_equal(d.n, 0);
    expect_body("a\nb\n", "a\nb\n", &d, "\"lines\":3,\"hunks\":[]}");
    char *body = delta_body("\"x\"", "\"y\"", "z", 1, NULL, 0);
    assert_string_equal(body, "{\"base\":\"\\\"x\\\"\",\"etag\":\"\\\"y\\\"\",\"lines\":1,\"hunks\":[]}");
    free(body);
}

static void test_insert_at_start_and_end(void **state)
{
    (void)state;
    expect_one_hunk("b\nc", "a\nb\nc", 0, 0, 0, 1, "\"lines\":3,\"hunks\":[[0,0,[\"a\"]]]}");
    expect_one_hunk("a\nb", "a\nb\nc", 2, 0, 2, 1, "\"lines\":3,\"hunks\":[[2,0,[\"c\"]]]}");
    /* ending with '\n': the last line is the empty one, kept */
    expect_one_hunk("a\nb\n", "a\nb\nc\n", 2, 0, 2, 1,
                    "\"lines\":4,\"hunks\":[[2,0,[\"c\"]]]}");
    /* the empty text to some: its one empty line replaced */
    expect_one_hunk("", "x\ny", 0, 1, 0, 2, "\"lines\":2,\"hunks\":[[0,1,[\"x\",\"y\"]]]}");
}

static void test_delete_all(void **state)
{
    (void)state;
    /* 3 lines out, the empty line in: 4 edits */
    expect_one_hunk("a\nb\nc", "", 0, 3, 0, 1, "\"lines\":1,\"hunks\":[[0,3,[\"\"]]]}");
    assert_int_equal(diff("a\nb\nc", "", 3).rc, DELTA_TOO_MANY);
    /* the last, empty, line stays */
    expect_one_hunk("a\nb\n", "", 0, 2, 0, 0, "\"lines\":1,\"hunks\":[[0,2,[]]]}");
}

/* Twenty lines: 2 changed, 7 and 8 changed, 11 deleted, 15 changed, one
 * added at the end: 5 hunks, 10 edits (a changed line: out and in). */
static void test_scattered_changes_and_the_cap(void **state)
{
    (void)state;
    char a[512] = "", b[512] = "", line[32];
    for (int i = 0; i < 20; i++) {
        snprintf(line, sizeof line, "line %d\n", i);
        strcat(a, line);
        if (i == 11)
            continue;
        if (i == 2 || i == 7 || i == 8 || i == 15)
            snprintf(line, sizeof line, "X%d\n", i);
        strcat(b, line);
    }
    strcat(b, "end\n");
    diffed d = diff(a, b, 10);
    assert_int_equal(d.rc, DELTA_OK);
    assert_int_equal(d.n, 5);
    expect_hunk(&d, 0, 2, 1, 2, 1);
    expect_hunk(&d, 1, 7, 2, 7, 2);
    expect_hunk(&d, 2, 11, 1, 11, 0);
    expect_hunk(&d, 3, 15, 1, 14, 1);
    expect_hunk(&d, 4, 20, 0, 19, 1);
    expect_body(a, b, &d,
                "\"lines\":21,\"hunks\":[[2,1,[\"X2\"]],[7,2,[\"X7\",\"X8\"]],[11,1,[]],"
                "[15,1,[\"X15\"]],[20,0,[\"end\"]]]}");
    free(d.h);
    d = diff(a, b, 9); /* one edit short */
    assert_int_equal(d.rc, DELTA_TOO_MANY);
    assert_null(d.h);
    assert_int_equal(d.n, 0);
}

/* Myers' example, a line per letter: ABCABBA to CBABAC in 5 edits. */
static void test_myers_example(void **state)
{
    (void)state;
    const char *a = "A\nB\nC\nA\nB\nB\nA", *b = "C\nB\nA\nB\nA\nC";
    diffed d = diff(a, b, 5);
    assert_int_equal(d.rc, DELTA_OK);
    size_t edits = 0;
    for (size_t i = 0; i < d.n; i++) {
        edits += d.h[i].deleted + d.h[i].inserted;
        if (i > 0) /* in order, with an unchanged line between */
            assert_true(d.h[i].start > d.h[i - 1].start + d.h[i - 1].deleted);
    }
    assert_int_equal(edits, 5);
    free(round_trip(a, b, &d));
    free(d.h);
    assert_int_equal(diff(a, b, 4).rc, DELTA_TOO_MANY);
}

/* The fewest edits between two line arrays, by the plain LCS table. */
static size_t fewest(const int *a, size_t n, const int *b, size_t m)
{
    size_t *t = calloc((n + 1) * (m + 1), sizeof *t);
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            size_t up = t[(i - 1) * (m + 1) + j], left = t[i * (m + 1) + j - 1];
            t[i * (m + 1) + j] = a[i - 1] == b[j - 1] ? t[(i - 1) * (m + 1) + j - 1] + 1
                                 : up > left          ? up
                                                      : left;
        }
    size_t lcs = t[n * (m + 1) + m];
    free(t);
    return n + m - 2 * lcs;
}

static size_t text_of(const int *v, size_t n, char *out)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i++)
        len += (size_t)sprintf(out + len, i + 1 < n ? "l%d\n" : "l%d", v[i]);
    out[len] = '\0';
    return len;
}

/* 300 pairs of texts from a seeded stream, lines from a small alphabet so
 * that many are alike: the hunks give the new text and use the fewest
 * edits; a cap one below them is refused. */
static void test_random_texts_fewest_edits(void **state)
{
    (void)state;
    grog_rng *rng = grog_rng_create(29);
    assert_non_null(rng);
    int a[40], b[40];
    char ta[400], tb[400];
    for (int round = 0; round < 300; round++) {
        size_t n = (size_t)grog_rng_range(rng, 0, 39) + 1, m = (size_t)grog_rng_range(rng, 0, 39) + 1;
        for (size_t i = 0; i < n; i++)
            a[i] = (int)grog_rng_range(rng, 0, 4);
        for (size_t j = 0; j < m; j++) /* b: a with some lines changed, or anew */
            b[j] = j < n && grog_rng_range(rng, 0, 2) != 0 ? a[j] : (int)grog_rng_range(rng, 0, 4);
        text_of(a, n, ta);
        text_of(b, m, tb);
        size_t want = fewest(a, n, b, m);
        diffed d = diff(ta, tb, 1000);
        assert_int_equal(d.rc, DELTA_OK);
        size_t edits = edits_of(&d);
        assert_int_equal(edits, want);
        free(round_trip(ta, tb, &d));
        free(d.h);
        if (want > 0)
            assert_int_equal(diff(ta, tb, want - 1).rc, DELTA_TOO_MANY);
    }
    grog_rng_destroy(rng);
}

/* A record of 4 lines, as the game document's pieces: "{", its id, its x
 * (both found once in the text), "},". */
static size_t records(char *out, int from, int to, int skip_from, int skip_to, int changed)
{
    size_t len = 0;
    for (int i = from; i < to; i++) {
        if (i >= skip_from && i < skip_to)
            continue;
        len += (size_t)sprintf(out + len, "{\n  \"id\": \"u%d\",\n  \"x\": %d,\n},\n", i,
                               i == changed ? 9999 : i);
    }
    return len;
}

/* 5,000 lines of like records (over the 2,048 above which the texts are
 * first matched at the lines found once in each): 100 records taken out
 * (400 lines) and one x changed: two hunks, 402 edits, the cap at its
 * boundary. */
static void test_large_text_cut_at_unique_lines(void **state)
{
    (void)state;
    char *a = malloc(200000), *b = malloc(200000);
    assert_non_null(a);
    assert_non_null(b);
    records(a, 0, 1250, -1, -1, -1);
    records(b, 0, 1250, 500, 600, 1000);
    diffed d = diff(a, b, 402);
    assert_int_equal(d.rc, DELTA_OK);
    assert_int_equal(d.n, 2);
    /* old lines 2000 and 2001: record 500's "{" and id; "{" is kept (the
     * same bytes as record 600's), the 400 lines from its id go */
    expect_hunk(&d, 0, 2001, 400, 2001, 0);
    expect_hunk(&d, 1, 4002, 1, 3602, 1); /* record 1000's x */
    char *body = round_trip(a, b, &d);
    assert_non_null(strstr(body, "\"lines\":4601,\"hunks\":[[2001,400,[]],[4002,1,[\"  \\\"x\\\": 9999,\"]]]}"));
    free(body);
    free(d.h);
    assert_int_equal(diff(a, b, 401).rc, DELTA_TOO_MANY);
    free(a);
    free(b);
}

/* Large random texts (2,200 lines each, many found once, some often): cut at
 * their unique lines, the hunks still make the new text exactly, and never
 * use more edits than the lines that differ in place would. */
static void test_large_random_texts(void **state)
{
    (void)state;
    grog_rng *rng = grog_rng_create(2912);
    enum { N = 2200 };
    int *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
    char *ta = malloc(N * 8), *tb = malloc(N * 8);
    for (int round = 0; round < 20; round++) {
        size_t changed = 0;
        for (size_t i = 0; i < N; i++) {
            a[i] = grog_rng_range(rng, 0, 3) == 0 ? (int)grog_rng_range(rng, 0, 9)
                                                  : (int)grog_rng_range(rng, 10, 99999);
            b[i] = grog_rng_range(rng, 0, 49) == 0 ? (int)grog_rng_range(rng, 0, 99999) : a[i];
            changed += a[i] != b[i];
        }
        text_of(a, N, ta);
        text_of(b, N, tb);
        diffed d = diff(ta, tb, 2 * N);
        assert_int_equal(d.rc, DELTA_OK);
        size_t edits = edits_of(&d);
        assert_true(edits <= 2 * changed);
        assert_true(edits >= fewest(a, N, b, N));
        free(round_trip(ta, tb, &d));
        free(d.h);
    }
    free(a);
    free(b);
    free(ta);
    free(tb);
    grog_rng_destroy(rng);
}

static void test_bad_bodies_refused(void **state)
{
    (void)state;
    size_t len = 0;
    const char *old = "a\nb\nc";
    const char *bad[] = {
        "",                                             /* not JSON */
        "{\"lines\":3}",                                /* no hunks */
        "{\"lines\":3,\"hunks\":[[3,1,[]]]}",           /* past the end */
        "{\"lines\":3,\"hunks\":[[1,1,[\"x\"]],[0,1,[\"y\"]]]}", /* out of order */
        "{\"lines\":4,\"hunks\":[[1,1,[\"x\"]]]}",      /* not the count of lines */
        "{\"lines\":3,\"hunks\":[[1,-1,[\"x\"]]]}",     /* a negative count */
        "{\"lines\":3,\"hunks\":[[1,1,[7]]]}",          /* a line that is no string */
        "{\"lines\":2,\"hunks\":[[0,9223372036854775807,[\"x\"]]]}", /* huge */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_null(delta_apply(old, strlen(old), bad[i], &len));
    char *ok = delta_apply(old, strlen(old), "{\"lines\":3,\"hunks\":[[1,1,[\"x\"]]]}", &len);
    assert_string_equal(ok, "a\nx\nc");
    free(ok);
    /* a line that is not UTF-8 has no JSON string: no body (the whole document goes) */
    delta_hunk h = {0, 1, 0, 1};
    assert_null(delta_body("\"a\"", "\"b\"", "\xff\xfe", 2, &h, 1));
    /* a hunk putting in a line the text has not: no body */
    delta_hunk beyond = {0, 1, 1, 1}, last = {0, 1, 1, 1};
    assert_null(delta_body("\"a\"", "\"b\"", "a", 1, &beyond, 1));
    char *fits = delta_body("\"a\"", "\"b\"", "a\n", 2, &last, 1); /* its last line, empty */
    assert_non_null(fits);
    assert_non_null(strstr(fits, "\"lines\":2,\"hunks\":[[0,1,[\"\"]]]"));
    free(fits);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_and_identical),
        cmocka_unit_test(test_insert_at_start_and_end),
        cmocka_unit_test(test_delete_all),
        cmocka_unit_test(test_scattered_changes_and_the_cap),
        cmocka_unit_test(test_myers_example),
        cmocka_unit_test(test_random_texts_fewest_edits),
        cmocka_unit_test(test_large_text_cut_at_unique_lines),
        cmocka_unit_test(test_large_random_texts),
        cmocka_unit_test(test_bad_bodies_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
