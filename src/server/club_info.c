/* club_info.c — a served game's state for the organiser's list: read from
 * the game's server under its own locks (the game lock for the game, the
 * position lock for the streams), so that the list never races an action;
 * and its battle as it stands, as every side may see it. */
#include <jansson.h>

#include "club_internal.h"
#include "grognard/view.h"
#include "served.h"

json_t *club_game_state(grog_server *srv)
{
    table *s = server_table(srv);
    pthread_mutex_lock(&s->game_lock);
    const grog_battle *b = grog_game_battle(s->g);
    json_t *j = json_pack("{s:s,s:s,s:i,s:s}", "title", grog_battle_meta(b)->name, "family",
                          grog_family_name(grog_game_family(s->g)), "turn",
                          grog_game_turn(s->g), "phase", grog_game_phase(s->g));
    pthread_mutex_unlock(&s->game_lock);
    json_t *per_seat = json_array();
    pthread_mutex_lock(&s->pos_lock);
    unsigned referee = s->referee_streams_open, pages = s->streams + referee;
    for (size_t i = 0; i < s->nseats; i++)
        json_array_append_new(per_seat, json_integer(s->seat_streams[i]));
    pthread_mutex_unlock(&s->pos_lock);
    if (j != NULL) {
        json_object_set_new(j, "pages", json_integer(pages));
        json_object_set_new(j, "referee_pages", json_integer(referee));
        json_object_set_new(j, "seat_pages", per_seat);
    } else {
        json_decref(per_seat);
    }
    return j;
}

grog_status club_game_battle(grog_server *srv, grog_battle **out, grog_error *err)
{
    table *s = server_table(srv);
    grog_seat pub = {GROG_SEAT_PUBLIC, NULL};
    pthread_mutex_lock(&s->game_lock);
    grog_status st = grog_view_battle(grog_game_battle(s->g), &pub, out, err);
    pthread_mutex_unlock(&s->game_lock);
    return st;
}
