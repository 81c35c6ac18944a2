// breakshot: asking for a cache line before it is read.
#ifndef BREAKSHOT_PREFETCH_H
#define BREAKSHOT_PREFETCH_H

/// Asks for the cache line holding `address`, to be read soon; never faults
/// and changes nothing. A function made of nothing but such requests looks
/// free of side effects to the compiler, which may then drop every call to
/// it (GCC 12 does at -O2 within a file, and across files under LTO): the
/// empty volatile asm is a side effect that keeps the calls. Without GCC's
/// extensions (GCC and clang have them) it asks for nothing.
static inline void bs_prefetch(const void* address) {
#if defined(__GNUC__)
	__builtin_prefetch(address);
	__asm__ volatile("");
#else
	(void)address;
#endif
}

#endif
