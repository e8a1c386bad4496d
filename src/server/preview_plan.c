/* preview_plan.c — the plan's line added to a preview's answer (POST
 * /api/v1/preview of an order, adc, explaining or pips): under the odds of
 * the roll, when the order will be in force (plan.h).
 *
 * Invariant: the answer is the preview's own JSON with one key more,
 * "plan" (a line for people, in the request's language); when there is no
 * plan for the words, or anything fails, the answer is left as it was. */
#include <jansson.h>
#include <stdlib.h>

#include "grognard/plan.h"
#include "preview_plan.h"

char *server_preview_plan(const grog_game *g, const grog_seat *seat, int argc,
                          const char *const *argv, char *result)
{
    if (result == NULL || argc < 2)
        return result;
    char *line = NULL;
    grog_plan_preview_line(g, seat, argc - 1, argv + 1, &line, NULL);
    json_t *j = line != NULL ? json_loads(result, 0, NULL) : NULL;
    char *out = NULL;
    if (j != NULL && json_object_set_new(j, "plan", json_string(line)) == 0)
        out = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(j);
    free(line);
    if (out == NULL)
        return result;
    free(result);
    return out;
}
