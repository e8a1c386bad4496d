/* explain_measure.c — the measures of an explanation record (tape.h): the
 * list, its JSON (the jansson value and the same text written directly) and
 * its lines for people.
 *
 * A measure's JSON: {"id","from","to","what","value","unit","source","rule"};
 * "value" is the length in "unit" (the rule's), true/false for a contact
 * (unit null), null when unknown (no enemy on the map); "to" is null when
 * there is no other piece to name (the table's nearest enemy). */
#include <stdlib.h>
#include <string.h>

#include "explain_internal.h"
#include "i18n.h"
#include "jsontext.h"

void explain_measures_free(explain_measures *list)
{
    free(list->v);
    memset(list, 0, sizeof *list);
}

int explain_measures_push(explain_measures *list, const grog_measure *m, const grog_scale *scale)
{
    if (list->n == list->cap) {
        size_t ncap = list->cap ? list->cap * 2 : 4;
        explain_measure *nv = realloc(list->v, ncap * sizeof *nv);
        if (nv == NULL)
            return 0;
        list->v = nv;
        list->cap = ncap;
    }
    explain_measure *x = &list->v[list->n++];
    x->m = *m;
    x->value = grog_measure_value(m, scale);
    return 1;
}

static const char *unit_of(const grog_measure *m)
{
    return m->what == GROG_MEASURE_CONTACT ? NULL : grog_unit_name(m->unit);
}

static json_t *value_json(const explain_measure *x)
{
    if (!x->m.known)
        return json_null();
    if (x->m.what == GROG_MEASURE_CONTACT)
        return json_boolean(x->m.contact);
    return json_real(x->value);
}

json_t *explain_measures_json(const explain_measures *list)
{
    json_t *a = json_array();
    for (size_t i = 0; a != NULL && i < list->n; i++) {
        const explain_measure *x = &list->v[i];
        char id[2 * GROG_MEASURE_ID_MAX + 8];
        const char *unit = unit_of(&x->m);
        json_array_append_new(
            a, json_pack("{s:s,s:s,s:o,s:s,s:o,s:o,s:s,s:s}", "id",
                         grog_measure_id(&x->m, id, sizeof id), "from", x->m.from, "to",
                         x->m.to[0] ? json_string(x->m.to) : json_null(), "what",
                         grog_measure_what_name(x->m.what), "value", value_json(x), "unit",
                         unit != NULL ? json_string(unit) : json_null(), "source",
                         grog_measure_source_name(x->m.source), "rule", x->m.rule));
    }
    return a;
}

void explain_measures_write(grog_jsontext *t, grog_jsontext_reals *reals,
                            const explain_measures *list)
{
    grog_jsontext_lit(t, "[");
    for (size_t i = 0; i < list->n; i++) {
        const explain_measure *x = &list->v[i];
        char id[2 * GROG_MEASURE_ID_MAX + 8];
        grog_jsontext_key_str(t, i > 0 ? ",{\"id\":" : "{\"id\":",
                              grog_measure_id(&x->m, id, sizeof id));
        grog_jsontext_key_str(t, ",\"from\":", x->m.from);
        grog_jsontext_key_str(t, ",\"to\":", x->m.to[0] ? x->m.to : NULL);
        grog_jsontext_key_str(t, ",\"what\":", grog_measure_what_name(x->m.what));
        grog_jsontext_lit(t, ",\"value\":");
        if (!x->m.known)
            grog_jsontext_lit(t, "null");
        else if (x->m.what == GROG_MEASURE_CONTACT)
            grog_jsontext_lit(t, x->m.contact ? "true" : "false");
        else
            grog_jsontext_real10(t, reals, x->value);
        grog_jsontext_key_str(t, ",\"unit\":", unit_of(&x->m));
        grog_jsontext_key_str(t, ",\"source\":", grog_measure_source_name(x->m.source));
        grog_jsontext_key_str(t, ",\"rule\":", x->m.rule);
        grog_jsontext_lit(t, "}");
    }
    grog_jsontext_lit(t, "]");
}

static void text_value(FILE *f, const explain_measure *x)
{
    if (!x->m.known)
        fputs(_("no enemy unit on the map"), f);
    else if (x->m.what == GROG_MEASURE_CONTACT)
        fputs(x->m.contact ? _("in contact") : _("not in contact"), f);
    else
        fprintf(f, "%.1f %s", x->value, grog_explain_unit_words(grog_unit_name(x->m.unit),
                                                                 x->value));
}

void explain_measures_text(FILE *f, const explain_measures *list)
{
    for (size_t i = 0; i < list->n; i++) {
        const explain_measure *x = &list->v[i];
        fprintf(f, "  %s %-9s ", _("measure"), x->m.rule);
        if (x->m.what == GROG_MEASURE_NEAREST_ENEMY && x->m.to[0])
            fprintf(f, _("%s to the nearest enemy (%s): "), x->m.from, x->m.to);
        else if (x->m.what == GROG_MEASURE_NEAREST_ENEMY)
            fprintf(f, _("%s to the nearest enemy: "), x->m.from);
        else
            fprintf(f, _("%s to %s: "), x->m.from, x->m.to);
        text_value(f, x);
        fprintf(f, " (%s)\n", x->m.source == GROG_MEASURE_TABLE ? _("measured at the table")
                                                                : _("from the map"));
    }
}
