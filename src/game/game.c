/* game.c — a game: creating and opening its file, its state, the action
 * context, and doing one action under the one-writer rule.
 *
 * Invariants: g->s is always the state after the journal's last row read
 * (g->last). An action runs on a copy of the state, inside one write
 * transaction (BEGIN IMMEDIATE) in which the journal is first caught up with
 * what other processes wrote; only when it succeeds and its row is committed
 * is the copy swapped in. Every action draws from the game's one stream at
 * the position the journal has reached (g->stream), never earlier: undoing
 * does not rewind the dice. history.c replays, undoes and verifies. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "explain_internal.h"
#include "grognard/data.h"
#include "grognard/scenario.h"
#include "grognard/text.h"
#include "grognard/version.h"
#include "i18n.h"
#include "journal.h"
#include "jsontext.h"
#include "snapcache.h"

#define FORMAT_NAME "grognard-game"

static const family_ops *const families[GROG_FAMILY_COUNT] = {
    &grog_family_aigles_ops,
    &grog_family_gdb_ops,
    &grog_family_gt_ops,
};

static const char *const family_names[GROG_FAMILY_COUNT] = {"aigles", "gdb", "gt"};

const char *grog_family_title(grog_family f)
{
    static const char *const titles[] = {"Les Aigles", "General de Brigade", "Grande Tactique"};
    return (int)f >= 0 && f < GROG_FAMILY_COUNT ? titles[f] : "?";
}

const char *grog_family_name(grog_family f)
{
    return f < GROG_FAMILY_COUNT ? family_names[f] : "?";
}

grog_status grog_family_parse(const char *text, grog_family *out, grog_error *err)
{
    for (int i = 0; i < GROG_FAMILY_COUNT; i++) {
        if (strcmp(text, family_names[i]) == 0) {
            *out = (grog_family)i;
            return GROG_OK;
        }
    }
    return grog_error_set(err, GROG_EINVAL,
                          _("unknown rule family \"%s\": use aigles, gdb or gt"), text);
}

/* ---- the state ---- */

void game_state_free(const grog_game *g, game_state *s)
{
    if (s->fstate != NULL)
        g->ops->destroy(s->fstate);
    s->fstate = NULL;
    grog_battle_destroy(s->battle);
    s->battle = NULL;
    grog_rng_destroy(s->rng);
    s->rng = NULL;
}

grog_status game_state_clone(const grog_game *g, const game_state *from, game_state *to,
                             grog_error *err)
{
    to->battle = grog_battle_clone(from->battle);
    to->fstate = to->battle != NULL ? g->ops->copy(from->fstate) : NULL;
    to->rng = grog_rng_clone(from->rng);
    to->turn = from->turn;
    to->phase = from->phase;
    if (to->battle == NULL || to->fstate == NULL || to->rng == NULL) {
        game_state_free(g, to);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    return GROG_OK;
}

/* Copies the sides' ids once: seats point at them, and they never change. */
static grog_status keep_sides(grog_game *g, grog_error *err)
{
    if (g->sides != NULL)
        return GROG_OK;
    g->nsides = grog_battle_nsides(g->s.battle);
    g->sides = calloc(g->nsides + 1, sizeof *g->sides);
    if (g->sides == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    for (size_t i = 0; i < g->nsides; i++)
        memcpy(g->sides[i], grog_battle_side(g->s.battle, i)->id, GROG_ID_MAX);
    return GROG_OK;
}

/* The game at its start from battle b, which it takes (NULL: read from the
 * stored scenario text). */
static grog_status start_state(grog_game *g, grog_battle *b, grog_error *err)
{
    game_spare_drop(g);
    game_state_free(g, &g->s);
    grog_status st = GROG_OK;
    if (b != NULL)
        g->s.battle = b;
    else
        st = grog_scenario_load_text(g->scenario_text, g->scenario_label, &g->s.battle, err);
    if (st != GROG_OK)
        return st;
    st = g->ops->create(g->rules, g->s.battle, &g->s.fstate, err);
    if (st != GROG_OK)
        return st;
    g->s.rng = grog_rng_create(g->seed);
    if (g->s.rng == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    g->s.turn = 1;
    g->s.phase = 0;
    return keep_sides(g, err);
}

grog_status game_set_state(grog_game *g, game_state *s, grog_error *err)
{
    game_spare_drop(g);
    game_state_free(g, &g->s);
    g->s = *s;
    memset(s, 0, sizeof *s);
    return keep_sides(g, err);
}

grog_status game_fresh_state(grog_game *g, grog_error *err)
{
    return start_state(g, NULL, err);
}

grog_status game_seek(grog_rng *rng, long long to, grog_error *err)
{
    if (to < 0)
        return GROG_OK;
    if ((long long)grog_rng_draws(rng) > to)
        return grog_error_set(err, GROG_EFORMAT, _("the dice stream would go back"));
    while ((long long)grog_rng_draws(rng) < to)
        grog_rng_next(rng);
    return GROG_OK;
}

static grog_status load_rules(grog_game *g, grog_error *err)
{
    char *label = NULL, *text = NULL;
    grog_status st = journal_get_text(g->j, "rules", &label, &text, err);
    if (st == GROG_OK)
        st = g->ops->load_rules(text, label, &g->rules, err);
    free(label);
    free(text);
    return st;
}

/* ---- the action context ---- */

const char *ctx_phase_id(const action_ctx *c)
{
    return c->game->ops->phases[c->phase];
}

/* A context working on state s (the live state, or a copy). */
static void ctx_init(action_ctx *c, grog_game *g, game_state *s)
{
    memset(c, 0, sizeof *c);
    c->game = g;
    c->rules = g->rules;
    c->battle = s->battle;
    c->fstate = s->fstate;
    c->rng = s->rng;
    c->turn = s->turn;
    c->phase = s->phase;
    c->seq = g->last + 1;
    c->side = "";
    if (g->reals == NULL)
        g->reals = grog_jsontext_reals_create(); /* NULL: every real made anew */
    c->events = g->buf_events; /* the buffers of the last action, emptied */
    c->records = g->buf_records;
    memset(&g->buf_events, 0, sizeof g->buf_events);
    memset(&g->buf_records, 0, sizeof g->buf_records);
}

/* t emptied, kept for the next action when the game has no buffer there. */
static void buffer_give_back(grog_jsontext *t, grog_jsontext *slot)
{
    if (slot->s != NULL || t->s == NULL) {
        grog_jsontext_free(t);
        return;
    }
    grog_jsontext_cut(t, 0);
    *slot = *t;
    memset(t, 0, sizeof *t);
}

/* The turn and phase the action reached, back into its state. */
static void ctx_store(const action_ctx *c, game_state *s)
{
    s->turn = c->turn;
    s->phase = c->phase;
}

static void ctx_free(action_ctx *c)
{
    buffer_give_back(&c->events, &c->game->buf_events);
    buffer_give_back(&c->records, &c->game->buf_records);
    free(c->checks);
}

/* Adds one check: the pieces joined, cut at 511 bytes as the formatted
 * checks always were (a NULL piece reads "(null)", as printf writes it). */
static void check_pieces(action_ctx *c, const char *const *pieces, size_t n)
{
    char buf[512];
    size_t len = 0;
    for (size_t i = 0; i < n && len < sizeof buf - 1; i++) {
        const char *p = pieces[i] != NULL ? pieces[i] : "(null)";
        size_t k = strlen(p);
        if (k > sizeof buf - 1 - len)
            k = sizeof buf - 1 - len;
        memcpy(buf + len, p, k);
        len += k;
    }
    if (c->checks_len + len + 2 > c->checks_cap) {
        size_t cap = c->checks_cap ? c->checks_cap : 128;
        while (cap < c->checks_len + len + 2)
            cap *= 2;
        char *nc = realloc(c->checks, cap);
        if (nc == NULL)
            return;
        c->checks = nc;
        c->checks_cap = cap;
    }
    if (c->checks_len > 0)
        c->checks[c->checks_len++] = ';';
    memcpy(c->checks + c->checks_len, buf, len);
    c->checks_len += len;
    c->checks[c->checks_len] = '\0';
}

/* u (with a minus sign when neg) in decimal, into buf: no printf, since
 * every action's checks carry numbers. */
static const char *num_text(unsigned long long u, int neg, char buf[24])
{
    char *p = buf + 23;
    *p = '\0';
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u != 0);
    if (neg)
        *--p = '-';
    return p;
}

static const char *int_text(long long v, char buf[24])
{
    return num_text(v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v, v < 0, buf);
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 0)))
#endif
static void ctx_vcheck(action_ctx *c, const char *fmt, va_list ap)
{
    char buf[512];
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    if (n < 0)
        return;
    const char *one = buf;
    check_pieces(c, &one, 1);
}

void ctx_check(action_ctx *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ctx_vcheck(c, fmt, ap);
    va_end(ap);
}

/* An event written as jansson would have built it: {"type","visible_to",
 * "text","data"}, where a string jansson refuses leaves its key out. */
static void event_fallback(action_ctx *c, const char *visible_to, const char *type,
                           json_t *data, const char *text)
{
    json_t *e = json_object();
    json_object_set_new(e, "type", json_string(type));
    json_object_set_new(e, "visible_to", json_string(visible_to));
    json_object_set_new(e, "text", json_string(text));
    json_object_set_new(e, "data", data != NULL ? json_incref(data) : json_object());
    char *s = e != NULL ? json_dumps(e, JSON_COMPACT) : NULL;
    json_decref(e);
    if (s == NULL) {
        c->events.bad = 1; /* out of memory: no result can be made */
        return;
    }
    grog_jsontext_lit(&c->events, c->events.len > 0 ? "," : "");
    grog_jsontext_lit(&c->events, s);
    free(s);
}

static void event_write(action_ctx *c, const char *visible_to, const char *type, json_t *data,
                        const char *text)
{
    grog_jsontext *t = &c->events;
    if (t->bad)
        return;
    size_t mark = t->len;
    grog_jsontext_lit(t, t->len > 0 ? ",{\"type\":" : "{\"type\":");
    if (type == NULL)
        t->bad = 1; /* json_string(NULL): the key left out */
    grog_jsontext_str(t, type);
    grog_jsontext_lit(t, ",\"visible_to\":");
    grog_jsontext_str(t, visible_to);
    grog_jsontext_lit(t, ",\"text\":");
    grog_jsontext_str(t, text);
    grog_jsontext_lit(t, ",\"data\":");
    if (data != NULL)
        grog_jsontext_value(t, data);
    else
        grog_jsontext_lit(t, "{}");
    grog_jsontext_lit(t, "}");
    if (!t->bad)
        return;
    grog_jsontext_cut(t, mark);
    event_fallback(c, visible_to, type, data, text);
}

/* The events and records are written as JSON text as they come (jsontext.h),
 * never built as a tree: the result is that text. Replaying to rebuild the
 * state (checks_only) writes neither, only the checks. */
void ctx_event(action_ctx *c, const char *visible_to, const char *type, json_t *data,
               const char *fmt, ...)
{
    if (!c->checks_only) {
        char text[1024];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(text, sizeof text, fmt, ap);
        va_end(ap);
        event_write(c, visible_to != NULL ? visible_to : "", type, data, text);
    }
    json_decref(data);
    check_pieces(c, &type, 1);
}

/* The record's wrapper {"visible_to","record"[,"notes_visible_to"]} as text;
 * 0 (nothing written) when a string needs jansson's way. */
static int record_text(action_ctx *c, const grog_explain *e, const char *visible_to,
                       const char *notes_side)
{
    grog_jsontext *t = &c->records;
    size_t mark = t->len;
    grog_jsontext_lit(t, t->len > 0 ? ",{\"visible_to\":" : "{\"visible_to\":");
    grog_jsontext_str(t, visible_to);
    grog_jsontext_lit(t, ",\"record\":");
    if (t->bad || !grog_explain_json_write(e, t, c->game->reals)) {
        grog_jsontext_cut(t, mark);
        return 0;
    }
    if (notes_side != NULL) {
        size_t before = t->len;
        grog_jsontext_lit(t, ",\"notes_visible_to\":");
        grog_jsontext_str(t, notes_side);
        if (t->bad) /* json_string refused it: the key left out */
            grog_jsontext_cut(t, before);
    }
    grog_jsontext_lit(t, "}");
    if (!t->bad)
        return 1;
    grog_jsontext_cut(t, mark);
    return 0;
}

/* The same built with jansson (a string it refuses drops the wrapper or a key). */
static grog_status record_fallback(action_ctx *c, const grog_explain *e, const char *visible_to,
                                   const char *notes_side, grog_error *err)
{
    json_t *rec = grog_explain_json_value(e);
    if (rec == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    json_t *wrap = json_pack("{s:s,s:o}", "visible_to", visible_to, "record", rec);
    if (wrap == NULL)
        return GROG_OK;
    if (notes_side != NULL)
        json_object_set_new(wrap, "notes_visible_to", json_string(notes_side));
    char *s = json_dumps(wrap, JSON_COMPACT);
    json_decref(wrap);
    if (s == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_jsontext_lit(&c->records, c->records.len > 0 ? "," : "");
    grog_jsontext_lit(&c->records, s);
    free(s);
    c->nrecords++;
    return GROG_OK;
}

static grog_status record_add(action_ctx *c, const grog_explain *e, const char *visible_to,
                              const char *notes_side, grog_error *err)
{
    if (visible_to == NULL)
        visible_to = "";
    if (grog_explain_failed(e))
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    if (!c->checks_only) {
        if (record_text(c, e, visible_to, notes_side)) {
            c->nrecords++;
        } else {
            grog_status st = record_fallback(c, e, visible_to, notes_side, err);
            if (st != GROG_OK)
                return st;
        }
        /* A marker in the events keeps the narration in order. */
        grog_jsontext *t = &c->events;
        size_t mark = t->len;
        if (t->bad)
            return GROG_OK; /* out of memory: no result will be made */
        grog_jsontext_lit(t, t->len > 0 ? ",{\"type\":\"record\",\"visible_to\":"
                                        : "{\"type\":\"record\",\"visible_to\":");
        grog_jsontext_str(t, visible_to);
        grog_jsontext_lit(t, ",\"index\":");
        grog_jsontext_int(t, (long long)(json_int_t)(c->nrecords - 1));
        grog_jsontext_lit(t, "}");
        if (t->bad) /* a visible_to jansson refuses: no marker */
            grog_jsontext_cut(t, mark);
    }
    int v;
    if (grog_explain_modified_roll(e, &v)) {
        char num[24];
        const char *outcome = grog_explain_outcome(e);
        const char *pieces[] = {grog_explain_test(e), ":", int_text(v, num), ":",
                                outcome ? outcome : ""};
        check_pieces(c, pieces, 5);
    } else {
        const char *test = grog_explain_test(e);
        check_pieces(c, &test, 1);
    }
    return GROG_OK;
}

grog_status ctx_record(action_ctx *c, const grog_explain *e, const char *visible_to,
                       grog_error *err)
{
    return record_add(c, e, visible_to, NULL, err);
}

grog_status ctx_record_secret_notes(action_ctx *c, const grog_explain *e, const char *side,
                                    grog_error *err)
{
    return record_add(c, e, "", side, err);
}

const char *ctx_take_option(int *argc, char **argv, const char *name)
{
    for (int i = 1; i + 1 < *argc; i++) {
        if (strcmp(argv[i], name) == 0) {
            const char *v = argv[i + 1];
            memmove(argv + i, argv + i + 2, (size_t)(*argc - i - 2) * sizeof *argv);
            *argc -= 2;
            return v;
        }
    }
    return NULL;
}

grog_status ctx_int(const char *what, const char *text, long lo, long hi, long *out,
                    grog_error *err)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end != '\0' || v < lo || v > hi)
        return grog_error_set(err, GROG_EINVAL, _("%s: expected a whole number from %ld to %ld, "
                                                  "not \"%s\""),
                              what, lo, hi, text);
    *out = v;
    return GROG_OK;
}

grog_status ctx_length(action_ctx *c, const char *what, const char *text, double *mm,
                       grog_error *err)
{
    const grog_table *t = grog_battle_table(c->battle);
    grog_error e;
    grog_status st = grog_length_parse(text, t->file_unit, &t->scale, mm, &e);
    if (st != GROG_OK)
        return grog_error_set(err, st, _("%s: %s"), what, e.message);
    return GROG_OK;
}

grog_status ctx_officer(action_ctx *c, const char *id, grog_officer **out, grog_error *err)
{
    *out = grog_battle_officer_by_id_mut(c->battle, id);
    if (*out == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no officer \"%s\" in this battle"), id);
    return GROG_OK;
}

grog_status ctx_unit(action_ctx *c, const char *id, grog_troop **out, grog_error *err)
{
    *out = grog_battle_unit_by_id_mut(c->battle, id);
    if (*out == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no unit \"%s\" in this battle"), id);
    return GROG_OK;
}

const char *ctx_officer_name(action_ctx *c, const char *id)
{
    const grog_officer *o = grog_battle_officer_by_id(c->battle, id);
    return o != NULL && o->name[0] ? o->name : id;
}

const char *ctx_unit_name(action_ctx *c, const char *id)
{
    const grog_troop *u = grog_battle_unit_by_id(c->battle, id);
    return u != NULL && u->name[0] ? u->name : id;
}

/* ---- actions ---- */

static const action_def *find_action(const grog_game *g, const char *name)
{
    for (size_t i = 0; i < grog_game_common_count; i++)
        if (strcmp(grog_game_common_actions[i].name, name) == 0)
            return &grog_game_common_actions[i];
    for (size_t i = 0; i < g->ops->nactions; i++)
        if (strcmp(g->ops->actions[i].name, name) == 0)
            return &g->ops->actions[i];
    return NULL;
}

grog_status game_run_words(action_ctx *c, int argc, char **argv, grog_error *err)
{
    const action_def *a = argc >= 1 ? find_action(c->game, argv[0]) : NULL;
    if (a == NULL)
        return grog_error_set(err, GROG_EINVAL, _("unknown action \"%s\""),
                              argc >= 1 ? argv[0] : "");
    return a->run(c, argc, argv, err);
}

/* Runs the words on the context. */
static grog_status run_words(grog_game *g, action_ctx *c, int argc, const char *const *words,
                             grog_error *err)
{
    if (argc < 1)
        return grog_error_set(err, GROG_EINVAL, _("no action given"));
    const action_def *a = find_action(g, words[0]);
    if (a == NULL) {
        /* The words that would do, named here: "help" exists only at the
         * play prompt, not for do or the server. */
        char known[512] = "";
        size_t len = 0;
        for (size_t i = 0; grog_game_action_name(g, i) != NULL && len < sizeof known; i++)
            if (strcmp(grog_game_action_name(g, i), "start") != 0)
                len += (size_t)snprintf(known + len, sizeof known - len, "%s%s", len ? ", " : "",
                                        grog_game_action_name(g, i));
        return grog_error_set(err, GROG_EINVAL, _("unknown action \"%s\"; the actions of this %s game: %s"),
                              words[0], grog_family_name(g->family), known);
    }
    char **argv = malloc(((size_t)argc + 1) * sizeof *argv);
    if (argv == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    memcpy(argv, words, (size_t)argc * sizeof *argv);
    argv[argc] = NULL;
    grog_status st = a->run(c, argc, argv, err);
    free(argv);
    return st;
}

static json_t *words_json(int argc, const char *const *words)
{
    json_t *a = json_array();
    for (int i = 0; i < argc; i++)
        json_array_append_new(a, json_string(words[i]));
    return a;
}

/* The result, as the journal stores it: {"seq","side","action","secret_from",
 * "turn","phase","events","records"} in compact JSON, words being the action's
 * words as JSON text. NULL when out of memory, or when a string is one jansson
 * refuses (its json_pack made nothing either). Caller frees. */
static char *result_text(const action_ctx *c, const char *words)
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

static void finish_checks(action_ctx *c)
{
    char draws[24], turn[24];
    const char *pieces[] = {"draws=",
                            num_text((unsigned long long)grog_rng_draws(c->rng), 0, draws),
                            ";turn=", int_text(c->turn, turn), ";phase=", ctx_phase_id(c)};
    check_pieces(c, pieces, 6);
}

const char *game_lang(char *buf, size_t size)
{
    /* the catalogue's header names its language; no catalogue: untranslated */
    const char *h = grog_i18n_gettext("");
    const char *l = h != NULL ? strstr(h, "Language: ") : NULL;
    if (l == NULL) {
        snprintf(buf, size, "%s", "");
        return buf;
    }
    l += strlen("Language: ");
    size_t n = strcspn(l, "\n");
    snprintf(buf, size, "%.*s", (int)(n < size ? n : size - 1), l);
    return buf;
}

/* A side seat may act only with its own pieces: an action whose acting side
 * (set by the action from its officer or unit) is another side is refused,
 * whether it succeeded or failed on the working copy, so that the other
 * side's message (which may name hidden things) is never shown. */
static grog_status check_seat(const grog_seat *seat, const action_ctx *c, grog_status st,
                              grog_error *err)
{
    if (seat == NULL || seat->kind != GROG_SEAT_SIDE || c->side == NULL || c->side[0] == '\0' ||
        strcmp(c->side, seat->side) == 0)
        return st;
    return grog_error_set(err, GROG_EDENIED,
                          _("not a piece of %s: this action is %s's; a side acts only with its "
                            "own officers and units"),
                          seat->side, c->side);
}

char *game_result_for(const grog_seat *seat, json_t *r)
{
    if (seat == NULL || seat->kind == GROG_SEAT_REFEREE)
        return json_dumps(r, JSON_INDENT(2));
    json_t *f = game_result_filtered(r, game_viewer(seat));
    char *text = json_dumps(f, JSON_INDENT(2));
    json_decref(f);
    return text;
}

grog_status game_writable(const grog_game *g, grog_error *err)
{
    if (g->bad > 0)
        return grog_error_set(err, GROG_EFORMAT,
                              _("this game's journal no longer replays from action %lld: nothing "
                                "can be added until the referee repairs it ('grognard repair GAME "
                                "--truncate-at %lld --referee')"),
                              g->bad, g->bad - 1);
    return GROG_OK;
}

void game_spare_drop(grog_game *g)
{
    if (g->spare_ok)
        game_state_free(g, &g->spare);
    g->spare_ok = 0;
}

/* The spare: a copy of the live state, kept in step by executing each new
 * action on it too, so that an action runs on the live state itself (no
 * whole-battle copy per action) and a refused one is undone by taking the
 * spare back (one copy, at the next action). */
static grog_status spare_ready(grog_game *g, grog_error *err)
{
    if (g->spare_ok)
        return GROG_OK;
    grog_status st = game_state_clone(g, &g->s, &g->spare, err);
    g->spare_ok = st == GROG_OK;
    return st;
}

/* The live state was changed by an action that is not kept: the spare is it. */
static void spare_restore(grog_game *g)
{
    game_state_free(g, &g->s);
    g->s = g->spare;
    memset(&g->spare, 0, sizeof g->spare);
    g->spare_ok = 0;
}

static void spare_follow(grog_game *g, long long seq);
static grog_status exec_row_on(grog_game *g, game_state *on, const journal_action *a,
                               int compare_result, grog_error *err);

/* Runs words on the live state, positioned at the journal's stream. */
static grog_status run_live(grog_game *g, const grog_seat *seat, int argc,
                            const char *const *words, action_ctx *c, grog_error *err)
{
    ctx_init(c, g, &g->s);
    grog_status st = game_seek(g->s.rng, g->stream, err);
    if (st == GROG_OK)
        st = run_words(g, c, argc, words, err);
    st = check_seat(seat, c, st, err);
    if (st == GROG_OK) {
        ctx_store(c, &g->s);
        finish_checks(c);
    }
    return st;
}

/* Writes the action's row (inside the caller's transaction). */
static grog_status append_action(grog_game *g, const action_ctx *c, const char *wtext,
                                 const char *rtext, grog_error *err)
{
    char lang[64];
    journal_action ja = {c->seq, c->side, wtext, rtext, c->checks != NULL ? c->checks : "",
                         0, g->stream, (long long)grog_rng_draws(c->rng), c->seq, g->top, 0,
                         game_lang(lang, sizeof lang)};
    grog_status st = wtext != NULL && rtext != NULL
                         ? journal_append(g->j, &ja, err)
                         : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    return st;
}

/* A result text as seat sees it (game_result_for), or NULL. */
static char *result_text_for(const grog_seat *seat, const char *text)
{
    json_t *r = text != NULL ? json_loads(text, 0, NULL) : NULL;
    char *out = r != NULL ? game_result_for(seat, r) : NULL;
    json_decref(r);
    return out;
}

/* Executes words as a new action: caught up and checked inside one write
 * transaction, run on a copy, journaled, swapped in. seat NULL: the referee.
 * snap: a snapshot may go with its row (snapcache.h); *snapped: one did. */
static grog_status do_action_once(grog_game *g, const grog_seat *seat, int argc,
                                  const char *const *words, char **out, int snap, int *snapped,
                                  grog_error *err)
{
    *snapped = 0;
    /* Words are checked before anything runs (text.h): what jansson could not
     * journal, or a terminal could not print, is refused here. */
    grog_status st = grog_text_check_words(argc, words, err);
    if (st != GROG_OK)
        return st;
    st = game_writable(g, err);
    if (st == GROG_OK)
        st = journal_begin(g->j, err);
    if (st != GROG_OK)
        return st;
    st = game_catch_up(g, NULL, err);
    if (st == GROG_OK && g->expect_last > 0 && g->last != g->expect_last)
        st = grog_error_set(err, GROG_ERULE,
                            _("the game moved on meanwhile (%lld actions, not %lld): nothing was "
                              "done"),
                            g->last, g->expect_last);
    if (st == GROG_OK)
        st = spare_ready(g, err);
    if (st != GROG_OK) {
        journal_rollback(g->j);
        return st;
    }
    action_ctx c;
    memset(&c, 0, sizeof c);
    st = run_live(g, seat, argc, words, &c, err);
    json_t *w = st == GROG_OK ? words_json(argc, words) : NULL;
    char *wtext = w != NULL ? json_dumps(w, JSON_COMPACT) : NULL;
    int keep = 0;
    if (st == GROG_OK && c.explain_only) { /* a preview: nothing written */
        c.seq = 0;
        char *r = wtext != NULL ? result_text(&c, wtext) : NULL;
        if (out != NULL)
            *out = result_text_for(seat, r);
        free(r);
    } else if (st == GROG_OK) {
        char *r = wtext != NULL ? result_text(&c, wtext) : NULL;
        st = append_action(g, &c, wtext, r, err);
        int wrote = st == GROG_OK && snap ? snapcache_after_row(g, c.seq) : 0;
        *snapped = wrote != 0;
        if (st == GROG_OK && !snap)
            g->unsnapped++;
        if (wrote < 0) /* SQLite gave up the transaction: the row went with it */
            st = grog_error_set(err, GROG_EIO, "%s", _("cannot write"));
        if (st == GROG_OK)
            st = journal_commit(g->j, err);
        if (st == GROG_OK) {
            keep = 1;
            g->last = g->top = c.seq;
            g->rtop = 0;
            g->stream = (long long)grog_rng_draws(g->s.rng);
            journal_checkpoint(g->j);
            if (out != NULL)
                *out = result_text_for(seat, r);
            spare_follow(g, c.seq);
        }
        free(r);
    }
    if (!keep) {
        journal_rollback(g->j);
        spare_restore(g);
    }
    free(wtext);
    json_decref(w);
    ctx_free(&c);
    return st;
}

/* A snapshot is a cache: when one went with an action that then failed (it
 * may be what filled the disk), the action is tried once more without it. */
static grog_status do_action(grog_game *g, const grog_seat *seat, int argc,
                             const char *const *words, char **out, grog_error *err)
{
    int snapped = 0;
    grog_status st = do_action_once(g, seat, argc, words, out, 1, &snapped, err);
    if (st != GROG_OK && snapped)
        st = do_action_once(g, seat, argc, words, out, 0, &snapped, err);
    return st;
}

grog_status game_exec_row(grog_game *g, const journal_action *a, int compare_result,
                          grog_error *err)
{
    game_spare_drop(g); /* the live state moves on without it */
    return exec_row_on(g, &g->s, a, compare_result, err);
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

/* Whether the action's result, made again, is the stored one (as
 * game_same_result says; recorded in the language of now: compared as it is
 * made). */
static int same_result(const action_ctx *c, const row_words *rw, const journal_action *a)
{
    char buf[64];
    const char *lang = c->game->lang_now != NULL ? c->game->lang_now : game_lang(buf, sizeof buf);
    if (a->lang != NULL && strcmp(a->lang, lang) == 0)
        return result_is(c, rw, a->result);
    char *w = words_text(rw);
    char *r = w != NULL ? result_text(c, w) : NULL;
    int same = game_same_result(r, a);
    free(r);
    free(w);
    return same;
}

static grog_status exec_row_on(grog_game *g, game_state *on, const journal_action *a,
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
    st = run_words(g, &c, rw.n, rw.w, err);
    if (st != GROG_OK) {
        ctx_free(&c);
        json_decref(rw.j);
        return grog_error_set(err, GROG_EFORMAT, _("action %lld (%s) no longer replays"), a->seq,
                              kind);
    }
    ctx_store(&c, on);
    finish_checks(&c);
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

/* Brings the spare to the live state by executing the row just written on it. */
static void spare_follow(grog_game *g, long long seq)
{
    journal_action a;
    int found = 0;
    if (!g->spare_ok || journal_get_action(g->j, seq, &a, &found, NULL) != GROG_OK || !found ||
        exec_row_on(g, &g->spare, &a, 0, NULL) != GROG_OK)
        game_spare_drop(g); /* made again, by a copy, when next needed */
}

/* ---- creating and opening ---- */

static grog_game *game_alloc(void)
{
    return calloc(1, sizeof(grog_game));
}

/* A snapshot at close when many rows were executed since the last one. */
void grog_game_close(grog_game *g)
{
    if (g == NULL)
        return;
    snapcache_at_close(g);
    game_spare_drop(g);
    game_state_free(g, &g->s);
    grog_jsontext_free(&g->buf_events);
    grog_jsontext_free(&g->buf_records);
    grog_jsontext_reals_destroy(g->reals);
    if (g->ops != NULL && g->rules != NULL)
        g->ops->free_rules(g->rules);
    free(g->scenario_text);
    free(g->scenario_label);
    free(g->sides);
    journal_close(g->j);
    free(g);
}

/* Reads the scenario and the house rules before any file is made. */
static grog_status prepare_create(grog_game *g, const grog_game_options *o, char **rules_text,
                                  grog_error *err)
{
    g->family = o->family;
    g->ops = families[o->family];
    g->seed = o->seed;
    /* The game keeps the scenario as saved text and starts from that text
     * read back; a file already in that form (generate's) is read once. */
    grog_battle *b = NULL;
    int same = 0;
    grog_status st = grog_scenario_load_saved(o->scenario, &b, &g->scenario_text, &same, err);
    if (st != GROG_OK)
        return st;
    if (!same) {
        grog_battle_destroy(b);
        b = NULL;
    }
    const char *label = o->scenario != NULL ? o->scenario : grog_scenario_default_name();
    size_t n = strlen(label) + 1;
    g->scenario_label = malloc(n);
    if (g->scenario_label == NULL)
        st = grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    else
        memcpy(g->scenario_label, label, n);
    *rules_text = NULL;
    if (st == GROG_OK && o->rules != NULL)
        st = grog_data_read_file(o->rules, rules_text, NULL, err);
    if (st == GROG_OK)
        st = g->ops->load_rules(*rules_text, o->rules, &g->rules, err);
    if (st != GROG_OK) {
        grog_battle_destroy(b);
        return st;
    }
    return start_state(g, b, err);
}

typedef struct create_ctx {
    grog_game *g;
    const grog_game_options *o;
    const char *rules_text;
} create_ctx;

/* Fills a new journal: the game's keys and texts, then "start". */
static grog_status build_game(void *p, journal *j, grog_error *err)
{
    create_ctx *cc = p;
    grog_game *g = cc->g;
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)cc->o->seed);
    grog_status st;
    if ((st = journal_set(j, "format", FORMAT_NAME, err)) != GROG_OK ||
        (st = journal_set(j, "family", grog_family_name(cc->o->family), err)) != GROG_OK ||
        (st = journal_set(j, "seed", seed, err)) != GROG_OK ||
        (st = journal_set(j, "created_with", GROG_VERSION, err)) != GROG_OK ||
        (st = journal_set_text(j, "scenario", g->scenario_label, g->scenario_text, err)) != GROG_OK)
        return st;
    if (cc->rules_text != NULL &&
        (st = journal_set_text(j, "rules", cc->o->rules, cc->rules_text, err)) != GROG_OK)
        return st;
    journal *keep = g->j;
    g->j = j;
    static const char *const start[] = {"start"};
    st = do_action(g, NULL, 1, start, NULL, err);
    g->j = keep;
    return st;
}

static grog_status check_options(const grog_game_options *o, grog_error *err)
{
    if (o->family >= GROG_FAMILY_COUNT)
        return grog_error_set(err, GROG_EINVAL, _("unknown rule family"));
    return GROG_OK;
}

grog_status grog_game_create(const char *path, const grog_game_options *o, grog_game **out,
                             grog_error *err)
{
    grog_status st = check_options(o, err);
    if (st != GROG_OK)
        return st;
    grog_game *g = game_alloc();
    if (g == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    char *rules_text = NULL;
    st = prepare_create(g, o, &rules_text, err);
    create_ctx cc = {g, o, rules_text};
    if (st == GROG_OK && path == NULL) {
        st = journal_create(NULL, &g->j, err);
        if (st == GROG_OK)
            st = build_game(&cc, g->j, err);
    } else if (st == GROG_OK) {
        st = journal_create_atomic(path, build_game, &cc, &g->j, err);
    }
    free(rules_text);
    if (st != GROG_OK) {
        grog_game_close(g);
        return st;
    }
    *out = g;
    return GROG_OK;
}

void grog_game_remove(const char *path)
{
    journal_remove(path);
}

grog_status grog_game_create_memory(const grog_game_options *o, grog_game **out, grog_error *err)
{
    return grog_game_create(NULL, o, out, err);
}

/* Reads the game's keys and texts (not the actions). */
static grog_status open_keys(grog_game *g, const char *path, grog_error *err)
{
    char *format = NULL, *family = NULL, *seed = NULL;
    grog_status st = journal_get(g->j, "format", &format, err);
    if (st == GROG_OK && strcmp(format, FORMAT_NAME) != 0)
        st = grog_error_set(err, GROG_EFORMAT, _("%s: not a grognard game"), path);
    if (st == GROG_OK && (st = journal_get(g->j, "family", &family, err)) == GROG_OK &&
        grog_family_parse(family, &g->family, err) != GROG_OK)
        st = grog_error_set(err, GROG_EFORMAT, _("%s: damaged game (family \"%s\")"), path, family);
    if (st == GROG_OK && (st = journal_get(g->j, "seed", &seed, err)) == GROG_OK) {
        char *end;
        g->seed = strtoull(seed, &end, 10);
        if (end == seed || *end != '\0')
            st = grog_error_set(err, GROG_EFORMAT, _("%s: damaged game (seed)"), path);
    }
    if (st == GROG_OK) {
        g->ops = families[g->family];
        st = journal_get_text(g->j, "scenario", &g->scenario_label, &g->scenario_text, err);
        if (st == GROG_OK && g->scenario_text == NULL)
            st = grog_error_set(err, GROG_EFORMAT, _("%s: damaged game (no scenario)"), path);
    }
    if (st == GROG_OK)
        st = load_rules(g, err);
    free(format);
    free(family);
    free(seed);
    return st;
}

static grog_status open_game(const char *path, int damaged_ok, grog_game **out, long long *bad,
                             grog_error *err)
{
    grog_game *g = game_alloc();
    if (g == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_status st = journal_open(path, &g->j, err);
    if (st == GROG_OK)
        st = open_keys(g, path, err);
    if (st == GROG_OK)
        st = game_rebuild(g, damaged_ok, err);
    if (st != GROG_OK) {
        grog_game_close(g);
        return st;
    }
    if (bad != NULL)
        *bad = g->bad;
    if (g->bad > 0 && err != NULL)
        grog_error_set(err, GROG_EFORMAT, "%s", g->bad_reason);
    *out = g;
    return GROG_OK;
}

grog_status grog_game_open(const char *path, grog_game **out, grog_error *err)
{
    return open_game(path, 0, out, NULL, err);
}

grog_status grog_game_open_damaged(const char *path, grog_game **out, long long *first_bad,
                                   grog_error *err)
{
    return open_game(path, 1, out, first_bad, err);
}

void grog_game_set_busy_timeout(grog_game *g, int ms)
{
    journal_set_busy_timeout(g->j, ms);
}

/* ---- doing ---- */

grog_status grog_game_do(grog_game *g, int argc, const char *const *argv, char **result,
                         grog_error *err)
{
    const grog_seat referee = {GROG_SEAT_REFEREE, NULL};
    return grog_game_do_as(g, &referee, argc, argv, result, err);
}

grog_status grog_game_do_as(grog_game *g, const grog_seat *seat, int argc,
                            const char *const *argv, char **result, grog_error *err)
{
    if (seat == NULL || seat->kind == GROG_SEAT_PUBLIC)
        return grog_error_set(err, GROG_EDENIED,
                              _("the public cannot act: act as a side or as the referee"));
    if (seat->kind == GROG_SEAT_SIDE && (seat->side == NULL || seat->side[0] == '\0'))
        return grog_error_set(err, GROG_EINVAL, _("a side seat needs a side"));
    if (argc >= 1 && strcmp(argv[0], "start") == 0)
        return grog_error_set(err, GROG_EINVAL, _("the game has already started"));
    if (argc >= 1 && strcmp(argv[0], "undo") == 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("undo is not an action word here: use grognard undo"));
    return do_action(g, seat, argc, argv, result, err);
}

grog_status grog_game_do_at(grog_game *g, const grog_seat *seat, size_t at, int argc,
                            const char *const *argv, char **result, grog_error *err)
{
    g->expect_last = at > 0 ? (long long)at : -1;
    grog_status st = grog_game_do_as(g, seat, argc, argv, result, err);
    g->expect_last = 0;
    return st;
}

grog_status grog_game_seat(const grog_game *g, const char *side, int referee, grog_seat *out,
                           grog_error *err)
{
    int has_side = side != NULL && side[0] != '\0';
    if (referee && has_side)
        return grog_error_set(err, GROG_EINVAL,
                              _("choose one seat: a side or the referee, not both"));
    out->side = NULL;
    out->kind = referee ? GROG_SEAT_REFEREE : GROG_SEAT_PUBLIC;
    if (!has_side)
        return GROG_OK;
    for (size_t i = 0; i < g->nsides; i++) {
        if (strcmp(g->sides[i], side) == 0) {
            out->kind = GROG_SEAT_SIDE;
            out->side = g->sides[i];
            return GROG_OK;
        }
    }
    char list[512] = "";
    size_t k = 0;
    for (size_t i = 0; i < g->nsides && k < sizeof list; i++)
        k += (size_t)snprintf(list + k, sizeof list - k, "%s%s", i ? ", " : "", g->sides[i]);
    return grog_error_set(err, GROG_EINVAL, _("no side \"%s\" in this game; its sides are: %s"),
                          side, list);
}

grog_status grog_game_do_line(grog_game *g, const char *line, char **result, grog_error *err)
{
    const grog_seat referee = {GROG_SEAT_REFEREE, NULL};
    return grog_game_do_line_as(g, &referee, line, result, err);
}

grog_status grog_game_do_line_as(grog_game *g, const grog_seat *seat, const char *line,
                                 char **result, grog_error *err)
{
    char buf[4096];
    const char *words[128];
    int n = 0;
    size_t k = 0;
    const char *p = line;
    while (*p != '\0') {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            p++;
        if (*p == '\0' || *p == '#')
            break;
        if (n == 127 || k >= sizeof buf - 1)
            return grog_error_set(err, GROG_EINVAL, _("action too long"));
        words[n++] = buf + k;
        char quote = (*p == '"' || *p == '\'') ? *p++ : 0;
        while (*p != '\0' && k < sizeof buf - 1 &&
               (quote ? *p != quote : (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')))
            buf[k++] = *p++;
        if (quote && *p == quote)
            p++;
        buf[k++] = '\0';
    }
    if (n == 0)
        return grog_error_set(err, GROG_EINVAL, _("no action given"));
    return grog_game_do_as(g, seat, n, words, result, err);
}

/* ---- reading ---- */

grog_family grog_game_family(const grog_game *g)
{
    return g->family;
}

uint64_t grog_game_seed(const grog_game *g)
{
    return g->seed;
}

size_t grog_game_action_count(const grog_game *g)
{
    return (size_t)g->last;
}

int grog_game_turn(const grog_game *g)
{
    return g->s.turn;
}

const char *grog_game_phase(const grog_game *g)
{
    return g->ops->phases[g->s.phase];
}

const grog_battle *grog_game_battle(const grog_game *g)
{
    return g->s.battle;
}

json_t *game_status_object(const grog_game *g, const char *side)
{
    json_t *o = json_object();
    json_object_set_new(o, "family", json_string(grog_family_name(g->family)));
    int referee = side != NULL && strcmp(side, GAME_REFEREE_VIEWER) == 0;
    if (referee) /* the seed tells every future roll: the referee's alone */
        json_object_set_new(o, "seed", json_integer((json_int_t)(g->seed & INT64_MAX)));
    json_object_set_new(o, "scenario", json_string(grog_battle_meta(g->s.battle)->name));
    json_object_set_new(o, "turn", json_integer(g->s.turn));
    json_object_set_new(o, "phase", json_string(grog_game_phase(g)));
    json_t *phases = json_array();
    for (size_t i = 0; i < g->ops->nphases; i++)
        json_array_append_new(phases, json_string(g->ops->phases[i]));
    json_object_set_new(o, "phases", phases);
    json_object_set_new(o, "actions", json_integer(g->last));
    json_object_set_new(o, "seat", json_string(referee ? "referee" : side != NULL ? "side" : "public"));
    json_object_set_new(o, "viewer", json_string(side != NULL && !referee ? side : ""));
    g->ops->status(g->rules, g->s.battle, g->s.fstate, side != NULL ? side : "", o);
    return o;
}

grog_status game_foreach(const grog_game *g,
                         grog_status (*fn)(void *ctx, const journal_action *a, grog_error *err),
                         void *ctx, grog_error *err)
{
    return journal_foreach(g->j, fn, ctx, err);
}

size_t game_action_list(const grog_game *g, const action_def **common, size_t *ncommon,
                        const action_def **family)
{
    *common = grog_game_common_actions;
    *ncommon = grog_game_common_count;
    *family = g->ops->actions;
    return g->ops->nactions;
}

const family_ops *game_ops(const grog_game *g)
{
    return g->ops;
}

void game_legal_ctx(const grog_game *g, const char *side, legal_ctx *out)
{
    *out = (legal_ctx){g, g->rules, g->s.battle, g->s.fstate, g->s.turn, g->s.phase,
                       g->ops->phases[g->s.phase], side, NULL};
}

grog_status game_next_phase(action_ctx *c, grog_error *err)
{
    const family_ops *ops = c->game->ops;
    grog_status st = ops->leave_phase != NULL ? ops->leave_phase(c, err) : GROG_OK;
    if (st != GROG_OK)
        return st;
    c->phase++;
    if (c->phase >= ops->nphases) {
        c->phase = 0;
        c->turn++;
    }
    return ops->enter_phase != NULL ? ops->enter_phase(c, err) : GROG_OK;
}

grog_status game_enter_first_phase(action_ctx *c, grog_error *err)
{
    const family_ops *ops = c->game->ops;
    return ops->enter_phase != NULL ? ops->enter_phase(c, err) : GROG_OK;
}
