/* bench_scale.c — does every battle path stay linear? (issue 17)
 *
 * For generated battles of 2,000, 20,000 and 200,000 units (one officer per
 * five units), each command a player runs on a whole battle (generate,
 * validate, validate of a file with 200+ problems, show, show --json, map,
 * new) is run in a child process of its own, so that its time and its peak
 * memory (the child's CPU time, user + system, and ru_maxrss) are its
 * alone; then one aigles command
 * phase (library) per size. Every figure is printed beside its target, and
 * the ratios 20k/2k and 200k/20k beside "linear is 10": a path gone
 * quadratic shows a ratio near 100.
 *
 * The 200,000-unit runs of the commands take a minute or two on a small
 * machine: they run only with BENCH_BIG=1 (make bench BENCH_BIG=1); the
 * command phase runs at every size always. Files go to a temporary
 * directory, removed at the end. Prints figures; asserts nothing. */
#define _DEFAULT_SOURCE /* wait4: the child's own peak memory */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "grognard/aigles_phase.h"
#include "grognard/grognard.h"
#include "grognard/scenario.h"

int grog_cli_main(int argc, char **argv, FILE *out, FILE *err);

#define NSIZES 3
static const size_t sizes[NSIZES] = {2000, 20000, 200000};

/* CPU time of this process: on a machine shared with other work the
 * figures stay those of the code (the paths are single-threaded, so on an
 * idle machine CPU time is the wall time). */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct run {
    double seconds, mb;
    int ok;
} run;

/* Runs `grognard ARGS` in a child, output to /dev/null. */
static run run_cli(char **argv)
{
    run r = {0, 0, 0};
    int argc = 0;
    while (argv[argc] != NULL)
        argc++;
    pid_t pid = fork();
    if (pid == 0) {
        FILE *null = fopen("/dev/null", "w");
        int code = grog_cli_main(argc, argv, null, null);
        _exit(code);
    }
    int status = 0;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &status, 0, &ru) != pid)
        return r;
    /* the child's own CPU time, user + system */
    r.seconds = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
                (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
    r.mb = (double)ru.ru_maxrss / 1024.0;
    r.ok = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

/* The paths measured: name, expected exit code, argv with FILE / BAD / OUT / GAME. */
typedef struct path {
    const char *name;
    int code;
    const char *args[10];
} path;

static const path paths[] = {
    {"generate", 0, {"generate", "--units", "N", "--seed", "7", "-o", "OUT", NULL}},
    {"validate", 0, {"validate", "FILE", NULL}},
    {"validate, 200+ problems", 1, {"validate", "BAD", NULL}},
    {"show", 0, {"show", "FILE", NULL}},
    {"show --json", 0, {"show", "--json", "FILE", NULL}},
    {"map", 0, {"map", "FILE", "-o", "OUT", NULL}},
    {"new", 0, {"new", "GAME", "--family", "aigles", "--scenario", "FILE", "--seed", "1", NULL}},
};
#define NPATHS (sizeof paths / sizeof paths[0])

typedef struct files {
    char dir[64], file[96], bad[96], out[96], game[96], n[24];
} files;

/* A copy of the battle with every unit's figures made negative: one
 * problem per unit, placed near the end of the file. */
static int write_bad(const char *from, const char *to)
{
    FILE *f = fopen(from, "r");
    if (f == NULL)
        return 0;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    size_t got = text != NULL ? fread(text, 1, (size_t)n, f) : 0;
    fclose(f);
    if (text == NULL || got != (size_t)n) {
        free(text);
        return 0;
    }
    text[n] = '\0';
    const char *key = "\"figures\": ";
    for (char *p = text; (p = strstr(p, key)) != NULL;) {
        p += strlen(key);
        if (p[0] >= '1' && p[0] <= '9' && p[1] >= '0' && p[1] <= '9')
            p[0] = '-'; /* "24" -> "-4": one problem per unit */
    }
    FILE *o = fopen(to, "w");
    int ok = o != NULL && fwrite(text, 1, (size_t)n, o) == (size_t)n;
    if (o != NULL)
        ok &= fclose(o) == 0;
    free(text);
    return ok;
}

static void measure_paths(int big, run res[NPATHS][NSIZES])
{
    files fl;
    snprintf(fl.dir, sizeof fl.dir, "/tmp/grog-bench-scale-%d", (int)getpid());
    mkdir(fl.dir, 0700);
    snprintf(fl.file, sizeof fl.file, "%s/battle.json", fl.dir);
    snprintf(fl.bad, sizeof fl.bad, "%s/bad.json", fl.dir);
    snprintf(fl.out, sizeof fl.out, "%s/out", fl.dir);
    snprintf(fl.game, sizeof fl.game, "%s/game.grog", fl.dir);
    for (int s = 0; s < (big ? NSIZES : NSIZES - 1); s++) {
        snprintf(fl.n, sizeof fl.n, "%zu", sizes[s]);
        for (size_t k = 0; k < NPATHS; k++) {
            char *argv[12];
            int a = 0;
            argv[a++] = (char *)"grognard";
            for (int i = 0; paths[k].args[i] != NULL; i++) {
                const char *w = paths[k].args[i];
                argv[a++] = strcmp(w, "FILE") == 0   ? fl.file
                            : strcmp(w, "BAD") == 0  ? fl.bad
                            : strcmp(w, "OUT") == 0  ? fl.out
                            : strcmp(w, "GAME") == 0 ? fl.game
                            : strcmp(w, "N") == 0    ? fl.n
                                                     : (char *)w;
            }
            argv[a] = NULL;
            unlink(fl.game);
            res[k][s] = run_cli(argv);
            res[k][s].ok = res[k][s].ok == paths[k].code;
            if (k == 0) { /* the generated battle is the file of the others */
                rename(fl.out, fl.file);
                write_bad(fl.file, fl.bad);
            }
            fprintf(stderr, "  %s, %zu units: %.2f s\n", paths[k].name, sizes[s],
                    res[k][s].seconds);
        }
    }
    unlink(fl.file);
    unlink(fl.bad);
    unlink(fl.out);
    grog_game_remove(fl.game);
    rmdir(fl.dir);
}

static void print_ratio(double a, double b)
{
    if (a > 0 && b > 0)
        printf(" %6.1f", b / a);
    else
        printf(" %6s", "-");
}

static void print_paths(int big, run res[NPATHS][NSIZES])
{
    printf("\nbattle paths, one child process each (CPU s / peak MB)\n");
    printf("%-24s %15s %15s %15s %6s %6s  %s\n", "path", "2,000 units", "20,000", "200,000",
           "20k/2k", "200k/20k", "targets");
    for (size_t k = 0; k < NPATHS; k++) {
        printf("%-24s", paths[k].name);
        for (int s = 0; s < NSIZES; s++) {
            if (s == NSIZES - 1 && !big)
                printf(" %15s", "(BENCH_BIG=1)");
            else
                printf(" %6.2f/%5.0f%s", res[k][s].seconds, res[k][s].mb,
                       res[k][s].ok ? "  " : " !");
        }
        print_ratio(res[k][0].seconds, res[k][1].seconds);
        if (big)
            print_ratio(res[k][1].seconds, res[k][2].seconds);
        else
            printf(" %6s", "-");
        printf("  200k < 10 s and < 1500 MB; 20k/2k < 15 (linear: 10)\n");
    }
    printf("(\"!\": the command did not end as expected)\n");
}

/* One aigles command phase of a generated battle, ms (best of rounds). */
static double command_phase(size_t units, int rounds, int *helped)
{
    grog_rng *rng = grog_rng_create(2026);
    grog_generate_options go = {units, units / 5};
    grog_battle *b = NULL;
    grog_aigles_rules *r = NULL;
    double best = -1;
    if (rng == NULL || grog_scenario_generate(&go, rng, &b, NULL) != GROG_OK ||
        grog_aigles_rules_load(NULL, &r, NULL) != GROG_OK)
        goto done;
    size_t nu = grog_battle_nunits(b);
    grog_aigles_unit_command *res = calloc(nu, sizeof *res);
    if (res == NULL)
        goto done;
    for (int k = 0; k < rounds; k++) {
        double t0 = now();
        grog_aigles_command_phase(r, b, res, NULL);
        double dt = (now() - t0) * 1000;
        best = best < 0 || dt < best ? dt : best;
    }
    *helped = 0;
    for (size_t u = 0; u < nu; u++)
        *helped += res[u].morale.from >= 0;
    free(res);
done:
    grog_aigles_rules_destroy(r);
    grog_battle_destroy(b);
    grog_rng_destroy(rng);
    return best;
}

static void print_phase(void)
{
    static const char *const targets[NSIZES] = {"< 1 ms", "-", "< 200 ms"};
    static const int rounds[NSIZES] = {50, 10, 3};
    double ms[NSIZES];
    printf("\naigles command phase (library, every unit's charisma and zone), best of runs\n");
    for (int s = 0; s < NSIZES; s++) {
        int helped = 0;
        ms[s] = command_phase(sizes[s], rounds[s], &helped);
        printf("  %7zu units, %6zu officers: %9.3f ms  (target %s; %d units under an "
               "officer's influence)\n",
               sizes[s], sizes[s] / 5, ms[s], targets[s], helped);
    }
    printf("  ratios 20k/2k %.1f, 200k/20k %.1f (linear: 10)\n", ms[1] / ms[0], ms[2] / ms[1]);
}

int main(void)
{
    const char *big_env = getenv("BENCH_BIG");
    int big = big_env != NULL && strcmp(big_env, "1") == 0;
    print_phase();
    static run res[NPATHS][NSIZES];
    fflush(stdout);
    measure_paths(big, res);
    print_paths(big, res);
    return 0;
}
