/* measure.c — unit conversions; every length is kept in millimetres. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/measure.h"
#include "i18n.h"

#define MM_PER_INCH 25.4

grog_scale grog_scale_default(void)
{
    grog_scale s = {25, 1.0};
    return s;
}

grog_status grog_scale_check(const grog_scale *s, grog_error *err)
{
    if (s->figure_mm != 25 && s->figure_mm != 15)
        return grog_error_set(err, GROG_EINVAL, _("figure scale must be 25 or 15 mm, not %d"),
                              s->figure_mm);
    if (!(s->mm_per_pas > 0) || !isfinite(s->mm_per_pas))
        return grog_error_set(err, GROG_EINVAL, _("millimetres per pas must be positive"));
    return GROG_OK;
}

static double factor(grog_unit unit, const grog_scale *scale)
{
    switch (unit) {
    case GROG_UNIT_MM: return 1.0;
    case GROG_UNIT_CM: return 10.0;
    case GROG_UNIT_IN: return MM_PER_INCH;
    case GROG_UNIT_PAS: return scale != NULL ? scale->mm_per_pas : 1.0;
    }
    return 1.0;
}

double grog_length_to_mm(double value, grog_unit unit, const grog_scale *scale)
{
    return value * factor(unit, scale);
}

double grog_length_from_mm(double mm, grog_unit unit, const grog_scale *scale)
{
    return mm / factor(unit, scale);
}

const char *grog_unit_name(grog_unit unit)
{
    switch (unit) {
    case GROG_UNIT_MM: return "mm";
    case GROG_UNIT_CM: return "cm";
    case GROG_UNIT_IN: return "in";
    case GROG_UNIT_PAS: return "pas";
    }
    return "?";
}

grog_status grog_unit_parse(const char *text, grog_unit *out, grog_error *err)
{
    static const struct {
        const char *name;
        grog_unit unit;
    } names[] = {
        {"mm", GROG_UNIT_MM},   {"cm", GROG_UNIT_CM},     {"in", GROG_UNIT_IN},
        {"inch", GROG_UNIT_IN}, {"inches", GROG_UNIT_IN}, {"\"", GROG_UNIT_IN},
        {"pas", GROG_UNIT_PAS},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(text, names[i].name) == 0) {
            *out = names[i].unit;
            return GROG_OK;
        }
    }
    return grog_error_set(err, GROG_EINVAL, _("unknown unit \"%s\": use mm, cm, in or pas"), text);
}

grog_status grog_length_parse(const char *text, grog_unit default_unit, const grog_scale *scale,
                              double *mm, grog_error *err)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || !isfinite(v))
        return grog_error_set(err, GROG_EINVAL, _("\"%s\" is not a length (e.g. 35cm, 9in, 150pas)"),
                              text);
    if (v < 0)
        return grog_error_set(err, GROG_EINVAL, _("a length cannot be negative: \"%s\""), text);
    while (*end == ' ')
        end++;
    grog_unit unit = default_unit;
    if (*end != '\0') {
        grog_status st = grog_unit_parse(end, &unit, err);
        if (st != GROG_OK)
            return st;
    }
    *mm = grog_length_to_mm(v, unit, scale);
    return GROG_OK;
}
