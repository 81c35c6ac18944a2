// breakshot viewer: a ball's motion between two events, in closed form, and
// the orientation it turns through. The engine answers for the present only
// (bs_world_ball_state); the viewer also shows the past, from the states it
// recorded at each event. Between events no ball changes its state of motion
// (every change is an event), so its acceleration and spin change stay
// constant: the formulas of docs/pool.md, which the engine's motion follows.
// No GL here.
#ifndef BREAKSHOT_BALL_MOTION_H
#define BREAKSHOT_BALL_MOTION_H

#include <breakshot/world.h>

/// A unit quaternion: a ball's orientation, body to table frame.
typedef struct bs_quat {
	double w, x, y, z;
} bs_quat;

/// The state of `ball` `dt` s (>= 0) later, while it keeps its state of
/// motion: under pool physics quadratic in position, linear in velocity and
/// spin (the vertical spin stops at zero); under ideal physics a straight
/// line. A pocketed ball stays as it is.
bs_ball_state bs_ball_motion_after(const bs_ball_state* ball, bs_physics physics, const bs_pool_def* pool, double dt);

/// Orientation `q` turned through the ball's angular velocity over the next
/// `dt` s (>= 0) of that motion: omega(t) is linear in t, so its direction
/// may turn (a sliding ball's spin moves towards rolling while its vertical
/// spin decays); the turn is integrated in steps of at most 0.02 rad, each
/// about omega at its midpoint (exact where the direction holds).
bs_quat bs_ball_turn(bs_quat q, const bs_ball_state* ball, bs_physics physics, const bs_pool_def* pool, double dt);

/// Where a ball's number first faces, `number_axis` in the table frame, with
/// its stripe's axis `stripe_axis` (perpendicular to it).
bs_quat bs_quat_facing(bs_vec3 number_axis, bs_vec3 stripe_axis);

/// The body vector `v` in the table frame.
bs_vec3 bs_quat_rotate(bs_quat q, bs_vec3 v);

#endif
