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

/// The box (m) that ball `index` sweeps from `from` to `until` (s,
/// absolute, at or after its own time) in its present state of motion, its
/// surface included, widened by a relative 1e-9 for the rounding of its
/// path.
void bs_pool_swept_box(const bs_world* world, int index, double from, double until, bs_vec2* lo, bs_vec2* hi);

/// When ball `index`'s present motion stops moving its centre (s,
/// absolute): the end of its slide or roll, or INFINITY for a ball at rest,
/// which stays put however it spins.
static inline double bs_pool_moving_until(const bs_world* world, int index) {
	const bs_ball_spin* spin = &world->spin[index];
	return spin->motion >= BS_MOTION_ROLLING ? spin->until : INFINITY;
}

/// The ops' prediction (pool_predict.c): ball `index`'s earliest event.
void bs_pool_predict(bs_world* world, int index, double at);
void bs_pool_predict_both(bs_world* world, int index, int partner);

/// With the grid (pool_grid.c): files ball `index` in the swept grid from
/// `at` (s), or from the start of its present filing if later, for a span
/// over which its path stays within BS_SWEPT_SIDE cells a side: to the end
/// of its state of motion, or to where it may have moved 0.9 of a cell
/// less its diameter, at which its cell crossing files it again (the
/// filing's `until`). A ball that stays put is filed for good; a pocketed
/// one nowhere.
void bs_pool_file(bs_world* world, int index, double at);

/// The grid's ops under pool physics (pool_grid.c).
void bs_pool_cross(bs_world* world, int index, double at);
bool bs_pool_filing_valid(const bs_world* world, char* dest, size_t dest_size);

/// The ops' resolution (pool_resolve.c).
void bs_pool_resolve_pair(bs_world* world, int lower, int higher, bs_event* record);
void bs_pool_resolve_obstacle(bs_world* world, int index, int kind, int target, bs_event* record);
void bs_pool_change_state(bs_world* world, int index, int kind, bs_event* record);

#endif
