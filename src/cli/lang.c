/* lang.c — the language of messages: locale set-up, the catalogues' folder,
 * and `--lang en|fr|ru` on every command.
 *
 * Invariants:
 * - LC_NUMERIC stays "C" whatever the locale, so numbers keep a dot in text and
 *   --json alike (outputs differ across languages in their words only).
 * - The catalogues are looked for in GROGNARD_LOCALEDIR, then beside the
 *   running binary (the build tree: build/locale, found from build/grognard and
 *   build/tests/test_*), then ../share/locale from the binary (an installed
 *   tree moved elsewhere), then GROG_LOCALEDIR ($(PREFIX)/share/locale).
 * - A language chosen with --lang (or from LANG/LC_ALL/LC_MESSAGES when the
 *   system has not generated that locale) is applied through gettext's
 *   LANGUAGE list over a UTF-8 LC_MESSAGES locale; --lang lasts for one
 *   grog_cli_main call and the previous state is put back after it. */
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

#ifndef GROG_LOCALEDIR
#define GROG_LOCALEDIR "/usr/local/share/locale"
#endif

#define LANG_DOMAIN "grognard"

static const char *const known_langs[] = {"en", "fr", "ru"};
#define NLANGS (sizeof known_langs / sizeof known_langs[0])

/* 1 when DIR holds a compiled catalogue of ours. */
static int has_catalogues(const char *dir)
{
    char path[4096];
    struct stat st;
    for (size_t i = 1; i < NLANGS; i++) {
        int n = snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/" LANG_DOMAIN ".mo", dir,
                         known_langs[i]);
        if (n > 0 && (size_t)n < sizeof path && stat(path, &st) == 0 && S_ISREG(st.st_mode))
            return 1;
    }
    return 0;
}

/* The folder of the running binary into buf ("" when unknown). */
static void exe_dir(char *buf, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", buf, size - 1);
    if (n <= 0) {
        buf[0] = '\0';
        return;
    }
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (slash != NULL)
        *slash = '\0';
    else
        buf[0] = '\0';
}

/* Where the catalogues are, into buf. */
static void locale_dir(char *buf, size_t size)
{
    const char *env = getenv("GROGNARD_LOCALEDIR");
    if (env != NULL && env[0] != '\0') {
        snprintf(buf, size, "%s", env);
        return;
    }
    char exe[2048];
    exe_dir(exe, sizeof exe);
    if (exe[0] != '\0') {
        static const char *const rel[] = {"/locale", "/../locale", "/../share/locale"};
        for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
            int n = snprintf(buf, size, "%s%s", exe, rel[i]);
            if (n > 0 && (size_t)n < size && has_catalogues(buf))
                return;
        }
    }
    snprintf(buf, size, "%s", GROG_LOCALEDIR);
}

void cli_lang_bind(void)
{
    char dir[4096];
    locale_dir(dir, sizeof dir);
    bindtextdomain(LANG_DOMAIN, dir);
    bind_textdomain_codeset(LANG_DOMAIN, "UTF-8");
}

static int is_c_locale(const char *name)
{
    return name == NULL || strcmp(name, "C") == 0 || strcmp(name, "POSIX") == 0;
}

/* Makes LC_MESSAGES a locale under which gettext reads LANGUAGE (glibc ignores
 * LANGUAGE under "C"), keeping the current one when it is not "C". Setting
 * LC_MESSAGES again also tells gettext to forget the translations it has
 * cached. */
static void messages_locale_refresh(void)
{
    const char *cur = setlocale(LC_MESSAGES, NULL);
    char copy[256];
    snprintf(copy, sizeof copy, "%s", cur != NULL ? cur : "C");
    if (!is_c_locale(copy) && setlocale(LC_MESSAGES, copy) != NULL)
        return;
    if (setlocale(LC_MESSAGES, "C.UTF-8") == NULL)
        setlocale(LC_MESSAGES, "C.utf8");
}

/* The language part of a locale name: "fr" of "fr_FR.UTF-8@euro". */
static void lang_of(const char *locale, char *buf, size_t size)
{
    size_t n = strcspn(locale, "_.@");
    if (n >= size)
        n = size - 1;
    memcpy(buf, locale, n);
    buf[n] = '\0';
}

void cli_lang_init(void)
{
    if (setlocale(LC_ALL, "") == NULL) {
        /* One category names a locale the system has not generated: keep
         * what does exist. */
        setlocale(LC_CTYPE, "");
        setlocale(LC_MESSAGES, "");
    }
    setlocale(LC_NUMERIC, "C");
    cli_lang_bind();
    if (!is_c_locale(setlocale(LC_MESSAGES, NULL)))
        return;
    /* LC_MESSAGES fell back to "C": LANG=fr_FR.UTF-8 on a system without that
     * locale. The catalogues need no locale data, so follow the variables'
     * language anyway, as gettext would with the locale installed. */
    const char *vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v == NULL || v[0] == '\0')
            continue;
        if (is_c_locale(v) || strncmp(v, "C.", 2) == 0)
            return;
        char lang[16];
        lang_of(v, lang, sizeof lang);
        if (lang[0] == '\0')
            return;
        const char *language = getenv("LANGUAGE");
        if (language == NULL || language[0] == '\0')
            setenv("LANGUAGE", lang, 1);
        messages_locale_refresh();
        return;
    }
}

/* Removes `--lang X` and `--lang=X` from argv (before a "--"), keeping the
 * last value in *lang; returns the new argc, or -1 when --lang has no value. */
static int strip_lang(int argc, char **argv, const char **lang)
{
    int k = 0;
    int done = 0;
    for (int i = 0; i < argc && argv[i] != NULL; i++) {
        const char *a = argv[i];
        if (!done && i > 0 && strcmp(a, "--") == 0)
            done = 1;
        if (!done && i > 0 && strcmp(a, "--lang") == 0) {
            if (i + 1 >= argc)
                return -1;
            *lang = argv[++i];
            continue;
        }
        if (!done && i > 0 && strncmp(a, "--lang=", 7) == 0) {
            *lang = a + 7;
            continue;
        }
        argv[k++] = argv[i];
    }
    argv[k] = NULL;
    return k;
}

int cli_lang_begin(int *argc, char **argv, cli_lang_saved *saved, FILE *err)
{
    saved->applied = 0;
    const char *lang = NULL;
    int n = strip_lang(*argc, argv, &lang);
    if (n < 0) {
        fprintf(err, "grognard: %s\n", _("option '--lang' needs a value: en, fr or ru"));
        return CLI_EXIT_USAGE;
    }
    *argc = n;
    cli_lang_bind();
    if (lang == NULL)
        return 0;
    size_t i = 0;
    while (i < NLANGS && strcmp(lang, known_langs[i]) != 0)
        i++;
    if (i == NLANGS) {
        fputs("grognard: ", err);
        fprintf(err, _("--lang: unknown language \"%s\"; expected en, fr or ru"), lang);
        fputc('\n', err);
        return CLI_EXIT_USAGE;
    }
    const char *language = getenv("LANGUAGE");
    const char *messages = setlocale(LC_MESSAGES, NULL);
    saved->had_language = language != NULL;
    snprintf(saved->language, sizeof saved->language, "%s", language != NULL ? language : "");
    snprintf(saved->messages, sizeof saved->messages, "%s", messages != NULL ? messages : "C");
    saved->applied = 1;
    setenv("LANGUAGE", known_langs[i], 1);
    messages_locale_refresh();
    return 0;
}

void cli_lang_end(const cli_lang_saved *saved)
{
    if (!saved->applied)
        return;
    if (saved->had_language)
        setenv("LANGUAGE", saved->language, 1);
    else
        unsetenv("LANGUAGE");
    setlocale(LC_MESSAGES, saved->messages);
}
