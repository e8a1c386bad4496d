/* scenario_internal.h — shared by the scenario reader, writer and problem
 * list (internal to libgrognard). */
#ifndef GROG_SCENARIO_INTERNAL_H
#define GROG_SCENARIO_INTERNAL_H

#include <stddef.h>

#include "grognard/scenario.h"

/* The loader reports at most this many problems, then one saying it stopped
 * (each problem's line and column costs a scan of the text). */
#define GROG_SCENARIO_MAX_PROBLEMS 200

/* Appends a problem (strings copied); 0 when out of memory. */
int grog_problems_add(grog_problems *p, const char *file, int line, int column,
                      const char *path, const char *message);
/* Sorts items from index `from` on by line then column (stably). */
void grog_problems_sort(grog_problems *p, size_t from);

#endif
