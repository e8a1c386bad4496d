/* cmd_show.h — shared by `grognard show`'s text (cmd_show.c) and its JSON
 * (cmd_show_json.c), internal to src/cli: the battle being shown and the helpers
 * both forms use. */
#ifndef GROG_CMD_SHOW_H
#define GROG_CMD_SHOW_H

#include <jansson.h>

#include "cli.h"
#include "grognard/battle.h"
#include "grognard/map.h"

typedef struct show_ctx {
    cli *c;
    const grog_battle *b;
    const grog_table *t;
    grog_map_options radii;
    int have_radii;
    unsigned families;
    size_t *buf; /* scratch, nunits + nofficers entries */
    grog_hierarchy *h; /* built once: every relation in O(1) or O(its size) */
    json_t *game; /* a game's view (grog_view_game_json) or NULL for a scenario */
} show_ctx;

double show_cm(double mm);

/* The aigles zone of officer i, mm; -1 none; *contact set. */
double show_zone_mm(const show_ctx *x, const grog_officer *o, int *contact);

int show_inside(double d, double zone, int contact);

int show_print_json(show_ctx *x);

#endif
