/* family_gdb.c — General de Brigade in the game engine (placeholder until
 * the order book can be copied). */
#include <stdlib.h>

#include "engine.h"
#include "grognard/gdb.h"
#include "i18n.h"

static const char *const phases[] = {"command", "movement", "combat"};

static grog_status load_rules(const char *text, const char *label, void **rules, grog_error *err)
{
    return text != NULL ? grog_gdb_rules_parse(text, label, (grog_gdb_rules **)rules, err)
                        : grog_gdb_rules_load(NULL, (grog_gdb_rules **)rules, err);
}

static void free_rules(void *rules)
{
    grog_gdb_rules_destroy(rules);
}

static grog_status create(const void *rules, const grog_battle *b, void **state, grog_error *err)
{
    (void)rules;
    (void)b;
    *state = calloc(1, 1);
    return *state ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}

static void *copy(const void *state)
{
    (void)state;
    return calloc(1, 1);
}

static void status(const void *rules, const grog_battle *b, const void *state, const char *side,
                   json_t *out)
{
    (void)rules;
    (void)b;
    (void)state;
    (void)side;
    (void)out;
}

const family_ops grog_family_gdb_ops = {
    GROG_FAMILY_GDB, phases, 3, load_rules, free_rules, create, copy, free, NULL, NULL, NULL, 0,
    status,
};
