/* formation_rules.h — the loaded "formations" section of data/rules/aigles.json
 * (internal to src/rules/aigles/formation*.c).
 *
 * Invariants once loaded: every formation id of the enum has a catalogue
 * entry; every row names two known formations and an arm that may hold
 * them; times are whole half-périodes >= 0; strings point into the JSON
 * tree held in `data`, which lives as long as the handle. */
#ifndef GROG_AIGLES_FORMATION_RULES_H
#define GROG_AIGLES_FORMATION_RULES_H

#include "grognard/aigles_formation.h"
#include "rulesdata.h"

#define AIGF_MAX_EFFECTS 8
#define AIGF_MAX_ROWS 48
#define AIGF_MAX_EXTRA 48
#define AIGF_MAX_NATIONS GROG_NATION_COUNT
#define AIGF_MAX_CALIBRES 8
#define AIGF_NCLASS GROG_MANOEUVRE_COUNT

/* The tables of AIG-F-26: infantry, cavalry, foot and horse artillery. */
enum { AIGF_T_INFANTRY = 0, AIGF_T_CAVALRY, AIGF_T_FOOT_ART, AIGF_T_HORSE_ART, AIGF_NTABLES };

typedef struct aigf_effect {
    const char *rule, *text;
    unsigned arms; /* bit per grog_arm */
} aigf_effect;

typedef struct aigf_effects {
    aigf_effect v[AIGF_MAX_EFFECTS];
    int n;
} aigf_effects;

typedef struct aigf_entry {
    grog_aigles_spacing spacing;
    grog_aigles_depth depth;
    unsigned arms;
    const char *arms_rule;
    int may_move;
    int chain_through; /* a chain of rows may pass through it (AIG-F-27) */
    aigf_effects effects;
} aigf_entry;

/* One row: a change and its time by class (table rows) or for every class
 * (rows of other rules: t[] all equal). */
typedef struct aigf_row {
    grog_aigles_formation from, to;
    int t[AIGF_NCLASS];
    const char *rule;             /* "AIG-F-26" for the table */
    const char *suspect[AIGF_NCLASS]; /* a flagged cell (misprint), else NULL */
    unsigned arms;                /* extra rows: the arms it holds for */
    int halted_only;              /* AIG-F-10: only at the halt */
    int free_during_move;         /* AIG-F-14: free during a move of >= this; 0 never */
    int is_default;               /* a time the seed does not give */
    const char *note;             /* why it is a default */
} aigf_row;

typedef struct aigf_interp {
    int rows_both_ways, reform_rows_one_way, own_row_first, quickest_chain;
    int status_extra_once_per_change, status_extra_on_free_changes, status_extra_on_actions;
    grog_aigles_formation division_column_rows;
    int engineers_table;
    int mass_only_from_columns, massing_kept_rounds_up;
    int small_unit_whole_unit_only, small_unit_time_is_cap, small_battery_covers_reform;
    int turn_half_periods;
    int hollow_square_capacity_rounds_down, horse_teams_round_up;
} aigf_interp;

struct grog_aigles_formation_rules {
    grog_rulesdata data;
    aigf_entry cat[GROG_AIGLES_FM_COUNT];
    aigf_effects spacing_effects[GROG_AIGLES_SPACING_COUNT];
    aigf_effects depth_effects[GROG_AIGLES_DEPTH_COUNT];
    aigf_row rows[AIGF_NTABLES][AIGF_MAX_ROWS];
    int nrows[AIGF_NTABLES];
    int half_turn[AIGF_NTABLES][AIGF_NCLASS];
    int has_half_turn[AIGF_NTABLES];
    aigf_row extra[AIGF_MAX_EXTRA];
    int nextra;
    struct { const char *rule; unsigned statuses; int half_periods; } status_extra;
    struct { const char *rule; int company_max, squadron_max, artillery_max, turns; } small_unit;
    struct {
        const char *rule;
        grog_manoeuvre cls;
        int companies;
        grog_aigles_formation from, counts_as;
    } four_company;
    struct { const char *rule; int more_than[2], add[2]; } file;
    struct { const char *rule; int max_sections, half_periods; } small_battery;
    struct { const char *rule; int half_periods; } quarter_turn;
    struct { const char *rule; int half_periods, free_during_move_of; } company_column;
    struct {
        const char *rule;
        int frontage, pivot, factor, min_front, min_depth, free_below;
    } irregular;
    struct { const char *rule; int min_figures; } square;
    struct { const char *rule; int cap_num, cap_den, loss_percent, arc; } hollow;
    struct { const char *rule; unsigned from; int two_ranks_keep; } massing;
    struct { const char *rule; unsigned nations; } division;
    struct { const char *rule; int max25, max15, deploy_num, deploy_den; } skirm;
    struct {
        const char *rule;
        int sections_per_team, horse_pairs, nfoot;
        int cal_min[AIGF_MAX_CALIBRES], cal_max[AIGF_MAX_CALIBRES], pairs[AIGF_MAX_CALIBRES];
    } teams;
    aigf_interp in;
};

#define AIGF_BIT(x) (1u << (unsigned)(x))

/* The names of the formation enums and two helpers over such lists, shared by
 * formation_names.c and the loader (formation_rules.c). */
extern const char *const aigf_fm_names[GROG_AIGLES_FM_COUNT];
extern const char *const aigf_spacing_names[GROG_AIGLES_SPACING_COUNT];
extern const char *const aigf_depth_names[GROG_AIGLES_DEPTH_COUNT];
/* Index of text in names[0..n-1], or -1. */
int aigf_find_name(const char *const *names, int n, const char *text);
/* names[0..n-1] joined by ", " into buf. */
void aigf_list_names(const char *const *names, int n, char *buf, size_t size);

#endif
