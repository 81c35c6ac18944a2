// breakshot fuzzing: what every harness that builds a world checks. A
// violation prints what was compared and aborts, which libFuzzer (or the
// corpus replay) reports as a crash with its input.
//
// A world the def check accepted must:
// - be created (a NULL world means memory ran out, which fuzzing never does);
// - keep the invariants of `run --validate` after every event (no overlap,
//   every ball on the table or pocketed, time never back, energy never up);
// - save (through the caller's route: scene JSON or exported defs) into a
//   def the check accepts again, whose world continues the old one bit for
//   bit: the same balls in the same states, then the same events.
#ifndef BREAKSHOT_FUZZ_WORLD_H
#define BREAKSHOT_FUZZ_WORLD_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <breakshot/world.h>

#include "fuzz_require.h"
#include "run_invariants.h"
#include "world_helpers.h"

/// Events stepped before saving, and again after reloading: enough for
/// cascades, pockets and periodic wraps, few enough for thousands of inputs
/// a second.
enum { FUZZ_EVENTS_BEFORE_SAVE = 300, FUZZ_EVENTS_AFTER_SAVE = 150 };

/// Larger worlds are skipped (after loading, before creating): stepping
/// them costs more than it finds.
enum { FUZZ_MAX_BALLS = 200 };

/// Steps up to `max_events`, checking the invariants after each.
static inline void fuzz_step_validated(bs_world* world, int max_events) {
	bs_run_invariants invariants = bs_run_invariants_of(world);
	char problem[256];
	for (int k = 0; k < max_events && bs_world_step(world); ++k) {
		bs_event event = bs_world_last_event(world);
		char text[160];
		FUZZ_REQUIRE(bs_run_invariants_hold(world, &invariants, problem, sizeof problem),
			"after event %" PRId64 " (%s): %s", bs_world_event_count(world), event_text(event, text, sizeof text),
			problem);
	}
}

/// Every ball of `reloaded` is in `original` with the same state, bit for
/// bit, at the reloaded world's start; `original` has no other ball on the
/// table.
static inline void fuzz_require_same_balls(const bs_world* original, const bs_world* reloaded) {
	double now = bs_world_time(reloaded);
	FUZZ_REQUIRE(bs_world_time(original) == now, "times %.17g and %.17g s", bs_world_time(original), now);
	int n = bs_world_ball_count(reloaded);
	FUZZ_REQUIRE(n == bs_world_totals(original).balls_on_table, "%d balls reloaded of %d on the table", n,
		bs_world_totals(original).balls_on_table);
	for (int i = 0; i < n; ++i) {
		bs_ball_state b = bs_world_ball_state(reloaded, i, now);
		int index = bs_world_find_ball(original, b.id);
		FUZZ_REQUIRE(index >= 0, "ball %d was not in the saved world", b.id);
		bs_ball_state a = bs_world_ball_state(original, index, now);
		FUZZ_REQUIRE(a.pos.x == b.pos.x && a.pos.y == b.pos.y && a.vel.x == b.vel.x && a.vel.y == b.vel.y &&
						 a.radius == b.radius && a.mass == b.mass && a.kind == b.kind && !a.pocketed && !b.pocketed,
			"ball %d: saved at (%.17g, %.17g) moving (%.17g, %.17g), a %s, reloaded at (%.17g, %.17g) moving (%.17g, "
			"%.17g), a %s",
			b.id, a.pos.x, a.pos.y, a.vel.x, a.vel.y, bs_ball_kind_name(a.kind), b.pos.x, b.pos.y, b.vel.x, b.vel.y,
			bs_ball_kind_name(b.kind));
	}
}

/// Steps both worlds together: the same events, bit for bit, and both
/// valid.
static inline void fuzz_require_same_continuation(bs_world* original, bs_world* reloaded, int max_events) {
	bs_run_invariants invariants[2] = {bs_run_invariants_of(original), bs_run_invariants_of(reloaded)};
	bs_world* worlds[2] = {original, reloaded};
	char problem[256];
	for (int k = 0; k < max_events; ++k) {
		bool stepped[2] = {bs_world_step(original), bs_world_step(reloaded)};
		FUZZ_REQUIRE(stepped[0] == stepped[1], "event %d after the save: the saved world %s, the reloaded one %s", k + 1,
			stepped[0] ? "went on" : "stopped", stepped[1] ? "went on" : "stopped");
		if (!stepped[0]) {
			break;
		}
		bs_event a = bs_world_last_event(original);
		bs_event b = bs_world_last_event(reloaded);
		char text_a[160], text_b[160];
		FUZZ_REQUIRE(same_event(a, b), "event %d after the save: %s, reloaded %s", k + 1,
			event_text(a, text_a, sizeof text_a), event_text(b, text_b, sizeof text_b));
		for (int w = 0; w < 2; ++w) {
			FUZZ_REQUIRE(bs_run_invariants_hold(worlds[w], &invariants[w], problem, sizeof problem),
				"event %d after the save, %s world: %s", k + 1, w == 0 ? "saved" : "reloaded", problem);
		}
	}
}

#endif
