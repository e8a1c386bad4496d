/* cmd_print.c — `grognard print`: the battle on paper (print.h): rosters,
 * order sheets and rulers as PDF, from a game as it stands or from a
 * scenario.
 *
 * The QR codes' links: --link gives the page's address. Without a token
 * (http://HOST:PORT/) each side's roster gets that side's own token from the
 * game file (the one `serve` uses); with one (a seat's link from `serve`,
 * http://HOST:PORT/#t=TOKEN) it must be a side's token of this game, and
 * only that side's sheets are printed (--side, if given, must name the same
 * side). A scenario has no seats: its links carry no token. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grognard/server.h"

typedef struct print_opts {
    const char *side, *output, *link;
    int paper;
} print_opts;

enum { OPT_SIDE = 1000, OPT_PAPER, OPT_LINK };

static const char *const papers[] = {"a4", "letter", NULL};

static int on_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    print_opts *o = ctx;
    (void)c;
    switch (opt->id) {
    case OPT_SIDE: o->side = v->text; return 0;
    case OPT_PAPER: o->paper = v->index; return 0;
    case OPT_LINK: o->link = v->text; return 0;
    case 'o': o->output = v->text; return 0;
    }
    return CLI_EXIT_USAGE;
}

static const cli_opt print_options[] = {
    {"side", OPT_SIDE, CLI_TEXT, N_("S"), N_("only side S's sheets (default: every side's)"), 0, 0,
     NULL},
    {"paper", OPT_PAPER, CLI_CHOICE, N_("SIZE"), N_("a4 (the default) or letter"), 0, 0, papers},
    {"link", OPT_LINK, CLI_TEXT, N_("URL"),
     N_("the page's address (http://HOST:PORT/, as serve prints it) or a side's\n"
        "link (http://HOST:PORT/#t=TOKEN): each piece's QR code opens its card there"),
     0, 0, NULL},
    {"output", 'o', CLI_TEXT, N_("FILE.pdf"), N_("the PDF to write"), 0, 0, NULL},
    {"json", 'j', CLI_FLAG, NULL, N_("one JSON document (docs/json.md)"), 0, 0, NULL},
    CLI_OPT_END,
};

/* The link split: base (up to '#') and token ("" when none). 0 or exit 2. */
static int split_link(cli *c, const char *link, char *base, size_t size, char token[33])
{
    token[0] = '\0';
    const char *hash = strchr(link, '#');
    size_t n = hash != NULL ? (size_t)(hash - link) : strlen(link);
    int ok = (strncmp(link, "http://", 7) == 0 || strncmp(link, "https://", 8) == 0) &&
             n < size && strpbrk(link, " \t\r\n\"'<>") == NULL;
    if (ok && hash != NULL)
        ok = strncmp(hash, "#t=", 3) == 0 && strlen(hash + 3) == 32 &&
             strspn(hash + 3, "0123456789abcdef") == 32;
    if (!ok)
        return cli_fail(c, CLI_EXIT_USAGE,
                        _("--link %s: expected the page's address http://HOST:PORT/ or a side's "
                          "link http://HOST:PORT/#t=TOKEN"),
                        link);
    memcpy(base, link, n);
    base[n] = '\0';
    if (hash != NULL)
        memcpy(token, hash + 3, 33);
    return 0;
}

typedef struct links {
    char (*text)[640];
    const char **ptr;
    size_t n;
} links;

static void links_free(links *l)
{
    free(l->text);
    free(l->ptr);
}

/* Each side's link of game file path: base#t=its token. The link's own token
 * (if any) must be one side's: *side := that side, checked against --side. */
static int game_links(cli *c, const char *path, const grog_battle *b, const char *base,
                      const char *token, const char **side, links *l)
{
    grog_error err;
    const char *owner = NULL;
    for (size_t i = 0; i < l->n; i++) {
        char t[33];
        const char *id = grog_battle_side(b, i)->id;
        grog_status st = grog_server_side_token(path, id, t, &err);
        if (st != GROG_OK)
            return cli_fail_status(c, st, &err);
        if (token[0] != '\0' && strcmp(t, token) == 0)
            owner = id;
        snprintf(l->text[i], sizeof l->text[i], "%s#t=%s", base, t);
        l->ptr[i] = l->text[i];
    }
    if (token[0] == '\0')
        return 0;
    if (owner == NULL)
        return cli_fail(c, CLI_EXIT_INPUT, "%s",
                        _("--link: this token is no side's of this game (a side's link from "
                          "'grognard serve' is needed: the referee's and the public's are not "
                          "printed)"));
    if (*side != NULL && strcmp(*side, owner) != 0)
        return cli_fail(c, CLI_EXIT_INPUT,
                        _("--side %s, but the link is another side's: print a side's roster "
                          "with its own link"),
                        *side);
    *side = owner;
    return 0;
}

/* The links of every side (NULL entries without --link). */
static int make_links(cli *c, const char *path, const grog_battle *b, const print_opts *o,
                      const char **side, links *l)
{
    l->n = grog_battle_nsides(b);
    l->text = calloc(l->n ? l->n : 1, sizeof *l->text);
    l->ptr = calloc(l->n ? l->n : 1, sizeof *l->ptr);
    if (l->text == NULL || l->ptr == NULL)
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
    if (o->link == NULL)
        return 0;
    char base[512], token[33];
    int rc = split_link(c, o->link, base, sizeof base, token);
    if (rc != 0)
        return rc;
    if (path != NULL)
        return game_links(c, path, b, base, token, side, l);
    if (token[0] != '\0')
        return cli_fail(c, CLI_EXIT_INPUT, "%s",
                        _("--link: a scenario has no seats' tokens; print from the game file "
                          "for links with a side's token"));
    snprintf(l->text[0], sizeof l->text[0], "%s", base);
    for (size_t i = 0; i < l->n; i++)
        l->ptr[i] = l->text[0];
    return 0;
}

static int written(cli *c, const print_opts *o, grog_print_kind kind, const char *side)
{
    if (c->json) {
        cli_dump_json(c, json_pack("{s:s,s:s,s:s,s:o}", "written", o->output, "sheet",
                                   grog_print_kind_name(kind), "paper", papers[o->paper], "side",
                                   side != NULL ? json_string(side) : json_null()));
        return CLI_EXIT_OK;
    }
    fprintf(c->out, _("Wrote %s.\n"), o->output);
    return CLI_EXIT_OK;
}

/* Prints battle b (path: its game file, NULL for a scenario). */
static int print_battle(cli *c, const grog_battle *b, const char *path, int family,
                        const print_opts *o, grog_print_kind kind)
{
    const char *side = o->side;
    grog_error err;
    grog_seat seat;
    grog_status st = grog_view_battle_seat(b, side, 0, &seat, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    links l = {0};
    int rc = kind == GROG_PRINT_RULERS ? 0 : make_links(c, path, b, o, &side, &l);
    if (rc == 0) {
        grog_print_options po = {kind, (grog_paper)o->paper, side, l.ptr, l.n, family};
        st = grog_print_pdf(b, &po, o->output, &err);
        rc = st != GROG_OK ? cli_fail_status(c, st, &err) : written(c, o, kind, side);
    }
    links_free(&l);
    return rc;
}

static int print_source(cli *c, const char *source, const print_opts *o, grog_print_kind kind)
{
    grog_error err;
    grog_status st;
    if (!cli_is_game_file(source)) {
        grog_battle *b = NULL;
        if ((st = grog_scenario_load(source, &b, &err)) != GROG_OK)
            return cli_fail_status(c, st, &err);
        int rc = print_battle(c, b, NULL, -1, o, kind);
        grog_battle_destroy(b);
        return rc;
    }
    grog_game *g;
    if ((st = grog_game_open(source, &g, &err)) != GROG_OK)
        return cli_fail_status(c, st, &err);
    int rc = print_battle(c, grog_game_battle(g), source, (int)grog_game_family(g), o, kind);
    grog_game_close(g);
    return rc;
}

static int ends_with_pdf(const char *s)
{
    size_t n = s != NULL ? strlen(s) : 0;
    return n > 4 && strcmp(s + n - 4, ".pdf") == 0;
}

static int run_print(cli *c, int argc, char **argv)
{
    print_opts o = {0};
    int first;
    int rc = cli_parse(c, &cli_print_command, argc, argv, on_opt, &o, &first);
    if (rc != 0)
        return rc == CLI_STOP_OK ? 0 : rc;
    if (first != argc - 2)
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("expected a game or scenario, then roster, orders or rulers"));
    grog_print_kind kind;
    grog_error err;
    if (grog_print_kind_parse(argv[first + 1], &kind, &err) != GROG_OK)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", err.message);
    if (!ends_with_pdf(o.output))
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("print writes a PDF: -o FILE.pdf"));
    return print_source(c, argv[first], &o, kind);
}

const cli_command cli_print_command = {
    "print", run_print, N_("rosters, order sheets and rulers on paper (PDF)"),
    N_("grognard print GAME|SCENARIO roster|orders|rulers [--side S] [--paper a4|letter]\n"
       "               [--link URL] [--lang fr|ru|en] -o FILE.pdf"),
    N_("roster: pages per side, each officer and unit with its short code (accepted\n"
       "wherever an id is: 'order A1 A7 attack'), ratings, formation and order, tally boxes\n"
       "for casualties (one per figure; six for an officer) and, with --link, a QR code\n"
       "that opens the piece's card on the table's page with the side's own token.\n"
       "orders: a sheet per side to write orders by hand, the side's codes at its head.\n"
       "rulers: pas at the battle's scale, centimetres and inches, and a 100 mm line to\n"
       "check the printer (print at 100 %, no fit to page).\n"
       "Each side's sheets show what that side may see: its own hidden orders, never the\n"
       "other side's. A roster's QR codes carry the side's token: give it to that side\n"
       "only. --lang fr|ru for the texts (docs/report.md, \"On paper\").\n"),
    print_options,
    N_("Examples:\n"
       "  grognard print bussaco-1810 rulers -o rulers.pdf\n"
       "  grognard print game.grog roster --side french --link http://192.168.1.20:8173/ "
       "-o french.pdf\n"
       "  grognard print game.grog orders --paper letter --lang ru -o orders.pdf\n"),
};
