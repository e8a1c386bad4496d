/* snapcache.c — snapshots of a game's state as a cache of its journal: when
 * to write one, which one to open from, and `replay`'s check of them (see
 * snapcache.h for the rules).
 *
 * Invariant: a snapshot at row S is trusted only as far as opening goes, and
 * only when every check that costs O(1) in the journal's length holds: its
 * digest, its place on the chain of actions in effect, its state loading,
 * and its generator standing where row S's top action left the stream.
 * Anything else falls back to an older snapshot, finally to the seed; the
 * full verification (`replay`) never uses a snapshot and compares each one
 * with the state it replays. */
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "journal.h"
#include "snapcache.h"
#include "snapshot.h"

/* Snapshots looked at when opening (more than are kept: K may have changed). */
#define CANDIDATES 16

void game_snapshot_every(grog_game *g, long long k)
{
    g->snap_every = k;
}

static long long every(const grog_game *g)
{
    if (g->snap_every >= 1)
        return g->snap_every;
    long long pieces = g->s.battle == NULL ? 0
                                           : (long long)(grog_battle_nunits(g->s.battle) +
                                                         grog_battle_nofficers(g->s.battle));
    long long k = pieces / SNAPCACHE_PIECES;
    return k > SNAPCACHE_EVERY ? k : SNAPCACHE_EVERY;
}

/* ---- writing ---- */

/* Stores the snapshot of g->s as the state after row seq, inside the
 * caller's write transaction. 1, 0 or -1 as snapcache_after_row. */
static int write_snapshot(grog_game *g, long long seq)
{
    char *text = game_state_save(g, &g->s);
    if (text == NULL)
        return 0;
    char digest[33];
    game_state_digest(text, digest);
    int ok = journal_part_begin(g->j, NULL) == GROG_OK;
    if (ok) {
        ok = journal_put_snapshot(g->j, seq, text, digest, NULL) == GROG_OK &&
             journal_prune_snapshots(g->j, SNAPCACHE_KEEP, NULL) == GROG_OK;
        if (!journal_in_transaction(g->j)) {
            free(text);
            return -1;
        }
        journal_part_end(g->j, ok);
    }
    free(text);
    if (ok)
        g->unsnapped = 0;
    return ok;
}

int snapcache_after_row(grog_game *g, long long seq)
{
    g->unsnapped++;
    /* a game in memory is never opened again: no snapshot would be used */
    if (seq < 1 || seq % every(g) != 0 || journal_in_memory(g->j))
        return 0;
    return write_snapshot(g, seq);
}

void snapcache_at_close(grog_game *g)
{
    if (g->j == NULL || g->bad > 0 || g->s.battle == NULL || g->last < 1 ||
        g->unsnapped < every(g) || journal_read_only(g->j) || journal_in_memory(g->j))
        return;
    journal_set_busy_timeout(g->j, 0); /* another writer: no snapshot, no wait */
    if (journal_begin(g->j, NULL) != GROG_OK)
        return;
    journal_action a;
    int found = 0;
    /* only when the journal still ends where this state stands */
    int fits = journal_last(g->j, &a, &found, NULL) == GROG_OK && found && a.seq == g->last &&
               a.top == g->top && a.rtop == g->rtop && journal_last_snapshot(g->j) != g->last;
    if (fits && write_snapshot(g, g->last) == 1 && journal_commit(g->j, NULL) == GROG_OK)
        return;
    journal_rollback(g->j);
}

/* ---- the chain of actions in effect after a snapshot ---- */

/* The undo links of rows from+1 .. n, and which of them are in effect. */
typedef struct tail {
    long long from, n;
    long long *below, *undoes; /* [seq - from - 1] */
    char *in_effect;
} tail;

static void tail_free(tail *t)
{
    free(t->below);
    free(t->undoes);
    free(t->in_effect);
}

static grog_status tail_row(void *p, long long seq, long long undoes, long long below,
                            grog_error *err)
{
    tail *t = p;
    if (seq > t->n)
        return GROG_OK; /* written after we looked */
    if (seq <= t->from)
        return grog_error_set(err, GROG_EFORMAT, _("damaged journal: row %lld out of order"),
                              seq);
    t->below[seq - t->from - 1] = below;
    t->undoes[seq - t->from - 1] = undoes;
    return GROG_OK;
}

/* Loads the links after row `from` and walks from top down the below links
 * to the first row <= from: *base. */
static grog_status tail_load(grog_game *g, long long from, long long n, long long top, tail *t,
                             long long *base, grog_error *err)
{
    size_t len = (size_t)(n - from);
    *t = (tail){from, n, calloc(len + 1, sizeof(long long)), calloc(len + 1, sizeof(long long)),
                calloc(len + 1, 1)};
    if (t->below == NULL || t->undoes == NULL || t->in_effect == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_status st = journal_links(g->j, from, tail_row, t, err);
    if (st != GROG_OK)
        return st;
    long long s = top;
    for (long long prev = n + 1; s > from; prev = s, s = t->below[s - from - 1]) {
        if (s >= prev || s > n || t->undoes[s - from - 1] != 0)
            return grog_error_set(err, GROG_EFORMAT,
                                  _("damaged journal: the undo links near row %lld are broken"),
                                  s);
        t->in_effect[s - from - 1] = 1;
    }
    *base = s;
    return GROG_OK;
}

typedef struct tail_pass {
    grog_game *g;
    const tail *t;
    long long limit;
    long long failed;
    long long done;
} tail_pass;

static grog_status tail_exec(void *p, const journal_action *a, grog_error *err)
{
    tail_pass *r = p;
    const tail *t = r->t;
    if (r->limit > 0 && a->seq >= r->limit)
        return GROG_OK;
    if (a->seq <= t->from || a->seq > t->n || !t->in_effect[a->seq - t->from - 1])
        return GROG_OK;
    grog_status st = game_exec_row(r->g, a, 0, err); /* checks only: replay verifies results */
    if (st != GROG_OK)
        r->failed = a->seq;
    r->done++;
    return st;
}

/* ---- opening from a snapshot ---- */

/* g->s := the state stored after row seq, when it may be used for the chain
 * whose first row <= seq is base. GROG_OK only then. */
static grog_status take_snapshot(grog_game *g, long long seq, long long base, grog_error *err)
{
    char *text = NULL, *digest = NULL;
    char mine[33];
    int found = 0;
    journal_action a;
    grog_status st = journal_get_snapshot(g->j, seq, &text, &digest, &found, err);
    if (st == GROG_OK && !found)
        st = GROG_ENOTFOUND;
    if (st == GROG_OK) {
        game_state_digest(text, mine);
        if (strcmp(mine, digest) != 0)
            st = GROG_EFORMAT; /* damaged */
    }
    /* on the chain: row seq's own top is the first row <= seq reached */
    if (st == GROG_OK && ((st = journal_get_action(g->j, seq, &a, &found, err)) != GROG_OK ||
                          !found || a.top != base))
        st = st != GROG_OK ? st : GROG_EFORMAT;
    long long draws = -1;
    if (st == GROG_OK && base > 0 &&
        (st = journal_get_action(g->j, base, &a, &found, err)) == GROG_OK && found)
        draws = a.rng_to;
    game_state s = {0};
    if (st == GROG_OK && (st = game_state_load(g, text, &s, err)) == GROG_OK &&
        draws >= 0 && (long long)grog_rng_draws(s.rng) != draws) {
        game_state_free(g, &s);
        st = GROG_EFORMAT; /* not where its top action left the stream */
    }
    if (st == GROG_OK)
        st = game_set_state(g, &s, err);
    free(text);
    free(digest);
    return st;
}

/* g->s := the chain from top after row `from` (0: the seed) executed over
 * the rows after it. */
static grog_status restore_from(grog_game *g, long long from, long long top, long long last,
                                long long limit, long long *failed, grog_error *err)
{
    tail t;
    long long base = 0;
    *failed = 0;
    grog_status st = tail_load(g, from, last, top, &t, &base, err);
    if (st == GROG_OK && from == 0 && base != 0)
        st = grog_error_set(err, GROG_EFORMAT,
                            _("damaged journal: the undo links near row %lld are broken"), base);
    if (st == GROG_OK)
        st = from > 0 ? take_snapshot(g, from, base, err) : game_fresh_state(g, err);
    tail_pass r = {g, &t, limit, 0, 0};
    if (st == GROG_OK)
        st = journal_foreach_from(g->j, from, tail_exec, &r, err);
    tail_free(&t);
    *failed = r.failed;
    if (st == GROG_OK)
        g->unsnapped = r.done;
    return st;
}

grog_status snapcache_restore(grog_game *g, long long top, long long last, long long limit,
                              long long *failed, grog_error *err)
{
    long long seqs[CANDIDATES];
    size_t n = 0;
    long long at_most = limit > 0 && limit - 1 < last ? limit - 1 : last;
    long long f = 0;
    if (journal_snapshot_seqs(g->j, at_most, seqs, CANDIDATES, &n, NULL) != GROG_OK)
        n = 0; /* a cache that cannot be read: the seed */
    for (size_t i = 0; i < n; i++) {
        if (seqs[i] < 1)
            continue;
        if (restore_from(g, seqs[i], top, last, limit, &f, NULL) == GROG_OK)
            return GROG_OK;
        /* ignored: damaged, not on the chain, or a row after it did not
         * replay (decided from the seed, below) */
    }
    grog_status st = restore_from(g, 0, top, last, limit, &f, err);
    if (failed != NULL)
        *failed = f;
    return st;
}

/* ---- replay's check ---- */

static int ascending(const void *x, const void *y)
{
    long long a = *(const long long *)x, b = *(const long long *)y;
    return (a > b) - (a < b);
}

grog_status snapcache_check_begin(grog_game *g, long long last, snapcache_check *c,
                                  grog_error *err)
{
    (void)err;
    memset(c, 0, sizeof *c);
    /* no table to read (a damaged file): no snapshot to check, the rows are the game */
    if (journal_snapshot_seqs(g->j, last, c->seqs, SNAPCACHE_CHECK_MAX, &c->n, NULL) != GROG_OK)
        c->n = 0;
    qsort(c->seqs, c->n, sizeof c->seqs[0], ascending);
    return GROG_OK;
}

void snapcache_check_row(grog_game *g, snapcache_check *c, long long seq)
{
    while (c->next < c->n && c->seqs[c->next] < seq)
        c->next++;
    if (c->next >= c->n || c->seqs[c->next] != seq)
        return;
    char *text = NULL, *digest = NULL, mine[33];
    int found = 0;
    if (journal_get_snapshot(g->j, seq, &text, &digest, &found, NULL) != GROG_OK || !found)
        return;
    char *now = game_state_save(g, &g->s);
    game_state_digest(text, mine);
    if (now != NULL && (strcmp(now, text) != 0 || strcmp(mine, digest) != 0))
        c->bad[c->nbad++] = seq;
    free(now);
    free(text);
    free(digest);
}

grog_status snapcache_check_end(grog_game *g, snapcache_check *c, grog_error *err)
{
    if (c->nbad == 0)
        return GROG_OK;
    grog_error e;
    grog_status st = journal_begin(g->j, &e);
    for (size_t i = 0; st == GROG_OK && i < c->nbad; i++)
        st = journal_delete_snapshot(g->j, c->bad[i], &e);
    if (st == GROG_OK)
        st = journal_commit(g->j, &e);
    if (st != GROG_OK)
        journal_rollback(g->j);
    grog_error_set(err, GROG_EFORMAT,
                   _("the snapshot stored after action %lld is not the state its actions give "
                     "(edited or damaged); the actions themselves replay"),
                   c->bad[0]);
    if (st != GROG_OK && err != NULL) {
        char first[GROG_ERROR_MAX];
        snprintf(first, sizeof first, "%s", err->message);
        grog_error_set(err, GROG_EFORMAT, "%s; %s", first, e.message);
    }
    return GROG_EFORMAT;
}
