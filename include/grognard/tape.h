/* tape.h — measures: the distances and contacts a test takes from the table.
 *
 * Every geometric fact a rules test uses (a distance between two pieces,
 * whether two bases touch, how far the nearest enemy stands) is a named
 * measure (grog_measure) in the test's explanation record, with the rule
 * that uses it and where it came from: the map (the bases as grognard
 * holds them) or the table (the players' tape measure). Like a roll, any
 * measure may be given from the table for one action: a grog_tape holds
 * the measures given ("picton:pack=28cm", "picton:pack=contact",
 * "picton:enemy=12cm" for the nearest enemy); each rule fills in its
 * measure with the map's value and passes it through grog_tape_take, which
 * puts the table's value in its place when one was given for that pair
 * (either order: a distance has no direction) and marks it used. After the
 * action, grog_tape_check names a measure no test used, or one that did not
 * fit the question (no-contact where a distance is needed), so that nothing
 * is written with a measure that was ignored. A measure never moves a piece.
 *
 * Values: a length with its unit (mm, cm, in, pas; a bare number is in the
 * tape's default unit), "contact" (0 apart, in contact) or "no-contact"
 * (not in contact; only where contact is the question). A contact question
 * given a length is in contact when the length is at most the rule's
 * contact tolerance; a distance question given "contact" is 0.
 *
 * Ownership: grog_tape_create returns a handle freed with grog_tape_destroy
 * (accepts NULL); strings passed in are copied; const char * returned live
 * as long as the tape. A grog_measure is a plain value (its strings are
 * arrays inside it). */
#ifndef GROGNARD_TAPE_H
#define GROGNARD_TAPE_H

#include <stddef.h>

#include "grognard/error.h"
#include "grognard/measure.h"

#define GROG_MEASURE_ID_MAX 64 /* a piece id, as battle.h's GROG_ID_MAX */
#define GROG_TAPE_MAX 32       /* measures given for one action */
/* The word that stands for "the nearest enemy" in a pair: "picton:enemy". */
#define GROG_TAPE_ENEMY "enemy"

typedef enum grog_measure_what {
    GROG_MEASURE_DISTANCE = 0, /* edge to edge between two pieces */
    GROG_MEASURE_CONTACT,      /* whether two bases touch */
    GROG_MEASURE_NEAREST_ENEMY /* edge to edge to the nearest enemy unit */
} grog_measure_what;

typedef enum grog_measure_source { GROG_MEASURE_MAP = 0, GROG_MEASURE_TABLE } grog_measure_source;

typedef struct grog_measure {
    char from[GROG_MEASURE_ID_MAX]; /* the piece measured from */
    char to[GROG_MEASURE_ID_MAX];   /* the other piece; nearest-enemy: the nearest
                                       enemy on the map ("" when there is none, or
                                       when the table gave the measure) */
    grog_measure_what what;
    int known;          /* 0: no value (nearest-enemy with no enemy on the map) */
    double mm;          /* DISTANCE, NEAREST_ENEMY: the length */
    int contact;        /* CONTACT: 1 in contact */
    double contact_mm;  /* CONTACT: a length given from the table at most this
                           far counts as contact (the rule's tolerance) */
    grog_unit unit;     /* the rule's unit, for the record */
    grog_measure_source source;
    char rule[16];      /* the rule that uses it ("GDB-09") */
} grog_measure;

/* "distance", "contact", "nearest-enemy"; "map", "table". */
const char *grog_measure_what_name(grog_measure_what what);
const char *grog_measure_source_name(grog_measure_source source);

/* A measure of the map: what, from, to (may be NULL: ""), the rule and its
 * unit; the value is set by the caller (mm, contact, known = 1). Ids longer
 * than GROG_MEASURE_ID_MAX - 1 bytes are cut. */
grog_measure grog_measure_map(grog_measure_what what, const char *from, const char *to,
                              const char *rule, grog_unit unit);
/* Its id: "from:to", "from:enemy" for the nearest enemy; into buf, returned. */
char *grog_measure_id(const grog_measure *m, char *buf, size_t size);
/* Its value in its unit (DISTANCE, NEAREST_ENEMY; 0 when unknown). */
double grog_measure_value(const grog_measure *m, const grog_scale *scale);

typedef struct grog_tape grog_tape;

/* The measures given at the table for one action. scale converts pas (NULL:
 * one pas = 1 mm); default_unit is the unit of a bare number; max_mm > 0
 * refuses longer lengths as absurd (the table's diagonal), 0: no limit.
 * NULL when out of memory. */
grog_tape *grog_tape_create(const grog_scale *scale, grog_unit default_unit, double max_mm);
void grog_tape_destroy(grog_tape *t);

/* Adds "FROM:TO=VALUE". GROG_EINVAL naming what is wrong (no ':' or '=',
 * an empty id, a piece measured to itself, a bad unit, a negative,
 * non-finite or absurd length, a pair given twice, more than GROG_TAPE_MAX);
 * the tape is then unchanged. */
grog_status grog_tape_add(grog_tape *t, const char *text, grog_error *err);
/* The same from a pair "FROM:TO" and a value apart ("measures" in JSON). */
grog_status grog_tape_add_pair(grog_tape *t, const char *pair, const char *value,
                               grog_error *err);

size_t grog_tape_count(const grog_tape *t);
/* The i-th measure given: its two ids (to may be GROG_TAPE_ENEMY) and the
 * text it was given as; NULL past the end. */
const char *grog_tape_from(const grog_tape *t, size_t i);
const char *grog_tape_to(const grog_tape *t, size_t i);
const char *grog_tape_text(const grog_tape *t, size_t i);

/* The measure a test uses, m filled in from the map: when t (may be NULL)
 * holds one for m's pair, m takes the table's value (source TABLE; for the
 * nearest enemy, m->to is emptied: the table does not say which enemy) and
 * the given measure is marked used. Returns 1 when the table's value was
 * taken. A value that does not fit the question (no-contact for a
 * distance) leaves m as it was and is reported by grog_tape_check. */
int grog_tape_take(grog_tape *t, grog_measure *m);

/* GROG_EINVAL naming the first measure given that no test used, or that
 * did not fit the test's question; GROG_OK otherwise (t may be NULL). */
grog_status grog_tape_check(const grog_tape *t, grog_error *err);

#endif
