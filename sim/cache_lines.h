// breakshot: memory for the world's large arrays, on cache lines.
#ifndef BREAKSHOT_CACHE_LINES_H
#define BREAKSHOT_CACHE_LINES_H

#include <stddef.h>

/// Uninitialised memory for `count` elements of `size` bytes each, starting
/// on a 64-byte cache line; NULL when memory runs out or the size overflows.
/// Free it with bs_free() (alloc.h).
///
/// An array of a few megabytes or more is also offered to the kernel for huge
/// pages (Linux's transparent huge pages, where enabled): prediction reads
/// such arrays at random, and with 4 KiB pages almost every read of a world
/// of 10^6 balls would also miss the address translation cache. It is only
/// a hint: where it is not taken, nothing changes but the speed.
void* bs_alloc_lines(size_t count, size_t size);

#endif
