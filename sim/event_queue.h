// breakshot: the event queue, an indexed binary min-heap with one slot per
// ball. Each ball's slot holds its earliest predicted event; updating a slot
// is O(log N) and finding the earliest event O(1). Keeping one event per ball
// (rather than one per predicted pair) bounds the queue at N entries.
//
// The keys live inside the heap array, so sifting compares neighbours in
// memory rather than chasing slot indices.
//
// Order: time, then kind, then a, then b (the ids of bs_event), then the
// owning ball's index. That order is total, so runs are bit-for-bit repeatable.
#ifndef BREAKSHOT_EVENT_QUEUE_H
#define BREAKSHOT_EVENT_QUEUE_H

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

/// Per slot: where it sits in the heap, and its payload.
typedef struct bs_heap_slot {
	int position; ///< index in the heap, or -1 when absent
	bs_slot_payload payload;
} bs_heap_slot;

/// One heap entry: a slot's key and the slot.
typedef struct bs_queue_entry {
	bs_event_key key;
	int slot;
} bs_queue_entry;

typedef struct bs_event_queue {
	int capacity;          ///< number of slots (balls)
	int size;              ///< slots currently in the heap
	bs_queue_entry* heap;  ///< the heap, ordered by (key, slot)
	bs_heap_slot* slots;   ///< slots[slot]
} bs_event_queue;

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

/// Allocates a queue of `capacity` empty slots. Returns false when memory runs out.
bool bs_event_queue_init(bs_event_queue* queue, int capacity);

/// Frees the queue's memory.
void bs_event_queue_free(bs_event_queue* queue);

/// Sets the slot's key and restores heap order, inserting it if absent.
void bs_event_queue_set(bs_event_queue* queue, int slot, bs_event_key key);

/// Takes the slot out of the queue (no-op when absent).
void bs_event_queue_remove(bs_event_queue* queue, int slot);

/// The slot with the earliest key, or -1 when the queue is empty.
static inline int bs_event_queue_top(const bs_event_queue* queue) {
	return queue->size > 0 ? queue->heap[0].slot : -1;
}

/// The key of a slot that is in the queue.
static inline bs_event_key bs_event_queue_key(const bs_event_queue* queue, int slot) {
	return queue->heap[queue->slots[slot].position].key;
}

/// Whether the slot is queued.
static inline bool bs_event_queue_contains(const bs_event_queue* queue, int slot) {
	return queue->slots[slot].position >= 0;
}

/// The payload of a slot, to read or write (kept while the slot is absent too).
static inline bs_slot_payload* bs_event_queue_payload(bs_event_queue* queue, int slot) {
	return &queue->slots[slot].payload;
}

/// Checks the heap property and the position index. O(N).
bool bs_event_queue_valid(const bs_event_queue* queue);

#endif
