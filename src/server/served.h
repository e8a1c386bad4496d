/* served.h — the table a grog_server serves (server.c), for a front built
 * beside it that reads its state: the organiser's list of `grognard serve
 * DIR` (club_info.c). Internal to src/server.
 *
 * The table is the server's: valid until grog_server_stop, used only under
 * its own locks (table.h). */
#ifndef GROG_SERVED_H
#define GROG_SERVED_H

#include "grognard/server.h"
#include "table.h"

table *server_table(grog_server *s);

#endif
