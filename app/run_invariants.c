// breakshot: the invariants `run --validate` checks after every event.
#include "run_invariants.h"

#include <stdio.h>

bs_run_invariants bs_run_invariants_of(const bs_world* world) {
	bs_totals totals = bs_world_totals(world);
	return (bs_run_invariants){bs_world_time(world), totals.kinetic_energy + totals.pocketed_energy,
		bs_world_event_count(world)};
}

bool bs_run_invariants_hold(const bs_world* world, bs_run_invariants* before, char* problem, size_t problem_size) {
	bs_run_invariants now = bs_run_invariants_of(world);
	bool ok = bs_world_validate(world, problem, problem_size);
	if (ok && now.time < before->time) {
		snprintf(problem, problem_size, "time went back from %.17g s to %.17g s", before->time, now.time);
		ok = false;
	}
	int64_t events = now.events - before->events;
	double allowance = 1e-12 * (double)(events > 1 ? events : 1);
	if (ok && now.energy > before->energy * (1.0 + allowance) + 1e-300) {
		snprintf(problem, problem_size, "the energy rose from %.17g J to %.17g J", before->energy, now.energy);
		ok = false;
	}
	*before = now;
	return ok;
}
