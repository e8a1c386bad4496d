/* fuzz_roster.c — libFuzzer target for the roster (CSV) reader.
 *
 * Any bytes must give either a battle or a list of problems, never a crash,
 * a leak or undefined behaviour; a roster that imports must export and
 * import again to an equal battle (the round trip the docs promise), and its
 * scenario must load. Built and run by scripts/fuzz.sh. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/roster.h"
#include "grognard/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void round_trip(const grog_battle *b)
{
    grog_error err;
    char *csv = NULL, *json = NULL;
    grog_battle *again = NULL, *loaded = NULL;
    if (grog_roster_write(b, ',', &csv, &err) != GROG_OK)
        return;
    if (grog_roster_read(csv, strlen(csv), "export.csv", NULL, &again, NULL, &err) != GROG_OK ||
        !grog_battle_equal(b, again, NULL, 0))
        abort(); /* an imported roster must round-trip through export */
    if (grog_scenario_save_text(b, &json, &err) == GROG_OK &&
        grog_scenario_load_text(json, "saved.json", &loaded, &err) != GROG_OK)
        abort(); /* and its scenario must load */
    grog_battle_destroy(loaded);
    grog_battle_destroy(again);
    free(json);
    free(csv);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    grog_problems *pr = grog_problems_create();
    grog_battle *b = NULL;
    grog_error err;
    grog_status st = grog_roster_read((const char *)data, size, "fuzz.csv", NULL, &b, pr, &err);
    if (st == GROG_OK) {
        round_trip(b);
        grog_battle_destroy(b);
    } else if (st == GROG_EFORMAT && grog_problems_count(pr) == 0) {
        abort(); /* a refused roster names at least one problem */
    }
    grog_problems_destroy(pr);
    return 0;
}
