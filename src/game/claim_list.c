/* claim_list.c — the claims waiting for an answer, in a game's state
 * (claim_list.h): copied, freed, found, written to and read from a
 * snapshot. Nothing here runs an event. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "claim_list.h"
#include "i18n.h"

static char *dup_or_null(const char *s, int *ok)
{
    if (s == NULL)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d == NULL) {
        *ok = 0;
        return NULL;
    }
    return memcpy(d, s, n);
}

static void claim_free(game_claim *c)
{
    free(c->words);
    free(c->check);
}

void claim_list_free(claim_list *l)
{
    if (l == NULL)
        return;
    for (size_t i = 0; i < l->n; i++)
        claim_free(&l->v[i]);
    free(l->v);
    free(l);
}

size_t claim_list_count(const claim_list *l)
{
    return l != NULL ? l->n : 0;
}

grog_status claim_list_add(claim_list **l, const game_claim *c, grog_error *err)
{
    if (*l == NULL && (*l = calloc(1, sizeof **l)) == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    claim_list *L = *l;
    if (L->n == L->cap) {
        size_t cap = L->cap ? L->cap * 2 : 4;
        game_claim *v = realloc(L->v, cap * sizeof *v);
        if (v == NULL)
            return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
        L->v = v;
        L->cap = cap;
    }
    int ok = 1;
    game_claim n = *c;
    n.words = dup_or_null(c->words, &ok);
    n.check = dup_or_null(c->check, &ok);
    if (!ok || n.words == NULL) {
        claim_free(&n);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    L->v[L->n++] = n;
    return GROG_OK;
}

claim_list *claim_list_copy(const claim_list *l, int *ok)
{
    *ok = 1;
    if (l == NULL || l->n == 0)
        return NULL;
    claim_list *c = NULL;
    for (size_t i = 0; i < l->n; i++) {
        if (claim_list_add(&c, &l->v[i], NULL) != GROG_OK) {
            claim_list_free(c);
            *ok = 0;
            return NULL;
        }
    }
    return c;
}

game_claim *claim_list_find(claim_list *l, long long seq)
{
    for (size_t i = 0; l != NULL && i < l->n; i++)
        if (l->v[i].seq == seq)
            return &l->v[i];
    return NULL;
}

void claim_list_remove(claim_list *l, long long seq)
{
    game_claim *c = claim_list_find(l, seq);
    if (c == NULL)
        return;
    size_t i = (size_t)(c - l->v);
    claim_free(c);
    memmove(l->v + i, l->v + i + 1, (l->n - i - 1) * sizeof *l->v);
    l->n--;
}

/* ---- snapshots ---- */

json_t *claim_list_save(const claim_list *l)
{
    json_t *a = json_array();
    for (size_t i = 0; a != NULL && l != NULL && i < l->n; i++) {
        const game_claim *c = &l->v[i];
        json_t *w = json_loads(c->words, 0, NULL);
        json_t *k = c->check != NULL ? json_loads(c->check, 0, NULL) : json_null();
        json_t *o = w != NULL && k != NULL
                        ? json_pack("{s:I,s:s,s:s,s:b,s:o,s:o}", "seq", (json_int_t)c->seq, "by",
                                    c->by, "about", c->about, "disputed", c->disputed, "words",
                                    w, "check", k)
                        : NULL;
        if (o == NULL || json_array_append_new(a, o) != 0) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

static grog_status bad(const char *what, size_t i, grog_error *err)
{
    return grog_error_set(err, GROG_EFORMAT, _("snapshot: claims[%zu].%s is not valid"), i, what);
}

static grog_status load_one(const json_t *o, size_t i, const grog_battle *b, game_claim *c,
                            grog_error *err)
{
    const json_t *seq = json_object_get(o, "seq"), *w = json_object_get(o, "words");
    const json_t *k = json_object_get(o, "check"), *d = json_object_get(o, "disputed");
    const char *by = json_string_value(json_object_get(o, "by"));
    const char *about = json_string_value(json_object_get(o, "about"));
    memset(c, 0, sizeof *c);
    if (!json_is_integer(seq) || json_integer_value(seq) < 1)
        return bad("seq", i, err);
    if (by == NULL || grog_battle_side_by_id(b, by) == NULL)
        return bad("by", i, err);
    if (about == NULL || grog_battle_side_by_id(b, about) == NULL || strcmp(by, about) == 0)
        return bad("about", i, err);
    if (!json_is_boolean(d))
        return bad("disputed", i, err);
    if (!json_is_array(w) || json_array_size(w) < 2)
        return bad("words", i, err);
    for (size_t n = 0; n < json_array_size(w); n++)
        if (!json_is_string(json_array_get(w, n)))
            return bad("words", i, err);
    if (k == NULL || !(json_is_null(k) || json_is_object(k)))
        return bad("check", i, err);
    c->seq = json_integer_value(seq);
    snprintf(c->by, sizeof c->by, "%s", by);
    snprintf(c->about, sizeof c->about, "%s", about);
    c->disputed = json_is_true(d);
    c->words = json_dumps(w, JSON_COMPACT);
    c->check = json_is_object(k) ? json_dumps(k, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    return GROG_OK;
}

grog_status claim_list_load(const json_t *j, const grog_battle *b, claim_list **out,
                            grog_error *err)
{
    *out = NULL;
    if (j == NULL)
        return GROG_OK;
    if (!json_is_array(j))
        return grog_error_set(err, GROG_EFORMAT, _("snapshot: claims is not a list"));
    claim_list *l = NULL;
    for (size_t i = 0; i < json_array_size(j); i++) {
        game_claim c;
        grog_status st = load_one(json_array_get(j, i), i, b, &c, err);
        if (st == GROG_OK)
            st = claim_list_add(&l, &c, err);
        free(c.words);
        free(c.check);
        if (st != GROG_OK) {
            claim_list_free(l);
            return st;
        }
    }
    *out = l;
    return GROG_OK;
}
