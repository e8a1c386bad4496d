/* model.h — helpers shared inside libgrognard by the battle model and the
 * scenario loader (internal). */
#ifndef GROG_MODEL_H
#define GROG_MODEL_H

#include <stddef.h>

#include "grognard/battle.h"

/* Copies src (NULL as "") into dst of size bytes, truncating. */
void grog_model_copy(char *dst, size_t size, const char *src);
/* 1 when id is 1..GROG_ID_MAX-1 characters of [A-Za-z0-9_.-]. */
int grog_model_id_valid(const char *id);
/* Makes room for that many sides, officers and units (a loader that knows
 * the counts avoids regrowing); 0 when out of memory (nothing changed). */
int grog_battle_reserve(grog_battle *b, size_t nsides, size_t nofficers, size_t nunits);
/* 1 when any side, officer or unit has this id. */
int grog_battle_id_used(const grog_battle *b, const char *id);

/* A battle's terrain (terrain.c), held by the battle (battle.c). */
typedef struct grog_terrain_list grog_terrain_list;
void grog_terrain_list_free(grog_terrain_list *l);
/* A deep copy; 0 when out of memory (*out untouched). NULL copies as NULL. */
int grog_terrain_list_clone(const grog_terrain_list *l, grog_terrain_list **out);
/* 1 when both hold the same features (points within 1e-6 mm). */
int grog_terrain_list_equal(const grog_terrain_list *a, const grog_terrain_list *b);
/* The battle's list, for terrain.c (battle.c). */
grog_terrain_list **grog_battle_terrain_list(grog_battle *b);
const grog_terrain_list *grog_battle_terrain_list_const(const grog_battle *b);

#endif
