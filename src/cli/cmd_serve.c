/* cmd_serve.c — `grognard serve GAME`: the game on the table's network.
 *
 * Starts the server (server.h), prints one link per seat with its token in
 * the URL's fragment and, for phones, the same link as a QR code drawn in the
 * terminal (libqrencode), then waits for SIGINT or SIGTERM and stops cleanly.
 * The signals are blocked in every thread and taken with sigwait here, so no
 * handler and no global state is needed. */
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <jansson.h>
#include <netinet/in.h>
#include <pthread.h>
#include <qrencode.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "grognard/game.h"
#include "grognard/server.h"

#define MAX_NAMES 8

typedef struct serve_opts {
    const char *listen, *family, *scenario, *rules;
    const char *names[MAX_NAMES];
    size_t nnames;
    long seed;
    int has_seed, create, new_tokens, referee_only;
} serve_opts;

enum { OPT_LISTEN = 1000, OPT_NEW, OPT_NEW_TOKENS, OPT_REFEREE_ONLY, OPT_FAMILY, OPT_SCENARIO,
       OPT_SEED, OPT_RULES, OPT_NAME };

static const cli_opt options[] = {
    {"listen", OPT_LISTEN, CLI_TEXT, N_("ADDR:PORT"),
     N_("where to listen (default 127.0.0.1:8173, this machine only;\n"
        "0.0.0.0:8173 opens the game to the table's network; port 0:\n"
        "any free port)"),
     0, 0, NULL},
    {"referee-only", OPT_REFEREE_ONLY, CLI_FLAG, NULL,
     N_("only the referee's link works (one tablet for the table)"), 0, 0, NULL},
    {"new-tokens", OPT_NEW_TOKENS, CLI_FLAG, NULL,
     N_("new links for every seat; the old ones stop working"), 0, 0, NULL},
    {"new", OPT_NEW, CLI_FLAG, NULL, N_("create GAME first (as 'grognard new'), then serve it"),
     0, 0, NULL},
    {"family", OPT_FAMILY, CLI_TEXT, N_("F"), N_("with --new: the rule family, aigles, gdb or gt"),
     0, 0, NULL},
    {"scenario", OPT_SCENARIO, CLI_TEXT, N_("FILE"), N_("with --new: the scenario"), 0, 0, NULL},
    {"seed", OPT_SEED, CLI_INT, N_("N"), N_("with --new: the dice seed"), 0, INT64_MAX, NULL},
    {"rules", OPT_RULES, CLI_TEXT, N_("FILE"), N_("with --new: a house-rules file"), 0, 0, NULL},
    {"name", OPT_NAME, CLI_TEXT, N_("NAME"),
     N_("a name this machine is reached by (table.local), besides its\n"
        "addresses: requests naming another host are refused (DNS\n"
        "rebinding); may be given up to 8 times"),
     0, 0, NULL},
    {"json", 'j', CLI_FLAG, NULL, N_("the links as one JSON document"), 0, 0, NULL},
    CLI_OPT_END,
};

static int on_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    serve_opts *o = ctx;
    switch (opt->id) {
    case OPT_LISTEN: o->listen = v->text; return 0;
    case OPT_NEW: o->create = 1; return 0;
    case OPT_NEW_TOKENS: o->new_tokens = 1; return 0;
    case OPT_REFEREE_ONLY: o->referee_only = 1; return 0;
    case OPT_FAMILY: o->family = v->text; return 0;
    case OPT_SCENARIO: o->scenario = v->text; return 0;
    case OPT_RULES: o->rules = v->text; return 0;
    case OPT_SEED: o->has_seed = 1; o->seed = v->n; return 0;
    case OPT_NAME:
        if (o->nnames == MAX_NAMES)
            return cli_fail(c, CLI_EXIT_USAGE, _("--name: at most %d names"), MAX_NAMES);
        if (*v->text == '\0' || strlen(v->text) > 253 || strpbrk(v->text, ":/ []") != NULL)
            return cli_fail(c, CLI_EXIT_USAGE,
                            _("--name %s: expected a host name such as table.local (no port)"),
                            v->text);
        o->names[o->nnames++] = v->text;
        return 0;
    }
    return CLI_EXIT_USAGE;
}


/* "ADDR:PORT", "[V6ADDR]:PORT" or "PORT" into host (a buffer) and port. */
static int parse_listen(cli *c, const char *text, char *host, size_t size, unsigned *port)
{
    const char *colon = strrchr(text, ':');
    const char *h = text, *p = colon != NULL ? colon + 1 : text;
    size_t hl = colon != NULL ? (size_t)(colon - text) : 0;
    if (colon == NULL) {
        h = "127.0.0.1";
        hl = strlen(h);
    } else if (hl >= 2 && text[0] == '[' && text[hl - 1] == ']') {
        h = text + 1;
        hl -= 2;
    }
    long v;
    if (hl == 0 || hl >= size)
        return cli_fail(c, CLI_EXIT_USAGE,
                        _("--listen: expected ADDRESS:PORT such as 127.0.0.1:8173 or "
                          "0.0.0.0:8173, not \"%s\""),
                        text);
    int rc = cli_int(c, "--listen PORT", p, 0, 65535, &v);
    if (rc != 0)
        return rc;
    memcpy(host, h, hl);
    host[hl] = '\0';
    *port = (unsigned)v;
    return 0;
}

static int is_any(const char *host)
{
    return strcmp(host, "0.0.0.0") == 0 || strcmp(host, "::") == 0;
}

/* The addresses to put in the links (at most max, into out): the listening
 * address, or for "every interface" this machine's addresses on its
 * networks (IPv4, loopback left out; 127.0.0.1 when it has none). The
 * first is the links' and QR codes'. */
static size_t link_hosts(const char *host, char (*out)[64], size_t max)
{
    snprintf(out[0], sizeof out[0], strchr(host, ':') != NULL ? "[%s]" : "%s", host);
    if (!is_any(host))
        return 1;
    snprintf(out[0], sizeof out[0], "127.0.0.1");
    struct ifaddrs *all;
    if (getifaddrs(&all) != 0)
        return 1;
    size_t n = 0;
    for (struct ifaddrs *a = all; a != NULL && n < max; a = a->ifa_next) {
        if (a->ifa_addr == NULL || a->ifa_addr->sa_family != AF_INET)
            continue;
        const struct in_addr *in = &((const struct sockaddr_in *)(void *)a->ifa_addr)->sin_addr;
        char buf[INET_ADDRSTRLEN];
        if ((ntohl(in->s_addr) >> 24) == 127 || inet_ntop(AF_INET, in, buf, sizeof buf) == NULL)
            continue;
        int seen = 0;
        for (size_t i = 0; i < n; i++)
            seen |= strcmp(out[i], buf) == 0;
        if (!seen)
            snprintf(out[n++], sizeof out[0], "%s", buf);
    }
    freeifaddrs(all);
    return n > 0 ? n : 1;
}

/* The first of the links' addresses (cmd_serve_dir.c: the organiser's link). */
void cli_link_host(const char *host, char *out, size_t size)
{
    char hosts[1][64];
    link_hosts(host, hosts, 1);
    snprintf(out, size, "%s", hosts[0]);
}

/* A QR code in the terminal: two rows of modules per line with half blocks,
 * light modules drawn (for a dark terminal), a quiet zone of two modules. */
void cli_print_qr(FILE *f, const char *text)
{
    QRcode *q = QRcode_encodeString(text, 0, QR_ECLEVEL_L, QR_MODE_8, 1);
    if (q == NULL)
        return;
    int w = q->width, quiet = 2, n = w + 2 * quiet;
    for (int y = 0; y < n; y += 2) {
        for (int x = 0; x < n; x++) {
            int dark[2];
            for (int k = 0; k < 2; k++) {
                int yy = y + k - quiet, xx = x - quiet;
                dark[k] = yy >= 0 && yy < w && xx >= 0 && xx < w && (q->data[yy * w + xx] & 1);
                if (y + k >= n)
                    dark[k] = 1; /* below the code: nothing drawn */
            }
            fputs(dark[0] ? (dark[1] ? " " : "\u2584") : (dark[1] ? "\u2580" : "\u2588"), f);
        }
        fputc('\n', f);
    }
    QRcode_free(q);
}

static const char *seat_label(const grog_server_seat *s)
{
    if (strcmp(s->kind, "referee") == 0)
        return _("referee (sees everything, may undo)");
    if (strcmp(s->kind, "public") == 0)
        return _("spectators (no hidden information, cannot act)");
    return s->side;
}

/* The command that serves file again on the table's network, with the
 * options that shape the table (--name, --referee-only; not --new or
 * --new-tokens, done once), the file quoted for a shell when it must be. */
static void print_open_command(cli *c, const serve_opts *o, const char *file, unsigned port)
{
    int plain = file[0] != '\0' && strspn(file, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                 "0123456789_-./+,:@%=") == strlen(file);
    fputs("  grognard serve ", c->out);
    if (plain) {
        fputs(file, c->out);
    } else {
        fputc('\'', c->out);
        for (const char *p = file; *p; p++)
            fputs(*p == '\'' ? "'\\''" : (char[2]){*p, '\0'}, c->out);
        fputc('\'', c->out);
    }
    fprintf(c->out, " --listen 0.0.0.0:%u", port);
    for (size_t i = 0; i < o->nnames; i++)
        fprintf(c->out, " --name %s", o->names[i]);
    if (o->referee_only)
        fputs(" --referee-only", c->out);
    fputs("\n\n", c->out);
}

/* Where the game may be opened: the addresses (the links' first), and for
 * loopback, the command that opens it to the table's network. */
static void print_where(cli *c, const serve_opts *o, const char *file, const char *host,
                        char (*hosts)[64], size_t nhosts, unsigned port)
{
    fprintf(c->out, _("Serving %s at http://%s:%u/\n"), file, hosts[0], port);
    for (size_t i = 1; i < nhosts; i++)
        fprintf(c->out, _("  also at http://%s:%u/ (another network of this machine)\n"),
                hosts[i], port);
    if (is_any(host)) {
        fprintf(c->out, "%s\n\n", _("Open to the network: anyone on it who has a link can join."));
        return;
    }
    if (strcmp(host, "127.0.0.1") != 0 && strcmp(host, "::1") != 0) {
        fputc('\n', c->out);
        return;
    }
    fprintf(c->out, "%s\n",
            _("This machine only. To open it to the table's network (phones, tablets), stop it "
              "and run:"));
    print_open_command(c, o, file, port == 0 ? GROG_SERVER_PORT : port);
}

static int print_links(cli *c, const serve_opts *o, const grog_server *s, const char *file,
                       const char *host)
{
    unsigned port = grog_server_port(s);
    char hosts[8][64];
    size_t nhosts = link_hosts(host, hosts, 8);
    const char *linkhost = hosts[0];
    json_t *seats = json_array();
    if (!c->json)
        print_where(c, o, file, host, hosts, nhosts, port);
    for (size_t i = 0; grog_server_seat_at(s, i) != NULL; i++) {
        const grog_server_seat *st = grog_server_seat_at(s, i);
        if (!st->enabled)
            continue;
        char url[512];
        snprintf(url, sizeof url, "http://%s:%u/#t=%s", linkhost, port, st->token);
        json_array_append_new(seats, json_pack("{s:s,s:o,s:s,s:s}", "kind", st->kind, "side",
                                               st->side ? json_string(st->side) : json_null(),
                                               "token", st->token, "url", url));
        if (!c->json) {
            fprintf(c->out, "%s: %s\n", seat_label(st), url);
            cli_print_qr(c->out, url);
            fputc('\n', c->out);
        }
    }
    if (c->json) {
        json_t *addresses = json_array();
        for (size_t i = 0; i < nhosts; i++)
            json_array_append_new(addresses, json_string(hosts[i]));
        json_t *j = json_pack("{s:s,s:s,s:I,s:b,s:o,s:o}", "game", file, "host", host, "port",
                              (json_int_t)port, "network", is_any(host), "addresses", addresses,
                              "seats", seats);
        char *text = json_dumps(j, JSON_INDENT(2));
        json_decref(j);
        if (text == NULL)
            return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
        fprintf(c->out, "%s\n", text);
        free(text);
    } else {
        json_decref(seats);
        fprintf(c->out, "%s\n", _("Ctrl-C stops the server; every action is saved as it is done."));
    }
    fflush(c->out);
    if (c->raw_out != NULL) /* c->out writes through to it: the links must show now */
        fflush(c->raw_out);
    return 0;
}

static int create_game(cli *c, const serve_opts *o, const char *file)
{
    if (o->family == NULL)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--new needs --family aigles, gdb or gt"));
    grog_error err;
    grog_game_options go = {GROG_FAMILY_AIGLES, o->scenario, 0, o->rules};
    if (grog_family_parse(o->family, &go.family, &err) != GROG_OK)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", err.message);
    /* The seed stays the referee's: this screen is the one the players scan,
     * so it shows the seed's commitment, never the seed. */
    unsigned char salt[GROG_SALT_BYTES];
    int rc = cli_new_seed_and_salt(c, o->has_seed, o->seed, &go.seed, salt);
    if (rc != 0)
        return rc;
    grog_game *g;
    grog_status st = grog_game_create_salted(file, &go, salt, &g, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    char commitment[GROG_COMMITMENT_HEX];
    if (!c->json && grog_game_commitment(g, commitment))
        fprintf(c->out, _("New game %s: %s rules; seed commitment %s.\n"), file, o->family,
                commitment);
    grog_game_close(g);
    return 0;
}

/* Serves until SIGINT or SIGTERM. */
static int serve(cli *c, const serve_opts *o, const char *file, const char *host, unsigned port)
{
    sigset_t stop, old;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, &old); /* the server's threads inherit it */
    grog_server_options so = {host, port, o->referee_only, o->new_tokens, 0, o->names, o->nnames};
    grog_server *s = NULL;
    grog_error err;
    grog_status st = grog_server_start(file, &so, &s, &err);
    int rc = 0;
    if (st != GROG_OK)
        rc = cli_fail_status(c, st, &err);
    if (rc == 0)
        rc = print_links(c, o, s, file, host);
    int sig = 0;
    if (rc == 0)
        sigwait(&stop, &sig);
    grog_server_stop(s); /* accepts NULL */
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc == 0 && !c->json)
        fprintf(c->out, _("Stopped; %s is saved.\n"), file);
    return rc;
}

static int run_serve(cli *c, int argc, char **argv)
{
    serve_opts o = {0};
    int first;
    int rc = cli_parse(c, &cli_serve_command, argc, argv, on_opt, &o, &first);
    if (rc != 0)
        return rc == CLI_STOP_OK ? 0 : rc;
    if (first != argc - 1)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("expected one game file"));
    if (!o.create && (o.family || o.scenario || o.rules || o.has_seed))
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("--family, --scenario, --seed and --rules go with --new"));
    char host[64];
    unsigned port = GROG_SERVER_PORT;
    snprintf(host, sizeof host, "127.0.0.1");
    if (o.listen != NULL && (rc = parse_listen(c, o.listen, host, sizeof host, &port)) != 0)
        return rc;
    const char *file = argv[first];
    struct stat sb;
    if (!o.create && stat(file, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        if (o.referee_only || o.new_tokens)
            return cli_fail(c, CLI_EXIT_USAGE, "%s",
                            _("--referee-only and --new-tokens go with a GAME, not a folder"));
        return cli_serve_dir(c, file, host, port, o.names, o.nnames); /* cmd_serve_dir.c */
    }
    if (o.create && (rc = create_game(c, &o, file)) != 0)
        return rc;
    return serve(c, &o, file, host, port);
}

const cli_command cli_serve_command = {
    "serve", run_serve, N_("serve a game to the table's phones and tablets"),
    N_("grognard serve GAME [--listen ADDR:PORT] [--name NAME] [--referee-only] [--new-tokens]\n"
       "       [--json]\n"
       "       grognard serve --new GAME --family aigles|gdb|gt [--scenario FILE] [--seed N]\n"
       "       grognard serve DIR [--listen ADDR:PORT] [--name NAME] [--json]"),
    N_("Serves GAME over HTTP until Ctrl-C: each side gets its own link (a secret token in\n"
       "the link, shown as a QR code for phones) and sees only what its side may see; the\n"
       "referee's link sees and may do everything; the spectators' link sees no secrets.\n"
       "A page for the table is at the link; programs use the JSON API (docs/api.md).\n"),
    options,
    N_("The links stay the same from one start to the next (they are kept in GAME). While\n"
       "the server runs, 'grognard do GAME ...' from a shell still works: the server picks\n"
       "the action up and every page sees it.\n\n"
       "With a folder DIR, every game file (*.grog) in it is served, each on its own\n"
       "port with its own links, and one organiser's link is printed (its token is\n"
       "kept in DIR/.grognard-host): the organiser's page lists the games with their\n"
       "links and QR codes, makes new games and edits orders of battle (docs/page.md).\n"),
};
