/* game.c — a game: creating and opening its file, and doing one action
 * under the one-writer rule.
 *
 * Invariants: g->s is always the state after the journal's last row read
 * (g->last). An action runs on a copy of the state, inside one write
 * transaction (BEGIN IMMEDIATE) in which the journal is first caught up with
 * what other processes wrote; only when it succeeds and its row is committed
 * is the copy swapped in. Every action draws from the game's one stream at
 * the position the journal has reached (g->stream), never earlier: undoing
 * does not rewind the dice. history.c replays, undoes and verifies.
 *
 * This file is the orchestration on top of the engine: it alone names the
 * families' engines (the table below), opens and creates games, and does
 * an action. Below it: the state (game_state.c), the action context
 * (action_ctx.c), the actions (actions.c, family_*.c), a row executed
 * again (game_exec.c), the journal, snapshots and history (docs/hacking.md,
 * "The game engine"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "claims.h"
#include "commitment_internal.h"
#include "engine.h"
#include "grognard/commitment.h"
#include "grognard/data.h"
#include "grognard/scenario.h"
#include "grognard/text.h"
#include "grognard/version.h"
#include "i18n.h"
#include "journal.h"
#include "piece_codes.h"
#include "jsontext.h"
#include "snapcache.h"

#define FORMAT_NAME "grognard-game"

static const family_ops *const families[GROG_FAMILY_COUNT] = {
    &grog_family_aigles_ops,
    &grog_family_gdb_ops,
    &grog_family_gt_ops,
};

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

/* ---- an action done ---- */

static json_t *words_json(int argc, const char *const *words)
{
    json_t *a = json_array();
    for (int i = 0; i < argc; i++)
        json_array_append_new(a, json_string(words[i]));
    return a;
}

/* A side seat may act only with its own pieces: an action whose acting side
 * (set by the action from its officer or unit) is another side is refused,
 * whether it succeeded or failed on the working copy, so that the other
 * side's message (which may name hidden things) is never shown. */
static grog_status check_seat(const grog_seat *seat, const action_ctx *c, grog_status st,
                              grog_error *err)
{
    if (seat != NULL && seat->kind == GROG_SEAT_SIDE && c->referee_only)
        return grog_error_set(err, GROG_EDENIED,
                              _("this action is the referee's (a correction): %s's seat may not "
                                "take it"),
                              seat->side);
    /* a table event is the side's whose piece it is about (claims.c) */
    const char *acting = c->about != NULL ? c->about : c->side;
    if (seat == NULL || seat->kind != GROG_SEAT_SIDE || acting == NULL || acting[0] == '\0' ||
        strcmp(acting, seat->side) == 0)
        return st;
    if (c->claim > 0)
        return grog_error_set(err, GROG_EDENIED,
                              _("claim #%lld is about %s's pieces: %s or the referee answers it "
                                "(%s's seat may not; the side that made it takes it back with "
                                "grognard undo --side, or the referee with the page's undo)"),
                              c->claim, game_claim_side_name(c->battle, acting),
                              game_claim_side_name(c->battle, acting),
                              game_claim_side_name(c->battle, seat->side));
    return grog_error_set(err, GROG_EDENIED,
                          _("not a piece of %s: this action is %s's; a side acts only with its "
                            "own officers and units"),
                          seat->side, acting);
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

static void spare_follow(grog_game *g, const journal_action *a);

/* Runs words on the live state, positioned at the journal's stream. */
static grog_status run_live(grog_game *g, const grog_seat *seat, int argc,
                            const char *const *words, action_ctx *c, grog_error *err)
{
    ctx_init(c, g, &g->s);
    grog_status st = game_seek(g->s.rng, g->stream, err);
    if (st == GROG_OK)
        st = game_run_action(g, c, argc, words, err);
    st = check_seat(seat, c, st, err);
    if (st == GROG_OK) {
        ctx_store(c, &g->s);
        ctx_finish_checks(c);
    }
    return st;
}

/* Writes the action's row *ja (inside the caller's transaction); ja's
 * strings are c's, wtext, rtext and lang's. */
static grog_status append_action(grog_game *g, const action_ctx *c, const char *wtext,
                                 const char *rtext, char lang[64], journal_action *ja,
                                 grog_error *err)
{
    *ja = (journal_action){c->seq, c->side, wtext, rtext, c->checks != NULL ? c->checks : "",
                           0, g->stream, (long long)grog_rng_draws(c->rng), c->seq, g->top, 0,
                           game_lang(lang, 64)};
    grog_status st = wtext != NULL && rtext != NULL
                         ? journal_append(g->j, ja, err)
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
    st = game_writable_now(g, err);
    if (st == GROG_OK)
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
        char *r = wtext != NULL ? game_result_text(&c, wtext) : NULL;
        if (out != NULL)
            *out = result_text_for(seat, r);
        free(r);
    } else if (st == GROG_OK) {
        char *r = wtext != NULL ? game_result_text(&c, wtext) : NULL;
        char lang[64];
        journal_action row;
        st = append_action(g, &c, wtext, r, lang, &row, err);
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
            if (out != NULL)
                *out = result_text_for(seat, r);
            spare_follow(g, &row);
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
                             const char *const *typed, char **out, grog_error *err)
{
    char **w = piece_codes_words(g->s.battle, argc, typed); /* the rosters' codes: ids */
    if (w == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    const char *const *words = (const char *const *)w;
    /* a side's event about the other side's pieces is a claim (claims.c) */
    const char **claim = NULL;
    int n = seat != NULL && seat->kind == GROG_SEAT_SIDE
                ? game_claim_words(g->s.battle, seat->side, argc, words, &claim)
                : 0;
    if (n < 0) {
        piece_codes_free(w, argc);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    if (n > 0)
        words = claim;
    int snapped = 0, nw = n > 0 ? n : argc;
    grog_status st = do_action_once(g, seat, nw, words, out, 1, &snapped, err);
    if (st != GROG_OK && snapped)
        st = do_action_once(g, seat, nw, words, out, 0, &snapped, err);
    free(claim);
    piece_codes_free(w, argc);
    return st;
}

/* Brings the spare to the live state by executing on it the row just
 * written, a (as it was written: not read back from the file, which took a
 * read transaction of its own after every action). */
static void spare_follow(grog_game *g, const journal_action *a)
{
    if (!g->spare_ok || game_exec_row_on(g, &g->spare, a, 0, NULL) != GROG_OK)
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
    return game_start_state(g, b, err);
}

typedef struct create_ctx {
    grog_game *g;
    const grog_game_options *o;
    const char *rules_text;
    const unsigned char *salt; /* NULL: no seed commitment */
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
        (st = commitment_store(j, cc->o->seed, cc->salt, err)) != GROG_OK ||
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
    return grog_game_create_salted(path, o, NULL, out, err);
}

grog_status grog_game_create_salted(const char *path, const grog_game_options *o,
                                    const unsigned char *salt, grog_game **out, grog_error *err)
{
    grog_status st = check_options(o, err);
    if (st != GROG_OK)
        return st;
    grog_game *g = game_alloc();
    if (g == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    char *rules_text = NULL;
    st = prepare_create(g, o, &rules_text, err);
    create_ctx cc = {g, o, rules_text, salt};
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

static grog_status open_game(const char *path, int damaged_ok, int reader, grog_game **out,
                             long long *bad, grog_error *err)
{
    grog_game *g = game_alloc();
    if (g == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_status st = reader ? journal_open_reader(path, &g->j, err) : journal_open(path, &g->j, err);
    if (st == GROG_OK)
        st = open_keys(g, path, err);
    /* the rows after the newest snapshot are the ones open executes: their
     * hashes are checked first, so an edited row is called so (journal.h) */
    long long edited = 0;
    grog_error chain;
    grog_status cs = st == GROG_OK ? journal_chain_check(g->j, journal_last_snapshot(g->j),
                                                         &edited, &chain)
                                   : GROG_OK;
    if (cs != GROG_OK && (edited == 0 || !damaged_ok)) {
        st = cs;
        if (err != NULL)
            *err = chain;
    }
    if (st == GROG_OK)
        st = game_rebuild(g, damaged_ok, err);
    if (st == GROG_OK && edited > 0 && (g->bad == 0 || edited < g->bad)) {
        g->bad = edited; /* read only, as a game that no longer replays */
        snprintf(g->bad_reason, sizeof g->bad_reason, "%s", chain.message);
    }
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
    return open_game(path, 0, 0, out, NULL, err);
}

grog_status grog_game_open_reader(const char *path, grog_game **out, grog_error *err)
{
    return open_game(path, 0, 1, out, NULL, err);
}

grog_status grog_game_open_damaged(const char *path, grog_game **out, long long *first_bad,
                                   grog_error *err)
{
    return open_game(path, 1, 0, out, first_bad, err);
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
