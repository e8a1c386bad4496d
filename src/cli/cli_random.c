/* cli_random.c — the program's random source (/dev/urandom), for what the
 * library takes from its caller and never reads itself: a new game's seed
 * and the salt of its seed commitment (commitment.h). */
#include <stdio.h>

#include "cli.h"

int cli_random_bytes(unsigned char *buf, size_t n)
{
    FILE *f = fopen("/dev/urandom", "rb");
    if (f == NULL)
        return -1;
    size_t got = fread(buf, 1, n, f);
    fclose(f);
    return got == n ? 0 : -1;
}

int cli_new_seed_and_salt(cli *c, int has_seed, long seed, uint64_t *out_seed,
                          unsigned char salt[GROG_SALT_BYTES])
{
    unsigned char b[8] = {0};
    if (cli_random_bytes(salt, GROG_SALT_BYTES) != 0 || (!has_seed && cli_random_bytes(b, 8) != 0))
        return cli_fail(c, CLI_EXIT_IO, "%s", _("cannot read the random source /dev/urandom"));
    uint64_t s = 0;
    for (int i = 0; i < 8; i++)
        s = s << 8 | b[i];
    *out_seed = has_seed ? (uint64_t)seed : s & INT64_MAX;
    return 0;
}
