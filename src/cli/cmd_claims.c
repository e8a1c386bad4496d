/* cmd_claims.c — the claims (docs/game.md "Claims"): `grognard claims GAME`
 * lists the open ones as a seat may answer them; `accept GAME N`, `dispute
 * GAME N` and the referee's `decide GAME N apply|reject` answer one. The
 * answers are actions (`do GAME accept N` is the same): the library checks
 * who may give them. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grognard/game.h"

#define MAX_ROLLS 16

typedef struct claims_opts {
    const char *side;
    int referee;
    const char *rolls[MAX_ROLLS]; /* --roll values, in order */
    int nrolls;
} claims_opts;

enum { OPT_SIDE = 1000, OPT_REFEREE, OPT_ROLL };

static int on_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    claims_opts *o = ctx;
    switch (opt->id) {
    case OPT_SIDE: o->side = v->text; return 0;
    case OPT_REFEREE: o->referee = 1; return 0;
    case OPT_ROLL:
        if (o->nrolls == MAX_ROLLS)
            return cli_fail(c, CLI_EXIT_USAGE, "%s", _("too many --roll options"));
        o->rolls[o->nrolls++] = v->text;
        return 0;
    }
    return CLI_EXIT_USAGE;
}

#define C_SIDE                                                                               \
    {"side", OPT_SIDE, CLI_TEXT, N_("S"), N_("as side S (the side a claim is about answers it)"), \
     0, 0, NULL}
#define C_REFEREE                                                                            \
    {"referee", OPT_REFEREE, CLI_FLAG, NULL, N_("as the referee"), 0, 0, NULL}
#define C_JSON {"json", 'j', CLI_FLAG, NULL, N_("one JSON document (docs/json.md)"), 0, 0, NULL}
#define C_ROLL                                                                               \
    {"roll", OPT_ROLL, CLI_TEXT, N_("D"),                                                    \
     N_("the dice of the rolls the claim's event makes, rolled at the table (as event's)"),  \
     0, 0, NULL}
static const cli_opt list_options[] = {C_SIDE, C_REFEREE, C_JSON, CLI_OPT_END};
static const cli_opt accept_options[] = {C_SIDE, C_REFEREE, C_ROLL, C_JSON, CLI_OPT_END};
static const cli_opt dispute_options[] = {C_SIDE, C_REFEREE, C_JSON, CLI_OPT_END};
static const cli_opt decide_options[] = {C_ROLL, C_JSON, CLI_OPT_END};

/* Parses, checks the operands' count (the game first), opens the game and
 * takes the seat; 0 or an exit code. */
static int open_seat(cli *c, const cli_command *cmd, int argc, char **argv, int operands,
                     claims_opts *o, int *first, grog_game **g, grog_seat *seat)
{
    int rc = cli_parse(c, cmd, argc, argv, on_opt, o, first);
    if (rc != 0)
        return rc;
    if (argc - *first != operands)
        return cli_fail(c, CLI_EXIT_USAGE, _("usage: %s"), _(cmd->usage));
    if ((rc = cli_one_seat(c, o->side, o->referee)) != 0)
        return rc;
    grog_error err;
    grog_status st = grog_game_open(argv[*first], g, &err);
    if (st == GROG_OK)
        /* an answer's seat: the referee without --side, as do's */
        st = grog_game_seat(*g, o->side,
                            o->referee || (cmd != &cli_claims_command && o->side == NULL), seat,
                            &err);
    if (st != GROG_OK) {
        grog_game_close(*g);
        *g = NULL;
        return st == GROG_EINVAL ? cli_fail(c, CLI_EXIT_USAGE, "%s", err.message)
                                 : cli_fail_status(c, st, &err);
    }
    return 0;
}

static int run_claims(cli *c, int argc, char **argv)
{
    claims_opts o = {0};
    int first;
    grog_game *g = NULL;
    grog_seat seat;
    int rc = open_seat(c, &cli_claims_command, argc, argv, 1, &o, &first, &g, &seat);
    if (rc != 0)
        return rc == CLI_STOP_OK ? 0 : rc;
    grog_error err;
    char *text = NULL;
    grog_status st = c->json ? grog_game_claims_json(g, &seat, &text, &err)
                             : grog_game_claims_text(g, &seat, &text, &err);
    grog_game_close(g);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    fputs(text, c->out);
    if (c->json)
        fputc('\n', c->out);
    free(text);
    return CLI_EXIT_OK;
}

/* accept, dispute, decide: the action "WORD N [apply|reject] [--roll D]...". */
static int answer(cli *c, const cli_command *cmd, int argc, char **argv, int operands)
{
    claims_opts o = {0};
    int first;
    grog_game *g = NULL;
    grog_seat seat;
    int rc = open_seat(c, cmd, argc, argv, operands, &o, &first, &g, &seat);
    if (rc != 0)
        return rc == CLI_STOP_OK ? 0 : rc;
    const char *words[3 + 2 * MAX_ROLLS];
    int n = 0;
    words[n++] = cmd->name;
    for (int i = first + 1; i < argc; i++)
        words[n++] = argv[i];
    for (int i = 0; i < o.nrolls; i++) {
        words[n++] = "--roll";
        words[n++] = o.rolls[i];
    }
    grog_error err;
    char *result = NULL;
    grog_status st = grog_game_do_as(g, &seat, n, words, &result, &err);
    if (st == GROG_OK)
        rc = cli_game_show_result(c, result, &seat);
    else
        rc = cli_fail_status(c, st, &err);
    free(result);
    grog_game_close(g);
    return rc;
}

static int run_accept(cli *c, int argc, char **argv)
{
    return answer(c, &cli_accept_command, argc, argv, 2);
}

static int run_dispute(cli *c, int argc, char **argv)
{
    return answer(c, &cli_dispute_command, argc, argv, 2);
}

static int run_decide(cli *c, int argc, char **argv)
{
    return answer(c, &cli_decide_command, argc, argv, 3);
}

const cli_command cli_claims_command = {
    "claims", run_claims, N_("the open claims: events a side reported about the other's pieces"),
    N_("grognard claims GAME [--side S | --referee] [--json]"),
    N_("A side's event about the other side's pieces (contact, surrounded, casualties,\n"
       "killed, a melee's result...) is a claim: journaled, not applied, until the side it\n"
       "is about accepts it, or the referee decides. This lists the claims still open,\n"
       "each with its number, who made it, the event, what the map's positions say (a\n"
       "warning when they show it false: an officer far from the unit said to contact him)\n"
       "and what this seat may answer. Every claim is public.\n"),
    list_options, NULL,
};
const cli_command cli_accept_command = {
    "accept", run_accept, N_("accept a claim about your pieces: its event is applied"),
    N_("grognard accept GAME N [--side S | --referee] [--roll D] [--json]"),
    N_("The side claim N is about (or the referee) accepts it: its event is applied now,\n"
       "as if the referee had reported it, its dice rolled now (--roll D: rolled at the\n"
       "table). The side that made the claim may not accept it; it takes it back with\n"
       "undo. Without --side, the referee's seat (as do's). The same as\n"
       "'grognard do GAME accept N'.\n"),
    accept_options, NULL,
};
const cli_command cli_dispute_command = {
    "dispute", run_dispute, N_("dispute a claim about your pieces: the referee decides"),
    N_("grognard dispute GAME N [--side S | --referee] [--json]"),
    N_("The side claim N is about disputes it: nothing is applied, and the referee decides\n"
       "(grognard decide). The same as 'grognard do GAME dispute N'.\n"),
    dispute_options, NULL,
};
const cli_command cli_decide_command = {
    "decide", run_decide, N_("the referee applies or rejects a claim"),
    N_("grognard decide GAME N apply|reject [--roll D] [--json]"),
    N_("The referee's decision on claim N, disputed or not: apply (its event is applied\n"
       "now, its dice rolled now, or --roll D) or reject (nothing is applied). Only the\n"
       "referee decides. The same as 'grognard do GAME decide N apply'.\n"),
    decide_options, NULL,
};
