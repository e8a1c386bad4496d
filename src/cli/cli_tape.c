/* cli_tape.c — `--measure FROM:TO=VALUE` for the commands that work a test
 * out from a scenario (explain gdb-order, aigles-order, aigles-morale): the
 * measures given, read into a tape sized to the battle's table (a bare
 * number in the scenario's unit, nothing longer than the table's diagonal),
 * as the game's actions read theirs (src/game/table_measures.c). A measure
 * naming no piece of the battle, or one the test did not use, is refused
 * and nothing is printed. */
#include <math.h>
#include <string.h>

#include "cli.h"

int cli_measures_add(cli *c, cli_measures *m, const char *text)
{
    if (m->n >= GROG_TAPE_MAX)
        return cli_fail(c, CLI_EXIT_USAGE, _("at most %d --measure"), GROG_TAPE_MAX);
    m->v[m->n++] = text;
    return 0;
}

static int is_piece(const grog_battle *b, const char *id)
{
    return grog_battle_officer_by_id(b, id) != NULL || grog_battle_unit_by_id(b, id) != NULL;
}

int cli_measures_tape(cli *c, const cli_measures *m, const grog_battle *b, grog_tape **out)
{
    *out = NULL;
    if (m->n == 0)
        return 0;
    const grog_table *t = grog_battle_table(b);
    double w = t->width_mm + 2 * t->margin_mm, d = t->depth_mm + 2 * t->margin_mm;
    grog_tape *tape = grog_tape_create(&t->scale, t->file_unit, sqrt(w * w + d * d));
    if (tape == NULL)
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
    for (int i = 0; i < m->n; i++) {
        grog_error err;
        if (grog_tape_add(tape, m->v[i], &err) != GROG_OK) {
            grog_tape_destroy(tape);
            return cli_fail(c, CLI_EXIT_USAGE, "%s", err.message);
        }
        size_t k = grog_tape_count(tape) - 1;
        const char *ids[2] = {grog_tape_from(tape, k), grog_tape_to(tape, k)};
        for (int j = 0; j < 2; j++)
            if (!(j == 1 && strcmp(ids[j], GROG_TAPE_ENEMY) == 0) && !is_piece(b, ids[j])) {
                /* the message first: ids live in the tape */
                int rc = cli_fail(c, CLI_EXIT_INPUT,
                                  _("--measure %s: no officer or unit \"%s\" in this battle"),
                                  m->v[i], ids[j]);
                grog_tape_destroy(tape);
                return rc;
            }
    }
    *out = tape;
    return 0;
}

int cli_measures_check(cli *c, const grog_tape *tape)
{
    grog_error err;
    if (grog_tape_check(tape, &err) != GROG_OK)
        return cli_fail(c, CLI_EXIT_INPUT, "%s", err.message);
    return 0;
}
