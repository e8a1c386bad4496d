/* explain_aigles.c — placeholder until built. */
#include "cli.h"

static int run_explain_aigles_order(cli *c, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(c, CLI_EXIT_INPUT, "%s", _("not built yet"));
}

const cli_command cli_explain_aigles_order = {
    "aigles-order", run_explain_aigles_order, N_("(not built yet)"), N_("grognard aigles-order"), N_(""),
};

static int run_explain_aigles_morale(cli *c, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(c, CLI_EXIT_INPUT, "%s", _("not built yet"));
}

const cli_command cli_explain_aigles_morale = {
    "aigles-morale", run_explain_aigles_morale, N_("(not built yet)"), N_("grognard aigles-morale"), N_(""),
};
