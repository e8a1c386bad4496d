/* stream.c — a table's event streams. See stream.h.
 *
 * A stream is a suspended connection (MHD_ALLOW_SUSPEND_RESUME), not a
 * thread: when it has nothing to send it parks itself on the table's list
 * of waiters (table_park) and libmicrohttpd stops polling it; the table
 * resumes every parked stream when the position, the votes or the
 * keep-alive tick move (table_wake), and the stream then writes whatever is
 * due.
 *
 * Invariants: a stream's generations (sent, vsent, ksent) are compared with
 * the table's (gen, vgen, kgen) under pos_lock only; the streams open are
 * counted under pos_lock, in all (at most STREAMS_MAX but the referee's)
 * and per seat (a side's token at most STREAMS_PER_SIDE, the referee's at
 * most STREAMS_REFEREE, outside the total, so that his always get through). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stream.h"
#include "votes.h"

/* More than this many positions missed since Last-Event-ID: "resync". */
#define RESYNC_GAP 200

typedef struct stream {
    table_waiter w; /* first: the table's list holds it */
    table *t;
    int seat;
    unsigned long sent;  /* the generation of the position last sent */
    unsigned long vsent; /* the generation of the votes last sent */
    unsigned long ksent; /* the keep-alive tick last seen */
    int first;
    int referee;      /* the referee's stream: counts as a referee device */
    long long resume; /* Last-Event-ID's position, or -1 */
    char *out;        /* what is yet to be sent of the last events written */
    size_t outlen, outpos;
} stream;

/* The first events: the retry, then the position, or "resync" when the
 * position the stream resumes from is too far behind (or ahead of) the
 * journal's. */
static void first_events(const stream *st, FILE *f)
{
    const table *t = st->t;
    fputs("retry: 2000\n\n", f);
    if (st->resume >= 0 &&
        ((size_t)st->resume > t->seq || t->seq - (size_t)st->resume > RESYNC_GAP))
        fprintf(f, "id: %zu.%lu\nevent: resync\ndata: {\"seq\":%zu,\"from\":%lld}\n\n", t->seq,
                t->vgen, t->seq, st->resume);
    else
        fprintf(f, "id: %zu.%lu\nevent: journal\ndata: {\"seq\":%zu}\n\n", t->seq, t->vgen,
                t->seq);
}

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
        first_events(st, f);
    else if (t->gen != st->sent)
        fprintf(f, "id: %zu.%lu\nevent: journal\ndata: {\"seq\":%zu}\n\n", t->seq, t->vgen,
                t->seq);
    if (st->first || t->vgen != st->vsent)
        fprintf(f, "id: %zu.%lu\nevent: done\ndata: {%s,\"referee_present\":%s}\n\n", t->seq,
                t->vgen, t->votes_text, t->referee_streams > 0 ? "true" : "false");
    if (!news)
        fputs(": keep-alive\n\n", f);
    if (fclose(f) != 0) {
        free(text);
        return -1;
    }
    st->sent = t->gen;
    st->vsent = t->vgen;
    st->ksent = t->kgen;
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
        pthread_mutex_lock(&t->pos_lock);
        if (t->stopping) {
            pthread_mutex_unlock(&t->pos_lock);
            return MHD_CONTENT_READER_END_OF_STREAM;
        }
        if (!st->first && t->gen == st->sent && t->vgen == st->vsent && t->kgen == st->ksent) {
            /* nothing due: parked until table_wake resumes it */
            table_park(t, &st->w);
            pthread_mutex_unlock(&t->pos_lock);
            return 0;
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
    table *t = st->t;
    pthread_mutex_lock(&t->pos_lock);
    table_unlist(t, &st->w);
    if (st->referee) {
        t->referee_streams_open--;
        votes_presence(t, -1);
    } else {
        t->streams--;
    }
    t->seat_streams[st->seat]--;
    pthread_mutex_unlock(&t->pos_lock);
    free(st->out);
    free(st);
}

/* Whether seat may open one more stream (under pos_lock); counts it if so. */
static int take_room(table *t, int seat, int referee)
{
    unsigned mine = t->seat_streams[seat];
    int side = !referee && t->seats[seat].side != NULL;
    int room = !t->stopping && (referee ? mine < STREAMS_REFEREE
                                        : t->streams < STREAMS_MAX &&
                                              (!side || mine < STREAMS_PER_SIDE));
    if (!room)
        return 0;
    t->seat_streams[seat]++;
    if (referee)
        t->referee_streams_open++;
    else
        t->streams++;
    return 1;
}

struct MHD_Response *stream_open(table *t, struct MHD_Connection *c, int seat,
                                 long long resume)
{
    int referee = strcmp(t->seats[seat].kind, "referee") == 0;
    stream *st = calloc(1, sizeof *st);
    if (st == NULL)
        return NULL;
    st->t = t;
    st->w.c = c;
    st->seat = seat;
    st->first = 1;
    st->referee = referee;
    st->resume = resume;
    pthread_mutex_lock(&t->pos_lock);
    int room = take_room(t, seat, referee);
    if (room)
        table_list(t, &st->w);
    if (room && referee)
        votes_presence(t, +1);
    pthread_mutex_unlock(&t->pos_lock);
    if (!room) {
        free(st);
        return NULL;
    }
    struct MHD_Response *r =
        MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, stream_read, st, stream_free);
    if (r == NULL)
        stream_free(st);
    return r;
}
