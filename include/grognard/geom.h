/* geom.h — positions and rectangular bases on the table, in millimetres.
 *
 * A base is a rectangle given by its centre, its width (frontage, along the
 * front edge), its depth, and its facing in degrees: 0 faces +y ("north" on
 * the map), 90 faces +x, clockwise. Distances between bases are edge to edge:
 * the shortest distance between their outlines, 0 when they touch or
 * overlap. Plain values; nothing to free. */
#ifndef GROGNARD_GEOM_H
#define GROGNARD_GEOM_H

typedef struct grog_point {
    double x, y;
} grog_point;

typedef struct grog_base {
    grog_point centre;
    double width;   /* frontage, mm */
    double depth;   /* mm */
    double facing;  /* degrees, clockwise from +y */
} grog_base;

/* The four corners, front-left, front-right, rear-right, rear-left. */
void grog_base_corners(const grog_base *b, grog_point out[4]);
/* The midpoint of the front edge. */
grog_point grog_base_front(const grog_base *b);

double grog_point_distance(grog_point a, grog_point b);
/* Edge-to-edge distance, 0 when the bases touch or overlap. */
double grog_base_distance(const grog_base *a, const grog_base *b);
/* Whether the bases are within tolerance (mm) of each other. */
int grog_base_contact(const grog_base *a, const grog_base *b, double tolerance);
/* Distance from a point to the outline of a base (0 inside). */
double grog_base_point_distance(const grog_base *b, grog_point p);

/* Facing normalised to [0, 360). */
double grog_facing_normalise(double degrees);

#endif
