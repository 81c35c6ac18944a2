// breakshot: prediction under pool physics. A ball's earliest event is the
// earliest of the end of its state of motion and its contacts with every
// other ball and the table's obstacles, each the earliest entry into contact
// on the interval over which the motions involved stay fixed
// (collide_pool.h). Like prediction under ideal physics, every time is a
// pure function of the balls' stored states, so that a prediction made
// again later, or in a world restored from a saved state, gives the same
// bits.
#include <float.h>
#include <math.h>

#include "collide_pool.h"
#include "pool_physics.h"
#include "prefetch.h"
#include "world_predict.h"

// The time (s, absolute) at which a contact solved from `since` by `solve`
// happens, not before `now`: a contact the two sides were closing into at
// `now`, or one still ahead; INFINITY when there is none before `until`, or
// possibly when there is none by `needed` (s, absolute: the caller holds an
// event at that time already). One the two had passed by `now` (which only
// a def's anchors, set in the past, can give: the engine never leaves a
// contact behind it) met nothing, and the search goes on from `now`.
typedef double (*pair_solver)(bs_vec2 d, bs_vec2 w, bs_vec2 a, double sigma, double t_end, double t_needed);

// How far ahead of `from` (s) a solver must look to find what happens by
// `needed` (s, absolute), widened by the rounding of the subtraction: a
// contact exactly at `needed` may still win its tie.
static double ahead_of(double needed, double from) {
	return needed - from + 4.0 * DBL_EPSILON * (fabs(needed) + fabs(from));
}

static inline double contact_from(bs_vec2 d, bs_vec2 w, bs_vec2 a, double sigma, double since, double until, double now,
	double needed, pair_solver solve) {
	double t = solve(d, w, a, sigma, until - since, ahead_of(needed, since));
	if (!(t < INFINITY) || since + t >= now) {
		return since + t;
	}
	double ago = now - since;
	bs_vec2 d_now = bs_motion_position(d, w, a, ago);
	bs_vec2 w_now = bs_motion_velocity(w, a, ago);
	double later = solve(d_now, w_now, a, sigma, until - now, ahead_of(needed, now));
	return later < INFINITY ? bs_not_before(now + later, now) : INFINITY;
}

// Whether two balls' swept boxes (bs_ball_spin.box_lo) are apart.
static bool boxes_apart(const bs_ball_spin* a, const bs_ball_spin* b) {
	return (a->box_hi.x < b->box_lo.x) | (b->box_hi.x < a->box_lo.x) | (a->box_hi.y < b->box_lo.y) |
		(b->box_hi.y < a->box_lo.y);
}

// The absolute time at which balls i and j meet before either's motion
// changes, or INFINITY (or possibly INFINITY when not by `needed`).
// `until_i`: when ball i's motion stops moving it (bs_pool_moving_until);
// `rests`: its last contact rests (bs_pool_last_contact_parting), so that
// a pair resolved against each other is not examined again.
static inline double pair_time(
	const bs_world* world, int i, int j, double until_i, bool rests, double now, double needed) {
	const bs_ball* a = &world->balls[i];
	const bs_ball* b = &world->balls[j];
	double until_j = bs_pool_moving_until(world, j);
	double until = until_i < until_j ? until_i : until_j;
	if (!(until < INFINITY) || boxes_apart(&world->spin[i], &world->spin[j]) ||
		(rests && bs_balls_just_resolved(a, i, b, j))) {
		return INFINITY; // neither moves, their paths are apart, or they rest together
	}
	double since = a->time > b->time ? a->time : b->time;
	bs_vec2 d = bs_v2_sub(bs_pool_position_at(world, j, since), bs_pool_position_at(world, i, since));
	bs_vec2 w = bs_v2_sub(bs_pool_velocity_at(world, j, since), bs_pool_velocity_at(world, i, since));
	bs_vec2 acc = bs_v2_sub(world->spin[j].acc, world->spin[i].acc);
	return contact_from(d, w, acc, a->radius + b->radius, since, until, now, needed, bs_toi_pool_circles);
}

// The time to enter a capture circle `capture` (m) around a centre at `d`
// (m) from the ball's, moving relative to it at `w` and `a`: 0 when the
// ball's centre is inside already.
static double toi_into_circle(bs_vec2 d, bs_vec2 w, bs_vec2 a, double capture, double t_end, double t_needed) {
	if (bs_v2_dot(d, d) <= capture * capture) {
		return 0.0;
	}
	return bs_toi_pool_circles(d, w, a, capture, t_end, t_needed);
}

// Whether a ball's swept box (bs_ball_spin.box_lo, the ball's surface
// included) lies wholly on the playing side of a cushion's line: then the
// ball cannot touch the cushion in this state.
static bool box_clear_of_line(const bs_ball_spin* spin, bs_segment segment, bs_vec2 n) {
	// The box's corner furthest towards the cushion.
	bs_vec2 corner = bs_v2(n.x > 0.0 ? spin->box_lo.x : spin->box_hi.x, n.y > 0.0 ? spin->box_lo.y : spin->box_hi.y);
	return bs_v2_dot(bs_v2_sub(corner, segment.a), n) > 0.0;
}

// Whether a ball's swept box lies wholly outside the circle of radius
// `reach` (m) around `centre`, by a relative 1e-9 (the box holds the ball's
// surface, so its centre stays a radius further off).
static bool box_clear_of_circle(const bs_ball_spin* spin, bs_vec2 centre, double reach) {
	double dx = centre.x < spin->box_lo.x ? spin->box_lo.x - centre.x
		: centre.x > spin->box_hi.x       ? centre.x - spin->box_hi.x
										  : 0.0;
	double dy = centre.y < spin->box_lo.y ? spin->box_lo.y - centre.y
		: centre.y > spin->box_hi.y       ? centre.y - spin->box_hi.y
										  : 0.0;
	double slack = reach * (1.0 + 1e-9);
	return dx * dx + dy * dy > slack * slack;
}

// The times of impact with the table's obstacles, on the interval of the
// ball's present state of motion, from its own clock: the same bits whenever
// predicted.
static double cushion_time(const bs_world* world, int index, int s, double now) {
	const bs_ball* ball = &world->balls[index];
	const bs_ball_spin* spin = &world->spin[index];
	bs_vec2 n = world->cushion_normals[s];
	if (box_clear_of_line(spin, world->table.cushions[s], n)) {
		return INFINITY;
	}
	double t = bs_toi_pool_segment(ball->pos, ball->vel, spin->acc, ball->radius, world->table.cushions[s], n,
		bs_pool_moving_until(world, index) - ball->time);
	return t < INFINITY ? bs_not_before(ball->time + t, now) : INFINITY;
}

// A jaw is met as a circle of its radius (bs_toi_pool_arc): a point jaw,
// of radius 0, exactly as before arcs existed.
static double jaw_time(const bs_world* world, int index, int k, double now, double needed) {
	const bs_ball* ball = &world->balls[index];
	const bs_arc* arc = &world->table.jaws[k];
	bs_vec2 d = bs_v2_sub(arc->centre, ball->pos);
	bs_vec2 w = bs_v2_scale(-1.0, ball->vel);
	bs_vec2 a = bs_v2_scale(-1.0, world->spin[index].acc);
	return contact_from(d, w, a, ball->radius + arc->radius, ball->time, bs_pool_moving_until(world, index), now,
		needed, bs_toi_pool_circles);
}

static double capture_time(const bs_world* world, int index, int k, double now, double needed) {
	const bs_ball* ball = &world->balls[index];
	const bs_pocket* pocket = &world->table.pockets[k];
	bs_vec2 d = bs_v2_sub(pocket->centre, ball->pos);
	return contact_from(d, bs_v2_scale(-1.0, ball->vel), bs_v2_scale(-1.0, world->spin[index].acc), pocket->radius,
		ball->time, bs_pool_moving_until(world, index), now, needed, toi_into_circle);
}

static bool near_pocket(const bs_world* world, int index, int k, double needed) {
	const bs_ball* ball = &world->balls[index];
	const bs_ball_spin* spin = &world->spin[index];
	const bs_pocket* pocket = &world->table.pockets[k];
	if (box_clear_of_circle(spin, pocket->centre, pocket->reach)) {
		return false;
	}
	double until = bs_pool_moving_until(world, index);
	double span = (until < needed ? until : needed) - ball->time;
	return bs_path_passes_near(ball->pos, ball->vel, spin->acc, span, pocket->centre, pocket->reach + ball->radius);
}

static const bs_table_solvers curved_paths = {cushion_time, jaw_time, capture_time, near_pocket};

// Offers ball `index`'s contact with ball `j` to `best` (`until`: when
// ball `index` stops moving; `rests`: as for pair_time).
static inline void consider_ball(
	const bs_world* world, bs_candidate* best, int index, int j, double until, bool rests, double now) {
	double t = pair_time(world, index, j, until, rests, now, best->key.time);
	if (t < INFINITY) {
		const bs_ball* ball = &world->balls[index];
		const bs_ball* other = &world->balls[j];
		int lo = ball->id < other->id ? ball->id : other->id;
		int hi = ball->id < other->id ? other->id : ball->id;
		bs_consider(best, t, BS_EVENT_BALL, lo, hi, j, other->count);
	}
}

// A ball's prediction begins with the end of its state of motion.
static inline bs_candidate state_end(const bs_world* world, int index, double now) {
	bs_candidate best = bs_no_candidate();
	const bs_ball_spin* spin = &world->spin[index];
	if (spin->ending != BS_EVENT_NONE) {
		bs_consider(&best, bs_not_before(spin->until, now), spin->ending, world->balls[index].id, -1, index, 0);
	}
	return best;
}

// And ends with the table's obstacles, after the balls, and is stored.
static inline void finish_prediction(bs_world* world, int index, bs_candidate* best, bool rests) {
	if (bs_pool_moving_until(world, index) < INFINITY) {
		// A resting contact is skipped until the ball's next event.
		bs_predict_table(world, index, best, rests, &curved_paths);
	}
	best->payload.spare_index = -1;
	best->payload.spare_stamp = 0;
	bs_world_store_prediction(world, index, best);
}

// Predicts ball `index`'s earliest event against every other ball on the
// table, and stores it.
static void predict_scanning(bs_world* world, int index) {
	if (world->balls[index].pocketed) {
		bs_candidate none = bs_no_candidate();
		bs_world_store_prediction(world, index, &none);
		return;
	}
	double now = world->time;
	bs_candidate best = state_end(world, index, now);
	bool rests = bs_pool_contact_is_resting(bs_pool_last_contact_parting(world, index));
	double until = bs_pool_moving_until(world, index);
	for (int j = 0; j < world->ball_count; ++j) {
		if (j != index && !world->balls[j].pocketed) {
			consider_ball(world, &best, index, j, until, rests, now);
		}
	}
	finish_prediction(world, index, &best, rests);
}

// The balls a prediction with the grid examines, gathered before it starts
// with their memory asked for, so that the reads overlap each other instead
// of waiting one after another. `count` < 0: more than fit, walk the cells
// again instead.
#define BS_POOL_GATHER 32

typedef struct partners {
	int count;
	int index[BS_POOL_GATHER + 1];
} partners;

// Gathers the balls filed under a cell of ball `index`'s (each once).
static void gather_partners(const bs_world* world, int index, partners* dest) {
	bs_event_queue_prefetch_slot(&world->queue, index);
	dest->count = world->balls[index].pocketed ? 0
											   : bs_swept_grid_gather(&world->swept, index, dest->index, BS_POOL_GATHER);
	for (int k = 0; k < dest->count; ++k) {
		bs_prefetch(&world->balls[dest->index[k]]);
		bs_prefetch(&world->spin[dest->index[k]]);
	}
}

// Predicts ball `index`'s earliest event, filed in the grid where it is
// (bs_pool_file), against the balls filed under its cells (gathered in
// `near`), and stores it. Two balls that touch at a moment inside both
// their filings are filed under a common cell then; a contact beyond a
// ball's filing is found when the one filed last is filed again, before it
// (pool_grid.c).
static void predict_filed(bs_world* world, int index, const partners* near) {
	if (world->balls[index].pocketed) {
		bs_candidate none = bs_no_candidate();
		bs_world_store_prediction(world, index, &none);
		return;
	}
	double now = world->time;
	bs_candidate best = state_end(world, index, now);
	const bs_swept_filing* filing = &world->swept.filing[index];
	if (filing->until < world->spin[index].until) {
		// Its filing runs out before its state: a cell crossing files it
		// again. Found first, it bounds how far the pairs are solved.
		bs_consider(&best, filing->until, BS_EVENT_CELL, world->balls[index].id, 0, 0, 0);
	}
	bool rests = bs_pool_contact_is_resting(bs_pool_last_contact_parting(world, index));
	double until = bs_pool_moving_until(world, index);
	for (int k = 0; k < near->count; ++k) {
		consider_ball(world, &best, index, near->index[k], until, rests, now);
	}
	if (near->count < 0) {
		bs_swept_walk walk = bs_swept_walk_start(&world->swept, index);
		for (int j; (j = bs_swept_walk_next(&world->swept, &walk)) >= 0;) {
			consider_ball(world, &best, index, j, until, rests, now);
		}
	}
	finish_prediction(world, index, &best, rests);
}

void bs_pool_predict(bs_world* world, int index, double at) {
	if (world->scan_all) {
		predict_scanning(world, index);
		return;
	}
	bs_pool_file(world, index, at);
	partners near;
	gather_partners(world, index, &near);
	predict_filed(world, index, &near);
}

void bs_pool_predict_both(bs_world* world, int index, int partner) {
	if (world->scan_all) {
		predict_scanning(world, index);
		predict_scanning(world, partner);
		return;
	}
	// Both are filed before either searches, so that each finds the other
	// where it now is; and both gather their partners before either
	// predicts, so that the second's reads overlap the first's prediction.
	bs_pool_file(world, index, world->time);
	bs_pool_file(world, partner, world->time);
	partners near;
	partners partner_near;
	gather_partners(world, index, &near);
	gather_partners(world, partner, &partner_near);
	predict_filed(world, index, &near);
	predict_filed(world, partner, &partner_near);
}
