#include "event_queue.h"

#include <stdlib.h>

bool bs_event_key_before(bs_event_key x, bs_event_key y) {
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

// Full order between two slots: the key, then the slot index, so that two
// slots holding the same pair event (one per ball) still order the same way.
static bool slot_before(const bs_event_queue* queue, int x, int y) {
	bs_event_key kx = queue->keys[x];
	bs_event_key ky = queue->keys[y];
	if (bs_event_key_before(kx, ky)) {
		return true;
	}
	if (bs_event_key_before(ky, kx)) {
		return false;
	}
	return x < y;
}

static void place(bs_event_queue* queue, int at, int slot) {
	queue->heap[at] = slot;
	queue->position[slot] = at;
}

static void sift_up(bs_event_queue* queue, int at) {
	int slot = queue->heap[at];
	while (at > 0) {
		int parent = (at - 1) / 2;
		if (!slot_before(queue, slot, queue->heap[parent])) {
			break;
		}
		place(queue, at, queue->heap[parent]);
		at = parent;
	}
	place(queue, at, slot);
}

static void sift_down(bs_event_queue* queue, int at) {
	int slot = queue->heap[at];
	for (;;) {
		int child = 2 * at + 1;
		if (child >= queue->size) {
			break;
		}
		if (child + 1 < queue->size && slot_before(queue, queue->heap[child + 1], queue->heap[child])) {
			child += 1;
		}
		if (!slot_before(queue, queue->heap[child], slot)) {
			break;
		}
		place(queue, at, queue->heap[child]);
		at = child;
	}
	place(queue, at, slot);
}

bool bs_event_queue_init(bs_event_queue* queue, int capacity) {
	queue->capacity = capacity;
	queue->size = 0;
	size_t n = capacity > 0 ? (size_t)capacity : 1;
	queue->keys = malloc(n * sizeof *queue->keys);
	queue->heap = malloc(n * sizeof *queue->heap);
	queue->position = malloc(n * sizeof *queue->position);
	if (!queue->keys || !queue->heap || !queue->position) {
		bs_event_queue_free(queue);
		return false;
	}
	for (int i = 0; i < capacity; ++i) {
		queue->position[i] = -1;
	}
	return true;
}

void bs_event_queue_free(bs_event_queue* queue) {
	free(queue->keys);
	free(queue->heap);
	free(queue->position);
	queue->keys = NULL;
	queue->heap = NULL;
	queue->position = NULL;
	queue->size = 0;
	queue->capacity = 0;
}

void bs_event_queue_set(bs_event_queue* queue, int slot, bs_event_key key) {
	queue->keys[slot] = key;
	int at = queue->position[slot];
	if (at < 0) {
		at = queue->size++;
		place(queue, at, slot);
		sift_up(queue, at);
		return;
	}
	sift_up(queue, at);
	sift_down(queue, queue->position[slot]);
}

void bs_event_queue_remove(bs_event_queue* queue, int slot) {
	int at = queue->position[slot];
	if (at < 0) {
		return;
	}
	queue->position[slot] = -1;
	int last = queue->heap[--queue->size];
	if (last == slot) {
		return;
	}
	place(queue, at, last);
	sift_up(queue, at);
	sift_down(queue, queue->position[last]);
}

int bs_event_queue_top(const bs_event_queue* queue) {
	return queue->size > 0 ? queue->heap[0] : -1;
}

bool bs_event_queue_valid(const bs_event_queue* queue) {
	for (int at = 0; at < queue->size; ++at) {
		int slot = queue->heap[at];
		if (slot < 0 || slot >= queue->capacity || queue->position[slot] != at) {
			return false;
		}
		if (at > 0 && slot_before(queue, slot, queue->heap[(at - 1) / 2])) {
			return false;
		}
	}
	return true;
}
