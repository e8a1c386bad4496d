/* data.h — data files compiled into the binary: rules tables, scenarios, the page.
 *
 * Each file under data/ is embedded at build time under its path relative to
 * data/ ("rules/gdb.json", "scenarios/albuera.json"); each file of the table
 * page under web/ keeps its "web/" ("web/index.html", "web/js/app.js": what
 * grognard serve answers for GET / and GET /static/PATH). A rules family loads its
 * table from the embedded copy unless the caller names a file to use instead
 * (house rules). Ownership: returned text is static, never freed. */
#ifndef GROGNARD_DATA_H
#define GROGNARD_DATA_H

#include <stddef.h>

#include "grognard/error.h"

/* The embedded file of that name, or NULL; *len (if not NULL) gets its size. */
const char *grog_data_embedded(const char *name, size_t *len);
/* The number of embedded files and the name of the i-th (sorted by name). */
size_t grog_data_count(void);
const char *grog_data_name(size_t i);

/* The largest file grog_data_read_file reads: 128 MiB (a generated battle of
 * 200,000 units is 110 MB; reading one stays under 1.5 GB, docs/performance.md). */
#define GROG_FILE_MAX (128 * 1024 * 1024)

/* Reads a whole file into a malloc'd, NUL-terminated buffer the caller frees.
 * It must be a regular file (not a folder, pipe or device) of at most
 * GROG_FILE_MAX bytes: otherwise GROG_EINVAL at once, saying which. */
grog_status grog_data_read_file(const char *path, char **text, size_t *len, grog_error *err);

#endif
