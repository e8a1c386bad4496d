/* explain_record.h — the inside of an explanation record (internal to explain.c,
 * explain_json.c and explain_text.c; everyone else holds an opaque grog_explain).
 *
 * The record owns copies of every string. Arrays grow by doubling; a failed
 * allocation sets `oom` and the builder returns quietly, so that the output
 * functions report GROG_ENOMEM once. */
#ifndef GROG_EXPLAIN_RECORD_H
#define GROG_EXPLAIN_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "explain_internal.h"
#include "grognard/explain.h"

typedef struct modifier {
    char *rule, *label;
    int value;
} modifier;

typedef struct outcome {
    char *name;
    grog_frac p;
} outcome;

typedef struct point {
    int value;
    grog_frac p;
} point;

typedef struct check {
    char *rule, *label, *detail;
    int ok;
} check;

typedef struct note {
    char *rule, *text;
} note;

typedef struct def {
    char *setting, *value, *note;
} def;

#define ARRAY(T) struct { T *v; size_t n, cap; }

struct grog_explain {
    char *test, *title, *dice;
    int has_target, target;
    grog_cmp cmp;
    ARRAY(char *) rules;
    ARRAY(modifier) mods;
    ARRAY(outcome) outcomes;
    ARRAY(point) dist;
    int has_mean;
    double mean;
    int has_value, has_unit, has_range;
    double value;
    int range_lo, range_hi;
    char *unit;
    ARRAY(char *) path;
    ARRAY(check) checks;
    explain_measures measures;
    ARRAY(note) notes;
    ARRAY(def) defaults;
    int has_roll;
    grog_roll roll;
    int modified_roll;
    char *outcome_name;
    int has_seed;
    uint64_t seed;
    int oom;
};

#endif
