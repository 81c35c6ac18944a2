// breakshot: a small seeded random generator (SplitMix64), for racks, jitter
// and generated scenes. Plain state, no globals: the same seed gives the same
// numbers on every machine.
#ifndef BREAKSHOT_RNG_H
#define BREAKSHOT_RNG_H

#include <math.h>
#include <stdint.h>

#include <breakshot/vec2.h>

typedef struct bs_rng {
	uint64_t state;
} bs_rng;

/// A generator seeded with `seed`.
static inline bs_rng bs_rng_make(uint64_t seed) {
	bs_rng rng = {seed};
	return rng;
}

/// The next 64 random bits.
static inline uint64_t bs_rng_next(bs_rng* rng) {
	uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/// Uniform in [0, 1), with 53 random bits.
static inline double bs_rng_uniform(bs_rng* rng) {
	return (double)(bs_rng_next(rng) >> 11) * 0x1.0p-53;
}

/// Uniform in [lo, hi).
static inline double bs_rng_range(bs_rng* rng, double lo, double hi) {
	return lo + (hi - lo) * bs_rng_uniform(rng);
}

/// Standard normal (Box-Muller; one of the pair is dropped for simplicity).
static inline double bs_rng_normal(bs_rng* rng) {
	double u = 1.0 - bs_rng_uniform(rng); // (0, 1]: log(u) is finite
	double v = bs_rng_uniform(rng);
	return sqrt(-2.0 * log(u)) * cos(2.0 * BS_PI * v);
}

#endif
