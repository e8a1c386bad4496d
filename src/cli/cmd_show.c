/* cmd_show.c — `grognard show [FILE|GAME]`: a scenario's order of battle, or a
 * game's battle as it stands, as a tree for people: ratings, states, orders, each
 * family's zones and command distances; --json is cmd_show_json.c's. */
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
#include "cmd_show.h"

typedef struct show_opts {
    unsigned families;    /* 1 aigles, 2 gdb, 4 gt */
    const char *rules[3]; /* aigles, gdb, gt house-rules files, or NULL */
    const char *side;     /* --side S */
    int referee;          /* --referee */
    int has_family;
    long at;              /* --at N; -1: as it stands */
} show_opts;

enum { OPT_FAMILY = 1000, OPT_AIGLES_RULES, OPT_GDB_RULES, OPT_GT_RULES, OPT_SIDE, OPT_REFEREE, OPT_AT };

static const char *const family_names[] = {"aigles", "gdb", "gt", "all", "none"};

static const cli_opt cli_show_command_options[] = {
    {"side", OPT_SIDE, CLI_TEXT, N_("S"), N_("what side S may see"), 0, 0, NULL},
    {"referee", OPT_REFEREE, CLI_FLAG, NULL, N_("everything, hidden orders included"), 0, 0, NULL},
    {"at", OPT_AT, CLI_INT, N_("N"),
     N_("a GAME as it was after journal entry N (0: before the first;\n"
        "'grognard log' numbers them), as the seat may see it"),
     0, 1000000000L, NULL},
    {"family", OPT_FAMILY, CLI_TEXT, N_("F"),
     N_("only that family's zones and radii (default all; a game: its own)"),
     0, 0, NULL},
    {"aigles-rules", OPT_AIGLES_RULES, CLI_TEXT, N_("FILE"),
     N_("house rules: Les Aigles' zones from FILE instead of\n"
        "the embedded rules data"),
     0, 0, NULL},
    {"gdb-rules", OPT_GDB_RULES, CLI_TEXT, N_("FILE"),
     N_("house rules: the gdb radius from FILE"), 0, 0, NULL},
    {"gt-rules", OPT_GT_RULES, CLI_TEXT, N_("FILE"),
     N_("house rules: the gt radii from FILE"), 0, 0, NULL},
    {"json", 'j', CLI_FLAG, NULL,
     N_("one JSON document: scenario, table, radii, sides, officers\n"
        "(with distances, aigles_zone, gdb, gt), units; for a GAME, the\n"
        "game's view (docs/json.md)"),
     0, 0, NULL},
    CLI_OPT_END,
};

static int on_show_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    show_opts *o = ctx;
    int k;
    if (opt->id >= OPT_AIGLES_RULES && opt->id <= OPT_GT_RULES) {
        o->rules[opt->id - OPT_AIGLES_RULES] = v->text;
        return 0;
    }
    if (opt->id == OPT_AT) {
        o->at = v->n;
        return 0;
    }
    if (opt->id == OPT_SIDE) {
        o->side = v->text;
        return 0;
    }
    if (opt->id == OPT_REFEREE) {
        o->referee = 1;
        return 0;
    }
    if (opt->id != OPT_FAMILY)
        return CLI_EXIT_USAGE;
    o->has_family = 1;
    int rc = cli_choice(c, "--family", v->text, family_names, 5, &k);
    if (rc != 0)
        return rc;
    o->families = k < 3 ? 1u << k : (k == 3 ? 7u : 0u);
    return 0;
}

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
    json_t *tab = json_object_get(game_item(x, "units", t->id), "on_table");
    if (json_is_object(tab)) /* aigles: massed, half off the table (AIG-F-03, AIG-F-12) */
        fprintf(x->c->out,
                _("%son the table: %d of %d figures, %d of %d companies (massed, AIG-F-12)\n"),
                indent, (int)json_integer_value(json_object_get(tab, "figures")), t->figures,
                (int)json_integer_value(json_object_get(tab, "subunits")), t->subunits);
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

double show_cm(double mm) { return mm / 10.0; }

static void print_distance(show_ctx *x, double mm)
{
    /* TRANSLATORS: a distance in centimetres, inches and pas (short forms) */
    fprintf(x->c->out, _("%.1f cm / %.1f in / %.0f pas"), show_cm(mm), mm / 25.4,
            mm / x->t->scale.mm_per_pas);
}

static void print_order(show_ctx *x, const char *indent, const char *what, const grog_order *o)
{
    if (o->kind[0] == '\0')
        return;
    /* TRANSLATORS: an order line of show: the indent, "order" or "hidden
     * order", then the order's word (context "order") */
    const char *word = grog_explain_word_in("order", o->kind);
    fprintf(x->c->out, _("%s%s: %s"), indent, what, word);
    if (word != o->kind) /* the id as typed, as show writes pieces' ids */
        fprintf(x->c->out, " [%s]", o->kind);
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
double show_zone_mm(const show_ctx *x, const grog_officer *o, int *contact)
{
    int k = o->ratings.aigles_command;
    *contact = 0;
    if (!x->have_radii || k < 0 || k > 5)
        return -1;
    *contact = x->radii.aigles_zone_contact[k];
    return *contact ? 0 : x->radii.aigles_zone_mm[k];
}

int show_inside(double d, double zone, int contact)
{
    return contact ? d <= 0.01 : (zone > 0 && d <= zone + 1e-9);
}

static void print_zone(show_ctx *x, size_t i, const char *indent)
{
    const grog_officer *o = grog_battle_officer(x->b, i);
    int contact;
    double z = show_zone_mm(x, o, &contact);
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
        if (show_inside(grog_battle_officer_unit_distance(x->b, i, x->buf[k]), z, contact)) {
            fprintf(x->c->out, " %s", grog_battle_unit(x->b, x->buf[k])->id);
            in++;
        }
    const size_t *subs = grog_hierarchy_subordinates(x->h, i, &n);
    for (size_t k = 0; k < n; k++)
        if (show_inside(grog_battle_officer_distance(x->b, i, subs[k]), z, contact)) {
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
    /* TRANSLATORS: a radius in centimetres (the short form of print_distance) */
    fprintf(x->c->out, _("%.0f cm\n"), show_cm(r));
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
    /* TRANSLATORS: a radius in inches (the short form of print_distance),
     * then "within:" */
    fprintf(x->c->out, _("%.1f in; %s"), r / 25.4, _("within:"));
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
            grog_explain_phase_of(json_string_value(json_object_get(g, "phase"))), actions);
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
    fprintf(f, _("Table: %.0f x %.0f cm, %d mm figures, 1 pas = %g mm\n"), show_cm(x->t->width_mm),
            show_cm(x->t->depth_mm), x->t->scale.figure_mm, x->t->scale.mm_per_pas);
    if (!x->have_radii)
        fprintf(f, "%s\n", _("(rules data not available: no zones or radii)"));
    if (x->game != NULL)
        print_game_head(x);
    for (size_t s = 0; s < grog_battle_nsides(x->b); s++) {
        const grog_side *sd = grog_battle_side(x->b, s);
        fprintf(f, _("\nSide %s [%s], %s\n"), sd->name, sd->id,
                grog_explain_word(grog_nation_name(sd->nation)));
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
    grog_game *g = NULL, *now = NULL;
    char *text = NULL;
    grog_status st = grog_game_open(source, &now, err);
    if (st != GROG_OK)
        return st;
    g = now;
    if (o->at >= 0 && (st = grog_game_at(now, o->at, &g, err)) != GROG_OK) {
        grog_game_close(now);
        return st;
    }
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
    if (g != now)
        grog_game_close(g);
    grog_game_close(now);
    return st;
}

static int run_show(cli *c, int argc, char **argv)
{
    show_opts o = {7, {NULL, NULL, NULL}, NULL, 0, 0, -1};
    int first;
    int rc = cli_parse(c, &cli_show_command, argc, argv, on_show_opt, &o, &first);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (argc - first > 1)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("expected at most one scenario FILE or GAME"));
    if ((rc = cli_one_seat(c, o.side, o.referee)) != 0)
        return rc;
    if (o.at >= 0 && (first >= argc || !cli_is_game_file(argv[first])))
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("--at N steps through a GAME's journal: a scenario has none"));
    grog_battle *b = NULL;
    json_t *game = NULL;
    grog_error err;
    grog_status st = show_source(&o, first < argc ? argv[first] : NULL, &b, &game, &err);
    if (st != GROG_OK)
        return cli_fail_status(c, st, &err);
    if (game != NULL && c->json) { /* a game's --json: its view, as the server gives it */
        json_object_del(game, "family_title");
        cli_dump_json(c, game);
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
        ok = show_print_json(&x);
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
    N_("grognard show [FILE|GAME] [--side S | --referee] [--at N] [--family aigles|gdb|gt|all|none]\n"
       "              [--aigles-rules FILE] [--gdb-rules FILE] [--gt-rules FILE] [--json]"),
    N_("FILE is a scenario file or a bundled scenario's name; without it, the\n"
       "embedded default. GAME is a game file (grognard new): the battle as it\n"
       "stands now, with the turn and phase, formation changes under way, ADCs\n"
       "riding, command points or PIPs left, melees, the officers out of the\n"
       "battle, and what each side may still do. --at N: the game as it was after\n"
       "journal entry N (0: before the first), to step through it.\n"
       "\n"
       "Hidden orders are shown only to their side: without --side, the public\n"
       "view; --side S adds S's hidden orders; --referee shows everything.\n"
       "\n"
       "Prints each side's order of battle as a tree: officers with their ratings\n"
       "under every family (aigles charisma and command, gdb skill, gt quality),\n"
       "state, orders and hidden orders, the edge-to-edge distance to their\n"
       "superior, their ADCs, subordinates and units. For each general:\n"
       "  aigles  who is inside his order-change zone (AIG-O-07, AIG-O-10);\n"
       "  gdb     the C-in-C's distance to each brigade commander, and whether it\n"
       "          is beyond the command radius (GDB-09, GDB-14);\n"
       "  gt      the divisional generals within a corps or army commander's\n"
       "          radius (GT-10).\n"
       "The zones and radii come from the embedded rules data.\n"),
    cli_show_command_options,
    NULL,
};
