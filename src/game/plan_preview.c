/* plan_preview.c — the plan's line under a preview's odds (the page's
 * `order`, `adc`, `explaining` and `pips`): the words of the action become a
 * plan request (plan.h) and its first turns one line for people.
 *
 * Invariant: a preview line never refuses the preview: an action with no
 * plan, or a plan the rules refuse now, gives no line (the preview's own
 * record says why the action is refused). The action's --roll is no plan's
 * and is passed over; its --measure words become the plan's measures, so
 * that the line reads the same distances as the odds above it. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/tape.h"
#include "grognard/text.h"
#include "i18n.h"
#include "plan_internal.h"

#define PREVIEW_TURNS 3

/* The words without their options: the positional ones into words, the
 * values of --measure into measures; how many positional words. */
typedef struct preview_words {
    const char *words[8];
    const char *measures[GROG_TAPE_MAX];
    size_t nmeasures;
} preview_words;

static int split_words(int argc, const char *const *argv, preview_words *w)
{
    int n = 0;
    w->nmeasures = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--measure") == 0 && i + 1 < argc) {
            if (w->nmeasures < GROG_TAPE_MAX)
                w->measures[w->nmeasures++] = argv[i + 1];
            i++;
        } else if (strcmp(argv[i], "--roll") == 0 && i + 1 < argc) {
            i++;
        } else if (n < 8) {
            w->words[n++] = argv[i];
        }
    }
    return n;
}

/* The request the words ask for; 0 when they are no plan's. */
static int request_of(const grog_game *g, int words, const char *const *argv,
                      const preview_words *pw, grog_plan_request *r)
{
    memset(r, 0, sizeof *r);
    r->turns = PREVIEW_TURNS;
    r->measures = pw->measures;
    r->nmeasures = pw->nmeasures;
    int argc = words;
    grog_family f = grog_game_family(g);
    if (argc < 2)
        return 0;
    const char *w = argv[0];
    if (f == GROG_FAMILY_GT)
        return strcmp(w, "pips") == 0 ? (r->kind = "pips", r->corps = argv[1], 1) : 0;
    if (argc < 4)
        return 0;
    r->kind = "order";
    r->target = argv[2];
    r->order = argv[3];
    if (strcmp(w, "order") == 0) {
        r->general = argv[1];
        return 1;
    }
    if (f != GROG_FAMILY_AIGLES)
        return 0;
    if (strcmp(w, "explaining") == 0) {
        r->general = argv[1];
        r->explain = 1;
        return 1;
    }
    if (strcmp(w, "adc") == 0) {
        const grog_officer *adc = grog_battle_officer_by_id(grog_game_battle(g), argv[1]);
        if (adc == NULL)
            return 0;
        r->general = adc->superior;
        r->adc = adc->id;
        return 1;
    }
    return 0;
}

static double percent_of(const json_t *row, const char *key)
{
    return json_real_value(json_object_get(row, key));
}

static char *order_line(const json_t *j, const char *asked)
{
    json_t *plan = json_object_get(j, "plan"), *rows = json_object_get(j, "by_turn");
    const char *via = json_string_value(json_object_get(plan, "via"));
    /* an order out of the zone is refused: no ADC line under it */
    if (via != NULL && strcmp(via, "adc") == 0 && strcmp(asked, "adc") != 0)
        return NULL;
    char line[512] = "";
    size_t len = 0;
    for (size_t k = 0; k < json_array_size(rows) && len < sizeof line; k++) {
        json_t *r = json_array_get(rows, k);
        int n = grog_text_snprintf(
            line + len, sizeof line - len,
            k == 0 ? _("in force by turn %d: %.0f%%") : _(", by turn %d: %.0f%%"),
            (int)json_integer_value(json_object_get(r, "turn")), percent_of(r, "percent"));
        len += n > 0 ? (size_t)n : 0;
    }
    return strdup(line);
}

static char *pips_line(const json_t *j)
{
    json_t *gens = json_object_get(j, "generals");
    char line[1024];
    int n = grog_text_snprintf(line, sizeof line, "%s", _("mean PIPs:"));
    size_t len = n > 0 ? (size_t)n : 0;
    for (size_t k = 0; k < json_array_size(gens) && len < sizeof line; k++) {
        json_t *gj = json_array_get(gens, k);
        n = snprintf(line + len, sizeof line - len, "%s %s %.1f", k > 0 ? "," : "",
                     json_string_value(json_object_get(gj, "name")),
                     json_real_value(json_object_get(gj, "mean")));
        len += n > 0 ? (size_t)n : 0;
    }
    return strdup(line);
}

grog_status grog_plan_preview_line(const grog_game *g, const grog_seat *seat, int argc,
                                   const char *const *argv, char **line, grog_error *err)
{
    (void)err;
    *line = NULL;
    grog_plan_request r;
    preview_words pw;
    int words = split_words(argc, argv, &pw);
    if (!request_of(g, words, pw.words, &pw, &r))
        return GROG_OK;
    char *text = NULL;
    grog_error quiet;
    if (grog_plan_make(g, seat, &r, &text, &quiet) != GROG_OK)
        return GROG_OK;
    json_t *j = json_loads(text, 0, NULL);
    free(text);
    if (j != NULL)
        *line = strcmp(r.kind, "pips") == 0 ? pips_line(j) : order_line(j, argv[0]);
    json_decref(j);
    return GROG_OK;
}
