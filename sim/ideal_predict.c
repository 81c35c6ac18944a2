// breakshot: prediction under ideal physics. A ball's earliest event is the
// earliest of its contacts with the balls near it, the table's obstacles and,
// with the grid, its next cell crossing. Each is solved exactly (collide.h)
// from the balls' stored states, so a prediction made again later, or in a
// world restored from a saved state, gives the same bits.
#include "ideal_physics.h"
#include "world_predict.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "collide.h"
#include "prefetch.h"

// A pair resolved against each other by their last events
// (bs_balls_just_resolved) separates, or at least stops approaching, by
// construction and, moving in straight lines, cannot meet again until one
// of them has another event (on a periodic table: not as the same images;
// see predict_pair). Skipping it keeps rounding from re-detecting the same
// contact.

// The balls a prediction examines, gathered before it starts with their
// cache lines asked for, so that the memory reads overlap each other (and
// other work) instead of waiting one after another. `count` < 0: more than
// fit, walk the cells instead.
#define BS_GATHER 48

typedef struct neighbours {
	int count;
	int index[BS_GATHER];
} neighbours;

static void gather_neighbours(const bs_world* world, int index, neighbours* dest) {
	dest->count = 0;
	// The ball's own queue entry is rewritten when the prediction is stored.
	bs_event_queue_prefetch_slot(&world->queue, index);
	if (world->scan_all || world->balls[index].pocketed) {
		return;
	}
	int cells[9];
	int count = bs_grid_neighbourhood(&world->grid, index, cells);
	bs_grid_walk walk = bs_grid_walk_start(&world->grid, cells, count);
	for (int j; (j = bs_grid_walk_next(&world->grid, &walk)) >= 0;) {
		if (dest->count == BS_GATHER) {
			dest->count = -1;
			return;
		}
		bs_prefetch(&world->balls[j]);
		dest->index[dest->count++] = j;
	}
}

// The absolute time of a contact of two circles (b at `d` from a, moving at
// `w` relative to it) found `t` s after `since`, not before `now`; INFINITY
// when the two had passed it by `now` (bs_toi_circles_passed): a def's
// anchors can put such a pass before the world began, and it met nothing.
// The engine itself never leaves a contact behind it.
static double not_before_unless_passed(double since, double t, bs_vec2 d, bs_vec2 w, double now) {
	if (bs_toi_circles_passed(d, w, t, now - since)) {
		return INFINITY;
	}
	return bs_not_before(since + t, now);
}

// Where two balls stand relative to each other: from `since`, the later of
// their own clocks, b is at `d` (m) from a and moves at `w` (m/s) relative to
// it. On a periodic table `image` is the displacement to the image of b that
// a may meet: the nearest one at the moment `at` of the prediction (two balls
// that may meet before either has another event or cell crossing are in
// neighbouring cells, less than 2/5 of the box apart), not at the older
// `since`, as a ball may have crossed the box. A contact found stays the same
// until it happens, whenever it is predicted again: the displacement runs in
// a straight line to the contact, inside the box of nearest images, so the
// image cannot change on the way.
typedef struct pair_motion {
	double since; ///< s
	bs_vec2 d;    ///< m
	bs_vec2 image; ///< m (d itself on a walled table)
	bs_vec2 w;    ///< m/s
	double kx;    ///< image is d less kx widths and ky heights (0 on a walled table)
	double ky;
} pair_motion;

// The whole number of box sides bs_periodic_nearest_by takes away.
static inline double periodic_sides(double reference, double length) {
	return reference > 0.5 * length || reference < -0.5 * length ? floor(reference / length + 0.5) : 0.0;
}

static inline pair_motion motion_of_pair(const bs_table* table, const bs_ball* a, const bs_ball* b, double at) {
	pair_motion m;
	m.since = a->time > b->time ? a->time : b->time;
	m.d = bs_v2_sub(bs_ball_position_at(b, m.since), bs_ball_position_at(a, m.since));
	m.w = bs_v2_sub(b->vel, a->vel);
	m.image = m.d;
	m.kx = 0.0;
	m.ky = 0.0;
	if (table->periodic) {
		bs_vec2 then = bs_v2_mad(m.d, at - m.since, m.w);
		m.kx = periodic_sides(then.x, table->width);
		m.ky = periodic_sides(then.y, table->height);
		m.image = bs_v2(m.d.x - table->width * m.kx, m.d.y - table->height * m.ky);
	}
	return m;
}

// The absolute time at which two balls meet, or INFINITY. A pure function of
// the two balls' stored states, through their motion_of_pair: predicting the
// pair again at any later moment, or in a world restored from a saved state,
// gives exactly the same bits.
//
// A pair `resolved` against each other by their last events (both anchored
// at that contact, so `since` is its time) never meets again as the images
// that touched, but on a periodic table may meet as others once one of them
// has crossed the box.
static inline double predict_pair(const bs_world* world, const bs_ball* a, const bs_ball* b, const pair_motion* m,
	double now, bool resolved) {
	if (resolved) {
		bs_vec2 touched = bs_table_nearest(&world->table, m->d);
		if (m->image.x == touched.x && m->image.y == touched.y) {
			return INFINITY;
		}
	}
	double sigma = a->radius + b->radius;
	const bs_table* table = &world->table;
	// bs_toi_image, but a far image of a periodic pair meets as the periodic
	// search decides (bs_toi_periodic_image), on the exact image.
	double t;
	if (!bs_toi_is_far(m->image, sigma, world->far_distance2)) {
		t = bs_toi_circles(m->image, m->w, sigma);
	} else if (table->periodic) {
		t = bs_toi_periodic_image(
			m->d, m->kx, m->ky, table->width, table->height, m->image, m->w, sigma, world->far_distance2);
	} else {
		t = bs_toi_circles_far(m->image, m->w, sigma);
	}
	if (!(t < INFINITY)) {
		return INFINITY;
	}
	return not_before_unless_passed(m->since, t, m->image, m->w, now);
}

// False only when predict_pair is INFINITY (and true for a few pairs where it
// is): the same motion and coefficients, without the root. A ball paired
// with itself never passes (d and w are exactly zero). Far images, solved
// by bs_toi_circles_far, all pass.
static inline bool pair_may_meet(const bs_world* world, const bs_ball* a, const bs_ball* b, const pair_motion* m) {
	bool far = bs_toi_is_far(m->image, a->radius + b->radius, world->far_distance2);
	return (bs_toi_circles_possible(m->image, m->w, a->radius + b->radius) | far) & !b->pocketed;
}

// Offers ball `index`'s contact with ball `j`, moving relative to it as `m`
// says, to `best`.
static inline void consider_pair_in_motion(
	const bs_world* world, bs_candidate* best, int index, int j, const pair_motion* m, double now) {
	const bs_ball* ball = &world->balls[index];
	const bs_ball* other = &world->balls[j];
	if (j == index || other->pocketed) {
		return;
	}
	double t = predict_pair(world, ball, other, m, now, bs_balls_just_resolved(ball, index, other, j));
	if (t < INFINITY) {
		int lo = ball->id < other->id ? ball->id : other->id;
		int hi = ball->id < other->id ? other->id : ball->id;
		bs_consider(best, t, BS_EVENT_BALL, lo, hi, j, other->count);
	}
}

static inline void consider_pair(const bs_world* world, bs_candidate* best, int index, int j, double now, double at) {
	pair_motion m = motion_of_pair(&world->table, &world->balls[index], &world->balls[j], at);
	consider_pair_in_motion(world, best, index, j, &m, now);
}

// consider_pair for each of `count` (at most BS_GATHER) partners, in two
// passes: the first, without branches, keeps those that may meet the ball,
// with their motion; the second solves for those few from that motion. The
// first pass is exact (pair_may_meet), so the outcome is consider_pair's for
// every partner.
static void consider_pairs(
	const bs_world* world, bs_candidate* best, int index, const int* partners, int count, double now, double at) {
	const bs_ball* ball = &world->balls[index];
	int kept[BS_GATHER];
	pair_motion kept_motion[BS_GATHER];
	int kept_count = 0;
	for (int k = 0; k < count; ++k) {
		int j = partners[k];
		const bs_ball* other = &world->balls[j];
		pair_motion m = motion_of_pair(&world->table, ball, other, at);
		bool may_meet = pair_may_meet(world, ball, other, &m);
		kept[kept_count] = j;
		kept_motion[kept_count] = m;
		kept_count += may_meet;
#ifdef BS_VALIDATE
		if (!may_meet) {
			bs_candidate turned_away = bs_no_candidate();
			consider_pair(world, &turned_away, index, j, now, at);
			if (turned_away.key.kind != BS_EVENT_NONE) {
				fprintf(stderr, "breakshot: the pair sieve turned away balls %d and %d, which meet at %.17g\n",
					ball->id, world->balls[j].id, turned_away.key.time);
				abort();
			}
		}
#endif
	}
	for (int k = 0; k < kept_count; ++k) {
		consider_pair_in_motion(world, best, index, kept[k], &kept_motion[k], now);
	}
}

// consider_pairs for `first` (a ball index, or -1) and every ball in the
// `count` cells, in batches of BS_GATHER.
static void consider_cells(const bs_world* world, bs_candidate* best, int index, int first, const int* cells, int count,
	double now, double at) {
	int partners[BS_GATHER];
	int partner_count = 0;
	if (first >= 0) {
		partners[partner_count++] = first;
	}
	bs_grid_walk walk = bs_grid_walk_start(&world->grid, cells, count);
	for (int j; (j = bs_grid_walk_next(&world->grid, &walk)) >= 0;) {
		if (partner_count == BS_GATHER) {
			consider_pairs(world, best, index, partners, partner_count, now, at);
			partner_count = 0;
		}
		partners[partner_count++] = j;
	}
	consider_pairs(world, best, index, partners, partner_count, now, at);
}

// The times of impact with the table's obstacles, from the ball's own clock
// (as pairs are from the later of two): the same bits whenever predicted.
static double cushion_time(const bs_world* world, int index, int s, double now) {
	const bs_ball* ball = &world->balls[index];
	double t = bs_toi_segment_normal(ball->pos, ball->vel, ball->radius, world->table.cushions[s],
		world->cushion_normals[s]);
	return t < INFINITY ? bs_not_before(ball->time + t, now) : INFINITY;
}

// A jaw is met as a circle of its radius (docs/engine.md, "Jaws"): a
// point jaw, of radius 0, exactly as before arcs existed.
static double jaw_time(const bs_world* world, int index, int j, double now, double needed) {
	const bs_ball* ball = &world->balls[index];
	const bs_arc* arc = &world->table.jaws[j];
	bs_vec2 d = bs_v2_sub(arc->centre, ball->pos);
	bs_vec2 w = bs_v2_scale(-1.0, ball->vel);
	double t = bs_toi_arc(ball->pos, ball->vel, ball->radius, arc);
	return t < INFINITY ? not_before_unless_passed(ball->time, t, d, w, now) : INFINITY;
}

static double capture_time(const bs_world* world, int index, int k, double now, double needed) {
	const bs_ball* ball = &world->balls[index];
	const bs_pocket* pocket = &world->table.pockets[k];
	double t = bs_toi_enter_circle(ball->pos, ball->vel, pocket->centre, pocket->radius);
	if (!(t < INFINITY)) {
		return INFINITY;
	}
	bs_vec2 d = bs_v2_sub(pocket->centre, ball->pos);
	return not_before_unless_passed(ball->time, t, d, bs_v2_scale(-1.0, ball->vel), now);
}

static bool near_pocket(const bs_world* world, int index, int k, double needed) {
	const bs_ball* ball = &world->balls[index];
	const bs_pocket* pocket = &world->table.pockets[k];
	return bs_path_passes_near(ball->pos, ball->vel, bs_v2(0.0, 0.0), needed - ball->time, pocket->centre,
		pocket->reach + ball->radius);
}

static const bs_table_solvers straight_paths = {cushion_time, jaw_time, capture_time, near_pocket};

static void predict_obstacles(const bs_world* world, int index, bs_candidate* best);

// A ball's earliest event among the `near` balls (gathered by
// gather_neighbours) and the obstacles, predicted at `at`; not yet stored.
static bs_candidate predict_among(const bs_world* world, int index, double at, const neighbours* near) {
	bs_candidate best = bs_no_candidate();
	if (world->balls[index].pocketed) {
		return best;
	}
	double now = world->time;

	if (!world->scan_all) {
		consider_pairs(world, &best, index, near->index, near->count, now, at);
		if (near->count < 0) {
			int cells[9];
			int count = bs_grid_neighbourhood(&world->grid, index, cells);
			consider_cells(world, &best, index, -1, cells, count, now, at);
		}
	} else {
		for (int j = 0; j < world->ball_count; ++j) {
			consider_pair(world, &best, index, j, now, at);
		}
	}
	predict_obstacles(world, index, &best);
	return best;
}

// After a cell crossing the ball's motion is unchanged, so of the pairs in
// its old neighbourhood only the earliest (kept from its last prediction as
// the slot's spare) can come first; the cells that joined the neighbourhood
// are the only new ones to examine. Three cells and one pair instead of nine
// cells, unless the spare's partner has had an event since (stale): then the
// whole neighbourhood is examined again. Any other ball that has had an event
// since, or has crossed into the neighbourhood, examined its pair with this
// one from its own side then, so that contact is in its slot if it is first.
static void predict_after_crossing(bs_world* world, int index, double at, int axis, int step) {
	bs_slot_payload kept = *bs_event_queue_payload(&world->queue, index);
	if (world->scan_all ||
		(kept.spare_index >= 0 && world->balls[kept.spare_index].count != kept.spare_stamp)) {
		bs_ideal_predict(world, index, at);
		return;
	}
	bs_candidate best = bs_no_candidate();
	int cells[3];
	int count = bs_grid_entering(&world->grid, index, axis, step, cells);
	consider_cells(world, &best, index, kept.spare_index, cells, count, world->time, at);
	predict_obstacles(world, index, &best);
	bs_world_store_prediction(world, index, &best);
}

// The ball's centre leaves its cell at `at`: files it under the next cell
// and predicts again from there. Any event of the ball's own would have
// replaced this slot, so its velocity still says which way.
void bs_ideal_cross(bs_world* world, int index, double at) {
	bs_vec2 v = world->balls[index].vel;
	int axis = bs_event_queue_payload(&world->queue, index)->index;
	int step = (axis == 0 ? v.x : v.y) > 0.0 ? 1 : -1;
	bs_grid_cross(&world->grid, index, axis, step);
	predict_after_crossing(world, index, at, axis, step);
}

// Completes a prediction whose pairs are in `best`: the obstacles and the
// cell crossing. The earliest pair is kept as the slot's spare.
static void predict_obstacles(const bs_world* world, int index, bs_candidate* best) {
	// consider() rewrites only the payload's index and stamp: the spare stays.
	bool pair_found = best->key.kind == BS_EVENT_BALL;
	best->payload.spare_index = pair_found ? best->payload.index : -1;
	best->payload.spare_stamp = pair_found ? best->payload.stamp : 0;
	const bs_ball* ball = &world->balls[index];
	double now = world->time;

	bs_vec2 p = ball->pos;
	bs_vec2 v = ball->vel;
	double since = ball->time;
	bool moving = v.x != 0.0 || v.y != 0.0;
	if (moving) {
		// A contact just resolved separates by construction.
		bs_predict_table(world, index, best, true, &straight_paths);
	}
	if (world->use_grid && moving) {
		int axis;
		double t = bs_grid_crossing(&world->grid, index, p, v, since, &axis);
		if (t < INFINITY) {
			bs_consider(best, bs_not_before(t, now), BS_EVENT_CELL, ball->id, 0, axis, 0);
		}
	}
}

void bs_ideal_predict(bs_world* world, int index, double at) {
	neighbours near;
	gather_neighbours(world, index, &near);
	bs_candidate best = predict_among(world, index, at, &near);
	bs_world_store_prediction(world, index, &best);
}

void bs_ideal_predict_both(bs_world* world, int index, int partner) {
	// Both balls' neighbours are gathered first, and both predictions made
	// before either is stored: the second ball's memory reads overlap the
	// first ball's prediction, and the stores' reads (queue lists far apart)
	// overlap each other.
	double now = world->time;
	neighbours near;
	neighbours partner_near;
	gather_neighbours(world, index, &near);
	gather_neighbours(world, partner, &partner_near);
	bs_candidate best = predict_among(world, index, now, &near);
	bs_candidate partner_best = predict_among(world, partner, now, &partner_near);
	bs_world_store_prediction(world, index, &best);
	bs_world_store_prediction(world, partner, &partner_best);
}

bs_meeting bs_ideal_next_meeting(const bs_world* world) {
	bs_meeting earliest = {INFINITY, -1, -1};
	const bs_table* table = &world->table;
	// Pairs of two balls at rest never meet: each moving ball against every
	// other ball, each pair once.
	for (int i = 0; i < world->ball_count; ++i) {
		const bs_ball* a = &world->balls[i];
		bool a_moves = a->vel.x != 0.0 || a->vel.y != 0.0;
		for (int j = 0; j < world->ball_count && a_moves && !a->pocketed; ++j) {
			const bs_ball* b = &world->balls[j];
			bool b_moves = b->vel.x != 0.0 || b->vel.y != 0.0;
			if (j == i || b->pocketed || (b_moves && j < i)) {
				continue;
			}
			// The pair's motion as prediction takes it, before any image is
			// chosen: the same d and w, so the same root for each image.
			pair_motion m = motion_of_pair(table, a, b, 0.0);
			double t = bs_toi_periodic(m.d, m.w, a->radius + b->radius, table->width, table->height,
				world->time - m.since, BS_MAX_TIME - m.since, bs_balls_just_resolved(a, i, b, j));
			if (isnan(t)) {
				return (bs_meeting){NAN, i, j};
			}
			double when = t < INFINITY ? bs_not_before(m.since + t, world->time) : INFINITY;
			if (when < earliest.time) {
				earliest = (bs_meeting){when, i, j};
			}
		}
	}
	return earliest;
}

void bs_ideal_predict_all_from(bs_world* world, double time) {
	for (int i = 0; i < world->ball_count; ++i) {
		const bs_ball* ball = &world->balls[i];
		if (!ball->pocketed) {
			bs_grid_place_on_path(&world->grid, i, bs_ball_position_at(ball, time));
		}
	}
	for (int i = 0; i < world->ball_count; ++i) {
		bs_ideal_predict(world, i, time);
	}
}
