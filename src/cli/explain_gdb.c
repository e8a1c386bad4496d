/* explain_gdb.c — placeholder until built. */
#include "cli.h"

static int run_explain_gdb_order(cli *c, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(c, CLI_EXIT_INPUT, "%s", _("not built yet"));
}

const cli_command cli_explain_gdb_order = {
    "gdb-order", run_explain_gdb_order, N_("(not built yet)"), N_("grognard gdb-order"), N_(""),
};
