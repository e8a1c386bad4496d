/* family_gt_legal.c — what a Grande Tactique seat may do now: the corps'
 * dice and plans, the commanders' gifts (pip phase), the spending of PIPs
 * (movement phase), orders, morale, and the dice the table may enter.
 *
 * The hierarchy questions (who is above whom, which units a divisional
 * general commands, how many divisions a corps has) are answered from an
 * index built once per list, not by a walk per question. */
#include <stdlib.h>
#include <string.h>

#include "family_gt.h"
#include "i18n.h"
#include "order_kinds.h"

/* What the lists ask of the hierarchy for every officer, worked out once:
 * the hierarchy index (grog_hierarchy_*, the answers of the grog_battle_
 * functions without a walk per question; NULL when out of memory: those
 * functions then) and how many divisions each corps has (corps_divisions). */
typedef struct gt_legal_index {
    grog_hierarchy *h;
    int *ndiv;
} gt_legal_index;

static int gt_index_build(const grog_battle *b, const gt_state *s, gt_legal_index *x)
{
    x->h = NULL;
    grog_hierarchy_build(b, &x->h, NULL);
    x->ndiv = calloc(s->n + 1, sizeof *x->ndiv);
    if (x->ndiv == NULL) {
        grog_hierarchy_destroy(x->h);
        return 0;
    }
    for (size_t i = 0; i < s->n; i++) { /* as corps_divisions counts them (ids are unique) */
        const grog_officer *o = grog_battle_officer(b, i);
        size_t corps;
        if (s->o[i].divisional && o->state == GROG_OFFICER_ACTIVE &&
            grog_battle_officer_index(b, o->superior, &corps) && corps < s->n &&
            x->ndiv[corps] < GROG_GT_MAX_DIVISIONS)
            x->ndiv[corps]++;
    }
    return 1;
}

static void gt_index_free(gt_legal_index *x)
{
    grog_hierarchy_destroy(x->h);
    free(x->ndiv);
}

static int above(const gt_legal_index *x, const grog_battle *b, size_t ancestor, size_t officer)
{
    return x->h != NULL ? grog_hierarchy_is_superior_of(x->h, ancestor, officer)
                        : grog_battle_is_superior_of(b, ancestor, officer);
}

/* The officers below officer k at any depth (above(k, i)), in battle order:
 * *n of them, from the index (his subtree), or by a scan of every officer
 * without it; NULL when out of memory. Caller frees. */
static size_t *below(const gt_legal_index *x, const grog_battle *b, const gt_state *s, size_t k,
                     size_t *n)
{
    *n = x->h != NULL ? grog_hierarchy_command_officers(x->h, k, NULL, 0) : s->n;
    size_t *out = malloc((*n + 1) * sizeof *out);
    if (out == NULL)
        return NULL;
    size_t m = 0;
    if (x->h != NULL) {
        *n = grog_hierarchy_command_officers(x->h, k, out, *n);
        for (size_t j = 0; j < *n; j++)
            if (out[j] < s->n)
                out[m++] = out[j];
    } else {
        for (size_t i = 0; i < s->n; i++)
            if (above(x, b, k, i))
                out[m++] = i;
    }
    *n = m;
    return out;
}

/* gift_too_late (family_gt_gifts.c) for officer k, whose officers below are
 * under[0..n-1]. */
static int gift_too_late_x(const grog_battle *b, const gt_state *s, const size_t *under, size_t n)
{
    for (size_t j = 0; j < n; j++) {
        size_t i = under[j], corps;
        if (!s->o[i].divisional ||
            !grog_battle_officer_index(b, grog_battle_officer(b, i)->superior, &corps))
            continue;
        if (s->o[corps].rolled)
            return 1;
    }
    return 0;
}

/* Which units a divisional general commands (GT-13): nondiv[u] = 1. */
static void gt_divisional_units(const gt_legal_index *x, const grog_battle *b, const gt_state *s,
                                unsigned char *nondiv)
{
    for (size_t i = 0; i < s->n; i++) {
        if (!s->o[i].divisional)
            continue;
        size_t n = x->h != NULL ? grog_hierarchy_command_units(x->h, i, NULL, 0)
                                : grog_battle_command_units(b, i, NULL, 0);
        size_t *units = malloc((n + 1) * sizeof *units);
        if (units == NULL)
            continue;
        n = x->h != NULL ? grog_hierarchy_command_units(x->h, i, units, n)
                         : grog_battle_command_units(b, i, units, n);
        for (size_t k = 0; k < n; k++)
            nondiv[units[k]] = 1;
        free(units);
    }
}

static void legal_pip_phase(const legal_ctx *l, const gt_rules *r, const gt_state *s,
                            const gt_legal_index *x)
{
    legal_list *L = l->list;
    const grog_battle *b = l->battle;
    legal_act *pips = legal_action(L, "pips", _("the corps rolls its PIP dice (GT-14)"));
    legal_param *pc = legal_arg(L, pips, "corps", "general");
    legal_option(L, pips, "--dice", "dice-list");
    legal_option(L, pips, "--measure", "measure"); /* GT-10, GT-12 */
    legal_roll(pips, "1d6 per divisional general", "--dice", _("the corps' PIP dice (GT-14)"));
    legal_act *plan = legal_action(L, "plan", _("the corps' plan, before the roll (GT-14)"));
    legal_param *plc = legal_arg(L, plan, "corps", "general");
    legal_param *plw = legal_arg(L, plan, "plan", "word");
    legal_act *gift = legal_action(L, "gift",
                                _("a commander's PIP to a divisional general within his radius "
                                  "(GT-10)"));
    legal_param *gk = legal_arg(L, gift, "commander", "general");
    legal_param *gg = legal_arg(L, gift, "general", "general");
    legal_option(L, gift, "--measure", "measure"); /* GT-10 */
    legal_act *giftu = legal_action(L, "gift",
                                 _("a commander's PIP spent on a non-divisional unit (GT-13)"));
    legal_param *guk = legal_arg(L, giftu, "commander", "general");
    legal_choice(L, legal_arg(L, giftu, "unit-word", "word"), "unit");
    legal_param *guu = legal_arg(L, giftu, "unit", "unit");
    double radius = grog_length_to_mm(grog_gt_command_radius_in(r->r), GROG_UNIT_IN, NULL);
    /* which units a divisional general commands, once (GT-13) */
    size_t nu = grog_battle_nunits(b);
    unsigned char *nondiv = calloc(nu + 1, 1);
    if (nondiv == NULL) {
        legal_oom(L);
        return;
    }
    gt_divisional_units(x, b, s, nondiv);
    for (size_t i = 0; i < s->n; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (!legal_mine(l, o->side) || o->state != GROG_OFFICER_ACTIVE)
            continue;
        if (!s->o[i].rolled && x->ndiv[i] > 0) {
            legal_choice(L, pc, o->id);
            legal_choice(L, plc, o->id);
            static const char *const words[] = {"on", "off", "change", "rank"};
            for (size_t w = 0; w < 4; w++)
                legal_choice(L, plw, words[w]);
        }
        if (!is_higher(o->role))
            continue;
        size_t nunder = 0, *under = below(x, b, s, i, &nunder); /* his subtree, not all */
        if (under == NULL) {
            legal_oom(L);
            break;
        }
        int late = gift_too_late_x(b, s, under, nunder);
        for (size_t j = 0; j < nunder && !late && o->attached_to[0] == '\0'; j++) { /* GT-11 */
            size_t t = under[j];
            if (s->o[t].divisional && grog_battle_officer(b, t)->state == GROG_OFFICER_ACTIVE &&
                grog_battle_officer_distance(b, i, t) <= radius)
                legal_choice_by(L, gg, o->id, grog_battle_officer(b, t)->id);
        }
        free(under);
        if (late)
            continue;
        if (o->attached_to[0] == '\0' && legal_has_by(L, gg, o->id))
            legal_choice(L, gk, o->id);
        if (o->attached_to[0] != '\0' && !grog_gt_attached_keeps_unit_pip(r->r))
            continue;
        int pass = legal_side_pass(l, guu, o->side, o->id, 1); /* once per side */
        for (size_t u = 0; u < grog_battle_nunits(b) && pass; u++) {
            if (legal_same_side(l, u, i) && !nondiv[u])
                legal_choice_side(l, guu, o->id, grog_battle_unit(b, u)->id);
        }
        if (legal_keyed(L, guu, o->id))
            legal_choice(L, guk, o->id);
    }
    free(nondiv);
}

static void legal_spend(const legal_ctx *l, const gt_rules *r, const gt_state *s)
{
    legal_list *L = l->list;
    const grog_battle *b = l->battle;
    legal_act *a = legal_action(L, "spend",
                             _("spend PIPs on an action of the cost table (GT-15, GT-07)"));
    legal_param *ga = legal_arg(L, a, "general", "general");
    legal_param *act = legal_arg(L, a, "action", "pip-action");
    legal_param *unit = legal_arg(L, a, "unit", "unit");
    legal_optional(unit);
    legal_preview(a);
    json_t *done = json_object();
    for (size_t i = 0; i < s->n; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (!legal_mine(l, o->side) || o->state != GROG_OFFICER_ACTIVE || !s->o[i].divisional ||
            s->o[i].pips <= 0)
            continue;
        for (size_t k = 0; k < grog_gt_action_count(r->r); k++) {
            const char *id = grog_gt_action_id(r->r, k);
            int any = 0;
            grog_troop none;
            memset(&none, 0, sizeof none);
            if (grog_gt_action_fits(r->r, id, &none, NULL) == GROG_EINVAL) { /* no unit */
                legal_choice_by(L, act, o->id, id);
                continue;
            }
            if (grog_gt_action_base_cost(r->r, k) > s->o[i].pips)
                continue; /* GT-16 (doubled for other units by GT-07: spend says so) */
            if (!json_is_true(json_object_get(done, id))) { /* the units it fits, once */
                for (size_t u = 0; u < grog_battle_nunits(b); u++) {
                    const grog_troop *t = grog_battle_unit(b, u);
                    if (legal_mine(l, t->side) &&
                        grog_gt_action_fits(r->r, id, t, NULL) == GROG_OK)
                        legal_choice_by(L, unit, id, t->id);
                }
                json_object_set_new(done, id, json_true());
            }
            any = legal_has_by(L, unit, id);
            if (any)
                legal_choice_by(L, act, o->id, id);
        }
        legal_choice(L, ga, o->id);
    }
    json_decref(done);
}

void gt_legal(const legal_ctx *l)
{
    legal_list *L = l->list;
    const gt_rules *r = l->rules;
    const gt_state *s = l->fstate;
    const grog_battle *b = l->battle;
    gt_legal_index x;
    if (!gt_index_build(b, s, &x))
        return;
    if (strcmp(l->phase_id, "pip") == 0) {
        legal_pip_phase(l, r, s, &x);
        for (size_t i = 0; i < s->n; i++) {
            int nd = x.ndiv[i];
            const grog_officer *o = grog_battle_officer(b, i);
            if (nd > 0 && !s->o[i].rolled && legal_mine(l, o->side))
                legal_table_roll(L, "next", NULL, o->id, nd,
                                 _("the corps' PIP dice, rolled when the phase ends (GT-14)"));
        }
    }
    for (size_t u = 0; u < grog_battle_nunits(b); u++) {
        size_t att[2], n = 0;
        const grog_troop *t = grog_battle_unit(b, u);
        if (!legal_mine(l, t->side) || (t->flags & GROG_UNIT_FLEEING))
            continue;
        if (x.h != NULL) {
            const size_t *list = grog_hierarchy_attached_officers(x.h, u, &n);
            if (n > 0)
                att[0] = list[0];
        } else {
            n = grog_battle_attached_officers(b, u, att, 2);
        }
        if (n > 0)
            legal_table_roll(L, "event", "flees", grog_battle_officer(b, att[0])->id, 1,
                             _("GT-08: the attached general's die when his unit flees"));
    }
    gt_index_free(&x);
    if (strcmp(l->phase_id, "movement") == 0)
        legal_spend(l, r, s);
    legal_act *a = legal_action(L, "order", _("write down an order (no test in these rules)"));
    legal_param *g = legal_arg(L, a, "general", "general");
    legal_param *t = legal_arg(L, a, "target", "unit-or-officer");
    legal_param *k = legal_arg(L, a, "order", "order-kind");
    for (size_t i = 0; i < order_kinds_count(r->kinds); i++)
        legal_choice(L, k, order_kinds_id(r->kinds, i));
    for (size_t i = 0; i < s->n; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (!legal_mine(l, o->side) || o->state != GROG_OFFICER_ACTIVE ||
            !grog_role_is_general(o->role))
            continue;
        legal_choice(L, g, o->id);
        if (!legal_side_pass(l, t, o->side, o->id, 1)) /* once per side */
            continue;
        for (size_t u = 0; u < grog_battle_nunits(b); u++)
            if (legal_same_side(l, u, i))
                legal_choice_side(l, t, o->id, grog_battle_unit(b, u)->id);
        for (size_t j = 0; j < s->n; j++) {
            const grog_officer *p = grog_battle_officer(b, j);
            if (legal_same_side_officers(l, j, i) && p->state == GROG_OFFICER_ACTIVE)
                legal_choice_side(l, t, o->id, p->id);
        }
    }
    legal_param *m = legal_arg(L, legal_action(L, "morale",
                                       _("the unit's morale modifier from its general (GT-04)")),
                          "unit", "unit");
    for (size_t u = 0; u < grog_battle_nunits(b); u++)
        if (legal_mine(l, grog_battle_unit(b, u)->side))
            legal_choice(L, m, grog_battle_unit(b, u)->id);
}
