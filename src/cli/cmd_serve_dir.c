/* cmd_serve_dir.c — `grognard serve DIR`: every game of a folder, and the
 * organiser's page (club.h).
 *
 * Prints the organiser's link (the host token in the URL's fragment, and as
 * a QR code), the games found and the files skipped, then waits for SIGINT
 * or SIGTERM as `grognard serve GAME` does (signals blocked in every thread,
 * taken with sigwait). Each game's own seat links are on the organiser's
 * page and in its API. */
#include <jansson.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grognard/club.h"

static int print_club(cli *c, const grog_club *club, const char *dir, const char *linkhost)
{
    char url[512];
    snprintf(url, sizeof url, "http://%s:%u/#h=%s", linkhost, grog_club_port(club),
             grog_club_host_token(club));
    const char *const *skipped;
    size_t nskipped = grog_club_skipped(club, &skipped);
    if (c->json) {
        json_t *games = json_array(), *skip = json_array();
        for (size_t i = 0; grog_club_game_at(club, i) != NULL; i++) {
            const grog_club_game *g = grog_club_game_at(club, i);
            json_array_append_new(games, json_pack("{s:s,s:I}", "name", g->name, "port",
                                                   (json_int_t)grog_server_port(g->server)));
        }
        for (size_t i = 0; i < nskipped; i++)
            json_array_append_new(skip, json_string(skipped[i]));
        json_t *j = json_pack("{s:s,s:I,s:s,s:s,s:o,s:o}", "folder", dir, "port",
                              (json_int_t)grog_club_port(club), "host_token",
                              grog_club_host_token(club), "url", url, "games", games, "skipped",
                              skip);
        char *text = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        json_decref(j);
        if (text == NULL)
            return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
        fprintf(c->out, "%s\n", text);
        free(text);
    } else {
        fprintf(c->out, _("Serving the games of %s. The organiser's link (keep it to yourself: "
                          "it creates games and shows every seat's link):\n%s\n"),
                dir, url);
        cli_print_qr(c->out, url);
        for (size_t i = 0; grog_club_game_at(club, i) != NULL; i++) {
            const grog_club_game *g = grog_club_game_at(club, i);
            fprintf(c->out, _("  %s: port %u\n"), g->name, grog_server_port(g->server));
        }
        for (size_t i = 0; i < nskipped; i++)
            fprintf(c->out, _("  skipped %s\n"), skipped[i]);
        fprintf(c->out, "%s\n", _("Ctrl-C stops every game; every action is saved as it is done."));
    }
    fflush(c->out);
    if (c->raw_out != NULL)
        fflush(c->raw_out);
    return 0;
}

int cli_serve_dir(cli *c, const char *dir, const char *host, unsigned port,
                  const char *const *names, size_t nnames)
{
    sigset_t stop, old;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, &old);
    char linkhost[128];
    cli_link_host(host, linkhost, sizeof linkhost);
    grog_club_options o = {host, port, linkhost, names, nnames};
    grog_club *club = NULL;
    grog_error err;
    grog_status st = grog_club_start(dir, &o, &club, &err);
    int rc = st != GROG_OK ? cli_fail_status(c, st, &err) : print_club(c, club, dir, linkhost);
    int sig = 0;
    if (rc == 0)
        sigwait(&stop, &sig);
    grog_club_stop(club);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc == 0 && !c->json)
        fprintf(c->out, _("Stopped; every game of %s is saved.\n"), dir);
    return rc;
}
