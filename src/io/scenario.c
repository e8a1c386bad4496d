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
 * (GROG_SCENARIO_MAX_PROBLEMS). */
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

#define PATH_LEN 256

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

/* ---- problems ---- */

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

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void report(reader *r, const char *path, const char *fmt, ...)
{
    r->nproblems++;
    if (r->stopped)
        return;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (r->nproblems > GROG_SCENARIO_MAX_PROBLEMS) {
        r->stopped = 1;
        snprintf(msg, sizeof msg, _("too many problems: stopped after %d"),
                 GROG_SCENARIO_MAX_PROBLEMS);
        path = "";
    }
    if (r->nfound == r->capfound) {
        size_t cap = r->capfound ? 2 * r->capfound : 16;
        found *m = realloc(r->found, cap * sizeof *m);
        if (m == NULL) {
            r->oom = 1;
            return;
        }
        r->found = m;
        r->capfound = cap;
    }
    found *f = &r->found[r->nfound++];
    snprintf(f->path, sizeof f->path, "%s", path);
    snprintf(f->msg, sizeof f->msg, "%s", msg);
}

/* out = a + sep + b, truncated to PATH_LEN (written by hand: the paths
 * are short, and snprintf would warn about truncation). */
static void pathcat(char *out, const char *a, const char *sep, const char *b)
{
    size_t n = 0;
    const char *parts[3] = {a, sep, b};
    for (int k = 0; k < 3; k++)
        for (const char *c = parts[k]; *c && n + 1 < PATH_LEN; c++)
            out[n++] = *c;
    out[n] = '\0';
}

static void join(char *out, const char *path, const char *key)
{
    pathcat(out, path, path[0] ? "." : "", key);
}

/* out = base[i] */
static void indexed(char *out, const char *base, size_t i)
{
    char num[32];
    snprintf(num, sizeof num, "[%zu]", i);
    pathcat(out, base, "", num);
}

/* ---- typed readers: each returns 1 when a value was read into *out, 0
 * when absent (a problem if required) or wrong (always a problem) ---- */

static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    case JSON_NULL: return "null";
    }
    return "?";
}

static json_t *member(reader *r, json_t *obj, const char *path, const char *key, int required,
                      char *full)
{
    join(full, path, key);
    json_t *v = json_object_get(obj, key);
    if (v == NULL && required)
        report(r, full, _("missing (required)"));
    return v;
}

/* 1 when the string v at path is text a scenario may hold (text.h): at most
 * max bytes, UTF-8, no control character (line feeds and tabs allowed when
 * multiline); otherwise the problem is reported and 0 returned. */
static int text_ok(reader *r, const char *path, const json_t *v, size_t max, int flags)
{
    grog_error e;
    if (grog_text_check(json_string_value(v), json_string_length(v), max, flags, NULL, &e) !=
        GROG_OK) {
        report(r, path, "%s", e.message);
        return 0;
    }
    return 1;
}

static int rd_string(reader *r, json_t *obj, const char *path, const char *key, int required,
                     char *dst, size_t size)
{
    char full[PATH_LEN];
    json_t *v = member(r, obj, path, key, required, full);
    if (v == NULL)
        return 0;
    if (!json_is_string(v)) {
        report(r, full, _("expected a string, found %s"), type_name(v));
        return 0;
    }
    if (json_string_length(v) >= size) {
        report(r, full, _("too long: at most %zu bytes"), size - 1);
        return 0;
    }
    if (strlen(json_string_value(v)) != json_string_length(v)) {
        report(r, full, "%s", _("a string may not hold a NUL character"));
        return 0;
    }
    if (!text_ok(r, full, v, size - 1, GROG_TEXT_LINE))
        return 0;
    grog_model_copy(dst, size, json_string_value(v));
    return 1;
}

static int rd_id(reader *r, json_t *obj, const char *path, const char *key, int required,
                 char *dst)
{
    char tmp[GROG_ID_MAX + 1];
    if (!rd_string(r, obj, path, key, required, tmp, sizeof tmp))
        return 0;
    if (tmp[0] == '\0' && !required) {
        dst[0] = '\0';
        return 1;
    }
    if (!grog_model_id_valid(tmp)) {
        char full[PATH_LEN];
        join(full, path, key);
        report(r, full, _("invalid id \"%s\": 1 to %d characters of A-Z a-z 0-9 _ . -"), tmp,
               GROG_ID_MAX - 1);
        return 0;
    }
    grog_model_copy(dst, GROG_ID_MAX, tmp);
    return 1;
}

static int rd_number(reader *r, json_t *obj, const char *path, const char *key, int required,
                     double *dst)
{
    char full[PATH_LEN];
    json_t *v = member(r, obj, path, key, required, full);
    if (v == NULL)
        return 0;
    if (!json_is_number(v)) {
        report(r, full, _("expected a number, found %s"), type_name(v));
        return 0;
    }
    *dst = json_number_value(v);
    return 1;
}

static int rd_int(reader *r, json_t *obj, const char *path, const char *key, int required,
                  int *dst)
{
    char full[PATH_LEN];
    json_t *v = member(r, obj, path, key, required, full);
    if (v == NULL)
        return 0;
    if (!json_is_integer(v)) {
        report(r, full, _("expected an integer, found %s"), type_name(v));
        return 0;
    }
    json_int_t x = json_integer_value(v);
    if (x < -1000000000 || x > 1000000000) {
        report(r, full, _("%lld is too large"), (long long)x);
        return 0;
    }
    *dst = (int)x;
    return 1;
}

static int rd_bool(reader *r, json_t *obj, const char *path, const char *key, int *dst)
{
    char full[PATH_LEN];
    json_t *v = member(r, obj, path, key, 0, full);
    if (v == NULL)
        return 0;
    if (!json_is_boolean(v)) {
        report(r, full, _("expected true or false, found %s"), type_name(v));
        return 0;
    }
    *dst = json_is_true(v);
    return 1;
}

/* An object or array member of the given type; NULL when absent or wrong. */
static json_t *rd_child(reader *r, json_t *obj, const char *path, const char *key,
                        int required, json_type type, char *full)
{
    json_t *v = member(r, obj, path, key, required, full);
    if (v == NULL)
        return NULL;
    if (json_typeof(v) != type) {
        report(r, full, _("expected %s, found %s"),
               type == JSON_OBJECT ? _("an object") : _("an array"), type_name(v));
        return NULL;
    }
    return v;
}

#define RD_ENUM(r, obj, path, key, required, parse, dst)                                     \
    do {                                                                                     \
        char tmp_[GROG_ID_MAX];                                                              \
        if (rd_string(r, obj, path, key, required, tmp_, sizeof tmp_)) {                     \
            grog_error e_;                                                                   \
            char full_[PATH_LEN];                                                            \
            join(full_, path, key);                                                          \
            if (parse(tmp_, dst, &e_) != GROG_OK)                                            \
                report(r, full_, "%s", e_.message);                                          \
        }                                                                                    \
    } while (0)

static void known_keys(reader *r, json_t *obj, const char *path, const char *const *keys)
{
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        int ok = 0;
        for (size_t i = 0; keys[i] != NULL && !ok; i++)
            ok = strcmp(keys[i], key) == 0;
        if (!ok) {
            char full[PATH_LEN];
            join(full, path, key);
            char list[512];
            size_t len = 0;
            list[0] = '\0';
            for (size_t i = 0; keys[i] != NULL && len < sizeof list; i++)
                len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "",
                                        keys[i]);
            report(r, full, _("unknown key \"%s\" (expected one of: %s)"), key, list);
        }
    }
}

/* ---- lengths ---- */

static double to_mm(const reader *r, double v)
{
    return grog_length_to_mm(v, r->table.file_unit, &r->table.scale);
}

static int finite_or_report(reader *r, const char *path, const char *key, double v)
{
    if (isfinite(v) && fabs(v) < 1e9)
        return 1;
    char full[PATH_LEN];
    join(full, path, key);
    report(r, full, "%s", _("out of range"));
    return 0;
}

/* position {x, y}, facing, base {width, depth} of an officer or unit. */
static void rd_placement(reader *r, json_t *obj, const char *path, grog_base *base,
                         int base_required)
{
    static const char *const pos_keys[] = {"x", "y", NULL};
    static const char *const base_keys[] = {"width", "depth", NULL};
    char full[PATH_LEN];
    json_t *pos = rd_child(r, obj, path, "position", 1, JSON_OBJECT, full);
    if (pos != NULL) {
        known_keys(r, pos, full, pos_keys);
        double x = 0, y = 0;
        if (rd_number(r, pos, full, "x", 1, &x) && finite_or_report(r, full, "x", x))
            base->centre.x = to_mm(r, x);
        if (rd_number(r, pos, full, "y", 1, &y) && finite_or_report(r, full, "y", y))
            base->centre.y = to_mm(r, y);
    }
    double facing = 0;
    if (rd_number(r, obj, path, "facing", 0, &facing) &&
        finite_or_report(r, path, "facing", facing))
        base->facing = grog_facing_normalise(facing);
    json_t *bs = rd_child(r, obj, path, "base", base_required, JSON_OBJECT, full);
    if (bs != NULL) {
        known_keys(r, bs, full, base_keys);
        double w = 0, d = 0;
        if (rd_number(r, bs, full, "width", 1, &w) && finite_or_report(r, full, "width", w))
            base->width = to_mm(r, w);
        if (rd_number(r, bs, full, "depth", 1, &d) && finite_or_report(r, full, "depth", d))
            base->depth = to_mm(r, d);
    }
}

/* ---- sections ---- */

static void rd_meta(reader *r, json_t *root)
{
    static const char *const keys[] = {"name", "date", "place", "description",
                                       "rating_notes", "sources", NULL};
    char full[PATH_LEN];
    json_t *m = rd_child(r, root, "", "meta", 1, JSON_OBJECT, full);
    if (m == NULL)
        return;
    known_keys(r, m, "meta", keys);
    const char *names[] = {"name", "date", "place", "description", "rating_notes"};
    /* name, date and place: one line each; the two notes may hold paragraphs. */
    static const size_t max[] = {GROG_NAME_MAX - 1, GROG_NAME_MAX - 1, GROG_NAME_MAX - 1,
                                 GROG_DESCRIPTION_MAX, GROG_DESCRIPTION_MAX};
    const char *vals[5] = {"", "", "", "", ""};
    for (int i = 0; i < 5; i++) {
        json_t *v = member(r, m, "meta", names[i], i == 0, full);
        if (v != NULL && !json_is_string(v))
            report(r, full, _("expected a string, found %s"), type_name(v));
        else if (v != NULL && text_ok(r, full, v, max[i], i >= 3 ? GROG_TEXT_MULTILINE : 0))
            vals[i] = json_string_value(v);
    }
    json_t *src = rd_child(r, m, "meta", "sources", 0, JSON_ARRAY, full);
    size_t n = src != NULL ? json_array_size(src) : 0;
    if (n > GROG_SOURCES_MAX) {
        report(r, full, _("too many sources: %zu, at most %d"), n, GROG_SOURCES_MAX);
        n = GROG_SOURCES_MAX;
    }
    const char **sources = n ? calloc(n, sizeof *sources) : NULL;
    if (n && sources == NULL) {
        r->oom = 1;
        return;
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        json_t *s = json_array_get(src, i);
        char p[PATH_LEN];
        snprintf(p, sizeof p, "meta.sources[%zu]", i);
        if (!json_is_string(s)) {
            report(r, p, _("expected a string, found %s"), type_name(s));
            continue;
        }
        if (text_ok(r, p, s, GROG_SOURCE_MAX, GROG_TEXT_LINE))
            sources[k++] = json_string_value(s);
    }
    grog_meta meta = {vals[0], vals[1], vals[2], vals[3], vals[4], k, sources};
    if (grog_battle_set_meta(r->b, &meta, NULL) != GROG_OK)
        r->oom = 1;
    free(sources);
}

static void rd_table(reader *r, json_t *root)
{
    static const char *const keys[] = {"figure_scale", "mm_per_pas", "width", "depth", "unit",
                                       "margin", NULL};
    char full[PATH_LEN];
    r->table = *grog_battle_table(r->b);
    json_t *t = rd_child(r, root, "", "table", 1, JSON_OBJECT, full);
    if (t == NULL)
        return;
    known_keys(r, t, "table", keys);
    int fig = 25;
    if (rd_int(r, t, "table", "figure_scale", 1, &fig)) {
        if (fig != 25 && fig != 15)
            report(r, "table.figure_scale", _("%d: the figure scale is 25 or 15 (mm)"), fig);
        else
            r->table.scale.figure_mm = fig;
    }
    double pas = 1;
    if (rd_number(r, t, "table", "mm_per_pas", 0, &pas)) {
        if (!(pas > 0) || !(pas < 1000))
            report(r, "table.mm_per_pas", "%s", _("must be greater than 0 (and under 1000)"));
        else
            r->table.scale.mm_per_pas = pas;
    }
    char unit[16];
    if (rd_string(r, t, "table", "unit", 1, unit, sizeof unit)) {
        grog_unit u;
        if (strcmp(unit, "mm") && strcmp(unit, "cm") && strcmp(unit, "in") &&
            strcmp(unit, "pas"))
            report(r, "table.unit", _("unknown unit \"%s\" (expected one of: mm, cm, in, pas)"),
                   unit);
        else if (grog_unit_parse(unit, &u, NULL) == GROG_OK)
            r->table.file_unit = u;
    }
    double w = 0, d = 0;
    if (rd_number(r, t, "table", "width", 1, &w)) {
        if (!(w > 0) || !(w < 1e9))
            report(r, "table.width", "%s", _("must be greater than 0 (and under 1000000000)"));
        else
            r->table.width_mm = to_mm(r, w);
    }
    if (rd_number(r, t, "table", "depth", 1, &d)) {
        if (!(d > 0) || !(d < 1e9))
            report(r, "table.depth", "%s", _("must be greater than 0 (and under 1000000000)"));
        else
            r->table.depth_mm = to_mm(r, d);
    }
    double margin = 0;
    if (rd_number(r, t, "table", "margin", 0, &margin)) {
        if (!(margin >= 0) || !(margin < 1e9))
            report(r, "table.margin", "%s", _("must be 0 or more (and under 1000000000)"));
        else
            r->table.margin_mm = to_mm(r, margin);
    }
    if (grog_battle_set_table(r->b, &r->table, NULL) != GROG_OK)
        r->table = *grog_battle_table(r->b);
}

static void add_failed(reader *r, const char *path, grog_status st, const grog_error *e)
{
    if (st == GROG_ENOMEM) {
        r->oom = 1;
        return;
    }
    char full[PATH_LEN];
    join(full, path, "id");
    report(r, full, "%s", e->message);
}

static void rd_sides(reader *r, json_t *root)
{
    static const char *const keys[] = {"id", "name", "nation", "colour", NULL};
    char full[PATH_LEN];
    json_t *arr = rd_child(r, root, "", "sides", 1, JSON_ARRAY, full);
    size_t i;
    json_t *s;
    if (arr == NULL)
        return;
    json_array_foreach(arr, i, s) {
        char path[PATH_LEN];
        snprintf(path, sizeof path, "sides[%zu]", i);
        if (!json_is_object(s)) {
            report(r, path, _("expected an object, found %s"), type_name(s));
            continue;
        }
        known_keys(r, s, path, keys);
        grog_side side;
        memset(&side, 0, sizeof side);
        side.nation = GROG_NATION_OTHER;
        int ok = rd_id(r, s, path, "id", 1, side.id);
        rd_string(r, s, path, "name", 1, side.name, sizeof side.name);
        RD_ENUM(r, s, path, "nation", 1, grog_nation_parse, &side.nation);
        if (rd_string(r, s, path, "colour", 0, side.colour, sizeof side.colour)) {
            size_t n = strlen(side.colour);
            int good = n == 7 && side.colour[0] == '#';
            for (size_t k = 1; good && k < 7; k++)
                good = strchr("0123456789abcdefABCDEF", side.colour[k]) != NULL;
            if (!good) {
                join(full, path, "colour");
                report(r, full, "%s", _("expected a colour \"#rrggbb\""));
                side.colour[0] = '\0';
            }
        }
        if (!ok)
            continue;
        grog_error e;
        size_t idx = grog_battle_nsides(r->b);
        grog_status st = grog_battle_add_side(r->b, &side, &e);
        if (st != GROG_OK)
            add_failed(r, path, st, &e);
        else
            r->side_json[idx] = (long)i;
    }
}

static void rd_ratings(reader *r, json_t *o, const char *path, grog_ratings *rt)
{
    static const char *const keys[] = {"aigles", "gdb", "gt", NULL};
    static const char *const aigles_keys[] = {"charisma", "command", NULL};
    static const char *const gdb_keys[] = {"skill", NULL};
    static const char *const gt_keys[] = {"quality", NULL};
    char full[PATH_LEN], sub[PATH_LEN];
    json_t *rat = rd_child(r, o, path, "ratings", 1, JSON_OBJECT, full);
    if (rat == NULL)
        return;
    known_keys(r, rat, full, keys);
    json_t *a = rd_child(r, rat, full, "aigles", 1, JSON_OBJECT, sub);
    if (a != NULL) {
        known_keys(r, a, sub, aigles_keys);
        rd_int(r, a, sub, "charisma", 1, &rt->aigles_charisma);
        rd_int(r, a, sub, "command", 1, &rt->aigles_command);
    }
    json_t *g = rd_child(r, rat, full, "gdb", 1, JSON_OBJECT, sub);
    if (g != NULL) {
        known_keys(r, g, sub, gdb_keys);
        RD_ENUM(r, g, sub, "skill", 1, grog_gdb_skill_parse, &rt->gdb_skill);
    }
    json_t *t = rd_child(r, rat, full, "gt", 1, JSON_OBJECT, sub);
    if (t != NULL) {
        known_keys(r, t, sub, gt_keys);
        RD_ENUM(r, t, sub, "quality", 1, grog_gt_quality_parse, &rt->gt_quality);
    }
}

/* A list of names of bits ("markers", "state"). */
static unsigned rd_bits(reader *r, json_t *obj, const char *path, const char *key,
                        grog_status (*parse)(const char *, unsigned *, grog_error *))
{
    char full[PATH_LEN];
    json_t *arr = rd_child(r, obj, path, key, 0, JSON_ARRAY, full);
    unsigned bits = 0;
    size_t i;
    json_t *v;
    if (arr == NULL)
        return 0;
    json_array_foreach(arr, i, v) {
        char p[PATH_LEN];
        indexed(p, full, i);
        unsigned bit = 0;
        grog_error e;
        if (!json_is_string(v))
            report(r, p, _("expected a string, found %s"), type_name(v));
        else if (parse(json_string_value(v), &bit, &e) != GROG_OK)
            report(r, p, "%s", e.message);
        else if (bits & bit)
            report(r, p, _("\"%s\" is listed twice"), json_string_value(v));
        else
            bits |= bit;
    }
    return bits;
}

static grog_status parse_marker(const char *t, unsigned *out, grog_error *e)
{
    grog_marker m;
    grog_status st = grog_marker_parse(t, &m, e);
    *out = (unsigned)m;
    return st;
}

static grog_status parse_flag(const char *t, unsigned *out, grog_error *e)
{
    grog_unit_flag f;
    grog_status st = grog_unit_flag_parse(t, &f, e);
    *out = (unsigned)f;
    return st;
}

static void rd_officer(reader *r, json_t *o, const char *path, size_t json_index)
{
    static const char *const keys[] = {
        "id", "name", "side", "role", "command", "superior", "nation", "position", "facing",
        "base", "attached_to", "state", "held_by", "markers", "ratings", "casualties",
        "adc_speed", "personally_commands", "brigade_broken", "units", NULL};
    known_keys(r, o, path, keys);
    grog_officer off;
    grog_officer_init(&off);
    int ok = rd_id(r, o, path, "id", 1, off.id);
    rd_string(r, o, path, "name", 1, off.name, sizeof off.name);
    rd_id(r, o, path, "side", 1, off.side);
    RD_ENUM(r, o, path, "role", 1, grog_role_parse, &off.role);
    rd_string(r, o, path, "command", 0, off.command, sizeof off.command);
    rd_id(r, o, path, "superior", 0, off.superior);
    const grog_side *side = grog_battle_side_by_id(r->b, off.side);
    if (side != NULL)
        off.nation = side->nation;
    RD_ENUM(r, o, path, "nation", 0, grog_nation_parse, &off.nation);
    rd_placement(r, o, path, &off.base, 0);
    rd_id(r, o, path, "attached_to", 0, off.attached_to);
    RD_ENUM(r, o, path, "state", 0, grog_officer_state_parse, &off.state);
    rd_id(r, o, path, "held_by", 0, off.held_by);
    off.markers = rd_bits(r, o, path, "markers", parse_marker);
    rd_ratings(r, o, path, &off.ratings);
    rd_int(r, o, path, "casualties", 0, &off.casualties);
    double speed = 0;
    if (rd_number(r, o, path, "adc_speed", 0, &speed) &&
        finite_or_report(r, path, "adc_speed", speed)) {
        if (speed < 0) {
            char full[PATH_LEN];
            join(full, path, "adc_speed");
            report(r, full, "%s", _("cannot be negative"));
        } else {
            off.adc_speed = to_mm(r, speed);
        }
    }
    rd_bool(r, o, path, "personally_commands", &off.personally_commands);
    rd_bool(r, o, path, "brigade_broken", &off.brigade_broken);
    if (!ok)
        return;
    grog_error e;
    size_t idx = grog_battle_nofficers(r->b);
    grog_status st = grog_battle_add_officer(r->b, &off, &e);
    if (st != GROG_OK) {
        add_failed(r, path, st, &e);
        return;
    }
    r->officer_json[idx] = (long)json_index;
}

/* Second pass: each officer's "units" list gives the units their parent. */
static void rd_officer_units(reader *r, json_t *arr)
{
    for (size_t oi = 0; oi < grog_battle_nofficers(r->b); oi++) {
        size_t j = (size_t)r->officer_json[oi];
        json_t *o = json_array_get(arr, j);
        char path[PATH_LEN], full[PATH_LEN];
        snprintf(path, sizeof path, "officers[%zu]", j);
        json_t *list = rd_child(r, o, path, "units", 0, JSON_ARRAY, full);
        size_t k;
        json_t *v;
        if (list == NULL)
            continue;
        const grog_officer *off = grog_battle_officer(r->b, oi);
        json_array_foreach(list, k, v) {
            char p[PATH_LEN];
            indexed(p, full, k);
            size_t ui;
            if (!json_is_string(v)) {
                report(r, p, _("expected a unit id, found %s"), type_name(v));
                continue;
            }
            const char *id = json_string_value(v);
            if (!grog_battle_unit_index(r->b, id, &ui)) {
                report(r, p, _("no unit \"%s\""), id);
                continue;
            }
            grog_troop *u = grog_battle_unit_mut(r->b, ui);
            if (u->parent[0] != '\0') {
                report(r, p, _("unit \"%s\" already belongs to \"%s\": a unit has one parent"),
                       id, u->parent);
                continue;
            }
            grog_model_copy(u->parent, sizeof u->parent, off->id);
            r->unit_origin[ui].parent_officer = (long)j;
            r->unit_origin[ui].slot = (long)k;
        }
    }
}

static void rd_unit(reader *r, json_t *u, const char *path, size_t json_index)
{
    static const char *const keys[] = {
        "id", "name", "side", "arm", "status", "manoeuvre", "figures", "subunits", "formation",
        "position", "facing", "base", "state", "melee_since", "casualties", "can_dismount",
        NULL};
    known_keys(r, u, path, keys);
    grog_troop t;
    grog_troop_init(&t);
    int ok = rd_id(r, u, path, "id", 1, t.id);
    rd_string(r, u, path, "name", 1, t.name, sizeof t.name);
    rd_id(r, u, path, "side", 1, t.side);
    t.arm = GROG_ARM_COUNT; /* "not read": no checks that depend on the arm */
    RD_ENUM(r, u, path, "arm", 1, grog_arm_parse, &t.arm);
    RD_ENUM(r, u, path, "status", 1, grog_unit_status_parse, &t.status);
    RD_ENUM(r, u, path, "manoeuvre", 1, grog_manoeuvre_parse, &t.manoeuvre);
    rd_int(r, u, path, "figures", 1, &t.figures);
    rd_int(r, u, path, "subunits", 0, &t.subunits);
    rd_id(r, u, path, "formation", 0, t.formation);
    rd_placement(r, u, path, &t.base, 1);
    t.flags = rd_bits(r, u, path, "state", parse_flag);
    rd_int(r, u, path, "melee_since", 0, &t.melee_since);
    rd_int(r, u, path, "casualties", 0, &t.casualties);
    rd_bool(r, u, path, "can_dismount", &t.can_dismount);
    if (json_object_get(u, "melee_since") != NULL && !(t.flags & GROG_UNIT_IN_MELEE)) {
        char full[PATH_LEN];
        join(full, path, "melee_since");
        report(r, full, "%s", _("given for a unit not in melee (add \"in-melee\" to its state)"));
    }
    int arm_known = t.arm != GROG_ARM_COUNT;
    if (!arm_known)
        t.arm = GROG_ARM_INFANTRY;
    if (arm_known && t.arm != GROG_ARM_CAVALRY && t.can_dismount) {
        char full[PATH_LEN];
        join(full, path, "can_dismount");
        report(r, full, "%s", _("only cavalry can dismount (AIG-F-16)"));
    }
    if (!ok)
        return;
    grog_error e;
    size_t idx = grog_battle_nunits(r->b);
    grog_status st = grog_battle_add_unit(r->b, &t, &e);
    if (st != GROG_OK) {
        add_failed(r, path, st, &e);
        return;
    }
    r->unit_json[idx] = (long)json_index;
}

static void rd_orders(reader *r, json_t *root)
{
    static const char *const keys[] = {"to", "kind", "text", "target", "hidden", "given_turn",
                                       "effective_turn", NULL};
    char full[PATH_LEN];
    json_t *arr = rd_child(r, root, "", "orders", 0, JSON_ARRAY, full);
    size_t i;
    json_t *o;
    if (arr == NULL)
        return;
    json_array_foreach(arr, i, o) {
        char path[PATH_LEN];
        snprintf(path, sizeof path, "orders[%zu]", i);
        if (!json_is_object(o)) {
            report(r, path, _("expected an object, found %s"), type_name(o));
            continue;
        }
        known_keys(r, o, path, keys);
        char to[GROG_ID_MAX] = "";
        grog_order ord;
        memset(&ord, 0, sizeof ord);
        int hidden = 0;
        int ok = rd_id(r, o, path, "to", 1, to);
        ok &= rd_id(r, o, path, "kind", 1, ord.kind);
        rd_string(r, o, path, "text", 0, ord.text, sizeof ord.text);
        rd_id(r, o, path, "target", 0, ord.target);
        rd_bool(r, o, path, "hidden", &hidden);
        rd_int(r, o, path, "given_turn", 0, &ord.given_turn);
        rd_int(r, o, path, "effective_turn", 0, &ord.effective_turn);
        if (!ok)
            continue;
        size_t k;
        grog_order *slot = NULL;
        origin *org = NULL;
        if (grog_battle_officer_index(r->b, to, &k)) {
            grog_officer *off = grog_battle_officer_mut(r->b, k);
            slot = hidden ? &off->pending : &off->order;
            org = &r->officer_origin[k];
        } else if (grog_battle_unit_index(r->b, to, &k)) {
            grog_troop *u = grog_battle_unit_mut(r->b, k);
            slot = hidden ? &u->pending : &u->order;
            org = &r->unit_origin[k];
        } else {
            join(full, path, "to");
            report(r, full, _("no officer or unit \"%s\""), to);
            continue;
        }
        long *from = hidden ? &org->pending : &org->order;
        if (*from >= 0) {
            join(full, path, "to");
            report(r, full,
                   hidden ? _("\"%s\" already has a hidden order (orders[%ld])")
                          : _("\"%s\" already has an order (orders[%ld])"),
                   to, *from);
            continue;
        }
        *slot = ord;
        *from = (long)i;
    }
}

/* "terrain": [{"kind", "name", "points": [[x, y], ...]}], points in the
 * file's unit (grog_battle_add_terrain checks the counts). */
static void rd_terrain_one(reader *r, json_t *t, const char *path)
{
    static const char *const keys[] = {"kind", "name", "points", NULL};
    known_keys(r, t, path, keys);
    grog_terrain f;
    memset(&f, 0, sizeof f);
    char kind[GROG_ID_MAX] = "";
    int ok = rd_string(r, t, path, "kind", 1, kind, sizeof kind);
    char full[PATH_LEN];
    if (ok && grog_terrain_kind_parse(kind, &f.kind, NULL) != GROG_OK) {
        grog_error e;
        grog_terrain_kind_parse(kind, &f.kind, &e);
        join(full, path, "kind");
        report(r, full, "%s", e.message);
        ok = 0;
    }
    rd_string(r, t, path, "name", 0, f.name, sizeof f.name);
    json_t *pts = rd_child(r, t, path, "points", 1, JSON_ARRAY, full);
    if (pts == NULL || !ok)
        return;
    size_t n = json_array_size(pts);
    if (n > GROG_TERRAIN_MAX_POINTS) {
        report(r, full, _("at most %d points, not %zu"), GROG_TERRAIN_MAX_POINTS, n);
        return;
    }
    grog_point *p = calloc(n + 1, sizeof *p);
    if (p == NULL) {
        r->oom = 1;
        return;
    }
    size_t i;
    json_t *v;
    json_array_foreach(pts, i, v) {
        char at[PATH_LEN];
        indexed(at, full, i);
        if (!json_is_array(v) || json_array_size(v) != 2 || !json_is_number(json_array_get(v, 0)) ||
            !json_is_number(json_array_get(v, 1))) {
            report(r, at, "%s", _("expected a point [x, y]"));
            ok = 0;
            continue;
        }
        double x = json_number_value(json_array_get(v, 0)), y = json_number_value(json_array_get(v, 1));
        if (!isfinite(x) || !isfinite(y) || fabs(x) >= 1e9 || fabs(y) >= 1e9) {
            report(r, at, "%s", _("out of range"));
            ok = 0;
            continue;
        }
        p[i].x = to_mm(r, x);
        p[i].y = to_mm(r, y);
    }
    f.npoints = n;
    f.points = p;
    grog_error e;
    grog_status st = ok ? grog_battle_add_terrain(r->b, &f, &e) : GROG_OK;
    if (st == GROG_ENOMEM)
        r->oom = 1;
    else if (st != GROG_OK)
        report(r, full, "%s", e.message);
    free(p);
}

static void rd_terrain(reader *r, json_t *root)
{
    char full[PATH_LEN];
    json_t *arr = rd_child(r, root, "", "terrain", 0, JSON_ARRAY, full);
    size_t i;
    json_t *t;
    if (arr != NULL && json_array_size(arr) > GROG_TERRAIN_MAX) {
        report(r, full, _("at most %d terrain features"), GROG_TERRAIN_MAX);
        return;
    }
    json_array_foreach(arr, i, t) {
        char path[PATH_LEN];
        snprintf(path, sizeof path, "terrain[%zu]", i);
        if (!json_is_object(t))
            report(r, path, _("expected an object, found %s"), type_name(t));
        else
            rd_terrain_one(r, t, path);
    }
}

/* ---- mapping the model's check back to JSON paths ---- */

static void on_check(void *ctx, const char *kind, size_t index, const char *field,
                     const char *message)
{
    reader *r = ctx;
    char path[PATH_LEN];
    const origin *org = NULL;
    long j = (long)index;
    if (strcmp(kind, "side") == 0) {
        j = r->side_json[index];
    } else if (strcmp(kind, "officer") == 0) {
        j = r->officer_json[index];
        org = &r->officer_origin[index];
    } else if (strcmp(kind, "unit") == 0) {
        j = r->unit_json[index];
        org = &r->unit_origin[index];
    }
    if (org != NULL && strncmp(field, "order.", 6) == 0 && org->order >= 0)
        snprintf(path, sizeof path, "orders[%ld].%s", org->order, field + 6);
    else if (org != NULL && strncmp(field, "pending.", 8) == 0 && org->pending >= 0)
        snprintf(path, sizeof path, "orders[%ld].%s", org->pending, field + 8);
    else if (org != NULL && strcmp(field, "parent") == 0 && org->parent_officer >= 0)
        snprintf(path, sizeof path, "officers[%ld].units[%ld]", org->parent_officer, org->slot);
    else if (strcmp(kind, "table") == 0)
        snprintf(path, sizeof path, "table.%s", field);
    else
        snprintf(path, sizeof path, "%ss[%ld].%s", kind, j, field);
    report(r, path, "%s", message);
}

/* ---- the reader ---- */

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

static void read_root(reader *r, json_t *root)
{
    static const char *const keys[] = {"format", "meta", "table", "sides", "officers", "units",
                                       "orders", "terrain", NULL};
    known_keys(r, root, "", keys);
    int version = 1;
    if (rd_int(r, root, "", "format", 0, &version) && version != 1)
        report(r, "format", _("format %d is not known (this program reads format 1)"), version);
    rd_meta(r, root);
    rd_table(r, root);
    rd_sides(r, root);
    char full[PATH_LEN];
    json_t *offs = rd_child(r, root, "", "officers", 1, JSON_ARRAY, full);
    json_t *units = rd_child(r, root, "", "units", 1, JSON_ARRAY, full);
    size_t i;
    json_t *v;
    json_array_foreach(offs, i, v) {
        char path[PATH_LEN];
        snprintf(path, sizeof path, "officers[%zu]", i);
        if (!json_is_object(v))
            report(r, path, _("expected an object, found %s"), type_name(v));
        else
            rd_officer(r, v, path, i);
    }
    json_array_foreach(units, i, v) {
        char path[PATH_LEN];
        snprintf(path, sizeof path, "units[%zu]", i);
        if (!json_is_object(v))
            report(r, path, _("expected an object, found %s"), type_name(v));
        else
            rd_unit(r, v, path, i);
    }
    if (offs != NULL)
        rd_officer_units(r, offs);
    rd_orders(r, root);
    rd_terrain(r, root);
    if (!r->oom)
        grog_battle_check(r->b, on_check, r);
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
        report(&r, "", _("expected an object, found %s"), type_name(root));
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
            read_root(&r, root);
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

/* ---- sources: files and embedded scenarios ---- */

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
