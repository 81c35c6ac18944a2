// breakshot: the binary-heap event queue: an indexed min-heap with one slot per
// ball. Each ball's slot holds its earliest predicted event; updating a slot
// is O(log N) and finding the earliest event O(1). Keeping one event per ball
// (rather than one per predicted pair) bounds the queue at N entries.
//
// The keys live inside the heap array, so sifting compares neighbours in
// memory rather than chasing slot indices.
//
// Order: time, then kind, then a, then b (the ids of bs_event), then the
// owning ball's index. That order is total, so runs are bit-for-bit repeatable.
#ifndef BREAKSHOT_EVENT_HEAP_H
#define BREAKSHOT_EVENT_HEAP_H

#include <stdbool.h>

#include "event_key.h"

/// Per slot: where it sits in the heap, and its payload.
typedef struct bs_heap_slot {
	int position; ///< index in the heap, or -1 when absent
	bs_slot_payload payload;
} bs_heap_slot;

/// One heap entry: a slot's key and the slot.
typedef struct bs_heap_entry {
	bs_event_key key;
	int slot;
} bs_heap_entry;

typedef struct bs_event_heap {
	int capacity;          ///< number of slots (balls)
	int size;              ///< slots currently in the heap
	bs_heap_entry* heap;  ///< the heap, ordered by (key, slot)
	bs_heap_slot* slots;   ///< slots[slot]
} bs_event_heap;

/// Allocates a queue of `capacity` empty slots. Returns false when memory runs out.
bool bs_event_heap_create(bs_event_heap* queue, int capacity);

/// Frees the queue's memory.
void bs_event_heap_destroy(bs_event_heap* queue);

/// Empties the queue, leaving it as bs_event_heap_create left it, in its own
/// memory.
void bs_event_heap_clear(bs_event_heap* queue);

/// Sets the slot's key and restores heap order, inserting it if absent.
void bs_event_heap_set(bs_event_heap* queue, int slot, bs_event_key key);

/// Takes the slot out of the queue (no-op when absent).
void bs_event_heap_remove(bs_event_heap* queue, int slot);

/// The slot with the earliest key, or -1 when the queue is empty.
static inline int bs_event_heap_top(const bs_event_heap* queue) {
	return queue->size > 0 ? queue->heap[0].slot : -1;
}

/// The key of a slot that is in the queue.
static inline bs_event_key bs_event_heap_key(const bs_event_heap* queue, int slot) {
	return queue->heap[queue->slots[slot].position].key;
}

/// Whether the slot is queued.
static inline bool bs_event_heap_contains(const bs_event_heap* queue, int slot) {
	return queue->slots[slot].position >= 0;
}

/// The payload of a slot, to read or write (kept while the slot is absent too).
static inline bs_slot_payload* bs_event_heap_payload(bs_event_heap* queue, int slot) {
	return &queue->slots[slot].payload;
}

/// Checks the heap property and the position index. O(N).
bool bs_event_heap_valid(const bs_event_heap* queue);

#endif
