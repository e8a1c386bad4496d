/* brief.c — one line per test (brief.h).
 *
 * Reads records and results in their JSON shape (docs/json.md), so that the
 * calculators, explain, the game's narration and the demo share one brief
 * form. A result is taken as it is given: the caller passes the result
 * already filtered for its reader (grog_game_do_as, grog_game_log_json). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/brief.h"
#include "grognard/explain.h"
#include "i18n.h"

static const char *str(json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    return s != NULL ? s : "";
}

/* The first failing check, or NULL. */
static json_t *failed_check(json_t *rec)
{
    size_t i;
    json_t *c;
    json_array_foreach(json_object_get(rec, "checks"), i, c)
        if (json_is_false(json_object_get(c, "ok")))
            return c;
    return NULL;
}

static void outcomes(FILE *f, json_t *rec)
{
    size_t i;
    json_t *o;
    json_array_foreach(json_object_get(rec, "outcomes"), i, o)
        fprintf(f, "%s%s %.1f%%", i ? ", " : "; ", grog_explain_word(str(o, "name")),
                100.0 * json_number_value(json_object_get(o, "p")));
}

/* "needs < 7 on 1d6" (the modifiers make the target) or "needs > 6 on 2d6 -1"
 * (they modify the roll). */
static void needs(FILE *f, json_t *rec)
{
    json_t *target = json_object_get(rec, "target");
    const char *dice = str(rec, "dice");
    if (!json_is_integer(target)) {
        if (dice[0])
            fprintf(f, ": %s", dice);
        return;
    }
    long long t = json_integer_value(target);
    long long total = json_integer_value(json_object_get(rec, "modifier_total"));
    int from_mods = json_array_size(json_object_get(rec, "modifiers")) > 0 && total == t;
    fprintf(f, ": %s %s %lld %s %s", _("needs"), str(rec, "comparison"), t, _("on"), dice);
    if (!from_mods && total != 0)
        fprintf(f, " %+lld", total);
}

static void rolled(FILE *f, json_t *rec)
{
    json_t *roll = json_object_get(rec, "roll");
    if (!json_is_integer(roll))
        return;
    long long r = json_integer_value(roll);
    long long m = json_integer_value(json_object_get(rec, "modified_roll"));
    fprintf(f, "; %s %lld", json_is_true(json_object_get(rec, "entered")) ? _("entered") : _("rolled"),
            r);
    if (m != r)
        fprintf(f, " (%s %lld)", _("modified"), m);
    fprintf(f, ": %s", grog_explain_word(str(rec, "outcome")));
}

static void value(FILE *f, json_t *rec, const char *sep)
{
    json_t *v = json_object_get(rec, "value");
    if (!json_is_number(v))
        return;
    const char *unit = str(rec, "unit");
    fprintf(f, "%s%g%s%s", sep, json_number_value(v), unit[0] ? " " : "",
            grog_explain_unit_words(unit, json_number_value(v)));
}

static void record_line(FILE *f, json_t *rec)
{
    const char *title = str(rec, "title");
    fputs(title[0] ? title : str(rec, "test"), f);
    json_t *bad = failed_check(rec);
    if (bad != NULL) {
        const char *detail = str(bad, "detail");
        fprintf(f, ": %s %s %s%s%s\n", _("refused:"), str(bad, "rule"), str(bad, "label"),
                detail[0] ? ": " : "", detail);
        return;
    }
    if (json_is_string(json_object_get(rec, "dice")) || json_is_integer(json_object_get(rec, "target"))) {
        needs(f, rec);
        outcomes(f, rec);
        if (json_array_size(json_object_get(rec, "outcomes")) == 0 &&
            json_is_number(json_object_get(rec, "mean")))
            fprintf(f, "; %s %.1f", _("mean"), json_number_value(json_object_get(rec, "mean")));
        rolled(f, rec);
        if (!json_is_integer(json_object_get(rec, "roll")))
            value(f, rec, "; ");
    } else {
        value(f, rec, ": ");
    }
    fputc('\n', f);
}

static grog_status with_stream(char **out, grog_error *err, FILE **f, char **buf, size_t *len)
{
    *f = open_memstream(buf, len);
    (void)out;
    return *f != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
}

grog_status grog_brief_record(const char *record_json, char **out, grog_error *err)
{
    json_t *rec = json_loads(record_json, 0, NULL);
    if (!json_is_object(rec)) {
        json_decref(rec);
        return grog_error_set(err, GROG_EFORMAT, "%s", _("not a record"));
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *f;
    grog_status st = with_stream(out, err, &f, &buf, &len);
    if (st == GROG_OK) {
        record_line(f, rec);
        fclose(f);
        *out = buf;
    }
    json_decref(rec);
    return st;
}

static void result_lines(FILE *f, json_t *r)
{
    long long seq = json_integer_value(json_object_get(r, "seq"));
    if (seq > 0)
        fprintf(f, "#%lld ", seq);
    fprintf(f, "t%lld %s >", json_integer_value(json_object_get(r, "turn")), str(r, "phase"));
    size_t i;
    json_t *w;
    json_array_foreach(json_object_get(r, "action"), i, w) fprintf(f, " %s", json_string_value(w));
    fputc('\n', f);
    json_t *records = json_object_get(r, "records"), *e;
    json_array_foreach(json_object_get(r, "events"), i, e) {
        if (strcmp(str(e, "type"), "record") == 0) {
            json_t *rec = json_array_get(records, (size_t)json_integer_value(json_object_get(e, "index")));
            rec = json_object_get(rec, "record");
            if (json_is_object(rec)) { /* null: not the reader's to see */
                fputs("  ", f);
                record_line(f, rec);
            }
            continue;
        }
        const char *to = str(e, "visible_to");
        if (to[0])
            fprintf(f, "  [%s%s] %s\n", to, _(" only"), str(e, "text"));
        else
            fprintf(f, "  %s\n", str(e, "text"));
    }
}

grog_status grog_brief_result(const char *result_json, char **out, grog_error *err)
{
    json_t *r = json_loads(result_json, 0, NULL);
    if (!json_is_object(r)) {
        json_decref(r);
        return grog_error_set(err, GROG_EFORMAT, "%s", _("not a result"));
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *f;
    grog_status st = with_stream(out, err, &f, &buf, &len);
    if (st == GROG_OK) {
        result_lines(f, r);
        fclose(f);
        *out = buf;
    }
    json_decref(r);
    return st;
}
