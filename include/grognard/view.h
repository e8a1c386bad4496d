/* view.h — what a seat may see of a battle or a game: the one place where
 * hidden information is filtered for every output (text, JSON, SVG, HTTP).
 *
 * A seat (game.h) is the public (no hidden information), one side (its own
 * hidden information), or the referee (everything). What is hidden: the
 * pending orders of officers and units (a scenario's hidden orders, a gdb
 * C-in-C's order placed face down, GDB-02) from every seat but their own
 * side's and the referee's; the dice seed from every seat but the referee's.
 * Everything else on the table (positions, formations, melees, officers'
 * states, ADCs riding, PIPs) is in plain sight of all.
 *
 * The views sit above the rules and the game: they read through the public
 * API only (battle.h, game.h, map.h) and never change what they read.
 *
 * Ownership: strings returned through char ** are malloc'd and freed by the
 * caller with free(); a grog_battle returned through grog_battle ** is freed
 * with grog_battle_destroy. */
#ifndef GROGNARD_VIEW_H
#define GROGNARD_VIEW_H

#include "grognard/battle.h"
#include "grognard/error.h"
#include "grognard/game.h"
#include "grognard/map.h"


/* The rulebook's name of a family: "Les Aigles", "General de Brigade",
 * "Grande Tactique" (never translated: they are titles). */
const char *grog_view_family_title(grog_family f);

/* 1 when seat may see what only side `owner` may see (owner "" or NULL:
 * public information, seen by all). seat NULL is the public. */
int grog_view_may_see(const grog_seat *seat, const char *owner);

/* The seat of a battle (a scenario outside any game): side NULL or "" with
 * referee 0 is the public; an unknown side is GROG_EINVAL naming the
 * battle's sides. out->side points into b. */
grog_status grog_view_battle_seat(const grog_battle *b, const char *side, int referee,
                                  grog_seat *out, grog_error *err);

/* A copy of b with what seat may not see taken out (the pending orders of
 * the other sides cleared). */
grog_status grog_view_battle(const grog_battle *b, const grog_seat *seat, grog_battle **out,
                             grog_error *err);
/* The same filter applied to b itself (a battle the caller owns and shows
 * no one else): no copy of a big battle. */
void grog_view_battle_filter(grog_battle *b, const grog_seat *seat);

/* The state of a game as seat may see it, one JSON object:
 * {"scenario":{name,date,place}, "family", "turn", "phase", "phases", "actions",
 *  "seat":{kind,side}, "seed" (referee only, else null), "table":{...},
 *  "sides":[{id,name,nation,colour}],
 *  "officers":[{id,name,side,role,command,superior,x,y,facing,width,depth,state,
 *               held_by,attached_to,avance,casualties,order,pending,points,pips}],
 *  "units":[{id,name,short_name,side,parent,arm,status,figures,x,y,facing,width,
 *            depth,formation,flags,melee,casualties,order,pending,changing}],
 *  "adcs":[{adc,general,target,order,leg,periods}], "orders_being_passed":[...],
 *  "brigades":[gdb order books], "may_do":{side:[text]}, "under_way":[text]}
 * Lengths in mm, table coordinates (y up, facing clockwise from north);
 * absent values are null. docs/json.md documents each field. */
grog_status grog_view_game_json(const grog_game *g, const grog_seat *seat, char **out,
                                grog_error *err);

/* The map of a game for a seat, as SVG text: the map of the battle as it
 * stands (map.h) with the family's overlays (aigles zones, gdb or gt radii
 * from the embedded rules), formation changes, melees, ADCs riding and the
 * officers out of the battle marked, and the turn and phase in the title. */
grog_status grog_view_game_svg(const grog_game *g, const grog_seat *seat, char **out,
                               grog_error *err);
/* The same with map options (NULL: the defaults and the family's overlays). */
grog_status grog_view_game_svg_with(const grog_game *g, const grog_seat *seat,
                                    const grog_map_options *o, char **out, grog_error *err);

/* A short summary per side, for `status`: units by formation, in melee and
 * changing formation, the officers out of the battle, orders under way (ADCs
 * riding, orders being passed) and the hidden orders the seat may see.
 * JSON: {"sides":[{"side","units","formations":{formation:n},"in_melee",
 * "changing_formation","officers_out":[{id,name,state}],"orders_under_way",
 * "adcs_riding","orders_being_passed","hidden_orders"}]}. */
grog_status grog_view_game_summary_json(const grog_game *g, const grog_seat *seat, char **out,
                                        grog_error *err);
grog_status grog_view_game_summary_text(const grog_game *g, const grog_seat *seat, char **out,
                                        grog_error *err);

#endif
