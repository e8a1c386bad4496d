/* order_kinds.h — each family's list of order words (internal to src/game).
 *
 * The seeds give no list of order kinds: the embedded data/rules/<family>.json
 * holds a default list under "orders" (marked "default": true). A house-rules
 * file adds its own kinds to that list, or replaces it with
 * "replace_default": true; a house-rules file without "orders" keeps the
 * default list. An order word outside the list is refused, naming the
 * closest known ones.
 *
 * Ownership: order_kinds_load returns a handle freed with order_kinds_free
 * (accepts NULL); the strings it gives live as long as the handle. */
#ifndef GROG_ORDER_KINDS_H
#define GROG_ORDER_KINDS_H

#include <stddef.h>

#include "grognard/error.h"

typedef struct order_kinds order_kinds;

/* family: "aigles", "gdb" or "gt"; text: a house-rules text (label names it
 * in messages) or NULL for the embedded list only. */
grog_status order_kinds_load(const char *family, const char *text, const char *label,
                             order_kinds **out, grog_error *err);
void order_kinds_free(order_kinds *k);

size_t order_kinds_count(const order_kinds *k);
const char *order_kinds_id(const order_kinds *k, size_t i);
const char *order_kinds_help(const order_kinds *k, size_t i);
/* 1 when the list is grognard's default (no house rule changed it). */
int order_kinds_is_default(const order_kinds *k);

/* GROG_OK when word is a known order kind; GROG_EINVAL otherwise, with a
 * message naming the closest known words. */
grog_status order_kinds_check(const order_kinds *k, const char *word, grog_error *err);

#endif
