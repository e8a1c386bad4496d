/* claims.c — the claims: an event a side reports about the other side's
 * pieces (docs/game.md, "Claims"). Four actions:
 *   claim SIDE event KIND ...   SIDE reports the event; journaled, not
 *                               applied: it waits in the state's list
 *                               (claim_list.h). game.c makes a side's
 *                               `event` about the other side's pieces one.
 *   accept N [--roll ...]       the side it is about (or the referee)
 *                               accepts claim N: its event is applied now,
 *                               as if the referee had reported it.
 *   dispute N                   that side disputes it: the referee decides.
 *   decide N apply|reject       the referee's decision (any open claim).
 *
 * Invariants: a claim changes nothing but the list (its event is tried on
 * a copy of the state, so a claim the rules refuse is refused, and no die
 * of the copy is shown); its event's words are kept with the measures
 * given with it, and run again, with the same measures, only by its
 * answer, from the answer's own place in the dice stream: a replay gives
 * the same bytes. A claim's check (what the map says: do the officer and
 * the unit touch, does a unit of the claiming side touch the unit in
 * melee) is worked out when it is made, through the table's measures
 * (tape.h), and kept with it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "claim_list.h"
#include "claims.h"
#include "grognard/explain.h"
#include "grognard/geom.h"
#include "i18n.h"
#include "table_events.h"
#include "table_measures.h"

/* The map's bases touch within this much (mm): every family's contact
 * tolerance (data/rules/FAMILY.json, measure.contact_tolerance_mm) is at most it. */
#define CLAIM_CONTACT_MM 1.0

static grog_status usage(grog_error *err, const char *text)
{
    return grog_error_set(err, GROG_EINVAL, _("usage: %s"), text);
}

/* ---- the check: what the positions say ---- */

/* The contact between from and to (ids), the map's, or the table's when it
 * was measured (--measure FROM:TO=..., taken from the tape); mm: the map's. */
static json_t *contact_check(action_ctx *c, const char *what, const grog_base *a,
                             const grog_base *b, const char *from, const char *to,
                             const char *pair_to)
{
    double mm = grog_base_distance(a, b);
    grog_measure m = grog_measure_map(strcmp(what, "contact") == 0 ? GROG_MEASURE_CONTACT
                                                                   : GROG_MEASURE_NEAREST_ENEMY,
                                      from, pair_to, "claim", GROG_UNIT_MM);
    m.known = 1;
    m.mm = mm;
    m.contact = mm <= CLAIM_CONTACT_MM;
    m.contact_mm = CLAIM_CONTACT_MM;
    int table = grog_tape_take(c->tape, &m);
    int contact = m.what == GROG_MEASURE_CONTACT ? m.contact : m.mm <= CLAIM_CONTACT_MM;
    return json_pack("{s:s,s:s,s:s,s:f,s:b,s:b,s:s}", "what", what, "from", from, "to", to,
                     "map_mm", mm, "map_contact", mm <= CLAIM_CONTACT_MM, "contact", contact,
                     "source", table ? "table" : "map");
}

/* The nearest unit of side `by` to unit u, or NULL. */
static const grog_troop *nearest_of(const grog_battle *b, const grog_troop *u, const char *by)
{
    const grog_troop *best = NULL;
    double best_mm = INFINITY;
    for (size_t i = 0; i < grog_battle_nunits(b); i++) {
        const grog_troop *v = grog_battle_unit(b, i);
        if (strcmp(v->side, by) != 0)
            continue;
        double mm = grog_base_distance(&u->base, &v->base);
        if (mm < best_mm) {
            best_mm = mm;
            best = v;
        }
    }
    return best;
}

/* What the positions say of the event ev (its words, measures out), as a
 * compact JSON text (sorted keys), or NULL when the event has no check. */
static char *claim_check(action_ctx *c, const char *by, int argc, char **ev)
{
    json_t *k = NULL;
    const grog_battle *b = c->battle;
    if (argc == 4 && (strcmp(ev[1], "contact") == 0 || strcmp(ev[1], "surrounded") == 0)) {
        const grog_officer *o = grog_battle_officer_by_id(b, ev[2]);
        const grog_troop *u = grog_battle_unit_by_id(b, ev[3]);
        if (o != NULL && u != NULL)
            k = contact_check(c, "contact", &o->base, &u->base, o->id, u->id, u->id);
    } else if (argc == 4 && strcmp(ev[1], "melee") == 0) {
        const grog_troop *u = grog_battle_unit_by_id(b, ev[2]);
        const grog_troop *v = u != NULL ? nearest_of(b, u, by) : NULL;
        if (v != NULL)
            k = contact_check(c, "nearest-enemy", &u->base, &v->base, u->id, v->id,
                              GROG_TAPE_ENEMY);
    }
    char *s = k != NULL ? json_dumps(k, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    json_decref(k);
    return s;
}

/* A length of the map in the table's unit, for people: "300 pas". */
static void length_text(const grog_battle *b, double mm, char *out, size_t size)
{
    const grog_table *t = grog_battle_table(b);
    double v = grog_length_from_mm(mm, t->file_unit, &t->scale);
    const char *unit = t->file_unit == GROG_UNIT_PAS
                           ? ngettext("pas", "pas", (unsigned long)(fabs(v) + 0.5))
                           : grog_explain_word_in("length", grog_unit_name(t->file_unit));
    snprintf(out, size, "%.*f %s", fabs(v) >= 100 ? 0 : 1, v, unit);
}

const char *game_claim_side_name(const grog_battle *b, const char *id)
{
    const grog_side *s = grog_battle_side_by_id(b, id);
    return s != NULL && s->name[0] != '\0' ? s->name : id;
}

static const char *piece_name(const grog_battle *b, const char *id)
{
    const grog_officer *o = grog_battle_officer_by_id(b, id);
    const grog_troop *u = o == NULL ? grog_battle_unit_by_id(b, id) : NULL;
    return o != NULL ? o->name : u != NULL ? u->name : id;
}

int game_claim_warning(const grog_battle *b, const char *check, char *out, size_t size)
{
    out[0] = '\0';
    json_t *k = check != NULL ? json_loads(check, 0, NULL) : NULL;
    const char *what = json_string_value(json_object_get(k, "what"));
    const char *from = json_string_value(json_object_get(k, "from"));
    const char *to = json_string_value(json_object_get(k, "to"));
    double mm = json_real_value(json_object_get(k, "map_mm"));
    int contact = json_is_true(json_object_get(k, "contact"));
    int map_contact = json_is_true(json_object_get(k, "map_contact"));
    int table = json_is_string(json_object_get(k, "source")) &&
                strcmp(json_string_value(json_object_get(k, "source")), "table") == 0;
    char len[64];
    length_text(b, mm, len, sizeof len);
    if (what == NULL || from == NULL || to == NULL || (contact && map_contact)) {
        json_decref(k);
        return 0;
    }
    const char *a = piece_name(b, from), *c = piece_name(b, to);
    if (strcmp(what, "contact") == 0 && !contact && !table)
        snprintf(out, size, _("The positions say otherwise: the map puts %s %s from %s, not in "
                              "contact."),
                 a, len, c);
    else if (strcmp(what, "contact") == 0 && !contact)
        snprintf(out, size, _("The claim's own measure says otherwise: %s and %s are not in "
                              "contact (the map: %s apart)."),
                 a, c, len);
    else if (strcmp(what, "contact") == 0)
        snprintf(out, size, _("Measured at the table: in contact; the map puts %s %s from %s."),
                 a, len, c);
    else if (!contact)
        snprintf(out, size, _("The positions say otherwise: no unit of the claiming side touches "
                              "%s on the map; the nearest, %s, stands %s away."),
                 a, c, len);
    else
        snprintf(out, size, _("Measured at the table: in contact; on the map the nearest unit "
                              "of the claiming side, %s, stands %s from %s."),
                 c, len, a);
    json_decref(k);
    return 1;
}

/* ---- the event tried on a copy ---- */

/* Runs the event ev on a copy of the context's state, with the context's
 * measures; *about: the side it is about (a side id of the battle). */
static grog_status try_event(action_ctx *c, int argc, char **ev, const char **about,
                             grog_error *err)
{
    game_state from = {c->battle, c->fstate, c->rng, c->turn, c->phase, *c->claims};
    game_state copy;
    memset(&copy, 0, sizeof copy);
    grog_status st = game_state_clone(c->game, &from, &copy, err);
    if (st != GROG_OK)
        return st;
    action_ctx sub;
    ctx_init(&sub, c->game, &copy);
    sub.checks_only = 1;
    sub.tape = c->tape;
    char **w = malloc(((size_t)argc + 1) * sizeof *w);
    if (w == NULL)
        st = grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    else {
        memcpy(w, ev, (size_t)argc * sizeof *w);
        w[argc] = NULL;
        st = game_table_event(&sub, argc, w, err);
    }
    free(w);
    const grog_side *s = sub.about != NULL ? grog_battle_side_by_id(c->battle, sub.about) : NULL;
    *about = s != NULL ? s->id : NULL;
    ctx_free(&sub);
    game_state_free(c->game, &copy);
    return st;
}

/* The event's words as kept with the claim: ev, then every measure given
 * with it (--measure TEXT), as a compact JSON array text. */
static char *kept_words(const action_ctx *c, int argc, char **ev)
{
    json_t *a = json_array();
    for (int i = 0; i < argc; i++)
        json_array_append_new(a, json_string(ev[i]));
    for (size_t i = 0; c->tape != NULL && i < grog_tape_count(c->tape); i++) {
        json_array_append_new(a, json_string("--measure"));
        json_array_append_new(a, json_string(grog_tape_text(c->tape, i)));
    }
    char *s = json_dumps(a, JSON_COMPACT);
    json_decref(a);
    return s;
}

static json_t *loads(const char *text)
{
    return text != NULL ? json_loads(text, 0, NULL) : json_null();
}

/* ---- claim SIDE event KIND ... ---- */

grog_status game_act_claim(action_ctx *c, int argc, char **argv, grog_error *err)
{
    if (argc < 5 || strcmp(argv[2], "event") != 0)
        return usage(err, "claim SIDE event KIND ...");
    const grog_side *by = grog_battle_side_by_id(c->battle, argv[1]);
    if (by == NULL)
        return grog_error_set(err, GROG_EINVAL, _("claim: no side \"%s\" in this game"), argv[1]);
    for (int i = 3; i < argc; i++)
        if (strcmp(argv[i], "--roll") == 0)
            return grog_error_set(err, GROG_EINVAL,
                                  _("a claim carries no dice: the dice of its event are rolled "
                                    "when it is accepted (accept N --roll D)"));
    int n = argc - 2;
    char **ev = argv + 2;
    const char *about = NULL;
    grog_status st = try_event(c, n, ev, &about, err);
    if (st != GROG_OK)
        return st;
    if (about == NULL)
        return grog_error_set(err, GROG_EINVAL, _("claim: the event names no piece"));
    if (strcmp(about, by->id) == 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("this event is about %s's own pieces: it is no claim (report it "
                                "with event)"),
                              game_claim_side_name(c->battle, by->id));
    c->side = by->id;
    game_claim k = {c->seq, "", "", 0, kept_words(c, n, ev), claim_check(c, by->id, n, ev)};
    snprintf(k.by, sizeof k.by, "%s", by->id);
    snprintf(k.about, sizeof k.about, "%s", about);
    st = k.words != NULL ? claim_list_add(c->claims, &k, err)
                         : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    if (st == GROG_OK) {
        char text[512], warning[512];
        game_claim_words_text(k.words, text, sizeof text);
        int warned = game_claim_warning(c->battle, k.check, warning, sizeof warning);
        ctx_event(c, "", "claim",
                  json_pack("{s:I,s:s,s:s,s:o,s:o,s:b}", "claim", (json_int_t)c->seq, "by",
                            by->id, "about", about, "words", loads(k.words), "check",
                            loads(k.check), "warning", warned),
                  _("Claim #%lld: %s reports \"%s\"; it is applied when %s accepts it, or the "
                    "referee decides.%s%s"),
                  c->seq, game_claim_side_name(c->battle, by->id), text,
                  game_claim_side_name(c->battle, about), warned ? " " : "", warning);
    }
    free(k.words);
    free(k.check);
    return st;
}

/* ---- answers ---- */

/* The open claim named by argv[1]. */
static grog_status find_claim(action_ctx *c, const char *what, int argc, char **argv, int min,
                              game_claim **out, grog_error *err)
{
    long n;
    if (argc < min)
        return usage(err, what);
    grog_status st = ctx_int(_("claim number"), argv[1], 1, 1000000000L, &n, err);
    if (st != GROG_OK)
        return st;
    *out = claim_list_find(*c->claims, n);
    if (*out == NULL)
        return grog_error_set(err, GROG_ENOTFOUND,
                              _("no open claim #%ld (grognard claims GAME lists them)"), n);
    c->claim = n;
    return GROG_OK;
}

/* Applies claim k's event now, with the extra words (--roll) of its
 * answer; its measures are the claim's own. */
static grog_status apply_claim(action_ctx *c, const game_claim *k, int extra, char **more,
                               grog_error *err)
{
    json_t *w = json_loads(k->words, 0, NULL);
    size_t n = json_array_size(w);
    char **words = calloc(n + (size_t)extra + 1, sizeof *words);
    grog_status st = w != NULL && words != NULL ? GROG_OK
                                                : grog_error_set(err, GROG_ENOMEM,
                                                                 _("out of memory"));
    for (size_t i = 0; st == GROG_OK && i < n; i++)
        words[i] = (char *)json_string_value(json_array_get(w, i));
    for (int i = 0; st == GROG_OK && i < extra; i++)
        words[n + (size_t)i] = more[i];
    int argc = (int)n + extra;
    if (st == GROG_OK && c->tape != NULL)
        st = grog_error_set(err, GROG_EINVAL,
                            _("an answer to a claim takes no --measure: the claim's own are "
                              "used"));
    if (st == GROG_OK)
        st = table_measures_take(c, &argc, words, err);
    char *check = NULL;
    if (st == GROG_OK) /* the claim's measure for its check, taken again */
        check = claim_check(c, k->by, argc, words);
    free(check);
    if (st == GROG_OK)
        st = game_table_event(c, argc, words, err);
    free(words);
    json_decref(w);
    return st;
}

grog_status game_act_accept(action_ctx *c, int argc, char **argv, grog_error *err)
{
    game_claim *k;
    grog_status st = find_claim(c, "accept N [--roll D]", argc, argv, 2, &k, err);
    if (st != GROG_OK)
        return st;
    game_claim kept = *k;
    const grog_side *about = grog_battle_side_by_id(c->battle, kept.about);
    ctx_event(c, "", "claim-accepted",
              json_pack("{s:I,s:s,s:s}", "claim", (json_int_t)kept.seq, "by", kept.by, "about",
                        kept.about),
              _("Claim #%lld of %s is accepted; its event is applied:"), kept.seq,
              game_claim_side_name(c->battle, kept.by));
    st = apply_claim(c, &kept, argc - 2, argv + 2, err);
    c->side = c->about = about != NULL ? about->id : "";
    if (st == GROG_OK)
        claim_list_remove(*c->claims, kept.seq);
    return st;
}

grog_status game_act_dispute(action_ctx *c, int argc, char **argv, grog_error *err)
{
    game_claim *k;
    grog_status st = find_claim(c, "dispute N", argc, argv, 2, &k, err);
    if (st != GROG_OK)
        return st;
    if (argc != 2)
        return usage(err, "dispute N");
    const grog_side *about = grog_battle_side_by_id(c->battle, k->about);
    c->side = c->about = about != NULL ? about->id : "";
    if (k->disputed)
        return grog_error_set(err, GROG_EINVAL,
                              _("claim #%lld is already disputed: the referee decides (decide "
                                "%lld apply|reject)"),
                              k->seq, k->seq);
    k->disputed = 1;
    ctx_event(c, "", "claim-disputed",
              json_pack("{s:I,s:s,s:s}", "claim", (json_int_t)k->seq, "by", k->by, "about",
                        k->about),
              _("Claim #%lld of %s is disputed by %s: the referee decides."), k->seq,
              game_claim_side_name(c->battle, k->by), game_claim_side_name(c->battle, k->about));
    return GROG_OK;
}

grog_status game_act_decide(action_ctx *c, int argc, char **argv, grog_error *err)
{
    game_claim *k;
    grog_status st = find_claim(c, "decide N apply|reject [--roll D]", argc, argv, 3, &k, err);
    if (st != GROG_OK)
        return st;
    c->referee_only = 1;
    int apply = strcmp(argv[2], "apply") == 0;
    if (!apply && strcmp(argv[2], "reject") != 0)
        return grog_error_set(err, GROG_EINVAL, _("decide: apply or reject, not \"%s\""), argv[2]);
    if (!apply && argc != 3)
        return usage(err, "decide N reject");
    game_claim kept = *k;
    ctx_event(c, "", "claim-decided",
              json_pack("{s:I,s:s,s:s,s:s}", "claim", (json_int_t)kept.seq, "by", kept.by,
                        "about", kept.about, "decision", apply ? "apply" : "reject"),
              apply ? _("The referee applies claim #%lld of %s:")
                    : _("The referee rejects claim #%lld of %s: nothing is applied."),
              kept.seq, game_claim_side_name(c->battle, kept.by));
    if (apply)
        st = apply_claim(c, &kept, argc - 3, argv + 3, err);
    c->side = "";
    c->about = NULL;
    if (st == GROG_OK)
        claim_list_remove(*c->claims, kept.seq);
    return st;
}

/* ---- words ---- */

void game_claim_words_text(const char *words, char *out, size_t size)
{
    json_t *w = json_loads(words, 0, NULL);
    size_t len = 0;
    out[0] = '\0';
    for (size_t i = 0; i < json_array_size(w) && len < size; i++)
        len += (size_t)snprintf(out + len, size - len, "%s%s", i ? " " : "",
                                json_string_value(json_array_get(w, i)));
    json_decref(w);
}

int game_claim_words(const grog_battle *b, const char *seat_side, int argc,
                     const char *const *words, const char ***out)
{
    *out = NULL;
    const char *about = game_event_about(b, argc, words);
    if (seat_side == NULL || about == NULL || strcmp(about, seat_side) == 0)
        return 0;
    const char **w = malloc(((size_t)argc + 2) * sizeof *w);
    if (w == NULL)
        return -1;
    w[0] = "claim";
    w[1] = seat_side;
    memcpy(w + 2, words, (size_t)argc * sizeof *w);
    *out = w;
    return argc + 2;
}
