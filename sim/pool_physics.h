// breakshot: pool physics behind the seam (physics.h): balls that slide,
// roll and spin on the cloth (motion.h), meeting at the earliest roots of
// quartics (collide_pool.h), with the contact models of the world's choice
// (ball_contact.h, cushion_contact.h). Its files: pool_physics.c (motion,
// the def's checks, the ops), pool_predict.c and pool_resolve.c.
#ifndef BREAKSHOT_POOL_PHYSICS_H
#define BREAKSHOT_POOL_PHYSICS_H

#include "world_internal.h"

/// Where ball `index` is at `time` (s), along its present state of motion.
static inline bs_vec2 bs_pool_position_at(const bs_world* world, int index, double time) {
	const bs_ball* ball = &world->balls[index];
	return bs_motion_position(ball->pos, ball->vel, world->spin[index].acc, time - ball->time);
}

/// Ball `index`'s velocity at `time` (s), along its present state of motion.
static inline bs_vec2 bs_pool_velocity_at(const bs_world* world, int index, double time) {
	const bs_ball* ball = &world->balls[index];
	return bs_motion_velocity(ball->vel, world->spin[index].acc, time - ball->time);
}

/// Starts ball `index`'s state of motion at its own time, with this
/// velocity and spin (settled, bs_motion_settle): its acceleration, when
/// the state ends and the event that ends it.
void bs_pool_begin_motion(bs_world* world, int index, bs_motion_state motion, bs_spin_state spin);

/// Ball `index`'s velocity and spin at `time` (s), in its present state.
bs_spin_state bs_pool_spin_at(const bs_world* world, int index, double time);

/// How fast (m/s) ball `index` and its last contact part along their
/// normal at the ball's own time (negative: closing), read from the stored
/// states alone; INFINITY when its last event was no contact with a ball,
/// cushion or jaw, or its partner has since been pocketed. Prediction skips
/// a contact that rests (bs_pool_contact_is_resting), and resolution asks
/// whether a ball met one at this instant.
double bs_pool_last_contact_parting(const bs_world* world, int index);

/// The ops' prediction (pool_predict.c): ball `index`'s earliest event.
void bs_pool_predict(bs_world* world, int index, double at);
void bs_pool_predict_both(bs_world* world, int index, int partner);

/// The ops' resolution (pool_resolve.c).
void bs_pool_resolve_pair(bs_world* world, int lower, int higher, bs_event* record);
void bs_pool_resolve_obstacle(bs_world* world, int index, int kind, int target, bs_event* record);
void bs_pool_change_state(bs_world* world, int index, int kind, bs_event* record);

#endif
