// Failure injection: memory running out at every allocation in turn.
//
// This program links the test-only copy of the engine and scene code, built
// with BS_FAIL_ALLOC (sim/alloc.h), whose allocations are counted and can be
// made to fail. Each operation below is first run as it is, to count the N
// allocations it makes; then N times more with allocation k failing, for
// every k in 1..N, once with only that one failing and once with it and
// every later one failing. Each time the operation must say that memory ran
// out (NULL, false, its out-of-memory report), crash nowhere and leave no
// block allocated: the hook counts the blocks still allocated (it must come
// back to 0), and in the sanitizer build LeakSanitizer sees any leak too.
//
// jansson's own allocations are left out: jansson 2.14 does not survive
// them (a failed allocation in its lexer is dropped, read as a syntax error,
// or crashes it: akheron/jansson#362), so only scene loading's own
// allocations, after the JSON is parsed, are swept.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <breakshot/frame_step.h>
#include <breakshot/gas.h>
#include <breakshot/scene.h>
#include <breakshot/trajectory.h>
#include <breakshot/world.h>

#include "alloc.h"
#include "check.h"
#include "process_helpers.h"
#include "world_helpers.h"

#ifndef BS_FAIL_ALLOC
#error "test_alloc_failure.c needs the test-only engine built with BS_FAIL_ALLOC (tests/meson.build)"
#endif

// An operation swept: runs once, frees whatever it made, and returns true
// when it succeeded, false when it reported running out of memory. It checks
// the report itself.
typedef bool (*operation)(const void* context);

// Counts the allocations `run` makes, then makes each fail in turn (see the
// top). Returns the count.
static long long sweep(const char* name, operation run, const void* context) {
	bs_alloc_hook_reset();
	bool ok = run(context);
	bs_alloc_counts clean = bs_alloc_hook_counts();
	if (!ok) {
		CHECK_FAIL("%s: fails with no failure injected", name);
	}
	if (clean.outstanding != 0) {
		CHECK_FAIL("%s: %lld blocks left allocated with no failure injected, expected 0", name, clean.outstanding);
	}
	long long n = clean.attempts;
	for (int and_after = 0; and_after < 2; ++and_after) {
		for (long long k = 1; k <= n; ++k) {
			bs_alloc_hook_reset();
			bs_alloc_hook_fail_at(k, and_after);
			ok = run(context);
			bs_alloc_counts counts = bs_alloc_hook_counts();
			const char* which = and_after ? " and every later one" : "";
			if (ok) {
				CHECK_FAIL("%s: succeeds with allocation %lld of %lld%s failing", name, k, n, which);
			}
			if (counts.failed < 1) {
				CHECK_FAIL("%s: allocation %lld of %lld%s was to fail, but only %lld were made", name, k, n, which,
					counts.attempts);
			}
			if (counts.outstanding != 0) {
				CHECK_FAIL("%s: with allocation %lld of %lld%s failing, %lld blocks are left allocated, expected 0",
					name, k, n, which, counts.outstanding);
			}
		}
	}
	bs_alloc_hook_reset();
	printf("  %-40s %4lld allocations, each made to fail\n", name, n);
	return n;
}

// ---------------------------------------------------------------------------
// The defs swept

enum { GAS_BALLS = 600, ORDERED_BALLS = 200, RACK_STATE_EVENTS = 40, POOL_BOX_BALLS = 60 };

typedef struct defs {
	bs_ball_def small_balls[3];
	bs_world_def small;  ///< three balls on the plain table
	bs_scene* rack;       ///< the 9-ball break: a pocketed 9 ft table, a rack and a cue
	bs_ball_def gas_balls[GAS_BALLS];
	bs_world_def gas;    ///< a periodic gas: the grid and the calendar queue
	bs_ball_def ordered_balls[ORDERED_BALLS];
	bs_world_def ordered; ///< a walled gas stored in spatial order
	bs_ball_def saved_balls[BS_RACK_MAX_BALLS];
	bs_world_def saved;   ///< the break saved after a few events: anchors
	bs_scene* pool;       ///< the 9-ball break under pool physics: the balls' spin array
	bs_ball_def pool_box_balls[POOL_BOX_BALLS];
	bs_world_def pool_box; ///< pool balls in a box, struck: the swept grid
} defs;

static char* read_source_file(const char* name) {
	char path[1024];
	source_path(name, path, sizeof path);
	char* text = read_file(path, NULL);
	if (!text) {
		CHECK_FAIL("cannot read %s", path);
	}
	return text;
}

// Made with the hook doing nothing; false (a failed check) when they cannot be.
static bool make_defs(defs* d) {
	d->small_balls[0] = ball_at(0, 0.5, 0.6, 2.0, 0.1);
	d->small_balls[1] = ball_at(1, 1.5, 0.6, 0.0, 0.0);
	d->small_balls[2] = ball_at(2, 1.6, 0.7, -0.3, 0.0);
	d->small = world_def_with(d->small_balls, 3);

	char* text = read_source_file("scenes/9ball_break_ideal.json");
	if (!text) {
		return false;
	}
	char error[512];
	bool loaded = (d->rack = bs_scene_create_text(text, "9ball_break.json", error, sizeof error));
	free(text);
	if (!loaded) {
		CHECK_FAIL("the 9-ball break does not load: %s", error);
		return false;
	}

	if (!make_periodic_gas(GAS_BALLS, 0.3, d->gas_balls, &d->gas)) {
		return false;
	}

	text = read_source_file("scenes/9ball_break.json");
	if (!text) {
		return false;
	}
	loaded = (d->pool = bs_scene_create_text(text, "9ball_break.json", error, sizeof error));
	free(text);
	if (!loaded) {
		CHECK_FAIL("the 9-ball break under pool physics does not load: %s", error);
		return false;
	}

	bs_gas_def gas = bs_default_gas_def();
	gas.count = ORDERED_BALLS;
	gas.fraction = 0.3;
	gas.periodic = false;
	gas.seed = 7;
	if (!bs_gas_make(&gas, &d->ordered, d->ordered_balls)) {
		CHECK_FAIL("no walled gas of %d balls", ORDERED_BALLS);
		return false;
	}
	d->ordered.order = BS_ORDER_SPATIAL;
	d->ordered.neighbour_search = BS_NEIGHBOURS_GRID;

	d->pool_box = bs_default_pool_world_def();
	d->pool_box.table = bs_table_rect(2.0, 1.0);
	for (int i = 0; i < POOL_BOX_BALLS; ++i) {
		d->pool_box_balls[i] = ball_at(i, 0.1 + 0.18 * (i % 10), 0.1 + 0.15 * (i / 10), i % 3 ? 0.0 : 1.5, 0.4);
	}
	d->pool_box.balls = d->pool_box_balls;
	d->pool_box.ball_count = POOL_BOX_BALLS;

	bs_world* world = bs_world_create(&d->rack->def);
	if (!world) {
		CHECK_FAIL("no world of the 9-ball break");
		return false;
	}
	bs_world_advance(world, INFINITY, RACK_STATE_EVENTS);
	d->saved = d->rack->def;
	d->saved.time = bs_world_time(world);
	d->saved.balls = d->saved_balls;
	d->saved.ball_count = bs_world_export_balls(world, d->saved_balls);
	bs_world_destroy(world);
	bs_def_report report;
	if (!bs_world_def_check(&d->saved, &report)) {
		CHECK_FAIL("the saved break fails its check: %s", report.message);
		return false;
	}
	return true;
}

static void free_defs(defs* d) {
	if (d) {
		bs_scene_destroy(d->rack);
		bs_scene_destroy(d->pool);
		free(d);
	}
}

// The defs every test sweeps, made once (melting the gases takes a while).
static defs* the_defs;

static defs* new_defs(void) {
	defs* d = calloc(1, sizeof *d);
	if (d && !make_defs(d)) {
		free_defs(d);
		return NULL;
	}
	return d;
}

// the_defs, or NULL after failing the test.
static const defs* get_defs(void) {
	if (!the_defs) {
		CHECK_FAIL("the defs could not be made");
	}
	return the_defs;
}

// ---------------------------------------------------------------------------
// The operations

static bool create_world(const void* context) {
	bs_world* world = bs_world_create(context);
	bs_world_destroy(world);
	return world != NULL;
}

static bool check_def(const void* context) {
	bs_def_report report;
	if (bs_world_def_check(context, &report)) {
		return true;
	}
	CHECK_EQ_INT(report.problem, BS_DEF_OUT_OF_MEMORY);
	CHECK_CONTAINS(report.message, "out of memory");
	return false;
}

static bool validate_world(const void* context) {
	char problem[256];
	if (bs_world_validate(context, problem, sizeof problem)) {
		return true;
	}
	CHECK_EQ_STR(problem, "out of memory while validating");
	return false;
}

static bool dump_world(const void* context) {
	char* text = bs_scene_dump_world(context);
	bs_free(text);
	return text != NULL;
}

typedef struct scene_text {
	const char* text;
	const char* name;
} scene_text;

static bool load_scene_text(const void* context) {
	const scene_text* scene_text = context;
	bs_scene* scene = NULL;
	char error[512];
	if ((scene = bs_scene_create_text(scene_text->text, scene_text->name, error, sizeof error))) {
		bs_scene_destroy(scene);
		return true;
	}
	CHECK_CONTAINS(error, "out of memory");
	CHECK_STARTS_WITH(error, scene_text->name);
	return false;
}

static bool load_scene_file(const void* context) {
	bs_scene* scene = NULL;
	char error[512];
	if ((scene = bs_scene_create(context, error, sizeof error))) {
		bs_scene_destroy(scene);
		return true;
	}
	CHECK_CONTAINS(error, "out of memory");
	return false;
}

static bool create_table(const void* context) {
	bs_table* table = bs_table_create(context);
	bs_table_destroy(table);
	return table != NULL;
}

static bool make_gas(const void* context) {
	static bs_ball_def balls[200]; // the caller's memory, not the hook's
	bs_world_def def;
	return bs_gas_make(context, &def, balls);
}

typedef struct frames_run {
	const bs_world_def* def;
	double dt;
	int frames;
} frames_run;

// Creates a stepper and steps every frame, on after a step that ran out of
// memory (which it reports with -1).
static bool run_frames(const void* context) {
	const frames_run* run = context;
	bs_frames* frames = bs_frames_create(run->def, run->dt);
	if (!frames) {
		return false;
	}
	bool ok = true;
	for (int f = 0; f < run->frames; ++f) {
		ok = bs_frames_step(frames, run->dt) >= 0 && ok;
	}
	bs_frames_destroy(frames);
	return ok;
}

#ifndef BS_VALIDATE
// Records a run to rest (or 3000 events) in calls of 16 events: a call that
// runs out of memory returns -1 and leaves the world where it was.
static bool record_trajectory(const void* context) {
	bs_world* world = bs_world_create(context);
	bs_trajectory* trajectory = world ? bs_trajectory_create(world) : NULL;
	bool ok = trajectory != NULL;
	bs_event events[16];
	int64_t total = 0;
	while (ok && total < 3000) {
		int64_t before = bs_world_event_count(world);
		int n = bs_trajectory_run(trajectory, world, events, 16);
		if (n < 0) {
			CHECK_EQ_INT(bs_world_event_count(world), before);
			ok = false;
		} else {
			total += n;
			if (n < 16) {
				break;
			}
		}
	}
	if (ok) {
		bs_ball_state states[BS_RACK_MAX_BALLS];
		double end = bs_trajectory_end_time(trajectory);
		bs_trajectory_states(trajectory, &end, 1, states);
	}
	bs_trajectory_destroy(trajectory);
	bs_world_destroy(world);
	return ok;
}
#endif

// ---------------------------------------------------------------------------
// The tests

static void world_creation(void) {
	const defs* d = get_defs();
	if (!d) {
		return;
	}
	// Each def takes the paths it is meant to.
	const struct {
		const char* name;
		const bs_world_def* def;
		bool grid;
		bs_queue_kind queue;
		bs_storage_order order;
	} cases[] = {
		{"create: three balls, plain table", &d->small, false, BS_QUEUE_HEAP, BS_ORDER_AS_GIVEN},
		{"create: 9-ball rack, pocketed 9 ft", &d->rack->def, false, BS_QUEUE_HEAP, BS_ORDER_AS_GIVEN},
		{"create: periodic gas of 600", &d->gas, true, BS_QUEUE_CALENDAR, BS_ORDER_AS_GIVEN},
		{"create: walled gas of 200, spatial order", &d->ordered, true, BS_QUEUE_HEAP, BS_ORDER_SPATIAL},
		{"create: the break saved after 40 events", &d->saved, false, BS_QUEUE_HEAP, BS_ORDER_AS_GIVEN},
		{"create: 9-ball break, pool physics", &d->pool->def, false, BS_QUEUE_HEAP, BS_ORDER_AS_GIVEN},
		{"create: pool balls in a box, the swept grid", &d->pool_box, true, BS_QUEUE_HEAP, BS_ORDER_AS_GIVEN},
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
		bs_world* world = bs_world_create(cases[c].def);
		if (!world) {
			CHECK_FAIL("%s: no world", cases[c].name);
			continue;
		}
		bs_world_counters counters = bs_world_get_counters(world);
		bs_world_destroy(world);
		CHECK_EQ_INT(counters.uses_grid, cases[c].grid);
		CHECK_EQ_INT(counters.queue, cases[c].queue);
		CHECK_EQ_INT(counters.order, cases[c].order);
		sweep(cases[c].name, create_world, cases[c].def);
	}
}

static void def_check(void) {
	const defs* d = get_defs();
	if (!d) {
		return;
	}
	sweep("check: three balls, plain table", check_def, &d->small);
	sweep("check: 9-ball rack, pocketed 9 ft", check_def, &d->rack->def);
	sweep("check: periodic gas of 600", check_def, &d->gas);
	sweep("check: the break saved after 40 events", check_def, &d->saved);
	sweep("check: 9-ball break, pool physics", check_def, &d->pool->def);
}

static void validation_and_dump(void) {
	const defs* d = get_defs();
	if (!d) {
		return;
	}
	bs_world* rack = bs_world_create(&d->rack->def);
	bs_world* gas = bs_world_create(&d->gas);
	if (rack && gas) {
		bs_world_advance(rack, INFINITY, 60);
		bs_world_advance(gas, INFINITY, 2000);
		sweep("validate: the break after 60 events", validate_world, rack);
		sweep("validate: periodic gas of 600", validate_world, gas);
		sweep("dump: the break after 60 events", dump_world, rack);
		sweep("dump: periodic gas of 600", dump_world, gas);
	} else {
		CHECK_FAIL("no worlds");
	}
	bs_world_destroy(rack);
	bs_world_destroy(gas);
}

static void scene_loading(void) {
	char* rack_text = read_source_file("scenes/9ball_break_ideal.json");
	if (!rack_text) {
		return;
	}
	scene_text rack = {rack_text, "9ball_break.json"};
	sweep("load: the 9-ball break (a rack, a cue)", load_scene_text, &rack);
	char path[1024];
	source_path("scenes/thin_gap.json", path, sizeof path);
	sweep("load: thin_gap.json from its file", load_scene_file, path);
	bs_table_def pocketed;
	CHECK(bs_table_preset("9ft", true, &pocketed));
	sweep("table: a pocketed 9 ft table's geometry", create_table, &pocketed);
	free(rack_text);

	// A saved state: balls with anchors, as run --out writes them.
	const defs* d = get_defs();
	if (!d) {
		return;
	}
	char* saved_text = bs_scene_dump_def(&d->saved);
	if (saved_text) {
		scene_text saved = {saved_text, "saved.json"};
		sweep("load: the break saved after 40 events", load_scene_text, &saved);
	} else {
		CHECK_FAIL("no saved scene");
	}
	bs_free(saved_text);
}

static void gas_making(void) {
	bs_gas_def gas = bs_default_gas_def();
	gas.count = 200;
	gas.fraction = 0.3;
	// A melt too short for any collision still makes the world and reads
	// it back, which is what allocates; the collisions would only add the
	// validation build's checks after every event.
	gas.melt_collisions = 0.001;
	sweep("gas: 200 periodic discs, melted", make_gas, &gas);
}

static void frame_stepping(void) {
	const defs* d = get_defs();
	if (!d) {
		return;
	}
	frames_run rack = {&d->rack->def, 0.005, 400};
	sweep("frames: the 9-ball break, 400 frames", run_frames, &rack);
	bs_scene* thin_gap = NULL;
	char path[1024];
	char error[512];
	source_path("scenes/thin_gap.json", path, sizeof path);
	if ((thin_gap = bs_scene_create(path, error, sizeof error))) {
		frames_run missed = {&thin_gap->def, 0.02, 20};
		sweep("frames: the thin gap, missed", run_frames, &missed);
		bs_scene_destroy(thin_gap);
	} else {
		CHECK_FAIL("%s", error);
	}
	frames_run gas = {&d->gas, 0.001, 50};
	sweep("frames: periodic gas of 600, 50 frames", run_frames, &gas);
}

// Stepping a world allocates nothing, so it cannot run out of memory. (The
// validation build's check after every event allocates: not there.)
static void stepping_allocates_nothing(void) {
#ifdef BS_VALIDATE
	printf("  skipped: the validation build validates, allocating, after every event\n");
#else
	const defs* d = get_defs();
	if (!d) {
		return;
	}
	const bs_world_def* cases[] = {&d->rack->def, &d->gas, &d->ordered, &d->saved};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
		bs_world* world = bs_world_create(cases[c]);
		if (!world) {
			CHECK_FAIL("no world %zu", c);
			continue;
		}
		bs_alloc_hook_reset();
		bs_alloc_hook_fail_at(1, true);
		int64_t events = bs_world_advance(world, INFINITY, 3000);
		bs_event next;
		bs_world_peek(world, &next);
		bs_alloc_counts counts = bs_alloc_hook_counts();
		CHECK(events > 0);
		CHECK_EQ_INT(counts.attempts, 0);
		bs_alloc_hook_reset();
		bs_world_destroy(world);
	}
#endif
}

// Resetting a world (bs_world_reset) allocates nothing, so a search that
// reuses one world for many shots cannot run out of memory; a debug
// build's check of the def allocates what bs_world_def_check of the same def
// does, and with every allocation failing the reset still goes through, the
// check left out, and the world runs as a new one.
static void resetting_allocates_nothing(void) {
	const defs* d = get_defs();
	if (!d) {
		return;
	}
	const bs_world_def* cases[] = {
		&d->small, &d->rack->def, &d->gas, &d->ordered, &d->saved, &d->pool->def, &d->pool_box};
	static bs_event expected[500], actual[500];
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
		const bs_world_def* def = cases[c];
		bs_world* world = bs_world_create(def);
		bs_world* fresh = bs_world_create(def);
		if (!world || !fresh) {
			CHECK_FAIL("no world %zu", c);
			bs_world_destroy(world);
			bs_world_destroy(fresh);
			continue;
		}
		bs_def_report report;
		bs_alloc_hook_reset();
		bs_world_def_check(def, &report);
		long long check_attempts = bs_alloc_hook_counts().attempts;
		bs_world_advance(world, INFINITY, 200);
		bs_alloc_hook_reset();
		CHECK(bs_world_reset(world, def->balls, def->ball_count, def->time));
		bs_alloc_counts counts = bs_alloc_hook_counts();
#ifdef NDEBUG
		CHECK_EQ_INT(counts.attempts, 0);
		(void)check_attempts;
#else
		CHECK_EQ_INT(counts.attempts, check_attempts);
#endif
		CHECK_EQ_INT(counts.outstanding, 0);
		bs_world_advance(world, INFINITY, 200);
		bs_alloc_hook_reset();
		bs_alloc_hook_fail_at(1, true);
		CHECK(bs_world_reset(world, def->balls, def->ball_count, def->time));
		counts = bs_alloc_hook_counts();
		bs_alloc_hook_reset();
		CHECK_EQ_INT(counts.outstanding, 0);
		int n = 0;
		while (n < 500 && bs_world_step(fresh)) {
			expected[n++] = bs_world_last_event(fresh);
		}
		int m = 0;
		while (m < 500 && bs_world_step(world)) {
			actual[m++] = bs_world_last_event(world);
		}
		CHECK_EQ_INT(m, n);
		for (int i = 0; i < n && i < m; ++i) {
			CHECK_SAME_EVENT(actual[i], expected[i]);
		}
		bs_world_destroy(world);
		bs_world_destroy(fresh);
	}
}

// A trajectory records a run (trajectory.h): creating it and every growth
// of its records. (The validation build's check after every event
// allocates while stepping: not there.)
static void trajectory_recording(void) {
#ifdef BS_VALIDATE
	printf("  skipped: the validation build validates, allocating, after every event\n");
#else
	const defs* d = get_defs();
	if (!d) {
		return;
	}
	sweep("trajectory: the 9-ball break, ideal physics", record_trajectory, &d->rack->def);
	sweep("trajectory: the 9-ball break, pool physics", record_trajectory, &d->pool->def);
#endif
}

// Steps as `breakshot run --events N` does: a peek before each step, and
// one after the last. Returns the events taken.
static int64_t run_like_the_program(bs_world* world, int64_t events) {
	for (;;) {
		bs_event next;
		bool has_next = bs_world_peek(world, &next);
		if (bs_world_event_count(world) >= events || !has_next) {
			return bs_world_event_count(world);
		}
		bs_world_step(world);
	}
}

// With no failure injected, the test-only engine is the engine: the state
// it reaches, written as a scene, is byte for byte what the breakshot
// program (the normal build) writes for the same run, and so is the gas.
static void same_as_the_program(void) {
	char dir[256];
	if (!make_temp_dir("alloc", dir, sizeof dir)) {
		CHECK_FAIL("no temporary directory");
		return;
	}
	char command[2048];
	char scene_path[1024];
	source_path("scenes/9ball_break_ideal.json", scene_path, sizeof scene_path);
	snprintf(command, sizeof command,
		"'%s' run '%s' --events 150 --out break.json && "
		"'%s' gen gas --n 600 --phi 0.3 --periodic --seed 2 --out gas.json && "
		"'%s' run gas.json --events 3000 --out gas_state.json",
		breakshot_path(), scene_path, breakshot_path(), breakshot_path());
	CHECK_EQ_INT(run_captured(dir, command, NULL, 0, NULL, 0), 0);

	char path[1024];
	path_in(dir, "break.json", path, sizeof path);
	char* program_break = read_file(path, NULL);
	path_in(dir, "gas.json", path, sizeof path);
	char* program_gas = read_file(path, NULL);
	path_in(dir, "gas_state.json", path, sizeof path);
	char* program_gas_state = read_file(path, NULL);

	bs_scene* scene = NULL;
	char error[512];
	if ((scene = bs_scene_create(scene_path, error, sizeof error))) {
		bs_world* world = bs_world_create(&scene->def);
		CHECK_EQ_INT(run_like_the_program(world, 150), 150);
		char* text = bs_scene_dump_world(world);
		CHECK_EQ_STR(text, program_break);
		bs_free(text);
		bs_world_destroy(world);
		bs_scene_destroy(scene);
	} else {
		CHECK_FAIL("%s", error);
	}

	bs_gas_def gas = bs_default_gas_def();
	gas.count = 600;
	gas.fraction = 0.3;
	gas.periodic = true;
	gas.seed = 2;
	bs_ball_def* balls = malloc(600 * sizeof *balls);
	bs_world_def def;
	if (balls && bs_gas_make(&gas, &def, balls)) {
		char* text = bs_scene_dump_def(&def);
		CHECK_EQ_STR(text, program_gas);
		bs_free(text);
		bs_world* world = bs_world_create(&def);
		CHECK_EQ_INT(run_like_the_program(world, 3000), 3000);
		text = bs_scene_dump_world(world);
		CHECK_EQ_STR(text, program_gas_state);
		bs_free(text);
		bs_world_destroy(world);
	} else {
		CHECK_FAIL("no gas");
	}
	free(balls);
	free(program_break);
	free(program_gas);
	free(program_gas_state);
	remove_tree(dir);
}

int main(void) {
	the_defs = new_defs();
	RUN(world_creation);
	RUN(def_check);
	RUN(validation_and_dump);
	RUN(scene_loading);
	RUN(gas_making);
	RUN(frame_stepping);
	RUN(stepping_allocates_nothing);
	RUN(resetting_allocates_nothing);
	RUN(trajectory_recording);
	RUN(same_as_the_program);
	free_defs(the_defs);
	return check_summary();
}
