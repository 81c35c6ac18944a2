// breakshot: the key and payload of one pending event, shared by both event
// queues (event_heap.h, calendar_queue.h) so that they order events the same.
//
// Order: time, then kind, then a, then b (the ids of bs_event), then the
// owning ball's index. That order is total, so runs are bit-for-bit repeatable.
#ifndef BREAKSHOT_EVENT_KEY_H
#define BREAKSHOT_EVENT_KEY_H

#include <stdbool.h>
#include <stdint.h>

/// The ordering key of one pending event.
typedef struct bs_event_key {
	double time; ///< absolute time (s); INFINITY for "no event"
	int kind;    ///< bs_event_kind (or the internal cell crossing)
	int a;       ///< lower ball id, or the ball's id
	int b;       ///< higher ball id, or the obstacle index
} bs_event_key;

/// What a slot's event refers to besides its key. The queue keeps it beside
/// the slot's other data, so that taking the earliest event reads one place;
/// it never looks inside.
typedef struct bs_slot_payload {
	int index;            ///< the caller's: a partner or obstacle index
	uint32_t stamp;       ///< the caller's: a partner's event count
	int spare_index;      ///< the caller's: a second partner index
	uint32_t spare_stamp; ///< the caller's: its event count
} bs_slot_payload;

/// True when key x comes strictly before key y in the documented order.
static inline bool bs_event_key_before(bs_event_key x, bs_event_key y) {
	if (x.time != y.time) {
		return x.time < y.time;
	}
	if (x.kind != y.kind) {
		return x.kind < y.kind;
	}
	if (x.a != y.a) {
		return x.a < y.a;
	}
	return x.b < y.b;
}

#endif
