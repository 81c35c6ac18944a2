// Unit tests: the world API (peek, step, advance, state, last event), the
// cradle and touching clusters, def checks, and save/reload continuity.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include <breakshot/gas.h>
#include <breakshot/scene.h>
#include <breakshot/world.h>

#include "check.h"
#include "world_helpers.h"
#include "world_internal.h"

static const double r = BS_DEFAULT_RADIUS;

static bs_world* make_world(const bs_ball_def* balls, int count, double ball_e, double cushion_e) {
	bs_world_def def = world_def_with(balls, count);
	def.ball_restitution = ball_e;
	def.cushion_restitution = cushion_e;
	return bs_world_create(&def);
}

static void head_on_record(void) {
	bs_ball_def balls[2] = {ball_at(4, 0.5, 0.6, 2.0, 0.0), ball_at(9, 1.5, 0.6, 0.0, 0.0)};
	bs_world* world = make_world(balls, 2, 1.0, 1.0);
	bs_event peeked;
	CHECK(bs_world_peek(world, &peeked));
	CHECK_EQ_DBL(bs_world_time(world), 0.0); // peeking changes nothing
	CHECK_EQ_INT(bs_world_last_event(world).kind, BS_EVENT_NONE);
	CHECK(bs_world_step(world));
	bs_event e = bs_world_last_event(world);
	CHECK_EQ_INT(e.kind, BS_EVENT_BALL);
	CHECK_EQ_INT(e.a, 4);
	CHECK_EQ_INT(e.b, 9);
	CHECK_EQ_DBL(e.time, peeked.time);
	CHECK_EQ_INT(peeked.a, 4);
	CHECK_EQ_INT(peeked.b, 9);
	CHECK_REL(e.time, (1.0 - 2.0 * r) / 2.0, 1e-15);
	CHECK_REL(e.impulse, BS_DEFAULT_MASS * 2.0, 1e-15); // equal masses, e = 1: J = m v
	CHECK_NEAR(e.normal.x, 1.0, 1e-15);
	CHECK_NEAR(e.normal.y, 0.0, 1e-15);
	CHECK_REL(e.point.x, 1.5 - r, 1e-14);
	CHECK_NEAR(e.point.y, 0.6, 1e-15);
	// Equal masses head-on: the velocities swap exactly.
	bs_ball_state a = bs_world_ball_state(world, bs_world_find_ball(world, 4), e.time);
	bs_ball_state b = bs_world_ball_state(world, bs_world_find_ball(world, 9), e.time);
	CHECK_EQ_DBL(a.vel.x, 0.0);
	CHECK_EQ_DBL(a.vel.y, 0.0);
	CHECK_EQ_DBL(b.vel.x, 2.0);
	CHECK_EQ_DBL(b.vel.y, 0.0);
	CHECK_EQ_INT(bs_world_event_count(world), 1);
	CHECK_EQ_INT(bs_world_event_count_of(world, BS_EVENT_BALL), 1);
	bs_world_destroy(world);
}

static void state_is_exact_extrapolation(void) {
	bs_ball_def ball = ball_at(0, 0.5, 0.5, 0.25, -0.125);
	bs_world* world = make_world(&ball, 1, 1.0, 1.0);
	bs_ball_state s = bs_world_ball_state(world, 0, 2.0);
	CHECK_EQ_DBL(s.pos.x, 1.0);
	CHECK_EQ_DBL(s.pos.y, 0.25);
	CHECK_EQ_INT(bs_world_find_ball(world, 0), 0);
	CHECK_EQ_INT(bs_world_find_ball(world, 1), -1);
	bs_world_destroy(world);
}

static void advance_stops_exactly_at_time(void) {
	bs_ball_def balls[2] = {ball_at(0, 0.5, 0.6, 2.0, 0.0), ball_at(1, 1.5, 0.6, 0.0, 0.0)};
	bs_world* world = make_world(balls, 2, 1.0, 1.0);
	double hit = (1.0 - 2.0 * r) / 2.0;
	CHECK_EQ_INT(bs_world_advance(world, hit - 1e-9, 0), 0);
	CHECK_EQ_DBL(bs_world_time(world), hit - 1e-9);
	CHECK_EQ_INT(bs_world_advance(world, 0.6, 0), 1); // the hit, and nothing until ball 1 reaches x = 2.54 - r
	CHECK_EQ_DBL(bs_world_time(world), 0.6);
	bs_ball_state b = bs_world_ball_state(world, 1, 0.6);
	CHECK_REL(b.pos.x, 1.5 + 2.0 * (0.6 - hit), 1e-14);
	// max_events stops early and leaves the time at the last event.
	int64_t n = bs_world_advance(world, 100.0, 3);
	CHECK_EQ_INT(n, 3);
	CHECK_EQ_DBL(bs_world_time(world), bs_world_last_event(world).time);
	bs_world_destroy(world);
}

static void newtons_cradle(void) {
	// Five touching balls in a row, the first struck at 2 m/s: after the
	// chain of contacts only the last ball moves, at the struck ball's speed.
	bs_ball_def balls[6];
	balls[0] = ball_at(0, 0.5, 0.635, 2.0, 0.0);
	for (int i = 1; i < 6; ++i) {
		balls[i] = ball_at(i, 1.0 + 2.0 * r * (i - 1), 0.635, 0.0, 0.0);
	}
	bs_world* world = make_world(balls, 6, 1.0, 1.0);
	int64_t ball_events = 0;
	while (bs_world_step(world)) {
		CHECK_VALID(world);
		if (bs_world_last_event(world).kind != BS_EVENT_BALL) {
			break;
		}
		ball_events += 1;
	}
	CHECK_EQ_INT(ball_events, 5);
	bs_event e = bs_world_last_event(world);
	CHECK_EQ_INT(e.kind, BS_EVENT_CUSHION);
	CHECK_EQ_INT(e.a, 5);
	CHECK_EQ_INT(e.b, 1);
	for (int i = 0; i < 5; ++i) {
		bs_ball_state s = bs_world_ball_state(world, i, bs_world_time(world));
		CHECK_EQ_DBL(s.vel.x, 0.0);
		CHECK_EQ_DBL(s.vel.y, 0.0);
	}
	bs_ball_state last = bs_world_ball_state(world, 5, bs_world_time(world));
	CHECK_EQ_DBL(last.vel.x, -2.0); // after its cushion
	CHECK_EQ_DBL(last.vel.y, 0.0);
	bs_world_destroy(world);
}

static void touching_cluster_resolves_finitely(void) {
	// A hexagonal patch of 19 exactly touching balls, struck off-centre: every
	// simultaneous contact resolves in finitely many events, with no overlap.
	bs_ball_def balls[20];
	int n = 0;
	balls[n++] = ball_at(0, 0.4, 0.64, 4.0, 0.05);
	double cx = 1.6, cy = 0.635;
	for (int row = -2; row <= 2; ++row) {
		int count = 5 - abs(row);
		for (int k = 0; k < count; ++k) {
			double x = cx + (k - 0.5 * (count - 1)) * 2.0 * r;
			double y = cy + row * sqrt(3.0) * r;
			balls[n] = ball_at(n, x, y, 0.0, 0.0);
			n += 1;
		}
	}
	bs_world* world = make_world(balls, n, 1.0, 1.0);
	bs_totals start = bs_world_totals(world);
	// Until the first cushion, only ball-ball events; the burst must end.
	int64_t burst = 0;
	while (bs_world_step(world) && bs_world_last_event(world).kind == BS_EVENT_BALL) {
		CHECK_VALID(world);
		burst += 1;
		CHECK(burst < 100000);
		if (burst >= 100000) {
			break;
		}
	}
	CHECK(burst >= 18);
	bs_totals end = bs_world_totals(world);
	CHECK_REL(end.kinetic_energy, start.kinetic_energy, 1e-13);
	bs_world_destroy(world);
}

static void restitution_zero_pair_is_not_redetected(void) {
	// Perfectly inelastic head-on: the pair ends at one common velocity and,
	// having just been resolved, is never detected again.
	bs_ball_def balls[2] = {ball_at(0, 0.5, 0.6, 2.0, 0.0), ball_at(1, 1.5, 0.6, -1.0, 0.0)};
	bs_world* world = make_world(balls, 2, 0.0, 1.0);
	CHECK(bs_world_step(world));
	double t = bs_world_time(world);
	bs_event next;
	CHECK(bs_world_peek(world, &next));
	CHECK(next.kind != BS_EVENT_BALL);
	CHECK(next.time > t);
	bs_ball_state a = bs_world_ball_state(world, 0, t);
	bs_ball_state b = bs_world_ball_state(world, 1, t);
	CHECK_NEAR(a.vel.x, 0.5, 1e-15);
	CHECK_NEAR(b.vel.x, 0.5, 1e-15);
	bs_world_destroy(world);
}

static void cushion_restitution_scales_normal_speed(void) {
	bs_ball_def ball = ball_at(0, 1.0, 0.6, 1.0, 0.5);
	bs_world* world = make_world(&ball, 1, 1.0, 0.5);
	CHECK(bs_world_step(world));
	bs_event e = bs_world_last_event(world);
	CHECK_EQ_INT(e.kind, BS_EVENT_CUSHION);
	bs_ball_state s = bs_world_ball_state(world, 0, e.time);
	if (e.b == 1) {
		CHECK_EQ_DBL(s.vel.x, -0.5);
		CHECK_EQ_DBL(s.vel.y, 0.5);
		CHECK_REL(e.impulse, 1.5 * BS_DEFAULT_MASS, 1e-15);
	} else {
		CHECK_EQ_INT(e.b, 3);
		CHECK_EQ_DBL(s.vel.x, 1.0);
		CHECK_EQ_DBL(s.vel.y, -0.25);
	}
	bs_world_destroy(world);
}

static void def_check_reports_problems(void) {
	bs_world_def def = bs_default_world_def();
	bs_def_report report;
	bs_ball_def balls[3] = {ball_at(1, 0.5, 0.5, 0, 0), ball_at(2, 0.5 + 2 * r * 0.999, 0.5, 0, 0),
		ball_at(3, 1.0, 1.0, 0, 0)};
	def.balls = balls;
	def.ball_count = 3;
	CHECK(!bs_world_def_check(&def, &report));
	CHECK_EQ_INT(report.problem, BS_DEF_OVERLAP);
	CHECK_EQ_INT(report.ball_index, 0);
	CHECK_EQ_INT(report.other_index, 1);
	CHECK_CONTAINS(report.message, "balls 1 and 2 overlap");
	balls[1].pos.x = 0.5 + 2 * r; // exactly touching is allowed
	CHECK(bs_world_def_check(&def, &report));
	balls[2].id = 1;
	CHECK(!bs_world_def_check(&def, &report));
	CHECK_EQ_INT(report.problem, BS_DEF_DUPLICATE_ID);
	balls[2].id = 3;
	balls[2].pos = bs_v2(2.54 - r * 0.5, 1.0);
	CHECK(!bs_world_def_check(&def, &report));
	CHECK_EQ_INT(report.problem, BS_DEF_OUTSIDE_TABLE);
	CHECK_EQ_INT(report.ball_index, 2);
	balls[2].pos = bs_v2(2.54 - r, 1.27 - r); // touching two cushions is inside
	CHECK(bs_world_def_check(&def, &report));
	balls[2].radius = 0.0;
	CHECK(!bs_world_def_check(&def, &report));
	CHECK_EQ_INT(report.problem, BS_DEF_BAD_BALL);
	balls[2].radius = r;
	def.ball_restitution = 1.5;
	CHECK(!bs_world_def_check(&def, &report));
	CHECK_EQ_INT(report.problem, BS_DEF_BAD_NUMBER);
	def.ball_restitution = 1.0;
	CHECK(bs_world_def_check(&def, &report));
	// A choice outside its enum (from a cast, say) is refused, not taken as some default.
	def.order = (bs_storage_order)(BS_ORDER_SPATIAL + 1);
	CHECK(!bs_world_def_check(&def, &report));
	CHECK_EQ_INT(report.problem, BS_DEF_BAD_NUMBER);
	CHECK_CONTAINS(report.message, "order");
	def.order = BS_ORDER_AUTO;
	def.queue = (bs_queue_kind)-1;
	CHECK(!bs_world_def_check(&def, &report));
	CHECK_EQ_INT(report.problem, BS_DEF_BAD_NUMBER);
	CHECK_CONTAINS(report.message, "queue");
	def.queue = BS_QUEUE_AUTO;
	def.neighbour_search = (bs_neighbour_search)(BS_NEIGHBOURS_GRID + 1);
	CHECK(!bs_world_def_check(&def, &report));
	CHECK_EQ_INT(report.problem, BS_DEF_BAD_NUMBER);
	CHECK_CONTAINS(report.message, "neighbour_search");
}

// A kind outside bs_ball_kind (from a cast, say) is refused, not drawn as
// some ball of a game.
static void def_check_refuses_a_kind_outside_the_enum(void) {
	bs_ball_def balls[2] = {ball_at(0, 0.5, 0.5, 0, 0), ball_at(7, 1.5, 0.5, 0, 0)};
	bs_world_def def = world_def_with(balls, 2);
	bs_def_report report;
	balls[1].kind = BS_BALL_CAROM_RED;
	CHECK(bs_world_def_check(&def, &report));
	balls[1].kind = BS_BALL_KIND_COUNT;
	CHECK(!bs_world_def_check(&def, &report));
	CHECK_EQ_INT(report.problem, BS_DEF_BAD_BALL);
	CHECK_EQ_INT(report.ball_index, 1);
	CHECK_CONTAINS(report.message, "ball 7: the kind 12 is not a bs_ball_kind");
	balls[1].kind = (bs_ball_kind)-1;
	CHECK(!bs_world_def_check(&def, &report));
	CHECK_EQ_INT(report.problem, BS_DEF_BAD_BALL);
}

// Each ball keeps the kind its def gave it through every event, whatever
// the storage order, and hands it on: its state, the export, a saved
// scene read back.
static void every_ball_keeps_its_kind(void) {
	const bs_ball_kind kinds[5] = {BS_BALL_SNOOKER_WHITE, BS_BALL_SNOOKER_RED, BS_BALL_NUMBERED, BS_BALL_SNOOKER_BLACK,
		BS_BALL_CAROM_YELLOW};
	bs_ball_def balls[5] = {ball_at(0, 0.4, 0.6, 3.0, 0.4), ball_at(4, 1.0, 0.65, 0, 0), ball_at(2, 1.3, 0.5, 0, 0),
		ball_at(9, 1.8, 0.8, -1.0, 0.2), ball_at(1, 2.1, 0.3, 0, 1.0)};
	for (int i = 0; i < 5; ++i) {
		balls[i].kind = kinds[i];
	}
	for (int pool = 0; pool < 2; ++pool) {
		for (int order = BS_ORDER_AS_GIVEN; order <= BS_ORDER_SPATIAL; ++order) {
			bs_world_def def = pool ? bs_default_pool_world_def() : bs_default_world_def();
			def.table = pool ? bs_table_rect(2.54, 1.27) : def.table;
			def.balls = balls;
			def.ball_count = 5;
			def.order = (bs_storage_order)order;
			def.neighbour_search = BS_NEIGHBOURS_GRID;
			bs_world* world = bs_world_create(&def);
			bs_world_advance(world, 0.8, 0);
			CHECK(bs_world_event_count(world) > 3);
			bs_ball_def exported[5];
			CHECK_EQ_INT(bs_world_export_balls(world, exported), 5);
			for (int i = 0; i < 5; ++i) {
				CHECK_EQ_INT(bs_world_ball_kind(world, i), kinds[i]);
				CHECK_EQ_INT(bs_world_ball_state(world, i, bs_world_time(world)).kind, kinds[i]);
				CHECK_EQ_INT(exported[i].kind, kinds[i]);
			}
			char* text = bs_scene_dump_world(world);
			CHECK_CONTAINS(text, "\"kind\": \"snooker_black\"");
			bs_scene* again = NULL;
			CHECK_SCENE_LOADS(text, "saved.json", again);
			for (int i = 0; again && i < 5; ++i) {
				CHECK_EQ_INT(again->balls[i].kind, kinds[i]);
			}
			bs_scene_destroy(again);
			free(text);
			bs_world_destroy(world);
		}
	}
}

// Runs `count` events and stores their records.
static void run_events(bs_world* world, bs_event* dest, bs_totals* totals, int count) {
	for (int k = 0; k < count; ++k) {
		CHECK(bs_world_step(world));
		dest[k] = bs_world_last_event(world);
		totals[k] = bs_world_totals(world);
	}
}

static void saved_state_continues_the_same_run(void) {
	bs_scene* scene = NULL;
	const char* text = "{\"table\": {\"size\": [2.54, 1.27]}, \"balls\": ["
					   "{\"id\": 0, \"pos\": [0.6, 0.635], \"vel\": [3.0, 0.7]},"
					   "{\"id\": 1, \"pos\": [1.9, 0.66]}, {\"id\": 2, \"pos\": [1.95, 0.7], \"mass\": 0.3},"
					   "{\"id\": 3, \"pos\": [1.2, 0.3], \"vel\": [-1.0, 2.0], \"radius\": 0.02, \"mass\": 0.1},"
					   "{\"id\": 4, \"pos\": [0.3, 1.0], \"vel\": [0.5, -0.25], \"radius\": 0.035}]}";
	CHECK_SCENE_LOADS(text, "inline", scene);
	enum { BEFORE = 137, AFTER = 300 };
	bs_world* whole = bs_world_create(&scene->def);
	bs_world* first = bs_world_create(&scene->def);
	bs_scene_destroy(scene);
	static bs_event ref[BEFORE + AFTER], cont[AFTER];
	static bs_totals ref_totals[BEFORE + AFTER], cont_totals[AFTER];
	run_events(whole, ref, ref_totals, BEFORE + AFTER);
	run_events(first, cont, cont_totals, BEFORE);
	// Stop between events, as `run --until` does, then save and reload.
	bs_event next;
	CHECK(bs_world_peek(first, &next));
	bs_world_advance(first, 0.5 * (bs_world_time(first) + next.time), 0);
	char* saved = bs_scene_dump_world(first);
	CHECK(saved != NULL);
	bs_scene* reloaded = NULL;
	CHECK_SCENE_LOADS(saved, "saved", reloaded);
	CHECK_EQ_DBL(reloaded->def.time, bs_world_time(first));
	bs_world* second = bs_world_create(&reloaded->def);
	run_events(second, cont, cont_totals, AFTER);
	for (int k = 0; k < AFTER; ++k) {
		bs_event a = ref[BEFORE + k], b = cont[k];
		// Exact: the saved anchors make the reloaded world repeat the same arithmetic.
		bool same = a.kind == b.kind && a.a == b.a && a.b == b.b && a.time == b.time &&
			cont_totals[k].kinetic_energy == ref_totals[BEFORE + k].kinetic_energy &&
			cont_totals[k].momentum.x == ref_totals[BEFORE + k].momentum.x &&
			cont_totals[k].momentum.y == ref_totals[BEFORE + k].momentum.y;
		if (!same) {
			char ta[160], tb[160];
			CHECK_FAIL("sequences part at event %d after the reload: %s != %s", k, event_text(a, ta, sizeof ta),
				event_text(b, tb, sizeof tb));
			break;
		}
	}
	free(saved);
	bs_scene_destroy(reloaded);
	bs_world_destroy(whole);
	bs_world_destroy(first);
	bs_world_destroy(second);
}

static void just_resolved_pair_is_not_detected_again(void) {
	// Perfectly inelastic oblique hits leave a closing speed of zero plus or
	// minus rounding along the line of centres. The pair just resolved must
	// never be taken again at the same instant.
	bs_rng rng = bs_rng_make(21);
	int again = 0;
	for (int k = 0; k < 5000; ++k) {
		double angle = bs_rng_range(&rng, -1.2, 1.2);
		bs_ball_def balls[2] = {ball_at(0, 0.8, 0.6, bs_rng_range(&rng, 0.5, 3.0), bs_rng_range(&rng, -0.3, 0.3)),
			ball_at(1, 0.8 + 0.2 * cos(angle), 0.6 + 0.2 * sin(angle), 0.0, 0.0)};
		balls[1].mass = bs_rng_range(&rng, 0.1, 0.4);
		bs_world* world = make_world(balls, 2, 0.0, 1.0);
		if (bs_world_step(world) && bs_world_last_event(world).kind == BS_EVENT_BALL) {
			bs_event hit = bs_world_last_event(world);
			bs_event next;
			if (bs_world_peek(world, &next) && next.kind == BS_EVENT_BALL && next.time == hit.time) {
				again += 1;
			}
		}
		bs_world_destroy(world);
	}
	CHECK_EQ_INT(again, 0);
}

static void gases_are_the_same_on_every_compiler(void) {
	// C leaves the order of a call's arguments to the compiler: a gas whose
	// two velocity components came from one call, bs_v2(draw(), draw()),
	// was another gas under clang than under gcc. These are the first three
	// discs of a small lattice gas, drawn y before x, as every compiler
	// must now make them.
	bs_gas_def gas = bs_default_gas_def();
	gas.count = 10;
	gas.seed = 5;
	gas.melt_collisions = 0;
	bs_ball_def balls[10];
	bs_world_def def;
	CHECK(bs_gas_make(&gas, &def, balls));
	const double expected[3][4] = {
		{0x1.8f3ea9957af85p-5, 0x1.2b6eff301c3a4p-5, 0x1.56b05beaa0604p-1, 0x1.87cd4cea523p-8},
		{0x1.2b6eff301c3a4p-3, 0x1.2b6eff301c3a4p-5, 0x1.d111bb0324384p-3, 0x1.8e59faa034e26p-1},
		{0x1.8f3ea9957af85p-4, 0x1.c1267ec82a576p-4, 0x1.bfa224caf8fa8p-1, 0x1.ce9a99c1c94d2p-2},
	};
	for (int i = 0; i < 3; ++i) {
		CHECK_SAME_BITS(balls[i].pos.x, expected[i][0]);
		CHECK_SAME_BITS(balls[i].pos.y, expected[i][1]);
		CHECK_SAME_BITS(balls[i].vel.x, expected[i][2]);
		CHECK_SAME_BITS(balls[i].vel.y, expected[i][3]);
	}
}

// A periodic coordinate wraps into [0, length) whatever the rounding of
// x / length and of length * floor(x / length): fuzzing found a disc at
// y = 0.3 - 0.2 t, t = 271.5 s, in a box 2.7 m tall reported at
// y = -7.1e-15 (the quotient rounded onto -20), off the table. Coordinates
// within a few ulps of every multiple of the length, of random lengths.
static void periodic_coordinates_wrap_into_the_box(void) {
	bs_rng rng = bs_rng_make(271);
	int checked = 0;
	for (int trial = 0; trial < 20000; ++trial) {
		double length = trial == 0 ? 2.7 : bs_rng_range(&rng, 1e-3, 1e3);
		double k = floor(bs_rng_range(&rng, -1e6, 1e6));
		double x = k * length;
		for (int step = 0; step < 8; ++step) {
			x = nextafter(x, trial % 2 ? -INFINITY : INFINITY);
			double wrapped = bs_periodic_wrap(x, length);
			checked += 1;
			if (!(wrapped >= 0.0 && wrapped < length)) {
				CHECK_FAIL("bs_periodic_wrap(%.17g, %.17g) = %.17g, outside [0, length)", x, length, wrapped);
			}
		}
	}
	double fuzzed = bs_periodic_wrap(0.3 - 0.2 * 271.5, 2.7);
	CHECK(fuzzed >= 0.0 && fuzzed < 2.7);
	CHECK(checked == 160000);
}

// Validation finds what it is there to find: a state broken behind the
// engine's back (a ball moved onto another, a ball moved off the table)
// fails bs_world_validate, which names the problem, and passes again once
// mended. Every other test runs a correct engine, which a validation that
// checked nothing would pass as well.
static void validation_finds_a_broken_state(void) {
	bs_ball_def balls[3] = {ball_at(0, 0.5, 0.5, 1.0, 0.0), ball_at(1, 1.5, 0.6, 0.0, 0.0),
		ball_at(2, 2.0, 0.3, 0.0, 0.5)};
	bs_world* world = make_world(balls, 3, 1.0, 1.0);
	char problem[256];
	CHECK(bs_world_validate(world, problem, sizeof problem));
	bs_ball* moved = &world->balls[bs_world_storage_of_id(world, 1)];
	bs_ball kept = *moved;

	// Half a radius apart: they overlap by a radius and a half.
	moved->pos = bs_v2(0.5 + 0.5 * r, 0.5);
	CHECK(!bs_world_validate(world, problem, sizeof problem));
	CHECK_CONTAINS(problem, "overlap");
	// Just touching is allowed.
	moved->pos = bs_v2(0.5 + 2.0 * r, 0.5);
	CHECK(bs_world_validate(world, problem, sizeof problem));
	// A micrometre into each other is not.
	moved->pos = bs_v2(0.5 + 2.0 * r - 1e-6, 0.5);
	CHECK(!bs_world_validate(world, problem, sizeof problem));
	CHECK_CONTAINS(problem, "balls 0 and 1 overlap");

	// Off the table, and half over the cushion.
	moved->pos = bs_v2(-1.0, 0.6);
	CHECK(!bs_world_validate(world, problem, sizeof problem));
	CHECK_CONTAINS(problem, "ball 1 at");
	CHECK_CONTAINS(problem, "has left the table");
	moved->pos = bs_v2(1.5, 0.5 * r);
	CHECK(!bs_world_validate(world, problem, sizeof problem));
	CHECK_CONTAINS(problem, "has left the table");

	*moved = kept;
	CHECK(bs_world_validate(world, problem, sizeof problem));
	bs_world_destroy(world);
}

int main(void) {
	RUN(validation_finds_a_broken_state);
	RUN(head_on_record);
	RUN(state_is_exact_extrapolation);
	RUN(advance_stops_exactly_at_time);
	RUN(newtons_cradle);
	RUN(touching_cluster_resolves_finitely);
	RUN(restitution_zero_pair_is_not_redetected);
	RUN(cushion_restitution_scales_normal_speed);
	RUN(def_check_reports_problems);
	RUN(def_check_refuses_a_kind_outside_the_enum);
	RUN(every_ball_keeps_its_kind);
	RUN(saved_state_continues_the_same_run);
	RUN(just_resolved_pair_is_not_detected_again);
	RUN(gases_are_the_same_on_every_compiler);
	RUN(periodic_coordinates_wrap_into_the_box);
	return check_summary();
}
