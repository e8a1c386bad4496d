/* main.c — the grognard binary: locale and translations, then the CLI. */
#include <locale.h>
#include <stdlib.h>

#include "cli.h"

#ifndef GROG_LOCALEDIR
#define GROG_LOCALEDIR "/usr/local/share/locale"
#endif

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "");
    const char *dir = getenv("GROGNARD_LOCALEDIR");
    bindtextdomain("grognard", dir != NULL ? dir : GROG_LOCALEDIR);
    bind_textdomain_codeset("grognard", "UTF-8");
    textdomain("grognard");
    return grog_cli_main(argc, argv, stdout, stderr);
}
