/* roster.h — an order of battle as a spreadsheet (CSV): import and export.
 *
 * A roster is one row per side, officer or unit (and optional "battle" rows
 * for the scenario's name, table and sources), the columns named by a header
 * line in any order; docs/scenario-format.md ("Rosters") lists them, their
 * defaults and how missing positions are laid out. It is parsed with libcsv
 * (RFC 4180: quoting, CRLF, a UTF-8 byte-order mark; comma or semicolon
 * separated, told from the header line) and checked as a scenario: every
 * problem is reported as "ROSTER.csv:LINE:COLUMN: header: message", where
 * LINE is the line the cell begins on and COLUMN the cell's place in its row
 * (the spreadsheet's column A is 1), with the scenario reader's own messages
 * for what the scenario format checks. A roster with any problem gives no
 * battle at all.
 *
 * Exporting writes the same columns back from a battle (as it stands in a
 * game: positions, losses and states), so that importing the export gives
 * an equal battle (grog_battle_equal).
 *
 * Ownership: a battle returned is the caller's (grog_battle_destroy); text
 * returned through `char **` is malloc'd and freed by the caller; the
 * template is static. */
#ifndef GROGNARD_ROSTER_H
#define GROGNARD_ROSTER_H

#include <stddef.h>

#include "grognard/battle.h"
#include "grognard/error.h"
#include "grognard/scenario.h"

/* The largest roster read: 16 MiB. */
#define GROG_ROSTER_MAX (16 * 1024 * 1024)

typedef struct grog_roster_options {
    const char *name; /* meta.name, over the battle row's; NULL: the row's, else the label's
                         file name without its extension */
    int scale;        /* 25 or 15 over the battle row's; 0: the row's, else 25 */
    int unit;         /* a grog_unit over the battle row's; -1: the row's, else cm */
} grog_roster_options;

/* The defaults: no name, no scale, no unit (the battle row's, else 25 mm, cm). */
grog_roster_options grog_roster_options_default(void);

/* Reads a roster of len bytes (NUL bytes included are refused as text).
 * label names it in problems. On success *out gets the battle. Otherwise
 * GROG_EFORMAT, every problem appended to problems (may be NULL) and the
 * first in err followed by "(and N more problems)"; GROG_ENOMEM. */
grog_status grog_roster_read(const char *text, size_t len, const char *label,
                             const grog_roster_options *opts, grog_battle **out,
                             grog_problems *problems, grog_error *err);

/* The battle as a roster: a header line with every column, then the battle
 * row(s), sides, officers and units in the battle's order. delim is ',' or
 * ';' (numbers keep their decimal point either way). Lines end in LF. */
grog_status grog_roster_write(const grog_battle *b, char delim, char **text, grog_error *err);

/* `grognard import --template`: a header line and a small worked example
 * (two sides, officers, units, orders) that imports as it is. */
const char *grog_roster_template(void);

#endif
