/* scenario_save.c — writing a battle as a scenario file.
 *
 * The writer emits every field the reader accepts, lengths in the table's
 * file unit, and leaves out only what equals the reader's default (an empty
 * reference, no markers, no pending order...), so that reading the text
 * back gives an equal battle (grog_battle_equal). Each officer lists the
 * units whose parent he is (from the hierarchy index, built once, so that
 * saving stays linear in the battle's size); orders go to the "orders"
 * section. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/scenario.h"
#include "i18n.h"

static json_t *len(const grog_battle *b, double mm)
{
    const grog_table *t = grog_battle_table(b);
    return json_real(grog_length_from_mm(mm, t->file_unit, &t->scale));
}

static void set(json_t *o, const char *key, json_t *v)
{
    json_object_set_new(o, key, v);
}

static void set_str_opt(json_t *o, const char *key, const char *v)
{
    if (v[0] != '\0')
        set(o, key, json_string(v));
}

static void placement(const grog_battle *b, json_t *o, const grog_base *base)
{
    json_t *pos = json_object();
    set(pos, "x", len(b, base->centre.x));
    set(pos, "y", len(b, base->centre.y));
    set(o, "position", pos);
    set(o, "facing", json_real(base->facing));
    json_t *bs = json_object();
    set(bs, "width", len(b, base->width));
    set(bs, "depth", len(b, base->depth));
    set(o, "base", bs);
}

static json_t *meta_json(const grog_meta *m)
{
    json_t *o = json_object();
    set(o, "name", json_string(m->name));
    set_str_opt(o, "date", m->date);
    set_str_opt(o, "place", m->place);
    set_str_opt(o, "description", m->description);
    json_t *src = json_array();
    for (size_t i = 0; i < m->nsources; i++)
        json_array_append_new(src, json_string(m->sources[i]));
    set(o, "sources", src);
    set_str_opt(o, "rating_notes", m->rating_notes);
    return o;
}

static json_t *table_json(const grog_battle *b)
{
    const grog_table *t = grog_battle_table(b);
    json_t *o = json_object();
    set(o, "figure_scale", json_integer(t->scale.figure_mm));
    set(o, "mm_per_pas", json_real(t->scale.mm_per_pas));
    set(o, "unit", json_string(grog_unit_name(t->file_unit)));
    set(o, "width", len(b, t->width_mm));
    set(o, "depth", len(b, t->depth_mm));
    if (t->margin_mm > 0)
        set(o, "margin", len(b, t->margin_mm));
    return o;
}

static json_t *bits_json(unsigned bits, int count, const char *(*name)(unsigned))
{
    json_t *a = json_array();
    for (int i = 0; i < count; i++)
        if (bits & (1u << i))
            json_array_append_new(a, json_string(name(1u << i)));
    return a;
}

static const char *marker_name(unsigned v)
{
    return grog_marker_name((grog_marker)v);
}

static const char *flag_name(unsigned v)
{
    return grog_unit_flag_name((grog_unit_flag)v);
}

static json_t *officer_json(const grog_battle *b, const grog_hierarchy *h, size_t i)
{
    const grog_officer *o = grog_battle_officer(b, i);
    json_t *j = json_object();
    set(j, "id", json_string(o->id));
    set(j, "name", json_string(o->name));
    set(j, "side", json_string(o->side));
    set(j, "role", json_string(grog_role_name(o->role)));
    set_str_opt(j, "command", o->command);
    set_str_opt(j, "superior", o->superior);
    const grog_side *s = grog_battle_side_by_id(b, o->side);
    if (s == NULL || s->nation != o->nation)
        set(j, "nation", json_string(grog_nation_name(o->nation)));
    placement(b, j, &o->base);
    set_str_opt(j, "attached_to", o->attached_to);
    if (o->state != GROG_OFFICER_ACTIVE)
        set(j, "state", json_string(grog_officer_state_name(o->state)));
    set_str_opt(j, "held_by", o->held_by);
    if (o->markers)
        set(j, "markers", bits_json(o->markers, GROG_MARKER_COUNT, marker_name));
    set(j, "ratings",
        json_pack("{s:{s:i,s:i},s:{s:s},s:{s:s}}", "aigles", "charisma",
                  o->ratings.aigles_charisma, "command", o->ratings.aigles_command, "gdb",
                  "skill", grog_gdb_skill_name(o->ratings.gdb_skill), "gt", "quality",
                  grog_gt_quality_name(o->ratings.gt_quality)));
    if (o->casualties)
        set(j, "casualties", json_integer(o->casualties));
    if (o->adc_speed >= 0)
        set(j, "adc_speed", len(b, o->adc_speed));
    if (o->personally_commands)
        set(j, "personally_commands", json_true());
    if (o->brigade_broken)
        set(j, "brigade_broken", json_true());
    size_t n;
    const size_t *idx = grog_hierarchy_officer_units(h, i, &n);
    if (n > 0) {
        json_t *units = json_array();
        for (size_t k = 0; k < n; k++)
            json_array_append_new(units, json_string(grog_battle_unit(b, idx[k])->id));
        set(j, "units", units);
    }
    return j;
}

static json_t *unit_json(const grog_battle *b, const grog_troop *u)
{
    json_t *j = json_object();
    set(j, "id", json_string(u->id));
    set(j, "name", json_string(u->name));
    set(j, "side", json_string(u->side));
    set(j, "arm", json_string(grog_arm_name(u->arm)));
    set(j, "status", json_string(grog_unit_status_name(u->status)));
    set(j, "manoeuvre", json_string(grog_manoeuvre_name(u->manoeuvre)));
    set(j, "figures", json_integer(u->figures));
    set(j, "subunits", json_integer(u->subunits));
    set(j, "formation", json_string(u->formation));
    placement(b, j, &u->base);
    if (u->flags)
        set(j, "state", bits_json(u->flags, GROG_UNIT_FLAG_COUNT, flag_name));
    if (u->flags & GROG_UNIT_IN_MELEE)
        set(j, "melee_since", json_integer(u->melee_since));
    if (u->casualties)
        set(j, "casualties", json_integer(u->casualties));
    if (u->can_dismount)
        set(j, "can_dismount", json_true());
    return j;
}

static void order_json(json_t *arr, const char *to, const grog_order *o, int hidden)
{
    if (o->kind[0] == '\0')
        return;
    json_t *j = json_object();
    set(j, "to", json_string(to));
    set(j, "kind", json_string(o->kind));
    set_str_opt(j, "text", o->text);
    set_str_opt(j, "target", o->target);
    if (hidden)
        set(j, "hidden", json_true());
    if (o->given_turn)
        set(j, "given_turn", json_integer(o->given_turn));
    if (o->effective_turn)
        set(j, "effective_turn", json_integer(o->effective_turn));
    json_array_append_new(arr, j);
}

/* NULL when out of memory. */
static json_t *terrain_json(const grog_battle *b)
{
    json_t *arr = json_array();
    for (size_t i = 0; i < grog_battle_nterrain(b); i++) {
        const grog_terrain *t = grog_battle_terrain(b, i);
        json_t *j = json_pack("{s:s}", "kind", grog_terrain_kind_name(t->kind));
        set_str_opt(j, "name", t->name);
        json_t *pts = json_array();
        for (size_t k = 0; k < t->npoints; k++)
            json_array_append_new(pts, json_pack("[o,o]", len(b, t->points[k].x),
                                                 len(b, t->points[k].y)));
        set(j, "points", pts);
        json_array_append_new(arr, j);
    }
    return arr;
}

static json_t *battle_json(const grog_battle *b)
{
    grog_hierarchy *h = NULL;
    if (grog_hierarchy_build(b, &h, NULL) != GROG_OK)
        return NULL;
    json_t *root = json_object();
    set(root, "format", json_integer(1));
    set(root, "meta", meta_json(grog_battle_meta(b)));
    set(root, "table", table_json(b));
    json_t *sides = json_array(), *offs = json_array(), *units = json_array(),
           *orders = json_array();
    for (size_t i = 0; i < grog_battle_nsides(b); i++) {
        const grog_side *s = grog_battle_side(b, i);
        json_t *j = json_pack("{s:s,s:s,s:s}", "id", s->id, "name", s->name, "nation",
                              grog_nation_name(s->nation));
        set_str_opt(j, "colour", s->colour);
        json_array_append_new(sides, j);
    }
    for (size_t i = 0; i < grog_battle_nofficers(b); i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        json_array_append_new(offs, officer_json(b, h, i));
        order_json(orders, o->id, &o->order, 0);
        order_json(orders, o->id, &o->pending, 1);
    }
    for (size_t i = 0; i < grog_battle_nunits(b); i++) {
        const grog_troop *u = grog_battle_unit(b, i);
        json_array_append_new(units, unit_json(b, u));
        order_json(orders, u->id, &u->order, 0);
        order_json(orders, u->id, &u->pending, 1);
    }
    set(root, "sides", sides);
    set(root, "officers", offs);
    set(root, "units", units);
    set(root, "orders", orders);
    if (grog_battle_nterrain(b) > 0)
        set(root, "terrain", terrain_json(b));
    grog_hierarchy_destroy(h);
    return root;
}

grog_status grog_scenario_save_text(const grog_battle *b, char **text, grog_error *err)
{
    json_t *root = battle_json(b);
    char *s = root != NULL ? json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
                                                  JSON_REAL_PRECISION(15))
                           : NULL;
    json_decref(root);
    if (s == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    /* json_dumps allocates with jansson's allocator (malloc by default). */
    *text = s;
    return GROG_OK;
}

grog_status grog_scenario_save_file(const grog_battle *b, const char *path, grog_error *err)
{
    char *text = NULL;
    grog_status st = grog_scenario_save_text(b, &text, err);
    if (st != GROG_OK)
        return st;
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        free(text);
        return grog_error_set(err, GROG_EIO, _("%s: cannot write"), path);
    }
    int bad = fputs(text, f) == EOF || fputc('\n', f) == EOF;
    bad |= fclose(f) != 0;
    free(text);
    if (bad)
        return grog_error_set(err, GROG_EIO, _("%s: write error"), path);
    return GROG_OK;
}
