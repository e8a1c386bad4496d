/* family_gt.c — Grande Tactique in the game engine (GT-01 to GT-17).
 *
 * Turn: pip, movement, combat. Entering the PIP phase clears every
 * general's PIPs and fixes, for GT-07, the unit each one is attached to.
 * During it each corps may declare its plan (GT-14) and its commanders their
 * gift (GT-10, GT-13), then rolls (`pips CORPS`); a corps that has not rolled
 * when the phase ends rolls then. PIPs are spent in the movement phase
 * (`spend`), attachment happens in the movement phase only (GT-03).
 *
 * Divisional generals are the officers of role "division" (the rules' own
 * term); on a side with none, those of role "brigade" (the Prussian system
 * the seed mentions). A divisional general's corps is his superior. Any
 * general above divisional level (corps, army, commander-in-chief) may give
 * his PIP to a subordinate divisional general within 9" (GT-10). */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "grognard/gt.h"
#include "i18n.h"
#include "order_kinds.h"
#include "snapshot.h"
#include "table_rolls.h"

static const char *const phases[] = {"pip", "movement", "combat"};

typedef struct gt_rules {
    grog_gt_rules *r;
    order_kinds *kinds;
} gt_rules;

typedef struct gt_off {
    int divisional;   /* a divisional general */
    int pips;         /* this turn's PIPs (GT-16: never below 0) */
    int start_attach; /* unit index he was attached to at the start of the PIP phase, -1 */
    int rolled;       /* corps: dice rolled this turn */
    int plan;         /* corps: allocate by ranking (1, the default) or the mean (0) */
    int plan_changed; /* corps: a change of plan declared: no PIPs this turn */
    int rank;         /* divisional general: his place in his corps' plan, 0 = battle order */
    int gift;         /* commander: 0 none, 1 to a general, 2 to a unit */
    int gift_to;      /* officer index or unit index */
} gt_off;

typedef struct gt_state {
    size_t n;
    gt_off *o;
    size_t phase; /* the phase now (for the status) */
} gt_state;

static grog_status load_rules(const char *text, const char *label, void **rules, grog_error *err)
{
    gt_rules *r = calloc(1, sizeof *r);
    if (r == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_status st = text != NULL ? grog_gt_rules_parse(text, label, &r->r, err)
                                  : grog_gt_rules_load(NULL, &r->r, err);
    if (st == GROG_OK)
        st = order_kinds_load("gt", text, label, &r->kinds, err);
    if (st != GROG_OK) {
        grog_gt_rules_destroy(r->r);
        free(r);
        return st;
    }
    *rules = r;
    return GROG_OK;
}

static void free_rules(void *rules)
{
    gt_rules *r = rules;
    if (r == NULL)
        return;
    grog_gt_rules_destroy(r->r);
    order_kinds_free(r->kinds);
    free(r);
}

static const struct order_kinds *kinds_of(const void *rules)
{
    return ((const gt_rules *)rules)->kinds;
}

static const grog_gt_rules *R(const action_ctx *c)
{
    return ((const gt_rules *)c->rules)->r;
}

static int is_higher(grog_role r)
{
    return r == GROG_ROLE_C_IN_C || r == GROG_ROLE_ARMY || r == GROG_ROLE_CORPS;
}

static grog_status create(const void *rules, const grog_battle *b, void **state, grog_error *err)
{
    (void)rules;
    gt_state *s = calloc(1, sizeof *s);
    size_t n = grog_battle_nofficers(b);
    if (s == NULL || (s->o = calloc(n + 1, sizeof *s->o)) == NULL) {
        free(s);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    s->n = n;
    for (size_t side = 0; side < grog_battle_nsides(b); side++) {
        const char *sid = grog_battle_side(b, side)->id;
        int has_div = 0;
        for (size_t i = 0; i < n; i++) {
            const grog_officer *o = grog_battle_officer(b, i);
            has_div |= strcmp(o->side, sid) == 0 && o->role == GROG_ROLE_DIVISION;
        }
        for (size_t i = 0; i < n; i++) {
            const grog_officer *o = grog_battle_officer(b, i);
            if (strcmp(o->side, sid) == 0)
                s->o[i].divisional = o->role == (has_div ? GROG_ROLE_DIVISION : GROG_ROLE_BRIGADE);
        }
    }
    for (size_t i = 0; i < n; i++) {
        s->o[i].plan = 1;
        s->o[i].start_attach = -1;
    }
    *state = s;
    return GROG_OK;
}

static void *copy(const void *state)
{
    const gt_state *s = state;
    gt_state *c = malloc(sizeof *c);
    if (c == NULL || (c->o = malloc((s->n + 1) * sizeof *c->o)) == NULL) {
        free(c);
        return NULL;
    }
    c->n = s->n;
    c->phase = s->phase;
    memcpy(c->o, s->o, (s->n + 1) * sizeof *c->o);
    return c;
}

static void destroy(void *state)
{
    gt_state *s = state;
    if (s != NULL)
        free(s->o);
    free(s);
}

/* The rules library names generals and units by number ("general 3", in the
 * language of messages): the game says who they are. Rewrites err's message in
 * place. */
static void name_pieces(grog_error *err, const grog_battle *b, int general, int unit)
{
    if (err == NULL)
        return;
    for (int pass = 0; pass < 2; pass++) {
        int id = pass == 0 ? general : unit;
        if (id < 0)
            continue;
        char key[48];
        /* TRANSLATORS: "general %d" and "unit %d" must be written exactly so in
         * the Grande Tactique messages that name a general or unit by number:
         * the game replaces them with the piece's name. */
        snprintf(key, sizeof key, pass == 0 ? _("general %d") : _("unit %d"), id);
        const char *name = pass == 0 ? grog_battle_officer(b, (size_t)id)->name
                                     : grog_battle_unit(b, (size_t)id)->name;
        char out[GROG_ERROR_MAX];
        size_t n = 0, klen = strlen(key);
        for (const char *p = err->message; *p != '\0' && n + 1 < sizeof out;) {
            const char *after = p + klen;
            if (strncmp(p, key, klen) == 0 && !(*after >= '0' && *after <= '9')) {
                int w = snprintf(out + n, sizeof out - n, "%s", name);
                n = w < 0 ? n : n + (size_t)w < sizeof out ? n + (size_t)w : sizeof out - 1;
                p = after;
            } else {
                out[n++] = *p++;
            }
        }
        out[n] = '\0';
        snprintf(err->message, sizeof err->message, "%s", out);
    }
}

static size_t officer_index(const grog_battle *b, const char *id)
{
    size_t i = 0;
    grog_battle_officer_index(b, id, &i);
    return i;
}

/* The divisional generals whose superior is corps, in battle order or by rank. */
static int corps_divisions(const grog_battle *b, const gt_state *s, size_t corps, size_t *out)
{
    const char *cid = grog_battle_officer(b, corps)->id;
    int n = 0;
    for (size_t i = 0; i < s->n && n < GROG_GT_MAX_DIVISIONS; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (s->o[i].divisional && strcmp(o->superior, cid) == 0 &&
            o->state == GROG_OFFICER_ACTIVE)
            out[n++] = i;
    }
    return n;
}

/* A PIP given to a general (GT-10) is checked when it is given; a general
 * who moved beyond the radius since, or a commander who attached himself to
 * a unit (GT-11), makes it lapse at the roll, said in an event, instead of
 * refusing the roll, and with it `next`, for the rest of the game. */
static void gift_lapses(action_ctx *c, grog_gt_commander *m, const size_t *div)
{
    if (m->gift != GROG_GT_GIFT_GENERAL)
        return;
    double radius = grog_length_to_mm(grog_gt_command_radius_in(R(c)), GROG_UNIT_IN, NULL);
    const char *who = grog_battle_officer(c->battle, (size_t)m->id)->name;
    const char *to = grog_battle_officer(c->battle, div[m->to])->name;
    if (m->attached)
        ctx_event(c, "", "gift-lapses", NULL,
                  _("GT-11: %s is attached to a unit: his PIP for %s lapses."), who, to);
    else if (m->distance_mm[m->to] > radius + 1e-9)
        ctx_event(c, "", "gift-lapses", NULL,
                  _("GT-10: %s is now %.1f\" from %s, beyond the %.0f\" radius: the PIP lapses."),
                  to, m->distance_mm[m->to] / 25.4, who, grog_gt_command_radius_in(R(c)));
    else
        return;
    m->gift = GROG_GT_GIFT_NONE;
    m->to = -1;
}

static grog_status roll_corps(action_ctx *c, size_t corps, const int *entered, grog_error *err)
{
    gt_state *s = c->fstate;
    const grog_battle *b = c->battle;
    const grog_officer *co = grog_battle_officer(b, corps);
    size_t div[GROG_GT_MAX_DIVISIONS];
    int nd = corps_divisions(b, s, corps, div);
    if (nd == 0)
        return grog_error_set(err, GROG_EINVAL, _("%s commands no divisional general"), co->name);
    if (s->o[corps].rolled)
        return grog_error_set(err, GROG_ERULE, _("GT-14: the corps of %s has already rolled this "
                                                 "turn"),
                              co->name);
    /* Ranks 1..nd, each once, as GT-14 needs: the ranked generals in their
     * order, then the others in battle order. A plan that ranks only some of
     * them, or one ranked before a general fell, must never block the roll
     * (and with it `next`) for the rest of the game. */
    long key[GROG_GT_MAX_DIVISIONS];
    for (int i = 0; i < nd; i++)
        key[i] = (s->o[div[i]].rank > 0 ? (long)s->o[div[i]].rank : 1000000L) * 1000 + i;
    grog_gt_division divs[GROG_GT_MAX_DIVISIONS];
    for (int i = 0; i < nd; i++) {
        divs[i].id = (int)div[i];
        divs[i].quality = grog_battle_officer(b, div[i])->ratings.gt_quality;
        divs[i].rank = 1;
        for (int j = 0; j < nd; j++)
            divs[i].rank += key[j] < key[i];
    }
    grog_gt_commander cmd[GROG_GT_MAX_COMMANDERS];
    int nc = 0;
    for (size_t k = 0; k < s->n && nc < GROG_GT_MAX_COMMANDERS; k++) {
        const grog_officer *ko = grog_battle_officer(b, k);
        if (!is_higher(ko->role) || strcmp(ko->side, co->side) != 0 ||
            ko->state != GROG_OFFICER_ACTIVE)
            continue;
        int mine = 0, to = -1;
        for (int i = 0; i < nd; i++) {
            if (grog_battle_is_superior_of(b, k, div[i]))
                mine = 1;
            if (s->o[k].gift == 1 && (size_t)s->o[k].gift_to == div[i])
                to = i;
        }
        if (!mine)
            continue;
        grog_gt_commander *m = &cmd[nc++];
        memset(m, 0, sizeof *m);
        m->id = (int)k;
        m->bad = ko->ratings.gt_quality == GROG_GT_QUALITY_BAD;
        m->attached = ko->attached_to[0] != '\0';
        m->gift = to >= 0 ? GROG_GT_GIFT_GENERAL
                          : s->o[k].gift == 2 ? GROG_GT_GIFT_UNIT : GROG_GT_GIFT_NONE;
        m->to = to;
        m->unit = s->o[k].gift == 2 ? s->o[k].gift_to : -1;
        for (int i = 0; i < nd; i++)
            m->distance_mm[i] = grog_battle_officer_distance(b, k, div[i]);
        gift_lapses(c, m, div);
    }
    grog_gt_corps_turn turn = {divs, nd, cmd, nc, s->o[corps].plan, s->o[corps].plan_changed,
                               entered};
    grog_gt_phase ph;
    grog_status st = grog_gt_phase_run(R(c), &turn, c->rng, &ph, err);
    if (st != GROG_OK) { /* the rules number the generals: name them */
        for (int i = 0; i < nd; i++)
            name_pieces(err, b, divs[i].id, -1);
        return st;
    }
    s->o[corps].rolled = 1;
    for (int i = 0; i < nd && st == GROG_OK; i++) {
        s->o[div[i]].pips = ph.pips[i];
        ctx_check(c, "die=%d;pips=%d", ph.allocated[i], ph.pips[i]);
        ctx_event(c, "", "pips", json_pack("{s:s,s:i,s:i}", "officer",
                                           grog_battle_officer(b, div[i])->id, "die",
                                           ph.allocated[i], "pips", ph.pips[i]),
                  ngettext("%s gets %d PIP (die %d).", "%s gets %d PIPs (die %d).", ph.pips[i]),
                  grog_battle_officer(b, div[i])->name,
                  ph.pips[i], ph.allocated[i]);
        if (ph.records[i] != NULL)
            st = ctx_record(c, ph.records[i], "", err);
    }
    for (int k = 0; k < nc; k++)
        if (ph.unit_pips[k] > 0)
            ctx_event(c, "", "unit-pip", json_pack("{s:s,s:i}", "officer",
                                                   grog_battle_officer(b, (size_t)cmd[k].id)->id,
                                                   "pips", ph.unit_pips[k]),
                      _("GT-13: %s spends his PIP on a non-divisional unit."),
                      grog_battle_officer(b, (size_t)cmd[k].id)->name);
    grog_gt_phase_clear(&ph);
    return st;
}

static grog_status enter_phase(action_ctx *c, grog_error *err)
{
    (void)err;
    gt_state *s = c->fstate;
    s->phase = c->phase;
    if (strcmp(ctx_phase_id(c), "pip") != 0)
        return GROG_OK;
    for (size_t i = 0; i < s->n; i++) {
        const grog_officer *o = grog_battle_officer(c->battle, i);
        size_t u;
        s->o[i].pips = 0;
        s->o[i].rolled = 0;
        s->o[i].plan_changed = 0;
        s->o[i].gift = 0;
        s->o[i].start_attach = grog_battle_unit_index(c->battle, o->attached_to, &u) ? (int)u : -1;
    }
    return GROG_OK;
}

static grog_status leave_phase(action_ctx *c, grog_error *err)
{
    gt_state *s = c->fstate;
    if (strcmp(ctx_phase_id(c), "pip") != 0)
        return GROG_OK;
    for (size_t i = 0; i < s->n; i++) {
        size_t div[GROG_GT_MAX_DIVISIONS];
        int nd = corps_divisions(c->battle, s, i, div);
        if (s->o[i].rolled || nd == 0)
            continue;
        /* next --roll CORPS=D,D...: the corps' dice rolled at the table */
        int entered[GROG_GT_MAX_DIVISIONS], k = 0;
        const char *cid = grog_battle_officer(c->battle, i)->id;
        while (k < nd && table_rolls_take(c->rolls, cid, grog_battle_officer(c->battle, i)->side,
                                           &entered[k]))
            k++;
        if (k > 0 && k < nd)
            return grog_error_set(err, GROG_EINVAL, _("next --roll %s: this corps rolls %d dice, "
                                                      "not %d"),
                                  cid, nd, k);
        grog_status st = roll_corps(c, i, k > 0 ? entered : NULL, err);
        if (st != GROG_OK)
            return st;
    }
    return GROG_OK;
}

static grog_status need_phase(action_ctx *c, const char *phase, const char *rule, grog_error *err)
{
    if (strcmp(ctx_phase_id(c), phase) == 0)
        return GROG_OK;
    return grog_error_set(err, GROG_ERULE, _("%s: only in the %s phase (now: %s)"), rule, phase,
                          grog_explain_word(ctx_phase_id(c)));
}

static grog_status corps_of(action_ctx *c, const char *id, size_t *corps, grog_error *err)
{
    grog_officer *o;
    grog_status st = ctx_officer(c, id, &o, err);
    if (st != GROG_OK)
        return st;
    size_t div[GROG_GT_MAX_DIVISIONS];
    *corps = officer_index(c->battle, id);
    if (corps_divisions(c->battle, c->fstate, *corps, div) == 0)
        return grog_error_set(err, GROG_EINVAL, _("%s commands no divisional general"), o->name);
    c->side = o->side;
    return GROG_OK;
}

static grog_status act_pips(action_ctx *c, int argc, char **argv, grog_error *err)
{
    const char *dice = ctx_take_option(&argc, argv, "--dice");
    if (argc != 2)
        return grog_error_set(err, GROG_EINVAL, _("usage: pips CORPS [--dice D1,D2,...]"));
    size_t corps;
    grog_status st = need_phase(c, "pip", "GT-14", err);
    if (st == GROG_OK)
        st = corps_of(c, argv[1], &corps, err);
    if (st != GROG_OK)
        return st;
    int entered[GROG_GT_MAX_DIVISIONS];
    if (dice != NULL) {
        size_t div[GROG_GT_MAX_DIVISIONS];
        int nd = corps_divisions(c->battle, c->fstate, corps, div), k = 0;
        const char *p = dice;
        while (*p != '\0' && k < GROG_GT_MAX_DIVISIONS) {
            char *end;
            long v = strtol(p, &end, 10);
            if (end == p || v < 1 || v > 6)
                return grog_error_set(err, GROG_EINVAL, _("--dice: faces 1 to 6 separated by "
                                                          "commas, not \"%s\""),
                                      dice);
            entered[k++] = (int)v;
            p = *end == ',' ? end + 1 : end;
        }
        if (k != nd)
            return grog_error_set(err, GROG_EINVAL, _("--dice: this corps rolls %d dice, not %d"),
                                  nd, k);
    }
    if (c->explain_only)
        return GROG_OK;
    return roll_corps(c, corps, dice != NULL ? entered : NULL, err);
}

static grog_status act_plan(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc < 3)
        return grog_error_set(err, GROG_EINVAL,
                              _("usage: plan CORPS on|off|change | plan CORPS rank GEN..."));
    size_t corps;
    grog_status st = need_phase(c, "pip", "GT-14", err);
    if (st == GROG_OK)
        st = corps_of(c, argv[1], &corps, err);
    if (st != GROG_OK)
        return st;
    gt_state *s = c->fstate;
    if (s->o[corps].rolled)
        return grog_error_set(err, GROG_ERULE, _("GT-14: a plan is declared before the roll"));
    const char *name = grog_battle_officer(c->battle, corps)->name;
    if (strcmp(argv[2], "rank") == 0) {
        /* All checked before any is ranked: a refused plan changes nothing. */
        for (int i = 3; i < argc; i++) {
            size_t k;
            if (!grog_battle_officer_index(c->battle, argv[i], &k) || !s->o[k].divisional ||
                strcmp(grog_battle_officer(c->battle, k)->superior,
                       grog_battle_officer(c->battle, corps)->id) != 0)
                return grog_error_set(err, GROG_EINVAL,
                                      _("%s is not a divisional general of %s"), argv[i], name);
            for (int j = 3; j < i; j++)
                if (strcmp(argv[j], argv[i]) == 0)
                    return grog_error_set(err, GROG_EINVAL,
                                          _("GT-14: %s is ranked twice: each divisional general "
                                            "has one rank in the plan"),
                                          grog_battle_officer(c->battle, k)->name);
        }
        for (int i = 3; i < argc; i++) {
            size_t k = 0;
            grog_battle_officer_index(c->battle, argv[i], &k);
            s->o[k].rank = i - 2;
        }
        ctx_event(c, "", "plan-rank", NULL, _("%s ranks his divisional generals for the plan."),
                  name);
        return GROG_OK;
    }
    if (strcmp(argv[2], "change") == 0) {
        s->o[corps].plan_changed = 1;
        ctx_event(c, "", "plan-change", NULL,
                  _("GT-14: %s changes plan: his corps gets no PIPs this turn."), name);
        return GROG_OK;
    }
    int on = strcmp(argv[2], "on") == 0;
    if (!on && strcmp(argv[2], "off") != 0)
        return grog_error_set(err, GROG_EINVAL, _("plan: on, off, change or rank"));
    s->o[corps].plan = on;
    ctx_event(c, "", "plan", NULL,
              on ? _("%s's corps follows a plan: dice go by rank (GT-14).")
                 : _("%s's corps has no plan: each general gets the average die (GT-14)."),
              name);
    return GROG_OK;
}

/* Whether unit u is commanded, at any depth, by a divisional general. */
static int divisional_unit(const grog_battle *b, const gt_state *s, const grog_troop *u)
{
    size_t ui = 0;
    grog_battle_unit_index(b, u->id, &ui);
    for (size_t i = 0; i < s->n; i++) {
        if (!s->o[i].divisional)
            continue;
        size_t n = grog_battle_command_units(b, i, NULL, 0);
        size_t *units = malloc((n + 1) * sizeof *units);
        int found = 0;
        if (units != NULL) {
            n = grog_battle_command_units(b, i, units, n);
            for (size_t k = 0; k < n && !found; k++)
                found = units[k] == ui;
        }
        free(units);
        if (found)
            return 1;
    }
    return 0;
}

/* GT-13: a commander's PIP goes to a unit of his side that no divisional
 * general commands. */
static grog_status gift_unit_check(action_ctx *c, const grog_officer *k, const grog_troop *u,
                                   grog_error *err)
{
    if (strcmp(u->side, k->side) != 0)
        return grog_error_set(err, GROG_ERULE, _("GT-13: %s is an enemy unit"), u->name);
    if (divisional_unit(c->battle, c->fstate, u))
        return grog_error_set(err, GROG_ERULE,
                              _("GT-13: %s belongs to a division; its divisional general spends "
                                "PIPs on it, not %s"),
                              u->name, k->name);
    return GROG_OK;
}

/* A gift is declared before the roll it adds to: too late once a corps with
 * a divisional general under the commander has rolled. */
static int gift_too_late(const grog_battle *b, const gt_state *s, size_t k)
{
    for (size_t i = 0; i < s->n; i++) {
        size_t corps;
        if (!s->o[i].divisional || !grog_battle_is_superior_of(b, k, i) ||
            !grog_battle_officer_index(b, grog_battle_officer(b, i)->superior, &corps))
            continue;
        if (s->o[corps].rolled)
            return 1;
    }
    return 0;
}

static grog_status gift_timing(action_ctx *c, size_t k, grog_error *err)
{
    if (!gift_too_late(c->battle, c->fstate, k))
        return GROG_OK;
    return grog_error_set(err, GROG_ERULE,
                          _("GT-10: the PIP dice under %s have already been rolled this turn; a "
                            "gift is declared before the roll"),
                          grog_battle_officer(c->battle, k)->name);
}

static grog_status act_gift(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 3 && !(argc == 4 && strcmp(argv[2], "unit") == 0))
        return grog_error_set(err, GROG_EINVAL, _("usage: gift COMMANDER GENERAL | gift "
                                                  "COMMANDER unit UNIT"));
    grog_officer *k;
    grog_status st = need_phase(c, "pip", "GT-10", err);
    if (st == GROG_OK)
        st = ctx_officer(c, argv[1], &k, err);
    if (st != GROG_OK)
        return st;
    c->side = k->side;
    if (!is_higher(k->role))
        return grog_error_set(err, GROG_ERULE, _("GT-10: only corps and army commanders give a "
                                                 "PIP; %s is a %s"),
                              k->name, grog_role_name(k->role));
    /* GT-11: attached, he adds no PIP to a general; his PIP for a
     * non-divisional unit follows the setting attached_commander_keeps_unit_pip */
    if (k->attached_to[0] != '\0' && (argc == 3 || !grog_gt_attached_keeps_unit_pip(R(c))))
        return grog_error_set(err, GROG_ERULE, _("GT-11: %s is attached to a unit and adds no "
                                                 "PIP this turn"),
                              k->name);
    gt_state *s = c->fstate;
    size_t ki = officer_index(c->battle, k->id), t;
    if (argc == 4) {
        grog_troop *u;
        if ((st = ctx_unit(c, argv[3], &u, err)) != GROG_OK)
            return st;
        if ((st = gift_unit_check(c, k, u, err)) != GROG_OK ||
            (st = gift_timing(c, ki, err)) != GROG_OK)
            return st;
        grog_battle_unit_index(c->battle, u->id, &t);
        s->o[ki].gift = 2;
        s->o[ki].gift_to = (int)t;
        ctx_event(c, "", "gift", NULL, _("GT-13: %s will spend his PIP on %s."), k->name,
                  u->name);
        return GROG_OK;
    }
    if (!grog_battle_officer_index(c->battle, argv[2], &t) || !s->o[t].divisional ||
        !grog_battle_is_superior_of(c->battle, ki, t))
        return grog_error_set(err, GROG_EINVAL, _("%s is not a divisional general under %s"),
                              argv[2], k->name);
    if ((st = gift_timing(c, ki, err)) != GROG_OK)
        return st;
    double radius = grog_length_to_mm(grog_gt_command_radius_in(R(c)), GROG_UNIT_IN, NULL);
    double d = grog_battle_officer_distance(c->battle, ki, t);
    if (d > radius)
        return grog_error_set(err, GROG_ERULE,
                              _("GT-10: %s is %.1f\" from %s, beyond the %.0f\" radius"), k->name,
                              d / 25.4, grog_battle_officer(c->battle, t)->name,
                              grog_gt_command_radius_in(R(c)));
    s->o[ki].gift = 1;
    s->o[ki].gift_to = (int)t;
    ctx_event(c, "", "gift", NULL, _("GT-10: %s will give his PIP to %s."), k->name,
              grog_battle_officer(c->battle, t)->name);
    return GROG_OK;
}

static void fill_officer(const action_ctx *c, size_t i, grog_gt_officer *g)
{
    const grog_officer *o = grog_battle_officer(c->battle, i);
    size_t u;
    g->id = (int)i;
    g->base = o->base;
    g->attached_to = grog_battle_unit_index(c->battle, o->attached_to, &u) ? (int)u : -1;
    g->out_of_commission = o->state != GROG_OFFICER_ACTIVE;
}

static grog_status act_spend(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 3 && argc != 4)
        return grog_error_set(err, GROG_EINVAL, _("usage: spend GENERAL ACTION [UNIT]"));
    grog_officer *o;
    grog_status st = need_phase(c, "movement", "GT-15", err);
    if (st == GROG_OK)
        st = ctx_officer(c, argv[1], &o, err);
    if (st != GROG_OK)
        return st;
    c->side = o->side;
    if (o->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("GT-08: %s is %s and spends no PIPs"), o->name,
                              grog_explain_word(grog_officer_state_name(o->state)));
    gt_state *s = c->fstate;
    size_t gi = officer_index(c->battle, o->id), ui = 0;
    int unit = -1;
    if (argc == 4) {
        grog_troop *u;
        if ((st = ctx_unit(c, argv[3], &u, err)) != GROG_OK)
            return st;
        if (strcmp(u->side, o->side) != 0)
            return grog_error_set(err, GROG_ERULE, _("GT-15: %s spends PIPs on his own side's "
                                                     "units, not on %s"),
                                  o->name, u->name);
        if ((st = grog_gt_action_fits(R(c), argv[2], u, err)) != GROG_OK)
            return st; /* GT-15: the data's "arms" and "needs" of the action */
        grog_battle_unit_index(c->battle, u->id, &ui);
        unit = (int)ui;
    }
    grog_gt_pool pool = {(int)gi, s->o[gi].pips, s->o[gi].start_attach};
    grog_explain *e = NULL;
    st = grog_gt_spend(R(c), &pool, argv[2], unit, &e, err);
    if (st != GROG_OK) {
        name_pieces(err, c->battle, (int)gi, unit);
        return st;
    }
    st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    if (st != GROG_OK)
        return st;
    if (!c->explain_only) {
        ctx_event(c, "", "spend", json_pack("{s:s,s:s,s:i}", "officer", o->id, "action", argv[2],
                                            "left", pool.pips),
                  ngettext("%s spends PIPs on %s%s%s: %d left.", "%s spends PIPs on %s%s%s: %d left.",
                           pool.pips),
                  o->name, argv[2], unit >= 0 ? _(" for ") : "",
                  unit >= 0 ? grog_battle_unit(c->battle, ui)->name : "", pool.pips);
        s->o[gi].pips = pool.pips;
    }
    return GROG_OK;
}

grog_status family_gt_attach(action_ctx *c, const grog_officer *o, const grog_troop *u,
                             grog_error *err)
{
    size_t gi = officer_index(c->battle, o->id), ui = 0;
    grog_battle_unit_index(c->battle, u->id, &ui);
    grog_gt_officer g;
    fill_officer(c, gi, &g);
    size_t att[2];
    grog_gt_unit gu = {(int)ui, u->base,
                       grog_battle_attached_officers(c->battle, ui, att, 2) > 0 ? (int)att[0] : -1,
                       (u->flags & GROG_UNIT_ROUTED) != 0};
    grog_gt_game_phase ph = strcmp(ctx_phase_id(c), "movement") == 0 ? GROG_GT_PHASE_MOVEMENT
                            : strcmp(ctx_phase_id(c), "pip") == 0   ? GROG_GT_PHASE_PIP
                                                                    : GROG_GT_PHASE_OTHER;
    grog_explain *e = NULL;
    grog_status st = grog_gt_attach(R(c), ph, &g, &gu, &e, err);
    if (st != GROG_OK)
        name_pieces(err, c->battle, (int)gi, (int)ui);
    if (st == GROG_OK)
        st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    return st;
}

grog_status family_gt_target(action_ctx *c, const grog_officer *o, grog_error *err)
{
    size_t gi = officer_index(c->battle, o->id);
    grog_gt_officer g;
    fill_officer(c, gi, &g);
    grog_status st = grog_gt_target_general(&g, err);
    if (st != GROG_OK) {
        size_t ui = 0;
        name_pieces(err, c->battle, (int)gi,
                    grog_battle_unit_index(c->battle, o->attached_to, &ui) ? (int)ui : -1);
    }
    return st;
}

grog_status family_gt_flee(action_ctx *c, grog_troop *u, grog_error *err)
{
    size_t ui = 0, att[4];
    grog_battle_unit_index(c->battle, u->id, &ui);
    size_t n = grog_battle_attached_officers(c->battle, ui, att, 4);
    for (size_t k = 0; k < n; k++) {
        grog_gt_officer g;
        fill_officer(c, att[k], &g);
        grog_gt_unit gu = {(int)ui, u->base, (int)att[k], (u->flags & GROG_UNIT_ROUTED) != 0};
        grog_explain *e = NULL;
        int die; /* event flees UNIT --roll D: GT-08's die rolled at the table */
        const grog_officer *ak = grog_battle_officer(c->battle, att[k]);
        int entered = table_rolls_take(c->rolls, ak->id, ak->side, &die);
        grog_status st = grog_gt_flee(R(c), &g, &gu, c->rng, entered ? &die : NULL, &e, err);
        if (st != GROG_OK)
            return st;
        st = ctx_record(c, e, "", err);
        grog_explain_destroy(e);
        if (st != GROG_OK)
            return st;
        grog_officer *o = grog_battle_officer_mut(c->battle, att[k]);
        if (g.out_of_commission) {
            o->state = GROG_OFFICER_OUT_OF_COMMISSION;
            o->attached_to[0] = '\0';
            ctx_event(c, "", "officer-out", json_pack("{s:s}", "officer", o->id),
                      _("GT-08: %s is out of commission."), o->name);
        } else {
            ctx_event(c, "", "officer-safe", json_pack("{s:s}", "officer", o->id),
                      _("GT-08: %s survives the flight."), o->name);
        }
    }
    return GROG_OK;
}

/* Grande Tactique has no order test in the seed: an order is written down as given. */
static grog_status act_order(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 4)
        return grog_error_set(err, GROG_EINVAL, _("usage: order GENERAL UNIT|OFFICER ORDER"));
    grog_officer *g;
    grog_status st = ctx_officer(c, argv[1], &g, err);
    if (st != GROG_OK)
        return st;
    c->side = g->side;
    if (g->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("%s is %s and gives no orders"), g->name,
                              grog_explain_word(grog_officer_state_name(g->state)));
    grog_order *ord = NULL;
    grog_troop *u = grog_battle_unit_by_id_mut(c->battle, argv[2]);
    grog_officer *o = grog_battle_officer_by_id_mut(c->battle, argv[2]);
    const char *side = u != NULL ? u->side : o != NULL ? o->side : NULL;
    if (side == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no unit or officer \"%s\""), argv[2]);
    if (strcmp(side, g->side) != 0)
        return grog_error_set(err, GROG_EINVAL, _("%s is an enemy"),
                              u != NULL ? u->name : o->name);
    if ((st = order_kinds_check(kinds_of(c->rules), argv[3], err)) != GROG_OK)
        return st;
    ord = u != NULL ? &u->order : &o->order;
    if (c->explain_only)
        return GROG_OK;
    memset(ord, 0, sizeof *ord);
    snprintf(ord->kind, sizeof ord->kind, "%s", argv[3]);
    ord->given_turn = c->turn;
    ctx_event(c, "", "order", json_pack("{s:s,s:s,s:s}", "from", g->id, "to", argv[2], "order",
                                        argv[3]),
              _("%s orders %s: \"%s\" (Grande Tactique gives orders no test; PIPs make units "
                "act)."),
              g->name, u != NULL ? u->name : o->name, argv[3]);
    return GROG_OK;
}

/* GT-04: +1 morale with a general attached. Grande Tactique's morale test
 * itself is not in the seed: the record gives the modifier the general
 * brings, for the table's test. */
static grog_status act_morale(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 2)
        return grog_error_set(err, GROG_EINVAL, _("usage: morale UNIT"));
    grog_troop *u;
    grog_status st = ctx_unit(c, argv[1], &u, err);
    if (st != GROG_OK)
        return st;
    c->side = u->side;
    size_t ui = 0, att[2];
    grog_battle_unit_index(c->battle, u->id, &ui);
    size_t n = grog_battle_attached_officers(c->battle, ui, att, 2);
    grog_gt_unit gu = {(int)ui, u->base, n > 0 ? (int)att[0] : -1,
                       (u->flags & GROG_UNIT_ROUTED) != 0};
    int bonus = grog_gt_morale_bonus(R(c), &gu);
    grog_explain *e = grog_explain_create("gt-morale", _("Grande Tactique: a general's effect on "
                                                        "morale"));
    if (e == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_explain_add_rule(e, "GT-04");
    char label[GROG_NAME_MAX + 64];
    if (n > 0) {
        snprintf(label, sizeof label, _("%s is attached"), grog_battle_officer(c->battle, att[0])->name);
        grog_explain_add_modifier(e, "GT-04", label, bonus);
    } else {
        grog_explain_add_note(e, "GT-04", _("no general attached: no morale modifier"));
    }
    grog_explain_set_value(e, bonus, "morale");
    grog_explain_add_note(e, "GT-04", _("the morale test itself is made at the table (not in "
                                        "Grande Tactique's Generals chapter)"));
    st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    return st;
}

static const action_def actions[] = {
    {"order", N_("order GENERAL UNIT|OFFICER ORDER: write down an order (no test in these "
                 "rules)"),
     act_order},
    {"morale", N_("morale UNIT: the morale modifier the unit's attached general gives (GT-04)"),
     act_morale},
    {"pips", N_("pips CORPS [--dice D1,D2,...]: the corps rolls its PIP dice (GT-14)"), act_pips},
    {"plan", N_("plan CORPS on|off|change, or plan CORPS rank GEN...: the corps' plan (GT-14)"),
     act_plan},
    {"gift", N_("gift COMMANDER GENERAL | gift COMMANDER unit UNIT: his 1 PIP (GT-10, GT-13)"),
     act_gift},
    {"spend", N_("spend GENERAL ACTION [UNIT]: spend PIPs on an action of the cost table "
                 "(GT-15, GT-07)"),
     act_spend},
};

/* ---- what is legal now ---- */

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

/* gift_too_late through the index. */
static int gift_too_late_x(const gt_legal_index *x, const grog_battle *b, const gt_state *s,
                           size_t k)
{
    for (size_t i = 0; i < s->n; i++) {
        size_t corps;
        if (!s->o[i].divisional || !above(x, b, k, i) ||
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
    legal_roll(pips, "1d6 per divisional general", "--dice", _("the corps' PIP dice (GT-14)"));
    legal_act *plan = legal_action(L, "plan", _("the corps' plan, before the roll (GT-14)"));
    legal_param *plc = legal_arg(L, plan, "corps", "general");
    legal_param *plw = legal_arg(L, plan, "plan", "word");
    legal_act *gift = legal_action(L, "gift",
                                _("a commander's PIP to a divisional general within his radius "
                                  "(GT-10)"));
    legal_param *gk = legal_arg(L, gift, "commander", "general");
    legal_param *gg = legal_arg(L, gift, "general", "general");
    legal_act *giftu = legal_action(L, "gift",
                                 _("a commander's PIP spent on a non-divisional unit (GT-13)"));
    legal_param *guk = legal_arg(L, giftu, "commander", "general");
    legal_choice(L, legal_arg(L, giftu, "unit-word", "word"), "unit");
    legal_param *guu = legal_arg(L, giftu, "unit", "unit");
    double radius = grog_length_to_mm(grog_gt_command_radius_in(r->r), GROG_UNIT_IN, NULL);
    /* which units a divisional general commands, once (GT-13) */
    size_t nu = grog_battle_nunits(b);
    unsigned char *nondiv = calloc(nu + 1, 1);
    if (nondiv == NULL)
        return;
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
        if (!is_higher(o->role) || gift_too_late_x(x, b, s, i))
            continue;
        if (o->attached_to[0] == '\0') { /* GT-11 */
            for (size_t t = 0; t < s->n; t++)
                if (s->o[t].divisional && grog_battle_officer(b, t)->state == GROG_OFFICER_ACTIVE &&
                    above(x, b, i, t) &&
                    grog_battle_officer_distance(b, i, t) <= radius)
                    legal_choice_by(L, gg, o->id, grog_battle_officer(b, t)->id);
            if (legal_has_by(L, gg, o->id))
                legal_choice(L, gk, o->id);
        }
        if (o->attached_to[0] != '\0' && !grog_gt_attached_keeps_unit_pip(r->r))
            continue;
        int pass = legal_side_pass(l, guu, o->side, o->id, 1); /* once per side */
        for (size_t u = 0; u < grog_battle_nunits(b) && pass; u++) {
            const grog_troop *t = grog_battle_unit(b, u);
            if (strcmp(t->side, o->side) == 0 && !nondiv[u])
                legal_choice_side(l, guu, o->id, t->id);
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

static void legal_gt(const legal_ctx *l)
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
            if (strcmp(grog_battle_unit(b, u)->side, o->side) == 0)
                legal_choice_side(l, t, o->id, grog_battle_unit(b, u)->id);
        for (size_t j = 0; j < s->n; j++) {
            const grog_officer *p = grog_battle_officer(b, j);
            if (strcmp(p->side, o->side) == 0 && p->state == GROG_OFFICER_ACTIVE)
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

static void unit_card(const legal_ctx *l, const grog_troop *u, json_t *card)
{
    const gt_rules *r = l->rules;
    const grog_battle *b = l->battle;
    size_t ui = 0, att[2];
    grog_battle_unit_index(b, u->id, &ui);
    size_t n = grog_battle_attached_officers(b, ui, att, 2);
    grog_gt_unit gu = {(int)ui, u->base, n > 0 ? (int)att[0] : -1,
                       (u->flags & GROG_UNIT_ROUTED) != 0};
    json_object_set_new(card, "morale_modifier", json_integer(grog_gt_morale_bonus(r->r, &gu)));
    char text[256];
    if (n > 0) {
        const grog_officer *o = grog_battle_officer(b, att[0]);
        snprintf(text, sizeof text, _("%s is attached: +1 morale"), o->name);
        card_note(card, "GT-04", text);
        card_note(card, "GT-05", _("the general is inside the unit: he cannot be charged or "
                                   "fired at; fire at the unit"));
        card_note(card, "GT-07", _("his PIP costs are doubled for every other unit"));
        card_note(card, "GT-08", _("if the unit flees, a die for the general: 1, out of "
                                   "commission"));
        if (u->flags & GROG_UNIT_ROUTED)
            card_note(card, "GT-06", _("routed: the general cannot detach"));
    }
    card_note(card, "GT-15", divisional_unit(b, l->fstate, u)
                                 ? _("its divisional general spends PIPs to make it act")
                                 : _("a non-divisional unit: a corps or army commander may spend "
                                     "his PIP on it (GT-13)"));
}

static void status(const void *rules, const grog_battle *b, const void *state, const char *side,
                   json_t *out)
{
    (void)rules;
    (void)side;
    const gt_state *s = state;
    json_t *pips = json_object();
    json_t *pending = json_array();
    json_t *may = json_object();
    for (size_t i = 0; i < s->n; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        size_t div[GROG_GT_MAX_DIVISIONS];
        char line[256] = "";
        if (s->phase == 0 && !s->o[i].rolled && corps_divisions(b, s, i, div) > 0)
            snprintf(line, sizeof line, _("%s's corps: roll its PIP dice (pip phase)"), o->name);
        else if (s->phase == 1 && s->o[i].divisional && s->o[i].pips > 0)
            snprintf(line, sizeof line,
                     ngettext("%s: spend %d PIP (movement phase)", "%s: spend %d PIPs (movement phase)",
                              s->o[i].pips),
                     o->name,
                     s->o[i].pips);
        if (line[0] != '\0') {
            json_t *list = json_object_get(may, o->side);
            if (list == NULL) {
                list = json_array();
                json_object_set_new(may, o->side, list);
            }
            json_array_append_new(list, json_string(line));
        }
        if (s->o[i].divisional)
            json_object_set_new(pips, o->id, json_integer(s->o[i].pips));
    }
    json_object_set_new(out, "pips", pips);
    json_object_set_new(out, "may", may);
    json_object_set_new(out, "pending", pending);
}


/* ---- the state in a snapshot (snapshot.h) ----
 * {"officers": [{"id", "divisional", "pips", "start_attach", "rolled",
 * "plan", "plan_changed", "rank", "gift", "gift_to"}] in battle order
 * (GT-07 start_attach: a unit id or null; GT-14 plan and rank; GT-10/GT-13
 * gift 0 none, 1 a general, 2 a unit, gift_to its id, null without a gift),
 * "phase"}. */

static json_t *gift_to_json(const grog_battle *b, const gt_off *o)
{
    if (o->gift == 1)
        return json_string(grog_battle_officer(b, (size_t)o->gift_to)->id);
    if (o->gift == 2)
        return json_string(grog_battle_unit(b, (size_t)o->gift_to)->id);
    return json_null();
}

static json_t *state_save(const void *rules, const grog_battle *b, const void *state)
{
    (void)rules;
    const gt_state *s = state;
    json_t *officers = json_array();
    int failed = officers == NULL;
    for (size_t i = 0; !failed && i < s->n; i++) {
        const gt_off *o = &s->o[i];
        json_t *attach = o->start_attach >= 0
                             ? json_string(grog_battle_unit(b, (size_t)o->start_attach)->id)
                             : json_null();
        failed = json_array_append_new(
                     officers,
                     json_pack("{s:s,s:i,s:i,s:o,s:i,s:i,s:i,s:i,s:i,s:o}", "id",
                               grog_battle_officer(b, i)->id, "divisional", o->divisional, "pips",
                               o->pips, "start_attach", attach, "rolled", o->rolled, "plan",
                               o->plan, "plan_changed", o->plan_changed, "rank", o->rank, "gift",
                               o->gift, "gift_to", gift_to_json(b, o))) != 0;
    }
    if (failed) {
        json_decref(officers);
        return NULL;
    }
    return json_pack("{s:o,s:i}", "officers", officers, "phase", (int)s->phase);
}

static grog_status load_off(const grog_battle *b, const json_t *j, const char *where, size_t i,
                            gt_off *o, grog_error *err)
{
    const char *id;
    size_t attach, to = (size_t)-1;
    json_t *obj;
    grog_status st = snapshot_object(j, where, NULL, &obj, err);
    if (st == GROG_OK)
        st = snapshot_string(j, where, "id", GROG_ID_MAX, &id, err);
    if (st == GROG_OK && strcmp(id, grog_battle_officer(b, i)->id) != 0)
        st = snapshot_range_error(where, "id", err);
    if (st == GROG_OK)
        st = snapshot_i(j, where, "divisional", 0, 1, &o->divisional, err);
    if (st == GROG_OK) /* GT-16: never below 0 */
        st = snapshot_i(j, where, "pips", 0, INT_MAX, &o->pips, err);
    if (st == GROG_OK)
        st = snapshot_unit(b, j, where, "start_attach", 1, &attach, err);
    if (st == GROG_OK)
        st = snapshot_i(j, where, "rolled", 0, 1, &o->rolled, err);
    if (st == GROG_OK)
        st = snapshot_i(j, where, "plan", 0, 1, &o->plan, err);
    if (st == GROG_OK)
        st = snapshot_i(j, where, "plan_changed", 0, 1, &o->plan_changed, err);
    if (st == GROG_OK)
        st = snapshot_i(j, where, "rank", 0, INT_MAX, &o->rank, err);
    if (st == GROG_OK)
        st = snapshot_i(j, where, "gift", 0, 2, &o->gift, err);
    if (st == GROG_OK && o->gift == 1)
        st = snapshot_officer(b, j, where, "gift_to", 0, &to, err);
    else if (st == GROG_OK && o->gift == 2)
        st = snapshot_unit(b, j, where, "gift_to", 0, &to, err);
    else if (st == GROG_OK && !json_is_null(json_object_get(j, "gift_to")))
        st = snapshot_range_error(where, "gift_to", err);
    if (st != GROG_OK)
        return st;
    o->start_attach = attach == (size_t)-1 ? -1 : (int)attach;
    o->gift_to = to == (size_t)-1 ? 0 : (int)to;
    return GROG_OK;
}

static grog_status state_load(const void *rules, const grog_battle *b, const json_t *j,
                              void **out, grog_error *err)
{
    (void)rules;
    json_t *officers;
    long long phase;
    size_t n = grog_battle_nofficers(b);
    grog_status st = snapshot_array(j, "family_state", "officers", n, &officers, err);
    if (st == GROG_OK)
        st = snapshot_int(j, "family_state", "phase", 0, 2, &phase, err);
    if (st != GROG_OK)
        return st;
    gt_state *s = calloc(1, sizeof *s);
    if (s == NULL || (s->o = calloc(n + 1, sizeof *s->o)) == NULL) {
        free(s);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    s->n = n;
    s->phase = (size_t)phase;
    char p[64];
    for (size_t i = 0; st == GROG_OK && i < n; i++)
        st = load_off(b, json_array_get(officers, i),
                      snapshot_path(p, sizeof p, "family_state.officers", NULL, i), i, &s->o[i],
                      err);
    if (st != GROG_OK) {
        destroy(s);
        return st;
    }
    *out = s;
    return GROG_OK;
}

const family_ops grog_family_gt_ops = {
    GROG_FAMILY_GT, phases, 3, load_rules, free_rules, create, copy, destroy,
    enter_phase, leave_phase, actions, sizeof actions / sizeof actions[0], status,
    legal_gt, kinds_of, unit_card, state_save, state_load,
};
