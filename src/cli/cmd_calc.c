/* cmd_calc.c — `grognard calc NAME ...`: the rules calculators, for players
 * with real figures and no scenario. Each prints one explanation record. */
#include <string.h>

#include "cli.h"

static const cli_command *const calculators[] = {
    &cli_calc_aigles_order,
    &cli_calc_aigles_zone,
    &cli_calc_aigles_charisma,
    &cli_calc_aigles_formation,
    &cli_calc_gdb_order,
    &cli_calc_gt_pip,
};
#define NCALC (sizeof calculators / sizeof calculators[0])

const cli_command *cli_calc_at(size_t i)
{
    return i < NCALC ? calculators[i] : NULL;
}

static void list(cli *c, FILE *f)
{
    fprintf(f, "%s %s\n\n%s\n", _("Usage:"), _(cli_calc_command.usage), _("Calculators:"));
    for (size_t i = 0; i < NCALC; i++)
        fprintf(f, "  %-18s %s\n", calculators[i]->name, _(calculators[i]->summary));
    fprintf(f, "%s", _(cli_calc_command.help));
    (void)c;
}

int cli_cmd_calc(cli *c, int argc, char **argv)
{
    if (argc < 2) {
        list(c, c->err);
        return CLI_EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        list(c, c->out);
        return CLI_EXIT_OK;
    }
    for (size_t i = 0; i < NCALC; i++) {
        if (strcmp(calculators[i]->name, argv[1]) == 0) {
            snprintf(c->command_buf, sizeof c->command_buf, "calc %s", calculators[i]->name);
            c->command = c->command_buf;
            return calculators[i]->run(c, argc - 1, argv + 1);
        }
    }
    return cli_fail(c, CLI_EXIT_USAGE, _("no calculator '%s'"), argv[1]);
}

const cli_command cli_calc_command = {
    "calc",
    cli_cmd_calc,
    N_("rules calculators: a test's target, modifiers and exact odds"),
    N_("grognard calc NAME [OPTIONS] [--roll VALUE] [--json]"),
    N_("\nEach calculator prints an explanation record: the rules applied, the dice,\n"
       "the target, every modifier with its rule id, the exact odds of each outcome,\n"
       "and with --roll the outcome of a roll made at the table.\n"
       "'grognard help calc NAME' shows a calculator's options.\n"),
    NULL, NULL,
};
