/* battle.c — storage of a battle: growable arrays of plain records and one
 * open-addressing hash index from id to (kind, index).
 *
 * Invariants: every side, officer and unit id is in the index exactly once
 * and ids are unique across the three kinds; the index has at most half its
 * slots used; the meta view (b->meta) always points at the battle's own
 * copies of the strings. Removing shifts an array and rebuilds the index. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/battle.h"
#include "i18n.h"
#include "model.h"

enum { KIND_NONE = 0, KIND_SIDE, KIND_OFFICER, KIND_UNIT };

typedef struct slot {
    uint32_t kind;  /* KIND_NONE for an empty slot */
    uint32_t index;
} slot;

struct grog_battle {
    grog_table table;
    char *strs[6]; /* name, date, place, description, rating_notes, licence */
    char **sources;
    size_t nsources;
    grog_meta meta;
    grog_side *sides;
    size_t nsides, capsides;
    grog_officer *officers;
    size_t nofficers, capofficers;
    grog_troop *units;
    size_t nunits, capunits;
    slot *slots;
    size_t nslots; /* a power of two, or 0 */
    grog_terrain_list *terrain; /* terrain.c; NULL when none */
};

/* ---- strings ---- */

void grog_model_copy(char *dst, size_t size, const char *src)
{
    if (src == NULL)
        src = "";
    size_t n = strlen(src);
    if (n >= size)
        n = size - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

int grog_model_id_valid(const char *id)
{
    size_t n = id != NULL ? strlen(id) : 0;
    if (n == 0 || n >= GROG_ID_MAX)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = id[i];
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '_' || c == '.' || c == '-';
        if (!ok)
            return 0;
    }
    return 1;
}

static char *dupstr(const char *s)
{
    if (s == NULL)
        s = "";
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d != NULL)
        memcpy(d, s, n);
    return d;
}

/* ---- the index ---- */

static uint32_t hash_id(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 16777619u;
    }
    return h;
}

static const char *slot_id(const grog_battle *b, const slot *s)
{
    switch (s->kind) {
    case KIND_SIDE: return b->sides[s->index].id;
    case KIND_OFFICER: return b->officers[s->index].id;
    case KIND_UNIT: return b->units[s->index].id;
    }
    return "";
}

static const slot *index_find(const grog_battle *b, const char *id)
{
    if (b->nslots == 0 || id == NULL || id[0] == '\0')
        return NULL;
    size_t mask = b->nslots - 1;
    for (size_t i = hash_id(id) & mask;; i = (i + 1) & mask) {
        const slot *s = &b->slots[i];
        if (s->kind == KIND_NONE)
            return NULL;
        if (strcmp(slot_id(b, s), id) == 0)
            return s;
    }
}

static void index_put(slot *slots, size_t nslots, uint32_t h, uint32_t kind, size_t index)
{
    size_t mask = nslots - 1;
    size_t i = h & mask;
    while (slots[i].kind != KIND_NONE)
        i = (i + 1) & mask;
    slots[i].kind = kind;
    slots[i].index = (uint32_t)index;
}

/* Rebuilds the index with room for `want` ids; 0 on out of memory (the old
 * index is then kept). */
static int index_rebuild(grog_battle *b, size_t want)
{
    size_t n = 16;
    while (n < want * 2 + 2)
        n *= 2;
    slot *slots = calloc(n, sizeof *slots);
    if (slots == NULL)
        return 0;
    for (size_t i = 0; i < b->nsides; i++)
        index_put(slots, n, hash_id(b->sides[i].id), KIND_SIDE, i);
    for (size_t i = 0; i < b->nofficers; i++)
        index_put(slots, n, hash_id(b->officers[i].id), KIND_OFFICER, i);
    for (size_t i = 0; i < b->nunits; i++)
        index_put(slots, n, hash_id(b->units[i].id), KIND_UNIT, i);
    free(b->slots);
    b->slots = slots;
    b->nslots = n;
    return 1;
}

static size_t total_ids(const grog_battle *b)
{
    return b->nsides + b->nofficers + b->nunits;
}

/* Makes room in the index for one more id; 0 on out of memory. */
static int index_reserve(grog_battle *b)
{
    if ((total_ids(b) + 1) * 2 < b->nslots)
        return 1;
    return index_rebuild(b, total_ids(b) + 1 > 64 ? (total_ids(b) + 1) * 2 : 64);
}

/* ---- create, destroy, meta ---- */

static void meta_refresh(grog_battle *b)
{
    b->meta.name = b->strs[0];
    b->meta.date = b->strs[1];
    b->meta.place = b->strs[2];
    b->meta.description = b->strs[3];
    b->meta.rating_notes = b->strs[4];
    b->meta.licence = b->strs[5];
    b->meta.nsources = b->nsources;
    b->meta.sources = (const char *const *)b->sources;
}

static void meta_free(char *strs[6], char **sources, size_t nsources)
{
    for (int i = 0; i < 6; i++)
        free(strs[i]);
    for (size_t i = 0; i < nsources; i++)
        free(sources[i]);
    free(sources);
}

grog_battle *grog_battle_create(void)
{
    grog_battle *b = calloc(1, sizeof *b);
    if (b == NULL)
        return NULL;
    b->table.scale = grog_scale_default();
    b->table.width_mm = 1800;
    b->table.depth_mm = 1200;
    b->table.file_unit = GROG_UNIT_MM;
    for (int i = 0; i < 6; i++) {
        b->strs[i] = dupstr("");
        if (b->strs[i] == NULL) {
            grog_battle_destroy(b);
            return NULL;
        }
    }
    meta_refresh(b);
    return b;
}

void grog_battle_destroy(grog_battle *b)
{
    if (b == NULL)
        return;
    meta_free(b->strs, b->sources, b->nsources);
    free(b->sides);
    free(b->officers);
    free(b->units);
    free(b->slots);
    grog_terrain_list_free(b->terrain);
    free(b);
}

grog_terrain_list **grog_battle_terrain_list(grog_battle *b)
{
    return &b->terrain;
}

const grog_terrain_list *grog_battle_terrain_list_const(const grog_battle *b)
{
    return b->terrain;
}

const grog_table *grog_battle_table(const grog_battle *b)
{
    return &b->table;
}

grog_status grog_battle_set_table(grog_battle *b, const grog_table *t, grog_error *err)
{
    grog_status st = grog_scale_check(&t->scale, err);
    if (st != GROG_OK)
        return st;
    if (!(t->width_mm > 0) || !(t->depth_mm > 0) || !isfinite(t->width_mm) ||
        !isfinite(t->depth_mm))
        return grog_error_set(err, GROG_EINVAL, _("the table's width and depth must be > 0"));
    if (!(t->margin_mm >= 0) || !isfinite(t->margin_mm))
        return grog_error_set(err, GROG_EINVAL, _("the table's margin must be 0 or more"));
    if ((int)t->file_unit < GROG_UNIT_MM || (int)t->file_unit > GROG_UNIT_PAS)
        return grog_error_set(err, GROG_EINVAL, _("unknown unit of length"));
    b->table = *t;
    return GROG_OK;
}

const grog_meta *grog_battle_meta(const grog_battle *b)
{
    return &b->meta;
}

grog_status grog_battle_set_meta(grog_battle *b, const grog_meta *m, grog_error *err)
{
    /* licence is the last member: a caller's initializer without it leaves NULL */
    char *strs[6] = {dupstr(m->name), dupstr(m->date), dupstr(m->place),
                     dupstr(m->description), dupstr(m->rating_notes),
                     dupstr(m->licence != NULL ? m->licence : "")};
    char **sources = m->nsources ? calloc(m->nsources, sizeof *sources) : NULL;
    int bad = m->nsources && sources == NULL;
    for (int i = 0; i < 6; i++)
        bad |= strs[i] == NULL;
    for (size_t i = 0; !bad && i < m->nsources; i++) {
        sources[i] = dupstr(m->sources[i]);
        bad |= sources[i] == NULL;
    }
    if (bad) {
        meta_free(strs, sources, sources ? m->nsources : 0);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    meta_free(b->strs, b->sources, b->nsources);
    memcpy(b->strs, strs, sizeof strs);
    b->sources = sources;
    b->nsources = m->nsources;
    meta_refresh(b);
    return GROG_OK;
}

grog_battle *grog_battle_clone(const grog_battle *b)
{
    grog_battle *c = grog_battle_create();
    if (c == NULL)
        return NULL;
    c->table = b->table;
    if (grog_battle_set_meta(c, &b->meta, NULL) != GROG_OK)
        goto fail;
    c->sides = b->nsides ? malloc(b->nsides * sizeof *c->sides) : NULL;
    c->officers = b->nofficers ? malloc(b->nofficers * sizeof *c->officers) : NULL;
    c->units = b->nunits ? malloc(b->nunits * sizeof *c->units) : NULL;
    if ((b->nsides && !c->sides) || (b->nofficers && !c->officers) || (b->nunits && !c->units))
        goto fail;
    if (b->nsides)
        memcpy(c->sides, b->sides, b->nsides * sizeof *c->sides);
    if (b->nofficers)
        memcpy(c->officers, b->officers, b->nofficers * sizeof *c->officers);
    if (b->nunits)
        memcpy(c->units, b->units, b->nunits * sizeof *c->units);
    c->nsides = c->capsides = b->nsides;
    c->nofficers = c->capofficers = b->nofficers;
    c->nunits = c->capunits = b->nunits;
    if (!index_rebuild(c, total_ids(c)) || !grog_terrain_list_clone(b->terrain, &c->terrain))
        goto fail;
    return c;
fail:
    grog_battle_destroy(c);
    return NULL;
}

/* ---- counts and accessors ---- */

size_t grog_battle_nsides(const grog_battle *b) { return b->nsides; }
size_t grog_battle_nofficers(const grog_battle *b) { return b->nofficers; }
size_t grog_battle_nunits(const grog_battle *b) { return b->nunits; }

const grog_side *grog_battle_side(const grog_battle *b, size_t i)
{
    return i < b->nsides ? &b->sides[i] : NULL;
}
const grog_officer *grog_battle_officer(const grog_battle *b, size_t i)
{
    return i < b->nofficers ? &b->officers[i] : NULL;
}
const grog_troop *grog_battle_unit(const grog_battle *b, size_t i)
{
    return i < b->nunits ? &b->units[i] : NULL;
}
grog_side *grog_battle_side_mut(grog_battle *b, size_t i)
{
    return i < b->nsides ? &b->sides[i] : NULL;
}
grog_officer *grog_battle_officer_mut(grog_battle *b, size_t i)
{
    return i < b->nofficers ? &b->officers[i] : NULL;
}
grog_troop *grog_battle_unit_mut(grog_battle *b, size_t i)
{
    return i < b->nunits ? &b->units[i] : NULL;
}

static int find_kind(const grog_battle *b, const char *id, uint32_t kind, size_t *index)
{
    const slot *s = index_find(b, id);
    if (s == NULL || s->kind != kind)
        return 0;
    if (index != NULL)
        *index = s->index;
    return 1;
}

int grog_battle_side_index(const grog_battle *b, const char *id, size_t *index)
{
    return find_kind(b, id, KIND_SIDE, index);
}
/* A piece by id, else by its short code (codes.c) when no piece has that id. */
static int find_piece(const grog_battle *b, const char *id, uint32_t kind, size_t *index)
{
    if (find_kind(b, id, kind, index))
        return 1;
    int unit;
    size_t i;
    if (index_find(b, id) != NULL || !grog_battle_code_find(b, id, &unit, &i) ||
        unit != (kind == KIND_UNIT))
        return 0;
    if (index != NULL)
        *index = i;
    return 1;
}

int grog_battle_officer_index(const grog_battle *b, const char *id, size_t *index)
{
    return find_piece(b, id, KIND_OFFICER, index);
}
int grog_battle_unit_index(const grog_battle *b, const char *id, size_t *index)
{
    return find_piece(b, id, KIND_UNIT, index);
}

const grog_side *grog_battle_side_by_id(const grog_battle *b, const char *id)
{
    size_t i;
    return grog_battle_side_index(b, id, &i) ? &b->sides[i] : NULL;
}
const grog_officer *grog_battle_officer_by_id(const grog_battle *b, const char *id)
{
    size_t i;
    return grog_battle_officer_index(b, id, &i) ? &b->officers[i] : NULL;
}
const grog_troop *grog_battle_unit_by_id(const grog_battle *b, const char *id)
{
    size_t i;
    return grog_battle_unit_index(b, id, &i) ? &b->units[i] : NULL;
}
grog_officer *grog_battle_officer_by_id_mut(grog_battle *b, const char *id)
{
    size_t i;
    return grog_battle_officer_index(b, id, &i) ? &b->officers[i] : NULL;
}
grog_troop *grog_battle_unit_by_id_mut(grog_battle *b, const char *id)
{
    size_t i;
    return grog_battle_unit_index(b, id, &i) ? &b->units[i] : NULL;
}

int grog_battle_id_used(const grog_battle *b, const char *id)
{
    return index_find(b, id) != NULL;
}

/* ---- records ---- */

void grog_officer_init(grog_officer *o)
{
    memset(o, 0, sizeof *o);
    o->role = GROG_ROLE_BRIGADE;
    o->nation = GROG_NATION_OTHER;
    o->base.width = 40;
    o->base.depth = 40;
    o->state = GROG_OFFICER_ACTIVE;
    o->ratings.gdb_skill = GROG_GDB_SKILL_ORDINARY;
    o->ratings.gt_quality = GROG_GT_QUALITY_ORDINARY;
    o->adc_speed = -1;
}

void grog_troop_init(grog_troop *u)
{
    memset(u, 0, sizeof *u);
    u->arm = GROG_ARM_INFANTRY;
    u->status = GROG_STATUS_REGULAR;
    u->manoeuvre = GROG_MANOEUVRE_B;
    grog_model_copy(u->formation, sizeof u->formation, "line");
}

/* Grows an array to hold n+1 items of size sz; 0 on out of memory. */
static int grow(void **arr, size_t *cap, size_t n, size_t sz)
{
    if (n < *cap)
        return 1;
    size_t ncap = *cap ? *cap * 2 : 16;
    void *p = realloc(*arr, ncap * sz);
    if (p == NULL)
        return 0;
    *arr = p;
    *cap = ncap;
    return 1;
}

static int reserve_array(void **arr, size_t *cap, size_t want, size_t sz)
{
    if (want <= *cap)
        return 1;
    void *p = realloc(*arr, want * sz);
    if (p == NULL)
        return 0;
    *arr = p;
    *cap = want;
    return 1;
}

int grog_battle_reserve(grog_battle *b, size_t nsides, size_t nofficers, size_t nunits)
{
    size_t ids = total_ids(b) + nsides + nofficers + nunits;
    return reserve_array((void **)&b->sides, &b->capsides, b->nsides + nsides,
                         sizeof *b->sides) &&
           reserve_array((void **)&b->officers, &b->capofficers, b->nofficers + nofficers,
                         sizeof *b->officers) &&
           reserve_array((void **)&b->units, &b->capunits, b->nunits + nunits,
                         sizeof *b->units) &&
           (ids * 2 < b->nslots || index_rebuild(b, ids));
}

static grog_status check_new_id(const grog_battle *b, const char *id, grog_error *err)
{
    if (!grog_model_id_valid(id))
        return grog_error_set(err, GROG_EINVAL,
                              _("invalid id \"%s\": 1 to %d characters of A-Z a-z 0-9 _ . -"),
                              id, GROG_ID_MAX - 1);
    if (grog_battle_id_used(b, id))
        return grog_error_set(err, GROG_EINVAL, _("duplicate id \"%s\""), id);
    return GROG_OK;
}

#define ADD_RECORD(arr, n, cap, kind, rec)                                                   \
    do {                                                                                     \
        grog_status st_ = check_new_id(b, (rec)->id, err);                                   \
        if (st_ != GROG_OK)                                                                  \
            return st_;                                                                      \
        if (!grow((void **)&b->arr, &b->cap, b->n, sizeof *b->arr) || !index_reserve(b))     \
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));                     \
        b->arr[b->n] = *(rec);                                                               \
        index_put(b->slots, b->nslots, hash_id((rec)->id), kind, b->n);                      \
        b->n++;                                                                              \
        return GROG_OK;                                                                      \
    } while (0)

grog_status grog_battle_add_side(grog_battle *b, const grog_side *s, grog_error *err)
{
    ADD_RECORD(sides, nsides, capsides, KIND_SIDE, s);
}

grog_status grog_battle_add_officer(grog_battle *b, const grog_officer *o, grog_error *err)
{
    ADD_RECORD(officers, nofficers, capofficers, KIND_OFFICER, o);
}

grog_status grog_battle_add_unit(grog_battle *b, const grog_troop *u, grog_error *err)
{
    ADD_RECORD(units, nunits, capunits, KIND_UNIT, u);
}

/* ---- removal ---- */

static void clear_target(grog_order *o, const char *id)
{
    if (strcmp(o->target, id) == 0)
        o->target[0] = '\0';
}

static void clear_targets(grog_battle *b, const char *id)
{
    for (size_t i = 0; i < b->nofficers; i++) {
        clear_target(&b->officers[i].order, id);
        clear_target(&b->officers[i].pending, id);
    }
    for (size_t i = 0; i < b->nunits; i++) {
        clear_target(&b->units[i].order, id);
        clear_target(&b->units[i].pending, id);
    }
}

/* Removes item i of an array of n items of size sz. */
static void shift_out(void *arr, size_t *n, size_t i, size_t sz)
{
    char *p = arr;
    memmove(p + i * sz, p + (i + 1) * sz, (*n - i - 1) * sz);
    (*n)--;
}

static grog_status finish_remove(grog_battle *b, const char *id, grog_error *err)
{
    clear_targets(b, id);
    if (!index_rebuild(b, total_ids(b)))
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    return GROG_OK;
}

grog_status grog_battle_remove_unit(grog_battle *b, const char *id, grog_error *err)
{
    size_t u;
    if (!grog_battle_unit_index(b, id, &u))
        return grog_error_set(err, GROG_ENOTFOUND, _("no unit \"%s\""), id ? id : "");
    for (size_t i = 0; i < b->nofficers; i++)
        if (strcmp(b->officers[i].held_by, id) == 0)
            return grog_error_set(err, GROG_EINVAL, _("unit \"%s\" holds officer \"%s\" prisoner"),
                                  id, b->officers[i].id);
    char copy[GROG_ID_MAX];
    grog_model_copy(copy, sizeof copy, id);
    for (size_t i = 0; i < b->nofficers; i++)
        if (strcmp(b->officers[i].attached_to, copy) == 0)
            b->officers[i].attached_to[0] = '\0';
    shift_out(b->units, &b->nunits, u, sizeof *b->units);
    return finish_remove(b, copy, err);
}

grog_status grog_battle_remove_officer(grog_battle *b, const char *id, grog_error *err)
{
    size_t o;
    if (!grog_battle_officer_index(b, id, &o))
        return grog_error_set(err, GROG_ENOTFOUND, _("no officer \"%s\""), id ? id : "");
    for (size_t i = 0; i < b->nofficers; i++)
        if (strcmp(b->officers[i].superior, id) == 0)
            return grog_error_set(err, GROG_EINVAL, _("officer \"%s\" still commands \"%s\""), id,
                                  b->officers[i].id);
    for (size_t i = 0; i < b->nunits; i++)
        if (strcmp(b->units[i].parent, id) == 0)
            return grog_error_set(err, GROG_EINVAL, _("officer \"%s\" still commands \"%s\""), id,
                                  b->units[i].id);
    char copy[GROG_ID_MAX];
    grog_model_copy(copy, sizeof copy, id);
    shift_out(b->officers, &b->nofficers, o, sizeof *b->officers);
    return finish_remove(b, copy, err);
}

grog_status grog_battle_remove_side(grog_battle *b, const char *id, grog_error *err)
{
    size_t s;
    if (!grog_battle_side_index(b, id, &s))
        return grog_error_set(err, GROG_ENOTFOUND, _("no side \"%s\""), id ? id : "");
    for (size_t i = 0; i < b->nofficers; i++)
        if (strcmp(b->officers[i].side, id) == 0)
            return grog_error_set(err, GROG_EINVAL, _("officer \"%s\" belongs to side \"%s\""),
                                  b->officers[i].id, id);
    for (size_t i = 0; i < b->nunits; i++)
        if (strcmp(b->units[i].side, id) == 0)
            return grog_error_set(err, GROG_EINVAL, _("unit \"%s\" belongs to side \"%s\""),
                                  b->units[i].id, id);
    char copy[GROG_ID_MAX];
    grog_model_copy(copy, sizeof copy, id);
    shift_out(b->sides, &b->nsides, s, sizeof *b->sides);
    return finish_remove(b, copy, err);
}

/* ---- equality ---- */

static int why_set(char *why, size_t len, const char *what, const char *id)
{
    if (why != NULL && len > 0)
        snprintf(why, len, id[0] ? "%s \"%s\" differs" : "%s differs%s", what, id);
    return 0;
}

static int close_enough(double a, double b)
{
    return fabs(a - b) <= 1e-6 * (1.0 + fabs(a) + fabs(b));
}

static int base_equal(const grog_base *a, const grog_base *c)
{
    return close_enough(a->centre.x, c->centre.x) && close_enough(a->centre.y, c->centre.y) &&
           close_enough(a->width, c->width) && close_enough(a->depth, c->depth) &&
           close_enough(a->facing, c->facing);
}

static int order_equal(const grog_order *a, const grog_order *c)
{
    return strcmp(a->kind, c->kind) == 0 && strcmp(a->text, c->text) == 0 &&
           strcmp(a->target, c->target) == 0 && a->given_turn == c->given_turn &&
           a->effective_turn == c->effective_turn;
}

static int officer_equal(const grog_officer *a, const grog_officer *c)
{
    return strcmp(a->id, c->id) == 0 && strcmp(a->name, c->name) == 0 &&
           strcmp(a->side, c->side) == 0 && strcmp(a->command, c->command) == 0 &&
           a->role == c->role && strcmp(a->superior, c->superior) == 0 &&
           a->nation == c->nation && base_equal(&a->base, &c->base) &&
           strcmp(a->attached_to, c->attached_to) == 0 && a->state == c->state &&
           strcmp(a->held_by, c->held_by) == 0 && a->markers == c->markers &&
           memcmp(&a->ratings, &c->ratings, sizeof a->ratings) == 0 &&
           a->casualties == c->casualties &&
           ((a->adc_speed < 0 && c->adc_speed < 0) || close_enough(a->adc_speed, c->adc_speed)) &&
           a->personally_commands == c->personally_commands &&
           a->brigade_broken == c->brigade_broken && order_equal(&a->order, &c->order) &&
           order_equal(&a->pending, &c->pending);
}

static int unit_equal(const grog_troop *a, const grog_troop *c)
{
    return strcmp(a->id, c->id) == 0 && strcmp(a->name, c->name) == 0 &&
           strcmp(a->side, c->side) == 0 && strcmp(a->parent, c->parent) == 0 &&
           a->arm == c->arm && a->status == c->status && a->manoeuvre == c->manoeuvre &&
           a->figures == c->figures && a->subunits == c->subunits &&
           strcmp(a->formation, c->formation) == 0 && base_equal(&a->base, &c->base) &&
           order_equal(&a->order, &c->order) && order_equal(&a->pending, &c->pending) &&
           a->flags == c->flags && a->melee_since == c->melee_since &&
           a->casualties == c->casualties && a->can_dismount == c->can_dismount;
}

static int meta_equal(const grog_meta *a, const grog_meta *c)
{
    if (strcmp(a->name, c->name) || strcmp(a->date, c->date) || strcmp(a->place, c->place) ||
        strcmp(a->description, c->description) || strcmp(a->rating_notes, c->rating_notes) ||
        strcmp(a->licence, c->licence) ||
        a->nsources != c->nsources)
        return 0;
    for (size_t i = 0; i < a->nsources; i++)
        if (strcmp(a->sources[i], c->sources[i]) != 0)
            return 0;
    return 1;
}

int grog_battle_equal(const grog_battle *a, const grog_battle *c, char *why, size_t whylen)
{
    const grog_table *ta = &a->table, *tc = &c->table;
    if (ta->scale.figure_mm != tc->scale.figure_mm ||
        !close_enough(ta->scale.mm_per_pas, tc->scale.mm_per_pas) ||
        !close_enough(ta->width_mm, tc->width_mm) || !close_enough(ta->depth_mm, tc->depth_mm) ||
        !close_enough(ta->margin_mm, tc->margin_mm) ||
        ta->file_unit != tc->file_unit)
        return why_set(why, whylen, "table", "");
    if (!meta_equal(&a->meta, &c->meta))
        return why_set(why, whylen, "meta", "");
    if (a->nsides != c->nsides || a->nofficers != c->nofficers || a->nunits != c->nunits)
        return why_set(why, whylen, "counts", "");
    for (size_t i = 0; i < a->nsides; i++) {
        const grog_side *s = &a->sides[i], *t = &c->sides[i];
        if (strcmp(s->id, t->id) || strcmp(s->name, t->name) || s->nation != t->nation ||
            strcmp(s->colour, t->colour))
            return why_set(why, whylen, "side", s->id);
    }
    for (size_t i = 0; i < a->nofficers; i++)
        if (!officer_equal(&a->officers[i], &c->officers[i]))
            return why_set(why, whylen, "officer", a->officers[i].id);
    for (size_t i = 0; i < a->nunits; i++)
        if (!unit_equal(&a->units[i], &c->units[i]))
            return why_set(why, whylen, "unit", a->units[i].id);
    if (!grog_terrain_list_equal(a->terrain, c->terrain))
        return why_set(why, whylen, "terrain", "");
    return 1;
}
