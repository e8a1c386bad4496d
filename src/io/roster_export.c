/* roster_export.c — a battle as a roster (CSV), and the worked template.
 *
 * Every column of the table in roster.c, in its order; one battle row per
 * source (the first also with the name, the table and its unit), then the
 * sides, officers and units in the battle's order, lengths in the table's
 * unit written to 15 significant digits. Cells are quoted by libcsv when they
 * hold the separator, a quote, a line break or spaces at an end; an empty
 * cell stands for a default or "none". Importing the text gives an equal
 * battle, except for what a roster has no column for (docs/scenario-format.md
 * lists it: hidden orders, markers, terrain, the description...). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <csv.h>

#include "i18n.h"
#include "roster_internal.h"

typedef struct out {
    char *p;
    size_t n, cap;
    char delim;
    int oom;
    const char *cells[RC_COUNT];
    char num[RC_COUNT][40];
} out;

static void put(out *o, const char *s, size_t len)
{
    if (o->oom)
        return;
    if (o->n + len + 1 > o->cap) {
        size_t ncap = o->cap ? o->cap : 4096;
        while (ncap < o->n + len + 1)
            ncap *= 2;
        char *np = realloc(o->p, ncap);
        if (np == NULL) {
            o->oom = 1;
            return;
        }
        o->p = np;
        o->cap = ncap;
    }
    memcpy(o->p + o->n, s, len);
    o->n += len;
    o->p[o->n] = '\0';
}

static int needs_quotes(const char *s, char delim)
{
    size_t n = strlen(s);
    if (n == 0)
        return 0;
    if (s[0] == ' ' || s[0] == '\t' || s[n - 1] == ' ' || s[n - 1] == '\t')
        return 1;
    return strchr(s, delim) != NULL || strpbrk(s, "\"\r\n") != NULL;
}

static void put_cell(out *o, const char *s)
{
    size_t n = strlen(s);
    if (!needs_quotes(s, o->delim)) {
        put(o, s, n);
        return;
    }
    size_t need = csv_write(NULL, 0, s, n);
    char *q = malloc(need);
    if (q == NULL) {
        o->oom = 1;
        return;
    }
    csv_write(q, need, s, n);
    put(o, q, need);
    free(q);
}

static void clear(out *o)
{
    for (int c = 0; c < RC_COUNT; c++)
        o->cells[c] = "";
}

static void end_row(out *o)
{
    for (int c = 0; c < RC_COUNT; c++) {
        if (c)
            put(o, &o->delim, 1);
        put_cell(o, o->cells[c]);
    }
    put(o, "\n", 1);
    clear(o);
}

static void set_num(out *o, roster_col c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void set_num(out *o, roster_col c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->num[c], sizeof o->num[c], fmt, ap);
    va_end(ap);
    o->cells[c] = o->num[c];
}

static void set_len(out *o, const grog_table *t, roster_col c, double mm)
{
    set_num(o, c, "%.15g", grog_length_from_mm(mm, t->file_unit, &t->scale));
}

static void placement(out *o, const grog_table *t, const grog_base *base)
{
    set_len(o, t, RC_X, base->centre.x);
    set_len(o, t, RC_Y, base->centre.y);
    set_num(o, RC_FACING, "%.15g", base->facing);
    set_len(o, t, RC_WIDTH, base->width);
    set_len(o, t, RC_DEPTH, base->depth);
}

static void order(out *o, const grog_order *ord)
{
    o->cells[RC_ORDER] = ord->kind;
    o->cells[RC_ORDER_TARGET] = ord->target;
    o->cells[RC_ORDER_TEXT] = ord->text;
}

static void battle_rows(out *o, const grog_battle *b)
{
    const grog_meta *m = grog_battle_meta(b);
    const grog_table *t = grog_battle_table(b);
    o->cells[RC_KIND] = "battle";
    o->cells[RC_NAME] = m->name;
    set_len(o, t, RC_X, t->width_mm);
    set_len(o, t, RC_Y, t->depth_mm);
    set_num(o, RC_SCALE, "%d", t->scale.figure_mm);
    o->cells[RC_UNIT] = grog_unit_name(t->file_unit);
    for (size_t i = 0; i < m->nsources || i == 0; i++) {
        if (i > 0)
            o->cells[RC_KIND] = "battle";
        o->cells[RC_SOURCE] = i < m->nsources ? m->sources[i] : "";
        end_row(o);
    }
}

static void officer_row(out *o, const grog_battle *b, const grog_officer *f)
{
    const grog_table *t = grog_battle_table(b);
    o->cells[RC_KIND] = "officer";
    o->cells[RC_ID] = f->id;
    o->cells[RC_NAME] = f->name;
    o->cells[RC_SIDE] = f->side;
    o->cells[RC_PARENT] = f->superior;
    o->cells[RC_ROLE] = grog_role_name(f->role);
    o->cells[RC_NATION] = grog_nation_name(f->nation);
    set_num(o, RC_CHARISMA, "%d", f->ratings.aigles_charisma);
    set_num(o, RC_COMMAND, "%d", f->ratings.aigles_command);
    o->cells[RC_GDB_SKILL] = grog_gdb_skill_name(f->ratings.gdb_skill);
    o->cells[RC_GT_QUALITY] = grog_gt_quality_name(f->ratings.gt_quality);
    placement(o, t, &f->base);
    order(o, &f->order);
    if (f->state != GROG_OFFICER_ACTIVE)
        o->cells[RC_STATE] = grog_officer_state_name(f->state);
    if (f->casualties != 0)
        set_num(o, RC_CASUALTIES, "%d", f->casualties);
    o->cells[RC_LEADS] = f->command;
    o->cells[RC_ATTACHED_TO] = f->attached_to;
    o->cells[RC_HELD_BY] = f->held_by;
    end_row(o);
}

static void unit_row(out *o, const grog_battle *b, const grog_troop *u, char *states,
                     size_t size)
{
    const grog_table *t = grog_battle_table(b);
    o->cells[RC_KIND] = "unit";
    o->cells[RC_ID] = u->id;
    o->cells[RC_NAME] = u->name;
    o->cells[RC_SIDE] = u->side;
    o->cells[RC_PARENT] = u->parent;
    o->cells[RC_ARM] = grog_arm_name(u->arm);
    o->cells[RC_STATUS] = grog_unit_status_name(u->status);
    o->cells[RC_MANOEUVRE] = grog_manoeuvre_name(u->manoeuvre);
    set_num(o, RC_FIGURES, "%d", u->figures);
    set_num(o, RC_COMPANIES, "%d", u->subunits);
    o->cells[RC_FORMATION] = u->formation;
    placement(o, t, &u->base);
    order(o, &u->order);
    states[0] = '\0';
    size_t n = 0;
    for (int i = 0; i < GROG_UNIT_FLAG_COUNT; i++) {
        if (!(u->flags & (1u << i)))
            continue;
        int w = snprintf(states + n, size - n, "%s%s", n ? " " : "",
                         grog_unit_flag_name((grog_unit_flag)(1u << i)));
        if (w > 0 && (size_t)w < size - n)
            n += (size_t)w;
    }
    o->cells[RC_STATE] = states;
    if (u->casualties != 0)
        set_num(o, RC_CASUALTIES, "%d", u->casualties);
    if (u->flags & GROG_UNIT_IN_MELEE)
        set_num(o, RC_MELEE_SINCE, "%d", u->melee_since);
    end_row(o);
}

grog_status grog_roster_write(const grog_battle *b, char delim, char **text, grog_error *err)
{
    out o;
    memset(&o, 0, sizeof o);
    o.delim = delim == ';' ? ';' : ',';
    for (int c = 0; c < RC_COUNT; c++)
        o.cells[c] = grog_roster_columns[c].header;
    end_row(&o);
    battle_rows(&o, b);
    for (size_t i = 0; i < grog_battle_nsides(b); i++) {
        const grog_side *s = grog_battle_side(b, i);
        o.cells[RC_KIND] = "side";
        o.cells[RC_ID] = s->id;
        o.cells[RC_NAME] = s->name;
        o.cells[RC_NATION] = grog_nation_name(s->nation);
        o.cells[RC_COLOUR] = s->colour;
        end_row(&o);
    }
    for (size_t i = 0; i < grog_battle_nofficers(b); i++)
        officer_row(&o, b, grog_battle_officer(b, i));
    char states[160];
    for (size_t i = 0; i < grog_battle_nunits(b); i++)
        unit_row(&o, b, grog_battle_unit(b, i), states, sizeof states);
    if (o.oom) {
        free(o.p);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    *text = o.p;
    return GROG_OK;
}

const char *grog_roster_template(void)
{
    return "kind,id,name,side,parent,role,nation,arm,status,manoeuvre,figures,companies,"
           "formation,charisma,command,gdb_skill,gt_quality,x,y,facing,order,source\n"
           "battle,,A club evening: the bridge (an invented battle),,,,,,,,,,,,,,,180,120,,,"
           "grognard's template: an invented battle with invented ratings\n"
           "side,allies,Anglo-Portuguese army,,,,britain,,,,,,,,,,,,,,,\n"
           "side,french,French army,,,,france,,,,,,,,,,,,,,,\n"
           "officer,wellesley,General Wellesley,allies,,commander-in-chief,,,,,,,,4,4,gifted,"
           "great,,,,defend,\n"
           "officer,wellesley-adc,Aide-de-camp to Wellesley,allies,wellesley,aide-de-camp,,,,,"
           ",,,1,2,,,,,,,\n"
           "officer,hill,Major-General Hill,,wellesley,brigade,,,,,,,,3,3,,great,,,,hold,\n"
           "officer,soult,Marshal Soult,french,,commander-in-chief,,,,,,,,3,4,,,,,,attack,\n"
           "officer,foy,General Foy,,soult,brigade,,,,,,,,4,3,,great,,,,attack,\n"
           "unit,br-29th,1/29th Foot,,hill,,,infantry,veteran,A,24,10,line,,,,,,,,,\n"
           "unit,br-48th,1/48th Foot,,hill,,,infantry,regular,A,24,10,line,,,,,,,,,\n"
           "unit,br-rha,Ross's troop RHA,,hill,,,horse-artillery,veteran,A,3,3,,,,,,,,,,\n"
           "unit,fr-6leger,6e Leger,,foy,,,infantry,veteran,B,32,6,attack-column,,,,,90,75,"
           "180,,\n"
           "unit,fr-39ligne,39e Ligne,,foy,,,infantry,regular,B,28,6,attack-column,,,,,,,,,\n"
           "unit,fr-1hussards,1er Hussards,,foy,,,cavalry,veteran,A,12,4,,,,,,,,,,\n";
}
