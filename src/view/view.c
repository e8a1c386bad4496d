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

#include "grognard/explain.h"
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

static json_t *str_or_null(const char *s)
{
    return s != NULL && s[0] != '\0' ? json_string(s) : json_null();
}

static json_t *order_json(const grog_order *o)
{
    if (o->kind[0] == '\0')
        return json_null();
    json_t *j = json_object();
    json_object_set_new(j, "kind", json_string(o->kind));
    json_object_set_new(j, "text", str_or_null(o->text));
    json_object_set_new(j, "target", str_or_null(o->target));
    json_object_set_new(j, "given_turn", json_integer(o->given_turn));
    json_object_set_new(j, "effective_turn", json_integer(o->effective_turn));
    return j;
}

static void set_base(json_t *j, const grog_base *b)
{
    json_object_set_new(j, "x", json_real(b->centre.x));
    json_object_set_new(j, "y", json_real(b->centre.y));
    json_object_set_new(j, "facing", json_real(b->facing));
    json_object_set_new(j, "width", json_real(b->width));
    json_object_set_new(j, "depth", json_real(b->depth));
}

/* The value under key id of object o in the status, or null. */
static json_t *by_id(json_t *status, const char *key, const char *id)
{
    json_t *v = json_object_get(json_object_get(status, key), id);
    return v != NULL ? json_incref(v) : json_null();
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

static json_t *officer_json(const grog_battle *b, size_t i, json_t *status)
{
    const grog_officer *o = grog_battle_officer(b, i);
    json_t *j = json_object();
    json_object_set_new(j, "id", json_string(o->id));
    json_object_set_new(j, "name", json_string(o->name));
    char label[GROG_NAME_MAX];
    grog_map_officer_label(o, label, sizeof label);
    json_object_set_new(j, "short_name", json_string(label));
    json_object_set_new(j, "side", json_string(o->side));
    json_object_set_new(j, "role", json_string(grog_role_name(o->role)));
    json_object_set_new(j, "command", str_or_null(o->command));
    json_object_set_new(j, "superior", str_or_null(o->superior));
    set_base(j, &o->base);
    json_object_set_new(j, "state", json_string(grog_officer_state_name(o->state)));
    json_object_set_new(j, "held_by", str_or_null(o->held_by));
    json_object_set_new(j, "attached_to", str_or_null(o->attached_to));
    json_object_set_new(j, "avance", json_boolean(o->markers & GROG_MARKER_AVANCE));
    json_object_set_new(j, "casualties", json_integer(o->casualties));
    json_object_set_new(j, "ratings",
                        json_pack("{s:i,s:i,s:s,s:s}", "aigles_charisma",
                                  o->ratings.aigles_charisma, "aigles_command",
                                  o->ratings.aigles_command, "gdb_skill",
                                  grog_gdb_skill_name(o->ratings.gdb_skill), "gt_quality",
                                  grog_gt_quality_name(o->ratings.gt_quality)));
    json_object_set_new(j, "order", order_json(&o->order));
    json_object_set_new(j, "pending", order_json(&o->pending));
    json_object_set_new(j, "points", by_id(status, "command_points", o->id));
    json_object_set_new(j, "pips", by_id(status, "pips", o->id));
    return j;
}

static json_t *unit_json(const grog_battle *b, size_t i, json_t *status)
{
    const grog_troop *u = grog_battle_unit(b, i);
    json_t *j = json_object();
    json_object_set_new(j, "id", json_string(u->id));
    json_object_set_new(j, "name", json_string(u->name));
    char label[GROG_NAME_MAX];
    grog_map_unit_label(u, label, sizeof label);
    json_object_set_new(j, "short_name", json_string(label));
    json_object_set_new(j, "side", json_string(u->side));
    json_object_set_new(j, "parent", str_or_null(u->parent));
    json_object_set_new(j, "arm", json_string(grog_arm_name(u->arm)));
    json_object_set_new(j, "status", json_string(grog_unit_status_name(u->status)));
    json_object_set_new(j, "figures", json_integer(u->figures));
    set_base(j, &u->base);
    json_object_set_new(j, "formation", json_string(u->formation));
    json_t *flags = json_array();
    for (int k = 0; k < GROG_UNIT_FLAG_COUNT; k++)
        if (u->flags & (1u << k))
            json_array_append_new(flags,
                                  json_string(grog_unit_flag_name((grog_unit_flag)(1u << k))));
    json_object_set_new(j, "flags", flags);
    json_object_set_new(j, "melee", (u->flags & GROG_UNIT_IN_MELEE)
                                        ? json_pack("{s:i}", "since_turn", u->melee_since)
                                        : json_null());
    json_object_set_new(j, "casualties", json_integer(u->casualties));
    json_object_set_new(j, "order", order_json(&u->order));
    json_object_set_new(j, "pending", order_json(&u->pending));
    json_object_set_new(j, "changing", find_in(status, "formation_changes", "unit", u->id));
    return j;
}

static const char *seat_kind_name(const grog_seat *seat)
{
    if (seat == NULL)
        return "public";
    return seat->kind == GROG_SEAT_REFEREE ? "referee"
           : seat->kind == GROG_SEAT_SIDE  ? "side"
                                           : "public";
}

static json_t *array_or_empty(json_t *status, const char *key)
{
    json_t *v = json_object_get(status, key);
    return json_is_array(v) ? json_incref(v) : json_array();
}

/* may_do: what each side may still do; a side's seat sees its own only. */
static json_t *may_do(json_t *status, const grog_seat *seat)
{
    json_t *may = json_object_get(status, "may"), *out = json_object();
    const char *key;
    json_t *v;
    json_object_foreach(may, key, v) {
        if (seat == NULL || seat->kind != GROG_SEAT_SIDE || strcmp(seat->side, key) == 0)
            json_object_set(out, key, v);
    }
    return out;
}

static json_t *game_object(const grog_game *g, const grog_seat *seat, const grog_battle *b,
                           json_t *status)
{
    const grog_meta *m = grog_battle_meta(b);
    const grog_table *t = grog_battle_table(b);
    json_t *root = json_object();
    json_object_set_new(root, "scenario", json_pack("{s:s,s:s,s:s}", "name", m->name, "date",
                                                    m->date, "place", m->place));
    json_object_set_new(root, "family", json_string(grog_family_name(grog_game_family(g))));
    json_object_set_new(root, "turn", json_integer(grog_game_turn(g)));
    json_object_set_new(root, "phase", json_string(grog_game_phase(g)));
    json_object_set_new(root, "phases", array_or_empty(status, "phases"));
    json_object_set_new(root, "actions", json_integer((json_int_t)grog_game_action_count(g)));
    json_object_set_new(root, "seat", json_pack("{s:s,s:o}", "kind", seat_kind_name(seat), "side",
                                                seat != NULL && seat->kind == GROG_SEAT_SIDE
                                                    ? json_string(seat->side)
                                                    : json_null()));
    json_object_set_new(root, "seed",
                        seat != NULL && seat->kind == GROG_SEAT_REFEREE
                            ? json_integer((json_int_t)(grog_game_seed(g) & INT64_MAX))
                            : json_null());
    json_object_set_new(root, "table",
                        json_pack("{s:f,s:f,s:i,s:f,s:s}", "width", t->width_mm, "depth",
                                  t->depth_mm, "figure_scale", t->scale.figure_mm, "mm_per_pas",
                                  t->scale.mm_per_pas, "file_unit", grog_unit_name(t->file_unit)));
    json_t *sides = json_array();
    for (size_t i = 0; i < grog_battle_nsides(b); i++) {
        const grog_side *s = grog_battle_side(b, i);
        json_array_append_new(sides, json_pack("{s:s,s:s,s:s,s:s}", "id", s->id, "name", s->name,
                                               "nation", grog_nation_name(s->nation), "colour",
                                               grog_map_side_colour(b, i)));
    }
    json_object_set_new(root, "sides", sides);
    json_t *offs = json_array(), *units = json_array();
    for (size_t i = 0; i < grog_battle_nofficers(b); i++)
        json_array_append_new(offs, officer_json(b, i, status));
    for (size_t i = 0; i < grog_battle_nunits(b); i++)
        json_array_append_new(units, unit_json(b, i, status));
    json_object_set_new(root, "officers", offs);
    json_object_set_new(root, "units", units);
    json_object_set_new(root, "adcs", array_or_empty(status, "adcs_riding"));
    json_object_set_new(root, "orders_being_passed", array_or_empty(status, "orders_being_passed"));
    json_object_set_new(root, "brigades", array_or_empty(status, "books"));
    json_object_set_new(root, "may_do", may_do(status, seat));
    json_object_set_new(root, "under_way", array_or_empty(status, "pending"));
    return root;
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

grog_status grog_view_game_json(const grog_game *g, const grog_seat *seat, char **out,
                                grog_error *err)
{
    grog_battle *b = NULL;
    json_t *status = NULL;
    grog_status st = game_parts(g, seat, &b, &status, err);
    if (st != GROG_OK)
        return st;
    json_t *root = game_object(g, seat, b, status);
    json_decref(status);
    grog_battle_destroy(b);
    *out = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    json_decref(root);
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
        snprintf(text, sizeof text,
                 ngettext("→ %s in %d half-période", "→ %s in %d half-périodes",
                          (unsigned long)left),
                 json_string_value(json_object_get(e, "to")), left);
        mark(m, u->id, text);
    }
    json_array_foreach(json_object_get(status, "adcs_riding"), i, e) {
        const grog_officer *o =
            grog_battle_officer_by_id(b, json_string_value(json_object_get(e, "adc")));
        if (o == NULL)
            continue;
        int left = (int)json_integer_value(json_object_get(e, "periods"));
        const char *leg = json_string_value(json_object_get(e, "leg"));
        snprintf(text, sizeof text,
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
        snprintf(text, sizeof text, ngettext("%d PIP", "%d PIPs", (unsigned long)n), n);
        mark(m, o->id, text);
    }
}

static void seat_words(const grog_battle *b, const grog_seat *seat, char *out, size_t size)
{
    if (seat != NULL && seat->kind == GROG_SEAT_REFEREE) {
        snprintf(out, size, "%s", _("the referee's view"));
        return;
    }
    const grog_side *s =
        seat != NULL && seat->kind == GROG_SEAT_SIDE ? grog_battle_side_by_id(b, seat->side) : NULL;
    if (s != NULL)
        snprintf(out, size, _("seen by %s"), s->name);
    else
        snprintf(out, size, "%s", _("the public view"));
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
        snprintf(subtitle, sizeof subtitle, _("A %s game: turn %d, %s phase; %s"),
                 grog_view_family_title(grog_game_family(g)), grog_game_turn(g),
                 grog_explain_word(grog_game_phase(g)), who);
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
        fprintf(f, "%s%lld %s", first ? " (" : ", ", (long long)json_integer_value(v),
                grog_explain_word(key));
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
