// breakshot: the counting allocator behind alloc.h's hook, compiled only
// into the test-only copy of the engine (BS_FAIL_ALLOC; see alloc.h). It
// forwards to the C library's functions, counting every attempt, failing
// the ones asked for, and keeping the number of blocks not yet freed.
#ifndef BS_FAIL_ALLOC
#error "alloc_fail.c is for the test-only copy of the engine, compiled with BS_FAIL_ALLOC"
#endif

#include "alloc.h"

#include <stdlib.h>

static bs_alloc_counts counts;
static long long fail_at;
static bool fail_after;

void bs_alloc_hook_reset(void) {
	counts = (bs_alloc_counts){0, 0, 0};
	fail_at = 0;
	fail_after = false;
}

void bs_alloc_hook_fail_at(long long k, bool and_after) {
	fail_at = k;
	fail_after = and_after;
}

bs_alloc_counts bs_alloc_hook_counts(void) {
	return counts;
}

// Counts an attempt; true when it is to fail.
static bool attempt_fails(void) {
	counts.attempts += 1;
	bool fails = fail_at > 0 && (counts.attempts == fail_at || (fail_after && counts.attempts > fail_at));
	counts.failed += fails;
	return fails;
}

static void* counted(void* memory) {
	counts.outstanding += memory != NULL;
	return memory;
}

void* bs_malloc(size_t size) {
	return attempt_fails() ? NULL : counted(malloc(size));
}

void* bs_calloc(size_t count, size_t size) {
	return attempt_fails() ? NULL : counted(calloc(count, size));
}

void* bs_aligned_alloc(size_t alignment, size_t size) {
	return attempt_fails() ? NULL : counted(aligned_alloc(alignment, size));
}

void* bs_realloc(void* memory, size_t size) {
	if (attempt_fails()) {
		return NULL; // the block stays as it was
	}
	void* grown = realloc(memory, size);
	// A new block when there was none; otherwise the same count.
	counts.outstanding += memory == NULL && grown != NULL;
	return grown;
}

void bs_free(void* memory) {
	counts.outstanding -= memory != NULL;
	free(memory);
}
