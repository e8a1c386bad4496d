/* game_actions.c — what a seat may do now: every action word with its
 * arguments and their choices, as JSON for the table page, the server and
 * completion (grog_game_actions_json).
 *
 * Only what is legal now is listed: an action whose required argument has no
 * valid choice is left out, a piece the seat may not act with is never a
 * choice. The common actions are worked out in legal_common.c; each family
 * adds its own through family_ops.legal. The lists follow the same checks the actions
 * make; an action listed may still be refused for a reason only the whole
 * test knows (a command zone, a die), and says so when it is. Nothing here
 * changes the game.
 *
 * The list is built in plain arrays and written directly, byte for byte as
 * jansson's json_dumps(JSON_INDENT(2)) wrote the tree of jansson objects
 * that was built before, once each choices_by list written as another
 * key's name is replaced by that key's list (docs/performance.md, "The
 * actions list"; tests/test_game_actions.c compares the texts of many
 * games). Writing copies each quoted text (made once, when the string was
 * interned: legal_list.c), and a choices_by list equal to an earlier key's
 * is written as that key (docs/game.md).
 *
 * This file: the list written, and grog_game_actions_json. The list is
 * built by legal_list.c (its insides: legal_list.h), its common entries by
 * legal_common.c, the family's by family_ops.legal. */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "i18n.h"
#include "legal_list.h"

/* ---- writing: json_dumps(JSON_INDENT(2)) of the same document ---- */

typedef struct wbuf {
    char *s;
    size_t len, cap;
    int oom;
} wbuf;

static int room(wbuf *w, size_t more)
{
    if (w->len + more <= w->cap)
        return 1;
    size_t cap = w->cap ? w->cap : 1 << 16;
    while (cap < w->len + more)
        cap *= 2;
    char *s = w->oom ? NULL : realloc(w->s, cap);
    if (s == NULL) {
        w->oom = 1;
        return 0;
    }
    w->s = s;
    w->cap = cap;
    return 1;
}

static void put(wbuf *w, const char *s, size_t n)
{
    if (room(w, n)) {
        memcpy(w->s + w->len, s, n);
        w->len += n;
    }
}

#define PUT(w, lit) put((w), (lit), sizeof(lit) - 1)

/* A newline and the indent of depth levels. */
static void newline(wbuf *w, int depth)
{
    if (room(w, 1 + 2 * (size_t)depth)) {
        w->s[w->len] = '\n';
        memset(w->s + w->len + 1, ' ', 2 * (size_t)depth);
        w->len += 1 + 2 * (size_t)depth;
    }
}

/* Any string (the document's own: action words, helps, kinds...). A text
 * that is not UTF-8 (none is: they are literals, translations and ids read
 * by jansson) would be written with U+FFFD. */
static void put_str(wbuf *w, const char *s)
{
    size_t n = strlen(s);
    int bad = 0;
    if (n <= GROG_JSONTEXT_STRING_MAX && room(w, GROG_JSONTEXT_QUOTED_MAX(n)))
        w->len += grog_jsontext_quote(w->s + w->len, s, n, 1, &bad);
}

/* A member's key, after a comma unless it is the first. */
static void put_key(wbuf *w, int depth, int first, const char *key)
{
    if (!first)
        PUT(w, ",");
    newline(w, depth);
    put_str(w, key);
    PUT(w, ": ");
}

static void put_key_str(wbuf *w, int depth, int first, const char *key, const char *s)
{
    put_key(w, depth, first, key);
    put_str(w, s);
}

/* An array of n interned strings whose elements stand at depth. */
static void put_values(wbuf *w, const legal_list *L, const uint32_t *v, size_t n, int depth)
{
    if (n == 0) {
        PUT(w, "[]");
        return;
    }
    PUT(w, "[");
    size_t step = 2 + 2 * (size_t)depth;
    for (size_t i = 0; i < n; i++) {
        const istr *x = &L->strs[v[i]];
        if (!room(w, step + x->qlen))
            return;
        char *p = w->s + w->len;
        if (i > 0)
            *p++ = ',';
        *p++ = '\n';
        memset(p, ' ', 2 * (size_t)depth);
        p += 2 * (size_t)depth;
        memcpy(p, L->qtext + x->qoff, x->qlen);
        w->len = (size_t)(p + x->qlen - w->s);
    }
    newline(w, depth - 1);
    PUT(w, "]");
}

static void put_vlist(wbuf *w, const legal_list *L, const vlist *vl, int depth)
{
    put_values(w, L, vl->v, vl->n, depth);
}

/* Whether p's choices_by lists i and j hold the same values. */
static int same_values(const legal_param *p, size_t i, size_t j)
{
    return p->by[i].n == p->by[j].n &&
           memcmp(legal_by_values(p, i), legal_by_values(p, j),
                  p->by[i].n * sizeof(uint32_t)) == 0;
}

/* The FNV-1a digest of p's choices_by list j (to find equal lists at once). */
static uint64_t vlist_digest(const legal_param *p, size_t j)
{
    const uint32_t *v = legal_by_values(p, j);
    uint64_t h = 1469598103934665603ull ^ p->by[j].n;
    for (size_t i = 0; i < p->by[j].n; i++)
        h = (h ^ v[i]) * 1099511628211ull;
    return h;
}

/* For each key j of p, the first key whose list equals j's (j itself when
 * no key before it has that list, or the list is empty); NULL when out of
 * memory. Caller frees. A list that is all of an earlier list (same_as,
 * legal_list.h) is known equal to it without reading it: the referee's
 * lists stay linear in the battle's size to compare. */
static size_t *first_equal(const legal_param *p)
{
    size_t cap = 16;
    while (cap < 2 * p->nby)
        cap *= 2;
    size_t *first = malloc(p->nby * sizeof *first), *slot = malloc(cap * sizeof *slot);
    uint64_t *dig = malloc(p->nby * sizeof *dig);
    if (first == NULL || slot == NULL || dig == NULL) {
        free(first), free(slot), free(dig);
        return NULL;
    }
    for (size_t i = 0; i < cap; i++)
        slot[i] = (size_t)-1;
    for (size_t j = 0; j < p->nby; j++) {
        first[j] = j;
        if (p->by[j].n == 0)
            continue;
        size_t src = p->by[j].same_as;
        if (src != 0 && p->by[src - 1].n == p->by[j].n) { /* src - 1 < j: done */
            first[j] = first[src - 1];
            dig[j] = dig[src - 1];
            continue;
        }
        dig[j] = vlist_digest(p, j);
        size_t i = (size_t)dig[j] & (cap - 1);
        while (slot[i] != (size_t)-1 &&
               !(dig[slot[i]] == dig[j] && same_values(p, slot[i], j)))
            i = (i + 1) & (cap - 1);
        if (slot[i] == (size_t)-1)
            slot[i] = j;
        else
            first[j] = slot[i];
    }
    free(slot);
    free(dig);
    return first;
}

/* choices_by: {key: [...]}, its members at depth. A list equal to an
 * earlier key's is written as that key, a string (docs/game.md): the
 * referee's list gives every piece of a side the same choices where they
 * depend on the side alone (contact, surrounded, attach...), 29 MB for a
 * 2,000-unit gdb battle when each was written out. */
static void put_by(wbuf *w, const legal_list *L, const legal_param *p, int depth)
{
    if (p->nby == 0) {
        PUT(w, "{}");
        return;
    }
    size_t *first = first_equal(p);
    if (first == NULL) {
        w->oom = 1;
        return;
    }
    PUT(w, "{");
    for (size_t j = 0; j < p->nby; j++) {
        const istr *k = &L->strs[p->keys[j]];
        if (j > 0)
            PUT(w, ",");
        newline(w, depth);
        put(w, L->qtext + k->qoff, k->qlen);
        PUT(w, ": ");
        if (first[j] != j) {
            const istr *f = &L->strs[p->keys[first[j]]];
            put(w, L->qtext + f->qoff, f->qlen);
        } else {
            put_values(w, L, legal_by_values(p, j), p->by[j].n, depth + 1);
        }
    }
    free(first);
    newline(w, depth - 1);
    PUT(w, "}");
}

/* An argument object, its members at depth. */
static void put_param(wbuf *w, const legal_list *L, const legal_param *p, int depth)
{
    PUT(w, "{");
    put_key_str(w, depth, 1, "name", p->name);
    put_key_str(w, depth, 0, "kind", p->kind);
    put_key(w, depth, 0, "choices");
    put_vlist(w, L, &p->choices, depth + 1);
    if (p->optional == 1) {
        put_key(w, depth, 0, "optional");
        PUT(w, "true");
    }
    if (p->nby > 0) {
        put_key(w, depth, 0, "choices_by");
        put_by(w, L, p, depth + 1);
    }
    if (p->optional == 2) {
        put_key(w, depth, 0, "optional");
        PUT(w, "true");
    }
    newline(w, depth - 1);
    PUT(w, "}");
}

static void put_int(wbuf *w, long long v)
{
    char num[GROG_JSONTEXT_INT_MAX];
    put(w, num, grog_jsontext_format_int(num, v));
}

static void put_rolls(wbuf *w, const legal_act *a, int depth)
{
    PUT(w, "[");
    for (size_t i = 0; i < a->nrolls; i++) {
        if (i > 0)
            PUT(w, ",");
        newline(w, depth);
        PUT(w, "{");
        put_key_str(w, depth + 1, 1, "who", a->rolls[i].who);
        put_key_str(w, depth + 1, 0, "dice", "1d6");
        put_key(w, depth + 1, 0, "count");
        put_int(w, a->rolls[i].count);
        put_key_str(w, depth + 1, 0, "what", a->rolls[i].what);
        newline(w, depth);
        PUT(w, "}");
    }
    newline(w, depth - 1);
    PUT(w, "]");
}

/* An action entry, its members at depth. */
static void put_act(wbuf *w, const legal_list *L, const legal_act *a, int depth)
{
    PUT(w, "{");
    put_key_str(w, depth, 1, "action", a->words[0]);
    put_key(w, depth, 0, "words");
    PUT(w, "[");
    for (size_t i = 0; i < 2 && a->words[i] != NULL; i++) {
        if (i > 0)
            PUT(w, ",");
        newline(w, depth + 1);
        put_str(w, a->words[i]);
    }
    newline(w, depth);
    PUT(w, "]");
    put_key_str(w, depth, 0, "help", a->help);
    put_key(w, depth, 0, "args");
    if (a->nargs == 0)
        PUT(w, "[]");
    for (size_t i = 0; i < a->nargs; i++) {
        put(w, i == 0 ? "[" : ",", 1);
        newline(w, depth + 1);
        put_param(w, L, a->args[i], depth + 2);
    }
    if (a->nargs > 0) {
        newline(w, depth);
        PUT(w, "]");
    }
    put_key(w, depth, 0, "options");
    if (a->noptions == 0)
        PUT(w, "[]");
    for (size_t i = 0; i < a->noptions; i++) {
        put(w, i == 0 ? "[" : ",", 1);
        newline(w, depth + 1);
        PUT(w, "{");
        put_key_str(w, depth + 2, 1, "name", a->options[i][0]);
        put_key_str(w, depth + 2, 0, "kind", a->options[i][1]);
        newline(w, depth + 1);
        PUT(w, "}");
    }
    if (a->noptions > 0) {
        newline(w, depth);
        PUT(w, "]");
    }
    put_key(w, depth, 0, "roll");
    if (a->roll[0] == NULL) {
        PUT(w, "null");
    } else {
        PUT(w, "{");
        put_key_str(w, depth + 1, 1, "dice", a->roll[0]);
        put_key_str(w, depth + 1, 0, "option", a->roll[1]);
        put_key_str(w, depth + 1, 0, "what", a->roll[2]);
        newline(w, depth);
        PUT(w, "}");
    }
    put_key(w, depth, 0, "preview");
    if (a->preview)
        PUT(w, "true");
    else
        PUT(w, "false");
    if (a->words[1] != NULL)
        put_key_str(w, depth, 0, "event", a->words[1]);
    if (a->has_rolls) {
        put_key(w, depth, 0, "rolls");
        put_rolls(w, a, depth + 1);
    }
    newline(w, depth - 1);
    PUT(w, "}");
}

/* The names of the pieces, for buttons: {"id": "name"}, members at depth 2.
 * A battle's ids are unique across its pieces and plain ASCII (battle.c's
 * invariant), so each piece is one member, in battle order, as a jansson
 * object of them was; a name that is not UTF-8 leaves its piece out, as
 * jansson refused it. Written as they are read: neither ids nor names are
 * looked up (a side's list never saw the other side's ids). */
static void put_names(wbuf *w, const grog_battle *b)
{
    size_t no = grog_battle_nofficers(b), n = no + grog_battle_nunits(b), used = 0;
    char qname[GROG_JSONTEXT_QUOTED_MAX(GROG_NAME_MAX)];
    for (size_t i = 0; i < n && !w->oom; i++) {
        const char *id = i < no ? grog_battle_officer(b, i)->id : grog_battle_unit(b, i - no)->id;
        const char *nm = i < no ? grog_battle_officer(b, i)->name
                                : grog_battle_unit(b, i - no)->name;
        size_t len = strnlen(nm, GROG_NAME_MAX - 1);
        int bad = 0;
        size_t qlen = grog_jsontext_quote(qname, nm, len, 0, &bad);
        if (bad)
            continue;
        put(w, used++ == 0 ? "{" : ",", 1);
        newline(w, 2);
        put_str(w, id);
        PUT(w, ": ");
        put(w, qname, qlen);
    }
    if (used == 0) {
        PUT(w, "{}");
        return;
    }
    newline(w, 1);
    PUT(w, "}");
}

grog_status grog_game_actions_json(const grog_game *g, const grog_seat *seat, char **out,
                                   grog_error *err)
{
    int referee = seat != NULL && seat->kind == GROG_SEAT_REFEREE;
    const char *side = seat != NULL && seat->kind == GROG_SEAT_SIDE ? seat->side : NULL;
    legal_list L;
    memset(&L, 0, sizeof L);
    legal_ctx l;
    game_legal_ctx(g, referee ? NULL : side, &l);
    l.list = &L;
    legal_list_pieces(&L, l.battle);
    if (referee || (side != NULL && side[0] != '\0')) {
        legal_common(&l);
        const family_ops *ops = game_ops(g);
        if (ops->legal != NULL)
            ops->legal(&l);
        legal_drop_empty(&L);
    }
    wbuf w = {NULL, 0, 0, L.oom};
    PUT(&w, "{");
    put_key_str(&w, 1, 1, "family", grog_family_name(grog_game_family(g)));
    put_key(&w, 1, 0, "turn");
    put_int(&w, l.turn);
    put_key_str(&w, 1, 0, "phase", l.phase_id);
    put_key(&w, 1, 0, "side");
    if (referee || side == NULL)
        PUT(&w, "null");
    else
        put_str(&w, side);
    put_key(&w, 1, 0, "actions");
    size_t shown = 0;
    for (size_t i = 0; i < L.n; i++) {
        if (L.acts[i]->dropped)
            continue;
        put(&w, shown++ == 0 ? "[" : ",", 1);
        newline(&w, 2);
        put_act(&w, &L, L.acts[i], 3);
    }
    if (shown == 0) {
        PUT(&w, "[]");
    } else {
        newline(&w, 1);
        PUT(&w, "]");
    }
    put_key(&w, 1, 0, "names");
    put_names(&w, l.battle);
    newline(&w, 0);
    PUT(&w, "}");
    put(&w, "", 1); /* the NUL */
    legal_list_free(&L);
    if (w.oom) {
        free(w.s);
        *out = NULL;
        return grog_error_set(err, GROG_ENOMEM, _("out of memory"));
    }
    *out = w.s;
    return GROG_OK;
}
