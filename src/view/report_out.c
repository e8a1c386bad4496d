/* report_out.c — the battle report for people: text, and a page of its own
 * (HTML with the charts drawn here as SVG). Both are made from the report
 * object (report.c) alone, so they show what the JSON shows and no more.
 * Every text from the game (names, ids) is escaped in the page. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/explain.h"
#include "grognard/report.h"
#include "i18n.h"
#include "report_internal.h"

const char *report_count_label(int k)
{
    /* TRANSLATORS: the rows of the battle report's tables (counts per turn and side) */
    static const char *const labels[REPORT_NCOUNTS] = {
        NC_("report", "orders tried"), NC_("report", "obeyed"), NC_("report", "delayed"),
        NC_("report", "failed"), NC_("report", "formation changes"), NC_("report", "PIPs"),
        NC_("report", "casualties"), NC_("report", "fled"), NC_("report", "routed"),
        NC_("report", "broken"), NC_("report", "officers lost"), NC_("report", "officers captured"),
        NC_("report", "officers replaced")};
    return grog_pgettext(labels[k]);
}

static long long count_of(json_t *counts, int k)
{
    return (long long)json_integer_value(json_object_get(counts, report_key(k)));
}

static const char *side_id(json_t *side)
{
    return json_string_value(json_object_get(side, "id"));
}

/* The side's name (its id when it has none). */
static const char *side_name(json_t *side)
{
    const char *n = json_string_value(json_object_get(side, "name"));
    return n != NULL && n[0] != '\0' ? n : side_id(side);
}

/* ---- text ---- */

/* The characters of s (UTF-8: a character is a byte that does not continue one). */
static int chars(const char *s)
{
    int n = 0;
    for (const char *p = s; *p; p++)
        n += ((unsigned char)*p & 0xc0) != 0x80;
    return n;
}

/* s, then spaces up to width characters. */
static void pad(FILE *f, const char *s, int width)
{
    int n = chars(s);
    fputs(s, f);
    for (; n < width; n++)
        fputc(' ', f);
}

/* The labels' column: as wide as the language's longest label (« changements de
 * formation » is 24 characters), so that the figures line up in every language. */
static int label_width(void)
{
    int w = 20;
    for (int k = 0; k < REPORT_NCOUNTS; k++)
        if (chars(report_count_label(k)) > w)
            w = chars(report_count_label(k));
    return w;
}

static void text_table(FILE *f, json_t *sides, json_t *by_side)
{
    size_t i;
    json_t *s;
    int w = label_width();
    fputs("  ", f);
    pad(f, "", w);
    json_array_foreach(sides, i, s) fprintf(f, " %18s", side_id(s));
    fputc('\n', f);
    for (int k = 0; k < REPORT_NCOUNTS; k++) {
        fputs("  ", f);
        pad(f, report_count_label(k), w);
        json_array_foreach(sides, i, s)
            fprintf(f, " %18lld", count_of(json_object_get(by_side, side_id(s)), k));
        fputc('\n', f);
    }
}

static void text_luck_line(FILE *f, const char *side, const char *what, json_t *l)
{
    long long n = (long long)json_integer_value(json_object_get(l, "tests"));
    if (n == 0) {
        fprintf(f, _("  %s, %s: no test decided by the dice\n"), side, what);
        return;
    }
    long long obs = (long long)json_integer_value(json_object_get(l, "observed"));
    fprintf(f,
            ngettext("  %s, %s: %lld test, %.2f successes expected, %lld observed; the chance of "
                     "%lld or more: %.4f (exactly %s)\n",
                     "  %s, %s: %lld tests, %.2f successes expected, %lld observed; the chance of "
                     "%lld or more: %.4f (exactly %s)\n",
                     (unsigned long)n),
            side, what, n, json_number_value(json_object_get(l, "expected")), obs, obs,
            json_number_value(json_object_get(l, "p_at_least")),
            json_string_value(json_object_get(l, "p_at_least_exact")));
}

void report_text_end(FILE *f, json_t *rep)
{
    json_t *sides = json_object_get(rep, "sides");
    size_t i, k;
    json_t *s, *o;
    fprintf(f, "\n%s\n", _("Orders in force at the end"));
    json_array_foreach(sides, i, s) {
        /* the side by its name: a person reads it (issue 28) */
        fprintf(f, _("  %s:"), side_name(s));
        json_t *list = json_object_get(json_object_get(rep, "orders_in_force"), side_id(s));
        json_array_foreach(list, k, o)
            fprintf(f, "%s %s: %s", k > 0 ? ";" : "", json_string_value(json_object_get(o, "name")),
                    grog_explain_word_in("order", json_string_value(json_object_get(o, "order"))));
        fprintf(f, "%s\n", json_array_size(list) == 0 ? _(" none") : ".");
    }
    fprintf(f, "\n%s\n", _("Luck (docs/report.md)"));
    json_array_foreach(sides, i, s) {
        json_t *l = json_object_get(json_object_get(rep, "luck"), side_id(s));
        text_luck_line(f, side_id(s), _("grognard's dice"), json_object_get(l, "dice"));
        text_luck_line(f, side_id(s), _("rolls entered at the table"), json_object_get(l, "entered"));
    }
}

void report_text_head(FILE *f, json_t *rep)
{
    long long n = (long long)json_integer_value(json_object_get(rep, "actions"));
    fprintf(f,
            ngettext("Battle report: %s (%s), turn %lld, %lld action\n",
                     "Battle report: %s (%s), turn %lld, %lld actions\n", (unsigned long)n),
            json_string_value(json_object_get(rep, "scenario")),
            json_string_value(json_object_get(rep, "family")),
            (long long)json_integer_value(json_object_get(rep, "turn")), n);
    const char *c = json_string_value(json_object_get(rep, "seed_commitment"));
    if (c != NULL)
        fprintf(f, _("Seed commitment: %s\n"), c);
    if (json_is_integer(json_object_get(rep, "seed")))
        fprintf(f, _("Dice seed: %lld\n"), (long long)json_integer_value(json_object_get(rep, "seed")));
}

/* Closes the memory stream f over *buf and hands *buf over to *out. */
static grog_status finish(FILE *f, char **buf, char **out, grog_error *err)
{
    if (fclose(f) != 0 || *buf == NULL) {
        free(*buf);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    *out = *buf;
    return GROG_OK;
}

grog_status grog_report_text(const grog_game *g, const grog_seat *seat, char **out,
                             grog_error *err)
{
    json_t *rep;
    grog_status st = report_build(g, seat, &rep, err);
    if (st != GROG_OK)
        return st;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL) {
        json_decref(rep);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    report_text_head(f, rep);
    size_t i;
    json_t *t;
    json_array_foreach(json_object_get(rep, "turns"), i, t) {
        fprintf(f, "\n");
        fprintf(f, _("Turn %lld\n"), (long long)json_integer_value(json_object_get(t, "turn")));
        text_table(f, json_object_get(rep, "sides"), json_object_get(t, "sides"));
    }
    fprintf(f, "\n%s\n", _("The whole game"));
    text_table(f, json_object_get(rep, "sides"), json_object_get(rep, "totals"));
    report_text_end(f, rep);
    json_decref(rep);
    return finish(f, &buf, out, err);
}

/* ---- the page ---- */

static void esc(FILE *f, const char *s)
{
    for (; s != NULL && *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* The colour of a side: "#rrggbb" as the map draws it, else grey. */
static const char *colour_of(json_t *side)
{
    const char *c = json_string_value(json_object_get(side, "colour"));
    if (c == NULL || strlen(c) != 7 || c[0] != '#' || strspn(c + 1, "0123456789abcdefABCDEF") != 6)
        return "#555555";
    return c;
}

#define CW 520
#define CH 220
#define PAD 40

/* A line chart of count k per turn for each side (cumulative: the running sum). */
static void chart(FILE *f, json_t *rep, int k, int cumulative, const char *title)
{
    json_t *turns = json_object_get(rep, "turns"), *sides = json_object_get(rep, "sides");
    size_t nt = json_array_size(turns), i, j;
    json_t *s, *t;
    long long max = 1;
    json_array_foreach(sides, i, s) {
        long long run = 0;
        json_array_foreach(turns, j, t) {
            long long v = count_of(json_object_get(json_object_get(t, "sides"), side_id(s)), k);
            run = cumulative ? run + v : v;
            max = run > max ? run : max;
        }
    }
    fprintf(f, "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" "
               "role=\"img\" aria-label=\"", CW, CH);
    esc(f, title);
    fprintf(f, "\"><rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>", CW, CH);
    fprintf(f, "<path d=\"M%d %d V%d H%d\" stroke=\"#000\" fill=\"none\"/>", PAD, PAD / 2,
            CH - PAD, CW - PAD / 2);
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">%lld</text>", PAD - 4,
            PAD / 2 + 4, max);
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">0</text>", PAD - 4,
            CH - PAD + 4);
    double dx = nt > 1 ? (double)(CW - PAD - PAD / 2) / (double)(nt - 1) : 0;
    for (j = 0; j < nt; j++)
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%zu</text>",
                PAD + dx * (double)j, CH - PAD + 14, j + 1);
    json_array_foreach(sides, i, s) {
        fprintf(f, "<polyline fill=\"none\" stroke-width=\"2\" stroke=\"%s\" points=\"", colour_of(s));
        long long run = 0;
        json_array_foreach(turns, j, t) {
            long long v = count_of(json_object_get(json_object_get(t, "sides"), side_id(s)), k);
            run = cumulative ? run + v : v;
            fprintf(f, "%s%.1f,%.1f", j > 0 ? " " : "", PAD + dx * (double)j,
                    (double)(CH - PAD) - (double)run * (CH - PAD - PAD / 2) / (double)max);
        }
        fputs("\"/>", f);
    }
    fputs("</svg><figcaption>", f);
    esc(f, title);
    json_array_foreach(sides, i, s) { /* the legend */
        fprintf(f, "<br><span style=\"color:%s\">&#9632; ", colour_of(s));
        esc(f, json_string_value(json_object_get(s, "name")));
        fputs("</span>", f);
    }
    fputs("</figcaption></figure>\n", f);
}

static void html_table(FILE *f, json_t *sides, json_t *by_side)
{
    size_t i;
    json_t *s;
    fputs("<table><tr><th></th>", f);
    json_array_foreach(sides, i, s) {
        fputs("<th>", f);
        esc(f, json_string_value(json_object_get(s, "name")));
        fputs("</th>", f);
    }
    fputs("</tr>\n", f);
    for (int k = 0; k < REPORT_NCOUNTS; k++) {
        fputs("<tr><th>", f);
        esc(f, report_count_label(k));
        fputs("</th>", f);
        json_array_foreach(sides, i, s)
            fprintf(f, "<td>%lld</td>", count_of(json_object_get(by_side, side_id(s)), k));
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
}

static void html_text_block(FILE *f, json_t *rep, const char *what, int after)
{
    /* the text report's last part (orders, luck) as preformatted text */
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (m == NULL)
        return;
    if (after)
        report_text_end(m, rep);
    else
        report_text_head(m, rep);
    fclose(m);
    fprintf(f, "<section class=\"%s\"><pre>", what);
    esc(f, buf);
    fputs("</pre></section>\n", f);
    free(buf);
}

grog_status grog_report_html(const grog_game *g, const grog_seat *seat, char **out,
                             grog_error *err)
{
    json_t *rep;
    grog_status st = report_build(g, seat, &rep, err);
    if (st != GROG_OK)
        return st;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL) {
        json_decref(rep);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>", f);
    esc(f, json_string_value(json_object_get(rep, "scenario")));
    fputs("</title><style>body{font-family:sans-serif;max-width:60em;margin:auto;padding:1em}"
          "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .5em}"
          "td{text-align:right}svg{max-width:100%;height:auto}pre{white-space:pre-wrap}"
          "</style></head><body>\n<h1>", f);
    esc(f, json_string_value(json_object_get(rep, "scenario")));
    fputs("</h1>\n", f);
    html_text_block(f, rep, "head", 0);
    chart(f, rep, REPORT_CASUALTIES, 1, _("Casualties over the turns (running total)"));
    chart(f, rep, REPORT_IN_FORCE, 0, _("Orders in force at the end of each turn"));
    size_t i;
    json_t *t;
    json_array_foreach(json_object_get(rep, "turns"), i, t) {
        fputs("<h2>", f);
        fprintf(f, _("Turn %lld\n"), (long long)json_integer_value(json_object_get(t, "turn")));
        fputs("</h2>\n", f);
        html_table(f, json_object_get(rep, "sides"), json_object_get(t, "sides"));
    }
    fputs("<h2>", f);
    esc(f, _("The whole game"));
    fputs("</h2>\n", f);
    html_table(f, json_object_get(rep, "sides"), json_object_get(rep, "totals"));
    html_text_block(f, rep, "end", 1);
    fputs("</body></html>\n", f);
    json_decref(rep);
    return finish(f, &buf, out, err);
}
