/* bench_game.c — the game engine's figures: actions per second appended to a
 * journal file (one fsync'd transaction each) beside bare SQLite writing the
 * same rows with the same settings, in turns (target: at least 0.8 of it,
 * issue 29), the full replay of a
 * 100,000-action game in memory and from a file, `do` on a 100,000-action
 * game (open, one action, close), and one full aigles command phase of a
 * generated 2,000-unit battle (every unit's charisma modifier and order-zone
 * check), and the actions list of generated 2,000- and 20,000-unit games.
 * Prints figures; asserts nothing. Targets (issues 8 and 17): replay of
 * 100,000 actions under 1 s, do under 50 ms, command phase under 5 ms; the
 * actions list: docs/performance.md, "The actions list". */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "game/snapshot.h"
#include "grognard/aigles_phase.h"
#include "grognard/game.h"
#include "grognard/scenario.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* CPU time of this process: the machine is shared, the paths single-threaded. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static const char *const lines[] = {"order lightburne br-2-58th attack", "note skirmish",
                                    "order picton mackinnon attack", "next",
                                    "event casualties br-74th 1", "next"};
#define NLINES (sizeof lines / sizeof lines[0])

/* bare SQLite beside the journal: a file with the journal's settings (WAL,
 * synchronous=FULL, one transaction per row) and its actions table, and a
 * reader of the game's file to take the rows the journal wrote. */
typedef struct bare_db {
    char path[80];
    sqlite3 *src, *dst;
    sqlite3_stmt *rd, *wr;
    sqlite3_value **rows; /* a batch of rows read from the game, 13 values each */
    size_t nrows, cap;
} bare_db;

static void bare_close(bare_db *d)
{
    for (size_t i = 0; i < d->nrows * 13; i++)
        sqlite3_value_free(d->rows[i]);
    free(d->rows);
    sqlite3_finalize(d->rd);
    sqlite3_finalize(d->wr);
    sqlite3_close(d->src);
    sqlite3_close(d->dst);
    grog_game_remove(d->path);
}

static int bare_open(bare_db *d, const char *game)
{
    memset(d, 0, sizeof *d);
    snprintf(d->path, sizeof d->path, "/tmp/grog-bench-bare-%d.db", (int)getpid());
    grog_game_remove(d->path);
    return sqlite3_open_v2(game, &d->src, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
           sqlite3_open(d->path, &d->dst) == SQLITE_OK &&
           sqlite3_exec(d->dst,
                        "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
                        "CREATE TABLE actions(seq INTEGER PRIMARY KEY, side TEXT NOT NULL, words "
                        "TEXT NOT NULL, result TEXT NOT NULL, checks TEXT NOT NULL, undoes "
                        "INTEGER, rng_from INTEGER, rng_to INTEGER, top INTEGER, below INTEGER, "
                        "rtop INTEGER, lang TEXT, hash TEXT)",
                        NULL, NULL, NULL) == SQLITE_OK &&
           sqlite3_prepare_v2(d->src, "SELECT * FROM actions WHERE seq > ? ORDER BY seq", -1,
                              &d->rd, NULL) == SQLITE_OK &&
           sqlite3_prepare_v2(d->dst, "INSERT INTO actions VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                              -1, &d->wr, NULL) == SQLITE_OK;
}

/* Reads the game's rows after *seq into memory (not timed); how many. */
static size_t bare_take(bare_db *d, long long *seq)
{
    for (size_t i = 0; i < d->nrows * 13; i++)
        sqlite3_value_free(d->rows[i]);
    d->nrows = 0;
    sqlite3_bind_int64(d->rd, 1, *seq);
    while (sqlite3_step(d->rd) == SQLITE_ROW) {
        if (d->nrows == d->cap) {
            size_t cap = d->cap ? d->cap * 2 : 64;
            sqlite3_value **r = realloc(d->rows, cap * 13 * sizeof *r);
            if (r == NULL)
                break;
            d->rows = r;
            d->cap = cap;
        }
        for (int i = 0; i < 13; i++)
            d->rows[d->nrows * 13 + i] = sqlite3_value_dup(sqlite3_column_value(d->rd, i));
        *seq = sqlite3_column_int64(d->rd, 0);
        d->nrows++;
    }
    sqlite3_reset(d->rd);
    return d->nrows;
}

/* Writes the rows taken, one transaction each, as the journal does; the
 * seconds it took, or -1. */
static double bare_write(bare_db *d, double *cpu)
{
    double t0 = now(), c0 = cpu_now();
    for (size_t r = 0; r < d->nrows; r++) {
        sqlite3_exec(d->dst, "BEGIN IMMEDIATE", NULL, NULL, NULL);
        for (int i = 0; i < 13; i++) /* the row and its hash, as the journal writes them */
            sqlite3_bind_value(d->wr, i + 1, d->rows[r * 13 + i]);
        sqlite3_step(d->wr);
        sqlite3_reset(d->wr);
        if (sqlite3_exec(d->dst, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
            return -1;
    }
    *cpu += cpu_now() - c0;
    return now() - t0;
}

/* One round: a new game file played for `seconds` of its own time in
 * batches of the bench's lines (one transaction each), and after each
 * batch the rows it wrote written again by bare SQLite, so that both meet
 * the disk as it is at that moment (a shared disk's rate swings by a
 * factor of two within a minute). The journal's actions per second (0 on
 * failure), *bare the same rows per second by bare SQLite. */
static double journal_round(double seconds, int *tried, int *done, double *bare, double cpu[2])
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/grog-bench-%d.grog", (int)getpid());
    grog_game_remove(path);
    grog_game_options o = {GROG_FAMILY_AIGLES, NULL, 1, NULL};
    grog_game *g;
    bare_db d;
    *tried = *done = 0;
    *bare = 0;
    if (grog_game_create(path, &o, &g, NULL) != GROG_OK)
        return 0;
    long long seq = 0;
    double mine = 0, theirs = 0, my_cpu = 0, their_cpu = 0;
    size_t rows = 0;
    int ok = bare_open(&d, path);
    bare_take(&d, &seq); /* the rows written by new: not timed */
    while (ok && mine < seconds) {
        double t0 = now(), c0 = cpu_now();
        for (int k = 0; k < 12; k++) {
            *done += grog_game_do_line(g, lines[*tried % NLINES], NULL, NULL) == GROG_OK;
            ++*tried;
        }
        mine += now() - t0;
        my_cpu += cpu_now() - c0;
        size_t n = bare_take(&d, &seq);
        double dt = bare_write(&d, &their_cpu);
        ok = dt >= 0;
        theirs += dt;
        rows += n;
    }
    grog_game_close(g);
    bare_close(&d);
    grog_game_remove(path);
    if (!ok || rows == 0 || theirs <= 0 || *done == 0)
        return 0;
    *bare = (double)rows / theirs;
    cpu[0] = my_cpu / *done; /* CPU time per action, per row */
    cpu[1] = their_cpu / (double)rows;
    return *done / mine;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The journal against bare SQLite on the same disk, JOURNAL_ROUNDS rounds
 * of journal_round: the median of the rounds' ratios (and their range),
 * and the median rates. */
#define JOURNAL_ROUNDS 7

static void journal_rate(void)
{
    double ratio[JOURNAL_ROUNDS], mine[JOURNAL_ROUNDS], bare[JOURNAL_ROUNDS];
    double my_cpu[JOURNAL_ROUNDS], their_cpu[JOURNAL_ROUNDS];
    int rounds = 0, tried = 0, done = 0;
    for (int r = 0; r < JOURNAL_ROUNDS; r++) {
        int t, d;
        double b, cpu[2], a = journal_round(0.4, &t, &d, &b, cpu);
        if (a <= 0 || b <= 0)
            continue;
        tried += t;
        done += d;
        mine[rounds] = a;
        bare[rounds] = b;
        my_cpu[rounds] = cpu[0];
        their_cpu[rounds] = cpu[1];
        ratio[rounds++] = a / b;
    }
    if (rounds == 0) {
        printf("journal: FAILED to make a game in /tmp\n");
        return;
    }
    double lo = ratio[0], hi = ratio[0];
    for (int r = 1; r < rounds; r++) {
        lo = ratio[r] < lo ? ratio[r] : lo;
        hi = ratio[r] > hi ? ratio[r] : hi;
    }
    qsort(ratio, (size_t)rounds, sizeof *ratio, cmp_double);
    qsort(mine, (size_t)rounds, sizeof *mine, cmp_double);
    qsort(bare, (size_t)rounds, sizeof *bare, cmp_double);
    qsort(my_cpu, (size_t)rounds, sizeof *my_cpu, cmp_double);
    qsort(their_cpu, (size_t)rounds, sizeof *their_cpu, cmp_double);
    printf("journal: %.0f actions/s appended to a file (synchronous=FULL, %d tried, %d done); "
           "bare SQLite, the same rows with the same settings: %.0f rows/s (medians of %d "
           "rounds, the two in turns every 12 actions); ratio %.2f, the median of the rounds' "
           "(%.2f-%.2f) (target at least 0.8); CPU time, the kernel's syncs included: %.1f us "
           "per action, %.1f us per bare row\n",
           mine[rounds / 2], tried, done, bare[rounds / 2], rounds, ratio[rounds / 2], lo, hi,
           my_cpu[rounds / 2] * 1e6, their_cpu[rounds / 2] * 1e6);
}

/* Two processes writing one game for 2 s each: the one-writer rule's cost. */
static void two_writers(void)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/grog-bench2-%d.grog", (int)getpid());
    grog_game_remove(path);
    grog_game_options o = {GROG_FAMILY_AIGLES, NULL, 1, NULL};
    grog_game *g;
    if (grog_game_create(path, &o, &g, NULL) != GROG_OK)
        return;
    grog_game_close(g);
    int fds[2];
    if (pipe(fds) != 0)
        return;
    fflush(NULL);
    for (int k = 0; k < 2; k++) {
        if (fork() != 0)
            continue;
        int n = 0;
        if (grog_game_open(path, &g, NULL) == GROG_OK) {
            double t0 = now();
            while (now() - t0 < 2.0)
                n += grog_game_do_line(g, k ? "note b" : "note a", NULL, NULL) == GROG_OK;
            grog_game_close(g);
        }
        if (write(fds[1], &n, sizeof n) != (ssize_t)sizeof n)
            _exit(1);
        _exit(0);
    }
    close(fds[1]);
    int total = 0, n;
    while (read(fds[0], &n, sizeof n) == (ssize_t)sizeof n)
        total += n;
    close(fds[0]);
    while (wait(NULL) > 0)
        ;
    size_t count = 0;
    if (grog_game_open(path, &g, NULL) == GROG_OK) {
        count = grog_game_action_count(g);
        grog_game_close(g);
    }
    grog_game_remove(path);
    printf("two writers on one game: %.0f actions/s together (%d done, %zu in the journal)\n",
           total / 2.0, total, count);
}

/* Actions on a 20,000-unit game: an action runs on the live state (no
 * whole-battle copy per action); the figure beside it is one such copy. */
static void big_game_rate(void)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/grog-bench-big-%d.json", (int)getpid());
    grog_rng *rng = grog_rng_create(2026);
    grog_generate_options go = {20000, 2000};
    grog_battle *b = NULL;
    if (rng == NULL || grog_scenario_generate(&go, rng, &b, NULL) != GROG_OK ||
        grog_scenario_save_file(b, path, NULL) != GROG_OK) {
        grog_rng_destroy(rng);
        grog_battle_destroy(b);
        return;
    }
    double c0 = now();
    grog_battle *copy = grog_battle_clone(b);
    double clone = now() - c0;
    grog_battle_destroy(copy);
    grog_battle_destroy(b);
    grog_rng_destroy(rng);
    grog_game_options o = {GROG_FAMILY_AIGLES, path, 1, NULL};
    grog_game *g;
    if (grog_game_create_memory(&o, &g, NULL) == GROG_OK) {
        int n = 0;
        double t0 = now();
        while (now() - t0 < 1.0 && n < 100000)
            n += grog_game_do_line(g, "note a line in the journal", NULL, NULL) == GROG_OK;
        double dt = now() - t0;
        printf("20,000-unit game (in memory): %.0f actions/s (one battle copy: %.1f ms, i.e. "
               "%.0f/s if each action copied it)\n",
               n / dt, clone * 1000, 1 / clone);
        grog_game_close(g);
    }
    remove(path);
}

/* Builds a game of `actions` actions of the bench's lines at path (NULL: in
 * memory); *cpu gets the CPU time it took. */
static grog_game *long_game(const char *path, size_t actions, double *cpu)
{
    grog_game_options o = {GROG_FAMILY_AIGLES, NULL, 1, NULL};
    grog_game *g;
    double t0 = cpu_now();
    if (grog_game_create(path, &o, &g, NULL) != GROG_OK)
        return NULL;
    for (size_t i = 0; grog_game_action_count(g) < actions; i++)
        grog_game_do_line(g, lines[i % NLINES], NULL, NULL);
    *cpu = cpu_now() - t0;
    return g;
}

static void replay_report(const char *where, grog_game *g, double built, size_t actions)
{
    size_t n = 0;
    double t0 = cpu_now();
    grog_status st = grog_game_replay(g, &n, NULL);
    double dt = cpu_now() - t0;
    printf("replay, %s: %zu actions in %.3f s, %.1f us each (%s; target under 1 s at 100,000; "
           "building it took %.1f us per action)\n",
           where, n, dt, n > 0 ? dt / (double)n * 1e6 : 0.0,
           st == GROG_OK ? "identical" : "DIFFERS", built / (double)actions * 1e6);
}

/* A full replay (every stored result verified from the seed) of a
 * 100,000-action game, in memory and from a file as `grognard replay` reads
 * it; the file is on /dev/shm when there is one (building it is then not
 * fsync-bound). CPU time: the machine is shared. */
static void replay_time(void)
{
    const size_t actions = 100000;
    double built = 0;
    grog_game *g = long_game(NULL, actions, &built);
    if (g != NULL) {
        replay_report("in memory", g, built, actions);
        grog_game_close(g);
    }
    char path[96];
    snprintf(path, sizeof path, "%s/grog-bench-replay-%d.grog",
             access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp", (int)getpid());
    grog_game_remove(path);
    g = long_game(path, actions, &built);
    if (g != NULL)
        grog_game_close(g);
    double t0 = cpu_now();
    if (g == NULL || grog_game_open(path, &g, NULL) != GROG_OK) {
        printf("replay, from a file: FAILED to make %s\n", path);
        grog_game_remove(path);
        return;
    }
    printf("open of that file: %.3f s\n", cpu_now() - t0);
    replay_report("from a file", g, built, actions);
    grog_game_close(g);
    grog_game_remove(path);
}

/* `grognard do` on a long game (issue 17): open (from its newest snapshot,
 * then the rows after it), one action, close; on /dev/shm when there is one,
 * so that building the game is not fsync-bound. Wall and CPU time; target
 * under 50 ms whatever the game's length. */
static void do_on_long_game(size_t actions)
{
    char path[96];
    snprintf(path, sizeof path, "%s/grog-bench3-%d.grog",
             access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp", (int)getpid());
    grog_game_remove(path);
    double built = 0;
    grog_game *g = long_game(path, actions, &built);
    if (g == NULL)
        return;
    grog_game_close(g);
    double t0 = now(), c0 = cpu_now();
    int ok = grog_game_open(path, &g, NULL) == GROG_OK;
    double t1 = now(), c1 = cpu_now();
    ok = ok && grog_game_do_line(g, "note one more", NULL, NULL) == GROG_OK;
    grog_game_close(g);
    double t2 = now(), c2 = cpu_now();
    grog_game_remove(path);
    printf("do on a %zu-action game: %.1f ms, %.1f ms of CPU (open %.1f ms, %.1f ms of CPU; %s; "
           "target under 50 ms)\n",
           actions, (t2 - t0) * 1000, (c2 - c0) * 1000, (t1 - t0) * 1000, (c1 - c0) * 1000,
           ok ? "ok" : "FAILED");
}

static void command_phase(void)
{
    grog_rng *rng = grog_rng_create(2026);
    grog_generate_options go = {2000, 400};
    grog_battle *b = NULL;
    grog_aigles_rules *r = NULL;
    if (grog_scenario_generate(&go, rng, &b, NULL) != GROG_OK ||
        grog_aigles_rules_load(NULL, &r, NULL) != GROG_OK)
        return;
    size_t nu = grog_battle_nunits(b);
    grog_aigles_unit_command *res = calloc(nu, sizeof *res);
    int rounds = 50, in_zone = 0, helped = 0;
    double t0 = now();
    for (int k = 0; k < rounds; k++)
        grog_aigles_command_phase(r, b, res, NULL);
    double dt = (now() - t0) / rounds;
    for (size_t u = 0; u < nu; u++) {
        in_zone += res[u].in_zone;
        helped += res[u].morale.from >= 0;
    }
    printf("command phase: %zu units x %zu officers, every unit's charisma modifier and zone "
           "check: %.2f ms (target under 5 ms; %d in zone, %d with an officer's influence)\n",
           nu, grog_battle_nofficers(b), dt * 1000, in_zone, helped);
    free(res);
    grog_aigles_rules_destroy(r);
    grog_battle_destroy(b);
    grog_rng_destroy(rng);
}

/* A snapshot of the state (issue 17): save and load of game g, per call. */
static void snapshot_of(grog_game *g, const char *what)
{
    int rounds = 0;
    size_t bytes = 0;
    double t0 = now(), save = 0, load = 0;
    while (now() - t0 < 0.5 && rounds < 1000) {
        double a = now();
        char *text = game_state_save(g, &g->s);
        double b = now();
        game_state s;
        grog_status st = text != NULL ? game_state_load(g, text, &s, NULL) : GROG_ENOMEM;
        double c = now();
        if (st != GROG_OK) {
            free(text);
            printf("snapshot of %s: FAILED\n", what);
            return;
        }
        bytes = strlen(text);
        game_state_free(g, &s);
        free(text);
        save += b - a;
        load += c - b;
        rounds++;
    }
    printf("snapshot of %s: %zu bytes, save %.3f ms, load %.3f ms\n", what, bytes,
           save / rounds * 1000, load / rounds * 1000);
}

static void snapshot_time(void)
{
    grog_game_options o = {GROG_FAMILY_AIGLES, NULL, 1, NULL};
    grog_game *g;
    if (grog_game_create_memory(&o, &g, NULL) == GROG_OK) {
        for (size_t i = 0; i < 60; i++)
            grog_game_do_line(g, lines[i % NLINES], NULL, NULL);
        snapshot_of(g, "the default aigles game");
        grog_game_close(g);
    }
    char path[64];
    snprintf(path, sizeof path, "/tmp/grog-bench-snap-%d.json", (int)getpid());
    grog_rng *rng = grog_rng_create(2026);
    grog_generate_options go = {2000, 400};
    grog_battle *b = NULL;
    int ok = rng != NULL && grog_scenario_generate(&go, rng, &b, NULL) == GROG_OK &&
             grog_scenario_save_file(b, path, NULL) == GROG_OK;
    grog_battle_destroy(b);
    grog_rng_destroy(rng);
    o.scenario = path;
    if (ok && grog_game_create_memory(&o, &g, NULL) == GROG_OK) {
        snapshot_of(g, "a 2,000-unit aigles game");
        grog_game_close(g);
    }
    remove(path);
}

/* The actions list (grog_game_actions_json, GET /api/v1/actions): CPU time
 * of one list, the best of ACTIONS_ROUNDS, for a side's seat and the
 * referee, on the battles of `grognard generate --units N --seed 7` under
 * each family, in the first phase. The 2,000- and 20,000-unit lists are
 * made in turns (2k, 20k, 2k, 20k...), so that both meet the same load and
 * the same caches: made back to back, a 2,000-unit battle and its list stay
 * in the core's cache from one list to the next, which no 20,000-unit list
 * can (the ratio then measured the cache's size as much as the work).
 * Targets (docs/performance.md, "The actions list"): a side under 100 ms at
 * 2,000 units and 20k/2k under 15 (linear: 10); the referee, whose text
 * holds every officer's choices of units (22.9 MB at 2,000 units under
 * aigles), under 300 ms at 2,000. */
#define ACTIONS_ROUNDS 7

/* One list's CPU time (its length in *bytes), or -1 when it failed. */
static double actions_cpu(grog_game *g, const grog_seat *seat, size_t *bytes)
{
    char *text = NULL;
    double t0 = cpu_now();
    grog_status st = grog_game_actions_json(g, seat, &text, NULL);
    double dt = cpu_now() - t0;
    *bytes = text != NULL ? strlen(text) : 0;
    free(text);
    return st == GROG_OK ? dt : -1;
}

/* The best times of seat's list in games g[0..n-1], made in turns; -1 for
 * a game missing or a list that failed. */
static void actions_best(grog_game *const g[2], int n, const grog_seat *seat, double best[2],
                         size_t bytes[2])
{
    int failed[2] = {0, 0};
    for (int k = 0; k < 2; k++)
        best[k] = -1;
    for (int r = 0; r < ACTIONS_ROUNDS; r++)
        for (int k = 0; k < n; k++) {
            if (g[k] == NULL || failed[k])
                continue;
            double dt = actions_cpu(g[k], seat, &bytes[k]);
            failed[k] = dt < 0;
            if (failed[k] || best[k] < 0 || dt < best[k])
                best[k] = dt;
        }
}

static grog_game *generated_game(size_t units, grog_family f, char *path, size_t size)
{
    snprintf(path, size, "/tmp/grog-bench-actions-%zu-%d.json", units, (int)getpid());
    grog_rng *rng = grog_rng_create(7);
    grog_generate_options go = {units, 0};
    grog_battle *b = NULL;
    int ok = rng != NULL && grog_scenario_generate(&go, rng, &b, NULL) == GROG_OK &&
             grog_scenario_save_file(b, path, NULL) == GROG_OK;
    grog_battle_destroy(b);
    grog_rng_destroy(rng);
    grog_game_options o = {f, path, 7, NULL};
    grog_game *g = NULL;
    if (!ok || grog_game_create_memory(&o, &g, NULL) != GROG_OK)
        g = NULL;
    remove(path);
    return g;
}

/* One family's figures (in a process of its own: actions_list). */
static void actions_family(int f)
{
    static const char *const names[] = {"aigles", "gdb", "gt"};
    {
        double side[2], ref[2];
        size_t side_bytes[2] = {0, 0}, ref_bytes[2] = {0, 0};
        /* aigles' referee lists every general's order targets (his side's
         * units and officers but himself: no two alike): officers x units */
        int ref_big = f != GROG_FAMILY_AIGLES;
        grog_game *g[2];
        char path[96];
        for (int k = 0; k < 2; k++)
            g[k] = generated_game(k ? 20000 : 2000, (grog_family)f, path, sizeof path);
        grog_seat blue = {GROG_SEAT_SIDE, "blue"}, referee = {GROG_SEAT_REFEREE, NULL};
        actions_best(g, 2, &blue, side, side_bytes);
        actions_best(g, ref_big ? 2 : 1, &referee, ref, ref_bytes);
        for (int k = 0; k < 2; k++)
            if (g[k] != NULL)
                grog_game_close(g[k]);
        printf("actions list, %s: a side at 2,000 units %.1f ms (%.2f MB), at 20,000 %.1f ms "
               "(%.1f MB), ratio %.1f (target: under 100 ms at 2,000, ratio under 15); the "
               "referee at 2,000 %.1f ms for %.1f MB (target: under 300 ms)",
               names[f], side[0] * 1000, side_bytes[0] / 1e6, side[1] * 1000,
               side_bytes[1] / 1e6, side[0] > 0 ? side[1] / side[0] : 0.0, ref[0] * 1000,
               ref_bytes[0] / 1e6);
        if (ref_big)
            printf(", at 20,000 %.1f ms for %.1f MB, ratio %.1f (target under 15)\n",
                   ref[1] * 1000, ref_bytes[1] / 1e6, ref[0] > 0 ? ref[1] / ref[0] : 0.0);
        else
            printf("; at 20,000 not run (every general's order targets: about 2.3 GB)\n");
    }
}

/* Each family in a child process of its own, as a server holds one game:
 * the heap the aigles lists leave (tens of megabytes in pieces) slowed the
 * families measured after them by a third at 20,000 units. */
static void actions_list(void)
{
    for (int f = 0; f < GROG_FAMILY_COUNT; f++) {
        fflush(NULL);
        pid_t pid = fork();
        if (pid == 0) {
            actions_family(f);
            fflush(NULL);
            _exit(0);
        }
        if (pid > 0)
            waitpid(pid, NULL, 0);
    }
}

/* bench_game [journal | actions]: every figure, or only the journal's or
 * the actions lists'. */
int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "actions") == 0) {
        actions_list();
        return 0;
    }
    journal_rate();
    if (argc > 1 && strcmp(argv[1], "journal") == 0)
        return 0;
    two_writers();
    replay_time();
    do_on_long_game(100000);
    big_game_rate();
    command_phase();
    snapshot_time();
    actions_list();
    return 0;
}
