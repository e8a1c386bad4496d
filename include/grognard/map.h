/* map.h — an SVG picture of the table.
 *
 * Units are drawn as their rotated bases with a facing mark and a label,
 * coloured by side; officers as small bases with a line to their superior;
 * overlays of the rule families: aigles order-change zones and charisma
 * rings, the gdb and gt command radii. The radii come from the rules (the
 * caller looks them up with the families' APIs and passes them in), so this
 * module does not depend on any rules family. SVG coordinates: 1 user unit
 * = 1 mm of table, y pointing up on the table is drawn pointing up (the
 * picture flips y), origin at the table's lower-left corner.
 * Ownership: the SVG text is malloc'd; the caller frees it with free(). */
#ifndef GROGNARD_MAP_H
#define GROGNARD_MAP_H

#include "grognard/battle.h"
#include "grognard/error.h"

/* Overlay bits. */
enum {
    GROG_MAP_AIGLES_ZONES = 1 << 0,    /* order-change zone of each general (AIG-O-07) */
    GROG_MAP_AIGLES_CHARISMA = 1 << 1, /* charisma rings (AIG-O-04) */
    GROG_MAP_GDB_RADIUS = 1 << 2,      /* C-in-C command radius (GDB-09) */
    GROG_MAP_GT_RADIUS = 1 << 3,       /* corps and army command radius (GT-10) */
    GROG_MAP_LINKS = 1 << 4,           /* lines from each officer to his superior */
    GROG_MAP_LABELS = 1 << 5           /* unit and officer labels */
};

/* A short note drawn beside a piece and added to its tooltip: a formation
 * change under way, an ADC riding, a melee. */
typedef struct grog_map_mark {
    const char *id;   /* a unit or officer id */
    const char *text; /* "to square, 2 half-périodes" */
} grog_map_mark;

typedef struct grog_map_options {
    unsigned overlays;           /* GROG_MAP_* bits */
    /* aigles, by command value 0..5: zone radius in mm (< 0: none, e.g.
     * command 0) and whether the zone is contact only (command 1). */
    double aigles_zone_mm[6];
    int aigles_zone_contact[6];
    /* aigles, by charisma 0..5: the outer radius of indirect influence in mm
     * (<= 0: none). An officer of charisma c is drawn with the rings of
     * charisma c, c-1, ..., 2: where his bonus drops by one (AIG-O-04). */
    double aigles_charisma_mm[6];
    double gdb_radius_mm;        /* <= 0: not drawn */
    double gt_radius_mm;         /* <= 0: not drawn */
    double width_px;             /* the picture's width in pixels (0: 1200) */
    int max_labels;              /* labels drawn at full size up to this many units
                                    (0: 300); beyond, labels shrink or are dropped
                                    where they would overlap */
    const char *subtitle;        /* a line under the title (turn, phase, seat), or NULL */
    const grog_map_mark *marks;  /* notes on pieces (borrowed), nmarks of them */
    size_t nmarks;
} grog_map_options;

/* Links and labels, no family overlays, no radii, 1200 px, 300 labels. */
void grog_map_options_default(grog_map_options *o);

/* Fills the radii of o from the rules families' data for this table's
 * figure scale and mm per pas (aigles zones AIG-O-07, charisma radii
 * AIG-O-04, gdb command radius GDB-09, gt command radius GT-10). Each path
 * NULL: that family's embedded rules (aigles.h, gdb.h, gt.h). The overlay
 * bits are left alone. On error o is unchanged. */
grog_status grog_map_options_from_rules(grog_map_options *o, const grog_table *t,
                                        const char *aigles_rules, const char *gdb_rules,
                                        const char *gt_rules, grog_error *err);

/* Short labels for the map and the views: a unit's name without what is in
 * brackets and without a trailing arm word ("1/88th Foot (Connaught Rangers)"
 * -> "1/88th"), an officer's surname ("Lieutenant-General Thomas Picton" ->
 * "Picton"; an ADC named "Aide-de-camp to Picton (first)" -> "ADC Picton 1").
 * Writes at most size bytes (NUL included); returns the label's length. */
size_t grog_map_unit_label(const grog_troop *u, char *out, size_t size);
size_t grog_map_officer_label(const grog_officer *o, char *out, size_t size);
/* The colour side i is drawn in: its own, or one of the map's palette. */
const char *grog_map_side_colour(const grog_battle *b, size_t side);

grog_status grog_map_svg(const grog_battle *b, const grog_map_options *o, char **svg,
                         grog_error *err);

#endif
