/* fuzz_catalog.c — libFuzzer target for the library's .mo reader
 * (src/core/catalog.c): any bytes are either refused with a message or make
 * a catalogue whose every lookup stays inside it (ASan watches the reads).
 *
 * An accepted catalogue is asked for the header, a few words, a context key
 * and a plural message at n of 0 to 120 and a large one; every answer must
 * be a NUL-terminated text (strlen runs over it). Built and run by
 * scripts/fuzz.sh; tests/test_fuzz_corpus.c replays the saved corpus. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    grog_catalog *c = NULL;
    grog_error err;
    err.message[0] = '\0';
    if (grog_catalog_parse(data, size, &c, &err) != GROG_OK) {
        if (c != NULL || err.message[0] == '\0')
            abort();
        return 0;
    }
    static const char *const ids[] = {"", "line", "formation\004line", "no such page", "zzz"};
    size_t total = 0;
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        total += strlen(grog_catalog_gettext(c, ids[i]));
    for (unsigned long n = 0; n <= 120; n++)
        total += strlen(grog_catalog_ngettext(c, "%d gun", "%d guns", n));
    total += strlen(grog_catalog_ngettext(c, "%d gun", "%d guns", 4294967295ul));
    (void)grog_catalog_plural(c, 1000001);
    grog_catalog_free(c);
    return total > 0 ? 0 : 0;
}
