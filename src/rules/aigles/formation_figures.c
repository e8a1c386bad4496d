/* formation_figures.c — the small computations of the formations chapter:
 * figures taken off by massing (AIG-F-03, AIG-F-10, AIG-F-12), hollow-square
 * shelter (AIG-F-11), horse teams (AIG-F-17), skirmishers (AIG-F-21), the
 * cavalry company column (AIG-F-14), dismounting (AIG-F-16) and the
 * irregular block (AIG-F-23). Pure functions: numbers from the rules data,
 * outputs written only on success. */
#include <stdio.h>
#include <string.h>

#include "formation_rules.h"
#include "i18n.h"

grog_status grog_aigles_formation_massing(const grog_aigles_formation_rules *r, int ranks,
                                          int figures_per_rank, grog_aigles_massing *out,
                                          grog_error *err)
{
    if (ranks < 1 || figures_per_rank < 1)
        return grog_error_set(err, GROG_EINVAL,
                              _("%s: massing needs at least one rank of at least one figure"),
                              r->massing.rule);
    /* Half the ranks go; which half rounds up is an interpretation. */
    int kept = r->in.massing_kept_rounds_up ? (ranks + 1) / 2 : ranks / 2;
    if (ranks == 2) /* AIG-F-12: a unit on two ranks keeps two */
        kept = r->massing.two_ranks_keep;
    if (kept < 1)
        kept = 1;
    grog_aigles_massing m = {kept, ranks - kept, kept * figures_per_rank,
                             (ranks - kept) * figures_per_rank};
    *out = m;
    return GROG_OK;
}

grog_status grog_aigles_formation_shelter(const grog_aigles_formation_rules *r,
                                          int square_figures, int sheltered, int losses,
                                          grog_aigles_shelter *out, grog_error *err)
{
    if (square_figures < 1 || sheltered < 0 || losses < 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("%s: a square of at least one figure, and no negative counts"),
                              r->hollow.rule);
    long num = (long)square_figures * r->hollow.cap_num;
    int cap = (int)(r->in.hollow_square_capacity_rounds_down
                        ? num / r->hollow.cap_den
                        : (num + r->hollow.cap_den - 1) / r->hollow.cap_den);
    if (sheltered > cap)
        return grog_error_set(err, GROG_ERULE,
                              _("%s: a hollow square of %d figures shelters at most %d, not %d"),
                              r->hollow.rule, square_figures, cap, sheltered);
    grog_aigles_shelter s = {cap, (long)losses * r->hollow.loss_percent, 100};
    *out = s;
    return GROG_OK;
}

grog_status grog_aigles_formation_teams(const grog_aigles_formation_rules *r, grog_arm arm,
                                        int sections, int calibre, grog_aigles_teams *out,
                                        grog_error *err)
{
    const char *rule = r->teams.rule;
    if (arm != GROG_ARM_FOOT_ARTILLERY && arm != GROG_ARM_HORSE_ARTILLERY)
        return grog_error_set(err, GROG_EINVAL, _("%s: horse teams are for artillery"), rule);
    if (sections < 1)
        return grog_error_set(err, GROG_EINVAL, _("%s: a battery has at least one section"),
                              rule);
    int pairs = 0;
    if (arm == GROG_ARM_HORSE_ARTILLERY)
        pairs = r->teams.horse_pairs;
    for (int i = 0; pairs == 0 && i < r->teams.nfoot; i++)
        if (calibre >= r->teams.cal_min[i] && calibre <= r->teams.cal_max[i])
            pairs = r->teams.pairs[i];
    if (pairs == 0)
        return grog_error_set(err, GROG_EINVAL,
                              _("%s: Les Aigles, Formations gives teams for foot calibres 3 to 9 and 12, "
                                "not %d"),
                              rule, calibre);
    int per = r->teams.sections_per_team;
    int teams = r->in.horse_teams_round_up ? (sections + per - 1) / per : sections / per;
    if (teams < 1)
        teams = 1;
    grog_aigles_teams t = {teams, pairs, teams * pairs};
    *out = t;
    return GROG_OK;
}

grog_status grog_aigles_formation_skirmish_max(const grog_aigles_formation_rules *r,
                                               int figure_mm, int *max_pas, grog_error *err)
{
    if (figure_mm != 25 && figure_mm != 15)
        return grog_error_set(err, GROG_EINVAL, _("figure scale is 25 or 15 mm, not %d"),
                              figure_mm);
    *max_pas = figure_mm == 25 ? r->skirm.max25 : r->skirm.max15;
    return GROG_OK;
}

grog_status grog_aigles_formation_skirmish_check(const grog_aigles_formation_rules *r,
                                                 int figure_mm, double distance_pas,
                                                 grog_error *err)
{
    int max;
    grog_status st = grog_aigles_formation_skirmish_max(r, figure_mm, &max, err);
    if (st != GROG_OK)
        return st;
    if (!(distance_pas >= 0))
        return grog_error_set(err, GROG_EINVAL, _("a distance cannot be negative"));
    if (distance_pas > max) /* "within" includes the limit */
        return grog_error_set(err, GROG_ERULE,
                              _("%s: skirmishers stay within %d pas of their unit (%d mm "
                                "figures), not %g"),
                              r->skirm.rule, max, figure_mm, distance_pas);
    return GROG_OK;
}

double grog_aigles_formation_skirmish_deploy_move(const grog_aigles_formation_rules *r,
                                                  double remaining_move)
{
    if (!(remaining_move > 0))
        return 0;
    return remaining_move * r->skirm.deploy_num / r->skirm.deploy_den;
}

grog_status grog_aigles_formation_squadron_split(int figures, int *leading, int *rear,
                                                 grog_error *err)
{
    if (figures < 2)
        return grog_error_set(err, GROG_EINVAL,
                              _("AIG-F-14: a squadron in two companies has at least 2 figures, "
                                "not %d"),
                              figures);
    *leading = (figures + 1) / 2; /* the odd figure leads */
    *rear = figures / 2;
    return GROG_OK;
}

grog_status grog_aigles_formation_dismount(int figures, int *horse_holders, int *foot,
                                           grog_error *err)
{
    if (figures < 1)
        return grog_error_set(err, GROG_EINVAL,
                              _("AIG-F-16: a unit dismounting has at least one figure"));
    *horse_holders = figures;
    *foot = figures;
    return GROG_OK;
}

grog_status grog_aigles_formation_irregular_block(const grog_aigles_formation_rules *r,
                                                  int figures, int front, int depth,
                                                  grog_error *err)
{
    int mf = r->irregular.min_front, md = r->irregular.min_depth;
    if (figures < 1 || front < 1 || depth < 1)
        return grog_error_set(err, GROG_EINVAL, _("AIG-F-23: figures, front and depth are >= 1"));
    if (front * depth < figures)
        return grog_error_set(err, GROG_EINVAL,
                              _("AIG-F-23: %d x %d cannot hold %d figures"), front, depth,
                              figures);
    if (figures < r->irregular.free_below) {
        if (front > mf || depth > md)
            return grog_error_set(err, GROG_ERULE,
                                  _("AIG-F-23: under %d figures the block stays within %d x %d"),
                                  r->irregular.free_below, mf, md);
        return GROG_OK;
    }
    if (front < mf || depth < md)
        return grog_error_set(err, GROG_ERULE,
                              _("AIG-F-23: irregular infantry is at least %d figures wide and %d "
                                "deep, not %d x %d"),
                              mf, md, front, depth);
    return GROG_OK;
}

/* AIG-F-03, AIG-F-10, AIG-F-12 for a unit: its companies are its ranks
 * (one behind the other in the column); the figures taken off are those of
 * the ranks taken off, figures x ranks off / ranks, rounded up. A unit
 * whose companies are not given (0) counts each figure as a rank. */
grog_status grog_aigles_formation_on_table(const grog_aigles_formation_rules *r,
                                           grog_aigles_formation f, int figures, int subunits,
                                           grog_aigles_on_table *out, grog_error *err)
{
    if (figures < 0 || subunits < 0)
        return grog_error_set(err, GROG_EINVAL, _("%s: no negative counts"), r->massing.rule);
    grog_aigles_on_table t = {figures, subunits, 0};
    if (grog_aigles_formation_spacing(r, f) != GROG_AIGLES_SPACING_MASSED || figures < 1) {
        *out = t;
        return GROG_OK;
    }
    int ranks = subunits > 0 ? subunits : figures;
    grog_aigles_massing m;
    grog_status st = grog_aigles_formation_massing(r, ranks, 1, &m, err);
    if (st != GROG_OK)
        return st;
    /* the figures of the ranks taken off, rounded up (seed 004: "la moitié
     * des figurines sera retirée ... l'arrondi sera fait au supérieur") */
    long off = ((long)figures * m.ranks_removed + ranks - 1) / ranks;
    t.figures = figures - (int)off;
    t.subunits = subunits > 0 ? m.ranks_kept : 0;
    t.massed = 1;
    *out = t;
    return GROG_OK;
}
