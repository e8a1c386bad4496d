/* view.c — what a seat may see of a battle or a game (view.h).
 *
 * The filter is one function, grog_view_may_see, used for the battle
 * (pending orders of other sides cleared in a copy) and everything built on
 * it: the game's JSON state and its map. The game's own status (family
 * bookkeeping: command points, formation changes, ADCs riding, gdb order
 * books, PIPs) comes from grog_game_status_json for the same seat, which
 * filters the family's secrets (GDB-02) itself. Nothing here changes the
 * game or the battle it reads. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "grognard/commitment.h"
#include "grognard/explain.h"
#include "grognard/jsonout.h"
#include "grognard/view.h"
#include "i18n.h"

int grog_view_may_see(const grog_seat *seat, const char *owner)
{
    if (owner == NULL || owner[0] == '\0')
        return 1;
    if (seat == NULL)
        return 0;
    if (seat->kind == GROG_SEAT_REFEREE)
        return 1;
    return seat->kind == GROG_SEAT_SIDE && seat->side != NULL && strcmp(seat->side, owner) == 0;
}

grog_status grog_view_battle_seat(const grog_battle *b, const char *side, int referee,
                                  grog_seat *out, grog_error *err)
{
    grog_seat s = {referee ? GROG_SEAT_REFEREE : GROG_SEAT_PUBLIC, NULL};
    if (side != NULL && side[0] != '\0') {
        if (referee)
            return grog_error_set(err, GROG_EINVAL, "%s",
                                  _("--side and --referee cannot be used together"));
        size_t i;
        if (!grog_battle_side_index(b, side, &i)) {
            char names[512] = "";
            size_t n = 0;
            for (size_t k = 0; k < grog_battle_nsides(b) && n < sizeof names; k++)
                n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", k ? ", " : "",
                                      grog_battle_side(b, k)->id);
            return grog_error_set(err, GROG_EINVAL, _("no side \"%s\"; the sides are: %s"), side,
                                  names);
        }
        s.kind = GROG_SEAT_SIDE;
        s.side = grog_battle_side(b, i)->id;
    }
    *out = s;
    return GROG_OK;
}

void grog_view_battle_filter(grog_battle *b, const grog_seat *seat)
{
    for (size_t i = 0; i < grog_battle_nofficers(b); i++) {
        grog_officer *o = grog_battle_officer_mut(b, i);
        if (!grog_view_may_see(seat, o->side))
            memset(&o->pending, 0, sizeof o->pending);
    }
    for (size_t i = 0; i < grog_battle_nunits(b); i++) {
        grog_troop *u = grog_battle_unit_mut(b, i);
        if (!grog_view_may_see(seat, u->side))
            memset(&u->pending, 0, sizeof u->pending);
    }
}

grog_status grog_view_battle(const grog_battle *b, const grog_seat *seat, grog_battle **out,
                             grog_error *err)
{
    grog_battle *c = grog_battle_clone(b);
    if (c == NULL)
        return grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
    grog_view_battle_filter(c, seat);
    *out = c;
    return GROG_OK;
}

const char *grog_view_family_title(grog_family f)
{
    return grog_family_title(f);
}

/* ---- the game's status for a seat ---- */

/* The game's status object (already filtered by the game for the seat). */
static grog_status game_status(const grog_game *g, const grog_seat *seat, json_t **out,
                               grog_error *err)
{
    char *text = NULL;
    grog_status st = grog_game_status_json(g, seat, &text, err);
    if (st != GROG_OK)
        return st;
    *out = json_loads(text, 0, NULL);
    free(text);
    if (*out == NULL)
        return grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
    return GROG_OK;
}

/* The first element of status[key] whose field equals id, or null. */
static json_t *find_in(json_t *status, const char *key, const char *field, const char *id)
{
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(status, key), i, e) {
        const char *v = json_string_value(json_object_get(e, field));
        if (v != NULL && strcmp(v, id) == 0)
            return json_incref(e);
    }
    return json_null();
}

static const char *seat_kind_name(const grog_seat *seat)
{
    if (seat == NULL)
        return "public";
    return seat->kind == GROG_SEAT_REFEREE ? "referee"
           : seat->kind == GROG_SEAT_SIDE  ? "side"
                                           : "public";
}

/* The battle and status of a game for a seat. */
static grog_status game_parts(const grog_game *g, const grog_seat *seat, grog_battle **b,
                              json_t **status, grog_error *err)
{
    grog_status st = game_status(g, seat, status, err);
    if (st != GROG_OK)
        return st;
    st = grog_view_battle(grog_game_battle(g), seat, b, err);
    if (st != GROG_OK)
        json_decref(*status);
    return st;
}

/* ---- the game's view as JSON text ----
 *
 * Written directly (jsonout.h), byte for byte as the document built from
 * jansson objects and dumped with JSON_INDENT(2) | JSON_PRESERVE_ORDER |
 * JSON_REAL_PRECISION(10) was: the server sends it after every change (a
 * 2,000-unit game's is 1.3 MB). Hidden orders are left out as
 * grog_view_battle leaves them out (grog_view_may_see), without copying the
 * battle; the status's parts are written as they are. */

typedef grog_jsonout jw;

/* A jansson value as json_dumps writes it. */
static void put_value(jw *w, json_t *v)
{
    const char *key;
    json_t *e;
    size_t i;
    switch (json_typeof(v)) {
    case JSON_OBJECT:
        grog_jsonout_object_open(w);
        json_object_foreach(v, key, e) {
            grog_jsonout_key(w, key);
            put_value(w, e);
        }
        grog_jsonout_object_close(w);
        break;
    case JSON_ARRAY:
        grog_jsonout_array_open(w);
        json_array_foreach(v, i, e) put_value(w, e);
        grog_jsonout_array_close(w);
        break;
    case JSON_STRING:
        grog_jsonout_string_n(w, json_string_value(v), json_string_length(v));
        break;
    case JSON_INTEGER:
        grog_jsonout_integer(w, (long long)json_integer_value(v));
        break;
    case JSON_REAL:
        grog_jsonout_real(w, json_real_value(v));
        break;
    case JSON_TRUE:
        grog_jsonout_bool(w, 1);
        break;
    case JSON_FALSE:
        grog_jsonout_bool(w, 0);
        break;
    default:
        grog_jsonout_null(w);
        break;
    }
}

/* key: v, or null when v is NULL. */
static void key_value(jw *w, const char *key, json_t *v)
{
    grog_jsonout_key(w, key);
    if (v != NULL)
        put_value(w, v);
    else
        grog_jsonout_null(w);
}

/* key: status[skey] when it is an array, else []. */
static void key_array(jw *w, const char *key, json_t *status, const char *skey)
{
    json_t *v = json_object_get(status, skey);
    grog_jsonout_key(w, key);
    if (json_is_array(v)) {
        put_value(w, v);
    } else {
        grog_jsonout_array_open(w);
        grog_jsonout_array_close(w);
    }
}

/* An order, or null when there is none or the seat may not see it. */
static void order_text(jw *w, const char *key, const grog_order *o, int seen)
{
    grog_jsonout_key(w, key);
    if (!seen || o->kind[0] == '\0') {
        grog_jsonout_null(w);
        return;
    }
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "kind", o->kind);
    grog_jsonout_key_string_or_null(w, "text", o->text);
    grog_jsonout_key_string_or_null(w, "target", o->target);
    grog_jsonout_key_integer(w, "given_turn", o->given_turn);
    grog_jsonout_key_integer(w, "effective_turn", o->effective_turn);
    grog_jsonout_object_close(w);
}

static void base_text(jw *w, const grog_base *b)
{
    grog_jsonout_key_real(w, "x", b->centre.x);
    grog_jsonout_key_real(w, "y", b->centre.y);
    grog_jsonout_key_real(w, "facing", b->facing);
    grog_jsonout_key_real(w, "width", b->width);
    grog_jsonout_key_real(w, "depth", b->depth);
}

static void officer_text(jw *w, const grog_officer *o, const grog_seat *seat, json_t *status)
{
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "id", o->id);
    grog_jsonout_key_string(w, "name", o->name);
    char label[GROG_NAME_MAX];
    grog_map_officer_label(o, label, sizeof label);
    grog_jsonout_key_string(w, "short_name", label);
    grog_jsonout_key_string(w, "side", o->side);
    grog_jsonout_key_string(w, "role", grog_role_name(o->role));
    grog_jsonout_key_string_or_null(w, "command", o->command);
    grog_jsonout_key_string_or_null(w, "superior", o->superior);
    base_text(w, &o->base);
    grog_jsonout_key_string(w, "state", grog_officer_state_name(o->state));
    grog_jsonout_key_string_or_null(w, "held_by", o->held_by);
    grog_jsonout_key_string_or_null(w, "attached_to", o->attached_to);
    grog_jsonout_key_bool(w, "avance", (o->markers & GROG_MARKER_AVANCE) != 0);
    grog_jsonout_key_integer(w, "casualties", o->casualties);
    grog_jsonout_key(w, "ratings");
    grog_jsonout_object_open(w);
    grog_jsonout_key_integer(w, "aigles_charisma", o->ratings.aigles_charisma);
    grog_jsonout_key_integer(w, "aigles_command", o->ratings.aigles_command);
    grog_jsonout_key_string(w, "gdb_skill", grog_gdb_skill_name(o->ratings.gdb_skill));
    grog_jsonout_key_string(w, "gt_quality", grog_gt_quality_name(o->ratings.gt_quality));
    grog_jsonout_object_close(w);
    order_text(w, "order", &o->order, 1);
    order_text(w, "pending", &o->pending, grog_view_may_see(seat, o->side));
    key_value(w, "points", json_object_get(json_object_get(status, "command_points"), o->id));
    key_value(w, "pips", json_object_get(json_object_get(status, "pips"), o->id));
    grog_jsonout_object_close(w);
}

static void unit_text(jw *w, const grog_troop *u, const grog_seat *seat, json_t *changes,
                      json_t *on_table)
{
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "id", u->id);
    grog_jsonout_key_string(w, "name", u->name);
    char label[GROG_NAME_MAX];
    grog_map_unit_label(u, label, sizeof label);
    grog_jsonout_key_string(w, "short_name", label);
    grog_jsonout_key_string(w, "side", u->side);
    grog_jsonout_key_string_or_null(w, "parent", u->parent);
    grog_jsonout_key_string(w, "arm", grog_arm_name(u->arm));
    grog_jsonout_key_string(w, "status", grog_unit_status_name(u->status));
    grog_jsonout_key_integer(w, "figures", u->figures);
    base_text(w, &u->base);
    grog_jsonout_key_string(w, "formation", u->formation);
    grog_jsonout_key(w, "flags");
    grog_jsonout_array_open(w);
    for (int k = 0; k < GROG_UNIT_FLAG_COUNT; k++)
        if (u->flags & (1u << k))
            grog_jsonout_string(w, grog_unit_flag_name((grog_unit_flag)(1u << k)));
    grog_jsonout_array_close(w);
    grog_jsonout_key(w, "melee");
    if (u->flags & GROG_UNIT_IN_MELEE) {
        grog_jsonout_object_open(w);
        grog_jsonout_key_integer(w, "since_turn", u->melee_since);
        grog_jsonout_object_close(w);
    } else {
        grog_jsonout_null(w);
    }
    grog_jsonout_key_integer(w, "casualties", u->casualties);
    order_text(w, "order", &u->order, 1);
    order_text(w, "pending", &u->pending, grog_view_may_see(seat, u->side));
    key_value(w, "changing", json_object_get(changes, u->id));
    if (json_object_get(on_table, u->id) != NULL) /* aigles: massed (AIG-F-12) */
        key_value(w, "on_table", json_object_get(on_table, u->id));
    grog_jsonout_object_close(w);
}

/* The formation changes under way by unit id (the first for each unit),
 * so that each unit finds its own at once. */
static json_t *changes_by_unit(json_t *status)
{
    json_t *by = json_object(), *e;
    size_t i;
    if (by == NULL)
        return NULL;
    json_array_foreach(json_object_get(status, "formation_changes"), i, e) {
        const char *v = json_string_value(json_object_get(e, "unit"));
        if (v != NULL && json_object_get(by, v) == NULL)
            json_object_set(by, v, e);
    }
    return by;
}

static void head_text(jw *w, const grog_game *g, const grog_seat *seat, const grog_battle *b,
                      json_t *status)
{
    const grog_meta *m = grog_battle_meta(b);
    const grog_table *t = grog_battle_table(b);
    grog_jsonout_key(w, "scenario");
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "name", m->name);
    grog_jsonout_key_string(w, "date", m->date);
    grog_jsonout_key_string(w, "place", m->place);
    grog_jsonout_object_close(w);
    grog_jsonout_key_string(w, "family", grog_family_name(grog_game_family(g)));
    grog_jsonout_key_integer(w, "turn", grog_game_turn(g));
    grog_jsonout_key_string(w, "phase", grog_game_phase(g));
    key_array(w, "phases", status, "phases");
    grog_jsonout_key_integer(w, "actions", (long long)grog_game_action_count(g));
    grog_jsonout_key(w, "seat");
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "kind", seat_kind_name(seat));
    grog_jsonout_key_string(w, "side",
                            seat != NULL && seat->kind == GROG_SEAT_SIDE ? seat->side : NULL);
    grog_jsonout_object_close(w);
    grog_jsonout_key(w, "seed");
    if (grog_game_seed_shown(g, seat)) /* the referee's alone until the end */
        grog_jsonout_integer(w, (long long)(grog_game_seed(g) & INT64_MAX));
    else
        grog_jsonout_null(w);
    char commitment[GROG_COMMITMENT_HEX];
    grog_jsonout_key_string_or_null(w, "seed_commitment",
                            grog_game_commitment(g, commitment) ? commitment : NULL);
    grog_jsonout_key_bool(w, "ended", grog_game_ended(g));
    grog_jsonout_key(w, "table");
    grog_jsonout_object_open(w);
    grog_jsonout_key_real(w, "width", t->width_mm);
    grog_jsonout_key_real(w, "depth", t->depth_mm);
    grog_jsonout_key_integer(w, "figure_scale", t->scale.figure_mm);
    grog_jsonout_key_real(w, "mm_per_pas", t->scale.mm_per_pas);
    grog_jsonout_key_string(w, "file_unit", grog_unit_name(t->file_unit));
    grog_jsonout_object_close(w);
    grog_jsonout_key(w, "sides");
    grog_jsonout_array_open(w);
    for (size_t i = 0; i < grog_battle_nsides(b); i++) {
        const grog_side *s = grog_battle_side(b, i);
        grog_jsonout_object_open(w);
        grog_jsonout_key_string(w, "id", s->id);
        grog_jsonout_key_string(w, "name", s->name);
        grog_jsonout_key_string(w, "nation", grog_nation_name(s->nation));
        grog_jsonout_key_string(w, "colour", grog_map_side_colour(b, i));
        grog_jsonout_object_close(w);
    }
    grog_jsonout_array_close(w);
}

/* may_do: what each side may still do; a side's seat sees its own only. */
static void may_do_text(jw *w, json_t *status, const grog_seat *seat)
{
    const char *key;
    json_t *v;
    grog_jsonout_key(w, "may_do");
    grog_jsonout_object_open(w);
    json_object_foreach(json_object_get(status, "may"), key, v) {
        if (seat == NULL || seat->kind != GROG_SEAT_SIDE || strcmp(seat->side, key) == 0) {
            grog_jsonout_key(w, key);
            put_value(w, v);
        }
    }
    grog_jsonout_object_close(w);
}

static void game_text(jw *w, const grog_game *g, const grog_seat *seat, json_t *status,
                      json_t *changes)
{
    const grog_battle *b = grog_game_battle(g);
    grog_jsonout_object_open(w);
    head_text(w, g, seat, b, status);
    grog_jsonout_key(w, "officers");
    grog_jsonout_array_open(w);
    for (size_t i = 0; i < grog_battle_nofficers(b); i++)
        officer_text(w, grog_battle_officer(b, i), seat, status);
    grog_jsonout_array_close(w);
    grog_jsonout_key(w, "units");
    grog_jsonout_array_open(w);
    for (size_t i = 0; i < grog_battle_nunits(b); i++)
        unit_text(w, grog_battle_unit(b, i), seat, changes, json_object_get(status, "on_table"));
    grog_jsonout_array_close(w);
    key_array(w, "adcs", status, "adcs_riding");
    key_array(w, "orders_being_passed", status, "orders_being_passed");
    key_array(w, "brigades", status, "books");
    may_do_text(w, status, seat);
    key_array(w, "under_way", status, "pending");
    grog_jsonout_object_close(w);
}

grog_status grog_view_game_json(const grog_game *g, const grog_seat *seat, char **out,
                                grog_error *err)
{
    json_t *status = NULL;
    grog_status st = game_status(g, seat, &status, err);
    if (st != GROG_OK)
        return st;
    json_t *changes = changes_by_unit(status);
    jw *w = changes != NULL ? grog_jsonout_create(2, 10) : NULL;
    if (w != NULL)
        game_text(w, g, seat, status, changes);
    json_decref(changes);
    json_decref(status);
    *out = grog_jsonout_finish(w);
    return *out != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
}

/* ---- the map of a game ---- */

typedef struct marks {
    grog_map_mark *v;
    char **texts;
    size_t n, cap;
} marks;

static void mark(marks *m, const char *id, const char *text)
{
    if (m->n == m->cap) {
        size_t nc = m->cap ? m->cap * 2 : 16;
        grog_map_mark *nv = realloc(m->v, nc * sizeof *nv);
        if (nv == NULL)
            return;
        m->v = nv;
        char **nt = realloc(m->texts, nc * sizeof *nt);
        if (nt == NULL)
            return;
        m->texts = nt;
        m->cap = nc;
    }
    char *t = strdup(text);
    if (t == NULL)
        return;
    m->texts[m->n] = t;
    m->v[m->n].id = id;
    m->v[m->n].text = t;
    m->n++;
}

static void marks_free(marks *m)
{
    for (size_t i = 0; i < m->n; i++)
        free(m->texts[i]);
    free(m->texts);
    free(m->v);
}

/* Notes for the map from the family's state: formation changes, ADCs
 * riding, PIPs left. ids point into the battle b. */
static void game_marks(const grog_battle *b, json_t *status, marks *m)
{
    size_t i;
    json_t *e;
    char text[160];
    json_array_foreach(json_object_get(status, "formation_changes"), i, e) {
        const grog_troop *u = grog_battle_unit_by_id(b, json_string_value(json_object_get(e, "unit")));
        if (u == NULL)
            continue;
        int left = (int)json_integer_value(json_object_get(e, "remaining"));
        grog_text_snprintf(
            text, sizeof text,
            ngettext("→ %s in %d half-période", "→ %s in %d half-périodes", (unsigned long)left),
            grog_explain_word_in("formation", json_string_value(json_object_get(e, "to"))), left);
        mark(m, u->id, text);
    }
    json_array_foreach(json_object_get(status, "adcs_riding"), i, e) {
        const grog_officer *o =
            grog_battle_officer_by_id(b, json_string_value(json_object_get(e, "adc")));
        if (o == NULL)
            continue;
        int left = (int)json_integer_value(json_object_get(e, "periods"));
        const char *leg = json_string_value(json_object_get(e, "leg"));
        grog_text_snprintf(
            text, sizeof text,
            leg != NULL && strcmp(leg, "back") == 0
                ? ngettext("riding back, %d période", "riding back, %d périodes",
                           (unsigned long)left)
                : ngettext("riding, %d période", "riding, %d périodes", (unsigned long)left),
            left);
        mark(m, o->id, text);
    }
    const char *id;
    json_object_foreach(json_object_get(status, "pips"), id, e) {
        const grog_officer *o = grog_battle_officer_by_id(b, id);
        if (o == NULL)
            continue;
        int n = (int)json_integer_value(e);
        grog_text_snprintf(text, sizeof text, ngettext("%d PIP", "%d PIPs", (unsigned long)n), n);
        mark(m, o->id, text);
    }
}

static void seat_words(const grog_battle *b, const grog_seat *seat, char *out, size_t size)
{
    if (seat != NULL && seat->kind == GROG_SEAT_REFEREE) {
        grog_text_snprintf(out, size, "%s", _("the referee's view"));
        return;
    }
    const grog_side *s =
        seat != NULL && seat->kind == GROG_SEAT_SIDE ? grog_battle_side_by_id(b, seat->side) : NULL;
    if (s != NULL)
        grog_text_snprintf(out, size, _("seen by %s"), s->name);
    else
        grog_text_snprintf(out, size, "%s", _("the public view"));
}

grog_status grog_view_game_svg_with(const grog_game *g, const grog_seat *seat,
                                    const grog_map_options *o, char **out, grog_error *err)
{
    grog_battle *b = NULL;
    json_t *status = NULL;
    grog_status st = game_parts(g, seat, &b, &status, err);
    if (st != GROG_OK)
        return st;
    grog_map_options mo;
    if (o != NULL) {
        mo = *o;
    } else {
        grog_map_options_default(&mo);
        static const unsigned family_overlay[] = {GROG_MAP_AIGLES_ZONES, GROG_MAP_GDB_RADIUS,
                                                  GROG_MAP_GT_RADIUS};
        grog_family f = grog_game_family(g);
        mo.overlays |= f < GROG_FAMILY_COUNT ? family_overlay[f] : 0;
        st = grog_map_options_from_rules(&mo, grog_battle_table(b), NULL, NULL, NULL, err);
    }
    marks m = {NULL, NULL, 0, 0};
    char subtitle[400], who[200];
    if (st == GROG_OK) {
        game_marks(b, status, &m);
        seat_words(b, seat, who, sizeof who);
        grog_text_snprintf(subtitle, sizeof subtitle, _("A %s game: turn %d, %s phase; %s"),
                           grog_view_family_title(grog_game_family(g)), grog_game_turn(g),
                           grog_explain_phase_of(grog_game_phase(g)), who);
        mo.subtitle = subtitle;
        mo.marks = m.v;
        mo.nmarks = m.n;
        st = grog_map_svg(b, &mo, out, err);
    }
    marks_free(&m);
    json_decref(status);
    grog_battle_destroy(b);
    return st;
}

grog_status grog_view_game_svg(const grog_game *g, const grog_seat *seat, char **out,
                               grog_error *err)
{
    return grog_view_game_svg_with(g, seat, NULL, out, err);
}

/* ---- a short summary per side, for `status` ---- */

/* Adds one to counter key of object o. */
static void count_in(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    json_object_set_new(o, key, json_integer(v != NULL ? json_integer_value(v) + 1 : 1));
}

static json_t *side_summary(const grog_battle *b, json_t *status, const char *side)
{
    json_t *formations = json_object(), *out = json_array();
    int units = 0, melee = 0, changing = 0, orders = 0, hidden = 0;
    for (size_t i = 0; i < grog_battle_nunits(b); i++) {
        const grog_troop *u = grog_battle_unit(b, i);
        if (strcmp(u->side, side) != 0)
            continue;
        units++;
        count_in(formations, u->formation);
        melee += (u->flags & GROG_UNIT_IN_MELEE) != 0;
        hidden += u->pending.kind[0] != '\0';
        json_t *ch = find_in(status, "formation_changes", "unit", u->id);
        changing += json_is_object(ch);
        json_decref(ch);
    }
    for (size_t i = 0; i < grog_battle_nofficers(b); i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (strcmp(o->side, side) != 0)
            continue;
        hidden += o->pending.kind[0] != '\0';
        if (o->state != GROG_OFFICER_ACTIVE)
            json_array_append_new(out, json_pack("{s:s,s:s,s:s}", "id", o->id, "name", o->name,
                                                 "state", grog_officer_state_name(o->state)));
    }
    size_t k;
    json_t *e;
    int riding = 0, passing = 0;
    json_array_foreach(json_object_get(status, "adcs_riding"), k, e) {
        const grog_officer *o =
            grog_battle_officer_by_id(b, json_string_value(json_object_get(e, "adc")));
        riding += o != NULL && strcmp(o->side, side) == 0;
    }
    json_array_foreach(json_object_get(status, "orders_being_passed"), k, e) {
        const grog_officer *o =
            grog_battle_officer_by_id(b, json_string_value(json_object_get(e, "giver")));
        passing += o != NULL && strcmp(o->side, side) == 0;
    }
    orders = riding + passing;
    return json_pack("{s:s,s:i,s:o,s:i,s:i,s:o,s:i,s:i,s:i,s:i}", "side", side, "units", units,
                     "formations", formations, "in_melee", melee, "changing_formation",
                     changing, "officers_out", out, "orders_under_way", orders, "adcs_riding",
                     riding, "orders_being_passed", passing, "hidden_orders", hidden);
}

static grog_status summary_object(const grog_game *g, const grog_seat *seat, json_t **out,
                                  grog_error *err)
{
    grog_battle *b = NULL;
    json_t *status = NULL;
    grog_status st = game_parts(g, seat, &b, &status, err);
    if (st != GROG_OK)
        return st;
    json_t *sides = json_array();
    for (size_t i = 0; i < grog_battle_nsides(b); i++)
        json_array_append_new(sides, side_summary(b, status, grog_battle_side(b, i)->id));
    json_decref(status);
    grog_battle_destroy(b);
    *out = sides;
    return GROG_OK;
}

grog_status grog_view_game_summary_json(const grog_game *g, const grog_seat *seat, char **out,
                                        grog_error *err)
{
    json_t *sides = NULL;
    grog_status st = summary_object(g, seat, &sides, err);
    if (st != GROG_OK)
        return st;
    json_t *root = json_pack("{s:o}", "sides", sides);
    *out = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(root);
    return *out != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
}

static void summary_side_text(FILE *f, const grog_battle *b, json_t *s)
{
    const grog_side *side = grog_battle_side_by_id(b, json_string_value(json_object_get(s, "side")));
    int units = (int)json_integer_value(json_object_get(s, "units"));
    fprintf(f, ngettext("  %s: %d unit", "  %s: %d units", (unsigned long)units),
            side != NULL ? side->name : "?", units);
    const char *key;
    json_t *v;
    int first = 1;
    json_object_foreach(json_object_get(s, "formations"), key, v) {
        fputs(first ? " (" : ", ", f);
        /* TRANSLATORS: how many units stand in a formation, in the side's
         * summary: "9 line" (French "ligne : 9", Russian "линия — 9") */
        fprintf(f, _("%lld %s"), (long long)json_integer_value(v), grog_explain_word(key));
        first = 0;
    }
    fputs(first ? "" : ")", f);
    int n = (int)json_integer_value(json_object_get(s, "in_melee"));
    if (n)
        fprintf(f, _("; %d in melee"), n);
    n = (int)json_integer_value(json_object_get(s, "changing_formation"));
    if (n)
        fprintf(f, ngettext("; %d changing formation", "; %d changing formation",
                            (unsigned long)n), n);
    fputc('\n', f);
    json_t *out = json_object_get(s, "officers_out");
    fprintf(f, "    %s", _("officers out:"));
    size_t i;
    json_array_foreach(out, i, v)
        fprintf(f, "%s%s (%s)", i ? ", " : " ", json_string_value(json_object_get(v, "name")),
                _(json_string_value(json_object_get(v, "state"))));
    fprintf(f, "%s\n", json_array_size(out) ? "" : _(" none"));
    int riding = (int)json_integer_value(json_object_get(s, "adcs_riding"));
    int passing = (int)json_integer_value(json_object_get(s, "orders_being_passed"));
    int hidden = (int)json_integer_value(json_object_get(s, "hidden_orders"));
    fprintf(f, "    %s", _("orders pending:"));
    if (riding + passing + hidden == 0)
        fprintf(f, "%s", _(" none"));
    if (riding)
        fprintf(f, ngettext(" %d carried by an ADC", " %d carried by ADCs", (unsigned long)riding),
                riding);
    if (passing)
        fprintf(f, ngettext("%s %d still being passed", "%s %d still being passed",
                            (unsigned long)passing),
                riding ? "," : "", passing);
    if (hidden)
        fprintf(f, ngettext("%s %d hidden", "%s %d hidden", (unsigned long)hidden),
                riding || passing ? "," : "", hidden);
    fputc('\n', f);
}

grog_status grog_view_game_summary_text(const grog_game *g, const grog_seat *seat, char **out,
                                        grog_error *err)
{
    json_t *sides = NULL;
    grog_status st = summary_object(g, seat, &sides, err);
    if (st != GROG_OK)
        return st;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL) {
        json_decref(sides);
        return grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
    }
    fprintf(f, "%s\n", _("Each side:"));
    size_t i;
    json_t *s;
    json_array_foreach(sides, i, s) summary_side_text(f, grog_game_battle(g), s);
    fclose(f);
    json_decref(sides);
    *out = buf;
    return GROG_OK;
}
