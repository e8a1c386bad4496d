/* snapshot.c — a game's state as one JSON text and back (snapshot.h).
 *
 * Invariants: save then load gives a state that acts exactly as the one
 * saved (same views, same rolls, same records for the same actions), and
 * saving it again gives the same bytes. Loading builds the whole new state
 * aside (the battle fresh from the scenario, the snapshot laid over it) and
 * hands it over only when every field has been read and checked, so a
 * damaged text changes nothing and leaks nothing.
 *
 * Lengths are written as JSON integers when they are whole mm, else as reals
 * with 17 significant digits: both read back to the same double. The
 * generator's 64-bit words are 16 lowercase hex digits (JSON integers are
 * signed). Officers and units are written in battle order, each under its
 * id, and must come back in that order. The text is written directly
 * (jsontext.h), byte for byte what jansson dumps for the same document. */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snapshot.h"

#include "claim_list.h"

#include "grognard/scenario.h"
#include "i18n.h"
#include "jsontext.h"

/* ---- reading helpers ---- */

const char *snapshot_path(char *buf, size_t size, const char *where, const char *key, size_t i)
{
    if (key == NULL)
        snprintf(buf, size, "%s[%zu]", where, i);
    else if (where[0] == '\0')
        snprintf(buf, size, "%s", key);
    else
        snprintf(buf, size, "%s.%s", where, key);
    return buf;
}

static grog_status type_error(const char *where, const char *key, grog_error *err)
{
    char p[256];
    return grog_error_set(err, GROG_EFORMAT, _("snapshot: %s is missing or of the wrong type"),
                          key != NULL ? snapshot_path(p, sizeof p, where, key, 0) : where);
}

grog_status snapshot_range_error(const char *where, const char *key, grog_error *err)
{
    char p[256];
    return grog_error_set(err, GROG_EFORMAT, _("snapshot: %s is out of range"),
                          key != NULL ? snapshot_path(p, sizeof p, where, key, 0) : where);
}

static const json_t *member(const json_t *obj, const char *key)
{
    return key != NULL ? json_object_get(obj, key) : obj;
}

grog_status snapshot_int(const json_t *obj, const char *where, const char *key, long long lo,
                         long long hi, long long *out, grog_error *err)
{
    const json_t *v = member(obj, key);
    if (!json_is_integer(v))
        return type_error(where, key, err);
    long long n = json_integer_value(v);
    if (n < lo || n > hi)
        return snapshot_range_error(where, key, err);
    *out = n;
    return GROG_OK;
}

grog_status snapshot_i(const json_t *obj, const char *where, const char *key, int lo, int hi,
                       int *out, grog_error *err)
{
    long long n;
    grog_status st = snapshot_int(obj, where, key, lo, hi, &n, err);
    if (st == GROG_OK)
        *out = (int)n;
    return st;
}

grog_status snapshot_string(const json_t *obj, const char *where, const char *key, size_t size,
                            const char **out, grog_error *err)
{
    const json_t *v = member(obj, key);
    if (!json_is_string(v))
        return type_error(where, key, err);
    const char *s = json_string_value(v);
    size_t n = json_string_length(v);
    if (n >= size || strlen(s) != n)
        return snapshot_range_error(where, key, err);
    *out = s;
    return GROG_OK;
}

grog_status snapshot_array(const json_t *obj, const char *where, const char *key, size_t n,
                           json_t **out, grog_error *err)
{
    json_t *v = (json_t *)member(obj, key);
    if (!json_is_array(v))
        return type_error(where, key, err);
    if (n != SIZE_MAX && json_array_size(v) != n) {
        char p[256];
        return grog_error_set(err, GROG_EFORMAT,
                              _("snapshot: %s: the snapshot lists %zu, the game has %zu"),
                              key != NULL ? snapshot_path(p, sizeof p, where, key, 0) : where,
                              json_array_size(v), n);
    }
    *out = v;
    return GROG_OK;
}

grog_status snapshot_object(const json_t *obj, const char *where, const char *key, json_t **out,
                            grog_error *err)
{
    json_t *v = (json_t *)member(obj, key);
    if (!json_is_object(v))
        return type_error(where, key, err);
    *out = v;
    return GROG_OK;
}

static grog_status unknown_id(const char *where, const char *key, const char *id,
                              grog_error *err)
{
    char p[256];
    return grog_error_set(err, GROG_EFORMAT, _("snapshot: %s: the game has no \"%s\""),
                          key != NULL ? snapshot_path(p, sizeof p, where, key, 0) : where, id);
}

static grog_status piece(const grog_battle *b, int officer, const json_t *obj, const char *where,
                         const char *key, int null_ok, size_t *index, grog_error *err)
{
    const json_t *v = member(obj, key);
    if (null_ok && json_is_null(v)) {
        *index = (size_t)-1;
        return GROG_OK;
    }
    const char *id;
    grog_status st = snapshot_string(obj, where, key, GROG_ID_MAX, &id, err);
    if (st != GROG_OK)
        return st;
    int found = officer ? grog_battle_officer_index(b, id, index)
                        : grog_battle_unit_index(b, id, index);
    return found ? GROG_OK : unknown_id(where, key, id, err);
}

grog_status snapshot_officer(const grog_battle *b, const json_t *obj, const char *where,
                             const char *key, int null_ok, size_t *index, grog_error *err)
{
    return piece(b, 1, obj, where, key, null_ok, index, err);
}

grog_status snapshot_unit(const grog_battle *b, const json_t *obj, const char *where,
                          const char *key, int null_ok, size_t *index, grog_error *err)
{
    return piece(b, 0, obj, where, key, null_ok, index, err);
}

/* ---- writing ----
 * The text is written directly (jsontext.h), byte for byte what jansson
 * dumps for the same document (JSON_COMPACT | JSON_PRESERVE_ORDER,
 * 17 digits): a 2,000-unit battle is written ten times faster than by
 * building and dumping a tree. What jansson could not write either (a
 * string that is not UTF-8, a length that is not finite) or no memory
 * gives no snapshot. */

static void text_length(grog_jsontext *t, double d)
{
    if (d == floor(d) && fabs(d) < 9007199254740992.0 && !(d == 0 && signbit(d)))
        grog_jsontext_int(t, (long long)d);
    else
        grog_jsontext_real(t, d);
}

static void text_base(grog_jsontext *t, const grog_base *b)
{
    grog_jsontext_lit(t, ",\"base\":[");
    text_length(t, b->centre.x);
    grog_jsontext_lit(t, ",");
    text_length(t, b->centre.y);
    grog_jsontext_lit(t, ",");
    text_length(t, b->width);
    grog_jsontext_lit(t, ",");
    text_length(t, b->depth);
    grog_jsontext_lit(t, ",");
    text_length(t, b->facing);
    grog_jsontext_lit(t, "]");
}

static void text_order(grog_jsontext *t, const char *key, const grog_order *o)
{
    grog_jsontext_lit(t, key);
    grog_jsontext_lit(t, "[");
    grog_jsontext_str(t, o->kind);
    grog_jsontext_lit(t, ",");
    grog_jsontext_str(t, o->text);
    grog_jsontext_lit(t, ",");
    grog_jsontext_str(t, o->target);
    grog_jsontext_lit(t, ",");
    grog_jsontext_int(t, o->given_turn);
    grog_jsontext_lit(t, ",");
    grog_jsontext_int(t, o->effective_turn);
    grog_jsontext_lit(t, "]");
}

static void text_officer(grog_jsontext *t, const grog_officer *o)
{
    grog_jsontext_key_str(t, "{\"id\":", o->id);
    grog_jsontext_key_str(t, ",\"role\":", grog_role_name(o->role));
    grog_jsontext_key_str(t, ",\"command\":", o->command);
    grog_jsontext_key_str(t, ",\"superior\":", o->superior);
    text_base(t, &o->base);
    grog_jsontext_key_str(t, ",\"attached_to\":", o->attached_to);
    grog_jsontext_key_str(t, ",\"state\":", grog_officer_state_name(o->state));
    grog_jsontext_key_str(t, ",\"held_by\":", o->held_by);
    grog_jsontext_key_int(t, ",\"markers\":", o->markers);
    grog_jsontext_key_int(t, ",\"casualties\":", o->casualties);
    grog_jsontext_key_int(t, ",\"personally_commands\":", o->personally_commands);
    grog_jsontext_key_int(t, ",\"brigade_broken\":", o->brigade_broken);
    text_order(t, ",\"order\":", &o->order);
    text_order(t, ",\"pending\":", &o->pending);
    grog_jsontext_lit(t, "}");
}

static void text_unit(grog_jsontext *t, const grog_troop *u)
{
    grog_jsontext_key_str(t, "{\"id\":", u->id);
    grog_jsontext_key_str(t, ",\"parent\":", u->parent);
    grog_jsontext_key_str(t, ",\"status\":", grog_unit_status_name(u->status));
    grog_jsontext_key_str(t, ",\"manoeuvre\":", grog_manoeuvre_name(u->manoeuvre));
    grog_jsontext_key_int(t, ",\"figures\":", u->figures);
    grog_jsontext_key_str(t, ",\"formation\":", u->formation);
    text_base(t, &u->base);
    text_order(t, ",\"order\":", &u->order);
    text_order(t, ",\"pending\":", &u->pending);
    grog_jsontext_key_int(t, ",\"flags\":", u->flags);
    grog_jsontext_key_int(t, ",\"melee_since\":", u->melee_since);
    grog_jsontext_key_int(t, ",\"casualties\":", u->casualties);
    grog_jsontext_lit(t, "}");
}

char *game_state_save(const grog_game *g, const game_state *s)
{
    if (g->ops->state_save == NULL)
        return NULL;
    grog_jsontext t = {NULL, 0, 0, 0};
    char hex[17];
    uint64_t w[4];
    grog_rng_state(s->rng, w);
    grog_jsontext_key_str(&t, "{\"format\":", SNAPSHOT_FORMAT);
    grog_jsontext_key_int(&t, ",\"version\":", SNAPSHOT_VERSION);
    grog_jsontext_key_str(&t, ",\"family\":", grog_family_name(g->family));
    grog_jsontext_key_int(&t, ",\"turn\":", s->turn);
    grog_jsontext_key_int(&t, ",\"phase\":", (long long)s->phase);
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)grog_rng_seed(s->rng));
    grog_jsontext_key_str(&t, ",\"rng\":{\"seed\":", hex);
    for (int i = 0; i < 4; i++) {
        snprintf(hex, sizeof hex, "%016llx", (unsigned long long)w[i]);
        grog_jsontext_key_str(&t, i == 0 ? ",\"s\":[" : ",", hex);
    }
    grog_jsontext_key_int(&t, "],\"draws\":", (long long)grog_rng_draws(s->rng));
    grog_jsontext_lit(&t, "},\"officers\":[");
    for (size_t i = 0; i < grog_battle_nofficers(s->battle); i++) {
        if (i > 0)
            grog_jsontext_lit(&t, ",");
        text_officer(&t, grog_battle_officer(s->battle, i));
    }
    grog_jsontext_lit(&t, "],\"units\":[");
    for (size_t i = 0; i < grog_battle_nunits(s->battle); i++) {
        if (i > 0)
            grog_jsontext_lit(&t, ",");
        text_unit(&t, grog_battle_unit(s->battle, i));
    }
    if (claim_list_count(s->claims) > 0) { /* only then: the same bytes without */
        json_t *cl = claim_list_save(s->claims);
        grog_jsontext_lit(&t, "],\"claims\":");
        grog_jsontext_value(&t, cl); /* NULL: bad */
        json_decref(cl);
        grog_jsontext_lit(&t, ",\"family_state\":");
    } else {
        grog_jsontext_lit(&t, "],\"family_state\":");
    }
    json_t *fs = g->ops->state_save(g->rules, s->battle, s->fstate);
    grog_jsontext_value(&t, fs); /* NULL: bad */
    json_decref(fs);
    grog_jsontext_lit(&t, "}");
    if (t.bad || t.s == NULL) {
        grog_jsontext_free(&t);
        return NULL;
    }
    return t.s;
}


/* ---- reading ---- */

/* A field's path, formatted only when an error will be reported (err not
 * NULL): the pieces are first read without (the common case, every field
 * sound), and read again with paths only to name what is wrong. */
#define PATH(buf, where, key, i)                                                              \
    (err != NULL ? snapshot_path(buf, sizeof buf, where, key, i) : ((buf)[0] = '\0', (buf)))

/* A reference field: "" or an id of the right kind in b, or the scenario's
 * own value (which the scenario check accepted). */
enum ref_kind { REF_OFFICER, REF_UNIT, REF_ANY };

static grog_status ref_field(const grog_battle *b, const json_t *obj, const char *where,
                             const char *key, enum ref_kind kind, char *field, grog_error *err)
{
    const char *id;
    grog_status st = snapshot_string(obj, where, key, GROG_ID_MAX, &id, err);
    if (st != GROG_OK)
        return st;
    size_t i;
    int ok = id[0] == '\0' || strcmp(id, field) == 0 ||
             (kind != REF_UNIT && grog_battle_officer_index(b, id, &i)) ||
             (kind != REF_OFFICER && grog_battle_unit_index(b, id, &i)) ||
             (kind == REF_ANY && grog_battle_side_index(b, id, &i));
    if (!ok)
        return unknown_id(where, key, id, err);
    snprintf(field, GROG_ID_MAX, "%s", id);
    return GROG_OK;
}

static grog_status text_field(const json_t *obj, const char *where, const char *key,
                              char *field, size_t size, grog_error *err)
{
    const char *v;
    grog_status st = snapshot_string(obj, where, key, size, &v, err);
    if (st == GROG_OK)
        memcpy(field, v, strlen(v) + 1);
    return st;
}

/* A length: finite, within [lo, hi], or the scenario's own value. */
static grog_status length_field(const json_t *a, const char *where, size_t i, double lo,
                                double hi, double *field, grog_error *err)
{
    char p[256];
    const json_t *v = json_array_get(a, i);
    PATH(p, where, NULL, i);
    if (!json_is_real(v) && !(json_is_integer(v) && json_integer_value(v) < (1LL << 53) &&
                              json_integer_value(v) > -(1LL << 53)))
        return type_error(p, NULL, err);
    double d = json_number_value(v);
    if (!(isfinite(d) && d >= lo && d <= hi) && memcmp(&d, field, sizeof d) != 0)
        return snapshot_range_error(p, NULL, err);
    *field = d;
    return GROG_OK;
}

/* [x, y, width, depth, facing]: on the table or its margin, a size > 0,
 * a facing in [0, 360). */
static grog_status base_field(const grog_battle *b, const json_t *obj, const char *where,
                              grog_base *base, grog_error *err)
{
    char p[256];
    json_t *a;
    grog_status st = snapshot_array(obj, where, "base", 5, &a, err);
    if (st != GROG_OK)
        return st;
    PATH(p, where, "base", 0);
    const grog_table *t = grog_battle_table(b);
    double m = t->margin_mm;
    if ((st = length_field(a, p, 0, -m, t->width_mm + m, &base->centre.x, err)) != GROG_OK ||
        (st = length_field(a, p, 1, -m, t->depth_mm + m, &base->centre.y, err)) != GROG_OK ||
        (st = length_field(a, p, 2, 1e-9, HUGE_VAL, &base->width, err)) != GROG_OK ||
        (st = length_field(a, p, 3, 1e-9, HUGE_VAL, &base->depth, err)) != GROG_OK ||
        (st = length_field(a, p, 4, 0, nextafter(360.0, 0), &base->facing, err)) != GROG_OK)
        return st;
    return GROG_OK;
}

/* [kind, text, target, given_turn, effective_turn]. */
static grog_status order_field(const grog_battle *b, const json_t *obj, const char *where,
                               const char *key, grog_order *o, grog_error *err)
{
    char p[256];
    json_t *a;
    grog_status st = snapshot_array(obj, where, key, 5, &a, err);
    if (st != GROG_OK)
        return st;
    PATH(p, where, key, 0);
    char q[300];
    if ((st = text_field(json_array_get(a, 0), PATH(q, p, NULL, 0), NULL,
                         o->kind, GROG_ID_MAX, err)) != GROG_OK ||
        (st = text_field(json_array_get(a, 1), PATH(q, p, NULL, 1), NULL,
                         o->text, GROG_TEXT_MAX, err)) != GROG_OK)
        return st;
    const json_t *target = json_array_get(a, 2);
    if ((st = ref_field(b, target, PATH(q, p, NULL, 2), NULL, REF_ANY,
                        o->target, err)) != GROG_OK ||
        (st = snapshot_i(json_array_get(a, 3), PATH(q, p, NULL, 3), NULL, 0,
                         INT_MAX, &o->given_turn, err)) != GROG_OK ||
        (st = snapshot_i(json_array_get(a, 4), PATH(q, p, NULL, 4), NULL, 0,
                         INT_MAX, &o->effective_turn, err)) != GROG_OK)
        return st;
    return GROG_OK;
}

/* The id at index i of the snapshot must be the battle's. */
static grog_status same_id(const json_t *obj, const char *where, const char *id, grog_error *err)
{
    const char *v;
    grog_status st = snapshot_string(obj, where, "id", GROG_ID_MAX, &v, err);
    if (st != GROG_OK)
        return st;
    if (strcmp(v, id) != 0) {
        char p[256];
        return grog_error_set(err, GROG_EFORMAT,
                              _("snapshot: %s is \"%s\" where the game has \"%s\""),
                              snapshot_path(p, sizeof p, where, "id", 0), v, id);
    }
    return GROG_OK;
}

static grog_status enum_field(const json_t *obj, const char *where, const char *key,
                              grog_status (*parse)(const char *, int *, grog_error *), int *out,
                              grog_error *err)
{
    const char *v;
    grog_status st = snapshot_string(obj, where, key, GROG_NAME_MAX, &v, err);
    if (st != GROG_OK)
        return st;
    if (parse(v, out, NULL) != GROG_OK)
        return snapshot_range_error(where, key, err);
    return GROG_OK;
}

/* The enum parsers under one type (each writes its own enum, an int). */
static grog_status parse_role(const char *t, int *v, grog_error *e)
{
    grog_role r = GROG_ROLE_C_IN_C;
    grog_status st = grog_role_parse(t, &r, e);
    *v = (int)r;
    return st;
}

static grog_status parse_state(const char *t, int *v, grog_error *e)
{
    grog_officer_state r = GROG_OFFICER_ACTIVE;
    grog_status st = grog_officer_state_parse(t, &r, e);
    *v = (int)r;
    return st;
}

static grog_status parse_status(const char *t, int *v, grog_error *e)
{
    grog_unit_status r = GROG_STATUS_GARDE;
    grog_status st = grog_unit_status_parse(t, &r, e);
    *v = (int)r;
    return st;
}

static grog_status parse_manoeuvre(const char *t, int *v, grog_error *e)
{
    grog_manoeuvre r = GROG_MANOEUVRE_A;
    grog_status st = grog_manoeuvre_parse(t, &r, e);
    *v = (int)r;
    return st;
}

static grog_status load_officer(grog_battle *b, const json_t *j, const char *where,
                                grog_officer *o, grog_error *err)
{
    int role, state, markers, pc, broken;
    grog_status st;
    if (!json_is_object(j))
        return type_error(where, NULL, err);
    if ((st = same_id(j, where, o->id, err)) != GROG_OK ||
        (st = enum_field(j, where, "role", parse_role, &role, err)) != GROG_OK ||
        (st = text_field(j, where, "command", o->command, GROG_NAME_MAX, err)) != GROG_OK ||
        (st = ref_field(b, j, where, "superior", REF_OFFICER, o->superior, err)) != GROG_OK ||
        (st = base_field(b, j, where, &o->base, err)) != GROG_OK ||
        (st = ref_field(b, j, where, "attached_to", REF_UNIT, o->attached_to, err)) != GROG_OK ||
        (st = enum_field(j, where, "state", parse_state, &state, err)) != GROG_OK ||
        (st = ref_field(b, j, where, "held_by", REF_UNIT, o->held_by, err)) != GROG_OK ||
        (st = snapshot_i(j, where, "markers", 0, (1 << GROG_MARKER_COUNT) - 1, &markers, err)) !=
            GROG_OK ||
        (st = snapshot_i(j, where, "casualties", 0, INT_MAX, &o->casualties, err)) != GROG_OK ||
        (st = snapshot_i(j, where, "personally_commands", 0, 1, &pc, err)) != GROG_OK ||
        (st = snapshot_i(j, where, "brigade_broken", 0, 1, &broken, err)) != GROG_OK ||
        (st = order_field(b, j, where, "order", &o->order, err)) != GROG_OK ||
        (st = order_field(b, j, where, "pending", &o->pending, err)) != GROG_OK)
        return st;
    o->role = (grog_role)role;
    o->state = (grog_officer_state)state;
    o->markers = (unsigned)markers;
    o->personally_commands = pc;
    o->brigade_broken = broken;
    return GROG_OK;
}

static grog_status load_unit(grog_battle *b, const json_t *j, const char *where, grog_troop *u,
                             grog_error *err)
{
    int status, manoeuvre, flags;
    grog_status st;
    if (!json_is_object(j))
        return type_error(where, NULL, err);
    if ((st = same_id(j, where, u->id, err)) != GROG_OK ||
        (st = ref_field(b, j, where, "parent", REF_OFFICER, u->parent, err)) != GROG_OK ||
        (st = enum_field(j, where, "status", parse_status, &status, err)) != GROG_OK ||
        (st = enum_field(j, where, "manoeuvre", parse_manoeuvre, &manoeuvre, err)) != GROG_OK ||
        (st = snapshot_i(j, where, "figures", 0, INT_MAX, &u->figures, err)) != GROG_OK ||
        (st = text_field(j, where, "formation", u->formation, GROG_ID_MAX, err)) != GROG_OK ||
        (st = base_field(b, j, where, &u->base, err)) != GROG_OK ||
        (st = order_field(b, j, where, "order", &u->order, err)) != GROG_OK ||
        (st = order_field(b, j, where, "pending", &u->pending, err)) != GROG_OK ||
        (st = snapshot_i(j, where, "flags", 0, (1 << GROG_UNIT_FLAG_COUNT) - 1, &flags, err)) !=
            GROG_OK ||
        (st = snapshot_i(j, where, "melee_since", 0, INT_MAX, &u->melee_since, err)) != GROG_OK ||
        (st = snapshot_i(j, where, "casualties", 0, INT_MAX, &u->casualties, err)) != GROG_OK)
        return st;
    u->status = (grog_unit_status)status;
    u->manoeuvre = (grog_manoeuvre)manoeuvre;
    u->flags = (unsigned)flags;
    return GROG_OK;
}

static grog_status load_pieces(grog_battle *b, const json_t *root, grog_error *err)
{
    json_t *officers, *units;
    size_t no = grog_battle_nofficers(b), nu = grog_battle_nunits(b);
    grog_status st = snapshot_array(root, "", "officers", no, &officers, err);
    if (st == GROG_OK)
        st = snapshot_array(root, "", "units", nu, &units, err);
    char p[64];
    for (size_t i = 0; st == GROG_OK && i < no; i++) {
        const json_t *j = json_array_get(officers, i);
        grog_officer *o = grog_battle_officer_mut(b, i);
        if (load_officer(b, j, "", o, NULL) != GROG_OK) /* again, to name what is wrong */
            st = load_officer(b, j, snapshot_path(p, sizeof p, "officers", NULL, i), o, err);
    }
    for (size_t i = 0; st == GROG_OK && i < nu; i++) {
        const json_t *j = json_array_get(units, i);
        grog_troop *u = grog_battle_unit_mut(b, i);
        if (load_unit(b, j, "", u, NULL) != GROG_OK)
            st = load_unit(b, j, snapshot_path(p, sizeof p, "units", NULL, i), u, err);
    }
    return st;
}

static grog_status hex_field(const json_t *obj, const char *where, const char *key,
                             uint64_t *out, grog_error *err)
{
    const char *v;
    grog_status st = snapshot_string(obj, where, key, 17, &v, err);
    if (st != GROG_OK)
        return st;
    uint64_t n = 0;
    size_t len = strlen(v);
    for (size_t i = 0; i < len; i++) {
        char c = v[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0)
            return snapshot_range_error(where, key, err);
        n = n << 4 | (uint64_t)d;
    }
    if (len != 16)
        return snapshot_range_error(where, key, err);
    *out = n;
    return GROG_OK;
}

static grog_status load_rng(const grog_game *g, const json_t *root, grog_rng **out,
                            grog_error *err)
{
    json_t *r, *words;
    uint64_t seed, s[4];
    long long draws;
    grog_status st = snapshot_object(root, "", "rng", &r, err);
    if (st == GROG_OK)
        st = hex_field(r, "rng", "seed", &seed, err);
    if (st == GROG_OK && seed != g->seed)
        st = snapshot_range_error("rng", "seed", err);
    if (st == GROG_OK)
        st = snapshot_array(r, "rng", "s", 4, &words, err);
    char p[32];
    for (size_t i = 0; st == GROG_OK && i < 4; i++)
        st = hex_field(json_array_get(words, i), snapshot_path(p, sizeof p, "rng.s", NULL, i),
                       NULL, &s[i], err);
    if (st == GROG_OK)
        st = snapshot_int(r, "rng", "draws", 0, LLONG_MAX, &draws, err);
    if (st != GROG_OK)
        return st;
    if ((s[0] | s[1] | s[2] | s[3]) == 0)
        return snapshot_range_error("rng", "s", err);
    *out = grog_rng_restore(seed, s, (uint64_t)draws);
    return *out != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}

static grog_status load_head(const grog_game *g, const json_t *root, int *turn, size_t *phase,
                             grog_error *err)
{
    const char *format, *family;
    long long version, ph;
    grog_status st = snapshot_string(root, "", "format", GROG_ID_MAX, &format, err);
    if (st == GROG_OK && strcmp(format, SNAPSHOT_FORMAT) != 0)
        st = snapshot_range_error("", "format", err);
    if (st == GROG_OK)
        st = snapshot_int(root, "", "version", LLONG_MIN, LLONG_MAX, &version, err);
    if (st == GROG_OK && version != SNAPSHOT_VERSION)
        st = grog_error_set(err, GROG_EFORMAT,
                            _("snapshot: format version %lld, this grognard reads version %d"),
                            version, SNAPSHOT_VERSION);
    if (st == GROG_OK)
        st = snapshot_string(root, "", "family", GROG_ID_MAX, &family, err);
    if (st == GROG_OK && strcmp(family, grog_family_name(g->family)) != 0)
        st = grog_error_set(err, GROG_EFORMAT,
                            _("snapshot: %s is \"%s\" where the game has \"%s\""),
                            "family", family, grog_family_name(g->family));
    if (st == GROG_OK)
        st = snapshot_i(root, "", "turn", 1, INT_MAX, turn, err);
    if (st == GROG_OK)
        st = snapshot_int(root, "", "phase", 0, (long long)g->ops->nphases - 1, &ph, err);
    if (st == GROG_OK)
        *phase = (size_t)ph;
    return st;
}

grog_status game_state_load(grog_game *g, const char *text, game_state *s, grog_error *err)
{
    json_error_t je;
    json_t *root = text != NULL ? json_loads(text, JSON_REJECT_DUPLICATES, &je) : NULL;
    if (root == NULL)
        return grog_error_set(err, GROG_EFORMAT, _("snapshot: not a JSON text (%s)"),
                              text != NULL ? je.text : "NULL");
    game_state n;
    memset(&n, 0, sizeof n);
    grog_status st = json_is_object(root) ? load_head(g, root, &n.turn, &n.phase, err)
                                          : type_error("(top)", NULL, err);
    json_t *fj = NULL;
    if (st == GROG_OK)
        st = snapshot_object(root, "", "family_state", &fj, err);
    if (st == GROG_OK && g->ops->state_load == NULL)
        st = grog_error_set(err, GROG_EFORMAT, _("snapshot: %s is out of range"), "family");
    if (st == GROG_OK)
        st = grog_scenario_load_text(g->scenario_text, g->scenario_label, &n.battle, err);
    if (st == GROG_OK)
        st = load_pieces(n.battle, root, err);
    if (st == GROG_OK)
        st = load_rng(g, root, &n.rng, err);
    if (st == GROG_OK)
        st = g->ops->state_load(g->rules, n.battle, fj, &n.fstate, err);
    if (st == GROG_OK)
        st = claim_list_load(json_object_get(root, "claims"), n.battle, &n.claims, err);
    json_decref(root);
    if (st != GROG_OK) {
        game_state_free(g, &n);
        return st;
    }
    *s = n;
    return GROG_OK;
}

/* ---- the digest ---- */

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Up to 8 bytes as a little-endian word (the same digest on every machine). */
static uint64_t le64(const char *p, size_t n)
{
    uint64_t w = 0;
    for (size_t k = n; k > 0; k--)
        w = w << 8 | (unsigned char)p[k - 1];
    return w;
}

/* Two 64-bit lanes over the text eight bytes at a time, each finished by
 * splitmix64's mixer: damage (a flipped bit, a cut, a swap) changes it. */
void game_state_digest(const char *text, char out[static 33])
{
    size_t n = strlen(text);
    uint64_t a = 0x9e3779b97f4a7c15ULL ^ n, b = 0xc2b2ae3d27d4eb4fULL + n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w = le64(text + i, 8);
        a = (a ^ w) * 0x100000001b3ULL;
        a ^= a >> 29;
        b = (b + w) * 0xff51afd7ed558ccdULL;
        b ^= b >> 32;
    }
    uint64_t w = le64(text + i, n - i);
    a = mix64(a ^ w ^ 0x1234567);
    b = mix64(b + w + a);
    snprintf(out, 33, "%016llx%016llx", (unsigned long long)a, (unsigned long long)b);
}
