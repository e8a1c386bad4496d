/* table_events.c — the table events the seeds' missing chapters decide
 * (melee, casualties, flight, rout, breaking, contact, death, liberation):
 * `event KIND ...`, what the table resolved, applied to the battle. The
 * family's consequences of an event are asked of it through family_event
 * (engine.h). Every event sets the acting side (c->side, kept in the
 * journal's row). Nothing here writes the journal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "i18n.h"
#include "table_events.h"

static grog_status usage(grog_error *err, const char *text)
{
    return grog_error_set(err, GROG_EINVAL, _("usage: %s"), text);
}

/* Takes every "--roll V" of argv into t. */
grog_status game_take_rolls(int *argc, char **argv, table_rolls *t, grog_error *err)
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

/* Officer id harmed (killed, out of commission), once the family's own
 * check lets it: his state set, *out him for the caller's event. */
static grog_status harm_officer(action_ctx *c, const char *id, grog_officer_state state,
                                grog_officer **out, grog_error *err)
{
    grog_status st = ctx_officer(c, id, out, err);
    if (st == GROG_OK)
        st = family_officer_harm_check(c, *out, err);
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
    grog_status st = harm_officer(c, a[0], GROG_OFFICER_KILLED, &o, err);
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
    grog_status st = harm_officer(c, a[0], GROG_OFFICER_OUT_OF_COMMISSION, &o, err);
    if (st != GROG_OK)
        return st;
    ctx_event(c, "", "officer-out", json_pack("{s:s}", "officer", a[0]),
              _("%s is out of commission."), o->name);
    return family_event(c, "officer-out", NULL, o, err);
}

/* An active officer a[0] taken prisoner by the enemy unit a[1] (contact,
 * surrounded), once the family's own check (check) lets it: *o and *u for
 * the caller's event. Refused, nothing changes. */
static grog_status take_prisoner(action_ctx *c, char **a,
                                 grog_status (*check)(action_ctx *, const grog_officer *,
                                                      grog_error *),
                                 grog_officer **o, grog_troop **u, grog_error *err)
{
    grog_status st;
    if ((st = ctx_officer(c, a[0], o, err)) != GROG_OK || (st = ctx_unit(c, a[1], u, err)) != GROG_OK)
        return st;
    c->side = (*u)->side;
    if (strcmp((*o)->side, (*u)->side) == 0)
        return grog_error_set(err, GROG_EINVAL, _("%s is a friendly unit to %s"), (*u)->name,
                              (*o)->name);
    if ((*o)->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_EINVAL, _("%s is not active (%s)"), (*o)->name,
                              grog_explain_word(grog_officer_state_name((*o)->state)));
    if ((st = check(c, *o, err)) != GROG_OK)
        return st;
    (*o)->state = GROG_OFFICER_PRISONER;
    snprintf((*o)->held_by, sizeof (*o)->held_by, "%s", (*u)->id);
    (*o)->attached_to[0] = '\0';
    return GROG_OK;
}

static grog_status ev_contact(action_ctx *c, char **a, grog_error *err)
{
    grog_officer *o;
    grog_troop *u;
    grog_status st = take_prisoner(c, a, family_officer_contact_check, &o, &u, err);
    if (st != GROG_OK)
        return st;
    ctx_event(c, "", "officer-captured", json_pack("{s:s,s:s}", "officer", a[0], "unit", a[1]),
              grog_game_family(c->game) == GROG_FAMILY_AIGLES
                  ? _("AIG-O-21: %s is contacted by %s and taken prisoner.")
                  : _("%s is taken prisoner by %s (a table event: these rules have none for it)."),
              o->name, u->name);
    return family_event(c, "officer-captured", u, o, err);
}

/* AIG-O-21: surrounded by enemies with no way out: taken by ENEMY-UNIT. The
 * Avance marker (AIG-O-22) forbids contact, not this. */
static grog_status ev_surrounded(action_ctx *c, char **a, grog_error *err)
{
    grog_officer *o;
    grog_troop *u;
    grog_status st = take_prisoner(c, a, family_officer_surrounded, &o, &u, err);
    if (st != GROG_OK)
        return st;
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

grog_status game_table_event(action_ctx *c, int argc, char **argv, grog_error *err)
{
    table_rolls t;
    grog_status st = game_take_rolls(&argc, argv, &t, err);
    if (st != GROG_OK)
        return st;
    c->rolls = &t;
    st = run_event(c, argc, argv, err);
    if (st == GROG_OK)
        st = table_rolls_all_used(&t, "event", err);
    c->rolls = NULL;
    return st;
}

const char *game_event_about(const grog_battle *b, int argc, const char *const *words)
{
    if (argc < 3 || strcmp(words[0], "event") != 0)
        return NULL;
    int i = 2;
    while (i + 1 < argc && (strcmp(words[i], "--roll") == 0 || strcmp(words[i], "--measure") == 0))
        i += 2;
    if (i >= argc)
        return NULL;
    const grog_officer *o = grog_battle_officer_by_id(b, words[i]);
    if (o != NULL)
        return o->side;
    const grog_troop *u = grog_battle_unit_by_id(b, words[i]);
    return u != NULL ? u->side : NULL;
}

static grog_status run_event(action_ctx *c, int argc, char **argv, grog_error *err)
{
    c->about = game_event_about(c->battle, argc, (const char *const *)argv);
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

