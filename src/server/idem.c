/* idem.c — answers kept by their Idempotency-Key. See idem.h.
 *
 * Invariant: a ring of IDEM_KEEP slots, `next` the oldest; a slot with no
 * text is empty. */
#include <stdlib.h>
#include <string.h>

#include "idem.h"

typedef struct slot {
    int seat;
    char key[IDEM_KEY_MAX + 1];
    idem_answer a;
} slot;

struct idem_cache {
    slot slots[IDEM_KEEP];
    size_t next;
};

idem_cache *idem_new(void)
{
    return calloc(1, sizeof(idem_cache));
}

void idem_free(idem_cache *c)
{
    if (c == NULL)
        return;
    for (size_t i = 0; i < IDEM_KEEP; i++)
        free(c->slots[i].a.text);
    free(c);
}

int idem_key_ok(const char *key)
{
    size_t n = strlen(key);
    if (n == 0 || n > IDEM_KEY_MAX)
        return 0;
    for (const char *p = key; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              strchr("-_.:", *p) != NULL))
            return 0;
    return 1;
}

const idem_answer *idem_find(const idem_cache *c, int seat, const char *key)
{
    for (size_t i = 0; i < IDEM_KEEP; i++) {
        const slot *s = &c->slots[i];
        if (s->a.text != NULL && s->seat == seat && strcmp(s->key, key) == 0)
            return &s->a;
    }
    return NULL;
}

int idem_keep(idem_cache *c, int seat, const char *key, const idem_answer *a)
{
    char *text = strdup(a->text);
    if (text == NULL || strlen(key) > IDEM_KEY_MAX) {
        free(text);
        return -1;
    }
    slot *s = &c->slots[c->next];
    c->next = (c->next + 1) % IDEM_KEEP;
    free(s->a.text);
    s->seat = seat;
    strcpy(s->key, key);
    s->a = *a;
    s->a.text = text;
    return 0;
}
