/* action_ctx.c — an action's context (action_ctx, engine.h): what a family's
 * action may read and write, and what it adds: events, explanation records
 * and checks; the helpers that read its words (options, numbers, lengths,
 * officers, units); and the phase changes of `start` and `next`.
 *
 * Invariants: an action changes only the working copies its context points
 * to (battle, bookkeeping, generator, turn, phase); the events and records
 * are written as JSON text as they come (jsontext.h), never built as a tree;
 * every event's type, every record's test and outcome and the draws, turn
 * and phase at the end go into the checks (what must be identical on
 * replay). Rebuilding the state (checks_only) writes the checks alone.
 * Nothing here calls the game's orchestration (game.c, history.c). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "engine.h"
#include "explain_internal.h"
#include "i18n.h"
#include "jsontext.h"

const char *ctx_phase_id(const action_ctx *c)
{
    return c->game->ops->phases[c->phase];
}

/* A context working on state s (the live state, or a copy). */
void ctx_init(action_ctx *c, grog_game *g, game_state *s)
{
    memset(c, 0, sizeof *c);
    c->game = g;
    c->rules = g->rules;
    c->battle = s->battle;
    c->fstate = s->fstate;
    c->rng = s->rng;
    c->turn = s->turn;
    c->phase = s->phase;
    c->claims = &s->claims;
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
void ctx_store(const action_ctx *c, game_state *s)
{
    s->turn = c->turn;
    s->phase = c->phase;
}

void ctx_free(action_ctx *c)
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
    int n = grog_text_vsnprintf(buf, sizeof buf, fmt, ap);
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
        grog_text_vsnprintf(text, sizeof text, fmt, ap);
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
    if (t->bad || !grog_explain_json_write_as(e, t, c->game->reals, !c->before_measures)) {
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
    json_t *rec = grog_explain_json_value_as(e, !c->before_measures);
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

void ctx_finish_checks(action_ctx *c)
{
    char draws[24], turn[24];
    const char *pieces[] = {"draws=",
                            num_text((unsigned long long)grog_rng_draws(c->rng), 0, draws),
                            ";turn=", int_text(c->turn, turn), ";phase=", ctx_phase_id(c)};
    check_pieces(c, pieces, 6);
}

/* ---- the words ---- */

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

/* ---- phase changes (start, next) ---- */

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
