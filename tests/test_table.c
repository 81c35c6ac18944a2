// Pool table tests: pockets, jaws, racks, the break, and a soak of seeded breaks.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <breakshot/rack.h>
#include <breakshot/scene.h>
#include <breakshot/world.h>

#include "check.h"
#include "process_helpers.h"
#include "world_helpers.h"

static const double r = BS_DEFAULT_RADIUS;

static bs_world* world_on_9ft(const bs_ball_def* balls, int count) {
	bs_world_def def = world_def_with(balls, count);
	CHECK(bs_table_preset("9ft", true, &def.table));
	CHECK_DEF_OK(&def);
	return bs_world_create(&def);
}

static void presets_have_regulation_sizes(void) {
	bs_table_def t_def;
	CHECK(bs_table_preset("9ft", true, &t_def));
	bs_table t = geometry_of(&t_def);
	CHECK_REL(t.width, 100 * 0.0254, 1e-15);
	CHECK_REL(t.height, 50 * 0.0254, 1e-15);
	CHECK_EQ_INT(t.pocket_count, 6);
	CHECK_EQ_INT(t.cushion_count, 18);
	CHECK_EQ_INT(t.jaw_count, 24);
	// Mouths between the jaw tips: corners 4.5625 in, sides 5.0625 in.
	for (int k = 0; k < 6; ++k) {
		double mouth = bs_v2_len(bs_v2_sub(t.jaws[4 * k + 1].centre, t.jaws[4 * k].centre));
		CHECK_REL(mouth, (k == 1 || k == 4 ? 5.0625 : 4.5625) * 0.0254, 1e-12);
	}
	// Facing cut angles: 142 degrees at corners, 104 at sides, from the nose.
	bs_vec2 nose = bs_v2(-1.0, 0.0); // nose 0 runs towards pocket 0 at its start tip
	bs_segment facing = t.cushions[6 + 1];
	bs_vec2 into = bs_v2_normalize(bs_v2_sub(facing.a.x == t.jaws[1].centre.x && facing.a.y == t.jaws[1].centre.y ? facing.b : facing.a, t.jaws[1].centre));
	CHECK_NEAR(acos(bs_v2_dot(nose, into)) * 180.0 / BS_PI, 180.0 - 142.0, 1e-9);
	CHECK(bs_table_preset("7ft", true, &t_def));
	CHECK(fabs(t_def.width - 78 * 0.0254) < 1e-12);
	CHECK(bs_table_preset("8ft", true, &t_def));
	CHECK(fabs(t_def.height - 46 * 0.0254) < 1e-12);
	CHECK(!bs_table_preset("6ft", true, &t_def));
}

static void straight_shot_into_each_pocket(void) {
	bs_table_def t_def;
	CHECK(bs_table_preset("9ft", true, &t_def));
	bs_table t = geometry_of(&t_def);
	for (int k = 0; k < 6; ++k) {
		bs_vec2 mouth = bs_v2_scale(0.5, bs_v2_add(t.jaws[4 * k].centre, t.jaws[4 * k + 1].centre));
		bs_ball_def ball = bs_default_ball_def();
		ball.pos = bs_v2(0.5 * t.width, 0.5 * t.height);
		ball.vel = bs_v2_scale(3.0, bs_v2_normalize(bs_v2_sub(mouth, ball.pos)));
		bs_world* world = world_on_9ft(&ball, 1);
		CHECK(bs_world_step(world));
		bs_event e = bs_world_last_event(world);
		CHECK_EQ_INT(e.kind, BS_EVENT_POCKET);
		CHECK_EQ_INT(e.a, 0);
		CHECK_EQ_INT(e.b, k);
		bs_ball_state s = bs_world_ball_state(world, 0, bs_world_time(world));
		CHECK(s.pocketed);
		CHECK_EQ_INT(s.pocket, k);
		CHECK_EQ_DBL(s.pocket_time, e.time);
		CHECK(!bs_world_step(world)); // nothing left
		// The pocket and the drop time are the ball's last contact and
		// anchor: they stay as time goes on.
		bs_world_advance(world, e.time + 1.0, 0);
		bs_ball_state later = bs_world_ball_state(world, 0, bs_world_time(world));
		CHECK(later.pocketed);
		CHECK_EQ_INT(later.pocket, k);
		CHECK_EQ_DBL(later.pocket_time, e.time);
		bs_world_destroy(world);
	}
}

static void rail_ball_meets_the_far_side_jaw(void) {
	// A ball running along the y = 0 rail, drifting onto it, passes over the
	// side pocket and meets the far jaw tip (jaw 5), reflecting about the
	// normal from the tip to its centre.
	bs_table_def t_def;
	CHECK(bs_table_preset("9ft", true, &t_def));
	bs_table t = geometry_of(&t_def);
	bs_ball_def ball = bs_default_ball_def();
	ball.pos = bs_v2(0.5 * t.width - 0.4, r + 0.002);
	ball.vel = bs_v2(2.0, -0.01);
	bs_world* world = world_on_9ft(&ball, 1);
	CHECK(bs_world_step(world));
	bs_event e = bs_world_last_event(world);
	CHECK_EQ_INT(e.kind, BS_EVENT_JAW);
	CHECK_EQ_INT(e.b, 5);
	bs_vec2 tip = t.jaws[5].centre;
	bs_ball_state s = bs_world_ball_state(world, 0, e.time);
	CHECK_REL(bs_v2_len(bs_v2_sub(s.pos, tip)), r, 1e-12);
	bs_vec2 n = bs_v2_normalize(bs_v2_sub(s.pos, tip));
	CHECK_NEAR(e.normal.x, n.x, 1e-12);
	CHECK_NEAR(e.normal.y, n.y, 1e-12);
	CHECK(n.x < 0.0); // from the tip back up the rail, towards the table
	CHECK(n.y > 0.0);
	bs_vec2 v0 = bs_v2(2.0, -0.01);
	bs_vec2 reflected = bs_v2_mad(v0, -2.0 * bs_v2_dot(v0, n), n);
	CHECK_NEAR(s.vel.x, reflected.x, 1e-12);
	CHECK_NEAR(s.vel.y, reflected.y, 1e-12);
	CHECK(!s.pocketed);
	bs_world_destroy(world);
}

static void ball_into_a_corner_jaw_is_deflected(void) {
	bs_table_def t_def;
	CHECK(bs_table_preset("9ft", true, &t_def));
	bs_table t = geometry_of(&t_def);
	bs_vec2 tip = t.jaws[1].centre; // pocket 0's tip on the y = 0 nose
	bs_ball_def ball = bs_default_ball_def();
	// Steeply into the mouth, passing half a radius inside the tip: the ball's
	// edge clips the tip beyond the end of the nose.
	ball.pos = bs_v2(0.25, 0.7);
	bs_vec2 mouth = bs_v2_scale(0.5, bs_v2_add(t.jaws[0].centre, t.jaws[1].centre));
	bs_vec2 target = bs_v2_mad(tip, 0.5 * r, bs_v2_normalize(bs_v2_sub(mouth, tip)));
	ball.vel = bs_v2_scale(2.0, bs_v2_normalize(bs_v2_sub(target, ball.pos)));
	bs_world* world = world_on_9ft(&ball, 1);
	CHECK(bs_world_step(world));
	bs_event e = bs_world_last_event(world);
	CHECK_EQ_INT(e.kind, BS_EVENT_JAW);
	CHECK_EQ_INT(e.b, 1);
	// Deflected back onto the table: over the next second it is not lost.
	bs_world_advance(world, e.time + 1.0, 0);
	bs_ball_state s = bs_world_ball_state(world, 0, bs_world_time(world));
	CHECK(!s.pocketed);
	CHECK_VALID(world);
	bs_world_destroy(world);
}

static bs_scene* load_break(const char* game, double gap, double restitution) {
	char text[512];
	snprintf(text, sizeof text,
		"{\"table\": {\"preset\": \"9ft\"}, \"physics\": \"ideal\","
		" \"restitution\": {\"ball\": %.17g, \"cushion\": %.17g},"
		" \"rack\": {\"game\": \"%s\", \"gap\": %.17g, \"jitter\": %.17g, \"seed\": 1},"
		" \"cue\": {\"speed\": 10.0, \"angle_deg\": 0.0}}",
		restitution, restitution, game, gap, gap / 2.0);
	char error[512];
	bs_scene* scene = bs_scene_create_text(text, "break.json", error, sizeof error);
	if (!scene) {
		CHECK_FAIL("the %s break does not load: %s", game, error);
	}
	return scene; // the callers return at NULL, the failure recorded
}

static void racks_follow_the_rules(void) {
	bs_table_def t_def;
	CHECK(bs_table_preset("9ft", true, &t_def));
	bs_table t = geometry_of(&t_def);
	const char* games[] = {"9-ball", "8-ball", "10-ball"};
	int counts[] = {10, 16, 11};
	int centre[] = {9, 8, 10};
	for (int g = 0; g < 3; ++g) {
		bs_scene* scene = load_break(games[g], 0.0, 1.0);
		if (!scene) {
			return;
		}
		CHECK_EQ_INT(scene->def.ball_count, counts[g]);
		bs_vec2 foot = bs_v2(0.75 * t.width, 0.5 * t.height);
		double row = 2.0 * r * sqrt(3.0) / 2.0;
		for (int i = 0; i < scene->def.ball_count; ++i) {
			bs_ball_def* b = &scene->balls[i];
			if (b->id == 0) {
				CHECK_EQ_DBL(b->pos.x, 0.25 * t.width); // head spot
				CHECK_EQ_DBL(b->pos.y, 0.5 * t.height);
				CHECK_EQ_DBL(b->vel.x, 10.0);
				CHECK_EQ_DBL(b->vel.y, 0.0);
			}
			if (b->id == 1 && g != 1) {
				CHECK_EQ_DBL(b->pos.x, foot.x); // the 1 on the foot spot
				CHECK_EQ_DBL(b->pos.y, foot.y);
			}
			if (b->id == centre[g]) {
				CHECK_NEAR(b->pos.x, foot.x + 2.0 * row, 1e-12);
				CHECK_NEAR(b->pos.y, foot.y, 1e-12);
			}
		}
		bs_scene_destroy(scene);
	}
	// 8-ball: one solid and one stripe on the back corners, for every seed.
	for (uint64_t seed = 0; seed < 50; ++seed) {
		bs_rack_def def = bs_default_rack_def();
		def.game = BS_GAME_8_BALL;
		def.seed = seed;
		bs_ball_def balls[BS_RACK_MAX_BALLS];
		int n = bs_rack_make(&def, &t_def, balls);
		CHECK_EQ_INT(n, 16);
		int corners[2], found = 0;
		double back = 0.0;
		for (int i = 1; i < n; ++i) {
			back = balls[i].pos.x > back ? balls[i].pos.x : back;
		}
		double ymin = 1e9, ymax = -1e9;
		for (int i = 1; i < n; ++i) {
			if (balls[i].pos.x > back - 1e-3) {
				ymin = balls[i].pos.y < ymin ? balls[i].pos.y : ymin;
				ymax = balls[i].pos.y > ymax ? balls[i].pos.y : ymax;
			}
		}
		for (int i = 1; i < n; ++i) {
			if (balls[i].pos.x > back - 1e-3 && (balls[i].pos.y == ymin || balls[i].pos.y == ymax) && found < 2) {
				corners[found++] = balls[i].id;
			}
		}
		CHECK_EQ_INT(found, 2);
		if (found == 2) {
			CHECK((corners[0] < 8) != (corners[1] < 8));
			CHECK(corners[0] != 8);
			CHECK(corners[1] != 8);
		}
	}
}

// Runs a break to `until` seconds, validating every event (and, when
// `check_energy`, that the energy on the table and in the pockets is kept).
// Returns the event count, or -1 after a failure.
static int64_t run_break(bs_world* world, double until, double start_energy, bool check_energy) {
	char problem[256];
	int64_t events = 0;
	bs_event next;
	while (bs_world_peek(world, &next) && next.time <= until) {
		bs_world_step(world);
		events += 1;
		if (!bs_world_validate(world, problem, sizeof problem)) {
			CHECK_FAIL("event %lld: %s", (long long)events, problem);
			return -1;
		}
		if (check_energy) {
			bs_totals totals = bs_world_totals(world);
			double all = totals.kinetic_energy + totals.pocketed_energy;
			if (fabs(all - start_energy) > 1e-12 * start_energy) {
				CHECK_FAIL("event %lld: table + pockets %.17g J, start %.17g J", (long long)events, all, start_energy);
				return -1;
			}
		}
		if (events > 1000000) {
			CHECK_FAIL("more than 1000000 events before t = %g s", until);
			return -1;
		}
	}
	bs_world_advance(world, until, 0);
	return events;
}

// 1000 breaks of each game; 20 in the fast tier.
static void soak_1000_breaks_of_each_game(void) {
	const char* games[] = {"9-ball", "8-ball", "10-ball"};
	int breaks = check_scaled(1000, 20);
	for (int g = 0; g < 3; ++g) {
		bs_scene* scene = load_break(games[g], 2e-4, 1.0);
		if (!scene) {
			return;
		}
		int64_t events = 0, pocketed = 0;
		for (uint64_t seed = 1; seed <= (uint64_t)breaks; ++seed) {
			CHECK(bs_scene_rerack(scene, seed));
			bs_world* world = bs_world_create(&scene->def);
			double e0 = bs_world_totals(world).kinetic_energy;
			int64_t n = run_break(world, 30.0, e0, true);
			bs_totals end = bs_world_totals(world);
			pocketed += scene->def.ball_count - end.balls_on_table;
			bs_world_destroy(world);
			if (n < 0) {
				fprintf(stderr, "  %s seed %llu failed\n", games[g], (unsigned long long)seed);
				break;
			}
			events += n;
		}
		printf("  %s: %d breaks to 30 s, %lld events, %lld balls pocketed\n", games[g], breaks, (long long)events,
			(long long)pocketed);
		bs_scene_destroy(scene);
	}
}

static void gap_zero_breaks_complete_identically(void) {
	const char* games[] = {"9-ball", "8-ball", "10-ball"};
	for (int g = 0; g < 3; ++g) {
		bs_scene* scene = load_break(games[g], 0.0, 1.0);
		if (!scene) {
			return;
		}
		bs_world* a = bs_world_create(&scene->def);
		bs_world* b = bs_world_create(&scene->def);
		double e0 = bs_world_totals(a).kinetic_energy;
		bs_vec2 p0 = bs_world_totals(a).momentum;
		// The opening burst: every ball-ball event before the first cushion,
		// each conserving energy and momentum.
		int64_t burst = 0;
		while (bs_world_step(a)) {
			CHECK(bs_world_step(b));
			bs_event x = bs_world_last_event(a), y = bs_world_last_event(b);
			CHECK_SAME_EVENT(x, y);
			if (x.kind != BS_EVENT_BALL) {
				break;
			}
			burst += 1;
			bs_totals t = bs_world_totals(a);
			CHECK_REL(t.kinetic_energy, e0, 1e-13);
			CHECK_NEAR(t.momentum.x, p0.x, 1e-13 * fabs(p0.x));
			CHECK_NEAR(t.momentum.y, p0.y, 1e-13 * fabs(p0.x));
			CHECK_VALID(a);
			if (burst > 100000) {
				CHECK_FAIL("no cushion after %lld ball-ball events", (long long)burst);
				break;
			}
			if (check_failures_in_test) {
				break;
			}
		}
		printf("  %s gap 0: %lld ball-ball events before the first cushion\n", games[g], (long long)burst);
		CHECK(burst >= scene->def.ball_count - 1);
		bs_world_destroy(a);
		bs_world_destroy(b);
		// And the whole break to 30 s, twice, the same.
		a = bs_world_create(&scene->def);
		b = bs_world_create(&scene->def);
		int64_t na = run_break(a, 30.0, e0, true);
		int64_t nb = run_break(b, 30.0, e0, true);
		CHECK(na > 0);
		CHECK_EQ_INT(na, nb);
		CHECK_SAME_TOTALS(bs_world_totals(a), bs_world_totals(b));
		bs_world_destroy(a);
		bs_world_destroy(b);
		bs_scene_destroy(scene);
	}
}

static void inelastic_touching_rack_does_not_collapse(void) {
	// Restitution 0.5 on an exactly touching rack: without the elastic window,
	// inelastic collapse would take unboundedly many collisions.
	const char* games[] = {"9-ball", "8-ball", "10-ball", "9-ball"};
	double restitutions[] = {0.5, 0.5, 0.5, 0.0};
	for (int g = 0; g < 4; ++g) {
		bs_scene* scene = load_break(games[g], 0.0, restitutions[g]);
		if (!scene) {
			return;
		}
		bs_world* world = bs_world_create(&scene->def);
		double e0 = bs_world_totals(world).kinetic_energy;
		int64_t n = run_break(world, 30.0, e0, false);
		CHECK(n > 0);
		CHECK(n < 100000);
		bs_totals end = bs_world_totals(world);
		CHECK(end.kinetic_energy + end.pocketed_energy < e0);
		bs_world_destroy(world);
		bs_scene_destroy(scene);
	}
}

// Loads scenes/NAME from the source tree; a failure to load is a test failure.
static bool load_scene_file(const char* name, bs_scene** dest) {
	char relative[256];
	char path[1024];
	snprintf(relative, sizeof relative, "scenes/%s", name);
	source_path(relative, path, sizeof path);
	char error[512];
	bool ok = (*dest = bs_scene_create(path, error, sizeof error));
	if (!ok) {
		CHECK_FAIL("%s", error);
	}
	return ok;
}

static void every_saved_state_reloads_and_continues_exactly(void) {
	// Stop after each of the first events, save, reload, and continue: the
	// reload is accepted every time (balls a rounding inside a cushion, last
	// contacts with balls since pocketed) and continues bit for bit.
	const char* scenes[] = {"9ball_break.json", "8ball_break.json", "newtons_cradle.json", "demo.json"};
	enum { STOPS = 160, AFTER = 40 };
	for (int s = 0; s < 4; ++s) {
		bs_scene* scene = NULL;
		if (!load_scene_file(scenes[s], &scene)) {
			return;
		}
		static bs_event reference[STOPS + AFTER];
		bs_world* whole = bs_world_create(&scene->def);
		int total = 0;
		while (total < STOPS + AFTER && bs_world_step(whole)) {
			reference[total++] = bs_world_last_event(whole);
		}
		bs_world_destroy(whole);
		int refused = 0, parted = 0;
		for (int stop = 1; stop < STOPS && stop < total; ++stop) {
			bs_world* first = bs_world_create(&scene->def);
			for (int k = 0; k < stop; ++k) {
				bs_world_step(first);
			}
			char* saved = bs_scene_dump_world(first);
			bs_scene* again = NULL;
			char error[512];
			if (!(again = bs_scene_create_text(saved, "saved", error, sizeof error))) {
				if (refused++ == 0) {
					fprintf(stderr, "  %s, stop %d: %s\n", scenes[s], stop, error);
				}
			} else {
				bs_world* second = bs_world_create(&again->def);
				for (int k = stop; k < total && k < stop + AFTER; ++k) {
					if (!bs_world_step(second) || !same_event(bs_world_last_event(second), reference[k])) {
						parted += 1;
						break;
					}
				}
				bs_world_destroy(second);
				bs_scene_destroy(again);
			}
			free(saved);
			bs_world_destroy(first);
		}
		CHECK_EQ_INT(refused, 0);
		CHECK_EQ_INT(parted, 0);
		bs_scene_destroy(scene);
	}
}

static void inelastic_runs_come_to_rest(void) {
	// Realistic restitution, no friction: speeds shrink geometrically. The rest
	// speed ends the tail, so the run stops by itself at a sensible time,
	// valid at every event.
	const char* text = "{\"table\": {\"size\": [2.54, 1.27]}, \"restitution\": \"realistic\", \"balls\": ["
					   "{\"id\": 0, \"pos\": [0.6, 0.635], \"vel\": [3, 1]}, {\"id\": 1, \"pos\": [1.9, 0.66]},"
					   "{\"id\": 2, \"pos\": [1.2, 0.3], \"vel\": [-1, 2]}]}";
	bs_scene* scene = NULL;
	CHECK_SCENE_LOADS(text, "realistic.json", scene);
	bs_world* world = bs_world_create(&scene->def);
	char problem[256];
	int64_t events = 0;
	while (bs_world_step(world) && events < 1000000) {
		events += 1;
		if (!bs_world_validate(world, problem, sizeof problem)) {
			CHECK_FAIL("event %lld: %s", (long long)events, problem);
			break;
		}
	}
	bs_totals end = bs_world_totals(world);
	printf("  realistic: at rest after %lld events at t = %.6g s\n", (long long)events, bs_world_time(world));
	CHECK(events < 1000000);
	CHECK_EQ_DBL(end.kinetic_energy, 0.0);
	CHECK(bs_world_time(world) < 1e5);
	bs_world_destroy(world);
	bs_scene_destroy(scene);
}

static void small_ball_in_a_pocket_throat_is_on_the_table(void) {
	// A 1 cm ball heading straight into a side pocket passes through the
	// throat (below y = -r) before its centre reaches the capture circle.
	bs_ball_def ball = bs_default_ball_def();
	ball.radius = 0.01;
	ball.pos = bs_v2(1.32, 0.3);
	ball.vel = bs_v2(0.0, -1.0);
	bs_world* world = world_on_9ft(&ball, 1);
	bool pocketed = false;
	for (int k = 0; k < 20 && !pocketed && bs_world_step(world); ++k) {
		CHECK_VALID(world);
		pocketed = bs_world_last_event(world).kind == BS_EVENT_POCKET;
	}
	CHECK(pocketed);
	bs_world_destroy(world);
}

// Breaks `scene` with each of `breaks` rack seeds, with and without the
// pocket cull, and compares the events bit for bit; returns how many.
static int64_t compare_culled_breaks(bs_scene* scene, const char* what, int breaks) {
	int64_t compared = 0;
	for (uint64_t seed = 1; seed <= (uint64_t)breaks; ++seed) {
		CHECK(bs_scene_rerack(scene, seed));
		scene->def.neighbour_search = BS_NEIGHBOURS_ALL;
		bs_world* all = bs_world_create(&scene->def);
		scene->def.neighbour_search = BS_NEIGHBOURS_AUTO;
		bs_world* culled = bs_world_create(&scene->def);
		for (;;) {
			bool a = bs_world_step(all), b = bs_world_step(culled);
			CHECK_EQ_INT(a, b);
			if (!a || !b || bs_world_time(all) > 30.0) {
				break;
			}
			bs_event x = bs_world_last_event(all), y = bs_world_last_event(culled);
			if (!same_event(x, y)) {
				char tx[160], ty[160];
				CHECK_FAIL("%s seed %d: event %lld differs: %s != %s", what, (int)seed,
					(long long)bs_world_event_count(all), event_text(x, tx, sizeof tx), event_text(y, ty, sizeof ty));
				break;
			}
			compared += 1;
		}
		bs_world_destroy(all);
		bs_world_destroy(culled);
		if (check_failures_in_test) {
			break;
		}
	}
	return compared;
}

static void pocket_culling_changes_no_event(void) {
	// Prediction looks at a pocket's obstacles only when a ball's path passes
	// near; the reference path looks at all of them. Same events, bit for bit,
	// under both physics.
	const char* games[] = {"9-ball", "8-ball", "10-ball"};
	int breaks = check_scaled(200, 10); // of each game and physics
	int64_t compared = 0;
	int64_t compared_pool = 0;
	for (int g = 0; g < 3; ++g) {
		bs_scene* scene = load_break(games[g], 2e-4, 1.0);
		if (!scene) {
			return;
		}
		compared += compare_culled_breaks(scene, games[g], breaks);
		bs_scene_destroy(scene);
		// Pool physics: the stick with english and draw, off the straight line.
		char text[512];
		snprintf(text, sizeof text,
			"{\"table\": {\"preset\": \"9ft\"}, \"physics\": \"pool\","
			" \"rack\": {\"game\": \"%s\", \"gap\": 2e-4, \"jitter\": 1e-4, \"seed\": 1},"
			" \"cue\": {\"stick_speed\": 7.0, \"angle_deg\": 1.5, \"tip\": [0.2, -0.3]}}",
			games[g]);
		char error[512];
		scene = bs_scene_create_text(text, "pool_break.json", error, sizeof error);
		if (!scene) {
			CHECK_FAIL("the pool %s break does not load: %s", games[g], error);
			return;
		}
		char what[64];
		snprintf(what, sizeof what, "pool %s", games[g]);
		compared_pool += compare_culled_breaks(scene, what, breaks);
		bs_scene_destroy(scene);
	}
	printf("  %lld events compared under ideal physics, %lld under pool physics\n", (long long)compared,
		(long long)compared_pool);
	CHECK(compared > 3 * breaks * 20);
	CHECK(compared_pool > 3 * breaks * 20);
}

static void late_times_stay_valid_and_reload(void) {
	// Event times are absolute doubles: near the time limit (2^14 s) they
	// carry about 4e-12 s of rounding, so positions about 1e-11 m at these
	// speeds. Every event stays valid (the checks allow for that rounding,
	// and nothing more), a state saved that late reloads, and the world ends
	// at the limit, saying so.
	const char* text = "{\"table\": {\"size\": [1.0, 0.5]}, \"time\": 14336.0, \"balls\": ["
					   "{\"id\": 0, \"pos\": [0.2, 0.25], \"vel\": [4.1, 1.3]},"
					   "{\"id\": 1, \"pos\": [0.5, 0.26], \"vel\": [-2.2, 0.7]},"
					   "{\"id\": 2, \"pos\": [0.8, 0.1], \"vel\": [0.3, -3.1]},"
					   "{\"id\": 3, \"pos\": [0.6, 0.4], \"vel\": [-1.9, -2.5]}]}";
	bs_scene* scene = NULL;
	char error[512];
	CHECK_SCENE_LOADS(text, "late.json", scene);
	bs_world* world = bs_world_create(&scene->def);
	char problem[256];
	int refused = 0;
	int events = 0;
	while (bs_world_step(world)) {
		++events;
		if (!bs_world_validate(world, problem, sizeof problem)) {
			CHECK_FAIL("event %d: %s", events, problem);
			break;
		}
		if (events % 2500 == 0) {
			char* saved = bs_scene_dump_world(world);
			bs_scene* again = NULL;
			if ((again = bs_scene_create_text(saved, "saved.json", error, sizeof error))) {
				bs_scene_destroy(again);
			} else if (refused++ == 0) {
				fprintf(stderr, "  %s\n", error);
			}
			free(saved);
		}
	}
	CHECK_EQ_INT(refused, 0);
	CHECK(events > 20000);
	CHECK(bs_world_reached_time_limit(world));
	CHECK(bs_world_time(world) <= BS_MAX_TIME);
	bs_world_destroy(world);
	bs_scene_destroy(scene);
}

int main(void) {
	RUN(presets_have_regulation_sizes);
	RUN(late_times_stay_valid_and_reload);
	RUN(pocket_culling_changes_no_event);
	RUN(every_saved_state_reloads_and_continues_exactly);
	RUN(inelastic_runs_come_to_rest);
	RUN(small_ball_in_a_pocket_throat_is_on_the_table);
	RUN(straight_shot_into_each_pocket);
	RUN(rail_ball_meets_the_far_side_jaw);
	RUN(ball_into_a_corner_jaw_is_deflected);
	RUN(racks_follow_the_rules);
	RUN(gap_zero_breaks_complete_identically);
	RUN(inelastic_touching_rack_does_not_collapse);
	RUN(soak_1000_breaks_of_each_game);
	return check_summary();
}
