// breakshot: a calendar queue (Brown 1988; as used for event-driven MD by
// Paul 2007) with one slot per ball: the same interface and the same total
// order as the binary heap in event_heap.h, so the two give identical events.
//
// Time is cut into buckets of width `width` over a window of `bucket_count`
// buckets from `origin`; each bucket is an unsorted list of slots, and events
// beyond the window wait in an overflow list. The earliest event is found by
// scanning the current bucket (a few entries), moving on to the next bucket
// when it empties; when the window is used up it moves on by its length and
// the overflow is sorted into it. The width adapts to the event rate, aiming
// at about two events per bucket, so every operation is O(1) on average.
#ifndef BREAKSHOT_CALENDAR_QUEUE_H
#define BREAKSHOT_CALENDAR_QUEUE_H

#include <stdbool.h>
#include <stdint.h>

#include "event_key.h"

/// One slot: its key, its place in the lists and its payload, together.
/// What a bucket's search reads (time, next) comes first: 48-byte entries on
/// 64-byte lines always have their first 16 bytes in one line.
typedef struct bs_calendar_entry {
	double time; ///< the key's time (s)
	int next;    ///< the next slot in its bucket or the overflow list, or -1
	int kind;    ///< the key's kind
	int a;       ///< the key's a
	int b;       ///< the key's b
	int prev;    ///< the previous slot, or -1
	int bucket;  ///< the bucket's index, IN_OVERFLOW, or ABSENT
	bs_slot_payload payload;
} bs_calendar_entry;

_Static_assert(sizeof(bs_calendar_entry) == 48,
	"keep bs_calendar_entry at 48 bytes (or 16, 32 or 64), or its first 16 bytes may straddle two cache lines");

typedef struct bs_calendar_queue {
	int capacity;       ///< number of slots (balls)
	int size;           ///< slots currently queued
	bs_calendar_entry* entries; ///< entries[slot], 64-byte aligned
	int bucket_count;   ///< buckets in the window
	int* head;          ///< head[bucket]
	int overflow;       ///< head of the overflow list
	int overflow_size;  ///< slots in it
	double origin;      ///< start time of bucket 0 of the window (s)
	double width;       ///< bucket width (s)
	double per_width;   ///< 1 / width (1/s): a time's bucket by multiplication (monotonic, as rounding is)
	int current;        ///< the bucket holding the earliest events
	int cached_top;     ///< the earliest slot, or -1 when it must be found again
	int runner_up;      ///< a slot likely to be next after the earliest (a hint, maybe out of date), or -1
} bs_calendar_queue;

/// Allocates a queue of `capacity` empty slots. Returns false when memory runs out.
bool bs_calendar_queue_create(bs_calendar_queue* queue, int capacity);

/// Frees the queue's memory.
void bs_calendar_queue_destroy(bs_calendar_queue* queue);

/// Empties the queue, leaving it as bs_calendar_queue_create left it, in
/// its own memory.
void bs_calendar_queue_clear(bs_calendar_queue* queue);

/// Sets the slot's key (its time must be finite), inserting it if absent.
void bs_calendar_queue_set(bs_calendar_queue* queue, int slot, bs_event_key key);

/// Takes the slot out of the queue (no-op when absent).
void bs_calendar_queue_remove(bs_calendar_queue* queue, int slot);

/// The slot with the earliest key (by the heap's order), or -1 when empty.
int bs_calendar_queue_top(bs_calendar_queue* queue);

/// A slot likely to hold the next event after the earliest, left by the last
/// search of bs_calendar_queue_top (another slot of the earliest's bucket,
/// or the first of a following one), or -1. Only a hint, for fetching memory
/// early: the slot may have changed or left the queue since.
static inline int bs_calendar_queue_hint(const bs_calendar_queue* queue) {
	return queue->runner_up;
}

/// The key of a slot that is in the queue.
static inline bs_event_key bs_calendar_queue_key(const bs_calendar_queue* queue, int slot) {
	const bs_calendar_entry* entry = &queue->entries[slot];
	return (bs_event_key){entry->time, entry->kind, entry->a, entry->b};
}

/// The payload of a slot, to read or write (kept while the slot is absent too).
static inline bs_slot_payload* bs_calendar_queue_payload(bs_calendar_queue* queue, int slot) {
	return &queue->entries[slot].payload;
}

/// Whether the slot is queued.
bool bs_calendar_queue_contains(const bs_calendar_queue* queue, int slot);

/// Checks that every slot is where its key says and the lists are sound. O(N).
bool bs_calendar_queue_valid(const bs_calendar_queue* queue);

#endif
