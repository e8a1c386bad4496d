/* gdb_battle.c — the brigade order-change test worked out from a battle.
 *
 * Reads everything the test needs from the battle model (battle.h): the
 * brigade commander's nation (the table column), the C-in-C's gdb skill,
 * attachment and personal command, the brigade's broken state, and from the
 * bases the distance, contact and nearness of enemy units (GDB-14). The
 * battle is only read. Preconditions (who may order whom) become checks in
 * the record rather than errors, so `explain` can say why a test cannot be
 * made. */
#include <stdio.h>
#include <string.h>

#include "grognard/text.h"
#include "grognard/battle.h"
#include "grognard/gdb.h"
#include "i18n.h"
#include "rules/gdb/gdb_internal.h"

static grog_status officer_of(const grog_battle *b, const char *id, const char *what,
                              const grog_officer **out, grog_error *err)
{
    *out = grog_battle_officer_by_id(b, id);
    if (*out == NULL)
        return grog_error_set(err, GROG_ENOTFOUND, _("no officer \"%s\" (the %s)"),
                              id != NULL ? id : "", what);
    return GROG_OK;
}

/* GDB-12: the nearest unit of another side, edge to edge, as a measure
 * (known 0 when there is none). */
static grog_status nearest_enemy(const grog_battle *b, const grog_officer *c, grog_measure *m,
                                 grog_error *err)
{
    *m = grog_measure_map(GROG_MEASURE_NEAREST_ENEMY, c->id, NULL, "GDB-12", GROG_UNIT_CM);
    m->known = 0;
    for (size_t i = 0; i < grog_battle_nunits(b); i++) {
        const grog_troop *u = grog_battle_unit(b, i);
        if (strcmp(u->side, c->side) == 0)
            continue;
        if (!gdb_base_ok(&u->base))
            return grog_error_set(err, GROG_EINVAL, _("unit \"%s\" has a base of no size"),
                                  u->id);
        double d = grog_base_distance(&c->base, &u->base);
        if (!m->known || d < m->mm) {
            m->known = 1;
            m->mm = d;
            snprintf(m->to, sizeof m->to, "%s", u->id);
        }
    }
    return GROG_OK;
}

grog_status grog_gdb_battle_input(const grog_gdb_rules *rules, const grog_battle *b,
                                  const char *cinc, const char *brigade, grog_gdb_input *in,
                                  grog_error *err)
{
    return grog_gdb_battle_input_measured(rules, b, cinc, brigade, NULL, in, err);
}

grog_status grog_gdb_battle_input_measured(const grog_gdb_rules *rules, const grog_battle *b,
                                           const char *cinc, const char *brigade,
                                           grog_tape *tape, grog_gdb_input *in,
                                           grog_error *err)
{
    const grog_officer *c, *br;
    grog_status st;
    if ((st = officer_of(b, cinc, _("C-in-C"), &c, err)) != GROG_OK ||
        (st = officer_of(b, brigade, _("brigade commander"), &br, err)) != GROG_OK)
        return st;
    if (!gdb_base_ok(&c->base))
        return grog_error_set(err, GROG_EINVAL, _("officer \"%s\" has a base of no size"), c->id);
    if (!gdb_base_ok(&br->base))
        return grog_error_set(err, GROG_EINVAL, _("officer \"%s\" has a base of no size"),
                              br->id);
    grog_gdb_input r = grog_gdb_input_default();
    grog_measure enemy;
    if ((st = nearest_enemy(b, c, &enemy, err)) != GROG_OK)
        return st;
    r.nation = grog_nation_name(br->nation);
    r.skill = c->ratings.gdb_skill;
    r.own_brigade = c == br;
    r.personal = c->personally_commands || r.own_brigade;
    r.attached = c->attached_to[0] != '\0';
    r.broken = br->brigade_broken;
    if (!r.own_brigade) {
        grog_measure *m = &r.measures[r.nmeasures++];
        *m = grog_measure_map(GROG_MEASURE_DISTANCE, c->id, br->id, "GDB-09", GROG_UNIT_CM);
        m->mm = grog_base_distance(&c->base, &br->base); /* GDB-14 */
        grog_tape_take(tape, m);
        r.distance_mm = m->mm;
        r.contact = r.distance_mm <= rules->contact_tolerance_mm + GDB_EPS_MM;
    }
    grog_tape_take(tape, &enemy);
    r.near_enemy = enemy.known && enemy.mm <= rules->near_enemy_cm * 10.0 + GDB_EPS_MM;
    r.measures[r.nmeasures++] = enemy;
    *in = r;
    return GROG_OK;
}

/* Who may order whom, as checks (at most four). */
typedef struct officer_check {
    const char *rule;
    const char *label;
    int ok;
    char detail[300];
} officer_check;

static size_t officer_checks(const grog_battle *b, const grog_officer *c,
                             const grog_officer *br, officer_check out[4])
{
    size_t chief = 0;
    int has = grog_battle_commander_in_chief(b, c->side, &chief);
    officer_check *k = out;
    *k = (officer_check){"GDB-01", _("the commander-in-chief of his side"),
                         has && grog_battle_officer(b, chief) == c, ""};
    grog_text_snprintf(k->detail, sizeof k->detail, _("%s (%s), side %s"), c->name, c->id, c->side);
    k++;
    *k = (officer_check){"GDB-01", _("the C-in-C is active"), c->state == GROG_OFFICER_ACTIVE,
                         ""};
    grog_text_snprintf(k->detail, sizeof k->detail, "%s",
                       grog_explain_word(grog_officer_state_name(c->state)));
    k++;
    if (c == br) {
        *k = (officer_check){"GDB-07", _("he personally commands a brigade"),
                             c->personally_commands, ""};
        snprintf(k->detail, sizeof k->detail, "%s (%s)", c->name, c->id);
        return 3;
    }
    *k = (officer_check){"GDB-02", _("a brigade commander of the same side"),
                         br->role == GROG_ROLE_BRIGADE && strcmp(br->side, c->side) == 0, ""};
    grog_text_snprintf(k->detail, sizeof k->detail, _("%s (%s), %s, side %s"), br->name, br->id,
                       grog_explain_word(grog_role_name(br->role)), br->side);
    k++;
    *k = (officer_check){"GDB-02", _("the brigade commander is active"),
                         br->state == GROG_OFFICER_ACTIVE, ""};
    grog_text_snprintf(k->detail, sizeof k->detail, "%s",
                       grog_explain_word(grog_officer_state_name(br->state)));
    return 4;
}

/* The first failing check, or NULL. */
static const officer_check *failed(const officer_check *k, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!k[i].ok)
            return &k[i];
    return NULL;
}

static void add_checks(const officer_check *k, size_t n, grog_explain *e)
{
    for (size_t i = 0; i < n; i++)
        grog_explain_add_check(e, k[i].rule, k[i].label, k[i].ok, k[i].detail);
}

static void note_orders(const grog_officer *br, grog_explain *e)
{
    char text[GROG_ID_MAX + GROG_TEXT_MAX + 64];
    if (br->order.kind[0] == '\0')
        return;
    grog_text_snprintf(text, sizeof text, _("current order of %s: %s%s%s"), br->id,
                       grog_explain_word_in("order", br->order.kind),
                       br->order.text[0] ? " — " : "", br->order.text);
    grog_explain_add_note(e, "GDB-02", text);
}

grog_status grog_gdb_battle_test(const grog_gdb_rules *rules, const grog_battle *b,
                                 const char *cinc, const char *brigade,
                                 const grog_gdb_dice_source *src, grog_explain **out,
                                 grog_gdb_outcome *outcome, grog_error *err)
{
    return grog_gdb_battle_test_measured(rules, b, cinc, brigade, NULL, src, out, outcome, err);
}

grog_status grog_gdb_battle_test_measured(const grog_gdb_rules *rules, const grog_battle *b,
                                          const char *cinc, const char *brigade,
                                          grog_tape *tape, const grog_gdb_dice_source *src,
                                          grog_explain **out, grog_gdb_outcome *outcome,
                                          grog_error *err)
{
    grog_gdb_input in;
    grog_status st = grog_gdb_battle_input_measured(rules, b, cinc, brigade, tape, &in, err);
    if (st != GROG_OK)
        return st;
    const grog_officer *br = grog_battle_officer_by_id(b, brigade);
    officer_check k[4];
    size_t n = officer_checks(b, grog_battle_officer_by_id(b, cinc), br, k);
    grog_explain *e = NULL;
    if (failed(k, n) != NULL) {
        e = grog_explain_create("gdb-order", _("Brigade order change by the C-in-C (General "
                                               "de Brigade)"));
        if (e == NULL)
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    } else if ((st = grog_gdb_order_test(rules, &in, src, &e, outcome, err)) != GROG_OK) {
        return st;
    }
    add_checks(k, n, e);
    if (failed(k, n) == NULL)
        note_orders(br, e);
    *out = e;
    return GROG_OK;
}

grog_status grog_gdb_book_attempt_in_battle(grog_gdb_book *book, const grog_gdb_rules *rules,
                                            const grog_battle *b, const char *cinc,
                                            const char *brigade, const char *order,
                                            const grog_gdb_dice_source *dice,
                                            grog_explain **out, grog_gdb_outcome *outcome,
                                            grog_error *err)
{
    return grog_gdb_book_attempt_measured(book, rules, b, cinc, brigade, order, NULL, dice, out,
                                          outcome, err);
}

grog_status grog_gdb_book_attempt_measured(grog_gdb_book *book, const grog_gdb_rules *rules,
                                           const grog_battle *b, const char *cinc,
                                           const char *brigade, const char *order,
                                           grog_tape *tape, const grog_gdb_dice_source *dice,
                                           grog_explain **out, grog_gdb_outcome *outcome,
                                           grog_error *err)
{
    grog_gdb_attempt a;
    memset(&a, 0, sizeof a);
    grog_status st = grog_gdb_battle_input_measured(rules, b, cinc, brigade, tape, &a.input,
                                                    err);
    if (st != GROG_OK)
        return st;
    officer_check k[4];
    size_t n = officer_checks(b, grog_battle_officer_by_id(b, cinc),
                              grog_battle_officer_by_id(b, brigade), k);
    const officer_check *bad = failed(k, n);
    if (bad != NULL)
        return grog_error_set(err, GROG_ERULE, _("%s: not so: %s (%s)"), bad->rule, bad->label,
                              bad->detail);
    a.cinc = cinc;
    a.brigade = brigade;
    a.order = order;
    if (dice != NULL)
        a.dice = *dice;
    grog_explain *e = NULL;
    st = grog_gdb_book_attempt(book, rules, &a, &e, outcome, err);
    if (st != GROG_OK)
        return st;
    add_checks(k, n, e);
    *out = e;
    return GROG_OK;
}
