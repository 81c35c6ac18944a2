// breakshot: ideal physics behind the seam (physics.h): frictionless discs
// in straight lines between events, meeting at the roots of quadratics
// (collide.h), found among the grid's neighbours (grid.h) on large or
// periodic tables. Its files: ideal_physics.c (motion, the def's checks, the
// ops), ideal_predict.c and ideal_resolve.c.
#ifndef BREAKSHOT_IDEAL_PHYSICS_H
#define BREAKSHOT_IDEAL_PHYSICS_H

#include "world_internal.h"

/// The ops' prediction (ideal_predict.c).
void bs_ideal_predict(bs_world* world, int index, double at);
void bs_ideal_predict_both(bs_world* world, int index, int partner);

/// The ops' predictions with the grid and on periodic tables (ideal_predict.c).
void bs_ideal_cross(bs_world* world, int index, double at);
bs_meeting bs_ideal_next_meeting(const bs_world* world);
void bs_ideal_predict_all_from(bs_world* world, double time);

/// The ops' resolution (ideal_resolve.c).
void bs_ideal_resolve_pair(bs_world* world, int lower, int higher, bs_event* record);
void bs_ideal_resolve_obstacle(bs_world* world, int index, int kind, int target, bs_event* record);

#endif
