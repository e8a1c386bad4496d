/* cli_opt.c — a command's options from its table (cli.h: cli_opt): parsing with
 * getopt_long, the "Options:" part of --help and the man page's list.
 *
 * The table is the one place an option is declared: its name, the kind of value
 * it takes (checked here, with the messages every command shares: cli_int,
 * cli_double, cli_choice) and its help. A letter id is also the short form (-o).
 * --json (id 'j') sets c->json and --help (always accepted, never listed) prints
 * the command's help; neither reaches the command. Options may come before or
 * after the operands (getopt_long permutes argv). */
#include <stdlib.h>
#include <string.h>

#include "grognard/text.h"
#include "cli.h"

enum { MAX_OPTS = 64 };

static int is_letter(int id)
{
    return (id >= 'a' && id <= 'z') || (id >= 'A' && id <= 'Z');
}

/* getopt_long's tables from cmd's: 0, or CLI_EXIT_INTERNAL when they do not fit. */
static int getopt_tables(const cli_opt *opts, struct option *longs, char *shorts, size_t nshort)
{
    size_t n = 0, k = 0;
    shorts[k++] = ':';
    for (const cli_opt *o = opts; o != NULL && o->name != NULL; o++) {
        if (n + 2 >= MAX_OPTS || k + 3 >= nshort)
            return CLI_EXIT_INTERNAL;
        int has_arg = o->kind == CLI_FLAG ? no_argument : required_argument;
        longs[n++] = (struct option){o->name, has_arg, NULL, o->id};
        if (is_letter(o->id)) {
            shorts[k++] = (char)o->id;
            if (has_arg == required_argument)
                shorts[k++] = ':';
        }
    }
    longs[n++] = (struct option){"help", no_argument, NULL, 'h'};
    longs[n] = (struct option){NULL, 0, NULL, 0};
    shorts[k++] = 'h';
    shorts[k] = '\0';
    return 0;
}

static const cli_opt *find_opt(const cli_opt *opts, int id)
{
    for (const cli_opt *o = opts; o != NULL && o->name != NULL; o++)
        if (o->id == id)
            return o;
    return NULL;
}

/* The value of o from arg, checked by its kind; 0 or an exit code. */
static int read_value(cli *c, const cli_opt *o, const char *arg, cli_value *v)
{
    char name[64];
    snprintf(name, sizeof name, "--%s", o->name);
    *v = (cli_value){arg, 0, 0.0, 0};
    switch (o->kind) {
    case CLI_INT: return cli_int(c, name, arg, o->lo, o->hi, &v->n);
    case CLI_NUMBER: return cli_double(c, name, arg, &v->x);
    case CLI_CHOICE: {
        int n = 0;
        while (o->choices[n] != NULL)
            n++;
        return cli_choice(c, name, arg, o->choices, n, &v->index);
    }
    case CLI_FLAG:
    case CLI_TEXT: return 0;
    }
    return 0;
}

int cli_parse(cli *c, const cli_command *cmd, int argc, char **argv,
              int (*on_opt)(cli *c, const cli_opt *o, const cli_value *v, void *ctx), void *ctx,
              int *first)
{
    return cli_parse_table(c, cmd, cmd->options, argc, argv, on_opt, ctx, first);
}

int cli_parse_table(cli *c, const cli_command *cmd, const cli_opt *table, int argc,
                    char **argv,
                    int (*on_opt)(cli *c, const cli_opt *o, const cli_value *v, void *ctx),
                    void *ctx, int *first)
{
    struct option longs[MAX_OPTS];
    char shorts[2 * MAX_OPTS + 4];
    if (getopt_tables(table, longs, shorts, sizeof shorts) != 0)
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("too many options in a command's table"));
    optind = 0; /* glibc: 0 re-initialises the scanner */
    opterr = 0;
    for (;;) {
        int id = getopt_long(argc, argv, shorts, longs, NULL);
        if (id == -1)
            break;
        if (id == '?')
            return cli_fail(c, CLI_EXIT_USAGE, _("unknown option '%s'"), argv[optind - 1]);
        if (id == ':')
            return cli_fail(c, CLI_EXIT_USAGE, _("option '%s' needs a value"), argv[optind - 1]);
        if (id == 'h') {
            cli_help(c, cmd, c->out);
            return CLI_STOP_OK;
        }
        if (id == 'j') {
            c->json = 1;
            continue;
        }
        const cli_opt *o = find_opt(table, id);
        cli_value v;
        int rc = o == NULL ? CLI_EXIT_USAGE : read_value(c, o, optarg, &v);
        if (rc == 0 && on_opt != NULL)
            rc = on_opt(c, o, &v, ctx);
        if (rc != 0)
            return rc;
    }
    *first = optind;
    return 0;
}

int cli_parse_flags(cli *c, const cli_command *cmd, int argc, char **argv,
                    int (*on_opt)(cli *c, const cli_opt *o, const cli_value *v, void *ctx),
                    void *ctx)
{
    int first;
    int rc = cli_parse(c, cmd, argc, argv, on_opt, ctx, &first);
    if (rc != 0)
        return rc;
    if (first != argc)
        return cli_fail(c, CLI_EXIT_USAGE, _("unexpected argument '%s'"), argv[first]);
    return 0;
}

/* Characters (UTF-8 code points) in s, for the columns of the help. */
static size_t width(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* "-o, --output FILE" or "--seed N": the option as the help names it (dashes
 * before the name: "--" for options, "" for the prompt's commands). */
static void opt_label(const cli_opt *o, const char *dashes, char *out, size_t size)
{
    char shortform[8] = "";
    if (dashes[0] != '\0' && is_letter(o->id) && o->id != 'j')
        snprintf(shortform, sizeof shortform, "-%c, ", o->id);
    grog_text_snprintf(out, size, "%s%s%s%s%s", shortform, dashes, o->name,
                       o->value != NULL ? " " : "", o->value != NULL ? _(o->value) : "");
}

/* The column the help lines start at: past the widest label, at most 24. */
enum { HELP_COLUMN_MAX = 24 };

void cli_help_list(const cli_opt *list, const char *dashes, FILE *f)
{
    size_t col = 0;
    char label[128];
    for (const cli_opt *o = list; o != NULL && o->name != NULL; o++) {
        if (o->help == NULL)
            continue;
        opt_label(o, dashes, label, sizeof label);
        size_t w = width(label) + 4;
        if (w > col && w <= HELP_COLUMN_MAX)
            col = w;
    }
    for (const cli_opt *o = list; o != NULL && o->name != NULL; o++) {
        if (o->help == NULL)
            continue;
        opt_label(o, dashes, label, sizeof label);
        fprintf(f, "  %s", label);
        size_t at = 2 + width(label);
        const char *line = _(o->help);
        if (at + 2 > col) { /* too wide: the help starts on the next line */
            fputc('\n', f);
            at = 0;
        }
        for (;;) {
            const char *end = strchr(line, '\n');
            size_t len = end != NULL ? (size_t)(end - line) : strlen(line);
            fprintf(f, "%*s%.*s\n", (int)(col - at), "", (int)len, line);
            at = 0;
            if (end == NULL || end[1] == '\0')
                break;
            line = end + 1;
        }
    }
}

void cli_help_options(const cli_command *cmd, FILE *f)
{
    fprintf(f, "%s\n", _("Options:"));
    cli_help_list(cmd->options, "--", f);
}

/* Writes s for roff: backslashes and hyphens escaped, a leading '.' or '\'' guarded. */
static void roff_text(FILE *f, const char *s, int line_start)
{
    for (; *s; s++) {
        if (line_start && (*s == '.' || *s == '\''))
            fputs("\\&", f);
        line_start = 0;
        if (*s == '\\')
            fputs("\\e", f);
        else if (*s == '-')
            fputs("\\-", f);
        else if (*s == '\n') {
            fputc('\n', f);
            line_start = 1;
        } else
            fputc(*s, f);
    }
}

void cli_man_options(const cli_command *cmd, FILE *f)
{
    for (const cli_opt *o = cmd->options; o != NULL && o->name != NULL; o++) {
        if (o->help == NULL)
            continue;
        /* The tag: the name in bold, its value's name in italics. */
        fputs(o->value != NULL ? ".TP\n.BI \"" : ".TP\n.B \"", f);
        if (is_letter(o->id) && o->id != 'j')
            fprintf(f, "\\-%c, ", o->id);
        fputs("\\-\\-", f);
        roff_text(f, o->name, 0);
        if (o->value != NULL) {
            fputs(" \" \"", f);
            roff_text(f, _(o->value), 0);
        }
        fputs("\"\n", f);
        roff_text(f, _(o->help), 1);
        fputc('\n', f);
    }
}
