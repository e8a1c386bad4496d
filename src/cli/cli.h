/* cli.h — the grognard command line (internal to src/cli).
 *
 * The CLI is a thin front end over include/grognard/: every command parses
 * its options, calls the library, and prints text for people or, with
 * --json, one JSON document for programs. Output goes to the streams in the
 * cli context so that tests can capture it. Exit codes are the CLI_EXIT_*
 * values below, documented in `grognard --help` and the man page. */
#ifndef GROG_CLI_H
#define GROG_CLI_H

#include <getopt.h>
#include <stdio.h>

#include "grognard/grognard.h"

#include <libintl.h>
#define _(s) dgettext("grognard", s)
#define N_(s) (s)
/* ngettext in our own domain, whatever textdomain() the program chose. */
#undef ngettext
#define ngettext(s, p, n) dngettext("grognard", (s), (p), (unsigned long)(n))

enum {
    CLI_EXIT_OK = 0,
    CLI_EXIT_INPUT = 1,    /* bad input, refused by the rules, invalid file */
    CLI_EXIT_USAGE = 2,    /* wrong command line */
    CLI_EXIT_IO = 3,       /* a file could not be read or written */
    CLI_EXIT_INTERNAL = 4  /* out of memory or another internal failure */
};

typedef struct cli {
    FILE *out;
    FILE *err;
    int json;
    const char *command;  /* "dice", "calc gdb-order": for messages */
    const char *scenario; /* `grognard explain FILE ...`: FILE, or NULL for the default */
    char command_buf[64]; /* holds "calc NAME", "explain NAME" for `command` */
    FILE *raw_out;        /* the stream under c->out (stdout in the program): for isatty */
    /* --json: a record printed by cli_print_explain is held until the command
     * ends, so that a refusal prints one document {"error", "record"}. */
    char *held_record;
    int failed;                   /* cli_fail was called */
    char err_code[24];            /* "usage", "bad-input", "refused", ... */
    char err_message[GROG_ERROR_MAX];
    int brief;                    /* --brief: one line per test */
} cli;

/* An option of a command, declared once in the command's table (cli_opt.c): its
 * name, the kind of value it takes and its help. From the table come the parsing
 * (cli_parse), the "Options:" part of --help (cli_help), the man page's list of the
 * command's options (grognard help --man, make man) and the completion at the play
 * prompt. docs/hacking.md says how a command declares its options. */
typedef enum cli_kind {
    CLI_FLAG,   /* no value: --full */
    CLI_TEXT,   /* any text (a name, a file, a word the command checks itself) */
    CLI_INT,    /* a whole number in [lo, hi]; else cli_int's message, exit 2 */
    CLI_NUMBER, /* a decimal of 0 or more; else cli_double's message, exit 2 */
    CLI_CHOICE  /* one of choices; else cli_choice's message, exit 2 */
} cli_kind;

typedef struct cli_opt {
    const char *name;           /* "seed" for --seed */
    int id;                     /* given to the command's on_opt; a letter is also the
                                 * short form (-o); 'j' is --json and 'h' --help, both
                                 * handled by cli_parse */
    cli_kind kind;
    const char *value;          /* N_(): the value's name in --help ("N", "FILE"); NULL
                                 * for a flag */
    const char *help;           /* N_(): its help, lines split by '\n'; NULL: not listed */
    long lo, hi;                /* CLI_INT: the range */
    const char *const *choices; /* CLI_CHOICE: the values, NULL-terminated */
} cli_opt;
#define CLI_OPT_END {NULL, 0, CLI_FLAG, NULL, NULL, 0, 0, NULL}

/* The value of an option, as parsed by its kind: text always (optarg, NULL for a
 * flag); n for CLI_INT, x for CLI_NUMBER, index for CLI_CHOICE. */
typedef struct cli_value {
    const char *text;
    long n;
    double x;
    int index;
} cli_value;

typedef struct cli_command {
    const char *name;
    int (*run)(cli *c, int argc, char **argv);
    const char *summary; /* N_() marked, one line */
    const char *usage;   /* N_() marked, may hold several lines */
    const char *help;    /* N_() marked, the rest of `grognard help NAME` */
    const cli_opt *options; /* the command's table (CLI_OPT_END last), or NULL while
                             * the command still parses its own way */
    const char *epilogue;   /* N_() marked: printed after the options (examples), or NULL */
} cli_command;

/* Parses argv by cmd->options with getopt_long: --json (id 'j') and --help are
 * handled here, every other option's value is checked by its kind and given to
 * on_opt (may be NULL), which returns 0 to go on or an exit code. Returns 0 and
 * sets *first to the index of the first operand, CLI_STOP_OK when --help was
 * printed, or an exit code (message printed). */
int cli_parse(cli *c, const cli_command *cmd, int argc, char **argv,
              int (*on_opt)(cli *c, const cli_opt *o, const cli_value *v, void *ctx), void *ctx,
              int *first);
/* cli_parse by another table than cmd's (--help still prints cmd's): the game
 * commands parse by the table of them all, so that an option of another one is
 * named as such. */
int cli_parse_table(cli *c, const cli_command *cmd, const cli_opt *table, int argc,
                    char **argv,
                    int (*on_opt)(cli *c, const cli_opt *o, const cli_value *v, void *ctx),
                    void *ctx, int *first);
/* cli_parse for a command that takes options only: an operand is a usage error. */
int cli_parse_flags(cli *c, const cli_command *cmd, int argc, char **argv,
                    int (*on_opt)(cli *c, const cli_opt *o, const cli_value *v, void *ctx),
                    void *ctx);
/* The "Options:" part of cmd's --help, from its table, in the current language. */
void cli_help_options(const cli_command *cmd, FILE *f);
/* The entries of a table as --help lists them, each name after dashes ("--", or ""
 * for a list of words such as the play prompt's commands), the help in a column. */
void cli_help_list(const cli_opt *list, const char *dashes, FILE *f);
/* cmd's options as a man page's list (roff .TP entries), in the current language. */
void cli_man_options(const cli_command *cmd, FILE *f);
/* The commands, in the order `grognard --help` lists them; NULL after the last. */
const cli_command *cli_command_at(size_t i);

/* Runs the command line; returns the exit code. */
int grog_cli_main(int argc, char **argv, FILE *out, FILE *err);

/* Language (lang.c). cli_lang_init: the program's locale from the
 * environment (LC_NUMERIC kept "C") and the catalogues bound; main() calls it
 * once. cli_lang_begin takes `--lang en|fr|ru` out of argv (any position) and
 * applies it until cli_lang_end; 0 or an exit code (message on err). */
typedef struct cli_lang_saved {
    int applied;
    int had_language;
    char language[128];
    char messages[256];
} cli_lang_saved;
void cli_lang_init(void);
void cli_lang_bind(void);
int cli_lang_begin(int *argc, char **argv, cli_lang_saved *saved, FILE *err);
void cli_lang_end(const cli_lang_saved *saved);

/* What cli_parse returns when --help was printed: the command stops with 0. */
#define CLI_STOP_OK (-1)

/* The terminal's character set when it is not UTF-8 (cli_charset.c): 1 and
 * its name in buf, or 0 for UTF-8. cli_charset_read: s read in charset into
 * a malloc'd UTF-8 string, or NULL when s needs none (charset NULL, s valid
 * UTF-8 or an existing file's name, or not in charset either). An output
 * converter (NULL for UTF-8 or an unknown charset; close accepts NULL):
 * cli_charset_write writes len bytes of UTF-8 into f in its charset,
 * transliterated, "?" for what it cannot show; 0 or -1. */
int cli_charset_of_terminal(char *buf, size_t size);
char *cli_charset_read(const char *charset, const char *s);
typedef struct cli_charset_out cli_charset_out;
cli_charset_out *cli_charset_out_open(const char *charset);
void cli_charset_out_close(cli_charset_out *o);
int cli_charset_write(cli_charset_out *o, const char *s, size_t len, FILE *f);

/* A stream that writes to under with every control character but line feed
 * and tab escaped (cli_escape.c), converted to charset (NULL: UTF-8, as
 * it is); grog_cli_main prints through it. Closing it flushes under and
 * leaves it open. NULL when out of memory. */
FILE *cli_escape_stream(FILE *under, const char *charset);

/* Prints the help of a command. */
void cli_help(cli *c, const cli_command *cmd, FILE *f);

/* Error and usage messages on c->err, prefixed "grognard COMMAND: ";
 * return the exit code passed in. With --json the command also prints, when
 * it ends, {"error": {"code", "message", "rule"}} on c->out (docs/json.md). */
int cli_fail(cli *c, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Maps a library status to an exit code and prints its message. */
int cli_fail_status(cli *c, grog_status st, const grog_error *err);

/* Parses a whole number in [lo, hi] for option `name`; 0 or an exit code. */
int cli_int(cli *c, const char *name, const char *arg, long lo, long hi, long *out);
/* Prints root as indented JSON (reals to 10 digits) on c->out and releases it
 * (the reference is stolen). */
struct json_t;
void cli_dump_json(cli *c, struct json_t *root);
/* --side S and --referee given together: a wrong command line (exit 2). */
int cli_one_seat(cli *c, const char *side, int referee);
/* Parses a non-negative decimal for option `name`; 0 or an exit code. */
int cli_double(cli *c, const char *name, const char *arg, double *out);
/* Picks arg among names[0..n-1]; 0 and *index, or an exit code. */
int cli_choice(cli *c, const char *name, const char *arg, const char *const *names, int n,
               int *index);

/* 1 when path names a game file (an SQLite database, game.h); 0 for anything
 * else (a scenario file or a bundled scenario's name). */
int cli_is_game_file(const char *path);

/* The battle of source: a game file's as it stands now (the public view:
 * no hidden orders), else a scenario file or bundled name (NULL: the
 * default). The caller frees it with grog_battle_destroy. */
grog_status cli_load_battle(const char *source, grog_battle **b, grog_error *err);

/* `--measure FROM:TO=VALUE` for a test worked out from a scenario
 * (cli_tape.c): the texts given, then a tape sized to the battle's table
 * (NULL when none was given; the caller destroys it), then whether the test
 * used them all. Each returns 0, or an exit code once the message is
 * printed. */
typedef struct cli_measures {
    const char *v[GROG_TAPE_MAX];
    int n;
} cli_measures;
int cli_measures_add(cli *c, cli_measures *m, const char *text);
int cli_measures_tape(cli *c, const cli_measures *m, const grog_battle *b, grog_tape **out);
int cli_measures_check(cli *c, const grog_tape *tape);

/* Prints an explanation record as text or JSON (per c->json); exit code. */
int cli_print_explain(cli *c, const grog_explain *e);

/* Random bytes from /dev/urandom (cli_random.c); 0 or -1. */
int cli_random_bytes(unsigned char *buf, size_t n);
/* A new game's seed (seed itself when has_seed, else random, below 2^63) and
 * its commitment's salt; 0 or an exit code (message printed). */
int cli_new_seed_and_salt(cli *c, int has_seed, long seed, uint64_t *out_seed,
                          unsigned char salt[GROG_SALT_BYTES]);

/* The commands. */
int cli_cmd_dice(cli *c, int argc, char **argv);
/* The dice table's header line, its first column padded by characters. */
void cli_dice_header(FILE *f);
int cli_dice_big(cli *c, const char *text, int has_seed, long seed, int has_roll, long roll,
                 int has_target, long target);
int cli_cmd_calc(cli *c, int argc, char **argv);
int cli_cmd_explain(cli *c, int argc, char **argv);
int cli_cmd_plan(cli *c, int argc, char **argv);
extern const cli_command cli_dice_command;
extern const cli_command cli_calc_command;
extern const cli_command cli_explain_command;
extern const cli_command cli_plan_command;
/* Scenario commands (cmd_scenario.c, cmd_map.c). */
extern const cli_command cli_validate_command;
extern const cli_command cli_show_command;
extern const cli_command cli_map_command;
extern const cli_command cli_generate_command;
/* Rosters (cmd_roster.c). */
extern const cli_command cli_import_command;
extern const cli_command cli_export_command;
/* The bundled battles (cmd_scenarios.c). */
extern const cli_command cli_scenarios_command;

/* serve (cmd_serve.c, cmd_serve_dir.c): the address for links (the
 * listening one, or this machine's first network address for 0.0.0.0), a
 * QR code in the terminal, and `grognard serve DIR`. */
void cli_link_host(const char *host, char *out, size_t size);
void cli_print_qr(FILE *f, const char *text);
int cli_serve_dir(cli *c, const char *dir, const char *host, unsigned port,
                  const char *const *names, size_t nnames);

/* The game (cmd_game.c, cmd_play.c, cmd_demo.c). */
extern const cli_command cli_new_command;
extern const cli_command cli_status_command;
extern const cli_command cli_do_command;
extern const cli_command cli_play_command;
extern const cli_command cli_log_command;
extern const cli_command cli_undo_command;
extern const cli_command cli_replay_command;
extern const cli_command cli_backup_command;
extern const cli_command cli_claims_command;
extern const cli_command cli_accept_command;
extern const cli_command cli_dispute_command;
extern const cli_command cli_decide_command;
extern const cli_command cli_repair_command;
extern const cli_command cli_demo_command;
/* Dice anyone can check (cmd_end.c). */
extern const cli_command cli_end_command;
extern const cli_command cli_verify_command;
/* The battle report (cmd_report.c). */
extern const cli_command cli_report_command;
/* The battle on paper (cmd_print.c). */
extern const cli_command cli_print_command;
/* Prints one action's result (grog_game_do) as text or JSON for seat (NULL:
 * the side that acted). */
int cli_game_show_result(cli *c, const char *result, const grog_seat *seat);
/* `grognard serve` (cmd_serve.c). */
extern const cli_command cli_serve_command;

/* `grognard explain [FILE] NAME`: tests worked out from a scenario. */
extern const cli_command cli_explain_aigles_order;
extern const cli_command cli_explain_aigles_morale;
extern const cli_command cli_explain_gdb_order;

/* The calculators of `grognard calc` and the tests of `grognard explain`, in the
 * order their lists show them; NULL after the last. */
const cli_command *cli_calc_at(size_t i);
const cli_command *cli_explain_at(size_t i);

/* `grognard calc NAME`: each family registers its calculators here. */
extern const cli_command cli_calc_gdb_order;
extern const cli_command cli_calc_gt_pip;
extern const cli_command cli_calc_aigles_order;
extern const cli_command cli_calc_aigles_zone;
extern const cli_command cli_calc_aigles_charisma;
extern const cli_command cli_calc_aigles_formation;

#endif
