/* gdb_book.c — the order book of one side in a battle (GDB-01 to GDB-07).
 *
 * For each brigade: the order in force and at most one pending order placed
 * face down (GDB-02), either delayed (GDB-04: in force at the next Command
 * Phase) or unrevealed (after a failed roll, when failed_order_stays_hidden).
 * Each C-in-C who has attempted a change this turn is listed until the next
 * Command Phase (GDB-01). Invariants: brigade ids are unique and non-empty;
 * pending_order is NULL exactly when pending is NONE; the turn only grows.
 * Every change is prepared (allocations, the test) before anything is
 * modified, so a refused or failed call leaves the book as it was. The view
 * never gives a pending order to a viewer other than the book's side. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "grognard/gdb.h"
#include "i18n.h"
#include "rules/gdb/gdb_internal.h"

typedef struct brigade {
    char *id;
    char *order;
    char *pending_order;
    grog_gdb_pending pending;
    int pending_turn;
} brigade;

struct grog_gdb_book {
    char *side;
    int turn;
    brigade *v;
    size_t n, cap;
    char **tried; /* C-in-C ids who attempted a change this turn */
    size_t ntried, captried;
};

static const char *const pending_names[] = {"none", "unrevealed", "delayed", "hidden"};

const char *grog_gdb_pending_name(grog_gdb_pending pending)
{
    return (unsigned)pending < 4 ? pending_names[pending] : "?";
}

static char *copy(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    return d != NULL ? memcpy(d, s, n) : NULL;
}

grog_gdb_book *grog_gdb_book_create(const char *side)
{
    if (side == NULL || side[0] == '\0')
        return NULL;
    grog_gdb_book *b = calloc(1, sizeof *b);
    if (b == NULL)
        return NULL;
    b->side = copy(side);
    if (b->side == NULL) {
        free(b);
        return NULL;
    }
    return b;
}

static void forget_tries(grog_gdb_book *b)
{
    for (size_t i = 0; i < b->ntried; i++)
        free(b->tried[i]);
    b->ntried = 0;
}

void grog_gdb_book_destroy(grog_gdb_book *book)
{
    if (book == NULL)
        return;
    for (size_t i = 0; i < book->n; i++) {
        free(book->v[i].id);
        free(book->v[i].order);
        free(book->v[i].pending_order);
    }
    forget_tries(book);
    free(book->tried);
    free(book->v);
    free(book->side);
    free(book);
}

static char *copy_or_null(const char *s, int *failed)
{
    if (s == NULL)
        return NULL;
    char *d = copy(s);
    if (d == NULL)
        *failed = 1;
    return d;
}

grog_gdb_book *grog_gdb_book_clone(const grog_gdb_book *book)
{
    grog_gdb_book *b = grog_gdb_book_create(book->side);
    if (b == NULL)
        return NULL;
    int failed = 0;
    b->turn = book->turn;
    b->v = book->n ? calloc(book->n, sizeof *b->v) : NULL;
    b->tried = book->ntried ? calloc(book->ntried, sizeof *b->tried) : NULL;
    failed = (book->n && b->v == NULL) || (book->ntried && b->tried == NULL);
    for (size_t i = 0; !failed && i < book->n; i++) {
        const brigade *from = &book->v[i];
        brigade *to = &b->v[i];
        to->id = copy_or_null(from->id, &failed);
        to->order = copy_or_null(from->order, &failed);
        to->pending_order = copy_or_null(from->pending_order, &failed);
        to->pending = from->pending;
        to->pending_turn = from->pending_turn;
        b->n = b->cap = i + 1;
    }
    for (size_t i = 0; !failed && i < book->ntried; i++) {
        b->tried[i] = copy_or_null(book->tried[i], &failed);
        b->ntried = b->captried = i + 1;
    }
    if (failed) {
        grog_gdb_book_destroy(b);
        return NULL;
    }
    return b;
}

int grog_gdb_book_tried(const grog_gdb_book *book, const char *cinc)
{
    for (size_t i = 0; i < book->ntried; i++)
        if (strcmp(book->tried[i], cinc) == 0)
            return 1;
    return 0;
}

const char *grog_gdb_book_side(const grog_gdb_book *book)
{
    return book->side;
}

int grog_gdb_book_turn(const grog_gdb_book *book)
{
    return book->turn;
}

size_t grog_gdb_book_ntried(const grog_gdb_book *book)
{
    return book->ntried;
}

const char *grog_gdb_book_tried_id(const grog_gdb_book *book, size_t i)
{
    return i < book->ntried ? book->tried[i] : NULL;
}

grog_status grog_gdb_book_restore(grog_gdb_book *book, int turn, const char *const *tried,
                                  size_t ntried, grog_error *err)
{
    if (turn < 0)
        return grog_error_set(err, GROG_EINVAL, _("turn %d is before the game"), turn);
    char **v = calloc(ntried + 1, sizeof *v);
    int failed = v == NULL;
    for (size_t i = 0; !failed && i < ntried; i++)
        failed = (v[i] = copy(tried[i])) == NULL;
    if (failed) {
        for (size_t i = 0; v != NULL && i < ntried; i++)
            free(v[i]);
        free(v);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    forget_tries(book);
    free(book->tried);
    book->tried = v;
    book->ntried = ntried;
    book->captried = ntried + 1;
    book->turn = turn;
    return GROG_OK;
}

size_t grog_gdb_book_count(const grog_gdb_book *book)
{
    return book->n;
}

static brigade *find(const grog_gdb_book *b, const char *id)
{
    for (size_t i = 0; id != NULL && i < b->n; i++)
        if (strcmp(b->v[i].id, id) == 0)
            return &b->v[i];
    return NULL;
}

static int has_tried(const grog_gdb_book *b, const char *cinc)
{
    for (size_t i = 0; i < b->ntried; i++)
        if (strcmp(b->tried[i], cinc) == 0)
            return 1;
    return 0;
}

grog_status grog_gdb_book_add_brigade(grog_gdb_book *book, const char *id, const char *order,
                                      grog_error *err)
{
    if (id == NULL || id[0] == '\0')
        return grog_error_set(err, GROG_EINVAL, _("a brigade needs an id"));
    if (order == NULL || order[0] == '\0')
        return grog_error_set(err, GROG_EINVAL, _("brigade \"%s\" needs an order"), id);
    if (find(book, id) != NULL)
        return grog_error_set(err, GROG_EINVAL, _("brigade \"%s\" is already in the book of %s"),
                              id, book->side);
    if (book->n == book->cap) {
        size_t ncap = book->cap ? book->cap * 2 : 8;
        brigade *nv = realloc(book->v, ncap * sizeof *nv);
        if (nv == NULL)
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        book->v = nv;
        book->cap = ncap;
    }
    brigade br = {copy(id), copy(order), NULL, GROG_GDB_PENDING_NONE, 0};
    if (br.id == NULL || br.order == NULL) {
        free(br.id);
        free(br.order);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    book->v[book->n++] = br;
    return GROG_OK;
}

static void clear_pending(brigade *br)
{
    free(br->pending_order);
    br->pending_order = NULL;
    br->pending = GROG_GDB_PENDING_NONE;
    br->pending_turn = 0;
}

grog_status grog_gdb_book_place(grog_gdb_book *book, const char *brigade_id, const char *order,
                                grog_gdb_pending pending, int turn, grog_error *err)
{
    brigade *br = find(book, brigade_id);
    if (br == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no brigade \"%s\" in the book of %s"),
                              brigade_id != NULL ? brigade_id : "", book->side);
    if (pending != GROG_GDB_PENDING_UNREVEALED && pending != GROG_GDB_PENDING_DELAYED)
        return grog_error_set(err, GROG_EINVAL,
                              _("a face-down order is unrevealed or delayed, not %s"),
                              grog_gdb_pending_name(pending));
    if (order == NULL || order[0] == '\0')
        return grog_error_set(err, GROG_EINVAL, _("brigade \"%s\": the face-down order is empty"),
                              br->id);
    if (turn < 0)
        return grog_error_set(err, GROG_EINVAL, _("turn %d is before the game"), turn);
    char *c = copy(order);
    if (c == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    clear_pending(br);
    br->pending_order = c;
    br->pending = pending;
    br->pending_turn = turn;
    return GROG_OK;
}

/* GDB-04: delayed orders of earlier turns come into force; GDB-01: every
 * C-in-C may try again. */
grog_status grog_gdb_book_command_phase(grog_gdb_book *book, int turn, int *in_force,
                                        grog_error *err)
{
    if (turn <= book->turn)
        return grog_error_set(err, GROG_EINVAL,
                              _("turn %d: the book of %s is already at turn %d"), turn,
                              book->side, book->turn);
    int n = 0;
    for (size_t i = 0; i < book->n; i++) {
        brigade *br = &book->v[i];
        if (br->pending != GROG_GDB_PENDING_DELAYED || br->pending_turn >= turn)
            continue;
        free(br->order);
        br->order = br->pending_order;
        br->pending_order = NULL;
        clear_pending(br);
        n++;
    }
    forget_tries(book);
    book->turn = turn;
    if (in_force != NULL)
        *in_force = n;
    return GROG_OK;
}

/* ---- attempts ---- */

/* What an attempt will do, worked out before anything changes. */
typedef struct plan {
    brigade *br;
    const char *order;   /* the order placed face down */
    int retry;           /* rolling again for the unrevealed order */
    int replaces;        /* GDB-06: a pending order is replaced */
    int uses_attempt;    /* counts as the C-in-C's attempt of the turn (GDB-01) */
} plan;

static grog_status check_attempt(const grog_gdb_book *book, const grog_gdb_rules *rules,
                                 const grog_gdb_attempt *a, plan *p, grog_error *err)
{
    if (a->cinc == NULL || a->cinc[0] == '\0')
        return grog_error_set(err, GROG_EINVAL, _("an order change needs the C-in-C's id"));
    if (book->turn < 1)
        return grog_error_set(err, GROG_EINVAL,
                              _("the book of %s has no turn yet: start a Command Phase first"),
                              book->side);
    p->br = find(book, a->brigade);
    if (p->br == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no brigade \"%s\" in the book of %s"),
                              a->brigade != NULL ? a->brigade : "", book->side);
    if (a->order != NULL && a->order[0] == '\0')
        return grog_error_set(err, GROG_EINVAL, _("the new order is empty"));
    if (!a->input.own_brigade && a->dice.mode == GROG_GDB_NO_ROLL)
        return grog_error_set(err, GROG_EINVAL,
                              _("an order change needs a roll (generated or entered)"));
    p->uses_attempt = !a->input.own_brigade || rules->own_brigade_uses_attempt;
    if (p->uses_attempt && has_tried(book, a->cinc))
        return grog_error_set(err, GROG_ERULE,
                              _("GDB-01: C-in-C \"%s\" has already attempted an order change "
                                "in turn %d"),
                              a->cinc, book->turn);
    p->retry = a->order == NULL;
    p->order = p->retry ? p->br->pending_order : a->order;
    if (p->retry && p->br->pending != GROG_GDB_PENDING_UNREVEALED)
        return grog_error_set(err, GROG_EINVAL,
                              _("brigade \"%s\" has no unrevealed order to roll for again: give "
                                "the new order"),
                              p->br->id);
    p->replaces = !p->retry && p->br->pending != GROG_GDB_PENDING_NONE;
    if (p->replaces && p->br->pending == GROG_GDB_PENDING_DELAYED && !rules->delayed_replaceable)
        return grog_error_set(err, GROG_ERULE,
                              _("GDB-06: the delayed order of brigade \"%s\" is no longer "
                                "unrevealed (interpretation delayed_order_replaceable)"),
                              p->br->id);
    return GROG_OK;
}

static void note_plan(const grog_gdb_book *book, const grog_gdb_attempt *a, const plan *p,
                      grog_explain *e)
{
    char text[400];
    if (p->uses_attempt)
        grog_text_snprintf(text, sizeof text,
                           _("the first order change of C-in-C \"%s\" in turn %d"), a->cinc,
                           book->turn);
    else
        grog_text_snprintf(
            text, sizeof text,
            _("an automatic change (GDB-07) is not C-in-C \"%s\"'s attempt of the turn"), a->cinc);
    grog_explain_add_check(e, "GDB-01", _("one attempt per C-in-C per turn"), 1, text);
    if (a->input.own_brigade) {
        grog_text_snprintf(text, sizeof text,
                           _("order \"%s\" of %s, given without a roll (not placed "
                             "face down)"),
                           grog_explain_word_in("order", p->order), p->br->id);
        grog_explain_add_note(e, "GDB-07", text);
        return;
    }
    if (p->retry)
        grog_text_snprintf(text, sizeof text,
                           _("rolling again for the unrevealed order \"%s\" of %s"),
                           grog_explain_word_in("order", p->order), p->br->id);
    else
        grog_text_snprintf(text, sizeof text, _("order \"%s\" placed face down behind \"%s\" (%s)"),
                           grog_explain_word_in("order", p->order),
                           grog_explain_word_in("order", p->br->order), p->br->id);
    grog_explain_add_note(e, "GDB-02", text);
    if (p->replaces) {
        grog_text_snprintf(text, sizeof text, _("it replaces the %s order \"%s\""),
                           grog_explain_word(grog_gdb_pending_name(p->br->pending)),
                           grog_explain_word_in("order", p->br->pending_order));
        grog_explain_add_note(e, "GDB-06", text);
    }
}

/* Applies the outcome; takes ownership of order_copy. */
static void apply(grog_gdb_book *book, const grog_gdb_rules *rules, const plan *p,
                  grog_gdb_outcome o, char *order_copy, grog_explain *e)
{
    brigade *br = p->br;
    char text[400];
    if (o == GROG_GDB_IMMEDIATE) {
        grog_text_snprintf(text, sizeof text, _("\"%s\" revealed and in force; \"%s\" removed"),
                           grog_explain_word_in("order", order_copy),
                           grog_explain_word_in("order", br->order));
        grog_explain_add_note(e, "GDB-03", text);
        clear_pending(br);
        free(br->order);
        br->order = order_copy;
        return;
    }
    if (o == GROG_GDB_FAIL && !rules->failed_stays_hidden) {
        grog_text_snprintf(text, sizeof text, _("\"%s\" still in force; the new order is removed"),
                           grog_explain_word_in("order", br->order));
        grog_explain_add_note(e, "GDB-05", text);
        clear_pending(br);
        free(order_copy);
        return;
    }
    if (o == GROG_GDB_DELAYED)
        grog_text_snprintf(
            text, sizeof text,
            _("\"%s\" stays in force this turn; \"%s\" comes into force in the Command "
              "Phase of turn %d"),
            grog_explain_word_in("order", br->order), grog_explain_word_in("order", order_copy),
            book->turn + 1);
    else
        grog_text_snprintf(
            text, sizeof text, _("\"%s\" still in force; \"%s\" stays face down, unrevealed"),
            grog_explain_word_in("order", br->order), grog_explain_word_in("order", order_copy));
    grog_explain_add_note(e, o == GROG_GDB_DELAYED ? "GDB-04" : "GDB-05", text);
    clear_pending(br);
    br->pending_order = order_copy;
    br->pending = o == GROG_GDB_DELAYED ? GROG_GDB_PENDING_DELAYED : GROG_GDB_PENDING_UNREVEALED;
    br->pending_turn = book->turn;
}

static grog_status reserve_try(grog_gdb_book *book, grog_error *err)
{
    if (book->ntried < book->captried)
        return GROG_OK;
    size_t ncap = book->captried ? book->captried * 2 : 4;
    char **nv = realloc(book->tried, ncap * sizeof *nv);
    if (nv == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    book->tried = nv;
    book->captried = ncap;
    return GROG_OK;
}

grog_status grog_gdb_book_attempt(grog_gdb_book *book, const grog_gdb_rules *rules,
                                  const grog_gdb_attempt *a, grog_explain **out,
                                  grog_gdb_outcome *outcome, grog_error *err)
{
    if (book == NULL || rules == NULL || a == NULL || out == NULL)
        return grog_error_set(err, GROG_EINVAL, _("gdb order change: missing argument"));
    plan p = {NULL, NULL, 0, 0, 0};
    grog_status st = check_attempt(book, rules, a, &p, err);
    if (st != GROG_OK || (st = reserve_try(book, err)) != GROG_OK)
        return st;
    char *order_copy = copy(p.order);
    char *cinc_copy = p.uses_attempt ? copy(a->cinc) : NULL;
    if (order_copy == NULL || (p.uses_attempt && cinc_copy == NULL)) {
        free(order_copy);
        free(cinc_copy);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    grog_explain *e = NULL;
    grog_gdb_outcome o = GROG_GDB_FAIL;
    st = grog_gdb_order_test(rules, &a->input, &a->dice, &e, &o, err);
    if (st != GROG_OK) {
        free(order_copy);
        free(cinc_copy);
        return st;
    }
    note_plan(book, a, &p, e);
    apply(book, rules, &p, o, order_copy, e);
    if (cinc_copy != NULL)
        book->tried[book->ntried++] = cinc_copy;
    if (outcome != NULL)
        *outcome = o;
    *out = e;
    return GROG_OK;
}

/* ---- views ---- */

static void view_of(const grog_gdb_book *book, const brigade *br, const char *viewer,
                    grog_gdb_brigade_view *out)
{
    int own = viewer != NULL && strcmp(viewer, book->side) == 0;
    out->brigade = br->id;
    out->order = br->order;
    if (own || br->pending == GROG_GDB_PENDING_NONE) {
        out->pending = br->pending;
        out->pending_order = br->pending_order;
        out->pending_turn = br->pending_turn;
        return;
    }
    out->pending = GROG_GDB_PENDING_HIDDEN; /* GDB-02: hidden from the opponent */
    out->pending_order = NULL;
    out->pending_turn = 0;
}

grog_status grog_gdb_book_view(const grog_gdb_book *book, size_t i, const char *viewer,
                               grog_gdb_brigade_view *out, grog_error *err)
{
    if (i >= book->n)
        return grog_error_set(err, GROG_ENOTFOUND, _("the book of %s has no brigade %zu"),
                              book->side, i);
    view_of(book, &book->v[i], viewer, out);
    return GROG_OK;
}

grog_status grog_gdb_book_find(const grog_gdb_book *book, const char *brigade_id,
                               const char *viewer, grog_gdb_brigade_view *out, grog_error *err)
{
    const brigade *br = find(book, brigade_id);
    if (br == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no brigade \"%s\" in the book of %s"),
                              brigade_id != NULL ? brigade_id : "", book->side);
    view_of(book, br, viewer, out);
    return GROG_OK;
}

static json_t *jstr(const char *s)
{
    return s != NULL ? json_string(s) : json_null();
}

grog_status grog_gdb_book_to_json(const grog_gdb_book *book, const char *viewer, char **out,
                                  grog_error *err)
{
    json_t *root = json_object();
    json_t *arr = json_array();
    if (root == NULL || arr == NULL) {
        json_decref(root);
        json_decref(arr);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory writing JSON"));
    }
    json_object_set_new(root, "side", json_string(book->side));
    json_object_set_new(root, "turn", json_integer(book->turn));
    for (size_t i = 0; i < book->n; i++) {
        grog_gdb_brigade_view v;
        view_of(book, &book->v[i], viewer, &v);
        json_array_append_new(
            arr, json_pack("{s:s,s:s,s:s,s:o,s:i}", "brigade", v.brigade, "order", v.order,
                           "pending", grog_gdb_pending_name(v.pending), "pending_order",
                           jstr(v.pending_order), "pending_turn", v.pending_turn));
    }
    json_object_set_new(root, "brigades", arr);
    char *s = json_dumps(root, JSON_INDENT(2));
    json_decref(root);
    if (s == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory writing JSON"));
    *out = s;
    return GROG_OK;
}
