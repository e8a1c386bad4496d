/* measure.h — lengths on the table.
 *
 * Every length is held in millimetres (double). Rules measure in their own
 * units: `aigles` in pas (one pas = 1 mm by default, settable per scenario,
 * and whose tables differ by figure scale 25 mm / 15 mm), `gdb` in
 * centimetres, `gt` in inches. A grog_scale says how a table maps them. */
#ifndef GROGNARD_MEASURE_H
#define GROGNARD_MEASURE_H

#include "grognard/error.h"

typedef enum grog_unit {
    GROG_UNIT_MM = 0,
    GROG_UNIT_CM,
    GROG_UNIT_IN,
    GROG_UNIT_PAS
} grog_unit;

typedef struct grog_scale {
    int figure_mm;      /* 25 or 15: which column of the aigles tables */
    double mm_per_pas;  /* 1.0 by default */
} grog_scale;

/* 25 mm figures, one pas = 1 mm. */
grog_scale grog_scale_default(void);
/* GROG_EINVAL unless figure_mm is 25 or 15 and mm_per_pas > 0. */
grog_status grog_scale_check(const grog_scale *scale, grog_error *err);

double grog_length_to_mm(double value, grog_unit unit, const grog_scale *scale);
double grog_length_from_mm(double mm, grog_unit unit, const grog_scale *scale);

/* "mm", "cm", "in", "pas". */
const char *grog_unit_name(grog_unit unit);
/* Accepts the names above and "inch", "inches", "\"". */
grog_status grog_unit_parse(const char *text, grog_unit *out, grog_error *err);
/* Parses "35cm", "9 in", "150pas", "12.5mm"; a bare number takes default_unit. */
grog_status grog_length_parse(const char *text, grog_unit default_unit,
                              const grog_scale *scale, double *mm, grog_error *err);

#endif
