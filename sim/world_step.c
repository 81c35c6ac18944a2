// breakshot: the event loop.
//
// The loop reads like the physics: take the earliest pending event; if the
// partner it was predicted against has changed course since, the prediction
// is stale, so predict again and look once more; otherwise move the balls
// involved to the event's time, resolve the contact, and predict again for
// those balls only. Nothing else is touched: every other ball keeps its own
// time and is read by extrapolation.
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "prefetch.h"
#include "world_internal.h"
#include "world_predict.h"
#include "world_resolve.h"

// A ball event is stale when its partner has had an event of its own since
// the prediction: any event, pocketing included, moves the partner's count.
// Obstacles never move, and the slot is renewed after each of the ball's own
// events, so its other events are never stale.
static bool is_stale(bs_world* world, int index, int kind) {
	if (kind != BS_EVENT_BALL) {
		return false;
	}
	const bs_slot_payload* partner = bs_event_queue_payload(&world->queue, index);
	return world->balls[partner->index].count != partner->stamp;
}

// Asks for what pool physics reads of ball `index` beyond its hot line and
// cold data: its state of motion, its spin and, with the grid, its filing
// (the ideal model has none of them).
static inline void ask_for_pool_state(const bs_world* world, int index) {
	if (world->spin) {
		bs_prefetch(&world->spin[index]);
		bs_prefetch(&world->omega[index]);
		if (world->swept.filing) {
			bs_prefetch(&world->swept.filing[index]);
		}
	}
}

// Asks for the memory of the event the calendar queue expects after its
// earliest (a hint, right about two times in five): the ball's hot line and
// grid place and, when `whole`, its cold data and its partner's three, so that
// they arrive while the earliest is taken. After a cell crossing only the
// hot line and grid place are asked for: asking for all of them there too
// made dilute gases slower (docs/notes/performance-history.md).
static inline void ask_for_next_event(bs_world* world, bool whole) {
	int next = bs_event_queue_hint(&world->queue);
	if (next < 0) {
		return;
	}
	bs_prefetch(&world->balls[next]);
	if (world->use_grid) {
		bs_prefetch(&world->grid.where[next]);
	}
	ask_for_pool_state(world, next);
	if (!whole || !bs_event_queue_contains(&world->queue, next)) {
		return;
	}
	bs_prefetch(&world->cold[next]);
	if (bs_event_queue_key(&world->queue, next).kind == BS_EVENT_BALL) {
		int partner = bs_event_queue_payload(&world->queue, next)->index;
		bs_prefetch(&world->balls[partner]);
		bs_prefetch(&world->cold[partner]);
		if (world->use_grid) {
			bs_prefetch(&world->grid.where[partner]);
		}
		ask_for_pool_state(world, partner);
	}
}

// Asks for what resolving ball `index`'s event will read beyond the balls'
// hot lines, and for the next event's memory, so that the reads overlap
// instead of queueing up behind one another.
static inline void ask_for_event(bs_world* world, int index, int kind) {
	int partner = kind == BS_EVENT_BALL ? bs_event_queue_payload(&world->queue, index)->index : index;
	bs_prefetch(&world->cold[index]);
	bs_prefetch(&world->cold[partner]);
	ask_for_next_event(world, true);
	if (world->use_grid) {
		bs_prefetch(&world->grid.where[index]);
		bs_prefetch(&world->grid.where[partner]);
	}
}

// Ball `index` leaves the cells it is filed under at `time`: the grid's
// cross files it under the next and predicts again from there. No motion
// changes, so no one else's prediction goes stale.
static void cross_cell(bs_world* world, int index, double time) {
	ask_for_next_event(world, false);
	world->physics->grid->cross(world, index, time);
	world->crossing_count += 1;
	world->crossings_without_event += 1;
}

// Cell crossings per ball, in a row with no event between, after which a
// periodic table's next event is looked for directly (the grid's next_meeting,
// O(N^2)): the crossings' cost then stays within a constant factor of it.
#define BS_CROSSINGS_BEFORE_SEARCH_PER_BALL 16

// Whether to find the next event of a periodic table directly rather than
// through the cell crossings on the way: when nothing but crossings is
// pending, the next meeting may be any number of wraps ahead; and when
// crossings go on for long without an event, it may be cheaper.
static bool search_for_meeting(const bs_world* world) {
	return world->table.periodic &&
		(world->reported_pending == 0 ||
			world->crossings_without_event > 64 + BS_CROSSINGS_BEFORE_SEARCH_PER_BALL * (int64_t)world->ball_count);
}

// The next meeting (the grid's next_meeting), kept until the next event:
// crossings and searches change no motion.
static bs_meeting next_meeting(bs_world* world) {
	if (!world->meeting_known) {
		world->next_meeting = world->physics->grid->next_meeting(world);
		world->meeting_known = true;
	}
	return world->next_meeting;
}

// Passes the cell crossing at the head of the queue (ball `index`'s, at
// `time`): takes it, or on a periodic table may skip it and every other
// crossing up to the next meeting, found directly (search_for_meeting). On
// a periodic table every event is a meeting, so the earliest meeting is the
// next event, and the balls can be filed and predicted as of that moment.
// Crossings change no motion and predictions are pure functions of the
// balls' states, so the events are the same whichever way it goes. Returns
// false when nothing happens by `limit` (s); the crossings up to it are
// then skipped as well, so none is left behind the time that
// bs_world_advance then sets, unless `limit_is_max_time`.
static bool pass_crossing(bs_world* world, int index, double time, double limit, bool limit_is_max_time) {
	if (!search_for_meeting(world)) {
		cross_cell(world, index, time);
		return true;
	}
	bs_meeting meeting = next_meeting(world);
	if (isnan(meeting.time)) {
		// The search cannot tell: take the crossings.
		world->crossings_without_event = 0;
		cross_cell(world, index, time);
		return true;
	}
	if (!(meeting.time <= limit)) {
		if (!limit_is_max_time) {
			world->physics->grid->predict_all_from(world, limit);
			world->crossings_without_event = 0;
		}
		return false;
	}
	bs_world_predict_from_meeting(world, meeting);
	world->crossings_without_event = 0;
	return true;
}

// The ball whose slot holds the next valid event at or before `limit` (s),
// or -1. Cell crossings are passed on the way (pass_crossing); a stale slot
// is predicted again, which costs one prediction and no scan of the queue.
static int next_event_ball(bs_world* world, double limit) {
	bool limit_is_max_time = !(limit < BS_MAX_TIME);
	limit = limit_is_max_time ? BS_MAX_TIME : limit;
	for (;;) {
		int top = bs_event_queue_top(&world->queue);
		if (top < 0) {
			return -1;
		}
		bs_event_key key = bs_event_queue_key(&world->queue, top);
		if (key.time > limit) {
			world->reached_time_limit = limit_is_max_time;
			return -1;
		}
		if (key.kind == BS_EVENT_CELL) {
			if (!pass_crossing(world, top, key.time, limit, limit_is_max_time)) {
				return -1;
			}
			continue;
		}
		if (is_stale(world, top, key.kind)) {
			world->stale_count += 1;
			bs_world_predict(world, top, world->time);
			continue;
		}
		return top;
	}
}

// With validation on (-Dvalidate=true), walks the whole state after every
// event and aborts on the first violation. Memory running out for the check
// is no violation: the event stands unchecked.
static void validate_after_event(const bs_world* world) {
#ifdef BS_VALIDATE
	char problem[256];
	bool out_of_memory = false;
	if (!bs_world_validate_state(world, problem, sizeof problem, &out_of_memory) && !out_of_memory) {
		fprintf(stderr, "breakshot: validation failed after event %lld: %s\n", (long long)(world->event_count - 1), problem);
		abort();
	}
#else
	(void)world;
#endif
}

// Takes ball `index`'s event: moves the world to its time, resolves it, and
// predicts again for the balls involved.
static void take_event(bs_world* world, int index) {
	bs_event_key key = bs_event_queue_key(&world->queue, index);
	ask_for_event(world, index, key.kind);
	int target = bs_event_queue_payload(&world->queue, index)->index; // the partner ball or the obstacle
	assert(key.time >= world->time && "events are taken in time order");
	world->time = key.time;

	bs_world_resolve(world, index, key.kind, target, &world->last_event);
	world->event_count += 1;
	world->crossings_without_event = 0;
	world->meeting_known = false;
	world->kind_counts[key.kind] += 1;

	if (key.kind == BS_EVENT_BALL) {
		bs_world_predict_both(world, index, target);
	} else {
		bs_world_predict(world, index, world->time);
	}

	validate_after_event(world);
}

bool bs_world_peek(bs_world* world, bs_event* dest) {
	return bs_world_peek_until(world, INFINITY, dest);
}

bool bs_world_peek_until(bs_world* world, double time, bs_event* dest) {
	int index = next_event_ball(world, time);
	if (index < 0) {
		return false;
	}
	bs_event_key key = bs_event_queue_key(&world->queue, index);
	dest->kind = (bs_event_kind)key.kind;
	dest->time = key.time;
	dest->a = key.a;
	dest->b = key.b;
	dest->impulse = 0.0;
	dest->point = bs_v2(0.0, 0.0);
	dest->normal = bs_v2(0.0, 0.0);
	return true;
}

bool bs_world_reached_time_limit(const bs_world* world) {
	return world->reached_time_limit;
}

bool bs_world_step(bs_world* world) {
	int index = next_event_ball(world, INFINITY);
	if (index < 0) {
		return false;
	}
	take_event(world, index);
	return true;
}

int64_t bs_world_advance(bs_world* world, double time, int64_t max_events) {
	assert(time >= world->time && "bs_world_advance: the world cannot go back in time; pass a time >= bs_world_time()");
	if (!(time >= world->time)) {
		return 0;
	}
	time = time < BS_MAX_TIME ? time : BS_MAX_TIME;
	int64_t taken = 0;
	for (;;) {
		if (max_events > 0 && taken >= max_events) {
			return taken;
		}
		int index = next_event_ball(world, time);
		if (index < 0) {
			break;
		}
		take_event(world, index);
		taken += 1;
	}
	world->time = time;
	return taken;
}
