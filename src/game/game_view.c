/* game_view.c — what a game shows: status, log, narration, for one viewer.
 *
 * Every item shown is first filtered for the viewer (viewer.c: the seat as
 * a viewer string, what it may see of a result). Nothing here changes the
 * game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commitment_internal.h"
#include "engine.h"
#include "i18n.h"
#include "journal.h"

static grog_status dump(json_t *j, char **out, grog_error *err)
{
    *out = json_dumps(j, JSON_INDENT(2));
    json_decref(j);
    return *out != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}

grog_status grog_game_status_json(const grog_game *g, const grog_seat *seat, char **out,
                                  grog_error *err)
{
    return dump(game_status_object(g, game_viewer(seat)), out, err);
}

static void print_strings(FILE *f, const char *indent, json_t *arr)
{
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) fprintf(f, "%s%s\n", indent, json_string_value(v));
}

grog_status grog_game_status_text(const grog_game *g, const grog_seat *seat, char **out,
                                  grog_error *err)
{
    const char *side = game_viewer(seat);
    json_t *s = game_status_object(g, side);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL) {
        json_decref(s);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    if (viewer_is_referee(side))
        fprintf(f, _("%s: a %s game (dice seed %llu)\n"),
                json_string_value(json_object_get(s, "scenario")),
                grog_family_title(grog_game_family(g)), (unsigned long long)grog_game_seed(g));
    else
        fprintf(f, _("%s: a %s game\n"), json_string_value(json_object_get(s, "scenario")),
                grog_family_title(grog_game_family(g)));
    fprintf(f,
            ngettext("Turn %d, %s phase; %zu action in the journal.\n",
                     "Turn %d, %s phase; %zu actions in the journal.\n", grog_game_action_count(g)),
            grog_game_turn(g), grog_explain_phase_of(grog_game_phase(g)),
            grog_game_action_count(g));
    commitment_status_text(s, f);
    json_t *may = json_object_get(s, "may");
    const char *key;
    json_t *v;
    json_object_foreach(may, key, v) {
        /* the side by its name (a person reads it; review A12), its id when it has none */
        const grog_side *sd = grog_battle_side_by_id(grog_game_battle(g), key);
        fprintf(f, _("%s may:\n"), sd != NULL && sd->name[0] != '\0' ? sd->name : key);
        print_strings(f, "  ", v);
    }
    json_t *pending = json_object_get(s, "pending");
    if (json_array_size(pending) > 0) {
        fprintf(f, "%s\n", _("Under way:"));
        print_strings(f, "  ", pending);
    }
    json_decref(s);
    fclose(f);
    *out = buf;
    return GROG_OK;
}

/* ---- narration ---- */

/* Prints s (may be NULL) left-aligned in width characters (UTF-8 code points,
 * so that French and Russian columns line up). */
static void put_padded(FILE *f, const char *s, int width)
{
    int n = 0;
    if (s == NULL)
        s = "";
    for (const char *p = s; *p != '\0'; p++)
        n += ((unsigned char)*p & 0xC0) != 0x80;
    fputs(s, f);
    for (; n < width; n++)
        fputc(' ', f);
}

/* A record's measures (tape.h), one line each: where each distance or
 * contact the test used came from. */
static void measures_text(FILE *f, json_t *rec)
{
    size_t i;
    json_t *m;
    json_array_foreach(json_object_get(rec, "measures"), i, m) {
        const char *what = json_string_value(json_object_get(m, "what"));
        const char *from = json_string_value(json_object_get(m, "from"));
        const char *to = json_string_value(json_object_get(m, "to"));
        json_t *v = json_object_get(m, "value");
        int enemy = what != NULL && strcmp(what, "nearest-enemy") == 0;
        fprintf(f, "      %s %s ", _("measure"), json_string_value(json_object_get(m, "rule")));
        if (enemy && to != NULL)
            fprintf(f, _("%s to the nearest enemy (%s): "), from, to);
        else if (enemy)
            fprintf(f, _("%s to the nearest enemy: "), from);
        else
            fprintf(f, _("%s to %s: "), from, to != NULL ? to : "?");
        if (json_is_boolean(v))
            fputs(json_is_true(v) ? _("in contact") : _("not in contact"), f);
        else if (json_is_number(v))
            fprintf(f, "%.1f %s", json_number_value(v),
                    grog_explain_unit_words(json_string_value(json_object_get(m, "unit")),
                                            json_number_value(v)));
        else
            fputs(_("no enemy unit on the map"), f);
        const char *src = json_string_value(json_object_get(m, "source"));
        fprintf(f, " (%s)\n", src != NULL && strcmp(src, "table") == 0 ? _("measured at the table")
                                                                       : _("from the map"));
    }
}

static void record_text(FILE *f, json_t *rec)
{
    const char *title = json_string_value(json_object_get(rec, "title"));
    const char *test = json_string_value(json_object_get(rec, "test"));
    fprintf(f, "    %s", title != NULL ? title : test != NULL ? test : "?");
    json_t *target = json_object_get(rec, "target");
    const char *dice = json_string_value(json_object_get(rec, "dice"));
    size_t i;
    json_t *m;
    json_t *mods = json_object_get(rec, "modifiers");
    long long total = json_integer_value(json_object_get(rec, "modifier_total"));
    if (dice != NULL && json_is_integer(target) && json_array_size(mods) > 0 &&
        total == json_integer_value(target)) {
        /* The modifiers make the target; nothing modifies the die:
         * "1d6 < 7 (target = 4 + 3)". */
        fprintf(f, ": %s %s %lld (%s =", dice,
                json_string_value(json_object_get(rec, "comparison")),
                (long long)json_integer_value(target), grog_pgettext(NC_("record", "target")));
        json_array_foreach(mods, i, m) {
            long long v = json_integer_value(json_object_get(m, "value"));
            fprintf(f, i == 0 ? " %lld" : v < 0 ? " - %lld" : " + %lld", i == 0 ? v : llabs(v));
        }
        fputc(')', f);
    } else if (dice != NULL && json_is_integer(target))
        fprintf(f, ": %s, %s %s %lld", dice, _("modified roll"),
                json_string_value(json_object_get(rec, "comparison")),
                (long long)json_integer_value(target));
    fputc('\n', f);
    json_array_foreach(json_object_get(rec, "checks"), i, m) {
        fprintf(f, "      [%s] %s %s", json_is_true(json_object_get(m, "ok")) ? _("ok") : _("NO"),
                json_string_value(json_object_get(m, "rule")),
                json_string_value(json_object_get(m, "label")));
        const char *d = json_string_value(json_object_get(m, "detail"));
        fprintf(f, "%s%s\n", d != NULL ? ": " : "", d != NULL ? d : "");
    }
    measures_text(f, rec);
    json_array_foreach(json_object_get(rec, "modifiers"), i, m) {
        fputs("      ", f);
        put_padded(f, json_string_value(json_object_get(m, "rule")), 9);
        fputc(' ', f);
        put_padded(f, json_string_value(json_object_get(m, "label")), 40);
        fprintf(f, " %+lld\n", (long long)json_integer_value(json_object_get(m, "value")));
    }
    json_t *outs = json_object_get(rec, "outcomes");
    if (json_array_size(outs) > 0) {
        fprintf(f, "      %s", _("odds:"));
        json_array_foreach(outs, i, m)
            fprintf(f, " %s %s (%.1f%%)",
                    grog_explain_word(json_string_value(json_object_get(m, "name"))),
                    json_string_value(json_object_get(m, "exact")),
                    100 * json_number_value(json_object_get(m, "p")));
        fputc('\n', f);
    }
    json_array_foreach(json_object_get(rec, "notes"), i, m) {
        const char *rule = json_string_value(json_object_get(m, "rule"));
        fprintf(f, "      %s%s%s\n", rule != NULL ? rule : "", rule != NULL ? ": " : "",
                json_string_value(json_object_get(m, "text")));
    }
    json_t *value = json_object_get(rec, "value");
    if (json_is_number(value))
        fprintf(f, "      %s %g %s\n", _("value:"), json_number_value(value),
                grog_explain_unit_words(json_string_value(json_object_get(rec, "unit")),
                                        json_number_value(value)));
    json_t *path = json_object_get(rec, "path");
    if (json_array_size(path) > 0) {
        fprintf(f, "      %s", _("path:"));
        json_array_foreach(path, i, m)
        {
            fputs(i ? " -> " : " ", f);
            grog_explain_put_step(f, json_string_value(m));
        }
        fputc('\n', f);
    }
    json_t *roll = json_object_get(rec, "roll");
    if (json_is_integer(roll)) {
        long long r = json_integer_value(roll);
        long long mr = json_integer_value(json_object_get(rec, "modified_roll"));
        fprintf(f, "      %s %lld%s", _("roll"), r,
                json_is_true(json_object_get(rec, "entered")) ? _(" (entered)") : "");
        if (mr != r)
            fprintf(f, ", %s %lld", _("modified"), mr);
        fprintf(f, ": %s\n", grog_explain_word(json_string_value(json_object_get(rec, "outcome"))));
    }
    /* Defaults, once per record on one line (their notes are in --json). */
    json_t *defs = json_object_get(rec, "defaults_used");
    if (json_array_size(defs) > 0) {
        fprintf(f, "      %s", ngettext("default used:", "defaults used:", json_array_size(defs)));
        json_array_foreach(defs, i, m)
            fprintf(f, "%s %s = %s", i ? ";" : "", json_string_value(json_object_get(m, "setting")),
                    json_string_value(json_object_get(m, "value")));
        fputc('\n', f);
    }
}

static void result_text(FILE *f, json_t *result, const char *side)
{
    json_t *r = game_result_filtered(result, side);
    long long seq = (long long)json_integer_value(json_object_get(r, "seq"));
    long long undone = (long long)json_integer_value(json_object_get(r, "undone_by"));
    if (seq > 0)
        fprintf(f, "#%lld  ", seq);
    if (undone > 0)
        fprintf(f, _("[undone by #%lld]  "), undone);
    if (json_is_false(json_object_get(r, "replays")))
        fprintf(f, "%s  ", _("[DOES NOT REPLAY]"));
    if (seq <= 0)
        fprintf(f, "%s  ", _("(not journaled)"));
    fprintf(f, "%s %lld, %s", _("turn"), (long long)json_integer_value(json_object_get(r, "turn")),
            grog_explain_word(json_string_value(json_object_get(r, "phase"))));
    size_t i;
    json_t *w;
    fputs("  >", f);
    json_array_foreach(json_object_get(r, "action"), i, w) fprintf(f, " %s", json_string_value(w));
    fputc('\n', f);
    json_t *e;
    json_t *records = json_object_get(r, "records");
    json_array_foreach(json_object_get(r, "events"), i, e) {
        if (!viewer_sees(e, side))
            continue;
        const char *type = json_string_value(json_object_get(e, "type"));
        if (type != NULL && strcmp(type, "record") == 0) {
            json_t *rec = json_array_get(records, (size_t)json_integer_value(json_object_get(e, "index")));
            if (rec != NULL)
                record_text(f, json_object_get(rec, "record"));
            continue;
        }
        const char *to = json_string_value(json_object_get(e, "visible_to"));
        fprintf(f, "  %s%s%s%s\n", to != NULL && to[0] ? "[" : "", to != NULL && to[0] ? to : "",
                to != NULL && to[0] ? _(" only] ") : "",
                json_string_value(json_object_get(e, "text")));
    }
    json_decref(r);
}

grog_status grog_game_result_text(const char *result_json, const grog_seat *seat, char **out,
                                  grog_error *err)
{
    json_t *r = json_loads(result_json, 0, NULL);
    if (r == NULL)
        return grog_error_set(err, GROG_EFORMAT, _("not a result"));
    const char *side = game_viewer(seat);
    if (seat == NULL) /* the player who acted sees his own side's information */
        side = json_string_value(json_object_get(r, "side"));
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL) {
        json_decref(r);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    result_text(f, r, side);
    fclose(f);
    json_decref(r);
    *out = buf;
    return GROG_OK;
}

typedef struct log_ctx {
    const char *side;
    json_t *all; /* JSON mode */
    FILE *f;     /* text mode */
    long long *undone_by; /* [seq]: the undo record cancelling the row, 0 if in effect */
    long long last, bad;
} log_ctx;

static grog_status log_row(void *p, const journal_action *a, grog_error *err)
{
    log_ctx *l = p;
    json_t *r = json_loads(a->result, 0, NULL);
    if (!json_is_object(r)) {
        json_decref(r);
        if (l->bad > 0) { /* a damaged game is listed as far as it goes */
            r = json_pack("{s:I,s:s,s:[s],s:[],s:[]}", "seq", (json_int_t)a->seq, "side", "",
                          "action", "?", "events", "records");
        } else {
            return grog_error_set(err, GROG_EFORMAT, _("damaged result of action %lld"),
                                  a->seq);
        }
    }
    if (a->seq >= 1 && a->seq <= l->last && l->undone_by[a->seq] > 0)
        json_object_set_new(r, "undone_by", json_integer(l->undone_by[a->seq]));
    if (l->bad > 0)
        json_object_set_new(r, "replays", json_boolean(a->seq < l->bad));
    if (l->all != NULL)
        json_array_append_new(l->all, game_result_filtered(r, l->side));
    else
        result_text(l->f, r, l->side);
    json_decref(r);
    return GROG_OK;
}

static grog_status log_rows(const grog_game *g, log_ctx *l, grog_error *err)
{
    grog_status st = game_undone_by(g, &l->undone_by, err);
    if (st != GROG_OK)
        return st;
    l->last = g->last;
    l->bad = g->bad;
    st = game_foreach(g, log_row, l, err);
    free(l->undone_by);
    return st;
}

grog_status grog_game_log_json(const grog_game *g, const grog_seat *seat, char **out,
                               grog_error *err)
{
    log_ctx l = {game_viewer(seat), json_array(), NULL, NULL, 0, 0};
    grog_status st = log_rows(g, &l, err);
    if (st != GROG_OK) {
        json_decref(l.all);
        return st;
    }
    return dump(l.all, out, err);
}

grog_status grog_game_log_text(const grog_game *g, const grog_seat *seat, char **out,
                               grog_error *err)
{
    char *buf = NULL;
    size_t len = 0;
    log_ctx l = {game_viewer(seat), NULL, open_memstream(&buf, &len), NULL, 0, 0};
    if (l.f == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_status st = log_rows(g, &l, err);
    if (st == GROG_OK && g->bad > 0)
        fprintf(l.f, _("The journal does not replay from action %lld: %s\n"), (long long)g->bad,
                g->bad_reason);
    fclose(l.f);
    if (st != GROG_OK) {
        free(buf);
        return st;
    }
    *out = buf;
    return GROG_OK;
}

