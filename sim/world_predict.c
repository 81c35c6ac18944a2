// breakshot: prediction, the part every physics shares: storing a ball's
// earliest event in its queue slot, and taking up a meeting found by the
// periodic search. Each physics predicts in its own files (physics.h).
#include "world_predict.h"

#include <math.h>

bool bs_path_passes_near(bs_vec2 p, bs_vec2 v, bs_vec2 acc, double span, bs_vec2 centre, double reach) {
	bs_vec2 d = bs_v2_sub(centre, p);
	// The closest point to the centre: of a straight path, at a time in
	// [0, span]; of a curved one, on its chord.
	bool straight = acc.x == 0.0 && acc.y == 0.0;
	bs_vec2 direction = straight ? v : bs_v2_sub(bs_motion_position(p, v, acc, span), p);
	double limit = straight ? span : 1.0;
	double length2 = bs_v2_dot(direction, direction);
	double along = length2 > 0.0 ? bs_v2_dot(d, direction) / length2 : 0.0;
	along = along < 0.0 ? 0.0 : along > limit ? limit : along;
	bs_vec2 gap = bs_v2_sub(d, bs_v2_scale(along, direction));
	double bow = straight ? 0.0 : 0.125 * bs_v2_len(acc) * span * span;
	double slack = (reach + bow) * (1.0 + 1e-9);
	return bs_v2_dot(gap, gap) <= slack * slack;
}

void bs_world_store_prediction(bs_world* world, int index, const bs_candidate* best) {
	world->reported_pending += bs_event_kind_is_reported(best->key.kind) -
		bs_event_kind_is_reported(bs_event_queue_pending_kind(&world->queue, index));
	if (best->key.kind == BS_EVENT_NONE) {
		bs_event_queue_remove(&world->queue, index);
	} else {
		bs_event_queue_set(&world->queue, index, best->key);
		*bs_event_queue_payload(&world->queue, index) = best->payload;
	}
}

// Whether ball `index`'s pending event is a meeting with a ball by `time`.
static bool meets_by(const bs_world* world, int index, double time) {
	if (!bs_event_queue_contains(&world->queue, index)) {
		return false;
	}
	bs_event_key key = bs_event_queue_key(&world->queue, index);
	return key.kind == BS_EVENT_BALL && key.time <= time;
}

void bs_world_predict_from_meeting(bs_world* world, bs_meeting meeting) {
	world->physics->grid->predict_all_from(world, meeting.time);
	// Prediction finds the meeting by the same arithmetic; should rounding of
	// the nearest image ever say otherwise, the meeting is queued as found,
	// so that the search never comes back to the same meeting.
	if (!meets_by(world, meeting.a, meeting.time) && !meets_by(world, meeting.b, meeting.time)) {
		const bs_ball* a = &world->balls[meeting.a];
		const bs_ball* b = &world->balls[meeting.b];
		bs_candidate best = bs_no_candidate();
		bs_consider(&best, meeting.time, BS_EVENT_BALL, a->id < b->id ? a->id : b->id, a->id < b->id ? b->id : a->id,
			meeting.b, b->count);
		best.payload.spare_index = -1;
		bs_world_store_prediction(world, meeting.a, &best);
	}
}
