/* test_journal_kill.c — durability: a child process plays a game and reports
 * every action the library acknowledged; the parent kills it with SIGKILL at
 * a pseudo-random moment, many times over, then checks that the file opens,
 * holds every acknowledged action, and replays identically from its seed;
 * and that, once any command has opened it, the .grog file alone (copied
 * without its -wal) holds them too. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "grognard/game.h"
#include "testutil.h"

#define ROUNDS 25

static const char *const lines[] = {
    "order lightburne br-2-58th attack", "note holding the ridge", "order picton mackinnon attack",
    "next", "event casualties br-74th 1", "next",
};

static void child(const char *path, int fd)
{
    grog_game *g;
    if (grog_game_open(path, &g, NULL) != GROG_OK)
        _exit(2);
    for (unsigned i = 0;; i++) {
        if (grog_game_do_line(g, lines[i % (sizeof lines / sizeof lines[0])], NULL, NULL) !=
            GROG_OK)
            continue;
        unsigned n = (unsigned)grog_game_action_count(g);
        if (write(fd, &n, sizeof n) != (ssize_t)sizeof n)
            _exit(3);
    }
}

static void test_sigkill_loses_nothing_acknowledged(void **state)
{
    (void)state;
    char path[64];
    snprintf(path, sizeof path, "/tmp/grog-kill-%d.grog", (int)getpid());
    unsigned lcg = 12345; /* fixed: the same kill points every run */
    unsigned total_acked = 0;
    for (int round = 0; round < ROUNDS; round++) {
        grog_game_remove(path);
        grog_game_options o = {GROG_FAMILY_AIGLES, NULL, (uint64_t)round, NULL};
        grog_game *g;
        assert_int_equal(grog_game_create(path, &o, &g, NULL), GROG_OK);
        grog_game_close(g);
        int fds[2];
        assert_int_equal(pipe(fds), 0);
        fflush(NULL);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            close(fds[0]);
            child(path, fds[1]);
        }
        close(fds[1]);
        lcg = lcg * 1103515245u + 12345u;
        struct timespec ts = {0, (long)(20 + (lcg >> 16) % 130) * 1000000L};
        nanosleep(&ts, NULL);
        kill(pid, SIGKILL);
        int status;
        waitpid(pid, &status, 0);
        unsigned n, acked = 1; /* "start" */
        while (read(fds[0], &n, sizeof n) == (ssize_t)sizeof n)
            acked = n;
        close(fds[0]);
        total_acked += acked;
        grog_error err;
        /* the .grog alone, as a user would copy it after the kill once any command
         * has opened the game (which finishes what the killed process left in -wal) */
        if (grog_game_open(path, &g, &err) != GROG_OK)
            fail_msg("round %d: the journal does not open after SIGKILL: %s", round, err.message);
        grog_game_close(g);
        char copy[96], cmd[256];
        snprintf(copy, sizeof copy, "%s.copy", path);
        grog_game_remove(copy);
        snprintf(cmd, sizeof cmd, "cp %s %s", path, copy);
        assert_int_equal(system(cmd), 0);
        if (grog_game_open(copy, &g, &err) != GROG_OK)
            fail_msg("round %d: the .grog alone does not open after SIGKILL: %s", round,
                     err.message);
        if (grog_game_action_count(g) < acked)
            fail_msg("round %d: %u actions acknowledged, %zu in the .grog alone", round, acked,
                     grog_game_action_count(g));
        grog_game_close(g);
        grog_game_remove(copy);
        if (grog_game_open(path, &g, &err) != GROG_OK)
            fail_msg("round %d: the journal does not open after SIGKILL: %s", round, err.message);
        if (grog_game_action_count(g) < acked)
            fail_msg("round %d: %u actions acknowledged, %zu in the file", round, acked,
                     grog_game_action_count(g));
        size_t replayed = 0;
        if (grog_game_replay(g, &replayed, &err) != GROG_OK)
            fail_msg("round %d: replay: %s", round, err.message);
        assert_int_equal(replayed, grog_game_action_count(g));
        grog_game_close(g);
    }
    print_message("%u actions acknowledged over %d kills\n", total_acked, ROUNDS);
    assert_true(total_acked > ROUNDS); /* the children did get actions done */
    grog_game_remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sigkill_loses_nothing_acknowledged),
    };
    return cmocka_run_group_tests_name("journal_kill", tests, NULL, NULL);
}
