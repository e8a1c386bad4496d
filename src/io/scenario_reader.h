/* scenario_reader.h — the scenario reader's state and the helpers its files share
 * (internal to src/io): scenario.c (placing the problems, the reader, the
 * sources), scenario_fields.c (scn_report and the typed readers; it calls no other
 * file of the reader) and scenario_sections.c (each section, and the model's check
 * mapped back to JSON paths).
 *
 * Every helper reports what is wrong with scn_report, at a JSON path, and goes on:
 * the reader never stops at the first problem. Problems are placed in the text
 * (line, column) once, at the end (scenario.c). */
#ifndef GROG_SCENARIO_READER_H
#define GROG_SCENARIO_READER_H

#include <jansson.h>
#include <stddef.h>

#include "grognard/scenario.h"
#include "model/model.h"

#define PATH_LEN 256

/* Reads key of obj as a string and parses it with parse (a grog_*_parse function)
 * into dst, reporting the parser's message at the key's path. */
#define RD_ENUM(r, obj, path, key, required, parse, dst)                                     \
    do {                                                                                     \
        char tmp_[GROG_ID_MAX];                                                              \
        if (scn_rd_string(r, obj, path, key, required, tmp_, sizeof tmp_)) {                 \
            grog_error e_;                                                                   \
            char full_[PATH_LEN];                                                            \
            scn_join(full_, path, key);                                                      \
            if (parse(tmp_, dst, &e_) != GROG_OK)                                            \
                scn_report(r, full_, "%s", e_.message);                                      \
        }                                                                                    \
    } while (0)

/* Where the order of an officer or unit came from, to map problems back. */
typedef struct origin {
    long order, pending;       /* index in "orders", or -1 */
    long parent_officer, slot; /* unit: officers[parent_officer].units[slot], or -1 */
} origin;

/* A problem found, not yet placed in the text. */
typedef struct found {
    char path[PATH_LEN];
    char msg[512];
} found;

typedef struct reader {
    const char *text;
    const char *label;
    grog_problems *problems;
    size_t nproblems;
    int oom, stopped;
    grog_battle *b;
    grog_table table;
    /* per officer / unit added (by battle index): where it came from */
    long *side_json, *officer_json, *unit_json; /* index in the JSON arrays */
    origin *officer_origin, *unit_origin;
    found *found;   /* problems in the order found, placed by place_all */
    size_t nfound, capfound;
} reader;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void scn_report(reader *r, const char *path, const char *fmt, ...);

void scn_join(char *out, const char *path, const char *key);

/* out = base[i] */
void scn_indexed(char *out, const char *base, size_t i);

const char *scn_type_name(const json_t *v);

json_t *scn_member(reader *r, json_t *obj, const char *path, const char *key, int required,
                   char *full);

/* 1 when the string v at path is text a scenario may hold (text.h): at most
 * max bytes, UTF-8, no control character (line feeds and tabs allowed when
 * multiline); otherwise the problem is reported and 0 returned. */
int scn_text_ok(reader *r, const char *path, const json_t *v, size_t max, int flags);

int scn_rd_string(reader *r, json_t *obj, const char *path, const char *key, int required,
                  char *dst, size_t size);

int scn_rd_id(reader *r, json_t *obj, const char *path, const char *key, int required,
              char *dst);

int scn_rd_number(reader *r, json_t *obj, const char *path, const char *key, int required,
                  double *dst);

int scn_rd_int(reader *r, json_t *obj, const char *path, const char *key, int required,
               int *dst);

int scn_rd_bool(reader *r, json_t *obj, const char *path, const char *key, int *dst);

/* An object or array member of the given type; NULL when absent or wrong. */
json_t *scn_rd_child(reader *r, json_t *obj, const char *path, const char *key,
                     int required, json_type type, char *full);

void scn_known_keys(reader *r, json_t *obj, const char *path, const char *const *keys);

double scn_to_mm(const reader *r, double v);

int scn_finite_or_report(reader *r, const char *path, const char *key, double v);

/* position {x, y}, facing, base {width, depth} of an officer or unit. */
void scn_rd_placement(reader *r, json_t *obj, const char *path, grog_base *base,
                      int base_required);

void scn_read_root(reader *r, json_t *root);

#endif
