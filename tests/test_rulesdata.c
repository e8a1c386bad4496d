/* test_rulesdata.c — embedded data, JSON positions, typed readers. */
#include "jsonpos.h"
#include "rulesdata.h"
#include "testutil.h"

static const char *text =
    "{\n"
    "  \"family\": \"test\",\n"
    "  \"table\": {\n"
    "    \"target\": 6,\n"
    "    \"rows\": [ 1, {\"x\": true} ],\n"
    "    \"name\": \"é\", \"bad\": \"six\"\n"
    "  }\n"
    "}\n";

static void test_positions(void **state)
{
    (void)state;
    int line, col;
    assert_true(grog_jsonpos_find(text, "family", &line, &col));
    assert_int_equal(line, 2);
    assert_int_equal(col, 13);
    assert_true(grog_jsonpos_find(text, "table.target", &line, &col));
    assert_int_equal(line, 4);
    assert_int_equal(col, 15);
    assert_true(grog_jsonpos_find(text, "table.rows[1].x", &line, &col));
    assert_int_equal(line, 5);
    assert_int_equal(col, 24);
    assert_true(grog_jsonpos_find_key(text, "table.target", &line, &col));
    assert_int_equal(line, 4);
    assert_int_equal(col, 5);
    /* Columns count characters: "é" is one. */
    assert_true(grog_jsonpos_find(text, "table.bad", &line, &col));
    assert_int_equal(line, 6);
    assert_int_equal(col, 25);
    assert_true(grog_jsonpos_find(text, "", &line, &col));
    assert_int_equal(line, 1);
    assert_false(grog_jsonpos_find(text, "table.missing", &line, &col));
    assert_false(grog_jsonpos_find("{\"a\": [1, 2", "a[5]", &line, &col)); /* truncated */
}

static void test_readers(void **state)
{
    (void)state;
    grog_rulesdata d;
    grog_error err;
    assert_int_equal(grog_rulesdata_parse(text, "t.json", &d, &err), GROG_OK);
    json_t *table = NULL;
    assert_int_equal(grog_rulesdata_child(&d, d.root, "", "table", JSON_OBJECT, &table, &err),
                     GROG_OK);
    long v;
    assert_int_equal(grog_rulesdata_int(&d, table, "table", "target", 2, 12, &v, &err), GROG_OK);
    assert_int_equal(v, 6);
    assert_int_equal(grog_rulesdata_int(&d, table, "table", "target", 7, 12, &v, &err),
                     GROG_EFORMAT);
    assert_string_equal(err.message, "t.json:4:5: table.target: 6 is out of range 7..12");
    assert_int_equal(grog_rulesdata_int(&d, table, "table", "bad", 0, 9, &v, &err), GROG_EFORMAT);
    assert_string_equal(err.message, "t.json:6:18: table.bad: expected a whole number");
    assert_int_equal(grog_rulesdata_int(&d, table, "table", "nope", 0, 9, &v, &err),
                     GROG_EFORMAT);
    assert_string_equal(err.message, "t.json:3:3: table: missing \"nope\"");
    const char *s;
    assert_int_equal(grog_rulesdata_string(&d, d.root, "", "family", &s, &err), GROG_OK);
    assert_string_equal(s, "test");
    static const char *const keys[] = {"target", "rows", "name", NULL};
    assert_int_equal(grog_rulesdata_known_keys(&d, table, "table", keys, &err), GROG_EFORMAT);
    assert_string_equal(err.message, "t.json:6:18: table.bad: unknown key (a typo?)");
    grog_rulesdata_free(&d);
}

static void test_syntax_error_position(void **state)
{
    (void)state;
    grog_rulesdata d;
    grog_error err;
    assert_int_equal(grog_rulesdata_parse("{\n  \"a\": 1,\n  \"a\": 2\n}", "dup.json", &d, &err),
                     GROG_EFORMAT);
    assert_non_null(strstr(err.message, "dup.json:3:"));
    assert_int_equal(grog_rulesdata_parse("[1]", "arr.json", &d, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "arr.json:1:1: a rules file is one JSON object"));
    /* a UTF-8 byte-order mark is named (it was "'[' or '{' expected near" an
     * invisible character) */
    assert_int_equal(grog_rulesdata_parse("\xEF\xBB\xBF{}", "bom.json", &d, &err), GROG_EFORMAT);
    assert_string_equal(err.message, "bom.json:1:1: the file begins with a byte-order mark "
                                     "(U+FEFF): save it as UTF-8 without one");
}

static void test_embedded_and_files(void **state)
{
    (void)state;
    size_t len = 0;
    assert_non_null(grog_data_embedded("rules/gdb.json", &len));
    assert_true(len > 0);
    assert_null(grog_data_embedded("rules/none.json", NULL));
    assert_true(grog_data_count() >= 3);
    for (size_t i = 1; i < grog_data_count(); i++)
        assert_true(strcmp(grog_data_name(i - 1), grog_data_name(i)) < 0); /* sorted */
    grog_rulesdata d;
    grog_error err;
    assert_int_equal(grog_rulesdata_load("gdb", NULL, &d, &err), GROG_OK);
    assert_non_null(strstr(d.label, "(embedded)"));
    grog_rulesdata_free(&d);
    assert_int_equal(grog_rulesdata_load("nope", NULL, &d, &err), GROG_ENOTFOUND);
    assert_int_equal(grog_rulesdata_load("gdb", "/nonexistent/x.json", &d, &err),
                     GROG_ENOTFOUND);
    assert_non_null(strstr(err.message, "/nonexistent/x.json"));
    char path[] = "/tmp/grog-rulesdata-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("{\"family\": \"gdb\",\n \"x\": }", f);
    fclose(f);
    assert_int_equal(grog_rulesdata_load("gdb", path, &d, &err), GROG_EFORMAT);
    char want[128];
    snprintf(want, sizeof want, "%s:2:7:", path); /* the stray } */
    assert_non_null(strstr(err.message, want));
    remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_positions),
        cmocka_unit_test(test_readers),
        cmocka_unit_test(test_syntax_error_position),
        cmocka_unit_test(test_embedded_and_files),
    };
    return cmocka_run_group_tests_name("rulesdata", tests, NULL, NULL);
}
