/* tape.c — the measures given at the table for one action, and the
 * measures tests take (tape.h).
 *
 * Invariants: every given measure has two non-empty, distinct ids of fewer
 * than GROG_MEASURE_ID_MAX bytes, no pair is given twice (in either order),
 * and a length is finite, 0 or more and within max_mm when there is one.
 * `used` marks a measure some test took; `misfit` one whose value did not
 * fit a test's question (the first such question kept for the message). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/tape.h"
#include "i18n.h"

typedef enum given_kind { GIVEN_LENGTH = 0, GIVEN_CONTACT, GIVEN_NO_CONTACT } given_kind;

typedef struct given {
    char from[GROG_MEASURE_ID_MAX], to[GROG_MEASURE_ID_MAX];
    char text[96];
    given_kind kind;
    double mm;
    int used;
    int misfit;
    char misfit_rule[16];
} given;

struct grog_tape {
    grog_scale scale;
    grog_unit default_unit;
    double max_mm;
    given v[GROG_TAPE_MAX];
    size_t n;
};

const char *grog_measure_what_name(grog_measure_what what)
{
    switch (what) {
    case GROG_MEASURE_DISTANCE: return "distance";
    case GROG_MEASURE_CONTACT: return "contact";
    case GROG_MEASURE_NEAREST_ENEMY: return "nearest-enemy";
    }
    return "?";
}

const char *grog_measure_source_name(grog_measure_source source)
{
    return source == GROG_MEASURE_TABLE ? "table" : "map";
}

grog_measure grog_measure_map(grog_measure_what what, const char *from, const char *to,
                              const char *rule, grog_unit unit)
{
    grog_measure m;
    memset(&m, 0, sizeof m);
    m.what = what;
    m.unit = unit;
    m.known = 1;
    snprintf(m.from, sizeof m.from, "%s", from != NULL ? from : "");
    snprintf(m.to, sizeof m.to, "%s", to != NULL ? to : "");
    snprintf(m.rule, sizeof m.rule, "%s", rule != NULL ? rule : "");
    return m;
}

char *grog_measure_id(const grog_measure *m, char *buf, size_t size)
{
    snprintf(buf, size, "%s:%s", m->from,
             m->what == GROG_MEASURE_NEAREST_ENEMY ? GROG_TAPE_ENEMY : m->to);
    return buf;
}

double grog_measure_value(const grog_measure *m, const grog_scale *scale)
{
    if (!m->known || m->what == GROG_MEASURE_CONTACT)
        return 0;
    return grog_length_from_mm(m->mm, m->unit, scale);
}

grog_tape *grog_tape_create(const grog_scale *scale, grog_unit default_unit, double max_mm)
{
    grog_tape *t = calloc(1, sizeof *t);
    if (t == NULL)
        return NULL;
    t->scale = scale != NULL ? *scale : grog_scale_default();
    t->default_unit = default_unit;
    t->max_mm = max_mm > 0 && isfinite(max_mm) ? max_mm : 0;
    return t;
}

void grog_tape_destroy(grog_tape *t)
{
    free(t);
}

static int same_pair(const given *g, const char *from, const char *to)
{
    return (strcmp(g->from, from) == 0 && strcmp(g->to, to) == 0) ||
           (strcmp(g->from, to) == 0 && strcmp(g->to, from) == 0);
}

/* "contact", "no-contact" or a length, into g. */
static grog_status parse_value(const grog_tape *t, const char *id, const char *value, given *g,
                               grog_error *err)
{
    if (strcmp(value, "contact") == 0) {
        g->kind = GIVEN_CONTACT;
        return GROG_OK;
    }
    if (strcmp(value, "no-contact") == 0) {
        g->kind = GIVEN_NO_CONTACT;
        return GROG_OK;
    }
    grog_error e;
    if (value[0] == '-')
        return grog_error_set(err, GROG_EINVAL,
                              _("--measure %s: a length cannot be negative: \"%s\""), id, value);
    if (grog_length_parse(value, t->default_unit, &t->scale, &g->mm, &e) != GROG_OK)
        return grog_error_set(err, GROG_EINVAL,
                              _("--measure %s: %s; or contact, or no-contact"), id, e.message);
    if (t->max_mm > 0 && g->mm > t->max_mm)
        return grog_error_set(err, GROG_EINVAL,
                              _("--measure %s=%s: longer than the table (%.0f cm corner to "
                                "corner)"),
                              id, value, t->max_mm / 10.0);
    g->kind = GIVEN_LENGTH;
    return GROG_OK;
}

grog_status grog_tape_add_pair(grog_tape *t, const char *pair, const char *value,
                               grog_error *err)
{
    const char *colon = strchr(pair, ':');
    size_t nfrom = colon != NULL ? (size_t)(colon - pair) : 0;
    if (colon == NULL || nfrom == 0 || colon[1] == '\0' || strchr(colon + 1, ':') != NULL)
        return grog_error_set(err, GROG_EINVAL,
                              _("--measure: FROM:TO=VALUE (e.g. picton:pack=28cm), not \"%s\""),
                              pair);
    if (nfrom >= GROG_MEASURE_ID_MAX || strlen(colon + 1) >= GROG_MEASURE_ID_MAX)
        return grog_error_set(err, GROG_EINVAL, _("--measure %s: an id that long names no piece"),
                              pair);
    given g;
    memset(&g, 0, sizeof g);
    memcpy(g.from, pair, nfrom);
    snprintf(g.to, sizeof g.to, "%s", colon + 1);
    if (strcmp(g.from, g.to) == 0)
        return grog_error_set(err, GROG_EINVAL, _("--measure %s: a piece measured to itself"),
                              pair);
    if (strcmp(g.from, GROG_TAPE_ENEMY) == 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("--measure %s: the nearest enemy comes second (%s:%s)"), pair,
                              g.to, GROG_TAPE_ENEMY);
    if (value == NULL || value[0] == '\0')
        return grog_error_set(err, GROG_EINVAL,
                              _("--measure %s: no value (e.g. 28cm, 9in, 150pas, contact)"), pair);
    grog_status st = parse_value(t, pair, value, &g, err);
    if (st != GROG_OK)
        return st;
    for (size_t i = 0; i < t->n; i++)
        if (same_pair(&t->v[i], g.from, g.to))
            return grog_error_set(err, GROG_EINVAL, _("--measure %s: given twice"), pair);
    if (t->n == GROG_TAPE_MAX)
        return grog_error_set(err, GROG_EINVAL, _("--measure: at most %d for one action"),
                              GROG_TAPE_MAX);
    snprintf(g.text, sizeof g.text, "%s=%s", pair, value);
    t->v[t->n++] = g;
    return GROG_OK;
}

grog_status grog_tape_add(grog_tape *t, const char *text, grog_error *err)
{
    const char *eq = strchr(text, '=');
    char pair[2 * GROG_MEASURE_ID_MAX + 2];
    size_t n = eq != NULL ? (size_t)(eq - text) : 0;
    if (eq == NULL || n == 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("--measure: FROM:TO=VALUE (e.g. picton:pack=28cm), not \"%s\""),
                              text);
    if (n >= sizeof pair)
        return grog_error_set(err, GROG_EINVAL, _("--measure %s: an id that long names no piece"),
                              text);
    memcpy(pair, text, n);
    pair[n] = '\0';
    return grog_tape_add_pair(t, pair, eq + 1, err);
}

size_t grog_tape_count(const grog_tape *t)
{
    return t != NULL ? t->n : 0;
}

const char *grog_tape_from(const grog_tape *t, size_t i)
{
    return t != NULL && i < t->n ? t->v[i].from : NULL;
}

const char *grog_tape_to(const grog_tape *t, size_t i)
{
    return t != NULL && i < t->n ? t->v[i].to : NULL;
}

const char *grog_tape_text(const grog_tape *t, size_t i)
{
    return t != NULL && i < t->n ? t->v[i].text : NULL;
}

static given *find_for(grog_tape *t, const grog_measure *m)
{
    for (size_t i = 0; i < t->n; i++) {
        given *g = &t->v[i];
        if (m->what == GROG_MEASURE_NEAREST_ENEMY
                ? strcmp(g->from, m->from) == 0 && strcmp(g->to, GROG_TAPE_ENEMY) == 0
                : same_pair(g, m->from, m->to))
            return g;
    }
    return NULL;
}

static void misfit(given *g, const grog_measure *m)
{
    if (!g->misfit)
        snprintf(g->misfit_rule, sizeof g->misfit_rule, "%s", m->rule);
    g->misfit = 1;
}

int grog_tape_take(grog_tape *t, grog_measure *m)
{
    given *g = t != NULL ? find_for(t, m) : NULL;
    if (g == NULL)
        return 0;
    g->used = 1;
    if (m->what == GROG_MEASURE_CONTACT) {
        m->contact = g->kind == GIVEN_CONTACT ||
                     (g->kind == GIVEN_LENGTH && g->mm <= m->contact_mm + 1e-9);
    } else if (g->kind == GIVEN_NO_CONTACT) {
        misfit(g, m);
        return 0;
    } else {
        m->mm = g->kind == GIVEN_CONTACT ? 0 : g->mm;
        if (m->what == GROG_MEASURE_NEAREST_ENEMY)
            m->to[0] = '\0';
    }
    m->known = 1;
    m->source = GROG_MEASURE_TABLE;
    return 1;
}

grog_status grog_tape_check(const grog_tape *t, grog_error *err)
{
    for (size_t i = 0; t != NULL && i < t->n; i++) {
        const given *g = &t->v[i];
        if (g->misfit)
            return grog_error_set(err, GROG_EINVAL,
                                  _("--measure %s: %s measures a distance: give a length (e.g. "
                                    "28cm) or contact"),
                                  g->text, g->misfit_rule);
        if (!g->used && strcmp(g->to, GROG_TAPE_ENEMY) == 0)
            return grog_error_set(err, GROG_EINVAL,
                                  _("--measure %s: no test of this action measures from %s to "
                                    "the nearest enemy"),
                                  g->text, g->from);
        if (!g->used)
            return grog_error_set(err, GROG_EINVAL,
                                  _("--measure %s: no test of this action measures between %s "
                                    "and %s"),
                                  g->text, g->from, g->to);
    }
    return GROG_OK;
}
