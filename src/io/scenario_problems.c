/* scenario_problems.c — the list of problems found in a scenario file.
 *
 * Each problem owns its strings; the public grog_problem views point into
 * them. The list is kept sorted by (line, column) on request, stably, so
 * problems at one place keep the order they were found in. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/scenario.h"
#include "scenario_internal.h"

struct grog_problems {
    grog_problem *items;
    size_t n, cap;
    size_t seq_sorted; /* items[0..seq_sorted) are sorted */
};

grog_problems *grog_problems_create(void)
{
    return calloc(1, sizeof(grog_problems));
}

static void free_item(grog_problem *p)
{
    free((char *)p->file);
    free((char *)p->path);
    free((char *)p->message);
    free((char *)p->text);
}

void grog_problems_clear(grog_problems *p)
{
    if (p == NULL)
        return;
    for (size_t i = 0; i < p->n; i++)
        free_item(&p->items[i]);
    p->n = 0;
    p->seq_sorted = 0;
}

void grog_problems_destroy(grog_problems *p)
{
    if (p == NULL)
        return;
    grog_problems_clear(p);
    free(p->items);
    free(p);
}

size_t grog_problems_count(const grog_problems *p)
{
    return p != NULL ? p->n : 0;
}

const grog_problem *grog_problems_get(const grog_problems *p, size_t i)
{
    return p != NULL && i < p->n ? &p->items[i] : NULL;
}

static char *dup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d != NULL)
        memcpy(d, s, n);
    return d;
}

int grog_problems_add(grog_problems *p, const char *file, int line, int column,
                      const char *path, const char *message)
{
    if (p->n == p->cap) {
        size_t ncap = p->cap ? p->cap * 2 : 16;
        grog_problem *ni = realloc(p->items, ncap * sizeof *ni);
        if (ni == NULL)
            return 0;
        p->items = ni;
        p->cap = ncap;
    }
    char text[GROG_ERROR_MAX];
    if (path[0] != '\0')
        snprintf(text, sizeof text, "%s:%d:%d: %s: %s", file, line, column, path, message);
    else
        snprintf(text, sizeof text, "%s:%d:%d: %s", file, line, column, message);
    grog_problem it = {dup(file), line, column, dup(path), dup(message), dup(text)};
    if (!it.file || !it.path || !it.message || !it.text) {
        free_item(&it);
        return 0;
    }
    p->items[p->n++] = it;
    return 1;
}

void grog_problems_sort(grog_problems *p, size_t from)
{
    /* Insertion sort of the new items (from..n) into place: stable, and the
     * lists are short (the loader stops at GROG_SCENARIO_MAX_PROBLEMS). */
    for (size_t i = from > 0 ? from : 1; i < p->n; i++) {
        grog_problem it = p->items[i];
        size_t j = i;
        while (j > from && (p->items[j - 1].line > it.line ||
                            (p->items[j - 1].line == it.line &&
                             p->items[j - 1].column > it.column))) {
            p->items[j] = p->items[j - 1];
            j--;
        }
        p->items[j] = it;
    }
    p->seq_sorted = p->n;
}
