/* reader.c — the documents' own game handle and its builder thread. See
 * reader.h for what is parked, the consistency and the locks.
 *
 * Invariants: only the builder uses the reader's game (under the reader's
 * lock) and only it puts documents in the table's store, makes their
 * responses or marks them out of date (docs.h, under doc_lock); a waiter is
 * taken off the queue before its connection is resumed, so that its
 * request (which owns it) may be freed as soon as it is. Nothing secret is
 * decided here: every document is made by the job's function with the
 * request's seat, as on the writer. */
#include <stdlib.h>
#include <string.h>

#include "docs.h"
#include "i18n.h"
#include "reader.h"
#include "reply.h"

typedef struct reader {
    grog_game *g;            /* under lock */
    pthread_mutex_t lock;
    pthread_cond_t cv;       /* with doc_lock: the queue has work, or stop */
    reader_wait *head, *tail; /* under doc_lock: the parked requests, in order */
    int stopping;            /* under doc_lock */
    pthread_t builder;
    int running;
} reader;

pthread_mutex_t *reader_lock_of(table *t)
{
    return &t->reader->lock;
}

/* ---- the requests' side (under doc_lock) ---- */

int reader_ready(table *t, const reader_job *job)
{
    if (job->once != NULL)
        return 0; /* made for its request alone */
    return t->cache_gen == atomic_load(&t->wgen) &&
           docs_ready(t->docs, job->doc, job->inm, job->aim, job->gz);
}

int reader_park(table *t, reader_wait *w, struct MHD_Connection *c, const reader_job *job)
{
    reader *rd = t->reader;
    if (rd == NULL || rd->stopping || !rd->running)
        return 0;
    *w = (reader_wait){c, *job, 1, 1, 0, GROG_OK, {0}, -1, NULL, NULL};
    if (rd->tail != NULL)
        rd->tail->next = w;
    else
        rd->head = w;
    rd->tail = w;
    MHD_suspend_connection(c);
    pthread_cond_signal(&rd->cv);
    return 1;
}

void reader_wait_done(reader_wait *w)
{
    if (w->resp != NULL)
        MHD_destroy_response(w->resp);
    w->resp = NULL;
}

/* Takes w off the queue and resumes its connection, answered (with resp,
 * taken over, for a job made once). */
static void unpark(reader *rd, reader_wait *w, reader_wait *prev, grog_status st,
                   const grog_error *err, long seq, struct MHD_Response *resp)
{
    if (prev != NULL)
        prev->next = w->next;
    else
        rd->head = w->next;
    if (rd->tail == w)
        rd->tail = prev;
    w->next = NULL;
    w->queued = 0;
    w->answered = 1;
    w->st = st;
    if (st != GROG_OK && err != NULL)
        w->err = *err;
    w->seq = seq;
    w->resp = resp;
    MHD_resume_connection(w->c);
}

/* ---- the builder (under the reader's lock) ---- */

/* Brings the reader up to the writer: when wgen moved since the cache was
 * filled, the reader catches up with the journal and every document is out
 * of date (the game changed, or it ended: each is made again). */
static grog_status bring_up(table *t, grog_error *err)
{
    reader *rd = t->reader;
    unsigned long gen = atomic_load(&t->wgen); /* read before the sync */
    pthread_mutex_lock(&t->doc_lock);
    int fresh = t->cache_gen == gen;
    pthread_mutex_unlock(&t->doc_lock);
    if (fresh)
        return GROG_OK;
    grog_status st = grog_game_sync(rd->g, NULL, err);
    if (st != GROG_OK)
        return st;
    pthread_mutex_lock(&t->doc_lock);
    docs_changed(t->docs);
    t->cache_gen = gen;
    t->cache_seq = grog_game_action_count(rd->g);
    pthread_mutex_unlock(&t->doc_lock);
    return GROG_OK;
}

/* Makes job's document from the reader, unless it is the present one. */
static grog_status make_text(table *t, const reader_job *job, long seq, grog_error *err)
{
    reader *rd = t->reader;
    const grog_server_seat *who = &t->seats[job->seat];
    grog_seat seat;
    grog_status st =
        grog_game_seat(rd->g, who->side, strcmp(who->kind, "referee") == 0, &seat, err);
    char *text = NULL;
    if (st == GROG_OK)
        st = job->make(rd->g, &seat, &text, err);
    if (st != GROG_OK) {
        free(text);
        return st;
    }
    pthread_mutex_lock(&t->doc_lock);
    st = docs_put(t->docs, job->doc, text, job->type, seq, err);
    pthread_mutex_unlock(&t->doc_lock);
    return st;
}

/* Makes job's document, unless it is there, and what docs_send needs to
 * answer the job's request (its response, or a delta and its response),
 * outside doc_lock but for the digest (the slot's texts are only ever put
 * by this thread). */
static grog_status build(table *t, const reader_job *job, grog_error *err)
{
    pthread_mutex_lock(&t->doc_lock);
    int fresh = docs_fresh(t->docs, job->doc);
    long seq = (long)t->cache_seq;
    pthread_mutex_unlock(&t->doc_lock);
    grog_status st = fresh ? GROG_OK : make_text(t, job, seq, err);
    if (st != GROG_OK)
        return st;
    return docs_prepare(t->docs, job->doc, job->inm, job->aim, job->gz, &t->doc_lock, err);
}

/* A job made once: its answer, of the reader's present position. */
static grog_status make_once(table *t, const reader_job *job, struct MHD_Response **out,
                             grog_error *err)
{
    reader *rd = t->reader;
    const grog_server_seat *who = &t->seats[job->seat];
    grog_seat seat;
    grog_status st =
        grog_game_seat(rd->g, who->side, strcmp(who->kind, "referee") == 0, &seat, err);
    char *text = NULL;
    if (st == GROG_OK)
        st = job->once(rd->g, &seat, job->since, &text, err);
    if (st != GROG_OK) {
        free(text);
        return st;
    }
    *out = reply_response(text, strlen(text), job->gz, MHD_HTTP_OK, job->type,
                          (long)grog_game_action_count(rd->g), NULL);
    free(text);
    return *out != NULL ? GROG_OK : grog_error_set(err, GROG_ENOMEM, _("out of memory"));
}

/* One job, in the request's language (its catalogue, the thread's for the
 * time of the job); a job made once gives its answer in *once. */
static grog_status run_job(table *t, const reader_job *job, struct MHD_Response **once,
                           grog_error *err)
{
    size_t lang = (job->doc / TABLE_DOCS) % TABLE_NLANGS;
    const grog_catalog *before = grog_i18n_use(t->langs != NULL ? t->langs[lang] : NULL);
    pthread_mutex_lock(&t->reader->lock);
    grog_status st = bring_up(t, err);
    if (st == GROG_OK)
        st = job->once != NULL ? make_once(t, job, once, err) : build(t, job, err);
    pthread_mutex_unlock(&t->reader->lock);
    if (st != GROG_OK)
        table_scrub(t, err);
    grog_i18n_use(before);
    return st;
}

/* Under doc_lock: answers every waiter whose document is now ready, and
 * w (whose job was just run) with st (and once, its answer). */
static void answer_ready(table *t, reader_wait *w, grog_status st, const grog_error *err,
                         struct MHD_Response *once)
{
    reader *rd = t->reader;
    long seq = (long)t->cache_seq;
    reader_wait *prev = NULL;
    for (reader_wait *x = rd->head, *next; x != NULL; x = next) {
        next = x->next;
        if (x == w || reader_ready(t, &x->job))
            unpark(rd, x, prev, x == w ? st : GROG_OK, err, seq, x == w ? once : NULL);
        else
            prev = x;
    }
}

static void *builder(void *p)
{
    table *t = p;
    reader *rd = t->reader;
    pthread_mutex_lock(&t->doc_lock);
    while (!rd->stopping) {
        if (rd->head == NULL) {
            pthread_cond_wait(&rd->cv, &t->doc_lock);
            continue;
        }
        reader_wait *w = rd->head;
        reader_job job = w->job;
        pthread_mutex_unlock(&t->doc_lock);
        grog_error err = {0};
        struct MHD_Response *once = NULL;
        grog_status st = run_job(t, &job, &once, &err);
        pthread_mutex_lock(&t->doc_lock);
        answer_ready(t, w, st, &err, once);
    }
    grog_error stop;
    grog_error_set(&stop, GROG_EBUSY, "%s", _("the server is stopping"));
    while (rd->head != NULL)
        unpark(rd, rd->head, NULL, GROG_EBUSY, &stop, -1, NULL);
    pthread_mutex_unlock(&t->doc_lock);
    return NULL;
}

/* ---- opening and closing ---- */

grog_status reader_start(table *t, grog_error *err)
{
    reader *rd = calloc(1, sizeof *rd);
    if (rd == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    if (pthread_mutex_init(&rd->lock, NULL) != 0 || pthread_cond_init(&rd->cv, NULL) != 0) {
        free(rd);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    t->reader = rd;
    grog_status st = grog_game_open_reader(t->path, &rd->g, err);
    if (st != GROG_OK)
        return st;
    if (pthread_create(&rd->builder, NULL, builder, t) != 0)
        return grog_error_set(err, GROG_ENOMEM, _("cannot start a thread"));
    rd->running = 1;
    return GROG_OK;
}

void reader_stop(table *t)
{
    reader *rd = t->reader;
    if (rd == NULL || !rd->running)
        return;
    pthread_mutex_lock(&t->doc_lock);
    rd->stopping = 1;
    pthread_cond_signal(&rd->cv);
    pthread_mutex_unlock(&t->doc_lock);
    pthread_join(rd->builder, NULL);
    rd->running = 0;
}

void reader_close(table *t)
{
    reader *rd = t->reader;
    if (rd == NULL)
        return;
    reader_stop(t);
    grog_game_close(rd->g);
    pthread_cond_destroy(&rd->cv);
    pthread_mutex_destroy(&rd->lock);
    free(rd);
    t->reader = NULL;
}
