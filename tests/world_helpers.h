// Helpers for the tests that build worlds: balls, defs, gases and scenes,
// placing balls by rejection, comparing events and totals field by field, and
// checks that say what is wrong with a world or a def.
#ifndef BREAKSHOT_TESTS_WORLD_HELPERS_H
#define BREAKSHOT_TESTS_WORLD_HELPERS_H

#include <stdio.h>

#include <breakshot/gas.h>
#include <breakshot/scene.h>
#include <breakshot/world.h>

#include "check.h"
#include "table_internal.h"

/// A ball with the default radius and mass at (x, y) moving at (vx, vy).
static inline bs_ball_def ball_at(int id, double x, double y, double vx, double vy) {
	bs_ball_def ball = bs_default_ball_def();
	ball.id = id;
	ball.pos = bs_v2(x, y);
	ball.vel = bs_v2(vx, vy);
	return ball;
}

/// The default world def (the plain 2.54 x 1.27 m table) holding `balls`.
static inline bs_world_def world_def_with(const bs_ball_def* balls, int count) {
	bs_world_def def = bs_default_world_def();
	def.balls = balls;
	def.ball_count = count;
	return def;
}

/// A world made from world_def_with(balls, count).
static inline bs_world* world_with(const bs_ball_def* balls, int count) {
	bs_world_def def = world_def_with(balls, count);
	return bs_world_create(&def);
}

/// `def` with the state `world` (made from it) has reached: its time, and
/// the balls exported into `balls` (room for every ball), anchors set.
static inline bs_world_def saved_def(const bs_world_def* def, const bs_world* world, bs_ball_def* balls) {
	bs_world_def saved = *def;
	saved.time = bs_world_time(world);
	saved.balls = balls;
	saved.ball_count = bs_world_export_balls(world, balls);
	return saved;
}

/// The geometry a world works out from a table def (table_internal.h).
static inline bs_table geometry_of(const bs_table_def* def) {
	bs_table table;
	bs_table_build(def, &table);
	return table;
}

/// Whether `ball` overlaps none of balls[0, count) on `table` (by the nearest
/// images on a periodic table): the test of placing balls by rejection.
static inline bool spot_is_free(const bs_table_def* table, const bs_ball_def* balls, int count, const bs_ball_def* ball) {
	for (int k = 0; k < count; ++k) {
		double sigma = ball->radius + balls[k].radius;
		bs_vec2 d = bs_table_def_nearest(table, bs_v2_sub(ball->pos, balls[k].pos));
		if (!(bs_v2_len2(d) > sigma * sigma)) {
			return false;
		}
	}
	return true;
}

/// A periodic gas of `count` default balls at area fraction `fraction` (see
/// bs_gas_make) in `balls` and `dest`; false, as a failed check, when it
/// cannot be made.
static inline bool make_periodic_gas(int count, double fraction, bs_ball_def* balls, bs_world_def* dest) {
	bs_gas_def gas = bs_default_gas_def();
	gas.count = count;
	gas.fraction = fraction;
	gas.periodic = true;
	bool made = bs_gas_make(&gas, dest, balls);
	if (!made) {
		CHECK_FAIL("no periodic gas of %d balls at %g", count, fraction);
	}
	return made;
}

/// The momentum the balls carry, the sum of m |v|: the scale for measuring
/// how well momentum is kept.
static inline double momentum_scale(const bs_ball_def* balls, int count) {
	double scale = 0.0;
	for (int i = 0; i < count; ++i) {
		scale += balls[i].mass * bs_v2_len(balls[i].vel);
	}
	return scale;
}

/// Field by field (structs have padding, so memcmp is not a comparison).
static inline bool same_event(bs_event x, bs_event y) {
	return x.kind == y.kind && x.time == y.time && x.a == y.a && x.b == y.b && x.impulse == y.impulse &&
		x.point.x == y.point.x && x.point.y == y.point.y && x.normal.x == y.normal.x && x.normal.y == y.normal.y;
}

static inline bool same_totals(bs_totals x, bs_totals y) {
	return x.kinetic_energy == y.kinetic_energy && x.momentum.x == y.momentum.x && x.momentum.y == y.momentum.y &&
		x.balls_on_table == y.balls_on_table && x.pocketed_energy == y.pocketed_energy;
}

/// An event for a failure message: "ball 3-7 at 0.5 impulse 0.25".
static inline const char* event_text(bs_event e, char* dest, size_t size) {
	snprintf(dest, size, "%s %d-%d at %.17g impulse %.17g", bs_event_kind_name(e.kind), e.a, e.b, e.time, e.impulse);
	return dest;
}

/// same_event(actual, expected), printing both events when they differ.
#define CHECK_SAME_EVENT(actual, expected)                                                                             \
	do {                                                                                                               \
		bs_event check_x_ = (actual), check_y_ = (expected);                                                           \
		if (!same_event(check_x_, check_y_)) {                                                                         \
			char check_tx_[160], check_ty_[160];                                                                       \
			CHECK_FAIL("CHECK_SAME_EVENT(%s, %s) failed: %s != %s", #actual, #expected,                                \
				event_text(check_x_, check_tx_, sizeof check_tx_), event_text(check_y_, check_ty_, sizeof check_ty_)); \
		}                                                                                                              \
	} while (0)

/// same_totals(actual, expected), printing both when they differ.
#define CHECK_SAME_TOTALS(actual, expected)                                                                            \
	do {                                                                                                               \
		bs_totals check_x_ = (actual), check_y_ = (expected);                                                          \
		if (!same_totals(check_x_, check_y_)) {                                                                        \
			CHECK_FAIL("CHECK_SAME_TOTALS(%s, %s) failed: energy %.17g, momentum (%.17g, %.17g), %d on the table, "    \
					   "%.17g pocketed != energy %.17g, momentum (%.17g, %.17g), %d on the table, %.17g pocketed",     \
				#actual, #expected, check_x_.kinetic_energy, check_x_.momentum.x, check_x_.momentum.y,                 \
				check_x_.balls_on_table, check_x_.pocketed_energy, check_y_.kinetic_energy, check_y_.momentum.x,       \
				check_y_.momentum.y, check_y_.balls_on_table, check_y_.pocketed_energy);                               \
		}                                                                                                              \
	} while (0)

/// bs_world_validate passes; on failure prints what it found.
#define CHECK_VALID(world)                                                                                             \
	do {                                                                                                               \
		char check_problem_[256];                                                                                      \
		if (!bs_world_validate((world), check_problem_, sizeof check_problem_)) {                                      \
			CHECK_FAIL("CHECK_VALID(%s) failed: %s", #world, check_problem_);                                          \
		}                                                                                                              \
	} while (0)

/// bs_scene_create_text(text, name) accepts the scene, into the pointer
/// `scene`. On failure prints the reader's message and returns from the
/// calling test function, which must return void.
#define CHECK_SCENE_LOADS(text, name, scene)                                                                           \
	do {                                                                                                               \
		char check_error_[512];                                                                                        \
		if (!((scene) = bs_scene_create_text((text), (name), check_error_, sizeof check_error_))) {                    \
			CHECK_FAIL("CHECK_SCENE_LOADS(%s) failed: %s", #text, check_error_);                                       \
			return;                                                                                                    \
		}                                                                                                              \
	} while (0)

/// bs_world_def_check passes; on failure prints its report.
#define CHECK_DEF_OK(def)                                                                                              \
	do {                                                                                                               \
		bs_def_report check_report_;                                                                                   \
		if (!bs_world_def_check((def), &check_report_)) {                                                              \
			CHECK_FAIL("CHECK_DEF_OK(%s) failed: %s", #def, check_report_.message);                                    \
		}                                                                                                              \
	} while (0)

#endif
