/* test_fuzz_corpus.c — the fuzz targets' saved corpora as regression inputs.
 *
 * Each target of tests/fuzz/ is compiled in here under its own name and fed
 * every file of tests/fuzz/corpus/NAME/: the inputs the fuzzers found worth
 * keeping, and every input that once broke something. A target aborts when
 * an invariant breaks (a game that does not replay identically, a refusal
 * without a message...), so a crash here is a regression. No fuzzing: just
 * the saved inputs (`make fuzz` fuzzes). */
#include <dirent.h>
#include <unistd.h>

#include "testutil.h"

#define LLVMFuzzerTestOneInput fuzz_scenario_one
#include "fuzz/fuzz_scenario.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_dice_one
#include "fuzz/fuzz_dice.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_rules_one
#include "fuzz/fuzz_rules.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_actions_one
#include "fuzz/fuzz_actions.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_game_one
#include "fuzz/fuzz_game.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_walk_one
#include "fuzz/fuzz_walk.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_snapshot_one
#include "fuzz/fuzz_snapshot.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_catalog_one
#include "fuzz/fuzz_catalog.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_roster_one
#include "fuzz/fuzz_roster.c"
#undef LLVMFuzzerTestOneInput

typedef int (*fuzz_fn)(const uint8_t *data, size_t size);

/* Feeds every file of tests/fuzz/corpus/name to fn; returns how many. */
static size_t replay_corpus(const char *name, fuzz_fn fn)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/tests/fuzz/corpus/%s",
             getenv("GROGNARD_SRCDIR") ? getenv("GROGNARD_SRCDIR") : ".", name);
    DIR *d = opendir(dir);
    if (d == NULL)
        fail_msg("no corpus %s", dir);
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char file[1024];
        snprintf(file, sizeof file, "%s/%s", dir, e->d_name);
        FILE *f = fopen(file, "rb");
        assert_non_null(f);
        static uint8_t buf[1 << 16];
        size_t len = fread(buf, 1, sizeof buf, f);
        fclose(f);
        uint8_t *copy = malloc(len + 1); /* exactly len bytes, as libFuzzer gives */
        assert_non_null(copy);
        memcpy(copy, buf, len);
        fn(copy, len);
        free(copy);
        n++;
    }
    closedir(d);
    return n;
}

static void test_corpus_scenario(void **state)
{
    (void)state;
    assert_true(replay_corpus("scenario", fuzz_scenario_one) >= 8);
}

static void test_corpus_dice(void **state)
{
    (void)state;
    assert_true(replay_corpus("dice", fuzz_dice_one) >= 20);
}

static void test_corpus_rules(void **state)
{
    (void)state;
    assert_true(replay_corpus("rules", fuzz_rules_one) >= 15);
}

static void test_corpus_actions(void **state)
{
    (void)state;
    assert_true(replay_corpus("actions", fuzz_actions_one) >= 10);
}

static void test_corpus_game(void **state)
{
    (void)state;
    assert_true(replay_corpus("game", fuzz_game_one) >= 8);
}

static void test_corpus_walk(void **state)
{
    (void)state;
    assert_true(replay_corpus("walk", fuzz_walk_one) >= 10);
}

static void test_corpus_snapshot(void **state)
{
    (void)state;
    assert_true(replay_corpus("snapshot", fuzz_snapshot_one) >= 10);
}

static void test_corpus_catalog(void **state)
{
    (void)state;
    assert_true(replay_corpus("catalog", fuzz_catalog_one) >= 8);
}

static void test_corpus_roster(void **state)
{
    (void)state;
    assert_true(replay_corpus("roster", fuzz_roster_one) >= 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_scenario), cmocka_unit_test(test_corpus_dice),
        cmocka_unit_test(test_corpus_rules),    cmocka_unit_test(test_corpus_actions),
        cmocka_unit_test(test_corpus_game),     cmocka_unit_test(test_corpus_walk),
        cmocka_unit_test(test_corpus_snapshot), cmocka_unit_test(test_corpus_catalog),
        cmocka_unit_test(test_corpus_roster),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
