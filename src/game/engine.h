/* engine.h — the game engine's inside (internal to src/game).
 *
 * grog_game (game.c) holds the journal, the battle as it stands, the one
 * generator, the turn and phase, and one family's bookkeeping. Every action
 * runs in an action_ctx that collects its events (narration and structured
 * data, each visible to all or to one side), its explanation records and
 * its check string (what must be identical on replay: rolls, outcomes,
 * generator draws). An action that fails leaves the game untouched: the
 * engine works on a copy of the battle and family state and swaps it in only
 * when the action succeeds.
 *
 * The engine's floors (docs/hacking.md, "The game engine"): each
 * file calls only the files of its floor or below, never above.
 *  1. the state and the action's context: family.c (names), game_state.c,
 *     action_ctx.c, viewer.c, journal*.c, snapshot.c, order_kinds.c,
 *     table_rolls.c, the legal list (legal_strings.c, legal_list.c,
 *     legal_common.c, game_actions.c), unit_card.c;
 *  2. the families (family_aigles*.c, family_gdb.c, family_gt*.c), on 1;
 *  3. the common actions: family_hooks.c, table_events.c, actions.c;
 *  4. a row executed again: game_exec.c;
 *  5. snapshots and history: snapcache.c, history.c, game_at.c (a game as it
 *     was after an entry);
 *  6. the orchestration: game.c (create, open, do; the one table of the
 *     families' engines), and the views game_view.c.
 * scripts/check-cycles.sh (make check) fails on any circle of files. */
#ifndef GROG_ENGINE_H
#define GROG_ENGINE_H

#include <jansson.h>
#include <stdio.h>

#include "grognard/battle.h"
#include "grognard/error.h"
#include "grognard/explain.h"
#include "grognard/game.h"
#include "grognard/rng.h"
#include "grognard/tape.h"
#include "jsontext.h"

/* The state of a game after some rows of its journal: what an action changes. */
typedef struct game_state {
    grog_battle *battle;
    void *fstate;
    grog_rng *rng;
    int turn;
    size_t phase;
    struct claim_list *claims; /* the claims not yet answered (claim_list.h); NULL: none */
} game_state;

/* A game (made by game.c, its state in game_state.c). The state is always the
 * one after the journal's last row this process has read (`last`): the
 * actions in effect (the chain from `top` down the `below` links) executed in
 * order, each from its own stream position. */
struct grog_game {
    struct journal *j;
    grog_family family;
    const struct family_ops *ops;
    uint64_t seed;
    void *rules;
    char *scenario_text;
    char *scenario_label;
    game_state s;
    game_state spare; /* a copy of s kept in step (game.c), while spare_ok */
    int spare_ok;
    long long last;   /* the journal's last row read */
    long long top;    /* the last action in effect after `last` */
    long long rtop;   /* the last undo record that may itself be undone (0: none) */
    long long stream; /* the generator's stream position after `last`, in draws */
    long long bad;    /* opened damaged: the first row that does not replay (0: none) */
    char bad_reason[GROG_ERROR_MAX];
    char (*sides)[GROG_ID_MAX]; /* the sides' ids, stable for the game's life (seats) */
    size_t nsides;
    long long snap_every; /* a snapshot after every row numbered a multiple of it (snapcache.h) */
    long long unsnapped;  /* rows executed on s since its last snapshot (loaded or written) */
    long long expect_last; /* grog_game_do_at: the last row the action must find (0: any) */
    /* For writing results (game.c): the texts of the records' reals, and the
     * last action's emptied buffers, taken by the next one (NULL s: none). */
    grog_jsontext_reals *reals;
    grog_jsontext buf_events, buf_records;
    const char *lang_now; /* during grog_game_replay: the language of messages (game_lang) */
};

struct journal_action;

/* game_state.c: the state, the stream, the readers. */
/* Forgets the spare copy of the state (anything that changes g->s but an action). */
void game_spare_drop(grog_game *g);
void game_state_free(const grog_game *g, game_state *s);
grog_status game_state_clone(const grog_game *g, const game_state *from, game_state *to,
                             grog_error *err);
/* g->s := the state before any action: the scenario, the seed, turn 1, phase 0. */
grog_status game_fresh_state(grog_game *g, grog_error *err);
/* The same from battle b, which it takes (NULL: read from the stored
 * scenario text), for a game being created. */
grog_status game_start_state(grog_game *g, grog_battle *b, grog_error *err);
/* g->s := *s (taken over; *s is emptied), e.g. a state read from a snapshot. */
grog_status game_set_state(grog_game *g, game_state *s, grog_error *err);
/* Moves rng forward to stream position `to` (draws); -1: stays. Never back. */
grog_status game_seek(grog_rng *rng, long long to, grog_error *err);
/* The language the messages are translated into now ("" = untranslated). */
const char *game_lang(char *buf, size_t size);
/* The result JSON text (indented) as seat sees it; seat NULL: the referee
 * (viewer.c). */
char *game_result_for(const grog_seat *seat, json_t *r);
/* Whether anything may be written, asked before the write transaction:
 * GROG_OK unless the game was opened damaged (then nothing may be), or is
 * read only and the referee has ended it (said rather than "read-only"). */
grog_status game_writable(const grog_game *g, grog_error *err);
/* Asked inside the write transaction, after game_writable: GROG_OK unless
 * the referee has ended the game (read there, where no other process can
 * end it meanwhile, and in the transaction's own read of the file). */
grog_status game_writable_now(const grog_game *g, grog_error *err);

/* game_exec.c: a journal row executed again, results made and compared. */
/* Executes an action row on the live state (from its stream position) and
 * compares its checks and, when asked, its result with the stored ones. */
grog_status game_exec_row(grog_game *g, const struct journal_action *a, int compare_result,
                          grog_error *err);
/* The same on state `on` (the live state or the spare). */
grog_status game_exec_row_on(grog_game *g, game_state *on, const struct journal_action *a,
                             int compare_result, grog_error *err);
/* The result, as the journal stores it: {"seq","side","action","secret_from",
 * "turn","phase","events","records"} in compact JSON, words being the action's
 * words as JSON text. NULL when out of memory, or when a string is one jansson
 * refuses (its json_pack made nothing either). Caller frees. */
struct action_ctx;
char *game_result_text(const struct action_ctx *c, const char *words);
/* Whether a result made now (its compact JSON text; NULL when it could not be
 * made) is the stored one: byte for byte when the row was recorded in the
 * language messages are in now, else its structure, numbers and untranslated
 * words (outcomes, ids, types). */
int game_same_result(const char *r, const struct journal_action *a);

/* game_fork.c: a copy of g as it stands, in memory, its dice a fresh
 * generator of `seed`, its journal an empty in-memory one (plan.c's Monte
 * Carlo). g is not written. */
grog_status game_fork(const grog_game *g, uint64_t seed, grog_game **out, grog_error *err);

/* history.c: replay, undo, catching up, verification. */
/* Rebuilds g->s from the journal: the actions in effect after the last row.
 * damaged_ok: a row that fails sets g->bad and leaves the state before it. */
grog_status game_rebuild(grog_game *g, int damaged_ok, grog_error *err);
/* Catches up with rows other processes appended (inside or outside a write
 * transaction); *added (may be NULL) = how many. */
grog_status game_catch_up(grog_game *g, size_t *added, grog_error *err);
/* game_exec.c: whether a stored result's records were written before
 * records named their measures (issue 24): such rows' records are made again
 * without them (action_ctx.before_measures), to compare byte for byte. */
int game_row_before_measures(const char *stored);
/* For the log: undone_by[seq] (seq 1..g->last) = the undo record that cancels
 * that row, 0 when it is in effect. Caller frees. */
grog_status game_undone_by(const grog_game *g, long long **undone_by, grog_error *err);

typedef struct action_ctx {
    grog_game *game;
    const void *rules;   /* the family's rules (family_ops.load_rules) */
    grog_battle *battle; /* the working copy */
    void *fstate;        /* the family's working copy */
    grog_rng *rng;       /* the working copy of the game's generator */
    int turn;            /* working copies of the turn and phase index */
    size_t phase;
    long long seq;       /* the action's number in the journal */
    const char *side;    /* the acting side ("" when none) */
    const char *about;   /* a table event: the side of the piece it is about
                            (the harmed officer's for contact and surrounded),
                            which a side's seat must be (else its report is a
                            claim, claims.c); NULL: not an event */
    struct claim_list **claims; /* the state's claims not yet answered */
    long long claim;     /* accept, dispute, decide: the claim answered (0: none) */
    grog_jsontext events;  /* the events as JSON text, comma-separated (jsontext.h) */
    grog_jsontext records; /* the records likewise */
    size_t nrecords;
    int checks_only;     /* rebuilding the state: no events or records, only the checks */
    char *checks;        /* malloc'd, grows (doubling: checks_cap bytes) */
    size_t checks_len;
    size_t checks_cap;
    int explain_only;    /* `explain`: roll nothing, change nothing, journal nothing */
    int referee_only;    /* the action is the referee's (a correction): a side's
                            seat may not take it */
    int secret_from;     /* > 0: the action's words from this index on are hidden
                            from the other sides (GDB-02: the new order) */
    struct table_rolls *rolls; /* dice entered for the action's own rolls (next,
                                  event flees: table_rolls.h), or NULL */
    int before_measures; /* replaying a row written before records named their
                            measures (issue 24): its records are made without
                            them, so that they compare byte for byte */
    grog_tape *tape;     /* the measures given at the table for this action
                            (--measure, tape.h), or NULL: every test takes its
                            measures through it (measures.c) */
} action_ctx;

/* An action word and its procedure. argv[0] is the word. */
typedef struct action_def {
    const char *name;
    const char *usage;   /* N_() marked */
    grog_status (*run)(action_ctx *c, int argc, char **argv, grog_error *err);
} action_def;

/* What a seat may do now (grog_game_actions_json, game_actions.c): the
 * state as it stands, read only. */
typedef struct legal_ctx {
    const grog_game *game;
    const void *rules;
    const grog_battle *battle;
    const void *fstate;
    int turn;
    size_t phase;
    const char *phase_id;
    const char *side; /* the seat's side; NULL: the referee (any side's pieces) */
    struct legal_list *list; /* the actions being built (game_actions.c) */
} legal_ctx;

struct order_kinds;

/* What a rule family adds to the engine. */
typedef struct family_ops {
    grog_family family;
    const char *const *phases; /* phase ids, in turn order */
    size_t nphases;
    /* The family's rules: from a house-rules text (label names it), or the
     * embedded tables when text is NULL. Immutable once loaded. */
    grog_status (*load_rules)(const char *text, const char *label, void **rules, grog_error *err);
    void (*free_rules)(void *rules);
    /* Bookkeeping: create from the battle at the start, copy, free. */
    grog_status (*create)(const void *rules, const grog_battle *b, void **state, grog_error *err);
    void *(*copy)(const void *state);
    void (*destroy)(void *state);
    /* Called when a phase begins (after `next`, and for the first phase). */
    grog_status (*enter_phase)(action_ctx *c, grog_error *err);
    /* Called before a phase ends (`next`): counts down, rides, etc. */
    grog_status (*leave_phase)(action_ctx *c, grog_error *err);
    /* The family's actions (order, adc, formation, spend...). */
    const action_def *actions;
    size_t nactions;
    /* The family's part of the status, as seen by side. */
    void (*status)(const void *rules, const grog_battle *b, const void *state, const char *side,
                   json_t *out);
    /* The family's actions legal now for l->side, appended to actions (see
     * the legal_* helpers below). */
    void (*legal)(const legal_ctx *l);
    /* The family's order words (data/rules/<family>.json "orders"). */
    const struct order_kinds *(*order_kinds)(const void *rules);
    /* What the family's rules say about unit u now, added to its card
     * (unit_card.c): card_note() for a rule's text, other keys as needed. */
    void (*unit_card)(const legal_ctx *l, const grog_troop *u, json_t *card);
    /* The bookkeeping in a snapshot (snapshot.h): every field, officers and
     * units named by id; NULL when out of memory. Read back over battle b
     * (already the snapshot's): anything ill-typed, out of range or naming
     * no piece of b is GROG_EFORMAT naming it, and nothing is allocated. */
    json_t *(*state_save)(const void *rules, const grog_battle *b, const void *state);
    grog_status (*state_load)(const void *rules, const grog_battle *b, const json_t *j,
                              void **state, grog_error *err);
    /* What the family adds to the common actions (asked by family_hooks.c,
     * below; NULL: nothing, the common action goes on). An event's unit or
     * officer may be NULL. */
    grog_status (*attach_check)(action_ctx *c, const grog_officer *o, const grog_troop *u,
                                grog_error *err);
    grog_status (*event)(action_ctx *c, const char *type, grog_troop *u, grog_officer *o,
                         grog_error *err);
    /* NULL: a table event (the casualties counted, no rule applied). */
    grog_status (*officer_fired_at)(action_ctx *c, grog_officer *o, int n, grog_error *err);
    grog_status (*officer_contact_check)(action_ctx *c, const grog_officer *o, grog_error *err);
    grog_status (*officer_surrounded)(action_ctx *c, const grog_officer *o, grog_error *err);
    grog_status (*officer_harm_check)(action_ctx *c, const grog_officer *o, grog_error *err);
    grog_status (*move_check)(action_ctx *c, const grog_troop *u, grog_error *err);
} family_ops;

extern const family_ops grog_family_aigles_ops;
extern const family_ops grog_family_gdb_ops;
extern const family_ops grog_family_gt_ops;

/* The phase id of the context's phase. */
const char *ctx_phase_id(const action_ctx *c);

/* Events: text is for people (translated now); data is stolen (may be
 * NULL); visible_to is a side id, or "" for everyone. */
void ctx_event(action_ctx *c, const char *visible_to, const char *type, json_t *data,
               const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* Stores a record (as JSON) visible to visible_to, and adds its rolls and
 * outcome to the checks. */
grog_status ctx_record(action_ctx *c, const grog_explain *e, const char *visible_to,
                       grog_error *err);
/* The same for a public test whose notes name something secret (GDB-02):
 * every side sees the record, only `side` sees its notes. */
grog_status ctx_record_secret_notes(action_ctx *c, const grog_explain *e, const char *side,
                                    grog_error *err);
void ctx_check(action_ctx *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Family hooks called by the common actions (family_hooks.c: each asks the
 * game's family through its family_ops, never naming a family). An event's
 * unit or officer may be NULL. */
grog_status family_attach_check(action_ctx *c, const grog_officer *o, const grog_troop *u,
                                grog_error *err);
grog_status family_event(action_ctx *c, const char *type, grog_troop *u, grog_officer *o,
                         grog_error *err);

/* Fire at an officer (event casualties OFFICER N): aigles AIG-O-25 (only
 * an isolated officer; 40 casualties from one fire unless the house rule
 * adds them up), gt GT-05/GT-09 (refused), gdb a table event. */
grog_status family_officer_fired_at(action_ctx *c, grog_officer *o, int n, grog_error *err);
/* Whether an enemy contact may take o (aigles AIG-O-22; gt GT-05/GT-09: never). */
grog_status family_officer_contact_check(action_ctx *c, const grog_officer *o, grog_error *err);
/* AIG-O-21's other case: surrounded with no way out (aigles: a record; gt:
 * GT-05/GT-09 refused; gdb: a table event). */
grog_status family_officer_surrounded(action_ctx *c, const grog_officer *o, grog_error *err);
/* Whether a table may kill or wound o (gt GT-09: only GT-08 harms a general). */
grog_status family_officer_harm_check(action_ctx *c, const grog_officer *o, grog_error *err);
/* Whether unit u may be moved (aigles AIG-F-12: a square stands). */
grog_status family_move_check(action_ctx *c, const grog_troop *u, grog_error *err);

/* Runs words (argv[0] the action) in the context (explain uses it; actions.c). */
grog_status game_run_words(action_ctx *c, int argc, char **argv, grog_error *err);
/* Runs an action's words (a copy of them) on the context; an unknown word
 * is refused naming the game's actions (actions.c). */
grog_status game_run_action(grog_game *g, action_ctx *c, int argc, const char *const *words,
                            grog_error *err);

/* The action context's life (action_ctx.c): made on state s (the live state
 * or a copy), the turn and phase it reached stored back into s, freed (its
 * buffers kept for the next action); the checks closed with the draws, turn
 * and phase at the end. */
void ctx_init(action_ctx *c, grog_game *g, game_state *s);
void ctx_store(const action_ctx *c, game_state *s);
void ctx_free(action_ctx *c);
void ctx_finish_checks(action_ctx *c);

/* Phase changes, for `start` and `next` (action_ctx.c). */
grog_status game_enter_first_phase(action_ctx *c, grog_error *err);
grog_status game_next_phase(action_ctx *c, grog_error *err);

/* The viewer string that stands for the referee's seat (ids cannot hold '#'). */
#define GAME_REFEREE_VIEWER "#referee"
/* A seat as one viewer string (viewer.c): NULL for the public, the side's id,
 * or GAME_REFEREE_VIEWER. */
const char *game_viewer(const grog_seat *seat);
/* A copy of a result (a journal row's JSON) with what viewer may not see left out. */
json_t *game_result_filtered(json_t *result, const char *viewer);
/* Whether a viewer string is the referee's; whether it may see an item (an
 * event or record: its visible_to is "" or the viewer's side). */
int viewer_is_referee(const char *side);
int viewer_sees(json_t *item, const char *side);

/* For the views (game_state.c, actions.c): the status object as side sees
 * it, the journal rows in order, and the action words (common ones, then the
 * family's; returns how many the family has). */
json_t *game_status_object(const grog_game *g, const char *side);
struct journal_action;
grog_status game_foreach(const grog_game *g,
                         grog_status (*fn)(void *ctx, const struct journal_action *a,
                                           grog_error *err),
                         void *ctx, grog_error *err);
size_t game_action_list(const grog_game *g, const action_def **common, size_t *ncommon,
                        const action_def **family);
extern const action_def grog_game_common_actions[];
extern const size_t grog_game_common_count;

/* The read-only state of g for the legality checks (game_state.c). */
void game_legal_ctx(const grog_game *g, const char *side, legal_ctx *out);
const family_ops *game_ops(const grog_game *g);
/* Building the actions list (game_actions.c, written out by
 * grog_game_actions_json). An action entry is {"action", "words": [fixed
 * leading words], "help", "args": [...], "options": [...], "roll": {...} or
 * null, "preview": bool}; an argument is {"name", "kind", "choices": [...]}
 * with, when its choices depend on the argument before it, "choices_by":
 * {earlier value: [...]}. The list owns its entries and arguments (freed
 * once written); every string given to it is borrowed and must stay
 * unchanged until then (the battle's ids, the rules' words, literals and
 * translations). A choice never repeats; a string that is not UTF-8 is left
 * out. Every function accepts a NULL entry or argument (after running out
 * of memory) and does nothing. */
typedef struct legal_list legal_list;
typedef struct legal_act legal_act;
typedef struct legal_param legal_param;
legal_act *legal_action(legal_list *L, const char *name, const char *help);
legal_param *legal_arg(legal_list *L, legal_act *a, const char *name, const char *kind);
void legal_choice(legal_list *L, legal_param *p, const char *value);
/* Adds value to p's choices_by[key] (and to its choices). */
void legal_choice_by(legal_list *L, legal_param *p, const char *key, const char *value);
/* The same when the choices depend on key only through its side: for a side
 * seat every key has the same choices, so only "choices" is filled (no
 * choices_by: a battle of thousands of units stays small). */
void legal_choice_side(const legal_ctx *l, legal_param *p, const char *key, const char *value);
/* Whether a loop that adds choices to p for the piece `key` of piece_side
 * (through legal_choice_side) should run now. The loop's choices must
 * depend on the piece's side alone (passes 1), or on its side and leaving
 * the piece itself out (passes 2). A side's seat, whose choices do not
 * depend on the piece: only the first `passes` times for that side (the
 * second pass of 2 adds the first piece, any later one nothing). The
 * referee, with passes 1: the first time for the side; later, key's
 * choices_by list is made a copy of the first key's (what the loop would
 * make) and the loop is not run. Same choices, without the cost of pieces x
 * units. */
int legal_side_pass(const legal_ctx *l, legal_param *p, const char *piece_side, const char *key,
                    int passes);
/* Whether unit `unit` is of officer `officer`'s side, and two officers of
 * one side (strcmp of their side ids, answered from numbers worked out once
 * per list: the loops over officers x units). */
int legal_same_side(const legal_ctx *l, size_t unit, size_t officer);
int legal_same_side_officers(const legal_ctx *l, size_t a, size_t b);
/* Whether p has a choices_by list for key. */
int legal_has_by(legal_list *L, const legal_param *p, const char *key);
/* Whether key has choices in p (in choices_by, or in choices when the
 * argument has no choices_by). */
int legal_keyed(legal_list *L, const legal_param *p, const char *key);
/* "optional": true on the argument; "preview": true on the entry. */
void legal_optional(legal_param *p);
void legal_preview(legal_act *a);
void legal_option(legal_list *L, legal_act *a, const char *name, const char *kind);
void legal_roll(legal_act *a, const char *dice, const char *option, const char *what);
/* The unit card (unit_card.c): a rule's text on the card; an explanation
 * record as JSON (json null when it cannot be made). */
void card_note(json_t *card, const char *rule, const char *text);
json_t *card_record(const grog_explain *e);

/* A roll the action (words0 [words1]) makes by itself, which the table may
 * enter with --roll WHO=D,D... (table_rolls.h): added to the entry's
 * "rolls": [{"who","dice","count","what"}]. */
void legal_table_roll(legal_list *L, const char *words0, const char *words1, const char *who,
                      int count, const char *what);
/* The argument `arg` of the entry whose words are w0 [w1], or NULL; and
 * taking a value out of an argument's choices (it is not added again). */
legal_param *legal_find(legal_list *L, const char *w0, const char *w1, const char *arg);
void legal_unchoose(legal_list *L, legal_param *p, const char *value);
/* A family ran out of memory building the list: grog_game_actions_json
 * then answers GROG_ENOMEM (never a list with choices missing). */
void legal_oom(legal_list *L);
/* Whether side may act with a piece of piece_side (referee: any). */
int legal_mine(const legal_ctx *l, const char *piece_side);

/* Helpers for argument words. */
/* The value of "--name V" in argv (removed from argv, argc adjusted), or NULL. */
const char *ctx_take_option(int *argc, char **argv, const char *name);
grog_status ctx_int(const char *what, const char *text, long lo, long hi, long *out,
                    grog_error *err);
/* A length in the scenario's file unit (or with a unit: "35cm"), in mm. */
grog_status ctx_length(action_ctx *c, const char *what, const char *text, double *mm,
                       grog_error *err);
/* Officer or unit lookups that fail with a clear message. */
grog_status ctx_officer(action_ctx *c, const char *id, grog_officer **out, grog_error *err);
grog_status ctx_unit(action_ctx *c, const char *id, grog_troop **out, grog_error *err);
const char *ctx_officer_name(action_ctx *c, const char *id);
const char *ctx_unit_name(action_ctx *c, const char *id);

#endif
