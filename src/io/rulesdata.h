/* rulesdata.h — loading a rules family's data file (internal).
 *
 * A family's tables live in data/rules/<family>.json, embedded in the binary;
 * a house-rules file may replace them. This module finds the text (the file
 * named, else the embedded copy), parses it with jansson, and hands back the
 * root together with the text and a label so that the family's validation
 * can name FILE:LINE:COLUMN (see jsonpos.h). It also offers the typed
 * readers every family's loader needs, each reporting the exact place. */
#ifndef GROG_RULESDATA_H
#define GROG_RULESDATA_H

#include <jansson.h>

#include "grognard/error.h"

typedef struct grog_rulesdata {
    json_t *root;
    char *text;   /* owned */
    char *label;  /* owned: the file path, or "rules/<family>.json (embedded)" */
} grog_rulesdata;

/* path NULL: the embedded "rules/<family>.json". On error nothing is left to
 * free. On success free with grog_rulesdata_free. */
grog_status grog_rulesdata_load(const char *family, const char *path, grog_rulesdata *out,
                                grog_error *err);
/* The same from a text in memory (tests); label names it in messages. */
grog_status grog_rulesdata_parse(const char *text, const char *label, grog_rulesdata *out,
                                 grog_error *err);
void grog_rulesdata_free(grog_rulesdata *d);

/* Typed readers. `path` is the dotted path of obj (for messages); key is
 * looked up in obj. Each fails with FILE:LINE:COLUMN: path.key: message. */
grog_status grog_rulesdata_int(const grog_rulesdata *d, json_t *obj, const char *path,
                               const char *key, long lo, long hi, long *out, grog_error *err);
grog_status grog_rulesdata_number(const grog_rulesdata *d, json_t *obj, const char *path,
                                  const char *key, double lo, double hi, double *out,
                                  grog_error *err);
grog_status grog_rulesdata_bool(const grog_rulesdata *d, json_t *obj, const char *path,
                                const char *key, int *out, grog_error *err);
/* The string is owned by the JSON tree (lives as long as d). */
grog_status grog_rulesdata_string(const grog_rulesdata *d, json_t *obj, const char *path,
                                  const char *key, const char **out, grog_error *err);
/* An object or array member; type is JSON_OBJECT or JSON_ARRAY. */
grog_status grog_rulesdata_child(const grog_rulesdata *d, json_t *obj, const char *path,
                                 const char *key, json_type type, json_t **out,
                                 grog_error *err);
/* Refuses any key of obj not in the NULL-terminated list (typos). */
grog_status grog_rulesdata_known_keys(const grog_rulesdata *d, json_t *obj, const char *path,
                                      const char *const *keys, grog_error *err);

#endif
