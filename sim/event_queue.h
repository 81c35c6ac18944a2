// breakshot: the world's event queue, one slot per ball, held either in the
// binary heap (event_heap.h) or in the calendar queue (calendar_queue.h).
// Both order events by the same key (event_key.h), so the choice changes the
// speed and never the events.
#ifndef BREAKSHOT_EVENT_QUEUE_H
#define BREAKSHOT_EVENT_QUEUE_H

#include <stdbool.h>
#include <stddef.h>

#include "calendar_queue.h"
#include "event_heap.h"
#include "prefetch.h"

typedef struct bs_event_queue {
	bool use_calendar; ///< pending events in `calendar`, otherwise in `heap`
	bs_event_heap heap;
	bs_calendar_queue calendar;
} bs_event_queue;

/// Allocates a queue of `capacity` empty slots, in the calendar queue or the
/// heap. Returns false when memory runs out.
bool bs_event_queue_create(bs_event_queue* queue, int capacity, bool use_calendar);

/// Frees the queue's memory.
void bs_event_queue_destroy(bs_event_queue* queue);

/// Empties the queue, leaving it as bs_event_queue_create left it (every
/// slot absent, every payload zero), in its own memory: O(capacity).
void bs_event_queue_clear(bs_event_queue* queue);

/// Checks the queue's order and bookkeeping. O(N).
bool bs_event_queue_valid(const bs_event_queue* queue);

/// Bytes the queue holds for `capacity` slots.
size_t bs_event_queue_bytes(const bs_event_queue* queue, int capacity);

/// Sets the slot's key, inserting it if absent.
static inline void bs_event_queue_set(bs_event_queue* queue, int slot, bs_event_key key) {
	if (queue->use_calendar) {
		bs_calendar_queue_set(&queue->calendar, slot, key);
	} else {
		bs_event_heap_set(&queue->heap, slot, key);
	}
}

/// Takes the slot out of the queue (no-op when absent).
static inline void bs_event_queue_remove(bs_event_queue* queue, int slot) {
	if (queue->use_calendar) {
		bs_calendar_queue_remove(&queue->calendar, slot);
	} else {
		bs_event_heap_remove(&queue->heap, slot);
	}
}

/// The slot with the earliest key, or -1 when the queue is empty.
static inline int bs_event_queue_top(bs_event_queue* queue) {
	return queue->use_calendar ? bs_calendar_queue_top(&queue->calendar) : bs_event_heap_top(&queue->heap);
}

/// A slot that likely holds the event after the earliest, or -1: a hint for
/// fetching memory early (bs_calendar_queue_hint), which may be out of date.
/// The heap offers none: it serves worlds small enough to stay in the caches.
static inline int bs_event_queue_hint(const bs_event_queue* queue) {
	return queue->use_calendar ? bs_calendar_queue_hint(&queue->calendar) : -1;
}

/// The key of a slot that is in the queue.
static inline bs_event_key bs_event_queue_key(const bs_event_queue* queue, int slot) {
	return queue->use_calendar ? bs_calendar_queue_key(&queue->calendar, slot) : bs_event_heap_key(&queue->heap, slot);
}

/// Whether the slot is queued.
static inline bool bs_event_queue_contains(const bs_event_queue* queue, int slot) {
	return queue->use_calendar ? bs_calendar_queue_contains(&queue->calendar, slot)
							   : bs_event_heap_contains(&queue->heap, slot);
}

/// What a ball's pending event refers to besides its key: the partner's
/// index and its event count when predicted (a ball event; a different count
/// later means the partner has changed course and the prediction is stale),
/// the obstacle's index, or the crossing's axis (0 x, 1 y).
static inline bs_slot_payload* bs_event_queue_payload(bs_event_queue* queue, int slot) {
	return queue->use_calendar ? bs_calendar_queue_payload(&queue->calendar, slot)
							   : bs_event_heap_payload(&queue->heap, slot);
}

/// The kind of a slot's pending event, or -1 (BS_EVENT_NONE) when it has none.
static inline int bs_event_queue_pending_kind(const bs_event_queue* queue, int slot) {
	return bs_event_queue_contains(queue, slot) ? bs_event_queue_key(queue, slot).kind : -1;
}

/// Asks for the memory that setting the slot will write (the calendar's
/// entry; the heap's moves are not known ahead).
static inline void bs_event_queue_prefetch_slot(const bs_event_queue* queue, int slot) {
	if (queue->use_calendar) {
		bs_prefetch(&queue->calendar.entries[slot]);
	}
}

#endif
