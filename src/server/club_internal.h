/* club_internal.h — what club.c (the folder, the host token, the games),
 * club_api.c (the organiser's requests) and club_info.c (a served game's
 * state for the list) share; internal to src/server.
 *
 * Invariants: games[0..ngames) are filled once and never move or change
 * until the club stops (the array is fixed, GROG_CLUB_MAX_GAMES long), so a
 * reader may use an entry below the count it read under lock; lock guards
 * ngames and the folder's files while a game is being made. */
#ifndef GROG_CLUB_INTERNAL_H
#define GROG_CLUB_INTERNAL_H

#include <jansson.h>
#include <microhttpd.h>
#include <pthread.h>

#include "grognard/club.h"
#include "grognard/scenario.h"
#include "lang.h"
#include "tokens.h"

struct grog_club {
    char *dir;
    char host[64];
    char link_host[128];
    unsigned port;
    token_text host_token;
    char **names; /* the Host names besides addresses (--name), owned */
    size_t nnames;
    struct MHD_Daemon *d;
    const grog_catalog *langs[LANG_COUNT]; /* the requests' languages (lang.h), read-only */
    pthread_mutex_t lock;
    int lock_ready;
    grog_club_game games[GROG_CLUB_MAX_GAMES];
    size_t ngames;
    char **skipped;
    size_t nskipped;
};

/* The folder, its host token and its games, without the daemon (club.c);
 * club_close stops every game's server and frees the club (accepts NULL). */
grog_status club_open(const char *dir, const grog_club_options *o, grog_club **out,
                      grog_error *err);
void club_close(grog_club *c);

/* The MHD request handler and completion callback (club_api.c). */
enum MHD_Result club_on_request(void *cls, struct MHD_Connection *c, const char *url,
                                const char *method, const char *version, const char *upload,
                                size_t *upload_size, void **con_cls);
void club_request_done(void *cls, struct MHD_Connection *c, void **con_cls,
                       enum MHD_RequestTerminationCode toe);

/* How the page asks for a new game (club.c). Exactly one of scenario (a
 * bundled name), scenario_json (a scenario's text) and roster_csv (a
 * roster's text) is set; name: the file's name without ".grog", NULL for the
 * first free "table-N"; seed < 0: a random one. */
typedef struct club_new_game {
    const char *name, *family, *scenario, *scenario_json, *roster_csv;
    long long seed;
} club_new_game;

/* Makes and serves the game; *index gets its entry. GROG_EFORMAT with the
 * problems appended (an uploaded scenario or roster that is refused),
 * GROG_EINVAL for a bad name or family, GROG_EBUSY when the name is taken or
 * the folder full. */
grog_status club_create_game(grog_club *c, const club_new_game *n, size_t *index,
                             grog_problems *problems, grog_error *err);
/* How many games are served now. */
size_t club_count(grog_club *c);

/* A served game's state for the organiser (club_info.c): its title, family,
 * turn and phase, and how many pages follow it (event streams open), how
 * many of them the referee's; as JSON {title, family, turn, phase, pages,
 * referee_pages}. */
json_t *club_game_state(grog_server *s);
/* The game's battle as it stands, its public view (no hidden orders): a
 * new battle for the caller. */
grog_status club_game_battle(grog_server *s, grog_battle **out, grog_error *err);

#endif
