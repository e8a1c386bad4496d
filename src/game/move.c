/* move.c — `move`: an officer or unit now stands somewhere (move.h), as a
 * place on the table or relative to where it stands (forward, back, left,
 * right, turn, to another piece).
 *
 * Geometry (geom.h): facing f is in degrees clockwise from +y, so forward
 * is (sin f, cos f) and right is (cos f, -sin f). `to OTHER` slides the
 * piece along the line from OTHER's centre through its own (its facing
 * kept) until the bases are DIST apart edge to edge, or just touch: the
 * edge-to-edge distance along that line is convex and 0 where the centres
 * meet, so it never decreases and a bisection finds the place. Every place
 * reached by a relative form is rounded to the micrometre (a typed place is
 * kept as typed), so that sin(180) and the bisection leave no noise in the
 * journal. Invariant: a refused move changes nothing. */
#include <ctype.h>
#include <math.h>
#include <string.h>

#include "i18n.h"
#include "move.h"

#define MOVE_USAGE                                                                            \
    "move ID X Y [FACING] | move ID forward|back|left|right DIST | move ID turn DEGREES | " \
    "move ID to OTHER [contact|DIST]"
#define PI 3.14159265358979323846

const char *const game_move_words[] = {"forward", "back", "left", "right", "turn", "to", NULL};

static grog_status usage(grog_error *err)
{
    return grog_error_set(err, GROG_EINVAL, _("usage: %s"), MOVE_USAGE);
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

/* A coordinate X or Y: a length, or "-" and a length (left of or below the
 * table, refused by check_on_table unless within the margin): a place off an
 * edge is said to be off the table whichever edge it is. */
static grog_status coordinate(action_ctx *c, const char *what, const char *text, double *mm,
                              grog_error *err)
{
    int minus = text[0] == '-';
    grog_status st = ctx_length(c, what, text + minus, mm, err);
    if (st == GROG_OK && minus)
        *mm = *mm == 0.0 ? 0.0 : -*mm; /* no -0 in the journal */
    return st;
}

static grog_status degrees(const char *what, const char *text, double *out, grog_error *err)
{
    char *end;
    *out = strtod(text, &end);
    if (end == text || *end != '\0' || !isfinite(*out))
        return grog_error_set(err, GROG_EINVAL, _("%s: expected degrees, not \"%s\""), what, text);
    return GROG_OK;
}

/* The piece that moves: its base, name and side (c->side); refused when it
 * may not move (killed, out of commission, a prisoner, the family's checks). */
typedef struct mover {
    grog_base *base;
    const char *name;
    grog_troop *unit;
    grog_officer *officer;
} mover;

static grog_status find_mover(action_ctx *c, const char *id, mover *m, grog_error *err)
{
    memset(m, 0, sizeof *m);
    grog_officer *o = grog_battle_officer_by_id_mut(c->battle, id);
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
        m->base = &o->base;
        m->name = o->name;
        m->officer = o;
        c->side = o->side;
        return GROG_OK;
    }
    grog_troop *u;
    if (ctx_unit(c, id, &u, err) != GROG_OK)
        return grog_error_set(err, GROG_ENOTFOUND, _("no officer or unit \"%s\""), id);
    m->base = &u->base;
    m->name = u->name;
    m->unit = u;
    c->side = u->side;
    return family_move_check(c, u, err);
}

static const grog_base *base_of(const grog_battle *b, const char *id)
{
    const grog_officer *o = grog_battle_officer_by_id(b, id);
    if (o != NULL)
        return &o->base;
    const grog_troop *u = grog_battle_unit_by_id(b, id);
    return u != NULL ? &u->base : NULL;
}

static double micrometre(double mm)
{
    double r = round(mm * 1000.0) / 1000.0;
    return r == 0.0 ? 0.0 : r; /* no -0 in the journal */
}

/* forward, back, left, right: the unit vector for a base facing f. */
static grog_point step_of(const char *word, double facing)
{
    double r = facing * PI / 180.0, s = sin(r), k = cos(r);
    if (strcmp(word, "forward") == 0)
        return (grog_point){s, k};
    if (strcmp(word, "back") == 0)
        return (grog_point){-s, -k};
    if (strcmp(word, "right") == 0)
        return (grog_point){k, -s};
    return (grog_point){-k, s}; /* left */
}

/* Where base b stands DIST (gap_mm, 0: touching) from other edge to edge,
 * on the line from other's centre through b's (b's facing kept). When the
 * centres meet, the line is b's back: b ends up facing other. */
static grog_point place_by(const grog_base *b, const grog_base *other, double gap_mm)
{
    grog_point d = {b->centre.x - other->centre.x, b->centre.y - other->centre.y};
    double len = hypot(d.x, d.y);
    if (len < 1e-9)
        d = step_of("back", b->facing), len = 1.0;
    d.x /= len;
    d.y /= len;
    grog_base at = *b;
    double lo = 0.0, hi = (b->width + b->depth + other->width + other->depth) / 2.0 + gap_mm + 1.0;
    for (int i = 0; i < 100; i++) {
        double mid = (lo + hi) / 2.0;
        at.centre = (grog_point){other->centre.x + mid * d.x, other->centre.y + mid * d.y};
        double dist = grog_base_distance(&at, other);
        if (gap_mm > 0 ? dist >= gap_mm : dist > 0)
            hi = mid;
        else
            lo = mid;
    }
    return (grog_point){other->centre.x + hi * d.x, other->centre.y + hi * d.y};
}

static grog_status move_to(action_ctx *c, const mover *m, int argc, char **argv,
                           grog_point *to, grog_error *err)
{
    const char *id = argv[1], *other_id = argv[3];
    const grog_base *other = base_of(c->battle, other_id);
    if (other == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("move %s to: no officer or unit \"%s\""),
                              id, other_id);
    if (other == m->base)
        return grog_error_set(err, GROG_EINVAL, _("move %s to: a piece cannot be moved to itself"),
                              id);
    double gap = 0.0;
    grog_status st;
    if (argc == 5 && strcmp(argv[4], "contact") != 0 &&
        (st = ctx_length(c, "DIST", argv[4], &gap, err)) != GROG_OK)
        return st;
    grog_point at = place_by(m->base, other, gap);
    *to = (grog_point){micrometre(at.x), micrometre(at.y)};
    return GROG_OK;
}

/* The place and facing the words give (argv[2] on), from where m stands. */
static grog_status target_of(action_ctx *c, const mover *m, int argc, char **argv,
                             grog_point *to, double *facing, grog_error *err)
{
    const char *how = argv[2];
    grog_status st;
    *to = m->base->centre;
    *facing = m->base->facing;
    if (strcmp(how, "to") == 0)
        return argc == 4 || argc == 5 ? move_to(c, m, argc, argv, to, err) : usage(err);
    if (strcmp(how, "turn") == 0) {
        double by;
        if (argc != 4)
            return usage(err);
        if ((st = degrees("DEGREES", argv[3], &by, err)) != GROG_OK)
            return st;
        *facing = grog_facing_normalise(micrometre(m->base->facing + by));
        return GROG_OK;
    }
    for (size_t i = 0; i < 4; i++) {
        if (strcmp(how, game_move_words[i]) != 0)
            continue;
        double mm;
        if (argc != 4)
            return usage(err);
        if ((st = ctx_length(c, "DIST", argv[3], &mm, err)) != GROG_OK)
            return st;
        grog_point s = step_of(how, m->base->facing);
        *to = (grog_point){micrometre(m->base->centre.x + mm * s.x),
                           micrometre(m->base->centre.y + mm * s.y)};
        return GROG_OK;
    }
    if (argc != 4 && argc != 5)
        return usage(err);
    if ((st = coordinate(c, "X", argv[2], &to->x, err)) != GROG_OK) {
        if (isalpha((unsigned char)how[0])) /* a word, not a number */
            return grog_error_set(err, GROG_EINVAL,
                                  _("move %s: \"%s\" is not a length (X), nor one of "
                                    "forward, back, left, right, turn, to"),
                                  argv[1], how);
        return st;
    }
    if ((st = coordinate(c, "Y", argv[3], &to->y, err)) != GROG_OK)
        return st;
    if (argc == 5 && (st = degrees("FACING", argv[4], facing, err)) != GROG_OK)
        return st;
    *facing = grog_facing_normalise(*facing);
    return GROG_OK;
}

grog_status game_move_run(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc < 4 || argc > 5)
        return usage(err);
    mover m;
    grog_point to;
    double facing;
    grog_status st = find_mover(c, argv[1], &m, err);
    if (st == GROG_OK)
        st = target_of(c, &m, argc, argv, &to, &facing, err);
    if (st != GROG_OK)
        return st;
    if ((st = check_on_table(c, to.x, to.y, err)) != GROG_OK)
        return st;
    m.base->centre = to;
    m.base->facing = facing;
    ctx_event(c, "", "move", json_pack("{s:s,s:f,s:f,s:f}", "id", argv[1], "x", to.x, "y", to.y,
                                       "facing", facing),
              _("%s moves to (%.0f, %.0f) mm, facing %.0f."), m.name, to.x, to.y, facing);
    if (m.unit != NULL) /* its prisoners go with it (AIG-O-23) */
        for (size_t i = 0; i < grog_battle_nofficers(c->battle); i++) {
            grog_officer *p = grog_battle_officer_mut(c->battle, i);
            if (p->state == GROG_OFFICER_PRISONER && strcmp(p->held_by, m.unit->id) == 0)
                p->base.centre = m.unit->base.centre;
        }
    return family_event(c, "moved", m.unit, m.officer, err);
}
