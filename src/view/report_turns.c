/* report_turns.c — the orders in force at the end of each turn, per side, for
 * the report's second chart (report_internal.h): the seat's view of the game
 * after the last journal entry of each turn (grog_game_at), the current turn
 * read from the seat's view now. An order is in force when the piece is
 * active and has an order of some kind (a face-down order is pending, not in
 * force: it counts once revealed), as orders_in_force at the end says. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/view.h"
#include "i18n.h"
#include "report_internal.h"

static json_int_t in_force(json_t *view, const char *side)
{
    static const char *const lists[] = {"officers", "units"};
    json_int_t n = 0;
    for (size_t l = 0; l < 2; l++) {
        size_t i;
        json_t *p;
        json_array_foreach(json_object_get(view, lists[l]), i, p) {
            const char *kind = json_string_value(json_object_get(json_object_get(p, "order"), "kind"));
            const char *state = json_string_value(json_object_get(p, "state"));
            const char *pside = json_string_value(json_object_get(p, "side"));
            n += kind != NULL && kind[0] != '\0' && (state == NULL || strcmp(state, "active") == 0) &&
                 pside != NULL && strcmp(pside, side) == 0;
        }
    }
    return n;
}

/* turn's sides[side].orders_in_force := the count in view, for every side. */
static void set_counts(json_t *turn, json_t *view)
{
    const char *side;
    json_t *counts;
    json_object_foreach(json_object_get(turn, "sides"), side, counts)
        json_object_set_new(counts, REPORT_IN_FORCE_KEY, json_integer(in_force(view, side)));
}

/* The seat's view of the game after entry seq. */
static grog_status view_at(const grog_game *g, const grog_seat *seat, long long seq, json_t **out,
                           grog_error *err)
{
    grog_game *past = NULL;
    grog_status st = grog_game_at(g, seq, &past, err);
    char *text = NULL;
    if (st == GROG_OK)
        st = grog_view_game_json(past, seat, &text, err);
    grog_game_close(past);
    if (st != GROG_OK)
        return st;
    *out = json_loads(text, 0, NULL);
    free(text);
    return *out != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}

grog_status report_orders_by_turn(const grog_game *g, const grog_seat *seat, json_t *log,
                                  json_t *view, json_t *turns, grog_error *err)
{
    size_t nt = json_array_size(turns);
    for (size_t t = 0; t < nt; t++) {
        json_t *turn = json_array_get(turns, t);
        if ((int)t + 1 >= grog_game_turn(g)) { /* the turn being played: as it stands */
            set_counts(turn, view);
            continue;
        }
        long long last = 0; /* the turn's last entry */
        size_t i;
        json_t *row;
        json_array_foreach(log, i, row) {
            if (json_integer_value(json_object_get(row, "turn")) == (json_int_t)t + 1)
                last = (long long)json_integer_value(json_object_get(row, "seq"));
        }
        json_t *then = NULL;
        grog_status st = last > 0 ? view_at(g, seat, last, &then, err) : GROG_OK;
        if (st != GROG_OK)
            return st;
        set_counts(turn, then != NULL ? then : view);
        json_decref(then);
    }
    return GROG_OK;
}
