/* family_aigles_formations.c — Les Aigles' formation changes (AIG-F-25..31):
 * starting one, and which changes each unit of a seat may start now.
 *
 * A change under way is in the bookkeeping (one per unit, AIG-F-25) and
 * counted down by the turn (family_aigles.c). What is legal is worked out
 * once per kind of unit and formation (a memo of unit records), not once
 * per unit. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "family_aigles.h"
#include "i18n.h"

/* ---- formations ---- */

/* AIG-F-23, AIG-F-24: an irregular unit's pivot to FACING (degrees) or
 * frontage change to NEW figures from --front FRONT (the figures of its
 * front now: the formation before the change, the calculator's reading of
 * the seed's "formation initiale"). The rules' own check (at most double or
 * half, the 3 x 3 block) is grog_aigles_formation_change's, as in calc. */
static grog_status irregular_change(action_ctx *c, char **argv, const char *front,
                                    grog_aigles_fm_change *ch, double *facing, grog_error *err)
{
    (void)c;
    ch->to = ch->from;
    if (strcmp(argv[2], "pivot") == 0) {
        char *end;
        *facing = strtod(argv[3], &end);
        if (end == argv[3] || *end != '\0' || !isfinite(*facing))
            return grog_error_set(err, GROG_EINVAL, _("FACING: expected degrees, not \"%s\""),
                                  argv[3]);
        ch->action = GROG_AIGLES_ACT_PIVOT;
        return GROG_OK;
    }
    long now, to;
    grog_status st;
    if (front == NULL)
        return grog_error_set(err, GROG_EINVAL,
                              _("formation UNIT frontage NEW-FRONT needs --front FRONT: the "
                                "figures of its front now (AIG-F-24)"));
    if ((st = ctx_int("--front", front, 1, 1000, &now, err)) != GROG_OK ||
        (st = ctx_int("NEW-FRONT", argv[3], 1, 1000, &to, err)) != GROG_OK)
        return st;
    ch->action = GROG_AIGLES_ACT_FRONTAGE;
    ch->front = (int)now;
    ch->new_front = (int)to;
    return GROG_OK;
}

grog_status aigles_act_formation(action_ctx *c, int argc, char **argv, grog_error *err)
{
    const char *move = ctx_take_option(&argc, argv, "--move");
    const char *depth = ctx_take_option(&argc, argv, "--file-depth");
    const char *front = ctx_take_option(&argc, argv, "--front");
    int irregular = argc == 4 && (strcmp(argv[2], "pivot") == 0 || strcmp(argv[2], "frontage") == 0);
    if (argc != 3 && !irregular)
        return grog_error_set(err, GROG_EINVAL,
                              _("usage: formation UNIT TO|half-turn|quarter-turn [--move N] "
                                "[--file-depth SECTIONS] | formation UNIT pivot FACING | "
                                "formation UNIT frontage NEW-FRONT --front FRONT"));
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
    double facing = 0;
    if (irregular && (st = irregular_change(c, argv, front, &ch, &facing, err)) != GROG_OK)
        return st;
    if (irregular) {
        /* AIG-F-24: pivot or frontage, worked out below like any change */
    } else if (strcmp(argv[2], "half-turn") == 0 || strcmp(argv[2], "quarter-turn") == 0) {
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
    if (ch.action == GROG_AIGLES_ACT_PIVOT) /* AIG-F-24: any facing */
        u->base.facing = grog_facing_normalise(facing);
    if (ch.action == GROG_AIGLES_ACT_FRONTAGE) { /* the block: wider and shallower */
        u->base.width = u->base.width * ch.new_front / ch.front;
        u->base.depth = u->base.depth * ch.front / ch.new_front;
    }
    change *nc = push((void **)&s->changes, &s->nchanges, &s->capchanges, sizeof *nc);
    if (nc == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    nc->unit = ui;
    if ((st = grog_aigles_fm_progress_start(&nc->p, ch.from, ch.to, hp, err)) != GROG_OK)
        return st;
    if (ch.action == GROG_AIGLES_ACT_PIVOT) {
        ctx_event(c, "", "formation-start",
                  json_pack("{s:s,s:s,s:f,s:i}", "unit", u->id, "action", "pivot", "facing",
                            u->base.facing, "half_periods", hp),
                  ngettext("AIG-F-24: %s pivots to face %.0f degrees: %d half-période.",
                           "AIG-F-24: %s pivots to face %.0f degrees: %d half-périodes.", hp),
                  u->name, u->base.facing, hp);
        return GROG_OK;
    }
    if (ch.action == GROG_AIGLES_ACT_FRONTAGE) {
        ctx_event(c, "", "formation-start",
                  json_pack("{s:s,s:s,s:i,s:i,s:i}", "unit", u->id, "action", "frontage", "front",
                            ch.front, "new_front", ch.new_front, "half_periods", hp),
                  ngettext("AIG-F-24: %s takes a front of %d figures instead of %d: %d "
                           "half-période.",
                           "AIG-F-24: %s takes a front of %d figures instead of %d: %d "
                           "half-périodes.",
                           hp),
                  u->name, ch.new_front, ch.front, hp);
        return GROG_OK;
    }
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

/* AIG-F-12: a full or mass square does not move (the common `move` asks). */
grog_status aigles_move_check(action_ctx *c, const grog_troop *u, grog_error *err)
{
    (void)c;
    if (strcmp(u->formation, "full-square") == 0 || strcmp(u->formation, "mass-square") == 0)
        return grog_error_set(err, GROG_ERULE,
                              _("AIG-F-12: %s is in %s: a square cannot move (change its "
                                "formation first)"),
                              u->name, u->formation);
    return GROG_OK;
}

/* ---- what is legal now ---- */

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

void aigles_legal_formations(const legal_ctx *l, const aigles_rules *r, const aigles_state *s)
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
