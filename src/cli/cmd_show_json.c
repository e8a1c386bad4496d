/* cmd_show_json.c — `grognard show --json`: the order of battle (and a game's
 * state) as one JSON document.
 *
 * Written with the JSON text writer (jsonout.h): the same bytes as the
 * document built as jansson objects and dumped with JSON_INDENT(2) |
 * JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10), as it was before, without
 * building it (a 200,000-unit battle's document would be 2 GB of jansson
 * objects), and handed to the output a megabyte at a time. */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grognard/battle.h"
#include "grognard/explain.h"
#include "grognard/jsonout.h"
#include "grognard/map.h"
#include "grognard/scenario.h"
#include "grognard/view.h"
#include "cmd_show.h"

typedef grog_jsonout jw;

static void order_json(jw *w, const grog_order *o)
{
    if (o->kind[0] == '\0') {
        grog_jsonout_null(w);
        return;
    }
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "kind", o->kind);
    grog_jsonout_key_string(w, "text", o->text);
    grog_jsonout_key_string_or_null(w, "target", o->target);
    grog_jsonout_key_integer(w, "given_turn", o->given_turn);
    grog_jsonout_key_integer(w, "effective_turn", o->effective_turn);
    grog_jsonout_object_close(w);
}

/* {id, mm, cm, in, pas}, left open for the caller to add to and close. */
static void dist_open(const show_ctx *x, jw *w, const char *id, double mm)
{
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "id", id);
    grog_jsonout_key_real(w, "mm", mm);
    grog_jsonout_key_real(w, "cm", show_cm(mm));
    grog_jsonout_key_real(w, "in", mm / 25.4);
    grog_jsonout_key_real(w, "pas", mm / x->t->scale.mm_per_pas);
}

static void dist_json(const show_ctx *x, jw *w, const char *id, double mm)
{
    dist_open(x, w, id, mm);
    grog_jsonout_object_close(w);
}

static void zone_json(show_ctx *x, jw *w, size_t i)
{
    const grog_officer *o = grog_battle_officer(x->b, i);
    int contact;
    double z = show_zone_mm(x, o, &contact);
    grog_jsonout_object_open(w);
    grog_jsonout_key_integer(w, "command", o->ratings.aigles_command);
    grog_jsonout_key_bool(w, "contact_only", contact);
    grog_jsonout_key(w, "radius_pas");
    if (z > 0)
        grog_jsonout_real(w, z / x->t->scale.mm_per_pas);
    else if (contact)
        grog_jsonout_real(w, 0);
    else
        grog_jsonout_null(w);
    grog_jsonout_key(w, "units_inside");
    grog_jsonout_array_open(w);
    size_t n = 0;
    const size_t *subs = NULL;
    if (z >= 0 || contact) {
        n = grog_hierarchy_command_units(x->h, i, x->buf, grog_battle_nunits(x->b));
        for (size_t k = 0; k < n; k++)
            if (show_inside(grog_battle_officer_unit_distance(x->b, i, x->buf[k]), z, contact))
                grog_jsonout_string(w, grog_battle_unit(x->b, x->buf[k])->id);
        subs = grog_hierarchy_subordinates(x->h, i, &n);
    }
    grog_jsonout_array_close(w);
    grog_jsonout_key(w, "officers_inside");
    grog_jsonout_array_open(w);
    for (size_t k = 0; subs != NULL && k < n; k++)
        if (show_inside(grog_battle_officer_distance(x->b, i, subs[k]), z, contact))
            grog_jsonout_string(w, grog_battle_officer(x->b, subs[k])->id);
    grog_jsonout_array_close(w);
    grog_jsonout_object_close(w);
}

/* The officers' ids and distances of list v[0..n) from officer i. */
static void officer_dists(show_ctx *x, jw *w, const char *key, size_t i, const size_t *v,
                          size_t n)
{
    grog_jsonout_key(w, key);
    grog_jsonout_array_open(w);
    for (size_t k = 0; k < n; k++)
        dist_json(x, w, grog_battle_officer(x->b, v[k])->id,
                  grog_battle_officer_distance(x->b, i, v[k]));
    grog_jsonout_array_close(w);
}

/* The gdb C-in-C's brigade commanders of its side, each beyond or not. */
static void officer_gdb(show_ctx *x, jw *w, size_t i)
{
    const grog_officer *o = grog_battle_officer(x->b, i);
    double rr = x->radii.gdb_radius_mm;
    grog_jsonout_key(w, "gdb");
    grog_jsonout_object_open(w);
    grog_jsonout_key_real(w, "radius_cm", show_cm(rr));
    grog_jsonout_key(w, "brigade_commanders");
    grog_jsonout_array_open(w);
    for (size_t k = 0; k < grog_battle_nofficers(x->b); k++) {
        const grog_officer *s = grog_battle_officer(x->b, k);
        if (s->role != GROG_ROLE_BRIGADE || strcmp(s->side, o->side) != 0)
            continue;
        double d = grog_battle_officer_distance(x->b, i, k);
        dist_open(x, w, s->id, d);
        grog_jsonout_key_bool(w, "beyond", d > rr);
        grog_jsonout_object_close(w);
    }
    grog_jsonout_array_close(w);
    grog_jsonout_object_close(w);
}

/* The gt commander's division and brigade commanders within its radius. */
static void officer_gt(show_ctx *x, jw *w, size_t i)
{
    double rr = x->radii.gt_radius_mm;
    grog_jsonout_key(w, "gt");
    grog_jsonout_object_open(w);
    grog_jsonout_key_real(w, "radius_in", rr / 25.4);
    grog_jsonout_key(w, "within");
    grog_jsonout_array_open(w);
    size_t n = grog_hierarchy_command_officers(x->h, i, x->buf, grog_battle_nofficers(x->b));
    for (size_t q = 0; q < n; q++) {
        size_t k = x->buf[q];
        const grog_officer *s = grog_battle_officer(x->b, k);
        if ((s->role == GROG_ROLE_DIVISION || s->role == GROG_ROLE_BRIGADE) &&
            grog_battle_officer_distance(x->b, i, k) <= rr + 1e-9)
            grog_jsonout_string(w, s->id);
    }
    grog_jsonout_array_close(w);
    grog_jsonout_object_close(w);
}

static void officer_json(show_ctx *x, jw *w, size_t i)
{
    const grog_officer *o = grog_battle_officer(x->b, i);
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "id", o->id);
    grog_jsonout_key_string(w, "name", o->name);
    grog_jsonout_key_string(w, "side", o->side);
    grog_jsonout_key_string(w, "role", grog_role_name(o->role));
    grog_jsonout_key_string(w, "command", o->command);
    grog_jsonout_key_string_or_null(w, "superior", o->superior);
    grog_jsonout_key_integer(w, "depth", grog_hierarchy_depth(x->h, i));
    grog_jsonout_key_string(w, "state", grog_officer_state_name(o->state));
    grog_jsonout_key_string_or_null(w, "held_by", o->held_by);
    grog_jsonout_key_string_or_null(w, "attached_to", o->attached_to);
    grog_jsonout_key_bool(w, "avance", (o->markers & GROG_MARKER_AVANCE) != 0);
    grog_jsonout_key_bool(w, "personally_commands", o->personally_commands);
    grog_jsonout_key_bool(w, "brigade_broken", o->brigade_broken);
    grog_jsonout_key_integer(w, "casualties", o->casualties);
    grog_scenario_write_ratings(w, &o->ratings);
    grog_jsonout_key(w, "position");
    grog_jsonout_object_open(w);
    grog_jsonout_key_real(w, "x_mm", o->base.centre.x);
    grog_jsonout_key_real(w, "y_mm", o->base.centre.y);
    grog_jsonout_key_real(w, "facing", o->base.facing);
    grog_jsonout_object_close(w);
    grog_jsonout_key(w, "order");
    order_json(w, &o->order);
    grog_jsonout_key(w, "pending");
    order_json(w, &o->pending);
    size_t sup;
    if (grog_battle_officer_index(x->b, o->superior, &sup)) {
        grog_jsonout_key(w, "distance_to_superior");
        dist_json(x, w, o->superior, grog_battle_officer_distance(x->b, sup, i));
    }
    size_t n;
    const size_t *v = grog_hierarchy_adcs(x->h, i, &n);
    officer_dists(x, w, "adcs", i, v, n);
    v = grog_hierarchy_subordinates(x->h, i, &n);
    officer_dists(x, w, "subordinates", i, v, n);
    v = grog_hierarchy_officer_units(x->h, i, &n);
    grog_jsonout_key(w, "units");
    grog_jsonout_array_open(w);
    for (size_t k = 0; k < n; k++)
        dist_json(x, w, grog_battle_unit(x->b, v[k])->id,
                  grog_battle_officer_unit_distance(x->b, i, v[k]));
    grog_jsonout_array_close(w);
    if (grog_role_is_general(o->role) && x->have_radii && (x->families & 1)) {
        grog_jsonout_key(w, "aigles_zone");
        zone_json(x, w, i);
    }
    if (o->role == GROG_ROLE_C_IN_C && x->have_radii && (x->families & 2))
        officer_gdb(x, w, i);
    if ((o->role == GROG_ROLE_C_IN_C || o->role == GROG_ROLE_ARMY ||
         o->role == GROG_ROLE_CORPS) && x->have_radii && (x->families & 4))
        officer_gt(x, w, i);
    grog_jsonout_object_close(w);
}

static void unit_json(show_ctx *x, jw *w, size_t u)
{
    const grog_troop *t = grog_battle_unit(x->b, u);
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "id", t->id);
    grog_jsonout_key_string(w, "name", t->name);
    grog_jsonout_key_string(w, "side", t->side);
    grog_jsonout_key_string_or_null(w, "parent", t->parent);
    grog_jsonout_key_string(w, "arm", grog_arm_name(t->arm));
    grog_jsonout_key_string(w, "status", grog_unit_status_name(t->status));
    grog_jsonout_key_string(w, "manoeuvre", grog_manoeuvre_name(t->manoeuvre));
    grog_jsonout_key_integer(w, "figures", t->figures);
    grog_jsonout_key_integer(w, "subunits", t->subunits);
    grog_jsonout_key_string(w, "formation", t->formation);
    grog_jsonout_key(w, "state");
    grog_jsonout_array_open(w);
    for (int k = 0; k < GROG_UNIT_FLAG_COUNT; k++)
        if (t->flags & (1u << k))
            grog_jsonout_string(w, grog_unit_flag_name((grog_unit_flag)(1u << k)));
    grog_jsonout_array_close(w);
    grog_jsonout_key_integer(w, "melee_since", t->melee_since);
    grog_jsonout_key_integer(w, "casualties", t->casualties);
    grog_jsonout_key_bool(w, "can_dismount", t->can_dismount);
    grog_jsonout_key(w, "position");
    grog_jsonout_object_open(w);
    grog_jsonout_key_real(w, "x_mm", t->base.centre.x);
    grog_jsonout_key_real(w, "y_mm", t->base.centre.y);
    grog_jsonout_key_real(w, "facing", t->base.facing);
    grog_jsonout_key_real(w, "width_mm", t->base.width);
    grog_jsonout_key_real(w, "depth_mm", t->base.depth);
    grog_jsonout_object_close(w);
    grog_jsonout_key(w, "order");
    order_json(w, &t->order);
    grog_jsonout_key(w, "pending");
    order_json(w, &t->pending);
    grog_jsonout_object_close(w);
}

/* The text written so far handed to the output once there is a megabyte
 * of it (always when `all`). */
static void pass_on(jw *w, FILE *f, int all)
{
    if (!all && grog_jsonout_length(w) < ((size_t)1 << 20))
        return;
    size_t len;
    const char *s = grog_jsonout_take(w, &len);
    fwrite(s, 1, len, f);
}

static void head_json(show_ctx *x, jw *w)
{
    const grog_meta *m = grog_battle_meta(x->b);
    grog_jsonout_key(w, "scenario");
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "name", m->name);
    grog_jsonout_key_string(w, "date", m->date);
    grog_jsonout_key_string(w, "place", m->place);
    grog_jsonout_key_string(w, "description", m->description);
    grog_jsonout_key_string(w, "rating_notes", m->rating_notes);
    grog_jsonout_key(w, "sources");
    grog_jsonout_array_open(w);
    for (size_t i = 0; i < m->nsources; i++)
        grog_jsonout_string(w, m->sources[i]);
    grog_jsonout_array_close(w);
    grog_jsonout_object_close(w);
    grog_jsonout_key(w, "table");
    grog_jsonout_object_open(w);
    grog_jsonout_key_integer(w, "figure_scale", x->t->scale.figure_mm);
    grog_jsonout_key_real(w, "mm_per_pas", x->t->scale.mm_per_pas);
    grog_jsonout_key_real(w, "width_mm", x->t->width_mm);
    grog_jsonout_key_real(w, "depth_mm", x->t->depth_mm);
    grog_jsonout_object_close(w);
    grog_jsonout_key(w, "radii");
    if (x->have_radii) {
        grog_jsonout_object_open(w);
        grog_jsonout_key(w, "aigles_zone_pas_by_command");
        grog_jsonout_array_open(w);
        for (int k = 0; k <= 5; k++) {
            if (x->radii.aigles_zone_contact[k])
                grog_jsonout_string(w, "contact");
            else if (x->radii.aigles_zone_mm[k] > 0)
                grog_jsonout_real(w, x->radii.aigles_zone_mm[k] / x->t->scale.mm_per_pas);
            else
                grog_jsonout_null(w);
        }
        grog_jsonout_array_close(w);
        grog_jsonout_key_real(w, "gdb_cm", show_cm(x->radii.gdb_radius_mm));
        grog_jsonout_key_real(w, "gt_in", x->radii.gt_radius_mm / 25.4);
        grog_jsonout_object_close(w);
    } else {
        grog_jsonout_null(w);
    }
    grog_jsonout_key(w, "sides");
    grog_jsonout_array_open(w);
    for (size_t s = 0; s < grog_battle_nsides(x->b); s++) {
        const grog_side *sd = grog_battle_side(x->b, s);
        size_t c;
        int has = grog_battle_commander_in_chief(x->b, sd->id, &c);
        grog_jsonout_object_open(w);
        grog_jsonout_key_string(w, "id", sd->id);
        grog_jsonout_key_string(w, "name", sd->name);
        grog_jsonout_key_string(w, "nation", grog_nation_name(sd->nation));
        grog_jsonout_key_string(w, "commander_in_chief",
                                has ? grog_battle_officer(x->b, c)->id : NULL);
        grog_jsonout_object_close(w);
    }
    grog_jsonout_array_close(w);
}

int show_print_json(show_ctx *x)
{
    jw *w = grog_jsonout_create(2, 10);
    if (w == NULL)
        return 0;
    FILE *f = x->c->out;
    grog_jsonout_object_open(w);
    head_json(x, w);
    grog_jsonout_key(w, "officers");
    grog_jsonout_array_open(w);
    for (size_t i = 0; i < grog_battle_nofficers(x->b); i++) {
        officer_json(x, w, i);
        pass_on(w, f, 0);
    }
    grog_jsonout_array_close(w);
    grog_jsonout_key(w, "units");
    grog_jsonout_array_open(w);
    for (size_t u = 0; u < grog_battle_nunits(x->b); u++) {
        unit_json(x, w, u);
        pass_on(w, f, 0);
    }
    grog_jsonout_array_close(w);
    grog_jsonout_object_close(w);
    pass_on(w, f, 1);
    fputc('\n', f);
    /* Out of memory cuts the text short; anything else jansson would refuse
     * (not possible in a battle read from a file) is written as null. */
    int ok = grog_jsonout_status(w) != GROG_ENOMEM;
    grog_jsonout_destroy(w);
    return ok;
}
