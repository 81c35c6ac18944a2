// breakshot: the engine's memory. Every allocation that sim/ and setup/ make
// goes through these functions, so that a test can make any one of them fail.
//
// In the library they are inline calls of the C library's functions: no
// state and no cost, the same code as calling malloc directly. Compiled with
// BS_FAIL_ALLOC they are instead alloc_fail.c's counting versions, which fail
// on request (the hook below). Only a second, test-only copy of sim/ and
// setup/ is compiled that way (sim/meson.build, setup/meson.build), linked
// into tests/test_alloc_failure.c alone: the library users get, the program
// and every other test never have the hook or its process-wide counter.
#ifndef BREAKSHOT_ALLOC_H
#define BREAKSHOT_ALLOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#ifdef BS_FAIL_ALLOC

void* bs_malloc(size_t size);
void* bs_calloc(size_t count, size_t size);
void* bs_realloc(void* memory, size_t size);
void* bs_aligned_alloc(size_t alignment, size_t size);
void bs_free(void* memory);

/// What the hook has counted since the last bs_alloc_hook_reset.
typedef struct bs_alloc_counts {
	long long attempts;    ///< calls that allocate: malloc, calloc, aligned_alloc, realloc (each counts)
	long long failed;      ///< of those, the ones made to fail
	long long outstanding; ///< blocks allocated and not yet freed
} bs_alloc_counts;

/// Zeroes the counts and injects no failure.
void bs_alloc_hook_reset(void);

/// From now on the `k`-th attempt (counted from 1 since the last reset)
/// fails, returning NULL; with `and_after`, every later one fails too. 0:
/// none fails.
void bs_alloc_hook_fail_at(long long k, bool and_after);

bs_alloc_counts bs_alloc_hook_counts(void);

#else

static inline void* bs_malloc(size_t size) {
	return malloc(size);
}

static inline void* bs_calloc(size_t count, size_t size) {
	return calloc(count, size);
}

static inline void* bs_realloc(void* memory, size_t size) {
	return realloc(memory, size);
}

static inline void* bs_aligned_alloc(size_t alignment, size_t size) {
	return aligned_alloc(alignment, size);
}

static inline void bs_free(void* memory) {
	free(memory);
}

#endif

#endif
