/* club.c — `grognard serve DIR`: the folder's games, each on its own server,
 * the host token, and new games made for the organiser.
 *
 * The host token file DIR/.grognard-host holds 32 hex digits and a line
 * feed; it is made with O_EXCL and mode 0600 on first start and read after.
 * A new game's scenario text (uploaded, or a roster's) goes through a
 * temporary file DIR/.grognard-new-NAME.json, removed once the game holds
 * it (a game keeps its scenario's text in its own file). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "club_internal.h"
#include "grognard/game.h"
#include "grognard/roster.h"
#include "grognard/scenario.h"
#include "i18n.h"

#define HOST_FILE ".grognard-host"

static grog_status random_bytes(unsigned char *raw, size_t n, grog_error *err)
{
    size_t got = 0;
    while (got < n) {
        ssize_t k = getrandom(raw + got, n - got, 0);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return grog_error_set(err, GROG_EIO, _("no random numbers from the system"));
        got += (size_t)k;
    }
    return GROG_OK;
}

static int hex_token(const char *t)
{
    for (int i = 0; i < TOKEN_HEX; i++)
        if (!((t[i] >= '0' && t[i] <= '9') || (t[i] >= 'a' && t[i] <= 'f')))
            return 0;
    return 1;
}

/* The host token from DIR/.grognard-host, made when the file is missing. */
static grog_status host_token(grog_club *c, grog_error *err)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", c->dir, HOST_FILE);
    char buf[TOKEN_HEX + 2];
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0) {
        ssize_t n = read(fd, buf, sizeof buf);
        close(fd);
        if (n < TOKEN_HEX || !hex_token(buf) || (n > TOKEN_HEX && buf[TOKEN_HEX] != '\n'))
            return grog_error_set(err, GROG_EFORMAT,
                                  _("%s: not a host token (32 hex digits); remove it for a new "
                                    "one"),
                                  path);
        memcpy(c->host_token, buf, TOKEN_HEX);
        c->host_token[TOKEN_HEX] = '\0';
        return GROG_OK;
    }
    if (errno != ENOENT)
        return grog_error_set(err, GROG_EIO, _("%s: cannot read: %s"), path, strerror(errno));
    unsigned char raw[TOKEN_HEX / 2];
    grog_status st = random_bytes(raw, sizeof raw, err);
    if (st != GROG_OK)
        return st;
    for (size_t i = 0; i < sizeof raw; i++)
        snprintf(c->host_token + 2 * i, 3, "%02x", raw[i]);
    fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0)
        return grog_error_set(err, GROG_EIO, _("%s: cannot write: %s"), path, strerror(errno));
    memcpy(buf, c->host_token, TOKEN_HEX);
    buf[TOKEN_HEX] = '\n';
    int bad = write(fd, buf, TOKEN_HEX + 1) != TOKEN_HEX + 1;
    bad |= close(fd) != 0;
    return bad ? grog_error_set(err, GROG_EIO, _("%s: write error"), path) : GROG_OK;
}

static int is_game_name(const char *name)
{
    size_t n = strlen(name);
    return n > 5 && name[0] != '.' && strcmp(name + n - 5, ".grog") == 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void skip(grog_club *c, const char *name, const char *why)
{
    char line[GROG_ERROR_MAX + 300];
    snprintf(line, sizeof line, "%s: %s", name, why);
    char **ns = realloc(c->skipped, (c->nskipped + 1) * sizeof *ns);
    if (ns == NULL)
        return;
    c->skipped = ns;
    if ((ns[c->nskipped] = strdup(line)) != NULL)
        c->nskipped++;
}

/* Serves the game file name of the folder as entry ngames (under lock or
 * before the daemon starts). */
static grog_status serve_game(grog_club *c, const char *name, grog_error *err)
{
    if (c->ngames >= GROG_CLUB_MAX_GAMES)
        return grog_error_set(err, GROG_EBUSY, _("the folder already has %d games served"),
                              GROG_CLUB_MAX_GAMES);
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", c->dir, name);
    grog_server_options so = {c->host, 0, 0, 0, 0, (const char *const *)c->names,
                              c->nnames};
    grog_server *s = NULL;
    grog_status st = grog_server_start(path, &so, &s, err);
    if (st != GROG_OK)
        return st;
    char *copy = strdup(name);
    if (copy == NULL) {
        grog_server_stop(s);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    c->games[c->ngames].name = copy;
    c->games[c->ngames].server = s;
    c->ngames++;
    return GROG_OK;
}

static grog_status scan(grog_club *c, grog_error *err)
{
    DIR *d = opendir(c->dir);
    if (d == NULL)
        return grog_error_set(err, errno == ENOENT || errno == ENOTDIR ? GROG_ENOTFOUND : GROG_EIO,
                              _("%s: not a folder that can be read: %s"), c->dir,
                              strerror(errno));
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!is_game_name(e->d_name))
            continue;
        char **nn = realloc(names, (n + 1) * sizeof *nn);
        if (nn == NULL || (nn[n] = strdup(e->d_name)) == NULL) {
            free(nn != NULL ? nn : names);
            closedir(d);
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        }
        names = nn;
        n++;
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_str);
    for (size_t i = 0; i < n; i++) {
        grog_error e2;
        if (serve_game(c, names[i], &e2) != GROG_OK)
            skip(c, names[i], e2.message);
        free(names[i]);
    }
    free(names);
    return GROG_OK;
}

grog_status club_open(const char *dir, const grog_club_options *o, grog_club **out,
                      grog_error *err)
{
    grog_club_options defaults = {NULL, GROG_SERVER_PORT, NULL, NULL, 0};
    if (o == NULL)
        o = &defaults;
    grog_club *c = calloc(1, sizeof *c);
    if (c == NULL || (c->dir = strdup(dir)) == NULL) {
        free(c);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    if (o->nnames > 0 && (c->names = calloc(o->nnames, sizeof *c->names)) == NULL) {
        club_close(c);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    for (; c->names != NULL && c->nnames < o->nnames; c->nnames++)
        if ((c->names[c->nnames] = strdup(o->names[c->nnames])) == NULL) {
            club_close(c);
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        }
    snprintf(c->host, sizeof c->host, "%s", o->host != NULL ? o->host : "127.0.0.1");
    snprintf(c->link_host, sizeof c->link_host, "%s",
             o->link_host != NULL ? o->link_host : c->host);
    grog_status st = GROG_OK;
    struct stat sb;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
        st = grog_error_set(err, GROG_ENOTFOUND, _("%s: no such folder"), dir);
    if (st == GROG_OK && pthread_mutex_init(&c->lock, NULL) != 0)
        st = grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    else if (st == GROG_OK)
        c->lock_ready = 1;
    if (st == GROG_OK)
        st = host_token(c, err);
    if (st == GROG_OK)
        st = scan(c, err);
    if (st != GROG_OK) {
        club_close(c);
        return st;
    }
    *out = c;
    return GROG_OK;
}

void club_close(grog_club *c)
{
    if (c == NULL)
        return;
    for (size_t i = 0; i < c->ngames; i++) {
        grog_server_stop(c->games[i].server);
        free((char *)c->games[i].name);
    }
    for (size_t i = 0; i < c->nskipped; i++)
        free(c->skipped[i]);
    free(c->skipped);
    for (size_t i = 0; i < c->nnames; i++)
        free(c->names[i]);
    free(c->names);
    if (c->lock_ready)
        pthread_mutex_destroy(&c->lock);
    free(c->dir);
    free(c);
}

unsigned grog_club_port(const grog_club *c)
{
    return c->port;
}

const char *grog_club_host_token(const grog_club *c)
{
    return c->host_token;
}

size_t club_count(grog_club *c)
{
    pthread_mutex_lock(&c->lock);
    size_t n = c->ngames;
    pthread_mutex_unlock(&c->lock);
    return n;
}

const grog_club_game *grog_club_game_at(const grog_club *c, size_t i)
{
    return i < club_count((grog_club *)c) ? &c->games[i] : NULL;
}

size_t grog_club_skipped(const grog_club *c, const char *const **lines)
{
    *lines = (const char *const *)c->skipped;
    return c->nskipped;
}

/* ---- new games ---- */

static int name_ok(const char *n)
{
    size_t len = strlen(n);
    if (len == 0 || len > 40 || n[0] == '-')
        return 0;
    for (const char *p = n; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              *p == '-' || *p == '_'))
            return 0;
    return 1;
}

static int file_exists(const grog_club *c, const char *file)
{
    char path[4200];
    struct stat sb;
    snprintf(path, sizeof path, "%s/%s", c->dir, file);
    return lstat(path, &sb) == 0;
}

/* The scenario text of an upload (a scenario, checked; a roster, read) or
 * of a bundled scenario named (embedded only: a name is never a path on the
 * server, docs/api.md), written to a temporary file: its path in tmp. */
static grog_status upload_file(grog_club *c, const club_new_game *n, const char *base, char *tmp,
                               size_t size, grog_problems *problems, grog_error *err)
{
    char *text = NULL;
    grog_battle *b = NULL;
    grog_status st;
    if (n->roster_csv != NULL)
        st = grog_roster_read(n->roster_csv, strlen(n->roster_csv), "roster.csv", NULL, &b,
                              problems, err);
    else if (n->scenario != NULL)
        st = grog_scenario_load_embedded(n->scenario, &b, err);
    else
        st = grog_scenario_read_text(n->scenario_json, "scenario.json", &b, problems, err);
    if (st == GROG_OK)
        st = grog_scenario_save_text(b, &text, err);
    grog_battle_destroy(b);
    if (st != GROG_OK)
        return st;
    snprintf(tmp, size, "%s/.grognard-new-%s.json", c->dir, base);
    FILE *f = fopen(tmp, "wx");
    if (f == NULL) {
        free(text);
        return grog_error_set(err, GROG_EIO, _("%s: cannot write"), tmp);
    }
    int bad = fputs(text, f) == EOF;
    bad |= fclose(f) != 0;
    free(text);
    if (bad) {
        unlink(tmp);
        return grog_error_set(err, GROG_EIO, _("%s: write error"), tmp);
    }
    return GROG_OK;
}

static grog_status choose_name(grog_club *c, const club_new_game *n, char *base, size_t size,
                               grog_error *err)
{
    if (n->name != NULL && n->name[0] != '\0') {
        if (!name_ok(n->name))
            return grog_error_set(err, GROG_EINVAL,
                                  _("name \"%s\": 1 to 40 letters, digits, - and _"), n->name);
        snprintf(base, size, "%s", n->name);
        char file[80];
        snprintf(file, sizeof file, "%s.grog", base);
        if (file_exists(c, file))
            return grog_error_set(err, GROG_EBUSY, _("a game %s is already in the folder"), file);
        return GROG_OK;
    }
    for (int i = 1; i <= GROG_CLUB_MAX_GAMES * 4; i++) {
        char file[80];
        snprintf(base, size, "table-%d", i);
        snprintf(file, sizeof file, "%s.grog", base);
        if (!file_exists(c, file))
            return GROG_OK;
    }
    return grog_error_set(err, GROG_EBUSY, "%s", _("no free game name left"));
}

grog_status club_create_game(grog_club *c, const club_new_game *n, size_t *index,
                             grog_problems *problems, grog_error *err)
{
    grog_game_options go = {GROG_FAMILY_AIGLES, NULL, 0, NULL};
    if (n->family == NULL || grog_family_parse(n->family, &go.family, err) != GROG_OK)
        return grog_error_set(err, GROG_EINVAL, "%s", _("family: expected aigles, gdb or gt"));
    if (n->seed >= 0) {
        go.seed = (uint64_t)n->seed;
    } else {
        unsigned char raw[8];
        grog_status st = random_bytes(raw, sizeof raw, err);
        if (st != GROG_OK)
            return st;
        for (int i = 0; i < 8; i++)
            go.seed = go.seed << 8 | raw[i];
        go.seed &= INT64_MAX;
    }
    pthread_mutex_lock(&c->lock);
    char base[64], tmp[4300] = "", file[80], path[4300];
    grog_status st = c->ngames >= GROG_CLUB_MAX_GAMES
                         ? grog_error_set(err, GROG_EBUSY,
                                          _("the folder already has %d games served"),
                                          GROG_CLUB_MAX_GAMES)
                         : choose_name(c, n, base, sizeof base, err);
    if (st == GROG_OK && (n->scenario != NULL || n->scenario_json != NULL ||
                          n->roster_csv != NULL))
        st = upload_file(c, n, base, tmp, sizeof tmp, problems, err);
    if (st == GROG_OK) {
        go.scenario = tmp[0] ? tmp : NULL;
        snprintf(file, sizeof file, "%s.grog", base);
        snprintf(path, sizeof path, "%s/%s", c->dir, file);
        grog_game *g = NULL;
        st = grog_game_create(path, &go, &g, err);
        grog_game_close(g);
    }
    if (tmp[0])
        unlink(tmp);
    if (st == GROG_OK) {
        st = serve_game(c, file, err);
        if (st == GROG_OK)
            *index = c->ngames - 1;
    }
    pthread_mutex_unlock(&c->lock);
    return st;
}
