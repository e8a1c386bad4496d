/* map_svg.c — what every layer of the map writes with (map.c draws the sheet): the
 * SVG text builder (map_out, map_esc), the sides' colours and their names, the
 * labels' texts, and the table's coordinates in the sheet's (map_sy). It calls no
 * other file of the map, so that the layers stand on it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/map.h"
#include "grognard/text.h"
#include "i18n.h"
#include "map_internal.h"

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void map_out(sb *s, const char *fmt, ...)
{
    if (s->oom)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(s->p + s->n, s->cap - s->n, fmt, ap);
        va_end(ap);
        if (k < 0) {
            s->oom = 1;
            return;
        }
        if ((size_t)k < s->cap - s->n) {
            s->n += (size_t)k;
            return;
        }
        size_t ncap = s->cap * 2 + (size_t)k + 1;
        char *np = realloc(s->p, ncap);
        if (np == NULL) {
            s->oom = 1;
            return;
        }
        s->p = np;
        s->cap = ncap;
    }
}

/* Text escaped for XML (text.h): any name gives well-formed SVG. */
void map_esc(sb *s, const char *t)
{
    char *e = grog_text_xml_escape(t);
    if (e == NULL) {
        s->oom = 1;
        return;
    }
    map_out(s, "%s", e);
    free(e);
}

static const char *const palette[] = {"#1f4e9c", "#b22222", "#2e8b57", "#8b6914", "#6a3d9a",
                                      "#e08000"};

/* Whether c is "#rrggbb": only such a colour goes into an attribute (a
 * battle built by a program may hold anything; the scenario reader checks). */
static int hex_colour(const char *c)
{
    if (strlen(c) != 7 || c[0] != '#')
        return 0;
    for (size_t k = 1; k < 7; k++)
        if (strchr("0123456789abcdefABCDEF", c[k]) == NULL)
            return 0;
    return 1;
}

const char *grog_map_side_colour(const grog_battle *b, size_t i)
{
    const grog_side *s = grog_battle_side(b, i);
    if (s == NULL)
        return "#777777";
    return hex_colour(s->colour) ? s->colour : palette[i % (sizeof palette / sizeof palette[0])];
}

/* The nearest common name of a "#rrggbb" colour, for the legend. */
const char *map_colour_name(const char *hex)
{
    static const struct { const char *name; int r, g, b; } names[] = {
        {N_("red"), 190, 30, 30},      {N_("blue"), 30, 70, 160},
        {N_("light blue"), 110, 160, 230}, {N_("green"), 40, 140, 70},
        {N_("dark green"), 20, 80, 40}, {N_("yellow"), 230, 200, 30},
        {N_("orange"), 230, 130, 0},   {N_("brown"), 130, 90, 30},
        {N_("purple"), 110, 60, 150},  {N_("black"), 0, 0, 0},
        {N_("grey"), 128, 128, 128},   {N_("white"), 250, 250, 250},
    };
    unsigned r = 0, g = 0, b = 0;
    if (hex == NULL || sscanf(hex, "#%2x%2x%2x", &r, &g, &b) != 3)
        return _("grey");
    size_t best = 0;
    long bestd = -1;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        long dr = (long)r - names[k].r, dg = (long)g - names[k].g, db = (long)b - names[k].b;
        long d = dr * dr + dg * dg + db * db;
        if (bestd < 0 || d < bestd) {
            bestd = d;
            best = k;
        }
    }
    return _(names[best].name);
}

/* Copies name[0..n) to out without leading or trailing blanks; the length. */
static size_t copy_trimmed(const char *name, size_t n, char *out, size_t size)
{
    while (n > 0 && name[0] == ' ') {
        name++;
        n--;
    }
    while (n > 0 && name[n - 1] == ' ')
        n--;
    if (size == 0)
        return 0;
    if (n >= size)
        n = size - 1;
    memcpy(out, name, n);
    out[n] = '\0';
    return n;
}

size_t grog_map_unit_label(const grog_troop *u, char *out, size_t size)
{
    static const char *const arm_words[] = {" Line Battalion", " Foot", " Line", " Battalion",
                                            " Regiment"};
    size_t n = strcspn(u->name, "(,");
    while (n > 0 && u->name[n - 1] == ' ')
        n--;
    for (size_t k = 0; k < sizeof arm_words / sizeof arm_words[0]; k++) {
        size_t w = strlen(arm_words[k]);
        if (n > w + 1 && strncmp(u->name + n - w, arm_words[k], w) == 0) {
            n -= w;
            break;
        }
    }
    if (n == 0) /* a name that is all brackets: the whole of it */
        n = strlen(u->name);
    return copy_trimmed(u->name, n, out, size);
}

size_t grog_map_officer_label(const grog_officer *o, char *out, size_t size)
{
    const char *name = o->name;
    static const char adc[] = "Aide-de-camp to ";
    if (size == 0)
        return 0;
    if (strncmp(name, adc, sizeof adc - 1) == 0) {
        /* "Aide-de-camp to Picton (first)" -> "ADC Picton 1" */
        static const char *const nth[] = {"(first", "(second", "(third", "(fourth"};
        const char *who = name + sizeof adc - 1;
        int wn = (int)strcspn(who, " (");
        const char *paren = strchr(name, '(');
        int k = 0;
        for (int i = 0; paren != NULL && i < 4 && k == 0; i++)
            if (strncmp(paren, nth[i], strlen(nth[i])) == 0)
                k = i + 1;
        int w = k ? snprintf(out, size, "ADC %.*s %d", wn, who, k)
                  : snprintf(out, size, "ADC %.*s", wn, who);
        return w < 0 ? 0 : (size_t)w < size ? (size_t)w : size - 1;
    }
    size_t n = strcspn(name, "(");
    while (n > 0 && name[n - 1] == ' ')
        n--;
    size_t start = n;
    while (start > 0 && name[start - 1] != ' ')
        start--;
    if (start == n) /* no name before a bracket: the id */
        return copy_trimmed(o->id, strlen(o->id), out, size);
    return copy_trimmed(name + start, n - start, out, size);
}

const char *map_side_colour(const map *m, const char *side_id)
{
    size_t i;
    if (!grog_battle_side_index(m->b, side_id, &i))
        return "#777777";
    return grog_map_side_colour(m->b, i);
}

double map_sy(const map *m, double y)
{
    return m->D - y;
}

/* The note the caller gave for piece id, or NULL. */
const char *map_mark_of(const map *m, const char *id)
{
    for (size_t i = 0; i < m->o->nmarks; i++)
        if (m->o->marks[i].id != NULL && strcmp(m->o->marks[i].id, id) == 0)
            return m->o->marks[i].text;
    return NULL;
}
