/* calc_aigles_formation.c — calculators of this rules family (placeholder until built). */
#include "cli.h"

static int run_aigles_formation(cli *c, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(c, CLI_EXIT_INPUT, "%s", _("not built yet"));
}

const cli_command cli_calc_aigles_formation = {
    "aigles-formation", run_aigles_formation, N_("(not built yet)"), N_("grognard calc aigles-formation"), N_(""),
};
