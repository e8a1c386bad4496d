/* claims_view.c — the open claims as a seat sees them (grog_game_claims_json
 * and _text, game.h): every claim is public (its event, who made it, what
 * the positions say); what the seat may answer is its own. Nothing here
 * changes the game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "claim_list.h"
#include "claims.h"
#include "engine.h"
#include "i18n.h"

/* What seat may answer to claim k: the side it is about accepts or
 * disputes (accepts only, once disputed), the referee decides (or
 * accepts); the side that made it and the public answer nothing. */
static json_t *may(const grog_seat *seat, const game_claim *k)
{
    json_t *a = json_array();
    if (seat != NULL && seat->kind == GROG_SEAT_REFEREE) {
        json_array_append_new(a, json_string("accept"));
        json_array_append_new(a, json_string("decide"));
    } else if (seat != NULL && seat->kind == GROG_SEAT_SIDE && strcmp(seat->side, k->about) == 0) {
        json_array_append_new(a, json_string("accept"));
        if (!k->disputed)
            json_array_append_new(a, json_string("dispute"));
    }
    return a;
}

static json_t *claim_object(const grog_game *g, const grog_seat *seat, const game_claim *k)
{
    char text[512], sentence[1024], warning[512];
    game_claim_words_text(k->words, text, sizeof text);
    int said = game_claim_sentence(g->s.battle, grog_game_family(g) == GROG_FAMILY_AIGLES,
                                   k->words, sentence, sizeof sentence);
    int warned = game_claim_warning(g->s.battle, k->check, warning, sizeof warning);
    json_t *w = json_loads(k->words, 0, NULL);
    json_t *c = k->check != NULL ? json_loads(k->check, 0, NULL) : json_null();
    return json_pack("{s:I,s:s,s:s,s:s,s:o*,s:s,s:s,s:o*,s:s*,s:o}", "claim",
                     (json_int_t)k->seq, "by", k->by, "about", k->about, "status",
                     k->disputed ? "disputed" : "pending", "words", w, "text", text, "sentence",
                     said ? sentence : text, "check", c, "warning", warned ? warning : NULL,
                     "may", may(seat, k));
}

static json_t *claims_object(const grog_game *g, const grog_seat *seat)
{
    json_t *a = json_array();
    const claim_list *l = g->s.claims;
    for (size_t i = 0; l != NULL && i < l->n; i++)
        json_array_append_new(a, claim_object(g, seat, &l->v[i]));
    return json_pack("{s:I,s:o}", "actions", (json_int_t)grog_game_action_count(g), "claims", a);
}

grog_status grog_game_claims_json(const grog_game *g, const grog_seat *seat, char **out,
                                  grog_error *err)
{
    json_t *o = claims_object(g, seat);
    *out = o != NULL ? json_dumps(o, JSON_INDENT(2)) : NULL;
    json_decref(o);
    return *out != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}

static void claim_text(FILE *f, const grog_game *g, const grog_seat *seat, json_t *c)
{
    const grog_battle *b = g->s.battle;
    const char *by = game_claim_side_name(b, json_string_value(json_object_get(c, "by")));
    const char *about = game_claim_side_name(b, json_string_value(json_object_get(c, "about")));
    int disputed = strcmp(json_string_value(json_object_get(c, "status")), "disputed") == 0;
    fprintf(f, _("#%lld  %s claims: %s\n"), (long long)json_integer_value(json_object_get(c, "claim")),
            by, json_string_value(json_object_get(c, "sentence")));
    if (seat != NULL && seat->kind == GROG_SEAT_REFEREE) /* what to type to correct it */
        fprintf(f, _("     typed: %s\n"), json_string_value(json_object_get(c, "text")));
    if (disputed)
        fprintf(f, _("     disputed by %s: the referee decides\n"), about);
    else
        fprintf(f, _("     waiting for %s to accept or dispute it\n"), about);
    const char *warning = json_string_value(json_object_get(c, "warning"));
    if (warning != NULL)
        fprintf(f, _("     Warning: %s\n"), warning);
    json_t *m = json_object_get(c, "may");
    long long n = (long long)json_integer_value(json_object_get(c, "claim"));
    if (json_array_size(m) == 0)
        return;
    if (seat != NULL && seat->kind == GROG_SEAT_REFEREE)
        fprintf(f, _("     you may: accept %lld, decide %lld apply, decide %lld reject\n"), n, n, n);
    else if (disputed)
        fprintf(f, _("     you may: accept %lld\n"), n);
    else
        fprintf(f, _("     you may: accept %lld, dispute %lld\n"), n, n);
}

grog_status grog_game_claims_text(const grog_game *g, const grog_seat *seat, char **out,
                                  grog_error *err)
{
    json_t *o = claims_object(g, seat);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = o != NULL ? open_memstream(&buf, &len) : NULL;
    if (f == NULL) {
        json_decref(o);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    json_t *a = json_object_get(o, "claims");
    if (json_array_size(a) == 0)
        fputs(_("No open claims.\n"), f);
    size_t i;
    json_t *c;
    json_array_foreach(a, i, c) claim_text(f, g, seat, c);
    fclose(f);
    json_decref(o);
    *out = buf;
    return buf != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}
