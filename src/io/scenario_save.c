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

/* key: v, only when v is not empty. */
static void key_str_opt(jw *w, const char *key, const char *v)
{
    if (v[0] != '\0')
        grog_jsonout_key_string(w, key, v);
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
    grog_jsonout_key_real(w, "facing", base->facing);
    grog_jsonout_key(w, "base");
    grog_jsonout_object_open(w);
    key_len(w, b, "width", base->width);
    key_len(w, b, "depth", base->depth);
    grog_jsonout_object_close(w);
}

static void meta_json(jw *w, const grog_meta *m)
{
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "name", m->name);
    key_str_opt(w, "date", m->date);
    key_str_opt(w, "place", m->place);
    key_str_opt(w, "description", m->description);
    grog_jsonout_key(w, "sources");
    grog_jsonout_array_open(w);
    for (size_t i = 0; i < m->nsources; i++)
        grog_jsonout_string(w, m->sources[i]);
    grog_jsonout_array_close(w);
    key_str_opt(w, "rating_notes", m->rating_notes);
    key_str_opt(w, "licence", m->licence); /* last: a text without one stays as it was */
    grog_jsonout_object_close(w);
}

static void table_json(jw *w, const grog_battle *b)
{
    const grog_table *t = grog_battle_table(b);
    grog_jsonout_object_open(w);
    grog_jsonout_key_integer(w, "figure_scale", t->scale.figure_mm);
    grog_jsonout_key_real(w, "mm_per_pas", t->scale.mm_per_pas);
    grog_jsonout_key_string(w, "unit", grog_unit_name(t->file_unit));
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

void grog_scenario_write_ratings(grog_jsonout *w, const grog_ratings *r)
{
    grog_jsonout_key(w, "ratings");
    grog_jsonout_object_open(w);
    grog_jsonout_key(w, "aigles");
    grog_jsonout_object_open(w);
    grog_jsonout_key_integer(w, "charisma", r->aigles_charisma);
    grog_jsonout_key_integer(w, "command", r->aigles_command);
    grog_jsonout_object_close(w);
    grog_jsonout_key(w, "gdb");
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "skill", grog_gdb_skill_name(r->gdb_skill));
    grog_jsonout_object_close(w);
    grog_jsonout_key(w, "gt");
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "quality", grog_gt_quality_name(r->gt_quality));
    grog_jsonout_object_close(w);
    grog_jsonout_object_close(w);
}

static void officer_json(jw *w, const grog_battle *b, const grog_hierarchy *h, size_t i)
{
    const grog_officer *o = grog_battle_officer(b, i);
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "id", o->id);
    grog_jsonout_key_string(w, "name", o->name);
    grog_jsonout_key_string(w, "side", o->side);
    grog_jsonout_key_string(w, "role", grog_role_name(o->role));
    key_str_opt(w, "command", o->command);
    key_str_opt(w, "superior", o->superior);
    const grog_side *s = grog_battle_side_by_id(b, o->side);
    if (s == NULL || s->nation != o->nation)
        grog_jsonout_key_string(w, "nation", grog_nation_name(o->nation));
    placement(w, b, &o->base);
    key_str_opt(w, "attached_to", o->attached_to);
    if (o->state != GROG_OFFICER_ACTIVE)
        grog_jsonout_key_string(w, "state", grog_officer_state_name(o->state));
    key_str_opt(w, "held_by", o->held_by);
    if (o->markers)
        bits_json(w, "markers", o->markers, GROG_MARKER_COUNT, marker_name);
    grog_scenario_write_ratings(w, &o->ratings);
    if (o->casualties)
        grog_jsonout_key_integer(w, "casualties", o->casualties);
    if (o->adc_speed >= 0)
        key_len(w, b, "adc_speed", o->adc_speed);
    if (o->personally_commands)
        grog_jsonout_key_bool(w, "personally_commands", 1);
    if (o->brigade_broken)
        grog_jsonout_key_bool(w, "brigade_broken", 1);
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
    grog_jsonout_key_string(w, "id", u->id);
    grog_jsonout_key_string(w, "name", u->name);
    grog_jsonout_key_string(w, "side", u->side);
    grog_jsonout_key_string(w, "arm", grog_arm_name(u->arm));
    grog_jsonout_key_string(w, "status", grog_unit_status_name(u->status));
    grog_jsonout_key_string(w, "manoeuvre", grog_manoeuvre_name(u->manoeuvre));
    grog_jsonout_key_integer(w, "figures", u->figures);
    grog_jsonout_key_integer(w, "subunits", u->subunits);
    grog_jsonout_key_string(w, "formation", u->formation);
    placement(w, b, &u->base);
    if (u->flags)
        bits_json(w, "state", u->flags, GROG_UNIT_FLAG_COUNT, flag_name);
    if (u->flags & GROG_UNIT_IN_MELEE)
        grog_jsonout_key_integer(w, "melee_since", u->melee_since);
    if (u->casualties)
        grog_jsonout_key_integer(w, "casualties", u->casualties);
    if (u->can_dismount)
        grog_jsonout_key_bool(w, "can_dismount", 1);
    grog_jsonout_object_close(w);
}

static void order_json(jw *w, const char *to, const grog_order *o, int hidden)
{
    if (o->kind[0] == '\0')
        return;
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "to", to);
    grog_jsonout_key_string(w, "kind", o->kind);
    key_str_opt(w, "text", o->text);
    key_str_opt(w, "target", o->target);
    if (hidden)
        grog_jsonout_key_bool(w, "hidden", 1);
    if (o->given_turn)
        grog_jsonout_key_integer(w, "given_turn", o->given_turn);
    if (o->effective_turn)
        grog_jsonout_key_integer(w, "effective_turn", o->effective_turn);
    grog_jsonout_object_close(w);
}

static void terrain_json(jw *w, const grog_battle *b)
{
    grog_jsonout_array_open(w);
    for (size_t i = 0; i < grog_battle_nterrain(b); i++) {
        const grog_terrain *t = grog_battle_terrain(b, i);
        grog_jsonout_object_open(w);
        grog_jsonout_key_string(w, "kind", grog_terrain_kind_name(t->kind));
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
        grog_jsonout_key_string(w, "id", s->id);
        grog_jsonout_key_string(w, "name", s->name);
        grog_jsonout_key_string(w, "nation", grog_nation_name(s->nation));
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
    grog_jsonout_key_integer(w, "format", 1);
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
