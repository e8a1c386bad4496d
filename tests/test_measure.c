/* test_measure.c — lengths and their units. */
#include "testutil.h"

static void test_conversions(void **state)
{
    (void)state;
    grog_scale s = grog_scale_default();
    assert_int_equal(s.figure_mm, 25);
    assert_float_equal(s.mm_per_pas, 1.0, 0);
    assert_float_equal(grog_length_to_mm(35, GROG_UNIT_CM, &s), 350, 1e-9);
    assert_float_equal(grog_length_to_mm(9, GROG_UNIT_IN, &s), 228.6, 1e-9);
    assert_float_equal(grog_length_to_mm(150, GROG_UNIT_PAS, &s), 150, 1e-9);
    s.mm_per_pas = 1.5;
    assert_float_equal(grog_length_to_mm(150, GROG_UNIT_PAS, &s), 225, 1e-9);
    assert_float_equal(grog_length_from_mm(225, GROG_UNIT_PAS, &s), 150, 1e-9);
    assert_float_equal(grog_length_from_mm(300, GROG_UNIT_CM, &s), 30, 1e-9);
    assert_float_equal(grog_length_from_mm(25.4, GROG_UNIT_IN, &s), 1, 1e-12);
}

static void test_scale_check(void **state)
{
    (void)state;
    grog_scale s = {15, 1.0};
    assert_int_equal(grog_scale_check(&s, NULL), GROG_OK);
    s.figure_mm = 28;
    grog_error err;
    assert_int_equal(grog_scale_check(&s, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "25 or 15"));
    s.figure_mm = 25;
    s.mm_per_pas = 0;
    assert_int_equal(grog_scale_check(&s, &err), GROG_EINVAL);
}

static void test_parse(void **state)
{
    (void)state;
    grog_scale s = grog_scale_default();
    double mm;
    assert_int_equal(grog_length_parse("35cm", GROG_UNIT_MM, &s, &mm, NULL), GROG_OK);
    assert_float_equal(mm, 350, 1e-9);
    assert_int_equal(grog_length_parse("9 in", GROG_UNIT_MM, &s, &mm, NULL), GROG_OK);
    assert_float_equal(mm, 228.6, 1e-9);
    assert_int_equal(grog_length_parse("150pas", GROG_UNIT_MM, &s, &mm, NULL), GROG_OK);
    assert_float_equal(mm, 150, 1e-9);
    assert_int_equal(grog_length_parse("12.5", GROG_UNIT_CM, &s, &mm, NULL), GROG_OK);
    assert_float_equal(mm, 125, 1e-9);
    assert_int_equal(grog_length_parse("0", GROG_UNIT_CM, &s, &mm, NULL), GROG_OK);
    assert_float_equal(mm, 0, 0);
    grog_error err;
    mm = -1;
    assert_int_equal(grog_length_parse("abc", GROG_UNIT_MM, &s, &mm, &err), GROG_EINVAL);
    assert_int_equal(grog_length_parse("-3cm", GROG_UNIT_MM, &s, &mm, &err), GROG_EINVAL);
    assert_int_equal(grog_length_parse("5 furlongs", GROG_UNIT_MM, &s, &mm, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "furlongs"));
    assert_float_equal(mm, -1, 0); /* unchanged on error */
}

static void test_unit_names(void **state)
{
    (void)state;
    grog_unit u;
    assert_int_equal(grog_unit_parse("inches", &u, NULL), GROG_OK);
    assert_int_equal(u, GROG_UNIT_IN);
    assert_string_equal(grog_unit_name(GROG_UNIT_PAS), "pas");
    assert_string_equal(grog_unit_name(GROG_UNIT_CM), "cm");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conversions),
        cmocka_unit_test(test_scale_check),
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_unit_names),
    };
    return cmocka_run_group_tests_name("measure", tests, NULL, NULL);
}
