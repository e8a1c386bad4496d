/* api_report.c — the endpoints after the battle (api_report.h, docs/api.md):
 *   GET  report       the battle report as the seat sees it (report.h, JSON)
 *   GET  report.html  the same as a page of its own, with its SVG charts
 *   POST end          the referee ends the game (commitment.h): the seed and
 *                     salt are then every seat's
 *   GET  verify       the dice checked against the commitment: the referee at
 *                     any time, every seat once the game has ended
 *   GET  at?n=N       the game as it was after journal entry N (grog_game_at),
 *                     as the seat's view (the page's step-through)
 *   GET  at.svg?n=N   its map for the seat
 *
 * Invariants: every document is made by the library for the request's seat
 * (so a side's report holds what its `report --side` holds, no more), under
 * the table's game lock; errors are the library's, the game file's path
 * scrubbed. Ending drops the table's cached documents (their seed was the
 * referee's until now) and announces the journal position again, so every
 * open page fetches its view. */
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api_report.h"
#include "grognard/commitment.h"
#include "grognard/report.h"
#include "grognard/view.h"
#include "i18n.h"
#include "reply.h"

static const char json_mime[] = "application/json; charset=utf-8";

typedef struct rcall {
    table *t;
    struct MHD_Connection *c;
    grog_seat seat;
} rcall;

static long position(const rcall *k)
{
    return (long)grog_game_action_count(k->t->g);
}

static enum MHD_Result fail(rcall *k, grog_status st, grog_error *err)
{
    table_scrub(k->t, err);
    return reply_status(k->c, st, err, position(k));
}

static enum MHD_Result send_doc(rcall *k, grog_status st, char *text, grog_error *err,
                                const char *type)
{
    if (st != GROG_OK) {
        free(text);
        return fail(k, st, err);
    }
    return reply_text(k->c, MHD_HTTP_OK, text, type, position(k));
}

static enum MHD_Result report_json(rcall *k)
{
    grog_error err;
    char *text = NULL;
    grog_status st = grog_report_json(k->t->g, &k->seat, &text, &err);
    return send_doc(k, st, text, &err, json_mime);
}

static enum MHD_Result report_html(rcall *k)
{
    grog_error err;
    char *text = NULL;
    grog_status st = grog_report_html(k->t->g, &k->seat, &text, &err);
    return send_doc(k, st, text, &err, "text/html; charset=utf-8");
}

/* The seed and salt as seat sees them: null until it may. */
static void add_seed(rcall *k, json_t *j)
{
    char salt[GROG_SALT_HEX], commitment[GROG_COMMITMENT_HEX];
    int shown = grog_game_seed_shown(k->t->g, &k->seat);
    json_object_set_new(j, "ended", json_boolean(grog_game_ended(k->t->g)));
    json_object_set_new(j, "seed_commitment", grog_game_commitment(k->t->g, commitment)
                                                  ? json_string(commitment)
                                                  : json_null());
    json_object_set_new(j, "seed", shown ? json_integer((json_int_t)(grog_game_seed(k->t->g) &
                                                                     INT64_MAX))
                                         : json_null());
    json_object_set_new(j, "seed_salt",
                        shown && grog_game_salt(k->t->g, &k->seat, salt, NULL) == GROG_OK
                            ? json_string(salt)
                            : json_null());
}

static enum MHD_Result end_game(rcall *k)
{
    grog_error err;
    grog_status st = grog_game_end(k->t->g, &k->seat, &err);
    if (st != GROG_OK)
        return fail(k, st, &err);
    table_changed(k->t);
    table_announce(k->t, (size_t)position(k));
    json_t *j = json_object();
    add_seed(k, j);
    return reply_json(k->c, MHD_HTTP_OK, j, position(k));
}

static enum MHD_Result verify(rcall *k)
{
    grog_error err;
    if (!grog_game_seed_shown(k->t->g, &k->seat)) {
        grog_error_set(&err, GROG_EDENIED, "%s",
                       _("the dice can be verified by every seat once the referee has ended "
                         "the game (until then the seed is the referee's)"));
        return fail(k, GROG_EDENIED, &err);
    }
    grog_verification v;
    grog_status st = grog_game_verify(k->t->g, NULL, &v, &err);
    if (st != GROG_OK)
        return fail(k, st, &err);
    json_t *j = json_pack("{s:b,s:b,s:b,s:b,s:I}", "verified", grog_verification_ok(&v),
                          "has_commitment", v.has_commitment, "commitment_ok", v.commitment_ok,
                          "replay_ok", v.replay_ok, "rows", (json_int_t)v.rows);
    add_seed(k, j);
    json_object_set_new(j, "first_bad", v.replay_ok ? json_null() : json_integer(v.first_bad));
    json_object_set_new(j, "reason", v.replay_ok ? json_null() : json_string(v.reason));
    return reply_json(k->c, MHD_HTTP_OK, j, position(k));
}

/* n=N: 0 to the journal's length; -1 when absent or malformed. */
static long long at_of(struct MHD_Connection *c)
{
    const char *v = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "n");
    if (v == NULL || *v < '0' || *v > '9')
        return -1;
    char *end;
    long long n = strtoll(v, &end, 10);
    return *end == '\0' ? n : -1;
}

/* The game after entry n=N made as the seat's view (svg 0) or map (svg 1). */
static enum MHD_Result game_at(rcall *k, int svg)
{
    grog_error err;
    long long n = at_of(k->c);
    if (n < 0)
        return reply_error(k->c, MHD_HTTP_BAD_REQUEST, "bad-request",
                           _("n: expected a journal entry's number, 0 or more"), position(k));
    grog_game *past = NULL;
    grog_status st = grog_game_at(k->t->g, n, &past, &err);
    if (st != GROG_OK)
        return fail(k, st, &err);
    char *text = NULL;
    st = svg ? grog_view_game_svg(past, &k->seat, &text, &err)
             : grog_view_game_json(past, &k->seat, &text, &err);
    grog_game_close(past);
    return send_doc(k, st, text, &err, svg ? "image/svg+xml; charset=utf-8" : json_mime);
}

static enum MHD_Result at_json(rcall *k)
{
    return game_at(k, 0);
}

static enum MHD_Result at_svg(rcall *k)
{
    return game_at(k, 1);
}

static const struct {
    const char *name;
    int methods;
    enum MHD_Result (*run)(rcall *k);
} endpoints[] = {
    {"report", 1, report_json},
    {"report.html", 1, report_html},
    {"end", 2, end_game},
    {"verify", 1, verify},
    {"at", 1, at_json},
    {"at.svg", 1, at_svg},
};
#define NENDPOINTS (sizeof endpoints / sizeof endpoints[0])

int api_report_methods(const char *name)
{
    for (size_t i = 0; i < NENDPOINTS; i++)
        if (strcmp(endpoints[i].name, name) == 0)
            return endpoints[i].methods;
    return 0;
}

enum MHD_Result api_report_answer(table *t, struct MHD_Connection *c, const char *name, int seat)
{
    size_t e = 0;
    while (e < NENDPOINTS && strcmp(endpoints[e].name, name) != 0)
        e++;
    if (e == NENDPOINTS)
        return reply_error(c, MHD_HTTP_NOT_FOUND, "not-found", _("no such path; see docs/api.md"),
                           -1);
    const grog_server_seat *who = &t->seats[seat];
    rcall k = {t, c, {GROG_SEAT_PUBLIC, NULL}};
    pthread_mutex_lock(&t->game_lock);
    grog_error err;
    grog_status st =
        grog_game_seat(t->g, who->side, strcmp(who->kind, "referee") == 0, &k.seat, &err);
    enum MHD_Result ok = st == GROG_OK ? endpoints[e].run(&k) : fail(&k, st, &err);
    pthread_mutex_unlock(&t->game_lock);
    return ok;
}
