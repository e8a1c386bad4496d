/* docs_util.h — what the tests that run the documents' examples share
 * (test_docs.c, test_languages.c; docs_util.c, linked into every test program):
 * the source tree, a file read whole, a command line split into words, the
 * documents (README.md and the .md files of docs/), their `grognard ...` examples in the order
 * written, and a scratch folder with the fixtures the examples name.
 * Ownership: docs_slurp's text is the caller's (free). */
#ifndef GROG_TEST_DOCS_UTIL_H
#define GROG_TEST_DOCS_UTIL_H

#include <stddef.h>

/* The top of the source tree: $GROGNARD_SRCDIR, or ".". */
const char *docs_srcdir(void);
/* The whole file at path (NUL-ended), or "" when it cannot be read. */
char *docs_slurp(const char *path);
/* Splits a command line into words in place (double and single quotes keep a
 * word together); argv ends with NULL; the count. */
int docs_split(char *line, char **argv, int max);
/* README.md and the docs folder's .md files, as paths (at most max). */
size_t docs_paths(char paths[][512], size_t max);

/* One example: line (from 1) of the document, the command from "grognard " on
 * (its continued lines joined, a comment " # ..." cut off into comment, or ""),
 * ctx the caller's. Returns 1 when it ran it (counted), 0 when it passed it over. */
typedef int (*docs_example_fn)(void *ctx, int line, const char *cmd, const char *comment);
/* Calls f for every `grognard ...` line of the fenced blocks of doc ("$ " prompts
 * taken off, lines ending in "\" joined to the next); how many it ran. */
size_t docs_examples(const char *doc, docs_example_fn f, void *ctx);

/* A fresh scratch folder from the template dir ("/tmp/...-XXXXXX", rewritten),
 * made the working directory with the examples' fixtures in it (a scenario of
 * one's own, a house-rules file, tests/ and data/ linked); cwd gets the old one. */
void docs_scratch_in(char *dir, char *cwd, size_t size);
/* Back to cwd; the scratch folder dir removed. */
void docs_scratch_out(const char *dir, const char *cwd);

#endif
