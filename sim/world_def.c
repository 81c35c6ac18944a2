// breakshot: world defs, their defaults and the check that a def describes a
// state the engine can simulate exactly.
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <breakshot/world.h>

#include "alloc.h"
#include "anchor_history.h"
#include "collide.h"
#include "grid.h"
#include "index_sort.h"
#include "motion.h"
#include "physics.h"
#include "placement.h"
#include "table_internal.h"

static const char* const ball_kind_names[BS_BALL_KIND_COUNT] = {
	"numbered",
	"snooker_white",
	"snooker_red",
	"snooker_yellow",
	"snooker_green",
	"snooker_brown",
	"snooker_blue",
	"snooker_pink",
	"snooker_black",
	"carom_white",
	"carom_yellow",
	"carom_red",
};

const char* bs_ball_kind_name(bs_ball_kind kind) {
	return (int)kind >= 0 && kind < BS_BALL_KIND_COUNT ? ball_kind_names[kind] : "none";
}

bool bs_ball_kind_from_name(const char* name, bs_ball_kind* dest) {
	for (int k = 0; k < BS_BALL_KIND_COUNT; ++k) {
		if (strcmp(name, ball_kind_names[k]) == 0) {
			*dest = (bs_ball_kind)k;
			return true;
		}
	}
	return false;
}

const char* bs_event_kind_name(bs_event_kind kind) {
	switch (kind) {
	case BS_EVENT_BALL:
		return "ball";
	case BS_EVENT_CUSHION:
		return "cushion";
	case BS_EVENT_JAW:
		return "jaw";
	case BS_EVENT_POCKET:
		return "pocket";
	case BS_EVENT_SLIDE_ROLL:
		return "slide_roll";
	case BS_EVENT_ROLL_SPIN:
		return "roll_spin";
	case BS_EVENT_ROLL_STOP:
		return "roll_stop";
	case BS_EVENT_SPIN_STOP:
		return "spin_stop";
	default:
		return "none";
	}
}

const char* bs_motion_state_name(bs_motion_state state) {
	switch (state) {
	case BS_MOTION_STATIONARY:
		return "stationary";
	case BS_MOTION_SPINNING:
		return "spinning";
	case BS_MOTION_ROLLING:
		return "rolling";
	case BS_MOTION_SLIDING:
		return "sliding";
	case BS_MOTION_POCKETED:
		return "pocketed";
	default:
		return "none";
	}
}

bs_pool_def bs_default_pool_def(void) {
	bs_pool_def def;
	def.sliding_friction = 0.2;
	def.rolling_friction = 0.01;
	def.spinning_friction = 10.0 / 9.0 * 2.0 / 5.0;
	def.gravity = 9.81;
	def.cushion_friction = 0.2;
	def.cushion_height = 0.64;
	def.ball_model = BS_BALL_MODEL_FRICTIONAL;
	def.cushion_model = BS_CUSHION_MODEL_HAN_2005;
	def.mathavan_restitution = 0.98;
	def.mathavan_cushion_friction = 0.14;
	def.mathavan_table_friction = 0.212;
	def.mathavan_steps = 200;
	def.stronge_omega_ratio = 1.8;
	return def;
}

bs_ball_def bs_default_ball_def(void) {
	bs_ball_def def;
	def.id = 0;
	def.pos = bs_v2(0.0, 0.0);
	def.vel = bs_v2(0.0, 0.0);
	def.omega = bs_v3(0.0, 0.0, 0.0);
	def.radius = BS_DEFAULT_RADIUS;
	def.mass = BS_DEFAULT_MASS;
	def.kind = BS_BALL_NUMBERED;
	def.anchor.set = false;
	def.anchor.time = 0.0;
	def.anchor.pos = bs_v2(0.0, 0.0);
	bs_history_set(&def.anchor, bs_history_none());
	def.anchor.vel = bs_v2(0.0, 0.0);
	def.anchor.omega = bs_v3(0.0, 0.0, 0.0);
	def.anchor.motion = BS_MOTION_STATIONARY;
	return def;
}

bs_world_def bs_default_world_def(void) {
	bs_world_def def;
	memset(&def, 0, sizeof def);
	def.table = bs_table_rect(2.54, 1.27);
	def.physics = BS_PHYSICS_IDEAL;
	def.pool = bs_default_pool_def();
	def.time = 0.0;
	def.ball_restitution = 1.0;
	def.cushion_restitution = 1.0;
	def.elastic_window = BS_DEFAULT_ELASTIC_WINDOW;
	def.rest_speed = BS_DEFAULT_REST_SPEED;
	def.balls = NULL;
	def.ball_count = 0;
	def.neighbour_search = BS_NEIGHBOURS_AUTO;
	def.queue = BS_QUEUE_AUTO;
	def.order = BS_ORDER_AUTO;
	return def;
}

bs_world_def bs_default_pool_world_def(void) {
	bs_world_def def = bs_default_world_def();
	def.physics = BS_PHYSICS_POOL;
	def.ball_restitution = BS_POOL_BALL_RESTITUTION;
	def.cushion_restitution = BS_POOL_CUSHION_RESTITUTION;
	return def;
}

static bool finite_positive(double x) {
	return isfinite(x) && x > 0.0;
}

bool bs_def_report_problem(bs_def_report* dest, bs_def_problem problem, int ball, int other, const char* fmt, ...) {
	dest->problem = problem;
	dest->ball_index = ball;
	dest->other_index = other;
	va_list args;
	va_start(args, fmt);
	vsnprintf(dest->message, sizeof dest->message, fmt, args);
	va_end(args);
	return false;
}

// `by_id` holds the ball indices sorted by id (as sort entries).
static int index_of_id(const bs_keyed_index* by_id, int n, int id) {
	int lo = 0, hi = n - 1;
	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;
		if (by_id[mid].key == (double)id) {
			return by_id[mid].index;
		}
		if (by_id[mid].key < (double)id) {
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	return -1;
}

// Whether ball `i`'s anchor names ball `j` as its last contact, and j's names
// i: the pair was resolved against each other at their anchor time and is
// never examined again until one of them has another event.
static bool mutual_contact(const bs_world_def* def, int i, int j) {
	const bs_ball_anchor* a = &def->balls[i].anchor;
	const bs_ball_anchor* b = &def->balls[j].anchor;
	bs_history ha = bs_history_of(a);
	bs_history hb = bs_history_of(b);
	return a->set && b->set && ha.last_kind == BS_EVENT_BALL && hb.last_kind == BS_EVENT_BALL &&
		ha.last_target == def->balls[j].id && hb.last_target == def->balls[i].id;
}

// The index of the lightest ball when the balls' kinetic energy, all given
// to it, would make it faster than BS_MAX_SPEED (less a relative 1e-6 for
// the rounding of the collisions), else -1. Energy never rises, so below
// this no collision can ever leave a ball faster than BS_MAX_SPEED, and
// every state the world reaches loads again.
static int energy_could_overspeed(const bs_world_def* def) {
	double energy = 0.0;
	int lightest = -1;
	for (int i = 0; i < def->ball_count; ++i) {
		const bs_ball_def* ball = &def->balls[i];
		energy += 0.5 * ball->mass * bs_v2_dot(ball->vel, ball->vel);
		// Friction can turn spin into speed (ideal discs have none).
		bs_spin_state spin = {ball->vel, ball->omega};
		energy += bs_motion_energy_of(spin, ball->mass, ball->radius).rotational;
		lightest = lightest < 0 || ball->mass < def->balls[lightest].mass ? i : lightest;
	}
	double limit = BS_MAX_SPEED * (1.0 - 1e-6);
	return lightest >= 0 && 2.0 * energy > def->balls[lightest].mass * limit * limit ? lightest : -1;
}

// A fresh ball (no anchor) carries only the rounding of its own speed. (A
// pool ball anchored in the past moved faster then: it slows down.)
static double rounding_speed(const bs_world_def* def, const bs_ball_def* ball) {
	double speed = bs_rounding_speed(ball->vel, ball->anchor.set ? bs_history_of(&ball->anchor).arrival_speed : 0.0);
	double then = ball->anchor.set ? bs_v2_len(bs_physics_ops_of(def->physics)->anchor_velocity(ball)) : 0.0;
	return then > speed ? then : speed;
}

// Where the world starts a ball (m): from its anchor when it has a usable
// one, as bs_world_create does, else at its position. The checks of place
// and overlap use it, so that what they pass is what the world simulates,
// to the bit.
static bs_vec2 start_position(const bs_world_def* def, const bs_ball_def* ball) {
	const bs_ball_anchor* anchor = &ball->anchor;
	if (!anchor->set || !(anchor->time >= -BS_MAX_TIME && anchor->time <= def->time) || !bs_v2_is_finite(anchor->pos)) {
		return ball->pos;
	}
	bool usable;
	bs_vec2 start = bs_physics_ops_of(def->physics)->anchor_start(def, ball, &usable);
	return usable ? start : ball->pos;
}

bool bs_moves_into(bs_vec2 v, bs_vec2 n, double scale) {
	return bs_v2_dot(v, n) > 16.0 * DBL_EPSILON * scale;
}

// Whether a ball's straight path from its anchor to the start runs into a
// cushion and on past it: the world predicts from the anchor, and would take
// that contact as one now, with the ball no longer touching the cushion.
// (A path through a ball, a jaw or a capture circle is no contact:
// prediction skips what the ball has passed by the start, and the checks of
// place and overlap see where it is now. A line has no such "passed".)
static bool passes_through_a_cushion(const bs_world_def* def, const bs_table* table, const bs_ball_def* ball) {
	double flight = def->time - ball->anchor.time;
	if (!(flight > 0.0)) {
		return false;
	}
	const bs_physics_ops* physics = bs_physics_ops_of(def->physics);
	bs_vec2 start = start_position(def, ball);
	double slack = bs_found_contact_slack(table, ball->radius, def->time, rounding_speed(def, ball));
	// The last contact, when the world would not examine it again, is not
	// examined here either: a ball that rests against a cushion and rolls
	// on along it stays at its line only to the rounding of its path.
	bs_history history = bs_history_of(&ball->anchor);
	int skipped = -1;
	if (history.last_kind == BS_EVENT_CUSHION && history.last_target >= 0 && history.last_target < table->cushion_count &&
		physics->skips_last_obstacle(
			def, ball, bs_v2_scale(-1.0, bs_segment_normal(table->cushions[history.last_target])))) {
		skipped = history.last_target;
	}
	for (int s = 0; s < table->cushion_count; ++s) {
		if (s == skipped) {
			continue;
		}
		bs_segment seg = table->cushions[s];
		double t = physics->anchor_segment_time(def, ball, seg, flight);
		// A straight path that met the line by the start is past it now; a
		// curved one may have come back out, yet the world would take the
		// contact, left behind, as one now. Only the rounding of the start
		// time separates a contact due at the start from one passed.
		if (physics->paths_curve && t < flight - 16.0 * DBL_EPSILON * (fabs(def->time) + fabs(ball->anchor.time))) {
			return true;
		}
		if (t < flight) {
			double depth = ball->radius - bs_v2_dot(bs_v2_sub(start, seg.a), bs_segment_normal(seg));
			if (depth > slack) {
				return true;
			}
		}
	}
	return false;
}

// The velocity (m/s) a ball has at its anchor's time.
static bs_vec2 anchor_velocity(const bs_world_def* def, const bs_ball_def* ball) {
	return bs_physics_ops_of(def->physics)->anchor_velocity(ball);
}

// Why ball i's saved anchor cannot be continued, or NULL when it can. It
// must lie at or before the start (and within BS_MAX_TIME), extrapolate to
// the ball's stated position (to 1e-9 m plus rounding), and name a contact
// that exists and that really touched the ball at the anchor time: the
// world never examines a ball against its last contact again, so a wrong
// one would let the ball pass through it. Two balls that name each other
// must also not approach since.
static const char* anchor_problem(
	const bs_world_def* def, const bs_table* table, int i, const bs_keyed_index* by_id, int n) {
	const bs_ball_def* ball = &def->balls[i];
	const bs_ball_anchor* anchor = &ball->anchor;
	if (!anchor->set) {
		return NULL;
	}
	if (!(anchor->time >= -BS_MAX_TIME && anchor->time <= def->time) || !bs_v2_is_finite(anchor->pos)) {
		return "its anchor's time must be at or before the start and not before -BS_MAX_TIME, with a finite position";
	}
	// The world predicts from the anchor and files the ball under the cell
	// of its anchor wrapped into the box; an anchor outside the box would
	// have it cross cells at the wrong times and miss its neighbours. The
	// engine writes anchors wrapped (bs_periodic_wrap).
	if (table->periodic && !bs_ball_inside_table(table, anchor->pos, ball->radius, 0.0, 0.0)) {
		return "its anchor's position must lie in the periodic box, [0, width) x [0, height), as the engine writes it";
	}
	bs_history history = bs_history_of(anchor);
	if (!(history.last_collision_time == -INFINITY ||
			(history.last_collision_time >= -BS_MAX_TIME && history.last_collision_time <= def->time))) {
		return "its anchor's last collision time must be -infinity (never) or at or before the start";
	}
	const bs_physics_ops* physics = bs_physics_ops_of(def->physics);
	const char* problem = physics->anchor_problem(def, ball);
	if (problem) {
		return problem;
	}
	bs_vec2 off = bs_table_nearest(table, bs_v2_sub(start_position(def, ball), ball->pos));
	if (!(bs_v2_len(off) <= bs_found_contact_slack(table, ball->radius, def->time, bs_v2_len(ball->vel)))) {
		return "its anchor does not lead to its position";
	}
	if (passes_through_a_cushion(def, table, ball)) {
		return "its path from the anchor to the start passes through a cushion";
	}
	switch (history.last_kind) {
	case BS_EVENT_NONE:
		return NULL;
	case BS_EVENT_BALL: {
		int j = history.last_target == ball->id ? -1 : index_of_id(by_id, n, history.last_target);
		if (j < 0) {
			return "its anchor's last contact names no other ball";
		}
		// Only a pair that names each other is never examined again; a ball
		// contact named on one side only changes nothing.
		if (!mutual_contact(def, i, j)) {
			return NULL;
		}
		const bs_ball_def* other = &def->balls[j];
		if (other->anchor.time != anchor->time) {
			return "its anchor's last contact, a ball naming it back, has another anchor time";
		}
		double sigma = ball->radius + other->radius;
		bs_vec2 d = bs_table_nearest(table, bs_v2_sub(other->anchor.pos, anchor->pos));
		bs_vec2 w = bs_v2_sub(anchor_velocity(def, other), anchor_velocity(def, ball));
		// Each centre carries the rounding of its own flight, at its own
		// speed, however slowly the two move apart.
		double speeds = bs_v2_len(anchor_velocity(def, ball)) + bs_v2_len(anchor_velocity(def, other));
		double arrivals = rounding_speed(def, ball) + rounding_speed(def, other);
		if (!(fabs(bs_v2_len(d) - sigma) <= bs_found_contact_slack(table, sigma, anchor->time, arrivals))) {
			return "its anchor's last contact, a ball naming it back, did not touch it at the anchor time";
		}
		// Resolved pairs separate (or at e = 0 slide apart); rounding may
		// leave them approaching by a few ulps of their speeds.
		if (bs_moves_into(bs_v2_scale(-1.0, w), bs_v2_normalize(d), speeds)) {
			return "its anchor's last contact, a ball naming it back, approaches it";
		}
		if (physics->contact_pressed(def, ball, other, bs_v2_normalize(d), w)) {
			return "its anchor's last contact, a ball naming it back, is a resting contact that friction presses";
		}
		return NULL;
	}
	case BS_EVENT_CUSHION:
	case BS_EVENT_JAW: {
		int count = history.last_kind == BS_EVENT_CUSHION ? table->cushion_count : table->jaw_count;
		if (history.last_target < 0 || history.last_target >= count) {
			return "its anchor's last contact names no such cushion or jaw";
		}
		bs_vec2 vel = anchor_velocity(def, ball);
		double speed = bs_v2_len(vel);
		if (!(bs_obstacle_gap(table, history.last_kind, history.last_target, anchor->pos, ball->radius) <=
				bs_found_contact_slack(table, bs_obstacle_sigma(table, history.last_kind, history.last_target,
					ball->radius), anchor->time, rounding_speed(def, ball)))) {
			return "its anchor's last contact, a cushion or jaw, did not touch it at the anchor time";
		}
		// The ball is never examined against its last contact again: it must
		// not move into it.
		bs_vec2 towards = history.last_kind == BS_EVENT_CUSHION
			? bs_v2_scale(-1.0, bs_segment_normal(table->cushions[history.last_target]))
			: bs_v2_normalize(bs_v2_sub(table->jaws[history.last_target].centre, anchor->pos));
		if (bs_moves_into(vel, towards, speed)) {
			return "its anchor's last contact, a cushion or jaw, is one it moves into";
		}
		if (physics->contact_pressed(def, ball, NULL, towards, bs_v2_scale(-1.0, vel))) {
			return "its anchor's last contact, a cushion or jaw, is a resting contact that friction presses";
		}
		return NULL;
	}
	default:
		return "its anchor's last contact must be a ball, cushion or jaw, or none";
	}
}

// Touching balls placed by arithmetic may overlap by rounding; only a deeper
// overlap is an error. Two balls with saved anchors are where the engine
// left them, touching perhaps after a contact found after a long flight (or
// two contacts at one instant, of which only one was resolved), whose
// rounding may exceed BS_TOUCH_TOLERANCE: they are held to
// BS_CONTACT_TOLERANCE and the slack of each ball's rounding, as validation
// holds them, so that every state the engine reaches loads again.
static bool find_overlap(const bs_world_def* def, const bs_table* table, int* first, int* second) {
	int n = def->ball_count;
	double max_speed = 0.0;
	for (int i = 0; i < n; ++i) {
		double speed = rounding_speed(def, &def->balls[i]);
		max_speed = speed > max_speed ? speed : max_speed;
	}
	bs_vec2* pos = bs_malloc((size_t)(n > 0 ? n : 1) * sizeof *pos);
	double* radius = bs_malloc((size_t)(n > 0 ? n : 1) * sizeof *radius);
	bool* saved = bs_malloc((size_t)(n > 0 ? n : 1) * sizeof *saved);
	bool ok = pos && radius && saved;
	for (int i = 0; ok && i < n; ++i) {
		pos[i] = start_position(def, &def->balls[i]);
		radius[i] = def->balls[i].radius;
		saved[i] = def->balls[i].anchor.set;
	}
	ok = ok && bs_find_close_pair(table, pos, radius, saved, n, BS_TOUCH_TOLERANCE,
					   2.0 * bs_contact_slack(table, def->time, max_speed), first, second);
	bs_free(pos);
	bs_free(radius);
	bs_free(saved);
	return ok;
}

bool bs_table_fits_diameter(const bs_table_def* table, double diameter) {
	if (!table->periodic) {
		return true;
	}
	bs_table box;
	bs_table_build(table, &box);
	return bs_grid_fits(&box, diameter);
}

bool bs_world_def_check(const bs_world_def* def, bs_def_report* dest) {
	dest->problem = BS_DEF_OK;
	dest->ball_index = -1;
	dest->other_index = -1;
	dest->message[0] = '\0';
	const bs_table_def* table_def = &def->table;
	if (!bs_table_def_size_ok(table_def)) {
		return bs_def_report_problem(dest, BS_DEF_BAD_TABLE, -1, -1, "the table size must be positive and at most %g m", BS_MAX_LENGTH);
	}
	const char* table_problem = bs_table_def_problem(table_def);
	if (table_problem) {
		return bs_def_report_problem(dest, BS_DEF_BAD_TABLE, -1, -1, "the table: %s", table_problem);
	}
	// The geometry the world will work out, for the checks of place and contact.
	bs_table geometry;
	bs_table_build(table_def, &geometry);
	const bs_table* table = &geometry;
	if (!(fabs(def->time) <= BS_MAX_TIME)) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1,
			"the start time must be within +-%g s (BS_MAX_TIME), where times still place balls to about 1e-12 m",
			BS_MAX_TIME);
	}
	if (!(def->ball_restitution >= 0.0 && def->ball_restitution <= 1.0)) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1, "the ball restitution must be in [0, 1]");
	}
	if (!(def->cushion_restitution >= 0.0 && def->cushion_restitution <= 1.0)) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1, "the cushion restitution must be in [0, 1]");
	}
	if (!(isfinite(def->elastic_window) && def->elastic_window >= 0.0)) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1, "the elastic window must be finite and >= 0");
	}
	if (!(isfinite(def->rest_speed) && def->rest_speed >= 0.0)) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1, "the rest speed must be finite and >= 0");
	}
	if (def->neighbour_search < BS_NEIGHBOURS_AUTO || def->neighbour_search > BS_NEIGHBOURS_GRID) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1, "neighbour_search must be a bs_neighbour_search");
	}
	if (def->queue < BS_QUEUE_AUTO || def->queue > BS_QUEUE_CALENDAR) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1, "queue must be a bs_queue_kind");
	}
	if (def->order < BS_ORDER_AUTO || def->order > BS_ORDER_SPATIAL) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1, "order must be a bs_storage_order");
	}
	const bs_physics_ops* physics = bs_physics_ops_of(def->physics);
	if (!physics) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1, "physics must be a bs_physics");
	}
	if (!physics->check_def(def, dest)) {
		return false;
	}
	if (def->ball_count < 0 || def->ball_count > BS_MAX_BALLS || (def->ball_count > 0 && def->balls == NULL)) {
		return bs_def_report_problem(dest, BS_DEF_BAD_NUMBER, -1, -1, "ball_count must be in [0, %d], with a balls array",
			BS_MAX_BALLS);
	}
	for (int i = 0; i < def->ball_count; ++i) {
		const bs_ball_def* ball = &def->balls[i];
		if (!finite_positive(ball->radius) || ball->radius < BS_MIN_RADIUS || ball->radius > BS_MAX_LENGTH) {
			return bs_def_report_problem(dest, BS_DEF_BAD_BALL, i, -1, "ball %d: the radius must be in [%g, %g] m", ball->id,
				BS_MIN_RADIUS, BS_MAX_LENGTH);
		}
		if (!finite_positive(ball->mass) || ball->mass < BS_MIN_MASS || ball->mass > BS_MAX_MASS) {
			return bs_def_report_problem(dest, BS_DEF_BAD_BALL, i, -1, "ball %d: the mass must be in [%g, %g] kg", ball->id,
				BS_MIN_MASS, BS_MAX_MASS);
		}
		if ((int)ball->kind < 0 || ball->kind >= BS_BALL_KIND_COUNT) {
			return bs_def_report_problem(dest, BS_DEF_BAD_BALL, i, -1,
				"ball %d: the kind %d is not a bs_ball_kind (0 to %d)", ball->id, (int)ball->kind,
				BS_BALL_KIND_COUNT - 1);
		}
		if (!bs_v2_is_finite(ball->pos) || !bs_v2_is_finite(ball->vel)) {
			return bs_def_report_problem(dest, BS_DEF_BAD_BALL, i, -1, "ball %d: position and velocity must be finite", ball->id);
		}
		if (bs_v2_len(ball->vel) > BS_MAX_SPEED) {
			return bs_def_report_problem(dest, BS_DEF_BAD_BALL, i, -1, "ball %d: the speed must be at most %g m/s", ball->id,
				BS_MAX_SPEED);
		}
		const char* problem = physics->ball_problem(def, ball);
		if (problem) {
			return bs_def_report_problem(dest, BS_DEF_BAD_BALL, i, -1, "ball %d: %s", ball->id, problem);
		}
		if (!(isfinite(ball->omega.x) && isfinite(ball->omega.y) && isfinite(ball->omega.z)) ||
			ball->radius * bs_v3_len(ball->omega) > BS_MAX_SPEED) {
			return bs_def_report_problem(dest, BS_DEF_BAD_BALL, i, -1,
				"ball %d: the spin must be finite, its surface speed (radius times |omega|) at most %g m/s", ball->id,
				BS_MAX_SPEED);
		}
		double arrival_speed = bs_history_of(&ball->anchor).arrival_speed;
		if (ball->anchor.set && !(arrival_speed >= 0.0 && arrival_speed <= BS_MAX_SPEED)) {
			return bs_def_report_problem(dest, BS_DEF_BAD_ANCHOR, i, -1, "ball %d: its anchor's arrival speed must be in [0, %g] m/s",
				ball->id, BS_MAX_SPEED);
		}
	}
	int lightest = energy_could_overspeed(def);
	if (lightest >= 0) {
		return bs_def_report_problem(dest, BS_DEF_BAD_BALL, lightest, -1,
			"the balls' kinetic energy could carry ball %d (the lightest, %g kg) past %g m/s (BS_MAX_SPEED): "
			"collisions can pass all of it to one ball",
			def->balls[lightest].id, def->balls[lightest].mass, BS_MAX_SPEED);
	}
	double diameter = bs_largest_diameter(def);
	if (def->ball_count > 0 && !bs_table_fits_diameter(table_def, diameter)) {
		return bs_def_report_problem(dest, BS_DEF_BAD_TABLE, -1, -1,
			"each side of a periodic table must be more than 5 of its largest ball diameters (%g m), so that "
			"two balls meet only as nearest images",
			diameter);
	}
	int n = def->ball_count;
	bs_keyed_index* order = bs_malloc((size_t)(n > 0 ? n : 1) * sizeof *order);
	if (!order) {
		return bs_def_report_problem(dest, BS_DEF_OUT_OF_MEMORY, -1, -1, "out of memory while checking the def");
	}
	// Duplicate ids: sort by id.
	for (int i = 0; i < n; ++i) {
		order[i].key = (double)def->balls[i].id;
		order[i].index = i;
	}
	bs_keyed_index_sort(order, n);
	for (int k = 1; k < n; ++k) {
		if (order[k].key == order[k - 1].key) {
			int first = order[k - 1].index;
			int second = order[k].index;
			bs_free(order);
			return bs_def_report_problem(dest, BS_DEF_DUPLICATE_ID, first, second, "balls %d and %d share the id %d", first, second,
				def->balls[first].id);
		}
	}
	for (int i = 0; i < n; ++i) {
		const bs_ball_def* ball = &def->balls[i];
		// A ball saved by the engine (its anchor set) is held to what the
		// engine holds itself to (bs_world_validate), and to the rounding of
		// the speed it arrived at: a contact found at one speed and left at
		// another, slower, may sit the first speed's rounding past the
		// cushion's line.
		double tolerance = ball->anchor.set ? BS_CONTACT_TOLERANCE : BS_TOUCH_TOLERANCE;
		if (!bs_ball_inside_table(table, start_position(def, ball), ball->radius, tolerance,
				bs_contact_slack(table, def->time, rounding_speed(def, ball)))) {
			bs_free(order);
			return bs_def_report_problem(dest, BS_DEF_OUTSIDE_TABLE, i, -1,
				"ball %d at (%.17g, %.17g) is not inside the table (its centre must stay a radius from every cushion, "
				"outside the pockets)",
				ball->id, ball->pos.x, ball->pos.y);
		}
	}
	for (int i = 0; i < n; ++i) {
		const char* problem = anchor_problem(def, table, i, order, n);
		if (problem) {
			bs_free(order);
			return bs_def_report_problem(dest, BS_DEF_BAD_ANCHOR, i, -1, "ball %d: %s", def->balls[i].id, problem);
		}
	}
	bs_free(order);
	int first, second;
	bool found = find_overlap(def, table, &first, &second);
	if (!found) {
		return bs_def_report_problem(dest, BS_DEF_OUT_OF_MEMORY, -1, -1, "out of memory while checking the def");
	}
	if (first >= 0) {
		return bs_def_report_problem(dest, BS_DEF_OVERLAP, first, second, "balls %d and %d overlap", def->balls[first].id,
			def->balls[second].id);
	}
	return true;
}
