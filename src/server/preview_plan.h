/* preview_plan.h — the plan's line in a preview's answer (internal to
 * src/server; preview_plan.c).
 * Ownership: takes result (a malloc'd JSON text) and returns the text to
 * send, result itself or a new one (result then freed). */
#ifndef GROG_PREVIEW_PLAN_H
#define GROG_PREVIEW_PLAN_H

#include "grognard/game.h"

/* argv: the preview's words, "explain" first. */
char *server_preview_plan(const grog_game *g, const grog_seat *seat, int argc,
                          const char *const *argv, char *result);

#endif
