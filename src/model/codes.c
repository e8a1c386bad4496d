/* codes.c — the short codes of the pieces, as printed on the rosters: the
 * side's letter (A for the battle's first side, B for the second...) and the
 * piece's number within its side, its officers first then its units, in
 * battle order, from 1: "A1", "B12". Accepted wherever an id is (battle.c's
 * look-ups fall back on them), any case; an id always wins over a code, so a
 * scenario with a piece whose id is "A1" means that piece. The codes follow
 * the battle's order, which a game never changes, so a code names the same
 * piece for the whole game. */
#include <stdio.h>
#include <string.h>

#include "grognard/battle.h"

int grog_battle_piece_code(const grog_battle *b, int unit, size_t index, char out[GROG_CODE_MAX])
{
    size_t no = grog_battle_nofficers(b), nu = grog_battle_nunits(b), side;
    const char *sid = unit ? (index < nu ? grog_battle_unit(b, index)->side : NULL)
                           : (index < no ? grog_battle_officer(b, index)->side : NULL);
    if (sid == NULL || !grog_battle_side_index(b, sid, &side) || side >= 26)
        return 0;
    size_t n = 1;
    for (size_t i = 0; i < no && (unit || i < index); i++)
        n += strcmp(grog_battle_officer(b, i)->side, sid) == 0;
    for (size_t i = 0; unit && i < index; i++)
        n += strcmp(grog_battle_unit(b, i)->side, sid) == 0;
    snprintf(out, GROG_CODE_MAX, "%c%zu", 'A' + (int)side, n);
    return 1;
}

/* code = a letter and a number from 1, nothing else; *side, *n. */
static int parse(const char *code, size_t *side, size_t *n)
{
    char c = code != NULL ? code[0] : '\0';
    if (c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    if (c < 'A' || c > 'Z' || code[1] < '1' || code[1] > '9')
        return 0;
    size_t v = 0;
    for (const char *p = code + 1; *p; p++) {
        if (*p < '0' || *p > '9' || v > 100000000)
            return 0;
        v = v * 10 + (size_t)(*p - '0');
    }
    *side = (size_t)(c - 'A');
    *n = v;
    return 1;
}

int grog_battle_code_find(const grog_battle *b, const char *code, int *unit, size_t *index)
{
    size_t side, n;
    if (!parse(code, &side, &n) || side >= grog_battle_nsides(b))
        return 0;
    const char *sid = grog_battle_side(b, side)->id;
    for (size_t i = 0; i < grog_battle_nofficers(b); i++)
        if (strcmp(grog_battle_officer(b, i)->side, sid) == 0 && --n == 0) {
            *unit = 0;
            *index = i;
            return 1;
        }
    for (size_t i = 0; i < grog_battle_nunits(b); i++)
        if (strcmp(grog_battle_unit(b, i)->side, sid) == 0 && --n == 0) {
            *unit = 1;
            *index = i;
            return 1;
        }
    return 0;
}
