/* calc_gt.c — calculators of this rules family (placeholder until built). */
#include "cli.h"

static int run_gt_pip(cli *c, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(c, CLI_EXIT_INPUT, "%s", _("not built yet"));
}

const cli_command cli_calc_gt_pip = {
    "gt-pip", run_gt_pip, N_("(not built yet)"), N_("grognard calc gt-pip"), N_(""),
};
