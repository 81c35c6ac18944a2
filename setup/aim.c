// breakshot: aiming by the ghost ball (aim.h); docs/aiming.md derives the
// formulas.
#include <breakshot/aim.h>

#include <math.h>
#include <stdbool.h>

#include "table_internal.h"

static const double degrees_per_radian = 180.0 / BS_PI;

const char* bs_aim_status_message(bs_aim_status status) {
	switch (status) {
	case BS_AIM_OK:
		return "ok";
	case BS_AIM_NOT_FINITE:
		return "a position, radius, angle or direction is not a finite number";
	case BS_AIM_OUT_OF_RANGE:
		return "a coordinate is beyond 1e4 m (BS_MAX_LENGTH), or a radius is outside [1e-6, 1e4] m";
	case BS_AIM_OVERLAP:
		return "the cue ball touches or overlaps the object ball, so it has no path to a contact";
	case BS_AIM_TOO_THIN:
		return "the cut would be 90 degrees or more: the cue ball cannot reach that contact without passing "
			   "through the object ball";
	case BS_AIM_MISSES:
		return "the cue ball's path misses the object ball (or only grazes it, or leads away from it)";
	case BS_AIM_NO_DIRECTION:
		return "the direction is the zero vector";
	case BS_AIM_AT_TARGET:
		return "the object ball's centre is on the target already";
	case BS_AIM_NO_POCKET:
		return "the table has no pocket with that index";
	case BS_AIM_NO_BALL:
		return "the world has no ball with that id";
	case BS_AIM_POCKETED:
		return "the ball is in a pocket, off the table";
	case BS_AIM_SAME_BALL:
		return "the cue ball and the object ball are the same ball";
	case BS_AIM_STATUS_COUNT:
		break;
	}
	return "unknown aim status";
}

static bool finite_point(bs_vec2 p) {
	return isfinite(p.x) && isfinite(p.y);
}

// Within the world's own limits, every square and sum below stays far from
// overflow and underflow.
static bool point_in_range(bs_vec2 p) {
	return fabs(p.x) <= BS_MAX_LENGTH && fabs(p.y) <= BS_MAX_LENGTH;
}

static bool radius_in_range(double radius) {
	return radius >= BS_MIN_RADIUS && radius <= BS_MAX_LENGTH;
}

// What every aim asks of its two balls: finite, in range, apart.
static bs_aim_status check_balls(bs_vec2 cue, double cue_radius, bs_vec2 object, double object_radius) {
	if (!finite_point(cue) || !finite_point(object) || !isfinite(cue_radius) || !isfinite(object_radius)) {
		return BS_AIM_NOT_FINITE;
	}
	if (!point_in_range(cue) || !point_in_range(object) || !radius_in_range(cue_radius) ||
		!radius_in_range(object_radius)) {
		return BS_AIM_OUT_OF_RANGE;
	}
	// Balls the engine left touching lie apart by rounding either way, and
	// the path between them would be all rounding: they are frozen together.
	if (bs_v2_len(bs_v2_sub(object, cue)) <= (cue_radius + object_radius) * (1.0 + BS_CONTACT_TOLERANCE)) {
		return BS_AIM_OVERLAP;
	}
	return BS_AIM_OK;
}

// `v` turned counter-clockwise by the angle whose cosine and sine are given.
static bs_vec2 turn(bs_vec2 v, double cosine, double sine) {
	return bs_v2(cosine * v.x - sine * v.y, sine * v.x + cosine * v.y);
}

static bs_aim make_aim(bs_vec2 direction, bs_vec2 ghost, double travel, double cut_deg, bs_vec2 object_direction) {
	bs_aim aim;
	aim.direction = direction;
	aim.angle_deg = atan2(direction.y, direction.x) * degrees_per_radian;
	aim.ghost = ghost;
	aim.travel = travel;
	aim.cut_deg = cut_deg;
	aim.object_direction = object_direction;
	return aim;
}

bs_aim_status bs_aim_cut(bs_vec2 cue, double cue_radius, bs_vec2 object, double object_radius, double cut_deg,
	bs_aim* dest) {
	if (!isfinite(cut_deg)) {
		return BS_AIM_NOT_FINITE;
	}
	bs_aim_status status = check_balls(cue, cue_radius, object, object_radius);
	if (status != BS_AIM_OK) {
		return status;
	}
	if (fabs(cut_deg) >= 90.0) {
		return BS_AIM_TOO_THIN;
	}
	double sum = cue_radius + object_radius;
	bs_vec2 apart = bs_v2_sub(object, cue);
	double length = bs_v2_len(apart);
	bs_vec2 towards = bs_v2_scale(1.0 / length, apart);
	double cut = cut_deg / degrees_per_radian;
	double cut_sine = sin(cut);
	double cut_cosine = cos(cut);
	// The object ball's centre lies s sin(cut) to the left of the path: the
	// path runs clockwise of the centre line by the angle with that sine.
	// |sine| < s / L < 1, and (1 - sine)(1 + sine) keeps the cosine's
	// digits when the sine is near 1.
	double sine = sum * cut_sine / length;
	double cosine = sqrt((1.0 - sine) * (1.0 + sine));
	bs_vec2 direction = turn(towards, cosine, -sine);
	bs_vec2 normal = turn(direction, cut_cosine, cut_sine);
	bs_vec2 ghost = bs_v2_mad(object, -sum, normal);
	double travel = length * cosine - sum * cut_cosine;
	*dest = make_aim(direction, ghost, travel > 0.0 ? travel : 0.0, cut_deg, normal);
	return BS_AIM_OK;
}

bs_aim_status bs_aim_cut_angle(bs_vec2 cue, double cue_radius, bs_vec2 direction, bs_vec2 object, double object_radius,
	bs_aim* dest) {
	if (!finite_point(direction)) {
		return BS_AIM_NOT_FINITE;
	}
	bs_aim_status status = check_balls(cue, cue_radius, object, object_radius);
	if (status != BS_AIM_OK) {
		return status;
	}
	// Scaled before it is squared, so that no length is too small or too
	// large to normalise.
	double largest = fmax(fabs(direction.x), fabs(direction.y));
	if (largest == 0.0) {
		return BS_AIM_NO_DIRECTION;
	}
	bs_vec2 along_path = bs_v2_normalize(bs_v2_scale(1.0 / largest, direction));
	double sum = cue_radius + object_radius;
	bs_vec2 apart = bs_v2_sub(object, cue);
	double ahead = bs_v2_dot(along_path, apart);
	double offset = bs_v2_cross(along_path, apart);
	if (ahead <= 0.0 || fabs(offset) >= sum) {
		return BS_AIM_MISSES;
	}
	// The centres are s apart at contact: `depth` along the path and
	// `offset` across it.
	double depth = sqrt((sum - offset) * (sum + offset));
	double travel = ahead - depth;
	bs_vec2 ghost = bs_v2_mad(cue, travel > 0.0 ? travel : 0.0, along_path);
	bs_vec2 normal =
		bs_v2_normalize(bs_v2_add(bs_v2_scale(depth, along_path), bs_v2_scale(offset, bs_v2_perp(along_path))));
	double cut_deg = atan2(offset, depth) * degrees_per_radian;
	*dest = make_aim(along_path, ghost, travel > 0.0 ? travel : 0.0, cut_deg, normal);
	return BS_AIM_OK;
}

bs_aim_status bs_aim_to_point(bs_vec2 cue, double cue_radius, bs_vec2 object, double object_radius, bs_vec2 target,
	bs_aim* dest) {
	if (!finite_point(target)) {
		return BS_AIM_NOT_FINITE;
	}
	bs_aim_status status = check_balls(cue, cue_radius, object, object_radius);
	if (status != BS_AIM_OK) {
		return status;
	}
	if (!point_in_range(target)) {
		return BS_AIM_OUT_OF_RANGE;
	}
	bs_vec2 onwards = bs_v2_sub(target, object);
	if (onwards.x == 0.0 && onwards.y == 0.0) {
		return BS_AIM_AT_TARGET;
	}
	bs_vec2 normal = bs_v2_normalize(onwards);
	bs_vec2 ghost = bs_v2_mad(object, -(cue_radius + object_radius), normal);
	bs_vec2 to_ghost = bs_v2_sub(ghost, cue);
	double travel = bs_v2_len(to_ghost);
	bs_vec2 direction = bs_v2_scale(1.0 / travel, to_ghost);
	double cut_deg = atan2(bs_v2_cross(direction, normal), bs_v2_dot(direction, normal)) * degrees_per_radian;
	*dest = make_aim(direction, ghost, travel, cut_deg, normal);
	return fabs(cut_deg) >= 90.0 ? BS_AIM_TOO_THIN : BS_AIM_OK;
}

bs_aim_status bs_aim_pocket_target(const bs_table* table, int pocket, bs_vec2* dest) {
	if (pocket < 0 || pocket >= table->pocket_count) {
		return BS_AIM_NO_POCKET;
	}
	*dest = table->pockets[pocket].mouth_centre;
	return BS_AIM_OK;
}

// How far a ball of radius `radius` goes from `start` along the unit
// `direction` before it meets a ball of centre `centre` and radius `other`,
// or -1 when it does not meet it within `length`. A ball it touches counts
// only when the path leads into it.
static double meets_within(bs_vec2 start, bs_vec2 direction, double length, double radius, bs_vec2 centre,
	double other) {
	double sum = radius + other;
	bs_vec2 apart = bs_v2_sub(centre, start);
	double ahead = bs_v2_dot(direction, apart);
	double offset = bs_v2_cross(direction, apart);
	if (ahead <= 0.0 || fabs(offset) >= sum) {
		return -1.0;
	}
	double first = ahead - sqrt((sum - offset) * (sum + offset));
	if (first < 0.0) {
		first = 0.0;
	}
	return first < length ? first : -1.0;
}

// The first ball met along a path so far: its id (-1 for none) and how far
// along the path.
typedef struct blocker {
	int id;
	double at;
} blocker;

static void note_blocker(blocker* first, const bs_ball_state* ball, bs_vec2 start, bs_vec2 direction, double length,
	double radius) {
	double at = meets_within(start, direction, length, radius, ball->pos, ball->radius);
	if (at >= 0.0 && (first->id < 0 || at < first->at)) {
		first->id = ball->id;
		first->at = at;
	}
}

bs_aim_status bs_aim_to_pocket(const bs_world* world, int cue_id, int object_id, int pocket, bs_pocket_aim* dest) {
	int cue_index = bs_world_find_ball(world, cue_id);
	int object_index = bs_world_find_ball(world, object_id);
	if (cue_index < 0 || object_index < 0) {
		return BS_AIM_NO_BALL;
	}
	if (cue_index == object_index) {
		return BS_AIM_SAME_BALL;
	}
	double now = bs_world_time(world);
	bs_ball_state cue = bs_world_ball_state(world, cue_index, now);
	bs_ball_state object = bs_world_ball_state(world, object_index, now);
	if (cue.pocketed || object.pocketed) {
		return BS_AIM_POCKETED;
	}
	bs_vec2 target;
	bs_aim_status status = bs_aim_pocket_target(bs_world_table(world), pocket, &target);
	if (status != BS_AIM_OK) {
		return status;
	}
	bs_aim aim;
	status = bs_aim_to_point(cue.pos, cue.radius, object.pos, object.radius, target, &aim);
	if (status != BS_AIM_OK && status != BS_AIM_TOO_THIN) {
		return status;
	}
	bs_pocket_aim result;
	result.aim = aim;
	result.target = target;
	result.object_travel = bs_v2_len(bs_v2_sub(target, object.pos));
	blocker cue_first = {-1, 0.0};
	blocker object_first = {-1, 0.0};
	int count = bs_world_ball_count(world);
	for (int i = 0; i < count; ++i) {
		if (i == cue_index || i == object_index) {
			continue;
		}
		bs_ball_state ball = bs_world_ball_state(world, i, now);
		if (ball.pocketed) {
			continue;
		}
		note_blocker(&cue_first, &ball, cue.pos, aim.direction, aim.travel, cue.radius);
		note_blocker(&object_first, &ball, object.pos, aim.object_direction, result.object_travel, object.radius);
	}
	result.cue_blocker = cue_first.id;
	result.object_blocker = object_first.id;
	*dest = result;
	return status;
}
