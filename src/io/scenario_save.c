/* scenario_save.c — writing a battle as a scenario file.
 *
 * The writer emits every field the reader accepts, lengths in the table's
 * file unit, and leaves out only what equals the reader's default (an empty
 * reference, no markers, no pending order...), so that reading the text
 * back gives an equal battle (grog_battle_equal). Each officer lists the
 * units whose parent he is (from the hierarchy index, built once, so that
 * saving stays linear in the battle's size); orders go to the "orders"
 * section, officers' then units', each one's order then its pending order.
 *
 * The text is written directly (jsonout.h), byte for byte as jansson's
 * json_dumps with JSON_INDENT(2) | JSON_PRESERVE_ORDER |
 * JSON_REAL_PRECISION(15) wrote it when the document was built as jansson
 * objects: games keep this text, so it must never change for a battle. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/jsonout.h"
#include "grognard/scenario.h"
#include "i18n.h"

typedef grog_jsonout jw;

static void key_str(jw *w, const char *key, const char *v)
{
    grog_jsonout_key(w, key);
    grog_jsonout_string(w, v);
}

/* key: v, only when v is not empty. */
static void key_str_opt(jw *w, const char *key, const char *v)
{
    if (v[0] != '\0')
        key_str(w, key, v);
}

static void key_int(jw *w, const char *key, long long v)
{
    grog_jsonout_key(w, key);
    grog_jsonout_integer(w, v);
}

static void key_true(jw *w, const char *key)
{
    grog_jsonout_key(w, key);
    grog_jsonout_bool(w, 1);
}

/* A length in mm as the file writes it, in the table's file unit. */
static void len(jw *w, const grog_battle *b, double mm)
{
    const grog_table *t = grog_battle_table(b);
    grog_jsonout_real(w, grog_length_from_mm(mm, t->file_unit, &t->scale));
}

static void key_len(jw *w, const grog_battle *b, const char *key, double mm)
{
    grog_jsonout_key(w, key);
    len(w, b, mm);
}

static void placement(jw *w, const grog_battle *b, const grog_base *base)
{
    grog_jsonout_key(w, "position");
    grog_jsonout_object_open(w);
    key_len(w, b, "x", base->centre.x);
    key_len(w, b, "y", base->centre.y);
    grog_jsonout_object_close(w);
    grog_jsonout_key(w, "facing");
    grog_jsonout_real(w, base->facing);
    grog_jsonout_key(w, "base");
    grog_jsonout_object_open(w);
    key_len(w, b, "width", base->width);
    key_len(w, b, "depth", base->depth);
    grog_jsonout_object_close(w);
}

static void meta_json(jw *w, const grog_meta *m)
{
    grog_jsonout_object_open(w);
    key_str(w, "name", m->name);
    key_str_opt(w, "date", m->date);
    key_str_opt(w, "place", m->place);
    key_str_opt(w, "description", m->description);
    grog_jsonout_key(w, "sources");
    grog_jsonout_array_open(w);
    for (size_t i = 0; i < m->nsources; i++)
        grog_jsonout_string(w, m->sources[i]);
    grog_jsonout_array_close(w);
    key_str_opt(w, "rating_notes", m->rating_notes);
    grog_jsonout_object_close(w);
}

static void table_json(jw *w, const grog_battle *b)
{
    const grog_table *t = grog_battle_table(b);
    grog_jsonout_object_open(w);
    key_int(w, "figure_scale", t->scale.figure_mm);
    grog_jsonout_key(w, "mm_per_pas");
    grog_jsonout_real(w, t->scale.mm_per_pas);
    key_str(w, "unit", grog_unit_name(t->file_unit));
    key_len(w, b, "width", t->width_mm);
    key_len(w, b, "depth", t->depth_mm);
    if (t->margin_mm > 0)
        key_len(w, b, "margin", t->margin_mm);
    grog_jsonout_object_close(w);
}

static void bits_json(jw *w, const char *key, unsigned bits, int count,
                      const char *(*name)(unsigned))
{
    grog_jsonout_key(w, key);
    grog_jsonout_array_open(w);
    for (int i = 0; i < count; i++)
        if (bits & (1u << i))
            grog_jsonout_string(w, name(1u << i));
    grog_jsonout_array_close(w);
}

static const char *marker_name(unsigned v)
{
    return grog_marker_name((grog_marker)v);
}

static const char *flag_name(unsigned v)
{
    return grog_unit_flag_name((grog_unit_flag)v);
}

static void ratings_json(jw *w, const grog_ratings *r)
{
    grog_jsonout_key(w, "ratings");
    grog_jsonout_object_open(w);
    grog_jsonout_key(w, "aigles");
    grog_jsonout_object_open(w);
    key_int(w, "charisma", r->aigles_charisma);
    key_int(w, "command", r->aigles_command);
    grog_jsonout_object_close(w);
    grog_jsonout_key(w, "gdb");
    grog_jsonout_object_open(w);
    key_str(w, "skill", grog_gdb_skill_name(r->gdb_skill));
    grog_jsonout_object_close(w);
    grog_jsonout_key(w, "gt");
    grog_jsonout_object_open(w);
    key_str(w, "quality", grog_gt_quality_name(r->gt_quality));
    grog_jsonout_object_close(w);
    grog_jsonout_object_close(w);
}

static void officer_json(jw *w, const grog_battle *b, const grog_hierarchy *h, size_t i)
{
    const grog_officer *o = grog_battle_officer(b, i);
    grog_jsonout_object_open(w);
    key_str(w, "id", o->id);
    key_str(w, "name", o->name);
    key_str(w, "side", o->side);
    key_str(w, "role", grog_role_name(o->role));
    key_str_opt(w, "command", o->command);
    key_str_opt(w, "superior", o->superior);
    const grog_side *s = grog_battle_side_by_id(b, o->side);
    if (s == NULL || s->nation != o->nation)
        key_str(w, "nation", grog_nation_name(o->nation));
    placement(w, b, &o->base);
    key_str_opt(w, "attached_to", o->attached_to);
    if (o->state != GROG_OFFICER_ACTIVE)
        key_str(w, "state", grog_officer_state_name(o->state));
    key_str_opt(w, "held_by", o->held_by);
    if (o->markers)
        bits_json(w, "markers", o->markers, GROG_MARKER_COUNT, marker_name);
    ratings_json(w, &o->ratings);
    if (o->casualties)
        key_int(w, "casualties", o->casualties);
    if (o->adc_speed >= 0)
        key_len(w, b, "adc_speed", o->adc_speed);
    if (o->personally_commands)
        key_true(w, "personally_commands");
    if (o->brigade_broken)
        key_true(w, "brigade_broken");
    size_t n;
    const size_t *idx = grog_hierarchy_officer_units(h, i, &n);
    if (n > 0) {
        grog_jsonout_key(w, "units");
        grog_jsonout_array_open(w);
        for (size_t k = 0; k < n; k++)
            grog_jsonout_string(w, grog_battle_unit(b, idx[k])->id);
        grog_jsonout_array_close(w);
    }
    grog_jsonout_object_close(w);
}

static void unit_json(jw *w, const grog_battle *b, const grog_troop *u)
{
    grog_jsonout_object_open(w);
    key_str(w, "id", u->id);
    key_str(w, "name", u->name);
    key_str(w, "side", u->side);
    key_str(w, "arm", grog_arm_name(u->arm));
    key_str(w, "status", grog_unit_status_name(u->status));
    key_str(w, "manoeuvre", grog_manoeuvre_name(u->manoeuvre));
    key_int(w, "figures", u->figures);
    key_int(w, "subunits", u->subunits);
    key_str(w, "formation", u->formation);
    placement(w, b, &u->base);
    if (u->flags)
        bits_json(w, "state", u->flags, GROG_UNIT_FLAG_COUNT, flag_name);
    if (u->flags & GROG_UNIT_IN_MELEE)
        key_int(w, "melee_since", u->melee_since);
    if (u->casualties)
        key_int(w, "casualties", u->casualties);
    if (u->can_dismount)
        key_true(w, "can_dismount");
    grog_jsonout_object_close(w);
}

static void order_json(jw *w, const char *to, const grog_order *o, int hidden)
{
    if (o->kind[0] == '\0')
        return;
    grog_jsonout_object_open(w);
    key_str(w, "to", to);
    key_str(w, "kind", o->kind);
    key_str_opt(w, "text", o->text);
    key_str_opt(w, "target", o->target);
    if (hidden)
        key_true(w, "hidden");
    if (o->given_turn)
        key_int(w, "given_turn", o->given_turn);
    if (o->effective_turn)
        key_int(w, "effective_turn", o->effective_turn);
    grog_jsonout_object_close(w);
}

static void terrain_json(jw *w, const grog_battle *b)
{
    grog_jsonout_array_open(w);
    for (size_t i = 0; i < grog_battle_nterrain(b); i++) {
        const grog_terrain *t = grog_battle_terrain(b, i);
        grog_jsonout_object_open(w);
        key_str(w, "kind", grog_terrain_kind_name(t->kind));
        key_str_opt(w, "name", t->name);
        grog_jsonout_key(w, "points");
        grog_jsonout_array_open(w);
        for (size_t k = 0; k < t->npoints; k++) {
            grog_jsonout_array_open(w);
            len(w, b, t->points[k].x);
            len(w, b, t->points[k].y);
            grog_jsonout_array_close(w);
        }
        grog_jsonout_array_close(w);
        grog_jsonout_object_close(w);
    }
    grog_jsonout_array_close(w);
}

static void sides_json(jw *w, const grog_battle *b)
{
    grog_jsonout_array_open(w);
    for (size_t i = 0; i < grog_battle_nsides(b); i++) {
        const grog_side *s = grog_battle_side(b, i);
        grog_jsonout_object_open(w);
        key_str(w, "id", s->id);
        key_str(w, "name", s->name);
        key_str(w, "nation", grog_nation_name(s->nation));
        key_str_opt(w, "colour", s->colour);
        grog_jsonout_object_close(w);
    }
    grog_jsonout_array_close(w);
}

static void orders_json(jw *w, const grog_battle *b)
{
    grog_jsonout_array_open(w);
    for (size_t i = 0; i < grog_battle_nofficers(b); i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        order_json(w, o->id, &o->order, 0);
        order_json(w, o->id, &o->pending, 1);
    }
    for (size_t i = 0; i < grog_battle_nunits(b); i++) {
        const grog_troop *u = grog_battle_unit(b, i);
        order_json(w, u->id, &u->order, 0);
        order_json(w, u->id, &u->pending, 1);
    }
    grog_jsonout_array_close(w);
}

static void battle_json(jw *w, const grog_battle *b, const grog_hierarchy *h)
{
    grog_jsonout_object_open(w);
    key_int(w, "format", 1);
    grog_jsonout_key(w, "meta");
    meta_json(w, grog_battle_meta(b));
    grog_jsonout_key(w, "table");
    table_json(w, b);
    grog_jsonout_key(w, "sides");
    sides_json(w, b);
    grog_jsonout_key(w, "officers");
    grog_jsonout_array_open(w);
    for (size_t i = 0; i < grog_battle_nofficers(b); i++)
        officer_json(w, b, h, i);
    grog_jsonout_array_close(w);
    grog_jsonout_key(w, "units");
    grog_jsonout_array_open(w);
    for (size_t i = 0; i < grog_battle_nunits(b); i++)
        unit_json(w, b, grog_battle_unit(b, i));
    grog_jsonout_array_close(w);
    grog_jsonout_key(w, "orders");
    orders_json(w, b);
    if (grog_battle_nterrain(b) > 0) {
        grog_jsonout_key(w, "terrain");
        terrain_json(w, b);
    }
    grog_jsonout_object_close(w);
}

grog_status grog_scenario_save_text(const grog_battle *b, char **text, grog_error *err)
{
    grog_hierarchy *h = NULL;
    jw *w = NULL;
    if (grog_hierarchy_build(b, &h, NULL) != GROG_OK ||
        (w = grog_jsonout_create(2, 15)) == NULL) {
        grog_hierarchy_destroy(h);
        return grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
    }
    battle_json(w, b, h);
    grog_hierarchy_destroy(h);
    /* A battle read from a file or changed by actions holds only UTF-8 texts
     * and finite lengths; anything else would be written as U+FFFD or null. */
    char *s = grog_jsonout_finish(w);
    if (s == NULL)
        return grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
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
