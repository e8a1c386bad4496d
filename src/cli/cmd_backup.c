/* cmd_backup.c — `grognard backup GAME COPY`: a complete copy of a game,
 * even while a server or a session has it open (grog_game_backup: SQLite's
 * online backup). The copy is opened once before it is reported, so that
 * what is said of it (its actions) is read from the copy itself. */
#include <jansson.h>
#include <stdlib.h>

#include "cli.h"
#include "grognard/game.h"

static const cli_opt options[] = {
    {"json", 'j', CLI_FLAG, NULL, N_("the copy and its number of actions as one JSON document"), 0,
     0, NULL},
    CLI_OPT_END,
};

static int run_backup(cli *c, int argc, char **argv)
{
    int first;
    int rc = cli_parse(c, &cli_backup_command, argc, argv, NULL, NULL, &first);
    if (rc != 0)
        return rc == CLI_STOP_OK ? 0 : rc;
    if (first != argc - 2)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("expected a game file and the copy's name"));
    const char *game = argv[first], *copy = argv[first + 1];
    grog_error err;
    grog_status st = grog_game_backup(game, copy, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    grog_game *g = NULL;
    if ((st = grog_game_open(copy, &g, &err)) != GROG_OK)
        return cli_fail_status(c, st, &err);
    size_t n = grog_game_action_count(g);
    grog_game_close(g);
    if (c->json) {
        json_t *j = json_pack("{s:s,s:s,s:I}", "game", game, "copy", copy, "actions",
                              (json_int_t)n);
        char *text = json_dumps(j, JSON_INDENT(2));
        json_decref(j);
        if (text == NULL)
            return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
        fprintf(c->out, "%s\n", text);
        free(text);
        return 0;
    }
    fprintf(c->out, ngettext("Copied %s to %s: %zu action, complete.\n",
                             "Copied %s to %s: %zu actions, complete.\n", n),
            game, copy, n);
    return 0;
}

const cli_command cli_backup_command = {
    "backup", run_backup, N_("copy a game, complete, even while it is served"),
    N_("grognard backup GAME COPY [--json]"),
    N_("Writes a complete copy of GAME to COPY (a new file: an existing one is never\n"
       "replaced), even while 'grognard serve' or 'grognard play' has the game open:\n"
       "every action acknowledged when the copy starts is in it (SQLite's online\n"
       "backup). While the game is in use, copying GAME with cp may miss the last actions\n"
       "(they are still in GAME-wal); see docs/game.md, \"What to copy\".\n"),
    options,
    NULL,
};
