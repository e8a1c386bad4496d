/* family_aigles.c — Les Aigles in the game engine (AIG-O-*, AIG-F-*).
 *
 * Turn = one période in two halves: orders-1, movement-1, orders-2,
 * movement-2. Command points are renewed when a période begins (AIG-O-06).
 * Orders are given in an orders phase; at the end of each half-période,
 * formation changes count down by one half-période and ADCs ride half a
 * période (so that the game and `calc` agree on arrivals); at the end of
 * the période the failed-turns bonus of orders still being passed grows
 * (AIG-O-19). A turn spent explaining (AIG-O-18) gives its +1 from the next
 * turn on.
 *
 * State: per officer his points, his fire casualties (AIG-O-25) and the
 * melee he is in since when (AIG-O-14); per order being passed its attempt
 * (AIG-O-18..20), keyed by giver and receiver; the ADCs riding; the
 * formation changes under way. Plain arrays, copied whole for an action. */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "grognard/aigles.h"
#include "grognard/aigles_formation.h"
#include "i18n.h"
#include "order_kinds.h"
#include "snapshot.h"
#include "table_rolls.h"

static const char *const phases[] = {"orders-1", "movement-1", "orders-2", "movement-2"};

typedef struct aigles_rules {
    grog_aigles_rules *officers;
    grog_aigles_formation_rules *formations;
    order_kinds *kinds;
} aigles_rules;

typedef struct attempt {
    size_t giver;
    char receiver[GROG_ID_MAX];
    char kind[GROG_ID_MAX];
    grog_aigles_attempt a;
    int explained_turn; /* the turn last spent explaining */
} attempt;

typedef enum { ADC_OUT = 0, ADC_BACK } adc_leg;

typedef struct rider {
    size_t adc, general;
    char target[GROG_ID_MAX];
    char kind[GROG_ID_MAX];
    adc_leg leg;
    int halves;      /* half-périodes still to ride on this leg */
    int back_halves; /* the ride back, once the order is passed */
} rider;

typedef struct change {
    size_t unit;
    grog_aigles_fm_progress p;
} change;

/* Per officer: the casualties counted toward AIG-O-25 and the melee he is
 * in (AIG-O-14: since when, in half-périodes). */
typedef struct officer_state {
    int fire;
    int melee_unit; /* unit index, -1 none */
    int melee_half; /* the half-période he joined it: turn * 2 + (second half) */
} officer_state;

typedef struct aigles_state {
    size_t nofficers;
    grog_aigles_points *points;
    officer_state *os;
    attempt *attempts;
    size_t nattempts, capattempts;
    rider *riders;
    size_t nriders, capriders;
    change *changes;
    size_t nchanges, capchanges;
    size_t phase; /* the phase now (for the status) */
} aigles_state;

static grog_status load_rules(const char *text, const char *label, void **out, grog_error *err)
{
    aigles_rules *r = calloc(1, sizeof *r);
    if (r == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_status st = text != NULL ? grog_aigles_rules_parse(text, label, &r->officers, err)
                                  : grog_aigles_rules_load(NULL, &r->officers, err);
    if (st == GROG_OK)
        st = text != NULL ? grog_aigles_formation_rules_parse(text, label, &r->formations, err)
                          : grog_aigles_formation_rules_load(NULL, &r->formations, err);
    if (st == GROG_OK)
        st = order_kinds_load("aigles", text, label, &r->kinds, err);
    if (st != GROG_OK) {
        grog_aigles_rules_destroy(r->officers);
        grog_aigles_formation_rules_destroy(r->formations);
        free(r);
        return st;
    }
    *out = r;
    return GROG_OK;
}

static void free_rules(void *p)
{
    aigles_rules *r = p;
    if (r == NULL)
        return;
    grog_aigles_rules_destroy(r->officers);
    grog_aigles_formation_rules_destroy(r->formations);
    order_kinds_free(r->kinds);
    free(r);
}

static const struct order_kinds *kinds_of(const void *rules)
{
    return ((const aigles_rules *)rules)->kinds;
}

static void destroy(void *p)
{
    aigles_state *s = p;
    if (s == NULL)
        return;
    free(s->points);
    free(s->os);
    free(s->attempts);
    free(s->riders);
    free(s->changes);
    free(s);
}

static grog_status create(const void *rules, const grog_battle *b, void **out, grog_error *err)
{
    (void)rules;
    aigles_state *s = calloc(1, sizeof *s);
    if (s == NULL || (s->points = calloc(grog_battle_nofficers(b) + 1, sizeof *s->points)) == NULL ||
        (s->os = calloc(grog_battle_nofficers(b) + 1, sizeof *s->os)) == NULL) {
        destroy(s);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    s->nofficers = grog_battle_nofficers(b);
    for (size_t i = 0; i < s->nofficers; i++)
        s->os[i].melee_unit = -1;
    *out = s;
    return GROG_OK;
}

static void *dup_array(const void *v, size_t n, size_t size)
{
    void *d = malloc(n * size + 1);
    if (d != NULL && n > 0)
        memcpy(d, v, n * size);
    return d;
}

static void *copy(const void *p)
{
    const aigles_state *s = p;
    aigles_state *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    *c = *s;
    c->points = dup_array(s->points, s->nofficers, sizeof *s->points);
    c->os = dup_array(s->os, s->nofficers, sizeof *s->os);
    c->attempts = dup_array(s->attempts, s->nattempts, sizeof *s->attempts);
    c->riders = dup_array(s->riders, s->nriders, sizeof *s->riders);
    c->changes = dup_array(s->changes, s->nchanges, sizeof *s->changes);
    c->capattempts = s->nattempts;
    c->capriders = s->nriders;
    c->capchanges = s->nchanges;
    if (c->points == NULL || c->os == NULL || c->attempts == NULL || c->riders == NULL || c->changes == NULL) {
        destroy(c);
        return NULL;
    }
    return c;
}

/* Appends one zeroed element to a growable array; NULL when out of memory. */
static void *push(void **v, size_t *n, size_t *cap, size_t size)
{
    if (*n == *cap) {
        size_t nc = *cap ? *cap * 2 : 8;
        void *nv = realloc(*v, nc * size);
        if (nv == NULL)
            return NULL;
        *v = nv;
        *cap = nc;
    }
    void *e = (char *)*v + (*n)++ * size;
    memset(e, 0, size);
    return e;
}

static const grog_aigles_rules *orules(const action_ctx *c)
{
    return ((const aigles_rules *)c->rules)->officers;
}

static const grog_aigles_formation_rules *frules(const action_ctx *c)
{
    return ((const aigles_rules *)c->rules)->formations;
}

static const grog_scale *scale(const action_ctx *c)
{
    return &grog_battle_table(c->battle)->scale;
}

static size_t index_of_officer(const action_ctx *c, const char *id)
{
    size_t i = 0;
    grog_battle_officer_index(c->battle, id, &i);
    return i;
}

/* The half-période now: two per turn (orders-1/movement-1, orders-2/movement-2). */
static int half_now(const action_ctx *c)
{
    return c->turn * 2 + (c->phase >= 2);
}

/* ---- the turn ---- */

static grog_status refresh_points(action_ctx *c, grog_error *err)
{
    aigles_state *s = c->fstate;
    for (size_t i = 0; i < s->nofficers; i++) {
        const grog_officer *o = grog_battle_officer(c->battle, i);
        grog_status st = grog_aigles_points_refresh(orules(c), o->ratings.aigles_command,
                                                    &s->points[i], err);
        if (st != GROG_OK)
            return st;
    }
    ctx_event(c, "", "points", NULL, _("AIG-O-06: a new période: every general has as many "
                                       "command points as his command value."));
    return GROG_OK;
}

static grog_status enter_phase(action_ctx *c, grog_error *err)
{
    ((aigles_state *)c->fstate)->phase = c->phase;
    if (c->phase == 0)
        return refresh_points(c, err);
    return GROG_OK;
}

static grog_status tick_changes(action_ctx *c, grog_error *err)
{
    (void)err;
    aigles_state *s = c->fstate;
    size_t keep = 0;
    for (size_t i = 0; i < s->nchanges; i++) {
        change *ch = &s->changes[i];
        grog_troop *u = grog_battle_unit_mut(c->battle, ch->unit);
        int left = grog_aigles_fm_progress_tick(&ch->p, 1);
        if (left == 0) {
            if (ch->p.to == GROG_AIGLES_FM_FORMED) /* reformed: back in its own formation */
                u->flags &= ~(unsigned)(GROG_UNIT_DISORDERED | GROG_UNIT_UNFORMED);
            else
                snprintf(u->formation, sizeof u->formation, "%s",
                         grog_aigles_formation_name(ch->p.to));
            ctx_event(c, "", "formation-done",
                      json_pack("{s:s,s:s}", "unit", u->id, "formation", u->formation),
                      _("%s is now in %s."), u->name,
                      ch->p.to == GROG_AIGLES_FM_FORMED ? _("good order again")
                                                        : grog_explain_word(u->formation));
        } else {
            ctx_event(c, "", "formation-progress",
                      json_pack("{s:s,s:i}", "unit", u->id, "remaining", left),
                      ngettext("%s: %d half-période still to form %s.",
                               "%s: %d half-périodes still to form %s.", left),
                      u->name, left,
                      grog_explain_word(grog_aigles_formation_name(ch->p.to)));
            s->changes[keep++] = *ch;
        }
    }
    s->nchanges = keep;
    return GROG_OK;
}

static grog_status pass_by_adc(action_ctx *c, rider *r, grog_error *err);

static grog_status ride(action_ctx *c, grog_error *err)
{
    aigles_state *s = c->fstate;
    size_t keep = 0;
    for (size_t i = 0; i < s->nriders; i++) {
        rider r = s->riders[i];
        const grog_officer *adc = grog_battle_officer(c->battle, r.adc);
        if (r.halves > 0)
            r.halves--;
        if (r.halves > 0) {
            ctx_event(c, "", "adc-riding",
                      json_pack("{s:s,s:i}", "adc", adc->id, "half_periods", r.halves),
                      r.leg == ADC_OUT ? ngettext("%s rides on: %d half-période to go.",
                                                  "%s rides on: %d half-périodes to go.",
                                                  (unsigned long)r.halves)
                                       : ngettext("%s rides back: %d half-période to go.",
                                                  "%s rides back: %d half-périodes to go.",
                                                  (unsigned long)r.halves),
                      adc->name, r.halves);
            s->riders[keep++] = r;
            continue;
        }
        if (r.leg == ADC_BACK) {
            ctx_event(c, "", "adc-back", json_pack("{s:s}", "adc", adc->id),
                      _("AIG-O-11: %s is back with his general."), adc->name);
            continue;
        }
        grog_status st = pass_by_adc(c, &r, err);
        if (st != GROG_OK)
            return st;
        r.leg = ADC_BACK;
        r.halves = r.back_halves;
        if (r.halves > 0)
            s->riders[keep++] = r;
    }
    s->nriders = keep;
    return GROG_OK;
}

/* ADCs ride all the time: each half-période counts, so an ADC sent in
 * orders-2 on a one-période ride arrives after movement-1 of the next turn,
 * as `calc` and `explain` count it (one période = two half-périodes). */
static grog_status leave_phase(action_ctx *c, grog_error *err)
{
    grog_status st = GROG_OK;
    if (c->phase == 1 || c->phase == 3)
        st = tick_changes(c, err);
    if (st == GROG_OK && (c->phase == 1 || c->phase == 3))
        st = ride(c, err);
    if (st == GROG_OK && c->phase == 3) {
        aigles_state *s = c->fstate;
        for (size_t i = 0; i < s->nattempts; i++)
            grog_aigles_attempt_end_turn(&s->attempts[i].a);
    }
    return st;
}

/* ---- orders ---- */

static attempt *find_attempt(aigles_state *s, size_t giver, const char *receiver, int make)
{
    for (size_t i = 0; i < s->nattempts; i++)
        if (s->attempts[i].giver == giver && strcmp(s->attempts[i].receiver, receiver) == 0)
            return &s->attempts[i];
    if (!make)
        return NULL;
    attempt *a = push((void **)&s->attempts, &s->nattempts, &s->capattempts, sizeof *a);
    if (a == NULL)
        return NULL;
    a->giver = giver;
    snprintf(a->receiver, sizeof a->receiver, "%s", receiver);
    a->explained_turn = -1;
    return a;
}

static void drop_attempt(aigles_state *s, attempt *a)
{
    size_t i = (size_t)(a - s->attempts);
    memmove(a, a + 1, (s->nattempts - i - 1) * sizeof *a);
    s->nattempts--;
}

static int in_orders_phase(const action_ctx *c)
{
    return c->phase == 0 || c->phase == 2;
}

/* Sets up the order of a general to a unit or officer. */
static grog_status prepare_order(action_ctx *c, const grog_officer *g, const char *target,
                                 grog_aigles_order *o, grog_aigles_situation *sit,
                                 grog_error *err)
{
    *o = grog_aigles_order_default();
    o->command = g->ratings.aigles_command;
    o->giver = g->name;
    memset(sit, 0, sizeof *sit);
    sit->figure_mm = scale(c)->figure_mm;
    sit->mm_per_pas = scale(c)->mm_per_pas;
    sit->giver = g->base;
    const grog_troop *u = grog_battle_unit_by_id(c->battle, target);
    if (u != NULL) {
        if (strcmp(u->side, g->side) != 0)
            return grog_error_set(err, GROG_EINVAL, _("%s is an enemy unit"), u->name);
        o->receiver = GROG_AIGLES_TO_UNIT;
        o->status = (int)u->status;
        o->receiver_name = u->name;
        sit->receiver = u->base;
        sit->receiver_in_melee = (u->flags & GROG_UNIT_IN_MELEE) != 0;
        /* AIG-O-14: full turns since the general joined this melee */
        const officer_state *os = &((const aigles_state *)c->fstate)->os[index_of_officer(c, g->id)];
        size_t ui = 0;
        grog_battle_unit_index(c->battle, u->id, &ui);
        if (sit->receiver_in_melee && os->melee_unit == (int)ui &&
            grog_base_distance(&g->base, &u->base) <= 1.0)
            sit->giver_melee_turns = (half_now(c) - os->melee_half) / 2;
        return GROG_OK;
    }
    const grog_officer *r = grog_battle_officer_by_id(c->battle, target);
    if (r == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no unit or officer \"%s\""), target);
    if (strcmp(r->side, g->side) != 0)
        return grog_error_set(err, GROG_EINVAL, _("%s is an enemy officer"), r->name);
    if (r->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("AIG-O-21: %s is %s and takes no orders"),
                              r->name, grog_explain_word(grog_officer_state_name(r->state)));
    o->receiver = GROG_AIGLES_TO_OFFICER;
    o->receiver_command = r->ratings.aigles_command;
    o->receiver_name = r->name;
    sit->receiver = r->base;
    return GROG_OK;
}

static void apply_order(action_ctx *c, const char *target, const char *kind)
{
    grog_order *ord = NULL;
    grog_troop *u = grog_battle_unit_by_id_mut(c->battle, target);
    grog_officer *r = grog_battle_officer_by_id_mut(c->battle, target);
    if (u != NULL)
        ord = &u->order;
    else if (r != NULL)
        ord = &r->order;
    if (ord == NULL)
        return;
    memset(ord, 0, sizeof *ord);
    snprintf(ord->kind, sizeof ord->kind, "%s", kind);
    ord->given_turn = c->turn;
}

static grog_status act_order(action_ctx *c, int argc, char **argv, grog_error *err)
{
    const char *roll = ctx_take_option(&argc, argv, "--roll");
    if (argc != 4)
        return grog_error_set(err, GROG_EINVAL, _("usage: order GENERAL TARGET ORDER [--roll D]"));
    grog_officer *g;
    grog_status st = ctx_officer(c, argv[1], &g, err);
    if (st != GROG_OK)
        return st;
    c->side = g->side;
    if (!grog_role_is_general(g->role))
        return grog_error_set(err, GROG_ERULE, _("AIG-O-12: %s is an aide-de-camp: he carries "
                                                 "orders (adc), he does not give them"),
                              g->name);
    if (g->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("%s is %s and gives no orders"), g->name,
                              grog_explain_word(grog_officer_state_name(g->state)));
    if (!in_orders_phase(c))
        return grog_error_set(err, GROG_ERULE, _("AIG-O-06: orders are given in an orders "
                                                 "phase (now: %s)"),
                              grog_explain_word(ctx_phase_id(c)));
    if ((st = order_kinds_check(kinds_of(c->rules), argv[3], err)) != GROG_OK)
        return st;
    grog_aigles_order o;
    grog_aigles_situation sit;
    if ((st = prepare_order(c, g, argv[2], &o, &sit, err)) != GROG_OK)
        return st;
    aigles_state *s = c->fstate;
    size_t gi = index_of_officer(c, g->id);
    attempt *a = find_attempt(s, gi, argv[2], 0);
    if (a != NULL && strcmp(a->kind, argv[3]) == 0) {
        /* AIG-O-18: the turn spent explaining delays the order to the next turn */
        if (a->explained_turn == c->turn)
            return grog_error_set(err, GROG_ERULE,
                                  _("AIG-O-18: %s spends this turn explaining \"%s\" to %s; he "
                                    "passes it next turn, with +%d command"),
                                  g->name, argv[3], o.receiver_name, a->a.explain_turns);
        grog_aigles_attempt_apply(&a->a, &o);
    }
    grog_aigles_dice dice = {GROG_AIGLES_NO_ROLL, NULL, 0};
    if (!c->explain_only) {
        dice.mode = roll != NULL ? GROG_AIGLES_ENTERED : GROG_AIGLES_RNG;
        dice.rng = c->rng;
        if (roll != NULL) {
            long v;
            if ((st = ctx_int("--roll", roll, 1, 6, &v, err)) != GROG_OK)
                return st;
            dice.entered = (int)v;
        }
    }
    grog_aigles_points pts = s->points[gi];
    grog_explain *e = NULL;
    int obeys = 0;
    if (c->explain_only) {
        e = grog_explain_create("aigles-order", _("Les Aigles: order"));
        if (e == NULL)
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        /* explain shows a refused order too: the record names the failing check */
        st = grog_aigles_order_check(orules(c), &o, &sit, &pts, e, NULL, err);
        grog_explain *t = NULL;
        if (st == GROG_OK && grog_aigles_order_test(orules(c), &o, NULL, &t, NULL, err) == GROG_OK) {
            grog_explain_destroy(e);
            e = t;
        }
        st = ctx_record(c, e, "", err);
        grog_explain_destroy(e);
        return st;
    }
    st = grog_aigles_order_give(orules(c), &o, &sit, &pts, &dice, &e, &obeys, err);
    if (st != GROG_OK) {
        grog_explain_destroy(e);
        return st;
    }
    st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    if (st != GROG_OK)
        return st;
    s->points[gi] = pts;
    if (a == NULL || strcmp(a->kind, argv[3]) != 0) {
        if (a != NULL)
            grog_aigles_attempt_abandon(&a->a);
        if ((a = find_attempt(s, gi, argv[2], 1)) == NULL)
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        snprintf(a->kind, sizeof a->kind, "%s", argv[3]);
        grog_aigles_attempt_start(&a->a);
    }
    grog_aigles_attempt_result(&a->a, obeys);
    const char *rname = o.receiver_name;
    if (obeys) {
        apply_order(c, argv[2], argv[3]);
        drop_attempt(s, a);
        ctx_event(c, "", "order-obeyed", json_pack("{s:s,s:s,s:s}", "from", g->id, "to", argv[2],
                                                   "order", argv[3]),
                  ngettext("%s's order \"%s\" to %s is obeyed (%d command point left).",
                           "%s's order \"%s\" to %s is obeyed (%d command points left).", pts.left),
                  g->name,
                  argv[3], rname, pts.left);
    } else {
        ctx_event(c, "", "order-failed", json_pack("{s:s,s:s,s:s}", "from", g->id, "to", argv[2],
                                                   "order", argv[3]),
                  ngettext("%s's order \"%s\" to %s is not obeyed (%d command point left; AIG-O-13: "
                           "he may try again).",
                           "%s's order \"%s\" to %s is not obeyed (%d command points left; AIG-O-13: "
                           "he may try again).", pts.left),
                  g->name, argv[3], rname, pts.left);
    }
    return GROG_OK;
}

static grog_status act_explaining(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 4)
        return grog_error_set(err, GROG_EINVAL, _("usage: explaining GENERAL TARGET ORDER"));
    grog_officer *g;
    grog_status st = ctx_officer(c, argv[1], &g, err);
    if (st == GROG_OK)
        st = order_kinds_check(kinds_of(c->rules), argv[3], err);
    if (st != GROG_OK)
        return st;
    c->side = g->side;
    if (!grog_role_is_general(g->role) || g->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("AIG-O-18: only an active general explains an "
                                                 "order; %s is %s"),
                              g->name, g->state != GROG_OFFICER_ACTIVE
                                           ? grog_explain_word(grog_officer_state_name(g->state))
                                           : grog_explain_word(grog_role_name(g->role)));
    if (!in_orders_phase(c))
        return grog_error_set(err, GROG_ERULE, _("AIG-O-18: an order is explained in an orders "
                                                 "phase (now: %s)"),
                              grog_explain_word(ctx_phase_id(c)));
    aigles_state *s = c->fstate;
    attempt *a = find_attempt(s, index_of_officer(c, g->id), argv[2], 0);
    if (a != NULL && strcmp(a->kind, argv[3]) != 0) {
        grog_aigles_attempt_abandon(&a->a);
        drop_attempt(s, a);
        a = NULL;
    }
    if (a == NULL) {
        if ((a = find_attempt(s, index_of_officer(c, g->id), argv[2], 1)) == NULL)
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        snprintf(a->kind, sizeof a->kind, "%s", argv[3]);
        grog_aigles_attempt_start(&a->a);
    }
    if (a->explained_turn == c->turn)
        return grog_error_set(err, GROG_ERULE, _("AIG-O-18: %s already spends this turn "
                                                 "explaining"),
                              g->name);
    a->explained_turn = c->turn;
    grog_aigles_attempt_explain(&a->a);
    ctx_event(c, "", "explaining", json_pack("{s:s,s:s}", "from", g->id, "to", argv[2]),
              _("AIG-O-18: %s spends the turn explaining \"%s\" (+%d command for this order, "
                "from the next turn)."),
              g->name, argv[3], a->a.explain_turns);
    return GROG_OK;
}

/* ---- aides-de-camp ---- */

static grog_status pass_by_adc(action_ctx *c, rider *r, grog_error *err)
{
    const grog_officer *adc = grog_battle_officer(c->battle, r->adc);
    const grog_officer *gen = grog_battle_officer(c->battle, r->general);
    const grog_officer *sub = grog_battle_officer_by_id(c->battle, r->target);
    if (sub == NULL || sub->state != GROG_OFFICER_ACTIVE) {
        ctx_event(c, "", "adc-no-one", json_pack("{s:s}", "adc", adc->id),
                  _("%s finds no one to give the order to."), adc->name);
        return GROG_OK;
    }
    grog_aigles_order o = grog_aigles_order_default();
    o.command = gen->ratings.aigles_command; /* AIG-O-12 */
    o.receiver = GROG_AIGLES_TO_OFFICER;
    o.receiver_command = sub->ratings.aigles_command;
    o.via_adc = 1;
    o.giver = gen->name;
    o.receiver_name = sub->name;
    int attempts = adc->ratings.aigles_command;
    for (int k = 0; k < attempts; k++) {
        grog_aigles_dice dice = {GROG_AIGLES_RNG, c->rng, 0};
        int v;
        if (table_rolls_take(c->rolls, adc->id, adc->side, &v)) { /* next --roll ADC=D,... */
            dice.mode = GROG_AIGLES_ENTERED;
            dice.entered = v;
        }
        grog_explain *e = NULL;
        int obeys = 0;
        grog_status st = grog_aigles_order_test(orules(c), &o, &dice, &e, &obeys, err);
        if (st == GROG_OK)
            st = ctx_record(c, e, "", err);
        grog_explain_destroy(e);
        if (st != GROG_OK)
            return st;
        if (obeys) {
            apply_order(c, r->target, r->kind);
            ctx_event(c, "", "order-obeyed",
                      json_pack("{s:s,s:s,s:s,s:s}", "from", gen->id, "via", adc->id, "to",
                                sub->id, "order", r->kind),
                      _("AIG-O-12: %s delivers %s's order \"%s\"; %s obeys (attempt %d of %d)."),
                      adc->name, gen->name, r->kind, sub->name, k + 1, attempts);
            return GROG_OK;
        }
    }
    ctx_event(c, "", "order-failed",
              json_pack("{s:s,s:s,s:s,s:s}", "from", gen->id, "via", adc->id, "to", sub->id,
                        "order", r->kind),
              ngettext("AIG-O-12: %s fails to pass %s's order \"%s\" to %s in %d attempt.",
                       "AIG-O-12: %s fails to pass %s's order \"%s\" to %s in %d attempts.", attempts),
              adc->name, gen->name, r->kind, sub->name, attempts);
    return GROG_OK;
}

static grog_status act_adc(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 4)
        return grog_error_set(err, GROG_EINVAL, _("usage: adc ADC SUBORDINATE ORDER"));
    grog_officer *adc, *sub;
    grog_status st;
    if ((st = ctx_officer(c, argv[1], &adc, err)) != GROG_OK ||
        (st = ctx_officer(c, argv[2], &sub, err)) != GROG_OK ||
        (st = order_kinds_check(kinds_of(c->rules), argv[3], err)) != GROG_OK)
        return st;
    c->side = adc->side;
    if (adc->role != GROG_ROLE_ADC)
        return grog_error_set(err, GROG_ERULE, _("AIG-O-02: %s is not an aide-de-camp"),
                              adc->name);
    if (adc->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("%s is %s and carries no orders"), adc->name,
                              grog_explain_word(grog_officer_state_name(adc->state)));
    if (sub->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("AIG-O-21: %s is %s and takes no orders"),
                              sub->name, grog_explain_word(grog_officer_state_name(sub->state)));
    if (!in_orders_phase(c))
        return grog_error_set(err, GROG_ERULE, _("AIG-O-11: ADCs are sent in an orders phase"));
    const grog_officer *gen = grog_battle_officer_by_id(c->battle, adc->superior);
    if (gen == NULL || gen->state != GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("AIG-O-02: %s has no active general"), adc->name);
    if (strcmp(sub->side, adc->side) != 0 || !grog_role_is_general(sub->role))
        return grog_error_set(err, GROG_EINVAL, _("%s is not a general of his side"), sub->name);
    aigles_state *s = c->fstate;
    size_t ai = index_of_officer(c, adc->id);
    for (size_t i = 0; i < s->nriders; i++)
        if (s->riders[i].adc == ai)
            return grog_error_set(err, GROG_ERULE, _("AIG-O-11: %s is already riding"), adc->name);
    grog_aigles_adc_input in = {gen->ratings.aigles_command, adc->ratings.aigles_command,
                                gen->base, adc->base, sub->base,
                                adc->adc_speed > 0 ? grog_length_from_mm(adc->adc_speed,
                                                                         GROG_UNIT_PAS, scale(c))
                                                   : 0,
                                scale(c)->figure_mm, scale(c)->mm_per_pas};
    grog_aigles_adc_route route;
    grog_explain *e = grog_explain_create("aigles-adc", _("Les Aigles: an aide-de-camp rides"));
    if (e == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    st = grog_aigles_adc_plan(orules(c), &in, &route, e, err);
    /* sending him costs the general command points (the rules' dispatch cost) */
    size_t gi = index_of_officer(c, gen->id);
    grog_aigles_points pts = s->points[gi];
    for (int k = 0; st == GROG_OK && k < route.dispatch_cost; k++)
        st = grog_aigles_points_spend(&pts, err);
    if (st == GROG_OK)
        st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    if (st != GROG_OK || c->explain_only)
        return st;
    s->points[gi] = pts;
    rider *r = push((void **)&s->riders, &s->nriders, &s->capriders, sizeof *r);
    if (r == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    r->adc = ai;
    r->general = gi;
    snprintf(r->target, sizeof r->target, "%s", sub->id);
    snprintf(r->kind, sizeof r->kind, "%s", argv[3]);
    r->leg = ADC_OUT;
    r->halves = 2 * route.turns_out;
    r->back_halves = 2 * route.turns_back;
    ctx_event(c, "", "adc-sent", json_pack("{s:s,s:s,s:i}", "adc", adc->id, "to", sub->id,
                                           "turns", route.turns_out),
              ngettext("AIG-O-11: %s rides with %s's order \"%s\" for %s: %.0f pas, %d période.",
                       "AIG-O-11: %s rides with %s's order \"%s\" for %s: %.0f pas, %d périodes.",
                       route.turns_out),
              adc->name, gen->name, argv[3], sub->name, route.out_pas, route.turns_out);
    if (route.turns_out == 0) {
        st = pass_by_adc(c, r, err);
        r->leg = ADC_BACK;
        r->halves = 2 * route.turns_back;
        if (r->halves == 0)
            s->nriders--;
    }
    return st;
}

/* ---- formations ---- */

static grog_status act_formation(action_ctx *c, int argc, char **argv, grog_error *err)
{
    const char *move = ctx_take_option(&argc, argv, "--move");
    const char *depth = ctx_take_option(&argc, argv, "--file-depth");
    if (argc != 3)
        return grog_error_set(err, GROG_EINVAL,
                              _("usage: formation UNIT TO|half-turn|quarter-turn [--move N] "
                                "[--file-depth SECTIONS]"));
    grog_troop *u;
    grog_status st = ctx_unit(c, argv[1], &u, err);
    if (st != GROG_OK)
        return st;
    c->side = u->side;
    aigles_state *s = c->fstate;
    size_t ui = 0;
    grog_battle_unit_index(c->battle, u->id, &ui);
    for (size_t i = 0; i < s->nchanges; i++)
        if (s->changes[i].unit == ui)
            return grog_error_set(err, GROG_ERULE, _("AIG-F-25: %s is already changing "
                                                     "formation"),
                                  u->name);
    grog_aigles_fm_unit fu =
        grog_aigles_fm_unit_of_troop(u, grog_battle_side_by_id(c->battle, u->side));
    grog_aigles_fm_change ch = grog_aigles_fm_change_default();
    /* a disordered or unformed unit changes from that state (AIG-F-26's last rows) */
    if ((st = grog_aigles_formation_of_troop(u, &ch.from, err)) != GROG_OK)
        return st;
    if (move != NULL) {
        long v;
        if ((st = ctx_int("--move", move, 0, 100, &v, err)) != GROG_OK)
            return st;
        ch.move_half_periods = (int)v;
    }
    if (depth != NULL) { /* artillery that moved in single file (AIG-F-30) */
        long v;
        if ((st = ctx_int("--file-depth", depth, 1, 1000, &v, err)) != GROG_OK)
            return st;
        fu.file_depth = (int)v;
    }
    if (strcmp(argv[2], "half-turn") == 0 || strcmp(argv[2], "quarter-turn") == 0) {
        ch.action = argv[2][0] == 'h' ? GROG_AIGLES_ACT_HALF_TURN : GROG_AIGLES_ACT_QUARTER_TURN;
        ch.to = ch.action == GROG_AIGLES_ACT_QUARTER_TURN
                    ? (ch.from == GROG_AIGLES_FM_LINE ? GROG_AIGLES_FM_MARCH_COLUMN
                                                      : GROG_AIGLES_FM_LINE)
                    : ch.from;
    } else if ((st = grog_aigles_formation_parse(argv[2], &ch.to, err)) != GROG_OK)
        return st;
    int hp = 0;
    grog_explain *e = NULL;
    st = grog_aigles_formation_change(frules(c), &fu, &ch, &hp, &e, err);
    if (st == GROG_OK)
        st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    if (st != GROG_OK || c->explain_only)
        return st;
    if (ch.action == GROG_AIGLES_ACT_HALF_TURN)
        u->base.facing = grog_facing_normalise(u->base.facing + 180);
    change *nc = push((void **)&s->changes, &s->nchanges, &s->capchanges, sizeof *nc);
    if (nc == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    nc->unit = ui;
    if ((st = grog_aigles_fm_progress_start(&nc->p, ch.from, ch.to, hp, err)) != GROG_OK)
        return st;
    ctx_event(c, "", "formation-start",
              json_pack("{s:s,s:s,s:s,s:i}", "unit", u->id, "from",
                        grog_aigles_formation_name(ch.from), "to",
                        grog_aigles_formation_name(ch.to), "half_periods", hp),
              ngettext("%s begins to form %s from %s: %d half-période.",
                       "%s begins to form %s from %s: %d half-périodes.", hp),
              u->name,
              grog_explain_word(grog_aigles_formation_name(ch.to)),
              grog_explain_word(grog_aigles_formation_name(ch.from)), hp);
    return GROG_OK;
}

/* ---- morale and the officer events ---- */

static grog_status act_morale(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 2)
        return grog_error_set(err, GROG_EINVAL, _("usage: morale UNIT"));
    grog_troop *u;
    grog_status st = ctx_unit(c, argv[1], &u, err);
    if (st != GROG_OK)
        return st;
    c->side = u->side;
    grog_aigles_morale res;
    grog_explain *e = NULL;
    st = grog_aigles_battle_morale(orules(c), c->battle, u->id, &res, &e, err);
    if (st == GROG_OK)
        st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    return st;
}

/* AIG-O-25: fire at an officer, n casualties in this fire. Only an
 * isolated officer (from the positions) may be fired at; the casualties
 * count one fire at a time unless fire.casualties_accumulate. */
grog_status family_aigles_fired_at(action_ctx *c, grog_officer *o, int n, grog_error *err)
{
    const char *near = NULL;
    double near_pas = -1;
    if (!grog_aigles_battle_officer_isolated(orules(c), c->battle, o->id, &near, &near_pas)) {
        if (o->attached_to[0] != '\0')
            return grog_error_set(err, GROG_ERULE,
                                  _("AIG-O-25: %s is with %s, not isolated: he may not be fired "
                                    "at"),
                                  o->name, ctx_unit_name(c, o->attached_to));
        return grog_error_set(err, GROG_ERULE,
                              _("AIG-O-25: %s is not isolated (%s stands %.0f pas from him, "
                                "within %.0f): he may not be fired at"),
                              o->name, ctx_unit_name(c, near), near_pas,
                              grog_aigles_isolated_beyond_pas(orules(c)));
    }
    grog_aigles_officer ao = {0, 0, o->role == GROG_ROLE_ADC, -1, o->ratings.aigles_charisma,
                              o->ratings.aigles_command, GROG_AIGLES_ACTIVE, -1,
                              (o->markers & GROG_MARKER_AVANCE) != 0, 0, -1};
    aigles_state *s = c->fstate;
    size_t oi = index_of_officer(c, o->id);
    ao.casualties = s->os[oi].fire;
    int dead = 0;
    grog_explain *e = grog_explain_create("aigles-fire", _("Les Aigles: fire at an officer"));
    if (e == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_explain_add_rule(e, "AIG-O-25");
    grog_status st = grog_aigles_officer_fired_at(orules(c), &ao, 1, n, &dead, e, err);
    if (st == GROG_OK)
        st = ctx_record(c, e, "", err);
    grog_explain_destroy(e);
    if (st != GROG_OK)
        return st;
    o->casualties += n;
    s->os[oi].fire = ao.casualties;
    ctx_event(c, "", "officer-casualties",
              json_pack("{s:s,s:i,s:i}", "officer", o->id, "casualties", n, "total",
                        o->casualties),
              _("%s takes %d casualties (%d in all)."), o->name, n, o->casualties);
    if (dead) {
        o->state = GROG_OFFICER_KILLED;
        o->attached_to[0] = '\0';
        ctx_event(c, "", "officer-killed", json_pack("{s:s}", "officer", o->id),
                  _("AIG-O-25: %s falls under fire (%d casualties)."), o->name, n);
    }
    return GROG_OK;
}

/* AIG-O-14: which melee each general is in, and since when. A general joins
 * a unit's melee when he stands in contact with the unit while it is in
 * melee (at the melee's start, or when he or it moves there); he leaves it
 * when out of contact or when the melee ends. */
static void update_melee_joins(action_ctx *c)
{
    aigles_state *s = c->fstate;
    for (size_t i = 0; i < s->nofficers; i++) {
        const grog_officer *o = grog_battle_officer(c->battle, i);
        officer_state *os = &s->os[i];
        if (os->melee_unit >= 0) {
            const grog_troop *u = grog_battle_unit(c->battle, (size_t)os->melee_unit);
            if (o->state == GROG_OFFICER_ACTIVE && (u->flags & GROG_UNIT_IN_MELEE) &&
                grog_base_distance(&o->base, &u->base) <= 1.0)
                continue;
            os->melee_unit = -1;
        }
        if (o->state != GROG_OFFICER_ACTIVE || !grog_role_is_general(o->role))
            continue;
        for (size_t k = 0; k < grog_battle_nunits(c->battle); k++) {
            const grog_troop *u = grog_battle_unit(c->battle, k);
            if ((u->flags & GROG_UNIT_IN_MELEE) && strcmp(u->side, o->side) == 0 &&
                grog_base_distance(&o->base, &u->base) <= 1.0) {
                os->melee_unit = (int)k;
                os->melee_half = half_now(c);
                break;
            }
        }
    }
}

grog_status family_aigles_event(action_ctx *c, const char *type, grog_troop *u, grog_officer *o,
                                grog_error *err)
{
    (void)o;
    (void)err;
    if (strcmp(type, "moved") == 0 || strcmp(type, "attached") == 0 ||
        strncmp(type, "melee-", 6) == 0)
        update_melee_joins(c);
    if (strcmp(type, "melee-lost") == 0 && u != NULL) {
        /* AIG-O-24: the enemy won the melee against u: the officers u holds are freed. */
        for (size_t i = 0; i < grog_battle_nofficers(c->battle); i++) {
            grog_officer *p = grog_battle_officer_mut(c->battle, i);
            if (p->state == GROG_OFFICER_PRISONER && strcmp(p->held_by, u->id) == 0) {
                p->state = GROG_OFFICER_ACTIVE;
                p->held_by[0] = '\0';
                ctx_event(c, "", "officer-freed", json_pack("{s:s}", "officer", p->id),
                          _("AIG-O-24: %s is freed: his side won the melee against %s."),
                          p->name, u->name);
            }
        }
    }
    return GROG_OK;
}

static grog_status act_replace(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc != 3)
        return grog_error_set(err, GROG_EINVAL, _("usage: replace LOST-GENERAL ADC"));
    grog_officer *lost, *adc;
    grog_status st;
    if ((st = ctx_officer(c, argv[1], &lost, err)) != GROG_OK ||
        (st = ctx_officer(c, argv[2], &adc, err)) != GROG_OK)
        return st;
    c->side = lost->side;
    if (lost->state == GROG_OFFICER_ACTIVE)
        return grog_error_set(err, GROG_ERULE, _("AIG-O-27: %s is not lost"), lost->name);
    if (adc->role != GROG_ROLE_ADC || lost->superior[0] == '\0' ||
        strcmp(adc->superior, lost->superior) != 0)
        return grog_error_set(err, GROG_ERULE,
                              _("AIG-O-27: only an aide-de-camp of %s's superior may replace him"),
                              lost->name);
    char lost_id[GROG_ID_MAX], adc_id[GROG_ID_MAX];
    snprintf(lost_id, sizeof lost_id, "%s", lost->id);
    snprintf(adc_id, sizeof adc_id, "%s", adc->id);
    adc->role = lost->role;
    snprintf(adc->command, sizeof adc->command, "%s", lost->command);
    /* his subordinates, ADCs and units pass to the replacement */
    for (size_t i = 0; i < grog_battle_nofficers(c->battle); i++) {
        grog_officer *o = grog_battle_officer_mut(c->battle, i);
        if (strcmp(o->superior, lost_id) == 0)
            snprintf(o->superior, sizeof o->superior, "%s", adc_id);
    }
    for (size_t i = 0; i < grog_battle_nunits(c->battle); i++) {
        grog_troop *u = grog_battle_unit_mut(c->battle, i);
        if (strcmp(u->parent, lost_id) == 0)
            snprintf(u->parent, sizeof u->parent, "%s", adc_id);
    }
    aigles_state *s = c->fstate;
    size_t ai = index_of_officer(c, adc_id);
    grog_status ps = grog_aigles_points_refresh(orules(c), adc->ratings.aigles_command,
                                                &s->points[ai], err);
    if (ps != GROG_OK)
        return ps;
    ctx_event(c, "", "officer-replaced", json_pack("{s:s,s:s}", "lost", lost_id, "by", adc_id),
              _("AIG-O-27: %s takes the command of %s."), ctx_officer_name(c, adc_id),
              ctx_officer_name(c, lost_id));
    return GROG_OK;
}

static const action_def actions[] = {
    {"order", N_("order GENERAL UNIT|OFFICER ORDER [--roll D]: give or change an order "
                 "(zone, points, melee, reaction test: AIG-O-06..17)"),
     act_order},
    {"explaining", N_("explaining GENERAL TARGET ORDER: spend this turn explaining the order "
                      "(+1 command for it, AIG-O-18)"),
     act_explaining},
    {"adc", N_("adc ADC GENERAL ORDER: send an aide-de-camp with an order (AIG-O-11, -12)"),
     act_adc},
    {"formation", N_("formation UNIT TO|half-turn|quarter-turn [--move N] [--file-depth S]: "
                     "start a formation change (AIG-F-25..31)"),
     act_formation},
    {"morale", N_("morale UNIT: the charisma modifier the unit gets, and from whom "
                  "(AIG-O-03..05)"),
     act_morale},
    {"replace", N_("replace LOST-GENERAL ADC: an ADC of his superior takes his command "
                   "(AIG-O-27)"),
     act_replace},
};

/* ---- what is legal now ---- */

static int riding(const aigles_state *s, size_t adc)
{
    for (size_t i = 0; i < s->nriders; i++)
        if (s->riders[i].adc == adc)
            return 1;
    return 0;
}

static int changing(const aigles_state *s, size_t unit)
{
    for (size_t i = 0; i < s->nchanges; i++)
        if (s->changes[i].unit == unit)
            return 1;
    return 0;
}

static void add_kinds(legal_list *L, const aigles_rules *r, legal_act *action)
{
    legal_param *k = legal_arg(L, action, "order", "order-kind");
    for (size_t i = 0; i < order_kinds_count(r->kinds); i++)
        legal_choice(L, k, order_kinds_id(r->kinds, i));
}

/* The receivers of a general's order: his side's units and active officers.
 * The zone (AIG-O-07) and the melee (AIG-O-14) are left to the order itself:
 * its preview (explain) says why it cannot be given, and sends to the ADC. */
static void add_receivers(const legal_ctx *l, size_t gi, legal_param *arg)
{
    const grog_battle *b = l->battle;
    const grog_officer *g = grog_battle_officer(b, gi);
    if (!legal_side_pass(l, arg, g->side, g->id, 2)) /* a side's seat: g left out: twice */
        return;
    for (size_t k = 0; k < grog_battle_nunits(b); k++)
        if (legal_same_side(l, k, gi))
            legal_choice_side(l, arg, g->id, grog_battle_unit(b, k)->id);
    for (size_t k = 0; k < grog_battle_nofficers(b); k++) {
        const grog_officer *r = grog_battle_officer(b, k);
        if (k != gi && legal_same_side_officers(l, k, gi) && r->state == GROG_OFFICER_ACTIVE &&
            r->role != GROG_ROLE_ADC)
            legal_choice_side(l, arg, g->id, r->id);
    }
}

static void legal_orders(const legal_ctx *l, const aigles_rules *r, const aigles_state *s)
{
    const grog_battle *b = l->battle;
    legal_list *L = l->list;
    legal_act *order = legal_action(L, "order", _("give or change an order (AIG-O-06..17)"));
    legal_param *og = legal_arg(L, order, "general", "general");
    legal_param *ot = legal_arg(L, order, "target", "unit-or-officer");
    add_kinds(L, r, order);
    legal_option(L, order, "--roll", "die");
    legal_roll(order, "1d6", "--roll", _("the order test (AIG-O-15)"));
    legal_preview(order);
    legal_act *expl = legal_action(L, "explaining",
                                _("spend the turn explaining an order (+1 command from the next "
                                  "turn, AIG-O-18)"));
    legal_param *eg = legal_arg(L, expl, "general", "general");
    legal_param *et = legal_arg(L, expl, "target", "unit-or-officer");
    add_kinds(L, r, expl);
    legal_act *adc = legal_action(L, "adc", _("send an aide-de-camp with an order (AIG-O-11)"));
    legal_param *aa = legal_arg(L, adc, "adc", "adc");
    legal_param *at = legal_arg(L, adc, "general", "general");
    add_kinds(L, r, adc);
    legal_preview(adc);
    for (size_t i = 0; i < s->nofficers; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (!legal_mine(l, o->side) || o->state != GROG_OFFICER_ACTIVE)
            continue;
        if (grog_role_is_general(o->role)) {
            legal_choice(L, eg, o->id);
            add_receivers(l, i, et);
            if (s->points[i].left > 0) { /* AIG-O-06, -13: an order costs a point */
                legal_choice(L, og, o->id);
                add_receivers(l, i, ot);
            }
            continue;
        }
        size_t gi;
        if (o->role != GROG_ROLE_ADC || riding(s, i) ||
            !grog_battle_officer_index(b, o->superior, &gi) ||
            grog_battle_officer(b, gi)->state != GROG_OFFICER_ACTIVE || s->points[gi].left <= 0)
            continue;
        for (size_t k = 0; k < s->nofficers; k++) {
            const grog_officer *sub = grog_battle_officer(b, k);
            if (k != gi && strcmp(sub->side, o->side) == 0 && grog_role_is_general(sub->role) &&
                sub->state == GROG_OFFICER_ACTIVE)
                legal_choice_by(L, at, o->id, sub->id);
        }
        if (legal_has_by(L, at, o->id))
            legal_choice(L, aa, o->id);
    }
}

/* The word of entry f of the formation loop (a formation, then the turns). */
static const char *fm_word(int f, grog_aigles_formation from)
{
    (void)from;
    if (f == GROG_AIGLES_FM_COUNT)
        return "half-turn";
    if (f == GROG_AIGLES_FM_COUNT + 1)
        return "quarter-turn";
    return grog_aigles_formation_name((grog_aigles_formation)f);
}

/* The changes (bit f: entry f of the formation loop) a unit may start
 * from formation `from` (AIG-F-25..31). */
static unsigned long long fm_changes(const aigles_rules *r, const grog_aigles_fm_unit *fu,
                                     grog_aigles_formation from)
{
    unsigned long long okbits = 0;
    grog_aigles_fm_change ch = grog_aigles_fm_change_default();
    ch.from = from;
    for (int f = 0; f <= GROG_AIGLES_FM_COUNT + 1; f++) {
        ch.action = GROG_AIGLES_ACT_CHANGE;
        ch.to = (grog_aigles_formation)f;
        if (f == GROG_AIGLES_FM_COUNT) {
            ch.action = GROG_AIGLES_ACT_HALF_TURN;
            ch.to = ch.from;
        } else if (f == GROG_AIGLES_FM_COUNT + 1) {
            ch.action = GROG_AIGLES_ACT_QUARTER_TURN;
            ch.to = ch.from == GROG_AIGLES_FM_LINE ? GROG_AIGLES_FM_MARCH_COLUMN
                                                   : GROG_AIGLES_FM_LINE;
        } else if (ch.to == ch.from) {
            continue;
        }
        grog_explain *e = NULL;
        if (grog_aigles_formation_change(r->formations, fu, &ch, NULL, &e, NULL) == GROG_OK)
            okbits |= 1ull << f;
        grog_explain_destroy(e);
    }
    return okbits;
}

/* The changes of the units alike already seen: a table by unit record and
 * formation (every field an int: no padding, compared as bytes). */
typedef struct fm_seen {
    grog_aigles_fm_unit fu;
    grog_aigles_formation from;
    int used;
    unsigned long long ok;
} fm_seen;

typedef struct fm_memo {
    fm_seen *slots;
    size_t cap, n; /* cap a power of two, at least twice n */
} fm_memo;

static size_t fm_hash(const fm_seen *k)
{
    const unsigned char *p = (const unsigned char *)&k->fu;
    size_t h = 14695981039346656037ull;
    for (size_t i = 0; i < sizeof k->fu; i++)
        h = (h ^ p[i]) * 1099511628211ull;
    return (h ^ (size_t)k->from) * 1099511628211ull;
}

static fm_seen *fm_slot(fm_seen *slots, size_t cap, const fm_seen *k)
{
    size_t i = fm_hash(k) & (cap - 1);
    while (slots[i].used && !(slots[i].from == k->from &&
                              memcmp(&slots[i].fu, &k->fu, sizeof k->fu) == 0))
        i = (i + 1) & (cap - 1);
    return &slots[i];
}

/* The slot of k (used: seen before; else empty, to fill), or NULL when out
 * of memory (the changes are then worked out again). */
static fm_seen *fm_memo_find(fm_memo *m, const fm_seen *k)
{
    if ((m->n + 1) * 2 > m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 64;
        fm_seen *slots = calloc(cap, sizeof *slots);
        if (slots == NULL)
            return NULL;
        for (size_t i = 0; i < m->cap; i++)
            if (m->slots[i].used)
                *fm_slot(slots, cap, &m->slots[i]) = m->slots[i];
        free(m->slots);
        m->slots = slots;
        m->cap = cap;
    }
    return fm_slot(m->slots, m->cap, k);
}

static void legal_formations(const legal_ctx *l, const aigles_rules *r, const aigles_state *s)
{
    const grog_battle *b = l->battle;
    legal_list *L = l->list;
    legal_act *a = legal_action(L, "formation",
                             _("start a formation change (AIG-F-25..31)"));
    legal_param *unit = legal_arg(L, a, "unit", "unit");
    legal_param *to = legal_arg(L, a, "to", "formation");
    legal_option(L, a, "--move", "number");
    legal_option(L, a, "--file-depth", "number");
    legal_preview(a);
    fm_memo memo = {NULL, 0, 0};
    size_t nu = grog_battle_nunits(b);
    unsigned char *busy = calloc(nu + 1, 1); /* units changing formation now */
    if (busy == NULL)
        return;
    for (size_t i = 0; i < s->nchanges; i++)
        if (s->changes[i].unit < nu)
            busy[s->changes[i].unit] = 1;
    for (size_t i = 0; i < nu; i++) {
        const grog_troop *u = grog_battle_unit(b, i);
        fm_seen key;
        memset(&key, 0, sizeof key);
        if (!legal_mine(l, u->side) || busy[i] ||
            grog_aigles_formation_of_troop(u, &key.from, NULL) != GROG_OK)
            continue;
        key.fu = grog_aigles_fm_unit_of_troop(u, grog_battle_side_by_id(b, u->side));
        /* units alike (same unit record, same formation) have the same changes */
        fm_seen *seen = fm_memo_find(&memo, &key);
        if (seen == NULL || !seen->used) {
            key.ok = fm_changes(r, &key.fu, key.from);
            if (seen != NULL) {
                *seen = key;
                seen->used = 1;
                memo.n++;
            }
        } else {
            key.ok = seen->ok;
        }
        for (int f = 0; f <= GROG_AIGLES_FM_COUNT + 1; f++)
            if (key.ok & (1ull << f))
                legal_choice_by(L, to, u->id, fm_word(f, key.from));
        if (key.ok != 0)
            legal_choice(L, unit, u->id);
    }
    free(memo.slots);
    free(busy);
}

static void legal_aigles(const legal_ctx *l)
{
    legal_list *L = l->list;
    const aigles_rules *r = l->rules;
    const aigles_state *s = l->fstate;
    const grog_battle *b = l->battle;
    if (l->phase == 0 || l->phase == 2)
        legal_orders(l, r, s);
    legal_param *fire = legal_find(L, "event", "casualties", "target"); /* AIG-O-25 */
    unsigned char *isolated = fire != NULL ? malloc(s->nofficers + 1) : NULL;
    if (isolated != NULL &&
        grog_aigles_battle_isolated_all(r->officers, b, isolated, NULL) != GROG_OK) {
        free(isolated);
        isolated = NULL;
    }
    for (size_t i = 0; fire != NULL && i < s->nofficers; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (!legal_mine(l, o->side) || o->state != GROG_OFFICER_ACTIVE)
            continue; /* not a choice (legal_unit_events): nothing to take out */
        if (isolated != NULL ? !isolated[i]
                             : !grog_aigles_battle_officer_isolated(r->officers, b, o->id, NULL,
                                                                    NULL))
            legal_unchoose(L, fire, o->id);
    }
    free(isolated);
    for (size_t i = 0; (l->phase == 1 || l->phase == 3) && i < s->nriders; i++) {
        const grog_officer *adc = grog_battle_officer(b, s->riders[i].adc);
        if (s->riders[i].leg == ADC_OUT && s->riders[i].halves == 1 && legal_mine(l, adc->side))
            legal_table_roll(L, "next", NULL, adc->id, adc->ratings.aigles_command,
                             _("the arriving ADC's order tests, one die per attempt (AIG-O-12)"));
    }
    legal_formations(l, r, s);
    legal_param *m = legal_arg(L, legal_action(L, "morale",
                                       _("the charisma modifier the unit gets, and from whom "
                                         "(AIG-O-03..05)")),
                          "unit", "unit");
    for (size_t i = 0; i < grog_battle_nunits(b); i++)
        if (legal_mine(l, grog_battle_unit(b, i)->side))
            legal_choice(L, m, grog_battle_unit(b, i)->id);
    legal_act *rep = legal_action(L, "replace",
                               _("an ADC of his superior takes a lost general's command "
                                 "(AIG-O-27)"));
    legal_param *lost = legal_arg(L, rep, "general", "officer");
    legal_param *by = legal_arg(L, rep, "adc", "adc");
    for (size_t i = 0; i < s->nofficers; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (!legal_mine(l, o->side) || o->state == GROG_OFFICER_ACTIVE || o->superior[0] == '\0' ||
            o->role == GROG_ROLE_ADC)
            continue;
        for (size_t k = 0; k < s->nofficers; k++) {
            const grog_officer *a = grog_battle_officer(b, k);
            if (a->role == GROG_ROLE_ADC && a->state == GROG_OFFICER_ACTIVE &&
                strcmp(a->superior, o->superior) == 0)
                legal_choice_by(L, by, o->id, a->id);
        }
        if (legal_has_by(L, by, o->id))
            legal_choice(L, lost, o->id);
    }
}

/* The same state for programs and the views (src/view): command points per
 * general, formation changes, ADCs riding, orders being passed. Nothing of it
 * is hidden information in Les Aigles. */
static void status_detail(const grog_battle *b, const aigles_state *s, json_t *out)
{
    json_t *points = json_object(), *changes = json_array(), *adcs = json_array(),
           *attempts = json_array();
    for (size_t i = 0; i < s->nofficers; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (grog_role_is_general(o->role))
            json_object_set_new(points, o->id, json_integer(s->points[i].left));
    }
    for (size_t i = 0; i < s->nchanges; i++)
        json_array_append_new(
            changes, json_pack("{s:s,s:s,s:s,s:i,s:i}", "unit",
                               grog_battle_unit(b, s->changes[i].unit)->id, "from",
                               grog_aigles_formation_name(s->changes[i].p.from), "to",
                               grog_aigles_formation_name(s->changes[i].p.to), "total",
                               s->changes[i].p.total, "remaining", s->changes[i].p.remaining));
    for (size_t i = 0; i < s->nriders; i++) {
        const rider *r = &s->riders[i];
        json_array_append_new(
            adcs, json_pack("{s:s,s:s,s:s,s:s,s:s,s:i,s:i,s:i,s:i}", "adc",
                            grog_battle_officer(b, r->adc)->id, "general",
                            grog_battle_officer(b, r->general)->id, "target", r->target, "order",
                            r->kind, "leg", r->leg == ADC_OUT ? "out" : "back", "periods",
                            (r->halves + 1) / 2, "back_periods", (r->back_halves + 1) / 2,
                            "half_periods", r->halves, "back_half_periods", r->back_halves));
    }
    for (size_t i = 0; i < s->nattempts; i++)
        json_array_append_new(
            attempts, json_pack("{s:s,s:s,s:s,s:i,s:i}", "giver",
                                grog_battle_officer(b, s->attempts[i].giver)->id, "receiver",
                                s->attempts[i].receiver, "order", s->attempts[i].kind,
                                "explain_turns", s->attempts[i].a.explain_turns, "failed_turns",
                                s->attempts[i].a.failed_turns));
    json_object_set_new(out, "command_points", points);
    json_object_set_new(out, "formation_changes", changes);
    json_object_set_new(out, "adcs_riding", adcs);
    json_object_set_new(out, "orders_being_passed", attempts);
}

/* ---- the unit card ---- */

static void card_formation(const aigles_rules *r, const grog_battle *b, const grog_troop *u,
                           json_t *card)
{
    grog_aigles_formation f;
    if (grog_aigles_formation_of_troop(u, &f, NULL) != GROG_OK)
        return;
    grog_aigles_fm_unit fu = grog_aigles_fm_unit_of_troop(u, grog_battle_side_by_id(b, u->side));
    grog_explain *e = grog_explain_create("aigles-formation-effects", _("formation effects"));
    if (e == NULL)
        return;
    if (grog_aigles_formation_effects(r->formations, &fu, f, e, NULL) == GROG_OK) {
        json_t *rec = card_record(e);
        size_t i;
        json_t *n;
        json_array_foreach(json_object_get(rec, "notes"), i, n)
            card_note(card, json_string_value(json_object_get(n, "rule")),
                      json_string_value(json_object_get(n, "text")));
        json_decref(rec);
    }
    grog_explain_destroy(e);
    int square = f == GROG_AIGLES_FM_FULL_SQUARE || f == GROG_AIGLES_FM_MASS_SQUARE;
    json_object_set_new(card, "may_move", json_boolean(!square));
    if (square)
        card_note(card, "AIG-F-12", _("a full or mass square cannot move"));
    if (u->flags & GROG_UNIT_UNFORMED)
        card_note(card, "AIG-F-20", _("without formation: counts as dispersed for crossing "
                                      "terrain"));
}

static void unit_card(const legal_ctx *l, const grog_troop *u, json_t *card)
{
    const aigles_rules *r = l->rules;
    const aigles_state *s = l->fstate;
    const grog_battle *b = l->battle;
    size_t ui = 0;
    grog_battle_unit_index(b, u->id, &ui);
    card_formation(r, b, u, card);
    grog_aigles_status st;
    int reaction;
    if (grog_aigles_status_parse(grog_unit_status_name(u->status), &st, NULL) == GROG_OK &&
        grog_aigles_reaction(r->officers, st, &reaction, NULL) == GROG_OK)
        json_object_set_new(card, "reaction", json_integer(reaction));
    grog_aigles_morale res;
    grog_explain *e = NULL;
    if (grog_aigles_battle_morale(r->officers, b, u->id, &res, &e, NULL) == GROG_OK)
        json_object_set_new(card, "morale", card_record(e));
    grog_explain_destroy(e);
    json_t *ch = json_null();
    for (size_t i = 0; i < s->nchanges; i++)
        if (s->changes[i].unit == ui)
            ch = json_pack("{s:s,s:s,s:i}", "from",
                           grog_aigles_formation_name(s->changes[i].p.from), "to",
                           grog_aigles_formation_name(s->changes[i].p.to), "remaining",
                           s->changes[i].p.remaining);
    json_object_set_new(card, "formation_change", ch);
    json_t *passing = json_array();
    for (size_t i = 0; i < s->nattempts; i++)
        if (strcmp(s->attempts[i].receiver, u->id) == 0)
            json_array_append_new(passing,
                                  json_pack("{s:s,s:s,s:i,s:i}", "giver",
                                            grog_battle_officer(b, s->attempts[i].giver)->id,
                                            "order", s->attempts[i].kind, "explain_turns",
                                            s->attempts[i].a.explain_turns, "failed_turns",
                                            s->attempts[i].a.failed_turns));
    json_object_set_new(card, "orders_being_passed", passing);
    json_t *gens = json_array();
    int now = l->turn * 2 + (l->phase >= 2);
    for (size_t i = 0; i < s->nofficers; i++)
        if (s->os[i].melee_unit == (int)ui)
            json_array_append_new(gens, json_pack("{s:s,s:s,s:i}", "id",
                                                  grog_battle_officer(b, i)->id, "name",
                                                  grog_battle_officer(b, i)->name, "half_periods",
                                                  now - s->os[i].melee_half));
    json_object_set_new(card, "melee_generals", gens);
    if (json_array_size(json_object_get(card, "prisoners")) > 0)
        card_note(card, "AIG-O-23", _("its prisoners move with it, at the column speed of the "
                                      "fastest unit holding them"));
}

static void status(const void *rules, const grog_battle *b, const void *state, const char *side,
                   json_t *out)
{
    (void)rules;
    (void)side;
    const aigles_state *s = state;
    json_t *may = json_object();
    for (size_t i = 0; i < s->nofficers; i++) {
        const grog_officer *o = grog_battle_officer(b, i);
        if (!grog_role_is_general(o->role) || s->points[i].left <= 0 ||
            o->state != GROG_OFFICER_ACTIVE || (s->phase != 0 && s->phase != 2))
            continue; /* AIG-O-06: points are spent in an orders phase */
        json_t *list = json_object_get(may, o->side);
        if (list == NULL) {
            list = json_array();
            json_object_set_new(may, o->side, list);
        }
        char line[256];
        snprintf(line, sizeof line,
                 ngettext("%s: %d command point left", "%s: %d command points left",
                          s->points[i].left),
                 o->name,
                 s->points[i].left);
        json_array_append_new(list, json_string(line));
    }
    json_t *pending = json_array();
    char line[256];
    for (size_t i = 0; i < s->nchanges; i++) {
        snprintf(line, sizeof line,
                 ngettext("%s forming %s: %d half-période left", "%s forming %s: %d half-périodes left",
                          s->changes[i].p.remaining),
                 grog_battle_unit(b, s->changes[i].unit)->name,
                 grog_explain_word(grog_aigles_formation_name(s->changes[i].p.to)),
                 s->changes[i].p.remaining);
        json_array_append_new(pending, json_string(line));
    }
    for (size_t i = 0; i < s->nriders; i++) {
        snprintf(line, sizeof line,
                 ngettext("%s riding %s: %d half-période", "%s riding %s: %d half-périodes",
                          (unsigned long)s->riders[i].halves),
                 grog_battle_officer(b, s->riders[i].adc)->name,
                 s->riders[i].leg == ADC_OUT ? _("out") : _("back"), s->riders[i].halves);
        json_array_append_new(pending, json_string(line));
    }
    for (size_t i = 0; i < s->nattempts; i++) {
        snprintf(line, sizeof line, _("%s still passing \"%s\" to %s (explained %d, failed turns %d)"),
                 grog_battle_officer(b, s->attempts[i].giver)->name, s->attempts[i].kind,
                 s->attempts[i].receiver, s->attempts[i].a.explain_turns,
                 s->attempts[i].a.failed_turns);
        json_array_append_new(pending, json_string(line));
    }
    json_object_set_new(out, "may", may);
    json_object_set_new(out, "pending", pending);
    status_detail(b, s, out);
}


/* ---- the state in a snapshot (snapshot.h) ----
 * {"officers": [{"id", "command", "left", "fire", "melee_unit", "melee_half"}]
 * in battle order (AIG-O-06 points, AIG-O-25 fire, AIG-O-14 melee),
 * "attempts": [{"giver", "receiver", "order", "active", "explain_turns",
 * "failed_turns", "failed_this_turn", "explained_turn"}] (AIG-O-18..20),
 * "riders": [{"adc", "general", "target", "order", "leg", "half_periods",
 * "back_half_periods"}] (AIG-O-11, -12), "changes": [{"unit", "from", "to",
 * "total", "remaining"}] (AIG-F-25), "phase"}. */

static json_t *id_or_null(const grog_battle *b, int unit)
{
    return unit >= 0 ? json_string(grog_battle_unit(b, (size_t)unit)->id) : json_null();
}

static json_t *state_save(const void *rules, const grog_battle *b, const void *state)
{
    (void)rules;
    const aigles_state *s = state;
    json_t *officers = json_array(), *attempts = json_array(), *riders = json_array(),
           *changes = json_array();
    int failed = officers == NULL || attempts == NULL || riders == NULL || changes == NULL;
    for (size_t i = 0; !failed && i < s->nofficers; i++)
        failed = json_array_append_new(
                     officers,
                     json_pack("{s:s,s:i,s:i,s:i,s:o,s:i}", "id", grog_battle_officer(b, i)->id,
                               "command", s->points[i].command, "left", s->points[i].left,
                               "fire", s->os[i].fire, "melee_unit",
                               id_or_null(b, s->os[i].melee_unit), "melee_half",
                               s->os[i].melee_half)) != 0;
    for (size_t i = 0; !failed && i < s->nattempts; i++) {
        const attempt *a = &s->attempts[i];
        failed = json_array_append_new(
                     attempts,
                     json_pack("{s:s,s:s,s:s,s:i,s:i,s:i,s:i,s:i}", "giver",
                               grog_battle_officer(b, a->giver)->id, "receiver", a->receiver,
                               "order", a->kind, "active", a->a.active, "explain_turns",
                               a->a.explain_turns, "failed_turns", a->a.failed_turns,
                               "failed_this_turn", a->a.failed_this_turn, "explained_turn",
                               a->explained_turn)) != 0;
    }
    for (size_t i = 0; !failed && i < s->nriders; i++) {
        const rider *r = &s->riders[i];
        failed = json_array_append_new(
                     riders, json_pack("{s:s,s:s,s:s,s:s,s:s,s:i,s:i}", "adc",
                                       grog_battle_officer(b, r->adc)->id, "general",
                                       grog_battle_officer(b, r->general)->id, "target",
                                       r->target, "order", r->kind, "leg",
                                       r->leg == ADC_OUT ? "out" : "back", "half_periods",
                                       r->halves, "back_half_periods", r->back_halves)) != 0;
    }
    for (size_t i = 0; !failed && i < s->nchanges; i++) {
        const change *c = &s->changes[i];
        failed = json_array_append_new(
                     changes, json_pack("{s:s,s:s,s:s,s:i,s:i}", "unit",
                                        grog_battle_unit(b, c->unit)->id, "from",
                                        grog_aigles_formation_name(c->p.from), "to",
                                        grog_aigles_formation_name(c->p.to), "total", c->p.total,
                                        "remaining", c->p.remaining)) != 0;
    }
    json_t *j = failed ? NULL
                       : json_pack("{s:o,s:o,s:o,s:o,s:i}", "officers", officers, "attempts",
                                   attempts, "riders", riders, "changes", changes, "phase",
                                   (int)s->phase);
    if (j == NULL) {
        if (!failed) /* json_pack stole them */
            return NULL;
        json_decref(officers);
        json_decref(attempts);
        json_decref(riders);
        json_decref(changes);
    }
    return j;
}

static grog_status kind_field(const aigles_rules *r, const json_t *o, const char *where,
                              char *kind, grog_error *err)
{
    const char *v;
    grog_status st = snapshot_string(o, where, "order", GROG_ID_MAX, &v, err);
    if (st != GROG_OK)
        return st;
    if (order_kinds_check(r->kinds, v, NULL) != GROG_OK)
        return snapshot_range_error(where, "order", err);
    memcpy(kind, v, strlen(v) + 1);
    return GROG_OK;
}

static grog_status load_officer_state(const aigles_rules *r, const grog_battle *b,
                                      const json_t *o, const char *where, size_t i,
                                      aigles_state *s, grog_error *err)
{
    const char *id;
    size_t unit;
    grog_aigles_points most;
    grog_status st = snapshot_string(o, where, "id", GROG_ID_MAX, &id, err);
    if (st == GROG_OK && strcmp(id, grog_battle_officer(b, i)->id) != 0)
        st = snapshot_range_error(where, "id", err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "command", 0, INT_MAX, &s->points[i].command, err);
    /* AIG-O-06: a command the rules know, at most its points left */
    if (st == GROG_OK &&
        grog_aigles_points_refresh(r->officers, s->points[i].command, &most, NULL) != GROG_OK)
        st = snapshot_range_error(where, "command", err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "left", 0, most.left, &s->points[i].left, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "fire", 0, INT_MAX, &s->os[i].fire, err);
    if (st == GROG_OK)
        st = snapshot_unit(b, o, where, "melee_unit", 1, &unit, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "melee_half", 0, INT_MAX, &s->os[i].melee_half, err);
    if (st == GROG_OK)
        s->os[i].melee_unit = unit == (size_t)-1 ? -1 : (int)unit;
    return st;
}

static grog_status load_attempt(const aigles_rules *r, const grog_battle *b, const json_t *o,
                                const char *where, aigles_state *s, grog_error *err)
{
    attempt *a = &s->attempts[s->nattempts];
    const char *receiver;
    memset(a, 0, sizeof *a);
    grog_status st = snapshot_officer(b, o, where, "giver", 0, &a->giver, err);
    if (st == GROG_OK)
        st = snapshot_string(o, where, "receiver", GROG_ID_MAX, &receiver, err);
    if (st == GROG_OK && find_attempt(s, a->giver, receiver, 0) != NULL)
        st = snapshot_range_error(where, "receiver", err); /* one attempt per pair */
    if (st == GROG_OK) {
        memcpy(a->receiver, receiver, strlen(receiver) + 1);
        st = kind_field(r, o, where, a->kind, err);
    }
    if (st == GROG_OK)
        st = snapshot_i(o, where, "active", 0, 1, &a->a.active, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "explain_turns", 0, INT_MAX, &a->a.explain_turns, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "failed_turns", 0, INT_MAX, &a->a.failed_turns, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "failed_this_turn", 0, 1, &a->a.failed_this_turn, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "explained_turn", -1, INT_MAX, &a->explained_turn, err);
    if (st == GROG_OK)
        s->nattempts++;
    return st;
}

static grog_status load_rider(const aigles_rules *r, const grog_battle *b, const json_t *o,
                              const char *where, aigles_state *s, grog_error *err)
{
    rider *d = &s->riders[s->nriders];
    size_t target;
    const char *leg;
    memset(d, 0, sizeof *d);
    grog_status st = snapshot_officer(b, o, where, "adc", 0, &d->adc, err);
    if (st == GROG_OK && riding(s, d->adc)) /* AIG-O-11: one ride at a time */
        st = snapshot_range_error(where, "adc", err);
    if (st == GROG_OK)
        st = snapshot_officer(b, o, where, "general", 0, &d->general, err);
    if (st == GROG_OK)
        st = snapshot_officer(b, o, where, "target", 0, &target, err);
    if (st == GROG_OK) {
        snprintf(d->target, sizeof d->target, "%s", grog_battle_officer(b, target)->id);
        st = kind_field(r, o, where, d->kind, err);
    }
    if (st == GROG_OK)
        st = snapshot_string(o, where, "leg", GROG_ID_MAX, &leg, err);
    if (st == GROG_OK && strcmp(leg, "out") != 0 && strcmp(leg, "back") != 0)
        st = snapshot_range_error(where, "leg", err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "half_periods", 0, INT_MAX, &d->halves, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "back_half_periods", 0, INT_MAX, &d->back_halves, err);
    if (st == GROG_OK) {
        d->leg = leg[0] == 'o' ? ADC_OUT : ADC_BACK;
        s->nriders++;
    }
    return st;
}

static grog_status formation_field(const json_t *o, const char *where, const char *key,
                                   grog_aigles_formation *f, grog_error *err)
{
    const char *v;
    grog_status st = snapshot_string(o, where, key, GROG_ID_MAX, &v, err);
    if (st == GROG_OK && grog_aigles_formation_parse(v, f, NULL) != GROG_OK)
        st = snapshot_range_error(where, key, err);
    return st;
}

static grog_status load_change(const grog_battle *b, const json_t *o, const char *where,
                               aigles_state *s, grog_error *err)
{
    change *c = &s->changes[s->nchanges];
    memset(c, 0, sizeof *c);
    grog_status st = snapshot_unit(b, o, where, "unit", 0, &c->unit, err);
    if (st == GROG_OK && changing(s, c->unit)) /* AIG-F-25: one change at a time */
        st = snapshot_range_error(where, "unit", err);
    if (st == GROG_OK)
        st = formation_field(o, where, "from", &c->p.from, err);
    if (st == GROG_OK)
        st = formation_field(o, where, "to", &c->p.to, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "total", 0, INT_MAX, &c->p.total, err);
    if (st == GROG_OK)
        st = snapshot_i(o, where, "remaining", 0, c->p.total, &c->p.remaining, err);
    if (st == GROG_OK)
        s->nchanges++;
    return st;
}

/* An array member as a growable array of n elements of size (cap n). */
static grog_status load_list(const json_t *j, const char *key, void **v, size_t *cap,
                             size_t size, json_t **list, grog_error *err)
{
    grog_status st = snapshot_array(j, "family_state", key, SIZE_MAX, list, err);
    if (st != GROG_OK)
        return st;
    *cap = json_array_size(*list);
    *v = malloc((*cap + 1) * size);
    return *v != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}

static grog_status load_lists(const aigles_rules *r, const grog_battle *b, const json_t *j,
                              aigles_state *s, grog_error *err)
{
    json_t *officers, *attempts, *riders, *changes;
    char p[96];
    grog_status st = snapshot_array(j, "family_state", "officers", s->nofficers, &officers, err);
    for (size_t i = 0; st == GROG_OK && i < s->nofficers; i++)
        st = load_officer_state(r, b, json_array_get(officers, i),
                                snapshot_path(p, sizeof p, "family_state.officers", NULL, i), i,
                                s, err);
    if (st == GROG_OK)
        st = load_list(j, "attempts", (void **)&s->attempts, &s->capattempts,
                       sizeof *s->attempts, &attempts, err);
    for (size_t i = 0; st == GROG_OK && i < s->capattempts; i++)
        st = load_attempt(r, b, json_array_get(attempts, i),
                          snapshot_path(p, sizeof p, "family_state.attempts", NULL, i), s, err);
    if (st == GROG_OK)
        st = load_list(j, "riders", (void **)&s->riders, &s->capriders, sizeof *s->riders,
                       &riders, err);
    for (size_t i = 0; st == GROG_OK && i < s->capriders; i++)
        st = load_rider(r, b, json_array_get(riders, i),
                        snapshot_path(p, sizeof p, "family_state.riders", NULL, i), s, err);
    if (st == GROG_OK)
        st = load_list(j, "changes", (void **)&s->changes, &s->capchanges, sizeof *s->changes,
                       &changes, err);
    for (size_t i = 0; st == GROG_OK && i < s->capchanges; i++)
        st = load_change(b, json_array_get(changes, i),
                         snapshot_path(p, sizeof p, "family_state.changes", NULL, i), s, err);
    return st;
}

static grog_status state_load(const void *rules, const grog_battle *b, const json_t *j,
                              void **out, grog_error *err)
{
    aigles_state *s = NULL;
    long long phase = 0;
    grog_status st = create(rules, b, (void **)&s, err);
    if (st == GROG_OK)
        st = load_lists(rules, b, j, s, err);
    if (st == GROG_OK)
        st = snapshot_int(j, "family_state", "phase", 0, 3, &phase, err);
    if (st != GROG_OK) {
        destroy(s);
        return st;
    }
    s->phase = (size_t)phase;
    *out = s;
    return GROG_OK;
}

const family_ops grog_family_aigles_ops = {
    GROG_FAMILY_AIGLES, phases, 4, load_rules, free_rules, create, copy, destroy,
    enter_phase, leave_phase, actions, sizeof actions / sizeof actions[0], status,
    legal_aigles, kinds_of, unit_card, state_save, state_load,
};
