/* game_exec.c — a journal row executed again on a state: its words read,
 * run from its place in the dice stream, and compared with what the row
 * recorded (the checks always; the result when asked: byte for byte in the
 * language it was recorded in, else its structure and untranslated words);
 * and the result text an action makes (what the journal stores).
 *
 * Invariants: a row runs on the state it is given from the stream position
 * it recorded, never earlier; a row that fails or differs is named by its
 * number and action word only (its other words may be a side's secret). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "i18n.h"
#include "journal.h"
#include "jsontext.h"

/* ---- comparing results ---- */

/* Keys whose strings are never translated: they are compared even when the
 * row was recorded in another language. */
static int untranslated_key(const char *key)
{
    static const char *const keys[] = {"side",  "visible_to", "notes_visible_to", "type",
                                       "phase", "action",     "outcome",          "id",
                                       "unit",  "officer",    "rule",             "dice",
                                       "test",  "comparison", "name",             "exact",
                                       NULL};
    for (size_t i = 0; key != NULL && keys[i] != NULL; i++)
        if (strcmp(key, keys[i]) == 0)
            return 1;
    return 0;
}

/* A copy of j with the translated strings blanked. */
static json_t *skeleton(json_t *j, const char *key)
{
    if (json_is_string(j))
        return untranslated_key(key) ? json_incref(j) : json_string("");
    if (json_is_array(j)) {
        json_t *a = json_array();
        size_t i;
        json_t *v;
        json_array_foreach(j, i, v) json_array_append_new(a, skeleton(v, key));
        return a;
    }
    if (json_is_object(j)) {
        json_t *o = json_object();
        const char *k;
        json_t *v;
        json_object_foreach(j, k, v) json_object_set_new(o, k, skeleton(v, k));
        return o;
    }
    return json_incref(j);
}

/* Whether r and the stored result have the same structure, numbers and
 * untranslated words (their texts may be in other words). */
static int same_skeleton(const char *r, const char *stored_text)
{
    json_t *mine = r != NULL ? json_loads(r, 0, NULL) : NULL;
    json_t *stored = json_loads(stored_text, 0, NULL);
    json_t *x = mine != NULL ? skeleton(mine, NULL) : NULL;
    json_t *y = stored != NULL ? skeleton(stored, NULL) : NULL;
    int same = x != NULL && y != NULL && json_equal(x, y);
    json_decref(x);
    json_decref(y);
    json_decref(mine);
    json_decref(stored);
    return same;
}

/* Interpretation (docs/i18n.md, "A game's journal"): a row recorded in French
 * or Russian whose texts differ, byte for byte, from the ones the catalogues
 * give now is compared as a row of another language is: the catalogues'
 * words are corrected from one version to the next (issue 28), and a game
 * played before must still replay. English, the source text, is compared
 * byte for byte. */
int game_same_result(const char *r, const journal_action *a)
{
    char lang[64];
    game_lang(lang, sizeof lang);
    if (a->lang != NULL && strcmp(a->lang, lang) == 0) {
        int same = r != NULL && strcmp(r, a->result) == 0;
        if (same || lang[0] == '\0')
            return same;
    }
    if (a->lang == NULL)
        return 1; /* a version 1 row: its checks only */
    return same_skeleton(r, a->result);
}

/* ---- a row again ---- */

/* The result, as the journal stores it: {"seq","side","action","secret_from",
 * "turn","phase","events","records"} in compact JSON, words being the action's
 * words as JSON text. NULL when out of memory, or when a string is one jansson
 * refuses (its json_pack made nothing either). Caller frees. */
char *game_result_text(const action_ctx *c, const char *words)
{
    if (c->events.bad || c->records.bad || ctx_phase_id(c) == NULL || c->side == NULL)
        return NULL;
    grog_jsontext t = {0};
    grog_jsontext_lit(&t, "{\"seq\":");
    grog_jsontext_int(&t, c->seq);
    grog_jsontext_lit(&t, ",\"side\":");
    grog_jsontext_str(&t, c->side);
    grog_jsontext_lit(&t, ",\"action\":");
    grog_jsontext_lit(&t, words);
    grog_jsontext_lit(&t, ",\"secret_from\":");
    grog_jsontext_int(&t, c->secret_from);
    grog_jsontext_lit(&t, ",\"turn\":");
    grog_jsontext_int(&t, c->turn);
    grog_jsontext_lit(&t, ",\"phase\":");
    grog_jsontext_str(&t, ctx_phase_id(c));
    grog_jsontext_lit(&t, ",\"events\":[");
    grog_jsontext_raw(&t, c->events.s != NULL ? c->events.s : "", c->events.len);
    grog_jsontext_lit(&t, "],\"records\":[");
    grog_jsontext_raw(&t, c->records.s != NULL ? c->records.s : "", c->records.len);
    grog_jsontext_lit(&t, "]}");
    if (t.bad) {
        grog_jsontext_free(&t);
        return NULL;
    }
    return t.s;
}

/* A row's words: a JSON array of 1 to 256 strings. The usual row (words of
 * plain printable ASCII, no escape, no space: as json_dumps wrote it) is read
 * here; any other text goes to jansson, which accepts or refuses it. */
typedef struct row_words {
    json_t *j;            /* jansson's array, when it read them */
    char buf[4096];       /* the words read here, each NUL-terminated */
    const char *w[256];
    int n;
} row_words;

static int words_plain(row_words *rw, const char *text)
{
    const char *p = text;
    size_t k = 0;
    if (*p++ != '[')
        return 0;
    for (rw->n = 0;; p++) {
        if (*p++ != '"' || rw->n == 256)
            return 0;
        rw->w[rw->n++] = rw->buf + k;
        for (; *p != '"'; p++) {
            if (*p < 0x20 || *p > 0x7e || *p == '\\' || k >= sizeof rw->buf - 2)
                return 0;
            rw->buf[k++] = *p;
        }
        rw->buf[k++] = '\0';
        p++;
        if (*p == ']')
            return p[1] == '\0';
        if (*p != ',')
            return 0;
    }
}

static int words_read(row_words *rw, const char *text)
{
    rw->j = NULL;
    if (words_plain(rw, text))
        return 1;
    rw->j = json_loads(text, 0, NULL);
    if (!json_is_array(rw->j) || json_array_size(rw->j) == 0 || json_array_size(rw->j) > 256)
        return 0;
    rw->n = (int)json_array_size(rw->j);
    for (int i = 0; i < rw->n; i++)
        if ((rw->w[i] = json_string_value(json_array_get(rw->j, (size_t)i))) == NULL)
            return 0;
    return 1;
}

/* The words as compact JSON text (what the result holds), or NULL. */
static char *words_text(const row_words *rw)
{
    grog_jsontext t = {0};
    grog_jsontext_lit(&t, "[");
    for (int i = 0; i < rw->n; i++) {
        if (i > 0)
            grog_jsontext_lit(&t, ",");
        grog_jsontext_str(&t, rw->w[i]);
    }
    grog_jsontext_lit(&t, "]");
    if (!t.bad)
        return t.s;
    grog_jsontext_free(&t);
    return NULL;
}

/* Whether the stored text is, byte for byte, the result result_text would
 * make, compared piece by piece as it is made (no copy of the whole). */
static int result_is(const action_ctx *c, const row_words *rw, const char *stored)
{
    if (c->events.bad || c->records.bad || ctx_phase_id(c) == NULL || c->side == NULL)
        return 0;
    grog_jsontext t = {0};
    grog_jsontext_lit(&t, "{\"seq\":");
    grog_jsontext_int(&t, c->seq);
    grog_jsontext_lit(&t, ",\"side\":");
    grog_jsontext_str(&t, c->side);
    grog_jsontext_lit(&t, ",\"action\":[");
    for (int i = 0; i < rw->n; i++) {
        if (i > 0)
            grog_jsontext_lit(&t, ",");
        grog_jsontext_str(&t, rw->w[i]);
    }
    grog_jsontext_lit(&t, "],\"secret_from\":");
    grog_jsontext_int(&t, c->secret_from);
    grog_jsontext_lit(&t, ",\"turn\":");
    grog_jsontext_int(&t, c->turn);
    grog_jsontext_lit(&t, ",\"phase\":");
    grog_jsontext_str(&t, ctx_phase_id(c));
    grog_jsontext_lit(&t, ",\"events\":[");
    const struct {
        const char *s;
        size_t n;
    } pieces[] = {{t.s, t.len},
                  {c->events.s, c->events.len},
                  {"],\"records\":[", 13},
                  {c->records.s, c->records.len},
                  {"]}", 3}}; /* with the NUL: the stored text ends there */
    int same = !t.bad;
    for (size_t i = 0; same && i < sizeof pieces / sizeof pieces[0]; i++) {
        if (pieces[i].n == 0)
            continue;
        same = strncmp(stored, pieces[i].s, pieces[i].n) == 0 &&
               (i + 1 < sizeof pieces / sizeof pieces[0] || stored[pieces[i].n - 1] == '\0');
        stored += pieces[i].n;
    }
    grog_jsontext_free(&t);
    return same;
}

int game_row_before_measures(const char *stored)
{
    /* the key follows the checks' array; in any text its quotes are escaped */
    return stored != NULL && strstr(stored, "\"records\":[{") != NULL &&
           strstr(stored, "],\"measures\":[") == NULL;
}

/* Whether the action's result, made again, is the stored one (as
 * game_same_result says; recorded in the language of now: compared as it is
 * made). */
static int same_result(const action_ctx *c, const row_words *rw, const journal_action *a)
{
    char buf[64];
    const char *lang = c->game->lang_now != NULL ? c->game->lang_now : game_lang(buf, sizeof buf);
    if (a->lang != NULL && strcmp(a->lang, lang) == 0) {
        if (result_is(c, rw, a->result))
            return 1;
        if (lang[0] == '\0')
            return 0; /* English: byte for byte (game_same_result) */
    }
    char *w = words_text(rw);
    char *r = w != NULL ? game_result_text(c, w) : NULL;
    int same = game_same_result(r, a);
    free(r);
    free(w);
    return same;
}

grog_status game_exec_row_on(grog_game *g, game_state *on, const journal_action *a,
                             int compare_result, grog_error *err)
{
    row_words rw;
    if (!words_read(&rw, a->words)) {
        json_decref(rw.j);
        return grog_error_set(err, GROG_EFORMAT, _("action %lld: damaged words"), a->seq);
    }
    /* Messages name the action by number and kind only: its other words may
     * be a side's secret, and whoever opens the game reads this. */
    char kind[64];
    snprintf(kind, sizeof kind, "%s", rw.w[0]);
    grog_status st = game_seek(on->rng, a->rng_from, err);
    if (st != GROG_OK) {
        json_decref(rw.j);
        return grog_error_set(err, GROG_EFORMAT,
                              _("action %lld (%s): its place in the dice stream is damaged"),
                              a->seq, kind);
    }
    action_ctx c;
    ctx_init(&c, g, on);
    c.seq = a->seq;
    c.checks_only = !compare_result; /* only the checks are compared */
    c.before_measures = game_row_before_measures(a->result);
    st = game_run_action(g, &c, rw.n, rw.w, err);
    if (st != GROG_OK) {
        ctx_free(&c);
        json_decref(rw.j);
        return grog_error_set(err, GROG_EFORMAT, _("action %lld (%s) no longer replays"), a->seq,
                              kind);
    }
    ctx_store(&c, on);
    ctx_finish_checks(&c);
    const char *mine = c.checks != NULL ? c.checks : "";
    if (strcmp(mine, a->checks) != 0 ||
        (a->rng_to >= 0 && (long long)grog_rng_draws(on->rng) != a->rng_to))
        st = grog_error_set(err, GROG_EFORMAT,
                            _("action %lld (%s) differs on replay: its rolls or outcomes are not "
                              "the ones recorded"),
                            a->seq, kind);
    if (st == GROG_OK && compare_result && !same_result(&c, &rw, a))
        st = grog_error_set(err, GROG_EFORMAT,
                            _("action %lld (%s) differs on replay: its recorded result (what "
                              "the log shows) is not the one the rules give"),
                            a->seq, kind);
    /* The row's side column says whose action it was (who may undo it);
     * an edited one is named like any other difference. */
    if (st == GROG_OK && compare_result &&
        strcmp(c.side != NULL ? c.side : "", a->side != NULL ? a->side : "") != 0)
        st = grog_error_set(err, GROG_EFORMAT,
                            _("action %lld (%s) differs on replay: the side recorded as doing it "
                              "is not the one its pieces give"),
                            a->seq, kind);
    ctx_free(&c);
    json_decref(rw.j);
    return st;
}

grog_status game_exec_row(grog_game *g, const journal_action *a, int compare_result,
                          grog_error *err)
{
    game_spare_drop(g); /* the live state moves on without it */
    return game_exec_row_on(g, &g->s, a, compare_result, err);
}
