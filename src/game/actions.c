/* actions.c — the actions every rule family shares: start, next, move,
 * attach, detach, explain, note, and the table events the seeds' missing
 * chapters decide (melee, casualties, flight, rout, breaking, contact,
 * death, liberation). Family-specific consequences of an event are asked of
 * the family through family_event (engine.h). And finding any action, common
 * or the family's, by its word (game_run_words, game_run_action). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "i18n.h"
#include "table_measures.h"
#include "table_rolls.h"

static grog_status usage(grog_error *err, const char *text)
{
    return grog_error_set(err, GROG_EINVAL, _("usage: %s"), text);
}

static grog_status act_start(action_ctx *c, int argc, char **argv, grog_error *err)
{
    (void)argc;
    (void)argv;
    const grog_meta *m = grog_battle_meta(c->battle);
    ctx_event(c, "", "game-start", json_pack("{s:s}", "family",
                                             grog_family_name(grog_game_family(c->game))),
              _("The game begins: %s, a %s game."), m->name,
              grog_family_title(grog_game_family(c->game)));
    return game_enter_first_phase(c, err);
}

/* Takes every "--roll V" of argv into t. */
static grog_status take_rolls(int *argc, char **argv, table_rolls *t, grog_error *err)
{
    const char *v;
    memset(t, 0, sizeof *t);
    while ((v = ctx_take_option(argc, argv, "--roll")) != NULL) {
        grog_status st = table_rolls_add(t, v, 6, err);
        if (st != GROG_OK)
            return st;
    }
    return GROG_OK;
}

static grog_status act_next(action_ctx *c, int argc, char **argv, grog_error *err)
{
    table_rolls t;
    grog_status st = take_rolls(&argc, argv, &t, err);
    if (st != GROG_OK)
        return st;
    if (argc != 1)
        return usage(err, "next [--roll WHO=D,D...]");
    c->rolls = &t;
    st = game_next_phase(c, err);
    if (st == GROG_OK)
        st = table_rolls_all_used(&t, "next", err);
    c->rolls = NULL;
    const grog_side *rolled = t.sides == 1 ? grog_battle_side_by_id(c->battle, t.side) : NULL;
    if (rolled != NULL) /* dice entered for a side's rolls: that side's action */
        c->side = rolled->id;
    if (st != GROG_OK)
        return st;
    ctx_event(c, "", "phase", json_pack("{s:i,s:s}", "turn", c->turn, "phase", ctx_phase_id(c)),
              _("Turn %d, %s phase."), c->turn, grog_explain_phase_of(ctx_phase_id(c)));
    return GROG_OK;
}

/* A position a piece may be moved to: finite, and on the table or within its
 * margin (table.margin in the scenario, 0 by default), as the scenario check
 * demands of the starting positions. Anything else would be journaled and
 * then poison every later distance. */
static grog_status check_on_table(action_ctx *c, double x, double y, grog_error *err)
{
    const grog_table *t = grog_battle_table(c->battle);
    double m = t->margin_mm;
    if (isfinite(x) && isfinite(y) && x >= -m && y >= -m && x <= t->width_mm + m &&
        y <= t->depth_mm + m)
        return GROG_OK;
    return grog_error_set(err, GROG_EINVAL,
                          _("(%g, %g) mm is off the table: x from %g to %g mm, y from %g to %g mm "
                            "(the table, %g x %g mm, and its margin of %g mm)"),
                          x, y, 0.0 - m, t->width_mm + m, 0.0 - m, t->depth_mm + m, t->width_mm,
                          t->depth_mm, m);
}

static grog_status act_move(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc < 4 || argc > 5)
        return usage(err, "move ID X Y [FACING]");
    double x, y, facing = NAN;
    grog_status st;
    if ((st = ctx_length(c, "X", argv[2], &x, err)) != GROG_OK ||
        (st = ctx_length(c, "Y", argv[3], &y, err)) != GROG_OK ||
        (st = check_on_table(c, x, y, err)) != GROG_OK)
        return st;
    if (argc == 5) {
        char *end;
        facing = strtod(argv[4], &end);
        if (end == argv[4] || *end != '\0' || !isfinite(facing))
            return grog_error_set(err, GROG_EINVAL, _("FACING: expected degrees, not \"%s\""),
                                  argv[4]);
    }
    grog_base *base;
    const char *name;
    grog_troop *u = NULL;
    grog_officer *o = grog_battle_officer_by_id_mut(c->battle, argv[1]);
    if (o != NULL) {
        if (o->state == GROG_OFFICER_KILLED || o->state == GROG_OFFICER_OUT_OF_COMMISSION)
            return grog_error_set(err, GROG_ERULE, _("%s is %s and cannot move"), o->name,
                                  grog_explain_word(grog_officer_state_name(o->state)));
        if (o->state == GROG_OFFICER_PRISONER)
            return grog_error_set(err, GROG_ERULE,
                                  grog_game_family(c->game) == GROG_FAMILY_AIGLES
                                      ? _("AIG-O-23: %s is a prisoner; he moves with the unit "
                                          "holding him")
                                      : _("%s is a prisoner; he moves with the unit holding him"),
                                  o->name);
        base = &o->base;
        name = o->name;
        c->side = o->side;
    } else {
        if ((st = ctx_unit(c, argv[1], &u, err)) != GROG_OK)
            return grog_error_set(err, GROG_ENOTFOUND, _("no officer or unit \"%s\""), argv[1]);
        base = &u->base;
        name = u->name;
        c->side = u->side;
        if ((st = family_move_check(c, u, err)) != GROG_OK)
            return st;
    }
    base->centre.x = x;
    base->centre.y = y;
    if (!isnan(facing))
        base->facing = grog_facing_normalise(facing);
    ctx_event(c, "", "move", json_pack("{s:s,s:f,s:f,s:f}", "id", argv[1], "x", x, "y", y,
                                       "facing", base->facing),
              _("%s moves to (%.0f, %.0f) mm, facing %.0f."), name, x, y, base->facing);
    if (u != NULL) /* its prisoners go with it (AIG-O-23) */
        for (size_t i = 0; i < grog_battle_nofficers(c->battle); i++) {
            grog_officer *p = grog_battle_officer_mut(c->battle, i);
            if (p->state == GROG_OFFICER_PRISONER && strcmp(p->held_by, u->id) == 0)
                p->base.centre = u->base.centre;
        }
    return family_event(c, "moved", u, u == NULL ? grog_battle_officer_by_id_mut(c->battle,
                                                                                 argv[1])
                                                 : NULL,
                        err);
}

static grog_status act_attach(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 3)
        return usage(err, "attach GENERAL UNIT");
    grog_officer *o;
    grog_troop *u;
    grog_status st;
    if ((st = ctx_officer(c, argv[1], &o, err)) != GROG_OK ||
        (st = ctx_unit(c, argv[2], &u, err)) != GROG_OK)
        return st;
    c->side = o->side;
    if (strcmp(o->side, u->side) != 0)
        return grog_error_set(err, GROG_ERULE, _("%s cannot attach to an enemy unit"), o->name);
    st = family_attach_check(c, o, u, err);
    if (st != GROG_OK)
        return st;
    st = grog_battle_officer_attach(c->battle, o->id, u->id, err);
    if (st != GROG_OK)
        return st;
    ctx_event(c, "", "attach", json_pack("{s:s,s:s}", "officer", argv[1], "unit", argv[2]),
              _("%s attaches himself to %s."), ctx_officer_name(c, argv[1]),
              ctx_unit_name(c, argv[2]));
    return family_event(c, "attached", u, o, err);
}

static grog_status act_detach(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 2)
        return usage(err, "detach GENERAL");
    grog_officer *o;
    grog_status st = ctx_officer(c, argv[1], &o, err);
    if (st != GROG_OK)
        return st;
    c->side = o->side;
    if (o->attached_to[0] == '\0')
        return grog_error_set(err, GROG_EINVAL, _("%s is not attached to a unit"), o->name);
    const grog_troop *u = grog_battle_unit_by_id(c->battle, o->attached_to);
    if (u != NULL && (u->flags & GROG_UNIT_ROUTED))
        return grog_error_set(err, GROG_ERULE, _("GT-06: %s cannot detach from a routed unit"),
                              o->name);
    char unit[GROG_ID_MAX];
    snprintf(unit, sizeof unit, "%s", o->attached_to);
    st = grog_battle_officer_attach(c->battle, o->id, "", err);
    if (st != GROG_OK)
        return st;
    ctx_event(c, "", "detach", json_pack("{s:s,s:s}", "officer", argv[1], "unit", unit),
              _("%s leaves %s."), ctx_officer_name(c, argv[1]), ctx_unit_name(c, unit));
    return GROG_OK;
}

static grog_status act_explain(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc < 2)
        return usage(err, "explain ACTION ...");
    if (strcmp(argv[1], "explain") == 0 || strcmp(argv[1], "start") == 0)
        return grog_error_set(err, GROG_EINVAL, _("explain what? (e.g. explain order ...)"));
    c->explain_only = 1;
    return game_run_words(c, argc - 1, argv + 1, err);
}

static grog_status act_note(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc < 2)
        return usage(err, "note TEXT...");
    char text[1024] = "";
    size_t n = 0;
    for (int i = 1; i < argc && n < sizeof text - 1; i++) {
        int w = snprintf(text + n, sizeof text - n, "%s%s", i > 1 ? " " : "", argv[i]);
        if (w < 0)
            break;
        n += (size_t)w;
    }
    ctx_event(c, "", "note", json_pack("{s:s}", "text", text), "%s", text);
    return GROG_OK;
}

/* ---- table events ---- */

typedef struct event_def {
    const char *name;
    const char *usage;
    int nargs; /* words after the event name, -1: 1 or 2 */
    grog_status (*run)(action_ctx *c, char **args, grog_error *err);
} event_def;

/* Sets or clears a unit flag; *out gets the unit for the caller's event. */
static grog_status set_flag(action_ctx *c, const char *unit_id, unsigned flag, int on,
                            grog_troop **out, grog_error *err)
{
    grog_status st = ctx_unit(c, unit_id, out, err);
    if (st != GROG_OK)
        return st;
    c->side = (*out)->side;
    if (on)
        (*out)->flags |= flag;
    else
        (*out)->flags &= ~flag;
    return GROG_OK;
}

#define FLAG_EVENT(fn, flag, type, message)                                                    \
    static grog_status fn(action_ctx *c, char **a, grog_error *err)                            \
    {                                                                                          \
        grog_troop *u;                                                                         \
        grog_status st = set_flag(c, a[0], flag, 1, &u, err);                                  \
        if (st != GROG_OK)                                                                     \
            return st;                                                                         \
        ctx_event(c, "", type, json_pack("{s:s}", "unit", a[0]), message, u->name);            \
        return family_event(c, type, u, NULL, err);                                            \
    }

static grog_status ev_melee(action_ctx *c, char **a, grog_error *err)
{
    grog_troop *u;
    grog_status st = ctx_unit(c, a[0], &u, err);
    if (st != GROG_OK)
        return st;
    c->side = u->side;
    if (strcmp(a[1], "start") == 0) {
        if (u->flags & GROG_UNIT_IN_MELEE)
            return grog_error_set(err, GROG_EINVAL, _("%s is already in melee"), u->name);
        u->flags |= GROG_UNIT_IN_MELEE;
        u->melee_since = c->turn;
        ctx_event(c, "", "melee-start", json_pack("{s:s,s:i}", "unit", a[0], "turn", c->turn),
                  _("%s is in melee."), u->name);
        return family_event(c, "melee-start", u, NULL, err);
    }
    int won = strcmp(a[1], "won") == 0;
    if (!won && strcmp(a[1], "lost") != 0)
        return grog_error_set(err, GROG_EINVAL, _("melee result: start, won or lost, not \"%s\""),
                              a[1]);
    if (!(u->flags & GROG_UNIT_IN_MELEE))
        return grog_error_set(err, GROG_EINVAL, _("%s is not in melee (event melee %s start "
                                                  "first)"),
                              u->name, u->id);
    u->flags &= ~GROG_UNIT_IN_MELEE;
    ctx_event(c, "", won ? "melee-won" : "melee-lost", json_pack("{s:s}", "unit", a[0]),
              won ? _("%s wins its melee.") : _("%s loses its melee."), u->name);
    return family_event(c, won ? "melee-won" : "melee-lost", u, NULL, err);
}

static grog_status ev_casualties(action_ctx *c, char **a, grog_error *err)
{
    long n;
    grog_status st = ctx_int("casualties", a[1], 1, 100000, &n, err);
    if (st != GROG_OK)
        return st;
    grog_officer *o = grog_battle_officer_by_id_mut(c->battle, a[0]);
    if (o != NULL) {
        c->side = o->side;
        if (o->state != GROG_OFFICER_ACTIVE) /* only an officer present takes casualties */
            return grog_error_set(err, GROG_ERULE, _("%s is %s: no fire can reach him"), o->name,
                                  grog_explain_word(grog_officer_state_name(o->state)));
        if ((st = family_officer_fired_at(c, o, (int)n, err)) != GROG_OK)
            return st;
        return GROG_OK;
    }
    grog_troop *u;
    if ((st = ctx_unit(c, a[0], &u, err)) != GROG_OK)
        return grog_error_set(err, GROG_ENOTFOUND, _("no officer or unit \"%s\""), a[0]);
    c->side = u->side;
    u->casualties += (int)n;
    ctx_event(c, "", "casualties",
              json_pack("{s:s,s:i,s:i}", "unit", a[0], "casualties", (int)n, "total",
                        u->casualties),
              _("%s loses %ld (%d in all)."), u->name, n, u->casualties);
    return GROG_OK;
}

FLAG_EVENT(ev_flees, GROG_UNIT_FLEEING, "flees", _("%s flees."))
FLAG_EVENT(ev_routs, GROG_UNIT_ROUTED, "routs", _("%s routs."))
FLAG_EVENT(ev_disorder, GROG_UNIT_DISORDERED, "disordered", _("%s falls into disorder."))
FLAG_EVENT(ev_unit_broken, GROG_UNIT_BROKEN, "broken", _("%s is broken."))

static grog_status ev_rallies(action_ctx *c, char **a, grog_error *err)
{
    grog_troop *u;
    grog_status st = ctx_unit(c, a[0], &u, err);
    if (st != GROG_OK)
        return st;
    c->side = u->side;
    u->flags &= ~(unsigned)(GROG_UNIT_FLEEING | GROG_UNIT_ROUTED);
    ctx_event(c, "", "rallies", json_pack("{s:s}", "unit", a[0]), _("%s rallies."), u->name);
    return GROG_OK;
}

static grog_status ev_breaks(action_ctx *c, char **a, grog_error *err)
{
    grog_officer *o = grog_battle_officer_by_id_mut(c->battle, a[0]);
    if (o != NULL) { /* a brigade, named by its commander (GDB-13) */
        c->side = o->side;
        o->brigade_broken = 1;
        ctx_event(c, "", "brigade-broken", json_pack("{s:s}", "officer", a[0]),
                  _("The brigade of %s is broken."), o->name);
        return GROG_OK;
    }
    return ev_unit_broken(c, a, err);
}

/* Sets an officer's state; *out gets him for the caller's event. */
static grog_status officer_state(action_ctx *c, const char *id, grog_officer_state state,
                                 grog_officer **out, grog_error *err)
{
    grog_status st = ctx_officer(c, id, out, err);
    if (st != GROG_OK)
        return st;
    grog_officer *o = *out;
    c->side = o->side;
    if (o->state == GROG_OFFICER_KILLED)
        return grog_error_set(err, GROG_EINVAL, _("%s is already dead"), o->name);
    o->state = state;
    if (state != GROG_OFFICER_ACTIVE && o->attached_to[0] != '\0')
        o->attached_to[0] = '\0';
    return GROG_OK;
}

static grog_status ev_killed(action_ctx *c, char **a, grog_error *err)
{
    grog_officer *o;
    grog_status st = ctx_officer(c, a[0], &o, err);
    if (st == GROG_OK)
        st = family_officer_harm_check(c, o, err);
    if (st == GROG_OK)
        st = officer_state(c, a[0], GROG_OFFICER_KILLED, &o, err);
    if (st != GROG_OK)
        return st;
    if (grog_game_family(c->game) == GROG_FAMILY_AIGLES)
        ctx_event(c, "", "officer-killed", json_pack("{s:s}", "officer", a[0]),
                  _("AIG-O-26: %s is killed."), o->name);
    else
        ctx_event(c, "", "officer-killed", json_pack("{s:s}", "officer", a[0]),
                  _("%s is killed (a table event: these rules have none for it)."), o->name);
    return family_event(c, "officer-killed", NULL, o, err);
}

static grog_status ev_wounded(action_ctx *c, char **a, grog_error *err)
{
    grog_officer *o;
    grog_status st = ctx_officer(c, a[0], &o, err);
    if (st == GROG_OK)
        st = family_officer_harm_check(c, o, err);
    if (st == GROG_OK)
        st = officer_state(c, a[0], GROG_OFFICER_OUT_OF_COMMISSION, &o, err);
    if (st != GROG_OK)
        return st;
    ctx_event(c, "", "officer-out", json_pack("{s:s}", "officer", a[0]),
              _("%s is out of commission."), o->name);
    return family_event(c, "officer-out", NULL, o, err);
}

static grog_status ev_contact(action_ctx *c, char **a, grog_error *err)
{
    grog_officer *o;
    grog_troop *u;
    grog_status st;
    if ((st = ctx_officer(c, a[0], &o, err)) != GROG_OK || (st = ctx_unit(c, a[1], &u, err)) != GROG_OK)
        return st;
    c->side = u->side;
    if (strcmp(o->side, u->side) == 0)
        return grog_error_set(err, GROG_EINVAL, _("%s is a friendly unit to %s"), u->name,
                              o->name);
    if (o->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_EINVAL, _("%s is not active (%s)"), o->name,
                              grog_explain_word(grog_officer_state_name(o->state)));
    if ((st = family_officer_contact_check(c, o, err)) != GROG_OK)
        return st;
    o->state = GROG_OFFICER_PRISONER;
    snprintf(o->held_by, sizeof o->held_by, "%s", u->id);
    o->attached_to[0] = '\0';
    if (grog_game_family(c->game) == GROG_FAMILY_AIGLES)
        ctx_event(c, "", "officer-captured",
                  json_pack("{s:s,s:s}", "officer", a[0], "unit", a[1]),
                  _("AIG-O-21: %s is contacted by %s and taken prisoner."), o->name, u->name);
    else
        ctx_event(c, "", "officer-captured",
                  json_pack("{s:s,s:s}", "officer", a[0], "unit", a[1]),
                  _("%s is taken prisoner by %s (a table event: these rules have none for it)."),
                  o->name, u->name);
    return family_event(c, "officer-captured", u, o, err);
}

/* AIG-O-21: surrounded by enemies with no way out: taken by ENEMY-UNIT. The
 * Avance marker (AIG-O-22) forbids contact, not this. */
static grog_status ev_surrounded(action_ctx *c, char **a, grog_error *err)
{
    grog_officer *o;
    grog_troop *u;
    grog_status st;
    if ((st = ctx_officer(c, a[0], &o, err)) != GROG_OK || (st = ctx_unit(c, a[1], &u, err)) != GROG_OK)
        return st;
    c->side = u->side;
    if (strcmp(o->side, u->side) == 0)
        return grog_error_set(err, GROG_EINVAL, _("%s is a friendly unit to %s"), u->name,
                              o->name);
    if (o->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_EINVAL, _("%s is not active (%s)"), o->name,
                              grog_explain_word(grog_officer_state_name(o->state)));
    if ((st = family_officer_surrounded(c, o, err)) != GROG_OK)
        return st;
    o->state = GROG_OFFICER_PRISONER;
    snprintf(o->held_by, sizeof o->held_by, "%s", u->id);
    o->attached_to[0] = '\0';
    ctx_event(c, "", "officer-captured", json_pack("{s:s,s:s}", "officer", a[0], "unit", a[1]),
              grog_game_family(c->game) == GROG_FAMILY_AIGLES
                  ? _("AIG-O-21: %s, surrounded with no way out, is taken prisoner by %s.")
                  : _("%s, surrounded, is taken prisoner by %s (a table event: these rules have "
                      "none for it)."),
              o->name, u->name);
    return family_event(c, "officer-captured", u, o, err);
}

/* `event freed OFFICER [--correction]`. In Les Aigles a prisoner is freed
 * only by a melee won against the unit holding him (AIG-O-24: "Il est
 * libéré que si une unité amie gagne une mêlée contre l'unité qui le tient
 * prisonnier", `event melee HOLDER lost`); `event freed` there is the
 * referee's correction of the table, refused without --correction and for
 * a side's seat, and journaled as a correction. The other families have no
 * rule for it: a table event. */
static grog_status ev_freed_as(action_ctx *c, char **a, int correction, grog_error *err)
{
    grog_officer *o;
    grog_status st = ctx_officer(c, a[0], &o, err);
    if (st != GROG_OK)
        return st;
    c->side = o->side;
    if (o->state != GROG_OFFICER_PRISONER)
        return grog_error_set(err, GROG_EINVAL, _("%s is not a prisoner"), o->name);
    int aigles = grog_game_family(c->game) == GROG_FAMILY_AIGLES;
    if (aigles && !correction)
        return grog_error_set(err, GROG_ERULE,
                              _("AIG-O-24: %s is freed only when a friendly unit wins a melee "
                                "against %s, the unit holding him (event melee %s lost); the "
                                "referee's correction: event freed %s --correction"),
                              o->id, o->held_by, o->held_by, o->id);
    if (correction)
        c->referee_only = 1;
    char holder[GROG_ID_MAX];
    snprintf(holder, sizeof holder, "%s", o->held_by);
    o->state = GROG_OFFICER_ACTIVE;
    o->held_by[0] = '\0';
    if (correction)
        ctx_event(c, "", "officer-freed-correction",
                  json_pack("{s:s,s:s,s:b}", "officer", a[0], "held_by", holder, "correction", 1),
                  _("The referee's correction: %s is freed and operational again (not by a melee "
                    "won against %s)."),
                  o->name, holder);
    else
        ctx_event(c, "", "officer-freed", json_pack("{s:s}", "officer", a[0]),
                  _("%s is freed and operational again (a table event)."), o->name);
    return GROG_OK;
}

static grog_status ev_freed(action_ctx *c, char **a, grog_error *err)
{
    return ev_freed_as(c, a, 0, err);
}

static grog_status ev_avance(action_ctx *c, char **a, grog_error *err)
{
    if (grog_game_family(c->game) != GROG_FAMILY_AIGLES)
        return grog_error_set(err, GROG_EINVAL, _("the Avance marker belongs to Les Aigles "
                                                  "(AIG-O-22); these rules have none"));
    grog_officer *o;
    grog_status st = ctx_officer(c, a[0], &o, err);
    if (st != GROG_OK)
        return st;
    c->side = o->side;
    int on = strcmp(a[1], "on") == 0;
    if (!on && strcmp(a[1], "off") != 0)
        return grog_error_set(err, GROG_EINVAL, _("avance: on or off, not \"%s\""), a[1]);
    if (on)
        o->markers |= GROG_MARKER_AVANCE;
    else
        o->markers &= ~(unsigned)GROG_MARKER_AVANCE;
    ctx_event(c, "", "marker", json_pack("{s:s,s:s,s:b}", "officer", a[0], "marker", "avance",
                                         "on", on),
              on ? _("%s takes an Avance marker.") : _("%s loses his Avance marker."), o->name);
    return GROG_OK;
}

static grog_status run_event(action_ctx *c, int argc, char **argv, grog_error *err);

static const event_def events[] = {
    {"melee", "event melee UNIT start|won|lost", 2, ev_melee},
    {"casualties", "event casualties UNIT|OFFICER N", 2, ev_casualties},
    {"flees", "event flees UNIT [--roll D] (GT-08's die, in gt)", 1, ev_flees},
    {"routs", "event routs UNIT", 1, ev_routs},
    {"rallies", "event rallies UNIT", 1, ev_rallies},
    {"disorder", "event disorder UNIT", 1, ev_disorder},
    {"breaks", "event breaks UNIT|BRIGADE-COMMANDER", 1, ev_breaks},
    {"contact", "event contact OFFICER ENEMY-UNIT", 2, ev_contact},
    {"surrounded", "event surrounded OFFICER ENEMY-UNIT", 2, ev_surrounded},
    {"killed", "event killed OFFICER", 1, ev_killed},
    {"wounded", "event wounded OFFICER", 1, ev_wounded},
    {"freed", "event freed OFFICER [--correction]", 1, ev_freed},
    {"avance", "event avance OFFICER on|off", 2, ev_avance},
};

static grog_status act_event(action_ctx *c, int argc, char **argv, grog_error *err)
{
    table_rolls t;
    grog_status st = take_rolls(&argc, argv, &t, err);
    if (st != GROG_OK)
        return st;
    c->rolls = &t;
    st = run_event(c, argc, argv, err);
    if (st == GROG_OK)
        st = table_rolls_all_used(&t, "event", err);
    c->rolls = NULL;
    return st;
}

static grog_status run_event(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc < 2)
        return usage(err, "event KIND ... (melee, casualties, flees, routs, rallies, disorder, "
                          "breaks, contact, surrounded, killed, wounded, freed, avance)");
    if (strcmp(argv[1], "freed") == 0 && argc == 4 && strcmp(argv[3], "--correction") == 0)
        return ev_freed_as(c, argv + 2, 1, err);
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++) {
        if (strcmp(argv[1], events[i].name) != 0)
            continue;
        if (argc - 2 != events[i].nargs)
            return usage(err, events[i].usage);
        return events[i].run(c, argv + 2, err);
    }
    char known[256] = "";
    size_t len = 0;
    for (size_t i = 0; i < sizeof events / sizeof events[0] && len < sizeof known; i++)
        len += (size_t)snprintf(known + len, sizeof known - len, "%s%s", i ? ", " : "",
                                events[i].name);
    return grog_error_set(err, GROG_EINVAL, _("unknown event \"%s\"; the events: %s"), argv[1],
                          known);
}

const action_def grog_game_common_actions[] = {
    {"start", N_("start (made when the game is created)"), act_start},
    {"next", N_("next [--roll WHO=D,D...]: end this phase and begin the next (the dice of "
                "the rolls it makes, entered at the table: an arriving ADC's tests, a corps' "
                "PIP dice)"),
     act_next},
    {"move", N_("move ID X Y [FACING]: an officer or unit now stands there (table units)"),
     act_move},
    {"attach", N_("attach GENERAL UNIT: the general joins the unit"), act_attach},
    {"detach", N_("detach GENERAL: the general leaves his unit"), act_detach},
    {"event", N_("event KIND ...: what the table decided (melee, casualties, flees, routs, "
                 "rallies, disorder, breaks, contact, surrounded, killed, wounded, freed, avance)"),
     act_event},
    {"explain", N_("explain ACTION ...: the test an action would make, with its odds; rolls "
                   "nothing, changes nothing"),
     act_explain},
    {"note", N_("note TEXT: a remark kept in the journal"), act_note},
};
const size_t grog_game_common_count = sizeof grog_game_common_actions /
                                      sizeof grog_game_common_actions[0];

/* ---- finding an action by its word ---- */

static const action_def *find_action(const grog_game *g, const char *name)
{
    for (size_t i = 0; i < grog_game_common_count; i++)
        if (strcmp(grog_game_common_actions[i].name, name) == 0)
            return &grog_game_common_actions[i];
    for (size_t i = 0; i < g->ops->nactions; i++)
        if (strcmp(g->ops->actions[i].name, name) == 0)
            return &g->ops->actions[i];
    return NULL;
}

grog_status game_run_words(action_ctx *c, int argc, char **argv, grog_error *err)
{
    const action_def *a = argc >= 1 ? find_action(c->game, argv[0]) : NULL;
    if (a == NULL)
        return grog_error_set(err, GROG_EINVAL, _("unknown action \"%s\""),
                              argc >= 1 ? argv[0] : "");
    return a->run(c, argc, argv, err);
}

/* Runs the words on the context. */
grog_status game_run_action(grog_game *g, action_ctx *c, int argc, const char *const *words,
                            grog_error *err)
{
    if (argc < 1)
        return grog_error_set(err, GROG_EINVAL, _("no action given"));
    const action_def *a = find_action(g, words[0]);
    if (a == NULL) {
        /* The words that would do, named here: "help" exists only at the
         * play prompt, not for do or the server. */
        char known[512] = "";
        size_t len = 0;
        for (size_t i = 0; grog_game_action_name(g, i) != NULL && len < sizeof known; i++)
            if (strcmp(grog_game_action_name(g, i), "start") != 0)
                len += (size_t)snprintf(known + len, sizeof known - len, "%s%s", len ? ", " : "",
                                        grog_game_action_name(g, i));
        return grog_error_set(err, GROG_EINVAL, _("unknown action \"%s\"; the actions of this %s game: %s"),
                              words[0], grog_family_name(g->family), known);
    }
    char **argv = malloc(((size_t)argc + 1) * sizeof *argv);
    if (argv == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    memcpy(argv, words, (size_t)argc * sizeof *argv);
    argv[argc] = NULL;
    grog_status st = table_measures_take(c, &argc, argv, err);
    argv[argc] = NULL;
    if (st == GROG_OK)
        st = a->run(c, argc, argv, err);
    if (st == GROG_OK)
        st = table_measures_check(c, err);
    table_measures_free(c);
    free(argv);
    return st;
}

size_t game_action_list(const grog_game *g, const action_def **common, size_t *ncommon,
                        const action_def **family)
{
    *common = grog_game_common_actions;
    *ncommon = grog_game_common_count;
    *family = g->ops->actions;
    return g->ops->nactions;
}

static const action_def *action_at(const grog_game *g, size_t i)
{
    const action_def *common, *family;
    size_t ncommon;
    size_t nfamily = game_action_list(g, &common, &ncommon, &family);
    if (i < ncommon)
        return &common[i];
    return i - ncommon < nfamily ? &family[i - ncommon] : NULL;
}

const char *grog_game_action_name(const grog_game *g, size_t i)
{
    const action_def *a = action_at(g, i);
    return a != NULL ? a->name : NULL;
}

const char *grog_game_action_help(const grog_game *g, size_t i)
{
    const action_def *a = action_at(g, i);
    return a != NULL ? _(a->usage) : NULL;
}
