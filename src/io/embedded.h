/* embedded.h — the table of data files compiled into the library (internal).
 * Written by tools/embed.c; read by data.c. Sorted by name. */
#ifndef GROG_EMBEDDED_H
#define GROG_EMBEDDED_H

#include <stddef.h>

typedef struct grog_embedded_file {
    const char *name;
    const char *data;
    size_t len;
} grog_embedded_file;

extern const grog_embedded_file grog_embedded_files[];
extern const size_t grog_embedded_count;

#endif
