// breakshot tests: situations of a game scripted as shots. A situation is a
// layout of balls on a table and a state of play; a shot is aimed at a
// ball, a point or a pocket, simulated to rest and judged by the game.
#ifndef BREAKSHOT_RULES_HELPERS_H
#define BREAKSHOT_RULES_HELPERS_H

#include <breakshot/aim.h>
#include <breakshot/game.h>
#include <breakshot/rules.h>

#include "game_internal.h"

#include "check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// A ball of a layout: its id and kind, and where it stands (m).
typedef struct placed_ball {
	int id;
	double x;
	double y;
	bs_ball_kind kind; ///< 0: BS_BALL_NUMBERED
} placed_ball;

/// A game on `table` under pool physics with the balls of a layout (default
/// radius and mass unless `radius` > 0, with `mass`), then `tweak` applied
/// to its state (NULL: none): the shooter, the break, groups.
static inline bs_game* situation(bs_game_kind kind, bs_table_def table, const placed_ball* layout, int count,
	double radius, double mass, void (*tweak)(bs_game_state*)) {
	bs_ball_def balls[BS_RULES_MAX_BALLS];
	for (int i = 0; i < count; ++i) {
		balls[i] = bs_default_ball_def();
		balls[i].id = layout[i].id;
		balls[i].kind = layout[i].kind;
		balls[i].pos = bs_v2(layout[i].x, layout[i].y);
		if (radius > 0.0) {
			balls[i].radius = radius;
			balls[i].mass = mass;
		}
	}
	char error[256] = "";
	bs_game_state state;
	if (!bs_game_state_start(kind, &table, balls, count, BS_THREE_CUSHION_DEFAULT_POINTS, &state, error, sizeof error)) {
		CHECK_FAIL("the layout is refused: %s", error);
		exit(1); // every check after this one would read a game that is not there

	}
	state.is_break = false;
	state.in_hand = BS_IN_HAND_NONE;
	if (tweak) {
		tweak(&state);
	}
	bs_world_def world = bs_default_pool_world_def();
	world.table = table;
	bs_game* game = bs_game_start(&world, &state, "Ann", "Bob", error, sizeof error);
	if (!game) {
		CHECK_FAIL("the situation is refused: %s", error);
		exit(1);
	}
	return game;
}

/// The 9 ft pool table.
static inline bs_table_def nine_foot(void) {
	bs_table_def table;
	bs_table_preset("9ft", true, &table);
	return table;
}

/// A cue that sends the cue ball at `speed` (m/s) towards `aim` (m), with
/// no spin (a cue ball speed: it starts sliding).
static inline bs_cue_def cue_towards(bs_vec2 aim, double speed) {
	bs_cue_def cue = bs_default_cue_def();
	cue.has_aim = true;
	cue.aim = aim;
	cue.speed = speed;
	return cue;
}

/// Where ball `id` of the game stands.
static inline bs_vec2 ball_at(const bs_game* game, int id) {
	const bs_game_state* state = bs_game_get_state(game);
	return state->balls[bs_game_state_find(state, id)].pos;
}

/// Plays a shot and checks that the game took it.
static inline bs_ruling play(bs_game* game, bs_cue_def cue, bs_shot_call call) {
	bs_ruling ruling;
	memset(&ruling, 0, sizeof ruling);
	char error[256] = "";
	if (!bs_game_shoot(game, &cue, &call, &ruling, error, sizeof error)) {
		CHECK_FAIL("the shot is refused: %s", error);
	}
	return ruling;
}

/// The cue that sends ball `object` into `pocket` from where the cue ball
/// stands (the ghost ball), at `speed`.
static inline bs_cue_def cue_to_pocket(const bs_game* game, int object, int pocket, double speed) {
	bs_ball_def balls[BS_RULES_MAX_BALLS];
	bs_world_def def = bs_game_world_def(game, balls);
	bs_world* world = bs_world_create(&def);
	bs_pocket_aim aim;
	memset(&aim, 0, sizeof aim);
	bs_aim_status status = bs_aim_to_pocket(world, bs_game_get_state(game)->cue_ball, object, pocket, &aim);
	if (status != BS_AIM_OK) {
		CHECK_FAIL("no aim at pocket %d for ball %d: %s", pocket, object, bs_aim_status_message(status));
	}
	bs_world_destroy(world);
	return cue_towards(aim.aim.ghost, speed);
}

/// Checks the parts of a ruling every situation names, printing its text on failure.
#define CHECK_RULING(ruling, foul_, passes_, next_shooter_, in_hand_)                                                  \
	do {                                                                                                               \
		const bs_ruling* r_ = &(ruling);                                                                               \
		int failed_ = check_failures_in_test;                                                                          \
		CHECK_EQ_STR(bs_foul_name(r_->foul), bs_foul_name(foul_));                                                     \
		CHECK_EQ_INT(r_->turn_passes, (passes_));                                                                      \
		CHECK_EQ_INT(r_->after.shooter, (next_shooter_));                                                              \
		CHECK_EQ_INT(r_->after.in_hand, (in_hand_));                                                                   \
		if (check_failures_in_test != failed_) {                                                                       \
			fprintf(stderr, "  ruling: %s\n", r_->text);                                                              \
		}                                                                                                              \
	} while (0)

#endif
