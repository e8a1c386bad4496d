/* backup.c — a complete copy of a game file in use (grog_game_backup,
 * game.h). The journal does the copying (journal_backup, SQLite's online
 * backup); this opens the file as a game's journal first, so that only a
 * grognard game is copied, and the copy is a game of the same format. */
#include "grognard/game.h"
#include "journal.h"

grog_status grog_game_backup(const char *path, const char *copy, grog_error *err)
{
    journal *j = NULL;
    grog_status st = journal_open(path, &j, err);
    if (st != GROG_OK)
        return st;
    st = journal_backup(j, copy, err);
    journal_close(j);
    return st;
}
