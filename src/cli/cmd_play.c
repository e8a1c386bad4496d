/* cmd_play.c — `grognard play GAME`: the referee at the table, a prompt.
 *
 * On a terminal the prompt uses libedit (history, tab completion of action
 * words and of the battle's officer and unit ids); otherwise it reads lines
 * from standard input, so a session can be scripted. Every action is written
 * to the journal as it is done; quitting loses nothing. */
#include <editline/readline.h>
#include <jansson.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"
#include "grognard/game.h"

/* Completion needs the game; libedit's callbacks take no context, so the
 * prompt keeps the one game and seat it serves here (one prompt per
 * process), and the actions legal now (grog_game_actions_json), read again
 * before each prompt. */
static grog_game *completing;
static const grog_seat *completing_seat;
static json_t *legal; /* {"actions": [...]} or NULL */

/* The prompt's own commands, beside the game's actions: 'help' lists them and the
 * completion offers them (and brief's values) from this table (cli.h: cli_opt). */
static const char *const on_off[] = {"on", "off", NULL};
static const cli_opt prompt_commands[] = {
    {"help", 0, CLI_FLAG, NULL, N_("the actions of this game, and these commands"), 0, 0, NULL},
    {"status", 0, CLI_FLAG, NULL, N_("where the game stands, as this seat sees it"), 0, 0, NULL},
    {"log", 0, CLI_FLAG, NULL, N_("the journal, as this seat may see it"), 0, 0, NULL},
    {"undo", 0, CLI_INT, N_("[N]"),
     N_("take back the last action; N, the last undo record, undoes that undo"), 0, 0, NULL},
    {"brief", 0, CLI_CHOICE, N_("on|off"), N_("one line per test, or every test in full"), 0, 0,
     on_off},
    {"quit", 0, CLI_FLAG, NULL, N_("leave the prompt (Ctrl-D too)"), 0, 0, NULL},
    CLI_OPT_END,
};

static void refresh_legal(void)
{
    json_decref(legal);
    legal = NULL;
    char *text = NULL;
    if (completing != NULL &&
        grog_game_actions_json(completing, completing_seat, &text, NULL) == GROG_OK)
        legal = json_loads(text, 0, NULL);
    free(text);
}

/* The words typed before the one being completed (at most max), split on blanks. */
static int words_before(int start, char words[][GROG_ID_MAX], int max)
{
    int n = 0;
    const char *p = rl_line_buffer;
    const char *end = rl_line_buffer + start;
    while (p < end && n < max) {
        while (p < end && (*p == ' ' || *p == '\t'))
            p++;
        const char *w = p;
        while (p < end && *p != ' ' && *p != '\t')
            p++;
        if (p > w) {
            size_t len = (size_t)(p - w) < GROG_ID_MAX - 1 ? (size_t)(p - w) : GROG_ID_MAX - 1;
            memcpy(words[n], w, len);
            words[n][len] = '\0';
            n++;
        }
    }
    return n;
}

/* move's relative form `move ID to OTHER [contact|DIST]` (docs/game.md): after
 * "to", any piece of the battle (the list's names), then "contact". 1 when w
 * is that form (out filled), 0 otherwise. */
static int move_to_candidates(json_t *out, char w[][GROG_ID_MAX], int k)
{
    if (k < 3 || k > 4 || strcasecmp(w[0], "move") != 0 || strcmp(w[2], "to") != 0)
        return 0;
    if (k == 4) {
        json_array_append_new(out, json_string("contact"));
        return 1;
    }
    const char *id;
    json_t *name;
    json_object_foreach(json_object_get(legal, "names"), id, name)
        if (strcmp(id, w[1]) != 0)
            json_array_append_new(out, json_string(id));
    return 1;
}

/* The candidates for the word at position k after words w[0..k-1]: the
 * actions' words first, then each argument's choices in order (narrowed by
 * the previous argument's value where the rules say so), then options. */
static json_t *candidates(char w[][GROG_ID_MAX], int k)
{
    json_t *out = json_array();
    size_t i;
    json_t *a;
    if (move_to_candidates(out, w, k))
        return out;
    for (const cli_opt *p = prompt_commands; p->name != NULL; p++) {
        if (k == 0)
            json_array_append_new(out, json_string(p->name));
        else if (k == 1 && p->choices != NULL && strcasecmp(w[0], p->name) == 0)
            for (const char *const *v = p->choices; *v != NULL; v++)
                json_array_append_new(out, json_string(*v));
    }
    json_array_foreach(json_object_get(legal, "actions"), i, a) {
        json_t *aw = json_object_get(a, "words");
        int nw = (int)json_array_size(aw), match = 1;
        for (int j = 0; j < k && j < nw && match; j++)
            match = strcasecmp(json_string_value(json_array_get(aw, (size_t)j)), w[j]) == 0;
        if (!match)
            continue;
        if (k < nw) {
            json_array_append(out, json_array_get(aw, (size_t)k));
            continue;
        }
        json_t *arg = json_array_get(json_object_get(a, "args"), (size_t)(k - nw));
        if (arg == NULL) {
            size_t o;
            json_t *opt;
            json_array_foreach(json_object_get(a, "options"), o, opt)
                json_array_append(out, json_object_get(opt, "name"));
            continue;
        }
        json_t *by = json_object_get(arg, "choices_by");
        json_t *choices = by != NULL && k > 0 ? json_object_get(by, w[k - 1]) : NULL;
        if (json_is_string(choices)) /* another key's choices, by its name (docs/game.md) */
            choices = json_object_get(by, json_string_value(choices));
        if (choices == NULL)
            choices = json_object_get(arg, "choices");
        size_t c;
        json_t *v;
        json_array_foreach(choices, c, v) json_array_append(out, v);
    }
    return out;
}

static json_t *matches; /* the current completion's candidates */

static char *complete_word(const char *text, int state)
{
    static size_t i;
    if (state == 0)
        i = 0;
    size_t len = strlen(text);
    while (i < json_array_size(matches)) {
        const char *cand = json_string_value(json_array_get(matches, i++));
        int dup = 0;
        for (size_t k = 0; cand != NULL && k + 1 < i && !dup; k++)
            dup = strcmp(cand, json_string_value(json_array_get(matches, k))) == 0;
        if (cand != NULL && !dup && strncasecmp(cand, text, len) == 0)
            return strdup(cand);
    }
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    (void)end;
    rl_attempted_completion_over = 1;
    char w[16][GROG_ID_MAX];
    int k = words_before(start, w, 16);
    json_decref(matches);
    matches = candidates(w, k);
    return rl_completion_matches(text, complete_word);
}

/* Ctrl-C at the prompt cancels the line being typed (not the program). */
static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}

static void help(cli *c, grog_game *g)
{
    fprintf(c->out, "%s\n", _("Actions (each is checked against the rules and journaled):"));
    for (size_t i = 0; grog_game_action_name(g, i) != NULL; i++)
        if (strcmp(grog_game_action_name(g, i), "start") != 0)
            fprintf(c->out, "  %s\n", grog_game_action_help(g, i));
    fprintf(c->out, "%s\n", _("Prompt commands:"));
    cli_help_list(prompt_commands, "", c->out);
    fprintf(c->out, "%s\n", _("Any action takes --roll N for dice rolled at the table. Tab "
                              "completes the action, then what fits each argument; Ctrl-C cancels "
                              "the line, Ctrl-D leaves."));
}

static char *read_line(int tty, const char *prompt, int *nul)
{
    *nul = 0;
    if (tty)
        return readline(prompt);
    /* Twice the longest action: a longer line is cut here, the rest of it
     * skipped, and the cut line refused as too long; never read as two.
     * A NUL byte is noted: the line would end there for every string
     * function, and "next\0junk" must not run as "next". */
    char buf[2 * GROG_ACTION_MAX];
    size_t n = 0;
    int ch, any = 0;
    while ((ch = getchar()) != EOF && ch != '\n') {
        any = 1;
        if (ch == '\0')
            *nul = 1;
        if (n < sizeof buf - 1)
            buf[n++] = (char)ch;
    }
    if (ch == EOF && !any)
        return NULL;
    buf[n] = '\0';
    return strdup(buf);
}

/* The line with its first word (the action or prompt command) in lower
 * case: action words are case-insensitive; ids and values are kept. */
static char *lower_first_word(const char *line)
{
    char *l = strdup(line);
    if (l == NULL)
        return NULL;
    for (char *p = l; *p && *p != ' ' && *p != '\t'; p++)
        if (*p >= 'A' && *p <= 'Z')
            *p = (char)(*p - 'A' + 'a');
    return l;
}

/* One prompt line; returns 1 to quit, -1 when the line was refused, else 0. */
static int handle(cli *c, grog_game *g, const char *raw, const grog_seat *seat)
{
    grog_error err;
    char *text = NULL;
    char *line = lower_first_word(raw);
    if (line == NULL)
        return -1;
    int rc = 0;
    if (strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0) {
        free(line);
        return 1;
    }
    if (strcmp(line, "help") == 0) {
        help(c, g);
        free(line);
        return 0;
    }
    if (strcmp(line, "brief on") == 0 || strcmp(line, "brief off") == 0 ||
        strcmp(line, "brief") == 0) {
        c->brief = strcmp(line, "brief off") != 0;
        fprintf(c->out, "%s\n", c->brief ? _("Brief: one line per test.")
                                         : _("Brief off: every test in full."));
        free(line);
        return 0;
    }
    grog_status st;
    if (strcmp(line, "status") == 0)
        st = grog_game_status_text(g, seat, &text, &err);
    else if (strcmp(line, "log") == 0)
        st = grog_game_log_text(g, seat, &text, &err);
    else if (strncmp(line, "undo", 4) == 0 && (line[4] == '\0' || line[4] == ' ')) {
        /* "undo" (the last action) or "undo N" (the last undo record N) */
        char *end;
        long long target = strtoll(line + 4, &end, 10);
        char *result = NULL;
        while (*end == ' ')
            end++;
        if (*end != '\0' || target < 0)
            st = grog_error_set(&err, GROG_EINVAL, "%s", _("usage: undo [ACTION]"));
        else
            st = grog_game_undo_as(g, seat, target, &result, &err);
        if (st == GROG_OK) {
            cli_game_show_result(c, result, seat);
            fprintf(c->out, _("Undone; turn %d, %s phase.\n"), grog_game_turn(g),
                    grog_explain_phase_of(grog_game_phase(g)));
        }
        free(result);
    } else {
        char *result = NULL;
        st = grog_game_do_line_as(g, seat, line, &result, &err);
        if (st == GROG_OK)
            cli_game_show_result(c, result, seat);
        free(result);
    }
    if (st != GROG_OK) {
        fprintf(c->out, "%s %s\n", _("refused:"), err.message);
        rc = -1;
    } else if (text != NULL)
        fputs(text, c->out);
    free(text);
    free(line);
    fflush(c->out);
    return rc;
}

/* Reads what other processes wrote to the journal, and says how many. */
static void catch_up(cli *c, grog_game *g)
{
    grog_error err;
    size_t added = 0;
    if (grog_game_sync(g, &added, &err) != GROG_OK)
        fprintf(c->out, "%s %s\n", _("cannot read the game:"), err.message);
    else if (added > 0)
        fprintf(c->out,
                dngettext("grognard", "%zu action written by another process since the last prompt.\n",
                         "%zu actions written by another process since the last prompt.\n",
                         added),
                added);
}

enum { OPT_SIDE = 1000, OPT_REFEREE };

/* play takes no --json: it is a prompt. */
static const cli_opt play_options[] = {
    {"side", OPT_SIDE, CLI_TEXT, N_("S"), N_("as side S: its pieces, its hidden information"), 0,
     0, NULL},
    {"referee", OPT_REFEREE, CLI_FLAG, NULL, N_("as the referee: everything"), 0, 0, NULL},
    CLI_OPT_END,
};

typedef struct play_opts {
    const char *side;
    int referee;
} play_opts;

static int on_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    (void)c;
    play_opts *o = ctx;
    if (opt->id == OPT_SIDE)
        o->side = v->text;
    else
        o->referee = 1;
    return 0;
}

static int run_play(cli *c, int argc, char **argv)
{
    play_opts o = {NULL, 0};
    int first;
    int rc = cli_parse(c, &cli_play_command, argc, argv, on_opt, &o, &first);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (first != argc - 1)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("expected one game file"));
    const char *side = o.side, *file = argv[first];
    int referee = o.referee;
    if (cli_one_seat(c, side, referee) != 0)
        return CLI_EXIT_USAGE;
    grog_game *g;
    grog_error err;
    grog_status st = grog_game_open(file, &g, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    /* Without --side the one at the prompt is the referee at the table. */
    grog_seat seat;
    st = grog_game_seat(g, side, side == NULL || referee, &seat, &err);
    if (st != GROG_OK) {
        grog_game_close(g);
        return cli_fail_status(c, st, &err);
    }
    int tty = isatty(STDIN_FILENO) && c->raw_out == stdout;
    completing = g;
    completing_seat = &seat;
    struct sigaction old_int;
    if (tty) {
        rl_readline_name = "grognard";
        rl_attempted_completion_function = complete;
        rl_catch_signals = 0; /* ours: Ctrl-C cancels the line */
        using_history();
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_sigint;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, &old_int); /* no SA_RESTART: the read returns */
    }
    char *status = NULL;
    if (grog_game_status_text(g, &seat, &status, &err) == GROG_OK)
        fputs(status, c->out);
    free(status);
    fprintf(c->out, "%s\n", _("Type 'help' for the actions, 'quit' to leave."));
    int refused = 0;
    char cs[64];
    const char *charset = cli_charset_of_terminal(cs, sizeof cs) ? cs : NULL;
    for (;;) {
        catch_up(c, g);
        char prompt[128];
        snprintf(prompt, sizeof prompt, "[%s t%d %s]> ", grog_family_name(grog_game_family(g)),
                 grog_game_turn(g), grog_game_phase(g));
        if (!tty) {
            fputs(prompt, c->out);
            fflush(c->out);
        }
        if (tty)
            refresh_legal();
        interrupted = 0;
        int nul;
        char *line = read_line(tty, prompt, &nul);
        char *typed = line != NULL && charset != NULL ? cli_charset_read(charset, line) : NULL;
        if (typed != NULL) { /* typed in the terminal's character set (cli_charset.c) */
            free(line);
            line = typed;
        }
        if (line == NULL && tty && interrupted) { /* Ctrl-C: a new line, a new prompt */
            fputc('\n', c->out);
            continue;
        }
        if (line == NULL) { /* Ctrl-D or the end of the input */
            if (tty)
                fputc('\n', c->out);
            break;
        }
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (!tty && *p != '\0')
            fprintf(c->out, "%s\n", p);
        int quit = 0;
        if (nul) {
            fprintf(c->out, "%s %s\n", _("refused:"),
                    _("the line holds a NUL byte (U+0000), which no action may hold"));
            refused++;
        } else if (*p != '\0') {
            /* Others may have written while the line was typed: say so
             * before it runs (on the state they left). */
            catch_up(c, g);
            if (tty)
                add_history(p);
            int r = handle(c, g, p, &seat);
            quit = r == 1;
            refused += r == -1;
        }
        free(line);
        if (quit)
            break;
    }
    if (tty)
        sigaction(SIGINT, &old_int, NULL);
    completing = NULL;
    completing_seat = NULL;
    json_decref(legal);
    legal = NULL;
    json_decref(matches);
    matches = NULL;
    grog_game_close(g);
    /* A script whose lines were refused says so in its exit status. */
    if (!tty && refused > 0) {
        fprintf(c->err, ngettext("grognard play: %d line refused\n",
                                 "grognard play: %d lines refused\n", (unsigned long)refused),
                refused);
        return CLI_EXIT_INPUT;
    }
    return CLI_EXIT_OK;
}

const cli_command cli_play_command = {
    "play", run_play, N_("play a game at an interactive prompt"),
    N_("grognard play GAME [--side S | --referee]"),
    N_("A prompt for the referee at the table: type actions as for 'grognard do' (any\n"
       "case for the action word; tab completes by position: the action, then the ids\n"
       "that fit, order kinds, formations, event kinds...; history with the arrow keys;\n"
       "Ctrl-C cancels the line, Ctrl-D leaves), and 'help', 'status', 'log', 'undo',\n"
       "'brief on|off' (one line per test), 'quit'. Each result is shown with its modifiers and odds. --side S\n"
       "plays S: only S's pieces, S's hidden information. Without --side, the referee plays\n"
       "every piece and sees everything. Actions written by others (another 'grognard do'\n"
       "or 'play' on the same file) are picked up before each prompt. Without a terminal,\n"
       "lines are read from standard input, so a session can be scripted; a script any of\n"
       "whose lines was refused exits 1 (after running the rest).\n"),
    play_options, NULL,
};
