/* family_gdb.c — General de Brigade in the game engine (GDB-01 to GDB-14).
 *
 * Turn: command, movement, combat. Each side keeps an order book
 * (grog_gdb_book): the brigade orders in force and those placed face down.
 * Entering the Command Phase brings delayed orders into force (GDB-04) and
 * lets every C-in-C try once more (GDB-01). Brigades are the officers of
 * role "brigade"; each side's commander-in-chief gives the orders. The
 * battle's officer.order and officer.pending mirror the books so that
 * `show` and the map can draw them; the books are the reference. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "engine.h"
#include "grognard/gdb.h"
#include "i18n.h"
#include "order_kinds.h"
#include "snapshot.h"

static const char *const phases[] = {"command", "movement", "combat"};

typedef struct gdb_rules {
    grog_gdb_rules *r;
    order_kinds *kinds;
} gdb_rules;

typedef struct gdb_state {
    size_t nbooks;
    grog_gdb_book **books; /* one per side, in battle order */
    size_t phase;          /* the phase now (for the status) */
} gdb_state;

static grog_status load_rules(const char *text, const char *label, void **rules, grog_error *err)
{
    gdb_rules *r = calloc(1, sizeof *r);
    if (r == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_status st = text != NULL ? grog_gdb_rules_parse(text, label, &r->r, err)
                                  : grog_gdb_rules_load(NULL, &r->r, err);
    if (st == GROG_OK)
        st = order_kinds_load("gdb", text, label, &r->kinds, err);
    if (st != GROG_OK) {
        grog_gdb_rules_destroy(r->r);
        free(r);
        return st;
    }
    *rules = r;
    return GROG_OK;
}

static void free_rules(void *rules)
{
    gdb_rules *r = rules;
    if (r == NULL)
        return;
    grog_gdb_rules_destroy(r->r);
    order_kinds_free(r->kinds);
    free(r);
}

static const struct order_kinds *kinds_of(const void *rules)
{
    return ((const gdb_rules *)rules)->kinds;
}

static const grog_gdb_rules *R(const action_ctx *c)
{
    return ((const gdb_rules *)c->rules)->r;
}

static void destroy(void *p)
{
    gdb_state *s = p;
    if (s == NULL)
        return;
    for (size_t i = 0; i < s->nbooks; i++)
        grog_gdb_book_destroy(s->books[i]);
    free(s->books);
    free(s);
}

/* The officers with a brigade in the book: the brigade commanders, and a
 * C-in-C who personally commands a brigade (GDB-07: he changes its orders
 * himself, so it has an order of its own). */
static int has_brigade(const grog_officer *o)
{
    return o->role == GROG_ROLE_BRIGADE || o->personally_commands;
}

static grog_status create(const void *rules, const grog_battle *b, void **out, grog_error *err)
{
    (void)rules;
    gdb_state *s = calloc(1, sizeof *s);
    size_t n = grog_battle_nsides(b);
    if (s == NULL || (s->books = calloc(n + 1, sizeof *s->books)) == NULL) {
        free(s);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    s->nbooks = n;
    for (size_t i = 0; i < n; i++) {
        const char *side = grog_battle_side(b, i)->id;
        if ((s->books[i] = grog_gdb_book_create(side)) == NULL) {
            destroy(s);
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        }
        for (size_t k = 0; k < grog_battle_nofficers(b); k++) {
            const grog_officer *o = grog_battle_officer(b, k);
            if (!has_brigade(o) || strcmp(o->side, side) != 0)
                continue;
            grog_status st = grog_gdb_book_add_brigade(s->books[i], o->id,
                                                       o->order.kind[0] ? o->order.kind : "none",
                                                       err);
            if (st == GROG_OK && o->pending.kind[0] != '\0') /* face down at the start (GDB-02) */
                st = grog_gdb_book_place(s->books[i], o->id, o->pending.kind,
                                         o->pending.effective_turn > 0 ? GROG_GDB_PENDING_DELAYED
                                                                       : GROG_GDB_PENDING_UNREVEALED,
                                         0, err);
            if (st != GROG_OK) {
                destroy(s);
                return st;
            }
        }
    }
    *out = s;
    return GROG_OK;
}

static void *copy(const void *p)
{
    const gdb_state *s = p;
    gdb_state *c = calloc(1, sizeof *c);
    if (c == NULL || (c->books = calloc(s->nbooks + 1, sizeof *c->books)) == NULL) {
        free(c);
        return NULL;
    }
    c->nbooks = s->nbooks;
    c->phase = s->phase;
    for (size_t i = 0; i < s->nbooks; i++) {
        if ((c->books[i] = grog_gdb_book_clone(s->books[i])) == NULL) {
            destroy(c);
            return NULL;
        }
    }
    return c;
}

static grog_gdb_book *book_of(action_ctx *c, const char *side)
{
    gdb_state *s = c->fstate;
    for (size_t i = 0; i < s->nbooks; i++)
        if (strcmp(grog_gdb_book_side(s->books[i]), side) == 0)
            return s->books[i];
    return NULL;
}

/* Copies a brigade's entry of its book into the battle (officer.order, .pending). */
static void mirror(action_ctx *c, grog_gdb_book *book, const char *brigade)
{
    grog_gdb_brigade_view v;
    grog_officer *o = grog_battle_officer_by_id_mut(c->battle, brigade);
    if (o == NULL || grog_gdb_book_find(book, brigade, grog_gdb_book_side(book), &v, NULL) != GROG_OK)
        return;
    if (strcmp(o->order.kind, v.order) != 0) {
        memset(&o->order, 0, sizeof o->order);
        snprintf(o->order.kind, sizeof o->order.kind, "%s", v.order);
        o->order.given_turn = c->turn;
    }
    memset(&o->pending, 0, sizeof o->pending);
    if (v.pending != GROG_GDB_PENDING_NONE && v.pending_order != NULL) {
        snprintf(o->pending.kind, sizeof o->pending.kind, "%s", v.pending_order);
        o->pending.given_turn = v.pending_turn;
        o->pending.effective_turn = v.pending == GROG_GDB_PENDING_DELAYED ? v.pending_turn + 1 : 0;
    }
}

static grog_status enter_phase(action_ctx *c, grog_error *err)
{
    gdb_state *s = c->fstate;
    s->phase = c->phase;
    if (c->phase != 0)
        return GROG_OK;
    for (size_t i = 0; i < s->nbooks; i++) {
        int in_force = 0;
        grog_status st = grog_gdb_book_command_phase(s->books[i], c->turn, &in_force, err);
        if (st != GROG_OK)
            return st;
        for (size_t k = 0; k < grog_gdb_book_count(s->books[i]); k++) {
            grog_gdb_brigade_view v;
            if (grog_gdb_book_view(s->books[i], k, NULL, &v, NULL) == GROG_OK)
                mirror(c, s->books[i], v.brigade);
        }
        if (in_force > 0)
            ctx_event(c, "", "orders-in-force",
                      json_pack("{s:s,s:i}", "side", grog_gdb_book_side(s->books[i]), "count",
                                in_force),
                      ngettext("GDB-04: %d delayed order of %s comes into force.",
                               "GDB-04: %d delayed orders of %s come into force.", in_force),
                      in_force,
                      grog_gdb_book_side(s->books[i]));
    }
    return GROG_OK;
}

static grog_status act_order(action_ctx *c, int argc, char **argv, grog_error *err)
{
    const char *roll = ctx_take_option(&argc, argv, "--roll");
    if (argc != 3 && argc != 4)
        return grog_error_set(err, GROG_EINVAL,
                              _("usage: order C-IN-C BRIGADE-COMMANDER ORDER [--roll TOTAL] (no "
                                "ORDER: roll again for the face-down order)"));
    grog_officer *cinc, *brig;
    grog_status st;
    if ((st = ctx_officer(c, argv[1], &cinc, err)) != GROG_OK ||
        (st = ctx_officer(c, argv[2], &brig, err)) != GROG_OK)
        return st;
    c->side = cinc->side;
    if (c->phase != 0)
        return grog_error_set(err, GROG_ERULE, _("GDB-01: orders change in the Command Phase "
                                                 "(now: %s)"),
                              grog_explain_word(ctx_phase_id(c)));
    grog_gdb_book *book = book_of(c, cinc->side);
    if (book == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no order book for %s"), cinc->side);
    const char *order = argc == 4 ? argv[3] : NULL;
    if (order != NULL && (st = order_kinds_check(kinds_of(c->rules), order, err)) != GROG_OK)
        return st;
    c->secret_from = 3; /* GDB-02: the new order is face down */
    grog_explain *e = NULL;
    if (c->explain_only) {
        st = grog_gdb_battle_test_measured(R(c), c->battle, cinc->id, brig->id, c->tape, NULL,
                                            &e, NULL, err);
        if (st == GROG_OK)
            st = ctx_record(c, e, "", err);
        grog_explain_destroy(e);
        return st;
    }
    grog_gdb_dice_source dice = {roll != NULL ? GROG_GDB_ENTERED : GROG_GDB_RNG, c->rng, 0};
    if (roll != NULL) {
        long v;
        if ((st = ctx_int("--roll", roll, 2, 12, &v, err)) != GROG_OK)
            return st;
        dice.entered = (int)v;
    }
    /* a new roll for the face-down order: its word, for the side's own eyes */
    char face_down[GROG_ID_MAX] = "";
    grog_gdb_brigade_view before;
    if (order == NULL &&
        grog_gdb_book_find(book, brig->id, cinc->side, &before, NULL) == GROG_OK &&
        before.pending_order != NULL)
        snprintf(face_down, sizeof face_down, "%s", before.pending_order);
    int own = cinc == brig; /* GDB-07: the brigade he commands himself */
    grog_gdb_outcome outcome = GROG_GDB_FAIL;
    st = grog_gdb_book_attempt_measured(book, R(c), c->battle, cinc->id, brig->id, order, c->tape,
                                        &dice, &e, &outcome, err);
    if (st != GROG_OK)
        return st;
    /* The test is public (the opponent sees the dice); the order is not (GDB-02). */
    st = ctx_record_secret_notes(c, e, cinc->side, err);
    grog_explain_destroy(e);
    if (st != GROG_OK)
        return st;
    mirror(c, book, brig->id);
    const char *ord = order != NULL ? order : face_down;
    if (own) {
        ctx_event(c, "", "order-immediate",
                  json_pack("{s:s,s:s,s:b}", "brigade", brig->id, "order", ord, "automatic", 1),
                  _("GDB-07: %s changes the order of the brigade he commands himself, without a "
                    "roll: \"%s\", in force at once."),
                  cinc->name, ord);
        return GROG_OK;
    }
    if (order == NULL) {
        ctx_event(c, "", "order-attempt",
                  json_pack("{s:s,s:s,s:b}", "cinc", cinc->id, "brigade", brig->id, "again", 1),
                  _("GDB-02: %s rolls again for the order face down under %s's."), cinc->name,
                  brig->name);
        ctx_event(c, cinc->side, "order-attempt-detail",
                  json_pack("{s:s,s:s}", "brigade", brig->id, "order", ord),
                  _("(hidden) the face-down order is \"%s\"."), grog_explain_word_in("order", ord));
    } else
        ctx_event(c, "", "order-attempt",
                  json_pack("{s:s,s:s}", "cinc", cinc->id, "brigade", brig->id),
                  _("GDB-02: %s places a new order face down for %s's brigade and rolls."),
                  cinc->name, brig->name);
    switch (outcome) {
    case GROG_GDB_IMMEDIATE:
        ctx_event(c, "", "order-immediate",
                  json_pack("{s:s,s:s}", "brigade", brig->id, "order", ord),
                  _("GDB-03: the order is revealed: %s's brigade now has \"%s\", in force at "
                    "once."),
                  brig->name, grog_explain_word_in("order", ord));
        break;
    case GROG_GDB_DELAYED:
        ctx_event(c, "", "order-delayed", json_pack("{s:s}", "brigade", brig->id),
                  _("GDB-04: the order is changed but not yet in force: %s keeps his old order "
                    "this turn."),
                  brig->name);
        ctx_event(c, cinc->side, "order-delayed-detail",
                  json_pack("{s:s,s:s}", "brigade", brig->id, "order", ord),
                  _("(hidden) %s's new order \"%s\" comes into force next Command Phase."),
                  brig->name, grog_explain_word_in("order", ord));
        break;
    case GROG_GDB_FAIL:
        ctx_event(c, "", "order-failed", json_pack("{s:s}", "brigade", brig->id),
                  _("GDB-05: the change fails; %s keeps his order."), brig->name);
        ctx_event(
            c, cinc->side, "order-failed-detail",
            json_pack("{s:s,s:s}", "brigade", brig->id, "order", ord),
            _("(hidden) \"%s\" stays face down under %s's order (GDB-06: it may be replaced)."),
            grog_explain_word_in("order", ord), brig->name);
        break;
    }
    return GROG_OK;
}

static const action_def actions[] = {
    {"order", N_("order C-IN-C BRIGADE-COMMANDER ORDER [--roll TOTAL]: try to change a brigade's "
                 "order (2D6, GDB-01..14)"),
     act_order},
};

/* GDB-01: in the Command Phase, a C-in-C who has not tried yet may try to
 * change one order of a brigade of his side (or his own, GDB-07). */
static void legal_gdb(const legal_ctx *l)
{
    legal_list *L = l->list;
    const gdb_state *s = l->fstate;
    const gdb_rules *r = l->rules;
    const grog_battle *b = l->battle;
    if (l->phase != 0)
        return;
    legal_act *a = legal_action(L, "order",
                             _("try to change a brigade's order (2D6, GDB-01..14); without "
                               "ORDER: roll again for the face-down one"));
    legal_param *ci = legal_arg(L, a, "c-in-c", "general");
    legal_param *br = legal_arg(L, a, "brigade", "officer");
    legal_param *k = legal_arg(L, a, "order", "order-kind");
    legal_optional(k);
    for (size_t i = 0; i < order_kinds_count(r->kinds); i++)
        legal_choice(L, k, order_kinds_id(r->kinds, i));
    legal_option(L, a, "--roll", "dice-total");
    legal_option(L, a, "--measure", "measure"); /* GDB-09, 10, 12, 14 */
    legal_roll(a, "2d6", "--roll", _("the order change roll (GDB-02), its total"));
    legal_preview(a);
    for (size_t i = 0; i < s->nbooks; i++) {
        const char *sid = grog_gdb_book_side(s->books[i]);
        size_t ck;
        if (!legal_mine(l, sid) || !grog_battle_commander_in_chief(b, sid, &ck))
            continue;
        const grog_officer *c = grog_battle_officer(b, ck);
        if (c->state != GROG_OFFICER_ACTIVE || grog_gdb_book_tried(s->books[i], c->id))
            continue;
        for (size_t j = 0; j < grog_battle_nofficers(b); j++) {
            const grog_officer *o = grog_battle_officer(b, j);
            if (strcmp(o->side, sid) == 0 && o->state == GROG_OFFICER_ACTIVE &&
                (o->role == GROG_ROLE_BRIGADE || (o == c && c->personally_commands)))
                legal_choice_by(L, br, c->id, o->id);
        }
        if (legal_has_by(L, br, c->id))
            legal_choice(L, ci, c->id);
    }
}

/* The unit follows its brigade's order (GDB-02: a face-down one only for
 * its own side). */
static void unit_card(const legal_ctx *l, const grog_troop *u, json_t *card)
{
    const grog_officer *o = grog_battle_officer_by_id(l->battle, u->parent);
    if (o == NULL || o->role != GROG_ROLE_BRIGADE)
        return;
    int own = l->side == NULL || strcmp(l->side, o->side) == 0;
    json_t *b = json_pack("{s:s,s:s,s:s?,s:b}", "id", o->id, "name", o->name, "order",
                          o->order.kind[0] ? o->order.kind : NULL, "broken", o->brigade_broken);
    if (o->pending.kind[0] != '\0')
        json_object_set_new(b, "face_down", own ? json_string(o->pending.kind) : json_string("?"));
    json_object_set_new(card, "brigade", b);
    char text[256];
    grog_text_snprintf(text, sizeof text, _("the unit follows the order of %s's brigade: %s"),
                       o->name,
                       o->order.kind[0] ? grog_explain_word_in("order", o->order.kind) : _("none"));
    card_note(card, "GDB-02", text);
    if (o->brigade_broken)
        card_note(card, "GDB-13", _("its brigade is broken: -1 to order changes"));
}

static void status(const void *rules, const grog_battle *b, const void *state, const char *side,
                   json_t *out)
{
    (void)rules;
    (void)b;
    const gdb_state *s = state;
    json_t *books = json_array();
    json_t *pending = json_array();
    for (size_t i = 0; i < s->nbooks; i++) {
        char *text = NULL;
        /* the referee reads every book as its own side does */
        const char *viewer = strcmp(side, GAME_REFEREE_VIEWER) == 0 ? grog_gdb_book_side(s->books[i])
                             : side[0]                             ? side
                                                                   : NULL;
        if (grog_gdb_book_to_json(s->books[i], viewer, &text, NULL) == GROG_OK) {
            json_t *j = json_loads(text, 0, NULL);
            if (j != NULL)
                json_array_append_new(books, j);
        }
        free(text);
        for (size_t k = 0; k < grog_gdb_book_count(s->books[i]); k++) {
            grog_gdb_brigade_view v;
            if (grog_gdb_book_view(s->books[i], k, viewer, &v, NULL) != GROG_OK ||
                v.pending == GROG_GDB_PENDING_NONE)
                continue;
            char line[256];
            const grog_officer *o = grog_battle_officer_by_id(b, v.brigade);
            grog_text_snprintf(
                line, sizeof line, _("%s: a face-down order (%s)%s%s"),
                o != NULL ? o->name : v.brigade,
                grog_explain_word(grog_gdb_pending_name(v.pending)), v.pending_order ? ": " : "",
                v.pending_order ? grog_explain_word_in("order", v.pending_order) : "");
            json_array_append_new(pending, json_string(line));
        }
    }
    json_t *may = json_object();
    for (size_t i = 0; i < grog_battle_nsides(b); i++) {
        size_t k;
        const char *sid = grog_battle_side(b, i)->id;
        if (s->phase != 0 || !grog_battle_commander_in_chief(b, sid, &k))
            continue; /* GDB-01: order changes belong to the Command Phase */
        const grog_officer *o = grog_battle_officer(b, k);
        const gdb_state *gs = state;
        int tried = 0;
        for (size_t j = 0; j < gs->nbooks; j++)
            if (strcmp(grog_gdb_book_side(gs->books[j]), sid) == 0)
                tried = grog_gdb_book_tried(gs->books[j], o->id);
        char line[256];
        grog_text_snprintf(
            line, sizeof line,
            tried ? _("%s has made his order change this turn (GDB-01)")
                  : _("%s may try to change one brigade's order (command phase, GDB-01)"),
            o->name);
        json_t *list = json_array();
        json_array_append_new(list, json_string(line));
        json_object_set_new(may, sid, list);
    }
    json_object_set_new(out, "may", may);
    json_object_set_new(out, "books", books);
    json_object_set_new(out, "pending", pending);
}


/* ---- the state in a snapshot (snapshot.h) ----
 * {"books": [{"side", "turn", "brigades": [{"brigade", "order", "pending",
 * "pending_order", "pending_turn"}], "tried": [C-in-C ids]}] one per side in
 * battle order, every face-down order written (GDB-02, -04, -05, -06: the
 * snapshot is the referee's, never a view), "phase"}. GDB-01's tries
 * are kept in the order they were made. */

static json_t *book_json(const grog_gdb_book *book)
{
    const char *side = grog_gdb_book_side(book);
    json_t *brigades = json_array(), *tried = json_array();
    int failed = brigades == NULL || tried == NULL;
    for (size_t i = 0; !failed && i < grog_gdb_book_count(book); i++) {
        grog_gdb_brigade_view v;
        failed = grog_gdb_book_view(book, i, side, &v, NULL) != GROG_OK ||
                 json_array_append_new(
                     brigades,
                     json_pack("{s:s,s:s,s:s,s:s?,s:i}", "brigade", v.brigade, "order", v.order,
                               "pending", grog_gdb_pending_name(v.pending), "pending_order",
                               v.pending_order, "pending_turn", v.pending_turn)) != 0;
    }
    for (size_t i = 0; !failed && i < grog_gdb_book_ntried(book); i++)
        failed = json_array_append_new(tried, json_string(grog_gdb_book_tried_id(book, i))) != 0;
    if (failed) {
        json_decref(brigades);
        json_decref(tried);
        return NULL;
    }
    return json_pack("{s:s,s:i,s:o,s:o}", "side", side, "turn", grog_gdb_book_turn(book),
                     "brigades", brigades, "tried", tried);
}

static json_t *state_save(const void *rules, const grog_battle *b, const void *state)
{
    (void)rules;
    (void)b;
    const gdb_state *s = state;
    json_t *books = json_array();
    int failed = books == NULL;
    for (size_t i = 0; !failed && i < s->nbooks; i++)
        failed = json_array_append_new(books, book_json(s->books[i])) != 0;
    if (failed) {
        json_decref(books);
        return NULL;
    }
    return json_pack("{s:o,s:i}", "books", books, "phase", (int)s->phase);
}

static grog_status load_brigade(const grog_battle *b, const json_t *j, const char *where,
                                grog_gdb_book *book, grog_error *err)
{
    size_t oi;
    const char *order, *pending = NULL, *porder = NULL;
    int turn;
    grog_gdb_brigade_view v;
    grog_status st = snapshot_officer(b, j, where, "brigade", 0, &oi, err);
    const char *id = st == GROG_OK ? grog_battle_officer(b, oi)->id : "";
    if (st == GROG_OK && grog_gdb_book_find(book, id, NULL, &v, NULL) == GROG_OK)
        st = snapshot_range_error(where, "brigade", err); /* twice in the book */
    if (st == GROG_OK)
        st = snapshot_string(j, where, "order", GROG_ID_MAX, &order, err);
    if (st == GROG_OK && order[0] == '\0')
        st = snapshot_range_error(where, "order", err);
    if (st == GROG_OK)
        st = snapshot_string(j, where, "pending", GROG_ID_MAX, &pending, err);
    grog_gdb_pending kind = GROG_GDB_PENDING_NONE;
    if (st == GROG_OK && strcmp(pending, "delayed") == 0)
        kind = GROG_GDB_PENDING_DELAYED;
    else if (st == GROG_OK && strcmp(pending, "unrevealed") == 0)
        kind = GROG_GDB_PENDING_UNREVEALED;
    else if (st == GROG_OK && strcmp(pending, "none") != 0)
        st = snapshot_range_error(where, "pending", err);
    int none = kind == GROG_GDB_PENDING_NONE;
    if (st == GROG_OK && !none)
        st = snapshot_string(j, where, "pending_order", GROG_ID_MAX, &porder, err);
    if (st == GROG_OK && none && !json_is_null(json_object_get(j, "pending_order")))
        st = snapshot_range_error(where, "pending_order", err);
    if (st == GROG_OK && porder != NULL && porder[0] == '\0')
        st = snapshot_range_error(where, "pending_order", err);
    if (st == GROG_OK)
        st = snapshot_i(j, where, "pending_turn", 0, none ? 0 : INT_MAX, &turn, err);
    if (st == GROG_OK)
        st = grog_gdb_book_add_brigade(book, id, order, err);
    if (st == GROG_OK && !none)
        st = grog_gdb_book_place(book, id, porder, kind, turn, err);
    return st;
}

static grog_status load_tries(const grog_battle *b, const json_t *j, const char *where,
                              grog_gdb_book *book, int turn, grog_error *err)
{
    json_t *tried;
    char p[128];
    grog_status st = snapshot_array(j, where, "tried", SIZE_MAX, &tried, err);
    if (st != GROG_OK)
        return st;
    size_t n = json_array_size(tried);
    const char **ids = calloc(n + 1, sizeof *ids);
    if (ids == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    snapshot_path(p, sizeof p, where, "tried", 0);
    for (size_t i = 0; st == GROG_OK && i < n; i++) {
        size_t oi;
        char q[160];
        st = snapshot_officer(b, json_array_get(tried, i), snapshot_path(q, sizeof q, p, NULL, i),
                              NULL, 0, &oi, err);
        if (st == GROG_OK)
            ids[i] = grog_battle_officer(b, oi)->id;
        for (size_t k = 0; st == GROG_OK && k < i; k++)
            if (strcmp(ids[k], ids[i]) == 0) /* GDB-01: one try each */
                st = snapshot_range_error(q, NULL, err);
    }
    if (st == GROG_OK)
        st = grog_gdb_book_restore(book, turn, ids, n, err);
    free(ids);
    return st;
}

static grog_status load_book(const grog_battle *b, const json_t *j, const char *where, size_t i,
                             grog_gdb_book **out, grog_error *err)
{
    const char *side;
    int turn;
    json_t *brigades;
    char p[128];
    grog_status st = snapshot_string(j, where, "side", GROG_ID_MAX, &side, err);
    if (st == GROG_OK && strcmp(side, grog_battle_side(b, i)->id) != 0)
        st = snapshot_range_error(where, "side", err);
    if (st == GROG_OK)
        st = snapshot_i(j, where, "turn", 0, INT_MAX, &turn, err);
    if (st == GROG_OK)
        st = snapshot_array(j, where, "brigades", SIZE_MAX, &brigades, err);
    if (st != GROG_OK)
        return st;
    grog_gdb_book *book = grog_gdb_book_create(side);
    if (book == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    snapshot_path(p, sizeof p, where, "brigades", 0);
    for (size_t k = 0; st == GROG_OK && k < json_array_size(brigades); k++) {
        char q[160];
        st = load_brigade(b, json_array_get(brigades, k), snapshot_path(q, sizeof q, p, NULL, k),
                          book, err);
    }
    if (st == GROG_OK)
        st = load_tries(b, j, where, book, turn, err);
    if (st != GROG_OK) {
        grog_gdb_book_destroy(book);
        return st;
    }
    *out = book;
    return GROG_OK;
}

static grog_status state_load(const void *rules, const grog_battle *b, const json_t *j,
                              void **out, grog_error *err)
{
    (void)rules;
    json_t *books;
    long long phase;
    size_t n = grog_battle_nsides(b);
    grog_status st = snapshot_array(j, "family_state", "books", n, &books, err);
    if (st == GROG_OK)
        st = snapshot_int(j, "family_state", "phase", 0, 2, &phase, err);
    if (st != GROG_OK)
        return st;
    gdb_state *s = calloc(1, sizeof *s);
    if (s == NULL || (s->books = calloc(n + 1, sizeof *s->books)) == NULL) {
        free(s);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    s->nbooks = n;
    s->phase = (size_t)phase;
    char p[64];
    for (size_t i = 0; st == GROG_OK && i < n; i++) {
        json_t *bj = json_array_get(books, i);
        snapshot_path(p, sizeof p, "family_state.books", NULL, i);
        st = json_is_object(bj) ? load_book(b, bj, p, i, &s->books[i], err)
                                : snapshot_object(bj, p, NULL, &bj, err);
    }
    if (st != GROG_OK) {
        destroy(s);
        return st;
    }
    *out = s;
    return GROG_OK;
}

const family_ops grog_family_gdb_ops = {
    GROG_FAMILY_GDB, phases, 3, load_rules, free_rules, create, copy, destroy,
    enter_phase, NULL, actions, sizeof actions / sizeof actions[0], status,
    legal_gdb, kinds_of, unit_card, state_save, state_load,
    /* no hook: the common actions as they are; fire at an officer is a
     * table event (these rules have none) */
    .officer_fired_at = NULL,
};
