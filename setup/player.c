// breakshot: a player that plays the games by itself (player.h): where to
// place the cue ball, which shot to attempt, when to play safe, and the
// shot executed under noise.
#include <breakshot/player.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <breakshot/aim.h>
#include <breakshot/table.h>

#include "alloc.h"
#include "cue_def.h"
#include "cue_strike.h"
#include "game_internal.h"
#include "solve_internal.h"

/// Places behind an object ball, on its line to a pocket, that the cue
/// ball in hand is tried at (m beyond the contact).
static const double straight_in_distances[] = {0.15, 0.35};
/// The cut angles (degrees) and speeds (m/s) a safety tries on each ball on.
static const double safety_cuts[] = {0.0, 35.0, -35.0, 65.0, -65.0, 82.0, -82.0};
static const double safety_speeds[] = {1.3, 2.2, 3.5};
/// Safeties whose leave is judged (the opponent's best chance), and of
/// those, how many are sampled under noise for their legality, with how
/// many samples.
#define SAFETY_JUDGED 16
#define SAFETY_SAMPLED 3
#define SAFETY_SAMPLES 32
/// Most places for ball in hand that are judged.
#define MAX_PLACES 48
/// The steepest cue a drawn execution is played with (degrees): a cue
/// def must stay below vertical.
#define PLAYER_MAX_ELEVATION 89.0

bs_player_def bs_default_player_def(void) {
	bs_player_def def;
	memset(&def, 0, sizeof def);
	def.search = bs_default_solve_def();
	def.search.samples = 300;
	def.search.screen_samples = 32;
	def.search.top = 4;
	def.search.refine = 8;
	def.position_weight = 0.5;
	def.safety_below = 0.3;
	def.break_speeds[0] = 7.5;
	def.break_speeds[1] = 9.0;
	def.execute_with_noise = true;
	def.seed = 1;
	return def;
}

static bool say(char* error, size_t error_size, const char* text) {
	snprintf(error, error_size, "%s", text);
	return false;
}

// A copy of `game` with its state replaced, for searching from a position
// the game has not reached (the cue ball placed).
static bs_game* game_at(const bs_game* game, const bs_game_state* state, char* error, size_t error_size) {
	return bs_game_start(&game->world, state, game->players[0], game->players[1], error, error_size);
}

static double distance(bs_vec2 a, bs_vec2 b) {
	return bs_v2_len(bs_v2_sub(a, b));
}

// The world of a state's balls with the cue ball at `cue_at`, whether it
// lies on the table or was pocketed (a scratch gives ball in hand).
static bs_world_def world_of(const bs_game* game, const bs_game_state* state, bs_vec2 cue_at, bs_ball_def* balls) {
	bs_world_def world = game->world;
	world.ball_count = bs_game_state_ball_defs(state, balls);
	world.balls = balls;
	const bs_rules_ball* cue = &state->balls[bs_game_state_find(state, state->cue_ball)];
	if (!cue->on_table) {
		bs_ball_def ball = bs_default_ball_def();
		ball.id = cue->id;
		ball.kind = cue->kind;
		ball.radius = cue->radius;
		ball.mass = cue->mass;
		balls[world.ball_count++] = ball;
	}
	for (int k = 0; k < world.ball_count; ++k) {
		if (balls[k].id == state->cue_ball) {
			balls[k].pos = cue_at;
		}
	}
	return world;
}

// Ball in hand: tries places straight in behind each ball on towards each
// pocket, a grid over the area allowed, and where the cue ball lies; keeps
// the place with the best chance of a direct pot (solve_direct_chance).
static bool choose_place(const bs_game* game, const bs_player_def* def, bs_vec2* dest) {
	const bs_game_state* state = &game->state;
	int cue = bs_game_state_find(state, state->cue_ball);
	double r = state->balls[cue].radius;
	bs_vec2 places[MAX_PLACES];
	int place_target[MAX_PLACES]; // the ball a place was made for, or -1 for every ball on
	int count = 0;
	int on[BS_RULES_MAX_BALLS];
	int on_count = bs_rules_balls_on(state, on);
	bs_table* table = bs_table_create(&state->table);
	if (!table) {
		return false;
	}
	char reason[256];
	for (int b = 0; b < on_count; ++b) {
		const bs_rules_ball* ball = &state->balls[bs_game_state_find(state, on[b])];
		for (int p = 0; p < bs_table_pocket_count(table); ++p) {
			bs_vec2 target;
			bs_aim_pocket_target(table, p, &target);
			bs_vec2 away = bs_v2_normalize(bs_v2_sub(ball->pos, target));
			for (size_t d = 0; d < sizeof straight_in_distances / sizeof *straight_in_distances; ++d) {
				bs_vec2 at = bs_v2_add(ball->pos, bs_v2_scale(2.0 * r + straight_in_distances[d], away));
				if (count < MAX_PLACES && bs_rules_check_placement(state, at, reason, sizeof reason)) {
					place_target[count] = on[b];
					places[count++] = at;
				}
			}
		}
	}
	// A grid over the table; the area's own check keeps what is allowed.
	for (int i = 1; i <= 7 && count < MAX_PLACES; ++i) {
		for (int j = 1; j <= 3 && count < MAX_PLACES; ++j) {
			bs_vec2 at = {state->table.width * i / 8.0, state->table.height * j / 4.0};
			if (state->in_hand == BS_IN_HAND_KITCHEN || state->in_hand == BS_IN_HAND_D) {
				at.x = 0.25 * state->table.width * i / 8.0; // the kitchen, and the baulk end the D lies in
			}
			if (bs_rules_check_placement(state, at, reason, sizeof reason)) {
				place_target[count] = -1;
				places[count++] = at;
			}
		}
	}
	if (state->balls[cue].on_table && count < MAX_PLACES &&
		bs_rules_check_placement(state, state->balls[cue].pos, reason, sizeof reason)) {
		place_target[count] = -1;
		places[count++] = state->balls[cue].pos;
	}
	bs_table_destroy(table);
	double best = -1.0;
	bs_ball_def balls[BS_RULES_MAX_BALLS];
	for (int k = 0; k < count; ++k) {
		bs_world_def world = world_of(game, state, places[k], balls);
		double chance = place_target[k] >= 0
			? solve_direct_chance(&def->search, &world, state->cue_ball, &place_target[k], 1)
			: solve_direct_chance(&def->search, &world, state->cue_ball, on, on_count);
		if (chance > best) {
			best = chance;
			*dest = places[k];
		}
	}
	return count > 0;
}

// Whether a shot is legal in `game` (no foul), run without noise; writes
// the state after into `after`.
static bool legal_shot(bs_shot_evaluator* evaluator, const bs_cue_def* cue, const bs_shot_call* call,
	bs_game_state* after) {
	bs_shot_evaluate(evaluator, cue, call, true);
	if (!evaluator->judged || evaluator->ruling.foul != BS_FOUL_NONE) {
		return false;
	}
	*after = evaluator->ruling.after;
	return true;
}

// The call a safety at `ball` makes: 8-ball's 8 to its nearest pocket (a
// shot at the 8 must name one), snooker's colour after a red (the
// nomination); none otherwise.
static bs_shot_call safety_call(const bs_game_state* state, const bs_table* table, int ball_id) {
	bs_shot_call call = bs_no_call();
	const bs_rules_ball* ball = &state->balls[bs_game_state_find(state, ball_id)];
	if (state->game == BS_GAME_8_BALL && ball_id == 8) {
		double nearest = INFINITY;
		for (int p = 0; p < bs_table_pocket_count(table); ++p) {
			bs_vec2 target;
			bs_aim_pocket_target(table, p, &target);
			if (distance(target, ball->pos) < nearest) {
				nearest = distance(target, ball->pos);
				call.ball = 8;
				call.pocket = p;
			}
		}
	} else if (state->game == BS_GAME_SNOOKER && state->on == BS_BALL_NUMBERED) {
		call.ball = ball_id;
	}
	return call;
}

typedef struct safety {
	bs_cue_def cue;
	bs_shot_call call;
	double leave;   ///< 1 - the opponent's best chance
	double legal;   ///< the probability of no foul under noise
} safety;

// A safety: a legal shot at a ball on that leaves the opponent the least
// chance of a direct pot. Returns false when no candidate is legal.
static bool choose_safety(const bs_game* game, const bs_player_def* def, bs_player_choice* dest) {
	const bs_game_state* state = &game->state;
	char error[256];
	bs_solve_def search = def->search;
	search.game = game;
	search.goal.kind = BS_GOAL_GAME;
	search.goal.has_region = false;
	bs_shot_evaluator* evaluator = bs_shot_evaluator_create(&search, error, sizeof error);
	bs_table* table = bs_table_create(&state->table);
	if (!evaluator || !table) {
		bs_shot_evaluator_destroy(evaluator);
		bs_table_destroy(table);
		return false;
	}
	const bs_rules_ball* cue_ball = &state->balls[bs_game_state_find(state, state->cue_ball)];
	int on[BS_RULES_MAX_BALLS];
	int on_count = bs_rules_balls_on(state, on);
	// The nearest balls on first: their safeties are the likeliest legal.
	for (int i = 1; i < on_count; ++i) {
		for (int j = i; j > 0; --j) {
			double dj = distance(state->balls[bs_game_state_find(state, on[j])].pos, cue_ball->pos);
			double dk = distance(state->balls[bs_game_state_find(state, on[j - 1])].pos, cue_ball->pos);
			if (dj >= dk) {
				break;
			}
			int t = on[j];
			on[j] = on[j - 1];
			on[j - 1] = t;
		}
	}
	safety judged[SAFETY_JUDGED];
	int judged_count = 0;
	int64_t evaluations = 0;
	bs_ball_def balls[BS_RULES_MAX_BALLS];
	for (int b = 0; b < on_count && judged_count < SAFETY_JUDGED; ++b) {
		const bs_rules_ball* ball = &state->balls[bs_game_state_find(state, on[b])];
		for (size_t c = 0; c < sizeof safety_cuts / sizeof *safety_cuts && judged_count < SAFETY_JUDGED; ++c) {
			bs_aim aim;
			if (bs_aim_cut(cue_ball->pos, cue_ball->radius, ball->pos, ball->radius, safety_cuts[c], &aim) != BS_AIM_OK) {
				continue;
			}
			for (size_t v = 0; v < sizeof safety_speeds / sizeof *safety_speeds && judged_count < SAFETY_JUDGED; ++v) {
				safety s;
				s.cue = bs_default_cue_def();
				s.cue.stick = true;
				s.cue.speed = safety_speeds[v];
				s.cue.angle_deg = aim.angle_deg;
				s.call = safety_call(state, table, ball->id);
				bs_game_state after;
				++evaluations;
				if (!legal_shot(evaluator, &s.cue, &s.call, &after)) {
					continue;
				}
				int targets[BS_RULES_MAX_BALLS];
				int target_count = bs_rules_balls_on(&after, targets);
				bs_world_def world = game->world;
				world.ball_count = bs_game_state_ball_defs(&after, balls);
				world.balls = balls;
				s.leave = after.over ? 1.0
									 : 1.0 - solve_direct_chance(&search, &world, after.cue_ball, targets, target_count);
				s.legal = 1.0;
				judged[judged_count++] = s;
			}
		}
	}
	// The best leaves, sampled under noise for how often they stay legal.
	int order[SAFETY_JUDGED];
	for (int i = 0; i < judged_count; ++i) {
		order[i] = i;
		for (int j = i; j > 0 && judged[order[j]].leave > judged[order[j - 1]].leave; --j) {
			int t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	}
	int best = -1;
	double best_value = -1.0;
	for (int k = 0; k < judged_count && k < SAFETY_SAMPLED; ++k) {
		safety* s = &judged[order[k]];
		int legal = 0;
		for (int i = 0; i < SAFETY_SAMPLES; ++i) {
			bs_cue_def drawn = bs_noise_draw(&search.noise, &s->cue, cue_ball->radius, search.seed, i);
			bs_game_state after;
			legal += legal_shot(evaluator, &drawn, &s->call, &after);
			++evaluations;
		}
		s->legal = (double)legal / SAFETY_SAMPLES;
		double value = s->legal * s->leave;
		if (value > best_value) {
			best_value = value;
			best = order[k];
		}
	}
	bs_shot_evaluator_destroy(evaluator);
	bs_table_destroy(table);
	dest->evaluations += evaluations;
	if (best < 0) {
		return false;
	}
	dest->cue = judged[best].cue;
	dest->call = judged[best].call;
	dest->safety = true;
	dest->family = BS_SHOT_DIRECT;
	dest->probability = judged[best].legal;
	bs_wilson_interval((int64_t)llround(judged[best].legal * SAFETY_SAMPLES), SAFETY_SAMPLES, &dest->low, &dest->high);
	dest->value = best_value;
	return true;
}

static void take_shot(bs_player_choice* dest, const bs_solved_shot* shot) {
	dest->cue = shot->cue;
	dest->call = shot->call;
	dest->family = shot->family;
	dest->probability = shot->probability;
	dest->low = shot->low;
	dest->high = shot->high;
	dest->value = shot->value;
}

// The last resort, when no search finds anything legal: a firm full hit on
// the nearest ball on, with the call a safety at it makes (the 8 must name
// a pocket). False when memory runs out.
static bool plain_shot(const bs_game_state* state, bs_player_choice* dest) {
	bs_table* table = bs_table_create(&state->table);
	if (!table) {
		return false;
	}
	const bs_rules_ball* cue_ball = &state->balls[bs_game_state_find(state, state->cue_ball)];
	int on[BS_RULES_MAX_BALLS];
	int on_count = bs_rules_balls_on(state, on);
	double nearest = INFINITY;
	dest->cue = bs_default_cue_def();
	dest->cue.stick = true;
	dest->cue.speed = 3.0;
	dest->call = bs_no_call();
	for (int b = 0; b < on_count; ++b) {
		bs_vec2 at = state->balls[bs_game_state_find(state, on[b])].pos;
		if (distance(at, cue_ball->pos) < nearest) {
			nearest = distance(at, cue_ball->pos);
			bs_vec2 d = bs_v2_sub(at, cue_ball->pos);
			dest->cue.angle_deg = atan2(d.y, d.x) * (180.0 / BS_PI);
			dest->call = safety_call(state, table, on[b]);
		}
	}
	bs_table_destroy(table);
	dest->family = BS_SHOT_DIRECT;
	dest->probability = 0.0; // unsampled: nothing is known of its chance
	dest->low = 0.0;
	dest->high = 1.0;
	return true;
}

static bool check_def(const bs_player_def* def, char* error, size_t error_size) {
	if (!(def->position_weight >= 0.0 && isfinite(def->position_weight))) {
		return say(error, error_size, "position_weight: must be a finite number >= 0");
	}
	if (!(def->safety_below >= 0.0 && def->safety_below <= 1.0)) {
		return say(error, error_size, "safety_below: must be in [0, 1]");
	}
	for (int i = 0; i < 2; ++i) {
		if (!(def->break_speeds[i] > 0.0 && def->break_speeds[i] <= 10.0)) {
			return say(error, error_size, "break_speeds: each must be in (0, 10] m/s");
		}
	}
	return true;
}

bool bs_player_choose(const bs_game* game, const bs_player_def* def, bs_player_choice* dest, char* error,
	size_t error_size) {
	memset(dest, 0, sizeof *dest);
	dest->call = bs_no_call();
	const bs_game_state* state = &game->state;
	if (state->over) {
		return say(error, error_size, "the game is over");
	}
	if (!check_def(def, error, error_size)) {
		return false;
	}
	dest->is_break = state->is_break;
	// Ball in hand: choose the place, and search from a game with the cue
	// ball there. The break is played from where the rack put the cue ball.
	bs_game* placed = NULL;
	const bs_game* from = game;
	int cue = bs_game_state_find(state, state->cue_ball);
	bool must_place = state->in_hand != BS_IN_HAND_NONE &&
		(!state->is_break || !state->balls[cue].on_table);
	if (must_place) {
		bs_vec2 at;
		if (!choose_place(game, def, &at)) {
			return say(error, error_size, "ball in hand: no place on the table is allowed");
		}
		bs_game_state moved = *state;
		char reason[256];
		if (!bs_rules_place_cue_ball(&moved, at, reason, sizeof reason) ||
			!(placed = game_at(game, &moved, error, error_size))) {
			return false;
		}
		dest->place = true;
		dest->place_at = at;
		from = placed;
	}
	bs_solve_def search = def->search;
	search.game = from;
	search.goal.kind = BS_GOAL_GAME;
	search.position_weight = def->position_weight;
	// Checked as given, before a break puts its own speeds and tips in: a
	// bad def is refused on the first shot, not the second.
	if (!bs_solve_def_check(&search, error, error_size)) {
		bs_game_destroy(placed);
		return false;
	}
	bool pool_break = state->is_break && bs_game_kind_is_pool(state->game);
	if (pool_break) {
		search.speeds[0] = def->break_speeds[0];
		search.speeds[1] = def->break_speeds[1];
		search.speed_count = 2;
		search.tip_count = 2;
		search.tips[0] = bs_v2(0.0, 0.0);
		search.tips[1] = bs_v2(0.0, -0.2);
		search.position_weight = 0.0;
	}
	bs_solve_result* result = bs_solve_result_create();
	if (!result) {
		bs_game_destroy(placed);
		return say(error, error_size, "out of memory choosing a shot");
	}
	bool ok = bs_solve(&search, result, error, error_size);
	if (ok) {
		dest->evaluations += bs_solve_result_evaluations(result);
		int count = bs_solve_result_count(result);
		const bs_solved_shot* best = count > 0 ? bs_solve_result_shot(result, 0) : NULL;
		bool carom = state->game == BS_GAME_THREE_CUSHION;
		if (best && (pool_break || carom || best->probability >= def->safety_below)) {
			take_shot(dest, best);
		} else if (!carom && choose_safety(from, def, dest)) {
			// chosen
		} else if (best) {
			take_shot(dest, best);
		} else if (!plain_shot(&from->state, dest)) {
			ok = say(error, error_size, "out of memory choosing a shot");
		}
	}
	bs_solve_result_destroy(result);
	bs_game_destroy(placed);
	dest->executed = dest->cue;
	return ok;
}

bool bs_player_play(bs_game* game, const bs_player_def* def, int64_t shot_index, bs_player_choice* choice,
	bs_ruling* ruling, char* error, size_t error_size) {
	if (!bs_player_choose(game, def, choice, error, error_size)) {
		return false;
	}
	if (def->execute_with_noise) {
		const bs_game_state* state = bs_game_get_state(game);
		double radius = state->balls[bs_game_state_find(state, state->cue_ball)].radius;
		choice->executed = bs_noise_draw(&def->search.noise, &choice->cue, radius, def->seed, shot_index);
		// What the noise draws past the cue's limits is played at the limit:
		// the tip at the miscue limit, the cue below vertical, the speed in range.
		double off = bs_v2_len(choice->executed.tip);
		double limit = 0.999 * BS_CUE_MISCUE_LIMIT;
		if (off > limit) {
			choice->executed.tip = bs_v2_scale(limit / off, choice->executed.tip);
		}
		choice->executed.elevation_deg = fmin(choice->executed.elevation_deg, PLAYER_MAX_ELEVATION);
		choice->executed.speed = fmin(choice->executed.speed, BS_MAX_SPEED);
	}
	// Checked before the cue ball is placed, so that a refused shot leaves
	// the game as it was.
	const char* field = "";
	char reason[256];
	if (!bs_cue_def_check(&choice->executed, BS_PHYSICS_POOL, &field, reason, sizeof reason)) {
		snprintf(error, error_size, "%s: %s", field, reason);
		return false;
	}
	bs_game_state before;
	memcpy(&before, &game->state, sizeof before); // padding too: saved states compare whole
	if (choice->place && !bs_game_place_cue_ball(game, choice->place_at, error, error_size)) {
		return false;
	}
	if (!bs_game_shoot(game, &choice->executed, &choice->call, ruling, error, error_size)) {
		memcpy(&game->state, &before, sizeof before); // the placing too is undone
		return false;
	}
	return true;
}
