// The snooker and carom tables: their dimensions, the rounded jaws (tangent
// to the noses and facings, their circles inside the cushions), where a ball
// may stand beside an arc, the cushion heights a scene gets by default,
// runs aimed at the arcs under both physics, and soaks of racked and
// scattered breaks on both tables.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <breakshot/scene.h>
#include <breakshot/world.h>

#include "check.h"
#include "placement.h"
#include "rng.h"
#include "table_internal.h"

static const double snooker_radius = 0.02625; // 52.5 mm balls
static const double snooker_mass = 0.142;
static const double carom_radius = 0.03075; // 61.5 mm balls
static const double carom_mass = 0.21;

static bs_table preset_geometry_of(const char* name, bool pockets) {
	bs_table_def def;
	bs_table table;
	memset(&table, 0, sizeof table);
	if (!bs_table_preset(name, pockets, &def)) {
		CHECK_FAIL("no preset \"%s\"", name);
		return table;
	}
	bs_table_build(&def, &table);
	return table;
}

static bool same_point(bs_vec2 a, bs_vec2 b) {
	return a.x == b.x && a.y == b.y;
}

// ---------------------------------------------------------------------------
// Dimensions

static void snooker_has_the_wpbsa_playing_area_and_rounded_jaws(void) {
	bs_table t = preset_geometry_of("snooker", true);
	CHECK_EQ_DBL(t.width, 3.569);
	CHECK_EQ_DBL(t.height, 1.778);
	CHECK_EQ_INT(t.pocket_count, 6);
	CHECK_EQ_INT(t.cushion_count, 18);
	CHECK_EQ_INT(t.jaw_count, 24);
	for (int k = 0; k < 6; ++k) {
		bool side = k == 1 || k == 4;
		const bs_pocket* pocket = &t.pockets[k];
		CHECK_NEAR(pocket->radius, side ? 1.68 * 0.0254 : 0.043, 1e-15);
		double rho = side ? 2.5 * 0.0254 : 3.6 * 0.0254;
		bs_vec2 starts[2];
		for (int s = 0; s < 2; ++s) {
			const bs_arc* arc = &t.jaws[4 * k + s];
			CHECK_NEAR(arc->radius, rho, 1e-15);
			// One end on a nose, where the nose ends, the other where a
			// facing begins; each segment tangent to the arc there: the
			// radius to the end along the segment's normal.
			int nose = s == 0 ? (k + 5) % 6 : k;
			const bs_segment* facing = &t.cushions[6 + 2 * k + s];
			bs_vec2 nose_end = s == 0 ? t.cushions[nose].b : t.cushions[nose].a;
			bool start_on_nose = same_point(arc->start, nose_end);
			CHECK(start_on_nose || same_point(arc->end, nose_end));
			bs_vec2 other = start_on_nose ? arc->end : arc->start;
			bool facing_from_a = same_point(facing->a, other);
			CHECK(facing_from_a || same_point(facing->b, other));
			starts[s] = other;
			bs_vec2 segments_normal[2] = {bs_segment_normal(t.cushions[nose]), bs_segment_normal(*facing)};
			bs_vec2 ends[2] = {nose_end, other};
			for (int e = 0; e < 2; ++e) {
				bs_vec2 radial = bs_v2_sub(ends[e], arc->centre);
				CHECK_NEAR(bs_v2_len(radial), rho, 1e-15);
				CHECK_NEAR(bs_v2_dot(bs_v2_normalize(radial), segments_normal[e]), 1.0, 1e-14);
			}
			// The facing ends on the capture circle.
			bs_vec2 far = facing_from_a ? facing->b : facing->a;
			CHECK_NEAR(bs_v2_len(bs_v2_sub(far, pocket->centre)), pocket->radius, 1e-15);
			CHECK(same_point(t.jaws[4 * k + 2 + s].centre, far));
			CHECK_EQ_DBL(t.jaws[4 * k + 2 + s].radius, 0.0);
		}
		// The mouth where the facings begin: 89 mm at the corners, 83 mm at
		// the middle pockets.
		CHECK_NEAR(bs_v2_len(bs_v2_sub(starts[0], starts[1])), side ? 0.083 : 0.089, 1e-15);
		CHECK_NEAR(pocket->mouth, side ? 0.083 : 0.089, 0.0);
	}
	// The corner jaws' arcs turn through 38 degrees, the middle ones' 76.
	for (int j = 0; j < 24; j += 4) {
		const bs_arc* arc = &t.jaws[j];
		double angle = acos(bs_v2_dot(bs_v2_normalize(bs_v2_sub(arc->start, arc->centre)),
			bs_v2_normalize(bs_v2_sub(arc->end, arc->centre))));
		bool side = j == 4 || j == 16;
		CHECK_NEAR(angle * 180.0 / BS_PI, side ? 76.0 : 38.0, 1e-9);
	}
}

static void carom_is_the_umb_table_without_pockets(void) {
	for (int pockets = 0; pockets < 2; ++pockets) {
		bs_table_def def;
		CHECK(bs_table_preset("carom", pockets, &def));
		CHECK_EQ_DBL(def.width, 2.84);
		CHECK_EQ_DBL(def.height, 1.42);
		CHECK(!def.has_pockets);
		CHECK_EQ_STR(def.preset, "carom");
		bs_table t = preset_geometry_of("carom", pockets);
		CHECK_EQ_INT(t.cushion_count, 4);
		CHECK_EQ_INT(t.jaw_count, 0);
		CHECK_EQ_INT(t.pocket_count, 0);
	}
	// A def that claims pockets on it is refused.
	bs_table_def def;
	CHECK(bs_table_preset("carom", true, &def));
	def.has_pockets = true;
	CHECK(bs_table_def_problem(&def) != NULL);
	CHECK(bs_table_create(&def) == NULL);
}

// The pool tables keep their point jaws.
static void pool_tables_keep_point_jaws(void) {
	const char* names[] = {"7ft", "8ft", "9ft"};
	for (int n = 0; n < 3; ++n) {
		bs_table t = preset_geometry_of(names[n], true);
		for (int j = 0; j < t.jaw_count; ++j) {
			CHECK_EQ_DBL(t.jaws[j].radius, 0.0);
			CHECK(same_point(t.jaws[j].start, t.jaws[j].centre) && same_point(t.jaws[j].end, t.jaws[j].centre));
		}
	}
	CHECK_EQ_STR(BS_TABLE_PRESET_NAMES, "7ft, 8ft, 9ft, snooker, carom");
}

static void presets_name_their_cushion_heights(void) {
	CHECK_EQ_DBL(bs_table_preset_cushion_height("carom"), 37.0 / 61.5);
	CHECK_EQ_DBL(bs_table_preset_cushion_height("snooker"), 28.0 / 52.5);
	CHECK_EQ_DBL(bs_table_preset_cushion_height("9ft"), 0.64);
	CHECK_EQ_DBL(bs_table_preset_cushion_height(""), 0.64);
	CHECK_EQ_DBL(bs_default_pool_def().cushion_height, 0.64);
}

// A scene gets its table's cushion height unless its "pool" names one.
static void scenes_default_to_their_tables_cushion_height(void) {
	struct {
		const char* table;
		const char* pool;
		double expected;
	} cases[] = {
		{"{\"preset\": \"carom\"}", "", 37.0 / 61.5},
		{"{\"preset\": \"snooker\"}", "", 28.0 / 52.5},
		{"{\"preset\": \"9ft\"}", "", 0.64},
		{"{\"size\": [2.84, 1.42]}", ", \"physics\": \"pool\"", 0.64},
		{"{\"preset\": \"carom\"}", ", \"pool\": {\"cushion_height\": 0.7}", 0.7},
		{"{\"preset\": \"snooker\"}", ", \"pool\": {\"sliding_friction\": 0.2}", 28.0 / 52.5},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
		char text[512];
		snprintf(text, sizeof text, "{\"table\": %s%s, \"balls\": [{\"id\": 0, \"pos\": [1.0, 0.7]}]}", cases[k].table,
			cases[k].pool);
		char error[256] = "";
		bs_scene* scene = bs_scene_create_text(text, "case", error, sizeof error);
		if (!scene) {
			CHECK_FAIL("case %zu: %s", k, error);
			continue;
		}
		CHECK_EQ_DBL(scene->def.pool.cushion_height, cases[k].expected);
		bs_scene_destroy(scene);
	}
	// Pockets asked for on the carom table: one clear message.
	char error[256] = "";
	bs_scene* scene = bs_scene_create_text("{\"table\": {\"preset\": \"carom\", \"pockets\": true}, \"balls\": []}",
		"carom", error, sizeof error);
	CHECK(scene == NULL);
	CHECK_CONTAINS(error, "table.pockets: the \"carom\" table has no pockets");
	bs_scene_destroy(scene);
}

// ---------------------------------------------------------------------------
// Where a ball may stand

// A ball overlapping an arc is refused by the def check, one just clear of
// it is accepted: in the middle of each arc's span and near its ends.
static void def_check_refuses_a_ball_overlapping_an_arc(void) {
	bs_table_def table_def;
	CHECK(bs_table_preset("snooker", true, &table_def));
	bs_table t = preset_geometry_of("snooker", true);
	int refused = 0, accepted = 0;
	for (int j = 0; j < t.jaw_count; ++j) {
		const bs_arc* arc = &t.jaws[j];
		if (!(arc->radius > 0.0)) {
			continue;
		}
		double from = atan2(arc->start.y - arc->centre.y, arc->start.x - arc->centre.x);
		double to = atan2(arc->end.y - arc->centre.y, arc->end.x - arc->centre.x);
		to += to < from ? 2.0 * BS_PI : 0.0;
		for (int f = 1; f < 10; ++f) {
			double angle = from + (to - from) * f / 10.0;
			bs_vec2 u = bs_v2(cos(angle), sin(angle));
			for (int clear = 0; clear < 2; ++clear) {
				double distance = arc->radius + snooker_radius * (clear ? 1.0 + 1e-6 : 1.0 - 1e-4);
				bs_ball_def ball = bs_default_ball_def();
				ball.radius = snooker_radius;
				ball.mass = snooker_mass;
				ball.pos = bs_v2_mad(arc->centre, distance, u);
				bs_world_def def = bs_default_world_def();
				def.table = table_def;
				def.physics = BS_PHYSICS_POOL;
				def.pool = bs_default_pool_def();
				def.balls = &ball;
				def.ball_count = 1;
				bs_def_report report;
				bool ok = bs_world_def_check(&def, &report);
				bool inside = bs_ball_inside_table(&t, ball.pos, ball.radius, 0.0, 0.0);
				if (clear) {
					accepted += ok;
					if (!ok || !inside) {
						CHECK_FAIL("jaw %d at %.3f rad: a ball clear of the arc is refused (%s)", j, angle,
							report.message);
					}
				} else {
					refused += !ok;
					if (ok || inside || report.problem != BS_DEF_OUTSIDE_TABLE) {
						CHECK_FAIL("jaw %d at %.3f rad: a ball overlapping the arc is accepted", j, angle);
					}
				}
			}
		}
	}
	CHECK_EQ_INT(refused, 12 * 9);
	CHECK_EQ_INT(accepted, 12 * 9);
}

// Distance from p to the arc itself (its span only, ends included).
static double distance_to_arc(const bs_arc* arc, bs_vec2 p) {
	double from = atan2(arc->start.y - arc->centre.y, arc->start.x - arc->centre.x);
	double to = atan2(arc->end.y - arc->centre.y, arc->end.x - arc->centre.x);
	to += to < from ? 2.0 * BS_PI : 0.0;
	double angle = atan2(p.y - arc->centre.y, p.x - arc->centre.x);
	while (angle < from) {
		angle += 2.0 * BS_PI;
	}
	if (angle <= to) {
		return fabs(bs_v2_len(bs_v2_sub(p, arc->centre)) - arc->radius);
	}
	return fmin(bs_v2_len(bs_v2_sub(p, arc->start)), bs_v2_len(bs_v2_sub(p, arc->end)));
}

// Whether the ray from `p` along +x crosses the segment from a to b (each
// vertex counted once).
static bool crosses(bs_vec2 p, bs_vec2 a, bs_vec2 b) {
	if ((a.y > p.y) == (b.y > p.y)) {
		return false;
	}
	return a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) > p.x;
}

// The placement rules with the arcs as arcs: a centre is refused within r
// of a segment, outside the region the segments, the arcs and the capture
// chords bound, or inside a capture circle (the caller tests the distance
// to the arcs).
static bool refused_without_circles(const bs_table* t, bs_vec2 p, double r) {
	bool inside = false;
	for (int s = 0; s < t->cushion_count; ++s) {
		if (bs_v2_distance_to_segment(p, t->cushions[s].a, t->cushions[s].b) < r) {
			return true;
		}
		inside ^= crosses(p, t->cushions[s].a, t->cushions[s].b);
	}
	for (int j = 0; j < t->jaw_count; ++j) {
		if (t->jaws[j].radius > 0.0) {
			inside ^= crosses(p, t->jaws[j].start, t->jaws[j].end);
		}
	}
	for (int k = 0; k < t->pocket_count; ++k) {
		const bs_pocket* pocket = &t->pockets[k];
		if (bs_v2_len(bs_v2_sub(p, pocket->centre)) <= pocket->radius) {
			return true;
		}
		inside ^= crosses(p, t->jaws[pocket->first_jaw + 2].centre, t->jaws[pocket->first_jaw + 3].centre);
	}
	// Between an arc and its chord is the jaw's rubber, not the polygon's
	// inside: the arc, not its chord, bounds the playing surface.
	for (int j = 0; j < t->jaw_count; ++j) {
		const bs_arc* arc = &t->jaws[j];
		if (arc->radius > 0.0 && bs_v2_len(bs_v2_sub(p, arc->centre)) < arc->radius) {
			bs_vec2 chord = bs_v2_sub(arc->end, arc->start);
			double side_of_p = bs_v2_cross(chord, bs_v2_sub(p, arc->start));
			double side_of_centre = bs_v2_cross(chord, bs_v2_sub(arc->centre, arc->start));
			inside ^= (side_of_p > 0.0) != (side_of_centre > 0.0);
		}
	}
	return !inside;
}

// Why the span is never tested (docs/engine.md, "Jaws"): every centre
// within r + rho of an arc's centre is refused by the rules that test the
// arc with its span (its distance to the arc itself, the segments, the
// polygon, the capture circles), for balls of every size the tables take
// pool, snooker and carom balls of. Sampled over each arc's whole disc.
static void whole_circles_refuse_only_what_the_arcs_do(void) {
	bs_table t = preset_geometry_of("snooker", true);
	bs_rng rng = bs_rng_make(5);
	double radii[] = {0.02625, 0.028575, 0.03075, 0.005, 0.06};
	int samples = 0;
	for (int j = 0; j < t.jaw_count; ++j) {
		const bs_arc* arc = &t.jaws[j];
		if (!(arc->radius > 0.0)) {
			continue;
		}
		for (int k = 0; k < 5; ++k) {
			double r = radii[k];
			for (int n = 0; n < 4000; ++n) {
				double reach = (arc->radius + r) * sqrt(bs_rng_uniform(&rng)) * (1.0 - 1e-9);
				double angle = bs_rng_range(&rng, 0.0, 2.0 * BS_PI);
				bs_vec2 p = bs_v2_mad(arc->centre, reach, bs_v2(cos(angle), sin(angle)));
				samples += 1;
				bool refused_by_arcs = false;
				for (int i = 0; i < t.jaw_count && !refused_by_arcs; ++i) {
					refused_by_arcs = distance_to_arc(&t.jaws[i], p) < r;
				}
				bool refused_otherwise = refused_without_circles(&t, p, r);
				if (!(refused_by_arcs || refused_otherwise)) {
					CHECK_FAIL("jaw %d, r = %g: (%.17g, %.17g), %.6g m from the centre, is refused only by the "
							   "whole circle",
						j, r, p.x, p.y, reach);
				}
			}
		}
	}
	printf("  %d centres within r + rho of the arcs' centres, all refused with the span tested\n", samples);
}

// ---------------------------------------------------------------------------
// Runs

typedef struct run_tally {
	long events;
	long jaw_events;
	long rounded_jaw_events;
	long pocketed;
} run_tally;

// Steps a world to rest (or `until` s), validating every event, checking
// that the energy on the table and in the pockets never rises, that every
// ball is on the table or pocketed, and that every contact with a rounded
// jaw falls within its arc's span (to a relative 1e-9 of the radius).
static bool run_checked(bs_world* world, double until, run_tally* tally) {
	char problem[256];
	const bs_table* table = bs_world_table(world);
	bs_totals start = bs_world_totals(world);
	double energy = start.kinetic_energy + start.pocketed_energy;
	bs_event next;
	while (bs_world_peek(world, &next) && next.time <= until) {
		bs_world_step(world);
		bs_event e = bs_world_last_event(world);
		tally->events += 1;
		if (!bs_world_validate(world, problem, sizeof problem)) {
			CHECK_FAIL("event %ld: %s", tally->events, problem);
			return false;
		}
		bs_totals totals = bs_world_totals(world);
		double now = totals.kinetic_energy + totals.pocketed_energy;
		if (now > energy * (1.0 + 1e-12)) {
			CHECK_FAIL("event %ld (%s): the energy rose from %.17g J to %.17g J", tally->events,
				bs_event_kind_name(e.kind), energy, now);
			return false;
		}
		energy = now;
		if (e.kind == BS_EVENT_JAW) {
			tally->jaw_events += 1;
			bs_arc arc = bs_table_arc(table, e.b);
			if (arc.radius > 0.0) {
				tally->rounded_jaw_events += 1;
				if (!(distance_to_arc(&arc, e.point) <= 1e-9 * arc.radius)) {
					CHECK_FAIL("event %ld: jaw %d met at (%.17g, %.17g), %.3g m off its arc", tally->events, e.b,
						e.point.x, e.point.y, distance_to_arc(&arc, e.point));
					return false;
				}
			}
		}
		if (tally->events > 10000000) {
			CHECK_FAIL("more than 10^7 events");
			return false;
		}
	}
	bs_totals end = bs_world_totals(world);
	int count = bs_world_ball_count(world);
	tally->pocketed += count - end.balls_on_table;
	for (int i = 0; i < count; ++i) {
		bs_ball_state ball = bs_world_ball_state(world, i, bs_world_time(world));
		if (!ball.pocketed && !bs_ball_inside_table(table, ball.pos, ball.radius, 1e-9, 0.0)) {
			CHECK_FAIL("ball %d ended at (%.17g, %.17g), off the table", ball.id, ball.pos.x, ball.pos.y);
			return false;
		}
	}
	return true;
}

static bs_world_def table_world(const char* preset, bs_physics physics) {
	bs_world_def def = bs_default_world_def();
	CHECK(bs_table_preset(preset, true, &def.table));
	def.physics = physics;
	if (physics == BS_PHYSICS_POOL) {
		def.pool = bs_default_pool_def();
		def.pool.cushion_height = bs_table_preset_cushion_height(preset);
		def.ball_restitution = BS_POOL_BALL_RESTITUTION;
		def.cushion_restitution = BS_POOL_CUSHION_RESTITUTION;
	}
	return def;
}

// Balls sent at every rounded jaw from many directions, alone, under both
// physics (sliding with random spin under pool physics): every event
// valid, no contact off an arc's span.
static void balls_sent_at_the_arcs_stay_on_the_table(void) {
	bs_rng rng = bs_rng_make(11);
	bs_table t = preset_geometry_of("snooker", true);
	int shots = check_scaled(400, 40);
	run_tally tally = {0};
	for (int physics = 0; physics < 2; ++physics) {
		for (int shot = 0; shot < shots; ++shot) {
			int j;
			do {
				j = (int)(bs_rng_next(&rng) % (uint64_t)t.jaw_count);
			} while (!(t.jaws[j].radius > 0.0));
			const bs_arc* arc = &t.jaws[j];
			double from = atan2(arc->start.y - arc->centre.y, arc->start.x - arc->centre.x);
			double to = atan2(arc->end.y - arc->centre.y, arc->end.x - arc->centre.x);
			to += to < from ? 2.0 * BS_PI : 0.0;
			// A point on the span, its ends included, and a start a little
			// way out from it, along the normal turned by up to 80 degrees.
			double f = shot % 4 == 0 ? (double)(shot / 4 % 2) : bs_rng_uniform(&rng);
			double angle = from + (to - from) * f;
			bs_vec2 u = bs_v2(cos(angle), sin(angle));
			double turn = bs_rng_range(&rng, -1.4, 1.4);
			bs_vec2 back = bs_v2(u.x * cos(turn) - u.y * sin(turn), u.x * sin(turn) + u.y * cos(turn));
			bs_ball_def ball = bs_default_ball_def();
			ball.radius = snooker_radius;
			ball.mass = snooker_mass;
			ball.pos = bs_v2_mad(bs_v2_mad(arc->centre, arc->radius + snooker_radius, u), bs_rng_range(&rng, 0.05, 0.4),
				back);
			ball.vel = bs_v2_scale(-bs_rng_range(&rng, 0.3, 5.0), back);
			bs_world_def def = table_world("snooker", physics ? BS_PHYSICS_POOL : BS_PHYSICS_IDEAL);
			if (physics) {
				ball.omega = bs_v3(bs_rng_range(&rng, -100, 100), bs_rng_range(&rng, -100, 100),
					bs_rng_range(&rng, -60, 60));
			}
			def.balls = &ball;
			def.ball_count = 1;
			bs_def_report report;
			if (!bs_world_def_check(&def, &report)) {
				continue; // a start inside another obstacle
			}
			bs_world* world = bs_world_create(&def);
			bool ok = run_checked(world, physics ? 60.0 : 5.0, &tally);
			bs_world_destroy(world);
			if (!ok) {
				fprintf(stderr, "  %s shot %d at jaw %d failed\n", physics ? "pool" : "ideal", shot, j);
				return;
			}
		}
	}
	printf("  %d shots: %ld events, %ld at jaws (%ld rounded), %ld pocketed\n", 2 * shots, tally.events,
		tally.jaw_events, tally.rounded_jaw_events, tally.pocketed);
	CHECK(tally.rounded_jaw_events > shots / 2);
}

// A snooker break: the rack (bs_rack_make, its gap and jitter seeded), the
// cue ball struck from its place in the D at the reds' apex, off by up to
// a ball, with random speed and spin.
static int snooker_break(bs_rng* rng, bs_ball_def* balls) {
	bs_rack_def rack = bs_default_rack_def();
	rack.game = BS_GAME_SNOOKER;
	rack.gap = bs_rng_range(rng, 0.0, 1e-4);
	rack.jitter = bs_rng_range(rng, 0.0, 0.5 * rack.gap);
	rack.seed = bs_rng_next(rng);
	bs_table_def table;
	bs_table_preset("snooker", true, &table);
	int n = bs_rack_make(&rack, &table, balls);
	bs_vec2 apex = bs_v2(INFINITY, 0.0);
	for (int i = 0; i < n; ++i) {
		if (balls[i].kind == BS_BALL_SNOOKER_RED && balls[i].pos.x < apex.x) {
			apex = balls[i].pos;
		}
	}
	bs_vec2 target = bs_v2(apex.x, apex.y + bs_rng_range(rng, -1.0, 1.0) * 2.0 * snooker_radius);
	bs_vec2 dir = bs_v2_normalize(bs_v2_sub(target, balls[0].pos));
	double speed = bs_rng_range(rng, 3.0, 9.0);
	balls[0].vel = bs_v2_scale(speed, dir);
	balls[0].omega = bs_v3(bs_rng_range(rng, -1.0, 1.0) * speed / snooker_radius,
		bs_rng_range(rng, -1.0, 1.0) * speed / snooker_radius, bs_rng_range(rng, -50.0, 50.0));
	return n;
}

// Three-cushion's three balls, by hand: anywhere on the table, the cue
// ball struck hard with spin.
static int carom_shot(bs_rng* rng, bs_ball_def* balls) {
	int n = 0;
	while (n < 3) {
		bs_ball_def ball = bs_default_ball_def();
		ball.id = n;
		ball.radius = carom_radius;
		ball.mass = carom_mass;
		ball.pos = bs_v2(bs_rng_range(rng, 0.05, 2.79), bs_rng_range(rng, 0.05, 1.37));
		bool free = true;
		for (int k = 0; k < n; ++k) {
			free = free && bs_v2_len(bs_v2_sub(balls[k].pos, ball.pos)) > 2.0 * carom_radius + 1e-3;
		}
		if (free) {
			balls[n++] = ball;
		}
	}
	double speed = bs_rng_range(rng, 1.0, 8.0);
	double angle = bs_rng_range(rng, 0.0, 2.0 * BS_PI);
	balls[0].vel = bs_v2(speed * cos(angle), speed * sin(angle));
	balls[0].omega = bs_v3(bs_rng_range(rng, -1.0, 1.0) * speed / carom_radius,
		bs_rng_range(rng, -1.0, 1.0) * speed / carom_radius, bs_rng_range(rng, -80.0, 80.0));
	return n;
}

// 200 seeded breaks on each table (10 in the fast tier), to rest: no
// overlap, every ball on the table or pocketed, energy never rising. The
// snooker breaks start from the rack; the carom shots from anywhere.
static void soak_breaks_on_snooker_and_carom(void) {
	int breaks = check_scaled(200, 10);
	const char* tables[] = {"snooker", "carom"};
	for (int k = 0; k < 2; ++k) {
		bs_rng rng = bs_rng_make(2027 + (uint64_t)k);
		run_tally tally = {0};
		for (int b = 0; b < breaks; ++b) {
			bs_ball_def balls[22];
			int n = k == 0 ? snooker_break(&rng, balls) : carom_shot(&rng, balls);
			bs_world_def def = table_world(tables[k], BS_PHYSICS_POOL);
			def.balls = balls;
			def.ball_count = n;
			bs_def_report report;
			if (!bs_world_def_check(&def, &report)) {
				CHECK_FAIL("%s break %d: %s", tables[k], b, report.message);
				return;
			}
			bs_world* world = bs_world_create(&def);
			bool ok = run_checked(world, 600.0, &tally);
			bs_world_destroy(world);
			if (!ok) {
				fprintf(stderr, "  %s break %d failed\n", tables[k], b);
				return;
			}
		}
		printf("  %s: %d breaks to rest, %ld events, %ld at jaws (%ld rounded), %ld balls pocketed\n", tables[k],
			breaks, tally.events, tally.jaw_events, tally.rounded_jaw_events, tally.pocketed);
	}
}

int main(void) {
	RUN(snooker_has_the_wpbsa_playing_area_and_rounded_jaws);
	RUN(carom_is_the_umb_table_without_pockets);
	RUN(pool_tables_keep_point_jaws);
	RUN(presets_name_their_cushion_heights);
	RUN(scenes_default_to_their_tables_cushion_height);
	RUN(def_check_refuses_a_ball_overlapping_an_arc);
	RUN(whole_circles_refuse_only_what_the_arcs_do);
	RUN(balls_sent_at_the_arcs_stay_on_the_table);
	RUN(soak_breaks_on_snooker_and_carom);
	return check_summary();
}
