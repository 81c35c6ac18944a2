// The viewer's model apart from GL: a ball's motion between events and the
// orientation it turns through (render/ball_motion.c) against the engine and
// against the exact rotation, the recorded history (render/timeline.c), the
// shot preview (render/shot_preview.c) against a run of the same shot, and
// the viewer's aiming keys and clicks (render/viewer.c, no window needed).
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ball_motion.h"
#include "check.h"
#include "process_helpers.h"
#include "shot_preview.h"
#include "timeline.h"
#include "viewer.h"
#include <breakshot/scene.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

static bool load_scene(const char* relative, bs_scene** dest) {
	char path[1024];
	source_path(relative, path, sizeof path);
	char error[512];
	if (!(*dest = bs_scene_create(path, error, sizeof error))) {
		CHECK_FAIL("%s", error);
		return false;
	}
	return true;
}

static double quat_distance(bs_quat a, bs_quat b) {
	// q and -q are the same orientation.
	double same = fabs(a.w - b.w) + fabs(a.x - b.x) + fabs(a.y - b.y) + fabs(a.z - b.z);
	double opposite = fabs(a.w + b.w) + fabs(a.x + b.x) + fabs(a.y + b.y) + fabs(a.z + b.z);
	return fmin(same, opposite);
}

// Between every two events of the 9-ball break, each ball's state carried on
// from the last event is the engine's state, to rounding.
static void test_motion_between_events_matches_engine(void) {
	bs_scene* scene = NULL;
	if (!load_scene("scenes/9ball_break.json", &scene)) {
		return;
	}
	bs_world* world = bs_world_create(&scene->def);
	int count = bs_world_ball_count(world);
	double worst_pos = 0.0, worst_vel = 0.0, worst_omega = 0.0;
	int intervals = 0;
	bs_event next;
	while (bs_world_peek(world, &next)) {
		double now = bs_world_time(world);
		for (int i = 0; i < count; ++i) {
			bs_ball_state at_event = bs_world_ball_state(world, i, now);
			for (double fraction = 0.25; fraction < 1.0; fraction += 0.25) {
				double t = now + fraction * (next.time - now);
				bs_ball_state engine = bs_world_ball_state(world, i, t);
				bs_ball_state ours = bs_ball_motion_after(&at_event, scene->def.physics, &scene->def.pool, t - now);
				worst_pos = fmax(worst_pos, bs_v2_len(bs_v2_sub(ours.pos, engine.pos)));
				worst_vel = fmax(worst_vel, bs_v2_len(bs_v2_sub(ours.vel, engine.vel)));
				worst_omega = fmax(worst_omega, bs_v3_len(bs_v3_sub(ours.omega, engine.omega)));
			}
		}
		intervals += 1;
		bs_world_step(world);
	}
	CHECK(intervals > 50);
	CHECK_NEAR(worst_pos, 0.0, 1e-12);
	CHECK_NEAR(worst_vel, 0.0, 1e-12);
	CHECK_NEAR(worst_omega, 0.0, 1e-9);
	bs_world_destroy(world);
	bs_scene_destroy(scene);
}

static bs_ball_state ball_with(bs_vec2 vel, bs_vec3 omega, bs_motion_state motion) {
	bs_ball_state ball;
	memset(&ball, 0, sizeof ball);
	ball.pos = bs_v2(1.0, 0.6);
	ball.vel = vel;
	ball.omega = omega;
	ball.motion = motion;
	ball.radius = BS_DEFAULT_RADIUS;
	ball.mass = BS_DEFAULT_MASS;
	ball.pocket = -1;
	return ball;
}

static const bs_quat identity = {1.0, 0.0, 0.0, 0.0};

// A rolling ball turns about the axis across its path, through the distance
// rolled over its radius, exactly.
static void test_rolling_turn_is_exact(void) {
	bs_pool_def pool = bs_default_pool_def();
	double v = 1.5;
	double r = BS_DEFAULT_RADIUS;
	bs_ball_state ball = ball_with(bs_v2(v, 0.0), bs_v3(0.0, v / r, 0.0), BS_MOTION_ROLLING);
	double dt = 0.4;
	double a = pool.rolling_friction * pool.gravity;
	double angle = (v * dt - 0.5 * a * dt * dt) / r;
	bs_quat exact = {cos(0.5 * angle), 0.0, sin(0.5 * angle), 0.0};
	bs_quat turned = bs_ball_turn(identity, &ball, BS_PHYSICS_POOL, &pool, dt);
	CHECK_NEAR(quat_distance(turned, exact), 0.0, 1e-9);
	// Under ideal physics nothing turns.
	CHECK_NEAR(quat_distance(bs_ball_turn(identity, &ball, BS_PHYSICS_IDEAL, &pool, dt), identity), 0.0, 0.0);
}

// The body's top (z) as it starts to turn: forwards for a rolling ball, back
// for a ball sliding with draw; a ball spinning in place turns its +x
// towards +y (counter-clockwise seen from above).
static void test_balls_turn_the_way_real_balls_do(void) {
	bs_pool_def pool = bs_default_pool_def();
	double r = BS_DEFAULT_RADIUS;
	bs_ball_state rolling = ball_with(bs_v2(1.0, 0.0), bs_v3(0.0, 1.0 / r, 0.0), BS_MOTION_ROLLING);
	bs_vec3 top = bs_quat_rotate(bs_ball_turn(identity, &rolling, BS_PHYSICS_POOL, &pool, 0.01), bs_v3(0, 0, 1));
	CHECK(top.x > 0.3);
	// Turned first by a quarter turn about x, the body's +y is on top: it too rolls forwards.
	bs_quat quarter = {cos(0.25 * BS_PI), sin(0.25 * BS_PI), 0.0, 0.0};
	CHECK_NEAR(bs_quat_rotate(quarter, bs_v3(0, 1, 0)).z, 1.0, 1e-12);
	top = bs_quat_rotate(bs_ball_turn(quarter, &rolling, BS_PHYSICS_POOL, &pool, 0.01), bs_v3(0, 1, 0));
	CHECK(top.x > 0.3);
	bs_ball_state draw = ball_with(bs_v2(2.0, 0.0), bs_v3(0.0, -1.0 / r, 0.0), BS_MOTION_SLIDING);
	top = bs_quat_rotate(bs_ball_turn(identity, &draw, BS_PHYSICS_POOL, &pool, 0.01), bs_v3(0, 0, 1));
	CHECK(top.x < -0.3);
	bs_ball_state spinning = ball_with(bs_v2(0.0, 0.0), bs_v3(0.0, 0.0, 20.0), BS_MOTION_SPINNING);
	bs_vec3 side = bs_quat_rotate(bs_ball_turn(identity, &spinning, BS_PHYSICS_POOL, &pool, 0.02), bs_v3(1, 0, 0));
	CHECK(side.y > 0.3);
	CHECK_NEAR(side.z, 0.0, 1e-12);
}

// A sliding ball with side spin turns about an axis that moves: one turn over
// dt is two turns over dt / 2, the second from the state carried on.
static void test_sliding_turn_composes(void) {
	bs_pool_def pool = bs_default_pool_def();
	double r = BS_DEFAULT_RADIUS;
	bs_ball_state ball = ball_with(bs_v2(2.0, 0.5), bs_v3(10.0, -1.0 / r, 40.0), BS_MOTION_SLIDING);
	double dt = 0.2;
	bs_quat whole = bs_ball_turn(identity, &ball, BS_PHYSICS_POOL, &pool, dt);
	bs_quat half = bs_ball_turn(identity, &ball, BS_PHYSICS_POOL, &pool, 0.5 * dt);
	bs_ball_state later = bs_ball_motion_after(&ball, BS_PHYSICS_POOL, &pool, 0.5 * dt);
	bs_quat halves = bs_ball_turn(half, &later, BS_PHYSICS_POOL, &pool, 0.5 * dt);
	CHECK_NEAR(quat_distance(whole, halves), 0.0, 1e-4);
	CHECK(quat_distance(whole, identity) > 0.5); // it did turn
}

// The history: a time between two events shows the same balls, turned the
// same way, whether reached playing forward or stepping back to it.
static void test_history_restores_states_and_orientations(void) {
	bs_scene* scene = NULL;
	if (!load_scene("scenes/9ball_break.json", &scene)) {
		return;
	}
	bs_timeline timeline;
	CHECK(bs_timeline_create(&scene->def, &timeline));
	CHECK(bs_timeline_has_orientations(&timeline));
	int n = timeline.ball_count;
	bs_ball_state live[16];
	bs_ball_state past[16];
	bs_quat live_turn[16];
	bs_quat past_turn[16];
	for (int k = 0; k < 12; ++k) {
		bs_timeline_step_forward(&timeline);
	}
	double next;
	CHECK(bs_timeline_next_event_time(&timeline, &next));
	double t = 0.5 * (timeline.time + next);
	bs_timeline_seek(&timeline, t, 0);
	bs_timeline_states(&timeline, live);
	bs_timeline_orientations(&timeline, NULL, 0.0, -1, live_turn);
	for (int k = 0; k < 20; ++k) {
		bs_timeline_step_forward(&timeline);
	}
	bs_timeline_seek(&timeline, t, 0);
	bs_timeline_states(&timeline, past);
	bs_timeline_orientations(&timeline, NULL, 0.0, -1, past_turn);
	double worst_pos = 0.0;
	double worst_turn = 0.0;
	for (int i = 0; i < n; ++i) {
		worst_pos = fmax(worst_pos, bs_v2_len(bs_v2_sub(live[i].pos, past[i].pos)));
		worst_turn = fmax(worst_turn, quat_distance(live_turn[i], past_turn[i]));
	}
	CHECK_NEAR(worst_pos, 0.0, 1e-12);
	CHECK_NEAR(worst_turn, 0.0, 0.0);
	// Turning on from a cached orientation lands where turning from the event does.
	bs_quat cached[16];
	memcpy(cached, past_turn, sizeof cached);
	double later = t + 0.25 * (next - t);
	bs_timeline_seek(&timeline, later, 0);
	int64_t frame = bs_timeline_frame(&timeline)->event_count;
	bs_timeline_orientations(&timeline, cached, t, frame, cached);
	bs_timeline_orientations(&timeline, NULL, 0.0, -1, past_turn);
	worst_turn = 0.0;
	for (int i = 0; i < n; ++i) {
		worst_turn = fmax(worst_turn, quat_distance(cached[i], past_turn[i]));
	}
	CHECK_NEAR(worst_turn, 0.0, 1e-6);
	bs_timeline_destroy(&timeline);
	bs_scene_destroy(scene);
}

// The preview of the break is the break: as many events, the same end, each
// path from the ball's start to where it stops, a dot per ball at each
// collision.
static void test_preview_is_the_shot(void) {
	bs_scene* scene = NULL;
	if (!load_scene("scenes/9ball_break.json", &scene)) {
		return;
	}
	bs_shot_preview preview;
	memset(&preview, 0, sizeof preview);
	CHECK(bs_shot_preview_compute(&scene->def, &preview));
	bs_world* world = bs_world_create(&scene->def);
	int64_t dots = 0;
	while (bs_world_step(world)) {
		bs_event e = bs_world_last_event(world);
		dots += e.kind == BS_EVENT_BALL ? 2 : e.kind == BS_EVENT_CUSHION || e.kind == BS_EVENT_JAW ? 1 : 0;
	}
	CHECK(preview.complete);
	CHECK_EQ_INT(preview.events, bs_world_event_count(world));
	CHECK_EQ_DBL(preview.end_time, bs_world_time(world));
	CHECK_EQ_INT(preview.dot_count, dots);
	CHECK_EQ_INT(preview.path_count, bs_world_ball_count(world));
	for (int i = 0; i < preview.path_count && i < bs_world_ball_count(world); ++i) {
		const bs_preview_path* path = &preview.paths[i];
		bs_ball_state end = bs_world_ball_state(world, i, bs_world_time(world));
		CHECK_EQ_INT(path->id, end.id);
		CHECK(path->count >= 1);
		CHECK_EQ_DBL(path->points[0].x, scene->balls[i].pos.x);
		CHECK_EQ_DBL(path->points[0].y, scene->balls[i].pos.y);
		CHECK_NEAR(bs_v2_len(bs_v2_sub(path->points[path->count - 1], end.pos)), 0.0, 1e-12);
		for (int k = 1; k < path->count; ++k) {
			double step = bs_v2_len(bs_v2_sub(path->points[k], path->points[k - 1]));
			if (step > BS_PREVIEW_STEP * (1.0 + 1e-9)) {
				CHECK_FAIL("ball %d: points %d and %d are %.6g m apart, more than %g", path->id, k - 1, k, step,
					BS_PREVIEW_STEP);
				break;
			}
		}
	}
	bs_world_destroy(world);
	bs_shot_preview_destroy(&preview);
	bs_scene_destroy(scene);
}

// A viewer on the 9-ball break, run to rest (free it with
// bs_viewer_destroy), or false with the failure recorded.
static bool viewer_after_the_break(bs_viewer* viewer) {
	char path[1024];
	source_path("scenes/9ball_break.json", path, sizeof path);
	char error[512];
	if (!bs_viewer_create(path, viewer, error, sizeof error)) {
		CHECK_FAIL("%s", error);
		return false;
	}
	bs_timeline_seek(&viewer->timeline, 100.0, 0);
	bs_viewer_refresh(viewer);
	return true;
}

// The preview is simulated again when the aim, the strike or the state
// changes, and never on frames where none does.
static void test_preview_only_when_the_aim_changes(void) {
	bs_viewer viewer;
	if (!viewer_after_the_break(&viewer)) {
		return;
	}
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_S));
	CHECK_EQ_INT(viewer.preview_count, 1);
	CHECK(viewer.preview.events > 0);
	for (int frame = 0; frame < 30; ++frame) {
		bs_viewer_tick(&viewer, 1.0 / 60.0);
	}
	CHECK_EQ_INT(viewer.preview_count, 1);
	const int keys[] = {GLFW_KEY_COMMA, GLFW_KEY_UP, GLFW_KEY_RIGHT_BRACKET, GLFW_KEY_E};
	for (int k = 0; k < 4; ++k) {
		CHECK(bs_viewer_key(&viewer, keys[k]));
		bs_viewer_tick(&viewer, 1.0 / 60.0);
		bs_viewer_tick(&viewer, 1.0 / 60.0);
		CHECK_EQ_INT(viewer.preview_count, 2 + k);
	}
	bs_viewer_destroy(&viewer);
}

// Three-cushion in the viewer: a scene's cue that strikes the yellow makes
// it the ball new shots strike; once the balls rest, W passes the cue to
// the other cue ball (the red is never one), and the shot struck strikes
// that ball alone, keeping every ball's kind; the preview's paths carry
// the kinds too.
static void test_new_shots_strike_the_chosen_ball(void) {
	bs_viewer viewer;
	char path[1024];
	source_path("tests/fuzz/corpus/scene/three_cushion_yellow.json", path, sizeof path);
	char error[512];
	if (!bs_viewer_create(path, &viewer, error, sizeof error)) {
		CHECK_FAIL("%s", error);
		return;
	}
	CHECK_EQ_INT(viewer.cue_id, 1);
	bs_timeline_seek(&viewer.timeline, 100.0, 0);
	bs_viewer_refresh(&viewer);
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_W));
	CHECK_EQ_INT(viewer.cue_id, 0);
	CHECK_CONTAINS(viewer.status, "new shots strike ball 0 (carom_white)");
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_W));
	CHECK_EQ_INT(viewer.cue_id, 1);
	bs_timeline_seek(&viewer.timeline, 100.0, 0);
	bs_viewer_refresh(&viewer);
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_W));
	CHECK_EQ_INT(viewer.cue_id, 0);
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_S));
	CHECK(viewer.aiming);
	CHECK_EQ_INT(bs_viewer_cue_index(&viewer), 0);
	CHECK(viewer.preview.path_count == 3);
	for (int i = 0; i < viewer.preview.path_count; ++i) {
		CHECK_EQ_INT(viewer.preview.paths[i].kind, BS_BALL_CAROM_WHITE + i);
	}
	viewer.aim_point = viewer.balls[2].pos;
	CHECK(bs_viewer_shoot(&viewer));
	bs_viewer_tick(&viewer, 0.05);
	CHECK(bs_v2_len(viewer.balls[0].vel) > 0.5);
	CHECK_EQ_DBL(bs_v2_len(viewer.balls[1].vel), 0.0);
	CHECK_EQ_DBL(bs_v2_len(viewer.balls[2].vel), 0.0);
	CHECK_EQ_INT(viewer.shot_cue.ball, 0);
	for (int i = 0; i < 3; ++i) {
		CHECK_EQ_INT(viewer.balls[i].kind, BS_BALL_CAROM_WHITE + i);
	}
	bs_viewer_destroy(&viewer);
	// Pool has one cue ball: W says so and keeps it.
	if (!viewer_after_the_break(&viewer)) {
		return;
	}
	CHECK_EQ_INT(viewer.cue_id, 0);
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_W));
	CHECK_EQ_INT(viewer.cue_id, 0);
	CHECK_CONTAINS(viewer.status, "no other cue ball is on the table");
	bs_viewer_destroy(&viewer);
}

// A click on the ball diagram puts the tip there, kept within the miscue
// limit; a click elsewhere is not the diagram's.
static void test_click_on_the_tip_diagram(void) {
	bs_viewer viewer;
	if (!viewer_after_the_break(&viewer)) {
		return;
	}
	float cx, cy, radius;
	bs_viewer_tip_diagram(&viewer, 1600, 900, &cx, &cy, &radius);
	CHECK(!bs_viewer_click_tip(&viewer, cx, cy, 1600, 900)); // not aiming
	bs_viewer_key(&viewer, GLFW_KEY_S);
	CHECK(bs_viewer_click_tip(&viewer, cx + 0.3 * radius, cy + 0.2 * radius, 1600, 900));
	CHECK_NEAR(viewer.tip.x, 0.3, 1e-6);
	CHECK_NEAR(viewer.tip.y, -0.2, 1e-6); // below the centre: draw
	CHECK(bs_viewer_click_tip(&viewer, cx, cy - 0.9 * radius, 1600, 900));
	CHECK_NEAR(viewer.tip.x, 0.0, 1e-12);
	CHECK(viewer.tip.y > 0.4999 && viewer.tip.y <= 0.5);
	CHECK(!bs_viewer_click_tip(&viewer, cx + 1.2 * radius, cy, 1600, 900));
	CHECK(viewer.tip.y > 0.4999);
	// The strike the viewer makes carries the tip set.
	bs_cue_def cue;
	CHECK(bs_viewer_aimed_cue(&viewer, &cue));
	CHECK(cue.stick);
	CHECK_EQ_DBL(cue.tip.y, viewer.tip.y);
	bs_viewer_destroy(&viewer);
}

// The preview's paths are drawn as few segments, every sampled point
// within the tolerance of the segment drawn over it: on the 9-ball break's
// previewed shot, and on a straight run, a curve, a path that comes back
// on itself and one that stops, sampled every few millimetres.
static void test_preview_paths_are_drawn_within_tolerance(void) {
	enum { n = 2000 };
	static bs_vec2 points[n];
	static int keep[n];
	const double tolerance = BS_PREVIEW_DRAW_TOLERANCE;
	for (int shape = 0; shape < 4; ++shape) {
		for (int k = 0; k < n; ++k) {
			double s = 0.002 * k; // m along the path
			switch (shape) {
			case 0: // straight, at an angle
				points[k] = bs_v2(0.3 + 0.8 * s, 0.2 + 0.6 * s);
				break;
			case 1: // a masse's curve: a parabola
				points[k] = bs_v2(0.3 + s, 0.2 + 0.15 * s * s);
				break;
			case 2: // draw: out and straight back
				points[k] = bs_v2(0.3 + (s < 2.0 ? s : 4.0 - s), 0.5);
				break;
			default: // rolling to a stop, then resting
				points[k] = bs_v2(0.3 + (s < 1.5 ? s - s * s / 3.0 : 0.75), 0.4);
				break;
			}
		}
		int kept = bs_polyline_simplify(points, n, tolerance, keep);
		CHECK(kept >= 2);
		CHECK_EQ_INT(keep[0], 0);
		CHECK_EQ_INT(keep[kept - 1], n - 1);
		double worst = 0.0;
		for (int j = 1; j < kept; ++j) {
			CHECK(keep[j] > keep[j - 1]);
			for (int k = keep[j - 1]; k <= keep[j]; ++k) {
				double off = bs_v2_distance_to_segment(points[k], points[keep[j - 1]], points[keep[j]]);
				worst = off > worst ? off : worst;
			}
		}
		if (!(worst <= tolerance * (1.0 + 1e-9))) {
			CHECK_FAIL("shape %d: a point %.3g m from its segment, beyond %.3g", shape, worst, tolerance);
		}
		printf("  shape %d: %d points drawn as %d segments, worst %.2g m off\n", shape, n, kept - 1, worst);
		if (shape == 0) {
			CHECK_EQ_INT(kept, 2);
		}
		if (shape == 2) {
			CHECK(kept >= 3); // the turn is kept
		}
	}

	// Head on into a cushion: one sample out, the next back within the
	// tolerance of the start. The segment ends before the return, not on it,
	// which would drop the way out.
	const bs_vec2 bounce[3] = {{0.3, 0.5}, {0.304, 0.5}, {0.3, 0.5001}};
	CHECK_EQ_INT(bs_polyline_simplify(bounce, 3, tolerance, keep), 3);

	bs_viewer viewer;
	if (!viewer_after_the_break(&viewer)) {
		return;
	}
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_S));
	int points_total = 0, segments = 0;
	static int preview_keep[BS_PREVIEW_MAX_POINTS + 1];
	for (int i = 0; i < viewer.preview.path_count; ++i) {
		const bs_preview_path* p = &viewer.preview.paths[i];
		int kept = bs_polyline_simplify(p->points, p->count, tolerance, preview_keep);
		points_total += p->count;
		segments += kept - 1;
		for (int j = 1; j < kept; ++j) {
			for (int k = preview_keep[j - 1]; k <= preview_keep[j]; ++k) {
				double off =
					bs_v2_distance_to_segment(p->points[k], p->points[preview_keep[j - 1]], p->points[preview_keep[j]]);
				if (!(off <= tolerance * (1.0 + 1e-9))) {
					CHECK_FAIL("ball %d: point %d %.3g m from its segment", p->id, k, off);
				}
			}
		}
	}
	printf("  the break's preview: %d points drawn as %d segments\n", points_total, segments);
	CHECK(segments * 4 < points_total);
	bs_viewer_destroy(&viewer);
}

int main(void) {
	RUN(test_motion_between_events_matches_engine);
	RUN(test_rolling_turn_is_exact);
	RUN(test_balls_turn_the_way_real_balls_do);
	RUN(test_sliding_turn_composes);
	RUN(test_history_restores_states_and_orientations);
	RUN(test_preview_is_the_shot);
	RUN(test_preview_only_when_the_aim_changes);
	RUN(test_click_on_the_tip_diagram);
	RUN(test_new_shots_strike_the_chosen_ball);
	RUN(test_preview_paths_are_drawn_within_tolerance);
	return check_summary();
}
