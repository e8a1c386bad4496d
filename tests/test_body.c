/* test_body.c — a request's body gathered up to a limit (src/server/body.h),
 * the one helper the game's server and the organiser's read POSTs with:
 * pieces appended and NUL-terminated, exactly the limit taken, one byte
 * more refused (too large, and nothing kept beyond what came before), a
 * piece larger than the limit refused without overflowing the sum. */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pieces_up_to_the_limit),
        cmocka_unit_test(test_a_piece_past_the_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
