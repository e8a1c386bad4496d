/* calc_aigles_order.c — calculators of this rules family (placeholder until built). */
#include "cli.h"

static int run_aigles_order(cli *c, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(c, CLI_EXIT_INPUT, "%s", _("not built yet"));
}

const cli_command cli_calc_aigles_order = {
    "aigles-order", run_aigles_order, N_("(not built yet)"), N_("grognard calc aigles-order"), N_(""),
};

static int run_aigles_zone(cli *c, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(c, CLI_EXIT_INPUT, "%s", _("not built yet"));
}

const cli_command cli_calc_aigles_zone = {
    "aigles-zone", run_aigles_zone, N_("(not built yet)"), N_("grognard calc aigles-zone"), N_(""),
};

static int run_aigles_charisma(cli *c, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(c, CLI_EXIT_INPUT, "%s", _("not built yet"));
}

const cli_command cli_calc_aigles_charisma = {
    "aigles-charisma", run_aigles_charisma, N_("(not built yet)"), N_("grognard calc aigles-charisma"), N_(""),
};
