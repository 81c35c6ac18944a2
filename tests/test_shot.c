// Unit tests: a shot in one call (shot.h) gives the events of stepping one
// at a time, a strike on a running world strikes as a scene's cue does and
// refuses what a scene refuses, and scenes held through a pointer
// (bs_scene_create) make worlds again and again.
#include <stdlib.h>

#include "check.h"
#include "world_helpers.h"
#include <breakshot/scene.h>
#include <breakshot/shot.h>

#define BREAK_TEXT                                                                                                     \
	"{\"table\": {\"preset\": \"9ft\"}, \"physics\": \"pool\", \"rack\": {\"game\": \"9-ball\", \"seed\": 1}"
#define BREAK_CUE "\"cue\": {\"stick_speed\": 6.5, \"angle_deg\": 0.0, \"tip\": [0.0, -0.1]}"

enum { MAX_EVENTS = 4096 };

// Steps a world to rest one event at a time into `dest`; returns how many.
static int step_all(bs_world* world, bs_event* dest) {
	int count = 0;
	while (count < MAX_EVENTS && bs_world_step(world)) {
		dest[count++] = bs_world_last_event(world);
	}
	return count;
}

static bs_world* world_from_text(const char* text) {
	char error[512];
	bs_scene* scene = bs_scene_create_text(text, "shot.json", error, sizeof error);
	if (!scene) {
		CHECK_FAIL("scene refused: %s", error);
		return NULL;
	}
	bs_world* world = bs_scene_create_world(scene);
	bs_scene_destroy(scene);
	return world;
}

static void run_gives_the_events_of_stepping(void) {
	bs_world* stepped = world_from_text(BREAK_TEXT ", " BREAK_CUE "}");
	bs_world* run = world_from_text(BREAK_TEXT ", " BREAK_CUE "}");
	if (!stepped || !run) {
		return;
	}
	static bs_event expected[MAX_EVENTS];
	static bs_event actual[MAX_EVENTS];
	int count = step_all(stepped, expected);
	CHECK(count > 50);
	// A small capacity, so that the run takes many calls and one that ends
	// exactly full.
	int total = 0;
	for (;;) {
		int n = bs_shot_run(run, actual + total, 41);
		CHECK(n >= 0 && n <= 41);
		total += n;
		if (n < 41) {
			break;
		}
	}
	CHECK_EQ_INT(total, count);
	for (int i = 0; i < count && i < total; ++i) {
		CHECK_SAME_EVENT(actual[i], expected[i]);
	}
	CHECK_SAME_TOTALS(bs_world_totals(run), bs_world_totals(stepped));
	CHECK_EQ_INT(bs_shot_run(run, actual, 41), 0);
	bs_world_destroy(stepped);
	bs_world_destroy(run);
}

// A strike on a world at its start is the scene's own cue, event for event.
static void strike_at_the_start_is_the_scene_cue(void) {
	static const char* const cues[] = {
		BREAK_CUE,
		"\"cue\": {\"stick_speed\": 3.0, \"angle_deg\": 10.0, \"tip\": [0.3, 0.2], \"elevation_deg\": 20}",
		"\"cue\": {\"stick_speed\": 5.0, \"aim\": [1.9, 0.7], \"tip\": [-0.2, 0.0], \"squirt\": false}",
		"\"cue\": {\"speed\": 2.0, \"angle_deg\": -5.0}",
	};
	bs_cue_def defs[4];
	for (int k = 0; k < 4; ++k) {
		defs[k] = bs_default_cue_def();
	}
	defs[0].stick = true, defs[0].speed = 6.5, defs[0].tip = bs_v2(0.0, -0.1);
	defs[1].stick = true, defs[1].speed = 3.0, defs[1].angle_deg = 10.0, defs[1].tip = bs_v2(0.3, 0.2);
	defs[1].elevation_deg = 20.0;
	defs[2].stick = true, defs[2].speed = 5.0, defs[2].has_aim = true, defs[2].aim = bs_v2(1.9, 0.7);
	defs[2].tip = bs_v2(-0.2, 0.0), defs[2].squirt = false;
	defs[3].speed = 2.0, defs[3].angle_deg = -5.0;
	static bs_event expected[MAX_EVENTS];
	static bs_event actual[MAX_EVENTS];
	for (int k = 0; k < 4; ++k) {
		char text[512];
		snprintf(text, sizeof text, "%s, %s}", BREAK_TEXT, cues[k]);
		bs_world* scene_struck = world_from_text(text);
		bs_world* at_rest = world_from_text(BREAK_TEXT "}");
		if (!scene_struck || !at_rest) {
			return;
		}
		char error[512] = "";
		bs_world* struck = bs_shot_strike(at_rest, &defs[k], error, sizeof error);
		if (!struck) {
			CHECK_FAIL("cue %d refused: %s", k, error);
			return;
		}
		int count = step_all(scene_struck, expected);
		int total = bs_shot_run(struck, actual, MAX_EVENTS);
		CHECK_EQ_INT(total, count);
		for (int i = 0; i < count && i < total; ++i) {
			CHECK_SAME_EVENT(actual[i], expected[i]);
		}
		CHECK_EQ_INT(bs_world_event_count(at_rest), 0); // the world struck is left as it was
		bs_world_destroy(scene_struck);
		bs_world_destroy(at_rest);
		bs_world_destroy(struck);
	}
}

// After the break, with the balls at rest where the break left them, a
// second shot runs to rest, valid after every event, and moves the cue ball.
static void strike_after_a_break(void) {
	bs_world* world = world_from_text(BREAK_TEXT ", " BREAK_CUE "}");
	if (!world) {
		return;
	}
	static bs_event events[MAX_EVENTS];
	step_all(world, events);
	int cue = bs_world_find_ball(world, 0);
	bs_ball_state before = bs_world_ball_state(world, cue, bs_world_time(world));
	bs_cue_def shot = bs_default_cue_def();
	shot.stick = true;
	shot.speed = 3.0;
	shot.angle_deg = 135.0;
	shot.tip = bs_v2(0.1, 0.3);
	char error[512] = "";
	bs_world* struck = bs_shot_strike(world, &shot, error, sizeof error);
	if (!struck) {
		CHECK_FAIL("refused: %s", error);
		bs_world_destroy(world);
		return;
	}
	CHECK_EQ_DBL(bs_world_time(struck), bs_world_time(world));
	int steps = 0;
	while (bs_world_step(struck)) {
		CHECK_VALID(struck);
		++steps;
	}
	CHECK(steps > 0);
	int index = bs_world_find_ball(struck, 0);
	bs_ball_state after = bs_world_ball_state(struck, index, bs_world_time(struck));
	CHECK(after.pocketed || bs_v2_len(bs_v2_sub(after.pos, before.pos)) > 0.1);
	CHECK(bs_world_time(struck) > bs_world_time(world));
	bs_world_destroy(struck);
	bs_world_destroy(world);
}

typedef struct bad_strike {
	bs_cue_def cue;
	const char* expected; ///< a part of the one-line message
} bad_strike;

static void strike_refuses_what_a_scene_refuses(void) {
	bs_world* pool = world_from_text(BREAK_TEXT "}");
	bs_world* ideal =
		world_from_text("{\"table\": {\"size\": [2.54, 1.27]}, \"balls\": [{\"id\": 0, \"pos\": [0.5, 0.6]},"
						" {\"id\": 1, \"pos\": [1.5, 0.6]}]}");
	bs_world* no_cue_ball = world_from_text("{\"table\": {\"size\": [2.54, 1.27]}, \"balls\": [{\"id\": 1, \"pos\": "
											"[0.5, 0.6]}]}");
	if (!pool || !ideal || !no_cue_ball) {
		return;
	}
	bs_cue_def base = bs_default_cue_def();
	base.stick = true;
	base.speed = 3.0;
	bad_strike cases[9];
	for (int k = 0; k < 9; ++k) {
		cases[k].cue = base;
	}
	cases[0].cue.tip = bs_v2(0.4, 0.4);
	cases[0].expected = "cue.tip: [0.40000000000000002, 0.40000000000000002] is 0.566 of the radius from the centre: "
						"the tip miscues beyond 0.5";
	cases[1].cue.elevation_deg = 90.0;
	cases[1].expected = "cue.elevation_deg: must be in [0, 90) degrees, got 90";
	cases[2].cue.speed = -1.0;
	cases[2].expected = "cue.stick_speed: must be in [0, 10000] m/s, got -1";
	cases[3].cue.speed = NAN;
	cases[3].expected = "cue.stick_speed: must be in [0, 10000] m/s, got nan";
	cases[4].cue.angle_deg = INFINITY;
	cases[4].expected = "cue.angle_deg: must be a finite number";
	cases[5].cue.stick = false;
	cases[5].cue.tip = bs_v2(0.0, 0.2);
	cases[5].expected = "cue.tip: needs the cue stick's strike: give stick_speed instead of speed";
	cases[6].cue.has_aim = true;
	cases[6].cue.aim = bs_v2(0.635, NAN);
	cases[6].expected = "cue.aim: must be a finite number";
	cases[7].cue.has_aim = true;
	cases[7].cue.aim = bs_world_ball_state(pool, bs_world_find_ball(pool, 0), 0.0).pos;
	cases[7].expected = "cue.aim: aims at the cue ball's own centre";
	cases[8].cue.speed = 2e4;
	cases[8].cue.stick = false;
	cases[8].expected = "cue.speed: must be in [0, 10000] m/s";
	for (int k = 0; k < 9; ++k) {
		char error[512] = "";
		bs_world* struck = bs_shot_strike(pool, &cases[k].cue, error, sizeof error);
		CHECK(struck == NULL);
		bs_world_destroy(struck);
		CHECK_CONTAINS(error, cases[k].expected);
	}
	char error[512] = "";
	bs_cue_def spin = base;
	spin.tip = bs_v2(0.2, 0.0);
	CHECK(bs_shot_strike(ideal, &spin, error, sizeof error) == NULL);
	CHECK_CONTAINS(error, "cue.tip: english, draw, follow and an elevated cue need \"physics\": \"pool\"");
	CHECK(bs_shot_strike(no_cue_ball, &base, error, sizeof error) == NULL);
	CHECK_CONTAINS(error, "cue: there is no ball with id 0 on the table to strike");
	// So fast that the energy, all given to one ball, passes BS_MAX_SPEED.
	bs_cue_def fast = bs_default_cue_def();
	fast.speed = 9999.0;
	bs_world* first = bs_shot_strike(ideal, &fast, error, sizeof error);
	CHECK(first != NULL);
	if (first) {
		bs_world_step(first);
		CHECK(bs_shot_strike(first, &fast, error, sizeof error) == NULL);
		CHECK_CONTAINS(error, "cue: the struck world is refused: ");
		bs_world_destroy(first);
	}
	// The worlds refused a strike are unchanged and still run.
	CHECK_EQ_INT(bs_shot_run(pool, (bs_event[4]){0}, 4), 0);
	bs_world_destroy(pool);
	bs_world_destroy(ideal);
	bs_world_destroy(no_cue_ball);
}

static void scenes_through_a_pointer(void) {
	char error[512] = "";
	CHECK(bs_scene_create("/nonexistent/scene.json", error, sizeof error) == NULL);
	CHECK_CONTAINS(error, "/nonexistent/scene.json: cannot read");
	CHECK(bs_scene_create_text("{\"table\": {\"size\": [2.54, 1.27]}, \"balls\": [{\"id\": 0, \"pos\": [0.5, -1]}]}",
			  "bad.json", error, sizeof error) == NULL);
	CHECK_CONTAINS(error, "bad.json: balls[0].pos: ");
	bs_scene_destroy(NULL);
	bs_scene* scene = bs_scene_create_text(BREAK_TEXT ", " BREAK_CUE "}", "break.json", error, sizeof error);
	if (!scene) {
		CHECK_FAIL("refused: %s", error);
		return;
	}
	CHECK(scene->has_rack && scene->has_cue);
	static bs_event first[MAX_EVENTS];
	static bs_event second[MAX_EVENTS];
	bs_world* a = bs_scene_create_world(scene);
	bs_world* b = bs_scene_create_world(scene);
	int count = bs_shot_run(a, first, MAX_EVENTS);
	CHECK_EQ_INT(bs_shot_run(b, second, MAX_EVENTS), count);
	for (int i = 0; i < count; ++i) {
		CHECK_SAME_EVENT(second[i], first[i]);
	}
	bs_world_destroy(a);
	bs_world_destroy(b);
	bs_scene_destroy(scene);
}

static bool same_state(bs_ball_state x, bs_ball_state y) {
	return x.id == y.id && x.pos.x == y.pos.x && x.pos.y == y.pos.y && x.vel.x == y.vel.x && x.vel.y == y.vel.y &&
		x.omega.x == y.omega.x && x.omega.y == y.omega.y && x.omega.z == y.omega.z && x.motion == y.motion &&
		x.radius == y.radius && x.mass == y.mass && x.pocketed == y.pocketed && x.pocket == y.pocket &&
		x.pocket_time == y.pocket_time;
}

// All the balls at once are each ball read alone, mid-break (moving, some
// sliding) and at the end of a break that pockets balls.
static void ball_states_are_each_ball_state(void) {
	static const char* const texts[] = {
		BREAK_TEXT ", " BREAK_CUE "}",
		"{\"table\": {\"preset\": \"9ft\"}, \"physics\": \"ideal\", \"rack\": {\"game\": \"9-ball\"},"
		" \"cue\": {\"speed\": 10, \"angle_deg\": 0}}",
	};
	for (int k = 0; k < 2; ++k) {
		bs_world* world = world_from_text(texts[k]);
		if (!world) {
			return;
		}
		bs_ball_state states[16];
		int count = bs_world_ball_count(world);
		CHECK(count <= 16);
		int pocketed = 0;
		for (int round = 0; round < 2; ++round) {
			bs_world_advance(world, round == 0 ? 0.2 : BS_MAX_TIME, 0);
			double time = bs_world_time(world) + (round == 0 ? 0.01 : 0.0);
			bs_shot_ball_states(world, time, states);
			for (int i = 0; i < count; ++i) {
				bs_ball_state alone = bs_world_ball_state(world, i, time);
				if (!same_state(states[i], alone)) {
					CHECK_FAIL("scene %d, round %d: ball %d's state differs from bs_world_ball_state", k, round, i);
				}
				pocketed += round == 1 && alone.pocketed;
			}
		}
		CHECK(k == 0 || pocketed > 0); // the ideal break pockets balls
		bs_world_destroy(world);
	}
}

// Three-cushion's second player strikes the yellow (id 1): a strike on the
// world at its start is the scene's own cue on that ball, event for event,
// and only that ball is struck; a ball the world lacks is named.
static void strike_the_ball_the_cue_names(void) {
	const char* carom = "{\"table\": {\"size\": [2.84, 1.42]}, \"physics\": \"pool\","
						" \"rack\": {\"game\": \"three-cushion\", \"seed\": 3}";
	char text[512];
	snprintf(text, sizeof text, "%s, \"cue\": {\"stick_speed\": 4.5, \"aim\": [2.13, 0.7], \"tip\": [0.3, 0.1],"
							   " \"ball\": 1}}", carom);
	bs_world* scene_struck = world_from_text(text);
	char at_rest_text[256];
	snprintf(at_rest_text, sizeof at_rest_text, "%s}", carom);
	bs_world* at_rest = world_from_text(at_rest_text);
	if (!scene_struck || !at_rest) {
		bs_world_destroy(scene_struck);
		bs_world_destroy(at_rest);
		return;
	}
	bs_cue_def cue = bs_default_cue_def();
	cue.stick = true, cue.speed = 4.5, cue.has_aim = true, cue.aim = bs_v2(2.13, 0.7), cue.tip = bs_v2(0.3, 0.1);
	cue.ball = 1;
	char error[512] = "";
	bs_world* struck = bs_shot_strike(at_rest, &cue, error, sizeof error);
	CHECK(struck != NULL);
	if (struck) {
		CHECK(bs_v2_len(bs_world_ball_state(struck, 1, 0.0).vel) > 1.0);
		CHECK_EQ_DBL(bs_v2_len(bs_world_ball_state(struck, 0, 0.0).vel), 0.0);
		CHECK_EQ_DBL(bs_v2_len(bs_world_ball_state(struck, 2, 0.0).vel), 0.0);
		static bs_event expected[MAX_EVENTS];
		static bs_event actual[MAX_EVENTS];
		int count = step_all(scene_struck, expected);
		int total = bs_shot_run(struck, actual, MAX_EVENTS);
		CHECK(count > 5);
		CHECK_EQ_INT(total, count);
		for (int i = 0; i < count && i < total; ++i) {
			CHECK_SAME_EVENT(actual[i], expected[i]);
		}
	}
	cue.ball = 3;
	CHECK(bs_shot_strike(at_rest, &cue, error, sizeof error) == NULL);
	CHECK_CONTAINS(error, "cue.ball: there is no ball with id 3 on the table to strike");
	bs_world_destroy(struck);
	bs_world_destroy(scene_struck);
	bs_world_destroy(at_rest);
}

static void default_cue_def(void) {
	bs_cue_def cue = bs_default_cue_def();
	CHECK(!cue.stick && !cue.has_aim && cue.squirt);
	CHECK_EQ_INT(cue.ball, 0);
	CHECK_EQ_DBL(cue.speed, 0.0);
	CHECK_EQ_DBL(cue.angle_deg, 0.0);
	CHECK_EQ_DBL(cue.tip.x, 0.0);
	CHECK_EQ_DBL(cue.tip.y, 0.0);
	CHECK_EQ_DBL(cue.elevation_deg, 0.0);
}

int main(void) {
	RUN(run_gives_the_events_of_stepping);
	RUN(strike_at_the_start_is_the_scene_cue);
	RUN(strike_after_a_break);
	RUN(strike_refuses_what_a_scene_refuses);
	RUN(scenes_through_a_pointer);
	RUN(ball_states_are_each_ball_state);
	RUN(strike_the_ball_the_cue_names);
	RUN(default_cue_def);
	return check_summary();
}
