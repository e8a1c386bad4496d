/* brief.h — one line per test: the short form of explanation records and of
 * a game's action results (`--brief`, `brief on` at the prompt, the demo).
 *
 * A record (the JSON of grog_explain_to_json, or a record inside a result)
 * becomes one line: its title, what the dice must show and the odds of each
 * outcome, then the roll and the outcome, or the refusal's first failing
 * check:
 *   "Les Aigles: order from ... to ...: needs < 7 on 1d6; obeys 100.0%, fails
 *    0.0%; rolled 2: obeys"
 * A result (grog_game_do's JSON, already filtered for its reader) becomes a
 * header line "#2 t1 orders-1 > order picton mackinnon attack" then one line
 * per event and per record. Percentages have one decimal. The long form
 * keeps everything (modifiers, checks, notes, defaults); --json keeps it all.
 *
 * Ownership: strings returned through char ** are malloc'd; free() them. */
#ifndef GROGNARD_BRIEF_H
#define GROGNARD_BRIEF_H

#include "grognard/error.h"

/* One record (JSON text) as one line, with its newline. */
grog_status grog_brief_record(const char *record_json, char **out, grog_error *err);
/* One action's result (JSON text) in brief: a header and a line per event. */
grog_status grog_brief_result(const char *result_json, char **out, grog_error *err);

#endif
