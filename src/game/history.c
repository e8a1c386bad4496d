/* history.c — a game's journal as history: rebuilding the state from the
 * actions in effect, catching up with other writers, undo records, the full
 * verification from the seed, and reading and repairing a damaged game.
 *
 * The undo stacks (see journal.h): the actions in effect form a chain from
 * g->top down the `below` links. An undo record of the top action pops it
 * and becomes the top of the undo stack (rtop); an undo record of rtop (an
 * undo of an undo) puts its action back. A new action empties the undo
 * stack. Nothing is ever deleted: an undone action stays in the journal, is
 * shown as undone and is verified by `replay` as it was played. The stored
 * links let a process find the actions in effect without replaying every
 * row, and rebuilding starts from the newest usable snapshot of the state
 * (snapcache.h); the full verification recomputes the links, every result
 * and every stored snapshot from the seed. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grognard/text.h"
#include "engine.h"
#include "i18n.h"
#include "journal.h"
#include "snapcache.h"

/* ---- the chain of actions in effect ---- */

typedef struct links {
    long long n;         /* rows 1..n */
    long long *below;    /* [seq] */
    long long *undoes;   /* [seq] */
} links;

static grog_status link_row(void *p, long long seq, long long undoes, long long below,
                            grog_error *err)
{
    links *l = p;
    if (seq > l->n)
        return GROG_OK; /* written after we looked */
    if (seq < 1)
        return grog_error_set(err, GROG_EFORMAT, _("damaged journal: row %lld out of order"),
                              seq);
    l->below[seq] = below;
    l->undoes[seq] = undoes;
    return GROG_OK;
}

static void links_free(links *l)
{
    free(l->below);
    free(l->undoes);
}

static grog_status links_load(grog_game *g, long long n, links *l, grog_error *err)
{
    l->n = n;
    l->below = calloc((size_t)n + 1, sizeof *l->below);
    l->undoes = calloc((size_t)n + 1, sizeof *l->undoes);
    if (l->below == NULL || l->undoes == NULL) {
        links_free(l);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    grog_status st = journal_links(g->j, 0, link_row, l, err);
    if (st != GROG_OK)
        links_free(l);
    return st;
}

/* in_effect[seq] = 1 for the chain from top down the below links. */
static grog_status chain_from(const links *l, long long top, char **in_effect, grog_error *err)
{
    *in_effect = calloc((size_t)l->n + 1, 1);
    if (*in_effect == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    for (long long s = top, prev = l->n + 1; s > 0; prev = s, s = l->below[s]) {
        if (s >= prev || s > l->n || l->undoes[s] != 0) {
            free(*in_effect);
            *in_effect = NULL;
            return grog_error_set(err, GROG_EFORMAT,
                                  _("damaged journal: the undo links near row %lld are broken"),
                                  s);
        }
        (*in_effect)[s] = 1;
    }
    return GROG_OK;
}

/* ---- rebuilding ---- */

static const char *hint(void)
{
    return _("the referee can list the journal with 'grognard log GAME --from-journal --referee' "
             "and cut it back to the last good action with 'grognard repair GAME --truncate-at "
             "N --referee'");
}

static grog_status rebuild_in(grog_game *g, int damaged_ok, grog_error *err);

/* One snapshot of the file for the whole rebuild, even while others write. */
grog_status game_rebuild(grog_game *g, int damaged_ok, grog_error *err)
{
    grog_status st = journal_read_begin(g->j, err);
    if (st != GROG_OK)
        return st;
    st = rebuild_in(g, damaged_ok, err);
    journal_read_end(g->j);
    return st;
}

static grog_status rebuild_in(grog_game *g, int damaged_ok, grog_error *err)
{
    journal_action last;
    int found = 0;
    g->bad = 0;
    grog_status st = journal_last(g->j, &last, &found, err);
    if (st == GROG_OK && !found)
        st = grog_error_set(err, GROG_EFORMAT, _("damaged game: no action in its journal"));
    if (st != GROG_OK)
        return st;
    g->last = last.seq;
    g->top = last.top;
    g->rtop = last.rtop;
    g->stream = last.rng_to;
    long long failed = 0;
    grog_error e;
    st = snapcache_restore(g, g->top, g->last, 0, &failed, &e); /* snapcache.h */
    if (st != GROG_OK && damaged_ok && failed > 0) {
        g->bad = failed;
        snprintf(g->bad_reason, sizeof g->bad_reason, "%s", e.message);
        st = snapcache_restore(g, g->top, g->last, failed, NULL, &e);
    }
    if (st != GROG_OK) {
        if (failed > 0)
            return grog_error_set(err, st, "%s; %s", e.message, hint());
        if (err != NULL)
            *err = e;
        return st;
    }
    if (g->stream < 0) /* version 1 rows: the stream was never rewound */
        g->stream = (long long)grog_rng_draws(g->s.rng);
    return GROG_OK;
}

/* ---- catching up ---- */

typedef struct catch_pass {
    grog_game *g;
    int rebuild;
    size_t added;
} catch_pass;

static grog_status catch_row(void *p, const journal_action *a, grog_error *err)
{
    catch_pass *c = p;
    grog_game *g = c->g;
    if (c->rebuild)
        return GROG_OK;
    if (a->undoes != 0 || a->below != g->top || a->seq != g->last + 1) {
        c->rebuild = 1; /* an undo or a repair: start again from the journal */
        return GROG_OK;
    }
    grog_status st = game_exec_row(g, a, 1, err);
    if (st != GROG_OK)
        return st;
    g->last = g->top = a->seq;
    g->rtop = 0;
    g->stream = a->rng_to >= 0 ? a->rng_to : (long long)grog_rng_draws(g->s.rng);
    g->unsnapped++;
    c->added++;
    return GROG_OK;
}

grog_status game_catch_up(grog_game *g, size_t *added, grog_error *err)
{
    if (added != NULL)
        *added = 0;
    if (!journal_changed(g->j))
        return GROG_OK;
    journal_action last;
    int found = 0;
    grog_status st = journal_last(g->j, &last, &found, err);
    if (st != GROG_OK)
        return st;
    long long before = g->last;
    catch_pass c = {g, 0, 0};
    if (!found && g->last == 0)
        return GROG_OK; /* a game being made: "start" comes first */
    if (!found || last.seq < g->last)
        c.rebuild = 1;
    else if (last.seq == g->last)
        c.rebuild = last.top != g->top || last.rtop != g->rtop;
    else if ((st = journal_foreach_from(g->j, g->last, catch_row, &c, err)) != GROG_OK)
        c.rebuild = 1; /* the live state may be half changed: rebuild it */
    if (c.rebuild && (st = game_rebuild(g, 0, err)) != GROG_OK)
        return st;
    if (added != NULL)
        *added = g->last > before ? (size_t)(g->last - before) : 0;
    return GROG_OK;
}

grog_status grog_game_sync(grog_game *g, size_t *added, grog_error *err)
{
    if (g->bad > 0) {
        if (added != NULL)
            *added = 0;
        return GROG_OK;
    }
    return game_catch_up(g, added, err);
}

/* ---- undo records ---- */

/* The kind (first word) of a row's action, into buf. */
static const char *row_kind(const journal_action *a, char *buf, size_t size)
{
    json_t *w = json_loads(a->words, 0, NULL);
    const char *k = json_string_value(json_array_get(w, 0));
    snprintf(buf, size, "%s", k != NULL ? k : "?");
    json_decref(w);
    return buf;
}

/* The result of an undo record. */
static json_t *undo_result(const grog_game *g, long long seq, const char *side, long long target,
                           long long action, const char *kind, int redo)
{
    char num[32], text[256];
    snprintf(num, sizeof num, "%lld", target);
    if (redo)
        grog_text_snprintf(text, sizeof text,
                           _("Undo #%lld is itself undone: action #%lld (%s) is in effect again."),
                           target, action, kind);
    else
        grog_text_snprintf(text, sizeof text, _("Action #%lld (%s) is undone."), action, kind);
    json_t *e = json_pack("{s:s,s:s,s:s,s:{s:I,s:I,s:b}}", "type", redo ? "redo" : "undo",
                          "visible_to", "", "text", text, "data", "undoes", (json_int_t)target,
                          "action", (json_int_t)action, "redo", redo);
    return json_pack("{s:I,s:s,s:[s,s],s:i,s:i,s:s,s:I,s:[o],s:[]}", "seq", (json_int_t)seq,
                     "side", side, "action", "undo", num, "secret_from", 0, "turn", g->s.turn,
                     "phase", grog_game_phase(g), "undoes", (json_int_t)target, "events", e,
                     "records");
}

/* What an undo of `target` would cancel: the target row's facts. */
typedef struct undo_plan {
    long long target, action, new_top, new_rtop, below;
    int redo;
    char kind[64];
    char side[GROG_ID_MAX];
} undo_plan;

static grog_status plan_undo(grog_game *g, const grog_seat *seat, long long target,
                             undo_plan *p, grog_error *err)
{
    journal_action x;
    int found = 0;
    memset(p, 0, sizeof *p);
    p->target = target != 0 ? target : g->top;
    grog_status st = journal_get_action(g->j, p->target, &x, &found, err);
    if (st != GROG_OK)
        return st;
    if (!found)
        return grog_error_set(err, GROG_ENOTFOUND, _("no action #%lld in this game"), p->target);
    if (x.undoes == 0) {
        if (p->target != g->top)
            return grog_error_set(err, GROG_EINVAL,
                                  _("action #%lld is not the last action in effect (#%lld): undo "
                                    "takes actions back from the last one"),
                                  p->target, g->top);
        if (x.below <= 0)
            return grog_error_set(err, GROG_EINVAL,
                                  _("nothing to undo: the game's first action (start) stays"));
        p->action = p->target;
        p->new_top = x.below;
        p->new_rtop = 0; /* set by the caller: the record's own number */
        p->below = g->rtop;
    } else {
        if (g->rtop == 0)
            return grog_error_set(err, GROG_EINVAL,
                                  _("#%lld cannot be undone: an action was done since, or it "
                                    "was undone already"),
                                  p->target);
        if (p->target != g->rtop)
            return grog_error_set(err, GROG_EINVAL,
                                  _("#%lld cannot be undone: only the last undo (#%lld) may be, "
                                    "before any new action"),
                                  p->target, g->rtop);
        p->redo = 1;
        p->action = x.undoes;
        p->new_top = x.undoes;
        p->new_rtop = x.below;
        p->below = 0;
        if ((st = journal_get_action(g->j, p->action, &x, &found, err)) != GROG_OK)
            return st;
        if (!found)
            return grog_error_set(err, GROG_EFORMAT, _("damaged journal: no action #%lld"),
                                  p->action);
    }
    row_kind(&x, p->kind, sizeof p->kind);
    snprintf(p->side, sizeof p->side, "%s", x.side);
    if (seat->kind == GROG_SEAT_SIDE && strcmp(x.side, seat->side) != 0)
        return grog_error_set(err, GROG_EDENIED,
                              _("action #%lld is not %s's: a side undoes only its own actions"),
                              p->action, seat->side);
    return GROG_OK;
}

/* Changes the live state as the undo does: back to the chain below the
 * action, or the action executed again (an undo of an undo). */
static grog_status apply_undo(grog_game *g, const undo_plan *p, grog_error *err)
{
    if (!p->redo) /* from the newest snapshot on the chain below it */
        return snapcache_restore(g, p->new_top, g->last, 0, NULL, err);
    journal_action a;
    int found = 0;
    grog_status st = journal_get_action(g->j, p->action, &a, &found, err);
    if (st == GROG_OK && !found)
        st = grog_error_set(err, GROG_EFORMAT, _("damaged journal: no action #%lld"), p->action);
    return st == GROG_OK ? game_exec_row(g, &a, 1, err) : st;
}

static grog_status append_undo(grog_game *g, const undo_plan *p, json_t *r, grog_error *err)
{
    char lang[64], words[64], checks[64];
    snprintf(words, sizeof words, "[\"undo\",\"%lld\"]", p->target);
    snprintf(checks, sizeof checks, "undo=%lld", p->target);
    char *rtext = json_dumps(r, JSON_COMPACT);
    long long seq = g->last + 1;
    journal_action ja = {seq,       p->side,   words, rtext, checks,
                         p->target, g->stream, g->stream, p->new_top,
                         p->below,  p->redo ? p->new_rtop : seq,
                         game_lang(lang, sizeof lang)};
    grog_status st = rtext != NULL ? journal_append(g->j, &ja, err)
                                   : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    free(rtext);
    return st;
}

grog_status grog_game_undo_as(grog_game *g, const grog_seat *seat, long long target,
                              char **result, grog_error *err)
{
    if (seat == NULL || seat->kind == GROG_SEAT_PUBLIC)
        return grog_error_set(err, GROG_EDENIED,
                              _("the public cannot undo: act as a side or as the referee"));
    grog_status st = game_writable(g, err);
    if (st == GROG_OK)
        st = journal_begin(g->j, err);
    if (st != GROG_OK)
        return st;
    undo_plan p;
    if ((st = game_writable_now(g, err)) != GROG_OK ||
        (st = game_catch_up(g, NULL, err)) != GROG_OK ||
        (st = plan_undo(g, seat, target, &p, err)) != GROG_OK) {
        journal_rollback(g->j);
        return st;
    }
    st = apply_undo(g, &p, err);
    json_t *r = st == GROG_OK ? undo_result(g, g->last + 1, p.side, p.target, p.action, p.kind,
                                            p.redo)
                              : NULL;
    if (st == GROG_OK)
        st = append_undo(g, &p, r, err);
    if (st == GROG_OK)
        st = journal_commit(g->j, err);
    if (st != GROG_OK) {
        journal_rollback(g->j);
        grog_error e;
        if (game_rebuild(g, 0, &e) != GROG_OK) /* the live state is the journal's again */
            g->bad = g->last;
        json_decref(r);
        return st;
    }
    g->last++;
    g->top = p.new_top;
    g->rtop = p.redo ? p.new_rtop : g->last;
    g->unsnapped++; /* no snapshot after an undo record: the next action's, or at close */
    if (result != NULL)
        *result = game_result_for(seat, r);
    json_decref(r);
    return GROG_OK;
}

grog_status grog_game_undo(grog_game *g, grog_error *err)
{
    const grog_seat referee = {GROG_SEAT_REFEREE, NULL};
    return grog_game_undo_as(g, &referee, 0, NULL, err);
}

/* ---- the full verification ---- */

typedef struct verify_pass {
    grog_game *g;
    const links *l;
    long long *uses;     /* [seq]: undo records still to come that name this action */
    game_state *saved;   /* [seq]: the state before the action, while uses > 0 */
    long long top, rtop, stream;
    size_t done;
    snapcache_check snaps; /* the stored snapshots, compared with the replay */
} verify_pass;

static grog_status broken(const journal_action *a, const char *what, grog_error *err)
{
    char kind[64];
    return grog_error_set(err, GROG_EFORMAT, _("action %lld (%s) differs on replay: %s"), a->seq,
                          row_kind(a, kind, sizeof kind), what);
}

/* Executes an action (its first time or again after an undo of its undo),
 * keeping the state before it while an undo will need it. */
static grog_status verify_exec(verify_pass *v, const journal_action *a, grog_error *err)
{
    grog_game *g = v->g;
    if (v->uses[a->seq] > 0) {
        game_state_free(g, &v->saved[a->seq]);
        grog_status st = game_state_clone(g, &g->s, &v->saved[a->seq], err);
        if (st != GROG_OK)
            return st;
    }
    return game_exec_row(g, a, 1, err);
}

static grog_status verify_undo(verify_pass *v, const journal_action *a, grog_error *err)
{
    grog_game *g = v->g;
    const links *l = v->l;
    long long x = a->undoes;
    if (x < 1 || x >= a->seq)
        return broken(a, _("it undoes no earlier action"), err);
    journal_action t;
    int found = 0;
    grog_status st;
    long long action = x;
    int redo = l->undoes[x] != 0;
    if (!redo) {
        if (x != v->top || l->below[x] <= 0)
            return broken(a, _("it undoes an action that was not the last in effect"), err);
        if (a->top != l->below[x] || a->below != v->rtop || a->rtop != a->seq)
            return broken(a, _("its undo links are not the ones the journal gives"), err);
        v->uses[x]--;
        game_state_free(g, &g->s);
        if ((st = game_state_clone(g, &v->saved[x], &g->s, err)) != GROG_OK)
            return st;
        if (v->uses[x] == 0)
            game_state_free(g, &v->saved[x]);
        v->top = l->below[x];
        v->rtop = a->seq;
    } else {
        action = l->undoes[x];
        if (x != v->rtop || a->top != action || a->rtop != l->below[x])
            return broken(a, _("it undoes an undo that could not be undone"), err);
        if ((st = journal_get_action(g->j, action, &t, &found, err)) != GROG_OK)
            return st;
        if (!found)
            return broken(a, _("the action it restores is missing"), err);
        if ((st = verify_exec(v, &t, err)) != GROG_OK)
            return st;
        v->top = action;
        v->rtop = l->below[x];
    }
    if ((st = journal_get_action(g->j, action, &t, &found, err)) != GROG_OK)
        return st;
    char kind[64], checks[64];
    row_kind(&t, kind, sizeof kind);
    snprintf(checks, sizeof checks, "undo=%lld", x);
    json_t *r = undo_result(g, a->seq, t.side, x, action, kind, redo);
    char *rtext = r != NULL ? json_dumps(r, JSON_COMPACT) : NULL;
    /* an undo is the side's of the action it takes back (plan_undo) */
    int same = strcmp(a->checks, checks) == 0 && game_same_result(rtext, a) &&
               strcmp(a->side != NULL ? a->side : "", t.side != NULL ? t.side : "") == 0;
    free(rtext);
    json_decref(r);
    return same ? GROG_OK : broken(a, _("its recorded result is not the one the journal gives"),
                                   err);
}

static grog_status verify_row(void *p, const journal_action *a, grog_error *err)
{
    verify_pass *v = p;
    grog_status st;
    if (a->seq > v->l->n)
        return GROG_OK; /* written after we looked */
    if (a->rng_from >= 0 && a->rng_from != v->stream)
        return broken(a, _("its place in the dice stream is not where the previous one ended"),
                      err);
    if (a->undoes != 0) {
        if ((st = verify_undo(v, a, err)) != GROG_OK)
            return st;
        if (a->rng_to >= 0 && a->rng_to != v->stream)
            return broken(a, _("an undo does not draw dice"), err);
    } else {
        if (a->below != v->top || a->top != a->seq || a->rtop != 0)
            return broken(a, _("its undo links are not the ones the journal gives"), err);
        if ((st = verify_exec(v, a, err)) != GROG_OK)
            return st;
        v->top = a->seq;
        v->rtop = 0;
        v->stream = (long long)grog_rng_draws(v->g->s.rng);
    }
    snapcache_check_row(v->g, &v->snaps, a->seq);
    v->done++;
    return GROG_OK;
}

grog_status grog_game_replay(grog_game *g, size_t *actions, grog_error *err)
{
    if (actions != NULL)
        *actions = 0;
    long long last = 0;
    grog_status st = journal_read_begin(g->j, err);
    if (st != GROG_OK)
        return st;
    st = journal_last_seq(g->j, &last, err);
    links l;
    if (st == GROG_OK)
        st = links_load(g, last, &l, err);
    if (st != GROG_OK) {
        journal_read_end(g->j);
        return st;
    }
    verify_pass v = {g, &l, calloc((size_t)last + 1, sizeof(long long)),
                     calloc((size_t)last + 1, sizeof(game_state)), 0, 0, 0, 0, {{0}, 0, 0, {0}, 0}};
    if (v.uses == NULL || v.saved == NULL)
        st = grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    if (st == GROG_OK)
        st = snapcache_check_begin(g, last, &v.snaps, err);
    for (long long s = 1; st == GROG_OK && s <= last; s++)
        if (l.undoes[s] > 0 && l.undoes[s] <= last && l.undoes[l.undoes[s]] == 0)
            v.uses[l.undoes[s]]++;
    if (st == GROG_OK)
        st = game_fresh_state(g, err);
    char lang[64];
    g->lang_now = game_lang(lang, sizeof lang); /* the same for every row */
    if (st == GROG_OK)
        st = journal_foreach(g->j, verify_row, &v, err);
    g->lang_now = NULL;
    for (long long s = 0; v.saved != NULL && s <= last; s++)
        game_state_free(g, &v.saved[s]);
    free(v.saved);
    free(v.uses);
    links_free(&l);
    journal_read_end(g->j);
    if (actions != NULL)
        *actions = v.done;
    grog_error e;
    if (st != GROG_OK) {
        /* the live state goes back to the journal's (as far as it replays), and
         * the game is marked damaged from the row that failed */
        char reason[GROG_ERROR_MAX];
        snprintf(reason, sizeof reason, "%s", err != NULL ? err->message : "");
        if (game_rebuild(g, 1, &e) != GROG_OK || g->bad == 0 || g->bad > (long long)v.done + 1) {
            g->bad = (long long)v.done + 1;
            snprintf(g->bad_reason, sizeof g->bad_reason, "%s", reason);
        }
        return st;
    }
    /* every row replays: then every row's hash (journal.h), which finds what
     * the rules do not compare (a row whose hash alone was replaced) */
    long long edited = 0;
    st = journal_chain_check(g->j, 0, &edited, err);
    if (st != GROG_OK) {
        if (edited > 0 && (g->bad == 0 || edited < g->bad)) {
            g->bad = edited;
            snprintf(g->bad_reason, sizeof g->bad_reason, "%s", err != NULL ? err->message : "");
        }
        return st;
    }
    g->last = last;
    g->top = v.top;
    g->rtop = v.rtop;
    g->stream = v.stream;
    g->bad = 0;
    g->unsnapped = (long long)v.done;
    return snapcache_check_end(g, &v.snaps, err); /* a snapshot that differs: named, deleted */
}

/* ---- the log's marks ---- */

grog_status game_undone_by(const grog_game *g, long long **undone_by, grog_error *err)
{
    links l;
    grog_status st = links_load((grog_game *)g, g->last, &l, err);
    if (st != GROG_OK)
        return st;
    long long *u = calloc((size_t)g->last + 1, sizeof *u);
    char *in_effect = NULL;
    if (u == NULL)
        st = grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    if (st == GROG_OK && chain_from(&l, g->top, &in_effect, NULL) != GROG_OK)
        in_effect = NULL; /* a damaged chain: marks only from the undo records */
    for (long long s = 1; st == GROG_OK && s <= g->last; s++)
        if (l.undoes[s] > 0 && l.undoes[s] < s)
            u[l.undoes[s]] = s; /* the latest undo naming it */
    /* an action undone, then restored by an undo of its undo, is in effect */
    for (long long s = 1; st == GROG_OK && in_effect != NULL && s <= g->last; s++)
        if (l.undoes[s] == 0 && in_effect[s])
            u[s] = 0;
    free(in_effect);
    links_free(&l);
    if (st != GROG_OK) {
        free(u);
        return st;
    }
    *undone_by = u;
    return GROG_OK;
}

/* ---- repair ---- */

typedef struct cut_pass {
    FILE *f;
} cut_pass;

static grog_status cut_row(void *p, const journal_action *a, grog_error *err)
{
    cut_pass *c = p;
    json_t *row = json_pack("{s:I,s:s,s:s,s:s,s:s,s:I,s:I,s:I,s:I,s:I,s:I,s:s?}", "seq",
                            (json_int_t)a->seq, "side", a->side, "words", a->words, "result",
                            a->result, "checks", a->checks, "undoes", (json_int_t)a->undoes,
                            "rng_from", (json_int_t)a->rng_from, "rng_to",
                            (json_int_t)a->rng_to, "top", (json_int_t)a->top, "below",
                            (json_int_t)a->below, "rtop", (json_int_t)a->rtop, "lang", a->lang);
    char *text = row != NULL ? json_dumps(row, JSON_COMPACT) : NULL;
    json_decref(row);
    int ok = text != NULL && fprintf(c->f, "%s\n", text) >= 0;
    free(text);
    return ok ? GROG_OK : grog_error_set(err, GROG_EIO, _("cannot write the cut actions"));
}

grog_status grog_game_repair(grog_game *g, const grog_seat *seat, long long keep,
                             const char *side_path, grog_error *err)
{
    if (seat == NULL || seat->kind != GROG_SEAT_REFEREE)
        return grog_error_set(err, GROG_EDENIED, _("only the referee repairs a game"));
    if (keep < 1)
        return grog_error_set(err, GROG_EINVAL,
                              _("--truncate-at %lld: the first action (start) stays; keep 1 or "
                                "more"),
                              keep);
    if (keep >= g->last)
        return grog_error_set(err, GROG_EINVAL,
                              ngettext("--truncate-at %lld: the journal has %lld action; nothing to cut",
                                       "--truncate-at %lld: the journal has %lld actions; nothing to cut",
                                       (unsigned long)g->last),
                              keep, g->last);
    int fd = open(side_path, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0)
        return grog_error_set(err, errno == EEXIST ? GROG_EINVAL : GROG_EIO,
                              _("%s: cannot keep the cut actions there: %s"), side_path,
                              strerror(errno));
    cut_pass c = {fdopen(fd, "w")};
    grog_status st = c.f != NULL ? journal_begin(g->j, err)
                                 : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    if (st == GROG_OK)
        st = journal_cut(g->j, keep, cut_row, &c, err);
    if (st == GROG_OK && (fflush(c.f) != 0 || fsync(fd) != 0))
        st = grog_error_set(err, GROG_EIO, _("%s: cannot write: %s"), side_path, strerror(errno));
    if (st == GROG_OK)
        st = journal_commit(g->j, err);
    if (c.f != NULL)
        fclose(c.f);
    else
        close(fd);
    if (st != GROG_OK) {
        journal_rollback(g->j);
        remove(side_path);
        return st;
    }
    journal_checkpoint(g->j); /* a repair: the .grog alone holds the cut journal at once */
    return game_rebuild(g, 1, err);
}
