/* cli_charset.c — a terminal that does not speak UTF-8 (a Latin-1 one:
 * LANG=fr_FR.ISO-8859-1), with glibc's iconv.
 *
 * grognard works in UTF-8 throughout: the catalogues, the journal, JSON.
 * Only the edges of the CLI meet the terminal's own character set:
 * - what is printed for a person (text on stdout, everything on stderr) is
 *   converted to it, with iconv's transliteration ("’" becomes "'") and "?"
 *   for what it cannot show (Cyrillic on a Latin-1 terminal);
 * - --json stays UTF-8 (JSON's own rule, RFC 8259 §8.1): a program reads it;
 * - a word typed on the terminal (an argument, a line at the play prompt)
 *   that is not valid UTF-8 is read in the terminal's character set, unless
 *   it names a file that exists (a file name is bytes, kept as given).
 *
 * The character set is the LC_CTYPE locale's when the system has one other
 * than C; under C (the locale named by LC_ALL, LC_CTYPE or LANG is not
 * generated on this system) the one the variable names after its dot, as
 * for the language (lang.c). Under plain C or a UTF-8 locale: UTF-8, as
 * before. docs/i18n.md, "Terminals". */
#include <errno.h>
#include <iconv.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cli.h"
#include "grognard/text.h"

static int is_utf8_name(const char *s)
{
    return strcasecmp(s, "UTF-8") == 0 || strcasecmp(s, "utf8") == 0;
}

static int is_c(const char *locale)
{
    return locale == NULL || strcmp(locale, "C") == 0 || strcmp(locale, "POSIX") == 0;
}

/* The character set a locale variable names ("ISO-8859-1" of
 * "fr_FR.ISO-8859-1@euro") into buf; 0 when it names none. */
static int named_charset(const char *v, char *buf, size_t size)
{
    const char *dot = strchr(v, '.');
    if (dot == NULL)
        return 0;
    size_t n = strcspn(dot + 1, "@");
    if (n == 0 || n >= size)
        return 0;
    memcpy(buf, dot + 1, n);
    buf[n] = '\0';
    return 1;
}

int cli_charset_of_terminal(char *buf, size_t size)
{
    const char *ctype = setlocale(LC_CTYPE, NULL);
    if (!is_c(ctype)) {
        const char *cs = nl_langinfo(CODESET);
        if (cs == NULL || cs[0] == '\0' || is_utf8_name(cs) || strlen(cs) >= size)
            return 0;
        memcpy(buf, cs, strlen(cs) + 1);
        return 1;
    }
    const char *vars[] = {"LC_ALL", "LC_CTYPE", "LANG"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v == NULL || v[0] == '\0')
            continue;
        if (!named_charset(v, buf, size) || is_utf8_name(buf))
            return 0;
        iconv_t cd = iconv_open("UTF-8", buf); /* a name iconv knows, or UTF-8 */
        if (cd == (iconv_t)-1)
            return 0;
        iconv_close(cd);
        return 1;
    }
    return 0;
}

static int valid_utf8(const char *s)
{
    size_t len = strlen(s);
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        int n = grog_text_utf8_decode(s + i, len - i, &cp);
        if (n <= 0)
            return 0;
        i += (size_t)n;
    }
    return 1;
}

char *cli_charset_read(const char *charset, const char *s)
{
    struct stat st;
    if (charset == NULL || valid_utf8(s) || stat(s, &st) == 0)
        return NULL;
    iconv_t cd = iconv_open("UTF-8", charset);
    if (cd == (iconv_t)-1)
        return NULL;
    size_t left = strlen(s), room = 4 * left + 1;
    char *out = malloc(room), *in = (char *)s, *o = out;
    size_t rc = out != NULL ? iconv(cd, &in, &left, &o, &room) : (size_t)-1;
    iconv_close(cd);
    if (rc == (size_t)-1) { /* not that character set either: left as it came */
        free(out);
        return NULL;
    }
    *o = '\0';
    return out;
}

/* ---- output: UTF-8 text into the terminal's character set ---- */

struct cli_charset_out {
    iconv_t cd;
};

cli_charset_out *cli_charset_out_open(const char *charset)
{
    if (charset == NULL)
        return NULL;
    char to[96];
    snprintf(to, sizeof to, "%s//TRANSLIT", charset);
    iconv_t cd = iconv_open(to, "UTF-8");
    if (cd == (iconv_t)-1)
        return NULL;
    cli_charset_out *o = malloc(sizeof *o);
    if (o == NULL) {
        iconv_close(cd);
        return NULL;
    }
    o->cd = cd;
    return o;
}

void cli_charset_out_close(cli_charset_out *o)
{
    if (o == NULL)
        return;
    iconv_close(o->cd);
    free(o);
}

/* The length of the UTF-8 sequence starting at s (1 for a stray byte). */
static size_t sequence(const char *s, size_t len)
{
    uint32_t cp;
    int n = grog_text_utf8_decode(s, len, &cp);
    return n > 0 ? (size_t)n : 1;
}

int cli_charset_write(cli_charset_out *o, const char *s, size_t len, FILE *f)
{
    char buf[1024];
    char *in = (char *)s;
    while (len > 0) {
        char *out = buf;
        size_t room = sizeof buf;
        size_t rc = iconv(o->cd, &in, &len, &out, &room);
        size_t made = (size_t)(out - buf);
        if (made > 0 && fwrite(buf, 1, made, f) != made)
            return -1;
        if (rc != (size_t)-1 || errno == E2BIG)
            continue;
        /* EILSEQ or EINVAL: a character with no form there, even
         * transliterated: a question mark, as iconv -c would drop it. */
        size_t skip = sequence(in, len);
        if (fputc('?', f) == EOF)
            return -1;
        in += skip;
        len -= skip;
    }
    return 0;
}
