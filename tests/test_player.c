// breakshot tests: the player (player.h). It must play every game to its
// end without a shot the game refuses; choosing must leave the game
// unchanged; a match must replay bit for bit from its seed and on any
// number of search threads; a cue ball in hand must be placed where the
// rules allow; and with no pot on, it must play a safety the rules call
// legal.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "game_internal.h"
#include <breakshot/game.h>
#include <breakshot/player.h>
#include <breakshot/table.h>

// A player light enough for tests: fewer samples, speeds and tips.
static bs_player_def light_player(void) {
	bs_player_def def = bs_default_player_def();
	def.search.samples = check_scaled(60, 30);
	def.search.screen_samples = 12;
	def.search.top = 2;
	def.search.refine = 4;
	def.search.speed_count = 2;
	def.search.speeds[0] = 2.5;
	def.search.speeds[1] = 5.0;
	def.search.tip_count = 3;
	def.search.aim_reach_deg = 1.5;
	return def;
}

// The fast tier, under the sanitizers with validation on, cannot afford the
// player's search of a break: it breaks with a fixed shot instead.
static void break_in_fast_tier(bs_game* game) {
	if (!check_tier_fast()) {
		return;
	}
	bs_cue_def cue = bs_default_cue_def();
	cue.stick = true;
	cue.speed = 8.0;
	char error[512];
	bs_ruling ruling;
	CHECK(bs_game_shoot(game, &cue, NULL, &ruling, error, sizeof error));
}

// Plays `game` to its end (at most `max_shots`); returns the shots played,
// or -1 after a failure (reported).
static int play_to_end(bs_game* game, const bs_player_def* def, int max_shots, int* safeties, int* placed) {
	char error[512];
	int shot = 0;
	for (; shot < max_shots && !bs_game_get_state(game)->over; ++shot) {
		bs_player_choice choice;
		bs_ruling ruling;
		if (!bs_player_play(game, def, shot, &choice, &ruling, error, sizeof error)) {
			CHECK_FAIL("shot %d: the player's shot was refused: %s", shot + 1, error);
			return -1;
		}
		*safeties += choice.safety;
		*placed += choice.place;
		if (!(choice.low <= choice.probability && choice.probability <= choice.high)) {
			CHECK_FAIL("shot %d: probability %.4f outside its interval [%.4f, %.4f]", shot + 1, choice.probability,
				choice.low, choice.high);
		}
	}
	return shot;
}

static void test_pool_games_are_played_to_the_end(void) {
	static const bs_game_kind kinds[] = {BS_GAME_9_BALL, BS_GAME_8_BALL, BS_GAME_10_BALL};
	int games = check_scaled(2, 1);
	int placed = 0, safeties = 0;
	size_t kind_count = check_tier_fast() ? 1 : sizeof kinds / sizeof *kinds; // the fast tier: 9-ball alone
	for (size_t k = 0; k < kind_count; ++k) {
		for (int g = 0; g < games; ++g) {
			char error[512];
			bs_game* game = bs_game_new(kinds[k], 40 + (uint64_t)g, NULL, NULL, 0, error, sizeof error);
			bs_player_def def = light_player();
			def.seed = 7 + (uint64_t)g;
			break_in_fast_tier(game);
			// The fast tier, under the sanitizers, plays the first shots only.
			int shots = play_to_end(game, &def, check_scaled(300, 4), &safeties, &placed);
			const bs_game_state* end = bs_game_get_state(game);
			if (!check_tier_fast() && shots >= 0 && !(end->over && (end->winner == 0 || end->winner == 1))) {
				CHECK_FAIL("%s game %d: not over after %d shots", bs_game_kind_name(kinds[k]), g, shots);
			}
			bs_game_destroy(game);
		}
	}
	printf("  %d pool games: %d placements of ball in hand, %d safeties\n", (int)kind_count * games, placed, safeties);
}

static void test_three_cushion_game_is_played(void) {
	char error[512];
	int placed = 0, safeties = 0;
	bs_game* carom = bs_game_new(BS_GAME_THREE_CUSHION, 3, NULL, NULL, check_scaled(2, 1), error, sizeof error);
	bs_player_def def = light_player();
	if (check_tier_fast()) {
		def.search.speed_count = 1;
		def.search.speeds[0] = 4.0;
	}
	int shots = play_to_end(carom, &def, check_scaled(60, 3), &safeties, &placed);
	CHECK(shots > 0);
	CHECK(check_tier_fast() || bs_game_get_state(carom)->over);
	bs_game_destroy(carom);
}

// Three-cushion at the distance: the point that reaches it passes the turn
// (the other player equals the innings), and is still the point to play.
// A player that took the turn passing for failure found no shot there and
// never won a game as the first player.
static void test_three_cushion_point_at_the_distance(void) {
	char error[512];
	bs_game* game = bs_game_new(BS_GAME_THREE_CUSHION, 1, NULL, NULL, 1, error, sizeof error);
	bs_player_def def = light_player();
	if (check_tier_fast()) {
		def.search.speed_count = 1;
		def.search.speeds[0] = 6.0;
	}
	bs_player_choice choice;
	CHECK(bs_player_choose(game, &def, &choice, error, sizeof error));
	CHECK_EQ_INT((int)choice.family, (int)BS_SHOT_SWEEP);
	if (!(choice.probability > 0.0)) {
		CHECK_FAIL("no point found at the distance: probability %.3f", choice.probability);
	}
	def.execute_with_noise = false;
	bs_ruling ruling;
	CHECK(bs_player_play(game, &def, 0, &choice, &ruling, error, sizeof error));
	if (ruling.points != 1) {
		CHECK_FAIL("the point at the distance was not made: %s", ruling.text);
	}
	bs_game_destroy(game);
}

// Snooker: six shots from the break-off, every one accepted.
static void test_snooker_shots_are_played(void) {
	char error[512];
	int placed = 0, safeties = 0;
	bs_player_def def = light_player();
	bs_game* snooker = bs_game_new(BS_GAME_SNOOKER, 3, NULL, NULL, 0, error, sizeof error);
	int shots = play_to_end(snooker, &def, 6, &safeties, &placed);
	CHECK(shots > 0);
	bs_game_destroy(snooker);
}

static void test_choosing_leaves_the_game_unchanged(void) {
	char error[512];
	bs_game* game = bs_game_new(BS_GAME_9_BALL, 5, NULL, NULL, 0, error, sizeof error);
	bs_player_def def = light_player();
	bs_player_choice choice;
	bs_ruling ruling;
	if (check_tier_fast()) {
		break_in_fast_tier(game);
	} else {
		CHECK(bs_player_play(game, &def, 0, &choice, &ruling, error, sizeof error));
	}
	char* before = bs_game_save_text(game);
	CHECK(bs_player_choose(game, &def, &choice, error, sizeof error));
	char* after = bs_game_save_text(game);
	CHECK_EQ_STR(after, before);
	free(before);
	free(after);
	bs_game_destroy(game);
}

// Two matches from the same seed, one searching on one thread and the other
// on three, end in the same saved bytes (8-ball; 9-ball in the fast tier).
static void test_matches_replay_bit_for_bit(void) {
	char* saved[2];
	for (int run = 0; run < 2; ++run) {
		char error[512];
		bs_game* game = bs_game_new(check_tier_fast() ? BS_GAME_9_BALL : BS_GAME_8_BALL, 9, NULL, NULL, 0, error,
			sizeof error);
		bs_player_def def = light_player();
		def.seed = 21;
		def.search.threads = run == 0 ? 1 : 3;
		break_in_fast_tier(game);
		int safeties = 0, placed = 0;
		play_to_end(game, &def, check_scaled(20, 4), &safeties, &placed);
		saved[run] = bs_game_save_text(game);
		bs_game_destroy(game);
	}
	CHECK_EQ_STR(saved[1], saved[0]);
	free(saved[0]);
	free(saved[1]);
}

// A state made by hand from a 9-ball game: the cue ball and the balls on at
// given places, ball in hand when asked.
static bs_game* position(const bs_vec2* places, const int* ids, int count, bs_ball_in_hand in_hand) {
	char error[512];
	bs_game* start = bs_game_new(BS_GAME_9_BALL, 1, NULL, NULL, 0, error, sizeof error);
	bs_game_state state = *bs_game_get_state(start);
	for (int i = 0; i < state.ball_count; ++i) {
		state.balls[i].on_table = false;
		for (int k = 0; k < count; ++k) {
			if (state.balls[i].id == ids[k]) {
				state.balls[i].on_table = true;
				state.balls[i].pos = places[k];
			}
		}
	}
	state.is_break = false;
	state.in_hand = in_hand;
	state.shot_count = 5;
	bs_game* game = bs_game_start(&start->world, &state, "", "", error, sizeof error);
	if (!game) {
		CHECK_FAIL("the position is refused: %s", error);
	}
	bs_game_destroy(start);
	return game;
}

static void test_ball_in_hand_is_placed_where_allowed(void) {
	bs_vec2 places[] = {{0.3, 0.3}, {1.9, 0.9}, {2.2, 0.3}};
	int ids[] = {0, 1, 9};
	bs_game* game = position(places, ids, 3, BS_IN_HAND_ANYWHERE);
	if (!game) {
		return;
	}
	bs_player_def def = light_player();
	bs_player_choice choice;
	char error[512];
	CHECK(bs_player_choose(game, &def, &choice, error, sizeof error));
	CHECK(choice.place);
	char reason[256];
	if (!bs_rules_check_placement(bs_game_get_state(game), choice.place_at, reason, sizeof reason)) {
		CHECK_FAIL("the place chosen is refused: %s", reason);
	}
	// From a place it chose itself, a lone pot should be likely.
	CHECK(!choice.safety);
	if (choice.probability < 0.5) {
		CHECK_FAIL("ball in hand gave only probability %.3f", choice.probability);
	}
	bs_ruling ruling;
	CHECK(bs_player_play(game, &def, 0, &choice, &ruling, error, sizeof error));
	bs_game_destroy(game);
}

// The 1 hidden behind the 9 from the cue ball and frozen to the cushion
// far from every pocket: nothing is likely, so the player plays safe, and
// its safety, played without noise, is legal.
static void test_safety_when_nothing_is_likely(void) {
	bs_table_def table;
	bs_table_preset("9ft", true, &table);
	double r = 0.028575;
	bs_vec2 places[] = {{0.4, 0.6}, {1.5, table.height - r - 1e-6}, {1.5, table.height - 3.2 * r}};
	int ids[] = {0, 1, 9};
	bs_game* game = position(places, ids, 3, BS_IN_HAND_NONE);
	if (!game) {
		return;
	}
	bs_player_def def = light_player();
	def.execute_with_noise = false;
	def.safety_below = 0.9;
	bs_player_choice choice;
	bs_ruling ruling;
	char error[512];
	CHECK(bs_player_play(game, &def, 0, &choice, &ruling, error, sizeof error));
	CHECK(choice.safety);
	if (ruling.foul != BS_FOUL_NONE) {
		CHECK_FAIL("the safety was a foul: %s", ruling.text);
	}
	bs_game_destroy(game);
}

// After a scratch the cue ball is off the table: the places tried must
// still be judged with it there, so the place chosen is the one a player
// would choose with the cue ball lying anywhere (the same state, the cue
// ball on the table and in hand).
static void test_ball_in_hand_after_a_scratch(void) {
	bs_vec2 places[] = {{0.3, 0.3}, {1.9, 0.9}, {2.2, 0.3}};
	int ids[] = {0, 1, 9};
	bs_game* lying = position(places, ids, 3, BS_IN_HAND_ANYWHERE);
	bs_game* scratched = position(places, ids, 3, BS_IN_HAND_ANYWHERE);
	if (!lying || !scratched) {
		bs_game_destroy(lying);
		bs_game_destroy(scratched);
		return;
	}
	bs_game_state* state = &scratched->state;
	state->balls[bs_game_state_find(state, 0)].on_table = false;
	// The place a player tries last is the cue ball's own: without it, both
	// try the same places in the same order.
	bs_game_state* other = &lying->state;
	bs_vec2 far = {0.05 * other->table.width, 0.9 * other->table.height};
	other->balls[bs_game_state_find(other, 0)].pos = far;
	bs_player_def def = light_player();
	bs_player_choice a, b;
	char error[512];
	CHECK(bs_player_choose(lying, &def, &a, error, sizeof error));
	CHECK(bs_player_choose(scratched, &def, &b, error, sizeof error));
	CHECK(a.place && b.place);
	if (a.place && b.place && (a.place_at.x != b.place_at.x || a.place_at.y != b.place_at.y)) {
		CHECK_FAIL("after a scratch the cue ball goes to (%.4f, %.4f), with it on the table to (%.4f, %.4f)",
			b.place_at.x, b.place_at.y, a.place_at.x, a.place_at.y);
	}
	if (b.probability < 0.5) {
		CHECK_FAIL("ball in hand after a scratch gave only probability %.3f", b.probability);
	}
	bs_game_destroy(lying);
	bs_game_destroy(scratched);
}

static void test_bad_defs_are_refused(void) {
	char error[512];
	bs_game* game = bs_game_new(BS_GAME_9_BALL, 5, NULL, NULL, 0, error, sizeof error);
	bs_player_def def = bs_default_player_def();
	bs_player_choice choice;
	def.search.samples = 0;
	CHECK(!bs_player_choose(game, &def, &choice, error, sizeof error));
	CHECK_CONTAINS(error, "samples");
	def = bs_default_player_def();
	def.safety_below = 2.0;
	CHECK(!bs_player_choose(game, &def, &choice, error, sizeof error));
	CHECK_STARTS_WITH(error, "safety_below:");
	bs_game_destroy(game);
}

int main(void) {
	RUN(test_bad_defs_are_refused);
	RUN(test_choosing_leaves_the_game_unchanged);
	RUN(test_ball_in_hand_is_placed_where_allowed);
	RUN(test_ball_in_hand_after_a_scratch);
	RUN(test_safety_when_nothing_is_likely);
	RUN(test_matches_replay_bit_for_bit);
	RUN(test_pool_games_are_played_to_the_end);
	RUN(test_three_cushion_game_is_played);
	RUN(test_three_cushion_point_at_the_distance);
	RUN_FULL(test_snooker_shots_are_played);
	return check_summary();
}
