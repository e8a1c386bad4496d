/* cmd_explain.c — `grognard explain [FILE] NAME ...`: a rules test worked out
 * from a scenario (the embedded default when FILE is not given): whether it
 * may be made now, and if so its target, modifiers and exact odds. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const cli_command *const explainers[] = {
    &cli_explain_aigles_order,
    &cli_explain_aigles_morale,
    &cli_explain_gdb_order,
};
#define NEXPLAIN (sizeof explainers / sizeof explainers[0])

const cli_command *cli_explain_at(size_t i)
{
    return i < NEXPLAIN ? explainers[i] : NULL;
}

static const cli_command *find(const char *name)
{
    for (size_t i = 0; i < NEXPLAIN; i++)
        if (strcmp(explainers[i]->name, name) == 0)
            return explainers[i];
    return NULL;
}

static void list(FILE *f)
{
    fprintf(f, "%s %s\n\n%s\n", _("Usage:"), _(cli_explain_command.usage), _("Tests:"));
    for (size_t i = 0; i < NEXPLAIN; i++)
        fprintf(f, "  %-16s %s\n", explainers[i]->name, _(explainers[i]->summary));
    fprintf(f, "%s", _(cli_explain_command.help));
}

/* `explain GAME unit ID [--side S | --referee] [--json]`: the unit card
 * (grog_game_unit_card_json/_text). */
static int unit_card(cli *c, int argc, char **argv)
{
    const char *side = NULL, *id = NULL;
    int referee = 0;
    for (int i = 3; i < argc; i++) {
        if (strcmp(argv[i], "--side") == 0 && i + 1 < argc)
            side = argv[++i];
        else if (strcmp(argv[i], "--referee") == 0)
            referee = 1;
        else if (strcmp(argv[i], "--json") == 0)
            c->json = 1;
        else if (id == NULL && argv[i][0] != '-')
            id = argv[i];
        else
            return cli_fail(c, CLI_EXIT_USAGE, _("explain GAME unit ID [--side S | --referee] "
                                                 "[--json]: unexpected '%s'"),
                            argv[i]);
    }
    if (id == NULL)
        return cli_fail(c, CLI_EXIT_USAGE, _("explain GAME unit ID: which unit?"));
    if (cli_one_seat(c, side, referee) != 0)
        return CLI_EXIT_USAGE;
    snprintf(c->command_buf, sizeof c->command_buf, "explain unit");
    c->command = c->command_buf;
    grog_game *g = NULL;
    grog_error err;
    grog_seat seat;
    char *out = NULL;
    grog_status st = grog_game_open(argv[1], &g, &err);
    if (st == GROG_OK)
        st = grog_game_seat(g, side, referee, &seat, &err);
    if (st == GROG_OK)
        st = c->json ? grog_game_unit_card_json(g, &seat, id, &out, &err)
                     : grog_game_unit_card_text(g, &seat, id, &out, &err);
    grog_game_close(g);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    fprintf(c->out, "%s%s", out, c->json ? "\n" : "");
    free(out);
    return CLI_EXIT_OK;
}

/* argv[0] is "explain"; argv[1] is FILE or NAME. The sub-command receives
 * argv starting at NAME, with FILE (or NULL) passed through the environment
 * of the cli: c->scenario. */
int cli_cmd_explain(cli *c, int argc, char **argv)
{
    if (argc < 2) {
        list(c->err);
        return CLI_EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        list(c->out);
        return CLI_EXIT_OK;
    }
    /* The unit card is a game's: a FILE that is no game is said to be so by
     * opening it ("no such game file", "not a grognard game"), not taken
     * for a test's name. */
    if (argc >= 3 && strcmp(argv[2], "unit") == 0)
        return unit_card(c, argc, argv);
    int at = 1;
    const cli_command *sub = find(argv[1]);
    if (sub == NULL && argc >= 3 && (sub = find(argv[2])) != NULL) {
        c->scenario = argv[1];
        at = 2;
    }
    if (sub == NULL)
        return cli_fail(c, CLI_EXIT_USAGE, _("no test '%s' (and no test after it)"), argv[1]);
    snprintf(c->command_buf, sizeof c->command_buf, "explain %s", sub->name);
    c->command = c->command_buf;
    return sub->run(c, argc - at, argv + at);
}

const cli_command cli_explain_command = {
    "explain",
    cli_cmd_explain,
    N_("work out a rules test from a scenario, with its odds"),
    N_("grognard explain [FILE] NAME [OPTIONS] [--json]"),
    N_("\nFILE is a scenario (JSON) or a bundled scenario's name; without it the embedded\n"
       "default scenario is used. FILE may also be a game file (grognard new): the test\n"
       "is then worked out on the battle as it stands now (positions, formations,\n"
       "states); the game's own bookkeeping (command points spent, attempts) is what\n"
       "'grognard do GAME explain ACTION ...' uses instead.\n"
       "'grognard help explain NAME' shows a test's options.\n"
       "'grognard explain GAME unit ID [--side S | --referee] [--json]': the unit card,\n"
       "everything the rules say about the unit now (formation and its effects, charisma,\n"
       "order and reaction, pending changes), as that seat may see it.\n"),
    NULL, NULL,
};
