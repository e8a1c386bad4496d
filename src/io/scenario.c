/* scenario.c — reading a scenario file (docs/scenario-format.md) into a
 * battle, reporting every problem found.
 *
 * The reader never stops at the first problem: it reads every section,
 * skipping only what cannot be read (an object without a usable id), builds
 * the battle, then runs the model's full check (grog_battle_check) and maps
 * each of its problems back to the JSON path it came from. Only when no
 * problem was found is the battle handed to the caller; otherwise it is
 * freed, so a bad file changes nothing. Problems are kept with their JSON
 * path until the end, then placed (line and column) by one walk of the text
 * for all of them (jsonpos.h), so a file with many problems costs one scan
 * more, not one per problem; the number reported is capped
 * (GROG_SCENARIO_MAX_PROBLEMS).
 *
 * This file places the problems, and holds the reader (grog_scenario_read_text) and
 * the sources (files, embedded scenarios); the typed readers and scn_report are
 * scenario_fields.c's,
 * the sections and the mapping of the model's check scenario_sections.c's, over one
 * reader (scenario_reader.h). */
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/data.h"
#include "grognard/scenario.h"
#include "grognard/text.h"
#include "i18n.h"
#include "jsonpos.h"
#include "model/model.h"
#include "scenario_internal.h"
#include "scenario_reader.h"

/* The place of a path is that of the path itself, else of its parent, and
 * so on ("officers[3].x", "officers[3]", "officers"); 1:1 when none is in
 * the text. Cuts p to its parent: 0 when it has none. */
static int parent_path(char *p)
{
    char *dot = strrchr(p, '.'), *br = strrchr(p, '[');
    char *cut = dot > br ? dot : br;
    if (cut == NULL)
        return 0;
    *cut = '\0';
    return 1;
}

/* One problem placed by itself: a walk per candidate path. */
static void locate(const reader *r, const char *path, int *line, int *col)
{
    char p[PATH_LEN];
    snprintf(p, sizeof p, "%s", path);
    *line = 1;
    *col = 1;
    do {
        if (grog_jsonpos_find_key(r->text, p, line, col))
            return;
    } while (parent_path(p));
}

/* Every problem's candidate paths, placed in one walk; 0 when out of memory. */
static int place_batch(const reader *r, int *line, int *col)
{
    size_t n = 0, cap = r->nfound * 4 + 1;
    char (*cand)[PATH_LEN] = malloc(cap * sizeof *cand);
    size_t *first = malloc((r->nfound + 1) * sizeof *first);
    const char **paths = NULL;
    int *hit = NULL, *cl = NULL, *cc = NULL, ok = 0;
    if (cand == NULL || first == NULL)
        goto done;
    for (size_t k = 0; k < r->nfound; k++) {
        first[k] = n;
        char p[PATH_LEN];
        snprintf(p, sizeof p, "%s", r->found[k].path);
        do {
            if (n == cap) {
                void *m = realloc(cand, 2 * cap * sizeof *cand);
                if (m == NULL)
                    goto done;
                cand = m;
                cap *= 2;
            }
            memcpy(cand[n++], p, PATH_LEN);
        } while (parent_path(p));
    }
    first[r->nfound] = n;
    paths = malloc(n * sizeof *paths);
    hit = malloc(n * sizeof *hit);
    cl = malloc(n * sizeof *cl);
    cc = malloc(n * sizeof *cc);
    if (paths == NULL || hit == NULL || cl == NULL || cc == NULL)
        goto done;
    for (size_t i = 0; i < n; i++)
        paths[i] = cand[i];
    if (!grog_jsonpos_find_keys(r->text, paths, n, hit, cl, cc))
        goto done;
    for (size_t k = 0; k < r->nfound; k++) {
        line[k] = col[k] = 1;
        for (size_t i = first[k]; i < first[k + 1]; i++)
            if (hit[i]) {
                line[k] = cl[i];
                col[k] = cc[i];
                break;
            }
    }
    ok = 1;
done:
    free(cand);
    free(first);
    free(paths);
    free(hit);
    free(cl);
    free(cc);
    return ok;
}

/* Adds every problem found to the list, with its line and column. */
static void place_all(reader *r)
{
    if (r->nfound == 0)
        return;
    int *line = malloc(r->nfound * sizeof *line), *col = malloc(r->nfound * sizeof *col);
    int batch = line != NULL && col != NULL && place_batch(r, line, col);
    for (size_t k = 0; k < r->nfound && !r->oom; k++) {
        int l, c;
        if (batch) {
            l = line[k];
            c = col[k];
        } else {
            locate(r, r->found[k].path, &l, &c);
        }
        if (!grog_problems_add(r->problems, r->label, l, c, r->found[k].path, r->found[k].msg))
            r->oom = 1;
    }
    free(line);
    free(col);
    free(r->found);
    r->found = NULL;
    r->nfound = r->capfound = 0;
}

static int alloc_maps(reader *r, size_t nsides, size_t nofficers, size_t nunits)
{
    size_t no = nofficers ? nofficers : 1, nu = nunits ? nunits : 1;
    r->side_json = malloc((nsides ? nsides : 1) * sizeof(long));
    r->officer_json = malloc(no * sizeof(long));
    r->unit_json = malloc(nu * sizeof(long));
    r->officer_origin = malloc(no * sizeof(origin));
    r->unit_origin = malloc(nu * sizeof(origin));
    if (!r->side_json || !r->officer_json || !r->unit_json || !r->officer_origin || !r->unit_origin)
        return 0;
    origin none = {-1, -1, -1, -1};
    for (size_t i = 0; i < no; i++)
        r->officer_origin[i] = none;
    for (size_t i = 0; i < nu; i++)
        r->unit_origin[i] = none;
    return 1;
}

static void free_maps(reader *r)
{
    free(r->side_json);
    free(r->officer_json);
    free(r->unit_json);
    free(r->officer_origin);
    free(r->unit_origin);
}

static json_t *array_of(json_t *root, const char *key)
{
    json_t *v = json_object_get(root, key);
    return json_is_array(v) ? v : NULL;
}

static grog_status finish(reader *r, size_t first, grog_error *err)
{
    place_all(r);
    if (r->oom)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    size_t n = grog_problems_count(r->problems) - first;
    if (n == 0)
        return GROG_OK;
    grog_problems_sort(r->problems, first);
    const grog_problem *p = grog_problems_get(r->problems, first);
    if (n == 1)
        return grog_error_set(err, GROG_EFORMAT, "%s", p->text);
    return grog_error_set(err, GROG_EFORMAT,
                          ngettext("%s (and %zu more problem)", "%s (and %zu more problems)",
                                   (unsigned long)(n - 1)),
                          p->text, n - 1);
}

grog_status grog_scenario_read_text(const char *text, const char *label, grog_battle **out,
                                    grog_problems *problems, grog_error *err)
{
    grog_problems *own = NULL;
    if (problems == NULL && (problems = own = grog_problems_create()) == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    if (label == NULL)
        label = "(text)";
    size_t first = grog_problems_count(problems);
    reader r;
    memset(&r, 0, sizeof r);
    r.text = text;
    r.label = label;
    r.problems = problems;
    json_error_t jerr;
    /* A byte-order mark (editors on Windows write one) is not JSON; jansson
     * said "'[' or '{' expected near '<invisible>'". */
    int bom = strncmp(text, "\xEF\xBB\xBF", 3) == 0;
    json_t *root = bom ? NULL : json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
    grog_status st = GROG_OK;
    if (root == NULL) {
        if (!grog_problems_add(problems, label, bom || jerr.line <= 0 ? 1 : jerr.line,
                               bom || jerr.column <= 0 ? 1 : jerr.column, "",
                               bom ? _("the file begins with a byte-order mark (U+FEFF): save it "
                                       "as UTF-8 without one")
                                   : jerr.text))
            r.oom = 1;
    } else if (!json_is_object(root)) {
        scn_report(&r, "", _("expected an object, found %s"), scn_type_name(root));
    } else {
        r.b = grog_battle_create();
        json_t *sd = array_of(root, "sides"), *o = array_of(root, "officers"),
               *u = array_of(root, "units");
        if (r.b == NULL || !alloc_maps(&r, json_array_size(sd), json_array_size(o),
                                       json_array_size(u)) ||
            !grog_battle_reserve(r.b, json_array_size(sd), json_array_size(o),
                                 json_array_size(u)))
            r.oom = 1;
        else
            scn_read_root(&r, root);
    }
    st = finish(&r, first, err);
    if (st == GROG_OK && out != NULL) {
        *out = r.b;
        r.b = NULL;
    }
    grog_battle_destroy(r.b);
    free_maps(&r);
    json_decref(root);
    grog_problems_destroy(own);
    return st;
}

const char *grog_scenario_default_name(void)
{
    return "scenarios/bussaco-1810.json";
}

size_t grog_scenario_embedded_count(void)
{
    size_t n = 0;
    for (size_t i = 0; i < grog_data_count(); i++)
        n += strncmp(grog_data_name(i), "scenarios/", 10) == 0;
    return n;
}

const char *grog_scenario_embedded_name(size_t i)
{
    for (size_t k = 0; k < grog_data_count(); k++) {
        const char *name = grog_data_name(k);
        if (strncmp(name, "scenarios/", 10) == 0 && i-- == 0)
            return name;
    }
    return NULL;
}

/* The embedded text named exactly or by short name; NULL if none. */
static const char *embedded_text(const char *name, char *full, size_t size)
{
    const char *t = grog_data_embedded(name, NULL);
    if (t != NULL) {
        snprintf(full, size, "%s", name);
        return t;
    }
    snprintf(full, size, "scenarios/%s.json", name);
    return grog_data_embedded(full, NULL);
}

static grog_status read_embedded(const char *name, grog_battle **out, grog_problems *problems,
                                 grog_error *err)
{
    char full[256], label[300];
    const char *text = embedded_text(name, full, sizeof full);
    if (text == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no embedded scenario \"%s\""), name);
    snprintf(label, sizeof label, "%s (embedded)", full);
    return grog_scenario_read_text(text, label, out, problems, err);
}

/* The text at source (as grog_scenario_read finds it) and its label for
 * messages; *owned is what the caller frees (NULL for an embedded text). */
static grog_status source_text(const char *source, const char **text, char **owned,
                               char *label, size_t size, grog_error *err)
{
    char full[256];
    *owned = NULL;
    if (source != NULL) {
        grog_error ferr;
        grog_status st = grog_data_read_file(source, owned, NULL, &ferr);
        if (st == GROG_OK) {
            *text = *owned;
            snprintf(label, size, "%s", source);
            return GROG_OK;
        }
        if (st != GROG_ENOTFOUND || embedded_text(source, full, sizeof full) == NULL) {
            if (err != NULL)
                *err = ferr;
            return st;
        }
    }
    const char *name = source != NULL ? source : grog_scenario_default_name();
    *text = embedded_text(name, full, sizeof full);
    if (*text == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no embedded scenario \"%s\""), name);
    snprintf(label, size, "%s (embedded)", full);
    return GROG_OK;
}

grog_status grog_scenario_read(const char *source, grog_battle **out, grog_problems *problems,
                               grog_error *err)
{
    const char *text;
    char *owned, label[300];
    grog_status st = source_text(source, &text, &owned, label, sizeof label, err);
    if (st != GROG_OK)
        return st;
    st = grog_scenario_read_text(text, label, out, problems, err);
    free(owned);
    return st;
}

/* 1 when text is saved followed by nothing but JSON white space: the two
 * read as the same document. */
static int same_document(const char *text, const char *saved)
{
    size_t n = strlen(saved);
    if (strncmp(text, saved, n) != 0)
        return 0;
    return text[n + strspn(text + n, " \t\n\r")] == '\0';
}

grog_status grog_scenario_load_saved(const char *source, grog_battle **out, char **saved,
                                     int *same, grog_error *err)
{
    const char *text;
    char *owned, label[300];
    grog_status st = source_text(source, &text, &owned, label, sizeof label, err);
    if (st != GROG_OK)
        return st;
    grog_battle *b = NULL;
    char *s = NULL;
    st = grog_scenario_read_text(text, label, &b, NULL, err);
    if (st == GROG_OK)
        st = grog_scenario_save_text(b, &s, err);
    if (st == GROG_OK) {
        *same = same_document(text, s);
        *out = b;
        *saved = s;
    } else {
        grog_battle_destroy(b);
    }
    free(owned);
    return st;
}

grog_status grog_scenario_load(const char *source, grog_battle **out, grog_error *err)
{
    return grog_scenario_read(source, out, NULL, err);
}

grog_status grog_scenario_load_file(const char *path, grog_battle **out, grog_error *err)
{
    char *text = NULL;
    grog_status st = grog_data_read_file(path, &text, NULL, err);
    if (st != GROG_OK)
        return st;
    st = grog_scenario_read_text(text, path, out, NULL, err);
    free(text);
    return st;
}

grog_status grog_scenario_load_text(const char *text, const char *label, grog_battle **out,
                                    grog_error *err)
{
    return grog_scenario_read_text(text, label, out, NULL, err);
}

grog_status grog_scenario_load_embedded(const char *name, grog_battle **out, grog_error *err)
{
    return read_embedded(name != NULL ? name : grog_scenario_default_name(), out, NULL, err);
}
