// breakshot: pool physics behind the seam (physics.h): a ball's motion on
// the cloth between its events, what a def must hold to start it, and the
// ops that the engine calls. Prediction and resolution are in
// pool_predict.c and pool_resolve.c.
#include "pool_physics.h"

#include <float.h>
#include <math.h>

#include "alloc.h"
#include "cache_lines.h"
#include "collide_pool.h"
#include "cushion_mathavan.h"

// ---------------------------------------------------------------------------
// Motion between events

// The range of x0 + v t + a t^2 / 2 for t in [t0, t1]: its ends and, when
// it turns inside, its vertex (each as bs_motion_position computes it).
static inline void path_range(double x0, double v, double a, double t0, double t1, double* lo, double* hi) {
	double start = t0 == 0.0 ? x0 : x0 + t0 * (v + 0.5 * t0 * a);
	double end = x0 + t1 * (v + 0.5 * t1 * a);
	*lo = end < start ? end : start;
	*hi = end < start ? start : end;
	double turn = a != 0.0 ? -v / a : -1.0;
	if (turn > t0 && turn < t1) {
		double vertex = x0 + turn * (v + 0.5 * turn * a);
		*lo = vertex < *lo ? vertex : *lo;
		*hi = vertex > *hi ? vertex : *hi;
	}
}

// The box that ball `index` sweeps from `t0` to `t1` (s after its own
// time) in its present state, widened by its radius and by a relative 1e-9
// for the rounding of its path.
static inline void box_of_path(const bs_world* world, int index, double t0, double t1, bs_vec2* lo, bs_vec2* hi) {
	const bs_ball* ball = &world->balls[index];
	const bs_ball_spin* own = &world->spin[index];
	double x_lo, x_hi, y_lo, y_hi;
	path_range(ball->pos.x, ball->vel.x, own->acc.x, t0, t1, &x_lo, &x_hi);
	path_range(ball->pos.y, ball->vel.y, own->acc.y, t0, t1, &y_lo, &y_hi);
	double x_pad = ball->radius + 1e-9 * (ball->radius + fabs(x_lo) + fabs(x_hi));
	double y_pad = ball->radius + 1e-9 * (ball->radius + fabs(y_lo) + fabs(y_hi));
	*lo = bs_v2(x_lo - x_pad, y_lo - y_pad);
	*hi = bs_v2(x_hi + x_pad, y_hi + y_pad);
}

// The box a ball sweeps in its state (bs_ball_spin.box_lo).
static void sweep_box(bs_world* world, int index) {
	bs_ball_spin* own = &world->spin[index];
	double span = own->motion >= BS_MOTION_ROLLING ? own->until - world->balls[index].time : 0.0;
	box_of_path(world, index, 0.0, span, &own->box_lo, &own->box_hi);
}

void bs_pool_swept_box(const bs_world* world, int index, double from, double until, bs_vec2* lo, bs_vec2* hi) {
	double time = world->balls[index].time;
	box_of_path(world, index, from - time, until - time, lo, hi);
}

void bs_pool_begin_motion(bs_world* world, int index, bs_motion_state motion, bs_spin_state spin) {
	bs_ball* ball = &world->balls[index];
	bs_ball_spin* own = &world->spin[index];
	const bs_cloth* cloth = &world->cloth;
	ball->vel = spin.vel;
	world->omega[index] = spin.omega;
	own->motion = (int8_t)motion;
	own->acc = bs_motion_acceleration(motion, spin, ball->radius, cloth);
	double duration = bs_motion_duration(motion, spin, ball->radius, cloth);
	own->until = ball->time + duration;
	own->ending = BS_EVENT_NONE;
	if (motion == BS_MOTION_SLIDING) {
		own->ending = BS_EVENT_SLIDE_ROLL;
	} else if (motion == BS_MOTION_SPINNING) {
		own->ending = BS_EVENT_SPIN_STOP;
	} else if (motion == BS_MOTION_ROLLING) {
		// The same arithmetic as the change of state itself, so that the
		// kind foretold is the kind taken.
		bs_spin_state end = bs_motion_advance(motion, spin, own->acc, ball->radius, cloth, duration);
		own->ending =
			bs_motion_next_state(motion, end) == BS_MOTION_SPINNING ? BS_EVENT_ROLL_SPIN : BS_EVENT_ROLL_STOP;
	}
	sweep_box(world, index);
}

double bs_pool_last_contact_parting(const bs_world* world, int index) {
	const bs_ball* ball = &world->balls[index];
	switch (ball->last_kind) {
	case BS_EVENT_BALL: {
		int other = ball->last_target;
		if (world->balls[other].pocketed) {
			return INFINITY; // a partner gone into a pocket holds nothing
		}
		bs_vec2 towards = bs_v2_normalize(bs_v2_sub(bs_pool_position_at(world, other, ball->time), ball->pos));
		return bs_v2_dot(bs_v2_sub(bs_pool_velocity_at(world, other, ball->time), ball->vel), towards);
	}
	case BS_EVENT_CUSHION:
		return bs_v2_dot(ball->vel, world->cushion_normals[ball->last_target]);
	case BS_EVENT_JAW:
		return -bs_v2_dot(
			ball->vel, bs_v2_normalize(bs_v2_sub(world->table.jaws[ball->last_target].centre, ball->pos)));
	default:
		return INFINITY;
	}
}

bs_spin_state bs_pool_spin_at(const bs_world* world, int index, double time) {
	const bs_ball* ball = &world->balls[index];
	const bs_ball_spin* own = &world->spin[index];
	bs_spin_state now = {ball->vel, world->omega[index]};
	return bs_motion_advance((bs_motion_state)own->motion, now, own->acc, ball->radius, &world->cloth, time - ball->time);
}


// ---------------------------------------------------------------------------
// The def

// Whether an anchor's state of motion is one of the four on
// the cloth, with a finite velocity and spin.
static bool pool_anchor_usable(const bs_ball_anchor* anchor) {
	return anchor->motion >= BS_MOTION_STATIONARY && anchor->motion <= BS_MOTION_SLIDING && bs_v2_is_finite(anchor->vel) &&
		isfinite(anchor->omega.x) && isfinite(anchor->omega.y) && isfinite(anchor->omega.z);
}

// The velocity and spin an anchor starts its state with.
static bs_spin_state anchor_spin(const bs_ball_anchor* anchor) {
	bs_spin_state spin = {anchor->vel, anchor->omega};
	return spin;
}

// Whether a pool ball's velocity and spin are exactly those of `motion`, as
// the engine leaves them (bs_motion_settle): a rolling ball's horizontal
// spin follows its velocity to the bit, a ball at rest has none.
static bool spin_fits_motion(bs_motion_state motion, bs_spin_state spin, double radius) {
	bool at_rest = spin.vel.x == 0.0 && spin.vel.y == 0.0;
	bool level = spin.omega.x == 0.0 && spin.omega.y == 0.0;
	switch (motion) {
	case BS_MOTION_SLIDING:
		return bs_motion_classify(spin.vel, spin.omega, radius) == BS_MOTION_SLIDING;
	case BS_MOTION_ROLLING: {
		bs_vec2 roll = bs_motion_rolling_omega(spin.vel, radius);
		return spin.omega.x == roll.x && spin.omega.y == roll.y;
	}
	case BS_MOTION_SPINNING:
		return at_rest && level && spin.omega.z != 0.0;
	case BS_MOTION_STATIONARY:
		return at_rest && level && spin.omega.z == 0.0;
	default:
		return false;
	}
}

// Why a ball's anchor cannot start its motion, or NULL. The
// anchor holds the velocity, spin and state at its time; the state must fit
// them and last until the start (every change of state is an event, which
// moves the anchor), and the ball's stated velocity and spin must be what
// the state gives at the start, to the bit, as the engine writes them.
static const char* anchor_problem(const bs_world_def* def, const bs_ball_def* ball) {
	const bs_ball_anchor* anchor = &ball->anchor;
	if (!pool_anchor_usable(anchor)) {
		return "its anchor's motion must be stationary, spinning, rolling or sliding, with a finite velocity and spin";
	}
	if (bs_v2_len(anchor->vel) > BS_MAX_SPEED || ball->radius * bs_v3_len(anchor->omega) > BS_MAX_SPEED) {
		return "its anchor's speed and surface speed of spin must be at most BS_MAX_SPEED";
	}
	bs_spin_state spin = anchor_spin(anchor);
	if (!spin_fits_motion(anchor->motion, spin, ball->radius)) {
		return "its anchor's velocity and spin are not those of its state of motion";
	}
	bs_cloth cloth = bs_cloth_of_pool(&def->pool);
	double duration = bs_motion_duration(anchor->motion, spin, ball->radius, &cloth);
	if (!(anchor->time + duration >= def->time)) {
		return "its anchor's state of motion ends before the start (each change of state moves the anchor)";
	}
	bs_vec2 acc = bs_motion_acceleration(anchor->motion, spin, ball->radius, &cloth);
	bs_spin_state now =
		bs_motion_advance(anchor->motion, spin, acc, ball->radius, &cloth, def->time - anchor->time);
	if (!(now.vel.x == ball->vel.x && now.vel.y == ball->vel.y && now.omega.x == ball->omega.x &&
			now.omega.y == ball->omega.y && now.omega.z == ball->omega.z)) {
		return "its velocity and spin are not what its anchor's motion gives at the start";
	}
	return NULL;
}

// Whether a ball's last contact, in direction `towards` (a
// unit vector from the ball), with `other` (a ball, or NULL for a cushion or
// jaw) moving at `w` (m/s) relative to the ball, is a resting contact that
// friction presses together. The engine skips a resting contact until one
// side has another event (bs_pool_contact_is_resting), so it must leave
// nothing moving into it: neither velocity (checked apart) nor
// acceleration, unless the ball rolls away from it, which rolling
// resistance slows but never turns back.
static bool contact_pressed(
	const bs_world_def* def, const bs_ball_def* ball, const bs_ball_def* other, bs_vec2 towards, bs_vec2 w) {
	if (!bs_pool_contact_is_resting(bs_v2_dot(w, towards))) {
		return false;
	}
	if (!other && ball->anchor.motion == BS_MOTION_ROLLING && bs_v2_dot(ball->anchor.vel, towards) < 0.0) {
		return false;
	}
	bs_cloth cloth = bs_cloth_of_pool(&def->pool);
	bs_vec2 acc = bs_motion_acceleration(ball->anchor.motion, anchor_spin(&ball->anchor), ball->radius, &cloth);
	double scale = bs_v2_len(acc);
	if (other) {
		bs_vec2 other_acc =
			bs_motion_acceleration(other->anchor.motion, anchor_spin(&other->anchor), other->radius, &cloth);
		acc = bs_v2_sub(acc, other_acc);
		scale += bs_v2_len(other_acc);
	}
	return bs_moves_into(acc, towards, scale);
}

// Prediction skips a resting last contact (bs_pool_predict), judged, as
// bs_pool_last_contact_parting judges it, from the velocity the ball's
// motion starts with.
static bool skips_last_obstacle(const bs_world_def* def, const bs_ball_def* ball, bs_vec2 towards) {
	return bs_pool_contact_is_resting(-bs_v2_dot(ball->anchor.vel, towards));
}

// The parameters of the cushion models, checked whatever the model chosen,
// so that a def that names another model later still holds good numbers.
static bool check_cushion_parameters(const bs_pool_def* pool, bs_def_report* dest) {
	if (!bs_in_range(pool->mathavan_restitution, 0.0, 1.0)) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1, "pool.mathavan_restitution must be in [0, 1]");
	}
	if (!bs_in_range(pool->mathavan_cushion_friction, 0.0, BS_POOL_MAX_FRICTION)) {
		return bs_def_report_problem(
			dest, BS_DEF_BAD_NUMBER, -1, -1, "pool.mathavan_cushion_friction must be in [0, %g]", BS_POOL_MAX_FRICTION);
	}
	if (!bs_in_range(pool->mathavan_table_friction, 0.0, BS_POOL_MAX_FRICTION)) {
		return bs_def_report_problem(
			dest, BS_DEF_BAD_NUMBER, -1, -1, "pool.mathavan_table_friction must be in [0, %g]", BS_POOL_MAX_FRICTION);
	}
	if (pool->mathavan_steps < BS_MATHAVAN_MIN_STEPS || pool->mathavan_steps > BS_MATHAVAN_MAX_STEPS) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1,
			"pool.mathavan_steps must be in [%d, %d]: the steps that cover the impact", BS_MATHAVAN_MIN_STEPS,
			BS_MATHAVAN_MAX_STEPS);
	}
	double sin_t = 2.0 * pool->cushion_height - 1.0;
	if (pool->cushion_model == BS_CUSHION_MODEL_MATHAVAN_2010 &&
		!bs_mathavan_frictions_end(pool->mathavan_cushion_friction, pool->mathavan_table_friction, sin_t,
			sqrt(1.0 - sin_t * sin_t))) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1,
			"pool.mathavan_cushion_friction and pool.mathavan_table_friction are too high for pool.cushion_height: "
			"they could lock the ball against the nose (docs/pool.md)");
	}
	if (!(pool->stronge_omega_ratio > 1.0 && pool->stronge_omega_ratio < 2.0)) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1,
			"pool.stronge_omega_ratio must be in (1, 2): the contact's tangential frequency over its normal one");
	}
	return true;
}

// The coefficients and choices of pool physics, and its table.
static bool check_def(const bs_world_def* def, bs_def_report* dest) {
	const bs_pool_def* pool = &def->pool;
	if (def->table.periodic) {
		return bs_def_report_problem(dest, BS_DEF_BAD_TABLE, -1, -1,
			"pool physics needs a walled table: friction on a periodic one has no table to stand for");
	}
	if (!bs_in_range(pool->sliding_friction, BS_POOL_MIN_FRICTION, BS_POOL_MAX_FRICTION) ||
		!bs_in_range(pool->rolling_friction, BS_POOL_MIN_FRICTION, BS_POOL_MAX_FRICTION)) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1,
			"the sliding and rolling friction must be in [%g, %g]: every slide and roll must end", BS_POOL_MIN_FRICTION,
			BS_POOL_MAX_FRICTION);
	}
	if (!bs_in_range(pool->spinning_friction, 0.0, BS_POOL_MAX_FRICTION) ||
		!bs_in_range(pool->cushion_friction, 0.0, BS_POOL_MAX_FRICTION)) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1, "the spinning and cushion friction must be in [0, %g]",
			BS_POOL_MAX_FRICTION);
	}
	if (!bs_in_range(pool->gravity, BS_POOL_MIN_GRAVITY, BS_POOL_MAX_GRAVITY)) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1, "gravity must be in [%g, %g] m/s^2", BS_POOL_MIN_GRAVITY,
			BS_POOL_MAX_GRAVITY);
	}
	if (!(pool->cushion_height > 0.5 && pool->cushion_height < 1.0)) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1,
			"the cushion height must be in (0.5, 1) of the ball's diameter: the nose touches a ball above its centre");
	}
	if (pool->ball_model != BS_BALL_MODEL_IDEAL && pool->ball_model != BS_BALL_MODEL_FRICTIONAL) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1, "the ball model must be a bs_ball_model");
	}
	if (pool->cushion_model != BS_CUSHION_MODEL_IDEAL && pool->cushion_model != BS_CUSHION_MODEL_HAN_2005 &&
		pool->cushion_model != BS_CUSHION_MODEL_MATHAVAN_2010 &&
		pool->cushion_model != BS_CUSHION_MODEL_STRONGE_COMPLIANT) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1, "the cushion model must be a bs_cushion_model");
	}
	return check_cushion_parameters(pool, dest);
}


static bs_vec2 anchor_velocity(const bs_ball_def* ball) {
	return ball->anchor.vel;
}

static bs_vec2 anchor_acceleration(const bs_world_def* def, const bs_ball_def* ball) {
	bs_cloth cloth = bs_cloth_of_pool(&def->pool);
	return bs_motion_acceleration(ball->anchor.motion, anchor_spin(&ball->anchor), ball->radius, &cloth);
}

static bs_vec2 anchor_start(const bs_world_def* def, const bs_ball_def* ball, bool* usable) {
	const bs_ball_anchor* anchor = &ball->anchor;
	*usable = pool_anchor_usable(anchor);
	if (!*usable) {
		return ball->pos;
	}
	return bs_motion_position(anchor->pos, anchor->vel, anchor_acceleration(def, ball), def->time - anchor->time);
}

static double anchor_segment_time(const bs_world_def* def, const bs_ball_def* ball, bs_segment segment, double flight) {
	return bs_toi_pool_segment(ball->anchor.pos, ball->anchor.vel, anchor_acceleration(def, ball), ball->radius,
		segment, bs_segment_normal(segment), flight);
}

static const char* ball_problem(const bs_world_def* def, const bs_ball_def* ball) {
	return NULL;
}

// ---------------------------------------------------------------------------
// The world

static bool create(bs_world* world, size_t capacity) {
	world->spin = bs_alloc_lines(capacity, sizeof *world->spin);
	world->omega = bs_malloc(capacity * sizeof *world->omega);
	return world->spin != NULL && world->omega != NULL;
}

static void destroy(bs_world* world) {
	bs_free(world->spin);
	bs_free(world->omega);
	world->spin = NULL;
	world->omega = NULL;
}

static void place(bs_world* world, int index, const bs_ball_def* ball) {
	bs_spin_state spin = {ball->vel, ball->omega};
	bs_motion_state motion = bs_motion_classify(spin.vel, spin.omega, ball->radius);
	bs_pool_begin_motion(world, index, motion, bs_motion_settle(motion, spin, ball->radius));
}

// The state is taken as saved, not settled again: a ball rolling at no
// speed, say, is one whose stop is due.
static void restore(bs_world* world, int index, const bs_ball_anchor* anchor) {
	bs_pool_begin_motion(world, index, anchor->motion, anchor_spin(anchor));
}

// As bs_pool_position_at and bs_pool_spin_at, to the last bit.
static bs_ball_motion motion_of(
	const bs_ball* ball, const bs_ball_spin* own, const bs_vec3* omega, const bs_cloth* cloth, double time) {
	double dt = time - ball->time;
	bs_spin_state start = {ball->vel, *omega};
	bs_spin_state spin = bs_motion_advance((bs_motion_state)own->motion, start, own->acc, ball->radius, cloth, dt);
	bs_ball_motion now = {bs_motion_position(ball->pos, ball->vel, own->acc, dt), spin.vel, spin.omega,
		(bs_motion_state)own->motion};
	return now;
}

static double state_until(const bs_world* world, int index) {
	return world->spin[index].until;
}

static void export_motion(const bs_world* world, int index, bs_ball_def* dest) {
	bs_spin_state now = bs_pool_spin_at(world, index, world->time);
	dest->vel = now.vel;
	dest->omega = now.omega;
	dest->anchor.vel = world->balls[index].vel;
	dest->anchor.omega = world->omega[index];
	dest->anchor.motion = (bs_motion_state)world->spin[index].motion;
}

// A pocketed ball never moves again: no acceleration, no end of state.
static void pocket(bs_world* world, int index, const bs_ball_motion* last) {
	bs_ball_spin* own = &world->spin[index];
	world->omega[index] = last->omega;
	own->motion = BS_MOTION_POCKETED;
	own->acc = bs_v2(0.0, 0.0);
	own->until = INFINITY;
	own->ending = BS_EVENT_NONE;
	if (!world->scan_all) {
		bs_swept_grid_remove(&world->swept, index);
	}
}

// Curved paths cross cells at no time worth solving for: each ball is filed
// under the cells its path sweeps over a short span (pool_grid.c).
static const bs_grid_ops curved_paths_grid = {
	.min_balls = BS_POOL_GRID_MIN_BALLS,
	.cross = bs_pool_cross,
	.filing_valid = bs_pool_filing_valid,
	// No periodic table under pool physics (check_def).
	.next_meeting = NULL,
	.predict_all_from = NULL,
};

const bs_physics_ops bs_pool_physics = {
	.kind = BS_PHYSICS_POOL,
	.check_def = check_def,
	.ball_problem = ball_problem,
	.anchor_velocity = anchor_velocity,
	.anchor_start = anchor_start,
	.anchor_segment_time = anchor_segment_time,
	.paths_curve = true,
	.anchor_problem = anchor_problem,
	.contact_pressed = contact_pressed,
	.skips_last_obstacle = skips_last_obstacle,
	.grid = &curved_paths_grid,
	.bytes_per_ball = sizeof(bs_ball_spin) + sizeof(bs_vec3),
	.create = create,
	.destroy = destroy,
	.place = place,
	.restore = restore,
	.motion_of = motion_of,
	.state_until = state_until,
	.export_motion = export_motion,
	.predict = bs_pool_predict,
	.predict_both = bs_pool_predict_both,
	.resolve_pair = bs_pool_resolve_pair,
	.resolve_obstacle = bs_pool_resolve_obstacle,
	.change_state = bs_pool_change_state,
	.pocket = pocket,
};
