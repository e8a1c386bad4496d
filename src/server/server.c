/* server.c — `grognard serve`: the daemon, the seats and the event streams.
 * See server.h for the threads and docs/api.md for what is answered.
 *
 * Invariants: the game handle is touched only under game_lock; the journal
 * position the streams report (seq, gen) only under pos_lock, and gen grows
 * by one each time the position is announced, so that a stream that has sent
 * generation k sends again exactly when gen moved past k; vgen does the same
 * for the sides' Done (votes.c). Nothing secret is
 * decided here: every document comes from the game's or the view's functions
 * called with the request's seat (api.c). */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grognard/battle.h"
#include "i18n.h"
#include "server_internal.h"

#define DEFAULT_POLL_MS 250
#define KEEPALIVE_S 15
#define MAX_CONNECTIONS 64
#define MAX_STREAMS 48
#define CONNECTION_TIMEOUT_S 30
#define CONNECTION_MEMORY (32 * 1024)

/* ---- time (the server's own; the library proper never reads the clock) ---- */

static struct timespec deadline_after_ms(long ms)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    t.tv_sec += ms / 1000;
    t.tv_nsec += (ms % 1000) * 1000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    return t;
}

/* ---- the journal position ---- */

void server_announce(grog_server *s, size_t seq)
{
    pthread_mutex_lock(&s->pos_lock);
    s->seq = seq;
    s->gen++;
    pthread_cond_broadcast(&s->pos_cond);
    pthread_mutex_unlock(&s->pos_lock);
}

void server_changed(grog_server *s)
{
    for (size_t i = 0; s->cache != NULL && i < SERVER_DOCS * SERVER_NLANGS * s->nseats; i++) {
        free(s->cache[i]);
        s->cache[i] = NULL;
    }
}

/* Catches up with other writers every poll period until the server stops. */
static void *watch(void *p)
{
    grog_server *s = p;
    pthread_mutex_lock(&s->pos_lock);
    while (!s->stopping) {
        struct timespec until = deadline_after_ms((long)s->poll_ms);
        while (!s->stopping && pthread_cond_timedwait(&s->pos_cond, &s->pos_lock, &until) == 0)
            ;
        if (s->stopping)
            break;
        size_t before = s->seq;
        pthread_mutex_unlock(&s->pos_lock);
        size_t added = 0;
        pthread_mutex_lock(&s->game_lock);
        size_t had = grog_game_action_count(s->g);
        grog_status st = grog_game_sync(s->g, &added, NULL);
        size_t now = grog_game_action_count(s->g);
        int moved = st == GROG_OK && (added > 0 || now != had);
        if (moved) {
            server_changed(s);
            votes_follow(s);
        }
        /* every side done, and the referee's device gone since (votes.c) */
        size_t advanced = votes_check(s);
        if (advanced > 0)
            now = advanced;
        pthread_mutex_unlock(&s->game_lock);
        if (moved || now != before || advanced > 0)
            server_announce(s, now);
        pthread_mutex_lock(&s->pos_lock);
    }
    pthread_mutex_unlock(&s->pos_lock);
    return NULL;
}

/* ---- event streams ---- */

typedef struct stream {
    grog_server *s;
    unsigned long sent;  /* the generation of the position last sent */
    unsigned long vsent; /* the generation of the votes last sent */
    int first;
    int referee; /* the referee's stream: counts as a referee device */
    char *out;   /* what is yet to be sent of the last events written */
    size_t outlen, outpos;
} stream;

/* The events due (under pos_lock) into st->out: on the first call the
 * retry, the position and the votes; then whichever of them moved, or a
 * keep-alive comment. */
static int stream_fill(stream *st)
{
    grog_server *s = st->s;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f == NULL)
        return -1;
    int news = st->first || s->gen != st->sent || s->vgen != st->vsent;
    if (st->first)
        fputs("retry: 2000\n\n", f);
    if (st->first || s->gen != st->sent)
        fprintf(f, "id: %zu\nevent: journal\ndata: {\"seq\":%zu}\n\n", s->seq, s->seq);
    if (st->first || s->vgen != st->vsent)
        fprintf(f, "event: done\ndata: {%s,\"referee_present\":%s}\n\n", s->votes_text,
                s->referee_streams > 0 ? "true" : "false");
    if (!news)
        fputs(": keep-alive\n\n", f);
    if (fclose(f) != 0) {
        free(text);
        return -1;
    }
    st->sent = s->gen;
    st->vsent = s->vgen;
    st->first = 0;
    free(st->out);
    st->out = text;
    st->outlen = len;
    st->outpos = 0;
    return 0;
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    stream *st = cls;
    grog_server *s = st->s;
    if (st->outpos == st->outlen) {
        int timed_out = 0;
        pthread_mutex_lock(&s->pos_lock);
        struct timespec until = deadline_after_ms(KEEPALIVE_S * 1000L);
        while (!st->first && !s->stopping && s->gen == st->sent && s->vgen == st->vsent &&
               !timed_out)
            timed_out =
                pthread_cond_timedwait(&s->pos_cond, &s->pos_lock, &until) == ETIMEDOUT;
        if (s->stopping) {
            pthread_mutex_unlock(&s->pos_lock);
            return MHD_CONTENT_READER_END_OF_STREAM;
        }
        int bad = stream_fill(st);
        pthread_mutex_unlock(&s->pos_lock);
        if (bad)
            return MHD_CONTENT_READER_END_WITH_ERROR;
    }
    size_t n = st->outlen - st->outpos < max ? st->outlen - st->outpos : max;
    memcpy(buf, st->out + st->outpos, n);
    st->outpos += n;
    return (ssize_t)n;
}

static void stream_free(void *cls)
{
    stream *st = cls;
    pthread_mutex_lock(&st->s->pos_lock);
    st->s->streams--;
    if (st->referee)
        votes_presence(st->s, -1);
    pthread_mutex_unlock(&st->s->pos_lock);
    free(st->out);
    free(st);
}

struct MHD_Response *server_stream_open(grog_server *s, int referee)
{
    pthread_mutex_lock(&s->pos_lock);
    int room = s->streams < MAX_STREAMS && !s->stopping;
    if (room)
        s->streams++;
    pthread_mutex_unlock(&s->pos_lock);
    if (!room)
        return NULL;
    stream *st = calloc(1, sizeof *st);
    struct MHD_Response *r =
        st != NULL ? MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, stream_read, st,
                                                       stream_free)
                   : NULL;
    if (r == NULL) {
        free(st);
        pthread_mutex_lock(&s->pos_lock);
        s->streams--;
        pthread_mutex_unlock(&s->pos_lock);
        return NULL;
    }
    st->s = s;
    st->first = 1;
    st->referee = referee;
    if (referee) {
        pthread_mutex_lock(&s->pos_lock);
        votes_presence(s, +1);
        pthread_mutex_unlock(&s->pos_lock);
    }
    return r;
}

/* ---- seats ---- */

static grog_status add_seat(grog_server *s, const char *kind, const char *side, int enabled,
                            grog_error *err)
{
    size_t i = s->nseats;
    char key[GROG_ID_MAX + 8];
    if (side != NULL)
        snprintf(key, sizeof key, "side:%s", side);
    else
        snprintf(key, sizeof key, "%s", kind);
    s->keys[i] = strdup(key);
    s->sides[i] = side != NULL ? strdup(side) : NULL;
    if (s->keys[i] == NULL || (side != NULL && s->sides[i] == NULL))
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    s->seats[i] = (grog_server_seat){kind, s->sides[i], s->tokens[i], enabled};
    s->nseats++;
    return GROG_OK;
}

static grog_status make_seats(grog_server *s, const grog_server_options *o, grog_error *err)
{
    const grog_battle *b = grog_game_battle(s->g);
    size_t nsides = grog_battle_nsides(b), n = nsides + 2;
    s->seats = calloc(n + 1, sizeof *s->seats);
    s->keys = calloc(n, sizeof *s->keys);
    s->sides = calloc(n, sizeof *s->sides);
    s->tokens = calloc(n, sizeof *s->tokens);
    s->cache = calloc(SERVER_DOCS * SERVER_NLANGS * n, sizeof *s->cache);
    if (s->seats == NULL || s->keys == NULL || s->sides == NULL || s->tokens == NULL ||
        s->cache == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_status st = GROG_OK;
    for (size_t i = 0; i < nsides && st == GROG_OK; i++)
        st = add_seat(s, "side", grog_battle_side(b, i)->id, !o->referee_only, err);
    if (st == GROG_OK)
        st = add_seat(s, "referee", NULL, 1, err);
    if (st == GROG_OK)
        st = add_seat(s, "public", NULL, !o->referee_only, err);
    if (st != GROG_OK)
        return st;
    s->nsides = nsides;
    return tokens_load(s->path, o->new_tokens, s->nseats, (const char *const *)s->keys, s->tokens,
                       err);
}

int server_seat_of(const grog_server *s, const char *token)
{
    int i = tokens_match(token, s->nseats, (const token_text *)s->tokens);
    return i >= 0 && s->seats[i].enabled ? i : -1;
}

/* ---- the daemon ---- */

static void request_done(void *cls, struct MHD_Connection *c, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    (void)cls;
    (void)c;
    (void)toe;
    server_request_free(*con_cls);
    *con_cls = NULL;
}

static grog_status listen_on(grog_server *s, const grog_server_options *o, grog_error *err)
{
    const char *host = o->host != NULL ? o->host : "127.0.0.1";
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    const struct sockaddr *addr;
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (inet_pton(AF_INET, host, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons((uint16_t)o->port);
        addr = (const struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, host, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons((uint16_t)o->port);
        addr = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else
        return grog_error_set(err, GROG_EINVAL,
                              _("\"%s\" is not a numeric address (such as 127.0.0.1, 0.0.0.0 "
                                "or ::1)"),
                              host);
    if (o->port > 65535)
        return grog_error_set(err, GROG_EINVAL, _("port %u: ports go from 0 to 65535"), o->port);
    s->d = MHD_start_daemon(flags, (uint16_t)o->port, NULL, NULL, server_on_request, s,
                            MHD_OPTION_SOCK_ADDR, addr, MHD_OPTION_CONNECTION_LIMIT,
                            (unsigned)MAX_CONNECTIONS, MHD_OPTION_CONNECTION_TIMEOUT,
                            (unsigned)CONNECTION_TIMEOUT_S, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
                            (size_t)CONNECTION_MEMORY, MHD_OPTION_NOTIFY_COMPLETED, request_done,
                            s, MHD_OPTION_END);
    if (s->d == NULL)
        return grog_error_set(err, GROG_EIO,
                              _("cannot listen on %s port %u (in use, or not an address of this "
                                "machine)"),
                              host, o->port);
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->d, MHD_DAEMON_INFO_BIND_PORT);
    s->port = info != NULL && info->port != 0 ? info->port : o->port;
    return GROG_OK;
}

/* The requests' languages: the catalogues of fr and ru from where gettext
 * was told to find ours (bindtextdomain: the CLI's folder, docs/i18n.md). A
 * language whose catalogue is missing or damaged is answered in the
 * server's own. */
static void load_langs(grog_server *s)
{
    static const char *const names[] = {"fr", "ru"};
    const char *dir = bindtextdomain(GROG_TEXTDOMAIN_NAME, NULL);
    s->langs[1] = grog_catalog_english();
    for (size_t i = 0; dir != NULL && i < sizeof names / sizeof names[0]; i++) {
        char path[4096];
        int n = snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/" GROG_TEXTDOMAIN_NAME ".mo", dir,
                         names[i]);
        grog_catalog *c = NULL;
        if (n > 0 && (size_t)n < sizeof path && grog_catalog_load(path, &c, NULL) == GROG_OK)
            s->langs[2 + i] = c;
    }
}

static grog_status init_sync(grog_server *s, grog_error *err)
{
    pthread_condattr_t ca;
    if (pthread_condattr_init(&ca) != 0)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    int rc = pthread_cond_init(&s->pos_cond, &ca);
    pthread_condattr_destroy(&ca);
    if (rc != 0 || pthread_mutex_init(&s->pos_lock, NULL) != 0 ||
        pthread_mutex_init(&s->game_lock, NULL) != 0)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    s->sync_ready = 1;
    return GROG_OK;
}

grog_status grog_server_start(const char *path, const grog_server_options *o, grog_server **out,
                              grog_error *err)
{
    grog_server_options defaults = {NULL, GROG_SERVER_PORT, 0, 0, 0};
    if (o == NULL)
        o = &defaults;
    grog_server *s = calloc(1, sizeof *s);
    if (s == NULL || (s->path = strdup(path)) == NULL) {
        free(s);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    s->referee_only = o->referee_only;
    s->poll_ms = o->poll_ms != 0 ? o->poll_ms : DEFAULT_POLL_MS;
    load_langs(s);
    grog_status st = init_sync(s, err);
    if (st == GROG_OK)
        st = grog_game_open(path, &s->g, err);
    if (st == GROG_OK)
        st = make_seats(s, o, err);
    if (st == GROG_OK)
        st = votes_init(s, err);
    if (st == GROG_OK) {
        s->seq = grog_game_action_count(s->g);
        st = listen_on(s, o, err);
    }
    if (st == GROG_OK && pthread_create(&s->watcher, NULL, watch, s) != 0)
        st = grog_error_set(err, GROG_ENOMEM, _("cannot start a thread"));
    else if (st == GROG_OK)
        s->watching = 1;
    if (st != GROG_OK) {
        grog_server_stop(s);
        return st;
    }
    *out = s;
    return GROG_OK;
}

void grog_server_stop(grog_server *s)
{
    if (s == NULL)
        return;
    if (s->sync_ready) {
        pthread_mutex_lock(&s->pos_lock);
        s->stopping = 1;
        pthread_cond_broadcast(&s->pos_cond);
        pthread_mutex_unlock(&s->pos_lock);
    }
    if (s->watching)
        pthread_join(s->watcher, NULL);
    if (s->d != NULL)
        MHD_stop_daemon(s->d); /* waits for every connection's thread */
    /* The last connection to the file: SQLite checkpoints the WAL into the
     * game file and removes it. */
    grog_game_close(s->g);
    for (size_t i = 0; i < s->nseats; i++) {
        free(s->keys[i]);
        free(s->sides[i]);
    }
    server_changed(s);
    free(s->cache);
    free(s->keys);
    free(s->sides);
    free(s->tokens);
    free(s->seats);
    votes_free(s);
    if (s->sync_ready) {
        pthread_cond_destroy(&s->pos_cond);
        pthread_mutex_destroy(&s->pos_lock);
        pthread_mutex_destroy(&s->game_lock);
    }
    for (size_t i = 2; i < SERVER_NLANGS; i++)
        grog_catalog_free((grog_catalog *)s->langs[i]);
    free(s->path);
    free(s);
}

unsigned grog_server_port(const grog_server *s)
{
    return s->port;
}

const grog_server_seat *grog_server_seat_at(const grog_server *s, size_t i)
{
    return i < s->nseats ? &s->seats[i] : NULL;
}
