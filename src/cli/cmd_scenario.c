/* cmd_scenario.c — placeholder until built. */
#include "cli.h"

static int run_validate_command(cli *c, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(c, CLI_EXIT_INPUT, "%s", _("not built yet"));
}

const cli_command cli_validate_command = {
    "validate", run_validate_command, N_("(not built yet)"), N_("grognard validate"), N_(""),
};

static int run_show_command(cli *c, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(c, CLI_EXIT_INPUT, "%s", _("not built yet"));
}

const cli_command cli_show_command = {
    "show", run_show_command, N_("(not built yet)"), N_("grognard show"), N_(""),
};

static int run_generate_command(cli *c, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(c, CLI_EXIT_INPUT, "%s", _("not built yet"));
}

const cli_command cli_generate_command = {
    "generate", run_generate_command, N_("(not built yet)"), N_("grognard generate"), N_(""),
};
