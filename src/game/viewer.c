/* viewer.c — a seat as one viewer string, and what that viewer may see of
 * a journal row's result: the one place in the engine where a result's
 * items are filtered.
 *
 * Visibility: every event and record carries `visible_to` ("" for all, or a
 * side id). The seat is turned into one viewer string here (game_viewer):
 * NULL for the public, which sees only the public items; a side id, which
 * also sees its own; GAME_REFEREE_VIEWER, which sees everything. Every
 * output of a game (status, log, results, errors of replay) is filtered
 * through these few functions. */
#include <string.h>

#include "engine.h"

const char *game_viewer(const grog_seat *seat)
{
    if (seat == NULL || seat->kind == GROG_SEAT_PUBLIC)
        return NULL;
    if (seat->kind == GROG_SEAT_REFEREE)
        return GAME_REFEREE_VIEWER;
    return seat->side != NULL && seat->side[0] ? seat->side : NULL;
}

int viewer_is_referee(const char *side)
{
    return side != NULL && strcmp(side, GAME_REFEREE_VIEWER) == 0;
}

int viewer_sees(json_t *item, const char *side)
{
    const char *to = json_string_value(json_object_get(item, "visible_to"));
    return to == NULL || to[0] == '\0' || viewer_is_referee(side) ||
           (side != NULL && strcmp(to, side) == 0);
}

/* Whether the viewer is the side that acted (the referee counts as every side). */
static int own_action(json_t *r, const char *side)
{
    const char *actor = json_string_value(json_object_get(r, "side"));
    return viewer_is_referee(side) || (side != NULL && actor != NULL && strcmp(actor, side) == 0);
}

/* Cuts an action's secret words (GDB-02) for a viewer of another side. */
static void hide_words(json_t *r, const char *side)
{
    json_int_t from = json_integer_value(json_object_get(r, "secret_from"));
    json_t *words = json_object_get(r, "action");
    if (from <= 0 || own_action(r, side))
        return;
    while (json_array_size(words) > (size_t)from)
        json_array_remove(words, json_array_size(words) - 1);
    json_array_append_new(words, json_string("(hidden)"));
}

/* A copy of a result with what side may not see replaced by null (records,
 * so that the events' indices stay right) or left out (events, secret words). */
json_t *game_result_filtered(json_t *result, const char *side)
{
    json_t *r = json_deep_copy(result);
    hide_words(r, side);
    json_t *events = json_object_get(r, "events");
    for (size_t i = json_array_size(events); i-- > 0;)
        if (!viewer_sees(json_array_get(events, i), side))
            json_array_remove(events, i);
    json_t *records = json_object_get(r, "records");
    for (size_t i = 0; i < json_array_size(records); i++) {
        json_t *rec = json_array_get(records, i);
        const char *notes_to = json_string_value(json_object_get(rec, "notes_visible_to"));
        if (!viewer_sees(rec, side))
            json_array_set_new(records, i, json_null());
        else if (!viewer_is_referee(side)) /* the game's dice seed tells every future roll */
            json_object_set_new(json_object_get(rec, "record"), "seed", json_null());
        if (!viewer_sees(rec, side))
            continue;
        if (notes_to != NULL && !viewer_is_referee(side) &&
                 (side == NULL || strcmp(notes_to, side) != 0))
            json_object_set_new(json_object_get(rec, "record"), "notes", json_array());
    }
    return r;
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
