/* unit_card.c — everything the rules say about one unit now, for a seat:
 * `grognard explain GAME unit ID` and its --json record.
 *
 * The common part (who it is, its state, its commander and attached
 * generals, its order, its prisoners) is built here; each family adds what
 * its rules say (family_ops.unit_card): formation effects, charisma, the
 * reaction value, orders being passed, pending changes (aigles); the
 * attached general's morale and cost rules (gt); the brigade order (gdb).
 * Hidden information: a unit's face-down order is shown only to its own
 * side and the referee. Nothing here changes the game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "i18n.h"

void card_note(json_t *card, const char *rule, const char *text)
{
    json_t *notes = json_object_get(card, "rules");
    json_array_append_new(notes, json_pack("{s:s,s:s}", "rule", rule, "text", text));
}

json_t *card_record(const grog_explain *e)
{
    char *text = NULL;
    if (grog_explain_to_json(e, &text, NULL) != GROG_OK)
        return json_null();
    json_t *j = json_loads(text, 0, NULL);
    free(text);
    return j != NULL ? j : json_null();
}

static json_t *order_json(const grog_order *o)
{
    if (o->kind[0] == '\0')
        return json_null();
    return json_pack("{s:s,s:s?,s:s?,s:i}", "kind", o->kind, "text", o->text[0] ? o->text : NULL,
                     "target", o->target[0] ? o->target : NULL, "given_turn", o->given_turn);
}

static json_t *ref(const char *id, const char *name)
{
    return json_pack("{s:s,s:s}", "id", id, "name", name);
}

static json_t *common_card(const legal_ctx *l, const grog_troop *u, size_t ui)
{
    const grog_battle *b = l->battle;
    json_t *states = json_array();
    for (int f = 0; f < GROG_UNIT_FLAG_COUNT; f++)
        if (u->flags & (1u << f))
            json_array_append_new(states, json_string(grog_unit_flag_name((grog_unit_flag)(1u << f))));
    int sees_hidden = l->side == NULL || strcmp(l->side, u->side) == 0;
    json_t *card = json_pack(
        "{s:s,s:s,s:s,s:s,s:s,s:s,s:i,s:i,s:s,s:o,s:i,s:{s:f,s:f,s:f},s:o,s:o,s:[],s:[]}", "id",
        u->id, "name", u->name, "side", u->side, "arm", grog_arm_name(u->arm), "status",
        grog_unit_status_name(u->status), "manoeuvre", grog_manoeuvre_name(u->manoeuvre),
        "figures", u->figures, "subunits", u->subunits, "formation", u->formation, "states",
        states, "casualties", u->casualties, "position", "x", u->base.centre.x, "y",
        u->base.centre.y, "facing", u->base.facing, "order", order_json(&u->order), "pending",
        sees_hidden ? order_json(&u->pending) : json_null(), "attached", "prisoners");
    const grog_officer *p = grog_battle_officer_by_id(b, u->parent);
    json_object_set_new(card, "commander", p != NULL ? ref(p->id, p->name) : json_null());
    size_t att[4];
    size_t n = grog_battle_attached_officers(b, ui, att, 4);
    for (size_t k = 0; k < n && k < 4; k++)
        json_array_append_new(json_object_get(card, "attached"),
                              ref(grog_battle_officer(b, att[k])->id,
                                  grog_battle_officer(b, att[k])->name));
    for (size_t k = 0; k < grog_battle_nofficers(b); k++) {
        const grog_officer *o = grog_battle_officer(b, k);
        if (o->state == GROG_OFFICER_PRISONER && strcmp(o->held_by, u->id) == 0)
            json_array_append_new(json_object_get(card, "prisoners"), ref(o->id, o->name));
    }
    json_object_set_new(card, "rules", json_array());
    if (u->flags & GROG_UNIT_IN_MELEE)
        json_object_set_new(card, "melee_since_turn", json_integer(u->melee_since));
    return card;
}

static grog_status card_object(const grog_game *g, const grog_seat *seat, const char *id,
                               json_t **out, grog_error *err)
{
    if (seat == NULL || seat->kind == GROG_SEAT_PUBLIC)
        seat = NULL;
    legal_ctx l;
    game_legal_ctx(g, seat != NULL && seat->kind == GROG_SEAT_SIDE ? seat->side : NULL, &l);
    size_t ui;
    if (id == NULL || !grog_battle_unit_index(l.battle, id, &ui))
        return grog_error_set(err, GROG_ENOTFOUND, _("no unit \"%s\" in this battle"),
                              id != NULL ? id : "");
    if (seat == NULL) /* the public: no side's hidden information */
        l.side = "";
    const grog_troop *u = grog_battle_unit(l.battle, ui);
    json_t *card = common_card(&l, u, ui);
    if (l.side != NULL && l.side[0] == '\0')
        json_object_set_new(card, "pending", json_null());
    const family_ops *ops = game_ops(g);
    if (ops->unit_card != NULL)
        ops->unit_card(&l, u, card);
    json_object_set_new(card, "family", json_string(grog_family_name(grog_game_family(g))));
    json_object_set_new(card, "turn", json_integer(l.turn));
    json_object_set_new(card, "phase", json_string(l.phase_id));
    *out = card;
    return GROG_OK;
}

grog_status grog_game_unit_card_json(const grog_game *g, const grog_seat *seat, const char *id,
                                     char **out, grog_error *err)
{
    json_t *card;
    grog_status st = card_object(g, seat, id, &card, err);
    if (st != GROG_OK)
        return st;
    *out = json_dumps(card, JSON_INDENT(2));
    json_decref(card);
    return *out != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}

/* ---- text ---- */

static void text_order(FILE *f, const char *label, json_t *o)
{
    if (!json_is_object(o))
        return;
    const char *text = json_string_value(json_object_get(o, "text"));
    fprintf(f, "  %s: %s%s%s%s\n", label, json_string_value(json_object_get(o, "kind")),
            text ? " (\"" : "", text ? text : "", text ? "\")" : "");
}

static void text_refs(FILE *f, const char *label, json_t *arr)
{
    if (json_array_size(arr) == 0)
        return;
    fprintf(f, "  %s:", label);
    size_t i;
    json_t *r;
    json_array_foreach(arr, i, r) fprintf(f, "%s %s", i ? "," : "",
                                          json_string_value(json_object_get(r, "name")));
    fprintf(f, "\n");
}

static void text_record(FILE *f, json_t *rec)
{
    /* a record is printed through its JSON fields: title, modifiers, value, notes */
    const char *title = json_string_value(json_object_get(rec, "title"));
    if (title != NULL)
        fprintf(f, "  %s\n", title);
    size_t i;
    json_t *m;
    json_array_foreach(json_object_get(rec, "modifiers"), i, m)
        fprintf(f, "    %-9s %-40s %+d\n", json_string_value(json_object_get(m, "rule")),
                json_string_value(json_object_get(m, "label")),
                (int)json_integer_value(json_object_get(m, "value")));
    json_t *range = json_object_get(rec, "range");
    if (json_is_object(range))
        fprintf(f, "    %s %d .. %+d\n", _("range:"),
                (int)json_integer_value(json_object_get(range, "lo")),
                (int)json_integer_value(json_object_get(range, "hi")));
    json_array_foreach(json_object_get(rec, "notes"), i, m)
        fprintf(f, "    %s: %s\n", json_string_value(json_object_get(m, "rule")),
                json_string_value(json_object_get(m, "text")));
}

grog_status grog_game_unit_card_text(const grog_game *g, const grog_seat *seat, const char *id,
                                     char **out, grog_error *err)
{
    json_t *c;
    grog_status st = card_object(g, seat, id, &c, err);
    if (st != GROG_OK)
        return st;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL) {
        json_decref(c);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
#define S(k) json_string_value(json_object_get(c, k))
    fprintf(f, _("%s (%s), %s: %s %s, class %s, %d figures\n"), S("name"), S("id"), S("side"),
            grog_explain_word(S("status")), grog_explain_word(S("arm")), S("manoeuvre"),
            (int)json_integer_value(json_object_get(c, "figures")));
    fprintf(f, _("  formation: %s\n"), grog_explain_word(S("formation")));
    json_t *ft = json_object_get(c, "figures_on_table");
    if (json_is_integer(ft) && json_integer_value(ft) != json_integer_value(json_object_get(c, "figures")))
        fprintf(f, _("  on the table: %d figures, %d companies (massed, AIG-F-12)\n"),
                (int)json_integer_value(ft),
                (int)json_integer_value(json_object_get(c, "subunits_on_table")));
    json_t *states = json_object_get(c, "states");
    if (json_array_size(states) > 0) {
        fprintf(f, "  %s", _("state:"));
        size_t i;
        json_t *v;
        json_array_foreach(states, i, v) fprintf(f, " %s", json_string_value(v));
        fprintf(f, "\n");
    }
    json_t *cmd = json_object_get(c, "commander");
    if (json_is_object(cmd))
        fprintf(f, _("  commander: %s\n"), json_string_value(json_object_get(cmd, "name")));
    text_refs(f, _("generals attached"), json_object_get(c, "attached"));
    text_refs(f, _("prisoners held"), json_object_get(c, "prisoners"));
    text_order(f, _("order"), json_object_get(c, "order"));
    text_order(f, _("face-down order"), json_object_get(c, "pending"));
    json_t *v;
    if ((v = json_object_get(c, "reaction")) != NULL)
        fprintf(f, _("  reaction value: %d (AIG-O-15)\n"), (int)json_integer_value(v));
    if ((v = json_object_get(c, "may_move")) != NULL && json_is_false(v))
        fprintf(f, "  %s\n", _("may not move"));
    if ((v = json_object_get(c, "formation_change")) != NULL && json_is_object(v))
        fprintf(f, ngettext("  forming %s: %d half-période left\n",
                            "  forming %s: %d half-périodes left\n",
                            (unsigned long)json_integer_value(json_object_get(v, "remaining"))),
                grog_explain_word(json_string_value(json_object_get(v, "to"))),
                (int)json_integer_value(json_object_get(v, "remaining")));
    size_t i;
    json_t *x;
    json_array_foreach(json_object_get(c, "orders_being_passed"), i, x)
    {
        int ex = (int)json_integer_value(json_object_get(x, "explain_turns"));
        int fl = (int)json_integer_value(json_object_get(x, "failed_turns"));
        fprintf(f, _("  %s is passing \"%s\" (explained: %d; failed: %d)\n"),
                json_string_value(json_object_get(x, "giver")),
                json_string_value(json_object_get(x, "order")), ex, fl);
    }
    json_array_foreach(json_object_get(c, "melee_generals"), i, x)
        fprintf(f,
                ngettext("  %s in its melee for %d half-période (AIG-O-14: orders it after 2)\n",
                         "  %s in its melee for %d half-périodes (AIG-O-14: orders it after 2)\n",
                         (unsigned long)json_integer_value(json_object_get(x, "half_periods"))),
                json_string_value(json_object_get(x, "name")),
                (int)json_integer_value(json_object_get(x, "half_periods")));
    if ((v = json_object_get(c, "morale")) != NULL && json_is_object(v))
        text_record(f, v);
    json_t *notes = json_object_get(c, "rules");
    if (json_array_size(notes) > 0)
        fprintf(f, "  %s\n", _("what the rules say:"));
    json_array_foreach(notes, i, x)
        fprintf(f, "    %s: %s\n", json_string_value(json_object_get(x, "rule")),
                json_string_value(json_object_get(x, "text")));
#undef S
    fclose(f);
    json_decref(c);
    *out = buf;
    return buf != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}
