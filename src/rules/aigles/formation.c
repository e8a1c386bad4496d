/* formation.c — whether a formation change is allowed and how long it takes
 * (AIG-F-06..07, AIG-F-10, AIG-F-12, AIG-F-14..16, AIG-F-24..31), and the
 * change in progress the game engine counts down.
 *
 * The rows of the unit's table (AIG-F-26) and the rows other rules add form
 * a small graph over the formation ids, weighted in half-périodes for the
 * unit's class. A change with a row of its own takes that row (either way,
 * AIG-F-27); otherwise the quickest chain of rows (Dijkstra; ties go to the
 * chain with fewer rows, then to the lower formation id). Every term of the
 * time is one modifier of the record, so that their total is the value.
 * Nothing here prints; a refusal is GROG_ERULE naming its rule.
 *
 * This file holds the catalogue, the change in progress and the change itself
 * (plan, then each action); the graph of rows is formation_graph.c's, the checks
 * formation_checks.c's, the terms of the time formation_terms.c's and the notes
 * formation_notes.c's, over one ctx (formation_internal.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "formation_rules.h"
#include "i18n.h"
#include "formation_internal.h"

static const char *const action_names[GROG_AIGLES_ACT_COUNT] = {
    "change", "half-turn", "quarter-turn", "pivot", "frontage",
};

/* The actions' words for people (message context "formation", as the page's
 * chips read them); the change itself has its formations' words instead. */
static const char *const action_words[GROG_AIGLES_ACT_COUNT] = {
    NC_("formation", "change"), NC_("formation", "half-turn"), NC_("formation", "quarter-turn"),
    NC_("formation", "pivot"),  NC_("formation", "frontage"),
};

const char *grog_aigles_fm_action_name(grog_aigles_fm_action a)
{
    return (int)a >= 0 && a < GROG_AIGLES_ACT_COUNT ? action_names[a] : "?";
}

grog_status grog_aigles_fm_action_parse(const char *text, grog_aigles_fm_action *out,
                                        grog_error *err)
{
    for (int i = 0; text != NULL && i < GROG_AIGLES_ACT_COUNT; i++) {
        if (strcmp(action_names[i], text) == 0) {
            *out = (grog_aigles_fm_action)i;
            return GROG_OK;
        }
    }
    return grog_error_set(err, GROG_EINVAL,
                          _("unknown action \"%s\" (expected one of: change, half-turn, "
                            "quarter-turn, pivot, frontage)"),
                          text != NULL ? text : "");
}

grog_aigles_fm_unit grog_aigles_fm_unit_of_troop(const grog_troop *t, const grog_side *side)
{
    grog_aigles_fm_unit u = grog_aigles_fm_unit_default();
    u.arm = t->arm;
    u.status = t->status;
    u.manoeuvre = t->manoeuvre;
    u.figures = t->figures;
    u.subunits = t->subunits;
    u.can_dismount = t->can_dismount;
    if (side != NULL) {
        u.has_nation = 1;
        u.nation = side->nation;
    }
    return u;
}

grog_status grog_aigles_formation_of_troop(const grog_troop *t, grog_aigles_formation *out,
                                           grog_error *err)
{
    if (t->flags & GROG_UNIT_DISORDERED) {
        *out = GROG_AIGLES_FM_DISORDER;
        return GROG_OK;
    }
    if (t->flags & GROG_UNIT_UNFORMED) {
        *out = GROG_AIGLES_FM_UNFORMED;
        return GROG_OK;
    }
    grog_error e;
    if (grog_aigles_formation_parse(t->formation, out, &e) != GROG_OK)
        return grog_error_set(err, GROG_EINVAL, _("unit %s: %s"), t->id, e.message);
    return GROG_OK;
}

int grog_aigles_formation_allows_arm(const grog_aigles_formation_rules *r,
                                     grog_aigles_formation f, grog_arm arm)
{
    return fm_valid(f) && (int)arm >= 0 && arm < GROG_ARM_COUNT &&
           (r->cat[f].arms & AIGF_BIT(arm)) != 0;
}

int grog_aigles_formation_may_move(const grog_aigles_formation_rules *r,
                                   grog_aigles_formation f)
{
    return fm_valid(f) && r->cat[f].may_move;
}

grog_aigles_spacing grog_aigles_formation_terrain_spacing(const grog_aigles_formation_rules *r,
                                                          grog_aigles_formation f)
{
    if (f == GROG_AIGLES_FM_UNFORMED) /* AIG-F-20 */
        return GROG_AIGLES_SPACING_DISPERSED;
    return grog_aigles_formation_spacing(r, f);
}

grog_status grog_aigles_fm_progress_start(grog_aigles_fm_progress *p, grog_aigles_formation from,
                                          grog_aigles_formation to, int half_periods,
                                          grog_error *err)
{
    if (!fm_valid(from) || !fm_valid(to))
        return grog_error_set(err, GROG_EINVAL, _("unknown formation in a change in progress"));
    if (half_periods < 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("a change takes 0 half-periods or more, not %d"), half_periods);
    p->from = from;
    p->to = to;
    p->total = half_periods;
    p->remaining = half_periods;
    return GROG_OK;
}

int grog_aigles_fm_progress_tick(grog_aigles_fm_progress *p, int half_periods)
{
    if (half_periods > 0)
        p->remaining = half_periods >= p->remaining ? 0 : p->remaining - half_periods;
    return p->remaining;
}

int grog_aigles_fm_progress_done(const grog_aigles_fm_progress *p)
{
    return p->remaining <= 0;
}

/* AIG-F-29: a four-company manoeuvre-A battalion in march column counts as
 * in attack column: the quicker of the two starts. */
static int four_company(const ctx *x)
{
    return x->table == AIGF_T_INFANTRY && x->u->manoeuvre == x->r->four_company.cls &&
           x->u->subunits == x->r->four_company.companies &&
           x->c->from == x->r->four_company.from;
}

static grog_status plan_change(ctx *x, route *rt, int *as_alias, grog_error *err)
{
    grog_aigles_formation s = fm_node_of(x, x->c->from), t = fm_node_of(x, x->c->to);
    if (s == t)
        return fm_refuse(err, "AIG-F-27",
                         _("%s and %s share the table's rows: no row gives a time between them"),
                         fm_word(x->c->from), fm_word(x->c->to));
    *rt = fm_plan_from(x, s, t);
    *as_alias = 0;
    if (four_company(x)) {
        route alt = fm_plan_from(x, fm_node_of(x, x->r->four_company.counts_as), t);
        char d[128];
        grog_text_snprintf(d, sizeof d, _("four companies, class A: counts as %s"),
                           fm_word(x->r->four_company.counts_as));
        fm_check_ok(x, x->r->four_company.rule, _("march column as attack column"), d);
        if (alt.found && (!rt->found || fm_better(alt.w, alt.n, rt->w, rt->n))) {
            *rt = alt;
            *as_alias = 1;
        }
    }
    if (!rt->found)
        return fm_refuse(err, "AIG-F-27",
                         _("no row and no chain of rows of the %s table leads from %s to %s"),
                         fm_arm_word(x->u->arm), fm_word(x->c->from), fm_word(x->c->to));
    return GROG_OK;
}

static grog_status do_change(ctx *x, int *total, grog_error *err)
{
    grog_status st;
    if (x->c->from == x->c->to)
        return grog_error_set(err, GROG_EINVAL, _("the unit is already in %s"), fm_word(x->c->to));
    if ((st = fm_check_arms(x, err)) || (st = fm_check_square(x, err)) ||
        (st = fm_check_division(x, err)) || (st = fm_check_dismount(x, err)) ||
        (st = fm_check_mass(x, err)) || (st = fm_check_halted(x, err)))
        return st;
    route rt = {0, 0, 0, {0}};
    int as_alias = 0;
    if ((st = plan_change(x, &rt, &as_alias, err)) != GROG_OK)
        return st;
    grog_explain_add_path(x->e, fm_name(x->c->from));
    for (int i = 1; i < rt.n; i++)
        grog_explain_add_path(x->e, i == rt.n - 1 ? fm_name(x->c->to) : fm_name(rt.node[i]));
    int sum = 0;
    for (int i = 0; i + 1 < rt.n; i++) {
        fm_add_edge_term(x, rt.node[i], rt.node[i + 1]);
        sum += x->g[rt.node[i]][rt.node[i + 1]].w;
    }
    grog_explain_add_rule(x->e, "AIG-F-26");
    if (rt.n > 2)
        grog_explain_add_rule(x->e, "AIG-F-27");
    if (rt.n == 1) { /* AIG-F-29: already counts as the target */
        grog_explain_add_note(x->e, x->r->four_company.rule,
                              _("already counts as in attack column: nothing to do"));
        *total = 0;
        return GROG_OK;
    }
    if (as_alias)
        grog_explain_add_rule(x->e, x->r->four_company.rule);
    if (fm_node_of(x, GROG_AIGLES_FM_DIVISION_COLUMN) != GROG_AIGLES_FM_DIVISION_COLUMN &&
        (x->c->from == GROG_AIGLES_FM_DIVISION_COLUMN || x->c->to == GROG_AIGLES_FM_DIVISION_COLUMN))
        grog_explain_add_note(x->e, "AIG-F-10",
                              _("the division column takes the attack column's rows "
                                "(interpretation division_column_rows)"));
    sum = fm_replace_terms(x, sum);
    sum += fm_file_term(x);
    sum += fm_status_term(x, sum, rt.n - 1, 0);
    fm_add_notes(x, x->c->to);
    *total = sum;
    return GROG_OK;
}

static grog_status do_half_turn(ctx *x, int *total, grog_error *err)
{
    int t = x->table, sum = 0;
    if (x->r->has_half_turn[t]) {
        char label[128];
        grog_text_snprintf(label, sizeof label, _("half turn in place (%s %s)"),
                           fm_arm_word(x->u->arm), grog_manoeuvre_name(x->u->manoeuvre));
        sum = x->r->half_turn[t][x->u->manoeuvre];
        grog_explain_add_modifier(x->e, "AIG-F-26", label, sum);
    } else if (!fm_is_small_battery(x)) {
        return fm_refuse(err, "AIG-F-26", _("the table gives no half-turn time for %s"),
                         fm_arm_word(x->u->arm));
    }
    sum = fm_replace_terms(x, sum);
    sum += fm_status_term(x, sum, 1, 1);
    *total = sum;
    return GROG_OK;
}

static grog_status do_quarter_turn(ctx *x, int *total, grog_error *err)
{
    grog_aigles_formation from = x->c->from, to;
    if (from == GROG_AIGLES_FM_MARCH_COLUMN || from == GROG_AIGLES_FM_COMPANY_COLUMN)
        to = GROG_AIGLES_FM_LINE;
    else if (from == GROG_AIGLES_FM_LINE)
        to = GROG_AIGLES_FM_MARCH_COLUMN;
    else
        return fm_refuse(err, x->r->quarter_turn.rule,
                         _("a quarter turn takes a march column to line or a line to march "
                           "column, not %s"),
                         fm_word(from));
    if (!fm_arm_may(x, from) || !fm_arm_may(x, to))
        return fm_refuse(err, x->r->cat[to].arms_rule, _("%s cannot be in %s"),
                         fm_arm_word(x->u->arm), fm_word(fm_arm_may(x, from) ? to : from));
    grog_explain_add_path(x->e, fm_name(from));
    grog_explain_add_path(x->e, fm_name(to));
    int sum = x->r->quarter_turn.half_periods;
    grog_explain_add_modifier(x->e, x->r->quarter_turn.rule,
                              _("quarter turn left or right: march column <-> line"), sum);
    sum = fm_replace_terms(x, sum);
    sum += fm_status_term(x, sum, 1, 1);
    fm_add_notes(x, to);
    *total = sum;
    return GROG_OK;
}

/* AIG-F-24 (with AIG-F-23): irregulars pivot and change frontage. */
static grog_status do_irregular(ctx *x, int *total, grog_error *err)
{
    const char *rule = x->r->irregular.rule;
    int pivot = x->c->action == GROG_AIGLES_ACT_PIVOT;
    if (!fm_is_irregular(x->u))
        return fm_refuse(err, rule,
                         pivot ? _("only irregular units pivot to any facing in 1/2 periode; "
                                   "others pivot under the movement rules")
                               : _("only irregular units double or halve their frontage in 1/2 "
                                   "periode"));
    int sum = pivot ? x->r->irregular.pivot : x->r->irregular.frontage;
    if (!pivot && x->c->front > 0 && x->c->new_front > 0) {
        int f = x->c->front, n = x->c->new_front, k = x->r->irregular.factor;
        if (n == f || n > f * k || n * k < f)
            return fm_refuse(err, rule,
                             _("a frontage of %d may go to between %d and %d figures, not %d"), f,
                             (f + k - 1) / k, f * k, n);
        if (x->u->arm == GROG_ARM_INFANTRY && x->u->figures > 0) {
            int depth = (x->u->figures + n - 1) / n;
            grog_status st = grog_aigles_formation_irregular_block(x->r, x->u->figures, n, depth,
                                                                   err);
            if (st != GROG_OK)
                return st;
            fm_check_ok(x, "AIG-F-23", _("irregular infantry block"), NULL);
        }
        char d[96];
        snprintf(d, sizeof d, "%d -> %d", f, n);
        fm_check_ok(x, rule, _("frontage at most doubled or halved"), d);
    }
    grog_explain_add_modifier(x->e, rule,
                              pivot ? _("irregular: pivot to any facing")
                                    : _("irregular: frontage doubled or halved"),
                              sum);
    sum += fm_status_term(x, sum, 1, 1);
    fm_add_irregular_note(x);
    *total = sum;
    return GROG_OK;
}

static const char *title_of(const grog_aigles_fm_unit *u, const grog_aigles_fm_change *c,
                            char *buf, size_t size)
{
    char what[256];
    if (c->action == GROG_AIGLES_ACT_CHANGE)
        grog_text_snprintf(what, sizeof what, "%s -> %s", fm_word(c->from), fm_word(c->to));
    else if (c->action == GROG_AIGLES_ACT_QUARTER_TURN)
        grog_text_snprintf(what, sizeof what, _("quarter turn from %s"), fm_word(c->from));
    else
        grog_text_snprintf(what, sizeof what, "%s", grog_pgettext(action_words[c->action]));
    grog_text_snprintf(buf, size, _("Formation change %s (%s, class %s, %s)"), what,
                       fm_arm_word(u->arm), grog_manoeuvre_name(u->manoeuvre),
                       grog_explain_word(grog_unit_status_name(u->status)));
    return buf;
}

static grog_status dispatch(ctx *x, int *total, grog_error *err)
{
    switch (x->c->action) {
    case GROG_AIGLES_ACT_CHANGE: return do_change(x, total, err);
    case GROG_AIGLES_ACT_HALF_TURN: return do_half_turn(x, total, err);
    case GROG_AIGLES_ACT_QUARTER_TURN: return do_quarter_turn(x, total, err);
    default: return do_irregular(x, total, err);
    }
}

grog_status grog_aigles_formation_change(const grog_aigles_formation_rules *r,
                                         const grog_aigles_fm_unit *u,
                                         const grog_aigles_fm_change *c, int *half_periods,
                                         grog_explain **out, grog_error *err)
{
    if (out != NULL)
        *out = NULL;
    if (r == NULL || u == NULL || c == NULL)
        return grog_error_set(err, GROG_EINVAL, _("no rules, unit or change given"));
    grog_status st = fm_check_input(u, c, err);
    if (st != GROG_OK)
        return st;
    ctx *x = calloc(1, sizeof *x);
    char title[384]; /* the longest Russian title is about 200 bytes */
    if (x == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    *x = (ctx){r, u, c, fm_table_of(r, u->arm), {{{0}}}, NULL};
    x->e = grog_explain_create("aigles-formation", title_of(u, c, title, sizeof title));
    if (x->e == NULL) {
        free(x);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    fm_build_graph(x);
    int total = 0;
    st = dispatch(x, &total, err);
    if (st == GROG_OK) {
        grog_explain_set_value(x->e, total, "half-periods");
        if (half_periods != NULL)
            *half_periods = total;
        if (out != NULL)
            *out = x->e;
        else
            grog_explain_destroy(x->e);
    } else {
        grog_explain_destroy(x->e);
    }
    free(x);
    return st;
}
