/* scenario.h — scenario files (JSON): loading with every problem reported,
 * saving, the bundled scenarios, and a generator of large synthetic battles.
 *
 * A scenario is one battle (battle.h) in a JSON file documented in
 * docs/scenario-format.md. Loading refuses a bad file with every problem
 * found, each as "FILE:LINE:COLUMN: path.to.field: message"; a refused file
 * changes nothing and leaves *out untouched. The bundled scenarios are
 * embedded in the binary under "scenarios/<name>.json" (data.h).
 *
 * Ownership: loaders give the caller a new battle to free with
 * grog_battle_destroy; grog_problems_create returns a list freed with
 * grog_problems_destroy (accepts NULL); strings returned by the problems
 * accessors live as long as the list; text saved through `char **` is
 * malloc'd and freed by the caller with free(). */
#ifndef GROGNARD_SCENARIO_H
#define GROGNARD_SCENARIO_H

#include <stddef.h>

#include "grognard/battle.h"
#include "grognard/error.h"
#include "grognard/jsonout.h"
#include "grognard/rng.h"

/* A list of problems found in a file. */
typedef struct grog_problems grog_problems;

typedef struct grog_problem {
    const char *file;    /* the label: a path, or "scenarios/x.json (embedded)" */
    int line, column;    /* 1-based; 1:1 when the place is unknown */
    const char *path;    /* "officers[3].ratings.aigles.charisma"; "" is the root */
    const char *message; /* for people, translated */
    const char *text;    /* the whole "FILE:LINE:COLUMN: path: message" */
} grog_problem;

grog_problems *grog_problems_create(void);
void grog_problems_destroy(grog_problems *p);
size_t grog_problems_count(const grog_problems *p);
/* The i-th problem in file order (by line, then column); NULL if out of range. */
const grog_problem *grog_problems_get(const grog_problems *p, size_t i);
void grog_problems_clear(grog_problems *p);

/* The embedded name of the default scenario ("scenarios/....json"). */
const char *grog_scenario_default_name(void);
/* How many scenarios are embedded, and the embedded name of the i-th. */
size_t grog_scenario_embedded_count(void);
const char *grog_scenario_embedded_name(size_t i);

/* The general reader. source: NULL for the embedded default; else a file
 * path; if no such file exists, an embedded scenario named exactly, or by
 * its short name ("quatre-bras" for "scenarios/quatre-bras.json").
 * out may be NULL (validate only); problems may be NULL. On failure err
 * holds the first problem followed by "(and N more problems)" and every
 * problem is appended to problems. Status: GROG_EFORMAT for an invalid
 * file, GROG_ENOTFOUND / GROG_EIO when it cannot be read, GROG_ENOMEM. */
grog_status grog_scenario_read(const char *source, grog_battle **out,
                               grog_problems *problems, grog_error *err);
/* The same from a text in memory; label names it in messages. */
grog_status grog_scenario_read_text(const char *text, const char *label, grog_battle **out,
                                    grog_problems *problems, grog_error *err);

/* Short forms without a problem list. */
grog_status grog_scenario_load(const char *source, grog_battle **out, grog_error *err);
grog_status grog_scenario_load_file(const char *path, grog_battle **out, grog_error *err);
grog_status grog_scenario_load_text(const char *text, const char *label, grog_battle **out,
                                    grog_error *err);
/* name: an embedded name or short name; NULL for the default. */
grog_status grog_scenario_load_embedded(const char *name, grog_battle **out,
                                        grog_error *err);

/* The battle at source (found as by grog_scenario_read) and its text as
 * saved (grog_scenario_save_text), the text a game keeps. *same is 1 when
 * the source's text is already that text (a file grognard wrote, such as
 * `generate`'s, give or take white space at its end): reading *saved back
 * then gives exactly *out, without reading it. Otherwise (the saved text
 * writes reals to 15 digits and may leave out or reorder what the source
 * had) only reading *saved gives the battle a game kept in it replays. */
grog_status grog_scenario_load_saved(const char *source, grog_battle **out, char **saved,
                                     int *same, grog_error *err);

/* An officer's ratings as the scenario format writes them: the member
 * "ratings": {"aigles": {charisma, command}, "gdb": {skill}, "gt": {quality}}
 * of the object w is writing (the saved scenario and `show --json` alike). */
void grog_scenario_write_ratings(grog_jsonout *w, const grog_ratings *r);

/* Saving: the battle as a scenario file (lengths in the table's file unit).
 * Loading the result gives an equal battle (grog_battle_equal). The battle
 * should be sound (grog_battle_check); saving does not check it. */
grog_status grog_scenario_save_text(const grog_battle *b, char **text, grog_error *err);
grog_status grog_scenario_save_file(const grog_battle *b, const char *path, grog_error *err);

/* A synthetic battle for benchmarks and tests: two sides, each with a
 * commander-in-chief, corps, divisions and brigades, ADCs, and units spread
 * over the table; deterministic for the rng's seed. units 2..1000000;
 * officers 0 means one per five units (at least 12); otherwise 6..200000,
 * so that each side has at least a C-in-C, an ADC and a brigade. */
typedef struct grog_generate_options {
    size_t units;
    size_t officers;
} grog_generate_options;

grog_status grog_scenario_generate(const grog_generate_options *opts, grog_rng *rng,
                                   grog_battle **out, grog_error *err);

#endif
