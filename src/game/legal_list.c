/* legal_list.c — building the list of what a seat may do now (the legal_*
 * functions of engine.h): entries, arguments, their choices and
 * choices_by lists, options and rolls, without repeats.
 *
 * The referee's list of a big battle holds millions of choices (every
 * officer's targets), so:
 * - every string given as a choice or a key is interned once
 *   (legal_strings.c): a number for each text, its quoted JSON made once;
 * - a list keeps its numbers in order and, past a few, a set of them (a
 *   bit per number), so a repeated value is found at once; a value taken out
 *   (legal_unchoose) stays in the set, as it stayed in jansson's set, so it
 *   is not added again.
 * A string that is not UTF-8 is left out, as jansson refused it. The list is
 * written by game_actions.c. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "jsontext.h"
#include "legal_list.h"

#define SMALL 16 /* a list this short is searched without its set */

/* ---- lists without repeats ---- */

static int vlist_has(const vlist *vl, uint32_t id)
{
    if (vl->use_set)
        return id / 64 < vl->nseen && (vl->seen[id / 64] >> (id % 64) & 1);
    for (size_t i = 0; i < vl->n; i++)
        if (vl->v[i] == id)
            return 1;
    return 0;
}

/* Puts id in vl's set: 1 when it was not there, 0 when it was, -1 out of
 * memory (then unchanged). */
static int seen_put(vlist *vl, uint32_t id)
{
    size_t w = id / 64;
    if (w >= vl->nseen) {
        size_t n = vl->nseen ? vl->nseen : 16;
        while (n <= w)
            n *= 2;
        uint64_t *s = realloc(vl->seen, n * sizeof *s);
        if (s == NULL)
            return -1;
        memset(s + vl->nseen, 0, (n - vl->nseen) * sizeof *s);
        vl->seen = s;
        vl->nseen = n;
    }
    uint64_t bit = (uint64_t)1 << (id % 64);
    if (vl->seen[w] & bit)
        return 0;
    vl->seen[w] |= bit;
    return 1;
}

static int vlist_to_set(legal_list *L, vlist *vl)
{
    for (size_t i = 0; i < vl->n; i++)
        if (seen_put(vl, vl->v[i]) < 0) {
            L->oom = 1;
            return 0;
        }
    vl->use_set = 1;
    return 1;
}

/* Appends id unless it was ever added. */
static void vlist_add(legal_list *L, vlist *vl, uint32_t id)
{
    if (vl->use_set) {
        int added = seen_put(vl, id);
        if (added <= 0) {
            L->oom |= added < 0;
            return;
        }
    } else if (vl->n > SMALL) { /* a copied list: its set made now */
        if (!vlist_to_set(L, vl))
            return;
        vlist_add(L, vl, id);
        return;
    } else if (vlist_has(vl, id)) {
        return;
    }
    if (!legal_grow(L, (void **)&vl->v, &vl->cap, vl->n, sizeof *vl->v))
        return;
    vl->v[vl->n++] = id;
    if (!vl->use_set && vl->n > SMALL)
        vlist_to_set(L, vl);
}

static void vlist_free(vlist *vl)
{
    free(vl->v);
    free(vl->seen);
}

/* ---- building ---- */

legal_act *legal_action(legal_list *L, const char *name, const char *help)
{
    if (L->oom || !legal_grow(L, (void **)&L->acts, &L->cap, L->n, sizeof *L->acts))
        return NULL;
    legal_act *a = calloc(1, sizeof *a);
    if (a == NULL) {
        L->oom = 1;
        return NULL;
    }
    a->words[0] = name;
    a->help = help;
    L->acts[L->n++] = a;
    return a;
}

legal_param *legal_arg(legal_list *L, legal_act *a, const char *name, const char *kind)
{
    if (a == NULL || L->oom ||
        !legal_grow(L, (void **)&a->args, &a->capargs, a->nargs, sizeof *a->args))
        return NULL;
    legal_param *p = calloc(1, sizeof *p);
    if (p == NULL) {
        L->oom = 1;
        return NULL;
    }
    p->name = name;
    p->kind = kind;
    a->args[a->nargs++] = p;
    return p;
}

void legal_choice(legal_list *L, legal_param *p, const char *value)
{
    uint32_t id;
    if (p != NULL && legal_intern(L, value, &id))
        vlist_add(L, &p->choices, id);
}

/* The index of key's list in p->by, or (size_t)-1. */
static size_t by_index(const legal_param *p, uint32_t key)
{
    if (p->nby > 0 && p->last_key == key)
        return p->last_at;
    if (p->key_at != NULL)
        return key < p->nkey_at && p->key_at[key] != 0 ? p->key_at[key] - 1 : (size_t)-1;
    for (size_t i = 0; i < p->nby; i++)
        if (p->keys[i] == key)
            return i;
    return (size_t)-1;
}

/* key_at[key] = at + 1; 0 out of memory. */
static int key_at_put(legal_list *L, legal_param *p, uint32_t key, size_t at)
{
    if (key >= p->nkey_at) {
        size_t n = p->nkey_at ? p->nkey_at : 64;
        while (n <= key)
            n *= 2;
        uint32_t *k = realloc(p->key_at, n * sizeof *k);
        if (k == NULL) {
            L->oom = 1;
            return 0;
        }
        memset(k + p->nkey_at, 0, (n - p->nkey_at) * sizeof *k);
        p->key_at = k;
        p->nkey_at = n;
    }
    p->key_at[key] = (uint32_t)at + 1;
    return 1;
}

static size_t by_add_key(legal_list *L, legal_param *p, uint32_t key)
{
    size_t capkeys = p->capby;
    if (!legal_grow(L, (void **)&p->keys, &capkeys, p->nby, sizeof *p->keys) ||
        !legal_grow(L, (void **)&p->by, &p->capby, p->nby, sizeof *p->by))
        return (size_t)-1;
    if (capkeys != p->capby) { /* both grew alike, unless one failed halfway */
        L->oom = 1;
        return (size_t)-1;
    }
    size_t at = p->nby++;
    p->keys[at] = key;
    memset(&p->by[at], 0, sizeof p->by[at]);
    if (p->nby > SMALL) {
        if (p->key_at == NULL)
            for (size_t i = 0; i + 1 < p->nby; i++)
                if (!key_at_put(L, p, p->keys[i], i))
                    return (size_t)-1;
        if (!key_at_put(L, p, key, at))
            return (size_t)-1;
    }
    return at;
}

const uint32_t *legal_by_values(const legal_param *p, size_t at)
{
    const vlist *v = &p->by[at];
    return v->same_as != 0 ? p->by[v->same_as - 1].v : v->v;
}

/* Gives the list at, the same as another's, its own copy of its values
 * (something is added to it); 0 out of memory. */
static int by_own(legal_list *L, legal_param *p, size_t at)
{
    vlist *d = &p->by[at];
    uint32_t *v = malloc((d->n + 1) * sizeof *v);
    if (v == NULL) {
        L->oom = 1;
        return 0;
    }
    memcpy(v, p->by[d->same_as - 1].v, d->n * sizeof *v);
    d->v = v;
    d->cap = d->n + 1;
    d->same_as = 0; /* its set is made by the next vlist_add, past SMALL */
    return 1;
}

void legal_choice_by(legal_list *L, legal_param *p, const char *key, const char *value)
{
    uint32_t k, v;
    if (p == NULL || !legal_intern(L, key, &k) || !legal_intern(L, value, &v))
        return;
    size_t at = by_index(p, k);
    if (at == (size_t)-1 && (at = by_add_key(L, p, k)) == (size_t)-1)
        return;
    p->last_key = k;
    p->last_at = at;
    if (p->by[at].same_as != 0 && !by_own(L, p, at))
        return;
    vlist_add(L, &p->by[at], v);
    vlist_add(L, &p->choices, v);
}

void legal_choice_side(const legal_ctx *l, legal_param *p, const char *key, const char *value)
{
    if (l->side != NULL) /* one side: every key has the same choices, its side's */
        legal_choice(l->list, p, value);
    else
        legal_choice_by(l->list, p, key, value);
}

/* Gives key the list of key `from` (not empty) as it is now: the same
 * values, not copied (same_as: its first n values; lists only grow at
 * their end), until something is added to key's (by_own). A copy of
 * each, as before, made the referee's list pieces x units to build. */
static void by_copy(legal_list *L, legal_param *p, uint32_t key, uint32_t from)
{
    size_t src = by_index(p, from);
    if (src == (size_t)-1)
        return;
    size_t n = p->by[src].n, at = by_add_key(L, p, key);
    if (p->by[src].same_as != 0)
        src = p->by[src].same_as - 1;
    if (at == (size_t)-1)
        return;
    p->by[at].same_as = src + 1;
    p->by[at].n = n;
    p->last_key = key;
    p->last_at = at;
}

int legal_side_pass(const legal_ctx *l, legal_param *p, const char *piece_side, const char *key,
                    int passes)
{
    legal_list *L = l->list;
    uint32_t side, k;
    if (p == NULL || (l->side == NULL && passes != 1) || !legal_intern(L, piece_side, &side) ||
        !legal_intern(L, key, &k))
        return 1;
    size_t i = 0;
    while (i < p->npass && p->pass_side[i] != side)
        i++;
    if (i == p->npass) {
        size_t cap = p->cappass, cap2 = p->cappass;
        if (!legal_grow(L, (void **)&p->pass_side, &cap, p->npass, sizeof *p->pass_side) ||
            !legal_grow(L, (void **)&p->pass_key, &cap2, p->npass, sizeof *p->pass_key) ||
            !legal_grow(L, (void **)&p->pass_count, &p->cappass, p->npass, sizeof *p->pass_count))
            return 1;
        p->pass_side[i] = side;
        p->pass_key[i] = k;
        p->pass_count[i] = 0;
        p->npass++;
    }
    if (p->pass_count[i]++ < passes)
        return 1;
    /* the referee: the loop would give key the list of the side's first key
     * (its values all in choices already); a side's seat: nothing new */
    if (l->side == NULL && by_index(p, k) == (size_t)-1 && by_index(p, p->pass_key[i]) != (size_t)-1)
        by_copy(L, p, k, p->pass_key[i]);
    else if (l->side == NULL && by_index(p, k) != (size_t)-1)
        return 1; /* key has a list already: the loop adds to it */
    return 0;
}

/* The numbers of every piece's side, once per list; 0 when out of memory. */
static int side_numbers(const legal_ctx *l)
{
    legal_list *L = l->list;
    if (L->unit_side != NULL)
        return 1;
    size_t nu = grog_battle_nunits(l->battle), no = grog_battle_nofficers(l->battle);
    uint32_t *us = malloc((nu + 1) * sizeof *us), *os = malloc((no + 1) * sizeof *os);
    int ok = us != NULL && os != NULL;
    for (size_t i = 0; ok && i < nu; i++) /* ids: never refused as not UTF-8 */
        ok = legal_intern(L, grog_battle_unit(l->battle, i)->side, &us[i]);
    for (size_t i = 0; ok && i < no; i++)
        ok = legal_intern(L, grog_battle_officer(l->battle, i)->side, &os[i]);
    if (!ok) {
        free(us);
        free(os);
        return 0;
    }
    L->unit_side = us;
    L->officer_side = os;
    return 1;
}

int legal_same_side(const legal_ctx *l, size_t unit, size_t officer)
{
    if (side_numbers(l))
        return l->list->unit_side[unit] == l->list->officer_side[officer];
    return strcmp(grog_battle_unit(l->battle, unit)->side,
                  grog_battle_officer(l->battle, officer)->side) == 0;
}

int legal_same_side_officers(const legal_ctx *l, size_t a, size_t b)
{
    if (side_numbers(l))
        return l->list->officer_side[a] == l->list->officer_side[b];
    return strcmp(grog_battle_officer(l->battle, a)->side,
                  grog_battle_officer(l->battle, b)->side) == 0;
}

int legal_has_by(legal_list *L, const legal_param *p, const char *key)
{
    uint32_t k;
    return p != NULL && p->nby > 0 && legal_intern(L, key, &k) && by_index(p, k) != (size_t)-1;
}

int legal_keyed(legal_list *L, const legal_param *p, const char *key)
{
    if (p == NULL)
        return 0;
    return p->nby > 0 ? legal_has_by(L, p, key) : p->choices.n > 0;
}

void legal_optional(legal_param *p)
{
    if (p != NULL && p->optional == 0)
        p->optional = p->nby > 0 ? 2 : 1;
}

void legal_preview(legal_act *a)
{
    if (a != NULL)
        a->preview = 1;
}

void legal_option(legal_list *L, legal_act *a, const char *name, const char *kind)
{
    if (a == NULL ||
        !legal_grow(L, (void **)&a->options, &a->capoptions, a->noptions, sizeof *a->options))
        return;
    a->options[a->noptions][0] = name;
    a->options[a->noptions++][1] = kind;
}

void legal_roll(legal_act *a, const char *dice, const char *option, const char *what)
{
    if (a == NULL)
        return;
    a->roll[0] = dice;
    a->roll[1] = option;
    a->roll[2] = what;
}

static int words_are(const legal_act *a, const char *w0, const char *w1)
{
    return strcmp(a->words[0], w0) == 0 &&
           (w1 == NULL || (a->words[1] != NULL && strcmp(a->words[1], w1) == 0));
}

void legal_table_roll(legal_list *L, const char *words0, const char *words1, const char *who,
                      int count, const char *what)
{
    for (size_t i = 0; i < L->n; i++) {
        legal_act *a = L->acts[i];
        if (!words_are(a, words0, words1))
            continue;
        if (!legal_grow(L, (void **)&a->rolls, &a->caprolls, a->nrolls, sizeof *a->rolls))
            return;
        if (!a->has_rolls) {
            a->has_rolls = 1;
            legal_option(L, a, "--roll", "table-rolls");
        }
        a->rolls[a->nrolls++] = (table_roll){who, what, count};
        return;
    }
}

legal_param *legal_find(legal_list *L, const char *w0, const char *w1, const char *arg)
{
    for (size_t i = 0; i < L->n; i++) {
        const legal_act *a = L->acts[i];
        if (!words_are(a, w0, w1))
            continue;
        for (size_t k = 0; k < a->nargs; k++)
            if (strcmp(a->args[k]->name, arg) == 0)
                return a->args[k];
    }
    return NULL;
}

void legal_oom(legal_list *L)
{
    L->oom = 1;
}

void legal_unchoose(legal_list *L, legal_param *p, const char *value)
{
    uint32_t id;
    if (p == NULL || !legal_intern(L, value, &id))
        return;
    vlist *c = &p->choices;
    if (!c->use_set && !vlist_to_set(L, c)) /* the value stays seen, as before */
        return;
    for (size_t i = c->n; i-- > 0;)
        if (c->v[i] == id) {
            memmove(c->v + i, c->v + i + 1, (c->n - i - 1) * sizeof *c->v);
            c->n--;
        }
}

int legal_mine(const legal_ctx *l, const char *piece_side)
{
    if (l->side == NULL)
        return 1;
    legal_list *L = l->list;
    uint32_t side; /* a piece's side: by numbers, its text read once per list */
    if (L != NULL && legal_piece_string(L, piece_side, &side)) {
        if (L->seat_side == 0 && legal_intern(L, l->side, &L->seat_side))
            L->seat_side++;
        if (L->seat_side != 0)
            return side == L->seat_side - 1;
    }
    return strcmp(l->side, piece_side) == 0;
}

/* Kinds whose choices are open (typed, not picked): never empty. */
static int open_kind(const char *kind)
{
    static const char *const open[] = {"length", "facing", "number", "text", NULL};
    for (size_t i = 0; open[i] != NULL; i++)
        if (strcmp(kind, open[i]) == 0)
            return 1;
    return 0;
}

/* Drops an entry whose required argument has no choice. */

void legal_drop_empty(legal_list *L)
{
    for (size_t i = 0; i < L->n; i++) {
        legal_act *a = L->acts[i];
        for (size_t k = 0; k < a->nargs && !a->dropped; k++) {
            const legal_param *p = a->args[k];
            if (!p->optional && !open_kind(p->kind) && p->choices.n == 0)
                a->dropped = 1;
        }
    }
}

void legal_list_free(legal_list *L)
{
    for (size_t i = 0; i < L->n; i++) {
        legal_act *a = L->acts[i];
        for (size_t k = 0; k < a->nargs; k++) {
            legal_param *p = a->args[k];
            vlist_free(&p->choices);
            for (size_t j = 0; j < p->nby; j++)
                vlist_free(&p->by[j]);
            free(p->by);
            free(p->keys);
            free(p->pass_side);
            free(p->pass_count);
            free(p->pass_key);
            free(p->key_at);
            free(p);
        }
        free(a->args);
        free(a->options);
        free(a->rolls);
        free(a);
    }
    free(L->acts);
    free(L->strs);
    free(L->ptr_keys);
    free(L->ptr_vals);
    free(L->text_slots);
    free(L->text_hashes);
    free(L->qtext);
    free(L->unit_side);
    free(L->officer_side);
    free(L->pieces[0].num[0]);
    free(L->pieces[1].num[0]);
}
