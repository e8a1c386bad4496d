/* cmd_report.c — `grognard report`: the battle report as one seat sees it
 * (report.h), as text, JSON, or a page of its own (-o FILE.html). */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"

typedef struct report_opts {
    const char *side, *output;
    int referee, paper;
} report_opts;

enum { OPT_SIDE = 1000, OPT_REFEREE, OPT_PAPER };

static const char *const papers[] = {"a4", "letter", NULL};

static int on_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    report_opts *o = ctx;
    (void)c;
    switch (opt->id) {
    case OPT_SIDE: o->side = v->text; return 0;
    case OPT_REFEREE: o->referee = 1; return 0;
    case OPT_PAPER: o->paper = v->index; return 0;
    case 'o': o->output = v->text; return 0;
    }
    return CLI_EXIT_USAGE;
}

static const cli_opt report_options[] = {
    {"side", OPT_SIDE, CLI_TEXT, N_("S"), N_("as side S: its pieces, its hidden information"), 0,
     0, NULL},
    {"referee", OPT_REFEREE, CLI_FLAG, NULL, N_("as the referee: everything"), 0, 0, NULL},
    {"output", 'o', CLI_TEXT, N_("FILE.html|FILE.pdf"),
     N_("write a page of its own (HTML) or a PDF, with the charts"), 0, 0, NULL},
    {"paper", OPT_PAPER, CLI_CHOICE, N_("SIZE"), N_("the PDF's paper: a4 (the default) or letter"),
     0, 0, papers},
    {"json", 'j', CLI_FLAG, NULL, N_("one JSON document (docs/json.md)"), 0, 0, NULL},
    CLI_OPT_END,
};

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n > m && strcmp(s + n - m, tail) == 0;
}

static int written(cli *c, const char *path)
{
    if (c->json)
        cli_dump_json(c, json_pack("{s:s}", "written", path));
    else
        fprintf(c->out, _("Wrote %s.\n"), path);
    return CLI_EXIT_OK;
}

static int write_file(cli *c, const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return cli_fail(c, CLI_EXIT_IO, _("cannot write %s"), path);
    int ok = fputs(text, f) >= 0;
    ok &= fclose(f) == 0;
    if (!ok)
        return cli_fail(c, CLI_EXIT_IO, _("cannot write %s"), path);
    return written(c, path);
}

static int report_of(cli *c, grog_game *g, const report_opts *o)
{
    grog_seat seat;
    grog_error err;
    grog_status st = grog_game_seat(g, o->side, o->referee, &seat, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    if (o->output != NULL && ends_with(o->output, ".pdf")) {
        st = grog_report_pdf(g, &seat, (grog_paper)o->paper, o->output, &err);
        if (st != GROG_OK)
            return cli_fail_status(c, st, &err);
        return written(c, o->output);
    }
    char *text = NULL;
    if (o->output != NULL)
        st = grog_report_html(g, &seat, &text, &err);
    else
        st = c->json ? grog_report_json(g, &seat, &text, &err)
                     : grog_report_text(g, &seat, &text, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    int rc = CLI_EXIT_OK;
    if (o->output != NULL)
        rc = write_file(c, o->output, text);
    else
        fprintf(c->out, "%s%s", text, c->json ? "\n" : "");
    free(text);
    return rc;
}

static int run_report(cli *c, int argc, char **argv)
{
    report_opts o = {0};
    int first;
    int rc = cli_parse(c, &cli_report_command, argc, argv, on_opt, &o, &first);
    if (rc != 0)
        return rc == CLI_STOP_OK ? 0 : rc;
    if (first != argc - 1)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("expected one game file"));
    if ((rc = cli_one_seat(c, o.side, o.referee)) != 0)
        return rc;
    if (o.output != NULL && !ends_with(o.output, ".html") && !ends_with(o.output, ".pdf"))
        return cli_fail(c, CLI_EXIT_USAGE, _("-o %s: the report is written as FILE.html or FILE.pdf"),
                        o.output);
    grog_game *g;
    grog_error err;
    grog_status st = grog_game_open(argv[first], &g, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    rc = report_of(c, g, &o);
    grog_game_close(g);
    return rc;
}

const cli_command cli_report_command = {
    "report", run_report, N_("the battle report: tests, losses, orders, and the luck"),
    N_("grognard report GAME [--side S | --referee] [-o FILE.html|FILE.pdf] [--paper a4|letter]\n"
       "                [--json]"),
    N_("Per turn and per side: the orders tried, obeyed, delayed and failed, the formation\n"
       "changes, the PIPs, the casualties, the units fled, routed and broken, the officers\n"
       "lost, captured and replaced; the orders in force at the end; and the luck line of\n"
       "each side: the tests the dice decided, the successes expected (the sum of their\n"
       "probabilities) and observed, and the exact chance of doing as well or better,\n"
       "grognard's dice and rolls entered at the table counted apart (docs/report.md).\n"
       "Without --side, the public's report; --side S adds what only S may see; --referee,\n"
       "everything. -o FILE.html writes a page with the charts (SVG), -o FILE.pdf the same\n"
       "tables and charts as a PDF to print.\n"),
    report_options,
    NULL,
};
