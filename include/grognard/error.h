/* error.h — status codes and error messages of libgrognard.
 *
 * Every fallible function returns a grog_status and, when given a non-NULL
 * grog_error, fills it with a message naming the file:line:column, the field
 * or the object at fault. The library never prints, exits or reads the clock.
 * Ownership: grog_error is a plain value the caller owns; nothing to free. */
#ifndef GROGNARD_ERROR_H
#define GROGNARD_ERROR_H

#include <stddef.h>

typedef enum grog_status {
    GROG_OK = 0,
    GROG_EINVAL,    /* bad input: a value out of range, a malformed text */
    GROG_ENOMEM,    /* out of memory */
    GROG_EIO,       /* a file could not be read or written */
    GROG_EFORMAT,   /* a file is not in the expected format */
    GROG_ENOTFOUND, /* an id, name or file that does not exist */
    GROG_ERULE,     /* the rules forbid it; the message names the rule id */
    GROG_ERANGE,    /* a result too large to compute exactly */
    GROG_EBUSY,     /* another process is writing the same file: try again (exit 3) */
    GROG_EDENIED    /* not this seat's piece or view (exit 1) */
} grog_status;

#define GROG_ERROR_MAX 1024

typedef struct grog_error {
    grog_status status;
    char message[GROG_ERROR_MAX];
} grog_error;

/* Sets err (if not NULL) and returns status, so a caller can write
 * `return grog_error_set(err, GROG_EINVAL, "...", ...);`. printf format. */
grog_status grog_error_set(grog_error *err, grog_status status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Clears err to GROG_OK with an empty message. Accepts NULL. */
void grog_error_clear(grog_error *err);

/* A short English name of a status ("bad input", "not found"...). */
const char *grog_status_name(grog_status status);

#endif
