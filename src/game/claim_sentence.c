/* claim_sentence.c — a claim's event said as a sentence, for the claims list
 * (claims_view.c): "2e Leger routs." rather than the words typed ("event routs
 * fr-2leger"). The sentences are the ones the event itself writes when it is
 * applied (table_events.c), with the pieces' names; a claim whose words are
 * not one of the known events, or name a piece the battle does not hold, has
 * none (the caller shows the words). Nothing here changes the game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "claims.h"
#include "i18n.h"

/* The name of piece id (an officer or a unit), or NULL. */
static const char *name_of(const grog_battle *b, const char *id)
{
    const grog_officer *o = id != NULL ? grog_battle_officer_by_id(b, id) : NULL;
    if (o != NULL)
        return o->name;
    const grog_troop *u = id != NULL ? grog_battle_unit_by_id(b, id) : NULL;
    return u != NULL ? u->name : NULL;
}

/* out gets the formatted text: 1, or 0 when it did not fit or failed. */
#define SAY(...) (snprintf(out, size, __VA_ARGS__) > 0)

static int is(const char *a, const char *b)
{
    return strcmp(a, b) == 0;
}

/* One piece's events: KIND PIECE (id, its name). */
static int one_piece(const grog_battle *b, int aigles, const char *kind, const char *id,
                     const char *name, char *out, size_t size)
{
    if (is(kind, "flees"))
        return SAY(_("%s flees."), name);
    if (is(kind, "routs"))
        return SAY(_("%s routs."), name);
    if (is(kind, "rallies"))
        return SAY(_("%s rallies."), name);
    if (is(kind, "disorder"))
        return SAY(_("%s falls into disorder."), name);
    if (is(kind, "wounded"))
        return SAY(_("%s is out of commission."), name);
    if (is(kind, "freed"))
        return SAY(_("%s is freed and operational again (a table event)."), name);
    if (is(kind, "breaks"))
        return grog_battle_officer_by_id(b, id) != NULL ? SAY(_("The brigade of %s is broken."), name)
                                                        : SAY(_("%s is broken."), name);
    if (is(kind, "killed"))
        return aigles ? SAY(_("AIG-O-26: %s is killed."), name)
                      : SAY(_("%s is killed (a table event: these rules have none for it)."), name);
    return 0;
}

/* An event with a word after its piece (name): KIND PIECE WORD. */
static int piece_and_word(const char *kind, const char *name, const char *w, char *out,
                          size_t size)
{
    if (is(kind, "melee"))
        return is(w, "start") ? SAY(_("%s is in melee."), name)
               : is(w, "won") ? SAY(_("%s wins its melee."), name)
               : is(w, "lost") ? SAY(_("%s loses its melee."), name)
                               : 0;
    if (is(kind, "avance"))
        return is(w, "on") ? SAY(_("%s takes an Avance marker."), name)
               : is(w, "off") ? SAY(_("%s loses his Avance marker."), name)
                              : 0;
    if (is(kind, "casualties")) {
        char *end;
        long v = strtol(w, &end, 10);
        return *end == '\0' && end != w && v >= 0 &&
               SAY(ngettext("%s takes %ld casualty.", "%s takes %ld casualties.", (unsigned long)v),
                   name, v);
    }
    return 0;
}

/* An officer (name) and an enemy unit (unit): contact, surrounded. */
static int officer_and_unit(int aigles, const char *kind, const char *name, const char *unit,
                            char *out, size_t size)
{
    if (is(kind, "contact"))
        return aigles ? SAY(_("AIG-O-21: %s is contacted by %s and taken prisoner."), name, unit)
                      : SAY(_("%s is taken prisoner by %s (a table event: these rules have none "
                              "for it)."),
                            name, unit);
    if (is(kind, "surrounded"))
        return aigles ? SAY(_("AIG-O-21: %s, surrounded with no way out, is taken prisoner by %s."),
                            name, unit)
                      : SAY(_("%s, surrounded, is taken prisoner by %s (a table event: these "
                              "rules have none for it)."),
                            name, unit);
    return 0;
}

/* The words after "event KIND", the measures given with them left out. */
static size_t event_args(json_t *w, const char **args, size_t max)
{
    size_t n = 0;
    for (size_t i = 2; i < json_array_size(w) && n < max; i++) {
        const char *s = json_string_value(json_array_get(w, i));
        if (s == NULL)
            return 0;
        if (strcmp(s, "--measure") == 0 || strcmp(s, "--roll") == 0) {
            i++;
            continue;
        }
        args[n++] = s;
    }
    return n;
}

/* The sentence of words (a claim's JSON array) into out: 1, or 0. */
static int sentence_of(const grog_battle *b, int aigles, json_t *w, char *out, size_t size)
{
    const char *kind = json_string_value(json_array_get(w, 1)), *a[3];
    size_t n = event_args(w, a, 3);
    const char *first = n >= 1 ? name_of(b, a[0]) : NULL;
    if (kind == NULL || first == NULL)
        return 0;
    if (n == 1)
        return one_piece(b, aigles, kind, a[0], first, out, size);
    if (n != 2)
        return 0;
    const char *second = name_of(b, a[1]);
    if (second != NULL && grog_battle_officer_by_id(b, a[0]) != NULL)
        return officer_and_unit(aigles, kind, first, second, out, size);
    return piece_and_word(kind, first, a[1], out, size);
}

int game_claim_sentence(const grog_battle *b, int aigles, const char *words, char *out,
                        size_t size)
{
    out[0] = '\0';
    json_t *w = words != NULL ? json_loads(words, 0, NULL) : NULL;
    int ok = json_is_array(w) && sentence_of(b, aigles, w, out, size);
    json_decref(w);
    if (!ok)
        out[0] = '\0';
    return ok;
}
