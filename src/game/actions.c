/* actions.c — the actions every rule family shares: start, next, move
 * (move.c), attach, detach, explain, note, and the table of them with the
 * table events (table_events.c) and the claims (claims.c). And finding any
 * action, common or the family's, by its word (game_run_words,
 * game_run_action). */
#include <stdlib.h>
#include <string.h>

#include "claims.h"
#include "engine.h"
#include "i18n.h"
#include "move.h"
#include "table_measures.h"
#include "table_events.h"
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

static grog_status act_next(action_ctx *c, int argc, char **argv, grog_error *err)
{
    table_rolls t;
    grog_status st = game_take_rolls(&argc, argv, &t, err);
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

const action_def grog_game_common_actions[] = {
    {"start", N_("start (made when the game is created)"), act_start},
    {"next", N_("next [--roll WHO=D,D...]: end this phase and begin the next (the dice of "
                "the rolls it makes, entered at the table: an arriving ADC's tests, a corps' "
                "PIP dice)"),
     act_next},
    {"move", N_("move ID X Y [FACING]: an officer or unit now stands there (table units); or "
                "from where it stands: move ID forward|back|left|right DIST, move ID turn "
                "DEGREES, move ID to OTHER [contact|DIST]"),
     game_move_run},
    {"attach", N_("attach GENERAL UNIT: the general joins the unit"), act_attach},
    {"detach", N_("detach GENERAL: the general leaves his unit"), act_detach},
    {"event", N_("event KIND ...: what the table decided (melee, casualties, flees, routs, "
                 "rallies, disorder, breaks, contact, surrounded, killed, wounded, freed, avance)"),
     game_table_event},
    {"claim", N_("claim SIDE event KIND ...: SIDE reports an event about the other side's "
                 "pieces; applied when that side accepts it or the referee decides"),
     game_act_claim},
    {"accept", N_("accept N [--roll D]: the side a claim is about accepts claim N; its event "
                  "is applied"),
     game_act_accept},
    {"dispute", N_("dispute N: the side a claim is about disputes claim N; the referee "
                   "decides"),
     game_act_dispute},
    {"decide", N_("decide N apply|reject [--roll D]: the referee's decision on claim N"),
     game_act_decide},
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
