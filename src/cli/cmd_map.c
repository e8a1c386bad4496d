/* cmd_map.c — placeholder until built. */
#include "cli.h"

static int run_map_command(cli *c, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(c, CLI_EXIT_INPUT, "%s", _("not built yet"));
}

const cli_command cli_map_command = {
    "map", run_map_command, N_("(not built yet)"), N_("grognard map"), N_(""),
};
