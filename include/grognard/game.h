/* game.h — a game: one scenario played under one rule family with one seed,
 * kept as an append-only journal of actions in a SQLite file.
 *
 * The journal holds the scenario (as saved text), the family, the seed, the
 * settings and every action with its result (events and explanation records
 * as JSON) and a check string of everything that must replay identically
 * (rolls, outcomes, generator draws), and its place in the dice stream. The
 * state (the battle, the turn and phase, each family's bookkeeping) is
 * rebuilt by re-executing the actions in effect from the seed. One writer at
 * a time: every action is read, checked and appended inside one write
 * transaction, after catching up with what other processes wrote (a second
 * writer waits a bounded time, then GROG_EBUSY). WAL mode, synchronous FULL:
 * an action reported done is in the -wal file and survives a kill or a power
 * loss at any moment; SQLite folds the -wal into the .grog now and then and
 * at the last close, after which the .grog file alone holds every action
 * (while the game is in use, grog_game_backup copies it complete).
 *
 * Actions are words, as typed at the table or on the command line:
 * "order picton pack attack --roll 5", "next", "move ney 500 300 90".
 * grog_game_do checks an action against the rules; an illegal one is refused
 * (GROG_ERULE, the message names the rule id) and changes nothing.
 *
 * Ownership: grog_game_create / grog_game_open return a handle freed with
 * grog_game_close (accepts NULL). Strings returned through char ** are
 * malloc'd and freed by the caller. const pointers returned live until the
 * next call that changes the game. */
#ifndef GROGNARD_GAME_H
#define GROGNARD_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "grognard/battle.h"
#include "grognard/error.h"

typedef enum grog_family {
    GROG_FAMILY_AIGLES = 0, /* "aigles" */
    GROG_FAMILY_GDB,        /* "gdb" */
    GROG_FAMILY_GT,         /* "gt" */
    GROG_FAMILY_COUNT
} grog_family;

const char *grog_family_name(grog_family f);
/* The rulebook's name, for people: "Les Aigles", "General de Brigade",
 * "Grande Tactique" (a title, never translated); "?" out of range. */
const char *grog_family_title(grog_family f);
grog_status grog_family_parse(const char *text, grog_family *out, grog_error *err);

typedef struct grog_game grog_game;

/* Who looks or acts. Public: no hidden information, cannot act. Side: its own hidden
 * information, acts only with its own officers and units. Referee: everything, any
 * piece, sees the seed. */
typedef enum grog_seat_kind { GROG_SEAT_PUBLIC = 0, GROG_SEAT_SIDE, GROG_SEAT_REFEREE } grog_seat_kind;
typedef struct grog_seat {
    grog_seat_kind kind;
    const char *side; /* GROG_SEAT_SIDE: the side's id (borrowed, not copied) */
} grog_seat;

typedef struct grog_game_options {
    grog_family family;
    const char *scenario; /* a path or embedded name; NULL = the embedded default */
    uint64_t seed;
    const char *rules;    /* a house-rules file for the family, or NULL */
} grog_game_options;

/* Creates a new game file at path: built complete in a temporary file beside
 * it, then linked into place, so that a kill leaves no half-made game and an
 * existing file (even one made meanwhile) is never replaced (GROG_EINVAL). */
grog_status grog_game_create(const char *path, const grog_game_options *opts, grog_game **out,
                             grog_error *err);
/* Opens a game file and rebuilds its state from the journal. A file that is
 * not a grognard game, is from a newer version, or is damaged: GROG_EFORMAT
 * with a message saying which; a file that cannot be read (permission) or
 * written, a full disk: GROG_EIO naming the cause; another process holding
 * it: GROG_EBUSY. A file that may only be read opens read-only (actions then
 * fail with GROG_EIO "read-only"). */
grog_status grog_game_open(const char *path, grog_game **out, grog_error *err);
void grog_game_close(grog_game *g);
/* Opens a game file to read it only, beside the handle that writes it (the
 * server's documents are made from such a second handle, off the writer's
 * lock): the state as grog_game_open builds it, never a write to the file
 * (not even a snapshot at close; every action fails with GROG_EIO
 * "read-only"); grog_game_sync brings it up to what the writer committed.
 * The same errors as grog_game_open; a file of an older format (which only
 * a writer brings up to date): GROG_EIO. */
grog_status grog_game_open_reader(const char *path, grog_game **out, grog_error *err);
/* Deletes a (closed) game file and the files SQLite keeps beside it (-wal,
 * -shm). Missing files are not an error. */
void grog_game_remove(const char *path);

/* Copies the game file at path into a new file copy, complete (every
 * action acknowledged when it starts) even while another process serves or
 * plays it: SQLite's online backup, built beside copy and linked into place
 * (an existing copy: GROG_EINVAL, nothing written). path must be a game. */
grog_status grog_game_backup(const char *path, const char *copy, grog_error *err);

/* An in-memory game (no file): for the demo, tests and benchmarks. */
grog_status grog_game_create_memory(const grog_game_options *opts, grog_game **out,
                                    grog_error *err);

/* Executes one action; on success appends it to the journal and, if
 * result_json is not NULL, gives the result: {"seq", "side", "action",
 * "events": [...], "records": [...]} (every event and record, hidden ones
 * included: the caller is the acting player). */
grog_status grog_game_do(grog_game *g, int argc, const char *const *argv, char **result_json,
                         grog_error *err);
/* The same from one line of words (split on blanks, "quotes" kept). */
grog_status grog_game_do_line(grog_game *g, const char *line, char **result_json,
                              grog_error *err);

/* Undo is an action: it appends an undo record naming the row it cancels;
 * nothing is deleted. seq 0: the last action in effect. seq naming the last
 * undo record not itself undone (and no action since): that undo is undone,
 * its action is in effect again, with its own dice. The first action (start)
 * stays. A side undoes only its own actions, the public nothing
 * (GROG_EDENIED). result_json (may be NULL): the undo record as seat sees it.
 * The dice stream does not rewind: an action done again after an undo draws
 * fresh dice. */
grog_status grog_game_undo_as(grog_game *g, const grog_seat *seat, long long seq,
                              char **result_json, grog_error *err);
/* grog_game_undo_as by the referee, of the last action in effect. */
grog_status grog_game_undo(grog_game *g, grog_error *err);

/* Re-executes the whole journal in its order from the seed on a fresh state,
 * undone actions and undo records included, and checks that every roll,
 * result (what the log shows), stream position and undo link is the one
 * recorded. GROG_OK when it is; GROG_EFORMAT naming the first row that
 * differs, by number and kind only, otherwise. *actions (if not NULL) gets
 * the number of rows verified. */
grog_status grog_game_replay(grog_game *g, size_t *actions, grog_error *err);

/* Opens a game whose journal no longer replays, to read it: the state is the
 * one before the first failing row, *first_bad (may be NULL) its number (0
 * when the game is sound) and err its reason. Only grog_game_repair writes
 * such a game. */
grog_status grog_game_open_damaged(const char *path, grog_game **out, long long *first_bad,
                                   grog_error *err);
/* The referee cuts the journal back to its first `keep` rows; the rows cut
 * are written first to side_path (a new file, one JSON object per line), so
 * nothing is lost. */
grog_status grog_game_repair(grog_game *g, const grog_seat *seat, long long keep,
                             const char *side_path, grog_error *err);
/* How long an action waits for another process writing the same game before
 * it fails with GROG_EBUSY (default 5000 ms). */
void grog_game_set_busy_timeout(grog_game *g, int ms);

/* Reading the game. */
grog_family grog_game_family(const grog_game *g);
uint64_t grog_game_seed(const grog_game *g);
size_t grog_game_action_count(const grog_game *g);
int grog_game_turn(const grog_game *g);
/* The current phase id ("command", "movement", ...). */
const char *grog_game_phase(const grog_game *g);
const grog_battle *grog_game_battle(const grog_game *g);

/* ---- seats: who looks or acts ---- */

/* side NULL or "" with referee 0: public. An unknown side: GROG_EINVAL naming the
 * scenario's sides. referee and a side together: GROG_EINVAL. out->side points into
 * the game's battle (lives as long as the game). */
grog_status grog_game_seat(const grog_game *g, const char *side, int referee,
                           grog_seat *out, grog_error *err);
/* grog_game_do as a seat: a side may act only with its own pieces (GROG_EDENIED
 * otherwise, nothing written, no hidden word of another side in the message), the
 * public never; the result JSON is filtered for that seat. */
grog_status grog_game_do_as(grog_game *g, const grog_seat *seat, int argc,
                            const char *const *argv, char **result_json, grog_error *err);
/* grog_game_do_as, only if the journal holds `at` actions once caught up
 * inside the action's write transaction (GROG_ERULE otherwise, nothing
 * written): a decision taken on the journal as it was (the sides' Done
 * ending the phase they saw) is never applied to a later one, whoever wrote
 * meanwhile. */
grog_status grog_game_do_at(grog_game *g, const grog_seat *seat, size_t at, int argc,
                            const char *const *argv, char **result_json, grog_error *err);
/* grog_game_do_line as a seat. */
grog_status grog_game_do_line_as(grog_game *g, const grog_seat *seat, const char *line,
                                 char **result_json, grog_error *err);
/* Catches up with actions other processes appended; *added (may be NULL) = how many. */
grog_status grog_game_sync(grog_game *g, size_t *added, grog_error *err);

/* The status as JSON: family, turn, phase, what each side may still do, pending
 * changes (formation changes, ADCs riding, delayed orders), as seat sees them
 * (NULL: public). The seed only for the referee. */
grog_status grog_game_status_json(const grog_game *g, const grog_seat *seat, char **out,
                                  grog_error *err);
/* The status for people. */
grog_status grog_game_status_text(const grog_game *g, const grog_seat *seat, char **out,
                                  grog_error *err);

/* The journal as seat sees it (NULL: public; hidden events of every side are left
 * out, the referee sees them all). JSON: an array of results; text: a narration,
 * one block per action. */
grog_status grog_game_log_json(const grog_game *g, const grog_seat *seat, char **out,
                               grog_error *err);
grog_status grog_game_log_text(const grog_game *g, const grog_seat *seat, char **out,
                               grog_error *err);
/* The narration of one result (as returned by grog_game_do) for seat; seat
 * NULL: for the side that acted. */
grog_status grog_game_result_text(const char *result_json, const grog_seat *seat, char **out,
                                  grog_error *err);

/* The actions seat may take now, with their arguments' choices (only what
 * is legal now; the public may take none):
 * {"family","turn","phase","side","names":{id: name},"actions":[{"action":"order",
 *   "words":["order"],"help":"...","args":[{"name":"general","kind":"general",
 *   "choices":["picton",...],"choices_by":{...}?,"optional":true?},...],
 *   "options":[{"name":"--roll","kind":"die"}],"roll":{"dice":"1d6","option":"--roll",
 *   "what":"..."} or null,"preview":bool}]}
 * An action's words are its "words" then one value per argument in order;
 * "choices_by" maps the previous argument's value to this one's choices: a
 * list, or the name (a string) of an earlier key of the same "choices_by"
 * whose list it is.
 * docs/game.md describes the kinds. */
grog_status grog_game_actions_json(const grog_game *g, const grog_seat *seat, char **out,
                                   grog_error *err);

/* The open claims (docs/game.md "Claims": an event a side reported about
 * the other side's pieces, applied only once that side accepts it or the
 * referee decides), as seat may answer them:
 * {"actions": N, "claims": [{"claim": row number, "by", "about", "status":
 * "pending"|"disputed", "words": [the event's words], "text", "check": {what
 * the positions say} or null, "warning": text or absent, "may": ["accept",
 * "dispute", "decide"]: what this seat may answer}]}. Every claim is public. */
grog_status grog_game_claims_json(const grog_game *g, const grog_seat *seat, char **out,
                                  grog_error *err);
grog_status grog_game_claims_text(const grog_game *g, const grog_seat *seat, char **out,
                                  grog_error *err);

/* Everything the rules say about unit `id` now, as seat may see it (the
 * public and the other side never see its face-down order): who it is, its
 * formation and that formation's effects, states, commander, attached
 * generals, prisoners, order, and per family the charisma bonus and from
 * whom, the reaction value, orders being passed to it, pending changes
 * (aigles), the attached general's morale (gt), the brigade's order (gdb).
 * JSON keys: docs/game.md "The unit card". GROG_ENOTFOUND for an unknown id. */
grog_status grog_game_unit_card_json(const grog_game *g, const grog_seat *seat, const char *id,
                                     char **out, grog_error *err);
grog_status grog_game_unit_card_text(const grog_game *g, const grog_seat *seat, const char *id,
                                     char **out, grog_error *err);

/* The game as it was after journal entry n (0: before the first, the
 * scenario fresh; grog_game_action_count(g): as it stands), into *out: an
 * in-memory game with the state of the actions in effect then, executed
 * again from the seed over g's own journal, for the views of that moment
 * (grog_view_game_json, the map, the status, unit cards) as any seat may see
 * them. Its journal holds no row (no log), its commitment and end are g's.
 * GROG_EINVAL naming the range for any other n. Freed with grog_game_close;
 * g is only read (game_at.c). */
grog_status grog_game_at(const grog_game *g, long long n, grog_game **out, grog_error *err);

/* The action words this game knows (the common ones, then its family's) and
 * a line of help for each, for help and completion; NULL past the end. */
const char *grog_game_action_name(const grog_game *g, size_t i);
const char *grog_game_action_help(const grog_game *g, size_t i);

#endif
