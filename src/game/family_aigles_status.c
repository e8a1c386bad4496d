/* family_aigles_status.c — what Les Aigles adds to the status and to a unit's
 * card: command points, formation changes, ADCs riding, orders being passed
 * (nothing of it is hidden in Les Aigles), the formation's effects, the
 * reaction and the morale of a unit. Reads the state, changes nothing. */
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "family_aigles.h"
#include "i18n.h"

/* The same state for programs and the views (src/view): command points per
 * general, formation changes, ADCs riding, orders being passed. Nothing of it
 * is hidden information in Les Aigles. */
/* AIG-F-03, AIG-F-12: what a unit shows on the table (grog_aigles_formation_on_table). */
static int on_table(const aigles_rules *r, const grog_troop *u, grog_aigles_on_table *t)
{
    grog_aigles_formation f;
    return grog_aigles_formation_of_troop(u, &f, NULL) == GROG_OK &&
           grog_aigles_formation_on_table(r->formations, f, u->figures, u->subunits, t, NULL) ==
               GROG_OK;
}

/* The massed units: their figures and companies on the table, by unit id. */
static json_t *massed_units(const aigles_rules *r, const grog_battle *b)
{
    json_t *by = json_object();
    for (size_t i = 0; by != NULL && i < grog_battle_nunits(b); i++) {
        const grog_troop *u = grog_battle_unit(b, i);
        grog_aigles_on_table t;
        if (on_table(r, u, &t) && t.massed)
            json_object_set_new(by, u->id,
                                json_pack("{s:i,s:i,s:i,s:i}", "figures", t.figures, "subunits",
                                          t.subunits, "of_figures", u->figures, "of_subunits",
                                          u->subunits));
    }
    return by;
}

static void status_detail(const aigles_rules *ar, const grog_battle *b, const aigles_state *s,
                          json_t *out)
{
    json_t *points = json_object(), *changes = json_array(), *adcs = json_array(),
           *attempts = json_array();
    json_object_set_new(out, "on_table", massed_units(ar, b));
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
    grog_aigles_on_table t; /* AIG-F-03, AIG-F-12: massing takes half off the table */
    if (on_table(r, u, &t)) {
        json_object_set_new(card, "figures_on_table", json_integer(t.figures));
        json_object_set_new(card, "subunits_on_table", json_integer(t.subunits));
        if (t.massed) {
            char text[256];
            grog_text_snprintf(
                text, sizeof text,
                _("massed: %d of %d figures and %d of %d companies on the table; the others "
                  "come back when it leaves massed order"),
                t.figures, u->figures, t.subunits, u->subunits);
            card_note(card, "AIG-F-12", text);
        }
    }
    int square = f == GROG_AIGLES_FM_FULL_SQUARE || f == GROG_AIGLES_FM_MASS_SQUARE;
    json_object_set_new(card, "may_move", json_boolean(!square));
    if (square)
        card_note(card, "AIG-F-12", _("a full or mass square cannot move"));
    if (u->flags & GROG_UNIT_UNFORMED)
        card_note(card, "AIG-F-20", _("without formation: counts as dispersed for crossing "
                                      "terrain"));
}

void aigles_unit_card(const legal_ctx *l, const grog_troop *u, json_t *card)
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

void aigles_status(const void *rules, const grog_battle *b, const void *state, const char *side,
                   json_t *out)
{
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
        grog_text_snprintf(
            line, sizeof line,
            ngettext("%s: %d command point left", "%s: %d command points left", s->points[i].left),
            o->name, s->points[i].left);
        json_array_append_new(list, json_string(line));
    }
    json_t *pending = json_array();
    char line[256];
    for (size_t i = 0; i < s->nchanges; i++) {
        grog_text_snprintf(line, sizeof line,
                           ngettext("%s forming %s: %d half-période left",
                                    "%s forming %s: %d half-périodes left",
                                    s->changes[i].p.remaining),
                           grog_battle_unit(b, s->changes[i].unit)->name,
                           grog_explain_word(grog_aigles_formation_name(s->changes[i].p.to)),
                           s->changes[i].p.remaining);
        json_array_append_new(pending, json_string(line));
    }
    for (size_t i = 0; i < s->nriders; i++) {
        grog_text_snprintf(line, sizeof line,
                           ngettext("%s riding %s: %d half-période",
                                    "%s riding %s: %d half-périodes",
                                    (unsigned long)s->riders[i].halves),
                           grog_battle_officer(b, s->riders[i].adc)->name,
                           s->riders[i].leg == ADC_OUT ? _("out") : _("back"), s->riders[i].halves);
        json_array_append_new(pending, json_string(line));
    }
    for (size_t i = 0; i < s->nattempts; i++) {
        grog_text_snprintf(
            line, sizeof line, _("%s still passing \"%s\" to %s (explained %d, failed turns %d)"),
            grog_battle_officer(b, s->attempts[i].giver)->name,
            grog_explain_word_in("order", s->attempts[i].kind), s->attempts[i].receiver,
            s->attempts[i].a.explain_turns, s->attempts[i].a.failed_turns);
        json_array_append_new(pending, json_string(line));
    }
    json_object_set_new(out, "may", may);
    json_object_set_new(out, "pending", pending);
    status_detail(rules, b, s, out);
}
