// madvise and MADV_HUGEPAGE are outside POSIX: ask for them before any header.
#if defined(__linux__)
#define _DEFAULT_SOURCE
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "cache_lines.h"

#include <stdint.h>
#include <stdlib.h>

#include "alloc.h"

/// Below this, an array spans too few huge pages to be worth one.
#define HUGE_PAGE_WORTHWHILE ((size_t)4 << 20)

static void advise_huge_pages(void* memory, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	long page = sysconf(_SC_PAGESIZE);
	if (bytes < HUGE_PAGE_WORTHWHILE || page <= 0) {
		return;
	}
	// madvise takes whole pages: the ones inside the array. Failure (huge
	// pages disabled, say) leaves the memory as it was.
	uintptr_t start = ((uintptr_t)memory + (uintptr_t)page - 1) / (uintptr_t)page * (uintptr_t)page;
	uintptr_t end = ((uintptr_t)memory + bytes) / (uintptr_t)page * (uintptr_t)page;
	if (end > start) {
		(void)madvise((void*)start, end - start, MADV_HUGEPAGE);
	}
#else
	(void)memory;
	(void)bytes;
#endif
}

void* bs_alloc_lines(size_t count, size_t size) {
	if (size != 0 && count > (SIZE_MAX - 63) / size) {
		return NULL;
	}
	size_t bytes = count * size;
	// aligned_alloc wants a whole number of alignments; at least one.
	bytes = bytes == 0 ? 64 : (bytes + 63) / 64 * 64;
	void* memory = bs_aligned_alloc(64, bytes);
	if (memory) {
		// Before anything touches the pages: a page already touched stays small.
		advise_huge_pages(memory, bytes);
	}
	return memory;
}
