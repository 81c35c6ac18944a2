// breakshot: resolving one event under pool physics. The balls involved are
// moved to the event's time along their present motion, the contact model
// of the world's choice moves their velocity and spin (ball_contact.h,
// cushion_contact.h), and each starts the state of motion its velocity and
// spin now give. A change of state starts the next state.
//
// A contact that would leave its two sides parting slower than
// BS_POOL_RESTING_SPEED is a resting contact: friction could press them
// together again at once, bouncing ever faster with no end. It is resolved
// so that nothing moves into it (docs/pool.md), and prediction skips it
// until one side has another event.
#include <assert.h>
#include <math.h>

#include "ball_contact.h"
#include "collide_pool.h"
#include "cushion_contact.h"
#include "pool_physics.h"
#include "world_resolve.h"

// Moves ball `index` to `time` along its present motion and anchors it
// there (bs_world_anchor_at). Returns the velocity and spin it has then,
// from which the caller begins its next state (bs_pool_begin_motion).
static bs_spin_state move_to(bs_world* world, int index, double time) {
	bs_spin_state spin = bs_pool_spin_at(world, index, time);
	bs_world_anchor_at(world, index, time, bs_pool_position_at(world, index, time), spin.vel);
	return spin;
}

// Starts the state of motion a ball's velocity and spin give, settled.
static void begin_as_found(bs_world* world, int index, bs_spin_state spin) {
	double radius = world->balls[index].radius;
	bs_motion_state motion = bs_motion_classify(spin.vel, spin.omega, radius);
	bs_pool_begin_motion(world, index, motion, bs_motion_settle(motion, spin, radius));
}

// A ball's slide ended at once, as friction with the cloth would end it:
// the rolling velocity it would reach, v - 2/7 u, which keeps its angular
// momentum about the contact point and loses energy; its vertical spin kept.
static bs_spin_state rolled_at_once(bs_spin_state spin, double radius) {
	bs_vec2 slip = bs_motion_slip(spin.vel, spin.omega, radius);
	spin.vel = bs_v2_mad(spin.vel, -2.0 / 7.0, slip);
	return bs_motion_settle(BS_MOTION_ROLLING, spin, radius);
}

// Whether ball `index` already met a resting contact at this instant: its
// last event is a contact at the world's time that rests (as prediction
// tells one). Read from the stored state before the ball is moved, so that
// a world restored from a saved state tells the same.
static bool rested_just_now(const bs_world* world, int index) {
	return world->balls[index].time == world->time &&
		bs_pool_contact_is_resting(bs_pool_last_contact_parting(world, index));
}

// A ball caught between two resting contacts at one instant (pressed by a
// ball into a cushion, say) cannot roll on along both: resolving each in
// turn would pass the same push back and forth for ever. It stops, keeping
// only its vertical spin.
static bs_spin_state stopped(bs_spin_state spin, double radius) {
	bs_motion_state motion = spin.omega.z != 0.0 ? BS_MOTION_SPINNING : BS_MOTION_STATIONARY;
	return bs_motion_settle(motion, spin, radius);
}

static bs_ball_friction ball_friction(const bs_world* world) {
	return world->pool.ball_model == BS_BALL_MODEL_FRICTIONAL ? bs_ball_friction_alciatore()
															   : bs_ball_friction_ideal();
}

static bs_cushion_params cushion_params(const bs_world* world, double radius) {
	return bs_cushion_params_of(&world->pool, world->pool.cushion_model, world->cushion_restitution, radius);
}

void bs_pool_resolve_pair(bs_world* world, int i, int j, bs_event* record) {
	double now = world->time;
	bool wedged = rested_just_now(world, i) || rested_just_now(world, j);
	bs_spin_state a = move_to(world, i, now);
	bs_spin_state b = move_to(world, j, now);
	const bs_ball* bi = &world->balls[i];
	const bs_ball* bj = &world->balls[j];
	double mi = world->cold[i].mass;
	double mj = world->cold[j].mass;
	bs_vec2 n = bs_v2_normalize(bs_v2_sub(bj->pos, bi->pos));
	bs_spin_state a_after = a;
	bs_spin_state b_after = b;
	bs_ball_contact contact = bs_resolve_ball_contact(&a_after.vel, &a_after.omega, mi, bi->radius, &b_after.vel,
		&b_after.omega, mj, bj->radius, n, world->ball_restitution, ball_friction(world));
	double impulse = contact.normal_impulse;
	if (bs_v2_dot(bs_v2_sub(b_after.vel, a_after.vel), n) < BS_POOL_RESTING_SPEED) {
		// A resting contact: both slides end at once, and the two roll on
		// together at their common velocity, so that neither can press
		// into the other until one has another event.
		a_after = rolled_at_once(a, bi->radius);
		b_after = rolled_at_once(b, bj->radius);
		bs_vec2 common = bs_v2_scale(1.0 / (mi + mj), bs_v2_add(bs_v2_scale(mi, a_after.vel), bs_v2_scale(mj, b_after.vel)));
		impulse = mj * bs_v2_dot(bs_v2_sub(common, b_after.vel), n);
		a_after.vel = common;
		b_after.vel = common;
		a_after = bs_motion_settle(BS_MOTION_ROLLING, a_after, bi->radius);
		b_after = bs_motion_settle(BS_MOTION_ROLLING, b_after, bj->radius);
		if (wedged) {
			a_after = stopped(a_after, bi->radius);
			b_after = stopped(b_after, bj->radius);
		}
	}
	begin_as_found(world, i, a_after);
	begin_as_found(world, j, b_after);
	bs_world_record_pair(record, bi, bj, impulse, n);
}

// A ball against cushion `target` (`kind` BS_EVENT_CUSHION) or jaw
// `target` (BS_EVENT_JAW), at the place the ball is moved to: the normal
// points from the obstacle towards the ball.
void bs_pool_resolve_obstacle(bs_world* world, int index, int kind, int target, bs_event* record) {
	const bs_ball* ball = &world->balls[index];
	double mass = world->cold[index].mass;
	bool wedged = rested_just_now(world, index);
	bs_spin_state before = move_to(world, index, world->time);
	bs_obstacle_contact geometry = bs_world_obstacle_contact(world, index, kind, target);
	bs_vec2 n = geometry.normal;
	bs_spin_state after = before;
	bs_cushion_contact contact = bs_resolve_cushion_contact(&after.vel, &after.omega, mass, ball->radius, n,
		cushion_params(world, ball->radius));
	double impulse = contact.normal_impulse;
	if (bs_v2_dot(after.vel, n) < BS_POOL_RESTING_SPEED) {
		// A resting contact: the slide ends at once, and the ball rolls on
		// along the cushion, or away if it already rolls away.
		after = rolled_at_once(before, ball->radius);
		double into = bs_v2_dot(after.vel, n);
		if (into < 0.0) {
			after.vel = bs_v2_mad(after.vel, -into, n);
			after = bs_motion_settle(BS_MOTION_ROLLING, after, ball->radius);
		}
		if (wedged) {
			after = stopped(after, ball->radius);
		}
		impulse = mass * bs_v2_dot(bs_v2_sub(after.vel, before.vel), n);
	}
	begin_as_found(world, index, after);
	record->impulse = fabs(impulse);
	record->normal = n;
	record->point = geometry.point;
}

// The state a change of state leads to. Taken from the kind foretold when
// the state began (bs_pool_begin_motion), not worked out again from the
// end values, whose rounding at the end's time could tell otherwise.
static bs_motion_state state_after(int kind) {
	switch (kind) {
	case BS_EVENT_SLIDE_ROLL:
		return BS_MOTION_ROLLING;
	case BS_EVENT_ROLL_SPIN:
		return BS_MOTION_SPINNING;
	default:
		return BS_MOTION_STATIONARY;
	}
}

void bs_pool_change_state(bs_world* world, int index, int kind, bs_event* record) {
	bs_ball* ball = &world->balls[index];
	bs_spin_state end = move_to(world, index, world->time);
	bs_motion_state next = state_after(kind);
	bs_pool_begin_motion(world, index, next, bs_motion_settle(next, end, ball->radius));
	record->impulse = 0.0;
	record->point = ball->pos;
	record->normal = bs_v2(0.0, 0.0);
	record->b = -1;
}
