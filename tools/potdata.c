/* potdata.c — the texts for people held in the data files, as a PO template.
 *
 * Usage: potdata OUT.pot FILE.json...
 * Rules files (data/rules/NAME.json): every string under a "text" key (a
 * formation's effects), a "note" key (why a value is a default) or a "label"
 * key (a table's column as the rulebook heads it: "France, Britain, late
 * Prussia"). Demo plans
 * (data/plans/NAME.json): the text of every "note TEXT" action. The library
 * translates these texts where they enter an explanation record, and the demo
 * its notes, so that French and Russian need no second copy of the data.
 * Invariant: each text appears once, with every file it comes from. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#define MAX_TEXTS 4096

typedef struct text {
    char *msgid;
    char refs[512];
    char path[160];
} text;

typedef struct texts {
    text v[MAX_TEXTS];
    size_t n;
} texts;

static void add(texts *t, const char *s, const char *file, const char *path)
{
    if (s == NULL || s[0] == '\0')
        return;
    for (size_t i = 0; i < t->n; i++) {
        if (strcmp(t->v[i].msgid, s) == 0) {
            if (strstr(t->v[i].refs, file) == NULL &&
                strlen(t->v[i].refs) + strlen(file) + 2 < sizeof t->v[i].refs) {
                strcat(t->v[i].refs, " ");
                strcat(t->v[i].refs, file);
            }
            return;
        }
    }
    if (t->n == MAX_TEXTS) {
        fprintf(stderr, "potdata: more than %d texts\n", MAX_TEXTS);
        exit(1);
    }
    text *x = &t->v[t->n++];
    x->msgid = strdup(s);
    if (x->msgid == NULL)
        exit(1);
    snprintf(x->refs, sizeof x->refs, "%s", file);
    snprintf(x->path, sizeof x->path, "%s", path);
}

static void walk(texts *t, json_t *v, const char *key, const char *file, const char *path,
                 int plan)
{
    char sub[160];
    if (json_is_object(v)) {
        const char *k;
        json_t *x;
        json_object_foreach(v, k, x) {
            snprintf(sub, sizeof sub, "%s.%s", path, k);
            walk(t, x, k, file, sub, plan);
        }
    } else if (json_is_array(v)) {
        size_t i;
        json_t *x;
        json_array_foreach(v, i, x) {
            snprintf(sub, sizeof sub, "%s[%zu]", path, i);
            walk(t, x, key, file, sub, plan);
        }
    } else if (json_is_string(v)) {
        const char *s = json_string_value(v);
        if (plan && strncmp(s, "note ", 5) == 0)
            add(t, s + 5, file, path);
        else if (!plan && key != NULL &&
                 (strcmp(key, "text") == 0 || strcmp(key, "note") == 0 ||
                  strcmp(key, "label") == 0))
            add(t, s, file, path);
    }
}

/* A PO string: quotes, backslashes and control characters escaped. */
static void put_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s != '\0'; s++) {
        switch (*s) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\t': fputs("\\t", f); break;
        default: fputc(*s, f); break;
        }
    }
    fputc('"', f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: potdata OUT.pot FILE.json...\n");
        return 2;
    }
    static texts t;
    for (int i = 2; i < argc; i++) {
        json_error_t err;
        json_t *j = json_load_file(argv[i], 0, &err);
        if (j == NULL) {
            fprintf(stderr, "potdata: %s:%d: %s\n", argv[i], err.line, err.text);
            return 1;
        }
        walk(&t, j, NULL, argv[i], "", strstr(argv[i], "plans/") != NULL);
        json_decref(j);
    }
    FILE *f = fopen(argv[1], "w");
    if (f == NULL) {
        perror(argv[1]);
        return 1;
    }
    fputs("msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\n", f);
    for (size_t i = 0; i < t.n; i++) {
        fprintf(f, "#. %s\n#: %s\nmsgid ", t.v[i].path, t.v[i].refs);
        put_string(f, t.v[i].msgid);
        fputs("\nmsgstr \"\"\n\n", f);
    }
    return fclose(f) == 0 ? 0 : 1;
}
