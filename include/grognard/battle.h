/* battle.h — one battle: sides, officers, units, the command hierarchy,
 * orders, markers and where everything stands on the table.
 *
 * A grog_battle holds plain structs in arrays (sides, officers, units), each
 * found by its id through a hash index; 2,000 units and 400 officers is an
 * ordinary size. Ids are unique across the whole battle (a side, an officer
 * and a unit never share one) and never change once added. Cross references
 * (an officer's superior, a unit's parent officer, attached-to, held-by,
 * order targets) are held as ids, so they stay valid when objects are added
 * or removed; an empty string means "none".
 *
 * Lengths and positions are millimetres (geom.h, measure.h); the scenario
 * file may write them in cm, inches or pas, the loader converts.
 *
 * The command hierarchy: every officer except a side's commander-in-chief
 * has a superior officer of the same side; aides-de-camp (ADCs) have the
 * general they belong to as superior (AIG-O-02). Each unit has at most one
 * parent officer (the general who commands it directly). Any depth is
 * allowed; the level of an officer is named by his role and, for display,
 * by his `command` (the formation he leads: "3rd Division").
 *
 * The add/set functions accept anything well-formed (so a scenario loader
 * can build a battle first and report every problem after); the checked
 * setters (grog_battle_officer_set_superior, _attach, grog_battle_unit_set_parent)
 * refuse what would break the invariants, and grog_battle_check lists every
 * problem of a battle.
 *
 * Ownership: grog_battle_create / grog_battle_clone return a handle the caller
 * frees with grog_battle_destroy (accepts NULL). Pointers returned by the
 * accessors point into the battle: valid until the next add or remove (which
 * may move the arrays) or destroy. Strings passed in are copied. */
#ifndef GROGNARD_BATTLE_H
#define GROGNARD_BATTLE_H

#include <stddef.h>

#include "grognard/error.h"
#include "grognard/geom.h"
#include "grognard/measure.h"

#define GROG_ID_MAX 64     /* ids: 1..63 bytes of [A-Za-z0-9_.-] */
#define GROG_NAME_MAX 128  /* names: up to 127 bytes of UTF-8 */
#define GROG_TEXT_MAX 256  /* free text of an order */

/* Each enum has a name (the spelling in files and on the command line) and a
 * parse function: grog_X_name(v) returns "?" for a value out of range;
 * grog_X_parse(text, &v, err) returns GROG_EINVAL naming the accepted values. */

typedef enum grog_nation {
    GROG_NATION_FRANCE = 0,   /* "france" */
    GROG_NATION_BRITAIN,      /* "britain" */
    GROG_NATION_LATE_PRUSSIA, /* "late-prussia" (1813-15) */
    GROG_NATION_PRUSSIA,      /* "prussia" (before 1813) */
    GROG_NATION_AUSTRIA,      /* "austria" */
    GROG_NATION_RUSSIA,       /* "russia" */
    GROG_NATION_PORTUGAL,     /* "portugal" */
    GROG_NATION_SPAIN,        /* "spain" */
    GROG_NATION_NETHERLANDS,  /* "netherlands" */
    GROG_NATION_OTHER,        /* "other" */
    GROG_NATION_COUNT
} grog_nation;

typedef enum grog_role {
    GROG_ROLE_C_IN_C = 0, /* "commander-in-chief" */
    GROG_ROLE_ARMY,       /* "army" */
    GROG_ROLE_CORPS,      /* "corps" */
    GROG_ROLE_DIVISION,   /* "division" */
    GROG_ROLE_BRIGADE,    /* "brigade" */
    GROG_ROLE_ADC,        /* "aide-de-camp" */
    GROG_ROLE_COUNT
} grog_role;

typedef enum grog_officer_state {
    GROG_OFFICER_ACTIVE = 0,        /* "active" */
    GROG_OFFICER_PRISONER,          /* "prisoner" (held_by names the unit) */
    GROG_OFFICER_OUT_OF_COMMISSION, /* "out-of-commission" (GT-08) */
    GROG_OFFICER_KILLED,            /* "killed" */
    GROG_OFFICER_STATE_COUNT
} grog_officer_state;

typedef enum grog_gdb_skill {
    GROG_GDB_SKILL_GIFTED = 0, /* "gifted" (GDB-08: +1) */
    GROG_GDB_SKILL_ORDINARY,   /* "ordinary" */
    GROG_GDB_SKILL_POOR,       /* "poor" (-1) */
    GROG_GDB_SKILL_COUNT
} grog_gdb_skill;

typedef enum grog_gt_quality {
    GROG_GT_QUALITY_GREAT = 0, /* "great" (GT-02) */
    GROG_GT_QUALITY_ORDINARY,  /* "ordinary" */
    GROG_GT_QUALITY_BAD,       /* "bad" */
    GROG_GT_QUALITY_COUNT
} grog_gt_quality;

typedef enum grog_arm {
    GROG_ARM_INFANTRY = 0,     /* "infantry" */
    GROG_ARM_CAVALRY,          /* "cavalry" */
    GROG_ARM_FOOT_ARTILLERY,   /* "foot-artillery" */
    GROG_ARM_HORSE_ARTILLERY,  /* "horse-artillery" */
    GROG_ARM_ENGINEERS,        /* "engineers" */
    GROG_ARM_COUNT
} grog_arm;

typedef enum grog_unit_status {
    GROG_STATUS_GARDE = 0,     /* "garde" */
    GROG_STATUS_ELITE,         /* "elite" */
    GROG_STATUS_VETERAN,       /* "veteran" */
    GROG_STATUS_REGULAR,       /* "regular" */
    GROG_STATUS_SEMI_REGULAR,  /* "semi-regular" */
    GROG_STATUS_MILITIA,       /* "militia" */
    GROG_STATUS_IRREGULAR,     /* "irregular" */
    GROG_STATUS_COUNT
} grog_unit_status;

typedef enum grog_manoeuvre {
    GROG_MANOEUVRE_A = 0, /* "A" */
    GROG_MANOEUVRE_B,     /* "B" */
    GROG_MANOEUVRE_C,     /* "C" */
    GROG_MANOEUVRE_COUNT
} grog_manoeuvre;

/* Unit state flags (a bit set); names "in-melee", "routed", "broken",
 * "fleeing", "disordered", "unformed". */
typedef enum grog_unit_flag {
    GROG_UNIT_IN_MELEE = 1 << 0,
    GROG_UNIT_ROUTED = 1 << 1,
    GROG_UNIT_BROKEN = 1 << 2,
    GROG_UNIT_FLEEING = 1 << 3,
    GROG_UNIT_DISORDERED = 1 << 4,
    GROG_UNIT_UNFORMED = 1 << 5
} grog_unit_flag;
#define GROG_UNIT_FLAG_COUNT 6

/* Officer markers (a bit set); names "avance" (AIG-O-22). */
typedef enum grog_marker {
    GROG_MARKER_AVANCE = 1 << 0
} grog_marker;
#define GROG_MARKER_COUNT 1

/* An order. kind is an id ("attack", "defend", "hold", "march", "support",
 * "reserve", "retire", "skirmish", ... free, documented in
 * docs/scenario-format.md); "" means no order. */
typedef struct grog_order {
    char kind[GROG_ID_MAX];
    char text[GROG_TEXT_MAX];   /* the order as written, may be "" */
    char target[GROG_ID_MAX];   /* the unit, officer or side aimed at, or "" */
    int given_turn;             /* the turn it was given; 0 = at the start (AIG-O-09) */
    int effective_turn;         /* pending orders: the turn it takes effect, 0 = when
                                   revealed (GDB-04 sets the next turn) */
} grog_order;

typedef struct grog_side {
    char id[GROG_ID_MAX];
    char name[GROG_NAME_MAX];
    grog_nation nation;
    char colour[16]; /* "#rrggbb" for the map, "" = a default per side */
} grog_side;

/* The ratings of every rule family (one battle can be played under any). */
typedef struct grog_ratings {
    int aigles_charisma;        /* 0-5 (AIG-O-01) */
    int aigles_command;         /* 0-5 (AIG-O-01) */
    grog_gdb_skill gdb_skill;   /* GDB-08 */
    grog_gt_quality gt_quality; /* GT-02, GT-12 */
} grog_ratings;

typedef struct grog_officer {
    char id[GROG_ID_MAX];          /* immutable once added */
    char name[GROG_NAME_MAX];
    char side[GROG_ID_MAX];        /* a side id */
    char command[GROG_NAME_MAX];   /* the formation he leads ("3rd Division"), may be "" */
    grog_role role;
    char superior[GROG_ID_MAX];    /* "" only for a commander-in-chief (or a detached officer) */
    grog_nation nation;            /* usually the side's; the brigade's nationality (GDB-02) */
    grog_base base;                /* position (centre), base size and facing, mm */
    char attached_to[GROG_ID_MAX]; /* a unit id (GT-03), or "" */
    grog_officer_state state;
    char held_by[GROG_ID_MAX];     /* the unit holding a prisoner (AIG-O-23), or "" */
    unsigned markers;              /* grog_marker bits */
    grog_ratings ratings;
    int casualties;                /* casualties inflicted on him (AIG-O-25) */
    double adc_speed;              /* mm per turn; < 0 when not given */
    int personally_commands;       /* a C-in-C commanding a brigade himself (GDB-07, GDB-09) */
    int brigade_broken;            /* his brigade is broken (GDB-13) */
    grog_order order;              /* the current order of his command (gdb: brigade order) */
    grog_order pending;            /* a new order placed face down (GDB-02), kind "" if none */
} grog_officer;

/* A unit (battalion, cavalry regiment, battery...). Named grog_troop because
 * grog_unit is the unit of length of measure.h. */
typedef struct grog_troop {
    char id[GROG_ID_MAX];          /* immutable once added */
    char name[GROG_NAME_MAX];
    char side[GROG_ID_MAX];
    char parent[GROG_ID_MAX];      /* the officer commanding it directly, or "" */
    grog_arm arm;
    grog_unit_status status;
    grog_manoeuvre manoeuvre;
    int figures;
    int subunits;                  /* companies, squadrons or sections by arm */
    char formation[GROG_ID_MAX];   /* an aigles formation id: "line", "march-column" ... */
    grog_base base;                /* centre, frontage, depth, facing; mm */
    grog_order order;              /* current order */
    grog_order pending;            /* pending, hidden order; kind "" if none */
    unsigned flags;                /* grog_unit_flag bits */
    int melee_since;               /* the turn the melee began, when GROG_UNIT_IN_MELEE */
    int casualties;
    int can_dismount;              /* cavalry with a dismounted entry (AIG-F-16) */
} grog_troop;

/* The table: figure scale and pas (measure.h), size, and the unit in which
 * the scenario file writes lengths. A piece stands on the table, or off it by
 * at most margin_mm (0 by default): positions outside are refused, by the
 * scenario check and by the game's move. */
typedef struct grog_table {
    grog_scale scale;
    double width_mm, depth_mm;
    grog_unit file_unit;
    double margin_mm;
} grog_table;

/* Descriptive data; strings owned by the battle, never NULL ("" if absent). */
typedef struct grog_meta {
    const char *name;
    const char *date;         /* "1810-09-27" */
    const char *place;
    const char *description;
    const char *rating_notes; /* how the officers' ratings were chosen */
    size_t nsources;
    const char *const *sources; /* citations */
    const char *licence;      /* the scenario's terms of use; last, so that an
                                 initializer without it leaves it NULL (read as "") */
} grog_meta;

typedef struct grog_battle grog_battle;

/* An empty battle: default table (grog_scale_default, 1800 x 1200 mm, file
 * unit mm), empty meta. NULL when out of memory. */
grog_battle *grog_battle_create(void);
void grog_battle_destroy(grog_battle *b);
/* A deep copy (for snapshots); NULL when out of memory. */
grog_battle *grog_battle_clone(const grog_battle *b);
/* 1 when a and b hold the same battle (lengths within 1e-6 mm); otherwise 0,
 * and why (if not NULL) names the first difference. */
int grog_battle_equal(const grog_battle *a, const grog_battle *b, char *why, size_t whylen);

const grog_table *grog_battle_table(const grog_battle *b);
grog_status grog_battle_set_table(grog_battle *b, const grog_table *t, grog_error *err);
const grog_meta *grog_battle_meta(const grog_battle *b);
/* Copies every string of m (NULL strings are taken as ""). */
grog_status grog_battle_set_meta(grog_battle *b, const grog_meta *m, grog_error *err);

size_t grog_battle_nsides(const grog_battle *b);
size_t grog_battle_nofficers(const grog_battle *b);
size_t grog_battle_nunits(const grog_battle *b);

/* By index (NULL when out of range). The _mut forms are for the game engine:
 * it may change any field except id (use the checked setters below for
 * superior, attached_to and parent when the change must respect the rules). */
const grog_side *grog_battle_side(const grog_battle *b, size_t i);
const grog_officer *grog_battle_officer(const grog_battle *b, size_t i);
const grog_troop *grog_battle_unit(const grog_battle *b, size_t i);
grog_side *grog_battle_side_mut(grog_battle *b, size_t i);
grog_officer *grog_battle_officer_mut(grog_battle *b, size_t i);
grog_troop *grog_battle_unit_mut(grog_battle *b, size_t i);

/* By id: 1 and *index when found, else 0. id may be NULL or "". */
int grog_battle_side_index(const grog_battle *b, const char *id, size_t *index);
int grog_battle_officer_index(const grog_battle *b, const char *id, size_t *index);
int grog_battle_unit_index(const grog_battle *b, const char *id, size_t *index);
/* By id, or NULL. */
/* Short codes (codes.c): the side's letter and the piece's number in its side,
 * officers first then units, in battle order ("A1", "B12"), as the rosters
 * print them. The _index and _by_id look-ups accept a code (any case) where
 * no piece has that id. piece_code: 1 and out set, 0 for a bad index or a
 * side past Z; code_find: 1 and *unit (1 unit, 0 officer), *index set. */
#define GROG_CODE_MAX 16
int grog_battle_piece_code(const grog_battle *b, int unit, size_t index, char out[GROG_CODE_MAX]);
int grog_battle_code_find(const grog_battle *b, const char *code, int *unit, size_t *index);
const grog_side *grog_battle_side_by_id(const grog_battle *b, const char *id);
const grog_officer *grog_battle_officer_by_id(const grog_battle *b, const char *id);
const grog_troop *grog_battle_unit_by_id(const grog_battle *b, const char *id);
grog_officer *grog_battle_officer_by_id_mut(grog_battle *b, const char *id);
grog_troop *grog_battle_unit_by_id_mut(grog_battle *b, const char *id);

/* Initial values for a new record: everything zero or "", ratings
 * charisma 0 command 0 ordinary/ordinary, adc_speed -1, officer base
 * 40 x 40 mm, unit base 0 x 0 (the caller sets it), status regular, class B,
 * formation "line". */
void grog_officer_init(grog_officer *o);
void grog_troop_init(grog_troop *u);

/* Adding copies the record. GROG_EINVAL when the id is empty, too long, has
 * characters outside [A-Za-z0-9_.-], or is already used by any object;
 * GROG_ENOMEM. References are not checked here (grog_battle_check does). */
grog_status grog_battle_add_side(grog_battle *b, const grog_side *s, grog_error *err);
grog_status grog_battle_add_officer(grog_battle *b, const grog_officer *o, grog_error *err);
grog_status grog_battle_add_unit(grog_battle *b, const grog_troop *u, grog_error *err);

/* Removing. A unit: officers attached to it are detached; GROG_EINVAL when
 * an officer is held prisoner by it. An officer: GROG_EINVAL while he has
 * subordinate officers, ADCs or units (reassign them first). A side:
 * GROG_EINVAL while an officer or unit belongs to it. Order targets naming a
 * removed object are cleared. GROG_ENOTFOUND for an unknown id. */
grog_status grog_battle_remove_unit(grog_battle *b, const char *id, grog_error *err);
grog_status grog_battle_remove_officer(grog_battle *b, const char *id, grog_error *err);
grog_status grog_battle_remove_side(grog_battle *b, const char *id, grog_error *err);

/* Checked changes of the hierarchy. superior "" detaches. Refused with
 * GROG_EINVAL: unknown ids, another side, an ADC as superior of anyone, a
 * cycle. Attach refuses (GROG_ERULE, "GT-03") a unit that already has a
 * general attached; unit_id "" detaches. */
grog_status grog_battle_officer_set_superior(grog_battle *b, const char *officer_id,
                                             const char *superior_id, grog_error *err);
grog_status grog_battle_officer_attach(grog_battle *b, const char *officer_id,
                                       const char *unit_id, grog_error *err);
grog_status grog_battle_unit_set_parent(grog_battle *b, const char *unit_id,
                                        const char *officer_id, grog_error *err);

/* Problems of a battle, each reported as (kind "side"/"officer"/"unit"/
 * "table", index, field, message): unknown references, cross-side links,
 * ADC of a non-general or with subordinates, a superior chain with a cycle,
 * two generals attached to one unit (GT-03), a prisoner without a holder,
 * a side without a commander-in-chief or with two, ratings out of range,
 * negative counts, zero-sized bases, positions off the table. Returns the
 * number of problems (0: the battle is sound). fn may be NULL (just count). */
typedef void (*grog_battle_problem_fn)(void *ctx, const char *kind, size_t index,
                                       const char *field, const char *message);
size_t grog_battle_check(const grog_battle *b, grog_battle_problem_fn fn, void *ctx);

/* Relations, by index. Each fills out[0..max-1] (out may be NULL to count)
 * and returns how many there are, in battle order. */
size_t grog_battle_subordinates(const grog_battle *b, size_t officer, size_t *out, size_t max);
size_t grog_battle_adcs(const grog_battle *b, size_t officer, size_t *out, size_t max);
size_t grog_battle_officer_units(const grog_battle *b, size_t officer, size_t *out,
                                 size_t max);
/* Units commanded directly or through subordinates, at any depth. */
size_t grog_battle_command_units(const grog_battle *b, size_t officer, size_t *out,
                                 size_t max);
/* The generals (not ADCs) attached to unit i. */
size_t grog_battle_attached_officers(const grog_battle *b, size_t unit, size_t *out,
                                     size_t max);
/* The commander-in-chief of a side (the first officer of role
 * commander-in-chief, else the first officer without superior): 1 and
 * *officer, or 0. */
int grog_battle_commander_in_chief(const grog_battle *b, const char *side_id, size_t *officer);
/* 1 when `ancestor` is above `officer` in the hierarchy (not itself). */
int grog_battle_is_superior_of(const grog_battle *b, size_t ancestor, size_t officer);
/* The number of superiors above an officer (0 for a C-in-C). */
int grog_battle_officer_depth(const grog_battle *b, size_t officer);
/* 1 for every role but aide-de-camp. */
int grog_role_is_general(grog_role r);

/* The hierarchy index: every relation above, worked out in one pass over the
 * battle (O(officers + units)) so that asking it for every officer costs
 * what the battle holds, not officers x units. Its answers are exactly those
 * of the grog_battle_ functions (same lists, same battle order), also for a
 * battle with problems (cycles, unknown or cross-side superiors). It is a
 * picture of the battle when built: rebuild it after adding or removing
 * anything, or changing an id, superior, role, parent or attached_to.
 * Ownership: grog_hierarchy_build gives a handle the caller frees with
 * grog_hierarchy_destroy (accepts NULL); the lists it returns point into it
 * and live as long as it does. */
typedef struct grog_hierarchy grog_hierarchy;
/* GROG_ENOMEM (nothing allocated) or GROG_OK and *out. */
grog_status grog_hierarchy_build(const grog_battle *b, grog_hierarchy **out, grog_error *err);
void grog_hierarchy_destroy(grog_hierarchy *h);
/* Lists in battle order: *n set to their length (0 for an index out of range). */
const size_t *grog_hierarchy_subordinates(const grog_hierarchy *h, size_t officer, size_t *n);
const size_t *grog_hierarchy_adcs(const grog_hierarchy *h, size_t officer, size_t *n);
const size_t *grog_hierarchy_officer_units(const grog_hierarchy *h, size_t officer, size_t *n);
const size_t *grog_hierarchy_attached_officers(const grog_hierarchy *h, size_t unit, size_t *n);
/* As grog_battle_command_units: out[0..max-1], returns how many. */
size_t grog_hierarchy_command_units(const grog_hierarchy *h, size_t officer, size_t *out,
                                    size_t max);
/* The officers below `officer` at any depth (grog_battle_is_superior_of true),
 * ADCs included, in battle order: out[0..max-1], returns how many. */
size_t grog_hierarchy_command_officers(const grog_hierarchy *h, size_t officer, size_t *out,
                                       size_t max);
/* As grog_battle_is_superior_of and grog_battle_officer_depth, in O(1) for
 * an officer whose chain of superiors ends (no cycle). */
int grog_hierarchy_is_superior_of(const grog_hierarchy *h, size_t ancestor, size_t officer);
int grog_hierarchy_depth(const grog_hierarchy *h, size_t officer);
/* The superior of an officer as an index: 1 and *sup, or 0. */
int grog_hierarchy_superior(const grog_hierarchy *h, size_t officer, size_t *sup);

/* Edge-to-edge distances, mm (geom.h). */
double grog_battle_officer_unit_distance(const grog_battle *b, size_t officer, size_t unit);
double grog_battle_officer_distance(const grog_battle *b, size_t a, size_t c);

/* Enum names and parsers (see above). */
const char *grog_nation_name(grog_nation v);
grog_status grog_nation_parse(const char *text, grog_nation *out, grog_error *err);
const char *grog_role_name(grog_role v);
grog_status grog_role_parse(const char *text, grog_role *out, grog_error *err);
const char *grog_officer_state_name(grog_officer_state v);
grog_status grog_officer_state_parse(const char *text, grog_officer_state *out,
                                     grog_error *err);
const char *grog_gdb_skill_name(grog_gdb_skill v);
grog_status grog_gdb_skill_parse(const char *text, grog_gdb_skill *out, grog_error *err);
const char *grog_gt_quality_name(grog_gt_quality v);
grog_status grog_gt_quality_parse(const char *text, grog_gt_quality *out, grog_error *err);
const char *grog_arm_name(grog_arm v);
grog_status grog_arm_parse(const char *text, grog_arm *out, grog_error *err);
const char *grog_unit_status_name(grog_unit_status v);
grog_status grog_unit_status_parse(const char *text, grog_unit_status *out, grog_error *err);
const char *grog_manoeuvre_name(grog_manoeuvre v);
grog_status grog_manoeuvre_parse(const char *text, grog_manoeuvre *out, grog_error *err);
/* One flag bit <-> its name. */
const char *grog_unit_flag_name(grog_unit_flag v);
grog_status grog_unit_flag_parse(const char *text, grog_unit_flag *out, grog_error *err);
const char *grog_marker_name(grog_marker v);
grog_status grog_marker_parse(const char *text, grog_marker *out, grog_error *err);

/* ---- terrain (drawn on the map; no rule reads it yet) ---- */

/* The kinds of terrain a scenario may draw. Areas (polygons): "wood",
 * "town", "hill"; lines: "ridge" (the crest line), "road", "river". */
typedef enum grog_terrain_kind {
    GROG_TERRAIN_RIDGE = 0, /* "ridge" */
    GROG_TERRAIN_HILL,      /* "hill" */
    GROG_TERRAIN_WOOD,      /* "wood" */
    GROG_TERRAIN_TOWN,      /* "town" */
    GROG_TERRAIN_ROAD,      /* "road" */
    GROG_TERRAIN_RIVER,     /* "river" */
    GROG_TERRAIN_KIND_COUNT
} grog_terrain_kind;

#define GROG_TERRAIN_MAX_POINTS 1000 /* points of one feature */
#define GROG_TERRAIN_MAX 1000        /* features of one battle */

/* One feature: an area (its outline, closed by the map) or a line, in mm. */
typedef struct grog_terrain {
    grog_terrain_kind kind;
    char name[GROG_NAME_MAX];  /* "Bossu wood", may be "" */
    size_t npoints;
    const grog_point *points;  /* owned by the battle (adding copies them) */
} grog_terrain;

const char *grog_terrain_kind_name(grog_terrain_kind v);
grog_status grog_terrain_kind_parse(const char *text, grog_terrain_kind *out, grog_error *err);
/* 1 for the kinds drawn as areas (wood, town, hill), 0 for lines. */
int grog_terrain_kind_is_area(grog_terrain_kind v);

size_t grog_battle_nterrain(const grog_battle *b);
/* By index, NULL when out of range; valid until the next add or destroy. */
const grog_terrain *grog_battle_terrain(const grog_battle *b, size_t i);
/* Copies t and its points. GROG_EINVAL: an unknown kind, fewer than 2 points
 * (3 for an area), more than GROG_TERRAIN_MAX_POINTS, a point not finite,
 * more than GROG_TERRAIN_MAX features. */
grog_status grog_battle_add_terrain(grog_battle *b, const grog_terrain *t, grog_error *err);

#endif
