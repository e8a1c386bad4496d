/* explain.h — the explanation record: one per test the engine resolves.
 *
 * Every rules test fills one record: the rule ids applied, the dice, the
 * target and comparison, each modifier with its rule id, the exact odds of
 * each outcome (or the distribution of a numeric result), the value of a
 * table look-up, the roll made or entered and its outcome, and the defaults
 * the seeds do not give. The CLI prints it, `--json` emits it, the journal
 * stores it.
 *
 * Builders never fail visibly: on out-of-memory the record remembers it and
 * grog_explain_to_json / grog_explain_to_text return GROG_ENOMEM, so rules
 * code can fill a record without checking every call.
 * Ownership: grog_explain_create returns a handle freed with
 * grog_explain_destroy (accepts NULL); strings passed in are copied; strings
 * returned through `char **out` are malloc'd and freed by the caller with
 * free(); const char * returned by accessors live as long as the record. */
#ifndef GROGNARD_EXPLAIN_H
#define GROGNARD_EXPLAIN_H

#include <stdint.h>

#include <stdio.h>

#include "grognard/dice.h"
#include "grognard/dist.h"
#include "grognard/error.h"
#include "grognard/tape.h"

typedef struct grog_explain grog_explain;

/* test: the name of the test ("gdb-order"); title: a line for people. */
grog_explain *grog_explain_create(const char *test, const char *title);
void grog_explain_destroy(grog_explain *e);

void grog_explain_add_rule(grog_explain *e, const char *rule_id); /* once each */
void grog_explain_set_dice(grog_explain *e, const char *dice);
void grog_explain_set_target(grog_explain *e, grog_cmp cmp, int target);
void grog_explain_add_modifier(grog_explain *e, const char *rule_id, const char *label,
                               int value);
void grog_explain_add_outcome(grog_explain *e, const char *name, grog_frac p);
/* Adds every value of d as the record's distribution, and its mean. */
void grog_explain_set_distribution(grog_explain *e, const grog_dist *d);
void grog_explain_set_value(grog_explain *e, double value, const char *unit);
/* A look-up whose answer is not a number: value null, unit says it ("contact"). */
void grog_explain_set_value_none(grog_explain *e, const char *unit);
void grog_explain_set_range(grog_explain *e, int lo, int hi, const char *unit);
/* The roll (generated or entered), the modified roll and the outcome name. */
void grog_explain_set_roll(grog_explain *e, const grog_roll *roll, int modified_roll,
                           const char *outcome);
/* When the roll came from the generator, the seed it was created with. */
void grog_explain_set_seed(grog_explain *e, uint64_t seed);
void grog_explain_add_default(grog_explain *e, const char *setting, const char *value,
                              const char *note);
void grog_explain_add_path(grog_explain *e, const char *step);
/* A precondition: whether it holds, under which rule, and why. */
void grog_explain_add_check(grog_explain *e, const char *rule_id, const char *label,
                            int ok, const char *detail);
void grog_explain_add_note(grog_explain *e, const char *rule_id, const char *text);
/* A measure the test used (tape.h), copied; its value is given in its unit,
 * pas through scale (NULL: 1 mm). In the JSON "measures" (after "checks"). */
void grog_explain_add_measure(grog_explain *e, const grog_measure *m, const grog_scale *scale);
size_t grog_explain_measure_count(const grog_explain *e);
/* The i-th measure (NULL past the end) and its value in its unit. */
const grog_measure *grog_explain_measure(const grog_explain *e, size_t i, double *value);

/* JSON (one object, keys in a fixed order) and text for people. */
grog_status grog_explain_to_json(const grog_explain *e, char **out, grog_error *err);
grog_status grog_explain_to_text(const grog_explain *e, char **out, grog_error *err);

/* Read back, for the engine and the tests. */
const char *grog_explain_test(const grog_explain *e);
int grog_explain_modifier_total(const grog_explain *e);
int grog_explain_modifier_count(const grog_explain *e);
int grog_explain_has_rule(const grog_explain *e, const char *rule_id);
/* 1 and *p set when an outcome of that name exists. */
int grog_explain_outcome_p(const grog_explain *e, const char *name, grog_frac *p);
/* The outcome of the roll, or NULL if no roll was made. */
const char *grog_explain_outcome(const grog_explain *e);
/* The words of an id for text output, in the language of messages: outcomes
 * ("obeys"), officer states, formations ("attack-column"), arms, statuses,
 * phases, roles, skills. An id it does not know is returned as is. JSON and
 * the command line keep the ids. Static storage: never freed. */
const char *grog_explain_word(const char *id);
/* The words of an id of a given kind, the catalogue's entry with message
 * context ctx ("order" for "attack", "pip-action" for "move", "formation",
 * "arm", "status", "phase", "role", "skill", "state", "flag", "column"...,
 * docs/i18n.md): the translation, or the id itself when the catalogue has
 * none (English, a house rule's word). A NULL ctx is grog_explain_word. The
 * result is the catalogue's (static) or id: the caller keeps id alive. */
const char *grog_explain_word_in(const char *ctx, const char *id);
/* A phase's words after "phase" in a sentence ("Turn 2, %s phase."): the
 * genitive the languages need ("de commandement", "командования"; context
 * phase-of); a phase it does not know as grog_explain_word. */
const char *grog_explain_phase_of(const char *id);
/* Writes a path step for people: an id ("line") or a rule id, an id and a
 * value ("GT-14 allocate: 4" -> "GT-14 attribution: 4"), the id in words. */
void grog_explain_put_step(FILE *f, const char *step);
/* The words of a value's unit for people, singular or plural for value
 * ("half-periods", 2 -> "half-périodes"; "PIPs", 1 -> "PIP"). */
const char *grog_explain_unit_words(const char *unit, double value);
/* 1 and *v set when a roll was made. */
int grog_explain_modified_roll(const grog_explain *e, int *v);
/* 1 and *v set when the record holds a numeric value. */
int grog_explain_value(const grog_explain *e, double *v);
int grog_explain_default_count(const grog_explain *e);
/* 1 when every check holds (or there is none). */
int grog_explain_checks_ok(const grog_explain *e);

#endif
