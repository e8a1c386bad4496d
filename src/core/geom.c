/* geom.c — rectangles with a facing, and the distances between them.
 *
 * Two convex outlines are at distance 0 when one contains a corner of the
 * other or two of their edges cross; otherwise the shortest distance is
 * reached between a corner of one and an edge of the other, so the edge-to-edge
 * distance is the minimum of the corner-to-edge distances both ways. */
#include <math.h>

#include "grognard/geom.h"

#define PI 3.14159265358979323846

double grog_facing_normalise(double degrees)
{
    double d = fmod(degrees, 360.0);
    if (d < 0)
        d += 360.0;
    /* -1e-14 + 360 rounds to 360.0 itself: the range is [0, 360) */
    return d < 360.0 ? d : 0.0;
}

void grog_base_corners(const grog_base *b, grog_point out[4])
{
    double a = b->facing * PI / 180.0;
    grog_point fwd = {sin(a), cos(a)};     /* unit vector the base faces */
    grog_point right = {cos(a), -sin(a)};  /* unit vector to its right */
    double hw = b->width / 2, hd = b->depth / 2;
    static const int sx[4] = {-1, 1, 1, -1};
    static const int sy[4] = {1, 1, -1, -1};
    for (int i = 0; i < 4; i++) {
        out[i].x = b->centre.x + sx[i] * hw * right.x + sy[i] * hd * fwd.x;
        out[i].y = b->centre.y + sx[i] * hw * right.y + sy[i] * hd * fwd.y;
    }
}

grog_point grog_base_front(const grog_base *b)
{
    grog_point c[4];
    grog_base_corners(b, c);
    grog_point p = {(c[0].x + c[1].x) / 2, (c[0].y + c[1].y) / 2};
    return p;
}

double grog_point_distance(grog_point a, grog_point b)
{
    return hypot(a.x - b.x, a.y - b.y);
}

/* The squared distance from p to the segment ab (no square root in loops). */
static double point_segment2(grog_point p, grog_point a, grog_point b)
{
    double dx = b.x - a.x, dy = b.y - a.y;
    double len2 = dx * dx + dy * dy;
    double t = len2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0;
    if (t < 0)
        t = 0;
    if (t > 1)
        t = 1;
    double qx = a.x + t * dx - p.x, qy = a.y + t * dy - p.y;
    return qx * qx + qy * qy;
}

static double cross(grog_point o, grog_point a, grog_point b)
{
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/* Whether p lies inside (or on) the convex quadrilateral c, corners in order.
 * A degenerate outline (zero width or depth) has no inside. */
static int inside(const grog_point c[4], grog_point p)
{
    if (fabs(cross(c[0], c[1], c[2])) < 1e-12)
        return 0;
    int pos = 0, neg = 0;
    for (int i = 0; i < 4; i++) {
        double z = cross(c[i], c[(i + 1) % 4], p);
        pos += z > 1e-9;
        neg += z < -1e-9;
    }
    return pos == 0 || neg == 0;
}

static int segments_cross(grog_point a, grog_point b, grog_point c, grog_point d)
{
    double d1 = cross(c, d, a), d2 = cross(c, d, b);
    double d3 = cross(a, b, c), d4 = cross(a, b, d);
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) &&
           ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

double grog_base_point_distance(const grog_base *b, grog_point p)
{
    grog_point c[4];
    grog_base_corners(b, c);
    if (inside(c, p))
        return 0;
    double best = INFINITY;
    for (int i = 0; i < 4; i++) {
        double d = point_segment2(p, c[i], c[(i + 1) % 4]);
        if (d < best)
            best = d;
    }
    return sqrt(best);
}

/* Half extents along x and y of a base turned by a multiple of 90 degrees;
 * 0 when it is turned otherwise. */
static int axis_extents(const grog_base *b, double *hx, double *hy)
{
    double f = b->facing; /* already in [0, 360) is the usual case: no fmod */
    if (!(f >= 0 && f < 360))
        f = grog_facing_normalise(f);
    if (f == 0 || f == 180) {
        *hx = b->width / 2;
        *hy = b->depth / 2;
        return 1;
    }
    if (f == 90 || f == 270) {
        *hx = b->depth / 2;
        *hy = b->width / 2;
        return 1;
    }
    return 0;
}

double grog_base_distance(const grog_base *a, const grog_base *b)
{
    double ax, ay, bx, by;
    if (axis_extents(a, &ax, &ay) && axis_extents(b, &bx, &by)) {
        /* both square to the table: the gap along each axis */
        double gx = fabs(a->centre.x - b->centre.x) - ax - bx;
        double gy = fabs(a->centre.y - b->centre.y) - ay - by;
        gx = gx > 0 ? gx : 0;
        gy = gy > 0 ? gy : 0;
        return sqrt(gx * gx + gy * gy);
    }
    grog_point ca[4], cb[4];
    grog_base_corners(a, ca);
    grog_base_corners(b, cb);
    for (int i = 0; i < 4; i++)
        if (inside(cb, ca[i]) || inside(ca, cb[i]))
            return 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            if (segments_cross(ca[i], ca[(i + 1) % 4], cb[j], cb[(j + 1) % 4]))
                return 0;
    double best = INFINITY;
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 4; j++) {
            double d1 = point_segment2(ca[i], cb[j], cb[(j + 1) % 4]);
            double d2 = point_segment2(cb[i], ca[j], ca[(j + 1) % 4]);
            if (d1 < best)
                best = d1;
            if (d2 < best)
                best = d2;
        }
    }
    return sqrt(best);
}

int grog_base_contact(const grog_base *a, const grog_base *b, double tolerance)
{
    return grog_base_distance(a, b) <= tolerance;
}
