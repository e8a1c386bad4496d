/* test_text.c — text.h: the UTF-8 decoder, the check every outside text
 * goes through (action words, scenario names), the XML and terminal
 * escapers, and the SVG map staying well-formed XML whatever the names hold
 * (checked with a small XML parser below). */
#include <unistd.h>

#include "grognard/text.h"
#include "testutil.h"

/* ---- the decoder (RFC 3629) ---- */

static int dec(const char *s, size_t n, uint32_t *cp)
{
    *cp = 0xDEAD;
    return grog_text_utf8_decode(s, n, cp);
}

static void test_utf8_decode(void **state)
{
    (void)state;
    uint32_t cp;
    assert_int_equal(dec("A", 1, &cp), 1);
    assert_int_equal(cp, 0x41);
    assert_int_equal(dec("\xC3\xA9", 2, &cp), 2); /* é */
    assert_int_equal(cp, 0xE9);
    assert_int_equal(dec("\xE2\x82\xAC", 3, &cp), 3); /* € */
    assert_int_equal(cp, 0x20AC);
    assert_int_equal(dec("\xF0\x9F\x98\x80", 4, &cp), 4); /* U+1F600 */
    assert_int_equal(cp, 0x1F600);
    assert_int_equal(dec("\xF4\x8F\xBF\xBF", 4, &cp), 4); /* U+10FFFF, the last one */
    assert_int_equal(cp, 0x10FFFF);
    /* Not UTF-8: a Latin-1 é, a stray continuation byte, overlong forms of
     * '/' and of U+0000, a surrogate, past U+10FFFF, F5..FF. */
    assert_int_equal(dec("\xE9t\xE9", 3, &cp), 0);
    assert_int_equal(dec("\x80", 1, &cp), 0);
    assert_int_equal(dec("\xC0\xAF", 2, &cp), 0);
    assert_int_equal(dec("\xC1\xBF", 2, &cp), 0);
    assert_int_equal(dec("\xE0\x80\x80", 3, &cp), 0);
    assert_int_equal(dec("\xF0\x80\x80\xAF", 4, &cp), 0);
    assert_int_equal(dec("\xED\xA0\x80", 3, &cp), 0);
    assert_int_equal(dec("\xF4\x90\x80\x80", 4, &cp), 0);
    assert_int_equal(dec("\xF5\x80\x80\x80", 4, &cp), 0);
    assert_int_equal(dec("\xC3(", 2, &cp), 0);
    /* Cut short: the valid start of a sequence (-1), but not the start of
     * an invalid one (0). */
    assert_int_equal(dec("\xE2\x82", 2, &cp), -1);
    assert_int_equal(dec("\xF0\x9F", 2, &cp), -1);
    assert_int_equal(dec("\xC3", 1, &cp), -1);
    assert_int_equal(dec("\xED\xA0", 2, &cp), 0);
    assert_int_equal(dec("\xE0\x80", 2, &cp), 0);
}

/* ---- the check ---- */

static grog_status check(const char *s, size_t max, int flags, char *msg)
{
    grog_error err;
    grog_error_clear(&err);
    grog_status st = grog_text_check(s, strlen(s), max, flags, "name", &err);
    if (msg != NULL)
        snprintf(msg, GROG_ERROR_MAX, "%s", err.message);
    return st;
}

static void test_check(void **state)
{
    (void)state;
    char msg[GROG_ERROR_MAX];
    assert_int_equal(check("Général Reynier", 100, 0, NULL), GROG_OK);
    assert_int_equal(check("", 100, 0, NULL), GROG_OK);
    assert_int_equal(check("G\xE9n\xE9ral", 100, 0, msg), GROG_EINVAL);
    assert_string_equal(msg, "name: not valid UTF-8 at byte 2 (text must be written in UTF-8)");
    assert_int_equal(check("red\x1b[31m", 100, 0, msg), GROG_EINVAL);
    assert_non_null(strstr(msg, "U+001B at byte 4"));
    assert_int_equal(check("a\x7f", 100, 0, NULL), GROG_EINVAL);          /* DEL */
    assert_int_equal(check("a\xC2\x9B" "2J", 100, 0, msg), GROG_EINVAL);   /* CSI, U+009B */
    assert_non_null(strstr(msg, "U+009B"));
    assert_int_equal(check("a\xC2\xA0" "b", 100, 0, NULL), GROG_OK);      /* U+00A0 is text */
    assert_int_equal(check("a\xEF\xBF\xBE", 100, 0, msg), GROG_EINVAL);   /* U+FFFE */
    assert_non_null(strstr(msg, "U+FFFE"));
    assert_int_equal(check("a\xEF\xBF\xBF", 100, 0, NULL), GROG_EINVAL);  /* U+FFFF */
    assert_int_equal(check("a\xEF\xBF\xBD", 100, 0, NULL), GROG_OK);      /* U+FFFD is text */
    /* Line feeds and tabs only in multi-line text; CR never. */
    assert_int_equal(check("one\ntwo", 100, GROG_TEXT_LINE, NULL), GROG_EINVAL);
    assert_int_equal(check("one\ntwo\tthree", 100, GROG_TEXT_MULTILINE, NULL), GROG_OK);
    assert_int_equal(check("one\r\ntwo", 100, GROG_TEXT_MULTILINE, NULL), GROG_EINVAL);
    /* The bound, in bytes: "é" is two. */
    assert_int_equal(check("abcd", 4, 0, NULL), GROG_OK);
    assert_int_equal(check("abcde", 4, 0, msg), GROG_EINVAL);
    assert_string_equal(msg, "name: too long: 5 bytes, at most 4");
    assert_int_equal(check("ab\xC3\xA9", 4, 0, NULL), GROG_OK);
    assert_int_equal(check("abc\xC3\xA9", 4, 0, NULL), GROG_EINVAL);
    /* A NUL inside the given length is a control character. */
    grog_error err;
    assert_int_equal(grog_text_check("a\0b", 3, 10, 0, "name", &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "U+0000"));
}

/* Bidirectional overrides and isolates are refused in any text ("Trojan
 * Source": a note that reads "attack" and holds "retreat"); right-to-left
 * letters and the direction marks are text. Boundaries: U+2029 and U+202F,
 * U+2065 and U+206A are allowed, U+202A, U+202E, U+2066, U+2069 refused. */
static void test_bidi_overrides_refused(void **state)
{
    (void)state;
    char msg[GROG_ERROR_MAX];
    assert_int_equal(check("hold \xE2\x80\xAE" "kcatta", 100, 0, msg), GROG_EINVAL); /* RLO */
    assert_non_null(strstr(msg, "U+202E at byte 6"));
    assert_non_null(strstr(msg, "bidirectional"));
    assert_int_equal(check("a\xE2\x80\xAA", 100, 0, NULL), GROG_EINVAL);  /* U+202A LRE */
    assert_int_equal(check("a\xE2\x81\xA6", 100, 0, NULL), GROG_EINVAL);  /* U+2066 LRI */
    assert_int_equal(check("a\xE2\x81\xA9", 100, 0, NULL), GROG_EINVAL);  /* U+2069 PDI */
    assert_int_equal(check("a\xE2\x81\xA9", 100, GROG_TEXT_MULTILINE, NULL), GROG_EINVAL);
    assert_int_equal(check("a\xE2\x80\xA9", 100, 0, NULL), GROG_OK);      /* U+2029 */
    assert_int_equal(check("a\xE2\x80\xAF", 100, 0, NULL), GROG_OK);      /* U+202F */
    assert_int_equal(check("a\xE2\x81\xA5", 100, 0, NULL), GROG_OK);      /* U+2065 */
    assert_int_equal(check("a\xE2\x81\xAA", 100, 0, NULL), GROG_OK);      /* U+206A */
    assert_int_equal(check("a\xE2\x80\x8F", 100, 0, NULL), GROG_OK);      /* U+200F RLM */
    assert_int_equal(check("\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D", 100, 0, NULL), GROG_OK); /* Hebrew */
    /* in an action's words (a note), before anything runs */
    grog_error err;
    const char *words[] = {"note", "hold \xE2\x81\xA7" "fast"};             /* U+2067 RLI */
    assert_int_equal(grog_text_check_words(2, words, &err), GROG_EINVAL);
    assert_non_null(strstr(err.message, "word 2"));
    assert_non_null(strstr(err.message, "U+2067"));
    assert_int_equal(grog_text_forbidden(0x202E, 1), 1);
    assert_int_equal(grog_text_forbidden(0x202F, 0), 0);
}

static void test_check_words_bounds(void **state)
{
    (void)state;
    grog_error err;
    static char big[GROG_WORD_MAX + 2];
    const char *words[GROG_WORDS_MAX + 1];
    for (int i = 0; i <= GROG_WORDS_MAX; i++)
        words[i] = "w";
    assert_int_equal(grog_text_check_words(GROG_WORDS_MAX, words, &err), GROG_OK);
    assert_int_equal(grog_text_check_words(GROG_WORDS_MAX + 1, words, &err), GROG_EINVAL);
    assert_string_equal(err.message, "action too long: 65 words, at most 64");
    assert_int_equal(grog_text_check_words(0, words, &err), GROG_EINVAL);
    /* One word of exactly GROG_WORD_MAX bytes, then one more. */
    memset(big, 'x', GROG_WORD_MAX);
    big[GROG_WORD_MAX] = '\0';
    words[0] = "note";
    words[1] = big;
    assert_int_equal(grog_text_check_words(2, words, &err), GROG_OK);
    big[GROG_WORD_MAX] = 'x';
    big[GROG_WORD_MAX + 1] = '\0';
    assert_int_equal(grog_text_check_words(2, words, &err), GROG_EINVAL);
    assert_string_equal(err.message, "word 2 of the action: too long: 1025 bytes, at most 1024");
    /* Four words of 1024 = 4096 bytes in all is the limit; a fifth byte more is not. */
    big[GROG_WORD_MAX] = '\0';
    const char *four[] = {big, big, big, big, "y"};
    assert_int_equal(grog_text_check_words(4, four, &err), GROG_OK);
    assert_int_equal(grog_text_check_words(5, four, &err), GROG_EINVAL);
    assert_string_equal(err.message, "action too long: 4097 bytes, at most 4096");
    /* The message names the word by position, never quotes it. */
    const char *secret[] = {"order", "picton", "pack", "attaque-secr\xE8te"};
    assert_int_equal(grog_text_check_words(4, secret, &err), GROG_EINVAL);
    assert_null(strstr(err.message, "attaque"));
    assert_non_null(strstr(err.message, "word 4"));
}

/* ---- escaping ---- */

static void test_xml_escape(void **state)
{
    (void)state;
    char *e = grog_text_xml_escape("Picton's <b>&\"co\"");
    assert_string_equal(e, "Picton&apos;s &lt;b&gt;&amp;&quot;co&quot;");
    free(e);
    /* Control characters, U+FFFE/U+FFFF and bytes that are not UTF-8 become
     * U+FFFD; other text is kept as it is. */
    e = grog_text_xml_escape("a\x1b[2J\x07" "b\xEF\xBF\xBE" "c\xEF\xBF\xBF" "d\xFF" "é\xC2\x9B");
    assert_string_equal(e, "a\xEF\xBF\xBD[2J\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c\xEF\xBF\xBD"
                           "d\xEF\xBF\xBD" "é\xEF\xBF\xBD");
    free(e);
}

static void test_terminal_escape(void **state)
{
    (void)state;
    const char *in = "a\x1b]0;pwned\x07 b\r\n\tc\x7f\xC2\x9B" "2J\xE9 Général\xEF\xBF\xBE";
    char *e = grog_text_terminal_escape(in, strlen(in));
    assert_string_equal(e, "a\\u001B]0;pwned\\u0007 b\\u000D\n\tc\\u007F\\u009B2J\xEF\xBF\xBD"
                           " Général\xEF\xBF\xBE");
    free(e);
    /* Escaped text in a JSON string is still valid JSON and means the same. */
    const char *json = "[\"\x1b[31mred\xC2\x85\"]";
    e = grog_text_terminal_escape(json, strlen(json));
    json_t *j = json_loads(e, 0, NULL);
    assert_non_null(j);
    assert_string_equal(json_string_value(json_array_get(j, 0)), "\x1b[31mred\xC2\x85");
    json_decref(j);
    free(e);
}

/* ---- a small XML parser: enough to say whether our SVG is well-formed ---- */

typedef struct xml {
    const char *p;
    const char *why;
} xml;

static int xml_char_ok(xml *x)
{
    uint32_t cp;
    int n = grog_text_utf8_decode(x->p, strlen(x->p), &cp);
    if (n <= 0) {
        x->why = "not UTF-8";
        return 0;
    }
    /* XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF] */
    if (!(cp == 9 || cp == 10 || cp == 13 || (cp >= 0x20 && cp <= 0xD7FF) ||
          (cp >= 0xE000 && cp <= 0xFFFD) || cp >= 0x10000)) {
        x->why = "a character XML does not allow";
        return 0;
    }
    x->p += n;
    return 1;
}

static int xml_name(xml *x, char *out, size_t size)
{
    size_t n = 0;
    while (*x->p && (strchr(":_-.", *x->p) || (*x->p >= 'a' && *x->p <= 'z') ||
                     (*x->p >= 'A' && *x->p <= 'Z') || (*x->p >= '0' && *x->p <= '9'))) {
        if (n + 1 < size)
            out[n++] = *x->p;
        x->p++;
    }
    out[n] = '\0';
    if (n == 0)
        x->why = "a name expected";
    return n > 0;
}

static int xml_entity(xml *x)
{
    static const char *const ents[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"};
    for (size_t i = 0; i < 5; i++)
        if (strncmp(x->p, ents[i], strlen(ents[i])) == 0) {
            x->p += strlen(ents[i]);
            return 1;
        }
    if (x->p[1] == '#') {
        const char *q = x->p + 2;
        while ((*q >= '0' && *q <= '9') || *q == 'x' || (*q >= 'a' && *q <= 'f'))
            q++;
        if (*q == ';' && q > x->p + 2) {
            x->p = q + 1;
            return 1;
        }
    }
    x->why = "a bare &";
    return 0;
}

/* Character data up to `stop` (a quote or '<'). */
static int xml_text(xml *x, char stop)
{
    while (*x->p && *x->p != stop) {
        if (*x->p == '&') {
            if (!xml_entity(x))
                return 0;
        } else if (*x->p == '<') {
            x->why = "< in an attribute";
            return 0;
        } else if (!xml_char_ok(x)) {
            return 0;
        }
    }
    return 1;
}

static int skip_past(xml *x, const char *end)
{
    const char *q = strstr(x->p, end);
    if (q == NULL) {
        x->why = "unterminated";
        return 0;
    }
    for (; x->p < q;)
        if (!xml_char_ok(x))
            return 0;
    x->p = q + strlen(end);
    return 1;
}

static void ws(xml *x)
{
    while (*x->p == ' ' || *x->p == '\n' || *x->p == '\t' || *x->p == '\r')
        x->p++;
}

static int xml_element(xml *x, int depth);

static int xml_content(xml *x, const char *name, int depth)
{
    for (;;) {
        if (!xml_text(x, '<'))
            return 0;
        if (*x->p == '\0') {
            x->why = "unclosed element";
            return 0;
        }
        if (strncmp(x->p, "</", 2) == 0) {
            char end[64];
            x->p += 2;
            if (!xml_name(x, end, sizeof end))
                return 0;
            ws(x);
            if (strcmp(end, name) != 0 || *x->p != '>') {
                x->why = "mismatched end tag";
                return 0;
            }
            x->p++;
            return 1;
        }
        if (strncmp(x->p, "<!--", 4) == 0) {
            x->p += 4;
            if (!skip_past(x, "-->"))
                return 0;
            continue;
        }
        if (!xml_element(x, depth + 1))
            return 0;
    }
}

static int xml_element(xml *x, int depth)
{
    char name[64], attr[64], seen[64][64];
    int nseen = 0;
    if (depth > 100 || *x->p != '<') {
        x->why = "< expected";
        return 0;
    }
    x->p++;
    if (!xml_name(x, name, sizeof name))
        return 0;
    for (;;) {
        ws(x);
        if (strncmp(x->p, "/>", 2) == 0) {
            x->p += 2;
            return 1;
        }
        if (*x->p == '>') {
            x->p++;
            return xml_content(x, name, depth);
        }
        if (!xml_name(x, attr, sizeof attr))
            return 0;
        for (int i = 0; i < nseen; i++)
            if (strcmp(seen[i], attr) == 0) {
                x->why = "an attribute twice";
                return 0;
            }
        if (nseen < 64)
            snprintf(seen[nseen++], 64, "%s", attr);
        ws(x);
        if (*x->p != '=') {
            x->why = "= expected";
            return 0;
        }
        x->p++;
        ws(x);
        char q = *x->p;
        if (q != '"' && q != '\'') {
            x->why = "a quoted value expected";
            return 0;
        }
        x->p++;
        if (!xml_text(x, q))
            return 0;
        if (*x->p != q) {
            x->why = "unterminated attribute";
            return 0;
        }
        x->p++;
    }
}

/* NULL when the document is well-formed, or why it is not. */
static const char *xml_check(const char *doc)
{
    xml x = {doc, NULL};
    if (strncmp(x.p, "<?xml", 5) == 0 && !skip_past(&x, "?>"))
        return x.why;
    ws(&x);
    while (strncmp(x.p, "<!--", 4) == 0) {
        x.p += 4;
        if (!skip_past(&x, "-->"))
            return x.why;
        ws(&x);
    }
    if (!xml_element(&x, 0))
        return x.why;
    ws(&x);
    return *x.p == '\0' ? NULL : "text after the root element";
}

static void test_xml_checker_catches(void **state)
{
    (void)state;
    /* The checker must be able to fail, or the test below proves nothing. */
    assert_null(xml_check("<?xml version=\"1.0\"?>\n<a b=\"1\"><c>t&amp;x</c><d/></a>\n"));
    assert_non_null(xml_check("<a><b></a>"));
    assert_non_null(xml_check("<a>x & y</a>"));
    assert_non_null(xml_check("<a t=\"<\"/>"));
    assert_non_null(xml_check("<a>\x1b</a>"));
    assert_non_null(xml_check("<a>\xEF\xBF\xBE</a>"));
    assert_non_null(xml_check("<a>\xE9</a>"));
    assert_non_null(xml_check("<a b=\"1\" b=\"2\"/>"));
}

static const char HOSTILE[] = "<\x1b[2J&\"'\x07\xEF\xBF\xBE\xEF\xBF\xBF\xC2\x9B\xFF]]>";

/* Every name a map draws, made hostile: still well-formed XML. */
static void test_svg_well_formed_for_any_name(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/tests/data/scenario-minimal.json",
             getenv("GROGNARD_SRCDIR") ? getenv("GROGNARD_SRCDIR") : ".");
    grog_battle *b = NULL;
    grog_error err;
    assert_int_equal(grog_scenario_load_file(path, &b, &err), GROG_OK);
    grog_officer *o = grog_battle_officer_by_id_mut(b, "ca");
    snprintf(o->name, sizeof o->name, "%s", HOSTILE);
    grog_troop *u = grog_battle_unit_by_id_mut(b, "u1");
    snprintf(u->name, sizeof u->name, "%s", HOSTILE);
    grog_side *side = grog_battle_side_mut(b, 0);
    snprintf(side->name, sizeof side->name, "%s", HOSTILE);
    snprintf(side->colour, sizeof side->colour, "%s", "#f\"/><x");
    grog_officer *dead = grog_battle_officer_by_id_mut(b, "cf");
    snprintf(dead->name, sizeof dead->name, "%s", HOSTILE);
    dead->state = GROG_OFFICER_KILLED;
    grog_meta m = *grog_battle_meta(b);
    m.name = HOSTILE;
    assert_int_equal(grog_battle_set_meta(b, &m, &err), GROG_OK);
    grog_map_options opt;
    grog_map_options_default(&opt);
    opt.overlays = GROG_MAP_LINKS | GROG_MAP_LABELS | GROG_MAP_AIGLES_ZONES | GROG_MAP_GT_RADIUS;
    char *svg = NULL;
    assert_int_equal(grog_map_svg(b, &opt, &svg, &err), GROG_OK);
    const char *why = xml_check(svg);
    if (why != NULL)
        fail_msg("the SVG is not well-formed: %s", why);
    assert_null(strchr(svg, '\x1b'));
    assert_non_null(strstr(svg, "&lt;\xEF\xBF\xBD[2J&amp;&quot;&apos;"));
    free(svg);
    grog_battle_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_utf8_decode),
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_bidi_overrides_refused),
        cmocka_unit_test(test_check_words_bounds),
        cmocka_unit_test(test_xml_escape),
        cmocka_unit_test(test_terminal_escape),
        cmocka_unit_test(test_xml_checker_catches),
        cmocka_unit_test(test_svg_well_formed_for_any_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
