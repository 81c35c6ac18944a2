// breakshot: the world's internal state, shared by world.c (creation,
// queries, validation) and world_step.c (prediction and the event loop).
#ifndef BREAKSHOT_WORLD_INTERNAL_H
#define BREAKSHOT_WORLD_INTERNAL_H

#include <stdint.h>

#include "calendar_queue.h"
#include "event_queue.h"
#include "grid.h"
#include "world.h"

/// Internal event kind, after the public ones in the tie order: a ball's
/// centre leaves its grid cell. Never reported; it changes no motion.
#define BS_EVENT_CELL BS_EVENT_KIND_COUNT

/// Whether bs_world_step reports events of this kind (not a cell crossing,
/// not BS_EVENT_NONE).
static inline bool bs_event_kind_is_reported(int kind) {
	return kind >= 0 && kind < BS_EVENT_KIND_COUNT;
}

/// Cell crossings per ball that peek and step take, with no other event
/// pending anywhere, before they conclude that none is coming (world.h).
#define BS_DROUGHT_CROSSINGS_PER_BALL 16

/// One ball's hot state: what prediction reads for every pair it examines,
/// in exactly one cache line (the array is 64-byte aligned). Its position is
/// stored at its own time `time` and read anywhere later by
/// pos + vel (t - time): a ball is only touched when an event involves it.
typedef struct bs_ball {
	bs_vec2 pos;   ///< centre at `time` (m)
	bs_vec2 vel;   ///< velocity (m/s)
	double time;   ///< time of the last update (s)
	double radius; ///< m
	int id;
	/// Events this ball has taken part in. A prediction made against a partner
	/// remembers the partner's count; a different count later means the
	/// partner has changed course and the prediction is stale.
	uint32_t count;
	/// The ball's last contact (kind and target: a ball index or an obstacle
	/// index), so that a pair just resolved is never re-detected (it separates
	/// by construction). Two balls that name each other as their last contact
	/// shared that event: the later event of either would be its last.
	int last_target;
	int8_t last_kind;
	bool pocketed;
} bs_ball;

_Static_assert(sizeof(bs_ball) == 64, "bs_ball is one cache line; move new fields that prediction does not read to bs_ball_cold");

/// What only the events of a ball read, apart from its hot state. (A
/// pocketed ball keeps its pocket and the time it dropped as its last
/// contact and its anchor: it never moves again.)
typedef struct bs_ball_cold {
	double mass;                ///< kg
	double last_collision_time; ///< for the elastic window (s)
} bs_ball_cold;

struct bs_world {
	bs_table table;
	bs_vec2 cushion_normals[BS_MAX_CUSHIONS]; ///< bs_segment_normal of each cushion, worked out once
	double time;
	double ball_restitution;
	double cushion_restitution;
	double elastic_window;
	double rest_speed;

	int ball_count;
	bs_ball* balls;      ///< hot state, 64-byte aligned
	bs_ball_cold* cold;  ///< cold[i] goes with balls[i]
	bool use_calendar;       ///< pending events in `calendar`, otherwise in `queue`
	bs_event_queue queue;
	bs_calendar_queue calendar;

	int reported_pending; ///< slots holding an event of a reported kind (not a cell crossing)
	bs_event last_event;
	int64_t event_count;
	int64_t kind_counts[BS_EVENT_KIND_COUNT];
	double pocketed_energy;

	/// Ball indices sorted by id, for bs_world_find_ball in O(log N).
	int* by_id;

	bool use_grid; ///< a grid with cell crossings (always on a periodic table)
	bool scan_all; ///< prediction examines every ball, not only the grid's neighbours (the reference path)
	bool cull_pockets; ///< look at a pocket's obstacles only when a path passes near (off for the reference path)
	bs_grid grid;
};

/// Position of a ball at `time` by exact straight-line extrapolation (on a
/// periodic table, possibly outside the box: callers wrap or take the nearest
/// image).
static inline bs_vec2 bs_ball_position_at(const bs_ball* ball, double time) {
	return bs_v2_mad(ball->pos, time - ball->time, ball->vel);
}

// The event queue in use, behind one interface.

static inline void bs_world_queue_set(bs_world* world, int slot, bs_event_key key) {
	if (world->use_calendar) {
		bs_calendar_queue_set(&world->calendar, slot, key);
	} else {
		bs_event_queue_set(&world->queue, slot, key);
	}
}

static inline void bs_world_queue_remove(bs_world* world, int slot) {
	if (world->use_calendar) {
		bs_calendar_queue_remove(&world->calendar, slot);
	} else {
		bs_event_queue_remove(&world->queue, slot);
	}
}

static inline int bs_world_queue_top(bs_world* world) {
	return world->use_calendar ? bs_calendar_queue_top(&world->calendar) : bs_event_queue_top(&world->queue);
}

/// A ball whose slot likely holds the event after the earliest, or -1: a
/// hint for fetching memory early (bs_calendar_queue_hint), which may be out
/// of date. The heap offers none: it serves worlds small enough to stay in
/// the caches.
static inline int bs_world_queue_hint(const bs_world* world) {
	return world->use_calendar ? bs_calendar_queue_hint(&world->calendar) : -1;
}

static inline bs_event_key bs_world_queue_key(const bs_world* world, int slot) {
	return world->use_calendar ? bs_calendar_queue_key(&world->calendar, slot)
							   : bs_event_queue_key(&world->queue, slot);
}

static inline bool bs_world_queue_contains(const bs_world* world, int slot) {
	return world->use_calendar ? bs_calendar_queue_contains(&world->calendar, slot)
							   : bs_event_queue_contains(&world->queue, slot);
}

/// What a ball's pending event refers to besides its key: the partner's
/// index and its event count when predicted (a ball event; a different count
/// later means the partner has changed course and the prediction is stale),
/// the obstacle's index, or the crossing's axis (0 x, 1 y).
static inline bs_slot_payload* bs_world_queue_payload(bs_world* world, int slot) {
	return world->use_calendar ? bs_calendar_queue_payload(&world->calendar, slot)
							   : bs_event_queue_payload(&world->queue, slot);
}

/// The kind of a ball's pending event, or BS_EVENT_NONE.
static inline int bs_world_pending_kind(const bs_world* world, int slot) {
	return bs_world_queue_contains(world, slot) ? bs_world_queue_key(world, slot).kind : BS_EVENT_NONE;
}

/// Predicts ball `index`'s earliest event from the current time and stores it
/// in its queue slot (world_step.c). `at` (s, >= the world's time) is the
/// moment the prediction is made for: the world's time, or a cell crossing's.
void bs_world_predict(bs_world* world, int index, double at);

#endif
