/* test_aigles_formations.c — Les Aigles formations and change times
 * (AIG-F-01..31): every cell of both tables of AIG-F-26 through the
 * calculator, the quickest chains, every refusal with its rule, the
 * additions, the small computations, the loader and the CLI.
 * Every expected value is worked out by hand from
 * shared/spec/aigles-formations.md, in half-périodes. */
#include "testutil.h"

#include <unistd.h>

#include "grognard/aigles_formation.h"

/* ---- helpers ---- */

typedef struct res {
    int code;
    int value;   /* the record's value when code is 0 */
    json_t *j;   /* the record, when code is 0 */
    char *err;   /* stderr */
} res;

/* Runs `grognard calc aigles-formation ARGS... --json` (args NULL-ended). */
static res calc_argv(const char *const *args)
{
    char *argv[64];
    int argc = 0;
    argv[argc++] = (char *)"grognard";
    argv[argc++] = (char *)"calc";
    argv[argc++] = (char *)"aigles-formation";
    for (int i = 0; args[i] != NULL && argc < 62; i++)
        argv[argc++] = (char *)args[i];
    argv[argc++] = (char *)"--json";
    argv[argc] = NULL;
    res r = {0, -1, NULL, NULL};
    char *out = NULL;
    size_t no, ne;
    FILE *fo = open_memstream(&out, &no);
    FILE *fe = open_memstream(&r.err, &ne);
    r.code = grog_cli_main(argc, argv, fo, fe);
    fclose(fo);
    fclose(fe);
    if (r.code == 0) {
        json_error_t jerr;
        r.j = json_loads(out, 0, &jerr);
        if (r.j == NULL)
            fail_msg("not JSON: %s\n%s", jerr.text, out);
        r.value = (int)json_real_value(json_object_get(r.j, "value"));
    }
    free(out);
    return r;
}

#define CALC(...) calc_argv((const char *const[]){__VA_ARGS__, NULL})

static void res_free(res *r)
{
    json_decref(r->j);
    free(r->err);
}

/* A time that must succeed. */
#define ASSERT_TIME(r, expected)                                                              \
    do {                                                                                     \
        if ((r).code != 0)                                                                   \
            fail_msg("exit %d: %s", (r).code, (r).err);                                      \
        assert_int_equal((r).value, (expected));                                             \
    } while (0)

/* A refusal (exit 1) naming a rule. */
#define ASSERT_REFUSED(r, rule)                                                               \
    do {                                                                                     \
        assert_int_equal((r).code, 1);                                                       \
        if (strstr((r).err, (rule)) == NULL)                                                 \
            fail_msg("expected %s in: %s", (rule), (r).err);                                 \
    } while (0)

static int has_note(json_t *j, const char *rule, const char *text)
{
    size_t i;
    json_t *n;
    json_array_foreach(json_object_get(j, "notes"), i, n) {
        const char *r = json_string_value(json_object_get(n, "rule"));
        const char *t = json_string_value(json_object_get(n, "text"));
        if (r != NULL && strcmp(r, rule) == 0 && (text == NULL || strstr(t, text) != NULL))
            return 1;
    }
    return 0;
}

static int has_check(json_t *j, const char *rule)
{
    size_t i;
    json_t *c;
    json_array_foreach(json_object_get(j, "checks"), i, c) {
        const char *r = json_string_value(json_object_get(c, "rule"));
        if (r != NULL && strcmp(r, rule) == 0 && json_is_true(json_object_get(c, "ok")))
            return 1;
    }
    return 0;
}

/* The value of the first modifier of that rule, or -999. */
static int modifier(json_t *j, const char *rule)
{
    size_t i;
    json_t *m;
    json_array_foreach(json_object_get(j, "modifiers"), i, m) {
        if (strcmp(json_string_value(json_object_get(m, "rule")), rule) == 0)
            return (int)json_integer_value(json_object_get(m, "value"));
    }
    return -999;
}

static int path_len(json_t *j)
{
    return (int)json_array_size(json_object_get(j, "path"));
}

static const char *path_at(json_t *j, size_t i)
{
    return json_string_value(json_array_get(json_object_get(j, "path"), i));
}

/* Writes the embedded rules with formations.<part>.<key> replaced by value
 * (stolen) to a temporary file; returns its path (free, then unlink). */
static char *house_rules(const char *part, const char *key, json_t *value)
{
    const char *text = grog_data_embedded("rules/aigles.json", NULL);
    assert_non_null(text);
    json_t *root = json_loads(text, 0, NULL);
    assert_non_null(root);
    json_t *obj = json_object_get(json_object_get(root, "formations"), part);
    assert_non_null(obj);
    json_object_set_new(obj, key, value);
    char *path = strdup("/tmp/test_aiglf_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(json_dump_file(root, path, JSON_INDENT(2)), 0);
    json_decref(root);
    return path;
}

static void drop_rules(char *path)
{
    unlink(path);
    free(path);
}

static grog_aigles_formation_rules *rules(void)
{
    grog_aigles_formation_rules *r = NULL;
    grog_error err;
    if (grog_aigles_formation_rules_load(NULL, &r, &err) != GROG_OK)
        fail_msg("%s", err.message);
    return r;
}

/* ---- AIG-F-26: every cell, both ways ---- */

typedef struct cell_row {
    const char *arm, *from, *to;
    int t[3];      /* A, B, C in half-périodes, by hand from the spec */
    int reverse;   /* 1: the other way takes the same time (AIG-F-27);
                      0: the other way is refused (reform rows);
                      2: the other way has its own row (artillery) */
} cell_row;

static const cell_row cells[] = {
    /* infantry: inf A, inf B, inf C columns of the first table */
    {"infantry", "march-column", "attack-column", {1, 2, 2}, 1},          /* ½ 1 1 */
    {"infantry", "march-column", "line", {3, 4, 5}, 1},                   /* 1½ 2 2½ */
    {"infantry", "march-column", "double-line", {1, 1, 1}, 1},            /* ½ ½ ½ */
    {"infantry", "march-column", "hollow-square", {2, 3, 4}, 1},          /* 1 1½ 2 */
    {"infantry", "attack-column", "hollow-square", {1, 1, 2}, 1},         /* ½ ½ 1 */
    {"infantry", "attack-column", "full-square", {1, 1, 1}, 1},           /* ½ ½ ½ */
    {"infantry", "attack-column", "line", {2, 3, 4}, 1},                  /* 1 1½ 2 */
    {"infantry", "attack-column", "mass-column", {1, 1, 1}, 1},           /* ½ ½ ½ */
    {"infantry", "attack-column", "extended-attack-column", {1, 1, 1}, 1}, /* ½ ½ ½ */
    {"infantry", "extended-attack-column", "line", {1, 1, 1}, 1},         /* ½ ½ ½ */
    {"infantry", "line", "hollow-square", {2, 2, 3}, 1},                  /* 1 1 1½ */
    {"infantry", "line", "double-line", {1, 1, 1}, 1},                    /* ½ ½ ½ */
    {"infantry", "line", "potence", {1, 1, 1}, 1},                        /* ½ ½ ½ */
    {"infantry", "unformed", "formed", {2, 3, 3}, 0},                     /* 1 1½ 1½ */
    {"infantry", "disorder", "formed", {4, 5, 5}, 0},                     /* 2 2½ 2½ */
    /* cavalry: cav A, cav B, cav C columns */
    {"cavalry", "march-column", "attack-column", {1, 1, 2}, 1},           /* ½ ½ 1 */
    {"cavalry", "march-column", "line", {2, 3, 4}, 1},                    /* 1 1½ 2 */
    {"cavalry", "march-column", "double-line", {1, 2, 3}, 1},             /* ½ 1 1½ */
    {"cavalry", "attack-column", "line", {1, 2, 3}, 1},                   /* ½ 1 1½ */
    {"cavalry", "attack-column", "mass-column", {1, 1, 1}, 1},            /* ½ ½ ½ */
    {"cavalry", "line", "double-line", {1, 1, 1}, 1},                     /* ½ ½ ½ */
    {"cavalry", "line", "echelon", {1, 1, 1}, 1},                         /* ½ ½ ½ */
    {"cavalry", "unformed", "formed", {3, 4, 1}, 0},                      /* 1½ 2 ½ (misprint?) */
    {"cavalry", "disorder", "formed", {5, 6, 7}, 0},                      /* 2½ 3 3½ */
    /* the artillery table: foot A B C, horse A B C */
    {"foot-artillery", "limbered", "unlimbered", {1, 2, 2}, 2},           /* ½ 1 1 */
    {"foot-artillery", "unlimbered", "limbered", {2, 2, 3}, 2},           /* 1 1 1½ */
    {"foot-artillery", "unformed", "formed", {2, 2, 2}, 0},               /* 1 1 1 */
    {"foot-artillery", "disorder", "formed", {2, 2, 2}, 0},               /* 1 1 1 */
    {"horse-artillery", "limbered", "unlimbered", {1, 1, 2}, 2},          /* ½ ½ 1 */
    {"horse-artillery", "unlimbered", "limbered", {1, 2, 2}, 2},          /* ½ 1 1 */
    {"horse-artillery", "unformed", "formed", {1, 1, 1}, 0},              /* ½ ½ ½ */
    {"horse-artillery", "disorder", "formed", {1, 1, 1}, 0},              /* ½ ½ ½ */
};

static const char *const classes[] = {"A", "B", "C"};

/* AIG-F-26 (every cell) and AIG-F-27 (each row both ways). */
static void test_aig_f_26_every_cell_both_ways(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++) {
        const cell_row *c = &cells[i];
        for (int k = 0; k < 3; k++) {
            res f = CALC("--arm", c->arm, "--class", classes[k], "--status", "regular", "--from",
                         c->from, "--to", c->to, "--figures", "12");
            if (f.code != 0 || f.value != c->t[k])
                fail_msg("%s %s %s -> %s: expected %d, got %d (exit %d: %s)", c->arm,
                         classes[k], c->from, c->to, c->t[k], f.value, f.code, f.err);
            assert_int_equal(path_len(f.j), 2);
            assert_string_equal(path_at(f.j, 0), c->from);
            assert_string_equal(path_at(f.j, 1), c->to);
            assert_int_equal(modifier(f.j, "AIG-F-26"), c->t[k]);
            res_free(&f);
            res b = CALC("--arm", c->arm, "--class", classes[k], "--status", "regular", "--from",
                         c->to, "--to", c->from, "--figures", "12");
            if (c->reverse == 1) {
                if (b.code != 0 || b.value != c->t[k])
                    fail_msg("%s %s %s -> %s (reverse): expected %d, got %d (%s)", c->arm,
                             classes[k], c->to, c->from, c->t[k], b.value, b.err);
                assert_int_equal(path_len(b.j), 2); /* its own row, not a chain */
            } else if (c->reverse == 0) {
                ASSERT_REFUSED(b, "AIG-F-27"); /* nobody orders a unit into disorder */
            } else {
                assert_int_equal(b.code, 0); /* checked by its own line of the table */
            }
            res_free(&b);
        }
    }
}

static void test_aig_f_26_half_turn(void **state)
{
    (void)state;
    static const int inf[3] = {1, 1, 1}, cav[3] = {2, 2, 2}; /* ½ ½ ½ and 1 1 1 */
    for (int k = 0; k < 3; k++) {
        res a = CALC("--arm", "infantry", "--class", classes[k], "--status", "veteran",
                     "--action", "half-turn");
        ASSERT_TIME(a, inf[k]);
        res b = CALC("--arm", "cavalry", "--class", classes[k], "--status", "garde", "--action",
                     "half-turn");
        ASSERT_TIME(b, cav[k]);
        res_free(&a);
        res_free(&b);
    }
    /* no half-turn row for artillery (a one-section battery: AIG-F-30) */
    res c = CALC("--arm", "foot-artillery", "--class", "A", "--status", "regular", "--action",
                 "half-turn", "--sections", "2");
    ASSERT_REFUSED(c, "AIG-F-26");
    res_free(&c);
}

/* AIG-F-26: the cavalry C cell kept as printed, and flagged. */
static void test_aig_f_26_misprint_kept_and_flagged(void **state)
{
    (void)state;
    res r = CALC("--arm", "cavalry", "--class", "C", "--status", "regular", "--from", "unformed",
                 "--to", "formed");
    ASSERT_TIME(r, 1); /* ½ période as printed */
    assert_true(has_note(r.j, "AIG-F-26", "misprint"));
    res_free(&r);
    res b = CALC("--arm", "cavalry", "--class", "B", "--status", "regular", "--from", "unformed",
                 "--to", "formed");
    ASSERT_TIME(b, 4);
    assert_false(has_note(b.j, "AIG-F-26", "misprint"));
    res_free(&b);
}

/* ---- AIG-F-27: quickest chains ---- */

static void test_aig_f_27_line_to_full_square(void **state)
{
    (void)state;
    /* A: line -> attack column (1) + attack -> full square (½) = 1½ périodes */
    res a = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "full-square", "--figures", "12");
    ASSERT_TIME(a, 3);
    assert_int_equal(path_len(a.j), 3);
    assert_string_equal(path_at(a.j, 1), "attack-column");
    res_free(&a);
    /* B: line -> attack 1½ + ½ = 2; through the extended column ½+½+½ = 1½ */
    res b = CALC("--arm", "infantry", "--class", "B", "--status", "regular", "--from", "line",
                 "--to", "full-square", "--figures", "12");
    ASSERT_TIME(b, 3);
    assert_int_equal(path_len(b.j), 4);
    assert_string_equal(path_at(b.j, 1), "extended-attack-column");
    assert_string_equal(path_at(b.j, 2), "attack-column");
    res_free(&b);
    /* C: 2 + ½ = 2½ against ½+½+½ = 1½ */
    res c = CALC("--arm", "infantry", "--class", "C", "--status", "regular", "--from", "line",
                 "--to", "full-square", "--figures", "12");
    ASSERT_TIME(c, 3);
    res_free(&c);
}

static void test_aig_f_27_own_row_first(void **state)
{
    (void)state;
    /* inf A march -> line has its own row (1½) although march -> double
     * line -> line would take ½ + ½ */
    res r = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from",
                 "march-column", "--to", "line");
    ASSERT_TIME(r, 3);
    assert_int_equal(path_len(r.j), 2);
    res_free(&r);
    /* cavalry A march column -> echelon: no row; march -> line 1 + ½ = 1½,
     * or march -> double line ½ -> line ½ -> echelon ½ = 1½ with more rows */
    res c = CALC("--arm", "cavalry", "--class", "A", "--status", "regular", "--from",
                 "march-column", "--to", "echelon");
    ASSERT_TIME(c, 3);
    assert_int_equal(path_len(c.j), 3);
    res_free(&c);
}

static void test_aig_f_27_no_chain_refused(void **state)
{
    (void)state;
    res r = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from",
                 "disorder", "--to", "line");
    ASSERT_REFUSED(r, "AIG-F-27");
    assert_non_null(strstr(r.err, "no chain"));
    res_free(&r);
    res s = CALC("--arm", "horse-artillery", "--class", "A", "--status", "regular", "--from",
                 "limbered", "--to", "formed");
    ASSERT_REFUSED(s, "AIG-F-27");
    res_free(&s);
    /* the division column shares the attack column's rows: nothing between them */
    res t = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from",
                 "division-column", "--to", "attack-column");
    ASSERT_REFUSED(t, "AIG-F-27");
    res_free(&t);
}

static void test_aig_f_27_settings(void **state)
{
    (void)state;
    char *p = house_rules("interpretations", "quickest_chain", json_false());
    res a = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "full-square", "--figures", "12", "--rules", p);
    ASSERT_REFUSED(a, "AIG-F-27");
    res_free(&a);
    res b = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "attack-column", "--rules", p); /* a row of its own still works */
    ASSERT_TIME(b, 2);
    res_free(&b);
    drop_rules(p);
    p = house_rules("interpretations", "rows_both_ways", json_false());
    res c = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "march-column", "--rules", p);
    ASSERT_REFUSED(c, "AIG-F-27");
    res_free(&c);
    drop_rules(p);
    /* own_row_first off: inf A march -> line by the quicker chain ½ + ½ */
    p = house_rules("interpretations", "own_row_first", json_false());
    res d = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from",
                 "march-column", "--to", "line", "--rules", p);
    ASSERT_TIME(d, 2);
    res_free(&d);
    drop_rules(p);
}

/* ---- AIG-F-25: status ---- */

static void test_aig_f_25_status_once_per_change(void **state)
{
    (void)state;
    static const char *const slow[] = {"semi-regular", "militia", "irregular"};
    static const char *const fast[] = {"garde", "elite", "veteran", "regular"};
    for (int i = 0; i < 3; i++) { /* inf B line -> full square: 3 rows, 1½ + ½ once */
        res r = CALC("--arm", "infantry", "--class", "B", "--status", slow[i], "--from", "line",
                     "--to", "full-square", "--figures", "12");
        ASSERT_TIME(r, 4);
        assert_int_equal(modifier(r.j, "AIG-F-25"), 1);
        res_free(&r);
    }
    for (int i = 0; i < 4; i++) {
        res r = CALC("--arm", "infantry", "--class", "B", "--status", fast[i], "--from", "line",
                     "--to", "full-square", "--figures", "12");
        ASSERT_TIME(r, 3);
        assert_int_equal(modifier(r.j, "AIG-F-25"), -999);
        res_free(&r);
    }
    char *p = house_rules("interpretations", "status_extra_once_per_change", json_false());
    res r = CALC("--arm", "infantry", "--class", "B", "--status", "militia", "--from", "line",
                 "--to", "full-square", "--figures", "12", "--rules", p);
    ASSERT_TIME(r, 6); /* ½ per row of the chain */
    res_free(&r);
    drop_rules(p);
}

/* ---- refusals ---- */

static void test_aig_f_07_square_six_figures(void **state)
{
    (void)state;
    res a = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from",
                 "attack-column", "--to", "full-square", "--figures", "5");
    ASSERT_REFUSED(a, "AIG-F-07");
    res b = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from",
                 "attack-column", "--to", "full-square", "--figures", "6");
    ASSERT_TIME(b, 1);
    res c = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "hollow-square", "--figures", "5");
    ASSERT_REFUSED(c, "AIG-F-07");
    res d = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "hollow-square"); /* figures not given */
    assert_int_equal(d.code, 1);
    assert_non_null(strstr(d.err, "figures"));
    res_free(&a);
    res_free(&b);
    res_free(&c);
    res_free(&d);
}

static void test_aig_f_06_squares_infantry_only(void **state)
{
    (void)state;
    res a = CALC("--arm", "cavalry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "hollow-square", "--figures", "12");
    ASSERT_REFUSED(a, "AIG-F-06");
    res b = CALC("--arm", "engineers", "--class", "A", "--status", "regular", "--from",
                 "attack-column", "--to", "full-square", "--figures", "12");
    ASSERT_REFUSED(b, "AIG-F-06");
    res c = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from",
                 "attack-column", "--to", "hollow-square", "--figures", "12");
    ASSERT_TIME(c, 1);
    assert_true(has_note(c.j, "AIG-F-06", "melee bonus against cavalry"));
    res_free(&a);
    res_free(&b);
    res_free(&c);
}

static void test_aig_f_15_division_column_nations(void **state)
{
    (void)state;
    static const char *const ok[] = {"austria", "prussia", "late-prussia", "russia"};
    for (int i = 0; i < 4; i++) { /* attack column rows: cav A march -> column ½ */
        res r = CALC("--arm", "cavalry", "--class", "A", "--status", "regular", "--from",
                     "march-column", "--to", "division-column", "--nation", ok[i]);
        ASSERT_TIME(r, 1);
        res_free(&r);
    }
    res f = CALC("--arm", "cavalry", "--class", "A", "--status", "regular", "--from",
                 "march-column", "--to", "division-column", "--nation", "france");
    ASSERT_REFUSED(f, "AIG-F-15");
    res n = CALC("--arm", "cavalry", "--class", "A", "--status", "regular", "--from",
                 "march-column", "--to", "division-column");
    assert_int_equal(n.code, 1);
    assert_non_null(strstr(n.err, "AIG-F-15"));
    /* infantry division column: any nation (AIG-F-10), attack rows: B 1 */
    res i = CALC("--arm", "infantry", "--class", "B", "--status", "regular", "--from",
                 "march-column", "--to", "division-column", "--nation", "france");
    ASSERT_TIME(i, 2);
    res_free(&f);
    res_free(&n);
    res_free(&i);
}

static void test_aig_f_16_dismount(void **state)
{
    (void)state;
    res a = CALC("--arm", "cavalry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "dismounted", "--figures", "16");
    ASSERT_REFUSED(a, "AIG-F-16");
    res b = CALC("--arm", "cavalry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "dismounted", "--figures", "16", "--can-dismount");
    ASSERT_TIME(b, 1); /* a default: the seed gives no time */
    assert_int_equal(json_array_size(json_object_get(b.j, "defaults_used")), 1);
    assert_true(has_note(b.j, "AIG-F-16", "16 horse-holders"));
    res c = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "dismounted");
    ASSERT_REFUSED(c, "AIG-F-16");
    res_free(&a);
    res_free(&b);
    res_free(&c);
    int h = 0, f = 0;
    assert_int_equal(grog_aigles_formation_dismount(16, &h, &f, NULL), GROG_OK);
    assert_int_equal(h, 16); /* AIG-F-16: 16 mounted stay, 16 on foot */
    assert_int_equal(f, 16);
    assert_int_equal(grog_aigles_formation_dismount(0, &h, &f, NULL), GROG_EINVAL);
}

/* AIG-F-03 and AIG-F-10: only the columns mass. */
static void test_aig_f_10_massing_from_columns(void **state)
{
    (void)state;
    res a = CALC("--arm", "infantry", "--class", "C", "--status", "regular", "--from",
                 "attack-column", "--to", "mass-column");
    ASSERT_TIME(a, 1);
    res b = CALC("--arm", "infantry", "--class", "C", "--status", "regular", "--from",
                 "company-column", "--to", "mass-column");
    ASSERT_TIME(b, 1); /* the mass row holds for the company column */
    res c = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "mass-column");
    ASSERT_REFUSED(c, "AIG-F-10");
    res d = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from",
                 "extended-attack-column", "--to", "mass-column");
    ASSERT_REFUSED(d, "AIG-F-10");
    res e = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from",
                 "division-column", "--to", "mass-column");
    ASSERT_TIME(e, 1);
    assert_true(has_note(e.j, "AIG-F-03", "massed-target"));
    res_free(&a);
    res_free(&b);
    res_free(&c);
    res_free(&d);
    res_free(&e);
    char *p = house_rules("interpretations", "mass_only_from_columns", json_false());
    res f = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "mass-column", "--rules", p);
    ASSERT_TIME(f, 3); /* line -> attack column 1 + mass ½ */
    res_free(&f);
    drop_rules(p);
}

/* AIG-F-03, AIG-F-10, AIG-F-12: half the ranks go, the kept half rounds
 * up, two ranks stay two. */
static void test_aig_f_12_massing_figures(void **state)
{
    (void)state;
    grog_aigles_formation_rules *r = rules();
    static const int ranks[] = {1, 2, 3, 4, 5, 6, 7};
    /* the corrected AIG-F-12: the half removed rounds up (7: 4 removed, 3 kept);
     * two ranks keep two; one rank keeps its one */
    static const int kept[] = {1, 2, 1, 2, 2, 3, 3};
    for (int i = 0; i < 7; i++) {
        grog_aigles_massing m;
        assert_int_equal(grog_aigles_formation_massing(r, ranks[i], 3, &m, NULL), GROG_OK);
        assert_int_equal(m.ranks_kept, kept[i]);
        assert_int_equal(m.ranks_removed, ranks[i] - kept[i]);
        assert_int_equal(m.figures_removed, 3 * (ranks[i] - kept[i]));
        assert_int_equal(m.figures_kept, 3 * kept[i]);
    }
    grog_aigles_massing m;
    assert_int_equal(grog_aigles_formation_massing(r, 0, 3, &m, NULL), GROG_EINVAL);
    grog_aigles_formation_rules_destroy(r);
    /* 7 companies of 3: 3 kept, 4 taken off (12 figures), in the record */
    res a = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from",
                 "attack-column", "--to", "mass-column", "--companies", "7", "--figures", "21");
    ASSERT_TIME(a, 1);
    assert_true(has_note(a.j, "AIG-F-10", "3 kept, 4 taken off (12 figures"));
    res_free(&a);
    /* the other reading, as a house rule: the kept half rounds up, 7 -> 3 taken off */
    char *p = house_rules("interpretations", "massing_kept_rounds_up", json_true());
    grog_aigles_formation_rules *h = NULL;
    assert_int_equal(grog_aigles_formation_rules_load(p, &h, NULL), GROG_OK);
    assert_int_equal(grog_aigles_formation_massing(h, 7, 1, &m, NULL), GROG_OK);
    assert_int_equal(m.ranks_removed, 3);
    assert_int_equal(grog_aigles_formation_massing(h, 2, 1, &m, NULL), GROG_OK);
    assert_int_equal(m.ranks_kept, 2); /* two ranks stay two either way */
    grog_aigles_formation_rules_destroy(h);
    drop_rules(p);
}

/* AIG-F-12: full and mass squares do not move; AIG-F-10: mass column <->
 * mass square ½ at the halt. */
static void test_aig_f_12_squares_do_not_move(void **state)
{
    (void)state;
    res a = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from",
                 "attack-column", "--to", "full-square", "--figures", "12", "--move", "1");
    ASSERT_REFUSED(a, "AIG-F-12");
    res b = CALC("--arm", "infantry", "--class", "C", "--status", "regular", "--from",
                 "mass-column", "--to", "mass-square", "--figures", "12");
    ASSERT_TIME(b, 1);
    res c = CALC("--arm", "infantry", "--class", "C", "--status", "regular", "--from",
                 "mass-square", "--to", "mass-column", "--figures", "12");
    ASSERT_TIME(c, 1);
    res d = CALC("--arm", "infantry", "--class", "C", "--status", "regular", "--from",
                 "mass-square", "--to", "mass-column", "--move", "2");
    ASSERT_REFUSED(d, "AIG-F-10");
    res e = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "hollow-square", "--figures", "12", "--move", "1");
    ASSERT_TIME(e, 2); /* a hollow square may move */
    res_free(&a);
    res_free(&b);
    res_free(&c);
    res_free(&d);
    res_free(&e);
    grog_aigles_formation_rules *r = rules();
    assert_false(grog_aigles_formation_may_move(r, GROG_AIGLES_FM_FULL_SQUARE));
    assert_false(grog_aigles_formation_may_move(r, GROG_AIGLES_FM_MASS_SQUARE));
    assert_true(grog_aigles_formation_may_move(r, GROG_AIGLES_FM_HOLLOW_SQUARE));
    assert_true(grog_aigles_formation_may_move(r, GROG_AIGLES_FM_MASS_COLUMN));
    grog_aigles_formation_rules_destroy(r);
}

/* ---- additions ---- */

static void test_aig_f_14_company_column(void **state)
{
    (void)state;
    res a = CALC("--arm", "cavalry", "--class", "C", "--status", "regular", "--from",
                 "march-column", "--to", "company-column");
    ASSERT_TIME(a, 1); /* in place: ½ whatever the class */
    res b = CALC("--arm", "cavalry", "--class", "C", "--status", "regular", "--from",
                 "company-column", "--to", "march-column", "--move", "1");
    ASSERT_TIME(b, 0); /* during a move of ½ période: free */
    res c = CALC("--arm", "cavalry", "--class", "A", "--status", "militia", "--from",
                 "march-column", "--to", "company-column", "--move", "2");
    ASSERT_TIME(c, 1); /* free, + ½ for militia (AIG-F-25) */
    res d = CALC("--arm", "cavalry", "--class", "A", "--status", "regular", "--from",
                 "march-column", "--to", "company-column", "--squadrons", "2", "--figures", "10");
    ASSERT_TIME(d, 1);
    assert_true(has_note(d.j, "AIG-F-14", "leading company 3, rear 2"));
    res_free(&a);
    res_free(&b);
    res_free(&c);
    res_free(&d);
    int lead, rear;
    assert_int_equal(grog_aigles_formation_squadron_split(3, &lead, &rear, NULL), GROG_OK);
    assert_int_equal(lead, 2);
    assert_int_equal(rear, 1);
    assert_int_equal(grog_aigles_formation_squadron_split(4, &lead, &rear, NULL), GROG_OK);
    assert_int_equal(lead, 2);
    assert_int_equal(rear, 2);
    assert_int_equal(grog_aigles_formation_squadron_split(1, &lead, &rear, NULL), GROG_EINVAL);
}

static void test_aig_f_28_small_units(void **state)
{
    (void)state;
    /* inf C disorder -> formed 2½ périodes; one company of 3: one turn */
    res a = CALC("--arm", "infantry", "--class", "C", "--status", "regular", "--from",
                 "disorder", "--to", "formed", "--companies", "1", "--figures", "3");
    ASSERT_TIME(a, 2);
    assert_int_equal(modifier(a.j, "AIG-F-28"), -3);
    res b = CALC("--arm", "infantry", "--class", "C", "--status", "regular", "--from",
                 "disorder", "--to", "formed", "--companies", "1", "--figures", "4");
    ASSERT_TIME(b, 5);
    res c = CALC("--arm", "engineers", "--class", "B", "--status", "regular", "--from",
                 "unformed", "--to", "formed", "--companies", "1", "--figures", "3");
    ASSERT_TIME(c, 2); /* 1½ -> one turn */
    res d = CALC("--arm", "cavalry", "--class", "C", "--status", "regular", "--from",
                 "disorder", "--to", "formed", "--squadrons", "1", "--figures", "2");
    ASSERT_TIME(d, 2);
    res e = CALC("--arm", "cavalry", "--class", "C", "--status", "regular", "--from",
                 "disorder", "--to", "formed", "--squadrons", "1", "--figures", "3");
    ASSERT_TIME(e, 7);
    res f = CALC("--arm", "infantry", "--class", "C", "--status", "regular", "--from",
                 "disorder", "--to", "formed", "--companies", "2", "--figures", "3");
    ASSERT_TIME(f, 5); /* two companies: the rule is for one company */
    res g = CALC("--arm", "horse-artillery", "--class", "A", "--status", "regular", "--from",
                 "disorder", "--to", "formed", "--figures", "1");
    ASSERT_TIME(g, 1); /* a half section: the table's ½ is already quicker */
    assert_int_equal(modifier(g.j, "AIG-F-28"), 0);
    res_free(&a);
    res_free(&b);
    res_free(&c);
    res_free(&d);
    res_free(&e);
    res_free(&f);
    res_free(&g);
    char *p = house_rules("interpretations", "small_unit_time_is_cap", json_false());
    res h = CALC("--arm", "horse-artillery", "--class", "A", "--status", "regular", "--from",
                 "disorder", "--to", "formed", "--figures", "1", "--rules", p);
    ASSERT_TIME(h, 2); /* exactly one turn */
    res_free(&h);
    drop_rules(p);
}

static void test_aig_f_29_four_company_battalion(void **state)
{
    (void)state;
    /* A, 4 companies, march column -> line: as attack column, 1 période */
    res a = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from",
                 "march-column", "--to", "line", "--companies", "4");
    ASSERT_TIME(a, 2);
    assert_true(has_check(a.j, "AIG-F-29"));
    res b = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from",
                 "march-column", "--to", "line", "--companies", "3");
    ASSERT_TIME(b, 3);
    res c = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from",
                 "march-column", "--to", "line", "--companies", "5");
    ASSERT_TIME(c, 3);
    res d = CALC("--arm", "infantry", "--class", "B", "--status", "regular", "--from",
                 "march-column", "--to", "line", "--companies", "4");
    ASSERT_TIME(d, 4);
    res e = CALC("--arm", "infantry", "--class", "A", "--status", "militia", "--from",
                 "march-column", "--to", "attack-column", "--companies", "4");
    ASSERT_TIME(e, 0); /* it already counts as attack column */
    res f = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from",
                 "march-column", "--to", "double-line", "--companies", "4");
    ASSERT_TIME(f, 1); /* its own march-column row is quicker */
    res_free(&a);
    res_free(&b);
    res_free(&c);
    res_free(&d);
    res_free(&e);
    res_free(&f);
}

static void test_aig_f_30_file_depth_and_small_battery(void **state)
{
    (void)state;
    static const char *const depth[] = {"5", "6", "9", "10"};
    static const int t[] = {1, 2, 2, 3}; /* foot A unlimber ½, + ½ over 5, + 1 over 9 */
    for (int i = 0; i < 4; i++) {
        res r = CALC("--arm", "foot-artillery", "--class", "A", "--status", "regular", "--from",
                     "limbered", "--to", "unlimbered", "--sections", "12", "--file-depth",
                     depth[i]);
        ASSERT_TIME(r, t[i]);
        res_free(&r);
    }
    res l = CALC("--arm", "foot-artillery", "--class", "A", "--status", "regular", "--from",
                 "unlimbered", "--to", "limbered", "--sections", "12", "--file-depth", "10");
    ASSERT_TIME(l, 2); /* limbering: no file addition */
    res a = CALC("--arm", "foot-artillery", "--class", "C", "--status", "regular", "--from",
                 "unlimbered", "--to", "limbered", "--sections", "1");
    ASSERT_TIME(a, 1); /* 1½ -> ½ for one section */
    res b = CALC("--arm", "foot-artillery", "--class", "C", "--status", "regular", "--from",
                 "unlimbered", "--to", "limbered", "--sections", "2");
    ASSERT_TIME(b, 3);
    res c = CALC("--arm", "horse-artillery", "--class", "C", "--status", "regular", "--action",
                 "half-turn", "--sections", "1");
    ASSERT_TIME(c, 1);
    res d = CALC("--arm", "foot-artillery", "--class", "B", "--status", "regular", "--from",
                 "limbered", "--to", "unlimbered", "--figures", "1");
    ASSERT_TIME(d, 1); /* half a section */
    res e = CALC("--arm", "foot-artillery", "--class", "A", "--status", "regular", "--from",
                 "limbered", "--to", "unlimbered", "--sections", "4", "--file-depth", "6");
    assert_int_equal(e.code, 1); /* a file deeper than the battery */
    res_free(&l);
    res_free(&a);
    res_free(&b);
    res_free(&c);
    res_free(&d);
    res_free(&e);
}

static void test_aig_f_31_quarter_turn(void **state)
{
    (void)state;
    res a = CALC("--arm", "infantry", "--class", "C", "--status", "regular", "--action",
                 "quarter-turn");
    ASSERT_TIME(a, 1);
    assert_string_equal(path_at(a.j, 0), "march-column");
    assert_string_equal(path_at(a.j, 1), "line");
    res b = CALC("--arm", "cavalry", "--class", "C", "--status", "militia", "--action",
                 "quarter-turn", "--from", "line");
    ASSERT_TIME(b, 2);
    assert_string_equal(path_at(b.j, 1), "march-column");
    res c = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--action",
                 "quarter-turn", "--from", "attack-column");
    ASSERT_REFUSED(c, "AIG-F-31");
    res d = CALC("--arm", "foot-artillery", "--class", "A", "--status", "regular", "--action",
                 "quarter-turn");
    assert_int_equal(d.code, 1);
    res_free(&a);
    res_free(&b);
    res_free(&c);
    res_free(&d);
}

/* AIG-F-24 (and AIG-F-23): irregular pivot and frontage. */
static void test_aig_f_24_irregulars(void **state)
{
    (void)state;
    res a = CALC("--arm", "cavalry", "--class", "C", "--status", "irregular", "--action",
                 "pivot");
    ASSERT_TIME(a, 2); /* ½ + ½ for the irregular status */
    res b = CALC("--arm", "cavalry", "--class", "C", "--status", "regular", "--action", "pivot",
                 "--irregular-formation");
    ASSERT_TIME(b, 1);
    res c = CALC("--arm", "cavalry", "--class", "A", "--status", "regular", "--action", "pivot");
    ASSERT_REFUSED(c, "AIG-F-24");
    res d = CALC("--arm", "cavalry", "--class", "A", "--status", "regular", "--action",
                 "frontage", "--irregular-formation", "--front", "4", "--new-front", "8");
    ASSERT_TIME(d, 1);
    res e = CALC("--arm", "cavalry", "--class", "A", "--status", "regular", "--action",
                 "frontage", "--irregular-formation", "--front", "4", "--new-front", "9");
    ASSERT_REFUSED(e, "AIG-F-24");
    res f = CALC("--arm", "cavalry", "--class", "A", "--status", "regular", "--action",
                 "frontage", "--irregular-formation", "--front", "5", "--new-front", "2");
    ASSERT_REFUSED(f, "AIG-F-24");
    res g = CALC("--arm", "cavalry", "--class", "A", "--status", "regular", "--action",
                 "frontage", "--irregular-formation", "--front", "5", "--new-front", "3");
    ASSERT_TIME(g, 1);
    res_free(&a);
    res_free(&b);
    res_free(&c);
    res_free(&d);
    res_free(&e);
    res_free(&f);
    res_free(&g);
}

static void test_aig_f_23_irregular_block(void **state)
{
    (void)state;
    grog_aigles_formation_rules *r = rules();
    assert_int_equal(grog_aigles_formation_irregular_block(r, 12, 4, 3, NULL), GROG_OK);
    assert_int_equal(grog_aigles_formation_irregular_block(r, 9, 3, 3, NULL), GROG_OK);
    assert_int_equal(grog_aigles_formation_irregular_block(r, 12, 2, 6, NULL), GROG_ERULE);
    assert_int_equal(grog_aigles_formation_irregular_block(r, 12, 6, 2, NULL), GROG_ERULE);
    assert_int_equal(grog_aigles_formation_irregular_block(r, 8, 3, 3, NULL), GROG_OK);
    assert_int_equal(grog_aigles_formation_irregular_block(r, 8, 4, 2, NULL), GROG_ERULE);
    assert_int_equal(grog_aigles_formation_irregular_block(r, 5, 2, 3, NULL), GROG_OK);
    grog_aigles_formation_rules_destroy(r);
    /* 12 irregular foot 4 wide doubling to 8: 2 deep, under 3 */
    res a = CALC("--arm", "infantry", "--class", "A", "--status", "irregular", "--action",
                 "frontage", "--front", "4", "--new-front", "8", "--figures", "12");
    ASSERT_REFUSED(a, "AIG-F-23");
    res b = CALC("--arm", "infantry", "--class", "A", "--status", "irregular", "--action",
                 "frontage", "--front", "3", "--new-front", "6", "--figures", "18");
    ASSERT_TIME(b, 2);
    assert_true(has_check(b.j, "AIG-F-23")); /* 6 wide, 3 deep */
    assert_true(has_check(b.j, "AIG-F-24"));
    assert_true(has_note(b.j, "AIG-F-23", "at least 3 figures wide"));
    res_free(&a);
    res_free(&b);
}

/* ---- the small computations ---- */

static void test_aig_f_11_hollow_square_shelter(void **state)
{
    (void)state;
    grog_aigles_formation_rules *r = rules();
    grog_aigles_shelter s;
    assert_int_equal(grog_aigles_formation_shelter(r, 12, 6, 7, &s, NULL), GROG_OK);
    assert_int_equal(s.capacity, 6);
    assert_int_equal(s.loss_num, 70); /* 10% of 7 = 70/100 */
    assert_int_equal(s.loss_den, 100);
    grog_error err;
    assert_int_equal(grog_aigles_formation_shelter(r, 12, 7, 0, &s, &err), GROG_ERULE);
    assert_non_null(strstr(err.message, "AIG-F-11"));
    assert_int_equal(grog_aigles_formation_shelter(r, 13, 0, 0, &s, NULL), GROG_OK);
    assert_int_equal(s.capacity, 6); /* half of 13, rounded down */
    grog_aigles_formation_rules_destroy(r);
    res a = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "hollow-square", "--figures", "14");
    ASSERT_TIME(a, 2);
    assert_true(has_note(a.j, "AIG-F-11", "up to 7 figures"));
    assert_true(has_note(a.j, "AIG-F-11", "45 degree"));
    res_free(&a);
}

static void test_aig_f_17_horse_teams(void **state)
{
    (void)state;
    grog_aigles_formation_rules *r = rules();
    grog_aigles_teams t;
    assert_int_equal(grog_aigles_formation_teams(r, GROG_ARM_FOOT_ARTILLERY, 4, 6, &t, NULL),
                     GROG_OK);
    assert_int_equal(t.teams, 2);
    assert_int_equal(t.pairs_per_team, 2);
    assert_int_equal(t.pairs, 4);
    assert_int_equal(grog_aigles_formation_teams(r, GROG_ARM_FOOT_ARTILLERY, 3, 3, &t, NULL),
                     GROG_OK);
    assert_int_equal(t.teams, 2); /* three sections: two teams */
    assert_int_equal(grog_aigles_formation_teams(r, GROG_ARM_FOOT_ARTILLERY, 2, 9, &t, NULL),
                     GROG_OK);
    assert_int_equal(t.pairs_per_team, 2);
    assert_int_equal(grog_aigles_formation_teams(r, GROG_ARM_FOOT_ARTILLERY, 2, 12, &t, NULL),
                     GROG_OK);
    assert_int_equal(t.pairs_per_team, 3);
    assert_int_equal(grog_aigles_formation_teams(r, GROG_ARM_HORSE_ARTILLERY, 6, 0, &t, NULL),
                     GROG_OK);
    assert_int_equal(t.teams, 3);
    assert_int_equal(t.pairs_per_team, 4);
    assert_int_equal(t.pairs, 12);
    assert_int_equal(grog_aigles_formation_teams(r, GROG_ARM_FOOT_ARTILLERY, 2, 10, &t, NULL),
                     GROG_EINVAL);
    assert_int_equal(grog_aigles_formation_teams(r, GROG_ARM_FOOT_ARTILLERY, 2, 2, &t, NULL),
                     GROG_EINVAL);
    assert_int_equal(grog_aigles_formation_teams(r, GROG_ARM_INFANTRY, 2, 6, &t, NULL),
                     GROG_EINVAL);
    grog_aigles_formation_rules_destroy(r);
    res a = CALC("--arm", "horse-artillery", "--class", "A", "--status", "regular", "--from",
                 "unlimbered", "--to", "limbered", "--sections", "4");
    ASSERT_TIME(a, 1);
    assert_true(has_note(a.j, "AIG-F-17", "2 teams of 4 pairs"));
    res_free(&a);
    res b = CALC("--arm", "foot-artillery", "--class", "A", "--status", "regular", "--from",
                 "unlimbered", "--to", "limbered", "--sections", "5", "--calibre", "12");
    ASSERT_TIME(b, 2);
    assert_true(has_note(b.j, "AIG-F-17", "3 teams of 3 pairs"));
    res_free(&b);
}

static void test_aig_f_21_skirmishers(void **state)
{
    (void)state;
    grog_aigles_formation_rules *r = rules();
    int max = 0;
    assert_int_equal(grog_aigles_formation_skirmish_max(r, 25, &max, NULL), GROG_OK);
    assert_int_equal(max, 160);
    assert_int_equal(grog_aigles_formation_skirmish_max(r, 15, &max, NULL), GROG_OK);
    assert_int_equal(max, 100);
    assert_int_equal(grog_aigles_formation_skirmish_check(r, 25, 160, NULL), GROG_OK);
    assert_int_equal(grog_aigles_formation_skirmish_check(r, 25, 160.5, NULL), GROG_ERULE);
    assert_int_equal(grog_aigles_formation_skirmish_check(r, 15, 100, NULL), GROG_OK);
    assert_int_equal(grog_aigles_formation_skirmish_check(r, 15, 101, NULL), GROG_ERULE);
    assert_int_equal(grog_aigles_formation_skirmish_check(r, 20, 10, NULL), GROG_EINVAL);
    assert_true(grog_aigles_formation_skirmish_deploy_move(r, 120) == 60.0);
    grog_aigles_formation_rules_destroy(r);
}

/* AIG-F-02, AIG-F-19, AIG-F-21, AIG-F-22: dispersed order, and its default time. */
static void test_aig_f_02_19_21_22_skirmish_order(void **state)
{
    (void)state;
    res a = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "skirmish");
    ASSERT_TIME(a, 1);
    assert_true(has_note(a.j, "AIG-F-02", "dispersed-target malus"));
    assert_true(has_note(a.j, "AIG-F-02", "counts as in line for morale"));
    assert_true(has_note(a.j, "AIG-F-19", "centre"));
    assert_true(has_note(a.j, "AIG-F-21", "160 pas"));
    assert_true(has_note(a.j, "AIG-F-22", "tests morale itself"));
    assert_int_equal(json_array_size(json_object_get(a.j, "defaults_used")), 1);
    res_free(&a);
    res b = CALC("--arm", "foot-artillery", "--class", "A", "--status", "regular", "--from",
                 "unlimbered", "--to", "skirmish");
    ASSERT_REFUSED(b, "AIG-F-02");
    res_free(&b);
}

/* AIG-F-01, AIG-F-04, AIG-F-05, AIG-F-09, AIG-F-13: named effects. */
static void test_aig_f_01_04_05_effects(void **state)
{
    (void)state;
    res a = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from",
                 "attack-column", "--to", "line");
    ASSERT_TIME(a, 2);
    assert_true(has_note(a.j, "AIG-F-01", "no fire, melee or morale modifier"));
    assert_true(has_note(a.j, "AIG-F-04", "roundshot has a malus"));
    assert_true(has_note(a.j, "AIG-F-04", "facing cavalry has a morale malus"));
    assert_true(has_note(a.j, "AIG-F-09", "crest"));
    res_free(&a);
    res b = CALC("--arm", "cavalry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "double-line");
    ASSERT_TIME(b, 1);
    assert_true(has_note(b.j, "AIG-F-05", "counts as a column"));
    assert_true(has_note(b.j, "AIG-F-05", "small-arms"));
    assert_false(has_note(b.j, "AIG-F-05", "no line-against-cavalry")); /* infantry only */
    assert_true(has_note(b.j, "AIG-F-13", "no room"));
    res_free(&b);
    grog_aigles_formation_rules *r = rules();
    assert_int_equal(grog_aigles_formation_depth(r, GROG_AIGLES_FM_DOUBLE_LINE),
                     GROG_AIGLES_DEPTH_COLUMN);
    assert_int_equal(grog_aigles_formation_depth(r, GROG_AIGLES_FM_LINE), GROG_AIGLES_DEPTH_LINE);
    assert_int_equal(grog_aigles_formation_depth(r, GROG_AIGLES_FM_FULL_SQUARE),
                     GROG_AIGLES_DEPTH_SQUARE);
    assert_int_equal(grog_aigles_formation_spacing(r, GROG_AIGLES_FM_LINE),
                     GROG_AIGLES_SPACING_CLOSE);
    assert_int_equal(grog_aigles_formation_spacing(r, GROG_AIGLES_FM_SKIRMISH),
                     GROG_AIGLES_SPACING_DISPERSED);
    assert_int_equal(grog_aigles_formation_spacing(r, GROG_AIGLES_FM_MASS_COLUMN),
                     GROG_AIGLES_SPACING_MASSED);
    assert_string_equal(grog_aigles_spacing_name(GROG_AIGLES_SPACING_MASSED), "massed");
    assert_string_equal(grog_aigles_depth_name(GROG_AIGLES_DEPTH_SQUARE), "square");
    grog_aigles_formation_rules_destroy(r);
}

/* AIG-F-08, AIG-F-18 (artillery formations), AIG-F-09 and AIG-F-13 (by arm). */
static void test_aig_f_08_09_13_18_by_arm(void **state)
{
    (void)state;
    res a = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "limbered");
    ASSERT_REFUSED(a, "AIG-F-08");
    res b = CALC("--arm", "cavalry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "potence");
    ASSERT_REFUSED(b, "AIG-F-09");
    res c = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "echelon");
    ASSERT_REFUSED(c, "AIG-F-13");
    res d = CALC("--arm", "cavalry", "--class", "B", "--status", "regular", "--from", "line",
                 "--to", "echelon");
    ASSERT_TIME(d, 1);
    assert_true(has_note(d.j, "AIG-F-13", "squadrons act separately"));
    res e = CALC("--arm", "horse-artillery", "--class", "B", "--status", "regular", "--from",
                 "limbered", "--to", "unlimbered");
    ASSERT_TIME(e, 1);
    assert_true(has_note(e.j, "AIG-F-18", "side by side"));
    res f = CALC("--arm", "infantry", "--class", "B", "--status", "regular", "--from", "line",
                 "--to", "potence");
    ASSERT_TIME(f, 1);
    assert_true(has_note(f.j, "AIG-F-09", "refused"));
    res_free(&a);
    res_free(&b);
    res_free(&c);
    res_free(&d);
    res_free(&e);
    res_free(&f);
}

static void test_aig_f_20_unformed_counts_dispersed(void **state)
{
    (void)state;
    grog_aigles_formation_rules *r = rules();
    /* AIG-F-20: a unit without formation counts as dispersed for crossing terrain */
    assert_int_equal(grog_aigles_formation_terrain_spacing(r, GROG_AIGLES_FM_UNFORMED),
                     GROG_AIGLES_SPACING_DISPERSED);
    assert_int_equal(grog_aigles_formation_spacing(r, GROG_AIGLES_FM_UNFORMED),
                     GROG_AIGLES_SPACING_NONE); /* for terrain only */
    assert_int_equal(grog_aigles_formation_terrain_spacing(r, GROG_AIGLES_FM_LINE),
                     GROG_AIGLES_SPACING_CLOSE);
    grog_aigles_formation_rules_destroy(r);
}

/* ---- the library record and the change in progress ---- */

static void test_library_record(void **state)
{
    (void)state;
    grog_aigles_formation_rules *r = rules();
    grog_aigles_fm_unit u = grog_aigles_fm_unit_default();
    grog_aigles_fm_change c = grog_aigles_fm_change_default();
    u.status = GROG_STATUS_SEMI_REGULAR;
    u.figures = 12;
    c.from = GROG_AIGLES_FM_LINE;
    c.to = GROG_AIGLES_FM_FULL_SQUARE;
    int hp = -1;
    grog_explain *e = NULL;
    assert_int_equal(grog_aigles_formation_change(r, &u, &c, &hp, &e, NULL), GROG_OK);
    assert_int_equal(hp, 4); /* AIG-F-27 chain 3 + AIG-F-25 1 */
    assert_string_equal(grog_explain_test(e), "aigles-formation");
    assert_int_equal(grog_explain_modifier_total(e), 4);
    assert_true(grog_explain_has_rule(e, "AIG-F-25"));
    assert_true(grog_explain_has_rule(e, "AIG-F-27"));
    grog_explain_destroy(e);
    /* a refusal leaves *out NULL and names the rule */
    u.figures = 5;
    grog_error err;
    grog_explain *before = grog_explain_create("before", "before");
    e = before; /* must be reset to NULL */
    assert_int_equal(grog_aigles_formation_change(r, &u, &c, &hp, &e, &err), GROG_ERULE);
    assert_null(e);
    grog_explain_destroy(before);
    assert_non_null(strstr(err.message, "AIG-F-07"));
    assert_int_equal(hp, 4); /* unchanged */
    c.from = c.to;
    assert_int_equal(grog_aigles_formation_change(r, &u, &c, NULL, NULL, NULL), GROG_EINVAL);
    u.arm = (grog_arm)99;
    assert_int_equal(grog_aigles_formation_change(r, &u, &c, NULL, NULL, NULL), GROG_EINVAL);
    grog_aigles_formation_rules_destroy(r);
}

static void test_change_in_progress(void **state)
{
    (void)state;
    grog_aigles_fm_progress p;
    assert_int_equal(grog_aigles_fm_progress_start(&p, GROG_AIGLES_FM_LINE,
                                                   GROG_AIGLES_FM_FULL_SQUARE, 3, NULL),
                     GROG_OK);
    assert_false(grog_aigles_fm_progress_done(&p));
    assert_int_equal(grog_aigles_fm_progress_tick(&p, 1), 2);
    assert_int_equal(grog_aigles_fm_progress_tick(&p, 0), 2);
    assert_int_equal(grog_aigles_fm_progress_tick(&p, 1), 1);
    assert_false(grog_aigles_fm_progress_done(&p));
    assert_int_equal(grog_aigles_fm_progress_tick(&p, 5), 0);
    assert_true(grog_aigles_fm_progress_done(&p));
    assert_int_equal(p.total, 3);
    assert_int_equal(grog_aigles_fm_progress_start(&p, GROG_AIGLES_FM_MARCH_COLUMN,
                                                   GROG_AIGLES_FM_COMPANY_COLUMN, 0, NULL),
                     GROG_OK);
    assert_true(grog_aigles_fm_progress_done(&p)); /* AIG-F-14 free change */
    assert_int_equal(grog_aigles_fm_progress_start(&p, GROG_AIGLES_FM_LINE, GROG_AIGLES_FM_LINE,
                                                   -1, NULL),
                     GROG_EINVAL);
    assert_int_equal(p.total, 0); /* unchanged */
}

/* The engine's view: a battle troop as a unit and its formation. */
static void test_troop_adapter(void **state)
{
    (void)state;
    grog_troop t;
    memset(&t, 0, sizeof t);
    strcpy(t.id, "cuirassiers-1");
    t.arm = GROG_ARM_CAVALRY;
    t.status = GROG_STATUS_VETERAN;
    t.manoeuvre = GROG_MANOEUVRE_B;
    t.figures = 12;
    t.subunits = 4;
    strcpy(t.formation, "march-column");
    grog_side side;
    memset(&side, 0, sizeof side);
    side.nation = GROG_NATION_AUSTRIA;
    grog_aigles_fm_unit u = grog_aigles_fm_unit_of_troop(&t, &side);
    assert_int_equal(u.arm, GROG_ARM_CAVALRY);
    assert_int_equal(u.manoeuvre, GROG_MANOEUVRE_B);
    assert_int_equal(u.subunits, 4);
    assert_true(u.has_nation);
    grog_aigles_formation f;
    assert_int_equal(grog_aigles_formation_of_troop(&t, &f, NULL), GROG_OK);
    assert_int_equal(f, GROG_AIGLES_FM_MARCH_COLUMN);
    /* AIG-F-15 through the adapter: Austrian cavalry, march -> division ½ */
    grog_aigles_formation_rules *r = rules();
    grog_aigles_fm_change c = grog_aigles_fm_change_default();
    c.from = f;
    c.to = GROG_AIGLES_FM_DIVISION_COLUMN;
    int hp = -1;
    assert_int_equal(grog_aigles_formation_change(r, &u, &c, &hp, NULL, NULL), GROG_OK);
    assert_int_equal(hp, 1);
    u = grog_aigles_fm_unit_of_troop(&t, NULL);
    assert_false(u.has_nation);
    grog_aigles_formation_rules_destroy(r);
    t.flags = GROG_UNIT_UNFORMED;
    assert_int_equal(grog_aigles_formation_of_troop(&t, &f, NULL), GROG_OK);
    assert_int_equal(f, GROG_AIGLES_FM_UNFORMED);
    t.flags = GROG_UNIT_UNFORMED | GROG_UNIT_DISORDERED;
    assert_int_equal(grog_aigles_formation_of_troop(&t, &f, NULL), GROG_OK);
    assert_int_equal(f, GROG_AIGLES_FM_DISORDER);
    t.flags = 0;
    strcpy(t.formation, "squar");
    grog_error err;
    assert_int_equal(grog_aigles_formation_of_troop(&t, &f, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "cuirassiers-1"));
    assert_int_equal(f, GROG_AIGLES_FM_DISORDER); /* unchanged */
}

/* ---- loader ---- */

static grog_status parse_with(const char *part, const char *key, json_t *value,
                              grog_error *err)
{
    char *p = house_rules(part, key, value);
    grog_aigles_formation_rules *r = NULL;
    grog_status st = grog_aigles_formation_rules_load(p, &r, err);
    grog_aigles_formation_rules_destroy(r);
    drop_rules(p);
    return st;
}

static void test_loader_refuses_bad_data(void **state)
{
    (void)state;
    grog_error err;
    assert_int_equal(parse_with("interpretations", "quickest_chian", json_true(), &err),
                     GROG_EFORMAT);
    assert_non_null(strstr(err.message, "quickest_chian"));
    assert_non_null(strstr(err.message, "unknown key"));
    assert_int_equal(parse_with("square", "min_figures", json_integer(-1), &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "formations.square.min_figures"));
    assert_int_equal(parse_with("square", "rule", json_string("AIG-O-07"), &err), GROG_EFORMAT);
    assert_int_equal(parse_with("square", "rule", json_string("AIG-F-32"), &err), GROG_EFORMAT);
    assert_int_equal(parse_with("square", "rule", json_string("AIG-F-+7"), &err), GROG_EFORMAT);
    assert_int_equal(parse_with("square", "rule", json_string("AIG-F-31"), &err), GROG_OK);
    json_t *row = json_pack("[{s:s,s:s,s:i,s:i,s:i}]", "from", "line", "to", "squar", "A", 1,
                            "B", 1, "C", 1);
    assert_int_equal(parse_with("change_table", "infantry", row, &err), GROG_EFORMAT);
    assert_non_null(strstr(err.message, "squar"));
    /* a row no arm of its table may take: cavalry into a square */
    row = json_pack("[{s:s,s:s,s:i,s:i,s:i}]", "from", "line", "to", "hollow-square", "A", 1,
                    "B", 1, "C", 1);
    assert_int_equal(parse_with("change_table", "cavalry", row, &err), GROG_EFORMAT);
    /* messages carry FILE:LINE:COLUMN */
    assert_int_equal(parse_with("quarter_turn", "half_periods", json_string("1"), &err),
                     GROG_EFORMAT);
    assert_non_null(strstr(err.message, ":"));
    grog_aigles_formation_rules *r = NULL;
    assert_int_equal(grog_aigles_formation_rules_load("/nonexistent/aigles.json", &r, &err),
                     GROG_ENOTFOUND);
    assert_non_null(strstr(err.message, "/nonexistent/aigles.json"));
    assert_null(r);
    assert_int_equal(grog_aigles_formation_rules_parse("{\"family\":\"aigles\"}", "t", &r, &err),
                     GROG_EFORMAT);
    assert_non_null(strstr(err.message, "formations"));
    grog_aigles_formation_rules_destroy(NULL);
}

static void test_loader_ignores_officers(void **state)
{
    (void)state;
    const char *text = grog_data_embedded("rules/aigles.json", NULL);
    json_t *root = json_loads(text, 0, NULL);
    json_object_set_new(root, "officers", json_integer(5)); /* not ours to read */
    char *s = json_dumps(root, 0);
    grog_aigles_formation_rules *r = NULL;
    grog_error err;
    assert_int_equal(grog_aigles_formation_rules_parse(s, "t.json", &r, &err), GROG_OK);
    grog_aigles_formation_rules_destroy(r);
    free(s);
    json_decref(root);
}

/* ---- CLI usage ---- */

static void test_cli_usage(void **state)
{
    (void)state;
    res a = CALC("--class", "A", "--status", "regular", "--from", "line", "--to", "potence");
    assert_int_equal(a.code, 2);
    res b = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "squar");
    assert_int_equal(b.code, 2);
    assert_non_null(strstr(b.err, "hollow-square"));
    res c = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from", "line");
    assert_int_equal(c.code, 2);
    res d = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--action",
                 "half-turn", "--companies", "2", "--sections", "2");
    assert_int_equal(d.code, 2);
    res e = CALC("--arm", "infantry", "--class", "D", "--status", "regular", "--action",
                 "half-turn");
    assert_int_equal(e.code, 2);
    res f = CALC("--arm", "infantry", "--class", "A", "--status", "regular", "--from", "line",
                 "--to", "potence", "--rules", "/nonexistent.json");
    assert_int_equal(f.code, 1);
    assert_non_null(strstr(f.err, "/nonexistent.json"));
    res_free(&a);
    res_free(&b);
    res_free(&c);
    res_free(&d);
    res_free(&e);
    res_free(&f);
    cli_run t = run_cli("calc", "aigles-formation", "--arm", "infantry", "--class", "A",
                        "--status", "regular", "--from", "line", "--to", "full-square",
                        "--figures", "12", NULL);
    assert_int_equal(t.code, 0);
    assert_non_null(strstr(t.out, "line -> attack-column -> full-square"));
    assert_non_null(strstr(t.out, "3 half-périodes"));
    cli_run_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_aig_f_26_every_cell_both_ways),
        cmocka_unit_test(test_aig_f_26_half_turn),
        cmocka_unit_test(test_aig_f_26_misprint_kept_and_flagged),
        cmocka_unit_test(test_aig_f_27_line_to_full_square),
        cmocka_unit_test(test_aig_f_27_own_row_first),
        cmocka_unit_test(test_aig_f_27_no_chain_refused),
        cmocka_unit_test(test_aig_f_27_settings),
        cmocka_unit_test(test_aig_f_25_status_once_per_change),
        cmocka_unit_test(test_aig_f_07_square_six_figures),
        cmocka_unit_test(test_aig_f_06_squares_infantry_only),
        cmocka_unit_test(test_aig_f_15_division_column_nations),
        cmocka_unit_test(test_aig_f_16_dismount),
        cmocka_unit_test(test_aig_f_10_massing_from_columns),
        cmocka_unit_test(test_aig_f_12_massing_figures),
        cmocka_unit_test(test_aig_f_12_squares_do_not_move),
        cmocka_unit_test(test_aig_f_14_company_column),
        cmocka_unit_test(test_aig_f_28_small_units),
        cmocka_unit_test(test_aig_f_29_four_company_battalion),
        cmocka_unit_test(test_aig_f_30_file_depth_and_small_battery),
        cmocka_unit_test(test_aig_f_31_quarter_turn),
        cmocka_unit_test(test_aig_f_24_irregulars),
        cmocka_unit_test(test_aig_f_23_irregular_block),
        cmocka_unit_test(test_aig_f_11_hollow_square_shelter),
        cmocka_unit_test(test_aig_f_17_horse_teams),
        cmocka_unit_test(test_aig_f_21_skirmishers),
        cmocka_unit_test(test_aig_f_02_19_21_22_skirmish_order),
        cmocka_unit_test(test_aig_f_01_04_05_effects),
        cmocka_unit_test(test_aig_f_08_09_13_18_by_arm),
        cmocka_unit_test(test_aig_f_20_unformed_counts_dispersed),
        cmocka_unit_test(test_library_record),
        cmocka_unit_test(test_change_in_progress),
        cmocka_unit_test(test_troop_adapter),
        cmocka_unit_test(test_loader_refuses_bad_data),
        cmocka_unit_test(test_loader_ignores_officers),
        cmocka_unit_test(test_cli_usage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
