/* cmd_scenario.c — `grognard validate`, `grognard show` and
 * `grognard generate`: a scenario file checked, printed as an order of
 * battle with the command distances of every family, or generated.
 *
 * FILE may be a path or the name of an embedded scenario ("quatre-bras");
 * without FILE the embedded default is used. Only include/grognard/ is used;
 * the radii come from the rules families' data through
 * grog_map_options_from_rules (map.h). */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grognard/battle.h"
#include "grognard/explain.h"
#include "grognard/jsonout.h"
#include "grognard/map.h"
#include "grognard/scenario.h"
#include "grognard/view.h"

/* `-o FILE` is accepted as `--output FILE` (cli_options knows long options
 * only). argv is copied, never modified. */
static char **with_long_output(int argc, char **argv)
{
    char **v = malloc(((size_t)argc + 1) * sizeof *v);
    if (v == NULL)
        return NULL;
    for (int i = 0; i < argc; i++)
        v[i] = strcmp(argv[i], "-o") == 0 ? (char *)"--output" : argv[i];
    v[argc] = NULL;
    return v;
}

static void dump_json(cli *c, json_t *root)
{
    char *s = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    if (s != NULL) {
        fprintf(c->out, "%s\n", s);
        free(s);
    }
    json_decref(root);
}

/* ---- validate ---- */

static int on_validate_opt(cli *c, int id, const char *arg, void *ctx)
{
    (void)c;
    (void)id;
    (void)arg;
    (void)ctx;
    return CLI_EXIT_USAGE;
}

static int run_validate(cli *c, int argc, char **argv)
{
    static const struct option opts[] = {
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int first;
    int rc = cli_options(c, &cli_validate_command, argc, argv, opts, on_validate_opt, NULL,
                         &first);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (argc - first > 1)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("expected at most one scenario FILE"));
    const char *src = first < argc ? argv[first] : NULL;
    grog_problems *pr = grog_problems_create();
    if (pr == NULL)
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
    grog_battle *b = NULL;
    grog_error err;
    grog_status st = grog_scenario_read(src, &b, pr, &err);
    if (st != GROG_OK && st != GROG_EFORMAT) {
        grog_problems_destroy(pr);
        return cli_fail_status(c, st, &err);
    }
    const char *name = src != NULL ? src : grog_scenario_default_name();
    if (c->json) {
        json_t *root = json_object();
        json_object_set_new(root, "file", json_string(name));
        json_object_set_new(root, "ok", json_boolean(st == GROG_OK));
        json_t *arr = json_array();
        for (size_t i = 0; i < grog_problems_count(pr); i++) {
            const grog_problem *p = grog_problems_get(pr, i);
            json_array_append_new(arr, json_pack("{s:s,s:i,s:i,s:s,s:s,s:s}", "file", p->file,
                                                 "line", p->line, "column", p->column, "path",
                                                 p->path, "message", p->message, "text",
                                                 p->text));
        }
        json_object_set_new(root, "problems", arr);
        if (b != NULL)
            json_object_set_new(root, "counts",
                                json_pack("{s:I,s:I,s:I}", "sides",
                                          (json_int_t)grog_battle_nsides(b), "officers",
                                          (json_int_t)grog_battle_nofficers(b), "units",
                                          (json_int_t)grog_battle_nunits(b)));
        dump_json(c, root);
    } else if (st == GROG_OK) {
        fprintf(c->out, _("%s: ok (%zu sides, %zu officers, %zu units)\n"), name,
                grog_battle_nsides(b), grog_battle_nofficers(b), grog_battle_nunits(b));
    } else {
        for (size_t i = 0; i < grog_problems_count(pr); i++)
            fprintf(c->out, "%s\n", grog_problems_get(pr, i)->text);
        size_t n = grog_problems_count(pr);
        fprintf(c->out, n == 1 ? _("%s: %zu problem\n") : _("%s: %zu problems\n"), name, n);
    }
    grog_battle_destroy(b);
    grog_problems_destroy(pr);
    return st == GROG_OK ? CLI_EXIT_OK : CLI_EXIT_INPUT;
}

const cli_command cli_validate_command = {
    "validate",
    run_validate,
    N_("check a scenario file and list every problem in it"),
    N_("grognard validate [FILE] [--json]"),
    N_("FILE is a scenario file (docs/scenario-format.md) or the name of a bundled\n"
       "scenario (bussaco-1810, quatre-bras-1815); without it, the embedded default.\n\n"
       "Prints \"FILE: ok\" and exits 0, or prints every problem found as\n"
       "FILE:LINE:COLUMN: path.to.field: message and exits 1.\n\n"
       "Options:\n"
       "  --json   one JSON document: file, ok, problems [{file, line, column, path,\n"
       "           message, text}], counts {sides, officers, units}\n"),
    NULL, NULL,
};

/* ---- show ---- */

typedef struct show_opts {
    unsigned families;    /* 1 aigles, 2 gdb, 4 gt */
    const char *rules[3]; /* aigles, gdb, gt house-rules files, or NULL */
    const char *side;     /* --side S */
    int referee;          /* --referee */
    int has_family;
} show_opts;

enum {
    OPT_FAMILY = 1000, OPT_UNITS, OPT_OFFICERS, OPT_SEED, OPT_OUTPUT,
    OPT_AIGLES_RULES, OPT_GDB_RULES, OPT_GT_RULES, OPT_SIDE, OPT_REFEREE
};

static const char *const family_names[] = {"aigles", "gdb", "gt", "all", "none"};

static int on_show_opt(cli *c, int id, const char *arg, void *ctx)
{
    show_opts *o = ctx;
    int k;
    if (id >= OPT_AIGLES_RULES && id <= OPT_GT_RULES) {
        o->rules[id - OPT_AIGLES_RULES] = arg;
        return 0;
    }
    if (id == OPT_SIDE) {
        o->side = arg;
        return 0;
    }
    if (id == OPT_REFEREE) {
        o->referee = 1;
        return 0;
    }
    if (id != OPT_FAMILY)
        return CLI_EXIT_USAGE;
    o->has_family = 1;
    int rc = cli_choice(c, "--family", arg, family_names, 5, &k);
    if (rc != 0)
        return rc;
    o->families = k < 3 ? 1u << k : (k == 3 ? 7u : 0u);
    return 0;
}

typedef struct show_ctx {
    cli *c;
    const grog_battle *b;
    const grog_table *t;
    grog_map_options radii;
    int have_radii;
    unsigned families;
    size_t *buf; /* scratch, nunits + nofficers entries */
    grog_hierarchy *h; /* built once: every relation in O(1) or O(its size) */
    json_t *game; /* a game's view (grog_view_game_json) or NULL for a scenario */
} show_ctx;

/* The game view's entry for piece id in list ("officers", "units"), or NULL. */
static json_t *game_item(const show_ctx *x, const char *list, const char *id)
{
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(x->game, list), i, e) {
        const char *v = json_string_value(json_object_get(e, "id"));
        if (v != NULL && strcmp(v, id) == 0)
            return e;
    }
    return NULL;
}

/* A game's state of a unit: the formation change under way. */
static void print_unit_game(show_ctx *x, const char *indent, const grog_troop *t)
{
    json_t *ch = json_object_get(game_item(x, "units", t->id), "changing");
    if (!json_is_object(ch))
        return;
    int left = (int)json_integer_value(json_object_get(ch, "remaining"));
    fprintf(x->c->out, ngettext("%sforming %s: %d half-période left\n",
                                "%sforming %s: %d half-périodes left\n", (unsigned long)left),
            indent, grog_explain_word(json_string_value(json_object_get(ch, "to"))), left);
}

/* A game's state of an officer: command points or PIPs left, an ADC riding. */
static void print_officer_game(show_ctx *x, const char *indent, const grog_officer *o)
{
    json_t *e = game_item(x, "officers", o->id);
    json_t *pts = json_object_get(e, "points"), *pips = json_object_get(e, "pips");
    if (json_is_integer(pts)) {
        int n = (int)json_integer_value(pts);
        fprintf(x->c->out, ngettext("%s%d command point left this période\n",
                                    "%s%d command points left this période\n", (unsigned long)n),
                indent, n);
    }
    if (json_is_integer(pips)) {
        int n = (int)json_integer_value(pips);
        fprintf(x->c->out, ngettext("%s%d PIP\n", "%s%d PIPs\n", (unsigned long)n), indent, n);
    }
    size_t i;
    json_t *r;
    json_array_foreach(json_object_get(x->game, "adcs"), i, r) {
        const char *adc = json_string_value(json_object_get(r, "adc"));
        if (adc == NULL || strcmp(adc, o->id) != 0)
            continue;
        int left = (int)json_integer_value(json_object_get(r, "periods"));
        const char *leg = json_string_value(json_object_get(r, "leg"));
        if (leg != NULL && strcmp(leg, "back") == 0)
            fprintf(x->c->out, ngettext("%sriding back: %d période to go\n",
                                        "%sriding back: %d périodes to go\n", (unsigned long)left),
                    indent, left);
        else
            fprintf(x->c->out,
                    ngettext("%sriding with the order \"%s\" for %s: %d période to go\n",
                             "%sriding with the order \"%s\" for %s: %d périodes to go\n",
                             (unsigned long)left),
                    indent, json_string_value(json_object_get(r, "order")),
                    json_string_value(json_object_get(r, "target")), left);
    }
}

static double cm(double mm) { return mm / 10.0; }

static void print_distance(show_ctx *x, double mm)
{
    /* TRANSLATORS: a distance in centimetres, inches and pas (short forms) */
    fprintf(x->c->out, _("%.1f cm / %.1f in / %.0f pas"), cm(mm), mm / 25.4,
            mm / x->t->scale.mm_per_pas);
}

static void print_order(show_ctx *x, const char *indent, const char *what, const grog_order *o)
{
    if (o->kind[0] == '\0')
        return;
    /* TRANSLATORS: an order line of show: the indent, "order" or "hidden
     * order", then the order's word (typed as it is, not translated) */
    fprintf(x->c->out, _("%s%s: %s"), indent, what, o->kind);
    if (o->text[0])
        fprintf(x->c->out, " \"%s\"", o->text);
    if (o->target[0])
        fprintf(x->c->out, " -> %s", o->target);
    if (o->given_turn)
        fprintf(x->c->out, _(" (given turn %d)"), o->given_turn);
    if (o->effective_turn)
        fprintf(x->c->out, _(" (in force turn %d)"), o->effective_turn);
    fputc('\n', x->c->out);
}

/* The aigles zone of officer i, mm; -1 none; *contact set. */
static double zone_mm(const show_ctx *x, const grog_officer *o, int *contact)
{
    int k = o->ratings.aigles_command;
    *contact = 0;
    if (!x->have_radii || k < 0 || k > 5)
        return -1;
    *contact = x->radii.aigles_zone_contact[k];
    return *contact ? 0 : x->radii.aigles_zone_mm[k];
}

static int inside(double d, double zone, int contact)
{
    return contact ? d <= 0.01 : (zone > 0 && d <= zone + 1e-9);
}

static void print_zone(show_ctx *x, size_t i, const char *indent)
{
    const grog_officer *o = grog_battle_officer(x->b, i);
    int contact;
    double z = zone_mm(x, o, &contact);
    fprintf(x->c->out, _("%saigles order-change zone (command %d): "), indent,
            o->ratings.aigles_command);
    if (z < 0 && !contact) {
        fprintf(x->c->out, "%s\n", x->have_radii ? _("none") : _("rules not available"));
        return;
    }
    if (contact)
        fprintf(x->c->out, "%s", _("contact"));
    else {
        double pas = round(z / x->t->scale.mm_per_pas);
        fprintf(x->c->out, "%.0f %s", pas, grog_explain_unit_words("pas", pas));
    }
    size_t n = grog_hierarchy_command_units(x->h, i, x->buf, grog_battle_nunits(x->b));
    size_t in = 0;
    fprintf(x->c->out, "%s", _("; inside:"));
    for (size_t k = 0; k < n; k++)
        if (inside(grog_battle_officer_unit_distance(x->b, i, x->buf[k]), z, contact)) {
            fprintf(x->c->out, " %s", grog_battle_unit(x->b, x->buf[k])->id);
            in++;
        }
    const size_t *subs = grog_hierarchy_subordinates(x->h, i, &n);
    for (size_t k = 0; k < n; k++)
        if (inside(grog_battle_officer_distance(x->b, i, subs[k]), z, contact)) {
            fprintf(x->c->out, " %s", grog_battle_officer(x->b, subs[k])->id);
            in++;
        }
    fprintf(x->c->out, "%s\n", in ? "" : _(" nobody"));
}

/* gdb: the C-in-C's distance to each brigade commander of his side (GDB-09, GDB-14). */
static void print_gdb(show_ctx *x, size_t i, const char *indent)
{
    const grog_officer *o = grog_battle_officer(x->b, i);
    double r = x->have_radii ? x->radii.gdb_radius_mm : -1;
    fprintf(x->c->out, _("%sgdb command radius: "), indent);
    if (r <= 0) {
        fprintf(x->c->out, "%s\n", _("rules not available"));
        return;
    }
    fprintf(x->c->out, "%.0f cm\n", cm(r));
    for (size_t k = 0; k < grog_battle_nofficers(x->b); k++) {
        const grog_officer *s = grog_battle_officer(x->b, k);
        if (s->role != GROG_ROLE_BRIGADE || strcmp(s->side, o->side) != 0)
            continue;
        double d = grog_battle_officer_distance(x->b, i, k);
        fprintf(x->c->out, "%s  -> %s: ", indent, s->id);
        print_distance(x, d);
        fprintf(x->c->out, "%s\n", d > r ? _("  beyond (GDB-09)") : "");
    }
}

/* gt: subordinate divisional (or brigade) generals within the radius (GT-10). */
static void print_gt(show_ctx *x, size_t i, const char *indent)
{
    double r = x->have_radii ? x->radii.gt_radius_mm : -1;
    fprintf(x->c->out, _("%sgt command radius: "), indent);
    if (r <= 0) {
        fprintf(x->c->out, "%s\n", _("rules not available"));
        return;
    }
    fprintf(x->c->out, "%.1f in; %s", r / 25.4, _("within:"));
    size_t in = 0;
    size_t n = grog_hierarchy_command_officers(x->h, i, x->buf, grog_battle_nofficers(x->b));
    for (size_t j = 0; j < n; j++) {
        size_t k = x->buf[j];
        const grog_officer *s = grog_battle_officer(x->b, k);
        if (s->role != GROG_ROLE_DIVISION && s->role != GROG_ROLE_BRIGADE)
            continue;
        if (grog_battle_officer_distance(x->b, i, k) <= r + 1e-9) {
            fprintf(x->c->out, " %s", s->id);
            in++;
        }
    }
    fprintf(x->c->out, "%s\n", in ? "" : _(" nobody"));
}

static void print_unit(show_ctx *x, size_t u, size_t parent, int depth)
{
    const grog_troop *t = grog_battle_unit(x->b, u);
    char indent[160];
    int w = depth * 2 < 150 ? depth * 2 : 150;
    memset(indent, ' ', (size_t)w);
    indent[w] = '\0';
    fprintf(x->c->out, _("%s- %s [%s]: %s, %s, class %s, %d figures, %d subunits, %s"), indent,
            t->name, t->id, grog_explain_word(grog_arm_name(t->arm)),
            grog_explain_word(grog_unit_status_name(t->status)), grog_manoeuvre_name(t->manoeuvre),
            t->figures, t->subunits, grog_explain_word(t->formation));
    for (int k = 0; k < GROG_UNIT_FLAG_COUNT; k++)
        if (t->flags & (1u << k))
            fprintf(x->c->out, ", %s", grog_unit_flag_name((grog_unit_flag)(1u << k)));
    if (t->flags & GROG_UNIT_IN_MELEE)
        fprintf(x->c->out, _(" since turn %d"), t->melee_since);
    if (t->casualties)
        fprintf(x->c->out, _(", %d casualties"), t->casualties);
    fprintf(x->c->out, "%s", _("; from his commander "));
    print_distance(x, grog_battle_officer_unit_distance(x->b, parent, u));
    fputc('\n', x->c->out);
    char sub[170];
    snprintf(sub, sizeof sub, "%s    ", indent);
    print_order(x, sub, _("order"), &t->order);
    print_order(x, sub, _("hidden order"), &t->pending);
    if (x->game != NULL)
        print_unit_game(x, sub, t);
}

static void print_officer(show_ctx *x, size_t i, int depth)
{
    const grog_officer *o = grog_battle_officer(x->b, i);
    char indent[160], sub[170];
    int w = depth * 2 < 150 ? depth * 2 : 150;
    memset(indent, ' ', (size_t)w);
    indent[w] = '\0';
    snprintf(sub, sizeof sub, "%s    ", indent);
    fprintf(x->c->out, "%s* %s %s [%s]", indent, grog_explain_word(grog_role_name(o->role)),
            o->name, o->id);
    if (o->command[0])
        fprintf(x->c->out, " — %s", o->command);
    fputc('\n', x->c->out);
    const grog_ratings *r = &o->ratings;
    fprintf(x->c->out, _("%sratings: aigles charisma %d command %d | gdb %s | gt %s; %s"), sub,
            r->aigles_charisma, r->aigles_command,
            grog_explain_word(grog_gdb_skill_name(r->gdb_skill)),
            grog_explain_word(grog_gt_quality_name(r->gt_quality)),
            grog_explain_word(grog_officer_state_name(o->state)));
    if (o->held_by[0])
        fprintf(x->c->out, _(" (held by %s)"), o->held_by);
    if (o->attached_to[0])
        fprintf(x->c->out, _("; attached to %s"), o->attached_to);
    if (o->markers & GROG_MARKER_AVANCE)
        fprintf(x->c->out, "%s", _("; Avance marker"));
    if (o->personally_commands)
        fprintf(x->c->out, "%s", _("; personally commands a brigade"));
    if (o->brigade_broken)
        fprintf(x->c->out, "%s", _("; brigade broken"));
    fputc('\n', x->c->out);
    size_t sup;
    if (grog_battle_officer_index(x->b, o->superior, &sup)) {
        fprintf(x->c->out, _("%sfrom his superior %s: "), sub, o->superior);
        print_distance(x, grog_battle_officer_distance(x->b, sup, i));
        fputc('\n', x->c->out);
    }
    print_order(x, sub, _("order"), &o->order);
    print_order(x, sub, _("hidden order"), &o->pending);
    if (x->game != NULL)
        print_officer_game(x, sub, o);
    if (grog_role_is_general(o->role)) {
        if (x->families & 1)
            print_zone(x, i, sub);
        if ((x->families & 2) && o->role == GROG_ROLE_C_IN_C)
            print_gdb(x, i, sub);
        if ((x->families & 4) && (o->role == GROG_ROLE_C_IN_C || o->role == GROG_ROLE_ARMY ||
                                  o->role == GROG_ROLE_CORPS))
            print_gt(x, i, sub);
    }
    /* Children: ADCs, subordinate generals, units (the index's lists stay
     * put while recursing). */
    size_t n;
    const size_t *kids = grog_hierarchy_adcs(x->h, i, &n);
    for (size_t k = 0; k < n; k++)
        print_officer(x, kids[k], depth + 2);
    kids = grog_hierarchy_subordinates(x->h, i, &n);
    for (size_t k = 0; k < n; k++)
        print_officer(x, kids[k], depth + 2);
    kids = grog_hierarchy_officer_units(x->h, i, &n);
    for (size_t k = 0; k < n; k++)
        print_unit(x, kids[k], i, depth + 2);
}

static void print_strings(FILE *f, const char *indent, json_t *arr)
{
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) fprintf(f, "%s%s\n", indent, json_string_value(v));
}

static void print_game_head(show_ctx *x)
{
    json_t *g = x->game, *seat = json_object_get(g, "seat");
    const char *kind = json_string_value(json_object_get(seat, "kind"));
    const char *side = json_string_value(json_object_get(seat, "side"));
    long long actions = (long long)json_integer_value(json_object_get(g, "actions"));
    fprintf(x->c->out,
            ngettext("A %s game: turn %lld, %s phase, %lld action in the journal.\n",
                     "A %s game: turn %lld, %s phase, %lld actions in the journal.\n",
                     (unsigned long)actions),
            json_string_value(json_object_get(g, "family_title")),
            (long long)json_integer_value(json_object_get(g, "turn")),
            grog_explain_word(json_string_value(json_object_get(g, "phase"))), actions);
    if (kind != NULL && strcmp(kind, "referee") == 0)
        fprintf(x->c->out, _("The referee's view (everything), dice seed %lld.\n"),
                (long long)json_integer_value(json_object_get(g, "seed")));
    else if (side != NULL)
        fprintf(x->c->out, _("As side %s sees it (its hidden orders included).\n"), side);
    else
        fprintf(x->c->out, "%s\n",
                _("The public view (no hidden orders; --side S or --referee for more)."));
}

static void print_game_tail(show_ctx *x)
{
    FILE *f = x->c->out;
    json_t *under = json_object_get(x->game, "under_way");
    if (json_array_size(under) > 0) {
        fprintf(f, "\n%s\n", _("Under way:"));
        print_strings(f, "  ", under);
    }
    const char *key;
    json_t *v;
    json_object_foreach(json_object_get(x->game, "may_do"), key, v) {
        fprintf(f, _("\n%s may still:\n"), key);
        print_strings(f, "  ", v);
    }
}

static void print_text(show_ctx *x)
{
    const grog_meta *m = grog_battle_meta(x->b);
    FILE *f = x->c->out;
    fprintf(f, "%s\n", m->name);
    if (m->date[0] || m->place[0])
        fprintf(f, "%s%s%s\n", m->date, m->date[0] && m->place[0] ? ", " : "", m->place);
    fprintf(f, _("Table: %.0f x %.0f cm, %d mm figures, 1 pas = %g mm\n"), cm(x->t->width_mm),
            cm(x->t->depth_mm), x->t->scale.figure_mm, x->t->scale.mm_per_pas);
    if (!x->have_radii)
        fprintf(f, "%s\n", _("(rules data not available: no zones or radii)"));
    if (x->game != NULL)
        print_game_head(x);
    for (size_t s = 0; s < grog_battle_nsides(x->b); s++) {
        const grog_side *sd = grog_battle_side(x->b, s);
        fprintf(f, _("\nSide %s [%s], %s\n"), sd->name, sd->id, grog_nation_name(sd->nation));
        for (size_t i = 0; i < grog_battle_nofficers(x->b); i++) {
            const grog_officer *o = grog_battle_officer(x->b, i);
            if (strcmp(o->side, sd->id) == 0 && !grog_battle_officer_by_id(x->b, o->superior))
                print_officer(x, i, 1);
        }
        size_t loose = 0;
        for (size_t u = 0; u < grog_battle_nunits(x->b); u++) {
            const grog_troop *t = grog_battle_unit(x->b, u);
            if (strcmp(t->side, sd->id) == 0 && t->parent[0] == '\0')
                fprintf(f, "%s  - %s [%s] (%s)\n", loose++ ? "" : _("  units without a commander:\n"),
                        t->name, t->id, grog_arm_name(t->arm));
        }
    }
    if (x->game != NULL)
        print_game_tail(x);
    if (m->nsources && x->game == NULL) {
        fprintf(f, "%s\n", _("\nSources:"));
        for (size_t i = 0; i < m->nsources; i++)
            fprintf(f, "  - %s\n", m->sources[i]);
    }
}

/* ---- show --json ---- */

/* Written with the JSON text writer (jsonout.h): the same bytes as the
 * document built as jansson objects and dumped with JSON_INDENT(2) |
 * JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10), as it was before, without
 * building it (a 200,000-unit battle's document would be 2 GB of jansson
 * objects), and handed to the output a megabyte at a time. */

typedef grog_jsonout jw;

static void order_json(jw *w, const grog_order *o)
{
    if (o->kind[0] == '\0') {
        grog_jsonout_null(w);
        return;
    }
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "kind", o->kind);
    grog_jsonout_key_string(w, "text", o->text);
    grog_jsonout_key_string_or_null(w, "target", o->target);
    grog_jsonout_key_integer(w, "given_turn", o->given_turn);
    grog_jsonout_key_integer(w, "effective_turn", o->effective_turn);
    grog_jsonout_object_close(w);
}

/* {id, mm, cm, in, pas}, left open for the caller to add to and close. */
static void dist_open(const show_ctx *x, jw *w, const char *id, double mm)
{
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "id", id);
    grog_jsonout_key_real(w, "mm", mm);
    grog_jsonout_key_real(w, "cm", cm(mm));
    grog_jsonout_key_real(w, "in", mm / 25.4);
    grog_jsonout_key_real(w, "pas", mm / x->t->scale.mm_per_pas);
}

static void dist_json(const show_ctx *x, jw *w, const char *id, double mm)
{
    dist_open(x, w, id, mm);
    grog_jsonout_object_close(w);
}

static void zone_json(show_ctx *x, jw *w, size_t i)
{
    const grog_officer *o = grog_battle_officer(x->b, i);
    int contact;
    double z = zone_mm(x, o, &contact);
    grog_jsonout_object_open(w);
    grog_jsonout_key_integer(w, "command", o->ratings.aigles_command);
    grog_jsonout_key_bool(w, "contact_only", contact);
    grog_jsonout_key(w, "radius_pas");
    if (z > 0)
        grog_jsonout_real(w, z / x->t->scale.mm_per_pas);
    else if (contact)
        grog_jsonout_real(w, 0);
    else
        grog_jsonout_null(w);
    grog_jsonout_key(w, "units_inside");
    grog_jsonout_array_open(w);
    size_t n = 0;
    const size_t *subs = NULL;
    if (z >= 0 || contact) {
        n = grog_hierarchy_command_units(x->h, i, x->buf, grog_battle_nunits(x->b));
        for (size_t k = 0; k < n; k++)
            if (inside(grog_battle_officer_unit_distance(x->b, i, x->buf[k]), z, contact))
                grog_jsonout_string(w, grog_battle_unit(x->b, x->buf[k])->id);
        subs = grog_hierarchy_subordinates(x->h, i, &n);
    }
    grog_jsonout_array_close(w);
    grog_jsonout_key(w, "officers_inside");
    grog_jsonout_array_open(w);
    for (size_t k = 0; subs != NULL && k < n; k++)
        if (inside(grog_battle_officer_distance(x->b, i, subs[k]), z, contact))
            grog_jsonout_string(w, grog_battle_officer(x->b, subs[k])->id);
    grog_jsonout_array_close(w);
    grog_jsonout_object_close(w);
}

/* The officers' ids and distances of list v[0..n) from officer i. */
static void officer_dists(show_ctx *x, jw *w, const char *key, size_t i, const size_t *v,
                          size_t n)
{
    grog_jsonout_key(w, key);
    grog_jsonout_array_open(w);
    for (size_t k = 0; k < n; k++)
        dist_json(x, w, grog_battle_officer(x->b, v[k])->id,
                  grog_battle_officer_distance(x->b, i, v[k]));
    grog_jsonout_array_close(w);
}

/* The gdb C-in-C's brigade commanders of its side, each beyond or not. */
static void officer_gdb(show_ctx *x, jw *w, size_t i)
{
    const grog_officer *o = grog_battle_officer(x->b, i);
    double rr = x->radii.gdb_radius_mm;
    grog_jsonout_key(w, "gdb");
    grog_jsonout_object_open(w);
    grog_jsonout_key_real(w, "radius_cm", cm(rr));
    grog_jsonout_key(w, "brigade_commanders");
    grog_jsonout_array_open(w);
    for (size_t k = 0; k < grog_battle_nofficers(x->b); k++) {
        const grog_officer *s = grog_battle_officer(x->b, k);
        if (s->role != GROG_ROLE_BRIGADE || strcmp(s->side, o->side) != 0)
            continue;
        double d = grog_battle_officer_distance(x->b, i, k);
        dist_open(x, w, s->id, d);
        grog_jsonout_key_bool(w, "beyond", d > rr);
        grog_jsonout_object_close(w);
    }
    grog_jsonout_array_close(w);
    grog_jsonout_object_close(w);
}

/* The gt commander's division and brigade commanders within its radius. */
static void officer_gt(show_ctx *x, jw *w, size_t i)
{
    double rr = x->radii.gt_radius_mm;
    grog_jsonout_key(w, "gt");
    grog_jsonout_object_open(w);
    grog_jsonout_key_real(w, "radius_in", rr / 25.4);
    grog_jsonout_key(w, "within");
    grog_jsonout_array_open(w);
    size_t n = grog_hierarchy_command_officers(x->h, i, x->buf, grog_battle_nofficers(x->b));
    for (size_t q = 0; q < n; q++) {
        size_t k = x->buf[q];
        const grog_officer *s = grog_battle_officer(x->b, k);
        if ((s->role == GROG_ROLE_DIVISION || s->role == GROG_ROLE_BRIGADE) &&
            grog_battle_officer_distance(x->b, i, k) <= rr + 1e-9)
            grog_jsonout_string(w, s->id);
    }
    grog_jsonout_array_close(w);
    grog_jsonout_object_close(w);
}

static void officer_json(show_ctx *x, jw *w, size_t i)
{
    const grog_officer *o = grog_battle_officer(x->b, i);
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "id", o->id);
    grog_jsonout_key_string(w, "name", o->name);
    grog_jsonout_key_string(w, "side", o->side);
    grog_jsonout_key_string(w, "role", grog_role_name(o->role));
    grog_jsonout_key_string(w, "command", o->command);
    grog_jsonout_key_string_or_null(w, "superior", o->superior);
    grog_jsonout_key_integer(w, "depth", grog_hierarchy_depth(x->h, i));
    grog_jsonout_key_string(w, "state", grog_officer_state_name(o->state));
    grog_jsonout_key_string_or_null(w, "held_by", o->held_by);
    grog_jsonout_key_string_or_null(w, "attached_to", o->attached_to);
    grog_jsonout_key_bool(w, "avance", (o->markers & GROG_MARKER_AVANCE) != 0);
    grog_jsonout_key_bool(w, "personally_commands", o->personally_commands);
    grog_jsonout_key_bool(w, "brigade_broken", o->brigade_broken);
    grog_jsonout_key_integer(w, "casualties", o->casualties);
    grog_scenario_write_ratings(w, &o->ratings);
    grog_jsonout_key(w, "position");
    grog_jsonout_object_open(w);
    grog_jsonout_key_real(w, "x_mm", o->base.centre.x);
    grog_jsonout_key_real(w, "y_mm", o->base.centre.y);
    grog_jsonout_key_real(w, "facing", o->base.facing);
    grog_jsonout_object_close(w);
    grog_jsonout_key(w, "order");
    order_json(w, &o->order);
    grog_jsonout_key(w, "pending");
    order_json(w, &o->pending);
    size_t sup;
    if (grog_battle_officer_index(x->b, o->superior, &sup)) {
        grog_jsonout_key(w, "distance_to_superior");
        dist_json(x, w, o->superior, grog_battle_officer_distance(x->b, sup, i));
    }
    size_t n;
    const size_t *v = grog_hierarchy_adcs(x->h, i, &n);
    officer_dists(x, w, "adcs", i, v, n);
    v = grog_hierarchy_subordinates(x->h, i, &n);
    officer_dists(x, w, "subordinates", i, v, n);
    v = grog_hierarchy_officer_units(x->h, i, &n);
    grog_jsonout_key(w, "units");
    grog_jsonout_array_open(w);
    for (size_t k = 0; k < n; k++)
        dist_json(x, w, grog_battle_unit(x->b, v[k])->id,
                  grog_battle_officer_unit_distance(x->b, i, v[k]));
    grog_jsonout_array_close(w);
    if (grog_role_is_general(o->role) && x->have_radii && (x->families & 1)) {
        grog_jsonout_key(w, "aigles_zone");
        zone_json(x, w, i);
    }
    if (o->role == GROG_ROLE_C_IN_C && x->have_radii && (x->families & 2))
        officer_gdb(x, w, i);
    if ((o->role == GROG_ROLE_C_IN_C || o->role == GROG_ROLE_ARMY ||
         o->role == GROG_ROLE_CORPS) && x->have_radii && (x->families & 4))
        officer_gt(x, w, i);
    grog_jsonout_object_close(w);
}

static void unit_json(show_ctx *x, jw *w, size_t u)
{
    const grog_troop *t = grog_battle_unit(x->b, u);
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "id", t->id);
    grog_jsonout_key_string(w, "name", t->name);
    grog_jsonout_key_string(w, "side", t->side);
    grog_jsonout_key_string_or_null(w, "parent", t->parent);
    grog_jsonout_key_string(w, "arm", grog_arm_name(t->arm));
    grog_jsonout_key_string(w, "status", grog_unit_status_name(t->status));
    grog_jsonout_key_string(w, "manoeuvre", grog_manoeuvre_name(t->manoeuvre));
    grog_jsonout_key_integer(w, "figures", t->figures);
    grog_jsonout_key_integer(w, "subunits", t->subunits);
    grog_jsonout_key_string(w, "formation", t->formation);
    grog_jsonout_key(w, "state");
    grog_jsonout_array_open(w);
    for (int k = 0; k < GROG_UNIT_FLAG_COUNT; k++)
        if (t->flags & (1u << k))
            grog_jsonout_string(w, grog_unit_flag_name((grog_unit_flag)(1u << k)));
    grog_jsonout_array_close(w);
    grog_jsonout_key_integer(w, "melee_since", t->melee_since);
    grog_jsonout_key_integer(w, "casualties", t->casualties);
    grog_jsonout_key_bool(w, "can_dismount", t->can_dismount);
    grog_jsonout_key(w, "position");
    grog_jsonout_object_open(w);
    grog_jsonout_key_real(w, "x_mm", t->base.centre.x);
    grog_jsonout_key_real(w, "y_mm", t->base.centre.y);
    grog_jsonout_key_real(w, "facing", t->base.facing);
    grog_jsonout_key_real(w, "width_mm", t->base.width);
    grog_jsonout_key_real(w, "depth_mm", t->base.depth);
    grog_jsonout_object_close(w);
    grog_jsonout_key(w, "order");
    order_json(w, &t->order);
    grog_jsonout_key(w, "pending");
    order_json(w, &t->pending);
    grog_jsonout_object_close(w);
}

/* The text written so far handed to the output once there is a megabyte
 * of it (always when `all`). */
static void pass_on(jw *w, FILE *f, int all)
{
    if (!all && grog_jsonout_length(w) < ((size_t)1 << 20))
        return;
    size_t len;
    const char *s = grog_jsonout_take(w, &len);
    fwrite(s, 1, len, f);
}

static void head_json(show_ctx *x, jw *w)
{
    const grog_meta *m = grog_battle_meta(x->b);
    grog_jsonout_key(w, "scenario");
    grog_jsonout_object_open(w);
    grog_jsonout_key_string(w, "name", m->name);
    grog_jsonout_key_string(w, "date", m->date);
    grog_jsonout_key_string(w, "place", m->place);
    grog_jsonout_key_string(w, "description", m->description);
    grog_jsonout_key_string(w, "rating_notes", m->rating_notes);
    grog_jsonout_key(w, "sources");
    grog_jsonout_array_open(w);
    for (size_t i = 0; i < m->nsources; i++)
        grog_jsonout_string(w, m->sources[i]);
    grog_jsonout_array_close(w);
    grog_jsonout_object_close(w);
    grog_jsonout_key(w, "table");
    grog_jsonout_object_open(w);
    grog_jsonout_key_integer(w, "figure_scale", x->t->scale.figure_mm);
    grog_jsonout_key_real(w, "mm_per_pas", x->t->scale.mm_per_pas);
    grog_jsonout_key_real(w, "width_mm", x->t->width_mm);
    grog_jsonout_key_real(w, "depth_mm", x->t->depth_mm);
    grog_jsonout_object_close(w);
    grog_jsonout_key(w, "radii");
    if (x->have_radii) {
        grog_jsonout_object_open(w);
        grog_jsonout_key(w, "aigles_zone_pas_by_command");
        grog_jsonout_array_open(w);
        for (int k = 0; k <= 5; k++) {
            if (x->radii.aigles_zone_contact[k])
                grog_jsonout_string(w, "contact");
            else if (x->radii.aigles_zone_mm[k] > 0)
                grog_jsonout_real(w, x->radii.aigles_zone_mm[k] / x->t->scale.mm_per_pas);
            else
                grog_jsonout_null(w);
        }
        grog_jsonout_array_close(w);
        grog_jsonout_key_real(w, "gdb_cm", cm(x->radii.gdb_radius_mm));
        grog_jsonout_key_real(w, "gt_in", x->radii.gt_radius_mm / 25.4);
        grog_jsonout_object_close(w);
    } else {
        grog_jsonout_null(w);
    }
    grog_jsonout_key(w, "sides");
    grog_jsonout_array_open(w);
    for (size_t s = 0; s < grog_battle_nsides(x->b); s++) {
        const grog_side *sd = grog_battle_side(x->b, s);
        size_t c;
        int has = grog_battle_commander_in_chief(x->b, sd->id, &c);
        grog_jsonout_object_open(w);
        grog_jsonout_key_string(w, "id", sd->id);
        grog_jsonout_key_string(w, "name", sd->name);
        grog_jsonout_key_string(w, "nation", grog_nation_name(sd->nation));
        grog_jsonout_key_string(w, "commander_in_chief",
                                has ? grog_battle_officer(x->b, c)->id : NULL);
        grog_jsonout_object_close(w);
    }
    grog_jsonout_array_close(w);
}

static int print_json(show_ctx *x)
{
    jw *w = grog_jsonout_create(2, 10);
    if (w == NULL)
        return 0;
    FILE *f = x->c->out;
    grog_jsonout_object_open(w);
    head_json(x, w);
    grog_jsonout_key(w, "officers");
    grog_jsonout_array_open(w);
    for (size_t i = 0; i < grog_battle_nofficers(x->b); i++) {
        officer_json(x, w, i);
        pass_on(w, f, 0);
    }
    grog_jsonout_array_close(w);
    grog_jsonout_key(w, "units");
    grog_jsonout_array_open(w);
    for (size_t u = 0; u < grog_battle_nunits(x->b); u++) {
        unit_json(x, w, u);
        pass_on(w, f, 0);
    }
    grog_jsonout_array_close(w);
    grog_jsonout_object_close(w);
    pass_on(w, f, 1);
    fputc('\n', f);
    /* Out of memory cuts the text short; anything else jansson would refuse
     * (not possible in a battle read from a file) is written as null. */
    int ok = grog_jsonout_status(w) != GROG_ENOMEM;
    grog_jsonout_destroy(w);
    return ok;
}

/* The battle to show: a scenario's, or a game's as it stands now (with the
 * game's view in *game); filtered for the seat. */
static grog_status show_source(const show_opts *o, const char *source, grog_battle **seen,
                               json_t **game, grog_error *err)
{
    grog_seat seat;
    if (!cli_is_game_file(source)) {
        grog_battle *b = NULL;
        grog_status st = grog_scenario_load(source, &b, err);
        if (st == GROG_OK)
            st = grog_view_battle_seat(b, o->side, o->referee, &seat, err);
        if (st != GROG_OK) {
            grog_battle_destroy(b);
            return st;
        }
        grog_view_battle_filter(b, &seat); /* the file's own copy: filtered in place */
        *seen = b;
        return GROG_OK;
    }
    grog_game *g = NULL;
    char *text = NULL;
    grog_status st = grog_game_open(source, &g, err);
    if (st != GROG_OK)
        return st;
    st = grog_view_battle_seat(grog_game_battle(g), o->side, o->referee, &seat, err);
    if (st == GROG_OK)
        st = grog_view_battle(grog_game_battle(g), &seat, seen, err);
    if (st == GROG_OK)
        st = grog_view_game_json(g, &seat, &text, err);
    if (st == GROG_OK) {
        *game = json_loads(text, 0, NULL);
        json_object_set_new(*game, "family_title",
                            json_string(grog_view_family_title(grog_game_family(g))));
    }
    free(text);
    grog_game_close(g);
    return st;
}

static int run_show(cli *c, int argc, char **argv)
{
    static const struct option opts[] = {
        {"family", required_argument, NULL, OPT_FAMILY},
        {"aigles-rules", required_argument, NULL, OPT_AIGLES_RULES},
        {"gdb-rules", required_argument, NULL, OPT_GDB_RULES},
        {"gt-rules", required_argument, NULL, OPT_GT_RULES},
        {"side", required_argument, NULL, OPT_SIDE},
        {"referee", no_argument, NULL, OPT_REFEREE},
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    show_opts o = {7, {NULL, NULL, NULL}, NULL, 0, 0};
    int first;
    int rc = cli_options(c, &cli_show_command, argc, argv, opts, on_show_opt, &o, &first);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (argc - first > 1)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("expected at most one scenario FILE or GAME"));
    if ((rc = cli_one_seat(c, o.side, o.referee)) != 0)
        return rc;
    grog_battle *b = NULL;
    json_t *game = NULL;
    grog_error err;
    grog_status st = show_source(&o, first < argc ? argv[first] : NULL, &b, &game, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    if (game != NULL && c->json) { /* a game's --json: its view, as the server gives it */
        json_object_del(game, "family_title");
        dump_json(c, game);
        grog_battle_destroy(b);
        return CLI_EXIT_OK;
    }
    show_ctx x;
    memset(&x, 0, sizeof x);
    x.c = c;
    x.b = b;
    x.t = grog_battle_table(b);
    x.families = o.families;
    x.game = game;
    if (game != NULL && !o.has_family) { /* a game: its own family's zones and radii */
        const char *fam = json_string_value(json_object_get(game, "family"));
        x.families = fam == NULL ? 7u : strcmp(fam, "aigles") == 0 ? 1u
                                      : strcmp(fam, "gdb") == 0    ? 2u
                                                                   : 4u;
    }
    grog_map_options_default(&x.radii);
    int house = o.rules[0] || o.rules[1] || o.rules[2];
    st = grog_map_options_from_rules(&x.radii, x.t, o.rules[0], o.rules[1], o.rules[2], &err);
    if (st != GROG_OK && house) { /* a house-rules file named but unusable */
        grog_battle_destroy(b);
        json_decref(game);
        return cli_fail_status(c, st, &err);
    }
    x.have_radii = st == GROG_OK;
    x.buf = malloc((grog_battle_nunits(b) + grog_battle_nofficers(b) + 1) * sizeof *x.buf);
    if (x.buf == NULL || grog_hierarchy_build(b, &x.h, NULL) != GROG_OK) {
        free(x.buf);
        grog_battle_destroy(b);
        json_decref(game);
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
    }
    int ok = 1;
    if (c->json)
        ok = print_json(&x);
    else
        print_text(&x);
    grog_hierarchy_destroy(x.h);
    free(x.buf);
    json_decref(game);
    grog_battle_destroy(b);
    if (!ok)
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
    return CLI_EXIT_OK;
}

const cli_command cli_show_command = {
    "show",
    run_show,
    N_("the order of battle with ratings, orders and command distances"),
    N_("grognard show [FILE|GAME] [--side S | --referee] [--family aigles|gdb|gt|all|none]\n"
       "              [--aigles-rules FILE] [--gdb-rules FILE] [--gt-rules FILE] [--json]"),
    N_("FILE is a scenario file or a bundled scenario's name; without it, the\n"
       "embedded default. GAME is a game file (grognard new): the battle as it\n"
       "stands now, with the turn and phase, formation changes under way, ADCs\n"
       "riding, command points or PIPs left, melees, the officers out of the\n"
       "battle, and what each side may still do.\n\n"
       "Hidden orders are shown only to their side: without --side, the public\n"
       "view; --side S adds S's hidden orders; --referee shows everything.\n\n"
       "Prints each side's order of battle as a tree: officers with their ratings\n"
       "under every family (aigles charisma and command, gdb skill, gt quality),\n"
       "state, orders and hidden orders, the edge-to-edge distance to their\n"
       "superior, their ADCs, subordinates and units. For each general:\n"
       "  aigles  who is inside his order-change zone (AIG-O-07, AIG-O-10);\n"
       "  gdb     the C-in-C's distance to each brigade commander, and whether it\n"
       "          is beyond the command radius (GDB-09, GDB-14);\n"
       "  gt      the divisional generals within a corps or army commander's\n"
       "          radius (GT-10).\n"
       "The zones and radii come from the embedded rules data.\n\n"
       "Options:\n"
       "  --side S    what side S may see\n"
       "  --referee   everything, hidden orders included\n"
       "  --family F  only that family's zones and radii (default all; a game: its own)\n"
       "  --aigles-rules FILE, --gdb-rules FILE, --gt-rules FILE\n"
       "              house rules: that family's zones and radii from FILE\n"
       "  --json      one JSON document: scenario, table, radii, sides, officers\n"
       "              (with distances, aigles_zone, gdb, gt), units; for a GAME, the\n"
       "              game's view (docs/json.md)\n"),
    NULL, NULL,
};

/* ---- generate ---- */

typedef struct gen_opts {
    long units, officers, seed;
    int has_units, has_seed;
    const char *output;
} gen_opts;

static int on_gen_opt(cli *c, int id, const char *arg, void *ctx)
{
    gen_opts *o = ctx;
    switch (id) {
    case OPT_UNITS: o->has_units = 1; return cli_int(c, "--units", arg, 2, 1000000, &o->units);
    case OPT_OFFICERS: return cli_int(c, "--officers", arg, 6, 200000, &o->officers);
    case OPT_SEED: o->has_seed = 1; return cli_int(c, "--seed", arg, 0, INT64_MAX, &o->seed);
    case OPT_OUTPUT: o->output = arg; return 0;
    }
    return CLI_EXIT_USAGE;
}

static int run_generate(cli *c, int argc, char **argv)
{
    static const struct option opts[] = {
        {"units", required_argument, NULL, OPT_UNITS},
        {"officers", required_argument, NULL, OPT_OFFICERS},
        {"seed", required_argument, NULL, OPT_SEED},
        {"output", required_argument, NULL, OPT_OUTPUT},
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    gen_opts o = {0, 0, 0, 0, 0, NULL};
    int first;
    char **v = with_long_output(argc, argv);
    if (v == NULL)
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
    int rc = cli_options(c, &cli_generate_command, argc, v, opts, on_gen_opt, &o, &first);
    free(v);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (first != argc)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("unexpected operand"));
    if (!o.has_units || !o.has_seed)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--units N and --seed S are required"));
    grog_rng *rng = grog_rng_create((uint64_t)o.seed);
    if (rng == NULL)
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
    grog_generate_options go = {(size_t)o.units, (size_t)o.officers};
    grog_battle *b = NULL;
    grog_error err;
    grog_status st = grog_scenario_generate(&go, rng, &b, &err);
    grog_rng_destroy(rng);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    if (o.output != NULL) {
        st = grog_scenario_save_file(b, o.output, &err);
        if (st == GROG_OK && c->json)
            dump_json(c, json_pack("{s:s,s:I,s:I,s:I}", "file", o.output, "units",
                                   (json_int_t)grog_battle_nunits(b), "officers",
                                   (json_int_t)grog_battle_nofficers(b), "seed",
                                   (json_int_t)o.seed));
        else if (st == GROG_OK)
            fprintf(c->out, _("%s: %zu units, %zu officers (seed %ld)\n"), o.output,
                    grog_battle_nunits(b), grog_battle_nofficers(b), o.seed);
    } else {
        char *text = NULL;
        st = grog_scenario_save_text(b, &text, &err);
        if (st == GROG_OK)
            fprintf(c->out, "%s\n", text);
        free(text);
    }
    grog_battle_destroy(b);
    return st == GROG_OK ? CLI_EXIT_OK : cli_fail_status(c, st, &err);
}

const cli_command cli_generate_command = {
    "generate",
    run_generate,
    N_("write a large synthetic battle (for benchmarks and tests)"),
    N_("grognard generate --units N [--officers M] --seed S [-o FILE] [--json]"),
    N_("Two sides, each with a commander-in-chief and ADCs, corps (in large\n"
       "battles), divisions and brigades, and N units between them laid out on\n"
       "the table; ratings, arms and statuses drawn from the seeded generator.\n"
       "The same seed always writes the same battle.\n\n"
       "Options:\n"
       "  --units N      2 to 1000000 units in all\n"
       "  --officers M   6 to 200000 officers in all (default: one per five units,\n"
       "                 at least 12)\n"
       "  --seed S       the generator's seed (0 to 2^63-1)\n"
       "  -o, --output FILE  write the scenario there (default: standard output)\n"
       "  --json         with -o, print {file, units, officers, seed}\n"),
    NULL, NULL,
};
