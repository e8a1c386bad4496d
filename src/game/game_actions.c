/* game_actions.c — what a seat may do now: every action word with its
 * arguments and their choices, as JSON for the table page, the server and
 * completion (grog_game_actions_json).
 *
 * Only what is legal now is listed: an action whose required argument has no
 * valid choice is left out, a piece the seat may not act with is never a
 * choice. The common actions are worked out here; each family adds its own
 * through family_ops.legal. The lists follow the same checks the actions
 * make; an action listed may still be refused for a reason only the whole
 * test knows (a command zone, a die), and says so when it is. Nothing here
 * changes the game. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "i18n.h"

json_t *legal_action(json_t *actions, const char *name, const char *help)
{
    json_t *a = json_pack("{s:s,s:[s],s:s,s:[],s:[],s:n,s:b}", "action", name, "words", name,
                          "help", help, "args", "options", "roll", "preview", 0);
    json_array_append_new(actions, a);
    return a;
}

json_t *legal_arg(json_t *action, const char *name, const char *kind)
{
    json_t *arg = json_pack("{s:s,s:s,s:[]}", "name", name, "kind", kind, "choices");
    json_array_append_new(json_object_get(action, "args"), arg);
    return arg;
}

/* Appends value to list unless seen (an object used as a set, kept beside
 * the list while building and dropped by strip_sets). */
static void add_once(json_t *holder, const char *set_key, json_t *list, const char *value)
{
    json_t *seen = json_object_get(holder, set_key);
    if (seen == NULL) {
        seen = json_object();
        json_object_set_new(holder, set_key, seen);
    }
    if (json_object_get(seen, value) != NULL)
        return;
    json_object_set_new(seen, value, json_true());
    json_array_append_new(list, json_string(value));
}

void legal_choice(json_t *arg, const char *value)
{
    add_once(arg, "_seen", json_object_get(arg, "choices"), value);
}

void legal_choice_by(json_t *arg, const char *key, const char *value)
{
    json_t *by = json_object_get(arg, "choices_by");
    if (by == NULL) {
        by = json_object();
        json_object_set_new(arg, "choices_by", by);
        json_object_set_new(arg, "_seen_by", json_object());
    }
    json_t *list = json_object_get(by, key);
    if (list == NULL) {
        list = json_array();
        json_object_set_new(by, key, list);
    }
    add_once(json_object_get(arg, "_seen_by"), key, list, value);
    legal_choice(arg, value);
}

void legal_choice_side(const legal_ctx *l, json_t *arg, const char *key, const char *value)
{
    if (l->side != NULL) /* one side: every key has the same choices, its side's */
        legal_choice(arg, value);
    else
        legal_choice_by(arg, key, value);
}

int legal_keyed(json_t *arg, const char *key)
{
    return json_object_get(json_object_get(arg, "choices_by"), key) != NULL ||
           (json_object_get(arg, "choices_by") == NULL &&
            json_array_size(json_object_get(arg, "choices")) > 0);
}

/* Drops the building sets from every argument. */
static void strip_sets(json_t *actions)
{
    size_t i, k;
    json_t *a, *arg;
    json_array_foreach(actions, i, a) json_array_foreach(json_object_get(a, "args"), k, arg)
    {
        json_object_del(arg, "_seen");
        json_object_del(arg, "_seen_by");
    }
}

json_t *legal_option(json_t *action, const char *name, const char *kind)
{
    json_t *o = json_pack("{s:s,s:s}", "name", name, "kind", kind);
    json_array_append_new(json_object_get(action, "options"), o);
    return o;
}

void legal_roll(json_t *action, const char *dice, const char *option, const char *what)
{
    json_object_set_new(action, "roll",
                        json_pack("{s:s,s:s,s:s}", "dice", dice, "option", option, "what", what));
}

void legal_table_roll(json_t *actions, const char *words0, const char *words1, const char *who,
                      int count, const char *what)
{
    size_t i;
    json_t *a;
    json_array_foreach(actions, i, a) {
        json_t *w = json_object_get(a, "words");
        if (strcmp(json_string_value(json_array_get(w, 0)), words0) != 0 ||
            (words1 != NULL && (json_array_size(w) < 2 ||
                                strcmp(json_string_value(json_array_get(w, 1)), words1) != 0)))
            continue;
        json_t *rolls = json_object_get(a, "rolls");
        if (rolls == NULL) {
            rolls = json_array();
            json_object_set_new(a, "rolls", rolls);
            legal_option(a, "--roll", "table-rolls");
        }
        json_array_append_new(rolls, json_pack("{s:s,s:s,s:i,s:s}", "who", who, "dice", "1d6",
                                               "count", count, "what", what));
        return;
    }
}

json_t *legal_find(json_t *actions, const char *w0, const char *w1, const char *arg)
{
    size_t i;
    json_t *a;
    json_array_foreach(actions, i, a) {
        json_t *w = json_object_get(a, "words");
        if (strcmp(json_string_value(json_array_get(w, 0)), w0) != 0 ||
            (w1 != NULL && (json_array_size(w) < 2 ||
                            strcmp(json_string_value(json_array_get(w, 1)), w1) != 0)))
            continue;
        size_t k;
        json_t *x;
        json_array_foreach(json_object_get(a, "args"), k, x)
            if (strcmp(json_string_value(json_object_get(x, "name")), arg) == 0)
                return x;
    }
    return NULL;
}

void legal_unchoose(json_t *arg, const char *value)
{
    json_t *c = json_object_get(arg, "choices");
    for (size_t i = json_array_size(c); i-- > 0;)
        if (strcmp(json_string_value(json_array_get(c, i)), value) == 0)
            json_array_remove(c, i);
}

int legal_mine(const legal_ctx *l, const char *piece_side)
{
    return l->side == NULL || strcmp(l->side, piece_side) == 0;
}

/* Kinds whose choices are open (typed, not picked): never empty. */
static int open_kind(const char *kind)
{
    static const char *const open[] = {"length", "facing", "number", "text", NULL};
    for (size_t i = 0; open[i] != NULL; i++)
        if (strcmp(kind, open[i]) == 0)
            return 1;
    return 0;
}

void legal_drop_empty(json_t *actions)
{
    for (size_t i = json_array_size(actions); i-- > 0;) {
        json_t *args = json_object_get(json_array_get(actions, i), "args");
        size_t k;
        json_t *arg;
        json_array_foreach(args, k, arg) {
            if (json_is_true(json_object_get(arg, "optional")) ||
                open_kind(json_string_value(json_object_get(arg, "kind"))))
                continue;
            if (json_array_size(json_object_get(arg, "choices")) == 0) {
                json_array_remove(actions, i);
                break;
            }
        }
    }
}

/* ---- the common actions ---- */

static int active(const grog_officer *o)
{
    return o->state == GROG_OFFICER_ACTIVE;
}

static int is_square(const legal_ctx *l, const grog_troop *u)
{
    return grog_game_family(l->game) == GROG_FAMILY_AIGLES &&
           (strcmp(u->formation, "full-square") == 0 || strcmp(u->formation, "mass-square") == 0);
}

static void legal_move(const legal_ctx *l, json_t *actions)
{
    json_t *a = legal_action(actions, "move", _("an officer or unit now stands there"));
    json_t *id = legal_arg(a, "id", "piece");
    for (size_t i = 0; i < grog_battle_nofficers(l->battle); i++) {
        const grog_officer *o = grog_battle_officer(l->battle, i);
        if (legal_mine(l, o->side) && active(o))
            legal_choice(id, o->id);
    }
    for (size_t i = 0; i < grog_battle_nunits(l->battle); i++) {
        const grog_troop *u = grog_battle_unit(l->battle, i);
        if (legal_mine(l, u->side) && !is_square(l, u)) /* AIG-F-12: a square stands */
            legal_choice(id, u->id);
    }
    legal_arg(a, "x", "length");
    legal_arg(a, "y", "length");
    json_object_set_new(legal_arg(a, "facing", "facing"), "optional", json_true());
}

static void legal_attach(const legal_ctx *l, json_t *actions)
{
    /* GT-03: in Grande Tactique generals attach in the movement phase only */
    if (grog_game_family(l->game) == GROG_FAMILY_GT && strcmp(l->phase_id, "movement") != 0)
        return;
    json_t *a = legal_action(actions, "attach", _("the general joins the unit"));
    json_t *gen = legal_arg(a, "general", "general");
    json_t *unit = legal_arg(a, "unit", "unit");
    size_t nu = grog_battle_nunits(l->battle);
    unsigned char *taken = calloc(nu + 1, 1); /* GT-03: one general per unit */
    if (taken == NULL)
        return;
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
        for (size_t k = 0; k < nu; k++) {
            const grog_troop *u = grog_battle_unit(l->battle, k);
            if (!taken[k] && strcmp(u->side, o->side) == 0)
                legal_choice_side(l, unit, o->id, u->id);
        }
        legal_choice(gen, o->id);
    }
    free(taken);
}

static void legal_detach(const legal_ctx *l, json_t *actions)
{
    json_t *a = legal_action(actions, "detach", _("the general leaves his unit"));
    json_t *gen = legal_arg(a, "general", "general");
    for (size_t i = 0; i < grog_battle_nofficers(l->battle); i++) {
        const grog_officer *o = grog_battle_officer(l->battle, i);
        const grog_troop *u = grog_battle_unit_by_id(l->battle, o->attached_to);
        if (legal_mine(l, o->side) && u != NULL && !(u->flags & GROG_UNIT_ROUTED)) /* GT-06 */
            legal_choice(gen, o->id);
    }
}

/* One entry per event kind: words ["event", KIND]. */
static json_t *event_entry(json_t *actions, const char *kind, const char *help)
{
    json_t *a = legal_action(actions, "event", help);
    json_array_append_new(json_object_get(a, "words"), json_string(kind));
    json_object_set_new(a, "event", json_string(kind));
    return a;
}

static void legal_unit_events(const legal_ctx *l, json_t *actions)
{
    json_t *me = event_entry(actions, "melee", _("a melee begins, is won or lost"));
    json_t *melee = legal_arg(me, "unit", "unit");
    json_t *result = legal_arg(me, "result", "word");
    json_t *cas = event_entry(actions, "casualties", _("casualties on a unit or officer"));
    json_t *cas_who = legal_arg(cas, "target", "piece");
    legal_arg(cas, "count", "number");
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
    json_t *fl[4];
    for (size_t f = 0; f < 4; f++)
        fl[f] = legal_arg(event_entry(actions, flags[f].kind, _(flags[f].help)), "unit", "unit");
    json_t *rally = legal_arg(event_entry(actions, "rallies", _("a fleeing or routed unit rallies")),
                              "unit", "unit");
    for (size_t i = 0; i < grog_battle_nunits(l->battle); i++) {
        const grog_troop *u = grog_battle_unit(l->battle, i);
        if (!legal_mine(l, u->side))
            continue;
        legal_choice(melee, u->id);
        if (u->flags & GROG_UNIT_IN_MELEE) {
            legal_choice_by(result, u->id, "won");
            legal_choice_by(result, u->id, "lost");
        } else {
            legal_choice_by(result, u->id, "start");
        }
        legal_choice(cas_who, u->id);
        for (size_t f = 0; f < 4; f++)
            if (!(u->flags & flags[f].flag))
                legal_choice(fl[f], u->id);
        if (u->flags & (GROG_UNIT_FLEEING | GROG_UNIT_ROUTED))
            legal_choice(rally, u->id);
    }
    int gt = grog_game_family(l->game) == GROG_FAMILY_GT;
    for (size_t i = 0; i < grog_battle_nofficers(l->battle); i++) {
        const grog_officer *o = grog_battle_officer(l->battle, i);
        if (!legal_mine(l, o->side) || !active(o))
            continue;
        if (!gt) /* GT-05, GT-09: a general is never fired at */
            legal_choice(cas_who, o->id);
        if (o->role == GROG_ROLE_BRIGADE && !o->brigade_broken)
            legal_choice(fl[3], o->id);
    }
}

static void legal_officer_events(const legal_ctx *l, json_t *actions)
{
    json_t *contact = event_entry(actions, "contact",
                                  _("an enemy unit contacts an officer and takes him"));
    json_t *victim = legal_arg(contact, "officer", "enemy-officer");
    json_t *taker = legal_arg(contact, "unit", "unit");
    json_t *sur = event_entry(actions, "surrounded",
                              _("an officer surrounded with no way out is taken (AIG-O-21)"));
    json_t *sur_victim = legal_arg(sur, "officer", "enemy-officer");
    json_t *sur_taker = legal_arg(sur, "unit", "unit");
    json_t *killed = legal_arg(event_entry(actions, "killed", _("the officer is killed")),
                               "officer", "officer");
    json_t *wounded = legal_arg(event_entry(actions, "wounded", _("the officer is out of commission")),
                                "officer", "officer");
    json_t *freed = legal_arg(event_entry(actions, "freed", _("a prisoner is freed")), "officer",
                              "officer");
    json_t *av = event_entry(actions, "avance", _("an Avance marker on or off (AIG-O-22)"));
    json_t *av_who = legal_arg(av, "officer", "officer");
    json_t *av_on = legal_arg(av, "state", "word");
    int gt = grog_game_family(l->game) == GROG_FAMILY_GT; /* GT-05, GT-09 */
    for (size_t i = 0; i < grog_battle_nofficers(l->battle); i++) {
        const grog_officer *o = grog_battle_officer(l->battle, i);
        if (!gt && active(o) && !(o->markers & GROG_MARKER_AVANCE)) {
            for (size_t k = 0; k < grog_battle_nunits(l->battle); k++) {
                const grog_troop *u = grog_battle_unit(l->battle, k);
                if (legal_mine(l, u->side) && strcmp(u->side, o->side) != 0)
                    legal_choice_side(l, taker, o->id, u->id);
            }
            if (legal_keyed(taker, o->id))
                legal_choice(victim, o->id);
        }
        if (active(o) && grog_game_family(l->game) != GROG_FAMILY_GT) {
            for (size_t k = 0; k < grog_battle_nunits(l->battle); k++) {
                const grog_troop *u = grog_battle_unit(l->battle, k);
                if (legal_mine(l, u->side) && strcmp(u->side, o->side) != 0)
                    legal_choice_side(l, sur_taker, o->id, u->id);
            }
            if (legal_keyed(sur_taker, o->id))
                legal_choice(sur_victim, o->id);
        }
        if (!legal_mine(l, o->side))
            continue;
        if (o->state != GROG_OFFICER_KILLED && !gt)
            legal_choice(killed, o->id);
        if ((active(o) || o->state == GROG_OFFICER_PRISONER) && !gt)
            legal_choice(wounded, o->id);
        if (o->state == GROG_OFFICER_PRISONER)
            legal_choice(freed, o->id);
        if (grog_game_family(l->game) == GROG_FAMILY_AIGLES && active(o)) {
            legal_choice(av_who, o->id);
            legal_choice_by(av_on, o->id, (o->markers & GROG_MARKER_AVANCE) ? "off" : "on");
        }
    }
}

static void legal_common(const legal_ctx *l, json_t *actions)
{
    legal_action(actions, "next", _("end this phase and begin the next"));
    legal_move(l, actions);
    legal_attach(l, actions);
    legal_detach(l, actions);
    legal_unit_events(l, actions);
    legal_officer_events(l, actions);
    legal_arg(legal_action(actions, "note", _("a remark kept in the journal")), "text", "text");
}

/* The names of the pieces, for buttons: {"id": "name"}. */
static json_t *piece_names(const grog_battle *b)
{
    json_t *names = json_object();
    for (size_t i = 0; i < grog_battle_nofficers(b); i++)
        json_object_set_new(names, grog_battle_officer(b, i)->id,
                            json_string(grog_battle_officer(b, i)->name));
    for (size_t i = 0; i < grog_battle_nunits(b); i++)
        json_object_set_new(names, grog_battle_unit(b, i)->id,
                            json_string(grog_battle_unit(b, i)->name));
    return names;
}

json_t *game_actions_object(const grog_game *g, const char *side, int referee)
{
    legal_ctx l;
    game_legal_ctx(g, referee ? NULL : side, &l);
    json_t *actions = json_array();
    if (referee || (side != NULL && side[0] != '\0')) {
        legal_common(&l, actions);
        const family_ops *ops = game_ops(g);
        if (ops->legal != NULL)
            ops->legal(&l, actions);
        legal_drop_empty(actions);
        strip_sets(actions);
    }
    return json_pack("{s:s,s:i,s:s,s:s?,s:o,s:o}", "family", grog_family_name(grog_game_family(g)),
                     "turn", l.turn, "phase", l.phase_id, "side", referee ? NULL : side,
                     "actions", actions, "names", piece_names(l.battle));
}

grog_status grog_game_actions_json(const grog_game *g, const grog_seat *seat, char **out,
                                   grog_error *err)
{
    int referee = seat != NULL && seat->kind == GROG_SEAT_REFEREE;
    const char *side = seat != NULL && seat->kind == GROG_SEAT_SIDE ? seat->side : NULL;
    json_t *j = game_actions_object(g, side, referee);
    *out = j != NULL ? json_dumps(j, JSON_INDENT(2)) : NULL;
    json_decref(j);
    return *out != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}
