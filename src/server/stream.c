/* stream.c — a table's event streams. See stream.h.
 *
 * Invariants: a stream's generations (sent, vsent) are compared with the
 * table's (gen, vgen) under pos_lock only; the streams open are counted
 * (table.streams) and never more than MAX_STREAMS. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stream.h"
#include "votes.h"

#define KEEPALIVE_S 15
#define MAX_STREAMS 48

typedef struct stream {
    table *t;
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
    table *t = st->t;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f == NULL)
        return -1;
    int news = st->first || t->gen != st->sent || t->vgen != st->vsent;
    if (st->first)
        fputs("retry: 2000\n\n", f);
    if (st->first || t->gen != st->sent)
        fprintf(f, "id: %zu\nevent: journal\ndata: {\"seq\":%zu}\n\n", t->seq, t->seq);
    if (st->first || t->vgen != st->vsent)
        fprintf(f, "event: done\ndata: {%s,\"referee_present\":%s}\n\n", t->votes_text,
                t->referee_streams > 0 ? "true" : "false");
    if (!news)
        fputs(": keep-alive\n\n", f);
    if (fclose(f) != 0) {
        free(text);
        return -1;
    }
    st->sent = t->gen;
    st->vsent = t->vgen;
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
    table *t = st->t;
    if (st->outpos == st->outlen) {
        int timed_out = 0;
        pthread_mutex_lock(&t->pos_lock);
        struct timespec until = table_deadline(KEEPALIVE_S * 1000L);
        while (!st->first && !t->stopping && t->gen == st->sent && t->vgen == st->vsent &&
               !timed_out)
            timed_out = pthread_cond_timedwait(&t->pos_cond, &t->pos_lock, &until) == ETIMEDOUT;
        if (t->stopping) {
            pthread_mutex_unlock(&t->pos_lock);
            return MHD_CONTENT_READER_END_OF_STREAM;
        }
        int bad = stream_fill(st);
        pthread_mutex_unlock(&t->pos_lock);
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
    pthread_mutex_lock(&st->t->pos_lock);
    st->t->streams--;
    if (st->referee)
        votes_presence(st->t, -1);
    pthread_mutex_unlock(&st->t->pos_lock);
    free(st->out);
    free(st);
}

struct MHD_Response *stream_open(table *t, int referee)
{
    pthread_mutex_lock(&t->pos_lock);
    int room = t->streams < MAX_STREAMS && !t->stopping;
    if (room)
        t->streams++;
    pthread_mutex_unlock(&t->pos_lock);
    if (!room)
        return NULL;
    stream *st = calloc(1, sizeof *st);
    struct MHD_Response *r = st != NULL ? MHD_create_response_from_callback(
                                              MHD_SIZE_UNKNOWN, 4096, stream_read, st, stream_free)
                                        : NULL;
    if (r == NULL) {
        free(st);
        pthread_mutex_lock(&t->pos_lock);
        t->streams--;
        pthread_mutex_unlock(&t->pos_lock);
        return NULL;
    }
    st->t = t;
    st->first = 1;
    st->referee = referee;
    if (referee) {
        pthread_mutex_lock(&t->pos_lock);
        votes_presence(t, +1);
        pthread_mutex_unlock(&t->pos_lock);
    }
    return r;
}
