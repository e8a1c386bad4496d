/* scenario_sections.c — the sections of a scenario file read into the battle: the
 * meta data, the table and its terrain, the sides, the officers with their units,
 * the units, the orders (docs/scenario-format.md); then the model's check, each of
 * its problems mapped back to the JSON path it came from. Each section reads what
 * it can and reports the rest; an object without a usable id is skipped. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/scenario.h"
#include "grognard/text.h"
#include "i18n.h"
#include "model/model.h"
#include "scenario_reader.h"

static void rd_meta(reader *r, json_t *root)
{
    static const char *const keys[] = {"name", "date", "place", "description",
                                       "rating_notes", "sources", "licence", NULL};
    char full[PATH_LEN];
    json_t *m = scn_rd_child(r, root, "", "meta", 1, JSON_OBJECT, full);
    if (m == NULL)
        return;
    scn_known_keys(r, m, "meta", keys);
    const char *names[] = {"name", "date", "place", "description", "rating_notes", "licence"};
    /* name, date and place: one line each; the two notes may hold paragraphs;
     * the licence is one line of up to a source's length. */
    static const size_t max[] = {GROG_NAME_MAX - 1, GROG_NAME_MAX - 1, GROG_NAME_MAX - 1,
                                 GROG_DESCRIPTION_MAX, GROG_DESCRIPTION_MAX, GROG_SOURCE_MAX};
    const char *vals[6] = {"", "", "", "", "", ""};
    for (int i = 0; i < 6; i++) {
        json_t *v = scn_member(r, m, "meta", names[i], i == 0, full);
        if (v != NULL && !json_is_string(v))
            scn_report(r, full, _("expected a string, found %s"), scn_type_name(v));
        else if (v != NULL &&
                 scn_text_ok(r, full, v, max[i], i == 3 || i == 4 ? GROG_TEXT_MULTILINE : 0))
            vals[i] = json_string_value(v);
    }
    json_t *src = scn_rd_child(r, m, "meta", "sources", 0, JSON_ARRAY, full);
    size_t n = src != NULL ? json_array_size(src) : 0;
    if (n > GROG_SOURCES_MAX) {
        scn_report(r, full, _("too many sources: %zu, at most %d"), n, GROG_SOURCES_MAX);
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
            scn_report(r, p, _("expected a string, found %s"), scn_type_name(s));
            continue;
        }
        if (scn_text_ok(r, p, s, GROG_SOURCE_MAX, GROG_TEXT_LINE))
            sources[k++] = json_string_value(s);
    }
    grog_meta meta = {vals[0], vals[1], vals[2], vals[3], vals[4], k, sources, vals[5]};
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
    json_t *t = scn_rd_child(r, root, "", "table", 1, JSON_OBJECT, full);
    if (t == NULL)
        return;
    scn_known_keys(r, t, "table", keys);
    int fig = 25;
    if (scn_rd_int(r, t, "table", "figure_scale", 1, &fig)) {
        if (fig != 25 && fig != 15)
            scn_report(r, "table.figure_scale", _("%d: the figure scale is 25 or 15 (mm)"), fig);
        else
            r->table.scale.figure_mm = fig;
    }
    double pas = 1;
    if (scn_rd_number(r, t, "table", "mm_per_pas", 0, &pas)) {
        if (!(pas > 0) || !(pas < 1000))
            scn_report(r, "table.mm_per_pas", "%s", _("must be greater than 0 (and under 1000)"));
        else
            r->table.scale.mm_per_pas = pas;
    }
    char unit[16];
    if (scn_rd_string(r, t, "table", "unit", 1, unit, sizeof unit)) {
        grog_unit u;
        if (strcmp(unit, "mm") && strcmp(unit, "cm") && strcmp(unit, "in") &&
            strcmp(unit, "pas"))
            scn_report(r, "table.unit", _("unknown unit \"%s\" (expected one of: mm, cm, in, pas)"),
                       unit);
        else if (grog_unit_parse(unit, &u, NULL) == GROG_OK)
            r->table.file_unit = u;
    }
    double w = 0, d = 0;
    if (scn_rd_number(r, t, "table", "width", 1, &w)) {
        if (!(w > 0) || !(w < 1e9))
            scn_report(r, "table.width", "%s", _("must be greater than 0 (and under 1000000000)"));
        else
            r->table.width_mm = scn_to_mm(r, w);
    }
    if (scn_rd_number(r, t, "table", "depth", 1, &d)) {
        if (!(d > 0) || !(d < 1e9))
            scn_report(r, "table.depth", "%s", _("must be greater than 0 (and under 1000000000)"));
        else
            r->table.depth_mm = scn_to_mm(r, d);
    }
    double margin = 0;
    if (scn_rd_number(r, t, "table", "margin", 0, &margin)) {
        if (!(margin >= 0) || !(margin < 1e9))
            scn_report(r, "table.margin", "%s", _("must be 0 or more (and under 1000000000)"));
        else
            r->table.margin_mm = scn_to_mm(r, margin);
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
    scn_join(full, path, "id");
    scn_report(r, full, "%s", e->message);
}

static void rd_sides(reader *r, json_t *root)
{
    static const char *const keys[] = {"id", "name", "nation", "colour", NULL};
    char full[PATH_LEN];
    json_t *arr = scn_rd_child(r, root, "", "sides", 1, JSON_ARRAY, full);
    size_t i;
    json_t *s;
    if (arr == NULL)
        return;
    json_array_foreach(arr, i, s) {
        char path[PATH_LEN];
        snprintf(path, sizeof path, "sides[%zu]", i);
        if (!json_is_object(s)) {
            scn_report(r, path, _("expected an object, found %s"), scn_type_name(s));
            continue;
        }
        scn_known_keys(r, s, path, keys);
        grog_side side;
        memset(&side, 0, sizeof side);
        side.nation = GROG_NATION_OTHER;
        int ok = scn_rd_id(r, s, path, "id", 1, side.id);
        scn_rd_string(r, s, path, "name", 1, side.name, sizeof side.name);
        RD_ENUM(r, s, path, "nation", 1, grog_nation_parse, &side.nation);
        if (scn_rd_string(r, s, path, "colour", 0, side.colour, sizeof side.colour)) {
            size_t n = strlen(side.colour);
            int good = n == 7 && side.colour[0] == '#';
            for (size_t k = 1; good && k < 7; k++)
                good = strchr("0123456789abcdefABCDEF", side.colour[k]) != NULL;
            if (!good) {
                scn_join(full, path, "colour");
                scn_report(r, full, "%s", _("expected a colour \"#rrggbb\""));
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
    json_t *rat = scn_rd_child(r, o, path, "ratings", 1, JSON_OBJECT, full);
    if (rat == NULL)
        return;
    scn_known_keys(r, rat, full, keys);
    json_t *a = scn_rd_child(r, rat, full, "aigles", 1, JSON_OBJECT, sub);
    if (a != NULL) {
        scn_known_keys(r, a, sub, aigles_keys);
        scn_rd_int(r, a, sub, "charisma", 1, &rt->aigles_charisma);
        scn_rd_int(r, a, sub, "command", 1, &rt->aigles_command);
    }
    json_t *g = scn_rd_child(r, rat, full, "gdb", 1, JSON_OBJECT, sub);
    if (g != NULL) {
        scn_known_keys(r, g, sub, gdb_keys);
        RD_ENUM(r, g, sub, "skill", 1, grog_gdb_skill_parse, &rt->gdb_skill);
    }
    json_t *t = scn_rd_child(r, rat, full, "gt", 1, JSON_OBJECT, sub);
    if (t != NULL) {
        scn_known_keys(r, t, sub, gt_keys);
        RD_ENUM(r, t, sub, "quality", 1, grog_gt_quality_parse, &rt->gt_quality);
    }
}

/* A list of names of bits ("markers", "state"). */
static unsigned rd_bits(reader *r, json_t *obj, const char *path, const char *key,
                        grog_status (*parse)(const char *, unsigned *, grog_error *))
{
    char full[PATH_LEN];
    json_t *arr = scn_rd_child(r, obj, path, key, 0, JSON_ARRAY, full);
    unsigned bits = 0;
    size_t i;
    json_t *v;
    if (arr == NULL)
        return 0;
    json_array_foreach(arr, i, v) {
        char p[PATH_LEN];
        scn_indexed(p, full, i);
        unsigned bit = 0;
        grog_error e;
        if (!json_is_string(v))
            scn_report(r, p, _("expected a string, found %s"), scn_type_name(v));
        else if (parse(json_string_value(v), &bit, &e) != GROG_OK)
            scn_report(r, p, "%s", e.message);
        else if (bits & bit)
            scn_report(r, p, _("\"%s\" is listed twice"), json_string_value(v));
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
    scn_known_keys(r, o, path, keys);
    grog_officer off;
    grog_officer_init(&off);
    int ok = scn_rd_id(r, o, path, "id", 1, off.id);
    scn_rd_string(r, o, path, "name", 1, off.name, sizeof off.name);
    scn_rd_id(r, o, path, "side", 1, off.side);
    RD_ENUM(r, o, path, "role", 1, grog_role_parse, &off.role);
    scn_rd_string(r, o, path, "command", 0, off.command, sizeof off.command);
    scn_rd_id(r, o, path, "superior", 0, off.superior);
    const grog_side *side = grog_battle_side_by_id(r->b, off.side);
    if (side != NULL)
        off.nation = side->nation;
    RD_ENUM(r, o, path, "nation", 0, grog_nation_parse, &off.nation);
    scn_rd_placement(r, o, path, &off.base, 0);
    scn_rd_id(r, o, path, "attached_to", 0, off.attached_to);
    RD_ENUM(r, o, path, "state", 0, grog_officer_state_parse, &off.state);
    scn_rd_id(r, o, path, "held_by", 0, off.held_by);
    off.markers = rd_bits(r, o, path, "markers", parse_marker);
    rd_ratings(r, o, path, &off.ratings);
    scn_rd_int(r, o, path, "casualties", 0, &off.casualties);
    double speed = 0;
    if (scn_rd_number(r, o, path, "adc_speed", 0, &speed) &&
        scn_finite_or_report(r, path, "adc_speed", speed)) {
        if (speed < 0) {
            char full[PATH_LEN];
            scn_join(full, path, "adc_speed");
            scn_report(r, full, "%s", _("cannot be negative"));
        } else {
            off.adc_speed = scn_to_mm(r, speed);
        }
    }
    scn_rd_bool(r, o, path, "personally_commands", &off.personally_commands);
    scn_rd_bool(r, o, path, "brigade_broken", &off.brigade_broken);
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
        json_t *list = scn_rd_child(r, o, path, "units", 0, JSON_ARRAY, full);
        size_t k;
        json_t *v;
        if (list == NULL)
            continue;
        const grog_officer *off = grog_battle_officer(r->b, oi);
        json_array_foreach(list, k, v) {
            char p[PATH_LEN];
            scn_indexed(p, full, k);
            size_t ui;
            if (!json_is_string(v)) {
                scn_report(r, p, _("expected a unit id, found %s"), scn_type_name(v));
                continue;
            }
            const char *id = json_string_value(v);
            if (!grog_battle_unit_index(r->b, id, &ui)) {
                scn_report(r, p, _("no unit \"%s\""), id);
                continue;
            }
            grog_troop *u = grog_battle_unit_mut(r->b, ui);
            if (u->parent[0] != '\0') {
                scn_report(r, p, _("unit \"%s\" already belongs to \"%s\": a unit has one parent"),
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
    scn_known_keys(r, u, path, keys);
    grog_troop t;
    grog_troop_init(&t);
    int ok = scn_rd_id(r, u, path, "id", 1, t.id);
    scn_rd_string(r, u, path, "name", 1, t.name, sizeof t.name);
    scn_rd_id(r, u, path, "side", 1, t.side);
    t.arm = GROG_ARM_COUNT; /* "not read": no checks that depend on the arm */
    RD_ENUM(r, u, path, "arm", 1, grog_arm_parse, &t.arm);
    RD_ENUM(r, u, path, "status", 1, grog_unit_status_parse, &t.status);
    RD_ENUM(r, u, path, "manoeuvre", 1, grog_manoeuvre_parse, &t.manoeuvre);
    scn_rd_int(r, u, path, "figures", 1, &t.figures);
    scn_rd_int(r, u, path, "subunits", 0, &t.subunits);
    scn_rd_id(r, u, path, "formation", 0, t.formation);
    scn_rd_placement(r, u, path, &t.base, 1);
    t.flags = rd_bits(r, u, path, "state", parse_flag);
    scn_rd_int(r, u, path, "melee_since", 0, &t.melee_since);
    scn_rd_int(r, u, path, "casualties", 0, &t.casualties);
    scn_rd_bool(r, u, path, "can_dismount", &t.can_dismount);
    if (json_object_get(u, "melee_since") != NULL && !(t.flags & GROG_UNIT_IN_MELEE)) {
        char full[PATH_LEN];
        scn_join(full, path, "melee_since");
        scn_report(r, full, "%s",
                   _("given for a unit not in melee (add \"in-melee\" to its state)"));
    }
    int arm_known = t.arm != GROG_ARM_COUNT;
    if (!arm_known)
        t.arm = GROG_ARM_INFANTRY;
    if (arm_known && t.arm != GROG_ARM_CAVALRY && t.can_dismount) {
        char full[PATH_LEN];
        scn_join(full, path, "can_dismount");
        scn_report(r, full, "%s", _("only cavalry can dismount (AIG-F-16)"));
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
    json_t *arr = scn_rd_child(r, root, "", "orders", 0, JSON_ARRAY, full);
    size_t i;
    json_t *o;
    if (arr == NULL)
        return;
    json_array_foreach(arr, i, o) {
        char path[PATH_LEN];
        snprintf(path, sizeof path, "orders[%zu]", i);
        if (!json_is_object(o)) {
            scn_report(r, path, _("expected an object, found %s"), scn_type_name(o));
            continue;
        }
        scn_known_keys(r, o, path, keys);
        char to[GROG_ID_MAX] = "";
        grog_order ord;
        memset(&ord, 0, sizeof ord);
        int hidden = 0;
        int ok = scn_rd_id(r, o, path, "to", 1, to);
        ok &= scn_rd_id(r, o, path, "kind", 1, ord.kind);
        scn_rd_string(r, o, path, "text", 0, ord.text, sizeof ord.text);
        scn_rd_id(r, o, path, "target", 0, ord.target);
        scn_rd_bool(r, o, path, "hidden", &hidden);
        scn_rd_int(r, o, path, "given_turn", 0, &ord.given_turn);
        scn_rd_int(r, o, path, "effective_turn", 0, &ord.effective_turn);
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
            scn_join(full, path, "to");
            scn_report(r, full, _("no officer or unit \"%s\""), to);
            continue;
        }
        long *from = hidden ? &org->pending : &org->order;
        if (*from >= 0) {
            scn_join(full, path, "to");
            scn_report(r, full,
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
    scn_known_keys(r, t, path, keys);
    grog_terrain f;
    memset(&f, 0, sizeof f);
    char kind[GROG_ID_MAX] = "";
    int ok = scn_rd_string(r, t, path, "kind", 1, kind, sizeof kind);
    char full[PATH_LEN];
    if (ok && grog_terrain_kind_parse(kind, &f.kind, NULL) != GROG_OK) {
        grog_error e;
        grog_terrain_kind_parse(kind, &f.kind, &e);
        scn_join(full, path, "kind");
        scn_report(r, full, "%s", e.message);
        ok = 0;
    }
    scn_rd_string(r, t, path, "name", 0, f.name, sizeof f.name);
    json_t *pts = scn_rd_child(r, t, path, "points", 1, JSON_ARRAY, full);
    if (pts == NULL || !ok)
        return;
    size_t n = json_array_size(pts);
    if (n > GROG_TERRAIN_MAX_POINTS) {
        scn_report(r, full, _("at most %d points, not %zu"), GROG_TERRAIN_MAX_POINTS, n);
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
        scn_indexed(at, full, i);
        if (!json_is_array(v) || json_array_size(v) != 2 || !json_is_number(json_array_get(v, 0)) ||
            !json_is_number(json_array_get(v, 1))) {
            scn_report(r, at, "%s", _("expected a point [x, y]"));
            ok = 0;
            continue;
        }
        double x = json_number_value(json_array_get(v, 0));
        double y = json_number_value(json_array_get(v, 1));
        if (!isfinite(x) || !isfinite(y) || fabs(x) >= 1e9 || fabs(y) >= 1e9) {
            scn_report(r, at, "%s", _("out of range"));
            ok = 0;
            continue;
        }
        p[i].x = scn_to_mm(r, x);
        p[i].y = scn_to_mm(r, y);
    }
    f.npoints = n;
    f.points = p;
    grog_error e;
    grog_status st = ok ? grog_battle_add_terrain(r->b, &f, &e) : GROG_OK;
    if (st == GROG_ENOMEM)
        r->oom = 1;
    else if (st != GROG_OK)
        scn_report(r, full, "%s", e.message);
    free(p);
}

static void rd_terrain(reader *r, json_t *root)
{
    char full[PATH_LEN];
    json_t *arr = scn_rd_child(r, root, "", "terrain", 0, JSON_ARRAY, full);
    size_t i;
    json_t *t;
    if (arr != NULL && json_array_size(arr) > GROG_TERRAIN_MAX) {
        scn_report(r, full, _("at most %d terrain features"), GROG_TERRAIN_MAX);
        return;
    }
    json_array_foreach(arr, i, t) {
        char path[PATH_LEN];
        snprintf(path, sizeof path, "terrain[%zu]", i);
        if (!json_is_object(t))
            scn_report(r, path, _("expected an object, found %s"), scn_type_name(t));
        else
            rd_terrain_one(r, t, path);
    }
}

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
    scn_report(r, path, "%s", message);
}

void scn_read_root(reader *r, json_t *root)
{
    static const char *const keys[] = {"format", "meta", "table", "sides", "officers", "units",
                                       "orders", "terrain", NULL};
    scn_known_keys(r, root, "", keys);
    int version = 1;
    if (scn_rd_int(r, root, "", "format", 0, &version) && version != 1)
        scn_report(r, "format", _("format %d is not known (this program reads format 1)"), version);
    rd_meta(r, root);
    rd_table(r, root);
    rd_sides(r, root);
    char full[PATH_LEN];
    json_t *offs = scn_rd_child(r, root, "", "officers", 1, JSON_ARRAY, full);
    json_t *units = scn_rd_child(r, root, "", "units", 1, JSON_ARRAY, full);
    size_t i;
    json_t *v;
    json_array_foreach(offs, i, v) {
        char path[PATH_LEN];
        snprintf(path, sizeof path, "officers[%zu]", i);
        if (!json_is_object(v))
            scn_report(r, path, _("expected an object, found %s"), scn_type_name(v));
        else
            rd_officer(r, v, path, i);
    }
    json_array_foreach(units, i, v) {
        char path[PATH_LEN];
        snprintf(path, sizeof path, "units[%zu]", i);
        if (!json_is_object(v))
            scn_report(r, path, _("expected an object, found %s"), scn_type_name(v));
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
