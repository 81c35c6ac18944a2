// breakshot: asking for a cache line before it is read.
#ifndef BREAKSHOT_PREFETCH_H
#define BREAKSHOT_PREFETCH_H

/// Asks for the cache line holding `address`, to be read soon; never faults
/// and changes nothing. A function made of nothing but such requests looks
/// free of side effects to the compiler, which may then drop every call to
/// it (GCC does, across files too under LTO): the empty volatile asm is a
/// side effect that keeps the calls.
static inline void bs_prefetch(const void* address) {
	__builtin_prefetch(address);
#if defined(__GNUC__)
	__asm__ volatile("");
#endif
}

/// bs_prefetch for a line about to be written.
static inline void bs_prefetch_for_write(const void* address) {
	__builtin_prefetch(address, 1);
#if defined(__GNUC__)
	__asm__ volatile("");
#endif
}

#endif
