/* catalog.h — a compiled message catalogue (a GNU .mo file) read by the
 * library itself, for a language chosen per thread rather than per process
 * (internal; see i18n.h and docs/i18n.md).
 *
 * A catalogue is immutable once made: any number of threads may look words up
 * in it at once. It owns a copy of the file's bytes. Every offset and length
 * in the file is checked when it is made (a damaged file is refused, never
 * read out of bounds), the originals must be sorted (they are looked up by
 * binary search) and the header's Plural-Forms expression must parse. */
#ifndef GROG_CATALOG_H
#define GROG_CATALOG_H

#include <stddef.h>

#include "grognard/error.h"

typedef struct grog_catalog grog_catalog;

/* format_arg (GCC, clang): a translated printf format is checked as the
 * English one. */
#if defined(__GNUC__) || defined(__clang__)
#define GROG_FORMAT_ARG(i) __attribute__((format_arg(i)))
#else
#define GROG_FORMAT_ARG(i)
#endif

/* A catalogue from the bytes of a .mo file (copied). GROG_EFORMAT when they
 * are not a well-formed one, GROG_ENOMEM. */
grog_status grog_catalog_parse(const void *data, size_t size, grog_catalog **out,
                               grog_error *err);
/* A catalogue from a .mo file: GROG_EIO when it cannot be read, then as
 * grog_catalog_parse. */
grog_status grog_catalog_load(const char *path, grog_catalog **out, grog_error *err);
/* Frees a catalogue (NULL accepted). */
void grog_catalog_free(grog_catalog *c);

/* The catalogue that translates nothing: English, the source language
 * (static, never freed; plural: n != 1). */
const grog_catalog *grog_catalog_english(void);

/* The translation of msgid ("CTX\004ID" for a context), or msgid itself when
 * the catalogue has none. msgid "" gives the header. */
const char *grog_catalog_gettext(const grog_catalog *c, const char *msgid)
    GROG_FORMAT_ARG(2);
/* The translation of a plural message for n, or one (n == 1) / many. */
const char *grog_catalog_ngettext(const grog_catalog *c, const char *one, const char *many,
                                  unsigned long n) GROG_FORMAT_ARG(2)
    GROG_FORMAT_ARG(3);
/* The plural form index of n by the header's Plural-Forms (n != 1 when the
 * header has none); 0 when the expression divides by zero or gives a form
 * the catalogue does not have. */
unsigned long grog_catalog_plural(const grog_catalog *c, unsigned long n);

#endif
