/* fuzz_scenario.c — libFuzzer target for the scenario reader.
 *
 * Any bytes must give either a battle or a list of problems, never a
 * crash, a leak or undefined behaviour; a battle that loads must save and
 * load again to an equal battle. Built and run by scripts/fuzz.sh. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (text == NULL)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    grog_problems *pr = grog_problems_create();
    grog_battle *b = NULL;
    grog_error err;
    grog_status st = grog_scenario_read_text(text, "fuzz.json", &b, pr, &err);
    if (st == GROG_OK) {
        char *saved = NULL;
        grog_battle *again = NULL;
        if (grog_scenario_save_text(b, &saved, &err) == GROG_OK) {
            if (grog_scenario_load_text(saved, "saved.json", &again, &err) != GROG_OK ||
                !grog_battle_equal(b, again, NULL, 0))
                abort(); /* a loaded battle must round-trip */
            grog_battle_destroy(again);
            free(saved);
        }
        grog_battle_destroy(b);
    } else if (st == GROG_EFORMAT && grog_problems_count(pr) == 0) {
        abort(); /* a refused file names at least one problem */
    }
    grog_problems_destroy(pr);
    free(text);
    return 0;
}
