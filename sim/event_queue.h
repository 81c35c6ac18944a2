// breakshot: the event queue, an indexed binary min-heap with one slot per
// ball. Each ball's slot holds its earliest predicted event; updating a slot
// is O(log N) and finding the earliest event O(1). Keeping one event per ball
// (rather than one per predicted pair) bounds the queue at N entries.
//
// Order: time, then kind, then a, then b (the ids of bs_event), then the
// owning ball's index. That order is total, so runs are bit-for-bit repeatable.
#ifndef BREAKSHOT_EVENT_QUEUE_H
#define BREAKSHOT_EVENT_QUEUE_H

#include <stdbool.h>

/// The ordering key of one pending event.
typedef struct bs_event_key {
	double time; ///< absolute time (s); INFINITY for "no event"
	int kind;    ///< bs_event_kind
	int a;       ///< lower ball id, or the ball's id
	int b;       ///< higher ball id, or the obstacle index
} bs_event_key;

typedef struct bs_event_queue {
	int capacity;       ///< number of slots (balls)
	int size;           ///< slots currently in the heap
	bs_event_key* keys; ///< keys[slot]
	int* heap;          ///< heap[position] = slot
	int* position;      ///< position[slot] = index in heap, or -1 when absent
} bs_event_queue;

/// Allocates a queue of `capacity` empty slots. Returns false when memory runs out.
bool bs_event_queue_init(bs_event_queue* queue, int capacity);

/// Frees the queue's memory.
void bs_event_queue_free(bs_event_queue* queue);

/// Sets the slot's key and restores heap order, inserting it if absent.
void bs_event_queue_set(bs_event_queue* queue, int slot, bs_event_key key);

/// Takes the slot out of the queue (no-op when absent).
void bs_event_queue_remove(bs_event_queue* queue, int slot);

/// The slot with the earliest key, or -1 when the queue is empty.
int bs_event_queue_top(const bs_event_queue* queue);

/// True when key x comes strictly before key y in the documented order.
bool bs_event_key_before(bs_event_key x, bs_event_key y);

/// Checks the heap property and the position index. O(N).
bool bs_event_queue_valid(const bs_event_queue* queue);

#endif
