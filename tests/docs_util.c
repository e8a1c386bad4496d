/* docs_util.c — the documents' examples, for the tests that run them
 * (docs_util.h). */
#include <dirent.h>
#include <unistd.h>

#include "docs_util.h"
#include "testutil.h"

const char *docs_srcdir(void)
{
    const char *s = getenv("GROGNARD_SRCDIR");
    return s != NULL ? s : ".";
}

char *docs_slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return strdup("");
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    int c;
    while ((c = fgetc(f)) != EOF)
        fputc(c, m);
    fclose(m);
    fclose(f);
    return buf;
}

int docs_split(char *line, char **argv, int max)
{
    int n = 0;
    char *p = line;
    while (*p && n < max - 1) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        char q = (*p == '"' || *p == '\'') ? *p++ : 0;
        argv[n++] = p;
        while (*p && (q ? *p != q : *p != ' '))
            p++;
        if (*p)
            *p++ = '\0';
    }
    argv[n] = NULL;
    return n;
}

size_t docs_paths(char paths[][512], size_t max)
{
    size_t n = 0;
    snprintf(paths[n++], 512, "%s/README.md", docs_srcdir());
    char dir[250]; /* with a name of up to 255 bytes, the path fits in 512 */
    snprintf(dir, sizeof dir, "%s/docs", docs_srcdir());
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < max) {
        size_t len = strlen(e->d_name);
        if (len > 3 && strcmp(e->d_name + len - 3, ".md") == 0)
            snprintf(paths[n++], 512, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    return n;
}

/* One line of a fenced block, its prompt taken off, joined to what came before
 * it (joined, when the line before ended in "\"): 1 and the command in cmd (a
 * comment cut off into comment) when it is a whole `grognard ...` line. */
static int example_of(const char *line, char *joined, size_t jsize, char *cmd, size_t csize,
                      char *comment, size_t msize)
{
    const char *s = line;
    while (*s == ' ')
        s++;
    if (strncmp(s, "$ ", 2) == 0)
        s += 2;
    if (joined[0]) { /* a continued line */
        strncat(joined, " ", jsize - strlen(joined) - 1);
        strncat(joined, s, jsize - strlen(joined) - 1);
        s = joined;
    }
    if (strncmp(s, "grognard ", 9) != 0) {
        joined[0] = '\0';
        return 0;
    }
    size_t len = strlen(s);
    if (len > 0 && s[len - 1] == '\\') {
        char tmp[2048];
        snprintf(tmp, sizeof tmp, "%.*s", (int)(len - 1), s);
        snprintf(joined, jsize, "%s", tmp);
        return 0;
    }
    snprintf(cmd, csize, "%s", s);
    joined[0] = '\0';
    char *at = strstr(cmd, " #");
    snprintf(comment, msize, "%s", at != NULL ? at + 2 : "");
    if (at != NULL)
        *at = '\0';
    return 1;
}

size_t docs_examples(const char *doc, docs_example_fn f, void *ctx)
{
    char *text = docs_slurp(doc);
    int inblock = 0, lineno = 0;
    size_t ran = 0;
    char joined[2048] = "", cmd[2048], comment[2048];
    for (char *line = text, *next; line != NULL && *line != '\0'; line = next) {
        lineno++;
        next = strchr(line, '\n');
        if (next != NULL)
            *next++ = '\0';
        if (strncmp(line, "```", 3) == 0) {
            inblock = !inblock;
            continue;
        }
        if (inblock && example_of(line, joined, sizeof joined, cmd, sizeof cmd, comment,
                                  sizeof comment))
            ran += (size_t)f(ctx, lineno, cmd, comment);
    }
    free(text);
    return ran;
}

void docs_scratch_in(char *dir, char *cwd, size_t size)
{
    assert_non_null(getcwd(cwd, size));
    assert_non_null(mkdtemp(dir));
    assert_int_equal(chdir(dir), 0);
    char cmd[2000];
    const char *top = docs_srcdir();
    snprintf(cmd, sizeof cmd,
             "cp '%s/tests/data/scenario-minimal.json' my-battle.json && cp '%s/data/rules/gdb.json' "
             "house-gdb.json && ln -sfn '%s/tests' tests && ln -sfn '%s/data' data",
             top, top, top, top);
    assert_int_equal(system(cmd), 0);
}

void docs_scratch_out(const char *dir, const char *cwd)
{
    char rm[600];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
    assert_int_equal(chdir(cwd), 0);
    assert_int_equal(system(rm), 0);
}
