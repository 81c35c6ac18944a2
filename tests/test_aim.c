// Unit tests: aiming by the ghost ball (aim.h). The geometry holds to
// rounding; a shot aimed by it meets the object ball at the cut asked for,
// exactly under ideal physics; under pool physics, a stun shot aimed into
// a pocket pockets the object ball over the whole range of cuts a player
// uses, throw and all; the paths report the balls that block them; bad
// input gets a status, never a crash.
#include <math.h>

#include "check.h"
#include "world_helpers.h"
#include <breakshot/aim.h>
#include <breakshot/pool.h>
#include <breakshot/scene.h>

static const double radius = 0.028575;

static double degrees(double radians) {
	return radians * (180.0 / BS_PI);
}

// The signed angle from `from` to `to` (degrees, counter-clockwise positive).
static double angle_between(bs_vec2 from, bs_vec2 to) {
	return degrees(atan2(bs_v2_cross(from, to), bs_v2_dot(from, to)));
}

static bs_vec2 turned(bs_vec2 v, double angle_deg) {
	double a = angle_deg * (BS_PI / 180.0);
	return bs_v2(cos(a) * v.x - sin(a) * v.y, sin(a) * v.x + cos(a) * v.y);
}

// A straight-in shot aims at the object ball's centre, exactly.
static void straight_in_aims_at_the_centre(void) {
	bs_vec2 cue = bs_v2(0.3, 0.4), object = bs_v2(1.2, 0.9);
	bs_aim aim;
	CHECK_EQ_INT(bs_aim_cut(cue, radius, object, radius, 0.0, &aim), BS_AIM_OK);
	bs_vec2 apart = bs_v2_sub(object, cue);
	double length = bs_v2_len(apart);
	CHECK_EQ_DBL(aim.direction.x, apart.x / length);
	CHECK_EQ_DBL(aim.direction.y, apart.y / length);
	CHECK_EQ_DBL(aim.object_direction.x, aim.direction.x);
	CHECK_EQ_DBL(aim.object_direction.y, aim.direction.y);
	CHECK_EQ_DBL(aim.cut_deg, 0.0);
	CHECK_NEAR(aim.travel, length - 2.0 * radius, 1e-15);
	CHECK_NEAR(aim.ghost.x, object.x - 2.0 * radius * apart.x / length, 1e-15);
	CHECK_NEAR(aim.ghost.y, object.y - 2.0 * radius * apart.y / length, 1e-15);
	CHECK_NEAR(aim.angle_deg, degrees(atan2(apart.y, apart.x)), 1e-13);
}

// A positive cut sends the object ball to the left of the cue ball's path:
// the cue ball aims to the right of it.
static void positive_cuts_to_the_left(void) {
	bs_aim aim;
	CHECK_EQ_INT(bs_aim_cut(bs_v2(0.0, 0.0), radius, bs_v2(1.0, 0.0), radius, 30.0, &aim), BS_AIM_OK);
	CHECK(aim.direction.y < 0.0);
	CHECK(aim.object_direction.y > 0.0);
	CHECK(aim.ghost.y < 0.0);
	CHECK(aim.angle_deg < 0.0);
	// The ball is half covered at 30 degrees: the path passes s/2 from its centre.
	CHECK_NEAR(bs_v2_cross(aim.direction, bs_v2(1.0, 0.0)), radius, 1e-15);
	CHECK_EQ_INT(bs_aim_cut(bs_v2(0.0, 0.0), radius, bs_v2(1.0, 0.0), radius, -30.0, &aim), BS_AIM_OK);
	CHECK(aim.direction.y > 0.0);
	CHECK(aim.object_direction.y < 0.0);
}

// Over cuts from -89 to 89 degrees, balls of unequal sizes at distances
// from a hair beyond contact to across a table: the ghost touches the
// object ball on the cue ball's path, the line of centres makes the cut,
// and bs_aim_cut_angle gives the cut back.
static void cut_geometry_holds(void) {
	static const struct {
		double x, y, r_cue, r_object;
	} cases[] = {
		{1.3, 0.2, 0.028575, 0.028575}, {-0.4, 0.9, 0.028575, 0.026}, {0.0, -2.5, 0.03, 0.028575},
		{0.06, 0.0, 0.028575, 0.028575},      // 2.85 mm apart
		{0.0571501, 0.0, 0.028575, 0.028575}, // 0.1 um apart
	};
	bs_vec2 cue = bs_v2(0.7, 0.5);
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
		bs_vec2 object = bs_v2_add(cue, bs_v2(cases[k].x, cases[k].y));
		double rc = cases[k].r_cue, ro = cases[k].r_object, sum = rc + ro;
		for (int cut = -89; cut <= 89; ++cut) {
			bs_aim aim;
			if (bs_aim_cut(cue, rc, object, ro, cut, &aim) != BS_AIM_OK) {
				CHECK_FAIL("case %zu, cut %d: refused", k, cut);
				continue;
			}
			CHECK_NEAR(bs_v2_len(aim.direction), 1.0, 1e-15);
			CHECK_NEAR(bs_v2_len(aim.object_direction), 1.0, 1e-15);
			CHECK_NEAR(angle_between(aim.direction, aim.object_direction), cut, 1e-12);
			CHECK_NEAR(bs_v2_len(bs_v2_sub(object, aim.ghost)), sum, 1e-15);
			bs_vec2 reached = bs_v2_mad(cue, aim.travel, aim.direction);
			CHECK_NEAR(bs_v2_len(bs_v2_sub(reached, aim.ghost)), 0.0, 1e-14);
			CHECK_NEAR(aim.angle_deg, degrees(atan2(aim.direction.y, aim.direction.x)), 0.0);
			bs_aim back;
			if (bs_aim_cut_angle(cue, rc, aim.direction, object, ro, &back) != BS_AIM_OK) {
				CHECK_FAIL("case %zu, cut %d: the aimed shot misses", k, cut);
				continue;
			}
			// Near 90 degrees the cut moves fast with the aim: its
			// error is the direction's rounding times L / (s cos(cut)).
			double tolerance = 1e-12 * bs_v2_len(bs_v2_sub(object, cue)) / (sum * cos(cut * BS_PI / 180.0));
			CHECK_NEAR(back.cut_deg, cut, tolerance);
			CHECK_NEAR(back.travel, aim.travel, 1e-13);
		}
	}
}

// The cut of a shot along +x at a ball whose centre is `offset` to the
// left of the path: asin(offset / s), and a miss from s on.
static void cut_angle_of_a_shot(void) {
	double sum = 2.0 * radius;
	bs_vec2 cue = bs_v2(0.2, 0.3);
	for (int i = -20; i <= 20; ++i) {
		double offset = i * sum / 21.0;
		bs_vec2 object = bs_v2(cue.x + 0.8, cue.y + offset);
		bs_aim aim;
		CHECK_EQ_INT(bs_aim_cut_angle(cue, radius, bs_v2(1.0, 0.0), object, radius, &aim), BS_AIM_OK);
		CHECK_NEAR(aim.cut_deg, degrees(asin(offset / sum)), 1e-12);
		CHECK_NEAR(aim.ghost.y, cue.y, 0.0);
		CHECK_NEAR(aim.ghost.x, object.x - sqrt(sum * sum - offset * offset), 1e-15);
		// The direction's length does not matter.
		bs_aim scaled;
		CHECK_EQ_INT(bs_aim_cut_angle(cue, radius, bs_v2(1e-300, 0.0), object, radius, &scaled), BS_AIM_OK);
		CHECK_EQ_DBL(scaled.cut_deg, aim.cut_deg);
		CHECK_EQ_INT(bs_aim_cut_angle(cue, radius, bs_v2(1e300, 0.0), object, radius, &scaled), BS_AIM_OK);
		CHECK_EQ_DBL(scaled.cut_deg, aim.cut_deg);
	}
	bs_aim untouched = {.cut_deg = 123.0};
	// A graze (offset exactly s), a clear miss, and a ball behind.
	CHECK_EQ_INT(bs_aim_cut_angle(bs_v2(0.0, 0.0), 0.5, bs_v2(1.0, 0.0), bs_v2(3.0, 1.0), 0.5, &untouched),
		BS_AIM_MISSES);
	CHECK_EQ_INT(bs_aim_cut_angle(cue, radius, bs_v2(1.0, 0.0), bs_v2(1.0, 0.5), radius, &untouched), BS_AIM_MISSES);
	CHECK_EQ_INT(bs_aim_cut_angle(cue, radius, bs_v2(-1.0, 0.0), bs_v2(1.0, 0.3), radius, &untouched), BS_AIM_MISSES);
	CHECK_EQ_INT(bs_aim_cut_angle(cue, radius, bs_v2(0.0, 1.0), bs_v2(1.0, 0.3), radius, &untouched), BS_AIM_MISSES);
	CHECK_EQ_DBL(untouched.cut_deg, 123.0);
}

// Sending the object ball to a point: it leaves along the line to it, and
// the cut is that of the cue ball's path.
static void to_point_sends_along_the_line(void) {
	bs_vec2 cue = bs_v2(0.5, 0.4), object = bs_v2(1.5, 0.7);
	for (int k = 0; k < 36; ++k) {
		bs_vec2 target = bs_v2_add(object, turned(bs_v2(0.9, 0.0), 10.0 * k));
		bs_aim aim;
		bs_aim_status status = bs_aim_to_point(cue, radius, object, radius, target, &aim);
		bs_vec2 onwards = bs_v2_normalize(bs_v2_sub(target, object));
		CHECK_NEAR(aim.object_direction.x, onwards.x, 0.0);
		CHECK_NEAR(aim.object_direction.y, onwards.y, 0.0);
		CHECK_NEAR(bs_v2_len(bs_v2_sub(object, aim.ghost)), 2.0 * radius, 1e-15);
		CHECK_NEAR(aim.cut_deg, angle_between(aim.direction, onwards), 1e-12);
		if (fabs(aim.cut_deg) >= 90.0) {
			CHECK_EQ_INT(status, BS_AIM_TOO_THIN);
			continue;
		}
		CHECK_EQ_INT(status, BS_AIM_OK);
		bs_aim same;
		CHECK_EQ_INT(bs_aim_cut(cue, radius, object, radius, aim.cut_deg, &same), BS_AIM_OK);
		CHECK_NEAR(angle_between(same.direction, aim.direction), 0.0, 1e-12);
		bs_aim back;
		CHECK_EQ_INT(bs_aim_cut_angle(cue, radius, aim.direction, object, radius, &back), BS_AIM_OK);
		CHECK_NEAR(back.cut_deg, aim.cut_deg, 1e-10);
	}
}

// The first event of a world: the cue ball (id 0) meeting ball 1.
static bool first_contact(bs_world* world, bs_event* dest) {
	while (bs_world_step(world)) {
		bs_event event = bs_world_last_event(world);
		if (event.kind == BS_EVENT_BALL) {
			*dest = event;
			return true;
		}
	}
	return false;
}

// Under ideal physics the cue ball goes straight: struck along the aim's
// angle_deg (as a cue def gives it), it meets the object ball with the line
// of centres at the cut asked for, at the ghost. The engine's contact time
// carries rounding that the cut feels as tan(cut) (it grazes at 90
// degrees): to 1e-12 rad up to 45 degrees, and 1e-12 tan(cut) beyond.
static void ideal_contact_at_the_requested_cut(void) {
	bs_vec2 cue = bs_v2(0.4, 0.35);
	static const bs_vec2 objects[] = {{1.6, 0.8}, {0.7, 0.4}, {2.1, 0.25}, {0.45, 1.1}};
	double worst = 0.0, worst_cut = 0.0;
	for (size_t k = 0; k < sizeof objects / sizeof objects[0]; ++k) {
		for (int cut = -85; cut <= 85; cut += 5) {
			bs_aim aim;
			CHECK_EQ_INT(bs_aim_cut(cue, radius, objects[k], radius, cut, &aim), BS_AIM_OK);
			bs_ball_def balls[2] = {ball_at(0, cue.x, cue.y, 0.0, 0.0),
				ball_at(1, objects[k].x, objects[k].y, 0.0, 0.0)};
			bs_cue_def strike = bs_default_cue_def();
			strike.speed = 2.0;
			strike.angle_deg = aim.angle_deg;
			CHECK(bs_cue_apply(&strike, BS_PHYSICS_IDEAL, &balls[0]));
			bs_world* world = world_with(balls, 2);
			bs_event contact;
			if (!first_contact(world, &contact)) {
				CHECK_FAIL("object %zu, cut %d: no contact", k, cut);
				bs_world_destroy(world);
				continue;
			}
			CHECK_EQ_INT(contact.a, 0);
			CHECK_EQ_INT(contact.b, 1);
			double grazing = fmax(1.0, tan(abs(cut) * (BS_PI / 180.0)));
			double error_rad = (angle_between(balls[0].vel, contact.normal) - cut) * (BS_PI / 180.0);
			CHECK_NEAR(error_rad, 0.0, 1e-12 * grazing);
			if (fabs(error_rad) > fabs(worst)) {
				worst = error_rad, worst_cut = cut;
			}
			CHECK_NEAR(contact.time, aim.travel / 2.0, 1e-13 * grazing);
			bs_ball_state at = bs_world_ball_state(world, 0, contact.time);
			CHECK_NEAR(bs_v2_len(bs_v2_sub(at.pos, aim.ghost)), 0.0, 1e-13 * grazing);
			bs_world_destroy(world);
		}
	}
	printf("  ideal physics: the contact's cut is off by at most %.2g rad (at %.0f degrees)\n", worst, worst_cut);
}

static bs_world_def pool_table_def(const char* preset) {
	bs_world_def def = bs_default_pool_world_def();
	CHECK(bs_table_preset(preset, true, &def.table));
	return def;
}

// The time a ball sliding without english from speed v0 takes to go
// `distance` on the cloth (s): friction slows it by mu g.
static double sliding_time(double v0, double distance, const bs_pool_def* pool) {
	double a = pool->sliding_friction * pool->gravity;
	return (v0 - sqrt(v0 * v0 - 2.0 * a * distance)) / a;
}

// A stun shot: the cue ball struck along `direction` at `speed` with the
// backspin that friction brings to zero just as it has gone `distance`, so
// that it slides into the object ball without spin. A ball rolls forwards
// along d with omega = (z x d) v / R; sliding, its backspin falls by
// 5 mu g / (2 R) per second.
static void stun(bs_ball_def* ball, bs_vec2 direction, double speed, double distance, const bs_pool_def* pool) {
	double t = sliding_time(speed, distance, pool);
	double backspin = 2.5 * pool->sliding_friction * pool->gravity * t / ball->radius;
	ball->vel = bs_v2_scale(speed, direction);
	ball->omega = bs_v3(direction.y * backspin, -direction.x * backspin, 0.0);
}

// What became of one shot aimed into a pocket.
typedef struct pot {
	bool placed;      // the cue ball stood on the table
	bool dropped;     // the object ball ended in the pocket aimed at
	bool clean;       // without touching a cushion or jaw on the way
	double throw_deg; // the object ball's start off the line of centres
} pot;

// Pool physics on a 9 ft table: the object ball `distance` (m) in front of
// `pocket`'s mouth, `approach` degrees off the line straight out of it, and
// the cue ball 0.6 m from the ghost, placed for the cut `cut` (degrees);
// bs_aim_to_pocket aims, and the cue ball slides in stun from `speed` (m/s).
static pot stun_into_pocket(int pocket, double distance, double approach, int cut, double speed) {
	pot result = {false, false, false, 0.0};
	bs_world_def def = pool_table_def("9ft");
	bs_table* table = bs_table_create(&def.table);
	bs_vec2 target;
	CHECK_EQ_INT(bs_aim_pocket_target(table, pocket, &target), BS_AIM_OK);
	bs_pocket_shape shape = bs_table_pocket(table, pocket);
	bs_table_destroy(table);
	bs_vec2 out = turned(bs_v2_normalize(bs_v2_sub(target, shape.centre)), approach);
	bs_vec2 object = bs_v2_mad(target, distance, out);
	bs_vec2 ghost = bs_v2_mad(object, 2.0 * radius, out);
	// The cue ball's path makes the cut with the object ball's, -out.
	bs_vec2 cue = bs_v2_mad(ghost, -0.6, turned(bs_v2_scale(-1.0, out), -cut));
	bs_ball_def balls[2] = {ball_at(0, cue.x, cue.y, 0.0, 0.0), ball_at(1, object.x, object.y, 0.0, 0.0)};
	def.balls = balls;
	def.ball_count = 2;
	bs_def_report report;
	if (!bs_world_def_check(&def, &report)) {
		return result;
	}
	result.placed = true;
	bs_world* still = bs_world_create(&def);
	bs_pocket_aim aim;
	CHECK_EQ_INT(bs_aim_to_pocket(still, 0, 1, pocket, &aim), BS_AIM_OK);
	bs_world_destroy(still);
	CHECK_NEAR(aim.aim.cut_deg, cut, 1e-9);
	CHECK_EQ_INT(aim.cue_blocker, -1);
	CHECK_EQ_INT(aim.object_blocker, -1);
	stun(&balls[0], aim.aim.direction, speed, aim.aim.travel, &def.pool);
	bs_world* world = bs_world_create(&def);
	bs_event contact;
	while (bs_world_peek(world, &contact) && contact.kind != BS_EVENT_BALL) {
		bs_world_step(world);
	}
	if (contact.kind != BS_EVENT_BALL) {
		CHECK_FAIL("pocket %d, approach %g, cut %d: no contact", pocket, approach, cut);
		bs_world_destroy(world);
		return result;
	}
	// Stun: no spin left just before the contact (beyond rounding).
	bs_ball_state cue_at = bs_world_ball_state(world, 0, contact.time);
	CHECK_NEAR(bs_v3_len(cue_at.omega) * radius, 0.0, 1e-12);
	CHECK(cue_at.motion == BS_MOTION_SLIDING);
	bs_world_step(world);
	contact = bs_world_last_event(world);
	CHECK_NEAR(angle_between(aim.aim.direction, contact.normal), cut, 1e-9);
	result.throw_deg = angle_between(contact.normal, bs_world_ball_state(world, 1, contact.time).vel);
	result.clean = true;
	while (bs_world_step(world)) {
		bs_event event = bs_world_last_event(world);
		if (event.a == 1 && (event.kind == BS_EVENT_CUSHION || event.kind == BS_EVENT_JAW)) {
			result.clean = false;
		}
		if (event.kind == BS_EVENT_POCKET && event.a == 1) {
			result.dropped = event.b == pocket;
			break;
		}
	}
	bs_world_destroy(world);
	return result;
}

// Pool physics, a stun shot at 2 m/s, the cue ball 0.6 m from the ghost
// and the object ball 0.4 m from the mouth, cut from -60 to 60 degrees:
// bs_aim_to_pocket finds the cut, and the object ball, thrown off the line
// of centres by friction between the balls (towards the cue ball's path),
// still drops in the pocket aimed at: cleanly into a corner and a side
// pocket straight ahead, and off a facing at times when it comes at the
// corner 20 degrees off its line.
static void pool_stun_shots_drop(void) {
	static const struct {
		int pocket;
		double approach;
		bool clean;
	} cases[] = {{3, 0.0, true}, {4, 0.0, true}, {0, 20.0, false}, {0, -20.0, false}, {1, 15.0, true}};
	double worst_throw = 0.0;
	int worst_cut = 0, shots = 0;
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
		for (int cut = -60; cut <= 60; cut += 5) {
			pot shot = stun_into_pocket(cases[k].pocket, 0.4, cases[k].approach, cut, 2.0);
			if (!shot.placed) {
				// 20 degrees off the corner's line, the steep cuts put the
				// cue ball beyond a rail.
				CHECK(cases[k].approach != 0.0 && abs(cut) > 40);
				continue;
			}
			shots += 1;
			if (!shot.dropped || (cases[k].clean && !shot.clean)) {
				CHECK_FAIL("pocket %d, approach %g degrees, cut %d: %s (throw %.2f degrees)", cases[k].pocket,
					cases[k].approach, cut, shot.dropped ? "off a cushion or jaw" : "missed", shot.throw_deg);
			}
			// Throw turns the object ball towards the cue ball's path.
			CHECK(cut == 0 ? fabs(shot.throw_deg) < 1e-9 : shot.throw_deg * cut < 0.0);
			if (fabs(shot.throw_deg) > fabs(worst_throw)) {
				worst_throw = shot.throw_deg, worst_cut = cut;
			}
		}
	}
	CHECK(shots >= 110);
	printf("  pool physics, stun at 2 m/s: %d shots dropped, the largest throw %.2f degrees at a %d degree cut\n",
		shots, worst_throw, worst_cut);
}

// Slower, the same shots throw the object ball further: struck at 1.6 m/s
// (0.45 m/s at the contact, against 1.28) it is thrown by more than 4.5
// degrees and misses the corner from a 30 degree cut on.
// The aim is the ghost ball's; allowing for throw is the player's part.
static void slow_shots_throw_more(void) {
	for (int cut = 30; cut <= 60; cut += 10) {
		pot fast = stun_into_pocket(3, 0.4, 0.0, cut, 2.0);
		pot slow = stun_into_pocket(3, 0.4, 0.0, cut, 1.6);
		CHECK(fast.dropped);
		CHECK(!slow.dropped);
		CHECK(fabs(slow.throw_deg) > 4.5);
		CHECK(fabs(slow.throw_deg) > fabs(fast.throw_deg) + 1.0);
	}
}

// A pocket's target is the middle of its mouth, between its jaw tips.
static void pocket_target_is_the_mouth_centre(void) {
	bs_table_def table_def;
	CHECK(bs_table_preset("9ft", true, &table_def));
	bs_table* table = bs_table_create(&table_def);
	double corner = 4.5625 * 0.0254 / sqrt(2.0);
	bs_vec2 target;
	CHECK_EQ_INT(bs_aim_pocket_target(table, 0, &target), BS_AIM_OK);
	CHECK_NEAR(target.x, 0.5 * corner, 1e-15);
	CHECK_NEAR(target.y, 0.5 * corner, 1e-15);
	CHECK_EQ_INT(bs_aim_pocket_target(table, 1, &target), BS_AIM_OK);
	CHECK_NEAR(target.x, 0.5 * table_def.width, 1e-15);
	CHECK_EQ_DBL(target.y, 0.0);
	for (int k = 0; k < 6; ++k) {
		CHECK_EQ_INT(bs_aim_pocket_target(table, k, &target), BS_AIM_OK);
		bs_vec2 tips = bs_v2_scale(0.5, bs_v2_add(bs_table_jaw(table, 4 * k), bs_table_jaw(table, 4 * k + 1)));
		CHECK_NEAR(bs_v2_len(bs_v2_sub(target, tips)), 0.0, 0.0);
		// The capture circle touches the mouth from behind, at its centre.
		bs_pocket_shape shape = bs_table_pocket(table, k);
		CHECK_NEAR(bs_v2_len(bs_v2_sub(target, shape.centre)), shape.radius, 1e-15);
	}
	bs_vec2 untouched = bs_v2(7.0, 7.0);
	CHECK_EQ_INT(bs_aim_pocket_target(table, -1, &untouched), BS_AIM_NO_POCKET);
	CHECK_EQ_INT(bs_aim_pocket_target(table, 6, &untouched), BS_AIM_NO_POCKET);
	bs_table_destroy(table);
	bs_table_def plain = bs_table_rect(2.54, 1.27);
	table = bs_table_create(&plain);
	CHECK_EQ_INT(bs_aim_pocket_target(table, 0, &untouched), BS_AIM_NO_POCKET);
	CHECK_EQ_DBL(untouched.x, 7.0);
	bs_table_destroy(table);
}

// A world on a 9 ft table, cue ball (id 0) and object ball (id 1) and the
// balls given, aimed at the top right corner (pocket 3).
static bs_aim_status aim_with(const bs_ball_def* extra, int count, bs_pocket_aim* dest) {
	bs_ball_def balls[8] = {ball_at(0, 0.6, 0.5, 0.0, 0.0), ball_at(1, 1.9, 0.9, 0.0, 0.0)};
	for (int i = 0; i < count; ++i) {
		balls[2 + i] = extra[i];
	}
	bs_world_def def = pool_table_def("9ft");
	def.balls = balls;
	def.ball_count = 2 + count;
	bs_world* world = bs_world_create(&def);
	bs_aim_status status = bs_aim_to_pocket(world, 0, 1, 3, dest);
	bs_world_destroy(world);
	return status;
}

// A ball whose centre comes within the radius sum of a straight path blocks
// it; the nearest of two is named; one just clear, or touching the cue
// ball from behind, is not.
static void blockers_are_reported(void) {
	bs_pocket_aim clear;
	CHECK_EQ_INT(aim_with(NULL, 0, &clear), BS_AIM_OK);
	CHECK_EQ_INT(clear.cue_blocker, -1);
	CHECK_EQ_INT(clear.object_blocker, -1);
	bs_vec2 target;
	bs_world_def def = pool_table_def("9ft");
	bs_table* table = bs_table_create(&def.table);
	CHECK_EQ_INT(bs_aim_pocket_target(table, 3, &target), BS_AIM_OK);
	bs_table_destroy(table);
	bs_aim plain;
	CHECK_EQ_INT(bs_aim_to_point(bs_v2(0.6, 0.5), radius, bs_v2(1.9, 0.9), radius, target, &plain), BS_AIM_OK);
	CHECK(memcmp(&plain, &clear.aim, sizeof plain) == 0);
	CHECK_EQ_DBL(clear.target.x, target.x);
	CHECK_EQ_DBL(clear.target.y, target.y);
	CHECK_NEAR(clear.object_travel, bs_v2_len(bs_v2_sub(target, bs_v2(1.9, 0.9))), 0.0);

	bs_vec2 d = clear.aim.direction, u = clear.aim.object_direction;
	bs_vec2 cue = bs_v2(0.6, 0.5), object = bs_v2(1.9, 0.9);
	bs_vec2 side_d = bs_v2_perp(d), side_u = bs_v2_perp(u);
	// Half way along each path, off to the side by just under and just over
	// the radius sum.
	bs_vec2 on_cue_path = bs_v2_mad(cue, 0.5 * clear.aim.travel, d);
	bs_vec2 on_object_path = bs_v2_mad(object, 0.5 * clear.object_travel, u);
	bs_ball_def near_cue[1] = {ball_at(7, 0.0, 0.0, 0.0, 0.0)};
	bs_pocket_aim aim;
	for (int side = -1; side <= 1; side += 2) {
		bs_vec2 in = bs_v2_mad(on_cue_path, side * 2.0 * radius * (1.0 - 1e-9), side_d);
		near_cue[0].pos = in;
		CHECK_EQ_INT(aim_with(near_cue, 1, &aim), BS_AIM_OK);
		CHECK_EQ_INT(aim.cue_blocker, 7);
		CHECK_EQ_INT(aim.object_blocker, -1);
		near_cue[0].pos = bs_v2_mad(on_cue_path, side * 2.0 * radius * (1.0 + 1e-9), side_d);
		CHECK_EQ_INT(aim_with(near_cue, 1, &aim), BS_AIM_OK);
		CHECK_EQ_INT(aim.cue_blocker, -1);
		near_cue[0].pos = bs_v2_mad(on_object_path, side * 2.0 * radius * (1.0 - 1e-9), side_u);
		CHECK_EQ_INT(aim_with(near_cue, 1, &aim), BS_AIM_OK);
		CHECK_EQ_INT(aim.cue_blocker, -1);
		CHECK_EQ_INT(aim.object_blocker, 7);
		near_cue[0].pos = bs_v2_mad(on_object_path, side * 2.0 * radius * (1.0 + 1e-9), side_u);
		CHECK_EQ_INT(aim_with(near_cue, 1, &aim), BS_AIM_OK);
		CHECK_EQ_INT(aim.object_blocker, -1);
	}
	// Two on each path: the nearer along it is named, whatever their order.
	bs_ball_def four[4] = {
		ball_at(9, 0.0, 0.0, 0.0, 0.0),
		ball_at(4, 0.0, 0.0, 0.0, 0.0),
		ball_at(5, 0.0, 0.0, 0.0, 0.0),
		ball_at(8, 0.0, 0.0, 0.0, 0.0),
	};
	four[0].pos = bs_v2_mad(cue, 0.7 * clear.aim.travel, d);
	four[1].pos = bs_v2_mad(bs_v2_mad(cue, 0.3 * clear.aim.travel, d), 0.04, side_d);
	four[2].pos = bs_v2_mad(object, 0.8 * clear.object_travel, u);
	four[3].pos = bs_v2_mad(bs_v2_mad(object, 0.4 * clear.object_travel, u), -0.03, side_u);
	CHECK_EQ_INT(aim_with(four, 4, &aim), BS_AIM_OK);
	CHECK_EQ_INT(aim.cue_blocker, 4);
	CHECK_EQ_INT(aim.object_blocker, 8);
	// Touching the cue ball from behind: out of the way; in front: in it.
	bs_ball_def touching[1] = {ball_at(2, 0.0, 0.0, 0.0, 0.0)};
	touching[0].pos = bs_v2_mad(cue, -2.0 * radius, d);
	CHECK_EQ_INT(aim_with(touching, 1, &aim), BS_AIM_OK);
	CHECK_EQ_INT(aim.cue_blocker, -1);
	CHECK_EQ_INT(aim.object_blocker, -1);
	touching[0].pos = bs_v2_mad(cue, 2.0 * radius, d);
	CHECK_EQ_INT(aim_with(touching, 1, &aim), BS_AIM_OK);
	CHECK_EQ_INT(aim.cue_blocker, 2);
	// Touching the object ball at the ghost: the cue ball meets it first.
	touching[0].pos = clear.aim.ghost;
	CHECK_EQ_INT(aim_with(touching, 1, &aim), BS_AIM_OK);
	CHECK_EQ_INT(aim.cue_blocker, 2);
}

// A ball in a pocket blocks nothing and cannot be aimed with or at.
static void pocketed_balls(void) {
	bs_world_def def = bs_default_world_def();
	CHECK(bs_table_preset("9ft", true, &def.table));
	bs_ball_def balls[3] = {ball_at(0, 0.6, 0.5, 0.0, 0.0), ball_at(1, 1.9, 0.9, 0.0, 0.0),
		ball_at(2, 0.3, 0.3, -1.0, -1.0)};
	def.balls = balls;
	def.ball_count = 3;
	bs_world* world = bs_world_create(&def);
	bs_world_advance(world, 2.0, 0);
	CHECK(bs_world_ball_state(world, 2, bs_world_time(world)).pocketed);
	bs_pocket_aim aim = {.cue_blocker = 99};
	CHECK_EQ_INT(bs_aim_to_pocket(world, 0, 2, 3, &aim), BS_AIM_POCKETED);
	CHECK_EQ_INT(bs_aim_to_pocket(world, 2, 1, 3, &aim), BS_AIM_POCKETED);
	CHECK_EQ_INT(aim.cue_blocker, 99);
	// Aimed at pocket 0, the object ball's path ends where ball 2 lies in it.
	CHECK_EQ_INT(bs_aim_to_pocket(world, 1, 0, 0, &aim), BS_AIM_OK);
	CHECK_EQ_INT(aim.cue_blocker, -1);
	CHECK_EQ_INT(aim.object_blocker, -1);
	bs_world_destroy(world);
}

// Every bad input gets its status and leaves the answer untouched.
static void bad_input_is_refused(void) {
	const double nan = NAN, inf = INFINITY;
	bs_vec2 cue = bs_v2(0.5, 0.5), object = bs_v2(1.5, 0.6), target = bs_v2(2.5, 1.2);
	bs_aim aim = {.cut_deg = 321.0};
	CHECK_EQ_INT(bs_aim_cut(bs_v2(nan, 0.5), radius, object, radius, 10.0, &aim), BS_AIM_NOT_FINITE);
	CHECK_EQ_INT(bs_aim_cut(cue, radius, bs_v2(1.0, inf), radius, 10.0, &aim), BS_AIM_NOT_FINITE);
	CHECK_EQ_INT(bs_aim_cut(cue, nan, object, radius, 10.0, &aim), BS_AIM_NOT_FINITE);
	CHECK_EQ_INT(bs_aim_cut(cue, radius, object, -inf, 10.0, &aim), BS_AIM_NOT_FINITE);
	CHECK_EQ_INT(bs_aim_cut(cue, radius, object, radius, nan, &aim), BS_AIM_NOT_FINITE);
	CHECK_EQ_INT(bs_aim_cut(cue, radius, object, radius, inf, &aim), BS_AIM_NOT_FINITE);
	CHECK_EQ_INT(bs_aim_cut(bs_v2(2e4, 0.0), radius, object, radius, 10.0, &aim), BS_AIM_OUT_OF_RANGE);
	CHECK_EQ_INT(bs_aim_cut(cue, 0.0, object, radius, 10.0, &aim), BS_AIM_OUT_OF_RANGE);
	CHECK_EQ_INT(bs_aim_cut(cue, radius, object, -radius, 10.0, &aim), BS_AIM_OUT_OF_RANGE);
	CHECK_EQ_INT(bs_aim_cut(cue, 1e-7, object, radius, 10.0, &aim), BS_AIM_OUT_OF_RANGE);
	CHECK_EQ_INT(bs_aim_cut(cue, radius, object, 2e4, 10.0, &aim), BS_AIM_OUT_OF_RANGE);
	CHECK_EQ_INT(bs_aim_cut(cue, radius, bs_v2(0.53, 0.52), radius, 10.0, &aim), BS_AIM_OVERLAP);
	CHECK_EQ_INT(bs_aim_cut(cue, radius, cue, radius, 0.0, &aim), BS_AIM_OVERLAP);
	// Exactly touching, 0.25 + 0.25 apart; touching to the contact tolerance;
	// and just beyond it.
	CHECK_EQ_INT(bs_aim_cut(bs_v2(0.0, 0.0), 0.25, bs_v2(0.5, 0.0), 0.25, 0.0, &aim), BS_AIM_OVERLAP);
	CHECK_EQ_INT(bs_aim_cut(bs_v2(0.0, 0.0), 0.25, bs_v2(0.5 * (1.0 + 0.9e-9), 0.0), 0.25, 0.0, &aim), BS_AIM_OVERLAP);
	CHECK_EQ_INT(bs_aim_cut(bs_v2(0.0, 0.0), 0.25, bs_v2(0.5 * (1.0 + 1.1e-9), 0.0), 0.25, 0.0, &aim), BS_AIM_OK);
	aim.cut_deg = 321.0;
	CHECK_EQ_INT(bs_aim_cut(cue, radius, object, radius, 90.0, &aim), BS_AIM_TOO_THIN);
	CHECK_EQ_INT(bs_aim_cut(cue, radius, object, radius, -90.0, &aim), BS_AIM_TOO_THIN);
	CHECK_EQ_INT(bs_aim_cut(cue, radius, object, radius, 135.0, &aim), BS_AIM_TOO_THIN);
	CHECK_EQ_INT(bs_aim_cut(cue, radius, object, radius, nextafter(90.0, 0.0), &aim), BS_AIM_OK);
	CHECK(aim.travel > 0.0);
	aim.cut_deg = 321.0;

	bs_vec2 along = bs_v2(1.0, 0.1);
	CHECK_EQ_INT(bs_aim_cut_angle(cue, radius, bs_v2(nan, 1.0), object, radius, &aim), BS_AIM_NOT_FINITE);
	CHECK_EQ_INT(bs_aim_cut_angle(cue, radius, bs_v2(1.0, -inf), cue, radius, &aim), BS_AIM_NOT_FINITE);
	CHECK_EQ_INT(bs_aim_cut_angle(cue, nan, along, object, radius, &aim), BS_AIM_NOT_FINITE);
	CHECK_EQ_INT(bs_aim_cut_angle(cue, radius, along, bs_v2(-3e4, 0.0), radius, &aim), BS_AIM_OUT_OF_RANGE);
	CHECK_EQ_INT(bs_aim_cut_angle(cue, radius, bs_v2(0.0, -0.0), object, radius, &aim), BS_AIM_NO_DIRECTION);
	CHECK_EQ_INT(bs_aim_cut_angle(cue, radius, along, bs_v2(0.52, 0.5), radius, &aim), BS_AIM_OVERLAP);

	CHECK_EQ_INT(bs_aim_to_point(cue, radius, object, radius, bs_v2(nan, 0.0), &aim), BS_AIM_NOT_FINITE);
	CHECK_EQ_INT(bs_aim_to_point(cue, radius, object, inf, target, &aim), BS_AIM_NOT_FINITE);
	CHECK_EQ_INT(bs_aim_to_point(cue, radius, object, radius, bs_v2(1e5, 0.0), &aim), BS_AIM_OUT_OF_RANGE);
	CHECK_EQ_INT(bs_aim_to_point(cue, radius, cue, radius, target, &aim), BS_AIM_OVERLAP);
	CHECK_EQ_INT(bs_aim_to_point(cue, radius, object, radius, object, &aim), BS_AIM_AT_TARGET);
	CHECK_EQ_DBL(aim.cut_deg, 321.0);
	// Behind the object ball: refused, with the cut it would need.
	CHECK_EQ_INT(bs_aim_to_point(cue, radius, object, radius, cue, &aim), BS_AIM_TOO_THIN);
	CHECK_NEAR(fabs(aim.cut_deg), 180.0, 1e-9);

	bs_world_def def = pool_table_def("9ft");
	bs_ball_def balls[3] = {ball_at(0, 0.6, 0.5, 0.0, 0.0), ball_at(1, 1.9, 0.9, 0.0, 0.0),
		ball_at(5, 1.9 + 2.0 * radius, 0.9, 0.0, 0.0)};
	def.balls = balls;
	def.ball_count = 3;
	bs_world* world = bs_world_create(&def);
	CHECK(world != NULL);
	bs_pocket_aim pocket_aim = {.cue_blocker = 99};
	CHECK_EQ_INT(bs_aim_to_pocket(world, 0, 2, 3, &pocket_aim), BS_AIM_NO_BALL);
	CHECK_EQ_INT(bs_aim_to_pocket(world, -1, 1, 3, &pocket_aim), BS_AIM_NO_BALL);
	CHECK_EQ_INT(bs_aim_to_pocket(world, 1, 1, 3, &pocket_aim), BS_AIM_SAME_BALL);
	CHECK_EQ_INT(bs_aim_to_pocket(world, 0, 1, -1, &pocket_aim), BS_AIM_NO_POCKET);
	CHECK_EQ_INT(bs_aim_to_pocket(world, 0, 1, 6, &pocket_aim), BS_AIM_NO_POCKET);
	CHECK_EQ_INT(bs_aim_to_pocket(world, 0, 1, 1 << 30, &pocket_aim), BS_AIM_NO_POCKET);
	// Balls 1 and 5 are frozen together (to rounding).
	CHECK_EQ_INT(bs_aim_to_pocket(world, 1, 5, 3, &pocket_aim), BS_AIM_OVERLAP);
	CHECK_EQ_INT(bs_aim_to_pocket(world, 5, 1, 5, &pocket_aim), BS_AIM_OVERLAP);
	CHECK_EQ_INT(pocket_aim.cue_blocker, 99);
	// The bottom left corner lies behind ball 5 as the cue ball sees it.
	CHECK_EQ_INT(bs_aim_to_pocket(world, 0, 5, 0, &pocket_aim), BS_AIM_TOO_THIN);
	CHECK(fabs(pocket_aim.aim.cut_deg) >= 90.0);
	bs_world_destroy(world);

	bs_world_def rect = bs_default_world_def();
	rect.balls = balls;
	rect.ball_count = 2;
	world = bs_world_create(&rect);
	CHECK_EQ_INT(bs_aim_to_pocket(world, 0, 1, 0, &pocket_aim), BS_AIM_NO_POCKET);
	bs_world_destroy(world);
}

// Every status has its own sentence.
static void status_messages(void) {
	for (int i = 0; i < BS_AIM_STATUS_COUNT; ++i) {
		const char* message = bs_aim_status_message((bs_aim_status)i);
		CHECK(message && message[0] != '\0');
		CHECK(strcmp(message, "unknown aim status") != 0);
		for (int j = 0; j < i; ++j) {
			CHECK(strcmp(message, bs_aim_status_message((bs_aim_status)j)) != 0);
		}
	}
	CHECK_EQ_STR(bs_aim_status_message(BS_AIM_OK), "ok");
	CHECK_EQ_STR(bs_aim_status_message(BS_AIM_STATUS_COUNT), "unknown aim status");
	CHECK_EQ_STR(bs_aim_status_message((bs_aim_status)-1), "unknown aim status");
	CHECK_CONTAINS(bs_aim_status_message(BS_AIM_TOO_THIN), "90 degrees");
}

int main(void) {
	RUN(straight_in_aims_at_the_centre);
	RUN(positive_cuts_to_the_left);
	RUN(cut_geometry_holds);
	RUN(cut_angle_of_a_shot);
	RUN(to_point_sends_along_the_line);
	RUN(ideal_contact_at_the_requested_cut);
	RUN(pool_stun_shots_drop);
	RUN(slow_shots_throw_more);
	RUN(pocket_target_is_the_mouth_centre);
	RUN(blockers_are_reported);
	RUN(pocketed_balls);
	RUN(bad_input_is_refused);
	RUN(status_messages);
	return check_summary();
}
