/* main.c — the grognard binary: locale and translations, then the CLI. */
#include "cli.h"

int main(int argc, char **argv)
{
    cli_lang_init();
    return grog_cli_main(argc, argv, stdout, stderr);
}
