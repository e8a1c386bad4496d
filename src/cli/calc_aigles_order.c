/* calc_aigles_order.c — the Les Aigles officers calculators, for players
 * with real figures and no scenario:
 *   grognard calc aigles-order     the reaction test to an order (AIG-O-15..20, -08)
 *   grognard calc aigles-zone      the order-change zone of a command value (AIG-O-07)
 *   grognard calc aigles-charisma  the charisma modifier at a distance or in contact
 *                                  (AIG-O-03, AIG-O-04)
 * Each loads the rules (embedded, or --rules FILE), calls the library and
 * prints one explanation record. */
#include <stdio.h>
#include <string.h>

#include "grognard/text.h"
#include "cli.h"
#include "grognard/aigles.h"

static const char *const scale_names[] = {"25", "15"};
static const int scale_values[] = {25, 15};

static int load_rules(cli *c, const char *path, grog_aigles_rules **r)
{
    grog_error err;
    grog_status st = grog_aigles_rules_load(path, r, &err);
    return st == GROG_OK ? 0 : cli_fail_status(c, st, &err);
}

/* A rating option (--command, --charisma...) outside the rules' range
 * (AIG-O-01) is a wrong command line, as every other option out of range. */
static int check_rating(cli *c, const grog_aigles_rules *r, const char *name, long v)
{
    int lo, hi;
    grog_aigles_rating_range(r, &lo, &hi);
    char text[32];
    snprintf(text, sizeof text, "%ld", v);
    long out;
    return cli_int(c, name, text, lo, hi, &out);
}

/* Prints the record and frees it and the rules. */
static int finish(cli *c, grog_aigles_rules *r, grog_explain *e)
{
    int rc = cli_print_explain(c, e);
    grog_explain_destroy(e);
    grog_aigles_rules_destroy(r);
    return rc;
}

/* ---- aigles-order ---- */

enum {
    OPT_COMMAND = 1000, OPT_STATUS, OPT_REACTION, OPT_RECEIVER, OPT_EXPLAIN, OPT_FAILED,
    OPT_VARIANT, OPT_DISTANCE, OPT_ROLL, OPT_SEED, OPT_RULES, OPT_SCALE, OPT_CHARISMA,
    OPT_CONTACT
};

typedef struct order_opts {
    long command, reaction, receiver, explain, failed, roll, seed;
    int has_command, has_status, has_reaction, has_receiver, has_roll, has_seed;
    int has_distance, variant;
    grog_aigles_status status;
    double distance;
    const char *rules;
} order_opts;

static const cli_opt cli_calc_aigles_order_options[] = {
    {"command", OPT_COMMAND, CLI_INT, N_("C"),
     N_("the giver's command, 1 to 5 (through an ADC: his\n"
        "general's, AIG-O-12); 0 gives no orders"),
     0, 1000, NULL},
    {"status", OPT_STATUS, CLI_TEXT, N_("S"),
     N_("the unit's status: garde, elite, veteran, regular,\n"
        "semi-regular, militia, irregular (AIG-O-15)"),
     0, 0, NULL},
    {"reaction", OPT_REACTION, CLI_INT, N_("R"),
     N_("the unit's reaction value, given directly"),
     0, 20, NULL},
    {"receiver-command", OPT_RECEIVER, CLI_INT, N_("C2"),
     N_("the receiving officer's command (AIG-O-17)"),
     0, 1000, NULL},
    {"explain-turns", OPT_EXPLAIN, CLI_INT, N_("N"),
     N_("turns spent explaining: +1 command each (AIG-O-18)"),
     0, 100, NULL},
    {"failed-turns", OPT_FAILED, CLI_INT, N_("N"),
     N_("turns of failed tests: +1 reaction per 2 (AIG-O-19)"),
     0, 100, NULL},
    {"variant", OPT_VARIANT, CLI_TEXT, N_("V"),
     N_("zone (the table of AIG-O-07) or distance-penalty\n"
        "(AIG-O-08: -1 command per complete 150 pas)"),
     0, 0, NULL},
    {"distance", OPT_DISTANCE, CLI_NUMBER, N_("PAS"),
     N_("the distance between the officers, for the variant"),
     0, 0, NULL},
    {"roll", OPT_ROLL, CLI_INT, N_("D"),
     N_("a die rolled at the table (1 to 6)"),
     -1000, 1000, NULL},
    {"seed", OPT_SEED, CLI_INT, N_("N"), N_("roll with the seeded generator"), 0, INT64_MAX, NULL},
    {"rules", OPT_RULES, CLI_TEXT, N_("FILE"),
     N_("house rules instead of the embedded aigles.json"),
     0, 0, NULL},
    {"json", 'j', CLI_FLAG, NULL,
     N_("the explanation record as JSON (outcomes obeys, fails)"),
     0, 0, NULL},
    CLI_OPT_END,
};

static int on_order_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    static const char *const variants[] = {"zone", "distance-penalty"};
    order_opts *o = ctx;
    grog_error err;
    int idx;
    switch (opt->id) {
    case OPT_COMMAND: o->has_command = 1; o->command = v->n; return 0;
    case OPT_STATUS:
        o->has_status = 1;
        if (grog_aigles_status_parse(v->text, &o->status, &err) != GROG_OK)
            return cli_fail(c, CLI_EXIT_USAGE, "--status: %s", err.message);
        return 0;
    case OPT_REACTION: o->has_reaction = 1; o->reaction = v->n; return 0;
    case OPT_RECEIVER: o->has_receiver = 1; o->receiver = v->n; return 0;
    case OPT_EXPLAIN: o->explain = v->n; return 0;
    case OPT_FAILED: o->failed = v->n; return 0;
    case OPT_VARIANT:
        if (cli_choice(c, "--variant", v->text, variants, 2, &idx) != 0)
            return CLI_EXIT_USAGE;
        o->variant = idx == 1 ? GROG_AIGLES_VARIANT_DISTANCE : GROG_AIGLES_VARIANT_ZONE;
        return 0;
    case OPT_DISTANCE: o->has_distance = 1; o->distance = v->x; return 0;
    case OPT_ROLL: o->has_roll = 1; o->roll = v->n; return 0;
    case OPT_SEED: o->has_seed = 1; o->seed = v->n; return 0;
    case OPT_RULES: o->rules = v->text; return 0;
    }
    return CLI_EXIT_USAGE;
}

static int order_usage_checks(cli *c, const order_opts *o, const grog_aigles_rules *r)
{
    if (!o->has_command)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--command is required"));
    if (o->has_status + o->has_reaction + o->has_receiver != 1)
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("give exactly one of --status, --reaction, --receiver-command"));
    if (o->has_seed && o->has_roll)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--seed and --roll cannot go together"));
    int rc = check_rating(c, r, "--command", o->command);
    if (rc == 0 && o->has_receiver)
        rc = check_rating(c, r, "--receiver-command", o->receiver);
    if (rc != 0)
        return rc;
    int variant = o->variant == GROG_AIGLES_VARIANT_DISTANCE ||
                  (o->variant == GROG_AIGLES_VARIANT_RULES && grog_aigles_variant_default(r));
    if (variant && !o->has_distance)
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("the distance variant (AIG-O-08) needs --distance PAS"));
    if (!variant && o->has_distance)
        return cli_fail(c, CLI_EXIT_USAGE, "%s",
                        _("--distance is used only with --variant distance-penalty"));
    return 0;
}

static int run_order(cli *c, int argc, char **argv)
{
    order_opts o;
    memset(&o, 0, sizeof o);
    o.variant = GROG_AIGLES_VARIANT_RULES;
    int rc = cli_parse_flags(c, &cli_calc_aigles_order, argc, argv, on_order_opt, &o);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    grog_aigles_rules *r = NULL;
    if ((rc = load_rules(c, o.rules, &r)) != 0)
        return rc;
    if ((rc = order_usage_checks(c, &o, r)) != 0) {
        grog_aigles_rules_destroy(r);
        return rc;
    }
    grog_aigles_order ord = grog_aigles_order_default();
    ord.command = (int)o.command;
    ord.receiver = o.has_receiver ? GROG_AIGLES_TO_OFFICER : GROG_AIGLES_TO_UNIT;
    ord.status = o.has_status ? (int)o.status : -1;
    ord.reaction = (int)o.reaction;
    ord.receiver_command = (int)o.receiver;
    ord.explain_turns = (int)o.explain;
    ord.failed_turns = (int)o.failed;
    ord.variant = (grog_aigles_variant)o.variant;
    ord.distance_pas = o.distance;
    grog_rng *rng = o.has_seed ? grog_rng_create((uint64_t)o.seed) : NULL;
    if (o.has_seed && rng == NULL) {
        grog_aigles_rules_destroy(r);
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
    }
    grog_aigles_dice dice = {o.has_seed ? GROG_AIGLES_RNG
                                        : o.has_roll ? GROG_AIGLES_ENTERED : GROG_AIGLES_NO_ROLL,
                             rng, (int)o.roll};
    grog_explain *e = NULL;
    grog_error err;
    grog_status st = grog_aigles_order_test(r, &ord, &dice, &e, NULL, &err);
    grog_rng_destroy(rng);
    if (st != GROG_OK) {
        grog_aigles_rules_destroy(r);
        return cli_fail_status(c, st, &err);
    }
    return finish(c, r, e);
}

const cli_command cli_calc_aigles_order = {
    "aigles-order",
    run_order,
    N_("Les Aigles: reaction test to an order (general to unit, officer to officer)"),
    N_("grognard calc aigles-order --command C (--status S | --reaction R |\n"
       "         --receiver-command C2) [--explain-turns N] [--failed-turns N]\n"
       "         [--variant distance-penalty --distance PAS] [--roll D | --seed N]\n"
       "         [--rules FILE] [--json]"),
    N_("One D6: the order is obeyed when the die is strictly less than the\n"
       "receiver's reaction (a unit, AIG-O-15/16) or command (an officer, AIG-O-17)\n"
       "plus the giver's command. A sum of 7 or more always obeys; 1 or less never.\n"),
    cli_calc_aigles_order_options,
    N_("Example: grognard calc aigles-order --command 3 --status regular   (obeys 4/6)\n"),
};

/* ---- aigles-zone ---- */

typedef struct zone_opts {
    long command, charisma;
    int has_command, has_charisma, has_scale, has_distance, contact;
    int scale;
    double distance;
    const char *rules;
} zone_opts;

static const cli_opt cli_calc_aigles_zone_options[] = {
    {"command", OPT_COMMAND, CLI_INT, N_("C"), N_("the general's command, 0 to 5"), 0, 1000, NULL},
    {"scale", OPT_SCALE, CLI_TEXT, N_("S"), N_("figure scale: 25 or 15 (mm)"), 0, 0, NULL},
    {"rules", OPT_RULES, CLI_TEXT, N_("FILE"),
     N_("house rules instead of the embedded aigles.json"),
     0, 0, NULL},
    {"json", 'j', CLI_FLAG, NULL, N_("the explanation record as JSON"), 0, 0, NULL},
    CLI_OPT_END,
};

static const cli_opt cli_calc_aigles_charisma_options[] = {
    {"charisma", OPT_CHARISMA, CLI_INT, N_("C"),
     N_("the officer's charisma, 0 to 5"),
     0, 1000, NULL},
    {"scale", OPT_SCALE, CLI_TEXT, N_("S"), N_("figure scale: 25 or 15 (mm)"), 0, 0, NULL},
    {"distance", OPT_DISTANCE, CLI_NUMBER, N_("PAS"),
     N_("the distance from the officer to the unit"),
     0, 0, NULL},
    {"contact", OPT_CONTACT, CLI_FLAG, NULL,
     N_("the officer is in contact with the unit"),
     0, 0, NULL},
    {"rules", OPT_RULES, CLI_TEXT, N_("FILE"),
     N_("house rules instead of the embedded aigles.json"),
     0, 0, NULL},
    {"json", 'j', CLI_FLAG, NULL, N_("the explanation record as JSON"), 0, 0, NULL},
    CLI_OPT_END,
};

static int on_zone_opt(cli *c, const cli_opt *opt, const cli_value *v, void *ctx)
{
    zone_opts *o = ctx;
    int idx;
    switch (opt->id) {
    case OPT_COMMAND: o->has_command = 1; o->command = v->n; return 0;
    case OPT_CHARISMA:
        o->has_charisma = 1;
        return cli_int(c, "--charisma", v->text, 0, 1000, &o->charisma);
    case OPT_SCALE:
        if (cli_choice(c, "--scale", v->text, scale_names, 2, &idx) != 0)
            return CLI_EXIT_USAGE;
        o->has_scale = 1;
        o->scale = scale_values[idx];
        return 0;
    case OPT_DISTANCE: o->has_distance = 1; return cli_double(c, "--distance", v->text, &o->distance);
    case OPT_CONTACT: o->contact = 1; return 0;
    case OPT_RULES: o->rules = v->text; return 0;
    }
    return CLI_EXIT_USAGE;
}

static grog_explain *zone_record(const grog_aigles_rules *r, int command, int scale, double pas,
                                 int contact)
{
    char title[128], text[256];
    grog_text_snprintf(title, sizeof title,
                       _("Les Aigles: order-change zone of command %d at %d mm"), command, scale);
    grog_explain *e = grog_explain_create("aigles-zone", title);
    if (e == NULL)
        return NULL;
    grog_explain_add_rule(e, "AIG-O-07");
    if (contact) {
        grog_explain_set_value_none(e, "contact");
        grog_explain_add_note(e, "AIG-O-07", _("command 1 orders only units and officers in contact"));
    } else if (command == 0 || pas <= 0) {
        grog_explain_set_value_none(e, "none");
        grog_explain_add_note(e, "AIG-O-07",
                              _("command 0 gives no command points, hence no orders (AIG-O-06)"));
    } else {
        grog_explain_set_value(e, pas, "pas");
        grog_text_snprintf(
            text, sizeof text,
            _("the general orders a unit or officer whose base is within %g pas of his, "
              "edge to edge, %g pas included (AIG-O-10)"),
            pas, pas);
        grog_explain_add_note(e, "AIG-O-07", text);
    }
    if (grog_aigles_variant_default(r))
        grog_explain_add_note(e, "AIG-O-08",
                              _("these rules use the distance variant: no zone limit, -1 "
                                "command per complete 150 pas instead"));
    return e;
}

static int run_zone(cli *c, int argc, char **argv)
{
    zone_opts o;
    memset(&o, 0, sizeof o);
    int rc = cli_parse_flags(c, &cli_calc_aigles_zone, argc, argv, on_zone_opt, &o);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (!o.has_command || !o.has_scale)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--command and --scale are required"));
    grog_aigles_rules *r = NULL;
    if ((rc = load_rules(c, o.rules, &r)) != 0)
        return rc;
    if ((rc = check_rating(c, r, "--command", o.command)) != 0) {
        grog_aigles_rules_destroy(r);
        return rc;
    }
    double pas;
    int contact;
    grog_error err;
    grog_status st = grog_aigles_zone(r, (int)o.command, o.scale, &pas, &contact, &err);
    if (st != GROG_OK) {
        grog_aigles_rules_destroy(r);
        return cli_fail_status(c, st, &err);
    }
    grog_explain *e = zone_record(r, (int)o.command, o.scale, pas, contact);
    if (e == NULL) {
        grog_aigles_rules_destroy(r);
        return cli_fail(c, CLI_EXIT_INTERNAL, "%s", _("out of memory"));
    }
    return finish(c, r, e);
}

const cli_command cli_calc_aigles_zone = {
    "aigles-zone",
    run_zone,
    N_("Les Aigles: the order-change zone of a command value"),
    N_("grognard calc aigles-zone --command C --scale 25|15 [--rules FILE] [--json]"),
    N_("The distance within which a general of command C changes the orders of a\n"
       "unit or officer (AIG-O-07): value in pas, or unit \"contact\" (value null) for\n"
       "command 1. Distances are edge to edge between the bases.\n"),
    cli_calc_aigles_zone_options,
    N_("Example: grognard calc aigles-zone --command 4 --scale 15   (115 pas)\n"),
};

/* ---- aigles-charisma ---- */

static grog_status charisma_record(const grog_aigles_rules *r, const zone_opts *o,
                                   grog_explain **out, grog_error *err)
{
    int ch = (int)o->charisma;
    double radius;
    grog_status st = grog_aigles_charisma_radius(r, ch, o->scale, &radius, err);
    int bonus = 0;
    /* 0 pas edge to edge is contact (AIG-O-03), as in `explain` and the game */
    int contact = o->contact || (o->has_distance && o->distance <= 1e-9);
    if (st == GROG_OK && !contact)
        st = grog_aigles_charisma_bonus(r, ch, o->scale, o->distance, &bonus, err);
    if (st != GROG_OK)
        return st;
    char title[128], text[256];
    grog_text_snprintf(title, sizeof title, _("Les Aigles: charisma %d at %d mm"), ch, o->scale);
    grog_explain *e = grog_explain_create("aigles-charisma", title);
    if (e == NULL)
        return grog_error_set(err, GROG_ENOMEM, "%s", _("out of memory"));
    if (contact) {
        grog_explain_set_range(e, -ch, ch, "morale");
        grog_explain_add_note(e, "AIG-O-03",
                              _("in contact: the officer's player chooses the modifier in this "
                                "range after the die is rolled; it is the last factor applied"));
    } else {
        grog_text_snprintf(text, sizeof text, _("%g pas from the officer"), o->distance);
        grog_explain_add_modifier(e, "AIG-O-04", text, bonus);
        grog_explain_set_value(e, bonus, "morale");
        if (radius > 0)
            grog_text_snprintf(text, sizeof text,
                               _("the bonus is above 0 within %g pas (edge to edge, included)"),
                               radius);
        else
            grog_text_snprintf(text, sizeof text, "%s",
                               _("charisma 0 or 1 gives no indirect bonus"));
        grog_explain_add_note(e, "AIG-O-04", text);
    }
    grog_explain_add_note(e, "AIG-O-05",
                          _("influences do not add up: contact first, else the best indirect "
                            "bonus of the unit's side"));
    *out = e;
    return GROG_OK;
}

static int run_charisma(cli *c, int argc, char **argv)
{
    zone_opts o;
    memset(&o, 0, sizeof o);
    int rc = cli_parse_flags(c, &cli_calc_aigles_charisma, argc, argv, on_zone_opt, &o);
    if (rc != 0)
        return rc == CLI_STOP_OK ? CLI_EXIT_OK : rc;
    if (!o.has_charisma || !o.has_scale)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("--charisma and --scale are required"));
    if (o.contact == o.has_distance)
        return cli_fail(c, CLI_EXIT_USAGE, "%s", _("give one of --distance PAS or --contact"));
    grog_aigles_rules *r = NULL;
    if ((rc = load_rules(c, o.rules, &r)) != 0)
        return rc;
    if ((rc = check_rating(c, r, "--charisma", o.charisma)) != 0) {
        grog_aigles_rules_destroy(r);
        return rc;
    }
    grog_explain *e = NULL;
    grog_error err;
    grog_status st = charisma_record(r, &o, &e, &err);
    if (st != GROG_OK) {
        grog_aigles_rules_destroy(r);
        return cli_fail_status(c, st, &err);
    }
    return finish(c, r, e);
}

const cli_command cli_calc_aigles_charisma = {
    "aigles-charisma",
    run_charisma,
    N_("Les Aigles: an officer's charisma modifier to a unit's morale"),
    N_("grognard calc aigles-charisma --charisma C --scale 25|15 (--distance PAS | --contact)\n"
       "         [--rules FILE] [--json]"),
    N_("In contact (AIG-O-03) the officer gives a modifier his player chooses in\n"
       "-C..+C after the die (JSON: range). Otherwise (AIG-O-04) a unit within the\n"
       "first radius (150 pas at 25 mm, 100 at 15 mm) gets +(C-1), and one less per\n"
       "further ring of 50 pas (35 at 15 mm) down to 0 (JSON: value). \"Within\"\n"
       "includes the radius; distances are edge to edge.\n"),
    cli_calc_aigles_charisma_options,
    N_("Example: grognard calc aigles-charisma --charisma 4 --scale 25 --distance 200   (+2)\n"),
};
