/* legal_common.c — the entries every family's actions list has: next, move,
 * attach, detach, the table events on units and officers, note (the common
 * actions of actions.c), with the choices their checks allow now. The
 * family's own entries come from family_ops.legal. Nothing here changes the
 * game. */
#include <string.h>

#include "engine.h"
#include "i18n.h"
#include "legal_list.h"
#include "move.h"

static int active(const grog_officer *o)
{
    return o->state == GROG_OFFICER_ACTIVE;
}

static int is_square(const legal_ctx *l, const grog_troop *u)
{
    return grog_game_family(l->game) == GROG_FAMILY_AIGLES &&
           (strcmp(u->formation, "full-square") == 0 || strcmp(u->formation, "mass-square") == 0);
}

static void legal_move(const legal_ctx *l)
{
    legal_list *L = l->list;
    legal_act *a = legal_action(L, "move", _("an officer or unit now stands there"));
    legal_param *id = legal_arg(L, a, "id", "piece");
    for (size_t i = 0; i < grog_battle_nofficers(l->battle); i++) {
        const grog_officer *o = grog_battle_officer(l->battle, i);
        if (legal_mine(l, o->side) && active(o))
            legal_choice(L, id, o->id);
    }
    for (size_t i = 0; i < grog_battle_nunits(l->battle); i++) {
        const grog_troop *u = grog_battle_unit(l->battle, i);
        if (legal_mine(l, u->side) && !is_square(l, u)) /* AIG-F-12: a square stands */
            legal_choice(L, id, u->id);
    }
    legal_param *x = legal_arg(L, a, "x", "length");
    for (const char *const *w = game_move_words; *w != NULL; w++) /* the relative forms */
        legal_choice(L, x, *w);
    legal_arg(L, a, "y", "length");
    legal_optional(legal_arg(L, a, "facing", "facing"));
}

static void legal_attach(const legal_ctx *l)
{
    /* GT-03: in Grande Tactique generals attach in the movement phase only */
    if (grog_game_family(l->game) == GROG_FAMILY_GT && strcmp(l->phase_id, "movement") != 0)
        return;
    legal_list *L = l->list;
    legal_act *a = legal_action(L, "attach", _("the general joins the unit"));
    legal_param *gen = legal_arg(L, a, "general", "general");
    legal_param *unit = legal_arg(L, a, "unit", "unit");
    if (grog_game_family(l->game) == GROG_FAMILY_GT)
        legal_option(L, a, "--measure", "measure"); /* GT-03: edge-to-edge contact */
    size_t nu = grog_battle_nunits(l->battle);
    unsigned char *taken = calloc(nu + 1, 1); /* GT-03: one general per unit */
    if (taken == NULL) {
        L->oom = 1;
        return;
    }
    for (size_t i = 0; i < grog_battle_nofficers(l->battle); i++) {
        size_t k;
        if (grog_battle_unit_index(l->battle, grog_battle_officer(l->battle, i)->attached_to, &k))
            taken[k] = 1;
    }
    for (size_t i = 0; i < grog_battle_nofficers(l->battle); i++) {
        const grog_officer *o = grog_battle_officer(l->battle, i);
        if (!legal_mine(l, o->side) || !active(o) || !grog_role_is_general(o->role) ||
            o->attached_to[0] != '\0')
            continue;
        int pass = legal_side_pass(l, unit, o->side, o->id, 1); /* once per side */
        for (size_t k = 0; k < nu && pass; k++) {
            if (!taken[k] && legal_same_side(l, k, i))
                legal_choice_side(l, unit, o->id, grog_battle_unit(l->battle, k)->id);
        }
        legal_choice(L, gen, o->id);
    }
    free(taken);
}

static void legal_detach(const legal_ctx *l)
{
    legal_list *L = l->list;
    legal_act *a = legal_action(L, "detach", _("the general leaves his unit"));
    legal_param *gen = legal_arg(L, a, "general", "general");
    for (size_t i = 0; i < grog_battle_nofficers(l->battle); i++) {
        const grog_officer *o = grog_battle_officer(l->battle, i);
        const grog_troop *u = grog_battle_unit_by_id(l->battle, o->attached_to);
        if (legal_mine(l, o->side) && u != NULL && !(u->flags & GROG_UNIT_ROUTED)) /* GT-06 */
            legal_choice(L, gen, o->id);
    }
}

/* One entry per event kind: words ["event", KIND]. */
static legal_act *event_entry(legal_list *L, const char *kind, const char *help)
{
    legal_act *a = legal_action(L, "event", help);
    if (a != NULL)
        a->words[1] = kind;
    return a;
}

static void legal_unit_events(const legal_ctx *l)
{
    legal_list *L = l->list;
    legal_act *me = event_entry(L, "melee", _("a melee begins, is won or lost"));
    legal_param *melee = legal_arg(L, me, "unit", "unit");
    legal_param *result = legal_arg(L, me, "result", "word");
    legal_act *cas = event_entry(L, "casualties", _("casualties on a unit or officer"));
    legal_param *cas_who = legal_arg(L, cas, "target", "piece");
    legal_arg(L, cas, "count", "number");
    static const struct {
        const char *kind;
        unsigned flag;
        const char *help;
    } flags[] = {
        {"flees", GROG_UNIT_FLEEING, N_("the unit flees")},
        {"routs", GROG_UNIT_ROUTED, N_("the unit routs")},
        {"disorder", GROG_UNIT_DISORDERED, N_("the unit falls into disorder")},
        {"breaks", GROG_UNIT_BROKEN, N_("the unit (or a brigade, by its commander) is broken")},
    };
    legal_param *fl[4];
    for (size_t f = 0; f < 4; f++)
        fl[f] = legal_arg(L, event_entry(L, flags[f].kind, _(flags[f].help)), "unit", "unit");
    legal_param *rally = legal_arg(
        L, event_entry(L, "rallies", _("a fleeing or routed unit rallies")), "unit", "unit");
    for (size_t i = 0; i < grog_battle_nunits(l->battle); i++) {
        const grog_troop *u = grog_battle_unit(l->battle, i);
        if (!legal_mine(l, u->side))
            continue;
        legal_choice(L, melee, u->id);
        if (u->flags & GROG_UNIT_IN_MELEE) {
            legal_choice_by(L, result, u->id, "won");
            legal_choice_by(L, result, u->id, "lost");
        } else {
            legal_choice_by(L, result, u->id, "start");
        }
        legal_choice(L, cas_who, u->id);
        for (size_t f = 0; f < 4; f++)
            if (!(u->flags & flags[f].flag))
                legal_choice(L, fl[f], u->id);
        if (u->flags & (GROG_UNIT_FLEEING | GROG_UNIT_ROUTED))
            legal_choice(L, rally, u->id);
    }
    int gt = grog_game_family(l->game) == GROG_FAMILY_GT;
    for (size_t i = 0; i < grog_battle_nofficers(l->battle); i++) {
        const grog_officer *o = grog_battle_officer(l->battle, i);
        if (!legal_mine(l, o->side) || !active(o))
            continue;
        if (!gt) /* GT-05, GT-09: a general is never fired at */
            legal_choice(L, cas_who, o->id);
        if (o->role == GROG_ROLE_BRIGADE && !o->brigade_broken)
            legal_choice(L, fl[3], o->id);
    }
}

/* The units of l's seat that may take officer o (contact, surrounded): those
 * of another side than his, as choices_by[o] (the referee) or choices. */
static void enemy_units(const legal_ctx *l, legal_param *taker, size_t officer)
{
    const grog_officer *o = grog_battle_officer(l->battle, officer);
    if (!legal_side_pass(l, taker, o->side, o->id, 1))
        return;
    for (size_t k = 0; k < grog_battle_nunits(l->battle); k++) {
        const grog_troop *u = grog_battle_unit(l->battle, k);
        if (!legal_same_side(l, k, officer) && legal_mine(l, u->side))
            legal_choice_side(l, taker, o->id, u->id);
    }
}

static void legal_officer_events(const legal_ctx *l)
{
    legal_list *L = l->list;
    legal_act *contact = event_entry(L, "contact",
                                     _("an enemy unit contacts an officer and takes him"));
    legal_param *victim = legal_arg(L, contact, "officer", "enemy-officer");
    legal_param *taker = legal_arg(L, contact, "unit", "unit");
    legal_act *sur = event_entry(L, "surrounded",
                                 _("an officer surrounded with no way out is taken (AIG-O-21)"));
    legal_param *sur_victim = legal_arg(L, sur, "officer", "enemy-officer");
    legal_param *sur_taker = legal_arg(L, sur, "unit", "unit");
    legal_param *killed = legal_arg(L, event_entry(L, "killed", _("the officer is killed")),
                                    "officer", "officer");
    legal_param *wounded = legal_arg(
        L, event_entry(L, "wounded", _("the officer is out of commission")), "officer", "officer");
    int aigles = grog_game_family(l->game) == GROG_FAMILY_AIGLES;
    legal_param *freed = legal_arg(L, event_entry(L, "freed", _("a prisoner is freed")), "officer",
                                   "officer");
    legal_act *av = event_entry(L, "avance", _("an Avance marker on or off (AIG-O-22)"));
    legal_param *av_who = legal_arg(L, av, "officer", "officer");
    legal_param *av_on = legal_arg(L, av, "state", "word");
    int gt = grog_game_family(l->game) == GROG_FAMILY_GT; /* GT-05, GT-09 */
    for (size_t i = 0; i < grog_battle_nofficers(l->battle); i++) {
        const grog_officer *o = grog_battle_officer(l->battle, i);
        if (!gt && active(o) && !(o->markers & GROG_MARKER_AVANCE)) {
            enemy_units(l, taker, i);
            if (legal_keyed(L, taker, o->id))
                legal_choice(L, victim, o->id);
        }
        if (active(o) && !gt) {
            enemy_units(l, sur_taker, i);
            if (legal_keyed(L, sur_taker, o->id))
                legal_choice(L, sur_victim, o->id);
        }
        if (!legal_mine(l, o->side))
            continue;
        if (o->state != GROG_OFFICER_KILLED && !gt)
            legal_choice(L, killed, o->id);
        if ((active(o) || o->state == GROG_OFFICER_PRISONER) && !gt)
            legal_choice(L, wounded, o->id);
        /* AIG-O-24: in aigles a melee won frees him (event melee HOLDER lost);
         * `event freed OFFICER --correction` is the referee's, typed, not offered */
        if (o->state == GROG_OFFICER_PRISONER && !aigles)
            legal_choice(L, freed, o->id);
        if (aigles && active(o)) {
            legal_choice(L, av_who, o->id);
            legal_choice_by(L, av_on, o->id, (o->markers & GROG_MARKER_AVANCE) ? "off" : "on");
        }
    }
}

void legal_common(const legal_ctx *l)
{
    legal_action(l->list, "next", _("end this phase and begin the next"));
    legal_move(l);
    legal_attach(l);
    legal_detach(l);
    legal_unit_events(l);
    legal_officer_events(l);
    legal_arg(l->list, legal_action(l->list, "note", _("a remark kept in the journal")), "text",
              "text");
}
