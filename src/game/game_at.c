/* game_at.c — a game as it was after one row of its journal (game.h,
 * grog_game_at): the step-through of `show --at N` and of the page's log.
 *
 * Invariants: the copy is an in-memory game (game_fork) whose state is the
 * chain of actions in effect after row n, executed again from the seed over
 * the original's own journal (snapcache_restore reads the rows and the
 * snapshots at or before n, never one after); the original is only read. The
 * copy's journal is its own and empty: it answers for the state (views,
 * maps, status, unit cards), not for the log; the commitment and the end
 * are copied from the original (they are the game's, not a moment's). */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "i18n.h"
#include "journal.h"
#include "snapcache.h"

/* f->s := the state after row n of g's journal (n >= 1). */
static grog_status restore_at(const grog_game *g, grog_game *f, long long n, grog_error *err)
{
    struct journal *own = f->j;
    f->j = g->j; /* read the original's rows, for this call only */
    journal_action a;
    int found = 0;
    grog_status st = journal_read_begin(f->j, err);
    if (st != GROG_OK) {
        f->j = own;
        return st;
    }
    st = journal_get_action(f->j, n, &a, &found, err);
    if (st == GROG_OK && !found)
        st = grog_error_set(err, GROG_ENOTFOUND, _("no entry #%lld in the journal"), n);
    long long top = a.top, rtop = a.rtop, stream = a.rng_to;
    if (st == GROG_OK)
        st = snapcache_restore(f, top, n, 0, NULL, err);
    journal_read_end(f->j);
    f->j = own;
    if (st == GROG_OK) {
        f->last = n;
        f->top = top;
        f->rtop = rtop;
        f->stream = stream;
    }
    return st;
}

/* The commitment and the end are the game's, whatever the moment shown:
 * its keys copied into the copy's own journal. */
static grog_status copy_keys(const grog_game *g, grog_game *f, grog_error *err)
{
    static const char *const keys[] = {"seed_salt", "seed_commitment", "ended"};
    grog_status st = GROG_OK;
    for (size_t i = 0; i < sizeof keys / sizeof *keys && st == GROG_OK; i++) {
        char *v = NULL;
        if (journal_get(g->j, keys[i], &v, NULL) == GROG_OK && v != NULL) /* absent: none */
            st = journal_set(f->j, keys[i], v, err);
        free(v);
    }
    return st;
}

grog_status grog_game_at(const grog_game *g, long long n, grog_game **out, grog_error *err)
{
    if (n < 0 || n > g->last)
        return grog_error_set(err, GROG_EINVAL,
                              _("no entry #%lld: the journal holds entries 0 (before the first) "
                                "to %lld"),
                              n, g->last);
    grog_game *f = NULL;
    grog_status st = game_fork(g, g->seed, &f, err);
    if (st == GROG_OK)
        st = copy_keys(g, f, err);
    if (st == GROG_OK && n == 0) {
        st = game_fresh_state(f, err);
        f->last = 0;
    } else if (st == GROG_OK) {
        st = restore_at(g, f, n, err);
    }
    if (st != GROG_OK) {
        grog_game_close(f);
        return st;
    }
    *out = f;
    return GROG_OK;
}
