// breakshot: the shots geometry proposes for a goal, before simulation
// refines them: the ghost ball for a direct pot, banks and kicks through a
// target mirrored in a cushion, combinations, caroms off a ball, and for
// three-cushion a sweep of every direction. Straight lines and contacts
// along the line of centres, exact only for frictionless balls: throw,
// squirt and swerve are what the refinement corrects (solve.c).
#include "solve_internal.h"

#include <math.h>
#include <string.h>

#include <breakshot/aim.h>
#include <breakshot/table.h>

/// Directions a sweep tries, evenly around the circle.
#define SOLVE_SWEEP_DIRECTIONS 360
/// The largest cut (degrees) a bank, a combination or a carom is proposed
/// with: thinner ones are rarely made, and each costs a refinement.
#define SOLVE_MAX_SIDE_CUT 60.0
/// How near (m) a first ball must be to the ghost it is sent to for a
/// combination or a carom to be proposed: farther ones are rarely made.
#define SOLVE_MAX_COMBINATION_REACH 0.6

typedef struct proposer {
	const solve_position* position;
	const bs_table* table;
	bs_world* world; ///< the position at rest, for the blocker checks of bs_aim_to_pocket
	solve_candidate* dest;
	int count, capacity;
	bs_vec2 cue;
	double radius; ///< the cue ball's
} proposer;

static void propose(proposer* p, double angle_deg, bs_shot_family family, int object, int call_ball, int pocket) {
	if (p->count >= p->capacity || !isfinite(angle_deg)) {
		return;
	}
	solve_candidate* c = &p->dest[p->count++];
	c->angle_deg = angle_deg;
	c->family = family;
	c->object_ball = object;
	c->call.ball = call_ball;
	c->call.pocket = pocket;
}

static double angle_of(bs_vec2 d) {
	return atan2(d.y, d.x) * (180.0 / BS_PI);
}

// The four cushion lines a ball's centre turns on: a radius inside each
// nose. Returns the point mirrored in line `rail` (0: x = r, 1: x = width -
// r, 2: y = r, 3: y = height - r).
static bs_vec2 mirror(const proposer* p, int rail, bs_vec2 point, double r) {
	const bs_table_def* t = &p->position->world.table;
	switch (rail) {
	case 0:
		return (bs_vec2){2.0 * r - point.x, point.y};
	case 1:
		return (bs_vec2){2.0 * (t->width - r) - point.x, point.y};
	case 2:
		return (bs_vec2){point.x, 2.0 * r - point.y};
	default:
		return (bs_vec2){point.x, 2.0 * (t->height - r) - point.y};
	}
}

// Whether the straight path from `from` to the mirrored `to` crosses its
// cushion line between the table's corners (so it bounces off a cushion
// and not off a pocket's mouth or nothing).
static bool bounces_on_rail(const proposer* p, int rail, bs_vec2 from, bs_vec2 to, double r) {
	const bs_table_def* t = &p->position->world.table;
	double line = rail == 0 ? r : rail == 1 ? t->width - r : rail == 2 ? r : t->height - r;
	bool vertical = rail < 2;
	double a = vertical ? from.x : from.y, b = vertical ? to.x : to.y;
	if ((a - line) * (b - line) >= 0.0) {
		return false;
	}
	double s = (line - a) / (b - a);
	double along = vertical ? from.y + s * (to.y - from.y) : from.x + s * (to.x - from.x);
	double length = vertical ? t->height : t->width;
	double margin = 3.0 * r; // clear of the pockets' mouths
	return along > margin && along < length - margin;
}

// The direct pot of `object` into `pocket`, with its bank and the kicks to
// its ghost, and the pots `first` plays by combination or carom onto it.
static void propose_pots(proposer* p, const bs_ball_def* object, int pocket, const int* firsts, int first_count,
	bool object_is_first) {
	bs_vec2 target;
	if (bs_aim_pocket_target(p->table, pocket, &target) != BS_AIM_OK) {
		return;
	}
	double r = object->radius;
	double s = p->radius + r;
	int cue_id = p->position->balls[p->position->cue_index].id;
	if (object_is_first) {
		bs_pocket_aim aim;
		bs_aim_status status = bs_aim_to_pocket(p->world, cue_id, object->id, pocket, &aim);
		bool open = status == BS_AIM_OK && aim.cue_blocker < 0 && aim.object_blocker < 0;
		if (open) {
			propose(p, aim.aim.angle_deg, BS_SHOT_DIRECT, object->id, object->id, pocket);
		}
		// The cue ball's own path to the object ball is blocked: a kick.
		bool kick = status == BS_AIM_OK && aim.cue_blocker >= 0;
		for (int rail = 0; rail < 4; ++rail) {
			// The bank: the object ball to the pocket mirrored in a cushion.
			bs_vec2 image = mirror(p, rail, target, r);
			bs_aim bank;
			if (bounces_on_rail(p, rail, object->pos, image, r) &&
				bs_aim_to_point(p->cue, p->radius, object->pos, r, image, &bank) == BS_AIM_OK &&
				fabs(bank.cut_deg) < SOLVE_MAX_SIDE_CUT) {
				propose(p, bank.angle_deg, BS_SHOT_BANK, object->id, object->id, pocket);
			}
			// The kick: the cue ball to the ghost mirrored in a cushion.
			bs_aim direct;
			if (kick && bs_aim_to_point(p->cue, p->radius, object->pos, r, target, &direct) == BS_AIM_OK) {
				bs_vec2 ghost_image = mirror(p, rail, direct.ghost, p->radius);
				if (bounces_on_rail(p, rail, p->cue, ghost_image, p->radius)) {
					propose(p, angle_of(bs_v2_sub(ghost_image, p->cue)), BS_SHOT_KICK, object->id, object->id,
						pocket);
				}
			}
		}
	}
	// The ghost that pots the object ball, for a first ball to reach.
	bs_vec2 to_target = bs_v2_sub(target, object->pos);
	double distance = bs_v2_len(to_target);
	if (distance <= 0.0) {
		return;
	}
	for (int f = 0; f < first_count; ++f) {
		const bs_ball_def* first = solve_position_ball(p->position, firsts[f]);
		if (!first || first->id == object->id || first->id == cue_id) {
			continue;
		}
		bs_vec2 ghost = bs_v2_sub(object->pos, bs_v2_scale((first->radius + r) / distance, to_target));
		if (bs_v2_len(bs_v2_sub(ghost, first->pos)) > SOLVE_MAX_COMBINATION_REACH) {
			continue;
		}
		// A combination: the first ball driven to the ghost, each cut moderate.
		bs_aim combination;
		bs_vec2 first_path = bs_v2_sub(ghost, first->pos);
		double second_cut = acos(fmax(-1.0, fmin(1.0, bs_v2_dot(first_path, to_target) /
			(bs_v2_len(first_path) * distance)))) * (180.0 / BS_PI);
		if (bs_aim_to_point(p->cue, p->radius, first->pos, first->radius, ghost, &combination) == BS_AIM_OK &&
			fabs(combination.cut_deg) < SOLVE_MAX_SIDE_CUT && second_cut < SOLVE_MAX_SIDE_CUT) {
			propose(p, combination.angle_deg, BS_SHOT_COMBINATION, first->id, object->id, pocket);
		}
		// A carom: the cue ball glances off the first ball, leaving it at
		// right angles to the line of centres (a stun shot's tangent line),
		// towards the cue ball's ghost on the object ball. The contact G is
		// where the circle of radius s' about the first ball meets the
		// circle on the diameter from the first ball to the ghost (Thales).
		double s_first = p->radius + first->radius;
		bs_vec2 cue_ghost = bs_v2_sub(object->pos, bs_v2_scale(s / distance, to_target));
		bs_vec2 centre = bs_v2_scale(0.5, bs_v2_add(first->pos, cue_ghost));
		double rho = 0.5 * bs_v2_len(bs_v2_sub(cue_ghost, first->pos));
		double d = bs_v2_len(bs_v2_sub(centre, first->pos)); // = rho
		if (rho <= 0.5 * s_first || d <= 0.0) {
			continue;
		}
		// Circles about first (radius s') and centre (radius rho), d = rho apart.
		double a = (s_first * s_first - rho * rho + d * d) / (2.0 * d);
		double h2 = s_first * s_first - a * a;
		if (h2 <= 0.0) {
			continue;
		}
		bs_vec2 u = bs_v2_scale(1.0 / d, bs_v2_sub(centre, first->pos));
		bs_vec2 base = bs_v2_add(first->pos, bs_v2_scale(a, u));
		double h = sqrt(h2);
		for (int side = -1; side <= 1; side += 2) {
			bs_vec2 contact = {base.x - side * h * u.y, base.y + side * h * u.x};
			bs_vec2 approach = bs_v2_sub(contact, p->cue);
			// The cue ball must meet the first ball there from its own side.
			if (bs_v2_dot(approach, bs_v2_sub(first->pos, contact)) <= 0.0) {
				continue;
			}
			bs_aim check;
			if (bs_aim_cut_angle(p->cue, p->radius, approach, first->pos, first->radius, &check) == BS_AIM_OK &&
				fabs(check.cut_deg) < SOLVE_MAX_SIDE_CUT) {
				propose(p, angle_of(approach), BS_SHOT_CAROM, first->id, object->id, pocket);
			}
		}
	}
}

static void propose_sweep(proposer* p) {
	for (int k = 0; k < SOLVE_SWEEP_DIRECTIONS; ++k) {
		propose(p, -180.0 + 360.0 * k / SOLVE_SWEEP_DIRECTIONS, BS_SHOT_SWEEP, -1, -1, -1);
	}
}

// The balls a game lets the shooter pot: any object ball in the rotation
// games (the lowest must be struck first), else the balls on.
static int pottable(const bs_game_state* state, const int* on, int on_count, int* dest) {
	if (state->game == BS_GAME_9_BALL || state->game == BS_GAME_10_BALL) {
		int n = 0;
		for (int i = 0; i < state->ball_count; ++i) {
			if (state->balls[i].on_table && state->balls[i].id != state->cue_ball) {
				dest[n++] = state->balls[i].id;
			}
		}
		return n;
	}
	memcpy(dest, on, (size_t)on_count * sizeof *dest);
	return on_count;
}

int solve_candidates(const bs_solve_def* def, const solve_position* position, solve_candidate* dest, int capacity) {
	bs_table* table = bs_table_create(&position->world.table);
	bs_world* world = bs_world_create(&position->world);
	if (!table || !world) {
		bs_table_destroy(table);
		bs_world_destroy(world);
		return 0;
	}
	proposer p = {position, table, world, dest, 0, capacity, position->balls[position->cue_index].pos,
		position->balls[position->cue_index].radius};
	int pockets = bs_table_pocket_count(table);
	int cue_id = position->balls[position->cue_index].id;
	bool sweep = def->goal.kind == BS_GOAL_THREE_CUSHION ||
		(def->goal.kind == BS_GOAL_GAME && position->state.game == BS_GAME_THREE_CUSHION);
	if (sweep) {
		propose_sweep(&p);
	} else if (def->goal.kind == BS_GOAL_GAME && position->state.is_break) {
		// A break: full on the ball on nearest the cue ball, the head of the rack.
		int on[SOLVE_MAX_BALLS];
		int on_count = bs_rules_balls_on(&position->state, on);
		const bs_ball_def* head = NULL;
		for (int o = 0; o < on_count; ++o) {
			const bs_ball_def* ball = solve_position_ball(p.position, on[o]);
			if (!head || bs_v2_len(bs_v2_sub(ball->pos, p.cue)) < bs_v2_len(bs_v2_sub(head->pos, p.cue))) {
				head = ball;
			}
		}
		if (head) {
			propose(&p, angle_of(bs_v2_sub(head->pos, p.cue)), BS_SHOT_DIRECT, head->id, -1, -1);
		}
	} else {
		int firsts[SOLVE_MAX_BALLS], first_count = 0;
		int objects[SOLVE_MAX_BALLS], object_count = 0;
		if (def->goal.kind == BS_GOAL_GAME) {
			first_count = bs_rules_balls_on(&position->state, firsts);
			object_count = pottable(&position->state, firsts, first_count, objects);
		} else {
			objects[object_count++] = def->goal.ball;
			for (int k = 0; k < position->world.ball_count; ++k) {
				int id = position->balls[k].id;
				if (id != cue_id && id != def->goal.ball) {
					firsts[first_count++] = id;
				}
			}
		}
		for (int o = 0; o < object_count; ++o) {
			const bs_ball_def* object = solve_position_ball(p.position, objects[o]);
			bool is_first = def->goal.kind != BS_GOAL_GAME;
			for (int f = 0; f < first_count && !is_first; ++f) {
				is_first = firsts[f] == objects[o];
			}
			for (int pocket = 0; pocket < pockets; ++pocket) {
				if (def->goal.kind == BS_GOAL_POT && def->goal.pocket >= 0 && pocket != def->goal.pocket) {
					continue;
				}
				propose_pots(&p, object, pocket, firsts, first_count, is_first);
			}
		}
	}
	bs_world_destroy(world);
	bs_table_destroy(table);
	return p.count;
}
