/* test_body.c — a request's body gathered up to a limit (src/server/body.h),
 * the one helper the game's server and the organiser's read POSTs with:
 * pieces appended and NUL-terminated, exactly the limit taken, one byte
 * more refused (too large, and nothing kept beyond what came before), a
 * piece larger than the limit refused without overflowing the sum; and
 * the request callbacks' body phase (body_step): pieces taken for a
 * waiting POST, dropped for a GET or a refused request, the answer asked
 * for once, at the last call. */
#include <stdint.h>

#include "server/body.h"
#include "testutil.h"

static void test_pieces_up_to_the_limit(void **state)
{
    (void)state;
    req_body b = {NULL, 0, 0};
    assert_int_equal(body_take(&b, "{\"a\":", 5, 8), 0);
    assert_int_equal(body_take(&b, "12}", 3, 8), 0); /* 8 bytes: exactly the limit */
    assert_false(b.too_large);
    assert_int_equal(b.len, 8);
    assert_string_equal(b.text, "{\"a\":12}");
    assert_int_equal(body_take(&b, "x", 1, 8), 0); /* the 9th byte */
    assert_true(b.too_large);
    assert_int_equal(b.len, 8);
    assert_string_equal(b.text, "{\"a\":12}");
    assert_int_equal(body_take(&b, "", 0, 8), 0); /* once too large, it stays so */
    assert_true(b.too_large);
    body_free(&b);
    assert_null(b.text);
    assert_int_equal(b.len, 0);
    assert_false(b.too_large);
}

static void test_a_piece_past_the_limit(void **state)
{
    (void)state;
    req_body b = {NULL, 0, 0};
    char big[17] = "0123456789abcdef";
    assert_int_equal(body_take(&b, big, 16, 15), 0);
    assert_true(b.too_large);
    assert_null(b.text);
    body_free(&b);
    /* a length that would wrap the sum around is refused, not added */
    assert_int_equal(body_take(&b, "ab", 2, 4), 0);
    assert_int_equal(body_take(&b, big, SIZE_MAX, 4), 0);
    assert_true(b.too_large);
    assert_int_equal(b.len, 2);
    body_free(&b);
    /* nothing taken: an empty body, no text */
    assert_int_equal(body_take(&b, "", 0, 4), 0);
    assert_false(b.too_large);
    assert_int_equal(b.len, 0);
    assert_null(b.text);
    body_free(&b);
}

static void test_the_body_phase(void **state)
{
    (void)state;
    req_body b = {NULL, 0, 0};
    /* a POST whose headers passed: two pieces, then the last call answers once */
    int waiting = 1;
    size_t n = 3;
    assert_int_equal(body_step(&b, &waiting, 1, "{\"a", &n, 8), 0);
    assert_int_equal(n, 0);
    n = 4;
    assert_int_equal(body_step(&b, &waiting, 1, "\":1}", &n, 8), 0);
    assert_int_equal(n, 0);
    assert_int_equal(b.len, 7);
    assert_string_equal(b.text, "{\"a\":1}");
    assert_true(waiting);
    n = 0;
    assert_int_equal(body_step(&b, &waiting, 1, NULL, &n, 8), 1);
    assert_false(waiting);
    assert_int_equal(body_step(&b, &waiting, 1, NULL, &n, 8), 0); /* not twice */
    body_free(&b);
    /* a piece past the limit: kept reading, too large, answered (413) at the end */
    waiting = 1;
    n = 9;
    assert_int_equal(body_step(&b, &waiting, 1, "123456789", &n, 8), 0);
    assert_int_equal(n, 0);
    assert_true(b.too_large);
    assert_null(b.text);
    n = 0;
    assert_int_equal(body_step(&b, &waiting, 1, NULL, &n, 8), 1);
    body_free(&b);
    /* a GET's body is dropped unread, and the GET still answered */
    waiting = 1;
    n = 2;
    assert_int_equal(body_step(&b, &waiting, 0, "ab", &n, 8), 0);
    assert_int_equal(n, 0);
    assert_int_equal(b.len, 0);
    n = 0;
    assert_int_equal(body_step(&b, &waiting, 0, NULL, &n, 8), 1);
    /* a refused request (already answered): its body dropped, no second answer */
    waiting = 0;
    n = 2;
    assert_int_equal(body_step(&b, &waiting, 1, "ab", &n, 8), 0);
    assert_int_equal(n, 0);
    assert_null(b.text);
    n = 0;
    assert_int_equal(body_step(&b, &waiting, 1, NULL, &n, 8), 0);
    body_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pieces_up_to_the_limit),
        cmocka_unit_test(test_a_piece_past_the_limit),
        cmocka_unit_test(test_the_body_phase),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
