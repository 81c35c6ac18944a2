// breakshot: predicting a ball's earliest event and storing it in its queue
// slot (world_predict.c). Only the balls an event involves are predicted.
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

/// Queues a ball's earliest event (or takes its slot out when there is
/// none), counting the slots that hold an event bs_world_step would report.
void bs_world_store_prediction(bs_world* world, int index, const bs_candidate* best);

/// Pool physics: bs_world_predict (world_predict_pool.c).
void bs_world_predict_pool(bs_world* world, int index);

/// Predicts ball `index`'s earliest event from the current time and stores it
/// in its queue slot. `at` (s, >= the world's time) is the moment the
/// prediction is made for: the world's time, or a cell crossing's.
void bs_world_predict(bs_world* world, int index, double at);

/// Predicts two balls that have just collided with each other, at the
/// world's time: the same as bs_world_predict for each, with their memory
/// reads overlapped.
void bs_world_predict_both(bs_world* world, int index, int partner);

/// Predicts ball `index` again after its centre crossed into the next cell
/// along `axis` (0 x, 1 y) in direction `step` (+1 or -1), at `at` (s). Its
/// motion is unchanged, so only the cells that joined its neighbourhood and
/// its last earliest pair need examining.
void bs_world_predict_after_crossing(bs_world* world, int index, double at, int axis, int step);

/// On a periodic table, the earliest meeting of any two balls as any images,
/// before BS_MAX_TIME, however many wraps ahead (bs_toi_periodic); a time of
/// NAN when some pair's search cannot tell. O(M N) for M moving balls: for
/// when nothing but cell crossings is pending.
bs_meeting bs_world_next_meeting(const bs_world* world);

/// Files every ball under its cell at `time` (s) and predicts it from
/// there, as if it had taken every cell crossing on the way (crossings
/// change no motion). Only for a time before which no ball has an event.
void bs_world_predict_all_from(bs_world* world, double time);

/// bs_world_predict_all_from the meeting's time: the meeting is then the
/// earliest pending event.
void bs_world_predict_from_meeting(bs_world* world, bs_meeting meeting);

#endif
