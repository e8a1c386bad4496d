/* cli_escape.c — the one place where the CLI's output is made safe for a
 * terminal.
 *
 * Scenario names, journal words, notes and error messages come from files
 * and from other people; printed raw, an ESC or CSI in them would drive the
 * reader's terminal (move the cursor, rewrite the screen, set its title...).
 * grog_cli_main writes everything through the streams made here: each byte
 * goes through grog_text_terminal_escape (text.h), so a control character
 * other than line feed and tab is printed as \uXXXX (the way JSON writes it,
 * so --json output stays valid and means the same) and bytes that are not
 * UTF-8 become U+FFFD. A UTF-8 sequence cut between two writes is held back
 * until its end arrives, so escaping never depends on how output is split.
 * On a terminal that is not UTF-8 the escaped text is converted to its
 * character set last (cli_charset.c). */
#define _GNU_SOURCE 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct escaper {
    FILE *under;
    cli_charset_out *conv; /* NULL: UTF-8 as it is */
    char carry[4];
    size_t ncarry;
} escaper;

static int emit(escaper *e, const char *s, size_t n)
{
    char *safe = grog_text_terminal_escape(s, n);
    if (safe == NULL)
        return -1;
    size_t len = strlen(safe);
    int rc = e->conv != NULL ? cli_charset_write(e->conv, safe, len, e->under)
                             : (fwrite(safe, 1, len, e->under) == len ? 0 : -1);
    free(safe);
    return rc;
}

/* The length of an unfinished UTF-8 sequence at the end of s (0 if none). */
static size_t unfinished(const char *s, size_t n)
{
    for (size_t back = 1; back <= 3 && back <= n; back++) {
        uint32_t cp;
        if (grog_text_utf8_decode(s + n - back, back, &cp) == -1)
            return back;
        if (((unsigned char)s[n - back] & 0xC0) != 0x80)
            break; /* a lead byte that is complete or invalid */
    }
    return 0;
}

static ssize_t escaper_write(void *cookie, const char *buf, size_t size)
{
    escaper *e = cookie;
    char *all = malloc(e->ncarry + size);
    if (all == NULL)
        return -1;
    memcpy(all, e->carry, e->ncarry);
    memcpy(all + e->ncarry, buf, size);
    size_t n = e->ncarry + size;
    size_t hold = unfinished(all, n);
    int rc = emit(e, all, n - hold);
    memcpy(e->carry, all + n - hold, hold);
    e->ncarry = hold;
    free(all);
    /* A finished line goes out at once, even into a pipe: a command that keeps
     * running (serve printing its links, play's prompt) is read as it speaks,
     * and fflush on this unbuffered stream never reaches the one underneath. */
    if (rc == 0 && memchr(buf, '\n', size) != NULL && fflush(e->under) != 0)
        rc = -1;
    return rc == 0 ? (ssize_t)size : -1;
}

static int escaper_close(void *cookie)
{
    escaper *e = cookie;
    int rc = e->ncarry > 0 ? emit(e, e->carry, e->ncarry) : 0;
    fflush(e->under);
    cli_charset_out_close(e->conv);
    free(e);
    return rc;
}

FILE *cli_escape_stream(FILE *under, const char *charset)
{
    escaper *e = calloc(1, sizeof *e);
    if (e == NULL)
        return NULL;
    e->under = under;
    e->conv = cli_charset_out_open(charset);
    cookie_io_functions_t io = {NULL, escaper_write, NULL, escaper_close};
    FILE *f = fopencookie(e, "w", io);
    if (f == NULL) {
        cli_charset_out_close(e->conv);
        free(e);
        return NULL;
    }
    /* Unbuffered here: the stream underneath keeps its own buffering, so
     * output interleaves with the prompt and stderr as it did before. */
    setvbuf(f, NULL, _IONBF, 0);
    return f;
}
