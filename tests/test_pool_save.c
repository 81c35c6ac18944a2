// Every pool state saves and reloads: random pool scenes are saved after
// every event and at random times between events, and each saved state must
// pass the def check, and continue event for event, bit for bit, to the same
// end. The scenes cover every restitution of balls and cushions from 0 to 1,
// every cushion model, spins up to massé slips, resting contacts with
// cushions, jaws and balls, frozen racks and the shipped breaks.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <breakshot/rack.h>
#include <breakshot/scene.h>
#include <breakshot/world.h>

#include "check.h"
#include "process_helpers.h"
#include "rng.h"
#include "world_helpers.h"

enum { MOST_BALLS = 16, MOST_EVENTS = 400 };

typedef struct saved_run {
	bs_event events[MOST_EVENTS];
	int count;
	bs_totals end;
} saved_run;

static int saves_checked;
static int scenes_checked;

// The events of `def` run to rest (or MOST_EVENTS), and its end totals.
static void run_whole(const bs_world_def* def, saved_run* run) {
	bs_world* world = bs_world_create(def);
	run->count = 0;
	while (run->count < MOST_EVENTS && bs_world_step(world)) {
		run->events[run->count++] = bs_world_last_event(world);
	}
	run->end = bs_world_totals(world);
	bs_world_destroy(world);
}

// Whether the state `world` holds after `done` of run's events is accepted,
// and continues with events [done, count) and the same end. Prints what
// differs.
static bool continues_the_run(const bs_world_def* def, const bs_world* world, const saved_run* run, int done,
	const char* what, const char* when) {
	bs_ball_def saved[MOST_BALLS];
	bs_world_def again = saved_def(def, world, saved);
	bs_def_report report;
	if (!bs_world_def_check(&again, &report)) {
		CHECK_FAIL("%s: the state %s (t = %.17g s) is refused: %s", what, when, again.time, report.message);
		return false;
	}
	++saves_checked;
	bs_world* resumed = bs_world_create(&again);
	bool same = true;
	for (int j = done; j < run->count; ++j) {
		if (!bs_world_step(resumed) || !same_event(bs_world_last_event(resumed), run->events[j])) {
			char expected[160];
			char actual[160];
			CHECK_FAIL("%s: resumed %s, event %d differs: expected %s, got %s", what, when, j,
				event_text(run->events[j], expected, sizeof expected),
				event_text(bs_world_last_event(resumed), actual, sizeof actual));
			same = false;
			break;
		}
	}
	if (same && run->count < MOST_EVENTS) {
		CHECK(!bs_world_step(resumed));
		bs_totals end = bs_world_totals(resumed);
		// The energy carried into pockets before the save is not part of a
		// state: the rest is.
		end.pocketed_energy = run->end.pocketed_energy;
		if (!same_totals(end, run->end)) {
			CHECK_FAIL("%s: resumed %s, the end differs: energy %.17g against %.17g", what, when, end.kinetic_energy,
				run->end.kinetic_energy);
			same = false;
		}
	}
	bs_world_destroy(resumed);
	return same;
}

// Saves `def`'s run after every event and at a random time between each
// event and the next, checking that every state reloads and continues.
// Stops at the first state that does not. Returns the events of the run.
static int every_state_reloads(const bs_world_def* def, bs_rng* rng, const char* what) {
	bs_def_report report;
	if (!bs_world_def_check(def, &report)) {
		CHECK_FAIL("%s: the scene is refused: %s", what, report.message);
		return 0;
	}
	static saved_run run;
	run_whole(def, &run);
	++scenes_checked;
	bs_world* world = bs_world_create(def);
	for (int done = 0; done <= run.count && done < MOST_EVENTS; ++done) {
		char when[64];
		snprintf(when, sizeof when, "after %d events", done);
		if (!continues_the_run(def, world, &run, done, what, when)) {
			break;
		}
		if (done == run.count) {
			break;
		}
		// A time strictly between this event and the next, from a copy
		// loaded from the state just checked.
		double now = bs_world_time(world);
		double next = run.events[done].time;
		double between = now + bs_rng_uniform(rng) * (next - now);
		if (between > now && between < next) {
			bs_ball_def saved[MOST_BALLS];
			bs_world_def again = saved_def(def, world, saved);
			bs_world* copy = bs_world_create(&again);
			bs_world_advance(copy, between, 0);
			snprintf(when, sizeof when, "between events %d and %d", done - 1, done);
			bool same = continues_the_run(def, copy, &run, done, what, when);
			bs_world_destroy(copy);
			if (!same) {
				break;
			}
		}
		CHECK(bs_world_step(world));
	}
	bs_world_destroy(world);
	return run.count;
}

// A restitution in [0, 1], the ends themselves often.
static double random_restitution(bs_rng* rng) {
	switch (bs_rng_next(rng) % 5) {
	case 0:
		return 0.0;
	case 1:
		return 1.0;
	default:
		return bs_rng_uniform(rng);
	}
}

// A spin for a ball moving at `vel`: none, natural roll, stun, draw,
// follow, side, or a massé's large spin about a tilted axis.
static bs_vec3 random_spin(bs_rng* rng, bs_vec2 vel, double radius) {
	double speed = bs_v2_len(vel);
	bs_vec2 along = speed > 0.0 ? bs_v2_scale(1.0 / speed, vel) : bs_v2(1.0, 0.0);
	// Rolling without slip along `along`: omega = z x v / R.
	bs_vec3 roll = bs_v3(-along.y * speed / radius, along.x * speed / radius, 0.0);
	double scale = (speed + 0.5) / radius;
	switch (bs_rng_next(rng) % 7) {
	case 0:
		return bs_v3(0.0, 0.0, 0.0);
	case 1:
		return roll;
	case 2: // draw or follow
		return bs_v3_scale(bs_rng_range(rng, -2.0, 3.0), roll);
	case 3: // side
		return bs_v3(roll.x, roll.y, bs_rng_range(rng, -1.5, 1.5) * scale);
	case 4: // massé: strong spin about an axis in the table's plane, across the motion
		return bs_v3(along.x * bs_rng_range(rng, -3.0, 3.0) * scale, along.y * bs_rng_range(rng, -3.0, 3.0) * scale,
			bs_rng_range(rng, -1.0, 1.0) * scale);
	default:
		return bs_v3(bs_rng_range(rng, -2.0, 2.0) * scale, bs_rng_range(rng, -2.0, 2.0) * scale,
			bs_rng_range(rng, -2.0, 2.0) * scale);
	}
}

static bs_vec2 random_direction(bs_rng* rng) {
	double angle = bs_rng_range(rng, 0.0, 2.0 * 3.14159265358979323846);
	return bs_v2(cos(angle), sin(angle));
}

// A random table: a pool preset with pockets (mostly the 7 ft table, where
// the failures were seen), or a plain box.
static bs_table_def random_table(bs_rng* rng) {
	static const char* const presets[] = {"7ft", "7ft", "8ft", "9ft"};
	bs_table_def table;
	if (bs_rng_next(rng) % 5 == 0) {
		table = bs_table_rect(bs_rng_range(rng, 0.6, 2.6), bs_rng_range(rng, 0.4, 1.3));
	} else {
		CHECK(bs_table_preset(presets[bs_rng_next(rng) % 4], true, &table));
	}
	return table;
}

// One ball placed where it overlaps none of balls[0, count). Where the
// scene asks, it is put against a cushion, a jaw or another ball (touching
// exactly or within a nanometre), so that resting contacts are common.
static bool place_ball(bs_rng* rng, const bs_table_def* table, bs_ball_def* balls, int count, bs_ball_def* ball) {
	bs_table geometry = geometry_of(table);
	for (int attempt = 0; attempt < 200; ++attempt) {
		double r = ball->radius;
		double gap = bs_rng_next(rng) % 2 ? 0.0 : 1e-9;
		switch (bs_rng_next(rng) % 4) {
		case 0: // against the rail at y = 0 or x = 0, clear of the pockets
			if (bs_rng_next(rng) % 2) {
				ball->pos = bs_v2(bs_rng_range(rng, 0.25, table->width - 0.25), r + gap);
			} else {
				ball->pos = bs_v2(r + gap, bs_rng_range(rng, 0.25, table->height - 0.25));
			}
			break;
		case 1: // against another ball
			if (count > 0) {
				const bs_ball_def* other = &balls[bs_rng_next(rng) % (uint64_t)count];
				ball->pos = bs_v2_add(other->pos, bs_v2_scale(other->radius + r + gap, random_direction(rng)));
				break;
			}
			/* fall through */
		case 2: // against a jaw's point
			if (bs_table_jaw_count(&geometry) > 0) {
				bs_vec2 jaw = bs_table_jaw(&geometry, (int)(bs_rng_next(rng) % (uint64_t)bs_table_jaw_count(&geometry)));
				ball->pos = bs_v2_add(jaw, bs_v2_scale(r + gap, random_direction(rng)));
				break;
			}
			/* fall through */
		default:
			ball->pos = bs_v2(bs_rng_range(rng, r, table->width - r), bs_rng_range(rng, r, table->height - r));
			break;
		}
		bs_world_def probe = bs_default_pool_world_def();
		probe.table = *table;
		balls[count] = *ball;
		probe.balls = balls;
		probe.ball_count = count + 1;
		bs_def_report report;
		if (bs_world_def_check(&probe, &report)) {
			return true;
		}
	}
	return false;
}

// A random pool scene: 1 to 10 balls, some at rest and some moving with
// spin, slow ones crawling into contacts and fast ones, on a random table
// with random restitutions and cushion model.
static int random_scene(bs_rng* rng, bs_world_def* def, bs_ball_def* balls) {
	*def = bs_default_pool_world_def();
	def->table = random_table(rng);
	def->ball_restitution = random_restitution(rng);
	def->cushion_restitution = random_restitution(rng);
	static const bs_cushion_model models[] = {BS_CUSHION_MODEL_HAN_2005, BS_CUSHION_MODEL_HAN_2005,
		BS_CUSHION_MODEL_IDEAL, BS_CUSHION_MODEL_MATHAVAN_2010, BS_CUSHION_MODEL_STRONGE_COMPLIANT};
	def->pool.cushion_model = models[bs_rng_next(rng) % 5];
	int wanted = 1 + (int)(bs_rng_next(rng) % 10);
	int count = 0;
	for (int i = 0; i < wanted; ++i) {
		bs_ball_def ball = bs_default_ball_def();
		ball.id = i;
		if (!place_ball(rng, &def->table, balls, count, &ball)) {
			continue;
		}
		int kind = (int)(bs_rng_next(rng) % 4);
		if (kind > 0 || i == 0) {
			double speed = kind == 1 ? bs_rng_range(rng, 1e-4, 0.05) : bs_rng_range(rng, 0.05, 6.0);
			ball.vel = bs_v2_scale(speed, random_direction(rng));
			ball.omega = random_spin(rng, ball.vel, ball.radius);
		}
		balls[count++] = ball;
	}
	def->balls = balls;
	def->ball_count = count;
	return count;
}

static void random_scenes_save_and_reload(void) {
	bs_rng rng = bs_rng_make(29);
	int trials = check_scaled(300, 60);
	int made = 0;
	int events = 0;
	for (int trial = 0; trial < trials; ++trial) {
		bs_world_def def;
		bs_ball_def balls[MOST_BALLS];
		random_scene(&rng, &def, balls);
		bs_def_report report;
		if (!bs_world_def_check(&def, &report)) {
			continue; // a spin beyond the limits, say: refused, as it should be
		}
		char what[64];
		snprintf(what, sizeof what, "random pool scene %d", trial);
		events += every_state_reloads(&def, &rng, what);
		++made;
	}
	printf("  %d random scenes, %d events\n", made, events);
	CHECK(made >= trials * 9 / 10);
}

// Racks frozen together (no gap, no jitter) and struck, on every preset,
// with every restitution.
static void frozen_racks_save_and_reload(void) {
	bs_rng rng = bs_rng_make(30);
	static const char* const presets[] = {"7ft", "8ft", "9ft"};
	static const bs_game_kind games[] = {BS_GAME_9_BALL, BS_GAME_8_BALL, BS_GAME_10_BALL};
	int trials = check_scaled(24, 6);
	for (int trial = 0; trial < trials; ++trial) {
		bs_world_def def = bs_default_pool_world_def();
		CHECK(bs_table_preset(presets[trial % 3], true, &def.table));
		bs_rack_def rack = bs_default_rack_def();
		rack.game = games[(trial / 3) % 3];
		rack.gap = 0.0;
		rack.jitter = 0.0;
		rack.seed = (uint64_t)trial;
		bs_ball_def balls[BS_RACK_MAX_BALLS];
		def.ball_count = bs_rack_make(&rack, &def.table, balls);
		def.balls = balls;
		def.ball_restitution = trial % 4 == 0 ? 1.0 : random_restitution(&rng);
		def.cushion_restitution = random_restitution(&rng);
		for (int i = 0; i < def.ball_count; ++i) {
			if (balls[i].id == 0) {
				balls[i].vel = bs_v2(bs_rng_range(&rng, 2.0, 9.0), bs_rng_range(&rng, -0.05, 0.05));
				balls[i].omega = random_spin(&rng, balls[i].vel, balls[i].radius);
			}
		}
		char what[64];
		snprintf(what, sizeof what, "frozen rack %d", trial);
		every_state_reloads(&def, &rng, what);
	}
}

static void shipped_breaks_save_and_reload(void) {
	static const char* const scenes[] = {"scenes/9ball_break.json", "scenes/8ball_break.json", "scenes/10ball_break.json"};
	bs_rng rng = bs_rng_make(31);
	for (int i = 0; i < 3; ++i) {
		char path[512];
		char error[512];
		source_path(scenes[i], path, sizeof path);
		bs_scene* scene = bs_scene_create(path, error, sizeof error);
		if (!scene) {
			CHECK_FAIL("%s", error);
			continue;
		}
		every_state_reloads(&scene->def, &rng, scenes[i]);
		bs_scene_destroy(scene);
	}
}

// States saved while a ball rolled on along a cushion it had rested
// against, which the check once refused: their paths, from the anchor at
// the contact, meet that cushion's line again by rounding alone.
static void rolling_along_a_rested_cushion_loads(void) {
	for (int i = 0; i < 4; ++i) {
		char relative[128];
		snprintf(relative, sizeof relative, "tests/fuzz/regressions/state/rolls_along_a_cushion_it_rested_against_%d.json", i);
		char path[512];
		char error[512];
		source_path(relative, path, sizeof path);
		bs_scene* scene = bs_scene_create(path, error, sizeof error);
		if (!scene) {
			CHECK_FAIL("%s", error);
			continue;
		}
		bs_world* world = bs_world_create(&scene->def);
		int events = 0;
		while (events < MOST_EVENTS && bs_world_step(world)) {
			++events;
		}
		CHECK(events > 0 && events < MOST_EVENTS);
		CHECK_EQ_DBL(bs_world_totals(world).kinetic_energy, 0.0);
		bs_world_destroy(world);
		bs_scene_destroy(scene);
	}
}

int main(void) {
	RUN(rolling_along_a_rested_cushion_loads);
	RUN(shipped_breaks_save_and_reload);
	RUN(frozen_racks_save_and_reload);
	RUN(random_scenes_save_and_reload);
	printf("  %d scenes, %d saved states reloaded\n", scenes_checked, saves_checked);
	return check_summary();
}
