/* cmd_game.c — the game commands: new, status, do, log, undo, replay, repair.
 * A game is one SQLite file (game.h); every command opens it, does one
 * thing and closes it, so the commands can be scripted. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "grognard/game.h"
#include "grognard/view.h"

typedef struct game_opts {
    const char *family, *scenario, *rules, *side;
    const char *file, *operand; /* the game file; undo's action number */
    long seed, truncate_at;
    int has_seed, referee, from_journal;
    grog_seat seat; /* from side and referee, once the game is open */
    long turn, last; /* log: --turn N, --last N (0: all) */
    const char *kind; /* log: --kind WORD */
    unsigned seen;    /* the options given: 1 << (id - OPT_FAMILY) */
} game_opts;

enum {
    OPT_FAMILY = 1000,
    OPT_SCENARIO,
    OPT_SEED,
    OPT_RULES,
    OPT_SIDE,
    OPT_REFEREE,
    OPT_TURN,
    OPT_LAST,
    OPT_KIND,
    OPT_FROM_JOURNAL,
    OPT_TRUNCATE_AT
};

#define OPT_BIT(id) (1u << ((id) - OPT_FAMILY))

static int on_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    (void)c;
    game_opts *o = ctx;
    int id = opt->id;
    if (id >= OPT_FAMILY && id <= OPT_TRUNCATE_AT)
        o->seen |= OPT_BIT(id);
    switch (id) {
    case OPT_FAMILY: o->family = v->text; return 0;
    case OPT_SCENARIO: o->scenario = v->text; return 0;
    case OPT_RULES: o->rules = v->text; return 0;
    case OPT_SIDE: o->side = v->text; return 0;
    case OPT_REFEREE: o->referee = 1; return 0;
    case OPT_FROM_JOURNAL: o->from_journal = 1; return 0;
    case OPT_TRUNCATE_AT: o->truncate_at = v->n; return 0;
    case OPT_SEED: o->has_seed = 1; o->seed = v->n; return 0;
    case OPT_TURN: o->turn = v->n; return 0;
    case OPT_LAST: o->last = v->n; return 0;
    case OPT_KIND: o->kind = v->text; return 0;
    }
    return CLI_EXIT_USAGE;
}

/* Each option of the game commands, declared once: the commands' tables below
 * take theirs, and every game command parses with all of them (game_options), so
 * that one given to the wrong command is named as such ('log GAME --seed 3',
 * 'new GAME --turn 2'), never silently ignored. */
#define GAME_FAMILY                                                                          \
    {"family", OPT_FAMILY, CLI_TEXT, N_("F"), N_("the rule family: aigles, gdb or gt"), 0, 0,  \
     NULL}
#define GAME_SCENARIO                                                                        \
    {"scenario", OPT_SCENARIO, CLI_TEXT, N_("FILE"),                                         \
     N_("a scenario file or a bundled scenario's name (default: the embedded one)"), 0, 0,    \
     NULL}
#define GAME_SEED                                                                            \
    {"seed", OPT_SEED, CLI_INT, N_("N"),                                                     \
     N_("the dice seed (0 to 2^63-1); without it one is chosen and kept secret"), 0,          \
     INT64_MAX, NULL}
#define GAME_RULES                                                                           \
    {"rules", OPT_RULES, CLI_TEXT, N_("FILE"), N_("a house-rules file for the family"), 0, 0, \
     NULL}
#define GAME_SIDE                                                                            \
    {"side", OPT_SIDE, CLI_TEXT, N_("S"), N_("as side S: its pieces, its hidden information"), \
     0, 0, NULL}
#define GAME_REFEREE                                                                         \
    {"referee", OPT_REFEREE, CLI_FLAG, NULL, N_("as the referee: everything"), 0, 0, NULL}
#define GAME_TURN                                                                            \
    {"turn", OPT_TURN, CLI_INT, N_("N"), N_("the actions done in turn N"), 1, 1000000, NULL}
#define GAME_LAST                                                                            \
    {"last", OPT_LAST, CLI_INT, N_("N"), N_("the last N actions (after the other filters)"), 1, \
     1000000000, NULL}
#define GAME_KIND                                                                            \
    {"kind", OPT_KIND, CLI_TEXT, N_("WORD"),                                                 \
     N_("the actions of one kind: order, adc, formation, event, move, next...\n"            \
        "(the action's first word, any case)"),                                              \
     0, 0, NULL}
#define GAME_FROM_JOURNAL                                                                    \
    {"from-journal", OPT_FROM_JOURNAL, CLI_FLAG, NULL,                                       \
     N_("the journal as stored, for a game that no longer replays"), 0, 0, NULL}
#define GAME_TRUNCATE_AT                                                                     \
    {"truncate-at", OPT_TRUNCATE_AT, CLI_INT, N_("N"),                                       \
     N_("keep actions 1 to N; the others go to GAME.cut-N.jsonl"), 1, INT32_MAX, NULL}
#define GAME_JSON {"json", 'j', CLI_FLAG, NULL, N_("one JSON document (docs/json.md)"), 0, 0, NULL}

static const cli_opt game_options[] = {
    GAME_FAMILY, GAME_SCENARIO, GAME_SEED, GAME_RULES, GAME_SIDE, GAME_REFEREE,
    GAME_TURN, GAME_LAST, GAME_KIND, GAME_FROM_JOURNAL, GAME_TRUNCATE_AT, GAME_JSON,
    CLI_OPT_END,
};
static const cli_opt new_options[] = {
    GAME_FAMILY, GAME_SCENARIO, GAME_SEED, GAME_RULES, GAME_SIDE, GAME_REFEREE, GAME_JSON,
    CLI_OPT_END,
};
static const cli_opt seat_options[] = {GAME_SIDE, GAME_REFEREE, GAME_JSON, CLI_OPT_END};
static const cli_opt log_options[] = {
    GAME_SIDE, GAME_REFEREE, GAME_TURN, GAME_KIND, GAME_LAST, GAME_FROM_JOURNAL, GAME_JSON,
    CLI_OPT_END,
};
static const cli_opt replay_options[] = {GAME_JSON, CLI_OPT_END};
/* do's options, for its help and the man page: run_do reads them itself, since they
 * stop at the action's first word (the action's own options, --roll, follow it). */
static const cli_opt do_options[] = {GAME_SIDE, GAME_REFEREE, GAME_JSON, CLI_OPT_END};
static const cli_opt repair_options[] = {
    GAME_TRUNCATE_AT, GAME_SIDE, GAME_REFEREE, GAME_JSON, CLI_OPT_END,
};

/* 1 when the option id is in cmd's table. */
static int takes(const cli_command *cmd, int id)
{
    for (const cli_opt *o = cmd->options; o->name != NULL; o++)
        if (o->id == id)
            return 1;
    return 0;
}

/* Parses options and one operand, the game file (undo: and an action number). */
static int parse(cli *c, const cli_command *cmd, int argc, char **argv, game_opts *o,
                 const char **file)
{
    int first;
    int rc = cli_parse_table(c, cmd, game_options, argc, argv, on_opt, o, &first);
    if (rc != 0)
        return rc;
    if (cmd == &cli_undo_command && first == argc - 2)
        o->operand = argv[argc - 1];
    else if (first != argc - 1)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("expected one game file"));
    for (const cli_opt *op = game_options; op->name != NULL; op++)
        if (op->id >= OPT_FAMILY && op->id <= OPT_TRUNCATE_AT && (o->seen & OPT_BIT(op->id)) &&
            !takes(cmd, op->id))
            return cli_fail(c, CLI_EXIT_USAGE, _("--%s is not an option of %s"), op->name,
                            cmd->name);
    if ((rc = cli_one_seat(c, o->side, o->referee)) != 0)
        return rc;
    if (cmd == &cli_repair_command && o->truncate_at == 0)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("repair needs --truncate-at N"));
    *file = o->file = argv[first];
    return 0;
}

static int print_text(cli *c, grog_status st, char *text, const grog_error *err)
{
    if (st != GROG_OK)
        return cli_fail_status(c, st, err);
    fputs(text, c->out);
    if (c->json)
        fputc('\n', c->out);
    free(text);
    return CLI_EXIT_OK;
}

static int open_game(cli *c, const char *file, int damaged_ok, grog_game **g)
{
    grog_error err;
    grog_status st = damaged_ok ? grog_game_open_damaged(file, g, NULL, &err)
                                : grog_game_open(file, g, &err);
    return st == GROG_OK ? 0 : cli_fail_status(c, st, &err);
}

/* The seat of --side S / --referee in an open game; 0 or an exit code
 * (an unknown side lists the game's sides). */
static int take_seat(cli *c, grog_game *g, const char *side, int referee, grog_seat *seat)
{
    grog_error err;
    grog_status st = grog_game_seat(g, side, referee, seat, &err);
    return st == GROG_OK ? 0 : cli_fail_status(c, st, &err);
}

/* The status, then a short summary per side (view.h). */
static int show_status(cli *c, grog_game *g, const grog_seat *seat)
{
    grog_error err;
    char *text = NULL, *summary = NULL;
    grog_status st = c->json ? grog_game_status_json(g, seat, &text, &err)
                             : grog_game_status_text(g, seat, &text, &err);
    if (st == GROG_OK)
        st = c->json ? grog_view_game_summary_json(g, seat, &summary, &err)
                     : grog_view_game_summary_text(g, seat, &summary, &err);
    if (st != GROG_OK) {
        free(text);
        return cli_fail_status(c, st, &err);
    }
    if (c->json) {
        json_t *j = json_loads(text, 0, NULL), *sum = json_loads(summary, 0, NULL);
        free(text);
        free(summary);
        json_object_set(j, "summary", json_object_get(sum, "sides"));
        json_decref(sum);
        text = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        json_decref(j);
        return print_text(c, text != NULL ? GROG_OK : GROG_ENOMEM, text, &err);
    }
    fputs(text, c->out);
    free(text);
    return print_text(c, st, summary, &err);
}

static int run_new(cli *c, int argc, char **argv)
{
    game_opts o = {0};
    const char *file;
    int rc = parse(c, &cli_new_command, argc, argv, &o, &file);
    if (rc != 0)
        return rc == CLI_STOP_OK ? 0 : rc;
    if (o.family == NULL)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--family is required: aigles, gdb or gt"));
    grog_error err;
    grog_game_options go = {GROG_FAMILY_AIGLES, o.scenario, 0, o.rules};
    grog_status st = grog_family_parse(o.family, &go.family, &err);
    if (st != GROG_OK)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", err.message);
    /* No seed given: one from the random source, the referee's alone; the salt
     * of its commitment always (commitment.h). */
    unsigned char salt[GROG_SALT_BYTES];
    if ((rc = cli_new_seed_and_salt(c, o.has_seed, o.seed, &go.seed, salt)) != 0)
        return rc;
    grog_game *g;
    st = grog_game_create_salted(file, &go, salt, &g, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    /* The seed tells every future roll: shown to whoever chose it or to the
     * referee, never to a side. */
    if ((rc = take_seat(c, g, o.side, o.referee, &o.seat)) == 0) {
        if (!c->json && (o.has_seed || o.referee))
            fprintf(c->out, _("New game %s: a %s game, dice seed %llu.\n"), file,
                    grog_family_title(go.family),
                    (unsigned long long)go.seed);
        else if (!c->json)
            fprintf(c->out, _("New game %s: a %s game; its dice seed is the referee's ('grognard status "
                              "%s --referee' shows it).\n"),
                    file, grog_family_title(go.family), file);
        char commitment[GROG_COMMITMENT_HEX];
        if (!c->json && grog_game_commitment(g, commitment))
            fprintf(c->out,
                    _("Seed commitment: %s\n(every seat sees it; once the referee ends the game, "
                      "'grognard verify %s' checks the dice against it)\n"),
                    commitment, file);
        rc = show_status(c, g, &o.seat);
    }
    grog_game_close(g);
    return rc;
}

/* The shape of status, log, undo and replay: parse, open the game, do one
 * thing with it, close it. */
static int with_game(cli *c, const cli_command *cmd, int argc, char **argv,
                     int (*fn)(cli *c, grog_game *g, const game_opts *o))
{
    game_opts o = {0};
    const char *file;
    grog_game *g;
    int rc = parse(c, cmd, argc, argv, &o, &file);
    if (rc != 0)
        return rc == CLI_STOP_OK ? 0 : rc;
    /* a damaged game is still read: log --from-journal lists it, replay names
     * the first row that fails, repair cuts it back */
    int damaged_ok = o.from_journal || cmd == &cli_replay_command || cmd == &cli_repair_command;
    if ((rc = open_game(c, file, damaged_ok, &g)) != 0)
        return rc;
    /* undo and repair are acts: without --side, the referee at the table */
    int referee = o.referee || ((cmd == &cli_undo_command || cmd == &cli_repair_command) &&
                                o.side == NULL);
    rc = take_seat(c, g, o.side, referee, &o.seat);
    if (rc == 0)
        rc = fn(c, g, &o);
    grog_game_close(g);
    return rc;
}

static int print_json(cli *c, json_t *j)
{
    char *s = json_dumps(j, 0);
    json_decref(j);
    if (s == NULL)
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
    fprintf(c->out, "%s\n", s);
    free(s);
    return CLI_EXIT_OK;
}

static int status_of(cli *c, grog_game *g, const game_opts *o)
{
    return show_status(c, g, &o->seat);
}

static int run_status(cli *c, int argc, char **argv)
{
    return with_game(c, &cli_status_command, argc, argv, status_of);
}

int cli_game_show_result(cli *c, const char *result, const grog_seat *seat)
{
    if (c->json) {
        fprintf(c->out, "%s\n", result);
        return CLI_EXIT_OK;
    }
    grog_error err;
    char *text = NULL;
    grog_status st = c->brief ? grog_brief_result(result, &text, &err)
                              : grog_game_result_text(result, seat, &text, &err);
    return print_text(c, st, text, &err);
}

/* Runs the action words on the game in file, as side (or the referee). */
static int do_words(cli *c, const char *file, const char *side, int referee, int n,
                    const char **words)
{
    grog_game *g;
    int rc = open_game(c, file, 0, &g);
    if (rc != 0)
        return rc;
    /* Without --side the one at the keyboard is the referee at the table. */
    grog_seat seat;
    if ((rc = take_seat(c, g, side, side == NULL || referee, &seat)) != 0) {
        grog_game_close(g);
        return rc;
    }
    grog_error err;
    char *result = NULL;
    grog_status st = grog_game_do_as(g, &seat, n, words, &result, &err);
    if (st != GROG_OK)
        rc = cli_fail_status(c, st, &err);
    else
        rc = cli_game_show_result(c, result, &seat);
    free(result);
    grog_game_close(g);
    return rc;
}

static int run_do(cli *c, int argc, char **argv)
{
    /* grognard do [OPTIONS] GAME [OPTIONS] WORDS... : the command's options
     * go before or after GAME, up to the action's first word; the action's
     * own options (--roll) follow its words. --json, --brief, --side and
     * --referee anywhere: a seat typed at the end ("note hold --side french")
     * was a word of the action, and the referee then acted. */
    int i = 1, referee = 0;
    const char *side = NULL, *file = NULL;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-') {
            if (file != NULL)
                break; /* the action's first word */
            file = a;
        } else if (strcmp(a, "--json") == 0 || strcmp(a, "-j") == 0)
            c->json = 1;
        else if (strcmp(a, "--brief") == 0)
            c->brief = 1;
        else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            cli_help(c, &cli_do_command, c->out);
            return CLI_EXIT_OK;
        } else if (strcmp(a, "--side") == 0) {
            if (i + 1 >= argc)
                return cli_fail(c, CLI_EXIT_USAGE, _("option '%s' needs a value"), a);
            side = argv[++i];
        } else if (strncmp(a, "--side=", 7) == 0)
            side = a + 7;
        else if (strcmp(a, "--referee") == 0)
            referee = 1;
        else
            return cli_fail(c, CLI_EXIT_USAGE, _("unknown option '%s'"), a);
    }
    if (file == NULL || i >= argc)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("expected a game file and an action"));
    /* Every word is passed on, so a refusal counts them all. */
    const char **words = malloc((size_t)(argc - i) * sizeof *words);
    if (words == NULL)
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
    int n = 0, rc = 0;
    for (; i < argc && rc == 0; i++) {
        const char *a = argv[i], *s = NULL;
        if (strcmp(a, "--json") == 0)
            c->json = 1;
        else if (strcmp(a, "--brief") == 0)
            c->brief = 1;
        else if (strcmp(a, "--referee") == 0)
            referee = 1;
        else if (strcmp(a, "--side") == 0 && i + 1 >= argc)
            rc = cli_fail(c, CLI_EXIT_USAGE, _("option '%s' needs a value"), a);
        else if (strcmp(a, "--side") == 0 || strncmp(a, "--side=", 7) == 0)
            s = a[6] == '=' ? a + 7 : argv[++i];
        else
            words[n++] = a;
        if (s != NULL && side != NULL && strcmp(s, side) != 0)
            rc = cli_fail(c, CLI_EXIT_USAGE, _("--side given twice: %s and %s"), side, s);
        else if (s != NULL)
            side = s;
    }
    if (rc == 0 && cli_one_seat(c, side, referee) != 0)
        rc = CLI_EXIT_USAGE;
    if (rc != 0) {
        free(words);
        return rc;
    }
    /* Action words are case-insensitive ("Order", "NEXT"); ids and values are not. */
    char word[64];
    if (n > 0 && strlen(words[0]) < sizeof word) {
        size_t k = 0;
        for (; words[0][k]; k++)
            word[k] = (char)(words[0][k] >= 'A' && words[0][k] <= 'Z' ? words[0][k] - 'A' + 'a'
                                                                      : words[0][k]);
        word[k] = '\0';
        words[0] = word;
    }
    rc = do_words(c, file, side, referee, n, words);
    free(words);
    return rc;
}

/* Whether a journal result passes log's filters (--turn, --kind). */
static int log_keeps(const game_opts *o, json_t *r)
{
    if (o->turn > 0 && json_integer_value(json_object_get(r, "turn")) != o->turn)
        return 0;
    const char *word = json_string_value(json_array_get(json_object_get(r, "action"), 0));
    return o->kind == NULL || (word != NULL && strcasecmp(word, o->kind) == 0);
}

/* log with --turn, --last or --kind: the seat's journal, filtered, then the
 * last N of what is left. */
static int log_filtered(cli *c, grog_game *g, const game_opts *o)
{
    grog_error err;
    char *text = NULL;
    grog_status st = grog_game_log_json(g, &o->seat, &text, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    json_t *all = json_loads(text, 0, NULL), *kept = json_array();
    free(text);
    size_t i;
    json_t *r;
    json_array_foreach(all, i, r) if (log_keeps(o, r)) json_array_append(kept, r);
    json_decref(all);
    while (o->last > 0 && json_array_size(kept) > (size_t)o->last)
        json_array_remove(kept, 0);
    if (c->json) /* every command's top level is an object (docs/json.md) */
        return print_json(c, json_pack("{s:o}", "actions", kept));
    int rc = CLI_EXIT_OK;
    json_array_foreach(kept, i, r) {
        char *one = json_dumps(r, 0), *out = NULL;
        st = one == NULL  ? GROG_ENOMEM
             : c->brief   ? grog_brief_result(one, &out, &err)
                          : grog_game_result_text(one, &o->seat, &out, &err);
        free(one);
        if ((rc = print_text(c, st, out, &err)) != CLI_EXIT_OK)
            break;
    }
    if (rc == CLI_EXIT_OK && json_array_size(kept) == 0)
        fprintf(c->out, "%s\n", _("No action in the journal matches."));
    json_decref(kept);
    return rc;
}

static int log_of(cli *c, grog_game *g, const game_opts *o)
{
    if (o->from_journal) { /* find and mark the first row that does not replay */
        size_t n;
        grog_game_replay(g, &n, NULL);
    }
    if (o->turn > 0 || o->last > 0 || o->kind != NULL || c->brief || c->json)
        return log_filtered(c, g, o);
    grog_error err;
    char *text = NULL;
    grog_status st = c->json ? grog_game_log_json(g, &o->seat, &text, &err)
                             : grog_game_log_text(g, &o->seat, &text, &err);
    return print_text(c, st, text, &err);
}

static int run_log(cli *c, int argc, char **argv)
{
    return with_game(c, &cli_log_command, argc, argv, log_of);
}

static int undo_of(cli *c, grog_game *g, const game_opts *o)
{
    long target = 0;
    if (o->operand != NULL) {
        int rc = cli_int(c, "ACTION", o->operand, 1, INT32_MAX, &target);
        if (rc != 0)
            return rc;
    }
    grog_error err;
    char *result = NULL;
    grog_status st = grog_game_undo_as(g, &o->seat, target, &result, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    int rc = cli_game_show_result(c, result, &o->seat);
    free(result);
    if (!c->json)
        fprintf(c->out,
                ngettext("%zu row in the journal; turn %d, %s phase.\n",
                         "%zu rows in the journal; turn %d, %s phase.\n",
                         grog_game_action_count(g)),
                grog_game_action_count(g), grog_game_turn(g),
                grog_explain_phase_of(grog_game_phase(g)));
    return rc;
}

static int run_undo(cli *c, int argc, char **argv)
{
    return with_game(c, &cli_undo_command, argc, argv, undo_of);
}

static int replay_of(cli *c, grog_game *g, const game_opts *o)
{
    (void)o;
    grog_error err;
    size_t n = 0;
    grog_status st = grog_game_replay(g, &n, &err);
    if (c->json && st == GROG_OK) /* a failure: the error document (cli_fail) */
        print_json(c, json_pack("{s:b,s:I}", "identical", 1, "actions", (json_int_t)n));
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    if (!c->json)
        fprintf(c->out,
                ngettext("Replayed %zu action from the seed: every roll and result is "
                         "identical.\n",
                         "Replayed %zu actions from the seed: every roll and result is "
                         "identical.\n",
                         (unsigned long)n),
                n);
    return CLI_EXIT_OK;
}

static int run_replay(cli *c, int argc, char **argv)
{
    return with_game(c, &cli_replay_command, argc, argv, replay_of);
}

static int repair_of(cli *c, grog_game *g, const game_opts *o)
{
    char side_file[4096];
    snprintf(side_file, sizeof side_file, "%s.cut-%ld.jsonl", o->file, o->truncate_at);
    size_t before = grog_game_action_count(g);
    grog_error err;
    grog_status st = grog_game_repair(g, &o->seat, o->truncate_at, side_file, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    if (c->json)
        return print_json(c, json_pack("{s:I,s:I,s:s}", "kept", (json_int_t)o->truncate_at,
                                       "cut", (json_int_t)(before - (size_t)o->truncate_at),
                                       "cut_file", side_file));
    fprintf(c->out, _("Kept actions 1 to %ld; actions %ld to %zu are in %s.\n"), o->truncate_at,
            o->truncate_at + 1, before, side_file);
    return CLI_EXIT_OK;
}

static int run_repair(cli *c, int argc, char **argv)
{
    return with_game(c, &cli_repair_command, argc, argv, repair_of);
}

const cli_command cli_new_command = {
    "new", run_new, N_("start a new game in a file"),
    N_("grognard new GAME --family aigles|gdb|gt [--scenario FILE] [--seed N] [--rules FILE] "
       "[--referee] [--json]"),
    N_("Creates GAME (a SQLite file that must not exist) holding the scenario (the embedded\n"
       "default when --scenario is not given), the rule family, the seed and, with --rules,\n"
       "a house-rules file for the family. Without --seed one is chosen and kept secret: the\n"
       "seed tells every future roll, so only the referee's view shows it (--referee).\n"
       "Before the first roll the game publishes a commitment to its seed: the SHA-256 of\n"
       "'grognard-seed:SEED:SALT' with a random 128-bit salt, shown to every seat (status\n"
       "--json: seed_commitment). 'grognard end' reveals the seed and salt to all and\n"
       "'grognard verify' checks them (docs/report.md).\n"
       "Same seed and same actions give the same game.\n"),
    new_options, NULL,
};
const cli_command cli_status_command = {
    "status", run_status, N_("where a game stands and what each side may do"),
    N_("grognard status GAME [--side S | --referee] [--json]"),
    N_("The turn and phase, what each side may still do in this phase, and what is under\n"
       "way, as the public sees it. --side S also shows that side's hidden information;\n"
       "--referee shows everything, the seed included. An unknown side is an error that\n"
       "lists the game's sides.\n"),
    seat_options, NULL,
};
const cli_command cli_do_command = {
    "do", run_do, N_("do one action in a game"),
    N_("grognard do [--side S | --referee] GAME [--side S | --referee] ACTION [ARGS...]\n"
       "            [--side S | --referee] [--brief] [--json]"),
    N_("Checks the action against the rules and, if it is allowed, resolves it (rolling\n"
       "with the game's generator, or with the dice given by --roll) and writes it to the\n"
       "journal. A refused action changes nothing and names its rule (exit 1).\n"
       "--side S acts as S: only with S's officers and units (another side's piece is\n"
       "refused, exit 1), and prints only what S may see. Without --side, the referee at\n"
       "the table acts, with any piece, and sees everything.\n"
       "A distance or contact a test takes from the map may be measured at the table\n"
       "instead, for this action: --measure FROM:TO=VALUE, repeated as needed\n"
       "(picton:pack=28cm, picton:pack=contact, picton:enemy=12cm for the nearest enemy).\n"
       "'grognard play GAME' then 'help' lists the actions of a game's family.\n"),
    do_options, NULL,
};
const cli_command cli_log_command = {
    "log", run_log, N_("the journal of a game, as one side may see it"),
    N_("grognard log GAME [--side S | --referee] [--turn N] [--last N] [--kind WORD]\n"
       "             [--brief] [--from-journal] [--json]"),
    N_("Every action with its events, tests, modifiers, odds and rolls; undone actions\n"
       "are marked with the undo that cancelled them. Without --side, the public view;\n"
       "with --side S, also what only S may see (its hidden orders); with --referee,\n"
       "everything. --from-journal lists a damaged game as it is stored, marking the\n"
       "actions from the first one that no longer replays. The filters (--turn, --kind,\n"
       "--last) go together: all of them. --brief prints one line per test and per event.\n"),
    log_options, NULL,
};
const cli_command cli_undo_command = {
    "undo", run_undo, N_("take back the last action"),
    N_("grognard undo GAME [ACTION] [--side S | --referee] [--json]"),
    N_("Takes back the last action in effect by writing an undo record that names it:\n"
       "nothing is deleted, the log shows the action as undone. With ACTION, the number\n"
       "of the last undo record (before any new action), undoes that undo: its action is\n"
       "in effect again, with the dice it had. The dice never go back: an action done\n"
       "again after an undo rolls fresh dice. The first action (start) stays. --side S\n"
       "undoes only S's own actions; without it, the referee undoes.\n"),
    seat_options, NULL,
};
const cli_command cli_replay_command = {
    "replay", run_replay, N_("replay a game from its seed and check it"),
    N_("grognard replay GAME [--json]"),
    N_("Re-executes the whole journal from the seed, undone actions and undo records\n"
       "included, and checks that every roll, result (what the log shows) and place in the\n"
       "dice stream is the one recorded; names the first action that differs otherwise, by\n"
       "number and kind (exit 1).\n"),
    replay_options, NULL,
};
const cli_command cli_repair_command = {
    "repair", run_repair, N_("cut a damaged game back to its last good action"),
    N_("grognard repair GAME --truncate-at N [--referee] [--json]"),
    N_("The referee's remedy for a game whose journal no longer replays (see 'grognard log\n"
       "GAME --from-journal'): keeps actions 1 to N and moves the others, as they were\n"
       "stored, into GAME.cut-N.jsonl (one JSON object per line), so nothing is lost.\n"),
    repair_options, NULL,
};
