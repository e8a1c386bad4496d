/* cmd_demo.c — placeholder for the demo. */
#include "cli.h"

static int run_demo(cli *c, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(c, CLI_EXIT_INPUT, "%s", _("not built yet"));
}

const cli_command cli_demo_command = {
    "demo", run_demo, N_("(not built yet)"), N_("grognard demo"), N_(""),
};
