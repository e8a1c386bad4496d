/* report.c — the battle report (report.h): gathered from the seat's own
 * journal and view, never from the game's full state, so that a side's report
 * can hold nothing its log and view do not already show it.
 *
 * A row undone, and an undo record, count for nothing: the report is the game
 * as it stands. A count goes to the side of the piece an event names (the
 * officer, else the unit; an order, to the side that gave it); a row with
 * none, to the side that acted. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/commitment.h"
#include "grognard/report.h"
#include "grognard/view.h"
#include "i18n.h"
#include "report_internal.h"

const char *const report_count_keys[REPORT_NCOUNTS] = {
    "orders_tried", "obeyed",  "delayed", "failed", "formation_changes", "pips",
    "casualties",   "fled",    "routed",  "broken", "officers_lost",     "officers_captured",
    "officers_replaced"};

const char *report_key(int k)
{
    return k >= 0 && k < REPORT_NCOUNTS ? report_count_keys[k] : REPORT_IN_FORCE_KEY;
}

/* An event type and the count it adds to (orders: to the acting side). */
static const struct {
    const char *type;
    int count, by_actor;
} event_counts[] = {
    {"order-obeyed", REPORT_OBEYED, 1},       {"order-immediate", REPORT_OBEYED, 1},
    {"order-delayed", REPORT_DELAYED, 1},     {"order-failed", REPORT_FAILED, 1},
    {"formation-start", REPORT_FORMATIONS, 0}, {"flees", REPORT_FLED, 0},
    {"routs", REPORT_ROUTED, 0},              {"broken", REPORT_BROKEN, 0},
    {"brigade-broken", REPORT_BROKEN, 0},     {"officer-killed", REPORT_OFF_LOST, 0},
    {"officer-out", REPORT_OFF_LOST, 0},      {"officer-captured", REPORT_OFF_CAPTURED, 0},
    {"officer-replaced", REPORT_OFF_REPLACED, 0},
};

/* The tests the luck line counts and the outcome that is the tester's success. */
static const struct {
    const char *test, *success;
} luck_tests[] = {
    {"aigles-order", "obeys"},  /* AIG-O-17: the order obeyed */
    {"gdb-order", "immediate"}, /* GDB-03: the new order in force at once */
    {"gt-flee", "unharmed"},    /* GT-08: the general comes through */
};

/* ---- the pieces' sides ---- */

static const char *side_of_piece(json_t *view, const char *id)
{
    static const char *const lists[] = {"officers", "units"};
    for (size_t l = 0; id != NULL && l < 2; l++) {
        size_t i;
        json_t *p;
        json_array_foreach(json_object_get(view, lists[l]), i, p) {
            if (strcmp(json_string_value(json_object_get(p, "id")), id) == 0)
                return json_string_value(json_object_get(p, "side"));
        }
    }
    return NULL;
}

static const char *event_side(json_t *view, json_t *data, const char *actor)
{
    static const char *const keys[] = {"officer", "lost", "unit", "brigade"};
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
        const char *s = side_of_piece(view, json_string_value(json_object_get(data, keys[k])));
        if (s != NULL)
            return s;
    }
    return actor;
}

/* ---- counting ---- */

static json_t *counts_new(void)
{
    json_t *o = json_object();
    for (int k = 0; k < REPORT_NCOUNTS; k++)
        json_object_set_new(o, report_count_keys[k], json_integer(0));
    return o;
}

/* A line per turn up to turn, every side's counts at 0. */
static void ensure_turns(report *r, int turn)
{
    while ((int)json_array_size(r->turns) < turn) {
        json_t *t = json_object(), *sides = json_object();
        json_object_set_new(t, "turn", json_integer((json_int_t)json_array_size(r->turns) + 1));
        const char *id;
        json_t *v;
        json_object_foreach(r->totals, id, v) json_object_set_new(sides, id, counts_new());
        json_object_set_new(t, "sides", sides);
        json_array_append_new(r->turns, t);
    }
}

/* report.turns[turn - 1].sides[side][key] += n (and the totals). */
static void add(report *r, int turn, const char *side, int count, long long n)
{
    if (side == NULL || json_object_get(r->totals, side) == NULL || turn < 1 || n == 0)
        return;
    ensure_turns(r, turn);
    json_t *c = json_object_get(json_object_get(json_array_get(r->turns, (size_t)turn - 1), "sides"),
                                side);
    const char *key = report_count_keys[count];
    json_object_set_new(c, key, json_integer(json_integer_value(json_object_get(c, key)) + n));
    json_t *t = json_object_get(r->totals, side);
    json_object_set_new(t, key, json_integer(json_integer_value(json_object_get(t, key)) + n));
}

static void count_event(report *r, int turn, const char *actor, json_t *ev)
{
    const char *type = json_string_value(json_object_get(ev, "type"));
    json_t *data = json_object_get(ev, "data");
    if (type == NULL)
        return;
    if (strcmp(type, "casualties") == 0 && json_object_get(data, "unit") != NULL) {
        add(r, turn, event_side(r->view, data, actor), REPORT_CASUALTIES,
            json_integer_value(json_object_get(data, "casualties")));
        return;
    }
    for (size_t i = 0; i < sizeof event_counts / sizeof *event_counts; i++) {
        if (strcmp(type, event_counts[i].type) != 0)
            continue;
        const char *side = event_counts[i].by_actor ? actor : event_side(r->view, data, actor);
        add(r, turn, side, event_counts[i].count, 1);
        if (event_counts[i].count <= REPORT_FAILED)
            add(r, turn, side, REPORT_ORDERS, 1);
    }
}

/* "a/b" into num and den; 0 when it is not one. */
static int parse_frac(const char *s, uint64_t *num, uint64_t *den)
{
    unsigned long long a, b;
    char tail;
    if (s == NULL || sscanf(s, "%llu/%llu%c", &a, &b, &tail) != 2 || b == 0 || a > b)
        return 0;
    *num = a;
    *den = b;
    return 1;
}

static void luck_add(report *r, const char *side, json_t *rec)
{
    const char *test = json_string_value(json_object_get(rec, "test"));
    const char *outcome = json_string_value(json_object_get(rec, "outcome"));
    if (side == NULL || test == NULL || outcome == NULL)
        return;
    for (size_t i = 0; i < sizeof luck_tests / sizeof *luck_tests; i++) {
        if (strcmp(test, luck_tests[i].test) != 0)
            continue;
        size_t k;
        json_t *o;
        grog_luck_test t = {0, 0, strcmp(outcome, luck_tests[i].success) == 0};
        json_array_foreach(json_object_get(rec, "outcomes"), k, o) {
            if (strcmp(json_string_value(json_object_get(o, "name")), luck_tests[i].success) == 0 &&
                parse_frac(json_string_value(json_object_get(o, "exact")), &t.num, &t.den))
                break;
        }
        if (t.den == 0 || t.num == 0 || t.num == t.den)
            return; /* certain either way: the dice decided nothing */
        report_luck_push(r, side, json_is_true(json_object_get(rec, "entered")), &t);
    }
}

static void count_record(report *r, int turn, const char *actor, json_t *rec)
{
    const char *test = json_string_value(json_object_get(rec, "test"));
    if (test != NULL && strcmp(test, "gt-pip") == 0 &&
        json_is_number(json_object_get(rec, "value")) && json_object_get(rec, "roll") != NULL &&
        !json_is_null(json_object_get(rec, "roll")))
        add(r, turn, actor, REPORT_PIPS, (long long)json_number_value(json_object_get(rec, "value")));
    luck_add(r, actor, rec);
}

static void count_row(report *r, json_t *row)
{
    if (json_object_get(row, "undone_by") != NULL || json_object_get(row, "undoes") != NULL)
        return;
    int turn = (int)json_integer_value(json_object_get(row, "turn"));
    const char *actor = json_string_value(json_object_get(row, "side"));
    size_t i;
    json_t *x;
    json_array_foreach(json_object_get(row, "events"), i, x) count_event(r, turn, actor, x);
    json_array_foreach(json_object_get(row, "records"), i, x)
        count_record(r, turn, actor, json_object_get(x, "record"));
}

/* ---- the end ---- */

static json_t *orders_in_force(json_t *view, const char *side)
{
    json_t *out = json_array();
    static const char *const lists[] = {"officers", "units"};
    for (size_t l = 0; l < 2; l++) {
        size_t i;
        json_t *p;
        json_array_foreach(json_object_get(view, lists[l]), i, p) {
            const char *kind = json_string_value(json_object_get(json_object_get(p, "order"), "kind"));
            const char *state = json_string_value(json_object_get(p, "state"));
            if (kind == NULL || kind[0] == '\0' || (state != NULL && strcmp(state, "active") != 0) ||
                strcmp(json_string_value(json_object_get(p, "side")), side) != 0)
                continue;
            json_array_append_new(out, json_pack("{s:O,s:O,s:s}", "id", json_object_get(p, "id"),
                                                 "name", json_object_get(p, "name"), "order", kind));
        }
    }
    return out;
}

static json_t *head_of(const grog_game *g, json_t *view)
{
    json_t *h = json_object();
    json_object_set(h, "scenario", json_object_get(json_object_get(view, "scenario"), "name"));
    json_object_set_new(h, "family", json_string(grog_family_name(grog_game_family(g))));
    json_object_set(h, "seat", json_object_get(view, "seat"));
    json_object_set_new(h, "turn", json_integer(grog_game_turn(g)));
    json_object_set_new(h, "actions", json_integer((json_int_t)grog_game_action_count(g)));
    char c[GROG_COMMITMENT_HEX];
    json_object_set_new(h, "seed_commitment", grog_game_commitment(g, c) ? json_string(c) : json_null());
    json_object_set_new(h, "ended", json_boolean(grog_game_ended(g)));
    json_object_set(h, "seed", json_object_get(view, "seed"));
    return h;
}

/* The text a call made (st its status), parsed. */
static grog_status load(grog_status st, char *text, json_t **out, grog_error *err)
{
    if (st != GROG_OK)
        return st;
    *out = json_loads(text, 0, NULL);
    free(text);
    return *out != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}

grog_status report_build(const grog_game *g, const grog_seat *seat, json_t **out, grog_error *err)
{
    char *vtext = NULL, *ltext = NULL;
    json_t *view = NULL, *log = NULL;
    grog_status st = grog_view_game_json(g, seat, &vtext, err);
    st = load(st, vtext, &view, err);
    if (st == GROG_OK) {
        st = grog_game_log_json(g, seat, &ltext, err);
        st = load(st, ltext, &log, err);
    }
    if (st != GROG_OK) {
        json_decref(view);
        return st;
    }
    report r = {view, json_array(), json_object(), NULL, 0};
    json_t *sides = json_array(), *orders = json_object();
    size_t i;
    json_t *x;
    json_array_foreach(json_object_get(view, "sides"), i, x) {
        const char *id = json_string_value(json_object_get(x, "id"));
        json_array_append_new(sides, json_pack("{s:O,s:O,s:O}", "id", json_object_get(x, "id"),
                                               "name", json_object_get(x, "name"), "colour",
                                               json_object_get(x, "colour")));
        json_object_set_new(r.totals, id, counts_new());
        json_object_set_new(orders, id, orders_in_force(view, id));
    }
    ensure_turns(&r, grog_game_turn(g));
    json_array_foreach(log, i, x) count_row(&r, x);
    st = report_orders_by_turn(g, seat, log, view, r.turns, err);
    if (st != GROG_OK) {
        json_decref(r.turns);
        json_decref(r.totals);
        json_decref(sides);
        json_decref(orders);
        report_luck_free(&r);
        json_decref(log);
        json_decref(view);
        return st;
    }
    json_t *rep = head_of(g, view);
    json_object_set_new(rep, "sides", sides);
    json_object_set_new(rep, "turns", r.turns);
    json_object_set_new(rep, "totals", r.totals);
    json_object_set_new(rep, "orders_in_force", orders);
    st = report_luck_finish(&r, rep, err);
    report_luck_free(&r);
    json_decref(log);
    json_decref(view);
    if (st != GROG_OK) {
        json_decref(rep);
        return st;
    }
    *out = rep;
    return GROG_OK;
}

grog_status grog_report_json(const grog_game *g, const grog_seat *seat, char **out,
                             grog_error *err)
{
    json_t *r;
    grog_status st = report_build(g, seat, &r, err);
    if (st != GROG_OK)
        return st;
    *out = json_dumps(r, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(r);
    return *out != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}
