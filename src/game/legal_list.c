/* legal_list.c — building the list of what a seat may do now (the legal_*
 * functions of engine.h): entries, arguments, their choices and
 * choices_by lists, options and rolls, without repeats.
 *
 * The referee's list of a big battle holds millions of choices (every
 * officer's targets), so:
 * - every string given as a choice or a key is interned once: its pointer
 *   maps to a number (the strings are borrowed and stay unchanged until the
 *   list is written: the battle's ids, the rules' words, literals), equal
 *   texts to the same number, and its quoted JSON text is made once;
 * - a list keeps its numbers in order and, past a few, a hash set of them,
 *   so a repeated value is found at once; a value taken out
 *   (legal_unchoose) stays in the set, as it stayed in jansson's set, so it
 *   is not added again.
 * A string that is not UTF-8 is left out, as jansson refused it. The list is
 * written by game_actions.c. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "jsontext.h"
#include "legal_list.h"

#define SMALL 16 /* a list this short is searched without its set */

/* Grows *p (of *cap elements of size) to hold n + 1; 0 out of memory. */
static int grow(legal_list *L, void **p, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return 1;
    size_t c = *cap ? *cap * 2 : 8;
    void *q = realloc(*p, c * size);
    if (q == NULL) {
        L->oom = 1;
        return 0;
    }
    *p = q;
    *cap = c;
    return 1;
}

static uint64_t text_hash(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

static size_t ptr_slot(const legal_list *L, const char *s)
{
    size_t mask = L->ptr_cap - 1;
    size_t i = (size_t)(((uint64_t)(uintptr_t)s >> 3) * 0x9E3779B97F4A7C15ull >> 20) & mask;
    while (L->ptr_keys[i] != NULL && L->ptr_keys[i] != s)
        i = (i + 1) & mask;
    return i;
}

static int ptr_grow(legal_list *L)
{
    size_t cap = L->ptr_cap ? L->ptr_cap * 2 : 256;
    const char **keys = calloc(cap, sizeof *keys);
    uint32_t *vals = calloc(cap, sizeof *vals);
    if (keys == NULL || vals == NULL) {
        free(keys);
        free(vals);
        L->oom = 1;
        return 0;
    }
    const char **ok = L->ptr_keys;
    uint32_t *ov = L->ptr_vals;
    size_t ocap = L->ptr_cap;
    L->ptr_keys = keys;
    L->ptr_vals = vals;
    L->ptr_cap = cap;
    for (size_t i = 0; i < ocap; i++)
        if (ok[i] != NULL) {
            size_t j = ptr_slot(L, ok[i]);
            keys[j] = ok[i];
            vals[j] = ov[i];
        }
    free(ok);
    free(ov);
    return 1;
}

static int text_grow(legal_list *L)
{
    size_t cap = L->text_cap ? L->text_cap * 2 : 256;
    uint32_t *slots = calloc(cap, sizeof *slots);
    uint64_t *hashes = calloc(cap, sizeof *hashes);
    if (slots == NULL || hashes == NULL) {
        free(slots);
        free(hashes);
        L->oom = 1;
        return 0;
    }
    for (size_t i = 0; i < L->text_cap; i++)
        if (L->text_slots[i] != 0) {
            size_t j = (size_t)L->text_hashes[i] & (cap - 1);
            while (slots[j] != 0)
                j = (j + 1) & (cap - 1);
            slots[j] = L->text_slots[i];
            hashes[j] = L->text_hashes[i];
        }
    free(L->text_slots);
    free(L->text_hashes);
    L->text_slots = slots;
    L->text_hashes = hashes;
    L->text_cap = cap;
    return 1;
}

/* A new number for text s (not seen before): its quoted text made now. */
static int new_string(legal_list *L, const char *s, size_t n, uint32_t *out)
{
    size_t room = GROG_JSONTEXT_QUOTED_MAX(n);
    if (n > GROG_JSONTEXT_STRING_MAX || !grow(L, (void **)&L->strs, &L->capstrs, L->nstrs,
                                              sizeof *L->strs))
        return 0;
    if (L->qlen + room > L->qcap) {
        size_t cap = (L->qcap ? L->qcap * 2 : 4096) + room;
        char *q = realloc(L->qtext, cap);
        if (q == NULL) {
            L->oom = 1;
            return 0;
        }
        L->qtext = q;
        L->qcap = cap;
    }
    istr *x = &L->strs[L->nstrs];
    x->s = s;
    x->bad = 0;
    x->qoff = L->qlen;
    x->qlen = grog_jsontext_quote(L->qtext + L->qlen, s, n, 0, &x->bad);
    L->qlen += x->bad ? 0 : x->qlen;
    *out = (uint32_t)L->nstrs++;
    return 1;
}

/* The number of text s (equal texts, one number); 0 out of memory. */
static int intern_text(legal_list *L, const char *s, uint32_t *out)
{
    if ((L->nstrs + 1) * 2 > L->text_cap && !text_grow(L))
        return 0;
    size_t n = strlen(s);
    uint64_t h = text_hash(s, n);
    size_t i = (size_t)h & (L->text_cap - 1);
    for (; L->text_slots[i] != 0; i = (i + 1) & (L->text_cap - 1)) {
        const istr *x = &L->strs[L->text_slots[i] - 1];
        if (L->text_hashes[i] == h && strcmp(x->s, s) == 0) {
            *out = L->text_slots[i] - 1;
            return 1;
        }
    }
    if (!new_string(L, s, n, out))
        return 0;
    L->text_slots[i] = *out + 1;
    L->text_hashes[i] = h;
    return 1;
}

/* The number of string s, found by its pointer when it was seen before; 0
 * when out of memory or s is not UTF-8 (left out, as jansson did). */

int legal_intern(legal_list *L, const char *s, uint32_t *out)
{
    if (L->oom || s == NULL)
        return 0;
    if ((L->ptr_n + 1) * 2 > L->ptr_cap && !ptr_grow(L))
        return 0;
    size_t i = ptr_slot(L, s);
    if (L->ptr_keys[i] == NULL) {
        if (!intern_text(L, s, &L->ptr_vals[i]))
            return 0;
        L->ptr_keys[i] = s;
        L->ptr_n++;
    }
    *out = L->ptr_vals[i];
    return !L->strs[*out].bad;
}

/* ---- lists without repeats ---- */

static int vlist_has(const vlist *vl, uint32_t id)
{
    if (vl->use_set)
        return imap_get(&vl->seen, id) != 0;
    for (size_t i = 0; i < vl->n; i++)
        if (vl->v[i] == id)
            return 1;
    return 0;
}

static int vlist_to_set(legal_list *L, vlist *vl)
{
    for (size_t i = 0; i < vl->n; i++)
        if (imap_put(&vl->seen, vl->v[i], 0, 0) < 0) {
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
        int added = imap_put(&vl->seen, id, 0, 0);
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
    if (!grow(L, (void **)&vl->v, &vl->cap, vl->n, sizeof *vl->v))
        return;
    vl->v[vl->n++] = id;
    if (!vl->use_set && vl->n > SMALL)
        vlist_to_set(L, vl);
}

static void vlist_free(vlist *vl)
{
    free(vl->v);
    imap_free(&vl->seen);
}

/* ---- building ---- */

legal_act *legal_action(legal_list *L, const char *name, const char *help)
{
    if (L->oom || !grow(L, (void **)&L->acts, &L->cap, L->n, sizeof *L->acts))
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
    if (a == NULL || L->oom || !grow(L, (void **)&a->args, &a->capargs, a->nargs, sizeof *a->args))
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
    if (p->key_index.cap != 0) {
        uint32_t at = imap_get(&p->key_index, key);
        return at == 0 ? (size_t)-1 : at - 1;
    }
    for (size_t i = 0; i < p->nby; i++)
        if (p->keys[i] == key)
            return i;
    return (size_t)-1;
}

static size_t by_add_key(legal_list *L, legal_param *p, uint32_t key)
{
    size_t capkeys = p->capby;
    if (!grow(L, (void **)&p->keys, &capkeys, p->nby, sizeof *p->keys) ||
        !grow(L, (void **)&p->by, &p->capby, p->nby, sizeof *p->by))
        return (size_t)-1;
    if (capkeys != p->capby) { /* both grew alike, unless one failed halfway */
        L->oom = 1;
        return (size_t)-1;
    }
    size_t at = p->nby++;
    p->keys[at] = key;
    memset(&p->by[at], 0, sizeof p->by[at]);
    if (p->nby > SMALL) {
        if (p->key_index.cap == 0)
            for (size_t i = 0; i + 1 < p->nby; i++)
                if (imap_put(&p->key_index, p->keys[i], (uint32_t)i + 1, 1) < 0)
                    L->oom = 1;
        if (imap_put(&p->key_index, key, (uint32_t)at + 1, 1) < 0)
            L->oom = 1;
    }
    return at;
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

/* Makes key's choices_by list a copy of the list of key `from` (not empty). */
static void by_copy(legal_list *L, legal_param *p, uint32_t key, uint32_t from)
{
    size_t src = by_index(p, from), at = by_add_key(L, p, key);
    if (src == (size_t)-1 || at == (size_t)-1)
        return;
    vlist *d = &p->by[at];
    const vlist *v = &p->by[src];
    d->v = malloc(v->n * sizeof *d->v);
    if (d->v == NULL) {
        L->oom = 1;
        return;
    }
    memcpy(d->v, v->v, v->n * sizeof *d->v);
    d->n = d->cap = v->n; /* its set is made if anything is added to it */
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
        if (!grow(L, (void **)&p->pass_side, &cap, p->npass, sizeof *p->pass_side) ||
            !grow(L, (void **)&p->pass_key, &cap2, p->npass, sizeof *p->pass_key) ||
            !grow(L, (void **)&p->pass_count, &p->cappass, p->npass, sizeof *p->pass_count))
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
        !grow(L, (void **)&a->options, &a->capoptions, a->noptions, sizeof *a->options))
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
        if (!grow(L, (void **)&a->rolls, &a->caprolls, a->nrolls, sizeof *a->rolls))
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
    return l->side == NULL || strcmp(l->side, piece_side) == 0;
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
            imap_free(&p->key_index);
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
}
