/* piece_codes.c — short codes to ids in action words (piece_codes.h). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "piece_codes.h"

/* The id of the piece whose code word is, or NULL (an id, or no code). */
static const char *id_of_code(const grog_battle *b, const char *word)
{
    size_t i;
    if (grog_battle_side_index(b, word, &i))
        return NULL;
    if (grog_battle_officer_index(b, word, &i) && strcmp(grog_battle_officer(b, i)->id, word) == 0)
        return NULL;
    if (grog_battle_unit_index(b, word, &i) && strcmp(grog_battle_unit(b, i)->id, word) == 0)
        return NULL;
    int unit;
    if (!grog_battle_code_find(b, word, &unit, &i))
        return NULL;
    return unit ? grog_battle_unit(b, i)->id : grog_battle_officer(b, i)->id;
}

char **piece_codes_words(const grog_battle *b, int argc, const char *const *words)
{
    char **w = calloc((size_t)argc + 1, sizeof *w);
    if (w == NULL)
        return NULL;
    /* a note is free text: "note A1 holds" is the words as written */
    int free_text = argc > 0 && strcasecmp(words[0], "note") == 0;
    for (int i = 0; i < argc; i++) {
        const char *id = i > 0 && !free_text && words[i][0] != '-' ? id_of_code(b, words[i]) : NULL;
        w[i] = strdup(id != NULL ? id : words[i]);
        if (w[i] == NULL) {
            piece_codes_free(w, i);
            return NULL;
        }
    }
    return w;
}

void piece_codes_free(char **w, int argc)
{
    for (int i = 0; w != NULL && i < argc; i++)
        free(w[i]);
    free(w);
}
