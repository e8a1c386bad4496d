/* cmd_end.c — dice anyone can check: `grognard end` (the referee reveals the
 * seed and salt to every seat) and `grognard verify` (the commitment and every
 * roll of the journal checked against the seed). commitment.h has the rules. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct end_opts {
    const char *commitment; /* verify --commitment HEX */
} end_opts;

enum { OPT_COMMITMENT = 1000 };

static int on_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    end_opts *o = ctx;
    (void)c;
    if (opt->id == OPT_COMMITMENT)
        o->commitment = v->text;
    return 0;
}

#define END_JSON {"json", 'j', CLI_FLAG, NULL, N_("one JSON document (docs/json.md)"), 0, 0, NULL}
static const cli_opt end_options[] = {END_JSON, CLI_OPT_END};
static const cli_opt verify_options[] = {
    {"commitment", OPT_COMMITMENT, CLI_TEXT, N_("HEX"),
     N_("the seed commitment noted at the start (64 hex digits), checked too"), 0, 0, NULL},
    END_JSON,
    CLI_OPT_END,
};

/* Parses the command line (one operand: the game) and opens the game; 0, the
 * game in *g, or an exit code (help printed: CLI_STOP_OK). */
static int open_one(cli *c, const cli_command *cmd, int argc, char **argv, end_opts *o,
                    grog_game **g)
{
    int first;
    int rc = cli_parse(c, cmd, argc, argv, on_opt, o, &first);
    if (rc != 0)
        return rc;
    if (first != argc - 1)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("expected one game file"));
    grog_error err;
    grog_status st = cmd == &cli_verify_command ? grog_game_open_damaged(argv[first], g, NULL, &err)
                                                : grog_game_open(argv[first], g, &err);
    return st == GROG_OK ? 0 : cli_fail_status(c, st, &err);
}

static int print_json(cli *c, json_t *j)
{
    char *s = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(j);
    if (s == NULL)
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
    fprintf(c->out, "%s\n", s);
    free(s);
    return CLI_EXIT_OK;
}

static int end_game(cli *c, grog_game *g, const char *file)
{
    grog_seat referee;
    grog_error err;
    grog_status st = grog_game_seat(g, NULL, 1, &referee, &err);
    char salt[GROG_SALT_HEX], commitment[GROG_COMMITMENT_HEX];
    if (st == GROG_OK)
        st = grog_game_end(g, &referee, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    int has = grog_game_commitment(g, commitment) &&
              grog_game_salt(g, &referee, salt, NULL) == GROG_OK;
    unsigned long long seed = grog_game_seed(g) & INT64_MAX;
    if (c->json)
        return print_json(c, json_pack("{s:b,s:I,s:s?,s:s?}", "ended", 1, "seed", (json_int_t)seed,
                                       "seed_salt", has ? salt : NULL, "seed_commitment",
                                       has ? commitment : NULL));
    fprintf(c->out, _("%s has ended: every seat now sees its dice seed, %llu.\n"), file, seed);
    if (has)
        fprintf(c->out, _("Salt %s; seed commitment %s.\n'grognard verify %s' checks every roll "
                          "against them.\n"),
                salt, commitment, file);
    else
        fprintf(c->out, "%s\n", _("This game was made without a seed commitment: only "
                                  "'grognard replay' can check it."));
    return CLI_EXIT_OK;
}

static int run_end(cli *c, int argc, char **argv)
{
    end_opts o = {0};
    grog_game *g = NULL;
    int rc = open_one(c, &cli_end_command, argc, argv, &o, &g);
    if (rc != 0)
        return rc == CLI_STOP_OK ? 0 : rc;
    rc = end_game(c, g, argv[argc - 1]);
    grog_game_close(g);
    return rc;
}

static const char *yes_no(int v)
{
    return v ? _("yes") : _("no");
}

static void verify_text(cli *c, const grog_verification *v, const char *commitment,
                        const char *expected, int ended)
{
    if (!v->has_commitment)
        fprintf(c->out, "%s\n", _("This game keeps no seed commitment (made without a salt or "
                                  "by an older grognard)."));
    else {
        fprintf(c->out, _("Seed commitment: %s\n"), commitment);
        fprintf(c->out, _("  SHA-256 of the seed and salt kept matches it: %s\n"),
                yes_no(v->commitment_ok));
        if (expected != NULL)
            fprintf(c->out, _("  it is the commitment given (--commitment): %s\n"),
                    yes_no(v->expected_ok));
    }
    if (v->replay_ok)
        fprintf(c->out,
                ngettext("Replayed %zu row from the seed: every roll grognard made and every "
                         "result is the one recorded.\n",
                         "Replayed %zu rows from the seed: every roll grognard made and every "
                         "result is the one recorded.\n",
                         v->rows),
                v->rows);
    else
        fprintf(c->out, _("Row %lld differs from what the seed gives: %s\n"), v->first_bad,
                v->reason);
    if (!ended)
        fprintf(c->out, "%s\n", _("The game has not ended: its seed is still the referee's."));
    fprintf(c->out, "%s\n", grog_verification_ok(v) ? _("Verified: every die follows from the seed.")
                                                    : _("NOT verified."));
}

static int verify_game(cli *c, grog_game *g, const end_opts *o)
{
    grog_verification v;
    grog_error err;
    grog_status st = grog_game_verify(g, o->commitment, &v, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    char commitment[GROG_COMMITMENT_HEX] = "";
    grog_game_commitment(g, commitment);
    int ended = grog_game_ended(g);
    if (c->json) {
        json_t *j = json_pack("{s:b,s:b,s:s?,s:b,s:b,s:I}", "verified", grog_verification_ok(&v),
                              "ended", ended, "seed_commitment",
                              v.has_commitment ? commitment : NULL, "commitment_ok",
                              v.commitment_ok, "replay_ok", v.replay_ok, "rows",
                              (json_int_t)v.rows);
        json_object_set_new(j, "expected_ok",
                            o->commitment != NULL ? json_boolean(v.expected_ok) : json_null());
        json_object_set_new(j, "first_bad",
                            v.replay_ok ? json_null() : json_integer(v.first_bad));
        json_object_set_new(j, "reason", v.replay_ok ? json_null() : json_string(v.reason));
        print_json(c, j);
    } else
        verify_text(c, &v, commitment, o->commitment, ended);
    return grog_verification_ok(&v) ? CLI_EXIT_OK : CLI_EXIT_INPUT;
}

static int run_verify(cli *c, int argc, char **argv)
{
    end_opts o = {0};
    grog_game *g = NULL;
    int rc = open_one(c, &cli_verify_command, argc, argv, &o, &g);
    if (rc != 0)
        return rc == CLI_STOP_OK ? 0 : rc;
    rc = verify_game(c, g, &o);
    grog_game_close(g);
    return rc;
}

const cli_command cli_end_command = {
    "end", run_end, N_("end a game and show its dice seed to every seat"),
    N_("grognard end GAME [--json]"),
    N_("The referee ends the game: from now on every seat (status, the page, the report)\n"
       "sees the dice seed and the salt of its commitment, and the game takes no more\n"
       "actions (knowing the seed tells every future roll). Then anyone can check the\n"
       "dice with 'grognard verify GAME'. An ended game stays ended.\n"),
    end_options,
    NULL,
};
const cli_command cli_verify_command = {
    "verify", run_verify, N_("check a game's dice against its seed commitment"),
    N_("grognard verify GAME [--commitment HEX] [--json]"),
    N_("Checks that the SHA-256 of 'grognard-seed:SEED:SALT' (the seed and salt the game\n"
       "keeps) is the commitment the game published before its first roll, and replays the\n"
       "journal from the seed: every roll grognard made must follow from it, every result\n"
       "be the one recorded. A mismatch names the first row that differs (exit 1).\n"
       "--commitment HEX: the commitment you noted at the start (status, the page's menu),\n"
       "checked too: a game file whose seed and commitment were both replaced is found.\n"),
    verify_options,
    NULL,
};
