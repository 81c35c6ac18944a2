// Unit tests: a recorded run (trajectory.h) gives, at any time of the run,
// exactly what the world itself gave at that time: at every event, between
// events, going back as well as forward, for pocketed balls, under both
// physics, on a periodic gas whose balls cross grid cells and wrap, and on
// a world continued from a saved state.
#include <stdlib.h>

#include "check.h"
#include "process_helpers.h"
#include "world_helpers.h"
#include <breakshot/scene.h>
#include <breakshot/shot.h>
#include <breakshot/trajectory.h>

enum { MAX_EVENTS = 1500, MAX_BALLS = 48, GAS_BALLS = 48, SAVED_AFTER = 30 };

/// Fields of two ball states, bit for bit.
#define CHECK_SAME_STATE(actual, expected)                                                                             \
	do {                                                                                                               \
		bs_ball_state a_ = (actual), e_ = (expected);                                                                  \
		CHECK_EQ_INT(a_.id, e_.id);                                                                                    \
		CHECK_SAME_BITS(a_.pos.x, e_.pos.x);                                                                           \
		CHECK_SAME_BITS(a_.pos.y, e_.pos.y);                                                                           \
		CHECK_SAME_BITS(a_.vel.x, e_.vel.x);                                                                           \
		CHECK_SAME_BITS(a_.vel.y, e_.vel.y);                                                                           \
		CHECK_SAME_BITS(a_.omega.x, e_.omega.x);                                                                       \
		CHECK_SAME_BITS(a_.omega.y, e_.omega.y);                                                                       \
		CHECK_SAME_BITS(a_.omega.z, e_.omega.z);                                                                       \
		CHECK_EQ_INT(a_.motion, e_.motion);                                                                            \
		CHECK_EQ_INT(a_.kind, e_.kind);                                                                                \
		CHECK_SAME_BITS(a_.radius, e_.radius);                                                                         \
		CHECK_SAME_BITS(a_.mass, e_.mass);                                                                             \
		CHECK_EQ_INT(a_.pocketed, e_.pocketed);                                                                        \
		CHECK_EQ_INT(a_.pocket, e_.pocket);                                                                            \
		CHECK_SAME_BITS(a_.pocket_time, e_.pocket_time);                                                               \
	} while (0)

static bs_world* world_from_text(const char* text) {
	char error[512];
	bs_scene* scene = bs_scene_create_text(text, "trajectory.json", error, sizeof error);
	if (!scene) {
		CHECK_FAIL("scene refused: %s", error);
		return NULL;
	}
	bs_world* world = bs_scene_create_world(scene);
	bs_scene_destroy(scene);
	return world;
}

static bs_world* world_from_file(const char* name) {
	char path[1024];
	source_path(name, path, sizeof path);
	char* text = read_file(path, NULL);
	if (!text) {
		CHECK_FAIL("cannot read %s", path);
		return NULL;
	}
	bs_world* world = world_from_text(text);
	free(text);
	return world;
}

/// What a world said as it ran, one event at a time: the events, and every
/// ball's state just after each (at its time) and halfway to the next.
typedef struct witness {
	int ball_count;
	int count;
	double start;
	bs_event events[MAX_EVENTS];
	bs_ball_state start_states[MAX_BALLS];
	bs_ball_state after[MAX_EVENTS][MAX_BALLS];
	double midway_time[MAX_EVENTS]; ///< halfway to the next event, or NAN after the last
	bs_ball_state midway[MAX_EVENTS][MAX_BALLS];
} witness;

static void read_states(const bs_world* world, double time, bs_ball_state* dest) {
	for (int i = 0; i < bs_world_ball_count(world); ++i) {
		dest[i] = bs_world_ball_state(world, i, time);
	}
}

// Steps `world` to rest (or MAX_EVENTS), writing what it says into `dest`.
static void witness_run(bs_world* world, witness* dest) {
	dest->ball_count = bs_world_ball_count(world);
	dest->start = bs_world_time(world);
	read_states(world, dest->start, dest->start_states);
	dest->count = 0;
	while (dest->count < MAX_EVENTS && bs_world_step(world)) {
		int k = dest->count++;
		dest->events[k] = bs_world_last_event(world);
		read_states(world, dest->events[k].time, dest->after[k]);
		bs_event next;
		dest->midway_time[k] = NAN;
		if (bs_world_peek(world, &next) && next.time > dest->events[k].time) {
			double t = dest->events[k].time + 0.5 * (next.time - dest->events[k].time);
			dest->midway_time[k] = t;
			read_states(world, t, dest->midway[k]);
		}
	}
}

// Records `world` through a trajectory, `capacity` events a call.
static bs_trajectory* record(bs_world* world, int capacity, bs_event* events, int* count) {
	bs_trajectory* trajectory = bs_trajectory_create(world);
	if (!trajectory) {
		CHECK_FAIL("no trajectory");
		return NULL;
	}
	*count = 0;
	for (;;) {
		int room = MAX_EVENTS - *count < capacity ? MAX_EVENTS - *count : capacity;
		if (room <= 0) {
			break;
		}
		int n = bs_trajectory_run(trajectory, world, events + *count, room);
		CHECK(n >= 0);
		*count += n > 0 ? n : 0;
		if (n < room) {
			break;
		}
	}
	return trajectory;
}

// The trajectory of one world against the world's own answers from a twin.
static void check_against_the_world(const char* name, bs_world* world, bs_world* twin) {
	static witness seen;
	static bs_event events[MAX_EVENTS];
	static bs_ball_state states[MAX_BALLS];
	if (!world || !twin) {
		CHECK_FAIL("%s: no world", name);
		return;
	}
	witness_run(twin, &seen);
	int count = 0;
	bs_trajectory* trajectory = record(world, 37, events, &count);
	bs_world_destroy(world); // the trajectory keeps no pointer to it
	if (!trajectory) {
		bs_world_destroy(twin);
		return;
	}
	int n = seen.ball_count;
	CHECK(n <= MAX_BALLS);
	CHECK(seen.count > 10);
	CHECK_EQ_INT(count, seen.count);
	CHECK_EQ_INT(bs_trajectory_event_count(trajectory), seen.count);
	CHECK_EQ_INT(bs_trajectory_ball_count(trajectory), n);
	CHECK_SAME_BITS(bs_trajectory_start_time(trajectory), seen.start);
	CHECK_SAME_BITS(bs_trajectory_end_time(trajectory), bs_world_time(twin));
	for (int k = 0; k < count && k < seen.count; ++k) {
		CHECK_SAME_EVENT(events[k], seen.events[k]);
	}

	bs_trajectory_states(trajectory, &seen.start, 1, states);
	bool start_tied = seen.count > 0 && seen.events[0].time == seen.start;
	for (int i = 0; i < n && !start_tied; ++i) {
		CHECK_SAME_STATE(states[i], seen.start_states[i]);
	}
	// Backwards, one time a call: at each event's time (the last of a tie)
	// and halfway to the next.
	int pocketed = 0;
	for (int k = seen.count - 1; k >= 0; --k) {
		if (k + 1 < seen.count && seen.events[k + 1].time == seen.events[k].time) {
			continue;
		}
		bs_trajectory_states(trajectory, &seen.events[k].time, 1, states);
		for (int i = 0; i < n; ++i) {
			CHECK_SAME_STATE(states[i], seen.after[k][i]);
		}
		if (!isnan(seen.midway_time[k]) && seen.midway_time[k] <= bs_trajectory_end_time(trajectory)) {
			bs_trajectory_states(trajectory, &seen.midway_time[k], 1, states);
			for (int i = 0; i < n; ++i) {
				CHECK_SAME_STATE(states[i], seen.midway[k][i]);
			}
		}
		pocketed += seen.events[k].kind == BS_EVENT_POCKET;
	}
	printf("  %-44s %5d events, %2d pocketed, %2d balls\n", name, seen.count, pocketed, n);
	bs_trajectory_destroy(trajectory);
	bs_world_destroy(twin);
}

static void the_pool_break(void) {
	check_against_the_world("9-ball break, pool physics", world_from_file("scenes/9ball_break.json"),
		world_from_file("scenes/9ball_break.json"));
}

static void the_ideal_break_pockets_balls(void) {
	check_against_the_world("9-ball break, ideal physics, with pockets", world_from_file("scenes/9ball_break_ideal.json"),
		world_from_file("scenes/9ball_break_ideal.json"));
}

// Pool physics with a shot that pockets the object ball and draws the cue
// ball back into another: spin, states of motion and a pocket together.
static void a_pool_shot_that_pockets(void) {
	const char* text = "{\"table\": {\"preset\": \"9ft\"}, \"physics\": \"pool\", \"balls\": ["
					   "{\"id\": 0, \"pos\": [1.744, 0.628], \"kind\": \"snooker_white\"},"
					   "{\"id\": 1, \"pos\": [2.2, 1.0], \"kind\": \"snooker_pink\"},"
					   "{\"id\": 2, \"pos\": [0.5, 0.3], \"kind\": \"snooker_red\"}, {\"id\": 3, \"pos\": [1.0, 1.0]}],"
					   "\"cue\": {\"stick_speed\": 7.0, \"aim\": [2.2, 1.0], \"tip\": [0.2, -0.4], \"squirt\": false}}";
	bs_world* world = world_from_text(text);
	bs_world* twin = world_from_text(text);
	check_against_the_world("a pool shot into a pocket", world, twin);
	// The object ball drops: a pocket event on the way.
	bs_world* again = world_from_text(text);
	bool dropped = false;
	while (again && bs_world_step(again)) {
		dropped = dropped || bs_world_last_event(again).kind == BS_EVENT_POCKET;
	}
	CHECK(dropped);
	bs_world_destroy(again);
}

// A periodic gas under ideal physics, which never rests (cut at
// MAX_EVENTS): cell crossings between events and positions that wrap, the
// balls stored in spatial order (each with its kind), from a start time
// that is not 0.
static void a_periodic_gas(void) {
	static bs_ball_def balls[GAS_BALLS];
	bs_world_def def;
	if (!make_periodic_gas(GAS_BALLS, 0.2, balls, &def)) {
		CHECK_FAIL("no gas");
		return;
	}
	def.neighbour_search = BS_NEIGHBOURS_GRID;
	def.order = BS_ORDER_SPATIAL;
	def.time = 1.25;
	for (int i = 0; i < GAS_BALLS; ++i) {
		balls[i].kind = (bs_ball_kind)(i % BS_BALL_KIND_COUNT);
	}
	bs_world* world = bs_world_create(&def);
	CHECK(world && bs_world_get_counters(world).uses_grid && bs_world_get_counters(world).order == BS_ORDER_SPATIAL);
	check_against_the_world("a periodic gas, grid, spatial order", world, bs_world_create(&def));
}

// A world continued from a saved state: its balls' motions are anchored
// before its start.
static void a_saved_state(void) {
	char path[1024];
	source_path("scenes/9ball_break.json", path, sizeof path);
	char error[512];
	bs_scene* scene = bs_scene_create(path, error, sizeof error);
	if (!scene) {
		CHECK_FAIL("%s", error);
		return;
	}
	bs_world* first = bs_scene_create_world(scene);
	if (first) {
		bs_world_advance(first, INFINITY, SAVED_AFTER);
		bs_ball_def balls[MAX_BALLS];
		bs_world_def saved = saved_def(&scene->def, first, balls);
		check_against_the_world("the pool break, continued after 30 events", bs_world_create(&saved),
			bs_world_create(&saved));
	}
	bs_world_destroy(first);
	bs_scene_destroy(scene);
}

// Many times in one call are the times one at a time, bit for bit; each
// centre is continuous across each event; a pocketed ball is reported
// pocketed from its pocket event on, and not before.
static void sampling_continuity_and_pockets(void) {
	enum { SAMPLES = 400 };
	static bs_event events[MAX_EVENTS];
	static bs_ball_state sampled[SAMPLES * MAX_BALLS];
	static bs_ball_state one[MAX_BALLS];
	static bs_ball_state before[MAX_BALLS];
	static bs_ball_state after[MAX_BALLS];
	bs_world* world = world_from_file("scenes/9ball_break_ideal.json");
	if (!world) {
		return;
	}
	int count = 0;
	bs_trajectory* trajectory = record(world, 256, events, &count);
	bs_world_destroy(world);
	if (!trajectory) {
		return;
	}
	int n = bs_trajectory_ball_count(trajectory);
	double start = bs_trajectory_start_time(trajectory);
	double end = bs_trajectory_end_time(trajectory);
	static double times[SAMPLES];
	double step = (end - start) / (SAMPLES - 1);
	for (int k = 0; k < SAMPLES; ++k) {
		times[k] = k == SAMPLES - 1 ? end : start + k * step;
	}
	bs_trajectory_states(trajectory, times, SAMPLES, sampled);
	for (int k = SAMPLES - 1; k >= 0; --k) {
		bs_trajectory_states(trajectory, &times[k], 1, one);
		for (int i = 0; i < n; ++i) {
			CHECK_SAME_STATE(sampled[k * n + i], one[i]);
		}
	}

	int pockets = 0;
	for (int k = 0; k < count; ++k) {
		double t = events[k].time;
		double just_before = nextafter(t, -INFINITY);
		if (just_before < start) {
			continue;
		}
		bs_trajectory_states(trajectory, &just_before, 1, before);
		bs_trajectory_states(trajectory, &t, 1, after);
		for (int i = 0; i < n; ++i) {
			double speed = bs_v2_len(before[i].vel);
			double moved = bs_v2_len(bs_v2_sub(after[i].pos, before[i].pos));
			if (!(moved <= speed * (t - just_before) + 1e-12)) {
				CHECK_FAIL("event %d at t = %.17g: ball %d jumps %.3g m (speed %.3g m/s)", k, t, before[i].id, moved,
					speed);
			}
		}
		if (events[k].kind == BS_EVENT_POCKET) {
			pockets += 1;
			int i = 0;
			while (i < n && after[i].id != events[k].a) {
				++i;
			}
			CHECK(i < n);
			if (i < n) {
				CHECK(!before[i].pocketed);
				CHECK(before[i].motion != BS_MOTION_POCKETED);
				CHECK(after[i].pocketed);
				CHECK_EQ_INT(after[i].motion, BS_MOTION_POCKETED);
				CHECK_EQ_INT(after[i].pocket, events[k].b);
				CHECK_SAME_BITS(after[i].pocket_time, t);
				bs_trajectory_states(trajectory, &end, 1, one);
				CHECK(one[i].pocketed);
				CHECK_SAME_BITS(one[i].pos.x, after[i].pos.x);
				CHECK_SAME_BITS(one[i].pos.y, after[i].pos.y);
			}
		}
	}
	CHECK(pockets >= 5);
	bs_trajectory_destroy(trajectory);
}

// A trajectory made before any event ends where it starts; a run with no
// event left records nothing and returns 0.
static void an_empty_run(void) {
	bs_ball_def balls[2] = {ball_at(0, 0.5, 0.5, 0.0, 0.0), ball_at(1, 1.0, 0.5, 0.0, 0.0)};
	bs_world* world = world_with(balls, 2);
	bs_trajectory* trajectory = world ? bs_trajectory_create(world) : NULL;
	if (!trajectory) {
		CHECK_FAIL("no world or trajectory");
		bs_world_destroy(world);
		return;
	}
	CHECK_SAME_BITS(bs_trajectory_end_time(trajectory), 0.0);
	bs_event event;
	CHECK_EQ_INT(bs_trajectory_run(trajectory, world, &event, 1), 0);
	CHECK_EQ_INT(bs_trajectory_event_count(trajectory), 0);
	double t = 0.0;
	bs_ball_state states[2];
	bs_trajectory_states(trajectory, &t, 1, states);
	CHECK_SAME_BITS(states[1].pos.x, 1.0);
	CHECK_EQ_INT(states[0].motion, BS_MOTION_STATIONARY);
	bs_trajectory_destroy(trajectory);
	bs_world_destroy(world);
	bs_trajectory_destroy(NULL);
}

int main(void) {
	RUN(the_pool_break);
	RUN(the_ideal_break_pockets_balls);
	RUN(a_pool_shot_that_pockets);
	RUN(a_periodic_gas);
	RUN(a_saved_state);
	RUN(sampling_continuity_and_pockets);
	RUN(an_empty_run);
	return check_summary();
}
