/* imap.c — a map of 32-bit numbers, or a set (imap.h): open addressing,
 * linear probing, the capacity a power of two at least twice the count;
 * a key is stored as key + 1 so that 0 marks an empty slot. */
#include <stdlib.h>
#include <string.h>

#include "imap.h"

static size_t imap_slot(const imap *m, uint32_t key)
{
    size_t mask = m->cap - 1, i = (size_t)((key * 2654435761u) & mask);
    while (m->keys[i] != 0 && m->keys[i] != key + 1)
        i = (i + 1) & mask;
    return i;
}

/* The value of key (0 when absent: values are stored + 1 by callers). */

uint32_t imap_get(const imap *m, uint32_t key)
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

int imap_put(imap *m, uint32_t key, uint32_t val, int with_vals)
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

void imap_free(imap *m)
{
    free(m->keys);
    free(m->vals);
}
