// breakshot: predicting a ball's earliest event and storing it in its queue
// slot. Only the balls an event involves are predicted. The predicting is
// the physics' own (physics.h); storing it is shared (world_predict.c).
#ifndef BREAKSHOT_WORLD_PREDICT_H
#define BREAKSHOT_WORLD_PREDICT_H

#include <math.h>

#include "world_internal.h"

/// A ball's earliest event found so far while predicting it.
typedef struct bs_candidate {
	bs_event_key key;
	bs_slot_payload payload; ///< see bs_event_queue_payload
} bs_candidate;

/// No event yet.
static inline bs_candidate bs_no_candidate(void) {
	bs_candidate none;
	none.key = (bs_event_key){INFINITY, BS_EVENT_NONE, 0, 0};
	none.payload = (bs_slot_payload){-1, 0, -1, 0};
	return none;
}

/// Keeps the event (time, kind, ids a and b) in `best` when it comes before
/// best's in the tie order, with the partner's storage `index` (or the
/// obstacle's) and the `stamp` of its event count.
static inline void bs_consider(bs_candidate* best, double time, int kind, int a, int b, int index, uint32_t stamp) {
	bs_event_key key = {time, kind, a, b};
	if (bs_event_key_before(key, best->key)) {
		best->key = key;
		best->payload.index = index;
		best->payload.stamp = stamp;
	}
}

/// Contacts that began before `now` by rounding happen now, never in the past.
static inline double bs_not_before(double time, double now) {
	return time < now ? now : time;
}

/// Whether the path p + v t + acc t^2/2, for t from 0 to `span` (s;
/// INFINITY for the whole ray of a straight path), comes within `reach` (m)
/// of `centre`: a straight path by its closest approach, a curved one by
/// its chord from start to end, widened by the most a parabola strays from
/// its chord, |acc| span^2 / 8. Errs on the side of yes by a relative 1e-9,
/// so rounding never hides a contact: prediction looks at a pocket's
/// obstacles only when they could come first.
bool bs_path_passes_near(bs_vec2 p, bs_vec2 v, bs_vec2 acc, double span, bs_vec2 centre, double reach);

/// A physics' times of impact with the table's obstacles, for the loop over
/// them that every physics shares (bs_predict_table). Each gives the time
/// (s, absolute, not before `now`) of ball `index`'s contact, or INFINITY;
/// `needed` (s, absolute) is the earliest event found so far, after which a
/// contact may go unfound.
typedef struct bs_table_solvers {
	/// The ball against cushion segment `segment` (a nose or a facing).
	double (*cushion)(const bs_world* world, int index, int segment, double now);
	/// The ball against jaw `jaw` (a point or an arc).
	double (*jaw)(const bs_world* world, int index, int jaw, double now, double needed);
	/// The ball's centre entering pocket `pocket`'s capture circle.
	double (*capture)(const bs_world* world, int index, int pocket, double now, double needed);
	/// Whether the ball's path up to `needed` may come near enough to pocket
	/// `pocket` to touch its facings, jaws or capture circle (false only
	/// when it surely cannot: skipping changes nothing but the work).
	bool (*near_pocket)(const bs_world* world, int index, int pocket, double needed);
} bs_table_solvers;

static inline void consider_table_cushion(
	const bs_world* world, int index, bs_candidate* best, int s, int skip, const bs_table_solvers* solve) {
	double t = s != skip ? solve->cushion(world, index, s, world->time) : INFINITY;
	if (t < INFINITY) {
		bs_consider(best, t, BS_EVENT_CUSHION, world->balls[index].id, s, s, 0);
	}
}

/// Offers ball `index`'s contacts with the table's cushions, and with the
/// facings, jaws and capture circles of the pockets it may reach, to `best`,
/// each solved by the physics' `solve`. With `skip_last`, the ball's last
/// contact, if a cushion or jaw, is not examined again (just resolved, or
/// resting). Inline, so that each physics' solvers are called directly.
static inline void bs_predict_table(
	const bs_world* world, int index, bs_candidate* best, bool skip_last, const bs_table_solvers* solve) {
	const bs_ball* ball = &world->balls[index];
	const bs_table* table = &world->table;
	double now = world->time;
	int skip_cushion = skip_last && ball->last_kind == BS_EVENT_CUSHION ? ball->last_target : -1;
	int skip_jaw = skip_last && ball->last_kind == BS_EVENT_JAW ? ball->last_target : -1;
	for (int s = 0; s < table->nose_count; ++s) {
		consider_table_cushion(world, index, best, s, skip_cushion, solve);
	}
	for (int k = 0; k < table->pocket_count; ++k) {
		const bs_pocket* pocket = &table->pockets[k];
		// Skipping a pocket the path cannot reach changes nothing but the
		// work; the reference path (BS_NEIGHBOURS_ALL) looks at every one.
		if (world->cull_pockets && !solve->near_pocket(world, index, k, best->key.time)) {
			continue;
		}
		for (int s = pocket->first_facing; s < pocket->first_facing + pocket->facing_count; ++s) {
			consider_table_cushion(world, index, best, s, skip_cushion, solve);
		}
		for (int j = pocket->first_jaw; j < pocket->first_jaw + pocket->jaw_count; ++j) {
			double t = j != skip_jaw ? solve->jaw(world, index, j, now, best->key.time) : INFINITY;
			if (t < INFINITY) {
				bs_consider(best, t, BS_EVENT_JAW, ball->id, j, j, 0);
			}
		}
		double t = solve->capture(world, index, k, now, best->key.time);
		if (t < INFINITY) {
			bs_consider(best, t, BS_EVENT_POCKET, ball->id, k, k, 0);
		}
	}
}

/// Queues a ball's earliest event (or takes its slot out when there is
/// none), counting the slots that hold an event bs_world_step would report.
void bs_world_store_prediction(bs_world* world, int index, const bs_candidate* best);

/// Predicts ball `index`'s earliest event from the current time and stores it
/// in its queue slot. `at` (s, >= the world's time) is the moment the
/// prediction is made for: the world's time, or a cell crossing's.
static inline void bs_world_predict(bs_world* world, int index, double at) {
	world->physics->predict(world, index, at);
}

/// Predicts two balls that have just collided with each other, at the
/// world's time: the same as bs_world_predict for each.
static inline void bs_world_predict_both(bs_world* world, int index, int partner) {
	world->physics->predict_both(world, index, partner);
}

/// The grid's predict_all_from (physics.h) the meeting's time: the meeting is then the
/// earliest pending event.
void bs_world_predict_from_meeting(bs_world* world, bs_meeting meeting);

#endif
