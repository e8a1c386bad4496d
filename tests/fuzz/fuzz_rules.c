/* fuzz_rules.c — libFuzzer target for the rules-data files of the three
 * families, read as a game reads a house-rules file (--rules): aigles
 * (officers, formations, order words), gdb, gt.
 *
 * The first byte picks the family, the rest is the file's text. Any text
 * gives rules or an error with a message, never a crash or a leak; rules
 * that load must set up a game's bookkeeping on the default battle. Built
 * and run by scripts/fuzz.sh; tests/test_fuzz_corpus.c replays the saved
 * corpus. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "game/engine.h"
#include "grognard/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const family_ops *fuzz_rules_family(uint8_t b)
{
    switch (b % 3) {
    case 0: return &grog_family_aigles_ops;
    case 1: return &grog_family_gdb_ops;
    default: return &grog_family_gt_ops;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char *text = malloc(size);
    if (text == NULL)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    const family_ops *ops = fuzz_rules_family(data[0]);
    grog_error err;
    grog_error_clear(&err);
    void *rules = NULL;
    grog_status st = ops->load_rules(text, "fuzz.json", &rules, &err);
    if (st == GROG_OK) {
        grog_battle *b = NULL;
        if (grog_scenario_load(NULL, &b, &err) != GROG_OK)
            abort();
        void *state = NULL;
        if (ops->create(rules, b, &state, &err) == GROG_OK)
            ops->destroy(state);
        grog_battle_destroy(b);
        ops->free_rules(rules);
    } else if (err.message[0] == '\0') {
        abort(); /* a refused file says why */
    }
    free(text);
    return 0;
}
