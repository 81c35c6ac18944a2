#include "event_heap.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "cache_lines.h"

// Full order between two entries: the key, then the slot index, so that two
// slots holding the same pair event (one per ball) still order the same way.
static inline bool entry_before(const bs_heap_entry* x, const bs_heap_entry* y) {
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

static inline void place(bs_event_heap* queue, int at, bs_heap_entry entry) {
	queue->heap[at] = entry;
	queue->slots[entry.slot].position = at;
}

static void sift_up(bs_event_heap* queue, int at) {
	bs_heap_entry entry = queue->heap[at];
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

static void sift_down(bs_event_heap* queue, int at) {
	bs_heap_entry entry = queue->heap[at];
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

bool bs_event_heap_create(bs_event_heap* queue, int capacity) {
	queue->capacity = capacity;
	queue->size = 0;
	size_t n = capacity > 0 ? (size_t)capacity : 1;
	queue->heap = bs_alloc_lines(n, sizeof *queue->heap);
	queue->slots = bs_alloc_lines(n, sizeof *queue->slots);
	if (!queue->heap || !queue->slots) {
		bs_event_heap_destroy(queue);
		return false;
	}
	bs_event_heap_clear(queue);
	return true;
}

void bs_event_heap_clear(bs_event_heap* queue) {
	size_t n = queue->capacity > 0 ? (size_t)queue->capacity : 1;
	queue->size = 0;
	// The payloads too: a slot's payload is kept while it is absent, and a
	// cleared queue must read as a new one does.
	memset(queue->slots, 0, n * sizeof *queue->slots);
	for (int i = 0; i < queue->capacity; ++i) {
		queue->slots[i].position = -1;
	}
}

void bs_event_heap_destroy(bs_event_heap* queue) {
	bs_free(queue->heap);
	bs_free(queue->slots);
	queue->heap = NULL;
	queue->slots = NULL;
	queue->size = 0;
	queue->capacity = 0;
}

// Restores the heap order around `at` after its entry changed: most updates
// move a key later (the ball's next event after this one), so sift down, and
// up only when it moved earlier. set and remove write the key in place rather
// than pass a 32-byte entry by value to a helper: that copy went through the
// stack, and reading it back whole stalled on the narrower stores.
static void settle(bs_event_heap* queue, int at, bool earlier) {
	if (earlier) {
		sift_up(queue, at);
	} else {
		sift_down(queue, at);
	}
}

void bs_event_heap_set(bs_event_heap* queue, int slot, bs_event_key key) {
	int at = queue->slots[slot].position;
	if (at < 0) {
		at = queue->size++;
		queue->heap[at].key = key;
		queue->heap[at].slot = slot;
		queue->slots[slot].position = at;
		sift_up(queue, at);
		return;
	}
	bs_heap_entry* entry = &queue->heap[at];
	bs_heap_entry moved = {key, slot};
	bool earlier = entry_before(&moved, entry);
	entry->key = key;
	settle(queue, at, earlier);
}

void bs_event_heap_remove(bs_event_heap* queue, int slot) {
	int at = queue->slots[slot].position;
	if (at < 0) {
		return;
	}
	queue->slots[slot].position = -1;
	int last = --queue->size;
	if (at == last) {
		return;
	}
	// The last entry fills the hole, then moves to its place.
	bs_heap_entry* hole = &queue->heap[at];
	const bs_heap_entry* tail = &queue->heap[last];
	bool earlier = entry_before(tail, hole);
	hole->key = tail->key;
	hole->slot = tail->slot;
	queue->slots[hole->slot].position = at;
	settle(queue, at, earlier);
}

bool bs_event_heap_valid(const bs_event_heap* queue) {
	for (int at = 0; at < queue->size; ++at) {
		int slot = queue->heap[at].slot;
		if (slot < 0 || slot >= queue->capacity || queue->slots[slot].position != at) {
			return false;
		}
		if (at > 0 && entry_before(&queue->heap[at], &queue->heap[(at - 1) / 2])) {
			return false;
		}
	}
	return true;
}
