#include "event_queue.h"

#include <stdlib.h>

// Full order between two entries: the key, then the slot index, so that two
// slots holding the same pair event (one per ball) still order the same way.
static inline bool entry_before(const bs_queue_entry* x, const bs_queue_entry* y) {
	if (x->key.time != y->key.time) {
		return x->key.time < y->key.time; // the common case: no tie
	}
	if (bs_event_key_before(x->key, y->key)) {
		return true;
	}
	if (bs_event_key_before(y->key, x->key)) {
		return false;
	}
	return x->slot < y->slot;
}

static inline void place(bs_event_queue* queue, int at, bs_queue_entry entry) {
	queue->heap[at] = entry;
	queue->position[entry.slot] = at;
}

static void sift_up(bs_event_queue* queue, int at) {
	bs_queue_entry entry = queue->heap[at];
	while (at > 0) {
		int parent = (at - 1) / 2;
		if (!entry_before(&entry, &queue->heap[parent])) {
			break;
		}
		place(queue, at, queue->heap[parent]);
		at = parent;
	}
	place(queue, at, entry);
}

static void sift_down(bs_event_queue* queue, int at) {
	bs_queue_entry entry = queue->heap[at];
	for (;;) {
		int child = 2 * at + 1;
		if (child >= queue->size) {
			break;
		}
		if (child + 1 < queue->size && entry_before(&queue->heap[child + 1], &queue->heap[child])) {
			child += 1;
		}
		if (!entry_before(&queue->heap[child], &entry)) {
			break;
		}
		place(queue, at, queue->heap[child]);
		at = child;
	}
	place(queue, at, entry);
}

bool bs_event_queue_init(bs_event_queue* queue, int capacity) {
	queue->capacity = capacity;
	queue->size = 0;
	size_t n = capacity > 0 ? (size_t)capacity : 1;
	queue->heap = malloc(n * sizeof *queue->heap);
	queue->position = malloc(n * sizeof *queue->position);
	if (!queue->heap || !queue->position) {
		bs_event_queue_free(queue);
		return false;
	}
	for (int i = 0; i < capacity; ++i) {
		queue->position[i] = -1;
	}
	return true;
}

void bs_event_queue_free(bs_event_queue* queue) {
	free(queue->heap);
	free(queue->position);
	queue->heap = NULL;
	queue->position = NULL;
	queue->size = 0;
	queue->capacity = 0;
}

// Puts `entry` at `at` and restores the heap order around it. Most updates
// move a key later (the ball's next event after this one): sift down, and up
// only when it moved earlier.
static void replace_at(bs_event_queue* queue, int at, bs_queue_entry entry) {
	bool earlier = entry_before(&entry, &queue->heap[at]);
	place(queue, at, entry);
	if (earlier) {
		sift_up(queue, at);
	} else {
		sift_down(queue, at);
	}
}

void bs_event_queue_set(bs_event_queue* queue, int slot, bs_event_key key) {
	bs_queue_entry entry = {key, slot};
	int at = queue->position[slot];
	if (at < 0) {
		at = queue->size++;
		place(queue, at, entry);
		sift_up(queue, at);
		return;
	}
	replace_at(queue, at, entry);
}

void bs_event_queue_remove(bs_event_queue* queue, int slot) {
	int at = queue->position[slot];
	if (at < 0) {
		return;
	}
	queue->position[slot] = -1;
	bs_queue_entry last = queue->heap[--queue->size];
	if (last.slot == slot) {
		return;
	}
	replace_at(queue, at, last);
}

bool bs_event_queue_valid(const bs_event_queue* queue) {
	for (int at = 0; at < queue->size; ++at) {
		int slot = queue->heap[at].slot;
		if (slot < 0 || slot >= queue->capacity || queue->position[slot] != at) {
			return false;
		}
		if (at > 0 && entry_before(&queue->heap[at], &queue->heap[(at - 1) / 2])) {
			return false;
		}
	}
	return true;
}
