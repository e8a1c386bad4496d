/* order_kinds.c — the order words a family knows, from its rules data.
 *
 * Invariant: the list holds no duplicate id and every id is a word of
 * lower-case letters, digits and '-' (so that it completes and prints
 * cleanly). See order_kinds.h for where the list comes from. */
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "jsonpos.h"
#include "order_kinds.h"
#include "rulesdata.h"

#define KIND_ID_MAX 32
#define KIND_HELP_MAX 160
#define KINDS_MAX 64

typedef struct kind {
    char id[KIND_ID_MAX];
    char help[KIND_HELP_MAX];
} kind;

struct order_kinds {
    kind k[KINDS_MAX];
    size_t n;
    int is_default;
};

static int valid_id(const char *s)
{
    if (s[0] == '\0' || strlen(s) >= KIND_ID_MAX)
        return 0;
    for (const char *p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-'))
            return 0;
    return 1;
}

static int find(const order_kinds *k, const char *id)
{
    for (size_t i = 0; i < k->n; i++)
        if (strcmp(k->k[i].id, id) == 0)
            return (int)i;
    return -1;
}

/* Reads d's "orders" block (absent: *found = 0) into k. */
static grog_status read_block(const grog_rulesdata *d, order_kinds *k, int house, int *found,
                              grog_error *err)
{
    static const char *const keys[] = {"default", "note", "replace_default", "kinds", NULL};
    json_t *orders = json_object_get(d->root, "orders");
    *found = orders != NULL;
    if (orders == NULL)
        return GROG_OK;
    json_t *list;
    grog_status st;
    if (!json_is_object(orders))
        return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, "orders",
                                  _("expected an object with \"kinds\""));
    if ((st = grog_rulesdata_known_keys(d, orders, "orders", keys, err)) != GROG_OK ||
        (st = grog_rulesdata_child(d, orders, "orders", "kinds", JSON_ARRAY, &list, err)) !=
            GROG_OK)
        return st;
    int replace = 0;
    if (house && json_object_get(orders, "replace_default") != NULL &&
        (st = grog_rulesdata_bool(d, orders, "orders", "replace_default", &replace, err)) !=
            GROG_OK)
        return st;
    if (replace)
        k->n = 0;
    size_t i;
    json_t *v;
    json_array_foreach(list, i, v) {
        char path[64];
        snprintf(path, sizeof path, "orders.kinds[%zu]", i);
        const char *id, *help;
        static const char *const kkeys[] = {"id", "help", NULL};
        if (!json_is_object(v))
            return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, path,
                                      _("expected {\"id\": ..., \"help\": ...}"));
        if ((st = grog_rulesdata_known_keys(d, v, path, kkeys, err)) != GROG_OK ||
            (st = grog_rulesdata_string(d, v, path, "id", &id, err)) != GROG_OK ||
            (st = grog_rulesdata_string(d, v, path, "help", &help, err)) != GROG_OK)
            return st;
        if (!valid_id(id))
            return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, path,
                                      _("\"%s\": an order id is one word of a-z, 0-9 and '-'"),
                                      id);
        if (find(k, id) >= 0) {
            if (house && !replace)
                continue; /* a house list may repeat the default words */
            return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, path,
                                      _("order \"%s\" is listed twice"), id);
        }
        if (k->n == KINDS_MAX)
            return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, path,
                                      _("at most %d order kinds"), KINDS_MAX);
        snprintf(k->k[k->n].id, sizeof k->k[k->n].id, "%s", id);
        snprintf(k->k[k->n].help, sizeof k->k[k->n].help, "%s", help);
        k->n++;
    }
    if (k->n == 0)
        return grog_jsonpos_error(err, GROG_EFORMAT, d->label, d->text, "orders.kinds",
                                  _("the list of order kinds is empty"));
    return GROG_OK;
}

grog_status order_kinds_load(const char *family, const char *text, const char *label,
                             order_kinds **out, grog_error *err)
{
    order_kinds *k = calloc(1, sizeof *k);
    if (k == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    grog_rulesdata d;
    int found = 0;
    grog_status st = grog_rulesdata_load(family, NULL, &d, err);
    if (st == GROG_OK) {
        st = read_block(&d, k, 0, &found, err);
        grog_rulesdata_free(&d);
    }
    if (st == GROG_OK && !found)
        st = grog_error_set(err, GROG_EFORMAT, _("rules/%s.json: no \"orders\" list"), family);
    k->is_default = 1;
    if (st == GROG_OK && text != NULL &&
        (st = grog_rulesdata_parse(text, label != NULL ? label : "house rules", &d, err)) ==
            GROG_OK) {
        st = read_block(&d, k, 1, &found, err);
        k->is_default = !found;
        grog_rulesdata_free(&d);
    }
    if (st != GROG_OK) {
        free(k);
        return st;
    }
    *out = k;
    return GROG_OK;
}

void order_kinds_free(order_kinds *k)
{
    free(k);
}

size_t order_kinds_count(const order_kinds *k)
{
    return k->n;
}

const char *order_kinds_id(const order_kinds *k, size_t i)
{
    return i < k->n ? k->k[i].id : NULL;
}

const char *order_kinds_help(const order_kinds *k, size_t i)
{
    return i < k->n ? k->k[i].help : NULL;
}

int order_kinds_is_default(const order_kinds *k)
{
    return k->is_default;
}

/* Levenshtein distance, bounded by the short words compared here. */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63)
        return 64;
    size_t row[64];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

/* A word's distance to a known id: 0 for a prefix of it ("att" -> attack). */
static size_t closeness(const char *word, const char *id)
{
    size_t n = strlen(word);
    if (n > 0 && strncmp(word, id, n) == 0)
        return 0;
    return edit_distance(word, id);
}

grog_status order_kinds_check(const order_kinds *k, const char *word, grog_error *err)
{
    if (find(k, word) >= 0)
        return GROG_OK;
    /* the three closest, nearest first; ties keep the list's order */
    int best[3] = {-1, -1, -1};
    size_t dist[3] = {(size_t)-1, (size_t)-1, (size_t)-1};
    for (size_t i = 0; i < k->n; i++) {
        size_t d = closeness(word, k->k[i].id);
        for (int s = 0; s < 3; s++) {
            if (d < dist[s]) {
                for (int t = 2; t > s; t--) {
                    best[t] = best[t - 1];
                    dist[t] = dist[t - 1];
                }
                best[s] = (int)i;
                dist[s] = d;
                break;
            }
        }
    }
    char near[3 * (KIND_ID_MAX + 2)] = "";
    for (int s = 0; s < 3 && best[s] >= 0; s++) {
        size_t len = strlen(near);
        snprintf(near + len, sizeof near - len, "%s%s", s > 0 ? ", " : "", k->k[best[s]].id);
    }
    return grog_error_set(err, GROG_EINVAL,
                          _("unknown order \"%s\"; the closest known: %s (a free text goes in "
                            "\"note TEXT\")"),
                          word, near);
}
