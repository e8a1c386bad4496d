/* hierarchy.c — the command hierarchy of a battle: relations between
 * officers and units, the checked changes, distances, and the full check of
 * a battle's invariants.
 *
 * Walking up a superior chain is bounded by the number of officers, so a
 * cycle (possible in a battle being built or checked) never loops forever. */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "grognard/battle.h"
#include "i18n.h"
#include "model.h"

/* ---- relations ---- */

static size_t put(size_t *out, size_t max, size_t n, size_t v)
{
    if (out != NULL && n < max)
        out[n] = v;
    return n + 1;
}

size_t grog_battle_subordinates(const grog_battle *b, size_t officer, size_t *out, size_t max)
{
    const grog_officer *o = grog_battle_officer(b, officer);
    size_t n = 0;
    for (size_t i = 0; o != NULL && i < grog_battle_nofficers(b); i++) {
        const grog_officer *s = grog_battle_officer(b, i);
        if (s->role != GROG_ROLE_ADC && i != officer && strcmp(s->superior, o->id) == 0)
            n = put(out, max, n, i);
    }
    return n;
}

size_t grog_battle_adcs(const grog_battle *b, size_t officer, size_t *out, size_t max)
{
    const grog_officer *o = grog_battle_officer(b, officer);
    size_t n = 0;
    for (size_t i = 0; o != NULL && i < grog_battle_nofficers(b); i++) {
        const grog_officer *s = grog_battle_officer(b, i);
        if (s->role == GROG_ROLE_ADC && i != officer && strcmp(s->superior, o->id) == 0)
            n = put(out, max, n, i);
    }
    return n;
}

size_t grog_battle_officer_units(const grog_battle *b, size_t officer, size_t *out, size_t max)
{
    const grog_officer *o = grog_battle_officer(b, officer);
    size_t n = 0;
    for (size_t i = 0; o != NULL && i < grog_battle_nunits(b); i++)
        if (strcmp(grog_battle_unit(b, i)->parent, o->id) == 0)
            n = put(out, max, n, i);
    return n;
}

/* The superior of officer i as an index: 1 and *sup, or 0. */
static int superior_of(const grog_battle *b, size_t i, size_t *sup)
{
    const grog_officer *o = grog_battle_officer(b, i);
    return o != NULL && grog_battle_officer_index(b, o->superior, sup);
}

int grog_battle_is_superior_of(const grog_battle *b, size_t ancestor, size_t officer)
{
    size_t cur = officer, n = grog_battle_nofficers(b);
    for (size_t steps = 0; steps < n && superior_of(b, cur, &cur); steps++)
        if (cur == ancestor)
            return 1;
    return 0;
}

int grog_battle_officer_depth(const grog_battle *b, size_t officer)
{
    size_t cur = officer, n = grog_battle_nofficers(b);
    int depth = 0;
    while ((size_t)depth < n && superior_of(b, cur, &cur))
        depth++;
    return depth;
}

size_t grog_battle_command_units(const grog_battle *b, size_t officer, size_t *out, size_t max)
{
    size_t n = 0;
    if (officer >= grog_battle_nofficers(b))
        return 0;
    for (size_t i = 0; i < grog_battle_nunits(b); i++) {
        size_t p;
        if (!grog_battle_officer_index(b, grog_battle_unit(b, i)->parent, &p))
            continue;
        if (p == officer || grog_battle_is_superior_of(b, officer, p))
            n = put(out, max, n, i);
    }
    return n;
}

size_t grog_battle_attached_officers(const grog_battle *b, size_t unit, size_t *out, size_t max)
{
    const grog_troop *u = grog_battle_unit(b, unit);
    size_t n = 0;
    for (size_t i = 0; u != NULL && i < grog_battle_nofficers(b); i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (o->role != GROG_ROLE_ADC && strcmp(o->attached_to, u->id) == 0)
            n = put(out, max, n, i);
    }
    return n;
}

int grog_battle_commander_in_chief(const grog_battle *b, const char *side_id, size_t *officer)
{
    size_t fallback = 0;
    int have_fallback = 0;
    for (size_t i = 0; i < grog_battle_nofficers(b); i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (side_id != NULL && strcmp(o->side, side_id) != 0)
            continue;
        if (o->role == GROG_ROLE_C_IN_C) {
            *officer = i;
            return 1;
        }
        if (!have_fallback && o->role != GROG_ROLE_ADC && o->superior[0] == '\0') {
            fallback = i;
            have_fallback = 1;
        }
    }
    if (have_fallback)
        *officer = fallback;
    return have_fallback;
}

double grog_battle_officer_unit_distance(const grog_battle *b, size_t officer, size_t unit)
{
    const grog_officer *o = grog_battle_officer(b, officer);
    const grog_troop *u = grog_battle_unit(b, unit);
    if (o == NULL || u == NULL)
        return HUGE_VAL;
    return grog_base_distance(&o->base, &u->base);
}

double grog_battle_officer_distance(const grog_battle *b, size_t a, size_t c)
{
    const grog_officer *o = grog_battle_officer(b, a), *p = grog_battle_officer(b, c);
    if (o == NULL || p == NULL)
        return HUGE_VAL;
    return grog_base_distance(&o->base, &p->base);
}

/* ---- checked changes ---- */

grog_status grog_battle_officer_set_superior(grog_battle *b, const char *officer_id,
                                             const char *superior_id, grog_error *err)
{
    size_t o, s;
    if (!grog_battle_officer_index(b, officer_id, &o))
        return grog_error_set(err, GROG_EINVAL, _("no officer \"%s\""), officer_id ? officer_id : "");
    grog_officer *off = grog_battle_officer_mut(b, o);
    if (superior_id == NULL || superior_id[0] == '\0') {
        off->superior[0] = '\0';
        return GROG_OK;
    }
    if (!grog_battle_officer_index(b, superior_id, &s))
        return grog_error_set(err, GROG_EINVAL, _("no officer \"%s\""), superior_id);
    const grog_officer *sup = grog_battle_officer(b, s);
    if (strcmp(sup->side, off->side) != 0)
        return grog_error_set(err, GROG_EINVAL, _("\"%s\" and \"%s\" are on different sides"),
                              officer_id, superior_id);
    if (sup->role == GROG_ROLE_ADC)
        return grog_error_set(err, GROG_EINVAL,
                              _("\"%s\" is an aide-de-camp and cannot be a superior"), superior_id);
    if (s == o || grog_battle_is_superior_of(b, o, s))
        return grog_error_set(err, GROG_EINVAL,
                              _("\"%s\" under \"%s\" would make a cycle in the hierarchy"),
                              officer_id, superior_id);
    grog_model_copy(off->superior, sizeof off->superior, superior_id);
    return GROG_OK;
}

grog_status grog_battle_officer_attach(grog_battle *b, const char *officer_id,
                                       const char *unit_id, grog_error *err)
{
    size_t o, u;
    if (!grog_battle_officer_index(b, officer_id, &o))
        return grog_error_set(err, GROG_EINVAL, _("no officer \"%s\""), officer_id ? officer_id : "");
    grog_officer *off = grog_battle_officer_mut(b, o);
    if (unit_id == NULL || unit_id[0] == '\0') {
        off->attached_to[0] = '\0';
        return GROG_OK;
    }
    if (!grog_battle_unit_index(b, unit_id, &u))
        return grog_error_set(err, GROG_EINVAL, _("no unit \"%s\""), unit_id);
    if (strcmp(grog_battle_unit(b, u)->side, off->side) != 0)
        return grog_error_set(err, GROG_EINVAL, _("\"%s\" and \"%s\" are on different sides"),
                              officer_id, unit_id);
    if (off->role != GROG_ROLE_ADC) {
        size_t att[2];
        size_t n = grog_battle_attached_officers(b, u, att, 2);
        for (size_t k = 0; k < n && k < 2; k++)
            if (att[k] != o)
                return grog_error_set(err, GROG_ERULE,
                                      _("GT-03: unit \"%s\" already has general \"%s\" attached"),
                                      unit_id, grog_battle_officer(b, att[k])->id);
    }
    grog_model_copy(off->attached_to, sizeof off->attached_to, unit_id);
    return GROG_OK;
}

grog_status grog_battle_unit_set_parent(grog_battle *b, const char *unit_id,
                                        const char *officer_id, grog_error *err)
{
    size_t u, o;
    if (!grog_battle_unit_index(b, unit_id, &u))
        return grog_error_set(err, GROG_EINVAL, _("no unit \"%s\""), unit_id ? unit_id : "");
    grog_troop *unit = grog_battle_unit_mut(b, u);
    if (officer_id == NULL || officer_id[0] == '\0') {
        unit->parent[0] = '\0';
        return GROG_OK;
    }
    if (!grog_battle_officer_index(b, officer_id, &o))
        return grog_error_set(err, GROG_EINVAL, _("no officer \"%s\""), officer_id);
    const grog_officer *off = grog_battle_officer(b, o);
    if (strcmp(off->side, unit->side) != 0)
        return grog_error_set(err, GROG_EINVAL, _("\"%s\" and \"%s\" are on different sides"),
                              unit_id, officer_id);
    if (off->role == GROG_ROLE_ADC)
        return grog_error_set(err, GROG_EINVAL,
                              _("\"%s\" is an aide-de-camp and cannot command units"), officer_id);
    grog_model_copy(unit->parent, sizeof unit->parent, officer_id);
    return GROG_OK;
}

/* ---- the full check ---- */

typedef struct checker {
    const grog_battle *b;
    grog_battle_problem_fn fn;
    void *ctx;
    size_t count;
} checker;

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static void problem(checker *c, const char *kind, size_t index, const char *field,
                    const char *fmt, ...)
{
    c->count++;
    if (c->fn == NULL)
        return;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    grog_text_vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    c->fn(c->ctx, kind, index, field, msg);
}

static int on_table(const grog_battle *b, grog_point p)
{
    const grog_table *t = grog_battle_table(b);
    double m = t->margin_mm;
    return p.x >= -m && p.y >= -m && p.x <= t->width_mm + m && p.y <= t->depth_mm + m;
}

static void check_base(checker *c, const char *kind, size_t i, const grog_base *base)
{
    if (!isfinite(base->centre.x) || !isfinite(base->centre.y) || !on_table(c->b, base->centre))
        problem(c, kind, i, "position", _("position (%.1f, %.1f) mm is off the table"),
                base->centre.x, base->centre.y);
    if (!(base->width > 0) || !isfinite(base->width))
        problem(c, kind, i, "base.width", "%s", _("base width must be greater than 0"));
    if (!(base->depth > 0) || !isfinite(base->depth))
        problem(c, kind, i, "base.depth", "%s", _("base depth must be greater than 0"));
    if (!isfinite(base->facing))
        problem(c, kind, i, "facing", "%s", _("facing must be a finite number of degrees"));
}

static void check_order(checker *c, const char *kind, size_t i, const char *field,
                        const grog_order *o)
{
    char f[32];
    if (o->target[0] != '\0' && !grog_battle_id_used(c->b, o->target)) {
        snprintf(f, sizeof f, "%s.target", field);
        problem(c, kind, i, f, _("no side, officer or unit \"%s\""), o->target);
    }
    if (o->given_turn < 0 || o->effective_turn < 0) {
        snprintf(f, sizeof f, "%s.given_turn", field);
        problem(c, kind, i, f, "%s", _("turns cannot be negative"));
    }
}

static void check_sides(checker *c)
{
    const grog_battle *b = c->b;
    for (size_t i = 0; i < grog_battle_nsides(b); i++) {
        const grog_side *s = grog_battle_side(b, i);
        if ((int)s->nation < 0 || s->nation >= GROG_NATION_COUNT)
            problem(c, "side", i, "nation", "%s", _("unknown nation"));
        size_t ncinc = 0;
        for (size_t k = 0; k < grog_battle_nofficers(b); k++) {
            const grog_officer *o = grog_battle_officer(b, k);
            if (o->role == GROG_ROLE_C_IN_C && strcmp(o->side, s->id) == 0 && ++ncinc == 2)
                problem(c, "officer", k, "role",
                        _("side \"%s\" already has a commander-in-chief"), s->id);
        }
        if (ncinc == 0)
            problem(c, "side", i, "id", _("side \"%s\" has no commander-in-chief"), s->id);
    }
}

static void check_superior(checker *c, size_t i, const grog_officer *o)
{
    const grog_battle *b = c->b;
    size_t s;
    if (o->superior[0] == '\0') {
        if (o->role == GROG_ROLE_ADC)
            problem(c, "officer", i, "superior", "%s",
                    _("an aide-de-camp needs the general he belongs to as superior (AIG-O-02)"));
        return;
    }
    if (!grog_battle_officer_index(b, o->superior, &s)) {
        problem(c, "officer", i, "superior", _("no officer \"%s\""), o->superior);
        return;
    }
    const grog_officer *sup = grog_battle_officer(b, s);
    if (o->role == GROG_ROLE_C_IN_C)
        problem(c, "officer", i, "superior", "%s",
                _("a commander-in-chief has no superior"));
    if (strcmp(sup->side, o->side) != 0)
        problem(c, "officer", i, "superior", _("superior \"%s\" is on another side"), sup->id);
    if (sup->role == GROG_ROLE_ADC)
        problem(c, "officer", i, "superior",
                o->role == GROG_ROLE_ADC
                    ? _("\"%s\" is an aide-de-camp: an aide-de-camp belongs to a general (AIG-O-02)")
                    : _("\"%s\" is an aide-de-camp and cannot be a superior"),
                sup->id);
    if (s == i || grog_battle_is_superior_of(b, i, s)) {
        /* Report a cycle once, on its first officer. */
        int first = 1;
        size_t cur = i;
        for (size_t k = 0; k < grog_battle_nofficers(b) && superior_of(b, cur, &cur); k++) {
            if (cur == i)
                break;
            if (cur < i)
                first = 0;
        }
        if (first)
            problem(c, "officer", i, "superior", _("cycle in the hierarchy through \"%s\""),
                    o->superior);
    }
}

static void check_attachment(checker *c, size_t i, const grog_officer *o)
{
    const grog_battle *b = c->b;
    size_t u;
    if (o->attached_to[0] == '\0')
        return;
    if (!grog_battle_unit_index(b, o->attached_to, &u)) {
        problem(c, "officer", i, "attached_to", _("no unit \"%s\""), o->attached_to);
        return;
    }
    if (strcmp(grog_battle_unit(b, u)->side, o->side) != 0)
        problem(c, "officer", i, "attached_to", _("unit \"%s\" is on another side"),
                o->attached_to);
    if (o->role == GROG_ROLE_ADC)
        return;
    size_t att[2];
    if (grog_battle_attached_officers(b, u, att, 2) >= 2 && att[0] != i)
        problem(c, "officer", i, "attached_to",
                _("GT-03: unit \"%s\" already has general \"%s\" attached"), o->attached_to,
                grog_battle_officer(b, att[0])->id);
}

static void check_state(checker *c, size_t i, const grog_officer *o)
{
    const grog_battle *b = c->b;
    if ((int)o->state < 0 || o->state >= GROG_OFFICER_STATE_COUNT) {
        problem(c, "officer", i, "state", "%s", _("unknown officer state"));
        return;
    }
    if (o->state != GROG_OFFICER_PRISONER) {
        if (o->held_by[0] != '\0')
            problem(c, "officer", i, "held_by", "%s", _("only a prisoner is held by a unit"));
        return;
    }
    size_t u;
    if (o->held_by[0] == '\0')
        problem(c, "officer", i, "held_by", "%s",
                _("a prisoner needs the unit that holds him (AIG-O-23)"));
    else if (!grog_battle_unit_index(b, o->held_by, &u))
        problem(c, "officer", i, "held_by", _("no unit \"%s\""), o->held_by);
    else if (strcmp(grog_battle_unit(b, u)->side, o->side) == 0)
        problem(c, "officer", i, "held_by", _("unit \"%s\" is on his own side"), o->held_by);
}

static void check_officer(checker *c, size_t i)
{
    const grog_battle *b = c->b;
    const grog_officer *o = grog_battle_officer(b, i);
    if (!grog_battle_side_index(b, o->side, NULL))
        problem(c, "officer", i, "side", _("no side \"%s\""), o->side);
    if ((int)o->role < 0 || o->role >= GROG_ROLE_COUNT)
        problem(c, "officer", i, "role", "%s", _("unknown role"));
    if ((int)o->nation < 0 || o->nation >= GROG_NATION_COUNT)
        problem(c, "officer", i, "nation", "%s", _("unknown nation"));
    check_superior(c, i, o);
    check_attachment(c, i, o);
    check_state(c, i, o);
    check_base(c, "officer", i, &o->base);
    const grog_ratings *r = &o->ratings;
    if (r->aigles_charisma < 0 || r->aigles_charisma > 5)
        problem(c, "officer", i, "ratings.aigles.charisma",
                _("charisma %d is out of range 0 to 5 (AIG-O-01)"), r->aigles_charisma);
    if (r->aigles_command < 0 || r->aigles_command > 5)
        problem(c, "officer", i, "ratings.aigles.command",
                _("command %d is out of range 0 to 5 (AIG-O-01)"), r->aigles_command);
    if ((int)r->gdb_skill < 0 || r->gdb_skill >= GROG_GDB_SKILL_COUNT)
        problem(c, "officer", i, "ratings.gdb.skill", "%s", _("unknown gdb skill"));
    if ((int)r->gt_quality < 0 || r->gt_quality >= GROG_GT_QUALITY_COUNT)
        problem(c, "officer", i, "ratings.gt.quality", "%s", _("unknown gt quality"));
    if (o->casualties < 0)
        problem(c, "officer", i, "casualties", "%s", _("casualties cannot be negative"));
    if (o->personally_commands && o->role != GROG_ROLE_C_IN_C)
        problem(c, "officer", i, "personally_commands", "%s",
                _("only a commander-in-chief personally commands a brigade (GDB-07)"));
    check_order(c, "officer", i, "order", &o->order);
    check_order(c, "officer", i, "pending", &o->pending);
}

static void check_unit(checker *c, size_t i)
{
    const grog_battle *b = c->b;
    const grog_troop *u = grog_battle_unit(b, i);
    size_t p;
    if (!grog_battle_side_index(b, u->side, NULL))
        problem(c, "unit", i, "side", _("no side \"%s\""), u->side);
    if (u->parent[0] != '\0') {
        if (!grog_battle_officer_index(b, u->parent, &p))
            problem(c, "unit", i, "parent", _("no officer \"%s\""), u->parent);
        else if (grog_battle_officer(b, p)->role == GROG_ROLE_ADC)
            problem(c, "unit", i, "parent",
                    _("\"%s\" is an aide-de-camp and cannot command units"), u->parent);
        else if (strcmp(grog_battle_officer(b, p)->side, u->side) != 0)
            problem(c, "unit", i, "parent", _("officer \"%s\" is on another side"), u->parent);
    }
    if ((int)u->arm < 0 || u->arm >= GROG_ARM_COUNT)
        problem(c, "unit", i, "arm", "%s", _("unknown arm"));
    if ((int)u->status < 0 || u->status >= GROG_STATUS_COUNT)
        problem(c, "unit", i, "status", "%s", _("unknown status"));
    if ((int)u->manoeuvre < 0 || u->manoeuvre >= GROG_MANOEUVRE_COUNT)
        problem(c, "unit", i, "manoeuvre", "%s", _("unknown manoeuvre class"));
    if (u->figures < 0)
        problem(c, "unit", i, "figures", "%s", _("figures cannot be negative"));
    if (u->subunits < 0)
        problem(c, "unit", i, "subunits", "%s", _("subunits cannot be negative"));
    if (u->casualties < 0)
        problem(c, "unit", i, "casualties", "%s", _("casualties cannot be negative"));
    if (!grog_model_id_valid(u->formation))
        problem(c, "unit", i, "formation", "%s", _("a formation id is needed (\"line\", ...)"));
    if (u->melee_since < 0)
        problem(c, "unit", i, "melee_since", "%s", _("turns cannot be negative"));
    check_base(c, "unit", i, &u->base);
    check_order(c, "unit", i, "order", &u->order);
    check_order(c, "unit", i, "pending", &u->pending);
}

size_t grog_battle_check(const grog_battle *b, grog_battle_problem_fn fn, void *ctx)
{
    checker c = {b, fn, ctx, 0};
    check_sides(&c);
    for (size_t i = 0; i < grog_battle_nofficers(b); i++)
        check_officer(&c, i);
    for (size_t i = 0; i < grog_battle_nunits(b); i++)
        check_unit(&c, i);
    return c.count;
}

/* ---- the hierarchy index (battle.h) ----
 *
 * Every relation is stored as lists in one array per relation (CSR: the
 * items of key k are item[start[k] .. start[k+1]), counted then filled in
 * increasing item order, hence in battle order). A depth-first walk from
 * the officers without a resolvable superior numbers every officer whose
 * chain of superiors ends: his subtree is then the preorder positions
 * pre .. pre + size - 1, which answers "is a above o" in O(1). Officers on
 * or leading into a cycle are never reached (pre = NONE); for them the
 * index walks the chain as the grog_battle_ functions do, so the answers
 * stay the same for a battle with problems. */

#define NONE SIZE_MAX

typedef struct csr {
    size_t *start; /* nkeys + 1 */
    size_t *item;  /* one per item with a key */
} csr;

struct grog_hierarchy {
    size_t no, nu;
    size_t *sup;    /* per officer: his superior's index, or NONE */
    size_t *parent; /* per unit: his parent officer's index, or NONE */
    csr subs, adcs, kids, units, attached;
    size_t *pre;    /* per officer: preorder position, NONE when in a cycle */
    size_t *size;   /* per officer: his subtree's officers, himself included */
    size_t *order;  /* officers by preorder position */
    int *depth;
};

static void csr_free(csr *c)
{
    free(c->start);
    free(c->item);
}

/* Lists of nitems items under nkeys keys: key[i] (NONE: no list). */
static int csr_build(csr *c, size_t nkeys, const size_t *key, size_t nitems)
{
    c->start = calloc(nkeys + 2, sizeof *c->start);
    c->item = malloc((nitems ? nitems : 1) * sizeof *c->item);
    if (c->start == NULL || c->item == NULL)
        return 0;
    for (size_t i = 0; i < nitems; i++)
        if (key[i] != NONE)
            c->start[key[i] + 2]++;
    for (size_t k = 0; k < nkeys; k++)
        c->start[k + 2] += c->start[k + 1];
    /* start[k + 1] is now where list k begins; fill moves it to its end. */
    for (size_t i = 0; i < nitems; i++)
        if (key[i] != NONE)
            c->item[c->start[key[i] + 1]++] = i;
    return 1;
}

static const size_t *csr_list(const csr *c, size_t nkeys, size_t k, size_t *n)
{
    if (k >= nkeys) {
        *n = 0;
        return NULL;
    }
    *n = c->start[k + 1] - c->start[k];
    return c->item + c->start[k];
}

void grog_hierarchy_destroy(grog_hierarchy *h)
{
    if (h == NULL)
        return;
    free(h->sup);
    free(h->parent);
    csr_free(&h->subs);
    csr_free(&h->adcs);
    csr_free(&h->kids);
    csr_free(&h->units);
    csr_free(&h->attached);
    free(h->pre);
    free(h->size);
    free(h->order);
    free(h->depth);
    free(h);
}

/* Resolves the references once: superiors, parents. */
static void resolve(const grog_battle *b, grog_hierarchy *h)
{
    for (size_t i = 0; i < h->no; i++)
        if (!grog_battle_officer_index(b, grog_battle_officer(b, i)->superior, &h->sup[i]))
            h->sup[i] = NONE;
    for (size_t i = 0; i < h->nu; i++)
        if (!grog_battle_officer_index(b, grog_battle_unit(b, i)->parent, &h->parent[i]))
            h->parent[i] = NONE;
}

/* The lists; key is scratch of max(no, nu) entries. */
static int build_lists(const grog_battle *b, grog_hierarchy *h, size_t *key)
{
    size_t no = h->no;
    for (int pass = 0; pass < 3; pass++) {
        for (size_t i = 0; i < no; i++) {
            int adc = grog_battle_officer(b, i)->role == GROG_ROLE_ADC;
            int want = pass == 2 || (pass == 1) == adc;
            key[i] = want && h->sup[i] != i ? h->sup[i] : NONE;
        }
        csr *c = pass == 0 ? &h->subs : pass == 1 ? &h->adcs : &h->kids;
        if (!csr_build(c, no, key, no))
            return 0;
    }
    if (!csr_build(&h->units, no, h->parent, h->nu))
        return 0;
    for (size_t i = 0; i < no; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (o->role == GROG_ROLE_ADC || !grog_battle_unit_index(b, o->attached_to, &key[i]))
            key[i] = NONE;
    }
    return csr_build(&h->attached, h->nu, key, no);
}

/* Numbers the officers depth first from every root; stack is scratch of
 * 2 * no entries. */
static void number(grog_hierarchy *h, size_t *stack)
{
    size_t *node = stack, *next = stack + h->no, top = 0, pos = 0;
    for (size_t i = 0; i < h->no; i++) {
        h->pre[i] = NONE;
        h->size[i] = 0;
        h->depth[i] = (int)h->no; /* what walking a cycle gives */
    }
    for (size_t r = 0; r < h->no; r++) {
        if (h->sup[r] != NONE)
            continue;
        h->pre[r] = pos;
        h->order[pos++] = r;
        h->depth[r] = 0;
        node[0] = r;
        next[0] = h->kids.start[r];
        top = 1;
        while (top > 0) {
            size_t o = node[top - 1];
            if (next[top - 1] == h->kids.start[o + 1]) {
                h->size[o] = pos - h->pre[o];
                top--;
                continue;
            }
            size_t k = h->kids.item[next[top - 1]++];
            h->pre[k] = pos;
            h->order[pos++] = k;
            h->depth[k] = h->depth[o] + 1;
            node[top] = k;
            next[top] = h->kids.start[k];
            top++;
        }
    }
}

grog_status grog_hierarchy_build(const grog_battle *b, grog_hierarchy **out, grog_error *err)
{
    grog_hierarchy *h = calloc(1, sizeof *h);
    if (h == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    size_t no = grog_battle_nofficers(b), nu = grog_battle_nunits(b);
    size_t n1 = no ? no : 1, scratch = 2 * n1 > nu ? 2 * n1 : nu;
    h->no = no;
    h->nu = nu;
    h->sup = malloc(n1 * sizeof *h->sup);
    h->parent = malloc((nu ? nu : 1) * sizeof *h->parent);
    h->pre = malloc(n1 * sizeof *h->pre);
    h->size = malloc(n1 * sizeof *h->size);
    h->order = malloc(n1 * sizeof *h->order);
    h->depth = malloc(n1 * sizeof *h->depth);
    size_t *tmp = malloc(scratch * sizeof *tmp);
    int ok = h->sup && h->parent && h->pre && h->size && h->order && h->depth && tmp;
    if (ok) {
        resolve(b, h);
        ok = build_lists(b, h, tmp);
    }
    if (ok)
        number(h, tmp);
    free(tmp);
    if (!ok) {
        grog_hierarchy_destroy(h);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    *out = h;
    return GROG_OK;
}

const size_t *grog_hierarchy_subordinates(const grog_hierarchy *h, size_t officer, size_t *n)
{
    return csr_list(&h->subs, h->no, officer, n);
}

const size_t *grog_hierarchy_adcs(const grog_hierarchy *h, size_t officer, size_t *n)
{
    return csr_list(&h->adcs, h->no, officer, n);
}

const size_t *grog_hierarchy_officer_units(const grog_hierarchy *h, size_t officer, size_t *n)
{
    return csr_list(&h->units, h->no, officer, n);
}

const size_t *grog_hierarchy_attached_officers(const grog_hierarchy *h, size_t unit, size_t *n)
{
    return csr_list(&h->attached, h->nu, unit, n);
}

int grog_hierarchy_superior(const grog_hierarchy *h, size_t officer, size_t *sup)
{
    if (officer >= h->no || h->sup[officer] == NONE)
        return 0;
    *sup = h->sup[officer];
    return 1;
}

int grog_hierarchy_depth(const grog_hierarchy *h, size_t officer)
{
    return officer < h->no ? h->depth[officer] : 0;
}

/* 1 when officer k is in the subtree of a (a numbered), a itself included. */
static int in_subtree(const grog_hierarchy *h, size_t a, size_t k)
{
    return h->pre[k] != NONE && h->pre[k] >= h->pre[a] && h->pre[k] - h->pre[a] < h->size[a];
}

int grog_hierarchy_is_superior_of(const grog_hierarchy *h, size_t ancestor, size_t officer)
{
    if (officer >= h->no || ancestor >= h->no)
        return 0;
    if (h->pre[officer] != NONE)
        return h->pre[ancestor] != NONE && ancestor != officer &&
               in_subtree(h, ancestor, officer);
    size_t cur = officer;
    for (size_t steps = 0; steps < h->no && h->sup[cur] != NONE; steps++) {
        cur = h->sup[cur];
        if (cur == ancestor)
            return 1;
    }
    return 0;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* 1 when unit u is commanded by officer, directly or through subordinates. */
static int commands_unit(const grog_hierarchy *h, size_t officer, size_t u)
{
    size_t p = h->parent[u];
    return p != NONE && (p == officer || grog_hierarchy_is_superior_of(h, officer, p));
}

size_t grog_hierarchy_command_units(const grog_hierarchy *h, size_t officer, size_t *out,
                                    size_t max)
{
    size_t n = 0;
    if (officer >= h->no)
        return 0;
    if (h->pre[officer] != NONE) {
        size_t from = h->pre[officer], to = from + h->size[officer];
        for (size_t p = from; p < to; p++) {
            size_t k = h->order[p];
            n += h->units.start[k + 1] - h->units.start[k];
        }
        if (out == NULL)
            return n;
        if (n <= max) {
            size_t m = 0;
            for (size_t p = from; p < to; p++) {
                size_t k = h->order[p];
                for (size_t j = h->units.start[k]; j < h->units.start[k + 1]; j++)
                    out[m++] = h->units.item[j];
            }
            qsort(out, n, sizeof *out, cmp_size);
            return n;
        }
        n = 0; /* too many for out: the first max in battle order, by a scan */
    }
    for (size_t u = 0; u < h->nu; u++)
        if (commands_unit(h, officer, u))
            n = put(out, max, n, u);
    return n;
}

size_t grog_hierarchy_command_officers(const grog_hierarchy *h, size_t officer, size_t *out,
                                       size_t max)
{
    if (officer >= h->no)
        return 0;
    if (h->pre[officer] != NONE) {
        size_t n = h->size[officer] - 1;
        if (out == NULL)
            return n;
        if (n <= max) {
            memcpy(out, h->order + h->pre[officer] + 1, n * sizeof *out);
            qsort(out, n, sizeof *out, cmp_size);
            return n;
        }
    }
    size_t n = 0;
    for (size_t k = 0; k < h->no; k++)
        if (grog_hierarchy_is_superior_of(h, officer, k))
            n = put(out, max, n, k);
    return n;
}
