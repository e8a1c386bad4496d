/* server_util.c — the scaffolding of the tests of `grognard serve` over real
 * HTTP (server_util.h): the server in a child process, its links read from its
 * --json output, libcurl on the loopback. */
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "server_util.h"

/* ---- the server in a child process ---- */

void served_create(served *s, const char *family, const char *tag, const unsigned char *salt)
{
    snprintf(s->path, sizeof s->path, "/tmp/grog-%s-%d.grog", tag, (int)getpid());
    grog_game_remove(s->path);
    grog_game_options o = {GROG_FAMILY_GDB, NULL, 1810, NULL};
    assert_int_equal(grog_family_parse(family, &o.family, NULL), GROG_OK);
    grog_game *g;
    assert_int_equal(salt != NULL ? grog_game_create_salted(s->path, &o, salt, &g, NULL)
                                  : grog_game_create(s->path, &o, &g, NULL),
                     GROG_OK);
    grog_game_close(g);
}

static void copy_token(char *dst, json_t *seat)
{
    const char *t = json_string_value(json_object_get(seat, "token"));
    assert_non_null(t);
    assert_int_equal(strlen(t), 32);
    strcpy(dst, t);
}

void start(served *s, const char *extra)
{
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    fflush(NULL);
    s->pid = fork();
    assert_true(s->pid >= 0);
    if (s->pid == 0) {
        /* a failed test leaves no server behind: it dies with the test */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() == 1)
            _exit(1);
        close(fds[0]);
        FILE *out = fdopen(fds[1], "w");
        char *argv[] = {(char *)"grognard", (char *)"serve", s->path, (char *)"--listen",
                        (char *)"127.0.0.1:0", (char *)"--json", (char *)extra, NULL};
        _exit(grog_cli_main(extra != NULL ? 7 : 6, argv, out, stderr));
    }
    close(fds[1]);
    FILE *in = fdopen(fds[0], "r");
    json_error_t jerr;
    json_t *j = json_loadf(in, JSON_DISABLE_EOF_CHECK, &jerr);
    fclose(in);
    if (j == NULL)
        fail_msg("grognard serve printed no JSON: %s", jerr.text);
    s->port = (unsigned)json_integer_value(json_object_get(j, "port"));
    assert_true(s->port > 0);
    memset(s->side_token, 0, sizeof s->side_token);
    s->referee[0] = s->public_[0] = '\0';
    size_t i;
    json_t *seat;
    json_array_foreach(json_object_get(j, "seats"), i, seat) {
        const char *kind = json_string_value(json_object_get(seat, "kind"));
        const char *side = json_string_value(json_object_get(seat, "side"));
        const char *url = json_string_value(json_object_get(seat, "url"));
        char want[128];
        snprintf(want, sizeof want, "http://127.0.0.1:%u/#t=%s", s->port,
                 json_string_value(json_object_get(seat, "token")));
        assert_string_equal(url, want); /* the token in the fragment only */
        if (strcmp(kind, "referee") == 0)
            copy_token(s->referee, seat);
        else if (strcmp(kind, "public") == 0)
            copy_token(s->public_, seat);
        else
            copy_token(s->side_token[strcmp(side, "french") == 0], seat);
    }
    json_decref(j);
}

void stop(served *s)
{
    assert_int_equal(kill(s->pid, SIGTERM), 0);
    int status;
    assert_int_equal(waitpid(s->pid, &status, 0), s->pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    char wal[80];
    struct stat st;
    snprintf(wal, sizeof wal, "%s-wal", s->path);
    if (stat(wal, &st) == 0 && st.st_size > 0)
        fail_msg("%s is left with %lld bytes after SIGTERM", wal, (long long)st.st_size);
}

/* ---- HTTP ---- */

size_t gather(char *p, size_t size, size_t n, void *ctx)
{
    char **buf = ctx;
    size_t old = *buf != NULL ? strlen(*buf) : 0;
    char *b = realloc(*buf, old + size * n + 1);
    assert_non_null(b);
    memcpy(b + old, p, size * n);
    b[old + size * n] = '\0';
    *buf = b;
    return size * n;
}

typedef struct source {
    const char *p;
    size_t left;
} source;

static size_t feed(char *buf, size_t size, size_t n, void *ctx)
{
    source *src = ctx;
    size_t k = size * n < src->left ? size * n : src->left;
    memcpy(buf, src->p, k);
    src->p += k;
    src->left -= k;
    return k;
}

CURL *loopback_open(unsigned port, const char *method, const char *path, const char *token,
                    struct curl_slist **h)
{
    CURL *c = curl_easy_init();
    assert_non_null(c);
    char url[256];
    snprintf(url, sizeof url, "http://127.0.0.1:%u%s", port, path);
    curl_easy_setopt(c, CURLOPT_URL, url); /* curl keeps a copy */
    curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
    *h = NULL;
    if (token != NULL) {
        char auth[96];
        snprintf(auth, sizeof auth, "Authorization: Bearer %s", token);
        *h = curl_slist_append(NULL, auth);
    }
    return c;
}

long loopback_send(CURL *c, struct curl_slist *h, const char *method, const char *path,
                   long timeout_ms, char **body, char **headers)
{
    *body = NULL;
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, gather);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, body);
    if (headers != NULL) {
        *headers = NULL;
        curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, gather);
        curl_easy_setopt(c, CURLOPT_HEADERDATA, headers);
    }
    curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, timeout_ms);
    CURLcode rc = curl_easy_perform(c);
    if (rc != CURLE_OK)
        fail_msg("%s %s: %s", method, path, curl_easy_strerror(rc));
    long status = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    curl_slist_free_all(h);
    curl_easy_cleanup(c);
    if (*body == NULL)
        *body = calloc(1, 1);
    if (headers != NULL && *headers == NULL)
        *headers = calloc(1, 1);
    return status;
}

reply http_full(const served *s, const char *method, const char *path, const char *token,
                const char *body, size_t bodylen, int chunked, const char *lang)
{
    reply r = {0, NULL, 0, NULL, 0};
    struct curl_slist *h;
    CURL *c = loopback_open(s->port, method, path, token, &h);
    h = curl_slist_append(h, "Content-Type: application/json");
    char accept[128];
    if (lang != NULL) {
        snprintf(accept, sizeof accept, "Accept-Language: %s", lang);
        h = curl_slist_append(h, accept);
    }
    source src = {body, bodylen};
    if (body != NULL && chunked) {
        h = curl_slist_append(h, "Transfer-Encoding: chunked");
        curl_easy_setopt(c, CURLOPT_POST, 1L);
        curl_easy_setopt(c, CURLOPT_READFUNCTION, feed);
        curl_easy_setopt(c, CURLOPT_READDATA, &src);
    } else if (body != NULL) {
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
        curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE, (long)bodylen);
    }
    r.status = loopback_send(c, h, method, path, HTTP_TIMEOUT_MS, &r.body, &r.headers);
    r.len = strlen(r.body);
    return r;
}

reply http_with(const served *s, const char *method, const char *path, const char *token,
                const char *body, size_t bodylen, int chunked)
{
    return http_full(s, method, path, token, body, bodylen, chunked, NULL);
}

reply http(const served *s, const char *method, const char *path, const char *token,
           const char *body, size_t bodylen)
{
    return http_with(s, method, path, token, body, bodylen, 0);
}

reply get(const served *s, const char *path, const char *token)
{
    return http(s, "GET", path, token, NULL, 0);
}

reply post(const served *s, const char *path, const char *token, const char *body)
{
    return http(s, "POST", path, token, body, body != NULL ? strlen(body) : 0);
}

void reply_free(reply *r)
{
    free(r->body);
    free(r->headers);
}

json_t *body_json(const reply *r)
{
    json_error_t jerr;
    json_t *j = json_loads(r->body, 0, &jerr);
    if (j == NULL)
        fail_msg("not JSON (%s): %s", jerr.text, r->body);
    return j;
}

/* Checks the status and, for an error, the error document's code. */
void expect(const reply *r, long status, const char *code)
{
    if (r->status != status)
        fail_msg("expected HTTP %ld, got %ld: %s", status, r->status, r->body);
    if (code == NULL)
        return;
    json_t *j = body_json(r);
    json_t *e = json_object_get(j, "error");
    assert_string_equal(json_string_value(json_object_get(e, "code")), code);
    assert_true(json_is_string(json_object_get(e, "message")));
    assert_non_null(json_object_get(e, "rule"));
    json_decref(j);
}

int has_header(const reply *r, const char *line)
{
    return strstr(r->headers, line) != NULL;
}
