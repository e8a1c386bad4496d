/* cmd_roster.c — `grognard import` (a roster CSV to a scenario) and
 * `grognard export` (a game or scenario to a roster CSV, or to scenario JSON).
 *
 * Nothing is written when a roster has a problem: the scenario is made and
 * checked whole in memory first, and only then is the output file opened. */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"
#include "grognard/roster.h"

enum { OPT_NAME = 1000, OPT_SCALE, OPT_UNIT, OPT_TEMPLATE, OPT_CSV, OPT_SEMICOLON,
       OPT_OUTPUT = 'o' };

typedef struct roster_opts {
    const char *output, *name;
    long scale;
    int unit;
    int template_, csv, semicolon;
} roster_opts;

static const char *const scales[] = {"25", "15", NULL};
static const char *const units[] = {"mm", "cm", "in", "pas", NULL};

static const cli_opt import_options[] = {
    {"output", OPT_OUTPUT, CLI_TEXT, N_("FILE"),
     N_("write the scenario (or the template) there (default: standard\noutput)"), 0, 0,
     NULL},
    {"name", OPT_NAME, CLI_TEXT, N_("NAME"),
     N_("the scenario's name (default: the battle row's, else the file\nname)"), 0, 0, NULL},
    {"scale", OPT_SCALE, CLI_CHOICE, N_("25|15"),
     N_("the figure scale (default: the battle row's, else 25)"), 0, 0, scales},
    {"unit", OPT_UNIT, CLI_CHOICE, N_("U"),
     N_("the unit of x, y, width, depth and the table: mm, cm, in or pas\n(default: the "
        "battle row's, else cm)"),
     0, 0, units},
    {"template", OPT_TEMPLATE, CLI_FLAG, NULL,
     N_("print a header line and a small worked example"), 0, 0, NULL},
    {"json", 'j', CLI_FLAG, NULL,
     N_("one JSON document: file, ok, problems [{file, line, column,\ncolumn_name, message, "
        "text}], counts, and the scenario (without -o)"),
     0, 0, NULL},
    CLI_OPT_END,
};

static const cli_opt export_options[] = {
    {"csv", OPT_CSV, CLI_FLAG, NULL, N_("a roster (CSV, comma separated, LF line ends)"), 0, 0,
     NULL},
    {"semicolon", OPT_SEMICOLON, CLI_FLAG, NULL, N_("separate the cells with semicolons"), 0, 0,
     NULL},
    {"output", OPT_OUTPUT, CLI_TEXT, N_("FILE"), N_("write there (default: standard output)"), 0,
     0, NULL},
    {"json", 'j', CLI_FLAG, NULL,
     N_("without --csv, the scenario (a JSON document already); not with\n--csv"),
     0, 0, NULL},
    CLI_OPT_END,
};

static int on_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    (void)c;
    roster_opts *o = ctx;
    switch (opt->id) {
    case OPT_OUTPUT: o->output = v->text; return 0;
    case OPT_NAME: o->name = v->text; return 0;
    case OPT_SCALE: o->scale = v->index == 0 ? 25 : 15; return 0;
    case OPT_UNIT: o->unit = v->index; return 0;
    case OPT_TEMPLATE: o->template_ = 1; return 0;
    case OPT_CSV: o->csv = 1; return 0;
    case OPT_SEMICOLON: o->semicolon = 1; return 0;
    }
    return CLI_EXIT_USAGE;
}

/* text to path, or to standard output when path is NULL or "-". */
static int write_text(cli *c, const char *path, const char *text)
{
    if (path == NULL || strcmp(path, "-") == 0) {
        fputs(text, c->out);
        return CLI_EXIT_OK;
    }
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return cli_fail(c, CLI_EXIT_IO, _("%s: cannot write"), path);
    int bad = fputs(text, f) == EOF;
    bad |= fclose(f) != 0;
    if (bad)
        return cli_fail(c, CLI_EXIT_IO, _("%s: write error"), path);
    return CLI_EXIT_OK;
}

static void print_problems(cli *c, const char *file, const grog_problems *pr)
{
    size_t n = grog_problems_count(pr);
    if (c->json) {
        json_t *arr = json_array();
        for (size_t i = 0; i < n; i++) {
            const grog_problem *p = grog_problems_get(pr, i);
            json_array_append_new(arr, json_pack("{s:s,s:i,s:i,s:s,s:s,s:s}", "file", p->file,
                                                 "line", p->line, "column", p->column, "column_name",
                                                 p->path, "message", p->message, "text",
                                                 p->text));
        }
        json_t *root = json_pack("{s:s,s:b,s:o}", "file", file, "ok", 0, "problems", arr);
        char *s = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        if (s != NULL)
            fprintf(c->out, "%s\n", s);
        free(s);
        json_decref(root);
        return;
    }
    for (size_t i = 0; i < n; i++)
        fprintf(c->err, "%s\n", grog_problems_get(pr, i)->text);
    fprintf(c->err, ngettext("%s: %zu problem, nothing written\n",
                             "%s: %zu problems, nothing written\n", n),
            file, n);
}

static int import_file(cli *c, const char *path, const roster_opts *o)
{
    char *text = NULL;
    size_t len = 0;
    grog_error err;
    grog_status st = grog_data_read_file(path, &text, &len, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    if (len > GROG_ROSTER_MAX) {
        free(text);
        return cli_fail(c, CLI_EXIT_INPUT, _("%s: too large: at most %d bytes"), path,
                        GROG_ROSTER_MAX);
    }
    grog_roster_options ro = grog_roster_options_default();
    ro.name = o->name;
    ro.scale = (int)o->scale;
    ro.unit = o->unit;
    grog_problems *pr = grog_problems_create();
    grog_battle *b = NULL;
    st = pr != NULL ? grog_roster_read(text, len, path, &ro, &b, pr, &err) : GROG_ENOMEM;
    free(text);
    if (st == GROG_EFORMAT) {
        print_problems(c, path, pr);
        grog_problems_destroy(pr);
        return CLI_EXIT_INPUT; /* with --json, the problems are the document */
    }
    grog_problems_destroy(pr);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    char *saved = NULL;
    st = grog_scenario_save_text(b, &saved, &err);
    int rc = st != GROG_OK ? cli_fail_status(c, st, &err) : CLI_EXIT_OK;
    if (rc == CLI_EXIT_OK && o->output == NULL && !c->json) {
        fprintf(c->out, "%s\n", saved);
    } else if (rc == CLI_EXIT_OK && o->output != NULL) {
        size_t n = strlen(saved);
        char *line = malloc(n + 2);
        if (line == NULL) {
            rc = cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
        } else {
            memcpy(line, saved, n);
            memcpy(line + n, "\n", 2);
            rc = write_text(c, o->output, line);
            free(line);
        }
    }
    if (rc == CLI_EXIT_OK && c->json) {
        json_t *root = json_pack("{s:s,s:b,s:[],s:{s:I,s:I,s:I}}", "file", path, "ok", 1,
                                 "problems", "counts", "sides", (json_int_t)grog_battle_nsides(b),
                                 "officers", (json_int_t)grog_battle_nofficers(b), "units",
                                 (json_int_t)grog_battle_nunits(b));
        if (o->output != NULL)
            json_object_set_new(root, "output", json_string(o->output));
        else
            json_object_set_new(root, "scenario", json_loads(saved, 0, NULL));
        char *s = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        if (s != NULL)
            fprintf(c->out, "%s\n", s);
        free(s);
        json_decref(root);
    } else if (rc == CLI_EXIT_OK && o->output != NULL) {
        fprintf(c->err, _("%s: %zu sides, %zu officers, %zu units written to %s\n"), path,
                grog_battle_nsides(b), grog_battle_nofficers(b), grog_battle_nunits(b),
                o->output);
    }
    free(saved);
    grog_battle_destroy(b);
    return rc;
}

static int run_import(cli *c, int argc, char **argv)
{
    roster_opts o = {NULL, NULL, 0, -1, 0, 0, 0};
    int first;
    int rc = cli_parse(c, &cli_import_command, argc, argv, on_opt, &o, &first);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (o.template_) {
        if (first != argc)
            return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--template takes no ROSTER"));
        return write_text(c, o.output, grog_roster_template());
    }
    if (argc - first != 1)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("expected one ROSTER.csv"));
    return import_file(c, argv[first], &o);
}

static int run_export(cli *c, int argc, char **argv)
{
    roster_opts o = {NULL, NULL, 0, -1, 0, 0, 0};
    int first;
    int rc = cli_parse(c, &cli_export_command, argc, argv, on_opt, &o, &first);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (argc - first != 1)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("expected one GAME or SCENARIO"));
    if (o.semicolon && !o.csv)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--semicolon goes with --csv"));
    if (o.csv && c->json)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--csv and --json cannot be used together"));
    grog_battle *b = NULL;
    grog_error err;
    grog_status st = cli_load_battle(argv[first], &b, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    char *text = NULL;
    st = o.csv ? grog_roster_write(b, o.semicolon ? ';' : ',', &text, &err)
               : grog_scenario_save_text(b, &text, &err);
    grog_battle_destroy(b);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    if (!o.csv) { /* the scenario text ends without a line feed */
        size_t n = strlen(text);
        char *t = realloc(text, n + 2);
        if (t == NULL) {
            free(text);
            return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
        }
        memcpy(t + n, "\n", 2);
        text = t;
    }
    rc = write_text(c, o.output, text);
    free(text);
    return rc;
}

const cli_command cli_import_command = {
    "import",
    run_import,
    N_("read an order of battle from a spreadsheet (CSV) as a scenario"),
    N_("grognard import ROSTER.csv [-o SCENARIO.json] [--name NAME] [--scale 25|15]\n"
       "                [--unit mm|cm|in|pas] [--json]\n"
       "       grognard import --template [-o ROSTER.csv]"),
    N_("ROSTER.csv has one row per side, officer and unit (and optional battle\n"
       "rows: the battle's name, table size and sources), under a header line\n"
       "naming the columns, in any order: kind, id, name, side, parent, role,\n"
       "nation, arm, status, manoeuvre, figures, companies, formation, charisma,\n"
       "command, gdb_skill, gt_quality, x, y, facing, order, source, and more\n"
       "(docs/scenario-format.md, \"Rosters\"). Commas or semicolons separate the\n"
       "cells; quoting, a byte-order mark and CRLF line ends are read. Empty cells\n"
       "take their defaults; pieces without x and y are laid out in lines, each\n"
       "side on its half of the table.\n\n"
       "Every problem is listed as ROSTER.csv:LINE:COLUMN: header: message (exit\n"
       "1), and then nothing is written. Otherwise the scenario goes to -o FILE or\n"
       "standard output; `grognard validate` accepts it.\n"),
    import_options,
    NULL,
};

const cli_command cli_export_command = {
    "export",
    run_export,
    N_("write a game's or scenario's battle as a roster (CSV) or a scenario"),
    N_("grognard export GAME|SCENARIO [--csv [--semicolon]] [-o FILE]"),
    N_("The battle as it stands: for a game, its positions, losses and states now\n"
       "(what every side may see: no hidden orders). With --csv, a roster with\n"
       "every column that `grognard import` reads, so that a club keeps its\n"
       "armies in a spreadsheet between games; importing it gives the same\n"
       "battle. Without --csv, the battle as a scenario file (JSON).\n"),
    export_options,
    NULL,
};
