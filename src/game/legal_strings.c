/* legal_strings.c — the actions list's strings (legal_list.h): every
 * string given as a choice or a key gets a number, equal texts the same
 * one, and its quoted JSON text is made once.
 *
 * The strings are borrowed and stay unchanged until the list is written
 * (the battle's ids, names and sides, the rules' words, literals), so a
 * string is found again by its pointer: the ids, names and sides of the
 * battle's pieces through arrays by piece (legal_list_pieces: the loops
 * hand them in battle order, and an array read in order stays in the cache
 * where a hash of 20,000 pointers did not), any other through a hash of
 * pointers; a string seen for the first time through a hash of texts. A
 * string that is not UTF-8 gets a number marked bad and is left out, as
 * jansson refused it. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "jsontext.h"
#include "legal_list.h"

/* A slot of a string's pointer (the hash's, or a piece's) holds its number
 * + 1, with BAD set when it is not UTF-8, or 0 before the string is seen:
 * a lookup reads the slot alone. */
#define BAD 0x80000000u

int legal_grow(legal_list *L, void **p, size_t *cap, size_t n, size_t size)
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
    if (n > GROG_JSONTEXT_STRING_MAX)
        return 0;
    if (L->nstrs >= BAD - 1 || room > BAD || L->qlen > BAD - room) { /* istr's bits */
        L->oom = 1;
        return 0;
    }
    if (!legal_grow(L, (void **)&L->strs, &L->capstrs, L->nstrs, sizeof *L->strs))
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
    int bad = 0;
    x->s = s;
    x->qoff = (uint32_t)L->qlen;
    x->qlen = (uint32_t)grog_jsontext_quote(L->qtext + L->qlen, s, n, 0, &bad);
    x->bad = bad != 0;
    L->qlen += bad ? 0 : x->qlen;
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

/* One array of pieces, from its first and count (n of size bytes, the id,
 * name and side at off), when they are one array indeed. */
static void pieces_set(legal_list *L, legal_pieces *lp, const void *first, const void *last,
                       size_t n, size_t size, const size_t off[3])
{
    if (n == 0 || n > UINT32_MAX / size ||
        (const char *)last != (const char *)first + (n - 1) * size)
        return;
    uint32_t *num = calloc(3 * n, sizeof *num);
    if (num == NULL) {
        L->oom = 1;
        return;
    }
    lp->base = (uintptr_t)first;
    lp->n = n;
    lp->size = size;
    for (size_t f = 0; f < 3; f++) {
        lp->off[f] = off[f];
        lp->num[f] = num + f * n;
    }
}

void legal_list_pieces(legal_list *L, const grog_battle *b)
{
    size_t nu = grog_battle_nunits(b), no = grog_battle_nofficers(b);
    static const size_t uoff[3] = {offsetof(grog_troop, id), offsetof(grog_troop, name),
                                   offsetof(grog_troop, side)};
    static const size_t ooff[3] = {offsetof(grog_officer, id), offsetof(grog_officer, name),
                                   offsetof(grog_officer, side)};
    if (nu > 0)
        pieces_set(L, &L->pieces[0], grog_battle_unit(b, 0), grog_battle_unit(b, nu - 1), nu,
                   sizeof(grog_troop), uoff);
    if (no > 0)
        pieces_set(L, &L->pieces[1], grog_battle_officer(b, 0), grog_battle_officer(b, no - 1),
                   no, sizeof(grog_officer), ooff);
}

/* The slot of s when it is the id, name or side of one of the battle's
 * pieces; NULL otherwise. */
static uint32_t *piece_slot(legal_list *L, const char *s)
{
    uintptr_t p = (uintptr_t)s;
    for (size_t k = 0; k < 2; k++) {
        legal_pieces *lp = &L->pieces[k];
        uintptr_t d = p - lp->base; /* below base: wraps past the end */
        if (lp->base == 0 || d >= lp->n * lp->size)
            continue;
        uint32_t i = (uint32_t)d / (uint32_t)lp->size, off = (uint32_t)d % (uint32_t)lp->size;
        for (size_t f = 0; f < 3; f++)
            if (off == lp->off[f])
                return &lp->num[f][i];
        return NULL;
    }
    return NULL;
}

/* Fills slot (0) for text s; 0 when out of memory. */
static int slot_fill(legal_list *L, const char *s, uint32_t *slot)
{
    uint32_t v;
    if (!intern_text(L, s, &v))
        return 0;
    *slot = (v + 1) | (L->strs[v].bad ? BAD : 0);
    return 1;
}

/* The number of string s, found by its pointer when it was seen before; 0
 * when out of memory or s is not UTF-8 (left out, as jansson did). */
int legal_intern(legal_list *L, const char *s, uint32_t *out)
{
    if (L->oom || s == NULL)
        return 0;
    uint32_t *slot = piece_slot(L, s);
    if (slot == NULL) {
        if ((L->ptr_n + 1) * 2 > L->ptr_cap && !ptr_grow(L))
            return 0;
        size_t i = ptr_slot(L, s);
        slot = &L->ptr_vals[i];
        if (L->ptr_keys[i] == NULL) {
            if (!slot_fill(L, s, slot))
                return 0;
            L->ptr_keys[i] = s;
            L->ptr_n++;
        }
    } else if (*slot == 0 && !slot_fill(L, s, slot)) {
        return 0;
    }
    *out = (*slot & ~BAD) - 1;
    return !(*slot & BAD);
}

int legal_piece_string(legal_list *L, const char *s, uint32_t *out)
{
    uint32_t *slot = L->oom ? NULL : piece_slot(L, s);
    if (slot == NULL || (*slot == 0 && !slot_fill(L, s, slot)) || (*slot & BAD))
        return 0;
    *out = *slot - 1;
    return 1;
}
