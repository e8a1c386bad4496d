/* aigles_phase.h — Les Aigles: what a command phase works out for every unit
 * of a battle at once: the charisma modifier each unit gets (AIG-O-03..05)
 * and whether it stands in its commander's order-change zone (AIG-O-07,
 * AIG-O-10).
 *
 * Built for large battles: officers are first sifted by a cheap bound on
 * the distance between centres, so that the exact edge-to-edge measure runs
 * only for officers that could be in contact or within a charisma radius.
 * Ownership: the caller owns the results array (nunits entries). */
#ifndef GROGNARD_AIGLES_PHASE_H
#define GROGNARD_AIGLES_PHASE_H

#include "grognard/aigles.h"
#include "grognard/battle.h"

typedef struct grog_aigles_unit_command {
    grog_aigles_morale morale; /* from = officer index in the battle, -1 none */
    int has_commander;         /* the unit has an active parent officer */
    int in_zone;               /* within his order-change zone (contact for command 1) */
    double distance_pas;       /* edge to edge to the commander */
} grog_aigles_unit_command;

/* Fills out[0..nunits-1], one per unit in battle order. */
grog_status grog_aigles_command_phase(const grog_aigles_rules *r, const grog_battle *b,
                                      grog_aigles_unit_command *out, grog_error *err);

#endif
