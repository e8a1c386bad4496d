/* grognard.h — the public API of libgrognard, in one include.
 * Front ends (the CLI, the web server) include only this header or the ones
 * it names. */
#ifndef GROGNARD_H
#define GROGNARD_H

#include "grognard/version.h"
#include "grognard/error.h"
#include "grognard/text.h"
#include "grognard/rng.h"
#include "grognard/dice.h"
#include "grognard/dist.h"
#include "grognard/dice_expr.h"
#include "grognard/bigdist.h"
#include "grognard/plan.h"
#include "grognard/measure.h"
#include "grognard/tape.h"
#include "grognard/geom.h"
#include "grognard/explain.h"
#include "grognard/data.h"
#include "grognard/battle.h"
#include "grognard/scenario.h"
#include "grognard/roster.h"
#include "grognard/map.h"
#include "grognard/aigles.h"
#include "grognard/aigles_formation.h"
#include "grognard/aigles_phase.h"
#include "grognard/gdb.h"
#include "grognard/gt.h"
#include "grognard/game.h"
#include "grognard/commitment.h"
#include "grognard/print.h"
#include "grognard/report.h"
#include "grognard/view.h"
#include "grognard/jsonout.h"
#include "grognard/brief.h"

#endif
