/* cmd_play.c — `grognard play GAME`: the referee at the table, a prompt.
 *
 * On a terminal the prompt uses libedit (history, tab completion of action
 * words and of the battle's officer and unit ids); otherwise it reads lines
 * from standard input, so a session can be scripted. Every action is written
 * to the journal as it is done; quitting loses nothing. */
#include <editline/readline.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "grognard/game.h"

/* Completion needs the game; libedit's callbacks take no context, so the
 * prompt keeps the one game it serves here (one prompt per process). */
static grog_game *completing;

static char *complete_word(const char *text, int state)
{
    static size_t i, phase;
    if (state == 0) {
        i = 0;
        phase = 0;
    }
    size_t len = strlen(text);
    static const char *const extra[] = {"help", "status", "log", "undo", "quit", NULL};
    const grog_battle *b = grog_game_battle(completing);
    for (;;) {
        const char *cand = NULL;
        if (phase == 0) {
            cand = grog_game_action_name(completing, i);
            if (cand == NULL) {
                phase = 1;
                i = 0;
                continue;
            }
        } else if (phase == 1) {
            cand = extra[i];
            if (cand == NULL) {
                phase = 2;
                i = 0;
                continue;
            }
        } else if (phase == 2) {
            if (i >= grog_battle_nofficers(b)) {
                phase = 3;
                i = 0;
                continue;
            }
            cand = grog_battle_officer(b, i)->id;
        } else {
            if (i >= grog_battle_nunits(b))
                return NULL;
            cand = grog_battle_unit(b, i)->id;
        }
        i++;
        if (strncmp(cand, text, len) == 0)
            return strdup(cand);
    }
}

static char **complete(const char *text, int start, int end)
{
    (void)start;
    (void)end;
    rl_attempted_completion_over = 1;
    return rl_completion_matches(text, complete_word);
}

static void help(cli *c, grog_game *g)
{
    fprintf(c->out, "%s\n", _("Actions (each is checked against the rules and journaled):"));
    for (size_t i = 0; grog_game_action_name(g, i) != NULL; i++)
        if (strcmp(grog_game_action_name(g, i), "start") != 0)
            fprintf(c->out, "  %s\n", grog_game_action_help(g, i));
    fprintf(c->out, "%s\n", _("Prompt commands: help, status, log, undo, quit. Any action takes "
                              "--roll N for dice rolled at the table."));
}

static char *read_line(int tty, const char *prompt)
{
    if (tty)
        return readline(prompt);
    /* Twice the longest action: a longer line is cut here, the rest of it
     * skipped, and the cut line refused as too long; never read as two. */
    char buf[2 * GROG_ACTION_MAX];
    if (fgets(buf, sizeof buf, stdin) == NULL)
        return NULL;
    size_t n = strcspn(buf, "\n");
    if (buf[n] != '\n' && n == sizeof buf - 1) {
        int ch;
        while ((ch = getchar()) != EOF && ch != '\n')
            ;
    }
    buf[n] = '\0';
    return strdup(buf);
}

/* One prompt line; returns 1 to quit. */
static int handle(cli *c, grog_game *g, const char *line, const grog_seat *seat)
{
    grog_error err;
    char *text = NULL;
    if (strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0)
        return 1;
    if (strcmp(line, "help") == 0) {
        help(c, g);
        return 0;
    }
    grog_status st;
    if (strcmp(line, "status") == 0)
        st = grog_game_status_text(g, seat, &text, &err);
    else if (strcmp(line, "log") == 0)
        st = grog_game_log_text(g, seat, &text, &err);
    else if (strcmp(line, "undo") == 0) {
        st = grog_game_undo(g, &err);
        if (st == GROG_OK)
            fprintf(c->out, _("Undone; turn %d, %s phase.\n"), grog_game_turn(g),
                    grog_game_phase(g));
    } else {
        char *result = NULL;
        st = grog_game_do_line_as(g, seat, line, &result, &err);
        if (st == GROG_OK)
            cli_game_show_result(c, result, seat);
        free(result);
    }
    if (st != GROG_OK)
        fprintf(c->out, "%s %s\n", _("refused:"), err.message);
    else if (text != NULL)
        fputs(text, c->out);
    free(text);
    fflush(c->out);
    return 0;
}

static int run_play(cli *c, int argc, char **argv)
{
    const char *side = NULL;
    const char *file = NULL;
    int referee = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            cli_help(c, &cli_play_command, c->out);
            return CLI_EXIT_OK;
        } else if (strcmp(argv[i], "--side") == 0 && i + 1 < argc)
            side = argv[++i];
        else if (strcmp(argv[i], "--referee") == 0)
            referee = 1;
        else if (argv[i][0] == '-')
            return cli_fail(c, CLI_EXIT_USAGE, _("unknown option '%s'"), argv[i]);
        else if (file == NULL)
            file = argv[i];
        else
            return cli_fail(c, CLI_EXIT_USAGE, "%s", _("expected one game file"));
    }
    if (file == NULL)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("expected one game file"));
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
    if (tty) {
        rl_readline_name = "grognard";
        rl_attempted_completion_function = complete;
        using_history();
    }
    char *status = NULL;
    if (grog_game_status_text(g, &seat, &status, &err) == GROG_OK)
        fputs(status, c->out);
    free(status);
    fprintf(c->out, "%s\n", _("Type 'help' for the actions, 'quit' to leave."));
    for (;;) {
        size_t added = 0;
        if (grog_game_sync(g, &added, &err) != GROG_OK)
            fprintf(c->out, "%s %s\n", _("cannot read the game:"), err.message);
        else if (added > 0)
            fprintf(c->out,
                    dngettext("grognard", "%zu action written by another process since the last prompt.\n",
                             "%zu actions written by another process since the last prompt.\n",
                             added),
                    added);
        char prompt[128];
        snprintf(prompt, sizeof prompt, "[%s t%d %s]> ", grog_family_name(grog_game_family(g)),
                 grog_game_turn(g), grog_game_phase(g));
        if (!tty) {
            fputs(prompt, c->out);
            fflush(c->out);
        }
        char *line = read_line(tty, prompt);
        if (line == NULL)
            break;
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (!tty && *p != '\0')
            fprintf(c->out, "%s\n", p);
        int quit = 0;
        if (*p != '\0') {
            if (tty)
                add_history(p);
            quit = handle(c, g, p, &seat);
        }
        free(line);
        if (quit)
            break;
    }
    completing = NULL;
    grog_game_close(g);
    return CLI_EXIT_OK;
}

const cli_command cli_play_command = {
    "play", run_play, N_("play a game at an interactive prompt"),
    N_("grognard play GAME [--side S | --referee]"),
    N_("A prompt for the referee at the table: type actions as for 'grognard do' (tab\n"
       "completes action words and ids; history with the arrow keys), and 'help', 'status',\n"
       "'log', 'undo', 'quit'. Each result is shown with its modifiers and odds. --side S\n"
       "plays S: only S's pieces, S's hidden information. Without --side, the referee plays\n"
       "every piece and sees everything. Actions written by others (another 'grognard do'\n"
       "or 'play' on the same file) are picked up before each prompt. Without a terminal,\n"
       "lines are read from standard input, so a session can be scripted.\n"),
};
