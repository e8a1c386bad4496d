/* cli.c — dispatch, help, and the helpers every command shares. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "grognard/text.h"
#include "cli.h"
#include "grognard/view.h"

static const cli_command *const commands[] = {
    &cli_dice_command,
    &cli_calc_command,
    &cli_explain_command,
    &cli_plan_command,
    &cli_validate_command,
    &cli_show_command,
    &cli_map_command,
    &cli_generate_command,
    &cli_import_command,
    &cli_export_command,
    &cli_scenarios_command,
    &cli_new_command,
    &cli_status_command,
    &cli_do_command,
    &cli_play_command,
    &cli_log_command,
    &cli_undo_command,
    &cli_claims_command,
    &cli_accept_command,
    &cli_dispute_command,
    &cli_decide_command,
    &cli_replay_command,
    &cli_repair_command,
    &cli_end_command,
    &cli_verify_command,
    &cli_report_command,
    &cli_print_command,
    &cli_backup_command,
    &cli_demo_command,
    &cli_serve_command,
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const cli_command *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i]->name, name) == 0)
            return commands[i];
    return NULL;
}

static void print_usage(cli *c, FILE *f)
{
    fprintf(f, "%s", _("grognard — a referee for Napoleonic miniature wargames\n\n"));
    fprintf(f, "%s", _("Usage: grognard COMMAND [OPTIONS] [ARGUMENTS]\n"
                       "       grognard help COMMAND\n"
                       "       grognard --version\n\nCommands:\n"));
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-10s %s\n", commands[i]->name, _(commands[i]->summary));
    fprintf(f, "%s", _("\nEvery command takes --lang en|fr|ru (the language of messages; LANG and\n"
                       "LC_MESSAGES otherwise) and --help; all but play (a prompt) take --json\n"
                       "(one JSON document on standard output). Those that print tests (calc,\n"
                       "explain, do, log, demo) take --brief: one line per test. Errors with\n"
                       "--json are also a JSON document: {\"error\": {\"code\", \"message\", \"rule\"}}.\n\n"
                       "Exit codes:\n"
                       "  0  success\n"
                       "  1  bad input, refused by the rules, an invalid file, or a name (file,\n"
                       "     officer, unit, scenario) that does not exist\n"
                       "  2  wrong command line (unknown command or option, missing argument)\n"
                       "  3  input/output error: a file that exists could not be read or written\n"
                       "  4  internal failure (out of memory)\n\n"
                       "Documentation: the manual page grognard(1), README.md and docs/.\n"));
    (void)c;
}

const cli_command *cli_command_at(size_t i)
{
    return i < NCOMMANDS ? commands[i] : NULL;
}

void cli_help(cli *c, const cli_command *cmd, FILE *f)
{
    (void)c;
    fprintf(f, "%s %s\n", _("Usage:"), _(cmd->usage));
    fprintf(f, "%s\n\n%s", _(cmd->summary), _(cmd->help));
    if (cmd->options != NULL) {
        fputc('\n', f);
        cli_help_options(cmd, f);
    }
    if (cmd->epilogue != NULL)
        fprintf(f, "\n%s", _(cmd->epilogue));
}

/* One command's options for the man page, under its name; nothing without a table. */
static void man_command(const char *prefix, const cli_command *cmd, FILE *f)
{
    if (cmd->options == NULL)
        return;
    fprintf(f, ".SS \"grognard %s%s\"\n", prefix, cmd->name);
    cli_man_options(cmd, f);
}

/* `grognard help --man`: every command's options as the man page lists them (make
 * man puts them in man/grognard.1 and its translations, in their languages). */
static void print_man_options(FILE *f)
{
    for (size_t i = 0; i < NCOMMANDS; i++) {
        man_command("", commands[i], f);
        const cli_command *sub;
        for (size_t k = 0; commands[i] == &cli_calc_command && (sub = cli_calc_at(k)) != NULL; k++)
            man_command("calc ", sub, f);
        for (size_t k = 0; commands[i] == &cli_explain_command && (sub = cli_explain_at(k)) != NULL;
             k++)
            man_command("explain ", sub, f);
    }
}

/* The error document's code for an exit code (when no status says more). */
static const char *exit_code_name(int code)
{
    switch (code) {
    case CLI_EXIT_USAGE: return "usage";
    case CLI_EXIT_IO: return "io";
    case CLI_EXIT_INTERNAL: return "internal";
    default: return "bad-input";
    }
}

int cli_fail(cli *c, int code, const char *fmt, ...)
{
    va_list ap;
    fprintf(c->err, "grognard%s%s: ", c->command ? " " : "", c->command ? c->command : "");
    va_start(ap, fmt);
    vfprintf(c->err, fmt, ap);
    va_end(ap);
    va_start(ap, fmt);
    grog_text_vsnprintf(c->err_message, sizeof c->err_message, fmt, ap);
    va_end(ap);
    if (!c->failed && c->err_code[0] == '\0')
        snprintf(c->err_code, sizeof c->err_code, "%s", exit_code_name(code));
    c->failed = 1;
    fputc('\n', c->err);
    if (code == CLI_EXIT_USAGE && c->command != NULL)
        fprintf(c->err, _("Try 'grognard help %s'.\n"), c->command);
    return code;
}

/* The error document's code of a library status. */
static const char *status_code_name(grog_status st)
{
    switch (st) {
    case GROG_EINVAL: return "bad-input";
    case GROG_ENOMEM: return "internal";
    case GROG_EIO: return "io";
    case GROG_EFORMAT: return "format";
    case GROG_ENOTFOUND: return "not-found";
    case GROG_ERULE: return "refused";
    case GROG_ERANGE: return "range";
    case GROG_EBUSY: return "busy";
    case GROG_EDENIED: return "denied";
    default: return "internal";
    }
}

int cli_fail_status(cli *c, grog_status st, const grog_error *err)
{
    int code;
    switch (st) {
    case GROG_OK: return CLI_EXIT_OK;
    case GROG_EIO: code = CLI_EXIT_IO; break;
    case GROG_EBUSY: code = CLI_EXIT_IO; break;
    case GROG_ENOMEM: code = CLI_EXIT_INTERNAL; break;
    default: code = CLI_EXIT_INPUT; break;
    }
    if (!c->failed)
        snprintf(c->err_code, sizeof c->err_code, "%s", status_code_name(st));
    return cli_fail(c, code, "%s", err != NULL && err->message[0] ? err->message
                                                                  : grog_status_name(st));
}

/* The first rule id in a message ("AIG-O-11", "GDB-04", "GT-10"), or NULL. */
static json_t *rule_of(const char *m)
{
    for (const char *p = m; *p; p++) {
        if (p != m && (isalnum((unsigned char)p[-1]) || p[-1] == '-'))
            continue;
        const char *q = p;
        while (*q >= 'A' && *q <= 'Z')
            q++;
        if (q - p < 2 || q - p > 4 || *q != '-')
            continue;
        q++;
        if (*q >= 'A' && *q <= 'Z' && q[1] == '-')
            q += 2;
        const char *d = q;
        while (*q >= '0' && *q <= '9')
            q++;
        if (q - d >= 2 && q - d <= 3 && !isalnum((unsigned char)*q))
            return json_stringn(p, (size_t)(q - p));
    }
    return json_null();
}

/* --json, when the command ends: the held record, the error document, or both. */
static void finish_json(cli *c)
{
    json_t *doc = NULL;
    if (c->failed) {
        json_t *e = json_object();
        json_object_set_new(e, "code", json_string(c->err_code));
        /* The message may hold bytes from the command line that are not
         * UTF-8 (a Latin-1 file name), or end in a sequence cut by its
         * buffer: made valid as it is for the terminal, so that "message"
         * is always there (json_string refuses invalid UTF-8). */
        char *m = grog_text_terminal_escape(c->err_message, strlen(c->err_message));
        json_object_set_new(e, "message", json_string(m != NULL ? m : ""));
        free(m);
        json_object_set_new(e, "rule", rule_of(c->err_message));
        doc = json_pack("{s:o}", "error", e);
        json_t *rec = c->held_record != NULL ? json_loads(c->held_record, 0, NULL) : NULL;
        if (rec != NULL)
            json_object_set_new(doc, "record", rec);
    } else if (c->held_record != NULL) {
        fprintf(c->out, "%s\n", c->held_record);
    }
    if (doc != NULL) {
        char *s = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        if (s != NULL)
            fprintf(c->out, "%s\n", s);
        free(s);
        json_decref(doc);
    }
}

void cli_dump_json(cli *c, json_t *root)
{
    char *s = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    if (s != NULL) {
        fprintf(c->out, "%s\n", s);
        free(s);
    }
    json_decref(root);
}

int cli_one_seat(cli *c, const char *side, int referee)
{
    if (side != NULL && referee)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--side and --referee cannot be used together"));
    return 0;
}

int cli_int(cli *c, const char *name, const char *arg, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(arg, &end, 10);
    if (end == arg || *end != '\0' || errno != 0 || v < lo || v > hi)
        return cli_fail(c, CLI_EXIT_USAGE, _("%s: expected a whole number from %ld to %ld, not \"%s\""),
                        name, lo, hi, arg);
    *out = v;
    return 0;
}

int cli_double(cli *c, const char *name, const char *arg, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(arg, &end);
    if (end == arg || *end != '\0' || errno != 0 || !isfinite(v) || v < 0)
        return cli_fail(c, CLI_EXIT_USAGE, _("%s: expected a number of 0 or more, not \"%s\""),
                        name, arg);
    *out = v;
    return 0;
}

int cli_choice(cli *c, const char *name, const char *arg, const char *const *names, int n,
               int *index)
{
    for (int i = 0; i < n; i++) {
        if (strcmp(arg, names[i]) == 0) {
            *index = i;
            return 0;
        }
    }
    /* Through cli_fail, so that --json gets its error document too. */
    char list[512] = "";
    size_t len = 0;
    for (int i = 0; i < n && len < sizeof list; i++) {
        int k = snprintf(list + len, sizeof list - len, "%s%s", i ? " " : "", names[i]);
        if (k < 0)
            break;
        len += (size_t)k;
    }
    return cli_fail(c, CLI_EXIT_USAGE, _("%s: unknown value \"%s\"; expected one of: %s"), name, arg,
                    list);
}

int cli_is_game_file(const char *path)
{
    static const char magic[16] = "SQLite format 3";
    char head[16];
    if (path == NULL)
        return 0;
    /* Without waiting: a FIFO opened for reading blocks until a writer
     * comes, and read blocks until it writes ('show FIFO' hung for ever).
     * Anything but a regular file is not a game; the scenario reader then
     * refuses it by name ("not a regular file (a pipe)"). */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return 0;
    struct stat st;
    ssize_t n = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? read(fd, head, sizeof head) : -1;
    close(fd);
    return n == (ssize_t)sizeof head && memcmp(head, magic, sizeof magic) == 0;
}

grog_status cli_load_battle(const char *source, grog_battle **b, grog_error *err)
{
    if (!cli_is_game_file(source))
        return grog_scenario_load(source, b, err);
    grog_game *g = NULL;
    grog_status st = grog_game_open(source, &g, err);
    if (st != GROG_OK)
        return st;
    grog_seat pub = {GROG_SEAT_PUBLIC, NULL};
    st = grog_view_battle(grog_game_battle(g), &pub, b, err);
    grog_game_close(g);
    return st;
}

int cli_print_explain(cli *c, const grog_explain *e)
{
    grog_error err;
    char *s = NULL;
    grog_status st = c->json ? grog_explain_to_json(e, &s, &err) : grog_explain_to_text(e, &s, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    if (c->json) { /* held: printed when the command ends (finish_json) */
        free(c->held_record);
        c->held_record = s;
        return CLI_EXIT_OK;
    }
    if (c->brief) { /* one line: from the record's JSON (brief.h) */
        char *js = NULL, *line = NULL;
        st = grog_explain_to_json(e, &js, &err);
        if (st == GROG_OK)
            st = grog_brief_record(js, &line, &err);
        free(js);
        free(s);
        if (st != GROG_OK)
            return cli_fail_status(c, st, &err);
        s = line;
    }
    fputs(s, c->out);
    free(s);
    return CLI_EXIT_OK;
}

static int run_help(cli *c, int argc, char **argv)
{
    if (argc < 3) {
        print_usage(c, c->out);
        return CLI_EXIT_OK;
    }
    if (strcmp(argv[2], "--man") == 0 && argc == 3) {
        print_man_options(c->out);
        return CLI_EXIT_OK;
    }
    const cli_command *cmd = find_command(argv[2]);
    if (cmd == NULL)
        return cli_fail(c, CLI_EXIT_USAGE, _("no command '%s'; 'grognard --help' lists them"),
                        argv[2]);
    if ((cmd == &cli_calc_command || cmd == &cli_explain_command) && argc >= 4) {
        /* grognard help calc NAME, grognard help explain NAME */
        char *sub[] = {argv[2], argv[3], (char *)"--help", NULL};
        return cmd->run(c, 3, sub);
    }
    if (cmd == &cli_calc_command || cmd == &cli_explain_command) {
        /* grognard help calc, grognard help explain: the list of calculators or tests */
        char *sub[] = {argv[2], (char *)"--help", NULL};
        return cmd->run(c, 2, sub);
    }
    cli_help(c, cmd, c->out);
    return CLI_EXIT_OK;
}

static int run_command_line(int argc, char **argv, FILE *out, FILE *err, FILE *raw_out)
{
    cli c = {out, err, 0, NULL, NULL, "", raw_out, NULL, 0, "", "", 0};
    if (argc < 2) {
        print_usage(&c, err);
        return CLI_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        print_usage(&c, out);
        return CLI_EXIT_OK;
    }
    if (strcmp(name, "--version") == 0 || strcmp(name, "version") == 0) {
        if (argc > 2 && strcmp(argv[2], "--json") == 0)
            fprintf(out, "{\"version\": \"%s\"}\n", grog_version());
        else
            fprintf(out, "grognard %s\n", grog_version());
        return CLI_EXIT_OK;
    }
    if (strcmp(name, "help") == 0)
        return run_help(&c, argc, argv);
    const cli_command *cmd = find_command(name);
    if (cmd == NULL) {
        /* --json anywhere: the error document too (c.command stays NULL, so
         * the message reads "grognard: ..." as without --json). */
        for (int i = 2; i < argc; i++)
            if (strcmp(argv[i], "--json") == 0)
                c.json = 1;
        cli_fail(&c, CLI_EXIT_USAGE, _("unknown command '%s'; 'grognard --help' lists them"), name);
        if (c.json)
            finish_json(&c);
        return CLI_EXIT_USAGE;
    }
    c.command = cmd->name;
    /* --brief anywhere: one line per test, for every command that prints
     * records (taken out here, so that no command need know it). */
    int n = 2;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--brief") == 0)
            c.brief = 1;
        else
            argv[n++] = argv[i];
    }
    argv[n] = NULL;
    argc = n;
    /* --json anywhere (even before a usage error is found) asks for JSON errors. */
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--json") == 0)
            c.json = 1;
    int rc = cmd->run(&c, argc - 1, argv + 1);
    if (c.json)
        finish_json(&c);
    free(c.held_record);
    return rc;
}

/* A --lang without a known language, with --json on the line: the error
 * document too (the message is on standard error already). */
static void lang_error_json(int argc, char **argv, FILE *out)
{
    int json = 0;
    const char *lang = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            json = 1;
        else if (strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
            lang = argv[i + 1];
        else if (strncmp(argv[i], "--lang=", 7) == 0)
            lang = argv[i] + 7;
    }
    if (!json)
        return;
    cli c;
    memset(&c, 0, sizeof c);
    c.out = out;
    c.json = c.failed = 1;
    snprintf(c.err_code, sizeof c.err_code, "usage");
    if (lang == NULL)
        grog_text_snprintf(c.err_message, sizeof c.err_message, "%s",
                           _("option '--lang' needs a value: en, fr or ru"));
    else
        grog_text_snprintf(c.err_message, sizeof c.err_message,
                           _("--lang: unknown language \"%s\"; expected en, fr or ru"), lang);
    finish_json(&c);
}

static int json_anywhere(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--json") == 0)
            return 1;
    return 0;
}

/* Everything printed goes through the terminal escaper (cli_escape.c), in
 * the terminal's character set but for --json on stdout (cli_charset.c). */
int grog_cli_main(int argc, char **argv, FILE *out, FILE *err)
{
    char cs[64];
    const char *charset = cli_charset_of_terminal(cs, sizeof cs) ? cs : NULL;
    FILE *safe_out = cli_escape_stream(out, json_anywhere(argc, argv) ? NULL : charset),
         *safe_err = cli_escape_stream(err, charset);
    if (safe_out == NULL || safe_err == NULL) {
        if (safe_out != NULL)
            fclose(safe_out);
        if (safe_err != NULL)
            fclose(safe_err);
        fprintf(err, "grognard: out of memory\n");
        return CLI_EXIT_INTERNAL;
    }
    /* --lang is taken out of a copy: the caller's argv stays as it was. */
    char **args = malloc(((size_t)(argc > 0 ? argc : 0) + 1) * sizeof *args);
    char **read = calloc((size_t)(argc > 0 ? argc : 0) + 1, sizeof *read);
    int rc = CLI_EXIT_INTERNAL;
    if (args == NULL || read == NULL) {
        fprintf(safe_err, "grognard: out of memory\n");
    } else {
        for (int i = 0; i < argc; i++) { /* typed in the terminal's character set */
            read[i] = cli_charset_read(charset, argv[i]);
            args[i] = read[i] != NULL ? read[i] : argv[i];
        }
        args[argc > 0 ? argc : 0] = NULL;
        int n = argc;
        cli_lang_saved saved;
        rc = cli_lang_begin(&n, args, &saved, safe_err);
        if (rc != 0)
            lang_error_json(argc, argv, safe_out);
        else
            rc = run_command_line(n, args, safe_out, safe_err, out);
        cli_lang_end(&saved);
    }
    for (int i = 0; read != NULL && i < argc; i++)
        free(read[i]);
    free(read);
    free(args);
    fclose(safe_out);
    fclose(safe_err);
    return rc;
}
