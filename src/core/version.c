/* version.c — the library's version. */
#include "grognard/version.h"

const char *grog_version(void)
{
    return GROG_VERSION;
}
