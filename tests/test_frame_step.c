// Tests of the frame-stepped baseline (sim/frame_step.h): it moves, resolves
// with the event method's response, and measures what it misses.
#include <math.h>

#include "collide.h"
#include <breakshot/frame_step.h>
#include <breakshot/world.h>

#include "check.h"
#include "world_helpers.h"

// A fast ball at a thin gap between two balls (scenes/thin_gap.json): frames of
// 0.02 s jump over both, frames of 0.0005 s catch the hit, and the event
// method hits first the ball the swept test names.
static void test_thin_gap_is_missed_at_coarse_dt(void) {
	bs_ball_def balls[3] = {ball_at(0, 0.62, 0.645, 8.0, 0.0), ball_at(1, 1.5, 0.675, 0.0, 0.0),
		ball_at(2, 1.5, 0.595, 0.0, 0.0)};
	bs_world_def def = world_def_with(balls, 3);
	CHECK_DEF_OK(&def);

	bs_frames* coarse = bs_frames_create(&def, 0.02);
	CHECK(coarse != NULL);
	for (int k = 0; k < 10; ++k) {
		bs_frames_step(coarse, bs_frames_dt(coarse));
	}
	bs_frame_stats stats = bs_frames_stats(coarse);
	CHECK_EQ_INT(stats.misses, 2);
	CHECK_EQ_INT(stats.contacts_of[BS_EVENT_BALL], 0);
	CHECK_EQ_DBL(stats.largest_overlap, 0.0);
	// The cue ball went straight through, untouched.
	CHECK_EQ_DBL(bs_frames_ball_state(coarse, 0).vel.x, 8.0);
	CHECK_EQ_DBL(bs_frames_ball_state(coarse, 1).vel.x, 0.0);

	bs_world* world = bs_world_create(&def);
	CHECK(bs_world_step(world));
	bs_event first = bs_world_last_event(world);
	CHECK_EQ_INT(first.kind, BS_EVENT_BALL);
	CHECK_EQ_INT(first.a, 0);
	CHECK_EQ_INT(first.b, 1);
	bs_world_destroy(world);

	// The misses' times are the exact times of impact from each frame's start.
	bs_frames* again = bs_frames_create(&def, 0.02);
	int count = 0;
	const bs_frame_miss* misses = NULL;
	for (int k = 0; k < 10 && count == 0; ++k) {
		bs_frames_step(again, 0.02);
		misses = bs_frames_misses(again, &count);
	}
	CHECK_EQ_INT(count, 2);
	if (count == 2) {
		CHECK_EQ_INT(misses[0].a, 0);
		CHECK_EQ_INT(misses[0].b, 1);
		CHECK_REL(misses[0].time, first.time, 1e-12);
		CHECK(misses[0].frame_end > misses[0].time);
	}
	bs_frames_destroy(again);
	bs_frames_destroy(coarse);

	bs_frames* fine = bs_frames_create(&def, 0.0005);
	for (int k = 0; k < 300; ++k) {
		bs_frames_step(fine, bs_frames_dt(fine));
	}
	stats = bs_frames_stats(fine);
	CHECK_EQ_INT(stats.misses, 0);
	CHECK(stats.contacts_of[BS_EVENT_BALL] >= 1);
	CHECK(stats.largest_overlap > 0.0);
	CHECK(stats.largest_overlap < 8.0 * 0.0005);
	bs_frames_destroy(fine);
}

// Ball `first` at 1 m/s towards ball `second` at rest, 5 mm short of
// contact: frames of 0.01 s overshoot contact by 5 mm.
static bs_world_def head_on_pair(bs_ball_def balls[2], int first, int second) {
	double sigma = 2.0 * BS_DEFAULT_RADIUS;
	balls[0] = ball_at(first, 1.0, 0.6, 1.0, 0.0);
	balls[1] = ball_at(second, 1.0 + sigma + 0.005, 0.6, 0.0, 0.0);
	return world_def_with(balls, 2);
}

// Equal masses head on: the same response as the event method swaps the
// velocities; the overlap is exactly how far the frame overshot contact.
static void test_head_on_overlap_and_response(void) {
	double sigma = 2.0 * BS_DEFAULT_RADIUS;
	bs_ball_def balls[2];
	bs_world_def def = head_on_pair(balls, 3, 7);
	bs_frames* frames = bs_frames_create(&def, 0.01);
	int resolved = bs_frames_step(frames, 0.01);
	CHECK_EQ_INT(resolved, 1);
	int count = 0;
	const bs_frame_contact* contacts = bs_frames_contacts(frames, &count);
	CHECK_EQ_INT(count, 1);
	CHECK_EQ_INT(contacts[0].event.kind, BS_EVENT_BALL);
	CHECK_EQ_INT(contacts[0].event.a, 3);
	CHECK_EQ_INT(contacts[0].event.b, 7);
	CHECK_REL(contacts[0].event.impulse, BS_DEFAULT_MASS * 1.0, 1e-12);
	CHECK_NEAR(contacts[0].event.normal.x, 1.0, 1e-15);
	CHECK_REL(contacts[0].totals.kinetic_energy, 0.5 * BS_DEFAULT_MASS, 1e-12);
	CHECK_NEAR(bs_frames_ball_state(frames, 0).vel.x, 0.0, 1e-15);
	CHECK_NEAR(bs_frames_ball_state(frames, 1).vel.x, 1.0, 1e-15);
	bs_frame_stats stats = bs_frames_stats(frames);
	CHECK_NEAR(stats.largest_overlap, 0.005, 1e-12);
	CHECK_REL(stats.largest_overlap_relative, 0.005 / sigma, 1e-9);
	CHECK_EQ_INT(stats.overlap_a, 3);
	CHECK_EQ_INT(stats.overlap_b, 7);
	CHECK_EQ_INT(stats.misses, 0);
	CHECK_NEAR(bs_frames_time(frames), 0.01, 0.0);
	bs_frames_destroy(frames);
}

// With restitution 0 a resolved pair stops approaching but stays overlapped:
// the next frame finds it overlapping while not approaching (stuck).
static void test_inelastic_pair_sticks(void) {
	bs_ball_def balls[2];
	bs_world_def def = head_on_pair(balls, 0, 1);
	def.ball_restitution = 0.0;
	bs_frames* frames = bs_frames_create(&def, 0.01);
	for (int k = 0; k < 5; ++k) {
		bs_frames_step(frames, 0.01);
	}
	bs_frame_stats stats = bs_frames_stats(frames);
	CHECK_EQ_INT(stats.contacts_of[BS_EVENT_BALL], 1);
	CHECK_EQ_INT(stats.stuck, 4);
	CHECK_REL(bs_frames_totals(frames).kinetic_energy, 0.25 * BS_DEFAULT_MASS, 1e-12);
	bs_frames_destroy(frames);
}

// A ball past a wall and moving out is reflected off that cushion, with the
// cushion numbering of bs_table_rect; frame times do not drift.
static void test_wall_reflection_and_time(void) {
	bs_ball_def balls[1] = {ball_at(0, 0.04, 0.04, -3.0, -2.0)};
	bs_world_def def = world_def_with(balls, 1);
	def.time = 1.5;
	def.cushion_restitution = 0.5;
	bs_frames* frames = bs_frames_create(&def, 0.01);
	bs_frames_step(frames, 0.01);
	int count = 0;
	const bs_frame_contact* contacts = bs_frames_contacts(frames, &count);
	CHECK_EQ_INT(count, 2);
	CHECK_EQ_INT(contacts[0].event.kind, BS_EVENT_CUSHION);
	CHECK_EQ_INT(contacts[0].event.b, 0);
	CHECK_EQ_INT(contacts[1].event.kind, BS_EVENT_CUSHION);
	CHECK_EQ_INT(contacts[1].event.b, 2);
	CHECK_NEAR(contacts[0].event.impulse, 1.5 * BS_DEFAULT_MASS * 3.0, 1e-12);
	bs_ball_state ball = bs_frames_ball_state(frames, 0);
	CHECK_NEAR(ball.vel.x, 1.5, 1e-15);
	CHECK_NEAR(ball.vel.y, 1.0, 1e-15);
	for (int k = 1; k < 1000; ++k) {
		bs_frames_step(frames, 0.01);
	}
	CHECK_EQ_DBL(bs_frames_time(frames), 1.5 + 1000.0 * 0.01);
	bs_frames_step(frames, 0.004);
	CHECK_EQ_DBL(bs_frames_time(frames), 1.5 + 1000.0 * 0.01 + 0.004);
	CHECK_EQ_INT(bs_frames_stats(frames).frames, 1001);
	bs_frames_destroy(frames);
}

static void test_at_rest(void) {
	bs_ball_def balls[2] = {ball_at(0, 0.5, 0.5, 0.0, 0.0), ball_at(1, 1.0, 0.5, 0.0, 0.0)};
	bs_world_def def = world_def_with(balls, 2);
	bs_frames* frames = bs_frames_create(&def, 0.01);
	CHECK(bs_frames_at_rest(frames));
	CHECK_EQ_INT(bs_frames_step(frames, 0.01), 0);
	bs_frames_destroy(frames);
	bs_frames_destroy(NULL);
}

static void test_periodic_table_has_no_walls(void) {
	// On a periodic table the frames wrap balls across the edges and take the
	// nearest image of every pair: no cushion contacts, momentum kept.
	enum { N = 200 };
	static bs_ball_def balls[N];
	bs_world_def def;
	if (!make_periodic_gas(N, 0.4, balls, &def)) {
		return;
	}
	bs_frames* frames = bs_frames_create(&def, 1e-3);
	bs_totals start = bs_frames_totals(frames);
	double scale = momentum_scale(balls, N);
	for (int k = 0; k < 200; ++k) {
		CHECK(bs_frames_step(frames, 1e-3) >= 0);
	}
	bs_frame_stats stats = bs_frames_stats(frames);
	bs_totals end = bs_frames_totals(frames);
	CHECK(stats.contacts_of[BS_EVENT_BALL] > 0);
	CHECK_EQ_INT(stats.contacts_of[BS_EVENT_CUSHION], 0);
	CHECK(bs_v2_len(bs_v2_sub(end.momentum, start.momentum)) <= 1e-12 * scale);
	for (int i = 0; i < N; ++i) {
		bs_ball_state s = bs_frames_ball_state(frames, i);
		CHECK(s.pos.x >= 0.0);
		CHECK(s.pos.x < def.table.width);
		CHECK(s.pos.y >= 0.0);
		CHECK(s.pos.y < def.table.height);
	}
	bs_frames_destroy(frames);
}

int main(void) {
	RUN(test_thin_gap_is_missed_at_coarse_dt);
	RUN(test_head_on_overlap_and_response);
	RUN(test_inelastic_pair_sticks);
	RUN(test_wall_reflection_and_time);
	RUN(test_at_rest);
	RUN(test_periodic_table_has_no_walls);
	return check_summary();
}
