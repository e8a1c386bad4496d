/* cmd_scenario.c — `grognard validate` and `grognard generate`: a scenario file
 * checked, or generated (`grognard show` is cmd_show.c's).
 *
 * FILE may be a path or the name of an embedded scenario ("quatre-bras");
 * without FILE the embedded default is used. Only include/grognard/ is used;
 * the radii come from the rules families' data through
 * grog_map_options_from_rules (map.h). */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grognard/battle.h"
#include "grognard/explain.h"
#include "grognard/jsonout.h"
#include "grognard/map.h"
#include "grognard/scenario.h"
#include "grognard/view.h"

/* `-o FILE` is read as `--output FILE`, so that its messages name --output as
 * they always did. argv is copied, never modified. */
static char **with_long_output(int argc, char **argv)
{
    char **v = malloc(((size_t)argc + 1) * sizeof *v);
    if (v == NULL)
        return NULL;
    for (int i = 0; i < argc; i++)
        v[i] = strcmp(argv[i], "-o") == 0 ? (char *)"--output" : argv[i];
    v[argc] = NULL;
    return v;
}

static const cli_opt validate_options[] = {
    {"json", 'j', CLI_FLAG, NULL,
     N_("one JSON document: file, ok, problems [{file, line, column, path,\n"
        "message, text}], counts {sides, officers, units}"),
     0, 0, NULL},
    CLI_OPT_END,
};

static int run_validate(cli *c, int argc, char **argv)
{
    int first;
    int rc = cli_parse(c, &cli_validate_command, argc, argv, NULL, NULL, &first);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (argc - first > 1)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("expected at most one scenario FILE"));
    const char *src = first < argc ? argv[first] : NULL;
    grog_problems *pr = grog_problems_create();
    if (pr == NULL)
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
    grog_battle *b = NULL;
    grog_error err;
    grog_status st = grog_scenario_read(src, &b, pr, &err);
    if (st != GROG_OK && st != GROG_EFORMAT) {
        grog_problems_destroy(pr);
        return cli_fail_status(c, st, &err);
    }
    const char *name = src != NULL ? src : grog_scenario_default_name();
    if (c->json) {
        json_t *root = json_object();
        json_object_set_new(root, "file", json_string(name));
        json_object_set_new(root, "ok", json_boolean(st == GROG_OK));
        json_t *arr = json_array();
        for (size_t i = 0; i < grog_problems_count(pr); i++) {
            const grog_problem *p = grog_problems_get(pr, i);
            json_array_append_new(arr, json_pack("{s:s,s:i,s:i,s:s,s:s,s:s}", "file", p->file,
                                                 "line", p->line, "column", p->column, "path",
                                                 p->path, "message", p->message, "text",
                                                 p->text));
        }
        json_object_set_new(root, "problems", arr);
        if (b != NULL)
            json_object_set_new(root, "counts",
                                json_pack("{s:I,s:I,s:I}", "sides",
                                          (json_int_t)grog_battle_nsides(b), "officers",
                                          (json_int_t)grog_battle_nofficers(b), "units",
                                          (json_int_t)grog_battle_nunits(b)));
        cli_dump_json(c, root);
    } else if (st == GROG_OK) {
        fprintf(c->out, _("%s: ok (%zu sides, %zu officers, %zu units)\n"), name,
                grog_battle_nsides(b), grog_battle_nofficers(b), grog_battle_nunits(b));
    } else {
        for (size_t i = 0; i < grog_problems_count(pr); i++)
            fprintf(c->out, "%s\n", grog_problems_get(pr, i)->text);
        size_t n = grog_problems_count(pr);
        fprintf(c->out, n == 1 ? _("%s: %zu problem\n") : _("%s: %zu problems\n"), name, n);
    }
    grog_battle_destroy(b);
    grog_problems_destroy(pr);
    return st == GROG_OK ? CLI_EXIT_OK : CLI_EXIT_INPUT;
}

const cli_command cli_validate_command = {
    "validate",
    run_validate,
    N_("check a scenario file and list every problem in it"),
    N_("grognard validate [FILE] [--json]"),
    N_("FILE is a scenario file (docs/scenario-format.md) or the name of a bundled\n"
       "scenario ('grognard scenarios' lists them); without it, the embedded\n"
       "default (bussaco-1810).\n\n"
       "Prints \"FILE: ok\" and exits 0, or prints every problem found as\n"
       "FILE:LINE:COLUMN: path.to.field: message and exits 1.\n"),
    validate_options,
    NULL,
};

enum { OPT_UNITS = 1000, OPT_OFFICERS, OPT_SEED, OPT_OUTPUT = 'o' };

typedef struct gen_opts {
    long units, officers, seed;
    int has_units, has_seed;
    const char *output;
} gen_opts;

static const cli_opt cli_generate_command_options[] = {
    {"units", OPT_UNITS, CLI_INT, N_("N"), N_("2 to 1000000 units in all"), 2, 1000000, NULL},
    {"officers", OPT_OFFICERS, CLI_INT, N_("M"),
     N_("6 to 200000 officers in all (default: one per five units,\n"
        "at least 12)"),
     6, 200000, NULL},
    {"seed", OPT_SEED, CLI_INT, N_("S"),
     N_("the generator's seed (0 to 2^63-1)"),
     0, INT64_MAX, NULL},
    {"output", OPT_OUTPUT, CLI_TEXT, N_("FILE"),
     N_("write the scenario there (default: standard output)"),
     0, 0, NULL},
    {"json", 'j', CLI_FLAG, NULL, N_("with -o, print {file, units, officers, seed}"), 0, 0, NULL},
    CLI_OPT_END,
};

static int on_gen_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    (void)c;
    gen_opts *o = ctx;
    switch (opt->id) {
    case OPT_UNITS: o->has_units = 1; o->units = v->n; return 0;
    case OPT_OFFICERS: o->officers = v->n; return 0;
    case OPT_SEED: o->has_seed = 1; o->seed = v->n; return 0;
    case OPT_OUTPUT: o->output = v->text; return 0;
    }
    return CLI_EXIT_USAGE;
}

static int run_generate(cli *c, int argc, char **argv)
{
    gen_opts o = {0, 0, 0, 0, 0, NULL};
    int first;
    char **v = with_long_output(argc, argv);
    if (v == NULL)
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
    int rc = cli_parse(c, &cli_generate_command, argc, v, on_gen_opt, &o, &first);
    free(v);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (first != argc)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("unexpected operand"));
    if (!o.has_units || !o.has_seed)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--units N and --seed S are required"));
    grog_rng *rng = grog_rng_create((uint64_t)o.seed);
    if (rng == NULL)
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
    grog_generate_options go = {(size_t)o.units, (size_t)o.officers};
    grog_battle *b = NULL;
    grog_error err;
    grog_status st = grog_scenario_generate(&go, rng, &b, &err);
    grog_rng_destroy(rng);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    if (o.output != NULL) {
        st = grog_scenario_save_file(b, o.output, &err);
        if (st == GROG_OK && c->json)
            cli_dump_json(c, json_pack("{s:s,s:I,s:I,s:I}", "file", o.output, "units",
                                   (json_int_t)grog_battle_nunits(b), "officers",
                                   (json_int_t)grog_battle_nofficers(b), "seed",
                                   (json_int_t)o.seed));
        else if (st == GROG_OK)
            fprintf(c->out, _("%s: %zu units, %zu officers (seed %ld)\n"), o.output,
                    grog_battle_nunits(b), grog_battle_nofficers(b), o.seed);
    } else {
        char *text = NULL;
        st = grog_scenario_save_text(b, &text, &err);
        if (st == GROG_OK)
            fprintf(c->out, "%s\n", text);
        free(text);
    }
    grog_battle_destroy(b);
    return st == GROG_OK ? CLI_EXIT_OK : cli_fail_status(c, st, &err);
}

const cli_command cli_generate_command = {
    "generate",
    run_generate,
    N_("write a large synthetic battle (for benchmarks and tests)"),
    N_("grognard generate --units N [--officers M] --seed S [-o FILE] [--json]"),
    N_("Two sides, each with a commander-in-chief and ADCs, corps (in large\n"
       "battles), divisions and brigades, and N units between them laid out on\n"
       "the table; ratings, arms and statuses drawn from the seeded generator.\n"
       "The same seed always writes the same battle.\n"),
    cli_generate_command_options,
    NULL,
};
