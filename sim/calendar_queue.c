#include "calendar_queue.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "cache_lines.h"
#include "prefetch.h"

#define ABSENT (-1)
#define IN_OVERFLOW (-2)

// The order of event_queue.c: the key, then the slot index.
static bool slot_before(const bs_calendar_queue* queue, int x, int y) {
	bs_event_key kx = bs_calendar_queue_key(queue, x);
	bs_event_key ky = bs_calendar_queue_key(queue, y);
	if (kx.time != ky.time) {
		return kx.time < ky.time;
	}
	if (bs_event_key_before(kx, ky)) {
		return true;
	}
	if (bs_event_key_before(ky, kx)) {
		return false;
	}
	return x < y;
}

bool bs_calendar_queue_create(bs_calendar_queue* queue, int capacity) {
	size_t n = (size_t)(capacity > 0 ? capacity : 1);
	queue->capacity = capacity;
	queue->size = 0;
	// Four buckets per ball: with about two events a bucket, the window spans
	// some eight mean lead times, so it moves on (and sorts the overflow in)
	// rarely. That measured faster than two per ball at 10^5 and 10^6 balls
	// (docs/notes/performance-history.md), for 8 bytes a ball.
	queue->bucket_count = capacity > 8 ? 4 * capacity : 16;
	// Entries on 64-byte lines: touching a slot costs one or two cache lines.
	queue->entries = bs_alloc_lines(n, sizeof *queue->entries);
	queue->head = bs_alloc_lines((size_t)queue->bucket_count, sizeof *queue->head);
	if (!queue->entries || !queue->head) {
		bs_calendar_queue_destroy(queue);
		return false;
	}
	bs_calendar_queue_clear(queue);
	return true;
}

void bs_calendar_queue_clear(bs_calendar_queue* queue) {
	size_t n = (size_t)(queue->capacity > 0 ? queue->capacity : 1);
	queue->size = 0;
	// The payloads too (kept while a slot is absent), and the window: its
	// width is fitted to the first events queued, so a cleared queue fits it
	// afresh as a new one does.
	memset(queue->entries, 0, n * sizeof *queue->entries);
	for (size_t i = 0; i < n; ++i) {
		queue->entries[i].bucket = ABSENT;
	}
	for (int b = 0; b < queue->bucket_count; ++b) {
		queue->head[b] = -1;
	}
	queue->overflow = -1;
	queue->overflow_size = 0;
	queue->origin = NAN; // set by the first insertion
	queue->width = NAN;
	queue->per_width = NAN;
	queue->current = 0;
	queue->cached_top = -1;
	queue->runner_up = -1;
}

void bs_calendar_queue_destroy(bs_calendar_queue* queue) {
	bs_free(queue->entries);
	bs_free(queue->head);
	queue->entries = NULL;
	queue->head = NULL;
	queue->size = 0;
}

static int* list_head(bs_calendar_queue* queue, int bucket) {
	return bucket == IN_OVERFLOW ? &queue->overflow : &queue->head[bucket];
}

static void unlink_slot(bs_calendar_queue* queue, int slot) {
	bs_calendar_entry* entry = &queue->entries[slot];
	if (entry->prev >= 0) {
		queue->entries[entry->prev].next = entry->next;
	} else {
		*list_head(queue, entry->bucket) = entry->next;
	}
	if (entry->next >= 0) {
		queue->entries[entry->next].prev = entry->prev;
	}
	if (entry->bucket == IN_OVERFLOW) {
		queue->overflow_size -= 1;
	}
	entry->bucket = ABSENT;
}

static void link_slot(bs_calendar_queue* queue, int slot, int bucket) {
	int* head = list_head(queue, bucket);
	queue->entries[slot].prev = -1;
	queue->entries[slot].next = *head;
	if (*head >= 0) {
		queue->entries[*head].prev = slot;
	}
	*head = slot;
	queue->entries[slot].bucket = bucket;
	if (bucket == IN_OVERFLOW) {
		queue->overflow_size += 1;
	}
}

// The bucket for a time: never before the current one (a key a rounding
// earlier than the window still belongs at its front), overflow past the window.
static int bucket_for(const bs_calendar_queue* queue, double time) {
	double offset = (time - queue->origin) * queue->per_width;
	if (!(offset < (double)queue->bucket_count)) {
		return IN_OVERFLOW;
	}
	int bucket = offset > 0.0 ? (int)offset : 0;
	return bucket < queue->current ? queue->current : bucket;
}

static void file_slot(bs_calendar_queue* queue, int slot) {
	link_slot(queue, slot, bucket_for(queue, queue->entries[slot].time));
}

// Starts a window at `origin`, with a width fitted to the queued keys: the
// span of the earliest few times per bucket wanted.
static void start_window(bs_calendar_queue* queue, double origin) {
	// The events ahead arrive at about size / (mean lead time) per second;
	// aim at two per bucket.
	double lead = 0.0;
	int counted = 0;
	for (int slot = queue->overflow; slot >= 0 && counted < 4096; slot = queue->entries[slot].next, ++counted) {
		lead += queue->entries[slot].time - origin;
	}
	double mean_lead = counted > 0 ? lead / counted : 0.0;
	if (mean_lead > 0.0 && queue->size > 0) {
		queue->width = 2.0 * mean_lead / queue->size;
	} else if (!(queue->width > 0.0)) {
		queue->width = 1.0;
	}
	queue->per_width = 1.0 / queue->width;
	if (!(queue->per_width < INFINITY)) {
		// A subnormal width: no bucketing can tell such times apart anyway.
		queue->width = 1.0;
		queue->per_width = 1.0;
	}
	queue->origin = origin;
	queue->current = 0;
	// Sort the overflow into the new window.
	int slot = queue->overflow;
	queue->overflow = -1;
	queue->overflow_size = 0;
	while (slot >= 0) {
		int next = queue->entries[slot].next;
		queue->entries[slot].bucket = ABSENT;
		file_slot(queue, slot);
		slot = next;
	}
}

void bs_calendar_queue_set(bs_calendar_queue* queue, int slot, bs_event_key key) {
	if (queue->entries[slot].bucket != ABSENT) {
		unlink_slot(queue, slot);
		queue->size -= 1;
	}
	bs_calendar_entry* entry = &queue->entries[slot];
	entry->time = key.time;
	entry->kind = key.kind;
	entry->a = key.a;
	entry->b = key.b;
	queue->size += 1;
	if (!(queue->width > 0.0)) {
		// First insertion: everything waits in the overflow until a top().
		link_slot(queue, slot, IN_OVERFLOW);
	} else {
		file_slot(queue, slot);
	}
	if (queue->cached_top >= 0 && queue->cached_top != slot && slot_before(queue, slot, queue->cached_top)) {
		queue->cached_top = slot;
	} else if (queue->cached_top == slot) {
		queue->cached_top = -1; // it moved later: look again
	}
}

void bs_calendar_queue_remove(bs_calendar_queue* queue, int slot) {
	if (queue->entries[slot].bucket == ABSENT) {
		return;
	}
	unlink_slot(queue, slot);
	queue->size -= 1;
	if (queue->cached_top == slot) {
		queue->cached_top = -1;
	}
}

int bs_calendar_queue_top(bs_calendar_queue* queue) {
	if (queue->cached_top >= 0) {
		return queue->cached_top;
	}
	if (queue->size == 0) {
		return -1;
	}
	if (!(queue->width > 0.0)) {
		// The first top: open a window at the earliest queued time.
		double earliest = INFINITY;
		for (int slot = queue->overflow; slot >= 0; slot = queue->entries[slot].next) {
			earliest = queue->entries[slot].time < earliest ? queue->entries[slot].time : earliest;
		}
		start_window(queue, earliest);
	}
	for (;;) {
		while (queue->current < queue->bucket_count && queue->head[queue->current] < 0) {
			queue->current += 1;
		}
		if (queue->current < queue->bucket_count) {
			break;
		}
		// The window is used up: move it on to the earliest overflow time.
		double earliest = INFINITY;
		for (int slot = queue->overflow; slot >= 0; slot = queue->entries[slot].next) {
			earliest = queue->entries[slot].time < earliest ? queue->entries[slot].time : earliest;
		}
		start_window(queue, earliest);
	}
	int best = queue->head[queue->current];
	for (int slot = queue->entries[best].next; slot >= 0; slot = queue->entries[slot].next) {
		if (slot_before(queue, slot, best)) {
			best = slot;
		}
	}
	// A hint of the next earliest, without further comparisons: another
	// slot of this bucket, or the first of one of the next.
	int first = queue->head[queue->current];
	int runner_up = first != best ? first : queue->entries[best].next;
	for (int ahead = 1; runner_up < 0 && ahead <= 4 && queue->current + ahead < queue->bucket_count; ++ahead) {
		runner_up = queue->head[queue->current + ahead];
	}
	queue->runner_up = runner_up;
	// The next buckets' first entries will be searched soon: ask for them
	// now, so that a search is not one memory wait after another.
	for (int ahead = 1; ahead <= 2 && queue->current + ahead < queue->bucket_count; ++ahead) {
		int upcoming = queue->head[queue->current + ahead];
		if (upcoming >= 0) {
			bs_prefetch(&queue->entries[upcoming]);
		}
	}
	queue->cached_top = best;
	return best;
}

bool bs_calendar_queue_contains(const bs_calendar_queue* queue, int slot) {
	return queue->entries[slot].bucket != ABSENT;
}

bool bs_calendar_queue_valid(const bs_calendar_queue* queue) {
	int counted = 0;
	for (int slot = 0; slot < queue->capacity; ++slot) {
		int bucket = queue->entries[slot].bucket;
		if (bucket == ABSENT) {
			continue;
		}
		counted += 1;
		if (bucket != IN_OVERFLOW && (bucket < queue->current || bucket >= queue->bucket_count)) {
			return false;
		}
		int next = queue->entries[slot].next;
		if (next >= 0 && queue->entries[next].prev != slot) {
			return false;
		}
	}
	return counted == queue->size;
}
