/* cmd_scenarios.c — `grognard scenarios`: the bundled battles, each with its
 * name (what every FILE argument takes), date, place, size and sources. */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"

/* "scenarios/bussaco-1810.json" -> "bussaco-1810". */
static void short_name(const char *full, char *out, size_t size)
{
    const char *s = strrchr(full, '/');
    snprintf(out, size, "%s", s != NULL ? s + 1 : full);
    char *dot = strrchr(out, '.');
    if (dot != NULL)
        *dot = '\0';
}

static json_t *entry_json(const char *name, const grog_battle *b)
{
    const grog_meta *m = grog_battle_meta(b);
    json_t *sides = json_array(), *sources = json_array();
    for (size_t i = 0; i < grog_battle_nsides(b); i++)
        json_array_append_new(sides, json_string(grog_battle_side(b, i)->name));
    for (size_t i = 0; i < m->nsources; i++)
        json_array_append_new(sources, json_string(m->sources[i]));
    return json_pack("{s:s,s:s,s:s,s:s,s:o,s:I,s:I,s:o}", "name", name, "title", m->name,
                     "date", m->date, "place", m->place, "sides", sides, "officers",
                     (json_int_t)grog_battle_nofficers(b), "units",
                     (json_int_t)grog_battle_nunits(b), "sources", sources);
}

static const cli_opt scenarios_options[] = {
    {"json", 'j', CLI_FLAG, NULL,
     N_("one JSON document: {scenarios: [{name, title, date, place, sides,\nofficers, units, "
        "sources}]}"),
     0, 0, NULL},
    CLI_OPT_END,
};

static int run_scenarios(cli *c, int argc, char **argv)
{
    int rc = cli_parse_flags(c, &cli_scenarios_command, argc, argv, NULL, NULL);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    json_t *arr = json_array();
    for (size_t i = 0; i < grog_scenario_embedded_count(); i++) {
        const char *full = grog_scenario_embedded_name(i);
        grog_battle *b = NULL;
        grog_error err;
        grog_status st = grog_scenario_load_embedded(full, &b, &err);
        if (st != GROG_OK) {
            json_decref(arr);
            return cli_fail_status(c, st, &err);
        }
        char name[128];
        short_name(full, name, sizeof name);
        if (c->json) {
            json_array_append_new(arr, entry_json(name, b));
        } else {
            const grog_meta *m = grog_battle_meta(b);
            fprintf(c->out, "%-18s %s\n", name, m->name);
            fprintf(c->out, "%-18s %s, %s\n", "", m->date, m->place);
            size_t ns = grog_battle_nsides(b), no = grog_battle_nofficers(b);
            size_t nu = grog_battle_nunits(b);
            /* each count with its own plural form (« 2 стороны, 16 офицеров »), not the
               figures after the words to avoid them (issue 28, review C Russian 5) */
            fprintf(c->out, "%-18s ", "");
            fprintf(c->out, ngettext("%zu side", "%zu sides", ns), ns);
            fprintf(c->out, ngettext(", %zu officer", ", %zu officers", no), no);
            fprintf(c->out, ngettext(", %zu unit", ", %zu units", nu), nu);
            fprintf(c->out, ngettext("; %zu source\n", "; %zu sources\n", m->nsources), m->nsources);
        }
        grog_battle_destroy(b);
    }
    if (c->json) {
        json_t *root = json_pack("{s:o}", "scenarios", arr);
        char *s = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        if (s != NULL)
            fprintf(c->out, "%s\n", s);
        free(s);
        json_decref(root);
    } else {
        json_decref(arr);
        fprintf(c->out, "%s", _("\nEach name is what FILE takes: grognard show NAME, grognard new GAME "
                                "--scenario NAME.\n"));
    }
    return CLI_EXIT_OK;
}

const cli_command cli_scenarios_command = {
    "scenarios",
    run_scenarios,
    N_("list the bundled battles, with their dates, sizes and sources"),
    N_("grognard scenarios [--json]"),
    N_("Every scenario compiled into the program: its name (what every command's\n"
       "FILE takes), title, date and place, its size, and how many sources it\n"
       "cites (grognard show NAME prints them; docs/scenario-format.md).\n"),
    scenarios_options,
    NULL,
};
