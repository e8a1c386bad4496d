/* explain_text.c — an explanation record as text for people: the rules' ids in the
 * reader's words, the target and its modifiers, the odds, the roll and the outcome
 * (grog_explain_to_text). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/explain.h"
#include "i18n.h"
#include "explain_record.h"

const char *grog_pgettext(const char *key)
{
    const char *t = grog_i18n_gettext(key);
    if (t != key)
        return t;
    const char *sep = strchr(key, '\004');
    return sep != NULL ? sep + 1 : key;
}

/* Ids and their words for text output: outcomes, officer states, and the
 * rules' vocabulary (formations, arms, statuses, phases, roles...). The ids
 * stay in JSON and on the command line; people read the words. */
static const struct {
    const char *id;
    const char *key; /* N_() msgid, or NC_() context key */
} words[] = {
    {"obeys", N_("obeys")},
    {"fails", N_("fails")},
    {"immediate", N_("immediate")},
    {"delayed", N_("delayed")},
    {"fail", N_("fail")},
    {"out_of_commission", N_("out of commission")},
    {"unharmed", N_("unharmed")},
    {"contact", N_("contact")},
    {"none", N_("none")},
    /* Officer states (src/model/names.c), shown through _() by the views. */
    {"active", N_("active")},
    {"prisoner", N_("prisoner")},
    {"out-of-commission", N_("out-of-commission")},
    {"killed", N_("killed")},
    /* Les Aigles formations (data/rules/aigles.json "catalogue"). */
    {"march-column", NC_("formation", "march-column")},
    {"attack-column", NC_("formation", "attack-column")},
    {"division-column", NC_("formation", "division-column")},
    {"extended-attack-column", NC_("formation", "extended-attack-column")},
    {"company-column", NC_("formation", "company-column")},
    {"mass-column", NC_("formation", "mass-column")},
    {"mass-square", NC_("formation", "mass-square")},
    {"line", NC_("formation", "line")},
    {"double-line", NC_("formation", "double-line")},
    {"potence", NC_("formation", "potence")},
    {"echelon", NC_("formation", "echelon")},
    {"hollow-square", NC_("formation", "hollow-square")},
    {"full-square", NC_("formation", "full-square")},
    {"skirmish", NC_("formation", "skirmish")},
    {"dismounted", NC_("formation", "dismounted")},
    {"unformed", NC_("formation", "unformed")},
    {"disorder", NC_("formation", "disorder")},
    {"formed", NC_("formation", "formed")},
    {"limbered", NC_("formation", "limbered")},
    {"unlimbered", NC_("formation", "unlimbered")},
    /* Arms and statuses (src/model/names.c). */
    {"infantry", NC_("arm", "infantry")},
    {"cavalry", NC_("arm", "cavalry")},
    {"foot-artillery", NC_("arm", "foot-artillery")},
    {"horse-artillery", NC_("arm", "horse-artillery")},
    {"engineers", NC_("arm", "engineers")},
    {"garde", NC_("status", "garde")},
    {"elite", NC_("status", "elite")},
    {"veteran", NC_("status", "veteran")},
    {"regular", NC_("status", "regular")},
    {"semi-regular", NC_("status", "semi-regular")},
    {"militia", NC_("status", "militia")},
    {"irregular", NC_("status", "irregular")},
    /* Nations (src/model/names.c), as the rules tables name them. */
    {"france", NC_("nation", "france")},
    {"britain", NC_("nation", "britain")},
    {"late-prussia", NC_("nation", "late-prussia")},
    {"prussia", NC_("nation", "prussia")},
    {"austria", NC_("nation", "austria")},
    {"russia", NC_("nation", "russia")},
    {"portugal", NC_("nation", "portugal")},
    {"spain", NC_("nation", "spain")},
    {"netherlands", NC_("nation", "netherlands")},
    {"other", NC_("nation", "other")},
    /* Phases of a turn (src/game/family_*.c). */
    {"orders-1", NC_("phase", "orders-1")},
    {"movement-1", NC_("phase", "movement-1")},
    {"orders-2", NC_("phase", "orders-2")},
    {"movement-2", NC_("phase", "movement-2")},
    {"command", NC_("phase", "command")},
    {"movement", NC_("phase", "movement")},
    {"combat", NC_("phase", "combat")},
    {"pip", NC_("phase", "pip")},
    /* Roles, C-in-C skills, generals' qualities (src/model/names.c). */
    {"commander-in-chief", NC_("role", "commander-in-chief")},
    {"army", NC_("role", "army")},
    {"corps", NC_("role", "corps")},
    {"division", NC_("role", "division")},
    {"brigade", NC_("role", "brigade")},
    {"aide-de-camp", NC_("role", "aide-de-camp")},
    {"gifted", NC_("skill", "gifted")},
    {"ordinary", NC_("skill", "ordinary")},
    {"poor", NC_("skill", "poor")},
    {"great", NC_("skill", "great")},
    {"bad", NC_("skill", "bad")},
    /* Grande Tactique's PIP steps (GT-17, src/rules/gt/gt_rules.c), in a path. */
    {"allocate", NC_("pip-step", "allocate")},
    {"bad_commander", NC_("pip-step", "bad_commander")},
    {"skill", NC_("pip-step", "skill")},
    {"bonus", NC_("pip-step", "bonus")},
    {"floor", NC_("pip-step", "floor")},
    /* A General de Brigade face-down order (src/rules/gdb/gdb_book.c). */
    {"unrevealed", NC_("order", "unrevealed")},
    {"hidden", NC_("order", "hidden")},
};

const char *grog_explain_word(const char *id)
{
    if (id == NULL)
        return "";
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(words[i].id, id) == 0)
            return strchr(words[i].key, '\004') != NULL ? grog_pgettext(words[i].key)
                                                        : _(words[i].key);
    return id;
}

const char *grog_explain_word_in(const char *ctx, const char *id)
{
    if (id == NULL)
        return "";
    if (ctx == NULL)
        return grog_explain_word(id);
    char key[160];
    int n = snprintf(key, sizeof key, "%s\004%s", ctx, id);
    if (n < 0 || (size_t)n >= sizeof key)
        return id;
    const char *t = grog_i18n_gettext(key);
    return t != key && strcmp(t, key) != 0 ? t : id;
}

/* The phases as the second half of "phase of ...": "Turn 2, %s phase." reads
 * "phase de commandement", "фаза командования" (context phase-of). */
static const char *const phases_of[] = {
    NC_("phase-of", "orders-1"),   NC_("phase-of", "movement-1"), NC_("phase-of", "orders-2"),
    NC_("phase-of", "movement-2"), NC_("phase-of", "command"),    NC_("phase-of", "movement"),
    NC_("phase-of", "combat"),     NC_("phase-of", "pip"),
};

const char *grog_explain_phase_of(const char *id)
{
    if (id == NULL)
        return "";
    for (size_t i = 0; i < sizeof phases_of / sizeof phases_of[0]; i++)
        if (strcmp(strchr(phases_of[i], '\004') + 1, id) == 0)
            return grog_pgettext(phases_of[i]);
    return grog_explain_word(id);
}

/* A path step for people: an id ("line"), or a rule id and an id with an
 * optional value ("GT-14 allocate: 4"), the id in words; other text as it is. */
void grog_explain_put_step(FILE *f, const char *step)
{
    const char *w = grog_explain_word(step);
    if (w != step) {
        fputs(w, f);
        return;
    }
    const char *sp = strchr(step, ' ');
    if (sp == NULL) {
        fputs(step, f);
        return;
    }
    size_t n = strcspn(sp + 1, ": ");
    char id[64];
    if (n == 0 || n >= sizeof id || sp[1 + n] == ' ') {
        fputs(step, f);
        return;
    }
    memcpy(id, sp + 1, n);
    id[n] = '\0';
    w = grog_explain_word(id);
    if (w == id) {
        fputs(step, f);
        return;
    }
    fprintf(f, "%.*s%s%s", (int)(sp + 1 - step), step, w, sp + 1 + n);
}

/* The characters of s (UTF-8). */
static int text_chars(const char *s)
{
    int n = 0;
    for (const char *p = s; *p != '\0'; p++)
        n += ((unsigned char)*p & 0xC0) != 0x80;
    return n;
}

static void put_padded(FILE *f, const char *s, int width)
{
    int n = text_chars(s);
    fputs(s, f);
    for (; n < width; n++)
        fputc(' ', f);
}

/* One line of the odds, its label padded to width characters. */
static void text_probability(FILE *f, const char *label, int width, grog_frac p)
{
    char buf[64];
    fputs("    ", f);
    put_padded(f, label, width);
    fprintf(f, " %12s  %5.1f%%\n", grog_frac_format(p, buf, sizeof buf),
            100.0 * grog_frac_value(p));
}

/* The words of a value's unit ("half-periods", "PIPs"...), singular or plural
 * for value; ids without plural forms through grog_explain_word. */
const char *grog_explain_unit_words(const char *unit, double value)
{
    static const struct {
        const char *id;
        const char *one;
        const char *many;
    } units[] = {
        /* TRANSLATORS: a value's unit, after the number: "3 half-périodes". */
        {"PIPs", NP_("PIP", "PIPs")},
        {"half-periods", NP_("half-période", "half-périodes")},
        {"turns", NP_("période to ride", "périodes to ride")},
        {"pas", NP_("pas", "pas")},
        {"morale", NP_("point of morale", "points of morale")},
    };
    if (unit == NULL)
        return "";
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (strcmp(units[i].id, unit) != 0)
            continue;
        double a = fabs(value);
        /* A fraction takes the form of 2: the plural in English and French
         * ("1.5 pas", "2.5 tours"), the genitive singular in Russian ("290.7
         * шага"), as the Russian rulebook writes it. */
        unsigned long n = a == floor(a) && a < 1e9 ? (unsigned long)a : 2;
        return ngettext(units[i].one, units[i].many, n);
    }
    const char *w = grog_explain_word_in("length", unit); /* cm, in, mm */
    return w != unit ? w : grog_explain_word(unit);
}

/* 1 when the modifiers add up to the target (Les Aigles' reaction tests: the
 * die is compared with their sum and nothing modifies the roll). */
static int target_from_modifiers(const grog_explain *e)
{
    return e->mods.n > 0 && grog_explain_modifier_total(e) == e->target &&
           (!e->has_roll || e->modified_roll == e->roll.natural);
}

static void text_header(FILE *f, const grog_explain *e)
{
    fprintf(f, "%s\n", e->title != NULL ? e->title : e->test);
    if (e->rules.n > 0) {
        fprintf(f, "  %s ", _("rules:"));
        for (size_t i = 0; i < e->rules.n; i++)
            fprintf(f, "%s%s", i ? ", " : "", e->rules.v[i]);
        fputc('\n', f);
    }
    for (size_t i = 0; i < e->checks.n; i++) {
        const check *c = &e->checks.v[i];
        fprintf(f, "  [%s] ", c->ok ? _("ok") : _("NO"));
        put_padded(f, c->rule ? c->rule : "", 9);
        fprintf(f, " %s%s%s\n", c->label ? c->label : "", c->detail ? ": " : "",
                c->detail ? c->detail : "");
    }
    explain_measures_text(f, &e->measures);
    if (e->dice != NULL && e->has_target && target_from_modifiers(e)) {
        /* The modifiers make the target and the die is read as it falls:
         * "1d6 < 7 (target = 4 + 3)". */
        fprintf(f, "  %s %s %s %d (%s = ", _("dice:"), e->dice, grog_cmp_symbol(e->cmp), e->target,
                grog_pgettext(NC_("record", "target")));
        for (size_t i = 0; i < e->mods.n; i++)
            fprintf(f, i == 0 ? "%d" : e->mods.v[i].value < 0 ? " - %d" : " + %d",
                    i == 0 ? e->mods.v[i].value : abs(e->mods.v[i].value));
        fputs(")\n", f);
    } else if (e->dice != NULL && e->has_target)
        fprintf(f, "  %s %s, %s %s %d\n", _("dice:"), e->dice, _("modified roll"),
                grog_cmp_symbol(e->cmp), e->target);
    else if (e->dice != NULL)
        fprintf(f, "  %s %s\n", _("dice:"), e->dice);
    else if (e->has_target)
        fprintf(f, "  %s %s %d\n", _("target:"), grog_cmp_symbol(e->cmp), e->target);
}

static void text_body(FILE *f, const grog_explain *e)
{
    if (e->mods.n > 0) {
        fprintf(f, "  %s\n", _("modifiers:"));
        for (size_t i = 0; i < e->mods.n; i++) {
            fputs("    ", f);
            put_padded(f, e->mods.v[i].rule ? e->mods.v[i].rule : "", 9);
            fputc(' ', f);
            put_padded(f, e->mods.v[i].label ? e->mods.v[i].label : "", 44);
            fprintf(f, " %+d\n", e->mods.v[i].value);
        }
        fputs("    ", f);
        put_padded(f, _("total"), 54);
        fprintf(f, " %+d\n", grog_explain_modifier_total(e));
    }
    if (e->path.n > 0) {
        fprintf(f, "  %s ", _("path:"));
        for (size_t i = 0; i < e->path.n; i++) {
            fputs(i ? " -> " : "", f);
            grog_explain_put_step(f, e->path.v[i]);
        }
        fputc('\n', f);
    }
    if (e->has_value)
        fprintf(f, "  %s %g %s\n", _("value:"), e->value,
                e->has_unit ? grog_explain_unit_words(e->unit, e->value) : "");
    else if (e->has_range)
        fprintf(f, "  %s %+d .. %+d %s\n", _("range:"), e->range_lo, e->range_hi,
                e->has_unit ? grog_explain_unit_words(e->unit, e->range_hi) : "");
    else if (e->has_unit && e->unit != NULL)
        fprintf(f, "  %s %s\n", _("value:"), grog_explain_word(e->unit));
    if (e->outcomes.n > 0) {
        fprintf(f, "  %s\n", _("odds:"));
        /* the labels' column as wide as the longest (Russian «со следующего хода» is 18
           characters), so that the odds line up in every language */
        int width = 14;
        for (size_t i = 0; i < e->outcomes.n; i++)
            if (text_chars(grog_explain_word(e->outcomes.v[i].name)) > width)
                width = text_chars(grog_explain_word(e->outcomes.v[i].name));
        for (size_t i = 0; i < e->outcomes.n; i++)
            text_probability(f, grog_explain_word(e->outcomes.v[i].name), width,
                             e->outcomes.v[i].p);
    }
    if (e->dist.n > 0) {
        fprintf(f, "  %s\n", _("distribution:"));
        for (size_t i = 0; i < e->dist.n; i++) {
            char label[32];
            snprintf(label, sizeof label, "%d", e->dist.v[i].value);
            text_probability(f, label, 14, e->dist.v[i].p);
        }
        fprintf(f, "    %s %.4f\n", _("mean"), e->mean);
    }
}

static void text_footer(FILE *f, const grog_explain *e)
{
    if (e->has_roll) {
        fprintf(f, "  %s %d", _("roll:"), e->roll.natural);
        if (e->roll.entered)
            fprintf(f, " (%s)", _("entered"));
        else if (e->roll.nfaces > 1) {
            fputs(" (", f);
            for (int i = 0; i < e->roll.nfaces; i++)
                fprintf(f, "%s%d", i ? "+" : "", e->roll.faces[i]);
            fputc(')', f);
        }
        if (e->modified_roll != e->roll.natural)
            fprintf(f, ", %s %d", _("modified"), e->modified_roll);
        fprintf(f, ": %s\n", grog_explain_word(e->outcome_name));
        if (e->has_seed)
            fprintf(f, "  %s %llu\n", _("seed:"), (unsigned long long)e->seed);
    }
    for (size_t i = 0; i < e->notes.n; i++)
        fprintf(f, "  %s%s%s\n", e->notes.v[i].rule ? e->notes.v[i].rule : "",
                e->notes.v[i].rule ? ": " : "", e->notes.v[i].text ? e->notes.v[i].text : "");
    /* Defaults, once per record on one line (their notes are in --json). */
    if (e->defaults.n > 0) {
        fprintf(f, "  %s", ngettext("default used:", "defaults used:", (unsigned long)e->defaults.n));
        for (size_t i = 0; i < e->defaults.n; i++) {
            const def *d = &e->defaults.v[i];
            fprintf(f, "%s %s = %s", i ? ";" : "", d->setting ? d->setting : "",
                    d->value ? d->value : "");
        }
        fprintf(f, " %s\n", _("(values the rulebook does not give; settable with --rules)"));
    }
}

grog_status grog_explain_to_text(const grog_explain *e, char **out, grog_error *err)
{
    if (e->oom)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory building an explanation"));
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("out of memory writing text"));
    text_header(f, e);
    text_body(f, e);
    text_footer(f, e);
    if (fclose(f) != 0) {
        free(buf);
        return grog_error_set(err, GROG_ENOMEM, _("out of memory writing text"));
    }
    *out = buf;
    return GROG_OK;
}
