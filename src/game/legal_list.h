/* legal_list.h — the actions list's insides (internal to legal_list.c,
 * legal_common.c and game_actions.c; the families build the list through
 * the legal_* functions of engine.h only).
 *
 * The list owns its entries and arguments (legal_list_free); every string it
 * is given is borrowed and interned once: its pointer maps to a number,
 * equal texts to the same number, and its quoted JSON text is made once
 * (strs[number]). A list of values (vlist) keeps its numbers in order and,
 * past a few, a set of them (imap.h). Running out of memory sets oom and
 * the list stops growing. */
#ifndef GROG_LEGAL_LIST_H
#define GROG_LEGAL_LIST_H

#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "imap.h"

/* ---- interned strings ---- */

typedef struct istr {
    const char *s;
    size_t qoff, qlen; /* the quoted text in the list's qtext */
    int bad;           /* not UTF-8: jansson refused it */
} istr;

typedef struct vlist {
    uint32_t *v;
    size_t n, cap;
    imap seen; /* every value ever added, once n passed SMALL (legal_list.c) or one was taken out */
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

/* The number of string s in the list (interned: its quoted text made once);
 * 0 when out of memory or not UTF-8 (then left out, as jansson refused it). */
int legal_intern(legal_list *L, const char *s, uint32_t *out);
/* Marks the entries whose required arguments have no choice (not written). */
void legal_drop_empty(legal_list *L);
/* Frees what the list holds (not L itself). */
void legal_list_free(legal_list *L);
/* The common actions' entries (legal_common.c): next, move, attach,
 * detach, the table events, note. */
void legal_common(const legal_ctx *l);

#endif
