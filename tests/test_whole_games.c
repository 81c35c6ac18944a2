// Whole games of snooker and three-cushion, every shot simulated: a
// scripted player plays each from the rack to a winner, and every ruling
// leaves a position a world accepts, scores that only the rules move, and a
// game that saves and loads to the same state. The pool games' whole games
// are in test_rules_pool.
#include "rules_helpers.h"

#include <breakshot/spots.h>

#include "alloc.h"

// The ball the snooker player plays at: a red while one is on, else the
// colour on, or (any colour on) the colours from the black down.
static bool snooker_candidate(const bs_game_state* state, int index) {
	const bs_rules_ball* ball = &state->balls[index];
	if (!ball->on_table || ball->id == state->cue_ball) {
		return false;
	}
	if (state->on == BS_BALL_NUMBERED) {
		return ball->kind >= BS_BALL_SNOOKER_YELLOW;
	}
	return ball->kind == state->on;
}

// A pot at a ball on with a clear path, trying every ball on and pocket;
// else a soft hit at the first ball on (a safety). Writes the ball aimed at.
static bs_cue_def snooker_shot(const bs_game* game, int* target) {
	const bs_game_state* state = bs_game_get_state(game);
	bs_ball_def balls[BS_RULES_MAX_BALLS];
	bs_world_def def = bs_game_world_def(game, balls);
	bs_world* world = bs_world_create(&def);
	bs_cue_def shot = bs_default_cue_def();
	*target = -1;
	double best = INFINITY;
	for (int i = state->ball_count - 1; i >= 0; --i) {
		if (!snooker_candidate(state, i)) {
			continue;
		}
		*target = *target < 0 ? state->balls[i].id : *target;
		for (int p = 0; p < 6; ++p) {
			bs_pocket_aim aim;
			if (bs_aim_to_pocket(world, state->cue_ball, state->balls[i].id, p, &aim) != BS_AIM_OK ||
				aim.cue_blocker >= 0 || aim.object_blocker >= 0) {
				continue;
			}
			double difficulty = fabs(aim.aim.cut_deg) + 20.0 * (aim.aim.travel + aim.object_travel);
			if (difficulty < best) {
				best = difficulty;
				*target = state->balls[i].id;
				shot = cue_towards(aim.aim.ghost, 1.2 + 0.8 * (aim.aim.travel + aim.object_travel));
			}
		}
	}
	if (best == INFINITY && *target >= 0) {
		shot = cue_towards(ball_at(game, *target), 1.5);
	}
	bs_world_destroy(world);
	return shot;
}

// Ball in hand in the D: the first place on a grid of it that the rules take.
static bool place_in_d(bs_game* game) {
	const bs_game_state* state = bs_game_get_state(game);
	bs_snooker_marks marks;
	CHECK(bs_snooker_marks_of(&state->table, &marks));
	char error[256];
	for (double dx = 0.0; dx < marks.d_radius; dx += 0.03) {
		for (double dy = -marks.d_radius; dy <= marks.d_radius; dy += 0.03) {
			bs_vec2 p = bs_v2(marks.baulk_x - dx, marks.d_centre.y + dy);
			if (bs_game_place_cue_ball(game, p, error, sizeof error)) {
				return true;
			}
		}
	}
	return false;
}

// What every ruling of a whole game must leave: a position a world
// accepts, and a state that saves and loads to the same bits.
static void check_after_shot(const bs_game* game, int shot, const bs_ruling* ruling) {
	bs_ball_def balls[BS_RULES_MAX_BALLS];
	bs_world_def world = bs_game_world_def(game, balls);
	bs_def_report report;
	if (!bs_world_def_check(&world, &report)) {
		CHECK_FAIL("after shot %d the position is refused: %s (%s)", shot, report.message, ruling->text);
	}
	char* text = bs_game_save_text(game);
	char error[512] = "";
	bs_game* again = text ? bs_game_load_text(text, strlen(text), "saved", error, sizeof error) : NULL;
	if (!again) {
		CHECK_FAIL("after shot %d the game does not reload: %s", shot, error);
	} else {
		CHECK(memcmp(bs_game_get_state(game), bs_game_get_state(again), sizeof(bs_game_state)) == 0);
	}
	bs_game_destroy(again);
	bs_free(text);
}

static void snooker_frame_to_a_winner(void) {
	bs_game_def def = bs_default_game_def(BS_GAME_SNOOKER);
	char error[512] = "";
	bs_game* game = bs_game_create(&def, error, sizeof error);
	if (!game) {
		CHECK_FAIL("%s", error);
		return;
	}
	int shots = 0;
	int pots = 0;
	int fouls = 0;
	int visits = 0; // ended by the turn passing or the frame ending
	int limit = check_scaled(600, 600);
	while (!bs_game_get_state(game)->over && shots < limit) {
		const bs_game_state* state = bs_game_get_state(game);
		int cue = bs_game_state_find(state, state->cue_ball);
		if (!state->balls[cue].on_table || (shots == 0 && state->in_hand == BS_IN_HAND_D)) {
			if (!place_in_d(game)) {
				CHECK_FAIL("shot %d: no place in the D", shots);
				break;
			}
		}
		int target;
		bs_cue_def cue_def = snooker_shot(game, &target);
		bs_shot_call call = {state->on == BS_BALL_NUMBERED ? target : -1, -1};
		bs_game_state before = *bs_game_get_state(game);
		bs_ruling ruling;
		if (!bs_game_shoot(game, &cue_def, &call, &ruling, error, sizeof error)) {
			CHECK_FAIL("shot %d refused: %s", shots, error);
			break;
		}
		shots++;
		pots += ruling.points > 0;
		fouls += ruling.foul != BS_FOUL_NONE;
		visits += ruling.turn_passes || ruling.after.over;
		// Points move only the shooter's score, foul points only the opponent's.
		const bs_game_state* after = bs_game_get_state(game);
		CHECK_EQ_INT(after->score[before.shooter], before.score[before.shooter] + ruling.points);
		CHECK_EQ_INT(after->score[1 - before.shooter], before.score[1 - before.shooter] + ruling.foul_points);
		CHECK(ruling.foul == BS_FOUL_NONE ? ruling.foul_points == 0 : ruling.foul_points >= 4 && ruling.points == 0);
		check_after_shot(game, shots, &ruling);
	}
	const bs_game_state* end = bs_game_get_state(game);
	CHECK(end->over);
	printf("     snooker: %s won %d-%d in %d shots, %d scoring, %d fouls\n",
		end->winner >= 0 ? bs_game_player(game, end->winner) : "nobody", end->score[0], end->score[1], shots, pots,
		fouls);
	if (end->over) {
		// Every visit is one inning: none begins for a player after the frame ends.
		CHECK_EQ_INT(end->innings[0] + end->innings[1], visits);
		CHECK(end->winner == 0 || end->winner == 1);
		if (end->winner >= 0) {
			CHECK(end->score[end->winner] > end->score[1 - end->winner]);
		}
		// Every ball but the white is down at the end of a frame.
		for (int i = 0; i < end->ball_count; ++i) {
			CHECK(end->balls[i].id == end->cue_ball || !end->balls[i].on_table);
		}
	}
	bs_game_destroy(game);
}

// The three-cushion player searches its shot: every `step` degrees, the
// first `choices` of three speeds and three sides of english, each
// simulated in the shot's own world (bs_game_shot_def) and judged by the
// rules; the first that scores, else the last tried.
static bs_cue_def carom_shot(const bs_game* game, int step, int choices, int* tried) {
	const bs_game_state* state = bs_game_get_state(game);
	static const double speeds[] = {3.0, 4.5, 6.0};
	static const double sides[] = {0.0, 0.35, -0.35};
	bs_cue_def shot = bs_default_cue_def();
	*tried = 0;
	for (int s = 0; s < choices; ++s) {
		for (int e = 0; e < choices; ++e) {
			for (int degrees = 0; degrees < 360; degrees += step) {
				bs_cue_def cue = bs_default_cue_def();
				cue.stick = true;
				cue.speed = speeds[s];
				cue.angle_deg = degrees;
				cue.tip = bs_v2(sides[e], 0.1);
				bs_ball_def balls[BS_RULES_MAX_BALLS];
				bs_world_def def;
				char error[256];
				if (!bs_game_shot_def(game, &cue, &def, balls, error, sizeof error)) {
					continue;
				}
				bs_world* world = bs_world_create(&def);
				static bs_event events[4096];
				int count = 0;
				while (count < 4096 && bs_world_step(world)) {
					events[count++] = bs_world_last_event(world);
				}
				bs_vec2 rest[BS_RULES_MAX_BALLS];
				for (int i = 0, k = 0; i < state->ball_count; ++i) {
					rest[i] = state->balls[i].pos;
					if (state->balls[i].on_table) {
						rest[i] = bs_world_ball_state(world, k++, bs_world_time(world)).pos;
					}
				}
				bs_world_destroy(world);
				bs_ruling ruling;
				*tried += 1;
				shot = cue;
				if (count < 4096 && bs_rules_judge(state, NULL, events, count, rest, &ruling) && ruling.scored) {
					return cue;
				}
			}
		}
	}
	return shot;
}

static void three_cushion_to_a_winner(void) {
	// (Two players who never miss draw: equal innings, both at the distance.)
	bs_game_def def = bs_default_game_def(BS_GAME_THREE_CUSHION);
	def.target_points = check_scaled(3, 1);
	char error[512] = "";
	bs_game* game = bs_game_create(&def, error, sizeof error);
	if (!game) {
		CHECK_FAIL("%s", error);
		return;
	}
	int shots = 0;
	int points = 0;
	int searched = 0;
	while (!bs_game_get_state(game)->over && shots < 40) {
		// Player 0 searches finely; player 1 tries a few shots, and misses more.
		int tried = 0;
		bool fine = bs_game_get_state(game)->shooter == 0;
		bs_cue_def cue = carom_shot(game, fine ? 2 : 45, fine ? 3 : 1, &tried);
		searched += tried;
		bs_game_state before = *bs_game_get_state(game);
		bs_ruling ruling;
		if (!bs_game_shoot(game, &cue, NULL, &ruling, error, sizeof error)) {
			CHECK_FAIL("shot %d refused: %s", shots, error);
			break;
		}
		shots++;
		points += ruling.scored;
		// A point keeps the turn and the ball; a miss passes both.
		const bs_game_state* after = bs_game_get_state(game);
		// (Reaching the distance first hands the other player his last inning.)
		bool last_inning = ruling.scored && after->score[before.shooter] >= def.target_points;
		if (!after->over && !last_inning) {
			CHECK_EQ_INT(after->shooter, ruling.scored ? before.shooter : 1 - before.shooter);
			CHECK_EQ_INT(after->cue_ball, ruling.scored ? before.cue_ball : before.cue_ball == 0 ? 1 : 0);
		}
		check_after_shot(game, shots, &ruling);
	}
	const bs_game_state* end = bs_game_get_state(game);
	CHECK(end->over);
	CHECK(end->winner == 0 || end->winner == 1);
	printf("     three-cushion to %d: %d-%d after %d shots (%d points), %d shots simulated in the search\n",
		def.target_points, end->score[0], end->score[1], shots, points, searched);
	if (end->over && end->winner >= 0) {
		CHECK(end->score[end->winner] >= def.target_points);
	} else if (end->over) {
		// A draw: both reached the distance in equal innings.
		CHECK(end->score[0] >= def.target_points && end->score[1] >= def.target_points);
		CHECK_EQ_INT(end->innings[0], end->innings[1]);
	}
	bs_game_destroy(game);
}

int main(void) {
	RUN(snooker_frame_to_a_winner);
	RUN(three_cushion_to_a_winner);
	return check_summary();
}
