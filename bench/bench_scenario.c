/* bench_scenario.c — load + validate time and peak memory for a generated
 * battle of 2,000 units and 400 officers (target: under 50 ms and 50 MB).
 * Prints the figures; asserts nothing (timings vary by machine). The clock
 * is read here, in the benchmark, never in the library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "grognard/grognard.h"
#include "grognard/scenario.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static double peak_mb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_maxrss / 1024.0; /* Linux: kilobytes */
}

int main(void)
{
    grog_rng *rng = grog_rng_create(2026);
    grog_generate_options opts = {2000, 400};
    grog_battle *b = NULL;
    grog_error err;
    if (rng == NULL || grog_scenario_generate(&opts, rng, &b, &err) != GROG_OK) {
        fprintf(stderr, "generate: %s\n", err.message);
        return 1;
    }
    grog_rng_destroy(rng);
    char *text = NULL;
    if (grog_scenario_save_text(b, &text, &err) != GROG_OK) {
        fprintf(stderr, "save: %s\n", err.message);
        return 1;
    }
    grog_battle_destroy(b);
    size_t len = strlen(text);
    const int runs = 20;
    double best = 1e30, total = 0;
    for (int i = 0; i < runs; i++) {
        grog_battle *c = NULL;
        double t0 = now_ms();
        grog_status st = grog_scenario_load_text(text, "bench.json", &c, &err);
        double dt = now_ms() - t0;
        if (st != GROG_OK) {
            fprintf(stderr, "load: %s\n", err.message);
            return 1;
        }
        size_t problems = grog_battle_check(c, NULL, NULL);
        if (problems != 0) {
            fprintf(stderr, "check: %zu problems\n", problems);
            return 1;
        }
        grog_battle_destroy(c);
        best = dt < best ? dt : best;
        total += dt;
    }
    /* Validation of a file with problems: each costs a scan for its place. */
    char *bad = strdup(text);
    char *p = bad;
    int broken = 0;
    while ((p = strstr(p, "\"charisma\": ")) != NULL && broken < 50) {
        p += strlen("\"charisma\": ");
        *p = '9';
        broken++;
    }
    grog_problems *pr = grog_problems_create();
    double t0 = now_ms();
    grog_scenario_read_text(bad, "bench-bad.json", NULL, pr, &err);
    double tbad = now_ms() - t0;
    printf("scenario: 2000 units, 400 officers, %zu bytes of JSON\n", len);
    printf("load + validate: best %.2f ms, mean %.2f ms over %d runs (target < 50 ms)\n", best,
           total / runs, runs);
    printf("validate with %zu problems reported: %.2f ms\n", grog_problems_count(pr), tbad);
    printf("peak memory (ru_maxrss): %.1f MB (target < 50 MB)\n", peak_mb());
    grog_problems_destroy(pr);
    free(bad);
    free(text);
    return 0;
}
