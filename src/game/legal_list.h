/* legal_list.h — the actions list's insides (internal to legal_list.c,
 * legal_strings.c, legal_common.c and game_actions.c; the families build
 * the list through the legal_* functions of engine.h only).
 *
 * The list owns its entries and arguments (legal_list_free); every string it
 * is given is borrowed and interned once: its pointer maps to a number,
 * equal texts to the same number, and its quoted JSON text is made once
 * (strs[number]). A list of values (vlist) keeps its numbers in order and,
 * past a few, a set of them (a bitmap). A choices_by list the referee's
 * legal_side_pass gives a key as the side's first key's list is that list
 * (its first n values), not a copy, until something is added to it.
 * Running out of memory sets oom and the list stops growing. */
#ifndef GROG_LEGAL_LIST_H
#define GROG_LEGAL_LIST_H

#include <stddef.h>
#include <stdint.h>

#include "engine.h"

/* ---- interned strings ---- */

typedef struct istr {
    const char *s;
    uint32_t qoff;    /* the quoted text in the list's qtext (under 2 GiB: legal_list.c) */
    uint32_t qlen : 31;
    uint32_t bad : 1; /* not UTF-8: jansson refused it */
} istr;

typedef struct vlist {
    uint32_t *v;
    size_t n, cap;
    uint64_t *seen; /* every value ever added, once n passed SMALL (legal_list.c) or one was
                       taken out: a bit per string number (numbers come in battle order,
                       so the bits are read in order too, where a hash set missed the cache) */
    size_t nseen;   /* words of seen */
    int use_set;
    size_t same_as; /* a choices_by list: index + 1 of the list (of the same argument) whose
                       first n values are this one's, v NULL (legal_side_pass); 0: its own v */
} vlist;

struct legal_param {
    const char *name, *kind;
    vlist choices;
    uint32_t *keys; /* choices_by's keys in order, and their lists */
    vlist *by;
    size_t nby, capby;
    uint32_t *key_at; /* by key number: its index + 1, once there are more than SMALL keys */
    size_t nkey_at;
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

/* The strings of one array of the battle's pieces (its units, or its
 * officers: one array each in the model), numbered by piece: the lists are
 * handed ids and names by pointer in battle order, and an array read in
 * that order stays in the cache where a hash of 20,000 pointers does not. */
typedef struct legal_pieces {
    uintptr_t base;     /* the first piece; 0: none (the hash alone) */
    size_t n, size;     /* pieces, bytes each */
    size_t off[3];      /* the offsets of its id, name and side */
    uint32_t *num[3];   /* the id's, name's and side's slots by piece (legal_list.c) */
} legal_pieces;

struct legal_list {
    legal_act **acts;
    size_t n, cap;
    istr *strs;
    size_t nstrs, capstrs;
    const char **ptr_keys; /* string pointer -> number (open addressing) */
    uint32_t *ptr_vals; /* slots, as the pieces' (legal_list.c) */
    size_t ptr_cap, ptr_n;
    uint32_t *text_slots; /* text hash -> number + 1 */
    uint64_t *text_hashes;
    size_t text_cap;
    char *qtext;
    size_t qlen, qcap;
    uint32_t *unit_side, *officer_side; /* legal_same_side: each piece's side's number */
    uint32_t seat_side;                 /* legal_mine: the seat's side's number + 1, or 0 */
    legal_pieces pieces[2]; /* the battle's units and officers (legal_list_pieces) */
    int oom;
};

/* Grows *p (of *cap elements of size) to hold n + 1; 0 out of memory (oom set). */
int legal_grow(legal_list *L, void **p, size_t *cap, size_t n, size_t size);
/* The number of string s in the list (interned: its quoted text made once,
 * legal_strings.c);
 * 0 when out of memory or not UTF-8 (then left out, as jansson refused it). */
int legal_intern(legal_list *L, const char *s, uint32_t *out);
/* Numbers the ids, names and sides of b's pieces by piece from now on (the
 * same numbers as through the hash: an optimisation only); nothing when
 * out of memory. */
void legal_list_pieces(legal_list *L, const grog_battle *b);
/* legal_intern for the id, name or side of one of the battle's pieces
 * (through its slot: the string is read once per list at most); 0 for any
 * other string, or one not UTF-8, or out of memory. */
int legal_piece_string(legal_list *L, const char *s, uint32_t *out);
/* Marks the entries whose required arguments have no choice (not written). */
void legal_drop_empty(legal_list *L);
/* Frees what the list holds (not L itself). */
void legal_list_free(legal_list *L);
/* The values of p's choices_by list at (through the list it is the same as). */
const uint32_t *legal_by_values(const legal_param *p, size_t at);
/* The common actions' entries (legal_common.c): next, move, attach,
 * detach, the table events, note. */
void legal_common(const legal_ctx *l);

#endif
