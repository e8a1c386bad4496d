/* bench_dice.c — dice rolls per second, and exact-distribution computations
 * per second for 2d6, 3d6 keep highest and 10d6. Prints figures; asserts
 * nothing. */
#include <stdio.h>
#include <time.h>

#include "grognard/grognard.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Repeats fn until at least `seconds` have passed; returns calls per second. */
static double rate(void (*fn)(void *), void *ctx, double seconds)
{
    long n = 0, batch = 1;
    double start = now(), elapsed;
    do {
        for (long i = 0; i < batch; i++)
            fn(ctx);
        n += batch;
        batch *= 2;
        elapsed = now() - start;
    } while (elapsed < seconds);
    return (double)n / elapsed;
}

typedef struct roll_ctx {
    grog_dice dice;
    grog_rng *rng;
    long sink;
} roll_ctx;

static void roll_once(void *p)
{
    roll_ctx *c = p;
    grog_roll r;
    grog_dice_roll(&c->dice, c->rng, &r);
    c->sink += r.total;
}

static void dist_once(void *p)
{
    grog_dist *d = NULL;
    if (grog_dist_of_dice(p, &d, NULL) == GROG_OK)
        grog_dist_destroy(d);
}

int main(void)
{
    static const char *const exprs[] = {"2d6", "3d6kh1", "10d6"};
    roll_ctx c = {{0}, grog_rng_create(1), 0};
    printf("%-10s %18s %22s\n", "dice", "rolls/s", "exact distributions/s");
    for (size_t i = 0; i < sizeof exprs / sizeof exprs[0]; i++) {
        grog_dice_parse(exprs[i], &c.dice, NULL);
        double rolls = rate(roll_once, &c, 0.3);
        double dists = rate(dist_once, &c.dice, 0.3);
        printf("%-10s %18.0f %22.0f\n", exprs[i], rolls, dists);
    }
    grog_rng_destroy(c.rng);
    return c.sink == -1;
}
