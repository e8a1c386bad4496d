/* test_web.c — the table page (web/) embedded in the binary, as grognard serve finds it.
 *
 * The page's files are stored as "web/PATH" beside the data files (tools/embed.c); the
 * server answers GET /static/PATH with "web/PATH". These tests check that the page is
 * whole: every file the HTML names and every module a module imports is embedded, so a
 * page that works from the source tree cannot break once compiled in. */
#include <string.h>

#include "grognard/data.h"
#include "grognard/scenario.h"
#include "testutil.h"

static void test_index_is_embedded(void **state)
{
    (void)state;
    size_t len = 0;
    const char *html = grog_data_embedded("web/index.html", &len);
    assert_non_null(html);
    assert_int_equal(strlen(html), len);
    assert_non_null(strstr(html, "<!doctype html>"));
    assert_null(grog_data_embedded("index.html", NULL)); /* stored under web/ only */
    assert_null(grog_data_embedded("web/", NULL));
    assert_null(grog_data_embedded("web/../rules/gdb.json", NULL));
}

/* Checks that every "/static/X" the text names is embedded as web/X. Returns how many. */
static int check_static_refs(const char *name, const char *text)
{
    int n = 0;
    for (const char *p = strstr(text, "\"/static/"); p != NULL; p = strstr(p + 1, "\"/static/")) {
        const char *start = p + strlen("\"/static/");
        const char *end = strchr(start, '"');
        assert_non_null(end);
        char path[256];
        assert_true((size_t)(end - start) + 5 < sizeof path);
        snprintf(path, sizeof path, "web/%.*s", (int)(end - start), start);
        if (grog_data_embedded(path, NULL) == NULL)
            fail_msg("%s names %s, which is not embedded", name, path);
        n++;
    }
    return n;
}

/* Checks every "from './X'" of a module under web/js/. Returns how many. */
static int check_imports(const char *name, const char *text)
{
    int n = 0;
    for (const char *p = strstr(text, "from './"); p != NULL; p = strstr(p + 1, "from './")) {
        const char *start = p + strlen("from './");
        const char *end = strchr(start, '\'');
        assert_non_null(end);
        char path[256];
        const char *slash = strrchr(name, '/');
        assert_non_null(slash);
        snprintf(path, sizeof path, "%.*s/%.*s", (int)(slash - name), name, (int)(end - start), start);
        if (grog_data_embedded(path, NULL) == NULL)
            fail_msg("%s imports %s, which is not embedded", name, path);
        n++;
    }
    return n;
}

static void test_every_reference_is_embedded(void **state)
{
    (void)state;
    int refs = 0, imports = 0, modules = 0;
    for (size_t i = 0; i < grog_data_count(); i++) {
        const char *name = grog_data_name(i);
        if (strncmp(name, "web/", 4) != 0)
            continue;
        const char *text = grog_data_embedded(name, NULL);
        const char *ext = strrchr(name, '.');
        if (ext != NULL && strcmp(ext, ".html") == 0)
            refs += check_static_refs(name, text);
        if (ext != NULL && strcmp(ext, ".js") == 0) {
            modules++;
            imports += check_imports(name, text);
        }
    }
    assert_true(refs >= 3);    /* the style sheet, the icon, the main module */
    assert_true(modules >= 5); /* app, api, map, record, i18n at least */
    assert_true(imports >= modules - 1);
}

static void test_page_files_do_not_count_as_scenarios(void **state)
{
    (void)state;
    for (size_t i = 0; i < grog_scenario_embedded_count(); i++)
        assert_int_equal(strncmp(grog_scenario_embedded_name(i), "scenarios/", 10), 0);
    /* sorted, with the page's files after the data's */
    for (size_t i = 1; i < grog_data_count(); i++)
        assert_true(strcmp(grog_data_name(i - 1), grog_data_name(i)) < 0);
    assert_int_equal(strncmp(grog_data_name(grog_data_count() - 1), "web/", 4), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_index_is_embedded),
        cmocka_unit_test(test_every_reference_is_embedded),
        cmocka_unit_test(test_page_files_do_not_count_as_scenarios),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
