/* jsonpos.h — where a value stands in a JSON text (internal).
 *
 * jansson gives line and column for syntax errors only. To name the place of
 * a semantic error (a rating out of range, an unknown id) the loaders find the
 * value again in the text by its path: keys joined by '.', array indices in
 * brackets, e.g. "officers[3].ratings.aigles.charisma" ("" is the root). */
#ifndef GROG_JSONPOS_H
#define GROG_JSONPOS_H

#include <stdarg.h>
#include <stddef.h>

#include "grognard/error.h"

/* 1 and *line, *column (1-based) of the value at path; 0 if not found (the
 * text is then scanned to its end or its first syntax error). */
int grog_jsonpos_find(const char *text, const char *path, int *line, int *column);

/* The same for the key of the last path element (for unknown keys); falls
 * back to the value's position. */
int grog_jsonpos_find_key(const char *text, const char *path, int *line, int *column);

/* grog_jsonpos_find_key for n paths in one walk of the text: found[k],
 * line[k], column[k] as it would give for paths[k] (0, 0, 0 when not found).
 * 0 when out of memory (nothing filled). */
int grog_jsonpos_find_keys(const char *text, const char *const *paths, size_t n, int *found,
                           int *line, int *column);

/* Sets err to "FILE:LINE:COLUMN: PATH: message" (FILE:1:1 when the path is
 * not found) and returns status. label names the file ("rules/gdb.json"). */
grog_status grog_jsonpos_error(grog_error *err, grog_status status, const char *label,
                               const char *text, const char *path, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
grog_status grog_jsonpos_verror(grog_error *err, grog_status status, const char *label,
                                const char *text, const char *path, const char *fmt,
                                va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 0)))
#endif
    ;

#endif
