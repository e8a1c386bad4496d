/* server_util.h — what the tests of `grognard serve` over real HTTP share
 * (test_server.c, test_server_report.c, test_secrets.c; the requests also
 * test_serve_cache.c and test_serve_crowd.c, whose server runs in-process;
 * server_util.c, linked into every test program): a game file, the server
 * started on it in a child process (`grognard serve FILE --listen
 * 127.0.0.1:0 --json`, the CLI in-process after fork) with each seat's token
 * read from what it prints, stopped with SIGTERM (it must exit 0, its journal
 * checkpointed), and libcurl requests on the loopback, bounded by a 20 s
 * timeout (HTTP_TIMEOUT_MS). Ownership: a reply owns its body and headers
 * (reply_free). */
#ifndef GROG_TEST_SERVER_UTIL_H
#define GROG_TEST_SERVER_UTIL_H

#include <stddef.h>
#include <sys/types.h>

#include <curl/curl.h>

#include "grognard/game.h"
#include "testutil.h"

typedef struct served {
    pid_t pid;
    unsigned port;
    char path[64];
    char side_token[2][40]; /* anglo-portuguese, french */
    char referee[40], public_[40];
} served;

typedef struct reply {
    long status;
    char *body;
    size_t len;
    char *headers;
    size_t hlen;
} reply;

/* The game file s->path (/tmp/grog-TAG-PID.grog) made afresh: family, seed
 * 1810, and salt (GROG_SALT_BYTES) for its seed commitment, or a random one
 * when NULL. */
void served_create(served *s, const char *family, const char *tag, const unsigned char *salt);
/* Starts the server on s->path, with one extra option (or NULL); reads its
 * port and tokens. */
void start(served *s, const char *extra);
/* SIGTERM; the server must exit 0 and leave the journal checkpointed. */
void stop(served *s);
/* A libcurl write/header callback appending to the char * at ctx (NUL-ended). */
size_t gather(char *p, size_t size, size_t n, void *ctx);
/* Every request's bound, 20 s: past it the test fails. */
#define HTTP_TIMEOUT_MS 20000L
/* The start of a request to 127.0.0.1:port: a curl handle for method on path,
 * and in *h the line "Authorization: Bearer token" (none for NULL), to which
 * the caller adds its own lines before loopback_send. */
CURL *loopback_open(unsigned port, const char *method, const char *path, const char *token,
                    struct curl_slist **h);
/* Sends c with the header lines h: the body into *body and the headers into
 * *headers (not kept when headers is NULL), each NUL-ended and never NULL
 * after (the caller frees them); the test fails past timeout_ms or on any
 * curl error. Frees c and h; returns the HTTP status. */
long loopback_send(CURL *c, struct curl_slist *h, const char *method, const char *path,
                   long timeout_ms, char **body, char **headers);
/* method "GET" or "POST" (or another); token NULL: no Authorization; chunked:
 * the body sent without a declared length; lang: the Accept-Language header,
 * or NULL for none. */
reply http_full(const served *s, const char *method, const char *path, const char *token,
                const char *body, size_t bodylen, int chunked, const char *lang);
reply http_with(const served *s, const char *method, const char *path, const char *token,
                const char *body, size_t bodylen, int chunked);
reply http(const served *s, const char *method, const char *path, const char *token,
           const char *body, size_t bodylen);
reply get(const served *s, const char *path, const char *token);
reply post(const served *s, const char *path, const char *token, const char *body);
void reply_free(reply *r);
/* The body as JSON (the test fails when it is not). */
json_t *body_json(const reply *r);
/* Checks the status and, for an error, the error document's code. */
void expect(const reply *r, long status, const char *code);
/* Whether the headers hold line. */
int has_header(const reply *r, const char *line);

#endif
