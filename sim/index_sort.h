// breakshot: sorting indices by a key, ties by index, so that every sort of
// the same keys gives the same order (qsort itself is not stable).
#ifndef BREAKSHOT_INDEX_SORT_H
#define BREAKSHOT_INDEX_SORT_H

#include <stddef.h>
#include <stdlib.h>

typedef struct bs_keyed_index {
	double key;
	int index;
} bs_keyed_index;

static inline int bs_keyed_index_compare(const void* x, const void* y) {
	const bs_keyed_index* a = x;
	const bs_keyed_index* b = y;
	if (a->key != b->key) {
		return a->key < b->key ? -1 : 1;
	}
	return a->index - b->index;
}

/// Sorts `entries` by key, then index.
static inline void bs_keyed_index_sort(bs_keyed_index* entries, int count) {
	qsort(entries, (size_t)count, sizeof *entries, bs_keyed_index_compare);
}

#endif
