// breakshot: what `run --validate` checks after every event, beyond the
// world's own walk (bs_world_validate): time never goes back and the energy,
// on the table and carried into the pockets, never rises. The fuzz harnesses
// check the same.
#ifndef BREAKSHOT_RUN_INVARIANTS_H
#define BREAKSHOT_RUN_INVARIANTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <breakshot/world.h>

/// What is compared from one event to the next.
typedef struct bs_run_invariants {
	double time;   ///< s
	double energy; ///< on the table and carried into the pockets (J)
	int64_t events; ///< events taken
} bs_run_invariants;

/// The world's invariants now.
bs_run_invariants bs_run_invariants_of(const bs_world* world);

/// Checks the world after an event against `before`, the invariants after the
/// previous check, and moves `before` on. Energy may rise only by the rounding
/// of the collisions' arithmetic: a relative 1e-12 for each event since. On a
/// violation writes one sentence into `problem` and returns false.
bool bs_run_invariants_hold(const bs_world* world, bs_run_invariants* before, char* problem, size_t problem_size);

#endif
