/* game_actions.c — what a seat may do now: every action word with its
 * arguments and their choices, as JSON for the table page, the server and
 * completion (grog_game_actions_json).
 *
 * Only what is legal now is listed: an action whose required argument has no
 * valid choice is left out, a piece the seat may not act with is never a
 * choice. The common actions are worked out here; each family adds its own
 * through family_ops.legal. The lists follow the same checks the actions
 * make; an action listed may still be refused for a reason only the whole
 * test knows (a command zone, a die), and says so when it is. Nothing here
 * changes the game.
 *
 * The list is built in plain arrays and written directly, byte for byte as
 * jansson's json_dumps(JSON_INDENT(2)) wrote the tree of jansson objects
 * that was built before, once each choices_by list written as another
 * key's name is replaced by that key's list (docs/performance.md, "The
 * actions list"; tests/test_game_actions.c compares the texts of many
 * games). The
 * referee's list of a big battle holds millions of choices (every officer's
 * targets), so:
 * - every string given as a choice or a key is interned once: its pointer
 *   maps to a number (the strings are borrowed and stay unchanged until the
 *   list is written: the battle's ids, the rules' words, literals), equal
 *   texts to the same number, and its quoted JSON text is made once;
 * - a list keeps its numbers in order and, past a few, a hash set of them,
 *   so a repeated value is found at once; a value taken out
 *   (legal_unchoose) stays in the set, as it stayed in jansson's set, so it
 *   is not added again;
 * - writing copies each quoted text, and a choices_by list equal to an
 *   earlier key's is written as that key (docs/game.md).
 * A string that is not UTF-8 is left out, as jansson refused it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "i18n.h"
#include "jsontext.h"

/* ---- a map of numbers (a set when it has no values) ---- */

typedef struct imap {
    uint32_t *keys; /* key + 1; 0: empty slot */
    uint32_t *vals; /* NULL for a set */
    size_t cap, n;  /* cap: a power of two, at least twice n */
} imap;

static size_t imap_slot(const imap *m, uint32_t key)
{
    size_t mask = m->cap - 1, i = (size_t)((key * 2654435761u) & mask);
    while (m->keys[i] != 0 && m->keys[i] != key + 1)
        i = (i + 1) & mask;
    return i;
}

/* The value of key (0 when absent: values are stored + 1 by callers). */
static uint32_t imap_get(const imap *m, uint32_t key)
{
    if (m->cap == 0)
        return 0;
    size_t i = imap_slot(m, key);
    return m->keys[i] == 0 ? 0 : m->vals != NULL ? m->vals[i] : 1;
}

static int imap_grow(imap *m, int with_vals)
{
    size_t cap = m->cap ? m->cap * 2 : 64;
    imap bigger = {calloc(cap, sizeof(uint32_t)), with_vals ? calloc(cap, sizeof(uint32_t)) : NULL,
                   cap, m->n};
    if (bigger.keys == NULL || (with_vals && bigger.vals == NULL)) {
        free(bigger.keys);
        free(bigger.vals);
        return 0;
    }
    for (size_t i = 0; i < m->cap; i++)
        if (m->keys[i] != 0) {
            size_t j = imap_slot(&bigger, m->keys[i] - 1);
            bigger.keys[j] = m->keys[i];
            if (with_vals)
                bigger.vals[j] = m->vals[i];
        }
    free(m->keys);
    free(m->vals);
    *m = bigger;
    return 1;
}

/* Sets key (to val in a map); 1 when it was not there, 0 when it was, -1
 * out of memory. */
static int imap_put(imap *m, uint32_t key, uint32_t val, int with_vals)
{
    if ((m->n + 1) * 2 > m->cap && !imap_grow(m, with_vals))
        return -1;
    size_t i = imap_slot(m, key);
    if (m->keys[i] != 0)
        return 0;
    m->keys[i] = key + 1;
    if (with_vals)
        m->vals[i] = val;
    m->n++;
    return 1;
}

static void imap_free(imap *m)
{
    free(m->keys);
    free(m->vals);
}

/* ---- interned strings ---- */

typedef struct istr {
    const char *s;
    size_t qoff, qlen; /* the quoted text in the list's qtext */
    int bad;           /* not UTF-8: jansson refused it */
} istr;

/* ---- the list being built ---- */

#define SMALL 16 /* a list this short is searched without its set */

typedef struct vlist {
    uint32_t *v;
    size_t n, cap;
    imap seen; /* every value ever added, once n passed SMALL or one was taken out */
    int use_set;
} vlist;

struct legal_param {
    const char *name, *kind;
    vlist choices;
    uint32_t *keys; /* choices_by's keys in order, and their lists */
    vlist *by;
    size_t nby, capby;
    imap key_index; /* key -> index + 1, once there are more than SMALL keys */
    uint32_t last_key; /* the key found last, and its index */
    size_t last_at;
    int optional; /* 0; 1 set before choices_by was made; 2 after */
    uint32_t *pass_side; /* legal_side_pass: the sides seen, their passes, */
    int *pass_count;
    uint32_t *pass_key; /* and the key whose list the referee's pass made */
    size_t npass, cappass;
};

typedef struct table_roll {
    const char *who, *what;
    int count;
} table_roll;

struct legal_act {
    const char *words[2]; /* words[0] is the action; words[1] an event's kind or NULL */
    const char *help;
    legal_param **args;
    size_t nargs, capargs;
    const char *(*options)[2];
    size_t noptions, capoptions;
    const char *roll[3]; /* dice, option, what; roll[0] NULL: null */
    int preview;
    table_roll *rolls;
    size_t nrolls, caprolls;
    int has_rolls, dropped;
};

struct legal_list {
    legal_act **acts;
    size_t n, cap;
    istr *strs;
    size_t nstrs, capstrs;
    const char **ptr_keys; /* string pointer -> number (open addressing) */
    uint32_t *ptr_vals;
    size_t ptr_cap, ptr_n;
    uint32_t *text_slots; /* text hash -> number + 1 */
    uint64_t *text_hashes;
    size_t text_cap;
    char *qtext;
    size_t qlen, qcap;
    uint32_t *unit_side, *officer_side; /* legal_same_side: each piece's side's number */
    int oom;
};

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
static int intern(legal_list *L, const char *s, uint32_t *out)
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
    if (p != NULL && intern(L, value, &id))
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
    if (p == NULL || !intern(L, key, &k) || !intern(L, value, &v))
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
    if (p == NULL || (l->side == NULL && passes != 1) || !intern(L, piece_side, &side) ||
        !intern(L, key, &k))
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
        ok = intern(L, grog_battle_unit(l->battle, i)->side, &us[i]);
    for (size_t i = 0; ok && i < no; i++)
        ok = intern(L, grog_battle_officer(l->battle, i)->side, &os[i]);
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
    return p != NULL && p->nby > 0 && intern(L, key, &k) && by_index(p, k) != (size_t)-1;
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
    if (p == NULL || !intern(L, value, &id))
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
static void drop_empty(legal_list *L)
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

static void list_free(legal_list *L)
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

/* ---- the common actions ---- */

static int active(const grog_officer *o)
{
    return o->state == GROG_OFFICER_ACTIVE;
}

static int is_square(const legal_ctx *l, const grog_troop *u)
{
    return grog_game_family(l->game) == GROG_FAMILY_AIGLES &&
           (strcmp(u->formation, "full-square") == 0 || strcmp(u->formation, "mass-square") == 0);
}

static void legal_move(const legal_ctx *l)
{
    legal_list *L = l->list;
    legal_act *a = legal_action(L, "move", _("an officer or unit now stands there"));
    legal_param *id = legal_arg(L, a, "id", "piece");
    for (size_t i = 0; i < grog_battle_nofficers(l->battle); i++) {
        const grog_officer *o = grog_battle_officer(l->battle, i);
        if (legal_mine(l, o->side) && active(o))
            legal_choice(L, id, o->id);
    }
    for (size_t i = 0; i < grog_battle_nunits(l->battle); i++) {
        const grog_troop *u = grog_battle_unit(l->battle, i);
        if (legal_mine(l, u->side) && !is_square(l, u)) /* AIG-F-12: a square stands */
            legal_choice(L, id, u->id);
    }
    legal_arg(L, a, "x", "length");
    legal_arg(L, a, "y", "length");
    legal_optional(legal_arg(L, a, "facing", "facing"));
}

static void legal_attach(const legal_ctx *l)
{
    /* GT-03: in Grande Tactique generals attach in the movement phase only */
    if (grog_game_family(l->game) == GROG_FAMILY_GT && strcmp(l->phase_id, "movement") != 0)
        return;
    legal_list *L = l->list;
    legal_act *a = legal_action(L, "attach", _("the general joins the unit"));
    legal_param *gen = legal_arg(L, a, "general", "general");
    legal_param *unit = legal_arg(L, a, "unit", "unit");
    size_t nu = grog_battle_nunits(l->battle);
    unsigned char *taken = calloc(nu + 1, 1); /* GT-03: one general per unit */
    if (taken == NULL) {
        L->oom = 1;
        return;
    }
    for (size_t i = 0; i < grog_battle_nofficers(l->battle); i++) {
        size_t k;
        if (grog_battle_unit_index(l->battle, grog_battle_officer(l->battle, i)->attached_to, &k))
            taken[k] = 1;
    }
    for (size_t i = 0; i < grog_battle_nofficers(l->battle); i++) {
        const grog_officer *o = grog_battle_officer(l->battle, i);
        if (!legal_mine(l, o->side) || !active(o) || !grog_role_is_general(o->role) ||
            o->attached_to[0] != '\0')
            continue;
        int pass = legal_side_pass(l, unit, o->side, o->id, 1); /* once per side */
        for (size_t k = 0; k < nu && pass; k++) {
            if (!taken[k] && legal_same_side(l, k, i))
                legal_choice_side(l, unit, o->id, grog_battle_unit(l->battle, k)->id);
        }
        legal_choice(L, gen, o->id);
    }
    free(taken);
}

static void legal_detach(const legal_ctx *l)
{
    legal_list *L = l->list;
    legal_act *a = legal_action(L, "detach", _("the general leaves his unit"));
    legal_param *gen = legal_arg(L, a, "general", "general");
    for (size_t i = 0; i < grog_battle_nofficers(l->battle); i++) {
        const grog_officer *o = grog_battle_officer(l->battle, i);
        const grog_troop *u = grog_battle_unit_by_id(l->battle, o->attached_to);
        if (legal_mine(l, o->side) && u != NULL && !(u->flags & GROG_UNIT_ROUTED)) /* GT-06 */
            legal_choice(L, gen, o->id);
    }
}

/* One entry per event kind: words ["event", KIND]. */
static legal_act *event_entry(legal_list *L, const char *kind, const char *help)
{
    legal_act *a = legal_action(L, "event", help);
    if (a != NULL)
        a->words[1] = kind;
    return a;
}

static void legal_unit_events(const legal_ctx *l)
{
    legal_list *L = l->list;
    legal_act *me = event_entry(L, "melee", _("a melee begins, is won or lost"));
    legal_param *melee = legal_arg(L, me, "unit", "unit");
    legal_param *result = legal_arg(L, me, "result", "word");
    legal_act *cas = event_entry(L, "casualties", _("casualties on a unit or officer"));
    legal_param *cas_who = legal_arg(L, cas, "target", "piece");
    legal_arg(L, cas, "count", "number");
    static const struct {
        const char *kind;
        unsigned flag;
        const char *help;
    } flags[] = {
        {"flees", GROG_UNIT_FLEEING, N_("the unit flees")},
        {"routs", GROG_UNIT_ROUTED, N_("the unit routs")},
        {"disorder", GROG_UNIT_DISORDERED, N_("the unit falls into disorder")},
        {"breaks", GROG_UNIT_BROKEN, N_("the unit (or a brigade, by its commander) is broken")},
    };
    legal_param *fl[4];
    for (size_t f = 0; f < 4; f++)
        fl[f] = legal_arg(L, event_entry(L, flags[f].kind, _(flags[f].help)), "unit", "unit");
    legal_param *rally = legal_arg(
        L, event_entry(L, "rallies", _("a fleeing or routed unit rallies")), "unit", "unit");
    for (size_t i = 0; i < grog_battle_nunits(l->battle); i++) {
        const grog_troop *u = grog_battle_unit(l->battle, i);
        if (!legal_mine(l, u->side))
            continue;
        legal_choice(L, melee, u->id);
        if (u->flags & GROG_UNIT_IN_MELEE) {
            legal_choice_by(L, result, u->id, "won");
            legal_choice_by(L, result, u->id, "lost");
        } else {
            legal_choice_by(L, result, u->id, "start");
        }
        legal_choice(L, cas_who, u->id);
        for (size_t f = 0; f < 4; f++)
            if (!(u->flags & flags[f].flag))
                legal_choice(L, fl[f], u->id);
        if (u->flags & (GROG_UNIT_FLEEING | GROG_UNIT_ROUTED))
            legal_choice(L, rally, u->id);
    }
    int gt = grog_game_family(l->game) == GROG_FAMILY_GT;
    for (size_t i = 0; i < grog_battle_nofficers(l->battle); i++) {
        const grog_officer *o = grog_battle_officer(l->battle, i);
        if (!legal_mine(l, o->side) || !active(o))
            continue;
        if (!gt) /* GT-05, GT-09: a general is never fired at */
            legal_choice(L, cas_who, o->id);
        if (o->role == GROG_ROLE_BRIGADE && !o->brigade_broken)
            legal_choice(L, fl[3], o->id);
    }
}

/* The units of l's seat that may take officer o (contact, surrounded): those
 * of another side than his, as choices_by[o] (the referee) or choices. */
static void enemy_units(const legal_ctx *l, legal_param *taker, size_t officer)
{
    const grog_officer *o = grog_battle_officer(l->battle, officer);
    if (!legal_side_pass(l, taker, o->side, o->id, 1))
        return;
    for (size_t k = 0; k < grog_battle_nunits(l->battle); k++) {
        const grog_troop *u = grog_battle_unit(l->battle, k);
        if (!legal_same_side(l, k, officer) && legal_mine(l, u->side))
            legal_choice_side(l, taker, o->id, u->id);
    }
}

static void legal_officer_events(const legal_ctx *l)
{
    legal_list *L = l->list;
    legal_act *contact = event_entry(L, "contact",
                                     _("an enemy unit contacts an officer and takes him"));
    legal_param *victim = legal_arg(L, contact, "officer", "enemy-officer");
    legal_param *taker = legal_arg(L, contact, "unit", "unit");
    legal_act *sur = event_entry(L, "surrounded",
                                 _("an officer surrounded with no way out is taken (AIG-O-21)"));
    legal_param *sur_victim = legal_arg(L, sur, "officer", "enemy-officer");
    legal_param *sur_taker = legal_arg(L, sur, "unit", "unit");
    legal_param *killed = legal_arg(L, event_entry(L, "killed", _("the officer is killed")),
                                    "officer", "officer");
    legal_param *wounded = legal_arg(
        L, event_entry(L, "wounded", _("the officer is out of commission")), "officer", "officer");
    legal_param *freed = legal_arg(L, event_entry(L, "freed", _("a prisoner is freed")), "officer",
                                   "officer");
    legal_act *av = event_entry(L, "avance", _("an Avance marker on or off (AIG-O-22)"));
    legal_param *av_who = legal_arg(L, av, "officer", "officer");
    legal_param *av_on = legal_arg(L, av, "state", "word");
    int gt = grog_game_family(l->game) == GROG_FAMILY_GT; /* GT-05, GT-09 */
    for (size_t i = 0; i < grog_battle_nofficers(l->battle); i++) {
        const grog_officer *o = grog_battle_officer(l->battle, i);
        if (!gt && active(o) && !(o->markers & GROG_MARKER_AVANCE)) {
            enemy_units(l, taker, i);
            if (legal_keyed(L, taker, o->id))
                legal_choice(L, victim, o->id);
        }
        if (active(o) && !gt) {
            enemy_units(l, sur_taker, i);
            if (legal_keyed(L, sur_taker, o->id))
                legal_choice(L, sur_victim, o->id);
        }
        if (!legal_mine(l, o->side))
            continue;
        if (o->state != GROG_OFFICER_KILLED && !gt)
            legal_choice(L, killed, o->id);
        if ((active(o) || o->state == GROG_OFFICER_PRISONER) && !gt)
            legal_choice(L, wounded, o->id);
        if (o->state == GROG_OFFICER_PRISONER)
            legal_choice(L, freed, o->id);
        if (grog_game_family(l->game) == GROG_FAMILY_AIGLES && active(o)) {
            legal_choice(L, av_who, o->id);
            legal_choice_by(L, av_on, o->id, (o->markers & GROG_MARKER_AVANCE) ? "off" : "on");
        }
    }
}

static void legal_common(const legal_ctx *l)
{
    legal_action(l->list, "next", _("end this phase and begin the next"));
    legal_move(l);
    legal_attach(l);
    legal_detach(l);
    legal_unit_events(l);
    legal_officer_events(l);
    legal_arg(l->list, legal_action(l->list, "note", _("a remark kept in the journal")), "text",
              "text");
}

/* ---- writing: json_dumps(JSON_INDENT(2)) of the same document ---- */

typedef struct wbuf {
    char *s;
    size_t len, cap;
    int oom;
} wbuf;

static int room(wbuf *w, size_t more)
{
    if (w->len + more <= w->cap)
        return 1;
    size_t cap = w->cap ? w->cap : 1 << 16;
    while (cap < w->len + more)
        cap *= 2;
    char *s = w->oom ? NULL : realloc(w->s, cap);
    if (s == NULL) {
        w->oom = 1;
        return 0;
    }
    w->s = s;
    w->cap = cap;
    return 1;
}

static void put(wbuf *w, const char *s, size_t n)
{
    if (room(w, n)) {
        memcpy(w->s + w->len, s, n);
        w->len += n;
    }
}

#define PUT(w, lit) put((w), (lit), sizeof(lit) - 1)

/* A newline and the indent of depth levels. */
static void newline(wbuf *w, int depth)
{
    if (room(w, 1 + 2 * (size_t)depth)) {
        w->s[w->len] = '\n';
        memset(w->s + w->len + 1, ' ', 2 * (size_t)depth);
        w->len += 1 + 2 * (size_t)depth;
    }
}

/* Any string (the document's own: action words, helps, kinds...). A text
 * that is not UTF-8 (none is: they are literals, translations and ids read
 * by jansson) would be written with U+FFFD. */
static void put_str(wbuf *w, const char *s)
{
    size_t n = strlen(s);
    int bad = 0;
    if (n <= GROG_JSONTEXT_STRING_MAX && room(w, GROG_JSONTEXT_QUOTED_MAX(n)))
        w->len += grog_jsontext_quote(w->s + w->len, s, n, 1, &bad);
}

/* A member's key, after a comma unless it is the first. */
static void put_key(wbuf *w, int depth, int first, const char *key)
{
    if (!first)
        PUT(w, ",");
    newline(w, depth);
    put_str(w, key);
    PUT(w, ": ");
}

static void put_key_str(wbuf *w, int depth, int first, const char *key, const char *s)
{
    put_key(w, depth, first, key);
    put_str(w, s);
}

/* An array of interned strings whose elements stand at depth. */
static void put_vlist(wbuf *w, const legal_list *L, const vlist *vl, int depth)
{
    if (vl->n == 0) {
        PUT(w, "[]");
        return;
    }
    PUT(w, "[");
    size_t step = 2 + 2 * (size_t)depth;
    for (size_t i = 0; i < vl->n; i++) {
        const istr *x = &L->strs[vl->v[i]];
        if (!room(w, step + x->qlen))
            return;
        char *p = w->s + w->len;
        if (i > 0)
            *p++ = ',';
        *p++ = '\n';
        memset(p, ' ', 2 * (size_t)depth);
        p += 2 * (size_t)depth;
        memcpy(p, L->qtext + x->qoff, x->qlen);
        w->len = (size_t)(p + x->qlen - w->s);
    }
    newline(w, depth - 1);
    PUT(w, "]");
}

static int same_values(const vlist *a, const vlist *b)
{
    return a->n == b->n && memcmp(a->v, b->v, a->n * sizeof *a->v) == 0;
}

/* The FNV-1a digest of a list's values (to find equal lists at once). */
static uint64_t vlist_digest(const vlist *v)
{
    uint64_t h = 1469598103934665603ull ^ v->n;
    for (size_t i = 0; i < v->n; i++)
        h = (h ^ v->v[i]) * 1099511628211ull;
    return h;
}

/* For each key j of p, the first key whose list equals j's (j itself when
 * no key before it has that list, or the list is empty); NULL when out of
 * memory. Caller frees. */
static size_t *first_equal(const legal_param *p)
{
    size_t cap = 16;
    while (cap < 2 * p->nby)
        cap *= 2;
    size_t *first = malloc(p->nby * sizeof *first), *slot = malloc(cap * sizeof *slot);
    uint64_t *dig = malloc(p->nby * sizeof *dig);
    if (first == NULL || slot == NULL || dig == NULL) {
        free(first), free(slot), free(dig);
        return NULL;
    }
    for (size_t i = 0; i < cap; i++)
        slot[i] = (size_t)-1;
    for (size_t j = 0; j < p->nby; j++) {
        first[j] = j;
        if (p->by[j].n == 0)
            continue;
        dig[j] = vlist_digest(&p->by[j]);
        size_t i = (size_t)dig[j] & (cap - 1);
        while (slot[i] != (size_t)-1 &&
               !(dig[slot[i]] == dig[j] && same_values(&p->by[slot[i]], &p->by[j])))
            i = (i + 1) & (cap - 1);
        if (slot[i] == (size_t)-1)
            slot[i] = j;
        else
            first[j] = slot[i];
    }
    free(slot);
    free(dig);
    return first;
}

/* choices_by: {key: [...]}, its members at depth. A list equal to an
 * earlier key's is written as that key, a string (docs/game.md): the
 * referee's list gives every piece of a side the same choices where they
 * depend on the side alone (contact, surrounded, attach...), 29 MB for a
 * 2,000-unit gdb battle when each was written out. */
static void put_by(wbuf *w, const legal_list *L, const legal_param *p, int depth)
{
    if (p->nby == 0) {
        PUT(w, "{}");
        return;
    }
    size_t *first = first_equal(p);
    if (first == NULL) {
        w->oom = 1;
        return;
    }
    PUT(w, "{");
    for (size_t j = 0; j < p->nby; j++) {
        const istr *k = &L->strs[p->keys[j]];
        if (j > 0)
            PUT(w, ",");
        newline(w, depth);
        put(w, L->qtext + k->qoff, k->qlen);
        PUT(w, ": ");
        if (first[j] != j) {
            const istr *f = &L->strs[p->keys[first[j]]];
            put(w, L->qtext + f->qoff, f->qlen);
        } else {
            put_vlist(w, L, &p->by[j], depth + 1);
        }
    }
    free(first);
    newline(w, depth - 1);
    PUT(w, "}");
}

/* An argument object, its members at depth. */
static void put_param(wbuf *w, const legal_list *L, const legal_param *p, int depth)
{
    PUT(w, "{");
    put_key_str(w, depth, 1, "name", p->name);
    put_key_str(w, depth, 0, "kind", p->kind);
    put_key(w, depth, 0, "choices");
    put_vlist(w, L, &p->choices, depth + 1);
    if (p->optional == 1) {
        put_key(w, depth, 0, "optional");
        PUT(w, "true");
    }
    if (p->nby > 0) {
        put_key(w, depth, 0, "choices_by");
        put_by(w, L, p, depth + 1);
    }
    if (p->optional == 2) {
        put_key(w, depth, 0, "optional");
        PUT(w, "true");
    }
    newline(w, depth - 1);
    PUT(w, "}");
}

static void put_int(wbuf *w, long long v)
{
    char num[GROG_JSONTEXT_INT_MAX];
    put(w, num, grog_jsontext_format_int(num, v));
}

static void put_rolls(wbuf *w, const legal_act *a, int depth)
{
    PUT(w, "[");
    for (size_t i = 0; i < a->nrolls; i++) {
        if (i > 0)
            PUT(w, ",");
        newline(w, depth);
        PUT(w, "{");
        put_key_str(w, depth + 1, 1, "who", a->rolls[i].who);
        put_key_str(w, depth + 1, 0, "dice", "1d6");
        put_key(w, depth + 1, 0, "count");
        put_int(w, a->rolls[i].count);
        put_key_str(w, depth + 1, 0, "what", a->rolls[i].what);
        newline(w, depth);
        PUT(w, "}");
    }
    newline(w, depth - 1);
    PUT(w, "]");
}

/* An action entry, its members at depth. */
static void put_act(wbuf *w, const legal_list *L, const legal_act *a, int depth)
{
    PUT(w, "{");
    put_key_str(w, depth, 1, "action", a->words[0]);
    put_key(w, depth, 0, "words");
    PUT(w, "[");
    for (size_t i = 0; i < 2 && a->words[i] != NULL; i++) {
        if (i > 0)
            PUT(w, ",");
        newline(w, depth + 1);
        put_str(w, a->words[i]);
    }
    newline(w, depth);
    PUT(w, "]");
    put_key_str(w, depth, 0, "help", a->help);
    put_key(w, depth, 0, "args");
    if (a->nargs == 0)
        PUT(w, "[]");
    for (size_t i = 0; i < a->nargs; i++) {
        put(w, i == 0 ? "[" : ",", 1);
        newline(w, depth + 1);
        put_param(w, L, a->args[i], depth + 2);
    }
    if (a->nargs > 0) {
        newline(w, depth);
        PUT(w, "]");
    }
    put_key(w, depth, 0, "options");
    if (a->noptions == 0)
        PUT(w, "[]");
    for (size_t i = 0; i < a->noptions; i++) {
        put(w, i == 0 ? "[" : ",", 1);
        newline(w, depth + 1);
        PUT(w, "{");
        put_key_str(w, depth + 2, 1, "name", a->options[i][0]);
        put_key_str(w, depth + 2, 0, "kind", a->options[i][1]);
        newline(w, depth + 1);
        PUT(w, "}");
    }
    if (a->noptions > 0) {
        newline(w, depth);
        PUT(w, "]");
    }
    put_key(w, depth, 0, "roll");
    if (a->roll[0] == NULL) {
        PUT(w, "null");
    } else {
        PUT(w, "{");
        put_key_str(w, depth + 1, 1, "dice", a->roll[0]);
        put_key_str(w, depth + 1, 0, "option", a->roll[1]);
        put_key_str(w, depth + 1, 0, "what", a->roll[2]);
        newline(w, depth);
        PUT(w, "}");
    }
    put_key(w, depth, 0, "preview");
    if (a->preview)
        PUT(w, "true");
    else
        PUT(w, "false");
    if (a->words[1] != NULL)
        put_key_str(w, depth, 0, "event", a->words[1]);
    if (a->has_rolls) {
        put_key(w, depth, 0, "rolls");
        put_rolls(w, a, depth + 1);
    }
    newline(w, depth - 1);
    PUT(w, "}");
}

/* The names of the pieces, for buttons: {"id": "name"}, members at depth 2.
 * An id given twice keeps its first place and its last name, as a jansson
 * object did; an id or a name that is not UTF-8 is left out. */
static void put_names(wbuf *w, legal_list *L, const grog_battle *b)
{
    size_t no = grog_battle_nofficers(b), n = no + grog_battle_nunits(b);
    uint32_t *name = calloc(n + 1, sizeof *name);
    uint32_t *key = calloc(n + 1, sizeof *key);
    imap slot = {0};
    size_t used = 0;
    if (name == NULL || key == NULL)
        w->oom = 1;
    for (size_t i = 0; i < n && !w->oom; i++) {
        const char *id = i < no ? grog_battle_officer(b, i)->id : grog_battle_unit(b, i - no)->id;
        const char *nm = i < no ? grog_battle_officer(b, i)->name
                                : grog_battle_unit(b, i - no)->name;
        uint32_t k, v;
        if (!intern(L, id, &k) || !intern(L, nm, &v))
            continue;
        uint32_t at = imap_get(&slot, k);
        if (at == 0) {
            if (imap_put(&slot, k, (uint32_t)used + 1, 1) < 0)
                w->oom = 1;
            key[used] = k;
            at = (uint32_t)++used;
        }
        name[at - 1] = v;
    }
    if (used == 0)
        PUT(w, "{}");
    for (size_t i = 0; i < used; i++) {
        const istr *k = &L->strs[key[i]];
        put(w, i == 0 ? "{" : ",", 1);
        newline(w, 2);
        put(w, L->qtext + k->qoff, k->qlen);
        PUT(w, ": ");
        put(w, L->qtext + L->strs[name[i]].qoff, L->strs[name[i]].qlen);
    }
    if (used > 0) {
        newline(w, 1);
        PUT(w, "}");
    }
    imap_free(&slot);
    free(name);
    free(key);
    w->oom |= L->oom;
}

grog_status grog_game_actions_json(const grog_game *g, const grog_seat *seat, char **out,
                                   grog_error *err)
{
    int referee = seat != NULL && seat->kind == GROG_SEAT_REFEREE;
    const char *side = seat != NULL && seat->kind == GROG_SEAT_SIDE ? seat->side : NULL;
    legal_list L;
    memset(&L, 0, sizeof L);
    legal_ctx l;
    game_legal_ctx(g, referee ? NULL : side, &l);
    l.list = &L;
    if (referee || (side != NULL && side[0] != '\0')) {
        legal_common(&l);
        const family_ops *ops = game_ops(g);
        if (ops->legal != NULL)
            ops->legal(&l);
        drop_empty(&L);
    }
    wbuf w = {NULL, 0, 0, L.oom};
    PUT(&w, "{");
    put_key_str(&w, 1, 1, "family", grog_family_name(grog_game_family(g)));
    put_key(&w, 1, 0, "turn");
    put_int(&w, l.turn);
    put_key_str(&w, 1, 0, "phase", l.phase_id);
    put_key(&w, 1, 0, "side");
    if (referee || side == NULL)
        PUT(&w, "null");
    else
        put_str(&w, side);
    put_key(&w, 1, 0, "actions");
    size_t shown = 0;
    for (size_t i = 0; i < L.n; i++) {
        if (L.acts[i]->dropped)
            continue;
        put(&w, shown++ == 0 ? "[" : ",", 1);
        newline(&w, 2);
        put_act(&w, &L, L.acts[i], 3);
    }
    if (shown == 0) {
        PUT(&w, "[]");
    } else {
        newline(&w, 1);
        PUT(&w, "]");
    }
    put_key(&w, 1, 0, "names");
    put_names(&w, &L, l.battle);
    newline(&w, 0);
    PUT(&w, "}");
    put(&w, "", 1); /* the NUL */
    list_free(&L);
    if (w.oom) {
        free(w.s);
        *out = NULL;
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    *out = w.s;
    return GROG_OK;
}
