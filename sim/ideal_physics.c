// breakshot: ideal physics behind the seam (physics.h): frictionless discs
// that move in straight lines between events and never spin, what a def
// must hold to start them, and the ops that the engine calls. Prediction
// and resolution are in ideal_predict.c and ideal_resolve.c.
#include "ideal_physics.h"

#include <assert.h>
#include <math.h>

#include "collide.h"

// ---------------------------------------------------------------------------
// The def

// Below full restitution, balls that keep meeting could meet unboundedly
// often in finite time; the elastic window is the guard.
static bool check_def(const bs_world_def* def, bs_def_report* dest) {
	if ((def->ball_restitution < 1.0 || def->cushion_restitution < 1.0) && !(def->elastic_window > 0.0)) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1,
			"the elastic window must be > 0 when a restitution is below 1: it is the guard against inelastic "
			"collapse (unboundedly many collisions in finite time)");
	}
	return true;
}

static const char* ball_problem(const bs_world_def* def, const bs_ball_def* ball) {
	if (ball->omega.x != 0.0 || ball->omega.y != 0.0 || ball->omega.z != 0.0) {
		return "spin needs pool physics (ideal discs have none); leave omega zero";
	}
	return NULL;
}

// A disc's velocity never changes between events: the def's is its anchor's.
static bs_vec2 anchor_velocity(const bs_ball_def* ball) {
	return ball->vel;
}

static bs_vec2 anchor_start(const bs_world_def* def, const bs_ball_def* ball, bool* usable) {
	*usable = true;
	return bs_table_def_wrap(&def->table, bs_v2_mad(ball->anchor.pos, def->time - ball->anchor.time, ball->vel));
}

static double anchor_segment_time(const bs_world_def* def, const bs_ball_def* ball, bs_segment segment, double flight) {
	return bs_toi_segment(ball->anchor.pos, ball->vel, ball->radius, segment);
}

static const char* anchor_problem(const bs_world_def* def, const bs_ball_def* ball) {
	return NULL;
}

// Without friction nothing presses a contact together once it parts.
static bool contact_pressed(
	const bs_world_def* def, const bs_ball_def* ball, const bs_ball_def* other, bs_vec2 towards, bs_vec2 w) {
	return false;
}

// Straight paths part from a contact for good: prediction never examines
// the last one again.
static bool skips_last_obstacle(const bs_world_def* def, const bs_ball_def* ball, bs_vec2 towards) {
	return true;
}

// ---------------------------------------------------------------------------
// The world

static bool create(bs_world* world, size_t capacity) {
	return true;
}

static void destroy(bs_world* world) {
}

// The shared fields hold a disc's whole motion.
static void place(bs_world* world, int index, const bs_ball_def* ball) {
}

static void restore(bs_world* world, int index, const bs_ball_anchor* anchor) {
}

static bs_ball_motion motion_of(
	const bs_ball* ball, const bs_ball_spin* spin, const bs_vec3* omega, const bs_cloth* cloth, double time) {
	bool moving = ball->vel.x != 0.0 || ball->vel.y != 0.0;
	bs_ball_motion now = {bs_ball_position_at(ball, time), ball->vel, bs_v3(0.0, 0.0, 0.0),
		moving ? BS_MOTION_SLIDING : BS_MOTION_STATIONARY};
	return now;
}

static double state_until(const bs_world* world, int index) {
	return INFINITY;
}

static void export_motion(const bs_world* world, int index, bs_ball_def* dest) {
	dest->vel = world->balls[index].vel;
}

static void pocket(bs_world* world, int index, const bs_ball_motion* last) {
}

static const bs_grid_ops straight_paths_grid = {
	.min_balls = BS_GRID_MIN_BALLS,
	.cross = bs_ideal_cross,
	.filing_valid = NULL,
	.next_meeting = bs_ideal_next_meeting,
	.predict_all_from = bs_ideal_predict_all_from,
};

const bs_physics_ops bs_ideal_physics = {
	.kind = BS_PHYSICS_IDEAL,
	.check_def = check_def,
	.ball_problem = ball_problem,
	.anchor_velocity = anchor_velocity,
	.anchor_start = anchor_start,
	.anchor_segment_time = anchor_segment_time,
	.paths_curve = false,
	.anchor_problem = anchor_problem,
	.contact_pressed = contact_pressed,
	.skips_last_obstacle = skips_last_obstacle,
	.grid = &straight_paths_grid,
	.bytes_per_ball = 0,
	.create = create,
	.destroy = destroy,
	.place = place,
	.restore = restore,
	.motion_of = motion_of,
	.state_until = state_until,
	.export_motion = export_motion,
	.predict = bs_ideal_predict,
	.predict_both = bs_ideal_predict_both,
	.resolve_pair = bs_ideal_resolve_pair,
	.resolve_obstacle = bs_ideal_resolve_obstacle,
	.change_state = NULL,
	.pocket = pocket,
};
